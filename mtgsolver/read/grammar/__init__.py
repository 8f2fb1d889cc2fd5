"""Oracle text grammars: one lark grammar per family of sentences, each with its compiler.

Each family is a module of this package (``mana``, ``combat``, ``effects``, ...) holding a
``.lark`` file beside it and a function ``read(line: str, name: str) -> list | None``: the
board-vocabulary entries one line of rules text means (reminder text already removed), or
``None`` when the family does not understand the line *whole*. A line no family reads is
reported as unread, never guessed (:func:`mtgsolver.read.oracle.parse_oracle_text`).
"""
from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

__all__ = ["READERS", "readers"]

#: Families tried in this order; the first that reads a line whole wins. What abilities do (602,
#: 603: ``activated``, ``triggered``, mtgsolver.model.effects) right after the mana abilities: no
#: line one of them reads is a static another family reads, and they refuse a static at once.
READERS: tuple[str, ...] = ("mana", "activated", "triggered", "combat", "relative", "continuous")
READERS += ("affected",)  # several effects of one line: "Otherwise", "instead" (611.3b)
READERS += ("game",)  # how the game ends for the source's controller (104.2, 104.3)
READERS += ("copies",)  # a permanent entering as a copy (707.2, 614.1c)


def readers() -> list[Callable[[str, str], list[Any] | None]]:
    """The ``read`` function of each family in :data:`READERS`."""
    return [import_module(f"{__name__}.{family}").read for family in READERS]
