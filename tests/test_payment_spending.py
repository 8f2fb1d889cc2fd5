"""Spending rules and pool mana in payment: Celestial Dawn (609.4b and its rulings), and
kept costs, which mana left in the pool never pays (it empties at the end of the step, 106.4)."""
from __future__ import annotations

from mtgsolver.solver.payment import SpellInfo, pay
from references.reference_payment import best_payment, replay

from .test_payment import board, sources

DAWN = "  - {id: dawn, card: Celestial Dawn, controller: a}"


def check(b, cost: str, **kw):
    """Pay, and hold the plan to the brute-force reference (same optimum, legal replay)."""
    from mtgsolver.model import ManaCost
    r = pay(b, cost, **kw)
    expected = best_payment(b, "a", ManaCost.parse(cost), tuple(ManaCost.parse(k) for k in kw.get("keep", ())),
                            kw.get("maximize_x", False))
    assert r.payable is (expected is not None)
    if expected is not None:
        assert replay(b, "a", ManaCost.parse(cost), r) == expected
    return r


# -- Celestial Dawn ----------------------------------------------------------------------------
def test_dawn_white_mana_pays_any_colored_symbol():
    """Ruling 2004-10-04: you may use a different color mana than the color required;
    the Plains (305.7) make {W}, which pays {U}, {B/R}, {G/P} and {2/R}."""
    b = board(DAWN + "\n  - {id: i, card: Island, controller: a}\n  - {id: m, card: Mountain, controller: a}")
    r = check(b, "{U}{B/R}")
    assert r.payable and [a.mana for a in r.activations] == [("W",), ("W",)]
    assert all(u.type == "W" for s in r.assignment for u in s.mana)
    assert check(b, "{G/P}{2/R}").life_paid == 0


def test_without_dawn_the_island_pays_blue_only():
    b = board("  - {id: i, card: Island, controller: a}")
    assert pay(b, "{U}").payable and not pay(b, "{R}").payable


def test_dawn_other_mana_only_as_colorless():
    """Ruling 2006-09-25: Llanowar Elves still makes {G} (nonland permanents are not
    changed), but colored mana may be spent only on the colorless part of costs."""
    b = board(DAWN + "\n  - {id: elf, card: Llanowar Elves, controller: a}")
    r = check(b, "{G}")
    assert r.payable is False
    assert any(x.rule == "609.4b" for x in r.reasons)
    r = check(b, "{1}")
    assert r.payable and r.activations[0].mana == ("G",)


def test_dawn_nonwhite_pool_mana_pays_only_generic_and_colorless():
    """Ruling 2006-09-25: nonwhite mana already in the pool stays there but can be spent
    only on the colorless part of costs; 118.14: as colorless it pays {C} too."""
    b = board(DAWN, pool='"{R}{U}"')
    assert check(b, "{R}").payable is False
    assert check(b, "{2}").payable
    assert check(b, "{C}").payable
    assert check(b, "{U/R}").payable is False


def test_dawn_white_mana_does_not_pay_colorless_symbol():
    """{C} is paid only with colorless mana (107.4c); white spent as any *color* is not colorless."""
    b = board(DAWN, pool='"{W}"')
    assert check(b, "{C}").payable is False
    assert check(b, "{1}").payable


def test_dawn_applies_to_activation_costs():
    """Ruling 2004-10-04: white mana may pay an ability that needs another color; a filter
    activated with {W} in place of {U}."""
    b = board(DAWN + "\n  - {id: p, card: Plains, controller: a}"
              "\n  - {id: f, name: Filter, types: [artifact], controller: a, text: '{U}: Add {B}{B}.'}")
    r = check(b, "{1}{1}")
    assert r.payable and sources(r) == ["p", "f"]
    assert [u.type for u in r.activations[1].paid_with] == ["W"]


def test_dawn_keeps_snow_and_affects_only_its_controller():
    """Ruling 2004-10-04: Celestial Dawn doesn't remove the snow supertype ({S} still paid);
    the opponent's spending is unchanged."""
    b = board(DAWN + "\n  - {id: s, card: Snow-Covered Island, controller: a}"
              "\n  - {id: o, card: Island, controller: b}")
    r = check(b, "{S}")
    assert r.payable and r.activations[0].mana == ("W",)
    assert pay(b, "{U}", player="b").payable


# -- kept costs and the pool (106.4) ------------------------------------------------------------
def test_keep_is_not_paid_by_pool_mana_the_payment_leaves():
    """Pool mana the payment doesn't spend empties at the end of the step (106.4): it
    keeps nothing open, so only untouched sources count for a kept cost."""
    b = board("  - {id: f, card: Forest, controller: a}", pool='"{U}"')
    r = check(b, "{G}", keep=["{U}"])
    assert r.payable and r.kept == (("{U}", False),) and sources(r) == ["f"]
    r = check(b, "{1}", keep=["{U}"])
    assert r.payable and r.kept == (("{U}", False),)


def test_keep_is_not_paid_by_mana_made_and_not_spent():
    """Sol Ring's second {C} floats after paying {1}; the Ring is tapped, so {1} is not kept."""
    b = board("  - {id: ring, card: Sol Ring, controller: a}")
    r = check(b, "{1}", keep=["{1}"])
    assert r.payable and r.kept == (("{1}", False),) and [u.type for u in r.floating] == ["C"]


def test_pool_pays_the_spell_so_an_untouched_island_keeps_blue_open():
    b = board("  - {id: i, card: Island, controller: a}", pool='"{U}"')
    r = check(b, "{U}", keep=["{U}"])
    assert r.payable and r.kept == (("{U}", True),) and sources(r) == [] and "i" in r.untapped


def test_restricted_pool_mana_paying_the_spell_leaves_the_forest_for_the_kept_cost():
    """Mana restricted to creature spells (106.6) pays a creature spell, and the Forest
    stays untouched for the kept {G}; for another spell the Forest must pay."""
    b = board("  - {id: f, card: Forest, controller: a}", pool='[{mana: "{G}", spend_only: [creature]}]')
    r = pay(b, "{G}", keep=["{G}"], spell=SpellInfo(frozenset({"creature"})))
    assert r.payable and r.kept == (("{G}", True),)
    assert [a.source for a in r.activations] == []
    r = pay(b, "{G}", keep=["{G}"])
    assert r.payable and r.kept == (("{G}", False),)
