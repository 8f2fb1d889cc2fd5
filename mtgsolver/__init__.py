"""mtgsolver: exact Magic: The Gathering combat and mana answers on CP-SAT.

The operations users call, importable from the top level (the solvers, and so OR-Tools,
load on first use)::

    from mtgsolver import load_board, check_blocks
    check_blocks(load_board("examples/lure-menace.yaml")).legal
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_API = {
    "load_board": "mtgsolver.model",
    "check_blocks": "mtgsolver.solver.blocks",
    "suggest_blocks": "mtgsolver.solver.blocks",
    "check_attacks": "mtgsolver.solver.attacks",
    "suggest_attacks": "mtgsolver.solver.attacks",
    "pay": "mtgsolver.solver.payment",
    "could_produce": "mtgsolver.solver.produce",
    "combat_damage": "mtgsolver.solver.damage",
    "solve_goal": "mtgsolver.solver.puzzle",
}
__all__ = [*_API, "__version__"]


def __getattr__(name: str) -> Any:  # PEP 562: import the operation's module when first asked
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'mtgsolver' has no attribute {name!r}")
