"""Exact combat search against an adversary: lethal, survive, best blocks, best attack.

Both declarations are the 508.1 and 509.1 encodings as ``check`` builds them (a legal
declaration obeys the most requirements, 508.1d, 509.1c); damage is
:mod:`mtgsolver.encodings.damage`. Two counterexample-guided loops:

- **the defender's best response** to a fixed attack: a block master over the 509.1
  literals, where each attacker's share of the outcome (life lost per step, poison, commander
  damage, value of creatures lost on each side) is read from a table of exact damage solves
  of that attacker against the exact set of creatures blocking it, filled lazily; a set not
  yet in the table counts at its bound most favourable to the defender, so the master's
  optimum is a bound. The value order is settled one level at a time: each proposed block's
  sets are solved and its exact value computed; a level is settled when the best block found
  reaches the master's bound, and that level's value then constrains the next levels;
- **the attacker's search** (lethal, best attack): an attack master over the 508.1
  literals holding, for every defender response found so far (a cut), a copy of the damage
  model over the attack literals with that block kept for the creatures that still attack
  (:func:`_add_cut` says to which attacks it applies). The master proposes (every creature
  at the player first), the defender answers, the answer becomes a cut, until the master's
  bound meets the defender's answer. When :func:`all_in_obstacles` finds nothing, the
  whole attack is best and one response answers.

Within a fixed attack and block, each attacking creature's assignment follows the attacking
player's search objective: the most damage to players net of the life its blockers' lifelink
gains, then the most value destroyed, then the least value lost (510.1c, 702.19b). Every
answer is exact, or undecided on the time limit.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ortools.sat.python import cp_model

from mtgsolver.encodings.attacks import AttackModel
from mtgsolver.encodings.blocks import build_block_model
from mtgsolver.encodings.cpsat import Deadline, Model, solve
from mtgsolver.encodings.damage import DamageModel, creature_value
from mtgsolver.model import Board
from mtgsolver.model.board import Attack, CombatDeclaration
from mtgsolver.rules.attacking import AttackProblem, attack_problem
from mtgsolver.rules.blocking import block_options, blocker_capacity, others_needed, requirements
from mtgsolver.rules.damage import LETHAL_COMMANDER, LETHAL_POISON, UNSUPPORTED, choice_notes, dealt_value, prevents
from mtgsolver.rules.layers import combat_dependent
from mtgsolver.solver.combat_mana import Payer, attack_acceptor, cut_unpayable

__all__ = ["BLOCK_ORDER", "Share", "Undecided", "best_response", "corner_cases", "search_attack"]

#: The defender's value order (minimised in order; ``kills`` is maximised): losing the game,
#: net life lost, poison counters, value of own creatures lost, value of attackers destroyed.
BLOCK_ORDER = ("loses", "life", "poison", "creatures", "kills")


class Undecided(Exception):
    """The search can't give an exact answer (time limit, or a case it doesn't model)."""


@dataclass(frozen=True)
class Share:
    """One attacker's exact share of the outcome against one set of blockers."""

    loss: tuple[int, int]  # life lost by the defender from its damage, per step (afflict apart)
    gain: tuple[int, int]  # life the defender gains by its blockers' lifelink, per step
    poison: int
    commander: int
    own_lost: int  # value of the defender's creatures lost
    killed: int  # value of the attacker lost (0 or its value)
    afflict: int


@dataclass
class Context:
    """A fixed attack and what the responses to it share."""

    board: Board
    attack: dict[str, str]
    defender: str
    table: dict[tuple[str, frozenset[str]], Share] = field(default_factory=dict)


def _defender(board: Board) -> str:
    others = board.opponents(board.active_player)
    if len(others) != 1:
        raise Undecided("the search handles two players (one defending player)")
    return others[0]


def share(ctx: Context, a: str, blockers: frozenset[str], deadline: Deadline) -> Share:
    """Solve attacker ``a`` against exactly ``blockers`` (510, 702.19) and read its share."""
    key = (a, blockers)
    if key in ctx.table:
        return ctx.table[key]
    board, d = ctx.board, ctx.defender
    m = Model()
    x = {c: {t: 1} for c, t in ctx.attack.items()}
    dm = DamageModel(board, m, x, {b: (a,) for b in blockers}, name="s", focus=frozenset({a}))
    lifelink = [b for b in blockers if dm.perm[b].has_keyword("lifelink")]
    gain = sum(dm.dealt_by(b, [a]) for b in lifelink)
    net = dm.dealt_by(a, [d]) - gain
    destroyed = sum(creature_value(dm.perm[b]) * dm.lost(b) for b in blockers)
    lost_a = creature_value(dm.perm[a]) * dm.lost(a)
    proved = True
    result = None
    for sense, expr in (*dm.banding_steps(), (1, net), (1, destroyed), (-1, lost_a)):  # 702.22j first
        if isinstance(expr, int):
            continue
        m.maximize(expr) if sense > 0 else m.minimize(expr)
        result = solve(m, deadline.remaining())
        if not result.found:
            raise Undecided("the time limit stopped a damage solve")
        proved &= result.optimal
        v = round(result.objective)
        m.add(expr >= v) if sense > 0 else m.add(expr <= v)
    if result is None:
        m.clear_objective()
        result = solve(m, deadline.remaining())
    if not proved or not result.found:
        raise Undecided("the time limit stopped a damage solve")
    val = result.value
    infect = dm.perm[a].has_keyword("infect")
    loss = tuple(0 if infect else val(dm.dealt_by(a, [d], s)) for s in (1, 2))
    gains = tuple(val(sum(dm.dealt_by(b, [a], s) for b in lifelink)) for s in (1, 2))
    out = Share(loss, gains, val(dm.poison(d)), val(dm.dealt_by(a, [d])) if dm.perm[a].is_commander else 0,
                val(destroyed), val(lost_a), dm.afflict.get(d).value(val) if d in dm.afflict else 0)  # type: ignore[arg-type]
    ctx.table[key] = out
    return out


def corner_cases(board: Board, attackers: Sequence[str], defender: str) -> list[str]:
    """Cases where one attacker's best assignment could trade life for poison or commander
    damage, where shares don't add up, or where a blocker may block several creatures."""
    out = []
    perms = [board.permanent(a) for a in attackers]
    lifelinkers = any(b.has_keyword("lifelink") for b in board.creatures(defender))
    for p in perms:
        strikes = p.has_keyword("first_strike") or p.has_keyword("double_strike")
        if strikes and lifelinkers and p.has_keyword("trample") and (
                p.has_keyword("infect") or p.values("toxic") or p.is_commander):
            out.append(f"{p.id}: a first-striking trampler with infect, toxic or commander damage against lifelink "
                       "blockers may trade poison for life; not modelled")
        if p.has("trample_over_planeswalkers"):
            out.append(f"{p.id}: trample over planeswalkers shares a planeswalker's loyalty between attackers; "
                       "not searched")
    for b in board.creatures(defender):
        cap = blocker_capacity(b)
        if cap is None or cap > 1:
            out.append(f"{b.id} may block several creatures (509.1a); the search assumes one each")
    out += [f"{who}: an effect depends on which creatures attack or block (506.4); the layers apply it to the "
            "board's declared combat only: not searched" for who in combat_dependent(board)]
    return out + choice_notes(board, list(attackers))


@dataclass(frozen=True)
class Response:
    """The defender's best legal block against a fixed attack, and its value."""

    blocks: dict[str, tuple[str, ...]]
    loses: bool
    life: int
    poison: int
    own_lost: int
    killed: int
    iterations: int

    def value(self, order: Sequence[str]) -> tuple[int, ...]:
        v = {"loses": int(self.loses), "life": self.life, "poison": self.poison, "creatures": self.own_lost,
             "kills": -self.killed}
        return tuple(v[o] for o in order)


def best_response(board: Board, attack: dict[str, str], deadline: Deadline,
                  order: Sequence[str] = BLOCK_ORDER, ctx: Context | None = None) -> Response:
    """The defender's legal block (509.1) best by ``order`` against ``attack``, exactly."""
    defender = _defender(board)
    ctx = ctx or Context(board, dict(attack), defender)
    me = board.player(defender)
    attackers = sorted(attack)
    corner = corner_cases(board, attackers, defender)
    if corner:
        raise Undecided("; ".join(corner))
    trial = board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attack.items()), None,
                                                   board.combat.paid_costs if board.combat else frozenset()))
    paid = trial.combat.paid_costs  # type: ignore[union-attr]
    options = block_options(trial, defender, attackers, paid)
    reqs, _ = requirements(trial, defender, attackers, paid, options)
    bm = build_block_model(trial, defender, attackers, reqs, paid, options=options)
    m = bm.model
    if reqs:  # 509.1c: only declarations obeying the most requirements are legal
        m.maximize(bm.obeyed())
        r = solve(m, deadline.remaining())
        if not r.optimal:
            raise Undecided("the time limit stopped the 509.1c maximum")
        m.add(bm.obeyed() >= round(r.objective))
        m.clear_objective()
    cols = {a: [b for b in bm.blockers if (b, a) in bm.x] for a in attackers}
    bound = {a: _bounds(board, a, cols[a], attack) for a in attackers}
    comps: dict[str, dict[str, cp_model.IntVar]] = {}
    for a in attackers:
        hi = bound[a]
        comps[a] = {k: m.new_int_var(0, hi[k], f"{k}_{a}") for k in hi}
        empty = share(ctx, a, frozenset(), deadline)  # unblocked: exact
        _fix(m, comps[a], bound[a], empty, [bm.blocked[a].Not()])
    for a in attackers:
        _bound_shares(board, bm, m, a, cols[a], comps[a])
    totals = {k: sum(comps[a][k] for a in attackers) for k in ("loss1", "loss2", "gain1", "gain2", "poison", "own", "kill")}
    afflict = sum(comps[a]["afflict"] for a in attackers)
    checks = [_le(m, me.life - afflict, 0),
              _le(m, me.life - afflict - totals["loss1"] + totals["gain1"], 0),
              _le(m, me.life - afflict - totals["loss1"] - totals["loss2"] + totals["gain1"] + totals["gain2"], 0),
              _ge(m, me.poison + totals["poison"], LETHAL_POISON)]
    for a in attackers:
        if board.permanent(a).is_commander:
            checks.append(_ge(m, me.commander_damage.get(a, 0) + comps[a]["cmd"], LETHAL_COMMANDER))
    loses = m.new_bool_var("loses")
    m.add_bool_or(checks).only_enforce_if(loses)
    for c in checks:
        m.add_implication(c, loses)
    life = afflict + totals["loss1"] + totals["loss2"] - totals["gain1"] - totals["gain2"]
    terms = {"loses": loses, "life": life, "poison": totals["poison"], "creatures": totals["own"],
             "kills": -totals["kill"]}
    seen: dict[str, set[frozenset[str]]] = {a: {frozenset()} for a in attackers}
    iterations = 0
    best: Response | None = None
    for level, name in enumerate(order):  # lexicographic: one level at a time
        expr = terms[name]
        m.minimize(expr)
        while True:
            iterations += 1
            r = _solve_master(m, deadline)
            floor = round(r.objective)
            if best is not None and best.value(order)[level] <= floor:
                break  # the incumbent reaches this level's bound
            decl = bm.declaration(r.value)
            for a in attackers:
                group = frozenset(b for b in cols[a] if r.value(bm.x[b, a]))
                if group not in seen[a]:
                    seen[a].add(group)
                    lits = [bm.x[b, a] if b in group else bm.x[b, a].Not() for b in cols[a]]
                    _fix(m, comps[a], bound[a], share(ctx, a, group, deadline), lits)
            # every set this block uses is solved now: its exact value
            found = block_value(board, attack, decl, deadline, ctx)
            if best is None or found.value(order) < best.value(order):
                best = found
            if best.value(order)[level] <= floor:
                break
            m.clear_hints()
            for (b, a), lit in bm.x.items():
                m.add_hint(lit, a in best.blocks.get(b, ()))
        # the relaxation (unsolved sets at their bounds) keeps every block reaching this level
        m.add(expr <= best.value(order)[level])
    assert best is not None
    return replace(best, iterations=iterations)


#: Parameter sets tried in turn on a block master, each but the last within a budget of
#: deterministic time (so the answer doesn't depend on the machine's load): the stronger LP
#: relaxation proves the life levels at once, the default search without probing the creature
#: levels (on the benchmark's 12x12 keyword boards probing cost more than it saved: 0.8-1.7 s
#: CPU instead of 1.2-3.5 s, the same values).
_MASTER_TRIES: tuple[tuple[float | None, dict[str, Any]], ...] = (
    (0.02, {"linearization_level": 2}), (1.0, {"cp_model_probing_level": 0}), (None, {"linearization_level": 2}))


def _solve_master(m: cp_model.CpModel, deadline: Deadline):
    """Solve the block master to optimality, or raise :class:`Undecided` at the time limit."""
    for budget, params in _MASTER_TRIES:
        extra = dict(params, max_deterministic_time=budget) if budget is not None else params
        r = solve(m, deadline.remaining(), **extra)
        if r.optimal:
            return r
        if deadline.expired():
            break
    raise Undecided("the time limit stopped the best-block search")


def _strikes(p) -> int:
    """The first damage step a creature deals damage in (510.4): 1 with first or double strike."""
    return 1 if p.has_keyword("first_strike") or p.has_keyword("double_strike") else 2


def _most_damage(b, a) -> int:
    """The most combat damage blocker ``b`` can deal attacker ``a`` (0 if protection prevents it)."""
    if prevents(b, a):
        return 0
    return max(0, dealt_value(b) + sum(b.values("bushido"))) * (2 if b.has_keyword("double_strike") else 1)


def _bound_shares(board: Board, bm, m: cp_model.CpModel, a: str, col: list[str], comps: dict) -> None:
    """Valid bounds on attacker ``a``'s share for block sets not yet solved, over the block
    literals: they only cut away outcomes that can't happen, so the master stays a relaxation.

    - its blockers' lifelink gains are at most what they can deal it (702.15b);
    - it can die only if its blockers can deal it its toughness less marked damage, or one has
      deathtouch (704.5g-h);
    - when no blocker strikes before it (510.4) it deals its damage, and the attacker's policy
      destroys at least one blocker it can kill (510.1c): the least valuable such one, or, when
      no lifelink blocker could draw its first-strike damage, the most valuable it blocks.
    """
    pa = board.permanent(a)
    x = {b: bm.x[b, a] for b in col}
    most = {b: _most_damage(board.permanent(b), pa) for b in col}
    lifelinkers = [b for b in col if board.permanent(b).has_keyword("lifelink")]
    if lifelinkers or col:
        m.add(comps["gain1"] + comps["gain2"] <= sum(most[b] * x[b] for b in lifelinkers))
    need = (pa.toughness or 0) - pa.damage
    deadly = [x[b] for b in col if board.permanent(b).has_keyword("deathtouch") and most[b] > 0]
    reach = m.new_bool_var(f"reach_{a}")
    m.add(sum(most[b] * x[b] for b in col) >= need).only_enforce_if(reach)
    killable_by_sum = m.new_bool_var(f"maydie_{a}")
    m.add_bool_or([reach] + deadly).only_enforce_if(killable_by_sum)
    m.add(comps["kill"] == 0).only_enforce_if(killable_by_sum.Not())
    power = dealt_value(pa)  # 510.1a: its toughness if it assigns damage by toughness
    if power <= 0:
        return
    first = [x[b] for b in col if _strikes(board.permanent(b)) < _strikes(pa)]
    killable = []
    for b in col:
        pb = board.permanent(b)
        lethal = 1 if pa.has_keyword("deathtouch") else (pb.toughness or 0) + sum(pb.values("bushido")) - pb.damage
        if not pb.has_keyword("indestructible") and not prevents(pa, pb) and power >= max(1, lethal) \
                and not pb.has_keyword("undying") and not pb.has_keyword("persist"):
            killable.append(b)
    if not killable:
        return
    generous = not (lifelinkers and _strikes(pa) == 1)
    low = min(creature_value(board.permanent(b)) for b in killable)
    banding = [x[b].Not() for b in col if board.permanent(b).has_keyword("banding")]  # 702.22j: the defender divides
    for b in killable:
        value = creature_value(board.permanent(b)) if generous else low
        m.add(comps["own"] >= value).only_enforce_if([x[b]] + [f.Not() for f in first] + banding)


def _bounds(board: Board, a: str, blockers: list[str], attack: dict[str, str]) -> dict[str, int]:
    """Upper bounds of an attacker's share components (variable domains and weights): its
    power or toughness plus every bonus the triggers could give (702.83, 702.91, 702.121,
    702.149, 702.105, 702.68, 702.23, 702.45), per step."""
    p = board.permanent(a)
    exalted = sum(1 for q in board.controlled_by(p.controller) if q.has_keyword("exalted"))
    cries = sum(1 for c in attack if board.permanent(c).has_keyword("battle_cry"))
    hit = (max(0, p.power or 0, p.toughness or 0) + exalted + cries + len(board.players) + 3
           + sum(max(g) for g in p.values("battalion"))  # battalion (207.2c); mentor's counter (702.134a): the 3
           + sum(p.values("frenzy")) + sum(p.values("rampage")) * len(blockers) + sum(p.values("bushido")))
    gain = sum(max(0, dealt_value(board.permanent(b)) + sum(board.permanent(b).values("bushido"))) for b in blockers)
    return {"loss1": hit, "loss2": hit, "gain1": gain, "gain2": gain, "poison": hit + 2 * sum(p.values("toxic")),
            "cmd": 2 * hit, "own": sum(creature_value(board.permanent(b)) for b in blockers),
            "kill": creature_value(p), "afflict": sum(p.values("afflict"))}


def _fix(m: cp_model.CpModel, comps: dict[str, cp_model.IntVar], bounds: dict[str, int], s: Share, when: list) -> None:
    """Under ``when`` (this attacker blocked by exactly this set), its share is ``s``."""
    values = {"loss1": s.loss[0], "loss2": s.loss[1], "gain1": s.gain[0], "gain2": s.gain[1], "poison": s.poison,
              "cmd": s.commander, "own": s.own_lost, "kill": s.killed, "afflict": s.afflict}
    for k, v in values.items():
        if not 0 <= v <= bounds[k]:
            raise Undecided(f"a share ({k} = {v}) is outside its bound [0, {bounds[k]}]")
        m.add(comps[k] == v).only_enforce_if(when)


def _ge(m: cp_model.CpModel, expr, k: int) -> cp_model.IntVar:
    y = m.new_bool_var("")
    if isinstance(expr, int):
        m.add(y == int(expr >= k))
        return y
    m.add(expr >= k).only_enforce_if(y)
    m.add(expr <= k - 1).only_enforce_if(y.Not())
    return y


def _le(m: cp_model.CpModel, expr, k: int) -> cp_model.IntVar:
    return _ge(m, -expr, -k)


# ---------------------------------------------------------------------------- attacks
@dataclass(frozen=True)
class AttackAnswer:
    """The attacker's search: the best attack found, the defender's best response to it,
    whether it is proved best, the guaranteed value and the number of refinements."""

    attack: dict[str, str]
    response: Response
    value: int
    proved: bool
    iterations: int
    cuts: int
    dominance: bool = False  # proved by :func:`all_in_obstacles` (the whole attack is best)


def search_attack(board: Board, goal: str, deadline: Deadline, order: Sequence[str] = BLOCK_ORDER) -> AttackAnswer:
    """``lethal``: an attack every legal block loses to (704.5a, c); ``best-attack``: the
    attack with the most guaranteed net damage against best blocks (CEGAR on 508.1 x 509.1)."""
    defender = _defender(board)
    problem = attack_problem(board)
    # 508.1d, 508.1h-j: any attack whose total cost the attacker can pay (the payment solver's cut)
    if problem.requirements and any(cost is not None for opts in problem.options.values() for cost in opts.values()):
        raise Undecided("requirements to attack (508.1d) together with costs to attack are not searched")
    am = AttackModel(problem, frozenset(problem.options), attack_acceptor(problem, Payer(board, problem.active, deadline)))
    m = am.model
    if problem.requirements:  # 508.1d: the attack must obey the most requirements
        found = am.maximum(deadline)
        if not found.optimal:
            raise Undecided("the time limit stopped the 508.1d maximum")
        m.add(sum(am.obeyed_terms) >= found.value)
        m.clear_objective()
    targets: dict[str, dict[str, Any]] = {}
    for (c, t), lit in am.x.items():
        targets.setdefault(c, {})[t] = lit
    corner = corner_cases(board, list(targets), defender)
    if corner:
        raise Undecided("; ".join(corner))
    exact_cuts = _requirements_vary(board, defender)
    tied = bool(_tied_blockers(board, defender))
    lethal = goal == "lethal"
    if not all_in_obstacles(board, problem, defender):
        attack = {c: defender for c in problem.creatures if (c, defender) in am.x}
        response = best_response(board, attack, deadline, ("loses",) if lethal else order)
        value = int(response.loses) if lethal else _loss_weight(board, list(targets), defender) * int(response.loses) \
            + response.life
        return AttackAnswer(attack, response, value, True, 1, 0, dominance=True)
    weight = _loss_weight(board, list(targets), defender)
    value = m.new_int_var(0, 1, "guaranteed") if lethal else m.new_int_var(-weight, 2 * weight, "guaranteed")
    m.maximize(value)
    for (c, t), lit in am.x.items():  # first proposal: every creature at the player
        m.add_hint(lit, t == defender)
    cuts, iterations = 0, 0
    proposed: list[dict[str, str]] = []
    best: tuple[int, dict[str, str], Response, int] | None = None
    while True:
        iterations += 1
        r = solve(m, deadline.remaining())
        if not r.found:
            if r.status == cp_model.INFEASIBLE:
                raise Undecided("no legal attack (508.1)")
            raise Undecided("the time limit stopped the attack search")
        attack = {c: t for (c, t), lit in am.x.items() if r.value(lit)}
        upper = round(r.objective) if r.optimal else int(r.bound)
        if best is not None and best[0] >= upper and r.optimal:
            return AttackAnswer(best[1], best[2], best[0] if not lethal else int(best[2].loses), True, iterations, cuts)
        paid = cut_unpayable(am, attack)  # 508.1i: an attack that can't be paid is cut
        if paid is None:
            raise Undecided("the time limit stopped paying a cost to attack (508.1i)")
        if not paid:
            continue
        if attack in proposed:
            raise Undecided("the attacker's assignment policy and the search disagree on a proposal")
        proposed.append(attack)
        # lethal needs only some surviving block as the counterexample (704.5a, c)
        response = best_response(board, attack, deadline, ("loses",) if lethal else order)
        got = int(response.loses) if lethal else weight * int(response.loses) + response.life
        rank = weight * int(response.loses) + response.life  # lethal reports the best attack found by this
        if best is None or (got, rank) > (best[0], best[3]):
            best = (got, attack, response, rank)
        if lethal and got >= 1:
            return AttackAnswer(attack, response, 1, True, iterations, cuts)
        _add_cut(board, m, am, targets, response, value, lethal, weight, defender, exact_cuts, tied, attack, cuts)
        cuts += 1
        if deadline.expired():
            raise Undecided("the time limit stopped the attack search")


#: Keywords whose effect on one attacker depends on which other creatures attack (702.83
#: exalted, 702.91 battle cry, 702.121 melee, 702.149 training, 702.134 mentor, battalion
#: 207.2c, 702.22c banding) or that aren't modelled.
COMPOSITION = frozenset({"exalted", "battle_cry", "melee", "training", "mentor", "battalion", "banding"}) | UNSUPPORTED


def all_in_obstacles(board: Board, problem: AttackProblem, defender: str) -> list[str]:
    """Why attacking the defending player with every creature that can might not be best
    (empty: it is best, for ``lethal`` and ``best-attack`` alike).

    When none of these hold, take any attack ``A`` and the whole attack ``A*`` (every
    creature that can attack, at the player). For every legal block ``B*`` of ``A*``, keep
    the blocks of the creatures that attack the player in ``A`` and drop the others: a block
    ``B`` of ``A``, legal because blocks are judged per pair and per attacker (509.1a-b, no
    restriction on a blocker needs other blockers, no requirement, 509.1c). Under ``B`` each
    creature of ``A`` at the player deals what it deals under ``B*`` (no trigger depends on
    the other attackers, and a blocker blocks one creature); a creature at a planeswalker or
    battle deals the player nothing (no trample over planeswalkers, 702.19c). What the
    defender takes (life lost per step, poison, commander damage, afflict) is a sum of
    nonnegative shares and, with no lifelink among the defender's creatures (702.15b), nothing
    is gained back; so ``B`` leaves the defender at least as well off at every check (704.5a,
    c, 903.10a) as ``B*``, and ``A`` guarantees no more than ``A*``.
    """
    out = []
    if (problem.requirements or problem.others_needed or problem.also or problem.max_total or problem.player_caps
            or problem.alone_only):
        out.append("508.1c-d: attack requirements or restrictions that involve several creatures")
    for c in problem.creatures:
        if any(cost is not None for cost in problem.options.get(c, {}).values()):
            out.append(f"{c}: a cost to attack (508.1d, h)")
    for p in board.controlled_by(problem.active):
        which = sorted(k for k in COMPOSITION if p.has(k))
        if which:
            out.append(f"{p.id}: {', '.join(which)} depends on the other attackers")
    for b in board.creatures(defender):
        if b.has_keyword("lifelink"):
            out.append(f"{b.id}: lifelink (702.15b) gains life back from the creature it blocks")
    out += [f"{b}: can block only with other blockers (509.1b)" for b in _tied_blockers(board, defender)]
    if _requirements_vary(board, defender):
        out.append("509.1c: blocking requirements")
    return out


def _tied_blockers(board: Board, defender: str) -> list[str]:
    """The defender's creatures that can block only with other blockers (509.1b)."""
    return [b.id for b in board.creatures(defender) if others_needed(b) or b.values("cant_block_unless_also")]


def _loss_weight(board: Board, attackers: list[str], defender: str) -> int:
    """More than any net life loss: best-attack values a win above any damage. A loss outranks
    every surviving outcome even when the defending player's lifelink blockers gain back the
    most they can deal (702.15b): twice their power and bushido bonus (702.45a), double strike."""
    total = sum(2 * (abs(board.permanent(c).power or 0) + abs(board.permanent(c).toughness or 0) + 8) for c in attackers)
    gains = sum(2 * (abs(b.power or 0) + abs(b.toughness or 0) + sum(b.values("bushido")) + 8)
                for b in board.creatures(defender))
    return 2 * (total + gains + board.player(defender).life) + 1


def _requirements_vary(board: Board, defender: str) -> bool:
    """Could the blocking requirements (509.1c) change with the attack? Then a cut holds
    only for the exact attack it answered."""
    if board.effects_of("must_block") or board.effects_of("blocks_this_turn"):
        return True
    for p in board.permanents:
        if p.is_creature and (p.has("lure") or p.values("lure_by") or p.has("must_be_blocked")
                              or p.values("must_be_blocked_by")
                              or p.values("must_be_blocked_by_a") or p.has("blocks_each_combat")):
            return True
    return False


def _add_cut(board: Board, m: cp_model.CpModel, am: AttackModel, targets: dict[str, dict[str, Any]],
             response: Response, value: cp_model.IntVar, lethal: bool, weight: int, defender: str, exact: bool,
             tied: bool, attack: dict[str, str], index: int) -> None:
    """The defender's response as a cut: for every attack it applies to, the attacker's value
    is at most what that block leaves, with the attacker's assignment free (510.1).

    Against another attack the defender keeps the blocks of the creatures that still attack
    and drops the others. That block is legal whenever blocks are judged per pair and per
    attacker (509.1a-b): the cut then applies to every attack. It applies only to attacks that
    keep every blocked creature attacking when a blocker needs other blockers (``tied``,
    509.1b), and only to the exact attack when requirements could change (509.1c, ``exact``).
    """
    blocks = response.blocks
    dm = DamageModel(board, m, targets, blocks, name=f"c{index}")  # blockers of absent creatures don't block
    if exact:
        lits = [am.attacks[c] if c in attack else am.attacks[c].Not() for c in am.attacks]
    elif tied:
        lits = [am.attacks[a] for atts in blocks.values() for a in atts]
    else:
        lits = []
    applies = m.new_bool_var(f"applies{index}")
    if lits:
        m.add_bool_and(lits).only_enforce_if(applies)
        m.add_bool_or([v.Not() for v in lits] + [applies])
    else:
        m.add(applies == 1)
    loses = dm.loses(defender)
    if lethal:
        m.add(value <= loses).only_enforce_if(applies)
        return
    net = dm.life_loss(defender) - dm.life_gain(defender)
    m.add(value <= weight * loses + net).only_enforce_if(applies)


def block_value(board: Board, attack: dict[str, str], blocks: dict[str, tuple[str, ...]], deadline: Deadline,
                ctx: Context | None = None) -> Response:
    """The value of one given block against ``attack``, by the same shares as the search."""
    defender = _defender(board)
    corner = corner_cases(board, sorted(attack), defender)
    if corner:
        raise Undecided("; ".join(corner))
    ctx = ctx or Context(board, dict(attack), defender)
    me = board.player(defender)
    shares = {a: share(ctx, a, frozenset(b for b, atts in blocks.items() if a in atts), deadline) for a in attack}
    afflict = sum(s.afflict for s in shares.values())
    l1, l2 = sum(s.loss[0] for s in shares.values()), sum(s.loss[1] for s in shares.values())
    g1, g2 = sum(s.gain[0] for s in shares.values()), sum(s.gain[1] for s in shares.values())
    poison = sum(s.poison for s in shares.values())
    loses = (me.life - afflict <= 0 or me.life - afflict - l1 + g1 <= 0 or me.life - afflict - l1 - l2 + g1 + g2 <= 0
             or me.poison + poison >= LETHAL_POISON
             or any(me.commander_damage.get(a, 0) + s.commander >= LETHAL_COMMANDER for a, s in shares.items()))
    return Response(dict(blocks), loses, afflict + l1 + l2 - g1 - g2, poison,
                    sum(s.own_lost for s in shares.values()), sum(s.killed for s in shares.values()), 0)
