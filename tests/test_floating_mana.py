"""Mana abilities activated for the pool alone in a whole-turn search (605.3a: whenever the
player has priority; 106.4, 500.4: the mana stays until the step ends), where the moment
matters: River of Tears ("{T}: Add {U}. If you played a land this turn, add {B} instead.",
305.2, 614.1a) adds {U} only before its controller plays a land."""
from __future__ import annotations

from mtgsolver.load import prepare
from mtgsolver.read.board_file import read_board_text
from mtgsolver.rules.game import Game
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.turn_moves import moves
from mtgsolver.solver.win import check_line, win_turn

BOARD = """version: 1
active_player: alice
turn: {step: precombat_main, lands_played: {alice: %d}}
players: [{name: alice}, {name: bob, life: 3}]
zones: {alice: {hand: [{name: Drain, types: [sorcery], mana_cost: '%s', text: 'Drain deals 3 damage to any target.'},
                       %s]}}
battlefield:
  - {id: river, card: River of Tears, controller: alice}
"""


class _First:
    def choose(self, key: str, options) -> int:
        return 0


def _board(cost: str, land: str, real_cards, played: int = 0):
    return prepare(read_board_text(BOARD % (played, cost, land), "b.yaml", real_cards))


def test_river_of_tears_floats_its_blue_mana_before_a_land_is_played(real_cards) -> None:
    """{U}{B} with River of Tears and a Swamp in hand: only {U} floated before the Swamp is
    played pays it; the line names the activation and replays (``produce`` checks the mana)."""
    b = _board("{U}{B}", "Swamp", real_cards)
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is True, answer.reasons
    texts = [s.text for s in answer.line.steps]
    floated = next(n for n, t in enumerate(texts) if "adding {U} to the pool (605.3a)" in t)
    assert floated < next(n for n, t in enumerate(texts) if t.startswith("play Swamp"))
    assert all(c.ok for c in check_line(b, answer.line, real_cards))


def test_floated_mana_adds_no_mana_a_source_could_not_make(real_cards) -> None:
    """{U}{U}: River of Tears makes one {U} however early it is tapped, the Swamp none: no win.
    Once a land was played this turn, floating adds {B} (no {U} move is offered)."""
    assert win_turn(_board("{U}{U}", "Swamp", real_cards), real_cards, time_limit=30).solved is False
    for played, mana in ((0, "U"), (1, "B")):
        b = _board("{U}{B}", "Swamp", real_cards, played)
        found = [m for m in moves(Game(b, LibraryReader(real_cards), _First()), "alice", False).moves
                 if m.kind == "mana"]
        assert [[p.type for p in m.payment.pool] for m in found] == [[mana]]


def test_an_island_is_not_floated(real_cards) -> None:
    """A source whose mana does not depend on the board gets no ``mana`` move: paying taps it."""
    b = prepare(read_board_text(BOARD.replace("river, card: River of Tears", "isl, card: Island")
                                % (0, "{U}{B}", "Swamp"), "b.yaml", real_cards))
    assert not [m for m in moves(Game(b, LibraryReader(real_cards), _First()), "alice", False).moves
                if m.kind == "mana"]


def test_mana_made_ahead_of_a_return_is_a_doubt_only_for_a_player_with_a_source_to_tap(real_cards) -> None:
    """605.3a, 106.4: with Kor Skyfisher (it returns a permanent to its owner's hand) in the game,
    tapping a land ahead and returning it could gain mana, which the search doesn't try: a doubt
    on the moves of alice, who has untapped Plains, none on Children of Korlis's controller, who
    has no mana ability (Elvish Spirit Guide in his hand would be one, 605.1a). Bob's answers are
    searched, so Foundry Screecher's 2 flying damage wins
    against his 2 life whenever he sacrifices Children of Korlis."""
    text = ("version: 1\nactive_player: alice\nturn: {step: precombat_main}\n"
            "players: [{name: alice}, {name: bob, life: 2}]\nzones: {alice: {hand: [{card: Kor Skyfisher}]}}\n"
            "battlefield:\n  - {id: plains, card: Plains, controller: alice}\n"
            "  - {id: plains_2, card: Plains, controller: alice}\n"
            "  - {id: screecher, card: Foundry Screecher, controller: alice}\n"
            "  - {id: children, card: Children of Korlis, controller: bob}\n")
    b = prepare(read_board_text(text, "k.yaml", real_cards))
    game = Game(b, LibraryReader(real_cards), _First())
    doubt = "tapping a source for mana ahead of paying"
    assert any(doubt in n for n in moves(game, "alice", False).notes)
    assert not any(doubt in n for n in moves(game, "bob", True).notes)
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is True, answer.reasons
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
    guide = prepare(read_board_text(text.replace("players: [{name: alice}, {name: bob, life: 2}]\nzones: {alice: ",
                                                 "players: [{name: alice}, {name: bob, life: 2}]\nzones: "
                                                 "{bob: {hand: [{card: Elvish Spirit Guide}]}, alice: "),
                                    "k.yaml", real_cards))
    assert any(doubt in n for n in moves(Game(guide, LibraryReader(real_cards), _First()), "bob", True).notes)


def test_a_return_to_hand_is_tried_once_for_each_class_of_twins(real_cards) -> None:
    """115.10, 400.7 (symmetry): Kor Skyfisher's "return a permanent you control" among three
    untapped Swamps, a tapped one and a Plains is tried for one untapped Swamp, the tapped one and
    the Plains; a Swamp a target of the move or a choice on the way names stays its own class."""
    from mtgsolver.solver.turn import _distinct_options

    lands = "".join(f"  - {{id: s{i}, card: Swamp, controller: a{', tapped: true' if i == 3 else ''}}}\n"
                    for i in range(4))
    b = prepare(read_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                                "turn: {step: precombat_main}\nbattlefield:\n" + lands
                                + "  - {id: p, card: Plains, controller: a}\n", "t.yaml", real_cards))
    game = Game(b, LibraryReader(real_cards), _First())
    options = ["s0", "s1", "s2", "s3", "p"]
    assert _distinct_options(game, options, ("step", "precombat_main"), ()) == [0, 3, 4]
    assert _distinct_options(game, options, ("step", "precombat_main"), ("a: targets:x:1 = s1",)) == [0, 1, 3, 4]
