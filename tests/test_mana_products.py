"""Every "combination" and "and/or" product shape of the pool's mana abilities, read against
106.1 (five colors, six types: "any combination of colors" never makes {C}) and 106.7 (what a
permanent could produce, the types of one mana for an X amount): each on real cards of the
2022-04-25 pool, for ``produce`` and for ``pay`` (checked against the brute-force reference)."""
from __future__ import annotations



from mtgsolver.load import parse_board_text
from mtgsolver.model import ManaCost
from mtgsolver.model.mana_abilities import AnyColor, Choice
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.solver.payment import pay
from mtgsolver.solver.produce import could_produce
from references.reference_payment import best_payment
from references.reference_produce import naive_could_produce

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"


def board(pool, *perms: str):
    return parse_board_text(HEAD + "".join(f"  - {{controller: a, {p}}}\n" for p in perms), "products.yaml", pool)


def types(b, pid: str) -> str:
    """What ``pid`` could produce (106.7) as letters, asserted equal to the naive fixed point."""
    got = "".join(could_produce(b).to_dict()[pid]["types"])
    assert set(got) == set(naive_could_produce(b)[pid]), pid
    return got


def payable(b, cost: str) -> bool:
    """The solver's answer, asserted equal to the brute-force reference's."""
    r = pay(b, cost)
    assert r.payable is (best_payment(b, "a", ManaCost.parse(cost)) is not None), (cost, r.reasons)
    return bool(r.payable)


def test_x_mana_in_any_combination_of_two_types_reads_those_two() -> None:
    """"Add X mana in any combination of {W} and/or {U}" (Calciform Pools): only {W} and {U}."""
    a = parse_mana_ability("{1}, Remove X storage counters from Calciform Pools: Add X mana in any combination of "
                           "{W} and/or {U}.", "Calciform Pools")
    assert a.product == AnyColor(-1, combination=True, among=("W", "U")) and a.types() == {"W", "U"}


def test_storage_land_and_reflecting_pool_could_produce_its_two_colors_only(pool) -> None:
    """106.7: Calciform Pools could produce {W}, {U} (its X ability) and {C}; Reflecting Pool beside
    it the same, never black."""
    b = board(pool, "id: pools, card: Calciform Pools, counters: {storage: 2}", "id: refl, card: Reflecting Pool")
    assert types(b, "pools") == "WUC" and types(b, "refl") == "WUC"
    b = board(pool, "id: reef, card: Dreadship Reef", "id: refl, card: Reflecting Pool")
    assert types(b, "refl") == "UBC"


def test_three_mana_in_any_combination_of_red_and_green(pool) -> None:
    """Goblin Clearcutter: every multiset of three {R}/{G}, nothing else."""
    a = parse_mana_ability("{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}.",
                           "Goblin Clearcutter")
    assert a.product == Choice((("R",) * 3, ("R", "R", "G"), ("R", "G", "G"), ("G",) * 3))
    b = board(pool, "id: g, card: Goblin Clearcutter", "id: f, card: Forest, tapped: true")
    assert types(b, "g") == "RG"
    assert payable(b, "{R}{G}{G}") and payable(b, "{R}{R}{R}")
    assert not payable(b, "{R}{W}") and not payable(b, "{C}")


def test_any_combination_of_colors_is_colors_never_colorless(pool) -> None:
    """106.1a: "two mana in any combination of colors" (Terrarion) is two colored mana, the same
    color twice or two colors; never {C}."""
    b = board(pool, "id: t, card: Terrarion", "id: s, card: Sol Ring")
    assert types(b, "t") == "WUBRG"
    assert payable(b, "{W}{W}") and payable(b, "{W}{B}")
    assert not payable(b, "{C}{C}{C}")  # Sol Ring's {C}{C} pays Terrarion's {2}; Terrarion adds no {C}


def test_two_mana_of_different_colors_is_two_colors(pool) -> None:
    """"two mana of different colors" (Firemind Vessel): two distinct colors, never one color
    twice, never colorless (106.1a)."""
    a = parse_mana_ability("{T}: Add two mana of different colors.", "Firemind Vessel")
    assert isinstance(a.product, Choice) and len(a.product.options) == 10
    assert all(len(set(o)) == 2 and "C" not in o for o in a.product.options)
    b = board(pool, "id: v, card: Firemind Vessel")
    assert types(b, "v") == "WUBRG"
    assert payable(b, "{W}{U}") and payable(b, "{R}{G}")
    assert not payable(b, "{W}{W}") and not payable(b, "{G}{C}")


def test_x_mana_in_any_combination_of_colors_where_x_is_counted(pool) -> None:
    """Axebane Guardian: X is the creatures with defender you control; colors only (106.1a)."""
    b = board(pool, "id: ax, card: Axebane Guardian", "id: w, card: Wall of Stone")
    assert could_produce(b).to_dict()["ax"]["types"] == list("WUBRG")  # the naive 106.7 reads no amounts
    assert payable(b, "{W}{B}") and payable(b, "{U}{U}")
    assert not payable(b, "{W}{B}{R}") and not payable(b, "{C}")


def test_mana_of_any_one_color_is_one_color(pool) -> None:
    """Gilded Lotus: "three mana of any one color": {R}{R}{R}, not {R}{G}."""
    b = board(pool, "id: lotus, card: Gilded Lotus")
    assert types(b, "lotus") == "WUBRG"
    assert payable(b, "{R}{R}{R}") and not payable(b, "{R}{G}") and not payable(b, "{C}")


def test_a_trigger_adding_two_mana_in_any_combination_of_colors(pool) -> None:
    """Dawn's Reflection (106.12a): the land's mana and two more colored mana, any colors; not
    part of what the land could produce (106.7)."""
    b = board(pool, "id: f, card: Forest", "id: d, card: Dawn's Reflection, attached_to: f")
    assert types(b, "f") == "G"
    assert payable(b, "{G}{W}{W}") and payable(b, "{G}{U}{B}")
    assert not payable(b, "{W}{W}{W}") and not payable(b, "{G}{C}")
