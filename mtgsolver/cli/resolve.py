"""``mtgsolver resolve``: the board after spells are cast and abilities activated, and all they
trigger, resolve (601, 602, 603, 608, 704), written as a board file on stdout so that answers
compose: ``mtgsolver resolve b.yaml --cast "Giant Growth>bears" | mtgsolver blocks check -``."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import click
import typer
from typer.core import TyperCommand

from mtgsolver.cli import common

#: the options that are actions, in the order given on the command line
ACTIONS = ("cast", "activate", "respond")


class OrderedActions(TyperCommand):
    """A command that keeps the order in which its action options were given
    (``ctx.meta["actions"]``): ``--cast A --activate B --cast C`` is A, B, C."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _, _, order = self.make_parser(ctx).parse_args(args=list(args))
        ctx.meta["actions"] = [p.name for p in order if p.name in ACTIONS]
        return super().parse_args(ctx, args)


def resolve(
    ctx: typer.Context,
    board_path: Path = common.BoardArg,
    cast: list[str] = typer.Option([], "--cast", metavar="NAME>TARGETS", show_default=False,
                                   help='Cast a card in a hand (name or id); TARGETS: ids and players, "," between '
                                        'targets, ";" between target slots, ID:N to divide damage (repeatable).'),
    activate: list[str] = typer.Option([], "--activate", metavar="ID[:N]>TARGETS", show_default=False,
                                       help="Activate the N-th activated ability (from 1) of permanent ID "
                                            "(repeatable)."),
    respond: list[str] = typer.Option([], "--respond", metavar="ACTION", show_default=False,
                                      help='"cast NAME>TARGETS" or "activate ID:N>TARGETS" while the action before '
                                           "is still on the stack (117.3c; repeatable)."),
    x: list[int] = typer.Option([], "--x", metavar="N", show_default=False,
                                help="The value of X, for the actions with X in order (repeatable)."),
    mode: list[str] = typer.Option([], "--mode", metavar="M", show_default=False,
                                   help='The modes, e.g. 2 or 1,3 (from 1), for the modal actions in order (repeatable).'),
    free: bool = typer.Option(False, "--free", show_default=False, help="Cast without paying mana costs."),
    choose: list[str] = typer.Option([], "--choose", metavar="KEY=OPTION", show_default=False,
                                     help="A choice a player makes (the keys an undecided answer names; repeatable)."),
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = typer.Option(False, "--json", show_default=False, help="Write the board as JSON."),
    time_limit: float = common.TimeOpt,
    strict: bool = common.StrictOpt,
) -> None:
    """The board after the spells and abilities resolve, as a board file on stdout (YAML; JSON
    with --json); what happened, each with its rule, on stderr.

    Exit status 0 resolved, 1 an action is illegal, 2 bad input, 3 undecided (a choice that
    matters and no --choose, or unread card text that could change the board; the board on the
    text read is still written).
    """
    from mtgsolver.commands import run
    from mtgsolver.model import OptionError, UserError

    given = {"cast": iter(cast), "activate": iter(activate), "respond": iter(respond)}
    order = ctx.meta.get("actions", [])
    actions = [_action(kind, next(given[kind])) for kind in order]
    options = dict(actions=actions, x=x, mode=mode, free=free, choose=choose, time_limit=time_limit, strict=strict)
    known = common.library(cards)
    loaded = common.board(board_path, cards, known=known)
    try:
        done = run("resolve", loaded, options, library=known)
    except OptionError as exc:
        common.fail(exc.text(_flag))
    except UserError as exc:
        common.fail(str(exc))
    result = done.result
    _report(result)
    if result.board_file is not None:
        _write(result.board_file, json_out)
    raise typer.Exit(done.exit)


def _action(kind: str, value: str) -> str:
    return f"respond {value}" if kind == "respond" else f"{kind} {value}"


def _flag(option: str) -> str:
    return {"actions": "--cast/--activate", "choose": "--choose"}.get(option) or common.flag(option)


def _report(result: Any) -> None:
    """What happened, and the verdict, on stderr."""
    err = common.err_console
    for s in result.steps:
        err.print(f"[{s.rule}] {s.message}", markup=False, highlight=False, soft_wrap=True)
    if result.resolved is False:
        err.print(f"illegal: {result.reason.message} ({result.reason.rule})", markup=False, soft_wrap=True)
    elif result.resolved is None and result.reason is not None:
        err.print(f"undecided: {result.reason.message} ({result.reason.rule})", markup=False, soft_wrap=True)
        for c in result.choices:
            err.print(f"  --choose {c.key}=OPTION, OPTION one of: {' | '.join(c.options)}", markup=False,
                      soft_wrap=True)
    if result.unread:
        verdict = "undecided: the board is the one on the text read; these unread lines could change it" \
            if result.as_read is not None else "unread lines that could bear on it"
        err.print(f"{verdict} (docs/unread.md):", markup=False, soft_wrap=True)
        for u in result.unread:
            err.print(f"  {u.permanent}: {u.line}", markup=False, soft_wrap=True)


def _write(data: dict[str, Any], json_out: bool) -> None:
    if json_out:
        common.emit_json(data)
        return
    import yaml

    common.console.print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120).rstrip("\n"),
                         markup=False, highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("resolve", cls=OrderedActions)(resolve)
