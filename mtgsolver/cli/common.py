"""Shared CLI plumbing and the conventions every command follows.

Conventions (a new command group ``cli/NAME.py`` with ``register(app)`` follows them all):

- **One path**: a command that answers a question on a board parses its arguments into the
  options of :data:`mtgsolver.commands.COMMANDS` and calls :func:`answer`, which loads the
  board, runs the command (:func:`mtgsolver.commands.run` checks the options, once, for the
  CLI, the service and the batch runner alike), draws ``--svg``, prints ``--json`` or the
  human output, and exits with the answer's status. The CLI only parses and prints.
- **Exit status**: :data:`EXIT_OK` 0 legal / payable / solved, :data:`EXIT_NO` 1 not,
  :data:`EXIT_BAD` 2 bad input (a message naming file and field path, or the option as its
  flag, never a traceback; use :func:`fail`), :data:`EXIT_UNDECIDED` 3 undecided (a time
  limit, or unread text that could change the answer), :data:`EXIT_INTERNAL` 4 an internal
  error (a bug: :mod:`mtgsolver.cli` says so in one line; ``--debug`` or
  ``MTGSOLVER_DEBUG=1`` adds the traceback).
- **Reading boards**: :func:`board` (``-`` reads the board from stdin; ``--cards``; clean errors),
  options :data:`BoardArg`, :data:`CardsOpt`, :data:`JsonOpt`, :data:`TimeOpt`, :data:`StrictOpt`,
  :data:`SvgOpt`.
- **Unread text** (``docs/unread.md``): every result has ``unread`` and, when those lines made
  it undecided, ``as_read``. ``--strict`` (the option ``strict``) refuses, exit 2, a board
  whose unread lines bear on the answer; in human output :func:`print_unread` says which
  lines and why.
- **Files**: ``--svg FILE`` (:data:`SvgOpt`, :func:`picture`) and other files an answer also
  writes go to :func:`answer` as ``writes``; one that can't be written is refused (exit 2).
- **Output**: ``--json`` prints the answer with :func:`emit_json`; human output goes
  through :data:`console` (rich markup, :func:`escape`), which never wraps when stdout is not a
  terminal (plain lines at full width, no colors, written without importing rich:
  :mod:`mtgsolver.cli.plain`), and uses :func:`table` for tables.
- **Fast start**: import solvers, and the model (pydantic), inside command functions, never
  at module level; ``tests/test_startup.py`` checks ``mtgsolver --help`` imports none.
- **Help**: give every option with a value a ``metavar`` people know (``COST``, ``N``,
  ``FILE``, ``PLAYER``, ``SECONDS``); boolean options are flags (``--json``).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, NoReturn, Optional, Sequence

import typer

from mtgsolver.cli.plain import PIPE_WIDTH, Output, PlainTable, escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Board, CardLibrary

__all__ = ["PIPE_WIDTH", "escape"]  # with the names below

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNDECIDED, EXIT_INTERNAL = 0, 1, 2, 3, 4

console = Output()
err_console = Output(stderr=True)

BoardArg = typer.Argument(..., help="Board file (.yaml, .yml, .json, or a Forge puzzle .pzl), or - to read it from stdin.",
                          show_default=False, metavar="BOARD")
CardsOpt = typer.Option(
    None, "--cards", show_default=False, metavar="FILE",
    help="Card file added to the bundled cards: MTGJSON AtomicCards or Scryfall Oracle cards "
         "(.json, .json.gz, .json.xz, .json.bz2); default $MTGSOLVER_CARDS.")
JsonOpt = typer.Option(False, "--json", help="Print the answer as JSON.", show_default=False)
TimeOpt = typer.Option(10.0, "--time-limit", metavar="SECONDS", help="Solver time limit in seconds.")
StrictOpt = typer.Option(False, "--strict", show_default=False,
                         help="Refuse (exit 2) a board whose unread card text could bear on the answer.")
SvgOpt = typer.Option(None, "--svg", help="Also draw the answer as an SVG picture in FILE.", metavar="FILE")


def fail(message: str, json_out: bool = False) -> NoReturn:
    """Report bad input and exit with status 2, never with a traceback."""
    if json_out:
        print(json.dumps({"error": message}))
    else:
        err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(EXIT_BAD)


def note(message: str) -> None:
    """A remark on stderr (for example a board without ``version:``), never in JSON output."""
    err_console.print(f"note: {escape(message)}", soft_wrap=True)


def library(cards: Optional[Path], json_out: bool = False) -> "CardLibrary":
    """The bundled cards plus a card file's (``--cards``, else ``$MTGSOLVER_CARDS``), or exit 2."""
    from mtgsolver.read.card_files import bundled_library

    if cards is None and not os.environ.get("MTGSOLVER_CARDS"):
        return bundled_library()
    from mtgsolver.model import UserError
    from mtgsolver.read.card_index import load_cards

    try:
        return load_cards(cards)
    except (UserError, OSError) as exc:
        fail(str(exc), json_out)


def board(path: Path, cards: Optional[Path] = None, json_out: bool = False,
          known: "CardLibrary | None" = None) -> "Board":
    """Load a board (``-``: from stdin) with the cards ``known`` (default: :func:`library`), or
    exit 2 with the file, field and reason."""
    from mtgsolver.load import load_board, parse_board_text
    from mtgsolver.model import BoardError
    from mtgsolver.read.board_file import decode_board_bytes

    known = known or library(cards, json_out)
    try:
        if str(path) == "-":
            text = decode_board_bytes(sys.stdin.buffer.read(), "<stdin>")
            fmt = "json" if text.lstrip().startswith(("{", "[")) else "yaml"
            loaded = parse_board_text(text, "<stdin>", known, fmt)
        else:
            loaded = load_board(path, known)
    except BoardError as exc:
        fail(str(exc), json_out)
    for remark in loaded.notes:
        note(remark)
    return loaded


def flag(option: str, flags: Mapping[str, str] = MappingProxyType({})) -> str:
    """The flag of a command's option: ``flags[option]``, else ``--`` and the option's name
    with dashes (``max_x``: ``--max-x``)."""
    return flags.get(option) or "--" + option.replace("_", "-")


#: a file an answer also writes: (its flag, its path or None when not asked for, its text
#: from the board and the :class:`mtgsolver.commands.Answer`)
Write = tuple[str, Optional[Path], Callable[["Board", Any], str]]


def picture(path: Optional[Path], draw: str) -> Write:
    """``--svg FILE``: the answer drawn by :mod:`mtgsolver.pictures`' function ``draw`` (the
    module loads only when asked for)."""
    def render(board: "Board", done: Any) -> str:
        from mtgsolver import pictures

        return getattr(pictures, draw)(board, done.answer)

    return ("--svg", path, render)


def answer(command: str, board_path: Path, options: dict[str, Any], cards: Optional[Path], json_out: bool,
           show: Callable[["Board", Any], None], writes: Sequence[Write] = (),
           flags: Mapping[str, str] = MappingProxyType({})) -> NoReturn:
    """The one tail of every command that answers on a board: load it, run ``command`` with
    ``options`` (:func:`mtgsolver.commands.run`), write the files asked for (``writes``: an
    ``--svg`` :func:`picture`...), print the ``--json`` answer or ``show(board, result)``, and
    exit with the answer's status. A refusal exits 2 with its message, options named by their
    flags (``flags`` where a flag is not the option's name: :func:`flag`)."""
    from mtgsolver.commands import run
    from mtgsolver.model import OptionError, UserError

    known = library(cards, json_out)
    loaded = board(board_path, cards, json_out, known)
    try:
        done = run(command, loaded, options, library=known)
    except OptionError as exc:
        fail(exc.text(lambda option: flag(option, flags)), json_out)
    except UserError as exc:
        fail(str(exc), json_out)
    for name, path, render in writes:
        if path is not None:
            try:
                path.write_text(render(loaded, done), encoding="utf-8")
            except OSError as exc:
                fail(f"{name}: cannot write {path}: {exc}", json_out)
    if json_out:
        emit_json(done.answer)
    else:
        show(loaded, done.result)
    raise typer.Exit(done.exit)


def print_unread(result: Any, verdicts: tuple[str, str] = ("yes", "no"), undecided: bool = False) -> None:
    """Say which unread lines bear on ``result`` and, if they made it undecided, why; then the
    unread lines that can't bear on it, each with its reason.

    ``verdicts`` names the verdict on the text read (``("legal", "illegal")``); ``undecided``
    says the answer is undecided for a result without a verdict on the text read (``damage``,
    ``solve``)."""
    print_bearing(result.unread, getattr(result, "as_read", None), verdicts, undecided)
    print_not_relevant(getattr(result, "not_relevant", ()))


def print_bearing(unread: Any, as_read: bool | None, verdicts: tuple[str, str], undecided: bool = False) -> None:
    """The unread lines that bear on an answer (with what could make them act first, if said)."""
    if not unread:
        return
    if as_read is not None:
        read = verdicts[0] if as_read else verdicts[1]
        console.print(f"[bold yellow]undecided[/]: on the text this project reads the answer is {read}, but these "
                      "unread lines could change it (docs/unread.md):", soft_wrap=True)
    elif undecided:
        console.print("[bold yellow]undecided[/] because of these unread lines, which could change the answer "
                      "(docs/unread.md):", soft_wrap=True)
    else:
        console.print("unread lines that could bear on this answer (they could not change the verdict, "
                      "docs/unread.md):", soft_wrap=True)
    for u in unread:
        u = u.to_dict() if hasattr(u, "to_dict") else u
        why = f"; {u['reason']}" if u.get("reason") else ""
        console.print(f"  {escape(u['permanent'])}: {escape(u['line'])} [dim]({', '.join(sorted(u['kinds']))}"
                      f"{escape(why)})[/]", soft_wrap=True)


def named(board: "Board", ident: str) -> str:
    """A permanent as people read it, ``Grizzly Bears (bears)``; a player by name."""
    if board.has_permanent(ident):
        return f"{board.permanent(ident).name} ({ident})"
    return ident


def print_not_relevant(lines: Any) -> None:
    """The unread lines that can't bear on an answer, each with the reason (docs/unread.md)."""
    if not lines:
        return
    console.print("unread lines that can't bear on this answer (docs/unread.md):", soft_wrap=True)
    for u in lines:
        console.print(f"  {escape(u.permanent)}: {escape(u.line)} [dim]— {escape(u.reason)}[/]", soft_wrap=True)


def table(*columns: str) -> Any:
    """A table (``add_row``, then ``console.print`` it): boxed on a terminal, plain columns
    when piped."""
    if console.plain:
        return PlainTable(*columns)
    from rich import box
    from rich.table import Table

    t = Table(box=box.HEAVY_HEAD if console.is_terminal else None, show_edge=console.is_terminal)
    for column in columns:
        t.add_column(column)
    return t


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")
