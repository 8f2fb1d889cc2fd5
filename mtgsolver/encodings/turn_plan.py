"""CP-SAT model of a turn's casting plan: several spells (or activated abilities) paid one
after another from the same mana sources (CR 106.4, 601.2g-h, 602.2, 605, 700.2, 107.3).

Each step is one payment layer of :class:`~mtgsolver.encodings.payment.PaymentModel` (the
payment encoding, reused as it is). On top of the layers:

* the order of the steps: a circuit over the steps gives each its successor and position;
* a permanent whose mana ability taps, untaps, sacrifices or removes counters, or that is
  tapped for another's cost, is used by at most one step (107.5, 107.6), as is a card exiled
  from a hand or graveyard; cards and counters the costs take are there over the whole turn
  (118.3); unless an untap effect (Gandalf the Grey's first mode, with
  its memory, 700.2) untaps it between two steps; an initially tapped permanent can be used
  only after such an untap;
* mana left after one step stays in the pool for the next (106.4: it empties only at the end
  of the phase), counted as non-snow and unrestricted only (mana a spending restriction
  allowed for one spell is not carried); a spell that adds mana as it resolves adds it;
* Treasures a spell creates, and the permanent a permanent spell becomes (608.3), are used
  only by later steps (111.10a; a creature only with haste, 302.6).

Symmetry breaking: mana that can wait in the pool (no spending restriction, not snow, not
made by a spell) is made in a ``pre`` layer before the first step; a step activates such a
source itself only after an untap effect untapped it, and a spell's Treasures are used by
the next step. Untap targets are one per class of identical permanents (the solver's choice).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import SimpleNamespace

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Model
from mtgsolver.encodings.payment import Layer, PaymentModel, instance_permanents
from mtgsolver.model import ManaCost
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.rules.mana_sources import Instance

__all__ = ["PlanStep", "TurnPlanModel", "Untapper"]


@dataclass(frozen=True)
class PlanStep:
    """One spell or ability to pay: ``cost`` without X, ``x_count`` {X} symbols,
    ``instances`` the sources it may use, ``enters`` the ids of the permanents that enter as
    it resolves (its Treasure tokens, 111.10a; the permanent a permanent spell becomes, 608.3),
    ``mana`` what it adds as it resolves, ``triggers_untap`` if casting it triggers untap
    effects (an instant or sorcery spell)."""

    id: str
    cost: ManaCost
    x_count: int
    instances: tuple[Instance, ...]
    restricted: tuple[str, ...] = ()
    enters: tuple[str, ...] = ()
    mana: tuple[str, ...] = ()
    triggers_untap: bool = False


@dataclass(frozen=True)
class Untapper:
    """A "tap or untap target permanent" mode not yet chosen for its object (700.2):
    ``others`` modes could be chosen instead by earlier triggers."""

    source: str
    others: int


@dataclass
class _Order:
    pos: dict[int, cp_model.IntVar] = field(default_factory=dict)
    first: dict[int, cp_model.IntVar] = field(default_factory=dict)
    succ: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    prec: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)


class TurnPlanModel(PaymentModel):
    """The model of one plan request.

    Parameters
    ----------
    steps:
        The spells and abilities, in the order given (the solver picks the order).
    consumable:
        Permanents a step uses up (tap, untap, sacrifice, counters).
    untap_candidates, initially_tapped:
        Permanents an untap effect may untap, and which of them start tapped.
    pool:
        Unrestricted mana in the pool before the first step, counts per type.
    restricted_pool:
        Pool mana with a spending restriction (106.6): its type and, per step, whether that
        step's spell may use it; a unit pays one step's spell at most, never an activation
        cost, and is not carried on as unrestricted mana.
    keep_instances, keep:
        Sources for kept costs and the costs to keep payable afterwards.
    carry_early:
        Make the mana that can wait before the first step (symmetry breaking); off when a step
        tells mana apart by its maker (113.6e), which carried mana does not keep.
    """

    def __init__(self, steps: list[PlanStep], life: int, pool: dict[str, int], x_upper: int,
                 maximize_x: bool, x_fixed: int, untappers: list[Untapper], untap_candidates: list[str],
                 initially_tapped: set[str], keep_instances: list[Instance], keep: tuple[ManaCost, ...],
                 white_as_any_color: bool = False, carry_early: bool = True,
                 restricted_pool: list[tuple[str, tuple[bool, ...]]] = ()) -> None:
        self.model = Model()
        m = self.model
        self.white_as_any_color = white_as_any_color
        self.pool, self.pool_usable = (), []
        self.life_total = life
        self.explain = False
        self.upper = max(1, x_upper)
        self.supply = 4 * self.upper  # a step's mana: what it carries in and what it makes, as spare/out
        self.steps = steps
        self.untappers = untappers
        made = {tid for s in steps for tid in s.enters}
        # a source that uses a permanent entering later must still be there then (701.21a)
        waiting = {i.source for s in steps for i in s.instances if i.source in made or i.sacrificed in made}
        candidate_set = set(untap_candidates)

        def carryable(i: Instance) -> bool:
            return carry_early and i.restricted is None and not i.snow and i.source not in made \
                and i.sacrificed not in made | waiting

        pre = {i.key: i for s in steps for i in s.instances if carryable(i)}
        steps = [replace(s, instances=tuple(i for i in s.instances if not carryable(i) or i.mana_cost.symbols
                                            or i.source in candidate_set)) for s in steps]
        self.steps = steps
        self.carryable = carryable
        every = [i for s in steps for i in s.instances] + list(pre.values()) + list(keep_instances)
        self.perm_ids = instance_permanents(every)
        self.x = m.new_int_var(0, self.upper, "x") if maximize_x else x_fixed
        self.order = self._steps_order(len(steps))
        # mana whose use can wait: tapped before the first step, carried in the pool (106.4)
        # the pool's unrestricted mana is there before the first step: it pays activation costs
        # (605.3a) and what is left is carried into the first step with the rest (106.4)
        self.start_pool = pool
        self.pre = self._layer("pre", sorted(pre.values(), key=lambda i: i.key), allow_pool=False, roots=pool)
        for t in MANA_TYPES:
            self.pre.avail[t] = self.pre.avail[t] + pool.get(t, 0)
        self._pay_spell(self.pre, (), 0, enforce=None)
        self.layers: list[Layer] = []
        self.carry_in: list[dict[str, cp_model.IntVar]] = []
        self.carry_out: list[dict[str, cp_model.IntVar]] = []
        self.pool_use: list[dict[str, cp_model.LinearExprT]] = []
        uses = [[m.new_bool_var(f"pool{u}:s{k}") if ok else None for k, ok in enumerate(allowed)]
                for u, (_, allowed) in enumerate(restricted_pool)]
        for lits in uses:
            m.add(sum(v for v in lits if v is not None) <= 1)
        for k, step in enumerate(steps):
            cin = {t: m.new_int_var(0, self.upper, f"s{k}:in:{t}") for t in MANA_TYPES}
            layer = self._layer(f"s{k}", list(step.instances), allow_pool=False, roots=cin)  # 605.3a
            held = {t: sum(lits[k] for (ut, _), lits in zip(restricted_pool, uses) if ut == t and lits[k] is not None)
                    for t in MANA_TYPES}
            self.pool_use.append(held)
            for t in MANA_TYPES:
                layer.avail[t] = layer.avail[t] + cin[t] + held[t]
            self._pay_spell(layer, step.cost.symbols, step.x_count, enforce=None)
            self.layers.append(layer)
            self.carry_in.append(cin)
        self.bound_resources([self.pre, *self.layers])  # 118.3: over the whole turn
        self._carry(pool)
        self._entering(set(untap_candidates))
        self._uses(untappers, untap_candidates, initially_tapped)
        losses = [layer.life + layer.phyrexian + layer.damage for layer in [self.pre, *self.layers]]
        total = sum(losses)
        for layer, loss in zip([self.pre, *self.layers], losses):
            self._life_rules(layer, life - (total - loss))  # 119.4: all payments come off one total
        self.total_loss = total
        self.keep_ok: list[cp_model.IntVar] = []
        used = Layer("used", [])
        used.touched = self.used
        for k, cost in enumerate(keep):
            ok = m.new_bool_var(f"keep{k}")
            layer = self._layer(f"keep{k}", [i for i in keep_instances if i.restricted is None],
                                allow_pool=False, untouched_by=used, bar_spell=False)
            self._pay_spell(layer, cost.symbols, 0, enforce=ok)
            self._life_rules(layer, life - total)
            self.bound_resources([self.pre, *self.layers, layer])
            self.keep_ok.append(ok)

    # -- order ---------------------------------------------------------------------------
    def _steps_order(self, n: int) -> _Order:
        """A Hamiltonian circuit through a start node and the steps: successors, positions
        1..n, and ``prec[i, j]`` (step i before step j)."""
        m = self.model
        o = _Order()
        arcs = []
        for j in range(n):
            o.pos[j] = m.new_int_var(1, max(1, n), f"pos{j}")
            o.first[j] = m.new_bool_var(f"first{j}")
            last = m.new_bool_var(f"last{j}")
            arcs += [(0, j + 1, o.first[j]), (j + 1, 0, last)]
            m.add(o.pos[j] == 1).only_enforce_if(o.first[j])
        for i in range(n):
            for j in range(n):
                if i != j:
                    o.succ[(i, j)] = m.new_bool_var(f"succ{i}>{j}")
                    arcs.append((i + 1, j + 1, o.succ[(i, j)]))
                    m.add(o.pos[j] == o.pos[i] + 1).only_enforce_if(o.succ[(i, j)])
                    o.prec[(i, j)] = m.new_bool_var(f"prec{i}<{j}")
                    m.add(o.pos[i] < o.pos[j]).only_enforce_if(o.prec[(i, j)])
                    m.add(o.pos[i] > o.pos[j]).only_enforce_if(o.prec[(i, j)].Not())
        if n:
            m.add_circuit(arcs)
        return o

    # -- mana carried between steps (106.4) ----------------------------------------------
    def _carry(self, pool: dict[str, int]) -> None:
        m = self.model
        for k, (step, layer) in enumerate(zip(self.steps, self.layers)):
            out = {}
            for t in MANA_TYPES:
                restricted = sum(layer.prod.get((i.key, t), 0) for i in layer.instances if i.restricted is not None)
                spare = m.new_int_var(-self.upper * 4, self.upper * 4, f"s{k}:spare:{t}")
                m.add(spare == layer.left[t] - restricted - self.pool_use[k][t])
                free = m.new_int_var(0, self.upper * 4, f"s{k}:free:{t}")
                m.add_max_equality(free, [spare, 0])
                out[t] = m.new_int_var(0, self.upper * 4, f"s{k}:out:{t}")
                m.add(out[t] <= free + step.mana.count(t))
            self.carry_out.append(out)
        for t in MANA_TYPES:  # redundant, for the LP: each step's carry comes from one predecessor
            m.add(sum(c[t] for c in self.carry_in) <= self.pre.left[t]
                  + sum(c[t] for c in self.carry_out))
        for j in range(len(self.steps)):
            for t in MANA_TYPES:
                m.add(self.carry_in[j][t] <= self.pre.left[t]).only_enforce_if(self.order.first[j])
                for i in range(len(self.steps)):
                    if i != j:
                        m.add(self.carry_in[j][t] <= self.carry_out[i][t]).only_enforce_if(self.order.succ[(i, j)])

    def _entering(self, candidates: set[str]) -> None:
        """111.10a, 608.3: a Treasure, or the permanent a spell becomes, exists only after the
        spell resolved; one an untap effect may untap (``candidates``) is used any time after."""
        maker = {tid: k for k, s in enumerate(self.steps) for tid in s.enters}
        for j, layer in enumerate(self.layers):
            for inst in layer.instances:
                for pid in (inst.source, inst.sacrificed):
                    if pid in maker:
                        k = maker[pid]
                        if k == j:
                            self.model.add(layer.act[inst.key] == 0)
                        elif pid in candidates:
                            self.model.add_implication(layer.act[inst.key], self.order.prec[(k, j)])
                        else:  # used by the next step at once: its mana carries on (106.4)
                            self.model.add_implication(layer.act[inst.key], self.order.succ[(k, j)])

    # -- permanents used up, and untap effects -------------------------------------------
    def _uses(self, untappers: list[Untapper], candidates: list[str], initially_tapped: set[str]) -> None:
        m = self.model
        o = self.order
        n = len(self.steps)
        everyone = [self.pre, *self.layers]
        consumable = {i.source for layer in everyone for i in layer.instances
                      if i.taps or i.untaps or i.sacrificed or i.zone
                      or any(c.kind == "remove_counters" for c in i.ability.costs)} | {
            i.sacrificed for layer in everyone for i in layer.instances if i.sacrificed} | {
            pid for layer in everyone for i in layer.instances for pid in i.tap_candidates}
        cast_untap = [k for k, s in enumerate(self.steps) if s.triggers_untap]
        self.untap_trigger: dict[tuple[int, int], cp_model.IntVar] = {}
        self.untap_target: dict[tuple[int, str], cp_model.IntVar] = {}
        after: dict[tuple[int, int], cp_model.IntVar] = {}
        for g, u in enumerate(untappers):
            trig = {s: m.new_bool_var(f"u{g}:trig:{s}") for s in cast_untap}
            used = m.new_bool_var(f"u{g}:used")
            m.add(sum(trig.values()) == used)
            tpos = m.new_int_var(1, n + 1, f"u{g}:pos")  # n + 1: no untap, every step is before it
            m.add(tpos == n + 1).only_enforce_if(used.Not())
            for s, lit in trig.items():
                self.untap_trigger[(g, s)] = lit
                m.add(tpos == o.pos[s]).only_enforce_if(lit)
                # 700.2: earlier triggers each chose another mode while one was left
                m.add(sum(o.prec[(i, s)] for i in cast_untap if i != s) <= u.others).only_enforce_if(lit)
            targets = []
            maker = {tid: k for k, step in enumerate(self.steps) for tid in step.enters}
            for pid in candidates:
                v = m.new_bool_var(f"u{g}:target:{pid}")
                self.untap_target[(g, pid)] = v
                targets.append(v)
                if pid in maker:  # 115.1: a permanent a spell makes is a target once that spell resolved
                    for s, lit in trig.items():
                        if s == maker[pid]:
                            m.add_bool_or([lit.Not(), v.Not()])
                        else:
                            m.add_bool_or([lit.Not(), v.Not(), o.prec[(maker[pid], s)]])
            m.add(sum(targets) == used)
            for j in range(n):
                a = m.new_bool_var(f"u{g}:after:{j}")
                m.add(o.pos[j] > tpos).only_enforce_if(a)
                m.add(o.pos[j] <= tpos).only_enforce_if(a.Not())
                after[(g, j)] = a
        self.used: dict[str, cp_model.LinearExprT] = {}
        self.late_at: dict[tuple[str, int], list[cp_model.IntVar]] = {}
        for pid in self.perm_ids:
            touched = [layer.touched[pid] for layer in self.layers]
            early = self.pre.touched[pid]
            targets = [self.untap_target[(g, pid)] for g in range(len(untappers)) if (g, pid) in self.untap_target]
            any_use = m.new_bool_var(f"used:{pid}")
            m.add_max_equality(any_use, touched + targets + [early])
            self.used[pid] = any_use
            if pid not in consumable:
                continue
            if not targets:
                m.add(sum(touched) + early <= (0 if pid in initially_tapped else 1))
                continue
            m.add(sum(targets) <= 1)
            late = []
            for g in range(len(untappers)):
                if (g, pid) not in self.untap_target:
                    continue
                target = self.untap_target[(g, pid)]
                for j in range(n):
                    w = m.new_bool_var(f"late:{g}:{pid}:{j}")
                    m.add_bool_and([touched[j], after[(g, j)], target]).only_enforce_if(w)
                    m.add_bool_or([touched[j].Not(), after[(g, j)].Not(), target.Not()]).only_enforce_if(w.Not())
                    late.append(w)
                    if pid in self.layers[j].sacrificed:
                        m.add(self.layers[j].sacrificed[pid] == 0).only_enforce_if(target)
            m.add(sum(late) <= 1)
            m.add(sum(touched) + early - sum(late) <= (0 if pid in initially_tapped else 1))
            for j in range(n):
                self.late_at[(pid, j)] = [w for w in late if w.name.endswith(f":{pid}:{j}")]
        self._first_step_first(set(candidates))

    def _first_step_first(self, candidates: set[str]) -> None:
        """Symmetry breaking: mana that can wait in the pool (no spending restriction, not snow,
        not made by a spell) is made before the first step (the ``pre`` layer); a step uses
        such a source itself only after an untap effect untapped it."""
        for j, layer in enumerate(self.layers):
            for inst in layer.instances:
                if self.carryable(inst) and not inst.mana_cost.symbols and inst.source in candidates:
                    later = self.late_at.get((inst.source, j), [])
                    self.model.add_bool_or(later).only_enforce_if(layer.act[inst.key])

    # -- objective terms and read-back ---------------------------------------------------
    def sources_used(self) -> cp_model.LinearExprT:
        return sum(self.used.values())

    def pre_view(self) -> SimpleNamespace:
        """The ``pre`` layer for :func:`~mtgsolver.encodings.payment_plan.read_plan`, the board's
        unrestricted pool mana its pool."""
        from mtgsolver.model import PoolMana

        pool = tuple(PoolMana(t, amount=self.start_pool[t]) for t in MANA_TYPES if self.start_pool.get(t, 0))
        return SimpleNamespace(main=self.pre, pool=pool, pool_usable=[True] * len(pool))

    def step_view(self, k: int, carried: dict[str, int], held: dict[str, int]) -> SimpleNamespace:
        """What :func:`~mtgsolver.encodings.payment_plan.read_plan` reads for step ``k``:
        its layer as ``main``, and the mana carried into it and the restricted pool mana it uses
        (``held``, which pays its spell only) as the pool."""
        from mtgsolver.model import PoolMana

        pool = tuple(PoolMana(t, amount=carried[t]) for t in MANA_TYPES if carried.get(t, 0)) + tuple(
            PoolMana(t, spend_only=frozenset({"this spell"}), amount=held[t]) for t in MANA_TYPES if held.get(t, 0))
        return SimpleNamespace(main=self.layers[k], pool=pool, pool_usable=[True] * len(pool))
