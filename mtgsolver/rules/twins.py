"""Twins (symmetry): permanents no rule or choice tells apart, so that any one of them serves
as well as another wherever a player chooses among them (a sacrifice, a payment, an attack)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from mtgsolver.model.board import Board

__all__ = ["twin_keys"]


def twin_keys(view: Board) -> Mapping[str, Any]:
    """For each permanent, a key shared by its twins: permanents equal in every characteristic
    and status (the layers applied), that nothing on the board names (an attachment, an effect
    on listed objects, combat, a pairing); a permanent something names is its own class. Worked
    out once per board (kept on it: the search asks for each move and each payment)."""
    return view.memo("twin_keys", lambda: MappingProxyType(_twin_keys(view)))


def _twin_keys(view: Board) -> dict[str, Any]:
    """:func:`twin_keys` without the memo."""
    named: set[str] = set()
    for p in view.permanents:
        if p.attached_to:
            named |= {p.attached_to, p.id}
        if p.paired_with:
            named |= {p.paired_with, p.id}
    printed = view.layers.effects if view.layers is not None else view.effects
    for e in printed:
        named |= set(e.objects or ()) | {x for x in (e.source, e.creature, e.attacker) if x}
    if view.combat is not None:
        named |= {a.creature for a in view.combat.attackers} | {a.target for a in view.combat.attackers}
        named |= {b.creature for b in view.combat.blockers or ()}
    out: dict[str, Any] = {}
    for p in view.permanents:
        if p.id in named:
            out[p.id] = ("named", p.id)
            continue
        out[p.id] = (p.name, p.controller, p.owner, p.tapped, p.summoning_sick, tuple(sorted(p.counters.items())),
                     p.damage, p.deathtouch_damage, p.token, p.x, p.power, p.toughness, p.loyalty, p.defense,
                     tuple(sorted(p.keywords)), tuple(sorted(p.types)), tuple(sorted(p.subtypes)),
                     tuple(sorted(c.value for c in p.colors)), p.chosen_color, p.chosen_type, p.monstrous,
                     tuple(sorted(p.protections)), repr(p.abilities), p.is_commander)
    return out
