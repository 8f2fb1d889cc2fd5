"""Automatic mana payment: rules on {T}/{Q} and summoning sickness, every 107.4 symbol,
the Forge examples, kept costs, X, spending restrictions, plan order and reasons."""
from __future__ import annotations

import pytest

from mtgsolver.load import load_board, parse_board_text
from mtgsolver.solver.payment import SpellInfo, pay

from .conftest import EXAMPLES


def board(battlefield: str, life: int = 20, pool: str = "", energy: int = 0) -> object:
    text = "active_player: a\nplayers: [{name: a, life: %d, energy: %d}, {name: b}]\nbattlefield:%s" % (
        life, energy, "\n" + battlefield if battlefield else " []")
    if pool:
        text += f"\nmana_pool: {{a: {pool}}}"
    return parse_board_text(text, "test.yaml")


def sources(result) -> list[str]:
    return [a.source for a in result.activations]


# -- seeds: {T}, {Q} and summoning sickness (107.5, 107.6, 302.6) ---------------------------
def test_tapped_permanent_cannot_pay_tap_symbol():
    """107.5: a permanent that's already tapped can't be tapped again to pay the cost."""
    r = pay(board("  - {id: f, card: Forest, controller: a, tapped: true}"), "{G}")
    assert r.payable is False
    assert any(e.source == "f" and e.rule == "107.5" for e in r.excluded)
    assert any("f (" in x.message and "tapped" in x.message for x in r.reasons)


def test_summoning_sick_creature_cannot_tap_for_mana():
    """107.5 / 302.6: a creature's {T} ability needs it controlled since the turn began."""
    r = pay(board("  - {id: elf, card: Llanowar Elves, controller: a, summoning_sick: true}"), "{G}")
    assert r.payable is False
    assert [e.rule for e in r.excluded] == ["302.6"]
    assert any("summoning sick" in x.message for x in r.reasons)


def test_haste_lifts_summoning_sickness():
    r = pay(board("  - {id: elf, card: Llanowar Elves, controller: a, summoning_sick: true, keywords: [haste]}"),
            "{G}")
    assert r.payable and sources(r) == ["elf"]


def test_land_creature_is_affected_by_summoning_sickness():
    """302.6 is about creatures: a land creature that just arrived can't tap for mana."""
    arbor = ("  - {id: arbor, name: Dryad Arbor, types: [land, creature], subtypes: [forest, dryad],"
             " power: 1, toughness: 1, controller: a, summoning_sick: %s}")
    assert pay(board(arbor % "true"), "{G}").payable is False
    assert pay(board(arbor % "false"), "{G}").payable is True
    levels = dict(pay(board(arbor % "false"), "{G}").objective)
    assert (levels["creatures"], levels["sources"], levels["floating"]) == (1, 1, 0)


def test_noncreature_artifact_is_not_affected_by_summoning_sickness():
    """302.6 applies to creatures only: a Sol Ring cast this turn taps for mana."""
    r = pay(board("  - {id: ring, card: Sol Ring, controller: a, summoning_sick: true}"), "{2}")
    assert r.payable and sources(r) == ["ring"]


def test_untap_symbol_needs_a_tapped_permanent_and_no_sickness():
    """107.6: {Q} can't be paid by an untapped permanent; a creature's {Q} also needs 302.6."""
    rock = "  - {id: q, name: Twister, types: [artifact], text: '{Q}: Add {U}.', controller: a, tapped: %s}"
    assert pay(board(rock % "true"), "{U}").payable is True
    r = pay(board(rock % "false"), "{U}")
    assert r.payable is False and r.excluded[0].rule == "107.6"
    sick = ("  - {id: q, name: Untapping Elf, types: [creature], power: 1, toughness: 1, text: '{Q}: Add {U}.',"
            " controller: a, tapped: true, summoning_sick: true}")
    assert pay(board(sick), "{U}").payable is False
    r = pay(board(rock % "true"), "{U}")
    assert "q" in r.untapped  # paying {Q} untaps it


def test_one_tap_activation_per_permanent():
    """A land with two {T} abilities makes mana once (107.5)."""
    r = pay(board("  - {id: gate, card: Mystic Gate, controller: a}"), "{C}{C}")
    assert r.payable is False


# -- every symbol kind (107.4) ---------------------------------------------------------------
SYMBOL_BOARD = """  - {id: plains, card: Plains, controller: a}
  - {id: island, card: Island, controller: a}
  - {id: wastes, card: Wastes, controller: a}
  - {id: snow, card: Snow-Covered Forest, controller: a}"""


@pytest.mark.parametrize("cost, payable", [
    ("{W}", True), ("{W}{W}", False),                    # 107.4a colored
    ("{3}", True), ("{5}", False), ("{0}", True),         # 107.4b generic, 107.4d {0}
    ("{C}", True), ("{C}{C}", False),                     # 107.4c only colorless pays {C}
    ("{W/U}{W/U}", True), ("{W/U}{W/U}{W/U}", False),     # 107.4e hybrid
    ("{2/B}", True), ("{2/B}{2/B}{2/B}", False),          # 107.4e monocolored hybrid: 2 generic
    ("{C/W}{C/W}", True), ("{C/U}{C/U}{C/U}", False),     # colorless hybrid
    ("{B/P}", True), ("{B/P}{B/P}{W}{U}{C}", True),       # 107.4f Phyrexian: 2 life each
    ("{W/U/P}{W/U/P}{W/U/P}", True),                      # hybrid Phyrexian
    ("{S}", True), ("{S}{S}", False),                     # 107.4h one snow source
    ("{U}{S}{G}", False),                                 # the snow Forest can't pay both
])
def test_every_symbol_kind(cost, payable):
    r = pay(board(SYMBOL_BOARD, life=20), cost)
    assert r.payable is payable, r.to_dict()


def test_x_given_and_maximised():
    r = pay(board(SYMBOL_BOARD), "{X}{W}", x=2)
    assert r.payable and r.x == 2 and len(r.activations) == 3
    assert pay(board(SYMBOL_BOARD), "{X}{W}", x=4).payable is False
    r = pay(board(SYMBOL_BOARD), "{X}{X}{W}", maximize_x=True)
    assert r.payable and r.x == 1 and r.floating == ()
    x_symbols = [s for s in r.assignment if s.symbol == "{X}"]
    assert len(x_symbols) == 2 and all(len(s.mana) == 1 for s in x_symbols)


def test_phyrexian_life_needs_the_life_total():
    """119.4: a player can pay life only if their life total is at least the amount."""
    lands = "  - {id: f, card: Forest, controller: a}"
    assert pay(board(lands, life=2), "{B/P}").payable is True
    assert pay(board(lands, life=2), "{B/P}").life_paid == 2
    r = pay(board(lands, life=1), "{B/P}")
    assert r.payable is False and any(x.rule == "119.4" for x in r.reasons)
    assert pay(board(lands, life=3), "{B/P}{B/P}").payable is False


def test_phyrexian_prefers_mana_over_life():
    r = pay(board("  - {id: s, card: Swamp, controller: a}"), "{B/P}")
    assert r.life_paid == 0 and sources(r) == ["s"]


def test_life_costs_of_mana_abilities_count():
    r = pay(board("  - {id: mc, card: Mana Confluence, controller: a}", life=1), "{R}")
    assert r.payable and r.life_paid == 1
    r = pay(board("  - {id: mc, card: Mana Confluence, controller: a}", life=0), "{R}")
    assert r.payable is False and r.excluded[0].rule == "119.4"


def test_pool_mana_and_snow_pool():
    b = board("  - {id: f, card: Forest, controller: a}", pool='[{mana: "{U}", snow: true}]')
    r = pay(b, "{S}{G}")
    assert r.payable and [u.source for s in r.assignment for u in s.mana] == ["pool", "f"]
    assert pay(board("", pool='"{U}"'), "{S}").payable is False


# -- Forge's examples --------------------------------------------------------------------------
def test_forest_sol_ring_never_taps_thought_vessel():
    b = load_board(EXAMPLES / "pay-forge-vessel.yaml")
    r = pay(b, "{2}{G}")
    assert sorted(sources(r)) == ["forest", "ring"] and r.untapped == ("vessel",) and r.floating == ()


def test_treasures_before_creatures_to_an_altar():
    b = load_board(EXAMPLES / "pay-altar-treasures.yaml")
    r = pay(b, "{2}{R}")
    assert sorted(sources(r)) == ["mountain", "treasure1", "treasure2"] and r.sacrificed == ("treasure1", "treasure2")
    r = pay(b, "{3}{R}")
    assert r.payable and set(r.sacrificed) >= {"treasure1", "treasure2"}
    assert len([a for a in r.activations if a.source == "altar"]) == 1
    # lands before Treasures: a Treasure is only cracked when needed
    r = pay(b, "{R}")
    assert sources(r) == ["mountain"]


def test_filters_and_signets_run_in_an_executable_order():
    """605.3a: the Signet's {1} and the Gate's {W/U} come from mana made earlier."""
    b = load_board(EXAMPLES / "pay-filters.yaml")
    r = pay(b, "{W}{W}{U}{U}")
    assert r.payable
    made = {"pool"}
    for a in r.activations:
        assert all(u.key in made for u in a.paid_with), f"{a.source} is paid with mana not yet made"
        made.add(a.key)
    assert sorted(sources(r)) == ["gate", "plains", "signet", "wastes"] and r.floating == ()


def test_altar_sacrifices_a_dork_only_after_tapping_it():
    b = board("""  - {id: elf, card: Llanowar Elves, controller: a}
  - {id: altar, card: Ashnod's Altar, controller: a}""")
    r = pay(b, "{2}{G}")
    assert r.payable and [a.source for a in r.activations] == ["elf", "altar"]
    assert r.sacrificed == ("elf",)


# -- keep open -----------------------------------------------------------------------------------
def test_keep_open_counterspell_mana():
    b = board("""  - {id: i1, card: Island, controller: a}
  - {id: i2, card: Island, controller: a}
  - {id: m, card: Mountain, controller: a}
  - {id: w, card: Wastes, controller: a}""")
    r = pay(b, "{2}", keep=["{U}{U}"])
    assert sorted(sources(r)) == ["m", "w"] and r.kept == (("{U}{U}", True),)
    r = pay(b, "{U}{1}", keep=["{U}{U}"])
    assert r.payable and r.kept == (("{U}{U}", False),)
    r = pay(b, "{1}", keep=["{U}", "{U}{R}"])
    assert sources(r) == ["w"] and all(ok for _, ok in r.kept)


def test_keep_uses_filters_left_untouched():
    b = load_board(EXAMPLES / "pay-filters.yaml")
    r = pay(b, "{1}", keep=["{U}{U}"])
    assert sources(r) in (["wastes"], ["plains"]) and r.kept == (("{U}{U}", True),)  # both make one mana of one type


def test_keep_open_means_untouched_sources_not_floating_mana():
    """Kept costs are for later (a counterspell on the opponent's turn); mana floating in the
    pool empties at the end of the step (106.4), so only sources the payment leaves
    untouched keep a cost open. X = 3 would leave a {U} floating: that keeps nothing open."""
    b = load_board(EXAMPLES / "pay-filters.yaml")
    r = pay(b, "{X}", maximize_x=True, keep=["{U}"])
    assert r.x == 2 and r.kept == (("{U}", True),) and r.floating == ()
    assert set(r.untapped) == {"gate", "signet"}  # Gate's {C} pays the Signet: Plains and Wastes make less
    r = pay(b, "{X}", x=3, keep=["{U}"])
    assert r.payable and r.kept == (("{U}", False),)


def test_keep_before_x_by_default_and_x_first_on_request():
    b = board("""  - {id: i1, card: Island, controller: a}
  - {id: i2, card: Island, controller: a}
  - {id: m, card: Mountain, controller: a}""")
    r = pay(b, "{X}{R}", maximize_x=True, keep=["{U}"])
    assert r.x == 1 and r.kept == (("{U}", True),)
    r = pay(b, "{X}{R}", maximize_x=True, keep=["{U}"], objective=["x", "keep"])
    assert r.x == 2 and r.kept == (("{U}", False),)


# -- restrictions (106.6) -------------------------------------------------------------------------
RESTRICTED = """  - {id: shrine, name: Creature Shrine, types: [land], controller: a,
     text: "{T}: Add {G}{G}. Spend this mana only to cast creature spells."}
  - {id: pillar, card: Pillar of the Paruns, controller: a}"""


def test_restricted_mana_only_for_its_spells():
    b = board(RESTRICTED)
    assert pay(b, "{G}{G}").payable is False
    r = pay(b, "{G}{G}")
    assert {(e.source, e.rule) for e in r.excluded} == {("shrine", "106.6"), ("pillar", "106.6")}
    assert pay(b, "{G}{G}", spell=SpellInfo(frozenset({"creature"}))).payable is True
    # Pillar: multicolored spells only; the cost's colors make the spell's (202.2)
    assert pay(b, "{W}").payable is False
    r = pay(b, "{W}{1}", spell=SpellInfo(frozenset({"creature"}), frozenset({"W", "U"})))
    assert r.payable and sorted(sources(r)) == ["pillar", "shrine"]


def test_restricted_mana_never_pays_an_activation():
    b = board(RESTRICTED + "\n  - {id: sig, card: Azorius Signet, controller: a}")
    assert pay(b, "{W}{U}", spell=SpellInfo(frozenset({"creature"}))).payable is False


def test_restricted_pool_mana():
    b = board("  - {id: w, card: Wastes, controller: a}", pool='[{mana: "{R}", spend_only: [creature]}]')
    assert pay(b, "{R}").payable is False
    assert pay(b, "{R}", spell=SpellInfo(frozenset({"creature"}))).payable is True


# -- products (106, 605) and production effects -----------------------------------------------------
def test_products_fixed_choice_any_counted():
    b = board("""  - {id: cradle, card: Gaea's Cradle, controller: a}
  - {id: e1, card: Grizzly Bears, controller: a}
  - {id: e2, card: Grizzly Bears, controller: a}
  - {id: egg, name: Egg, types: [artifact], controller: a,
     text: "{T}, Sacrifice this artifact: Add two mana in any combination of colors."}
  - {id: bird, card: Birds of Paradise, controller: a}""")
    r = pay(b, "{G}{G}{W}{U}{R}")
    assert r.payable and sorted(sources(r)) == ["bird", "cradle", "egg"]
    assert pay(b, "{G}{G}{W}{U}{R}{B}").payable is False


def test_reflected_and_doubled_mana_through_production():
    """106.7 and replacement effects come from mtgsolver.rules.production."""
    b = board("""  - {id: pool, card: Reflecting Pool, controller: a}
  - {id: f, card: Forest, controller: a, tapped: true}
  - {id: orchard, card: Exotic Orchard, controller: a}
  - {id: isl, card: Island, controller: b}""")
    r = pay(b, "{G}{U}")
    assert r.payable and sorted(sources(r)) == ["orchard", "pool"]
    assert pay(b, "{B}").payable is False
    doubled = board("  - {id: f, card: Forest, controller: a}\n  - {id: mr, card: Mana Reflection, controller: a}")
    assert pay(doubled, "{G}{G}").payable is True


# -- reasons, determinism, input errors -----------------------------------------------------------
def test_unpayable_reasons_in_board_terms():
    b = board("""  - {id: p, card: Plains, controller: a}
  - {id: i, card: Island, controller: a, tapped: true}""")
    r = pay(b, "{W}{U}{B}")
    assert r.payable is False
    text = " ".join(x.message for x in r.reasons)
    assert "{U}" in text and "{B}" in text and "i (" in text and "no available source" in text
    assert all(x.rule for x in r.reasons)


def test_same_board_same_answer():
    b = load_board(EXAMPLES / "pay-filters.yaml")
    first = pay(b, "{W}{U}").to_dict()
    assert all(pay(b, "{W}{U}").to_dict() == first for _ in range(3))


@pytest.mark.parametrize("kwargs", [dict(cost="{Q}"), dict(cost="{Y}"), dict(cost="{1}", x=1, maximize_x=True),
                                    dict(cost="{1}", player="nobody"), dict(cost="{1}", keep=["{X}"]),
                                    dict(cost="{1}", objective=["speed"])])
def test_bad_requests_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        pay(board("  - {id: f, card: Forest, controller: a}"), **kwargs)


def test_damage_from_mana_abilities_comes_before_phyrexian_life():
    """605.3b: Ancient Tomb's damage is dealt as it resolves, before the cost is paid (601.2h),
    so it can leave too little life for a Phyrexian symbol (119.4)."""
    tomb = "  - {id: tomb, card: Ancient Tomb, controller: a}"
    r = pay(board(tomb, life=2), "{2}")
    assert r.payable and r.damage == 2 and r.life_paid == 0
    assert pay(board(tomb, life=2), "{2}{B/P}").payable is False
    assert pay(board(tomb, life=4), "{2}{B/P}").life_paid == 2


def test_painland_damage_counts_as_life_lost():
    b = board("  - {id: k, card: Karplusan Forest, controller: a}\n  - {id: f, card: Forest, controller: a}")
    r = pay(b, "{G}")
    assert sources(r) == ["f"] and r.damage == 0
    r = pay(b, "{R}{G}")
    assert r.payable and r.damage == 1


def test_type_changing_and_replacement_effects_reach_the_payer():
    """Celestial Dawn makes lands Plains (305.7); Contamination turns land mana into {B}."""
    dawn = board("  - {id: f, card: Forest, controller: a}\n  - {id: cd, card: Celestial Dawn, controller: a}")
    assert pay(dawn, "{W}").payable is True and pay(dawn, "{C}").payable is False
    # the Plains' {W} pays {G} as though it were any color (609.4b)
    assert pay(dawn, "{G}").activations[0].mana == ("W",)
    contaminated = board("""  - {id: f, card: Forest, controller: a}
  - {id: c, card: Contamination, controller: b}
  - {id: elf, card: Llanowar Elves, controller: a}""")
    assert pay(contaminated, "{B}").payable is True
    assert pay(contaminated, "{G}{G}").payable is False
    assert sources(pay(contaminated, "{G}")) == ["elf"]


def test_after_the_objectives_keep_untapped_what_can_make_the_most():
    """{1}{R}{G} from Taiga, Birds of Paradise, Llanowar Elves and a Mountain: one creature must
    tap; the Elves tap, the Birds (any color) stay untapped. Then a Signet (two mana) stays
    rather than a land (one)."""
    b = board("""  - {id: taiga, card: Taiga, controller: a}
  - {id: birds, card: Birds of Paradise, controller: a}
  - {id: elves, card: Llanowar Elves, controller: a}
  - {id: mountain, card: Mountain, controller: a}""")
    r = check_reference(b, "{1}{R}{G}")
    assert r.untapped == ("birds",) and dict(r.objective)["spare"] == 3
    r = pay(b, "{1}{R}{G}", objective=["creatures", "sources"])  # without the level: any creature may tap
    assert r.payable and len(r.untapped) == 1


def check_reference(b, cost: str):
    """Pay, and hold the plan to the brute-force reference (same optimum, legal replay)."""
    from mtgsolver.model import ManaCost
    from references.reference_payment import best_payment, replay

    r = pay(b, cost)
    assert replay(b, "a", ManaCost.parse(cost), r) == best_payment(b, "a", ManaCost.parse(cost))
    return r
