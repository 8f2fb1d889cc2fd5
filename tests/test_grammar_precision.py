"""Precision of the mana grammar: 150 lines drawn at random (``random.Random(20260417)``) from
the 2022 pool's mana-ability lines the grammar reads, each with the structure it must read
(tests/data/grammar_precision.json, checked by hand against 106, 107, 118, 119, 602, 605).
A line read wrongly is worse than a line left unread, so every field is compared."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from mtgsolver.model.mana_abilities import ManaAbility
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.read.oracle import parse_oracle_text

ROWS = json.loads((Path(__file__).parent / "data" / "grammar_precision.json").read_text(encoding="utf-8"))
ADDED = json.loads((Path(__file__).parent / "data" / "grammar_precision_added.json").read_text(encoding="utf-8"))


def encode(a: ManaAbility) -> dict[str, Any]:
    """The ability as plain data: cost parts and product without empty fields, then the
    sentences that matter (spending, damage, condition, timing, riders)."""
    out: dict[str, Any] = {
        "costs": [{k: (str(c.mana) if k == "mana" else v) for k, v in asdict(c).items()
                   if v not in (None, False, 0) or k == "kind"} for c in a.costs],
        "product": {type(a.product).__name__: {k: v for k, v in asdict(a.product).items()
                                               if v not in ((), None, False, "")}},
    }
    for key in ("spend_only", "spend_abilities", "damage", "condition", "timing", "per_turn", "life_loss", "extra"):
        value = getattr(a, key)
        if value in (None, False, 0, ()):
            continue
        if isinstance(value, frozenset):
            value = sorted(value)
        elif hasattr(value, "__dataclass_fields__"):  # a condition: its default flags left out
            value = {k: v for k, v in asdict(value).items() if v not in (False, ())}
        elif isinstance(value, tuple):
            value = list(value)
        out[key] = value
    return out


def test_the_sample_is_150_distinct_draws():
    assert len(ROWS) == 150


@pytest.mark.parametrize("row", ADDED, ids=[f"added-{i:02d}-{r['card']}" for i, r in enumerate(ADDED)])
def test_added_line_reads_exactly(row):
    """Every line the 2026-11-30 grammar change made readable (34 mana abilities, 21 "tapped
    for mana" triggers, 106.12a, 7 Auras harming the tapped permanent's controller), each checked by hand against its card's rulings."""
    if "entries" in row:
        assert parse_oracle_text(row["line"], row["card"]) == (row["entries"], [])
    else:
        assert json.loads(json.dumps(encode(parse_mana_ability(row["line"], row["card"])))) == row["read"]


@pytest.mark.parametrize("row", ROWS, ids=[f"{i:03d}-{r['card']}" for i, r in enumerate(ROWS)])
def test_line_reads_exactly(row):
    got = json.loads(json.dumps(encode(parse_mana_ability(row["line"], row["card"]))))
    assert got == row["read"]
