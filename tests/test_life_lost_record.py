"""The turn record of the life each player lost this turn (119.3; 120.3a: damage dealt to a
player causes that loss; 119.4: life paid is lost), kept as life totals go down and stated by a
board file's ``turn.life_lost``; the amount "the life you've lost this turn" (Children of Korlis),
with real cards of the pool."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.errors import BoardError
from mtgsolver.read.board_writer import write_board
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.rules.resolution import gain_life
from mtgsolver.solver.resolve import LibraryReader, resolve

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: 20}, {name: b, life: 20}]\n"
KORLIS = "battlefield:\n  - {id: children, card: Children of Korlis, controller: a}\n"


def board(text: str, cards):
    return parse_board_text(HEAD + text, "b.yaml", cards)


def test_children_of_korlis_reads_the_life_lost_this_turn(real_cards) -> None:
    card = real_cards.find("Children of Korlis")
    entries, unread = parse_oracle_text(card.text, card.name)
    assert not unread
    assert entries[0]["activated"]["effects"] == [{"gain_life": {"amount": {"life_lost": "you"}, "who": "you"}}]


def test_life_going_down_is_kept_on_the_turn_record_and_life_gained_does_not_offset_it(real_cards) -> None:
    """119.3: a player's life lost this turn adds up each loss; gaining life later doesn't take
    it back (Children of Korlis counts the life lost, not the net change)."""
    game = Game(board("", real_cards), LibraryReader(real_cards), None)  # type: ignore[arg-type]
    game.set_player("a", life=17)
    gain_life(game, "a", 5)
    game.set_player("a", life=20)
    assert dict(game.board().turn.life_lost) == {"a": 5}


@pytest.mark.parametrize("spells, gained", [
    (["activate children"], 0),
    (["cast Lightning Bolt>a", "activate children"], 3),  # 120.3a: damage dealt to a player is life lost
    (["cast Lightning Bolt>b", "activate children"], 0),  # the opponent's loss is not "you've lost"
])
def test_children_of_korlis_gains_the_life_its_controller_lost(real_cards, spells: list[str], gained: int) -> None:
    b = board("zones: {a: {hand: [Lightning Bolt]}}\n" + KORLIS, real_cards)
    r = resolve(b, spells, free=True)
    assert r.resolved, r.reason
    assert r.board.player("a").life == 20 - (3 if "cast Lightning Bolt>a" in spells else 0) + gained


def test_life_lost_before_the_board_counts(real_cards) -> None:
    r = resolve(board("turn: {life_lost: {a: 4}}\n" + KORLIS, real_cards), ["activate children"], free=True)
    assert r.resolved, r.reason
    assert r.board.player("a").life == 24 and r.board.turn.life_lost == {"a": 4}


def test_the_turn_record_of_life_lost_round_trips_and_names_bad_fields(real_cards) -> None:
    b = board("turn: {life_lost: {a: 3}}\n", real_cards)
    assert dict(parse_board_text(write_board(b), "b.yaml", real_cards).turn.life_lost) == {"a": 3}
    assert "life_lost" not in write_board(board("", real_cards))
    with pytest.raises(BoardError, match="turn.life_lost.carol"):
        board("turn: {life_lost: {carol: 1}}\n", real_cards)
    with pytest.raises(BoardError, match="turn.life_lost.a"):
        board("turn: {life_lost: {a: -1}}\n", real_cards)
