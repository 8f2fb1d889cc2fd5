"""Costs to attack and block paid with real mana (CR 508.1f-j, 509.1d-f): the total cost is
payable from the player's mana abilities (the payment solver), attackers are tapped first
(508.1f) and no requirement ever demands a cost (508.1d, 509.1c). Answers worked out by hand."""
from __future__ import annotations

from typing import Any

import yaml

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.solver.attacks import check_attacks, suggest_attacks


def cr(cid: str, **fields: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid.title(), "controller": "alice", "types": ["creature"], "power": 2,
            "toughness": 2, **fields}


def card(cid: str, name: str, controller: str = "alice", **fields: Any) -> dict[str, Any]:
    return {"id": cid, "card": name, "controller": controller, **fields}


def board_of(battlefield: list[dict], life: int = 20) -> Board:
    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice", "life": life}, {"name": "bob"}],
            "battlefield": battlefield}
    return parse_board_text(yaml.safe_dump(data), "<attack-mana>")


def declare(board: Board, attacks: dict[str, str], paid: tuple[str, ...] = ()) -> Board:
    return board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attacks.items()), None,
                                                  frozenset(paid)))


EAGER = {"abilities": ["attacks_each_combat"]}
PLAINS3 = [card(f"plains{i}", "Plains") for i in range(3)]


def test_propaganda_three_lands_pay_for_one_attacker_not_two() -> None:
    """508.1h-j: Propaganda costs {2} per creature; three Plains pay {2}, not {4}. Two creatures
    that attack each combat: attacking with one obeys the most requirements a payable declaration
    obeys, attacking with both can't be paid, and none is required to pay (508.1d)."""
    board = board_of([cr("a", **EAGER), cr("b", **EAGER), card("prop", "Propaganda", "bob"), *PLAINS3])
    one = check_attacks(declare(board, {"a": "bob"}, paid=("a", "b")))
    assert one.legal is True and (one.obeyed, one.maximum) == (1, 1)
    assert one.costs == {"alice": "{2}"} and len(one.payments["alice"]) == 2
    assert all(line.startswith("plains") for line in one.payments["alice"])
    both = check_attacks(declare(board, {"a": "bob", "b": "bob"}, paid=("a", "b")))
    assert both.legal is False and [v.rule for v in both.violations] == ["508.1i"]
    assert len(both.witness) == 1
    home = check_attacks(declare(board, {}, paid=("a", "b")))
    assert home.legal is True and home.maximum == 0  # nobody pays: no costed attack is demanded
    suggestion = suggest_attacks(declare(board, {}, paid=("a", "b")), "most-attackers")
    assert suggestion.legal is True and suggestion.maximum == 1 and len(suggestion.witness) == 1
    assert suggestion.costs == {"alice": "{2}"} and len(suggestion.payments["alice"]) == 2


def test_tapped_out_player_cant_pay() -> None:
    """508.1i: tapped lands have no mana to give; the forced attacker stays home."""
    tapped = [card(f"plains{i}", "Plains", tapped=True) for i in range(3)]
    board = board_of([cr("a", **EAGER), card("prison", "Ghostly Prison", "bob"), *tapped])
    paid = check_attacks(declare(board, {"a": "bob"}, paid=("a",)))
    assert paid.legal is False and [v.rule for v in paid.violations] == ["508.1i"]
    assert paid.witness == () and paid.payments == {}
    assert suggest_attacks(declare(board, {}, paid=("a",)), "most-attackers").witness == ()


def test_ghostly_prison_paid_through_a_filter_land() -> None:
    """Ghostly Prison {2} and Norn's Annex {W/P}, at 1 life (no Phyrexian life, 119.4): three mana
    with a {W}. Two Islands and Mystic Gate make it only through the Gate's filter ability
    ({W/U}, {T}: Add {W}{W}) paid with an Island's {U} (605.3a: mana abilities while paying)."""
    field = [cr("a"), card("prison", "Ghostly Prison", "bob"), card("annex", "Norn's Annex", "bob"),
             card("gate", "Mystic Gate"), card("i1", "Island"), card("i2", "Island")]
    result = check_attacks(declare(board_of(field, life=1), {"a": "bob"}, paid=("a",)))
    assert result.legal is True and result.costs == {"alice": "{2}{W/P}"}
    assert any(line.startswith("gate: {W/U}, {T}") for line in result.payments["alice"]), result.payments
    one_island = [f for f in field if f["id"] != "i2"]
    assert check_attacks(declare(board_of(one_island, life=1), {"a": "bob"}, paid=("a",))).legal is False


def test_an_attacking_mana_creature_is_tapped_before_paying() -> None:
    """508.1f: Llanowar Elves attacking (bob's planeswalker, untaxed) is tapped before the costs
    are paid, so Plains and Elves pay Propaganda's {2} for the bears only if the Elves stay home."""
    walker = {"id": "jace", "name": "Jace", "controller": "bob", "types": ["planeswalker"], "loyalty": 3}
    field = [cr("bears"), card("elves", "Llanowar Elves"), card("plains", "Plains"), card("prop", "Propaganda", "bob"),
             walker]
    board = board_of(field)
    alone = check_attacks(declare(board, {"bears": "bob"}, paid=("bears",)))
    assert alone.legal is True and any(line.startswith("elves") for line in alone.payments["alice"])
    together = check_attacks(declare(board, {"bears": "bob", "elves": "jace"}, paid=("bears",)))
    assert together.legal is False and [v.rule for v in together.violations] == ["508.1i"]
    vigilant = board_of([{**field[0]}, card("elves", "Llanowar Elves", keywords=["vigilance"]), *field[2:]])
    assert check_attacks(declare(vigilant, {"bears": "bob", "elves": "jace"}, paid=("bears",))).legal is True


def test_block_costs_paid_with_real_mana() -> None:
    """509.1d-f: War Cadence's {1} per blocker with one Plains: of two creatures a Lure attacker
    would bind (509.1c), one can pay; suggest proposes one blocker and says the Plains pays."""
    from mtgsolver.solver.blocks import check_blocks, suggest_blocks

    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
            "battlefield": [cr("bait", abilities=["lure"]), cr("ox", controller="bob"), cr("yak", controller="bob"),
                            card("plains", "Plains", "bob")],
            "effects": [{"kind": "block_cost", "cost": "{1}", "controller": "bob", "source": "War Cadence"}],
            "combat": {"attackers": [{"creature": "bait", "target": "bob"}], "paid_costs": ["ox", "yak"]}}
    board = parse_board_text(yaml.safe_dump(data), "<block-mana>")
    suggestion = suggest_blocks(board, "most-blockers")
    assert suggestion.legal is True and suggestion.maximum == 1 and len(suggestion.witness) == 1
    assert suggestion.payments == {"bob": ("plains: {T}: Add {W}. -> {W}",)}
    both = board.replace(combat=CombatDeclaration(board.combat.attackers, (Block("ox", ("bait",)), Block("yak", ("bait",))),
                                                  frozenset({"ox", "yak"})))
    result = check_blocks(both)
    assert result.legal is False and [v.rule for v in result.violations] == ["509.1e"] and result.maximum == 1
    one = both.replace(combat=CombatDeclaration(board.combat.attackers, (Block("ox", ("bait",)),), frozenset({"ox"})))
    assert check_blocks(one).legal is True
