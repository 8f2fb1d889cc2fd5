"""``plan``: can these spells (and activated abilities) all be cast this turn, in which
order, with which mana (CR 106.4, 107.3, 111.10a, 601.2, 602.2, 605, 700.2, 700.13)?

Examples
--------
>>> from mtgsolver import parse_board_text
>>> board = parse_board_text('''
... active_player: a
... players: [{name: a}, {name: b}]
... zones: {a: {hand: [Strike It Rich, Lightning Bolt]}}
... battlefield:
...   - {id: m, card: Mountain, controller: a}
... ''', "doc.yaml")
>>> r = plan(board, ["Lightning Bolt", "Strike It Rich"])
>>> r.castable, [s.name for s in r.steps], r.steps[1].activations[0].source
(True, ['Strike It Rich', 'Lightning Bolt'], 'a.hand[0].treasure1')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Sequence

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Deadline, solve
from mtgsolver.encodings.payment_plan import Activation, SymbolPayment, read_plan
from mtgsolver.encodings.turn_plan import PlanStep, TurnPlanModel, Untapper
from mtgsolver.load import prepare
from mtgsolver.model import Board, ManaCost, ManaCostError, Permanent
from mtgsolver.model.cards import Card
from mtgsolver.model.errors import OptionError, UnsupportedError
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.model.unread import UnreadLine
from mtgsolver.model.zones import ZoneCard
from mtgsolver.read.card_files import bundled_library
from mtgsolver.read.modes import mode_index, unchosen_modal_trigger
from mtgsolver.read.spell_text import (cost_changes, enters_with_x_counters, extra_target_cost, mana_added, spending_restriction,
                                       treasure_lines_unread, treasures_created)
from mtgsolver.rules.crimes import board_target, crime_triggers, is_crime
from mtgsolver.rules.mana_sources import Instance, SpellInfo, extract_sources
from mtgsolver.rules.production import spends_white_as_any_color
from mtgsolver.solver.payment import Reason, _lexicographic
from mtgsolver.rules.game import Undecided
from mtgsolver.solver.relevance import Bearing, mana_bearing
from mtgsolver.solver.resolve import entering
from mtgsolver.solver.result import JsonResult, reports_unread, unread_dict

__all__ = ["PlanResult", "PlanStepResult", "StackCrime", "plan", "stack_crimes"]

_ACTIVATED = re.compile(r"^((?:\{[^}]+\})+): (.+)$")


@dataclass(frozen=True)
class PlanStepResult:
    """One step of a plan: what is cast or activated, its X, how it is paid, the mana
    carried in from earlier steps, and what happens as it is put on the stack."""

    id: str
    name: str
    kind: str
    cost: str
    x: int | None = None
    activations: tuple[Activation, ...] = ()
    assignment: tuple[SymbolPayment, ...] = ()
    carried_in: str = ""
    events: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "cost": self.cost, "x": self.x,
                "activations": [a.to_dict() for a in self.activations],
                "assignment": [s.to_dict() for s in self.assignment],
                "carried_in": self.carried_in, "events": list(self.events)}


@dataclass(frozen=True)
class PlanResult(JsonResult):
    """The answer of :func:`plan`: ``castable`` True / False / None (undecided: time limit,
    or unread rules text that could change it; ``as_read`` is then the verdict on the text
    read, docs/unread.md), the steps in order, reasons citing rules."""

    castable: bool | None
    player: str
    steps: tuple[PlanStepResult, ...] = ()
    x: int | None = None
    kept: tuple[tuple[str, bool], ...] = ()
    reasons: tuple[Reason, ...] = ()
    optimal: bool = True
    unread: tuple[UnreadLine, ...] = ()
    as_read: bool | None = None
    not_relevant: tuple[UnreadLine, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"castable": self.castable, "player": self.player, "x": self.x,
                "steps": [s.to_dict() for s in self.steps],
                "kept": [{"cost": c, "payable": ok} for c, ok in self.kept],
                "reasons": [r.to_dict() for r in self.reasons], "optimal": self.optimal,
                **unread_dict(self)}


@dataclass(frozen=True)
class _Wanted:
    id: str
    name: str
    kind: str  # "spell" or "ability"
    cost: ManaCost
    card: Card | None
    targets: tuple[str, ...]
    source: str | None = None
    zone_card: ZoneCard | None = None


def _parse_request(text: str) -> tuple[str, tuple[str, ...]]:
    """``NAME`` or ``NAME>TARGET,TARGET``: what to cast and its targets (601.2c)."""
    name, _, targets = text.partition(">")
    return name.strip(), tuple(t.strip() for t in targets.split(",") if t.strip())


def _find(board: Board, player: str, request: str, taken: set[str], path: str) -> _Wanted:
    """What ``request`` (the option at ``path``) names: a card in ``player``'s hand, or a
    permanent's activated ability with a mana cost.

    :raises OptionError: at ``path``: nothing of that name, or it can't be cast or activated.
    """
    name, targets = _parse_request(request)
    for t in targets:
        try:
            board_target(board, t)
        except OptionError as exc:
            raise OptionError(path, f"{request!r}: {exc.message}") from None
    zones = board.zones[player]
    for zc in zones.hand:
        if zc.id not in taken and name.lower() in (zc.id.lower(), zc.card.name.lower()):
            if "land" in zc.card.types:
                raise OptionError(path, f"{request!r}: a land is played, not cast (305.1)")
            if zc.card.mana_cost is None:
                raise OptionError(path, f"{request!r}: {zc.card.name} has no mana cost, so it can't be cast (202.1b)")
            cost, extra = zc.card.mana_cost, extra_target_cost(zc.card)
            for _ in range(len(targets) - 1 if extra is not None else 0):  # 601.2f: Fireball's targets
                cost = cost + extra
            return _Wanted(zc.id, zc.card.name, "spell", cost, zc.card, targets, zone_card=zc)
    if board.has_permanent(name):
        perm = board.permanent(name)
        if perm.controller != player:
            raise OptionError(path, f"{request!r}: {perm.id} is controlled by {perm.controller} (602.2)")
        if any(scope in ("all", "non_mana") for scope in perm.values("cant_activate")):
            raise OptionError(path, f"{request!r}: {perm.id}'s activated abilities can't be activated (602.5)")
        for line in perm.lines:
            m = _ACTIVATED.match(line)
            if m:
                try:
                    cost = ManaCost.parse(m.group(1))
                except ManaCostError:
                    continue  # {T}, sacrifice ...: not a pure mana cost
                return _Wanted(f"{perm.id}:ability", f"{perm.name}: {line}", "ability", cost, None, targets, perm.id)
        raise OptionError(path, f"{request!r}: {perm.id} has no activated ability with only a mana cost")
    known = ", ".join(c.card.name for c in zones.hand) or "nothing"
    more = "" if zones.hand_known else f" ({zones.hand_count - len(zones.hand)} unknown cards)"
    raise OptionError(path, f"{request!r}: not in {player}'s hand (known: {known}{more}) nor a permanent id")


def _entering_board(board: Board, player: str, wanted: list[_Wanted],
                   candidates: list[str]) -> tuple[Board, dict[str, tuple[str, ...]]]:
    """The board with what the spells will put onto it: their Treasures (111.10a) and the
    permanents permanent spells become (608.3: summoning sick, 302.6, so a creature taps for
    mana only with haste); untap candidates untapped."""
    treasure = bundled_library().get("Treasure")
    base = next((p for p in board.permanents if p.name == "Treasure"), None)
    made: dict[str, tuple[str, ...]] = {}
    extra: list[Permanent] = []
    for w in wanted:
        n = treasures_created(w.card) if w.card else 0
        ids = tuple(f"{w.id}.treasure{k + 1}" for k in range(n))
        for tid in ids:
            from mtgsolver.read.grammar.mana import parse_mana_ability

            ability = base.abilities if base is not None else (parse_mana_ability(treasure.text, "Treasure"),)
            extra.append(Permanent(tid, "Treasure", player, player, types=frozenset({"artifact"}),
                                   subtypes=frozenset({"treasure"}), abilities=tuple(ability)))
        if w.zone_card is not None and w.card is not None and w.card.is_permanent:
            try:
                extra.append(entering(w.zone_card, f"{w.id}.permanent", player))
                ids += (f"{w.id}.permanent",)
            except Undecided:
                pass  # a permanent needing a choice as it enters: not a source for later steps
        made[w.id] = ids
    perms = [replace(p, tapped=False) if p.id in candidates else p for p in board.permanents]
    return prepare(board.replace(permanents=tuple(perms) + tuple(extra), layers=None)), made


def _untappers(board: Board, player: str) -> tuple[list[Untapper], list[tuple[str, Any]]]:
    """Gandalf the Grey's kind of ability: an unchosen untap mode (700.2); also the modal
    triggers for the events list."""
    out: list[Untapper] = []
    modal = []
    for perm in board.controlled_by(player):
        trig = unchosen_modal_trigger(list(perm.lines), perm.name)
        if trig is None or "instant or sorcery spell" not in trig.trigger:
            continue
        chosen = {mode_index(trig, c) for c in perm.chosen_modes}
        modal.append((perm, trig, chosen))
        untap = next((i for i, mode in enumerate(trig.modes) if mode.name == "untap"), None)
        if untap is not None and untap not in chosen:
            out.append(Untapper(perm.id, len(trig.modes) - len(chosen) - 1))
    return out, modal


def _untap_candidates(board: Board, player: str, unique: bool = True) -> list[str]:
    """Permanents an untap effect could usefully untap: {T} mana sources, with ``unique`` one
    per class of identical permanents (same card, abilities, counters, tapped or not; any one of
    a class serves as well as another)."""
    seen: dict[tuple[Any, ...], str] = {}
    for p in sorted(board.controlled_by(player), key=lambda p: p.id):
        if any(a.taps for a in p.mana_abilities) and not any(a.untaps for a in p.mana_abilities) \
                and p.can_use_tap_abilities():
            key = (p.name, p.tapped, p.is_snow, tuple(a.text for a in p.mana_abilities),
                   tuple(sorted(p.counters.items())), p.chosen_color) if unique else (p.id,)
            seen.setdefault(key, p.id)
    return sorted(seen.values())


def _plan_bearing(args: Any, result: PlanResult) -> Bearing:
    """The unread lines that could bear on the plan: those that bear on paying with the
    player's sources (:func:`mana_bearing`, same monotonicity as ``pay``). A castable plan stays
    castable unless a line could forbid, tax or harm a payment; not castable, the largest X and
    a kept cost found unpayable could change with any of them (more mana). The lines of a
    "choose one that hasn't been chosen" trigger the plan reads (700.2, Gandalf the Grey) are read."""
    board = args.arguments["board"]
    lower_bound = bool(args.arguments["maximize_x"]) or any(not ok for _, ok in result.kept)
    bearing = mana_bearing(board, result.player, result.castable, lower_bound)
    modal = {perm.id for perm, _, _ in _untappers(board, result.player)[1]}

    def unread(u: UnreadLine) -> bool:
        return u.permanent not in modal or not (u.line.startswith("•") or "hasn't been chosen" in u.line)

    read = tuple(UnreadLine(u.permanent, u.line, u.kinds, "the plan reads this mode (700.2)")
                 for u in bearing.lines if not unread(u))
    return Bearing(tuple(filter(unread, bearing.lines)), tuple(filter(unread, bearing.decisive)),
                   bearing.not_relevant + read)


@reports_unread(_plan_bearing, "castable")
def plan(board: Board, cast: Sequence[str], player: str | None = None, maximize_x: bool = False,
         x: int | None = None, keep: Sequence[str | ManaCost] = (), time_limit: float = 10.0) -> PlanResult:
    """Plan casting ``cast`` (card names or ids in the hand, or permanent ids for their
    activated ability with a mana cost; ``NAME>TARGET,...`` gives targets) this turn.

    :raises OptionError: an unknown player, nothing to cast, a request that names nothing
        castable (``cast[i]``), X given together with ``maximize_x``, or either without exactly
        one spell with X, X negative.
    :raises ManaCostError: a kept cost that is not a mana cost.
    :raises UnsupportedError: a cost with {Y} or {Z}, or several spells with X.
    """
    board = prepare(board)  # the board as it is now (613), once
    player = player or board.active_player
    if not board.is_player(player):
        raise OptionError("player", f"unknown player {player!r}; the board has "
                                    f"{', '.join(p.name for p in board.players)}")
    if not cast:
        raise OptionError("cast", "nothing to plan: give at least one card or permanent to cast")
    if x is not None and maximize_x:
        raise OptionError("", "give `x` or `maximize_x`, not both")
    if x is not None and x < 0:
        raise OptionError("x", "X can't be negative (107.1b)")
    deadline = Deadline(time_limit)
    taken: set[str] = set()
    wanted = []
    for i, request in enumerate(cast):
        w = _find(board, player, request, taken, f"cast[{i}]")
        taken.add(w.id)
        wanted.append(w)
    with_x = [w for w in wanted if w.cost.variables]
    if any(len(set(w.cost.variables)) > 1 or w.cost.variables[0] != "X" for w in with_x):
        raise UnsupportedError("only the variable {X} is supported")
    if (maximize_x or x is not None) and len(with_x) != 1:
        raise OptionError("", f"`maximize_x` and `x` need exactly one spell with X among those cast; "
                              f"{len(with_x)} have X")
    if len(with_x) > 1:
        raise UnsupportedError("more than one spell with X: cast them in separate plans")
    kept = tuple(ManaCost.parse(k) if isinstance(k, str) else k for k in keep)
    untappers, modal = _untappers(board, player)
    candidates = _untap_candidates(board, player) if untappers else []
    tapped = {pid for pid in candidates if board.permanent(pid).tapped}
    aug, made = _entering_board(_printed(board), player, wanted, candidates)
    if untappers:  # a mana source a spell puts onto the battlefield can be untapped too (608.3)
        entered = {pid for ids in made.values() for pid in ids}
        candidates += [pid for pid in _untap_candidates(aug, player, unique=False)
                       if pid in entered and not aug.permanent(pid).tapped]
    steps = []
    upper = 0
    cast = frozenset(w.id for w in wanted if w.kind == "spell")  # 601.2a: no cost discards them
    unmodelled: set[tuple[str, str]] = set()  # abilities whose costs are read but not modelled
    spend_unread: tuple[str, ...] = ()  # "Spend only ..." lines of the cards cast, not read
    makers = False  # a card cast may be paid only with mana some sources made (113.6e)
    infos: list[SpellInfo] = []
    for w in wanted:
        mana_from, unread = spending_restriction(w.card) if w.card else (None, ())
        spend_unread += unread
        info = SpellInfo(frozenset((*w.card.types, *w.card.supertypes, *w.card.subtypes)), None,
                         mana_from) if w.card else SpellInfo.ability_of(aug.permanent(w.source or w.id))
        infos.append(info)
        makers |= mana_from is not None
        colors = frozenset(c.value for c in w.cost.colors)
        instances, excluded = extract_sources(aug, player, info, colors, bool(w.cost.variables), cast)
        unmodelled.update((e.source, e.ability) for e in excluded if not e.modelled)
        upper = max(upper, sum(i.max_amount for i in instances))
        symbols = tuple(s for s in w.cost.symbols if not s.variable)
        steps.append(PlanStep(w.id, ManaCost(symbols), len(w.cost.variables), tuple(instances),
                              enters=made.get(w.id, ()), mana=mana_added(w.card) if w.card else (),
                              triggers_untap=bool(w.card and {"instant", "sorcery"} & set(w.card.types))))
    pool = {}
    restricted: list[tuple[str, tuple[bool, ...]]] = []  # 106.6: a unit and the steps that may use it (602.2b)
    for unit in board.pool(player):
        if unit.spend_only is None:
            pool[unit.type] = pool.get(unit.type, 0) + unit.amount
        else:
            restricted += [(unit.type, tuple(
                info.allows(unit.spend_only, frozenset(c.value for c in w.cost.colors), bool(w.cost.variables),
                            unit.spend_abilities) and info.mana_from is None
                for w, info in zip(wanted, infos)))] * unit.amount
    upper += sum(pool.values()) + len(restricted) + sum(len(s.mana) for s in steps)
    keep_instances, _ = extract_sources(aug, player, None, cast=cast)
    counting = _counting_entered(_entering_board(_printed(board), player, [], candidates)[0], player, cast,
                                 keep_instances)
    keep_instances = [i for i in keep_instances if i.source not in tapped]
    white = spends_white_as_any_color(board, player)
    tm = TurnPlanModel(steps, board.player(player).life, pool, upper, maximize_x and bool(with_x),
                       x or 0, untappers, candidates, tapped, keep_instances, kept, white, carry_early=not makers,
                       restricted_pool=restricted)
    result, optimal = _solve(tm, maximize_x and bool(with_x), upper, deadline)
    changes = tuple(line for w in wanted if w.card for line in cost_changes(w.card))
    treasures_unread = tuple(line for w in wanted if w.card for line in treasure_lines_unread(w.card))
    undecided = counting or _cost_changed(changes) or _lowering_statics(board, player, wanted) or _treasures_unread(
        treasures_unread) or _unmodelled(unmodelled)
    if makers and undecided is None:  # mana carried between steps (106.4) keeps no record of its maker
        undecided = Reason("113.6e", "undecided: a card cast may be paid only with mana some sources made, and "
                           "mana carried from step to step is not told apart by its maker")
    if not result.found:
        if result.status == cp_model.INFEASIBLE:
            reasons = [Reason("601.2h", "no order and payment casts all of "
                              + ", ".join(w.name for w in wanted) + " with the mana sources of "
                              + f"{player} (each {{T}}/{{Q}}/sacrifice source pays one step, 107.5, 107.6)")]
            if undecided is not None:  # an ability not modelled could pay: never "no"
                return PlanResult(None, player, reasons=(undecided, *reasons), as_read=False)
            return PlanResult(False, player, reasons=tuple(reasons))
        return PlanResult(None, player, optimal=False, reasons=(
            Reason("601.2h", "the time limit ran out before a plan was found or ruled out"),))
    value = result.value
    x_value = value(tm.x) if with_x else None
    order = sorted(range(len(steps)), key=lambda k: value(tm.order.pos[k]))
    out_steps = []
    early, _, _ = read_plan(tm.pre_view(), value, 0, 0)  # type: ignore[arg-type]
    for k in order:
        w, step = wanted[k], steps[k]
        carried = {t: value(tm.carry_in[k][t]) for t in MANA_TYPES}
        held = {t: value(tm.pool_use[k][t]) for t in MANA_TYPES}
        acts, assignment, _ = read_plan(tm.step_view(k, carried, held), value, x_value or 0 if step.x_count else 0,
                                        step.x_count)  # type: ignore[arg-type]
        if k == order[0]:
            acts = early + acts  # activated while the first step is cast; its mana floats on
        out_steps.append((k, w, step, acts, assignment, carried))
    events = _events(board, player, wanted, steps, order, tm, value, modal, x_value)
    result_steps = tuple(
        PlanStepResult(w.id, w.name, w.kind, str(w.cost), x_value if step.x_count else None, tuple(acts),
                       tuple(assignment), "".join("{" + t + "}" for t in MANA_TYPES for _ in range(c[t])),
                       tuple(events[k]))
        for k, w, step, acts, assignment, c in out_steps)
    reasons = [Reason("601.2", "every step can be cast in this order; each is paid by the activations listed "
                      "(605.3a), mana left over stays in the pool for the next step (106.4)")]
    kept_ok = tuple((str(k), bool(value(ok))) for k, ok in zip(kept, tm.keep_ok))
    if spend_unread:  # a restriction not read could forbid the payments found
        undecided = Reason("106.6", "undecided: a restriction on the mana that pays a card cast is not read: "
                           + " ".join(spend_unread))
    elif changes:  # a cost not read could be more than the one paid
        undecided = _cost_changed(changes)
    elif counting:  # the amount found may count a permanent that enters after the source is tapped
        undecided = counting
    elif undecided is not None and not (x_value is not None and maximize_x or not all(ok for _, ok in kept_ok)):
        undecided = None
    if undecided is not None:
        return PlanResult(None, player, result_steps, x_value, kept_ok, (undecided, *reasons), optimal, as_read=True)
    return PlanResult(True, player, result_steps, x_value, kept_ok, tuple(reasons), optimal)


def _lowering_statics(board: Board, player: str, wanted: Sequence[_Wanted]) -> Reason | None:
    """Why a "no" is undecided: a permanent of ``player``'s, or one a spell cast becomes, lowers the
    cost of spells they cast ("Green creature spells you cast cost {1} less to cast", 601.2f), and
    the plan pays mana costs as printed."""
    perms = [*board.controlled_by(player), *(w.zone_card.permanent for w in wanted
                                             if w.zone_card is not None and w.zone_card.permanent is not None)]
    names = sorted({p.name for p in perms if p.has("spells_cost_less")})
    if not names:
        return None
    return Reason("601.2f", "undecided: " + ", ".join(names) + " lowers the cost of spells its controller casts, "
                  "and the plan pays mana costs as printed")


def _counting_entered(now: Board, player: str, cast: frozenset[str], instances: list[Instance]) -> Reason | None:
    """Why a plan is undecided: a mana ability's amount counts permanents a spell cast puts onto the
    battlefield (Tolarian Academy's artifacts), and is fixed as it resolves (608.2h), when they may not be
    there yet; the plan reads every amount off the board with them (``instances``), ``now`` without."""
    before = {i.key: i.max_amount for i in extract_sources(now, player, None, cast=cast)[0]}
    names = sorted({i.source for i in instances if i.key in before and i.max_amount != before[i.key]})
    if not names:
        return None
    return Reason("608.2h", "undecided: the mana of " + ", ".join(names) + " counts permanents the spells cast "
                  "put onto the battlefield, and the plan does not order its activation after them")


def _cost_changed(lines: tuple[str, ...]) -> Reason | None:
    """Why a plan is undecided: a card cast changes its own cost by lines not read, or a static
    lowers the cost of spells (601.2f)."""
    if not lines:
        return None
    return Reason("601.2f", "undecided: a card cast changes its own cost by text the plan does not read: "
                  + " ".join(lines))


def _treasures_unread(lines: tuple[str, ...]) -> Reason | None:
    """Why a "no" is undecided: a card cast creates Treasures the plan does not count, which could
    pay later steps (111.10a)."""
    if not lines:
        return None
    return Reason("111.10a", "undecided: a card cast creates Treasure tokens the plan does not count, "
                  "which could pay later steps: " + " ".join(lines))


def _unmodelled(abilities: set[tuple[str, str]]) -> Reason | None:
    """Why a plan is undecided: mana abilities whose costs are read but not modelled (118.3)."""
    if not abilities:
        return None
    names = "; ".join(f"{source} ({text})" for source, text in sorted(abilities))
    return Reason("118.3", f"undecided: mana abilities whose costs the payment does not model could pay more: {names}")


#: Deterministic work (CP-SAT's deterministic seconds) spent on the plan's cosmetic levels
#: (least life, then fewest sources) once castability, kept costs and X are proven.
POLISH = 0.05
#: Light presolve and a strong LP (as the payment solver): small models, solved a few times.
_PARAMS = dict(linearization_level=2, cp_model_probing_level=0, symmetry_level=0, max_presolve_iterations=1)


def _solve(tm: TurnPlanModel, maximize_x: bool, upper: int, deadline: Deadline) -> tuple[Any, bool]:
    """Feasibility first (the verdict), then the exact levels (kept costs, X) proven
    lexicographically, then the least life and fewest sources within :data:`POLISH`."""
    m = tm.model
    m.minimize(0)
    first = solve(m, deadline.remaining(), **_PARAMS)
    if not first.found:
        return first, first.status == cp_model.INFEASIBLE
    exact = []
    if tm.keep_ok:
        exact.append(("keep", len(tm.keep_ok) - sum(tm.keep_ok), len(tm.keep_ok)))
    if maximize_x:
        exact.append(("x", upper - tm.x, upper))
    result, optimal = first, True
    if exact:
        result, _, optimal = _lexicographic(m, exact, deadline)
        if not result.found:
            return first, False
    m.minimize((len(tm.perm_ids) + 1) * tm.total_loss + tm.sources_used())
    polish = solve(m, deadline.remaining(), max_deterministic_time=POLISH, **_PARAMS)
    if polish.found:
        result = polish
    m.clear_objective()
    return result, optimal


def _events(board: Board, player: str, wanted: list[_Wanted], steps: list[PlanStep], order: list[int],
            tm: TurnPlanModel, value: Any, modal: list[Any], x: int | None) -> dict[int, list[str]]:
    """What happens as each step is put on the stack: crimes and their triggers (700.13,
    603.2h), modal triggers and the modes left (700.2), X for enters abilities (107.3m)."""
    names = [p.name for p in board.players]
    crimes = crime_triggers(board, player)
    fired = set(board.turn.triggered_once)
    chosen = {perm.id: set(c) for perm, _, c in modal}
    untap_choice: dict[tuple[int, str], str] = {}
    for (g, s), lit in tm.untap_trigger.items():
        if value(lit):
            pid = next(p for (h, p), t in tm.untap_target.items() if h == g and value(t))
            untap_choice[(s, tm.untappers[g].source)] = pid
    out: dict[int, list[str]] = {k: [] for k in order}
    for k in order:
        w, step = wanted[k], steps[k]
        ev = out[k]
        if w.targets and is_crime(player, [board_target(board, t) for t in w.targets], names):
            ev.append(f"{player} commits a crime (700.13): it targets " + ", ".join(w.targets))
            for c in crimes:
                if c.once_each_turn and c.permanent in fired:
                    ev.append(f"{c.permanent} does not trigger: it triggers only once each turn (603.2h)")
                    continue
                ev.append(f"{c.permanent} triggers (700.13): {c.effect}")
                if c.once_each_turn:
                    fired.add(c.permanent)
        if step.triggers_untap:
            for perm, trig, _ in modal:
                left = [m for i, m in enumerate(trig.modes) if i not in chosen[perm.id]]
                if not left:
                    ev.append(f"{perm.id} triggers but no mode is left: removed from the stack (700.2b)")
                    continue
                if (k, perm.id) in untap_choice:
                    i = next(i for i, m in enumerate(trig.modes) if m.name == "untap")
                    ev.append(f"{perm.id} triggers (603.2): chooses untap (700.2) and untaps "
                              f"{untap_choice[(k, perm.id)]}")
                else:
                    pick = next((m for m in left if m.name != "untap"), left[0])
                    i = trig.modes.index(pick)
                    ev.append(f"{perm.id} triggers (603.2): modes left {', '.join(m.name for m in left)}; "
                              f"this plan chooses {pick.name} (700.2)")
                chosen[perm.id].add(i)
        if step.x_count and w.card is not None and "creature" in w.card.types and enters_with_x_counters(w.card):
            ev.append(f"enters with {x} +1/+1 counters: its enters ability uses the spell's X (107.3m); "
                      "on the battlefield its X is 0 (107.3g)")
        if step.mana:
            ev.append("adds " + "".join("{" + t + "}" for t in step.mana) + " as it resolves (106.3)")
        treasures = [t for t in step.enters if ".treasure" in t]
        if treasures:
            ev.append("creates " + ", ".join(treasures) + " (111.10a)")
        for pid in (t for t in step.enters if t.endswith(".permanent")):
            ev.append(_entered(board, pid, w))
    return out


def _entered(board: Board, pid: str, w: _Wanted) -> str:
    """What the plan says of a permanent spell as it resolves (608.3, 302.6, 702.10)."""
    perm = prepare(board.replace(permanents=(*_printed(board).permanents, entering(
        w.zone_card, pid, board.active_player)), layers=None)).permanent(pid)  # type: ignore[arg-type]
    if perm.is_creature and not perm.has_keyword("haste"):
        when = "summoning sick: its {T} abilities and attacks wait for the next turn (302.6)"
    else:
        when = ("with haste: it can attack, and its mana abilities pay later steps (702.10, 302.6)" if perm.is_creature
                else "its mana abilities pay later steps")
    return f"{w.name} enters the battlefield (608.3), {when}"


def _printed(board: Board) -> Board:
    """The board as printed (the layers apply again to what is added)."""
    if board.layers is None:
        return board
    return board.replace(permanents=board.layers.printed, effects=board.layers.effects, layers=None)


@dataclass(frozen=True)
class StackCrime:
    """Whether putting a stack item on the stack was a crime, and what it triggered."""

    item: str
    controller: str
    crime: bool
    triggered: tuple[str, ...] = ()
    not_triggered: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "controller": self.controller, "crime": self.crime,
                "triggered": list(self.triggered), "not_triggered": list(self.not_triggered)}


def stack_crimes(board: Board) -> tuple[StackCrime, ...]:
    """For each stack item, bottom first: did its controller commit a crime putting it on the
    stack (700.13: it targets an opponent, a permanent, spell or ability an opponent controls,
    or a card in an opponent's graveyard; one crime per item, whether or not it resolves), and
    which "whenever you commit a crime" abilities triggered ("only once each turn": none that
    ``turn.triggered_once`` lists or an earlier item triggered, 603.2h)."""
    board = prepare(board)  # the board as it is now (613), once
    names = [p.name for p in board.players]
    fired = set(board.turn.triggered_once)
    out = []
    for item in board.stack:
        crime = is_crime(item.controller, [board_target(board, t) for t in item.targets], names)
        hit, missed = [], []
        if crime:
            for c in crime_triggers(board, item.controller):
                if c.once_each_turn and c.permanent in fired:
                    missed.append(c.permanent)
                    continue
                hit.append(c.permanent)
                if c.once_each_turn:
                    fired.add(c.permanent)
        out.append(StackCrime(item.id, item.controller, crime, tuple(hit), tuple(missed)))
    return tuple(out)
