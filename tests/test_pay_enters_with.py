"""``pay --max-x --card``: what a permanent spell with X would enter with (107.3m).

Seed rulings 000-004 (../shared/rules/seeds): "If an object's enters-the-battlefield triggered
ability or replacement effect refers to X, and the spell that became that object as it resolved
had a value of X chosen for any of its costs, the value of X for that ability is the same as the
value of X for that spell, although the value of X for that permanent is 0."
"""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import parse_board_text
from mtgsolver.read.card_files import bundled_library
from mtgsolver.solver.payment import pay

BOARD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: [Hangarback Walker]}}
battlefield:
  - {id: f1, card: Forest, controller: alice}
  - {id: f2, card: Forest, controller: alice}
  - {id: f3, card: Forest, controller: alice}
  - {id: ring, card: Sol Ring, controller: alice}
"""


@pytest.mark.parametrize(("card", "cost", "x"), [
    ("Endless One", "{X}", 5),  # five mana: X = 5
    ("Hangarback Walker", "{X}{X}", 2),  # {X}{X} from five mana: X = 2
    ("Walking Ballista", "{X}{X}", 2),
])
def test_107_3m_max_x_enters_with_the_spells_x(card: str, cost: str, x: int) -> None:
    """107.3m: the permanent enters with X +1/+1 counters, X being the spell's largest payable X."""
    board = parse_board_text(BOARD, "b.yaml")
    r = pay(board, cost, maximize_x=True, card=bundled_library().get(card))
    assert r.payable and r.x == x
    assert r.enters_with is not None and (r.enters_with.card, r.enters_with.counters) == (card, x)
    assert r.to_dict()["enters_with"] == {"card": card, "counters": {"+1/+1": x}, "rule": "107.3m",
                                          "message": f"{card} enters with {x} +1/+1 counters (107.3m)"}


def test_no_enters_with_without_a_card_or_for_a_card_without_the_line() -> None:
    board = parse_board_text(BOARD, "b.yaml")
    assert pay(board, "{X}", maximize_x=True).enters_with is None
    ring = pay(board, "{X}", maximize_x=True, card=bundled_library().get("Sol Ring"))
    assert ring.x == 5 and ring.enters_with is None  # no "enters with X +1/+1 counters" line


def test_cli_max_x_with_card_from_the_library(board_file) -> None:
    """The largest X for {X}{G} and what Endless One enters with."""
    path = board_file(BOARD)
    out = CliRunner().invoke(app, ["pay", str(path), "--cost", "{X}{G}", "--max-x", "--card", "Endless One"])
    assert out.exit_code == 0, out.output
    assert "with X = 4" in out.output
    assert "Endless One enters with 4 +1/+1 counters (107.3m)" in out.output


def test_cli_card_from_the_hand_gives_the_cost(board_file) -> None:
    """--card names a card in the player's hand (by id); its mana cost is paid when --cost is omitted."""
    path = board_file(BOARD)
    out = CliRunner().invoke(app, ["pay", str(path), "--max-x", "--card", "alice.hand[0]", "--json"])
    data = json.loads(out.output)
    assert out.exit_code == 0 and data["cost"] == "{X}{X}" and data["x"] == 2
    assert data["enters_with"]["card"] == "Hangarback Walker" and data["enters_with"]["counters"] == {"+1/+1": 2}
    fixed = json.loads(CliRunner().invoke(app, ["pay", str(path), "--x", "1", "--card", "Walking Ballista",
                                                "--json"]).output)
    assert fixed["enters_with"]["counters"] == {"+1/+1": 1}


def test_cli_bad_card_and_missing_cost_exit_2(board_file) -> None:
    path = board_file(BOARD)
    bad = CliRunner().invoke(app, ["pay", str(path), "--max-x", "--card", "No Such Card Here", "--json"])
    assert bad.exit_code == 2 and "--card" in json.loads(bad.output)["error"]
    missing = CliRunner().invoke(app, ["pay", str(path), "--max-x", "--json"])
    assert missing.exit_code == 2 and "--cost" in json.loads(missing.output)["error"]
