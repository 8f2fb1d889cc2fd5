"""Brute-force reference for declare-blockers legality (CR 509.1, 702, 802.4).

Written from the rules independently of ``mtgsolver.encodings``: it enumerates every
declaration of each defending player's creatures (small boards only), keeps those that
obey every restriction and whose total cost to block is payable with real mana (509.1d-f), counts requirements the way 509.1c counts them, and judges a
declaration against the maximum. Slow on purpose; the tests compare the solver with it.
"""
from __future__ import annotations

import dataclasses
import weakref
from itertools import combinations, product
from typing import Mapping

from mtgsolver.model import Board, Color, ManaCost, Permanent

from .reference_payment import best_payment

Decl = Mapping[str, tuple[str, ...]]


def _num(p: Permanent, what: str) -> int | None:
    if what == "mana_value":
        return p.mana_cost.mana_value if p.mana_cost is not None else 0
    return getattr(p, what)


def fits(f, other: Permanent, own: Permanent) -> bool:
    """Does ``other`` match the filter of ``own``'s ability (509.1b, 702 evasion)? Every word of
    the filter is checked here, read from its fields: "power greater than its own power" and so
    on, then power, toughness, color, keyword and type words. A word this reference does not
    know raises, so a new filter word is never silently ignored."""
    for c in f.compared:
        x, y = _num(other, c.stat), _num(own, c.own_stat)
        if x is None or y is None:
            return False
        if c.relation == "greater_than" and not x > y or c.relation == "less_than" and not x < y:
            return False
        if c.relation == "at_least" and not x >= y or c.relation == "at_most" and not x <= y:
            return False
    for field in dataclasses.fields(f):
        value = getattr(f, field.name)
        if field.name == "compared" or value is None:
            continue
        if field.name not in _WORDS:
            raise NotImplementedError(f"filter word {field.name!r}")
        if not _WORDS[field.name](other, value):
            return False
    return True


#: Each filter word as a test on the permanent: a missing power or toughness matches no bound.
_WORDS = {
    "power_at_most": lambda p, n: p.power is not None and p.power <= n,
    "power_at_least": lambda p, n: p.power is not None and p.power >= n,
    "toughness_at_most": lambda p, n: p.toughness is not None and p.toughness <= n,
    "toughness_at_least": lambda p, n: p.toughness is not None and p.toughness >= n,
    "color": lambda p, c: c in p.colors,
    "not_color": lambda p, c: c not in p.colors,
    "colorless": lambda p, v: (not p.colors) == v,
    "keyword": lambda p, k: k in p.keywords,
    "not_keyword": lambda p, k: k not in p.keywords,
    "type": lambda p, t: t in p.types,
    "subtype": lambda p, t: t in p.subtypes,
    "supertype": lambda p, t: t in p.supertypes,
}


def _cost(board: Board, c: Permanent) -> bool:
    """Has the creature a cost to block (own ability or an effect on its controller's creatures)?"""
    return bool(list(c.statics("block_cost"))) or any(
        e.controller == c.controller for e in board.effects_of("block_cost"))


def alive(c: Permanent) -> bool:
    """704.5f-h: a creature with toughness 0 or less, lethal damage or deathtouch damage is gone
    before anyone declares anything (704.3)."""
    t = c.toughness
    return t is None or (t > 0 and c.damage < t and not (c.deathtouch_damage and c.damage > 0))


def _able(board: Board, c: Permanent, defender: str, paid: frozenset[str]) -> bool:
    """509.1a-b, 509.1d: may this permanent block at all in ``defender``'s declaration?"""
    return (c.is_creature and not c.is_battle and c.controller == defender and not c.tapped and alive(c)
            and not c.has("cant_block") and (not _cost(board, c) or c.id in paid)
            and all(_more(board, defender, board.active_player, kind) for kind in c.values("cant_block_unless_more")))


def _more(board: Board, me: str, them: str, kind: str) -> bool:
    """Does ``me`` control more permanents of that card type than ``them``?"""
    def n(player: str) -> int:
        return len([p for p in board.permanents if p.controller == player and kind in p.types])
    return n(me) > n(them)


def _pair(board: Board, b: Permanent, a: Permanent, defender: str) -> bool:
    """702 evasion and 509.1b filters: may ``b`` block ``a`` as far as the two are concerned?"""
    kw_a, kw_b = a.keywords, b.keywords
    if a.has("cant_be_blocked"):
        return False
    if "flying" in kw_a and not ({"flying", "reach"} & kw_b):
        return False
    if "shadow" in kw_b and "shadow" not in kw_a:
        return False
    if "shadow" in kw_a and "shadow" not in kw_b and not b.has("can_block_shadow"):
        return False  # "can block creatures with shadow as though they didn't have shadow"
    if "horsemanship" in kw_a and "horsemanship" not in kw_b:
        return False
    artifact = "artifact" in b.types
    if "fear" in kw_a and not (artifact or Color.B in b.colors):
        return False
    if "intimidate" in kw_a and not (artifact or (a.colors & b.colors)):
        return False
    if "skulk" in kw_a and (b.power or 0) > (a.power or 0):
        return False
    for kw in kw_a:
        ignored = kw in a.values("can_be_blocked_despite")  # "as though it didn't have forestwalk"
        if kw.endswith("walk") and kw != "horsemanship" and not b.has("can_block_landwalk") and not ignored:
            land_type = kw[: -len("walk")]
            theirs = [p for p in board.permanents if p.controller == defender and p.is_land]
            if kw == "artifact_landwalk" and any("artifact" in p.types for p in theirs):
                return False  # 702.14c: "artifact landwalk" (Vectis Gloves)
            if any(land_type in p.subtypes for p in theirs):
                return False
    for q in a.protections:
        if q in ("everything", "creatures"):
            return False
        if q in {c.word for c in b.colors} or q in b.types or q == b.controller:
            return False
        if q == "mana value 3 or greater" and b.mana_cost is not None and b.mana_cost.mana_value >= 3:
            return False
    if any(fits(f, b, a) for f in a.values("cant_be_blocked_by")):
        return False
    if any(not any(fits(f, b, a) for f in filters) for filters in a.values("can_be_blocked_only_by")):
        return False
    for flt in a.values("cant_be_blocked_if_defender"):
        if any(_is(p, flt.controls) and _power_in(p, flt.power_at_least, flt.power_at_most)
               for p in board.permanents if p.controller == defender):
            return False
    if a.has("cant_be_blocked_attacking_alone") and len(board.combat.attackers) == 1:
        return False
    if any(not fits(f, a, b) for f in b.values("can_block_only")):
        return False
    if any(fits(f, a, b) for f in b.values("cant_block_creatures")):
        return False
    return True


def _is(p: Permanent, words: str) -> bool:
    """Is ``p`` "an artifact", "an Island", "a snow land", "a blue permanent", "an untapped land"?"""
    traits = set(p.types) | set(p.subtypes) | set(p.supertypes) | {c.word for c in p.colors} | {"permanent"}
    traits.add("tapped" if p.tapped else "untapped")
    return all(w in traits for w in words.split())


def _power_in(p: Permanent, low: int | None, high: int | None) -> bool:
    if low is None and high is None:
        return True
    return p.power is not None and (low is None or p.power >= low) and (high is None or p.power <= high)


def _capacity(b: Permanent, n: int) -> int:
    return n if b.has("can_block_any_number") else 1 + sum(b.values("can_block_additional"))


def _defenders(board: Board) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for att in board.combat.attackers:
        t = att.target
        if board.is_player(t):
            d = t
        elif board.permanent(t).is_battle:
            d = board.permanent(t).protector or board.permanent(t).controller
        else:
            d = board.permanent(t).controller
        out.setdefault(d, []).append(att.creature)
    return out


def restrictions_ok(board: Board, decl: Decl, paid: frozenset[str]) -> bool:
    """Does the whole declaration obey every restriction (509.1a-b, 509.1d, 702, 802.4)?"""
    defs = _defenders(board)
    defender_of = {a: d for d, atts in defs.items() for a in atts}
    for bid, atts in decl.items():
        if not atts:
            continue
        b = board.permanent(bid)
        for aid in atts:
            d = defender_of[aid]
            if not _able(board, b, d, paid) or not _pair(board, b, board.permanent(aid), d):
                return False
        if len(atts) > _capacity(b, len(atts)):
            return False
    for d, atts in defs.items():
        if not _group_ok(board, d, atts, {b: t for b, t in decl.items() if t and board.permanent(b).controller == d}):
            return False
    return True


_PAYABLE: "weakref.WeakKeyDictionary[Board, dict]" = weakref.WeakKeyDictionary()


def payable(board: Board, d: str, blockers: list[str]) -> bool:
    """509.1d-f: ``d`` pays the total cost of the blocking creatures that have one (a creature with
    a cost blocks only if paid, :func:`_able`) with mana abilities (the brute-force payment
    reference); blocking creatures don't tap."""
    symbols = []
    for b in sorted(blockers):
        c = board.permanent(b)
        symbols += [s for cost in c.values("block_cost") for s in cost.symbols]
        symbols += [s for e in board.effects_of("block_cost") if e.controller == c.controller for s in e.cost.symbols]
    if all(s.is_generic and not s.variable and s.generic == 0 for s in symbols):
        return True
    key = (d, str(ManaCost(tuple(symbols))))
    known = _PAYABLE.setdefault(board, {})
    if key not in known:
        known[key] = best_payment(board, d, ManaCost(tuple(symbols))) is not None
    return known[key]


def _group_ok(board: Board, d: str, atts: list[str], decl: Decl) -> bool:
    blockers = [b for b, t in decl.items() if t]
    if not payable(board, d, blockers):
        return False
    for b in blockers:
        me = board.permanent(b)
        if me.has("cant_block_alone") and len(blockers) < 2:
            return False
        if any(len(blockers) - 1 < n for n in me.values("cant_block_unless_others")):
            return False
        for filters in me.values("cant_block_unless_also"):
            if not any(fits(f, board.permanent(o), me) for o in blockers if o != b for f in filters):
                return False
    for aid in atts:
        a = board.permanent(aid)
        n = sum(aid in t for t in decl.values())
        if n == 0:
            continue
        low = max([2 if "menace" in a.keywords else 1] + a.values("min_blockers"))
        if n < low:
            return False
        if any(n > m for m in a.values("max_blockers")):
            return False
        if a.has("blocked_only_by_all") and any(c.id not in decl or aid not in decl[c.id]
                                                for c in board.permanents if c.is_creature and c.controller == d):
            return False
    limits = [e.n for e in board.effects_of("max_blockers_total")]
    limits += [n for p in board.permanents for n in p.values("max_blockers_each_combat")]
    if limits and len(blockers) > min(limits):
        return False
    return True


def requirement_checks(board: Board, d: str, atts: list[str], paid: frozenset[str]) -> list:
    """509.1c requirements of ``d``'s declaration, each a function of a declaration -> bool.

    Requirements a creature is exempt from (tapped, can't block, unpaid cost, another
    player's creature, can't block the creature named) do nothing and are not listed.
    """
    mine = [p for p in board.permanents if p.is_creature and p.controller == d]
    can = {(c.id, a): _able(board, c, d, paid) and _pair(board, c, board.permanent(a), d) for c in mine for a in atts}
    reqs: list = []

    def blocks(c: str, a: str):
        return lambda decl: a in decl.get(c, ())

    def any_block(c: str):
        return lambda decl: bool(decl.get(c))

    def blocked_by(a: str, n: int):
        return lambda decl: sum(a in t for t in decl.values()) >= n

    for a in atts:
        att = board.permanent(a)
        if att.has("lure"):
            reqs += [blocks(c.id, a) for c in mine if can[c.id, a]]
        for f in att.values("lure_by"):  # the lure of the creatures matching the filter only
            reqs += [blocks(c.id, a) for c in mine if can[c.id, a] and fits(f, c, att)]
        if att.has("must_be_blocked"):
            reqs.append(blocked_by(a, 1))
        reqs += [blocked_by(a, n) for n in att.values("must_be_blocked_by") if n >= 1]
        for f in att.values("must_be_blocked_by_a"):
            eldrazi = [c.id for c in mine if can[c.id, a] and fits(f, c, att)]
            if eldrazi:  # a requirement nobody matching can obey does nothing
                reqs.append(lambda decl, a=a, by=eldrazi: any(a in decl.get(c, ()) for c in by))
    for c in mine:
        if any(can[c.id, a] for a in atts):
            reqs += [any_block(c.id) for _ in c.statics("blocks_each_combat")]
    for e in board.effects:
        if e.kind == "blocks_this_turn" and board.permanent(e.creature).controller == d \
                and board.permanent(e.creature).is_creature and any(can[e.creature, a] for a in atts):
            reqs.append(any_block(e.creature))
        if e.kind == "must_block" and e.attacker in atts and can.get((e.creature, e.attacker)):
            reqs.append(blocks(e.creature, e.attacker))
    return reqs


def declarations(board: Board, d: str, atts: list[str], paid: frozenset[str]):
    """Every declaration of ``d``'s creatures whose blocks are individually possible."""
    mine = [p for p in board.permanents if p.is_creature and p.controller == d]
    options: list[list[tuple[str, ...]]] = []
    for c in mine:
        ok = [a for a in atts if _able(board, c, d, paid) and _pair(board, c, board.permanent(a), d)]
        opts: list[tuple[str, ...]] = [()]
        for k in range(1, min(len(ok), _capacity(c, len(ok))) + 1):
            opts += list(combinations(ok, k))
        options.append(opts)
    for choice in product(*options):
        yield {c.id: t for c, t in zip(mine, choice) if t}


def reference(board: Board, decl: Decl | None = None, paid: frozenset[str] | None = None) -> tuple[bool, int, int]:
    """(legal, requirements obeyed, maximum) summed over defending players.

    ``decl`` defaults to the board's declared blocks. ``paid`` defaults to the creatures of
    ``combat.paid_costs`` that block in ``decl``: a cost is paid only for a blocking creature,
    and no player is required to pay one (509.1c-d).
    """
    if decl is None:
        decl = {b.creature: b.blocks for b in board.combat.blockers or () if b.blocks}
    if paid is None:
        paid = board.combat.paid_costs & frozenset(b for b, t in decl.items() if t)
    legal = restrictions_ok(board, decl, paid)
    obeyed_total = max_total = 0
    for d, atts in _defenders(board).items():
        reqs = requirement_checks(board, d, atts, paid)
        mine = {b: t for b, t in decl.items() if board.permanent(b).controller == d}
        obeyed = sum(r(mine) for r in reqs)
        best = 0
        for cand in declarations(board, d, atts, paid):
            if _group_ok(board, d, atts, cand):
                best = max(best, sum(r(cand) for r in reqs))
                if best == len(reqs):
                    break
        obeyed_total += obeyed
        max_total += best
        legal = legal and obeyed >= best
    return legal, obeyed_total, max_total


def best_objective(board: Board, objective: str) -> int:
    """The best value of a ``suggest`` objective over legal declarations obeying the maximum
    (blocking creatures for fewest/most-blockers, unblocked power otherwise), summed over players."""
    paid = board.combat.paid_costs
    total = 0
    for d, atts in _defenders(board).items():
        reqs = requirement_checks(board, d, atts, paid)
        scored = []
        for cand in declarations(board, d, atts, paid):
            if _group_ok(board, d, atts, cand):
                if objective == "least-unblocked-power":
                    value = sum(max(0, board.permanent(a).power or 0) for a in atts
                                if not any(a in t for t in cand.values()))
                else:
                    value = len(cand)
                scored.append((sum(r(cand) for r in reqs), value))
        best = max(s for s, _ in scored)
        values = [v for s, v in scored if s == best]
        total += max(values) if objective == "most-blockers" else min(values)
    return total
