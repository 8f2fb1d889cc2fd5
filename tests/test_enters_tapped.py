"""603.6d: "[This permanent] enters tapped." is a static ability applied as the permanent enters,
however it enters (a land played, 305.1; a permanent put onto the battlefield), with real cards of
the 2022 pool (Izzet Guildgate, Scarwood Treefolk)."""
from __future__ import annotations

from mtgsolver.load import prepare
from mtgsolver.read.board_file import read_board_text
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.rules.turn import play_land
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.win import win_turn

HAND = """version: 1
active_player: alice
turn: {step: precombat_main}
players: [{name: alice}, {name: bob, life: 3}]
zones: {alice: {hand: [Lightning Bolt, %s]}}
"""


class _First:
    def choose(self, key: str, options) -> int:
        return 0


def load(text: str, library):
    return prepare(read_board_text(text, "b.yaml", library))


def test_603_6d_enters_tapped_is_read_and_its_near_shapes_are_not() -> None:
    assert parse_oracle_text("Izzet Guildgate enters the battlefield tapped.", "Izzet Guildgate") == (
        ["enters_tapped"], [])
    assert parse_oracle_text("This creature enters tapped.", "Scarwood Treefolk") == (["enters_tapped"], [])
    for line in ("Izzet Boilerworks enters the battlefield tapped unless you control a Mountain.",
                 "Creatures your opponents control enter the battlefield tapped."):
        assert parse_oracle_text(line, "X")[1] == [line]


def test_603_6d_a_land_played_enters_tapped(real_cards) -> None:
    b = load(HAND % "Izzet Guildgate", real_cards)
    game = Game(b, LibraryReader(real_cards), _First())
    gate = play_land(game, next(zc.id for zc in b.zones["alice"].hand if zc.name == "Izzet Guildgate"))
    assert game.perm(gate).tapped
    assert "tapped" in game.log[-1].message


def test_a_land_that_enters_tapped_pays_for_nothing_this_turn(real_cards) -> None:
    """Lightning Bolt against 3 life: a Mountain played pays for it, Izzet Guildgate doesn't (no
    line left unsearched: no win)."""
    for land, won in (("Mountain", True), ("Izzet Guildgate", False)):
        b = load(HAND % land, real_cards)
        assert win_turn(b, real_cards, time_limit=30).solved is won, land


def test_614_1d_a_shock_land_enters_untapped_for_2_life_or_tapped(real_cards) -> None:
    """Watery Grave: "As Watery Grave enters the battlefield, you may pay 2 life. If you don't, it
    enters the battlefield tapped." Its controller's choice (``enters:alice:ID``): paying 2 life
    it enters untapped; at 1 life it can't be paid (119.4) and the land enters tapped."""
    assert parse_oracle_text(real_cards.find("Watery Grave").text, "Watery Grave") == (
        [{"enters_tapped_unless_paid_life": 2}], [])

    class Last:
        def choose(self, key: str, options) -> int:
            assert key.startswith("enters:alice:")
            return len(options) - 1

    for life, chooser, tapped, after in ((20, _First(), False, 18), (20, Last(), True, 20), (1, _First(), True, 1)):
        b = load((HAND % "Watery Grave").replace("{name: alice}", f"{{name: alice, life: {life}}}"), real_cards)
        game = Game(b, LibraryReader(real_cards), chooser)
        grave = play_land(game, next(zc.id for zc in b.zones["alice"].hand if zc.name == "Watery Grave"))
        assert game.perm(grave).tapped is tapped and game.players["alice"].life == after


def test_the_search_pays_life_for_an_untapped_shock_land_to_win(real_cards) -> None:
    """Sovereign's Bite ({1}{B}: 3 life) against 3 life with a Swamp and Watery Grave in hand: the
    Grave paid for (2 life) pays the {1}; at 2 life paying would lose the game (704.5a) first, at
    1 it can't be paid: no win. The line replays with the choice named."""
    from mtgsolver.solver.win import check_line

    text = ("version: 1\nactive_player: alice\nturn: {step: precombat_main}\n"
            "players: [{name: alice, life: %d}, {name: bob, life: 3}]\n"
            "zones: {alice: {hand: [Sovereign's Bite, Watery Grave]}}\n"
            "battlefield:\n  - {id: swamp, card: Swamp, controller: alice}\n")
    for life, won in ((20, True), (2, False), (1, False)):
        b = load(text % life, real_cards)
        answer = win_turn(b, real_cards, time_limit=30)
        assert answer.solved is won, (life, answer.reasons)
        if won:
            assert all(c.ok for c in check_line(b, answer.line, real_cards))
