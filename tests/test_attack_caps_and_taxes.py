"""Per-player attacker caps and attack taxes that cover planeswalkers (CR 508.1c-d, 508.1h).

Crawlspace ("No more than two creatures can attack you each combat.") is a 508.1c restriction
on the creatures attacking its controller only (ruling 2014-02-01: planeswalkers are not
"you"). Norn's Annex, Baird and Sphere of Safety tax creatures attacking "you or planeswalkers
you control" (508.1d: no one is required to pay; 508.1h: the costs are totalled), Sphere's X
being the enchantments its controller controls (107.3c). Boards use the real Oracle text from
the bundled card library; expected answers are worked out from the rules and rulings by hand.
"""
from __future__ import annotations

from typing import Any

import yaml

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board, ManaCost
from mtgsolver.model.attack_tax import AttackTax
from mtgsolver.model.board import Attack, CombatDeclaration
from mtgsolver.model.abilities import TextAbility
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.attacks import check_attacks, suggest_attacks


def cr(cid: str, controller: str = "alice", **fields: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid.title(), "controller": controller, "types": ["creature"], "power": 2,
            "toughness": 2, **fields}


def card(cid: str, name: str, controller: str = "bob") -> dict[str, Any]:
    return {"id": cid, "card": name, "controller": controller}


def walker(cid: str, controller: str = "bob") -> dict[str, Any]:
    return {"id": cid, "name": cid.title(), "controller": controller, "types": ["planeswalker"], "loyalty": 3}


def board_of(battlefield: list[dict], effects: list[dict] = (), players: tuple[str, ...] = ("alice", "bob")) -> Board:
    data = {"version": 1, "active_player": "alice", "players": [{"name": p} for p in players],
            "battlefield": list(battlefield) + LANDS, "effects": list(effects)}
    return parse_board_text(yaml.safe_dump(data), "<caps-and-taxes>")


#: alice's mana abilities that pay the costs to attack (508.1i): eight Plains
LANDS = [{"id": f"plains{i}", "card": "Plains", "controller": "alice"} for i in range(8)]


def attacks(board: Board, declared: dict[str, str], paid: tuple[str, ...] = ()):
    combat = CombatDeclaration(tuple(Attack(c, t) for c, t in declared.items()), None, frozenset(paid))
    return check_attacks(board.replace(combat=combat), time_limit=5)


def rules_of(result) -> set[str]:
    return {v.rule for v in result.violations}


EAGER = {"abilities": ["attacks_each_combat"]}


# --------------------------------------------------------------------------- Oracle text
def test_oracle_text_of_the_cards_is_understood() -> None:
    assert parse_oracle_text("No more than two creatures can attack you each combat.", "Crawlspace") == (
        [{"max_attackers_against_controller": 2}], [])
    board = board_of([card("crawl", "Crawlspace"), card("sphere", "Sphere of Safety"),
                      card("annex", "Norn's Annex"), card("baird", "Baird, Steward of Argive")])
    assert board.permanent("crawl").values("max_attackers_against_controller") == [2]
    assert board.permanent("sphere").values("attack_tax") == [
        AttackTax(ManaCost.parse("{X}"), planeswalkers=True, x_counts="enchantment")]
    assert board.permanent("annex").values("attack_tax") == [AttackTax(ManaCost.parse("{W/P}"), planeswalkers=True)]
    assert board.permanent("baird").values("attack_tax") == [AttackTax(ManaCost.parse("{1}"), planeswalkers=True)]
    assert board.permanent("baird").has_keyword("vigilance")
    assert not any(isinstance(a, TextAbility) for p in board.permanents for a in p.abilities)  # every line read


# --------------------------------------------------------------------------- Crawlspace (508.1c)
def test_crawlspace_caps_attackers_of_its_controller_not_their_planeswalkers() -> None:
    """508.1c; Crawlspace ruling 2014-02-01: "Your opponents can still attack planeswalkers you
    control with any number of creatures each combat"."""
    board = board_of([card("crawl", "Crawlspace"), walker("jace"), *(cr(c) for c in "abcd")])
    assert attacks(board, {"a": "bob", "b": "bob", "c": "jace", "d": "jace"}).legal
    three = attacks(board, {"a": "bob", "b": "bob", "c": "bob"})
    assert not three.legal and rules_of(three) == {"508.1c"}
    assert "No more than 2 creatures can attack bob (Crawlspace, crawl); 3 are declared" in three.violations[0].message


def test_508_1d_example_with_crawlspace_instead_of_a_global_cap() -> None:
    """508.1d example, with "no more than two creatures can attack you": three creatures that
    attack if able and only bob to attack, so exactly two attack; with a planeswalker of bob's
    to attack as well, all three must (the third at the planeswalker)."""
    only_bob = board_of([card("crawl", "Crawlspace"), *(cr(c, **EAGER) for c in "abc")])
    two = attacks(only_bob, {"a": "bob", "c": "bob"})
    assert two.legal and (two.obeyed, two.maximum) == (2, 2)
    assert rules_of(attacks(only_bob, {"a": "bob", "b": "bob", "c": "bob"})) == {"508.1c"}
    one = attacks(only_bob, {"a": "bob"})
    assert not one.legal and rules_of(one) == {"508.1d"}
    with_walker = board_of([card("crawl", "Crawlspace"), walker("jace"), *(cr(c, **EAGER) for c in "abc")])
    assert attacks(with_walker, {"a": "bob", "b": "jace", "c": "bob"}).legal
    short = attacks(with_walker, {"a": "bob", "c": "bob"})
    assert not short.legal and short.maximum == 3
    assert sorted(dict(short.witness).values()) == ["bob", "bob", "jace"]


def test_crawlspace_binds_only_its_controller_in_multiplayer() -> None:
    """506.2, 802.1a: each opponent is attacked separately; bob's Crawlspace says nothing about
    carol, and the smaller of two caps on the same player applies (508.1c: both restrictions)."""
    board = board_of([card("crawl", "Crawlspace"), *(cr(c, **EAGER) for c in "abc")],
                     [{"kind": "max_attackers_against", "n": 1, "defender": "bob", "source": "a one-creature cap"}],
                     players=("alice", "bob", "carol"))
    assert attacks(board, {"a": "carol", "b": "carol", "c": "carol"}).legal
    assert attacks(board, {"a": "bob", "b": "carol", "c": "carol"}).legal
    two = attacks(board, {"a": "bob", "b": "bob", "c": "carol"})
    assert rules_of(two) == {"508.1c"} and "(a one-creature cap)" in two.violations[0].message
    suggestion = suggest_attacks(board, "most-attackers", time_limit=5)
    assert suggestion.maximum == 3 and sum(t == "bob" for _, t in suggestion.witness) <= 1


def test_crawlspace_of_zero_with_the_effect_form() -> None:
    """508.1c: ``max_attackers_against`` with n = 0: nothing can attack bob, so the creature
    that attacks each combat attacks nobody when bob is the only opponent."""
    board = board_of([cr("a", **EAGER)], [{"kind": "max_attackers_against", "n": 0, "defender": "bob"}])
    home = attacks(board, {})
    assert home.legal and home.maximum == 0
    assert rules_of(attacks(board, {"a": "bob"})) == {"508.1c"}


# --------------------------------------------------------------------------- taxes (508.1d, 508.1h)
def test_norns_annex_taxes_attacks_on_you_and_your_planeswalkers() -> None:
    """Norn's Annex rulings 2011-06-01: the controller of each creature attacking you or a
    planeswalker you control pays {W/P}; several Annexes each impose a cost (508.1h: totalled).
    A battle bob protects is neither bob nor his planeswalker (310.8): no cost."""
    siege = {"id": "siege", "name": "Siege", "controller": "alice", "types": ["battle"], "subtypes": ["siege"],
             "defense": 4, "protector": "bob"}
    board = board_of([card("annex1", "Norn's Annex"), card("annex2", "Norn's Annex"), walker("jace"), siege,
                      cr("a"), cr("b"), cr("c")])
    result = attacks(board, {"a": "bob", "b": "jace", "c": "siege"}, paid=("a", "b"))
    assert result.legal and result.costs == {"alice": "{W/P}{W/P}{W/P}{W/P}"}
    unpaid = attacks(board, {"b": "jace"})
    assert rules_of(unpaid) == {"508.1h"} and "{W/P}{W/P}" in unpaid.violations[0].message
    assert attacks(board, {"c": "siege"}).legal


def test_norns_annex_lets_a_creature_that_must_attack_stay_home() -> None:
    """Norn's Annex ruling: "your opponents can choose not to attack with a creature with an
    ability that says it must attack"; unlike Propaganda, the planeswalker is taxed too (508.1d)."""
    annex = board_of([card("annex", "Norn's Annex"), walker("jace"), cr("eager", **EAGER)])
    home = attacks(annex, {})
    assert home.legal and home.maximum == 0
    assert attacks(annex, {"eager": "jace"}, paid=("eager",)).legal
    propaganda = board_of([card("prop", "Propaganda"), walker("jace"), cr("eager", **EAGER)])
    assert not attacks(propaganda, {}).legal


def test_baird_forced_attacker_with_no_untaxed_target_does_not_attack() -> None:
    """Baird ruling 2018-04-27: opponents may choose not to pay for a creature that attacks if
    able; "if there's no other player or planeswalker to attack, that creature simply doesn't
    attack". With carol untaxed, the goaded creature attacks carol (701.15b)."""
    two = board_of([card("baird", "Baird, Steward of Argive"), walker("gideon"), cr("ogre")],
                   [{"kind": "goaded", "creature": "ogre", "by": "carol"}], players=("alice", "bob", "carol"))
    at_carol = attacks(two, {"ogre": "carol"})
    assert at_carol.legal and at_carol.maximum == 1  # attacks the goader: the other requirement needs a cost
    assert not attacks(two, {}).legal
    paid = attacks(two, {"ogre": "bob"}, paid=("ogre",))
    assert paid.legal and (paid.obeyed, paid.costs) == (2, {"alice": "{1}"})
    alone = board_of([card("baird", "Baird, Steward of Argive"), walker("gideon"), cr("eager", **EAGER)])
    assert attacks(alone, {}).legal


def test_sphere_of_safety_x_is_the_enchantments_its_controller_controls() -> None:
    """Sphere of Safety: X is the number of enchantments you control (107.3c), counted as
    attackers are declared (508.1h); it taxes attacks on bob and his planeswalkers, and
    Propaganda (an enchantment, so X = 2) adds {2} on bob only."""
    board = board_of([card("sphere", "Sphere of Safety"), card("prop", "Propaganda"), walker("jace"),
                      card("crawl", "Crawlspace"), cr("a"), cr("b")])
    result = attacks(board, {"a": "bob", "b": "jace"}, paid=("a", "b"))
    assert result.legal and result.costs == {"alice": "{6}"}  # ({2} + {2}) + {2}
    assert any("X = 2: enchantments bob controls" in n for n in result.notes)
    carol_sphere = board_of([card("sphere", "Sphere of Safety", "carol"), card("prison", "Ghostly Prison", "carol"),
                             card("prop", "Propaganda", "carol"), cr("a")], players=("alice", "bob", "carol"))
    assert attacks(carol_sphere, {"a": "carol"}, paid=("a",)).costs == {"alice": "{7}"}  # X = 3, {2}, {2}
    assert attacks(carol_sphere, {"a": "bob"}).legal  # bob has no Sphere


def test_sphere_of_safety_ruling_attack_if_able_may_stay_home() -> None:
    """Sphere of Safety ruling 2012-10-01: opponents can choose not to attack with a creature
    that attacks if able (508.1d), even when its controller names it among paid costs."""
    board = board_of([card("sphere", "Sphere of Safety"), walker("jace"), cr("eager", **EAGER)])
    assert attacks(board, {}).legal
    assert attacks(board, {}, paid=("eager",)).legal
    assert rules_of(attacks(board, {"eager": "jace"})) == {"508.1h"}
    assert suggest_attacks(board, "most-attackers", time_limit=5).witness == ()
    paid = board.replace(combat=CombatDeclaration((), None, frozenset({"eager"})))
    suggestion = suggest_attacks(paid, "fewest-attackers", time_limit=5)
    assert len(suggestion.witness) == 1 and suggestion.costs == {"alice": "{1}"}
