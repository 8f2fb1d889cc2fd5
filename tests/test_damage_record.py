"""The turn record of what was dealt damage this turn (120.3; Needle Drop: "any target that was
dealt damage this turn"), kept as damage is dealt, forgotten for a permanent that leaves the
battlefield (400.7), stated by a board file's ``turn.dealt_damage``; and a permanent's own
entering that adds mana (Burning-Tree Emissary), a triggered ability on the stack, not a mana
ability (605.5a), with real cards of the pool."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.errors import BoardError
from mtgsolver.read.board_writer import write_board
from mtgsolver.read.grammar.spell import read_spell
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.resolve import resolve

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: 20}, {name: b, life: 20}]\n"
MOUNTAINS = "".join(f"  - {{id: m{i}, card: Mountain, controller: a}}\n" for i in range(4))
ZONES = "zones: {a: {hand: [Needle Drop, Lightning Bolt, Unsummon], library: {count: 2, top: [Forest, Island]}}}\n"


def board(text: str, cards, lands: str = MOUNTAINS):
    return parse_board_text(HEAD + text + "battlefield:\n  - {id: ox, card: Pillarfield Ox, controller: b}\n" + lands,
                            "b.yaml", cards)


def test_needle_drop_reads_its_target_restricted_by_the_turn_record(real_cards) -> None:
    card = real_cards.find("Needle Drop")
    spell = read_spell(card.text, card.name)
    assert spell is not None
    assert spell["effects"] == [{"damage": {"amount": 1, "to": {"target": 0}}}, {"draw": {"amount": 1, "who": "you"}}]
    assert spell["targets"] == [{"kinds": ["battle", "creature", "planeswalker", "player"], "dealt_damage": True}]


@pytest.mark.parametrize("spells, legal", [
    (["cast Needle Drop>b"], False),  # nothing was dealt damage this turn
    (["cast Lightning Bolt>ox", "cast Needle Drop>b"], False),  # the Ox was, not b
    (["cast Lightning Bolt>b", "cast Needle Drop>b"], True),
    (["cast Lightning Bolt>ox", "cast Needle Drop>ox"], True),
])
def test_needle_drop_targets_only_what_was_dealt_damage(real_cards, spells: list[str], legal: bool) -> None:
    r = resolve(board(ZONES, real_cards), spells)
    assert r.resolved is legal, r.reason
    if legal:
        dealt = 4 if spells[-1].endswith(">b") else 0
        assert r.board.player("b").life == 20 - dealt
        assert [c.name for c in r.board.zones["a"].hand] == ["Unsummon", "Forest"]  # 121.1: drawn from the top


def test_damage_earlier_in_the_turn_counts_and_round_trips(real_cards) -> None:
    b = board("turn: {dealt_damage: [b, ox]}\n" + ZONES, real_cards)
    assert parse_board_text(write_board(b), "b.yaml", real_cards).turn.dealt_damage == {"b", "ox"}
    r = resolve(b, ["cast Needle Drop>ox"])
    assert r.resolved, r.reason
    with pytest.raises(BoardError, match=r"turn.dealt_damage\[0\]"):
        board("turn: {dealt_damage: [nobody]}\n", real_cards)


def test_a_permanent_that_left_the_battlefield_was_not_dealt_damage_as_a_new_object(real_cards) -> None:
    """400.7: the Ox returned to its owner's hand is a new object; the record forgets it."""
    b = board("turn: {dealt_damage: [ox]}\n" + ZONES, real_cards,
              MOUNTAINS + "  - {id: island, card: Island, controller: a}\n")
    r = resolve(b, ["cast Unsummon>ox"])
    assert r.resolved, r.reason
    assert r.board.turn.dealt_damage == frozenset()


def test_burning_tree_emissary_adds_its_mana_as_its_trigger_resolves(real_cards) -> None:
    """605.5a: "When ~ enters the battlefield, add {R}{G}" triggers on entering, not on a mana
    ability: it goes on the stack and adds the mana as it resolves."""
    card = real_cards.find("Burning-Tree Emissary")
    entries, unread = parse_oracle_text(card.text, card.name)
    assert not unread
    assert entries == [{"triggered": {"event": {"kind": "enters"}, "effects": [{"add_mana": {"mana": ["R", "G"]}}],
                                      "text": card.text}}]
    priest = real_cards.find("Priest of Urabrask")  # the same words, three red
    assert parse_oracle_text(priest.text, priest.name)[0][0]["triggered"]["effects"] == [
        {"add_mana": {"mana": ["R", "R", "R"]}}]
    r = resolve(board("zones: {a: {hand: [Burning-Tree Emissary]}}\n", real_cards), ["cast Burning-Tree Emissary"])
    assert r.resolved, r.reason
    assert sorted(m.type for m in r.board.mana_pools["a"] for _ in range(m.amount)) == ["G", "R"]
