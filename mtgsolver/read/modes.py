"""Modal triggered abilities read from Oracle text, and modes named by the user (700.2)."""
from __future__ import annotations

import re

from mtgsolver.model.errors import ModeError
from mtgsolver.model.modes import ModalTrigger, Mode

__all__ = ["mode_index", "unchosen_modal_trigger"]

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
