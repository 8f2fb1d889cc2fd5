"""``mtgsolver attacks check`` and ``mtgsolver attacks suggest`` (CR 508.1, 701.15).

Exit status: 0 legal (check) or a suggestion found (suggest), 1 illegal or undecided,
2 bad input.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from . import common

if TYPE_CHECKING:  # pragma: no cover
    from ..solver.result import CombatResult

attacks_app = typer.Typer(help="Declare attackers: check a declaration or suggest one (CR 508.1).",
                          no_args_is_help=True)

ObjectiveOpt = typer.Option("fewest-attackers", "--objective", "-o",
                            help="fewest-attackers, most-attackers or most-power.")


@attacks_app.command("check")
def check(
    board_path: Path = common.BoardArg,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
) -> None:
    """Is the board's combat.attackers declaration legal (508.1c-d, 701.15b)?"""
    b = common.board(board_path, cards, json_out)
    if b.combat is None:
        common.fail(f"{board_path}: combat: no declaration to check; add combat.attackers "
                    "(or use `mtgsolver attacks suggest`)", json_out)
    from ..solver.attacks import check_attacks

    try:
        result = check_attacks(b, time_limit)
    except ValueError as exc:
        common.fail(f"{board_path}: {exc}", json_out)
    _emit(result, json_out)
    raise typer.Exit(common.EXIT_OK if result.legal else common.EXIT_NO)


@attacks_app.command("suggest")
def suggest(
    board_path: Path = common.BoardArg,
    objective: str = ObjectiveOpt,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
) -> None:
    """A legal declaration of attackers obeying the most requirements, best for --objective."""
    from ..solver.attacks import OBJECTIVES, suggest_attacks

    if objective not in OBJECTIVES:
        common.fail(f"--objective: {objective!r} is not one of {', '.join(OBJECTIVES)}", json_out)
    b = common.board(board_path, cards, json_out)
    try:
        result = suggest_attacks(b, objective, time_limit)
    except ValueError as exc:
        common.fail(f"{board_path}: {exc}", json_out)
    _emit(result, json_out)
    raise typer.Exit(common.EXIT_OK if result.legal else common.EXIT_NO)


def _emit(result: "CombatResult", json_out: bool) -> None:
    if json_out:
        common.emit_json(result.to_json())
        return
    con = common.console
    if result.objective is None:
        verdict = {True: "[bold green]legal[/]", False: "[bold red]illegal[/]", None: "[bold yellow]undecided[/]"}
        con.print(f"Declaration: {verdict[result.legal]}  (obeys {result.obeyed} of a possible "
                  f"{result.maximum} requirements)", soft_wrap=True)
    else:
        con.print(f"Suggested declaration ({result.objective}): obeys {result.maximum} requirements")
    for v in result.violations:
        con.print(f"  [red]{v.rule}[/] {v.message}", highlight=False, soft_wrap=True)
    if result.objective is None and not result.legal:
        con.print("A legal declaration obeying the most requirements:")
    if not result.witness:
        con.print("  no creature attacks")
    for creature, target in result.witness:
        con.print(f"  {creature} attacks {target}", highlight=False)
    con.print("Cost to attack (508.1h): " + ", ".join(f"{p} pays {c}" for p, c in result.costs.items()))
    for note in result.notes:
        con.print(f"  {note}", highlight=False, soft_wrap=True)
    if not result.optimal:
        con.print("[yellow]Not proved optimal within the time limit.[/]")


def register(app: typer.Typer) -> None:
    app.add_typer(attacks_app, name="attacks")
