"""A card file served from a compact index built once and cached on disk.

Reading MTGJSON's 23k cards takes seconds; a board names a handful. The first use of a card
file writes an SQLite index (name key -> compact record) under the user's cache directory
(``$XDG_CACHE_HOME/mtgsolver``, else ``~/.cache/mtgsolver``), named by a SHA-256 of the file's
content. Later uses find it by a cheap check (the file's path, size and modification time, kept
in a small stamp file) and compile a :class:`~mtgsolver.model.cards.Card` only when it is looked
up. A cache directory that can't be written falls back to an index in memory.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Iterator

from mtgsolver.model.cards import Card, CardLibrary, name_key
from mtgsolver.read.card_files import bundled_library, card_from_record, read_card_file

__all__ = ["IndexedLibrary", "cache_dir", "index_for", "load_cards", "open_card_file"]

FORMAT = 2  # bump when records or the schema change: old indexes are then ignored
ENV_CARDS = "MTGSOLVER_CARDS"


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/mtgsolver``, else ``~/.cache/mtgsolver``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtgsolver"


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _stamp_path(root: Path, path: Path) -> Path:
    return root / f"stamp-{hashlib.sha1(str(path).encode()).hexdigest()[:20]}.json"


def _content_digest(root: Path, path: Path) -> str:
    """The file's SHA-256, reused while its size and modification time are unchanged."""
    st = path.stat()
    stamp = _stamp_path(root, path)
    try:
        seen = json.loads(stamp.read_text())
        if seen["size"] == st.st_size and seen["mtime_ns"] == st.st_mtime_ns:
            return str(seen["digest"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    digest = _digest(path)
    _write_atomic(stamp, lambda tmp: Path(tmp).write_text(
        json.dumps({"size": st.st_size, "mtime_ns": st.st_mtime_ns, "digest": digest})))
    return digest


def _write_atomic(target: Path, write) -> None:  # type: ignore[no-untyped-def]
    """Write through a temporary file and rename, so readers never see a partial file."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _fill(conn: sqlite3.Connection, path: Path) -> None:
    """Read the card file into an empty database: ``cards(id, data)``, ``names(key, card)``.

    A key names one card: a card's own (full or face) name wins over another card's face name.
    """
    conn.executescript("CREATE TABLE cards (id INTEGER PRIMARY KEY, data TEXT NOT NULL);"
                       "CREATE TABLE names (key TEXT PRIMARY KEY, card INTEGER NOT NULL, rank INTEGER NOT NULL);")
    rows: list[tuple[int, str]] = []
    names: dict[str, tuple[int, int]] = {}  # key -> (rank, card id); lower rank wins
    for i, rec in enumerate(read_card_file(path)):
        keys = rec.pop("keys")
        token = rec.pop("token", False)
        rows.append((i, json.dumps(rec, separators=(",", ":"), ensure_ascii=False)))
        for j, key in enumerate(keys):
            rank = 2 * int(token) + (0 if j == 0 else 1)
            k = name_key(key)
            if k not in names or rank < names[k][0]:
                names[k] = (rank, i)
    conn.executemany("INSERT INTO cards VALUES (?, ?)", rows)
    conn.executemany("INSERT INTO names VALUES (?, ?, ?)", [(k, i, r) for k, (r, i) in names.items()])
    conn.commit()


def index_for(path: str | Path, root: Path | None = None) -> Path:
    """The index file of a card file, built now if absent (raises ``CardFileError``, ``OSError``)."""
    path = Path(path).expanduser().resolve()
    root = root or cache_dir()
    if not path.is_file():
        from mtgsolver.model.cards import CardFileError

        raise CardFileError(f"{path}: no such file" if not path.exists() else f"{path}: not a regular file")
    target = root / f"cards-{_content_digest(root, path)[:32]}-v{FORMAT}.sqlite"
    if not target.exists():
        def build(tmp: str) -> None:
            with sqlite3.connect(tmp) as conn:
                _fill(conn, path)
            conn.close()

        _write_atomic(target, build)
    return target


class IndexedLibrary(CardLibrary):
    """Cards served from an SQLite index; each is compiled on its first look-up."""

    def __init__(self, conn: sqlite3.Connection, origin: str) -> None:
        self._conn = conn
        self._compiled: dict[int, Card] = {}
        self.origin = origin

    def _card(self, row_id: int, data: str) -> Card:
        if row_id not in self._compiled:
            self._compiled[row_id] = card_from_record(json.loads(data))
        return self._compiled[row_id]

    def find(self, name: str) -> Card | None:
        row = self._conn.execute("SELECT cards.id, cards.data FROM names JOIN cards ON cards.id = names.card "
                                 "WHERE names.key = ?", (name_key(name),)).fetchone()
        return self._card(*row) if row else None

    def keys(self) -> set[str]:
        return {k for (k,) in self._conn.execute("SELECT key FROM names")}

    def cards(self) -> Iterator[Card]:
        for row_id, data in self._conn.execute("SELECT id, data FROM cards ORDER BY id"):
            yield self._card(row_id, data)

    def __len__(self) -> int:
        return int(self._conn.execute("SELECT count(*) FROM names").fetchone()[0])


def open_card_file(path: str | Path, root: Path | None = None) -> IndexedLibrary:
    """A card file's cards, from the cached index (built on first use).

    Raises
    ------
    CardFileError
        The file is missing or not a card file (:mod:`mtgsolver.read.card_files`).
    """
    try:
        index = index_for(path, root)
        conn = sqlite3.connect(f"file:{index}?mode=ro", uri=True, check_same_thread=False)
    except (OSError, sqlite3.OperationalError):
        conn = sqlite3.connect(":memory:", check_same_thread=False)  # cache not writable
        _fill(conn, Path(path))
    return IndexedLibrary(conn, str(path))


def load_cards(path: str | Path | None = None) -> CardLibrary:
    """The bundled cards plus those of a card file (``path``, else ``$MTGSOLVER_CARDS`` if set).

    The file's cards win on a name both know.
    """
    path = path or os.environ.get(ENV_CARDS) or None
    base = bundled_library()
    return base if path is None else base.merged(open_card_file(path))
