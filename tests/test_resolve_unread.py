"""Unread text and ``resolve`` (docs/unread.md): which unread lines bear on the board after, and
the undecided answer they make (the board on the text read still written). The lines here stay
unread: no grammar reads "look at" a hand or a library's top card as an effect."""
from __future__ import annotations

import yaml

from mtgsolver.model.board import Board
from mtgsolver.solver.resolve import resolve
from tests.resolve_support import HEAD, load, run_cli

MURDER = '{name: Murder, types: [instant], mana_cost: "{1}{B}{B}", text: "Destroy target creature."}'
SHRINE = "Whenever a creature dies, look at the top card of target player's library."


def board(*lines: str):
    return load(f"zones: {{alice: {{hand: [{MURDER}]}}}}\nbattlefield:\n"
                "  - {id: bears, card: Grizzly Bears, controller: bob}\n" + "".join(f"  - {line}\n" for line in lines))


def test_an_unread_trigger_on_the_board_makes_the_board_after_undecided() -> None:
    r = resolve(board(f"{{id: shrine, name: Shrine, types: [enchantment], controller: bob, text: \"{SHRINE}\"}}"),
                ["cast Murder>bears"], free=True)
    assert r.resolved is None and r.as_read is True and not r.board.has_permanent("bears")
    assert [(u.permanent, u.line) for u in r.unread] == [("shrine", SHRINE)]


def test_unread_activated_abilities_and_enters_triggers_of_what_stayed_do_not_bear() -> None:
    """602: an ability not activated does nothing; 603.6a: a permanent that didn't enter didn't
    trigger on entering."""
    r = resolve(board("{id: rod, name: Rod, types: [artifact], controller: bob, text: \"{T}: Look at target player's "
                      "hand.\"}", "{id: elder, name: Elder, types: [creature], power: 1, toughness: 1, controller: bob, "
                      "text: \"When Elder enters the battlefield, look at target player's hand.\"}"), ["cast Murder>bears"],
                free=True)
    assert r.resolved is True and r.unread == ()


def test_an_unread_enters_trigger_of_a_permanent_that_entered_bears() -> None:
    text = """zones: {alice: {hand: [{name: Elder, types: [creature], mana_cost: "{0}", power: 1, toughness: 1,
  text: "When Elder enters the battlefield, look at target player's hand."}]}}
"""
    r = resolve(load(text), ["cast Elder"])
    assert r.resolved is None and r.as_read is True and [u.permanent for u in r.unread] == ["elder"]


def test_a_spell_whose_text_is_not_read_stops_the_resolution() -> None:
    text = """zones: {alice: {hand: [{name: Riddle, types: [sorcery], mana_cost: "{0}", text: "Exchange your hand and your
  graveyard."}]}}
"""
    r = resolve(load(text), ["cast Riddle"])
    assert r.resolved is None and r.board is None and r.reason.rule == "608.2" and "not read" in r.reason.message


def test_the_cli_writes_the_board_on_the_text_read_and_exits_3(board_file) -> None:
    path = board_file(HEAD + f"zones: {{alice: {{hand: [{MURDER}]}}}}\nbattlefield:\n"
                             "  - {id: bears, card: Grizzly Bears, controller: bob}\n"
                             f"  - {{id: shrine, name: Shrine, types: [enchantment], controller: bob, text: \"{SHRINE}\"}}\n")
    code, out, err = run_cli("resolve", str(path), "--cast", "Murder>bears", "--free")
    assert code == 3 and "could change it" in err and "shrine: Whenever a creature dies" in err
    assert [p["id"] for p in yaml.safe_load(out)["battlefield"]] == ["shrine"]
    code, out, err = run_cli("resolve", str(path), "--cast", "Murder>bears", "--free", "--strict")
    assert code == 2 and "unread card text" in err


RAISE = '{name: Raise the Alarm, types: [instant], mana_cost: "{1}{W}", text: "Create two 1/1 white Soldier creature tokens."}'
WATCH = "Whenever another creature enters the battlefield under your control, look at target player's hand."


def _with_shrine(spell: str, text: str) -> Board:
    return load(f"zones: {{alice: {{hand: [{spell}]}}}}\nbattlefield:\n  - {{id: bears, card: Grizzly Bears, "
                f"controller: bob}}\n  - {{id: shrine, name: Shrine, types: [enchantment], controller: alice, "
                f"text: \"{text}\"}}\n")


def test_an_unread_trigger_on_another_creature_entering_bears_where_a_token_entered() -> None:
    """603.2: Raise the Alarm's Soldier tokens enter under alice's control, so Shrine's unread
    "Whenever another creature enters the battlefield under your control" triggers though Shrine
    stayed on the battlefield: the board after is undecided. Where nothing entered (Murder), it didn't."""
    r = resolve(_with_shrine(RAISE, WATCH), ["cast Raise the Alarm"], free=True)
    assert r.resolved is None and [(u.permanent, u.line) for u in r.unread] == [("shrine", WATCH)]
    r = resolve(_with_shrine(MURDER, WATCH), ["cast Murder>bears"], free=True)
    assert r.resolved is True and r.unread == ()


def test_a_static_on_other_permanents_entering_doesnt_bear_where_none_entered() -> None:
    """614.1c, 614.12: Shrine's "Creatures your opponents control enter the battlefield tapped"
    changes only permanents entering; Murder's resolution puts none onto the battlefield."""
    r = resolve(_with_shrine(MURDER, "Creatures your opponents control enter the battlefield tapped."),
                ["cast Murder>bears"], free=True)
    assert r.resolved is True and r.unread == ()


def test_an_enters_trigger_of_a_legendary_permanent_that_stayed_doesnt_bear() -> None:
    """603.6a: "When Tamiyo, the Seer enters the battlefield" (the comma of a legendary name,
    unread) triggers on its own entering: it stayed on the battlefield, so it didn't trigger."""
    text = "When Tamiyo, the Seer enters the battlefield, look at target player's hand."
    board = load(f"zones: {{alice: {{hand: [{MURDER}]}}}}\nbattlefield:\n  - {{id: bears, card: Grizzly Bears, "
                 f"controller: bob}}\n  - {{id: tamiyo, name: \"Tamiyo, the Seer\", types: [creature], "
                 f"supertypes: [legendary], power: 1, toughness: 1, controller: alice, text: \"{text}\"}}\n")
    r = resolve(board, ["cast Murder>bears"], free=True)
    assert r.resolved is True and r.unread == ()


def test_702_63a_vanishing_of_a_permanent_whose_time_counters_stayed_doesnt_bear() -> None:
    """702.63a: vanishing works only as its permanent enters, in its controller's upkeep and as
    the last time counter is removed; Murder's resolution removes none from Hourglass, which stayed."""
    r = resolve(board("{id: glass, name: Hourglass, types: [enchantment], controller: bob, counters: {time: 2}, "
                      "text: \"Vanishing 3\"}"), ["cast Murder>bears"], free=True)
    assert r.resolved is True and r.unread == () and r.board.permanent("glass").counters["time"] == 2
