"""The whole-turn search's bound on the number of moves (solver/turn.py ``TurnSearch.run`` and
``shorten``): a win found is shortened to the fewest moves by searching again to one move fewer
than the best line so far; a depth limit stays a doubt however often the transposition table
answers a position."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.read.card_files import bundled_library
from mtgsolver.solver.win import check_line, win_turn


def board(life: int, hand: str = "[Lightning Bolt, Lightning Bolt]", lands: str = "Mountain, Mountain"):
    perms = "".join(f"  - {{id: l{i}, card: {name.strip()}, controller: a}}\n" for i, name in enumerate(lands.split(",")))
    return parse_board_text(f"version: 1\nactive_player: a\nplayers: [{{name: a}}, {{name: b, life: {life}}}]\n"
                            f"turn: {{step: precombat_main}}\nzones: {{a: {{hand: {hand}}}}}\nbattlefield:\n" + perms,
                            "bolts.yaml", bundled_library())


def test_a_win_of_two_moves_is_answered_with_its_line_replayed() -> None:
    """Two Lightning Bolts (3 damage each, 120.3a) beat 6 life: the line has two moves."""
    answer = win_turn(board(6), time_limit=60)
    assert answer.solved is True and answer.line is not None
    assert answer.line.moves() == 2 and answer.stats.depth == 2
    assert all(c.ok for c in check_line(board(6), answer.line))


def test_a_longer_win_found_first_is_shortened_to_the_fewest_moves() -> None:
    """Three Shocks (2 damage each) or two Lightning Bolts beat 6 life: the Shocks, first in
    hand, are found first; the search again to two moves finds the Bolts, and to one move
    nothing: the line answered has two moves."""
    hand = "[Shock, Shock, Shock, Lightning Bolt, Lightning Bolt]"
    answer = win_turn(board(6, hand, "Mountain, Mountain, Mountain"), time_limit=60)
    assert answer.solved is True and answer.line is not None and answer.line.moves() == 2
    assert [s.op[1].name for s in answer.line.steps if s.kind == "move"] == ["Lightning Bolt"] * 2


def test_no_win_is_proven_when_every_line_is_searched() -> None:
    """Against 7 life the two Bolts are not enough, and nothing else can be done."""
    answer = win_turn(board(7), time_limit=60)
    assert answer.solved is False


def test_a_depth_limit_keeps_no_win_undecided() -> None:
    """With one move allowed the second Bolt is beyond the bound: the answer is undecided, never
    "no win", though each position met is in the transposition table."""
    answer = win_turn(board(6), time_limit=60, max_depth=1)
    assert answer.solved is None and any("more than 1 moves" in r for r in answer.reasons)
