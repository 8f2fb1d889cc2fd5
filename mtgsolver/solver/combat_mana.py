"""Paying the total cost to attack or block with real mana (CR 508.1f-j, 509.1d-f).

The total cost (508.1h, 509.1d) is paid from the player's mana abilities (508.1i, 509.1e) by the
payment solver (:func:`mtgsolver.solver.payment.pay`). Attacking creatures are tapped before
that (508.1f), so an attacking creature without vigilance can't tap for mana to pay; blocking
creatures don't tap. :class:`Payer` answers, for a declaration, whether its total is payable, and
caches answers: payability only gets harder as attacks are added, which makes an unpayable
declaration a sound cut for the CP-SAT search (:mod:`mtgsolver.encodings.attacks`).

:func:`attack_acceptor` turns a :class:`Payer` into the ``accept`` hook of
:class:`~mtgsolver.encodings.attacks.AttackModel` (``attacks check``/``suggest`` and the attack
search of ``solve``), :func:`attack_payments` says which sources pay a declaration.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.model import Board, ManaCost
from mtgsolver.rules.attacking import AttackProblem, total_cost

if TYPE_CHECKING:  # pragma: no cover - the payment solver loads when a cost is not free (fast start)
    from mtgsolver.encodings.attacks import Accept, AttackModel
    from mtgsolver.solver.payment import PaymentResult

__all__ = ["Payer", "attack_acceptor", "attack_payments", "attack_total", "attacks_tapped", "costed_attacks",
           "cut_unpayable", "describe_payment", "free"]

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
            from mtgsolver.solver.payment import pay

            result = pay(self.board_for(tapped), total, player=self.player, objective=_FEASIBLE,
                         time_limit=max(0.05, self.deadline.remaining()))
            self.cache[key] = result.payable
        return self.cache[key]

    def payment(self, total: ManaCost, tapped: frozenset[str] = frozenset()) -> PaymentResult | None:
        """The payment solver's plan for ``total`` (default objective), ``None`` if nothing to pay."""
        if free(total):
            return None
        from mtgsolver.solver.payment import pay

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


# --------------------------------------------------------------------------- declare attackers
def costed_attacks(problem: AttackProblem, attacks: dict[str, str]) -> list[tuple[str, str]]:
    """The attacks in ``attacks`` that need a cost (508.1d), in creature order."""
    return [(c, attacks[c]) for c in sorted(attacks) if problem.options.get(c, {}).get(attacks[c]) is not None]


def attack_total(problem: AttackProblem, attacks: dict[str, str]) -> ManaCost:
    """508.1h: the total cost of a declaration."""
    return total_cost(problem.options[c][t] for c, t in costed_attacks(problem, attacks))  # type: ignore[misc]


def attacks_tapped(problem: AttackProblem, attacks: dict[str, str]) -> frozenset[str]:
    """508.1f: the attackers that become tapped (all but those with vigilance, 702.20b)."""
    board = problem.board
    return frozenset(c for c in attacks if board.has_permanent(c) and not board.permanent(c).has_keyword("vigilance"))


def attack_acceptor(problem: AttackProblem, payer: Payer) -> Accept:
    """508.1h-j: a declaration is carried out only if its total cost is payable. A refused one
    is cut with its costed attacks and the tapped attackers that have mana abilities (or every
    tapped attacker, when a mana ability of the player's mentions creatures or taps untapped
    permanents for its cost, Seton's "Tap an untapped Druid you control"): any declaration
    making all of those attacks costs at least as much from no more sources."""
    board = problem.board
    creature_costs = any("creature" in a.text.lower() or any(c.kind == "tap_untapped" for c in a.costs)
                         for p in board.controlled_by(problem.active) for a in p.mana_abilities)

    def accept(attacks: dict[str, str]):
        total = attack_total(problem, attacks)
        if free(total):
            return None
        tapped = attacks_tapped(problem, attacks)
        ok = payer.payable(total, tapped)
        if ok:
            return None
        cut = set(costed_attacks(problem, attacks))
        cut |= {(c, attacks[c]) for c in tapped if creature_costs or board.permanent(c).mana_abilities}
        return tuple(sorted(cut)), ok is not None

    return accept


def attack_payments(problem: AttackProblem, payer: Payer, attacks: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """508.1i: which sources pay a declaration's total cost (the payment solver's plan)."""
    result = payer.payment(attack_total(problem, attacks), attacks_tapped(problem, attacks))
    if result is None or not result.payable:
        return {}
    return {problem.active: describe_payment(result)}


def cut_unpayable(model: AttackModel, attacks: dict[str, str]) -> bool | None:
    """508.1i-j for a search over ``model`` (with an ``accept`` hook): True when the proposed
    declaration's total cost can be paid; False when it can't, after cutting it (and every
    declaration making the same costed attacks from no more sources) from ``model``; None when
    the time limit stopped the payment before it was proved."""
    refused = model.accept(attacks) if model.accept is not None else None
    if refused is None:
        return True
    cut, proved = refused
    if not proved:
        return None
    model.forbid(cut)
    return False
