"""The Oracle texts and rulings of the 106.7 cards (shared/rules/card-rulings.md) and the
seed documents' text on "could produce", "tapped for mana" and replacement effects."""
from __future__ import annotations

import pytest

from mtgsolver.model.mana_abilities import AnyColor, Choice, Fixed, Reflect
from mtgsolver.rules.production import effective_product, sacrifice_product
from mtgsolver.solver.produce import could_produce
from references.reference_produce import card, land, make_board


def types(board, pid: str) -> list[str]:
    return could_produce(board, pid).types(pid)


def product(board, pid: str, index: int = 0):
    perm = board.permanent(pid)
    return effective_product(board, perm, perm.mana_abilities[index])


# --------------------------------------------------------------------------- Oracle texts
@pytest.mark.parametrize("name, kind, scope", [
    ("Reflecting Pool", "type", "lands_you_control"),
    ("Exotic Orchard", "color", "lands_opponents_control"),
    ("Fellwar Stone", "color", "lands_opponents_control"),
    ("Naga Vitalist", "type", "lands_you_control"),
    ("Harvester Druid", "color", "lands_you_control"),
    ("Squandered Resources", "type", "sacrificed"),
])
def test_oracle_text_reads_as_a_reference(name: str, kind: str, scope: str) -> None:
    b = make_board(card("x", name))
    (ability,) = b.permanent("x").mana_abilities
    assert ability.product == Reflect(kind, scope)
    assert ability.taps == (name != "Squandered Resources")


@pytest.mark.parametrize("name, entry", [
    ("Contamination", ("lands_tap_for", "B")),
    ("Mana Reflection", ("mana_doubler", None)),
    ("Celestial Dawn", ("lands_are", "plains")),
    ("Pulse of Llanowar", ("basic_lands_tap_for_any_color", None)),
])
def test_oracle_text_of_the_effects(name: str, entry: tuple) -> None:
    b = make_board(card("x", name))
    statics = [(a.name, a.value) for a in b.permanent("x").abilities if hasattr(a, "name")]
    assert entry in statics


def test_contamination_upkeep_line_is_kept_not_dropped() -> None:
    """Its upkeep trigger is read (603.1: sacrifice it unless you sacrifice a creature), and kept."""
    b = make_board(card("c", "Contamination"))
    perm = b.permanent("c")
    assert perm.lines == ("At the beginning of your upkeep, sacrifice Contamination unless you sacrifice a creature.",)
    (trigger,) = perm.triggered_abilities
    assert trigger.event.kind == "upkeep" and trigger.effects[0].otherwise[0].what is not None


# --------------------------------------------------------------------------- Reflecting Pool
def test_pool_considers_replacement_effects() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("f", "Forest"), card("c", "Contamination", "bob"))
    assert types(b, "pool") == ["B"]


def test_pool_sees_a_change_of_land_type() -> None:
    # a nonbasic land that is a Forest has the Forest's intrinsic ability (305.6)
    b = make_board(card("pool", "Reflecting Pool"), land("grove", "", subtypes=["forest"]))
    assert types(b, "pool") == ["G"]


def test_pool_sees_abilities_a_land_gained() -> None:
    b = make_board(card("pool", "Reflecting Pool"), land("rock", ""),
                   effects=[{"kind": "gains", "creature": "rock", "abilities": ["{T}: Add {R}."]}])
    assert types(b, "pool") == ["R"]


def test_pool_types_include_colorless() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("w", "Wastes"))
    assert types(b, "pool") == ["C"]
    assert product(b, "pool") == Fixed(("C",))


def test_pool_ignores_costs_counters_and_tapped_state() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("crag", "Vivid Crag", tapped=True))
    assert b.permanent("crag").counters.get("charge", 0) == 0
    assert types(b, "pool") == ["W", "U", "B", "R", "G"]


def test_pool_ignores_riders() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("pillar", "Pillar of the Paruns"))
    assert b.permanent("pillar").mana_abilities[0].spend_only == frozenset({"multicolored"})
    assert product(b, "pool") == AnyColor(1)
    assert b.permanent("pool").mana_abilities[0].spend_only is None


def test_pools_alone_produce_nothing() -> None:
    b = make_board(card("p1", "Reflecting Pool"), card("p2", "Reflecting Pool"),
                   land("barren", ""))  # a land without mana abilities
    for pid in ("p1", "p2", "barren"):
        assert types(b, pid) == []
    assert product(b, "p1") == Fixed(())  # may be activated, adds nothing (106.5)
    why = could_produce(b, "p1").permanents["p1"].why
    assert any("no type of mana is defined" in w for w in why)


def test_pool_beside_a_forest_and_another_pool() -> None:
    b = make_board(card("p1", "Reflecting Pool"), card("p2", "Reflecting Pool"), card("f", "Forest"))
    assert types(b, "p1") == types(b, "p2") == ["G"]
    assert product(b, "p2") == Fixed(("G",))


# --------------------------------------------------------------------------- Exotic Orchard
def test_orchard_colors_only() -> None:
    b = make_board(card("o", "Exotic Orchard"), card("w", "Wastes", "bob"))
    assert types(b, "o") == []
    b = make_board(card("o", "Exotic Orchard"), card("w", "Wastes", "bob"), card("f", "Forest", "bob"))
    assert types(b, "o") == ["G"]


def test_orchard_ignores_costs() -> None:
    b = make_board(card("o", "Exotic Orchard"), card("crag", "Vivid Crag", "bob", tapped=True))
    assert types(b, "o") == ["W", "U", "B", "R", "G"]


def test_orchard_considers_replacement_effects_in_any_order() -> None:
    b = make_board(card("o", "Exotic Orchard"), card("f", "Forest", "bob"), card("c", "Contamination"))
    assert types(b, "o") == ["B"]
    # Contamination then Pulse: any color; Pulse then Contamination: {B}. Both orders count.
    b = make_board(card("o", "Exotic Orchard"), card("s", "Fellwar Stone"), card("f", "Forest", "bob"),
                   card("c", "Contamination"), card("pulse", "Pulse of Llanowar", "bob"))
    assert types(b, "f") == types(b, "s") == ["W", "U", "B", "R", "G"]
    assert types(b, "o") == ["B"]  # the Orchard is a land too: whatever it reflects, it makes {B}


def test_orchard_ignores_riders() -> None:
    b = make_board(card("o", "Exotic Orchard"), card("pillar", "Pillar of the Paruns", "bob"))
    assert product(b, "o") == AnyColor(1)


def test_orchards_and_pool_without_a_source_produce_nothing() -> None:
    b = make_board(card("o1", "Exotic Orchard"), card("o2", "Exotic Orchard", "bob"),
                   card("pool", "Reflecting Pool", "bob"))
    assert {pid: types(b, pid) for pid in ("o1", "o2", "pool")} == {"o1": [], "o2": [], "pool": []}


def test_orchards_and_pool_with_a_forest_all_produce_green() -> None:
    b = make_board(card("f", "Forest"), card("o1", "Exotic Orchard"), card("o2", "Exotic Orchard", "bob"),
                   card("pool", "Reflecting Pool", "bob"))
    assert {pid: types(b, pid) for pid in ("o1", "o2", "pool")} == {"o1": ["G"], "o2": ["G"], "pool": ["G"]}
    why = could_produce(b, "pool").permanents["pool"].why[0]
    assert why.startswith("{G}: pool reflects o2") and "o2 reflects f" in why and why.endswith("f «{T}: Add {G}.»")


def test_pool_orchard_forest_against_orchard_and_plains() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("o1", "Exotic Orchard"), card("f", "Forest"),
                   card("o2", "Exotic Orchard", "bob"), card("pl", "Plains", "bob"))
    got = {p.id: list(p.types) for p in could_produce(b).permanents.values()}
    assert got == {"pool": ["W", "G"], "o1": ["W", "G"], "f": ["G"], "o2": ["W", "G"], "pl": ["W"]}


# --------------------------------------------------------------------------- Fellwar Stone
def test_fellwar_works_with_tapped_lands() -> None:
    b = make_board(card("s", "Fellwar Stone"), card("i", "Island", "bob", tapped=True))
    assert product(b, "s") == Fixed(("U",))


def test_fellwar_without_opposing_mana_lands_adds_nothing() -> None:
    b = make_board(card("s", "Fellwar Stone"), card("elf", "Llanowar Elves", "bob"), land("barren", "", "bob"))
    assert types(b, "s") == []
    assert product(b, "s") == Fixed(())


def test_fellwar_adds_only_one_mana() -> None:
    b = make_board(card("s", "Fellwar Stone"), land("dual", "{T}: Add {W}{U}.", "bob"))
    assert product(b, "s") == Choice((("W",), ("U",)))


def test_fellwar_colors_only_costs_replacements_riders() -> None:
    b = make_board(card("s", "Fellwar Stone"), card("w", "Wastes", "bob"))
    assert types(b, "s") == []
    b = make_board(card("s", "Fellwar Stone"), card("crag", "Vivid Crag", "bob"))
    assert types(b, "s") == ["W", "U", "B", "R", "G"]
    b = make_board(card("s", "Fellwar Stone"), card("m", "Mountain", "bob"), card("c", "Contamination", "bob"))
    assert types(b, "s") == ["B"]
    b = make_board(card("s", "Fellwar Stone"), card("pillar", "Pillar of the Paruns", "bob"))
    assert product(b, "s") == AnyColor(1) and b.permanent("s").mana_abilities[0].spend_only is None


# --------------------------------------------------------------------------- Contamination
def test_contamination_is_a_replacement_not_a_trigger() -> None:
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"))
    assert product(b, "f") == Fixed(("B",))


def test_contamination_leaves_extra_mana_alone_but_colors_type_based_extras() -> None:
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"), card("wg", "Overgrowth", attached_to="f"))
    assert product(b, "f") == Fixed(("B", "G", "G"))  # Overgrowth's {G}{G} unchanged
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"), card("hb", "Heartbeat of Spring", "bob"))
    assert product(b, "f") == Fixed(("B", "B"))  # Heartbeat: the type the land produced, {B}


def test_contamination_with_a_pool() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("c", "Contamination"))
    assert types(b, "pool") == []  # nothing to replace (614.7): still no mana
    b = make_board(card("pool", "Reflecting Pool"), card("i", "Island"), card("c", "Contamination"))
    assert types(b, "pool") == ["B"] and product(b, "pool") == Fixed(("B",))
    b = make_board(card("nv", "Naga Vitalist"), card("i", "Island"), card("c", "Contamination"))
    assert types(b, "nv") == ["B"]  # reflects the Island's {B}; the Vitalist itself is no land
    assert product(b, "nv") == Fixed(("B",))


# --------------------------------------------------------------------------- Mana Reflection
def test_reflection_only_doubles_tapping() -> None:
    b = make_board(card("sq", "Squandered Resources"), card("f", "Forest"), card("mr", "Mana Reflection"),
                   card("t", "Treasure"), {"id": "gem", "name": "Gem", "controller": "alice", "types": ["artifact"],
                                           "text": "Sacrifice this artifact: Add one mana of any color."})
    assert product(b, "sq") == Fixed(("G",))
    assert product(b, "gem") == AnyColor(1)  # no {T}: not tapped for mana
    assert product(b, "t") == AnyColor(2)  # Treasure's cost has {T}
    assert product(b, "f") == Fixed(("G", "G"))


def test_reflection_does_not_double_triggered_mana() -> None:
    b = make_board(card("f", "Forest"), card("mr", "Mana Reflection"), card("wg", "Wild Growth", attached_to="f"))
    assert product(b, "f") == Fixed(("G", "G", "G"))


def test_reflection_keeps_the_rider_on_all_the_mana() -> None:
    b = make_board(card("pillar", "Pillar of the Paruns"), card("mr", "Mana Reflection"))
    assert product(b, "pillar") == AnyColor(2, combination=False)  # twice as much *of that mana*
    assert b.permanent("pillar").mana_abilities[0].spend_only == frozenset({"multicolored"})


def test_reflection_makes_no_mana_itself_and_is_cumulative() -> None:
    b = make_board(card("f", "Forest"), card("mr1", "Mana Reflection"), card("mr2", "Mana Reflection"))
    assert types(b, "mr1") == []
    assert product(b, "f") == Fixed(("G",) * 4)
    b = make_board(card("f", "Forest"), *(card(f"mr{i}", "Mana Reflection") for i in range(3)))
    assert product(b, "f") == Fixed(("G",) * 8)


def test_reflection_only_for_its_controller() -> None:
    b = make_board(card("f", "Forest"), card("mr", "Mana Reflection", "bob"))
    assert product(b, "f") == Fixed(("G",))


# --------------------------------------------------------------------------- Celestial Dawn
def test_dawn_makes_lands_plains_keeping_snow() -> None:
    b = make_board(card("s", "Snow-Covered Forest"), card("t", "Tundra"), card("d", "Celestial Dawn"))
    assert types(b, "s") == ["W"] and types(b, "t") == ["W"]
    why = could_produce(b, "s").permanents["s"].why[0]
    assert "is a Plains because of d" in why and "305.7" in why
    from mtgsolver.rules.production import type_changes
    eff, changed = b, type_changes(b)
    assert eff.permanent("s").is_snow and eff.permanent("s").subtypes == {"plains"}
    assert changed == {"s": "d", "t": "d"}
    # the board is the layered one: the Forest ability is gone, the Plains one gives {W}
    assert eff is b and [a.text for a in b.permanent("s").mana_abilities] == ["{T}: Add {W}."]
    s = eff.permanent("s")
    assert effective_product(b, s, s.mana_abilities[0]) == Fixed(("W",))


def test_dawn_removes_rules_text_abilities_of_lands() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("f", "Forest"), card("nv", "Naga Vitalist"),
                   card("d", "Celestial Dawn"))
    assert types(b, "pool") == ["W"] and types(b, "nv") == ["W"]


def test_dawn_does_not_touch_nonland_mana_or_opponents_lands() -> None:
    b = make_board(card("elf", "Llanowar Elves"), card("d", "Celestial Dawn"), card("f", "Forest", "bob"))
    assert types(b, "elf") == ["G"] and types(b, "f") == ["G"]


def test_dawn_keeps_granted_abilities() -> None:
    b = make_board(card("f", "Forest"), card("d", "Celestial Dawn"),
                   effects=[{"kind": "gains", "creature": "f", "abilities": ["{T}: Add {R}."]}])
    assert types(b, "f") == ["W", "R"]


def test_dawn_text_changed_to_islands() -> None:
    # Mind Bend on Celestial Dawn: lands are Islands and make {U}
    b = make_board(card("f", "Forest"), {"id": "d", "name": "Bent Dawn", "controller": "alice",
                                          "types": ["enchantment"], "text": "Lands you control are Islands."})
    assert types(b, "f") == ["U"]


def test_dawn_with_pulse_lands_stay_basic() -> None:
    b = make_board(card("f", "Forest"), card("d", "Celestial Dawn"), card("p", "Pulse of Llanowar"))
    assert types(b, "f") == ["W", "U", "B", "R", "G"]


# --------------------------------------------------------------------------- Pulse of Llanowar
def test_pulse_keeps_the_amount_and_one_color() -> None:
    b = make_board(card("f", "Forest"), card("p", "Pulse of Llanowar"), card("mr", "Mana Reflection"))
    assert product(b, "f") == AnyColor(2, combination=False)


def test_pulse_any_color_each_time_including_the_usual_one() -> None:
    b = make_board(card("f", "Forest"), card("p", "Pulse of Llanowar"))
    assert product(b, "f") == AnyColor(1)
    assert "G" in types(b, "f")


def test_pulse_only_your_basic_lands() -> None:
    b = make_board(card("f", "Forest", "bob"), card("t", "Tundra"), card("w", "Wastes"), card("p", "Pulse of Llanowar"))
    assert types(b, "f") == ["G"] and types(b, "t") == ["W", "U"]
    assert types(b, "w") == ["W", "U", "B", "R", "G"]  # basic Wastes: colorless becomes a color


# --------------------------------------------------------------------------- Squandered Resources
def test_squandered_sacrificing_a_land_that_makes_no_mana() -> None:
    b = make_board(card("sq", "Squandered Resources"), card("pool", "Reflecting Pool"), card("f", "Forest"))
    ab = b.permanent("sq").mana_abilities[0]
    assert sacrifice_product(b, b.permanent("sq"), ab, "f") == Fixed(("G",))
    b2 = make_board(card("sq", "Squandered Resources"), card("pool", "Reflecting Pool"))
    ab2 = b2.permanent("sq").mana_abilities[0]
    assert sacrifice_product(b2, b2.permanent("sq"), ab2, "pool") == Fixed(())
    assert types(b2, "sq") == []


def test_squandered_is_not_tapping_for_mana() -> None:
    b = make_board(card("sq", "Squandered Resources"), card("f", "Forest"), card("c", "Contamination"),
                   card("hb", "Heartbeat of Spring"), card("mr", "Mana Reflection"))
    sq = b.permanent("sq")
    # the Forest could produce {B} (Contamination), so the sacrifice gives {B}; nothing triggers or doubles
    assert effective_product(b, sq, sq.mana_abilities[0]) == Fixed(("B",))
    why = could_produce(b, "sq").permanents["sq"].why
    assert any("not tapping for mana" in w for w in why)


# --------------------------------------------------------------------------- Naga Vitalist, Harvester Druid
def test_vitalist_types_include_colorless_and_ignore_costs_and_riders() -> None:
    b = make_board(card("nv", "Naga Vitalist"), card("w", "Wastes"))
    assert types(b, "nv") == ["C"]
    b = make_board(card("nv", "Naga Vitalist", summoning_sick=True),
                   land("spire", "{T}, Pay 1 life: Add one mana of any color."),
                   land("cavern", "{T}: Add one mana of any color. Spend this mana only to cast creature spells."))
    assert types(b, "nv") == ["W", "U", "B", "R", "G"]
    assert b.permanent("nv").mana_abilities[0].spend_only is None


def test_vitalist_sees_land_type_changes_and_gained_abilities() -> None:
    b = make_board(card("nv", "Naga Vitalist"), land("rock", ""),
                   effects=[{"kind": "gains", "creature": "rock", "abilities": ["{T}: Add {B}."]}])
    assert types(b, "nv") == ["B"]


def test_vitalist_and_druid_look_only_at_lands() -> None:
    b = make_board(card("nv", "Naga Vitalist"), card("hd", "Harvester Druid"), card("elf", "Llanowar Elves"))
    assert types(b, "nv") == [] and types(b, "hd") == []


def test_harvester_druid_colors_of_your_lands() -> None:
    b = make_board(card("hd", "Harvester Druid"), card("w", "Wastes"), card("i", "Island", "bob"))
    assert types(b, "hd") == []
    b = make_board(card("hd", "Harvester Druid"), card("w", "Wastes"), card("f", "Forest"))
    assert types(b, "hd") == ["G"]
