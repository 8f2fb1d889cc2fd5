"""Block legality on the examples of CR 509.1b-c and 702, the seed rulings (Grappling Hook,
"target creature blocks this turn if able"), and the Lure and War Cadence rulings."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgsolver.load import load_board, parse_board_text
from mtgsolver.model import Block, Board, BoardError, CombatDeclaration, Effect, ManaCost
from mtgsolver.rules.blocking import Requirement, requirement_bound
from mtgsolver.solver.blocks import check_blocks, suggest_blocks
from mtgsolver.solver.result import CombatResult

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def vanilla(id_: str, controller: str = "bob", power: int = 2, **fields: Any) -> dict[str, Any]:
    """An inline creature."""
    return {"id": id_, "name": id_.title(), "controller": controller, "types": ["creature"],
            "power": power, "toughness": 2, **fields}


def make(attackers: list[dict], defenders: list[dict], blocks: dict[str, list[str]] | None,
         effects: list[dict] = (), targets: dict[str, str] | None = None, paid: list[str] = (),
         players: tuple[str, ...] = ("alice", "bob"), others: list[dict] = ()) -> Board:
    """A board: ``attackers`` (alice's, attacking bob unless ``targets`` says), ``defenders``,
    and ``blocks`` ({blocker: [attackers]}; ``None``: no declaration)."""
    for a in attackers:
        a.setdefault("controller", "alice")
    data = {
        "version": 1, "active_player": "alice", "players": [{"name": p} for p in players],
        "battlefield": attackers + defenders + list(others), "effects": list(effects),
        "combat": {
            "attackers": [{"creature": a["id"], "target": (targets or {}).get(a["id"], "bob")} for a in attackers],
            "blockers": None if blocks is None else [{"creature": b, "blocks": t} for b, t in blocks.items()],
            "paid_costs": list(paid),
        },
    }
    return parse_board_text(yaml.safe_dump(data), "<test>")


def rules(result: CombatResult) -> set[str]:
    return {v.rule for v in result.violations}


def witness(result: CombatResult) -> dict[str, list[str]]:
    return {c: list(a) for c, a in result.witness}


# --------------------------------------------------------------------------- 509.1b-c
def test_509_1b_example_flying_and_shadow_are_cumulative() -> None:
    wraith = vanilla("wraith", "alice", keywords=["flying", "shadow"])
    flier = vanilla("flier", keywords=["flying"])
    both = vanilla("both", keywords=["flying", "shadow"])
    bad = check_blocks(make([wraith], [flier, both], {"flier": ["wraith"]}))
    assert not bad.legal and rules(bad) == {"702.28b"}
    assert check_blocks(make([wraith], [flier, both], {"both": ["wraith"]})).legal
    shadow_only = vanilla("shade", keywords=["shadow"])
    assert rules(check_blocks(make([wraith], [shadow_only], {"shade": ["wraith"]}))) == {"702.9b"}


@pytest.mark.parametrize("blocks, legal, expected_rules", [
    ({"eager": ["brute"], "plain": ["brute"]}, True, set()),
    ({"eager": ["brute"]}, False, {"702.111b"}),
    ({"plain": ["brute"]}, False, {"702.111b", "509.1c"}),
    ({}, False, {"509.1c"}),
])
def test_509_1c_example_menace_and_blocks_if_able(blocks, legal, expected_rules) -> None:
    brute = vanilla("brute", "alice", keywords=["menace"])
    board = make([brute], [vanilla("eager", abilities=["blocks_each_combat"]), vanilla("plain")], blocks)
    result = check_blocks(board)
    assert result.legal is legal
    assert rules(result) == expected_rules
    assert result.maximum == 1
    assert witness(result) == {"eager": ["brute"], "plain": ["brute"]}
    if "509.1c" in expected_rules and blocks:
        assert any(v.rule == "509.1c" and v.creature == "eager" for v in result.violations)


def test_509_1c_player_not_required_to_pay_a_cost_even_for_more_requirements() -> None:
    bears = vanilla("bears", "alice", abilities=["lure"])
    costly = vanilla("costly", abilities=["blocks_each_combat", {"block_cost": "{1}"}])
    plains = [{"id": "plains", "card": "Plains", "controller": "bob"}]  # pays the cost (509.1e)
    result = check_blocks(make([bears], [costly], {}, others=plains))
    assert result.legal and result.maximum == 0
    unpaid = check_blocks(make([bears], [costly], {"costly": ["bears"]}, others=plains))
    assert not unpaid.legal and rules(unpaid) == {"509.1d"}
    paid = check_blocks(make([bears], [costly], {"costly": ["bears"]}, paid=["costly"], others=plains))
    assert paid.legal and paid.maximum == 2 and paid.costs == {"bob": "{1}"}
    assert paid.payments == {"bob": ("plains: {T}: Add {W}. -> {W}",)}
    broke = check_blocks(make([bears], [costly], {"costly": ["bears"]}, paid=["costly"]))
    assert not broke.legal and rules(broke) == {"509.1e"}  # no mana to pay with


def test_509_1a_blockers_must_be_untapped_creatures_of_the_defending_player() -> None:
    bears = vanilla("bears", "alice")
    tapped = vanilla("tapped", tapped=True)
    rock = {"id": "rock", "name": "Rock", "controller": "bob", "types": ["artifact"]}
    mine = vanilla("mine", "alice")
    assert rules(check_blocks(make([bears], [tapped], {"tapped": ["bears"]}))) == {"509.1a"}
    with pytest.raises(BoardError, match=r"combat.blockers\[0\].creature: Rock \(rock\) is not a creature"):
        check_blocks(make([bears], [rock], {"rock": ["bears"]}))  # refused as the board is read (506.1)
    assert rules(check_blocks(make([bears], [mine], {"mine": ["bears"]}))) == {"509.1a"}


def test_509_1a_one_attacker_per_blocker_unless_it_can_block_more() -> None:
    a, b, c = (vanilla(x, "alice") for x in ("a", "b", "c"))
    plain = vanilla("plain")
    assert rules(check_blocks(make([a, b], [plain], {"plain": ["a", "b"]}))) == {"509.1a"}
    extra = vanilla("extra", abilities=[{"can_block_additional": 1}])
    assert check_blocks(make([a, b, c], [extra], {"extra": ["a", "b"]})).legal
    assert rules(check_blocks(make([a, b, c], [extra], {"extra": ["a", "b", "c"]}))) == {"509.1a"}
    guard = {"id": "guard", "card": "Palace Guard", "controller": "bob"}
    assert check_blocks(make([a, b, c], [guard], {"guard": ["a", "b", "c"]})).legal


def test_lure_on_several_attackers_with_a_blocker_that_blocks_any_number() -> None:
    a, b = vanilla("a", "alice", abilities=["lure"]), vanilla("b", "alice", abilities=["lure"])
    guard = {"id": "guard", "card": "Palace Guard", "controller": "bob"}
    result = check_blocks(make([a, b], [guard], {"guard": ["a"]}))
    assert not result.legal and result.maximum == 2 and witness(result) == {"guard": ["a", "b"]}


def test_cant_block_alone_and_max_blockers_total() -> None:
    bears = vanilla("bears", "alice")
    flunkies = {"id": "flunkies", "card": "Mogg Flunkies", "controller": "bob"}
    assert rules(check_blocks(make([bears], [flunkies, vanilla("ox")], {"flunkies": ["bears"]}))) == {"509.1b"}
    assert check_blocks(make([bears], [flunkies, vanilla("ox")], {"flunkies": ["bears"], "ox": ["bears"]})).legal
    total = [{"kind": "max_blockers_total", "n": 1}]
    over = check_blocks(make([bears], [vanilla("x"), vanilla("y")], {"x": ["bears"], "y": ["bears"]}, total))
    assert rules(over) == {"509.1b"}


def test_flunkies_blocks_each_combat_needs_a_partner() -> None:
    bears = vanilla("bears", "alice")
    eager_flunkies = vanilla("eager", abilities=["cant_block_alone", "blocks_each_combat"])
    alone = check_blocks(make([bears], [eager_flunkies], {}))
    assert alone.legal and alone.maximum == 0
    assert any("can't block alone" in n for n in alone.notes)
    pair = check_blocks(make([bears], [eager_flunkies, vanilla("ox")], {}))
    assert not pair.legal and pair.maximum == 1 and set(witness(pair)) == {"eager", "ox"}


def test_min_and_max_blockers_and_filters() -> None:
    giant = vanilla("giant", "alice", abilities=[{"min_blockers": 3}, "must_be_blocked"])
    two = check_blocks(make([giant], [vanilla("x"), vanilla("y"), vanilla("z")], {"x": ["giant"], "y": ["giant"]}))
    assert not two.legal and rules(two) == {"509.1b"} and two.obeyed == two.maximum == 1
    slippery = vanilla("slip", "alice", abilities=[{"max_blockers": 1}])
    assert rules(check_blocks(make([slippery], [vanilla("x"), vanilla("y")],
                                   {"x": ["slip"], "y": ["slip"]}))) == {"509.1b"}
    picky = vanilla("picky", "alice", abilities=[{"cant_be_blocked_by": {"power_at_most": 2}}])
    assert rules(check_blocks(make([picky], [vanilla("small")], {"small": ["picky"]}))) == {"509.1b"}
    assert check_blocks(make([picky], [vanilla("big", power=3)], {"big": ["picky"]})).legal
    archer = vanilla("archer", abilities=[{"can_block_only": {"keyword": "flying"}}])
    assert rules(check_blocks(make([vanilla("bears", "alice")], [archer], {"archer": ["bears"]}))) == {"509.1b"}
    unblockable = vanilla("ghost", "alice", abilities=["cant_be_blocked", "lure"])
    result = check_blocks(make([unblockable], [vanilla("x")], {}))
    assert result.legal and result.maximum == 0


def test_must_be_blocked_by_two_or_more_if_able() -> None:
    beast = vanilla("beast", "alice", abilities=[{"must_be_blocked_by": 2}])
    one = check_blocks(make([beast], [vanilla("x"), vanilla("y")], {"x": ["beast"]}))
    assert not one.legal and one.obeyed == 0 and one.maximum == 1
    assert check_blocks(make([beast], [vanilla("x")], {})).legal  # can't be obeyed: does nothing


def test_tromokratis_needs_every_creature_of_the_defending_player() -> None:
    board = load_board(EXAMPLES / "blocks-tromokratis.yaml")
    assert check_blocks(board).legal
    tapped_extra = make([{"id": "kraken", "card": "Tromokratis"}],
                        [vanilla("x"), vanilla("y", tapped=True)], {"x": ["kraken"]})
    assert rules(check_blocks(tapped_extra)) == {"509.1b"}


# --------------------------------------------------------------------------- 702 evasion
@pytest.mark.parametrize("attacker, blocker, legal, rule", [
    ({"keywords": ["flying"]}, {}, False, "702.9b"),
    ({"keywords": ["flying"]}, {"keywords": ["reach"]}, True, None),  # 702.17b
    ({"keywords": ["flying"]}, {"keywords": ["flying"]}, True, None),
    ({}, {"keywords": ["flying"]}, True, None),  # a flier can block a creature without flying
    ({"keywords": ["shadow"]}, {}, False, "702.28b"),
    ({}, {"keywords": ["shadow"]}, False, "702.28b"),
    ({"keywords": ["shadow"]}, {"keywords": ["shadow"]}, True, None),
    ({"keywords": ["horsemanship"]}, {}, False, "702.31b"),
    ({}, {"keywords": ["horsemanship"]}, True, None),
    ({"keywords": ["fear"]}, {"colors": ["green"]}, False, "702.36b"),
    ({"keywords": ["fear"]}, {"colors": ["black"]}, True, None),
    ({"keywords": ["fear"]}, {"types": ["artifact", "creature"]}, True, None),
    ({"keywords": ["intimidate"], "colors": ["red"]}, {"colors": ["green"]}, False, "702.13b"),
    ({"keywords": ["intimidate"], "colors": ["red"]}, {"colors": ["red", "green"]}, True, None),
    ({"keywords": ["intimidate"], "colors": ["red"]}, {"types": ["artifact", "creature"]}, True, None),
    ({"keywords": ["skulk"], "power": 2}, {"power": 3}, False, "702.118b"),
    ({"keywords": ["skulk"], "power": 2}, {"power": 2}, True, None),
    ({"keywords": [{"protection": "red"}]}, {"colors": ["red"]}, False, "702.16f"),
    ({"keywords": [{"protection": "red"}]}, {"colors": ["green"]}, True, None),
    ({"keywords": [{"protection": "artifacts"}]}, {"types": ["artifact", "creature"]}, False, "702.16f"),
    ({"keywords": [{"protection": "creatures"}]}, {}, False, "702.16f"),
    ({"keywords": [{"protection": "everything"}]}, {}, False, "702.16j"),
    ({"keywords": [{"protection": "bob"}]}, {}, False, "702.16k"),
])
def test_702_evasion(attacker: dict, blocker: dict, legal: bool, rule: str | None) -> None:
    board = make([vanilla("att", "alice", **attacker)], [vanilla("blk", **blocker)], {"blk": ["att"]})
    result = check_blocks(board)
    assert result.legal is legal
    assert rules(result) == ({rule} if rule else set())


def test_702_14c_landwalk_depends_on_the_defending_players_lands() -> None:
    raiders = {"id": "raiders", "card": "Bog Raiders"}
    swamp = {"id": "swamp", "card": "Swamp", "controller": "bob"}
    mine = {"id": "swamp", "card": "Swamp", "controller": "alice"}
    assert rules(check_blocks(make([raiders], [vanilla("ox"), swamp], {"ox": ["raiders"]}))) == {"702.14c"}
    assert check_blocks(make([dict(raiders)], [vanilla("ox"), mine], {"ox": ["raiders"]})).legal


def test_702_14d_example_snow_forestwalk_is_not_cancelled() -> None:
    walker = vanilla("walker", "alice", keywords=["snow_forestwalk"])
    defender = vanilla("blk", keywords=["snow_forestwalk"])
    snow_forest = {"id": "forest", "card": "Snow-Covered Forest", "controller": "bob"}
    result = check_blocks(make([walker], [defender, snow_forest], {"blk": ["walker"]}))
    assert rules(result) == {"702.14c"}
    plain_forest = {"id": "forest", "card": "Forest", "controller": "bob"}
    assert check_blocks(make([dict(walker)], [dict(defender), plain_forest], {"blk": ["walker"]})).legal


def test_802_2a_example_landwalk_checks_the_player_attacked() -> None:
    bear = vanilla("bear", "alice")
    walker = vanilla("walker", "alice", keywords=["mountainwalk"])
    board = make([bear, walker], [vanilla("alex_ox", "alex"), vanilla("car_ox", "carissa"),
                                  {"id": "mountain", "card": "Mountain", "controller": "alex"}],
                 {"car_ox": ["walker"]}, targets={"bear": "alex", "walker": "carissa"},
                 players=("alice", "alex", "carissa"))
    assert check_blocks(board).legal


def test_702_111b_menace_needs_two_or_more() -> None:
    board = load_board(EXAMPLES / "blocks-menace-requirement.yaml")
    result = check_blocks(board)
    assert not result.legal and rules(result) == {"702.111b"}


# --------------------------------------------------------------------------- multiplayer
def test_802_4_each_defending_player_blocks_only_their_attackers() -> None:
    board = load_board(EXAMPLES / "blocks-multiplayer.yaml")
    result = check_blocks(board)
    assert rules(result) == {"702.14c"} and result.obeyed == result.maximum == 1
    bears = vanilla("bears", "alice")
    cross = make([bears], [vanilla("ox", "carol")], {"ox": ["bears"]}, players=("alice", "bob", "carol"))
    assert rules(check_blocks(cross)) == {"509.1a"}


def test_attacks_on_planeswalkers_and_battles_are_blocked_by_their_player() -> None:
    walker = {"id": "pw", "name": "Walker", "controller": "bob", "types": ["planeswalker"], "loyalty": 3}
    battle = {"id": "siege", "name": "Siege", "controller": "alice", "types": ["battle"], "defense": 5,
              "protector": "bob"}
    a, b = vanilla("a", "alice", abilities=["lure"]), vanilla("b", "alice")
    board = make([a, b], [vanilla("ox")], {}, targets={"a": "pw", "b": "siege"}, others=[walker, battle])
    result = check_blocks(board)
    assert not result.legal and witness(result) == {"ox": ["a"]}


# --------------------------------------------------------------------------- seed rulings
def hook_board(blocks: dict[str, list[str]], wall: dict | None = None, **extra: Any) -> Board:
    """Grappling Hook now on the bears, but its trigger named the angel (must_block effect)."""
    angel = {"id": "angel", "card": "Hill Giant"}
    bears = {"id": "bears", "card": "Grizzly Bears"}
    hook = {"id": "hook", "card": "Grappling Hook", "controller": "alice", "attached_to": "bears"}
    effect = {"kind": "must_block", "creature": "wall", "attacker": "angel", "source": "hook"}
    return make([angel, bears], [wall or {"id": "wall", "card": "Wall of Stone", "controller": "bob"}, hook],
                blocks, [effect, *extra.pop("effects", [])], **extra)


def test_grappling_hook_the_creature_to_block_is_fixed_when_it_triggers() -> None:
    assert check_blocks(hook_board({"wall": ["angel"]})).legal
    moved = check_blocks(hook_board({"wall": ["bears"]}))
    assert not moved.legal and rules(moved) == {"509.1c"} and witness(moved) == {"wall": ["angel"]}


def test_grappling_hook_requirement_it_cant_meet_does_nothing() -> None:
    board = load_board(EXAMPLES / "blocks-grappling-hook.yaml")
    result = check_blocks(board)
    assert result.legal and result.maximum == 0
    assert any("does nothing" in n and "702.9b" in n for n in result.notes)
    no_block = make([{"id": "angel", "card": "Serra Angel"}, {"id": "bears", "card": "Grizzly Bears"}],
                    [{"id": "wall", "card": "Wall of Stone", "controller": "bob"}], {},
                    [{"kind": "must_block", "creature": "wall", "attacker": "angel"}])
    assert check_blocks(no_block).legal


def test_grappling_hook_choice_is_made_on_resolution() -> None:
    # choosing not to have it block leaves no effect: no requirement at all
    angel, bears = {"id": "angel", "card": "Hill Giant"}, {"id": "bears", "card": "Grizzly Bears"}
    wall = {"id": "wall", "card": "Wall of Stone", "controller": "bob"}
    assert check_blocks(make([angel, bears], [wall], {"wall": ["bears"]})).legal


@pytest.mark.parametrize("wall, extra", [
    ({"tapped": True}, {}),
    ({"abilities": ["cant_block"]}, {}),
    ({}, {"effects": [{"kind": "block_cost", "cost": "{1}", "controller": "bob", "source": "cadence"}]}),
])
def test_grappling_hook_exempt_creatures(wall: dict, extra: dict) -> None:
    creature = {"id": "wall", "card": "Wall of Stone", "controller": "bob", **wall}
    result = check_blocks(hook_board({}, creature, **extra))
    assert result.legal and result.maximum == 0
    assert any("does nothing" in n for n in result.notes)


def test_grappling_hook_creature_of_another_player_is_exempt() -> None:
    wall = {"id": "wall", "card": "Wall of Stone", "controller": "carol"}
    result = check_blocks(hook_board({}, wall, players=("alice", "bob", "carol")))
    assert result.legal and result.maximum == 0
    assert any("not controlled by the defending player" in n for n in result.notes)


def blocks_if_able(blocks: dict[str, list[str]], ox: dict | None = None, targets: dict | None = None,
                   **extra: Any) -> Board:
    """A creature targeted by "target creature blocks this turn if able"."""
    return make([vanilla("a", "alice"), vanilla("b", "alice")], [vanilla("ox", **(ox or {}))], blocks,
                [{"kind": "blocks_this_turn", "creature": "ox"}, *extra.pop("effects", [])], targets, **extra)


def test_blocks_this_turn_its_controller_chooses_the_attacker() -> None:
    assert check_blocks(blocks_if_able({"ox": ["a"]})).legal
    assert check_blocks(blocks_if_able({"ox": ["b"]})).legal
    none = check_blocks(blocks_if_able({}))
    assert not none.legal and rules(none) == {"509.1c"} and none.maximum == 1


@pytest.mark.parametrize("ox, targets, extra", [
    ({"tapped": True}, None, {}),
    ({"abilities": ["cant_block"]}, None, {}),
    ({}, {"a": "carol", "b": "carol"}, {"players": ("alice", "bob", "carol")}),
    ({"abilities": [{"block_cost": "{2}"}]}, None, {}),
])
def test_blocks_this_turn_does_nothing_when_it_cant_block(ox, targets, extra) -> None:
    result = check_blocks(blocks_if_able({}, ox, targets, **extra))
    assert result.legal and result.maximum == 0


# --------------------------------------------------------------------------- Lure, War Cadence
def test_lure_doesnt_give_the_ability_to_block() -> None:
    angel = vanilla("angel", "alice", keywords=["flying"], abilities=["lure"])
    result = check_blocks(make([angel], [vanilla("ox"), vanilla("hawk", keywords=["flying"])], {"hawk": ["angel"]}))
    assert result.legal and result.maximum == 1
    assert any("Ox (ox) must block" in n and "702.9b" in n for n in result.notes)


@pytest.mark.parametrize("ox", [{"tapped": True}, {"abilities": ["cant_block"]},
                                {"abilities": [{"block_cost": "{1}"}]}])
def test_lure_tapped_prevented_or_costly_creatures_dont_block(ox: dict) -> None:
    bears = vanilla("bears", "alice", abilities=["lure"])
    result = check_blocks(make([bears], [vanilla("ox", **ox), vanilla("eel")], {"eel": ["bears"]}))
    assert result.legal and result.obeyed == result.maximum == 1


def test_lure_card_grants_the_requirement() -> None:
    board = load_board(EXAMPLES / "lure-menace.yaml")
    result = check_blocks(board)
    assert not result.legal and result.maximum == 2
    assert witness(result) == {"bears": ["brute"], "ox": ["brute"]}


def declare(board: Board, blocks: dict[str, list[str]], paid: set[str] = frozenset()) -> Board:
    """The board with another declaration of blocks and paid costs."""
    return board.replace(combat=CombatDeclaration(board.combat.attackers, tuple(
        Block(c, tuple(a)) for c, a in blocks.items()), frozenset(paid)))


def test_war_cadence_x_zero_is_a_cost_that_isnt_paid_automatically() -> None:
    board = load_board(EXAMPLES / "blocks-war-cadence.yaml")
    assert check_blocks(board).legal
    unpaid = check_blocks(declare(board, {"ox": ["bears"]}))
    assert not unpaid.legal and rules(unpaid) == {"509.1d"}
    paid = check_blocks(declare(board, {"ox": ["bears"]}, {"ox"}))
    assert paid.legal and paid.maximum == 1 and paid.costs == {"bob": "{0}"}  # the eel, unpaid, is exempt


def test_war_cadence_cost_is_per_blocking_creature() -> None:
    board = load_board(EXAMPLES / "blocks-war-cadence.yaml")
    result = check_blocks(declare(board, {"ox": ["bears"], "eel": ["bears"]}, {"ox", "eel"}))
    assert result.legal and result.costs == {"bob": "{0}{0}"} and result.maximum == 2
    x_two = board.replace(effects=(Effect("block_cost", cost=ManaCost.parse("{2}"), controller="bob"),))
    assert check_blocks(declare(x_two, {"ox": ["bears"]}, {"ox"})).costs == {"bob": "{2}"}


# --------------------------------------------------------------------------- Lure on several attackers
def test_509_1c_a_creature_obeys_lure_requirements_for_as_many_attackers_as_it_can_block() -> None:
    """509.1a, 509.1c: three Lure attackers give each creature three requirements; blocking one
    of them obeys the most a creature that blocks one attacker can, so the declaration is legal
    and its own witness, and no note says a requirement can't be obeyed (each can, alone)."""
    lures = [vanilla(x, "alice", abilities=["lure"]) for x in "abc"]
    one = check_blocks(make(lures, [vanilla("ox")], {"ox": ["b"]}))
    assert one.legal and (one.obeyed, one.maximum) == (1, 1) and witness(one) == {"ox": ["b"]}
    assert not any("can't be obeyed" in n for n in one.notes)
    extra = vanilla("extra", abilities=[{"can_block_additional": 1}])
    assert check_blocks(make(lures, [extra], {"extra": ["a", "c"]})).legal
    short = check_blocks(make(lures, [extra], {"extra": ["a"]}))
    assert not short.legal and short.maximum == 2 and rules(short) == {"509.1c"}
    guard = {"id": "guard", "card": "Palace Guard", "controller": "bob"}
    assert check_blocks(make(lures, [guard], {"guard": ["a", "b", "c"]})).maximum == 3


def test_requirement_bound_counts_what_each_creature_can_block() -> None:
    """509.1a: a creature's requirements to block particular attackers count for as many
    attackers as it can block, those naming the most first; other requirements count whole."""
    lures = [vanilla(x, "alice") for x in "abc"]
    extra = vanilla("extra", abilities=[{"can_block_additional": 1}])
    guard = {"id": "guard", "card": "Palace Guard", "controller": "bob"}
    board = make(lures, [vanilla("ox"), extra, guard], None)
    ox = [Requirement("lure", "ox", a) for a in "abc"] + [Requirement("must_block", "ox", "c"),
                                                          Requirement("blocks_each_combat", "ox")]
    assert requirement_bound(board, ox) == 3  # c twice, and blocking at all
    assert requirement_bound(board, [Requirement("lure", "extra", a) for a in "abc"]) == 2
    assert requirement_bound(board, [Requirement("lure", "guard", a) for a in "abc"]) == 3
    assert requirement_bound(board, [Requirement("must_be_blocked", None, "a")]) == 1


# --------------------------------------------------------------------------- Lure + menace
@pytest.mark.parametrize("able, maximum", [(1, 0), (2, 2), (3, 3)])
def test_lure_and_menace_the_forge_freeze(able: int, maximum: int) -> None:
    brute = vanilla("brute", "alice", keywords=["menace"], abilities=["lure"])
    defenders = [vanilla(f"d{i}") for i in range(able)] + [vanilla("tapped", tapped=True)]
    result = suggest_blocks(make([brute], defenders, None))
    assert result.legal and result.maximum == maximum
    assert len(result.witness) == maximum
    check = check_blocks(make([vanilla("brute", "alice", keywords=["menace"], abilities=["lure"])],
                              [vanilla(f"d{i}") for i in range(able)], {}))
    assert check.legal is (maximum == 0)
    if able == 1:
        assert any("702.111b" in n and "can't be obeyed" in n for n in check.notes)


# --------------------------------------------------------------------------- suggest
def test_suggest_objectives() -> None:
    big, small = vanilla("big", "alice", power=5), vanilla("small", "alice", power=1)
    defenders = [vanilla("x"), vanilla("y")]
    fewest = suggest_blocks(make([big, small], defenders, None))
    assert fewest.witness == () and fewest.objective == "fewest-blockers"
    most = suggest_blocks(make([dict(big), dict(small)], [dict(d) for d in defenders], None), "most-blockers")
    assert len(most.witness) == 2
    one = suggest_blocks(make([dict(big), dict(small)], [vanilla("x")], None), "least-unblocked-power")
    assert witness(one) == {"x": ["big"]}
    with pytest.raises(ValueError, match="unknown objective"):
        suggest_blocks(make([dict(big)], [], None), "bravest")


def test_check_needs_a_declaration_and_no_attackers_means_no_step() -> None:
    with pytest.raises(ValueError, match="combat.blockers"):
        check_blocks(make([vanilla("a", "alice")], [vanilla("x")], None))
    quiet = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n", "<t>")
    assert check_blocks(quiet).legal and suggest_blocks(quiet).legal


def test_deterministic_answers() -> None:
    board = load_board(EXAMPLES / "blocks-menace-requirement.yaml")
    assert check_blocks(board).to_dict() == check_blocks(board).to_dict()
    many = make([vanilla(f"a{i}", "alice", abilities=["lure"]) for i in range(4)],
                [vanilla(f"d{i}") for i in range(5)], None)
    assert suggest_blocks(many).witness == suggest_blocks(many).witness


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("blocks-*.yaml")), ids=lambda p: p.name)
def test_examples_load_and_witnesses_are_legal(path: Path) -> None:
    board = load_board(path)
    result = check_blocks(board)
    assert result.optimal and (result.legal is (not result.violations))
    again = check_blocks(declare(board, dict(result.witness), board.combat.paid_costs))
    assert again.legal and again.obeyed == result.maximum


def test_a_time_limited_answer_never_claims_an_unproven_legal_verdict() -> None:
    attackers = [vanilla(f"a{i}", "alice", keywords=["menace"] if i % 2 else [], abilities=["lure"])
                 for i in range(12)]
    defenders = [vanilla(f"d{i}", abilities=[{"can_block_additional": 1}] if i % 3 == 0 else [])
                 for i in range(14)]
    board = make(attackers, defenders, {"d0": ["a0"]})
    quick = check_blocks(board, time_limit=0.01, explain=False)
    full = check_blocks(board, explain=False)
    assert full.optimal and not full.legal
    assert quick.legal is not True
    assert quick.optimal or quick.legal in (False, None)
    assert quick.maximum <= full.maximum
