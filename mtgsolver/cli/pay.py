"""``mtgsolver pay``: pay a mana cost from a board exactly (CR 106, 107.4, 601.2g-h, 605)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common, svg

OBJECTIVE_HELP = ("Objective levels, best first, comma separated, from: keep, x, life, sacrifice, "
                  "creatures, sources, floating (default: all, in that order).")


def pay(
    board_path: Path = common.BoardArg,
    cost: Optional[str] = typer.Option(None, "--cost", metavar="COST", show_default=False,
                                       help='The mana cost to pay, e.g. "{2}{W}{U/P}" (default: the mana cost of --card).'),
    player: Optional[str] = typer.Option(None, "--player", metavar="PLAYER", help="Who pays (default: the active player)."),
    keep: list[str] = typer.Option([], "--keep", metavar="COST", show_default=False,
                                   help='A cost to keep payable afterwards, e.g. "{U}{U}" (repeatable).'),
    x: Optional[int] = typer.Option(None, "--x", min=0, metavar="N", help="The value of X."),
    max_x: bool = typer.Option(False, "--max-x", help="Find the largest payable X.", show_default=False),
    spell: Optional[str] = typer.Option(None, "--spell", metavar="WORDS", help='What the mana is for, for spending '
                                        'restrictions (106.6): types and colors, e.g. "creature elf green".'),
    card_name: Optional[str] = typer.Option(None, "--card", metavar="NAME", help="The card the cost is for (a card "
                                            "in the player's hand, by id or name, or any known card): its types "
                                            "and colors for spending restrictions (106.6), and with X what its "
                                            "permanent enters with (107.3m)."),
    objective: Optional[str] = typer.Option(None, "--objective", metavar="LEVELS", help=OBJECTIVE_HELP),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
    time_limit: float = common.TimeOpt,
    strict: bool = common.StrictOpt,
    picture: Optional[Path] = svg.SvgOpt,
) -> None:
    """Pay COST from the board: which mana abilities to activate, in order, and what pays each symbol.

    Exit status 0 when the cost can be paid, 1 when it can't (with the reasons), 2 on bad input,
    3 undecided (a time limit, or unread card text that could change the answer).
    """
    b = common.board(board_path, cards, json_out)
    if x is not None and max_x:
        common.fail("give --x or --max-x, not both", json_out)
    if player is not None and not b.is_player(player):
        common.fail(f"--player: unknown player {player!r}; the board has {', '.join(p.name for p in b.players)}",
                    json_out)
    card = _card(b, card_name, player or b.active_player, cards, json_out) if card_name is not None else None
    if cost is None:
        if card is None or card.mana_cost is None:
            common.fail("--cost: missing; give the cost to pay, or --card NAME of a card with a mana cost", json_out)
        cost = str(card.mana_cost)
    parsed = common.cost(cost, "--cost", json_out, allow_x=x is not None or max_x)
    kept = [common.cost(k, "--keep", json_out) for k in keep]
    levels = [o.strip() for o in objective.split(",") if o.strip()] if objective else None
    from mtgsolver.solver.payment import pay as solve_pay
    from mtgsolver.solver.payment import spell_info

    try:
        info = spell_info(spell) if spell is not None else None
        result = solve_pay(b, parsed, player, keep=kept, x=x, maximize_x=max_x, spell=info,
                           time_limit=time_limit, objective=levels, card=card)
    except ValueError as exc:
        common.fail(str(exc), json_out)
    common.check_strict(result, strict, json_out)
    if picture is not None:  # the pictures module loads only when asked for
        from mtgsolver.pictures import payment_svg

        svg.write(picture, payment_svg, b, result, json_out)
    if json_out:
        common.emit_json(result.to_dict())
    else:
        _print(result)
    raise typer.Exit(common.exit_status(result.payable))


def _card(b, name: str, player: str, cards: Optional[Path], json_out: bool):  # type: ignore[no-untyped-def]
    """The card ``--card`` names: in ``player``'s hand (id or name), else from the known cards."""
    for zc in b.zones[player].hand:
        if name.lower() in (zc.id.lower(), zc.card.name.lower()):
            return zc.card
    from mtgsolver.model import UnknownCardError

    try:
        return common.library(cards, json_out).get(name)
    except UnknownCardError as exc:
        common.fail(f"--card: {exc}", json_out)


def _print(result) -> None:
    con = common.console
    if result.payable is None and result.as_read is None:
        con.print(f"[bold yellow]{result.cost}[/]: no answer within the time limit for {result.player}")
        for r in result.reasons:
            con.print(f"  [{r.rule}] {r.message}", markup=False, soft_wrap=True)
        return
    if not (result.payable or result.as_read):
        verdict = "can't be paid" if result.payable is False else "undecided: can't be paid with the text read"
        con.print(f"[bold red]{result.cost}[/] {verdict} by {result.player}")
        for r in result.reasons:
            con.print(f"  [{r.rule}] {r.message}", markup=False, soft_wrap=True)
        common.print_unread(result, ("payable", "unpayable"))
        return
    can = "can be paid" if result.payable else "undecided: can be paid with the text read"
    head = f"[bold {'green' if result.payable else 'yellow'}]{result.cost}[/] {can} by {result.player}"
    if result.x is not None:
        head += f" with X = {result.x}"
    if result.life_paid:
        head += f", paying {result.life_paid} life"
    if result.damage:
        head += f", taking {result.damage} damage from its mana sources"
    con.print(head + ("" if result.optimal else " (not proven optimal: time limit)"), highlight=False)
    if result.loses:
        con.print(f"  [bold red]warning[/] [704.5a] this leaves {result.player} at {result.life_after} life: "
                  "they lose the game when state-based actions are next checked", highlight=False)
    if result.enters_with is not None:
        con.print(f"  {result.enters_with.message}: its enters ability uses the spell's X; on the battlefield "
                  "its X is 0", highlight=False, markup=False)
    for n, a in enumerate(result.activations, 1):
        extra = f" paying {''.join('{' + u.type + '}' for u in a.paid_with)}" if a.paid_with else ""
        extra += f", sacrificing {a.sacrificed}" if a.sacrificed and a.sacrificed != a.source else ""
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
