"""Zones, the stack and the turn on the board (400.1, 405, 903.4, 700.13; docs/board-format.md):
the contract's section loads, round-trips, and bad input names its field path."""
from __future__ import annotations

import json

import pytest
import yaml
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.model.cards import Card
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.zones import color_identity
from mtgsolver.read.board_file import zones_data

CONTRACT = """version: 1
active_player: alice
players:
  - {name: alice, life: 20, commander: "Atraxa, Praetors' Voice"}
  - {name: bob, life: 20}
zones:
  alice:
    hand: [Lightning Bolt, Llanowar Elves]
    library: {count: 40, top: [Forest]}
    graveyard: [Grizzly Bears, Shock, {id: inl, name: Homemade, types: [instant], mana_cost: "{1}{R}"}]
    exile: []
  bob:
    hand: {count: 5}
stack:
  - {id: s1, spell: Lightning Bolt, controller: alice, targets: [bears], x: null}
  - {id: a1, ability_of: gandalf, controller: alice, modes: [untap], targets: [forest1]}
turn:
  number: 5
  extra_turn: false
  spells_cast: {alice: 1}
  crimes_committed: {alice: 0}
  triggered_once: [gandalf]
battlefield:
  - {id: forest1, card: Forest, controller: alice}
  - {id: endless, card: Endless One, controller: alice, x: 3, counters: {+1/+1: 3}}
  - {id: gandalf, card: Gandalf the Grey, controller: alice, chosen_modes: [untap]}
  - {id: bears, card: Grizzly Bears, controller: bob}
"""

HEAD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: bears, card: Grizzly Bears, controller: bob}
"""


def load(text: str):
    return parse_board_text(text, "b.yaml")


def test_the_contract_section_loads() -> None:
    board = load(CONTRACT)
    alice, bob = board.zones["alice"], board.zones["bob"]
    assert [c.name for c in alice.hand] == ["Lightning Bolt", "Llanowar Elves"] and alice.hand_known
    assert (alice.library_count, [c.name for c in alice.library_top]) == (40, ["Forest"])
    assert [c.name for c in alice.graveyard] == ["Grizzly Bears", "Shock", "Homemade"]  # oldest first (404.2)
    assert alice.graveyard[2].id == "inl" and alice.graveyard[2].card.mana_cost == ManaCost.parse("{1}{R}")
    assert (bob.hand, bob.hand_count, bob.hand_known) == ((), 5, False)
    assert board.zone_card("alice.graveyard[1]")[:2] == ("alice", "graveyard")
    s1, a1 = board.stack
    assert (s1.kind, s1.name, s1.targets, a1.kind, a1.source, a1.modes) == (
        "spell", "Lightning Bolt", ("bears",), "ability", "gandalf", ("untap",))
    assert board.turn.number == 5 and board.turn.spells_cast == {"alice": 1}
    assert board.turn.triggered_once == {"gandalf"}
    endless = board.permanent("endless")
    assert (endless.x, endless.mana_value, endless.power) == (3, 0, 3)  # 107.3m, 202.3e
    assert board.permanent("gandalf").chosen_modes == ("untap",)
    assert board.player("alice").commander_identity == {"W", "U", "B", "G"}  # 903.4
    assert board.player("bob").commander is None


def test_every_player_has_zones_and_a_board_without_them_is_empty() -> None:
    board = load(HEAD)
    assert set(board.zones) == {"alice", "bob"} and board.zones["bob"].cards() == ()
    assert board.stack == () and board.turn.number is None and not board.turn.triggered_once


def test_round_trip_keeps_zones_stack_and_turn() -> None:
    board = load(CONTRACT)
    data = yaml.safe_load(CONTRACT)
    data.update(zones_data(board))
    again = parse_board_text(json.dumps(data), "b.json")
    assert dict(again.zones) == dict(board.zones)
    assert again.stack == board.stack and again.turn == board.turn


@pytest.mark.parametrize("extra, path, words", [
    ("zones: {alice: {graveyard: [Grizly Bears]}}", "zones.alice.graveyard[0]", "did you mean 'Grizzly Bears'"),
    ("zones: {carol: {hand: []}}", "zones.carol", "not a player"),
    ("zones: {alice: {hand: {count: 1, cards: [Shock, Shock]}}}", "zones.alice.hand.count", "less than"),
    ("zones: {alice: {library: {count: 0, top: [Forest]}}}", "zones.alice.library.count", "less than"),
    ("zones: {alice: {library: {count: -1}}}", "zones.alice.library.count", "greater than or equal"),
    ("zones: {alice: {graveyard: [{id: bears, card: Shock}]}}", "zones.alice.graveyard[0].id", "duplicate id 'bears'"),
    ("zones: {alice: {exile: [{name: Thing}]}}", "zones.alice.exile[0].types", "needs types"),
    ("zones: {alice: {exile: [{card: Shock, name: Thing}]}}", "zones.alice.exile[0]", "exactly one"),
    ("zones: {alice: {hand: [{card: Shock, cost: 1}]}}", "zones.alice.hand[0].cost", "unknown key"),
    ("stack: [{id: bears, spell: Shock, controller: alice}]", "stack[0].id", "duplicate id 'bears'"),
    ("stack: [{id: s, spell: Shock, ability_of: bears, controller: alice}]", "stack[0]", "exactly one"),
    ("stack: [{id: s, spell: Shock, controller: carol}]", "stack[0].controller", "not a player"),
    ("stack: [{id: s, spell: Shock, controller: alice, targets: [nobody]}]", "stack[0].targets[0]", "not a player, permanent"),
    ("stack: [{id: s, spell: Shock, controller: alice, targets: [s]}]", "stack[0].targets[0]", "115.5"),
    ("stack: [{id: s, spell: Shock, controller: alice, x: 2}]", "stack[0].x", "no X"),
    ("stack: [{id: s, ability_of: ghost, controller: alice}]", "stack[0].ability_of", "no permanent or card"),
    ("stack: [{id: s, spell: Shock, controller: alice, text: hi}]", "stack[0].text", "for abilities"),
    ("turn: {spells_cast: {carol: 1}}", "turn.spells_cast.carol", "not a player"),
    ("turn: {crimes_committed: {alice: -1}}", "turn.crimes_committed.alice", "not negative"),
    ("turn: {triggered_once: [ghost]}", "turn.triggered_once[0]", "no permanent"),
    ("turn: {number: 0}", "turn.number", "greater than or equal"),
    ("turn: {step: lunch}", "turn.step", "'precombat_main'"),
    ("turn: {lands_played: {carol: 1}}", "turn.lands_played.carol", "not a player"),
    ("turn: {lands_played: {alice: -1}}", "turn.lands_played.alice", "not negative"),
    ("notes: hello", "notes", "valid list"),
])
def test_bad_zones_name_the_field(extra: str, path: str, words: str) -> None:
    with pytest.raises(BoardError) as err:
        load(HEAD + extra + "\n")
    assert err.value.path == path and words in err.value.message


def test_ids_are_unique_across_zones_and_stack() -> None:
    text = HEAD + "zones: {alice: {hand: [{id: c1, card: Shock}], exile: [{id: c1, card: Shock}]}}\n"
    with pytest.raises(BoardError, match=r"zones.alice.exile\[0\].id: duplicate id 'c1' \(also zones.alice.hand\[0\]\)"):
        load(text)


def test_permanent_x_and_commander_errors() -> None:
    with pytest.raises(BoardError) as err:
        load(HEAD.replace("controller: bob}", "controller: bob, x: -1}"))
    assert err.value.path == "battlefield[0].x"
    with pytest.raises(BoardError) as err:
        load(HEAD.replace("{name: bob}", "{name: bob, commander: Atraxa Praetors Voice}"))
    assert err.value.path == "players[1].commander" and "Atraxa, Praetors' Voice" in err.value.message


def test_color_identity_counts_text_symbols_not_reminder_text() -> None:
    """903.4, 903.4c: mana symbols in cost and rules text; reminder text ignored."""
    card = Card("Thing", types=("creature",), mana_cost=ManaCost.parse("{1}{G}"),
                text="{T}: Add {R}.\n(This is {U} reminder text.)\n{W/P}: Draw a card.")
    assert color_identity(card) == {"G", "R", "W"}


def test_schema_shows_the_zone_fields() -> None:
    out = CliRunner().invoke(app, ["schema"]).output
    schema = json.loads(out)
    assert {"zones", "stack", "turn"} <= set(schema["properties"])
    assert "commander" in schema["$defs"]["PlayerSpec"]["properties"]
    assert {"x", "chosen_modes"} <= set(schema["$defs"]["PermanentSpec"]["properties"])


def test_show_and_a_bad_zone_through_the_cli(board_file) -> None:
    path = board_file(HEAD + "zones: {alice: {graveyard: [Grizly Bears]}}\n")
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 2 and "zones.alice.graveyard[0]" in result.output


def test_turn_step_lands_played_and_notes() -> None:
    """500.1: the step the turn is in (default the precombat main phase); 305.2: land plays;
    ``notes:`` are shown as the board's remarks."""
    assert load(HEAD).turn.step == "precombat_main"
    board = load(HEAD + "turn: {step: declare_blockers, lands_played: {alice: 1}}\nnotes: ['left out: a curse']\n")
    assert board.turn.step == "declare_blockers" and board.turn.lands_played == {"alice": 1}
    assert board.notes == ("left out: a curse",)
    data = yaml.safe_load(HEAD)
    data.update(zones_data(board))
    assert parse_board_text(json.dumps(data), "b.json").turn == board.turn
