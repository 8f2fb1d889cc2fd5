"""Cards and card libraries: the bundled one, a YAML file, or a user's card file.

A :class:`Card` holds printed characteristics and Oracle text; a permanent made from it
reads its abilities from that text (:mod:`mtgsolver.model.oracle`). Names are matched by
:func:`name_key` (case, accents and curly apostrophes aside). Unknown names raise
:class:`UnknownCardError` with the closest known names. Card files (MTGJSON, Scryfall) are read
by :mod:`mtgsolver.model.card_files` and served from a cached index by
:mod:`mtgsolver.model.card_index`.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Iterator

import yaml

from .mana import Color, ManaCost, ManaCostError

__all__ = ["Card", "CardFileError", "CardLibrary", "UnknownCardError", "bundled_library", "name_key"]

PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
"""110.4: the six permanent types; instants and sorceries can't enter the battlefield."""

_FOLD = str.maketrans({"Æ": "AE", "æ": "ae", "’": "'", "‘": "'", "–": "-", "—": "-"})


def name_key(name: str) -> str:
    """A card name for matching: accents dropped, case folded ("Lim-Dul's Vault" finds "Lim-Dûl's Vault")."""
    text = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).casefold().split())


class UnknownCardError(KeyError):
    """A card name the library does not know; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


class CardFileError(ValueError):
    """A card file that can't be read: missing, empty, corrupt, not JSON, or another layout."""


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
    color_identity: frozenset[Color] | None = None  # 903.4 as the card file states it; None: compute it

    @property
    def derived_colors(self) -> frozenset[Color]:
        if self.colors is not None:
            return frozenset(self.colors)
        return self.mana_cost.colors if self.mana_cost else frozenset()

    @property
    def is_permanent(self) -> bool:
        """110.4a: an artifact, battle, creature, enchantment, land or planeswalker card."""
        return bool(PERMANENT_TYPES & set(self.types))


class CardLibrary:
    """Cards by name, matched by :func:`name_key`; a library kept in memory.

    Subclasses serve cards from elsewhere (an index on disk) by overriding :meth:`find`,
    :meth:`keys` and :meth:`cards`.
    """

    def __init__(self, cards: Iterable[Card], origin: str = "") -> None:
        self._cards: dict[str, Card] = {}
        for card in cards:
            self._cards[name_key(card.name)] = card
        self.origin = origin

    def find(self, name: str) -> Card | None:
        """The card called ``name`` (by :func:`name_key`), or None."""
        return self._cards.get(name_key(name))

    def keys(self) -> set[str]:
        """Every name key the library answers to."""
        return set(self._cards)

    def cards(self) -> Iterator[Card]:
        """Every card once (a card found by several names appears once)."""
        seen: set[int] = set()
        for card in self._cards.values():
            if id(card) not in seen:
                seen.add(id(card))
                yield card

    def __len__(self) -> int:
        return len(self.keys())

    def __bool__(self) -> bool:
        return True  # a library is a library even when empty; and truth must not count an index

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def names(self) -> list[str]:
        return sorted({c.name for c in self.cards()})

    def get(self, name: str) -> Card:
        card = self.find(name)
        if card is None:
            key = name_key(name)
            known = self.keys()
            close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.6)
            raise UnknownCardError(name, [self.find(c).name for c in close])  # type: ignore[union-attr]
        return card

    def merged(self, other: "CardLibrary") -> "CardLibrary":
        """This library with ``other``'s cards added (``other`` wins on a clash)."""
        return MergedLibrary(other, self)

    # -- loaders ---------------------------------------------------------------------
    @classmethod
    def from_yaml_text(cls, text: str, origin: str) -> "CardLibrary":
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or []  # libyaml: fast start
        return cls((_card_from_yaml(entry, origin) for entry in data), origin)

    @classmethod
    def from_mtgjson(cls, path: str | Path) -> "CardLibrary":
        """Read a whole card file into memory (MTGJSON AtomicCards or Scryfall Oracle cards).

        Each face is found by its face name, the first face also by the card's full name.
        Raises :class:`CardFileError` when the file is not such a file. For repeated use,
        :func:`mtgsolver.model.card_index.open_card_file` serves the same cards from a cached index.
        """
        from .card_files import card_from_record, read_card_file

        lib = cls((), str(path))
        for rec in read_card_file(path):
            card = card_from_record(rec)
            for key in rec["keys"]:
                lib._cards.setdefault(name_key(key), card)
        return lib


class MergedLibrary(CardLibrary):
    """Several libraries in order of precedence (the first that knows a name answers)."""

    def __init__(self, *parts: CardLibrary) -> None:
        self.parts = parts
        self.origin = "+".join(reversed([p.origin for p in parts]))

    def find(self, name: str) -> Card | None:
        for part in self.parts:
            card = part.find(name)
            if card is not None:
                return card
        return None

    def keys(self) -> set[str]:
        return set().union(*(p.keys() for p in self.parts))

    def cards(self) -> Iterator[Card]:
        for key in sorted(self.keys()):
            yield self.find(key)  # type: ignore[misc]


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
    except (KeyError, ManaCostError, ValueError) as exc:
        raise ValueError(f"{origin}: bad card entry {entry.get('name', entry)!r}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_library() -> CardLibrary:
    """The cards shipped with the package (``mtgsolver/model/data/cards.yaml``)."""
    text = resources.files("mtgsolver.model").joinpath("data/cards.yaml").read_text(encoding="utf-8")
    return CardLibrary.from_yaml_text(text, "bundled cards")
