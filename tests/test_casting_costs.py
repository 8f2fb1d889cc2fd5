"""The total cost of a spell (601.2f) in the whole-turn search and in ``resolve``: kicker paid or
not (702.33a, a choice of 601.2b), "This spell costs {N} less to cast" (118.7c: generic mana
only) and affinity for artifacts (702.41a), with real cards of the 2022 pool."""
from __future__ import annotations

import pytest

from mtgsolver.model.effects import SpellAbility
from mtgsolver.rules.casting import total_cost
from mtgsolver.rules.game import Game
from mtgsolver.solver.resolve import LibraryReader, resolve
from mtgsolver.solver.win import check_line, win_turn

from .support import FirstChoice


@pytest.fixture
def board(real_board):
    return real_board

def board_text(hand: str, battlefield: str, life: int) -> str:
    return ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob, life: %d}]\n"
            "turn: {step: precombat_main}\nzones: {alice: {hand: [%s]}}\nbattlefield:\n%s" % (life, hand, battlefield))


def mountains(n: int) -> str:
    return "".join(f"  - {{id: m{i}, card: Mountain, controller: alice}}\n" for i in range(n))




def _cost(b, real_cards, name: str, kicked: bool = False) -> str:
    game = Game(b, LibraryReader(real_cards), FirstChoice())
    zc = next(zc for zc in b.zones["alice"].hand if zc.name == name)
    return str(total_cost(game, "alice", zc, zc.spell or SpellAbility(()), (), kicked))


def test_702_41a_affinity_for_artifacts_lowers_generic_mana_only(board, real_cards) -> None:
    """Thoughtcast {4}{U}: {1} less for each artifact you control; never its {U} (118.7c)."""
    def ornithopters(n: int) -> str:
        return "".join(f"  - {{id: o{i}, card: Ornithopter, controller: alice}}\n" for i in range(n))
    assert _cost(board(board_text("Thoughtcast", ornithopters(3), 20)), real_cards, "Thoughtcast") == "{1}{U}"
    assert _cost(board(board_text("Thoughtcast", ornithopters(5), 20)), real_cards, "Thoughtcast") == "{U}"
    assert _cost(board(board_text("Thoughtcast", "  - {id: bob_o, card: Ornithopter, controller: bob}\n", 20)),
                 real_cards, "Thoughtcast") == "{4}{U}"


def test_702_33a_kicker_adds_to_the_total_cost(board, real_cards) -> None:
    b = board(board_text("Burst Lightning", mountains(1), 20))
    assert _cost(b, real_cards, "Burst Lightning") == "{R}"
    assert _cost(b, real_cards, "Burst Lightning", kicked=True) == "{R}{4}"


def test_the_search_kicks_burst_lightning_to_win(board, real_cards) -> None:
    """Burst Lightning kicked deals 4 (702.33d): with five Mountains it wins against 4 life, and the
    line replays through ``pay`` and ``resolve`` with the kicker paid; with four it can't."""
    b = board(board_text("Burst Lightning", mountains(5), 4))
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is True, answer.reasons
    assert [s.op[1].kicked for s in answer.line.steps if s.kind == "move"] == [True]
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
    assert win_turn(board(board_text("Burst Lightning", mountains(4), 4)), real_cards, time_limit=30).solved is False


def test_a_cost_reduction_with_a_condition_in_the_search_and_in_resolve(board, real_cards) -> None:
    """Wizard's Lightning costs {2} less if you control a Wizard: with Prodigal Sorcerer (a Wizard)
    one Mountain casts it and wins against 3 life; with Grizzly Bears it can't."""
    b = board(board_text("Wizard's Lightning", mountains(1) + "  - {id: w, card: Prodigal Sorcerer, controller: alice}\n", 3))
    assert _cost(b, real_cards, "Wizard's Lightning") == "{R}"
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is True and all(c.ok for c in check_line(b, answer.line, real_cards))
    assert resolve(b, ["cast Wizard's Lightning>bob"]).board.player("bob").life == 0
    bears = board(board_text("Wizard's Lightning", mountains(1) + "  - {id: g, card: Grizzly Bears, controller: alice}\n", 3))
    assert win_turn(bears, real_cards, time_limit=30).solved is False


def test_a_permanent_spell_kicked_in_the_search(board, real_cards) -> None:
    """Goblin Bushwhacker's "Kicker {R}" is read as its spell's (702.33a), its enters trigger "if it
    was kicked" (702.33d) gives haste and +1/+0: with two Mountains it and Grizzly Bears attack for
    5; with one it can't be kicked and the Bears' 2 don't win (no line left unsearched)."""
    bears = "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
    b = board(board_text("Goblin Bushwhacker", mountains(2) + bears, 5))
    assert b.zones["alice"].hand[0].spell.kicker is not None
    answer = win_turn(b, real_cards, time_limit=60)
    assert answer.solved is True and answer.unread == (), answer.reasons
    assert [s.op[1].kicked for s in answer.line.steps if s.kind == "move"] == [True]
    assert all(c.ok for c in check_line(b, answer.line, real_cards))
    assert win_turn(board(board_text("Goblin Bushwhacker", mountains(1) + bears, 5)), real_cards,
                    time_limit=60).solved is False


def test_702_41a_affinity_of_a_permanent_spell(board, real_cards) -> None:
    """Myr Enforcer {7}, affinity for artifacts: {3} with four Ornithoppers; "Affinity for artifacts"
    is its spell's, read (601.2f)."""
    birds = "".join(f"  - {{id: o{i}, card: Ornithopter, controller: alice}}\n" for i in range(4))
    assert _cost(board(board_text("Myr Enforcer", birds, 20)), real_cards, "Myr Enforcer") == "{3}"


def _harvest_board(board, swamps: int, fodder: bool):
    lands = "".join(f"  - {{id: s{i}, card: Swamp, controller: alice}}\n" for i in range(swamps))
    creatures = "  - {id: ogre, card: Gray Ogre, controller: alice}\n  - {id: wall, card: Wall of Stone, controller: bob}\n"
    return board(board_text("Spark Harvest", lands + creatures
                            + ("  - {id: thopter, card: Ornithopter, controller: alice}\n" if fodder else ""), 2))


@pytest.mark.parametrize("swamps, fodder, won", [(1, True, True), (1, False, False), (5, False, True)])
def test_601_2f_the_search_chooses_an_additional_cost_of_spark_harvest(board, real_cards, swamps: int, fodder: bool,
                                                                       won: bool) -> None:
    """Spark Harvest: "sacrifice a creature or pay {3}{B}" (601.2b: the choice is announced, 601.2f:
    {3}{B} joins the total cost). Destroying Wall of Stone lets Gray Ogre win against 2 life: with
    Ornithopter to sacrifice one Swamp casts it; with only the Ogre to sacrifice it needs five Swamps
    to pay instead. The line replays through ``pay`` and ``resolve`` with the choice named."""
    b = _harvest_board(board, swamps, fodder)
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is won, answer.reasons
    if won:
        casts = [s.op[1] for s in answer.line.steps if s.kind == "move" and s.op[1].kind == "cast"]
        assert [m.additional for m in casts] == [0 if fodder else 1]
        assert all(c.ok for c in check_line(b, answer.line, real_cards))


def test_601_2f_an_additional_cost_chosen_in_resolve(board, real_cards) -> None:
    """``resolve`` asks which additional cost is paid (601.2b): sacrificing Ornithopter, or paying
    {3}{B} on top of {B} (five Swamps tapped)."""
    b = _harvest_board(board, 5, True)
    game = Game(b, LibraryReader(real_cards), FirstChoice())
    zc = next(zc for zc in b.zones["alice"].hand if zc.name == "Spark Harvest")
    assert [str(total_cost(game, "alice", zc, zc.spell, (), False, None, n)) for n in (0, 1)] == ["{B}", "{B}{3}{B}"]
    paid = resolve(b, ["cast Spark Harvest>wall"], choose=["additional:alice.hand[0]=pay {3}{B}"]).board
    assert paid.has_permanent("thopter") and not paid.has_permanent("wall")
    assert sum(p.tapped for p in paid.permanents if p.id.startswith("s")) == 5
    sacrificed = resolve(b, ["cast Spark Harvest>wall"], choose=["additional:alice.hand[0]=sacrifice creature",
                                                                 "cost:spark-harvest:sacrifice=thopter"]).board
    assert not sacrificed.has_permanent("thopter") and sum(p.tapped for p in sacrificed.permanents) == 1


def test_601_2f_a_static_lowers_the_spells_its_controller_casts(board, real_cards) -> None:
    """Rhonas's Monument: "Green creature spells you cast cost {1} less to cast" takes {1} off
    Grizzly Bears, nothing off Llanowar Elves' {G} (118.7c) or red Hill Giant; Goblin Electromancer's
    "Instant and sorcery spells" takes {1} off Divination; bob's Monument lowers nothing of alice's."""
    field = ("  - {id: f, card: Forest, controller: alice}\n  - {id: m, card: Rhonas's Monument, controller: alice}\n"
             "  - {id: g, card: Goblin Electromancer, controller: alice}\n")
    b = board(board_text("Grizzly Bears, Llanowar Elves, Hill Giant, Divination", field, 20))
    assert [_cost(b, real_cards, n) for n in ("Grizzly Bears", "Llanowar Elves", "Hill Giant", "Divination")] == \
        ["{G}", "{G}", "{3}{R}", "{1}{U}"]
    theirs = board(board_text("Grizzly Bears", field.replace("controller: alice}\n  - {id: g", "controller: bob}\n"
                                                             "  - {id: g"), 20))
    assert _cost(theirs, real_cards, "Grizzly Bears") == "{1}{G}"


def test_601_2f_aura_and_equipment_spells_cost_less(board, real_cards) -> None:
    """Danitha Capashen, Paragon: "Aura and Equipment spells you cast cost {1} less to cast" takes
    {1} off Frenzied Rage and Bonesplitter, nothing off Consuming Fervor's {R} (118.7c) or Grizzly
    Bears (a creature spell of neither subtype)."""
    field = ("  - {id: p, card: Plains, controller: alice}\n"
             "  - {id: d, card: \"Danitha Capashen, Paragon\", controller: alice}\n")
    names = ("Frenzied Rage", "Bonesplitter", "Consuming Fervor", "Grizzly Bears")
    b = board(board_text(", ".join(names), field, 20))
    assert [_cost(b, real_cards, n) for n in names] == ["{R}", "", "{R}", "{1}{G}"]
    without = board(board_text(", ".join(names), field.split("  - {id: d")[0], 20))
    assert [_cost(without, real_cards, n) for n in names] == ["{1}{R}", "{1}", "{R}", "{1}{G}"]


@pytest.mark.parametrize("monument, won", [(True, True), (False, False)])
def test_the_search_casts_a_creature_for_less_to_win(board, real_cards, monument: bool, won: bool) -> None:
    """One Forest casts Grizzly Bears only with Rhonas's Monument's reduction (601.2f); the
    Monument's cast trigger gives Gray Ogre +2/+2 and it wins against 4 life. The plan, which pays
    printed costs, is undecided beside the Monument rather than "no"."""
    from mtgsolver.solver.plan import plan

    field = "  - {id: f, card: Forest, controller: alice}\n  - {id: ogre, card: Gray Ogre, controller: alice}\n"
    text = field + ("  - {id: m, card: Rhonas's Monument, controller: alice}\n" if monument else "")
    b = board(board_text("Grizzly Bears", text, 4))
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is won, answer.reasons
    if won:
        assert all(c.ok for c in check_line(b, answer.line, real_cards))
    assert plan(b, ["Grizzly Bears"]).castable is (None if monument else False)


@pytest.mark.parametrize("name, spells", [
    ("Rhonas's Monument", {"colors": ["green"], "types": ["creature"]}),
    ("Goblin Electromancer", {"any_of": [{"types": ["instant"]}, {"types": ["sorcery"]}]}),
    ("Etherium Sculptor", {"types": ["artifact"]}),
    ("Danitha Capashen, Paragon", {"any_of": [{"subtypes": ["aura"]}, {"subtypes": ["equipment"]}]}),
    ("The Immortal Sun", {}),      # "Spells you cast cost {1} less to cast.": every spell its controller casts
    ("Helm of Awakening", None),   # "Spells cost {1} less to cast.": every player's, not read
    ("Cloud Key", None),           # "of the chosen type": not read
])
def test_601_2f_statics_lowering_spell_costs_read_from_real_cards(real_cards, name: str, spells) -> None:
    from mtgsolver.read.oracle import parse_oracle_text

    read, _ = parse_oracle_text(real_cards.find(name).text, name)
    found = [e["spells_cost_less"] for e in read if isinstance(e, dict) and "spells_cost_less" in e]
    assert found == ([{"n": 1, "spells": spells}] if spells is not None else [])


def test_601_2f_the_immortal_sun_lowers_every_spell_its_controller_casts(board, real_cards) -> None:
    """601.2f, 118.7c: The Immortal Sun's "Spells you cast cost {1} less to cast." takes {1} off a
    Divination ({2}{U}) its controller casts, not off the colored mana of a Lightning Bolt."""
    sun = "  - {id: sun, card: The Immortal Sun, controller: alice}\n"
    assert _cost(board(board_text("Divination", sun, 20)), real_cards, "Divination") == "{1}{U}"
    assert _cost(board(board_text("Lightning Bolt", sun, 20)), real_cards, "Lightning Bolt") == "{R}"
