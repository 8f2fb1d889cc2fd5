"""An unread static with an "as long as" condition (611.3b) bears on a declaration only where its
condition holds or could come to hold before it (docs/unread.md): each atom the sorting knows is
judged on the board, true and false (solver/relevance.py ``_condition_fails``)."""
from __future__ import annotations

import pytest

from mtgsolver import check_attacks, check_blocks, load_board

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
ODDITY = "  - {{id: odd, name: Oddity, types: [creature], power: 2, toughness: 2, controller: a{more}, text: \"{text}\"}}\n"
BLOCKED = """  - {id: ox, name: Ox, types: [creature], power: 2, toughness: 4, controller: b}
combat:
  attackers: [{creature: odd, target: b}]
  blockers: [{creature: ox, blocks: [odd]}]
"""


def _verdict(result) -> str:
    """``bears`` (the line is listed and the check undecided) or ``611.3b`` (the line is not
    relevant: its condition fails)."""
    if result.legal is None:
        assert [u.permanent for u in result.unread] in (["odd"], ["beacon"])
        return "bears"
    [line] = result.not_relevant
    assert "its condition doesn't hold" in line.reason and "(611.3b)" in line.reason
    return "611.3b"


@pytest.mark.parametrize(("condition", "more", "extra", "expected"), [
    ("it's not your turn", "", "", "611.3b"),                 # its controller is the active player
    ("you have 30 or more life", "", "", "611.3b"),           # 20 life (119.1)
    ("you have 20 or more life", "", "", "bears"),
    ("Oddity has a divinity counter on it", "", "", "611.3b"),
    ("Oddity has a divinity counter on it", ", counters: {divinity: 1}", "", "bears"),
    ("Oddity has no divinity counters on it", ", counters: {divinity: 1}", "", "611.3b"),
    ("Oddity has no divinity counters on it", "", "", "bears"),
    ("Oddity is enchanted", "", "", "611.3b"),
    ("Oddity is enchanted", "", ("  - {id: halo, name: Halo, types: [enchantment], subtypes: [aura], controller: a, "
                                 "attached_to: odd}\n"), "bears"),
    ("Oddity is red", "", "", "611.3b"),                      # colorless (105.2c)
    ("Oddity is red", ", colors: [red]", "", "bears"),
])
def test_611_3b_a_must_be_blocked_line_bears_on_blocks_only_where_its_condition_holds(
        condition: str, more: str, extra: str, expected: str) -> None:
    """509.1c: "As long as <condition>, Oddity must be blocked if able" (unread) on the attacker."""
    text = f"As long as {condition}, Oddity must be blocked if able."
    board = load_board(HEAD + "battlefield:\n" + ODDITY.format(more=more, text=text) + extra + BLOCKED)
    assert _verdict(check_blocks(board)) == expected


def test_611_3b_your_turn_is_the_turn_of_the_lines_controller() -> None:
    """The defending player's "As long as it's your turn, creatures your opponents control must be
    blocked if able" doesn't hold on the attacking player's turn (500.1)."""
    beacon = ("  - {id: beacon, name: Beacon, types: [enchantment], controller: b, text: \"As long as it's your turn, "
              "creatures your opponents control must be blocked if able.\"}\n")
    board = load_board(HEAD + "battlefield:\n" + ODDITY.format(more="", text="") + beacon + BLOCKED)
    assert board.permanent("beacon").unread
    assert _verdict(check_blocks(board)) == "611.3b"


ISLAND = "name: Island, types: [land], subtypes: [island]"
PLAINS = "name: Plains, types: [land], subtypes: [plains], colors: [white]"  # a white land, made up (105.2)


@pytest.mark.parametrize(("condition", "permanent", "expected"), [
    ("you control a Swamp or an Island", ISLAND, "bears"),
    ("you control a Swamp", ISLAND, "611.3b"),
    ("you control an untapped Island", ISLAND, "bears"),
    ("you control an untapped Island", ISLAND + ", tapped: true", "611.3b"),
    ("you control a tapped Island", ISLAND + ", tapped: true", "bears"),
    ("you control a white permanent", PLAINS, "bears"),
    ("you control a black permanent", ISLAND, "611.3b"),
    ("you control a nontoken creature", ISLAND, "bears"),               # Oddity is one: not judged
])
def test_611_3b_a_control_condition_is_judged_on_the_attacking_players_permanents(
        condition: str, permanent: str, expected: str) -> None:
    """508.1c: "As long as you control ..., Oddity attacks each combat if able" (unread) bears on the
    attack if its controller controls such a permanent, or may (a word not judged): nothing
    enters, leaves, taps or untaps before attackers are declared on this board. "A Swamp or an
    Island" and "a white permanent" (105.2) were judged false whatever the board held."""
    text = f"As long as {condition}, Oddity attacks each combat if able."
    board = load_board(HEAD + "battlefield:\n" + ODDITY.format(more="", text=text)
                       + f"  - {{id: land, {permanent}, controller: a}}\n"
                       + "combat:\n  attackers: [{creature: odd, target: b}]\n")
    assert board.permanent("odd").unread
    assert _verdict(check_attacks(board)) == expected


def test_611_3b_a_graveyard_count_is_judged_on_the_graveyard(real_cards) -> None:
    """Threshold-like "seven or more cards are in your graveyard" fails with one card there
    (nothing mills, discards or dies before blockers on this board)."""
    text = "As long as seven or more cards are in your graveyard, Oddity must be blocked if able."
    board = load_board(HEAD + "zones: {a: {graveyard: [Grizzly Bears]}}\nbattlefield:\n"
                       + ODDITY.format(more="", text=text) + BLOCKED, library=real_cards)
    assert _verdict(check_blocks(board)) == "611.3b"


def test_611_3b_its_color_is_the_equipments_own_not_the_equipped_creatures() -> None:
    """"As long as Sigil is red" asks the colorless Equipment's color (105.2c), not that of the
    red creature it is attached to (only "as long as equipped creature is red" would)."""
    sigil = ("  - {id: sigil, name: Sigil, types: [artifact], subtypes: [equipment], controller: a, attached_to: odd, "
             "text: \"As long as Sigil is red, equipped creature must be blocked if able.\"}\n")
    board = load_board(HEAD + "battlefield:\n" + ODDITY.format(more=", colors: [red]", text="") + sigil + BLOCKED)
    result = check_blocks(board)
    assert result.legal is True and [u.permanent for u in result.not_relevant] == ["sigil"]
    assert "(611.3b): color red" in result.not_relevant[0].reason
