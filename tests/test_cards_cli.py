"""``mtgsolver cards coverage``: read / total per category of line, and unread samples."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.read.coverage import categories_of

runner = CliRunner()


def test_categories_of_lines():
    assert categories_of("{T}: Add {G}.", "Forest") == {"mana"}
    assert categories_of("Whenever City of Brass becomes tapped, it deals 1 damage to you.", "City of Brass") == {
        "mana_trigger"}
    assert categories_of("Boggart Brute can't be blocked except by two or more creatures.", "Boggart Brute") == {
        "combat"}
    assert categories_of("Creatures you control have menace.", "Goblin War Drums") == {"effects", "others_combat"}
    assert categories_of("Draw a card.", "X") == frozenset()


@pytest.mark.parametrize("name, line, expected", [
    ("Elvish Champion", "Other Elf creatures get +1/+1 and have forestwalk.", {"others_combat"}),
    ("Azorius Skyguard", "Creatures your opponents control get -1/-0.", {"others_combat"}),
    ("Moat", "Creatures without flying can't attack.", {"others_combat"}),
    ("Silent Arbiter", "No more than one creature can attack each combat.", {"others_combat"}),
    ("Liliana's Devotee", "Zombies you control get +1/+0.", {"others_combat"}),
    ("Hythonia", "As long as Hythonia is monstrous, other creatures you control get +1/+1.", {"others_combat"}),
    ("Blanchwood Armor", "Enchanted creature gets +1/+1 for each Forest you control.", {"others_combat"}),
    ("Blood Moon", "Nonbasic lands are Mountains.", {"others_mana"}),
    ("Urborg, Tomb of Yawgmoth", "Each land is a Swamp in addition to its other land types.", {"others_mana"}),
    ("Chromatic Lantern", 'Lands you control have "{T}: Add one mana of any color."', {"others_mana"}),
    ("Prismatic Omen", "Lands you control are every basic land type in addition to their other types.",
     {"others_mana"}),
    ("Esika, God of the Tree", 'Other legendary creatures you control have vigilance and "{T}: Add one mana of '
     'any color."', {"others_combat", "others_mana"}),
    # not about other permanents, not static, or the combat category's
    ("Sentinel", "Sentinel has menace as long as you control an artifact.", set()),
    ("Pack Leader", "Creatures you control get +1/+1 until end of turn.", set()),
    ("Pacifism", "Enchanted creature can't attack or block.", set()),
    ("Lord", "{1}: Other creatures you control get +1/+1.", set()),
    ("Lord", "Whenever you attack, creatures you control get +1/+1.", set()),
    ("Ashes of the Fallen", "Each creature card in your graveyard has the chosen creature type in addition to its "
     "other types.", set()),
    ("Ghostly Prison", "Creatures can't attack you unless their controller pays {2} for each creature they "
     "control that's attacking you.", {"others_combat"}),
])
def test_statics_on_other_permanents_categories(name: str, line: str, expected: set[str]) -> None:
    """The categories of statics on others: statics whose subject is other permanents (611.3a), about
    combat or about mana abilities and types (613.1d, 613.1f, 305.7)."""
    assert categories_of(line, name) & {"others_combat", "others_mana"} == expected


def test_coverage_of_a_card_file(tmp_path):
    cards = {"data": {
        "City of Brass": [{"name": "City of Brass", "type": "Land", "types": ["Land"], "text":
                           "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n"
                           "{T}: Add one mana of any color."}],
        "Kydele, Chosen of Kruphix": [{"name": "Kydele, Chosen of Kruphix", "type": "Legendary Creature",
                                       "types": ["Creature"],
                                       "text": "{T}: Add {C} for each card you've drawn this turn."}],
    }}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = runner.invoke(app, ["cards", "coverage", "--cards", str(path), "--json"])
    assert result.exit_code == 0, result.stdout
    out = json.loads(result.stdout)
    assert out["mana_trigger"]["read"] >= 1
    assert out["mana"]["total"] > out["mana"]["read"]
    assert any(u["card"] == "Kydele, Chosen of Kruphix" for u in out["mana"]["unread_sample"])
    human = runner.invoke(app, ["cards", "coverage", "--cards", str(path)])
    assert human.exit_code == 0 and "mana-ability lines" in human.stdout


def test_bad_card_file_exits_2(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["cards", "coverage", "--cards", str(path)])
    assert result.exit_code == 2
