"""Unread lines and their kinds (mtgsolver.model.unread, mtgsolver.read.line_kinds)."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.line_kinds import is_triggered, line_kinds
from mtgsolver.solver.relevance import unread_lines


@pytest.mark.parametrize("line, kinds", [
    ("Creatures you control have menace.", {"combat", "effects"}),
    ("{T}: Add one mana of any color in your commander's color identity.", {"mana"}),
    ("Whenever City of Brass becomes tapped, it deals 1 damage to you.", {"mana_trigger"}),
    ("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
     {"mana_trigger"}),
    ("If a land is tapped for mana, it produces {C} instead of any other type and amount.", {"mana", "effects"}),
    ("Spells your opponents cast cost {1} more to cast.", {"effects"}),
    ("When Bears enters the battlefield, exchange control of Bears and target creature.", {"other"}),
    ("Whenever Bears attacks, it gets +1/+0 until end of turn.", {"combat"}),
    # written for the shapes no line of the pool has: a self keyword whose cost after its dash names
    # a combat word (702.21a ward), and a trigger that adds without "mana" or a mana symbol (605.1b)
    ("Ward—Sacrifice a creature with power 2 or greater.", {"other"}),
    ("Whenever you cycle a card, add one of its colors.", {"mana_trigger"}),
    ("Whenever you cycle a card, Add one of its colors.", {"mana_trigger"}),
])
def test_line_kinds(line: str, kinds: set[str]) -> None:
    assert line_kinds(line) == kinds


@pytest.mark.parametrize("line, kinds", [
    # keyword abilities about the card itself (702.5 Enchant, 702.122 Crew) change no other object...
    ("Enchant land", {"other"}),  # Find the Path
    ("Crew 3", {"other"}),  # Ballista Charger
    # ...unless the line says more than the keyword: a combat word anywhere, not only its first word
    ("Enchant creature without flying", {"combat", "effects"}),  # Roots
    ("Escape Artist can't be blocked.", {"combat"}),  # Escape Artist: a name, not 702.138 Escape
    # reminder text is not read (207.2a); a basic land's whole text is its reminder (305.6)
    ("({T}: Add {G}.)", {"mana"}),  # Forest
    ("Changeling (This card is every creature type.)", {"other"}),  # Avian Changeling
    # an ability granted in quotes is an effect on other objects, whatever else the line says
    ('Enchanted land has "{T}: Add {G}{G}."', {"mana", "effects"}),  # Find the Path
    ("The \"legend rule\" doesn't apply.", {"effects"}),  # Mirror Gallery
    # a static's trailing condition only says when (Tromokratis, Basandra); a trigger's condition is read
    ("Tromokratis has hexproof unless it's attacking or blocking.", {"other"}),
    ("Players can't cast spells during combat.", {"effects"}),  # Basandra, Battle Seraph
    ("When Fyndhorn Druid dies, if it was blocked this turn, you gain 4 life.", {"combat"}),
])
def test_line_kinds_of_real_cards(line: str, kinds: set[str]) -> None:
    assert line_kinds(line) == kinds


def test_triggered_abilities_603_1() -> None:
    assert is_triggered("Whenever ~ attacks, draw a card.") and is_triggered("At the beginning of your upkeep, ...")
    assert not is_triggered("{T}: Add {C}.") and not is_triggered("Attacking creatures get +1/+0.")


BOARD = """version: 1
active_player: a
players: [{name: a}, {name: b}]
battlefield:
  - {id: drums, name: Drums, types: [enchantment], controller: a, text: "Creatures you control get +1/+1 for each instant card in your graveyard."}
  - {id: tower, name: Tower, types: [land], controller: a,
     text: "{T}: Add X mana of any one color, where X is the amount of life you gained this turn."}
  - {id: bears, name: Bears, types: [creature], power: 2, toughness: 2, controller: b,
     text: "Flying\\nWhen Bears enters the battlefield, exchange control of Bears and target creature."}
"""


def test_board_text_keeps_unread_lines_and_selects_them_by_kind() -> None:
    board = parse_board_text(BOARD, "b.yaml")
    assert board.permanent("drums").unread == ("Creatures you control get +1/+1 for each instant card in your graveyard.",)
    assert board.permanent("bears").unread == ("When Bears enters the battlefield, exchange control of Bears and target creature.",)
    assert board.permanent("bears").has_keyword("flying")
    statics = unread_lines(board, None, {"effects"})
    assert [u.permanent for u in statics] == ["drums"]
    assert [u.permanent for u in unread_lines(board, ["tower", "bears"], {"mana"})] == ["tower"]
    assert unread_lines(board, ["bears"], {"combat"}) == ()
    assert [u.permanent for u in unread_lines(board, ["bears"], {"other"})] == ["bears"]
    drums = statics[0]
    assert isinstance(drums, UnreadLine)
    assert drums.to_dict() == {"permanent": "drums", "line": "Creatures you control get +1/+1 for each instant card in your graveyard.",
                               "kinds": ["combat", "effects"]}
