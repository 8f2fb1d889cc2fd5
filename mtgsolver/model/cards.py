"""Cards and card libraries: the bundled one, a YAML file, or an MTGJSON AtomicCards file.

A :class:`Card` holds printed characteristics and Oracle text; a permanent made from it
reads its abilities from that text (:mod:`mtgsolver.model.oracle`). Unknown names raise
:class:`UnknownCardError` with the closest known names.
"""
from __future__ import annotations

import difflib
import gzip
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

import yaml

from .mana import Color, ManaCost, ManaCostError

__all__ = ["Card", "CardLibrary", "UnknownCardError", "bundled_library"]


class UnknownCardError(KeyError):
    """A card name the library does not know; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


@dataclass(frozen=True)
class Card:
    """Printed characteristics of a card (or a token's definition)."""

    name: str
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[Color, ...] | None = None  # None: from the mana cost (202.2)
    mana_cost: ManaCost | None = None
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    keywords: tuple[str, ...] = ()
    text: str = ""

    @property
    def derived_colors(self) -> frozenset[Color]:
        if self.colors is not None:
            return frozenset(self.colors)
        return self.mana_cost.colors if self.mana_cost else frozenset()


def _int_or_none(value: Any) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None  # "*", "1+*": characteristic-defining, not modelled


class CardLibrary:
    """Cards by name (case-insensitive)."""

    def __init__(self, cards: Iterable[Card], origin: str = "") -> None:
        self._cards = {c.name.lower(): c for c in cards}
        self.origin = origin

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._cards

    def names(self) -> list[str]:
        return sorted(c.name for c in self._cards.values())

    def get(self, name: str) -> Card:
        try:
            return self._cards[name.lower()]
        except KeyError:
            close = difflib.get_close_matches(name.lower(), list(self._cards), n=3, cutoff=0.6)
            raise UnknownCardError(name, [self._cards[c].name for c in close]) from None

    def merged(self, other: "CardLibrary") -> "CardLibrary":
        """This library with ``other``'s cards added (``other`` wins on a clash)."""
        return CardLibrary([*self._cards.values(), *other._cards.values()], f"{self.origin}+{other.origin}")

    # -- loaders ---------------------------------------------------------------------
    @classmethod
    def from_yaml_text(cls, text: str, origin: str) -> "CardLibrary":
        data = yaml.safe_load(text) or []
        return cls((_card_from_yaml(entry, origin) for entry in data), origin)

    @classmethod
    def from_mtgjson(cls, path: str | Path) -> "CardLibrary":
        """Read an MTGJSON AtomicCards file (``{"data": {name: [face, ...]}}``, may be gzipped).

        Each face becomes a card under its face name; the first face also under the full name.
        Raises ``ValueError`` when the file is not in that layout.
        """
        path = Path(path)
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
            try:
                doc = json.load(fh)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
            raise ValueError(f"{path}: not an MTGJSON AtomicCards file (no top-level 'data' mapping)")
        cards: list[Card] = []
        for name, faces in doc["data"].items():
            for i, face in enumerate(faces):
                card = card_from_mtgjson(face)
                cards.append(card)
                if i == 0 and card.name != name:
                    cards.append(Card(**{**card.__dict__, "name": name}))
        return cls(cards, str(path))


def card_from_mtgjson(face: dict[str, Any]) -> Card:
    """One MTGJSON face as a :class:`Card` (names, types, cost, colors, P/T, keywords, text)."""
    name = face.get("faceName") or face["name"]
    cost_text = face.get("manaCost")
    return Card(
        name=name,
        types=tuple(t.lower() for t in face.get("types", [])),
        supertypes=tuple(t.lower() for t in face.get("supertypes", [])),
        subtypes=tuple(t.lower() for t in face.get("subtypes", [])),
        colors=tuple(Color(c) for c in face.get("colors", [])),
        mana_cost=ManaCost.parse(cost_text) if cost_text else None,
        power=_int_or_none(face.get("power")),
        toughness=_int_or_none(face.get("toughness")),
        loyalty=_int_or_none(face.get("loyalty")),
        defense=_int_or_none(face.get("defense")),
        keywords=tuple(face.get("keywords", [])),
        text=face.get("text", "") or "",
    )


def _card_from_yaml(entry: dict[str, Any], origin: str) -> Card:
    try:
        colors = entry.get("colors")
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
        )
    except (KeyError, ManaCostError, ValueError) as exc:
        raise ValueError(f"{origin}: bad card entry {entry.get('name', entry)!r}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_library() -> CardLibrary:
    """The cards shipped with the package (``mtgsolver/model/data/cards.yaml``)."""
    text = resources.files("mtgsolver.model").joinpath("data/cards.yaml").read_text(encoding="utf-8")
    return CardLibrary.from_yaml_text(text, "bundled cards")
