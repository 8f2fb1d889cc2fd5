"""Exact readings of static lines the continuous family's compiler builds in one place each
(read/grammar/continuous.py): a board rule on attacks (506.5), an "enchanted or equipped"
group (301.5, 303.4), protection from a card type (702.16), an Equipment's quoted ability (113.1a)."""
from __future__ import annotations

import pytest

from mtgsolver.read.grammar.continuous import read

from .test_effects_grammar import reading


@pytest.mark.parametrize(("name", "line", "expected"), [
    ("Astral Arena", "No more than one creature can attack each combat.",
     {"board_rules": [{"kind": "max_attackers_total", "n": 1}]}),
    ("Halvar, God of Battle", "Creatures you control that are enchanted or equipped have double strike.",
     {"affects": {"types": ["creature"], "controller": "you", "attachments": "enchanted_or_equipped"},
      "gains": ["double_strike"]}),
    ("Oddity", "Creatures you control have protection from enchantments.",  # made up: 702.16a "from [quality]"
     {"affects": {"types": ["creature"], "controller": "you"}, "gains": [{"protection": "enchantment"}]}),
    ("Spare Dagger", ("Equipped creature gets +1/+0 and has \"Whenever this creature attacks, you may sacrifice Spare "
                      "Dagger. When you do, this creature deals 1 damage to any target.\""),
     {"affects": {"attached": True}, "gets": [1, 0], "gains": [{"text": "Whenever this creature attacks, you may "
                                                                "sacrifice Spare Dagger. When you do, this creature "
                                                                "deals 1 damage to any target."}]}),
], ids=["Astral Arena", "Halvar", "protection from enchantments", "Spare Dagger"])
def test_static_lines_read_exactly(name: str, line: str, expected: dict) -> None:
    assert reading(line, name) == expected


def _readings(line: str, name: str) -> list | None:
    """Every reading of ``line``, each mapping without its text (a player's rule stays a word)."""
    out = read(line, name)
    if out is None:
        return None
    return [{k: v for k, v in m["continuous"].items() if k != "text"} if isinstance(m, dict) else m for m in out]


@pytest.mark.parametrize(("name", "line", "expected"), [
    ('Ambush Commander', 'Forests you control are 1/1 green Elf creatures that are still lands.',
     [{'affects': {'subtypes': ['forest'], 'controller': 'you'}, 'add_types': ['creature'], 'set_pt': [1, 1],
       'set_colors': ['green'], 'add_subtypes': ['elf']}]),
    ('Anger', 'As long as Anger is in your graveyard and you control a Mountain, creatures you control have haste.',
     [{'affects': {'types': ['creature'], 'controller': 'you'}, 'gains': ['haste'],
       'condition': [{'in_graveyard': True}, {'controls': {'subtypes': ['mountain']}, 'at_least': 1}]}]),
    ('Ashaya, Soul of the Wild', 'Nontoken creatures you control are Forest lands in addition to their other types.',
     [{'affects': {'token': False, 'types': ['creature'], 'controller': 'you'}, 'add_types': ['land'],
       'add_subtypes': ['forest']}]),
    ('Earth Surge', "Each land gets +2/+2 as long as it's a creature.",
     [{'affects': {'types': ['creature', 'land']}, 'gets': [2, 2]}]),
    ('Rune of Mortality', 'As long as enchanted permanent is an Equipment, it has "Equipped creature has deathtouch."',
     [{'affects': {'attached': True}, 'condition': [{'attached_matches': {'subtypes': ['equipment']}}],
       'gains': [{'continuous': {'affects': {'attached': True}, 'gains': ['deathtouch'],
                                 'text': 'Equipped creature has deathtouch.'}}]}]),
    ('Allosaurus Rider', "Allosaurus Rider's power and toughness are each equal to 1 plus the number of lands you control.",
     [{'affects': {'self': True}, 'defines_pt': 'both', 'for_each': {'permanents': {'types': ['land'], 'controller': 'you'}, 'plus': 1}}]),
    ('An-Havva Constable', "An-Havva Constable's toughness is equal to 1 plus the number of green creatures on the battlefield.",
     [{'affects': {'self': True}, 'defines_pt': 'toughness', 'for_each': {'permanents': {'colors': ['green'], 'types': ['creature']}, 'plus': 1}}]),
    ("Auramancer's Guise", 'Enchanted creature gets +2/+2 for each Aura attached to it and has vigilance.',
     [{'affects': {'attached': True}, 'gets': [2, 2], 'for_each': {'permanents': {'subtypes': ['aura']}, 'attached_to': 'it'}, 'gains': ['vigilance']}]),
    ('Gavel of the Righteous', 'As long as Gavel of the Righteous has four or more counters on it, equipped creature has double strike.',
     [{'affects': {'attached': True}, 'gains': ['double_strike'], 'condition': [{'counters_on_source': 'any', 'at_least': 4}]}]),
    ('Akki War Paint', 'As long as enchanted permanent is a creature, it gets +2/+1.',
     [{'affects': {'attached': True}, 'gets': [2, 1], 'condition': [{'attached_matches': {'types': ['creature']}}]}]),
    ('Archangel of Tithes', "As long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.",
     [{'affects': {'self': True}, 'rules': [{'attack_tax': {'cost': '{1}', 'covers': 'you_and_planeswalkers'}}], 'condition': [{'source_untapped': True}]}]),
    ('Ashenmoor Cohort', 'Ashenmoor Cohort gets +1/+1 as long as you control another black creature.',
     [{'affects': {'self': True}, 'gets': [1, 1], 'condition': [{'controls': {'colors': ['black'], 'types': ['creature'], 'other': True}, 'at_least': 1}]}]),
    ('Bearded Axe', 'Equipped creature gets +1/+1 for each Dwarf, Equipment, and/or Vehicle you control.',
     [{'affects': {'attached': True}, 'gets': [1, 1], 'for_each': {'permanents': {'subtypes': ['dwarf', 'equipment', 'vehicle'], 'controller': 'you'}}}]),
    ('Crawlspace', 'No more than two creatures can attack you each combat.',
     [{'board_rules': [{'kind': 'max_attackers_against_you', 'n': 2}]}]),
    ('Gate Hound', 'Creatures you control have vigilance as long as Gate Hound is enchanted.',
     [{'affects': {'types': ['creature'], 'controller': 'you'}, 'gains': ['vigilance'], 'condition': [{'source_enchanted': True}]}]),
    ('Gnat Miser', "Each opponent's maximum hand size is reduced by one.",
     [{'board_rules': [{'kind': 'opponents_hand_size_reduced', 'n': 1}]}]),
    ('Gruul Spellbreaker', "As long as it's your turn, you and Gruul Spellbreaker have hexproof.",
     [{'affects': {'self': True}, 'rules': ['controller_hexproof'], 'condition': [{'your_turn': True}]},
      {'affects': {'self': True}, 'gains': ['hexproof'], 'condition': [{'your_turn': True}]}]),
    ('Hungry Lynx', 'Cats you control have protection from Rats.',
     [{'affects': {'subtypes': ['cat'], 'controller': 'you'}, 'gains': [{'protection': 'rat'}]}]),
    ('Radiant Destiny', "Creatures you control of the chosen type get +1/+1. As long as you have the city's blessing, they also have vigilance.",
     [{'affects': {'types': ['creature'], 'controller': 'you', 'chosen_type': True}, 'gets': [1, 1]}, {'affects': {'types': ['creature'], 'controller': 'you', 'chosen_type': True}, 'gains': ['vigilance'], 'condition': [{'city_blessing': True}]}]),
    ("Sage's Reverie", "Enchanted creature gets +1/+1 for each Aura you control that's attached to a creature.",
     [{'affects': {'attached': True}, 'gets': [1, 1], 'for_each': {'permanents': {'subtypes': ['aura'], 'controller': 'you'}, 'attached_to': 'creature'}}]),
    ('Shalai, Voice of Plenty', 'You, planeswalkers you control, and other creatures you control have hexproof.',
     ['controller_hexproof', {'affects': {'other': True, 'types': ['creature'], 'controller': 'you'}, 'gains': ['hexproof']}, {'affects': {'types': ['planeswalker'], 'controller': 'you'}, 'gains': ['hexproof']}]),
    ("Sigarda, Heron's Grace", 'You and Humans you control have hexproof.',
     ['controller_hexproof', {'affects': {'subtypes': ['human'], 'controller': 'you'}, 'gains': ['hexproof']}]),
    ('Tidal Influence', 'As long as there are exactly three tide counters on Tidal Influence, all blue creatures get +2/+0.',
     [{'affects': {'colors': ['blue'], 'types': ['creature']}, 'gets': [2, 0], 'condition': [{'counters_on_source': 'tide', 'at_least': 3, 'at_most': 3}]}]),
], ids=['Ambush Commander', 'Anger', 'Ashaya, Soul of the Wild', 'Earth Surge', 'Rune of Mortality',
        'Allosaurus Rider', 'An-Havva Constable', "Auramancer's Guise", 'Gavel of the Righteous', 'Akki War Paint', 'Archangel of Tithes', 'Ashenmoor Cohort', 'Bearded Axe', 'Crawlspace', 'Gate Hound', 'Gnat Miser', 'Gruul Spellbreaker', 'Hungry Lynx',
        'Radiant Destiny', "Sage's Reverie", 'Shalai, Voice of Plenty', "Sigarda, Heron's Grace", 'Tidal Influence'])
def test_pool_lines_of_single_compiler_rules_read_exactly(name: str, line: str, expected: list) -> None:
    """Lines of the pool each built by one rule of the compiler: an attack tax with its generic cost
    (Archangel of Tithes, 508.1d), exactly N counters, "another", "and/or" subtypes, attack and hand size
    caps (506.5, 402.2), "is enchanted" (303.4), "You and ... have hexproof" (702.11c), "they also", a
    characteristic-defining "N plus the number of" (604.3), Auras attached to it, counters on the source,
    "as long as enchanted permanent is a creature", "you and ~ have hexproof" (702.11c), protection from
    a creature type (702.16a), lands that are still lands (305.7 not applying: 613.1d), "Forest lands in
    addition to their other types" (305.6), the graveyard's own effect (113.6b), "as long as it's a creature"
    checked on each land (611.3b), an Equipment's quoted static read whole (613.1f)."""
    assert _readings(line, name) == expected


@pytest.mark.parametrize(("name", "line"), [
    ("Katilda's Rising Dawn", "Enchanted creature has flying, lifelink, and protection from Vampires, and it gets +X/+X, "
                              "where X is the number of permanents you control that are Spirits and/or Clerics."),
    ("Oddity", "Oddity gets +1/+1 for each Aura attached to it as long as it's a Warrior."),
    ("Oddity", "As long as you control an artifact, creatures you control get +1/+1. As long as you have the "
               "city's blessing, they also have vigilance."),
    ("Oddity", "Elf Warrior Shaman creatures get +1/+1."),
    ("Oddity", "Elf Warrior creatures with power or toughness 1 or less get +1/+1."),
], ids=["protection from a subtype then more", "it on the source", "they also after a conditional effect",
        "three subtypes", "two subtypes and an alternative"])
def test_lines_the_compiler_refuses_stay_unread(name: str, line: str) -> None:
    """Refused whole rather than read in part: the words after "protection from Vampires" (702.16a);
    "as long as it's a Warrior" with "~" as the subject (611.3b: "it" names an enchanted, equipped or
    grouped object); "they also" after an effect with its own condition (which conditions the second
    effect has is not said); a group that would need two ``any_of`` (its members are alternatives:
    "Elf Warrior Shaman" needs all three subtypes, 205.3)."""
    assert read(line, name) is None
