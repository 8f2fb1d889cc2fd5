"""``mtgsolver blocks check|suggest`` and ``mtgsolver attacks check|suggest`` (CR 509.1, 508.1).

Both sides share one output format: the verdict with the requirement count, each violation
with its rule, the witness as a table, the costs (508.1h, 509.1e) and the notes.
Exit status: 0 legal (or a suggestion found), 1 illegal, 2 bad input, 3 undecided (a time limit,
or unread card text that could change the verdict).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from mtgsolver.cli import common
from mtgsolver.cli.plain import escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Board
    from mtgsolver.solver.result import CombatResult


@dataclass(frozen=True)
class Side:
    """What differs between declaring blockers and declaring attackers."""

    name: str  # "blocks" or "attacks"
    verb: str  # "block" or "attack"
    rule: str  # the rule that counts requirements
    default_objective: str
    objectives: str
    columns: tuple[str, str]
    noun: str  # what a player declares
    cost_rule: str
    help: str


BLOCKS = Side("blocks", "block", "509.1c", "fewest-blockers", "fewest-blockers, most-blockers or least-unblocked-power",
              ("blocker", "blocks"), "blockers", "509.1d", "Declare blockers: is a block legal (CR 509.1), and a legal one to make.")
ATTACKS = Side("attacks", "attack", "508.1d", "fewest-attackers", "fewest-attackers, most-attackers or most-power",
               ("attacker", "attacks"), "attackers", "508.1h", "Declare attackers: is an attack legal (CR 508.1, 701.15), and a legal one to make.")


def headline(side: Side, result: "CombatResult") -> str:
    """The verdict and a true count of requirements (509.1c, 508.1d)."""
    verdict = {True: "[bold green]legal[/]", False: "[bold red]illegal[/]", None: "[bold yellow]undecided[/]"}
    head = verdict[result.legal]
    count = result.requirement_count()
    proven = "" if result.optimal else " [yellow](not proven optimal: the time limit stopped the solver)[/]"
    return f"{head}, {count} ({side.rule}){proven}"


def _print(board: "Board", side: Side, result: "CombatResult", title: str) -> None:
    con = common.console
    con.print(f"{escape(title)}: {headline(side, result)}", soft_wrap=True)
    for v in result.violations:
        con.print(f"  [red]{v.rule}[/] {escape(v.message)}", soft_wrap=True)
    what = "suggestion" if result.objective else "witness"
    if result.witness:
        con.print(f"{what}: a legal declaration obeying the most requirements")
        table = common.table(*side.columns)
        for creature, targets in result.witness:
            shown = targets if isinstance(targets, tuple) else (targets,)
            table.add_row(common.named(board, creature), ", ".join(common.named(board, t) for t in shown))
        con.print(table)
    else:
        con.print(f"  {what}: no creature {side.name}")
    whose = "the suggested" if result.objective else "the declared"
    for player, cost in result.costs.items():
        if cost != "{0}":
            con.print(f"  {player} pays {cost} for {whose} {side.noun} ({side.cost_rule})", soft_wrap=True)
    for player, lines in result.payments.items():
        con.print(f"  {player} pays with: " + "; ".join(lines), soft_wrap=True)
    for note in result.notes:
        con.print(f"  [dim]{escape(note)}[/]", soft_wrap=True)
    common.print_unread(result, ("legal", "illegal"))


def _run(side: Side, what: str, board_path: Path, cards: Optional[Path], json_out: bool, picture: Optional[Path],
         **options: object) -> None:
    def show(board: "Board", result: "CombatResult") -> None:
        title = f"{board_path} ({result.objective})" if result.objective else str(board_path)
        _print(board, side, result, title)

    common.answer(f"{side.name} {what}", board_path, options, cards, json_out, show,
                  [common.picture(picture, "combat_svg")])


def _group(side: Side) -> typer.Typer:
    group = typer.Typer(help=side.help, no_args_is_help=True, rich_markup_mode=None)

    @group.command("check")
    def check(
        board_path: Path = common.BoardArg,
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = common.JsonOpt,
        time_limit: float = common.TimeOpt,
        strict: bool = common.StrictOpt,
        picture: Optional[Path] = common.SvgOpt,
    ) -> None:
        """Is the board's combat declaration legal? Exit 0 legal, 1 illegal, 2 bad input, 3 undecided."""
        _run(side, "check", board_path, cards, json_out, picture, time_limit=time_limit, strict=strict)

    @group.command("suggest")
    def suggest(
        board_path: Path = common.BoardArg,
        objective: str = typer.Option(side.default_objective, "--objective", "-o", metavar="OBJECTIVE",
                                      help=f"After the most requirements: {side.objectives}."),
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = common.JsonOpt,
        time_limit: float = common.TimeOpt,
        strict: bool = common.StrictOpt,
        picture: Optional[Path] = common.SvgOpt,
    ) -> None:
        """A legal declaration obeying the most requirements, then best for --objective. Exit 0, or 3 undecided."""
        _run(side, "suggest", board_path, cards, json_out, picture, objective=objective, time_limit=time_limit,
             strict=strict)

    return group


def register(app: typer.Typer) -> None:
    for side in (BLOCKS, ATTACKS):
        app.add_typer(_group(side), name=side.name)
