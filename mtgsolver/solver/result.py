"""Result types shared by the operations, and the conventions every result follows.

Every result is a frozen dataclass with a verdict (``legal``, ``payable``, ... ; ``None`` means
undecided: a time limit, or unread text that could change it), reasons citing rules,
``unread`` (the :class:`~mtgsolver.model.unread.UnreadLine` s that could bear on the answer,
``docs/unread.md``), ``as_read`` (the verdict on the text read, set when unread text made the
verdict undecided), ``to_dict()`` (plain JSON data) and ``to_json()`` (a JSON string, from
:class:`JsonResult`). A new operation attaches its unread lines with :func:`with_unread` or the
:func:`reports_unread` decorator.
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
import json
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from mtgsolver.model.unread import UnreadLine
from mtgsolver.solver.relevance import Bearing, combat_bearing

__all__ = ["CombatResult", "JsonResult", "Violation", "reports_unread", "with_unread"]

R = TypeVar("R")


class JsonResult:
    """Mixin: ``to_json()`` is ``to_dict()`` as a JSON string."""

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - every result defines it
        raise NotImplementedError

    def to_json(self, indent: int | None = None) -> str:
        """The answer as a JSON string (the same data as ``to_dict()``)."""
        return json.dumps(self.to_dict(), indent=indent)


def unread_dict(result: Any) -> dict[str, Any]:
    """The ``unread``, ``not_relevant`` and ``as_read`` entries of a result's ``to_dict()``."""
    out: dict[str, Any] = {"unread": [u.to_dict() for u in result.unread],
                           "not_relevant": [u.to_dict() for u in getattr(result, "not_relevant", ())]}
    if result.as_read is not None:
        out["as_read"] = result.as_read
    return out


def with_unread(result: R, bearing: Bearing, verdict: str) -> R:
    """``result`` carrying the unread lines of ``bearing`` (and, in ``not_relevant``, those that
    can't bear on it, with their reasons); when some of them are decisive and the verdict (the
    field named ``verdict``) was decided, it becomes ``None`` (undecided) and ``as_read`` keeps
    the verdict on the text read."""
    changes: dict[str, Any] = {"unread": bearing.lines}
    if hasattr(result, "not_relevant"):
        changes["not_relevant"] = bearing.not_relevant
    decided = getattr(result, verdict)
    if bearing.decisive and decided is not None:
        changes.update({verdict: None, "as_read": decided})
    return dataclasses.replace(result, **changes)  # type: ignore[type-var]


def reports_unread(select: Callable[[inspect.BoundArguments, Any], Bearing], verdict: str) -> Callable[[R], R]:
    """Decorate an operation so that its result carries ``select(arguments, result)``'s lines
    (see :func:`with_unread`); ``arguments`` are the call's bound arguments with defaults."""

    def wrap(fn):  # type: ignore[no-untyped-def]
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def operation(*args: Any, **kwargs: Any) -> Any:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            result = fn(*args, **kwargs)
            return with_unread(result, select(bound, result), verdict)

        return operation

    return wrap  # type: ignore[return-value]


def combat_unread(side: str) -> Callable[[R], R]:
    """:func:`reports_unread` for declaring attackers or blockers (508.1, 509.1): a declaration
    with costs to pay also reads its player's mana abilities (508.1i, 509.1e)."""
    return reports_unread(lambda args, result: combat_bearing(args.arguments["board"], side, bool(result.costs),
                                                              result.legal), "legal")


@dataclass(frozen=True)
class Violation(JsonResult):
    """One disobeyed restriction or requirement: the rule, the creature and a sentence."""

    rule: str
    creature: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "creature": self.creature, "message": self.message}


@dataclass(frozen=True)
class CombatResult(JsonResult):
    """The verdict on a declaration (``check``) or a proposed one (``suggest``).

    ``kind`` is ``"blocks"`` or ``"attacks"``. ``witness`` is a legal declaration that obeys
    ``maximum`` requirements: for blocks a tuple of ``(creature, (attacker, ...))``, for attacks
    a tuple of ``(creature, target)``. ``optimal`` is False when the time limit stopped the
    solver before it proved the maximum (the answer then says so). ``costs`` totals the costs
    the declaration makes its controller pay (508.1h, 509.1e) as ``{player: "{4}"}``.
    ``legal`` is ``None`` when undecided: a time limit, or ``unread`` lines that could change
    it (``as_read`` is then the verdict on the text read); ``not_relevant`` lists the board's
    other unread lines, each with the reason it can't bear on the declaration.
    """

    kind: str
    legal: bool | None
    obeyed: int | None
    maximum: int
    violations: tuple[Violation, ...] = ()
    witness: tuple[tuple[str, Any], ...] = ()
    optimal: bool = True
    costs: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    objective: str | None = None
    unread: tuple[UnreadLine, ...] = ()
    as_read: bool | None = None
    not_relevant: tuple[UnreadLine, ...] = ()
    #: player -> the mana abilities (and life) that pay ``costs`` (508.1i, 509.1e): the declared
    #: declaration's for a check (none when it can't be paid), the suggestion's for suggest
    payments: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def requirement_count(self) -> str:
        """A true count of the requirements obeyed (509.1c, 508.1d), in words."""
        what = "the suggestion" if self.objective else "the declaration"
        n, m = self.obeyed, self.maximum
        if n is None:
            return f"a legal declaration can obey {m} requirement{'s' if m != 1 else ''}"
        if n > m:
            return (f"{what} obeys {n} requirement{'s' if n != 1 else ''} by breaking a restriction; "
                    f"a legal declaration can obey at most {m}")
        if m == 0:
            return "no requirement applies"
        return f"requirements obeyed {n} of a possible {m}"

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "blocks":
            witness = [{"creature": c, "blocks": list(b)} for c, b in self.witness]
        else:
            witness = [{"creature": c, "target": t} for c, t in self.witness]
        out: dict[str, Any] = {
            "kind": self.kind,
            "legal": self.legal,
            "obeyed": self.obeyed,
            "maximum": self.maximum,
            "optimal": self.optimal,
            "violations": [v.to_dict() for v in self.violations],
            "witness": witness,
            "costs": self.costs,
            "payments": {p: list(lines) for p, lines in self.payments.items()},
            "notes": list(self.notes),
            **unread_dict(self),
        }
        if self.objective:
            out["objective"] = self.objective
        return out
