"""Modal triggered abilities that remember, per object, which modes have been chosen.

"Choose one that hasn't been chosen —" (Gandalf the Grey). Rules: 603.3c and 700.2b (modes
are chosen as the ability is put on the stack; a mode without legal targets can't be chosen;
with no mode chosen the ability is removed from the stack), 700.2d (one mode per choice),
400.7 (an object that changes zones is a new object with no memory). Gaining control of a
permanent is not a zone change, so the memory stays with it whoever chose the modes.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace

__all__ = ["GameObject", "Mode", "ModalTrigger", "ModeError", "ModeMemory", "mode_index",
           "unchosen_modal_trigger"]


class ModeError(ValueError):
    """A mode that can't be chosen now, with the rule that forbids it."""


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


_HEADER = re.compile(r"^(?P<trigger>.+?), choose one that hasn't been chosen\s*[—-]\s*$", re.IGNORECASE)
#: short names for the modes of Gandalf the Grey's kind of ability, by a word of the mode
_MODE_WORDS = (("untap", "untap"), ("damage", "damage"), ("copy", "copy"), ("library", "library"))


def unchosen_modal_trigger(lines: list[str], name: str) -> ModalTrigger | None:
    """A "choose one that hasn't been chosen —" triggered ability read from its Oracle lines
    (the header, then one line per bullet), or ``None``. Mode names are a short word of
    the mode (``untap``, ``damage``, ``copy``, ``library``) or, failing that, its number."""
    for k, line in enumerate(lines):
        head = _HEADER.match(line.strip())
        if not head:
            continue
        modes = []
        for bullet in lines[k + 1:]:
            text = bullet.strip()
            if not text.startswith("•"):
                break
            text = text.lstrip("• ").strip()
            word = next((w for key, w in _MODE_WORDS if re.search(rf"\b{key}\b", text, re.I)), str(len(modes) + 1))
            modes.append(Mode(text, needs_target="target" in text.lower(), name=word))
        if modes:
            return ModalTrigger(name, tuple(modes), trigger=head.group("trigger"))
    return None


def mode_index(ability: ModalTrigger, ref: str) -> int:
    """The index of a mode named by its short name, its number (1-based) or its text."""
    key = ref.strip().lower()
    for i, mode in enumerate(ability.modes):
        if key in (mode.name.lower(), str(i + 1), mode.text.lower()):
            return i
    names = ", ".join(m.name for m in ability.modes)
    raise ModeError(f"{ability.name} has no mode {ref!r}; its modes are {names} (or 1-{len(ability.modes)})")
