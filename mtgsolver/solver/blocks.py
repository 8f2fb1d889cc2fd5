"""Declare-blockers answers: is a declaration legal (509.1b-c), and a legal one to propose.

Each defending player's declaration is judged on its own (802.4b): it is illegal if it
disobeys a restriction (509.1a-b, 509.1d, 702 evasion) or obeys fewer requirements than
the most any restriction-obeying declaration obeys, paying no cost the player did not
choose to pay (509.1c). The total cost to block (509.1d) must be payable with the player's mana
abilities (509.1e-f, the payment solver); a declaration that can't be paid is cut from the
search. The maximum comes from CP-SAT (:mod:`mtgsolver.encodings.blocks`), or without a search
where each blocker's choice stands alone (:mod:`mtgsolver.solver.separable_blocks`);
unsat cores over guarded restrictions explain requirements that could not be obeyed.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from mtgsolver.encodings.blocks import BlockModel, build_block_model
from mtgsolver.encodings.cpsat import Deadline, Solve, Work, core_of, solve
from mtgsolver.load import prepare
from mtgsolver.model import Board, ManaCost
from mtgsolver.model.errors import OptionError
from mtgsolver.rules.blocking import (
    BlockOptions,
    Declaration,
    Finding,
    Requirement,
    attackers_by_defender,
    block_cost,
    block_options,
    declared_blocks,
    label,
    min_blockers,
    requirement_bound,
    requirements,
    restriction_findings,
)
from mtgsolver.rules.combat_triggers import attack_triggers
from mtgsolver.solver.combat_mana import Payer, describe_payment
from mtgsolver.solver.result import CombatResult, Violation, combat_unread
from mtgsolver.solver.separable_blocks import closest_separable, separable

__all__ = ["OBJECTIVES", "check_blocks", "suggest_blocks"]

#: Objectives of :func:`suggest_blocks`, applied after the requirement maximum.
OBJECTIVES = ("fewest-blockers", "most-blockers", "least-unblocked-power")

#: CP-SAT deterministic time per defending player for unsat-core explanations of unmet
#: requirements (about 0.2 s on a quiet machine; deterministic, so the notes don't depend on load).
_EXPLAIN_WORK = 0.05

#: CP-SAT parameters for block models: the stronger LP relaxation proves 509.1c maxima of
#: boards with many Lure requirements and menace in a fraction of the default's time.
_PARAMS = {"linearization_level": 2}


@dataclass
class _Player:
    """One defending player's part of the answer."""

    defender: str
    obeyed: int
    maximum: int
    legal: bool | None
    optimal: bool
    witness: dict[str, tuple[str, ...]]
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    payment: tuple[str, ...] = ()


@dataclass
class _Mana:
    """509.1d-f: ``defender``'s total cost to block, paid with their mana abilities (blocking
    creatures don't tap). :meth:`solve` repeats a solve, cutting declarations whose total can't
    be paid: any declaration with the same costed blockers and more costs no less."""

    board: Board
    paid: frozenset[str]
    payer: Payer
    unproved: bool = False

    def total(self, declaration: Declaration) -> ManaCost:
        total = ManaCost()
        for b in sorted(declaration):
            cost = block_cost(self.board, self.board.permanent(b))
            if cost is not None and b in self.paid:
                total = total + cost
        return total

    def costed(self, declaration: Declaration) -> list[str]:
        return [b for b in sorted(declaration) if b in self.paid and block_cost(self.board, self.board.permanent(b))]

    def payable(self, declaration: Declaration) -> bool | None:
        return self.payer.payable(self.total(declaration))

    def solve(self, bm: BlockModel, deadline: Deadline) -> Solve | None:
        """A solution whose total is payable, or ``None`` (nothing found in time)."""
        while True:
            result = solve(bm.model, deadline.remaining(), **_PARAMS)
            if not result.found:
                return None
            decl = bm.declaration(result.value)
            ok = self.payable(decl)
            if ok:
                return result
            self.unproved |= ok is None
            bm.model.add_bool_or([bm.blocking[b].Not() for b in self.costed(decl) if b in bm.blocking])
            if deadline.expired():
                return None

    def lines(self, declaration: Declaration) -> tuple[str, ...]:
        """509.1e: which sources pay (the payment solver's plan)."""
        result = self.payer.payment(self.total(declaration))
        return describe_payment(result) if result is not None and result.payable else ()


def _violation(f: Finding) -> Violation:
    return Violation(f.rule, f.creature, f.message)


def _no_attackers(objective: str | None = None) -> CombatResult:
    return CombatResult("blocks", True, 0, 0, notes=(
        "no creature is attacking: there is no declare blockers step (508.8)",), objective=objective)


def _own_part(board: Board, declaration: Declaration, defender: str) -> dict[str, tuple[str, ...]]:
    """The blocks declared by ``defender``'s creatures (or claimed for them)."""
    return {b: t for b, t in declaration.items() if board.permanent(b).controller == defender}


def _maximise(bm: BlockModel, mana: _Mana, deadline: Deadline) -> tuple[int, bool, dict[str, tuple[str, ...]]]:
    """509.1c: the most requirements a restriction-obeying declaration obeys.

    Returns (best found, optimal, a declaration reaching it). The empty declaration obeys
    every restriction: it is the hint, and the answer if time runs out before a solution.
    """
    bm.hint({})
    bm.model.maximize(bm.obeyed())
    result = mana.solve(bm, deadline)
    if result is None:
        return 0, False, {}
    return int(round(result.objective or 0)), result.optimal and not mana.unproved, bm.declaration(result.value)


def _then(bm: BlockModel, mana: _Mana, objective, minimise: bool, start: Declaration,
          deadline: Deadline) -> tuple[bool, dict[str, tuple[str, ...]], int]:
    """One lexicographic step: optimise ``objective`` keeping what earlier steps fixed."""
    bm.hint(start)
    if minimise:
        bm.model.minimize(objective)
    else:
        bm.model.maximize(objective)
    result = mana.solve(bm, deadline)
    if result is None:
        return False, dict(start), 0
    return result.optimal and not mana.unproved, bm.declaration(result.value), int(round(result.objective or 0))


def _explain_unmet(board: Board, options: BlockOptions, reqs: list[Requirement], paid: frozenset[str],
                   unmet: list[int], witness: Declaration, deadline: Deadline) -> list[str]:
    """Why requirements the witness leaves unmet can't be obeyed at all: an unsat core over
    the guarded group restrictions, assuming the requirement obeyed (CP-SAT assumptions).

    A requirement that could be obeyed on its own, but only at the cost of others, gets no
    note: a declaration that obeys it and every restriction (:func:`_obeying`) shows it
    without a model, and the guarded model is built only for those that need a core. The
    cores share a small budget of deterministic work (and the check's time limit); the
    explanations not reached are not guessed.
    """
    defender = options.defender
    gm: BlockModel | None = None  # the guarded model, built for the first requirement that needs a core
    work = Work(_EXPLAIN_WORK)
    notes: list[str] = []
    for i in unmet:
        if work.spent() or deadline.expired():
            break
        req = reqs[i]
        if any(req.obeyed(d) and not restriction_findings(board, d, paid)
               for d in _obeying(board, options, req, witness)):
            continue
        if gm is None:
            gm = build_block_model(board, defender, list(options.attackers), reqs, paid, guarded=True, options=options)
        guards, lit = [g for g, _ in gm.guards], gm.req_lits[i]
        if lit is None:
            attacker = board.permanent(req.attacker)  # type: ignore[arg-type]
            notes.append(f"509.1c: {req.describe(board)}: too few of {defender}'s creatures can block "
                         f"{label(attacker)}, so it can't be obeyed")
            continue
        core = core_of(gm.model, guards + [lit], deadline.remaining(), work, **_PARAMS)
        if core is not None:
            why = "; ".join(f"{gm.guards[j][1].message} ({gm.guards[j][1].rule})" for j in core if j < len(guards))
            notes.append(f"509.1c: {req.describe(board)}: it can't be obeyed without disobeying a restriction"
                         + (f": {why}" if why else ""))
    return notes


def _obeying(board: Board, options: BlockOptions, req: Requirement, witness: Declaration) -> list[Declaration]:
    """Declarations that obey ``req`` (509.1c), to be judged against the restrictions: the
    blocks it asks for alone, and the witness with those blocks in place of the creatures'
    own. Empty when the requirement's attacker has too few possible blockers."""
    if req.creature is not None:
        target = req.attacker or next((a for a in options.attackers if options.possible(req.creature, a)), None)
        if target is None:
            return []
        blocks: dict[str, tuple[str, ...]] = {req.creature: (target,)}
    else:
        attacker = board.permanent(req.attacker)  # type: ignore[arg-type]
        able = [b for b in options.eligible if options.possible(b, attacker.id)]
        first = [b for b in req.by if b in able][:1] if req.kind == "must_be_blocked_by_a" else []
        needed = max(req.n if req.kind == "must_be_blocked_by" else 1, min_blockers(attacker)[0])
        chosen = first + [b for b in able if b not in first][:needed - len(first)]
        if len(chosen) < needed:
            return []
        blocks = {b: (attacker.id,) for b in chosen}
    return [blocks, {**witness, **blocks}]


def _check_player(board: Board, defender: str, attackers: list[str], declared: Declaration,
                  paid: frozenset[str], deadline: Deadline, explain: bool) -> _Player:
    """One defending player's verdict. A declaration that obeys every restriction and as many
    requirements as any declaration could (:func:`requirement_bound`) is legal and its own
    witness without a search; a :func:`separable` one is judged against its closest best
    declaration (:func:`closest_separable`); otherwise :func:`_searched`. The explanations of
    the requirements the witness leaves unmet are worked out only when asked; in a separable
    declaration each requirement is obeyed by one block that obeys every restriction, so none
    needs one."""
    options = block_options(board, defender, attackers, paid)
    reqs, exempt = requirements(board, defender, attackers, paid, options)
    mine = _own_part(board, declared, defender)
    mana = _Mana(board, paid, Payer(board, defender, deadline))
    clean = not restriction_findings(board, mine, paid)
    can_pay = mana.payable(mine) if clean else True
    unpaid = []
    if can_pay is False:
        result_pay = mana.payer.payment(mana.total(mine))
        why = "; ".join(r.message for r in result_pay.reasons) if result_pay is not None else ""
        unpaid.append(Violation("509.1e", None, f"{defender} can't pay the total cost {mana.total(mine)} to block "
                                                f"(509.1d) with the mana abilities of the permanents they control"
                                                + (f": {why}" if why else "")))
        clean = False
    obeyed = sum(r.obeyed(mine) for r in reqs)
    alone = separable(board, options, reqs, paid)
    if clean and can_pay and obeyed >= requirement_bound(board, reqs):  # 509.1c: no declaration obeys more
        answer = _Player(defender, obeyed, obeyed, True, True, mine, payment=mana.lines(mine))
    else:
        search = _Search.of(closest_separable(board, options, reqs, mine), reqs) if alone else \
            _searched(board, defender, attackers, options, reqs, mine, mana, clean, obeyed, deadline)
        answer = _verdict(board, defender, reqs, mine, mana, clean, can_pay, obeyed, search)
        answer.violations[:0] = unpaid
    answer.notes += [f"{f.rule}: {f.message}" for f in exempt]
    unmet = [i for i, r in enumerate(reqs) if not r.obeyed(answer.witness)]
    if explain and unmet and answer.optimal and not alone:
        answer.notes += _explain_unmet(board, options, reqs, paid, unmet, answer.witness, deadline)
    return answer


@dataclass(frozen=True)
class _Search:
    """What the search for the 509.1c maximum found: a declaration obeying every restriction
    and ``best`` requirements, as close to the declared blocks as found; no declaration obeys
    more than ``bound``; ``optimal``: the witness is proved best and closest."""

    witness: dict[str, tuple[str, ...]]
    best: int
    bound: int
    optimal: bool

    @classmethod
    def of(cls, witness: dict[str, tuple[str, ...]], reqs: list[Requirement]) -> _Search:
        """A witness known to be best and closest."""
        best = sum(r.obeyed(witness) for r in reqs)
        return cls(witness, best, best, True)


def _searched(board: Board, defender: str, attackers: list[str], options: BlockOptions, reqs: list[Requirement],
              mine: dict[str, tuple[str, ...]], mana: _Mana, clean: bool, obeyed: int, deadline: Deadline) -> _Search:
    """The search: one solve maximises ``W * requirements - distance to the declaration``
    (``W`` exceeds any distance), the maximum first, then the closest witness, so a
    declaration that reaches the maximum is its own witness."""
    bm = build_block_model(board, defender, attackers, reqs, mana.paid, options=options)
    weight = len(bm.x) + 1
    bm.hint(mine)
    bm.model.maximize(weight * bm.obeyed() - bm.distance(mine))
    result = mana.solve(bm, deadline)
    if result is None:  # no solution within the time limit: the empty declaration obeys every restriction
        return _Search(mine, obeyed, len(reqs), False) if clean else _Search({}, 0, len(reqs), False)
    witness = bm.declaration(result.value)
    bound = len(reqs) if mana.unproved else int(result.bound + weight - 1) // weight  # distance < weight
    return _Search(witness, sum(r.obeyed(witness) for r in reqs), bound, result.optimal and not mana.unproved)


def _verdict(board: Board, defender: str, reqs: list[Requirement], mine: dict[str, tuple[str, ...]], mana: _Mana,
             clean: bool, can_pay: bool | None, obeyed: int, search: _Search) -> _Player:
    """The declaration judged against the search's witness (509.1c): illegal if it disobeys a
    restriction or obeys fewer requirements; the requirements the witness obeys and it doesn't
    are named."""
    witness, best, bound = search.witness, search.best, search.bound
    if clean and obeyed >= best:
        witness, best = mine, obeyed
    legal = False if (not clean or obeyed < best) else (True if obeyed >= bound and can_pay else None)
    answer = _Player(defender, obeyed, best, legal, search.optimal or legal is True, witness,
                     payment=mana.lines(mine) if can_pay else ())
    if obeyed < best:
        answer.violations.append(Violation("509.1c", None, (
            f"{defender}'s declaration obeys {obeyed} requirement{'s' if obeyed != 1 else ''}; "
            f"{best} can be obeyed without disobeying any restriction")))
        for req in reqs:
            if req.obeyed(witness) and not req.obeyed(mine):
                answer.violations.append(Violation("509.1c", req.subject, (
                    f"{req.describe(board)}: this declaration doesn't obey it, though the witness obeys it "
                    "along with the most requirements possible")))
    if legal is None:
        answer.notes.append(f"time limit reached: {defender}'s maximum is between {best} and {bound}; "
                            "legality is not proven")
    return answer


def _costs(board: Board, declaration: Declaration, paid: frozenset[str]) -> dict[str, str]:
    """509.1d: the total cost each player pays for the blocks of ``declaration``."""
    totals: dict[str, ManaCost] = {}
    for b in sorted(declaration):
        blocker = board.permanent(b)
        cost = block_cost(board, blocker)
        if cost is not None and b in paid:
            totals[blocker.controller] = totals.get(blocker.controller, ManaCost()) + cost
    return {p: str(c) or "{0}" for p, c in totals.items()}


def _combine(players: list[_Player], violations: list[Violation], board: Board, paid: frozenset[str],
             costs_of: Declaration | None, objective: str | None = None) -> CombatResult:
    witness: dict[str, tuple[str, ...]] = {}
    for p in players:
        witness.update(p.witness)
    legal: bool | None = True
    if violations or any(p.legal is False for p in players):
        legal = False
    elif any(p.legal is None for p in players):
        legal = None
    return CombatResult(
        kind="blocks",
        legal=legal,
        obeyed=sum(p.obeyed for p in players),
        maximum=sum(p.maximum for p in players),
        violations=tuple(violations + [v for p in players for v in p.violations]),
        witness=tuple(sorted(witness.items())),
        optimal=all(p.optimal for p in players),
        costs=_costs(board, costs_of if costs_of is not None else witness, paid),
        notes=tuple(n for p in players for n in p.notes),
        objective=objective,
        payments={p.defender: p.payment for p in players if p.payment},
    )


@combat_unread("blocks")
def check_blocks(board: Board, time_limit: float = 10.0, explain: bool = True) -> CombatResult:
    """Judge the board's declared blocks (509.1).

    Parameters
    ----------
    board:
        A board whose ``combat`` has attackers and a ``blockers`` list (``[]``: no blocks).
    time_limit:
        Seconds for all solves together. If it stops the search, ``optimal`` is False and
        ``legal`` is ``None`` unless the answer is settled anyway.
    explain:
        Add notes (unsat cores) on why requirements left unmet could not be obeyed.

    Returns
    -------
    CombatResult
        ``legal``, ``obeyed``, ``maximum`` (summed over defending players), each disobeyed
        restriction and requirement as a :class:`Violation` citing its rule, and a witness
        that obeys every restriction and the maximum number of requirements, as close to
        the declared blocks as possible.

    :raises BoardError: the board declares no blockers list to check.
    """
    board = prepare(board)  # the board as it is now (613), once
    if board.combat is None or not board.combat.attackers:
        return _no_attackers()
    if board.combat.blockers is None:
        raise board.error("combat.blockers", "no block declaration to check (give blockers: [] for no blocks, "
                          "or ask `blocks suggest` for one)")
    return _after_attack_triggers(board, lambda b, seconds: _check(b, seconds, explain), time_limit)


def _after_attack_triggers(board: Board, judge: Callable[[Board, float], CombatResult],
                           time_limit: float) -> CombatResult:
    """``judge`` the declaration on the board after the triggers of the declared attack
    (508.2, 509.1: they resolve before blockers are declared): one board, or one per choice of
    an optional trigger, the verdict undecided where the choices disagree (603.5). Triggers
    whose effects can't be applied are the bearing lines of :func:`combat_bearing`."""
    triggers = attack_triggers(board)
    results = [judge(b, time_limit / len(triggers.boards)) for b in triggers.boards]
    first = results[0]
    notes = first.notes + triggers.notes()
    if any((r.legal, r.witness) != (first.legal, first.witness) for r in results[1:]):
        who = ", ".join(f"{f.source}'s \"{f.text}\"" for f in triggers.choices)
        return replace(first, legal=None, optimal=first.optimal, notes=notes + (
            f"603.5: the answer depends on what was chosen for {who} as it resolved; the board doesn't say",))
    return replace(first, notes=notes)


def _check(board: Board, time_limit: float, explain: bool) -> CombatResult:
    """The verdict on ``board``'s declared blocks (:func:`check_blocks`)."""
    deadline = Deadline(time_limit)
    declared = declared_blocks(board)
    # 509.1c-d: a cost is paid only for a creature that blocks; naming a creature that doesn't
    # block pays nothing, so its costed blocks are not counted towards the maximum
    paid = board.combat.paid_costs & frozenset(declared)
    violations = [_violation(f) for f in restriction_findings(board, declared, paid)]
    players = [_check_player(board, d, attackers, declared, paid, deadline, explain)
               for d, attackers in attackers_by_defender(board).items()]
    for p in players:  # a searched witness is legal by construction; say so loudly if it is not
        assert p.legal or not restriction_findings(board, p.witness, paid), "internal error: witness disobeys a restriction"
    return _combine(players, violations, board, paid, declared)


@combat_unread("blocks")
def suggest_blocks(board: Board, objective: str = "fewest-blockers", time_limit: float = 10.0) -> CombatResult:
    """Propose a legal declaration: the most requirements (509.1c) first, then ``objective``.

    ``objective`` is one of :data:`OBJECTIVES`: ``fewest-blockers``, ``most-blockers`` or
    ``least-unblocked-power``. Ties go to the blocks already declared on the board, if any.
    Costs are paid only for creatures in ``combat.paid_costs`` (509.1c): there it names the
    creatures whose costs the player is willing to pay.

    :raises OptionError: an unknown ``objective``.
    """
    board = prepare(board)  # the board as it is now (613), once
    if objective not in OBJECTIVES:
        raise OptionError("objective", f"unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}")
    if board.combat is None or not board.combat.attackers:
        return _no_attackers(objective)
    return _after_attack_triggers(board, lambda b, seconds: _suggest(b, objective, seconds), time_limit)


def _suggest(board: Board, objective: str, time_limit: float) -> CombatResult:
    """A legal declaration on ``board`` (:func:`suggest_blocks`)."""
    deadline = Deadline(time_limit)
    paid = board.combat.paid_costs
    declared = declared_blocks(board)
    players: list[_Player] = []
    for d, attackers in attackers_by_defender(board).items():
        options = block_options(board, d, attackers, paid)
        reqs, exempt = requirements(board, d, attackers, paid, options)
        bm = build_block_model(board, d, attackers, reqs, paid, options=options)
        mine = _own_part(board, declared, d)
        mana = _Mana(board, paid, Payer(board, d, deadline))
        best, optimal, found = _maximise(bm, mana, deadline)
        bm.model.add(bm.obeyed() >= best)
        expr, minimise = {
            "fewest-blockers": (bm.blocker_count(), True),
            "most-blockers": (bm.blocker_count(), False),
            "least-unblocked-power": (bm.unblocked_power(board), True),
        }[objective]
        ok2, witness, value = _then(bm, mana, expr, minimise, found, deadline)
        optimal = optimal and ok2
        if mine and ok2:
            bm.model.add(expr == value)
            ok3, witness, _ = _then(bm, mana, bm.distance(mine), True, witness, deadline)
            optimal = optimal and ok3
        obeyed = sum(r.obeyed(witness) for r in reqs)
        assert not restriction_findings(board, witness, paid), "internal error: suggestion disobeys a restriction"
        player = _Player(d, obeyed, best, True if optimal else None, optimal, witness,
                         notes=[f"{f.rule}: {f.message}" for f in exempt], payment=mana.lines(witness))
        if not optimal:
            player.notes.append(f"time limit reached: {d}'s suggestion is not proven optimal")
        players.append(player)
    return _combine(players, [], board, paid, None, objective)
