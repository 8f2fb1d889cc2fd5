"""Which unread lines bear on a win found along its line (solver/relevance.py ``line_bearing``,
``turn_bearing``; docs/unread.md): a line that only works on an event the line never brought, or
an opponent's ability they plainly can't activate, doesn't."""
from __future__ import annotations

import pytest

from mtgsolver import load_board
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.line_kinds import line_kinds
from mtgsolver.solver.relevance import entered_bearing, line_bearing, turn_bearing

HEAD = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nturn: {step: precombat_main}\n"
        "battlefield:\n  - {id: bear, name: Bear, types: [creature], power: 2, toughness: 2, controller: a}\n")


def _odd(text: str, controller: str = "b", more: str = "") -> str:
    return (f"  - {{id: odd, name: Oddity, types: [creature], power: 2, toughness: 2, controller: {controller}"
            f"{more}, text: \"{text}\"}}\n")


@pytest.mark.parametrize(("text", "extra", "more", "kept"), [
    # 603.6c, 603.10a: it never left the battlefield
    ("When Oddity leaves the battlefield, exchange control of two target creatures.", "", "", False),
    # 614.1c, 614.12: nothing entered
    ("Creatures your opponents control enter the battlefield tapped.", "", "", False),
    # 601.2f: no spell was cast
    ("Creature spells your opponents cast cost {2} more to cast.", "", "", False),
    # 702.63a: no time counter was removed from it (with and without counters)
    ("Vanishing 3", "", "", False),
    ("Vanishing 3", "", ", counters: {time: 2}", False),
    # 602.2b, 107.5: its tap cost can't be paid while it is tapped
    ("{T}: Exchange control of two target creatures.", "", ", tapped: true", False),
    ("{T}: Exchange control of two target creatures.", "", "", True),
    # 601.2g-h: mana to pay and no untapped permanent with a mana ability; with a Forest it could
    ("{2}: Exchange control of two target creatures.", "", "", False),
    ("{2}: Exchange control of two target creatures.",
     "  - {id: forest, card: Forest, controller: b}\n", "", True),
    # 305.1: no land was played (the turn's record names none)
    ("When you play a land, exchange control of two target creatures.", "", "", False),
    # 603.2: a trigger on an event of the line may have triggered, whatever its controller can pay
    ("Whenever a creature dies, exchange control of two target creatures.", "", "", True),
])
def test_a_line_bears_on_a_win_only_if_the_line_can_have_made_it_work(
        text: str, extra: str, more: str, kept: bool, real_cards) -> None:
    """An opponent's unread line on a line of play that changed nothing (the board after it is
    the board before)."""
    board = load_board(HEAD + _odd(text, more=more) + extra, library=real_cards)
    [line] = board.permanent("odd").unread
    assert bool(line_bearing([UnreadLine("odd", line, line_kinds(line))], board, [board])) is kept


def test_an_opponents_attack_trigger_doesnt_bear_on_the_searching_players_turn() -> None:
    """508.1: only the active player attacks: the opponent's "Whenever Oddity attacks" bears on
    neither answer; the searching player's own bears on both."""
    text = "Whenever Oddity attacks, exchange control of two target creatures."
    theirs = turn_bearing(load_board(HEAD + _odd(text)), False)
    assert theirs == ((), ())
    mine = turn_bearing(load_board(HEAD + _odd(text, controller="a")), False)
    assert [[u.line for u in side] for side in mine] == [[text], [text]]


@pytest.mark.parametrize(("text", "bears"), [
    # 603.2: a trigger on another creature entering works on the battlefield (603.6a is its own entering only)
    (("Whenever another creature enters the battlefield under your control, exchange control of two target "
      "creatures."), [True, True]),
    # 602.5d: the searching player may activate it in a main phase: it bears on "no win" only
    ("{2}: Exchange control of two target creatures. Activate only as a sorcery.", [False, True]),
])
def test_the_searching_players_unread_lines_bear_on_what_they_could_change(text: str, bears: list[bool]) -> None:
    """The searching player's own permanent's line: a trigger on another permanent entering bears
    on both answers; a sorcery-speed activated ability, theirs to activate or not, on "no win" only."""
    sides = turn_bearing(load_board(HEAD + _odd(text, controller="a")), False)
    assert [[u.line for u in side] == [text] for side in sides] == bears


def test_an_unread_instant_or_sorcery_in_hand_bears_on_no_win(real_cards) -> None:
    """Switcheroo in hand (unread: "Exchange control of two target creatures."): the search can't
    cast it, so it bears on a proof that there is no win (601.2), not on a win found."""
    board = load_board(HEAD + "zones: {a: {hand: [Switcheroo]}}\n", library=real_cards)
    assert [[u.line for u in side] for side in turn_bearing(board, False)] == \
        [[], ["Exchange control of two target creatures."]]


def test_a_copied_opponents_ability_still_bears_on_a_win(real_cards) -> None:
    """Clone in hand may enter as a copy of the opponent's Oddity (707.2): the copy's line bears on
    "no win", and the opponent's own activated ability still bears on a win found (602.2)."""
    text = "{2}: Exchange control of two target creatures."
    board = load_board(HEAD + _odd(text) + "  - {id: forest, card: Forest, controller: b}\n"
                       + "zones: {a: {hand: [Clone]}}\n", library=real_cards)
    assert [[u.line for u in side] for side in turn_bearing(board, False)] == [[text], [text]]


@pytest.mark.parametrize("text", ["Fabricate 1", "Echo {2}{R}"])
def test_entering_and_upkeep_keywords_dont_bear_on_a_permanent_past_its_upkeep(text: str) -> None:
    """Fabricate works as its permanent enters (702.123a) and echo in its controller's upkeep
    (702.30a): on a permanent already on the battlefield after the upkeep, neither bears."""
    assert turn_bearing(load_board(HEAD + _odd(text, controller="a")), False) == ((), ())


def test_712_12_cards_in_hand_bear_on_no_win_by_their_faces_unread_lines(real_cards) -> None:
    """Valki, God of Lies in hand may be cast as its back face, Tibalt, Cosmic Impostor (712.12):
    both faces' unread lines bear on "no win". Reality Acid's "Enchant permanent" is read as its
    spell's target (303.4a, 702.5a); its vanishing (702.63a) and leaves trigger bear, upkeep or not."""
    board = load_board(HEAD + 'zones: {a: {hand: ["Valki, God of Lies // Tibalt, Cosmic Impostor", Reality Acid]}}\n',
                       library=real_cards)
    valki, acid = board.zones["a"].hand
    tibalt = ['As Tibalt enters the battlefield, you get an emblem with "You may play cards exiled with Tibalt, '
              'Cosmic Impostor, and you may spend mana as though it were mana of any color to cast those spells."',
              "[+2]: Exile the top card of each player's library.", "[\u22128]: Exile all graveyards. Add {R}{R}{R}."]
    against_win, against_no = turn_bearing(board, False)
    assert against_win == ()
    assert [(u.permanent, u.line, u.kinds) for u in against_no] == [
        *((valki.id, line, line_kinds(line)) for line in (*tibalt, *valki.permanent.unread)),
        *((acid.id, line, line_kinds(line)) for line in acid.permanent.unread[1:])]
    assert acid.permanent.unread[0] == "Enchant permanent" and line_kinds(tibalt[2]) == {"mana"}


def test_lines_of_a_permanent_that_entered_bear_on_a_win_unless_its_controllers_to_use() -> None:
    """A permanent that entered during a winning line: its trigger that isn't its controller's to
    decline could change the win (603.2); its activated ability is theirs to activate (602.1)."""
    dies = "Whenever a creature dies, exchange control of two target creatures."
    board = load_board(HEAD + _odd(dies, controller="a") + _odd("{T}: Exchange control of two target creatures.",
                                                                 controller="a").replace("id: odd", "id: rod"))
    found = entered_bearing([board.permanent("odd"), board.permanent("rod")], "a")
    assert [(u.permanent, u.line) for u in found] == [("odd", dies)]
