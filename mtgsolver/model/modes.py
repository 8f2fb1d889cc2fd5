"""Modal triggered abilities (700.2) and the game objects that remember their chosen modes (400.7).

"Choose one that hasn't been chosen —" (Gandalf the Grey): the modes are read by
:mod:`mtgsolver.read.modes`; which may be chosen now is :mod:`mtgsolver.rules.modes`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["GameObject", "Mode", "ModalTrigger"]


@dataclass(frozen=True)
class Mode:
    """One bulleted option (700.2); ``needs_target`` if it says "target"."""

    text: str
    needs_target: bool = False
    name: str = ""


@dataclass(frozen=True)
class ModalTrigger:
    """A triggered ability "choose one that hasn't been chosen —" over ``modes``."""

    name: str
    modes: tuple[Mode, ...]
    trigger: str = ""  # the trigger condition ("Whenever you cast an instant or sorcery spell")


@dataclass(frozen=True)
class GameObject:
    """An object: a physical card plus how many zone changes it has made (400.7).

    Two values are the same object iff their :attr:`identity` matches. ``controller`` is
    state of the object, not identity: a control change keeps the object (and its memory).
    """

    card: str
    controller: str
    zone_changes: int = 0

    @property
    def identity(self) -> tuple[str, int]:
        return (self.card, self.zone_changes)

    def moved(self) -> "GameObject":
        """The new object this card becomes in another zone (400.7)."""
        return replace(self, zone_changes=self.zone_changes + 1)

    def with_controller(self, player: str) -> "GameObject":
        """The same object under another player's control."""
        return replace(self, controller=player)
