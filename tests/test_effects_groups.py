"""Groups the ``effects`` family reads as unions and lists (611.3a), and combat restrictions
between groups (508.1c, 509.1b), on real cards of the 2022 pool: each structure checked by
hand against the Oracle text, then the effect shown on a board."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.read.grammar.continuous import read
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks

from .test_effects_grammar import reading

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"

#: (card, Oracle line, the continuous mapping read from it, checked by hand)
LINES = [
    ("Death-Priest of Myrkul", "Skeletons, Vampires, and Zombies you control get +1/+1.",
     {"affects": {"subtypes": ["skeleton", "vampire", "zombie"], "controller": "you"}, "gets": [1, 1]}),
    ("Mari, the Killing Quill", "Assassins, Mercenaries, and Rogues you control have deathtouch and \"Whenever this "
     "creature deals combat damage to a player, you may remove a hit counter from a card that player owns in exile. "
     "If you do, draw a card and create two Treasure tokens.\"",
     {"affects": {"subtypes": ["assassin", "mercenary", "rogue"], "controller": "you"},
      "gains": ["deathtouch", {"text": "Whenever this creature deals combat damage to a player, you may remove a hit "
                                       "counter from a card that player owns in exile. If you do, draw a card and "
                                       "create two Treasure tokens."}]}),
    ("Narfi, Betrayer King", "Other snow and Zombie creatures you control get +1/+1.",
     {"affects": {"other": True, "any_of": [{"supertypes": ["snow"]}, {"subtypes": ["zombie"]}], "types": ["creature"],
                  "controller": "you"}, "gets": [1, 1]}),
    ("Broodwarden", "Eldrazi Spawn creatures you control get +2/+1.",
     {"affects": {"subtypes": ["eldrazi"], "any_of": [{"subtypes": ["spawn"]}], "types": ["creature"],
                  "controller": "you"}, "gets": [2, 1]}),
    ("Caterwauling Boggart", "Goblins you control and Elementals you control have menace. (They can't be blocked "
     "except by two or more creatures.)",
     {"affects": {"any_of": [{"subtypes": ["goblin"], "controller": "you"},
                             {"subtypes": ["elemental"], "controller": "you"}]}, "gains": ["menace"]}),
    ("Death Baron", "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.",
     {"affects": {"any_of": [{"subtypes": ["skeleton"], "controller": "you"},
                             {"other": True, "subtypes": ["zombie"], "controller": "you"}]},
      "gets": [1, 1], "gains": ["deathtouch"]}),
    ("Magistrate's Veto", "White creatures and blue creatures can't block.",
     {"affects": {"any_of": [{"colors": ["white"], "types": ["creature"]}, {"colors": ["blue"], "types": ["creature"]}]},
      "rules": ["cant_block"]}),
    ("Masked Gorgon", "Green creatures and white creatures have protection from Gorgons.",
     {"affects": {"any_of": [{"colors": ["green"], "types": ["creature"]}, {"colors": ["white"], "types": ["creature"]}]},
      "gains": [{"protection": "gorgon"}]}),
    ("Timber Protector", "Other Treefolk and Forests you control have indestructible.",
     {"affects": {"other": True, "subtypes": ["forest", "treefolk"], "controller": "you"}, "gains": ["indestructible"]}),
    ("Verdeloth the Ancient", "Saproling creatures and other Treefolk creatures get +1/+1.",
     {"affects": {"any_of": [{"subtypes": ["saproling"], "types": ["creature"]},
                             {"other": True, "subtypes": ["treefolk"], "types": ["creature"]}]}, "gets": [1, 1]}),
    ("Combat Calligrapher", "Inklings can't attack you or planeswalkers you control.",
     {"affects": {"subtypes": ["inkling"]}, "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]}),
    ("Sandwurm Convergence", "Creatures with flying can't attack you or planeswalkers you control.",
     {"affects": {"types": ["creature"], "keywords": ["flying"]},
      "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]}),
    ("Varchild, Betrayer of Kjeldor", "Survivors your opponents control can't block, and they can't attack you or "
     "planeswalkers you control.",
     {"affects": {"subtypes": ["survivor"], "controller": "opponents"},
      "rules": ["cant_block", {"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]}),
    ("Shifting Sliver", "Slivers can't be blocked except by Slivers.",
     {"affects": {"subtypes": ["sliver"]}, "rules": [{"can_be_blocked_only_by": [{"subtype": "sliver"}]}]}),
    ("Serpent of Yawning Depths", "Krakens, Leviathans, Octopuses, and Serpents you control can't be blocked except "
     "by Krakens, Leviathans, Octopuses, and Serpents.",
     {"affects": {"subtypes": ["kraken", "leviathan", "octopus", "serpent"], "controller": "you"},
      "rules": [{"can_be_blocked_only_by": [{"subtype": "kraken"}, {"subtype": "leviathan"}, {"subtype": "octopus"},
                                            {"subtype": "serpent"}]}]}),
    ("Midnight Pathlighter", "Creatures you control can't be blocked except by legendary creatures.",
     {"affects": {"types": ["creature"], "controller": "you"},
      "rules": [{"can_be_blocked_only_by": [{"supertype": "legendary"}]}]}),
    ("Infiltrator's Magemark", "Creatures you control that are enchanted get +1/+1 and can't be blocked except by "
     "creatures with defender.",
     {"affects": {"types": ["creature"], "controller": "you", "attachments": "enchanted"}, "gets": [1, 1],
      "rules": [{"can_be_blocked_only_by": [{"keyword": "defender"}]}]}),
    ("Tetsuko Umezawa, Fugitive", "Creatures you control with power or toughness 1 or less can't be blocked.",
     {"affects": {"types": ["creature"], "controller": "you", "any_of": [{"power_at_most": 1}, {"toughness_at_most": 1}]},
      "rules": ["cant_be_blocked"]}),
    ("Stormtide Leviathan", "Creatures without flying or islandwalk can't attack.",
     {"affects": {"types": ["creature"], "not_keywords": ["flying", "islandwalk"]}, "rules": ["cant_attack"]}),
    ("Sidar Kondo of Jamuraa", "Creatures your opponents control without flying or reach can't block creatures with "
     "power 2 or less.",
     {"affects": {"types": ["creature"], "controller": "opponents", "not_keywords": ["flying", "reach"]},
      "rules": [{"cant_block_creatures": {"power_at_most": 2}}]}),
    ("Rite of the Raging Storm", "Creatures named Lightning Rager can't attack you or planeswalkers you control.",
     {"affects": {"types": ["creature"], "named": "Lightning Rager"},
      "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]}),
    ("Rohgahh of Kher Keep", "Creatures you control named Kobolds of Kher Keep get +2/+2.",
     {"affects": {"types": ["creature"], "controller": "you", "named": "Kobolds of Kher Keep"}, "gets": [2, 2]}),
    ("That Which Was Taken", "Each permanent with a divinity counter on it has indestructible.",
     {"affects": {"counter": "divinity"}, "gains": ["indestructible"]}),
    ("Riders of Gavony", "Human creatures you control have protection from creatures of the chosen type.",
     {"affects": {"subtypes": ["human"], "types": ["creature"], "controller": "you"},
      "gains": [{"protection": "chosen_type"}]}),
    ("Champion of Lambholt", "Creatures with power less than Champion of Lambholt's power can't block creatures you "
     "control.",
     {"affects": {"types": ["creature"], "controller": "you"},
      "rules": [{"cant_be_blocked_by": {"power_less_than": "source_power"}}]}),
    ("Kraken of the Straits", "Creatures with power less than the number of Islands you control can't block Kraken of "
     "the Straits.",
     {"affects": {"self": True},
      "rules": [{"cant_be_blocked_by": {"power_less_than": {"permanents": {"subtypes": ["island"],
                                                                           "controller": "you"}}}}]}),
    ("Favor of the Mighty", "Each creature with the highest mana value has protection from all colors.",
     {"affects": {"types": ["creature"], "highest_mana_value": True},
      "gains": [{"protection": c} for c in ("white", "blue", "black", "red", "green")]}),
]

TEXT = {name: line for name, line, _ in LINES}


@pytest.mark.parametrize("name, line, expected", LINES, ids=[n for n, _, _ in LINES])
def test_611_3a_group_lines_read_as_checked_by_hand(name: str, line: str, expected: dict) -> None:
    assert reading(line, name) == expected


@pytest.mark.parametrize("name, line", [
    ("Made up", "Goblins you control and Elementals your opponents control get +1/+1."),  # two controllers
    ("Made up", "Goblins and Elementals you control and Zombies get +1/+1."),
])
def test_unions_the_model_cant_say_stay_unread(name: str, line: str) -> None:
    assert read(line, name) is None


def board(lines: str, tail: str = ""):
    body = "".join(f"  {line.strip()}\n" for line in lines.strip().splitlines())
    return parse_board_text(HEAD + body + tail, "groups.yaml")


def creature(pid: str, controller: str, extra: str = "", name: str | None = None) -> str:
    return (f"- {{id: {pid}, name: {name or pid}, controller: {controller}, types: [creature], power: 2, toughness: 2"
            f"{extra}}}\n")


def card(pid: str, name: str, controller: str, text: str, extra: str) -> str:
    return f"- {{id: {pid}, name: {name!r}, controller: {controller}, text: {text!r}{extra}}}\n"


BARON = card("baron", "Death Baron", "alice",
             "Skeletons you control and other Zombies you control get +1/+1 and have deathtouch.",
             ", types: [creature], subtypes: [zombie, wizard], power: 2, toughness: 2")


def test_death_baron_rulings_a_skeleton_zombie_gets_the_bonus_once_and_the_baron_not_itself() -> None:
    """611.3a, 613.4c; Death Baron's rulings: a creature that's both a Skeleton and a Zombie
    gets the bonus only once; the Baron doesn't affect itself unless it is a Skeleton; an
    opponent's Zombie gets nothing."""
    b = board(BARON + creature("both", "alice", ", subtypes: [skeleton, zombie]")
              + creature("zombie", "alice", ", subtypes: [zombie]") + creature("theirs", "bob", ", subtypes: [zombie]")
              + creature("bear", "alice", ", subtypes: [bear]"))
    assert (b.permanent("both").power, b.permanent("both").toughness) == (3, 3)
    assert "deathtouch" in b.permanent("both").keywords and b.permanent("both").granted_by["deathtouch"] == "baron"
    assert b.permanent("zombie").power == 3
    assert (b.permanent("baron").power, b.permanent("theirs").power, b.permanent("bear").power) == (2, 2, 2)
    skeleton_baron = board(BARON.replace("[zombie, wizard]", "[zombie, skeleton]"))
    assert skeleton_baron.permanent("baron").power == 3


def test_narfi_ruling_a_snow_zombie_gets_plus_one_once() -> None:
    """611.3a: "Other snow and Zombie creatures you control": snow creatures, Zombies, or
    both, once (Narfi's ruling)."""
    narfi = card("narfi", "Narfi, Betrayer King", "alice", "Other snow and Zombie creatures you control get +1/+1.",
                 ", types: [creature], supertypes: [legendary, snow], subtypes: [zombie, knight], power: 4, toughness: 3")
    b = board(narfi + creature("snowzombie", "alice", ", supertypes: [snow], subtypes: [zombie]")
              + creature("snow", "alice", ", supertypes: [snow]") + creature("plain", "alice"))
    assert [b.permanent(p).power for p in ("narfi", "snowzombie", "snow", "plain")] == [4, 3, 3, 2]


def test_broodwarden_eldrazi_spawn_means_both_subtypes() -> None:
    """205.3, 611.3a: "Eldrazi Spawn creatures" are creatures with both subtypes; an Eldrazi
    that isn't a Spawn gets nothing."""
    brood = card("brood", "Broodwarden", "alice", "Eldrazi Spawn creatures you control get +2/+1.",
                 ", types: [creature], subtypes: [eldrazi, drone], power: 3, toughness: 3")
    b = board(brood + creature("spawn", "alice", ", subtypes: [eldrazi, spawn]")
              + creature("drone", "alice", ", subtypes: [eldrazi, drone]"))
    assert (b.permanent("spawn").power, b.permanent("spawn").toughness) == (4, 3)
    assert b.permanent("drone").power == 2 and b.permanent("brood").power == 3


def test_702_111b_caterwauling_boggart_gives_goblins_and_elementals_menace() -> None:
    """702.111b, 613.1f: a Goblin Elemental has menace once; one blocker alone is illegal."""
    cat = card("cat", "Caterwauling Boggart", "alice", "Goblins you control and Elementals you control have menace.",
               ", types: [creature], subtypes: [goblin, shaman], power: 2, toughness: 2")
    b = board(cat + creature("elemental", "alice", ", subtypes: [elemental]") + creature("ox", "bob"),
              "combat:\n  attackers: [{creature: elemental, target: bob}]\n  blockers: [{creature: ox, blocks: [elemental]}]\n")
    assert b.permanent("cat").granted_by["menace"] == "cat"
    result = check_blocks(b)
    assert result.legal is False and any("702.111b" in v.rule for v in result.violations)


def test_509_1b_magistrates_veto_white_and_blue_creatures_cant_block() -> None:
    """509.1b, 613.11: a white creature can't block, a blue one can't, a green one can."""
    veto = card("veto", "Magistrate's Veto", "alice", "White creatures and blue creatures can't block.",
                ", types: [enchantment]")
    tail = "combat:\n  attackers: [{creature: atk, target: bob}]\n  blockers: [{creature: %s, blocks: [atk]}]\n"
    perms = veto + creature("atk", "alice") + creature("white", "bob", ", colors: [white]") \
        + creature("blue", "bob", ", colors: [blue]") + creature("green", "bob", ", colors: [green]")
    assert check_blocks(board(perms, tail % "white")).legal is False
    assert check_blocks(board(perms, tail % "blue")).legal is False
    assert check_blocks(board(perms, tail % "green")).legal is True


def test_702_16b_masked_gorgon_green_creatures_have_protection_from_gorgons() -> None:
    """702.16b, 613.1f: a green attacker has protection from Gorgons: a Gorgon can't block it."""
    gorgon = card("gorgon", "Masked Gorgon", "bob", "Green creatures and white creatures have protection from Gorgons.",
                  ", types: [creature], subtypes: [gorgon], power: 5, toughness: 1")
    tail = "combat:\n  attackers: [{creature: elf, target: bob}]\n  blockers: [{creature: %s, blocks: [elf]}]\n"
    perms = gorgon + creature("elf", "alice", ", colors: [green]") + creature("ox", "bob", ", colors: [white]")
    assert check_blocks(board(perms, tail % "gorgon")).legal is False
    assert check_blocks(board(perms, tail % "ox")).legal is True


def test_timber_protector_ruling_a_forest_protector_doesnt_give_itself_indestructible() -> None:
    """611.3a: "Other Treefolk and Forests": other applies to both (Timber Protector's ruling)."""
    tp = card("tp", "Timber Protector", "alice", "Other Treefolk and Forests you control have indestructible.",
              ", types: [creature], subtypes: [treefolk, warrior, forest], power: 4, toughness: 6")
    b = board(tp + creature("tree", "alice", ", subtypes: [treefolk]")
              + "- {id: forest, card: Forest, controller: alice}\n")
    assert "indestructible" in b.permanent("tree").keywords and "indestructible" in b.permanent("forest").keywords
    assert "indestructible" not in b.permanent("tp").keywords


def test_205_3_elf_warrior_creatures_are_both_elves_and_warriors() -> None:
    """205.3: "Other Elf Warrior creatures" are creatures with both subtypes (a one-member
    ``any_of`` beside ``subtypes``), not Elves or Warriors."""
    assert reading("Other Elf Warrior creatures get +1/+1.", "Lord") == {
        "affects": {"other": True, "subtypes": ["elf"], "any_of": [{"subtypes": ["warrior"]}], "types": ["creature"]},
        "gets": [1, 1]}


ATTACK = "combat:\n  attackers: [{creature: %s, target: %s}]\n"
BLOCK = "combat:\n  attackers: [{creature: %s, target: bob}]\n  blockers: [{creature: %s, blocks: [%s]}]\n"
WALKER = "- {id: walker, name: Walker, controller: bob, types: [planeswalker], loyalty: 3}\n"


def blocks(perms: str, attacker: str, blocker: str) -> bool | None:
    return check_blocks(board(perms, BLOCK % (attacker, blocker, attacker))).legal


def attacks(perms: str, attacker: str, target: str = "bob") -> bool | None:
    return check_attacks(board(perms, ATTACK % (attacker, target))).legal


def test_508_1c_combat_calligrapher_inklings_cant_attack_you_or_your_planeswalkers() -> None:
    """508.1c, 613.11: an Inkling can't attack the Calligrapher's controller nor a planeswalker
    they control; under its own controller's Calligrapher it attacks freely."""
    calli = card("calli", "Combat Calligrapher", "bob", "Inklings can't attack you or planeswalkers you control.",
                 ", types: [creature], subtypes: [bird, warlock], power: 3, toughness: 3")
    inkling = creature("ink", "alice", ", subtypes: [inkling]")
    result = check_attacks(board(calli + inkling + WALKER, ATTACK % ("ink", "bob")))
    assert result.legal is False and any("508.1c" in v.rule for v in result.violations)
    assert attacks(calli + inkling + WALKER, "ink", "walker") is False
    assert attacks(calli.replace("controller: bob", "controller: alice") + inkling + WALKER, "ink", "walker") is True
    assert attacks(calli + creature("bear", "alice") + WALKER, "bear") is True


def test_508_1c_sandwurm_convergence_fliers_cant_attack_you() -> None:
    """508.1c: a flier can't attack the Convergence's controller; a creature without flying can."""
    wurm = card("sw", "Sandwurm Convergence", "bob", "Creatures with flying can't attack you or planeswalkers you control.",
                ", types: [enchantment]")
    perms = wurm + creature("bird", "alice", ", keywords: [flying]") + creature("bear", "alice") + WALKER
    assert attacks(perms, "bird") is False and attacks(perms, "bird", "walker") is False
    assert attacks(perms, "bear") is True


def test_varchild_survivors_cant_block_and_cant_attack_you() -> None:
    """509.1b, 508.1c: an opponent's Survivor can't block, nor attack Varchild's controller."""
    var = card("var", "Varchild, Betrayer of Kjeldor", "alice",
               "Survivors your opponents control can't block, and they can't attack you or planeswalkers you control.",
               ", types: [creature], subtypes: [human, warrior], power: 3, toughness: 3")
    survivor = creature("surv", "bob", ", subtypes: [survivor]")
    assert blocks(var + creature("atk", "alice") + survivor, "atk", "surv") is False
    assert blocks(var + creature("atk", "alice") + creature("ox", "bob"), "atk", "ox") is True
    turn = parse_board_text(HEAD.replace("active_player: alice", "active_player: bob") + "".join(
        f"  {x}\n" for x in (var + survivor).strip().splitlines()) + ATTACK % ("surv", "alice"), "var.yaml")
    assert check_attacks(turn).legal is False


def test_509_1b_shifting_sliver_slivers_blocked_only_by_slivers() -> None:
    """509.1b: a Sliver can be blocked only by a Sliver (either controller's)."""
    sliver = card("shift", "Shifting Sliver", "alice", "Slivers can't be blocked except by Slivers.",
                  ", types: [creature], subtypes: [sliver], power: 2, toughness: 2")
    perms = sliver + creature("them", "bob", ", subtypes: [sliver]") + creature("ox", "bob")
    assert blocks(perms, "shift", "ox") is False and blocks(perms, "shift", "them") is True


def test_509_1b_serpent_of_yawning_depths_sea_creatures_blocked_only_by_sea_creatures() -> None:
    serpent = card("ser", "Serpent of Yawning Depths", "alice", TEXT["Serpent of Yawning Depths"],
                   ", types: [creature], subtypes: [serpent], power: 8, toughness: 8")
    perms = serpent + creature("kraken", "bob", ", subtypes: [kraken]") + creature("ox", "bob")
    assert blocks(perms, "ser", "ox") is False and blocks(perms, "ser", "kraken") is True


def test_509_1b_midnight_pathlighter_blocked_only_by_legendary_creatures() -> None:
    """509.1b, 205.4: only a legendary creature can block creatures its controller controls."""
    path = card("path", "Midnight Pathlighter", "alice",
                "Creatures you control can't be blocked except by legendary creatures.",
                ", types: [creature], subtypes: [human, scout], power: 2, toughness: 1")
    perms = path + creature("atk", "alice") + creature("hero", "bob", ", supertypes: [legendary]") + creature("ox", "bob")
    result = check_blocks(board(perms, BLOCK % ("atk", "ox", "atk")))
    assert result.legal is False and any("509.1b" in v.rule for v in result.violations)
    assert blocks(perms, "atk", "hero") is True


def test_infiltrators_magemark_enchanted_creatures_blocked_only_by_defenders() -> None:
    """303.4, 509.1b, 613.4c: an enchanted creature gets +1/+1 and only a creature with
    defender can block it; an unenchanted one is unaffected."""
    mark = card("mark", "Infiltrator's Magemark", "alice", TEXT["Infiltrator's Magemark"],
                ", types: [enchantment], subtypes: [aura], attached_to: atk")
    perms = mark + creature("atk", "alice") + creature("plain", "alice") + creature("ox", "bob") \
        + creature("wall", "bob", ", keywords: [defender]")
    b = board(perms)
    assert b.permanent("atk").power == 3 and b.permanent("plain").power == 2
    assert blocks(perms, "atk", "ox") is False and blocks(perms, "atk", "wall") is True
    assert blocks(perms, "plain", "ox") is True


def test_tetsuko_power_or_toughness_one_or_less_cant_be_blocked() -> None:
    """509.1b: a 1/3 and a 3/1 can't be blocked; a 2/2 can."""
    tet = card("tet", "Tetsuko Umezawa, Fugitive", "alice", TEXT["Tetsuko Umezawa, Fugitive"],
               ", types: [creature], subtypes: [human, ninja], power: 1, toughness: 3")
    perms = tet + "- {id: big, name: big, controller: alice, types: [creature], power: 3, toughness: 1}\n" \
        + creature("bear", "alice") + creature("ox", "bob")
    assert blocks(perms, "tet", "ox") is False and blocks(perms, "big", "ox") is False
    assert blocks(perms, "bear", "ox") is True


def test_stormtide_leviathan_ruling_creatures_without_flying_or_islandwalk_cant_attack() -> None:
    """508.1c; Stormtide's ruling: creatures with neither flying nor islandwalk can't attack."""
    storm = card("storm", "Stormtide Leviathan", "bob", "Creatures without flying or islandwalk can't attack.",
                 ", types: [creature], subtypes: [leviathan], power: 8, toughness: 8")
    perms = storm + creature("bear", "alice") + creature("walker", "alice", ", keywords: [islandwalk]") \
        + creature("bird", "alice", ", keywords: [flying]")
    assert attacks(perms, "bear") is False
    assert attacks(perms, "walker") is True and attacks(perms, "bird") is True


def test_sidar_kondo_creatures_without_flying_or_reach_cant_block_small_attackers() -> None:
    """509.1b; Sidar Kondo's ruling: an opponent's creature without flying or reach can't
    block a creature with power 2 or less; it can block a 3-power one; a flier can."""
    sidar = card("sidar", "Sidar Kondo of Jamuraa", "alice", TEXT["Sidar Kondo of Jamuraa"],
                 ", types: [creature], subtypes: [human, knight], power: 2, toughness: 5")
    perms = sidar + creature("bear", "alice") + "- {id: big, name: big, controller: alice, types: [creature], " \
        "power: 3, toughness: 3}\n" + creature("ox", "bob") + creature("bird", "bob", ", keywords: [flying]")
    result = check_blocks(board(perms, BLOCK % ("bear", "ox", "bear")))
    assert result.legal is False and any("509.1b" in v.rule for v in result.violations)
    assert blocks(perms, "big", "ox") is True and blocks(perms, "bear", "bird") is True


def test_201_2_rite_of_the_raging_storm_names_lightning_rager() -> None:
    """201.2, 508.1c: a creature named Lightning Rager can't attack the Rite's controller; a
    creature with another name can."""
    rite = card("rite", "Rite of the Raging Storm", "bob", TEXT["Rite of the Raging Storm"], ", types: [enchantment]")
    perms = rite + creature("rager", "alice", ", subtypes: [elemental]", name="Lightning Rager") \
        + creature("bear", "alice", name="Lightning Bear")
    assert attacks(perms, "rager") is False and attacks(perms, "bear") is True


def test_201_2_rohgahh_kobolds_of_kher_keep_get_plus_two() -> None:
    rohgahh = card("rohgahh", "Rohgahh of Kher Keep", "alice", TEXT["Rohgahh of Kher Keep"],
                   ", types: [creature], subtypes: [kobold], power: 5, toughness: 5")
    b = board(rohgahh + creature("kobold", "alice", ", subtypes: [kobold]", name="Kobolds of Kher Keep")
              + creature("theirs", "bob", name="Kobolds of Kher Keep") + creature("other", "alice", ", subtypes: [kobold]"))
    assert [b.permanent(p).power for p in ("kobold", "theirs", "other", "rohgahh")] == [4, 2, 2, 5]


def test_that_which_was_taken_divinity_counter_gives_indestructible() -> None:
    """122.1, 613.1f: any permanent with a divinity counter has indestructible."""
    taken = card("taken", "That Which Was Taken", "alice", TEXT["That Which Was Taken"], ", types: [artifact]")
    b = board(taken + creature("god", "bob", ", counters: {divinity: 1}") + creature("bear", "bob"))
    assert "indestructible" in b.permanent("god").keywords and "indestructible" not in b.permanent("bear").keywords


def test_702_16b_riders_of_gavony_humans_protected_from_the_chosen_type() -> None:
    """702.16b: with Zombie chosen, a Zombie can't block a Human the Riders' controller controls;
    another creature can; the board must give the choice."""
    riders = card("riders", "Riders of Gavony", "alice", TEXT["Riders of Gavony"],
                  ", types: [creature], subtypes: [human, knight], power: 3, toughness: 3, chosen_type: zombie")
    perms = riders + creature("zombie", "bob", ", subtypes: [zombie]") + creature("ox", "bob")
    assert blocks(perms, "riders", "zombie") is False and blocks(perms, "riders", "ox") is True
    with pytest.raises(BoardError, match="chosen_type"):
        board(perms.replace(", chosen_type: zombie", ""))


def test_509_1b_champion_of_lambholt_weaker_creatures_cant_block_yours() -> None:
    """509.1b, 613.11: the bound is the Champion's power after the layers (a +1/+1 counter
    raises it); a creature with less power can't block a creature its controller controls."""
    champ = card("champ", "Champion of Lambholt", "alice", TEXT["Champion of Lambholt"],
                 ", types: [creature], subtypes: [human, warrior], power: 1, toughness: 1, counters: {'+1/+1': 2}")
    perms = champ + creature("bear", "alice") + creature("ox", "bob") \
        + "- {id: big, name: big, controller: bob, types: [creature], power: 3, toughness: 3}\n"
    result = check_blocks(board(perms, BLOCK % ("bear", "ox", "bear")))
    assert result.legal is False and any("509.1b" in v.rule for v in result.violations)
    assert blocks(perms, "bear", "big") is True
    assert blocks(perms.replace("counters: {'+1/+1': 2}", "counters: {'+1/+1': 3}"), "bear", "big") is False


def test_509_1b_kraken_of_the_straits_counts_your_islands() -> None:
    """509.1b: with two Islands, a 1-power creature can't block the Kraken; a 2-power one can;
    the opponent's Islands don't count."""
    kraken = card("kraken", "Kraken of the Straits", "alice", TEXT["Kraken of the Straits"],
                  ", types: [creature], subtypes: [kraken], power: 6, toughness: 6")
    islands = "".join(f"- {{id: i{n}, card: Island, controller: {who}}}\n" for n, who in ((1, "alice"), (2, "alice"),
                                                                                       (3, "bob"), (4, "bob")))
    perms = kraken + islands + creature("ox", "bob") \
        + "- {id: small, name: small, controller: bob, types: [creature], power: 1, toughness: 3}\n"
    assert blocks(perms, "kraken", "small") is False and blocks(perms, "kraken", "ox") is True


def test_favor_of_the_mighty_rulings_ties_for_highest_mana_value_all_have_protection() -> None:
    """702.16b, 202.3e; Favor of the Mighty's rulings: every creature tied for the highest mana
    value has protection from all colors (X counts 0); a lower one doesn't."""
    favor = card("favor", "Favor of the Mighty", "bob", TEXT["Favor of the Mighty"], ", types: [enchantment]")
    perms = favor + creature("ogre", "alice", ", mana_cost: '{2}{R}', colors: [red]") \
        + creature("giant", "bob", ", mana_cost: '{1}{W}{W}'") + creature("elf", "bob", ", mana_cost: '{G}'") \
        + creature("hydra", "bob", ", mana_cost: '{X}{G}{G}'")
    b = board(perms)
    assert b.permanent("ogre").protections == b.permanent("giant").protections == {"white", "blue", "black", "red",
                                                                                   "green"}
    assert not b.permanent("elf").protections and not b.permanent("hydra").protections
    assert blocks(perms, "ogre", "elf") is False
    assert blocks(perms.replace("'{2}{R}'", "'{R}'"), "ogre", "elf") is True
    assert board(favor).permanent("favor").protections == set()  # no creature: none is the highest


def test_highest_mana_value_is_honoured_in_conditions_and_counts() -> None:
    """202.3: ``highest_mana_value`` in a condition's filter or a count's filter selects the
    creatures with the highest mana value there too, not only in ``affects``."""
    cond = ("- {id: src, name: src, controller: alice, types: [enchantment], abilities: [{continuous: "
            "{affects: {types: [creature], controller: you}, gets: [1, 0], "
            "condition: [{controls: {types: [creature], highest_mana_value: true}}]}}]}\n")
    count = ("- {id: cnt, name: cnt, controller: bob, types: [enchantment], abilities: [{continuous: "
             "{affects: {types: [creature], controller: you}, gets: [0, 1], "
             "for_each: {permanents: {types: [creature], highest_mana_value: true}}}}]}\n")
    small = creature("elf", "alice", ", mana_cost: '{G}'")
    big = creature("ogre", "bob", ", mana_cost: '{2}{R}'")
    tie = creature("giant", "bob", ", mana_cost: '{1}{W}{W}'")
    b = board(cond + count + small + big)
    assert b.permanent("elf").power == 2  # alice controls no creature with the highest mana value
    assert b.permanent("ogre").toughness == 3  # one creature has the highest mana value
    b = board(cond + count + small.replace("'{G}'", "'{2}{G}'") + big + tie)
    assert b.permanent("elf").power == 3 and b.permanent("ogre").toughness == 5  # three tied at 3
