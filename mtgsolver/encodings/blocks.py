"""CP-SAT model of one defending player's declare-blockers choice (CR 509.1, 802.4).

One Boolean ``x[b, a]`` per blocker ``b`` and attacker ``a`` that could block it on its
own (:mod:`.block_rules` removes tapped creatures, creatures that can't block, unpaid
costs and evasion). Restrictions on groups (509.1a capacity, 509.1b "can't block alone",
menace and "N or more", "no more than N", Tromokratis, "no more than N creatures can
block", "unless at least N other creatures block", "unless a creature with greater power also
blocks") are constraints; each 509.1c requirement is a literal, and their sum is what
:func:`maximise_requirements` maximises. With ``guarded=True`` every group restriction is
enforced by its own literal, so unsat cores can name the restrictions behind an answer.
A group restriction added here must also make ``separable`` of
:mod:`mtgsolver.solver.separable_blocks` false: separable declarations are judged without
this model.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ortools.sat.python import cp_model

from mtgsolver.model import Board
from mtgsolver.rules.blocking import (
    BlockOptions,
    Declaration,
    Finding,
    Requirement,
    block_options,
    blocker_capacity,
    companions,
    label,
    max_blockers,
    max_blockers_total,
    min_blockers,
    others_needed,
)

__all__ = ["BlockModel", "build_block_model"]


@dataclass
class BlockModel:
    """The model of ``defender``'s declaration and the handles to read it back.

    ``x``: ``(blocker, attacker) -> literal``; ``blocking[b]`` is true iff ``b`` blocks;
    ``blocked[a]`` iff ``a`` is blocked; ``req_lits[i]`` is true only if ``requirements[i]``
    is obeyed (``None``: it can't be); ``guards``: enforcement literal -> the restriction.
    """

    defender: str
    attackers: list[str]
    blockers: list[str]
    requirements: list[Requirement]
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    x: dict[tuple[str, str], cp_model.IntVar] = field(default_factory=dict)
    blocking: dict[str, cp_model.IntVar] = field(default_factory=dict)
    blocked: dict[str, cp_model.IntVar] = field(default_factory=dict)
    req_lits: list[cp_model.IntVar | None] = field(default_factory=list)
    guards: list[tuple[cp_model.IntVar, Finding]] = field(default_factory=list)

    # -- objectives --------------------------------------------------------------------
    def obeyed(self) -> cp_model.LinearExprT:
        """Number of requirements obeyed (509.1c)."""
        return sum(lit for lit in self.req_lits if lit is not None)

    def blocker_count(self) -> cp_model.LinearExprT:
        return sum(self.blocking.values())

    def unblocked_power(self, board: Board) -> cp_model.LinearExprT:
        """Total power (negative counts as 0) of attackers left unblocked."""
        return sum(max(0, board.permanent(a).power or 0) * (1 - self.blocked[a]) for a in self.attackers)

    def distance(self, declaration: Declaration) -> cp_model.LinearExprT:
        """Hamming distance to ``declaration`` over the pairs the model has."""
        return sum((1 - lit) if a in declaration.get(b, ()) else lit for (b, a), lit in self.x.items())

    # -- reading back ------------------------------------------------------------------
    def hint(self, declaration: Declaration) -> None:
        self.model.clear_hints()
        for (b, a), lit in self.x.items():
            self.model.add_hint(lit, a in declaration.get(b, ()))

    def declaration(self, value: Callable[[cp_model.IntVar], int]) -> dict[str, tuple[str, ...]]:
        """The declaration of a solution, attackers in declaration order."""
        out: dict[str, tuple[str, ...]] = {}
        for b in self.blockers:
            targets = tuple(a for a in self.attackers if (b, a) in self.x and value(self.x[b, a]))
            if targets:
                out[b] = targets
        return out


def build_block_model(board: Board, defender: str, attackers: list[str], requirements: list[Requirement],
                      paid: frozenset[str], guarded: bool = False, options: BlockOptions | None = None) -> BlockModel:
    """Encode ``defender``'s choice of blocks against ``attackers`` (those attacking them).

    Parameters
    ----------
    requirements:
        From :func:`.block_rules.requirements`; one literal each.
    paid:
        Creatures whose cost to block the player chose to pay (509.1d); any other creature
        with a cost can't block here, since no player is required to pay (509.1c).
    guarded:
        Enforce each group restriction by its own literal (for unsat-core explanations).
    options:
        :func:`.block_rules.block_options`, if already computed.
    """
    creatures = board.creatures(defender)
    options = options or block_options(board, defender, attackers, paid)
    eligible = list(options.eligible)
    bm = BlockModel(defender, list(attackers), eligible, list(requirements))
    m = bm.model

    def restrict(rule: str, creature: str | None, message: str) -> list[cp_model.IntVar]:
        """The enforcement literals of one restriction: none, or its guard."""
        if not guarded:
            return []
        g = m.new_bool_var(f"guard_{len(bm.guards)}")
        bm.guards.append((g, Finding(rule, creature, message)))
        return [g]

    for b in eligible:
        for a in attackers:
            if options.possible(b, a):
                bm.x[b, a] = m.new_bool_var(f"x_{b}_{a}")
    for b in eligible:
        row = [bm.x[b, a] for a in attackers if (b, a) in bm.x]
        y = bm.blocking[b] = m.new_bool_var(f"blocks_{b}")
        cap = blocker_capacity(board.permanent(b))
        if cap == 1 and not guarded:  # 509.1a: one attacker, so "blocks" is the sum (a tight LP)
            m.add(y == sum(row))
            continue
        _or_equality(m, y, row)
        if cap is not None and len(row) > cap:  # 509.1a
            m.add(sum(row) <= cap).only_enforce_if(
                restrict("509.1a", b, f"{label(board.permanent(b))} can block only {cap} creature"
                                      f"{'s' if cap != 1 else ''}"))
    for a in attackers:
        col = [bm.x[b, a] for b in eligible if (b, a) in bm.x]
        z = bm.blocked[a] = m.new_bool_var(f"blocked_{a}")
        _or_equality(m, z, col)
        attacker = board.permanent(a)
        low, rule = min_blockers(attacker)
        if low > 1 and col:  # 702.111b menace, 509.1b "except by N or more"
            m.add(sum(col) >= low).only_enforce_if([z] + restrict(
                rule, a, f"{label(attacker)} can't be blocked except by {low} or more creatures"))
        high = max_blockers(attacker)
        if high is not None and len(col) > high:
            m.add(sum(col) <= high).only_enforce_if(restrict(
                "509.1b", a, f"{label(attacker)} can't be blocked by more than {high} creatures"))
        if attacker.has("blocked_only_by_all") and col:  # Tromokratis
            g = restrict("509.1b", a, f"{label(attacker)} can't be blocked unless all creatures {defender} "
                                      "controls block it")
            for c in creatures:
                if (c.id, a) in bm.x:
                    m.add_implication(z, bm.x[c.id, a]).only_enforce_if(g)
                else:
                    m.add(z == 0).only_enforce_if(g)
    for b in eligible:
        blocker = board.permanent(b)
        others = [bm.blocking[o] for o in eligible if o != b]
        need = others_needed(blocker)
        if need:  # 509.1b: "can't block alone", "unless at least N other creatures block"
            m.add(sum(others) >= need).only_enforce_if([bm.blocking[b]] + restrict(
                "509.1b", b, f"{label(blocker)} can't block alone" if need == 1 else
                f"{label(blocker)} can't block unless at least {need} other creatures block"))
        for filters in blocker.values("cant_block_unless_also"):  # 509.1b (Okk)
            with_ = [bm.blocking[o] for o in companions(board, blocker, filters, eligible)]
            g = restrict("509.1b", b, f"{label(blocker)} can't block unless a creature with "
                                      f"{' or '.join(f.describe() for f in filters)} also blocks")
            if with_:
                m.add_bool_or(with_).only_enforce_if([bm.blocking[b]] + g)
            else:
                m.add(bm.blocking[b] == 0).only_enforce_if(g)
    total = max_blockers_total(board)
    if total is not None and len(eligible) > total:
        m.add(bm.blocker_count() <= total).only_enforce_if(restrict(
            "509.1b", None, f"no more than {total} creatures can block each combat"))
    for req in requirements:
        bm.req_lits.append(_requirement_literal(bm, req))
    return bm


def _or_equality(m: cp_model.CpModel, target: cp_model.IntVar, lits: list[cp_model.IntVar]) -> None:
    """``target == OR(lits)`` (false when ``lits`` is empty)."""
    if not lits:
        m.add(target == 0)
        return
    m.add_bool_or(lits).only_enforce_if(target)
    for lit in lits:
        m.add_implication(lit, target)


def _requirement_literal(bm: BlockModel, req: Requirement) -> cp_model.IntVar | None:
    """A literal that is true only if ``req`` is obeyed (509.1c), or ``None`` if it can't be."""
    if req.kind in ("lure", "must_block"):
        return bm.x.get((req.creature, req.attacker))  # type: ignore[arg-type]
    if req.kind in ("blocks_each_combat", "blocks_this_turn"):
        return bm.blocking.get(req.creature)  # type: ignore[arg-type]
    if req.kind == "must_be_blocked_by_a":  # blocked by one of the matching creatures
        by = [bm.x[b, req.attacker] for b in req.by if (b, req.attacker) in bm.x]
        if not by:
            return None
        w = bm.model.new_bool_var(f"req_blocked_by_a_{req.attacker}")
        bm.model.add_bool_or(by).only_enforce_if(w)
        return w
    col = [lit for (b, a), lit in bm.x.items() if a == req.attacker]
    if req.kind == "must_be_blocked" or req.n <= 1:
        return bm.blocked[req.attacker] if col else None  # type: ignore[index]
    if len(col) < req.n:
        return None
    w = bm.model.new_bool_var(f"req_blocked_by_{req.attacker}_{req.n}")
    bm.model.add(sum(col) >= req.n).only_enforce_if(w)
    return w

