"""Effects of resolved spells and abilities as board effects (611.2, 613): ``continuous`` on the
objects found as it began (611.2c) or on the rules of the game, ``control`` in layer 2
(613.1b), each in timestamp order with the statics on the board (613.7a)."""
from __future__ import annotations

from mtgsolver import check_blocks
from mtgsolver.load import parse_board_text

HEAD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
"""


def load(text: str):
    return parse_board_text(HEAD + text, "b.yaml")


def test_a_later_set_power_wins_in_layer_7b_and_pumps_add_in_7c() -> None:
    """613.7a: within layer 7b the later timestamp wins; 613.4c: +N/+N applies after setting."""
    statics = """battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: aura, name: Shrink, types: [enchantment], controller: bob,
     abilities: [{continuous: {affects: {types: [creature]}, set_pt: [0, 1]}}]}
effects:
  - {kind: continuous, objects: [bears], spec: {set_pt: [4, 4]}, controller: alice, timestamp: %d}
  - {kind: continuous, objects: [bears], spec: {gets: [1, 1]}, controller: alice, timestamp: 1}
"""
    assert (load(statics % 10).permanent("bears").power, load(statics % 10).permanent("bears").toughness) == (5, 5)
    assert load(statics % 0).permanent("bears").power == 1  # 0/1 set later, then +1/+1


def test_gaining_control_comes_before_the_new_controllers_anthem() -> None:
    """613.1b: control in layer 2, so "creatures you control" of the new controller applies."""
    board = load("""battlefield:
  - {id: bears, card: Grizzly Bears, controller: bob}
  - {id: anthem, name: Anthem, types: [enchantment], controller: alice,
     abilities: [{continuous: {affects: {types: [creature], controller: you}, gets: [1, 1]}}]}
effects:
  - {kind: control, objects: [bears], controller: alice, duration: end_of_turn}
""")
    bears = board.permanent("bears")
    assert (bears.controller, bears.power) == ("alice", 3)
    assert [c.layer for c in board.layers.changes["bears"]] == ["2", "7c"]


def test_a_rules_effect_without_objects_applies_to_every_creature_matching() -> None:
    """611.2c: "Creatures your opponents control can't block this turn" changes the rules, so it
    applies to what matches whenever blocks are declared."""
    text = """battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
effects:
  - {kind: continuous, spec: {affects: {types: [creature], controller: opponents}, rules: [cant_block]},
     controller: alice, duration: end_of_turn}
combat:
  attackers: [{creature: bears, target: bob}]
  blockers: [{creature: ox, blocks: [bears]}]
"""
    assert check_blocks(load(text)).legal is False
    assert check_blocks(load(text.replace("controller: opponents", "controller: you"))).legal is True

