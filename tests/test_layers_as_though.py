"""Statics that change how combat rules treat other creatures, read from real cards' Oracle
text and answered by the solvers: landwalk ignored by blocks (702.14), "as though it didn't
have defender" (702.3b), damage by toughness (510.1a), keywords with a parameter granted
(702.21 ward, 702.86 annihilator, 702.130 afflict)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgsolver import load_board
from mtgsolver.model import BoardError
from mtgsolver.model.errors import OptionError
from mtgsolver.read.grammar.continuous import read
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.damage import combat_damage
from mtgsolver.solver.payment import pay
from mtgsolver.solver.plan import plan
from mtgsolver.solver.produce import could_produce

REAL = ("Deadfall", "Lord Magnus", "High Alert", "Rolling Stones", "Gauntlets of Light", "Arcades, the Strategist",
        "Dagger of the Worthy", "Eldrazi Conscription", "Plate Armor", "Winged Boots", "Treefolk Umbra",
        "Guardians of Oboro", "Grizzly Bears", "Forest", "Plains", "Wall of Stone", "Llanowar Elves",
        "Archetype of Imagination", "Archetype of Courage", "Serra Angel", "Spectra Ward", "Akroma's Memorial",
        "Earnest Fellowship", "Sanctuary Blade", "Pledge of Loyalty", "Vectis Gloves", "Traveler's Cloak",
        "Commander's Plate", "Shivan Dragon", "Faith's Fetters", "Llanowar Elves", "Katabatic Winds",
        "Birds of Paradise", "Viper's Kiss", "Detention Vortex", "Vulshok Gauntlets", "Seat of the Synod", "Mountain")


@pytest.fixture(scope="module")
def real(atomic_cards: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real cards these tests use, cut out of the pool once."""
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as f:
        pool = json.load(f)
    path = tmp_path_factory.mktemp("cards") / "as-though-cards.json"
    path.write_text(json.dumps({"meta": pool.get("meta", {}), "data": {n: pool["data"][n] for n in set(REAL)}}))
    return path


def board(cards: Path, perms: list[dict], attackers: list[str] | None = None,
          blocks: dict[str, list[str]] | None = None, **top: object):
    """Alice (ids starting with ``a``) attacks Bob with ``attackers``; ``blocks``: blocker -> attackers."""
    perms = [dict(p, controller=p.get("controller", "alice" if p["id"].startswith("a") else "bob")) for p in perms]
    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
            "battlefield": perms, **top}
    if attackers is not None:
        data["combat"] = {"attackers": [{"creature": a, "target": "bob"} for a in attackers],
                          "blockers": [{"creature": b, "blocks": a} for b, a in (blocks or {}).items()]}
    return load_board(data, cards=cards)


def life_after(result, who: str = "bob") -> int:
    return next(p["life_after"] for p in result.players if p["name"] == who)


def elf_walker(pid: str = "a_elf") -> dict:
    return {"id": pid, "card": "Llanowar Elves", "keywords": ["forestwalk"]}


# ------------------------------------------------------------------ 702.14: landwalk ignored
def test_702_14_deadfall_lets_forestwalkers_be_blocked(real: Path) -> None:
    """Deadfall: "Creatures with forestwalk can be blocked as though they didn't have
    forestwalk" (702.14c, 509.1b): the block is legal against a player with a Forest, and the
    creature keeps forestwalk; without Deadfall the same block is illegal."""
    perms = [elf_walker(), {"id": "forest", "card": "Forest"}, {"id": "bears", "card": "Grizzly Bears"}]
    without = board(real, perms, ["a_elf"], {"bears": ["a_elf"]})
    assert check_blocks(without).legal is False
    b = board(real, perms + [{"id": "dead", "card": "Deadfall", "controller": "bob"}], ["a_elf"], {"bears": ["a_elf"]})
    elf = b.permanent("a_elf")
    assert "forestwalk" in elf.keywords and elf.granted_by["can_be_blocked_despite: forestwalk"] == "dead"
    assert check_blocks(b).legal is True


def test_702_14_lord_magnus_ignores_only_the_walks_it_names(real: Path) -> None:
    """Lord Magnus names plainswalk and forestwalk: an islandwalker still can't be blocked by a
    player who controls an Island-typed land (702.14c), a plainswalker can."""
    perms = [{"id": "a_pw", "card": "Grizzly Bears", "keywords": ["plainswalk"]},
             {"id": "a_iw", "card": "Grizzly Bears", "keywords": ["islandwalk"]},
             {"id": "plains", "card": "Plains"}, {"id": "isl", "name": "Island", "types": ["land"],
                                                  "subtypes": ["island"], "supertypes": ["basic"]},
             {"id": "magnus", "card": "Lord Magnus", "controller": "alice"}, {"id": "bears", "card": "Grizzly Bears"}]
    assert check_blocks(board(real, perms, ["a_pw"], {"bears": ["a_pw"]})).legal is True
    assert check_blocks(board(real, perms, ["a_iw"], {"bears": ["a_iw"]})).legal is False


# ------------------------------------------------------------------ 702.3b: defender ignored
def test_702_3b_high_alert_walls_attack(real: Path) -> None:
    """High Alert: "Creatures you control can attack as though they didn't have defender"
    (702.3b, 508.1c): a Wall of Stone may attack; without High Alert it may not."""
    wall = {"id": "a_wall", "card": "Wall of Stone"}
    assert check_attacks(board(real, [wall], ["a_wall"])).legal is False
    b = board(real, [wall, {"id": "alert", "card": "High Alert", "controller": "alice"}], ["a_wall"])
    assert "defender" in b.permanent("a_wall").keywords
    assert check_attacks(b).legal is True


def test_702_3b_rolling_stones_only_walls(real: Path) -> None:
    """Rolling Stones: only Wall creatures; a non-Wall creature with defender still can't attack."""
    stones = {"id": "stones", "card": "Rolling Stones", "controller": "alice"}
    assert check_attacks(board(real, [{"id": "a_wall", "card": "Wall of Stone"}, stones], ["a_wall"])).legal is True
    other = {"id": "a_x", "card": "Grizzly Bears", "keywords": ["defender"]}
    assert check_attacks(board(real, [other, stones], ["a_x"])).legal is False


def test_702_3b_guardians_of_oboro_modified_creatures(real: Path) -> None:
    """Guardians of Oboro: modified creatures (700.9: a counter) with defender can attack."""
    guard = {"id": "oboro", "card": "Guardians of Oboro", "controller": "alice"}
    wall = {"id": "a_wall", "card": "Wall of Stone"}
    assert check_attacks(board(real, [wall, guard], ["a_wall"])).legal is False
    countered = dict(wall, counters={"+1/+1": 1})
    assert check_attacks(board(real, [countered, guard], ["a_wall"])).legal is True


# ------------------------------------------------------------------ 510.1a: damage by toughness
def test_510_1a_gauntlets_of_light_assigns_by_toughness(real: Path) -> None:
    """Gauntlets of Light (+0/+2, damage equal to toughness): unblocked Grizzly Bears deal 4."""
    b = board(real, [{"id": "a_bears", "card": "Grizzly Bears"},
                     {"id": "gl", "card": "Gauntlets of Light", "controller": "alice", "attached_to": "a_bears"}],
              ["a_bears"])
    result = combat_damage(b)
    assert result.decided and life_after(result) == 20 - 4


def test_510_1a_arcades_walls_attack_and_deal_their_toughness(real: Path) -> None:
    """Arcades, the Strategist: a Wall of Stone (0/8, defender) attacks and deals 8 (702.3b,
    510.1a); a blocking 2/2 dies to it and the Wall survives."""
    perms = [{"id": "arcades", "card": "Arcades, the Strategist", "controller": "alice"},
             {"id": "a_wall", "card": "Wall of Stone"}]
    b = board(real, perms, ["a_wall"])
    assert check_attacks(b).legal is True
    result = combat_damage(b)
    assert result.decided and life_after(result) == 20 - 8
    blocked = combat_damage(board(real, perms + [{"id": "bears", "card": "Grizzly Bears"}], ["a_wall"],
                                  {"bears": ["a_wall"]}))
    assert {d["creature"] for d in blocked.destroyed} == {"bears"}


def test_510_1a_treefolk_umbra_on_a_blocker(real: Path) -> None:
    """Treefolk Umbra on a blocking 1/1 (now 1/3) deals 3 to a 3/3 attacker, which dies."""
    perms = [{"id": "a_x", "name": "Ogre", "types": ["creature"], "power": 3, "toughness": 3},
             {"id": "b1", "name": "Squire", "types": ["creature"], "power": 1, "toughness": 1},
             {"id": "umbra", "card": "Treefolk Umbra", "controller": "bob", "attached_to": "b1"}]
    result = combat_damage(board(real, perms, ["a_x"], {"b1": ["a_x"]}))
    assert result.decided and "a_x" in {d["creature"] for d in result.destroyed}


# ------------------------------------------------------------------ 702: keywords with a parameter
def test_702_130_dagger_of_the_worthy_grants_afflict_1(real: Path) -> None:
    """Dagger of the Worthy: +2/+0 and afflict 1: blocked by a 3/3, Bob loses 1 life (702.130a)."""
    perms = [{"id": "a_bears", "card": "Grizzly Bears"},
             {"id": "dagger", "card": "Dagger of the Worthy", "controller": "alice", "attached_to": "a_bears"},
             {"id": "b", "name": "Ogre", "types": ["creature"], "power": 3, "toughness": 3}]
    result = combat_damage(board(real, perms, ["a_bears"], {"b": ["a_bears"]}))
    assert result.decided and life_after(result) == 20 - 1


def test_702_86_eldrazi_conscription_annihilator_is_undecided(real: Path) -> None:
    """Eldrazi Conscription grants annihilator 2 (702.86a): the sacrifices aren't modelled, so
    the damage answer is undecided rather than guessed."""
    perms = [{"id": "a_bears", "card": "Grizzly Bears"},
             {"id": "ec", "card": "Eldrazi Conscription", "controller": "alice", "attached_to": "a_bears"}]
    b = board(real, perms, ["a_bears"])
    bears = b.permanent("a_bears")
    assert (bears.power, bears.toughness) == (12, 12) and "trample" in bears.keywords
    assert bears.values("annihilator") == [2]
    assert combat_damage(b).decided is None


def test_702_21_ward_granted_with_its_cost(real: Path) -> None:
    """Plate Armor (ward {1}) and Winged Boots (flying and ward {4}): the keyword with its cost."""
    perms = [{"id": "a_bears", "card": "Grizzly Bears"},
             {"id": "plate", "card": "Plate Armor", "controller": "alice", "attached_to": "a_bears"},
             {"id": "boots", "card": "Winged Boots", "controller": "alice", "attached_to": "a_bears"}]
    bears = board(real, perms).permanent("a_bears")
    assert sorted(str(c) for c in bears.values("ward")) == ["{1}", "{4}"]
    assert "flying" in bears.keywords and (bears.power, bears.toughness) == (5, 5)


@pytest.mark.parametrize("line, expected", [
    ("Other Warriors you control get +1/+1 and have ward {1}.",
     {"affects": {"other": True, "subtypes": ["warrior"], "controller": "you"}, "gets": [1, 1],
      "gains": [{"ward": "{1}"}]}),
    ("Creatures with swampwalk can be blocked as though they didn't have swampwalk.",
     {"affects": {"types": ["creature"], "keywords": ["swampwalk"]}, "rules": [{"can_be_blocked_despite": "swampwalk"}]}),
])
def test_readings(line: str, expected: dict) -> None:
    (entry,) = read(line, "X")
    got = dict(entry["continuous"])
    got.pop("text")
    assert got == expected


@pytest.mark.parametrize("line", [
    "Creatures with flying can be blocked as though they didn't have flying.",   # not landwalk
    "Creatures you control can attack as though they didn't have haste.",        # only defender
    "Equipped creature has ward—Pay 3 life.",                                     # a non-mana ward cost
])
def test_refused(line: str) -> None:
    assert read(line, "X") is None


# ------------------------------------------------------------------ 113.11: "can't have or gain"
@pytest.mark.parametrize("bob_first", [True, False])
def test_113_11_archetype_of_imagination_whatever_the_timestamps(real: Path, bob_first: bool) -> None:
    """Archetype of Imagination's ruling: if you and an opponent each control one, no creature
    has flying, whichever came first (113.11, 613.1f): Alice's "Creatures you control have
    flying" can't give flying to her creatures, and Bob's ground Grizzly Bears may block her
    Serra Angel."""
    bobs = {"id": "b_arch", "card": "Archetype of Imagination", "controller": "bob"}
    alices = {"id": "a_arch", "card": "Archetype of Imagination"}
    perms = ([bobs, alices] if bob_first else [alices, bobs]) + [
        {"id": "a_angel", "card": "Serra Angel"}, {"id": "bears", "card": "Grizzly Bears"}]
    b = board(real, perms, ["a_angel"], {"bears": ["a_angel"]})
    assert {pid for pid in ("a_angel", "a_arch", "b_arch", "bears") if "flying" in b.permanent(pid).keywords} == set()
    assert "vigilance" in b.permanent("a_angel").keywords
    assert any("113.11" in c.what for c in b.layers.changes["a_angel"])
    assert check_blocks(b).legal is True


def test_113_11_archetype_of_courage_removes_printed_first_strike(real: Path) -> None:
    """Archetype of Courage (Bob's: "Creatures you control have first strike", and Alice's lose
    it): Bob's blocking Grizzly Bears strike first (510.4) and kill Alice's 2/2, whose printed
    first strike is gone, before it deals damage."""
    perms = [{"id": "arch", "card": "Archetype of Courage", "controller": "bob"},
             {"id": "a_fs", "name": "Striker", "types": ["creature"], "power": 2, "toughness": 2,
              "keywords": ["first_strike"]}, {"id": "bears", "card": "Grizzly Bears"}]
    b = board(real, perms, ["a_fs"], {"bears": ["a_fs"]})
    assert "first_strike" not in b.permanent("a_fs").keywords and "first_strike" in b.permanent("bears").keywords
    result = combat_damage(b)
    assert result.decided and {d["creature"] for d in result.destroyed} == {"a_fs"}


# ------------------------------------------------------------------ 702.16: protection variants
def blocked_by(cards: Path, attacker: dict, blocker: dict, *others: dict, **top: object):
    return board(cards, [attacker, blocker, *others], [attacker["id"]], {blocker["id"]: [attacker["id"]]}, **top)


RED_OGRE = {"id": "ogre", "name": "Ogre", "types": ["creature"], "colors": ["red"], "power": 3, "toughness": 3}
GREEN_BEAR = {"id": "bears", "card": "Grizzly Bears"}


def test_702_16h_spectra_ward_protection_from_all_colors(real: Path) -> None:
    """Spectra Ward: protection from each color (702.16h), so a red creature can't block the
    enchanted creature (702.16f); the rider keeps Spectra Ward on (702.16n)."""
    ward = {"id": "sw", "card": "Spectra Ward", "controller": "alice", "attached_to": "a_bears"}
    b = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, RED_OGRE, ward)
    assert b.permanent("a_bears").protections == {"white", "blue", "black", "red", "green"}
    result = check_blocks(b)
    assert result.legal is False and any(v.rule == "702.16f" for v in result.violations)


def test_702_16g_akromas_memorial_from_black_and_from_red(real: Path) -> None:
    """Akroma's Memorial: "protection from black and from red" is two protections (702.16g)."""
    b = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, RED_OGRE,
                   {"id": "memorial", "card": "Akroma's Memorial", "controller": "alice"})
    bears = b.permanent("a_bears")
    assert bears.protections == {"black", "red"} and {"flying", "first_strike", "haste"} <= bears.keywords
    assert check_blocks(b).legal is False


def test_702_16_earnest_fellowship_protection_from_its_colors(real: Path) -> None:
    """Earnest Fellowship: each creature has protection from its own colors (after layer 5);
    a colorless creature gets none (its ruling). Green Bears can't block green Bears."""
    fellowship = {"id": "ef", "card": "Earnest Fellowship", "controller": "bob"}
    golem = {"id": "golem", "name": "Golem", "types": ["artifact", "creature"], "power": 3, "toughness": 3}
    b = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, GREEN_BEAR, fellowship, golem)
    assert b.permanent("a_bears").protections == {"green"} and b.permanent("golem").protections == frozenset()
    assert check_blocks(b).legal is False
    ogre = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, RED_OGRE, fellowship)
    assert check_blocks(ogre).legal is True


def test_702_16_sanctuary_blade_the_last_chosen_color(real: Path) -> None:
    """Sanctuary Blade: protection from its chosen_color; a board without the choice is refused.
    Its other line ("As ~ becomes attached to a creature, choose a color.") is not read, so the
    block answer is undecided while naming the 702.16f violation."""
    blade = {"id": "blade", "card": "Sanctuary Blade", "controller": "alice", "attached_to": "a_bears",
             "chosen_color": "red"}
    b = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, RED_OGRE, blade)
    assert b.permanent("a_bears").protections == {"red"}
    result = check_blocks(b)
    assert any(v.rule == "702.16f" for v in result.violations) and result.legal is None
    assert [u.line for u in result.unread] == ["As Sanctuary Blade becomes attached to a creature, choose a color."]
    with pytest.raises(BoardError, match="chosen_color"):
        board(real, [{"id": "a_bears", "card": "Grizzly Bears"}, {k: v for k, v in blade.items() if k != "chosen_color"}])


def test_702_16_pledge_of_loyalty_colors_of_your_permanents(real: Path) -> None:
    """Pledge of Loyalty (white, Alice's): protection from the colors of the permanents Alice
    controls: white (the Pledge) and green (the Bears), not red."""
    pledge = {"id": "pledge", "card": "Pledge of Loyalty", "controller": "alice", "attached_to": "a_bears"}
    b = blocked_by(real, {"id": "a_bears", "card": "Grizzly Bears"}, RED_OGRE, pledge)
    assert b.permanent("a_bears").protections == {"white", "green"}
    assert check_blocks(b).legal is True


def test_903_4_commanders_plate_colors_outside_the_identity(real: Path) -> None:
    """Commander's Plate: protection from each color not in the commander's color identity
    (903.4): with Llanowar Elves as commander, all but green; with no commander, none (ruling)."""
    plate = {"id": "plate", "card": "Commander's Plate", "controller": "alice", "attached_to": "a_bears"}
    perms = [{"id": "a_bears", "card": "Grizzly Bears"}, plate]
    data = {"players": [{"name": "alice", "commander": "Llanowar Elves"}, {"name": "bob"}]}
    assert board(real, perms, **data).permanent("a_bears").protections == {"white", "blue", "black", "red"}
    assert board(real, perms).permanent("a_bears").protections == frozenset()


# ------------------------------------------------------------------ 602.5: activation forbidden
def test_602_5_detention_vortex_stops_mana_abilities(real: Path) -> None:
    """Detention Vortex: the enchanted Llanowar Elves can't attack, and its mana ability can't
    be activated (602.5, 605.3a), so {G} can't be paid; the reason names the Aura. What it
    could produce (106.7) still counts the ability (Fellwar Stone ruling)."""
    elves = {"id": "a_elves", "card": "Llanowar Elves"}
    vortex = {"id": "vortex", "card": "Detention Vortex", "controller": "bob", "attached_to": "a_elves"}
    assert pay(board(real, [elves]), "{G}").payable is True
    b = board(real, [elves, vortex], ["a_elves"])
    result = pay(b, "{G}")
    assert result.payable is False
    assert any(e.rule == "602.5" and "Detention Vortex" in e.reason for e in result.excluded)
    assert check_attacks(b).legal is False
    assert could_produce(b, "a_elves").types("a_elves") == ["G"]


def test_602_5_faiths_fetters_allows_mana_abilities(real: Path) -> None:
    """Faith's Fetters: "unless they're mana abilities": the Elves still pay {G} (its ruling)."""
    b = board(real, [{"id": "a_elves", "card": "Llanowar Elves"},
                     {"id": "ff", "card": "Faith's Fetters", "controller": "bob", "attached_to": "a_elves"}])
    assert b.permanent("a_elves").values("cant_activate") == ["non_mana"]
    assert pay(b, "{G}").payable is True


@pytest.mark.parametrize("aura, refused", [
    ("Detention Vortex", True), ("Faith's Fetters", True), ("Katabatic Winds", False)])
def test_602_5_a_plan_refuses_an_ability_that_cant_be_activated(real: Path, aura: str, refused: bool) -> None:
    """Shivan Dragon's "{R}: +1/+0" can't be activated under Detention Vortex, nor under Faith's
    Fetters (not a mana ability); Katabatic Winds stops only {T} abilities, so a Mountain pays it."""
    perms = [{"id": "a_dragon", "card": "Shivan Dragon"}, {"id": "a_m", "card": "Mountain"},
             {"id": "aura", "card": aura, "controller": "bob"} | ({} if aura == "Katabatic Winds" else {"attached_to": "a_dragon"})]
    if not refused:
        assert plan(board(real, perms), ["a_dragon"]).castable is True
        return
    with pytest.raises(OptionError) as err:
        plan(board(real, perms), ["a_dragon"])
    assert (err.value.path, err.value.message) == (
        "cast[0]", "'a_dragon': a_dragon's activated abilities can't be activated (602.5)")


def test_602_5_katabatic_winds_tap_abilities_of_flyers(real: Path) -> None:
    """Katabatic Winds: creatures with flying can't attack or block and their {T} abilities
    can't be activated: Birds of Paradise can't pay {G}, Llanowar Elves (no flying) can."""
    winds = {"id": "winds", "card": "Katabatic Winds", "controller": "bob"}
    birds = {"id": "a_birds", "card": "Birds of Paradise"}
    assert pay(board(real, [birds, winds]), "{G}").payable is False
    assert pay(board(real, [birds, winds, {"id": "a_elves", "card": "Llanowar Elves"}]), "{G}").payable is True


# ------------------------------------------------------------------ 502.3: doesn't untap
def test_502_3_vulshok_gauntlets_doesnt_untap_is_shown(real: Path) -> None:
    """Vulshok Gauntlets: +4/+2 and "doesn't untap during its controller's untap step" (502.3),
    a rule on the creature from the Equipment (613.11); no solver plays an untap step, so it
    is shown with its source and changes no answer."""
    b = board(real, [{"id": "a_bears", "card": "Grizzly Bears"},
                     {"id": "vg", "card": "Vulshok Gauntlets", "controller": "alice", "attached_to": "a_bears"}],
              ["a_bears"])
    bears = b.permanent("a_bears")
    assert (bears.power, bears.toughness) == (6, 4) and bears.granted_by["doesnt_untap"] == "vg"
    assert any(c.layer == "rules" and "doesnt_untap" in c.what for c in b.layers.changes["a_bears"])
    result = combat_damage(b)
    assert result.decided and life_after(result) == 20 - 6


# ------------------------------------------------------------------ 702.14c: artifact landwalk
def test_702_14c_vectis_gloves_artifact_landwalk(real: Path) -> None:
    """Vectis Gloves: +2/+0 and artifact landwalk: unblockable against a player who controls
    an artifact land (Seat of the Synod), blockable otherwise (702.14c)."""
    perms = [{"id": "a_bears", "card": "Grizzly Bears"}, GREEN_BEAR,
             {"id": "vg", "card": "Vectis Gloves", "controller": "alice", "attached_to": "a_bears"}]
    b = board(real, perms, ["a_bears"], {"bears": ["a_bears"]})
    assert "artifact_landwalk" in b.permanent("a_bears").keywords and check_blocks(b).legal is True
    seat = board(real, perms + [{"id": "seat", "card": "Seat of the Synod"}], ["a_bears"], {"bears": ["a_bears"]})
    result = check_blocks(seat)
    assert result.legal is False and any(v.rule == "702.14c" for v in result.violations)


# ------------------------------------------------------------------ 506.5: can only attack alone
def test_506_5_errantry_can_only_attack_alone(real: Path) -> None:
    """Errantry: the enchanted creature may attack alone, not beside another attacker (508.1c,
    506.5); the other creature may attack without it."""
    perms = [{"id": "a_bears", "card": "Grizzly Bears"}, {"id": "a_two", "card": "Grizzly Bears"},
             {"id": "err", "name": "Errantry", "types": ["enchantment"], "subtypes": ["aura"], "controller": "alice",
              "attached_to": "a_bears", "text": "Enchanted creature gets +3/+0 and can only attack alone."}]
    assert check_attacks(board(real, perms, ["a_bears"])).legal is True
    both = check_attacks(board(real, perms, ["a_bears", "a_two"]))
    assert both.legal is False and any(v.rule == "508.1c" for v in both.violations)
    assert check_attacks(board(real, perms, ["a_two"])).legal is True
