"""``mtgsolver plan``, ``chance`` and ``crimes``: a turn's casting plan (601.2, 106.4, 700.2),
the distribution of a random choice at resolution (608.2), crimes on the stack (700.13)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common


def plan(
    board_path: Path = common.BoardArg,
    cast: list[str] = typer.Option(..., "--cast", help='A card in hand (name or id), or a permanent id for its '
                                   'activated ability; "NAME>TARGET,..." gives targets (repeatable).'),
    player: Optional[str] = typer.Option(None, "--player", help="Who casts (default: the active player)."),
    max_x: bool = typer.Option(False, "--max-x", help="Find the largest X for the spell with X."),
    x: Optional[int] = typer.Option(None, "--x", help="The value of X for the spell with X."),
    keep: list[str] = typer.Option([], "--keep", help='A cost to keep payable afterwards (repeatable).'),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
    strict: bool = common.StrictOpt,
) -> None:
    """Can these spells all be cast this turn? In which order, with which mana (601.2, 106.4)?

    Exit status 0 castable, 1 not, 2 bad input, 3 undecided (time limit or unread text).
    """
    options = dict(cast=cast, player=player, max_x=max_x, x=x, keep=keep, time_limit=time_limit, strict=strict)
    common.answer("plan", board_path, options, cards, json_out, _print_plan)


def _print_plan(board, result) -> None:  # type: ignore[no-untyped-def]
    con = common.console
    castable = result.castable if result.castable is not None else result.as_read
    if not castable:
        verdict = ("can't all be cast" if result.castable is False else "undecided: can't all be cast with the "
                   "text read" if result.as_read is False else "undecided")
        con.print(f"[bold red]{verdict}[/] by {result.player}", highlight=False)
    else:
        can = "castable" if result.castable else "undecided: castable with the text read"
        head = f"[bold {'green' if result.castable else 'yellow'}]{can}[/] by {result.player}"
        if result.x is not None:
            head += f" with X = {result.x}"
        con.print(head + ("" if result.optimal else " (not proven optimal: time limit)"), highlight=False)
    for n, s in enumerate(result.steps, 1):
        x = f" (X={s.x})" if s.x is not None else ""
        carried = f", {s.carried_in} in the pool as it is cast" if s.carried_in else ""
        con.print(f"  {n}. {s.name} {s.cost}{x}{carried}", highlight=False, markup=False)
        for a in s.activations:
            con.print(f"     {a.source}: {a.ability} -> {''.join('{' + t + '}' for t in a.mana)}",
                      highlight=False, markup=False)
        for e in s.events:
            con.print(f"     * {e}", highlight=False, markup=False)
    for cost, ok in result.kept:
        con.print(f"  keep {cost}: {'still payable' if ok else 'NOT payable afterwards'}", highlight=False)
    for r in result.reasons:
        con.print(f"  [{r.rule}] {r.message}", highlight=False, markup=False)
    common.print_unread(result, ("castable", "not castable"))


def chance(
    board_path: Path = common.BoardArg,
    permanent: str = typer.Option(..., "--permanent", help="The permanent whose ability chooses at random."),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    strict: bool = common.StrictOpt,
) -> None:
    """The exact distribution of a random choice made as an ability resolves (608.2), as fractions.

    Exit status 0, 2 on bad input, 3 undecided (unread lines of the permanent could change it).
    """
    common.answer("chance", board_path, {"permanent": permanent, "strict": strict}, cards, json_out, _print_chance)


def _print_chance(board, result) -> None:  # type: ignore[no-untyped-def]
    con = common.console
    for o in result.outcomes:
        con.print(f"{o.probability} the card goes to the {o.destination} ({', '.join(o.cards)})",
                  highlight=False, markup=False)
    for r in result.reasons:
        con.print(f"  [{r.rule}] {r.message}", highlight=False, markup=False)
    common.print_unread(result, ("this distribution", ""))


def crimes(
    board_path: Path = common.BoardArg,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
) -> None:
    """For each spell or ability on the stack: a crime (700.13)? Which crime abilities triggered?

    Exit status 0 when some item is a crime, 1 when none is.
    """
    common.answer("crimes", board_path, {}, cards, json_out, _print_crimes)


def _print_crimes(board, result) -> None:  # type: ignore[no-untyped-def]
    for c in result:
        what = "a crime (700.13)" if c.crime else "not a crime"
        line = f"{c.item} ({c.controller}): {what}"
        if c.triggered:
            line += f"; triggers {', '.join(c.triggered)}"
        if c.not_triggered:
            line += f"; {', '.join(c.not_triggered)} already triggered this turn (603.2h)"
        common.console.print(line, highlight=False, markup=False)


def register(app: typer.Typer) -> None:
    app.command("plan")(plan)
    app.command("chance")(chance)
    app.command("crimes")(crimes)
