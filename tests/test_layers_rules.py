"""The worked examples of rule 613 and the layer system on real interactions.

Each test names the rule (or the example of it) it checks. Effects are written in the board
vocabulary (``{continuous: {...}}``), most often on an Aura-like permanent attached to the
creature, so that their timestamps follow the battlefield order (613.7, 613.7e).
"""
from __future__ import annotations

import textwrap

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.rules.layers import apply_layers, changes_of, printed_of


def board(battlefield: str, extra: str = ""):
    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
            + "".join(f"  {line.strip()}\n" for line in battlefield.strip().splitlines()) + textwrap.dedent(extra))
    return parse_board_text(text, "test.yaml")


def aura(pid: str, on: str, effect: str, controller: str = "alice") -> str:
    return (f"- {{id: {pid}, name: E {pid}, controller: {controller}, types: [enchantment], attached_to: {on}, "
            f"abilities: [{{continuous: {{affects: {{attached: true}}, {effect}}}}}]}}\n")


def creature(pid: str, pt: str = "2/2", controller: str = "alice", extra: str = "") -> str:
    p, t = pt.split("/")
    return (f"- {{id: {pid}, name: C {pid}, controller: {controller}, types: [creature], power: {p}, "
            f"toughness: {t}{extra}}}\n")


def pt(b, pid: str) -> tuple[int, int]:
    perm = b.permanent(pid)
    return perm.power, perm.toughness


# --------------------------------------------------------------------------- 613.4d examples
def test_613_4d_example_switch_after_modifiers_then_more() -> None:
    """613.4d: 1/3, +0/+1, switched: 4/1; a later +5/+0 makes the unswitched 6/4, so 4/6."""
    b = board(creature("c", "1/3") + aura("a", "c", "gets: [0, 1]") + aura("s", "c", "switch_pt: true"))
    assert pt(b, "c") == (4, 1)
    b = board(creature("c", "1/3") + aura("a", "c", "gets: [0, 1]") + aura("s", "c", "switch_pt: true")
              + aura("f", "c", "gets: [5, 0]"))
    assert pt(b, "c") == (4, 6)


def test_613_4d_example_modifier_ends_before_switch() -> None:
    """613.4d: if the +0/+1 effect ends first, the switched 1/3 is 3/1."""
    b = board(creature("c", "1/3") + aura("s", "c", "switch_pt: true"))
    assert pt(b, "c") == (3, 1)
    assert [(x.layer, x.what) for x in changes_of(b, "c")] == [("7d", "has its power and toughness switched")]


def test_208_3_a_vehicle_not_a_creature_gets_no_7a_part_of_an_effect_that_defines_and_switches() -> None:
    """208.3, 301.7a: a Vehicle that is not a creature has no power or toughness; an effect that defines
    them (7a, 604.3) and switches them (7d) makes no change of layer 7a to it (613.6: each part in its
    own layer)."""
    vehicle = ("- {id: v, name: V v, controller: alice, types: [artifact], subtypes: [vehicle], power: 1, "
               "toughness: 3}\n")
    b = board(vehicle + aura("s", "v", "defines_pt: both, for_each: {cards: {whose: you, zone: graveyard}}, "
                                      "switch_pt: true"))
    assert pt(b, "v") == (None, None) and all(x.layer != "7a" for x in changes_of(b, "v"))


def test_613_1f_an_effect_that_removes_and_grants_abilities_says_both_in_one_change() -> None:
    """613.1f, 613.6: "loses all abilities and has flying" is one change of layer 6 with both parts."""
    b = board(creature("c", "2/2", extra=", keywords: [haste]") + aura("a", "c", "loses_all_abilities: true, gains: [flying]"))
    assert b.permanent("c").keywords == {"flying"}
    assert [(x.layer, x.what) for x in changes_of(b, "c")] == [("6", "loses all abilities; has flying")]


def test_613_4d_example_two_switches_cancel() -> None:
    """613.4d: two switches cancel: the 1/3 with +0/+1 is 1/4."""
    b = board(creature("c", "1/3") + aura("a", "c", "gets: [0, 1]") + aura("s", "c", "switch_pt: true")
              + aura("t", "c", "switch_pt: true"))
    assert pt(b, "c") == (1, 4)


# --------------------------------------------------------------------------- an effect counts once
@pytest.mark.parametrize("part, start, expected", [
    ("gets: [1, 0], for_each: {permanents: {types: [creature], power_at_most: 2}}", "2/2", (4, 2)),
    ("defines_pt: power, for_each: {permanents: {types: [creature], power_at_most: 1}}", "1/1", (2, 1)),
])
@pytest.mark.parametrize("order", [("a", "b"), ("b", "a")])
def test_613_4_an_effect_counts_what_it_changes_once_before_it_applies_to_any_object(part, start, expected,
                                                                                       order) -> None:
    """613.4, 608.2h: an effect applies to all its objects at once, so what it counts is counted
    before it applies to any: "creatures get +1/+0 for each creature with power 2 or less" gives
    each of two 2/2s +2/+0 (4/2), and a power defined as the number of creatures with power 1 or
    less (7a) makes two 1/1s 2/1, in whichever order the board lists them."""
    source = ("- {id: s, name: S, controller: alice, types: [enchantment], abilities: [{continuous: "
              f"{{affects: {{types: [creature]}}, {part}}}}}]}}\n")
    b = board(source + "".join(creature(pid, start) for pid in order))
    assert pt(b, "a") == pt(b, "b") == expected


# --------------------------------------------------------------------------- 613.5 / 613.6 examples
HONOR = ("- {id: honor, name: Honor of the Pure, controller: alice, types: [enchantment], abilities: "
         "[{continuous: {affects: {controller: you, types: [creature], colors: [white]}, gets: [1, 1]}}]}\n")


def test_613_honor_of_the_pure_follows_color_changes() -> None:
    """613 example (Honor of the Pure): a black 2/2 turned white (layer 5) gets +1/+1 (7c);
    later turned red, it is 2/2 again."""
    black = creature("c", "2/2", extra=", colors: [black]")
    assert pt(board(HONOR + black), "c") == (2, 2)
    white = board(HONOR + black + aura("w", "c", "set_colors: [white]"))
    assert pt(white, "c") == (3, 3)
    red = board(HONOR + black + aura("w", "c", "set_colors: [white]") + aura("r", "c", "set_colors: [red]"))
    assert pt(red, "c") == (2, 2)


def test_613_gray_ogre_counters_and_setting() -> None:
    """613 example (Gray Ogre): a +1/+1 counter, +4/+4, +0/+2, then "becomes 0/1" (7b) is 5/8."""
    ogre = creature("ogre", "2/2", extra=", counters: {+1/+1: 1}")
    b = board(ogre + aura("giant", "ogre", "gets: [4, 4]")
              + "- {id: ench, name: Anthem, controller: alice, types: [enchantment], abilities: "
                "[{continuous: {affects: {controller: you, types: [creature]}, gets: [0, 2]}}]}\n")
    assert pt(b, "ogre") == (7, 9)
    b = board(ogre + aura("giant", "ogre", "gets: [4, 4]")
              + "- {id: ench, name: Anthem, controller: alice, types: [enchantment], abilities: "
                "[{continuous: {affects: {controller: you, types: [creature]}, gets: [0, 2]}}]}\n"
              + aura("shrink", "ogre", "set_pt: [0, 1]"))
    assert pt(b, "ogre") == (5, 8)
    assert [c.layer for c in changes_of(b, "ogre")] == ["7b", "7c", "7c"]


def test_122_1a_counters_other_than_plus_one_plus_one_change_power_and_toughness() -> None:
    """122.1a, 613.4c: +1/+0 and -0/-1 counters change power and toughness in layer 7c, as +1/+1
    counters do; other counters (charge) don't."""
    b = board(creature("c", "2/2", extra=", counters: {+1/+0: 2, -0/-1: 1, charge: 3}"))
    assert pt(b, "c") == (4, 1)


def test_613_6_example_one_effect_two_layers() -> None:
    """613.6 example: "gets +1/+1 and becomes the color of your choice": layer 5 and 7c."""
    b = board(creature("c", "2/2", extra=", colors: [green]") + aura("a", "c", "set_colors: [blue], gets: [1, 1]"))
    c = b.permanent("c")
    assert {x.value for x in c.colors} == {"U"} and pt(b, "c") == (3, 3)
    assert [(x.layer, x.rule) for x in changes_of(b, "c")] == [("5", "613.1e"), ("7c", "613.4c")]


def test_613_6_one_effect_sets_and_modifies_power_and_toughness_in_two_layers() -> None:
    """613.6: "has base power and toughness 0/4 and gets +2/+0": 0/4 in layer 7b, then +2/+0 in
    7c, each part once."""
    b = board(creature("c", "2/2") + aura("a", "c", "set_pt: [0, 4], gets: [2, 0]"))
    assert pt(b, "c") == (2, 4)
    assert [x.layer for x in changes_of(b, "c")] == ["7b", "7c"]


def test_613_6_example_act_of_treason_haste_part() -> None:
    """613.6 example (Act of Treason): the "gains haste" part applies in layer 6. Control
    changes (layer 2) are not modelled: the board names the controller."""
    b = board(creature("c", "2/2", controller="bob"), "effects:\n  - {kind: gains, creature: c, abilities: [haste]}\n")
    assert "haste" in b.permanent("c").keywords
    assert changes_of(b, "c")[0].layer == "6"


def test_613_6_example_noncreature_artifacts_become_2_2() -> None:
    """613.6 example: "All noncreature artifacts become 2/2 artifact creatures" applies in
    layer 7b to the same permanents it changed in layer 4, though they are creatures by then."""
    b = board("""
        - {id: ring, name: Ring, controller: alice, types: [artifact]}
        - {id: golem, name: Golem, controller: alice, types: [artifact, creature], power: 3, toughness: 3}
        - {id: march, name: March, controller: alice, types: [enchantment], abilities: [{continuous: {affects: {types: [artifact], not_types: [creature]}, add_types: [creature], set_pt: [2, 2]}}]}
    """)
    ring = b.permanent("ring")
    assert ring.is_creature and pt(b, "ring") == (2, 2)
    assert pt(b, "golem") == (3, 3)


def test_613_6_example_svogthos() -> None:
    """613.6 example (Svogthos): a land that becomes a 3/3 creature (4, 7b) with +1/+1 (7c)
    is 4/4; a later effect setting its power and toughness (10 creature cards: 10/10, 7b)
    makes it 11/11; the first effect applied again makes it 4/4."""
    land = "- {id: svog, name: Svogthos, controller: alice, types: [land]}\n"
    first = aura("e1", "svog", "add_types: [creature], set_pt: [3, 3]")
    plus = aura("e2", "svog", "gets: [1, 1]")
    zombie = aura("e3", "svog", "add_types: [creature], add_subtypes: [plant, zombie], set_colors: [black, green], "
                                "set_pt: [10, 10]")
    assert pt(board(land + first + plus), "svog") == (4, 4)
    b = board(land + first + plus + zombie)
    assert pt(b, "svog") == (11, 11) and b.permanent("svog").is_land and b.permanent("svog").is_creature
    again = board(land + first + plus + zombie + aura("e4", "svog", "add_types: [creature], set_pt: [3, 3]"))
    assert pt(again, "svog") == (4, 4)


def test_613_7a_example_rune_of_flight_on_colossus_hammer() -> None:
    """613.7a example: Rune of Flight grants Colossus Hammer "Equipped creature has flying";
    that ability has the Rune's later timestamp, so it applies after the Hammer's "loses
    flying": the creature has flying and +10/+10."""
    b = board(creature("c", "2/2") + """
        - {id: hammer, name: Colossus Hammer, controller: alice, types: [artifact], subtypes: [equipment], attached_to: c, abilities: [{continuous: {affects: {attached: true}, gets: [10, 10], loses: [flying]}}]}
        - {id: rune, name: Rune of Flight, controller: alice, types: [enchantment], subtypes: [aura, rune], attached_to: hammer, abilities: [{continuous: {affects: {attached: true}, gains: [{continuous: {affects: {attached: true}, gains: [flying]}}]}}]}
    """)
    c = b.permanent("c")
    assert "flying" in c.keywords and pt(b, "c") == (12, 12)
    assert c.granted_by["flying"] == "hammer"
    # the Rune earlier than the Hammer: the ability still takes the later (Hammer's) timestamp
    early = board(creature("c", "2/2") + """
        - {id: rune, name: Rune of Flight, controller: alice, types: [enchantment], subtypes: [aura, rune], attached_to: hammer, timestamp: 9, abilities: [{continuous: {affects: {attached: true}, gains: [{continuous: {affects: {attached: true}, gains: [flying]}}]}}]}
        - {id: hammer, name: Colossus Hammer, controller: alice, types: [artifact], subtypes: [equipment], attached_to: c, timestamp: 5, abilities: [{continuous: {affects: {attached: true}, gets: [10, 10], loses: [flying]}}]}
    """)
    assert "flying" in early.permanent("c").keywords


def test_613_7a_a_granted_ability_has_the_granting_effects_later_timestamp() -> None:
    """613.7a: an Equipment (timestamp 2) given "Equipped creature has base power and toughness
    4/4" by a Rune-like Aura (timestamp 4): the granted ability has the Aura's timestamp, later
    than the 1/1-setting Aura (timestamp 3), so the creature is 4/4 (7b, 613.4b). A resolved
    effect granting the same ability (a board ``gains``, after every permanent) also wins."""
    rune = ("- {id: rune, name: Rune, controller: alice, types: [enchantment], subtypes: [aura], attached_to: hammer, "
            "abilities: [{continuous: {affects: {attached: true}, gains: [{continuous: {affects: {attached: true}, "
            "set_pt: [4, 4]}}]}}]}\n")
    hammer = ("- {id: hammer, name: Hammer, controller: alice, types: [artifact], subtypes: [equipment], "
              "attached_to: c}\n")
    assert pt(board(creature("c") + hammer + aura("shrink", "c", "set_pt: [1, 1]") + rune), "c") == (4, 4)
    assert pt(board(creature("c") + hammer + rune + aura("shrink", "c", "set_pt: [1, 1]")), "c") == (1, 1)
    gains = ("effects:\n  - {kind: gains, creature: c, abilities: [{continuous: {affects: {self: true}, "
             "set_pt: [4, 4]}}]}\n")
    assert pt(board(creature("c") + aura("shrink", "c", "set_pt: [1, 1]"), gains), "c") == (4, 4)


def test_613_7a_granted_ability_with_a_real_card(real_cards) -> None:
    """Godhead of Awe's "Other creatures have base power and toughness 1/1" (timestamp 2) and
    an effect that gave Grizzly Bears (timestamp 1) "~ has base power and toughness 4/4" after
    both entered: the granted ability has the effect's timestamp, so the Bears are 4/4."""
    from mtgsolver import load_board

    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
            "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
            "  - {id: godhead, card: Godhead of Awe, controller: bob}\n"
            "effects:\n  - {kind: gains, creature: bears, abilities: [{continuous: {affects: {self: true}, "
            "set_pt: [4, 4]}}]}\n")
    b = load_board(text, library=real_cards)
    assert (b.permanent("bears").power, b.permanent("bears").toughness) == (4, 4)
    assert [c.source for c in changes_of(b, "bears") if c.layer == "7b"] == ["godhead", "bears"]


@pytest.mark.parametrize("order, flying", [(("gain", "lose"), False), (("lose", "gain"), True)])
def test_613_9_example_has_flying_and_loses_flying_timestamp_order(order: tuple[str, str], flying: bool) -> None:
    """613.9 example: "has flying" and "loses flying" don't depend on each other; the later
    timestamp wins."""
    effects = {"gain": aura("g", "c", "gains: [flying]"), "lose": aura("l", "c", "loses: [flying]")}
    b = board(creature("c") + effects[order[0]] + effects[order[1]])
    assert ("flying" in b.permanent("c").keywords) is flying


def test_613_9_example_white_creatures_and_enchanted_is_white() -> None:
    """613.9 example: "White creatures get +1/+1" and "Enchanted creature is white": the
    creature gets +1/+1 whatever its color was, whatever the timestamps."""
    anthem = ("- {id: w, name: Crusade, controller: alice, types: [enchantment], abilities: "
              "[{continuous: {affects: {types: [creature], colors: [white]}, gets: [1, 1]}}]}\n")
    red = creature("c", "2/2", extra=", colors: [red]")
    assert pt(board(anthem + red + aura("a", "c", "set_colors: [white]")), "c") == (3, 3)
    assert pt(board(red + aura("a", "c", "set_colors: [white]") + anthem), "c") == (3, 3)


# --------------------------------------------------------------------------- 613.7 timestamps
def test_613_7_timestamp_field_overrides_battlefield_order() -> None:
    """613.7d: a ``timestamp:`` orders effects instead of the battlefield order."""
    b = board(creature("c") + """
        - {id: g, name: Gain, controller: alice, types: [enchantment], attached_to: c, timestamp: 5, abilities: [{continuous: {affects: {attached: true}, gains: [flying]}}]}
        - {id: l, name: Lose, controller: alice, types: [enchantment], attached_to: c, timestamp: 2, abilities: [{continuous: {affects: {attached: true}, loses: [flying]}}]}
    """)
    assert "flying" in b.permanent("c").keywords
    assert [x.timestamp for x in changes_of(b, "c")] == [2, 5]


# --------------------------------------------------------------------------- 613.7c counters
STRONG = ("- {id: strong, name: Strong Anthem, controller: alice, types: [enchantment], abilities: "
          "[{continuous: {affects: {types: [creature], power_at_least: 2}, gets: [1, 1]}}]}\n")


def test_613_7c_counters_and_7c_effects_apply_in_timestamp_order() -> None:
    """613.4c, 613.7c: +1/+1 counters and the effects of layer 7c apply in timestamp order, a
    counter's being when it was put on. "Creatures with power 2 or greater get +1/+1" sees a 1/1
    a counter made 2/2 only if the counter is older than the effect: the creature entered with
    it before the anthem (3/3); the creature entered after the anthem (2/2); or the counter was
    put on after the anthem entered (``counters_timestamp``, 2/2)."""
    elf = creature("elf", "1/1", extra=", counters: {+1/+1: 1}")
    assert pt(board(elf + STRONG), "elf") == (3, 3)
    assert pt(board(STRONG + elf), "elf") == (2, 2)
    assert pt(board(creature("elf", "1/1", extra=", counters: {+1/+1: 1}, counters_timestamp: 5") + STRONG), "elf") \
        == (2, 2)
    assert [c.layer for c in changes_of(board(elf + STRONG), "elf")] == ["7c"]


def test_613_7c_counters_with_a_real_card(real_cards) -> None:
    """Llanowar Elves (1/1) with a +1/+1 counter beside "creatures with power 2 or greater get
    +1/+1": 3/3 when the counter is older than the anthem, 2/2 when it is newer."""
    from mtgsolver import load_board

    def elves(extra: str) -> tuple[int, int]:
        text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
                f"  - {{id: elves, card: Llanowar Elves, controller: alice, counters: {{+1/+1: 1}}{extra}}}\n  "
                + STRONG)
        perm = load_board(text, library=real_cards).permanent("elves")
        return perm.power, perm.toughness

    assert elves("") == (3, 3)
    assert elves(", counters_timestamp: 3") == (2, 2)


# --------------------------------------------------------------------------- 613.8 dependency
@pytest.mark.parametrize("counted, small", [
    ("gets: [1, 0], for_each: {permanents: {subtypes: [forest]}}", "gets: [0, 1]"),
    ("defines_pt: power, for_each: {permanents: {subtypes: [forest]}}",
     "defines_pt: toughness, for_each: {permanents: {subtypes: [forest]}}"),
])
@pytest.mark.parametrize("small_first", [True, False])
def test_613_8a_an_effect_on_small_creatures_waits_for_a_counted_one_that_makes_them_bigger(counted, small,
                                                                                            small_first) -> None:
    """613.8a-b: "creatures with power 2 or less get +0/+1" depends on "creatures get +1/+0 for each
    Forest you control" (7c), and a toughness defined for creatures with power 2 or less on a power
    defined for every creature (7a): applying the counted one first makes the 2/2 too big, so it
    waits, whatever the timestamps: with three Forests the 2/2 becomes 5/2 (7c) or 3/2 (7a), no more."""
    def ability(pid: str, affects: str, part: str) -> str:
        return (f"- {{id: {pid}, name: E {pid}, controller: alice, types: [enchantment], abilities: [{{continuous: "
                f"{{affects: {{types: [creature]{affects}}}, {part}}}}}]}}\n")
    rows = [ability("small", ", power_at_most: 2", small), ability("counted", "", counted)]
    forests = "".join(f"- {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(3))
    b = board("".join(rows if small_first else rows[::-1]) + creature("c") + forests)
    assert pt(b, "c") == ((5, 2) if "gets" in counted else (3, 2))
    assert [c.source for c in b.layers.changes["c"]] == ["counted"]


BLOOD_MOON = ("- {id: moon, name: Blood Moon, controller: bob, types: [enchantment], abilities: "
              "[{continuous: {affects: {types: [land], not_supertypes: [basic]}, set_land_types: [mountain]}}]}\n")
URBORG = ("- {id: urborg, name: Urborg, controller: alice, types: [land], supertypes: [legendary], abilities: "
          "[{continuous: {affects: {types: [land]}, add_subtypes: [swamp]}}]}\n")


@pytest.mark.parametrize("moon_first", [True, False])
def test_613_8_blood_moon_and_urborg_whatever_the_timestamps(moon_first: bool) -> None:
    """613.8a: Urborg's effect depends on Blood Moon's (Blood Moon removes Urborg's ability,
    305.7), so Blood Moon applies first: Urborg is a Mountain and no land is a Swamp."""
    forest = "- {id: f, card: Forest, controller: alice}\n"
    b = board((BLOOD_MOON + URBORG if moon_first else URBORG + BLOOD_MOON) + forest)
    assert b.permanent("urborg").subtypes == {"mountain"}
    assert "swamp" not in b.permanent("f").subtypes
    assert [a.text for a in b.permanent("urborg").mana_abilities] == ["{T}: Add {R}."]


def test_613_8_urborg_alone_makes_every_land_a_swamp() -> None:
    """305.6, 305.7: a Forest that is also a Swamp taps for {G} or {B}."""
    b = board(URBORG + "- {id: f, card: Forest, controller: bob}\n")
    assert b.permanent("f").subtypes == {"forest", "swamp"}
    assert sorted(a.text for a in b.permanent("f").mana_abilities) == ["{T}: Add {B}.", "{T}: Add {G}."]
    assert b.permanent("urborg").subtypes == {"swamp"}


@pytest.mark.parametrize("grant_first", [True, False])
def test_613_8a_a_keyword_filter_depends_on_the_effect_granting_the_keyword(grant_first: bool) -> None:
    """613.8a: "Creatures with flying have lifelink" depends on "Enchanted creature has flying"
    (applying that changes what it applies to), whatever their timestamps: the creature has
    both."""
    lifelink = ("- {id: sky, name: Sky Blessing, controller: alice, types: [enchantment], abilities: [{continuous: "
                "{affects: {types: [creature], keywords: [flying]}, gains: [lifelink]}}]}\n")
    flight = aura("flight", "c", "gains: [flying]")
    c = board(creature("c") + (flight + lifelink if grant_first else lifelink + flight)).permanent("c")
    assert {"flying", "lifelink"} <= c.keywords


def test_613_8a_keyword_filter_with_real_cards(real_cards) -> None:
    """Sephara, Sky's Blade ("Other creatures you control with flying have indestructible") and
    Flight ("Enchanted creature has flying") put on the Grizzly Bears after Sephara entered: the
    Bears have flying and indestructible."""
    from mtgsolver import load_board

    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
            "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
            "  - {id: sephara, card: \"Sephara, Sky's Blade\", controller: alice}\n"
            "  - {id: flight, card: Flight, controller: alice, attached_to: bears}\n")
    bears = load_board(text, library=real_cards).permanent("bears")
    assert {"flying", "indestructible"} <= bears.keywords
    assert bears.granted_by["indestructible"] == "sephara"


def test_613_8b_dependency_loop_applies_in_timestamp_order() -> None:
    """613.8b: two effects that each remove the other's ability form a loop: timestamp order;
    the earlier applies and the later, its ability gone, does nothing."""
    a = ("- {id: a, name: A, controller: alice, types: [enchantment], abilities: [{continuous: "
         "{affects: {types: [enchantment], other: true}, loses_all_abilities: true}}]}\n")
    bb = a.replace("id: a, name: A", "id: b, name: B")
    out = board(a + bb)
    assert out.permanent("b").abilities == () and len(out.permanent("a").abilities) == 1


def test_613_6_started_effect_keeps_applying_after_losing_its_ability() -> None:
    """613.6: an effect that started in layer 4 keeps applying in 7b even if its ability is
    removed in layer 6 (Opalescence-like: the enchantment that made itself a creature)."""
    b = board("""
        - {id: o, name: Opal, controller: alice, types: [enchantment], abilities: [{continuous: {affects: {types: [enchantment]}, add_types: [creature], set_pt: [4, 4]}}]}
        - {id: h, name: Humble, controller: alice, types: [enchantment], attached_to: o, abilities: [{continuous: {affects: {attached: true}, loses_all_abilities: true}}]}
    """)
    o = b.permanent("o")
    assert o.is_creature and pt(b, "o") == (4, 4) and o.abilities == ()


# --------------------------------------------------------------------------- real interactions
HUMILITY = ("- {id: hum, name: Humility, controller: bob, types: [enchantment], abilities: [{continuous: "
            "{affects: {types: [creature]}, loses_all_abilities: true, set_pt: [1, 1]}}]}\n")


def test_humility_and_an_anthem_on_the_creature_itself() -> None:
    """613.1f, 613.4: Humility removes a lord's own ability in layer 6, before its +1/+1
    (7c) would start: every creature is 1/1 with no abilities."""
    lord = ("- {id: lord, name: Lord, controller: alice, types: [creature], power: 2, toughness: 2, "
            "keywords: [flying], abilities: [{continuous: {affects: {types: [creature], other: true}, gets: [1, 1]}}]}\n")
    b = board(HUMILITY + lord + creature("c", "3/3"))
    assert pt(b, "lord") == (1, 1) and pt(b, "c") == (1, 1)
    assert b.permanent("lord").keywords == frozenset()


def test_613_11_moat_survives_humility() -> None:
    """613.11: Moat's "Creatures without flying can't attack" is an effect on the game's
    rules, applied after the layers: Humility doesn't remove it from the creatures."""
    moat = ("- {id: moat, name: Moat, controller: bob, types: [enchantment], abilities: [{continuous: "
            "{affects: {types: [creature], not_keywords: [flying]}, rules: [cant_attack]}}]}\n")
    flyer = creature("bird", "1/1", extra=", keywords: [flying]")
    b = board(moat + HUMILITY + flyer + creature("c"))
    assert b.permanent("c").has("cant_attack")
    assert b.permanent("bird").has("cant_attack")  # Humility removed its flying first
    assert b.permanent("c").granted_by["cant_attack"] == "moat"
    plain = board(moat + flyer)
    assert not plain.permanent("bird").has("cant_attack")


def test_613_11_blazing_archon_and_silent_arbiter() -> None:
    """613.11: "Creatures can't attack you" is {cant_attack: <controller>} on every creature;
    Silent Arbiter's caps are board effects (508.1c, 509.1b)."""
    b = board("""
        - {id: archon, name: Blazing Archon, controller: bob, types: [creature], power: 5, toughness: 6, abilities: [{continuous: {affects: {types: [creature]}, rules: [{cant_attack: you}]}}]}
        - {id: arbiter, name: Silent Arbiter, controller: bob, types: [artifact, creature], power: 1, toughness: 5, abilities: [{continuous: {board_rules: [{kind: max_attackers_total, n: 1}, {kind: max_blockers_total, n: 1}]}}]}
    """ + creature("c"))
    assert b.permanent("c").values("cant_attack") == ["bob"]
    assert [(e.kind, e.n, e.source) for e in b.effects] == [("max_attackers_total", 1, "arbiter"),
                                                             ("max_blockers_total", 1, "arbiter")]


def test_conditions_artifact_threshold_islands_extra_turn_day() -> None:
    """611.3b: conditions are checked on the board as it is."""
    cond = ("- {id: s, name: S, controller: alice, types: [creature], power: 2, toughness: 2, abilities: "
            "[{continuous: {affects: {self: true}, gains: [menace], condition: {controls: {types: [artifact]}}}}]}\n")
    art = "- {id: art, name: Bauble, controller: alice, types: [artifact]}\n"
    assert "menace" not in board(cond).permanent("s").keywords
    assert "menace" in board(cond + art).permanent("s").keywords
    unless = ("- {id: s, name: S, controller: alice, types: [creature], power: 2, toughness: 2, abilities: "
              "[{continuous: {affects: {self: true}, rules: [cant_attack], condition: {on_battlefield: "
              "{subtypes: [island]}, at_least: 2, not: true}}}]}\n")
    islands = "- {id: i1, card: Island, controller: bob}\n- {id: i2, card: Island, controller: alice}\n"
    assert board(unless).permanent("s").has("cant_attack")
    assert not board(unless + islands).permanent("s").has("cant_attack")
    day = cond.replace("controls: {types: [artifact]}", "day_night: day")
    assert "menace" in board(day, "day_night: day\n").permanent("s").keywords
    assert "menace" not in board(day, "day_night: night\n").permanent("s").keywords
    monstrous = cond.replace("controls: {types: [artifact]}", "monstrous: true")
    assert "menace" in board(monstrous.replace("power: 2,", "monstrous: true, power: 2,")).permanent("s").keywords
    assert "menace" not in board(monstrous).permanent("s").keywords


def test_printed_is_kept_and_layers_are_idempotent() -> None:
    b = board(creature("c") + aura("a", "c", "gets: [1, 1]"))
    assert printed_of(b, "c").power == 2 and pt(b, "c") == (3, 3)
    again = apply_layers(b)
    assert pt(again, "c") == (3, 3)


@pytest.mark.parametrize("entry, message", [
    ("{continuous: {affects: {colour: red}}}", "unknown key 'colour'"),
    ("{continuous: {gets: [1]}}", "gets expects [power, toughness]"),
    ("{continuous: {gains: [flyin]}}", "unknown keyword or ability 'flyin'"),
    ("{continuous: {condition: {controls: {types: [artifact]}, wat: 1}}}", "expects exactly one of"),
    ("{continuous: {board_rules: [{kind: max_attackers_total}]}}", "board_rules[0] expects"),
])
def test_bad_continuous_entries_name_the_field(entry: str, message: str) -> None:
    with pytest.raises(BoardError) as err:
        board(f"- {{id: x, name: X, controller: alice, types: [enchantment], abilities: [{entry}]}}\n")
    assert "battlefield[0].abilities[0]" in str(err.value) and message in str(err.value)
