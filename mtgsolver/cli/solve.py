"""``mtgsolver solve BOARD [--goal G]``: exact combat goals against an adversary, whole turns
(``--goal win``: the line, ``--explain`` it replayed step by step) and puzzles.

Exit status: 0 solved (lethal found, the defender survives, a best block or attack found, a
winning line found, and a stated solution is right), 1 not (no lethal attack, no surviving
block, no winning line, or the stated solution is wrong), 2 bad input, 3 undecided (time limit,
unread card text, or something the search doesn't model).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from mtgsolver.cli import common
from mtgsolver.cli.plain import escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Board
    from mtgsolver.solver.puzzle import SolveResult


def register(app: typer.Typer) -> None:
    @app.command("solve")
    def solve(
        board_path: Path = common.BoardArg,
        goal: Optional[str] = typer.Option(None, "--goal", "-g",
                                           help="lethal, survive, best-blocks, best-attack or win (default: the puzzle's)."),
        order: str = typer.Option("loses,life,poison,creatures,kills", "--order",
                                  help="The defender's value order for blocks (minimised in order; kills maximised)."),
        max_moves: int = typer.Option(12, "--max-moves", help="Goal win: the most moves a line may make."),
        explain: bool = typer.Option(False, "--explain", help="Goal win: replay the line step by step, each step "
                                                              "checked, with the board after it."),
        shortest: bool = typer.Option(False, "--shortest", help="Goal win: search on for a line with the fewest moves "
                                                                "(slower: every shorter line is searched)."),
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = common.JsonOpt,
        time_limit: float = common.TimeOpt,
        picture: Optional[Path] = common.SvgOpt,
    ) -> None:
        """Search against an adversary (508.1 x 509.1 x 510): an attack that wins whatever the
        defender blocks, the block that survives, the best block or the best attack; or, with
        --goal win, a line of play this turn (spells, abilities, combat) that wins whatever
        the opponent does."""
        options = {"goal": goal, "order": [o.strip() for o in order.split(",") if o.strip()], "time_limit": time_limit,
                   "max_moves": max_moves, "explain": explain, "shortest": shortest}
        common.answer("solve", board_path, options, cards, json_out, _print, [common.picture(picture, "line_svg")])


def _defender(board: "Board") -> str:
    """The defending player when there is one opponent, else "the defending player"."""
    others = board.opponents(board.active_player)
    return others[0] if len(others) == 1 else "the defending player"


def _print(board: "Board", result: "SolveResult") -> None:
    from mtgsolver.solver.puzzle import GOAL_QUESTIONS

    con = common.console
    verdict = {True: "[bold green]solved[/]", False: "[bold red]not solved[/]", None: "[bold yellow]undecided[/]"}
    con.print(f"{result.goal} ({GOAL_QUESTIONS[result.goal]}): {verdict[result.solved]}", soft_wrap=True)
    for reason in result.reasons:
        con.print(f"  {escape(reason)}", soft_wrap=True)
    if result.goal == "win":
        _print_line(result)
    if result.attack:
        con.print("the attack (508.1)")
        table = common.table("attacker", "attacks")
        for creature, target in result.attack:
            table.add_row(common.named(board, creature), common.named(board, target))
        con.print(table)
    if result.blocks:
        con.print("the blocks (509.1)" if not result.attack else "the defending player's best answer (509.1)")
        table = common.table("blocker", "blocks")
        for blocker, attackers in result.blocks:
            table.add_row(common.named(board, blocker), ", ".join(common.named(board, a) for a in attackers))
        con.print(table)
    elif result.value is not None:
        con.print("the defending player's best answer (509.1): no block")
    if result.value is not None:
        _outcome(f"what this combat does to {_defender(board)}", result.value)
    if result.solution is not None:
        mark = "[green]right[/]" if result.solution["correct"] else "[red]wrong[/]"
        con.print(f"the puzzle's stated solution is {mark}: {escape(result.solution['why'])}", soft_wrap=True)
    common.print_unread(result, undecided=result.solved is None)


def _print_line(result: "SolveResult") -> None:
    """The line found (on the text read, when unread text made the answer undecided), the
    search's figures, and the line replayed with ``--explain``."""
    con = common.console
    if result.line is not None:
        con.print("the line" + (" on the text read" if result.as_read else "") + ":")
        for text in result.line.numbered():
            con.print(f"  {escape(text)}", soft_wrap=True)
    if result.search:
        figures = ", ".join(f"{k} {v}" for k, v in result.search.items())
        con.print(f"[dim]search: {escape(figures)}{'' if result.optimal else ' (stopped by a limit)'}[/]",
                  soft_wrap=True)
    for step in result.explanation:
        where = f" [dim](if {escape('; '.join(step['when']))})[/]" if step["when"] else ""
        mark = "[green]ok[/]" if step["ok"] else "[red]FAILED[/]"
        con.print(f"{escape(step['step'])}{where}: {escape(step['checked_by'])} {mark}"
                  + (f" [dim]{escape(step['detail'])}[/]" if step["detail"] else ""), soft_wrap=True)
        for text in step["board"]:
            con.print(f"    {escape(text)}", soft_wrap=True)


def _outcome(title: str, value: dict[str, Any]) -> None:
    """The defender's outcome as a table of labelled amounts."""
    from mtgsolver.solver.puzzle import OUTCOME

    table = common.table("outcome", "amount")
    table.title, table.title_justify = title, "left"
    for key, label in OUTCOME:
        amount = value[key]
        table.add_row(label, ("yes" if amount else "no") if isinstance(amount, bool) else str(amount))
    common.console.print(table)
