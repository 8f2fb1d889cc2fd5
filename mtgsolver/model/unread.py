"""Unread lines: rules text no grammar family understood, as reported with every answer.

Which lines bear on an answer is :mod:`mtgsolver.solver.relevance`; their kinds come from
:func:`mtgsolver.read.line_kinds.line_kinds` (``docs/unread.md``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["UnreadLine"]


@dataclass(frozen=True)
class UnreadLine:
    """One line of a permanent's rules text that the project does not read, and its kinds.
    ``reason`` says why it can't bear on an answer (an answer's ``not_relevant`` lines) or, for
    a line that bears on one, what it could do before the answer's moment (an attack trigger
    before blockers are declared)."""

    permanent: str
    line: str
    kinds: frozenset[str]
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"permanent": self.permanent, "line": self.line, "kinds": sorted(self.kinds)}
        if self.reason:
            out["reason"] = self.reason
        return out
