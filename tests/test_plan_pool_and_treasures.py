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


def _real(real_board, hand: str, battlefield: str) -> object:
    return real_board(HEAD + f"zones: {{a: {{hand: [{hand}]}}}}\nbattlefield: {battlefield}\n")


def test_701_21a_a_sacrifice_outlet_sacrifices_the_treasure_a_spell_made_then_itself(real_board) -> None:
    """111.10a: Strike It Rich's Treasure is an artifact, so Krark-Clan Ironworks ("Sacrifice an
    artifact: Add {C}{C}") sacrifices it and then itself (701.21a) for Solemn Simulacrum's {4}:
    the Ironworks must still be there when the Treasure is."""
    kci = "[{id: m, card: Mountain, controller: a}, {id: kci, card: Krark-Clan Ironworks, controller: a}]"
    r = plan(_real(real_board, "Strike It Rich, Solemn Simulacrum", kci), ["Strike It Rich", "Solemn Simulacrum"])
    assert r.castable is True and [s.name for s in r.steps] == ["Strike It Rich", "Solemn Simulacrum"]
    strike, solemn = r.steps
    assert sorted(a.sacrificed for a in solemn.activations) == sorted([f"{strike.id}.treasure1", "kci"])


def test_111_10a_a_treasure_made_by_a_spell_has_what_treasures_are_granted(real_board) -> None:
    """Goldspan Dragon: Treasures you control have "{T}, Sacrifice this artifact: Add two mana of any
    one color." (613.1f): Strike It Rich's Treasure is a Treasure (111.10a) and pays Mind Stone's {2}."""
    dragon = "[{id: m, card: Mountain, controller: a}, {id: g, card: Goldspan Dragon, controller: a}]"
    r = plan(_real(real_board, "Strike It Rich, Mind Stone", dragon), ["Strike It Rich", "Mind Stone"])
    strike, stone = r.steps
    assert r.castable is True
    assert [(a.source, len(a.mana)) for a in stone.activations] == [(f"{strike.id}.treasure1", 2)]
    mountain = "[{id: m, card: Mountain, controller: a}]"
    assert plan(_real(real_board, "Strike It Rich, Mind Stone", mountain), ["Strike It Rich", "Mind Stone"]
                ).castable is False


COUNTING = ("undecided: the mana of %s counts permanents the spells cast put onto the battlefield, and the plan "
            "does not order its activation after them")


def test_608_2h_a_count_of_permanents_a_spell_cast_puts_onto_the_battlefield_is_undecided(real_board) -> None:
    """Tolarian Academy's "Add {U} for each artifact you control" is counted as it resolves (608.2h):
    tapped to pay Sol Ring it counts Ornithopter alone, so Opt is left unpaid; the plan, which reads
    the amount off the board with Sol Ring, is undecided, never "castable". Strike It Rich's Treasure is
    an artifact the Academy would count too (111.10a). Casting Opt alone, the count is the board's."""
    academy = "[{id: ta, card: Tolarian Academy, controller: a}, {id: o, card: Ornithopter, controller: a}]"
    r = plan(_real(real_board, "Sol Ring, Opt", academy), ["Sol Ring", "Opt"])
    assert r.castable is None and (r.reasons[0].rule, r.reasons[0].message) == ("608.2h", COUNTING % "ta")
    both = academy[:-1] + ", {id: m, card: Mountain, controller: a}]"
    r = plan(_real(real_board, "Strike It Rich, Opt", both), ["Strike It Rich", "Opt"])
    assert r.castable is None and r.reasons[0].rule == "608.2h"
    r = plan(_real(real_board, "Opt", academy), ["Opt"])
    assert r.castable is True and all(reason.rule != "608.2h" for reason in r.reasons)
    cradle = academy[:-1] + ", {id: cradle, card: \"Gaea's Cradle\", controller: a}]"
    r = plan(_real(real_board, "Ornithopter, Opt", cradle), ["Ornithopter", "Opt"])  # an artifact creature
    assert r.castable is None and r.reasons[0].message == COUNTING % "cradle, ta"


def test_111_10a_a_spell_that_creates_two_treasures_names_each(real_board) -> None:
    """Contract Killing ("Destroy target creature. Create two Treasure tokens.") pays with five Swamps;
    its two Treasures then pay Lightning Bolt and Shock, and its step names each Treasure it creates."""
    swamps = ", ".join(f"{{id: s{k}, card: Swamp, controller: a}}" for k in range(5))
    b = _real(real_board, "Contract Killing, Lightning Bolt, Shock", f"[{swamps}, {{id: bears, card: Grizzly Bears, "
              "controller: b}]")
    r = plan(b, ["Contract Killing>bears", "Lightning Bolt", "Shock"])
    killing = r.steps[0]
    assert r.castable is True and killing.name == "Contract Killing"
    assert killing.events[-1] == f"creates {killing.id}.treasure1, {killing.id}.treasure2 (111.10a)"

