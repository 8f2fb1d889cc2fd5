"""``mtgsolver schema``: the JSON Schema of board files accepts every example board and
completes the vocabulary (keywords of 702, ability names, effect kinds) as enums."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.read.board_file import board_json_schema

jsonschema = pytest.importorskip("jsonschema")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOARDS = sorted(EXAMPLES.glob("*.yaml")) + sorted(EXAMPLES.glob("*.json"))


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(CliRunner().invoke(app, ["schema"]).output)
    assert schema == json.loads(json.dumps(board_json_schema()))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", BOARDS, ids=[p.name for p in BOARDS])
def test_every_example_board_is_valid(validator, path: Path) -> None:
    errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
    assert not errors, [e.message for e in errors]


def _board(**permanent) -> dict:
    return {"version": 1, "active_player": "a", "players": [{"name": "a"}],
            "battlefield": [{"id": "x", "name": "X", "controller": "a", **permanent}]}


@pytest.mark.parametrize("entries", [
    {"keywords": ["flying", "islandwalk", {"protection": "red"}, "{T}: Add {G}."]},
    {"abilities": ["lure", {"min_blockers": 3}, {"cant_be_blocked_by": {"power_at_most": 2}}, {"block_cost": "{2}"},
                   {"grants": ["flying", {"max_blockers": 1}]}, {"cant_attack": "planeswalkers"}]},
])
def test_vocabulary_is_accepted(validator, entries: dict) -> None:
    assert validator.is_valid(_board(**entries))


@pytest.mark.parametrize("entries", [
    {"keywords": ["flyng"]},                                  # a misspelt keyword (702.9)
    {"abilities": [{"min_blocker": 3}]},                      # a misspelt ability name
    {"abilities": [{"min_blockers": -1}]},
    {"abilities": [{"cant_be_blocked_by": {"power_atmost": 2}}]},
    {"abilities": [{"lure": True, "flying": True}]},          # one key per mapping
    {"abilities": [{"block_cost": "2"}]},
])
def test_misspellings_are_rejected(validator, entries: dict) -> None:
    assert not validator.is_valid(_board(**entries))


def test_vocabulary_is_enumerated_for_editors() -> None:
    schema = board_json_schema()
    names, _, _, mapping = schema["$defs"]["Entry"]["anyOf"]
    assert {"flying", "menace", "first_strike", "lure", "cant_block", "blocks_each_combat"} <= set(names["enum"])
    assert {"min_blockers", "cant_be_blocked_by", "attack_tax", "protection"} <= set(mapping["properties"])
    assert "goaded" in schema["$defs"]["EffectSpec"]["properties"]["kind"]["enum"]
    board = _board()
    board["effects"] = [{"kind": "goadd", "creature": "x", "by": "a"}]
    assert not jsonschema.Draft202012Validator(schema).is_valid(board)
