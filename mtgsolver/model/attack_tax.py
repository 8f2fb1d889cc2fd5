"""Costs a permanent imposes on creatures attacking its controller (CR 508.1d, 508.1h).

The plain vocabulary form ``{attack_tax: "{2}"}`` (Propaganda, Ghostly Prison) stays a
:class:`~mtgsolver.model.mana.ManaCost` and taxes attacks on the controller only (Propaganda
ruling 2014-02-01: planeswalkers are not "you"). The mapping form is an :class:`AttackTax`:

* ``{attack_tax: {cost: "{W/P}", covers: you_and_planeswalkers}}``: Norn's Annex, Baird,
  "Creatures can't attack you or planeswalkers you control unless their controller pays ...".
* ``{attack_tax: {cost: "{X}", x_counts: enchantment, covers: you_and_planeswalkers}}``: Sphere
  of Safety; X is the number of permanents of that type (or subtype) the taxing player controls
  as attackers are declared (107.3c: the text defines X; 508.1h: the total is then locked in);
  ``x_counts: basic_land_types`` counts the basic land types among their lands (Collective
  Restraint's domain, 305.6).

Examples
--------
>>> tax = AttackTax(ManaCost.parse("{X}"), planeswalkers=True, x_counts="enchantment")
>>> tax.covers("planeswalker"), tax.covers("battle")
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from mtgsolver.model.mana import ManaCost

__all__ = ["AttackTax", "COVERS", "DOMAIN"]

#: ``covers`` values: what the tax protects besides nothing else
COVERS = ("you", "you_and_planeswalkers")
#: ``x_counts`` of a domain tax: "X is the number of basic land types among lands you control"
DOMAIN = "basic_land_types"
_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})
PLURALS = {"enchantments": "enchantment", "artifacts": "artifact", "creatures": "creature", "lands": "land",
            "planeswalkers": "planeswalker"}


@dataclass(frozen=True)
class AttackTax:
    """A cost per creature attacking the taxing player (and, when ``planeswalkers``, per creature
    attacking a planeswalker that player controls). ``cost`` may hold ``{X}``; then ``x_counts``
    names the type or subtype whose permanents the taxing player controls make X."""

    cost: ManaCost
    planeswalkers: bool = False
    x_counts: str | None = None

    @classmethod
    def of(cls, value: "AttackTax | ManaCost") -> "AttackTax":
        """The tax a vocabulary value stands for: a plain cost taxes attacks on the player only."""
        return value if isinstance(value, AttackTax) else cls(value)

    def to_mapping(self) -> dict[str, str]:
        out = {"cost": str(self.cost), "covers": COVERS[self.planeswalkers]}
        if self.x_counts is not None:
            out["x_counts"] = self.x_counts
        return out

    def covers(self, target_kind: str) -> bool:
        """Whether attacking a target of this kind (``player``, ``planeswalker``, ``battle``) of the
        taxing player costs this (battles they protect are never "you", 310.8)."""
        return target_kind == "player" or (target_kind == "planeswalker" and self.planeswalkers)

    def x_value(self, permanents: Iterable[Any]) -> int | None:
        """X: the number of the taxing player's ``permanents`` of type or subtype ``x_counts``;
        ``basic_land_types``: the basic land types among their lands (domain, 305.6)."""
        if self.x_counts is None:
            return None
        if self.x_counts == DOMAIN:
            return len({s for p in permanents if "land" in p.types for s in p.subtypes} & _BASIC_LAND_TYPES)
        return sum(1 for p in permanents if self.x_counts in p.types or self.x_counts in p.subtypes)

    def amount(self, permanents: Iterable[Any]) -> ManaCost:
        """The cost per creature, with X replaced by its value given the taxing player's permanents (107.3c)."""
        x = self.x_value(permanents)
        if x is None:
            return self.cost
        return ManaCost(tuple(replace(s, generic=x, variable=None) if s.variable else s for s in self.cost.symbols))
