"""Seed rulings not about combat or mana, one test (at least) per ruling sentence.

Seeds are ``../shared/rules/seeds/*.txt``: the X ruling (107.3m) closes the mana part of
all five (000-004); 002 ends with the Gandalf the Grey rulings (700.2, 603.3c, 400.7), 003
with Deadbridge Chant's random choice (115.10, 608.2), 004 with the crime rulings (700.13,
Blood Hustler, 608.2b).
"""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.model.errors import ModeError
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.modes import GameObject, ModalTrigger, Mode
from mtgsolver.rules.crimes import StackEntry, announce, crimes_committed, is_crime, opponents
from mtgsolver.rules.modes import ModeMemory
from mtgsolver.rules.random_choice import RandomGraveyardChoice
from mtgsolver.rules.targets import CardTarget, PermanentTarget, PlayerTarget, StackTarget, resolves
from mtgsolver.rules.x_value import EnteredPermanent, Spell

# --------------------------------------------------------------------------------------
# X in enters-the-battlefield abilities: seeds 000-004, CR 107.3m
# --------------------------------------------------------------------------------------
# "If an object's enters-the-battlefield triggered ability or replacement effect refers to X,
# and the spell that became that object as it resolved had a value of X chosen for any of its
# costs, the value of X for that ability is the same as the value of X for that spell,
# although the value of X for that permanent is 0. This is an exception to rule 107.3i."

HANGARBACK = Spell("Hangarback Walker", ManaCost.parse("{X}{X}"), x=3)  # enters with X counters
ENDLESS_ONE = Spell("Endless One", ManaCost.parse("{X}"), x=4)


@pytest.mark.parametrize("spell", [HANGARBACK, ENDLESS_ONE], ids=lambda s: s.name)
@pytest.mark.parametrize("kind", ["enters_trigger", "enters_replacement"])
def test_107_3m_enters_ability_uses_the_spells_x(spell: Spell, kind: str) -> None:
    """Seeds 000-004, 107.3m: an ETB trigger or replacement effect uses the spell's X."""
    assert spell.resolve().ability_x(kind) == spell.x


@pytest.mark.parametrize("spell", [HANGARBACK, ENDLESS_ONE], ids=lambda s: s.name)
def test_107_3m_the_permanents_own_x_is_0(spell: Spell) -> None:
    """Seeds 000-004, 107.3m ("the value of X for that permanent is 0"), 202.3e."""
    permanent = spell.resolve()
    assert permanent.x == 0
    assert spell.mana_value == len(spell.mana_cost.variables) * spell.x
    assert permanent.mana_value == 0


def test_107_3m_is_an_exception_to_107_3i() -> None:
    """Seeds 000-004, 107.3m/107.3i: other abilities of the permanent see X = 0, so two
    instances of X on one object differ only for the enters ability."""
    permanent = HANGARBACK.resolve()
    assert permanent.ability_x("other") == 0
    assert permanent.ability_x("enters_trigger") != permanent.ability_x("other")


def test_107_3m_x_chosen_for_any_cost_not_only_the_mana_cost() -> None:
    """Seeds 000-004, 107.3m "chosen for any of its costs": an X in an additional cost counts."""
    spell = Spell("Additional-X creature", ManaCost.parse("{1}{G}"), x=5)
    assert spell.resolve().ability_x("enters_replacement") == 5
    assert spell.resolve().x == 0


def test_107_3m_needs_a_spell_with_x_chosen() -> None:
    """Seeds 000-004, 107.3m applies only if "the spell that became that object" had X chosen:
    a permanent put onto the battlefield without being cast, or a spell without X, gives 0."""
    put_onto_battlefield = EnteredPermanent("Hangarback Walker", ManaCost.parse("{X}{X}"))
    assert put_onto_battlefield.ability_x("enters_replacement") == 0
    no_x = Spell("Grizzly Bears", ManaCost.parse("{1}{G}")).resolve()
    assert no_x.ability_x("enters_trigger") == 0


def test_107_3m_chosen_zero_is_zero() -> None:
    """107.3a/107.3b: X chosen as 0 (e.g. cast without paying its mana cost) gives 0."""
    assert Spell("Hangarback Walker", ManaCost.parse("{X}{X}"), x=0).resolve().ability_x("enters_trigger") == 0


def test_107_3a_x_must_be_chosen_and_whole() -> None:
    """107.3a: a spell with {X} in its cost has a chosen whole X >= 0."""
    with pytest.raises(ValueError, match="107.3a"):
        Spell("Endless One", ManaCost.parse("{X}"))
    with pytest.raises(ValueError, match="107.3a"):
        Spell("Endless One", ManaCost.parse("{X}"), x=-1)
    with pytest.raises(ValueError, match="kind"):
        HANGARBACK.resolve().ability_x("activated")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# Gandalf the Grey: seed 002, CR 603.3c, 700.2b, 700.2d, 400.7
# --------------------------------------------------------------------------------------
GANDALF = ModalTrigger("Gandalf the Grey", (
    Mode("You may tap or untap target permanent.", needs_target=True),
    Mode("Gandalf deals 3 damage to each opponent."),
    Mode("Copy target instant or sorcery spell you control.", needs_target=True),
    Mode("Put Gandalf on top of its owner's library."),
))
ALL_TARGETS = {0, 2}


def test_mode_is_chosen_as_the_trigger_goes_on_the_stack() -> None:
    """Seed 002 "You choose the mode as the triggered ability goes on the stack" (603.3c):
    the memory changes as the first instance is put on the stack, so a second instance put on
    the stack while the first still waits can't choose that mode."""
    gandalf = GameObject("gandalf-1", controller="Ann")
    first = ModeMemory().choose(gandalf, GANDALF, 1, ALL_TARGETS)
    assert first.available_modes(gandalf, GANDALF, ALL_TARGETS) == (0, 2, 3)
    with pytest.raises(ModeError, match="already been chosen"):
        first.choose(gandalf, GANDALF, 1, ALL_TARGETS)


def test_mode_needing_targets_only_with_legal_targets() -> None:
    """Seed 002 "You can choose a mode that requires targets only if there are legal targets
    available" (603.3c, 700.2b)."""
    gandalf = GameObject("gandalf-1", controller="Ann")
    memory = ModeMemory()
    assert memory.available_modes(gandalf, GANDALF, targetable={0}) == (0, 1, 3)
    assert memory.available_modes(gandalf, GANDALF, targetable=ALL_TARGETS) == (0, 1, 2, 3)
    with pytest.raises(ModeError, match="603.3c"):
        memory.choose(gandalf, GANDALF, 2, targetable={0})
    assert 2 in memory.choose(gandalf, GANDALF, 2, ALL_TARGETS).chosen_modes(gandalf, GANDALF)


def test_no_mode_left_removes_the_ability() -> None:
    """700.2b: with no mode that can be chosen, the ability is removed from the stack."""
    gandalf = GameObject("gandalf-1", controller="Ann")
    memory = ModeMemory()
    for mode in range(4):
        memory = memory.choose(gandalf, GANDALF, mode, ALL_TARGETS)
    assert memory.available_modes(gandalf, GANDALF, ALL_TARGETS) == ()
    only_targeted_left = ModeMemory()
    for mode in (1, 3):
        only_targeted_left = only_targeted_left.choose(gandalf, GANDALF, mode)
    assert only_targeted_left.available_modes(gandalf, GANDALF, targetable=()) == ()


def test_it_does_not_matter_who_chose_a_mode() -> None:
    """Seed 002: "say you control Gandalf the Grey and have chosen the first two modes. If an
    opponent gains control of Gandalf the Grey, that player can choose only the third or
    fourth mode." A control change is not a zone change (400.7)."""
    mine = GameObject("gandalf-1", controller="Ann")
    memory = ModeMemory().choose(mine, GANDALF, 0, ALL_TARGETS).choose(mine, GANDALF, 1, ALL_TARGETS)
    stolen = mine.with_controller("Bo")
    assert stolen.identity == mine.identity
    assert memory.available_modes(stolen, GANDALF, ALL_TARGETS) == (2, 3)
    with pytest.raises(ModeError):
        memory.choose(stolen, GANDALF, 0, ALL_TARGETS)
    assert memory.choose(stolen, GANDALF, 2, ALL_TARGETS).chosen_modes(mine, GANDALF) == {0, 1, 2}


def test_mode_of_an_instance_that_does_not_resolve_still_counts() -> None:
    """Seed 002: "If the ability doesn't resolve (either for having its target become illegal
    or because a spell or ability counters it), the mode chosen for that instance of the
    ability still counts as being chosen." (608.2b)"""
    gandalf = GameObject("gandalf-1", controller="Ann")
    memory = ModeMemory().choose(gandalf, GANDALF, 0, ALL_TARGETS)
    target = PermanentTarget("forest-1", controller="Bo")
    assert not resolves((target,), is_legal=lambda t: False)  # its target became illegal
    assert memory.available_modes(gandalf, GANDALF, ALL_TARGETS) == (1, 2, 3)
    countered = memory.choose(gandalf, GANDALF, 2, ALL_TARGETS)  # this instance gets countered
    assert countered.available_modes(gandalf, GANDALF, ALL_TARGETS) == (1, 3)


def test_that_has_not_been_chosen_refers_only_to_that_gandalf() -> None:
    """Seed 002: "The phrase "that hasn't been chosen" refers only to that specific Gandalf
    the Grey." Two Gandalfs (or a Gandalf and another modal trigger) keep separate memories."""
    first = GameObject("gandalf-1", controller="Ann")
    second = GameObject("gandalf-2", controller="Ann")
    memory = ModeMemory().choose(first, GANDALF, 1, ALL_TARGETS)
    assert memory.available_modes(second, GANDALF, ALL_TARGETS) == (0, 1, 2, 3)
    other = ModalTrigger("Other", GANDALF.modes)
    assert memory.available_modes(first, other, ALL_TARGETS) == (0, 1, 2, 3)


def test_gandalf_that_returns_is_a_new_object_with_no_memory() -> None:
    """Seed 002: "If Gandalf the Grey leaves the battlefield (possibly because of the fourth
    mode of its ability) and then returns to the battlefield later, it will be a new object
    with no memory of the modes chosen when it was last on the battlefield." (400.7)"""
    gandalf = GameObject("gandalf-1", controller="Ann")
    memory = ModeMemory()
    for mode in (0, 1, 3):  # the fourth mode puts it on top of its owner's library
        memory = memory.choose(gandalf, GANDALF, mode, ALL_TARGETS)
    returned = gandalf.moved().moved().moved()  # library -> stack -> battlefield
    assert returned.identity != gandalf.identity
    assert memory.available_modes(returned, GANDALF, ALL_TARGETS) == (0, 1, 2, 3)
    assert memory.available_modes(gandalf, GANDALF, ALL_TARGETS) == (2,)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ModeError, match="no mode 4"):
        ModeMemory().choose(GameObject("g", "Ann"), GANDALF, 4, ALL_TARGETS)


# --------------------------------------------------------------------------------------
# Random choice at resolution (Deadbridge Chant): seed 003, CR 115.10, 608.2
# --------------------------------------------------------------------------------------


def test_card_put_into_graveyard_in_response_may_be_chosen() -> None:
    """Seed 003: "Because the last ability doesn't target any card in your graveyard, any card
    put into your graveyard in response to the ability may be chosen." (115.10)"""
    ability = RandomGraveyardChoice("Ann")  # put on the stack with graveyard ("Forest",)
    at_resolution = {"Ann": ("Forest", "Shock")}  # Shock resolved in response
    picks = {ability.resolve(at_resolution, random.Random(seed)) for seed in range(50)}
    assert picks == {"Forest", "Shock"}


def test_card_gone_in_response_cannot_be_chosen() -> None:
    """Seed 003 "chosen at random as the ability resolves": a card exiled in response is gone."""
    ability = RandomGraveyardChoice("Ann")  # put on the stack with graveyard ("Forest", "Bear")
    at_resolution = {"Ann": ("Bear",), "Bo": ("Forest",)}
    assert {ability.resolve(at_resolution, random.Random(seed)) for seed in range(20)} == {"Bear"}
    assert ability.resolve({"Ann": ()}, random.Random(0)) is None


def test_the_choice_happens_as_the_ability_resolves() -> None:
    """Seed 003: "The card is chosen at random as the ability resolves. If any player responds
    to the ability, that player won't yet know what card will be chosen." On the stack the
    ability holds only whose graveyard it looks in, never a card."""
    ability = RandomGraveyardChoice("Ann")
    assert vars(ability) == {"player": "Ann"}


def _chi_square_bound(df: int, z: float = 4.75) -> float:
    """Wilson-Hilferty upper quantile of chi-square with ``df`` degrees (z = 4.75: p ~ 1e-6)."""
    c = 2 / (9 * df)
    return df * (1 - c + z * math.sqrt(c)) ** 3


@settings(max_examples=60, deadline=None, derandomize=True)
@given(n=st.integers(2, 8), seed=st.integers(0, 2**32 - 1))
def test_each_card_has_an_equal_chance(n: int, seed: int) -> None:
    """Seed 003: "Each card in your graveyard must have an equal chance of being chosen."
    Chi-square goodness of fit against uniform over 300 draws per card."""
    cards = tuple(f"card-{i}" for i in range(n))
    rng = random.Random(seed)
    ability = RandomGraveyardChoice("Ann")
    draws = 300 * n
    counts = Counter(ability.resolve({"Ann": cards}, rng) for _ in range(draws))
    assert set(counts) <= set(cards)
    chi2 = sum((counts[c] - 300) ** 2 / 300 for c in cards)
    assert chi2 < _chi_square_bound(n - 1)


def test_each_card_not_each_name_has_an_equal_chance() -> None:
    """Seed 003: each *card* is equally likely, so two Forests are twice as likely as an Island."""
    rng = random.Random(2013)
    counts = Counter(RandomGraveyardChoice("Ann").resolve({"Ann": ("Forest", "Island", "Forest")}, rng)
                     for _ in range(3000))
    chi2 = (counts["Forest"] - 2000) ** 2 / 2000 + (counts["Island"] - 1000) ** 2 / 1000
    assert chi2 < _chi_square_bound(1)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cards=st.lists(st.sampled_from(["Forest", "Island", "Bear", "Shock"]), min_size=1, max_size=8),
       seed=st.integers(0, 2**32 - 1))
def test_random_choice_is_deterministic_with_a_seeded_random(cards: list[str], seed: int) -> None:
    ability = RandomGraveyardChoice("Ann")
    graveyard = {"Ann": tuple(cards)}
    first = [ability.resolve(graveyard, random.Random(seed)) for _ in range(3)]
    assert first == [first[0]] * 3 and first[0] in cards
    a, b = random.Random(seed), random.Random(seed)
    assert [ability.resolve(graveyard, a) for _ in range(10)] == [ability.resolve(graveyard, b) for _ in range(10)]


# --------------------------------------------------------------------------------------
# Crimes: seed 004, CR 700.13 (Blood Hustler; OTJ crime rulings)
# --------------------------------------------------------------------------------------
PLAYERS = ("Ann", "Bo", "Cy")  # Ann commits (or not) the crimes; multiplayer: Bo and Cy are opponents
OPPONENT_THINGS = {
    "opponent": PlayerTarget("Bo"),
    "permanent an opponent controls": PermanentTarget("bear", controller="Bo"),
    "spell an opponent controls": StackTarget("shock", controller="Cy"),
    "ability an opponent controls": StackTarget("ping-ability", controller="Bo"),
    "card in an opponent's graveyard": CardTarget("Lightning Bolt", owner="Cy"),
    "permanent you own that an opponent controls": PermanentTarget("stolen", controller="Bo", owner="Ann"),
}
NOT_CRIMES = {
    "yourself": PlayerTarget("Ann"),
    "your permanent": PermanentTarget("elf", controller="Ann"),
    "permanent an opponent owns that you control": PermanentTarget("borrowed", controller="Ann", owner="Bo"),
    "your spell": StackTarget("giant-growth", controller="Ann"),
    "your ability": StackTarget("my-ability", controller="Ann"),
    "card in your graveyard": CardTarget("Raise Dead", owner="Ann"),
    "opponent's card in exile": CardTarget("Exiled Bear", owner="Bo", zone="exile"),
}


@pytest.mark.parametrize("action", ["cast", "activate", "trigger"])
@pytest.mark.parametrize("what", sorted(OPPONENT_THINGS))
def test_700_13_targeting_an_opponent_or_their_things_is_a_crime(action: str, what: str) -> None:
    """Seed 004 and 700.13: casting, activating, or putting a triggered ability on the stack that
    targets an opponent; a permanent, spell or ability an opponent controls; and/or a card in
    an opponent's graveyard is a crime, also alongside targets of one's own."""
    entry = StackEntry("Ann", action, (NOT_CRIMES["your permanent"], OPPONENT_THINGS[what]))  # type: ignore[arg-type]
    assert entry.commits_crime(PLAYERS)
    assert [e.kind for e in announce(entry, PLAYERS)] == [action, "crime"]


@pytest.mark.parametrize("what", sorted(NOT_CRIMES))
def test_700_13_targeting_only_your_own_things_is_no_crime(what: str) -> None:
    """700.13 counts control for permanents, spells and abilities, and the graveyard zone for
    cards (400.3: a card is in its owner's graveyard)."""
    assert not is_crime("Ann", [NOT_CRIMES[what]], PLAYERS)


def test_700_13_affecting_opponents_without_targeting_is_no_crime() -> None:
    """700.13 needs a target (115.10): "deals 3 damage to each opponent" targets nothing."""
    each_opponent = StackEntry("Ann", "trigger", ())
    assert not each_opponent.commits_crime(PLAYERS)
    assert [e.kind for e in announce(each_opponent, PLAYERS)] == ["trigger"]


def test_700_13_opponents_are_every_other_player() -> None:
    """102.2, 102.3 (no teams here): in a three-player game both others are opponents."""
    assert opponents("Ann", PLAYERS) == {"Bo", "Cy"}
    assert is_crime("Bo", [PlayerTarget("Cy")], PLAYERS) and is_crime("Bo", [PlayerTarget("Ann")], PLAYERS)
    assert is_crime("Ann", [PlayerTarget("Bo")], ("Ann", "Bo"))


def test_crime_need_not_resolve() -> None:
    """Seed 004: "The spell or ability that constituted a crime doesn't have to have resolved
    yet or at all. As soon as you're finished casting the spell, activating the ability, or
    putting the triggered ability on the stack, you've committed a crime." """
    shock = StackEntry("Ann", "cast", (PlayerTarget("Bo"),))
    events = announce(shock, PLAYERS)  # the moment it is on the stack
    assert "crime" in [e.kind for e in events]
    assert not resolves(shock.current_targets, is_legal=lambda t: False)  # later countered on resolution
    assert crimes_committed("Ann", [shock], PLAYERS) == 1


def test_changing_targets_does_not_change_the_crime() -> None:
    """Seed 004: "Changing the target or targets of a spell or ability won't affect whether or not
    the controller of that spell or ability has committed a crime. Only the initial targets
    chosen for that spell or ability are used" (115.7)."""
    criminal = StackEntry("Ann", "cast", (PlayerTarget("Bo"),)).retarget([PlayerTarget("Ann")])
    assert criminal.current_targets == (PlayerTarget("Ann"),)
    assert criminal.commits_crime(PLAYERS)
    innocent = StackEntry("Ann", "cast", (PermanentTarget("elf", controller="Ann"),))
    redirected = innocent.retarget([PermanentTarget("bear", controller="Bo")])
    assert not redirected.commits_crime(PLAYERS)
    assert crimes_committed("Ann", [redirected], PLAYERS) == 0


def test_one_crime_per_spell_or_ability() -> None:
    """Seed 004: "A player can commit only one crime per spell or ability they control. Targeting
    multiple opponents, permanents, spells, abilities, and/or cards with the same spell or
    ability doesn't constitute committing multiple crimes." """
    everything = StackEntry("Ann", "cast", tuple(OPPONENT_THINGS.values()))
    assert [e.kind for e in announce(everything, PLAYERS)].count("crime") == 1
    assert crimes_committed("Ann", [everything], PLAYERS) == 1
    two = StackEntry("Ann", "activate", (PlayerTarget("Cy"),))
    assert crimes_committed("Ann", [everything, two], PLAYERS) == 2
    assert crimes_committed("Bo", [everything, two], PLAYERS) == 0  # crimes belong to the controller


def test_cast_trigger_and_crime_trigger_trigger_at_the_same_time() -> None:
    """Seed 004: "an ability that triggers when you cast a spell that targets an opponent will
    trigger at the same time as an ability that triggers whenever you commit a crime." Both
    trigger conditions are met by events of the one moment the spell becomes cast (601.2i,
    603.2); the abilities then go on the stack above the spell in either order (603.3b)."""
    spell = StackEntry("Ann", "cast", (PlayerTarget("Bo"),))
    events = announce(spell, PLAYERS)

    def cast_targeting_opponent(e) -> bool:
        return e.kind == "cast" and any(
            isinstance(t, PlayerTarget) and t.player in opponents(e.player, PLAYERS) for t in e.entry.initial_targets)

    def blood_hustler(e) -> bool:
        return e.kind == "crime" and e.player == "Ann"

    assert any(map(cast_targeting_opponent, events)) and any(map(blood_hustler, events))
    assert {e.entry for e in events} == {spell}


def test_blood_hustler_ability_with_illegal_target_does_not_resolve() -> None:
    """Seed 004: "If the target opponent is an illegal target as Blood Hustler's activated
    ability tries to resolve, it won't resolve and none of its effects will happen. You won't
    gain life." (608.2b) The crime was still committed."""
    ability = StackEntry("Ann", "activate", (PlayerTarget("Bo"),))
    life = {"Ann": 20, "Bo": 20}
    if resolves(ability.current_targets, is_legal=lambda t: False):  # Bo gained hexproof
        life = {"Ann": life["Ann"] + 1, "Bo": life["Bo"] - 1}
    assert life == {"Ann": 20, "Bo": 20}
    assert ability.commits_crime(PLAYERS)
    assert resolves(ability.current_targets, is_legal=lambda t: True)


def test_608_2b_resolves_while_any_target_is_legal() -> None:
    """608.2b: it fails to resolve only if *every* target is illegal; untargeted always resolves."""
    two = (PlayerTarget("Bo"), PlayerTarget("Cy"))
    assert resolves(two, is_legal=lambda t: t == PlayerTarget("Cy"))
    assert resolves((), is_legal=lambda t: False)


def test_crime_with_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        is_crime("Dee", [PlayerTarget("Bo")], PLAYERS)
    with pytest.raises(ValueError, match="unknown player"):
        is_crime("Ann", [PermanentTarget("x", controller="Zed")], PLAYERS)
