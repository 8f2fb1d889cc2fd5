"""``mtgsolver solve``: combat goals against an adversary, and puzzles' stated solutions.

Goals: ``lethal`` (an attack that wins against every legal block, 508.1, 509.1, 704.5a, c),
``best-attack`` (the most guaranteed, a win counting above any damage), ``survive`` (a legal
block that keeps the defending player in the game) and ``best-blocks`` (the best legal block
by a value order). Answers come from :mod:`mtgsolver.solver.search`: exact, or undecided.
The goal ``win`` (a whole turn: spells, abilities and combat) is answered by :func:`whole_turn`
(:mod:`mtgsolver.solver.win`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.load import prepare
from mtgsolver.model import Board
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.cards import CardLibrary
from mtgsolver.model.errors import OptionError, UnsupportedError
from mtgsolver.solver.result import JsonResult
from mtgsolver.solver.search import BLOCK_ORDER, Response, Undecided, best_response, block_value, search_attack

__all__ = ["GOALS", "GOAL_QUESTIONS", "OUTCOME", "SolveResult", "solve_goal", "whole_turn"]

GOALS = ("lethal", "survive", "best-blocks", "best-attack")
#: what each goal asks, in words
GOAL_QUESTIONS = {"lethal": "an attack that wins against every legal block",
                  "best-attack": "the attack that guarantees the most",
                  "survive": "a legal block that keeps the defending player in the game",
                  "best-blocks": "the best legal block by the value order",
                  "win": "a win within the puzzle's turns"}


@dataclass(frozen=True)
class SolveResult(JsonResult):
    """A goal's answer. ``solved``: True (found), False (proved impossible), None (undecided).
    ``attack``/``blocks``: the witness (for lethal when impossible, the best attack found and
    the defender's refuting block); ``value``: the defender's outcome under them;
    ``solution``: the verdict on a puzzle's stated solution; ``payments``: which sources pay
    the attack's total cost (508.1h-i), per player."""

    goal: str
    solved: bool | None
    attack: tuple[tuple[str, str], ...] = ()
    blocks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    value: dict[str, Any] | None = None
    reasons: tuple[str, ...] = ()
    solution: dict[str, Any] | None = None
    iterations: int = 0
    unread: tuple[Any, ...] = ()
    payments: dict[str, tuple[str, ...]] | None = None
    not_relevant: tuple[Any, ...] = ()

    #: the goal ``win``: the line (:class:`~mtgsolver.solver.turn.Line`), the search's figures,
    #: whether no limit cut it short, the verdict on the text read, and the line replayed step
    #: by step (``explain``)
    line: Any = None
    search: dict[str, Any] | None = None
    optimal: bool = True
    as_read: bool | None = None
    explanation: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"goal": self.goal, "solved": self.solved,
               "attack": [{"creature": c, "target": t} for c, t in self.attack],
               "blocks": [{"creature": b, "blocks": list(a)} for b, a in self.blocks],
               "value": self.value, "reasons": list(self.reasons), "solution": self.solution,
               "iterations": self.iterations, "payments": {p: list(v) for p, v in (self.payments or {}).items()},
               "unread": [u.to_dict() if hasattr(u, "to_dict") else u for u in self.unread],
               "not_relevant": [u.to_dict() for u in self.not_relevant]}
        if self.goal == "win":
            out.update({"line": self.line.to_dict() if self.line is not None else None,
                        "steps": self.line.numbered() if self.line is not None else [],
                        "search": self.search, "optimal": self.optimal, "explanation": list(self.explanation)})
            if self.as_read is not None:
                out["as_read"] = self.as_read
        return out


#: the defender's outcome (``SolveResult.value``) in words: each key and its label, with the unit
OUTCOME = (("loses", "loses the game"), ("life_lost", "life lost, net of life gained (life)"),
           ("poison", "poison counters it gets (counters)"),
           ("creatures_lost", "its creatures destroyed (value: 1 + power + toughness each)"),
           ("attackers_destroyed", "attacking creatures destroyed (value: 1 + power + toughness each)"))


def _value(r: Response) -> dict[str, Any]:
    return {"loses": r.loses, "life_lost": r.life, "poison": r.poison, "creatures_lost": r.own_lost,
            "attackers_destroyed": r.killed}


def _answered(blocks: dict[str, tuple[str, ...]]) -> str:
    """A block in words: ``the block bears1 blocks giant, bears2 blocks giant``, or ``no block``."""
    return "the block " + ", ".join(f"{b} blocks {' and '.join(a)}" for b, a in sorted(blocks.items())) \
        if blocks else "no block"


def _blocks(r: Response) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(sorted(r.blocks.items()))


def solve_goal(board: Board, goal: str | None = None, order: Sequence[str] = BLOCK_ORDER,
               time_limit: float = 10.0, max_moves: int = 12, explain: bool = False,
               library: CardLibrary | None = None, shortest: bool = False) -> SolveResult:
    """Answer ``goal`` (default: the board's puzzle goal) and check a stated solution.

    The goal ``win`` searches lines of at most ``max_moves`` moves (``shortest``: then a line
    with the fewest); ``explain`` replays the line found step by step; ``library``: the cards
    the board was read with (what cards are as they enter the battlefield).

    :raises OptionError: no goal, a goal that is not a combat goal, an unknown value in ``order``.
    :raises BoardError: a block goal without an attack.
    :raises UnsupportedError: the puzzle's goal is not a combat goal; an attack goal with an
        ``order`` not led by loses, then life; a block goal with a creature attacking nothing (506.4c).
    """
    board = prepare(board)  # the board as it is now (613), once
    from mtgsolver.solver.damage import combat_unread

    puzzle = board.puzzle
    if goal is None and puzzle is not None and puzzle.goal is not None and puzzle.goal not in (*GOALS, "win"):
        raise UnsupportedError(f"the puzzle's goal {puzzle.goal!r} is not a combat goal ({', '.join(GOALS)}): "
                               "ask for one of those, or plan the casting")
    goal = goal or (puzzle.goal if puzzle else None)
    if goal is None:
        raise OptionError("goal", "missing; give one, or a puzzle: section with a goal")
    if goal == "win":
        return whole_turn(board, time_limit, max_moves, explain, library, shortest)
    if goal not in GOALS:
        raise OptionError("goal", f"{goal!r} is not a goal solve answers; expected one of {', '.join((*GOALS, 'win'))}")
    unknown = [o for o in order if o not in BLOCK_ORDER]
    if unknown or not order:
        raise OptionError("order", f"{', '.join(unknown) or '(empty)'}: expected names from {', '.join(BLOCK_ORDER)}")
    if goal in ("lethal", "best-attack") and tuple(order[:2]) != ("loses", "life"):
        raise UnsupportedError(f"{goal} ranks blocks by loses, then life first: the attack search does not "
                               "follow another order")
    deadline = Deadline(time_limit)
    creatures = [p.id for p in board.permanents if p.is_creature]
    bearing, notes = combat_unread(board, creatures)
    if bearing.lines or notes:
        return SolveResult(goal, None, reasons=tuple(notes) + ("text not read could change the answer",),
                           unread=bearing.lines, not_relevant=bearing.not_relevant)
    try:
        if goal in ("lethal", "best-attack"):
            return _attack_goal(board, goal, order, deadline)
        return _block_goal(board, goal, order, deadline)
    except Undecided as why:
        return SolveResult(goal, None, reasons=(f"undecided: {why}",))


def whole_turn(board: Board, time_limit: float = 10.0, max_moves: int = 12, explain: bool = False,
               library: CardLibrary | None = None, shortest: bool = False) -> SolveResult:
    """The goal ``win``: a line of play this turn after which the opponent has lost whatever
    they do (:func:`mtgsolver.solver.win.win_turn`; ``shortest``: one with the fewest moves);
    ``explain`` adds the line replayed step by step, each step checked by the operation that
    judges it and the board after it."""
    from mtgsolver.solver.win import explained, win_turn

    answer = win_turn(board, library, time_limit, max_moves, shortest)
    search = {"positions": answer.stats.positions, "transpositions": answer.stats.hits, "steps": answer.stats.steps,
              "depth": answer.stats.depth, "seconds": round(answer.seconds, 3)}
    if answer.line is not None:
        search["moves"] = answer.line.moves()
        search["shortest"] = answer.stats.shortest
    steps = explained(board, answer.line, library) if explain and answer.line is not None else ()
    return SolveResult("win", answer.solved, reasons=answer.reasons, unread=answer.unread, line=answer.line,
                       search=search, optimal=answer.optimal, as_read=True if answer.as_read else None,
                       explanation=steps)


def _attack_goal(board: Board, goal: str, order: Sequence[str], deadline: Deadline) -> SolveResult:
    ans = search_attack(board, goal, deadline, order)
    r = ans.response
    attack = tuple(sorted(ans.attack.items()))
    named = ", ".join(f"{c} -> {t}" for c, t in attack) or "no attack"
    if goal == "lethal":
        solved = bool(r.loses)
        reasons = [f"508.1, 509.1, 704.5a/c: {named} wins against every legal block" if solved else
                   f"no legal attack wins against every legal block (508.1, 509.1); the best attack found, {named}, "
                   f"is answered by {_answered(r.blocks)}"]
    else:
        solved = True
        reasons = [f"508.1, 509.1: {named} guarantees the defender loses {r.life} net life"
                   + (" and the game (704.5a/c)" if r.loses else "") + " against the best blocks"]
    if ans.dominance:
        reasons.append("508.1, 509.1, 702.15b: no attack does better than attacking the player with every creature "
                       "that can attack (no trigger depends on the other attackers, no lifelink blocker, no rule ties "
                       "several attackers or blockers together)")
    solution = _check_attack(board, goal, r, deadline, order) if board.puzzle and board.puzzle.solution \
        and board.puzzle.solution.attackers is not None else None
    payments = _attack_payments(board, ans.attack, deadline)
    if payments:
        reasons.append(f"508.1h-i: {board.active_player} pays the total cost to attack with "
                       + "; ".join(payments[board.active_player]))
    return SolveResult(goal, solved, attack, _blocks(r), _value(r), tuple(reasons), solution, ans.iterations,
                       payments=payments)


def _attack_payments(board: Board, attack: dict[str, str], deadline: Deadline) -> dict[str, tuple[str, ...]]:
    """508.1i: which sources pay the attack's total cost (none when it is free)."""
    from mtgsolver.rules.attacking import attack_problem
    from mtgsolver.solver.combat_mana import Payer, attack_payments

    problem = attack_problem(board)
    return attack_payments(problem, Payer(board, problem.active, deadline), attack)


def _block_goal(board: Board, goal: str, order: Sequence[str], deadline: Deadline) -> SolveResult:
    if board.combat is None or not board.combat.attackers:
        raise board.error("combat.attackers", f"{goal} needs the attack: declare it")
    if any(a.target is None for a in board.combat.attackers):
        raise UnsupportedError(f"{goal}: a creature attacking nothing (506.4c) is not searched; `damage` and "
                               "`blocks` answer on such a board")
    attack = {a.creature: a.target for a in board.combat.attackers}
    r = best_response(board, attack, deadline, order)
    solved = not r.loses if goal == "survive" else True
    if goal == "survive":
        reasons = [f"509.1: {_answered(r.blocks)} keeps the defender in the game"
                   if solved else "509.1, 704.5a/c: every legal block loses the game"]
    else:
        reasons = [f"509.1: the best legal block by {', '.join(order)} is {_answered(r.blocks)}"]
    solution = None
    if board.puzzle and board.puzzle.solution and board.puzzle.solution.blockers is not None:
        solution = _check_blocks(board, goal, attack, r, order, deadline)
    return SolveResult(goal, solved, (), _blocks(r), _value(r), tuple(reasons), solution, r.iterations)


def _check_blocks(board: Board, goal: str, attack: dict[str, str], best: Response, order: Sequence[str],
                  deadline: Deadline) -> dict[str, Any]:
    """A stated block: legal (509.1, by ``blocks check``) and as good as the best."""
    from mtgsolver.solver.blocks import check_blocks

    stated = board.puzzle.solution.blockers  # type: ignore[union-attr]
    trial = board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attack.items()), stated,
                                                   board.combat.paid_costs if board.combat else frozenset()))
    legal = check_blocks(trial, time_limit=deadline.remaining()).legal
    blocks = {b.creature: b.blocks for b in stated}  # type: ignore[union-attr]
    if not legal:
        return {"blockers": _stated_blocks(stated), "correct": False, "why": "509.1: the stated block is illegal"}
    value = block_value(board, attack, blocks, deadline)
    good = (not value.loses) if goal == "survive" else value.value(order) == best.value(order)
    why = "it keeps the defender in the game" if goal == "survive" and good else (
        "it is as good as the best block" if good else "a better block exists")
    return {"blockers": _stated_blocks(stated), "correct": good, "why": why, "value": _value(value)}


def _check_attack(board: Board, goal: str, best: Response, deadline: Deadline, order: Sequence[str]) -> dict[str, Any]:
    """A stated attack: legal (508.1, by ``attacks check``) and winning (lethal) or as good as
    the best (best-attack) against the defender's best response."""
    from mtgsolver.solver.attacks import check_attacks

    stated = board.puzzle.solution.attackers  # type: ignore[union-attr]
    # 508.1d: the stated attack pays the costs it needs (508.1h)
    trial = board.replace(combat=CombatDeclaration(stated, None, frozenset(a.creature for a in stated)))  # type: ignore[union-attr]
    shown = [{"creature": a.creature, "target": a.target} for a in stated]  # type: ignore[union-attr]
    if not check_attacks(trial, time_limit=deadline.remaining()).legal:
        return {"attackers": shown, "correct": False, "why": "508.1: the stated attack is illegal"}
    r = best_response(board, {a.creature: a.target for a in stated}, deadline, order)  # type: ignore[union-attr]
    if goal == "lethal":
        good = bool(r.loses)
        why = "it wins against every legal block" if good else f"{_answered(r.blocks)} survives it"
    else:
        good = (int(r.loses), r.life) == (int(best.loses), best.life)
        why = "it guarantees as much as the best attack" if good else "another attack guarantees more"
    return {"attackers": shown, "correct": good, "why": why, "value": _value(r)}


def _stated_blocks(stated: Sequence[Block] | None) -> list[dict[str, Any]]:
    return [{"creature": b.creature, "blocks": list(b.blocks)} for b in stated or ()]
