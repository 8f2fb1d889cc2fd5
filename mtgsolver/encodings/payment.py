"""CP-SAT model of paying a mana cost from a board's sources (CR 106, 107.4, 118, 601.2g-h, 605).

The model chooses which activation :class:`~mtgsolver.rules.mana_sources.Instance` to
activate, how each resolves, and how the mana (with the mana already in the pool) pays every
symbol of the cost. Mana paying an activation's own mana cost must come from the pool, from
activations with no mana cost, or from an activation ranked earlier: every flow of mana from
one activation to another orders them (``rank``), so the plan has no cycle and can be carried
out (605.3a). A permanent sacrificed by an activation is used by its own abilities first.

Per mana type ``t`` the spell sees ``avail[t]`` mana, of which ``snow_avail[t]`` came from
snow sources (106.3): {S} symbols use snow mana, everything else any mana of a fitting type
(107.4a-h); generic symbols and X any type (107.4b); {C} only colorless (107.4c); {2/W} one
white or two generic (107.4e); Phyrexian symbols one mana of the color or 2 life (107.4f),
and a player pays life only up to their life total (119.4). Mana abilities resolve at once
(605.3b) before the cost is paid (601.2g-h), so damage they deal (Ancient Tomb) comes off the
life total before Phyrexian life is paid; abilities that cost life are activated first.

Costs that draw on a :class:`~mtgsolver.rules.mana_sources.Resource` (cards in a hand,
library or graveyard, counters on a permanent) take no more than there are, over every
activation (118.3); "tap N untapped WHAT you control" picks that many of its candidates, and
each permanent is tapped at most once, by its own {T} ability or for such a cost (701.26a).

Each kept cost ("keep open") gets its own copy of the sources, restricted to the permanents
the payment leaves untouched and to the life and resources it leaves.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Model, Solve, solve
from mtgsolver.model import ManaCost, ManaSymbol, PoolMana
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.rules.mana_sources import Instance, Resource
from mtgsolver.rules.production import spend_types

__all__ = ["SOLVER_PARAMS", "Layer", "PaymentModel", "SymbolPay", "instance_permanents", "solve_payment"]

LinearExpr = cp_model.LinearExprT


@dataclass
class SymbolPay:
    """The payment variables of one group of equal symbols: ``ways`` maps a way
    (a mana type, ``"2"`` for the generic half of {2/W}, ``"life"``) to a count variable."""

    symbol: ManaSymbol
    count: int
    ways: dict[str, cp_model.IntVar]
    literal: cp_model.IntVar | None = None


@dataclass
class Layer:
    """The variables of one payment (the cost itself, or one kept cost)."""

    name: str
    instances: list[Instance]
    act: dict[str, cp_model.IntVar] = field(default_factory=dict)
    modes: dict[str, list[LinearExpr]] = field(default_factory=dict)
    free: dict[tuple[str, int, str], cp_model.IntVar] = field(default_factory=dict)
    prod: dict[tuple[str, str], LinearExpr] = field(default_factory=dict)
    rank: dict[str, cp_model.IntVar] = field(default_factory=dict)
    flows: dict[tuple[str, str, str], cp_model.IntVar] = field(default_factory=dict)
    root_in: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)
    consumer_pay: dict[str, list[SymbolPay]] = field(default_factory=dict)
    consumer_generic: dict[str, dict[str, cp_model.IntVar]] = field(default_factory=dict)
    spell_pay: list[SymbolPay] = field(default_factory=list)
    generic_use: dict[str, cp_model.IntVar] = field(default_factory=dict)
    life: LinearExpr = 0
    phyrexian: LinearExpr = 0
    damage: LinearExpr = 0
    touched: dict[str, LinearExpr] = field(default_factory=dict)
    sacrificed: dict[str, LinearExpr] = field(default_factory=dict)
    avail: dict[str, LinearExpr] = field(default_factory=dict)
    left: dict[str, cp_model.IntVar] = field(default_factory=dict)
    snow_avail: dict[str, LinearExpr] = field(default_factory=dict)
    spell_avail: dict[str, LinearExpr] = field(default_factory=dict)
    uses: dict[str, LinearExpr] = field(default_factory=dict)
    resources: dict[str, Resource] = field(default_factory=dict)
    tap_sel: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)


def instance_permanents(instances: list[Instance]) -> list[str]:
    """The ids the activations touch: their sources, what they sacrifice and what they may tap."""
    return sorted({i.source for i in instances} | {i.sacrificed for i in instances if i.sacrificed}
                  | {p for i in instances for p in i.tap_candidates})


class PaymentModel:
    """Builds the model for one payment request.

    Parameters
    ----------
    instances:
        The player's activation instances (spell-restricted ones already filtered).
    pool, pool_usable:
        The pool's mana (amounts of each kind) and, for each, whether it may pay the spell (106.6).
    life:
        The player's life total (119.4).
    symbols, x_count, x_fixed, x_upper:
        The cost's non-variable symbols, the number of {X}, X's value if given, and an
        upper bound for X when it is maximised.
    keep:
        Costs to keep payable from untouched sources, in order.
    explain:
        Give every symbol its own enforcement literal (for unsat cores).
    white_as_any_color:
        The player spends white mana as any color and other mana only as colorless
        (Celestial Dawn, 609.4b), for the cost and the activations' own costs alike.
    """

    def __init__(self, instances: list[Instance], pool: tuple[PoolMana, ...], pool_usable: list[bool],
                 life: int, symbols: tuple[ManaSymbol, ...], x_count: int, x_fixed: int | None,
                 x_upper: int, keep: tuple[ManaCost, ...] = (), explain: bool = False,
                 white_as_any_color: bool = False) -> None:
        self.model = Model()
        self.white_as_any_color = white_as_any_color
        self.instances = instances
        self.pool = pool
        self.pool_usable = pool_usable
        self.life_total = life
        self.explain = explain
        self.upper = max(0, x_upper)
        #: all the mana there could be: what the sources make at most and the pool
        self.supply = sum(i.max_amount for i in instances) + sum(u.amount for u in pool)
        self.perm_ids = instance_permanents(instances)
        self.x: cp_model.IntVar | int
        if x_count and x_fixed is None:
            self.x = self.model.new_int_var(0, max(0, x_upper), "x")
        else:
            self.x = x_fixed or 0
        self.main = self._layer("pay", instances, allow_pool=True)
        self._pay_spell(self.main, symbols, x_count, enforce=None)
        self._life_rules(self.main, life)
        self.bound_resources([self.main])
        self.keep_ok: list[cp_model.IntVar] = []
        self.keeps: list[Layer] = []
        for k, cost in enumerate(keep):
            ok = self.model.new_bool_var(f"keep{k}")
            unrestricted = [i for i in instances if i.restricted is None]
            layer = self._layer(f"keep{k}", unrestricted, allow_pool=False, untouched_by=self.main, bar_spell=False)
            self._pay_spell(layer, cost.symbols, 0, enforce=ok)
            self._life_rules(layer, life - self.main.life - self.main.phyrexian - self.main.damage)
            self.bound_resources([self.main, layer])
            self.keep_ok.append(ok)
            self.keeps.append(layer)

    def bound_resources(self, layers: list[Layer]) -> None:
        """The resources the activations of ``layers`` take together are there (118.3)."""
        found = {k: r for layer in layers for k, r in layer.resources.items()}
        for key, res in sorted(found.items()):
            self.model.add(sum(layer.uses.get(key, 0) for layer in layers) <= res.capacity)

    # -- sources -------------------------------------------------------------------------
    def _layer(self, name: str, instances: list[Instance], allow_pool: bool,
               untouched_by: Layer | None = None, bar_spell: bool = True,
               roots: dict[str, LinearExpr] | None = None) -> Layer:
        """The variables of one payment's activations; ``roots``: unrestricted mana already in
        the pool per type, besides the board's (mana carried from an earlier step), which pays
        activation costs like a free activation's (605.3a)."""
        m = self.model
        layer = Layer(name, instances)
        by_source: dict[str, list[Instance]] = {}
        for inst in instances:
            by_source.setdefault(inst.source, []).append(inst)
        for inst in instances:
            a = m.new_bool_var(f"{name}:act:{inst.key}")
            layer.act[inst.key] = a
            if untouched_by is not None:
                m.add(untouched_by.touched[inst.source] == 0).only_enforce_if(a)
                if inst.sacrificed:
                    m.add(untouched_by.touched[inst.sacrificed] == 0).only_enforce_if(a)
            if len(inst.options) == 1:
                modes: list[LinearExpr] = [a]
            else:
                modes = [m.new_bool_var(f"{name}:mode:{inst.key}:{k}") for k in range(len(inst.options))]
                m.add(sum(modes) == a)
            layer.modes[inst.key] = modes
            for t_index, t in enumerate(MANA_TYPES):
                expr: LinearExpr = sum(o.fixed[t_index] * lit for o, lit in zip(inst.options, modes))
                for k, (o, lit) in enumerate(zip(inst.options, modes)):
                    if o.free and t in o.free_types:
                        v = m.new_int_var(0, o.free, f"{name}:free:{inst.key}:{k}:{t}")
                        layer.free[(inst.key, k, t)] = v
                        expr = expr + v
                if not (isinstance(expr, int) and expr == 0):
                    layer.prod[(inst.key, t)] = expr
            for k, (o, lit) in enumerate(zip(inst.options, modes)):
                if o.free:
                    m.add(sum(layer.free[(inst.key, k, t)] for t in o.free_types) == o.free * lit)
                for res, n in o.uses:
                    layer.resources[res.key] = res
                    layer.uses[res.key] = layer.uses.get(res.key, 0) + n * lit
            if inst.tap_others:  # 701.26a: that many of its untapped candidates
                chosen = []
                for pid in inst.tap_candidates:
                    v = m.new_bool_var(f"{name}:tap:{inst.key}:{pid}")
                    layer.tap_sel[(inst.key, pid)] = v
                    chosen.append(v)
                    if untouched_by is not None:
                        m.add(untouched_by.touched[pid] == 0).only_enforce_if(v)
                m.add(sum(chosen) == inst.tap_others * a)
            layer.life = layer.life + inst.life * a
            layer.damage = layer.damage + inst.damage * a
        # one {T} or {Q} activation per permanent (107.5, 107.6), or its tapping for another's
        # cost (701.26a); each permanent sacrificed once
        tapped_for: dict[str, list[cp_model.IntVar]] = {}
        for (_, pid), v in sorted(layer.tap_sel.items()):
            tapped_for.setdefault(pid, []).append(v)
        for pid in sorted(set(by_source) | set(tapped_for)):
            tap = [layer.act[i.key] for i in by_source.get(pid, []) if i.taps or i.untaps] + tapped_for.get(pid, [])
            if len(tap) > 1:
                m.add_at_most_one(tap)
        for pid, group in sorted(by_source.items()):
            copies = [i for i in group if i.copy]
            for inst in copies:  # symmetry: copy k only after copy k-1
                prev = next(j for j in group if j.ability is inst.ability and j.copy == inst.copy - 1)
                m.add_implication(layer.act[inst.key], layer.act[prev.key])
        sac: dict[str, list[cp_model.IntVar]] = {}
        for inst in instances:
            if inst.sacrificed:
                sac.setdefault(inst.sacrificed, []).append(layer.act[inst.key])
        for pid, lits in sorted(sac.items()):
            if len(lits) > 1:
                m.add_at_most_one(lits)
            layer.sacrificed[pid] = sum(lits)
        for pid in self.perm_ids:
            lits = [layer.act[i.key] for i in by_source.get(pid, [])] + [
                layer.act[i.key] for i in instances if i.sacrificed == pid and i.source != pid]
            lits += tapped_for.get(pid, [])
            t = m.new_bool_var(f"{name}:touched:{pid}")
            if lits:
                m.add_max_equality(t, lits)
            else:
                m.add(t == 0)
            layer.touched[pid] = t
        self._order(layer, by_source, allow_pool, bar_spell, roots or {})
        return layer

    def _order(self, layer: Layer, by_source: dict[str, list[Instance]], allow_pool: bool, bar_spell: bool,
               roots: dict[str, LinearExpr]) -> None:
        """Flows of mana into activation costs, and ranks that make the plan acyclic (605.3a)."""
        m = self.model
        consumers = [i for i in layer.instances if i.mana_cost.symbols]
        # Ranked: activations with a mana cost, and sacrifices of a permanent whose other
        # activations have a mana cost or sacrifice something themselves. Every other
        # activation is a free root: done first, sacrifices after the rest (payment_plan).
        ranked = [i for i in layer.instances if i.mana_cost.symbols or (
            i.sacrificed and any(j is not i and (j.mana_cost.symbols or j.sacrificed)
                                 for j in by_source.get(i.sacrificed, [])))]
        ranked_keys = {i.key for i in ranked}
        n = len(ranked)
        for inst in ranked:
            layer.rank[inst.key] = m.new_int_var(1, max(1, n), f"{layer.name}:rank:{inst.key}")
        # Symmetry: copies of one repeatable ability (a filter such as "{1}: Add {B}.") are
        # identical instances, so the copies a plan activates can be renumbered in the order it
        # activates them (602.2, 605.3a: each activation is a separate one). With "copy k only
        # after copy k-1" (_layer) the active copies are 0..m-1 in rank order; without it the
        # solver proves optima by trying every order of the copies (seconds: 10 s time limits
        # hit on five-permanent boards with two filters; milliseconds with it).
        for inst in ranked:
            if inst.copy:
                prev = next(j for j in ranked if j.ability is inst.ability and j.source == inst.source
                            and j.copy == inst.copy - 1)
                m.add(layer.rank[prev.key] < layer.rank[inst.key]).only_enforce_if(layer.act[inst.key])
        # a sacrificed permanent's own activations come before its sacrifice
        for s in ranked:
            if not s.sacrificed:
                continue
            for a in by_source.get(s.sacrificed, []):
                if a is not s and a.key in ranked_keys:
                    both = [layer.act[s.key], layer.act[a.key]]
                    m.add(layer.rank[a.key] < layer.rank[s.key]).only_enforce_if(both)
        free_roots = [i for i in layer.instances if i.key not in ranked_keys and i.restricted is None]
        producers = [i for i in ranked if i.restricted is None]
        # mana a spell's own restriction bars from paying it ("Spend only mana produced by
        # creatures to cast this spell") still pays activation costs: its root part is counted apart
        barred = {i.key for i in layer.instances if not i.spell_ok} if bar_spell else set()
        root_supply: dict[str, LinearExpr] = {t: 0 for t in MANA_TYPES}
        root_supply_barred: dict[str, LinearExpr] = {t: 0 for t in MANA_TYPES}
        for r in free_roots:
            for t in MANA_TYPES:
                if (r.key, t) in layer.prod:
                    root_supply[t] = root_supply[t] + layer.prod[(r.key, t)]
                    if r.key in barred:
                        root_supply_barred[t] = root_supply_barred[t] + layer.prod[(r.key, t)]
        if allow_pool:
            for unit, ok in zip(self.pool, self.pool_usable):
                if unit.spend_only is None and ok:
                    root_supply[unit.type] = root_supply[unit.type] + unit.amount
        for t, n in roots.items():
            root_supply[t] = root_supply[t] + n
        out_of: dict[str, dict[str, LinearExpr]] = {i.key: {t: 0 for t in MANA_TYPES} for i in ranked}
        root_used: dict[str, LinearExpr] = {t: 0 for t in MANA_TYPES}
        root_barred: dict[str, LinearExpr] = {t: 0 for t in MANA_TYPES}
        for j in consumers:
            need = j.mana_cost.mana_value
            incoming: dict[str, LinearExpr] = {t: 0 for t in MANA_TYPES}
            for i in producers:
                if i is j:
                    continue
                types = sorted(i.types(), key=MANA_TYPES.index)
                if not types:
                    continue
                edge = m.new_bool_var(f"{layer.name}:edge:{i.key}>{j.key}")
                m.add(layer.rank[i.key] < layer.rank[j.key]).only_enforce_if(edge)
                m.add_implication(edge, layer.act[i.key])
                m.add_implication(edge, layer.act[j.key])
                for t in types:
                    f = m.new_int_var(0, min(i.max_amount, need), f"{layer.name}:flow:{i.key}>{j.key}:{t}")
                    m.add(f == 0).only_enforce_if(edge.Not())
                    layer.flows[(i.key, j.key, t)] = f
                    incoming[t] = incoming[t] + f
                    out_of[i.key][t] = out_of[i.key][t] + f
            for t in MANA_TYPES:
                g = m.new_int_var(0, need, f"{layer.name}:root:{j.key}:{t}")
                layer.root_in[(j.key, t)] = g
                incoming[t] = incoming[t] + g
                root_used[t] = root_used[t] + g
                if barred:
                    b = m.new_int_var(0, need, f"{layer.name}:root_barred:{j.key}:{t}")
                    m.add(b <= g)
                    root_barred[t] = root_barred[t] + b
            pays, generic, _ = self._pay_symbols(layer.name + ":" + j.key, j.mana_cost.symbols, 0,
                                                 layer.act[j.key])
            layer.consumer_pay[j.key] = pays
            layer.consumer_generic[j.key] = generic
            for t in MANA_TYPES:
                used = sum(p.ways[t] for p in pays if t in p.ways) + generic[t]
                m.add(incoming[t] == used)
        for i in producers:
            for t in MANA_TYPES:
                if not isinstance(out_of[i.key][t], int):
                    m.add(out_of[i.key][t] <= layer.prod.get((i.key, t), 0))
        # what the spell (or a kept cost) may use, per type, and its snow part (106.3, 107.4h)
        avail: dict[str, LinearExpr] = {}
        snow_avail: dict[str, LinearExpr] = {}
        spell_avail: dict[str, LinearExpr] = {}
        for t in MANA_TYPES:
            m.add(root_used[t] <= root_supply[t])
            if barred:
                m.add(root_barred[t] <= root_supply_barred[t])
                m.add(root_used[t] - root_barred[t] <= root_supply[t] - root_supply_barred[t])
            total = sum(layer.prod.get((i.key, t), 0) for i in layer.instances if i.key not in barred) - sum(
                out_of[i.key][t] for i in producers if i.key not in barred) - (root_used[t] - root_barred[t])
            snow_ranked = sum(layer.prod.get((i.key, t), 0) - out_of[i.key][t] for i in producers
                              if i.snow and i.key not in barred)
            snow_ranked = snow_ranked + sum(layer.prod.get((i.key, t), 0) for i in ranked
                                            if i.snow and i.restricted is not None and i.key not in barred)
            snow_free = sum(layer.prod.get((r.key, t), 0) for r in layer.instances
                            if r.snow and r.key not in ranked_keys and r.key not in barred)
            if allow_pool:
                total = total + sum(u.amount for u, ok in zip(self.pool, self.pool_usable) if ok and u.type == t)
                snow_free = snow_free + sum(u.amount for u, ok in zip(self.pool, self.pool_usable)
                                            if ok and u.snow and u.type == t)
            # consumers take non-snow mana of free roots first (their costs have no {S})
            bound = m.new_int_var(0, self.supply, f"{layer.name}:snow:{t}")
            m.add(bound <= snow_ranked + snow_free)
            restricted_snow = _restricted_snow(layer, t, ranked_keys)
            if allow_pool:
                restricted_snow = restricted_snow + sum(
                    u.amount for u, ok in zip(self.pool, self.pool_usable)
                    if ok and u.snow and u.type == t and u.spend_only is not None)
            m.add(bound <= snow_ranked + (root_supply[t] - root_supply_barred[t]) - (root_used[t] - root_barred[t])
                  + restricted_snow)
            avail[t] = total
            snow_avail[t] = bound
            if barred:  # the barred mana floats: it is there, the spell can't use it
                spell_avail[t] = total
                avail[t] = total + sum(layer.prod.get((i.key, t), 0) for i in layer.instances if i.key in barred) - sum(
                    out_of[i.key][t] for i in producers if i.key in barred) - root_barred[t]
        layer.avail, layer.snow_avail, layer.spell_avail = avail, snow_avail, spell_avail

    # -- symbols -------------------------------------------------------------------------
    def _pay_symbols(self, name: str, symbols: tuple[ManaSymbol, ...], generic_extra: LinearExpr,
                     enforce: LinearExpr | None,
                     ) -> tuple[list[SymbolPay], dict[str, cp_model.IntVar], LinearExpr]:
        """Ways to pay ``symbols`` (each group ``count * enforce`` times, ``enforce`` None = 1),
        the generic mana used per type, and the generic amount needed."""
        m = self.model
        pays: list[SymbolPay] = []
        generic_total: LinearExpr = generic_extra
        if self.explain and enforce is None:
            groups = [(s, 1) for s in symbols]
        else:
            groups = sorted(Counter(symbols).items(), key=lambda kv: symbols.index(kv[0]))
        for g, (sym, count) in enumerate(groups):
            if sym.is_generic:
                if self.explain and enforce is None:
                    lit = m.new_bool_var(f"{name}:sym{g}")
                    generic_total = generic_total + sym.generic * lit
                    pays.append(SymbolPay(sym, count, {}, lit))
                else:
                    generic_total = generic_total + sym.generic * count * (1 if enforce is None else enforce)
                    pays.append(SymbolPay(sym, count, {}))
                continue
            ways: dict[str, cp_model.IntVar] = {}
            types = MANA_TYPES if sym.snow else spend_types(sym.options, self.white_as_any_color)
            for t in types:
                ways[t] = m.new_int_var(0, count, f"{name}:sym{g}:{t}")
            if sym.alt_generic:
                ways["2"] = m.new_int_var(0, count, f"{name}:sym{g}:generic")
                generic_total = generic_total + sym.alt_generic * ways["2"]
            if sym.phyrexian:
                ways["life"] = m.new_int_var(0, count, f"{name}:sym{g}:life")
            lit = None
            if self.explain and enforce is None:
                lit = m.new_bool_var(f"{name}:sym{g}")
                m.add(sum(ways.values()) == lit)
            else:
                m.add(sum(ways.values()) == count * (1 if enforce is None else enforce))
            pays.append(SymbolPay(sym, count, ways, lit))
        generic = {t: m.new_int_var(0, self.supply, f"{name}:generic:{t}") for t in MANA_TYPES}
        m.add(sum(generic.values()) == generic_total)
        return pays, generic, generic_total

    def _pay_spell(self, layer: Layer, symbols: tuple[ManaSymbol, ...], x_count: int,
                   enforce: LinearExpr | None) -> None:
        m = self.model
        extra = x_count * self.x if x_count else 0
        if self.explain and x_count and enforce is None:
            self.x_literal = m.new_bool_var("x_paid")
            xv = m.new_int_var(0, self.supply, "x_times")
            m.add(xv == x_count * self.x).only_enforce_if(self.x_literal)
            m.add(xv == 0).only_enforce_if(self.x_literal.Not())
            extra = xv
        pays, generic, _ = self._pay_symbols(layer.name + ":spell", symbols, extra, enforce)
        layer.spell_pay, layer.generic_use = pays, generic
        for t in MANA_TYPES:
            snow_use = sum(p.ways[t] for p in pays if p.symbol.snow and t in p.ways)
            other = sum(p.ways[t] for p in pays if not p.symbol.snow and t in p.ways)
            m.add(snow_use <= layer.snow_avail[t])
            if t in layer.spell_avail:
                m.add(snow_use + other + generic[t] <= layer.spell_avail[t])
            left = m.new_int_var(0, self.upper, f"{layer.name}:left:{t}")
            m.add(snow_use + other + generic[t] + left == layer.avail[t])
            layer.left[t] = left
        life_ways = [p.ways["life"] for p in pays if "life" in p.ways]
        layer.phyrexian = 2 * sum(life_ways)

    def _life_rules(self, layer: Layer, life: LinearExpr) -> None:
        """119.4: life costs of activations need the life, paid first; Phyrexian life is
        paid after every activation resolved, their damage included (601.2g-h, 605.3b)."""
        m = self.model
        if any(i.life for i in layer.instances):  # paying 0 life is always allowed (119.4b)
            pays = m.new_bool_var(f"{layer.name}:pays_life")
            m.add(layer.life == 0).only_enforce_if(pays.Not())
            m.add(layer.life <= life).only_enforce_if(pays)
        if isinstance(layer.phyrexian, int):
            return
        uses = m.new_bool_var(f"{layer.name}:phyrexian_life")
        m.add(layer.phyrexian == 0).only_enforce_if(uses.Not())
        m.add(layer.life + layer.damage + layer.phyrexian <= life).only_enforce_if(uses)

    def life_lost(self) -> LinearExpr:
        """Life the payment costs: life paid (costs, Phyrexian symbols) and damage dealt."""
        return self.main.life + self.main.phyrexian + self.main.damage

    # -- objective terms -----------------------------------------------------------------
    def floating(self) -> LinearExpr:
        """Mana left in the pool after paying (106.4a), including pool mana the spell may not use."""
        return sum(self.main.left.values()) + sum(u.amount for u, ok in zip(self.pool, self.pool_usable) if not ok)


def _restricted_snow(layer: Layer, t: str, ranked_keys: set[str]) -> LinearExpr:
    """Snow mana of free roots with a spending restriction (never used by consumers)."""
    return sum(layer.prod.get((i.key, t), 0) for i in layer.instances
               if i.snow and i.restricted is not None and i.key not in ranked_keys)


#: CP-SAT parameters of every payment solve (the payment, its unsat cores, the most mana).
#: Full linearization (level 2) puts the mana balance in the LP, which proves "no plan with
#: fewer sources" at once where the default level searches through orders of converter
#: activations (measured: seconds against milliseconds); small models solved many times get
#: light presolve, no probing or symmetry detection (halves the time on 100-permanent boards).
SOLVER_PARAMS: dict[str, int] = dict(linearization_level=2, cp_model_probing_level=0, symmetry_level=0,
                                     max_presolve_iterations=1)


def solve_payment(model: cp_model.CpModel, time_limit: float) -> Solve:
    """Solve deterministically (one worker, seed 0) with :data:`SOLVER_PARAMS`."""
    return solve(model, time_limit, **SOLVER_PARAMS)
