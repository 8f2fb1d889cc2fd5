"""Readings of Oracle lines kept on disk between runs.

Building a family's Earley parser costs about a quarter of a second, more than reading and
checking a whole board, and a one-shot command pays it again on every run. What the grammars
make of a line depends only on the line, the card's name and the source code of
:mod:`mtgsolver.read` and :mod:`mtgsolver.model`, so each line read once is kept, with its reading or the fact that no
family reads it, in an SQLite table under the user's cache directory (the card index's,
:func:`mtgsolver.read.card_index.cache_dir`) in a file named by a SHA-256 of that source code:
any change to a reader starts a new file. A reading that doesn't come back equal from JSON is
not kept; a cache that can't be opened or written is skipped, and ``MTGSOLVER_NO_CACHE=1``
turns it off. Within one process, readings are also kept in memory (the same source, so the
same answer), so a card met again on another board is not read again, with or without the
table.

The LALR families' parse tables are kept in the same directory (:func:`parse_tables`): building
the ``actions`` tables costs about two seconds, loading them a tenth of that. They are no
reading: lark stores them with a SHA-256 of the grammar and its options and builds them again
when either changed, with or without ``MTGSOLVER_NO_CACHE``.
"""
from __future__ import annotations

import copy
import hashlib
import json
import os
import sqlite3
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

__all__ = ["ENV_NO_CACHE", "parse_tables", "remembered"]

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


def parse_tables(grammar: str) -> str | bool:
    """The file lark keeps the LALR tables of ``grammar`` (a family's name) in between runs, for
    ``Lark(cache=...)``; ``False`` (build them each time) where the cache directory can't be made."""
    from mtgsolver.read.card_index import cache_dir

    try:
        root = cache_dir()
        root.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(root / f"lark-{grammar}.tables")


def remembered(line: str, name: str, read: Callable[[str, str], Any], family: str = "") -> Any:
    """``read(line, name)``, from the cache when this line of this card was read before
    (``read`` is the grammar families' reader, or ``family``'s: ``spell`` reads an instant's
    whole text; each answer is a fresh object)."""
    key = f"{family}:{name}\n{line}" if family else f"{name}\n{line}"
    text, found = _in_memory(key, line, name, read, _source_digest())
    return json.loads(text) if text is not None else copy.deepcopy(found)


@lru_cache(maxsize=16384)
def _in_memory(key: str, line: str, name: str, read: Callable[[str, str], Any], digest: str) -> tuple[str | None, Any]:
    """The reading kept for this process (``digest``: the readers' source), as JSON text where
    a JSON round trip keeps it, else as it is."""
    found = _on_disk(key, line, name, read)
    return _json_text(found), found


def _json_text(found: Any) -> str | None:
    """``found`` as JSON text, or ``None`` where JSON can't hold it (sets) or would change it
    (tuples come back as lists)."""
    try:
        text = json.dumps(found)
    except (TypeError, ValueError):
        return None
    return text if json.loads(text) == found else None


def _on_disk(key: str, line: str, name: str, read: Callable[[str, str], Any]) -> Any:
    """``read(line, name)``, from the table when it holds the key, else read and kept there."""
    conn = _table()
    if conn is not None:
        try:
            with _LOCK:
                row = conn.execute("SELECT entries FROM reading WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is not None:
            return json.loads(row[0])
    found = read(line, name)
    text = _json_text(found) if conn is not None else None
    if text is not None:
        try:
            with _LOCK:
                conn.execute("INSERT OR REPLACE INTO reading VALUES (?, ?)", (key, text))
        except sqlite3.Error:
            pass
    return found
