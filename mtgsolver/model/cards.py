"""Cards and card libraries (the cards a board's ``card:`` names are looked up in).

A :class:`Card` holds printed characteristics and Oracle text; a permanent made from it
reads its abilities from that text (:mod:`mtgsolver.read.oracle`). Names are matched by
:func:`name_key` (case, accents and curly apostrophes aside). Unknown names raise
:class:`UnknownCardError` with the closest known names. Card files (MTGJSON, Scryfall) are read
by :mod:`mtgsolver.read.card_files` (which also holds the bundled library) and served from a
cached index by :mod:`mtgsolver.read.card_index`.
"""
from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Iterator

from mtgsolver.model.errors import CardFileError, UnknownCardError
from mtgsolver.model.mana import Color, ManaCost

__all__ = ["Card", "CardFileError", "CardLibrary", "MergedLibrary", "PERMANENT_TYPES", "UnknownCardError", "name_key"]

PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
"""110.4: the six permanent types; instants and sorceries can't enter the battlefield."""

_FOLD = str.maketrans({"Æ": "AE", "æ": "ae", "’": "'", "‘": "'", "–": "-", "—": "-"})


def name_key(name: str) -> str:
    """A card name for matching: accents dropped, case folded ("Lim-Dul's Vault" finds "Lim-Dûl's Vault")."""
    text = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).casefold().split())


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
    # the back face of a modal double-faced card (712.3), this card being its front face: the card
    # has the front face's characteristics but as a permanent played or cast with its back face up
    # (712.8a, 712.8f, 712.12)
    back: Card | None = None

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

    def add(self, card: Card, name: str | None = None) -> None:
        """Let ``card`` be found by ``name`` (default: its own name), unless that name is taken."""
        self._cards.setdefault(name_key(name or card.name), card)

    def merged(self, other: "CardLibrary") -> "CardLibrary":
        """This library with ``other``'s cards added (``other`` wins on a clash)."""
        return MergedLibrary(other, self)


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


