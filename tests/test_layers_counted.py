"""Layer 7c counts (613.4c) relative to attachments, counters, colors, land types and the
zones: real cards of the 2022 pool read from their Oracle text and applied on boards, with the
rulings of ../shared/data on those cards."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import CardLibrary
from mtgsolver.read.card_files import bundled_library, library_from_card_file
from mtgsolver.read.grammar.continuous import read
from mtgsolver.solver.blocks import check_blocks

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
CARDS = ("Bruenor Battlehammer", "Golem-Skin Gauntlets", "Bonesplitter", "Auramancer's Guise", "Mantle of the Ancients",
         "Armament Master", "Heavenly Blademaster", "Sage's Reverie", "Gavel of the Righteous", "Kyler, Sigardian Emissary",
         "Luxior, Giada's Gift", "Thelon of Havenwood", "Toxrill, the Corrosive", "Sludge Monster", "Gleam of Authority",
         "Blessing of the Nephilim", "Knight of New Alara", "Conqueror's Flail", "Darkest Hour", "Strength of Unity",
         "Exotic Curse", "Tropical Island", "Urborg, Tomb of Yawgmoth", "Bonehoard", "Death's Approach", "Fear of Death",
         "Runechanter's Pike", "Righteous Authority", "Nettlecyst", "Bearded Axe", "Rakdos Riteknife", "Pacifism",
         "Holy Strength", "Grizzly Bears", "Kor Skyfisher", "Forest", "Island", "Plains",
         "Ornithopter", "Shock", "Opt", "Hill Giant", "Civic Saber", "Manaforce Mace", "Hypnotic Specter",
         "Spontaneous Mutation", "Exoskeletal Armor", "Dwarven Blastminer", "Coat of Arms", "Alpha Status", "Stoneforge Masterwork", "Mirror Box",
         "Ravager's Mace", "Light from Within", "Hedron Matrix", "Skeletal Swarming", "Changeling Outcast", "Goblin Piker",
         "Raging Goblin", "Llanowar Elves", "Boggart Ram-Gang", "Kitchen Finks", "Skeleton Archer", "Drudge Skeletons",
         "Cleric of the Forward Order", "Tazri, Beacon of Unity", "Sea Gate Stormcaller", "Takeno, Samurai General",
         "Humility")


@pytest.fixture(scope="module")
def cards(atomic_cards: Path, tmp_path_factory: pytest.TempPathFactory) -> CardLibrary:
    """The cards these tests use, cut out of the pool (one load of the file)."""
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as fh:
        pool = json.load(fh)
    subset = {"meta": pool.get("meta", {}), "data": {name: pool["data"][name] for name in CARDS}}
    path = tmp_path_factory.mktemp("pool") / "subset.json"
    path.write_text(json.dumps(subset), encoding="utf-8")
    return bundled_library().merged(library_from_card_file(path))


def board(cards: CardLibrary, perms: str, tail: str = ""):
    body = "".join(f"  {line.strip()}\n" for line in perms.strip().splitlines())
    return parse_board_text(HEAD + body + tail, "counted.yaml", library=cards)


def pt(b, pid: str) -> tuple[int, int]:
    p = b.permanent(pid)
    return p.power, p.toughness


def test_613_4c_equipment_attached_to_it_bruenor_and_golem_skin_gauntlets(cards) -> None:
    """Bruenor: +2/+0 for each Equipment attached to each creature you control; Golem-Skin
    Gauntlets counts itself (its ruling: "at least +1/+0") and the other Equipment (301.5)."""
    b = board(cards, """
        - {id: bruenor, card: Bruenor Battlehammer, controller: alice}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: gaunt, card: Golem-Skin Gauntlets, controller: alice, attached_to: bears}
        - {id: split, card: Bonesplitter, controller: alice, attached_to: bears}
        - {id: ogre, card: Hill Giant, controller: bob}
        - {id: split2, card: Bonesplitter, controller: bob, attached_to: ogre}
    """)
    assert pt(b, "bears") == (2 + 2 * 2 + 2 + 2, 2)  # Bruenor 2 x +2, Gauntlets 2 x +1, Bonesplitter +2
    assert pt(b, "bruenor") == (5, 3)  # nothing attached
    assert pt(b, "ogre") == (3 + 2, 3)  # Bruenor's creatures are its controller's only
    assert any("613.4c" in c.what for c in b.layers.changes["bears"])


def test_613_4c_aura_and_equipment_attached_to_it_guise_and_mantle(cards) -> None:
    """Auramancer's Guise counts itself (its ruling); Mantle of the Ancients counts each Aura
    and each Equipment attached to the enchanted creature, whoever controls them (303.4)."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: guise, card: Auramancer's Guise, controller: alice, attached_to: bears}
        - {id: holy, card: Holy Strength, controller: bob, attached_to: bears}
        - {id: giant, card: Hill Giant, controller: alice}
        - {id: mantle, card: Mantle of the Ancients, controller: alice, attached_to: giant}
        - {id: split, card: Bonesplitter, controller: alice, attached_to: giant}
    """)
    assert pt(b, "bears") == (2 + 2 * 2 + 1, 2 + 2 * 2 + 2)
    assert "vigilance" in b.permanent("bears").keywords
    assert pt(b, "giant") == (3 + 2 + 2, 3 + 2)  # Mantle: 2 attached; Bonesplitter +2/+0


def test_613_4c_attached_to_the_source_armament_master_blademaster_and_sage(cards) -> None:
    """Armament Master counts Equipment attached to itself, Heavenly Blademaster Auras and
    Equipment attached to itself; Sage's Reverie counts Auras you control attached to
    creatures (its ruling: any Aura attached to a creature, itself included), not to lands."""
    b = board(cards, """
        - {id: master, card: Armament Master, controller: alice}
        - {id: split, card: Bonesplitter, controller: alice, attached_to: master}
        - {id: gaunt, card: Golem-Skin Gauntlets, controller: alice, attached_to: master}
        - {id: fisher, card: Kor Skyfisher, controller: alice}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: sage, card: Sage's Reverie, controller: alice, attached_to: bears}
        - {id: pacifism, card: Pacifism, controller: bob, attached_to: fisher}
        - {id: forest, card: Forest, controller: alice}
        - {id: holy, card: Holy Strength, controller: alice, attached_to: forest}
    """)
    assert pt(b, "fisher") == (2 + 2 * 2, 3 + 2 * 2)  # other Kor creatures: +2/+2 per Equipment on the Master
    assert pt(b, "master") == (2 + 2 + 2, 2)  # not "other"; Bonesplitter +2, Gauntlets 2 x +1
    assert pt(b, "bears") == (2 + 1, 2 + 1)  # Sage itself; Pacifism is bob's; Holy Strength is on a land
    b = board(cards, """
        - {id: angel, card: Heavenly Blademaster, controller: alice}
        - {id: split, card: Bonesplitter, controller: alice, attached_to: angel}
        - {id: holy, card: Holy Strength, controller: bob, attached_to: angel}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: ogre, card: Hill Giant, controller: bob}
    """)
    assert pt(b, "bears") == (4, 4) and pt(b, "ogre") == (3, 3) and pt(b, "angel") == (3 + 2 + 1, 6 + 2)


def test_613_4c_counters_on_the_source_gavel_kyler_and_riteknife(cards) -> None:
    """Gavel of the Righteous and Kyler count every counter on themselves (Kyler's ruling:
    "all counters, not just +1/+1 counters"); Rakdos Riteknife its blood counters only."""
    b = board(cards, """
        - {id: kyler, card: "Kyler, Sigardian Emissary", controller: alice, counters: {+1/+1: 1, shield: 2}}
        - {id: fisher, card: Kor Skyfisher, controller: alice}
        - {id: human, name: Villager, types: [creature], subtypes: [human], power: 1, toughness: 1, controller: alice}
        - {id: gavel, card: Gavel of the Righteous, controller: alice, attached_to: fisher, counters: {charge: 1, gem: 1}}
        - {id: knife, card: Rakdos Riteknife, controller: alice, attached_to: human, counters: {blood: 2, charge: 5}}
    """)
    assert pt(b, "human") == (1 + 3 + 2, 1 + 3)
    assert pt(b, "fisher") == (2 + 2, 3 + 2)  # not a Human
    assert pt(b, "kyler") == (2 + 1, 2 + 1)  # "other Humans"; its own +1/+1 counter


def test_613_4c_counters_on_the_affected_object_luxior_thelon_toxrill(cards) -> None:
    """Luxior counts the counters on the equipped creature; Thelon the spore counters on each
    Fungus; Toxrill the slime counters on each creature you don't control, and with Sludge
    Monster those creatures are 2/2 with no abilities that also get -1/-1 for each slime counter
    (Toxrill's ruling: 613.4b then 613.4c)."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice, counters: {+1/+1: 1, shield: 1}}
        - {id: luxior, card: "Luxior, Giada's Gift", controller: alice, attached_to: bears}
        - {id: thelon, card: Thelon of Havenwood, controller: bob}
        - {id: frog, name: Spore Beast, types: [creature], subtypes: [fungus], power: 1, toughness: 3, controller: alice, counters: {spore: 2}}
        - {id: toxrill, card: "Toxrill, the Corrosive", controller: alice, counters: {slime: 4}}
        - {id: giant, card: Hill Giant, controller: bob, counters: {slime: 1}}
        - {id: specter, card: Hypnotic Specter, controller: bob, counters: {slime: 2}}
        - {id: sludge, card: Sludge Monster, controller: alice}
    """)
    assert pt(b, "bears") == (2 + 1 + 2, 2 + 1 + 2)  # its +1/+1 counter, and +1/+1 per counter from Luxior
    assert pt(b, "frog") == (1 + 2, 3 + 2)  # Thelon's controller doesn't matter: each Fungus creature
    assert pt(b, "toxrill") == (7, 7)  # its own slime counters don't count: you control it
    assert pt(b, "giant") == (2 - 1, 2 - 1)  # Sludge Monster: base 2/2 (7b), then -1/-1 (7c)
    specter = b.permanent("specter")
    assert (specter.power, specter.toughness, "flying" in specter.keywords) == (0, 0, False)


def test_613_4c_gleam_of_authority_counts_counters_on_other_creatures(cards) -> None:
    """Gleam of Authority: +1/+1 for each +1/+1 counter on creatures you control other than the
    enchanted creature; an opponent's counters and other kinds don't count."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice, counters: {+1/+1: 5}}
        - {id: gleam, card: Gleam of Authority, controller: alice, attached_to: bears}
        - {id: fisher, card: Kor Skyfisher, controller: alice, counters: {+1/+1: 2, shield: 1}}
        - {id: giant, card: Hill Giant, controller: bob, counters: {+1/+1: 3}}
    """)
    assert pt(b, "bears") == (2 + 5 + 2, 2 + 5 + 2)


def test_105_2_its_colors_counted_after_layer_5(cards) -> None:
    """Blessing of the Nephilim and Knight of New Alara count the colors the creature has after
    layer 5 (105.2, 613.1e): under Darkest Hour ("All creatures are black") every creature has
    one color, so the Knight's other multicolored creatures are none."""
    perms = """
        - {id: specter, card: Hypnotic Specter, controller: alice}
        - {id: gob, name: Gob, types: [creature], colors: [red, green, white], power: 1, toughness: 1, controller: alice}
        - {id: blessing, card: Blessing of the Nephilim, controller: alice, attached_to: gob}
        - {id: knight, card: Knight of New Alara, controller: alice}
        - {id: saber, card: Civic Saber, controller: alice, attached_to: specter}
    """
    b = board(cards, perms)
    assert pt(b, "gob") == (1 + 3 + 3, 1 + 3 + 3)  # Blessing 3 x +1/+1, Knight 3 x +1/+1
    assert pt(b, "specter") == (2 + 1, 2)  # one color: Civic Saber +1/+0; not multicolored
    assert pt(b, "knight") == (2, 2)  # "each other"
    b = board(cards, perms + "- {id: hour, card: Darkest Hour, controller: bob}")
    assert pt(b, "gob") == (2, 2) and pt(b, "specter") == (3, 2)


def test_105_2_colors_among_permanents_conquerors_flail(cards) -> None:
    """Conqueror's Flail: each color among permanents you control, once per color; colorless
    artifacts and an opponent's permanents add none."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: flail, card: Conqueror's Flail, controller: alice, attached_to: bears}
        - {id: specter, card: Hypnotic Specter, controller: alice}
        - {id: gob, name: Gob, types: [creature], colors: [green, red], power: 1, toughness: 1, controller: alice}
        - {id: ornithopter, card: Ornithopter, controller: alice}
        - {id: pacifism, card: Pacifism, controller: bob}
    """)
    assert pt(b, "bears") == (2 + 3, 2 + 3)  # green, black, red


def test_305_6_domain_counts_basic_land_types_after_layer_4(cards) -> None:
    """Strength of Unity and Exotic Curse count the basic land types among lands you control
    (305.6): Tropical Island is a Forest and an Island; Urborg makes each land a Swamp too
    (613.1d, counted in 7c); an opponent's Plains doesn't count."""
    perms = """
        - {id: giant, card: Hill Giant, controller: alice}
        - {id: unity, card: Strength of Unity, controller: alice, attached_to: giant}
        - {id: bears, card: Grizzly Bears, controller: bob}
        - {id: curse, card: Exotic Curse, controller: alice, attached_to: bears}
        - {id: trop, card: Tropical Island, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: plains, card: Plains, controller: bob}
    """
    b = board(cards, perms)
    assert pt(b, "giant") == (5, 5) and pt(b, "bears") == (0, 0)
    b = board(cards, perms + "- {id: urborg, card: \"Urborg, Tomb of Yawgmoth\", controller: bob}")
    assert pt(b, "giant") == (6, 6)


ZONES = """zones:
  alice:
    hand: {count: 4, cards: [Shock]}
    graveyard: [Grizzly Bears, Shock, Opt, Hill Giant]
  bob:
    hand: [Opt]
    graveyard: [Bonesplitter, Kor Skyfisher, Shock]
"""


def test_404_graveyard_counts_bonehoard_deaths_approach_fear_of_death_pike(cards) -> None:
    """Bonehoard counts creature cards in all graveyards (an Equipment card is none); Death's
    Approach the creature cards in the enchanted creature's controller's graveyard; Fear of
    Death the cards in its own controller's graveyard; Runechanter's Pike the instants and
    sorceries (404, the graveyards on the board)."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: bone, card: Bonehoard, controller: alice, attached_to: bears}
        - {id: giant, card: Hill Giant, controller: bob}
        - {id: approach, card: Death's Approach, controller: alice, attached_to: giant}
        - {id: fisher, card: Kor Skyfisher, controller: bob}
        - {id: fear, card: Fear of Death, controller: alice, attached_to: fisher}
        - {id: specter, card: Hypnotic Specter, controller: alice}
        - {id: pike, card: Runechanter's Pike, controller: alice, attached_to: specter}
        - {id: ogre, card: Hill Giant, controller: alice}
        - {id: armor, card: Exoskeletal Armor, controller: bob, attached_to: ogre}
        - {id: mutation, card: Spontaneous Mutation, controller: bob, attached_to: ogre}
    """, ZONES)
    assert pt(b, "bears") == (2 + 3, 2 + 3)  # Grizzly Bears, Hill Giant, Kor Skyfisher
    assert pt(b, "giant") == (3 - 1, 3 - 1)  # bob's graveyard: Kor Skyfisher
    assert pt(b, "fisher") == (2 - 4, 3)  # alice's four cards
    assert pt(b, "specter") == (2 + 2, 2) and "first_strike" in b.permanent("specter").keywords
    assert pt(b, "ogre") == (3 + 3 - 3, 3 + 3)  # Exoskeletal Armor +3/+3; Mutation: bob's 3 cards


def test_402_hand_size_righteous_authority_counts_a_hand_given_as_a_count(cards) -> None:
    """Righteous Authority: +1/+1 for each card in the enchanted creature's controller's hand,
    known or not (402.3: the size is public; a hand given as {count: 4} has 4 cards)."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: auth, card: Righteous Authority, controller: bob, attached_to: bears}
        - {id: giant, card: Hill Giant, controller: bob}
        - {id: auth2, card: Righteous Authority, controller: alice, attached_to: giant}
    """, ZONES)
    assert pt(b, "bears") == (6, 6) and pt(b, "giant") == (4, 4)


def test_artifact_and_or_enchantment_counts_each_permanent_once(cards) -> None:
    """Nettlecyst and All That Glitters: an artifact enchantment or artifact creature is one
    permanent ("and/or"); Bearded Axe counts Dwarves, Equipment and Vehicles you control."""
    b = board(cards, """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: cyst, card: Nettlecyst, controller: alice, attached_to: bears}
        - {id: ornithopter, card: Ornithopter, controller: alice}
        - {id: both, name: Relic, types: [artifact, enchantment], controller: alice}
        - {id: holy, card: Holy Strength, controller: bob, attached_to: bears}
        - {id: dwarf, card: Dwarven Blastminer, controller: alice}
        - {id: axe, card: Bearded Axe, controller: alice, attached_to: dwarf}
    """)
    assert pt(b, "bears") == (2 + 4 + 1, 2 + 4 + 2)  # Nettlecyst, Ornithopter, Relic, Bearded Axe; Holy Strength
    assert pt(b, "dwarf") == (1 + 3, 1 + 3)  # Dwarven Blastminer, Nettlecyst, Bearded Axe


def test_509_blocks_use_the_counted_toughness(cards) -> None:
    """The combat solvers see the layered creature (509.1): Toxrill's slime counters shrink the
    attacker below the ones a block check reports."""
    b = board(cards, """
        - {id: toxrill, card: "Toxrill, the Corrosive", controller: bob}
        - {id: giant, card: Hill Giant, controller: alice, counters: {slime: 3}}
        - {id: bears, card: Grizzly Bears, controller: bob}
    """, "combat:\n  attackers: [{creature: giant, target: bob}]\n  blockers: [{creature: bears, blocks: [giant]}]\n")
    assert pt(b, "giant") == (0, 0)
    assert check_blocks(b).legal is True


def test_205_3m_shares_a_creature_type_coat_of_arms_and_stoneforge_masterwork(cards) -> None:
    """Coat of Arms counts each other creature sharing at least one creature type, once however
    many it shares (its rulings), whoever controls it; a changeling is every creature type
    (702.73a). Stoneforge Masterwork counts only its controller's other creatures."""
    b = board(cards, """
        - {id: coat, card: Coat of Arms, controller: bob}
        - {id: piker, card: Goblin Piker, controller: alice}
        - {id: raging, card: Raging Goblin, controller: bob}
        - {id: ram, card: Boggart Ram-Gang, controller: alice}
        - {id: elves, card: Llanowar Elves, controller: alice}
        - {id: outcast, card: Changeling Outcast, controller: bob}
        - {id: fisher, card: Kor Skyfisher, controller: alice}
        - {id: work, card: Stoneforge Masterwork, controller: alice, attached_to: piker}
    """)
    assert pt(b, "raging") == (1 + 3, 1 + 3) and pt(b, "ram") == (3 + 3, 3 + 3) and pt(b, "elves") == (2, 2)
    assert pt(b, "outcast") == (1 + 5, 1 + 5) and pt(b, "fisher") == (3, 4)
    assert pt(b, "piker") == (2 + 3 + 1, 1 + 3 + 1)  # Coat 3; Masterwork: Ram-Gang only (alice's)


def test_mirror_box_same_name_and_tokens(cards) -> None:
    """Mirror Box: each nontoken creature you control gets +1/+1 for each other creature you
    control with the same name; tokens get no bonus but count (its ruling)."""
    b = board(cards, """
        - {id: box, card: Mirror Box, controller: alice}
        - {id: e1, card: Llanowar Elves, controller: alice}
        - {id: e2, card: Llanowar Elves, controller: alice}
        - {id: e3, card: Llanowar Elves, controller: alice, token: true}
        - {id: e4, card: Llanowar Elves, controller: bob}
    """)
    assert pt(b, "e1") == (3, 3) and pt(b, "e2") == (3, 3) and pt(b, "e3") == (1, 1) and pt(b, "e4") == (1, 1)


def test_700_8_party_counted_the_way_that_gives_the_most(cards) -> None:
    """Ravager's Mace: +1/+0 for each creature in your party (700.8); a changeling fills the
    role left over (700.8b: the highest count)."""
    perms = """
        - {id: cleric, card: Cleric of the Forward Order, controller: alice}
        - {id: mace, card: Ravager's Mace, controller: alice, attached_to: cleric}
        - {id: outcast, card: Changeling Outcast, controller: alice}
        - {id: bob_wizard, card: Sea Gate Stormcaller, controller: bob}
    """
    b = board(cards, perms)
    assert pt(b, "cleric") == (2 + 2, 2) and "menace" in b.permanent("cleric").keywords
    b = board(cards, perms + """- {id: tazri, card: "Tazri, Beacon of Unity", controller: alice}
        - {id: wizard, card: Sea Gate Stormcaller, controller: alice}""")
    assert pt(b, "cleric") == (2 + 4, 2)
    # the changeling first takes the Cleric role, then yields it to the Cleric for the Rogue role
    b = board(cards, """
        - {id: outcast, card: Changeling Outcast, controller: alice}
        - {id: cleric, card: Cleric of the Forward Order, controller: alice}
        - {id: mace, card: Ravager's Mace, controller: alice, attached_to: cleric}
    """)
    assert pt(b, "cleric") == (2 + 2, 2)


def test_chroma_and_mana_value_light_from_within_and_hedron_matrix(cards) -> None:
    """Light from Within counts the white mana symbols in each creature's mana cost, hybrid ones
    included (its rulings); Hedron Matrix gives +X/+X for the equipped creature's mana value
    (202.3)."""
    b = board(cards, """
        - {id: light, card: Light from Within, controller: alice}
        - {id: finks, card: Kitchen Finks, controller: alice}
        - {id: cleric, card: Cleric of the Forward Order, controller: alice}
        - {id: elves, card: Llanowar Elves, controller: alice}
        - {id: ram, card: Boggart Ram-Gang, controller: bob}
        - {id: matrix, card: Hedron Matrix, controller: bob, attached_to: ram}
    """)
    assert pt(b, "finks") == (3 + 2, 2 + 2) and pt(b, "cleric") == (3, 3) and pt(b, "elves") == (1, 1)
    assert pt(b, "ram") == (3 + 3, 3 + 3)


def test_each_skeleton_you_control_skeletal_swarming(cards) -> None:
    """Skeletal Swarming: each Skeleton you control has trample, attacks each combat if able
    (613.11), and gets +1/+0 for each other Skeleton you control."""
    b = board(cards, """
        - {id: swarm, card: Skeletal Swarming, controller: alice}
        - {id: drudge, card: Drudge Skeletons, controller: alice}
        - {id: archer, card: Skeleton Archer, controller: alice}
        - {id: bob_drudge, card: Drudge Skeletons, controller: bob}
    """)
    drudge = b.permanent("drudge")
    assert pt(b, "drudge") == (2, 1) and pt(b, "archer") == (4, 3) and pt(b, "bob_drudge") == (1, 1)
    assert "trample" in drudge.keywords and drudge.has("attacks_each_combat")


def test_702_45_points_of_bushido_takeno_and_humility(cards) -> None:
    """Takeno: each other Samurai creature you control gets +1/+1 for each point of bushido it
    has (702.45b: every instance; bushido given as the board vocabulary {bushido: N}, since no
    grammar reads the "Bushido N" line yet and it stays unread); under Humility it has none
    after layer 6 (and Takeno's ability is gone before 7c: 613.6)."""
    samurai = "types: [creature], subtypes: [samurai], power: 2, toughness: 2, abilities: [{bushido: 1}, {bushido: 2}]"
    perms = f"""
        - {{id: takeno, card: "Takeno, Samurai General", controller: alice}}
        - {{id: pale, name: Samurai, {samurai}, controller: alice}}
        - {{id: bob_pale, name: Samurai, {samurai}, controller: bob}}
    """
    b = board(cards, perms)
    assert pt(b, "pale") == (2 + 3, 2 + 3) and pt(b, "bob_pale") == (2, 2) and pt(b, "takeno") == (3, 3)
    b = board(cards, perms + "- {id: humility, card: Humility, controller: bob}")
    assert pt(b, "pale") == (1, 1)


COUNTED_LINES = Path(__file__).parent / "data" / "effects_counted_lines.jsonl"


@pytest.mark.parametrize("name, line, expected", [json.loads(x) for x in COUNTED_LINES.read_text().splitlines()],
                         ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_hand_checked_counted_lines(name: str, line: str, expected: dict) -> None:
    """The pool's "for each ..." / "where X is ..." lines this family reads, each structure
    checked by hand against the Oracle text (613.4c counts; "it"/"them": the affected object)."""
    out = read(line, name)
    assert out is not None
    mapping = dict(out[0]["continuous"])
    assert mapping.pop("text") == line and mapping == expected


@pytest.mark.parametrize("name, line, expected", [
    ("Den Protector", "Tapped creatures you control get +1/+1 for each card in your graveyard.",
     {"affects": {"tapped": True, "types": ["creature"], "controller": "you"}, "gets": [1, 1],
      "for_each": {"cards": {"zone": "graveyard", "whose": "you"}}}),
    ("Den Protector", "Den Protector's power and toughness are each equal to the number of cards in your graveyard.",
     {"affects": {"self": True}, "defines_pt": "both", "for_each": {"cards": {"zone": "graveyard", "whose": "you"}}}),
])
def test_cards_in_your_graveyard_in_a_count_and_a_characteristic_defining_ability(name, line, expected) -> None:
    """"for each card in your graveyard" (613.4c) and a 7a characteristic-defining ability
    counting them (604.3, 613.4a): the graveyard is public and on the board (404)."""
    out = read(line, name)
    assert out is not None and {k: v for k, v in out[0]["continuous"].items() if k != "text"} == expected


@pytest.mark.parametrize("name, line", [
    ("Commander's Insignia", "Creatures you control get +1/+1 for each time you've cast your commander from the "
                             "command zone this game."),
    ("Strata Scythe", "Equipped creature gets +1/+1 for each land on the battlefield with the same name as the "
                      "exiled card."),
    ("Sage's Reverie", "Enchanted creature gets +1/+1 for each Elf you control that's attached to a creature."),
    ("X", "Equipped creature gets +1/+1 for each Fortification attached to it."),
    ("X", "Equipped creature gets +1/+1 for each creature card in its controller's hand."),
])
def test_lines_that_stay_unread(name: str, line: str) -> None:
    """History (903.8 commander casts), hidden choices (the exiled card), and a hand's card types
    (402.3) are not on the board: refused, never guessed."""
    assert read(line, name) is None
