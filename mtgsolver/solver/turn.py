"""The goal ``win``: is there a line of play this turn after which the opponent has lost,
whatever the opponent does (704.5a-c, 903.10a, 104.2a)?

The turn is a game tree played with the rules of :mod:`mtgsolver.rules` (casting 601,
activating 602, resolving 608 with its triggers 603 and state-based actions 704, the steps of
:mod:`mtgsolver.rules.turn`). The searching player's choices are OR nodes, the opponent's AND
nodes:

- **moves** at each priority window (:mod:`mtgsolver.solver.turn_moves`): lands, spells and
  abilities, each with its modes, X, targets and payment; or passing on to the next step;
- **choices inside a resolution** (a trigger's target, "you may", what is sacrificed, the
  order of triggers): each is the choosing player's node, found by replaying the step with a
  script of choices (:class:`_Script`);
- **combat**: every legal attack (508.1: restrictions, the most requirements obeyed), every
  legal block (509.1, the opponent's), each attacking creature's damage assignment (510.1c,
  702.19b; the attacker's, then the defending player's for blockers of several creatures);
- **the opponent's answers** (when :func:`answerer` finds them something to do): before each
  object on the stack resolves (:func:`answered`, the choice ``answer:NAME``) and after the
  searching player passes with an empty stack (:meth:`TurnSearch.passing`), their instant-speed
  moves or passing (117.3b-d, 117.4), and the searching player's responses to them (117.3c);
  what of those isn't searched makes a refutation unproven (:data:`UNANSWERED`).

Windows where the searching player acts: the main phases (anything), the upkeep and draw steps
when the turn starts there, the declare attackers and declare blockers steps and the step after
first-strike damage (instants and abilities), and the end step after "at the beginning of the
end step" triggers. Acting in the beginning of combat step is acting in the main phase before
it, and acting in the end of combat step, or in an end step where nothing triggered, is acting
in the main phase after it: nobody chooses anything in between, so those windows add no line;
when the opponent has answers, the beginning of combat is a window (they may act in it before
attackers are declared, and the searching player then at instant speed). The opponent acting in
the end of combat step is played as acting when the searching player first passes, or first
moves, in the postcombat main phase (later, knowing more, with the same board but for "until
end of combat" effects);
what they could do that the search doesn't play is refused as undecided
(:func:`opponent_can_act`).

The search goes to a bound on the number of moves, with a transposition table on the board
state (:func:`state_key`) and symmetry (twin permanents, copies of a card in hand); the first
win found is the answer, or, when asked, it is shortened to a line with the fewest moves by
searching again to one move fewer than the best line so far (:meth:`TurnSearch.shorten`). A
result is a win with its :class:`Line`, or no win: proven when no branch was cut by the depth
bound and nothing on the way was left unsearched (``notes``).
"""
from __future__ import annotations

import contextlib
import dataclasses
import gc
import itertools
import re
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from mtgsolver.model.board import Board
from mtgsolver.model.cards import CardLibrary
from mtgsolver.model.continuous import ContinuousSpec
from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.effects import (ActivatedAbility, Attempt, Conditional, Modal, Modify, Optional as OptionalEffect,
                                     Source, TriggeredAbility, You)
from mtgsolver.model.mana import ManaCost
from mtgsolver.rules.attacking import attack_problem, declaration_reasons, obeyed
from mtgsolver.rules.blocking import block_cost, block_options, blocker_capacity, requirements, restriction_findings
from mtgsolver.rules.casting import Payment, pay as pay_costs
from mtgsolver.rules.game import Game, Illegal, StackObject, Undecided, Views
from mtgsolver.rules.identity_memo import IdentityMemo
from mtgsolver.rules.resolution import resolve_stack, resolve_top, settle
from mtgsolver.rules.turn import (assignment_options, begin_step, blocked_attackers, declare_attackers,
                                  declare_blockers, deal_combat_damage, end_combat, first_strike_step, strikers)
from mtgsolver.solver.resolve import LibraryReader, SolverPayer
from mtgsolver.solver.turn_bound import (COMBAT_WINDOWS, GENERATING, may_lower, no_win_after_combat,
                                         no_win_before_attacks, no_win_in_combat, no_win_in_main, walk_effects)
from mtgsolver.solver.turn_moves import Move, might_move, moves, payments, responses, twin_keys

__all__ = ["Line", "LineStep", "Stats", "TurnSearch", "Timeout", "answerer", "legal_attacks", "legal_blocks",
           "opponent_can_act", "perform", "state_key"]

#: Windows where only instant-speed moves are made (117.1a), by step.
_INSTANT_WINDOWS = ("upkeep", "draw", "beginning_of_combat", "declare_attackers", "declare_blockers",
                    "combat_damage", "end")
_LABEL = re.compile(r"^(.+):(\d+)$")
#: The most actions the opponent takes while one step is done, and in a row with an empty stack.
MAX_ANSWERS = 4
#: Why a refutation by an opponent's action is not proven: some responses of the searching player
#: to it were not searched (not modelled, or beyond :data:`MAX_ANSWERS`).
UNANSWERED = "some responses of the searching player to the opponent's actions are not searched (117.3c)"
#: What a window in combat carries besides the board: the attackers that became blocked (509.1h)
#: and the creatures that dealt first-strike damage (510.4).
Combat = tuple[frozenset[str], frozenset[str]] | None


class Timeout(Exception):
    """The time limit ran out."""


#: Allocations between collections of the garbage collector's youngest generation while the
#: search runs (CPython's default is 700).
YOUNG_COLLECTION = 50_000


@contextlib.contextmanager
def _young_collections_spaced() -> Iterator[None]:
    """The search makes many short-lived objects and few reference cycles: its youngest
    generation is collected after :data:`YOUNG_COLLECTION` allocations, not CPython's 700,
    then the thresholds are as they were (benchmarks/README.md measures it)."""
    before = gc.get_threshold()
    gc.set_threshold(max(YOUNG_COLLECTION, before[0]), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


class _Choice(BaseException):
    """A choice the script doesn't fix yet (a BaseException: nothing in the rules catches it)."""

    def __init__(self, key: str, options: Sequence[str], player: str) -> None:
        super().__init__(key)
        self.key, self.options, self.player = key, tuple(options), player


# --------------------------------------------------------------------------- the line
@dataclass(frozen=True)
class LineStep:
    """One step of a line. ``op`` is what is done, replayable with :func:`perform`:
    ``("move", Move)``, ``("step", STEP)`` (a step begins and what it triggers resolves),
    ``("attack", ((creature, target), ...), payment)`` (the costs to attack paid with
    ``payment``, or ``None``, 508.1h), ``("block", ((blocker, (attackers...)), ...))``,
    ``("damage", ((source, recipient, n), ...))``, ``("end_combat",)``; ``script`` the options
    taken at the choices met on the way (each player's), ``choices`` them in words (``player:
    key = option``); ``text`` the step in words, ``log`` what happened, each with its rule;
    ``moves``: the searching player's moves it makes at their own priority (a move and the
    responses held with it; none for the opponent's answers), what the bound on moves counts."""

    op: tuple[Any, ...]
    text: str
    script: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()
    log: tuple[str, ...] = ()
    moves: int = 0

    @property
    def kind(self) -> str:
        return self.op[0]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.kind == "move":
            m: Move = self.op[1]
            out["action"] = m.action()
            if m.x is not None:
                out["x"] = m.x
            if m.modes:
                out["modes"] = [i + 1 for i in m.modes]
            if m.payment is not None:
                out["paid_with"] = list(m.payment.activations)
            if m.response is not None:
                out["response"] = LineStep(("move", m.response), m.response.describe()).to_dict()
        elif self.kind == "attack":
            out["attack"] = [{"creature": c, "target": t} for c, t in self.op[1]]
            if self.op[2] is not None:
                out["paid_with"] = list(self.op[2].activations)
        elif self.kind == "block":
            out["blocks"] = [{"creature": b, "blocks": list(a)} for b, a in self.op[1]]
        elif self.kind == "damage":
            out["assignment"] = [{"source": s, "recipient": r, "amount": n} for s, r, n in self.op[1]]
        elif self.kind == "step":
            out["step"] = self.op[1]
        if self.choices:
            out["choices"] = list(self.choices)
        if self.log:
            out["log"] = list(self.log)
        return out


@dataclass(frozen=True)
class Line:
    """A winning line: its steps, then, where the opponent chooses (blocks, a choice while
    something resolves, a damage assignment), one continuation for each option
    (``branches``: what they choose in words, and the line from there, whose first step makes
    that choice)."""

    steps: tuple[LineStep, ...] = ()
    branches: tuple[tuple[str, "Line"], ...] = ()

    def then(self, step: LineStep) -> "Line":
        return Line((step, *self.steps), self.branches)

    def to_dict(self) -> dict[str, Any]:
        return {"steps": [s.to_dict() for s in self.steps],
                "branches": [{"when": w, "line": line.to_dict()} for w, line in self.branches]}

    def moves(self) -> int:
        """The most of the searching player's moves on any path through it (:attr:`LineStep.moves`)."""
        return sum(s.moves for s in self.steps) + max((b.moves() for _, b in self.branches), default=0)

    def paths(self) -> int:
        """How many ways the opponent's choices lead through it."""
        return max(1, sum(b.paths() for _, b in self.branches)) if self.branches else 1

    def numbered(self, start: int = 1, indent: str = "") -> list[str]:
        """The line as numbered steps a player can follow; ``if ...:`` for each opponent option."""
        out, n = [], start
        for s in self.steps:
            out.append(f"{indent}{n}. {s.text}")
            n += 1
            if s.choices:
                out.append(f"{indent}   (" + "; ".join(s.choices) + ")")
        for when, line in self.branches:
            out.append(f"{indent}if {when}:")
            out += line.numbered(n, indent + "   ")
        return out


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class _Res:
    """A node's value: a win with its line, or no win; ``cut``: the depth bound stopped some
    branch; ``notes``: what was not searched or not decided below it."""

    win: bool
    line: Line | None = None
    cut: bool = False
    notes: frozenset[str] = frozenset()

    @property
    def proven(self) -> bool:
        return self.win or (not self.cut and not self.notes)


_NOWIN = _Res(False)


def _reusable(known: _Res, searched: int, budget: int) -> bool:
    """Whether a position's result found with ``searched`` moves left answers it with
    ``budget`` left: a win whose line fits in ``budget`` moves; no win found with as many
    moves or more, or where no bound cut the search (no win whatever the budget)."""
    if known.win:
        return known.line is not None and known.line.moves() <= budget
    return searched >= budget or not known.cut


def _no(note: str) -> _Res:
    return _Res(False, notes=frozenset({note}))


class _Or:
    """The searching player's node: a win if any option wins."""

    def __init__(self) -> None:
        self.cut, self.notes = False, set()

    def add(self, r: _Res | None) -> _Res | None:
        """The winning result once one wins, else ``None``."""
        if r is None:
            return None
        if r.win:
            return r
        self.cut |= r.cut
        self.notes |= r.notes
        return None

    def result(self) -> _Res:
        return _Res(False, cut=self.cut, notes=frozenset(self.notes))


class _And:
    """The opponent's node: a win only if every option wins; a proven refutation ends it."""

    def __init__(self) -> None:
        self.branches: list[tuple[str, Line]] = []
        self.failed: _Res | None = None
        self.cut, self.notes = False, set()

    def add(self, label: str, r: _Res | None) -> bool:
        """Record option ``label``; whether a proven refutation ends the node."""
        if r is None:
            return False
        if r.win:
            self.branches.append((label, r.line or Line()))
            return False
        self.failed = r
        self.cut |= r.cut
        self.notes |= r.notes
        return r.proven

    def result(self) -> _Res:
        if self.failed is None:
            if len(self.branches) == 1:
                return _Res(True, self.branches[0][1])
            return _Res(True, Line((), tuple(self.branches)))
        if self.failed.proven:
            return self.failed
        return _Res(False, cut=self.cut, notes=frozenset(self.notes))


# --------------------------------------------------------------------------- choices inside the rules
class _Script:
    """A chooser that follows a script of option indices and stops at the first choice past it,
    naming the player who makes it."""

    def __init__(self, prefix: tuple[int, ...], owner: Callable[[Game, str], str],
                 payments: dict[Any, Any] | None = None) -> None:
        self.prefix, self.owner, self.payments = prefix, owner, payments
        self.i = 0
        self.game: Game | None = None
        self.made: list[str] = []
        self.notes: list[str] = []  # the opponent's actions that could not be searched on the way
        self.unanswered = False  # a response of the searching player's to an opponent's action was not searched
        self.resolving: str | None = None  # the controller of the object resolving, once answers are searched
        self.answers: tuple[tuple[str, int], ...] = ()  # the moves each player made while the step is done

    def choose(self, key: str, options: Sequence[str]) -> int:
        assert self.game is not None
        player = self.owner(self.game, key)
        if self.i < len(self.prefix):
            v = self.prefix[self.i]
            self.i += 1
            self.made.append(f"{player}: {key} = {options[v]}")
            return v
        raise _Choice(key, options, player)


#: Words by which a permanent being tapped, or an ability being activated, could matter to a
#: card (701.26, 602.2: "untapped", "becomes tapped", "Whenever an opponent activates").
_TAPPED_WORDS = re.compile(r"\b(?:tapped|untap\w*|activates?)\b", re.I)
#: The cost of an activated ability at the start of a line, before its colon (602.1).
_COST = re.compile(r"^[^.:\"]*:")


def _idle(game: Game, move: Move) -> bool:
    """Whether ``move``, the opponent's answer on the active player's turn, is no better for them
    than passing, so that the search leaves it out: an activated ability with no target whose
    cost only taps untapped permanents of theirs (602.1, 701.26a) and whose effect only makes its
    own source unable to be blocked this turn (Kumena, Tyrant of Orazca's "Tap another untapped
    Merfolk you control: Kumena can't be blocked this turn"; 509.1b: a creature of the
    non-active player doesn't attack this turn), on a board where no text but a cost speaks of
    tapped or untapped permanents or of activating abilities. What it changes then only takes
    options from them (a tapped creature can't block, 509.1a, nor pay another tap cost): every
    way of theirs on from it is a way on from passing."""
    return _idle_shape(game, move) and not _tapping_matters(game)


def _worth_answering(game: Game, found: list[Move]) -> list[Move]:
    """``found`` without the answers :func:`_idle` leaves out; the board's texts are read once,
    and only where some answer has the shape of one."""
    idle = [_idle_shape(game, m) for m in found]
    if not any(idle) or _tapping_matters(game):
        return found
    return [m for m, shaped in zip(found, idle) if not shaped]


def _idle_shape(game: Game, move: Move) -> bool:
    """The move's part of :func:`_idle`: an untargeted activation whose costs only tap and whose
    effects only make its source unable to be blocked this turn."""
    if move.kind != "activate" or move.targets or move.response is not None:
        return False
    ability = game.view().permanent(move.subject).activated_abilities[move.index]
    if ability.mana or ability.targets or any(c.kind not in ("tap", "tap_untapped") for c in ability.costs):
        return False
    return all(isinstance(e, Modify) and isinstance(e.what, Source) and e.duration == "end_of_turn"
               and dataclasses.replace(e.spec, rules=()) == ContinuousSpec()
               and {r.name for _, r in e.spec.rules} == {"cant_be_blocked"} for e in ability.effects)


def _tapping_matters(game: Game) -> bool:
    """Whether a text on the battlefield, in a zone or on the stack speaks of tapped or
    untapped permanents or of activating abilities, costs aside (:data:`_TAPPED_WORDS`)."""
    board = game.board()
    texts = [p.card.text or "" if p.card is not None else "" for p in board.permanents]
    texts += [getattr(a, "text", None) or "" for p in board.permanents for a in p.abilities]
    texts += [zc.card.text or "" for z in board.zones.values() for zc in z.cards()]
    texts += [getattr(getattr(s, "ability", None), "text", None) or "" for s in game.stack]
    return any(_TAPPED_WORDS.search(_COST.sub("", line)) for text in texts for line in text.splitlines())


def _answer_state(game: Game, choice: _Choice, script: _Script) -> Any:
    """What the rest of a step depends on when a player is about to answer (:func:`_acts`, the
    stack settled): the board (:func:`state_key`), the stack without its objects' ids, the
    objects' generations (400.7), what left (608.2h) and who drew from an empty library (704.5b),
    the moves each player made so far and what the script could not search; ``None`` for any
    other choice (one made while something resolves depends on more)."""
    if not choice.key.startswith("answer:"):
        return None
    stack = tuple(repr(dataclasses.replace(s, id="", label="")) if isinstance(s, StackObject) else repr(s)
                  for s in game.stack)
    return (choice.key, choice.options, state_key(game.board()), stack, tuple(sorted(game.generation.items())),
            repr(sorted(game.last_known.items())), tuple(sorted(game.drew_from_empty)), script.answers,
            bool(script.notes), script.unanswered)


def _relabelled(known: tuple[_Res, tuple[int, ...], tuple[str, ...]], prefix: tuple[int, ...],
                made: tuple[str, ...]) -> _Res:
    """The result of an answer node met before in the same state (``known``: the result, the
    script to it and its choices in words), for the node reached by ``prefix`` (``made``): the
    same, its line's first steps replaying ``prefix`` to come to that state."""
    result, before, words = known
    if not result.win or result.line is None:
        return result

    def moved(line: Line) -> Line:
        if not line.steps:
            return Line((), tuple((when, moved(branch)) for when, branch in line.branches))
        first = line.steps[0]
        first = dataclasses.replace(first, script=prefix + first.script[len(before):],
                                    choices=made + first.choices[len(words):])
        return Line((first, *line.steps[1:]), line.branches)

    return dataclasses.replace(result, line=moved(result.line))


def perform(game: Game, op: tuple[Any, ...], opponent: str | None = None) -> None:
    """Do one step of a line on ``game`` (see :class:`LineStep`), with all it triggers resolved;
    ``opponent``: a player who gets priority before each object on the stack resolves
    (:func:`answered`), or ``None`` when they have nothing to do with it.

    :raises Illegal: it can't be done.
    :raises Undecided: something it does is not modelled.
    """
    kind = op[0]
    if kind == "move":
        if opponent is None:
            op[1].apply(game)
        else:
            op[1].put(game)
            answered(game, opponent)
        return
    if kind == "step":
        begin_step(game, op[1])
    elif kind == "attack":
        begin_step(game, "declare_attackers")
        _declare_and_pay(game, dict(op[1]), op[2])
    elif kind == "no_attack":  # 508.8: the declare blockers and combat damage steps are skipped
        begin_step(game, "declare_attackers")
        _end_of_combat(game, opponent)
        return
    elif kind == "block":
        begin_step(game, "declare_blockers")
        declare_blockers(game, dict(op[1]))
    elif kind == "damage":
        begin_step(game, "combat_damage")
        deal_combat_damage(game, op[1])
    elif kind == "end_combat":
        _end_of_combat(game, opponent)
        return
    answered(game, opponent)


def _declare_and_pay(game: Game, attack: dict[str, str], payment: Payment | None) -> None:
    """508.1: the attackers declared and tapped (508.1f), then their costs to attack paid with
    ``payment`` (508.1g-h)."""
    declare_attackers(game, attack, frozenset(attack) if payment is not None else frozenset())
    if payment is not None:
        pay_costs(game, payment)
        settle(game)


def _end_of_combat(game: Game, opponent: str | None) -> None:
    """511: the end of combat step (its triggers), then 511.3 and the postcombat main phase."""
    begin_step(game, "end_of_combat")
    answered(game, opponent)
    end_combat(game)
    begin_step(game, "postcombat_main")
    answered(game, opponent)


def answered(game: Game, opponent: str | None) -> None:
    """The stack resolved, ``opponent`` getting priority before each object on it resolves
    (117.3b-d, 117.4, 608.1: the active player passing): they pass (the choice ``answer:NAME``,
    option 0) or make one of their instant-speed moves (:func:`moves`, 117.1a), which goes on
    top (405.2) and resolves first, after they get priority again (117.3c); when they pass with
    an object of theirs on top, the active player responds to it the same way or passes too.
    More than :data:`MAX_ANSWERS` moves of a player while one step is done are not searched.
    What the opponent could do that isn't searched is noted on the chooser's ``notes``, a
    response of the active player's that isn't on its ``unanswered``. Without ``opponent``, the
    stack resolves as it is (:func:`resolve_stack`)."""
    settle(game)
    if opponent is None:
        resolve_stack(game, 0)
        return
    me = game.source.active_player
    made = {opponent: 0, me: 0}
    while game.stack and not game.over():
        if _acts(game, opponent, made) or getattr(game.stack[-1], "controller", None) == opponent and _acts(
                game, me, made):
            continue
        if hasattr(game.chooser, "resolving"):  # whose the choices made as it resolves are (608.2)
            game.chooser.resolving = getattr(game.stack[-1], "controller", None)
        resolve_top(game)
        settle(game)


def _acts(game: Game, player: str, made: dict[str, int]) -> bool:
    """``player`` with priority in :func:`answered`: whether they made a move (the choice
    ``answer:NAME``; ``made`` counts them); what isn't searched is noted on the chooser, the
    opponent's on ``notes``, the active player's on ``unanswered``."""
    found = moves(game, player, True, cache=getattr(game.chooser, "payments", None))
    mine = player == game.source.active_player
    if not mine:
        found.moves[:] = _worth_answering(game, found.moves)
    missed = list(found.notes)
    if found.moves and made[player] == MAX_ANSWERS:
        missed.append(f"more than {MAX_ANSWERS} moves of {player}'s while one step is done are not searched")
    if missed and mine and hasattr(game.chooser, "unanswered"):
        game.chooser.unanswered = True
    elif missed and not mine:
        getattr(game.chooser, "notes", []).extend(f"{player}'s answer: {n}" for n in missed)
    if not found.moves or made[player] == MAX_ANSWERS:
        return False
    if hasattr(game.chooser, "answers"):
        game.chooser.answers = tuple(sorted(made.items()))
    i = game.choose(f"answer:{player}", ["pass", *(m.describe() for m in found.moves)])
    if i:
        found.moves[i - 1].put(game)
        made[player] += 1
    return bool(i)


def answerer(board: Board) -> str | None:
    """The opponent of the active player when the board shows them something to do at instant
    speed on this turn (117.1a), which the search then plays as their answers: a card known in
    their hand they could cast, an activated ability other than a mana ability (605.1a) they
    could activate (:func:`_shown`); ``None`` otherwise (the stack then resolves without their
    priority: what they could do later along a line is a doubt, :func:`opponent_can_act`)."""
    others = board.opponents(board.active_player)
    if len(others) != 1:
        return None
    known, abilities = _shown(board, others[0])
    return others[0] if known or abilities else None


# --------------------------------------------------------------------------- the search
@dataclass
class Stats:
    """What the search did: positions (priority windows) searched, transposition-table hits,
    steps done (moves and turn steps, each choice replayed), the depth reached, the positions in
    the precombat main phase, in combat or after it proven without a win by the bound of
    :mod:`mtgsolver.solver.turn_bound`; ``shortest``: the line found is proven to have the fewest
    moves of any winning line (:meth:`TurnSearch.shorten`, searched only when asked)."""

    positions: int = 0
    hits: int = 0
    steps: int = 0
    depth: int = 0
    pruned: int = 0
    shortest: bool = False


class TurnSearch:
    """The whole-turn search from ``board`` for its active player against the one opponent."""

    def __init__(self, board: Board, library: CardLibrary, deadline: float, max_depth: int = 12) -> None:
        self.root = board
        self.reader = LibraryReader(library)
        self.me = board.active_player
        others = board.opponents(self.me)
        if len(others) != 1:
            raise Undecided("104.2a", "the whole-turn search plays two-player games")
        self.opp = others[0]
        self.payer = _OneWayPayer(self.me)
        self.deadline = deadline
        self.max_depth = max_depth
        self.table: dict[Any, tuple[_Res, int]] = {}
        self.payments: dict[Any, Any] = {}
        self.responses: dict[Any, list[Move]] = {}
        self.views: dict[int, tuple[Board, Board]] = {}  # id(board): (board, its layered view)
        self.layered = Views()  # the layered views of the states met while steps are done
        self.stats = Stats()
        self.answering = answerer(board)  # the opponent, when they have moves to answer with
        self.acting = 0  # the opponent's actions in a row with an empty stack, on the current path
        self.foreign_spells = any(_foreign(zc.spell.effects) for z in board.zones.values() for zc in z.cards()
                                  if zc.spell is not None)

    # -- entry ---------------------------------------------------------------------------
    def run(self, shortest: bool = False) -> _Res:
        """The turn searched to ``max_depth`` moves, each position once (the verdict); with
        ``shortest``, a win then shortened below its number of moves (:meth:`shorten`).
        Deepening from the start would search every position again at each depth: on a board
        with no win, as many times as the moves the hand allows (benchmarks/README.md measures
        both).

        :raises Timeout: the time limit ran out before the verdict.
        """
        self.stats.depth = self.max_depth
        with _young_collections_spaced():
            result = self.start(self.root, self.max_depth)
            if not result.win or not shortest:
                return result
            assert result.line is not None
            return self.shorten(result)

    def shorten(self, found: _Res) -> _Res:
        """A win with the fewest moves: the search again to one move fewer than the best line
        so far, until a depth has no win (no line of fewer moves wins, the last line found is
        returned: :attr:`Stats.shortest`) or its line is no shorter (a line counts the most moves
        on any path through the opponent's choices); each search reuses every position's result
        from those before where it answers the moves left (:func:`_reusable`: a win whose line
        fits, no win found with as many moves left or more). Only the last search is searched in
        full, where deepening from no moves up would search every shorter depth in full first.
        On a timeout, the best line so far, not proven the shortest."""
        best = found
        try:
            while best.line is not None and best.line.moves() > 0:
                result = self.start(self.root, best.line.moves() - 1)
                if not result.win or result.line is None or result.line.moves() >= best.line.moves():
                    self.stats.shortest = not result.win and not result.notes
                    break
                best = result
            else:
                self.stats.shortest = True
        except Timeout:
            pass
        assert best.line is not None
        self.stats.depth = best.line.moves()
        return best

    def start(self, board: Board, budget: int) -> _Res:
        step = board.turn.step
        if step == "beginning_of_combat" or step == "declare_attackers" and (
                board.combat is None or not board.combat.attackers):
            return self.attacks(board, budget)
        if step == "declare_blockers" and board.combat is not None and board.combat.blockers is None:
            return self.blocks(board, budget)
        if step in ("end_of_combat", "cleanup", "untap"):
            return _no(f"a turn starting in the {step.replace('_', ' ')} step is not searched")
        return self.window(board, step, budget)

    # -- who chooses -----------------------------------------------------------------------
    def owner(self, game: Game, key: str) -> str:
        """The player who makes the choice ``key`` (the keys :mod:`mtgsolver.solver.resolve`
        names); an unclear one is the opponent's, which can only take a win away."""
        kind, _, rest = key.partition(":")
        if kind in ("order", "sacrifice", "discard", "answer", "dredge"):
            return rest
        if kind in ("legend", "color", "enters", "madness", "enchant", "copy"):
            return rest.split(":")[0]
        if kind == "attacks":
            return self._controller(game, rest) or self.opp
        spell = game.stack_object(rest.split(":")[0]) if kind == "cost" else None
        if spell is not None:  # a spell's additional cost (601.2f): its caster chooses how it is paid
            return spell.controller
        label = ":".join(rest.split(":")[:2]) if kind == "cost" else rest
        m = _LABEL.match(label)
        source = m.group(1) if m else label
        controller = self._controller(game, source)
        if controller is not None:
            if kind == "may" and _foreign(a for a in _abilities(game, source)):
                return self.opp  # 608.2d: a "may" of another player
            return controller
        item = game.stack_object(label)
        if item is not None:
            return item.controller
        if kind in ("may", "targets", "modes", "mana", "copy-targets") and not m:
            if getattr(game.chooser, "resolving", None) == self.opp:
                return self.opp  # a spell of the opponent's, cast as an answer
            # a spell of the searching player's (they alone cast spells here but for the answers)
            return self.opp if kind == "may" and self.foreign_spells else self.me
        return self.opp

    @staticmethod
    def _controller(game: Game, pid: str) -> str | None:
        if game.on_battlefield(pid):
            return game.perm(pid).controller
        known = game.last_known.get(pid)
        return known[1].controller if known is not None else None

    # -- doing a step, each way through its choices ---------------------------------------
    def then(self, board: Board, op: tuple[Any, ...], text: str, cont: Callable[[Game], _Res],
             prefix: tuple[int, ...] = (), answers: dict[Any, Any] | None = None, moves: int = 0) -> _Res | None:
        """Do ``op`` on ``board`` and go on with ``cont``; each choice met on the way is its
        chooser's node (replaying ``op`` with a longer script). ``None``: ``op`` is illegal.
        ``moves``: the searching player's moves ``op`` takes from the bound (:attr:`LineStep.moves`).
        ``answers``: the opponent's answer nodes met so far while ``op`` is done, by the game's
        state (:func:`_answer_state`): orders of their answers that come to the same state are
        one node (:func:`_relabelled`)."""
        if time.monotonic() > self.deadline:
            raise Timeout()
        self.stats.steps += 1
        script = _Script(prefix, self.owner, self.payments)
        game = self.game(board, script)
        script.game = game
        answers = {} if answers is None else answers
        try:
            perform(game, op, self.answering)
        except _Choice as c:
            if c.player == self.me:
                node = _Or()
                for i in _distinct_options(game, c.options, op, script.made):
                    won = node.add(self.then(board, op, text, cont, prefix + (i,), answers, moves))
                    if won is not None:
                        return won
                return node.result()
            state = _answer_state(game, c, script)
            if state is not None and state in answers:
                return _relabelled(answers[state], prefix, tuple(script.made))
            anode = _And()
            for i, label in enumerate(c.options):
                if anode.add(f"{c.player} chooses {label} ({c.key})",
                             self.then(board, op, text, cont, prefix + (i,), answers, moves)):
                    break
            out = anode.result()
            if state is not None:
                answers[state] = (out, prefix, tuple(script.made))
            return out
        except Illegal:
            return None
        except Undecided as why:
            return _no(f"{why.message} ({why.rule})")
        except (KeyError, AssertionError) as gap:  # an effect or reference resolution doesn't carry out yet
            return _no(f"resolving is not modelled here: {type(gap).__name__} {_short(gap)}")
        if script.notes:  # an action of the opponent's the search can't make
            return _Res(False, notes=frozenset(script.notes))
        done = self.over(game)
        if done is None:
            done = cont(game)
        if script.unanswered and not done.win and done.proven:
            done = _no(UNANSWERED)
        if done.win and done.line is not None:
            step = LineStep(op, text, prefix, tuple(script.made), tuple(f"[{s.rule}] {s.message}" for s in game.log),
                            moves)
            return dataclasses.replace(done, line=done.line.then(step))
        return done

    def game(self, board: Board, script: _Script) -> Game:
        """A game from ``board``, its layered view computed once for every step from it."""
        known = self.views.get(id(board))
        if known is not None and known[0] is board:
            return Game(board, self.reader, script, self.payer, view=known[1], views=self.layered)
        game = Game(board, self.reader, script, self.payer, views=self.layered)
        if len(self.views) > 4096:
            self.views.clear()
        self.views[id(board)] = (board, game.view())
        return game

    def over(self, game: Game) -> _Res | None:
        """A win once the opponent has lost and the searching player hasn't (104.2a); no win
        once the searching player has lost (a draw is no win, 104.4a)."""
        if game.players[self.me].lost:
            return _NOWIN
        if game.players[self.opp].lost:
            return _Res(True, Line())
        return None

    # -- priority windows ------------------------------------------------------------------
    def window(self, board: Board, step: str, budget: int, combat: Combat = None) -> _Res:
        """The searching player has priority in ``step`` with an empty stack: a move, or on."""
        state = state_key(board)
        key = (state, step, combat)
        known = self.table.get(key)
        if known is not None and _reusable(known[0], known[1], budget):
            self.stats.hits += 1
            return known[0]
        self.stats.positions += 1
        if self.hopeless(board, step, combat):
            self.table[key] = (_NOWIN, budget)
            return _NOWIN
        node = _Or()
        won = node.add(self.passing(board, step, budget, combat))
        if won is None and budget == 0:
            game = self.game(board, _Script((), self.owner))
            node.cut |= might_move(game, self.me, step in _INSTANT_WINDOWS)
        elif won is None:
            game = self.game(board, _Script((), self.owner))
            found = moves(game, self.me, step in _INSTANT_WINDOWS, cache=self.payments)
            node.notes |= set(found.notes)
            illegal: set[Move] = set()
            for m in self.with_held(board, state, found.moves, budget, node, illegal):
                r = self.then(board, ("move", m), m.describe(),
                              lambda g: self.window(g.board(), step, budget - m.size, combat), moves=m.size)
                if r is None:
                    illegal.add(m)
                won = node.add(r)
                if won is not None:
                    break
        out = won if won is not None else node.result()
        self.table[key] = (out, budget)
        return out

    def hopeless(self, board: Board, step: str, combat: Combat = None) -> bool:
        """Whether the opponent surely survives the rest of the turn from this window in the
        precombat main phase, in combat (``combat``: the attackers blocked, once blockers are
        declared) or after it (:func:`no_win_in_main`, :func:`no_win_in_combat`,
        :func:`no_win_after_combat`)."""
        if step == "precombat_main":
            return self.hopeless_in_main(board)
        if step not in ("postcombat_main", "end", *COMBAT_WINDOWS):
            return False
        view = self.game(board, _Script((), self.owner)).view()
        blocked = combat[0] if combat is not None else None
        if no_win_after_combat(board, view, self.me, self.opp, step) or no_win_in_combat(
                board, view, self.me, self.opp, step, blocked):
            self.stats.pruned += 1
            return True
        return False

    def hopeless_in_main(self, board: Board) -> bool:
        """Whether the opponent surely survives the rest of the turn from a window of the
        precombat main phase (:func:`no_win_in_main`)."""
        view = self.game(board, _Script((), self.owner)).view()
        if no_win_in_main(board, view, self.me, self.opp):
            self.stats.pruned += 1
            return True
        return False

    def with_held(self, board: Board, state: Any, found: list[Move], budget: int, node: _Or,
                  illegal: set[Move]) -> Iterator[Move]:
        """``found``, then each with its ability activated again in response (:meth:`held`):
        two moves, beyond a ``budget`` of one (the depth bound cuts them). ``state``: the
        board's :func:`state_key`; ``illegal``: the moves of ``found`` that proved illegal as
        they were tried (filled by the caller), which can't be held either."""
        yield from found
        for m in found:
            if m in illegal:
                continue
            for r in self.held(board, state, m):
                if budget == 1:
                    node.cut = True
                    return
                yield r

    def held(self, board: Board, state: Any, move: Move) -> list[Move]:
        """``move`` with its ability activated again while it is on the stack (117.3c,
        :func:`responses`), when its source doesn't survive its resolution (Crypt Rats paying X
        in parts); a source that survives can activate it again after, in either order.
        ``state``: the board's :func:`state_key`, worked out once for its window."""
        if move.kind != "activate":
            return []
        key = (state, move)
        if key not in self.responses:  # the same window comes again at each depth
            self.responses[key] = self._held(board, move)
        return self.responses[key]

    def _held(self, board: Board, move: Move) -> list[Move]:
        try:
            game = self.game(board, _Script((), self.owner))
            view = game.view()
            source = view.permanent(move.subject)
            ability = source.activated_abilities[move.index]
            if any(c.kind == "tap" for c in ability.costs) or _keeps_its_source(view, source, ability):
                return []
            move.apply(game)
            if game.on_battlefield(move.subject):
                return []
            game = self.game(board, _Script((), self.owner))
            move.put(game)
            return responses(game, self.me, move, self.payments).moves
        except (_Choice, Illegal, Undecided, KeyError, IndexError, AssertionError):
            return []

    def passing(self, board: Board, step: str, budget: int, combat: Combat) -> _Res:
        """The searching player passes with an empty stack: the opponent gets priority (117.3d);
        they pass too and the step ends (:meth:`advance`, 117.4, 500.2), or they act (the
        searching player may respond: :func:`answered`) and the searching player gets priority
        again in the same step once the stack is empty (117.3b). A win
        only against each (an AND node); an opponent with nothing to search passes."""
        if self.answering is None:
            return self.advance(board, step, budget, combat)
        node = _And()
        if node.add(f"{self.opp} passes", self.advance(board, step, budget, combat)):
            return node.result()
        game = self.game(board, _Script((), self.owner))
        found = moves(game, self.opp, True, cache=self.payments)
        if found.notes:
            return _Res(False, notes=frozenset(f"{self.opp}'s answer: {n}" for n in found.notes))
        found.moves[:] = _worth_answering(game, found.moves)
        if self.acting >= MAX_ANSWERS and found.moves:
            return _no(f"more than {MAX_ANSWERS} actions of {self.opp}'s in a row are not searched")
        self.acting += 1
        try:
            for m in found.moves:
                text = f"{self.opp}: {m.describe()}"
                r = self.then(board, ("move", m), text, lambda g: self.window(g.board(), step, budget, combat))
                if node.add(text, r):
                    break
        finally:
            self.acting -= 1
        return node.result()

    def advance(self, board: Board, step: str, budget: int, combat: Combat) -> _Res:
        """Pass with an empty stack: the next step begins (500.2)."""
        def on(nxt: str, text: str, cont: Callable[[Game], _Res]) -> _Res:
            return self.then(board, ("step", nxt), text, cont) or _NOWIN

        if step == "upkeep":
            return on("draw", "on to the draw step", lambda g: self.window(g.board(), "draw", budget))
        if step == "draw":
            return on("precombat_main", "on to the main phase",
                      lambda g: self.window(g.board(), "precombat_main", budget))
        if step == "precombat_main":
            if self.answering is not None:  # 507: a window where the opponent may act before attacks
                return on("beginning_of_combat", "on to combat",
                          lambda g: self.window(g.board(), "beginning_of_combat", budget))
            return on("beginning_of_combat", "on to combat", lambda g: self.attacks(g.board(), budget))
        if step == "beginning_of_combat":
            return self.attacks(board, budget)
        if step == "declare_attackers":
            return self.blocks(board, budget)
        if step in ("declare_blockers", "combat_damage"):
            return self.damage(board, budget, step == "declare_blockers", combat)
        if step == "postcombat_main":
            return on("end", "on to the end step", lambda g: self._end_step(g, budget))
        return self.cleanup(board, budget)  # the end step passes, or the cleanup step ends (514.3a)

    def _end_step(self, game: Game, budget: int) -> _Res:
        """513: a window in the end step only after something triggered at its beginning."""
        if any(s.rule == "603.2" for s in game.log):
            return self.window(game.board(), "end", budget)
        return self.cleanup(game.board(), budget)

    def cleanup(self, board: Board, budget: int) -> _Res:
        """514: the cleanup step (:func:`~mtgsolver.rules.turn.cleanup`); a window in it only
        after a state-based action or a trigger (514.3a: another cleanup step follows), else
        the turn ends."""
        def after(game: Game) -> _Res:
            if any(s.rule == "603.2" or s.rule.startswith("704") for s in game.log):
                return self.window(game.board(), "cleanup", budget)
            return _NOWIN

        return self.then(board, ("step", "cleanup"), "on to the cleanup step", after) or _NOWIN

    # -- combat ----------------------------------------------------------------------------
    def attacks(self, board: Board, budget: int) -> _Res:
        """508.1: each legal attack of the searching player, or none (508.8); none where the
        bound says the opponent survives whatever attacks (:func:`no_win_before_attacks`)."""
        view = self.game(board, _Script((), self.owner)).view()
        if no_win_before_attacks(board, view, self.me, self.opp):
            self.stats.pruned += 1
            return _NOWIN
        declarations, notes = legal_attacks(view)
        node = _Or()
        node.notes |= set(notes)
        for attack, cost in declarations:
            if not attack:
                won = node.add(self.then(board, ("no_attack",), "no attack",
                                         lambda g: self.window(g.board(), "postcombat_main", budget)))
                if won is not None:
                    return won
                continue
            text = "attack: " + ", ".join(f"{view.permanent(c).name} ({c}) -> {t}" for c, t in attack.items())
            for payment in self._attack_payments(board, attack, cost, node):
                paid = f", paying {cost} with " + "; ".join(payment.activations) if payment is not None else ""
                won = node.add(self.then(board, ("attack", tuple(attack.items()), payment), text + paid,
                                         lambda g: self.window(g.board(), "declare_attackers", budget)))
                if won is not None:
                    return won
        return node.result()

    def _attack_payments(self, board: Board, attack: dict[str, str], cost: ManaCost | None,
                         node: "_Or") -> list[Payment | None]:
        """The ways to pay the attack's total cost (508.1h) once its attackers are tapped
        (508.1f): ``[None]`` when it has none; a note on ``node`` when not every way is tried."""
        if cost is None:
            return [None]
        game = self.game(board, _Script((), self.owner))
        try:
            begin_step(game, "declare_attackers")
            declare_attackers(game, attack, frozenset(attack))
            found = payments(game, self.me, cost, None, None, self.payments)
        except Illegal:
            return []
        except Undecided as why:
            node.notes.add(f"paying {cost} to attack (508.1h): {why.message}")
            return []
        if not found.exact:
            node.notes.add(f"paying {cost} to attack (508.1h): {found.why}")
        return list(found.payments)

    def blocks(self, board: Board, budget: int) -> _Res:
        """509.1: every legal block of the opponent; a win only if it wins against each."""
        view = self.game(board, _Script((), self.owner)).view()
        if view.combat is None or not view.combat.attackers:
            return self.then(board, ("end_combat",), "combat ends",
                             lambda g: self.window(g.board(), "postcombat_main", budget)) or _NOWIN
        declarations, note = legal_blocks(view, self.opp)
        if note:
            return _no(note)
        node = _And()
        for decl in declarations:
            label = _blocks_text(view, self.opp, decl)
            blocked = frozenset(a for atts in decl.values() for a in atts)
            r = self.then(board, ("block", tuple(sorted(decl.items()))), label,
                          lambda g, b=blocked: self.window(g.board(), "declare_blockers", budget, (b, frozenset())))
            if node.add(label, r):
                break
        return node.result()

    def damage(self, board: Board, budget: int, first: bool, combat: Combat) -> _Res:
        """510: combat damage, in a first-strike step first when a creature in combat has first
        or double strike (510.4); the attacker's assignment, then the defending player's."""
        game = self.game(board, _Script((), self.owner))
        blocked, struck = combat if combat is not None else (blocked_attackers(game), frozenset())
        if first and not first_strike_step(game):
            first = False
        dealing = strikers(game, first, struck)
        mine = [c for c in dealing if game.perm(c).controller == self.me]
        theirs = [c for c in dealing if game.perm(c).controller != self.me]
        my_options = [assignment_options(game, c, blocked) for c in mine]
        their_options = [assignment_options(game, c, blocked) for c in theirs]
        after: Combat = (blocked, frozenset(dealing))
        node = _Or()
        for choice in itertools.product(*my_options):
            anode = _And()
            for answer in itertools.product(*their_options):
                assignment = tuple(t for part in (*choice, *answer) for t in part)
                text = ("first-strike " if first else "") + "combat damage: " + _assignment_text(assignment)
                r = self.then(board, ("damage", assignment), text,
                              lambda g: self.window(g.board(), "combat_damage", budget, after) if first
                              else self.then(g.board(), ("end_combat",), "combat ends",
                                             lambda h: self.window(h.board(), "postcombat_main", budget)) or _NOWIN)
                theirs_text = _assignment_text(tuple(t for part in answer for t in part))
                if anode.add(f"{self.opp} assigns {theirs_text}", r):
                    break
            won = node.add(anode.result())
            if won is not None:
                return won
        return node.result()


class _OneWayPayer(SolverPayer):
    """The searching player's payments as effects resolve (118.3: a madness cost, 702.35b): the
    payment solver's one way; ``paid`` keeps the costs that had other ways of paying that could
    differ (:func:`payments`), which a "no win" has not tried."""

    def __init__(self, player: str) -> None:
        super().__init__(10.0, frozenset({player}))
        self.paid: set[str] = set()

    def pay_mana(self, game: Game, cost: ManaCost, player: str) -> bool:
        if player in self.players and cost.symbols:  # type: ignore[operator]
            try:
                ways = payments(game, player, cost, None, None)
                if not ways.exact or len(ways.payments) > 1:
                    self.paid.add(str(cost))
            except Undecided:
                self.paid.add(str(cost))
            except Illegal:  # no way at all: the payment solver finds none either
                pass
        return super().pay_mana(game, cost, player)


def _distinct_options(game: Game, options: Sequence[str], op: tuple[Any, ...], made: Sequence[str]) -> list[int]:
    """The indices of ``options`` worth trying at a choice of the searching player's met while
    ``op`` is done (symmetry): one permanent of each twin class (:func:`twin_keys`, Kor Skyfisher
    returning one of three untapped Swamps), every other option. A permanent something still
    resolving may name is its own class: a target of an object on the stack before ``op`` or now,
    of ``op``'s moves, or named by a choice made on the way (``made``: a target chosen, an answer)."""
    keys = twin_keys(game.view())
    named = set(_ids(tuple(getattr(item, "targets", ()) for item in (*game.source.stack, *game.stack))))
    move = op[1] if op[0] == "move" else None
    while move is not None:
        named |= {t for group in move.targets for t in group}
        move = move.response
    named |= {word for m in made for word in re.findall(r"[^\s,;:()'\"]+", m)}
    seen: set[Any] = set()
    out = []
    for i, o in enumerate(options):
        k = keys.get(o) if o not in named else None
        if k is not None and k[0] != "named":
            if k in seen:
                continue
            seen.add(k)
        out.append(i)
    return out


def _ids(targets: Any) -> Iterator[str]:
    """The ids in nested targets (a stack item's ids, a stack object's groups of (id, amount))."""
    if isinstance(targets, str):
        yield targets
    elif isinstance(targets, (tuple, list)):
        for t in targets:
            yield from _ids(t)


def _short(error: BaseException) -> str:
    """The kind of what resolution met, without its fields (``SearchLibrary``, ``Chosen``)."""
    text = str(error.args[0]) if error.args else ""
    return re.sub(r"\(.*", "", text.replace("<class 'mtgsolver.model.effects.", "").replace("'>", ""))


def _abilities(game: Game, source: str) -> Iterable[Any]:
    perm = game.perm(source) if game.on_battlefield(source) else None
    return [getattr(a, "effects", ()) for a in perm.abilities] if perm is not None else []


def _foreign(effects: Iterable[Any]) -> bool:
    """Whether ``effects`` hold a "you may" that a player other than the controller chooses."""
    for e in effects:
        if isinstance(e, (tuple, list)):
            if _foreign(e):
                return True
            continue
        if isinstance(e, OptionalEffect) and not isinstance(e.who, You):
            return True
        for f in ("effects", "otherwise", "then"):
            if _foreign(getattr(e, f, ()) or ()):
                return True
        if any(_foreign(mode) for mode in getattr(e, "modes", ()) or ()):
            return True
    return False


# --------------------------------------------------------------------------- the opponent
def opponent_can_act(board: Board, opponent: str, boards: Sequence[Board] = (), searched: bool = False) -> list[str]:
    """What the opponent could do on the searching player's turn that the search doesn't play
    (the opponent's priority, 117.3): cards in their hand (an unknown one could be an instant; a
    known one only if they could pay for it on ``board`` or one of ``boards``, those a line
    passes through: 117.1a, 601.2f-h), activated abilities of their permanents other than mana
    abilities (602.1; loyalty abilities and "activate only as a sorcery" are on their own turn
    only, 606.3, 602.5d). ``searched``: the search played the opponent's answers
    (:func:`answerer`), noting those it could not make: only unknown cards in hand remain."""
    out = []
    z = board.zones.get(opponent)
    known, abilities = ([], []) if searched else _shown(board, opponent, boards)
    unknown = z.hand_count - len(z.hand) if z is not None else 0
    if unknown or known:
        n = unknown + len(known)
        out.append(f"{opponent} has {n} card{'s' if n != 1 else ''} in hand that could be "
                   "cast in response" + (f" ({', '.join(c.name for c in known)})" if known else ""))
    out += [f"{opponent} could activate {p.name} ({p.id}): \"{a.text}\"" for p, a in abilities]
    return out


def _shown(board: Board, opponent: str, boards: Sequence[Board] = ()) -> tuple[list[Any], list[tuple[Any, Any]]]:
    """The cards known in ``opponent``'s hand they could cast at instant speed and pay for on
    ``board`` or one of ``boards`` (117.1a, 601.2f-h), and the activated abilities of their
    permanents they could activate on ``board`` on another player's turn (602.5: not "activate only
    during your turn", nor loyalty abilities, 606.3, nor "activate only as a sorcery", 602.5d), each
    with its permanent."""
    z = board.zones.get(opponent)
    known = [c for c in (z.hand if z is not None else ()) if not _sorcery_speed_card(c.card)
             and not all(_cannot_cast(b, opponent, c.card) for b in (board, *boards))]
    abilities = [(p, a) for p in board.controlled_by(opponent) for a in p.activated_abilities
                 if a.loyalty is None and a.timing != "sorcery"
                 and a.during not in ("your_turn", "your_upkeep", "your_turn_before_attackers")
                 and not _cannot_pay(board, p, a)]
    return known, abilities


#: Words of a card or a permanent that let a spell be cast for less or other than its mana cost
#: (118.9 alternative costs, 601.2f cost reductions, 702.51 convoke, 702.66 delve ...).
_OTHER_COSTS = re.compile(r"rather than pay|without paying|\bcosts? .*\bless\b|\bconvoke\b|\bdelve\b|\bimprovise\b|"
                          r"\baffinity\b|\bevoke\b|\bdash\b|\bsurge\b|\bspectacle\b|\bmadness\b|\bemerge\b|"
                          r"\bninjutsu\b|\bprowl\b|\bmiracle\b", re.I)


def _cannot_cast(board: Board, player: str, card: Any) -> bool:
    """Whether ``player`` plainly can't cast ``card`` from their hand on ``board``: its mana
    cost (X as 0) is proved unpayable with their mana (601.2g-h), and neither the card nor a
    permanent on the board speaks of another way to pay for a spell (118.9, 601.2f)."""
    from mtgsolver.solver.payment import pay

    if card.mana_cost is None or _OTHER_COSTS.search(card.text or ""):
        return False
    if any(_OTHER_COSTS.search(p.card.text or "" if p.card is not None else " ".join(
            getattr(a, "text", "") for a in p.abilities)) for p in board.permanents):
        return False
    return pay(board, card.mana_cost, player=player, card=card).payable is False


def _sorcery_speed_card(card: Any) -> bool:
    types = {t.lower() for t in card.types}
    return "land" in types or ("instant" not in types and "flash" not in {k.lower() for k in card.keywords})


def _cannot_pay(board: Board, perm: Any, ability: ActivatedAbility) -> bool:
    """An activation plainly out of reach: a {T} cost of a tapped permanent, or a mana cost
    with no untapped permanent and no pool mana to pay it."""
    if any(c.kind == "tap" for c in ability.costs) and (perm.tapped or not perm.can_use_tap_abilities()):
        return True
    if ability.mana is not None and ability.mana.mana_value > 0:
        sources = [p for p in board.controlled_by(perm.controller) if not p.tapped and p.mana_abilities]
        return not sources and not board.pool(perm.controller)
    return False


# --------------------------------------------------------------------------- combat declarations
def legal_attacks(view: Board) -> tuple[list[tuple[dict[str, str], ManaCost | None]], list[str]]:
    """Every legal attack (508.1: each creature attacks one thing it can or stays home, no
    restriction broken, the most requirements obeyed, 508.1c-d) up to twins, larger attacks on
    the player first, each with the total of its costs to attack (508.1h: ``None`` when it has
    none; whether it can be paid is for the caller); a note, and attacks without costs only,
    when there are requirements too (508.1d: a requirement with a cost doesn't count)."""
    problem = attack_problem(view)
    keys = twin_keys(view)
    notes = []
    costed = any(cost is not None for opts in problem.options.values() for cost in opts.values())
    if costed and problem.requirements:
        notes.append("requirements to attack beside costs to attack (508.1d) are not searched")
    choices: list[list[str | None]] = []
    creatures = sorted(problem.options, key=lambda c: (-(view.permanent(c).power or 0), c))
    for c in creatures:
        targets = [t for t, cost in problem.options[c].items() if cost is None or not notes]
        players = [t for t in targets if view.is_player(t)]
        choices.append([*players, *(t for t in targets if t not in players), None])
    seen: set[Any] = set()
    found: list[tuple[int, dict[str, str], ManaCost | None]] = []
    for combo in itertools.product(*choices):
        attack = {c: t for c, t in zip(creatures, combo) if t is not None}
        sig = tuple(sorted((keys.get(c), t) for c, t in attack.items()))
        if sig in seen:
            continue
        seen.add(sig)
        if declaration_reasons(problem, attack, frozenset(attack)):
            continue
        costs = [cost for c, t in attack.items() if (cost := problem.options[c][t]) is not None]
        total = sum(costs[1:], costs[0]) if costs else None
        found.append((sum(obeyed(problem, attack)), attack, total))
    top = max((n for n, _, _ in found), default=0)
    return [(a, cost) for n, a, cost in found if n == top], notes


def legal_blocks(view: Board, defender: str, limit: int = 20000) -> tuple[list[dict[str, tuple[str, ...]]], str | None]:
    """Every legal block by ``defender`` (509.1: pairs 509.1a, restrictions 509.1b, the most
    requirements obeyed 509.1c) up to twins, those stopping the most power first; a note
    instead when blocking has a cost (509.1d) or there are more than ``limit`` to try."""
    combat = view.combat
    assert combat is not None
    attackers = [a.creature for a in combat.attackers if view.defending_player_of(a.target) == defender]
    if any(block_cost(view, b) is not None for b in view.creatures(defender)):
        return [], "costs to block (509.1d) are not searched"
    options = block_options(view, defender, attackers, frozenset())
    keys = twin_keys(view)
    per_blocker: list[tuple[str, list[tuple[str, ...]]]] = []
    for b in options.eligible:
        able = [a for a in attackers if options.possible(b, a)]
        cap = blocker_capacity(view.permanent(b))
        most = len(able) if cap is None else min(cap, len(able))
        per_blocker.append((b, [(), *(g for k in range(1, most + 1) for g in itertools.combinations(able, k))]))
    total = 1
    for _, ways in per_blocker:
        total *= len(ways)
    if total > limit:
        return [], f"{total} ways to block: more than the {limit} the search tries"
    reqs, _ = requirements(view, defender, attackers, frozenset(), options)
    seen: set[Any] = set()
    found: list[tuple[int, int, dict[str, tuple[str, ...]]]] = []
    names = [b for b, _ in per_blocker]
    for combo in itertools.product(*(ways for _, ways in per_blocker)):
        decl = {b: g for b, g in zip(names, combo) if g}
        sig = tuple(sorted((keys.get(b), g) for b, g in decl.items()))
        if sig in seen:
            continue
        seen.add(sig)
        if restriction_findings(view, decl, frozenset()):
            continue
        stopped = sum(view.permanent(a).power or 0 for a in {a for g in decl.values() for a in g})
        found.append((sum(r.obeyed(decl) for r in reqs), stopped, decl))
    top = max((n for n, _, _ in found), default=0)
    legal = sorted(((s, d) for n, s, d in found if n == top), key=lambda sd: (-sd[0], -len(sd[1])))
    return [d for _, d in legal], None


def _blocks_text(view: Board, defender: str, decl: dict[str, tuple[str, ...]]) -> str:
    if not decl:
        return f"{defender} doesn't block"
    return f"{defender} blocks " + "; ".join(
        f"{', '.join(view.permanent(a).name + f' ({a})' for a in atts)} with {view.permanent(b).name} ({b})"
        for b, atts in sorted(decl.items()))


def _assignment_text(assignment: Sequence[tuple[str, str, int]]) -> str:
    if not assignment:
        return "no damage"
    return ", ".join(f"{s} deals {n} to {r}" for s, r, n in assignment)


# --------------------------------------------------------------------------- positions
def _commutes(effect: Any) -> bool:
    """An effect whose order with others can't matter (613.7): +N/+N (7c), abilities gained (6)
    and types added (4, a crewed Vehicle's "becomes an artifact creature") only, or one that
    changes no characteristic."""
    spec = effect.spec
    if effect.kind != "continuous" or spec is None:
        return True
    return _adds_types(spec) or set(spec.layers()) <= {"6", "7c"} and not (
        spec.loses or spec.loses_all_abilities or spec.cant_have)


def _adds_types(spec: ContinuousSpec) -> bool:
    """A spec that only adds types, subtypes or supertypes (205.1b): applying it twice is applying
    it once."""
    bare = dataclasses.replace(spec, add_types=frozenset(), add_subtypes=frozenset(), add_supertypes=frozenset())
    return bare == ContinuousSpec(affects=spec.affects, condition=spec.condition, text=spec.text)


#: Costs that move no permanent and lower no toughness (602.2b, 118.3).
_NO_LEAVING_COSTS = frozenset({"mana", "life", "energy", "untap", "tap_untapped", "discard", "mill", "exile_card"})
#: Trigger events that resolving an ability that only changes characteristics or returns a card
#: to a hand can't cause: combat's, a step's or phase's beginning, a spell cast (603.2).
_NOT_CAUSED = frozenset({"attacks", "blocks", "becomes_blocked", "attacks_unblocked", "blocks_each",
                         "blocked_by_each", "deals_damage", "deals_combat_damage", "deals_combat_damage_to_player",
                         "deals_combat_damage_to_creature", "upkeep", "draw_step", "precombat_main",
                         "beginning_of_combat", "end_of_combat", "end_step", "cast"})

#: Unread lines that do nothing as an ability resolves: an activated ability ("{S}{S}{S}: ...", 602.1, used
#: only when a player activates it), a keyword with its cost ("Escape—{2}{R}{R}, ...", 702), a permanent
#: entering tapped or with a counter as it escapes, a spell costing more or another cost (601.2f, 118.9), an
#: Aura's enchant keyword (303.4a: on an Aura other than the source, it can't move the source).
_INERT_TEXT = re.compile(r"^(?:\{[^}]+\})+(?:, [^:\"]+)?: |^[A-Z][a-z]+(?: [a-z]+)?—|"
                         r"^[^.\"]*\benters? the battlefield tapped\.$|^[^.\"]*\bescapes with [^.\"]*\.$|"
                         r"^[^.\"]*\bcosts? \{\d+\} more to cast\.$|^Enchant [a-z ]+$|"
                         r"^[^.\"]*\brather than pay this spell's mana cost\.$")


def _keeps_its_source(view: Board, source: Any, ability: ActivatedAbility) -> bool:
    """Whether activating and resolving ``ability`` surely leaves ``source`` on the battlefield
    (so it is activated again after, not held in response, 117.3c), without resolving it: no
    loyalty cost and no cost that moves or damages a permanent; effects that only raise a
    toughness or set it to 1 or more (704.5f, 704.5g: ``source`` has no damage or counters),
    grant keywords or add types, or return cards from a graveyard to a hand; ``source``
    attached to nothing (704.5m); and on the board no trigger those could cause, no unread line
    but those that do nothing as it resolves (:data:`_INERT_TEXT`) and no continuous effect that
    could lower a toughness (613.4)."""
    if ability.loyalty is not None or any(c.kind not in _NO_LEAVING_COSTS for c in ability.costs):
        return False
    if source.damage or source.deathtouch_damage or source.counters or source.attached_to is not None:
        return False
    for e in walk_effects(ability.effects):
        if isinstance(e, (OptionalEffect, Conditional, Attempt, Modal)):
            continue  # what they hold is walked after them
        if isinstance(e, Modify):
            spec = e.spec
            if spec.gets is not None and spec.gets[1] < 0 or spec.set_pt is not None and spec.set_pt[1] < 1 or any(
                    not (isinstance(g, tuple) and g[0] == "keyword") for g in spec.gains) or dataclasses.replace(
                    spec, affects=ContinuousSpec().affects, gets=None, set_pt=None, gains=(), add_types=frozenset(),
                    add_subtypes=frozenset(), text=None) != ContinuousSpec():
                return False
        elif not (type(e).__name__ == "ReturnFromGraveyard" and getattr(e, "to", None) == "hand"):
            return False
    for p in view.permanents:
        for a in p.abilities:
            if isinstance(a, TextAbility) and not _INERT_TEXT.search(a.text) or isinstance(
                    a, TriggeredAbility) and not {t.kind for t in (a.event, *a.also)} <= _NOT_CAUSED:
                return False
            if isinstance(a, Static) and a.name in GENERATING and may_lower(a.value):
                return False
    return not any(e.kind not in ("continuous", "gains", "gets") or e.spec is not None and may_lower(e.spec)
                   for e in view.effects)


def _facts_of_effect(effect: Any) -> tuple[str, bool, bool]:
    """What :func:`state_key` needs of a board effect: its text without its timestamp, whether its
    order can't matter (:func:`_commutes`), whether it only adds types (:func:`_adds_types`)."""
    return (repr(dataclasses.replace(effect, timestamp=None)), _commutes(effect),
            effect.kind == "continuous" and effect.spec is not None and _adds_types(effect.spec))


#: :func:`_facts_of_effect` worked out once for each board effect (effects are frozen and pass
#: unchanged from board to board).
_effect_facts = IdentityMemo(_facts_of_effect, 65536)


def state_key(board: Board) -> Any:
    """What the rest of the turn depends on, for the transposition table: the permanents'
    printed state (timestamps aside), the effects in the order they began (613.7) or as a set
    when their order can't matter, the zones (graveyards and exile as sets), players, pools,
    combat and the turn."""
    perms = tuple(sorted((p.id, p.name, p.controller, p.owner, p.tapped, p.summoning_sick,
                          tuple(sorted(p.counters.items())), p.damage, p.deathtouch_damage, p.attached_to, p.loyalty,
                          p.defense, p.token, p.x, p.monstrous, p.paired_with, tuple(sorted(p.resolved.items())))
                         for p in board.permanents))
    ordered = sorted(board.effects, key=lambda e: e.timestamp or 0)
    facts = [_effect_facts(e) for e in ordered]
    effects = tuple(text for text, _, _ in facts)
    if all(commutes for _, commutes, _ in facts):  # a set of effects; one that only adds types counts once
        once = [adds for _, _, adds in facts]
        effects = tuple(sorted({r for r, o in zip(effects, once) if o})) + tuple(sorted(
            r for r, o in zip(effects, once) if not o))
    zones = tuple((k, tuple(c.id for c in z.hand), z.hand_count, z.library_count, tuple(c.id for c in z.library_top),
                   tuple(sorted(c.id for c in z.graveyard)), tuple(sorted(c.id for c in z.exile)))
                  for k, z in sorted(board.zones.items()))
    players = tuple((p.name, p.life, p.poison, tuple(sorted(p.commander_damage.items())), p.lost, p.energy)
                    for p in board.players)
    pools = tuple(sorted((k, tuple(sorted(repr(dataclasses.replace(m, amount=1)) for m in v for _ in range(m.amount))))
                         for k, v in board.mana_pools.items() if v))  # mana is not ordered (106.4)
    t = board.turn
    turn = (t.step, tuple(sorted(t.lands_played.items())), tuple(sorted(t.spells_cast.items())),
            tuple(sorted(t.activated_once)), tuple(sorted(t.triggered_once)), tuple(sorted(t.permanent_left)),
            t.creature_died, tuple(sorted(t.life_lost.items())), tuple(sorted(t.dealt_damage)))
    return perms, effects, zones, players, pools, repr(board.combat), turn
