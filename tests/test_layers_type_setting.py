"""Type, color and ability setting on real cards (205.1a-b, 205.3m, 205.4, 305.6-7, 613.1d-f,
613.4b): Frogify and its kin, "is every creature type", "in addition to its other colors and
types", "the chosen type", Song of the Dryads, Lithoform Blight, Life and Limb, Opalescence.
Each test reads the card's Oracle text from the pool and checks the effect on a board through a
solver (blocks, attacks, payment, production) or the effective permanent, with the card's
rulings."""
from __future__ import annotations

import pytest

from mtgsolver import check_attacks, check_blocks, could_produce, load_board, pay
from mtgsolver.model import BoardError, CardLibrary, Color
from mtgsolver.rules.layers import changes_of

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"


@pytest.fixture(scope="module")
def cards(real_cards) -> CardLibrary:
    return real_cards


def board(cards: CardLibrary, rows: str, tail: str = ""):
    body = "".join(f"  {line.strip()}\n" for line in rows.strip().splitlines())
    return load_board(HEAD + body + tail, library=cards)


def attack(attacker: str, blocker: str | None = None) -> str:
    blocks = f"  blockers: [{{creature: {blocker}, blocks: [{attacker}]}}]\n" if blocker else ""
    return f"combat:\n  attackers: [{{creature: {attacker}, target: b}}]\n" + blocks


def colors(*words: str) -> frozenset[Color]:
    return frozenset(Color.parse(w) for w in words)


# --------------------------------------------------------------------------- set everything
def test_205_1a_frogify_serra_angel_loses_flying_and_is_blocked_by_bears(cards) -> None:
    """205.1a, 613.1d-f, 613.4b, 702.9b: Frogify makes Serra Angel a 1/1 blue Frog creature
    with no abilities: Grizzly Bears may block it (no flying any more)."""
    b = board(cards, """
        - {id: angel, card: Serra Angel, controller: a}
        - {id: frogify, card: Frogify, controller: b, attached_to: angel}
        - {id: bears, card: Grizzly Bears, controller: b}
    """, attack("angel", "bears"))
    angel = b.permanent("angel")
    assert (angel.types, angel.subtypes, angel.colors) == ({"creature"}, {"frog"}, colors("blue"))
    assert (angel.power, angel.toughness, angel.keywords) == (1, 1, frozenset())
    assert check_blocks(b).legal is True


def test_205_1a_frogify_rulings_artifact_lost_supertype_kept_counters_apply(cards) -> None:
    """Frogify's rulings: the creature loses its other card types (artifact) but keeps its
    supertypes (legendary); counters still modify its power and toughness (613.4c)."""
    b = board(cards, """
        - {id: thopter, card: Ornithopter, controller: a, counters: {+1/+1: 2}}
        - {id: frogify, card: Frogify, controller: b, attached_to: thopter}
        - {id: isamaru, card: "Isamaru, Hound of Konda", controller: a}
        - {id: frogify2, card: Frogify, controller: b, attached_to: isamaru}
    """)
    thopter, isamaru = b.permanent("thopter"), b.permanent("isamaru")
    assert thopter.types == {"creature"} and thopter.subtypes == {"frog"} and "flying" not in thopter.keywords
    assert (thopter.power, thopter.toughness) == (3, 3)
    assert isamaru.supertypes == {"legendary"} and isamaru.subtypes == {"frog"}


def test_205_1a_kenriths_transformation_green_elk(cards) -> None:
    """Kenrith's Transformation: a 3/3 green Elk creature, no other colors or creature types."""
    b = board(cards, """
        - {id: angel, card: Serra Angel, controller: a}
        - {id: elk, card: Kenrith's Transformation, controller: b, attached_to: angel}
    """)
    angel = b.permanent("angel")
    assert (angel.subtypes, angel.colors, angel.power, angel.toughness) == ({"elk"}, colors("green"), 3, 3)


def test_205_1a_ichthyomorphosis_keeps_other_card_types(cards) -> None:
    """Ichthyomorphosis' ruling: "It's just a blue Fish", keeping its other card types
    (artifact): only the creature types and colors are set."""
    b = board(cards, """
        - {id: thopter, card: Ornithopter, controller: a}
        - {id: fish, card: Ichthyomorphosis, controller: b, attached_to: thopter}
    """)
    thopter = b.permanent("thopter")
    assert thopter.types == {"artifact", "creature"} and thopter.subtypes == {"fish"}
    assert (thopter.colors, thopter.power, thopter.toughness, thopter.keywords) == (colors("blue"), 0, 1, frozenset())


def test_613_6_lignify_removes_the_lords_own_ability_before_it_applies(cards) -> None:
    """Lignify's rulings: a 0/4 Treefolk whose color stays; it overwrites the creature's own
    static ability (Elvish Champion's, removed in layer 6 before its 7c part); Glorious Anthem
    still applies after it (7c after 7b)."""
    b = board(cards, """
        - {id: champ, card: Elvish Champion, controller: a}
        - {id: lignify, card: Lignify, controller: b, attached_to: champ}
        - {id: elves, card: Llanowar Elves, controller: a}
        - {id: anthem, card: Glorious Anthem, controller: a}
    """)
    champ = b.permanent("champ")
    assert (champ.subtypes, champ.colors, champ.power, champ.toughness) == ({"treefolk"}, colors("green"), 1, 5)
    assert (b.permanent("elves").power, b.permanent("elves").toughness) == (2, 2)  # anthem only


def test_reprobation_keeps_supertypes_and_cant_attack_profitably(cards) -> None:
    """Reprobation: a 0/1 Coward creature; it keeps legendary (its rulings)."""
    b = board(cards, """
        - {id: isamaru, card: "Isamaru, Hound of Konda", controller: a}
        - {id: rep, card: Reprobation, controller: b, attached_to: isamaru}
    """)
    isamaru = b.permanent("isamaru")
    assert (isamaru.supertypes, isamaru.types, isamaru.subtypes) == ({"legendary"}, {"creature"}, {"coward"})
    assert (isamaru.power, isamaru.toughness, isamaru.colors) == (0, 1, colors("white"))


def test_darksteel_mutation_insect_artifact_creature_indestructible(cards) -> None:
    """Darksteel Mutation's rulings: only an artifact and a creature, only an Insect, 0/1,
    indestructible and no other ability; colors and supertypes stay."""
    b = board(cards, """
        - {id: angel, card: Serra Angel, controller: a}
        - {id: mutation, card: Darksteel Mutation, controller: b, attached_to: angel}
        - {id: bears, card: Grizzly Bears, controller: b}
    """, attack("angel", "bears"))
    angel = b.permanent("angel")
    assert (angel.types, angel.subtypes, angel.colors) == ({"artifact", "creature"}, {"insect"}, colors("white"))
    assert (angel.power, angel.toughness, angel.keywords) == (0, 1, frozenset({"indestructible"}))
    assert check_blocks(b).legal is True


def test_deep_freeze_wall_in_addition_with_defender_cant_attack(cards) -> None:
    """Deep Freeze: 0/4, defender, no other abilities, a blue Wall in addition to its other
    colors and types (205.1b); defender forbids the attack (702.3b)."""
    b = board(cards, """
        - {id: angel, card: Serra Angel, controller: a}
        - {id: freeze, card: Deep Freeze, controller: b, attached_to: angel}
    """, attack("angel"))
    angel = b.permanent("angel")
    assert (angel.subtypes, angel.colors) == ({"angel", "wall"}, colors("white", "blue"))
    assert (angel.power, angel.toughness, angel.keywords) == (0, 4, frozenset({"defender"}))
    assert check_attacks(b).legal is False


def test_heliods_punishment_cant_attack_and_its_granted_ability_is_unread(cards) -> None:
    """Heliod's Punishment: can't attack (613.11), loses all abilities (613.1f); the granted
    "{T}: Remove a task counter ..." no grammar reads is an unread line of the creature."""
    b = board(cards, """
        - {id: angel, card: Serra Angel, controller: a}
        - {id: punish, card: Heliod's Punishment, controller: b, attached_to: angel}
    """, attack("angel"))
    angel = b.permanent("angel")
    assert angel.keywords == frozenset() and angel.has("cant_attack") and angel.has("cant_block")
    assert any("task counter" in str(a) for a in angel.abilities)
    assert check_attacks(b).legal is not True


# --------------------------------------------------------------------------- colors and types
def test_nim_deathmantle_black_zombie_sets_color_for_intimidate(cards) -> None:
    """Nim Deathmantle's rulings: the creature is a black Zombie, not any other color or
    creature type; with intimidate (702.13b) a green creature can no longer block the
    equipped green Grizzly Bears."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: mantle, card: Nim Deathmantle, controller: a, attached_to: bears}
        - {id: elves, card: Llanowar Elves, controller: b}
    """, attack("bears", "elves"))
    bears = b.permanent("bears")
    assert (bears.colors, bears.subtypes, bears.power, bears.toughness) == (colors("black"), {"zombie"}, 4, 4)
    assert check_blocks(b).legal is False


def test_205_1b_angelic_armaments_white_angel_in_addition(cards) -> None:
    """Angelic Armaments: a white Angel in addition to its other colors and types, flying."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: arm, card: Angelic Armaments, controller: a, attached_to: bears}
        - {id: ox, card: Pillarfield Ox, controller: b}
    """, attack("bears", "ox"))
    bears = b.permanent("bears")
    assert (bears.colors, bears.subtypes) == (colors("green", "white"), {"bear", "angel"})
    assert (bears.power, bears.toughness, "flying" in bears.keywords) == (4, 4, True)
    assert check_blocks(b).legal is False


def test_blade_of_the_oni_and_ghoulflesh(cards) -> None:
    """Blade of the Oni: base 5/5, menace, a black Demon in addition; Ghoulflesh: -1/-1 and a
    black Zombie in addition (613.1d-e, 613.4b-c)."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: blade, card: Blade of the Oni, controller: a, attached_to: bears}
        - {id: elves, card: Llanowar Elves, controller: b}
        - {id: ghoul, card: Ghoulflesh, controller: a, attached_to: elves}
    """, attack("bears", "elves"))
    bears, elves = b.permanent("bears"), b.permanent("elves")
    assert (bears.power, bears.toughness, bears.subtypes, bears.colors) == (5, 5, {"bear", "demon"}, colors("green", "black"))
    assert (elves.power, elves.toughness, elves.subtypes) == (0, 0, {"elf", "druid", "zombie"})
    assert check_blocks(b).legal is False  # menace: one blocker


def test_205_3m_amorphous_axe_every_creature_type_gets_the_elf_lord_bonus(cards) -> None:
    """205.3m: Amorphous Axe makes the creature every creature type, so Elvish Champion's
    "Other Elf creatures get +1/+1 and have forestwalk" applies to it (613.8a dependency)."""
    b = board(cards, """
        - {id: champ, card: Elvish Champion, controller: a}
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: axe, card: Amorphous Axe, controller: a, attached_to: bears}
    """)
    bears = b.permanent("bears")
    assert {"elf", "sliver", "time lord", "zombie"} <= bears.subtypes
    assert (bears.power, bears.toughness, "forestwalk" in bears.keywords) == (6, 3, True)


def test_205_3m_every_creature_type_keeps_dryad_arbors_forest(cards) -> None:
    """205.3m, 305.6: "is every creature type" adds creature types; Dryad Arbor under Amorphous Axe
    is still a Forest and taps for {G}."""
    b = board(cards, """
        - {id: arbor, card: Dryad Arbor, controller: a}
        - {id: axe, card: Amorphous Axe, controller: a, attached_to: arbor}
    """)
    arbor = b.permanent("arbor")
    assert {"forest", "dryad", "elf", "sliver"} <= arbor.subtypes
    assert pay(b, "{G}", player="a").payable is True


def test_aurification_gold_counter_wall_defender_cant_attack(cards) -> None:
    """Aurification: a creature with a gold counter is a Wall in addition and has defender
    (702.3b); one without a counter may attack."""
    b = board(cards, """
        - {id: aur, card: Aurification, controller: b}
        - {id: bears, card: Grizzly Bears, controller: a, counters: {gold: 1}}
        - {id: ox, card: Pillarfield Ox, controller: a}
    """, attack("bears"))
    assert b.permanent("bears").subtypes == {"bear", "wall"} and "defender" in b.permanent("bears").keywords
    assert "defender" not in b.permanent("ox").keywords
    assert check_attacks(b).legal is False


def test_205_4_on_serras_wings_legendary_flying(cards) -> None:
    """205.4a, 613.1d: On Serra's Wings makes the creature legendary (its other supertypes and
    types stay), +1/+1, flying, vigilance and lifelink."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: wings, card: On Serra's Wings, controller: a, attached_to: bears}
        - {id: ox, card: Pillarfield Ox, controller: b}
    """, attack("bears", "ox"))
    bears = b.permanent("bears")
    assert bears.supertypes == {"legendary"} and bears.subtypes == {"bear"}
    assert {"flying", "vigilance", "lifelink"} <= bears.keywords and (bears.power, bears.toughness) == (3, 3)
    assert check_blocks(b).legal is False


def test_xenograft_chosen_type_meets_the_lord(cards) -> None:
    """Xenograft (elf chosen): each creature you control is an Elf in addition, so Elvish
    Champion pumps Grizzly Bears; the opponent's creatures are unchanged."""
    b = board(cards, """
        - {id: xeno, card: Xenograft, controller: a, chosen_type: elf}
        - {id: champ, card: Elvish Champion, controller: b}
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: ox, card: Pillarfield Ox, controller: b}
    """)
    assert b.permanent("bears").subtypes == {"bear", "elf"} and b.permanent("bears").power == 3
    assert b.permanent("ox").subtypes == {"ox"}


# --------------------------------------------------------------------------- mana and types
def test_305_6_realmwright_island_lets_a_forest_pay_blue(cards) -> None:
    """305.6, Realmwright's rulings: with Island chosen, lands you control also tap for {U}
    and keep their other abilities."""
    b = board(cards, """
        - {id: wright, card: Realmwright, controller: a, chosen_type: island}
        - {id: forest, card: Forest, controller: a}
        - {id: theirs, card: Forest, controller: b}
    """)
    assert sorted(could_produce(b, "forest").types("forest")) == ["G", "U"]
    assert could_produce(b, "theirs").types("theirs") == ["G"]
    assert pay(b, "{U}").payable is True


def test_realmwright_without_chosen_type_is_refused_with_the_field_path(cards) -> None:
    with pytest.raises(BoardError, match=r"battlefield\[0\]\.chosen_type"):
        board(cards, "- {id: wright, card: Realmwright, controller: a}")


def test_305_7_song_of_the_dryads_makes_a_creature_a_colorless_forest(cards) -> None:
    """Song of the Dryads' rulings: only a Forest land (no creature, no other subtypes),
    colorless, with "{T}: Add {G}" and no rules-text abilities; it keeps its supertypes."""
    rows = """
        - {id: isamaru, card: "Isamaru, Hound of Konda", controller: a}
        - {id: song, card: Song of the Dryads, controller: b, attached_to: isamaru}
        - {id: angel, card: Serra Angel, controller: a}
        - {id: song2, card: Song of the Dryads, controller: b, attached_to: angel}
    """
    b = board(cards, rows)
    isamaru, angel = b.permanent("isamaru"), b.permanent("angel")
    assert (isamaru.types, isamaru.subtypes, isamaru.colors, isamaru.supertypes) == (
        {"land"}, {"forest"}, frozenset(), {"legendary"})
    assert angel.keywords == frozenset() and not angel.is_creature
    assert could_produce(b, "angel").types("angel") == ["G"]
    with pytest.raises(BoardError, match=r"combat.attackers\[0\].creature: Serra Angel \(angel\) is not a creature"):
        board(cards, rows, attack("angel"))  # not a creature once the layers apply: it can't attack (508.1a)


def test_lithoform_blight_land_loses_its_types_and_taps_for_c_or_any_color_for_life(cards) -> None:
    """Lithoform Blight: the land loses its land types and abilities (the Island's {U} too,
    305.7) and has "{T}: Add {C}" and "{T}, Pay 1 life: Add one mana of any color."; it keeps
    its supertypes (its ruling)."""
    b = board(cards, """
        - {id: island, card: Island, controller: a}
        - {id: blight, card: Lithoform Blight, controller: a, attached_to: island}
    """)
    island = b.permanent("island")
    assert (island.subtypes, island.supertypes) == (frozenset(), {"basic"})
    assert sorted(could_produce(b, "island").types("island")) == ["B", "C", "G", "R", "U", "W"]
    assert pay(b, "{R}").payable is True
    assert pay(b, "{U}{U}").payable is False


def test_life_and_limb_forests_are_saproling_creatures_and_summoning_sick(cards) -> None:
    """Life and Limb's rulings: each Forest and Saproling is a 1/1 green Saproling creature and
    Forest land; Forests that are creatures can't tap for mana while summoning sick (302.6);
    a Saproling token taps for {G}."""
    b = board(cards, """
        - {id: lal, card: Life and Limb, controller: a}
        - {id: forest, card: Forest, controller: a, summoning_sick: true}
        - {id: sap, name: Saproling, token: true, controller: a, types: [creature], subtypes: [saproling], colors: [green], power: 1, toughness: 1}
    """)
    forest, sap = b.permanent("forest"), b.permanent("sap")
    for p in (forest, sap):
        assert (p.types, p.subtypes, p.colors, p.power, p.toughness) == (
            {"creature", "land"}, {"forest", "saproling"}, colors("green"), 1, 1)
    assert pay(b, "{G}").payable is True  # the Saproling
    assert pay(b, "{G}{G}").payable is False  # the Forest is summoning sick


# --------------------------------------------------------------------------- Opalescence (7b per object)
def test_613_4b_opalescence_animates_other_enchantments_at_their_mana_value(cards) -> None:
    """Opalescence: each other non-Aura enchantment is a creature with base power and
    toughness equal to its mana value; not itself, not Auras."""
    b = board(cards, """
        - {id: opal, card: Opalescence, controller: a}
        - {id: anthem, card: Glorious Anthem, controller: a}
        - {id: bears, card: Grizzly Bears, controller: a}
        - {id: song, card: Song of the Dryads, controller: a, attached_to: bears}
    """)
    anthem = b.permanent("anthem")
    assert anthem.types == {"enchantment", "creature"} and (anthem.power, anthem.toughness) == (4, 4)  # 3 +1/+1
    assert not b.permanent("opal").is_creature and not b.permanent("song").is_creature


@pytest.mark.parametrize("order,expected", [
    (("opal1", "opal2", "hum"), {"opal1": (1, 1), "opal2": (1, 1), "hum": (1, 1)}),
    (("opal1", "hum", "opal2"), {"opal1": (4, 4), "opal2": (1, 1), "hum": (4, 4)}),
    (("hum", "opal1", "opal2"), {"opal1": (4, 4), "opal2": (4, 4), "hum": (4, 4)}),
])
def test_613_6_opalescence_and_humility_by_timestamp(cards, order, expected) -> None:
    """Opalescence's ruling (613.6, 613.7): with Humility and two Opalescences, Humility last:
    all 1/1; Opalescence, Humility, Opalescence: the second is 1/1, the others 4/4; Humility
    first: all 4/4."""
    rows = {"opal1": "card: Opalescence", "opal2": "card: Opalescence", "hum": "card: Humility"}
    b = board(cards, "\n".join(f"- {{id: {i}, {rows[i]}, controller: a}}" for i in order))
    for pid, pt in expected.items():
        p = b.permanent(pid)
        assert p.is_creature and (p.power, p.toughness) == pt, pid


def test_starfield_of_nyx_needs_five_enchantments(cards) -> None:
    """Starfield of Nyx: the animation holds only while you control five or more enchantments."""
    four = "\n".join(f"- {{id: e{i}, card: Glorious Anthem, controller: a}}" for i in range(3))
    b = board(cards, "- {id: star, card: Starfield of Nyx, controller: a}\n" + four)
    assert not b.permanent("e0").is_creature
    b = board(cards, "- {id: star, card: Starfield of Nyx, controller: a}\n" + four
              + "\n- {id: e3, card: Glorious Anthem, controller: a}")
    assert b.permanent("e0").is_creature and (b.permanent("e0").power, b.permanent("e0").toughness) == (7, 7)


# --------------------------------------------------------------------------- rule examples
def test_205_1b_example_lands_that_are_still_lands_keep_artifact_and_land_types() -> None:
    """205.1b's example: under "All lands are 1/1 creatures that are still lands." an artifact
    land becomes an artifact land creature, keeping its land types and supertypes."""
    b = load_board(HEAD + """  - {id: bell, name: Living Lands, controller: a, types: [enchantment], text: "All lands are 1/1 creatures that are still lands."}
  - {id: seat, name: Seat, controller: a, types: [artifact, land], supertypes: [snow], subtypes: [locus]}
""")
    seat = b.permanent("seat")
    assert (seat.types, seat.subtypes, seat.supertypes) == ({"artifact", "land", "creature"}, {"locus"}, {"snow"})
    assert (seat.power, seat.toughness) == (1, 1)


def test_205_1a_a_set_card_type_drops_the_subtypes_of_the_lost_types() -> None:
    """205.1a: when an effect sets the card types, a subtype stays only if it belongs to a card
    type the object still has (Darksteel Mutation's ruling: Equipment stays, Shrine goes)."""
    text = ("Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has "
            "indestructible, and it loses all other abilities, card types, and creature types.")
    b = load_board(HEAD + f"""  - {{id: x, name: X, controller: a, types: [artifact, enchantment, creature], subtypes: [equipment, shrine, elf], power: 3, toughness: 3}}
  - {{id: mut, name: Mutation, controller: b, types: [enchantment], subtypes: [aura], attached_to: x, text: "{text}"}}
""")
    x = b.permanent("x")
    assert (x.types, x.subtypes) == ({"artifact", "creature"}, {"equipment", "insect"})


# --------------------------------------------------------------------------- a granted mana ability of its own colors
def test_katilda_humans_tap_for_their_own_colors(cards) -> None:
    """Katilda, Dawnhart Prime: Human creatures you control have "{T}: Add one mana of any of
    this creature's colors." (613.1f): each Human taps for its own colors (after the layers),
    a colorless one for none (106.7); summoning sick ones can't tap (302.6)."""
    b = board(cards, """
        - {id: kat, card: "Katilda, Dawnhart Prime", controller: a}
        - {id: hero, card: Benalish Hero, controller: a}
        - {id: sick, card: Benalish Hero, controller: a, summoning_sick: true}
        - {id: golem, name: Human Golem, controller: a, types: [artifact, creature], subtypes: [human], power: 1, toughness: 1}
        - {id: theirs, card: Benalish Hero, controller: b}
    """)
    assert sorted(could_produce(b, "kat").types("kat")) == ["G", "W"]
    assert could_produce(b, "hero").types("hero") == ["W"]
    assert could_produce(b, "golem").types("golem") == [] and could_produce(b, "theirs").types("theirs") == []
    assert pay(b, "{G}{W}").payable is True
    assert pay(b, "{W}{W}{W}").payable is False


@pytest.mark.parametrize("forests,pt", [(0, (2, 2)), (1, (2, 3)), (2, (3, 3)), (3, (3, 4))])
def test_613_4c_aspect_of_wolf_half_the_forests_rounded_down_and_up(cards, forests, pt) -> None:
    """Aspect of Wolf: +X/+Y, X half the Forests its controller controls rounded down, Y rounded
    up (613.4c); the opponent's Forests don't count."""
    rows = "\n".join(f"- {{id: f{i}, card: Forest, controller: a}}" for i in range(forests))
    b = board(cards, f"""
        - {{id: bears, card: Grizzly Bears, controller: b}}
        - {{id: aspect, card: Aspect of Wolf, controller: a, attached_to: bears}}
        - {{id: theirs, card: Forest, controller: b}}
        {rows}
    """)
    bears = b.permanent("bears")
    assert (bears.power, bears.toughness) == pt
    assert [c.what for c in changes_of(b, "bears") if c.layer == "7c"] == \
        [f"gets +{pt[0] - 2}/+{pt[1] - 2} ({forests} x +1/+1, halved, 613.4c)"]
