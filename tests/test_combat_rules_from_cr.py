"""The combat solvers against cases worked by hand from the rules (CR 506, 508.1, 509.1, 701.15, 702, 802).

Each case is derived from the text of the Comprehensive Rules (2026-04-17) or an official
card ruling, and cites it; the expected answers were worked out from the rules by hand,
not by running the solvers. Blocks first, then attacks.
"""
from __future__ import annotations

from typing import Any

import pytest
import yaml

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.solver.attacks import check_attacks, suggest_attacks
from mtgsolver.solver.blocks import check_blocks, suggest_blocks

PLAYERS4 = ("alice", "bob", "carol", "dan")


# --------------------------------------------------------------------------- helpers
def cr(cid: str, controller: str = "bob", power: int = 2, colors: tuple[str, ...] = (),
       types: tuple[str, ...] = ("creature",), **fields: Any) -> dict[str, Any]:
    """An inline creature (or other permanent)."""
    return {"id": cid, "name": cid.title(), "controller": controller, "types": list(types),
            "colors": list(colors), "power": power, "toughness": 2, **fields}


def land(lid: str, controller: str, card: str) -> dict[str, Any]:
    return {"id": lid, "card": card, "controller": controller}


#: alice's mana abilities that pay a {2} cost to attack (508.1i)
TWO_PLAINS = [{"id": f"plains{i}", "card": "Plains", "controller": "alice"} for i in range(2)]


def board_of(battlefield: list[dict], effects: list[dict] = (), players: tuple[str, ...] = ("alice", "bob"),
             attacks: dict[str, str] | None = None) -> Board:
    data: dict[str, Any] = {"version": 1, "active_player": "alice", "players": [{"name": p} for p in players],
                            "battlefield": list(battlefield), "effects": list(effects)}
    board = parse_board_text(yaml.safe_dump(data), "<by-hand>")
    if attacks is not None:
        board = board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attacks.items()), None))
    return board


def blocks(board: Board, declared: dict[str, list[str]], paid: tuple[str, ...] = ()):
    """check_blocks on ``board`` (whose combat names the attackers) with ``declared`` blocks."""
    combat = CombatDeclaration(board.combat.attackers, tuple(Block(b, tuple(a)) for b, a in declared.items()),
                               frozenset(paid))
    return check_blocks(board.replace(combat=combat), time_limit=5)


def attacks(board: Board, declared: dict[str, str], paid: tuple[str, ...] = ()):
    combat = CombatDeclaration(tuple(Attack(c, t) for c, t in declared.items()), None, frozenset(paid))
    return check_attacks(board.replace(combat=combat), time_limit=5)


def rules_of(result) -> set[str]:
    return {v.rule for v in result.violations}


def can_block(board: Board, blocker: str, attacker: str) -> bool:
    """Is the single block ``blocker -> attacker`` free of restriction violations?"""
    return not rules_of(blocks(board, {blocker: [attacker]})) - {"509.1c"}


# =========================================================================== blocks: evasion
@pytest.mark.parametrize("quality, blocker, allowed, rule", [
    # 702.16f: "can't be blocked by creatures that have the stated quality"
    ("red", cr("rg", colors=("red", "green")), False, "702.16f"),   # a multicolored creature is red
    ("red", cr("gw", colors=("green", "white")), True, None),
    ("red", cr("art", colors=(), types=("artifact", "creature")), True, None),
    # 702.16a: a card type quality applies to permanents with that card type
    ("artifact", cr("art", types=("artifact", "creature")), False, "702.16f"),
    ("artifacts", cr("art", types=("artifact", "creature")), False, "702.16f"),
    ("artifact", cr("plain"), True, None),
    # protection from creatures: no creature can block it
    ("creatures", cr("plain", colors=("white",)), False, "702.16f"),
    # 702.16j: protection from everything
    ("everything", cr("plain"), False, "702.16j"),
    # 702.16a: a subtype quality
    ("humans", cr("man", subtypes=["human", "soldier"]), False, "702.16f"),
    ("humans", cr("elf", subtypes=["elf"]), True, None),
    # 702.16k: protection from a player: creatures that player controls can't block it
    ("bob", cr("plain"), False, "702.16k"),
    ("carol", cr("plain"), True, None),
    # "multicolored" is a characteristic value (105.2)
    ("multicolored", cr("rg", colors=("red", "green")), False, "702.16f"),
    ("multicolored", cr("r", colors=("red",)), True, None),
])
def test_702_16_protection_against_blockers(quality, blocker, allowed, rule) -> None:
    board = board_of([cr("knight", "alice", keywords=[{"protection": quality}]), blocker],
                     players=("alice", "bob", "carol"), attacks={"knight": "bob"})
    result = blocks(board, {blocker["id"]: ["knight"]})
    assert result.legal is allowed
    if rule:
        assert rules_of(result) == {rule}


@pytest.mark.parametrize("attacker_colors, attacker_types, blocker, allowed", [
    # 702.13b: only artifact creatures and/or creatures that share a color with it
    (("red",), ("creature",), cr("b", colors=("blue",)), False),
    (("red",), ("creature",), cr("rw", colors=("red", "white")), True),
    (("red",), ("creature",), cr("art", types=("artifact", "creature")), True),
    (("red",), ("creature",), cr("gart", colors=("green",), types=("artifact", "creature")), True),
    # a colorless creature with intimidate shares no color with anything (105.2c)
    ((), ("artifact", "creature"), cr("eldrazi", colors=()), False),
    ((), ("artifact", "creature"), cr("art", types=("artifact", "creature")), True),
])
def test_702_13b_intimidate(attacker_colors, attacker_types, blocker, allowed) -> None:
    board = board_of([cr("thug", "alice", colors=attacker_colors, types=attacker_types, keywords=["intimidate"]),
                      blocker], attacks={"thug": "bob"})
    result = blocks(board, {blocker["id"]: ["thug"]})
    assert result.legal is allowed
    if not allowed:
        assert rules_of(result) == {"702.13b"}


@pytest.mark.parametrize("blocker, allowed", [
    # 702.36b: only artifact creatures and/or black creatures, whatever the attacker's color
    (cr("blk", colors=("black",)), True),
    (cr("br", colors=("black", "red")), True),
    (cr("art", types=("artifact", "creature")), True),
    (cr("wht", colors=("white",)), False),
])
def test_702_36b_fear(blocker, allowed) -> None:
    board = board_of([cr("wraith", "alice", colors=("white",), keywords=["fear"]), blocker], attacks={"wraith": "bob"})
    result = blocks(board, {blocker["id"]: ["wraith"]})
    assert result.legal is allowed
    if not allowed:
        assert rules_of(result) == {"702.36b"}


def test_702_28b_shadow_cuts_both_ways_and_702_31b_horsemanship_one_way() -> None:
    board = board_of([cr("shade", "alice", keywords=["shadow"]), cr("bear", "alice"),
                      cr("rider", "alice", keywords=["horsemanship"]),
                      cr("dusk", keywords=["shadow"]), cr("ox"), cr("horse", keywords=["horsemanship"])],
                     attacks={"shade": "bob", "bear": "bob", "rider": "bob"})
    assert can_block(board, "dusk", "shade")                       # shadow blocks shadow
    assert rules_of(blocks(board, {"ox": ["shade"]})) == {"702.28b"}
    assert rules_of(blocks(board, {"dusk": ["bear"]})) == {"702.28b"}  # shadow can't block non-shadow
    assert rules_of(blocks(board, {"ox": ["rider"]})) == {"702.31b"}
    assert can_block(board, "horse", "rider")
    assert can_block(board, "horse", "bear")                       # 702.31b: horsemanship may block anything


def test_702_118b_skulk_compares_power() -> None:
    board = board_of([cr("sneak", "alice", power=2, keywords=["skulk"]), cr("big", power=3), cr("even", power=2)],
                     attacks={"sneak": "bob"})
    assert rules_of(blocks(board, {"big": ["sneak"]})) == {"702.118b"}
    assert blocks(board, {"even": ["sneak"]}).legal  # "greater power" only


@pytest.mark.parametrize("keyword, lands, blockable", [
    # 702.14c: the DEFENDING player's lands matter
    ("islandwalk", [("i", "bob", "Island")], False),
    ("islandwalk", [("i", "alice", "Island")], True),
    ("islandwalk", [("t", "bob", "Tundra")], False),                   # a nonbasic land with the type
    # "snow swampwalk": both the supertype and the subtype
    ("snow_swampwalk", [("s", "bob", "Swamp")], True),
    ("snow_swampwalk", [("s", "bob", "Snow-Covered Swamp")], False),
    ("snow_swampwalk", [("s", "bob", "Snow-Covered Island")], True),
    # "nonbasic landwalk": a land without the basic supertype
    ("nonbasic_landwalk", [("f", "bob", "Forest"), ("p", "bob", "Snow-Covered Plains")], True),
    ("nonbasic_landwalk", [("f", "bob", "Forest"), ("t", "bob", "Tundra")], False),
    ("nonbasic_landwalk", [("t", "alice", "Tundra")], True),
])
def test_702_14c_landwalk(keyword, lands, blockable) -> None:
    board = board_of([cr("walker", "alice", keywords=[keyword]), cr("ox"),
                      *(land(i, c, card) for i, c, card in lands)], attacks={"walker": "bob"})
    result = blocks(board, {"ox": ["walker"]})
    assert result.legal is blockable
    if not blockable:
        assert rules_of(result) == {"702.14c"}


def test_702_14d_landwalk_abilities_do_not_cancel() -> None:
    """702.14d example: a snow Forest stops blocks of snow forestwalk even by a snow forestwalker."""
    board = board_of([cr("walker", "alice", keywords=["snow_forestwalk"]),
                      cr("also", keywords=["snow_forestwalk"]), land("f", "bob", "Snow-Covered Forest")],
                     attacks={"walker": "bob"})
    assert rules_of(blocks(board, {"also": ["walker"]})) == {"702.14c"}


def test_802_2a_example_landwalk_looks_only_at_the_player_attacked() -> None:
    """802.2a example: mountainwalk attacking Carissa depends only on whether Carissa controls a Mountain."""
    board = board_of([cr("bear", "alice"), cr("goat", "alice", keywords=["mountainwalk"]),
                      land("m", "bob", "Mountain"), cr("bob_ox", "bob"), cr("carol_ox", "carol")],
                     players=("alice", "bob", "carol"), attacks={"bear": "bob", "goat": "carol"})
    assert blocks(board, {"carol_ox": ["goat"], "bob_ox": ["bear"]}).legal
    # 802.4a: bob's creature can't block the goat, which attacks carol
    assert rules_of(blocks(board, {"bob_ox": ["goat"]})) == {"509.1a"}


def test_509_1b_example_flying_and_reach() -> None:
    """702.9b: flying or reach blocks a flier; 702.17b; a flier may block a ground creature."""
    board = board_of([cr("bird", "alice", keywords=["flying"]), cr("bear", "alice"),
                      cr("spider", keywords=["reach"]), cr("hawk", keywords=["flying"]), cr("ox")],
                     attacks={"bird": "bob", "bear": "bob"})
    assert can_block(board, "spider", "bird") and can_block(board, "hawk", "bird") and can_block(board, "hawk", "bear")
    assert rules_of(blocks(board, {"ox": ["bird"]})) == {"702.9b"}


# =========================================================================== blocks: requirements
def test_lure_with_menace_when_only_one_creature_can_block() -> None:
    """509.1c: the Lure requirement can't be obeyed without breaking menace (702.111b), so
    not blocking is legal; blocking with the lone creature breaks menace."""
    board = board_of([cr("brute", "alice", keywords=["menace"], abilities=["lure"]),
                      cr("ox"), cr("sleepy", tapped=True)], attacks={"brute": "bob"})
    none = blocks(board, {})
    assert none.legal and none.maximum == 0
    alone = blocks(board, {"ox": ["brute"]})
    assert not alone.legal and rules_of(alone) == {"702.111b"}


def test_lure_with_menace_and_two_creatures_needs_both() -> None:
    board = board_of([cr("brute", "alice", keywords=["menace"], abilities=["lure"]), cr("ox"), cr("yak")],
                     attacks={"brute": "bob"})
    assert blocks(board, {"ox": ["brute"], "yak": ["brute"]}).legal
    result = blocks(board, {})
    assert not result.legal and result.maximum == 2 and rules_of(result) == {"509.1c"}


def test_n_or_more_with_can_block_only_fliers() -> None:
    """509.1b: "can't be blocked except by three or more" and a creature that can block only
    creatures with flying: only two creatures can block the hydra, so Lure demands nothing."""
    hydra = cr("hydra", "alice", abilities=[{"min_blockers": 3}, "lure"])
    picky = cr("picky", keywords=["reach"], abilities=[{"can_block_only": {"keyword": "flying"}}])
    board = board_of([hydra, cr("x"), cr("y"), picky], attacks={"hydra": "bob"})
    assert blocks(board, {}).legal and blocks(board, {}).maximum == 0
    assert rules_of(blocks(board, {"x": ["hydra"], "y": ["hydra"]})) == {"509.1b"}
    assert rules_of(blocks(board, {"x": ["hydra"], "y": ["hydra"], "picky": ["hydra"]})) == {"509.1b"}
    # a third ordinary creature makes the block possible, and then Lure demands all three
    more = board_of([hydra, cr("x"), cr("y"), cr("z"), picky], attacks={"hydra": "bob"})
    assert blocks(more, {"x": ["hydra"], "y": ["hydra"], "z": ["hydra"]}).legal
    short = blocks(more, {})
    assert not short.legal and short.maximum == 3


def test_509_1c_counts_one_lure_requirement_per_lure_attacker() -> None:
    """Each Lure gives each creature able to block its creature a requirement (509.1c); a
    creature that can block one additional creature can obey two of three."""
    lures = [cr(f"l{i}", "alice", abilities=["lure"]) for i in (1, 2, 3)]
    board = board_of([*lures, cr("twin", abilities=[{"can_block_additional": 1}])],
                     attacks={"l1": "bob", "l2": "bob", "l3": "bob"})
    one = blocks(board, {"twin": ["l1"]})
    assert not one.legal and (one.obeyed, one.maximum) == (1, 2)
    assert blocks(board, {"twin": ["l2", "l3"]}).legal
    over = blocks(board, {"twin": ["l1", "l2", "l3"]})
    assert rules_of(over) == {"509.1a"}
    anyn = board_of([*lures, cr("guard", abilities=["can_block_any_number"])],
                    attacks={"l1": "bob", "l2": "bob", "l3": "bob"})
    assert blocks(anyn, {"guard": ["l1", "l2", "l3"]}).legal
    assert blocks(anyn, {"guard": ["l1", "l2"]}).maximum == 3


def test_must_be_blocked_competes_with_lure_for_the_only_blocker() -> None:
    """509.1c: one creature, a Lure attacker and a "must be blocked" attacker: either block
    obeys one requirement, the most possible; no block obeys none."""
    board = board_of([cr("lured", "alice", abilities=["lure"]), cr("target", "alice", abilities=["must_be_blocked"]),
                      cr("ox")], attacks={"lured": "bob", "target": "bob"})
    assert blocks(board, {"ox": ["lured"]}).legal
    assert blocks(board, {"ox": ["target"]}).legal
    none = blocks(board, {})
    assert not none.legal and none.maximum == 1
    # a second creature that can block only fliers can take the flying "must be blocked" attacker
    board2 = board_of([cr("lured", "alice", abilities=["lure"]),
                       cr("target", "alice", keywords=["flying"], abilities=["must_be_blocked"]),
                       cr("ox", keywords=["reach"]), cr("hawk", keywords=["flying"],
                                                        abilities=[{"can_block_only": {"keyword": "flying"}}])],
                      attacks={"lured": "bob", "target": "bob"})
    # hawk can't block the lured (ground) attacker, so its Lure requirement does nothing
    assert blocks(board2, {"ox": ["lured"], "hawk": ["target"]}).legal
    worse = blocks(board2, {"ox": ["target"]})
    assert not worse.legal and (worse.obeyed, worse.maximum) == (1, 2)


def test_war_cadence_cost_paid_or_not() -> None:
    """509.1c, 509.1d, Lure and War Cadence rulings: no player is forced to pay a cost to block."""
    board = board_of([cr("bait", "alice", abilities=["lure"]), cr("ox"),
                      {"id": "forest", "card": "Forest", "controller": "bob"}],
                     [{"kind": "block_cost", "cost": "{1}", "controller": "bob", "source": "War Cadence"}],
                     attacks={"bait": "bob"})
    assert blocks(board, {}).legal and blocks(board, {}).maximum == 0
    unpaid = blocks(board, {"ox": ["bait"]})
    assert not unpaid.legal and rules_of(unpaid) == {"509.1d"}
    paid = blocks(board, {"ox": ["bait"]}, paid=("ox",))
    assert paid.legal and paid.costs == {"bob": "{1}"}


def test_a_cost_named_for_a_creature_that_does_not_block_is_not_demanded() -> None:
    """509.1c: "that player is not required to pay that cost, even if blocking with that
    creature would increase the number of requirements being obeyed". A declaration in which
    the creature doesn't block pays nothing for it, so it can't be illegal for not paying."""
    board = board_of([cr("bait", "alice", abilities=["lure"]), cr("ox"),
                      {"id": "forest", "card": "Forest", "controller": "bob"}],
                     [{"kind": "block_cost", "cost": "{1}", "controller": "bob", "source": "War Cadence"}],
                     attacks={"bait": "bob"})
    result = blocks(board, {}, paid=("ox",))
    assert result.legal and result.maximum == 0 and result.costs == {}


def test_max_blockers_total_with_requirements() -> None:
    """509.1b, 509.1c: "no more than one creature can block each combat" (Silent Arbiter) and
    two creatures that block each combat: exactly one of them blocks."""
    board = board_of([cr("bear", "alice"), cr("a", abilities=["blocks_each_combat"]),
                      cr("b", abilities=["blocks_each_combat"]), cr("c")],
                     [{"kind": "max_blockers_total", "n": 1}], attacks={"bear": "bob"})
    assert blocks(board, {"a": ["bear"]}).legal and blocks(board, {"b": ["bear"]}).legal
    assert rules_of(blocks(board, {"a": ["bear"], "b": ["bear"]})) == {"509.1b"}
    other = blocks(board, {"c": ["bear"]})
    assert not other.legal and other.maximum == 1 and rules_of(other) == {"509.1c"}


def test_tromokratis_needs_every_creature_including_tapped_ones() -> None:
    """Tromokratis ruling: if the defending player can't block with each creature they
    control, "perhaps because one of those creatures is tapped", it can't be blocked."""
    tromo = {"id": "tromo", "card": "Tromokratis", "controller": "alice"}
    board = board_of([tromo, cr("x"), cr("y"), cr("sleepy", tapped=True)], attacks={"tromo": "bob"})
    result = blocks(board, {"x": ["tromo"], "y": ["tromo"]})
    assert not result.legal and rules_of(result) == {"509.1b"}
    awake = board_of([tromo, cr("x"), cr("y")], attacks={"tromo": "bob"})
    assert blocks(awake, {"x": ["tromo"], "y": ["tromo"]}).legal
    assert rules_of(blocks(awake, {"x": ["tromo"]})) == {"509.1b"}
    # a creature that can't block (509.1b) also makes it unblockable
    pacified = board_of([tromo, cr("x"), cr("y", abilities=["cant_block"])], attacks={"tromo": "bob"})
    assert rules_of(blocks(pacified, {"x": ["tromo"]})) == {"509.1b"}


def test_tromokratis_with_lure_and_a_tapped_creature_demands_nothing() -> None:
    """Lure can't make the block possible (Lure ruling): with a tapped creature, Tromokratis
    can't be blocked at all, so no block is the only legal declaration."""
    board = board_of([{"id": "tromo", "card": "Tromokratis", "controller": "alice", "add_abilities": ["lure"]},
                      cr("x"), cr("sleepy", tapped=True)], attacks={"tromo": "bob"})
    result = blocks(board, {})
    assert result.legal and result.maximum == 0


def test_802_4b_cant_block_alone_ignores_other_players_blockers() -> None:
    """802.4b: when judging bob's blocks, ignore blocking creatures controlled by carol."""
    board = board_of([cr("b1", "alice"), cr("c1", "alice"), cr("flunkies", abilities=["cant_block_alone"]),
                      cr("carol_ox", "carol")], players=("alice", "bob", "carol"),
                     attacks={"b1": "bob", "c1": "carol"})
    result = blocks(board, {"flunkies": ["b1"], "carol_ox": ["c1"]})
    assert not result.legal and rules_of(result) == {"509.1b"}


def test_802_4_lure_binds_only_the_player_attacked() -> None:
    board = board_of([cr("bait", "alice", abilities=["lure"]), cr("bob_ox", "bob"), cr("carol_ox", "carol")],
                     players=("alice", "bob", "carol"), attacks={"bait": "bob"})
    assert blocks(board, {"bob_ox": ["bait"]}).legal
    assert rules_of(blocks(board, {"bob_ox": ["bait"], "carol_ox": ["bait"]})) == {"509.1a"}
    # carol's creature blocking instead of bob's breaks 802.4a, and bob's Lure requirement too
    assert rules_of(blocks(board, {"carol_ox": ["bait"]})) == {"509.1a", "509.1c"}


def test_310_8c_only_the_protector_blocks_attackers_of_a_battle() -> None:
    """310.8c: creatures attacking a battle are blocked by its protector's creatures only."""
    siege = {"id": "siege", "name": "Siege", "controller": "carol", "types": ["battle"], "subtypes": ["siege"],
             "defense": 4, "protector": "bob"}
    board = board_of([cr("bear", "alice"), siege, cr("bob_ox", "bob"), cr("carol_ox", "carol")],
                     players=("alice", "bob", "carol"), attacks={"bear": "siege"})
    assert blocks(board, {"bob_ox": ["bear"]}).legal
    assert rules_of(blocks(board, {"carol_ox": ["bear"]})) == {"509.1a"}


def test_grappling_hook_requirement_does_nothing_when_the_block_is_impossible() -> None:
    """Grappling Hook rulings: the requirement does nothing if the creature can't block that
    attacker (flying); it may then block whatever its controller chooses."""
    board = board_of([cr("hooked", "alice", keywords=["flying"]), cr("bear", "alice"), cr("ox")],
                     [{"kind": "must_block", "creature": "ox", "attacker": "hooked"}],
                     attacks={"hooked": "bob", "bear": "bob"})
    assert blocks(board, {"ox": ["bear"]}).legal
    assert blocks(board, {}).legal and blocks(board, {}).maximum == 0


def test_suggest_blocks_obeys_the_maximum_first() -> None:
    board = board_of([cr("brute", "alice", keywords=["menace"], abilities=["lure"]), cr("ox"), cr("yak")],
                     attacks={"brute": "bob"})
    result = suggest_blocks(board, "fewest-blockers", time_limit=5)
    assert result.maximum == 2 and dict(result.witness) == {"ox": ("brute",), "yak": ("brute",)}


# =========================================================================== attacks
def test_302_6_haste_granted_by_an_effect() -> None:
    """302.6, 702.10b: a creature gained this turn attacks only with haste, which an effect may grant."""
    sick = cr("kid", "alice", summoning_sick=True)
    board = board_of([sick], [{"kind": "gains", "creature": "kid", "abilities": ["haste"]}])
    assert attacks(board, {"kid": "bob"}).legal
    plain = board_of([sick])
    assert rules_of(attacks(plain, {"kid": "bob"})) == {"302.6"}


def test_summoning_sick_creature_that_attacks_each_combat_stays_home() -> None:
    """Seed ruling / Goblin Diplomats ruling: no haste and not controlled since the turn
    began, so it doesn't attack; staying home is legal."""
    board = board_of([cr("eager", "alice", summoning_sick=True, abilities=["attacks_each_combat"])])
    result = attacks(board, {})
    assert result.legal and result.maximum == 0


def test_defender_with_attacks_each_combat() -> None:
    """702.3b: defender can't attack; the requirement does nothing."""
    board = board_of([cr("wall", "alice", keywords=["defender"], abilities=["attacks_each_combat"])])
    assert attacks(board, {}).legal
    assert rules_of(attacks(board, {"wall": "bob"})) == {"702.3b"}


def test_goaded_creature_that_can_attack_only_the_goader() -> None:
    """701.15b: goaded by bob; it can't attack carol or dan, so attacking bob obeys the one
    requirement that can be obeyed; not attacking is illegal."""
    board = board_of([cr("ogre", "alice", abilities=[{"cant_attack": "carol"}, {"cant_attack": "dan"}])],
                     [{"kind": "goaded", "creature": "ogre", "by": "bob"}], players=PLAYERS4)
    ok = attacks(board, {"ogre": "bob"})
    assert ok.legal and (ok.obeyed, ok.maximum) == (1, 1)
    home = attacks(board, {})
    assert not home.legal and rules_of(home) == {"701.15b"}


def test_goaded_creature_with_propaganda_on_every_other_opponent() -> None:
    """701.15b with 508.1d: the other opponents demand a cost, which no one must pay, so the
    goaded creature attacks the goader; paying for carol is allowed too."""
    board = board_of([cr("ogre", "alice"), {"id": "p1", "card": "Propaganda", "controller": "carol"},
                      {"id": "p2", "card": "Ghostly Prison", "controller": "dan"}, *TWO_PLAINS],
                     [{"kind": "goaded", "creature": "ogre", "by": "bob"}], players=PLAYERS4)
    assert attacks(board, {"ogre": "bob"}).legal
    assert not attacks(board, {}).legal
    assert rules_of(attacks(board, {"ogre": "carol"})) == {"508.1h"}
    paid = attacks(board, {"ogre": "carol"}, paid=("ogre",))
    assert paid.legal and (paid.obeyed, paid.costs) == (2, {"alice": "{2}"})


def test_goaded_by_two_players_in_four_player() -> None:
    """701.15c: each goading player adds its own two requirements."""
    board = board_of([cr("ogre", "alice")], [{"kind": "goaded", "creature": "ogre", "by": "bob"},
                                             {"kind": "goaded", "creature": "ogre", "by": "carol"}],
                     players=PLAYERS4)
    best = attacks(board, {"ogre": "dan"})
    assert best.legal and (best.obeyed, best.maximum) == (4, 4)
    at_bob = attacks(board, {"ogre": "bob"})
    assert not at_bob.legal and (at_bob.obeyed, at_bob.maximum) == (3, 4)


def test_goaded_creature_attacking_a_planeswalker_is_not_attacking_a_player() -> None:
    """701.15b: "attacks a player other than" the goader; a planeswalker is not a player (508.6)."""
    board = board_of([cr("ogre", "alice"), cr("jace", "carol", types=("planeswalker",), loyalty=3)],
                     [{"kind": "goaded", "creature": "ogre", "by": "bob"}], players=("alice", "bob", "carol"))
    result = attacks(board, {"ogre": "jace"})
    assert not result.legal and (result.obeyed, result.maximum) == (1, 2)


def test_cant_attack_alone_with_attacks_each_combat_and_no_partner() -> None:
    """506.5, 508.1c-d: its only possible partner is summoning sick, so it can't attack at all."""
    board = board_of([cr("flunkies", "alice", abilities=["cant_attack_alone", "attacks_each_combat"]),
                      cr("kid", "alice", summoning_sick=True)])
    result = attacks(board, {})
    assert result.legal and result.maximum == 0
    assert rules_of(attacks(board, {"flunkies": "bob"})) == {"508.1c"}


def test_508_1d_cap_with_two_forced_attackers() -> None:
    """508.1c-d: "no more than one creature can attack" and two that attack if able: exactly one attacks."""
    board = board_of([cr("a", "alice", abilities=["attacks_each_combat"]),
                      cr("b", "alice", abilities=["attacks_each_combat"])],
                     [{"kind": "max_attackers_total", "n": 1}])
    assert attacks(board, {"a": "bob"}).legal and attacks(board, {"b": "bob"}).legal
    assert rules_of(attacks(board, {"a": "bob", "b": "bob"})) == {"508.1c"}
    assert not attacks(board, {}).legal


def test_310_8b_battles_and_506_3_own_planeswalkers() -> None:
    """310.8b: a battle's protector can never attack it; a Siege its controller doesn't protect
    can be attacked by that controller. 508.1b: only planeswalkers a defending player controls."""
    mine = {"id": "mine", "name": "Own Siege", "controller": "alice", "types": ["battle"], "subtypes": ["siege"],
            "defense": 3, "protector": "bob"}
    guarded = {"id": "guarded", "name": "Their Siege", "controller": "bob", "types": ["battle"],
               "subtypes": ["siege"], "defense": 3, "protector": "alice"}
    board = board_of([cr("bear", "alice"), mine, guarded, cr("own_pw", "alice", types=("planeswalker",), loyalty=3)])
    assert attacks(board, {"bear": "mine"}).legal
    assert rules_of(attacks(board, {"bear": "guarded"})) == {"310.8b"}
    assert rules_of(attacks(board, {"bear": "own_pw"})) == {"508.1b"}


def test_propaganda_does_not_tax_attacks_on_planeswalkers_so_the_requirement_applies() -> None:
    """Propaganda ruling: a creature that can't attack you can still attack your planeswalker;
    "attacks each combat if able" then demands that free attack (508.1d)."""
    board = board_of([cr("eager", "alice", abilities=["attacks_each_combat"]),
                      {"id": "prop", "card": "Propaganda", "controller": "bob"},
                      cr("jace", "bob", types=("planeswalker",), loyalty=3)])
    assert attacks(board, {"eager": "jace"}).legal
    home = attacks(board, {})
    assert not home.legal and home.maximum == 1 and dict(home.witness) == {"eager": "jace"}


def test_118_5_a_zero_attack_cost_is_still_a_cost() -> None:
    """118.5: a {0} cost is not paid automatically; 508.1d: no player is required to pay a cost
    to attack (compare the War Cadence X=0 ruling on blocks)."""
    board = board_of([cr("eager", "alice", abilities=["attacks_each_combat"])],
                     [{"kind": "attack_cost", "cost": "{0}", "defender": "bob", "source": "X=0 tax"}])
    home = attacks(board, {})
    assert home.legal and home.maximum == 0
    assert rules_of(attacks(board, {"eager": "bob"})) == {"508.1h"}
    assert attacks(board, {"eager": "bob"}, paid=("eager",)).legal


def test_508_1d_a_cost_named_for_a_creature_that_does_not_pay_it_is_not_demanded() -> None:
    """508.1d: "that player is not required to pay that cost, even if attacking with that
    creature would increase the number of requirements being obeyed". Naming the creature in
    paid_costs while declaring it without its cost pays nothing, so nothing is demanded."""
    board = board_of([cr("eager", "alice", abilities=["attacks_each_combat"]),
                      {"id": "prop", "card": "Propaganda", "controller": "bob"}, *TWO_PLAINS])
    home = attacks(board, {}, paid=("eager",))
    assert home.legal and home.maximum == 0 and home.costs == {"alice": "{0}"}
    goaded = board_of([cr("ogre", "alice"), {"id": "prop", "card": "Propaganda", "controller": "carol"}],
                      [{"kind": "goaded", "creature": "ogre", "by": "bob"}], players=("alice", "bob", "carol"))
    assert attacks(goaded, {"ogre": "bob"}, paid=("ogre",)).legal


def test_must_attack_a_player_it_cannot_attack_does_nothing() -> None:
    """Seed ruling: a creature prevented from attacking (Sea Serpent: carol controls no
    Island) doesn't; the requirement to attack carol does nothing, others still apply. Alice
    keeps an Island, or the Serpent's "When you control no Islands" would trigger first (603.8)."""
    board = board_of([{"id": "serpent", "card": "Sea Serpent", "controller": "alice"},
                      land("i", "bob", "Island"), land("own", "alice", "Island")],
                     [{"kind": "must_attack", "creature": "serpent", "target": "carol"},
                      {"kind": "attacks_this_turn", "creature": "serpent"}], players=("alice", "bob", "carol"))
    result = attacks(board, {"serpent": "bob"})
    assert result.legal and (result.obeyed, result.maximum) == (1, 1)
    assert rules_of(attacks(board, {"serpent": "carol"})) == {"508.1c"}


def test_goblin_diplomats_each_creature_attacks_with_a_choice_of_player() -> None:
    """Goblin Diplomats ruling: the controller still chooses whom each creature attacks."""
    board = board_of([cr("a", "alice"), cr("b", "alice", tapped=True)],
                     [{"kind": "all_attack_this_turn", "controller": "alice", "source": "Goblin Diplomats"}],
                     players=("alice", "bob", "carol"))
    assert attacks(board, {"a": "carol"}).legal and attacks(board, {"a": "bob"}).legal
    assert not attacks(board, {}).legal


def test_suggest_attacks_pays_only_named_costs() -> None:
    board = board_of([cr("eager", "alice", abilities=["attacks_each_combat"]),
                      {"id": "prop", "card": "Propaganda", "controller": "bob"}, *TWO_PLAINS])
    assert suggest_attacks(board, "most-attackers", time_limit=5).witness == ()
    paid = board.replace(combat=CombatDeclaration((), None, frozenset({"eager"})))
    assert dict(suggest_attacks(paid, "fewest-attackers", time_limit=5).witness) == {"eager": "bob"}
