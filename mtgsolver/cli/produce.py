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
    from mtgsolver.solver.produce import could_produce

    b = common.board(board_path, cards, json_out)
    if permanent is not None and not b.has_permanent(permanent):
        known = ", ".join(p.id for p in b.permanents) or "none"
        common.fail(f"--permanent: no permanent with id {permanent!r} in {board_path} (ids: {known})", json_out)
    result = could_produce(b, permanent)
    if graph is not None:
        try:
            graph.write_text(result.to_dot(), encoding="utf-8")
        except OSError as exc:
            common.fail(f"--graph: cannot write {graph}: {exc}", json_out)
    common.check_strict(result, strict, json_out)
    status = common.EXIT_UNDECIDED if result.unread else common.EXIT_OK
    if json_out:
        common.emit_json(result.to_dict())
        raise typer.Exit(status)
    con = common.console
    con.print(f"[bold]{board_path}[/]: mana each permanent could produce (106.7)", highlight=False)
    for p in result.permanents.values():
        types = "".join("{" + t + "}" for t in p.types) or "no mana"
        con.print(f"[bold]{p.id}[/] ({p.name}, {p.controller}): {types}", highlight=False, markup=True)
        for line in p.why:
            con.print(f"  - {line}", highlight=False, markup=False, soft_wrap=True)
        for u in p.unread:
            con.print(f"  - at least these types: unread {', '.join(sorted(u.kinds))} text of {u.permanent} could add "
                      f"more: {u.line}", markup=False, soft_wrap=True)
    raise typer.Exit(status)


def register(app: typer.Typer) -> None:
    app.command("produce")(produce)
