"""Permanents and players (CR 110, 102, 302.6)."""
from __future__ import annotations

import re
import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.cards import Card
from mtgsolver.model.effects import Ability, ActivatedAbility, TriggeredAbility
from mtgsolver.model.mana import Color, ManaCost
from mtgsolver.model.mana_abilities import ManaAbility

__all__ = ["Ability", "PLAYER_COUNTERS", "Permanent", "Player", "TextAbility", "counter_pt"]

#: The kinds of counters a board's player has (122.1f), each a :class:`Player` field.
PLAYER_COUNTERS: tuple[str, ...] = ("poison", "energy")

_PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def counter_pt(counters: Mapping[str, int]) -> tuple[int, int]:
    """What the +X/+Y counters among ``counters`` add to power and toughness (122.1a, 613.4c):
    ``+1/+1``, ``-1/-1``, ``+1/+0``, ``-0/-1`` ..."""
    power = toughness = 0
    for name, n in counters.items():
        m = _PT_COUNTER.fullmatch(name)
        if m:
            power += int(m[1]) * n
            toughness += int(m[2]) * n
    return power, toughness


@dataclass(frozen=True)
class Player:
    """A player (102): name, life total, poison and energy counters (122.1f, 107.14); in
    Commander, the name of their commander and its color identity (903.3, 903.4)."""

    name: str
    life: int = 20
    poison: int = 0
    commander: str | None = None
    commander_identity: frozenset[str] | None = None
    #: combat damage already dealt to this player by each commander this game (903.10a)
    commander_damage: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    #: the life total the player began the game with (103.4; 40 in Commander, 103.4c)
    starting_life: int = 20
    #: whether the player has completed a dungeon this game (309.7)
    completed_dungeon: bool = False
    #: whether the player has the city's blessing (702.131c)
    city_blessing: bool = False
    #: whether the player has lost the game (104.3; 704.5a-c: life 0, a draw from an empty library, poison)
    lost: bool = False
    #: energy counters (122.1f), paid with {E} (107.14)
    energy: int = 0


@dataclass(frozen=True, eq=False)
class Permanent:
    """One permanent on the battlefield, with its characteristics as they are now.

    ``keywords`` and ``abilities`` already include what Auras, Equipment and effects
    grant it (``granted_by`` names where each granted entry came from). Types, supertypes
    and subtypes are lower case. ``summoning_sick`` means not controlled continuously
    since its controller's most recent turn began (302.6).
    """

    id: str
    name: str
    controller: str
    owner: str
    types: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    colors: frozenset[Color] = frozenset()
    mana_cost: ManaCost | None = None
    base_power: int | None = None
    base_toughness: int | None = None
    counters: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    keywords: frozenset[str] = frozenset()
    protections: frozenset[str] = frozenset()
    abilities: tuple[Ability, ...] = ()
    tapped: bool = False
    summoning_sick: bool = False
    attached_to: str | None = None  # the permanent it is attached to, or the player an Aura enchants (303.4)
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = None
    granted_by: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    chosen_color: str | None = None  # a color letter chosen as it entered ("the chosen color")
    chosen_type: str | None = None  # a subtype chosen as it entered ("the chosen type", lower case)
    token: bool = False  # a token (111.1), not a card
    x: int | None = None  # the X of the spell it was (107.3m); its own X is 0 (107.3g)
    chosen_modes: tuple[str, ...] = ()  # modes chosen for its "hasn't been chosen" ability (700.2)
    damage: int = 0  # damage marked on it this turn (120.3e, 704.5g)
    deathtouch_damage: bool = False  # dealt damage by a deathtouch source since SBA were last checked (704.5h)
    is_commander: bool = False  # a commander, whose combat damage to players is counted (903.10a)
    # layers (613): the timestamp (613.7d; the board's order unless given), that of its
    # power/toughness counters (613.7c; its own unless given), flags conditions read, and
    # power/toughness after layer 7 (``None``: not layered, base plus counters)
    timestamp: int | None = None
    counters_timestamp: int | None = None
    monstrous: bool = False
    # times each of its activated abilities (numbered from 1, as 602.5b's "ID:N") resolved this
    # turn, kept for an ability that asks ("if this is the third time this ability has resolved
    # this turn"); a new object has none (400.7)
    resolved: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    paired_with: str | None = None  # the creature it is paired with by soulbond (702.95b)
    layered_pt: tuple[int, int] | None = None
    card: Card | None = None  # the card it is (None: a token, 111.1); where it goes when it leaves (400.7)
    # the card whose copiable values it has by a copy effect (707.2: it entered as a copy), by name;
    # ``None``: not a copy, or a copy of a token
    copy_of: str | None = None

    # -- characteristics -------------------------------------------------------------
    @property
    def power(self) -> int | None:
        """Power after layer 7 (613.4), or with its +X/+Y counters applied (613.4c, 122.1a) on a
        permanent no layer engine has seen; none on a noncreature permanent, whatever is printed
        (208.3, 301.7a: a Vehicle has its printed power and toughness only as a creature)."""
        if "creature" not in self.types:
            return None
        if self.layered_pt is not None:
            return self.layered_pt[0]
        if self.base_power is None:
            return None
        return self.base_power + counter_pt(self.counters)[0]

    @property
    def toughness(self) -> int | None:
        if "creature" not in self.types:
            return None
        if self.layered_pt is not None:
            return self.layered_pt[1]
        if self.base_toughness is None:
            return None
        return self.base_toughness + counter_pt(self.counters)[1]

    @property
    def mana_value(self) -> int:
        """Mana value on the battlefield: X counts as 0 whatever it was cast with (202.3e,
        107.3g, 107.3m); every filter on mana value reads this."""
        return self.mana_cost.mana_value if self.mana_cost else 0

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types

    @property
    def is_land(self) -> bool:
        return "land" in self.types

    @property
    def is_planeswalker(self) -> bool:
        return "planeswalker" in self.types

    @property
    def is_battle(self) -> bool:
        return "battle" in self.types

    @property
    def is_snow(self) -> bool:
        return "snow" in self.supertypes

    @property
    def is_basic(self) -> bool:
        return "basic" in self.supertypes

    # -- abilities -------------------------------------------------------------------
    def has_keyword(self, keyword: str) -> bool:
        return keyword in self.keywords

    @functools.cached_property
    def _statics_by_name(self) -> Mapping[str, tuple[Static, ...]]:
        """Its static abilities by canonical name, gathered once (the rules ask many times)."""
        out: dict[str, list[Static]] = {}
        for a in self.abilities:
            if isinstance(a, Static):
                out.setdefault(a.name, []).append(a)
        return {name: tuple(found) for name, found in out.items()}

    def statics(self, name: str) -> Iterator[Static]:
        """Every static ability of that canonical name (several may apply)."""
        return iter(self._statics_by_name.get(name, ()))

    def has(self, name: str) -> bool:
        """A keyword or a flag ability of that canonical name."""
        return name in self.keywords or name in self._statics_by_name

    def values(self, name: str) -> list[Any]:
        """The parameters of every static ability of that name."""
        return [s.value for s in self._statics_by_name.get(name, ())]

    @property
    def unread(self) -> tuple[str, ...]:
        """The lines of its rules text this project does not read (``docs/unread.md``)."""
        return tuple(a.text for a in self.abilities if isinstance(a, TextAbility))

    @property
    def lines(self) -> tuple[str, ...]:
        """The Oracle lines of its activated and triggered abilities (602, 603; read or not) and
        of its other unread lines, as printed: what a rule matching printed words looks at."""
        return tuple(a.text for a in self.abilities if isinstance(a, (TextAbility, ActivatedAbility, TriggeredAbility)))

    @property
    def mana_abilities(self) -> tuple[ManaAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, ManaAbility))

    @property
    def activated_abilities(self) -> tuple[ActivatedAbility, ...]:
        """Its activated abilities other than mana abilities (602, 605.1a)."""
        return tuple(a for a in self.abilities if isinstance(a, ActivatedAbility))

    @property
    def triggered_abilities(self) -> tuple[TriggeredAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, TriggeredAbility))

    def can_use_tap_abilities(self) -> bool:
        """302.6, 107.5, 107.6: a creature's {T}/{Q} abilities need it to have been
        controlled continuously since the turn began, unless it has haste (702.10)."""
        return not (self.is_creature and self.summoning_sick and not self.has_keyword("haste"))

    def __repr__(self) -> str:
        return f"Permanent({self.id!r}, {self.name!r}, controller={self.controller!r})"
