"""The commands as plain functions: a board and options in, the ``--json`` answer out.

The CLI (:mod:`mtgsolver.cli`), the HTTP service (:mod:`mtgsolver.service`) and the batch
runner (:mod:`mtgsolver.batch`) run every command through :func:`run`: it checks the options
(the command's pydantic model, then the solver, each check once), calls the solver function
and gives the answer (:func:`answer_dict`, the CLI's ``--json``) with its exit status. The
edges only read their input and show what :func:`run` answered or refused.
No typer, no FastAPI, no solver import at module level (solvers load when a command runs).

A command is one :class:`Command` in :data:`COMMANDS`. A new command plugs in with one line::

    Command("blocks check", "mtgsolver.solver.blocks:check_blocks", verdict="legal")

Its options are then the solver function's keyword parameters after the board (a pydantic
model built from the signature); give ``options`` and ``prepare`` for options that need
parsing first (``pay``: the cost strings). Exit statuses follow the board contract:
0 yes, 1 no, 3 undecided (the verdict is ``None``).

Errors: :class:`OptionError` (path relative to the options: ``cost``, ``keep[1]``),
:class:`BoardError`, and the other :class:`~mtgsolver.model.errors.UserError` classes are
refusals (exit status 2); any other exception is a bug, an internal error
(:func:`~mtgsolver.model.errors.internal_error`; exit status 4).
"""
from __future__ import annotations

import inspect
import json
import typing
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from typing import Any, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board, BoardError, CardLibrary, ManaCost, ManaCostError
from mtgsolver.model.errors import OptionError, RequestError, UnsupportedError, UserError
from mtgsolver.model.limits import KEEP_LIMIT, MANA_LIMIT, PLAN_LIMIT, TIME_LIMIT, cost_problem
from mtgsolver.read.board_file import check_numbers

__all__ = ["COMMANDS", "Answer", "Command", "OptionError", "answer_dict", "board_from", "command", "error_dict",
           "exit_status", "run"]

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNDECIDED, EXIT_INTERNAL = 0, 1, 2, 3, 4


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid")


TimeLimit = Field(10.0, gt=0, le=TIME_LIMIT, description="Solver time limit in seconds (the service caps it).")
Strict = Field(False, description="Refuse a board whose unread card text could bear on the answer (docs/unread.md).")
Player = Field(None, description="Who pays or casts (default: the active player).")
Keep = Field(default_factory=list, max_length=KEEP_LIMIT,
             description='Costs to keep payable afterwards, e.g. ["{U}{U}"].')
X = Field(None, le=MANA_LIMIT, description="The value of X.")
MaxX = Field(False, description="Find the largest payable X.")


class CheckOptions(_Options):
    time_limit: float = TimeLimit
    strict: bool = Strict


class BlockSuggestOptions(CheckOptions):
    objective: str = Field("fewest-blockers", description="fewest-blockers, most-blockers or least-unblocked-power")


class AttackSuggestOptions(CheckOptions):
    objective: str = Field("fewest-attackers", description="fewest-attackers, most-attackers or most-power")


class PayOptions(_Options):
    cost: Optional[str] = Field(None, description='The mana cost to pay, e.g. "{2}{W}{U/P}" (default: the mana '
                                                  "cost of card).")
    player: Optional[str] = Player
    keep: list[str] = Keep
    x: Optional[int] = X
    max_x: bool = MaxX
    spell: Optional[str] = Field(None, description='What the mana is for (106.6), e.g. "creature elf green".')
    ability: Optional[str] = Field(None, description="The permanent (its id) whose activated ability the cost is for: "
                                                     "its types and colors decide which mana restricted to abilities "
                                                     "pays it (602.2b, 106.6).")
    card: Optional[str] = Field(None, description="The card the cost is for: in the player's hand (id or name) or "
                                                  "any known card; its types and colors for spending restrictions "
                                                  "(106.6), and with X what its permanent enters with (107.3m).")
    objective: Optional[str] = Field(None, description="Objective levels, best first, comma separated.")
    time_limit: float = TimeLimit
    strict: bool = Strict


class ProduceOptions(_Options):
    permanent: Optional[str] = Field(None, description="Only this permanent (its id).")
    strict: bool = Strict


class DamageOptions(_Options):
    attacker_objectives: Optional[list[str]] = Field(
        None, max_length=len(("win", "life", "damage", "destroy", "preserve")),
        description="The attacking player's assignment objectives, in order: win, life, damage, destroy, "
                    "preserve (default: win, life, destroy).")
    defender_objectives: Optional[list[str]] = Field(
        None, max_length=len(("win", "life", "damage", "destroy", "preserve")),
        description="The defending player's assignment objectives, in order (default: win, life, destroy).")
    time_limit: float = TimeLimit


class SolveOptions(_Options):
    goal: Optional[str] = Field(None, description="lethal, survive, best-blocks, best-attack or win (default: the "
                                                  "puzzle's).")
    order: Optional[list[str]] = Field(None, max_length=len(("loses", "life", "poison", "creatures", "kills")),
                                       description="The defender's value order for blocks (default: loses, "
                                                         "life, poison, creatures, kills).")
    time_limit: float = TimeLimit
    max_moves: int = Field(12, ge=0, le=40, description="The goal win: the most moves (lands, spells, abilities) a "
                                                        "line may make.")
    explain: bool = Field(False, description="The goal win: replay the line found step by step, each step checked "
                                             "and the board after it.")
    shortest: bool = Field(False, description="The goal win: search on for a line with the fewest moves, proving no "
                                              "shorter line wins (slower: every shorter line is searched).")


class PlanOptions(_Options):
    cast: list[str] = Field(max_length=PLAN_LIMIT, description='Cards in hand (name or id), or permanent ids for their activated ability; '
                                        '"NAME>TARGET,..." gives targets.')
    player: Optional[str] = Player
    max_x: bool = Field(False, description="Find the largest X for the spell with X.")
    x: Optional[int] = Field(None, description="The value of X for the spell with X.")
    keep: list[str] = Keep
    time_limit: float = TimeLimit
    strict: bool = Strict


class ResolveOptions(_Options):
    actions: list[str] = Field(description='In order: "cast NAME>TARGETS" (a card in a hand), "activate ID:N>TARGETS" '
                                           '(the N-th activated ability of a permanent), "respond ..." for one cast '
                                           'or activated while the one before is on the stack.')
    x: list[int] = Field(default_factory=list, description="The values of X, in order, for the actions with X.")
    mode: list[str] = Field(default_factory=list, description='The modes ("1" or "1,3", from 1), in order, for the '
                                                             'modal actions.')
    free: bool = Field(False, description="Cast without paying mana costs.")
    choose: list[str] = Field(default_factory=list, description='Choices made, "KEY=OPTION" (the keys an undecided '
                                                               'answer names).')
    time_limit: float = TimeLimit
    strict: bool = Strict


class NoOptions(_Options):
    """A command without options (``crimes``)."""


class ChanceOptions(_Options):
    permanent: str = Field(description="The permanent whose ability chooses at random.")
    strict: bool = Strict


def _cost(text: str, path: str) -> ManaCost:
    """A mana cost option at ``path``.

    :raises OptionError: an empty one (``{0}`` is the cost of zero), not a mana cost, or one out
        of range (:func:`~mtgsolver.model.limits.cost_problem`).
    """
    if not text.strip():
        raise OptionError(path, "empty; give a mana cost such as {2}{W} ({0} for a cost of zero)")
    try:
        cost = ManaCost.parse(text)
    except ManaCostError as exc:
        raise OptionError(path, str(exc)) from None
    problem = cost_problem(cost)
    if problem is not None:
        raise OptionError(path, f"{problem} (docs/board-format.md, ranges)")
    return cost


def _kept(texts: list[str]) -> list[ManaCost]:
    """The ``keep`` option: ``keep[i]`` for each cost."""
    return [_cost(k, f"keep[{i}]") for i, k in enumerate(texts)]


def _card(board: Board, name: str, player: str, library: CardLibrary | None) -> Any:
    """The card ``card`` names: in ``player``'s hand (id or name), else from the known cards.

    :raises OptionError: no card of that name.
    """
    zones = board.zones.get(player)
    for zc in zones.hand if zones is not None else ():
        if name.lower() in (zc.id.lower(), zc.card.name.lower()):
            return zc.card
    from mtgsolver.model import UnknownCardError
    from mtgsolver.read.card_files import bundled_library

    try:
        return (library or bundled_library()).get(name)
    except UnknownCardError as exc:
        raise OptionError("card", str(exc)) from None


def _pay_arguments(board: Board, o: PayOptions, library: CardLibrary | None) -> dict[str, Any]:
    """``pay``: the cost (or the card's), the kept costs and the card parsed.

    :raises OptionError: no cost and no card with one; a cost with {X} without ``x`` or
        ``max_x`` (107.3a: X is chosen, never 0 by default); a bad cost or card.
    """
    from mtgsolver.solver.payment import spell_info

    if o.ability is not None and (o.spell is not None or o.card is not None):
        raise OptionError("ability", "give `ability`, `spell` or `card`, one of them: what the mana pays for")
    card = _card(board, o.card, o.player or board.active_player, library) if o.card is not None else None
    text = o.cost
    if text is None:
        if card is None or card.mana_cost is None:
            raise OptionError("cost", "missing; give the cost to pay, or `card` NAME of a card with a mana cost")
        text = str(card.mana_cost)
    cost = _cost(text, "cost")
    if o.x is None and not o.max_x and any(s.variable for s in cost.symbols):
        raise OptionError("cost", f"{cost} has {{X}}; give its value with `x` N or ask for the largest with "
                                  "`max_x` (107.3a)")
    levels = [s.strip() for s in o.objective.split(",") if s.strip()] if o.objective else None
    return {"cost": cost, "player": o.player, "keep": _kept(o.keep), "x": o.x, "maximize_x": o.max_x,
            "spell": spell_info(o.spell) if o.spell is not None else _ability_info(board, o.ability),
            "time_limit": o.time_limit,
            "objective": levels, "card": card}


def _ability_info(board: Board, permanent: str | None) -> Any:
    """What the mana pays for when the cost is an activated ability of ``permanent`` (602.2b):
    its types and colors as the board is now (613).

    :raises OptionError: no permanent of that id.
    """
    if permanent is None:
        return None
    from mtgsolver.load import prepare
    from mtgsolver.solver.payment import SpellInfo

    now = prepare(board)
    if not now.has_permanent(permanent):
        raise OptionError("ability", f"{permanent!r} is not a permanent id of the board")
    return SpellInfo.ability_of(now.permanent(permanent))


def _plan_arguments(board: Board, o: PlanOptions, library: CardLibrary | None) -> dict[str, Any]:
    """``plan``: the kept costs parsed (:raises OptionError: a bad one)."""
    return {"cast": o.cast, "player": o.player, "maximize_x": o.max_x, "x": o.x, "keep": _kept(o.keep),
            "time_limit": o.time_limit}


def _resolve_arguments(board: Board, o: ResolveOptions, library: CardLibrary | None) -> dict[str, Any]:
    """``resolve``: the options and the library the board was read with (what cards are as
    they enter, how the board after is written)."""
    return {**_given(board, o, library), "library": library}


def _solve_arguments(board: Board, o: SolveOptions, library: CardLibrary | None) -> dict[str, Any]:
    """``solve``: the options and the library the board was read with (the goal ``win`` plays
    cards onto the battlefield)."""
    return {**_given(board, o, library), "library": library}


def _given(board: Board, o: BaseModel, library: CardLibrary | None) -> dict[str, Any]:
    """The options as they are, without ``strict`` and without those left to the solver's default."""
    return {k: v for k, v in o.model_dump().items() if k != "strict" and v is not None}


def _solved(result: Any) -> bool | None:
    """``solve``: solved, and a stated solution right (None: undecided)."""
    if result.solved is None:
        return None
    return result.solved and (result.solution is None or result.solution["correct"])


def _decided(result: Any) -> bool | None:
    """True when decided, None when not (no ``no`` verdict: ``damage``, ``chance``, ``produce``)."""
    return True if getattr(result, "decided", not result.unread) else None


def _any_crime(result: Any) -> bool:
    return any(c.crime for c in result)


@dataclass(frozen=True)
class Command:
    """One command: ``name`` as typed after ``mtgsolver`` (``"blocks check"``), ``target``
    the solver function (``"module:function"``, called as ``function(board, **arguments)``),
    ``verdict`` the result attribute, or a function of the result, that gives the exit
    status (``None``: always 0), ``options`` a pydantic model of the options (default: built
    from the function's signature), ``prepare(board, options, library) -> arguments``
    (default: the options given, as they are), ``parameters`` the option each of the
    function's parameters comes from where its name differs (for the function's
    :class:`OptionError`)."""

    name: str
    target: str
    verdict: str | Callable[[Any], bool | None] | None = None
    options: type[BaseModel] | None = None
    prepare: Callable[[Board, Any, CardLibrary | None], dict[str, Any]] | None = None
    summary: str = ""
    parameters: dict[str, str] = field(default_factory=dict)

    @property
    def path(self) -> str:
        """The URL path of the command: ``/blocks/check``."""
        return "/" + self.name.replace(" ", "/")

    def function(self) -> Callable[..., Any]:
        module, name = self.target.split(":")
        return getattr(import_module(module), name)

    @cached_property
    def option_model(self) -> type[BaseModel]:
        return self.options or _signature_options(self)

    def parse_options(self, options: dict[str, Any] | None) -> BaseModel:
        """Validate ``options``; raise :class:`OptionError` naming the option (one given twice too,
        as JSON read by :func:`~mtgsolver.read.board_file.loads_json` marks it)."""
        twice = getattr(options, "duplicate", None)
        if twice is not None:
            raise OptionError(str(twice), "this option is given twice")
        try:
            return self.option_model.model_validate(options or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in err["loc"]).lstrip(".")
            raise OptionError(where, "unknown option" if err["type"] == "extra_forbidden" else err["msg"]) from None


def _signature_options(cmd: Command) -> type[BaseModel]:
    """A pydantic model of the keyword parameters after the board."""
    fn = cmd.function()
    try:
        hints = typing.get_type_hints(fn)
    except (NameError, TypeError):  # annotations naming TYPE_CHECKING-only types: accept any value
        hints = {}
    fields: dict[str, Any] = {}
    for i, (name, param) in enumerate(inspect.signature(fn).parameters.items()):
        if i == 0 or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        default = ... if param.default is param.empty else param.default
        fields[name] = (hints.get(name, Any), default)
    title = "".join(part.title() for part in cmd.name.split()) + "Options"
    return create_model(title, __config__=ConfigDict(extra="forbid", arbitrary_types_allowed=True), **fields)


#: Every command the CLI, the service and the batch runner answer, by name.
COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("blocks check", "mtgsolver.solver.blocks:check_blocks", "legal", CheckOptions, _given,
            summary="Is combat.blockers legal (CR 509.1)? Reasons and a witness."),
    Command("blocks suggest", "mtgsolver.solver.blocks:suggest_blocks", "legal", BlockSuggestOptions, _given,
            summary="A legal block obeying the most requirements (509.1c), then best for objective."),
    Command("attacks check", "mtgsolver.solver.attacks:check_attacks", "legal", CheckOptions, _given,
            summary="Is combat.attackers legal (CR 508.1, 701.15)? Reasons and a witness."),
    Command("attacks suggest", "mtgsolver.solver.attacks:suggest_attacks", "legal", AttackSuggestOptions, _given,
            summary="A legal attack obeying the most requirements (508.1d), then best for objective."),
    Command("pay", "mtgsolver.solver.payment:pay", "payable", PayOptions, _pay_arguments,
            summary="Pay a mana cost: which abilities to activate, in order, and what pays each symbol (106, 605).",
            parameters={"maximize_x": "max_x"}),
    Command("produce", "mtgsolver.solver.produce:could_produce", _decided, ProduceOptions, _given,
            summary="The types of mana each permanent could produce, and why (106.7)."),
    Command("damage", "mtgsolver.solver.damage:combat_damage", _decided, DamageOptions, _given,
            summary="What the declared combat does: life, poison, creatures destroyed (510, 704.5)."),
    Command("solve", "mtgsolver.solver.puzzle:solve_goal", _solved, SolveOptions, _solve_arguments,
            summary="Answer the board's puzzle goal and check a stated solution."),
    Command("plan", "mtgsolver.solver.plan:plan", "castable", PlanOptions, _plan_arguments,
            summary="Plan casting cards or activating abilities this turn: which mana pays each (601.2, 605).",
            parameters={"maximize_x": "max_x"}),
    Command("resolve", "mtgsolver.solver.resolve:resolve", "resolved", ResolveOptions, _resolve_arguments,
            summary="The board after casting spells and activating abilities, and all they trigger, resolve "
                    "(601, 603, 608, 704)."),
    Command("chance", "mtgsolver.solver.chance:chance", _decided, ChanceOptions, _given,
            summary="The chance of a random choice on the board (exact fractions)."),
    Command("crimes", "mtgsolver.solver.plan:stack_crimes", _any_crime, NoOptions, _given,
            summary="For each spell or ability on the stack: a crime (700.13)? Which crime abilities triggered?"),
)}


def command(name: str) -> Command:
    """The command called ``name`` (``"blocks check"`` or ``"blocks/check"``).

    :raises RequestError: no command has that name.
    """
    key = name.strip().strip("/").replace("/", " ")
    if key not in COMMANDS:
        raise RequestError("command", f"unknown command {name!r}; commands are {', '.join(COMMANDS)}")
    return COMMANDS[key]


def board_from(data: Any, library: CardLibrary | None = None, file: str = "board") -> Board:
    """A board from a request: a mapping (the parsed JSON of a board file) or YAML/JSON text.

    :raises BoardError: naming ``file`` and the field path, as for a board file.
    """
    if not isinstance(data, (dict, str)):
        raise BoardError(file, "", f"expected a board (a mapping, or YAML or JSON text); got {type(data).__name__}")
    try:
        if isinstance(data, dict):
            check_numbers(data, file)  # before JSON text loses a key given twice
            return parse_board_text(json.dumps(data), file, library, "json")
        return parse_board_text(data, file, library, "json" if data.lstrip().startswith("{") else "yaml")
    except RecursionError:
        raise BoardError(file, "", "nested too deeply") from None


def answer_dict(result: Any) -> Any:
    """The answer ``--json`` prints for ``result`` (a list for a sequence of results)."""
    if isinstance(result, (tuple, list)):
        return [r.to_dict() for r in result]
    return result.to_dict()


def exit_status(cmd: Command, result: Any) -> int:
    """0 yes (or no verdict), 1 no, 3 undecided (board contract)."""
    if cmd.verdict is None:
        return EXIT_OK
    verdict = cmd.verdict(result) if callable(cmd.verdict) else getattr(result, cmd.verdict)
    return EXIT_UNDECIDED if verdict is None else EXIT_OK if verdict else EXIT_NO


@dataclass(frozen=True)
class Answer:
    """What a command answered: the ``--json`` answer, the CLI's exit status, and the
    solver's result itself (what the CLI prints and pictures draw)."""

    answer: Any
    exit: int
    result: Any = field(default=None, compare=False, repr=False)


def _strict(result: Any) -> None:
    """``strict``: refuse when unread lines could bear on the answer (docs/unread.md)."""
    if getattr(result, "unread", None):
        lines = "; ".join(f"{u.permanent}: {u.line!r}" for u in result.unread)
        raise OptionError("strict", f"unread card text could bear on this answer (docs/unread.md): {lines}")


def run(name: str, board: Board, options: dict[str, Any] | None = None, max_time: float | None = None,
        library: CardLibrary | None = None) -> Answer:
    """Run command ``name`` on ``board`` with ``options``: the ``--json`` answer, the exit
    status and the result. ``max_time`` caps an option ``time_limit``; ``library`` finds the
    cards options name (``pay``'s ``card``; default: the bundled cards).

    :raises RequestError: an unknown command.
    :raises OptionError: a bad option (its path relative to the options), or ``strict`` and
        unread text bearing on the answer.
    :raises BoardError: a board the command can't answer on (no attack to judge).
    :raises UnsupportedError: a question refused by design.
    """
    cmd = command(name)
    parsed = cmd.parse_options(options)
    if max_time is not None and getattr(parsed, "time_limit", None) is not None:
        parsed = parsed.model_copy(update={"time_limit": min(parsed.time_limit, max_time)})
    try:
        arguments = cmd.prepare(board, parsed, library) if cmd.prepare else parsed.model_dump()
        result = cmd.function()(board, **arguments)
    except OptionError as exc:  # the function's parameters named as the command's options
        raise exc.renamed(lambda p: cmd.parameters.get(p, p)) from None
    if getattr(parsed, "strict", False):
        _strict(result)
    return Answer(answer_dict(result), exit_status(cmd, result), result)


def error_dict(exc: UserError) -> dict[str, str]:
    """How the service and the batch runner show a refusal: ``error`` (the whole line),
    ``where`` (``board``, ``options``, ``request``, ``unsupported``...), ``path`` and ``message``."""
    if isinstance(exc, BoardError):
        return {"error": str(exc), "where": "board", "path": exc.path, "message": exc.message}
    if isinstance(exc, OptionError):
        path = f"options.{exc.path}" if exc.path else "options"
        return {"error": f"{path}: {exc.message}", "where": "options", "path": path, "message": exc.message}
    if isinstance(exc, RequestError):
        return {"error": str(exc), "where": "request", "path": exc.path, "message": exc.message}
    where = "unsupported" if isinstance(exc, UnsupportedError) else "input"
    return {"error": str(exc), "where": where, "path": "", "message": str(exc)}
