"""Boards written back as board files (mtgsolver.read.board_writer): loading what is written
gives the same board, for every example board and for boards with tokens, lasting effects,
control effects and cards in every zone."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mtgsolver.model.board import Board
from mtgsolver.read.board_file import read_board, read_board_text
from mtgsolver.read.board_writer import write_board

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.yaml"))


def printed_state(board: Board) -> dict[str, Any]:
    """Everything a board file says, abilities as a multiset (their order is the reader's)."""
    perms = {}
    for p in board.permanents:
        fields = {f.name: getattr(p, f.name) for f in dataclasses.fields(p)}
        fields["abilities"] = Counter(map(repr, p.abilities))
        perms[p.id] = fields
    rest = {f: getattr(board, f) for f in ("active_player", "players", "effects", "combat", "stack", "turn",
                                           "day_night", "puzzle")}
    return {"permanents": perms, "zones": dict(board.zones), "pools": dict(board.mana_pools), **rest}


def round_trip(board: Board, fmt: str = "yaml") -> Board:
    return read_board_text(write_board(board, fmt=fmt), f"written.{fmt}", fmt=fmt)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_board_round_trips(path: Path) -> None:
    board = read_board(path)
    assert printed_state(round_trip(board)) == printed_state(board)


def test_tokens_effects_zones_and_control_round_trip_in_json_too() -> None:
    text = """version: 1
active_player: alice
players: [{name: alice, life: 7, energy: 3}, {name: bob, lost: true}]
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice, owner: bob, tapped: true, damage: 1, timestamp: 9,
     counters: {+1/+1: 2}, summoning_sick: true}
  - {id: soldier, name: Soldier, types: [creature], subtypes: [soldier], colors: [white], power: 1, toughness: 1,
     keywords: [vigilance], controller: alice, token: true}
  - {id: t, card: Treasure, controller: bob, token: true}
  - {id: wall, name: Odd Wall, types: [creature], subtypes: [wall], power: 0, toughness: 4,
     text: "Defender\\nWhen Odd Wall dies, draw a card.", abilities: [lure], controller: bob}
  - {id: ox, card: Pillarfield Ox, controller: bob, add_abilities: [lure], remove_keywords: []}
effects:
  - {kind: continuous, objects: [bears, soldier], spec: {gets: [2, 2], gains: [flying]}, controller: alice,
     duration: end_of_turn, timestamp: 12}
  - {kind: continuous, spec: {affects: {types: [creature], controller: opponents}, rules: [cant_block]},
     controller: alice, duration: end_of_turn, timestamp: 13}
  - {kind: control, objects: [bears], controller: alice, source: spell, duration: end_of_turn, timestamp: 11}
zones:
  alice: {hand: [Lightning Bolt, {card: Opt, id: opt}], graveyard: [Shock], library: {count: 3, top: [Opt]}}
  bob: {hand: {count: 2, cards: [Giant Spider]}, exile: [{name: Thing, types: [sorcery], text: Draw a card.}]}
turn: {number: 3, step: postcombat_main, spells_cast: {alice: 2}}
"""
    board = read_board_text(text, "b.yaml")
    assert board.permanent("bears").card is not None and board.permanent("soldier").card is None
    for fmt in ("yaml", "json"):
        assert printed_state(round_trip(board, fmt)) == printed_state(board)
