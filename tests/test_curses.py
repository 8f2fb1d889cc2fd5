"""Auras attached to players (303.4, 702.5d: "Enchant player", "Enchant opponent"; the Curses):
the spell targets a player and resolves attached to them (608.3c), "enchanted player" in triggers,
the state-based action for an Aura on a player it can't enchant (704.5m), and the board file and
Forge's ``EnchantingPlayer:`` saying so, with real cards of the pool."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.abilities import TextAbility
from mtgsolver.model.effects import TriggeredAbility
from mtgsolver.read.board_file import spell_ability
from mtgsolver.read.board_writer import write_board
from mtgsolver.solver.resolve import LibraryReader, resolve

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice, life: 10}, {name: bob, life: 10}]\n"


def board(text: str, real_cards):
    return parse_board_text(HEAD + text, "b.yaml", library=real_cards)


@pytest.mark.parametrize("name, opponent", [
    ("Trespasser's Curse", False),        # Enchant player
    ("Curse of the Bloody Tome", False),  # Enchant player
    ("Psychic Possession", True),         # Enchant opponent
    ("Tenuous Truce", True),              # Enchant opponent
])
def test_a_curse_spell_targets_a_player(real_cards, name: str, opponent: bool) -> None:
    """303.4a, 702.5d: the Aura spell targets a player, an opponent of its caster for "Enchant
    opponent"; its enchant line is read as that target."""
    spell = spell_ability(real_cards.get(name))
    assert spell is not None and spell.text.startswith("Enchant ")
    (target,) = spell.targets
    assert sorted(target.kinds) == ["player"] and target.opponent is opponent


def test_enchanted_player_in_a_trigger_is_read(real_cards) -> None:
    """"Whenever a creature (a land) enters the battlefield under enchanted player's control":
    Trespasser's Curse and Curse of the Restless Dead, every line read."""
    b = board("battlefield:\n  - {id: curse, card: Trespasser's Curse, controller: alice, attached_to: bob}\n"
              "  - {id: dead, card: Curse of the Restless Dead, controller: alice, attached_to: bob}\n", real_cards)
    for pid in ("curse", "dead"):
        perm = b.permanent(pid)
        (trigger,) = [a for a in perm.abilities if isinstance(a, TriggeredAbility)]
        assert trigger.event.kind == "enters" and trigger.event.whose == "attached"
        assert not [a for a in perm.abilities if isinstance(a, TextAbility) and not a.text.startswith("Enchant ")]


DRAIN = """zones: {alice: {hand: [Trespasser's Curse, Beast Within, Grizzly Bears]}}
battlefield:
  - {id: ox, card: Pillarfield Ox, controller: bob}
"""


def test_trespassers_curse_drains_the_player_it_enchants(real_cards) -> None:
    """608.3c: the Curse resolves attached to the player it targeted; a Beast token entering under
    Bob's control (Beast Within) makes Bob lose 1 life and Alice gain 1 (603.2, "that player": the
    creature's controller); Alice's own Grizzly Bears entering doesn't trigger it."""
    r = resolve(board(DRAIN, real_cards), ["cast Trespasser's Curse>bob", "cast Beast Within>ox",
                                           "cast Grizzly Bears"], free=True)
    assert r.resolved, r.reason
    assert next(p for p in r.board.permanents if p.name == "Trespasser's Curse").attached_to == "bob"
    assert [(p.name, p.life) for p in r.board.players] == [("alice", 11), ("bob", 9)]
    triggered = [s for s in r.steps if s.rule == "603.2" and "Trespasser's Curse" in s.message]
    assert len(triggered) == 1


def test_a_curse_on_its_caster(real_cards) -> None:
    """"Enchant player" may target its caster: Alice's Grizzly Bears entering makes her lose 1 life
    and gain 1; "Enchant opponent" can't target her (601.2c), only Bob."""
    r = resolve(board(DRAIN, real_cards), ["cast Trespasser's Curse>alice", "cast Grizzly Bears"], free=True)
    assert r.resolved, r.reason
    assert [s.message for s in r.steps if s.rule == "119.3"] == ["alice loses 1 life (10 -> 9)",
                                                               "alice gains 1 life (9 -> 10)"]
    text = "zones: {alice: {hand: [Psychic Possession]}}\nbattlefield: []\n"
    r = resolve(board(text, real_cards), ["cast Psychic Possession>alice"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"
    r = resolve(board(text, real_cards), ["cast Psychic Possession>bob"], free=True)
    assert r.resolved is None and r.unread  # its other lines are not read: undecided, never guessed
    assert any("attached to bob" in s.message for s in r.steps)


def test_an_aura_on_a_player_it_cannot_enchant_is_put_into_the_graveyard(real_cards) -> None:
    """704.5m, 702.5d: Tenuous Truce ("Enchant opponent") that comes to be attached to its own
    controller goes to the graveyard at the next check; Trespasser's Curse ("Enchant player") on
    its controller and Tenuous Truce on the opponent stay."""
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.state_based import check_state

    b = board("battlefield:\n  - {id: truce, card: Tenuous Truce, controller: alice, attached_to: bob}\n"
              "  - {id: truce2, card: Tenuous Truce, controller: alice, attached_to: bob}\n"
              "  - {id: curse, card: Trespasser's Curse, controller: alice, attached_to: alice}\n", real_cards)
    game = Game(b, LibraryReader(real_cards), None)  # type: ignore[arg-type]
    assert not check_state(game)
    game.update("truce", attached_to="alice")
    assert check_state(game)
    assert sorted(game.perms) == ["curse", "truce2"]
    assert any(s.rule == "704.5m" and "not an opponent" in s.message for s in game.log)


def test_a_curse_on_a_player_round_trips(real_cards) -> None:
    """The board file says which player an Aura enchants (``attached_to: bob``) and writes it back."""
    b = board("battlefield:\n  - {id: curse, card: Trespasser's Curse, controller: alice, attached_to: bob}\n",
              real_cards)
    again = parse_board_text(write_board(b, library=real_cards), "b.yaml", library=real_cards)
    assert again.permanent("curse").attached_to == "bob"


def test_a_curse_put_onto_the_battlefield_enchants_a_player_chosen_as_it_enters(real_cards) -> None:
    """303.4f: an Aura put onto the battlefield other than as a spell is attached to what its
    controller chooses, a player for a Curse; "Enchant opponent" leaves Alice one choice: Bob."""
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import put_onto_battlefield

    class Picks:
        def __init__(self) -> None:
            self.asked: list[list[str]] = []

        def choose(self, key: str, options) -> int:
            self.asked.append(list(options))
            return len(options) - 1

    b = board("zones: {alice: {graveyard: [{id: truce, card: Tenuous Truce}, {id: curse, card: Trespasser's Curse}]}}"
              "\nbattlefield: []\n", real_cards)
    picks = Picks()
    game = Game(b, LibraryReader(real_cards), picks)  # type: ignore[arg-type]
    put_onto_battlefield(game, "truce", "alice", False)
    put_onto_battlefield(game, "curse", "alice", False)
    assert picks.asked == [["alice", "bob"]]
    assert sorted((p.name, p.attached_to) for p in game.perms.values()) == [("Tenuous Truce", "bob"),
                                                                           ("Trespasser's Curse", "bob")]


@pytest.mark.parametrize("entry, message", [
    ("{id: cloak, card: Armadillo Cloak, controller: alice, attached_to: bob}", "can't enchant a player"),
    ("{id: truce, card: Tenuous Truce, controller: alice, attached_to: alice}", "an opponent of alice"),
    ("{id: aura, name: Hex, types: [enchantment], subtypes: [aura], text: Enchant land, controller: alice, "
     "attached_to: bob}", "can't enchant a player"),
])
def test_an_aura_attached_to_a_player_it_cannot_enchant_is_refused(real_cards, entry: str, message: str) -> None:
    """303.4d, 702.5a, 702.5d: the board file names the field; an Aura whose enchant ability says
    no player, or "Enchant opponent" on its own controller."""
    from mtgsolver.model.errors import BoardError

    with pytest.raises(BoardError, match=message) as err:
        board(f"battlefield:\n  - {entry}\n", real_cards)
    assert err.value.path == "battlefield[0].attached_to"


def test_the_turn_search_curses_the_opponent_and_drains_the_last_life(real_cards) -> None:
    """The goal win: Trespasser's Curse cast on Bob (303.4a), then Beast Within on Bob's Ox gives
    him a Beast token, whose entering under the enchanted player's control costs his last life;
    the line replays."""
    from mtgsolver.solver.win import check_line, win_turn

    text = ("players: [{name: alice, life: 10}, {name: bob, life: 1}]\n"
            "zones: {alice: {hand: [Trespasser's Curse, Beast Within]}}\nbattlefield:\n"
            "  - {id: ox, card: Pillarfield Ox, controller: bob}\n"
            + "".join(f"  - {{id: s{i}, card: Swamp, controller: alice}}\n" for i in range(2))
            + "".join(f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(3)))
    b = parse_board_text("version: 1\nactive_player: alice\n" + text, "b.yaml", library=real_cards)
    answer = win_turn(b, real_cards, time_limit=60.0)
    assert answer.solved is True, answer.reasons
    moves = [s.text for s in answer.line.steps if s.kind == "move"]
    assert moves[0].startswith("cast Trespasser's Curse") and "targeting bob" in moves[0]
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
