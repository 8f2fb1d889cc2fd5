"""Declare attackers: the examples of 508.1 and 701.15, the seed ruling on "attacks this turn
if able", the Propaganda and Goblin Diplomats rulings, four-player goad and restrictions."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mtgsolver.load import load_board, parse_board_text
from mtgsolver.model import Board, BoardError
from mtgsolver.model.board import Attack, CombatDeclaration
from mtgsolver.solver.attacks import check_attacks, suggest_attacks

PLAYERS2 = [{"name": "alice"}, {"name": "bob"}]
PLAYERS4 = [{"name": n, "life": 40} for n in ("alice", "bob", "carol", "dan")]
#: four Plains for alice: the mana abilities that pay costs to attack (508.1i)
LANDS = [{"id": f"plains{i}", "card": "Plains", "controller": "alice"} for i in range(4)]


def make(battlefield: list, effects: list | None = None, players: list | None = None) -> Board:
    data = {"version": 1, "active_player": "alice", "players": players or PLAYERS2,
            "battlefield": battlefield, "effects": effects or []}
    return parse_board_text(yaml.safe_dump(data), "test.yaml")


def declare(board: Board, attacks: dict[str, str], paid: tuple[str, ...] = ()) -> Board:
    return board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attacks.items()),
                                                  None, frozenset(paid)))


def check(board: Board, attacks: dict[str, str], paid: tuple[str, ...] = ()):
    return check_attacks(declare(board, attacks, paid))


def rules(result) -> list[tuple[str, str | None]]:
    return [(v.rule, v.creature) for v in result.violations]


def creature(cid: str, **extra) -> dict:
    return {"id": cid, "name": cid.title(), "controller": "alice", "types": ["creature"],
            "power": extra.pop("power", 2), "toughness": 2, **extra}


# --------------------------------------------------------------------------- 508.1c example
def test_508_1c_example_two_cant_attack_alone_may_attack_together(examples: Path) -> None:
    board = load_board(examples / "attacks-cant-attack-alone.yaml")
    result = check_attacks(board)
    assert result.legal and result.maximum == 0 and not result.violations
    alone = check(board, {"flunkies1": "bob"})
    assert alone.legal is False and rules(alone) == [("508.1c", "flunkies1")]
    assert "can't attack alone" in alone.violations[0].message
    assert check(board, {}).legal is True


# --------------------------------------------------------------------------- 508.1d example
def test_508_1d_example_only_the_forced_creature_attacks(examples: Path) -> None:
    board = load_board(examples / "attacks-max-one-attacker.yaml")
    both = check_attacks(board)
    assert both.legal is False and rules(both) == [("508.1c", None)]
    assert both.witness == (("jugg", "bob"),)
    assert check(board, {"jugg": "bob"}).legal is True
    bears = check(board, {"bears": "bob"})
    assert bears.legal is False and rules(bears) == [("508.1d", "jugg")]
    assert "Juggernaut (jugg) attacks each combat if able" in bears.violations[0].message
    neither = check(board, {})
    assert neither.legal is False and (neither.obeyed, neither.maximum) == (0, 1)
    for objective in ("fewest-attackers", "most-attackers", "most-power"):
        assert suggest_attacks(board, objective).witness == (("jugg", "bob"),)


# --------------------------------------------------------------------------- seed ruling
def test_seed_ruling_controller_chooses_whom_it_attacks(examples: Path) -> None:
    board = load_board(examples / "attacks-seed-ruling.yaml")
    assert check_attacks(board).legal is True
    for target in ("carol", "nissa"):
        assert check(board, {"bears": target, "hasty": "carol"}).legal is True
    # attacking bob needs Propaganda's cost, which is allowed only when paid
    assert check(board, {"bears": "bob", "hasty": "carol"}, paid=("bears",)).legal is True
    unpaid = check(board, {"bears": "bob", "hasty": "carol"})
    assert unpaid.legal is False and rules(unpaid) == [("508.1h", "bears")]


def test_seed_ruling_tapped_prevented_or_summoning_sick_creatures_do_not_attack(examples: Path) -> None:
    board = load_board(examples / "attacks-seed-ruling.yaml")
    result = check_attacks(board)
    assert result.maximum == 2  # bears and the hasty goblin; the other three can't
    for cid, rule in (("tapped", "508.1a"), ("pacified", "508.1c"), ("fresh", "302.6")):
        bad = check(board, {"bears": "carol", "hasty": "carol", cid: "carol"})
        assert bad.legal is False and rules(bad) == [(rule, cid)]
    no_goblin = check(board, {"bears": "carol"})
    assert no_goblin.legal is False and rules(no_goblin) == [("508.1d", "hasty")]


def test_seed_ruling_no_attack_when_a_cost_would_be_needed() -> None:
    board = make([creature("bears"), {"id": "prop", "card": "Propaganda", "controller": "bob"}, *LANDS],
                 [{"kind": "attacks_this_turn", "creature": "bears"}])
    stay = check(board, {})
    assert stay.legal is True and stay.maximum == 0
    assert suggest_attacks(board, "most-attackers").witness == ()
    # naming bears in paid_costs while it stays home pays nothing, and no player is required
    # to pay a cost to attack (508.1d), so staying home is still legal
    paid = check(board, {}, paid=("bears",))
    assert paid.legal is True and paid.maximum == 0 and paid.witness == ()
    # suggest reads paid_costs as the costs the player is willing to pay
    willing = declare(board, {}, paid=("bears",))
    assert suggest_attacks(willing).witness == (("bears", "bob"),)
    assert check(board, {"bears": "bob"}, paid=("bears",)).costs == {"alice": "{2}"}


# --------------------------------------------------------------------------- Propaganda rulings
def test_propaganda_cost_is_per_creature_and_totalled_at_declaration() -> None:
    board = make([creature("a"), creature("b"), {"id": "prop", "card": "Propaganda", "controller": "bob"}, *LANDS])
    result = check(board, {"a": "bob", "b": "bob"}, paid=("a", "b"))
    assert result.legal is True and result.costs == {"alice": "{4}"}
    assert any("Propaganda" in note and "508.1h" in note for note in result.notes)


def test_propaganda_costs_are_cumulative() -> None:
    board = make([creature("a"),
                  {"id": "prop1", "card": "Propaganda", "controller": "bob"},
                  {"id": "prop2", "card": "Propaganda", "controller": "bob"},
                  {"id": "prison", "card": "Ghostly Prison", "controller": "bob"}])
    assert check(board, {"a": "bob"}, paid=("a",)).costs == {"alice": "{6}"}


def test_propaganda_does_not_tax_attacks_on_planeswalkers(examples: Path) -> None:
    board = load_board(examples / "attacks-propaganda.yaml")
    result = check_attacks(board)
    assert result.legal is False and rules(result) == [("508.1d", "jugg")]
    assert dict(result.witness) == {"bears": "bob", "jugg": "chandra"}
    fine = check(board, {"bears": "bob", "jugg": "chandra"}, paid=("bears",))
    assert fine.legal is True and fine.costs == {"alice": "{2}"}


def test_propaganda_applies_only_to_its_controller() -> None:
    board = make([creature("a"), {"id": "prop", "card": "Propaganda", "controller": "bob"}],
                 [{"kind": "attacks_this_turn", "creature": "a"}], players=PLAYERS4)
    # XMage 9600/7608: a forced attacker that can attack someone without a tax must do so
    result = check(board, {})
    assert result.legal is False and result.maximum == 1 and result.witness[0][1] in ("carol", "dan")
    assert check(board, {"a": "carol"}).costs == {"alice": "{0}"}


# --------------------------------------------------------------------------- Goblin Diplomats
def test_goblin_diplomats_each_creature_attacks_if_able() -> None:
    board = make([creature("a"), creature("b", tapped=True), creature("c"),
                  {"id": "prop", "card": "Propaganda", "controller": "carol"},
                  {"id": "dipl", "card": "Goblin Diplomats", "controller": "bob"}, *LANDS],
                 [{"kind": "all_attack_this_turn", "controller": "alice", "source": "Goblin Diplomats"}],
                 players=PLAYERS4[:3])
    result = check(board, {"a": "bob"})
    assert result.legal is False and rules(result) == [("508.1d", "c")]
    assert check(board, {"a": "bob", "c": "bob"}).legal is True  # controller chooses whom
    assert check(board, {"a": "carol", "c": "bob"}, paid=("a",)).legal is True
    assert check_attacks(declare(board, {"a": "bob", "c": "bob"})).maximum == 2  # tapped b is exempt


# --------------------------------------------------------------------------- goad, four players
def _goaded(goaders: list[str], extra: list | None = None, **creature_extra) -> Board:
    return make([creature("ogre", **creature_extra), *(extra or [])],
                [{"kind": "goaded", "creature": "ogre", "by": by} for by in goaders], players=PLAYERS4)


def test_goaded_by_one_player_attacks_another_player() -> None:
    board = _goaded(["bob"])
    assert check(board, {"ogre": "carol"}).legal is True
    assert check(board, {"ogre": "dan"}).legal is True
    at_goader = check(board, {"ogre": "bob"})
    assert at_goader.legal is False and rules(at_goader) == [("701.15b", "ogre")]
    assert "other than bob" in at_goader.violations[0].message
    home = check(board, {})
    assert home.legal is False and (home.obeyed, home.maximum) == (0, 2)


def test_goaded_creature_attacking_a_planeswalker_obeys_only_one_requirement() -> None:
    board = _goaded(["bob"], [{"id": "walker", "name": "Walker", "controller": "carol",
                               "types": ["planeswalker"], "loyalty": 3}])
    result = check(board, {"ogre": "walker"})
    assert result.legal is False and (result.obeyed, result.maximum) == (1, 2)


def test_goaded_by_two_players_attacks_the_third() -> None:
    board = _goaded(["bob", "carol"])
    assert check(board, {"ogre": "dan"}).legal is True
    assert check(board, {"ogre": "dan"}).maximum == 4
    for goader in ("bob", "carol"):
        result = check(board, {"ogre": goader})
        assert result.legal is False and (result.obeyed, result.maximum) == (3, 4)
    # if dan can't be attacked, either goader will do (3 of 3 possible requirements)
    walled = _goaded(["bob", "carol"], abilities=[{"cant_attack": "dan"}])
    assert check(walled, {"ogre": "bob"}).legal is True and check(walled, {"ogre": "carol"}).legal is True
    assert check(walled, {}).legal is False


def test_the_same_player_goading_again_adds_nothing() -> None:
    once, twice = _goaded(["bob"]), _goaded(["bob", "bob"])
    assert check(once, {"ogre": "carol"}).maximum == check(twice, {"ogre": "carol"}).maximum == 2
    assert check(twice, {"ogre": "bob"}).legal is False


def test_goaded_attacks_the_goader_when_every_other_player_is_protected() -> None:
    board = _goaded(["bob"], [{"id": "prop", "card": "Propaganda", "controller": "carol"}, *LANDS],
                    abilities=[{"cant_attack": "dan"}])
    result = check(board, {"ogre": "bob"})
    assert result.legal is True and (result.obeyed, result.maximum) == (1, 1)
    home = check(board, {})
    assert home.legal is False and home.witness == (("ogre", "bob"),)
    # attacking bob pays nothing, and no player is required to pay to attack carol (508.1d),
    # even though that would obey one more requirement
    assert check(board, {"ogre": "bob"}, paid=("ogre",)).legal is True
    paid = check(board, {"ogre": "carol"}, paid=("ogre",))
    assert paid.legal is True and (paid.obeyed, paid.maximum) == (2, 2)


def test_four_player_example(examples: Path) -> None:
    board = load_board(examples / "attacks-goad-4p.yaml")
    result = check_attacks(board)
    assert result.legal is False and rules(result) == [("701.15b", "ogre")]
    assert (result.obeyed, result.maximum) == (6, 7)
    assert result.witness == (("knight", "dan"), ("ogre", "dan"), ("troll", "bob"))


# --------------------------------------------------------------------------- attacks each combat + alone
def test_attacks_each_combat_and_cant_attack_alone(examples: Path) -> None:
    board = load_board(examples / "attacks-juggernaut-alone.yaml")
    result = check_attacks(board)
    assert result.legal is False and rules(result) == [("508.1d", "brute")]
    assert dict(result.witness) == {"brute": "bob", "bears": "bob"}
    assert check(board, {"brute": "bob", "bears": "bob"}).legal is True
    alone = check(board, {"brute": "bob"})
    assert alone.legal is False and rules(alone) == [("508.1c", "brute")]
    solo = make([creature("brute", abilities=["attacks_each_combat", "cant_attack_alone"])])
    assert check(solo, {}).legal is True and check(solo, {}).maximum == 0


# --------------------------------------------------------------------------- restrictions
def test_restrictions_each_cite_their_rule() -> None:
    board = make([creature("sick", summoning_sick=True), creature("hasty", summoning_sick=True, keywords=["haste"]),
                  creature("wall", keywords=["defender"]), creature("tapped", tapped=True),
                  {"id": "foe", "card": "Grizzly Bears", "controller": "bob"}])
    assert check(board, {"hasty": "bob"}).legal is True
    for cid, rule in (("sick", "302.6"), ("wall", "702.3b"), ("tapped", "508.1a"), ("foe", "508.1a")):
        assert rules(check(board, {cid: "bob"})) == [(rule, cid)]
    assert rules(check(board, {"hasty": "alice"})) == [("506.2", "hasty")]


def test_sea_serpent_and_cant_attack_player_in_multiplayer() -> None:
    """Sea Serpent attacks only a player who controls an Island (508.1c); its controller keeps
    one too, or its "When you control no Islands, sacrifice ~" would trigger first (603.8)."""
    board = make([{"id": "serpent", "card": "Sea Serpent", "controller": "alice"},
                  {"id": "island", "card": "Island", "controller": "carol"},
                  {"id": "own_island", "card": "Island", "controller": "alice"},
                  creature("shy", abilities=[{"cant_attack": "bob"}, {"cant_attack": "planeswalkers"}]),
                  {"id": "walker", "name": "Walker", "controller": "dan", "types": ["planeswalker"], "loyalty": 3}],
                 players=PLAYERS4)
    assert check(board, {"serpent": "carol"}).legal is True
    bad = check(board, {"serpent": "bob"})
    assert rules(bad) == [("508.1c", "serpent")] and "controls a island" in bad.violations[0].message
    assert rules(check(board, {"shy": "bob"})) == [("508.1c", "shy")]
    assert rules(check(board, {"shy": "walker"})) == [("508.1c", "shy")]
    assert check(board, {"shy": "dan"}).legal is True


def test_battles_and_their_protectors() -> None:
    board = make([creature("a"),
                  {"id": "mine", "name": "Own Siege", "controller": "alice", "types": ["battle"],
                   "subtypes": ["siege"], "defense": 5, "protector": "bob"},
                  {"id": "theirs", "name": "Their Siege", "controller": "bob", "types": ["battle"],
                   "subtypes": ["siege"], "defense": 5, "protector": "alice"}],
                 [{"kind": "attacks_this_turn", "creature": "a"}])
    assert check(board, {"a": "mine"}).legal is True  # 310.8b: a Siege can be attacked by its controller
    assert rules(check(board, {"a": "theirs"})) == [("310.8b", "a")]


def test_must_attack_a_planeswalker() -> None:
    board = make([creature("a"), {"id": "walker", "name": "Walker", "controller": "bob",
                                  "types": ["planeswalker"], "loyalty": 3}],
                 [{"kind": "must_attack", "creature": "a", "target": "walker"}])
    assert check(board, {"a": "walker"}).legal is True
    result = check(board, {"a": "bob"})
    assert result.legal is False and rules(result) == [("508.1d", "a")] and result.witness == (("a", "walker"),)


def test_bad_cant_attack_value_is_an_input_error() -> None:
    with pytest.raises(BoardError, match=r"battlefield\[0\]\.abilities\[0\]: cant_attack: 'nobody' is not a player"):
        make([creature("a", abilities=[{"cant_attack": "nobody"}])])


# --------------------------------------------------------------------------- suggest, determinism
def test_suggest_objectives() -> None:
    board = make([creature("small", power=1), creature("big", power=5), creature("mid", power=3),
                  {"id": "prop", "card": "Propaganda", "controller": "bob"}],
                 [{"kind": "attacks_this_turn", "creature": "small"}], players=PLAYERS4[:3])
    assert suggest_attacks(board).witness == (("small", "carol"),)
    most = suggest_attacks(board, "most-attackers")
    assert len(most.witness) == 3 and all(t == "carol" for _, t in most.witness)
    assert most.costs == {"alice": "{0}"}  # ties go to the cheapest declaration
    assert suggest_attacks(board, "most-power").objective == "most-power"
    with pytest.raises(ValueError):
        suggest_attacks(board, "most-damage")


def test_answers_are_deterministic(examples: Path) -> None:
    board = load_board(examples / "attacks-goad-4p.yaml")
    first = [check_attacks(board).to_dict(), suggest_attacks(board, "most-power").to_dict()]
    for _ in range(3):
        again = [check_attacks(load_board(examples / "attacks-goad-4p.yaml")).to_dict(),
                 suggest_attacks(board, "most-power").to_dict()]
        assert again == first


def test_undecided_when_the_time_limit_stops_the_solver(examples: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ortools.sat.python import cp_model

    from mtgsolver.encodings import attacks as encoding
    from mtgsolver.encodings.cpsat import Solve

    monkeypatch.setattr(encoding, "solve", lambda model, limit: Solve(cp_model.UNKNOWN, cp_model.CpSolver(), None, None))
    board = load_board(examples / "attacks-seed-ruling.yaml")
    result = check_attacks(board)  # restriction-obeying, but the maximum is not known
    assert result.legal is None and result.optimal is False and result.maximum == 0
    assert any("Undecided" in note for note in result.notes)
    assert check(board, {"fresh": "carol"}).legal is False  # a broken restriction needs no solver
    suggestion = suggest_attacks(board)
    assert suggestion.legal is None and suggestion.optimal is False
