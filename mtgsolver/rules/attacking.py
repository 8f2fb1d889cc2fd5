"""The declare-attackers problem read off a board, without a solver (CR 508.1).

:func:`attack_problem` gathers everything 508.1 needs: the creatures that could attack,
what each may attack and at what cost (508.1a-c, 302.6, 310.8b, 508.1h), the global
restrictions (``can't attack alone``, ``no more than N creatures can attack``) and the
requirements (508.1d, 701.15b-d). :func:`declaration_reasons` and :func:`obeyed` judge a given
declaration; the CP-SAT model in :mod:`mtgsolver.encodings.attacks` searches over them.

Conventions
-----------
* Every opponent of the active player is a defending player (506.2, 802: attacking multiple
  players). Targets are each opponent, the planeswalkers they control and the battles they
  protect (506.3, 508.1b, 310.8b).
* A cost to attack "you" (``attack_tax`` on a permanent, an ``attack_cost`` effect with a
  ``defender``) applies to creatures attacking that player, not their planeswalkers
  (Propaganda ruling 2014-02-01), unless the tax says "you or planeswalkers you control"
  (Norn's Annex, Sphere of Safety: :class:`~mtgsolver.model.attack_tax.AttackTax`); an X in it
  is counted on the board as attackers are declared (107.3c, 508.1h). A creature's own
  ``attack_cost`` applies to any attack.
* "No more than N creatures can attack you" (``max_attackers_against_controller`` on a
  permanent, a ``max_attackers_against`` effect) caps the creatures attacking that player,
  not their planeswalkers (Crawlspace ruling 2014-02-01; 508.1c).
* ``paid_costs`` names the creatures whose cost their controller chose to pay. A creature may
  make an attack that needs a cost only if it is named there; no requirement ever demands a
  cost (508.1d).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from mtgsolver.model import Board, ManaCost, Permanent
from mtgsolver.model.attack_tax import DOMAIN, AttackTax
from mtgsolver.model.mana import ManaSymbol
from mtgsolver.rules.filters import creature_matches, player_matches
from mtgsolver.rules.layers import source_note
from mtgsolver.rules.state_based import dies_before_declaring, why_it_dies

__all__ = [
    "AttackProblem",
    "Reason",
    "Requirement",
    "Target",
    "attack_problem",
    "declaration_reasons",
    "obeyed",
    "total_cost",
]


@dataclass(frozen=True)
class Reason:
    """A broken restriction or requirement: the rule, the creature (or ``None``) and a sentence."""

    rule: str
    creature: str | None
    message: str


@dataclass(frozen=True)
class Target:
    """Something a creature may attack: ``id`` (player name or permanent id), ``kind``
    (``player``, ``planeswalker`` or ``battle``) and its defending player (508.5)."""

    id: str
    kind: str
    defender: str


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d). ``kind``: ``attack`` (attacks if able), ``attack_target``
    (attacks ``target`` if able) or ``attack_player_other_than`` (attacks a player other than
    ``by`` if able, 701.15b)."""

    rule: str
    creature: str
    kind: str
    text: str
    target: str | None = None
    by: str | None = None

    def satisfied_by(self, target: str | None, board: Board) -> bool:
        """Whether the creature attacking ``target`` (``None``: not attacking) obeys it."""
        if target is None:
            return False
        if self.kind == "attack":
            return True
        if self.kind == "attack_target":
            return target == self.target
        return board.is_player(target) and target != self.by


@dataclass
class AttackProblem:
    """Everything 508.1 asks about one board.

    ``creatures``: ids of the active player's creatures that can attack at all (508.1a,
    302.6, 508.1c), sorted. ``options[c]``: target id -> cost of that attack (``None`` when
    free); a target missing from it is forbidden (``refusals[c][t]`` says why).
    ``requirements`` are listed in a fixed order (creature id, then kind). ``player_caps``:
    defending player -> (the most creatures that can attack that player, where the cap comes from).
    """

    board: Board
    active: str
    targets: dict[str, Target]
    creatures: list[str]
    options: dict[str, dict[str, ManaCost | None]]
    cost_sources: dict[tuple[str, str], list[str]]
    refusals: dict[str, dict[str, Reason]]
    unable: dict[str, Reason]
    cant_alone: list[str]
    max_total: tuple[int, str] | None
    requirements: list[Requirement] = field(default_factory=list)
    player_caps: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: creature -> how many other creatures must attack with it ("can't attack alone": 1;
    #: "unless at least N other creatures attack", 508.1c)
    others_needed: dict[str, int] = field(default_factory=dict)
    #: creature -> [(creatures of which one must also attack, what they are)] ("can't attack
    #: unless a black or green creature also attacks", Scarred Puma; Okk; 508.1c)
    also: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    #: creatures that "can only attack alone" (Errantry; 506.5, 508.1c)
    alone_only: list[str] = field(default_factory=list)

    def label(self, pid: str) -> str:
        """``name (id)`` for a permanent, the name for a player."""
        b = self.board
        if b.has_permanent(pid):
            return f"{b.permanent(pid).name} ({pid})"
        return pid

    def allowed(self, creature: str, target: str, paid: frozenset[str]) -> bool:
        """May ``creature`` attack ``target`` given the creatures whose costs are paid?"""
        opts = self.options.get(creature, {})
        if target not in opts:
            return False
        return opts[target] is None or creature in paid


# --------------------------------------------------------------------------- building
def _targets(board: Board, active: str) -> dict[str, Target]:
    """506.2, 506.3, 508.1b, 310.8b: opponents, their planeswalkers, battles they protect."""
    opponents = board.opponents(active)
    out = {p: Target(p, "player", p) for p in opponents}
    for perm in sorted(board.permanents, key=lambda p: p.id):
        if perm.is_battle:
            protector = board.defending_player_of(perm.id)
            if protector in opponents:
                out[perm.id] = Target(perm.id, "battle", protector)
        elif perm.is_planeswalker and perm.controller in opponents:
            out[perm.id] = Target(perm.id, "planeswalker", perm.controller)
    return out


def _cost_present(cost: ManaCost) -> bool:
    """118.5: a cost of {0} is still a cost (it is not paid automatically); only an empty
    cost is none."""
    return bool(cost.symbols)


def total_cost(costs: Iterable[ManaCost]) -> ManaCost:
    """The sum of several costs with the generic parts added up (508.1h): ``{2}{2}{W}`` -> ``{4}{W}``."""
    generic = 0
    rest: list[ManaSymbol] = []
    for cost in costs:
        for s in cost.symbols:
            if s.is_generic and not s.variable:
                generic += s.generic
            else:
                rest.append(s)
    head = (ManaSymbol(generic=generic),) if generic else ()
    return ManaCost(head + tuple(rest))


def _cant_attack_target(board: Board, creature: Permanent, value: str, target: Target) -> bool:
    """``{cant_attack: X}``: X is a player, ``planeswalkers``, ``battles`` or a permanent id.

    :raises BoardError: X is none of these (the board reader checks those written on a permanent).
    """
    if value == "planeswalkers":
        return target.kind == "planeswalker"
    if value == "battles":
        return target.kind == "battle"
    if board.is_player(value) or board.has_permanent(value):
        return target.id == value
    raise board.error(creature.id, f"cant_attack value {value!r} is not a player, a permanent id, "
                      "'planeswalkers' or 'battles'")


def _unable(perm: Permanent, active: str) -> Reason | None:
    """508.1a, 302.6, 702.3b, 508.1c: why a creature can't attack at all (or ``None``)."""
    who = f"{perm.name} ({perm.id})"
    if perm.controller != active:
        return Reason("508.1a", perm.id, f"{who} is controlled by {perm.controller}, not the active player {active}.")
    if not perm.is_creature:
        return Reason("506.3", perm.id, f"{who} is not a creature; only creatures attack.")
    if perm.is_battle:
        return Reason("508.1a", perm.id, f"{who} is a battle; battles can't attack.")
    if perm.tapped:
        return Reason("508.1a", perm.id, f"{who} is tapped; attacking creatures must be untapped.")
    if (rule := dies_before_declaring(perm)) is not None:
        return Reason(rule, perm.id, why_it_dies(perm, rule) + ".")
    if perm.summoning_sick and not perm.has_keyword("haste"):
        return Reason("302.6", perm.id, f"{who} has not been controlled continuously since the turn began and has no haste.")
    if perm.has_keyword("defender") and not perm.has("can_attack_despite_defender"):  # High Alert
        return Reason("702.3b", perm.id, f"{who} has defender and can't attack.")
    if any(v is None for v in perm.values("cant_attack")):
        return Reason("508.1c", perm.id, f"{who} can't attack{source_note(None, perm, 'cant_attack')}.")
    return None


def _refusal(board: Board, perm: Permanent, target: Target) -> Reason | None:
    """508.1c: restrictions on attacking one particular target."""
    who = f"{perm.name} ({perm.id})"
    for value in perm.values("cant_attack"):
        if value is not None and _cant_attack_target(board, perm, value, target):
            return Reason("508.1c", perm.id, f"{who} can't attack {value}{source_note(board, perm, f'cant_attack: {value}')}.")
    for value in perm.values("cant_attack_planeswalkers_of"):
        if target.kind == "planeswalker" and target.defender == value:
            return Reason("508.1c", perm.id, f"{who} can't attack planeswalkers {value} controls.")
    for flt in perm.values("cant_attack_if_defender"):
        if player_matches(flt, board.player(target.defender).life, board.controlled_by(target.defender)):
            return Reason("508.1c", perm.id,
                          f"{who} can't attack if the defending player {flt.describe()}; {target.defender} does.")
    for kind in perm.values("cant_attack_unless_more"):
        mine = sum(1 for p in board.controlled_by(perm.controller) if kind in p.types)
        theirs = sum(1 for p in board.controlled_by(target.defender) if kind in p.types)
        if mine <= theirs:
            return Reason("508.1c", perm.id, f"{who} can't attack unless its controller controls more {kind}s than "
                                             f"the defending player ({mine} against {theirs} of {target.defender}).")
    for flt in perm.values("cant_attack_unless"):
        player = board.player(target.defender)
        if not player_matches(flt, player.life, board.controlled_by(target.defender)):
            return Reason("508.1c", perm.id,
                          f"{who} can't attack unless the defending player {flt.describe()}; {target.defender} doesn't.")
    return None


def _costs(board: Board, perm: Permanent, target: Target) -> tuple[list[ManaCost], list[str]]:
    """508.1d, 508.1h: the costs to attack ``target`` with ``perm`` and where they come from."""
    costs: list[ManaCost] = []
    sources: list[str] = []
    for cost in perm.values("attack_cost"):
        costs.append(cost)
        sources.append(f"{cost} ({perm.name}'s own cost)")
    if target.kind in ("player", "planeswalker"):
        taxed = tuple(board.controlled_by(target.defender))
        for other in sorted(taxed, key=lambda p: p.id):
            for value in other.values("attack_tax"):
                tax = AttackTax.of(value)
                if not tax.covers(target.kind):
                    continue
                cost = tax.amount(taxed)
                costs.append(cost)
                counted = "basic land types among lands" if tax.x_counts == DOMAIN else f"{tax.x_counts}s"
                x = "" if tax.x_counts is None else f", X = {tax.x_value(taxed)}: {counted} {target.defender} controls"
                sources.append(f"{cost} ({other.name}, {other.id}{x})")
    if target.kind == "player":
        for eff in board.effects_of("attack_cost"):
            if eff.defender == target.id and eff.cost is not None:
                costs.append(eff.cost)
                sources.append(f"{eff.cost} ({eff.source or 'effect'})")
    kept = [(c, s) for c, s in zip(costs, sources) if _cost_present(c)]
    return [c for c, _ in kept], [s for _, s in kept]


def _player_caps(board: Board, defenders: Iterable[str]) -> dict[str, tuple[int, str]]:
    """508.1c: "No more than N creatures can attack you" (Crawlspace) per defending player."""
    out: dict[str, tuple[int, str]] = {}
    for player in sorted(defenders):
        caps = [(n, f"{perm.name}, {perm.id}") for perm in sorted(board.controlled_by(player), key=lambda p: p.id)
                for n in perm.values("max_attackers_against_controller")]
        caps += [(e.n, e.source or "effect") for e in board.effects_of("max_attackers_against")
                 if e.defender == player and e.n is not None]
        if caps:
            out[player] = min(caps, key=lambda c: c[0])
    return out


def _requirements(board: Board, active: str) -> list[Requirement]:
    """508.1d and 701.15b-d: every requirement on the active player's creatures."""
    reqs: list[Requirement] = []
    mine = {p.id: p for p in board.creatures(active) if not p.is_battle}

    def name(cid: str) -> str:
        return f"{mine[cid].name} ({cid})"

    for cid in sorted(mine):
        perm = mine[cid]
        for _ in perm.statics("attacks_each_combat"):
            reqs.append(Requirement("508.1d", cid, "attack", f"{name(cid)} attacks each combat if able"
                                                              f"{source_note(board, perm, 'attacks_each_combat')}."))
    for eff in board.effects:
        if eff.kind == "attacks_this_turn" and eff.creature in mine:
            reqs.append(Requirement("508.1d", eff.creature, "attack",
                                    f"{name(eff.creature)} attacks this turn if able ({eff.source or 'effect'})."))
        elif eff.kind == "must_attack" and eff.creature in mine:
            reqs.append(Requirement("508.1d", eff.creature, "attack_target",
                                    f"{name(eff.creature)} attacks {eff.target} this turn if able "
                                    f"({eff.source or 'effect'}).", target=eff.target))
        elif eff.kind == "all_attack_this_turn" and eff.controller == active:
            for cid in sorted(mine):
                reqs.append(Requirement("508.1d", cid, "attack",
                                        f"{name(cid)} attacks this turn if able ({eff.source or 'each creature attacks'})."))
    goaders: dict[str, list[str]] = {}
    for eff in board.effects_of("goaded"):
        if eff.creature in mine and eff.by not in goaders.setdefault(eff.creature, []):
            goaders[eff.creature].append(eff.by)  # 701.15d: the same player again adds nothing
    for cid in sorted(goaders):
        for by in sorted(goaders[cid]):
            reqs.append(Requirement("701.15b", cid, "attack", f"{name(cid)} is goaded by {by} and attacks each combat if able.", by=by))
            reqs.append(Requirement("701.15b", cid, "attack_player_other_than",
                                    f"{name(cid)} is goaded by {by} and attacks a player other than {by} if able.", by=by))
    order = {"attack": 0, "attack_target": 1, "attack_player_other_than": 2}
    return sorted(reqs, key=lambda r: (r.creature, order[r.kind], r.by or "", r.target or ""))


def attack_problem(board: Board) -> AttackProblem:
    """Read the declare-attackers problem off ``board`` (508.1a-d).

    :raises BoardError: a ``cant_attack`` value that names nothing on the board.
    """
    active = board.active_player
    targets = _targets(board, active)
    creatures: list[str] = []
    options: dict[str, dict[str, ManaCost | None]] = {}
    cost_sources: dict[tuple[str, str], list[str]] = {}
    refusals: dict[str, dict[str, Reason]] = {}
    unable: dict[str, Reason] = {}
    cant_alone: list[str] = []
    for perm in sorted(board.permanents, key=lambda p: p.id):
        if not perm.is_creature or perm.controller != active:
            continue
        why = _unable(perm, active)
        if why is not None:
            unable[perm.id] = why
            continue
        opts: dict[str, ManaCost | None] = {}
        refusals[perm.id] = {}
        for tid, target in targets.items():
            refusal = _refusal(board, perm, target)
            if refusal is not None:
                refusals[perm.id][tid] = refusal
                continue
            costs, sources = _costs(board, perm, target)
            opts[tid] = total_cost(costs) if costs else None
            if costs:
                cost_sources[(perm.id, tid)] = sources
        if opts:
            creatures.append(perm.id)
            options[perm.id] = opts
            if perm.has("cant_attack_alone"):
                cant_alone.append(perm.id)
    caps = [(e.n, e.source or "effect") for e in board.effects_of("max_attackers_total") if e.n is not None]
    caps += [(n, f"{p.name}, {p.id}") for p in sorted(board.permanents, key=lambda p: p.id)
             for n in p.values("max_attackers_each_combat")]
    others, also = _companions(board, creatures)
    return AttackProblem(
        board=board, active=active, targets=targets, creatures=creatures, options=options,
        cost_sources=cost_sources, refusals=refusals, unable=unable, cant_alone=cant_alone,
        max_total=min(caps) if caps else None, requirements=_requirements(board, active),
        player_caps=_player_caps(board, board.opponents(active)), others_needed=others, also=also,
        alone_only=[c for c in creatures if board.permanent(c).has("attacks_only_alone")],
    )


def _companions(board: Board, creatures: list[str]) -> tuple[dict[str, int], dict[str, list[tuple[tuple[str, ...], str]]]]:
    """508.1c: restrictions on who else attacks: "can't attack alone" and "unless at least N
    other creatures attack" (the largest N), and "unless a [filter] creature also attacks"
    (the creatures able to attack that match, relative filters compared with the creature)."""
    others: dict[str, int] = {}
    also: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for cid in creatures:
        perm = board.permanent(cid)
        need = max([1 if perm.has("cant_attack_alone") else 0] + perm.values("cant_attack_unless_others"))
        if need:
            others[cid] = need
        for filters in perm.values("cant_attack_unless_also"):
            match = tuple(o for o in creatures if o != cid
                          and any(creature_matches(f, board.permanent(o), own=perm) for f in filters))
            also.setdefault(cid, []).append((match, " or ".join(f.describe() for f in filters)))
    return others, also


# --------------------------------------------------------------------------- judging
def obeyed(problem: AttackProblem, attacks: dict[str, str]) -> list[bool]:
    """For each requirement in order, whether the declaration ``attacks`` (creature -> target) obeys it."""
    return [r.satisfied_by(attacks.get(r.creature), problem.board) for r in problem.requirements]


def declaration_reasons(problem: AttackProblem, attacks: dict[str, str], paid: frozenset[str]) -> list[Reason]:
    """Every restriction the declaration breaks (508.1a-c, 302.6, 310.8b, 508.1h), in creature order."""
    board = problem.board
    out: list[Reason] = []
    for cid in sorted(attacks):
        target = attacks[cid]
        perm = board.permanent(cid)
        who = problem.label(cid)
        if cid in problem.unable:
            out.append(problem.unable[cid])
            continue
        if perm.controller != problem.active or not perm.is_creature:
            out.append(_unable(perm, problem.active))  # type: ignore[arg-type]
            continue
        if target not in problem.targets:
            out.append(_bad_target(problem, cid, target))
            continue
        if target in problem.refusals.get(cid, {}):
            out.append(problem.refusals[cid][target])
            continue
        cost = problem.options[cid][target]
        if cost is not None and cid not in paid:
            sources = "; ".join(problem.cost_sources[(cid, target)])
            out.append(Reason("508.1h", cid, f"{who} can attack {problem.label(target)} only if its controller pays "
                                             f"{cost} ({sources}); that cost is not among the paid costs."))
    for cid, need in sorted(problem.others_needed.items()):
        if cid in attacks and len(attacks) - 1 < need:
            if need == 1:
                out.append(Reason("508.1c", cid, f"{problem.label(cid)} can't attack alone and is the only attacker."))
            else:
                out.append(Reason("508.1c", cid, f"{problem.label(cid)} can't attack unless at least {need} other "
                                                 f"creatures attack; {len(attacks) - 1} do."))
    for cid in problem.alone_only:
        if cid in attacks and len(attacks) > 1:
            out.append(Reason("508.1c", cid, f"{problem.label(cid)} can only attack alone (506.5); "
                                             f"{len(attacks) - 1} other creature(s) attack."))
    for cid, needs in sorted(problem.also.items()):
        for match, what in needs:
            if cid in attacks and not any(o in attacks for o in match):
                out.append(Reason("508.1c", cid, f"{problem.label(cid)} can't attack unless a creature with {what} "
                                                 "also attacks, and none does."))
    if problem.max_total is not None and len(attacks) > problem.max_total[0]:
        n, source = problem.max_total
        out.append(Reason("508.1c", None, f"No more than {n} creature{'s' if n != 1 else ''} can attack ({source}); "
                                          f"{len(attacks)} are declared."))
    for player, (n, source) in problem.player_caps.items():
        count = sum(1 for t in attacks.values() if t == player)
        if count > n:
            out.append(Reason("508.1c", None, f"No more than {n} creature{'s' if n != 1 else ''} can attack {player} "
                                              f"({source}); {count} are declared attacking {player}."))
    return out


def _bad_target(problem: AttackProblem, cid: str, target: str) -> Reason:
    """506.2, 508.1b, 310.8b: why ``target`` is not something the active player can attack."""
    board = problem.board
    who = problem.label(cid)
    if target == problem.active:
        return Reason("506.2", cid, f"{who} attacks its own controller {target}; only opponents can be attacked.")
    if board.has_permanent(target):
        perm = board.permanent(target)
        if perm.is_battle:
            return Reason("310.8b", cid, f"{who} attacks {perm.name} ({target}), a battle {problem.active} protects; "
                                         "a battle's protector can't attack it.")
        return Reason("508.1b", cid, f"{who} attacks {perm.name} ({target}), which {problem.active} controls; "
                                     "only planeswalkers a defending player controls can be attacked.")
    return Reason("508.1b", cid, f"{who} attacks {target}, which is not a defending player, planeswalker or battle.")
