"""Generic CP-SAT helpers shared by the encodings (blocks, attacks, payment).

Deterministic solving: one search worker and a fixed seed, so the same board gives the
same answer and the same witness. Nothing here knows about Magic.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from ortools.sat.python import cp_model

__all__ = ["Deadline", "Model", "Solve", "Work", "core_of", "solve"]


class Deadline:
    """A wall-clock budget shared by several solves (``remaining()`` seconds, never < 0.01)."""

    def __init__(self, seconds: float) -> None:
        self.end = time.perf_counter() + seconds

    def remaining(self) -> float:
        return max(0.01, self.end - time.perf_counter())

    def expired(self) -> bool:
        return time.perf_counter() >= self.end


class Work:
    """A budget of CP-SAT's deterministic time shared by several solves: unlike a
    :class:`Deadline`, what it lets finish doesn't depend on the machine's load, so answers
    built within it are the same on every run."""

    def __init__(self, units: float) -> None:
        self.left = units

    def spent(self) -> bool:
        return self.left <= 0

    def charge(self, solver: cp_model.CpSolver) -> None:
        self.left -= solver.deterministic_time


@dataclass
class Solve:
    """What one solve found: ``status`` (a ``cp_model`` status), the solver to read values
    from, the objective value and bound (``None`` without an objective)."""

    status: int
    solver: cp_model.CpSolver
    objective: float | None
    bound: float | None

    @property
    def found(self) -> bool:
        return self.status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    @property
    def optimal(self) -> bool:
        return self.status == cp_model.OPTIMAL

    def value(self, lit: cp_model.LinearExprT) -> int:
        return int(self.solver.value(lit))


def solve(model: cp_model.CpModel, time_limit: float, seed: int = 0, **params: object) -> Solve:
    """Solve ``model`` deterministically (one worker, fixed seed) within ``time_limit`` s.

    ``params`` are further CP-SAT parameters, e.g. ``linearization_level=2`` (a stronger
    LP relaxation, which proves maxima of covering-like models much faster).
    """
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.01, float(time_limit))
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    for name, value in params.items():
        setattr(solver.parameters, name, value)
    status = solver.solve(model)
    has_obj = model.has_objective() and status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    return Solve(
        status,
        solver,
        solver.objective_value if has_obj else None,
        solver.best_objective_bound if has_obj else None,
    )


def core_of(model: cp_model.CpModel, assumptions: Sequence[cp_model.IntVar], time_limit: float,
            work: Work | None = None, **params: object) -> list[int] | None:
    """Indexes (into ``assumptions``) of a subset of the assumed literals that cannot all
    hold together, or ``None`` when they can (or when the time limit or ``work`` stopped the
    solver; the solve is charged to ``work``).

    The model is solved with the literals as assumptions (CP-SAT's unsat core); the
    objective, if any, is ignored.
    """
    trial = model.clone()
    trial.clear_objective()
    trial.clear_assumptions()
    trial.add_assumptions([trial.get_bool_var_from_proto_index(lit.index) for lit in assumptions])
    if work is not None:
        params = dict(params, max_deterministic_time=max(0.0, work.left))
    result = solve(trial, time_limit, **params)
    if work is not None:
        work.charge(result.solver)
    if result.status != cp_model.INFEASIBLE:
        return None
    core = set(result.solver.sufficient_assumptions_for_infeasibility())
    return [i for i, lit in enumerate(assumptions) if lit.index in core]


class Model(cp_model.CpModel):
    """A CP-SAT model without the camelCase aliases OR-Tools binds to every model it makes
    (``AddBoolOr`` beside ``add_bool_or``...): binding them walks every method of the class,
    about 0.2 ms a model, paid for each of the thousands of payments the whole-turn search asks
    the payment solver. The project calls the PEP 8 names only."""

    def _add_pre_pep8_methods(self) -> None:
        return None
