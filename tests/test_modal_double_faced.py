"""Modal double-faced cards (712.3, 712.8a, 712.8f, 712.12): the back face in the card data, a
back face that is a land played with that face up, a board file's ``back_face``, and the
whole-turn search playing it. The cards are the 2022 pool's (Kazandu Mammoth // Kazandu Valley,
Riverglide Pathway // Lavaglide Pathway)."""
from __future__ import annotations

import pytest

from mtgsolver.load import prepare
from mtgsolver.model.errors import BoardError
from mtgsolver.read.board_file import read_board_text
from mtgsolver.read.board_writer import write_board
from mtgsolver.rules.game import Game, Illegal
from mtgsolver.rules.resolution import resolve_stack, settle
from mtgsolver.rules.turn import play_land
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.win import replay, win_turn

BOARD = """version: 1
active_player: alice
turn: {number: 1, step: precombat_main}
players: [{name: alice}, {name: bob, life: 3}]
zones: {alice: {hand: [%s]}}
battlefield:
%s
"""


class _First:
    def choose(self, key: str, options) -> int:
        return 0


def _board(hand: str, battlefield: list[str], cards):
    return prepare(read_board_text(BOARD % (hand, "\n".join("  - " + p for p in battlefield) or "  []"), "b.yaml",
                                   cards))


def test_the_back_face_is_in_the_card_data(real_cards) -> None:
    """712.3: MTGJSON's second face of a modal_dfc card; the card has its front face's
    characteristics (712.8a)."""
    card = real_cards.find("Kazandu Mammoth")
    assert card.types == ("creature",) and card.back.name == "Kazandu Valley" and card.back.types == ("land",)
    assert real_cards.find("Kazandu Valley").back is None and real_cards.find("Canopy Baloth").back is None


def test_a_land_back_face_is_played_with_that_face_up(real_cards) -> None:
    """712.12: Kazandu Mammoth played as Kazandu Valley: a land that enters tapped, its landfall
    seen by Canopy Baloth; the card is still Kazandu Mammoth (it goes to the graveyard so, 712.8a)."""
    b = _board("Kazandu Mammoth", ["{id: baloth, card: Canopy Baloth, controller: alice}"], real_cards)
    game = Game(b, LibraryReader(real_cards), _First())
    land = play_land(game, b.zones["alice"].hand[0].id, back=True)
    settle(game)
    resolve_stack(game, 0)
    valley = game.view().permanent(land)
    assert (valley.name, valley.types, valley.tapped, valley.card.name) == ("Kazandu Valley", {"land"}, True,
                                                                            "Kazandu Mammoth")
    assert game.view().permanent("baloth").power == 6
    with pytest.raises(Illegal):
        play_land(Game(b, LibraryReader(real_cards), _First()), b.zones["alice"].hand[0].id)  # the front: a creature


def test_a_back_face_up_is_written_and_read_back(real_cards) -> None:
    b = _board("", ["{id: valley, card: Kazandu Mammoth, back_face: true, controller: alice}"], real_cards)
    valley = b.permanent("valley")
    assert (valley.name, valley.card.name, valley.is_land) == ("Kazandu Valley", "Kazandu Mammoth", True)
    text = write_board(b, real_cards)
    assert "back_face: true" in text
    assert read_board_text(text, "again.yaml", real_cards).permanent("valley").name == "Kazandu Valley"
    with pytest.raises(BoardError, match=r"battlefield\[0\]\.back_face"):
        _board("", ["{id: x, card: Canopy Baloth, back_face: true, controller: alice}"], real_cards)


def test_a_win_with_a_back_face_played(real_cards) -> None:
    """A whole turn: the opponent at 3; an Island, and in hand Lightning Bolt and Riverglide
    Pathway, whose back face Lavaglide Pathway alone makes the red mana; the line replays."""
    b = _board("Riverglide Pathway, Lightning Bolt", ["{id: i, card: Island, controller: alice}"], real_cards)
    answer = win_turn(b, real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert "Lavaglide Pathway" in " ".join(answer.line.numbered())
    leaves = [p for p in replay(b, answer.line) if p.leaf]
    assert leaves and all(p.board.player("bob").lost for p in leaves)
