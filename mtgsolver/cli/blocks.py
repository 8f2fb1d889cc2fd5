"""``mtgsolver blocks check`` and ``mtgsolver blocks suggest`` (CR 509.1)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer
from rich.table import Table

from . import common

if TYPE_CHECKING:  # pragma: no cover
    from ..model import Board
    from ..solver.result import CombatResult

blocks_app = typer.Typer(help="Declare-blockers questions: is a block legal (509.1), and a legal one to make.",
                         no_args_is_help=True)

ObjectiveOpt = typer.Option("fewest-blockers", "--objective",
                            help="After the most requirements: fewest-blockers, most-blockers or least-unblocked-power.")


def _name(board: "Board", pid: str) -> str:
    p = board.permanent(pid)
    return f"{p.name} ({p.id})"


def _print(board: "Board", result: "CombatResult", title: str, what: str = "witness") -> None:
    con = common.console
    verdict = {True: "[bold green]legal[/]", False: "[bold red]illegal[/]", None: "[bold yellow]undecided[/]"}
    con.print(f"{title}: {verdict[result.legal]}  requirements obeyed {result.obeyed} of a possible "
              f"{result.maximum}{'' if result.optimal else ' (not proven optimal: time limit)'}")
    for v in result.violations:
        con.print(f"  [red]{v.rule}[/] {v.message}", highlight=False)
    table = Table(title=f"{what}: a legal declaration obeying the most requirements", title_justify="left")
    table.add_column("blocker")
    table.add_column("blocks")
    for creature, attackers in result.witness:
        table.add_row(_name(board, creature), ", ".join(_name(board, a) for a in attackers))
    if result.witness:
        con.print(table)
    else:
        con.print(f"  {what}: no creature blocks")
    for player, cost in result.costs.items():
        con.print(f"  {player} pays {cost} to block (509.1d)")
    for note in result.notes:
        con.print(f"  [dim]{note}[/]", highlight=False)


def check(
    board_path: Path = common.BoardArg,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
) -> None:
    """Is the declared block legal? Exit 0 legal, 1 illegal (or undecided), 2 bad input."""
    b = common.board(board_path, cards, json_out)
    from ..solver.blocks import check_blocks

    try:
        result = check_blocks(b, time_limit=time_limit)
    except ValueError as exc:
        common.fail(f"{board_path}: {exc}", json_out)
    if json_out:
        common.emit_json(result.to_json())
    else:
        _print(b, result, str(board_path))
    raise typer.Exit(common.EXIT_OK if result.legal else common.EXIT_NO)


def suggest(
    board_path: Path = common.BoardArg,
    objective: str = ObjectiveOpt,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
) -> None:
    """Propose a legal declaration: most requirements first (509.1c), then --objective."""
    b = common.board(board_path, cards, json_out)
    from ..solver.blocks import OBJECTIVES, suggest_blocks

    if objective not in OBJECTIVES:
        common.fail(f"--objective: unknown objective {objective!r}; expected one of {', '.join(OBJECTIVES)}", json_out)
    result = suggest_blocks(b, objective=objective, time_limit=time_limit)
    if json_out:
        common.emit_json(result.to_json())
    else:
        _print(b, result, f"{board_path} ({objective})", "suggestion")
    raise typer.Exit(common.EXIT_OK if result.legal else common.EXIT_NO)


blocks_app.command("check")(check)
blocks_app.command("suggest")(suggest)


def register(app: typer.Typer) -> None:
    app.add_typer(blocks_app, name="blocks")
