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
