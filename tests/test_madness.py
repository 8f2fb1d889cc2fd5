"""The cleanup step (514.1-514.3a) and madness (702.35a-b) in the whole-turn search, with real
cards of the 2022 pool: Jin-Gitaxias, Core Augur's "Each opponent's maximum hand size is reduced
by seven" (402.2) makes its opponent discard their hand as their turn ends, and Alms of the Vein,
discarded into exile, is cast for its madness cost {B} rather than its mana cost {2}{B}."""
from __future__ import annotations

import pytest

from mtgsolver.load import prepare
from mtgsolver.rules.game import Game
from mtgsolver.rules.turn import cleanup, max_hand_size
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.win import check_line, win_turn

from .support import FirstChoice, ci_only

pytestmark = pytest.mark.corpus

JIN = "  - {id: jin, card: \"Jin-Gitaxias, Core Augur\", controller: bob}\n"
SWAMP = "  - {id: swamp, card: Swamp, controller: alice}\n"


def board_text(hand: str, battlefield: str, life: int = 3, step: str = "postcombat_main") -> str:
    return ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob, life: %d}]\n"
            "turn: {step: %s}\nzones: {alice: {hand: [%s]}}\nbattlefield:\n%s" % (life, step, hand, battlefield))




@pytest.fixture
def board(real_board):
    return real_board


def test_402_2_each_opponents_maximum_hand_size_reduced_by_seven(board, real_cards) -> None:
    """Jin-Gitaxias: alice's maximum hand size is 0, bob's stays seven."""
    game = Game(prepare(board(board_text("Shock", JIN))), LibraryReader(real_cards), FirstChoice())
    assert (max_hand_size(game, "alice"), max_hand_size(game, "bob")) == (0, 7)


def test_514_1_2_cleanup_discards_down_to_the_maximum_and_removes_damage(board, real_cards) -> None:
    """514.1: with Jin-Gitaxias alice discards her whole hand; without, two cards stay. 514.2:
    damage marked on a permanent is removed."""
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice, damage: 1}\n"
    for battlefield, kept in ((JIN + bears, 0), (bears, 2)):
        game = Game(prepare(board(board_text("Shock, Opt", battlefield, step="end"))), LibraryReader(real_cards), FirstChoice())
        cleanup(game)
        assert len(game.zones_of("alice").hand) == kept
        assert game.perm("bears").damage == 0


def test_the_search_wins_by_a_madness_spell_cast_in_the_cleanup_step(board, real_cards) -> None:
    """One Swamp can't pay Alms of the Vein's {2}{B}, but discarded to Jin-Gitaxias's hand size as
    the turn ends it is cast for {B} (702.35a-b, 514.3a) and bob, at 3 life, loses; the line
    replays. Without Jin-Gitaxias nothing is discarded and there is no win."""
    b = board(board_text("Alms of the Vein", SWAMP + JIN))
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is True, answer.reasons
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
    assert win_turn(board(board_text("Alms of the Vein", SWAMP)), real_cards, time_limit=30).solved is False


def test_a_madness_cost_paid_one_way_of_several_leaves_no_win_undecided(board, real_cards) -> None:
    """118.3: a cost paid as an effect resolves is paid the payment solver's one way; with a
    Swamp and a Watery Grave {B} has two ways that differ, so a search that finds no win has not
    tried every line and says so; with the Swamp alone the one way is every way, and no win is
    proved. Bob at 20 can't be beaten by Alms of the Vein's 3."""
    grave = "  - {id: grave, card: Watery Grave, controller: alice}\n"
    two = win_turn(board(board_text("Alms of the Vein", SWAMP + grave + JIN, life=20)), real_cards, time_limit=30)
    assert two.solved is None and any("118.3" in r for r in two.reasons), two.reasons
    one = win_turn(board(board_text("Alms of the Vein", SWAMP + JIN, life=20)), real_cards, time_limit=30)
    assert one.solved is False, one.reasons


def test_an_unread_maximum_hand_size_line_bears_on_the_turn() -> None:
    """514.1: the cleanup step's discards are searched, so an unread line about a maximum hand
    size ("You have no maximum hand size", 402.2) bears on both answers."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    board = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                             "turn: {step: precombat_main}\nbattlefield:\n  - {id: t, name: T, types: [artifact], "
                             "controller: alice, text: \"You have no maximum hand size.\"}\n", "b.yaml")
    against_win, against_no = turn_bearing(board, False)
    assert [u.permanent for u in against_win] == [u.permanent for u in against_no] == ["t"]


AFTER_COMBAT = """version: 1
active_player: alice
players: [{name: alice, life: 5}, {name: bob, life: 15}]
turn: {step: postcombat_main}
zones: {alice: {hand: [Alms of the Vein, Dark Withering]}}
battlefield:
  - {id: fd, card: Frilled Deathspitter, controller: alice}
  - {id: niblis, card: Niblis of Dusk, controller: alice, tapped: true}
  - {id: phantom, card: Supreme Phantom, controller: alice, tapped: true}
  - {id: rage, card: "Tahngarth's Rage", controller: alice, attached_to: niblis}
  - {id: pyro, card: Pyrohemia, controller: alice}
%s  - {id: w1, card: Watery Grave, controller: alice}
  - {id: w2, card: Watery Grave, controller: alice}
""" + JIN + """effects:
  - {kind: gets, creature: niblis, pt: [1, 1]}
"""


@ci_only("a search of seconds")
def test_cleanup_steps_follow_one_another_while_something_happens(board, real_cards) -> None:
    """MTGP_04 after its attack: bob at 15. Alms of the Vein and Dark Withering, discarded as the
    turn ends (514.1), are cast for {B} (702.35a-b); Dark Withering destroys Supreme Phantom, so
    Niblis of Dusk (0/0 under Tahngarth's Rage) lives on its prowess bonuses alone (702.108a).
    Pyrohemia pings in that cleanup step (514.3a); in the next one damage is removed and the
    bonuses end (514.2), Niblis dies (704.5f), and Frilled Deathspitter, healed, is pinged twice
    more. Four Mountains make the 15; three don't."""
    mountains = "".join(f"  - {{id: m{i}, card: Mountain, controller: alice}}\n" for i in range(4))
    b = board(AFTER_COMBAT % mountains)
    answer = win_turn(b, real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert [s.op[1] for s in answer.line.steps if s.op[0] == "step"].count("cleanup") == 2
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
    three = board(AFTER_COMBAT % mountains.replace("  - {id: m3, card: Mountain, controller: alice}\n", ""))
    assert win_turn(three, real_cards, time_limit=60).solved is False
