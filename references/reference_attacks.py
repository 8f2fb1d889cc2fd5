"""Brute-force reference for declare attackers (CR 508.1), written from the rules alone.

It shares nothing with :mod:`mtgsolver.encodings`: it enumerates every declaration (each of
the active player's creatures attacks nothing or one of the possible targets), keeps those
that obey every restriction (508.1a-c, 302.6, 310.8b; per-player caps such as Crawlspace) and
whose costs are paid (508.1d, 508.1h; taxes on players and, for Norn's Annex and Sphere of Safety,
their planeswalkers) with real mana once the attackers are tapped (508.1f, 508.1i-j: the brute-force
payment reference of ``references/reference_payment.py``), and counts requirements (508.1d, 701.15b-d). Exponential: small boards only.
"""
from __future__ import annotations

import itertools
import weakref
from dataclasses import replace
from typing import Iterator

from mtgsolver.model import Board, ManaCost, ManaSymbol, Permanent

from .reference_blocks import alive, fits
from .reference_payment import best_payment

Declaration = dict[str, str]


def targets(board: Board) -> list[str]:
    """506.2, 508.1b, 310.8b: opponents, their planeswalkers, battles an opponent protects."""
    me = board.active_player
    out = [p.name for p in board.players if p.name != me]
    for perm in board.permanents:
        if "battle" in perm.types:
            protector = perm.protector or perm.controller
            if protector != me:
                out.append(perm.id)
        elif "planeswalker" in perm.types and perm.controller != me:
            out.append(perm.id)
    return out


def defending_player(board: Board, target: str) -> str:
    """508.5: the player, the planeswalker's controller or the battle's protector."""
    if board.is_player(target):
        return target
    perm = board.permanent(target)
    if "battle" in perm.types:
        return perm.protector or perm.controller
    return perm.controller


def may_attack_at_all(board: Board, cid: str) -> bool:
    """508.1a, 302.6, 702.3b and the flag form of "can't attack" (508.1c)."""
    if not board.has_permanent(cid):
        return False
    c = board.permanent(cid)
    return (c.controller == board.active_player and "creature" in c.types and "battle" not in c.types
            and not c.tapped and alive(c) and (not c.summoning_sick or "haste" in c.keywords)
            and ("defender" not in c.keywords or c.has("can_attack_despite_defender"))
            and None not in c.values("cant_attack"))


def may_attack(board: Board, cid: str, target: str) -> bool:
    """508.1c: "can't attack X" and "can't attack unless defending player ..."."""
    c = board.permanent(cid)
    if target not in targets(board):
        return False
    perm = board.permanent(target) if board.has_permanent(target) else None
    for value in c.values("cant_attack"):
        if value == "planeswalkers" and perm is not None and "planeswalker" in perm.types:
            return False
        if value == "battles" and perm is not None and "battle" in perm.types:
            return False
        if value == target:
            return False
    defender = defending_player(board, target)
    if perm is not None and "planeswalker" in perm.types and perm.controller in c.values("cant_attack_planeswalkers_of"):
        return False
    life = board.player(defender).life
    mine = [p for p in board.permanents if p.controller == defender]
    if any(_holds(f, life, mine) for f in c.values("cant_attack_if_defender")):
        return False
    for kind in c.values("cant_attack_unless_more"):
        if len([p for p in board.permanents if p.controller == c.controller and kind in p.types]) <= \
                len([p for p in mine if kind in p.types]):
            return False
    return all(_holds(f, life, mine) for f in c.values("cant_attack_unless"))


def _holds(f, life: int, mine: list[Permanent]) -> bool:
    """A condition on the defending player: life bounds, and "controls an Island", "a snow
    land", "a blue permanent" (every word describes one of their permanents; one word may be
    the name)."""
    if f.life_at_most is not None and life > f.life_at_most or f.life_at_least is not None and life < f.life_at_least:
        return False
    if f.controls is None:
        return True
    words = f.controls.split()

    def describes(p: Permanent) -> bool:
        traits = set(p.types) | set(p.subtypes) | set(p.supertypes) | {c.word for c in p.colors} | {"permanent"}
        traits.add("tapped" if p.tapped else "untapped")
        return all(w in traits for w in words) or f.controls == p.name.lower()

    def strong(p: Permanent) -> bool:
        return ((f.power_at_least is None or p.power is not None and p.power >= f.power_at_least)
                and (f.power_at_most is None or p.power is not None and p.power <= f.power_at_most))

    return any(describes(p) and strong(p) for p in mine)


def taxes(board: Board, target: str) -> list[tuple[int, int]]:
    """508.1d: (mana value, number of symbols) of each cost a permanent of the defending player puts on
    attacking ``target``: a plain ``attack_tax`` cost for attacking that player; the mapping form also for
    attacking the planeswalkers they control, with each {X} the number of their permanents of the counted
    type (107.3c)."""
    is_walker = board.has_permanent(target) and "planeswalker" in board.permanent(target).types \
        and "battle" not in board.permanent(target).types
    if not board.is_player(target) and not is_walker:
        return []
    defender = defending_player(board, target)
    mine = [p for p in board.permanents if p.controller == defender]
    out = []
    for p in mine:
        for tax in p.values("attack_tax"):
            if isinstance(tax, ManaCost):
                if board.is_player(target):
                    out.append((tax.mana_value, len(tax.symbols)))
                continue
            if is_walker and not tax.planeswalkers:
                continue
            x = x_of(tax.x_counts, mine)
            value = sum(x if s.variable else s.alt_generic or 1 if s.options else s.generic for s in tax.cost.symbols)
            out.append((value, len(tax.cost.symbols)))
    return out


def x_of(counts: str | None, mine: list) -> int:
    """107.3c: what X of a tax counts among the taxing player's permanents: a type or subtype,
    or the basic land types among their lands (domain)."""
    if counts == "basic_land_types":
        return len({t for q in mine if "land" in q.types for t in q.subtypes if t in BASIC_TYPES})
    return sum(1 for q in mine if counts in q.types | q.subtypes) if counts else 0


BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def cost_mana_value(board: Board, cid: str, target: str) -> int:
    """508.1d: own attack costs, plus Propaganda-style taxes and effects when attacking a player."""
    c = board.permanent(cid)
    total = sum(cost.mana_value for cost in c.values("attack_cost")) + sum(v for v, _ in taxes(board, target))
    if board.is_player(target):
        for e in board.effects:
            if e.kind == "attack_cost" and e.defender == target:
                total += e.cost.mana_value
    return total


def cost_symbols(board: Board, cid: str, target: str) -> list[ManaSymbol]:
    """508.1d: the symbols of every cost to this attack, each {X} of a tax made the count (107.3c)."""
    c = board.permanent(cid)
    out = [s for cost in c.values("attack_cost") for s in cost.symbols]
    is_walker = board.has_permanent(target) and "planeswalker" in board.permanent(target).types \
        and "battle" not in board.permanent(target).types
    if board.is_player(target) or is_walker:
        defender = defending_player(board, target)
        mine = [p for p in board.permanents if p.controller == defender]
        for p in mine:
            for tax in p.values("attack_tax"):
                if isinstance(tax, ManaCost):
                    out += list(tax.symbols) if board.is_player(target) else []
                elif board.is_player(target) or tax.planeswalkers:
                    x = x_of(tax.x_counts, mine)
                    out += [ManaSymbol(generic=x) if s.variable else s for s in tax.cost.symbols]
    if board.is_player(target):
        out += [s for e in board.effects if e.kind == "attack_cost" and e.defender == target for s in e.cost.symbols]
    return out


_PAYABLE: "weakref.WeakKeyDictionary[Board, dict]" = weakref.WeakKeyDictionary()


def payable(board: Board, decl: Declaration, paid: frozenset[str]) -> bool:
    """508.1f-j: the attackers without vigilance are tapped, then the active player pays the total
    of the costs of the paid attacks with mana abilities (the brute-force payment reference)."""
    symbols = [s for c, t in sorted(decl.items()) if c in paid and has_cost(board, c, t)
               for s in cost_symbols(board, c, t)]
    if all(s.is_generic and not s.variable and s.generic == 0 for s in symbols):
        return True
    tapped = frozenset(c for c in decl if "vigilance" not in board.permanent(c).keywords)
    key = (str(ManaCost(tuple(symbols))), tapped)
    known = _PAYABLE.setdefault(board, {})
    if key not in known:
        after = board.replace(permanents=tuple(replace(p, tapped=True) if p.id in tapped else p
                                               for p in board.permanents))
        known[key] = best_payment(after, board.active_player, ManaCost(tuple(symbols))) is not None
    return known[key]


def has_cost(board: Board, cid: str, target: str) -> bool:
    """508.1d, 118.5: is there any cost to this attack (a {0} cost is still a cost)?"""
    c = board.permanent(cid)
    if any(cost.symbols for cost in c.values("attack_cost")) or any(n for _, n in taxes(board, target)):
        return True
    return board.is_player(target) and any(
        e.kind == "attack_cost" and e.defender == target and e.cost.symbols for e in board.effects)


def obeys_restrictions(board: Board, decl: Declaration, paid: frozenset[str]) -> bool:
    """508.1a-c and paid costs (508.1h)."""
    for cid, target in decl.items():
        if not may_attack_at_all(board, cid) or not may_attack(board, cid, target):
            return False
        if has_cost(board, cid, target) and cid not in paid:
            return False
    if len(decl) == 1 and any(board.permanent(c).has("cant_attack_alone") for c in decl):
        return False  # 506.5: it would attack alone
    if len(decl) > 1 and any(board.permanent(c).has("attacks_only_alone") for c in decl):
        return False  # 506.5: "can only attack alone" (Errantry)
    for cid in decl:
        me = board.permanent(cid)
        if any(len(decl) - 1 < n for n in me.values("cant_attack_unless_others")):
            return False
        for filters in me.values("cant_attack_unless_also"):
            if not any(fits(f, board.permanent(o), me) for o in decl if o != cid for f in filters):
                return False
    if not payable(board, decl, paid):
        return False
    caps = [e.n for e in board.effects if e.kind == "max_attackers_total"]
    caps += [n for p in board.permanents for n in p.values("max_attackers_each_combat")]
    if caps and len(decl) > min(caps):
        return False
    for player in board.players:  # "no more than N creatures can attack you" (Crawlspace)
        mine = [n for p in board.permanents if p.controller == player.name
                for n in p.values("max_attackers_against_controller")]
        mine += [e.n for e in board.effects if e.kind == "max_attackers_against" and e.defender == player.name]
        if mine and sum(1 for t in decl.values() if t == player.name) > min(mine):
            return False
    return True


def requirements_obeyed(board: Board, decl: Declaration) -> int:
    """508.1d and 701.15b-d: the number of requirements ``decl`` obeys."""
    me = board.active_player
    count = 0
    for c in board.permanents:
        if c.controller != me or "creature" not in c.types or "battle" in c.types:
            continue
        attacking = c.id in decl
        target = decl.get(c.id)
        count += attacking * len(list(c.statics("attacks_each_combat")))
        goaders = set()
        for e in board.effects:
            if e.kind == "attacks_this_turn" and e.creature == c.id:
                count += attacking
            elif e.kind == "must_attack" and e.creature == c.id:
                count += target == e.target
            elif e.kind == "all_attack_this_turn" and e.controller == me:
                count += attacking
            elif e.kind == "goaded" and e.creature == c.id:
                goaders.add(e.by)
        for by in goaders:
            count += attacking
            count += attacking and board.is_player(target) and target != by
    return count


def declarations(board: Board) -> Iterator[Declaration]:
    """Every assignment of "no attack" or a target to each of the active player's creatures."""
    mine = [p.id for p in board.permanents if p.controller == board.active_player and "creature" in p.types]
    options = [None, *targets(board)]
    for choice in itertools.product(options, repeat=len(mine)):
        yield {c: t for c, t in zip(mine, choice) if t is not None}


def legal_declarations(board: Board, paid: frozenset[str]) -> tuple[int, list[tuple[Declaration, int]]]:
    """(maximum, [(declaration, requirements obeyed), ...] for every legal declaration)."""
    scored = [(d, requirements_obeyed(board, d)) for d in declarations(board) if obeys_restrictions(board, d, paid)]
    best = max(n for _, n in scored)  # the empty declaration always obeys the restrictions
    return best, [(d, n) for d, n in scored if n == best]


def is_legal(board: Board, decl: Declaration, paid: frozenset[str]) -> tuple[bool, int]:
    """(legal, maximum) for one declaration (508.1c-d).

    Of ``paid``, only the creatures whose declared attack is possible and has a cost pay one: no player is
    required to pay a cost to attack (508.1d), so the others' costed attacks are not counted.
    """
    paid = frozenset(c for c in paid if c in decl and may_attack_at_all(board, c) and may_attack(board, c, decl[c])
                     and has_cost(board, c, decl[c]))
    best, _ = legal_declarations(board, paid)
    return obeys_restrictions(board, decl, paid) and requirements_obeyed(board, decl) >= best, best
