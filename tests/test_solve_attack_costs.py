"""``solve`` pays costs to attack with real mana (CR 508.1d, 508.1f, 508.1h-j).

Lethal and best-attack propose only attacks whose total cost (508.1h) the attacking player can
pay with mana abilities once the attackers are tapped (508.1f, 508.1i), and say which sources
pay. Real cards: Ghostly Prison, Propaganda, Sphere of Safety, Llanowar Elves, Plains.
"""
from __future__ import annotations

from mtgsolver import load_board
from mtgsolver.solver.puzzle import solve_goal


def _board_dict(alice: list[dict], bob: list[dict], life: int) -> dict:
    perms = [dict(p, controller="alice") for p in alice] + [dict(p, controller="bob") for p in bob]
    return {"version": 1, "active_player": "alice",
            "players": [{"name": "alice", "life": 20}, {"name": "bob", "life": life}], "battlefield": perms}


def _board(alice: list[dict], bob: list[dict], life: int, **extra: object) -> object:
    return load_board({**_board_dict(alice, bob, life), **extra})


def _bears(n: int) -> list[dict]:
    return [{"id": f"bears{i}", "card": "Grizzly Bears"} for i in range(n)]


def _plains(n: int) -> list[dict]:
    return [{"id": f"plains{i}", "card": "Plains"} for i in range(n)]


def test_ghostly_prison_lethal_needs_the_whole_tax_paid() -> None:
    """508.1h: three Bears attacking cost {6}; six Plains pay it (508.1i) and 6 damage is lethal."""
    result = solve_goal(_board(_bears(3) + _plains(6), [{"id": "prison", "card": "Ghostly Prison"}], 6), "lethal")
    assert result.solved is True
    assert len(result.attack) == 3
    assert len(result.payments["alice"]) == 6 and all("plains" in line for line in result.payments["alice"])
    assert any(r.startswith("508.1h-i") for r in result.reasons)


def test_ghostly_prison_unpayable_attack_is_not_proposed() -> None:
    """508.1i-j: four Plains pay for two Bears only, so no attack is lethal at 6 life, and the
    best attack guarantees 4."""
    board = _board(_bears(3) + _plains(4), [{"id": "prison", "card": "Ghostly Prison"}], 6)
    assert solve_goal(board, "lethal").solved is False
    best = solve_goal(board, "best-attack")
    assert best.solved is True and len(best.attack) == 2 and best.value["life_lost"] == 4
    assert len(best.payments["alice"]) == 4


def test_propaganda_an_attacking_mana_creature_does_not_pay() -> None:
    """508.1f: attacking creatures are tapped before the cost is paid, so Llanowar Elves pays
    Propaganda's {2} only while it stays home: Bears attacks alone, paid by Forest and Elves."""
    board = _board([{"id": "elves", "card": "Llanowar Elves"}, {"id": "forest", "card": "Forest"}] + _bears(1),
                   [{"id": "prop", "card": "Propaganda"}], 2)
    result = solve_goal(board, "lethal")
    assert result.solved is True
    assert result.attack == (("bears0", "bob"),)
    sources = " ".join(result.payments["alice"])
    assert "elves" in sources and "forest" in sources
    three = _board([{"id": "elves", "card": "Llanowar Elves"}, {"id": "forest", "card": "Forest"}] + _bears(1),
                   [{"id": "prop", "card": "Propaganda"}], 3)
    assert solve_goal(three, "lethal").solved is False  # Elves and Bears together cost {4}, one Forest left


def test_sphere_of_safety_counts_enchantments() -> None:
    """107.3c, 508.1d: Sphere of Safety's {X} is the number of enchantments its controller has
    (Sphere and Propaganda: {2}, plus Propaganda's {2}); eight Plains pay for two Bears, not three."""
    bob = [{"id": "sphere", "card": "Sphere of Safety"}, {"id": "prop", "card": "Propaganda"}]
    board = _board(_bears(3) + _plains(8), bob, 5)
    assert solve_goal(board, "lethal").solved is False
    best = solve_goal(board, "best-attack")
    assert len(best.attack) == 2 and best.value["life_lost"] == 4
    assert solve_goal(_board(_bears(3) + _plains(12), bob, 5), "lethal").solved is True


def test_stated_solution_pays_its_costs() -> None:
    """A puzzle's stated attack pays the costs it needs (508.1d, 508.1h): right when payable and
    lethal; an attack the Plains can't pay is illegal (508.1i)."""
    def puzzle(attackers: list[str]) -> object:
        return _board(_bears(3) + _plains(4), [{"id": "prison", "card": "Ghostly Prison"}], 4, puzzle={
            "goal": "lethal", "side": "alice", "solution": {"attackers": [{"creature": c, "target": "bob"}
                                                                          for c in attackers]}})
    assert solve_goal(puzzle(["bears0", "bears1"])).solution["correct"] is True
    wrong = solve_goal(puzzle(["bears0", "bears1", "bears2"])).solution
    assert wrong["correct"] is False and "508.1" in wrong["why"]


def test_example_board_names_the_sources_that_pay() -> None:
    """examples/solve-ghostly-prison.yaml: the README's lethal through Ghostly Prison, paid by
    the three Plains and the Elves that stay home (508.1f, 508.1i)."""
    from pathlib import Path

    board = load_board(Path(__file__).parent.parent / "examples" / "solve-ghostly-prison.yaml")
    result = solve_goal(board, "lethal")
    assert result.solved is True and dict(result.attack) == {"bears": "bob", "cub": "bob"}
    assert [line.split(":")[0] for line in result.to_dict()["payments"]["alice"]] == ["elves", "plains1", "plains2",
                                                                                      "plains3"]
