"""``mtgsolver solve BOARD [--goal G]``: exact combat goals against an adversary, and puzzles.

Exit status: 0 solved (lethal found, the defender survives, a best block or attack found,
and a stated solution is right), 1 not (no lethal attack, no surviving block, or the stated
solution is wrong), 2 bad input, 3 undecided (time limit, or something the search doesn't model).
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common


def register(app: typer.Typer) -> None:
    @app.command("solve")
    def solve(
        board_path: Path = common.BoardArg,
        goal: Optional[str] = typer.Option(None, "--goal", "-g",
                                           help="lethal, survive, best-blocks, best-attack or win (default: the puzzle's)."),
        order: str = typer.Option("loses,life,poison,creatures,kills", "--order",
                                  help="The defender's value order for blocks (minimised in order; kills maximised)."),
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = common.JsonOpt,
        time_limit: float = common.TimeOpt,
    ) -> None:
        """Search against an adversary (508.1 x 509.1 x 510): an attack that wins whatever the
        defender blocks, the block that survives, the best block or the best attack."""
        options = {"goal": goal, "order": [o.strip() for o in order.split(",") if o.strip()], "time_limit": time_limit}
        common.answer("solve", board_path, options, cards, json_out, _print)


def _print(board, result) -> None:  # type: ignore[no-untyped-def]
    con = common.console
    verdict = {True: "[bold green]solved[/]", False: "[bold red]no[/]", None: "[bold yellow]undecided[/]"}
    con.print(f"{result.goal}: {verdict[result.solved]}", highlight=False)
    for reason in result.reasons:
        con.print(f"  {reason}", highlight=False, soft_wrap=True)
    if result.attack:
        con.print("  attack: " + ", ".join(f"{c} -> {t}" for c, t in result.attack), highlight=False)
    if result.blocks:
        con.print("  blocks: " + ", ".join(f"{b} blocks {', '.join(a)}" for b, a in result.blocks), highlight=False)
    if result.value:
        con.print("  outcome: " + ", ".join(f"{k} {v}" for k, v in result.value.items()), highlight=False)
    if result.solution is not None:
        mark = "[green]right[/]" if result.solution["correct"] else "[red]wrong[/]"
        con.print(f"  stated solution: {mark} ({result.solution['why']})", highlight=False)
