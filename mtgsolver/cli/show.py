"""``mtgsolver show`` and ``mtgsolver schema``."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from mtgsolver.cli import common
from mtgsolver.cli.plain import escape

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model import Permanent


def _abilities_text(p: "Permanent") -> str:
    from mtgsolver.model import Static
    from mtgsolver.model.continuous import atom_text

    parts = sorted(p.keywords) + [f"protection from {q}" for q in sorted(p.protections)]
    for a in p.abilities:
        if isinstance(a, Static) and a.name == "grants":
            parts.append("grants " + ", ".join(atom_text(g) for g in a.value.gains))
        elif isinstance(a, Static) and a.name == "continuous":
            parts.append(a.value.text or str(a.value))
        else:
            parts.append(str(a) if isinstance(a, Static) else
                         f"{a.text} (unread)" if a.text in p.unread else a.text)
    return "\n".join(parts)


def show(
    board_path: Path = common.BoardArg,
    cards: Optional[Path] = common.CardsOpt,
    json_out: bool = common.JsonOpt,
) -> None:
    """Render a board: players, each player's permanents, effects, pools and combat; lines of
    rules text this project does not read are marked "(unread)"."""
    from mtgsolver.model.abilities import flow_text
    from mtgsolver.page.board_view import pool_text
    from mtgsolver.read.board_writer import effect_data
    from mtgsolver.rules.layers import changes_of

    b = common.board(board_path, cards, json_out)
    if json_out:
        from mtgsolver.page.board_view import board_json

        common.emit_json(board_json(b))
        return
    con = common.console
    con.print(f"[bold]{board_path}[/]  active player: [bold]{b.active_player}[/]")
    for pl in b.players:
        table = common.table("id", "name", "type", "colors", "cost", "P/T", "state", "abilities")
        energy = f", {pl.energy} energy" if pl.energy else ""
        table.title, table.title_justify = f"{pl.name}: {pl.life} life, {pl.poison} poison{energy}", "left"
        for p in b.controlled_by(pl.name):
            pt = f"{p.power}/{p.toughness}" if p.power is not None else ""
            state = ", ".join(s for s, on in (("tapped", p.tapped), ("summoning sick", p.summoning_sick),
                                              (f"on {p.attached_to}", p.attached_to)) if on)
            counters = ", ".join(f"{k}: {v}" for k, v in p.counters.items())
            kinds = " ".join(sorted(p.supertypes) + sorted(p.types))
            if p.subtypes:
                kinds += " — " + " ".join(sorted(p.subtypes))
            colors = " ".join(c.word for c in sorted(p.colors, key=lambda c: "WUBRG".index(c.value)))
            table.add_row(p.id, p.name, kinds, colors, str(p.mana_cost or ""), pt,
                          "; ".join(x for x in (state, counters) if x), escape(_abilities_text(p)))
        con.print(table)
        for p in b.controlled_by(pl.name):
            for c in changes_of(b, p.id):
                con.print(f"  {p.id}: {c.what} from {c.source_name} ({c.source}; layer {c.layer}, {c.rule}, "
                          f"timestamp {c.timestamp})", markup=False)
        pool = b.pool(pl.name)
        if pool:
            con.print(f"  mana pool: {pool_text(pool)}")
    if b.effects:
        con.print("[bold]effects[/]")
        for e in b.effects:
            fields = ", ".join(f"{k}={flow_text(v)}" for k, v in effect_data(e).items() if k != "kind")
            con.print(f"  {e.kind}: {escape(fields)}")
    if b.combat:
        con.print("[bold]combat[/]")
        for a in b.combat.attackers:
            con.print(f"  {a.creature} attacks {a.target}" if a.target is not None else
                      f"  {a.creature} attacks nothing ({a.defender} defending; 506.4c)")
        for x in b.combat.blockers or ():
            con.print(f"  {x.creature} blocks {', '.join(x.blocks)}")


def schema() -> None:
    """Print the JSON Schema of board files."""
    from mtgsolver.read.board_file import board_json_schema

    common.emit_json(board_json_schema())


def register(app: typer.Typer) -> None:
    app.command("show")(show)
    app.command("schema")(schema)
