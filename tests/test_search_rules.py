"""The combat search (``solve``: best blocks, survive, lethal) on hand-worked boards whose
answer rests on one rule the search's checks or bounds must keep: the check between the
damage steps (510.4, 704.5a), damage already marked and a double-striking blocker's second
hit in the bound on the attacker's death (704.5g, 510.4), deathtouch and indestructible
(702.2b, 702.12b). Each rule with inline creatures and with real cards of the real_cards."""
from __future__ import annotations

from typing import Any

import pytest
from ortools.sat.python import cp_model

from mtgsolver import load_board
from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.encodings.damage import DamageModel
from mtgsolver.load import parse_board_text
from mtgsolver.solver.search import Undecided, best_response, block_value, search_attack


def _board(creatures: list[dict[str, Any]], life: int = 20, library: Any = None):
    """Alice (``a...`` ids) attacks Bob (``b...`` ids), who has ``life``."""
    perms = [dict(c, controller="alice" if c["id"].startswith("a") else "bob") for c in creatures]
    return load_board({"version": 1, "active_player": "alice",
                       "players": [{"name": "alice"}, {"name": "bob", "life": life}], "battlefield": perms},
                      library=library)


def _creature(cid: str, power: int, toughness: int, *keywords: str, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid, "types": ["creature"], "power": power, "toughness": toughness,
            "keywords": list(keywords), **extra}


def _best(board, attackers: list[str]):
    return best_response(board, {a: "bob" for a in attackers}, Deadline(30))


# -- 510.4, 704.5a: the check after the first-strike damage step --------------------------------
def _lifelink_too_late(board) -> None:
    """A double-striking flyer leaves Bob at 0 after the first-strike step; blocking the other
    attacker with a lifelinker gains life only in the regular step: too late (704.5a is checked
    between the steps), so every block loses and the attack is lethal."""
    best = _best(board, ["a_flyer", "a_bears"])
    assert best.loses
    assert block_value(board, {"a_flyer": "bob", "a_bears": "bob"}, {"b_link": ("a_bears",)}, Deadline(30)).loses
    lethal = search_attack(board, "lethal", Deadline(30))
    assert lethal.response.loses and lethal.attack == {"a_flyer": "bob", "a_bears": "bob"}
    # the attack search's cuts play both steps out (no game end): the loss is still the check's
    model = cp_model.CpModel()
    dm = DamageModel(board, model, {"a_flyer": {"bob": 1}, "a_bears": {"bob": 1}}, {"b_link": ("a_bears",)})
    model.add(dm.loses("bob") == 0)
    assert cp_model.CpSolver().solve(model) == cp_model.INFEASIBLE


def test_510_4_lifelink_in_the_regular_step_comes_after_the_loss() -> None:
    _lifelink_too_late(_board([_creature("a_flyer", 1, 1, "flying", "double_strike"), _creature("a_bears", 2, 2),
                               _creature("b_link", 2, 1, "lifelink")], life=1))


def test_510_4_lifelink_too_late_with_real_cards(real_cards) -> None:
    """Skyhunter Skirmisher (flying, double strike), Grizzly Bears, Child of Night (lifelink)."""
    _lifelink_too_late(_board([{"id": "a_flyer", "card": "Skyhunter Skirmisher"},
                               {"id": "a_bears", "card": "Grizzly Bears"},
                               {"id": "b_link", "card": "Child of Night"}], life=1, library=real_cards))


# -- 510.1c, 702.15b: the attacker's assignment counts the life a lifelinker would gain -----------
def _lifelinker_first(board) -> None:
    """The first striker's 2 damage kills the 2/1 lifelinker blocking it beside a 2/2, rather
    than the 2/2: dead in the first-strike step, the lifelinker deals no damage and Bob gains
    nothing (510.4, 702.15b); the 2/2 kills the attacker in the regular step."""
    block = {"b_link": ("a_knight",), "b_bears": ("a_knight",)}
    value = block_value(board, {"a_knight": "bob"}, block, Deadline(30))
    assert (value.life, value.killed) == (0, 1 + 2 + 1) and value.own_lost > 0


def test_510_1c_a_first_striker_kills_the_lifelinker_blocking_it_first() -> None:
    _lifelinker_first(_board([_creature("a_knight", 2, 1, "first_strike"), _creature("b_link", 2, 1, "lifelink"),
                              _creature("b_bears", 2, 2)]))


def test_510_1c_the_lifelinker_dies_first_with_real_cards(real_cards) -> None:
    """Youthful Knight (first strike) blocked by Child of Night (lifelink) and Grizzly Bears."""
    _lifelinker_first(_board([{"id": "a_knight", "card": "Youthful Knight"}, {"id": "b_link", "card": "Child of Night"},
                              {"id": "b_bears", "card": "Grizzly Bears"}], library=real_cards))


# -- 704.5g, 510.4: the bound on the attacker's death -----------------------------------------------
def _giant_dies(board, blocker: str) -> None:
    """Bob blocks the 3/3 to save 3 life (his 2/2 dies either way); the block that also kills
    the attacker (its value, 1 + 3 + 3 = 7) is best at the ``kills`` level."""
    best = _best(board, ["a_giant"])
    assert best.blocks == {blocker: ("a_giant",)}
    assert (best.life, best.killed) == (0, 7)


def test_704_5g_marked_damage_counts_toward_the_attackers_death() -> None:
    """A 3/3 with 1 damage marked dies to a 2/2's 2 damage."""
    _giant_dies(_board([_creature("a_giant", 3, 3, damage=1), _creature("b_bears", 2, 2)]), "b_bears")


def test_510_4_a_double_striking_blocker_hits_twice() -> None:
    """A 2/2 double striker deals 2 in each step: 4 to a 3/3."""
    _giant_dies(_board([_creature("a_giant", 3, 3), _creature("b_ace", 2, 2, "double_strike")]), "b_ace")


def test_704_5g_and_510_4_with_real_cards(real_cards) -> None:
    """Hill Giant, damaged, against Grizzly Bears; undamaged against Mirran Crusader (double strike)."""
    _giant_dies(_board([{"id": "a_giant", "card": "Hill Giant", "damage": 1},
                        {"id": "b_bears", "card": "Grizzly Bears"}], library=real_cards), "b_bears")
    _giant_dies(_board([{"id": "a_giant", "card": "Hill Giant"}, {"id": "b_crusader", "card": "Mirran Crusader"}],
                       library=real_cards), "b_crusader")


# -- 702.2b, 702.12b: deathtouch against indestructible ----------------------------------------------
def _wall_holds(board) -> None:
    """The indestructible 0/1 blocks the deathtouch 1/1 and survives: nothing is lost."""
    best = _best(board, ["a_rats"])
    assert best.blocks == {"b_myr": ("a_rats",)}
    assert (best.loses, best.life, best.own_lost, best.killed) == (False, 0, 0, 0)


def test_702_12b_deathtouch_does_not_destroy_an_indestructible_blocker() -> None:
    _wall_holds(_board([_creature("a_rats", 1, 1, "deathtouch"), _creature("b_myr", 0, 1, "indestructible")]))


def test_702_12b_deathtouch_and_indestructible_with_real_cards(real_cards) -> None:
    """Typhoid Rats (deathtouch) against Darksteel Myr (indestructible)."""
    _wall_holds(_board([{"id": "a_rats", "card": "Typhoid Rats"}, {"id": "b_myr", "card": "Darksteel Myr"}],
                       library=real_cards))


# -- 510.1a: damage by toughness; a 0-power attacker ------------------------------------------------
def _wall_kills(board, lost: int) -> None:
    """A wall assigning combat damage equal to its toughness (510.1a) kills the 3/3 it blocks
    (and the wall is ``lost``, or survives at 0)."""
    best = _best(board, ["a_giant"])
    assert best.blocks == {"b_wall": ("a_giant",)} and (best.life, best.own_lost, best.killed) == (0, lost, 7)


def test_510_1a_a_blocker_assigning_damage_by_toughness_inline() -> None:
    _wall_kills(_board([_creature("a_giant", 3, 3), _creature("b_wall", 0, 4, "defender",
                                                                abilities=["assigns_damage_by_toughness"])]), 0)


def test_510_1a_damage_by_toughness_with_real_cards(real_cards) -> None:
    """Belligerent Brontodon makes Bob's Wall of Wood (0/3) assign 3 to Hill Giant; both die."""
    _wall_kills(_board([{"id": "a_giant", "card": "Hill Giant"}, {"id": "b_wall", "card": "Wall of Wood"},
                        {"id": "b_bronto", "card": "Belligerent Brontodon", "tapped": True}], library=real_cards), 4)


def _harmless(board) -> None:
    """A 0-power attacker deals no damage (510.1a): blocking it with a 2/1 costs nothing and
    kills it."""
    best = _best(board, ["a_zero"])
    assert best.blocks == {"b_flyer": ("a_zero",)} and (best.own_lost, best.killed) == (0, 3)


def test_510_1a_a_zero_power_attacker_kills_nothing_inline() -> None:
    _harmless(_board([_creature("a_zero", 0, 2, "flying"), _creature("b_flyer", 2, 1, "flying")]))


def test_510_1a_a_zero_power_attacker_with_real_cards(real_cards) -> None:
    """Ornithopter attacks; Stormfront Pegasus (2/1, flying) blocks and kills it."""
    _harmless(_board([{"id": "a_zero", "card": "Ornithopter"}, {"id": "b_flyer", "card": "Stormfront Pegasus"}],
                     library=real_cards))


# -- 509.1b-c: a refuting block kept for another attack only where it stays legal -------------
def _lethal_alone(board, attacker: str) -> None:
    """The whole attack is answered, but ``attacker`` alone is lethal: a block of the whole
    attack, its blocks of absent creatures dropped, is not a legal block of that smaller one."""
    lethal = search_attack(board, "lethal", Deadline(30))
    assert lethal.response.loses and lethal.attack == {attacker: "bob"}
    best = search_attack(board, "best-attack", Deadline(30))
    assert best.response.loses and best.attack == {attacker: "bob"}


def test_509_1b_a_blocker_that_cant_block_alone() -> None:
    """Against the 4/4 flyer and the 1/1, Bob's 5/5 reach "can't block alone" blocks the flyer
    while his 1/1 blocks the 1/1; against the flyer alone his 1/1 can't block it, so the 5/5
    can't block at all (509.1b) and 4 damage is lethal."""
    _lethal_alone(_board([_creature("a_flyer", 4, 4, "flying"), _creature("a_bear", 1, 1),
                          _creature("b_giant", 5, 5, "reach", abilities=["cant_block_alone"]),
                          _creature("b_squire", 1, 1)], life=4), "a_flyer")


def test_509_1c_a_blocker_that_blocks_each_combat_if_able() -> None:
    """Bob's 2/2 "blocks each combat if able" blocks the 1/1 beside an afflict 3 attacker
    (702.130a), which deals 1; against the afflict creature alone it must block it (509.1c) and
    Bob at 3 loses 3 life when it becomes blocked."""
    _lethal_alone(_board([_creature("a_bear", 1, 1), _creature("a_afflict", 1, 1, abilities=[{"afflict": 3}]),
                          _creature("b_guard", 2, 2, abilities=["blocks_each_combat"])], life=3), "a_afflict")


# -- 510.4: a blocker that strikes first kills before the attacker deals damage ----------------
def test_510_4_a_first_striking_blocker_survives_the_attacker_it_kills() -> None:
    """Bob's 2/1 first striker (or double striker) blocks the 2/2 and kills it in the first-strike step: the 2/2
    deals no damage (510.4), so Bob loses nothing and kills a creature (its value); a 2/2 with first
    strike against it trades its blocker away instead."""
    for strike in ("first_strike", "double_strike"):
        best = _best(_board([_creature("a_bear", 2, 2), _creature("b_knight", 2, 1, strike)]), ["a_bear"])
        assert best.blocks == {"b_knight": ("a_bear",)} and (best.life, best.own_lost) == (0, 0) and best.killed > 0
    best = _best(_board([_creature("a_bear", 2, 2, "first_strike"), _creature("b_knight", 2, 1, "first_strike")]),
                 ["a_bear"])
    assert best.own_lost > 0 or best.blocks == {}


# -- 702.2b: one deathtouch damage is lethal, whatever the attacker's toughness ------------------
def test_702_2b_a_deathtouch_blocker_kills_a_large_attacker() -> None:
    """Bob's 1/1 deathtouch blocker (Typhoid Rats) kills the 5/5 it blocks: the bound on the
    attacker's death counts deathtouch, not only the damage its blockers can deal."""
    best = _best(_board([_creature("a_giant", 5, 5), _creature("b_rats", 1, 1, "deathtouch")]), ["a_giant"])
    assert best.blocks == {"b_rats": ("a_giant",)} and best.killed > 0


def test_a_block_valued_alone_names_the_cases_the_search_leaves_undecided() -> None:
    """``block_value`` values a stated block by the search's shares, so it refuses the same
    corner cases, each named: two blockers that may block an additional creature (509.1a), not
    the attacking player's creature that may."""
    head = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
    body = "  - {id: a, name: a, controller: alice, types: [creature], power: 2, toughness: 2}\n" + "".join(
        f"  - {{id: {w}, name: {w}, controller: bob, types: [creature], power: 1, toughness: 1, "
        f"text: '{w} can block an additional creature each combat.'}}\n" for w in ("u", "v", "w"))
    # the attacking player's creature: no case
    body = body.replace("{id: u, name: u, controller: bob", "{id: u, name: u, controller: alice")
    board = parse_board_text(head + body, "t.yaml")
    with pytest.raises(Undecided) as raised:
        block_value(board, {"a": "bob"}, {"v": ("a",)}, Deadline(30))
    assert str(raised.value) == ("v may block several creatures (509.1a); the search assumes one each; "
                                 "w may block several creatures (509.1a); the search assumes one each")


# -- 508.1d: the attack obeys the most requirements ---------------------------------------------
def test_508_1d_the_attack_search_keeps_the_creature_that_must_attack(real_cards) -> None:
    """Juggernaut attacks each combat if able, so every legal attack has it (508.1d); Child of
    Night blocks it and gains 2 (702.15b). Serra Angel alone would deal 4, but the best legal
    attack is both: 4 - 2 = 2 net life, and no attack without Juggernaut is lethal."""
    board = _board([{"id": "a_jug", "card": "Juggernaut"}, {"id": "a_angel", "card": "Serra Angel"},
                    {"id": "b_child", "card": "Child of Night"}], life=4, library=real_cards)
    best = search_attack(board, "best-attack", Deadline(30))
    assert best.attack == {"a_jug": "bob", "a_angel": "bob"} and best.response.blocks == {"b_child": ("a_jug",)}
    assert (best.response.loses, best.response.life) == (False, 2)
    assert not search_attack(board, "lethal", Deadline(30)).response.loses


def test_the_attack_search_ranks_the_blocks_by_the_order_given(real_cards) -> None:
    """Craw Wurm attacks alone, or Juggernaut must (508.1d), into Bob's Craw Wurm and Indomitable
    Ancients: either block stops the damage. By the default order Bob loses the fewest creatures
    (the 2/10 blocks); ranking kills before his losses, his Wurm blocks and trades. The whole
    attack (the dominance) and the search over attacks follow the order alike."""
    for attacker, dominance in (("Craw Wurm", True), ("Juggernaut", False)):
        board = _board([{"id": "a_att", "card": attacker}, {"id": "b_wurm", "card": "Craw Wurm"},
                        {"id": "b_ancients", "card": "Indomitable Ancients"}], library=real_cards)
        default = search_attack(board, "best-attack", Deadline(30))
        assert default.attack == {"a_att": "bob"} and default.dominance == dominance, attacker
        assert default.response.blocks == {"b_ancients": ("a_att",)}, attacker
        assert (default.response.life, default.response.own_lost, default.response.killed) == (0, 0, 0), attacker
        kills = search_attack(board, "best-attack", Deadline(30), ("loses", "life", "kills", "creatures"))
        assert kills.attack == {"a_att": "bob"} and "b_wurm" in kills.response.blocks, attacker
        assert kills.response.life == 0 and kills.response.killed > 0 and kills.response.own_lost > 0, attacker


# -- 509.1: the best response's legal blocks -----------------------------------------------------
def test_509_1d_only_a_creature_whose_cost_to_block_was_paid_blocks() -> None:
    """War Cadence makes each creature's block cost {1} (509.1d): Bob paid it for the ox, not
    for the yak. At 2 life against a 2/2 he survives by the ox's block; with nothing paid no
    creature of his can block and he loses."""
    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob", "life": 2}],
            "battlefield": [_creature("a_bear", 2, 2, controller="alice"), _creature("b_ox", 0, 4, controller="bob"),
                            _creature("b_yak", 0, 4, controller="bob")],
            "effects": [{"kind": "block_cost", "cost": "{1}", "controller": "bob", "source": "War Cadence"}],
            "combat": {"attackers": [{"creature": "a_bear", "target": "bob"}], "paid_costs": ["b_ox"]}}
    paid = load_board(data)
    best = _best(paid, ["a_bear"])
    assert best.blocks == {"b_ox": ("a_bear",)} and not best.loses
    unpaid = load_board(dict(data, combat={"attackers": [{"creature": "a_bear", "target": "bob"}]}))
    assert _best(unpaid, ["a_bear"]).loses


def test_509_1b_tromokratis_is_blocked_by_every_creature_or_none(real_cards) -> None:
    """Tromokratis can't be blocked unless all creatures Bob controls block it (509.1b): at 8
    life Bob must block with both his Grizzly Bears, losing both, where one would do."""
    board = _board([{"id": "a_kraken", "card": "Tromokratis"}, {"id": "b_bears1", "card": "Grizzly Bears"},
                    {"id": "b_bears2", "card": "Grizzly Bears"}], life=8, library=real_cards)
    best = _best(board, ["a_kraken"])
    assert best.blocks == {"b_bears1": ("a_kraken",), "b_bears2": ("a_kraken",)} and not best.loses


def test_903_10a_the_best_block_stops_a_commanders_21st_damage() -> None:
    """Bob, at 40 life, has taken 18 combat damage from Alice's 3/3 commander (903.10a): unblocked
    it makes 21 and he loses (704.6c), so his best block chumps it with his 1/1; without a
    creature he loses."""
    def board(*blockers: dict[str, Any]):
        data = {"version": 1, "active_player": "alice",
                "players": [{"name": "alice"}, {"name": "bob", "life": 40, "commander_damage": {"a_cmd": 18}}],
                "battlefield": [_creature("a_cmd", 3, 3, controller="alice", commander=True), *blockers]}
        return load_board(data)
    best = _best(board(_creature("b_chump", 1, 1, controller="bob")), ["a_cmd"])
    assert best.blocks == {"b_chump": ("a_cmd",)} and not best.loses and best.life == 0
    alone = _best(board(), ["a_cmd"])
    assert alone.loses and alone.life == 3


def test_each_level_of_an_unblockable_attack_takes_one_master_solve() -> None:
    """With no creature able to block the flyer, every share is exact at once: each of the five
    levels of the order (loses, life, poison, creatures, kills) is settled by one solve of the
    block master, and the count reported is five."""
    best = _best(_board([_creature("a_flyer", 2, 2, "flying"), _creature("b_bear", 2, 2)]), ["a_flyer"])
    assert (best.blocks, best.life, best.iterations) == ({}, 2, 5)
