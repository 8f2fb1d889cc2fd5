"""Precision of the combat grammar: 50 lines drawn at random (``random.Random(20261130)``, from
the sorted (card, line) pairs) among the 2022 pool's static combat lines read
(``mtgsolver.read.coverage``), each with the entries it must read
(tests/data/combat_precision.json, checked by hand against 506.5, 508.1c-d, 509.1b-d, 611.3b,
613.1f, 702). A line read wrongly is worse than a line left unread, so entries compare whole."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsolver.read.oracle import parse_oracle_text

ROWS = json.loads((Path(__file__).parent / "data" / "combat_precision.json").read_text(encoding="utf-8"))


def test_the_sample_is_50_distinct_draws() -> None:
    assert len({(r["card"], r["line"]) for r in ROWS}) == 50


@pytest.mark.parametrize("row", ROWS, ids=[f"{i:02d}-{r['card']}" for i, r in enumerate(ROWS)])
def test_line_reads_exactly(row: dict) -> None:
    assert parse_oracle_text(row["line"], row["card"]) == (row["read"], [])
