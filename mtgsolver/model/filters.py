"""Filters on creatures and on players, as the board contract writes them.

A creature filter such as ``{power_at_most: 2}`` or ``{color: black, keyword: flying}``
matches a permanent when every condition holds (:mod:`mtgsolver.rules.filters`). A filter may also compare the permanent with
the creature whose ability it is (``own``): ``{power_greater_than: own_power}`` ("creatures with
power greater than ~'s power"), ``{power_at_least: own_toughness}`` (Ironclaw Curse); see
:class:`Comparison`. A player filter such as
``{controls: island}`` is a condition on the defending player (Sea Serpent, 508.1c).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from mtgsolver.model.mana import Color

__all__ = ["Comparison", "CreatureFilter", "PlayerFilter", "STATS"]

#: characteristics a :class:`Comparison` reads (208.1, 202.3)
STATS = ("power", "toughness", "mana_value")
#: relations, the other creature's value on the left: ``greater_than`` means other > own
RELATIONS = ("greater_than", "less_than", "at_least", "at_most")


@dataclass(frozen=True)
class Comparison:
    """``other.stat RELATION own.own_stat``: a characteristic of another creature against one of
    the creature whose ability this is. Written ``{power_greater_than: own_power}``.

    A creature with no power (or toughness) satisfies no comparison on it (208.3: a noncreature
    object has none)."""

    stat: str
    relation: str
    own_stat: str

    @property
    def key(self) -> str:
        return f"{self.stat}_{self.relation}"

    def describe(self) -> str:
        words = {"greater_than": "greater than", "less_than": "less than", "at_least": "equal to or greater than",
                 "at_most": "equal to or less than"}[self.relation]
        return f"{self.stat.replace('_', ' ')} {words} its own {self.own_stat.replace('_', ' ')}"


COMPARISON_KEYS = {f"{s}_{r}": (s, r) for s in STATS for r in RELATIONS}


@dataclass(frozen=True)
class CreatureFilter:
    """Conditions on a permanent, all of which must hold."""

    power_at_most: int | None = None
    power_at_least: int | None = None
    toughness_at_most: int | None = None
    toughness_at_least: int | None = None
    color: Color | None = None
    not_color: Color | None = None
    colorless: bool | None = None
    keyword: str | None = None
    not_keyword: str | None = None
    type: str | None = None
    subtype: str | None = None
    supertype: str | None = None
    compared: tuple[Comparison, ...] = ()

    @property
    def relative(self) -> bool:
        """Does it compare with the creature whose ability it is (``own`` needed to match)?"""
        return bool(self.compared)

    def describe(self) -> str:
        """Plain words: ``power 2 or less, black``."""
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None or f.name == "compared":
                continue
            if isinstance(v, Color):
                v = v.word
            parts.append(_PHRASES[f.name].format(v))
        parts += [c.describe() for c in self.compared]
        return ", ".join(parts)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None and f.name != "compared":
                out[f.name] = v.word if isinstance(v, Color) else v
        out.update({c.key: f"own_{c.own_stat}" for c in self.compared})
        return out


_PHRASES = {
    "power_at_most": "power {} or less",
    "power_at_least": "power {} or greater",
    "toughness_at_most": "toughness {} or less",
    "toughness_at_least": "toughness {} or greater",
    "color": "{}",
    "not_color": "non{}",
    "colorless": "colorless={}",
    "keyword": "with {}",
    "not_keyword": "without {}",
    "type": "{}",
    "subtype": "{}",
    "supertype": "{}",
}


@dataclass(frozen=True)
class PlayerFilter:
    """A condition on a player: ``{controls: island}`` (a type, subtype or name; several words
    must each describe the permanent: ``snow land``, ``blue permanent``) or a life bound."""

    controls: str | None = None
    life_at_most: int | None = None
    life_at_least: int | None = None
    #: bounds on the power of the permanent ``controls`` describes ("an untapped creature with
    #: power 3 or greater", Orgg)
    power_at_least: int | None = None
    power_at_most: int | None = None

    def describe(self) -> str:
        parts = []
        if self.controls:
            bounds = [f"power {n} or greater" for n in (self.power_at_least,) if n is not None]
            bounds += [f"power {n} or less" for n in (self.power_at_most,) if n is not None]
            parts.append(f"controls a {self.controls}" + (" with " + " and ".join(bounds) if bounds else ""))
        if self.life_at_most is not None:
            parts.append(f"has {self.life_at_most} or less life")
        if self.life_at_least is not None:
            parts.append(f"has {self.life_at_least} or more life")
        return " and ".join(parts)

    def to_mapping(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}

