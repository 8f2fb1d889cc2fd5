"""Real Oracle forms of mana abilities beyond the basic grammar, and how payment uses them:
ability words (207.2c), riders, activation conditions (602.5b), "the chosen color"
(``chosen_color``, 106.7), amounts the board defines, spending restrictions (106.6)."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.model import ManaCost
from mtgsolver.model.mana_abilities import Amount, ChosenColor, Condition, CostPart, ManaAbilityError
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.solver.payment import SpellInfo, pay

from .test_payment import board


@pytest.mark.parametrize("text, name", [
    ("{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your next untap step.", "Cinder Marsh"),
    ("{T}: Add {G} or {W}. Put a depletion counter on Veldt.", "Veldt"),
    ("{T}, Remove a depletion counter from Peat Bog: Add {B}{B}. If there are no depletion counters on "
     "Peat Bog, sacrifice it.", "Peat Bog"),
    ("{1}, {T}, Sacrifice Chromatic Sphere: Add one mana of any color. Draw a card.", "Chromatic Sphere"),
])
def test_riders_are_kept_and_do_not_change_the_ability(text, name):
    a = parse_mana_ability(text, name)
    assert a.extra and a.condition is None and a.spend_only is None


def test_ability_word_and_condition():
    a = parse_mana_ability("Metalcraft — {T}: Add one mana of any color. "
                           "Activate only if you control three or more artifacts.", "Mox Opal")
    assert a.condition == Condition(3, "artifact") and a.taps
    a = parse_mana_ability("{T}: Add {W} or {B}. Activate only if you control a Swamp.", "Scrubland")
    assert a.condition == Condition(1, "swamp")
    a = parse_mana_ability("Ferocious — {T}: Add {G}{G}. Activate only if you control a creature with power 4 "
                           "or greater.", "X")
    assert a.condition == Condition(1, "creature", 4)


def test_condition_is_read_from_the_board():
    """602.5b: the ability can be activated only while the condition holds."""
    land = "  - {id: v, name: Vale, types: [land], controller: a, text: '{T}: Add {W} or {B}. Activate only if you control a Swamp.'}"
    r = pay(board(land), "{B}")
    assert r.payable is False and any(e.rule == "602.5b" and "swamp" in e.reason for e in r.excluded)
    assert pay(board(land + "\n  - {id: s, card: Swamp, controller: a, tapped: true}"), "{W}").payable


def test_chosen_color_needs_the_board_field():
    a = parse_mana_ability("{T}: Add {R} or one mana of the chosen color.", "Thriving Bluff")
    assert a.product == ChosenColor((("R",),))
    text = "  - {id: t, name: Thriving Bluff, types: [land], controller: a, text: '{T}: Add {R} or one mana of the chosen color.'%s}"
    assert not pay(board(text % ""), "{U}").payable  # no color chosen: undefined, no mana (106.7)
    assert pay(board(text % ""), "{R}").payable
    b = board(text % ", chosen_color: blue")
    assert pay(b, "{U}").payable and b.permanent("t").chosen_color == "U"


def test_bad_chosen_color_is_refused_with_its_field():
    with pytest.raises(BoardError) as err:
        parse_board_text("active_player: a\nplayers: [{name: a}]\nbattlefield:\n"
                         "  - {id: t, card: Forest, controller: a, chosen_color: purple}", "b.yaml")
    assert err.value.path == "battlefield[0].chosen_color"


def test_amounts_defined_on_the_board():
    chalice = "  - {id: c, name: Everflowing Chalice, types: [artifact], controller: a, counters: {charge: %d}, text: '{T}: Add {C} for each charge counter on Everflowing Chalice.'}"
    assert parse_mana_ability("{T}: Add {C} for each charge counter on Everflowing Chalice.",
                              "Everflowing Chalice").product == Amount("counters", "charge", mana=("C",))
    assert pay(board(chalice % 2), "{2}").payable and not pay(board(chalice % 2), "{3}").payable
    assert not pay(board(chalice % 0), "{1}").payable
    allies = ("  - {id: o, name: Ondu, types: [creature], subtypes: [ally], power: 1, toughness: 1, controller: a,"
              " text: '{T}: Add X mana of any one color, where X is the number of Allies you control.'}\n"
              "  - {id: x, name: Ally, types: [creature], subtypes: [ally], power: 1, toughness: 1, controller: a}")
    r = pay(board(allies), "{U}{U}")
    assert r.payable and r.activations[0].mana == ("U", "U") and not pay(board(allies), "{U}{R}").payable
    joiner = ("  - {id: j, name: Joiner, types: [creature], power: 3, toughness: 1, controller: a,"
              " text: \"{T}: Add an amount of {G} equal to Joiner's power.\"}")
    assert pay(board(joiner), "{G}{G}{G}").payable


def test_spend_restrictions_of_real_cards():
    a = parse_mana_ability("{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities "
                           "of artifacts.", "Mishra's Workshop")
    assert a.spend_only == a.spend_abilities == frozenset({"artifact"})
    a = parse_mana_ability("{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf creature spell.", "X")
    assert a.spend_only == frozenset({"elf creature"})
    shop = "  - {id: w, name: Workshop, types: [land], controller: a, text: '%s'}" % (
        "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.")
    assert pay(board(shop), "{3}", spell=SpellInfo(frozenset({"artifact"}))).payable
    assert not pay(board(shop), "{3}", spell=SpellInfo(frozenset({"creature"}))).payable
    elf = "  - {id: e, name: Elf Land, types: [land], controller: a, text: '{T}: Add {G}. Spend this mana only to cast an Elf creature spell.'}"
    assert pay(board(elf), "{G}", spell=SpellInfo(frozenset({"elf", "creature"}))).payable
    assert not pay(board(elf), "{G}", spell=SpellInfo(frozenset({"creature"}))).payable
    trilobite = parse_mana_ability("{T}: Add {C}{C}. Spend this mana only to activate abilities.", "X")
    assert trilobite.spend_only == frozenset()
    assert not SpellInfo(frozenset({"creature"})).allows(trilobite.spend_only, frozenset())


@pytest.mark.parametrize("text, reason", [
    ("{T}: Add {G} for each other creature you control.", "'other' permanents are not counted"),
    ("{T}, Sacrifice a black or artifact creature: Add {B}.", "is not a mana ability the grammar reads"),
    ("{T}: Add X mana of different colors.", "X mana of different colors"),
    ("{T}: Add {C}. If you control an Urza's Power-Plant and two Urza's Towers, add {C}{C} instead.",
     "a count in a condition of two parts"),
    ("{T}: Add {C}. If you control two Urza's Power-Plants and an Urza's Tower, add {C}{C} instead.",
     "a count in a condition of two parts"),
    ("{T}: Add two mana of the chosen color.", "more than one mana of a reflected, chosen or commander color"),
    ("{T}: Add {R} or two mana of the chosen color.", "more than one mana of the chosen color"),
    ("Sacrifice a land: Add two mana of any type the sacrificed land could produce.",
     "more than one mana of a reflected, chosen or commander color"),
    ("{T}: Add two mana of any color that a land you control could produce.",
     "more than one mana of a reflected, chosen or commander color"),
    ("{T}: Add two mana of any of this creature's colors.",
     "more than one mana of a reflected, chosen or commander color"),
    ("{T}, Sacrifice a creature that attacked: Add {B}.", "a compound filter"),
    ("{T}, Sacrifice a named creature: Add {B}.", "a compound filter"),
    ("{T}, Sacrifice an other creature: Add {B}.", "a compound filter"),
    ("{T}, Return an other land you control to its owner's hand: Add {G}.", "a compound filter"),
    ("{T}: Add {G} for each green creature with power 4 or greater you control.",
     "a count of permanents with further qualities"),
    ("{T}: Add three mana of any one color, where X is your life total.", "'where X is' without X"),
    ("{T}: Add X mana of any color, where X is your life total.", "'where X is' with this kind of mana"),
    ("{T}: Add X mana in any combination of colors, where X is the number of creatures with power 2 or greater "
     "you control.", "'where X is' a count of permanents with a least power"),
    ("{T}: Add an amount of {C} equal to X plus one.", "X plus one without X counters removed"),
    ("{T}: Add {G} for each snow green creature you control.", "a count of permanents with further qualities"),
    ("{T}: Add two amount of {G} equal to your devotion to green.", "an amount"),
    ("{T}: Add X {G}.", "X where a fixed number is needed"),
    ("{T}, Pay X life: Add {B}.", "X where a fixed number is needed"),
])
def test_forms_left_out_are_refused_with_the_reason(text, reason):
    """A line the model can't hold exactly is refused; the reason is the board file's error
    when the line is given as a mana ability (read/board_file.py)."""
    with pytest.raises(ManaAbilityError) as err:
        parse_mana_ability(text, "Test Card")
    assert str(err.value).endswith(reason)


def test_x_plus_one_counts_the_counters_removed_beside_a_fixed_mana_cost():
    """Kyren Toy's "X plus one" (107.3): X is the number of counters the cost removes; a fixed
    mana cost beside it changes nothing, an {X} in the mana cost as well is refused (two
    meanings of X), and neither is an internal error."""
    toy = parse_mana_ability("{1}, {T}, Remove X charge counters from Toy Box: Add an amount of {C} equal to X "
                             "plus one.", "Toy Box")
    assert toy.product == Amount("removed", "charge", mana=("C",), base=("C",))
    assert toy.costs[0] == CostPart("mana", mana=ManaCost.parse("{1}"))
    with pytest.raises(ManaAbilityError) as err:
        parse_mana_ability("{X}, {T}, Remove X charge counters from Toy Box: Add an amount of {C} equal to X "
                           "plus one.", "Toy Box")
    assert str(err.value).endswith("X plus one without X counters removed")
    b = board("  - {id: toy, name: Toy Box, types: [artifact], controller: a, counters: {charge: 2}, text: "
              "'{1}, {T}, Remove X charge counters from Toy Box: Add an amount of {C} equal to X plus one.'}\n"
              "  - {id: w, name: Wastes, types: [land], controller: a, text: '{T}: Add {C}.'}")
    assert pay(b, "{C}{C}{C}").payable is True  # the Wastes pays the {1}; two counters removed: three {C}
    assert pay(b, "{C}{C}{C}{C}").payable is False


def test_energy_costs_read_exactly_and_paid_from_the_players_counters():
    """Energy (107.14) is read into its own cost part, paid with the player's energy counters
    (122.1f): without one the ability can't be activated, a proven no with the reason (118.3)."""
    a = parse_mana_ability("{T}, Pay {E}: Add one mana of any color.", "X")
    assert [c.kind for c in a.costs] == ["tap", "energy"] and a.costs[1].amount == 1
    land = "  - {id: v, name: Aether Hub, types: [land], controller: a, text: '{T}, Pay {E}: Add one mana of any color.'}"
    r = pay(board(land), "{U}")
    assert r.payable is False and not r.unmodelled
    assert any(e.rule == "118.3" and "energy counter" in e.reason for e in r.excluded)
    assert pay(board(land, energy=1), "{U}").payable is True
