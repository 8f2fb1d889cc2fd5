"""Continuous effects that read which creatures attack or block (506.4): the layers apply them to
the board's declared combat only, so the attack search names their sources and leaves its answer
undecided rather than reuse them for another combat (solver/search.py ``corner_cases``)."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.rules.layers import combat_dependent
from mtgsolver.solver.search import corner_cases

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
BEARS = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
RAGE = ("  - {id: rage, name: Tahngarth's Rage, controller: alice, types: [enchantment], subtypes: [aura], "
        "attached_to: bears, text: \"Enchant creature\\nEnchanted creature gets +3/+0 as long as it's attacking. "
        "Otherwise, it gets -2/-1.\"}\n")
#: an Aura granting a static that reads combat (613.1f): the enchanted creature has it, its card doesn't
GRANTING = ("  - {id: aura, name: Aura, controller: alice, types: [enchantment], subtypes: [aura], attached_to: bears, "
            "abilities: [{grants: [{continuous: {affects: {types: [creature], attacking: true}, gets: [1, 0]}}]}]}\n")
#: a printed static that reads combat, lost to Humility in layer 6 (613.1f)
SELF_READER = ("  - {id: boar, name: Boar, controller: alice, types: [creature], power: 2, toughness: 2, "
               "abilities: [{continuous: {affects: {types: [creature], blocking: true}, gets: [0, 2]}}]}\n")
HUMILITY = ("  - {id: hum, name: Humility, controller: bob, types: [enchantment], "
            "text: All creatures lose all abilities and have base power and toughness 1/1.}\n")


def board(perms: str):
    return parse_board_text(HEAD + perms, "combat.yaml")


def test_506_4_tahngarths_rage_reads_whether_the_creature_attacks() -> None:
    """Tahngarth's Rage: +3/+0 while attacking, otherwise -2/-1; its unread "Enchant creature"
    line comes first among its abilities and is passed over."""
    b = board(RAGE + BEARS)
    assert (b.permanent("bears").power, b.permanent("bears").toughness) == (0, 1)
    assert combat_dependent(b) == ("Tahngarth's Rage (rage)",)
    assert combat_dependent(board(BEARS)) == ()


def test_613_1f_a_granted_static_that_reads_combat_is_named_by_the_creature_that_has_it() -> None:
    """A static an Aura grants is on the enchanted creature after layer 6, not on its printed
    card: it reads combat all the same, and the search says so."""
    b = board(GRANTING + BEARS)
    assert combat_dependent(b) == ("Grizzly Bears (bears)",)
    notes = corner_cases(b, ["bears"], "bob")
    assert any(n.startswith("Grizzly Bears (bears): an effect depends on which creatures attack or block")
               for n in notes)


def test_a_printed_static_that_reads_combat_is_named_though_the_layers_removed_it() -> None:
    """Humility removes the Boar's static (613.1f); the Boar is still named, as printed."""
    b = board(SELF_READER + HUMILITY)
    assert b.permanent("boar").abilities == ()
    assert combat_dependent(b) == ("Boar (boar)",)


def test_506_4_a_static_about_itself_while_attacking_applies_only_to_the_declared_attacker() -> None:
    """``affects: {self: true, attacking: true}`` (a board file's "~ gets +2/+0 as long as it's
    attacking"): the source while it attacks, not outside combat (611.3b)."""
    boar = ("  - {id: boar, name: Boar, controller: alice, types: [creature], power: 2, toughness: 2, "
            "abilities: [{continuous: {affects: {self: true, attacking: true}, gets: [2, 0]}}]}\n")
    assert board(boar).permanent("boar").power == 2
    attacking = parse_board_text(HEAD + boar + "combat:\n  attackers: [{creature: boar, target: bob}]\n", "combat.yaml")
    assert attacking.permanent("boar").power == 4
    assert combat_dependent(attacking) == ("Boar (boar)",)
