"""Abilities that trigger on a land played (305.1, 603.2): "When you play another land, sacrifice
City of Traitors." triggers on a land its controller plays, not on itself (the land it names
"another" than it) and not on a land put onto the battlefield otherwise."""
from __future__ import annotations

from mtgsolver.load import prepare
from mtgsolver.read.board_file import read_board_text
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.rules.resolution import resolve_stack, settle
from mtgsolver.rules.turn import play_land
from mtgsolver.solver.resolve import LibraryReader

BOARD = """version: 1
active_player: alice
turn: {step: precombat_main}
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: [%s]}}
battlefield:
%s
"""


class _First:
    def choose(self, key: str, options) -> int:
        return 0


def _played(hand: str, battlefield: list[str], real_cards) -> Game:
    b = prepare(read_board_text(BOARD % (hand, "\n".join("  - " + p for p in battlefield) or "  []"), "b.yaml",
                                real_cards))
    game = Game(b, LibraryReader(real_cards), _First())
    play_land(game, b.zones["alice"].hand[0].id)
    settle(game)
    resolve_stack(game, 0)
    return game


def test_the_land_play_trigger_is_read() -> None:
    assert parse_oracle_text("When you play another land, sacrifice City of Traitors.", "City of Traitors")[0] == [
        {"triggered": {"event": {"kind": "plays_land", "other": True},
                       "effects": [{"sacrifice": {"what": "source", "who": "you"}}],
                       "text": "When you play another land, sacrifice City of Traitors."}}]
    assert parse_oracle_text("Whenever you play a land, you gain 1 life.", "X")[0][0]["triggered"]["event"] == {
        "kind": "plays_land"}


def test_city_of_traitors_is_sacrificed_when_another_land_is_played(real_cards) -> None:
    game = _played("Mountain", ["{id: city, card: City of Traitors, controller: alice}"], real_cards)
    assert not game.on_battlefield("city")
    assert "City of Traitors" in [zc.name for zc in game.board().zones["alice"].graveyard]


def test_city_of_traitors_played_stays_and_an_opponents_land_play_does_not_count(real_cards) -> None:
    game = _played("City of Traitors", [], real_cards)
    assert [p.name for p in game.board().permanents] == ["City of Traitors"]
    game = _played("Mountain", ["{id: city, card: City of Traitors, controller: bob}"], real_cards)
    assert game.on_battlefield("city")


def test_lotus_cobra_adds_mana_as_a_land_enters(real_cards) -> None:
    """Landfall (207.2c): "Whenever a land enters the battlefield under your control, add one mana of
    any color." is no mana ability (605.1b: it triggers on no mana ability); it resolves from the
    stack, the mana of the color its controller chooses to their pool (106.3)."""
    [entry], unread = parse_oracle_text("Landfall — Whenever a land enters the battlefield under your control, add one "
                                        "mana of any color.", "Lotus Cobra")
    assert not unread and entry["triggered"]["effects"] == [{"add_mana": {"any_color": 1}}]
    assert parse_oracle_text("Whenever you cast a spell, add {R}.", "X")[1]  # a trigger on a spell: unread
    game = _played("Jungle Hollow", ["{id: cobra, card: Lotus Cobra, controller: alice}"], real_cards)
    assert [(m.type, m.amount) for m in game.pools["alice"]] == [("W", 1)]  # the first color chosen
    game = _played("Jungle Hollow", ["{id: cobra, card: Lotus Cobra, controller: bob}"], real_cards)
    assert not game.pools.get("alice")


def test_a_win_with_lotus_cobras_mana(real_cards) -> None:
    """A whole turn: the opponent at 3; a Mountain, Lotus Cobra and Jungle Hollow (it enters
    tapped) in hand pay Lightning Strike ({1}{R}) only with the Cobra's mana; the line replays."""
    from mtgsolver.solver.win import replay, win_turn

    b = prepare(read_board_text(
        BOARD.replace("players: [{name: alice}, {name: bob}]", "players: [{name: alice}, {name: bob, life: 3}]")
        % ("Jungle Hollow, Lightning Strike", "  - {id: m, card: Mountain, controller: alice}\n"
           "  - {id: cobra, card: Lotus Cobra, controller: alice, summoning_sick: true}"), "b.yaml", real_cards))
    answer = win_turn(b, real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    leaves = [p for p in replay(b, answer.line) if p.leaf]
    assert leaves and all(p.board.player("bob").lost for p in leaves)
