"""Exact readings of triggered lines of the pool (read/grammar/triggered.py, 603.1)."""
from __future__ import annotations

import pytest

from mtgsolver.read.grammar.triggered import read


def test_603_2h_a_trigger_only_once_each_turn() -> None:
    """Dramatic Finale: "This ability triggers only once each turn." (a limit in the ability's own words,
    as 603.2h's "Do this only once each turn")."""
    line = ("Whenever one or more nontoken creatures you control die, create a 2/1 white and black Inkling "
            "creature token with flying. This ability triggers only once each turn.")
    reading = read(line, "Dramatic Finale")
    assert reading is not None
    trigger = reading[0]["triggered"]
    assert trigger["once_each_turn"] is True
    assert trigger["event"] == {"kind": "dies", "subject": {"token": False, "controller": "you", "types": ["creature"]},
                                "one_or_more": True}


def _trigger(line: str, name: str) -> dict:
    """The mapping of ``line``, read whole."""
    reading = read(line, name)
    assert reading is not None
    return reading[0]["triggered"]


def test_603_2_its_own_becoming_tapped_not_about_mana() -> None:
    """Moonfolk Puzzlemaker: "Whenever ~ becomes tapped" (701.26a) with an effect not about mana is read."""
    line = "Whenever Moonfolk Puzzlemaker becomes tapped, scry 1."
    assert _trigger(line, "Moonfolk Puzzlemaker") == {
        "event": {"kind": "becomes_tapped"}, "effects": [{"scry": {"amount": 1, "who": "you"}}], "text": line}




def test_603_10a_a_dies_trigger_returns_the_card_from_the_graveyard() -> None:
    """Shivan Phoenix: "return ~ to its owner's hand" after it died moves the card in the graveyard (400.7)."""
    line = "When Shivan Phoenix dies, return Shivan Phoenix to its owner's hand."
    assert _trigger(line, "Shivan Phoenix")["effects"] == [{"return_from_graveyard": {"what": "source"}}]


def test_603_10a_put_into_a_graveyard_from_anywhere_returns_the_card() -> None:
    """Made up: the same after "is put into a graveyard from anywhere" (the card is in the graveyard, 400.7)."""
    line = "When Phoenix is put into a graveyard from anywhere, return Phoenix to its owner's hand."
    assert _trigger(line, "Phoenix") == {"event": {"kind": "put_into_graveyard"},
                                         "effects": [{"return_from_graveyard": {"what": "source"}}], "text": line}



def test_303_4_that_player_is_the_enchanted_player() -> None:
    """Trespasser's Curse: "under enchanted player's control, that player loses 1 life" (603.7c)."""
    line = ("Whenever a creature enters the battlefield under enchanted player's control, that player loses 1 life "
            "and you gain 1 life.")
    assert _trigger(line, "Trespasser's Curse")["effects"] == [
        {"lose_life": {"amount": 1, "who": {"subject": "player"}}}, {"gain_life": {"amount": 1, "who": "you"}}]



def test_603_7c_it_after_exploits_is_the_source() -> None:
    """Made up in the exploit cards' words (702.110a): "it" is the exploiting creature, the source."""
    line = "When Sidisi exploits a creature, return it to its owner's hand."
    assert _trigger(line, "Sidisi")["effects"] == [{"bounce": {"what": "source"}}]



def test_603_7c_it_after_casting_this_spell_is_the_spell() -> None:
    """Made up in the Eldrazi's "When you cast this spell" words: "it" is the spell, the source."""
    line = "When you cast this spell, exile it."
    assert _trigger(line, "Imp") == {"event": {"kind": "cast"}, "effects": [{"exile": {"what": "source"}}],
                                     "text": line}


@pytest.mark.parametrize("name, line", [
    pytest.param("Su-Chi", "When Su-Chi dies, add {C}{C}{C}{C}.", id="106.12a-adds-mana-Su-Chi"),
    pytest.param("Radha, Heir to Keld", "Whenever Radha, Heir to Keld attacks, you may add {R}{R}.",
                 id="106.12a-adds-mana-Radha"),
    pytest.param("Emissary", "When Emissary enters the battlefield, add {G}. Then add {R}.",
                 id="605.5a-entering-adds-mana-twice-made-up"),
    pytest.param("Ogre-Head Helm", "Whenever Ogre-Head Helm or equipped creature deals combat damage to a player, "
                 "you may sacrifice it. If you do, discard your hand, then draw three cards.",
                 id="603.7c-it-after-self-or-equipped-Ogre-Head-Helm"),
    pytest.param("Chainflail Centipede", "Whenever Chainflail Centipede or equipped creature attacks, it gets +2/+0 "
                 "until end of turn.", id="603.7c-it-after-self-or-equipped-Chainflail-Centipede"),
    pytest.param("Imp", "At the beginning of your upkeep, that player loses 1 life.",
                 id="603.7c-that-player-after-your-step-made-up"),
    pytest.param("Imp", "Whenever you draw a card, it deals 1 damage to any target.",
                 id="603.7c-it-after-a-draw-made-up"),
])
def test_106_12a_605_5a_603_7c_lines_stay_unread(name: str, line: str) -> None:
    """Unread (``None``): a trigger adding mana is the mana family's (106.12a), and a second "add" after
    an entering's first (605.5a, Burning-Tree Emissary's words) more of mana; "it" after "~ or equipped
    creature" may be either (603.7c); "that player" after your own step and "it" after a player's draw
    have nothing to refer to."""
    assert read(line, name) is None
