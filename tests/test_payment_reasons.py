"""Reasons that are true: "at most N mana" in an unpayable answer is the real
maximum the sources can make at once, computed by the payment model (601.2h, 107.5, 605)."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.solver.payment import most_mana, pay

TINDER_FARM = ('{{id: f{n}, name: Tinder Farm, types: [land], controller: a, abilities: '
               '["{{T}}: Add {{G}}.", "{{T}}, Sacrifice Tinder Farm: Add {{R}}{{W}}."]}}')


def board(*perms: str, life: int = 20):
    return parse_board_text("active_player: a\nplayers: [{name: a, life: %d}]\nbattlefield:\n" % life
                            + "".join(f"  - {p}\n" for p in perms), "t.yaml")


def at_most(result) -> list[str]:
    return [r.message for r in result.reasons if "at most" in r.message]


def test_three_tinder_farms_make_at_most_six() -> None:
    """Each Tinder Farm taps once (107.5): {G}, or {R}{W} by sacrificing it; 3 x 2 = 6, not 9."""
    b = board(*(TINDER_FARM.format(n=n) for n in range(3)))
    assert most_mana(b) == (6, True)
    assert pay(b, "{6}").payable
    result = pay(b, "{7}")
    assert result.payable is False
    assert at_most(result) and "(at most 6 mana)" in at_most(result)[0]


def test_a_filter_land_nets_one_mana() -> None:
    """Mystic Gate's filter ability costs {W/U} and makes two: with a Plains the most is 2, not 4."""
    b = board("{id: plains, card: Plains, controller: a}", "{id: gate, card: Mystic Gate, controller: a}")
    assert most_mana(b) == (2, True)
    result = pay(b, "{3}")
    assert result.payable is False and "(at most 2 mana)" in at_most(result)[0]


def test_restricted_mana_counts_only_where_it_may_pay() -> None:
    """106.6: creature-only mana is not at hand for a cost that pays no creature spell."""
    shrine = ('{id: s, name: Shrine, types: [land], controller: a, '
              'text: "{T}: Add {G}{G}. Spend this mana only to cast creature spells."}')
    b = board(shrine, "{id: f, card: Forest, controller: a}")
    assert most_mana(b, "{3}") == (1, True)
    assert "(at most 1 mana)" in at_most(pay(b, "{3}"))[0]
