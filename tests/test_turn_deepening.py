"""The whole-turn search's bound on the number of moves (solver/turn.py ``TurnSearch.run`` and
``shorten``): a win found is, when asked, shortened to the fewest moves by searching again to one
move fewer than the best line so far; a depth limit stays a doubt however often the transposition table
answers a position."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.model.board import Board
from mtgsolver.read.card_files import bundled_library
from mtgsolver.solver.win import check_line, win_turn


def board(life: int, hand: str = "[Lightning Bolt, Lightning Bolt]", lands: str = "Mountain, Mountain"):
    perms = "".join(f"  - {{id: l{i}, card: {name.strip()}, controller: a}}\n" for i, name in enumerate(lands.split(",")))
    return parse_board_text(f"version: 1\nactive_player: a\nplayers: [{{name: a}}, {{name: b, life: {life}}}]\n"
                            f"turn: {{step: precombat_main}}\nzones: {{a: {{hand: {hand}}}}}\nbattlefield:\n" + perms,
                            "bolts.yaml", bundled_library())


def test_a_win_of_two_moves_is_answered_with_its_line_replayed() -> None:
    """Two Lightning Bolts (3 damage each, 120.3a) beat 6 life: the line has two moves."""
    answer = win_turn(board(6), time_limit=60, shortest=True)
    assert answer.solved is True and answer.line is not None
    assert answer.line.moves() == 2 and answer.stats.depth == 2 and answer.stats.shortest
    assert all(c.ok for c in check_line(board(6), answer.line))


SHOCKS_FIRST = "[Shock, Shock, Shock, Lightning Bolt, Lightning Bolt]"


def test_the_first_win_found_is_the_answer_unless_the_shortest_is_asked() -> None:
    """Three Shocks (2 damage each) or two Lightning Bolts beat 6 life: the Shocks, first in
    hand, are found first and answered, not claimed the shortest; the search's bound stays the
    depth searched."""
    answer = win_turn(board(6, SHOCKS_FIRST, "Mountain, Mountain, Mountain"), time_limit=60)
    assert answer.solved is True and answer.line is not None and answer.line.moves() == 3
    assert [s.op[1].name for s in answer.line.steps if s.kind == "move"] == ["Shock"] * 3
    assert not answer.stats.shortest and answer.stats.depth == 12


def test_a_longer_win_found_first_is_shortened_to_the_fewest_moves() -> None:
    """The same board with the shortest line asked: the search again to two moves finds the
    Bolts, and to one move nothing: the line answered has two moves, proven the fewest."""
    answer = win_turn(board(6, SHOCKS_FIRST, "Mountain, Mountain, Mountain"), time_limit=60, shortest=True)
    assert answer.solved is True and answer.line is not None and answer.line.moves() == 2
    assert [s.op[1].name for s in answer.line.steps if s.kind == "move"] == ["Lightning Bolt"] * 2
    assert answer.stats.shortest and answer.stats.depth == 2


def test_a_line_counts_the_searching_players_moves_with_their_held_responses() -> None:
    """The bound on moves counts what the searching player does at their own priority: an
    answer of the opponent's counts nothing, a move with a response held on it (117.3c) two."""
    from mtgsolver.solver.turn import Line, LineStep

    theirs = LineStep(("move", None), "b: cast Giant Growth targeting b1", moves=0)
    held = LineStep(("move", None), "cast Shock, holding Lightning Bolt", moves=2)
    ours = LineStep(("move", None), "cast Lightning Bolt", moves=1)
    line = Line((theirs,), (("b blocks", Line((held,))), ("b does not block", Line((ours,)))))
    assert line.moves() == 2 and Line((theirs, ours)).moves() == 1


def test_the_opponents_answers_do_not_count_against_the_shortest_line(real_cards) -> None:
    """Bob, at 3 life with Giant Growth and a Forest, may pump his Grizzly Bears when Alice
    passes: every line of Alice's is one Lightning Bolt, whatever Bob answers, and the line
    answered is proven the shortest at one move."""
    text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: 3}]\n"
            "turn: {step: precombat_main}\nzones: {a: {hand: [Lightning Bolt]}, b: {hand: [Giant Growth]}}\n"
            "battlefield:\n  - {id: m, card: Mountain, controller: a}\n  - {id: f, card: Forest, controller: b}\n"
            "  - {id: g, card: Grizzly Bears, controller: b}\n")
    answer = win_turn(parse_board_text(text, "bob.yaml", real_cards), real_cards, time_limit=60, shortest=True)
    assert answer.solved is True and answer.line is not None, answer.reasons
    assert answer.line.moves() == 1 and answer.stats.shortest and answer.stats.depth == 1


def test_no_win_is_proven_when_every_line_is_searched() -> None:
    """Against 7 life the two Bolts are not enough, and nothing else can be done."""
    answer = win_turn(board(7), time_limit=60)
    assert answer.solved is False


def test_a_depth_limit_keeps_no_win_undecided() -> None:
    """With one move allowed the second Bolt is beyond the bound: the answer is undecided, never
    "no win", though each position met is in the transposition table."""
    answer = win_turn(board(6), time_limit=60, max_depth=1)
    assert answer.solved is None and any("more than 1 moves" in r for r in answer.reasons)


def test_603_7_a_delayed_trigger_fires_once_as_its_step_begins() -> None:
    """A delayed triggered ability made by a resolved spell (its card now in the graveyard, the
    source, 603.7c) makes Bob lose 3 life at the beginning of the next end step: passing there wins
    with no move. Against 4 life it takes 3, once (603.7b), and no line wins; with a source the
    board doesn't show, the answer is undecided, never "no win"."""
    def delayed(life: int, source: str = "g1") -> Board:
        return parse_board_text(
            f"version: 1\nactive_player: a\nplayers: [{{name: a}}, {{name: b, life: {life}}}]\n"
            "turn: {step: postcombat_main}\nzones: {a: {graveyard: [{id: g1, card: Lightning Bolt}]}}\n"
            "effects:\n  - {kind: delayed_trigger, at: {kind: end_step, whose: each}, controller: a, "
            f"source: {source}, effects: [{{lose_life: {{amount: 3, who: {{players: opponents}}}}}}]}}\n",
            "delayed.yaml", bundled_library())

    won = win_turn(delayed(3), time_limit=60)
    assert won.solved is True and won.line is not None and won.line.moves() == 0
    assert all(c.ok for c in check_line(delayed(3), won.line))
    assert win_turn(delayed(4), time_limit=60).solved is False
    assert win_turn(delayed(3, "elsewhere"), time_limit=60).solved is None


def test_the_search_spaces_young_collections_and_restores_the_thresholds(monkeypatch) -> None:
    """While the search runs, the garbage collector's youngest generation waits for
    ``YOUNG_COLLECTION`` allocations; after it, the thresholds are as they were, a timeout too."""
    import gc

    from mtgsolver.solver import turn

    seen = []
    start = turn.TurnSearch.start

    def spy(self, board, budget):
        seen.append(gc.get_threshold()[0])
        return start(self, board, budget)

    before = gc.get_threshold()
    monkeypatch.setattr(turn.TurnSearch, "start", spy)
    assert win_turn(board(6), time_limit=60).solved is True
    assert win_turn(board(6), time_limit=0).solved is None
    assert seen == [turn.YOUNG_COLLECTION] * 2 and gc.get_threshold() == before


def test_603_7_a_delayed_trigger_on_an_event_not_modelled_is_undecided() -> None:
    """A delayed trigger waiting for a permanent's dying (not a step beginning) is not modelled:
    when the Bears die the answer is undecided, never one that ignores the trigger; a line that
    never kills them (the Bolt to Bob's face) still wins."""
    from mtgsolver.solver.resolve import resolve

    text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: 3}]\n"
            "turn: {step: precombat_main}\nzones: {a: {hand: [Lightning Bolt]}}\nbattlefield:\n"
            "  - {id: m, card: Mountain, controller: a}\n  - {id: g, card: Grizzly Bears, controller: b}\n"
            "effects:\n  - {kind: delayed_trigger, at: {kind: dies}, controller: b, source: g, "
            "effects: [{gain_life: {amount: 3}}]}\n")
    killed = resolve(parse_board_text(text, "dies.yaml", bundled_library()), ["cast Lightning Bolt>g"])
    assert killed.resolved is None and killed.reason.rule == "603.7", killed.reason
    assert win_turn(parse_board_text(text, "dies.yaml", bundled_library()), time_limit=60).solved is True
