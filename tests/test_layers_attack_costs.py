"""Costs to attack imposed by a static with a condition (508.1d, 508.1h, 611.3b): Archangel of
Tithes, read from its Oracle text (AtomicCards 2022-04-25) and paid by the attack solver."""
from __future__ import annotations

import json

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar.continuous import read
from mtgsolver.solver.attacks import check_attacks

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"


def board(battlefield: list[dict], tail: str):
    text = HEAD + "battlefield:\n" + "".join(f"  - {json.dumps(p)}\n" for p in battlefield)
    return parse_board_text(text + tail, "tithes.yaml")


def perm(pid: str, card: str, controller: str) -> dict:
    return {"id": pid, "card": card, "controller": controller}


TITHES = ("As long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless "
          "their controller pays {1} for each of those creatures.")


def test_508_1d_archangel_of_tithes_line_is_read_as_its_own_tax_while_untapped() -> None:
    """508.1d, 611.3b: the attack tax of Archangel of Tithes (hand-checked): on the Archangel
    itself, covering its controller and their planeswalkers, while it is untapped."""
    (entry,) = read(TITHES, "Archangel of Tithes")
    mapping = dict(entry["continuous"])
    assert mapping.pop("text") == TITHES
    assert mapping == {"affects": {"self": True}, "condition": [{"source_untapped": True}],
                       "rules": [{"attack_tax": {"cost": "{1}", "covers": "you_and_planeswalkers"}}]}


@pytest.mark.parametrize("tapped, target, paid, legal", [
    (False, "bob", (), False), (False, "jace", (), False), (False, "jace", ("bears",), True),
    (True, "bob", (), True), (True, "jace", (), True),
])
def test_508_1d_archangel_of_tithes_taxes_attacks_on_bob_and_his_planeswalkers_while_untapped(
        tapped: bool, target: str, paid: tuple, legal: bool) -> None:
    """508.1d, 508.1h: bob's untapped Archangel of Tithes: attacking bob or his planeswalker
    costs {1} per creature (alice has a Plains to pay it); tapped, it costs nothing."""
    angel = {"id": "angel", "name": "Archangel of Tithes", "controller": "bob", "types": ["creature"],
             "subtypes": ["angel"], "power": 3, "toughness": 5, "tapped": tapped, "text": "Flying\n" + TITHES}
    jace = {"id": "jace", "name": "Jace", "controller": "bob", "types": ["planeswalker"], "loyalty": 3}
    battlefield = [angel, jace, perm("bears", "Grizzly Bears", "alice"), perm("plains", "Plains", "alice")]
    attack = "combat:\n  attackers: [{creature: bears, target: %s}]\n  paid_costs: %s\n" % (target, json.dumps(list(paid)))
    result = check_attacks(board(battlefield, attack))
    assert result.legal is legal
    if not legal:
        assert {v.rule for v in result.violations} == {"508.1h"} and "Archangel of Tithes" in result.violations[0].message


RESTRAINT = ("Domain \u2014 Creatures can't attack you unless their controller pays {X} for each creature they control "
             "that's attacking you, where X is the number of basic land types among lands you control.")


def test_107_3c_collective_restraint_x_is_the_basic_land_types_among_lands() -> None:
    """508.1d, 107.3c, 305.6: Collective Restraint (hand-checked reading): X is the number of
    basic land types among the lands bob controls: an Island, a land that is an Island and a
    Forest, and a Mountain make 3 (the Island counted once); alice's three Plains pay it, two
    would not."""
    from mtgsolver.read.grammar.combat import read as read_combat

    assert read_combat(RESTRAINT, "Collective Restraint") == [
        {"attack_tax": {"cost": "{X}", "x_counts": "basic_land_types"}}]
    restraint = {"id": "restraint", "name": "Collective Restraint", "controller": "bob", "types": ["enchantment"],
                 "text": RESTRAINT}
    dual = {"id": "dual", "name": "Tropical Island", "controller": "bob", "types": ["land"], "subtypes": ["forest", "island"]}
    lands = [perm("island", "Island", "bob"), dual, perm("mountain", "Mountain", "bob")]
    plains = [perm(f"plains{i}", "Plains", "alice") for i in range(3)]
    bears = [perm("bears", "Grizzly Bears", "alice")]
    attack = "combat:\n  attackers: [{creature: bears, target: bob}]\n  paid_costs: %s\n"
    assert check_attacks(board([restraint] + lands + plains + bears, attack % '["bears"]')).legal is True
    unpaid = check_attacks(board([restraint] + lands + plains + bears, attack % "[]"))
    assert unpaid.legal is False and "X = 3" in unpaid.violations[0].message
    assert check_attacks(board([restraint] + lands + plains[:2] + bears, attack % '["bears"]')).legal is False
