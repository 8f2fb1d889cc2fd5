"""Valduk, Keeper of the Flame: "At the beginning of combat on your turn, for each Aura and
Equipment attached to Valduk, create a 3/1 red Elemental creature token with trample and haste.
Exile those tokens at the beginning of the next end step." (507.1, 603.2: a beginning of combat
trigger; 608.2h: the count taken as it resolves, 301.5, 303.4; 603.7: the delayed exile), and
the cost "Tap another untapped Merfolk you control" (602.1, 701.26a: Kumena, Tyrant of Orazca)."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar.activated import read as read_activated
from mtgsolver.read.grammar.triggered import read as read_triggered
from mtgsolver.rules.game import Game
from mtgsolver.rules.resolution import resolve_stack
from mtgsolver.rules.turn import begin_step
from mtgsolver.solver.resolve import LibraryReader, resolve

from .support import FirstChoice

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
VALDUK = "Valduk, Keeper of the Flame"


def _board(text: str, real_cards):
    return parse_board_text(HEAD + text, "b.yaml", library=real_cards)


def test_the_trigger_counts_auras_and_equipment_attached_to_its_source(real_cards) -> None:
    """The line is read whole: the token count is of the Auras and Equipment attached to Valduk
    (attached_to source), the delayed trigger exiles what the ability created."""
    (entry,) = read_triggered(real_cards.get(VALDUK).text, VALDUK)
    ability = entry["triggered"]
    assert ability["event"] == {"kind": "beginning_of_combat"}
    create, delayed = ability["effects"]
    assert create["create_tokens"]["count"] == {
        "count": {"permanents": {"subtypes": ["aura", "equipment"]}, "attached_to": "source"}}
    assert create["create_tokens"]["token"]["power"] == 3 and create["create_tokens"]["token"]["text"] == \
        "Trample, Haste"
    assert delayed == {"delayed": {"at": {"kind": "end_step", "whose": "each"},
                                   "effects": [{"exile": {"what": "created"}}]}}


@pytest.mark.parametrize("attached, tokens", [(("rage", "splitter"), 2), (("rage",), 1), ((), 0)])
def test_one_token_for_each_attachment_as_the_trigger_resolves(real_cards, attached, tokens: int) -> None:
    """Frenzied Rage and Bonesplitter on Valduk make two tokens, one makes one; an Aura on another
    creature (Grizzly Bears) counts for nothing; a delayed trigger waits for the end step naming
    the tokens made (603.7c)."""
    field = "".join(f"  - {{id: {i}, card: {n}, controller: a, attached_to: {'valduk' if i in attached else 'bears'}}}\n"
                    for i, n in (("rage", "Frenzied Rage"), ("splitter", "Bonesplitter")))
    board = _board("turn: {step: precombat_main}\nbattlefield:\n"
                   f"  - {{id: valduk, card: \"{VALDUK}\", controller: a}}\n"
                   f"  - {{id: bears, card: Grizzly Bears, controller: a}}\n{field}", real_cards)
    game = Game(board, LibraryReader(real_cards), FirstChoice())
    begin_step(game, "beginning_of_combat")
    resolve_stack(game, 0)
    made = [p for p in game.view().permanents if p.token]
    assert len(made) == tokens
    assert all((p.power, p.toughness, p.has_keyword("trample"), p.has_keyword("haste")) == (3, 1, True, True)
               for p in made)
    (waiting,) = [e for e in game.effects if e.kind == "delayed_trigger"]
    assert waiting.at.kind == "end_step" and sorted(waiting.objects) == sorted(p.id for p in made)


def test_tap_another_untapped_merfolk_is_read_as_a_cost_that_spares_the_source(real_cards) -> None:
    """602.1, 701.26a: Kumena's cost taps one other untapped Merfolk its controller controls;
    alone, Kumena can't pay it (602.2); with Merfolk Mistbinder, Mistbinder is tapped and Kumena
    can't be blocked this turn."""
    name = "Kumena, Tyrant of Orazca"
    (entry,) = read_activated(real_cards.get(name).text.splitlines()[0], name)
    assert entry["activated"]["costs"] == [{"kind": "tap_untapped", "amount": 1, "what": "merfolk", "another": True}]
    field = "turn: {step: precombat_main}\nbattlefield:\n  - {id: kumena, card: \"%s\", controller: a}\n" % name
    alone = resolve(_board(field, real_cards), ["activate kumena"])
    assert alone.resolved is False and alone.reason.rule == "602.2"
    r = resolve(_board(field + "  - {id: mist, card: Merfolk Mistbinder, controller: a}\n", real_cards),
                ["activate kumena"])
    assert r.resolved, r.reason
    assert r.board.permanent("mist").tapped and not r.board.permanent("kumena").tapped
    assert r.board.permanent("kumena").has("cant_be_blocked")
