"""Leveler cards (711, 702.87): each level symbol is a static ability giving the abilities and
the base power and toughness of its striation while the permanent's level counters are in its
range (711.2a-b); below the first range the printed P/T stands (711.5); lines outside the
sections always apply (711.4). Read with the board's ``counters: {level: N}``, on real cards of
the 2022-04-25 pool (Joraga Treespeaker, Kargan Dragonlord)."""
from __future__ import annotations

import json

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_file import level_sections
from mtgsolver.solver.payment import pay

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"
JORAGA = ('Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)\nLEVEL 1-4\n1/2\n'
          '{T}: Add {G}{G}.\nLEVEL 5+\n1/4\nElves you control have "{T}: Add {G}{G}."')


def board(pool, *perms: str):
    return parse_board_text(HEAD + "".join(f"  - {{controller: a, {p}}}\n" for p in perms), "levels.yaml", pool)


@pytest.mark.parametrize("level, kept, pt", [
    (0, ["Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)"], None),
    (1, ["Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)", "{T}: Add {G}{G}."],
     [1, 2]),
    (4, ["Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)", "{T}: Add {G}{G}."],
     [1, 2]),
    (7, ["Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)",
         'Elves you control have "{T}: Add {G}{G}."'], [1, 4]),
])
def test_the_section_in_range_is_the_one_read(level, kept, pt) -> None:
    """711.2a (N1-N2), 711.2b (N3+), 711.4 (the level up line), 711.5 (below N1: nothing)."""
    text, entries = level_sections(JORAGA, level)
    assert text.splitlines() == kept
    assert [e["continuous"]["set_pt"] for e in entries] == ([pt] if pt else [])


def test_joraga_treespeaker_at_level_2_taps_for_two_and_grants_nothing(pool) -> None:
    """At level 2 Joraga taps for {G}{G} and is 1/2; the Elves keep their own {G} (its level 5
    ability is not there yet); at level 5 it is 1/4 and every Elf taps for {G}{G}."""
    two = board(pool, "id: j, card: Joraga Treespeaker, counters: {level: 2}", "id: e, card: Llanowar Elves")
    assert (two.permanent("j").power, two.permanent("j").toughness) == (1, 2)
    assert pay(two, "{G}{G}{G}").payable and pay(two, "{G}{G}{G}{G}").payable is False
    five = board(pool, "id: j, card: Joraga Treespeaker, counters: {level: 5}", "id: e, card: Llanowar Elves")
    assert (five.permanent("j").power, five.permanent("j").toughness) == (1, 4)
    assert pay(five, "{G}{G}{G}{G}").payable
    zero = board(pool, "id: j, card: Joraga Treespeaker", "id: e, card: Llanowar Elves")
    assert (zero.permanent("j").power, zero.permanent("j").toughness) == (1, 1)
    assert pay(zero, "{G}{G}").payable is False  # no mana ability below level 1 (711.5)


def test_kargan_dragonlord_keywords_and_pt_by_level(pool) -> None:
    """Kargan Dragonlord: level 4-7 a 4/4 flier, level 8+ an 8/8 with flying and trample; a
    +1/+1 counter applies after the section's base P/T (613.4b, 613.4c)."""
    four = board(pool, "id: k, card: Kargan Dragonlord, counters: {level: 4, +1/+1: 1}").permanent("k")
    assert (four.power, four.toughness) == (5, 5) and four.has_keyword("flying") and not four.has_keyword("trample")
    eight = board(pool, "id: k, card: Kargan Dragonlord, counters: {level: 9}").permanent("k")
    assert (eight.power, eight.toughness) == (8, 8) and eight.has_keyword("trample")
    zero = board(pool, "id: k, card: Kargan Dragonlord").permanent("k")
    assert (zero.power, zero.toughness) == (2, 2) and not zero.has_keyword("flying")


def test_an_inline_leveler_and_a_given_pt(pool) -> None:
    """The board's own text is read the same way; a board that gives power and toughness keeps
    them (the section's P/T then does not apply)."""
    inline = board(pool, "id: t, name: Treespeaker, types: [creature], subtypes: [elf], power: 1, toughness: 1, "
                         f"counters: {{level: 3}}, text: {json.dumps(JORAGA)}")
    assert (inline.permanent("t").power, inline.permanent("t").toughness) == (1, 1)  # given P/T
    assert pay(inline, "{G}{G}").payable and pay(inline, "{G}{G}{G}").payable is False
