"""Statics that keep a player in the game (104.2b, 104.3, 704.5a, 810.8a): the ``game`` grammar
family on real cards, the state-based actions (704.3) with and without them, and the combat
damage solver (510, 704.5a) that honours them or answers undecided when one could die in the
fight."""
from __future__ import annotations

import pytest
from lark.exceptions import VisitError

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar import game as game_grammar
from mtgsolver.read.grammar.game import read
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.rules.state_based import check_state, kept_in_game
from mtgsolver.solver.damage import combat_damage
from mtgsolver.solver.resolve import LibraryReader

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice, life: 20}, {name: bob, life: %d, poison: %d}]\n"


def board(text: str, life: int = 20, poison: int = 0, cards=None):
    return parse_board_text(HEAD % (life, poison) + text, "b.yaml", library=cards)


@pytest.mark.parametrize("name, entries", [
    ("Platinum Angel", ["cant_lose_game", "opponents_cant_win_game"]),
    ("Lich's Mastery", ["cant_lose_game"]),
    ("Phyrexian Unlife", ["doesnt_lose_for_life"]),
    ("Transcendence", ["doesnt_lose_for_life"]),
    ("Abyssal Persecutor", ["cant_win_game", "opponents_cant_lose_game"]),
])
def test_real_cards_read_their_game_ending_statics(real_cards, name: str, entries: list[str]) -> None:
    card = real_cards.find(name)
    line = next(x for x in card.text.split("\n") if "can't" in x or "don't" in x)
    assert read(line, name) == entries
    assert all(e in parse_oracle_text(card.text, name)[0] for e in entries)


@pytest.mark.parametrize("line", [
    "You can't lose the game this turn and your opponents can't win the game this turn.",  # Angel's Grace: a duration
    "When Lich's Mastery leaves the battlefield, you lose the game.",
    "As long as you control a Gideon planeswalker, you can't lose the game and your opponents can't win the game.",
    "You don't lose the game for having 0 or less life unless you control a Demon.",
])
def test_lines_with_more_than_the_static_stay_unread(line: str) -> None:
    assert read(line, "X") is None


def test_a_typographic_apostrophe_reads_as_a_straight_one() -> None:
    """Platinum Angel's line as printed ("can\u2019t") reads as the pool's straight apostrophe."""
    assert read("You can\u2019t lose the game and your opponents can\u2019t win the game.", "Platinum Angel") == [
        "cant_lose_game", "opponents_cant_win_game"]


def test_an_error_of_the_compiler_is_raised_not_read_as_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the parse's errors mean "not this grammar's sentence"; a fault of the compiler
    itself leaves ``read`` as an error (exit 4), never as a line silently unread."""
    def broken(self, items):
        raise KeyError("a compiler fault")
    monkeypatch.setattr(game_grammar._Compile, "start", broken)
    with pytest.raises(VisitError) as raised:
        read("You can't lose the game.", "Lich's Mastery")
    assert isinstance(raised.value.orig_exc, KeyError)
    assert read("You can't lose the game this turn.", "Angel's Grace") is None  # a parse error stays unread


def _game(text: str, life: int, poison: int = 0, cards=None) -> Game:
    return Game(board(text, life, poison, cards), LibraryReader(cards), None)  # type: ignore[arg-type]


def test_704_5a_platinum_angel_keeps_its_controller_in_until_it_leaves(real_cards) -> None:
    """810.8a's example: while Platinum Angel is on the battlefield its controller can't lose;
    once it leaves, the next check of state-based actions ends the game (704.3, 704.5a)."""
    game = _game("battlefield:\n  - {id: angel, card: Platinum Angel, controller: bob}\n", -1, cards=real_cards)
    check_state(game)
    assert not game.players["bob"].lost
    game.leave("angel", "exile", "exiled", "406.3")
    assert check_state(game) and game.players["bob"].lost
    assert any(s.rule == "704.5a" for s in game.log)


@pytest.mark.parametrize("text, life, poison, lost", [
    ("Phyrexian Unlife", 0, 0, False),    # 704.5a only
    ("Phyrexian Unlife", 0, 10, True),    # 704.5c still applies
    ("Lich's Mastery", 0, 10, False),     # every way of losing (104.3)
    ("Grizzly Bears", 0, 0, True),
])
def test_which_state_based_losses_a_static_keeps_away(real_cards, text: str, life: int, poison: int,
                                                       lost: bool) -> None:
    game = _game(f"battlefield:\n  - {{id: k, card: {text}, controller: bob}}\n", life, poison, real_cards)
    check_state(game)
    assert game.players["bob"].lost is lost


def test_104_3_abyssal_persecutor_keeps_its_controllers_opponent_in(real_cards) -> None:
    b = board("battlefield:\n  - {id: demon, card: Abyssal Persecutor, controller: alice}\n", 0, cards=real_cards)
    assert kept_in_game(b, "bob", "704.5a").id == "demon" and kept_in_game(b, "alice", "704.5a") is None


COMBAT = ("  - {id: x, name: X, controller: alice, types: [creature], power: 5, toughness: 5}\n"
          "combat:\n  attackers: [{creature: x, target: bob}]\n  blockers: []\n")


def test_combat_damage_to_a_player_kept_in_by_an_enchantment_does_not_end_the_game(real_cards) -> None:
    """510.2, 704.5a: 5 damage takes bob to 0 life; Lich's Mastery keeps him in (104.3)."""
    for card, loses in (("Lich's Mastery", False), ("Grizzly Bears", True)):
        b = board(f"battlefield:\n  - {{id: k, card: {card}, controller: bob}}\n" + COMBAT, 5, cards=real_cards)
        result = combat_damage(b)
        assert result.decided
        assert next(p for p in result.players if p["name"] == "bob")["loses"] is loses


@pytest.mark.parametrize("blockers, decided", [("[]", True), ("[{creature: angel, blocks: [x]}]", False)])
def test_combat_damage_with_a_creature_keeping_a_player_in_is_undecided_when_it_fights(
        real_cards, blockers: str, decided: bool) -> None:
    """704.3: Platinum Angel blocking could die in the fight, and the repeated check would end the
    game; not blocking, it keeps bob in."""
    text = COMBAT.replace("blockers: []", f"blockers: {blockers}")
    b = board("battlefield:\n  - {id: angel, card: Platinum Angel, controller: bob}\n" + text, 5, cards=real_cards)
    result = combat_damage(b)
    assert (result.decided is True) is decided
    if decided:
        assert next(p for p in result.players if p["name"] == "bob")["loses"] is False
