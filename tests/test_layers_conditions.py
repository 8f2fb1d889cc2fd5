"""Conditions of static abilities checked on the board (611.3b): players (103.4 starting life,
309.7 dungeons, 702.131 the city's blessing, hand and graveyards), the source (enchanted,
counters) and what it is attached to (303.4, 301.5). Each shape from a real card's Oracle
line: its structure checked by hand, then its effect on a board through the layers and the
solvers."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_file import BoardError
from mtgsolver.read.grammar.continuous import read
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks

# (card, line, the hand-checked structure of each effect it reads as)
LINES = [
    ("Angelic Voices", "Creatures you control get +1/+1 as long as you control no nonartifact, nonwhite creatures.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 1],
       "condition": [{"controls": {"not_types": ["artifact"], "not_colors": ["white"], "types": ["creature"]},
                      "not": True}]}]),
    ("Brass Knuckles", "Equipped creature has double strike as long as two or more Equipment are attached to it.",
     [{"affects": {"attached": True}, "gains": ["double_strike"], "condition": [{"attached_equipment": 2}]}]),
    ("Gate Hound", "Creatures you control have vigilance as long as Gate Hound is enchanted.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gains": ["vigilance"],
       "condition": [{"source_enchanted": True}]}]),
    ("Gavel of the Righteous", "As long as Gavel of the Righteous has four or more counters on it, equipped creature "
     "has double strike.",
     [{"affects": {"attached": True}, "gains": ["double_strike"],
       "condition": [{"counters_on_source": "any", "at_least": 4}]}]),
    ("Goblin Caves", "As long as enchanted land is a basic Mountain, Goblin creatures get +0/+2.",
     [{"affects": {"subtypes": ["goblin"], "types": ["creature"]}, "gets": [0, 2],
       "condition": [{"attached_matches": {"types": ["land"], "subtypes": ["mountain"], "supertypes": ["basic"]}}]}]),
    ("Goblin Shrine", "As long as enchanted land is a basic Mountain, Goblin creatures get +1/+0.",
     [{"affects": {"subtypes": ["goblin"], "types": ["creature"]}, "gets": [1, 0],
       "condition": [{"attached_matches": {"types": ["land"], "subtypes": ["mountain"], "supertypes": ["basic"]}}]}]),
    ("Jetmir, Nexus of Revels", "Creatures you control get +1/+0 and have vigilance as long as you control three or "
     "more creatures.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 0], "gains": ["vigilance"],
       "condition": [{"controls": {"types": ["creature"]}, "at_least": 3}]}]),
    ("Jetmir, Nexus of Revels", "Creatures you control also get +1/+0 and have trample as long as you control six or "
     "more creatures.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 0], "gains": ["trample"],
       "condition": [{"controls": {"types": ["creature"]}, "at_least": 6}]}]),
    ("Jetmir, Nexus of Revels", "Creatures you control also get +1/+0 and have double strike as long as you control "
     "nine or more creatures.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 0], "gains": ["double_strike"],
       "condition": [{"controls": {"types": ["creature"]}, "at_least": 9}]}]),
    ("Mirri, Weatherlight Duelist", "As long as Mirri, Weatherlight Duelist is tapped, no more than one creature can "
     "attack you each combat.",
     [{"board_rules": [{"kind": "max_attackers_against_you", "n": 1}],
       "condition": [{"source_untapped": True, "not": True}]}]),
    ("Nadaar, Selfless Paladin", "Other creatures you control get +1/+1 as long as you've completed a dungeon.",
     [{"affects": {"other": True, "types": ["creature"], "controller": "you"}, "gets": [1, 1],
       "condition": [{"completed_dungeon": True}]}]),
    ("Neheb, the Worthy", "As long as you have one or fewer cards in hand, Minotaurs you control get +2/+0.",
     [{"affects": {"subtypes": ["minotaur"], "controller": "you"}, "gets": [2, 0], "condition": [{"hand_at_most": 1}]}]),
    ("Path of Bravery", "As long as your life total is greater than or equal to your starting life total, creatures "
     "you control get +1/+1.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 1],
       "condition": [{"life_over_starting": 0}]}]),
    ("Predator's Gambit", "Enchanted creature has intimidate as long as its controller controls no other creatures. "
     "(It can't be blocked except by artifact creatures and/or creatures that share a color with it.)",
     [{"affects": {"attached": True}, "gains": ["intimidate"],
       "condition": [{"attached_controller_controls": {"other": True, "types": ["creature"]}, "not": True}]}]),
    ("Radiant Destiny", "Creatures you control of the chosen type get +1/+1. As long as you have the city's blessing, "
     "they also have vigilance.",
     [{"affects": {"types": ["creature"], "controller": "you", "chosen_type": True}, "gets": [1, 1]},
      {"affects": {"types": ["creature"], "controller": "you", "chosen_type": True}, "gains": ["vigilance"],
       "condition": [{"city_blessing": True}]}]),
    ("Righteous Valkyrie", "As long as you have at least 7 life more than your starting life total, creatures you "
     "control get +2/+2.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gets": [2, 2],
       "condition": [{"life_over_starting": 7}]}]),
    ("Scuttletide", "Delirium — Crabs you control get +1/+1 as long as there are four or more card types among cards "
     "in your graveyard.",
     [{"affects": {"subtypes": ["crab"], "controller": "you"}, "gets": [1, 1], "condition": [{"graveyard_types": 4}]}]),
    ("Soaring Thought-Thief", "As long as an opponent has eight or more cards in their graveyard, Rogues you control "
     "get +1/+0.",
     [{"affects": {"subtypes": ["rogue"], "controller": "you"}, "gets": [1, 0],
       "condition": [{"opponent_graveyard": 8}]}]),
    ("Sorin, Vengeful Bloodlord", "As long as it's your turn, creatures and planeswalkers you control have lifelink.",
     [{"affects": {"types": ["creature"], "controller": "you"}, "gains": ["lifelink"], "condition": [{"your_turn": True}]},
      {"affects": {"types": ["planeswalker"], "controller": "you"}, "gains": ["lifelink"],
       "condition": [{"your_turn": True}]}]),
    ("Sword of the Paruns", "As long as equipped creature is tapped, tapped creatures you control get +2/+0.",
     [{"affects": {"tapped": True, "types": ["creature"], "controller": "you"}, "gets": [2, 0],
       "condition": [{"attached_matches": {"types": ["creature"], "tapped": True}}]}]),
    ("Sword of the Paruns", "As long as equipped creature is untapped, untapped creatures you control get +0/+2.",
     [{"affects": {"tapped": False, "types": ["creature"], "controller": "you"}, "gets": [0, 2],
       "condition": [{"attached_matches": {"types": ["creature"], "tapped": False}}]}]),
    ("Tanglewalker", "Each creature you control can't be blocked as long as defending player controls an artifact land.",
     [{"affects": {"types": ["creature"], "controller": "you"},
       "rules": [{"cant_be_blocked_if_defender": {"controls": "artifact land"}}]}]),
    ("Tendershoot Dryad", "Saprolings you control get +2/+2 as long as you have the city's blessing.",
     [{"affects": {"subtypes": ["saproling"], "controller": "you"}, "gets": [2, 2],
       "condition": [{"city_blessing": True}]}]),
    ("Tidal Influence", "As long as there is exactly one tide counter on Tidal Influence, all blue creatures get -2/-0.",
     [{"affects": {"colors": ["blue"], "types": ["creature"]}, "gets": [-2, 0],
       "condition": [{"counters_on_source": "tide", "at_least": 1, "at_most": 1}]}]),
    ("Tidal Influence", "As long as there are exactly three tide counters on Tidal Influence, all blue creatures get "
     "+2/+0.",
     [{"affects": {"colors": ["blue"], "types": ["creature"]}, "gets": [2, 0],
       "condition": [{"counters_on_source": "tide", "at_least": 3, "at_most": 3}]}]),
]

#: lines about the card itself that the same conditions read (hand-checked too)
SELF_LINES = [
    ("Fen Stalker", "Fen Stalker has fear as long as you control no untapped lands. (It can't be blocked except by "
     "artifact creatures and/or black creatures.)",
     [{"affects": {"self": True}, "gains": ["fear"],
       "condition": [{"controls": {"tapped": False, "types": ["land"]}, "not": True}]}]),
    ("Dragon's Rage Channeler", "Delirium — As long as there are four or more card types among cards in your "
     "graveyard, Dragon's Rage Channeler gets +2/+2, has flying, and attacks each combat if able.",
     [{"affects": {"self": True}, "gets": [2, 2], "gains": ["flying"], "rules": ["attacks_each_combat"],
       "condition": [{"graveyard_types": 4}]}]),
    ("Serra Ascendant", "As long as you have 30 or more life, Serra Ascendant gets +5/+5 and has flying.",
     [{"affects": {"self": True}, "gets": [5, 5], "gains": ["flying"], "condition": [{"life_at_least": 30}]}]),
    ("Twinblade Paladin", "As long as you have 25 or more life, Twinblade Paladin has double strike. (It deals both "
     "first-strike and regular combat damage.)",
     [{"affects": {"self": True}, "gains": ["double_strike"], "condition": [{"life_at_least": 25}]}]),
    ("Slippery Scoundrel", "As long as you have the city's blessing, Slippery Scoundrel has hexproof and can't be "
     "blocked.",
     [{"affects": {"self": True}, "gains": ["hexproof"], "rules": ["cant_be_blocked"],
       "condition": [{"city_blessing": True}]}]),
    ("Thresher Lizard", "Thresher Lizard gets +1/+2 as long as you have one or fewer cards in hand.",
     [{"affects": {"self": True}, "gets": [1, 2], "condition": [{"hand_at_most": 1}]}]),
    ("Jace's Phantasm", "Jace's Phantasm gets +4/+4 as long as an opponent has ten or more cards in their graveyard.",
     [{"affects": {"self": True}, "gets": [4, 4], "condition": [{"opponent_graveyard": 10}]}]),
    ("Gloom Stalker", "As long as you've completed a dungeon, Gloom Stalker has double strike.",
     [{"affects": {"self": True}, "gains": ["double_strike"], "condition": [{"completed_dungeon": True}]}]),
]


def _readings(line: str, name: str) -> list[dict] | None:
    out = read(line, name)
    if out is None:
        return None
    mappings = [dict(e["continuous"]) for e in out]
    assert all(m.pop("text") == line for m in mappings)
    return mappings


def _canonical(value):
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((_canonical(v) for v in value), key=json.dumps) if all(isinstance(v, str) for v in value) \
            else [_canonical(v) for v in value]
    return value


@pytest.mark.parametrize("name, line, expected", LINES + SELF_LINES,
                         ids=[f"{n}:{i}" for i, (n, _, _) in enumerate(LINES + SELF_LINES)])
def test_611_3b_condition_lines_read_exactly(name: str, line: str, expected: list[dict]) -> None:
    """611.3b: each line of the conditions cluster with its structure checked by hand."""
    assert _canonical(_readings(line, name)) == _canonical(expected)


@pytest.mark.parametrize("name, line", [
    ("Dance of Panic", "As long as five or more Revelers are on the battlefield, all Revelers have haste and attack "
     "each turn if able."),  # "each turn": whether they attacked in an earlier combat this turn is not on the board
    ("Woolly Razorback", "As long as Woolly Razorback has an ice counter on it, prevent all combat damage it would "
     "deal and it has defender."),
    ("Nahiri, Storm of Stone", "As long as it's your turn, creatures you control have first strike and equip "
     "abilities you activate cost {1} less to activate."),
    ("Jihad", "White creatures get +2/+1 as long as the chosen player controls a nontoken permanent of the chosen "
     "color."),
    ("Angelic Voices", "Creatures you control get +1/+1 as long as you control no nonartifact nonwhite creatures or "
     "artifacts."),
    ("Tanglewalker", "Each creature you control gets +1/+1 as long as defending player controls an artifact land."),
    ("Brass Knuckles", "Creatures you control have double strike as long as two or more Equipment are attached to it."),
])
def test_lines_the_model_cannot_honour_stay_unread(name: str, line: str) -> None:
    """Precision: a word without a meaning in the model leaves the line unread ("each turn",
    prevention, cost reduction, the chosen player; "defending player" other than with
    "can't be blocked" (506.2); "it" that is not the subject)."""
    assert read(line, name) is None


# --------------------------------------------------------------------------- on boards
def _pool_cards(path: Path, names: list[str]) -> dict[str, dict]:
    data = json.load(gzip.open(path))["data"]
    return {n: data[n][0] for n in names}


NAMES = sorted({n for n, _, _ in LINES} | {"Goblin Piker", "Darksteel Citadel", "Gray Ogre", "Grizzly Bears",
                                           "Voice of the Blessed", "Serra Ascendant", "Twinblade Paladin"})


@pytest.fixture(scope="module")
def pool(atomic_cards: Path) -> dict[str, dict]:
    return _pool_cards(atomic_cards, NAMES)


def _perm(pool: dict, pid: str, name: str, controller: str = "alice", extra: str = "") -> str:
    """A permanent with the pool card's real Oracle text, types and power/toughness."""
    face = pool[name]
    fields = {"id": pid, "name": name, "controller": controller, "types": [t.lower() for t in face["types"]],
              "subtypes": [s.lower() for s in face.get("subtypes", [])],
              "supertypes": [s.lower() for s in face.get("supertypes", [])], "text": face.get("text", "")}
    if face.get("manaCost"):
        fields["mana_cost"] = face["manaCost"]
    for key in ("power", "toughness"):
        if face.get(key) is not None:
            fields[key] = int(face[key])
    return "  - " + json.dumps(fields)[:-1] + extra + "}\n"


def _board(perms: str, players: str = "[{name: alice}, {name: bob}]", tail: str = "", active: str = "alice"):
    return parse_board_text(f"version: 1\nactive_player: {active}\nplayers: {players}\nbattlefield:\n{perms}{tail}",
                            "conds.yaml")


def _pt(b, pid: str) -> tuple[int, int]:
    p = b.permanent(pid)
    return p.power, p.toughness


def test_103_4_path_of_bravery_and_righteous_valkyrie_compare_with_the_starting_life(pool) -> None:
    """103.4, 103.4c: life at or above the starting life total (20, or 40 in a Commander game
    unless the board says) gives +1/+1; 7 or more above it gives Righteous Valkyrie's +2/+2."""
    perms = _perm(pool, "path", "Path of Bravery") + _perm(pool, "valk", "Righteous Valkyrie") + \
        _perm(pool, "ogre", "Gray Ogre")
    assert _pt(_board(perms, "[{name: alice, life: 20}, {name: bob}]"), "ogre") == (3, 3)
    assert _pt(_board(perms, "[{name: alice, life: 19}, {name: bob}]"), "ogre") == (2, 2)
    assert _pt(_board(perms, "[{name: alice, life: 27}, {name: bob}]"), "ogre") == (2 + 1 + 2, 2 + 1 + 2)
    assert _pt(_board(perms, "[{name: alice, life: 26}, {name: bob}]"), "ogre") == (3, 3)
    # 103.4c: a Commander game starts at 40, so 27 is below it
    commander = "[{name: alice, life: 27, commander: Grizzly Bears}, {name: bob}]"
    assert _pt(_board(perms, commander), "ogre") == (2, 2)
    b = _board(perms, "[{name: alice, life: 27, starting_life: 20, commander: Grizzly Bears}, {name: bob}]")
    assert _pt(b, "ogre") == (5, 5) and b.player("alice").starting_life == 20


def test_119_serra_ascendant_and_twinblade_paladin_count_their_controllers_life(pool) -> None:
    """119, 611.3b: "as long as you have 30 (25) or more life" reads the controller's life total
    as the layers go: 30 gives Serra Ascendant +5/+5 and flying, 29 doesn't; 25 gives Twinblade
    Paladin double strike, the opponent's 40 life doesn't."""
    perms = _perm(pool, "serra", "Serra Ascendant") + _perm(pool, "paladin", "Twinblade Paladin")
    b = _board(perms, "[{name: alice, life: 30}, {name: bob}]")
    assert _pt(b, "serra") == (6, 6) and "flying" in b.permanent("serra").keywords
    assert "double_strike" in b.permanent("paladin").keywords
    b = _board(perms, "[{name: alice, life: 24}, {name: bob, life: 40}]")
    assert _pt(b, "serra") == (1, 1) and "flying" not in b.permanent("serra").keywords
    assert "double_strike" not in b.permanent("paladin").keywords
    assert _pt(_board(perms, "[{name: alice, life: 29}, {name: bob}]"), "serra") == (1, 1)


def test_309_7_nadaar_needs_a_completed_dungeon(pool) -> None:
    """309.7: "as long as you've completed a dungeon" reads the player field; Nadaar's "other"
    leaves itself out."""
    perms = _perm(pool, "nadaar", "Nadaar, Selfless Paladin") + _perm(pool, "bears", "Grizzly Bears")
    assert _pt(_board(perms), "bears") == (2, 2)
    b = _board(perms, "[{name: alice, completed_dungeon: true}, {name: bob}]")
    assert _pt(b, "bears") == (3, 3) and _pt(b, "nadaar") == (3, 3)


def test_702_131_city_blessing_from_the_player_field_or_ascend(pool) -> None:
    """702.131c: Tendershoot Dryad's Saprolings get +2/+2 with the city's blessing (a player
    field); 702.131b: ascend gives it at once to a player who controls ten permanents."""
    saproling = "{id: SID, name: Saproling, controller: alice, types: [creature], subtypes: [saproling], power: 1, toughness: 1, token: true}"
    perms = _perm(pool, "dryad", "Tendershoot Dryad") + "  - " + saproling.replace("SID", "s0") + "\n"
    assert _pt(_board(perms), "s0") == (1, 1)
    assert _pt(_board(perms, "[{name: alice, city_blessing: true}, {name: bob}]"), "s0") == (3, 3)
    many = perms + "".join("  - " + saproling.replace("SID", f"s{i}") + "\n" for i in range(1, 8))
    assert _pt(_board(many), "s0") == (1, 1)  # nine permanents
    assert _pt(_board(many + "  - " + saproling.replace("SID", "s8") + "\n"), "s0") == (3, 3)  # ten
    # ten permanents, none with ascend: no blessing (702.131b needs a permanent with ascend)
    banner = ("  - {id: banner, name: Banner, controller: alice, types: [enchantment], abilities: [{continuous: "
              "{affects: {types: [creature], controller: you}, gets: [2, 2], condition: [{city_blessing: true}]}}]}\n")
    ten = banner + "".join("  - " + saproling.replace("SID", f"s{i}") + "\n" for i in range(9))
    assert _pt(_board(ten), "s0") == (1, 1)
    assert _pt(_board(ten, "[{name: alice, city_blessing: true}, {name: bob}]"), "s0") == (3, 3)


def test_radiant_destiny_two_effects_the_second_with_the_blessing(pool) -> None:
    """Radiant Destiny: +1/+1 to the chosen type always, vigilance only with the city's
    blessing (702.131c)."""
    perms = _perm(pool, "destiny", "Radiant Destiny", extra=', "chosen_type": "bear"') + _perm(pool, "bears", "Grizzly Bears")
    b = _board(perms)
    assert _pt(b, "bears") == (3, 3) and "vigilance" not in b.permanent("bears").keywords
    b = _board(perms, "[{name: alice, city_blessing: true}, {name: bob}]")
    assert "vigilance" in b.permanent("bears").keywords


def test_neheb_counts_the_hand_and_thought_thief_an_opponents_graveyard(pool) -> None:
    """402: "one or fewer cards in hand" reads the hand's count (known or not); 404: "an
    opponent has eight or more cards in their graveyard" reads each opponent's graveyard."""
    neheb = _perm(pool, "neheb", "Neheb, the Worthy")
    assert _pt(_board(neheb, tail="zones:\n  alice:\n    hand: {count: 1}\n"), "neheb") == (4, 2)
    assert _pt(_board(neheb, tail="zones:\n  alice:\n    hand: {count: 2}\n"), "neheb") == (2, 2)
    thief = _perm(pool, "thief", "Soaring Thought-Thief")
    seven = "[" + ", ".join(["Shock"] * 7) + "]"
    assert _pt(_board(thief, tail=f"zones:\n  bob:\n    graveyard: {seven}\n"), "thief") == (1, 3)
    eight = "[" + ", ".join(["Shock"] * 8) + "]"
    assert _pt(_board(thief, tail=f"zones:\n  bob:\n    graveyard: {eight}\n"), "thief") == (2, 3)
    assert _pt(_board(thief, tail=f"zones:\n  alice:\n    graveyard: {eight}\n"), "thief") == (1, 3)


def test_delirium_counts_card_types_in_the_graveyard(pool) -> None:
    """207.2c delirium, 205.2a: four card types among the cards in your graveyard (an
    artifact creature counts twice)."""
    perms = _perm(pool, "tide", "Scuttletide") + \
        "  - {id: crab, name: Crab, controller: alice, types: [creature], subtypes: [crab], power: 0, toughness: 3}\n"
    three = "[Shock, Forest, Grizzly Bears]"
    assert _pt(_board(perms, tail=f"zones:\n  alice:\n    graveyard: {three}\n"), "crab") == (0, 3)
    four = "[Shock, Forest, Ornithopter]"  # instant, land, artifact creature
    assert _pt(_board(perms, tail=f"zones:\n  alice:\n    graveyard: {four}\n"), "crab") == (1, 4)
    tribal = "[Shock, Forest, {name: Old Tribal, types: [tribal, enchantment], mana_cost: '{B}'}]"  # kindred's old name
    assert _pt(_board(perms, tail=f"zones:\n  alice:\n    graveyard: {tribal}\n"), "crab") == (1, 4)


def test_goblin_caves_needs_a_basic_mountain(pool) -> None:
    """303.4: the condition is on the enchanted land: a basic Mountain, not just any Mountain."""
    piker = _perm(pool, "piker", "Goblin Piker")
    basic = "  - {id: m, card: Mountain, controller: alice}\n"
    snowless = "  - {id: m, name: Mountainish, controller: alice, types: [land], subtypes: [mountain]}\n"
    caves = _perm(pool, "caves", "Goblin Caves", extra=', "attached_to": "m"')
    assert _pt(_board(basic + caves + piker), "piker") == (2, 3)
    assert _pt(_board(snowless + caves + piker), "piker") == (2, 1)


def test_sword_of_the_paruns_reads_the_equipped_creature(pool) -> None:
    """301.5: tapped creatures get +2/+0 while the equipped creature is tapped, untapped ones
    +0/+2 while it is untapped."""
    def bears(pid: str, tapped: bool) -> str:
        return f"  - {{id: {pid}, card: Grizzly Bears, controller: alice, tapped: {str(tapped).lower()}}}\n"

    sword = _perm(pool, "sword", "Sword of the Paruns", extra=', "attached_to": "b1"')
    b = _board(bears("b1", True) + bears("b2", False) + sword)
    assert (_pt(b, "b1"), _pt(b, "b2")) == ((4, 2), (2, 2))
    b = _board(bears("b1", False) + bears("b2", True) + sword)
    assert (_pt(b, "b1"), _pt(b, "b2")) == ((2, 4), (2, 2))


def test_gate_hound_gavel_tidal_influence_read_the_source(pool) -> None:
    """303.4: Gate Hound enchanted; 122: Gavel's counters of any kind; Tidal Influence's exact
    count of tide counters."""
    hound = _perm(pool, "hound", "Gate Hound")
    assert "vigilance" not in _board(hound).permanent("hound").keywords
    aura = "  - {id: aura, name: Aura, controller: bob, types: [enchantment], subtypes: [aura], attached_to: hound}\n"
    assert "vigilance" in _board(hound + aura).permanent("hound").keywords
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
    # an Aura on another creature, an Equipment on the Hound: the Hound isn't enchanted (303.4, 301.5)
    elsewhere = aura.replace("attached_to: hound", "attached_to: bears")
    equipment = ("  - {id: gear, name: Gear, controller: alice, types: [artifact], subtypes: [equipment], "
                 "attached_to: hound}\n")
    for others in (bears + elsewhere, equipment):
        assert "vigilance" not in _board(hound + others).permanent("hound").keywords
    for counters, strike in (({"charge": 2, "+1/+1": 1}, False), ({"charge": 2, "+1/+1": 2}, True)):
        gavel = _perm(pool, "gavel", "Gavel of the Righteous", extra=f', "attached_to": "bears", "counters": {json.dumps(counters)}')
        assert ("double_strike" in _board(bears + gavel).permanent("bears").keywords) is strike
    drake = "  - {id: drake, name: Drake, controller: bob, types: [creature], colors: [blue], power: 3, toughness: 3}\n"
    for tide, expected in ((0, (3, 3)), (1, (1, 3)), (2, (3, 3)), (3, (5, 3)), (4, (3, 3))):
        tidal = _perm(pool, "tidal", "Tidal Influence", extra=f', "counters": {{"tide": {tide}}}' if tide else "")
        assert _pt(_board(drake + tidal), "drake") == expected, tide


def test_brass_knuckles_double_strike_with_two_equipment(pool) -> None:
    """301.5: "two or more Equipment are attached to it": the Knuckles count themselves."""
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
    knuckles = _perm(pool, "k", "Brass Knuckles", extra=', "attached_to": "bears"')
    other = "  - {id: e2, name: Stick, controller: alice, types: [artifact], subtypes: [equipment], attached_to: bears}\n"
    assert "double_strike" not in _board(bears + knuckles).permanent("bears").keywords
    assert "double_strike" in _board(bears + knuckles + other).permanent("bears").keywords


def test_angelic_voices_and_jetmir_count_what_you_control(pool) -> None:
    """611.3b: "no nonartifact, nonwhite creatures" (a white or an artifact creature doesn't
    stop it); Jetmir's three thresholds add up."""
    voices = _perm(pool, "voices", "Angelic Voices")
    white = "  - {id: w, name: Knight, controller: alice, types: [creature], colors: [white], power: 2, toughness: 2}\n"
    thopter = "  - {id: t, card: Ornithopter, controller: alice}\n"
    assert _pt(_board(voices + white + thopter), "w") == (3, 3)
    assert _pt(_board(voices + white + "  - {id: b, card: Grizzly Bears, controller: alice}\n"), "w") == (2, 2)
    assert _pt(_board(voices + white + "  - {id: b, card: Grizzly Bears, controller: bob}\n"), "w") == (3, 3)
    jetmir = _perm(pool, "jetmir", "Jetmir, Nexus of Revels")
    for n, bonus, kws in ((1, 0, set()), (2, 1, {"vigilance"}), (5, 2, {"vigilance", "trample"}),
                          (8, 3, {"vigilance", "trample", "double_strike"})):
        others = "".join(f"  - {{id: b{i}, card: Grizzly Bears, controller: alice}}\n" for i in range(n))
        b = _board(jetmir + others)
        assert _pt(b, "jetmir") == (5 + bonus, 4)
        assert kws <= b.permanent("b0").keywords and not ({"vigilance", "trample", "double_strike"} - kws) & b.permanent("b0").keywords


def test_sorin_lifelink_only_on_your_turn(pool) -> None:
    """"As long as it's your turn, creatures and planeswalkers you control have lifelink":
    both types, only while the source's controller is the active player (102.1)."""
    sorin = _perm(pool, "sorin", "Sorin, Vengeful Bloodlord", extra=', "loyalty": 4')
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
    b = _board(sorin + bears)
    assert "lifelink" in b.permanent("bears").keywords and "lifelink" in b.permanent("sorin").keywords
    b = _board(sorin + bears, active="bob")
    assert "lifelink" not in b.permanent("bears").keywords


def test_predators_gambit_intimidate_when_alone(pool) -> None:
    """702.13b: the enchanted creature has intimidate only while its controller controls no
    other creatures: a green blocker can't block the lone red attacker; with a second
    creature on its side the block is legal."""
    ogre = _perm(pool, "ogre", "Gray Ogre")
    gambit = _perm(pool, "gambit", "Predator's Gambit", controller="bob", extra=', "attached_to": "ogre"')
    blocker = "  - {id: bears, card: Grizzly Bears, controller: bob}\n"
    combat = "combat:\n  attackers: [{creature: ogre, target: bob}]\n  blockers: [{creature: bears, blocks: [ogre]}]\n"
    b = _board(ogre + gambit + blocker, tail=combat)
    assert "intimidate" in b.permanent("ogre").keywords
    assert check_blocks(b).legal is False
    friend = "  - {id: friend, card: Grizzly Bears, controller: alice}\n"
    assert check_blocks(_board(ogre + friend + gambit + blocker, tail=combat)).legal is True


def test_506_2_tanglewalker_unblockable_while_defending_player_has_an_artifact_land(pool) -> None:
    """509.1b with 506.2: the defending player's artifact land makes each creature of
    Tanglewalker's controller unblockable; without one the block is legal."""
    walker = _perm(pool, "walker", "Tanglewalker")
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
    blocker = _perm(pool, "ogre", "Gray Ogre", controller="bob")
    combat = "combat:\n  attackers: [{creature: bears, target: bob}]\n  blockers: [{creature: ogre, blocks: [bears]}]\n"
    citadel = _perm(pool, "cit", "Darksteel Citadel", controller="bob")
    result = check_blocks(_board(walker + bears + blocker + citadel, tail=combat))
    assert result.legal is False and any("509.1b" in v.rule for v in result.violations)
    assert check_blocks(_board(walker + bears + blocker, tail=combat)).legal is True
    mine = _perm(pool, "cit", "Darksteel Citadel")  # the attacking player's artifact land doesn't count
    assert check_blocks(_board(walker + bears + blocker + mine, tail=combat)).legal is True


def test_508_1c_mirri_tapped_lets_one_creature_attack_her_controller(pool) -> None:
    """508.1c: while Mirri is tapped no more than one creature can attack her controller."""
    mirri = _perm(pool, "mirri", "Mirri, Weatherlight Duelist", controller="bob", extra=', "tapped": true')
    attackers = "".join(f"  - {{id: b{i}, card: Grizzly Bears, controller: alice}}\n" for i in range(2))
    two = "combat:\n  attackers: [{creature: b0, target: bob}, {creature: b1, target: bob}]\n"
    one = "combat:\n  attackers: [{creature: b0, target: bob}]\n"
    assert check_attacks(_board(mirri + attackers, tail=two)).legal is False
    assert check_attacks(_board(mirri + attackers, tail=one)).legal is True
    untapped = mirri.replace('"tapped": true', '"tapped": false')
    assert check_attacks(_board(untapped + attackers, tail=two)).legal is True


def test_player_fields_are_validated_with_their_path() -> None:
    """Board fields: a starting life total below 1 or a flag that is not true/false is refused
    naming the field (exit 2 at the CLI)."""
    for players, path in (("[{name: alice, starting_life: 0}, {name: bob}]", "players[0].starting_life"),
                          ("[{name: alice}, {name: bob, city_blessing: maybe}]", "players[1].city_blessing"),
                          ("[{name: alice, completed_dungeon: [1]}, {name: bob}]", "players[0].completed_dungeon")):
        with pytest.raises(BoardError) as err:
            _board("", players)
        assert err.value.path == path


def test_301_5_an_equipment_named_groom_s_finery_attached_to_a_creature_you_control() -> None:
    """301.5: the condition of Bride's Gown's second sentence holds while an Equipment with that
    name is attached to a creature its controller controls, not to an opponent's creature and
    not while unattached."""
    line = ("Equipped creature has first strike as long as an Equipment named Groom's Finery is attached to a "
            "creature you control.")
    assert _readings(line, "Gown") == [{"affects": {"attached": True}, "gains": ["first_strike"],
                                        "condition": [{"attached_to_yours": {"subtypes": ["equipment"],
                                                                             "named": "Groom's Finery"}}]}]
    gown = ("  - {id: gown, name: Gown, controller: alice, types: [artifact], subtypes: [equipment], "
            f"attached_to: b1, text: {json.dumps(line)}}}\n")
    bears = "".join(f"  - {{id: b{i}, card: Grizzly Bears, controller: {c}}}\n" for i, c in ((1, "alice"), (2, "alice"), (3, "bob")))

    def finery(host: str | None) -> str:
        where = f", attached_to: {host}" if host else ""
        return f"  - {{id: fin, name: \"Groom's Finery\", controller: alice, types: [artifact], subtypes: [equipment]{where}}}\n"

    def strikes(extra: str) -> bool:
        return "first_strike" in _board(bears + gown + extra).permanent("b1").keywords

    assert strikes(finery("b2")) and strikes(finery("b1"))
    assert not strikes(finery("b3")) and not strikes(finery(None)) and not strikes("")
    other = finery("b2").replace("Groom's Finery", "Other Finery")
    assert not strikes(other)


def test_122_1_voice_of_the_blessed_flies_with_four_plus_one_counters(pool) -> None:
    """611.3b: "As long as Voice of the Blessed has four or more +1/+1 counters on it, it has
    flying and vigilance": with four it has them (and is 6/6), with three it has neither."""
    for n, keywords in ((4, {"flying", "vigilance"}), (3, set())):
        b = _board(_perm(pool, "voice", "Voice of the Blessed", extra=f", \"counters\": {{\"+1/+1\": {n}}}"))
        voice = b.permanent("voice")
        assert {"flying", "vigilance"} & set(voice.keywords) == keywords and voice.power == 2 + n
