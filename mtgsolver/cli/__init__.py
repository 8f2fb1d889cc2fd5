"""The ``mtgsolver`` command line (typer + rich).

Each command group lives in its own module with a ``register(app)`` function. Modules
import the solvers (and so OR-Tools) inside their commands, so ``mtgsolver --help`` and
``mtgsolver show`` start fast.
"""
from __future__ import annotations

import sys

import typer

from . import batch, combat, damage, pay, plan, produce, serve, show, solve

app = typer.Typer(
    name="mtgsolver",
    help="Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _module in (combat, damage, pay, plan, produce, show, solve, serve, batch):
    _module.register(app)


def main() -> None:
    """Console entry point: usage errors exit 2 (click's convention matches the contract)."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
