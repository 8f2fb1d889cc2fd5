"""An activated ability that counts its own resolutions this turn (Ashling the Pilgrim: "If this
is the third time this ability has resolved this turn, remove all +1/+1 counters from Ashling
the Pilgrim, and it deals that much damage to each creature and each player"): the count kept
on its source, a new object after a zone change (400.7), stated by a board file's
``battlefield[i].resolved``; "remove all ... counters" and "that much" of the counters removed
(608.2c), with real cards of the pool."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.errors import BoardError
from mtgsolver.read.board_writer import write_board
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.resolve import resolve

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: 20}, {name: b, life: 20}]\n"
MOUNTAINS = "".join(f"  - {{id: m{i}, card: Mountain, controller: a}}\n" for i in range(6))


def board(ashling: str, cards, hand: str = "", lands: str = MOUNTAINS):
    return parse_board_text(HEAD + hand + "battlefield:\n  - {id: ashling, card: Ashling the Pilgrim, controller: a"
                            + ashling + "}\n  - {id: ox, card: Pillarfield Ox, controller: b}\n" + lands,
                            "b.yaml", cards)


def test_ashling_reads_its_count_of_resolutions(real_cards) -> None:
    card = real_cards.find("Ashling the Pilgrim")
    entries, unread = parse_oracle_text(card.text, card.name)
    assert not unread
    blast = [{"remove_counters": {"what": "source", "kind": "+1/+1", "all": True}},
             {"damage": {"amount": "removed", "to": {"each": {"types": ["creature"]}}}},
             {"damage": {"amount": "removed", "to": {"players": "each"}}}]
    assert entries[0]["activated"]["effects"] == [{"put_counters": {"what": "source", "kind": "+1/+1"}},
                                                  {"conditional": {"condition": [], "resolved": 3, "effects": blast}}]


def test_a_count_of_resolutions_is_read_only_for_an_activated_ability() -> None:
    """The count is kept for activated abilities only: a triggered ability's stays unread."""
    line = ("Whenever X attacks, put a +1/+1 counter on X. If this is the second time this ability has resolved this "
            "turn, draw a card.")
    assert parse_oracle_text(line, "X")[1] == [line]


def test_it_after_a_removal_names_the_source_for_both_recipients_of_its_damage() -> None:
    """120.2: "it deals 3 damage to each creature and each player" is one source's damage to
    both groups: "it" (the source the counter came off) deals both, not the creatures it hit."""
    entries, _ = parse_oracle_text("{1}{R}: Remove a +1/+1 counter from X, and it deals 3 damage to each creature and "
                                   "each player.", "X")
    assert [e for e in entries[0]["activated"]["effects"] if "damage" in e] == [
        {"damage": {"amount": 3, "to": {"each": {"types": ["creature"]}}}},
        {"damage": {"amount": 3, "to": {"players": "each"}}}]


@pytest.mark.parametrize("times, counters, dealt", [(1, 1, 0), (2, 2, 0), (3, 0, 3)])
def test_the_third_resolution_removes_the_counters_and_deals_that_much_damage(real_cards, times: int, counters: int,
                                                                             dealt: int) -> None:
    r = resolve(board("", real_cards), ["activate ashling"] * times)
    assert r.resolved, r.reason
    after = r.board
    assert [p.life for p in after.players] == [20 - dealt, 20 - dealt]
    assert after.permanent("ox").damage == dealt
    if dealt:  # a 1/1 without its counters, dealt 3: it dies (704.5g)
        assert not after.has_permanent("ashling")
    else:
        assert dict(after.permanent("ashling").counters) == {"+1/+1": counters}
        assert dict(after.permanent("ashling").resolved) == {1: times}


def test_resolutions_earlier_in_the_turn_count_and_round_trip(real_cards) -> None:
    b = board(", resolved: {1: 2}, counters: {'+1/+1': 2}", real_cards)
    assert dict(parse_board_text(write_board(b), "b.yaml", real_cards).permanent("ashling").resolved) == {1: 2}
    r = resolve(b, ["activate ashling"])
    assert r.resolved, r.reason
    assert [p.life for p in r.board.players] == [17, 17]


def test_a_new_object_counts_from_nothing(real_cards) -> None:
    """400.7: returned to its owner's hand and cast again, Ashling is a new object; the two
    resolutions of its ability before count no more."""
    b = board(", resolved: {1: 2}", real_cards, "zones: {a: {hand: [Unsummon]}}\n",
              MOUNTAINS + "  - {id: island, card: Island, controller: a}\n")
    r = resolve(b, ["cast Unsummon>ashling", "cast Ashling the Pilgrim", "activate ashling"])
    assert r.resolved, r.reason
    assert [p.life for p in r.board.players] == [20, 20]
    assert dict(r.board.permanent("ashling").resolved) == {1: 1}


def test_a_bad_count_of_resolutions_is_named(real_cards) -> None:
    with pytest.raises(BoardError, match="resolved"):
        board(", resolved: {0: 2}", real_cards)


@pytest.mark.parametrize("lands, solved", [(6, False), (4, True)])
def test_the_opponents_third_resolution_answers_a_lethal_bolt(real_cards, lands: int, solved: bool) -> None:
    """The whole-turn search with the opponent's Ashling (117.3b): at 2 life against Bob at 3,
    Lightning Bolt wins unless Bob can activate Ashling three times (six Mountains): the third
    resolution deals 3 damage to each player, Alice's loss with Bob's (104.4a: a draw, no win);
    with four Mountains Ashling gets two counters and the Bolt wins whatever Bob does."""
    from mtgsolver.solver.win import win_turn

    mountains = "".join(f"  - {{id: om{i}, card: Mountain, controller: bob}}\n" for i in range(lands))
    b = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice, life: 2}, {name: bob, life: 3}]\n"
                         "zones: {alice: {hand: [Lightning Bolt]}}\nbattlefield:\n"
                         "  - {id: m, card: Mountain, controller: alice}\n"
                         "  - {id: ashling, card: Ashling the Pilgrim, controller: bob}\n" + mountains, "b.yaml",
                         real_cards)
    answer = win_turn(b, real_cards, time_limit=120)
    assert answer.solved is solved, answer.reasons
    # The win's line counts the opponent's answers as moves: its shortening ends at once rather
    # than searching to the time limit again and again with the same budget.
    assert answer.stats.positions < 200
