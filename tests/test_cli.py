"""The command line: show, schema, exit status 0/2, no traceback on bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_show_renders_tables(examples: Path) -> None:
    result = run("show", str(examples / "lure-menace.yaml"))
    assert result.exit_code == 0, result.output
    for words in ("Boggart Brute", "menace", "lure", "Giant Spider", "tapped", "brute attacks bob"):
        assert words in result.output


def test_show_json(examples: Path) -> None:
    result = run("show", str(examples / "vocabulary.yaml"), "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    elf = next(p for p in data["battlefield"] if p["id"] == "elf")
    assert (elf["power"], elf["summoning_sick"], elf["counters"]) == (3, True, {"+1/+1": 1})
    assert data["mana_pool"]["alice"] == "{G}{G}"
    assert data["combat"]["attackers"][0] == {"creature": "flyer", "target": "bob"}


def test_schema_is_json_schema() -> None:
    result = run("schema")
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["title"] == "mtgsolver board file"
    assert {"active_player", "players", "battlefield", "effects", "mana_pool", "combat"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("json_out", [False, True])
def test_bad_board_exits_2_with_file_and_field(board_file, json_out: bool) -> None:
    path = board_file("version: 1\nactive_player: alice\nplayers: [{name: alice}]\n"
                      "battlefield:\n  - {id: a, card: Forest, controller: carol}\n")
    result = run("show", str(path), *(["--json"] if json_out else []))
    assert result.exit_code == 2
    text = result.output if json_out else result.stderr
    assert str(path) in text and "battlefield[0].controller" in text and "'carol' is not a player" in text
    if json_out:
        assert "error" in json.loads(result.output)


def test_cards_option_with_a_real_layout_file(tmp_path: Path, board_file) -> None:
    atomic = tmp_path / "cards.json"
    atomic.write_text(json.dumps({"meta": {}, "data": {"Mist Dragon": [{
        "name": "Mist Dragon", "layout": "normal", "manaCost": "{4}{U}{U}", "manaValue": 6.0,
        "colors": ["U"], "type": "Creature — Dragon", "types": ["Creature"], "supertypes": [],
        "subtypes": ["Dragon"], "power": "4", "toughness": "4", "keywords": ["Flying"],
        "text": "Flying\n{0}: Mist Dragon gains flying."}]}}))
    path = board_file("version: 1\nactive_player: alice\nplayers: [{name: alice}]\n"
                      "battlefield:\n  - {id: d, card: Mist Dragon, controller: alice}\n")
    result = run("show", str(path), "--cards", str(atomic), "--json")
    assert result.exit_code == 0, result.output
    dragon = json.loads(result.output)["battlefield"][0]
    assert (dragon["power"], dragon["mana_cost"], dragon["keywords"], dragon["colors"]) == (4, "{4}{U}{U}", ["flying"], ["blue"])
    bad = run("show", str(path), "--cards", str(tmp_path / "nope.json"))
    assert bad.exit_code == 2 and "no such file" in bad.stderr
    notjson = tmp_path / "x.json"
    notjson.write_text("{]")
    assert run("show", str(path), "--cards", str(notjson)).exit_code == 2


def test_usage_errors_exit_2() -> None:
    assert run("show").exit_code == 2
    assert run("frobnicate").exit_code == 2


def test_console_script_has_no_traceback_and_help_skips_ortools(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nactive_player: [\n")
    proc = subprocess.run([sys.executable, "-m", "mtgsolver", "show", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "malformed YAML" in proc.stderr
    probe = subprocess.run([sys.executable, "-c",
                            "import sys; from mtgsolver.cli import app; "
                            "print('ortools' in sys.modules)"], capture_output=True, text=True)
    assert probe.stdout.strip() == "False"


def test_top_level_api_loads_solvers_on_first_use(examples: Path) -> None:
    probe = subprocess.run([sys.executable, "-c",
                            "import sys, mtgsolver; before = 'ortools' in sys.modules; "
                            "b = mtgsolver.load_board('" + str(examples / "lure-menace.yaml") + "'); "
                            "r = mtgsolver.check_blocks(b); "
                            "print(before, r.legal, r.maximum, callable(mtgsolver.pay), callable(mtgsolver.could_produce))"],
                           capture_output=True, text=True)
    assert probe.stdout.split() == ["False", "False", "2", "True", "True"], probe.stderr
    import mtgsolver

    with pytest.raises(AttributeError):
        mtgsolver.no_such_operation  # noqa: B018
