"""The payment solver pays with what 106.7 and the production effects say:
reflected abilities offer exactly the computed types, doublers and triggers add mana."""
from __future__ import annotations

from mtgsolver.solver.payment import pay
from references.reference_produce import card, make_board


def used(result) -> dict[str, tuple[str, ...]]:
    return {a.source: tuple(sorted(a.mana)) for a in result.activations}


def test_pool_pays_green_beside_a_forest() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("f", "Forest", tapped=True))
    r = pay(b, "{G}")
    assert r.payable and used(r) == {"pool": ("G",)}
    assert not pay(b, "{U}").payable  # the Pool offers exactly {G}


def test_lonely_pools_pay_nothing() -> None:
    b = make_board(card("p1", "Reflecting Pool"), card("p2", "Reflecting Pool"))
    assert pay(b, "{1}").payable is False


def test_orchard_pays_the_opponents_colors() -> None:
    b = make_board(card("o", "Exotic Orchard"), card("i", "Island", "bob"), card("w", "Wastes", "bob"))
    assert pay(b, "{U}").payable
    assert not pay(b, "{C}").payable  # colors only


def test_doubler_pays_two_with_one_forest() -> None:
    b = make_board(card("f", "Forest"), card("mr", "Mana Reflection"))
    r = pay(b, "{G}{G}")
    assert r.payable and used(r) == {"f": ("G", "G")}
    assert not pay(b, "{G}{G}{G}").payable


def test_triggers_add_to_the_plan() -> None:
    b = make_board(card("f", "Forest"), card("wg", "Wild Growth", attached_to="f"),
                   card("hb", "Heartbeat of Spring", "bob"))
    r = pay(b, "{G}{G}{G}")
    assert r.payable and used(r) == {"f": ("G", "G", "G")}


def test_contamination_and_dawn_change_what_lands_pay() -> None:
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"))
    assert not pay(b, "{G}").payable and pay(b, "{B}").payable
    b = make_board(card("f", "Forest"), card("d", "Celestial Dawn"))
    assert not pay(b, "{C}").payable and pay(b, "{W}").payable
    assert pay(b, "{G}").activations[0].mana == ("W",)  # white spent as any color (609.4b)


def test_squandered_sacrifice_reads_the_land() -> None:
    b = make_board(card("sq", "Squandered Resources"), card("f", "Forest", tapped=True), card("c", "Contamination"))
    r = pay(b, "{B}")
    assert r.payable and r.sacrificed == ("f",)
    assert not pay(b, "{G}").payable
