"""Brute-force reference for combat damage and the combat search (CR 510, 702, 704.5).

Plain enumeration, sharing no rules code with the product: every split of every
creature's combat damage in each step (510.1c-d, 702.19b-d trample with lethal damage
counting marked damage and deathtouch 702.2c), state-based actions after each step
(704.5f-h), every attack (a subset of the attacking player's creatures, all attacking the
one opponent) and every block (each blocker blocks at most one attacker it may block:
flying/reach 702.9b, menace 702.111b, protection 702.16b). Boards: two players, blockers
that block one creature each, no planeswalkers. An attack with costs (Ghostly Prison,
Propaganda, Sphere of Safety: 508.1d, 508.1h) counts only when its total is payable once the
attackers are tapped (508.1f, 508.1i-j: :func:`references.reference_attacks.payable`).

Triggers: exalted 702.83, battle cry 702.91, melee 702.121, training 702.149, dethrone
702.105, mentor 702.134 (boards where one attacking creature has less power than the mentor,
and no other trigger changes power), battalion (207.2c: it and at least two others attack),
frenzy 702.68, rampage 702.23, bushido 702.45, flanking 702.25, afflict 702.130. A blocker with
banding: the defending player divides the damage of the attacker it blocks (702.22j), keeping
the most value (boards with one damage step and no trample). Myriad (702.116a) makes no token
with two players: nothing to do.
Damage: first and double strike 510.4, lifelink 702.15b, infect 702.90b, wither 702.80b,
toxic 702.164c, indestructible 702.12b, protection 702.16e, undying 702.93a, persist 702.79a.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from mtgsolver.model import Board
from mtgsolver.model.permanent import Permanent

from .reference_attacks import payable


def kw(p: Permanent, k: str) -> bool:
    return k in p.keywords


def num(p: Permanent, k: str) -> int:
    return sum(a.value for a in p.abilities if getattr(a, "name", None) == k)


def battalion(p: Permanent) -> tuple[int, int]:
    gets = [a.value for a in p.abilities if getattr(a, "name", None) == "battalion"]
    return sum(g[0] for g in gets), sum(g[1] for g in gets)


def worth(p: Permanent) -> int:
    return 1 + max(0, p.power or 0) + max(0, p.toughness or 0)


WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def colored(p: Permanent, quality: str) -> bool:
    return any(WORDS[c.value] == quality for c in p.colors)


def shielded(src: Permanent, dst: Permanent) -> bool:
    """Protection from a color (the generator's only protection) prevents the damage."""
    return any(colored(src, q) for q in dst.protections)


@dataclass
class Fighter:
    p: Permanent
    power: int
    tough: int
    plus: int  # +1/+1 counters
    marked: int = 0
    minus: int = 0  # -1/-1 counters from wither/infect this combat
    touched: bool = False  # dealt deathtouch damage since the last check
    alive: bool = True
    died: bool = False


@dataclass
class Tally:
    to_player: list[int] = field(default_factory=lambda: [0, 0])  # non-infect damage, per step
    poison: int = 0
    dealt_player: int = 0  # all combat damage dealt to the player
    gains: list[int] = field(default_factory=lambda: [0, 0])  # defender's lifelink gains, per step
    own_gains: list[int] = field(default_factory=lambda: [0, 0])  # the attacker's lifelink gains, per step
    poisons: list[int] = field(default_factory=lambda: [0, 0])  # poison counters given, per step


def stats(board: Board, attack: tuple[str, ...], blocks: dict[str, str]):
    """Power, toughness, +1/+1 counters after the triggers, and afflict life loss."""
    me = board.active_player
    foe = [p.name for p in board.players if p.name != me][0]
    perms = {p.id: p for p in board.permanents}
    out: dict[str, list[int]] = {}
    for c in list(attack) + list(blocks):
        p = perms[c]
        out[c] = [p.power or 0, p.toughness or 0, p.counters.get("+1/+1", 0)]
    exalted = sum(1 for p in board.permanents if p.controller == me and kw(p, "exalted"))
    most = max(pl.life for pl in board.players)
    afflict = 0
    for a in attack:
        p = perms[a]
        s = out[a]
        if len(attack) == 1:
            s[0] += exalted
            s[1] += exalted
        s[0] += sum(1 for c in attack if c != a and kw(perms[c], "battle_cry"))
        if kw(p, "melee"):
            s[0] += 1
            s[1] += 1
        if kw(p, "training") and any((perms[c].power or 0) > (p.power or 0) for c in attack if c != a):
            s[0] += 1; s[1] += 1; s[2] += 1
        if kw(p, "dethrone") and board.player(foe).life == most:
            s[0] += 1; s[1] += 1; s[2] += 1
        if len(attack) >= 3:
            s[0] += battalion(p)[0]
            s[1] += battalion(p)[1]
        if kw(p, "mentor"):
            lesser = [c for c in attack if (perms[c].power or 0) < (p.power or 0)  # 702.18a, 702.16b: targetable
                      and not kw(perms[c], "shroud") and not shielded(p, perms[c])]
            if len(lesser) == 1:
                t = out[lesser[0]]
                t[0] += 1; t[1] += 1; t[2] += 1
        mine = [b for b, x in blocks.items() if x == a]
        if not mine:
            s[0] += num(p, "frenzy")
        else:
            k = num(p, "rampage") * (len(mine) - 1) + num(p, "bushido")
            s[0] += k
            s[1] += k
            afflict += num(p, "afflict")
            if kw(p, "flanking"):
                for b in mine:
                    if not kw(perms[b], "flanking"):
                        out[b][0] -= 1
                        out[b][1] -= 1
    for b in blocks:
        k = num(perms[b], "bushido")
        out[b][0] += k
        out[b][1] += k
    return out, afflict


def splits(total: int, n: int):
    """Every way to divide ``total`` among ``n`` recipients."""
    if n == 0:
        if total == 0:
            yield ()
        return
    if n == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in splits(total - first, n - 1):
            yield (first,) + rest


def sba(fs: list[Fighter]) -> None:
    """704.5f-h."""
    for f in fs:
        if not f.alive:
            continue
        t = f.tough - f.minus
        if t <= 0 or (not kw(f.p, "indestructible") and (f.marked >= t or f.touched)):
            f.alive, f.died = False, True
        f.touched = False


def deals_in(p: Permanent, step: int) -> bool:
    first = kw(p, "first_strike") or kw(p, "double_strike")
    return first if step == 0 else (kw(p, "double_strike") or not first)


def hit(src: Fighter, dst: Fighter, n: int) -> int:
    if n <= 0 or shielded(src.p, dst.p):
        return 0
    if kw(src.p, "wither") or kw(src.p, "infect"):
        dst.minus += n
    else:
        dst.marked += n
    if kw(src.p, "deathtouch"):
        dst.touched = True
    return n


def fights(board: Board, attack: tuple[str, ...], a: str, group: tuple[str, ...], blocks: dict[str, str]):
    """Every outcome of attacker ``a`` against ``group`` over all its assignments:
    (tally, fighters) per choice sequence."""
    st, _ = stats(board, attack, blocks)
    perms = {p.id: p for p in board.permanents}

    def fresh() -> dict[str, Fighter]:
        return {c: Fighter(perms[c], *st[c], marked=perms[c].damage, touched=perms[c].deathtouch_damage)
                for c in (a,) + group}

    outcomes = []

    def run(step: int, fs: dict[str, Fighter], tally: Tally, seen: tuple = ()) -> None:
        seen = seen + (fs,)  # the fighters at each check: before damage, after each step
        if step == 2:
            outcomes.append((tally, fs, seen))
            return
        att = fs[a]
        options: list[dict[str, int]] = []
        amount = 0
        if att.alive and deals_in(att.p, step):
            amount = max(0, att.tough if any(getattr(x, "name", "") == "assigns_damage_by_toughness"
                                             for x in att.p.abilities) else att.power)
        if amount == 0:
            options = [{}]
        elif not group:
            options = [{"player": amount}]
        else:
            live = [b for b in group if fs[b].alive]
            trample = kw(att.p, "trample")
            for sp in splits(amount, len(live) + (1 if trample else 0)):
                over = sp[len(live)] if trample else 0
                if over:
                    lethal = all(sp[i] + fs[b].marked >= fs[b].tough - fs[b].minus
                                 or (kw(att.p, "deathtouch") and sp[i] >= 1) for i, b in enumerate(live))
                    if not lethal:
                        continue
                opt = {b: sp[i] for i, b in enumerate(live)}
                if over:
                    opt["player"] = over
                options.append(opt)
            if any(getattr(x, "name", "") == "may_assign_as_unblocked" for x in att.p.abilities):
                options.append({"player": amount})
            if not options:
                options = [{}]
        for opt in options:
            nfs = {c: Fighter(**vars(f)) for c, f in fs.items()}
            t = Tally(list(tally.to_player), tally.poison, tally.dealt_player, list(tally.gains),
                      list(tally.own_gains), list(tally.poisons))
            src = nfs[a]
            for who, n in opt.items():
                if n == 0:
                    continue
                if who == "player":
                    t.dealt_player += n
                    given = (n if kw(src.p, "infect") else 0) + num(src.p, "toxic")
                    t.poison += given
                    t.poisons[step] += given
                    if not kw(src.p, "infect"):
                        t.to_player[step] += n
                    if kw(src.p, "lifelink"):
                        t.own_gains[step] += n
                elif hit(src, nfs[who], n) and kw(src.p, "lifelink"):
                    t.own_gains[step] += n
            for b in group:
                f = fs[b]  # damage is dealt simultaneously: who deals is decided before
                if f.alive and deals_in(f.p, step) and fs[a].alive and f.power > 0:
                    done = hit(nfs[b], nfs[a], f.power)
                    if kw(f.p, "lifelink"):
                        t.gains[step] += done
            sba(list(nfs.values()))
            run(step + 1, nfs, t, seen)

    start = fresh()
    sba(list(start.values()))
    run(0, start, Tally())
    return outcomes


@dataclass(frozen=True)
class Point:
    """One attacker's share at a state-based check, counted from the start of combat."""

    loss: int  # life the defending player lost
    gain: int  # life the defending player gained (its blockers' lifelink)
    poison: int
    own_gain: int  # life the attacking player gained (the attacker's lifelink)
    own: int  # value of the defending player's creatures lost


def checkpoints(tally: Tally, seen: tuple, a: str, group: tuple[str, ...]) -> tuple[Point, Point, Point]:
    """The share at the check before damage and after each damage step."""
    def at(k: int) -> Point:
        return Point(sum(tally.to_player[:k]), sum(tally.gains[:k]), sum(tally.poisons[:k]), sum(tally.own_gains[:k]),
                     sum(worth(seen[k][b].p) for b in group if lost(seen[k][b])))
    return at(0), at(1), at(2)


def lost(f: Fighter) -> bool:
    if not f.died:
        return False
    if kw(f.p, "undying"):
        return f.plus > 0
    if kw(f.p, "persist"):
        return f.minus + f.p.counters.get("-1/-1", 0) > 0
    return True


@dataclass(frozen=True)
class Share:
    loss: tuple[int, int]
    gain: tuple[int, int]
    poison: int
    dealt: int
    own: int  # defender's value lost
    killed: int  # attacker's value lost


def outcome(tally: Tally, fs: dict[str, Fighter], a: str, group: tuple[str, ...]) -> Share:
    return Share(tuple(tally.to_player), tuple(tally.gains), tally.poison, tally.dealt_player,
                 sum(worth(fs[b].p) for b in group if lost(fs[b])), worth(fs[a].p) if lost(fs[a]) else 0)


def best_damage(board: Board, attack: tuple[str, ...], blocks: dict[str, str]) -> tuple[int, int, int]:
    """The ``damage`` command's default objective, over every combination of the attackers'
    assignments: the defending player loses (704.5a, c), then the most net life (their loss less
    their lifelink gains, plus the attacking player's lifelink gains, 702.15b), then the most
    value destroyed. The game ends at the first check where the defending player has lost: no
    later step happens (104.2a)."""
    foe = [p for p in board.players if p.name != board.active_player][0]
    _, afflict = stats(board, attack, blocks)
    options = []
    for a in attack:
        group = tuple(b for b, x in blocks.items() if x == a)
        runs = fights(board, attack, a, group, blocks)
        if any(kw({p.id: p for p in board.permanents}[b], "banding") for b in group):
            least = min(outcome(t, fs, a, group).own for t, fs, _ in runs)
            runs = [r for r in runs if outcome(r[0], r[1], a, group).own == least]
        options.append({checkpoints(t, seen, a, group) for t, _, seen in runs})
    best = None
    for combo in itertools.product(*options):
        for k in range(3):
            point = [sum(getattr(c[k], f) for c in combo) for f in ("loss", "gain", "poison", "own_gain", "own")]
            loss, gain, poison, own_gain, own = point
            loses = foe.life - afflict - loss + gain <= 0 or foe.poison + poison >= 10
            if loses or k == 2:
                break
        value = (int(loses), afflict + loss - gain + own_gain, own)
        best = value if best is None or value > best else best
    return best  # type: ignore[return-value]


def divided(board: Board, a: str, group: tuple[str, ...], outs: list[Share]) -> list[Share]:
    """702.22j: a blocker with banding lets the defending player divide the attacker's damage
    among its blockers; they keep the most value. The attacking player chooses among the rest."""
    perms = {p.id: p for p in board.permanents}
    if not any(kw(perms[b], "banding") for b in group):
        return outs
    least = min(o.own for o in outs)
    return [o for o in outs if o.own == least]


def policy_share(board: Board, attack: tuple[str, ...], a: str, group: tuple[str, ...], blocks: dict[str, str]) -> Share:
    """The search's attacker policy: most net damage (dealt to the player less its blockers'
    lifelink gains), then most value destroyed, then least value lost."""
    outs = divided(board, a, group, [outcome(t, fs, a, group) for t, fs, _ in fights(board, attack, a, group, blocks)])
    return max(outs, key=lambda o: (o.dealt - sum(o.gain), o.own, -o.killed))


def legal_blocks(board: Board, attack: tuple[str, ...]):
    me = board.active_player
    perms = {p.id: p for p in board.permanents}
    mine = [p for p in board.permanents if p.is_creature and p.controller != me and not p.tapped]
    choices = []
    for b in mine:
        opts = [None]
        for a in attack:
            ap = perms[a]
            if kw(ap, "flying") and not (kw(b, "flying") or kw(b, "reach")):
                continue
            if any(colored(b, q) for q in ap.protections):
                continue
            opts.append(a)
        choices.append(opts)
    for combo in itertools.product(*choices):
        blocks = {b.id: a for b, a in zip(mine, combo) if a is not None}
        ok = True
        for a in attack:
            n = sum(1 for x in blocks.values() if x == a)
            if kw(perms[a], "menace") and n == 1:
                ok = False
        if ok:
            yield blocks


ORDER = ("loses", "life", "poison", "creatures", "kills")


def evaluate(board: Board, attack: tuple[str, ...], blocks: dict[str, str]) -> tuple[int, int, int, int, int]:
    """The defender's value vector (704.5a, c; checks after afflict and each step)."""
    foe = [p for p in board.players if p.name != board.active_player][0]
    _, afflict = stats(board, attack, blocks)
    shares = [policy_share(board, attack, a, tuple(b for b, x in blocks.items() if x == a), blocks) for a in attack]
    l1 = sum(s.loss[0] for s in shares); l2 = sum(s.loss[1] for s in shares)
    g1 = sum(s.gain[0] for s in shares); g2 = sum(s.gain[1] for s in shares)
    poison = sum(s.poison for s in shares)
    life = foe.life
    loses = (life - afflict <= 0 or life - afflict - l1 + g1 <= 0 or life - afflict - l1 - l2 + g1 + g2 <= 0
             or foe.poison + poison >= 10)
    return (int(loses), afflict + l1 + l2 - g1 - g2, poison, sum(s.own for s in shares),
            -sum(s.killed for s in shares))


def best_blocks(board: Board, attack: tuple[str, ...]) -> tuple[int, ...]:
    return min(evaluate(board, attack, blocks) for blocks in legal_blocks(board, attack))


def attacks(board: Board):
    """Every attack on the opponent whose total cost can be paid (508.1h-j)."""
    me = board.active_player
    foe = [p.name for p in board.players if p.name != me][0]
    mine = sorted(p.id for p in board.permanents if p.is_creature and p.controller == me)
    for r in range(len(mine) + 1):
        for attack in itertools.combinations(mine, r):
            if payable(board, {c: foe for c in attack}, frozenset(attack)):
                yield attack


def best_attack(board: Board) -> tuple[int, int]:
    """max over attacks of (loses, net life lost) of the defender's best block."""
    return max(best_blocks(board, attack)[:2] for attack in attacks(board))
