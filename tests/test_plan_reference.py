"""``plan`` agrees with the brute-force planner (references/reference_plan.py) on generated turns
of up to 4 spells and 10 mana sources: castable or not, the largest X, kept costs."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from mtgsolver.load import parse_board_text
from mtgsolver.solver.plan import plan
from references import reference_plan as ref

from .plan_boards import turns
from .support import runs


def _solve(text: str, names: list[str], **kw):
    board = parse_board_text(text, "gen.yaml")
    result = plan(board, names, time_limit=30, **kw)
    assert result.optimal
    return result


@settings(max_examples=runs(1000, 12), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(turns(with_x=False))
def test_castable_agrees_with_brute_force(turn) -> None:
    text, names, spec = turn
    assert _solve(text, names).castable == ref.feasible(spec), text


@settings(max_examples=runs(300, 6), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(turns(max_spells=3, max_sources=7, with_x=True))
def test_largest_x_agrees_with_brute_force(turn) -> None:
    text, names, spec = turn
    result = _solve(text, names, maximize_x=True)
    best = ref.max_x(spec, upper=24)
    assert (result.x if result.castable else None) == best, text


@settings(max_examples=runs(200, 6), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(turns(max_spells=2, max_sources=6, with_x=False, keep=True))
def test_kept_cost_agrees_with_brute_force(turn) -> None:
    text, names, spec = turn
    result = _solve(text, names, keep=["{" + spec["keep"] + "}"])
    if not result.castable:
        assert not ref.feasible(spec), text
        return
    assert result.kept[0][1] == ref.keep_payable(spec), text
