"""Hexproof and shroud on a player (702.11c, 702.18a): "You have hexproof" and the list forms
granting it to the player and to permanents (611.3a, 613.1f), read by the continuous grammar
family, and targeting that honours them (115.1, 601.2c, 608.2b)."""
from __future__ import annotations

import pytest

from mtgsolver.read.grammar.continuous import read
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.resolve import resolve
from tests.resolve_support import load


@pytest.mark.parametrize("name, rule", [
    ("Leyline of Sanctity", "controller_hexproof"),
    ("Orbs of Warding", "controller_hexproof"),
    ("Witchbane Orb", "controller_hexproof"),
    ("Ivory Mask", "controller_shroud"),
    ("True Believer", "controller_shroud"),
])
def test_real_cards_give_their_controller_hexproof_or_shroud(real_cards, name: str, rule: str) -> None:
    card = real_cards.find(name)
    line = next(x for x in card.text.split("\n") if x.startswith("You have"))
    assert read(line, name) == [rule]
    assert rule in parse_oracle_text(card.text, name)[0]


def test_shalai_gives_hexproof_to_you_planeswalkers_and_other_creatures(real_cards) -> None:
    """Shalai, Voice of Plenty: the player's rule, and a grant to each group of permanents (611.3a)."""
    name = "Shalai, Voice of Plenty"
    line = next(x for x in real_cards.find(name).text.split("\n") if x.startswith("You,"))
    entries = read(line, name)
    assert entries[0] == "controller_hexproof"
    affected = sorted(str(e["continuous"]["affects"]) for e in entries[1:])
    assert affected == [str({"other": True, "types": ["creature"], "controller": "you"}),
                        str({"types": ["planeswalker"], "controller": "you"})]
    assert all(e["continuous"]["gains"] == ["hexproof"] for e in entries[1:])


def test_a_condition_keeps_the_players_hexproof_a_continuous_effect(real_cards) -> None:
    """Gruul Spellbreaker: "As long as it's your turn, you and ~ have hexproof" (611.3b)."""
    name = "Gruul Spellbreaker"
    line = next(x for x in real_cards.find(name).text.split("\n") if "hexproof" in x)
    entries = read(line, name)
    assert [e["continuous"].get("rules") for e in entries] == [["controller_hexproof"], None]
    assert all(e["continuous"]["condition"] == [{"your_turn": True}] for e in entries)


@pytest.mark.parametrize("line", ["You have flying.", "You have hexproof until end of turn.",
                                  "You and creatures you control have hexproof until end of turn."])
def test_other_player_grants_stay_unread(line: str) -> None:
    assert read(line, "X") is None


BOLT = '{name: "Lightning Bolt", types: [instant], mana_cost: "{R}", text: "Lightning Bolt deals 3 damage to any target."}'


def _board(cards, permanent: str, controller: str = "bob"):
    return load(f"zones: {{alice: {{hand: [{BOLT}]}}, bob: {{hand: [{BOLT}]}}}}\nbattlefield:\n"
                f"  - {{id: ward, card: \"{permanent}\", controller: {controller}}}\n"
                "  - {id: bears, card: Grizzly Bears, controller: bob}\n", cards)


@pytest.mark.parametrize("permanent", ["Aegis of the Gods", "Ivory Mask"])
def test_an_opponent_cant_target_a_player_with_hexproof_or_shroud(real_cards, permanent: str) -> None:
    """702.11c, 702.18a: alice's Lightning Bolt can't target bob; it can target alice."""
    board = _board(real_cards, permanent)
    r = resolve(board, ["cast Lightning Bolt>bob"], free=True)
    assert r.resolved is False and r.reason is not None and r.reason.rule == "601.2c"
    assert r.reason is not None and ("702.11c" in r.reason.message or "702.18a" in r.reason.message)
    assert resolve(board, ["cast Lightning Bolt>alice"], free=True).board.player("alice").life == 17


def test_hexproof_lets_its_player_target_themselves_and_shroud_does_not(real_cards) -> None:
    """702.11c: only the opponents' spells are kept off; 702.18a: shroud keeps off every spell."""
    def bob_bolts_bob(permanent: str):
        board = _board(real_cards, permanent).replace(active_player="bob")
        return resolve(board, ["cast Lightning Bolt>bob"], free=True)
    assert bob_bolts_bob("Aegis of the Gods").board.player("bob").life == 17
    assert bob_bolts_bob("Ivory Mask").resolved is False


def test_shalais_creatures_have_hexproof_and_shalai_does_not(real_cards) -> None:
    """Shalai's "other creatures": the Bears can't be targeted by alice; Shalai can (702.11b)."""
    board = _board(real_cards, "Shalai, Voice of Plenty")
    assert board.permanent("bears").has_keyword("hexproof") and not board.permanent("ward").has_keyword("hexproof")
    assert resolve(board, ["cast Lightning Bolt>bears"], free=True).resolved is False
    assert resolve(board, ["cast Lightning Bolt>bob"], free=True).resolved is False
    assert resolve(board, ["cast Lightning Bolt>ward"], free=True).board.permanent("ward").damage == 3
