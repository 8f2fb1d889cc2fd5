"""The answer to the goal ``win`` (``solve --goal win``): the search of
:mod:`mtgsolver.solver.turn`, what could change its verdict, and the line replayed.

Exact on what is read: "win" with the line; "no win" only when the search proved it and no
unread line, import note or unsearched move could change that; undecided otherwise (an unread
line of a card that could matter, the opponent able to act, a limit reached), with the line
found on what is read, if any (``as_read``).

:func:`replay` plays a line again step by step from the board (every path through the
opponent's options) and gives the board after each step; :func:`check_line` replays it and
checks each step with the operations users call: a move by ``pay`` (its payment) and
``resolve`` (its resolution, the payment made first), an attack by ``attacks check``, a block
by ``blocks check``, combat damage by ``damage`` when the assignment is the one ``damage``
makes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterator

from mtgsolver.load import prepare
from mtgsolver.model.board import Board
from mtgsolver.model.cards import CardLibrary
from mtgsolver.model.combat import Attack, Block, CombatDeclaration
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.card_files import bundled_library
from mtgsolver.read.line_kinds import line_kinds
from mtgsolver.rules.casting import option_text, spell_ability, total_cost
from mtgsolver.rules.game import Game, Undecided
from mtgsolver.solver.produce import could_produce
from mtgsolver.solver.relevance import entered_bearing, line_bearing, merge, turn_bearing
from mtgsolver.solver.resolve import LibraryReader, SolverPayer
from mtgsolver.solver.turn import Line, LineStep, Stats, Timeout, TurnSearch, answerer, opponent_can_act, perform

__all__ = ["HARMLESS_NOTES", "Check", "Played", "WinAnswer", "board_summary", "check_line", "explained", "replay",
           "win_turn"]

#: Import notes that can't change a turn (no rules meaning, or saying how a token is made).
HARMLESS_NOTES = ("kept out, without rules meaning", "no Color:", "HumanControl")


@dataclass(frozen=True)
class WinAnswer:
    """``solved``: True (a win: ``line``), False (proved: no line wins), None (undecided:
    ``reasons``; ``line`` a win on what is read, ``as_read``); ``unread``: the unread lines that
    could bear on it; ``stats`` what the search did; ``optimal``: no time or depth limit cut the
    search short."""

    solved: bool | None
    line: Line | None
    reasons: tuple[str, ...]
    unread: tuple[UnreadLine, ...]
    stats: Stats
    optimal: bool
    seconds: float
    as_read: bool = False


def win_turn(board: Board, library: CardLibrary | None = None, time_limit: float = 10.0,
             max_depth: int = 12, shortest: bool = False) -> WinAnswer:
    """Whether the active player can make the opponent lose this turn (see the module); with
    ``shortest``, a winning line with the fewest moves (:meth:`TurnSearch.shorten`)."""
    started = time.monotonic()
    board = prepare(board)
    library = library or bundled_library()
    me = board.active_player
    reasons: list[str] = []
    others = board.opponents(me)
    if len(others) != 1:
        return WinAnswer(None, None, ("the goal win is searched in two-player games (104.2a)",), (), Stats(), True, 0.0)
    opp = others[0]
    puzzle = board.puzzle
    if puzzle is not None and puzzle.goal == "win" and puzzle.side != me:
        return WinAnswer(None, None, (f"the puzzle is {puzzle.side}'s to win on {me}'s turn, where {puzzle.side} acts "
                                      "only at instant speed (117.1a): the search plays the active player's turn",),
                         (), Stats(), True, time.monotonic() - started)
    against_win, against_no = turn_bearing(board, board.turn.step in ("upkeep", "draw"))
    notes = [n for n in board.notes if not any(h in n for h in HARMLESS_NOTES)]
    search = TurnSearch(board, library, started + time_limit, max_depth)
    searched = search.answering is not None
    acts = opponent_can_act(board, opp, searched=searched)
    if searched:
        against_no = merge(against_no, _answers_unread(board, opp))
    optimal = True
    try:
        result = search.run(shortest)
    except Timeout:
        result, optimal = None, False
    except Undecided as why:
        return WinAnswer(None, None, (f"{why.message} ({why.rule})",), against_no, search.stats, True,
                         time.monotonic() - started)
    seconds = time.monotonic() - started
    doubts = [*acts, *(f"the import note could matter: {n}" for n in notes)]
    if result is not None and result.win:
        assert result.line is not None
        boards = [p.board for p in replay(board, result.line, library)]
        entered = entered_bearing(_entered(board, boards, library), me)
        unread = line_bearing(merge(against_win, entered), board, boards)
        doubts = [*opponent_can_act(board, opp, boards, searched), *(f"the import note could matter: {n}" for n in notes)]
        if doubts or unread:
            why = doubts + (["text not read could change the line's outcome"] if unread else [])
            return WinAnswer(None, result.line, tuple(why), unread, search.stats, optimal, seconds, as_read=True)
        return WinAnswer(True, result.line, (f"the line wins whatever {opp} does: {result.line.paths()} "
                                             f"way{'s' if result.line.paths() != 1 else ''} through their choices",),
                         (), search.stats, optimal, seconds)
    if result is None:
        reasons.append(f"the time limit ({time_limit} s) ran out before the search ended")
    else:
        if result.cut:
            reasons.append(f"lines of more than {max_depth} moves were not searched")
        reasons += sorted(result.notes)
    reasons += [f"{cost} paid as an effect resolved (118.3): one way of paying it was tried"
                for cost in sorted(search.payer.paid)]
    reasons += doubts
    if against_no:
        reasons.append("text not read could give a line that wins")
    if puzzle is not None and puzzle.turns > 1:
        reasons.append(f"the puzzle gives {puzzle.turns} turns: only this one is searched")
    if reasons:
        return WinAnswer(None, None, tuple(reasons), against_no, search.stats, optimal, seconds)
    return WinAnswer(False, None, (f"no line of play this turn makes {opp} lose against every answer "
                                   f"({search.stats.positions} positions searched)",), (), search.stats, True, seconds)


def _answers_unread(board: Board, opponent: str) -> tuple[UnreadLine, ...]:
    """The unread lines of the cards known in ``opponent``'s hand, which the search casts as
    their answers as read: what it doesn't read (Spellstutter Sprite's "When ~ enters") could
    undo a refutation, so they bear on a "no win" (a win's line is checked for the permanents
    that entered along it)."""
    z = board.zones.get(opponent)
    return tuple(UnreadLine(zc.id, line, line_kinds(line)) for zc in (z.hand if z is not None else ())
                 for line in (zc.permanent.unread if zc.permanent is not None else ()))


# --------------------------------------------------------------------------- replaying a line
@dataclass(frozen=True)
class Played:
    """One step of a line played: the step, the branch labels leading to it, the board after,
    and whether it is the last step of its path (``leaf``)."""

    step: LineStep
    path: tuple[str, ...]
    board: Board
    log: tuple[str, ...]
    leaf: bool = False


def replay(board: Board, line: Line, library: CardLibrary | None = None, path: tuple[str, ...] = (),
           opponent: str | None = None) -> Iterator[Played]:
    """Play ``line`` from ``board`` again, each step with its recorded choices, down every
    branch; each step with the board after it. ``opponent``: who answers on the stack
    (:func:`mtgsolver.solver.turn.answerer` of the board the line starts from).

    :raises Illegal: a step is illegal on the board it meets (the line is wrong).
    :raises Undecided: a step meets a choice its script doesn't fix.
    """
    reader = LibraryReader(library or bundled_library())
    payer = SolverPayer(10.0, frozenset({board.active_player}))  # as the search pays (118.3)
    if not path:
        opponent = answerer(prepare(board))
    for i, step in enumerate(line.steps):
        chooser = _Replay(step.script)
        game = Game(board, reader, chooser, payer)
        perform(game, step.op, opponent)
        board = game.board()
        yield Played(step, path, board, tuple(f"[{s.rule}] {s.message}" for s in game.log),
                     i == len(line.steps) - 1 and not line.branches)
    for when, sub in line.branches:
        yield from replay(board, sub, library, (*path, when), opponent)


class _Replay:
    """A chooser following a recorded script."""

    def __init__(self, script: tuple[int, ...]) -> None:
        self.script, self.i = script, 0

    def choose(self, key: str, options: Any) -> int:
        if self.i >= len(self.script):
            raise Undecided("608.2", f"the line doesn't say the choice {key}")
        self.i += 1
        return self.script[self.i - 1]


def _entered(board: Board, boards: list[Board], library: CardLibrary) -> list[Any]:
    """The permanents that entered the battlefield on some path of a line (a new timestamp),
    those that changed controller on it (613.1b: the lines of a creature taken bear as its new
    controller's) and those with an unread line they didn't have at the start (an ability no
    longer removed, 613.1f: "lose all abilities" stops applying to a creature that becomes a
    Horror); ``boards`` the boards after its steps."""
    start = Game(board, LibraryReader(library), _Replay(())).clock
    before = {p.id: set(p.unread) for p in board.permanents}
    controllers = {p.id: p.controller for p in board.permanents}
    out: dict[str, Any] = {}
    for after in boards:
        for p in prepare(after).permanents:
            if (p.timestamp or 0) > start or not set(p.unread) <= before.get(p.id, set()) \
                    or controllers.get(p.id, p.controller) != p.controller:
                out.setdefault(p.id, p)
    return list(out.values())


# --------------------------------------------------------------------------- checking a line
@dataclass(frozen=True)
class Check:
    """One step of a line checked: which operation judged it and what it said."""

    step: LineStep
    path: tuple[str, ...]
    operation: str
    ok: bool
    detail: str
    board: Board


def check_line(board: Board, line: Line, library: CardLibrary | None = None) -> list[Check]:
    """Replay ``line`` through the operations users call, step by step (see the module); the
    last board of each path has the opponent lost."""
    from mtgsolver.solver.attacks import check_attacks
    from mtgsolver.solver.blocks import check_blocks
    from mtgsolver.solver.payment import pay
    from mtgsolver.solver.resolve import resolve

    library = library or bundled_library()
    out: list[Check] = []
    before = prepare(board)
    opp = before.opponents(before.active_player)[0]
    boards: dict[tuple[str, ...], Board] = {(): before}
    for played in replay(before, line, library):
        prev = boards.get(played.path) or _parent(boards, played.path)
        step = played.step
        after = prepare(played.board)
        if step.kind == "move" and _answered(step, prev.active_player):
            out.append(Check(step, played.path, "rules", True, "replayed: the opponent's move or answer (117.3c), "
                             "which pay and resolve don't make", after))
        elif step.kind == "move" and step.op[1].kind == "mana":
            out.append(_floated(prev, step, played.path, after))
        elif step.kind == "move":
            move = step.op[1]
            ok, detail = True, ""
            if move.payment is not None and move.payment.activations and move.kind != "land":
                cost = _cost_of(prev, move, library)
                if cost is not None:
                    paid = pay(prev, cost, player=prev.active_player, x=move.x)
                    ok = paid.payable is not False
                    detail = f"pay {cost}: {'payable' if paid.payable else paid.payable}"
            if move.kind != "land":  # a cast is paid as the line pays, then resolved without paying again
                start = _paid(prev, move, library) if move.kind == "cast" else prev
                held = [move]
                while held[-1].response is not None:  # made while the one before is on the stack (117.3c)
                    held.append(held[-1].response)
                res = resolve(start, [move.action(), *("respond " + r.action() for r in held[1:])],
                              x=[m.x for m in held if m.x is not None],
                              mode=[",".join(str(i + 1) for i in m.modes) for m in held if m.modes],
                              free=move.kind == "cast", choose=_choices(step) + _kicker(prev, move), library=library,
                              spent=_spent(held))
                ok = ok and res.resolved is True and _same(res.board, after)
                detail += ("; " if detail else "") + f"resolve: {res.resolved}" + (
                    "" if res.resolved else f" ({res.reason.message if res.reason else ''})")
            out.append(Check(step, played.path, "pay, resolve", ok, detail, after))
        elif step.kind == "attack":
            paid = frozenset(c for c, _ in step.op[1]) if step.op[2] is not None else frozenset()
            trial = prev.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in step.op[1]), None, paid))
            verdict = check_attacks(trial)
            out.append(Check(step, played.path, "attacks check", _legal(verdict), f"legal: {verdict.legal}", after))
        elif step.kind == "block":
            c = prev.combat or CombatDeclaration()
            trial = prev.replace(combat=CombatDeclaration(c.attackers, tuple(Block(b, a) for b, a in step.op[1]),
                                                          c.paid_costs))
            verdict = check_blocks(trial, explain=False)
            out.append(Check(step, played.path, "blocks check", _legal(verdict), f"legal: {verdict.legal}", after))
        else:
            out.append(Check(step, played.path, "rules", True, step.kind, after))
        boards[played.path] = played.board
        if played.leaf and not after.player(opp).lost:
            out.append(Check(LineStep(("end",), "the end of the line"), played.path, "704.5", False,
                             f"{opp} has not lost", after))
    return out


def _floated(board: Board, step: LineStep, path: tuple[str, ...], after: Board) -> Check:
    """A mana ability activated for the pool (605.3a), checked by ``produce``: its source was
    untapped and could produce each mana added (106.7), which stays in the pool (106.4)."""
    move = step.op[1]
    added = [m.type for m in move.payment.pool[move.index:]]
    could = set(could_produce(board, move.subject).types(move.subject))
    pool = [m.type for m in after.mana_pools.get(move.payment.player, ())]
    ok = (not board.permanent(move.subject).tapped and set(added) <= could
          and all(pool.count(t) >= added.count(t) for t in set(added)))
    return Check(step, path, "produce", ok, f"adds {''.join('{' + t + '}' for t in added)}; "
                                             f"could produce {sorted(could)}", after)


def _legal(verdict: Any) -> bool:
    """Legal, or legal on the text read (undecided only for unread lines)."""
    return verdict.legal is True or verdict.legal is None and getattr(verdict, "as_read", None) is True


def _parent(boards: dict[tuple[str, ...], Board], path: tuple[str, ...]) -> Board:
    for n in range(len(path) - 1, -1, -1):
        if path[:n] in boards:
            return boards[path[:n]]
    return boards[()]


def _choices(step: LineStep) -> list[str]:
    """The choices made during a step as ``KEY=OPTION`` for ``resolve`` (the opponent's passes
    aside: :func:`mtgsolver.solver.turn.answered`)."""
    out = []
    for c in step.choices:
        _, _, rest = c.partition(": ")
        key, _, option = rest.partition(" = ")
        if not key.startswith("answer:"):
            out.append(f"{key}={option}")
    return out


def _answered(step: LineStep, active: str) -> bool:
    """Whether the step is a move of the opponent's, or the opponent answered it with one
    (117.3c)."""
    payment = step.op[1].payment
    return payment is not None and payment.player != active or any(
        c.partition(": ")[2].startswith("answer:") and not c.endswith(" = pass") for c in step.choices)


def _cost_of(board: Board, move: Any, library: CardLibrary) -> Any:
    """The total cost the move paid (601.2f), or an ability's mana cost (of the permanent as
    the layers make it, 613: an ability granted by an Aura, Lunarch Mantle's, counts)."""
    if move.kind == "cast":
        game = Game(board, LibraryReader(library), _Replay(()))
        found = game.find_card(move.subject)
        if found is None:
            return None
        return total_cost(game, found[0], found[2], spell_ability(found[2]), move.targets, move.kicked, move.x,
                          move.additional)
    perm = prepare(board).permanent(move.subject)
    return perm.activated_abilities[move.index].mana


def _spent(held: list[Any]) -> list[str]:
    """The mana types each cast among ``held`` spent, as the line paid them (601.2h), while each is
    known."""
    casts = [m for m in held if m.kind == "cast"]
    if any(m.payment is None or m.payment.spent is None for m in casts):
        return []
    return ["".join(m.payment.spent) for m in casts]


def _kicker(board: Board, move: Any) -> list[str]:
    """The kicker choice of a cast (``kicker:ID=yes``) and its choice of additional costs
    (``additional:ID=pay {3}{B}``), 601.2b, as ``resolve`` names them."""
    found = board.zone_card(move.subject) if move.kind == "cast" else None
    if found is None or found[2].spell is None:
        return []
    spell = found[2].spell
    out = [f"kicker:{move.subject}={'yes' if move.kicked else 'no'}"] if spell.kicker is not None else []
    if spell.additional_cost_options and move.additional is not None:
        out.append(f"additional:{move.subject}={option_text(spell.additional_cost_options[move.additional])}")
    return out


def _paid(board: Board, move: Any, library: CardLibrary) -> Board:
    """The board after the move's payment (its sources tapped, the pool what is left)."""
    game = Game(board, LibraryReader(library), _Replay(()))
    if move.payment is not None:
        from mtgsolver.rules.casting import pay as pay_costs

        pay_costs(game, move.payment)
    return prepare(game.board())


def _same(a: Board | None, b: Board) -> bool:
    """The same players and permanents (ids, counters, damage, power, toughness) after two
    replays (which mana sources ``resolve`` taps to pay an ability may differ)."""
    if a is None:
        return False

    def sig(x: Board) -> Any:
        return (tuple((p.name, p.life, p.poison, p.lost, p.energy) for p in x.players),
                sorted((p.id, tuple(sorted(p.counters.items())), p.damage, p.power, p.toughness)
                       for p in x.permanents))
    return sig(a) == sig(b)


def explained(board: Board, line: Line, library: CardLibrary | None = None) -> tuple[dict[str, Any], ...]:
    """``line`` replayed (:func:`check_line`): each step with the branch it is on, the operation
    that judged it, whether it passed, and the board after it in a few lines."""
    return tuple({"when": list(c.path), "step": c.step.text, "checked_by": c.operation, "ok": c.ok,
                  "detail": c.detail, "board": board_summary(c.board)} for c in check_line(board, line, library))


def board_summary(board: Board) -> list[str]:
    """A board in a few lines: each player's life (and poison), their permanents (power and
    toughness, tapped, counters, damage), hand and graveyard sizes, the combat."""
    out = []
    for p in board.players:
        z = board.zones.get(p.name)
        head = f"{p.name}: {p.life} life" + (f", {p.poison} poison" if p.poison else "") + (
            f", {p.energy} energy" if p.energy else "") + (" (lost)" if p.lost else "")
        if z is not None:
            head += f", {z.hand_count} in hand, {len(z.graveyard)} in graveyard"
        out.append(head)
        perms = []
        for q in board.controlled_by(p.name):
            bits = [f"{q.name} ({q.id})"]
            if q.is_creature:
                bits.append(f"{q.power}/{q.toughness}")
            if q.tapped:
                bits.append("tapped")
            if q.counters:
                bits.append(", ".join(f"{n} {k}" for k, n in sorted(q.counters.items())))
            if q.damage:
                bits.append(f"{q.damage} damage")
            perms.append(" ".join(bits))
        if perms:
            out.append("  " + "; ".join(perms))
    if board.combat is not None and board.combat.attackers:
        out.append("combat: " + ", ".join(f"{a.creature} -> {a.target}" for a in board.combat.attackers)
                   + ("; blocks: " + ", ".join(f"{b.creature} blocks {', '.join(b.blocks)}"
                                                for b in board.combat.blockers or ()) if board.combat.blockers else ""))
    return out
