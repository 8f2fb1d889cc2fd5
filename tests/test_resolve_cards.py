"""One real card of every effect kind of the effect language, resolved: each card comes from the
2022 pool, its Oracle text pinned (tests/resolve_support.py) and read by the grammars as the loader
reads it, and the board after is checked against what the card says (608, 701, 111, 120, 611, 613)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from mtgsolver import check_attacks, check_blocks
from mtgsolver.model.abilities import TextAbility
from mtgsolver.model.errors import OptionError
from mtgsolver.read.board_file import card_permanent, spell_ability
from mtgsolver.solver.resolve import resolve
from tests.resolve_support import HEAD, ORACLE, UNREAD, load, run_cli


@pytest.fixture
def board(pool):
    """A board read with the pool's cards."""
    return lambda text: load(text, library=pool)


def graveyard(b, player: str) -> list[str]:
    return [c.name for c in b.zones[player].graveyard]


@pytest.mark.parametrize("name", sorted(ORACLE))
def test_the_card_is_the_pools_and_the_grammars_read_it(pool, name: str) -> None:
    """The Oracle text pinned is the pool's, and every line of it is read (but those named unread)."""
    card = pool.find(name)
    assert card is not None and card.text == ORACLE[name]
    if card.is_permanent:
        unread = tuple(a.text for a in card_permanent(card, "x", "a", "a", pool).abilities if isinstance(a, TextAbility))
        assert unread == UNREAD.get(name, ())
    else:
        assert spell_ability(card) is not None


BEARS = "  - {id: bears, card: Grizzly Bears, controller: bob}\n"
BLOCKED = """zones: {alice: {hand: [%s]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
combat:
  attackers: [{creature: bears, target: bob}]
  blockers: [{creature: ox, blocks: [bears]}]
"""


def test_damage_and_lethal_damage(board) -> None:
    """120.3e, 704.5g: Lightning Bolt; to a player, 120.3a."""
    r = resolve(board("zones: {alice: {hand: [Lightning Bolt, Shock]}}\nbattlefield:\n" + BEARS),
                ["cast Lightning Bolt>bears", "cast Shock>bob"], free=True)
    assert not r.board.has_permanent("bears") and r.board.player("bob").life == 18


def test_two_amounts_of_damage_in_one_event(board) -> None:
    """120.2: Chandra's Outrage deals 4 to its target and 2 to that creature's controller; Char 4 to
    its target and 2 to its caster, both 6 when the target is the caster."""
    r = resolve(board("zones: {alice: {hand: [Chandra's Outrage]}}\nbattlefield:\n" + BEARS),
                ["cast Chandra's Outrage>bears"], free=True)
    assert not r.board.has_permanent("bears") and r.board.player("bob").life == 18
    assert r.board.player("alice").life == 20
    r = resolve(board("zones: {alice: {hand: [Char, Char]}}\n"), ["cast Char>bob", "cast Char>alice"], free=True)
    assert r.board.player("bob").life == 16 and r.board.player("alice").life == 12


def test_damage_to_each_creature(board) -> None:
    """Pyroclasm: 2 damage to each creature (608.2h: each creature as it happens)."""
    b = board("zones: {alice: {hand: [Pyroclasm]}}\nbattlefield:\n" + BEARS
              + "  - {id: ox, card: Pillarfield Ox, controller: bob}\n  - {id: own, card: Llanowar Elves, controller: alice}\n")
    r = resolve(b, ["cast Pyroclasm"], free=True)
    assert [p.id for p in r.board.permanents] == ["ox"] and r.board.permanent("ox").damage == 2


def test_exiled_instead_of_dying(board) -> None:
    """614.1a: Lava Coil's target, and a permanent Underworld Fires dealt damage to (its first of
    two damage effects), would die this turn and is exiled instead; one that survives the damage stays."""
    r = resolve(board("zones: {alice: {hand: [Lava Coil]}}\nbattlefield:\n" + BEARS), ["cast Lava Coil>bears"],
                free=True)
    assert [c.name for c in r.board.zones["bob"].exile] == ["Grizzly Bears"] and graveyard(r.board, "bob") == []
    b = board("zones: {alice: {hand: [Underworld Fires]}}\nbattlefield:\n"
              "  - {id: elf, card: Llanowar Elves, controller: bob}\n"
              "  - {id: knight, card: White Knight, controller: bob}\n")
    r = resolve(b, ["cast Underworld Fires"], free=True)
    assert [c.name for c in r.board.zones["bob"].exile] == ["Llanowar Elves"] and r.board.has_permanent("knight")


def test_destroy(board) -> None:
    r = resolve(board("zones: {alice: {hand: [Murder]}}\nbattlefield:\n" + BEARS), ["cast Murder>bears"], free=True)
    assert graveyard(r.board, "bob") == ["Grizzly Bears"]


def test_exile_and_life_equal_to_its_power_as_it_last_existed(board) -> None:
    """Swords to Plowshares after Giant Growth: its controller gains 5 (608.2h)."""
    r = resolve(board("zones: {alice: {hand: [Giant Growth, Swords to Plowshares]}}\nbattlefield:\n" + BEARS),
                ["cast Giant Growth>bears", "cast Swords to Plowshares>bears"], free=True)
    assert [c.name for c in r.board.zones["bob"].exile] == ["Grizzly Bears"] and r.board.player("bob").life == 25
    assert r.board.effects == ()  # the +3/+3 ended with the object it applied to (400.7)


def test_return_to_hand(board) -> None:
    r = resolve(board("zones: {alice: {hand: [Unsummon]}}\nbattlefield:\n" + BEARS), ["cast Unsummon>bears"],
                free=True)
    assert [c.name for c in r.board.zones["bob"].hand] == ["Grizzly Bears"] and r.board.zones["bob"].hand_count == 1


def test_sacrifice_is_the_players_choice(board) -> None:
    """701.21a: Diabolic Edict: with one creature decided; with two, the answer names the choice."""
    one = board("zones: {alice: {hand: [Diabolic Edict]}}\nbattlefield:\n" + BEARS)
    r = resolve(one, ["cast Diabolic Edict>bob"], free=True)
    assert r.resolved is True and graveyard(r.board, "bob") == ["Grizzly Bears"]
    two = board("zones: {alice: {hand: [Diabolic Edict]}}\nbattlefield:\n" + BEARS
                + "  - {id: ox, card: Pillarfield Ox, controller: bob}\n")
    r = resolve(two, ["cast Diabolic Edict>bob"], free=True)
    assert r.resolved is None and r.choices[0].key == "sacrifice:bob" and set(r.choices[0].options) == {"bears", "ox"}
    r = resolve(two, ["cast Diabolic Edict>bob"], free=True, choose=["sacrifice:bob=ox"])
    assert graveyard(r.board, "bob") == ["Pillarfield Ox"]


def test_counters(board) -> None:
    r = resolve(board("zones: {alice: {hand: [Battlegrowth]}}\nbattlefield:\n" + BEARS), ["cast Battlegrowth>bears"],
                free=True)
    assert r.board.permanent("bears").power == 3 and dict(r.board.permanent("bears").counters) == {"+1/+1": 1}


def test_tap_and_draw(board) -> None:
    b = board("zones: {alice: {hand: [Pressure Point], library: {count: 2, top: [Opt]}}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast Pressure Point>bears"], free=True)
    assert r.board.permanent("bears").tapped and [c.name for c in r.board.zones["alice"].hand] == ["Opt"]


def test_untap_each_creature_you_control(board) -> None:
    b = board("zones: {alice: {hand: [Vitalize]}}\nbattlefield:\n"
              "  - {id: e1, card: Llanowar Elves, controller: alice, tapped: true}\n"
              "  - {id: e2, card: Llanowar Elves, controller: bob, tapped: true}\n")
    r = resolve(b, ["cast Vitalize"], free=True)
    assert not r.board.permanent("e1").tapped and r.board.permanent("e2").tapped


def test_untap_up_to_two_lands_chosen_as_it_resolves(board) -> None:
    """Snap: "Untap up to two lands" chooses as it resolves (115.10, not targets), none to two."""
    b = board("zones: {alice: {hand: [Snap]}}\nbattlefield:\n" + BEARS
              + "".join(f"  - {{id: i{n}, card: Island, controller: alice, tapped: true}}\n" for n in range(3)))
    r = resolve(b, ["cast Snap>bears"], free=True)
    [choice] = r.choices
    assert choice.options[0] == "i0,i1" and choice.options[-1] == "none" and "i2" in choice.options
    r = resolve(b, ["cast Snap>bears"], free=True, choose=[f"{choice.key}=i0,i2"])
    assert not r.board.has_permanent("bears") and [p.tapped for p in r.board.permanents] == [False, True, False]


def test_creature_tokens(board) -> None:
    """111.2: two 1/1 white Soldier tokens, summoning sick (302.6), named "Soldier Token" (111.4)."""
    r = resolve(board("zones: {alice: {hand: [Raise the Alarm]}}\n"), ["cast Raise the Alarm"], free=True)
    soldiers = [p for p in r.board.permanents if p.name == "Soldier Token"]  # 111.4: its subtype plus "Token"
    assert len(soldiers) == 2 and all(p.token and p.summoning_sick and p.power == 1 for p in soldiers)


def test_draw_from_a_library_with_unknown_cards(board) -> None:
    """121.1: drawing an unknown card counts it in the hand."""
    r = resolve(board("zones: {alice: {hand: [Divination], library: {count: 5}}}\n"), ["cast Divination"], free=True)
    assert (r.board.zones["alice"].hand_count, r.board.zones["alice"].library_count) == (2, 3)


def test_drawing_from_an_empty_library_loses(board) -> None:
    """704.5b."""
    r = resolve(board("zones: {alice: {hand: [Divination], library: {count: 1}}}\n"), ["cast Divination"], free=True)
    assert r.board.player("alice").lost and any(s.rule == "704.5b" for s in r.steps)


def test_each_player_discards_their_hand_then_draws(board) -> None:
    """701.9: Wheel of Fortune: each player discards every card of their own hand, then draws seven."""
    r = resolve(board("zones: {alice: {hand: [Wheel of Fortune, Opt], library: {count: 8}}, "
                      "bob: {hand: [Shock, Opt, Opt], library: {count: 7}}}\n"), ["cast Wheel of Fortune"], free=True)
    assert graveyard(r.board, "bob") == ["Shock", "Opt", "Opt"] and "Opt" in graveyard(r.board, "alice")
    assert (r.board.zones["alice"].hand_count, r.board.zones["bob"].hand_count) == (7, 7)


def test_every_land_revealed_taken_and_the_rest_to_the_graveyard(board) -> None:
    """401.4: Mulch: of the top four cards, the lands go to the hand, the others to the graveyard."""
    b = board("zones: {alice: {hand: [Mulch], library: {count: 5, top: [Forest, Opt, Island, Shock]}}}\n")
    r = resolve(b, ["cast Mulch"], free=True)
    assert sorted(c.name for c in r.board.zones["alice"].hand) == ["Forest", "Island"]
    assert sorted(graveyard(r.board, "alice")) == ["Mulch", "Opt", "Shock"] and r.board.zones["alice"].library_count == 1


def test_a_revealed_hands_card_of_several_non_words(board) -> None:
    """701.20, 701.9b: Duress: of a creature, a land and an instant, only the instant can be chosen."""
    b = board("zones: {alice: {hand: [Duress]}, bob: {hand: [Grizzly Bears, Forest, Shock]}}\n")
    r = resolve(b, ["cast Duress>bob"], free=True)
    assert graveyard(r.board, "bob") == ["Shock"] and r.board.zones["bob"].hand_count == 2


def test_damage_instead_on_a_line_of_its_own(board) -> None:
    """608.2c: Galvanic Blast's metalcraft line replaces the damage of the line before when it holds."""
    artifacts = "".join(f"  - {{id: a{i}, card: Ornithopter, controller: alice}}\n" for i in range(3))
    hand = "zones: {alice: {hand: [Galvanic Blast]}}\n"
    assert resolve(board(hand), ["cast Galvanic Blast>bob"], free=True).board.player("bob").life == 18
    assert resolve(board(hand + "battlefield:\n" + artifacts), ["cast Galvanic Blast>bob"],
                   free=True).board.player("bob").life == 16


def test_discard_of_the_players_choice(board) -> None:
    """701.9: Mind Rot: two of two known cards are discarded; of three, it is bob's choice."""
    r = resolve(board("zones: {alice: {hand: [Mind Rot]}, bob: {hand: [Opt, Shock]}}\n"), ["cast Mind Rot>bob"],
                free=True)
    assert graveyard(r.board, "bob") == ["Opt", "Shock"]
    r = resolve(board("zones: {alice: {hand: [Mind Rot]}, bob: {hand: [Opt, Shock, Opt]}}\n"), ["cast Mind Rot>bob"],
                free=True)
    assert r.resolved is None and r.choices[0].key == "discard:bob"
    r = resolve(board("zones: {alice: {hand: [Mind Rot]}, bob: {hand: {count: 3, cards: [Opt]}}}\n"),
                ["cast Mind Rot>bob"], free=True)
    assert r.resolved is None and r.reason.rule == "701.9"


MADNESS = """zones: {alice: {hand: [Mind Rot]}, bob: {hand: [%s, Shock]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
%s"""
SWAMP = "  - {id: swamp, card: Swamp, controller: bob}\n"


@pytest.mark.parametrize("choice", ["cast", "graveyard"])
def test_madness_discards_into_exile_and_its_owner_casts_it_or_not(board, choice: str) -> None:
    """702.35a: Alms of the Vein discarded to Mind Rot goes to exile, not the graveyard, and its
    trigger lets bob cast it for {B} rather than its mana cost (118.9, 702.35b) or put it into the
    graveyard; which is bob's choice, named by the answer."""
    b = board(MADNESS % ("Alms of the Vein", SWAMP))
    r = resolve(b, ["cast Mind Rot>bob"], free=True)
    assert r.resolved is None and [c.key for c in r.choices] == ["madness:bob:bob.hand[0]"]
    r = resolve(b, ["cast Mind Rot>bob"], free=True, choose=[f"madness:bob:bob.hand[0]={choice}"])
    assert r.resolved, r.reason
    assert any(s.rule == "702.35a" and "into exile" in s.message for s in r.steps)
    cast = choice == "cast"
    assert (r.board.player("alice").life, r.board.player("bob").life) == ((17, 23) if cast else (20, 20))
    assert r.board.permanent("swamp").tapped is cast
    assert graveyard(r.board, "bob") == ["Shock", "Alms of the Vein"] and not r.board.zones["bob"].exile


def test_a_madness_spell_targets_and_needs_its_cost_paid(board) -> None:
    """702.35b, 601.2c, 601.2h: Dark Withering cast for its madness cost destroys the nonblack
    creature it targets; without a Swamp bob can't pay {B}, and it goes to the graveyard."""
    pay = ["madness:bob:bob.hand[0]=cast"]
    r = resolve(board(MADNESS % ("Dark Withering", SWAMP)), ["cast Mind Rot>bob"], free=True, choose=pay)
    assert r.resolved and not r.board.has_permanent("bears")
    r = resolve(board(MADNESS % ("Dark Withering", "")), ["cast Mind Rot>bob"], free=True, choose=pay)
    assert r.resolved and r.board.has_permanent("bears")
    assert graveyard(r.board, "bob") == ["Shock", "Dark Withering"]


def test_enrage_deals_damage_to_target_opponent_or_planeswalker(board) -> None:
    """115.1: Frilled Deathspitter's enrage (207.2c ability word) triggers on lethal damage too
    (its ruling) and targets "opponent or planeswalker": bob, or any planeswalker, its
    controller's own too; never its controller."""
    text = "zones: {alice: {hand: [Shock]}}\nbattlefield:\n  - {id: fd, card: Frilled Deathspitter, controller: alice}\n"
    r = resolve(board(text), ["cast Shock>fd"], free=True)
    assert r.resolved and r.board.player("bob").life == 18 and r.board.player("alice").life == 20
    assert not r.board.has_permanent("fd")
    r = resolve(board(text + "  - {id: pw, card: Jace Beleren, controller: alice}\n"), ["cast Shock>fd"], free=True)
    assert r.resolved is None and [(c.key, c.options) for c in r.choices] == [("targets:fd:1", ("bob", "pw"))]


@pytest.mark.parametrize("spell, power", [("Shock", 3), ("Grizzly Bears", 2)])
def test_prowess_triggers_on_a_noncreature_spell(board, spell: str, power: int) -> None:
    """702.108a: Niblis of Dusk gets +1/+1 until end of turn when alice casts Shock, not when she
    casts Grizzly Bears (a creature spell)."""
    text = "zones: {alice: {hand: [%s]}}\nbattlefield:\n  - {id: niblis, card: Niblis of Dusk, controller: alice}\n"
    r = resolve(board(text % spell), ["cast %s%s" % (spell, ">bob" if spell == "Shock" else "")], free=True)
    assert r.resolved, r.reason
    assert r.board.permanent("niblis").power == power


def test_mill_known_cards(board) -> None:
    b = board("zones: {alice: {hand: [Thought Scour], library: {count: 3, top: [Opt, Shock, Lightning Bolt]}}}\n")
    r = resolve(b, ["cast Thought Scour>alice"], free=True)
    assert graveyard(r.board, "alice") == ["Opt", "Shock", "Thought Scour"]
    assert [c.name for c in r.board.zones["alice"].hand] == ["Lightning Bolt"]


def test_a_target_player_draws_and_loses_life(board) -> None:
    r = resolve(board("zones: {alice: {hand: [Sign in Blood]}, bob: {library: {count: 4}}}\n"),
                ["cast Sign in Blood>bob"], free=True)
    assert r.board.player("bob").life == 18 and r.board.zones["bob"].hand_count == 2


def test_life_gain(board) -> None:
    r = resolve(board("zones: {alice: {hand: [Sorin's Thirst]}}\nbattlefield:\n" + BEARS),
                ["cast Sorin's Thirst>bears"], free=True)
    assert r.board.player("alice").life == 22


def test_a_ritual_adds_mana_that_pays_the_next_spell(board) -> None:
    """106.3: Dark Ritual adds {B}{B}{B}; Murder ({1}{B}{B}) is paid from the pool (106.4)."""
    b = board("zones: {alice: {hand: [Dark Ritual, Murder]}}\nbattlefield:\n"
              "  - {id: s, card: Swamp, controller: alice}\n" + BEARS)
    r = resolve(b, ["cast Dark Ritual", "cast Murder>bears"])
    assert r.resolved is True and not r.board.has_permanent("bears") and r.board.pool("alice") == ()


def test_return_from_the_graveyard_to_hand_and_to_the_battlefield(board) -> None:
    b = board("zones: {alice: {hand: [Raise Dead, Zombify], graveyard: [Grizzly Bears, {card: Pillarfield Ox, id: ox}]}}\n")
    r = resolve(b, ["cast Raise Dead>alice.graveyard[0]", "cast Zombify>ox"], free=True)
    assert [c.name for c in r.board.zones["alice"].hand] == ["Grizzly Bears"]
    assert r.board.permanent("ox").summoning_sick and r.board.permanent("ox").controller == "alice"


def test_fight(board) -> None:
    """701.14a: each deals damage equal to its power to the other."""
    b = board("zones: {alice: {hand: [Prey Upon]}}\nbattlefield:\n  - {id: giant, card: Hill Giant, controller: alice}\n"
              + BEARS)
    r = resolve(b, ["cast Prey Upon>giant;bears"], free=True)
    assert not r.board.has_permanent("bears") and r.board.permanent("giant").damage == 2


def test_counter_a_spell(board) -> None:
    """701.6a: Counterspell in response to Lightning Bolt: the Bolt goes to the graveyard unresolved."""
    b = board("zones: {alice: {hand: [Lightning Bolt]}, bob: {hand: [Counterspell]}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast Lightning Bolt>bears", "respond cast Counterspell>lightning-bolt"], free=True)
    assert r.board.has_permanent("bears") and graveyard(r.board, "alice") == ["Lightning Bolt"]


def test_a_filter_with_x(board) -> None:
    """107.3a: X is chosen as the spell is cast, and its filter's bounds are that number: Disembowel
    with X = 2 destroys Grizzly Bears (mana value 2) and can't target it with X = 1; Forced March
    with X = 1 destroys Llanowar Elves and not the Bears."""
    b = board("zones: {alice: {hand: [Disembowel]}}\nbattlefield:\n" + BEARS)
    assert graveyard(resolve(b, ["cast Disembowel>bears"], x=[2], free=True).board, "bob") == ["Grizzly Bears"]
    r = resolve(b, ["cast Disembowel>bears"], x=[1], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"
    b = board("zones: {alice: {hand: [Forced March]}}\nbattlefield:\n" + BEARS
              + "  - {id: elf, card: Llanowar Elves, controller: bob}\n")
    r = resolve(b, ["cast Forced March"], x=[1], free=True)
    assert graveyard(r.board, "bob") == ["Llanowar Elves"] and r.board.has_permanent("bears")


def test_an_alternative_cost_is_a_choice_and_taking_it_undecided(board) -> None:
    """118.9: Snuff Out cast for its mana cost destroys Grizzly Bears; for its alternative cost
    (4 life), not modelled, the answer is undecided."""
    swamps = "".join(f"  - {{id: s{i}, card: Swamp, controller: alice}}\n" for i in range(4))
    b = board("zones: {alice: {hand: [Snuff Out]}}\nbattlefield:\n" + BEARS + swamps)
    r = resolve(b, ["cast Snuff Out>bears"])
    assert r.resolved is None and r.choices[0].key == "alternative:alice.hand[0]"
    r = resolve(b, ["cast Snuff Out>bears"], choose=["alternative:alice.hand[0]=mana cost"])
    assert graveyard(r.board, "bob") == ["Grizzly Bears"]
    r = resolve(b, ["cast Snuff Out>bears"], choose=["alternative:alice.hand[0]=if you control a swamp, you may pay "
                                                     "4 life rather than pay this spell's mana cost."])
    assert r.resolved is None and r.reason.rule == "118.9"


def test_life_equal_to_a_mana_value_as_it_last_existed(board) -> None:
    """202.3, 608.2h: Divine Offering destroys Millstone and its caster gains 2 life, Millstone's
    mana value as it last existed on the battlefield."""
    b = board("zones: {alice: {hand: [Divine Offering]}}\nbattlefield:\n"
              "  - {id: stone, card: Millstone, controller: bob}\n")
    r = resolve(b, ["cast Divine Offering>stone"], free=True)
    assert graveyard(r.board, "bob") == ["Millstone"] and r.board.player("alice").life == 22


def test_cards_named_like_the_spell_in_graveyards(board) -> None:
    """201.2, 608.2h: Kindle with another Kindle in bob's graveyard deals 2 plus 1; Accumulated
    Knowledge with one in each graveyard draws 1, then 2."""
    b = board("zones: {alice: {hand: [Kindle], graveyard: [Shock]}, bob: {graveyard: [Kindle, Opt]}}\n")
    assert resolve(b, ["cast Kindle>bob"], free=True).board.player("bob").life == 17
    b = board("zones: {alice: {hand: [Accumulated Knowledge], graveyard: [Accumulated Knowledge], library: {count: 5}},"
              " bob: {graveyard: [Accumulated Knowledge]}}\n")
    r = resolve(b, ["cast Accumulated Knowledge"], free=True)
    assert r.board.zones["alice"].hand_count == 3 and r.board.zones["alice"].library_count == 2


def test_counter_an_activated_ability(board) -> None:
    """701.6a, 113.3b: Squelch counters Prodigal Pyromancer's activated ability (no damage) and
    draws; a spell is not an activated ability (601.2c)."""
    b = board("zones: {alice: {hand: [Shock]}, bob: {hand: [Squelch], library: {count: 3}}}\nbattlefield:\n"
              "  - {id: pyro, card: Prodigal Pyromancer, controller: alice}\n")
    r = resolve(b, ["activate pyro>bob", "respond cast Squelch>pyro-ability"], free=True)
    assert r.board.player("bob").life == 20 and r.board.zones["bob"].hand_count == 1
    r = resolve(b, ["cast Shock>bob", "respond cast Squelch>shock"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"


def test_two_targets_of_one_verb(board) -> None:
    """608.2b, 701.8: Spiteful Blow destroys its creature and its land; with the creature gone
    before it resolves, the land is still destroyed."""
    b = board("zones: {alice: {hand: [Lightning Bolt, Spiteful Blow]}}\nbattlefield:\n" + BEARS
              + "  - {id: forest, card: Forest, controller: bob}\n")
    r = resolve(b, ["cast Spiteful Blow>bears;forest"], free=True)
    assert sorted(graveyard(r.board, "bob")) == ["Forest", "Grizzly Bears"]
    r = resolve(b, ["cast Spiteful Blow>bears;forest", "respond cast Lightning Bolt>bears"], free=True)
    assert sorted(graveyard(r.board, "bob")) == ["Forest", "Grizzly Bears"] and not r.board.has_permanent("forest")


def test_spell_mastery(board) -> None:
    """207.2c: Fiery Impulse deals 3 damage to a Hill Giant with an instant and a sorcery, or two
    instants and a creature card, in its caster's graveyard; 2 with one instant and a land."""
    giant = "battlefield:\n  - {id: giant, card: Hill Giant, controller: bob}\n"
    for graveyard_cards, damage in (("[Shock, Mind Rot]", 3), ("[Shock, Opt, Grizzly Bears]", 3),
                                    ("[Shock, Forest]", 2)):
        b = board(f"zones: {{alice: {{hand: [Fiery Impulse], graveyard: {graveyard_cards}}}}}\n" + giant)
        r = resolve(b, ["cast Fiery Impulse>giant"], free=True)
        assert r.board.has_permanent("giant") == (damage < 3) and r.resolved is True


def test_counter_a_spell_of_one_mana_value(board) -> None:
    """202.3: Spell Snare counters Grizzly Bears (mana value 2), not Lightning Bolt (1); a spell
    with X on the stack counts X (202.3e), which is not modelled: undecided."""
    b = board("zones: {alice: {hand: [Grizzly Bears, Lightning Bolt, Blaze]}, bob: {hand: [Spell Snare]}}\n")
    r = resolve(b, ["cast Grizzly Bears", "respond cast Spell Snare>grizzly-bears"], free=True)
    assert graveyard(r.board, "alice") == ["Grizzly Bears"]
    r = resolve(b, ["cast Lightning Bolt>bob", "respond cast Spell Snare>lightning-bolt"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"
    r = resolve(b, ["cast Blaze>bob", "respond cast Spell Snare>blaze"], x=[1], free=True)
    assert r.resolved is None and r.reason.rule == "202.3e"


def test_copy_a_spell_with_new_targets_a_choice(board) -> None:
    """707.10c: Twincast copies Lightning Bolt; the copy's target is its controller's choice."""
    b = board("zones: {alice: {hand: [Lightning Bolt, Twincast]}}\nbattlefield:\n" + BEARS)
    actions = ["cast Lightning Bolt>bob", "respond cast Twincast>lightning-bolt"]
    r = resolve(b, actions, free=True)
    assert r.resolved is None and r.choices[0].key == "copy-targets:lightning-bolt"
    r = resolve(b, actions, free=True, choose=["copy-targets:lightning-bolt=bears"])
    assert r.board.player("bob").life == 17 and not r.board.has_permanent("bears")


def test_pump_and_shrink_until_end_of_turn(board) -> None:
    """611.2, 613.4c: +3/+3 and -2/-2 as board effects with their timestamps."""
    b = board("zones: {alice: {hand: [Giant Growth, Disfigure]}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast Giant Growth>bears", "cast Disfigure>bears"], free=True)
    bears = r.board.permanent("bears")
    assert (bears.power, bears.toughness) == (3, 3)
    assert [(e.kind, e.duration, e.objects) for e in r.board.effects] == [("continuous", "end_of_turn", ("bears",))] * 2


def test_granted_evasion_counts_in_the_block_check(board) -> None:
    """Jump gives flying until end of turn; the Ox (no reach) can't block it (702.9b)."""
    b = board(BLOCKED % "Jump")
    assert check_blocks(b).legal is True
    r = resolve(b, ["cast Jump>bears"], free=True)
    assert check_blocks(r.board).legal is False


def test_cant_block_this_turn_applies_to_what_matches_as_blocks_are_declared(board) -> None:
    """Falter (611.2c: a rules effect): creatures without flying can't block."""
    b = board(BLOCKED % "Falter")
    r = resolve(b, ["cast Falter"], free=True)
    assert r.board.effects[0].objects is None and check_blocks(r.board).legal is False


def test_must_be_blocked(board) -> None:
    """Irresistible Prey: 509.1c, a requirement the defender's block must obey if able."""
    b = board("""zones: {alice: {hand: [Irresistible Prey], library: {count: 1}}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
combat:
  attackers: [{creature: bears, target: bob}]
  blockers: []
""")
    assert check_blocks(b).legal is True
    r = resolve(b, ["cast Irresistible Prey>bears"], free=True)
    assert check_blocks(r.board).legal is False


def test_gain_control_untap_and_haste_then_attack(board) -> None:
    """Act of Treason: layer 2 control until end of turn; 302.6 with haste it can attack."""
    b = board("""zones: {alice: {hand: [Act of Treason]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: bob, tapped: true}
combat:
  attackers: [{creature: bears, target: bob}]
""")
    r = resolve(b, ["cast Act of Treason>bears"], free=True)
    bears = r.board.permanent("bears")
    assert (bears.controller, bears.tapped, bears.has_keyword("haste")) == ("alice", False, True)
    attack = r.board.replace(combat=b.combat)
    assert check_attacks(attack).legal is True


def test_a_condition_chooses_the_effect(board) -> None:
    """608.2c: Artificer's Epiphany draws two cards, and its controller discards one only if
    they control no artifact."""
    text = "zones: {alice: {hand: [Artificer's Epiphany], library: {count: 2, top: [Opt, Shock]}}}\n"
    with_artifact = board(text + "battlefield:\n  - {id: ring, card: Sol Ring, controller: alice}\n")
    r = resolve(with_artifact, ["cast Artificer's Epiphany"], free=True)
    assert [c.name for c in r.board.zones["alice"].hand] == ["Opt", "Shock"]
    r = resolve(board(text), ["cast Artificer's Epiphany"], free=True)
    assert r.resolved is None and [c.key for c in r.choices] == ["discard:alice"]
    r = resolve(board(text), ["cast Artificer's Epiphany"], free=True, choose=["discard:alice=alice.library[1]"])
    assert [c.name for c in r.board.zones["alice"].hand] == ["Opt"]
    assert graveyard(r.board, "alice") == ["Shock", "Artificer's Epiphany"]  # the spell last (608.2n)


def test_modes(board) -> None:
    """700.2: Boros Charm, the third mode: target creature gains double strike."""
    b = board("zones: {alice: {hand: [Boros Charm, Boros Charm]}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast Boros Charm>bears", "cast Boros Charm>bob"], mode=["3", "1"], free=True)
    assert r.board.permanent("bears").has_keyword("double_strike") and r.board.player("bob").life == 16
    with pytest.raises(OptionError, match="modal"):
        resolve(b, ["cast Boros Charm>bears"], free=True)


def test_optional_is_a_choice_that_matters(board) -> None:
    """603.5, 608.2d: Gravedigger's "you may return": yes and no give different boards."""
    b = board("zones: {alice: {hand: [Gravedigger], graveyard: [{card: Grizzly Bears, id: dead}]}}\n")
    r = resolve(b, ["cast Gravedigger"], free=True)
    assert r.resolved is None and {c.key for c in r.choices} == {"may:gravedigger:1"}
    r = resolve(b, ["cast Gravedigger"], free=True, choose=["may:gravedigger:1=yes"])
    assert [c.name for c in r.board.zones["alice"].hand] == ["Grizzly Bears"]
    r = resolve(b, ["cast Gravedigger"], free=True, choose=["may:gravedigger:1=no"])
    assert r.board.zones["alice"].hand == () and graveyard(r.board, "alice") == ["Grizzly Bears"]


def test_enters_dies_and_cast_triggers(board) -> None:
    """603.6a Flametongue Kavu, 603.10a Doomed Traveler, 603.2 Guttersnipe (on its controller's
    instants and sorceries only)."""
    b = board("zones: {alice: {hand: [Flametongue Kavu, Lightning Bolt]}, bob: {hand: [Shock]}}\nbattlefield:\n"
              "  - {id: traveler, card: Doomed Traveler, controller: bob}\n"
              "  - {id: snipe, card: Guttersnipe, controller: alice}\n")
    r = resolve(b, ["cast Flametongue Kavu"], free=True, choose=["targets:flametongue-kavu:1=traveler"])
    assert r.resolved is True and not r.board.has_permanent("traveler")
    spirit = next(p for p in r.board.permanents if p.name == "Spirit Token")
    assert spirit.controller == "bob" and spirit.has_keyword("flying")
    r = resolve(b, ["cast Lightning Bolt>traveler"], free=True)
    assert r.board.player("bob").life == 18  # Guttersnipe's trigger resolves first, above the Bolt
    r = resolve(b, ["cast Lightning Bolt>traveler", "respond cast Shock>alice"], free=True)
    assert (r.board.player("alice").life, r.board.player("bob").life) == (18, 18)  # bob's Shock: no trigger


def test_a_dies_trigger_of_each_creature_that_dies_at_once(board) -> None:
    """603.10a: Blood Artist sees itself and the others die to Pyroclasm: three triggers, alike
    but for what died, each targeting bob (603.3b: their order doesn't change the board)."""
    b = board("zones: {alice: {hand: [Pyroclasm]}}\nbattlefield:\n"
              "  - {id: artist, card: Blood Artist, controller: alice}\n" + BEARS
              + "  - {id: elf, card: Llanowar Elves, controller: bob}\n")
    r = resolve(b, ["cast Pyroclasm"], free=True, choose=["targets:artist:1=bob"])
    assert r.resolved is True, r.reason
    assert (r.board.player("bob").life, r.board.player("alice").life) == (17, 23)


def test_activated_abilities_tap_sacrifice_and_counters(board) -> None:
    """602.2: Prodigal Sorcerer ({T}), Mogg Fanatic (sacrifice: it deals damage as it last
    existed, 608.2h) and Walking Ballista (X on entering 107.3m, removing a counter)."""
    b = board("zones: {alice: {hand: [Walking Ballista]}}\nbattlefield:\n"
              "  - {id: sorc, card: Prodigal Sorcerer, controller: alice}\n"
              "  - {id: fan, card: Mogg Fanatic, controller: alice}\n"
              "  - {id: elf, card: Llanowar Elves, controller: bob}\n")
    r = resolve(b, ["activate sorc>bob", "activate fan>elf", "cast Walking Ballista", "activate walking-ballista:2>bob"],
                x=[2], free=True)
    assert r.resolved is True, r.reason
    assert r.board.player("bob").life == 18 and not r.board.has_permanent("elf") and not r.board.has_permanent("fan")
    assert r.board.permanent("sorc").tapped and r.board.permanent("walking-ballista").power == 1


def test_x_spells(board) -> None:
    """107.3a: Blaze X = 2 deals 2 damage; Mind Spring X = 2 draws two."""
    b = board("zones: {alice: {hand: [Blaze, Mind Spring], library: {count: 4}}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast Blaze>bears", "cast Mind Spring"], x=[2, 2], free=True)
    assert not r.board.has_permanent("bears") and r.board.zones["alice"].hand_count == 2


def test_resolve_composes_with_blocks_check_on_the_command_line(board_file, pool) -> None:
    """``mtgsolver resolve b.yaml --cast "Jump>bears" | mtgsolver blocks check -``."""
    path = board_file(HEAD + """zones: {alice: {hand: [Jump]}}
battlefield:
  - {id: i, card: Island, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
combat:
  attackers: [{creature: bears, target: bob}]
  blockers: [{creature: ox, blocks: [bears]}]
""")
    code, out, _ = run_cli("resolve", str(path), "--cast", "Jump>bears", "--cards", str(pool_path(pool)))
    assert code == 0 and yaml.safe_load(out)["battlefield"][0]["tapped"] is True
    code, verdict, _ = run_cli("blocks", "check", "-", "--json", "--cards", str(pool_path(pool)), input=out)
    assert code == 1 and '"legal": false' in verdict


def pool_path(pool) -> Path:
    from tests.conftest import ATOMIC_CARDS

    return ATOMIC_CARDS


def test_loyalty_abilities_once_each_turn_as_a_sorcery(board) -> None:
    """606.3, 606.6: Liliana of the Veil's [-2] takes two loyalty as its cost; a second loyalty
    ability of hers the same turn is illegal, and so is one with another spell on the stack."""
    b = board("battlefield:\n  - {id: lili, card: Liliana of the Veil, controller: alice, loyalty: 3}\n" + BEARS)
    r = resolve(b, ["activate lili:2>bob"])
    assert r.resolved is True and r.board.permanent("lili").loyalty == 1 and not r.board.has_permanent("bears")
    assert r.board.turn.activated_once == frozenset({"lili"})
    r = resolve(b, ["activate lili:2>bob", "activate lili:1"])
    assert r.resolved is False and r.reason.rule == "606.3"
    r = resolve(b.replace(turn=dataclasses.replace(b.turn, step="declare_attackers")), ["activate lili:1"])
    assert r.resolved is False and r.reason.rule == "606.3"


def test_the_exiled_card_of_a_linked_ability_returns(board, pool) -> None:
    """607.2a: Journey to Nowhere's enters ability exiles the Bears with it; when Journey leaves
    (Kor Skyfisher returns it to its owner's hand, or it is destroyed) its linked ability returns
    that card under its owner's control; a card exiled by another source stays. The link is a
    board-file key (``exiled_with``), written back and read again."""
    from mtgsolver.read.board_file import zones_data

    b = board("zones: {alice: {hand: [{id: j, card: Journey to Nowhere}, {id: k, card: Kor Skyfisher}]},\n"
              "        bob: {exile: [{id: elk, card: Grizzly Bears}]}}\nbattlefield:\n" + BEARS)
    r = resolve(b, ["cast j"], free=True, library=pool)
    assert r.resolved is True and [p.id for p in r.board.permanents] == ["j"]
    assert sorted((c.id, c.exiled_with) for c in r.board.zones["bob"].exile) == [("bears", "j"), ("elk", None)]
    assert {e["id"]: e.get("exiled_with") for e in zones_data(r.board, pool)["zones"]["bob"]["exile"]} == {
        "bears": "j", "elk": None}
    back = resolve(r.board, ["cast k"], free=True, choose=["choose:k:1=j"], library=pool)
    assert back.resolved is True
    assert {p.id: p.controller for p in back.board.permanents} == {"k": "alice", "bears": "bob"}
    assert [c.id for c in back.board.zones["bob"].exile] == ["elk"]
    ring = board("zones: {alice: {hand: [{id: o, card: Oblivion Ring}, {id: d, card: Disenchant}]}}\n"
                 "battlefield:\n" + BEARS)
    r = resolve(ring, ["cast o", "cast d>o"], free=True, library=pool)
    assert r.resolved is True and [p.id for p in r.board.permanents] == ["bears"]


def test_exiled_with_is_only_for_a_card_in_exile(board) -> None:
    from mtgsolver.model.errors import BoardError

    with pytest.raises(BoardError, match="exiled_with"):
        board("zones: {alice: {hand: [{id: j, card: Journey to Nowhere, exiled_with: x}]}}\n")


def test_a_land_made_a_creature_is_still_a_land(board) -> None:
    """Elemental Uprising: 205.1b, the Forest becomes a 4/4 Elemental creature with haste until
    end of turn and keeps its types (613.1d, 613.4b, 613.1f): it may attack this turn, taps for
    {G} still, and must be blocked if able (509.1c); after the cleanup step it is a land only."""
    b = board("""zones: {alice: {hand: [Elemental Uprising]}}
battlefield:
  - {id: forest, card: Forest, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
""")
    r = resolve(b, ["cast Elemental Uprising>forest"], free=True)
    forest = r.board.permanent("forest")
    assert forest.types == {"land", "creature"} and forest.subtypes == {"forest", "elemental"}
    assert (forest.power, forest.toughness, forest.has_keyword("haste")) == (4, 4, True)
    from mtgsolver.model.combat import Attack, CombatDeclaration

    attack = r.board.replace(combat=CombatDeclaration((Attack("forest", "bob"),), ()))
    assert check_attacks(attack).legal is True and check_blocks(attack).legal is False
    r = resolve(b, ["cast Elemental Uprising>ox"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"  # a land you control


def test_a_forest_returned_to_pay_a_cost(board) -> None:
    """Quirion Ranger: 602.2b, returning a Forest its controller controls to its owner's hand is
    paid as the ability is activated; the target creature untaps; once each turn (602.5b)."""
    b = board("""battlefield:
  - {id: ranger, card: Quirion Ranger, controller: alice}
  - {id: forest, card: Forest, controller: alice, tapped: true}
  - {id: bears, card: Grizzly Bears, controller: alice, tapped: true}
  - {id: island, card: Island, controller: alice}
""")
    r = resolve(b, ["activate ranger>bears"])
    assert r.resolved, r.reason
    assert [c.name for c in r.board.zones["alice"].hand] == ["Forest"] and not r.board.has_permanent("forest")
    assert r.board.permanent("bears").tapped is False and r.board.has_permanent("island")
    without = board("battlefield:\n  - {id: ranger, card: Quirion Ranger, controller: alice}\n"
                    "  - {id: island, card: Island, controller: alice}\n")
    assert resolve(without, ["activate ranger>ranger"]).resolved is False


def test_dredge_replaces_a_draw_by_choice(board) -> None:
    """702.52a: Divination's first draw is replaced by Moldervine Cloak's dredge 2 (Swamp and Opt
    milled, the Cloak returned to the hand), the second is drawn (Island): the player chooses, and
    unsaid the answer names the choice. 702.52b: with one card in the library, dredge 2 is no option."""
    text = ("zones: {alice: {hand: [Divination], graveyard: [Moldervine Cloak], "
            "library: {count: 4, top: [Swamp, Opt, Island, Forest]}}}\n")
    r = resolve(board(text), ["cast Divination"], free=True, choose=["dredge:alice=dredge alice.graveyard[0]"])
    assert r.resolved, r.reason
    z = r.board.zones["alice"]
    assert sorted(c.name for c in z.hand) == ["Island", "Moldervine Cloak"]
    assert graveyard(r.board, "alice") == ["Swamp", "Opt", "Divination"] and z.library_count == 1
    r = resolve(board(text), ["cast Divination"], free=True)
    assert r.resolved is None and [c.options for c in r.choices] == [("draw", "dredge alice.graveyard[0]")]
    r = resolve(board(text), ["cast Divination"], free=True, choose=["dredge:alice=draw"])
    assert sorted(c.name for c in r.board.zones["alice"].hand) == ["Opt", "Swamp"]
    short = "zones: {alice: {hand: [Divination], graveyard: [Moldervine Cloak], library: {count: 1, top: [Swamp]}}}\n"
    r = resolve(board(short), ["cast Divination"], free=True)
    assert r.resolved and r.choices == () and [c.name for c in r.board.zones["alice"].hand] == ["Swamp"]


@pytest.mark.parametrize("day_night, giant", [("night", False), ("day", True)])
def test_an_effect_with_its_condition_after_it(board, day_night: str, giant: bool) -> None:
    """Wolf Strike: 608.2c, "gets +2/+0 until end of turn if it's night" only at night (731.1);
    then the Grizzly Bears deal damage equal to their power (4 at night, 2 by day) to Hill Giant."""
    b = board(f"day_night: {day_night}\n" + """zones: {alice: {hand: [Wolf Strike]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: giant, card: Hill Giant, controller: bob}
""")
    r = resolve(b, ["cast Wolf Strike>bears,giant"], free=True)
    assert r.resolved, r.reason
    assert r.board.has_permanent("giant") is giant
    assert r.board.permanent("bears").power == (2 if giant else 4)


def test_a_creature_card_discarded_to_pay_a_cost(board) -> None:
    """Tortured Existence: 602.2b, 701.9: "Discard a creature card" discards a card of that card
    type (205.2a): the Grizzly Bears, not Lightning Bolt; Gurmag Angler returns to the hand. With
    no creature card in hand the cost can't be paid."""
    text = """zones: {alice: {hand: [Lightning Bolt, Grizzly Bears], graveyard: [Gurmag Angler]}}
battlefield:
  - {id: te, card: Tortured Existence, controller: alice}
  - {id: swamp, card: Swamp, controller: alice}
"""
    r = resolve(board(text), ["activate te>alice.graveyard[0]"])
    assert r.resolved, r.reason
    assert sorted(c.name for c in r.board.zones["alice"].hand) == ["Gurmag Angler", "Lightning Bolt"]
    assert graveyard(r.board, "alice") == ["Grizzly Bears"]
    no_creature = board(text.replace("Lightning Bolt, Grizzly Bears", "Lightning Bolt"))
    r = resolve(no_creature, ["activate te>alice.graveyard[0]"])
    assert r.resolved is False and r.reason.rule == "602.2"
