"""Mana that may be spent on activated abilities (106.6): an activated ability's cost is paid like
a spell's (602.2b), so "Spend this mana only to activate abilities" (Cryptic Trilobite) pays one,
"... or activate abilities of artifacts" (Power Depot, Soldevi Machinist) pays an artifact's and
no other's, and neither pays a spell the restriction doesn't name (601.2h). The reader keeps
both halves of the restriction, or leaves the line unread."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.mana_abilities import ANY_SOURCE, ManaAbilityError
from mtgsolver.read.board_writer import board_data
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.rules.game import Game, Undecided
from mtgsolver.rules.mana_sources import SpellInfo
from mtgsolver.solver.payment import pay
from mtgsolver.solver.plan import plan
from mtgsolver.solver.resolve import LibraryReader, resolve
from mtgsolver.solver.turn_moves import moves, payments
from references.reference_payment import best_payment, replay

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
TRILOBITE = "{id: t, card: Cryptic Trilobite, controller: a, counters: {+1/+1: 2}}"
ENGINE = "{id: engine, card: Dragon Engine, controller: a}"  # artifact creature, "{2}: +1/+0"
SCOUT = "{id: scout, card: Enslaved Scout, controller: a}"  # a creature, "{2}: gains mountainwalk"


ROCK_AND_GOLEM = HEAD + """battlefield:
  - {id: rock, name: Rock, types: [artifact], controller: a,
     text: "{T}: Add {C}{C}. Spend this mana only to activate abilities."}
  - {id: golem, name: Golem, types: [artifact, creature], subtypes: [golem], power: 1, toughness: 1, controller: a,
     text: "{2}: Golem deals 1 damage to target player."}
"""


def _board(real_board, *perms: str, hand: str = "", tail: str = ""):
    zones = f"zones: {{a: {{hand: [{hand}]}}}}\n" if hand else ""
    return real_board(HEAD + zones + "battlefield:\n" + "".join(f"  - {p}\n" for p in perms) + tail)


@pytest.mark.parametrize("card, line, spells, abilities", [
    ("Cryptic Trilobite", "Remove a +1/+1 counter from Cryptic Trilobite: Add {C}{C}. Spend this mana only to "
     "activate abilities.", set(), {ANY_SOURCE}),
    ("Soldevi Machinist", "{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts.",
     set(), {"artifact"}),
    ("Power Depot", "{T}: Add one mana of any color. Spend this mana only to cast artifact spells or activate "
     "abilities of artifacts.", {"artifact"}, {"artifact"}),
    ("Smokebraider", "{T}: Add two mana in any combination of colors. Spend this mana only to cast Elemental spells "
     "or activate abilities of Elementals.", {"elemental"}, {"elemental"}),
    ("Base Camp", "{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard "
     "spell or to activate an ability of a Cleric, Rogue, Warrior, or Wizard.",
     {"cleric", "rogue", "warrior", "wizard"}, {"cleric", "rogue", "warrior", "wizard"}),
    ("Eldrazi Temple", "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities "
     "of colorless Eldrazi.", {"colorless eldrazi"}, {"colorless eldrazi"}),
    ("Automated Artificer", "{T}: Add {C}. Spend this mana only to activate an ability or cast an artifact spell.",
     {"artifact"}, {ANY_SOURCE}),
])
def test_106_6_a_restriction_to_abilities_is_read_whole(card, line, spells, abilities):
    """Both halves of the restriction: the spells it names and the sources of the abilities (602.2b)."""
    a = parse_mana_ability(line, card)
    assert (a.spend_only, a.spend_abilities) == (frozenset(spells), frozenset(abilities))


def test_106_6_a_restriction_the_model_cant_hold_stays_unread():
    """Cultivator Drone's "or pay a cost that contains {C}", the abilities of a card alone (not of a
    permanent too) and sources named by other words than types and colors are not read rather than read
    as cast-only."""
    for line in ("{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an ability of a colorless "
                 "permanent, or pay a cost that contains {C}.",
                 "{T}: Add {C}. Spend this mana only to cast artifact spells or activate abilities of artifact cards.",
                 "{T}: Add {C}. Spend this mana only to cast artifact spells or activate abilities of your artifacts."):
        with pytest.raises(ManaAbilityError):
            parse_mana_ability(line, "Cultivator Drone")


def test_602_2b_plan_pays_an_ability_with_cryptic_trilobites_mana(real_board):
    """Cryptic Trilobite's {C}{C} pays Dragon Engine's {2}, and not Grizzly Bears' {1}{G} (106.6, 601.2h)."""
    b = _board(real_board, TRILOBITE, ENGINE, hand="Grizzly Bears")
    r = plan(b, ["engine"])
    assert r.castable is True and [a.source for a in r.steps[0].activations] == ["t"]
    r = plan(b, ["Grizzly Bears"])
    assert r.castable is False and r.reasons[0].rule == "601.2h"


def test_106_6_mana_for_the_abilities_of_artifacts_pays_no_other_ability(real_board):
    """Soldevi Machinist's mana pays Dragon Engine's ability (an artifact's) and not Enslaved Scout's."""
    b = _board(real_board, "{id: m, card: Soldevi Machinist, controller: a}", ENGINE, SCOUT)
    assert plan(b, ["engine"]).castable is True
    r = plan(b, ["scout"])
    assert r.castable is False and r.reasons[0].rule == "601.2h"


def test_106_6_pool_mana_for_abilities_pays_the_ability_it_names(real_board):
    """Mana in the pool restricted to the abilities of artifacts (``spend_abilities``) pays Dragon
    Engine's ability in a plan and in ``pay``, and not Enslaved Scout's."""
    tail = "mana_pool:\n  a: [{mana: \"{C}{C}\", spend_abilities: [artifact]}]\n"
    b = _board(real_board, ENGINE, SCOUT, tail=tail)
    assert plan(b, ["engine"]).castable is True and plan(b, ["scout"]).castable is False
    assert pay(b, "{2}", spell=SpellInfo.ability_of(b.permanent("engine"))).payable is True
    assert pay(b, "{2}", spell=SpellInfo.ability_of(b.permanent("scout"))).payable is False
    written = board_data(b)["mana_pool"]["a"]
    assert written == [{"mana": "{C}{C}", "spend_only": [], "spend_abilities": ["artifact"]}]


def test_602_2b_the_turn_search_activates_an_ability_with_mana_for_abilities(real_board):
    """The whole-turn search's payments: Trilobite's mana pays Dragon Engine's ability, and is no
    payment for a {2} spell."""
    b = _board(real_board, TRILOBITE, ENGINE)
    game = Game(b, LibraryReader(None), None)  # type: ignore[arg-type]
    found = moves(game, "a", instant_only=False)
    assert any(m.kind == "activate" and m.subject == "engine" for m in found.moves), found.notes
    assert payments(game, "a", ManaCost.parse("{2}"), None, None, source="engine").payments


def test_106_6_mana_for_abilities_that_could_pay_a_mana_abilitys_cost_is_undecided(real_board):
    """Cryptic Trilobite's mana may pay Prismite's "{2}: Add one mana of any color" (a mana ability is an
    activated ability, 602.2b, 605.1a), which then pays Llanowar Elves' {G}; payment does not model
    restricted mana paying a mana ability's cost, so the answer is undecided, never "no"."""
    b = _board(real_board, TRILOBITE, "{id: p, card: Prismite, controller: a}", hand="Llanowar Elves")
    r = plan(b, ["Llanowar Elves"])
    assert r.castable is None and "t (Remove a +1/+1 counter from Cryptic Trilobite" in r.reasons[0].message
    r = pay(b, "{G}")
    assert r.payable is None and "mana cost of p's mana ability (602.2b)" in r.reasons[0].message
    game = Game(b, LibraryReader(None), None)  # type: ignore[arg-type]
    with pytest.raises(Undecided, match="mana cost of p's mana ability"):  # the turn search: a note, no "no"
        payments(game, "a", ManaCost.parse("{G}"), None, b.zones["a"].hand[0].card)
    tail = "mana_pool:\n  a: [{mana: \"{C}{C}\", spend_abilities: [artifact]}]\n"
    r = pay(_board(real_board, "{id: p, card: Prismite, controller: a}", tail=tail), "{G}")
    assert r.payable is None and r.reasons[0].message.startswith("undecided: mana abilities the payment does not "
                                                                 "model could pay it: pool ({C} in the pool)")


def test_602_2b_plan_and_pay_command_pay_a_golems_ability_with_mana_for_abilities(board_file):
    """The hand-written artifact "Spend this mana only to activate abilities" pays the Golem's {2}:
    ``plan`` casts it, ``pay --ability golem`` pays it (exit 0); ``pay`` without saying what the mana
    is for leaves the restricted mana out (exit 1, 106.6); ``--ability`` with ``--spell`` is bad input."""
    path = str(board_file(ROCK_AND_GOLEM, "golem.yaml"))
    runner = CliRunner()
    r = runner.invoke(app, ["plan", path, "--cast", "golem"])
    assert r.exit_code == 0 and "rock: {T}: Add {C}{C}" in r.output, r.output
    assert runner.invoke(app, ["pay", path, "--cost", "{2}", "--ability", "golem"]).exit_code == 0
    assert runner.invoke(app, ["pay", path, "--cost", "{2}"]).exit_code == 1
    both = ["pay", path, "--cost", "{2}", "--ability", "golem", "--spell", "artifact"]
    assert runner.invoke(app, both).exit_code == 2


def test_602_2b_resolve_pays_an_activation_with_pool_mana_for_the_abilities_of_artifacts(real_board):
    """``resolve``: pool mana for the abilities of artifacts pays Dragon Engine's {2}, which then has
    +1/+0; Enslaved Scout's {2} can't be paid with it (106.6, 601.2h)."""
    tail = "mana_pool:\n  a: [{mana: \"{C}{C}\", spend_abilities: [artifact]}]\n"
    b = _board(real_board, ENGINE, SCOUT, tail=tail)
    r = resolve(b, ["activate engine"])
    assert r.resolved is True and r.board is not None and not r.board.pool("a")
    r = resolve(b, ["activate scout"])
    assert r.resolved is False and r.reason is not None and r.reason.rule == "601.2h"


def test_106_4_the_mana_left_after_an_activation_is_the_mana_it_could_not_use(real_board):
    """Pool mana for the abilities of artifacts and mana for creature spells: Dragon Engine's {2}
    takes the first, and the creature-spell mana is what stays in the pool (106.4, 106.6)."""
    tail = ("mana_pool:\n  a: [{mana: \"{C}{C}\", spend_abilities: [artifact]}, "
            "{mana: \"{C}\", spend_only: [creature]}]\n")
    r = resolve(_board(real_board, ENGINE, tail=tail), ["activate engine"])
    assert r.resolved is True and r.board is not None
    assert [(m.type, m.spend_only, m.spend_abilities) for m in r.board.pool("a")] == [("C", {"creature"}, None)]


#: Boards of mana restricted to abilities (and some that is not), each with the permanents whose
#: abilities are paid for: an artifact, a red Goblin, a colorless Eldrazi, a red Elemental.
OWNERS = ("{id: engine, card: Dragon Engine, controller: a}", "{id: scout, card: Enslaved Scout, controller: a}",
          "{id: reshaper, card: Matter Reshaper, controller: a}",
          "{id: harbinger, card: Flamekin Harbinger, controller: a}")


@pytest.mark.parametrize("sources, tail", [
    ((TRILOBITE, "{id: f, card: Forest, controller: a}"), ""),
    (("{id: m, card: Soldevi Machinist, controller: a}", "{id: f, card: Forest, controller: a}"), ""),
    (("{id: d, card: Power Depot, controller: a}", "{id: r, card: Mountain, controller: a}"), ""),
    (("{id: s, card: Smokebraider, controller: a}",), ""),
    (("{id: e, card: Eldrazi Temple, controller: a}", "{id: f, card: Forest, controller: a}"), ""),
    (("{id: f, card: Forest, controller: a}",),
     "mana_pool:\n  a: [{mana: \"{C}{C}\", spend_abilities: [elemental]}]\n"),
], ids=["trilobite", "machinist", "depot", "smokebraider", "temple", "pool"])
def test_602_2b_paying_an_ability_agrees_with_the_reference(real_board, sources, tail):
    """``pay`` for each owner's ability (602.2b) finds a payment exactly when the brute-force reference
    does (106.6), with the same objective, and the reference replays it."""
    b = _board(real_board, *sources, *OWNERS, tail=tail)
    for owner in ("engine", "scout", "reshaper", "harbinger"):
        perm = b.permanent(owner)
        for cost in ("{2}", "{1}{G}", "{C}{C}{C}"):
            r = pay(b, cost, spell=SpellInfo.ability_of(perm))
            want = best_payment(b, "a", ManaCost.parse(cost), ability_of=perm)
            assert r.payable is (want is not None), (owner, cost, r.reasons)
            if want is not None:
                assert replay(b, "a", ManaCost.parse(cost), r, ability_of=perm) == want, (owner, cost)


def test_118_3_a_counter_removed_for_one_abilitys_mana_is_gone_for_the_next(real_board):
    """Cryptic Trilobite with one +1/+1 counter makes {C}{C} once: it pays Dragon Engine's {2} or Clay
    Statue's {2}, not both (118.3: a counter removed is gone; 602.2b, 106.6)."""
    one = TRILOBITE.replace("{+1/+1: 2}", "{+1/+1: 1}")
    b = _board(real_board, one, ENGINE, "{id: statue, card: Clay Statue, controller: a}")
    assert plan(b, ["engine"]).castable is True and plan(b, ["statue"]).castable is True
    assert plan(b, ["engine", "statue"]).castable is False


def test_106_6_an_unread_restriction_on_a_possible_source_leaves_the_ability_undecided(real_board):
    """Cultivator Drone's line is not read: the plan can't say Dragon Engine's {2} is not payable, and names
    the line (never "no")."""
    r = plan(_board(real_board, "{id: d, card: Cultivator Drone, controller: a}", ENGINE), ["engine"])
    assert r.castable is None and r.as_read is False and [u.permanent for u in r.unread] == ["d"]
