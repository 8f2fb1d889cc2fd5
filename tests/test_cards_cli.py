"""``mtgsolver cards coverage``: read / total per category of line, and unread samples."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.model.grammar.coverage import categories_of

runner = CliRunner()


def test_categories_of_lines():
    assert categories_of("{T}: Add {G}.", "Forest") == {"mana"}
    assert categories_of("Whenever City of Brass becomes tapped, it deals 1 damage to you.", "City of Brass") == {
        "mana_trigger"}
    assert categories_of("Boggart Brute can't be blocked except by two or more creatures.", "Boggart Brute") == {
        "combat"}
    assert categories_of("Creatures you control have menace.", "Goblin War Drums") == {"effects"}
    assert categories_of("Draw a card.", "X") == frozenset()


def test_coverage_of_a_card_file(tmp_path):
    cards = {"data": {
        "City of Brass": [{"name": "City of Brass", "type": "Land", "types": ["Land"], "text":
                           "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n"
                           "{T}: Add one mana of any color."}],
        "River of Tears": [{"name": "River of Tears", "type": "Land", "types": ["Land"],
                            "text": "{T}: Add {U}. If you played a land this turn, add {B} instead."}],
    }}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = runner.invoke(app, ["cards", "coverage", "--cards", str(path), "--json"])
    assert result.exit_code == 0, result.stdout
    out = json.loads(result.stdout)
    assert out["mana_trigger"]["read"] >= 1
    assert out["mana"]["total"] > out["mana"]["read"]
    assert any(u["card"] == "River of Tears" for u in out["mana"]["unread_sample"])
    human = runner.invoke(app, ["cards", "coverage", "--cards", str(path)])
    assert human.exit_code == 0 and "mana-ability lines" in human.stdout


def test_bad_card_file_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["cards", "coverage", "--cards", str(path)])
    assert result.exit_code == 2
