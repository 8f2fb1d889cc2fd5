"""Combat declarations: attacking creatures and what they attack (506.3, 508.1), blocks (509.1a)."""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Attack", "Block", "CombatDeclaration"]


@dataclass(frozen=True)
class Attack:
    """One attacking creature and what it attacks: a player, planeswalker or battle (506.3).

    ``target`` is ``None`` for a creature attacking nothing: the planeswalker or battle it
    attacked has left combat, and it is still an attacking creature that may be blocked and,
    unblocked, deals no combat damage (506.4c); ``defender`` is then the defending player it
    was attacking (802.2a)."""

    creature: str
    target: str | None
    defender: str | None = None


@dataclass(frozen=True)
class Block:
    """One blocking creature and the attackers it blocks (509.1a)."""

    creature: str
    blocks: tuple[str, ...]


@dataclass(frozen=True)
class CombatDeclaration:
    """A declaration to check. ``paid_costs`` are creatures whose cost to attack or block
    their controller chose to pay (508.1d, 509.1d)."""

    attackers: tuple[Attack, ...] = ()
    blockers: tuple[Block, ...] | None = None
    paid_costs: frozenset[str] = frozenset()
