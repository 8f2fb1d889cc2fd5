"""Linear expressions over 0/1 literals with known bounds, for CP-SAT encodings.

A :class:`Lin` is ``const + sum(coef * lit)``; its bounds are known without a solve, so
integer variables derived from it get tight domains. Nothing here knows about Magic.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

__all__ = ["Lin", "Lits"]


@dataclass
class Lin:
    """``const + sum(coef * var)``; each term is ``(coef, var, lo, hi)`` with the var's bounds."""

    const: int = 0
    terms: list[tuple[int, cp_model.IntVar, int, int]] = field(default_factory=list)

    def plus(self, other: "Lin | int") -> "Lin":
        if isinstance(other, int):
            return Lin(self.const + other, list(self.terms))
        return Lin(self.const + other.const, self.terms + other.terms)

    def minus(self, other: "Lin | int") -> "Lin":
        return self.plus(other.scaled(-1) if isinstance(other, Lin) else -other)

    def scaled(self, k: int) -> "Lin":
        return Lin(self.const * k, [(c * k, v, lo, hi) for c, v, lo, hi in self.terms])

    def add_term(self, coef: int, lit: "cp_model.IntVar | int") -> "Lin":
        """``self + coef * lit``; ``lit`` is a Boolean literal or a constant 0/1."""
        if isinstance(lit, int):
            return Lin(self.const + coef * lit, list(self.terms))
        return Lin(self.const, self.terms + [(coef, lit, 0, 1)])

    def add_var(self, coef: int, var: cp_model.IntVar, lo: int, hi: int) -> "Lin":
        """``self + coef * var`` for an integer ``var`` in ``[lo, hi]``."""
        return Lin(self.const, self.terms + [(coef, var, lo, hi)])

    @property
    def lb(self) -> int:
        return self.const + sum(min(c * lo, c * hi) for c, _, lo, hi in self.terms)

    @property
    def ub(self) -> int:
        return self.const + sum(max(c * lo, c * hi) for c, _, lo, hi in self.terms)

    def expr(self) -> cp_model.LinearExprT:
        return self.const + sum(c * v for c, v, _, _ in self.terms) if self.terms else self.const

    def value(self, read) -> int:
        """Its value in a solution (``read(var)`` gives the var's value)."""
        return self.const + sum(c * read(v) for c, v, _, _ in self.terms)


class Lits:
    """Literal helpers bound to one model: constants, and/or, and reified comparisons."""

    def __init__(self, model: cp_model.CpModel) -> None:
        self.m = model
        self._true: cp_model.IntVar | None = None

    def true(self) -> cp_model.IntVar:
        if self._true is None:
            self._true = self.m.new_bool_var("true")
            self.m.add(self._true == 1)
        return self._true

    def const(self, value: bool) -> cp_model.IntVar:
        return self.true() if value else self.true().Not()

    def lit(self, value: "cp_model.IntVar | int | bool") -> cp_model.IntVar:
        return self.const(bool(value)) if isinstance(value, (int, bool)) else value

    def all_of(self, lits: list, name: str) -> cp_model.IntVar:
        """A literal equal to the conjunction (true when empty)."""
        lits = [self.lit(v) for v in lits]
        if not lits:
            return self.true()
        if len(lits) == 1:
            return lits[0]
        y = self.m.new_bool_var(name)
        self.m.add_bool_and(lits).only_enforce_if(y)
        self.m.add_bool_or([v.Not() for v in lits] + [y])
        return y

    def any_of(self, lits: list, name: str) -> cp_model.IntVar:
        """A literal equal to the disjunction (false when empty)."""
        lits = [self.lit(v) for v in lits]
        if not lits:
            return self.const(False)
        if len(lits) == 1:
            return lits[0]
        y = self.m.new_bool_var(name)
        self.m.add_bool_or(lits).only_enforce_if(y)
        for v in lits:
            self.m.add_implication(v, y)
        return y

    def at_least(self, expr: cp_model.LinearExprT, k: int, lb: int, ub: int, name: str) -> cp_model.IntVar:
        """A literal equal to ``expr >= k`` (``lb``/``ub``: known bounds of ``expr``)."""
        if isinstance(expr, int):
            return self.const(expr >= k)
        if lb >= k:
            return self.true()
        if ub < k:
            return self.const(False)
        y = self.m.new_bool_var(name)
        self.m.add(expr >= k).only_enforce_if(y)
        self.m.add(expr <= k - 1).only_enforce_if(y.Not())
        return y

    def ge(self, lin: Lin, k: int, name: str) -> cp_model.IntVar:
        """A literal equal to ``lin >= k``."""
        return self.at_least(lin.expr(), k, lin.lb, lin.ub, name)

    def int_var(self, lb: int, ub: int, name: str) -> cp_model.IntVar:
        return self.m.new_int_var(min(lb, ub), max(lb, ub), name)
