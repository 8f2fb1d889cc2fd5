"""``mtgsolver pay``: pay a mana cost from a board exactly (CR 106, 107.4, 601.2g-h, 605)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common

OBJECTIVE_HELP = ("Objective levels, best first, comma separated, from: keep, x, life, sacrifice, "
                  "cards, creatures, sources, floating, spare (default: all, in that order).")


def pay(
    board_path: Path = common.BoardArg,
    cost: Optional[str] = typer.Option(None, "--cost", metavar="COST", show_default=False,
                                       help='The mana cost to pay, e.g. "{2}{W}{U/P}" (default: the mana cost of --card).'),
    player: Optional[str] = typer.Option(None, "--player", metavar="PLAYER", help="Who pays (default: the active player)."),
    keep: list[str] = typer.Option([], "--keep", metavar="COST", show_default=False,
                                   help='A cost to keep payable afterwards, e.g. "{U}{U}" (repeatable).'),
    x: Optional[int] = typer.Option(None, "--x", metavar="N", help="The value of X."),
    max_x: bool = typer.Option(False, "--max-x", help="Find the largest payable X.", show_default=False),
    spell: Optional[str] = typer.Option(None, "--spell", metavar="WORDS", help='What the mana is for, for spending '
                                        'restrictions (106.6): types and colors, e.g. "creature elf green".'),
    ability: Optional[str] = typer.Option(None, "--ability", metavar="PERMANENT", help="The permanent (its id) "
                                          "whose activated ability the cost is for: its types and colors for mana "
                                          "restricted to abilities (602.2b, 106.6)."),
    card: Optional[str] = typer.Option(None, "--card", metavar="NAME", help="The card the cost is for (a card "
                                       "in the player's hand, by id or name, or any known card): its types "
                                       "and colors for spending restrictions (106.6), and with X what its "
                                       "permanent enters with (107.3m)."),
    objective: Optional[str] = typer.Option(None, "--objective", metavar="LEVELS", help=OBJECTIVE_HELP),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
    strict: bool = common.StrictOpt,
    picture: Optional[Path] = common.SvgOpt,
) -> None:
    """Pay COST from the board: which mana abilities to activate, in order, and what pays each symbol.

    Exit status 0 when the cost can be paid, 1 when it can't (with the reasons), 2 on bad input,
    3 undecided (a time limit, or unread card text that could change the answer).
    """
    options = dict(cost=cost, player=player, keep=keep, x=x, max_x=max_x, spell=spell, ability=ability, card=card,
                   objective=objective, time_limit=time_limit, strict=strict)
    common.answer("pay", board_path, options, cards, json_out, _print, [common.picture(picture, "payment_svg")])


def _print(board, result) -> None:  # type: ignore[no-untyped-def]
    con = common.console
    if result.payable is None and result.as_read is None:
        con.print(f"[bold yellow]{result.cost}[/]: no answer within the time limit for {result.player}")
        for r in result.reasons:
            con.print(f"  [{r.rule}] {r.message}", markup=False, soft_wrap=True)
        return
    modelled = "the costs modelled" if result.unmodelled else "the text read"
    if not (result.payable or result.as_read):
        verdict = "can't be paid" if result.payable is False else f"undecided: can't be paid with {modelled}"
        con.print(f"[bold red]{result.cost}[/] {verdict} by {result.player}")
        for r in result.reasons:
            con.print(f"  [{r.rule}] {r.message}", markup=False, soft_wrap=True)
        common.print_unread(result, ("payable", "unpayable"))
        return
    can = "can be paid" if result.payable else f"undecided: can be paid with {modelled}"
    head = f"[bold {'green' if result.payable else 'yellow'}]{result.cost}[/] {can} by {result.player}"
    if result.x is not None:
        head += f" with X = {result.x}"
    if result.life_paid:
        head += f", paying {result.life_paid} life"
    if result.damage:
        head += f", taking {result.damage} damage from its mana sources"
    con.print(head + ("" if result.optimal else " (not proven optimal: time limit)"), highlight=False)
    for r in result.reasons if result.payable is None else ():
        con.print(f"  [{r.rule}] {r.message}", markup=False, soft_wrap=True)
    if result.loses:
        con.print(f"  [bold red]warning[/] [704.5a] this leaves {result.player} at {result.life_after} life: "
                  "they lose the game when state-based actions are next checked", highlight=False)
    if result.enters_with is not None:
        con.print(f"  {result.enters_with.message}: its enters ability uses the spell's X; on the battlefield "
                  "its X is 0", highlight=False, markup=False)
    for n, a in enumerate(result.activations, 1):
        extra = f" paying {''.join('{' + u.type + '}' for u in a.paid_with)}" if a.paid_with else ""
        extra += f", sacrificing {a.sacrificed}" if a.sacrificed and a.sacrificed != a.source else ""
        extra += a.costs_note()
        con.print(f"  {n}. {a.source}: {a.ability} -> {''.join('{' + t + '}' for t in a.mana)}{extra}",
                  highlight=False, markup=False)
    for s in result.assignment:
        paid = ", ".join(f"{{{u.type}}} from {u.source}" for u in s.mana) or (f"{s.life} life" if s.life else "nothing")
        con.print(f"  {s.symbol} <- {paid}", highlight=False, markup=False)
    con.print(f"  untapped: {', '.join(result.untapped) or 'nothing'}", highlight=False)
    if result.floating:
        con.print(f"  floating: {''.join('{' + u.type + '}' for u in result.floating)}", highlight=False)
    for cost, ok in result.kept:
        con.print(f"  keep {cost}: {'still payable' if ok else 'NOT payable afterwards'}", highlight=False)
    common.print_unread(result, ("payable", "unpayable"))


def register(app: typer.Typer) -> None:
    app.command("pay")(pay)
