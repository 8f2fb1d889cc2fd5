"""State-based actions that remove a creature before a declaration (704.3, 704.5f-h).

A board can state a creature that the game would have put into its owner's graveyard the
next time a player received priority (704.3): toughness 0 or less (704.5f), damage marked
equal to or greater than its toughness (704.5g), damage from a source with deathtouch
(704.5h). Players receive priority before attackers and before blockers are declared
(507.2, 508.2), so such a creature neither attacks nor blocks.
"""
from __future__ import annotations

from mtgsolver.model.permanent import Permanent

__all__ = ["dies_before_declaring", "why_it_dies"]


def dies_before_declaring(perm: Permanent) -> str | None:
    """The rule (``"704.5f"``, ``"704.5g"`` or ``"704.5h"``) that puts the creature into its
    owner's graveyard at the next check of state-based actions, or ``None``."""
    if not perm.is_creature or perm.toughness is None:
        return None
    if perm.toughness <= 0:
        return "704.5f"
    if perm.damage >= perm.toughness:
        return "704.5g"
    if perm.deathtouch_damage and perm.damage > 0:
        return "704.5h"
    return None


def why_it_dies(perm: Permanent, rule: str) -> str:
    """A sentence for :func:`dies_before_declaring`'s rule."""
    what = {"704.5f": f"its toughness is {perm.toughness}",
            "704.5g": f"it has {perm.damage} damage marked and toughness {perm.toughness}",
            "704.5h": "it was dealt damage by a source with deathtouch"}[rule]
    return (f"{perm.name} ({perm.id}) is put into its owner's graveyard by a state-based action before the "
            f"declaration: {what} (704.3)")
