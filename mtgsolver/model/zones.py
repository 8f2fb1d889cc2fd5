"""Zones other than the battlefield, the stack and what happened this turn.

Rules: 400.1 (zones), 401 (library: hidden, its order matters), 402 (hand: hidden), 404
(graveyard: public, its order is the order cards were put there), 406 (exile), 405 (the
stack: last in, first out), 903.4 (a commander's color identity), 700.13 (crimes), 603.2h
("triggers only once each turn").
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, Mapping

from mtgsolver.model.abilities import Static
from mtgsolver.model.cards import Card
from mtgsolver.model.effects import SpellAbility
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.mana import Color, ManaCost, ManaCostError
from mtgsolver.model.mana_abilities import ManaAbility

__all__ = ["TURN_STEPS", "PlayerZones", "StackItem", "TurnInfo", "ZoneCard", "color_identity"]

ZONE_NAMES = ("hand", "library", "graveyard", "exile")

#: the steps and main phases of a turn, in order (500.1, 501-514)
TURN_STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
              "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")


@dataclass(frozen=True)
class ZoneCard:
    """One card in a hand, library, graveyard or exile; ``id`` is unique on the board."""

    id: str
    card: Card
    #: the statics of its text that function from a graveyard (113.6b), read with the board
    statics: tuple[Static, ...] = ()
    #: what it does as an instant or sorcery resolves (608.2), read with the board
    spell: SpellAbility | None = None
    #: the permanent it would be on the battlefield (its text read with the board; id,
    #: controller and status are set as it enters), for a permanent card (110.4); derived from
    #: ``card``, so not compared (a permanent is compared by identity)
    permanent: Permanent | None = field(default=None, compare=False)
    #: its mana abilities that function in its zone (113.6m: "Exile ~ from your hand: Add {G}.")
    mana_abilities: tuple[ManaAbility, ...] = ()
    #: in exile, the permanent whose ability exiled it: "the exiled card" of that permanent's
    #: linked ability (607.2a, Journey to Nowhere)
    exiled_with: str | None = None

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(frozen=True)
class PlayerZones:
    """A player's hidden and public zones (400.1).

    ``hand`` lists the known cards of the hand; ``hand_count`` is how many cards it holds
    (at least ``len(hand)``; more when some are unknown, 402.3). ``library_count`` is the
    library's size and ``library_top`` its known top cards, top first (401.2).
    ``graveyard`` is oldest first (404.2); ``exile`` in any order.
    """

    hand: tuple[ZoneCard, ...] = ()
    hand_count: int = 0
    library_count: int = 0
    library_top: tuple[ZoneCard, ...] = ()
    graveyard: tuple[ZoneCard, ...] = ()
    exile: tuple[ZoneCard, ...] = ()

    @property
    def hand_known(self) -> bool:
        """Whether every card in the hand is known."""
        return self.hand_count == len(self.hand)

    def cards(self) -> tuple[ZoneCard, ...]:
        """Every known card in these zones."""
        return (*self.hand, *self.library_top, *self.graveyard, *self.exile)

    def by_zone(self) -> tuple[tuple[str, tuple[ZoneCard, ...]], ...]:
        """Each zone's name with its known cards: hand, library (its known top), graveyard, exile."""
        return (("hand", self.hand), ("library", self.library_top), ("graveyard", self.graveyard),
                ("exile", self.exile))

    def zone_of(self, card_id: str) -> str | None:
        """The zone holding the card with that id, or ``None``."""
        return next((zone for zone, cards in self.by_zone() if any(c.id == card_id for c in cards)), None)


@dataclass(frozen=True)
class StackItem:
    """A spell or ability on the stack (405, 113.1).

    ``kind`` is ``"spell"`` (``card`` is the card cast) or ``"ability"`` (``source`` is the
    id of the permanent whose ability it is; ``text`` what the ability says, if given).
    ``targets`` are ids of players, permanents, stack items or cards in zones, as chosen
    when it was put on the stack (115.1, 601.2c). ``x`` is the value chosen for X (107.3a)
    and ``modes`` the modes chosen (700.2).
    """

    id: str
    kind: Literal["spell", "ability"]
    controller: str
    card: Card | None = None
    source: str | None = None
    text: str | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None
    modes: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        if self.card is not None:
            return self.card.name
        return f"ability of {self.source}"


@dataclass(frozen=True)
class TurnInfo:
    """What is known about the current turn.

    ``spells_cast`` and ``crimes_committed`` count per player this turn (700.13);
    ``triggered_once`` holds ids of permanents whose "triggers only once each turn" ability
    has already triggered this turn (603.2h); ``activated_once`` the permanents whose loyalty
    ability was activated this turn (``ID``, 606.3) and the "activate only once each turn"
    abilities activated (``ID:N``, N counting its activated abilities from 1, 602.5b). ``number`` is ``None`` when unknown. ``step``
    is one of :data:`TURN_STEPS` (500.1); ``lands_played`` counts land plays per player (305.2);
    ``extra_turns``: the players who take extra turns after this one, the next first (500.7: the
    most recently created extra turn is taken first); ``permanent_left``: the players a permanent
    they controlled left the battlefield of this turn (revolt, 207.2c: "if a permanent you
    controlled left the battlefield this turn"); ``creature_died``: a creature died this turn
    (morbid, 207.2c; 700.4: put into a graveyard from the battlefield); ``life_lost``: the life
    each player lost this turn (119.3, 120.3a: damage dealt to a player; 119.4: life paid);
    ``dealt_damage``: the players and permanents dealt damage this turn (120.3; "any target that
    was dealt damage this turn"), a permanent that left the battlefield no longer (400.7).
    """

    number: int | None = None
    extra_turn: bool = False
    spells_cast: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    crimes_committed: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    triggered_once: frozenset[str] = frozenset()
    step: str = "precombat_main"
    lands_played: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    activated_once: frozenset[str] = frozenset()
    extra_turns: tuple[str, ...] = ()
    permanent_left: frozenset[str] = frozenset()
    creature_died: bool = False
    life_lost: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    dealt_damage: frozenset[str] = frozenset()


_SYMBOL = re.compile(r"\{[^}]+\}")
_REMINDER = re.compile(r"\([^)]*\)")


def color_identity(card: Card) -> frozenset[str]:
    """A card's color identity as color letters (903.4).

    The card's colors (202.2, including a color indicator) plus the colors of every mana
    symbol in its mana cost and rules text; reminder text is ignored (903.4c). A card that
    carries a non-empty ``color_identity`` (MTGJSON's field) is taken at its word; an empty
    one is computed, which gives the same answer for a card that really is colorless.
    """
    given = card.color_identity
    if given:
        return frozenset(str(getattr(c, "value", c)) for c in given)
    colors = {c.value for c in card.derived_colors}
    text = _REMINDER.sub("", card.text or "")
    for symbol in _SYMBOL.findall(text):
        try:
            cost = ManaCost.parse(symbol)
        except ManaCostError:
            continue  # {T}, {Q}, {E} and the like carry no color
        colors |= {c.value for c in cost.colors}
    return frozenset(c for c in colors if c in Color.__members__)
