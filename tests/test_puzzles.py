"""The published combat puzzles of examples/puzzles, each solved by ``mtgsolver solve``, with
its stated solution checked (508.1, 509.1, 510, 702.2c, 702.19b, 510.4, 704.5a)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import load_board

PUZZLES = sorted((Path(__file__).parent.parent / "examples" / "puzzles").glob("*.yaml"))


def test_there_are_ten_published_puzzles() -> None:
    assert len(PUZZLES) >= 10
    for path in PUZZLES:
        puzzle = load_board(path).puzzle
        assert puzzle is not None and puzzle.source and puzzle.description


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_puzzle_is_solved(path: Path) -> None:
    result = CliRunner().invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["solved"] is True
    if load_board(path).puzzle.solution is not None:
        assert answer["solution"]["correct"] is True


def test_a_wrong_stated_solution_exits_1(tmp_path: Path) -> None:
    """509.1, 702.19b: blocking Stomper Cub with Runeclaw Bear alone lets 3 trample over at 2 life."""
    src = next(p for p in PUZZLES if "rumble-in-the-jungle-1" in p.name).read_text()
    wrong = src.replace("blockers: [{creature: vampire, blocks: [cub]}, {creature: bear, blocks: [cub]}]",
                        "blockers: [{creature: bear, blocks: [cub]}]")
    path = tmp_path / "wrong.yaml"
    path.write_text(wrong)
    result = CliRunner().invoke(app, ["solve", str(path), "--json"])
    assert result.exit_code == 1
    assert json.loads(result.output)["solution"]["correct"] is False
