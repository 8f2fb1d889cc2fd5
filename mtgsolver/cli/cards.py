"""``mtgsolver cards coverage``: how much of a card pool's rules text the grammars read."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common

_TITLES = {"mana": "mana-ability lines (605.1a)", "combat": "static combat lines (508.1, 509.1)",
           "effects": "statics that affect other permanents (604, 613)",
           "mana_trigger": "triggered mana lines (605.1b, 106.12a)",
           "others_combat": "statics on others: combat (613, 508.1, 509.1)",
           "others_mana": "statics on others: mana abilities and types (613.1d, 305.7)",
           "spell": "instant and sorcery cards read whole (608.2)",
           "activated": "activated abilities, not mana abilities (602, 606)",
           "triggered": "triggered abilities (603)"}


def register(app: typer.Typer) -> None:
    cards_app = typer.Typer(help="The card pool: what the Oracle grammars read.", no_args_is_help=True)
    app.add_typer(cards_app, name="cards")

    @cards_app.command("coverage")
    def coverage(cards: Optional[Path] = common.CardsOpt, json_out: bool = common.JsonOpt,
                 sample: int = typer.Option(5, "--sample", min=0, help="Unread lines shown per category.")) -> None:
        """Per category of line: read / total and a sample of the lines left unread. Cards: the
        bundled library plus --cards (or $MTGSOLVER_CARDS)."""
        from mtgsolver.read.coverage import CATEGORIES, measure

        result = measure(common.library(cards, json_out).cards())
        if json_out:
            common.emit_json(result.to_dict(sample))
            return
        from rich.table import Table

        table = Table(title="Oracle text read by the grammars")
        for col in ("category", "read", "total", "share"):
            table.add_column(col, justify="left" if col == "category" else "right")
        for c in CATEGORIES:
            share = f"{result.read[c] / result.total[c]:.1%}" if result.total[c] else "-"
            table.add_row(_TITLES[c], f"{result.read[c]:,}", f"{result.total[c]:,}", share)
        common.console.print(table)
        for c in CATEGORIES:
            if result.unread[c][:sample]:
                common.console.print(f"[bold]unread {_TITLES[c]}[/] (first {min(sample, len(result.unread[c]))}):")
                for name, line in result.unread[c][:sample]:
                    common.console.print(f"  {name}: {line}", highlight=False, markup=False)
