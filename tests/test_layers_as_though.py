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
from mtgsolver.model.grammar.effects import read
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.damage import combat_damage

REAL = ("Deadfall", "Lord Magnus", "High Alert", "Rolling Stones", "Gauntlets of Light", "Arcades, the Strategist",
        "Dagger of the Worthy", "Eldrazi Conscription", "Plate Armor", "Winged Boots", "Treefolk Umbra",
        "Guardians of Oboro", "Grizzly Bears", "Forest", "Plains", "Wall of Stone", "Llanowar Elves",
        "Archetype of Imagination", "Archetype of Courage", "Serra Angel", "Spectra Ward", "Akroma's Memorial",
        "Earnest Fellowship", "Sanctuary Blade", "Pledge of Loyalty", "Vectis Gloves", "Traveler's Cloak",
        "Commander's Plate", "Shivan Dragon", "Faith's Fetters", "Llanowar Elves", "Katabatic Winds",
        "Birds of Paradise", "Viper's Kiss", "Detention Vortex")


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
