"""``mtgsolver damage BOARD``: what the declared combat does (CR 510, 702, 704.5, 903.10a).

Exit status: 0 decided, 2 bad input, 3 undecided (time limit, or text or keywords of a
creature in combat that the model doesn't read).
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common

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


def _print(board, result) -> None:  # type: ignore[no-untyped-def]
    from rich.table import Table  # titled tables: rich's (not a one-shot check's)

    con = common.console
    if result.decided is None:
        con.print("[bold yellow]undecided[/]: the answer below may not hold", highlight=False)
    table = Table(title="players")
    for col in ("player", "life", "poison", "loses"):
        table.add_column(col)
    for p in result.players:
        table.add_row(p["name"], f"{p['life']} -> {p['life_after']}", f"{p['poison']} -> {p['poison_after']}",
                      "yes" if p["loses"] else "no")
    con.print(table)
    if result.assignment:
        table = Table(title="damage assignment (510.1)")
        for col in ("step", "source", "recipient", "assigned", "dealt"):
            table.add_column(col)
        for a in result.assignment:
            table.add_row(a["step"], a["source"], a["recipient"], str(a["assigned"]), str(a["dealt"]))
        con.print(table)
    for reason in result.reasons:
        con.print(f"  {reason}", highlight=False, soft_wrap=True)
    for note in result.notes:
        con.print(f"  [dim]{note}[/]", highlight=False, soft_wrap=True)
    for u in result.unread:
        line = u.to_dict() if hasattr(u, "to_dict") else u
        con.print(f"  [yellow]unread[/] {line['permanent']}: {line['line']}", highlight=False, soft_wrap=True)
