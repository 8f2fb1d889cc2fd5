"""Paying the total cost to attack or block with real mana (CR 508.1f-j, 509.1d-f).

The total cost (508.1h, 509.1d) is paid from the player's mana abilities (508.1i, 509.1e) by the
payment solver (:func:`mtgsolver.solver.payment.pay`). Attacking creatures are tapped before
that (508.1f), so an attacking creature without vigilance can't tap for mana to pay; blocking
creatures don't tap. :class:`Payer` answers, for a declaration, whether its total is payable, and
caches answers: payability only gets harder as attacks are added, which makes an unpayable
declaration a sound cut for the CP-SAT search (:mod:`mtgsolver.encodings.attacks`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..encodings.cpsat import Deadline
from ..model import Board, ManaCost

if TYPE_CHECKING:  # pragma: no cover - the payment solver loads when a cost is not free (start-up, issue 13)
    from .payment import PaymentResult

__all__ = ["Payer", "describe_payment", "free"]

#: Objective levels when only payability matters (the report uses the default levels)
_FEASIBLE = ("life",)


def free(cost: ManaCost) -> bool:
    """A total with nothing to pay ({0} is paid with no mana, 118.5)."""
    return all(s.is_generic and not s.variable and s.generic == 0 for s in cost.symbols)


@dataclass
class Payer:
    """Pays ``player``'s total costs on ``board``; ``tapped``: creatures the declaration taps
    (attackers without vigilance, 508.1f), given per call."""

    board: Board
    player: str
    deadline: Deadline
    cache: dict[tuple[str, frozenset[str]], bool | None] = field(default_factory=dict)

    def board_for(self, tapped: frozenset[str]) -> Board:
        if not tapped:
            return self.board
        return self.board.replace(permanents=tuple(replace(p, tapped=True) if p.id in tapped else p
                                                   for p in self.board.permanents))

    def payable(self, total: ManaCost, tapped: frozenset[str] = frozenset()) -> bool | None:
        """Can the player pay ``total`` (``None``: the time limit ran out first)?"""
        if free(total):
            return True
        key = (str(total), tapped)
        if key not in self.cache:
            from .payment import pay

            result = pay(self.board_for(tapped), total, player=self.player, objective=_FEASIBLE,
                         time_limit=max(0.05, self.deadline.remaining()))
            self.cache[key] = result.payable
        return self.cache[key]

    def payment(self, total: ManaCost, tapped: frozenset[str] = frozenset()) -> PaymentResult | None:
        """The payment solver's plan for ``total`` (default objective), ``None`` if nothing to pay."""
        if free(total):
            return None
        from .payment import pay

        return pay(self.board_for(tapped), total, player=self.player, time_limit=max(0.05, self.deadline.remaining()))


def describe_payment(result: PaymentResult) -> tuple[str, ...]:
    """Which sources pay, one line per activation (and life or pool mana), as answers print them."""
    lines = [f"{a.source}: {a.ability} -> {''.join('{' + t + '}' for t in a.mana)}" for a in result.activations]
    if result.life_paid:
        lines.append(f"{result.life_paid} life (119.4)")
    pool = [u.type for s in result.assignment for u in s.mana if u.source == "pool"]
    if pool:
        lines.append("mana pool: " + "".join("{" + t + "}" for t in pool))
    return tuple(lines)
