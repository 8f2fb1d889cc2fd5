"""Precision of the continuous-effect readings outside the effects clusters, checked by hand.

Each line in READ must read to exactly this structure; each in UNREAD must stay unread
(near variants of those lines whose extra words the grammar does not honour).
"""
import pytest

from mtgsolver.read.oracle import parse_oracle_text

READ = [
    # 604.3, 208.2a: characteristic-defining P/T
    pytest.param('Apocalypse Demon', "Apocalypse Demon's power and toughness are each equal to the number of cards in your graveyard.",
                 [{'continuous': {'affects': {'self': True},
                 'defines_pt': 'both',
                 'for_each': {'cards': {'whose': 'you', 'zone': 'graveyard'}},
                 'text': "Apocalypse Demon's power and toughness are each equal to the "
                         'number of cards in your graveyard.'}}],
                 id='Apocalypse Demon'),
    # 508.1c, 509.1b, 602.5
    pytest.param('Arachnus Web', "Enchanted creature can't attack or block, and its activated abilities can't be activated.",
                 [{'continuous': {'affects': {'attached': True},
                 'rules': ['cant_attack', 'cant_block', {'cant_activate': 'all'}],
                 'text': "Enchanted creature can't attack or block, and its activated "
                         "abilities can't be activated."}}],
                 id='Arachnus Web'),
    # 613.1f layer 6
    pytest.param('Archetype of Endurance', "Creatures your opponents control lose hexproof and can't have or gain hexproof.",
                 [{'continuous': {'affects': {'controller': 'opponents', 'types': ['creature']},
                 'cant_have': ['hexproof'],
                 'loses': ['hexproof'],
                 'text': "Creatures your opponents control lose hexproof and can't have "
                         'or gain hexproof.'}}],
                 id='Archetype of Endurance'),
    # 510.1c
    pytest.param('Assault Formation', 'Each creature you control assigns combat damage equal to its toughness rather than its power.',
                 [{'continuous': {'affects': {'controller': 'you', 'types': ['creature']},
                 'rules': ['assigns_damage_by_toughness'],
                 'text': 'Each creature you control assigns combat damage equal to its '
                         'toughness rather than its power.'}}],
                 id='Assault Formation'),
    # 611.3b
    pytest.param('Blackbloom Rogue', 'Blackbloom Rogue gets +3/+0 as long as an opponent has eight or more cards in their graveyard.',
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'opponent_graveyard': 8}],
                 'gets': [3, 0],
                 'text': 'Blackbloom Rogue gets +3/+0 as long as an opponent has eight '
                         'or more cards in their graveyard.'}}],
                 id='Blackbloom Rogue'),
    # 702.95b
    pytest.param('Breathkeeper Seraph', 'As long as Breathkeeper Seraph is paired with another creature, each of those creatures has "When this creature dies, you may return it to the battlefield under its owner\'s control at the beginning of your next upkeep."',
                 [{'continuous': {'affects': {'paired': True},
                 'condition': [{'paired': True}],
                 'gains': [{'text': 'When this creature dies, you may return it to the '
                                    "battlefield under its owner's control at the "
                                    'beginning of your next upkeep.'}],
                 'text': 'As long as Breathkeeper Seraph is paired with another '
                         'creature, each of those creatures has "When this creature '
                         "dies, you may return it to the battlefield under its owner's "
                         'control at the beginning of your next upkeep."'}}],
                 id='Breathkeeper Seraph'),
    # 604.3
    pytest.param('Cantivore', "Cantivore's power and toughness are each equal to the number of enchantment cards in all graveyards.",
                 [{'continuous': {'affects': {'self': True},
                 'defines_pt': 'both',
                 'for_each': {'cards': {'types': ['enchantment'],
                                        'whose': 'all',
                                        'zone': 'graveyard'}},
                 'text': "Cantivore's power and toughness are each equal to the number "
                         'of enchantment cards in all graveyards.'}}],
                 id='Cantivore'),
    # 205.1a, 613.4b
    pytest.param('Circle of the Moon Druid', "Bear Form — As long as it's your turn, Circle of the Moon Druid is a Bear with base power and toughness 4/2. (It loses all other creature types.)",
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'your_turn': True}],
                 'set_creature_types': ['bear'],
                 'set_pt': [4, 2],
                 'text': "Bear Form — As long as it's your turn, Circle of the Moon "
                         'Druid is a Bear with base power and toughness 4/2.'}}],
                 id='Circle of the Moon Druid'),
    # 508.1d, 611.3b
    pytest.param("Dragon's Rage Channeler", "Delirium — As long as there are four or more card types among cards in your graveyard, Dragon's Rage Channeler gets +2/+2, has flying, and attacks each combat if able.",
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'graveyard_types': 4}],
                 'gains': ['flying'],
                 'gets': [2, 2],
                 'rules': ['attacks_each_combat'],
                 'text': 'Delirium — As long as there are four or more card types among '
                         "cards in your graveyard, Dragon's Rage Channeler gets +2/+2, "
                         'has flying, and attacks each combat if able.'}}],
                 id="Dragon's Rage Channeler"),
    # 702.3b
    pytest.param('Drowsing Tyrannodon', "As long as you control a creature with power 4 or greater, Drowsing Tyrannodon can attack as though it didn't have defender.",
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'at_least': 1,
                                'controls': {'power_at_least': 4,
                                             'types': ['creature']}}],
                 'rules': ['can_attack_despite_defender'],
                 'text': 'As long as you control a creature with power 4 or greater, '
                         "Drowsing Tyrannodon can attack as though it didn't have "
                         'defender.'}}],
                 id='Drowsing Tyrannodon'),
    # 702.95b
    pytest.param('Elgaud Shieldmate', "As long as Elgaud Shieldmate is paired with another creature, both creatures have hexproof. (They can't be the targets of spells or abilities your opponents control.)",
                 [{'continuous': {'affects': {'paired': True},
                 'condition': [{'paired': True}],
                 'gains': ['hexproof'],
                 'text': 'As long as Elgaud Shieldmate is paired with another creature, '
                         'both creatures have hexproof.'}}],
                 id='Elgaud Shieldmate'),
    # 502.3, 602.5
    pytest.param('Encrust', "Enchanted permanent doesn't untap during its controller's untap step and its activated abilities can't be activated.",
                 [{'continuous': {'affects': {'attached': True},
                 'rules': ['doesnt_untap', {'cant_activate': 'all'}],
                 'text': "Enchanted permanent doesn't untap during its controller's "
                         "untap step and its activated abilities can't be activated."}}],
                 id='Encrust'),
    # 702.16
    pytest.param('Etched Champion', 'Metalcraft — Etched Champion has protection from all colors as long as you control three or more artifacts.',
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'at_least': 3, 'controls': {'types': ['artifact']}}],
                 'gains': [{'protection': 'white'},
                           {'protection': 'blue'},
                           {'protection': 'black'},
                           {'protection': 'red'},
                           {'protection': 'green'}],
                 'text': 'Metalcraft — Etched Champion has protection from all colors as '
                         'long as you control three or more artifacts.'}}],
                 id='Etched Champion'),
    # 611.3b
    pytest.param('Fen Stalker', "Fen Stalker has fear as long as you control no untapped lands. (It can't be blocked except by artifact creatures and/or black creatures.)",
                 [{'continuous': {'affects': {'self': True},
                 'condition': [{'controls': {'tapped': False, 'types': ['land']},
                                'not': True}],
                 'gains': ['fear'],
                 'text': 'Fen Stalker has fear as long as you control no untapped '
                         'lands.'}}],
                 id='Fen Stalker'),
    # 205.4a, 613.1d
    pytest.param('Glittering Frost', 'Enchanted land is snow.',
                 [{'continuous': {'add_supertypes': ['snow'],
                 'affects': {'attached': True},
                 'text': 'Enchanted land is snow.'}}],
                 id='Glittering Frost'),
    # 205.4a, 613.1d
    pytest.param("In Bolas's Clutches", 'Enchanted permanent is legendary.',
                 [{'continuous': {'add_supertypes': ['legendary'],
                 'affects': {'attached': True},
                 'text': 'Enchanted permanent is legendary.'}}],
                 id="In Bolas's Clutches"),
]

UNREAD = [
    # 602.5: "unless they're loyalty abilities" is not honoured by {cant_activate: all}
    ("Test Card", "Enchanted creature can't attack or block, and its activated abilities can't be "
                  "activated unless they're loyalty abilities."),
    # 611.3b: a count threshold on untapped lands, not "no untapped lands"
    ("Fen Stalker", "Fen Stalker has fear as long as you control two or fewer untapped lands."),
    # 614.12: a second choice (a color) the board's chosen_type does not carry
    ("Test Card", "As Test Card enters the battlefield, choose a color and a creature type."),
    # 510.1c: a condition on the affected creature the rule entry does not carry
    ("Test Card", "Each creature you control assigns combat damage equal to its toughness rather "
                  "than its power unless it's attacking."),
]


@pytest.mark.parametrize("card,line,expected", READ)
def test_line_reads_exactly(card, line, expected):
    entries, unread = parse_oracle_text(line, card)
    assert unread == []
    assert entries == expected


@pytest.mark.parametrize("card,line", UNREAD)
def test_near_variant_stays_unread(card, line):
    entries, unread = parse_oracle_text(line, card)
    assert entries == []
    assert unread == [line]
