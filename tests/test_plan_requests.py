"""What a plan's ``cast`` request names (601.2, 602.2): a card in the player's hand by id or
name, each card once, or a permanent's activated ability with a mana cost; each request it
can't cast or activate is an :class:`OptionError` at its own ``cast[i]``, naming the rule."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.errors import OptionError
from mtgsolver.solver.plan import plan

BOARD = parse_board_text("""active_player: alice
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: {count: 6, cards: [Lightning Bolt, Forest, Treasure, {id: x, card: Lightning Bolt}]}}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: s, card: Swamp, controller: alice}
  - {id: s2, card: Swamp, controller: alice}
  - {id: s3, card: Swamp, controller: alice}
  - {id: h, card: Blood Hustler, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: hb, card: Blood Hustler, controller: bob}
""", "b.yaml")
KNOWN = "known: Lightning Bolt, Forest, Treasure, Lightning Bolt (2 unknown cards)"


@pytest.mark.parametrize("cast, path, message", [
    (["Lightning Bolt>nobody"], "cast[0]",
     "'Lightning Bolt>nobody': 'nobody' is not a player, permanent, stack item or card in a zone"),
    (["Forest"], "cast[0]", "'Forest': a land is played, not cast (305.1)"),
    (["Treasure"], "cast[0]", "'Treasure': Treasure has no mana cost, so it can't be cast (202.1b)"),
    (["Shock"], "cast[0]", f"'Shock': not in alice's hand ({KNOWN}) nor a permanent id"),
    (["lightning bolt", "x", "Lightning Bolt"], "cast[2]", f"'Lightning Bolt': not in alice's hand ({KNOWN}) nor a permanent id"),
    (["Lightning Bolt", "hb"], "cast[1]", "'hb': hb is controlled by bob (602.2)"),
    (["bears"], "cast[0]", "'bears': bears has no activated ability with only a mana cost"),
])
def test_a_request_that_names_nothing_castable_is_an_error_at_its_path(cast, path, message) -> None:
    with pytest.raises(OptionError) as err:
        plan(BOARD, cast)
    assert (err.value.path, err.value.message) == (path, message)


def test_a_card_is_named_by_id_or_name_in_any_case_and_cast_once() -> None:
    """601.2a: each card of the hand is cast once; two Lightning Bolts, one by id, one by name."""
    r = plan(BOARD, ["x"])
    assert r.castable is True and [(s.id, s.name) for s in r.steps] == [("x", "Lightning Bolt")]
    r = plan(BOARD, ["x", "LIGHTNING BOLT"])
    assert r.castable is False and r.reasons[0].rule == "601.2h"  # one Mountain pays one {R} (107.5)


def test_a_permanent_names_its_activated_ability_with_a_mana_cost() -> None:
    """602.2: Blood Hustler's {3}{B} ability, paid by a Mountain and three Swamps."""
    r = plan(BOARD, ["h"])
    assert r.castable is True and [(s.id, s.name.split(":")[0], s.cost) for s in r.steps] == [
        ("h:ability", "Blood Hustler", "{3}{B}")]
    assert r.steps[0].events == ()  # an ability creates no Treasure


def test_a_second_target_adds_no_cost_without_a_rule_that_says_so(real_cards) -> None:
    """601.2c, 601.2f: Electrolyze divides its damage among one or two targets; only a text like
    Fireball's makes each target beyond the first cost more, so it costs {1}{U}{R} either way."""
    board = parse_board_text("""active_player: alice
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: [Electrolyze]}}
battlefield:
  - {id: i, card: Island, controller: alice}
  - {id: m, card: Mountain, controller: alice}
  - {id: m2, card: Mountain, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: bob}
""", "b.yaml", real_cards)
    r = plan(board, ["Electrolyze>bob, bears"])
    assert r.castable is True and r.steps[0].cost == "{1}{U}{R}"


def test_an_ability_with_a_mana_cost_is_found_after_a_tap_ability(real_cards) -> None:
    """602.2: Mishra's Factory's "{1}: becomes a 2/2" follows its "{T}: Add {C}." line."""
    board = parse_board_text("""active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: factory, card: Mishra's Factory, controller: alice}
  - {id: m, card: Mountain, controller: alice}
""", "b.yaml", real_cards)
    r = plan(board, ["factory"])
    assert r.castable is True and [(s.id, s.cost) for s in r.steps] == [("factory:ability", "{1}")]


def test_an_empty_hand_is_named_as_such() -> None:
    board = parse_board_text("active_player: alice\nplayers: [{name: alice}, {name: bob}]\n", "b.yaml")
    with pytest.raises(OptionError) as err:
        plan(board, ["Shock"])
    assert err.value.message == "'Shock': not in alice's hand (known: nothing) nor a permanent id"


@pytest.mark.parametrize("battlefield, cast", [
    ("", "Raging Goblin"),
    ("  - {id: fires, card: Fires of Yavimaya, controller: alice}\n", "Grizzly Bears"),
])
def test_a_creature_with_haste_enters_ready_to_tap(real_cards, battlefield: str, cast: str) -> None:
    """702.10, 302.6: Raging Goblin's own haste, or Fires of Yavimaya's "Creatures you control
    have haste" given to the Grizzly Bears its controller casts."""
    board = parse_board_text(f"""active_player: alice
players: [{{name: alice}}, {{name: bob}}]
zones: {{alice: {{hand: [{cast}]}}}}
battlefield:
  - {{id: f, card: Forest, controller: alice}}
  - {{id: m, card: Mountain, controller: alice}}
{battlefield}""", "b.yaml", real_cards)
    r = plan(board, [cast])
    assert r.castable is True and r.steps[0].events == (
        f"{cast} enters the battlefield (608.3), with haste: it can attack, and its mana abilities pay later "
        "steps (702.10, 302.6)",)


LANTERN = "  - {id: lantern, card: Chromatic Lantern, controller: alice}\n"
#: Opalescence and Humility as the continuous grammar reads them (tests/test_layers_type_setting.py)
HUMILITY = """  - {id: opal, name: Opalescence, controller: alice, types: [enchantment], mana_cost: "{2}{W}{W}",
     abilities: [
      {continuous: {affects: {types: [enchantment], not_subtypes: [aura], other: true}, add_types: [creature],
                    base_pt_mana_value: true}}]}
  - {id: hum, name: Humility, controller: alice, types: [enchantment], mana_cost: "{2}{W}{W}",
     abilities: [{continuous: {affects: {types: [creature]}, loses_all_abilities: true, set_pt: [1, 1]}}]}
"""


@pytest.mark.parametrize("battlefield, castable", [(LANTERN + HUMILITY, False), (HUMILITY + LANTERN, True)])
def test_613_6_humility_that_removed_its_own_ability_still_removes_a_lands_granted_mana_ability(
        real_cards, battlefield: str, castable: bool) -> None:
    """613.6, 613.7: Opalescence makes Humility a creature, so Humility's effect removes its own
    ability in layer 6 and keeps applying; Chromatic Lantern's "{T}: Add one mana of any color."
    given to Dryad Arbor before Humility's timestamp is removed with its Forest ability, so only
    the Lantern pays (one spell); given after, the Arbor keeps it and pays the second spell. The
    plan applies the layers again, with what the spells add, to the printed permanents: applied to
    the layered ones, beside a Humility already without its ability, the Arbor would keep the grant."""
    board = parse_board_text("""active_player: alice
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: [Lightning Bolt, Shock]}}
battlefield:
  - {id: arbor, card: Dryad Arbor, controller: alice}
""" + battlefield, "b.yaml", real_cards)
    assert len(board.permanent("arbor").mana_abilities) == int(castable)
    r = plan(board, ["Lightning Bolt", "Shock"])
    assert r.castable is castable and r.unread == ()
    assert sorted(a.source for s in r.steps for a in s.activations) == (["arbor", "lantern"] if castable else [])


def test_a_treasure_the_caster_creates_pays_a_later_spell(real_cards) -> None:
    """111.10a: Hornswoggle counters Grizzly Bears and "You create a Treasure token": three
    Islands pay Hornswoggle, its Treasure pays Lightning Bolt's {R}."""
    board = parse_board_text("""active_player: alice
players: [{name: alice}, {name: bob}]
zones: {alice: {hand: [Hornswoggle, Lightning Bolt]}}
battlefield:
  - {id: i1, card: Island, controller: alice}
  - {id: i2, card: Island, controller: alice}
  - {id: i3, card: Island, controller: alice}
stack:
  - {id: s0, spell: Grizzly Bears, controller: bob}
""", "b.yaml", real_cards)
    r = plan(board, ["Hornswoggle>s0", "Lightning Bolt>bob"])
    assert r.castable is True and [s.name for s in r.steps] == ["Hornswoggle", "Lightning Bolt"]
    assert "creates alice.hand[0].treasure1 (111.10a)" in r.steps[0].events


def test_treasures_the_plan_does_not_count_make_a_no_undecided(real_cards) -> None:
    """111.10a: Brass's Bounty's "For each land you control, create a Treasure token." is not
    counted; seven Mountains pay it and its seven Treasures would pay Lightning Bolt, so the plan
    is undecided, never "no"; casting two, the reason names the line of each."""
    mountains = "".join(f"  - {{id: m{k}, card: Mountain, controller: alice}}\n" for k in range(7))
    board_text = f"""active_player: alice
players: [{{name: alice}}, {{name: bob}}]
zones: {{alice: {{hand: [Brass's Bounty, Lightning Bolt]}}}}
battlefield:
{mountains}"""
    board = parse_board_text(board_text, "b.yaml", real_cards)
    r = plan(board, ["Brass's Bounty", "Lightning Bolt>bob"])
    line = "For each land you control, create a Treasure token."
    said = "undecided: a card cast creates Treasure tokens the plan does not count, which could pay later steps: "
    assert r.castable is None and (r.reasons[0].rule, r.reasons[0].message) == ("111.10a", said + line)
    two = parse_board_text(board_text.replace("hand: [", "hand: [Brass's Bounty, "), "b.yaml", real_cards)
    assert plan(two, ["Brass's Bounty", "Brass's Bounty"]).reasons[0].message == said + line + " " + line
    assert plan(board, ["Brass's Bounty"]).castable is True  # a "yes" found without them stays "yes"


def test_601_2f_a_static_lowering_spell_costs_makes_a_no_undecided(real_cards) -> None:
    """601.2f: Danitha Capashen, Paragon's "Aura and Equipment spells you cast cost {1} less to cast"
    makes Bonesplitter free, and the plan pays costs as printed: with no mana its "no" is undecided,
    whether Danitha is on the battlefield or a spell cast before (three Plains pay her), and the reason
    names The Immortal Sun beside her; Bob's Danitha lowers nothing of Alice's, and without her the
    "no" stands."""
    def board(hand: str, field: str) -> object:
        return parse_board_text("active_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                                f"zones: {{alice: {{hand: [{hand}]}}}}\nbattlefield: [{field}]\n", "b.yaml", real_cards)

    danitha = "{id: d, card: \"Danitha Capashen, Paragon\", controller: %s}"
    said = ("undecided: Danitha Capashen, Paragon lowers the cost of spells its controller casts, and the plan "
            "pays mana costs as printed")
    r = plan(board("Bonesplitter", danitha % "alice"), ["Bonesplitter"])
    assert r.castable is None and (r.reasons[0].rule, r.reasons[0].message) == ("601.2f", said)
    plains = ", ".join(f"{{id: p{k}, card: Plains, controller: alice}}" for k in range(3))
    r = plan(board("\"Danitha Capashen, Paragon\", Bonesplitter", plains),
             ["Danitha Capashen, Paragon", "Bonesplitter"])
    assert r.castable is None and (r.reasons[0].rule, r.reasons[0].message) == ("601.2f", said)
    sun = danitha % "alice" + ", {id: sun, card: The Immortal Sun, controller: alice}"
    r = plan(board("Bonesplitter", sun), ["Bonesplitter"])
    assert r.reasons[0].message == said.replace("Paragon", "Paragon, The Immortal Sun")
    assert plan(board("Bonesplitter", danitha % "bob"), ["Bonesplitter"]).castable is False
    assert plan(board("Bonesplitter", ""), ["Bonesplitter"]).castable is False
