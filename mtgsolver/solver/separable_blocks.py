"""The 509.1c maximum without a search where each blocker's choice stands alone.

A defending player's declaration is *separable* when no restriction ties two blocks together
and every requirement is about one creature: each blocker may block what it can on its own
(509.1a-b, 702), up to its number of attackers (509.1a); no menace or "N or more", no "no more
than N", no Tromokratis, no "can't block alone" or "unless ... also blocks", no limit on the
blockers that binds, no paid cost to block (509.1d-f); and the requirements are Lure, "must
block" and "blocks each combat if able" (509.1c). Then the number of requirements obeyed and
the distance to the declared blocks are sums over the blockers, and the closest declaration
obeying the most requirements is each blocker's own best choice: the attackers its
requirements name most often, those it was declared to block first among equals, then the
rest of its declared blocks while it can block more, or one attacker it can block if that
obeys "blocks each combat". Ties go to attackers in declaration order.
"""
from __future__ import annotations

from mtgsolver.model import Board
from mtgsolver.rules.blocking import (
    BlockOptions,
    Declaration,
    Requirement,
    block_cost,
    blocker_capacity,
    max_blockers,
    max_blockers_total,
    min_blockers,
    others_needed,
)

__all__ = ["closest_separable", "separable"]

#: Requirements about one creature's blocks (509.1c): to block one attacker, or to block.
_PAIR_KINDS = frozenset({"lure", "must_block"})
_BLOCKS_KINDS = frozenset({"blocks_each_combat", "blocks_this_turn"})


def separable(board: Board, options: BlockOptions, reqs: list[Requirement], paid: frozenset[str]) -> bool:
    """Whether ``options.defender``'s declaration is separable (module docstring): only
    restrictions on single blocks and each blocker's number of attackers, only requirements
    about one creature."""
    if any(r.kind not in _PAIR_KINDS and r.kind not in _BLOCKS_KINDS for r in reqs):
        return False
    n = len(options.eligible)
    total = max_blockers_total(board)
    if total is not None and total < n:
        return False
    for a in options.attackers:
        attacker = board.permanent(a)
        high = max_blockers(attacker)
        if min_blockers(attacker)[0] > 1 or (high is not None and high < n) or attacker.has("blocked_only_by_all"):
            return False
    for b in options.eligible:
        blocker = board.permanent(b)
        cap = blocker_capacity(blocker)
        if (cap is not None and cap < 1) or others_needed(blocker) or blocker.values("cant_block_unless_also") \
                or (b in paid and block_cost(board, blocker) is not None):
            return False
    return True


def closest_separable(board: Board, options: BlockOptions, reqs: list[Requirement],
                      declared: Declaration) -> dict[str, tuple[str, ...]]:
    """The declaration closest to ``declared`` (fewest blocks added or removed) among those
    obeying every restriction and the most requirements (509.1c), of a :func:`separable`
    declaration; attackers in declaration order."""
    order = {a: i for i, a in enumerate(options.attackers)}
    named: dict[str, dict[str, int]] = {}  # blocker -> attacker -> requirements naming the pair
    must_block: set[str] = set()
    for r in reqs:
        if r.kind in _PAIR_KINDS:
            row = named.setdefault(r.creature or "", {})
            row[r.attacker or ""] = row.get(r.attacker or "", 0) + 1
        else:
            must_block.add(r.creature or "")
    out: dict[str, tuple[str, ...]] = {}
    for b in options.eligible:
        row = named.get(b, {})
        mine = [a for a in dict.fromkeys(declared.get(b, ())) if a in order and options.possible(b, a)]
        cap = blocker_capacity(board.permanent(b))
        chosen = sorted(row, key=lambda a: (-row[a], a not in mine, order[a]))[:cap]
        room = len(order) if cap is None else cap - len(chosen)
        chosen += [a for a in sorted(mine, key=order.__getitem__) if a not in row][:room]
        if not chosen and b in must_block:
            chosen = [next(a for a in options.attackers if options.possible(b, a))]
        if chosen:
            out[b] = tuple(sorted(chosen, key=order.__getitem__))
    return out
