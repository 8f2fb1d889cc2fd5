"""Unread lines: rules text no grammar family understood, reported with every answer.

Nothing is dropped in silence (``docs/unread.md``): a line of a permanent's Oracle text that the
project does not read stays on the permanent (:attr:`Permanent.unread`), and every answer lists
the unread lines that could bear on it, chosen by their kinds
(:func:`mtgsolver.model.line_kinds.line_kinds`).

Examples
--------
>>> from mtgsolver.model import load_board
>>> unread_lines(board, ["drums"], {"combat"})  # doctest: +SKIP
(UnreadLine(permanent='drums', line='Creatures you control have menace.', kinds=...),)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .line_kinds import line_kinds

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board

__all__ = ["UnreadLine", "merge", "unread_lines"]


@dataclass(frozen=True)
class UnreadLine:
    """One line of a permanent's rules text that the project does not read, and its kinds."""

    permanent: str
    line: str
    kinds: frozenset[str]

    def to_dict(self) -> dict[str, Any]:
        return {"permanent": self.permanent, "line": self.line, "kinds": sorted(self.kinds)}


def unread_lines(board: "Board", permanents: Iterable[str] | None, kinds: Iterable[str]) -> tuple[UnreadLine, ...]:
    """The unread lines whose kinds meet ``kinds``.

    Parameters
    ----------
    board:
        The board.
    permanents:
        Ids of the permanents whose lines are asked for; ``None`` for every permanent (pass
        ``{"effects"}`` in ``kinds`` for the static abilities that could affect others).
        Unknown ids are skipped.
    kinds:
        Line kinds (``"mana"``, ``"mana_trigger"``, ``"combat"``, ``"effects"``, ``"other"``).

    Returns
    -------
    tuple of UnreadLine
        In board order, each (permanent, line) once.
    """
    wanted = frozenset(kinds)
    ids = None if permanents is None else set(permanents)
    out: list[UnreadLine] = []
    for perm in board.permanents:
        if ids is not None and perm.id not in ids:
            continue
        for line in perm.unread:
            k = line_kinds(line)
            if k & wanted:
                out.append(UnreadLine(perm.id, line, k))
    return tuple(dict.fromkeys(out))


def merge(*groups: Iterable[UnreadLine]) -> tuple[UnreadLine, ...]:
    """Several selections as one, each line once, in first-seen order."""
    return tuple(dict.fromkeys(u for g in groups for u in g))
