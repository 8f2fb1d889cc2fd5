"""``mtgsolver attacks check|suggest``: human and JSON answers, exit status 0/1/2."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mtgsolver.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_check_legal_exits_0(examples: Path) -> None:
    result = run("attacks", "check", str(examples / "attacks-cant-attack-alone.yaml"))
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "Mogg Flunkies (flunkies1)" in result.output and "bob" in result.output


def test_check_illegal_exits_1_with_rule_and_witness(examples: Path) -> None:
    result = run("attacks", "check", str(examples / "attacks-goad-4p.yaml"))
    assert result.exit_code == 1, result.output
    assert "illegal" in result.output and "701.15b" in result.output and "Hill Ogre (ogre)" in result.output


def test_check_json(examples: Path) -> None:
    result = run("attacks", "check", str(examples / "attacks-propaganda.yaml"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert (data["legal"], data["obeyed"], data["maximum"]) == (False, 0, 1)
    assert data["violations"] == [{"rule": "508.1d", "creature": "jugg",
                                   "message": "Juggernaut (jugg) attacks each combat if able, but it is not attacking."}]
    assert data["witness"] == [{"creature": "bears", "target": "bob"}, {"creature": "jugg", "target": "chandra"}]
    assert data["costs"] == {"alice": "{2}"} and data["kind"] == "attacks"


def test_suggest_json_and_objective(examples: Path) -> None:
    result = run("attacks", "suggest", str(examples / "attacks-max-one-attacker.yaml"), "--json", "-o", "most-power")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["witness"] == [{"creature": "jugg", "target": "bob"}] and data["objective"] == "most-power"


def test_bad_input_exits_2(examples: Path, board_file) -> None:
    bad_objective = run("attacks", "suggest", str(examples / "attacks-goad-4p.yaml"), "-o", "most-damage")
    assert bad_objective.exit_code == 2 and "most-damage" in bad_objective.output
    no_combat = board_file("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n")
    result = run("attacks", "check", str(no_combat), "--json")
    assert result.exit_code == 2 and "combat" in json.loads(result.output)["error"]
    bad_value = board_file(
        "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
        "battlefield: [{id: a, card: Grizzly Bears, controller: alice, abilities: [{cant_attack: nobody}]}]\n"
        "combat: {attackers: []}\n")
    result = run("attacks", "check", str(bad_value))
    assert result.exit_code == 2 and "nobody" in result.output and "Traceback" not in result.output
    missing = run("attacks", "check", "no-such-board.yaml")
    assert missing.exit_code == 2 and "no such file" in missing.output
