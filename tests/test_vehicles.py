"""Vehicles and crew (301.7a, 208.3, 702.122) and the source's own "becomes tapped" trigger
(603.2, 701.26a), with real cards of the 2022 pool: Mobile Garrison ("Crew 2"), Renegade
Wheelsmith ("Whenever Renegade Wheelsmith becomes tapped, target creature can't block this
turn."), as in the puzzle MTGP_03."""
from __future__ import annotations

import pytest

from mtgsolver.model.effects import Modify
from mtgsolver.read.grammar.activated import read as read_activated
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.resolve import resolve
from tests.resolve_support import load

GARRISON = """zones: {alice: {hand: [Renegade Wheelsmith]}}
battlefield:
  - {id: garrison, card: Mobile Garrison, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: elves, card: Llanowar Elves, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
"""


@pytest.fixture
def board(real_cards):
    return lambda text: load(text, library=real_cards)


def test_702_122a_crew_is_an_activated_ability_with_a_crew_cost() -> None:
    """702.122a: "Crew N" means "Tap any number of other untapped creatures you control with total
    power N or greater: This permanent becomes an artifact creature until end of turn.\""""
    [entry] = read_activated("Crew 3", "Renegade Freighter")
    assert entry["activated"]["costs"] == [{"kind": "crew", "amount": 3}]
    assert entry["activated"]["effects"] == [
        {"modify": {"spec": {"add_types": ["artifact", "creature"]}, "what": "source"}}]
    text = ("Crew 2 (Tap any number of creatures you control with total power 2 or more: This Vehicle becomes an "
            "artifact creature until end of turn.)")
    entries, unread = parse_oracle_text(text, "Mobile Garrison")
    assert unread == [] and entries[0]["activated"]["costs"] == [{"kind": "crew", "amount": 2}]
    assert read_activated("Crew X", "Vehicle") is None and read_activated("Crew 2 and scry 1", "Vehicle") is None


def test_208_3_a_vehicle_has_power_and_toughness_only_as_a_creature(board) -> None:
    """208.3, 301.7a: an uncrewed Mobile Garrison has no power or toughness; crewed, it is an
    artifact creature 3/4 until end of turn."""
    b = board(GARRISON)
    garrison = b.permanent("garrison")
    assert not garrison.is_creature and garrison.power is None and garrison.toughness is None
    [crew] = garrison.activated_abilities
    assert isinstance(crew.effects[0], Modify)
    r = resolve(b, ["activate garrison:1"], choose=["cost:garrison:1:crew=bears"])
    after = r.board.permanent("garrison")
    assert after.is_creature and "artifact" in after.types and (after.power, after.toughness) == (3, 4)
    assert r.board.permanent("bears").tapped and not r.board.permanent("elves").tapped


def test_702_122a_the_crew_is_any_set_of_other_creatures_with_enough_power(board) -> None:
    """The crew is the player's choice among the sets of their other untapped creatures with total
    power 2 or greater: the Bears alone (power 2), or with the Elves; not the Elves alone (power
    1), and never the Vehicle itself ("other") or the opponent's Ox."""
    r = resolve(board(GARRISON), ["activate garrison:1"])
    [choice] = [c for c in r.choices if c.key == "cost:garrison:1:crew"]
    assert sorted(choice.options) == ["bears", "bears,elves"]
    r = resolve(board(GARRISON.replace("  - {id: bears, card: Grizzly Bears, controller: alice}\n", "")),
                ["activate garrison:1"])
    assert r.resolved is False and r.reason is not None and r.reason.rule == "702.122a"


def test_302_6_a_creature_that_came_this_turn_crews_and_its_tapped_trigger_resolves(board) -> None:
    """302.6 restricts {T} costs only: Renegade Wheelsmith, cast this turn, crews; becoming tapped
    (701.26a) triggers "target creature can't block this turn" (603.2)."""
    r = resolve(board(GARRISON), ["cast Renegade Wheelsmith", "activate garrison:1"], free=True,
                choose=["cost:garrison:1:crew=renegade-wheelsmith", "targets:renegade-wheelsmith:1=ox"])
    assert r.resolved is True, r.reason
    assert r.board.permanent("renegade-wheelsmith").tapped and r.board.permanent("garrison").is_creature
    assert [s.message for s in r.steps if s.rule == "611.2"][0] == "ox: cant_block (until end of turn, 514.2)"


def test_603_2_only_the_sources_own_tapping_when_it_is_not_about_mana() -> None:
    """"Whenever ~ becomes tapped, [not mana]" is read as a trigger; City of Brass's damage stays the
    mana family's, and a trigger on other permanents or one that adds mana stays unread."""
    entries, unread = parse_oracle_text(
        "Whenever Renegade Wheelsmith becomes tapped, target creature can't block this turn.", "Renegade Wheelsmith")
    assert unread == [] and entries[0]["triggered"]["event"] == {"kind": "becomes_tapped"}
    assert parse_oracle_text("Whenever City of Brass becomes tapped, it deals 1 damage to you.",
                             "City of Brass") == ([{"damage_when_tapped": 1}], [])
    for line in ("Whenever a creature becomes tapped, you gain 1 life.", "Whenever Blah becomes tapped, add {R}."):
        assert parse_oracle_text(line, "Blah")[1] == [line]


def test_603_2_a_mana_ability_whose_tapping_triggers_is_not_paid_with(board) -> None:
    """A land with its own "becomes tapped" trigger: payment doesn't model the trigger, so the land
    is left out as not modelled (the answer is undecided, never a guess)."""
    from mtgsolver.rules.mana_sources import extract_sources

    b = board("battlefield:\n  - {id: land, name: Odd Land, types: [land], controller: alice, text: \"{T}: Add {R}."
              "\\nWhenever Odd Land becomes tapped, target creature can't block this turn.\"}\n")
    instances, exclusions = extract_sources(b, "alice", None)
    assert instances == [] and [(e.source, e.modelled) for e in exclusions] == [("land", False)]


def test_crewing_on_the_puzzle_board_is_decided(real_cards) -> None:
    """MTGP_03's board (examples/puzzles/forge/mtgp-03.yaml): Knotvine Paladin crews Mobile Garrison;
    the Temple Gardens' "As Temple Garden enters" line can't bear on it (113.6h: they are in play
    throughout)."""
    from pathlib import Path

    from mtgsolver.load import load_board

    b = load_board(Path(__file__).parent.parent / "examples/puzzles/forge/mtgp-03.yaml", real_cards)
    r = resolve(b, ["activate mobile_garrison:1"], choose=["cost:mobile_garrison:1:crew=knotvine_paladin"],
                library=real_cards)
    assert r.resolved is True and r.unread == (), (r.reason, r.unread)
    garrison = r.board.permanent("mobile_garrison")
    assert garrison.is_creature and (garrison.power, garrison.toughness) == (3, 4)
    assert r.board.permanent("knotvine_paladin").tapped


def test_a_vehicle_crewed_twice_is_the_same_position_as_crewed_once(board) -> None:
    """205.1b: "becomes an artifact creature" only adds types, so a second crew's effect changes
    nothing: the whole-turn search's positions (state_key) are the same, in any order with others."""
    import dataclasses

    from mtgsolver.solver.turn import state_key

    b = board(GARRISON)
    once = resolve(b, ["activate garrison:1"], choose=["cost:garrison:1:crew=bears"]).board
    [crewed] = [e for e in once.effects if e.spec is not None and e.spec.add_types]
    twice = once.replace(effects=once.effects + (dataclasses.replace(crewed, timestamp=(crewed.timestamp or 0) + 9),))
    assert state_key(twice) == state_key(once)
    pumped = dataclasses.replace(crewed, spec=dataclasses.replace(crewed.spec, add_types=frozenset(), gets=(1, 1)))
    assert state_key(once.replace(effects=once.effects + (pumped, pumped))) != state_key(
        once.replace(effects=once.effects + (pumped,)))


def test_702_122c_a_creature_that_cant_crew_is_not_tapped_to_crew(board, real_cards) -> None:
    """Revoke Privileges: "Enchanted creature can't attack, block, or crew Vehicles": the Bears can't
    crew, and the Elves' power 1 alone is not enough."""
    b = board(GARRISON + "  - {id: aura, name: Revoke Copy, types: [enchantment], subtypes: [aura], controller: bob, "
                         "attached_to: bears, text: \"Enchanted creature can't attack, block, or crew Vehicles.\"}\n")
    assert b.permanent("bears").has("cant_crew")
    r = resolve(b, ["activate garrison:1"])
    assert r.resolved is False and r.reason is not None and r.reason.rule == "702.122a"
