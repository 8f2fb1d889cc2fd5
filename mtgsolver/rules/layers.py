"""The layer system (613): each permanent as it is now, with the effects that made it so.

:func:`apply_layers` starts from the printed permanents (what the board file gives, their
own abilities only) and applies every continuous effect of the statics on the board
(:class:`~mtgsolver.model.continuous.ContinuousSpec`: ``continuous``, Aura and Equipment
``grants``, ``lands_are``) and the board's ``gains`` effects, layer by layer (613.1d-g:
4 types, 5 colors, 6 abilities, 7a-7d power and toughness with counters in 7c):

- within a layer, in timestamp order (613.7: the board's order unless a permanent gives
  ``timestamp:``; an Aura's or Equipment's effects have its timestamp, 613.7e), except that
  an effect waits for the effects it depends on (613.8a: applying the other changes its
  existence or what it applies to), loops being applied in timestamp order (613.8b) and the
  order being worked out again after each effect (613.8c);
- an effect that has started to apply keeps applying to the same objects in later layers even
  if its ability is removed meanwhile (613.6); one whose ability is gone before it starts
  does nothing;
- a land whose land types change has the mana abilities of its basic land types (305.6,
  305.7: "is a Mountain" also removes its rules-text abilities and old land types).

Effects on game rules (613.11: Moat, Blazing Archon, Silent Arbiter) apply after the layers,
onto the affected creatures as per-creature vocabulary or as board effects, so removing a
creature's abilities does not remove them. Every change is recorded as a :class:`Change`
(source, layer, timestamp); ``granted_by`` on the effective permanent names the source of
each granted keyword and ability.
"""
from __future__ import annotations

import dataclasses
import functools
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from mtgsolver.model.abilities import Static
from mtgsolver.model.board import Board
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.continuous import Affected, CardCount, Condition, ContinuousSpec, ForEach, atom_text, setting_words
from mtgsolver.model.errors import UnsupportedError
from mtgsolver.model.filters import CreatureFilter
from mtgsolver.model.mana import Color
from mtgsolver.model.mana_abilities import BASIC_LAND_MANA, ManaAbility, basic_land_ability
from mtgsolver.model.permanent import Permanent, counter_pt
from mtgsolver.model.provenance import Change, LayerResult
from mtgsolver.model.subtypes import subtypes
from mtgsolver.rules.identity_memo import IdentityMemo

__all__ = ["Change", "LayerResult", "Query", "apply_layers", "changes_of", "combat_dependent", "printed_of", "source_note"]

#: Land subtypes (205.3i) that a "becomes a [basic land type]" effect removes (305.7).
LAND_SUBTYPES = frozenset("plains island swamp mountain forest cave desert gate lair locus mine power-plant "
                          "sphere tower urza's town".split())

#: Static abilities that generate continuous effects (the rest are read by the solvers).
_GENERATING = ("continuous", "grants", "lands_are")
#: Board effects the layers apply (613.1b control, 613.1d land types, 613.1f abilities,
#: 613.4c power and toughness; ``continuous``: a resolved spell's or ability's effect).
_LAYERED_EFFECTS = frozenset({"control", "gains", "gets", "land_type", "continuous"})


_NONE: frozenset[Any] = frozenset()
_NO_GRANTS: Mapping[str, int] = MappingProxyType({})


class _Obj:
    """A permanent's characteristics while the layers are applied: its attributes are rebound as
    effects apply, its sets and mappings shared with the printed permanent until then."""

    __slots__ = ("perm", "id", "controller", "types", "supertypes", "subtypes", "colors", "keywords", "protections", "abilities",
                 "power", "toughness", "granted_by", "granted_at", "changes", "touched", "retyped", "in_combat",
                 "attachments", "graveyard", "barred", "defending")

    def __init__(self, perm: Permanent) -> None:
        self.perm, self.id, self.controller = perm, perm.id, perm.controller
        self.types: frozenset[str] | set[str] = perm.types
        self.supertypes: frozenset[str] | set[str] = perm.supertypes
        self.subtypes: frozenset[str] | set[str] = perm.subtypes
        self.colors: frozenset[Color] | set[Color] = perm.colors
        self.keywords: frozenset[str] | set[str] = perm.keywords
        self.protections: frozenset[str] | set[str] = perm.protections
        self.abilities: tuple[Any, ...] = perm.abilities
        self.power, self.toughness = perm.base_power, perm.base_toughness
        self.granted_by: Mapping[str, str] = perm.granted_by
        # a granted ability -> the granting effect's timestamp (613.7a)
        self.granted_at: Mapping[str, int] = _NO_GRANTS
        self.changes: tuple[Change, ...] = ()
        self.touched = self.retyped = False
        self.in_combat = ""  # "attacking" or "blocking" in the board's combat (506.4)
        self.attachments: frozenset[tuple[str, str]] = _NONE  # (aura|equipment, its controller)
        self.graveyard = 0  # cards in its controller's graveyard (404; So Tiny)
        self.barred: frozenset[str] = _NONE  # keywords it "can't have" (113.11)
        self.defending: str | None = None  # the defending player of the creature attacking (508.5a)

    def clone(self) -> "_Obj":
        new = _Obj.__new__(_Obj)
        for slot in _Obj.__slots__:
            value = getattr(self, slot)
            setattr(new, slot, value.copy() if isinstance(value, (set, list, dict)) else value)
        return new

    def grant(self, key: str, source: str) -> None:
        """``source``'s effect gives it ``key`` (a keyword, ``protection from X``, an ability)."""
        self.own_grants()[key] = source

    def own_grants(self) -> dict[str, str]:
        """``granted_by`` as a mapping of its own (the printed one is copied on the first change)."""
        if not isinstance(self.granted_by, dict):
            self.granted_by = dict(self.granted_by)
        return self.granted_by

    def has_ability(self, ability: object) -> bool:
        return id(ability) in map(id, self.abilities)  # this very ability, not an equal one

    def result(self) -> Permanent:
        if not self.touched:
            return self.perm
        new = object.__new__(Permanent)  # a shallow copy (copy.copy's, without its protocol)
        new.__dict__.update(self.perm.__dict__)
        new.__dict__.pop("_statics_by_name", None)  # gathered from the printed abilities: gather again
        pt = (self.power, self.toughness) if self.power is not None and self.toughness is not None else None
        for name, value in (("types", frozenset(self.types)), ("supertypes", frozenset(self.supertypes)),
                            ("subtypes", frozenset(self.subtypes)), ("colors", frozenset(self.colors)),
                            ("keywords", frozenset(self.keywords)), ("protections", frozenset(self.protections)),
                            ("abilities", tuple(self.abilities)),
                            ("granted_by", MappingProxyType(dict(self.granted_by))
                             if isinstance(self.granted_by, dict) else self.granted_by), ("layered_pt", pt),
                            ("controller", self.controller)):
            object.__setattr__(new, name, value)
        return new


class _Eff:
    """One continuous effect on this board."""

    __slots__ = ("source", "source_name", "controller", "attached_to", "timestamp", "order", "spec", "ability",
                 "affected", "fixed", "chosen")

    def __init__(self, source: str, source_name: str, controller: str, attached_to: str | None, timestamp: int,
                 order: tuple[int, int], spec: ContinuousSpec, ability: object | None,
                 fixed: frozenset[str] | None = None, chosen: tuple[str | None, Any] = (None, None)) -> None:
        self.source, self.source_name, self.controller = source, source_name, controller
        self.chosen = chosen  # the source's chosen type and color ("of the chosen type")
        self.attached_to, self.timestamp, self.order = attached_to, timestamp, order
        self.spec, self.ability = spec, ability
        self.fixed = fixed  # the objects of a board effect (``gains``)
        self.affected: frozenset[str] | None = fixed

    @property
    def key(self) -> tuple[int, tuple[int, int]]:
        return self.timestamp, self.order


# --------------------------------------------------------------------------- specs of abilities
def spec_of(ability: Static) -> ContinuousSpec:
    """The continuous effect a generating static ability describes."""
    if ability.name in ("continuous", "grants"):  # grants: an Aura's or Equipment's (613.1f)
        return ability.value
    return _lands_are_spec(ability.value)


def _board_spec(effect: Effect) -> ContinuousSpec:
    """The continuous effect of a board ``gains`` (613.1f), ``gets`` (613.4c) or ``land_type``
    effect (Cyclopean Tomb's "That land is a Swamp": sets its land type, 305.7, 613.1d): what a
    resolved spell or ability did to one permanent, timestamped when it resolved (613.7a)."""
    if effect.kind == "gets":
        return ContinuousSpec(affects=Affected(attached=True), gets=effect.pt)
    if effect.kind == "land_type":
        return ContinuousSpec(affects=Affected(attached=True),
                              set_land_types=frozenset({effect.land_type}))  # type: ignore[arg-type]
    return ContinuousSpec(affects=Affected(attached=True), gains=effect.abilities or ())


def _lands_are_spec(land_type: str) -> ContinuousSpec:
    """Celestial Dawn's "Lands you control are Plains." (305.7, 613.1d)."""
    return ContinuousSpec(affects=Affected(controller="you", types=frozenset({"land"})),
                          set_land_types=frozenset({land_type}))


# --------------------------------------------------------------------------- the engine
class _Engine:
    def __init__(self, board: Board, printed: tuple[Permanent, ...], effects: tuple[Effect, ...]) -> None:
        self.board = board
        self.state: dict[str, _Obj] = {p.id: _Obj(p) for p in printed}
        combat = board.combat
        for role, ids in (("attacking", [a.creature for a in combat.attackers] if combat else []),
                          ("blocking", [b.creature for b in (combat.blockers or ()) if b.blocks] if combat else [])):
            for oid in ids:
                if oid in self.state:
                    self.state[oid].in_combat = role
        for a in combat.attackers if combat else ():
            if a.creature in self.state:
                there = a.target is not None and (board.is_player(a.target) or board.has_permanent(a.target))
                self.state[a.creature].defending = board.defending_player_of(a.target) if there else a.defender
        self.timestamps = {p.id: (p.timestamp if p.timestamp is not None else i + 1) for i, p in enumerate(printed)}
        self.control(effects)
        for obj in self.state.values():
            obj.graveyard = len(board.zones[obj.controller].graveyard) if obj.controller in board.zones else 0
        for p in printed:
            kind = "aura" if "aura" in p.subtypes else "equipment" if "equipment" in p.subtypes else None
            if kind and p.attached_to in self.state:
                target = self.state[p.attached_to]
                target.attachments = target.attachments | {(kind, p.controller)}
        self.index = {p.id: i for i, p in enumerate(printed)}
        self.started: dict[tuple[str, int], _Eff] = {}
        self.by_type: dict[str, list[_Obj]] | None = None  # after layer 4, types no longer change
        last = max(self.timestamps.values(), default=0)
        self.board_effects = [self.board_effect(i, e, last, len(printed)) for i, e in enumerate(effects)
                              if (e.kind in ("gains", "gets", "land_type") and (e.creature or e.permanent) in self.state)
                              or e.kind == "continuous"]
        self.graveyard: dict[str, str] = {}  # card id -> its owner, for cards whose statics work there
        self.zone_effects = self.graveyard_effects(last + 1 + len(effects))

    def board_effect(self, i: int, e: Effect, last: int, n: int) -> _Eff:
        """A ``gains``, ``gets``, ``land_type`` or ``continuous`` board effect (611.2c): on the objects it names that are
        still here, or on what its spec's ``affects`` matches when it names none."""
        source = e.source or f"effects[{i}]"
        timestamp = e.timestamp if e.timestamp is not None else last + 1 + i
        if e.kind in ("gains", "gets", "land_type"):  # 613.7b: after every permanent
            spec, fixed = _board_spec(e), frozenset({e.creature or e.permanent})
        else:
            spec = e.spec  # type: ignore[assignment]
            fixed = None if e.objects is None else frozenset(o for o in e.objects if o in self.state)
        return _Eff(source, _name_of(self.state, e.source) or source, e.controller or "", None, timestamp, (n + i, 0),
                    spec, None, fixed=fixed)  # type: ignore[arg-type]

    def control(self, effects: tuple[Effect, ...]) -> None:
        """Layer 2 (613.1b): ``control`` board effects in timestamp order (613.7a; the board's
        order after every permanent when none is given)."""
        last = max(self.timestamps.values(), default=0)
        ordered = sorted(((e.timestamp if e.timestamp is not None else last + 1 + i, i, e)
                          for i, e in enumerate(effects) if e.kind == "control"), key=lambda t: t[:2])
        for timestamp, i, e in ordered:
            source = e.source or f"effects[{i}]"
            for oid in e.objects or ():
                obj = self.state.get(oid)
                if obj is not None and obj.controller != e.controller:
                    obj.controller = e.controller  # type: ignore[assignment]
                    obj.touched = True
                    obj.changes += (Change(source, _name_of(self.state, e.source) or source, "2", timestamp,
                                              f"is controlled by {e.controller}"),)

    def graveyard_effects(self, first: int) -> list[_Eff]:
        """113.6b: the statics of graveyard cards that say they function there ("As long as ~ is
        in your graveyard ..."); "you" is the card's owner (109.5). 613.7d: a card's timestamp
        is when it was put there, which the board doesn't say: graveyard cards come after every
        permanent and board effect, each graveyard oldest first (404.2), in player order."""
        out: list[_Eff] = []
        zones = getattr(self.board, "zones", None) or {}
        cards = [(p.name, zc) for p in self.board.players if p.name in zones for zc in zones[p.name].graveyard]
        for k, (owner, zc) in enumerate(cards):
            for j, a in enumerate(zc.statics):
                self.graveyard[zc.id] = owner
                out.append(_Eff(zc.id, zc.card.name, owner, None, first + k, (first + k, j), a.value, a))
        return out

    # -- which effects there are ---------------------------------------------------------
    def collect(self, layer: str) -> list[_Eff]:
        """The effects with a part in ``layer``: started ones (613.6) and those whose
        generating ability is on its object now."""
        out: dict[tuple[str, int], _Eff] = {}
        for key, eff in self.started.items():
            if layer in eff.spec.layers():
                out[key] = eff
        for obj in self.state.values():
            printed = obj.abilities is obj.perm.abilities
            for j, a in _generators_of(obj.abilities) if printed else _generators(obj.abilities):
                key = (obj.id, id(a))
                if key in out or key in self.started:
                    continue
                spec = spec_of(a)
                if layer in spec.layers():
                    out[key] = _Eff(obj.id, obj.perm.name, obj.controller, obj.perm.attached_to,
                                    self.timestamp_of(obj, a), (self.index[obj.id], j), spec, a,
                                    chosen=_chosen(obj.perm))
        effs = list(out.values()) + [e for e in self.board_effects if layer in e.spec.layers()]
        effs += [e for e in self.zone_effects if layer in e.spec.layers() and _ident(e) not in out]
        return sorted(effs, key=lambda e: e.key)

    def timestamp_of(self, obj: _Obj, ability: Static) -> int:
        """613.7a: the object's timestamp, or the granting effect's if that is later (an
        Aura's, or a board effect's, which comes after every permanent)."""
        own = self.timestamps[obj.id]
        return max(own, obj.granted_at.get(str(ability), 0)) if obj.granted_at else own

    def exists(self, eff: _Eff, state: Mapping[str, _Obj]) -> bool:
        """An effect applies if it has started (613.6) or its ability is still on its source
        and its condition holds (611.3b)."""
        if eff.affected is not None:
            return True
        if eff.source in self.graveyard or eff.ability is None:  # 113.6b: from a graveyard; a board effect
            return all(self.holds(c, eff, state) for c in eff.spec.condition)
        src = state.get(eff.source)
        if src is None or not src.has_ability(eff.ability):
            return False
        return all(self.holds(c, eff, state) for c in eff.spec.condition)

    def holds(self, c: Condition, eff: _Eff, state: Mapping[str, _Obj]) -> bool:
        board = self.board
        if c.kind in ("controls", "opponent_controls", "on_battlefield"):
            n = sum(1 for o in state.values()
                    if (c.kind == "on_battlefield" or (o.controller == eff.controller) == (c.kind == "controls"))
                    and _matches(c.filter, o, eff, state))  # type: ignore[arg-type]
            ok = n >= c.at_least
        elif c.kind == "all_share_a_color":
            ok = _share_a_color([o for o in state.values() if _matches(c.filter, o, eff, state)])  # type: ignore[arg-type]
        elif c.kind == "cards_in_graveyard":
            zones = getattr(board, "zones", None) or {}
            player_zones = zones.get(eff.controller) if hasattr(zones, "get") else None
            ok = len(getattr(player_zones, "graveyard", ()) or ()) >= c.at_least
        elif c.kind == "extra_turn":
            ok = bool(getattr(getattr(board, "turn", None), "extra_turn", False)) == c.value
        elif c.kind == "your_turn":
            ok = (board.active_player == eff.controller) == c.value
        elif c.kind == "day_night":
            ok = board.day_night == c.value
        elif c.kind == "monstrous":
            src = state.get(eff.source)
            ok = bool(src and src.perm.monstrous) == c.value
        elif c.kind == "source_equipped":  # 301.5: an Equipment attached to it
            ok = any(o.perm.attached_to == eff.source and "equipment" in o.subtypes for o in state.values()) == c.value
        elif c.kind == "counters_on_source":  # "any": counters of every kind (122.1)
            src = state.get(eff.source)
            counters = src.perm.counters if src is not None else {}
            n = sum(counters.values()) if c.value == "any" else counters.get(c.value, 0)
            ok = src is not None and n >= c.at_least and (c.at_most is None or n <= c.at_most)
        elif c.kind == "life_at_most":
            ok = any(p.name == eff.controller and p.life <= c.value for p in board.players)
        elif c.kind == "in_graveyard":
            ok = (eff.source in self.graveyard) == c.value
        elif c.kind == "paired":
            ok = (_partner(eff.source, state) is not None) == c.value
        elif c.kind in _BOARD_CONDITIONS:
            ok = _BOARD_CONDITIONS[c.kind](c, eff, state, board)
        else:  # source_untapped
            src = state.get(eff.source)
            ok = bool(src and not src.perm.tapped) == c.value
        return ok != c.negate

    def affected(self, eff: _Eff, state: Mapping[str, _Obj]) -> frozenset[str]:
        if eff.affected is not None:
            return eff.affected
        aff = eff.spec.affects
        if aff.paired:  # 702.95b: "both creatures"
            partner = _partner(eff.source, state)
            pair = (eff.source, partner) if partner is not None else ()
            return frozenset(oid for oid in pair if _matches(_unpaired(aff), state[oid], eff, state))
        if aff.attached or aff.self:
            oid = eff.attached_to if aff.attached else eff.source
            obj = state.get(oid) if oid is not None else None
            return frozenset({oid}) if obj is not None and _matches(aff, obj, eff, state) else frozenset()
        pool: Iterable[_Obj] = state.values()
        if self.by_type is not None and aff.types and state is self.state:
            pool = self.by_type.get(min(aff.types), ())
        if aff.highest_mana_value:
            pool = _highest_mana_value(state)
        return frozenset(o.id for o in pool if _matches(aff, o, eff, state))

    # -- dependency (613.8) ----------------------------------------------------------------
    def may_depend(self, e: _Eff, o: _Eff, layer: str) -> bool:
        """Cheap necessary condition for ``e`` depending on ``o`` in ``layer`` (613.8a)."""
        if e.affected is not None:
            return False  # started: what it applies to is fixed (613.6), its parts are constant
        writes = o.spec.writes(layer)
        if writes & e.spec.reads:
            return True
        removes = o.spec.loses_all_abilities or o.spec.loses or o.spec.cant_have or o.spec.set_land_types is not None
        return "abilities" in writes and bool(removes) and e.ability is not None

    def depends(self, e: _Eff, o: _Eff, layer: str) -> bool:
        """613.8a(b): applying ``o`` would change ``e``'s existence or what it applies to."""
        after = dict(self.state)
        for oid in self.affected(o, self.state):
            obj = after[oid].clone()
            after[oid] = obj
            self.apply_part(o, obj, layer, record=False)
        if self.exists(e, self.state) != self.exists(e, after):
            return True
        return self.exists(e, after) and self.affected(e, self.state) != self.affected(e, after)

    def candidates(self, pending: list[_Eff], layer: str) -> set[tuple[int, int]]:
        """The pairs (e, o) where ``e`` may depend on ``o`` (:meth:`may_depend`): a started effect
        depends on none (613.6)."""
        return {(id(e), id(o)) for e in pending if e.affected is None
                for o in pending if e is not o and self.may_depend(e, o, layer)}

    def order(self, pending: list[_Eff], layer: str, candidates: set[tuple[int, int]]) -> _Eff:
        """The next effect to apply (613.7, 613.8b): the earliest one that depends on no other
        pending effect outside its own dependency loop."""
        if not candidates:
            return pending[0]
        deps: dict[int, set[int]] = {i: set() for i in range(len(pending))}
        for i, e in enumerate(pending):
            for j, o in enumerate(pending):
                if i != j and (id(e), id(o)) in candidates and self.depends(e, o, layer):
                    deps[i].add(j)
        if not any(deps.values()):
            return pending[0]
        reach = {i: _reachable(i, deps) for i in deps}
        for i, e in enumerate(pending):  # pending is in timestamp order
            if all(i in reach[j] for j in reach[i]):  # every effect it waits for waits for it: a loop
                return e
        return pending[0]  # unreachable: a finite graph has a sink component

    # -- applying -------------------------------------------------------------------------
    def run(self) -> None:
        for layer in ("4", "5", "6", "7a", "7b", "7c", "7d"):
            counted = self.counter_order() if layer == "7c" else []
            pending = self.collect(layer)
            seen = {_ident(e) for e in pending}
            candidates = self.candidates(pending, layer)
            while pending:
                eff = self.order(pending, layer, candidates)
                while counted and counted[0][0] < eff.key:
                    self.counters(counted.pop(0)[1])
                pending.remove(eff)
                if not self.exists(eff, self.state):
                    continue
                if eff.affected is None:
                    eff.affected = self.affected(eff, self.state)
                    if eff.ability is not None:
                        self.started[(eff.source, id(eff.ability))] = eff
                objs = [self.state[oid] for oid in sorted(eff.affected, key=self.index.__getitem__)
                        if oid in self.state]
                counts = self.counts(eff, objs, layer)
                for obj in objs:
                    self.apply_part(eff, obj, layer, record=True, counts=counts)
                if layer == "6" and any(k == "static" and v.name in _GENERATING for k, v in eff.spec.gains):
                    # a granted ability's effect in this layer joins the ones left (613.7a)
                    new = [e for e in self.collect(layer) if _ident(e) not in seen]
                    seen |= {_ident(e) for e in new}
                    pending = sorted(pending + new, key=lambda e: e.key)
                    candidates = self.candidates(pending, layer)
            for _, obj in counted:
                self.counters(obj)
            if layer == "4":
                self.land_abilities()
                self.by_type = {}
                for obj in self.state.values():
                    for t in obj.types:
                        self.by_type.setdefault(t, []).append(obj)

    def counter_order(self) -> list[tuple[tuple[int, tuple[int, int]], _Obj]]:
        """613.4c, 613.7c: the objects with counters that modify power and toughness (+1/+1,
        -1/-1, +1/+0 ..., 122.1a), by the counters' timestamp: when they were put on it
        (``counters_timestamp``), else its own (613.7d: it entered with them, or got them before
        anything newer entered), before its own effects at the same timestamp. Effects never
        wait for counters (613.8a is about effects)."""
        out = []
        for obj in self.state.values():
            if any(counter_pt(obj.perm.counters)):
                ts = obj.perm.counters_timestamp if obj.perm.counters_timestamp is not None else self.timestamps[obj.id]
                out.append(((ts, (self.index[obj.id], -1)), obj))
        return sorted(out, key=lambda item: item[0])

    @staticmethod
    def counters(obj: _Obj) -> None:
        """613.4c: its counters that modify power and toughness apply (layer 7c)."""
        dp, dt = counter_pt(obj.perm.counters)
        if obj.power is not None and obj.toughness is not None:
            obj.power += dp
            obj.toughness += dt

    def land_abilities(self) -> None:
        """305.6: a land has "{T}: Add [mana]" for each basic land type it has, and only for
        those it has after layer 4 (305.7)."""
        intrinsic = {_land_ability(t).text for t in BASIC_LAND_MANA}
        for obj in self.state.values():
            if not obj.retyped:
                continue
            before = obj.perm.subtypes & set(BASIC_LAND_MANA) if obj.perm.is_land else frozenset()
            now = obj.subtypes & set(BASIC_LAND_MANA) if "land" in obj.types else set()
            lost = {_land_ability(t).text for t in before - now}
            obj.abilities = tuple(a for a in obj.abilities if not (isinstance(a, ManaAbility) and a.text in lost))
            have = {a.text for a in obj.abilities if isinstance(a, ManaAbility) and a.text in intrinsic}
            obj.abilities += tuple(_land_ability(t) for t in sorted(now, key=list(BASIC_LAND_MANA).index)
                                   if _land_ability(t).text not in have)

    def counts(self, eff: _Eff, objs: list[_Obj], layer: str) -> dict[str, int]:
        """What an effect counts (7a, 7c) for each of its objects, counted before it applies to any of them:
        it applies to all at once (613.4, 608.2h: the count is taken once, as it is applied), so "for each
        creature with power 2 or less" counts those it then makes bigger, whatever their order."""
        if eff.spec.for_each is None or layer not in ("7a", "7c"):
            return {}
        return {o.id: self.count(eff, o) for o in objs}

    def apply_part(self, eff: _Eff, obj: _Obj, layer: str, record: bool,
                   counts: Mapping[str, int] | None = None) -> None:
        """``eff``'s part in ``layer`` applied to ``obj``; ``counts``: what it counts, taken before it
        applied to any object (:meth:`counts`), else counted now."""
        s = eff.spec
        what: list[str] = []
        if layer == "4":
            if s.sets_types:
                what.append(_set_types(s, obj, eff.chosen[0]))
            if s.set_land_types is not None and "land" in obj.types:
                obj.subtypes = (obj.subtypes - LAND_SUBTYPES) | set(s.set_land_types)
                obj.abilities, obj.keywords, obj.protections, obj.granted_by, obj.granted_at = (), set(), set(), {}, {}
                what.append(f"is {' '.join(sorted(s.set_land_types))} and loses its rules-text abilities (305.7)")
            if s.add_types:
                obj.types |= s.add_types
            if s.remove_types:
                obj.types -= s.remove_types
            if s.add_subtypes:
                obj.subtypes |= s.add_subtypes
            if s.add_supertypes:
                obj.supertypes |= s.add_supertypes
            if s.remove_supertypes:
                obj.supertypes -= s.remove_supertypes
            obj.retyped = True
            if s.add_types or s.remove_types or s.add_subtypes or s.add_supertypes or s.remove_supertypes:
                what.append(_part(s, ("add_types", "remove_types", "add_subtypes", "add_supertypes",
                                      "remove_supertypes")))
        elif layer == "5":
            if s.set_colors is not None:
                obj.colors = set(s.set_colors)
            obj.colors |= s.add_colors
            what.append(_part(s, ("set_colors", "add_colors")))
        elif layer == "6":
            if s.loses_all_abilities:
                obj.abilities, obj.keywords, obj.protections, obj.granted_by, obj.granted_at = (), set(), set(), {}, {}
                what.append("loses all abilities")
            for kind, value in s.gains:
                if kind == "keyword" and value in obj.barred:
                    continue  # 113.11: an effect can't add an ability the object can't have
                if kind == "keyword":
                    obj.keywords |= {value}
                    obj.grant(value, eff.source)
                elif kind == "protection":
                    for quality in self.qualities(value, eff, obj):
                        obj.protections |= {quality}
                        obj.grant(f"protection from {quality}", eff.source)
                else:
                    obj.abilities += (value,)
                    key = value.text if kind in ("mana", "text", "activated") else str(value)
                    obj.grant(key, eff.source)
                    obj.granted_at = {**obj.granted_at, key: eff.timestamp}
            if s.gains:
                what.append(_part(s, ("gains",)))
            if s.loses:
                obj.keywords -= s.loses
                what.append("loses " + ", ".join(sorted(k.replace("_", " ") for k in s.loses)))
            if s.cant_have:
                self.bar(obj, s.cant_have, what)
        elif layer == "7a" and s.defines_pt is not None and "creature" in obj.types:
            n = self.count(eff, obj) if counts is None else counts[obj.id]
            if s.defines_pt in ("both", "power"):
                obj.power = n
            if s.defines_pt in ("both", "toughness"):
                obj.toughness = n
            what.append(f"{s.describe()}: {n} (604.3, 613.4a)")
        elif layer == "7b" and s.base_pt_mana_value:  # "each equal to its mana value" (202.3, 613.4b)
            obj.power = obj.toughness = obj.perm.mana_value
            what.append(f"has base power and toughness {obj.power}/{obj.toughness}, its mana value")
        elif layer == "7b" and s.set_pt is not None:
            obj.power, obj.toughness = s.set_pt
            what.append(f"is {s.set_pt[0]}/{s.set_pt[1]}")
        elif obj.power is not None and obj.toughness is not None:
            if layer == "7c" and s.gets is not None:
                n = 1 if s.for_each is None else self.count(eff, obj) if counts is None else counts[obj.id]
                np, nt = (n // 2, (n + 1) // 2) if s.halved else (n, n)  # Aspect of Wolf: half, down / up
                obj.power += s.gets[0] * np
                obj.toughness += s.gets[1] * nt
                what.append(f"gets {s.gets[0] * np:+d}/{s.gets[1] * nt:+d}"
                            + (f" ({n} x {s.gets[0]:+d}/{s.gets[1]:+d}{', halved' if s.halved else ''}, 613.4c)"
                               if s.for_each is not None else ""))
            elif layer == "7d" and s.switch_pt:
                obj.power, obj.toughness = obj.toughness, obj.power
                what.append("has its power and toughness switched")
        if what:
            obj.touched = True
            if record:
                obj.changes += (Change(eff.source, eff.source_name, layer, eff.timestamp, "; ".join(what)),)

    def qualities(self, value: str, eff: _Eff, obj: _Obj) -> list[str]:
        """The qualities of a granted protection (702.16a, g-h), as the board is in layer 6
        (colors are final after layer 5): the source's chosen color, the object's own colors
        (Earnest Fellowship), the colors of the permanents the source's controller controls
        (Pledge of Loyalty), or the colors outside that player's commander's color identity
        (Commander's Plate; none without a commander, 903.4)."""
        if value == "chosen_color":  # "protection from the chosen color" (its choice)
            return [eff.chosen[1].word]
        if value == "chosen_type":  # "from creatures of the chosen type": only creatures fight (506.3)
            return [eff.chosen[0]]
        if value == "its_colors":
            return sorted(c.word for c in obj.colors)
        if value == "colors_of_your_permanents":
            return sorted({c.word for o in self.state.values() if o.controller == eff.controller for c in o.colors})
        if value == "colors_outside_commander_identity":
            player = next((p for p in self.board.players if p.name == eff.controller), None)
            identity = player.commander_identity if player is not None else None
            return [] if identity is None else [c.word for c in Color if c.value not in identity]
        return [value]

    @staticmethod
    def bar(obj: _Obj, keywords: frozenset[str], what: list[str]) -> None:
        """113.11, 613.1f: the object loses the keywords it "can't have", and no effect applied
        after this one (whatever its timestamp) adds them (Archetype of Courage)."""
        obj.keywords -= keywords
        obj.barred |= keywords
        for k in keywords & obj.granted_by.keys():
            obj.own_grants().pop(k)
        what.append("can't have or gain " + ", ".join(sorted(k.replace("_", " ") for k in keywords)) + " (113.11)")

    def count(self, eff: _Eff, obj: _Obj) -> int:
        """What a counted effect counts for ``obj`` (7a, 7c), as the board is after the
        earlier layers: an Equipment or Aura is one after layer 4 (301.5, 303.4), colors are
        counted after layer 5 (105.2), domain counts the basic land types after layer 4
        (305.6); "other" in "for each other creature" is other than ``obj``, and for an Aura's or
        Equipment's "enchanted/equipped creature gets ..." other than the source too (Ancestral
        Mask's "for each other enchantment" doesn't count the Mask)."""
        each = eff.spec.for_each
        assert each is not None
        n = self._counted(each, eff, obj)
        return each.plus - n if each.subtracted else each.plus + n

    def _counted(self, each: ForEach, eff: _Eff, obj: _Obj) -> int:
        if each.counters_on_source is not None or each.counters_on_it is not None:
            holder = self.state.get(eff.source) if each.counters_on_source is not None else obj
            return _counters(holder.perm.counters if holder else {}, each.counters_on_source or each.counters_on_it)
        if each.colors_of_it:
            return len(obj.colors)
        if each.mana_value_of_it or each.mana_symbols_of_it:  # 202.3 (X is 0), 105.2 hybrid symbols count
            cost = obj.perm.mana_cost
            if cost is None:
                return 0
            if each.mana_value_of_it:
                return cost.mana_value
            return sum(1 for s in cost.symbols if any(c.word == each.mana_symbols_of_it for c in s.colors))
        if each.bushido_of_it:  # 702.45b: every instance counts
            return sum(a.value for a in obj.abilities if isinstance(a, Static) and a.name == "bushido")
        if each.highest_life_total:  # 119: "the highest life total among players"
            return max((p.life for p in self.board.players), default=0)
        if each.party:
            return _party([o for o in self.state.values() if o.controller == eff.controller and "creature" in o.types])
        if each.card_count is not None:
            return _cards(self.board, each.card_count, eff.controller, obj.controller)
        if each.permanents is None:
            flt = each.colors_among or each.basic_land_types_among
            found: set[Any] = set()
            for o in self.state.values():
                if _matches(flt, o, eff, self.state):  # type: ignore[arg-type]
                    found |= o.colors if each.colors_among else o.subtypes & _BASIC_LAND_TYPES
            return len(found)
        filters = [_without_other(f) for f in (each.permanents, *each.also)]
        others = {obj.id, eff.source} if eff.spec.affects.attached else {obj.id}
        n = 0
        for o in self.state.values():
            if (each.permanents.other and o.id in others) or not any(_matches(f, o, eff, self.state) for f in filters):
                continue
            host = o.perm.attached_to
            if each.attached_to is not None and not (
                    host == obj.id if each.attached_to == "it" else host == eff.source if each.attached_to == "source"
                    else host in self.state and "creature" in self.state[host].types):
                continue
            if each.shares_creature_type and not _creature_types(o) & _creature_types(obj):
                continue
            if each.same_name and o.perm.name != obj.perm.name:
                continue
            n += _counters(o.perm.counters, each.counters) if each.counters else 1
        return n

    # -- after the layers (613.11) ------------------------------------------------------------
    def rule_effects(self) -> list[Effect]:
        """Rules effects of statics whose source still has the ability and of ``continuous``
        board effects: per-creature vocabulary on the affected creatures, and board effects."""
        out: list[Effect] = []
        state = self.state
        found: list[_Eff] = []
        for obj in list(state.values()):
            for a in obj.abilities:
                if isinstance(a, Static) and a.name == "continuous":
                    found.append(_Eff(obj.id, obj.perm.name, obj.controller, obj.perm.attached_to,
                                      self.timestamps[obj.id], (self.index[obj.id], 0), a.value, a,
                                      chosen=_chosen(obj.perm)))
        found += [e for e in self.board_effects if e.spec.rules]
        for eff in found:
            s: ContinuousSpec = eff.spec
            if not (s.rules or s.board_rules or s.goaded) or not self.exists(eff, state):
                continue
            for kind, n in s.board_rules:
                if kind == "max_attackers_against_you":  # 508.1c: the cap protects the source's controller
                    out.append(Effect(kind="max_attackers_against", n=n, defender=eff.controller, source=eff.source))
                elif kind == "opponents_hand_size_reduced":  # 402.2
                    out += [Effect(kind="hand_size_reduced", n=n, defender=p, source=eff.source)
                            for p in self.board.opponents(eff.controller)]
                else:
                    out.append(Effect(kind=kind, n=n, source=eff.source))
            if s.goaded:
                out += self.goad(eff)
            for oid in sorted(self.affected(eff, state), key=self.index.__getitem__) if s.rules else ():
                target = state[oid]
                for kind, value in s.rules:
                    static = Static(value, eff.controller) if kind == "you" else value
                    if kind == "bound":
                        static = self.bound_rule(value, eff)
                        if static is None:
                            continue
                    target.abilities += (static,)
                    target.grant(str(static), eff.source)
                target.touched = True
                target.changes += (Change(eff.source, eff.source_name, "rules", eff.timestamp,
                                          ", ".join(atom_text(r) for r in s.rules)),)
        return out

    def bound_rule(self, rule: Any, eff: _Eff) -> Static | None:
        """A :class:`~mtgsolver.model.continuous.BoundRule` on the board after the layers:
        ``cant_be_blocked_by`` creatures with power at most the bound less one (509.1b); none
        when the source has no power (208.3)."""
        if rule.bound is None:
            src = self.state.get(eff.source)
            bound = src.power if src is not None and "creature" in src.types else None
        else:
            flt = rule.bound.permanents
            bound = sum(1 for o in self.state.values() if _matches(flt, o, eff, self.state)) + rule.bound.plus
        if bound is None:
            return None
        return Static("cant_be_blocked_by", CreatureFilter(power_at_most=bound - 1))

    def goad(self, eff: _Eff) -> list[Effect]:
        """701.15a: "Enchanted creature ... is goaded": each affected creature is goaded by the
        source's controller for as long as the effect applies (a board ``goaded`` effect)."""
        out = []
        for oid in sorted(self.affected(eff, self.state), key=self.index.__getitem__):
            target = self.state[oid]
            if "creature" not in target.types:
                continue
            out.append(Effect(kind="goaded", creature=oid, by=eff.controller, source=eff.source))
            target.changes += (Change(eff.source, eff.source_name, "rules", eff.timestamp,
                                         f"is goaded by {eff.controller} (701.15)"),)
        return out


def _highest_mana_value(state: Mapping[str, _Obj]) -> list[_Obj]:
    """The creatures whose mana value is the highest among the creatures on the battlefield,
    ties included (Favor of the Mighty's rulings; 202.3: no mana cost is 0, X is 0)."""
    creatures = [o for o in state.values() if "creature" in o.types]
    values = {o.id: o.perm.mana_cost.mana_value if o.perm.mana_cost is not None else 0 for o in creatures}
    top = max(values.values(), default=0)
    return [o for o in creatures if values[o.id] == top]


def _set_types(s: ContinuousSpec, obj: _Obj, chosen_type: str | None) -> str:
    """The type-setting parts of a layer-4 effect (613.1d), in this order: ``set_types`` (205.1a:
    the new card types replace the old; a subtype stays only if it is a subtype of a card type
    the object still has; supertypes stay), ``set_creature_types`` (205.1a: they replace its
    creature types), ``all_creature_types`` (205.3m), ``add_chosen_type`` (the source's choice,
    "is the chosen type in addition to its other types", 205.1b), ``remove_land_types``."""
    kinds = subtypes()
    if s.set_types is not None:
        obj.types = set(s.set_types)
        has = obj.types | ({"creature"} if "kindred" in obj.types else set())
        obj.subtypes = {t for t in obj.subtypes if kinds.get(t) in has}
    if s.set_creature_types is not None:
        obj.subtypes = {t for t in obj.subtypes if kinds.get(t) != "creature"} | set(s.set_creature_types)
    if s.all_creature_types:
        obj.subtypes |= _every_creature_type()
    if s.add_chosen_type and chosen_type is not None:
        obj.subtypes |= {chosen_type}
    if s.remove_land_types:
        obj.subtypes = {t for t in obj.subtypes if kinds.get(t) != "land"}
    return "; ".join(setting_words(s))


@functools.lru_cache(maxsize=1)
def _every_creature_type() -> frozenset[str]:
    """Every creature type (205.3m)."""
    return frozenset(t for t, kind in subtypes().items() if kind == "creature")


# --------------------------------------------------------------------------- conditions (611.3b)
def _attached_obj(eff: _Eff, state: Mapping[str, _Obj]) -> _Obj | None:
    """The object the source is attached to (303.4, 301.5), as it is now."""
    return state.get(eff.attached_to) if eff.attached_to is not None else None


def _player_of(board: Board, name: str) -> Any:
    return next((p for p in board.players if p.name == name), None)


def _attached_matches(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """"As long as enchanted land is a basic Mountain", "... equipped creature is tapped"."""
    obj = _attached_obj(eff, state)
    return obj is not None and _matches(c.filter, obj, eff, state)  # type: ignore[arg-type]


def _attached_equipment(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """"As long as two or more Equipment are attached to it" (301.5)."""
    obj = _attached_obj(eff, state)
    n = sum(1 for o in state.values() if obj is not None and o.perm.attached_to == obj.id and "equipment" in o.subtypes)
    return n >= c.value


def _attached_controller_controls(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """"As long as its controller controls no other creatures": ``other`` is other than the
    object the source is attached to."""
    obj = _attached_obj(eff, state)
    if obj is None:
        return False
    flt = _without_other(c.filter)  # type: ignore[arg-type]
    n = sum(1 for o in state.values() if o.controller == obj.controller and _matches(flt, o, eff, state)
            and not (c.filter.other and o.id == obj.id))  # type: ignore[union-attr]
    return n >= c.at_least


def _attached_to_yours(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """301.5: a permanent matching the filter is attached to a creature the source's controller
    controls."""
    def yours(oid: str | None) -> bool:
        host = state.get(oid) if oid is not None else None
        return host is not None and host.controller == eff.controller and "creature" in host.types

    return any(yours(o.perm.attached_to) and _matches(c.filter, o, eff, state) for o in state.values())  # type: ignore[arg-type]


def _source_enchanted(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """303.4: an Aura is attached to the source."""
    return any(o.perm.attached_to == eff.source and "aura" in o.subtypes for o in state.values()) == c.value


def _completed_dungeon(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """309.7: the controller has completed a dungeon this game (a player field)."""
    player = _player_of(board, eff.controller)
    return bool(player and player.completed_dungeon) == c.value


def _city_blessing(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """702.131c: the controller has the city's blessing (a player field), or gets it now: a
    permanent with ascend among ten or more permanents they control (702.131b)."""
    player = _player_of(board, eff.controller)
    mine = [o for o in state.values() if o.controller == eff.controller]
    ascends = len(mine) >= 10 and any("ascend" in o.keywords for o in mine)
    return (bool(player and player.city_blessing) or ascends) == c.value


def _creature_died(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """Morbid (207.2c): a creature died this turn (700.4), any player's."""
    return board.turn.creature_died == c.value


def _permanent_left(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """Revolt (207.2c): a permanent the controller controlled left the battlefield this turn."""
    return (eff.controller in board.turn.permanent_left) == c.value


def _hand_at_most(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """"As long as you have one or fewer cards in hand" (402: the hand's count)."""
    zones = board.zones.get(eff.controller)
    return (zones.hand_count if zones is not None else 0) <= c.value


def _life_over_starting(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """103.4: the controller's life total is at least their starting life total plus ``value``."""
    player = _player_of(board, eff.controller)
    return player is not None and player.life >= player.starting_life + c.value


def _life_at_least(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """119: the controller has ``value`` or more life ("as long as you have 30 or more life")."""
    player = _player_of(board, eff.controller)
    return player is not None and player.life >= c.value


def _opponent_graveyard(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """"As long as an opponent has eight or more cards in their graveyard" (404)."""
    return any(len(z.graveyard) >= c.value for name, z in board.zones.items() if name != eff.controller)


def _graveyard_types(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """Delirium (207.2c): ``value`` or more card types (205.2a) among cards in the controller's
    graveyard."""
    zones = board.zones.get(eff.controller)
    kinds = {_OLD_NAMES.get(t, t) for z in (zones.graveyard if zones is not None else ()) for t in _card_types(z.card)}
    return len(kinds & _CARD_TYPES) >= c.value


def _graveyard_cards(c: Condition, eff: _Eff, state: Mapping[str, _Obj], board: Board) -> bool:
    """Spell mastery (207.2c): ``at_least`` cards of one of the card types ``value`` in the
    controller's graveyard."""
    zones = board.zones.get(eff.controller)
    wanted = set(c.value)
    cards = zones.graveyard if zones is not None else ()
    return sum(1 for z in cards if wanted & set(_card_types(z.card))) >= c.at_least


#: 205.2a: the card types ("tribal" is kindred's name in older card files).
_CARD_TYPES = frozenset("artifact battle conspiracy creature dungeon enchantment instant kindred land phenomenon plane "
                        "planeswalker scheme sorcery vanguard".split())
_OLD_NAMES = {"tribal": "kindred"}

_BOARD_CONDITIONS = {
    "attached_matches": _attached_matches, "attached_equipment": _attached_equipment,
    "attached_controller_controls": _attached_controller_controls, "source_enchanted": _source_enchanted,
    "attached_to_yours": _attached_to_yours,
    "completed_dungeon": _completed_dungeon, "city_blessing": _city_blessing, "hand_at_most": _hand_at_most,
    "life_over_starting": _life_over_starting, "opponent_graveyard": _opponent_graveyard,
    "graveyard_types": _graveyard_types, "graveyard_cards": _graveyard_cards, "life_at_least": _life_at_least,
    "permanent_left": _permanent_left,
    "creature_died": _creature_died,
}


_BASIC_LAND_TYPES = frozenset(BASIC_LAND_MANA)


_PARTY = ("cleric", "rogue", "warrior", "wizard")


def _creature_types(obj: _Obj) -> frozenset[str]:
    """Its creature types (205.3m; one on a noncreature counts too: Kindred); a printed
    changeling is every creature type (702.73a, a characteristic-defining ability applied in
    layer 4)."""
    from mtgsolver.model.subtypes import subtypes

    kinds = subtypes()
    if "changeling" in obj.perm.keywords:
        return frozenset(s for s, kind in kinds.items() if kind == "creature")
    return frozenset(s for s in obj.subtypes if kinds.get(s) == "creature")


def _party(creatures: list[_Obj]) -> int:
    """700.8: up to one each of Cleric, Rogue, Warrior and Wizard, a creature filling one role,
    counted the way that gives the most (700.8b): a maximum matching of roles to creatures."""
    kinds = {o.id: _creature_types(o) for o in creatures}
    role_of: dict[str, str] = {}

    def place(role: str, seen: set[str]) -> bool:  # an augmenting path (Kuhn)
        for oid, types in kinds.items():
            if role in types and oid not in seen:
                seen.add(oid)
                if oid not in role_of or place(role_of[oid], seen):
                    role_of[oid] = role
                    return True
        return False

    return sum(1 for role in _PARTY if place(role, set()))


def _counters(counters: Mapping[str, int], kind: str) -> int:
    """Counters of a kind on an object (122.1); ``any``: all of them."""
    return sum(counters.values()) if kind == "any" else counters.get(kind, 0)


def _cards(board: Board, what: CardCount, you: str, its_controller: str) -> int:
    """Cards in graveyards (404: public, listed on the board) or in a hand (402: its size,
    ``hand_count``), of any of ``what.types``, of the name ``what.named``."""
    zones = getattr(board, "zones", None) or {}
    players = [p.name for p in board.players] if what.whose == "all" else [you if what.whose == "you" else its_controller]
    n = 0
    for player in players:
        z = zones.get(player) if hasattr(zones, "get") else None
        if what.zone == "hand":
            n += int(getattr(z, "hand_count", 0) or 0)
        else:
            n += sum(1 for c in getattr(z, "graveyard", ()) or ()
                     if (not what.types or what.types & _card_types(c.card))
                     and (what.named is None or c.card.name.lower() == what.named.lower()))
    return n


@functools.lru_cache(maxsize=None)
def _land_ability(land_type: str) -> ManaAbility:
    """305.6: the mana ability a basic land type gives."""
    return basic_land_ability(land_type)


@functools.lru_cache(maxsize=4096)
def _part(spec: ContinuousSpec, keys: tuple[str, ...]) -> str:
    """How a change names the part of ``spec`` made of ``keys``."""
    return ContinuousSpec(**{k: getattr(spec, k) for k in keys}).describe()


def _attached_as(how: str, obj: _Obj) -> bool:
    """303.4, 301.5, 700.9: enchanted, equipped, either, or modified (equipped, enchanted by an
    Aura its controller controls, or with a counter)."""
    kinds = {k for k, _ in obj.attachments}
    if how == "modified":
        return ("equipment" in kinds or ("aura", obj.controller) in obj.attachments
                or any(v > 0 for v in obj.perm.counters.values()))
    wanted = {"enchanted": {"aura"}, "equipped": {"equipment"}}.get(how, {"aura", "equipment"})
    return bool(kinds & wanted)


def _matches_itself(aff: Affected, obj: _Obj, eff: _Eff, state: Mapping[str, _Obj] | None) -> bool:
    """611.3b: the conditions on the affected object: not attacking (506.4), cards in its
    controller's graveyard, a color or creature type shared with what the source is attached
    to (105.1, 205.3m; with itself too)."""
    if aff.not_attacking and obj.in_combat == "attacking":
        return False
    if aff.highest_mana_value and (state is None or obj.id not in {o.id for o in _highest_mana_value(state)}):
        return False  # Favor of the Mighty: among the creatures on the battlefield, ties included
    for bound, low in ((aff.controller_graveyard_at_least, True), (aff.controller_graveyard_at_most, False)):
        if bound is not None and (obj.graveyard < bound if low else obj.graveyard > bound):
            return False
    if aff.shares_with_attached is None:
        return True
    host = state.get(eff.attached_to) if state is not None and eff.attached_to is not None else None
    if host is None:
        return False
    if aff.shares_with_attached == "color":
        return bool(host.colors & obj.colors)
    return bool(_creature_types(host) & _creature_types(obj))


def _share_a_color(objs: list[_Obj]) -> bool:
    """105.1: some color is a color of every one of them (vacuous for none)."""
    if not objs:
        return True
    common = set(objs[0].colors)
    for o in objs[1:]:
        common &= o.colors
    return bool(common)


def _chosen(perm: Permanent) -> tuple[str | None, Any]:
    return perm.chosen_type, Color(perm.chosen_color) if perm.chosen_color else None


@functools.lru_cache(maxsize=256)
def _without_other(aff: Affected) -> Affected:
    return dataclasses.replace(aff, other=False)


@functools.lru_cache(maxsize=256)
def _unpaired(aff: Affected) -> Affected:
    return dataclasses.replace(aff, paired=False)


def _partner(pid: str, state: Mapping[str, _Obj]) -> str | None:
    """The creature ``pid`` is paired with (702.95b), if the pair holds now: both on the
    battlefield, both creatures, one controller (702.95e)."""
    me = state.get(pid)
    other = state.get(me.perm.paired_with) if me is not None and me.perm.paired_with else None
    if other is None or "creature" not in me.types or "creature" not in other.types:  # type: ignore[union-attr]
        return None
    return other.id if other.controller == me.controller else None  # type: ignore[union-attr]


def _card_types(card: Any) -> frozenset[str]:
    return frozenset(t.lower() for t in getattr(card, "types", ()) or ())


def _name_of(state: Mapping[str, _Obj], pid: str | None) -> str | None:
    return state[pid].perm.name if pid in state else None


def _ident(eff: _Eff) -> tuple[str, int]:
    return (eff.source, id(eff.ability)) if eff.ability is not None else ("", id(eff))


def _reachable(start: int, deps: Mapping[int, set[int]]) -> set[int]:
    seen: set[int] = set()
    todo = list(deps[start])
    while todo:
        j = todo.pop()
        if j not in seen:
            seen.add(j)
            todo.extend(deps[j])
    return seen


def _matches(aff: Affected, obj: _Obj, eff: _Eff, state: Mapping[str, _Obj] | None = None) -> bool:
    """Whether ``obj`` (as it is now, among ``state``) is in the effect's affected set (611.3a),
    conditions on the object itself included (611.3b: "enchanted creature ... as long as it's a
    Zombie"); ``self`` with other fields is the source while it matches them ("as long as it's
    attacking")."""
    if aff.self and obj.id != eff.source:
        return False
    if aff.attached and obj.id != eff.attached_to:
        return False
    if not _matches_itself(aff, obj, eff, state):
        return False
    if aff.other and obj.id == eff.source:
        return False
    if aff.controller == "you" and obj.controller != eff.controller:
        return False
    if aff.controller == "opponents" and obj.controller == eff.controller:
        return False
    if aff.controller == "defending" and (eff.source not in state or obj.controller != state[eff.source].defending):
        return False  # 508.5a: none outside combat
    if aff.types and not aff.types <= obj.types:
        return False
    if aff.not_types & obj.types or aff.not_subtypes & obj.subtypes or aff.not_supertypes & obj.supertypes:
        return False
    if aff.subtypes and not aff.subtypes & obj.subtypes:
        return False
    if aff.supertypes and not aff.supertypes <= obj.supertypes:
        return False
    if aff.colors and not aff.colors & obj.colors:
        return False
    if aff.not_colors & obj.colors:
        return False
    if aff.keywords and not aff.keywords <= obj.keywords:
        return False
    if aff.not_keywords & obj.keywords:
        return False
    if aff.named is not None and obj.perm.name != aff.named:
        return False
    if (aff.attacking and obj.in_combat != "attacking") or (aff.blocking and obj.in_combat != "blocking"):
        return False
    if aff.counter is not None and not (obj.perm.counters.get(aff.counter, 0) > 0 if aff.counter != "any"
                                        else any(v > 0 for v in obj.perm.counters.values())):
        return False
    if (aff.token is not None and obj.perm.token != aff.token) or (aff.tapped is not None and obj.perm.tapped != aff.tapped):
        return False
    if (aff.multicolored and len(obj.colors) < 2) or (aff.colorless and obj.colors) or (aff.commander and not obj.perm.is_commander):
        return False
    if aff.attachments is not None and not _attached_as(aff.attachments, obj):
        return False
    if aff.chosen_type and eff.chosen[0] not in obj.subtypes:
        return False
    if aff.chosen_color and eff.chosen[1] not in obj.colors:
        return False
    if aff.any_of and not any(_matches(m, obj, eff, state) for m in aff.any_of):
        return False  # a union of groups (611.3a: "Skeletons you control and other Zombies you control")
    if aff.x_bounds:  # set as a spell or ability is cast or activated (107.3a), never in a static ability
        raise UnsupportedError(f"a filter {aff.describe()} outside a spell or ability that chose X")
    mana_value = obj.perm.mana_value  # 202.3, X counts as 0 (107.3g)
    if (aff.mana_value_at_least is not None and mana_value < aff.mana_value_at_least
            or aff.mana_value_at_most is not None and mana_value > aff.mana_value_at_most):
        return False
    if "pt" not in aff.reads:
        return True
    p, t = obj.power, obj.toughness
    for bound, value, low in ((aff.power_at_least, p, True), (aff.power_at_most, p, False),
                              (aff.toughness_at_least, t, True), (aff.toughness_at_most, t, False)):
        if bound is not None and (value is None or (value < bound if low else value > bound)):
            return False
    return True


# --------------------------------------------------------------------------- asked of a layered board
class Query:
    """The filters, counts and conditions of continuous effects, asked of a layered board as it
    is now on behalf of a source and its controller: what an effect of a resolving spell or
    ability finds as it happens (608.2h, 611.2c), what a target may be (115.1), whether an
    intervening "if" holds (603.4).

    ``source`` is the id of the object the ability or spell belongs to (``other``: not it;
    "you" is ``controller``); ``attached_to`` what it was attached to (``enchanted``).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.engine = _Engine(board, board.permanents, ())
        for obj in self.engine.state.values():  # the layered power and toughness (613.4)
            obj.power, obj.toughness = obj.perm.power, obj.perm.toughness

    def _eff(self, source: str | None, controller: str, attached_to: str | None) -> _Eff:
        obj = self.engine.state.get(source or "")
        chosen = _chosen(obj.perm) if obj is not None else (None, None)
        return _Eff(source or "", obj.perm.name if obj is not None else source or "", controller, attached_to, 0,
                    (0, 0), ContinuousSpec(), None, chosen=chosen)

    def matching(self, aff: Affected, source: str | None, controller: str,
                 attached_to: str | None = None) -> list[str]:
        """The permanents matching ``aff``, in board order."""
        eff = self._eff(source, controller, attached_to)
        eff.spec = ContinuousSpec(affects=self._counted_x(aff, source, controller))
        found = self.engine.affected(eff, self.engine.state)
        return [p.id for p in self.board.permanents if p.id in found]

    def matches(self, aff: Affected, pid: str, source: str | None, controller: str,
                attached_to: str | None = None, obj: Permanent | None = None) -> bool:
        """Whether the permanent ``pid`` (or ``obj``, an object off the battlefield seen as a
        permanent: a spell, a card, what a permanent last was) matches ``aff``."""
        state = self.engine.state
        target = _Obj(obj) if obj is not None else state.get(pid)
        if target is None:
            return False
        if obj is not None:
            target.power, target.toughness = obj.power, obj.toughness
        if aff.self:
            return pid == source
        return _matches(self._counted_x(aff, source, controller), target, self._eff(source, controller, attached_to),
                        state)

    def _counted_x(self, aff: Affected, source: str | None, controller: str) -> Affected:
        """``aff`` with its bounds that are an X the text defines as a count set to that count now
        (107.3c: "where X is the number of Faeries you control", counted each time it is asked)."""
        if aff.x_count is None:
            return aff
        n = self.count(aff.x_count, source, controller)
        return dataclasses.replace(aff, x_bounds=frozenset(), x_count=None, **dict.fromkeys(aff.x_bounds, n))

    def count(self, each: ForEach, source: str | None, controller: str, obj: str | None = None) -> int:
        """What ``each`` counts ("for each creature you control", 608.2h); relative parts
        ("counters on it") are of ``obj``, default the source."""
        eff = self._eff(source, controller, None)
        eff.spec = ContinuousSpec(for_each=each)
        target = self.engine.state.get(obj or source or "")
        if target is None and each.permanents is None and each.card_count is None and not each.party \
                and each.colors_among is None and each.basic_land_types_among is None:
            return each.plus  # a count of an object no longer here
        placeholder = target or _Obj(Permanent("", "", controller, controller))
        return self.engine.count(eff, placeholder)

    def holds(self, conditions: Iterable[Condition], source: str | None, controller: str) -> bool:
        """Whether every condition holds (611.3b, 603.4, 608.2c)."""
        eff = self._eff(source, controller, None)
        return all(self.engine.holds(c, eff, self.engine.state) for c in conditions)


# --------------------------------------------------------------------------- entry points
def apply_layers(board: Board) -> Board:
    """The board with every continuous effect applied (613); idempotent.

    The printed permanents and effects are kept in ``board.layers`` (a :class:`LayerResult`)
    so that the layers can be applied again to a changed board.
    """
    if board.layers is not None:
        printed, effects = board.layers.printed, board.layers.effects
    else:
        printed, effects = board.permanents, board.effects
    copies = _copy_changes(printed)
    if not _has_continuous_effects(board, printed, effects):  # every permanent as printed
        return board.replace(permanents=tuple(printed), effects=tuple(effects),
                             layers=LayerResult(tuple(printed), tuple(effects), MappingProxyType(copies)))
    engine = _Engine(board, printed, effects)
    engine.run()
    extra = engine.rule_effects()
    perms = tuple(engine.state[p.id].result() for p in printed)
    changes = {pid: tuple(o.changes) for pid, o in engine.state.items() if o.changes}
    changes = {pid: copies.get(pid, ()) + changes.get(pid, ()) for pid in dict.fromkeys([*copies, *changes])}
    return board.replace(permanents=perms, effects=tuple(effects) + tuple(extra),
                         layers=LayerResult(tuple(printed), tuple(effects), MappingProxyType(changes)))


def _copy_changes(printed: Iterable[Permanent]) -> dict[str, tuple[Change, ...]]:
    """Layer 1 (613.2a): a permanent that entered as a copy has the copiable values it copied
    as its printed values (707.2, :mod:`mtgsolver.rules.copies`); the change is recorded here,
    before every other layer."""
    return {p.id: (Change(p.id, p.name, "1", p.timestamp or 0, f"the copiable values of {p.copy_of} (707.2)"),)
            for p in printed if p.copy_of is not None}


def _has_continuous_effects(board: Board, printed: Iterable[Permanent], effects: Iterable[Effect]) -> bool:
    """Whether anything on the board generates a continuous effect (611.3, 613.2): a board
    effect the layers apply, a generating static of a permanent, a static of a graveyard card
    (113.6b). Without one, the layers change nothing."""
    if not _LAYERED_EFFECTS.isdisjoint([e.kind for e in effects]):
        return True
    if any(zc.statics for z in board.zones.values() for zc in z.graveyard):
        return True
    return any(_generators_of(p.abilities) for p in printed)


def _generators(abilities: tuple[Any, ...]) -> tuple[tuple[int, Static], ...]:
    """A permanent's statics that generate a continuous effect (611.3a), with their places
    among its abilities."""
    return tuple((j, a) for j, a in enumerate(abilities) if isinstance(a, Static) and a.name in _GENERATING)


#: :func:`_generators` of the printed abilities, remembered for each tuple of them.
_generators_of = IdentityMemo(_generators, 65536)


def combat_dependent(board: Board) -> tuple[str, ...]:
    """The permanents whose continuous effects read which creatures attack or block (506.4:
    "attacking creatures", "as long as it's attacking / not attacking / blocking"): the layers
    apply them to the board's declared combat, so a search over other combats can't use them.
    Their statics as printed and as the layers left them (one an Aura or a lord grants, 613.1f)."""
    def reads_combat(a: Affected | None) -> bool:
        return a is not None and (a.attacking or a.blocking or a.not_attacking)

    printed = {p.id: p.abilities for p in board.layers.printed} if board.layers is not None else {}
    out = []
    for p in board.permanents:
        for a in (*printed.get(p.id, ()), *p.abilities):
            spec = a.value if isinstance(a, Static) and a.name == "continuous" else None
            if isinstance(spec, ContinuousSpec) and (reads_combat(spec.affects)
                                                     or any(reads_combat(c.filter) for c in spec.condition)):
                out.append(f"{p.name} ({p.id})")
                break
    return tuple(out)


def changes_of(board: Board, pid: str) -> tuple[Change, ...]:
    """The changes the layers made to one permanent (empty if none or not layered)."""
    return board.layers.changes.get(pid, ()) if board.layers is not None else ()


def printed_of(board: Board, pid: str) -> Permanent:
    """The permanent as printed (before the layers)."""
    if board.layers is None:
        return board.permanent(pid)
    return next(p for p in board.layers.printed if p.id == pid)


def source_note(board: Board | None, perm: Permanent, key: str) -> str:
    """`` (from Goblin War Drums (drums))`` when ``perm`` has ``key`` (a keyword, ``protection
    from red``, or an ability as ``str`` prints it) from another permanent's effect (613), else
    ``""``: the words answers add to a reason (just the id without a ``board``)."""
    source = perm.granted_by.get(key)
    if source is None or source == perm.id:
        return ""
    if board is not None and not board.has_permanent(source):
        name = next((zc.name for z in (getattr(board, "zones", None) or {}).values() for zc in z.graveyard
                     if zc.id == source), None)  # a card whose static works from a graveyard (113.6b)
        return f" (from {name} ({source}))" if name else f" (from {source})"
    if board is None:
        return f" (from {source})"
    name = board.permanent(source).name
    return f" (from {name} ({source}))"
