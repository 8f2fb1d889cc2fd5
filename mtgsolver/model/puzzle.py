"""Puzzles: a board with a question to solve on it (the board file's ``puzzle:`` section).

Goals (docs/puzzles.md): ``lethal`` (an attack that wins whatever the defender blocks),
``survive`` and ``best-blocks`` (the defender's best legal block), ``best-attack`` (the
attack that guarantees the most), ``cast`` (a turn plan, not a combat goal) and ``win`` (win
within ``turns`` turns by anything the rules allow: spells, abilities, combat).
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgsolver.model.combat import Attack, Block

__all__ = ["GOALS", "Puzzle", "Solution"]

GOALS = ("lethal", "survive", "best-blocks", "best-attack", "cast", "win")


@dataclass(frozen=True)
class Solution:
    """A published solution: the attack and/or the block it states (``None``: not stated)."""

    attackers: tuple[Attack, ...] | None = None
    blockers: tuple[Block, ...] | None = None


@dataclass(frozen=True)
class Puzzle:
    """What to solve: ``goal`` for player ``side``, where it was published, its stated solution,
    and for ``win`` the turns it must be won in, counting the one it starts in."""

    goal: str
    side: str
    description: str = ""
    source: str = ""
    solution: Solution | None = None
    turns: int = 1
