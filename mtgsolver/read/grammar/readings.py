"""Readings of Oracle lines kept on disk between runs.

Building a family's Earley parser costs about a quarter of a second, more than reading and
checking a whole board, and a one-shot command pays it again on every run. What the grammars
make of a line depends only on the line, the card's name and the source code of
:mod:`mtgsolver.read` and :mod:`mtgsolver.model`, so each line read once is kept, with its reading or the fact that no
family reads it, in an SQLite table under the user's cache directory (the card index's,
:func:`mtgsolver.read.card_index.cache_dir`) in a file named by a SHA-256 of that source code:
any change to a reader starts a new file. A reading that doesn't come back equal from JSON is
not kept; a cache that can't be opened or written is skipped, and ``MTGSOLVER_NO_CACHE=1``
turns it off.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

__all__ = ["ENV_NO_CACHE", "remembered"]

ENV_NO_CACHE = "MTGSOLVER_NO_CACHE"
_SOURCES = tuple(Path(__file__).resolve().parents[2] / part for part in ("read", "model"))
_LOCK = threading.Lock()  # one connection, shared by the service's threads


@lru_cache(maxsize=1)
def _source_digest() -> str:
    """A SHA-256 of every source file of the readers and the model (code, grammars, word lists)."""
    h = hashlib.sha256()
    for root in _SOURCES:
        for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".lark", ".txt")):
            h.update(str(path.relative_to(root.parent)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:24]


@lru_cache(maxsize=1)
def _table() -> sqlite3.Connection | None:
    if os.environ.get(ENV_NO_CACHE, "") not in ("", "0"):
        return None
    from mtgsolver.read.card_index import cache_dir

    try:
        root = cache_dir()
        root.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(root / f"readings-{_source_digest()}.sqlite", timeout=1.0,
                               isolation_level=None, check_same_thread=False)
        conn.execute("CREATE TABLE IF NOT EXISTS reading (key TEXT PRIMARY KEY, entries TEXT NOT NULL)")
    except (OSError, sqlite3.Error):
        return None
    return conn


def remembered(line: str, name: str, read: Callable[[str, str], Any], family: str = "") -> Any:
    """``read(line, name)``, from the cache when this line of this card was read before
    (``read`` is the grammar families' reader, or ``family``'s: ``spell`` reads an instant's
    whole text; each answer is a fresh object)."""
    conn = _table()
    key = f"{family}:{name}\n{line}" if family else f"{name}\n{line}"
    if conn is not None:
        try:
            with _LOCK:
                row = conn.execute("SELECT entries FROM reading WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is not None:
            return json.loads(row[0])
    found = read(line, name)
    if conn is not None:
        try:
            text = json.dumps(found)
        except (TypeError, ValueError):  # sets and other objects JSON can't hold are not kept
            return found
        if json.loads(text) == found:  # nor tuples, which would come back as lists
            try:
                with _LOCK:
                    conn.execute("INSERT OR REPLACE INTO reading VALUES (?, ?)", (key, text))
            except sqlite3.Error:
                pass
    return found
