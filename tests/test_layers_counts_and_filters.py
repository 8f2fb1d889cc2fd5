"""Layer 7a (604.3, 613.4a), counts relative to the affected object ("for each other ..."),
"of the chosen type", and the filters and conditions the ``effects`` family reads: each
from a real card's Oracle line, on a board, through the layer engine."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_file import BoardError
from mtgsolver.solver.relevance import unread_lines

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice, life: LIFE}, {name: bob}]\nbattlefield:\n"


def board(perms: list[str], tail: str = "", life: int = 20):
    body = "".join(f"  - {p}\n" for p in perms)
    return parse_board_text(HEAD.replace("LIFE", str(life)) + body + tail, "cards.yaml")


def card(pid: str, name: str, text: str, extra: str = "", controller: str = "alice", types: str = "creature") -> str:
    return f"{{id: {pid}, name: {name!r}, controller: {controller}, types: [{types}], text: {text!r}{extra}}}"


def bears(pid: str, controller: str = "alice", extra: str = "") -> str:
    return f"{{id: {pid}, card: Grizzly Bears, controller: {controller}{extra}}}"


def pt(b, pid: str) -> tuple[int, int]:
    p = b.permanent(pid)
    return p.power, p.toughness


CRUSADE = "Crusader's power and toughness are each equal to the number of creatures you control."


def test_613_4a_characteristic_defining_ability_counts_in_layer_7a() -> None:
    """604.3, 613.4a, 208.2a: a "*/*" creature's power and toughness are each the number of
    creatures its controller controls (itself included); an opponent's creatures don't count."""
    b = board([card("cr", "Crusader", CRUSADE), bears("b1"), bears("b2"), bears("b3", "bob")])
    assert pt(b, "cr") == (3, 3)
    change = [c for c in b.layers.changes["cr"] if c.layer == "7a"][0]
    assert change.rule == "613.4a" and "3" in change.what


def test_613_4_7a_comes_before_7b_and_7c() -> None:
    """613.4a-c: the 7a value is overwritten by a 7b "base power and toughness 1/1" and then
    modified by 7c (+1/+1 counters and an anthem), whatever the timestamps."""
    b = board([card("anthem", "Anthem", "Creatures you control get +1/+1.", types="enchantment"),
               card("cr", "Crusader", CRUSADE, ", counters: {'+1/+1': 1}"), bears("b1")])
    assert pt(b, "cr") == (2 + 1 + 1, 2 + 1 + 1)
    b = board([card("cr", "Crusader", CRUSADE, ", counters: {'+1/+1': 1}"), bears("b1"),
               card("mask", "Mask", "All creatures have base power and toughness 1/1.", types="enchantment")])
    assert pt(b, "cr") == (2, 2)


def test_613_4a_only_power_and_counts_from_zones() -> None:
    """A CDA of power alone keeps the printed toughness; counts of cards in hand and creature
    cards in the graveyard come from the board's zones (402, 404)."""
    zones = ("zones:\n  alice:\n    hand: [Shock, Opt]\n"
             "    graveyard: [Grizzly Bears, Shock, {name: Beast, types: [creature], power: 1, toughness: 1}]\n")
    b = board([card("gob", "Gob", "Gob's power is equal to the number of cards in your hand.", ", toughness: 3"),
               card("grave", "Grave", "Grave's power and toughness are each equal to the number of creature cards "
                    "in your graveyard."),
               card("plus", "Toughy", "Toughy's toughness is equal to 1 plus the number of green creatures on the "
                    "battlefield.", ", power: 2"),
               bears("b1", "bob")], zones)
    assert pt(b, "gob") == (2, 3)
    assert pt(b, "grave") == (2, 2)
    assert pt(b, "plus") == (2, 2)  # Grizzly Bears is green; Toughy itself is colorless


def test_a_creature_without_power_and_no_cda_is_still_refused() -> None:
    with pytest.raises(BoardError, match="power"):
        board([card("x", "X", "Flying.")])


def test_for_each_other_counts_all_but_the_affected_creature() -> None:
    """"for each other creature you control" is other than the enchanted creature (the Aura
    is no creature); Sliver lords count each Sliver but the one they apply to (613.4c)."""
    b = board([bears("b1"), bears("b2"), bears("b3"),
               card("aura", "Aura", "Enchanted creature gets +1/+1 for each other creature you control.",
                    ", attached_to: b1", types="enchantment")])
    assert pt(b, "b1") == (4, 4) and pt(b, "b2") == (2, 2)
    sliver = ", subtypes: [sliver], power: 1, toughness: 1"
    line = "All Sliver creatures get +1/+1 for each other Sliver on the battlefield."
    b = board([card("s1", "S1", line, sliver), card("s2", "S2", "", sliver), card("s3", "S3", "", sliver, "bob")])
    assert pt(b, "s1") == pt(b, "s2") == pt(b, "s3") == (3, 3)


def test_an_auras_for_each_other_enchantment_leaves_the_aura_out(real_cards) -> None:
    """Ancestral Mask: "Enchanted creature gets +2/+2 for each other enchantment on the
    battlefield": other than the Mask itself; Abundant Growth on a Forest counts."""
    head = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
            "  - {id: bears, card: Grizzly Bears, controller: alice}\n  - {id: forest, card: Forest, controller: alice}\n"
            "  - {id: mask, card: Ancestral Mask, controller: alice, attached_to: bears}\n")
    growth = "  - {id: growth, card: Abundant Growth, controller: bob, attached_to: forest}\n"
    assert pt(parse_board_text(head, "b.yaml", real_cards), "bears") == (2, 2)
    assert pt(parse_board_text(head + growth, "b.yaml", real_cards), "bears") == (4, 4)


def test_of_the_chosen_type_reads_the_sources_chosen_type() -> None:
    """Door of Destinies / Vanquisher's Banner: "Creatures you control of the chosen type get
    +1/+1" uses the type chosen as it entered (``chosen_type:``)."""
    line = "Creatures you control of the chosen type get +1/+1."
    b = board([card("door", "Banner", line, ", chosen_type: Bear", types="artifact"), bears("b1"), bears("b2", "bob"),
               card("elf", "Elf", "", ", subtypes: [elf], power: 1, toughness: 1")])
    assert pt(b, "b1") == (3, 3) and pt(b, "b2") == (2, 2) and pt(b, "elf") == (1, 1)
    with pytest.raises(BoardError, match=r"battlefield\[0\]\.chosen_type.*needs the type chosen"):
        board([card("door", "Banner", line, types="artifact"), bears("b1")])
    with pytest.raises(BoardError, match=r"chosen_type: 'Bearz' is not"):
        board([card("door", "Banner", line, ", chosen_type: Bearz", types="artifact")])


def test_chosen_color_filter() -> None:
    """Ward of Lights-like "Creatures of the chosen color without flying can't attack you" (613.11)."""
    line = "Creatures of the chosen color without flying can't attack you."
    b = board([card("gate", "Gate", line, ", chosen_color: green", types="enchantment"), bears("b1", "bob")])
    assert b.permanent("b1").has("cant_attack")
    with pytest.raises(BoardError, match="chosen_color"):
        board([card("gate", "Gate", line, types="enchantment")])


@pytest.mark.parametrize("line, extras, affected", [
    ("Creature tokens you control get +1/+1.", {"b1": ", token: true"}, {"b1"}),
    ("Nontoken creatures you control get +1/+1.", {"b1": ", token: true"}, {"b2"}),
    ("Untapped creatures you control get +1/+1.", {"b1": ", tapped: true"}, {"b2"}),
    ("Other tapped creatures you control get +1/+1.", {"b1": ", tapped: true"}, {"b1"}),
    ("Multicolored creatures you control get +1/+1.", {"b1": ", colors: [green, white]"}, {"b1"}),
    ("Commander creatures you control get +1/+1.", {"b2": ", commander: true"}, {"b2"}),
    ("Creatures you control with +1/+1 counters on them get +1/+1.", {"b2": ", counters: {'+1/+1': 1}"}, {"b2"}),
    ("Creatures you control with counters on them get +1/+1.", {"b1": ", counters: {'charge': 2}"}, {"b1"}),
    ("Other Bears and Elves you control get +1/+1.", {}, {"b1", "b2"}),
])
def test_filters_of_affected_sets(line: str, extras: dict, affected: set) -> None:
    """611.3a: the affected set by token (111.1), tapped, multicolored (105.2b), commander (903.3),
    counters and several subtypes ("Wolves and Werewolves": either)."""
    b = board([card("src", "Src", line, types="enchantment"), bears("b1", extra=extras.get("b1", "")),
               bears("b2", extra=extras.get("b2", "")), bears("b3", "bob")])
    base = {pid: 2 + b.permanent(pid).counters.get("+1/+1", 0) for pid in ("b1", "b2", "b3")}
    assert {pid for pid in base if pt(b, pid)[0] > base[pid]} == affected


@pytest.mark.parametrize("line, extra, life, applies", [
    ("As long as Src is untapped, creatures you control get +1/+1.", "", 20, True),
    ("As long as Src is untapped, creatures you control get +1/+1.", ", tapped: true", 20, False),
    ("As long as Src has seven or more quest counters on it, creatures you control get +1/+1.",
     ", counters: {quest: 7}", 20, True),
    ("As long as Src has seven or more quest counters on it, creatures you control get +1/+1.",
     ", counters: {quest: 6}", 20, False),
    ("Fateful hour — As long as you have 5 or less life, other creatures you control get +1/+1.", "", 5, True),
    ("Fateful hour — As long as you have 5 or less life, other creatures you control get +1/+1.", "", 6, False),
])
def test_conditions_on_the_source_and_life(line: str, extra: str, life: int, applies: bool) -> None:
    """611.3b: quest counters (Beastmaster Ascension), untapped (Juniper Order Advocate),
    fateful hour (Gavony Ironwright)."""
    b = board([card("src", "Src", line, extra, types="enchantment"), bears("b1")], life=life)
    assert (pt(b, "b1") == (3, 3)) is applies


def test_source_equipped_condition() -> None:
    """Auriok Steelshaper: "As long as ~ is equipped, each creature you control that's a
    Soldier or a Knight gets +1/+1" (301.5)."""
    line = "As long as Steelshaper is equipped, each creature you control that's a Soldier or a Knight gets +1/+1."
    soldier = card("sol", "Sol", "", ", subtypes: [soldier], power: 1, toughness: 1")
    shaper = card("sh", "Steelshaper", line, ", subtypes: [human, soldier], power: 1, toughness: 1")
    b = board([shaper, soldier])
    assert pt(b, "sol") == (1, 1) and pt(b, "sh") == (1, 1)
    gear = card("gear", "Gear", "", ", attached_to: sh, subtypes: [equipment]", types="artifact")
    b = board([shaper, soldier, gear])
    assert pt(b, "sol") == (2, 2) and pt(b, "sh") == (2, 2)


def test_granted_ability_no_grammar_reads_is_unread_on_the_creature_it_is_granted_to() -> None:
    """613.1f: "Enchanted creature gets +1/+1 and has 'Whenever this creature attacks, ...'"
    is read (+1/+1 and the grant); the granted line is unread on the enchanted creature, so
    combat answers report it there, and "loses all abilities" removes it."""
    line = 'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, tap target creature defending player controls."'
    b = board([bears("b1"), card("aura", "Aura", line, ", attached_to: b1", types="enchantment")])
    assert pt(b, "b1") == (3, 3)
    assert b.permanent("aura").unread == ()
    granted = "Whenever this creature attacks, tap target creature defending player controls."
    assert b.permanent("b1").unread == (granted,)
    assert [u.line for u in unread_lines(b, ["b1"], {"combat"})] == [granted]
    b = board([bears("b1"), card("aura", "Aura", line, ", attached_to: b1", types="enchantment"),
               card("hum", "Humility", "All creatures lose all abilities and have base power and toughness 1/1.",
                    types="enchantment")])
    assert b.permanent("b1").unread == () and pt(b, "b1") == (2, 2)


@pytest.mark.parametrize("line, attach, affected", [
    ("Creatures you control that are enchanted get +1/+1.", "aura", {"b1"}),
    ("Creatures you control that are enchanted get +1/+1.", "equipment", set()),
    ("Equipped creatures you control get +1/+1.", "equipment", {"b1"}),
    ("Creatures you control that are enchanted or equipped get +1/+1.", "equipment", {"b1"}),
    ("Modified creatures you control get +1/+1.", "aura", {"b1"}),
    ("Modified creatures you control get +1/+1.", "their_aura", set()),
    ("Modified creatures you control get +1/+1.", "counter", {"b1"}),
])
def test_enchanted_equipped_and_modified_creatures(line: str, attach: str, affected: set) -> None:
    """303.4, 301.5, 700.9: "modified" is equipped, enchanted by an Aura its controller
    controls, or with a counter; an opponent's Aura doesn't modify it."""
    perms = [card("src", "Src", line, types="enchantment"), bears("b1", extra=", counters: {charge: 1}" if attach == "counter" else ""),
             bears("b2")]
    if attach != "counter":
        sub = "equipment" if attach == "equipment" else "aura"
        perms.append(card("att", "Att", "", f", attached_to: b1, subtypes: [{sub}]", "bob" if attach == "their_aura" else "alice",
                          "artifact" if sub == "equipment" else "enchantment"))
    b = board(perms)
    assert {pid for pid in ("b1", "b2") if pt(b, pid) == (3, 3)} == affected


def test_protection_from_the_chosen_color_and_from_a_subtype() -> None:
    """702.16: Pentarch Ward's "protection from the chosen color" is the color its board field
    names; "protection from Rats" is protection from the subtype Rat."""
    ward = "Enchanted creature has protection from the chosen color. This effect doesn't remove Ward."
    b = board([bears("b1"), card("ward", "Ward", ward, ", attached_to: b1, chosen_color: red", types="enchantment"),
               card("cats", "Cats", "Bears you control have protection from Rats.", types="enchantment")])
    assert b.permanent("b1").protections == {"red", "rat"}
    with pytest.raises(BoardError, match="chosen_color"):
        board([bears("b1"), card("ward", "Ward", ward, ", attached_to: b1", types="enchantment")])


def test_lands_that_become_creatures_and_lands_of_every_type() -> None:
    """613.1d, 613.4b, 305.6-7: Kormus Bell makes Swamps 1/1 black creatures that are still
    lands; Spreading Seas makes a land an Island (losing its other land types and abilities);
    Prismatic Omen gives lands every basic land type and their mana abilities."""
    b = board(["{id: swamp, card: Swamp, controller: bob}", "{id: wastes, card: Forest, controller: alice}",
               card("bell", "Kormus Bell", "All Swamps are 1/1 black creatures that are still lands.",
                    types="artifact"),
               card("seas", "Spreading Seas", "Enchanted land is an Island.", ", attached_to: wastes",
                    types="enchantment"),
               card("omen", "Prismatic Omen", "Lands you control are every basic land type in addition to their "
                    "other types.", controller="bob", types="enchantment")])
    swamp = b.permanent("swamp")
    assert swamp.is_creature and pt(b, "swamp") == (1, 1) and [c.word for c in swamp.colors] == ["black"]
    assert {a.text for a in swamp.mana_abilities} == {f"{{T}}: Add {{{c}}}." for c in "WUBRG"}
    assert b.permanent("wastes").subtypes == {"island"}
    assert {a.text for a in b.permanent("wastes").mana_abilities} == {"{T}: Add {U}."}


def test_protection_from_creatures_of_the_chosen_type() -> None:
    """702.16, 700.2: Riders of Gavony's "Human creatures you control have protection from
    creatures of the chosen type" gives its Humans protection from the type its board field
    names (Zombie), not from the word "chosen_type"; a non-Human gains nothing. (Its line, on a
    stand-in enchantment.)"""
    riders = "Human creatures you control have protection from creatures of the chosen type."
    b = board([bears("b1", extra=", subtypes: [human]"), bears("b2"),
               card("riders", "Riders of Gavony", riders, ", chosen_type: zombie", types="enchantment")])
    assert b.permanent("b1").protections == {"zombie"} and b.permanent("b2").protections == frozenset()
