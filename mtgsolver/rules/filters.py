"""Whether a permanent or a player matches a filter of the board vocabulary (508.1c, 509.1b).

A creature filter (``{power_at_most: 2}``, ``{color: black, keyword: flying}``) matches when
every condition holds; a relative one compares with the creature whose ability it is (``own``:
``{power_greater_than: own_power}``). A player filter (``{controls: island}``) is a condition on
the defending player (Sea Serpent).
"""
from __future__ import annotations

from typing import Iterable

from mtgsolver.model.filters import Comparison, CreatureFilter, PlayerFilter
from mtgsolver.model.permanent import Permanent

__all__ = ["comparison_holds", "creature_matches", "player_matches", "stat"]


def stat(perm: Permanent, name: str) -> int | None:
    """A permanent's power, toughness or mana value (202.3: no mana cost is 0)."""
    if name == "mana_value":
        return perm.mana_cost.mana_value if perm.mana_cost is not None else 0
    return perm.power if name == "power" else perm.toughness


def comparison_holds(c: Comparison, other: Permanent, own: Permanent) -> bool:
    """``other.stat RELATION own.own_stat``; a creature with no power (or toughness) satisfies no
    comparison on it (208.3)."""
    a, b = stat(other, c.stat), stat(own, c.own_stat)
    if a is None or b is None:
        return False
    return {"greater_than": a > b, "less_than": a < b, "at_least": a >= b, "at_most": a <= b}[c.relation]


def creature_matches(f: CreatureFilter, perm: Permanent, own: Permanent | None = None) -> bool:
    """Does ``perm`` match? ``own``: the creature whose ability the filter belongs to, needed
    by a relative filter.

    :raises TypeError: a relative filter without ``own`` (a caller's bug).
    """
    if f.compared:
        if own is None:
            raise TypeError(f"the filter {f.describe()} compares with a creature; none was given")
        if not all(comparison_holds(c, perm, own) for c in f.compared):
            return False
    p, t = perm.power, perm.toughness
    checks = (
        f.power_at_most is None or (p is not None and p <= f.power_at_most),
        f.power_at_least is None or (p is not None and p >= f.power_at_least),
        f.toughness_at_most is None or (t is not None and t <= f.toughness_at_most),
        f.toughness_at_least is None or (t is not None and t >= f.toughness_at_least),
        f.color is None or f.color in perm.colors,
        f.not_color is None or f.not_color not in perm.colors,
        f.colorless is None or (not perm.colors) == f.colorless,
        f.keyword is None or perm.has_keyword(f.keyword),
        f.not_keyword is None or not perm.has_keyword(f.not_keyword),
        f.type is None or f.type in perm.types,
        f.subtype is None or f.subtype in perm.subtypes,
        f.supertype is None or f.supertype in perm.supertypes,  # 205.4: legendary, snow
    )
    return all(checks)


def player_matches(f: PlayerFilter, life: int, permanents: Iterable[Permanent]) -> bool:
    """Does a player with ``life`` who controls ``permanents`` meet ``f`` (508.1c, 509.1b)?"""
    if f.life_at_most is not None and life > f.life_at_most:
        return False
    if f.life_at_least is not None and life < f.life_at_least:
        return False
    if f.controls is not None:
        return any(_describes(f.controls, p) and _power_fits(f, p) for p in permanents)
    return True


def _power_fits(f: PlayerFilter, perm: Permanent) -> bool:
    p = perm.power
    return ((f.power_at_least is None or (p is not None and p >= f.power_at_least))
            and (f.power_at_most is None or (p is not None and p <= f.power_at_most)))


def _describes(words: str, perm: Permanent) -> bool:
    """Words each of which describes the permanent: ``island`` (a type or subtype, or the
    whole name), ``snow land`` (205.4 supertype and type), ``blue permanent`` (105.2 color),
    ``untapped land`` (110.5 status)."""
    traits = perm.types | perm.subtypes | perm.supertypes | {c.word for c in perm.colors} | {"permanent"}
    traits |= {"tapped" if perm.tapped else "untapped"}
    return all(w in traits for w in words.split()) or words == perm.name.lower()
