"""The Python API: what help() and dir() show, py.typed, load_board's inputs,
exported types, and to_dict()/to_json() on every result."""
from __future__ import annotations

import json
import pydoc
from pathlib import Path

import pytest
import yaml

import mtgsolver

API = ["Board", "BoardError", "CombatResult", "PaymentResult", "ProduceResult", "UnreadLine", "Violation",
       "check_attacks", "check_blocks", "could_produce", "load_board", "pay", "suggest_attacks", "suggest_blocks"]


def test_help_and_dir_show_the_api() -> None:
    shown = dir(mtgsolver)
    text = pydoc.render_doc(mtgsolver, renderer=pydoc.plaintext)
    for name in API:
        assert name in shown and name in text, name
        assert getattr(mtgsolver, name) is not None
    assert "TYPE_CHECKING" not in shown and "import_module" not in shown


def test_py_typed_is_shipped() -> None:
    assert (Path(mtgsolver.__file__).parent / "py.typed").exists()


def test_load_board_takes_a_path_text_or_dict(examples: Path) -> None:
    path = examples / "lure-menace.yaml"
    text = path.read_text()
    data = yaml.safe_load(text)
    boards = [mtgsolver.load_board(path), mtgsolver.load_board(str(path)), mtgsolver.load_board(text),
              mtgsolver.load_board(json.dumps(data)), mtgsolver.load_board(data)]
    assert {tuple(p.id for p in b.permanents) for b in boards} == {tuple(p.id for p in boards[0].permanents)}
    with pytest.raises(mtgsolver.BoardError) as err:
        mtgsolver.load_board({"active_player": "a", "players": [{"name": "b"}]})
    assert err.value.path == "active_player"


def test_every_result_gives_to_dict_and_a_json_string(examples: Path) -> None:
    board = mtgsolver.load_board(examples / "lure-menace.yaml")
    results = [mtgsolver.check_blocks(board), mtgsolver.suggest_blocks(board), mtgsolver.check_attacks(board),
               mtgsolver.suggest_attacks(board), mtgsolver.could_produce(board),
               mtgsolver.pay(mtgsolver.load_board(examples / "pay-symbols.yaml"), "{1}")]
    for result in results:
        data = result.to_dict()
        assert isinstance(data, dict) and json.loads(result.to_json()) == json.loads(json.dumps(data))
    assert isinstance(results[0], mtgsolver.CombatResult) and isinstance(results[5], mtgsolver.PaymentResult)
    assert isinstance(results[4], mtgsolver.ProduceResult)
    assert results[0].violations and isinstance(results[0].violations[0], mtgsolver.Violation)
