"""Declare attackers: check a declaration or suggest one (CR 508.1, 701.15, 302.6).

A declaration is legal when it breaks no restriction (508.1a-c, 302.6, 310.8b), every cost it
needs is paid (508.1d, 508.1h) and it obeys as many requirements as any restriction-obeying
declaration could (508.1d). The maximum comes from the CP-SAT model in
:mod:`mtgsolver.encodings.attacks`; an attack that needs a cost counts towards it only for
creatures whose controller chose to pay (``combat.paid_costs``), because no player is
required to pay a cost to attack (508.1d), and only when the total cost (508.1h) can be paid
with the active player's mana abilities once the attackers are tapped (508.1f, 508.1i): the
payment solver decides that, and an unpayable declaration becomes a cut of the CP-SAT search.
"""
from __future__ import annotations

from mtgsolver.encodings.attacks import OBJECTIVES, AttackModel
from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.load import prepare
from mtgsolver.model import Board
from mtgsolver.model.errors import OptionError
from mtgsolver.rules.attacking import (
    AttackProblem,
    Reason,
    attack_problem,
    declaration_reasons,
    obeyed,
)
from mtgsolver.solver.combat_mana import (
    Payer,
    attack_acceptor,
    attack_payments,
    attack_total,
    attacks_tapped,
    costed_attacks,
    free,
)
from mtgsolver.solver.result import CombatResult, Violation, combat_unread

__all__ = ["OBJECTIVES", "check_attacks", "suggest_attacks"]


@combat_unread("attacks")
def check_attacks(board: Board, time_limit: float = 10.0) -> CombatResult:
    """Judge ``board.combat.attackers`` (508.1).

    Parameters
    ----------
    board:
        A board with a ``combat`` section; ``combat.paid_costs`` names the creatures whose
        costs to attack the active player chose to pay. Only those whose declared attack
        needs a cost pay it; the maximum counts no other costed attack (508.1d).
    time_limit:
        Seconds for all solves together. If the maximum is not proved in time the result
        has ``optimal=False`` and ``legal`` may be ``None`` (undecided).

    Returns
    -------
    CombatResult
        ``legal``, ``obeyed`` (requirements the declaration obeys), ``maximum``, the
        ``violations`` citing rules, a ``witness`` (the declaration itself when legal,
        otherwise the legal declaration closest to it) and the total ``costs`` (508.1h).

    :raises BoardError: the board has no combat section, a creature attacks nothing (506.4c),
        or a ``cant_attack`` value names nothing.
    """
    board = prepare(board)  # the board as it is now (613), once
    if board.combat is None:
        raise board.error("combat", "no combat section with attackers to check")
    for i, a in enumerate(board.combat.attackers):
        if a.target is None:
            raise board.error(f"combat.attackers[{i}].target", "attacks check judges a declaration (508.1), which "
                              "names what each creature attacks; null (attacking nothing after its planeswalker or "
                              "battle left combat, 506.4c) is for blocks and damage")
    problem = attack_problem(board)
    declared = {a.creature: a.target for a in board.combat.attackers}
    # 508.1d, 508.1h: a cost is paid only for a creature whose declared attack needs one; a
    # creature named in paid_costs that stays home or attacks for free pays nothing, so no
    # costed attack of it is demanded
    paid = frozenset(c for c in board.combat.paid_costs
                     if problem.options.get(c, {}).get(declared.get(c, ""), None) is not None)
    restrictions = declaration_reasons(problem, declared, paid)
    flags = obeyed(problem, declared)
    count = sum(flags)
    deadline = Deadline(time_limit)
    payer = Payer(board, problem.active, deadline)
    notes: list[str] = []
    can_pay = True
    if not restrictions:
        can_pay, why = _payable(problem, payer, declared)
        restrictions += why
    model = AttackModel(problem, paid, attack_acceptor(problem, payer))
    top = model.maximum(deadline)
    if restrictions or count < top.value:
        legal: bool | None = False
    elif count >= top.bound and can_pay is not None:
        legal = True
    else:
        legal = None
        notes.append("Undecided: the time limit stopped the solver before the maximum or the payment was proved.")
    violations = [_violation(r) for r in restrictions]
    optimal = top.optimal
    if legal:
        witness = declared
    else:
        closest = model.best(top.value, [(1, model.agreement_terms(declared)), (-1, model.cost_terms())], deadline)
        witness = closest.attacks if closest.attacks is not None else (top.attacks or {})
        optimal = optimal and closest.optimal
        if count < top.value:
            violations += _requirement_violations(problem, declared, flags, witness)
            notes.append(f"The declaration obeys {count} of the {top.value} requirements a legal declaration obeys (508.1d).")
    notes += _cost_notes(problem, declared)
    return CombatResult(
        kind="attacks", legal=legal, obeyed=count, maximum=top.value, violations=tuple(violations),
        witness=_witness(witness), optimal=optimal, costs=_costs(problem, declared), notes=tuple(notes),
        payments=attack_payments(problem, payer, declared) if can_pay else {},
    )


@combat_unread("attacks")
def suggest_attacks(board: Board, objective: str = "fewest-attackers", time_limit: float = 10.0) -> CombatResult:
    """A legal declaration of attackers (508.1) that is best for ``objective``.

    Parameters
    ----------
    board:
        Any board; ``combat.paid_costs``, if present, names the creatures whose costs to
        attack the active player is willing to pay (otherwise no cost is paid).
    objective:
        ``fewest-attackers`` (default), ``most-attackers`` or ``most-power``; ties go to the
        declaration paying the least mana (508.1h).
    time_limit:
        Seconds for all solves together.

    Returns
    -------
    CombatResult
        ``witness`` is the suggested declaration; it obeys ``maximum`` requirements.

    :raises OptionError: an unknown ``objective``.
    """
    board = prepare(board)  # the board as it is now (613), once
    if objective not in OBJECTIVES:
        raise OptionError("objective", f"unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}")
    problem = attack_problem(board)
    paid = board.combat.paid_costs if board.combat is not None else frozenset()
    deadline = Deadline(time_limit)
    payer = Payer(board, problem.active, deadline)
    model = AttackModel(problem, paid, attack_acceptor(problem, payer))
    top = model.maximum(deadline)
    best = model.best(top.value, [model.objective_terms(objective), (-1, model.cost_terms())], deadline)
    attacks = best.attacks if best.attacks is not None else (top.attacks or {})
    notes = _cost_notes(problem, attacks)
    if not top.optimal:
        notes.insert(0, f"Not proved: the time limit stopped the solver; up to {top.bound} requirements may be obeyable.")
    return CombatResult(
        kind="attacks", legal=True if top.optimal else None, obeyed=sum(obeyed(problem, attacks)),
        maximum=top.value, witness=_witness(attacks), optimal=top.optimal and best.optimal,
        costs=_costs(problem, attacks), notes=tuple(notes), objective=objective,
        payments=attack_payments(problem, payer, attacks),
    )


# --------------------------------------------------------------------------- real mana
def _payable(problem: AttackProblem, payer: Payer, attacks: dict[str, str]) -> tuple[bool | None, list[Reason]]:
    """508.1i-j: can the declared total be paid? A reason citing 508.1i if not."""
    total = attack_total(problem, attacks)
    if free(total):
        return True, []
    ok = payer.payable(total, attacks_tapped(problem, attacks))
    if ok is not False:
        return ok, []
    result = payer.payment(total, attacks_tapped(problem, attacks))
    why = "; ".join(r.message for r in result.reasons) if result is not None else ""
    return False, [Reason("508.1i", None, f"{problem.active} can't pay the total cost {total} to attack (508.1h) with "
                                          f"the mana abilities of the permanents they control once the attackers "
                                          f"are tapped (508.1f)" + (f": {why}" if why else "") + ".")]


# --------------------------------------------------------------------------- explanations
def _violation(r: Reason) -> Violation:
    return Violation(r.rule, r.creature, r.message)


def _requirement_violations(problem: AttackProblem, declared: dict[str, str], flags: list[bool],
                            witness: dict[str, str]) -> list[Violation]:
    """508.1d: requirements the declaration disobeys that the witness obeys."""
    out = []
    achieved = obeyed(problem, witness)
    for req, mine, theirs in zip(problem.requirements, flags, achieved):
        if mine or not theirs:
            continue
        target = declared.get(req.creature)
        does = "it is not attacking" if target is None else f"it attacks {problem.label(target)}"
        out.append(Violation(req.rule, req.creature, f"{req.text[:-1]}, but {does}."))
    return out


def _costs(problem: AttackProblem, attacks: dict[str, str]) -> dict[str, str]:
    """508.1h: the total cost to attack, paid by the active player."""
    total = attack_total(problem, attacks)
    return {problem.active: str(total) if total.symbols else "{0}"}


def _cost_notes(problem: AttackProblem, attacks: dict[str, str]) -> list[str]:
    return [f"{problem.label(c)} attacking {problem.label(t)} costs {problem.options[c][t]}: "
            f"{'; '.join(problem.cost_sources[(c, t)])} (508.1h)." for c, t in costed_attacks(problem, attacks)]


def _witness(attacks: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(attacks.items()))
