"""The blocking rules as plain Python tests (CR 509.1a-d, 702 evasion, 802.4).

Shared by the CP-SAT encoding (which blocks are possible at all) and the explanations
(why a declared block is illegal, why a requirement does nothing). Every test returns
:class:`Finding` objects citing the rule and saying, in a plain sentence, what is wrong.

A declaration is a mapping ``{blocker id: (attacker id, ...)}``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from mtgsolver.model import Board, Color, CreatureFilter, ManaCost, Permanent
from mtgsolver.model.errors import VocabularyError
from mtgsolver.model.keywords import is_landwalk, landwalk_type
from mtgsolver.rules.filters import creature_matches, player_matches, stat
from mtgsolver.rules.layers import source_note
from mtgsolver.rules.state_based import dies_before_declaring, why_it_dies

__all__ = [
    "BlockOptions", "Declaration", "Finding", "Requirement",
    "attackers_by_defender", "block_cost", "companions", "others_needed", "block_options", "blocker_capacity", "blocker_obstacles",
    "declared_blocks", "label", "max_blockers", "max_blockers_total", "min_blockers",
    "pair_obstacles", "requirement_bound", "requirements", "restriction_findings",
]

Declaration = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class Finding:
    """A rule (``"702.9b"``), the creature it is about, and a plain sentence."""

    rule: str
    creature: str | None
    message: str


def label(p: Permanent) -> str:
    """``Grizzly Bears (bears)``: how answers name a permanent."""
    return f"{p.name} ({p.id})"


# --------------------------------------------------------------------------- who fights whom
def attackers_by_defender(board: Board) -> dict[str, list[str]]:
    """Defending player -> the attackers attacking them, their planeswalkers or the battles
    they protect (506.2, 802.2a), in declaration order; players in the board's order."""
    out: dict[str, list[str]] = {p.name: [] for p in board.players}
    for attack in board.combat.attackers if board.combat else ():
        out[board.defender_of(attack)].append(attack.creature)  # attacking nothing, it may be blocked (506.4c)
    return {player: attackers for player, attackers in out.items() if attackers}


def declared_blocks(board: Board) -> dict[str, tuple[str, ...]]:
    """The board's declared blocks (blockers with an empty list don't block)."""
    blockers = board.combat.blockers if board.combat else None
    return {b.creature: tuple(b.blocks) for b in blockers or () if b.blocks}


# --------------------------------------------------------------------------- restrictions
def block_cost(board: Board, blocker: Permanent) -> ManaCost | None:
    """509.1d: the cost for this creature to block, ``None`` if it has none.

    The creature's own ``block_cost`` abilities plus every ``block_cost`` effect on its
    controller's creatures (War Cadence). A cost of {0} is still a cost: it is not paid
    unless the player chooses to pay it (War Cadence ruling).
    """
    costs = blocker.values("block_cost") + [
        e.cost for e in board.effects_of("block_cost") if e.controller == blocker.controller and e.cost is not None
    ]
    if not costs:
        return None
    total = ManaCost()
    for cost in costs:
        total = total + cost
    return total


def blocker_obstacles(board: Board, blocker: Permanent, defender: str, paid: frozenset[str]) -> list[Finding]:
    """Why ``blocker`` can't block at all in ``defender``'s declaration (empty: it can)."""
    who = label(blocker)
    out: list[Finding] = []
    if not blocker.is_creature:
        out.append(Finding("506.3", blocker.id, f"{who} is not a creature; only creatures can block"))
        return out
    if blocker.controller != defender:
        out.append(Finding("509.1a", blocker.id,
                           f"{who} is controlled by {blocker.controller}, not by the defending player {defender}"))
    if blocker.is_battle:
        out.append(Finding("509.1a", blocker.id, f"{who} is a battle; battles can't block"))
    if (rule := dies_before_declaring(blocker)) is not None:
        out.append(Finding(rule, blocker.id, why_it_dies(blocker, rule)))
    if blocker.tapped:
        out.append(Finding("509.1a", blocker.id, f"{who} is tapped; blocking creatures must be untapped"))
    if blocker.has("cant_block"):
        out.append(Finding("509.1b", blocker.id, f"{who} can't block"))
    for kind in blocker.values("cant_block_unless_more"):
        mine, theirs = _count(board, defender, kind), _count(board, board.active_player, kind)
        if mine <= theirs:
            out.append(Finding("509.1b", blocker.id, f"{who} can't block unless its controller controls more {kind}s "
                                                     f"than the attacking player ({mine} against {theirs})"))
    cost = block_cost(board, blocker)
    if cost is not None and blocker.id not in paid:
        out.append(Finding("509.1d", blocker.id,
                           f"{who} can't block unless its controller pays {cost or '{0}'}, and that cost "
                           "was not paid"))
    return out


def _count(board: Board, player: str, kind: str) -> int:
    """How many permanents of a card type (creature, land) ``player`` controls."""
    return sum(1 for p in board.controlled_by(player) if kind in p.types)


def has_quality(blocker: Permanent, quality: str) -> bool:
    """702.16a: does the blocker have this protection quality?"""
    q = quality.strip().lower()
    if q in ("everything", "creatures", "creature"):
        return True
    try:
        return Color.parse(q) in blocker.colors
    except VocabularyError:
        pass
    if q == "multicolored":
        return len(blocker.colors) >= 2
    if q == "monocolored":
        return len(blocker.colors) == 1
    if q == "colorless":
        return not blocker.colors
    if m := re.fullmatch(r"mana value (\d+) or (greater|less)", q):  # Mistmeadow Skulk (202.3)
        bound = int(m.group(1))
        return blocker.mana_value >= bound if m.group(2) == "greater" else blocker.mana_value <= bound
    singular = q[:-1] if q.endswith("s") else q
    traits = blocker.types | blocker.subtypes | blocker.supertypes
    return q in traits or singular in traits or q == blocker.controller


def _controls_land(board: Board, player: str, keyword: str) -> bool:
    """702.14c: does ``player`` control a land the landwalk keyword names?"""
    qualifier, kind = landwalk_type(keyword)
    for land in board.controlled_by(player):
        if not land.is_land or (kind != "land" and kind not in land.subtypes and kind not in land.types):
            continue
        if qualifier == "nonbasic" and land.is_basic:
            continue
        if qualifier in ("snow", "legendary") and qualifier not in land.supertypes:
            continue
        if qualifier == "artifact" and "artifact" not in land.types:  # Vectis Gloves: an artifact land
            continue
        return True
    return False


def pair_obstacles(board: Board, blocker: Permanent, attacker: Permanent, defender: str) -> list[Finding]:
    """Why ``blocker`` can't block ``attacker`` whatever else blocks (evasion, 702; filters,
    509.1b). Empty when the pair is possible."""
    return list(_pair_obstacles(board, blocker, attacker, defender))


def _pair_obstacles(board: Board, blocker: Permanent, attacker: Permanent, defender: str) -> Iterator[Finding]:
    """:func:`pair_obstacles` one at a time (whether a pair is possible needs only the first)."""
    def no(rule: str, why: str) -> Finding:
        return Finding(rule, blocker.id, f"{label(blocker)} can't block {label(attacker)}: {why}")

    if attacker.has("cant_be_blocked"):
        yield no("509.1b", f"{attacker.name} can't be blocked")
    if attacker.has_keyword("flying") and not (blocker.has_keyword("flying") or blocker.has_keyword("reach")):
        yield no("702.9b", f"{attacker.name} has flying{source_note(board, attacker, 'flying')} and {blocker.name} "
                           "has neither flying nor reach")
    if attacker.has_keyword("shadow") and not blocker.has_keyword("shadow") and not blocker.has("can_block_shadow"):
        yield no("702.28b", f"{attacker.name} has shadow and {blocker.name} doesn't")
    if blocker.has_keyword("shadow") and not attacker.has_keyword("shadow"):
        yield no("702.28b", f"{blocker.name} has shadow and {attacker.name} doesn't")
    if attacker.has_keyword("horsemanship") and not blocker.has_keyword("horsemanship"):
        yield no("702.31b", f"{attacker.name} has horsemanship and {blocker.name} doesn't")
    if attacker.has_keyword("fear") and not ("artifact" in blocker.types or Color.B in blocker.colors):
        yield no("702.36b", f"{attacker.name} has fear and {blocker.name} is neither an artifact creature nor black")
    if attacker.has_keyword("intimidate") and not ("artifact" in blocker.types or attacker.colors & blocker.colors):
        yield no("702.13b", f"{attacker.name} has intimidate and {blocker.name} is neither an artifact creature "
                            "nor shares a color with it")
    ignored = set(attacker.values("can_be_blocked_despite"))  # "as though it didn't have forestwalk" (702.14)
    for kw in sorted(k for k in attacker.keywords if is_landwalk(k) and not blocker.has("can_block_landwalk")
                     and k not in ignored):
        if _controls_land(board, defender, kw):
            yield no("702.14c", f"{attacker.name} has {kw.replace('_', ' ')}{source_note(board, attacker, kw)} and "
                                f"{defender} controls such a land")
    if attacker.has_keyword("skulk") and (blocker.power or 0) > (attacker.power or 0):
        yield no("702.118b", f"{attacker.name} has skulk and {blocker.name} has greater power "
                             f"({blocker.power} > {attacker.power})")
    for quality in sorted(attacker.protections):
        if quality == "everything":
            yield no("702.16j", f"{attacker.name} has protection from everything")
        elif quality == blocker.controller:
            yield no("702.16k", f"{attacker.name} has protection from {quality}, who controls {blocker.name}")
        elif has_quality(blocker, quality):
            yield no("702.16f", f"{attacker.name} has protection from {quality}"
                                f"{source_note(board, attacker, f'protection from {quality}')}")
    for st in attacker.statics("cant_be_blocked_by"):
        f = st.value
        if creature_matches(f, blocker, own=attacker):
            yield no("509.1b", f"{attacker.name} can't be blocked by creatures with {f.describe()}{_values(f, blocker, attacker)}"
                               f"{source_note(board, attacker, str(st))}")
    for filters in attacker.values("can_be_blocked_only_by"):
        if not any(creature_matches(f, blocker, own=attacker) for f in filters):
            yield no("509.1b", f"{attacker.name} can't be blocked except by creatures with {_any(filters)}")
    for flt in attacker.values("cant_be_blocked_if_defender"):
        if player_matches(flt, board.player(defender).life, board.controlled_by(defender)):
            yield no("509.1b", f"{attacker.name} can't be blocked as long as the defending player {flt.describe()}, "
                               f"and {defender} does")
    if attacker.has("cant_be_blocked_attacking_alone") and len(board.combat.attackers if board.combat else ()) == 1:
        yield no("509.1b", f"{attacker.name} can't be blocked as long as it's attacking alone, and it is (506.5)")
    for f in blocker.values("can_block_only"):
        if not creature_matches(f, attacker, own=blocker):
            yield no("509.1b", f"{blocker.name} can block only creatures with {f.describe()}{_values(f, attacker, blocker)}")
    for f in blocker.values("cant_block_creatures"):
        if creature_matches(f, attacker, own=blocker):
            yield no("509.1b", f"{blocker.name} can't block creatures with {f.describe()}{_values(f, attacker, blocker)}")


def _values(f: CreatureFilter, other: Permanent, own: Permanent) -> str:
    """`` (power 3 against 2)``: the numbers a relative filter compared, for explanations."""
    if not f.compared:
        return ""
    return " (" + "; ".join(f"{c.stat.replace('_', ' ')} {stat(other, c.stat)} against "
                            f"{c.own_stat.replace('_', ' ')} {stat(own, c.own_stat)}" for c in f.compared) + ")"


class BlockOptions:
    """``defender``'s creatures that may block at all (``eligible``) and whether a pair
    ``(blocker, attacker)`` is possible on its own (:func:`pair_obstacles`), each pair judged
    once, when first asked, for one declaration."""

    def __init__(self, board: Board, defender: str, attackers: tuple[str, ...], eligible: tuple[str, ...]) -> None:
        self.board, self.defender, self.attackers, self.eligible = board, defender, attackers, eligible
        self._eligible = frozenset(eligible)
        self._possible: dict[tuple[str, str], bool] = {}

    def possible(self, blocker: str, attacker: str) -> bool:
        """Whether ``blocker`` may block ``attacker``, whatever else blocks (509.1a-b, 702)."""
        key = (blocker, attacker)
        if key not in self._possible:
            self._possible[key] = blocker in self._eligible and next(_pair_obstacles(
                self.board, self.board.permanent(blocker), self.board.permanent(attacker), self.defender), None) is None
        return self._possible[key]

    @property
    def pairs(self) -> frozenset[tuple[str, str]]:
        """Every possible pair."""
        return frozenset((b, a) for b in self.eligible for a in self.attackers if self.possible(b, a))


def block_options(board: Board, defender: str, attackers: list[str], paid: frozenset[str]) -> BlockOptions:
    """509.1a-b, 509.1d, 702: who may block whom in ``defender``'s declaration, pair by pair."""
    eligible = tuple(c.id for c in board.creatures(defender) if not blocker_obstacles(board, c, defender, paid))
    return BlockOptions(board, defender, tuple(attackers), eligible)


def blocker_capacity(blocker: Permanent) -> int | None:
    """509.1a: how many attackers it may block (1 plus "can block an additional creature"
    abilities); ``None`` for "can block any number of creatures"."""
    if blocker.has("can_block_any_number"):
        return None
    return 1 + sum(blocker.values("can_block_additional"))


def min_blockers(attacker: Permanent) -> tuple[int, str]:
    """The fewest creatures that may block it, and the rule (702.111b menace, 509.1b)."""
    best, rule = 1, "509.1b"
    if attacker.has_keyword("menace"):
        best, rule = 2, "702.111b"
    for n in attacker.values("min_blockers"):
        if n > best:
            best, rule = n, "509.1b"
    return best, rule


def max_blockers(attacker: Permanent) -> int | None:
    """509.1b: "can't be blocked by more than N creatures" (the smallest N), or ``None``."""
    values = attacker.values("max_blockers")
    return min(values) if values else None


def max_blockers_total(board: Board) -> int | None:
    """509.1b: "no more than N creatures can block each combat" (the smallest N): effects, and
    ``max_blockers_each_combat`` on any permanent (Silent Arbiter)."""
    values = [e.n for e in board.effects_of("max_blockers_total") if e.n is not None]
    values += [n for p in board.permanents for n in p.values("max_blockers_each_combat")]
    return min(values) if values else None


def companions(board: Board, blocker: Permanent, filters: tuple[CreatureFilter, ...],
               candidates: Iterable[str]) -> list[str]:
    """509.1b: the ``candidates`` other than ``blocker`` that satisfy "can't block unless a
    [filter] creature also blocks" (Okk: ``{power_greater_than: own_power}``), matching one of
    ``filters``."""
    return [c for c in candidates if c != blocker.id
            and any(creature_matches(f, board.permanent(c), own=blocker) for f in filters)]


def others_needed(blocker: Permanent) -> int:
    """509.1b: how many other creatures must block with it ("can't block unless at least N
    other creatures block"; "can't block alone" is N = 1)."""
    return max([1 if blocker.has("cant_block_alone") else 0] + blocker.values("cant_block_unless_others"))


def restriction_findings(board: Board, declaration: Declaration, paid: frozenset[str]) -> list[Finding]:
    """Every restriction the declaration disobeys (509.1a-b, 509.1d, 702, 802.4)."""
    out: list[Finding] = []
    by_defender = attackers_by_defender(board)
    defender_of = {a: d for d, attackers in by_defender.items() for a in attackers}
    per_player: dict[str, dict[str, tuple[str, ...]]] = {}
    for bid in sorted(declaration):
        blocker = board.permanent(bid)
        targets = declaration[bid]
        defenders = sorted({defender_of[a] for a in targets})
        for d in defenders:
            if blocker.controller != d:
                attacked = ", ".join(label(board.permanent(a)) for a in targets if defender_of[a] == d)
                out.append(Finding("509.1a", bid, f"{label(blocker)} is controlled by {blocker.controller}; "
                                                  f"it can't block {attacked}, which attacks {d} (802.4a)"))
        d = blocker.controller
        own = tuple(a for a in targets if defender_of[a] == d)
        if not own:
            continue
        per_player.setdefault(d, {})[bid] = own
        out += blocker_obstacles(board, blocker, d, paid)
        if not blocker.is_creature:
            continue
        cap = blocker_capacity(blocker)
        if cap is not None and len(own) > cap:
            out.append(Finding("509.1a", bid, f"{label(blocker)} blocks {len(own)} creatures but can block only {cap}"))
        for aid in own:
            out += pair_obstacles(board, blocker, board.permanent(aid), d)
    for d, decl in per_player.items():
        out += _group_findings(board, d, by_defender[d], decl)
    return out


def _group_findings(board: Board, defender: str, attackers: list[str], decl: dict[str, tuple[str, ...]]) -> list[Finding]:
    """Restrictions on the whole of one defending player's blocks (802.4b)."""
    out: list[Finding] = []
    blockers_of: dict[str, list[str]] = {a: [] for a in attackers}
    for bid, targets in decl.items():
        for aid in targets:
            blockers_of[aid].append(bid)
    for bid in sorted(decl):
        blocker = board.permanent(bid)
        need = others_needed(blocker)
        if len(decl) - 1 < need:
            if need == 1:
                why = "can't block alone, and no other creature blocks"
            else:
                why = f"can't block unless at least {need} other creatures block, and {len(decl) - 1} do"
            out.append(Finding("509.1b", bid, f"{label(blocker)} {why}"))
        for filters in blocker.values("cant_block_unless_also"):
            if not companions(board, blocker, filters, decl):
                out.append(Finding("509.1b", bid, f"{label(blocker)} can't block unless a creature with "
                                                  f"{_any(filters)} also blocks, and none does"))
    for aid in attackers:
        attacker, n = board.permanent(aid), len(blockers_of[aid])
        if not n:
            continue
        low, rule = min_blockers(attacker)
        if n < low:
            why = f" (has menace{source_note(board, attacker, 'menace')})" if rule == "702.111b" else ""
            out.append(Finding(rule, aid, f"{label(attacker)} can't be blocked except by {low} or more creatures{why}; "
                                          f"{n} block{'s' if n == 1 else ''} it"))
        high = max_blockers(attacker)
        if high is not None and n > high:
            out.append(Finding("509.1b", aid, f"{label(attacker)} can't be blocked by more than {high} "
                                              f"creature{'s' if high != 1 else ''}; {n} block it"))
        if attacker.has("blocked_only_by_all"):
            missing = [c for c in board.creatures(defender) if c.id not in blockers_of[aid]]
            if missing:
                out.append(Finding("509.1b", aid, f"{label(attacker)} can't be blocked unless all creatures "
                                                  f"{defender} controls block it; {label(missing[0])} doesn't"))
    total = max_blockers_total(board)
    if total is not None and len(decl) > total:
        out.append(Finding("509.1b", None, f"no more than {total} creature{'s' if total != 1 else ''} can block "
                                           f"each combat; {len(decl)} of {defender}'s creatures block"))
    return out


def _creatures(f: CreatureFilter) -> str:
    """"creatures with flying", "creatures with power 3 or greater", "wall creatures"."""
    what = f.describe()
    return f"creatures {what}" if what.startswith("with ") else f"creatures with {what}" \
        if what.startswith(("power", "toughness")) else f"{what} creatures"


def _any(filters: tuple[CreatureFilter, ...]) -> str:
    return " or ".join(f.describe() for f in filters)


# --------------------------------------------------------------------------- requirements
@dataclass(frozen=True)
class Requirement:
    """One requirement as 509.1c counts it.

    ``kind``: ``lure`` (``what``: the creatures it is for, when not all) and ``must_block``
    (``creature`` blocks ``attacker``),
    ``blocks_each_combat`` and ``blocks_this_turn`` (``creature`` blocks),
    ``must_be_blocked`` and ``must_be_blocked_by`` (``attacker`` is blocked by ``n`` or more),
    ``must_be_blocked_by_a`` (``attacker`` is blocked by one of ``by``, the creatures matching
    its filter: "must be blocked by an Eldrazi if able").
    """

    kind: str
    creature: str | None
    attacker: str | None = None
    n: int = 1
    by: tuple[str, ...] = ()
    what: str = ""

    def obeyed(self, declaration: Declaration) -> bool:
        if self.kind == "must_be_blocked_by_a":
            return any(self.attacker in declaration.get(b, ()) for b in self.by)
        if self.kind in ("lure", "must_block"):
            return self.attacker in declaration.get(self.creature or "", ())
        if self.kind in ("blocks_each_combat", "blocks_this_turn"):
            return bool(declaration.get(self.creature or ""))
        count = sum(1 for targets in declaration.values() if self.attacker in targets)
        return count >= self.n

    @property
    def subject(self) -> str:
        """The creature the requirement is about (the attacker for "must be blocked")."""
        return self.creature if self.creature is not None else self.attacker  # type: ignore[return-value]

    def describe(self, board: Board) -> str:
        c = label(board.permanent(self.creature)) if self.creature else ""
        a = label(board.permanent(self.attacker)) if self.attacker else ""
        return {
            "lure": f"{c} must block {a} (all {self.what or 'creatures'} able to block it do so)",
            "must_block": f"{c} must block {a} this turn if able",
            "blocks_each_combat": f"{c} blocks each combat if able",
            "blocks_this_turn": f"{c} blocks this turn if able",
            "must_be_blocked": f"{a} must be blocked if able",
            "must_be_blocked_by": f"{a} must be blocked by {self.n} or more creatures if able",
            "must_be_blocked_by_a": f"{a} must be blocked by a creature with {self.what} if able",
        }[self.kind]


def requirement_bound(board: Board, reqs: list[Requirement]) -> int:
    """The most of ``reqs`` any declaration could obey (509.1c), restrictions aside but for one:
    a creature obeys its requirements to block particular attackers for no more attackers than
    it can block (509.1a), those that name the most requirements at best."""
    wanted: dict[str, dict[str, int]] = {}
    bound = 0
    for r in reqs:
        if r.kind in ("lure", "must_block"):
            row = wanted.setdefault(r.creature or "", {})
            row[r.attacker or ""] = row.get(r.attacker or "", 0) + 1
        else:
            bound += 1
    for blocker, row in wanted.items():
        cap = blocker_capacity(board.permanent(blocker))
        counts = sorted(row.values(), reverse=True)
        bound += sum(counts if cap is None else counts[:cap])
    return bound


def requirements(board: Board, defender: str, attackers: list[str], paid: frozenset[str],
                 options: BlockOptions | None = None) -> tuple[list[Requirement], list[Finding]]:
    """The requirements on ``defender``'s declaration (509.1c) and, as findings, those that
    do nothing: a requirement on a creature that is tapped, can't block, has an unpaid cost,
    isn't controlled by the defending player, or can't block the creature it must block
    (Grappling Hook and Lure rulings). ``options``: :func:`block_options`, if computed."""
    reqs: list[Requirement] = []
    exempt: list[Finding] = []
    mine = board.creatures(defender)
    can = (options or block_options(board, defender, attackers, paid)).possible

    def does_nothing(req: Requirement, why: list[Finding]) -> None:
        reason = "; ".join(f.message + f" ({f.rule})" for f in why) or "it can't block any attacking creature"
        exempt.append(Finding("509.1c", req.subject, f"{req.describe(board)}: the requirement does nothing, "
                                                     f"because {reason}"))

    attacking_me = set(attackers)
    for aid in attackers:
        attacker = board.permanent(aid)
        lures = [None] * attacker.has("lure") + attacker.values("lure_by")
        for f in lures:
            # 509.1c: each creature (matching the filter) able to block it gets one requirement
            for c in mine:
                if f is not None and not creature_matches(f, c, own=attacker):
                    continue
                req = Requirement("lure", c.id, aid, what=_creatures(f) if f is not None else "")
                if can(c.id, aid):
                    reqs.append(req)
                else:
                    does_nothing(req, blocker_obstacles(board, c, defender, paid)
                                 or pair_obstacles(board, c, attacker, defender))
        if attacker.has("must_be_blocked"):
            reqs.append(Requirement("must_be_blocked", None, aid))
        for n in attacker.values("must_be_blocked_by"):
            if n >= 1:
                reqs.append(Requirement("must_be_blocked_by", None, aid, n))
        for f in attacker.values("must_be_blocked_by_a"):
            # 509.1c: one requirement; the creatures that match and could block it
            by = tuple(c.id for c in mine if creature_matches(f, c, own=attacker))
            req = Requirement("must_be_blocked_by_a", None, aid, by=tuple(c for c in by if can(c, aid)),
                              what=f.describe())
            if req.by:
                reqs.append(req)
            else:
                does_nothing(req, [Finding("509.1c", aid, f"none of {defender}'s creatures with {f.describe()} "
                                                          f"can block {label(attacker)}")])

    def blocker_req(req: Requirement) -> None:
        creature = board.permanent(req.creature)  # type: ignore[arg-type]
        if creature.controller != defender:
            return  # another player's declaration (or no declaration at all)
        why = blocker_obstacles(board, creature, defender, paid)
        if why:
            does_nothing(req, why)
        elif req.attacker is not None and not can(creature.id, req.attacker):
            does_nothing(req, pair_obstacles(board, creature, board.permanent(req.attacker), defender))
        elif req.attacker is None and not any(can(creature.id, a) for a in attackers):
            does_nothing(req, [])
        else:
            reqs.append(req)

    for c in mine:
        for _ in c.statics("blocks_each_combat"):
            blocker_req(Requirement("blocks_each_combat", c.id))
    for e in board.effects_of("blocks_this_turn"):
        if e.creature and board.permanent(e.creature).controller == defender:
            blocker_req(Requirement("blocks_this_turn", e.creature))
    for e in board.effects_of("must_block"):
        if e.creature and e.attacker in attacking_me:
            creature = board.permanent(e.creature)
            req = Requirement("must_block", e.creature, e.attacker)
            if creature.controller != defender:
                does_nothing(req, [Finding("509.1a", e.creature, f"{label(creature)} is not controlled by "
                                                                 f"the defending player {defender}")])
            else:
                blocker_req(req)
    return reqs, exempt
