"""Shared CLI plumbing: loading boards with clean errors, JSON output and exit codes.

Exit status (board contract): 0 legal / payable / solved, 1 not, 2 bad input, 3 undecided
(a time limit, or unread card text that could change the answer).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape

from ..model import Board, BoardError, CardLibrary, ManaCost, ManaCostError, bundled_library, load_board

EXIT_OK, EXIT_NO, EXIT_BAD, EXIT_UNDECIDED = 0, 1, 2, 3

console = Console()
err_console = Console(stderr=True)

BoardArg = typer.Argument(..., help="Board file (.yaml, .yml or .json).", show_default=False)
CardsOpt = typer.Option(
    None, "--cards", show_default=False,
    help="Card file added to the bundled cards: MTGJSON AtomicCards or Scryfall Oracle cards "
         "(.json, .json.gz, .json.xz, .json.bz2); default $MTGSOLVER_CARDS.")
JsonOpt = typer.Option(False, "--json", help="Print the answer as JSON.")
TimeOpt = typer.Option(10.0, "--time-limit", min=0.01, help="Solver time limit in seconds.")


def fail(message: str, json_out: bool = False) -> NoReturn:
    """Report bad input and exit with status 2, never with a traceback."""
    if json_out:
        print(json.dumps({"error": message}))
    else:
        err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(EXIT_BAD)


def library(cards: Optional[Path], json_out: bool = False) -> CardLibrary:
    """The bundled cards plus a card file's (``--cards``, else ``$MTGSOLVER_CARDS``), or exit 2."""
    if cards is None and not os.environ.get("MTGSOLVER_CARDS"):
        return bundled_library()
    from ..model.card_index import load_cards

    try:
        return load_cards(cards)
    except (ValueError, OSError) as exc:
        fail(str(exc), json_out)


def board(path: Path, cards: Optional[Path] = None, json_out: bool = False) -> Board:
    """Load a board or exit 2 with the file, field and reason."""
    try:
        return load_board(path, library(cards, json_out))
    except BoardError as exc:
        fail(str(exc), json_out)


def cost(text: str, option: str, json_out: bool = False) -> ManaCost:
    try:
        return ManaCost.parse(text)
    except ManaCostError as exc:
        fail(f"{option}: {exc}", json_out)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")
