"""What a declared combat does (CR 510, 702, 704.5, 120.3, 903.10a): ``mtgsolver damage``.

Each side's damage assignment (510.1: the active player's first, then the defending
player's) is chosen by an objective, optimised lexicographically on the CP-SAT model of
:mod:`mtgsolver.encodings.damage`; the outcome is read back with the rules behind it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Deadline, Model, solve
from mtgsolver.encodings.damage import DamageModel, creature_value
from mtgsolver.load import prepare
from mtgsolver.model import Board
from mtgsolver.model.errors import OptionError
from mtgsolver.rules.damage import choice_notes, unsupported_keywords
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.relevance import Bearing, damage_bearing
from mtgsolver.solver.result import JsonResult

__all__ = ["ATTACKER_OBJECTIVES", "DEFENDER_OBJECTIVES", "DamageResult", "combat_damage", "combat_unread"]

#: Objectives a player's damage assignment may follow, in lexicographic order: ``win``
#: (the opposing players lose and the player doesn't, 104.2a, 704.5a, c), ``life`` (net life:
#: what the opposing players lose less what lifelink gains them, less the player's own net
#: loss, 702.15b), ``damage`` (damage dealt to the opposing players), ``destroy`` (value of the
#: opposing creatures destroyed), all maximised; ``preserve`` (value of own creatures lost,
#: minimised).
ATTACKER_OBJECTIVES = ("win", "life", "destroy")
DEFENDER_OBJECTIVES = ("win", "life", "destroy")
OBJECTIVE_NAMES = ("win", "life", "damage", "destroy", "preserve")


def objective(dm: DamageModel, name: str, player: str) -> tuple[int, cp_model.LinearExprT]:
    """(sense, expression) of one objective for ``player``: 1 maximises, -1 minimises."""
    others = dm.board.opponents(player)
    if name == "win":
        return 1, sum(dm.loses(o) for o in others) - dm.loses(player)
    if name == "life":
        return 1, sum(dm.life_loss(o) - dm.life_gain(o) for o in others) - dm.life_loss(player) + dm.life_gain(player)
    if name == "damage":
        return 1, dm.damage_to_players(others)
    if name == "destroy":
        return 1, sum(dm.destroyed_value(o) for o in others)
    if name == "preserve":
        return -1, dm.destroyed_value(player)
    raise AssertionError(f"unknown objective {name!r}: combat_damage checks it first")


@dataclass(frozen=True)
class DamageResult(JsonResult):
    """The outcome of a declared combat.

    ``decided`` is None when the time limit stopped a step before it was proved, or when a
    creature in combat has text or keywords the model doesn't read (``unread``, ``notes``).
    ``players``: per player life, poison and whether they lose; ``permanents``: loyalty and
    defense of attacked planeswalkers and battles; ``destroyed``: creatures that died, with
    the step and rule; ``assignment``: each step's (source, recipient, assigned, dealt).
    """

    decided: bool | None
    players: tuple[dict[str, Any], ...]
    permanents: tuple[dict[str, Any], ...]
    destroyed: tuple[dict[str, Any], ...]
    assignment: tuple[dict[str, Any], ...]
    commander_damage: tuple[dict[str, Any], ...]
    reasons: tuple[str, ...]
    notes: tuple[str, ...] = ()
    unread: tuple[Any, ...] = ()
    objectives: dict[str, tuple[str, ...]] = field(default_factory=dict)
    not_relevant: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "decided": self.decided,
            "players": list(self.players),
            "permanents": list(self.permanents),
            "destroyed": list(self.destroyed),
            "assignment": list(self.assignment),
            "commander_damage": list(self.commander_damage),
            "reasons": list(self.reasons),
            "notes": list(self.notes),
            "unread": [u.to_dict() if hasattr(u, "to_dict") else u for u in self.unread],
            "not_relevant": [u.to_dict() for u in self.not_relevant],
            "objectives": {k: list(v) for k, v in self.objectives.items()},
        }


def combat_unread(board: Board, creatures: Sequence[str]) -> tuple[Bearing, list[str]]:
    """Unread text that could bear on combat among ``creatures`` (the rest with the reason it
    can't, :func:`mtgsolver.solver.relevance.damage_bearing`) and keywords the model can't
    account for."""
    bearing = damage_bearing(board, creatures)
    notes = [f"{board.permanent(c).name} ({c}) has {k.replace('_', ' ')}, which the damage model doesn't "
             "account for" + (" without its number, e.g. {" + k + ": 2}" if k in ("bushido", "rampage", "frenzy",
                                                                                   "afflict", "toxic") else "")
             for c in creatures for k in unsupported_keywords(board.permanent(c))]
    return bearing, notes


def _declaration(board: Board) -> tuple[dict[str, dict[str, int]], dict[str, tuple[str, ...]], dict[str, str]]:
    """The attack (creature -> its target), the blocks, and the creatures attacking nothing
    (506.4c) with their defending players."""
    attackers = board.combat.attackers if board.combat else ()
    x = {a.creature: {a.target: 1} for a in attackers if a.target is not None}
    nothing = {a.creature: a.defender for a in attackers if a.target is None}
    blocks = {b.creature: b.blocks for b in ((board.combat.blockers or ()) if board.combat else ())}
    return x, blocks, nothing  # type: ignore[return-value]


def optimise(model: cp_model.CpModel, steps: list[tuple[int, cp_model.LinearExprT]], deadline: Deadline
             ) -> tuple[Any, bool]:
    """Optimise ``steps`` one after the other, fixing each optimum; returns the last solve and
    whether every step was proved optimal (None solve: nothing found)."""
    proved, result = True, None
    for sense, expr in steps or [(1, 0)]:
        if isinstance(expr, int):
            model.clear_objective()
        elif sense > 0:
            model.maximize(expr)
        else:
            model.minimize(expr)
        result = solve(model, deadline.remaining())
        if not result.found:
            return None, False
        proved &= result.optimal
        if result.objective is not None and not isinstance(expr, int):
            value = round(result.objective)
            model.add(expr >= value) if sense > 0 else model.add(expr <= value)
    return result, proved


def combat_damage(board: Board, attacker_objectives: Sequence[str] = ATTACKER_OBJECTIVES,
                  defender_objectives: Sequence[str] = DEFENDER_OBJECTIVES, time_limit: float = 10.0) -> DamageResult:
    """The outcome of ``board.combat`` (attackers and blockers as declared).

    The attacking player's assignment follows ``attacker_objectives`` (default: the defending
    player loses, then the most net life lost, then the most value destroyed), then the
    defending player's assignment of blockers that block several creatures follows
    ``defender_objectives`` (510.1, 510.1d; default: not losing, net life, value). Once the
    game is over (a check leaves one player, 104.2a) no later step happens.

    A declared block that is illegal (509.1: a restriction broken, or fewer requirements
    obeyed than possible) is refused, not played out: ``blocks check`` says why.

    :raises OptionError: an objective not in :data:`OBJECTIVE_NAMES`.
    :raises BoardError: the board declares no attack, or an illegal block.
    """
    for option, names in (("attacker_objectives", attacker_objectives), ("defender_objectives", defender_objectives)):
        unknown = [n for n in names if n not in OBJECTIVE_NAMES]
        if unknown:
            raise OptionError(option, f"unknown objective {unknown[0]!r}; expected one of {', '.join(OBJECTIVE_NAMES)}")
    if board.combat is None or not board.combat.attackers:
        raise board.error("combat.attackers", "declare the attack to judge its damage")
    board = prepare(board)  # the board as it is now (613), once
    deadline = Deadline(time_limit)
    _legal_blocks(board, deadline)
    x, blocks, nothing = _declaration(board)
    model = Model()
    dm = DamageModel(board, model, x, blocks, game_ends=True, nothing=nothing)
    active = board.active_player
    defenders = sorted({board.defender_of(a) for a in board.combat.attackers}) or board.opponents(active)
    steps = dm.banding_steps()  # 702.22j: the defending player's division, announced with theirs but fixed first
    steps += [objective(dm, o, active) for o in attacker_objectives]
    steps += [objective(dm, o, defenders[0]) for o in defender_objectives]
    loses = {p.name: dm.loses(p.name) for p in board.players}
    result, proved = optimise(model, steps, deadline)
    bearing, notes = combat_unread(board, dm.creatures)
    unread = bearing.lines
    notes += choice_notes(board, list(dm.x), blocks)
    objectives = {"attacker": tuple(attacker_objectives), "defender": tuple(defender_objectives)}
    if result is None:
        return DamageResult(None, (), (), (), (), (), ("the time limit stopped the solver before it found an "
                                                       "assignment",), tuple(notes), unread, objectives,
                            bearing.not_relevant)
    notes += _players_leaving(board, dm, result.value)
    outcome = read_outcome(board, dm, result.value, loses, proved and not unread and not notes, notes, unread, objectives)
    outcome = replace(outcome, not_relevant=bearing.not_relevant)
    defender_of = {a.creature: board.defender_of(a) for a in board.combat.attackers}
    banded = [f"702.22j: {defender_of[a]} divides the combat damage of {_name(board, a)}, "
              "blocked by a creature with banding, losing the least value" for a in dm.divided_by_defender()]
    return replace(outcome, reasons=tuple(banded) + outcome.reasons) if banded else outcome


def _legal_blocks(board: Board, deadline: Deadline) -> None:
    """Refuse a declared block that 509.1 forbids (undecided ones are played out, their answer
    undecided with the unread lines)."""
    if board.combat is None or board.combat.blockers is None:
        return
    verdict = check_blocks(board, deadline.remaining(), explain=False)
    if verdict.legal is False:
        why = "; ".join(f"{v.message} ({v.rule})" for v in verdict.violations)
        raise board.error("combat.blockers", f"the declared block is illegal (509.1): {why}; damage plays out legal "
                          "blocks only (`blocks check` explains)")


def _players_leaving(board: Board, dm: DamageModel, read: Callable[[Any], int]) -> list[str]:
    """800.4a: a player who loses before the last damage step while the game goes on (three or
    more players) leaves it, with what they own; what that does to combat is not modelled."""
    out = []
    for s, ended in enumerate(dm.ended[1:], 2):
        if read(ended):
            break
        gone = [p.name for p in board.players if read(dm.lost_by(p.name, s - 1))]
        out += [f"800.4a: {who} loses the game before the regular combat damage step and leaves it; what leaves "
                "with them is not modelled" for who in gone]
    return out


def read_outcome(board: Board, dm: DamageModel, read: Callable[[Any], int], loses: dict[str, Any], decided: bool,
                 notes: list[str], unread: tuple[Any, ...], objectives: dict[str, tuple[str, ...]]) -> DamageResult:
    """The outcome of a solved :class:`DamageModel`, with the rules behind each change."""
    reasons: list[str] = []
    assignment = []
    for s, st in enumerate(dm.steps, 1):
        dealt = {(src, dst): q for src, dst, q in st.dealt}
        for src, dst, q in st.assigned:
            amount = read(q)
            if amount:
                done = read(dealt[src, dst]) if (src, dst) in dealt else 0
                assignment.append({"step": "first strike" if s == 1 else "regular", "source": src,
                                   "recipient": dst, "assigned": amount, "dealt": done})
                if not done:
                    reasons.append(f"702.16e: the {amount} damage {_name(board, src)} would deal to "
                                   f"{_name(board, dst)} is prevented by protection")
    players = []
    for p in board.players:
        loss, gain = read((dm.life_loss(p.name))), read((dm.life_gain(p.name)))
        poison = read((dm.poison(p.name)))
        lost = bool(read(loses[p.name]))
        after = p.life - loss + gain
        players.append({"name": p.name, "life": p.life, "life_after": after, "poison": p.poison,
                        "poison_after": p.poison + poison, "loses": lost})
        if loss:
            reasons.append(f"120.3a: {p.name} loses {loss} life from combat damage (and afflict, 702.130a)")
        if gain:
            reasons.append(f"702.15b: {p.name} gains {gain} life from lifelink")
        if poison:
            reasons.append(f"702.90b, 702.164c: {p.name} gets {poison} poison counters")
        if lost:
            reasons.append(f"704.5a, 704.5c, 704.6c: {p.name} loses the game (life {after}, poison "
                           f"{p.poison + poison})")
    for s, ended in enumerate(dm.ended, 1):
        if read(ended):
            after = "the afflict triggers (702.130a)" if s == 1 else "the first-strike combat damage step"
            reasons.append(f"104.2a: the game is over at the check after {after}; "
                           + ("no combat damage step happens" if s == 1 else "the regular combat damage step never "
                              "happens"))
            break
    permanents = []
    for t, lin in dm.lost_counters.items():
        perm = board.permanent(t)
        key = "loyalty" if perm.is_planeswalker else "defense"
        before = (perm.loyalty if perm.is_planeswalker else perm.defense) or 0
        lost = lin.value(read)
        permanents.append({"id": t, key: before, f"{key}_after": max(0, before - lost), "destroyed": before - lost <= 0})
        if lost:
            rule = "120.3c" if perm.is_planeswalker else "120.3h"
            reasons.append(f"{rule}: {_name(board, t)} loses {lost} {key}"
                           + (f"; {'704.5i' if perm.is_planeswalker else '704.5v'}: it is put into its owner's "
                              "graveyard" if before - lost <= 0 else ""))
    destroyed = []
    for c in dm.creatures:
        if not read(dm.gone[c]):
            continue
        step, rule = "before damage", "704.5f"
        if read(dm.pre_died[c]):
            rule = _death_rule(dm, c, read)
        else:
            for s, st in enumerate(dm.steps, 1):
                if read(st.died[c]):
                    step, rule = ("first strike" if s == 1 else "regular"), _death_rule(dm, c, read)
        back = bool(read(dm.returns(c)))
        destroyed.append({"creature": c, "controller": dm.perm[c].controller, "step": step, "rule": rule,
                          "returns": back, "value": creature_value(dm.perm[c])})
        reasons.append(f"{rule}: {_name(board, c)} dies ({step})"
                       + ("; it returns to the battlefield (702.93a undying / 702.79a persist)" if back else ""))
    cmd = []
    for c in dm.x:
        if dm.perm[c].is_commander:
            for p in board.players:
                dealt = read((dm.commander_damage(c, p.name)))
                if dealt:
                    total = p.commander_damage.get(c, 0) + dealt
                    cmd.append({"commander": c, "player": p.name, "dealt": dealt, "total": total})
                    reasons.append(f"903.10a: {_name(board, c)} has dealt {p.name} {total} combat damage as a commander")
    return DamageResult(decided if decided else None, tuple(players), tuple(permanents), tuple(destroyed),
                        tuple(assignment), tuple(cmd), tuple(reasons), tuple(notes), unread, objectives)


def _death_rule(dm: DamageModel, c: str, read: Callable[[Any], int]) -> str:
    """704.5f (toughness), 704.5h (deathtouch) or 704.5g (lethal damage)."""
    tough = dm.toughness[c].minus(dm.counters_received[c]).value(read)
    if tough <= 0:
        return "704.5f"
    if dm.marked[c].value(read) >= tough:
        return "704.5g"
    return "704.5h"


def _name(board: Board, ident: str) -> str:
    if board.has_permanent(ident):
        return f"{board.permanent(ident).name} ({ident})"
    return ident
