"""Valduk, Keeper of the Flame: "At the beginning of combat on your turn, for each Aura and
Equipment attached to Valduk, create a 3/1 red Elemental creature token with trample and haste.
Exile those tokens at the beginning of the next end step." (507.1, 603.2: a beginning of combat
trigger; 608.2h: the count taken as it resolves, 301.5, 303.4; 603.7: the delayed exile), and
the cost "Tap another untapped Merfolk you control" (602.1, 701.26a: Kumena, Tyrant of Orazca)."""
from __future__ import annotations

import dataclasses

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar.activated import read as read_activated
from mtgsolver.read.grammar.triggered import read as read_triggered
from mtgsolver.rules.game import Game
from mtgsolver.rules.resolution import resolve_stack
from mtgsolver.rules.turn import begin_step
from mtgsolver.solver.resolve import LibraryReader, resolve

from .support import FirstChoice, ci_only

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
    the tokens made (603.7c), then triggers as it begins, exiling them, once (603.7b)."""
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
    begin_step(game, "end")
    resolve_stack(game, 0)
    assert not [p for p in game.view().permanents if p.token]  # 603.7: exiled at the next end step
    assert not [e for e in game.effects if e.kind == "delayed_trigger"]  # 603.7b: it triggers once


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


def test_an_answer_node_met_again_in_the_same_state_keeps_the_line_of_its_own_path() -> None:
    """117.3c: orders of the opponent's answers that come to the same state are one node; the
    line reused for the second path replays that path's own script and choices up to the node,
    then the first path's choices (in every branch), and its later steps unchanged."""
    from mtgsolver.solver.turn import Line, LineStep, _relabelled, _Res

    op = ("step", "beginning_of_combat")
    first = LineStep(op, "on to combat", (2, 1, 0, 3), ("b: answer = x", "b: answer = y", "b: answer = pass", "c"))
    later = LineStep(("no_attack",), "no attack")
    line = Line((), (("b chooses pass", Line((first, later))), ("b chooses z", Line((first,)))))
    out = _relabelled((_Res(True, line), (2, 1), ("b: answer = x", "b: answer = y")), (1, 2),
                      ("b: answer = y", "b: answer = x"))
    (_, a), (_, b) = out.line.branches
    assert a.steps[0].script == b.steps[0].script == (1, 2, 0, 3)
    assert a.steps[0].choices == ("b: answer = y", "b: answer = x", "b: answer = pass", "c")
    assert a.steps[1] is later
    refuted = _Res(False)
    assert _relabelled((refuted, (2, 1), ()), (1, 2), ()) is refuted


@ci_only("a search of several seconds")
def test_valduks_tokens_win_through_kumenas_answers(real_cards) -> None:
    """Valduk with Frenzied Rage and Giant Spectacle (7/4 menace) makes two 3/1 tramplers at the
    beginning of combat; against Headwater Sentries, Merfolk Mistbinder and Kumena at 3 life
    (two blockers for Valduk leave one for two tokens) every answer of Kumena's (tapping Merfolk
    in either order, 117.3c) still loses; the line replays on every path."""
    from mtgsolver.solver.win import check_line, replay, win_turn

    board = _board("turn: {step: precombat_main}\nbattlefield:\n"
                   f"  - {{id: valduk, card: \"{VALDUK}\", controller: a}}\n"
                   "  - {id: rage, card: Frenzied Rage, controller: a, attached_to: valduk}\n"
                   "  - {id: spectacle, card: Giant Spectacle, controller: a, attached_to: valduk}\n"
                   "  - {id: sentries, card: Headwater Sentries, controller: b}\n"
                   "  - {id: mistbinder, card: Merfolk Mistbinder, controller: b}\n"
                   "  - {id: kumena, card: \"Kumena, Tyrant of Orazca\", controller: b}\n", real_cards)
    board = board.replace(players=tuple(p if p.name == "a" else dataclasses.replace(p, life=3) for p in board.players))
    answer = win_turn(board, real_cards, time_limit=120)
    assert answer.solved is True, answer.reasons
    assert all(c.ok for c in check_line(board, answer.line, real_cards))
    leaves = [p for p in replay(board, answer.line, real_cards) if p.leaf]
    assert leaves and all(p.board.player("b").lost for p in leaves)


@pytest.mark.parametrize("hand, idle", [("[]", True), ("[Royal Assassin]", False)])
def test_an_answer_that_only_taps_the_opponents_merfolk_for_evasion_is_no_better_than_passing(
        real_cards, hand: str, idle: bool) -> None:
    """509.1a-b, 602.1: on the active player's turn Kumena's "Tap another untapped Merfolk you
    control: Kumena can't be blocked this turn" only takes blockers and tap costs from its
    controller, so the search leaves it out of their answers; its draw and its counters stay.
    A card that speaks of tapped permanents (Royal Assassin: "Destroy target tapped creature")
    keeps it in."""
    from mtgsolver.solver.turn import _idle
    from mtgsolver.solver.turn_moves import moves

    board = _board(f"turn: {{step: precombat_main}}\nzones: {{a: {{hand: {hand}}}}}\nbattlefield:\n"
                   "  - {id: kumena, card: \"Kumena, Tyrant of Orazca\", controller: b}\n"
                   "  - {id: sentries, card: Headwater Sentries, controller: b}\n"
                   "  - {id: mistbinder, card: Merfolk Mistbinder, controller: b}\n", real_cards)
    game = Game(board, LibraryReader(real_cards), FirstChoice())
    found = {m.index: _idle(game, m) for m in moves(game, "b", True).moves}
    assert found == {0: idle, 1: False, 2: False}
