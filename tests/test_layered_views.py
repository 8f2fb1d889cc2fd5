"""The whole-turn search's shared layered views (:class:`mtgsolver.rules.game.Views`, 613): a
game state met again in another game (the same step replayed with another choice) gets the view
layered the first time; a state that differs in anything the layers read is layered anew, and
every view is the one :func:`mtgsolver.rules.layers.apply_layers` makes of the game's board."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.read.card_files import bundled_library
from mtgsolver.rules.game import Game, Views
from mtgsolver.rules.layers import apply_layers
from mtgsolver.solver.resolve import LibraryReader

BOARD = """version: 1
active_player: a
players: [{name: a}, {name: b}]
battlefield:
  - {id: lord, name: Lord, types: [creature], subtypes: [elf], power: 1, toughness: 1, controller: a,
     text: "Other Elf creatures you control get +1/+1."}
  - {id: e1, name: Elf One, types: [creature], subtypes: [elf], power: 1, toughness: 1, controller: a}
  - {id: e2, name: Elf Two, types: [creature], subtypes: [elf], power: 2, toughness: 2, controller: a}
"""


class _First:
    def choose(self, key: str, options: object) -> int:
        return 0


def _games(views: Views) -> tuple[Game, Game]:
    board = parse_board_text(BOARD, "views.yaml")
    reader = LibraryReader(bundled_library())
    return Game(board, reader, _First(), views=views), Game(board, reader, _First(), views=views)


def _seen(view) -> list[tuple[str, int | None, int | None, bool, int]]:
    return [(p.id, p.power, p.toughness, p.tapped, p.counters.get("+1/+1", 0)) for p in view.permanents]


def test_a_state_met_again_in_another_game_is_layered_once() -> None:
    views = Views()
    one, two = _games(views)
    one.update("e1", tapped=True)
    two.update("e1", tapped=True)  # an equal state of other objects: each of its fields the same
    assert two.view() is one.view()
    assert _seen(one.view()) == _seen(apply_layers(one.board())) == [
        ("lord", 1, 1, False, 0), ("e1", 2, 2, True, 0), ("e2", 3, 3, False, 0)]


def test_a_state_that_differs_is_layered_anew() -> None:
    views = Views()
    one, two = _games(views)
    one.update("e1", tapped=True)
    two.update("e2", tapped=True)
    assert two.view() is not one.view()
    assert _seen(two.view()) == _seen(apply_layers(two.board()))
    one.update("e2", counters={"+1/+1": 1})  # 613.4c: counters after the lord's +1/+1
    two.leave("lord", "graveyard", "destroyed", "701.7a")  # the lord gone, its effect ends (611.3a)
    assert _seen(one.view()) == _seen(apply_layers(one.board())) == [
        ("lord", 1, 1, False, 0), ("e1", 2, 2, True, 0), ("e2", 4, 4, False, 1)]
    assert _seen(two.view()) == _seen(apply_layers(two.board())) == [("e1", 1, 1, False, 0), ("e2", 2, 2, True, 0)]


def test_a_full_store_starts_again() -> None:
    views = Views(limit=2)
    one, two = _games(views)
    one.view()
    one.update("e1", tapped=True)
    one.view()
    assert len(views.known) == 2
    two.update("e2", tapped=True)
    assert _seen(two.view()) == _seen(apply_layers(two.board())) and len(views.known) == 1
