"""Filters on creatures and on players, as the board contract writes them.

A creature filter such as ``{power_at_most: 2}`` or ``{color: black, keyword: flying}``
matches a permanent when every condition holds. A player filter such as
``{controls: island}`` is a condition on the defending player (Sea Serpent, 508.1c).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Iterable

from .keywords import canonical_keyword
from .mana import Color

if TYPE_CHECKING:  # pragma: no cover
    from .permanent import Permanent

__all__ = ["CreatureFilter", "PlayerFilter"]


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

    @classmethod
    def from_mapping(cls, data: Any) -> "CreatureFilter":
        """Build from ``{power_at_most: 2}``; raise ``ValueError`` naming a bad key."""
        if not isinstance(data, dict) or not data:
            raise ValueError("expected a filter mapping such as {power_at_most: 2}")
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown filter key {key!r}; expected one of {sorted(known)}")
            if key in ("color", "not_color"):
                values[key] = Color.parse(str(value))
            elif key in ("keyword", "not_keyword"):
                values[key] = canonical_keyword(str(value))
            elif key in ("type", "subtype"):
                values[key] = str(value).lower()
            elif key == "colorless":
                values[key] = bool(value)
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"{key} expects an integer, got {value!r}")
                values[key] = value
        return cls(**values)

    def matches(self, perm: "Permanent") -> bool:
        p, t = perm.power, perm.toughness
        checks = (
            self.power_at_most is None or (p is not None and p <= self.power_at_most),
            self.power_at_least is None or (p is not None and p >= self.power_at_least),
            self.toughness_at_most is None or (t is not None and t <= self.toughness_at_most),
            self.toughness_at_least is None or (t is not None and t >= self.toughness_at_least),
            self.color is None or self.color in perm.colors,
            self.not_color is None or self.not_color not in perm.colors,
            self.colorless is None or (not perm.colors) == self.colorless,
            self.keyword is None or perm.has_keyword(self.keyword),
            self.not_keyword is None or not perm.has_keyword(self.not_keyword),
            self.type is None or self.type in perm.types,
            self.subtype is None or self.subtype in perm.subtypes,
        )
        return all(checks)

    def describe(self) -> str:
        """Plain words: ``power 2 or less, black``."""
        parts = []
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None:
                continue
            if isinstance(v, Color):
                v = v.word
            parts.append(_PHRASES[f.name].format(v))
        return ", ".join(parts)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None:
                out[f.name] = v.word if isinstance(v, Color) else v
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
}


@dataclass(frozen=True)
class PlayerFilter:
    """A condition on a player: ``{controls: island}`` (a type or subtype) or a life bound."""

    controls: str | None = None
    life_at_most: int | None = None
    life_at_least: int | None = None

    @classmethod
    def from_mapping(cls, data: Any) -> "PlayerFilter":
        if not isinstance(data, dict) or not data:
            raise ValueError("expected a player filter such as {controls: island}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise ValueError(f"unknown player filter key {key!r}; expected one of {sorted(known)}")
        values = dict(data)
        if "controls" in values:
            values["controls"] = str(values["controls"]).lower()
        return cls(**values)

    def matches(self, life: int, permanents: Iterable["Permanent"]) -> bool:
        """``permanents``: those the player controls."""
        if self.life_at_most is not None and life > self.life_at_most:
            return False
        if self.life_at_least is not None and life < self.life_at_least:
            return False
        if self.controls is not None:
            c = self.controls
            return any(c in p.subtypes or c in p.types or c == p.name.lower() for p in permanents)
        return True

    def describe(self) -> str:
        parts = []
        if self.controls:
            parts.append(f"controls a {self.controls}")
        if self.life_at_most is not None:
            parts.append(f"has {self.life_at_most} or less life")
        if self.life_at_least is not None:
            parts.append(f"has {self.life_at_least} or more life")
        return " and ".join(parts)

    def to_mapping(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}
