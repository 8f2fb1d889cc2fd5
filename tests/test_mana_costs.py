"""Mana abilities whose costs draw on the zones the board gives (118.3): a card milled from the
library (701.17b), discarded or exiled from the hand, exiled from the graveyard, counters
removed (X chosen as the cost is paid, 107.3a), other untapped permanents tapped (701.26a; not
a {T} cost of theirs, so 302.6 does not apply), a counter put on the source, an exert
(701.43b), the player's energy counters paid (107.14); a card in a hand or graveyard whose
ability exiles it from there (113.6m, 605.1a). Each on real cards of the 2022-04-25 pool,
checked against the brute-force reference; costs read but not modelled ("discard your hand",
X sacrifices) give undecided, never "no"."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import ManaCost
from mtgsolver.solver.payment import SpellInfo, pay
from references.reference_payment import best_payment, replay

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"


def board(pool, *perms: str, zones: str = "", energy: int = 0):
    text = HEAD.replace("{name: a}", f"{{name: a, energy: {energy}}}") + "battlefield:\n" + "".join(f"  - {{controller: a, {p}}}\n" for p in perms)
    if zones:
        text += f"zones: {{a: {{{zones}}}}}\n"
    return parse_board_text(text, "costs.yaml", pool)


def agree(b, cost: str, card: str | None = None, spell: frozenset[str] | None = None) -> bool | None:
    """The solver's answer, asserted equal to the brute-force reference's (with its plan
    replayed legally to the reference's optimum); ``card``: a card of the hand paid for;
    ``spell``: the spell's types (106.6)."""
    cast = next((c.card for c in b.zones["a"].hand if c.card.name == card), None)
    r = pay(b, cost, card=cast, spell=SpellInfo(spell) if spell is not None else None)
    want = best_payment(b, "a", ManaCost.parse(cost), spell_types=spell, cast=card)
    assert r.payable is (want is not None), (cost, r.reasons, r.excluded)
    if want is not None:
        assert replay(b, "a", ManaCost.parse(cost), r, cast=card, spell_types=spell or frozenset()) == want, r.to_dict()
    return r.payable


def test_mill_a_card_needs_the_library(pool) -> None:
    """Millikin: "{T}, Mill a card" with a 10-card library pays {1}; with no library it can't
    (701.17b); two Millikins and one card mill one card between them."""
    assert agree(board(pool, "id: m, card: Millikin", zones="library: {count: 10}"), "{1}")
    b = board(pool, "id: m, card: Millikin")
    r = pay(b, "{1}")
    assert r.payable is False and any(e.rule == "701.17b" for e in r.excluded)
    two = board(pool, "id: m1, card: Millikin", "id: m2, card: Deranged Assistant", zones="library: {count: 1}")
    assert agree(two, "{1}") and not agree(two, "{2}")


def test_discard_a_card_needs_a_card_in_hand(pool) -> None:
    """Overeager Apprentice pays {B}{B}{B} with a card to discard; the hand's unknown cards
    count (402.3); the card being paid for is on the stack (601.2a), not in the hand."""
    apprentice = "id: o, card: Overeager Apprentice"
    assert agree(board(pool, apprentice, zones="hand: [Shock]"), "{B}{B}{B}")
    assert agree(board(pool, apprentice, zones="hand: {count: 2}"), "{B}{B}{B}")
    assert not agree(board(pool, apprentice), "{B}{B}{B}")
    assert not agree(board(pool, apprentice, zones="hand: [Shock]"), "{B}{B}{B}", card="Shock")
    assert agree(board(pool, apprentice, zones="hand: [Shock, Shock]"), "{B}{B}{B}", card="Shock")
    witch = board(pool, "id: w, card: Bog Witch", "id: s, card: Swamp", zones="hand: [Shock]")
    assert agree(witch, "{B}{B}{B}") and not agree(witch, "{B}{B}{B}{B}")


def test_remove_any_number_of_counters(pool) -> None:
    """107.3a: X is chosen as the cost is paid. Mage-Ring Network with three storage counters
    makes {C}{C}{C} (its two {T} abilities exclude each other, 107.5); Calciform Pools makes X
    mana of {W} and/or {U} for {1}; Black Mana Battery {B} and one more per counter; Kyren Toy
    X plus one; Petalmane Baku X of one color. The Battery's "{2}, {T}: Put a charge counter on
    Black Mana Battery" is an activated ability other than a mana ability, so no counter is added
    while a cost is paid (601.2g, 605.1a)."""
    ring = board(pool, "id: r, card: Mage-Ring Network, counters: {storage: 3}")
    assert agree(ring, "{C}{C}{C}") and not agree(ring, "{4}")
    pools = board(pool, "id: c, card: Calciform Pools, counters: {storage: 2}, tapped: true", "id: p, card: Plains")
    assert agree(pools, "{W}{U}") and agree(pools, "{U}{U}") and not agree(pools, "{W}{U}{U}")
    r = pay(pools, "{W}{U}")
    assert [(a.source, a.x) for a in r.activations if a.source == "c"] == [("c", 2)]
    battery = board(pool, "id: bb, card: Black Mana Battery, counters: {charge: 2}")
    assert agree(battery, "{B}{B}{B}")
    r = pay(battery, "{B}{B}{B}{B}")  # "{2}, {T}: Put a charge counter" is no mana ability: not while paying (601.2g)
    assert r.payable is False and r.unread == () and best_payment(battery, "a", ManaCost.parse("{4}")) is None
    toy = board(pool, "id: t, card: Kyren Toy, counters: {charge: 2}")
    assert agree(toy, "{3}") and not agree(toy, "{4}")
    baku = board(pool, "id: k, card: Petalmane Baku, counters: {ki: 2}", "id: f, card: Forest")
    assert agree(baku, "{R}{R}") and not agree(baku, "{R}{U}")


def test_a_card_exiled_from_the_hand_is_a_source(pool) -> None:
    """Elvish Spirit Guide's ability works from the hand (113.6m, 605.1a): {G} each, none when
    it is the card being cast; with Overeager Apprentice both need a card of one hand."""
    assert agree(board(pool, "id: f, card: Forest, tapped: true", zones="hand: [Elvish Spirit Guide]"), "{G}")
    two = board(pool, "id: f, card: Forest, tapped: true",
                zones="hand: [Elvish Spirit Guide, Elvish Spirit Guide, Simian Spirit Guide]")
    assert agree(two, "{G}{G}{R}") and not agree(two, "{G}{G}{G}")
    assert not agree(board(pool, "id: f, card: Forest, tapped: true", zones="hand: [Elvish Spirit Guide]"),
                     "{G}", card="Elvish Spirit Guide")
    both = "id: o, card: Overeager Apprentice"
    assert not agree(board(pool, both, zones="hand: [Elvish Spirit Guide]"), "{G}{B}{B}{B}")
    assert agree(board(pool, both, zones="hand: [Elvish Spirit Guide, Shock]"), "{G}{B}{B}{B}")
    r = pay(board(pool, "id: f, card: Forest, tapped: true", zones="hand: [Elvish Spirit Guide]"), "{G}")
    assert r.activations[0].source == "a.hand[0]" and r.activations[0].uses == (("card in a's hand", 1),)


def test_exile_a_card_from_the_hand_or_graveyard(pool) -> None:
    """Cadaverous Bloom exiles one hand card per activation; Jack-o'-Lantern exiles itself from
    the graveyard (113.6m), its {1} paid by another source."""
    bloom = board(pool, "id: c, card: Cadaverous Bloom", zones="hand: [Shock, Opt]")
    assert agree(bloom, "{B}{B}{G}{G}") and not agree(bloom, "{B}{B}{G}{G}{B}")
    jack = board(pool, "id: s, card: Sol Ring", zones="graveyard: [Jack-o'-Lantern]")
    assert agree(jack, "{C}{R}") and not agree(jack, "{R}{R}")
    assert not agree(board(pool, "id: s, card: Sol Ring", zones="hand: [Jack-o'-Lantern]"), "{C}{R}")


def test_tap_untapped_permanents_you_control(pool) -> None:
    """Seton taps a Druid, itself included, summoning sick or not (302.6 is about {T}); a Druid
    tapped by its own {T} can't be tapped again (701.26a). Heritage Druid taps three Elves;
    Springleaf Drum taps a creature beside its own {T}; Grand Architect a blue creature."""
    seton = "id: s, card: \"Seton, Krosan Protector\", summoning_sick: true"
    elder = "id: e, card: Fyndhorn Elder"
    assert agree(board(pool, seton, elder), "{G}{G}{G}") and not agree(board(pool, seton, elder), "{G}{G}{G}{G}")
    sick = board(pool, seton, elder + ", summoning_sick: true")
    assert agree(sick, "{G}{G}") and not agree(sick, "{G}{G}{G}")
    r = pay(sick, "{G}{G}")
    assert sorted(p for a in r.activations for p in a.tapped) == ["e", "s"] and r.untapped == ()
    elves = board(pool, "id: h, card: Heritage Druid, summoning_sick: true",
                  *(f"id: l{i}, card: Llanowar Elves, summoning_sick: true" for i in range(2)))
    assert agree(elves, "{G}{G}{G}") and not agree(elves, "{G}{G}{G}{G}")
    drum = board(pool, "id: d, card: Springleaf Drum", "id: g, card: Grizzly Bears, summoning_sick: true")
    assert agree(drum, "{U}")
    assert not agree(board(pool, "id: d, card: Springleaf Drum", "id: g, card: Grizzly Bears, tapped: true"), "{U}")
    architect = board(pool, "id: v, card: Grand Architect, summoning_sick: true", "id: g, card: Grizzly Bears")
    artifact = frozenset({"artifact"})
    assert agree(architect, "{2}", spell=artifact)  # it taps itself: a blue creature (105.2)
    assert not agree(architect, "{3}", spell=artifact)  # Grizzly Bears is green
    assert not agree(architect, "{1}")  # 106.6: only artifact spells


def test_a_counter_put_on_it_and_an_exert_are_always_paid(pool) -> None:
    """Wall of Roots (once each turn, 602.5b) and Oasis Ritualist's exert (701.43b)."""
    wall = board(pool, "id: w, card: Wall of Roots")
    assert agree(wall, "{G}") and not agree(wall, "{G}{G}")
    naga = board(pool, "id: n, card: Oasis Ritualist")
    assert agree(naga, "{R}{R}") and not agree(naga, "{R}{G}")


def test_energy_counters_pay_for_mana(pool) -> None:
    """107.14: Aether Hub's "{T}, Pay {E}" takes one of the player's energy counters (122.1f);
    two Hubs make two colored mana with two counters, one without, and none with no counter."""
    hubs = ("id: x, card: Aether Hub", "id: y, card: Aether Hub")
    assert agree(board(pool, *hubs, energy=2), "{W}{U}") is True
    assert agree(board(pool, *hubs, energy=1), "{W}{U}") is False
    assert agree(board(pool, *hubs, energy=1), "{W}{C}") is True
    assert agree(board(pool, *hubs), "{W}") is False
    r = pay(board(pool, *hubs, energy=1), "{W}")
    assert r.payable is True and not r.unmodelled


@pytest.mark.parametrize("card, cost", [
    ("Lion's Eye Diamond", "{W}{W}"),  # "discard your hand", only as an instant
    ("Springjack Pasture", "{W}"),  # X Goats sacrificed, X mana: not modelled even taken as paid
])
def test_a_cost_not_modelled_is_undecided_never_no(pool, card, cost) -> None:
    """An unpayable answer a cost read but not modelled could change is undecided (exit 3)."""
    b = board(pool, f"id: x, card: \"{card}\"", zones="hand: [Shock]")
    r = pay(b, cost)
    assert r.payable is None and r.as_read is False
    assert r.unmodelled and all(not e.modelled for e in r.unmodelled)
    assert "undecided" in r.reasons[0].message and r.reasons[0].rule == "118.3"


def test_a_cost_not_modelled_that_could_not_pay_even_for_free_leaves_no(pool) -> None:
    """With the costs not modelled taken as paid the sources still can't pay (a superset of
    every real payment): Lion's Eye Diamond is sacrificed once, so {W}{W}{W}{W} is a confident
    no, and {C}{C} with a Forest too."""
    b = board(pool, "id: x, card: Lion's Eye Diamond")
    assert pay(b, "{W}{W}{W}{W}").payable is False
    assert pay(board(pool, "id: x, card: Lion's Eye Diamond", "id: f, card: Forest"), "{C}{C}").payable is False


def test_largest_x_with_a_cost_not_modelled(pool) -> None:
    """A largest X that could grow with an ability not modelled is undecided (as read: payable);
    one that could not (Aether Hub's two abilities share its {T}) is proven."""
    led = board(pool, "id: x, card: Lion's Eye Diamond", "id: f, card: Forest")
    r = pay(led, "{X}", maximize_x=True)
    assert r.payable is None and r.as_read is True and r.x == 1
    assert pay(led, "{1}").payable is True  # found payable: more abilities take nothing away
    r = pay(board(pool, "id: x, card: Aether Hub", "id: f, card: Forest"), "{X}", maximize_x=True)
    assert r.payable is True and r.x == 2


def test_a_turn_plan_pays_with_the_same_costs(pool) -> None:
    """`plan`: the cards cast are on the stack (601.2a), so no discard takes them; the cards
    the costs take are there once over the whole turn (118.3); a cost not modelled leaves
    "not castable" undecided."""
    from mtgsolver.solver.plan import plan

    apprentice = "id: o, card: Overeager Apprentice"
    assert plan(board(pool, apprentice, zones="hand: [Duress, Shock]"), ["Duress"]).castable is True
    assert plan(board(pool, apprentice, zones="hand: [Duress]"), ["Duress"]).castable is False
    assert plan(board(pool, apprentice, zones="hand: [Duress, Duress]"), ["Duress", "Duress"]).castable is False
    guide = board(pool, "id: m, card: Mountain", zones="hand: [Elvish Spirit Guide, Elvish Spirit Guide, Giant Growth]")
    assert plan(guide, ["Giant Growth"]).castable is True
    hubs = ("id: x, card: Aether Hub", "id: y, card: Aether Hub")
    assert plan(board(pool, *hubs, zones="hand: [Duress, Duress]", energy=1), ["Duress", "Duress"]).castable is False
    assert plan(board(pool, *hubs, zones="hand: [Duress, Duress]", energy=2), ["Duress", "Duress"]).castable is True
    r = plan(board(pool, "id: x, card: Lion's Eye Diamond", zones="hand: [Duress]"), ["Duress"])
    assert r.castable is None and r.as_read is False and r.reasons[0].rule == "118.3"
    led = "Discard your hand, Sacrifice Lion's Eye Diamond: Add three mana of any one color. Activate only as an instant."
    assert r.reasons[0].message == ("undecided: mana abilities whose costs the payment does not model could pay "
                                    f"more: x ({led})")



def test_a_turn_plan_is_undecided_on_a_cost_the_card_cast_changes(pool) -> None:
    """601.2f: Blasphemous Act costs {1} less for each creature on the battlefield, a line the plan
    does not read: one Mountain and eight Bears cast it, so "not castable" would be wrong."""
    from mtgsolver.solver.plan import plan

    bears = [f"id: b{i}, card: Grizzly Bears" for i in range(8)]
    r = plan(board(pool, "id: m, card: Mountain", *bears, zones="hand: [Blasphemous Act, Blasphemous Act]"),
             ["Blasphemous Act", "Blasphemous Act"])
    act = "This spell costs {1} less to cast for each creature on the battlefield."
    assert r.castable is None and r.reasons[0].rule == "601.2f"
    assert r.reasons[0].message == f"undecided: a card cast changes its own cost by text the plan does not read: {act} {act}"
    assert plan(board(pool, "id: m, card: Mountain", *bears, zones="hand: [Earthquake]"), ["Earthquake"]).castable is True
    assert plan(board(pool, "id: m, card: Mountain", zones="hand: [Lava Axe]"), ["Lava Axe"]).castable is False

ISSUE_BOARD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: millikin, card: Millikin, controller: alice}
  - {id: apprentice, card: Overeager Apprentice, controller: alice}
  - {id: network, card: Mage-Ring Network, controller: alice, counters: {storage: 2}}
  - {id: pools, card: Calciform Pools, controller: alice, counters: {storage: 2}, tapped: true}
  - {id: seton, card: "Seton, Krosan Protector", controller: alice}
  - {id: hub, card: Aether Hub, controller: alice}
zones:
  alice:
    hand: [Elvish Spirit Guide, Shock]
    library: {count: 10}
"""


@pytest.mark.parametrize("cost, status, words", [
    ("{1}", 0, "can be paid"),
    ("{B}{B}{B}", 0, "using 1 card in alice's hand"),
    ("{W}{U}", 0, "using 2 storage counter on pools"),
    ("{G}{G}", 0, "tapping seton"),
    ("{C}{C}{C}{C}", 0, "can be paid"),  # Network X=2 (not its {T}: {C} too, 107.5), Millikin, Hub's {C}
    ("{C}{C}{C}{C}{C}", 1, "can't be paid"),  # {G} can't pay {C} (107.4c), nor Hub's energy ability
    ("{W}{W}{W}", 1, "can't be paid"),  # Aether Hub's energy ability: alice has no energy counter (107.14)
])
def test_the_costs_on_a_board_file_through_the_cli(pool, atomic_cards, board_file, cost, status, words) -> None:
    """The board of the report, through `mtgsolver pay`: exit 0 where the costs are paid, 3
    (never 1) where an ability whose cost is not modelled is on the board."""
    from typer.testing import CliRunner

    from mtgsolver.cli import app

    r = CliRunner().invoke(app, ["pay", str(board_file(ISSUE_BOARD)), "--cost", cost, "--cards", str(atomic_cards)])
    assert r.exit_code == status, r.output
    assert words in r.output


@pytest.mark.parametrize("line, card, used", [
    ("{T}, Mill a card: Add {C}.", "Millikin", True),
    ("{1}, Remove X storage counters from Calciform Pools: Add X mana in any combination of {W} and/or {U}.",
     "Calciform Pools", True),
    ("Tap an untapped Druid you control: Add {G}.", "Seton, Krosan Protector", True),
    ("Exile Elvish Spirit Guide from your hand: Add {G}.", "Elvish Spirit Guide", True),
    ("{T}, Pay {E}: Add one mana of any color.", "Aether Hub", True),
    ("Discard your hand, Sacrifice Lion's Eye Diamond: Add three mana of any one color. Activate only as an instant.",
     "Lion's Eye Diamond", False),
    ("{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life.", "Springjack Pasture", False),
])
def test_coverage_counts_a_mana_line_read_only_when_payment_uses_all_of_it(line, card, used) -> None:
    """`cards coverage`: a line the grammar reads whose cost payment does not model is unread."""
    from types import SimpleNamespace

    from mtgsolver.read.coverage import measure

    cov = measure([SimpleNamespace(name=card, text=line, types=["Artifact"])], ["mana"])
    assert (cov.total["mana"], cov.read["mana"]) == (1, int(used))


def test_an_unpayable_attack_cuts_the_attackers_a_tapping_cost_could_have_used(pool) -> None:
    """508.1f, 508.1i-j: attackers are tapped before the total is paid, so a Druid that attacks
    a planeswalker for free can't be tapped for Seton's cost. An unpayable declaration is cut
    with every tapped attacker then: the first Druid attacking the player alone is payable
    (Seton taps the other Druid and itself for Ghostly Prison's {2})."""
    from mtgsolver.encodings.cpsat import Deadline
    from mtgsolver.rules.attacking import attack_problem
    from mtgsolver.solver.combat_mana import Payer, attack_acceptor

    druid = "types: [creature], subtypes: [druid], power: 1, toughness: 1"
    b = parse_board_text(HEAD + "battlefield:\n" + "".join(f"  - {p}\n" for p in [
        '{id: seton, card: "Seton, Krosan Protector", controller: a}',
        f"{{id: d1, name: First Druid, {druid}, controller: a}}",
        f"{{id: d2, name: Second Druid, {druid}, controller: a}}",
        "{id: prison, card: Ghostly Prison, controller: b}",
        "{id: walker, card: Jace Beleren, controller: b}",
    ]), "attack.yaml", pool)
    problem = attack_problem(b)
    accept = attack_acceptor(problem, Payer(b, "a", Deadline(10)))
    assert accept({"d1": "b"}) is None
    cut, proved = accept({"d1": "b", "d2": "walker"})  # Seton taps itself only: {G} of {2}
    assert proved and ("d2", "walker") in cut
