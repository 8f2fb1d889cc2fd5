"""Brute-force reference for resolving spells (CR 601.2c, 608, 120, 701, 704.5, 111.7).

Plain Python on its own small model, sharing no rules code with the product: creatures with
base power and toughness, +1/+1 and -1/-1 counters, marked damage, "until end of turn" pumps,
tapped or not, indestructible (702.12b), hexproof (702.11b) and protection from red (702.16b,
702.16e); two players with life totals, hands and libraries counted. A spell is a small tuple
(kind, numbers, color) the test turns into the effect language for the product; this module
reads the tuple itself:

``damage N`` to any target, ``destroy`` target creature, ``exile_gain`` (exile target creature,
its controller gains life equal to its power), ``bounce``, ``pump P T`` until end of turn,
``counter K N`` (+1/+1 or -1/-1 counters), ``tap``, ``untap``, ``tokens N`` (1/1 creature
tokens), ``sweep N`` (damage to each creature), ``drain N`` (target player loses N, you gain
N), ``fight`` (target creature you control and target creature you don't), ``anthem P``
(creatures you control get +P/+0 until end of turn), ``draw N``, ``edict`` (target player
sacrifices a creature of their choice: every choice is tried).

Each spell is cast by the active player, targets checked as it is cast (601.2c: hexproof,
protection from the spell's color), then resolves; state-based actions follow (704.5a life 0,
704.5b a draw from an empty library, 704.5f toughness 0, 704.5g lethal damage, 704.5q
counters annihilate); a token leaving the battlefield ceases to exist (111.7). The answer: the
set of outcomes over every choice, or "illegal".
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

Spell = tuple[Any, ...]  # (kind, *numbers, color)


@dataclass
class Creature:
    id: str
    controller: str
    power: int
    toughness: int
    plus: int = 0
    minus: int = 0
    damage: int = 0
    tapped: bool = False
    token: bool = False
    indestructible: bool = False
    hexproof: bool = False
    pro_red: bool = False
    pumps: list[tuple[int, int]] = field(default_factory=list)

    def p(self) -> int:
        return self.power + self.plus - self.minus + sum(a for a, _ in self.pumps)

    def t(self) -> int:
        return self.toughness + self.plus - self.minus + sum(b for _, b in self.pumps)


@dataclass
class State:
    creatures: dict[str, Creature]
    life: dict[str, int]
    hand: dict[str, int]
    library: dict[str, int]
    graveyard: dict[str, list[str]] = field(default_factory=dict)
    lost: set[str] = field(default_factory=set)
    drew_empty: set[str] = field(default_factory=set)
    tokens_made: int = 0


class Illegal(Exception):
    pass


def opponent(player: str) -> str:
    return "bob" if player == "alice" else "alice"


def targetable(s: State, spell: Spell, tid: str, caster: str) -> bool:
    """601.2c: a creature an opponent controls with hexproof can't be targeted; nor one with
    protection from the spell's color."""
    c = s.creatures.get(tid)
    if c is None:
        return tid in s.life
    if c.hexproof and c.controller != caster:
        return False
    return not (c.pro_red and spell[-1] == "red")


def resolve_all(state: State, spells: list[tuple[Spell, tuple[str, ...]]], caster: str = "alice") -> set[str]:
    """Every outcome of casting the spells in order, over every choice: a summary of the board
    after, or ``"illegal"`` where a spell can't be cast (an illegal target, the game over)."""
    outcomes: set[str] = set()
    frontier = [copy.deepcopy(state)]
    for spell, targets in spells:
        nxt = []
        for s in frontier:
            if s.lost or not all(targetable(s, spell, t, caster) for t in targets):
                outcomes.add("illegal")  # 104.3: the game is over; 601.2c: an illegal target
                continue
            nxt += apply(s, spell, targets, caster)
        frontier = []
        for s in nxt:
            sba(s)
            frontier.append(s)
    for s in frontier:
        outcomes.add(summary(s))
    return outcomes


def apply(s: State, spell: Spell, targets: tuple[str, ...], caster: str) -> list[State]:
    """The states after the spell resolves (several when a player chooses)."""
    kind, color = spell[0], spell[-1]
    s = copy.deepcopy(s)
    if kind == "edict":
        victims = [c.id for c in s.creatures.values() if c.controller == targets[0]]
        if not victims:
            return [s]
        out = []
        for v in victims:
            s2 = copy.deepcopy(s)
            leave(s2, v)
            out.append(s2)
        return out
    if kind == "damage":
        hit(s, targets[0], spell[1], color)
    elif kind == "sweep":
        for cid in list(s.creatures):
            hit(s, cid, spell[1], color)
    elif kind == "destroy":
        if not s.creatures[targets[0]].indestructible:
            leave(s, targets[0])
    elif kind == "exile_gain":
        c = s.creatures[targets[0]]
        power, who = c.p(), c.controller
        leave(s, targets[0], to_graveyard=False)
        s.life[who] += max(0, power)  # 107.1b: a negative power gains no life
    elif kind == "bounce":
        c = s.creatures[targets[0]]
        leave(s, targets[0], to_graveyard=False)
        if not c.token:
            s.hand[c.controller] += 1  # the generated boards' owners control their creatures
    elif kind == "pump":
        s.creatures[targets[0]].pumps.append((spell[1], spell[2]))
    elif kind == "counter":
        c = s.creatures[targets[0]]
        if spell[1] == "+1/+1":
            c.plus += spell[2]
        else:
            c.minus += spell[2]
    elif kind == "tap":
        s.creatures[targets[0]].tapped = True
    elif kind == "untap":
        s.creatures[targets[0]].tapped = False
    elif kind == "tokens":
        for _ in range(spell[1]):
            s.tokens_made += 1
            tid = f"token{s.tokens_made}"
            s.creatures[tid] = Creature(tid, caster, 1, 1, token=True)
    elif kind == "drain":
        s.life[targets[0]] -= spell[1]
        s.life[caster] += spell[1]
    elif kind == "fight":
        a, b = s.creatures[targets[0]], s.creatures[targets[1]]
        pa, pb = a.p(), b.p()
        hit(s, b.id, pa, "green")
        hit(s, a.id, pb, "green")
    elif kind == "anthem":
        for c in s.creatures.values():
            if c.controller == caster:
                c.pumps.append((spell[1], 0))
    elif kind == "draw":
        for _ in range(spell[1]):
            if s.library[caster] == 0:
                s.drew_empty.add(caster)
            else:
                s.library[caster] -= 1
                s.hand[caster] += 1
    return [s]


def hit(s: State, target: str, n: int, color: str) -> None:
    """120.3: damage to a player or a creature; protection from red prevents red damage."""
    if n <= 0:
        return
    if target in s.life:
        s.life[target] -= n
        return
    c = s.creatures.get(target)
    if c is None or (c.pro_red and color == "red"):
        return
    c.damage += n


def leave(s: State, cid: str, to_graveyard: bool = True) -> None:
    c = s.creatures.pop(cid)
    if to_graveyard and not c.token:
        s.graveyard.setdefault(c.controller, []).append(c.id)


def sba(s: State) -> None:
    """704.5a, b, f, g, q until none applies."""
    while True:
        done = False
        for player, life in s.life.items():
            if (life <= 0 or player in s.drew_empty) and player not in s.lost:
                s.lost.add(player)
                done = True
        s.drew_empty.clear()
        dying = [c.id for c in s.creatures.values()
                 if c.t() <= 0 or (c.damage >= c.t() and not c.indestructible)]
        for c in s.creatures.values():
            n = min(c.plus, c.minus)
            if n:
                c.plus -= n
                c.minus -= n
                done = True
        for cid in dying:
            leave(s, cid)
            done = True
        if not done:
            return


def summary(s: State) -> str:
    """What a board after shows: life, losses, creatures with their state, tokens, zones."""
    creatures = sorted((c.id if not c.token else "token", c.controller, c.p(), c.t(), c.damage, c.tapped,
                        c.plus - c.minus) for c in s.creatures.values())
    graves = {p: sorted(v) for p, v in s.graveyard.items() if v}
    return repr((sorted(s.life.items()), sorted(s.lost), creatures, sorted(graves.items()),
                 sorted(s.hand.items()), sorted(s.library.items())))
