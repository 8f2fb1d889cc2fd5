"""Which modes of a modal triggered ability may be chosen now (603.3c, 700.2).

"Choose one that hasn't been chosen —" (Gandalf the Grey). Rules: 603.3c and 700.2b (modes
are chosen as the ability is put on the stack; a mode without legal targets can't be chosen;
with no mode chosen the ability is removed from the stack), 700.2d (one mode per choice),
400.7 (an object that changes zones is a new object with no memory). Gaining control of a
permanent is not a zone change, so the memory stays with it whoever chose the modes.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from mtgsolver.model.errors import ModeError
from mtgsolver.model.modes import GameObject, ModalTrigger, Mode  # noqa: F401  (Mode: the doctest)

__all__ = ["ModeMemory"]


@dataclass(frozen=True)
class ModeMemory:
    """Modes chosen so far, per object identity and ability name.

    Examples
    --------
    >>> trig = ModalTrigger("t", (Mode("draw"), Mode("tap target permanent", needs_target=True)))
    >>> gandalf = GameObject("card-1", controller="Ann")
    >>> memory = ModeMemory().choose(gandalf, trig, 0)
    >>> memory.available_modes(gandalf, trig, targetable={1})
    (1,)
    >>> memory.available_modes(gandalf.moved(), trig)
    (0,)
    """

    chosen: frozenset[tuple[tuple[str, int], str, int]] = frozenset()

    def chosen_modes(self, obj: GameObject, ability: ModalTrigger) -> frozenset[int]:
        """Indices of the modes already chosen for ``ability`` of this very object."""
        return frozenset(m for ident, name, m in self.chosen if ident == obj.identity and name == ability.name)

    def available_modes(
        self, obj: GameObject, ability: ModalTrigger, targetable: Collection[int] = ()
    ) -> tuple[int, ...]:
        """Modes that may be chosen as ``ability`` of ``obj`` is put on the stack now.

        ``targetable`` holds the indices of target-needing modes that have at least one legal
        target now (603.3c). Empty result: the ability is removed from the stack (700.2b).
        Who controls ``obj`` or who chose earlier modes doesn't matter.
        """
        done = self.chosen_modes(obj, ability)
        return tuple(
            i for i, mode in enumerate(ability.modes)
            if i not in done and (not mode.needs_target or i in targetable)
        )

    def choose(
        self, obj: GameObject, ability: ModalTrigger, mode: int, targetable: Collection[int] = ()
    ) -> "ModeMemory":
        """The memory after choosing ``mode`` as the ability is put on the stack (603.3c).

        The mode counts as chosen from then on, whether or not that instance resolves.
        Raises :class:`ModeError` for a mode already chosen for this object or one needing
        targets with none legal.
        """
        if not 0 <= mode < len(ability.modes):
            raise ModeError(f"{ability.name} has no mode {mode} (modes 0-{len(ability.modes) - 1})")
        if mode in self.chosen_modes(obj, ability):
            raise ModeError(f"{ability.name}: mode {mode} has already been chosen for {obj.card} (700.2)")
        if ability.modes[mode].needs_target and mode not in targetable:
            raise ModeError(f"{ability.name}: mode {mode} needs a target and none is legal (603.3c, 700.2b)")
        return ModeMemory(self.chosen | {(obj.identity, ability.name, mode)})
