"""``mtgsolver pay``: human and JSON answers, exit status 0 paid / 1 unpayable / 2 bad input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app

from .conftest import EXAMPLES

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_pay_json_has_the_contract_fields():
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), "--cost", "{2}{G}", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    for key in ("payable", "x", "life_paid", "activations", "assignment", "untapped", "reasons", "optimal"):
        assert key in data
    assert data["payable"] is True and data["untapped"] == ["vessel"]
    assert [a["source"] for a in data["activations"]] == ["forest", "ring"]
    assert {a["mana"] for a in data["activations"]} == {"{G}", "{C}{C}"}
    assert [s["symbol"] for s in data["assignment"]] == ["{2}", "{G}"]


def test_pay_human_answer_and_unpayable_exit_1():
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), "--cost", "{2}{G}")
    assert r.exit_code == 0 and "forest" in r.output and "untapped: vessel" in r.output
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), "--cost", "{U}")
    assert r.exit_code == 1 and "can't be paid" in r.output and "{U}" in r.output
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), "--cost", "{U}", "--json")
    assert r.exit_code == 1 and json.loads(r.output)["reasons"]


def test_pay_keep_max_x_and_spell():
    r = run("pay", str(EXAMPLES / "pay-filters.yaml"), "--cost", "{X}", "--max-x", "--keep", "{U}", "--json")
    data = json.loads(r.output)
    assert r.exit_code == 0 and data["x"] == 2 and data["kept"] == [{"cost": "{U}", "payable": True}]
    r = run("pay", str(EXAMPLES / "pay-symbols.yaml"), "--cost", "{G}{G}", "--spell", "creature", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["activations"][0]["source"] == "shrine"


@pytest.mark.parametrize("args", [
    ["--cost", "{2}{Q}"], ["--cost", "2G"], ["--cost", "{1}", "--keep", "{W"], ["--cost", "{X}", "--x", "1", "--max-x"],
    ["--cost", "{1}", "--player", "carol"], ["--cost", "{1}", "--objective", "speed"],
])
def test_bad_input_exits_2_without_traceback(args):
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), *args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    r = run("pay", str(EXAMPLES / "pay-forge-vessel.yaml"), *args, "--json")
    assert r.exit_code == 2 and "error" in json.loads(r.output)


def test_bad_board_exits_2(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text("active_player: a\nplayers: [{name: a}]\nbattlefield: [{id: x, card: Forestt, controller: a}]\n")
    r = run("pay", str(path), "--cost", "{G}")
    assert r.exit_code == 2 and "Forest" in r.output
