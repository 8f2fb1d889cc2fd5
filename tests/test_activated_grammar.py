"""The ``activated`` family (602, 606): the costs it reads of real cards' activated abilities,
and the lines it leaves unread."""
from __future__ import annotations

import pytest

from mtgsolver.read.grammar import activated


def test_602_1_a_sacrificed_token_is_named_by_the_word_token_alone() -> None:
    """Glimmer Bairn's "Sacrifice a token" (111.1): a sacrifice of any token, no words to match."""
    line = "Sacrifice a token: Glimmer Bairn gets +2/+2 until end of turn."
    assert activated.read(line, "Glimmer Bairn") == [{"activated": {
        "costs": [{"kind": "sacrifice", "amount": 1, "token": True}],
        "effects": [{"modify": {"spec": {"gets": [2, 2]}, "what": "source"}}], "text": line}}]


@pytest.mark.parametrize("name, line", [
    # 205, 105: "of the chosen type", "untapped" and "non-Eldrazi" are not types, subtypes or colors
    ("Doom Cannon", "{3}, {T}, Sacrifice a creature of the chosen type: Doom Cannon deals 3 damage to any target."),
    ("Betrothed of Fire", "Sacrifice an untapped creature: Enchanted creature gets +2/+0 until end of turn."),
    ("Extricator of Flesh", "{2}, {T}, Sacrifice a non-Eldrazi creature: Create a 3/2 colorless Eldrazi Horror "
                            "creature token."),
])
def test_602_1_a_cost_naming_more_than_types_subtypes_and_colors_stays_unread(name: str, line: str) -> None:
    assert activated.read(line, name) is None


def test_700_2_a_modal_activated_ability_numbers_its_modes_targets() -> None:
    """Goblin Cratermaker: "Choose one —" after the cost (700.2); each mode's target is a slot of
    the ability, in text order (700.2c)."""
    text = ("{1}, Sacrifice Goblin Cratermaker: Choose one —\n• Goblin Cratermaker deals 2 damage to target creature.\n"
            "• Destroy target colorless nonland permanent.")
    [entry] = activated.read(text, "Goblin Cratermaker")
    ability = entry["activated"]
    assert ability["mana"] == "{1}" and ability["costs"] == [{"kind": "sacrifice_self"}]
    assert ability["effects"] == [{"modal": {"modes": [[{"damage": {"amount": 2, "to": {"target": 0}}}],
                                                       [{"destroy": {"what": {"target": 1}}}]]}}]
    assert ability["targets"] == [{"kinds": ["creature"]},
                                  {"filter": {"colorless": True, "not_types": ["land"]}, "kinds": ["permanent"]}]


def test_107_3_spend_only_green_and_or_white_mana_on_x() -> None:
    """107.3: the colors a hand-written "Spend only green and/or white mana on X." allows, as mana types
    (Crypt Rats and Crimson Hellkite name one color each)."""
    line = "{X}: Target creature gets +X/+0 until end of turn. Spend only green and/or white mana on X."
    [entry] = activated.read(line, "Odd Rats")
    assert entry["activated"]["mana"] == "{X}" and entry["activated"]["spend_on_x"] == ["G", "W"]


@pytest.mark.parametrize("line", ["{T}: Draw a card. Spend only black mana on X.",
                                  "{1}: Draw a card. Spend only black mana on X."])
def test_107_3_a_restriction_on_x_without_x_in_the_cost_stays_unread(line: str) -> None:
    """107.3: "Spend only ... mana on X" with no {X} to pay (no mana at all, or mana without X)."""
    assert activated.read(line, "Odd Rats") is None


def test_602_5b_activate_only_if_a_creature_died_this_turn() -> None:
    """Undercity Scrounger: "Activate only if a creature died this turn." is the ability's condition (602.5b)."""
    line = ("{T}: Create a Treasure token. Activate only if a creature died this turn. (It's an artifact with "
            "\"{T}, Sacrifice this artifact: Add one mana of any color.\")")
    [entry] = activated.read(line, "Undercity Scrounger")
    assert entry["activated"]["costs"] == [{"kind": "tap"}]
    assert entry["activated"]["condition"] == [{"creature_died": True}]


def test_606_3_a_loyalty_ability_with_a_timing_sentence_of_its_own_stays_unread() -> None:
    """606.3: a loyalty ability is activated at sorcery speed by rule; a hand-written "[+1]: Draw a card.
    Activate only as a sorcery." says it again, a sentence the family doesn't read as a restriction."""
    assert activated.read("[+1]: Draw a card.", "Walker")[0]["activated"]["loyalty"] == 1
    assert activated.read("[+1]: Draw a card. Activate only as a sorcery.", "Walker") is None
