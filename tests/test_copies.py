"""Permanents entering as a copy (707.2, 707.3, 707.5, 707.6, 707.9b, 614.1c): the ``copies``
grammar family, the copiable values a copy takes as it enters (rules/copies.py, Game.enter), the
``copy_of`` board field, layer 1 in the layers' record, and the whole-turn search with a copy.
The cards are the 2022 pool's (Clone, Glasspool Mimic, Copy Artifact ...), cast by ``resolve``."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgsolver.load import prepare
from mtgsolver.model.abilities import TextAbility
from mtgsolver.model.errors import BoardError
from mtgsolver.read.board_file import card_permanent, read_board_text
from mtgsolver.read.board_writer import write_board
from mtgsolver.read.card_index import load_cards
from mtgsolver.read.grammar.copies import read
from mtgsolver.rules.layers import changes_of
from mtgsolver.solver.resolve import resolve
from mtgsolver.solver.win import replay, win_turn
from tests.resolve_support import HEAD, load

MIMIC = ("You may have Glasspool Mimic enter the battlefield as a copy of a creature you control, except it's a "
         "Shapeshifter Rogue in addition to its other types.")


@pytest.mark.parametrize("name, line, entry", [
    ("Clone", "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
     {"types": ["creature"], "controller": "any"}),
    ("Glasspool Mimic", MIMIC,
     {"types": ["creature"], "controller": "you", "adds_subtypes": ["shapeshifter", "rogue"]}),
    ("Copy Artifact", "You may have Copy Artifact enter the battlefield as a copy of any artifact on the battlefield, "
     "except it's an enchantment in addition to its other types.",
     {"types": ["artifact"], "controller": "any", "adds_types": ["enchantment"]}),
    ("Phyrexian Metamorph", "You may have Phyrexian Metamorph enter the battlefield as a copy of an artifact or "
     "creature on the battlefield, except it's an artifact in addition to its other types.",
     {"types": ["artifact", "creature"], "controller": "any", "adds_types": ["artifact"]}),
])
def test_a_copy_line_is_read(name: str, line: str, entry: dict) -> None:
    assert read(line, name) == [{"enters_as_copy": entry}]


@pytest.mark.parametrize("name, line", [
    # 707.9d: a set of values, not types added
    ("Quicksilver Gargantuan", "You may have Quicksilver Gargantuan enter the battlefield as a copy of any creature "
     "on the battlefield, except it's 7/7."),
    # 707.9c: a characteristic not copied, and an ability added (707.9a)
    ("Vesuvan Doppelganger", "You may have Vesuvan Doppelganger enter the battlefield as a copy of any creature on "
     "the battlefield, except it doesn't copy that creature's color and it has \"At the beginning of your upkeep, "
     "you may have this creature become a copy of target creature, except it doesn't copy that creature's color "
     "and it has this ability.\""),
    # 707.9e: counters as an additional effect
    ("Spark Double", "You may have Spark Double enter the battlefield as a copy of a creature or planeswalker you "
     "control, except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an "
     "additional loyalty counter on it if it's a planeswalker, and it isn't legendary if that permanent is legendary."),
    # 707.4: becoming a copy while on the battlefield
    ("Cryptoplasm", "At the beginning of your upkeep, you may have Cryptoplasm become a copy of another target "
     "creature, except it has this ability."),
])
def test_a_copy_line_with_another_exception_stays_unread(name: str, line: str) -> None:
    assert read(line, name) is None


@pytest.fixture(scope="module")
def pool(atomic_cards: Path):
    return load_cards(atomic_cards)


class _Reader:
    """Boards read with the pool's cards (``pool``: the library, for ``resolve`` too)."""

    def __init__(self, pool) -> None:
        self.pool = pool

    def __call__(self, text: str):
        return load(text, library=self.pool)


@pytest.fixture
def board(pool):
    return _Reader(pool)


@pytest.mark.parametrize("name", ["Clone", "Glasspool Mimic", "Copy Artifact", "Phyrexian Metamorph"])
def test_the_pools_copy_cards_are_read_whole(pool, name: str) -> None:
    perm = card_permanent(pool.find(name), "x", "a", "a", pool)
    assert [a.name for a in perm.abilities] == ["enters_as_copy"]
    assert not any(isinstance(a, TextAbility) for a in perm.abilities)


def _mimic(board, choice: str | None, extra: str = ""):
    b = board("zones: {alice: {hand: [Glasspool Mimic]}}\nbattlefield:\n"
              "  - {id: cleric, card: Springmantle Cleric, controller: alice, tapped: true, counters: {+1/+1: 2}, "
              "damage: 1}\n"
              "  - {id: bears, card: Runeclaw Bear, controller: alice}\n"
              "  - {id: wurm, card: Massacre Wurm, controller: bob}\n" + extra)
    return resolve(b, ["cast Glasspool Mimic"], free=True, choose=[f"copy:alice:glasspool-mimic={choice}"] if choice else [],
                   library=board.pool)


def test_the_choice_is_among_the_creatures_its_controller_controls(board) -> None:
    """Glasspool Mimic: "a creature you control" (707.2): the opponent's Massacre Wurm is no option."""
    r = _mimic(board, None)
    assert r.resolved is None
    [choice] = r.choices
    assert choice.key == "copy:alice:glasspool-mimic"
    assert choice.options == ("no copy", "cleric (Springmantle Cleric)", "bears (Runeclaw Bear)")


def test_a_copy_takes_the_printed_values_not_counters_status_or_damage(board) -> None:
    """707.2: Springmantle Cleric with two +1/+1 counters, tapped and damaged: the copy is a 2/3
    Springmantle Cleric, untapped and summoning sick (302.6), a Shapeshifter Rogue besides (707.9b),
    its own card still Glasspool Mimic (400.7); its unread "enters with" line is the copy's."""
    r = _mimic(board, "cleric (Springmantle Cleric)")
    copy = r.board.permanent("glasspool-mimic")
    assert (copy.name, copy.power, copy.toughness, dict(copy.counters)) == ("Springmantle Cleric", 2, 3, {})
    assert not copy.tapped and copy.damage == 0 and copy.summoning_sick
    assert copy.subtypes == {"elf", "cleric", "shapeshifter", "rogue"} and str(copy.mana_cost) == "{4}{G}"
    assert copy.card.name == "Glasspool Mimic" and copy.copy_of == "Springmantle Cleric"
    assert copy.unread == r.board.permanent("cleric").unread
    assert [c.layer for c in changes_of(r.board, "glasspool-mimic")] == ["1"]


def test_no_copy_is_a_zero_zero_that_dies(board) -> None:
    """614.1c "you may": without a copy Glasspool Mimic is a 0/0 and dies (704.5f)."""
    r = _mimic(board, "no copy")
    assert not r.board.has_permanent("glasspool-mimic")
    assert [c.name for c in r.board.zones["alice"].graveyard] == ["Glasspool Mimic"]


def test_a_copy_of_a_copy_copies_the_copied_values(board) -> None:
    """707.3, 707.9b: Clone copying a Glasspool Mimic that copied Runeclaw Bear is a Runeclaw Bear
    that is a Shapeshifter Rogue too."""
    b = board("zones: {alice: {hand: [Glasspool Mimic, Clone]}}\nbattlefield:\n"
              "  - {id: bears, card: Runeclaw Bear, controller: alice}\n")
    r = resolve(b, ["cast Glasspool Mimic", "cast Clone"], free=True,
                choose=["copy:alice:glasspool-mimic=bears (Runeclaw Bear)",
                        "copy:alice:clone=glasspool-mimic (Runeclaw Bear)"], library=board.pool)
    clone = r.board.permanent("clone")
    assert (clone.name, clone.power, clone.toughness) == ("Runeclaw Bear", 2, 2)
    assert clone.subtypes == {"bear", "shapeshifter", "rogue"} and clone.copy_of == "Runeclaw Bear"


def test_copy_artifact_is_an_enchantment_besides(board) -> None:
    """707.9b's example: Copy Artifact copying Juggernaut is an artifact creature enchantment."""
    b = board("zones: {alice: {hand: [Copy Artifact]}}\nbattlefield:\n"
              "  - {id: jugg, card: Juggernaut, controller: bob}\n")
    r = resolve(b, ["cast Copy Artifact"], free=True, choose=["copy:alice:copy-artifact=jugg (Juggernaut)"], library=board.pool)
    copy = r.board.permanent("copy-artifact")
    assert copy.types == {"artifact", "creature", "enchantment"} and (copy.power, copy.toughness) == (5, 3)
    assert copy.has("attacks_each_combat") and copy.controller == "alice"


def test_a_copy_of_an_animated_artifact_is_not_a_creature(board) -> None:
    """707.2's example: an artifact made a 5/5 creature by an effect; Copy Artifact copying it is
    an artifact (and enchantment) with the artifact's printed values, not a creature."""
    b = board("zones: {alice: {hand: [Copy Artifact]}}\nbattlefield:\n"
              "  - {id: staff, card: Chimeric Staff, controller: bob}\n"
              "effects:\n  - {kind: continuous, objects: [staff], controller: bob, duration: end_of_turn, "
              "spec: {add_types: [creature], add_subtypes: [construct], set_pt: [5, 5]}}\n")
    assert b.permanent("staff").is_creature
    r = resolve(b, ["cast Copy Artifact"], free=True, choose=["copy:alice:copy-artifact=staff (Chimeric Staff)"], library=board.pool)
    copy = r.board.permanent("copy-artifact")
    assert copy.types == {"artifact", "enchantment"} and copy.name == "Chimeric Staff"


def test_what_the_copied_text_does_as_it_enters_applies(board) -> None:
    """707.5: Clone copying Scarwood Treefolk enters tapped; copying Wall of Omens, its
    enters-the-battlefield trigger draws a card."""
    b = board("zones: {alice: {hand: [Clone], library: {count: 5, top: [Island]}}}\nbattlefield:\n"
              "  - {id: tree, card: Scarwood Treefolk, controller: bob}\n")
    r = resolve(b, ["cast Clone"], free=True, choose=["copy:alice:clone=tree (Scarwood Treefolk)"], library=board.pool)
    assert r.board.permanent("clone").tapped
    b = board("zones: {alice: {hand: [Clone], library: {count: 5, top: [Island]}}}\nbattlefield:\n"
              "  - {id: wall, card: Wall of Omens, controller: alice}\n")
    r = resolve(b, ["cast Clone"], free=True, choose=["copy:alice:clone=wall (Wall of Omens)"], library=board.pool)
    assert [c.name for c in r.board.zones["alice"].hand] == ["Island"]


def test_a_copy_of_a_permanent_with_a_choice_made_as_it_entered_is_undecided(board) -> None:
    """707.6: the copy makes the "as it enters" choice anew (Adaptive Automaton's creature type):
    not modelled, so undecided, never a guess."""
    b = board("zones: {alice: {hand: [Clone]}}\nbattlefield:\n"
              "  - {id: auto, card: Adaptive Automaton, controller: bob, chosen_type: elf}\n")
    r = resolve(b, ["cast Clone"], free=True, choose=["copy:alice:clone=auto (Adaptive Automaton)"], library=board.pool)
    assert r.resolved is None and r.reason.rule == "707.2"


def test_a_copy_is_written_and_read_back(board, pool) -> None:
    """The board after: ``card: Glasspool Mimic`` with ``copy_of: Springmantle Cleric`` and the
    subtypes its exception added; read back, the same characteristics."""
    after = _mimic(board, "cleric (Springmantle Cleric)").board
    text = write_board(after, pool)
    assert "copy_of: Springmantle Cleric" in text
    again = read_board_text(text, "after.yaml", pool).permanent("glasspool-mimic")
    copy = after.permanent("glasspool-mimic")
    for field in ("name", "types", "subtypes", "colors", "mana_cost", "base_power", "base_toughness", "copy_of"):
        assert getattr(again, field) == getattr(copy, field), field
    assert again.card.name == "Glasspool Mimic" and again.unread == copy.unread


def test_copy_of_names_a_permanent_card(pool) -> None:
    with pytest.raises(BoardError, match=r"battlefield\[0\]\.copy_of"):
        read_board_text(HEAD + "battlefield:\n  - {id: m, card: Glasspool Mimic, copy_of: Shock, controller: alice}\n",
                        "b.yaml", pool)


def test_a_win_by_a_copy_entering(pool) -> None:
    """A whole turn: the opponent at 3, Siege Rhino of mine summoning sick; Clone copying it drains
    3 (707.5: the copy's enters-the-battlefield trigger) and wins; the line replays."""
    b = prepare(read_board_text(
        "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob, life: 3}]\n"
        "zones: {alice: {hand: [Clone]}}\nbattlefield:\n"
        + "".join(f"  - {{id: i{i}, card: Island, controller: alice}}\n" for i in range(4))
        + "  - {id: rhino, card: Siege Rhino, controller: alice, summoning_sick: true}\n"
        "turn: {number: 1, step: precombat_main}\n", "b.yaml", pool))
    answer = win_turn(b, pool, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert "copy" in " ".join(answer.line.numbered()).lower()
    leaves = [p for p in replay(b, answer.line) if p.leaf]
    assert leaves and all(p.board.player("bob").lost for p in leaves)


LAZAV = ("{X}: Lazav, the Multifarious becomes a copy of target creature card in your graveyard with mana value X, "
         "except its name is Lazav, the Multifarious, it's legendary in addition to its other types, and it has this "
         "ability.")


def test_lazavs_ability_is_read() -> None:
    """707.4, 707.9a-b: a graveyard target with mana value X, and the three exceptions."""
    from mtgsolver.read.grammar.activated import read as read_activated
    [entry] = read_activated(LAZAV, "Lazav, the Multifarious")
    effect = entry["activated"]["effects"][0]["become_copy"]
    assert effect == {"of": {"target": 0}, "what": "source", "keeps_name": True, "adds_supertypes": ["legendary"],
                      "keeps_ability": True}
    assert entry["activated"]["targets"][0]["zone"] == "graveyard"


def _lazav(board, x: int, target: str):
    b = board("zones: {alice: {graveyard: [Truefire Captain, Skirk Prospector, Hungering Hydra]}}\nbattlefield:\n"
              "  - {id: lazav, card: \"Lazav, the Multifarious\", controller: alice, counters: {+1/+1: 1}, damage: 1}\n"
              + "".join(f"  - {{id: m{i}, card: Mountain, controller: alice}}\n" for i in range(4)))
    return resolve(b, [f"activate lazav>{target}"], x=[x], library=board.pool)


def test_lazav_becomes_a_copy_of_a_graveyard_card(board) -> None:
    """707.4: Lazav becomes Truefire Captain (a 4/3 with its damage trigger), named Lazav,
    legendary, with its own ability still (707.9a); its counter and damage stay (707.4: its status
    and other effects are not changed); no enters event (Lazav's surveil doesn't trigger)."""
    r = _lazav(board, 4, "alice.graveyard[0]")
    assert r.board is not None
    lazav = r.board.permanent("lazav")
    assert (lazav.name, lazav.power, lazav.toughness, lazav.damage) == ("Lazav, the Multifarious", 5, 4, 1)
    assert lazav.supertypes == {"legendary"} and lazav.subtypes == {"human", "knight"} and lazav.copy_of == "Truefire Captain"
    assert [a.text for a in lazav.activated_abilities] == [LAZAV] and lazav.has_keyword("mentor")
    assert len(lazav.triggered_abilities) == 1 and "dealt damage" in lazav.triggered_abilities[0].text
    assert not any(s.rule == "701.25a" for s in r.steps)  # no surveil: it didn't enter


def test_lazav_copies_only_a_card_with_mana_value_x(board) -> None:
    """The target's mana value is X (107.3a): Skirk Prospector (1) for X = 1, not Truefire Captain."""
    r = _lazav(board, 1, "alice.graveyard[1]")
    assert r.board.permanent("lazav").copy_of == "Skirk Prospector"
    assert r.board.permanent("lazav").mana_abilities
    r = _lazav(board, 1, "alice.graveyard[0]")
    assert r.resolved is False


def test_lazav_as_a_copy_is_written_and_read_back(board) -> None:
    """``copy_of: Truefire Captain`` with ``name:`` (707.9b) and its own ability as ``text:``
    besides the copied card's (707.9a); read back, the same permanent."""
    after = _lazav(board, 4, "alice.graveyard[0]").board
    again = read_board_text(write_board(after, board.pool), "after.yaml", board.pool).permanent("lazav")
    lazav = after.permanent("lazav")
    for field in ("name", "types", "supertypes", "subtypes", "base_power", "base_toughness", "copy_of", "keywords"):
        assert getattr(again, field) == getattr(lazav, field), field
    assert [a.text for a in again.abilities] == [a.text for a in lazav.abilities]
    assert [a.effects for a in again.triggered_abilities] == [a.effects for a in lazav.triggered_abilities]


def test_a_copy_of_an_uncopied_clone_is_undecided(board) -> None:
    """707.9e: Glasspool Mimic copying a Clone that copied nothing has Clone's replacement effect to
    apply in turn: not modelled, so undecided rather than a 0/0 Clone dying."""
    b = board("zones: {alice: {hand: [Glasspool Mimic]}}\nbattlefield:\n"
              "  - {id: clone, card: Clone, controller: alice, counters: {+1/+1: 1}}\n"
              "  - {id: bears, card: Runeclaw Bear, controller: alice}\n")
    r = resolve(b, ["cast Glasspool Mimic"], free=True, choose=["copy:alice:glasspool-mimic=clone (Clone)"],
                library=board.pool)
    assert r.resolved is None and r.reason.rule == "707.9e"


SPRINGMANTLE = "Springmantle Cleric enters the battlefield with a +1/+1 counter on it for each color of mana spent to cast it."


def test_counters_for_the_colors_spent_are_read() -> None:
    from mtgsolver.read.oracle import parse_oracle_text
    assert parse_oracle_text(SPRINGMANTLE, "Springmantle Cleric") == (["counters_per_color_spent"], [])


def _cleric_board(board):
    return board("zones: {alice: {hand: [Glasspool Mimic, Springmantle Cleric]}}\nbattlefield:\n"
                 "  - {id: cleric, card: Springmantle Cleric, controller: alice, counters: {+1/+1: 2}}\n")


def test_a_copy_of_springmantle_cleric_counts_the_colors_spent_on_it(board) -> None:
    """614.1c, 707.5: Glasspool Mimic paid with {U}{G}{B} enters as Springmantle Cleric with three
    +1/+1 counters; Springmantle Cleric itself paid with {G}{G}{C}{C}{G} with one (colorless is no
    color, 105.1); cast without paying, with none (601.2h: no mana spent)."""
    r = resolve(_cleric_board(board), ["cast Glasspool Mimic", "cast Springmantle Cleric"], free=True,
                choose=["copy:alice:glasspool-mimic=cleric (Springmantle Cleric)"], spent=["UGB", "GGCCG"],
                library=board.pool)
    assert dict(r.board.permanent("glasspool-mimic").counters) == {"+1/+1": 3}
    assert dict(r.board.permanent("springmantle-cleric").counters) == {"+1/+1": 1}
    r = resolve(_cleric_board(board), ["cast Springmantle Cleric"], free=True, library=board.pool)
    assert dict(r.board.permanent("springmantle-cleric").counters) == {}


def test_colors_spent_not_known_are_undecided(board) -> None:
    """Paid by the payment solver, which mana paid is not known: undecided, not a guess."""
    b = board("zones: {alice: {hand: [Springmantle Cleric]}}\nbattlefield:\n"
              + "".join(f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(5)))
    r = resolve(b, ["cast Springmantle Cleric"], library=board.pool)
    assert r.resolved is None and r.reason.rule == "601.2h"


def test_the_searchs_payments_know_the_mana_they_spend(board) -> None:
    """601.2h: each payment the whole-turn search enumerates names the mana types it spends."""
    from mtgsolver.model.mana import ManaCost
    from mtgsolver.rules.game import Game
    from mtgsolver.solver.resolve import LibraryReader
    from mtgsolver.solver.turn_moves import payments
    from tests.support import FirstChoice

    b = board("battlefield:\n" + "".join(f"  - {{id: {c.lower()}, card: {c}, controller: alice}}\n"
                                         for c in ("Forest", "Island", "Swamp", "Plains")))
    found = payments(Game(b, LibraryReader(board.pool), FirstChoice()), "alice", ManaCost.parse("{2}{G}"), None, None)
    assert {p.spent for p in found.payments} == {("B", "G", "U"), ("B", "G", "W"), ("G", "U", "W")}


def test_an_additional_cost_to_cast_of_a_creature_that_dies_bears_on_no_resolution(board) -> None:
    """Goremand's "As an additional cost to cast this spell, sacrifice a creature." works only as
    its card is cast (601.2f): it dying in a resolution leaves the answer decided."""
    b = board("zones: {alice: {hand: [Hero's Downfall]}}\nbattlefield:\n"
              "  - {id: goremand, card: Goremand, controller: bob}\n")
    r = resolve(b, ["cast Hero's Downfall>goremand"], free=True, library=board.pool)
    assert r.resolved is True and not r.board.has_permanent("goremand")
