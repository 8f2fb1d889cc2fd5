"""Shared CLI plumbing and the conventions every command follows.

Conventions (a new command group ``cli/NAME.py`` with ``register(app)`` follows them all):

- **Exit status**: :data:`EXIT_OK` 0 legal / payable / solved, :data:`EXIT_NO` 1 not,
  :data:`EXIT_BAD` 2 bad input (a message naming file and field path, never a traceback; use
  :func:`fail`), :data:`EXIT_UNDECIDED` 3 undecided (a time limit, or unread text that could
  change the answer). :func:`exit_status` maps a verdict (``True``/``False``/``None``) to it.
- **Reading boards**: :func:`board` (``-`` reads the board from stdin; ``--cards``; clean errors),
  options :data:`BoardArg`, :data:`CardsOpt`, :data:`JsonOpt`, :data:`TimeOpt`, :data:`StrictOpt`.
- **Unread text** (``docs/unread.md``): every result has ``unread`` and, when those lines made
  it undecided, ``as_read``. After computing a result call :func:`check_strict` (``--strict``
  refuses, exit 2, a board whose unread lines bear on the answer) and in human output
  :func:`print_unread`, which says which lines and why.
- **Output**: ``--json`` prints ``result.to_dict()`` with :func:`emit_json`; human output goes
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
from typing import TYPE_CHECKING, Any, NoReturn, Optional

import typer

from mtgsolver.cli.plain import PIPE_WIDTH, Output, PlainTable, escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Board, CardLibrary, ManaCost

__all__ = ["PIPE_WIDTH", "escape"]  # with the names below

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNDECIDED = 0, 1, 2, 3

console = Output()
err_console = Output(stderr=True)

BoardArg = typer.Argument(..., help="Board file (.yaml, .yml, .json, or a Forge puzzle .pzl), or - to read it from stdin.",
                          show_default=False, metavar="BOARD")
CardsOpt = typer.Option(
    None, "--cards", show_default=False, metavar="FILE",
    help="Card file added to the bundled cards: MTGJSON AtomicCards or Scryfall Oracle cards "
         "(.json, .json.gz, .json.xz, .json.bz2); default $MTGSOLVER_CARDS.")
JsonOpt = typer.Option(False, "--json", help="Print the answer as JSON.", show_default=False)
TimeOpt = typer.Option(10.0, "--time-limit", min=0.01, metavar="SECONDS", help="Solver time limit in seconds.")
StrictOpt = typer.Option(False, "--strict", show_default=False,
                         help="Refuse (exit 2) a board whose unread card text could bear on the answer.")


def exit_status(verdict: bool | None) -> int:
    """0 for a yes (legal, payable), 1 for a no, 3 for undecided (``None``)."""
    return EXIT_UNDECIDED if verdict is None else EXIT_OK if verdict else EXIT_NO


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
    from mtgsolver.read.card_index import load_cards

    try:
        return load_cards(cards)
    except (ValueError, OSError) as exc:
        fail(str(exc), json_out)


def board(path: Path, cards: Optional[Path] = None, json_out: bool = False) -> "Board":
    """Load a board (``-``: from stdin) or exit 2 with the file, field and reason."""
    from mtgsolver.load import load_board, parse_board_text
    from mtgsolver.model import BoardError
    from mtgsolver.read.board_file import decode_board_bytes

    try:
        if str(path) == "-":
            text = decode_board_bytes(sys.stdin.buffer.read(), "<stdin>")
            fmt = "json" if text.lstrip().startswith(("{", "[")) else "yaml"
            loaded = parse_board_text(text, "<stdin>", library(cards, json_out), fmt)
        else:
            loaded = load_board(path, library(cards, json_out))
    except BoardError as exc:
        fail(str(exc), json_out)
    for remark in loaded.notes:
        note(remark)
    return loaded


def cost(text: str, option: str, json_out: bool = False, allow_x: bool = True) -> "ManaCost":
    """Parse a mana cost option; an empty one is refused (``{0}`` is the cost of zero)."""
    from mtgsolver.model import ManaCost, ManaCostError

    if not text.strip():
        fail(f"{option}: empty; give a mana cost such as {{2}}{{W}} ({{0}} for a cost of zero)", json_out)
    try:
        parsed = ManaCost.parse(text)
    except ManaCostError as exc:
        fail(f"{option}: {exc}", json_out)
    if not allow_x and any(s.variable for s in parsed.symbols):
        fail(f"{option}: {parsed} has {{X}}; give its value with --x N or ask for the largest with --max-x (107.3a)",
             json_out)
    return parsed


def check_strict(result: Any, strict: bool, json_out: bool = False) -> None:
    """``--strict``: refuse (exit 2) when unread lines could bear on the answer."""
    if strict and result.unread:
        lines = "; ".join(f"{u.permanent}: {u.line!r}" for u in result.unread)
        fail(f"--strict: unread card text could bear on this answer (docs/unread.md): {lines}", json_out)


def print_unread(result: Any, verdicts: tuple[str, str] = ("yes", "no")) -> None:
    """Say which unread lines bear on ``result`` and, if they made it undecided, why.

    ``verdicts`` names the verdict on the text read (``("legal", "illegal")``)."""
    if not result.unread:
        return
    if result.as_read is not None:
        read = verdicts[0] if result.as_read else verdicts[1]
        console.print(f"[bold yellow]undecided[/]: on the text this project reads the answer is {read}, but these "
                      "unread lines could change it (docs/unread.md):", soft_wrap=True)
    else:
        console.print("unread lines that could bear on this answer (they could not change the verdict, "
                      "docs/unread.md):", soft_wrap=True)
    for u in result.unread:
        console.print(f"  {escape(u.permanent)}: {escape(u.line)} [dim]({', '.join(sorted(u.kinds))})[/]",
                      soft_wrap=True)


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
