"""What the loader reads of cards in zones and on the battlefield (608.2, 110.4, 400.7): an
instant's or sorcery's spell ability, the permanent a permanent card would be, and the card a
permanent is; with the bundled cards and inline ones."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.model import effects as fx

BOARD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: elves, card: Llanowar Elves, controller: alice}
  - {id: spirit, name: Spirit, types: [creature], power: 1, toughness: 1, controller: alice, token: true}
  - {id: piker, name: Piker, types: [creature], power: 2, toughness: 1, controller: alice,
     text: "{1}{R}: Piker gets +1/+0 until end of turn.\\nWhenever Piker attacks, you gain 1 life."}
zones:
  alice:
    hand:
      - Lightning Bolt
      - Llanowar Elves
      - {id: gush, name: Gush, types: [instant], mana_cost: "{U}", text: "Draw two cards. Pet the dog."}
      - {id: tiny, name: Tiny, types: [sorcery], mana_cost: "{R}", text: "Tiny deals 1 damage to any target."}
    graveyard: [Grizzly Bears]
"""


def test_an_instant_read_whole_has_its_spell_ability() -> None:
    board = parse_board_text(BOARD, "b.yaml")
    hand = {c.name: c for c in board.zones["alice"].hand}
    assert hand["Lightning Bolt"].spell is not None
    assert hand["Lightning Bolt"].spell.effects == (fx.Damage(3, fx.Targeted(0)),)
    assert hand["Tiny"].spell is not None and hand["Tiny"].spell.effects == (fx.Damage(1, fx.Targeted(0)),)
    assert hand["Gush"].spell is None  # a line it can't read: no spell ability, its text stays unread
    assert hand["Lightning Bolt"].permanent is None  # 110.4a: not a permanent card


def test_a_permanent_card_in_a_zone_carries_the_permanent_it_would_be() -> None:
    board = parse_board_text(BOARD, "b.yaml")
    elves = next(c for c in board.zones["alice"].hand if c.name == "Llanowar Elves")
    perm = elves.permanent
    assert perm is not None and perm.id == elves.id and perm.controller == "alice" and perm.card == elves.card
    assert perm.mana_abilities and perm.power == 1
    bears = board.zones["alice"].graveyard[0]
    assert bears.permanent is not None and bears.permanent.is_creature and bears.spell is None


def test_permanents_know_their_card_and_tokens_have_none() -> None:
    board = parse_board_text(BOARD, "b.yaml")
    assert board.permanent("elves").card is not None and board.permanent("elves").card.name == "Llanowar Elves"
    assert board.permanent("piker").card is not None and board.permanent("piker").card.name == "Piker"
    assert board.permanent("spirit").card is None  # 111.1


def test_activated_and_triggered_lines_are_read_onto_the_permanent() -> None:
    piker = parse_board_text(BOARD, "b.yaml").permanent("piker")
    (pump,) = piker.activated_abilities
    (trigger,) = piker.triggered_abilities
    assert str(pump.mana) == "{1}{R}" and isinstance(pump.effects[0], fx.Modify)
    assert trigger.event == fx.TriggerEvent("attacks") and trigger.effects == (fx.GainLife(1),)
    assert piker.unread == () and piker.lines == (pump.text, trigger.text)
