"""A spell's own restriction on the mana that pays for it (113.6e: it functions on the stack;
106.6 is the same kind of restriction, carried by the mana): Myr Superion's "Spend only mana
produced by creatures to cast this spell", Imperiosaur's "... produced by basic lands ...",
read from the card passed with ``--card`` and applied; "produced by creatures" means creature
permanents (109.2), so a Spirit Guide exiled from the hand is not one. Mana barred from the
spell still pays activation costs. Other "Spend only" lines of the card are unread: a payment
they could forbid is undecided. An activated ability's "Spend only black mana on X" (107.3) is
read: X is paid as X symbols of those types. Checked against the brute-force reference."""
from __future__ import annotations



from mtgsolver.load import parse_board_text
from mtgsolver.model import ManaCost
from mtgsolver.read.spell_text import spending_restriction
from mtgsolver.solver.payment import pay
from references.reference_payment import best_payment, replay

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"


def board(pool, *perms: str, tail: str = ""):
    return parse_board_text(HEAD + "battlefield:\n" + "".join(f"  - {{controller: a, {p}}}\n" for p in perms) + tail,
                            "spell.yaml", pool)


def agree(pool, b, card: str, cost: str | None = None) -> bool:
    """Pay for ``card`` (its mana cost by default), asserted equal to the reference's optimum."""
    c = pool.get(card)
    cost = cost or str(c.mana_cost)
    r = pay(b, cost, card=c)
    mana_from, _ = spending_restriction(c)
    types = frozenset(t.lower() for t in (*c.types, *c.supertypes, *c.subtypes))
    want = best_payment(b, "a", ManaCost.parse(cost), spell_types=types, mana_from=mana_from)
    assert r.payable is (want is not None), (cost, r.reasons)
    if want is not None:
        assert replay(b, "a", ManaCost.parse(cost), r, spell_types=types, mana_from=mana_from) == want
    return bool(r.payable)


def test_the_restrictions_of_the_pool_are_read(pool) -> None:
    assert spending_restriction(pool.get("Myr Superion")) == (frozenset({"creature"}), ())
    assert spending_restriction(pool.get("Imperiosaur")) == (frozenset({"basic land"}), ())
    assert spending_restriction(pool.get("Consume Spirit")) == (None, ("Spend only black mana on X.",))
    assert spending_restriction(pool.get("Grizzly Bears")) == (None, ())


def test_mana_produced_by_creatures(pool) -> None:
    """Myr Superion ({2}): Llanowar Elves and Birds pay it, a Forest does not; a Dryad Arbor is a
    creature; summoning sick Elves can't tap (302.6)."""
    elves = ["id: e1, card: Llanowar Elves", "id: e2, card: Birds of Paradise"]
    assert agree(pool, board(pool, *elves), "Myr Superion")
    assert not agree(pool, board(pool, elves[0], "id: f, card: Forest", "id: s, card: Sol Ring"), "Myr Superion")
    assert agree(pool, board(pool, elves[0], "id: d, card: Dryad Arbor"), "Myr Superion")
    assert not agree(pool, board(pool, elves[0], "id: e2, card: Llanowar Elves, summoning_sick: true"),
                     "Myr Superion")
    r = pay(board(pool, elves[0], "id: f, card: Forest"), "{2}", card=pool.get("Myr Superion"))
    assert r.payable is False


def test_land_mana_still_pays_a_creatures_activation_cost(pool) -> None:
    """The restriction is on what pays the spell: a Forest's {G} pays a creature's filter ability
    (605.3a), whose mana then pays Myr Superion."""
    filt = ("id: g, name: Filter Golem, types: [artifact, creature], power: 1, toughness: 1, "
            "text: '{1}, {T}: Add {C}{C}.'")
    b = board(pool, filt, "id: f, card: Forest")
    assert agree(pool, b, "Myr Superion")
    assert not agree(pool, board(pool, filt, "id: f, card: Forest"), "Myr Superion", "{3}")


def test_a_creature_card_in_hand_is_not_a_creature(pool) -> None:
    """109.2: Elvish Spirit Guide in the hand is a card, not a creature: its mana can't pay Myr
    Superion."""
    b = board(pool, "id: e, card: Llanowar Elves", tail="zones: {a: {hand: [Elvish Spirit Guide, Myr Superion]}}")
    assert not agree(pool, b, "Myr Superion")
    assert agree(pool, b, "Grizzly Bears")


def test_mana_produced_by_basic_lands(pool) -> None:
    """Imperiosaur ({2}{G}{G}): basic Forests yes; Taiga (not basic) and Elves no."""
    forests = [f"id: f{i}, card: Forest" for i in range(4)]
    assert agree(pool, board(pool, *forests), "Imperiosaur")
    assert not agree(pool, board(pool, *forests[:3], "id: t, card: Taiga"), "Imperiosaur")
    assert not agree(pool, board(pool, *forests[:3], "id: e, card: Llanowar Elves"), "Imperiosaur")


def test_pool_mana_of_unknown_makers_is_undecided(pool) -> None:
    """Mana in the pool: the board does not say which permanent made it."""
    b = board(pool, "id: e, card: Llanowar Elves", tail="mana_pool: {a: \"{G}\"}")
    r = pay(b, "{2}", card=pool.get("Myr Superion"))
    assert r.payable is None and r.as_read is False and r.reasons[0].rule == "113.6e"
    r = pay(board(pool, "id: e, card: Llanowar Elves", "id: e2, card: Llanowar Elves", tail="mana_pool: {a: \"{G}\"}"),
            "{2}", card=pool.get("Myr Superion"))
    assert r.payable is True and all(s.mana[0].source != "pool" for s in r.assignment)


def test_a_spending_line_not_read_leaves_a_payment_undecided(pool) -> None:
    """Consume Spirit ({X}{1}{B}): "Spend only black mana on X." is not read: a payment with
    other mana for X could be forbidden; a cost found unpayable stays unpayable."""
    b = board(pool, "id: s, card: Swamp", "id: m, card: Mountain", "id: m2, card: Mountain")
    r = pay(b, "{X}{1}{B}", x=1, card=pool.get("Consume Spirit"))
    assert r.payable is None and r.as_read is True and "Spend only black mana on X" in r.reasons[0].message
    assert pay(b, "{X}{1}{B}", x=2, card=pool.get("Consume Spirit")).payable is False


def test_a_turn_plan_reads_the_restriction_of_each_card_cast(pool) -> None:
    """`plan`: Myr Superion is paid by the Elves; with a Forest instead no payment is found,
    and mana carried between steps keeps no maker, so that is undecided, not "no"."""
    from mtgsolver.solver.plan import plan

    hand = "zones: {a: {hand: [Myr Superion, Consume Spirit]}}"
    elves = board(pool, "id: e1, card: Llanowar Elves", "id: e2, card: Llanowar Elves", tail=hand)
    r = plan(elves, ["Myr Superion"])
    assert r.castable is True and {a.source for a in r.steps[0].activations} == {"e1", "e2"}
    r = plan(board(pool, "id: e1, card: Llanowar Elves", "id: f, card: Forest", tail=hand), ["Myr Superion"])
    assert r.castable is None and r.as_read is False and r.reasons[0].rule == "113.6e"
    swamps = board(pool, *(f"id: s{i}, card: Swamp" for i in range(3)), tail=hand)
    r = plan(swamps, ["Consume Spirit"], x=1)
    assert r.castable is None and r.as_read is True and "black mana on X" in r.reasons[0].message


def test_the_mana_spent_on_an_abilitys_x_is_restricted(pool) -> None:
    """107.3: Crypt Rats' "{X}: ... Spend only black mana on X." and Crimson Hellkite's "{X},
    {T}: ... Spend only red mana on X." are read whole; X = 2 is paid with two Swamps, not with
    an Island and a Swamp, as the reference pays {B}{B}."""
    b = board(pool, "id: s1, card: Swamp", "id: i1, card: Island", "id: i2, card: Island", "id: r, card: Crypt Rats",
              "id: h, card: Crimson Hellkite")
    rats, hellkite = b.permanent("r"), b.permanent("h")
    assert rats.unread == () and hellkite.unread == ()
    assert rats.activated_abilities[0].spend_on_x == ("B",) and hellkite.activated_abilities[0].spend_on_x == ("R",)
    cost = rats.activated_abilities[0].mana
    assert str(cost.with_x(2)) == "{B}{B}" and cost.with_x(2).mana_value == 2
    for lands, x in ((("id: s1, card: Swamp", "id: i1, card: Island"), 2), (("id: s1, card: Swamp",), 1),
                     (("id: s1, card: Swamp", "id: s2, card: Swamp", "id: i1, card: Island"), 2)):
        b = board(pool, *lands)
        r = pay(b, cost, x=x)
        want = best_payment(b, "a", ManaCost.parse("{B}" * x))
        assert r.payable is (want is not None), (lands, x)
        assert r.payable is False or r.x == x
