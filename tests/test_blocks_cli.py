"""``mtgsolver blocks check`` / ``suggest``: exit status 0/1/2, human and JSON output."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mtgsolver.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(*args: str):
    return runner.invoke(app, list(args))


def test_check_illegal_exits_1_with_reasons() -> None:
    result = run("blocks", "check", str(EXAMPLES / "blocks-menace-requirement.yaml"))
    assert result.exit_code == 1, result.output
    for words in ("illegal", "702.111b", "Boggart Brute (brute)", "Eager Guard (guard)"):
        assert words in result.output


def test_check_legal_exits_0() -> None:
    result = run("blocks", "check", str(EXAMPLES / "blocks-grappling-hook.yaml"))
    assert result.exit_code == 0, result.output
    assert "legal" in result.output and "does nothing" in result.output


def test_check_json_shape() -> None:
    result = run("blocks", "check", str(EXAMPLES / "lure-menace.yaml"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert (data["legal"], data["obeyed"], data["maximum"], data["optimal"]) == (False, 1, 2, True)
    assert {"rule": "702.111b", "creature": "brute"}.items() <= data["violations"][0].items()
    assert all(set(v) == {"rule", "creature", "message"} for v in data["violations"])
    assert data["witness"] == [{"creature": "bears", "blocks": ["brute"]}, {"creature": "ox", "blocks": ["brute"]}]


def test_suggest_json_and_objective() -> None:
    result = run("blocks", "suggest", str(EXAMPLES / "blocks-tromokratis.yaml"), "--objective", "most-blockers",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["legal"] and data["objective"] == "most-blockers"
    assert {w["creature"] for w in data["witness"]} == {"guard", "flunkies"}
    human = run("blocks", "suggest", str(EXAMPLES / "lure-menace.yaml"))
    assert human.exit_code == 0 and "Pillarfield Ox (ox)" in human.output


def test_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("version: 1\nactive_player: alice\nplayers: [{name: alice}]\nbattlefield:\n  - {id: x}\n")
    result = run("blocks", "check", str(bad))
    assert result.exit_code == 2 and "battlefield[0]" in result.output and "Traceback" not in result.output
    assert run("blocks", "check", str(tmp_path / "missing.yaml")).exit_code == 2
    assert run("blocks", "suggest", str(EXAMPLES / "lure-menace.yaml"), "--objective", "bravest").exit_code == 2
    undeclared = tmp_path / "undeclared.yaml"
    text = (EXAMPLES / "lure-menace.yaml").read_text()
    undeclared.write_text(text[: text.index("  blockers:")])
    result = run("blocks", "check", str(undeclared), "--json")
    assert result.exit_code == 2 and "combat.blockers" in json.loads(result.output)["error"]
