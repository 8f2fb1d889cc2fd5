"""Forge's one-turn "win" puzzles that ``solve --goal win`` wins, each solved from the board as
published (the imported board file, or the ``.pzl`` itself) with the real card pool, its line
replayed step by step through ``pay``, ``resolve``, ``attacks check``, ``blocks check`` and
combat damage (:func:`mtgsolver.solver.win.check_line`) to the opponent losing (704.5a) on every
path through the opponent's choices. Puzzles that take seconds run only under CI's profile
(``MTGSOLVER_PROFILE=ci``); benchmarks/turn_search.py times them all."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgsolver.load import load_board
from mtgsolver.solver.win import check_line, replay, win_turn

from .support import CI

ROOT = Path(__file__).parent.parent
#: (puzzle file, seconds it takes on one core): the solved puzzles of benchmarks/README.md.
SOLVED = [("examples/puzzles/forge/ps-akh4.yaml", 0.1), ("tests/data/forge/PS_AKH4.pzl", 0.1)]
#: The default suite's share: puzzles solved in under a second.
QUICK = 1.0


@pytest.mark.parametrize("path, seconds", SOLVED, ids=[Path(p).stem for p, _ in SOLVED])
def test_the_puzzle_is_won_and_its_line_replays(path: str, seconds: float, real_cards) -> None:
    if seconds > QUICK and not CI:
        pytest.skip("a slow puzzle: run under MTGSOLVER_PROFILE=ci")
    board = load_board(ROOT / path, real_cards)
    answer = win_turn(board, real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert answer.line is not None and answer.unread == ()
    checks = check_line(board, answer.line, real_cards)
    assert checks and all(c.ok for c in checks), [(c.step.text, c.operation, c.detail) for c in checks if not c.ok]
    leaves = [p for p in replay(board, answer.line, real_cards) if p.leaf]
    assert leaves and all(p.board.player(board.opponents(board.active_player)[0]).lost for p in leaves)
