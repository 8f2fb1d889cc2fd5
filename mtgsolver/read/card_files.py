"""Card files users keep (MTGJSON AtomicCards, Scryfall "Oracle cards" bulk data) and the bundled cards.

A file may be plain JSON or gzip, xz or bzip2 compressed (recognised by its first bytes, not
its name). :func:`read_card_file` yields one compact *record* per face, a plain dict that
:func:`card_from_record` turns into a :class:`~mtgsolver.model.cards.Card`; the index
(:mod:`mtgsolver.read.card_index`) stores these records so a card is compiled only when
looked up. Anything that is not such a file raises :class:`CardFileError` with a plain message.
"""
from __future__ import annotations

import bz2
import gzip
import json
import lzma
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

import yaml

from mtgsolver.model.cards import Card, CardLibrary
from mtgsolver.model.errors import CardFileError, ManaCostError, VocabularyError
from mtgsolver.model.mana import Color, ManaCost

__all__ = ["CardFileError", "Record", "bundled_library", "card_from_record", "library_from_card_file",
           "library_from_yaml", "read_card_file"]

Record = dict[str, Any]
"""``{"name", "types", "supertypes", "subtypes", "colors", "cost", "power", "toughness",
"loyalty", "defense", "keywords", "text", "identity"}``; ``"keys"`` lists the names it is found by."""

_MAGIC = ((b"\x1f\x8b", gzip.open, "gzip"), (b"\xfd7zXZ\x00", lzma.open, "xz"), (b"BZh", bz2.open, "bzip2"))
_SUPERTYPES = {"basic", "legendary", "ongoing", "snow", "world", "elite", "host"}


def _load_json(path: Path) -> Any:
    """The file's JSON document, decompressing gzip, xz or bzip2 by the first bytes."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(6)
    except FileNotFoundError:
        raise CardFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CardFileError(f"{path}: is a directory, not a card file") from None
    except OSError as exc:
        raise CardFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not head:
        raise CardFileError(f"{path}: empty file; expected MTGJSON AtomicCards or Scryfall Oracle cards JSON")
    opener, kind = open, "plain"
    for magic, fn, name in _MAGIC:
        if head.startswith(magic):
            opener, kind = fn, name  # type: ignore[assignment]
    try:
        with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
            return json.load(fh)
    except json.JSONDecodeError as exc:
        hint = " (truncated?)" if exc.msg.startswith(("Expecting", "Unterminated")) else ""
        raise CardFileError(f"{path}: not valid JSON{hint}: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except UnicodeDecodeError:
        raise CardFileError(f"{path}: not UTF-8 text JSON (a binary file?)") from None
    except (EOFError, OSError, lzma.LZMAError) as exc:
        raise CardFileError(f"{path}: {kind} data is truncated or corrupt ({exc})") from None
    except RecursionError:
        raise CardFileError(f"{path}: JSON nested too deeply") from None


def read_card_file(path: str | Path) -> Iterator[Record]:
    """Records of every face in an MTGJSON AtomicCards or Scryfall Oracle cards file.

    Raises
    ------
    CardFileError
        For a missing, empty, corrupt, truncated or non-JSON file, or JSON in another layout.
    """
    path = Path(path)
    doc = _load_json(path)
    if isinstance(doc, dict) and isinstance(doc.get("data"), dict):
        data = doc["data"]
        sample = next(iter(data.values()), None)
        if not (isinstance(sample, list) and (not sample or isinstance(sample[0], dict) and "name" in sample[0])):
            raise CardFileError(f"{path}: an MTGJSON file, but not AtomicCards (data must map card names to lists "
                                "of faces; AllPrintings and set files are not read)")
        if not data:
            raise CardFileError(f"{path}: holds no cards")
        return _mtgjson_records(path, data)
    if isinstance(doc, list):
        if not doc:
            raise CardFileError(f"{path}: holds no cards (an empty list)")
        if not all(isinstance(c, dict) and "name" in c and ("type_line" in c or "card_faces" in c) for c in doc):
            raise CardFileError(f"{path}: a JSON list, but not of Scryfall card objects (each needs name and type_line)")
        return _scryfall_records(doc)
    raise CardFileError(f"{path}: not a card file; expected MTGJSON AtomicCards ({{\"data\": {{name: [faces]}}}}) "
                        "or Scryfall bulk Oracle cards (a list of card objects)")


# --------------------------------------------------------------------------- MTGJSON
def _mtgjson_records(path: Path, data: dict[str, Any]) -> Iterator[Record]:
    """Each face under its face name; the first face also under the card's full name."""
    for name, faces in data.items():
        if not isinstance(faces, list):
            raise CardFileError(f"{path}: data[{name!r}]: expected a list of faces")
        for i, face in enumerate(faces):
            if not isinstance(face, dict) or not isinstance(face.get("name"), str):
                raise CardFileError(f"{path}: data[{name!r}][{i}]: expected a face object with a name")
            own = face.get("faceName") or face["name"]
            rec = _record(
                own, face.get("types"), face.get("supertypes"), face.get("subtypes"), face.get("colors"),
                face.get("manaCost"), face.get("power"), face.get("toughness"), face.get("loyalty"),
                face.get("defense"), face.get("keywords"), face.get("text"), face.get("colorIdentity"))
            rec["keys"] = [own, name] if i == 0 and own != name else [own]
            if i == 0 and face.get("layout") == "modal_dfc" and len(faces) > 1 and isinstance(faces[1], dict):
                back = faces[1]  # 712.3: its back face, played or cast from the card (712.11b, 712.12)
                rec["back"] = _record(
                    back.get("faceName") or back.get("name") or "", back.get("types"), back.get("supertypes"),
                    back.get("subtypes"), back.get("colors"), back.get("manaCost"), back.get("power"),
                    back.get("toughness"), back.get("loyalty"), back.get("defense"), back.get("keywords"),
                    back.get("text"), back.get("colorIdentity"))
            yield rec


# --------------------------------------------------------------------------- Scryfall
def _type_line(line: str) -> tuple[list[str], list[str], list[str]]:
    """``"Legendary Creature — Elf Druid"`` as (supertypes, types, subtypes) (205.1)."""
    left, _, right = line.partition("—")
    words = left.split()
    supertypes = [w for w in words if w.lower() in _SUPERTYPES]
    types = [w for w in words if w.lower() not in _SUPERTYPES]
    return supertypes, types, right.split()


def _scryfall_records(cards: list[dict[str, Any]]) -> Iterator[Record]:
    """Each face of a card object; a multi-face card also under its full name (first face).

    Scryfall lists keywords per card, not per face: a face keeps the keywords its own text names.
    """
    for card in cards:
        if card.get("layout") in ("art_series", "vanguard", "scheme", "planar"):
            continue  # not game pieces that can be permanents in a duel
        faces = card.get("card_faces") or [card]
        identity = card.get("color_identity")
        for i, face in enumerate(faces):
            super_, types, subs = _type_line(face.get("type_line") or card.get("type_line") or "")
            text = face.get("oracle_text") or ""
            keywords = card.get("keywords") or []
            if len(faces) > 1:
                keywords = [k for k in keywords if k.lower() in text.lower()]
            colors = face.get("colors", card.get("colors"))
            rec = _record(face.get("name") or card["name"], types, super_, subs, colors,
                          face.get("mana_cost") or None, face.get("power"), face.get("toughness"),
                          face.get("loyalty"), face.get("defense"), keywords, text, identity)
            rec["keys"] = [rec["name"], card["name"]] if i == 0 and rec["name"] != card["name"] else [rec["name"]]
            if card.get("layout") in ("token", "double_faced_token", "emblem"):
                rec["token"] = True
            if i == 0 and card.get("layout") == "modal_dfc" and len(faces) > 1:
                back = faces[1]  # 712.3: its back face, played or cast from the card (712.11b, 712.12)
                bsuper, btypes, bsubs = _type_line(back.get("type_line") or "")
                rec["back"] = _record(back.get("name") or "", btypes, bsuper, bsubs, back.get("colors"),
                                      back.get("mana_cost") or None, back.get("power"), back.get("toughness"),
                                      back.get("loyalty"), back.get("defense"), [], back.get("oracle_text") or "",
                                      identity)
            yield rec


# --------------------------------------------------------------------------- records
def _record(name: str, types: Any, supertypes: Any, subtypes: Any, colors: Any, cost: Any, power: Any,
            toughness: Any, loyalty: Any, defense: Any, keywords: Any, text: Any, identity: Any) -> Record:
    return {
        "name": name,
        "types": [t.lower() for t in types or []],
        "supertypes": [t.lower() for t in supertypes or []],
        "subtypes": [t.lower() for t in subtypes or []],
        "colors": list(colors or []),
        "cost": cost or None,
        "power": power, "toughness": toughness, "loyalty": loyalty, "defense": defense,
        "keywords": list(keywords or []),
        "text": text or "",
        "identity": list(identity) if identity is not None else None,
    }


def _int_or_none(value: Any) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None  # "*", "1+*": characteristic-defining, not modelled


def card_from_record(rec: Record) -> Card:
    """Compile one record into a :class:`Card` (on look-up, not when the file is read)."""
    cost = ManaCost.parse(rec["cost"]) if rec.get("cost") else None
    colors = tuple(Color(c) for c in rec.get("colors") or [])
    identity = rec.get("identity")
    return Card(
        name=rec["name"],
        types=tuple(rec["types"]), supertypes=tuple(rec["supertypes"]), subtypes=tuple(rec["subtypes"]),
        colors=colors, mana_cost=cost,
        power=_int_or_none(rec.get("power")), toughness=_int_or_none(rec.get("toughness")),
        loyalty=_int_or_none(rec.get("loyalty")), defense=_int_or_none(rec.get("defense")),
        keywords=tuple(rec.get("keywords") or ()), text=rec.get("text") or "",
        color_identity=frozenset(Color(c) for c in identity) if identity is not None else None,
        back=card_from_record(rec["back"]) if rec.get("back") else None,
    )


# --------------------------------------------------------------------------- libraries
def library_from_card_file(path: str | Path) -> CardLibrary:
    """Read a whole card file into memory (MTGJSON AtomicCards or Scryfall Oracle cards).

    Each face is found by its face name, the first face also by the card's full name.
    Raises :class:`CardFileError` when the file is not such a file. For repeated use,
    :func:`mtgsolver.read.card_index.open_card_file` serves the same cards from a cached index.
    """
    from mtgsolver.read.card_files import card_from_record, read_card_file

    lib = CardLibrary((), str(path))
    for rec in read_card_file(path):
        card = card_from_record(rec)
        for key in rec["keys"]:
            lib.add(card, key)
    return lib


# -- loaders ---------------------------------------------------------------------
def library_from_yaml(text: str, origin: str) -> CardLibrary:
    """The cards of a YAML list of card entries (the bundled library's format).

    :raises CardFileError: an entry that is not a card (``origin`` and the entry's name).
    """
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or []  # libyaml: fast start
    return CardLibrary((_card_from_yaml(entry, origin) for entry in data), origin)


def _card_from_yaml(entry: dict[str, Any], origin: str) -> Card:
    try:
        colors = entry.get("colors")
        identity = entry.get("color_identity")
        return Card(
            name=entry["name"],
            types=tuple(entry.get("types", [])),
            supertypes=tuple(entry.get("supertypes", [])),
            subtypes=tuple(entry.get("subtypes", [])),
            colors=tuple(Color.parse(c) for c in colors) if colors is not None else None,
            mana_cost=ManaCost.parse(entry["mana_cost"]) if entry.get("mana_cost") else None,
            power=entry.get("power"),
            toughness=entry.get("toughness"),
            loyalty=entry.get("loyalty"),
            defense=entry.get("defense"),
            keywords=tuple(entry.get("keywords", [])),
            text=entry.get("text", ""),
            color_identity=frozenset(Color.parse(c) for c in identity) if identity is not None else None,
        )
    except (KeyError, ManaCostError, VocabularyError) as exc:
        raise CardFileError(f"{origin}: bad card entry {entry.get('name', entry)!r}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_library() -> CardLibrary:
    """The cards shipped with the package (``mtgsolver/model/data/cards.yaml``)."""
    text = resources.files("mtgsolver.model").joinpath("data/cards.yaml").read_text(encoding="utf-8")
    return library_from_yaml(text, "bundled cards")
