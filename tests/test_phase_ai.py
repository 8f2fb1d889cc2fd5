"""phase.rs's AI on a puzzle board (benchmarks/phase_ai.py): the board set up in phase's engine,
its AI deciding for both players until the puzzle's turn ends. Three MTGJSON faces written here
stand for the card pool, so the tests need no corpus; without the wheel (``pip install -e
'.[phase]'``) they skip."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtgsolver.load import parse_board_text

pytest.importorskip("phase", reason="phase-python is not installed (pip install -e '.[phase]')")
pytestmark = pytest.mark.phase
sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
from phase_ai import board_spec, phase_ai_wins  # noqa: E402

#: The MTGJSON faces of the cards the boards use (and phase's filler, Wastes).
POOL = {
    "Lightning Bolt": [{"colorIdentity": ["R"], "colors": ["R"], "layout": "normal", "manaCost": "{R}",
                        "manaValue": 1.0, "name": "Lightning Bolt", "text": "Lightning Bolt deals 3 damage to any "
                        "target.", "type": "Instant", "types": ["Instant"]}],
    "Mountain": [{"colorIdentity": ["R"], "layout": "normal", "manaValue": 0.0, "name": "Mountain",
                  "subtypes": ["Mountain"], "supertypes": ["Basic"], "text": "({T}: Add {R}.)",
                  "type": "Basic Land — Mountain", "types": ["Land"]}],
    "Wastes": [{"layout": "normal", "manaValue": 0.0, "name": "Wastes", "supertypes": ["Basic"],
                "text": "{T}: Add {C}.", "type": "Basic Land", "types": ["Land"]}],
}


def _board(opponent_life: int, mountain_tapped: bool = False, goal: bool = True):
    puzzle = "puzzle: {goal: win, side: you, turns: 1}\n" if goal else ""
    return parse_board_text(
        "version: 1\nactive_player: you\n"
        f"players: [{{name: you, life: 20}}, {{name: opponent, life: {opponent_life}}}]\n"
        f"battlefield:\n  - {{id: m, card: Mountain, controller: you, tapped: {str(mountain_tapped).lower()}}}\n"
        "zones: {you: {hand: [Lightning Bolt], library: {count: 3}}}\n"
        f"turn: {{step: precombat_main}}\n{puzzle}", "bolt.yaml")


def test_the_ai_bolts_an_opponent_at_three_life() -> None:
    """Lightning Bolt's 3 damage to a player at 3 life: 0 life, the player loses (704.5a)."""
    result = phase_ai_wins(_board(3), time_limit=30, pool=POOL)
    assert result.outcome == "won", result


@pytest.mark.parametrize("life, tapped", [(4, False), (3, True)], ids=["four life", "no mana"])
def test_the_ai_does_not_win_out_of_reach(life: int, tapped: bool) -> None:
    """At 4 life the Bolt is not enough; with the Mountain tapped it can't be cast (601.2g)."""
    result = phase_ai_wins(_board(life, mountain_tapped=tapped), time_limit=30, pool=POOL)
    assert result.outcome == "not won" and result.why == "the puzzle's turns ended", result


def test_the_spec_of_a_board() -> None:
    """The puzzle's side is seat ``a``; the hand, the library's size and the life totals carry over."""
    spec, seats, notes = board_spec(_board(3, mountain_tapped=True))
    assert seats == {"you": "a", "opponent": "b"} and notes == []
    assert spec["permanents"] == [{"id": "m", "controller": "a", "tapped": True, "sick": False, "card": "Mountain"}]
    assert spec["zones"]["a"]["hand"] == ["Lightning Bolt"] and spec["zones"]["a"]["filler"] == 3
    assert spec["life"] == {"a": 20, "b": 3}


def test_a_board_without_a_puzzle_is_not_played() -> None:
    result = phase_ai_wins(_board(3, goal=False), time_limit=30, pool=POOL)
    assert result.outcome == "not loaded" and "no puzzle" in result.why
