"""``mtgsolver produce``: what mana each permanent could produce (106.7), and why."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common


def produce(
    board_path: Path = common.BoardArg,
    permanent: Optional[str] = typer.Option(None, "--permanent", metavar="ID", help="Only this permanent (its id)."),
    graph: Optional[Path] = typer.Option(None, "--graph", metavar="FILE", help="Write the reference graph as Graphviz DOT."),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    strict: bool = common.StrictOpt,
) -> None:
    """The types of mana each permanent could produce (106.7) with replacement effects in any
    order (614, 616) and "tapped for mana" triggers (106.12a), each with its reasons.

    Exit status 0, 2 on bad input, 3 when unread card text could add to what is listed."""

    def show(board, result) -> None:  # type: ignore[no-untyped-def]
        con = common.console
        con.print(f"[bold]{board_path}[/]: mana each permanent could produce (106.7)", highlight=False)
        for p in result.permanents.values():
            types = "".join("{" + t + "}" for t in p.types) or "no mana"
            con.print(f"[bold]{p.id}[/] ({p.name}, {p.controller}): {types}", highlight=False, markup=True)
            for line in p.why:
                con.print(f"  - {line}", highlight=False, markup=False, soft_wrap=True)
            for u in p.unread:
                con.print(f"  - at least these types: unread {', '.join(sorted(u.kinds))} text of {u.permanent} "
                          f"could add more: {u.line}", markup=False, soft_wrap=True)

    writes = [("--graph", graph, lambda board, done: done.result.to_dot())]
    common.answer("produce", board_path, {"permanent": permanent, "strict": strict}, cards, json_out, show, writes)


def register(app: typer.Typer) -> None:
    app.command("produce")(produce)
