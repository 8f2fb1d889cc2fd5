"""Brute-force reference for winning this turn (the goal ``win``: 104.2a, 704.5a), on small
boards: plain enumeration of every sequence of actions, sharing no code with the product.

The model, its own: the active player ``me`` has basic lands (a color each, tapped or not), a
few creatures (power, toughness, keywords, summoning sick or not) and a hand of 3-4 cards; the
opponent has a life total and creatures (keywords, tapped or not). Cards:

- ``("land", color)``: a basic land, played once this turn in a main phase (305.2);
- ``("bolt", cost, n)``: instant, ``n`` damage to any target (a creature or a player);
- ``("needle", cost, n)``: instant, ``n`` damage to any target that was dealt damage this turn
  (Needle Drop, 120.3: a creature with damage marked, the opponent once they lost life);
- ``("pump", cost, p, t)``: instant, target creature gets +p/+t until end of turn;
- ``("kill", cost)``: instant, destroy target creature;
- ``("creature", cost, p, t, keywords)``: a creature spell (main phase, empty stack), summoning
  sick unless it has haste;
- ``("clone", cost)``: a 0/0 creature spell that may enter as a copy of a creature its controller
  controls as it resolves (Glasspool Mimic, 707.2): that creature's printed power, toughness and
  keywords, not its damage, counters or pumps; summoning sick unless it copied haste; as no copy it
  dies at once (704.5f).

A cost is a string of letters (``"1R"``: one generic and one red), paid by tapping exactly that
many lands whose colors match (every subset is tried). Keywords: flying and reach (702.9b,
702.17b), menace (702.111b), trample (702.19b: lethal damage to every blocker first, deathtouch
counting 1), first strike and double strike (510.4), deathtouch (702.2b), lifelink (702.15b: the
opponent's blockers gain them life), haste (302.6), vigilance (702.20b).

The turn: the precombat main phase (anything), attackers declared (any set of untapped
creatures that aren't summoning sick), instants, every block the opponent can make (each
untapped creature of theirs blocks one attacker it can, menace needing two or more), instants,
combat damage (a first-strike step when a creature in combat has first or double strike, with
instants after it; each blocked attacker divides its damage every way among its blockers, and
the player if it tramples; a blocked attacker whose blockers are all gone deals none unless it
tramples), the postcombat main phase. The opponent loses at 0 life (704.5a). The answer: is
there a sequence that wins against every block.

An opponent's creature may have one ability, "Sacrifice this creature: put a -1/-1 counter on
target creature" (``counter``), "... deal 1 damage to any target" (``ping``; the active player
as a target changes nothing here and is left out) or "... you gain life equal to the life you've
lost this turn" (``korlis``: the opponent's life lost this turn, 119.3, 120.3a, counted from the
board's start and never taken back by life gained). The opponent answers (117.3b-d, 117.4):
before each spell of the active player resolves, any number of times, each answer done before
the spell (its target chosen as the spell was cast: gone, the spell does nothing, 608.2b; a
target may be the sacrificed creature itself, 601.2c before 601.2h), and whenever the active
player passes with nothing on the stack, after which the active player acts again in that step.
When the opponent passes with an answer of theirs on top of the stack, the active player may
respond to it with an instant (117.3c), which the opponent may answer in turn; when both pass,
the top resolves (117.4, 405.2). A win must hold against every answer, passing included. The
beginning of combat is a window for instants like the others.

A creature of the active player's may have a pump ability activated at instant speed as often as
its cost is paid (602.1, 602.5): ``(cost, n, False)``, "{cost}: ~ gets +n/+0 until end of turn"
(Shivan Dragon), or ``(cost, n, True)``, "{cost}: Another target creature gets +n/+0 and gains
trample until end of turn" (Rhonas the Indomitable); its source gone, the first does nothing.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

Card = tuple[Any, ...]


@dataclass(frozen=True)
class Unit:
    id: str
    mine: bool
    power: int
    toughness: int
    keywords: frozenset[str] = frozenset()
    sick: bool = False
    tapped: bool = False
    damage: int = 0
    deadly: bool = False  # dealt damage by a deathtouch source
    bonus: tuple[int, int] = (0, 0)
    ability: str | None = None  # the opponent's sacrifice ability: "counter", "ping" or "korlis"
    counters: int = 0  # -1/-1 counters
    pump: tuple[str, int, bool] | None = None  # the active player's repeatable pump ability: (cost, n, another)

    def p(self) -> int:
        return self.power + self.bonus[0] - self.counters

    def t(self) -> int:
        return self.toughness + self.bonus[1] - self.counters


@dataclass(frozen=True)
class State:
    units: tuple[Unit, ...]
    lands: tuple[tuple[str, str, bool], ...]  # (id, color, tapped)
    hand: tuple[tuple[str, Card], ...]
    life: int
    land_played: bool = False
    attackers: tuple[str, ...] = ()
    blocks: tuple[tuple[str, tuple[str, ...]], ...] = ()  # attacker -> its blockers (509.1h: blocked stays blocked)
    struck: tuple[str, ...] = ()
    lost: int = 0  # the opponent's life lost this turn (119.3)

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.id == uid), None)


def wins(state: State) -> bool:
    """Whether the active player can make the opponent lose this turn (the memo of positions
    lives for one board: kept across boards it only grows, and every garbage collection walks it)."""
    try:
        return _main(state, first=True)
    finally:
        _main.cache_clear()
        _window.cache_clear()


# --------------------------------------------------------------------------- actions
def _instant(card: Card) -> bool:
    return card[0] in ("bolt", "pump", "kill", "needle")


def _payments(state: State, cost: str) -> list[tuple[str, ...]]:
    """Every set of untapped lands that pays ``cost`` exactly."""
    untapped = [(lid, color) for lid, color, tapped in state.lands if not tapped]
    need = sum(int(c) if c.isdigit() else 1 for c in cost)
    colored = [c for c in cost if not c.isdigit()]
    out = []
    for chosen in itertools.combinations(untapped, need):
        colors = [c for _, c in chosen]
        ok = True
        for c in colored:
            if c in colors:
                colors.remove(c)
            else:
                ok = False
                break
        if ok:
            out.append(tuple(lid for lid, _ in chosen))
    return out


#: On the stack: ("mine", card id, card, target), ("theirs", ability, target), ("pump", n, target, trample).
Item = tuple[Any, ...]


def _actions(state: State, sorcery: bool) -> list[tuple[State, Item | None]]:
    """Every action (each card each way, each payment, each target): the state once it is made,
    with what it put on the stack (``None``: a land played, no stack)."""
    out: list[tuple[State, Item | None]] = []
    for i, (cid, card) in enumerate(state.hand):
        rest = state.hand[:i] + state.hand[i + 1:]
        if card[0] == "land":
            if sorcery and not state.land_played:
                out.append((replace(state, hand=rest, land_played=True, lands=state.lands + ((cid, card[1], False),)),
                            None))
            continue
        if not _instant(card) and not sorcery:
            continue
        for paid in _payments(state, card[1]):
            lands = tuple((lid, c, t or lid in paid) for lid, c, t in state.lands)
            base = replace(state, hand=rest, lands=lands)
            for target in _targets(base, card):
                out.append((base, ("mine", cid, card, target)))
    for u in state.units:
        if not u.mine or u.pump is None:
            continue
        cost, n, another = u.pump
        for paid in _payments(state, cost):
            base = replace(state, lands=tuple((lid, c, t or lid in paid) for lid, c, t in state.lands))
            for target in ([v.id for v in state.units if v.id != u.id] if another else [u.id]):
                out.append((base, ("pump", n, target, another)))
    return out


def _play(state: State, item: Item | None, cont: Any) -> bool:
    """An action made: on with ``cont`` once what it put on the stack has resolved."""
    return cont(state) if item is None else _settle(state, (item,), cont)


def _settle(state: State, items: tuple[Item, ...], cont: Any) -> bool:
    """The stack ``items`` (bottom first) resolved with both players' priority: the opponent
    passes or answers (every way must win); when they pass with an answer of theirs on top, the
    active player may respond with an instant (one way must win); when both pass, the top
    resolves and state-based actions are done; once the stack is empty, ``cont``."""
    if state.life <= 0:
        return True

    def passed() -> bool:
        if items[-1][0] == "theirs" and any(_settle(s, items + (item,), cont)
                                            for s, item in _actions(state, sorcery=False) if item is not None):
            return True
        for after in map(_sba, _resolutions(state, items[-1])):  # the active player's choice as it resolves
            if _settle(after, items[:-1], cont) if len(items) > 1 else cont(after):
                return True
        return False

    return passed() and all(_settle(s, items + (item,), cont) for s, item in _answers(state))


def _resolutions(state: State, item: Item) -> list[State]:
    """The states ``item`` may resolve to: a clone's, one for each creature of mine it may copy
    and one for none (707.2); any other item's, one."""
    if item[0] == "mine" and item[2][0] == "clone":
        copies = [Unit(item[1], True, u.power, u.toughness, u.keywords, sick="haste" not in u.keywords)
                  for u in state.units if u.mine]
        return [replace(state, units=state.units + (c,)) for c in [Unit(item[1], True, 0, 0), *copies]]
    return [_resolve(state, item)]


def _resolve(state: State, item: Item) -> State:
    if item[0] == "mine":
        return _effect(state, item[1], item[2], item[3])
    if item[0] == "pump":
        _, n, target, trample = item
        u = state.unit(target)
        if u is None:  # 608.2b: its target (or its source, pumping itself) is gone
            return state
        keywords = u.keywords | {"trample"} if trample else u.keywords
        return _with(state, replace(u, bonus=(u.bonus[0] + n, u.bonus[1]), keywords=keywords))
    ability, target = item[1], item[2]
    if ability == "korlis":
        return replace(state, life=state.life + state.lost)
    if target == "opponent":
        return _loses(state, 1)
    u = state.unit(target)
    if u is None:  # 608.2b: its target is gone
        return state
    if ability == "counter":
        return _with(state, replace(u, counters=u.counters + 1))
    return _with(state, replace(u, damage=u.damage + 1))


def _targets(state: State, card: Card) -> list[str | None]:
    if card[0] in ("creature", "clone"):
        return [None]
    if card[0] == "needle":  # only what was dealt damage this turn (all damage here is marked or lost life)
        return (["opponent"] if state.lost else []) + [u.id for u in state.units if u.damage]
    return (["opponent"] if card[0] == "bolt" else []) + [u.id for u in state.units]


def _effect(state: State, cid: str, card: Card, target: str | None) -> State:
    """The spell resolving; a target no longer there: it does nothing (608.2b)."""
    kind = card[0]
    if kind == "creature":
        _, _, p, t, kw = card
        return replace(state, units=state.units + (Unit(cid, True, p, t, frozenset(kw), sick="haste" not in kw),))
    if target == "opponent":
        return _loses(state, card[2])
    u = state.unit(target or "")
    if u is None:
        return state
    if kind in ("bolt", "needle"):
        return _with(state, replace(u, damage=u.damage + card[2]))
    if kind == "pump":
        return _with(state, replace(u, bonus=(u.bonus[0] + card[2], u.bonus[1] + card[3])))
    return replace(state, units=tuple(v for v in state.units if v.id != u.id))


def _answers(state: State) -> list[tuple[State, Item]]:
    """Each answer of the opponent's: a creature of theirs with an ability sacrificed (its
    target chosen first, so it may be itself), the ability on the stack."""
    out = []
    for spitter in state.units:
        if spitter.mine or spitter.ability is None:
            continue
        gone = replace(state, units=tuple(v for v in state.units if v.id != spitter.id))
        targets = [None] if spitter.ability == "korlis" else \
            [u.id for u in state.units] + (["opponent"] if spitter.ability == "ping" else [])
        out += [(gone, ("theirs", spitter.ability, t)) for t in targets]
    return out


def _loses(state: State, n: int) -> State:
    """The opponent loses ``n`` life (119.3), kept as life lost this turn."""
    return replace(state, life=state.life - n, lost=state.lost + n)


def _with(state: State, unit: Unit) -> State:
    return replace(state, units=tuple(unit if v.id == unit.id else v for v in state.units))


def _sba(state: State) -> State:
    """704.5f-h: creatures with toughness 0 or less, lethal damage or deathtouch damage die."""
    alive = tuple(u for u in state.units if u.t() > 0 and u.damage < u.t() and not (u.deadly and u.damage > 0))
    return replace(state, units=alive) if len(alive) != len(state.units) else state


# --------------------------------------------------------------------------- the turn
@lru_cache(maxsize=None)
def _main(state: State, first: bool) -> bool:
    if state.life <= 0:
        return True
    if first and _passes(state, lambda: _window(state, "beginning"), lambda s: _main(s, first)):
        return True
    return any(_play(s, item, lambda t: _main(t, first)) for s, item in _actions(state, sorcery=True))


def _passes(state: State, on: Any, again: Any) -> bool:
    """The active player passes with nothing on the stack: a win if it wins when the opponent
    passes too (``on()``) and after each answer of theirs once the stack is empty again
    (``again(state)``: the active player acting again in the step)."""
    return on() and all(_settle(s, (item,), again) for s, item in _answers(state))


def _combat(state: State) -> bool:
    able = [u for u in state.units if u.mine and not u.tapped and (not u.sick or "haste" in u.keywords)]  # 302.6, 702.10b
    for k in range(len(able) + 1):
        for group in itertools.combinations(able, k):
            ids = tuple(u.id for u in group)
            units = tuple(replace(u, tapped=True) if u.id in ids and "vigilance" not in u.keywords else u
                          for u in state.units)
            attacked = replace(state, units=units, attackers=ids)
            if not ids:
                if _main(replace(attacked, attackers=()), first=False):
                    return True
                continue
            if _window(attacked, "attackers"):
                return True
    return False


@lru_cache(maxsize=None)
def _window(state: State, where: str) -> bool:
    """Instants and on: in the beginning of combat, after attackers are declared, after
    blockers, after first-strike damage."""
    if state.life <= 0:
        return True
    if _passes(state, lambda: _on(state, where), lambda s: _window(s, where)):
        return True
    return any(_play(s, item, lambda t: _window(t, where)) for s, item in _actions(state, sorcery=False))


def _on(state: State, where: str) -> bool:
    if where == "beginning":
        return _combat(state)
    if where == "attackers":
        return all(_window(b, "blockers") for b in _blocks(state))
    if where == "blockers":
        if any(_first_striker(state.unit(c)) for c in _in_combat(state)):
            return _damage(state, first=True)
        return _damage(state, first=False)
    return _damage(state, first=False)


def _in_combat(state: State) -> list[str]:
    ids = [a for a in state.attackers if state.unit(a)]
    for _, blockers in state.blocks:
        ids += [b for b in blockers if state.unit(b)]
    return ids


def _first_striker(u: Unit | None) -> bool:
    return u is not None and bool({"first_strike", "double_strike"} & u.keywords)


def _can_block(blocker: Unit, attacker: Unit) -> bool:
    if blocker.tapped:
        return False
    if "flying" in attacker.keywords and not ({"flying", "reach"} & blocker.keywords):
        return False
    return True


def _blocks(state: State) -> list[State]:
    """Every legal block of the opponent (509.1)."""
    theirs = [u for u in state.units if not u.mine]
    attackers = [state.unit(a) for a in state.attackers if state.unit(a)]
    choices = [[None] + [a.id for a in attackers if _can_block(b, a)] for b in theirs]  # type: ignore[union-attr]
    out = []
    for combo in itertools.product(*choices):
        by: dict[str, list[str]] = {}
        for b, a in zip(theirs, combo):
            if a is not None:
                by.setdefault(a, []).append(b.id)
        if any("menace" in state.unit(a).keywords and len(bs) < 2 for a, bs in by.items()):  # type: ignore[union-attr]
            continue
        out.append(replace(state, blocks=tuple(sorted((a, tuple(bs)) for a, bs in by.items()))))
    return out


def _damage(state: State, first: bool) -> bool:
    """510: each dealing creature's damage, every division; a win against every result the
    opponent can't change (their blockers each block one creature: no choice of theirs)."""
    blocks = dict(state.blocks)
    dealers = []
    for c in _in_combat(state):
        u = state.unit(c)
        if u is None or c in dealers:
            continue
        if first and not _first_striker(u):
            continue
        if not first and c in state.struck and "double_strike" not in u.keywords:
            continue
        dealers.append(c)
    options: list[list[tuple[tuple[str, int], ...]]] = []
    for c in dealers:
        u = state.unit(c)
        assert u is not None
        power = max(0, u.p())
        if u.mine:
            if c not in blocks:
                options.append([(("opponent", power),)])
                continue
            alive = [b for b in blocks[c] if state.unit(b)]
            if not alive:
                options.append([(("opponent", power),)] if "trample" in u.keywords else [()])
                continue
            options.append(_divisions(state, u, alive, power))
        else:
            target = next(a for a, bs in blocks.items() if c in bs)
            options.append([((target, power),)] if state.unit(target) else [()])
    for combo in itertools.product(*options):
        after = _deal(state, dealers, combo)
        if after.life <= 0:
            return True
        if first:
            nxt = replace(after, struck=tuple(dealers))
            if _window(nxt, "first_strike"):
                return True
        elif _main(replace(after, attackers=(), blocks=(), struck=()), first=False):
            return True
    return False


def _divisions(state: State, u: Unit, blockers: list[str], power: int) -> list[tuple[tuple[str, int], ...]]:
    """Every division of ``power`` among ``blockers`` (and the player with trample, once each
    blocker has lethal damage)."""
    out = []
    for split in itertools.product(range(power + 1), repeat=len(blockers)):
        rest = power - sum(split)
        if rest < 0:
            continue
        if rest and "trample" not in u.keywords:
            continue
        if rest:
            lethal = all(n >= (1 if "deathtouch" in u.keywords else max(1, state.unit(b).t() - state.unit(b).damage))
                         for b, n in zip(blockers, split))  # type: ignore[union-attr]
            if not lethal:
                continue
        out.append(tuple(zip(blockers, split)) + ((("opponent", rest),) if rest else ()))
    return out


def _deal(state: State, dealers: list[str], combo: tuple[tuple[tuple[str, int], ...], ...]) -> State:
    """510.2: all at once; lifelink of the opponent's creatures gains them life."""
    units = {u.id: u for u in state.units}
    life, lost = state.life, state.lost
    for c, parts in zip(dealers, combo):
        src = units[c]
        for target, n in parts:
            if n <= 0:
                continue
            if target == "opponent":
                life, lost = life - n, lost + n
            elif target in units:
                t = units[target]
                units[target] = replace(t, damage=t.damage + n, deadly=t.deadly or "deathtouch" in src.keywords)
            if not src.mine and "lifelink" in src.keywords:
                life += n
    return _sba(replace(state, units=tuple(units.values()), life=life, lost=lost))
