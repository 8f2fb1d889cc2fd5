"""The turn plan's pool and Treasures, each rule with a board a wrong reading gets wrong.

106.6: mana in the pool spendable only on creature spells pays a creature spell (Llanowar
Elves), never another spell (Lightning Bolt) nor an activation's cost, and each unit pays one
spell. 111.10a, 601.2: a Treasure a spell creates exists once the spell resolved: it pays later
spells, never the spell that creates it (Strike It Rich)."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.solver.plan import plan

HEAD = "active_player: a\nplayers: [{name: a}, {name: b}]\n"


def board(hand: str, battlefield: str = "[]", pool: str = "") -> object:
    text = HEAD + f"zones: {{a: {{hand: [{hand}]}}}}\nbattlefield: {battlefield}\n"
    if pool:
        text += f"mana_pool: {{a: [{pool}]}}\n"
    return parse_board_text(text, "plan.yaml")


CREATURE_G = '{mana: "{G}", spend_only: [creature]}'


def test_pool_mana_for_creature_spells_pays_a_creature_spell_only() -> None:
    b = board("Llanowar Elves, Lightning Bolt, Llanowar Elves", pool=CREATURE_G)
    r = plan(b, ["Llanowar Elves"])
    assert r.castable is True and [u.source for s in r.steps[0].assignment for u in s.mana] == ["pool"]
    assert plan(board("Lightning Bolt", pool='{mana: "{R}", spend_only: [creature]}'), ["Lightning Bolt"]
                ).castable is False
    assert plan(b, ["Llanowar Elves", "Llanowar Elves"]).castable is False  # one unit, one spell
    two = board("Llanowar Elves, Llanowar Elves", pool=CREATURE_G + ", " + CREATURE_G)
    assert plan(two, ["Llanowar Elves", "Llanowar Elves"]).castable is True


def test_restricted_pool_mana_pays_no_activation_cost() -> None:
    """106.6: creature-only {C} can't pay Azorius Signet's {1}, so the Signet can't make the {U}
    Opt needs; unrestricted {C} can."""
    signet = "[{id: s, card: Azorius Signet, controller: a}]"
    assert plan(board("Opt", signet, '{mana: "{C}", spend_only: [creature]}'), ["Opt"]).castable is False
    assert plan(board("Opt", signet, '{mana: "{C}"}'), ["Opt"]).castable is True


def test_restricted_pool_mana_is_not_carried_on_as_unrestricted() -> None:
    """Creature-only {G}{G} and Llanowar Elves: the leftover {G} pays no Lightning Bolt-like
    non-creature spell later (106.4 carries mana, 106.6 keeps its restriction)."""
    b = board("Llanowar Elves, Giant Spider", pool='{mana: "{G}{G}", spend_only: [creature]}')
    assert plan(b, ["Llanowar Elves"]).castable is True
    b = board("Llanowar Elves, Opt", pool='{mana: "{G}{U}", spend_only: [creature]}')
    assert plan(b, ["Llanowar Elves", "Opt"]).castable is False


def test_a_spell_is_not_paid_by_the_treasure_it_creates() -> None:
    """Strike It Rich ({R}: create a Treasure) with no mana can't be cast: its Treasure is
    created as it resolves (111.10a, 608.2); with a Mountain it is, and its Treasure then pays
    Lightning Bolt."""
    assert plan(board("Strike It Rich"), ["Strike It Rich"]).castable is False
    mountain = "[{id: m, card: Mountain, controller: a}]"
    r = plan(board("Strike It Rich, Lightning Bolt", mountain), ["Strike It Rich", "Lightning Bolt"])
    assert r.castable is True
    strike = next(s for s in r.steps if s.name == "Strike It Rich")
    bolt = next(s for s in r.steps if s.name == "Lightning Bolt")
    assert [a.source for a in strike.activations] == ["m"]
    assert [a.source for a in bolt.activations] == [f"{strike.id}.treasure1"]
    assert plan(board("Strike It Rich, Lightning Bolt"), ["Strike It Rich", "Lightning Bolt"]).castable is False


def test_a_plan_taps_no_source_it_does_not_need() -> None:
    """601.2g: a Mountain pays Lightning Bolt; the plan activates nothing else (fewest sources)."""
    b = board("Lightning Bolt", "[{id: m, card: Mountain, controller: a}, {id: ring, card: Sol Ring, controller: a}, "
              "{id: f, card: Forest, controller: a}]")
    r = plan(b, ["Lightning Bolt"])
    assert r.castable is True and [a.source for s in r.steps for a in s.activations] == ["m"]
