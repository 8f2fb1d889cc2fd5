"""CP-SAT model of the declare-attackers choice (CR 508.1a-d, 701.15b-d).

One Boolean ``x[c, t]`` per creature ``c`` and target ``t`` it may attack (an attack that
needs a cost exists only when ``c``'s cost is paid, 508.1d). At most one per creature;
``attacks[c]`` is their sum. Restrictions (508.1c): ``can't attack alone`` and
"unless at least N other creatures attack" as ``attacks[c] => sum(other attackers) >= N``;
"unless a [filter] creature also attacks" as ``attacks[c] => OR(attacks of the matching)``; ``no more than N creatures can attack [you]`` as a
sum over every attack (or over the attacks on that player).
Each requirement's obeyed value is a 0/1 linear expression over the ``x`` (there is at most
one attack per creature), so the number of requirements obeyed is a plain sum (508.1d).

:meth:`AttackModel.maximum` finds the maximum number of requirements any restriction-obeying
declaration obeys; :meth:`AttackModel.best` then fixes that number and optimises further
objectives in order (lexicographic steps), returning a witness declaration.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Deadline, Model, solve
from mtgsolver.rules.attacking import AttackProblem

__all__ = ["AttackModel", "Found", "OBJECTIVES"]

#: suggest objectives: name -> (sense, what is summed per attacking creature)
OBJECTIVES = ("fewest-attackers", "most-attackers", "most-power")


@dataclass(frozen=True)
class Found:
    """A solve's result: ``value`` of the objective found, its proven ``bound``,
    ``optimal`` (proved) and the declaration ``attacks`` (creature -> target), or
    ``attacks=None`` when nothing was found within the time limit."""

    value: int
    bound: int
    optimal: bool
    attacks: dict[str, str] | None


#: ``accept(attacks)``: ``None`` when the declaration can be carried out (its total cost is
#: payable, 508.1h-j), else the attacks that can't all be made together (a cut), and whether
#: that was proved (False: the time limit stopped the check)
Accept = Callable[[dict[str, str]], "tuple[tuple[tuple[str, str], ...], bool] | None"]


class AttackModel:
    """The CP-SAT model of one :class:`AttackProblem`, with ``paid`` the creatures whose
    costs to attack their controller chose to pay (508.1d, 508.1h).

    ``accept`` (optional) checks each solution found, for what the model does not hold (the
    total cost paid with real mana, 508.1i); a refused solution becomes a cut (its attacks
    can't all be made) and the solve is repeated, so every answer is accepted and optimal
    among the accepted declarations (the cuts remove only refused ones and their supersets).
    """

    def __init__(self, problem: AttackProblem, paid: frozenset[str] = frozenset(), accept: Accept | None = None) -> None:
        self.problem = problem
        self.accept = accept
        self.cuts = 0
        self.unproved_cut = False
        m = self.model = Model()
        self.x: dict[tuple[str, str], cp_model.IntVar] = {}
        self.attacks: dict[str, cp_model.IntVar] = {}
        for c in problem.creatures:
            lits = []
            for t in problem.targets:
                if problem.allowed(c, t, paid):
                    lit = m.new_bool_var(f"x[{c},{t}]")
                    self.x[(c, t)] = lit
                    lits.append(lit)
            if not lits:
                continue
            a = m.new_bool_var(f"attacks[{c}]")
            m.add(sum(lits) == a)  # 508.1b: one target per attacking creature
            self.attacks[c] = a
        everyone = list(self.attacks.values())
        for c, need in problem.others_needed.items():  # 508.1c, 506.5: alone, N other creatures
            if c in self.attacks:
                others = [a for d, a in self.attacks.items() if d != c]
                m.add(sum(others) >= need).only_enforce_if(self.attacks[c])
        for c in problem.alone_only:  # 508.1c, 506.5: "can only attack alone"
            if c in self.attacks:
                m.add(sum(a for d, a in self.attacks.items() if d != c) == 0).only_enforce_if(self.attacks[c])
        for c, needs in problem.also.items():  # 508.1c: "unless a [filter] creature also attacks"
            if c in self.attacks:
                for match, _ in needs:
                    with_ = [self.attacks[o] for o in match if o in self.attacks]
                    if with_:
                        m.add_bool_or(with_).only_enforce_if(self.attacks[c])
                    else:
                        m.add(self.attacks[c] == 0)
        if problem.max_total is not None:  # 508.1c
            m.add(sum(everyone) <= problem.max_total[0])
        for player, (n, _) in problem.player_caps.items():  # 508.1c: "can attack you" (Crawlspace)
            m.add(sum(lit for (c, t), lit in self.x.items() if t == player) <= n)
        self.obeyed_terms = [self._obeyed(i) for i in range(len(problem.requirements))]

    def _obeyed(self, index: int) -> cp_model.LinearExprT:
        """508.1d: a 0/1 expression that is 1 when requirement ``index`` is obeyed."""
        r = self.problem.requirements[index]
        if r.kind == "attack":
            return self.attacks.get(r.creature, 0)
        if r.kind == "attack_target":
            return self.x.get((r.creature, r.target), 0)  # type: ignore[arg-type]
        return sum(lit for (c, t), lit in self.x.items()
                   if c == r.creature and self.problem.targets[t].kind == "player" and t != r.by)

    # -- objectives ------------------------------------------------------------------
    def objective_terms(self, name: str) -> tuple[int, list[cp_model.LinearExprT]]:
        """(sense, terms) of a suggest objective: sense 1 maximises, -1 minimises."""
        if name == "fewest-attackers":
            return -1, list(self.attacks.values())
        if name == "most-attackers":
            return 1, list(self.attacks.values())
        if name == "most-power":
            board = self.problem.board
            return 1, [(board.permanent(c).power or 0) * a for c, a in self.attacks.items()]
        raise AssertionError(f"unknown objective {name!r}: suggest_attacks checks it first")

    def agreement_terms(self, declared: dict[str, str]) -> list[cp_model.LinearExprT]:
        """Terms counting the creatures doing what ``declared`` has them do (closest witness)."""
        terms: list[cp_model.LinearExprT] = []
        for c, a in self.attacks.items():
            if c in declared:
                terms.append(self.x.get((c, declared[c]), 0))
            else:
                terms.append(1 - a)
        return terms

    def cost_terms(self) -> list[cp_model.LinearExprT]:
        """Mana value of the costs paid (508.1h), to prefer cheaper declarations."""
        out: list[cp_model.LinearExprT] = []
        for (c, t), lit in self.x.items():
            cost = self.problem.options[c][t]
            if cost is not None:
                out.append(max(1, cost.mana_value) * lit)
        return out

    # -- solving ---------------------------------------------------------------------
    def maximum(self, deadline: Deadline) -> Found:
        """508.1d: the most requirements a restriction-obeying declaration obeys."""
        self.model.maximize(sum(self.obeyed_terms))
        found = self._run(deadline, 1)
        if found.attacks is None:  # no attack at all obeys every restriction (508.1c): 0 is reached
            return Found(0, len(self.obeyed_terms), False, {})
        return found

    def best(self, obeyed_at_least: int, steps: Sequence[tuple[int, list[cp_model.LinearExprT]]],
             deadline: Deadline) -> Found:
        """A declaration obeying at least ``obeyed_at_least`` requirements, optimising ``steps``
        ((sense, terms), ..., at least one) one after the other. ``optimal`` is True when every
        step was proved."""
        self.model.add(sum(self.obeyed_terms) >= obeyed_at_least)
        found = Found(0, 0, True, None)
        optimal = True
        for sense, terms in steps:
            expr = sum(terms)
            if sense > 0:
                self.model.maximize(expr)
            else:
                self.model.minimize(expr)
            found = self._run(deadline, sense)
            if found.attacks is None:
                return Found(found.value, found.bound, False, None)
            optimal &= found.optimal
            if sense > 0:  # keep this step's value while the next steps run
                self.model.add(expr >= found.value)
            else:
                self.model.add(expr <= found.value)
            self._hint(found.attacks)
        return Found(found.value, found.bound, optimal, found.attacks)

    def _hint(self, attacks: dict[str, str]) -> None:
        self.model.clear_hints()
        for (c, t), lit in self.x.items():
            self.model.add_hint(lit, attacks.get(c) == t)

    def forbid(self, attacks: Sequence[tuple[str, str]]) -> None:
        """A cut: these attacks are not all made together."""
        self.model.add_bool_or([self.x[a].Not() for a in attacks if a in self.x])
        self.cuts += 1

    def _run(self, deadline: Deadline, sense: int) -> Found:
        while True:
            result = solve(self.model, deadline.remaining())
            if not result.found:
                return Found(0, 0, False, None)
            attacks = {c: t for (c, t), lit in self.x.items() if result.value(lit)}
            refused = self.accept(attacks) if self.accept is not None else None
            if refused is None:
                break
            cut, proved = refused
            self.unproved_cut |= not proved
            self.forbid(cut)
            if deadline.expired():
                return Found(0, 0, False, None)
        if result.objective is None:
            return Found(0, 0, result.optimal, attacks)
        value = round(result.objective)
        bound = int(result.bound // 1) if sense > 0 else -int((-result.bound) // 1)
        optimal = result.optimal and not self.unproved_cut
        return Found(value, bound if not result.optimal else value, optimal, attacks)
