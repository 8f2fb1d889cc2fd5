"""The grammar of what cards do (mtgsolver/read/grammar/actions.lark) and its three families:
spells (608.2), activated abilities (602) and triggered abilities (603), read into the effect
language of mtgsolver/model/effects.py.

Each test pins the exact reading of a line, with the rule it relies on; a line whose meaning
the effect language can't hold exactly stays unread."""
from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest
from lark import Lark, logger

from mtgsolver.model import effects as fx
from mtgsolver.model.continuous import Affected
from mtgsolver.read.effect_vocabulary import parse_ability, parse_spell
from mtgsolver.read.grammar import actions, activated, triggered
from mtgsolver.read.grammar.spell import read_spell
from mtgsolver.read.oracle import parse_oracle_text

GRAMMAR = Path(actions.__file__).with_name("actions.lark")


def test_the_grammar_is_lalr_without_a_conflict() -> None:
    """LALR(1) with every shift/reduce conflict resolved in the grammar itself, none by lark's
    default of shifting (a reduce/reduce conflict is an error when the parser is built)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", lexer="basic", debug=True,
             start=["sentence", "trigger", "condition", "choose"])
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert "conflict" not in stream.getvalue().lower(), stream.getvalue()


def _spell(text: str, name: str = "Test Spell") -> fx.SpellAbility:
    found = read_spell(text, name)
    assert found is not None, text
    return parse_spell(found)


def _ability(line: str, name: str) -> fx.ActivatedAbility | fx.TriggeredAbility:
    found = (triggered.read if line.startswith(("When", "Whenever", "At ")) else activated.read)(line, name)
    assert found is not None, line
    return parse_ability(found[0])


ANY = frozenset({"creature", "player", "planeswalker", "battle"})


def test_115_4_any_target_and_a_spell_with_one_target() -> None:
    bolt = _spell("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt")
    assert bolt.effects == (fx.Damage(3, fx.Targeted(0)),)
    assert bolt.targets == (fx.TargetSpec(ANY),)


def test_601_2c_target_slots_in_text_order_and_one_word_named_twice() -> None:
    """"Target player draws two cards and loses 2 life": one target word, one slot (115.3)."""
    spell = _spell("Target player draws two cards and loses 2 life.")
    assert spell.effects == (fx.Draw(fx.Targeted(0), 2), fx.LoseLife(2, fx.Targeted(0)))
    assert spell.targets == (fx.TargetSpec(frozenset({"player"})),)


def test_601_2c_a_subject_target_is_numbered_before_the_predicates() -> None:
    """Prey Upon: "Target creature you control fights target creature you don't control": the
    first target named is slot 0 (the creature you control), the second slot 1."""
    spell = _spell("Target creature you control fights target creature you don't control.", "Prey Upon")
    assert spell.effects == (fx.Fight(fx.Targeted(0), fx.Targeted(1)),)
    assert [t.filter.controller for t in spell.targets] == ["you", "opponents"]


def test_603_2_a_cast_trigger_on_any_spell_is_not_one_on_this_spell() -> None:
    """"Whenever you cast a spell" triggers on every spell its controller casts (601.2i); "When
    you cast this spell" on the card's own spell only: the first has a subject, the second none."""
    spell = _ability("Whenever you cast a spell, you gain 1 life.", "Test Creature").event
    own = _ability("When you cast this spell, draw a card.", "Test Creature").event
    assert (spell.kind, spell.subject, spell.whose) == ("cast", Affected(), "you")
    assert (own.kind, own.subject) == ("cast", None)


def test_707_10c_new_targets_for_a_copy_only_where_it_says_so() -> None:
    """Twincast: "You may choose new targets for the copy." lets the copy's targets change;
    a copy without that sentence keeps the spell's (707.10c)."""
    twincast = _spell("Copy target instant or sorcery spell. You may choose new targets for the copy.", "Twincast")
    assert twincast.effects == (fx.CopySpell(fx.Targeted(0), new_targets=True),)
    assert _spell("Copy target instant or sorcery spell.").effects == (fx.CopySpell(fx.Targeted(0)),)
    assert read_spell("Draw a card. You may choose new targets for the copy.", "Test Spell") is None


def test_509_1c_must_be_blocked_this_turn_if_able() -> None:
    """Irresistible Prey: "Target creature must be blocked this turn if able." is a requirement
    on the defending player's blocks until end of turn (509.1c, 611.2)."""
    prey = _spell("Target creature must be blocked this turn if able.\nDraw a card.", "Irresistible Prey")
    modify, draw = prey.effects
    assert isinstance(modify, fx.Modify) and modify.what == fx.Targeted(0) and modify.duration == "end_of_turn"
    assert [name for _, s in modify.spec.rules for name in [s.name]] == ["must_be_blocked"] and draw == fx.Draw()


def test_115_3_another_target_after_a_target_is_a_different_object() -> None:
    spell = _spell("Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until end of turn.")
    assert spell.targets == (fx.TargetSpec(frozenset({"creature"})),
                             fx.TargetSpec(frozenset({"creature"}), distinct_from=(0,)))


def test_another_target_on_a_permanent_is_not_the_source() -> None:
    ability = _ability("{T}: Another target creature gets +1/+1 until end of turn.", "Guide")
    assert ability.targets == (fx.TargetSpec(frozenset({"creature"}), Affected(other=True)),)


def test_700_2_modes_with_their_own_target_slots() -> None:
    spell = _spell("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.")
    assert spell.effects == (fx.Modal(((fx.Destroy(fx.Targeted(0)),), (fx.Destroy(fx.Targeted(1)),))),)
    assert [set(t.kinds) for t in spell.targets] == [{"artifact"}, {"enchantment"}]


def test_611_2a_changes_until_end_of_turn_are_one_effect() -> None:
    spell = _spell("Target creature gets +2/+2 and gains trample until end of turn.")
    (effect,) = spell.effects
    assert isinstance(effect, fx.Modify) and effect.what == fx.Targeted(0) and effect.duration == "end_of_turn"
    assert (effect.spec.gets, [g for g in effect.spec.gains]) == ((2, 2), [("keyword", "trample")])


def test_611_2a_a_change_with_no_duration_lasts_for_the_game() -> None:
    ability = _ability("When Elder Land Wurm blocks, it loses defender.", "Elder Land Wurm")
    (effect,) = ability.effects
    assert effect.duration == "permanent" and effect.spec.loses == frozenset({"defender"})


def test_608_2h_x_defined_by_a_count_is_fixed_as_it_resolves() -> None:
    spell = _spell("Target creature gets +X/+X until end of turn, where X is the number of creatures you control.")
    (effect,) = spell.effects
    assert effect.spec.gets == (1, 1)
    assert isinstance(effect.times, fx.Count) and effect.times.of.permanents == Affected(types=frozenset({"creature"}),
                                                                                         controller="you")


def test_608_2d_you_may_pay_and_if_you_do() -> None:
    ability = _ability("Whenever Arrogant Poet attacks, you may pay 2 life. If you do, it gains flying until end of turn.",
                       "Arrogant Poet")
    (effect,) = ability.effects
    assert effect == fx.Optional((fx.Pay(life=2),), then=(fx.Modify(fx.Source(), effect.then[0].spec),))
    assert effect.then[0].spec.gains == (("keyword", "flying"),)


def test_sacrifice_unless_you_pay_is_a_payment_with_an_otherwise() -> None:
    ability = _ability("At the beginning of your upkeep, sacrifice Drifter il-Dal unless you pay {U}.", "Drifter il-Dal")
    (effect,) = ability.effects
    assert isinstance(effect, fx.Optional) and str(effect.effects[0].mana) == "{U}"
    assert effect.otherwise == (fx.Sacrifice(what=fx.Source()),)


def test_counter_unless_its_controller_pays_names_the_spells_controller() -> None:
    spell = _spell("Counter target spell unless its controller pays {3}.", "Mana Leak")
    (effect,) = spell.effects
    assert effect.who == fx.ControllerOf(fx.Targeted(0)) and effect.otherwise == (fx.CounterSpell(fx.Targeted(0)),)
    assert spell.targets == (fx.TargetSpec(frozenset({"spell"}), zone="stack"),)


def test_603_7_a_delayed_triggered_ability() -> None:
    spell = _spell("Draw a card at the beginning of the next turn's upkeep.", "Cantrip")
    assert spell.effects == (fx.Delayed(fx.TriggerEvent("upkeep", whose="each"), (fx.Draw(),)),)


def test_603_4_intervening_if_and_603_7c_that_player() -> None:
    ability = _ability("Whenever Abyssal Specter deals damage to a player, that player discards a card.", "Abyssal Specter")
    assert ability.event == fx.TriggerEvent("deals_damage_to_player")
    assert ability.effects == (fx.Discard(fx.Subject("player")),)
    iffy = _ability("When Kor Sanctifiers enters the battlefield, if it was kicked, destroy target artifact or "
                    "enchantment.", "Kor Sanctifiers")
    assert iffy.kicked and iffy.effects == (fx.Destroy(fx.Targeted(0)),)


def test_603_7c_that_player_of_an_object_an_opponent_controls() -> None:
    """"That player" after "a creature an opponent controls dies" (Massacre Wurm) or "a land enters
    the battlefield under an opponent's control" (Polluted Bonds) is the player who controls the
    object (603.10a: as it last existed); after an attack by "a creature an opponent controls" it
    stays unread (the attack triggers aren't of that kind)."""
    wurm = _ability("Whenever a creature an opponent controls dies, that player loses 2 life.", "Massacre Wurm")
    assert wurm.event == fx.TriggerEvent("dies", Affected(types=frozenset({"creature"}), controller="opponents"))
    assert wurm.effects == (fx.LoseLife(2, fx.Subject("player")),)
    bonds = _ability("Whenever a land enters the battlefield under an opponent's control, that player loses 2 life "
                     "and you gain 2 life.", "Polluted Bonds")
    assert bonds.effects[0] == fx.LoseLife(2, fx.Subject("player"))
    assert parse_oracle_text("Whenever a creature an opponent controls attacks, that player loses 1 life.", "X")[0] == []
    assert parse_oracle_text("Whenever a creature dies, that player loses 1 life.", "X")[0] == []


def test_107_3c_a_targets_bound_set_by_a_count_the_text_defines() -> None:
    """Spellstutter Sprite: "with mana value X or less, where X is the number of Faeries you
    control" is a filter whose X is that count (107.3c), counted as the trigger's target is chosen
    and again on resolution (603.3d, 608.2b); a filter with X no text defines stays unread in a
    triggered ability (107.3a: nobody chose it)."""
    sprite = _ability("When Spellstutter Sprite enters the battlefield, counter target spell with mana value X or "
                      "less, where X is the number of Faeries you control.", "Spellstutter Sprite")
    assert sprite.effects == (fx.CounterSpell(fx.Targeted(0)),)
    (spec,) = sprite.targets
    assert spec.filter.x_bounds == frozenset({"mana_value_at_most"}) and spec.filter.mana_value_at_most is None
    assert spec.filter.x_count.permanents == Affected(subtypes=frozenset({"faerie"}), controller="you")
    assert parse_oracle_text("When X enters the battlefield, counter target spell with mana value X or less.", "X")[0] == []


def test_603_10a_that_card_a_creature_put_into_your_graveyard_became() -> None:
    """Angelic Renewal: "a creature is put into your graveyard from the battlefield" is a creature
    you own put there (400.3: a card goes to its owner's graveyard; for a creature, dying, 700.4),
    "that card" the card it became
    (603.10a, 400.7), returned only "if you do" (608.2c); "that card" with no card a trigger was
    about stays unread."""
    renewal = _ability("Whenever a creature is put into your graveyard from the battlefield, you may sacrifice Angelic "
                       "Renewal. If you do, return that card to the battlefield.", "Angelic Renewal")
    assert renewal.event == fx.TriggerEvent("graveyard_from_battlefield", Affected(types=frozenset({"creature"})),
                                            owner="you")
    assert renewal.optional is False
    (effect,) = renewal.effects
    assert effect.effects == (fx.Sacrifice(what=fx.Source()),) and len(effect.then) == 1
    assert effect.then[0].what == fx.Subject("object") and effect.then[0].to == "battlefield"
    theirs = _ability("Whenever a creature is put into an opponent's graveyard from the battlefield, you gain 1 life.",
                      "Vulture")
    assert theirs.event.owner == "opponents"
    assert parse_oracle_text("When X dies, return that card to the battlefield.", "X")[0] == []
    assert parse_oracle_text("Whenever you cast a spell, exile that card.", "X")[0] == []


def test_508_4_tokens_created_tapped_and_attacking() -> None:
    """508.4: "create ... tokens ... that are tapped and attacking" (Leonin Warleader, Hero of
    Bladehold) puts them onto the battlefield attacking, never declared as attackers."""
    warleader = _ability("Whenever Leonin Warleader attacks, create two 1/1 white Cat creature tokens with lifelink "
                         "that are tapped and attacking.", "Leonin Warleader")
    (create,) = warleader.effects
    assert (create.count, create.tapped, create.attacking) == (2, True, True)
    assert (create.token.card.name, create.token.card.power, create.token.keywords) == ("Cat Token", 1,
                                                                                          frozenset({"lifelink"}))
    (single,) = _ability("Whenever ~ attacks, create a 1/1 red Goblin creature token that's tapped and attacking.",
                         "Goblin Test").effects
    assert (single.count, single.tapped, single.attacking) == (1, True, True)


def test_603_5_you_may_before_the_whole_effect() -> None:
    ability = _ability("Whenever a creature you control dies, you may draw a card.", "Grim Haruspex")
    assert ability.optional and ability.effects == (fx.Draw(),)
    assert ability.event == fx.TriggerEvent("dies", Affected(types=frozenset({"creature"}), controller="you"))


def test_111_10_predefined_tokens_with_their_abilities() -> None:
    ability = _ability("When Prosperous Innkeeper enters the battlefield, create a Treasure token.", "Prosperous Innkeeper")
    (create,) = ability.effects
    token = create.token
    assert (token.card.name, token.card.types, token.card.subtypes) == ("Treasure Token", ("artifact",), ("treasure",))
    assert len(token.abilities) == 1 and token.abilities[0].costs[1].kind == "sacrifice_self"  # its mana ability


def test_111_4_a_token_with_its_characteristics_and_name() -> None:
    spell = _spell("Create two 1/1 white Spirit creature tokens with flying.", "Spectral Procession")
    (create,) = spell.effects
    assert create.count == 2 and create.token.keywords == frozenset({"flying"})
    card = create.token.card
    assert (card.name, card.power, card.toughness, card.subtypes) == ("Spirit Token", 1, 1, ("spirit",))


def test_602_activated_costs_timing_and_loyalty() -> None:
    ability = _ability("{2}{B}, Sacrifice a creature: Target player loses 2 life. Activate only as a sorcery.", "Altar")
    assert str(ability.mana) == "{2}{B}" and ability.costs[0].kind == "sacrifice" and ability.timing == "sorcery"
    loyalty = _ability("[−3]: Destroy target creature.", "Walker")
    assert loyalty.loyalty == -3 and loyalty.timing == "sorcery"


def test_a_modal_triggered_ability_is_one_ability_of_several_lines() -> None:
    text = "When Foo enters the battlefield, choose one —\n• Draw a card.\n• You gain 3 life."
    entries, unread = parse_oracle_text(text, "Foo")
    assert unread == [] and len(entries) == 1
    modal = parse_ability(entries[0]).effects[0]
    assert modal == fx.Modal(((fx.Draw(),), (fx.GainLife(3),)))


@pytest.mark.parametrize("line, name", [
    # "it" with nothing named before it
    ("Destroy it.", "Spell"),
    # a choice the language doesn't hold: protection from the color of one's choice
    ("Target creature you control gains protection from the color of your choice until end of turn.", "Spell"),
    # a mana ability (605.1a) is the mana family's, never an activated ability of the effect language
    ("{T}: Add {G}.", "Llanowar Elves"),
    # storm acts on its own as the spell is cast (702.40)
    ("Storm\nDraw a card.", "Spell"),
    # two subtypes at once
    ("Destroy target Elf Warrior.", "Spell"),
    # a land made a creature without "It's still a land." loses its other types (205.1a): not read
    ("Target land becomes a 3/3 creature until end of turn.", "Spell"),
    # "if it was kicked" after the effect: the target spell's kicker, not this spell's (608.2c)
    ("Kicker {2}\nCounter target spell if it was kicked.", "Ertai's Trickery"),
    # two colors of an animated land ("white and blue")
    ("{1}{W}{U}: Celestial Colonnade becomes a 4/4 white and blue Elemental creature with flying and vigilance until "
     "end of turn. It's still a land.", "Celestial Colonnade"),
])
def test_what_stays_unread(line: str, name: str) -> None:
    if line.startswith(("When", "Whenever", "At ", "{", "[")):
        assert triggered.read(line, name) is None and activated.read(line, name) is None
    else:
        assert read_spell(line, name) is None


def test_702_16_protection_from_two_colors_named_once() -> None:
    """Questing Phelddagrif: "gains protection from black and from red" is two protections
    (702.16), the second written "from red" alone."""
    assert actions.sentence("~ gains protection from black and from red until end of turn.") == [
        {"modify": {"spec": {"gains": [{"protection": "black"}, {"protection": "red"}]}, "what": "source"}}]


def test_113_1a_quoted_abilities_granted_in_their_order() -> None:
    """A quoted ability is granted as its printed text (113.1a): Abnormal Endurance's one, and two
    in one sentence, each to its own object, in text order."""
    endurance = actions.sentence('until end of turn, target creature gets +2/+0 and gains "when this creature dies, '
                                 'return it to the battlefield tapped under its owner\'s control."')
    assert endurance[0]["modify"]["spec"] == {"gets": [2, 0], "gains": [
        {"text": "When this creature dies, return it to the battlefield tapped under its owner's control."}]}
    both = actions.sentence('create a 1/1 white soldier creature token with "{t}: add {w}." and target creature '
                            'gains "{t}: add {g}." until end of turn.')
    assert both[0]["create_tokens"]["token"]["text"] == "{T}: Add {W}."
    assert both[1]["modify"]["spec"] == {"gains": [{"text": "{T}: Add {G}."}]}


def test_115_1_a_list_of_three_card_types_targets_any_of_them() -> None:
    """Bedevil: "target artifact, creature, or planeswalker" is one target of any of the three
    types, the middle one kept."""
    assert actions.sentence("destroy target artifact, creature, or planeswalker.")[0]["destroy"]["what"]["target"][
        "kinds"] == ["artifact", "creature", "planeswalker"]


def test_205_3_a_list_of_subtypes_searches_for_any_of_them() -> None:
    """Farseek: "a plains, island, swamp, or mountain card" is a card of any of the four land
    types (205.3i), each kept."""
    found = actions.sentence("search your library for a plains, island, swamp, or mountain card, put it onto the "
                             "battlefield tapped, then shuffle.")
    assert found[0]["search_library"]["filter"] == {"any_of": [{"subtypes": [t]} for t in
                                                               ("plains", "island", "swamp", "mountain")]}


def test_611_3a_a_list_of_plural_card_types_is_each_of_them() -> None:
    """Akroma's Vengeance: "all artifacts, creatures, and enchantments" is each permanent of any
    of the three types, the middle one kept."""
    assert actions.sentence("destroy all artifacts, creatures, and enchantments.") == [
        {"destroy": {"what": {"each": {"any_of": [{"types": [t]} for t in ("artifact", "creature", "enchantment")]}}}}]


def _without_ids(value):
    """``value`` without its target slots' ``id`` (numbered anew in each process)."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k != "id"}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


_ANY = ["battle", "creature", "planeswalker", "player"]


@pytest.mark.parametrize("name, low, expected", [
    ("Fracturing Gust", "destroy all artifacts and enchantments.",  # 611.3a: each of both
     [{"destroy": {"what": {"each": {"any_of": [{"types": ["artifact"]}, {"types": ["enchantment"]}]}}}}]),
    ("Orcish Artillery", "~ deals 2 damage to any target and 3 damage to you.",  # 120.3: two amounts
     [{"damage": {"amount": 2, "to": {"target": {"kinds": _ANY}}, "also": [{"amount": 3, "to": "you"}]}}]),
    ("an attack requirement", "target creature attacks this turn if able.",  # 508.1d
     [{"modify": {"spec": {"rules": ["attacks_each_combat"]}, "what": {"target": {"kinds": ["creature"]}}}}]),
    ("Disallow", "counter target spell, activated ability, or triggered ability.",  # 113.3, 701.6
     [{"counter_spell": {"what": {"target": {"kinds": ["ability", "spell"], "zone": "stack"}}}}]),
    ("Stifle", "counter target activated or triggered ability.",
     [{"counter_spell": {"what": {"target": {"kinds": ["ability"], "zone": "stack"}}}}]),
    ("until end of turn for each", "~ gets +1/+1 until end of turn for each creature you control.",
     [{"modify": {"spec": {"gets": [1, 1]},
                  "times": {"count": {"permanents": {"controller": "you", "types": ["creature"]}}}, "what": "source"}}]),
    ("on the battlefield", "you gain 1 life for each creature on the battlefield.",
     [{"gain_life": {"amount": {"count": {"permanents": {"types": ["creature"]}}}, "who": "you"}}]),
    ("an activated ability", "counter target activated ability.",
     [{"counter_spell": {"what": {"target": {"kinds": ["activated_ability"], "zone": "stack"}}}}]),
    ("Hypnotic Specter", "that player discards a card at random.",  # 701.9b
     [{"discard": {"amount": 1, "random": True, "who": {"it": "player"}}}]),
    ("Pestilence", "~ deals 1 damage to each creature and each player.",
     [{"damage": {"amount": 1, "to": {"each": {"types": ["creature"]}}}},
      {"damage": {"amount": 1, "to": {"players": "each"}, "joined": True}}]),  # one source for both
    ("Terror", "destroy target nonartifact, nonblack creature.",  # 205.4b
     [{"destroy": {"what": {"target": {"kinds": ["creature"],
                                       "filter": {"not_types": ["artifact"], "not_colors": ["black"]}}}}}]),
    ("Bontu's Last Reckoning", "lands you control don't untap during your next untap step.",  # 502.3
     [{"modify": {"spec": {"rules": ["doesnt_untap"]}, "duration": "next_untap_step",
                  "what": {"each": {"controller": "you", "types": ["land"]}}}}]),
    ("that much", "you gain that much life.", [{"gain_life": {"amount": "that_much", "who": "you"}}]),
    ("where x is", "target creature gets +x/+x until end of turn, where x is the number of creatures you control.",
     [{"modify": {"spec": {"gets": [1, 1]},
                  "times": {"count": {"permanents": {"controller": "you", "types": ["creature"]}}},
                  "what": {"target": {"kinds": ["creature"]}}}}]),
    ("two targets", "destroy target artifact and target enchantment.",  # 115.1: two targets
     [{"destroy": {"what": {"target": {"kinds": ["artifact"]}}}},
      {"destroy": {"what": {"target": {"kinds": ["enchantment"]}}}}]),
])
def test_the_tagger_rewrites_each_phrase_the_grammar_reads(name: str, low: str, expected: list) -> None:
    """Each phrase ``tag`` rewrites for the grammar (lists with "and", a second amount of damage,
    "this turn if able", the kinds of abilities, "at random", "each ... and each", a list of
    "non" words, "that much", "where x is", two targets, your own next untap step, "until end of turn for each", "on the battlefield") reads to its effects: real cards'
    sentences, and hand-written ones named by their phrase."""
    assert _without_ids(actions.sentence(low)) == expected, name


def test_707_9_a_copys_exceptions_listed_with_commas_and_and() -> None:
    """Lazav, the Multifarious: ", except its name is ~, it's legendary in addition to its other
    types, and it has this ability" is three exceptions (707.9a-b), the last after ", and"."""
    assert _without_ids(actions.sentence(
        "~ becomes a copy of target creature card in your graveyard with mana value x, except its name is ~, "
        "it's legendary in addition to its other types, and it has this ability.")) == [
        {"become_copy": {"of": {"target": {"kinds": ["card"], "zone": "graveyard", "whose": "you",
                                           "filter": {"types": ["creature"],
                                                      "x_bounds": ["mana_value_at_least", "mana_value_at_most"]}}},
                         "keeps_name": True, "adds_supertypes": ["legendary"], "keeps_ability": True,
                         "what": "source"}}]


@pytest.mark.parametrize("name, low, count", [
    ("Gaea's Might", "target creature gets +1/+1 until end of turn for each basic land type among lands you control.",
     "times"),
    ("Spore Burst", "create a 1/1 green saproling creature token for each basic land type among lands you control.",
     "count"),
])
def test_305_6_domain_counts_the_basic_land_types_among_lands(name: str, low: str, count: str) -> None:
    """Domain (305.6): "for each basic land type among lands you control" counts the basic land
    types among the lands named, whatever the effect it multiplies."""
    [effect] = actions.sentence(low)
    assert next(iter(effect.values()))[count] == {
        "count": {"basic_land_types_among": {"controller": "you", "types": ["land"]}}}, name


def test_each_player_and_each_creature_your_opponents_control() -> None:
    """Sarkhan, Dragonsoul's +2: "each opponent and each creature your opponents control" is two
    groups dealt damage by one source at once (120.2b), the second with its controller."""
    assert actions.sentence("~ deals 1 damage to each opponent and each creature your opponents control.") == [
        {"damage": {"amount": 1, "to": {"players": "opponents"}}},
        {"damage": {"amount": 1, "to": {"each": {"controller": "opponents", "types": ["creature"]}}, "joined": True}}]


def _reading(name: str, text: str):
    """The family's reading of a card's text (a spell's whole text, or one ability's line),
    without the printed text it keeps."""
    if text.startswith(("When", "Whenever", "At ")):
        found = triggered.read(text, name)
    elif text.startswith("{"):
        found = activated.read(text, name)
    else:
        found = read_spell(text, name)

    def bare(value):
        if isinstance(value, dict):
            return {k: bare(v) for k, v in value.items() if k != "text"}
        return [bare(v) for v in value] if isinstance(value, list) else value
    return bare(found)


_ANY_TARGET = {"kinds": _ANY}


@pytest.mark.parametrize("name, text, expected", [
    ("Contentious Plan", "Proliferate. (Choose any number of permanents and/or players, then give each another "
     "counter of each kind already there.)\nDraw a card.",  # 701.34
     {"effects": [{"proliferate": {}}, {"draw": {"amount": 1, "who": "you"}}]}),
    ("Fates' Reversal", "Return up to one target creature card from your graveyard to your hand. Venture into the "
     "dungeon. (Enter the first room or advance to the next room.)",  # 701.49
     {"effects": [{"return_from_graveyard": {"what": {"target": 0}}},
                  {"keyword_action": {"action": "venture", "who": "you"}}],
      "targets": [{"kinds": ["card"], "zone": "graveyard", "whose": "you", "filter": {"types": ["creature"]},
                   "count": 1, "up_to": True}]}),
    ("Brazen Buccaneers", "When Brazen Buccaneers enters the battlefield, it explores. (Reveal the top card of your "
     "library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 counter on this creature, then "
     "put the card back or put it into your graveyard.)",  # 701.44
     [{"triggered": {"event": {"kind": "enters"},
                     "effects": [{"keyword_action": {"action": "explore", "what": "source"}}]}}]),
    ("Crumbling Vestige", "When Crumbling Vestige enters the battlefield, add one mana of any color.",
     [{"triggered": {"event": {"kind": "enters"}, "effects": [{"add_mana": {"any_color": 1}}]}}]),
    ("Burst Lightning", "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nBurst Lightning deals "
     "2 damage to any target. If this spell was kicked, it deals 4 damage instead.",  # 702.33d, 608.2c
     {"effects": [{"conditional": {"condition": [], "effects": [{"damage": {"amount": 4, "to": {"target": 0}}}],
                                   "otherwise": [{"damage": {"amount": 2, "to": {"target": 0}}}], "kicked": True}}],
      "targets": [_ANY_TARGET], "kicker": "{4}"}),
    ("Eldrazi Monument", "At the beginning of your upkeep, sacrifice a creature. If you can't, sacrifice Eldrazi "
     "Monument.",  # 608.2c: an attempt and what follows its failure
     [{"triggered": {"event": {"kind": "upkeep"}, "effects": [{"attempt": {
         "effects": [{"sacrifice": {"filter": {"types": ["creature"]}, "who": "you"}}],
         "otherwise": [{"sacrifice": {"what": "source", "who": "you"}}]}}]}}]),
    ("Noxious Revival", "Put target card from a graveyard on top of its owner's library.",
     {"effects": [{"put_in_library": {"what": {"target": 0}}}], "targets": [{"kinds": ["card"], "zone": "graveyard"}]}),
    ("Conflagrate", "Conflagrate deals X damage divided as you choose among any number of targets.",  # 601.2d
     {"effects": [{"damage": {"amount": "x", "to": {"target": 0}, "divided": True}}],
      "targets": [{**_ANY_TARGET, "count": "x", "up_to": True}]}),
    ("Alabaster Wall", "{T}: Prevent the next 1 damage that would be dealt to any target this turn.",  # 615.7
     [{"activated": {"costs": [{"kind": "tap"}], "effects": [{"prevent_damage": {"amount": 1, "to": {"target": 0}}}],
                     "targets": [_ANY_TARGET]}}]),
    ("Furious Reprisal", "Furious Reprisal deals 2 damage to each of two targets.",  # 115.4: any target's kinds
     {"effects": [{"damage": {"amount": 2, "to": {"target": 0}}}], "targets": [{**_ANY_TARGET, "count": 2}]}),
    ("About Face", "Switch target creature's power and toughness until end of turn.",  # 613.4d
     {"effects": [{"modify": {"spec": {"switch_pt": True}, "what": {"target": 0}}}], "targets": [{"kinds": ["creature"]}]}),
    ("Call to the Grave", "At the beginning of the end step, if no creatures are on the battlefield, sacrifice Call "
     "to the Grave.",  # 603.4: an intervening "if"
     [{"triggered": {"event": {"kind": "end_step", "whose": "each"},
                     "condition": [{"on_battlefield": {"types": ["creature"]}, "not": True}],
                     "effects": [{"sacrifice": {"what": "source", "who": "you"}}]}}]),
    ("Tectonic Edge", "{1}, {T}, Sacrifice Tectonic Edge: Destroy target nonbasic land. Activate only if an "
     "opponent controls four or more lands.",  # 602.5b
     [{"activated": {"mana": "{1}", "costs": [{"kind": "tap"}, {"kind": "sacrifice_self"}],
                     "effects": [{"destroy": {"what": {"target": 0}}}],
                     "targets": [{"kinds": ["land"], "filter": {"not_supertypes": ["basic"]}}],
                     "condition": [{"opponent_controls": {"types": ["land"]}, "at_least": 4}]}}]),
    ("Angelic Guardian", "Whenever one or more creatures you control attack, they gain indestructible until end of "
     "turn. (Damage and effects that say \"destroy\" don't destroy them.)",  # 603.2c: one trigger for all
     [{"triggered": {"event": {"kind": "attacks", "subject": {"controller": "you", "types": ["creature"]},
                               "one_or_more": True},
                     "effects": [{"modify": {"spec": {"gains": ["indestructible"]}, "what": {"subject": "object"}}}]}}]),
    ("Consider", "Look at the top card of your library. You may put that card into your graveyard.\nDraw a card.",
     {"effects": [{"surveil": {"amount": 1}}, {"draw": {"amount": 1, "who": "you"}}]}),  # 701.25a: surveil 1
    ("Aven Fateshaper", "{4}{U}: Look at the top four cards of your library, then put them back in any order.",
     [{"activated": {"mana": "{4}{U}", "effects": [{"look_at_top": {"count": 4}}]}}]),
    ("Powerstone Minefield", "Whenever a creature attacks or blocks, Powerstone Minefield deals 2 damage to it.",
     [{"triggered": {"event": {"kind": "attacks", "subject": {"types": ["creature"]}},  # 603.2c: either event
                     "also": [{"kind": "blocks", "subject": {"types": ["creature"]}}],
                     "effects": [{"damage": {"amount": 2, "to": {"subject": "object"}}}]}}]),
    ("Death Charmer", "Whenever Death Charmer deals combat damage to a creature, that creature's controller loses "
     "2 life unless they pay {2}.",  # 608.2d: "they" is the player who may pay
     [{"triggered": {"event": {"kind": "deals_combat_damage_to_creature"}, "effects": [{"optional": {
         "effects": [{"pay": {"mana": "{2}", "who": {"controller_of": {"subject": "object"}}}}],
         "otherwise": [{"lose_life": {"amount": 2, "who": {"controller_of": {"subject": "object"}}}}],
         "who": {"controller_of": {"subject": "object"}}}}]}}]),
    ("Aeolipile", "{1}, {T}, Sacrifice Aeolipile: It deals 2 damage to any target.",  # "it": the source
     [{"activated": {"mana": "{1}", "costs": [{"kind": "tap"}, {"kind": "sacrifice_self"}],
                     "effects": [{"damage": {"amount": 2, "to": {"target": 0}}}], "targets": [_ANY_TARGET]}}]),
    ("Inner Struggle", "Target creature deals damage to itself equal to its power.",  # 120.2b: it deals it
     {"effects": [{"damage": {"amount": {"power_of": {"target": 0}}, "to": {"target": 0}, "source": {"target": 0}}}],
      "targets": [{"kinds": ["creature"]}]}),
    ("Aggressive Instinct", "Target creature you control deals damage equal to its power to target creature you "
     "don't control.",
     {"effects": [{"damage": {"amount": {"power_of": {"target": 0}}, "to": {"target": 1}, "source": {"target": 0}}}],
      "targets": [{"kinds": ["creature"], "filter": {"controller": "you"}},
                  {"kinds": ["creature"], "filter": {"controller": "opponents"}}]}),
    ("Craterhoof Behemoth", "When Craterhoof Behemoth enters the battlefield, creatures you control gain trample "
     "and get +X/+X until end of turn, where X is the number of creatures you control.",  # X counts the gets only
     [{"triggered": {"event": {"kind": "enters"}, "effects": [
         {"modify": {"spec": {"gains": ["trample"]}, "what": {"each": {"controller": "you", "types": ["creature"]}}}},
         {"modify": {"spec": {"gets": [1, 1]}, "times": {"count": {"permanents": {"controller": "you",
                                                                                  "types": ["creature"]}}},
                     "what": {"each": {"controller": "you", "types": ["creature"]}}}}]}}]),
])
def test_real_cards_read_exactly(name: str, text: str, expected) -> None:
    """Real cards of the pool, each the exact reading of one compiler rule: a keyword action's
    name, mana of any color, a kicked spell's damage instead, a failed attempt, a card put on
    its owner's library, X damage divided, a prevention shield's amount."""
    assert _reading(name, text) == expected


def test_them_names_several_objects_only() -> None:
    """"Them" after one target, or after players, has no antecedent of several objects: the
    ability stays unread."""
    for text in ("tap target creature. untap them.", "~ deals 1 damage to each opponent. untap them."):
        with pytest.raises(actions.Refused):
            actions.link([e for s in actions.sentences(text) for e in actions.sentence(s)], "spell")


def test_120_1_a_player_deals_no_damage() -> None:
    """Objects deal damage (120.1): "target player deals damage ... equal to ..." is not read,
    while a creature dealing damage equal to its power is."""
    for text in ("target player deals damage to target creature equal to ~'s power.",
                 "target player deals 3 damage to target creature."):
        with pytest.raises(actions.Refused):
            actions.sentence(text)
    assert actions.link(actions.sentence("target creature deals damage to itself equal to its power."), "spell")[0] == [
        {"damage": {"amount": {"power_of": {"target": 0}}, "to": {"target": 0}, "source": {"target": 0}}}]


def test_608_2d_another_player_chooses_what_may_happen() -> None:
    """"Target player may have target creature get +2/+2": that player chooses (608.2d)."""
    links = actions.Links("spell")
    effects = actions.ability_effects(actions.effect_text("target player may have target creature get +2/+2 until end "
                                                          "of turn."), links)
    assert effects == [{"optional": {"effects": [{"modify": {"spec": {"gets": [2, 2]}, "what": {"target": 1}}}],
                                     "who": {"target": 0}}}]


def test_700_2_no_more_modes_chosen_than_there_are() -> None:
    """A modal header choosing more modes than are printed is refused (700.2)."""
    with pytest.raises(actions.Refused):
        actions.modal_effects("choose three — • you gain 2 life. • draw a card.", actions.Links("spell"))
    assert len(actions.modal_effects("choose two — • you gain 2 life. • draw a card.",
                                     actions.Links("spell"))[0]["modal"]["modes"]) == 2


def test_614_1a_a_creature_dealt_damage_this_way_among_creatures_of_some_subtypes() -> None:
    """"Each goblin or wizard creature" is creatures only (its subtypes narrow it): a creature
    dealt damage this way that would die is exiled instead (614.1a)."""
    links = actions.Links("spell")
    assert actions.ability_effects(actions.effect_text(
        "~ deals 2 damage to each goblin or wizard creature. if a creature dealt damage this way would die this "
        "turn, exile it instead."), links) == [
        {"damage": {"amount": 2, "to": {"each": {"any_of": [{"subtypes": ["goblin"]}, {"subtypes": ["wizard"]}],
                                                 "types": ["creature"]}}}},
        {"exile_if_dies": {"what": {"each": {"any_of": [{"subtypes": ["goblin"]}, {"subtypes": ["wizard"]}],
                                             "types": ["creature"]}}, "dealt_damage": True}}]


@pytest.mark.parametrize("words, expected", [
    ("there are seven or more cards in your graveyard", [{"cards_in_graveyard": 7}]),  # threshold
    ("seven or more cards are in your graveyard", [{"cards_in_graveyard": 7}]),
    ("there are two or more instant and/or sorcery cards in your graveyard",  # spell mastery
     [{"graveyard_cards": ["instant", "sorcery"], "at_least": 2}]),
])
def test_cards_in_your_graveyard_counted(words: str, expected: list) -> None:
    """Threshold counts every card of your graveyard; spell mastery the cards of some types."""
    assert actions.condition(words) == expected


def test_615_1_prevent_all_damage_this_turn() -> None:
    """"Prevent all damage that would be dealt this turn": a prevention effect of every damage
    (615.1), no amount and no recipient."""
    assert actions.sentence("prevent all damage that would be dealt this turn.") == [{"prevent_damage": {}}]


@pytest.mark.parametrize("low", ["target player or planeswalker loses 2 life.",
                                 "target creature or player gets +1/+1 until end of turn."])
def test_a_target_that_may_be_a_player_or_an_object_is_the_subject_of_neither_verb(low: str) -> None:
    """Life is a player's (119.3), power and toughness an object's (208.1): a target that may be
    either is refused as the subject of a player's verb or an object's, while "they" takes its
    antecedent's kind (Tyrannize: "target player discards their hand unless they pay 7 life")."""
    with pytest.raises(actions.Refused):
        actions.sentence(low)
    assert _reading("Tyrannize", "Target player discards their hand unless they pay 7 life.")["effects"] == [
        {"optional": {"effects": [{"pay": {"life": 7, "who": {"target": 0}}}],
                      "otherwise": [{"discard": {"all": True, "who": {"target": 0}}}], "who": {"target": 0}}}]


def test_608_2c_if_you_do_after_if_you_dont_is_not_read() -> None:
    """"If you do" after "if you don't" of the same choice is left unread: the grammar reads an
    option's branches in the order "if you do", then "if you don't" (608.2c)."""
    for kind in ("spell", "activated"):
        with pytest.raises(actions.Refused):
            actions.ability_effects(actions.effect_text(
                "you may sacrifice a creature. if you don't, you lose 2 life. if you do, draw a card."),
                actions.Links(kind))
    assert actions.ability_effects(actions.effect_text(
        "you may sacrifice a creature. if you do, draw a card. if you don't, you lose 2 life."), actions.Links("spell")) == [
        {"optional": {"effects": [{"sacrifice": {"filter": {"types": ["creature"]}, "who": "you"}}],
                      "then": [{"draw": {"amount": 1, "who": "you"}}],
                      "otherwise": [{"lose_life": {"amount": 2, "who": "you"}}]}}]


def test_for_each_other_counted_for_each_of_a_group_stays_unread() -> None:
    """Run (Hit // Run): "attacking creatures you control get +1/+0 ... for each other attacking
    creature" counts a different number for each creature of the group: unread."""
    assert read_spell("Attacking creatures you control get +1/+0 until end of turn for each other attacking creature.",
                      "Run") is None


def test_608_2c_a_sentence_after_an_instead_is_read() -> None:
    """The sentence after "if ..., ... instead." is read as the next instruction (608.2c)."""
    assert actions.ability_effects(actions.effect_text(
        "~ deals 2 damage to any target. if you control a mountain, ~ deals 4 damage instead. draw a card."),
        actions.Links("spell")) == [
        {"conditional": {"condition": [{"controls": {"subtypes": ["mountain"]}}],
                         "effects": [{"damage": {"amount": 4, "to": {"target": 0}}}],
                         "otherwise": [{"damage": {"amount": 2, "to": {"target": 0}}}]}},
        {"draw": {"amount": 1, "who": "you"}}]


def test_115_1_a_delayed_target_inside_a_condition_beside_another_target() -> None:
    """603.7, 115.1: a hand-written "If you control a Wizard, tap target creature and untap target land at the
    beginning of the next end step." holds a target in a delayed trigger inside a condition, beside one
    outside it: each is a slot of the spell in text order (the pool prints no such sentence)."""
    line = "If you control a Wizard, tap target creature and untap target land at the beginning of the next end step."
    found = read_spell(line, "Test Spell")
    assert found["targets"] == [{"kinds": ["creature"]}, {"kinds": ["land"]}]
    assert found["effects"] == [{"conditional": {"condition": [{"controls": {"subtypes": ["wizard"]}}], "effects": [
        {"tap": {"what": {"target": 0}}},
        {"delayed": {"at": {"kind": "end_step", "whose": "each"}, "effects": [{"untap": {"what": {"target": 1}}}]}}]}}]
