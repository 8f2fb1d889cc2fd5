"""Precision of the continuous-effect readings outside the effects clusters (conditions,
characteristic-defining P/T, supertypes, ward): exact readings of lines checked by hand, and near shapes that must stay unread (611.3, 613)."""
from __future__ import annotations

import pytest

from mtgsolver.read.oracle import parse_oracle_text

SELF = {"self": True}
DELIRIUM = [{"graveyard_types": 4}]  # delirium (ability word, 207.2c): card types (205.2a) among cards in your graveyard
BLESSING = [{"city_blessing": True}]  # 702.131c
NO_UNTAPPED_LANDS = [{"controls": {"tapped": False, "types": ["land"]}, "not": True}]

READ = [
    # 611.3b condition: an opponent has N or more cards in their graveyard
    ("Jace's Phantasm", "Jace's Phantasm gets +4/+4 as long as an opponent has ten or more cards in their graveyard.",
     {"affects": SELF, "gets": [4, 4], "condition": [{"opponent_graveyard": 10}]}),
    ("Moorland Drifter", "Delirium \u2014 Moorland Drifter has flying as long as there are four or more card types "
     "among cards in your graveyard.", {"affects": SELF, "gains": ["flying"], "condition": DELIRIUM}),
    ("Paranoid Parish-Blade", "Delirium \u2014 Paranoid Parish-Blade gets +1/+0 and has first strike as long as there "
     "are four or more card types among cards in your graveyard.",
     {"affects": SELF, "gets": [1, 0], "gains": ["first_strike"], "condition": DELIRIUM}),
    # 604.3 / 613.4a characteristic-defining abilities; "instant and sorcery cards" is any of the two
    ("Kinetic Augur", "Kinetic Augur's power is equal to the number of instant and sorcery cards in your graveyard.",
     {"affects": SELF, "defines_pt": "power",
      "for_each": {"cards": {"zone": "graveyard", "whose": "you", "types": ["instant", "sorcery"]}}}),
    ("Lord of Extinction", "Lord of Extinction's power and toughness are each equal to the number of cards in all "
     "graveyards.", {"affects": SELF, "defines_pt": "both", "for_each": {"cards": {"zone": "graveyard", "whose": "all"}}}),
    ("Necrogoyf", "Necrogoyf's power is equal to the number of creature cards in all graveyards.",
     {"affects": SELF, "defines_pt": "power",
      "for_each": {"cards": {"zone": "graveyard", "whose": "all", "types": ["creature"]}}}),
    ("Kolvori, God of Kinship", "As long as you control three or more legendary creatures, Kolvori gets +4/+2 and has "
     "vigilance.", {"affects": SELF, "gets": [4, 2], "gains": ["vigilance"],
                    "condition": [{"controls": {"supertypes": ["legendary"], "types": ["creature"]}, "at_least": 3}]}),
    # 602.5 activation restrictions
    ("Serra Bestiary", "Enchanted creature can't attack or block, and its activated abilities with {T} in their costs "
     "can't be activated.", {"affects": {"attached": True}, "rules": ["cant_attack", "cant_block", {"cant_activate": "tap"}]}),
    # 205.4a supertypes, added in layer 4 (613.1d)
    ("Leyline of Singularity", "All nonland permanents are legendary.",
     {"affects": {"not_types": ["land"]}, "add_supertypes": ["legendary"]}),
    ("Rimefeather Owl", "Permanents with ice counters on them are snow.",
     {"affects": {"counter": "ice"}, "add_supertypes": ["snow"]}),
    ("Scoria Cat", "Scoria Cat gets +3/+3 as long as you control no untapped lands.",
     {"affects": SELF, "gets": [3, 3], "condition": NO_UNTAPPED_LANDS}),
    ("Slippery Scoundrel", "As long as you have the city's blessing, Slippery Scoundrel has hexproof and can't be "
     "blocked.", {"affects": SELF, "gains": ["hexproof"], "rules": ["cant_be_blocked"], "condition": BLESSING}),
    # 702.95b soulbond pair: "each of those creatures" is both
    ("Stern Mentor", "As long as Stern Mentor is paired with another creature, each of those creatures has "
     "\"{T}: Target player mills two cards.\"",
     {"affects": {"paired": True}, "gains": [{"text": "{T}: Target player mills two cards."}],
      "condition": [{"paired": True}]}),
    # 702.21a ward
    ("Storvald, Frost Giant Jarl", "Other creatures you control have ward {3}.",
     {"affects": {"other": True, "types": ["creature"], "controller": "you"}, "gains": [{"ward": "{3}"}]}),
    ("Thresher Lizard", "Thresher Lizard gets +1/+2 as long as you have one or fewer cards in hand.",
     {"affects": SELF, "gets": [1, 2], "condition": [{"hand_at_most": 1}]}),
    # 702.122c: it can't be tapped to pay a crew cost
    ("Revoke Privileges", "Enchanted creature can't attack, block, or crew Vehicles.",
     {"affects": {"attached": True}, "rules": ["cant_attack", "cant_block", "cant_crew"]}),
    ("Zangief, the Red Cyclone", "Iron Muscle \u2014 As long as it's your turn, Zangief has indestructible.",
     {"affects": SELF, "gains": ["indestructible"], "condition": [{"your_turn": True}]}),
]

#: Near shapes of the lines above that the model would get wrong: they must stay unread.
UNREAD = [
    ("Kinetic Augur", "Kinetic Augur's power is equal to the number of instant and sorcery cards in your hand."),  # 402.3
    ("Jace's Phantasm", "Jace's Phantasm gets +4/+4 as long as each opponent has ten or more cards in their graveyard."),
    ("Jace's Phantasm", "Jace's Phantasm gets +4/+4 as long as an opponent has ten or fewer cards in their graveyard."),
    ("Moldgraf Scavenger", "Delirium \u2014 Moldgraf Scavenger gets +3/+0 as long as there are four or more card types "
     "among cards in an opponent's graveyard."),
    ("Skymarcher Aspirant", "Skymarcher Aspirant has flying as long as an opponent has the city's blessing."),
    ("Thresher Lizard", "Thresher Lizard gets +1/+2 as long as you have one or more cards in hand."),
    ("Permanent Snow", "Permanents without ice counters on them are snow."),
    ("Xenograft", "As Xenograft enters the battlefield, choose a creature type or a color."),
    ("Serra Bestiary", "Enchanted creature can't attack or block, and its activated abilities with {Q} in their "
     "costs can't be activated."),
    ("Mortivore", "Mortivore's power and toughness are each equal to the number of creature cards in all graveyards "
     "plus one."),
]


@pytest.mark.parametrize(("name", "line", "expected"), READ, ids=[r[0] for r in READ])
def test_line_reads_exactly(name: str, line: str, expected: dict) -> None:
    entries, unread = parse_oracle_text(line, name)
    assert unread == []
    assert len(entries) == 1
    mapping = dict(entries[0]["continuous"])
    assert mapping.pop("text") == line
    assert mapping == expected


@pytest.mark.parametrize(("name", "line"), UNREAD, ids=[r[1][:40].encode("ascii", "replace").decode() for r in UNREAD])
def test_near_shape_stays_unread(name: str, line: str) -> None:
    entries, unread = parse_oracle_text(line, name)
    assert entries == []
    assert unread


@pytest.mark.parametrize("name", ["Xenograft", "Phantasmal Terrain"])
def test_choose_type_is_the_boards_chosen_type(name: str) -> None:
    kind = "basic land" if name == "Phantasmal Terrain" else "creature"
    assert parse_oracle_text(f"As {name} enters the battlefield, choose a {kind} type.", name) == ([], [])
