"""Morbid (207.2c, an ability word: "if a creature died this turn", 700.4: put into a graveyard
from the battlefield), kept on the turn record as creatures die and stated by a board file's
``turn.creature_died``, with real cards of the pool."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_writer import write_board
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.solver.resolve import LibraryReader, resolve

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: 20}, {name: b, life: 20}]\n"


def board(text: str, cards):
    return parse_board_text(HEAD + text, "b.yaml", cards)


@pytest.mark.parametrize("name", ["Wakedancer", "Hollowhenge Scavenger", "Skirsdag High Priest", "Morkrut Banshee"])
def test_morbid_permanents_read_their_condition(real_cards, name: str) -> None:
    """An enters trigger's intervening "if a creature died this turn" (603.4), or an activated
    ability's "Activate only if" (602.5b): every line read, the condition the turn record's."""
    card = real_cards.find(name)
    entries, unread = parse_oracle_text(card.text, card.name)
    assert not unread
    assert "{'creature_died': True}" in repr(entries)


def test_creatures_dying_are_kept_on_the_turn_record(real_cards) -> None:
    """700.4: a creature put into a graveyard from the battlefield died, any player's; one exiled,
    or a land put into a graveyard, didn't."""
    game = Game(board("battlefield:\n  - {id: bears, card: Grizzly Bears, controller: b}\n"
                      "  - {id: ox, card: Pillarfield Ox, controller: a}\n  - {id: forest, card: Forest, controller: a}"
                      "\n", real_cards), LibraryReader(real_cards), None)  # type: ignore[arg-type]
    game.leave("ox", "exile", "is exiled", "406.3")
    game.leave("forest", "graveyard", "is destroyed", "701.8")
    assert game.turn.creature_died is False
    game.leave("bears", "graveyard", "is destroyed", "701.8")
    assert game.board().turn.creature_died is True


HOWLPACK = "zones: {a: {hand: [Hunger of the Howlpack, Murder]}}\nbattlefield:\n" \
           "  - {id: bears, card: Grizzly Bears, controller: a}\n  - {id: ox, card: Pillarfield Ox, controller: b}\n"


@pytest.mark.parametrize("turn, spells, counters", [
    ("", ["cast Hunger of the Howlpack>bears"], 1),
    ("turn: {creature_died: true}\n", ["cast Hunger of the Howlpack>bears"], 3),
    ("", ["cast Murder>ox", "cast Hunger of the Howlpack>bears"], 3),
])
def test_hunger_of_the_howlpack_puts_three_counters_after_a_creature_died(real_cards, turn: str, spells: list[str],
                                                                         counters: int) -> None:
    """"Put a +1/+1 counter on target creature. Morbid — Put three +1/+1 counters on that creature
    instead if a creature died this turn": one counter, three once the opponent's Ox died this turn
    (Murder) or the board says a creature died earlier in the turn."""
    r = resolve(board(turn + HOWLPACK, real_cards), spells, free=True)
    assert r.resolved, r.reason
    assert dict(r.board.permanent("bears").counters) == {"+1/+1": counters}


def test_the_turn_record_of_a_death_round_trips(real_cards) -> None:
    b = board("turn: {creature_died: true}\n", real_cards)
    assert b.turn.creature_died is True
    assert parse_board_text(write_board(b), "b.yaml", real_cards).turn.creature_died is True
    assert board("", real_cards).turn.creature_died is False


MANTLE = """zones: {a: {hand: [Hunger of the Howlpack]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: elf, card: Llanowar Elves, controller: a}
  - {id: mantle, card: Lunarch Mantle, controller: a, attached_to: bears}
"""


def test_a_granted_quoted_activated_ability_sacrifices_a_creature_for_morbid(real_cards) -> None:
    """613.1f: Lunarch Mantle's enchanted creature has "{1}, Sacrifice a permanent: This creature
    gains flying until end of turn." (read, "this creature" the Bears, 113.7a); sacrificing the
    Llanowar Elves is a creature dying (700.4), so Hunger of the Howlpack puts three counters."""
    from mtgsolver.model.effects import ActivatedAbility

    b = board(MANTLE, real_cards)
    (granted,) = [a for a in b.permanent("bears").abilities if isinstance(a, ActivatedAbility)]
    assert granted.text == "{1}, Sacrifice a permanent: This creature gains flying until end of turn."
    assert not b.permanent("bears").unread and not [a for a in b.permanent("mantle").abilities
                                                    if type(a).__name__ == "TextAbility" and "Sacrifice" in a.text]
    r = resolve(b, ["activate bears", "cast Hunger of the Howlpack>bears"], free=True,
                choose=["cost:bears:1:sacrifice=elf"])
    assert r.resolved, r.reason
    bears = r.board.permanent("bears")
    assert bears.has_keyword("flying") and dict(bears.counters) == {"+1/+1": 3} and bears.power == 7


def test_a_line_activating_a_granted_ability_replays(real_cards) -> None:
    """PP03's line in small: the Bears with Lunarch Mantle (4/4) attack the opponent at 4 life
    behind a Grizzly Bears; the granted "{1}, Sacrifice a permanent: ... gains flying" (613.1f),
    paid with the Swamp and sacrificing the Elves after attackers are declared, makes the block
    impossible (702.9b). The line's check finds the ability's cost on the permanent as the layers
    make it."""
    from mtgsolver.solver.win import check_line, win_turn

    def start():
        text = MANTLE.replace("zones: {a: {hand: [Hunger of the Howlpack]}}\n", "").replace(
            "players: [{name: a, life: 20}, {name: b, life: 20}]", "")
        text += ("  - {id: swamp, card: Swamp, controller: a}\n  - {id: wall, card: Grizzly Bears, controller: b}\n")
        return parse_board_text(HEAD.replace("{name: b, life: 20}", "{name: b, life: 4}")
                                + "turn: {step: precombat_main}\n" + text, "b.yaml", real_cards)

    answer = win_turn(start(), real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert any(s.kind == "move" and s.op[1].subject == "bears" for s in answer.line.steps)
    checks = check_line(start(), answer.line, real_cards)
    assert checks and all(c.ok for c in checks), [(c.step.text, c.detail) for c in checks if not c.ok]
