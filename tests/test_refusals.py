"""Boards that can't be are refused, naming the field, never answered: a value of the wrong kind
in the vocabulary, attachments in a circle (301.5, 303.4), a non-creature declared as an
attacker or a blocker (506.1, 508.1a, 509.1a), and an illegal block given to ``damage`` (509.1)."""
from __future__ import annotations

import pytest

from mtgsolver.commands import board_from, run
from mtgsolver.model.errors import BoardError

HEAD = "active_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
BEAR = "{{id: {id}, name: Bear, types: [creature], power: 2, toughness: 2, controller: {who}{extra}}}"


def _bear(pid: str, who: str, extra: str = "") -> str:
    return "  - " + BEAR.format(id=pid, who=who, extra=extra) + "\n"


def _refused(text: str) -> BoardError:
    with pytest.raises(BoardError) as info:
        run("damage", board_from(text))
    return info.value


@pytest.mark.parametrize(("entry", "path", "words"), [
    ("{protection: 5}", "battlefield[0].keywords[0].protection", "expected a quality"),
    ("{cant_be_blocked_by: {color: 5}}", "battlefield[0].keywords[0]", "expects a word"),
    ("{cant_be_blocked_by: {colorless: 1}}", "battlefield[0].keywords[0]", "true or false"),
])
def test_a_vocabulary_value_of_the_wrong_kind_is_refused(entry: str, path: str, words: str) -> None:
    with pytest.raises(BoardError) as info:
        board_from(HEAD + _bear("a", "alice", f", keywords: [{entry}]"))
    assert info.value.path == path and words in info.value.message


def test_two_auras_attached_to_each_other_are_refused() -> None:
    auras = ("  - {id: x, name: X, types: [enchantment], subtypes: [aura], controller: alice, attached_to: y}\n"
             "  - {id: y, name: Y, types: [enchantment], subtypes: [aura], controller: alice, attached_to: x}\n")
    with pytest.raises(BoardError) as info:
        board_from(HEAD + auras)
    assert info.value.path == "battlefield[0].attached_to" and "x -> y -> x" in info.value.message


def test_a_chain_of_attachments_is_read() -> None:
    chain = ("  - {id: aura, name: Aura, types: [enchantment], subtypes: [aura], controller: alice, "
             "attached_to: bear}\n" + _bear("bear", "alice"))
    assert board_from(HEAD + chain).permanent("aura").attached_to == "bear"


@pytest.mark.parametrize(("combat", "path", "rule"), [
    ("combat: {attackers: [{creature: forest, target: bob}]}\n", "combat.attackers[0].creature", "508.1a"),
    ("combat: {attackers: [{creature: a, target: bob}], blockers: [{creature: forest, blocks: [a]}]}\n",
     "combat.blockers[0].creature", "509.1a"),
])
def test_a_non_creature_declared_in_combat_is_refused(combat: str, path: str, rule: str) -> None:
    text = HEAD + _bear("a", "alice") + "  - {id: forest, card: Forest, controller: bob}\n" + combat
    error = _refused(text.replace("controller: bob}\ncombat: {attackers: [{creature: forest",
                                  "controller: alice}\ncombat: {attackers: [{creature: forest"))
    assert error.path == path and "not a creature" in error.message and rule in error.message


def test_a_land_creature_attacks() -> None:
    text = HEAD + "  - {id: arbor, name: Arbor, types: [land, creature], power: 1, toughness: 1, controller: alice}\n" + \
        "combat: {attackers: [{creature: arbor, target: bob}]}\n"
    assert run("damage", board_from(text)).answer["players"]


def test_damage_refuses_an_illegal_block_and_plays_out_a_legal_one() -> None:
    flyer = _bear("a", "alice", ", keywords: [flying]")
    illegal = HEAD + flyer + _bear("b", "bob") + \
        "combat: {attackers: [{creature: a, target: bob}], blockers: [{creature: b, blocks: [a]}]}\n"
    error = _refused(illegal)
    assert error.path == "combat.blockers" and "illegal" in error.message and "509.1" in error.message
    assert run("blocks check", board_from(illegal)).exit == 1  # the same verdict, explained
    legal = illegal.replace("controller: bob}", "controller: bob, keywords: [reach]}")
    assert run("damage", board_from(legal)).exit == 0
