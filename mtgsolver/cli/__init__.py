"""The ``mtgsolver`` command line (typer + rich).

Each command group lives in its own module with a ``register(app)`` function, listed in
:data:`COMMANDS`. The conventions every command follows (exit statuses, ``-`` for stdin,
``--json``, ``--strict``, unread text, no wrapping when piped, fast start) are in
:mod:`mtgsolver.cli.common`.
"""
from __future__ import annotations

import sys
from typing import Optional

import typer

from .. import __version__
from . import batch, cards, combat, damage, pay, plan, produce, serve, show, solve

COMMANDS = (cards, combat, damage, pay, plan, produce, show, solve, serve, batch)

app = typer.Typer(
    name="mtgsolver",
    help="Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605).\n\n"
         "Exit status: 0 legal/payable/solved, 1 not, 2 bad input, 3 undecided (time limit, unread card text).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: flags as flags (--json), values as metavars (--keep COST)
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mtgsolver {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit."),
) -> None:
    """Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605)."""


for _module in COMMANDS:
    _module.register(app)


def main() -> None:
    """Console entry point: usage errors exit 2 (click's convention matches the contract)."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
