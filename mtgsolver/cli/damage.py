"""``mtgsolver damage BOARD``: what the declared combat does (CR 510, 702, 704.5, 903.10a).

Exit status: 0 decided, 2 bad input, 3 undecided (time limit, or text or keywords of a
creature in combat that the model doesn't read).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from mtgsolver.cli import common
from mtgsolver.cli.plain import escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Board
    from mtgsolver.solver.damage import DamageResult

#: the flags of the options whose flag is not their name
FLAGS = {"attacker_objectives": "--attacker", "defender_objectives": "--defender"}


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def register(app: typer.Typer) -> None:
    @app.command("damage")
    def damage(
        board_path: Path = common.BoardArg,
        attacker: Optional[str] = typer.Option(
            None, "--attacker", help="The attacking player's assignment objectives, in order: win, life, damage, "
                                     "destroy, preserve (default: win,life,destroy)."),
        defender: Optional[str] = typer.Option(
            None, "--defender", help="The defending player's assignment objectives, in order (default: "
                                     "win,life,destroy)."),
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = common.JsonOpt,
        time_limit: float = common.TimeOpt,
    ) -> None:
        """The outcome of the board's declared attack and blocks: life, poison, loyalty, defense,
        commander damage and creatures destroyed, with the rules behind each (510, 704.5)."""
        options = {"attacker_objectives": _split(attacker) if attacker is not None else None,
                   "defender_objectives": _split(defender) if defender is not None else None, "time_limit": time_limit}
        common.answer("damage", board_path, options, cards, json_out, _print, flags=FLAGS)


def _print(board: "Board", result: "DamageResult") -> None:
    con = common.console
    if result.decided is None:
        why = ("unread card text could change it (the lines are listed below)" if result.unread else
               "; ".join(result.notes) or "the time limit stopped the solver")
        con.print(f"[bold yellow]undecided[/]: the outcome below may not hold: {escape(why)}", soft_wrap=True)
    table = common.table("player", "life (before -> after)", "poison counters (before -> after)", "loses the game")
    table.title, table.title_justify = "players", "left"
    for p in result.players:
        table.add_row(p["name"], f"{p['life']} -> {p['life_after']}", f"{p['poison']} -> {p['poison_after']}",
                      "yes" if p["loses"] else "no")
    con.print(table)
    if result.assignment:
        table = common.table("step", "source", "recipient", "damage assigned", "damage dealt")
        table.title, table.title_justify = "combat damage (510.1, 510.2)", "left"
        for a in result.assignment:
            table.add_row(a["step"], common.named(board, a["source"]), common.named(board, a["recipient"]),
                          str(a["assigned"]), str(a["dealt"]))
        con.print(table)
    for reason in result.reasons:
        con.print(f"  {escape(reason)}", soft_wrap=True)
    for note in result.notes:
        con.print(f"  [dim]{escape(note)}[/]", soft_wrap=True)
    common.print_unread(result, undecided=result.decided is None)
