"""The commands as plain functions: a board and options in, the ``--json`` answer out.

The HTTP service (:mod:`mtgsolver.service`) and the batch runner (:mod:`mtgsolver.batch`)
run every command through :func:`run`, which calls the same solver functions as the CLI
and builds the answer with :func:`answer_dict`, so an answer is the CLI's ``--json``.
No typer, no FastAPI, no solver import at module level (solvers load when a command runs).

A command is one :class:`Command` in :data:`COMMANDS`. A new command plugs in with one line::

    Command("damage", "mtgsolver.solver.damage:assign_damage", verdict="legal")

Its options are then the solver function's keyword parameters after the board (a pydantic
model built from the signature); give ``options`` and ``prepare`` for options that need
parsing first (``pay``: the cost strings). Exit statuses follow the board contract:
0 yes, 1 no, 3 undecided (the ``verdict`` field is ``None``).
"""
from __future__ import annotations

import inspect
import json
import typing
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Any, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board, BoardError, CardLibrary, ManaCost, ManaCostError
from mtgsolver.model.errors import OptionError

__all__ = ["COMMANDS", "Answer", "Command", "OptionError", "answer_dict", "board_from", "command", "exit_status", "run"]

EXIT_OK, EXIT_NO, EXIT_UNDECIDED = 0, 1, 3


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid")


TimeLimit = Field(10.0, gt=0, description="Solver time limit in seconds (the service caps it).")


class CheckOptions(_Options):
    time_limit: float = TimeLimit


class BlockSuggestOptions(CheckOptions):
    objective: str = Field("fewest-blockers", description="fewest-blockers, most-blockers or least-unblocked-power")


class AttackSuggestOptions(CheckOptions):
    objective: str = Field("fewest-attackers", description="fewest-attackers, most-attackers or most-power")


class PayOptions(_Options):
    cost: str = Field(description='The mana cost to pay, e.g. "{2}{W}{U/P}".')
    player: Optional[str] = Field(None, description="Who pays (default: the active player).")
    keep: list[str] = Field(default_factory=list, description='Costs to keep payable afterwards, e.g. ["{U}{U}"].')
    x: Optional[int] = Field(None, ge=0, description="The value of X.")
    max_x: bool = Field(False, description="Find the largest payable X.")
    spell: Optional[str] = Field(None, description='What the mana is for (106.6), e.g. "creature elf green".')
    objective: Optional[str] = Field(None, description="Objective levels, best first, comma separated.")
    time_limit: float = TimeLimit


class ProduceOptions(_Options):
    permanent: Optional[str] = Field(None, description="Only this permanent (its id).")


def _pay_arguments(board: Board, o: PayOptions) -> dict[str, Any]:
    """The CLI's checks of ``pay``'s options (cli/pay.py), with option paths."""
    from mtgsolver.solver.payment import spell_info

    def cost(text: str, path: str) -> ManaCost:
        try:
            return ManaCost.parse(text)
        except ManaCostError as exc:
            raise OptionError(path, str(exc)) from None

    if o.x is not None and o.max_x:
        raise OptionError("options", "give x or max_x, not both")
    if o.player is not None and not board.is_player(o.player):
        raise OptionError("options.player", f"unknown player {o.player!r}; the board has "
                          f"{', '.join(p.name for p in board.players)}")
    levels = [s.strip() for s in o.objective.split(",") if s.strip()] if o.objective else None
    try:
        info = spell_info(o.spell) if o.spell is not None else None
    except ValueError as exc:
        raise OptionError("options.spell", str(exc)) from None
    return {"cost": cost(o.cost, "options.cost"), "player": o.player,
            "keep": [cost(k, f"options.keep[{i}]") for i, k in enumerate(o.keep)],
            "x": o.x, "maximize_x": o.max_x, "spell": info, "time_limit": o.time_limit, "objective": levels}


def _produce_arguments(board: Board, o: ProduceOptions) -> dict[str, Any]:
    if o.permanent is not None and not board.has_permanent(o.permanent):
        known = ", ".join(p.id for p in board.permanents) or "none"
        raise OptionError("options.permanent", f"no permanent with id {o.permanent!r} (ids: {known})")
    return {"permanent": o.permanent}


@dataclass(frozen=True)
class Command:
    """One command: ``name`` as typed after ``mtgsolver`` (``"blocks check"``), ``target``
    the solver function (``"module:function"``, called as ``function(board, **arguments)``),
    ``verdict`` the result attribute that gives the exit status (``None``: always 0),
    ``options`` a pydantic model of the options (default: built from the function's
    signature), ``prepare(board, options) -> arguments`` (default: the options as they are)."""

    name: str
    target: str
    verdict: str | None = None
    options: type[BaseModel] | None = None
    prepare: Callable[[Board, Any], dict[str, Any]] | None = None
    summary: str = ""

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
        """Validate ``options``; raise :class:`OptionError` naming ``options.FIELD``."""
        try:
            return self.option_model.model_validate(options or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in ("options", *err["loc"]))
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


#: Every command the service and the batch runner offer, by name.
COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("blocks check", "mtgsolver.solver.blocks:check_blocks", "legal", CheckOptions,
            summary="Is combat.blockers legal (CR 509.1)? Reasons and a witness."),
    Command("blocks suggest", "mtgsolver.solver.blocks:suggest_blocks", "legal", BlockSuggestOptions,
            summary="A legal block obeying the most requirements (509.1c), then best for objective."),
    Command("attacks check", "mtgsolver.solver.attacks:check_attacks", "legal", CheckOptions,
            summary="Is combat.attackers legal (CR 508.1, 701.15)? Reasons and a witness."),
    Command("attacks suggest", "mtgsolver.solver.attacks:suggest_attacks", "legal", AttackSuggestOptions,
            summary="A legal attack obeying the most requirements (508.1d), then best for objective."),
    Command("pay", "mtgsolver.solver.payment:pay", "payable", PayOptions, _pay_arguments,
            summary="Pay a mana cost: which abilities to activate, in order, and what pays each symbol (106, 605)."),
    Command("produce", "mtgsolver.solver.produce:could_produce", None, ProduceOptions, _produce_arguments,
            summary="The types of mana each permanent could produce, and why (106.7)."),
    Command("damage", "mtgsolver.solver.damage:combat_damage", "decided",
            summary="What the declared combat does: life, poison, creatures destroyed (510, 704.5)."),
    Command("solve", "mtgsolver.solver.puzzle:solve_goal", "solved",
            summary="Answer the board's puzzle goal and check a stated solution."),
    Command("plan", "mtgsolver.solver.plan:plan", "castable",
            summary="Plan casting cards or activating abilities this turn: which mana pays each (601.2, 605)."),
    Command("chance", "mtgsolver.solver.chance:chance",
            summary="The chance of a random choice on the board (exact fractions)."),
)}


def command(name: str) -> Command:
    """The command called ``name`` (``"blocks check"`` or ``"blocks/check"``)."""
    key = name.strip().strip("/").replace("/", " ")
    if key not in COMMANDS:
        raise OptionError("command", f"unknown command {name!r}; commands are {', '.join(COMMANDS)}")
    return COMMANDS[key]


def board_from(data: Any, library: CardLibrary | None = None, file: str = "board") -> Board:
    """A board from a request: a mapping (the parsed JSON of a board file) or YAML/JSON text.

    Raises :class:`BoardError` naming ``file`` and the field path, as for a board file.
    """
    if not isinstance(data, (dict, str)):
        raise BoardError(file, "", f"expected a board (a mapping, or YAML or JSON text); got {type(data).__name__}")
    try:
        if isinstance(data, dict):
            return parse_board_text(json.dumps(data), file, library, "json")
        return parse_board_text(data, file, library, "json" if data.lstrip().startswith("{") else "yaml")
    except RecursionError:
        raise BoardError(file, "", "nested too deeply") from None


def answer_dict(result: Any) -> dict[str, Any]:
    """The answer ``--json`` prints for ``result``."""
    return result.to_dict()


def exit_status(cmd: Command, result: Any) -> int:
    """0 yes (or no verdict), 1 no, 3 undecided (board contract)."""
    if cmd.verdict is None:
        return EXIT_OK
    verdict = getattr(result, cmd.verdict)
    return EXIT_UNDECIDED if verdict is None else EXIT_OK if verdict else EXIT_NO


@dataclass(frozen=True)
class Answer:
    """What a command answered: the ``--json`` dict and the CLI's exit status."""

    answer: dict[str, Any]
    exit: int


def run(name: str, board: Board, options: dict[str, Any] | None = None, max_time: float | None = None) -> Answer:
    """Run command ``name`` on ``board`` with ``options`` (the ``--json`` answer and exit status).

    ``max_time`` caps an option ``time_limit``. Raises :class:`OptionError` for bad options,
    ``ValueError`` for what the solver refuses (an unknown objective, ...).
    """
    cmd = command(name)
    parsed = cmd.parse_options(options)
    if max_time is not None and getattr(parsed, "time_limit", None) is not None:
        parsed = parsed.model_copy(update={"time_limit": min(parsed.time_limit, max_time)})
    arguments = cmd.prepare(board, parsed) if cmd.prepare else parsed.model_dump()
    result = cmd.function()(board, **arguments)
    return Answer(answer_dict(result), exit_status(cmd, result))
