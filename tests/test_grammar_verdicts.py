"""Verdicts that depend on reading Oracle text exactly, on real cards from the
2022 MTGJSON pool (written to a small card file and passed with ``--cards``): commander
color identity (903.4), City of Brass's damage trigger (603.2, 119.4), life costs limited by
life (119.4), "a token named Wood" (111.1, 201.2), MTGJSON's bare "Landwalk" (702.14a) and
"protection from black and from green" (702.16g)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import load_board
from mtgsolver.read.card_files import library_from_card_file
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.payment import pay

NAMES = ["Command Tower", "Arcane Signet", "Wastes", "Chromatic Lantern", "City of Brass", "Jungle Patrol",
         "River Boa", "Mirran Crusader", "Grizzly Bears", "Island", "Forest", "Llanowar Elves", "Azusa, Lost but Seeking"]
runner = CliRunner()


@pytest.fixture(scope="module")
def cards(atomic_cards: Path, tmp_path_factory) -> Path:
    """The real cards of these tests, as a small MTGJSON AtomicCards file."""
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    path = tmp_path_factory.mktemp("cards") / "cards.json"
    path.write_text(json.dumps({"data": {n: data[n] for n in NAMES}}), encoding="utf-8")
    return path


def _board(tmp_path: Path, body: str, players: str = "[{name: a}, {name: b}]") -> Path:
    path = tmp_path / "board.yaml"
    path.write_text(f"version: 1\nactive_player: a\nplayers: {players}\nbattlefield:\n{body}", encoding="utf-8")
    return path


def _pay(cards: Path, board: Path, cost: str):
    result = runner.invoke(app, ["pay", str(board), "--cost", cost, "--cards", str(cards), "--json"])
    return result.exit_code, json.loads(result.stdout)


TOWER = """  - {id: tower, card: Command Tower, controller: a}
  - {id: signet, card: Arcane Signet, controller: a}
  - {id: wastes, card: Wastes, controller: a}
  - {id: lantern, card: Chromatic Lantern, controller: a}
"""


def test_903_4_command_tower_and_arcane_signet_make_the_commanders_colors(cards, tmp_path):
    board = _board(tmp_path, TOWER, "[{name: a, commander: 'Azusa, Lost but Seeking'}, {name: b}]")
    code, out = _pay(cards, board, "{G}{G}")
    assert code == 0 and out["payable"] is True
    no_lantern = _board(tmp_path, TOWER.replace("  - {id: lantern, card: Chromatic Lantern, controller: a}\n", ""),
                        "[{name: a, commander: 'Azusa, Lost but Seeking'}, {name: b}]")
    code, out = _pay(cards, no_lantern, "{G}{G}")
    assert code == 0 and {a["source"] for a in out["activations"]} == {"tower", "signet"}
    board = _board(tmp_path, TOWER, "[{name: a, commander: 'Azusa, Lost but Seeking'}, {name: b}]")
    r = pay(load_board(board, library_from_card_file(cards)), "{G}{G}{G}")
    assert r.payable  # Chromatic Lantern's own "{T}: Add one mana of any color." is the third


def test_903_4f_without_a_commander_the_tower_adds_nothing(cards, tmp_path):
    no_lantern = _board(tmp_path, TOWER.replace("  - {id: lantern, card: Chromatic Lantern, controller: a}\n", ""))
    code, out = _pay(cards, no_lantern, "{G}{G}")
    assert code == 1 and out["payable"] is False  # the Tower adds nothing, Signet and Wastes no {G}
    # Chromatic Lantern: "Lands you control have '{T}: Add one mana of any color.'" (613.1f)
    # gives the Tower and the Wastes a {G} each, and its own ability makes a third
    code, out = _pay(cards, _board(tmp_path, TOWER), "{G}{G}")
    assert code == 0 and out["payable"] is True


def test_603_2_city_of_brass_damage_counts_at_one_life(cards, tmp_path):
    """At 1 life, tapping City of Brass for {R} would deal its controller 1 damage."""
    board = _board(tmp_path, "  - {id: city, card: City of Brass, controller: a}", "[{name: a, life: 1}, {name: b}]")
    lib = library_from_card_file(cards)
    b = load_board(board, lib)
    assert [a.value for a in b.permanent("city").abilities if getattr(a, "name", "") == "damage_when_tapped"] == [1]
    r = pay(b, "{R}")
    assert r.payable and r.damage == 1  # counted like Ancient Tomb's damage (605.3b)
    with_forest = _board(tmp_path, "  - {id: city, card: City of Brass, controller: a}\n"
                                   "  - {id: forest, card: Forest, controller: a}", "[{name: a, life: 1}, {name: b}]")
    code, out = _pay(cards, with_forest, "{G}")
    assert code == 0 and [a["source"] for a in out["activations"]] == ["forest"] and out["damage"] == 0


def test_119_4_pay_life_for_mana_is_limited_by_life(tmp_path):
    text = "'Pay 3 life: Add {R}.'"
    board = _board(tmp_path, f"  - {{id: s, name: Shrine, types: [artifact], controller: a, text: {text}}}",
                   "[{name: a, life: 7}, {name: b}]")
    b = load_board(board)
    assert pay(b, "{R}{R}").payable and pay(b, "{R}{R}").life_paid == 6
    assert pay(b, "{R}{R}{R}").payable is False  # 9 life needed, 7 there (119.4)


def test_111_1_a_token_named_wood(cards, tmp_path):
    patrol = "  - {id: patrol, card: Jungle Patrol, controller: a}\n"
    wood = ("  - {id: wood, name: Wood, types: [creature], subtypes: [wall], power: 0, toughness: 1, "
            "keywords: [defender], colors: [green], token: true, controller: a}\n")
    code, out = _pay(cards, _board(tmp_path, patrol + wood), "{R}")
    assert code == 0 and out["activations"][0]["source"] == "patrol" and "wood" in json.dumps(out)
    bears = "  - {id: bears, card: Grizzly Bears, controller: a}\n"
    code, out = _pay(cards, _board(tmp_path, patrol + bears), "{R}")
    assert code == 1  # Grizzly Bears is no token named Wood


def test_702_14a_bare_landwalk_from_mtgjson_is_not_an_ability(cards, tmp_path):
    """River Boa lists "Islandwalk" and "Landwalk": it is blockable unless an Island is there."""
    body = """  - {id: boa, card: River Boa, controller: a}
  - {id: bears, card: Grizzly Bears, controller: b}
  - {id: forest, card: Forest, controller: b}
combat:
  attackers: [{creature: boa, target: b}]
  blockers: [{creature: bears, blocks: [boa]}]
"""
    lib = library_from_card_file(cards)
    b = load_board(_board(tmp_path, body), lib)
    assert b.permanent("boa").keywords == {"islandwalk"}
    assert check_blocks(b).legal is True
    result = runner.invoke(app, ["blocks", "check", str(tmp_path / "board.yaml"), "--cards", str(cards)])
    assert result.exit_code == 0


def test_702_16g_protection_from_black_and_from_green(cards, tmp_path):
    body = """  - {id: crusader, card: Mirran Crusader, controller: a}
  - {id: bears, card: Grizzly Bears, controller: b}
combat:
  attackers: [{creature: crusader, target: b}]
  blockers: [{creature: bears, blocks: [crusader]}]
"""
    b = load_board(_board(tmp_path, body), library_from_card_file(cards))
    crusader = b.permanent("crusader")
    assert crusader.protections == {"black", "green"} and "double_strike" in crusader.keywords
    assert check_blocks(b).legal is False  # 702.16f: green Grizzly Bears can't block it
    result = runner.invoke(app, ["blocks", "check", str(tmp_path / "board.yaml"), "--cards", str(cards)])
    assert result.exit_code == 1


def test_704_5a_a_payment_that_kills_its_payer_says_so(cards, tmp_path):
    """City of Brass at 1 life: the payment is legal (119.4 limits only life paid), but its
    damage (603.2, counted like Ancient Tomb's) leaves the payer at 0 life: the answer says
    they lose (704.5a); with a Forest beside it, {G} never taps the City."""
    board = _board(tmp_path, "  - {id: city, card: City of Brass, controller: a}", "[{name: a, life: 1}, {name: b}]")
    code, out = _pay(cards, board, "{R}")
    assert code == 0 and out["damage"] == 1 and out["life_after"] == 0 and out["loses"] is True
    text = runner.invoke(app, ["pay", str(board), "--cost", "{R}", "--cards", str(cards)]).stdout
    assert "taking 1 damage" in text and "704.5a" in text and "lose the game" in text
    both = _board(tmp_path, "  - {id: city, card: City of Brass, controller: a}\n"
                            "  - {id: forest, card: Forest, controller: a}", "[{name: a, life: 1}, {name: b}]")
    code, out = _pay(cards, both, "{G}")
    assert out["loses"] is False and [a["source"] for a in out["activations"]] == ["forest"]
