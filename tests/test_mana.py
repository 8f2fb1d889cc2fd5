"""Mana symbols and costs (CR 107.4, 202.2, 202.3)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.model.mana import Color, ManaCost, ManaCostError, ManaSymbol, parse_mana_type


@pytest.mark.parametrize(
    "text, kind, mana_value, colors",
    [
        ("{3}", "generic", 3, ""),
        ("{0}", "generic", 0, ""),  # 107.4d
        ("{W}", "colored", 1, "W"),
        ("{C}", "colorless", 1, ""),  # 107.4c
        ("{X}", "variable", 0, ""),  # 202.3e: X is 0
        ("{Y}", "variable", 0, ""),
        ("{W/U}", "hybrid", 1, "WU"),  # 107.4e
        ("{2/B}", "monocolored_hybrid", 2, "B"),  # 202.3f: the largest component
        ("{C/G}", "colorless_hybrid", 1, "G"),
        ("{R/P}", "phyrexian", 1, "R"),  # 107.4f
        ("{G/U/P}", "hybrid_phyrexian", 1, "GU"),
        ("{S}", "snow", 1, ""),  # 107.4h: snow is neither a color nor a type
    ],
)
def test_every_symbol_kind(text: str, kind: str, mana_value: int, colors: str) -> None:
    cost = ManaCost.parse(text)
    (sym,) = cost.symbols
    assert sym.kind == kind
    assert cost.mana_value == mana_value
    assert {c.value for c in cost.colors} == set(colors)
    assert str(cost) == text


def test_hybrid_prints_in_canonical_order() -> None:
    # 107.4 lists {W/U}, {R/W}, {G/U} ...; {U/W} is the same symbol
    assert str(ManaCost.parse("{U/W}{W/R}{u/g/p}")) == "{W/U}{R/W}{G/U/P}"


def test_rules_example_hybrid_payment_options() -> None:
    # 107.4e Example: {G/W}{G/W} can be paid by spending {G}{G}, {G}{W}, or {W}{W}.
    sym = ManaCost.parse("{G/W}").symbols[0]
    assert set(sym.options) == {"G", "W"} and not sym.phyrexian


def test_rules_example_phyrexian() -> None:
    # 107.4f Example: {W/P}{W/P} is paid by {W}{W}, {W} and 2 life, or 4 life.
    cost = ManaCost.parse("{W/P}{W/P}")
    assert all(s.phyrexian and s.options == ("W",) for s in cost.symbols)
    assert cost.mana_value == 2


def test_mana_value_and_colors_of_a_whole_cost() -> None:
    cost = ManaCost.parse("{X}{X}{2}{W}{U/P}{2/B}")
    assert cost.mana_value == 0 + 0 + 2 + 1 + 1 + 2
    assert cost.colors == {Color.W, Color.U, Color.B}
    assert cost.variables == ("X", "X")
    assert cost.generic == 2
    assert str(cost.with_x(3)) == "{3}{3}{2}{W}{U/P}{2/B}"


def test_empty_cost() -> None:
    assert ManaCost.parse("") == ManaCost() and ManaCost.parse("").mana_value == 0


@pytest.mark.parametrize(
    "text, symbol",
    [("{2}{Q}", "{Q}"), ("{W/W}", "{W/W}"), ("{2/C}", "{2/C}"), ("{W/U/B}", "{W/U/B}"), ("{}", "{}"),
     ("2W", "2W"), ("{2}W", "W"), ("{W", "{W"), ("{W/P/U}", "{W/P/U}"), ("{C/P}", "{C/P}")],
)
def test_unparseable_costs_name_the_symbol(text: str, symbol: str) -> None:
    with pytest.raises(ManaCostError) as info:
        ManaCost.parse(text)
    assert info.value.symbol == symbol
    assert symbol in str(info.value) and text in str(info.value)


def test_mana_types() -> None:
    assert [parse_mana_type(t) for t in ("g", "Green", "colorless", "C")] == ["G", "G", "C", "C"]
    with pytest.raises(ValueError):
        parse_mana_type("purple")


_symbols = st.sampled_from(
    ["{0}", "{1}", "{2}", "{10}", "{X}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{S}", "{W/U}", "{B/G}",
     "{2/W}", "{C/R}", "{W/P}", "{G/U/P}"]
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_symbols, max_size=8))
def test_print_parse_round_trip(parts: list[str]) -> None:
    cost = ManaCost.parse("".join(parts))
    assert ManaCost.parse(str(cost)) == cost
    assert cost.mana_value == sum(ManaCost.parse(p).mana_value for p in parts)
    assert isinstance(cost.symbols, tuple) and all(isinstance(s, ManaSymbol) for s in cost.symbols)
