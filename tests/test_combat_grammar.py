"""The ``combat`` grammar family (mtgsolver/read/grammar/combat.lark) on real lines of the
2022 pool: exact readings, and the answers of the combat solvers on boards that use them
(508.1c-d, 509.1b-c, 611.3b conditions, 702 evasion)."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar.combat import read
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"


def board(lines: str, tail: str = ""):
    body = "".join(f"  {line.strip()}\n" for line in lines.strip().splitlines())
    return parse_board_text(HEAD + body + tail, "cards.yaml")


def creature(pid: str, name: str, controller: str, text: str, extra: str = "") -> str:
    return (f"- {{id: {pid}, name: {name!r}, controller: {controller}, types: [creature], power: 2, toughness: 2, "
            f"text: {text!r}{extra}}}\n")


def attack(*ids: str) -> str:
    return "combat:\n  attackers: [" + ", ".join(f"{{creature: {i}, target: bob}}" for i in ids) + "]\n"


def _self(condition: dict, rules: list, line: str) -> list:
    return [{"continuous": {"affects": {"self": True}, "condition": [condition], "rules": rules, "text": line}}]


# (card, line, entries): conditions the layers check (611.3b), read into a ``continuous`` static
CONDITIONAL = [
    ("Desperate Castaways", "Desperate Castaways can't attack unless you control an artifact.",
     {"controls": {"types": ["artifact"]}, "at_least": 1, "not": True}, ["cant_attack"]),
    ("Gadrak, the Crown-Scourge", "Gadrak, the Crown-Scourge can't attack unless you control four or more artifacts.",
     {"controls": {"types": ["artifact"]}, "at_least": 4, "not": True}, ["cant_attack"]),
    ("Blind-Spot Giant", "Blind-Spot Giant can't attack or block unless you control another Giant.",
     {"controls": {"subtypes": ["giant"], "other": True}, "at_least": 1, "not": True}, ["cant_attack", "cant_block"]),
    ("Howlpack Wolf", "Howlpack Wolf can't block unless you control another Wolf or Werewolf.",
     {"controls": {"subtypes": ["werewolf", "wolf"], "other": True}, "at_least": 1, "not": True}, ["cant_block"]),
    ("War Falcon", "War Falcon can't attack unless you control a Knight or a Soldier.",
     {"controls": {"subtypes": ["knight", "soldier"]}, "at_least": 1, "not": True}, ["cant_attack"]),
    ("Warden of the Chained",
     "Warden of the Chained can't attack unless you control another creature with power 4 or greater.",
     {"controls": {"types": ["creature"], "power_at_least": 4, "other": True}, "at_least": 1, "not": True},
     ["cant_attack"]),
    ("Oketra the True", "Oketra the True can't attack or block unless you control at least three other creatures.",
     {"controls": {"types": ["creature"], "other": True}, "at_least": 3, "not": True}, ["cant_attack", "cant_block"]),
    ("Lovestruck Beast", "Lovestruck Beast can't attack unless you control a 1/1 creature.",
     {"controls": {"types": ["creature"], "power_at_least": 1, "power_at_most": 1, "toughness_at_least": 1,
                   "toughness_at_most": 1}, "at_least": 1, "not": True}, ["cant_attack"]),
    ("Jeskai Infiltrator", "Jeskai Infiltrator can't be blocked as long as you control no other creatures.",
     {"controls": {"types": ["creature"], "other": True}, "at_least": 1, "not": True}, ["cant_be_blocked"]),
    ("River Serpent", "River Serpent can't attack unless there are five or more cards in your graveyard.",
     {"cards_in_graveyard": 5, "not": True}, ["cant_attack"]),
    ("Harbor Serpent", "Harbor Serpent can't attack unless there are five or more Islands on the battlefield.",
     {"on_battlefield": {"subtypes": ["island"]}, "at_least": 5, "not": True}, ["cant_attack"]),
    ("Glacial Crasher", "Glacial Crasher can't attack unless there is a Mountain on the battlefield.",
     {"on_battlefield": {"subtypes": ["mountain"]}, "at_least": 1, "not": True}, ["cant_attack"]),
    ("Wirecat", "Wirecat can't attack or block if an enchantment is on the battlefield.",
     {"on_battlefield": {"types": ["enchantment"]}, "at_least": 1}, ["cant_attack", "cant_block"]),
    ("Shauku, Endbringer", "Shauku, Endbringer can't attack if there's another creature on the battlefield.",
     {"on_battlefield": {"types": ["creature"], "other": True}, "at_least": 1}, ["cant_attack"]),
    ("Reckless Cohort", "Reckless Cohort attacks each combat if able unless you control another Ally.",
     {"controls": {"subtypes": ["ally"], "other": True}, "at_least": 1, "not": True}, ["attacks_each_combat"]),
]


@pytest.mark.parametrize("name, line, condition, rules", CONDITIONAL)
def test_611_3b_conditions_read_as_a_conditional_static(name: str, line: str, condition: dict, rules: list) -> None:
    assert read(line, name) == _self(condition, rules, line)


def test_508_1c_cant_attack_unless_you_control_another_giant() -> None:
    """508.1c with 611.3b: Blind-Spot Giant can attack only while its controller controls
    another Giant; the condition is checked on the board as it is."""
    giant = creature("giant", "Blind-Spot Giant", "alice",
                     "Blind-Spot Giant can't attack or block unless you control another Giant.", ", subtypes: [giant]")
    alone = board(giant, attack("giant"))
    assert check_attacks(alone).legal is False
    other = creature("hill", "Hill Giant", "alice", "", ", subtypes: [giant]")
    assert check_attacks(board(giant + other, attack("giant"))).legal is True
    # bob's Giant is not "you control"
    theirs = creature("hill", "Hill Giant", "bob", "", ", subtypes: [giant]")
    assert check_attacks(board(giant + theirs, attack("giant"))).legal is False


def test_509_1b_cant_block_unless_you_control_a_vampire() -> None:
    """509.1b with 611.3b: Mindless Null can't block without a Vampire."""
    mnull = creature("mnull", "Mindless Null", "bob", "Mindless Null can't block unless you control a Vampire.")
    bears = creature("bears", "Grizzly Bears", "alice", "")
    tail = attack("bears") + "  blockers: [{creature: mnull, blocks: [bears]}]\n"
    assert check_blocks(board(mnull + bears, tail)).legal is False
    vamp = creature("vamp", "Vampire Token", "bob", "", ", subtypes: [vampire]")
    assert check_blocks(board(mnull + bears + vamp, tail)).legal is True


def test_508_1d_reckless_cohort_attacks_unless_another_ally() -> None:
    """508.1d with 611.3b: "attacks each combat if able unless you control another Ally"."""
    cohort = creature("cohort", "Reckless Cohort", "alice",
                      "Reckless Cohort attacks each combat if able unless you control another Ally.")
    assert check_attacks(board(cohort, "combat:\n  attackers: []\n")).legal is False
    ally = creature("ally", "Ally", "alice", "", ", subtypes: [ally]")
    assert check_attacks(board(cohort + ally, "combat:\n  attackers: []\n")).legal is True


def test_508_1c_shauku_cant_attack_with_another_creature_on_the_battlefield() -> None:
    """508.1c with 611.3b: any player's other creature counts ("on the battlefield")."""
    shauku = creature("shauku", "Shauku, Endbringer", "alice",
                      "Shauku, Endbringer can't attack if there's another creature on the battlefield.")
    assert check_attacks(board(shauku, attack("shauku"))).legal is True
    other = creature("bears", "Grizzly Bears", "bob", "")
    assert check_attacks(board(shauku + other, attack("shauku"))).legal is False


def _blocks(lines: str, attacker: str, blocker: str, extra_attackers: tuple[str, ...] = ()) -> bool | None:
    tail = attack(attacker, *extra_attackers) + f"  blockers: [{{creature: {blocker}, blocks: [{attacker}]}}]\n"
    return check_blocks(board(lines, tail)).legal


def test_509_1b_cant_be_blocked_except_by_artifact_and_or_white_creatures() -> None:
    """509.1b: Amrou Seekers can be blocked only by a creature that is an artifact or white."""
    line = "Amrou Seekers can't be blocked except by artifact creatures and/or white creatures."
    assert read(line, "Amrou Seekers") == [{"can_be_blocked_only_by": [{"type": "artifact"}, {"color": "white"}]}]
    seekers = creature("seekers", "Amrou Seekers", "alice", line)
    assert _blocks(seekers + creature("bears", "Grizzly Bears", "bob", "", ", colors: [G]"), "seekers", "bears") is False
    assert _blocks(seekers + creature("knight", "White Knight", "bob", "", ", colors: [W]"), "seekers", "knight") is True
    golem = "- {id: golem, name: Golem, controller: bob, types: [artifact, creature], power: 2, toughness: 2}\n"
    assert _blocks(seekers + golem, "seekers", "golem") is True


def test_509_1b_cant_be_blocked_except_by_walls_granted_by_invisibility() -> None:
    """509.1b, 613.1f: Invisibility's "can't be blocked except by Walls" on the enchanted creature."""
    bears = creature("bears", "Grizzly Bears", "alice", "")
    aura = ("- {id: aura, name: Invisibility, controller: alice, types: [enchantment], subtypes: [aura], "
            "attached_to: bears, text: \"Enchanted creature can't be blocked except by Walls.\"}\n")
    assert _blocks(bears + aura + creature("ox", "Pillarfield Ox", "bob", ""), "bears", "ox") is False
    assert _blocks(bears + aura + creature("wall", "Wall of Wood", "bob", "", ", subtypes: [wall]"), "bears", "wall") is True


def test_509_1b_flow_of_maggots_non_wall_creatures() -> None:
    """509.1b: "can't be blocked by non-Wall creatures" is "except by Walls"."""
    assert read("Flow of Maggots can't be blocked by non-Wall creatures.", "Flow of Maggots") == [
        {"can_be_blocked_only_by": [{"subtype": "wall"}]}]


def test_509_1b_neurok_spy_unblockable_while_defending_player_controls_an_artifact() -> None:
    """509.1b: the condition is on the defending player (the one its attack is against)."""
    spy = creature("spy", "Neurok Spy", "alice", "Neurok Spy can't be blocked as long as defending player controls an artifact.")
    ox = creature("ox", "Pillarfield Ox", "bob", "")
    assert _blocks(spy + ox, "spy", "ox") is True
    rock = "- {id: rock, name: Rock, controller: bob, types: [artifact]}\n"
    assert _blocks(spy + ox + rock, "spy", "ox") is False
    mine = "- {id: rock, name: Rock, controller: alice, types: [artifact]}\n"
    assert _blocks(spy + ox + mine, "spy", "ox") is True


def test_509_1b_dream_prowler_unblockable_while_attacking_alone() -> None:
    """506.5, 509.1b: "attacking alone": the only attacking creature."""
    prowler = creature("prowler", "Dream Prowler", "alice", "Dream Prowler can't be blocked as long as it's attacking alone.")
    ox = creature("ox", "Pillarfield Ox", "bob", "")
    assert _blocks(prowler + ox, "prowler", "ox") is False
    bears = creature("bears", "Grizzly Bears", "alice", "")
    assert _blocks(prowler + ox + bears, "prowler", "ox", ("bears",)) is True


def test_702_28b_aetherflame_wall_blocks_creatures_with_shadow() -> None:
    """702.28b: "can block creatures with shadow as though they didn't have shadow" lifts only
    the attacker's shadow; a creature without the ability still can't block it."""
    line = "Aetherflame Wall can block creatures with shadow as though they didn't have shadow."
    assert read(line, "Aetherflame Wall") == ["can_block_shadow"]
    assert read("Wall of Diffusion can block creatures with shadow as though Wall of Diffusion had shadow.",
                "Wall of Diffusion") == ["can_block_shadow"]
    shade = creature("shade", "Dauthi Shade", "alice", "", ", keywords: [shadow]")
    wall = creature("wall", "Aetherflame Wall", "bob", line)
    assert _blocks(shade + wall, "shade", "wall") is True
    assert _blocks(shade + creature("ox", "Pillarfield Ox", "bob", ""), "shade", "ox") is False


def test_508_1c_ronom_serpent_needs_a_snow_land() -> None:
    """508.1c: "unless defending player controls a snow land": both words describe one land."""
    line = "Ronom Serpent can't attack unless defending player controls a snow land."
    assert read(line, "Ronom Serpent") == [{"cant_attack_unless": {"controls": "snow land"}}]
    serpent = creature("serpent", "Ronom Serpent", "alice", line)
    land = "- {id: land, name: Island, controller: bob, types: [land], subtypes: [island]}\n"
    snow = "- {id: land, name: Snow-Covered Island, controller: bob, types: [land], supertypes: [snow], subtypes: [island]}\n"
    assert check_attacks(board(serpent + land, attack("serpent"))).legal is False
    assert check_attacks(board(serpent + snow, attack("serpent"))).legal is True
    assert read("Whimwader can't attack unless defending player controls a blue permanent.", "Whimwader") == [
        {"cant_attack_unless": {"controls": "blue permanent"}}]


def test_613_gets_and_a_combat_sentence_on_the_equipped_creature() -> None:
    """613.4c, 613.1f, 509.1b: Skyblinder Staff's two effects on the equipped creature."""
    line = "Equipped creature gets +1/+0 and can't be blocked by creatures with flying."
    assert read(line, "Skyblinder Staff") == [{"continuous": {
        "affects": {"attached": True}, "gets": [1, 0], "rules": [{"cant_be_blocked_by": {"keyword": "flying"}}],
        "text": line}}]
    bears = creature("bears", "Grizzly Bears", "alice", "")
    staff = f"- {{id: staff, name: Skyblinder Staff, controller: alice, types: [artifact], subtypes: [equipment], attached_to: bears, text: {line!r}}}\n"
    b = board(bears + staff + creature("bird", "Bird", "bob", "", ", keywords: [flying]"),
              attack("bears") + "  blockers: [{creature: bird, blocks: [bears]}]\n")
    assert b.permanent("bears").power == 3
    assert check_blocks(b).legal is False


@pytest.mark.parametrize("name, line", [
    ("Arrest", "Enchanted creature can't attack or block, and its activated abilities can't be activated."),
    ("Arctic Foxes", "Arctic Foxes can't be blocked by creatures with power 2 or greater as long as defending "
                     "player controls a snow land."),
    ("Hazoret the Fervent", "Hazoret the Fervent can't attack or block unless you have one or fewer cards in hand."),
    ("Swimmer in Nightmares", "Swimmer in Nightmares can't be blocked as long as you control an Ashiok planeswalker."),
    ("Kor Castigator", "Kor Castigator can't be blocked by Eldrazi Scions."),
    ("Sentinel", "Sentinel has menace as long as you control an artifact."),  # layer 6: the effects family's
    ("Bonesplitter", "Equipped creature gets +2/+0."),  # no combat sentence: the effects family's
    ("Spectral Grasp", "Enchanted creature can't block creatures you control."),
    ("Veteran Brawlers", "Veteran Brawlers can't block if you control an untapped land."),  # no "untapped" filter
    ("Metathran Elite", "Metathran Elite can't be blocked as long as it's enchanted."),
    ("Chained Throatseeker", "Chained Throatseeker can't attack unless defending player is poisoned."),
    ("Dragon Hunter", "Dragon Hunter can block Dragons as though it had reach."),
])
def test_lines_it_leaves_unread(name: str, line: str) -> None:
    assert read(line, name) is None


# (card, line, entries): restrictions (509.1b), requirements (509.1c) and conditions (611.3b) read exactly
EXACT = [
    ("Brassclaw Orcs", "Brassclaw Orcs can't block creatures with power 2 or greater.",
     [{"can_block_only": {"power_at_most": 1}}]),
    ("Cyclops Tyrant", "Cyclops Tyrant can't block creatures with power 2 or less.",
     [{"can_block_only": {"power_at_least": 3}}]),
    ("Gibbering Hyenas", "Gibbering Hyenas can't block black creatures.", [{"can_block_only": {"not_color": "black"}}]),
    ("Sacred Knight", "Sacred Knight can't be blocked by black and/or red creatures.",
     [{"cant_be_blocked_by": {"color": "black"}}, {"cant_be_blocked_by": {"color": "red"}}]),
    ("Watcher in the Web", "Watcher in the Web can block an additional seven creatures each combat.",
     [{"can_block_additional": 7}]),
    ("Marble Priest", "All Walls able to block Marble Priest do so.", [{"lure_by": {"subtype": "wall"}}]),
    ("Talruum Piper", "All creatures with flying able to block Talruum Piper do so.",
     [{"lure_by": {"keyword": "flying"}}]),
    ("Slayer's Cleaver", "Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able.",
     [{"continuous": {"affects": {"attached": True}, "gets": [3, 1],
                      "rules": [{"must_be_blocked_by_a": {"subtype": "eldrazi"}}],
                      "text": "Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able."}}]),
    ("Relic Golem", "Relic Golem can't attack or block unless an opponent has eight or more cards in their graveyard.",
     _self({"opponent_graveyard": 8, "not": True}, ["cant_attack", "cant_block"],
           "Relic Golem can't attack or block unless an opponent has eight or more cards in their graveyard.")),
    ("Sneaky Homunculus", "Sneaky Homunculus can't block or be blocked by creatures with power 2 or greater.",
     [{"can_block_only": {"power_at_most": 1}}, {"cant_be_blocked_by": {"power_at_least": 2}}]),
    ("Dread Warlock", "Dread Warlock can't be blocked except by black creatures.",
     [{"cant_be_blocked_by": {"not_color": "black"}}]),
    ("Noggle Bandit", "Noggle Bandit can't be blocked except by creatures with defender.",
     [{"cant_be_blocked_by": {"not_keyword": "defender"}}]),
    ("Deathcult Rogue", "Deathcult Rogue can't be blocked except by Rogues.",
     [{"can_be_blocked_only_by": [{"subtype": "rogue"}]}]),
    ("Neurok Spy", "Neurok Spy can't be blocked as long as defending player controls an artifact.",
     [{"cant_be_blocked_if_defender": {"controls": "artifact"}}]),
    ("Dream Prowler", "Dream Prowler can't be blocked as long as it's attacking alone.",
     ["cant_be_blocked_attacking_alone"]),
    ("Way of the Thief", "Enchanted creature can't be blocked as long as you control a Gate.",
     [{"continuous": {"affects": {"attached": True}, "condition": [{"controls": {"subtypes": ["gate"]}, "at_least": 1}],
                      "rules": ["cant_be_blocked"],
                      "text": "Enchanted creature can't be blocked as long as you control a Gate."}}]),
    ("Gutter Skulker // Gutter Shortcut", "Enchanted creature can't be blocked as long as it's attacking alone.",
     [{"grants": ["cant_be_blocked_attacking_alone"]}]),
    ("Leshrac's Rite", "Enchanted creature has swampwalk. (It can't be blocked as long as defending player controls "
     "a Swamp.)", [{"grants": ["swampwalk"]}]),
    ("Trailblazer's Boots", "Equipped creature has nonbasic landwalk. (It can't be blocked as long as defending player "
     "controls a nonbasic land.)", [{"grants": ["nonbasic_landwalk"]}]),
    ("Spectral Grasp", "Enchanted creature can't attack you or planeswalkers you control.",
     [{"continuous": {"affects": {"attached": True},
                      "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}],
                      "text": "Enchanted creature can't attack you or planeswalkers you control."}}]),
    ("Crown of Awe", "Enchanted creature has protection from black and from red.",
     [{"grants": [{"protection": "black"}, {"protection": "red"}]}]),
    ("Vow of Duty", "Enchanted creature gets +2/+2, has vigilance, and can't attack you or planeswalkers you control.",
     [{"continuous": {"affects": {"attached": True}, "gets": [2, 2], "gains": ["vigilance"],
                      "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}],
                      "text": "Enchanted creature gets +2/+2, has vigilance, and can't attack you or planeswalkers you "
                              "control."}}]),
    ("Gorilla Berserkers", "Gorilla Berserkers can't be blocked except by three or more creatures.",
     [{"min_blockers": 3}]),
    ("Qal Sisma Behemoth", "Qal Sisma Behemoth can't attack or block unless you pay {2}.",
     [{"attack_cost": "{2}"}, {"block_cost": "{2}"}]),
    ("Brainwash", "Enchanted creature can't attack unless its controller pays {3}.",
     [{"grants": [{"attack_cost": "{3}"}]}]),
    ("Norn's Annex", "Creatures can't attack you or planeswalkers you control unless their controller pays {W/P} "
     "for each of those creatures.", [{"attack_tax": {"cost": "{W/P}", "covers": "you_and_planeswalkers"}}]),
    ("Sphere of Safety", "Creatures can't attack you or planeswalkers you control unless their controller pays {X} "
     "for each of those creatures, where X is the number of enchantments you control.",
     [{"attack_tax": {"cost": "{X}", "x_counts": "enchantment", "covers": "you_and_planeswalkers"}}]),
]


@pytest.mark.parametrize("name, line, entries", EXACT, ids=[e[0] for e in EXACT])
def test_real_combat_lines_read_exactly(name: str, line: str, entries: list) -> None:
    assert read(line, name) == entries


def test_509_1b_cant_block_artifact_creatures_and_white_creatures_with_power_2() -> None:
    assert read("Hinterland Drake can't block artifact creatures.", "Hinterland Drake") == [
        {"cant_block_creatures": {"type": "artifact"}}]
    assert read("Orcish Veteran can't block white creatures with power 2 or greater.", "Orcish Veteran") == [
        {"cant_block_creatures": {"color": "white", "power_at_least": 2}}]


def test_508_1c_509_1b_goblin_goon_needs_more_creatures_than_the_other_player() -> None:
    """508.1c: more creatures than the defending player; 509.1b: than the attacking player."""
    attack_line = "Goblin Goon can't attack unless you control more creatures than defending player."
    block_line = "Goblin Goon can't block unless you control more creatures than attacking player."
    assert read(attack_line, "Goblin Goon") == [{"cant_attack_unless_more": "creature"}]
    assert read(block_line, "Goblin Goon") == [{"cant_block_unless_more": "creature"}]
    goon = creature("goon", "Goblin Goon", "alice", attack_line + "\n" + block_line)
    ox = creature("ox", "Pillarfield Ox", "bob", "")
    assert check_attacks(board(goon + ox, attack("goon"))).legal is False  # 1 against 1
    assert check_attacks(board(goon + ox + creature("bears", "Grizzly Bears", "alice", ""), attack("goon"))).legal is True
    their_goon = creature("goon", "Goblin Goon", "bob", attack_line + "\n" + block_line)
    bears = creature("bears", "Grizzly Bears", "alice", "")
    tail = attack("bears") + "  blockers: [{creature: goon, blocks: [bears]}]\n"
    assert check_blocks(board(their_goon + bears, tail)).legal is False
    assert check_blocks(board(their_goon + bears + ox, tail)).legal is True


def test_508_1c_veteran_brawlers_cant_attack_into_an_untapped_land() -> None:
    """508.1c: "if defending player controls an untapped land"; a tapped land doesn't count."""
    line = "Veteran Brawlers can't attack if defending player controls an untapped land."
    assert read(line, "Veteran Brawlers") == [{"cant_attack_if_defender": {"controls": "untapped land"}}]
    brawlers = creature("brawlers", "Veteran Brawlers", "alice", line)
    land = "- {{id: land, card: Forest, controller: bob, tapped: {}}}\n"
    assert check_attacks(board(brawlers + land.format("false"), attack("brawlers"))).legal is False
    assert check_attacks(board(brawlers + land.format("true"), attack("brawlers"))).legal is True


def test_508_1c_vow_of_duty_cant_attack_its_controller_or_their_planeswalkers() -> None:
    """508.1c, 613.1f: "you" is the Aura's controller; the creature may attack another player."""
    line = "Enchanted creature gets +2/+2, has vigilance, and can't attack you or planeswalkers you control."
    bears = creature("bears", "Grizzly Bears", "alice", "")
    vow = (f"- {{id: vow, name: Vow of Duty, controller: bob, types: [enchantment], subtypes: [aura], "
           f"attached_to: bears, text: {line!r}}}\n")
    walker = "- {id: walker, name: Walker, controller: bob, types: [planeswalker], loyalty: 3}\n"
    three = HEAD.replace("{name: bob}]", "{name: bob}, {name: carol}]")

    def legal(target: str) -> bool | None:
        text = three + "".join(f"  {x}\n" for x in (bears + vow + walker).strip().splitlines())
        text += f"combat:\n  attackers: [{{creature: bears, target: {target}}}]\n"
        b = parse_board_text(text, "cards.yaml")
        assert b.permanent("bears").power == 4 and "vigilance" in b.permanent("bears").keywords
        return check_attacks(b).legal

    assert legal("bob") is False
    assert legal("walker") is False
    assert legal("carol") is True


def test_702_14c_street_savvy_blocks_landwalkers() -> None:
    """702.14c: the enchanted creature can block a creature with landwalk as though it had none."""
    line = ("Enchanted creature gets +0/+2 and can block creatures with landwalk abilities as though they didn't "
            "have those abilities.")
    walker = creature("walker", "Bog Wraith", "alice", "", ", keywords: [swampwalk]")
    ox = creature("ox", "Pillarfield Ox", "bob", "")
    swamp = "- {id: swamp, card: Swamp, controller: bob}\n"
    savvy = (f"- {{id: savvy, name: Street Savvy, controller: bob, types: [enchantment], subtypes: [aura], "
             f"attached_to: ox, text: {line!r}}}\n")
    assert _blocks(walker + ox + swamp, "walker", "ox") is False
    assert _blocks(walker + ox + swamp + savvy, "walker", "ox") is True


def test_508_1c_orgg_cant_attack_into_an_untapped_creature_with_power_3() -> None:
    """508.1c: the defending player's untapped creature with power 3 or greater stops it."""
    line = "Orgg can't attack if defending player controls an untapped creature with power 3 or greater."
    assert read(line, "Orgg") == [{"cant_attack_if_defender": {"controls": "untapped creature", "power_at_least": 3}}]
    orgg = creature("orgg", "Orgg", "alice", line)
    guard = "- {{id: guard, name: Guard, controller: bob, types: [creature], power: {}, toughness: 3, tapped: {}}}\n"
    assert check_attacks(board(orgg + guard.format(3, "false"), attack("orgg"))).legal is False
    assert check_attacks(board(orgg + guard.format(3, "true"), attack("orgg"))).legal is True
    assert check_attacks(board(orgg + guard.format(2, "false"), attack("orgg"))).legal is True


def test_509_1c_gorm_the_great_two_requirements_under_its_short_name() -> None:
    """509.1c: "Gorm" is Gorm the Great's short name; the line holds two requirements."""
    assert read("Gorm the Great must be blocked if able, and Gorm must be blocked by two or more creatures if able.",
                "Gorm the Great") == ["must_be_blocked", {"must_be_blocked_by": 2}]


def test_201_5c_a_short_name_is_the_words_before_the_not_the_first_word() -> None:
    """201.5c: the short name of Knight of the White Orchid would be "Knight of", never "Knight", so
    the subtype in a hand-written "unless you control another Knight" (508.1c) stays a subtype."""
    line = "Knight of the White Orchid can't attack unless you control another Knight."
    assert read(line, "Knight of the White Orchid") == _self(
        {"controls": {"subtypes": ["knight"], "other": True}, "at_least": 1, "not": True}, ["cant_attack"], line)


def _continuous(line: str, mapping: dict) -> list:
    return [{"continuous": {**mapping, "text": line}}]


# (name, line, entries): sentences of the grammar's shapes that no card of the 2022 pool prints,
# written by hand: a blocking restriction by keyword (509.1b), snow and legendary landwalk granted
# (702.14c), a plural creature type or a P/T of two numbers in a condition (611.3b), a condition on
# the defending player granted by an Aura (508.1c), a comparison of lands (508.1c, 509.1b), a
# granted rule without "gets" and protection beside a "gets" (613.1f: protection is gained in
# layer 6, the rules are 613.11's)
SHAPES = [
    ("Zombie Captain", "Zombie Captain can't attack unless you control two or more Zombies.",
     _self({"controls": {"subtypes": ["zombie"]}, "at_least": 2, "not": True}, ["cant_attack"],
           "Zombie Captain can't attack unless you control two or more Zombies.")),
    ("Elf Scout", "Elf Scout can't block unless there are three or more Elves on the battlefield.",
     _self({"on_battlefield": {"subtypes": ["elf"]}, "at_least": 3, "not": True}, ["cant_block"],
           "Elf Scout can't block unless there are three or more Elves on the battlefield.")),
    ("Wolf Cub", "Wolf Cub can't attack as long as you control a 2/3 creature.",
     _self({"controls": {"types": ["creature"], "power_at_least": 2, "power_at_most": 2, "toughness_at_least": 3,
                         "toughness_at_most": 3}, "at_least": 1}, ["cant_attack"],
           "Wolf Cub can't attack as long as you control a 2/3 creature.")),
    ("Sky Wary", "Sky Wary can't block creatures with flying.", [{"can_block_only": {"not_keyword": "flying"}}]),
    ("Border Ward", "Enchanted creature can't attack unless defending player controls an artifact.",
     [{"grants": [{"cant_attack_unless": {"controls": "artifact"}}]}]),
    ("Rime Path", "Enchanted creature has snow forestwalk.", [{"grants": ["snow_forestwalk"]}]),
    ("Crown Path", "Equipped creature has legendary landwalk.", [{"grants": ["legendary_landwalk"]}]),
    ("Land Raider", "Land Raider can't attack unless you control more lands than defending player.",
     [{"cant_attack_unless_more": "land"}]),
    ("Land Warden", "Land Warden can't block unless you control more lands than attacking player.",
     [{"cant_block_unless_more": "land"}]),
    ("Oath of Peace", "Enchanted creature has vigilance and can't attack you or planeswalkers you control.",
     _continuous("Enchanted creature has vigilance and can't attack you or planeswalkers you control.",
                 {"affects": {"attached": True}, "gains": ["vigilance"],
                  "rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]})),
    ("Red Ward", "Enchanted creature gets +1/+1, has protection from red, and can't block.",
     _continuous("Enchanted creature gets +1/+1, has protection from red, and can't block.",
                 {"affects": {"attached": True}, "gets": [1, 1], "gains": [{"protection": "red"}],
                  "rules": ["cant_block"]})),
]


@pytest.mark.parametrize("name, line, entries", SHAPES, ids=[e[0] for e in SHAPES])
def test_hand_written_combat_lines_read_exactly(name: str, line: str, entries: list) -> None:
    assert read(line, name) == entries


@pytest.mark.parametrize("name, line", [
    # 611.3b: "a Goblin Wizard" is both subtypes, "a red white creature" both colors; Affected
    # matches either of its subtypes or colors, so neither is read
    ("Two Kinds", "Two Kinds can't attack unless you control a Goblin Wizard."),
    ("Two Colors", "Two Colors can't attack unless you control a red white creature."),
    # "A or B" of a subtype and a type: Affected can't hold the union
    ("Either", "Either can't attack unless you control a Knight or an artifact."),
    # "another" on an Aura: the other object is the Aura's, not the enchanted creature's
    ("Lone Oath", "Enchanted creature can't attack unless you control another artifact."),
    # 508.1d: "you" on an Aura is the Aura's controller, who doesn't pay for the creature's attack
    ("Toll of Duty", "Enchanted creature can't attack unless you pay {2}."),
    # the defending player's permanents bear only on being blocked, their absence only on attacking
    ("Wary Scout", "Wary Scout can't attack as long as defending player controls an artifact."),
    ("Wary Guard", "Wary Guard can't block unless defending player controls an artifact."),
    # the player compared is the other one: defending for an attack, attacking for a block
    ("Crowd Guard", "Crowd Guard can't block unless you control more creatures than defending player."),
    ("Crowd Raider", "Crowd Raider can't attack unless you control more creatures than attacking player."),
    # "gets" with a condition, "gets" on the card itself, two "gets": the effects family's
    ("Gate Charm", "Enchanted creature gets +1/+1 and can't be blocked as long as you control a Gate."),
    ("Self Pump", "Self Pump gets +1/+1 and can't block."),
    ("Twice Blessed", "Enchanted creature gets +1/+1, gets +1/+0, and can't block."),
    # a line cut after "snow", before the landwalk word it qualifies (702.14c)
    ("Cut Short", "Enchanted creature has snow"),
])
def test_hand_written_combat_lines_left_unread(name: str, line: str) -> None:
    assert read(line, name) is None


def test_508_1c_a_plural_creature_type_counts_in_a_condition() -> None:
    """611.3b, 508.1c: "unless you control two or more Zombies" counts Zombies, the card among them."""
    line = "Zombie Captain can't attack unless you control two or more Zombies."
    captain = creature("captain", "Zombie Captain", "alice", line, ", subtypes: [zombie]")
    zombie = creature("walker", "Walker", "alice", "", ", subtypes: [zombie]")
    bears = creature("bears", "Grizzly Bears", "alice", "", ", subtypes: [bear]")
    assert check_attacks(board(captain + bears, attack("captain"))).legal is False
    assert check_attacks(board(captain + zombie, attack("captain"))).legal is True


def test_a_typographic_apostrophe_reads_as_a_straight_one() -> None:
    """A board file's text typed with "’" (U+2019) reads as the Oracle text's "'" does."""
    assert read("Gibbering Hyenas can\u2019t block black creatures.", "Gibbering Hyenas") == [
        {"can_block_only": {"not_color": "black"}}]
