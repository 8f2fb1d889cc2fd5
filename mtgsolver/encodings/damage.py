"""CP-SAT model of the combat damage steps (CR 510, 702, 704.5, 120.3, 903.10a).

One family for every question about combat damage: attack literals ``x[c, t]`` may be
fixed (0/1, the ``damage`` command, a defender's response) or the very literals of the
508.1 encoding (the lethal search); blocks are fixed per model (a declaration, or one
counterexample of the search). On top of them:

- triggers of the declare attackers and blockers steps whose result the board fixes, as
  power/toughness changes (:class:`Lin` over the attack literals): exalted 702.83, battle cry
  702.91, melee 702.121, training 702.149, dethrone 702.105, mentor 702.134 and battalion
  (207.2c) when the board fixes their result (:func:`choice_notes`), frenzy 702.68, rampage
  702.23, bushido 702.45, flanking 702.25; afflict 702.130 as life loss;
- state-based actions before damage (704.5f-h after flanking), then two damage steps (510.4:
  first and double strike in the first, the others and double strike in the second), each
  with its assignment variables: an unblocked creature assigns to what it attacks (510.1b),
  a blocked one divides freely among its blockers (510.1c, no damage assignment order) or,
  with trample, assigns to the player or planeswalker only once every blocker has lethal
  damage counting marked damage, damage from others in the same step and deathtouch
  (702.19b-d, 702.2c), with trample over planeswalkers past the planeswalker's loyalty
  (702.19c, e); a blocker divides among the creatures it blocks (510.1d); "as though it
  weren't blocked" and "assigns combat damage equal to its toughness" (510.1a); the defending
  player divides the damage of an attacker a creature with banding blocks (702.22j:
  :meth:`DamageModel.banding_steps`);
- damage dealt (510.2) after protection (702.16e), as marked damage, -1/-1 counters (wither
  702.80, infect 702.90), poison (infect, toxic 702.164c), loyalty and defense loss (120.3c-d,
  h), life gain (lifelink 702.15b), commander damage (903.10a); then state-based actions after
  each step (704.5a, c, f, g, h, i, v; 704.6c), undying and persist returns (702.93, 702.79);
- with ``game_ends``, the end of the game: once the check after afflict or after the first
  combat damage step leaves one player (104.2a; 104.4a: none, a draw), the later steps never
  happen.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from ortools.sat.python import cp_model

from mtgsolver.encodings.lin import Lin, Lits
from mtgsolver.model import Board, Permanent
from mtgsolver.rules.damage import LETHAL_COMMANDER, LETHAL_POISON, by_toughness, mentor_target, number, prevents
from mtgsolver.rules.state_based import kept_in_game

__all__ = ["DamageModel", "Lit", "creature_value"]

Lit = cp_model.IntVar


def creature_value(p: Permanent) -> int:
    """The value of losing a creature in the default value orders: 1 + power + toughness."""
    return 1 + max(0, p.power or 0) + max(0, p.toughness or 0)


@dataclass
class _Step:
    """One combat damage step's variables. ``assigned``/``dealt``: (source, recipient, amount)."""

    alive: dict[str, Lit] = field(default_factory=dict)  # in combat as the step begins
    amount: dict[str, cp_model.IntVar] = field(default_factory=dict)  # combat damage it assigns
    assigned: list[tuple[str, str, cp_model.IntVar]] = field(default_factory=list)
    dealt: list[tuple[str, str, cp_model.IntVar]] = field(default_factory=list)  # after prevention
    died: dict[str, Lit] = field(default_factory=dict)
    choices: dict[str, Lit] = field(default_factory=dict)  # "as though it weren't blocked"
    pending: list[Callable[[], None]] = field(default_factory=list)  # constraints over all assignments

    def to(self, dst: str, but: str | None = None) -> list[cp_model.IntVar]:
        """Amounts assigned to ``dst`` this step (by sources other than ``but``)."""
        return [q for src, d, q in self.assigned if d == dst and src != but]


class DamageModel:
    """The combat damage of one declaration, in ``model`` (shared with the caller).

    Parameters
    ----------
    x:
        ``creature -> {target: literal or 0/1}``: the attack (one target per attacker).
    blocks:
        ``blocker -> attackers it blocks`` (fixed).
    active:
        The attacking player (default: the board's active player).
    focus:
        If given, only these attackers (and the blockers) deal and take damage; the others
        count only for the triggers that look at the whole attack (exalted, battle cry, ...).
    game_ends:
        Whether the game ending at a check stops the steps after it (104.2a); without it every
        step is played out, which the search's per-attacker shares need (a loss at any check
        is a loss either way).
    nothing:
        Attacking creatures that attack nothing, what they attacked having left combat (506.4c),
        each with its defending player (802.2a); ``x`` gives them no target. They may be blocked
        and, unblocked, deal no combat damage.
    """

    def __init__(self, board: Board, model: cp_model.CpModel, x: Mapping[str, Mapping[str, Lit | int]],
                 blocks: Mapping[str, tuple[str, ...]], name: str = "d", active: str | None = None,
                 focus: frozenset[str] | None = None, game_ends: bool = False,
                 nothing: Mapping[str, str] | None = None) -> None:
        self.board, self.m, self.name, self.game_ends = board, model, name, game_ends
        self.checks: dict[tuple[str, int], Lit] = {}  # (player, k) -> loses at check k (-1 - k: by check k)
        self.ended: list[Lit] = []  # per step: the game ended before it (104.2a)
        self.L = Lits(model)
        self.active = active or board.active_player
        self.x = {c: dict(ts) for c, ts in x.items()}
        self.nothing = dict(nothing or {})
        for c in self.nothing:
            self.x.setdefault(c, {})
        self.blocks = {b: tuple(a) for b, a in blocks.items() if a}
        self.blockers_of: dict[str, list[str]] = {a: [] for a in self.x}
        for b, atts in self.blocks.items():
            for a in atts:
                self.blockers_of.setdefault(a, []).append(b)
        self.fighting = [a for a in self.x if focus is None or a in focus]
        self.creatures = self.fighting + [b for b in self.blocks if b not in self.x]
        self.perm = {c: board.permanent(c) for c in list(self.x) + self.creatures}
        self.attacking = {c: self.L.true() if c in self.nothing else self.L.any_of(list(ts.values()), f"{name}_att_{c}")
                          for c, ts in self.x.items()}
        self.in_combat: dict[str, Lit] = {a: self.attacking[a] for a in self.fighting}
        for b, atts in self.blocks.items():  # a blocker of creatures that don't attack doesn't block
            self.in_combat.setdefault(b, self.L.any_of([self.attacking[a] for a in atts], f"{name}_blk_{b}"))
        self.plus_counters: dict[str, Lin] = {}
        self.power, self.toughness = self._triggers()
        self.afflict = self._afflict()
        self.steps: list[_Step] = []
        self._damage()

    # ------------------------------------------------------------------ triggers
    def _lit(self, v: Lit | int) -> Lit:
        return self.L.lit(v)

    def _triggers(self) -> tuple[dict[str, Lin], dict[str, Lin]]:
        """Power and toughness after the declare attackers and blockers triggers."""
        board, n = self.board, self.name
        P = {c: Lin(p.power or 0) for c, p in self.perm.items()}
        T = {c: Lin(p.toughness or 0) for c, p in self.perm.items()}
        plus = {c: Lin(p.counters.get("+1/+1", 0)) for c, p in self.perm.items()}
        attackers = list(self.x)
        count = Lin(0)
        for a in attackers:
            count = count.add_term(1, self.attacking[a])
        if attackers:
            ge1 = self.L.at_least(count.expr(), 1, count.lb, count.ub, f"{n}_ge1")
            ge2 = self.L.at_least(count.expr(), 2, count.lb, count.ub, f"{n}_ge2")
            alone = self.L.all_of([ge1, ge2.Not()], f"{n}_alone")
        exalted = sum(1 for p in board.controlled_by(self.active) if p.has_keyword("exalted"))
        life = {p.name: p.life for p in board.players}
        most = max(life.values())
        opponents = board.opponents(self.active)
        attacked = [self.L.any_of([ts[p] for ts in self.x.values() if p in ts], f"{n}_attacked_{p}") for p in opponents]
        for a in attackers:
            pa = self.perm[a]
            if exalted:  # 702.83a: attacks alone, +1/+1 per instance of exalted
                P[a] = P[a].add_term(exalted, alone)
                T[a] = T[a].add_term(exalted, alone)
            for c in attackers:  # 702.91a: each other attacking creature gets +1/+0
                if c != a and self.perm[c].has_keyword("battle_cry"):
                    P[a] = P[a].add_term(1, self.attacking[c])
            if pa.has_keyword("melee"):  # 702.121a: +1/+1 per opponent attacked
                for lit in attacked:
                    P[a] = P[a].add_term(1, lit)
                    T[a] = T[a].add_term(1, lit)
            if pa.has_keyword("training"):  # 702.149a: a +1/+1 counter
                greater = [self.attacking[c] for c in attackers if c != a and (self.perm[c].power or 0) > (pa.power or 0)]
                lit = self.L.any_of(greater, f"{n}_train_{a}")
                P[a], T[a], plus[a] = P[a].add_term(1, lit), T[a].add_term(1, lit), plus[a].add_term(1, lit)
            if pa.has_keyword("dethrone"):  # 702.105a: attacks the player with the most life
                for t, lit in self.x[a].items():
                    if board.is_player(t) and life[t] == most:
                        P[a], T[a], plus[a] = P[a].add_term(1, lit), T[a].add_term(1, lit), plus[a].add_term(1, lit)
            if pa.has_keyword("mentor"):  # 702.134a: the one creature it may target (choice_notes)
                for c in mentor_target(pa, [self.perm[c] for c in attackers]):
                    lit = self.L.all_of([self.attacking[a], self.attacking[c]], f"{n}_mentor_{a}_{c}")
                    P[c], T[c], plus[c] = P[c].add_term(1, lit), T[c].add_term(1, lit), plus[c].add_term(1, lit)
            gets = pa.values("battalion")
            if gets:  # battalion (207.2c): it and at least two other creatures attack
                ge3 = self.L.at_least(count.expr(), 3, count.lb, count.ub, f"{n}_ge3")
                lit = self.L.all_of([self.attacking[a], ge3], f"{n}_battalion_{a}")
                P[a] = P[a].add_term(sum(g[0] for g in gets), lit)
                T[a] = T[a].add_term(sum(g[1] for g in gets), lit)
            blockers = self.blockers_of.get(a, [])
            if not blockers:
                P[a] = P[a].plus(number(pa, "frenzy"))  # 702.68a
            else:
                k = len(blockers)
                bonus = number(pa, "rampage") * (k - 1) + number(pa, "bushido")  # 702.23a, 702.45a
                P[a], T[a] = P[a].plus(bonus), T[a].plus(bonus)
                if pa.has_keyword("flanking"):  # 702.25a
                    for b in blockers:
                        if not self.perm[b].has_keyword("flanking"):
                            P[b], T[b] = P[b].plus(-1), T[b].plus(-1)
        for b in self.blocks:
            bonus = number(self.perm[b], "bushido")  # 702.45a
            P[b], T[b] = P[b].plus(bonus), T[b].plus(bonus)
        self.plus_counters = plus
        return P, T

    def _afflict(self) -> dict[str, Lin]:
        """702.130a: whenever it becomes blocked, the defending player loses N life."""
        out: dict[str, Lin] = {}
        for a in self.fighting:
            ts = self.x[a]
            n = number(self.perm[a], "afflict")
            if n and self.blockers_of.get(a):
                for t, lit in ts.items():
                    d = self.board.defending_player_of(t)
                    out[d] = out.get(d, Lin()).add_term(n, lit)
                if a in self.nothing:  # 802.2a: the player it was attacking
                    out[self.nothing[a]] = out.get(self.nothing[a], Lin()).plus(n)
        return out

    # ------------------------------------------------------------------ damage
    def _int(self, lb: int, ub: int, label: str) -> cp_model.IntVar:
        return self.L.int_var(lb, ub, f"{self.name}_{label}")

    def _amount_bound(self, c: str) -> Lin:
        return self.toughness[c] if by_toughness(self.perm[c]) else self.power[c]

    def _dies(self, c: str, alive: Lit, marked: Lin, counters: Lin, dt: Lit, label: str) -> Lit:
        """704.5f-h: toughness 0 or less; lethal damage marked; deathtouch damage."""
        tough = self.toughness[c].minus(counters)
        reasons = [self.L.ge(tough.scaled(-1), 0, f"{label}_t0")]
        if not self.perm[c].has_keyword("indestructible"):  # 702.12b
            reasons.append(self.L.ge(marked.minus(tough), 0, f"{label}_lethal"))
            reasons.append(dt)
        why = self.L.any_of(reasons, f"{label}_why")
        return self.L.all_of([alive, why], label)

    def _damage(self) -> None:
        L, n, board = self.L, self.name, self.board
        # 704.5f-h before damage: after flanking, or damage/deathtouch already marked
        alive: dict[str, Lit] = {}
        marked: dict[str, Lin] = {c: Lin(self.perm[c].damage) for c in self.creatures}
        counters: dict[str, Lin] = {c: Lin(0) for c in self.creatures}
        self.pre_died: dict[str, Lit] = {}
        self.toxic_hits: dict[tuple[int, str, str], Lit] = {}  # (step, source, player): toxic damage dealt
        for c in self.creatures:
            dt = L.const(self.perm[c].deathtouch_damage)
            d0 = self._dies(c, self.in_combat[c], marked[c], counters[c], dt, f"{n}_d0_{c}")
            self.pre_died[c] = d0
            alive[c] = L.all_of([self.in_combat[c], d0.Not()], f"{n}_alive1_{c}")
        lost: dict[str, Lin] = {}  # loyalty or defense lost by attacked planeswalkers and battles
        standing: dict[str, Lit] = {}
        for a in self.fighting:
            for t in self.x[a]:
                if not board.is_player(t):
                    lost.setdefault(t, Lin())
                    standing[t] = L.true()
        for s in (1, 2):
            st = _Step(alive=dict(alive))
            self.ended.append(self._ended_before(s))
            self.steps.append(st)
            for c in self.creatures:
                st.amount[c] = self._amount(s, st, c)
            for a in self.fighting:
                self._assign_attacker(s, st, a, marked, counters, lost, standing)
            for b in self.blocks:
                self._assign_blocker(s, st, b)
            for check in st.pending:
                check()
            # 510.2: dealt simultaneously, after prevention (702.16e)
            dmg_in = {c: Lin() for c in self.creatures}
            cnt_in = {c: Lin() for c in self.creatures}
            dt_in: dict[str, list[Lit]] = {c: [] for c in self.creatures}
            for src, dst, q in st.assigned:
                sp = self.perm[src]
                ub = max(0, self._amount_bound(src).ub)
                if board.has_permanent(dst) and prevents(sp, board.permanent(dst)):
                    continue
                st.dealt.append((src, dst, q))
                if dst in self.perm:
                    if sp.has_keyword("wither") or sp.has_keyword("infect"):  # 702.80b, 702.90b
                        cnt_in[dst] = cnt_in[dst].add_var(1, q, 0, ub)
                    else:
                        dmg_in[dst] = dmg_in[dst].add_var(1, q, 0, ub)
                    if sp.has_keyword("deathtouch"):
                        dt_in[dst].append(L.at_least(q, 1, 0, ub, f"{n}_dt{s}_{src}_{dst}"))
                elif dst in lost:  # 120.3c, 120.3h
                    lost[dst] = lost[dst].add_var(1, q, 0, ub)
            self.toxic_hits |= {(s, src, dst): L.at_least(q, 1, 0, 10 ** 6, f"{n}_tox{s}_{src}_{dst}")
                                for src, dst, q in st.dealt if number(self.perm[src], "toxic") and board.is_player(dst)}
            nxt: dict[str, Lit] = {}
            for c in self.creatures:
                marked[c] = marked[c].plus(dmg_in[c])
                counters[c] = counters[c].plus(cnt_in[c])
                dt = L.any_of(dt_in[c], f"{n}_dtany{s}_{c}")
                st.died[c] = self._dies(c, st.alive[c], marked[c], counters[c], dt, f"{n}_died{s}_{c}")
                nxt[c] = L.all_of([st.alive[c], st.died[c].Not()], f"{n}_alive{s + 1}_{c}")
            alive = nxt
            for t in lost:  # 704.5i, 704.5v
                perm = board.permanent(t)
                left = (perm.loyalty if perm.is_planeswalker else perm.defense) or 0
                standing[t] = L.ge(lost[t].scaled(-1).plus(left), 1, f"{n}_pw{s}_{t}")
        self.marked, self.counters_received, self.lost_counters = marked, counters, lost
        self.alive_end, self.standing = alive, standing
        self.gone = {c: L.all_of([self.in_combat[c], alive[c].Not()], f"{n}_gone_{c}") for c in self.creatures}
        self._lost = {c: self._lost_lit(c) for c in self.creatures}
        self._returns = {c: L.all_of([self.gone[c], self._lost[c].Not()], f"{n}_ret_{c}") for c in self.creatures}

    def _ended_before(self, s: int) -> Lit:
        """104.2a, 104.4a: the game is over before damage step ``s``: the check after afflict
        (``s`` 1) or after the first step too (``s`` 2) leaves at most one player."""
        if not self.game_ends:
            return self.L.const(False)
        players = [p.name for p in self.board.players]
        out = [self.L.all_of([self.lost_by(p, s - 1) for p in players if p != keep], f"{self.name}_end{s}_{keep}")
               for keep in players]
        return self.L.any_of(out, f"{self.name}_ended{s}")

    def lost_by(self, player: str, upto: int) -> Lit:
        """``player`` has lost at one of the checks 0 (after afflict) to ``upto`` (after that
        damage step): 704.5a, 704.5c, 704.6c."""
        key = (player, -1 - upto)
        if key not in self.checks:
            self.checks[key] = self.L.any_of([self.check(player, k) for k in range(upto + 1)],
                                             f"{self.name}_by{upto}_{player}")
        return self.checks[key]

    def check(self, player: str, upto: int) -> Lit:
        """``player`` loses at the state-based check after step ``upto`` (0: after the afflict
        triggers; 510.3, 704.3): life 0 or less (704.5a), ten poison counters (704.5c), 21
        combat damage from one commander (704.6c), unless a static ability keeps them in the game
        (104.3; :func:`~mtgsolver.rules.damage.choice_notes` tells when it could die in combat)."""
        key = (player, upto)
        if key in self.checks:
            return self.checks[key]
        n, p = self.name, self.board.player(player)
        life = p.life - self.life_loss(player, upto) + self.life_gain(player, upto)
        reasons = [] if kept_in_game(self.board, player, "704.5a") else [self._le(life, 0, f"{n}_dead{upto}_{player}")]
        if upto and kept_in_game(self.board, player, "704.5c") is None:
            reasons.append(self._ge(p.poison + self.poison(player, upto), LETHAL_POISON, f"{n}_psn{upto}_{player}"))
            for c in (c for c in self.fighting if self.perm[c].is_commander):
                prior = p.commander_damage.get(c, 0)
                reasons.append(self._ge(prior + self.commander_damage(c, player, upto), LETHAL_COMMANDER,
                                        f"{n}_cmd{upto}_{player}_{c}"))
        self.checks[key] = self.L.any_of(reasons, f"{n}_check{upto}_{player}")
        return self.checks[key]

    def _amount(self, s: int, st: _Step, c: str) -> cp_model.IntVar:
        """510.1a, 510.4: the combat damage ``c`` assigns in step ``s`` (power, or toughness for
        "assigns combat damage equal to its toughness"; nothing if 0 or less, or once the game
        has ended, 104.2a)."""
        p = self.perm[c]
        first = p.has_keyword("first_strike") or p.has_keyword("double_strike")
        deals_now = first if s == 1 else (p.has_keyword("double_strike") or not first)
        val = self._amount_bound(c)
        ub = max(0, val.ub)
        amt = self._int(0, ub, f"amt{s}_{c}")
        if not deals_now or ub == 0:
            self.m.add(amt == 0)
            return amt
        deals = self.L.all_of([st.alive[c], self.ended[s - 1].Not()], f"{self.name}_deals{s}_{c}")
        if val.lb < 0:
            ev = self._int(val.lb, val.ub, f"pv{s}_{c}")
            self.m.add(ev == val.expr())
            pos = self._int(0, ub, f"pp{s}_{c}")
            self.m.add_max_equality(pos, [ev, 0])
            self.m.add(amt == pos).only_enforce_if(deals)
        else:
            self.m.add(amt == val.expr()).only_enforce_if(deals)
        self.m.add(amt == 0).only_enforce_if(deals.Not())
        return amt

    def _assign_attacker(self, s: int, st: _Step, a: str, marked: dict[str, Lin], counters: dict[str, Lin],
                         lost: dict[str, Lin], standing: dict[str, Lit]) -> None:
        """510.1b-c, 702.19b-e: where attacker ``a``'s combat damage goes in step ``s``."""
        L, m, n = self.L, self.m, self.name
        p = self.perm[a]
        amt = st.amount[a]
        ub = max(0, self._amount_bound(a).ub)
        blockers = self.blockers_of.get(a, [])
        over_pw = p.has("trample_over_planeswalkers")
        trample = p.has_keyword("trample") or over_pw
        parts: list[cp_model.IntVar] = []
        to_targets: list[cp_model.IntVar] = []
        free: list[list[Lit]] = []  # conjunctions under which what it attacks can take damage
        for t, xl in self.x[a].items():
            if isinstance(xl, int) and xl == 0:
                continue
            xt = self._lit(xl)
            t_up = standing.get(t, L.true())  # 510.1b: a planeswalker or battle gone takes nothing
            y = self._int(0, ub, f"y{s}_{a}_{t}")
            m.add(y == 0).only_enforce_if(xt.Not())
            m.add(y == 0).only_enforce_if(t_up.Not())
            st.assigned.append((a, t, y))
            to_targets.append(y)
            parts.append(y)
            free.append([xt, t_up])
            if over_pw and not self.board.is_player(t):  # 702.19c, e: past it, to its controller
                ctrl = self.board.permanent(t).controller
                yc = self._int(0, ub, f"yc{s}_{a}_{t}")
                m.add(yc == 0).only_enforce_if(xt.Not())
                st.assigned.append((a, ctrl, yc))
                to_targets.append(yc)
                parts.append(yc)
                free.append([xt])
                left = (self.board.permanent(t).loyalty or 0)

                def past(t=t, y=y, yc=yc, t_up=t_up, left=left) -> None:
                    have = y + sum(st.to(t, but=a)) + lost[t].expr()
                    enough = m.new_bool_var(f"{n}_enough{s}_{a}_{t}")
                    m.add(have >= left).only_enforce_if(enough)
                    m.add(yc == 0).only_enforce_if([enough.Not(), t_up])
                st.pending.append(past)
        zs: list[cp_model.IntVar] = []
        for b in blockers:
            z = self._int(0, ub, f"z{s}_{a}_{b}")
            m.add(z == 0).only_enforce_if(st.alive[b].Not())
            st.assigned.append((a, b, z))
            zs.append(z)
            parts.append(z)
        w = self._int(0, ub, f"w{s}_{a}")  # assigned to nothing: only when nothing can take it
        m.add(sum(parts) + w == amt)
        if not blockers:  # 510.1b
            for conj in free:
                m.add(w == 0).only_enforce_if(conj)
            return
        any_alive = L.any_of([st.alive[b] for b in blockers], f"{n}_anyb{s}_{a}")
        u: Lit = L.const(False)
        if p.has("may_assign_as_unblocked"):  # its controller's choice, each step
            u = m.new_bool_var(f"{n}_unb{s}_{a}")
            st.choices[a] = u
            for z in zs:
                m.add(z == 0).only_enforce_if(u)
            for conj in free:
                m.add(w == 0).only_enforce_if(conj + [u])
        m.add(w == 0).only_enforce_if([any_alive, u.Not()])  # 510.1c
        over = L.const(False)
        if trample:
            over = m.new_bool_var(f"{n}_over{s}_{a}")
            for b, z in zip(blockers, zs):
                st.pending.append(lambda b=b, z=z: self._lethal(s, st, a, b, z, marked, counters, over))
            for conj in free:  # 702.19d: no blockers left, all to what it attacks
                m.add(w == 0).only_enforce_if(conj + [any_alive.Not()])
        allowed = L.any_of([over, u], f"{n}_tgt{s}_{a}")
        for y in to_targets:
            m.add(y == 0).only_enforce_if(allowed.Not())

    def _lethal(self, s: int, st: _Step, a: str, b: str, z: cp_model.IntVar, marked: dict[str, Lin],
                counters: dict[str, Lin], over: Lit) -> None:
        """702.19b, 702.2c: ``over`` (damage past the blockers) needs lethal damage assigned to
        ``b``: its toughness less damage marked and damage others assign it in this step, or
        any nonzero amount from a deathtouch source."""
        m, n = self.m, self.name
        need = self.toughness[b].minus(counters[b]).expr()
        have = z + sum(st.to(b, but=a)) + marked[b].expr()
        normal = m.new_bool_var(f"{n}_leth{s}_{a}_{b}")
        m.add(have >= need).only_enforce_if(normal)
        ok = [normal, st.alive[b].Not()]
        if self.perm[a].has_keyword("deathtouch"):
            touch = m.new_bool_var(f"{n}_dtl{s}_{a}_{b}")
            m.add(z >= 1).only_enforce_if(touch)
            ok.append(touch)
        m.add_bool_or(ok).only_enforce_if(over)

    def _assign_blocker(self, s: int, st: _Step, b: str) -> None:
        """510.1d: a blocker divides its damage among the creatures it blocks."""
        m = self.m
        amt = st.amount[b]
        ub = max(0, self._amount_bound(b).ub)
        vs = []
        for a in self.blocks[b]:
            v = self._int(0, ub, f"v{s}_{b}_{a}")
            m.add(v == 0).only_enforce_if(st.alive[a].Not())
            st.assigned.append((b, a, v))
            vs.append(v)
        w = self._int(0, ub, f"wb{s}_{b}")
        m.add(sum(vs) + w == amt)
        alive = self.L.any_of([st.alive[a] for a in self.blocks[b]], f"{self.name}_anya{s}_{b}")
        m.add(w == 0).only_enforce_if(alive)

    # ------------------------------------------------------------------ outcomes
    def _sum_to(self, dst: str, pred: Callable[[Permanent], bool] = lambda p: True, step: int | None = None) -> list:
        out = []
        for i, st in enumerate(self.steps, 1):
            if step is not None and i != step:
                continue
            out += [q for src, d, q in st.dealt if d == dst and pred(self.perm[src])]
        return out

    def life_loss(self, player: str, upto: int = 2) -> cp_model.LinearExprT:
        """Combat damage dealt to ``player`` by sources without infect (120.3a, 702.90b),
        plus afflict (702.130a), through step ``upto``."""
        total = self.afflict.get(player, Lin()).expr()
        for s in range(1, upto + 1):
            total = total + sum(self._sum_to(player, lambda p: not p.has_keyword("infect"), s))
        return total

    def life_gain(self, player: str, upto: int = 2) -> cp_model.LinearExprT:
        """702.15b: damage dealt by ``player``'s sources with lifelink."""
        total: cp_model.LinearExprT = 0
        for st in self.steps[:upto]:
            total = total + sum(q for src, _, q in st.dealt
                                if self.perm[src].has_keyword("lifelink") and self.perm[src].controller == player)
        return total

    def poison(self, player: str, upto: int = 2) -> cp_model.LinearExprT:
        """Poison counters given: infect damage (702.90b) and toxic (702.164c)."""
        total: cp_model.LinearExprT = 0
        for s, st in enumerate(self.steps[:upto], 1):
            for src, dst, q in st.dealt:
                if dst != player:
                    continue
                sp = self.perm[src]
                if sp.has_keyword("infect"):
                    total = total + q
                tox = number(sp, "toxic")
                if tox:
                    total = total + tox * self.toxic_hits[s, src, dst]
        return total

    def commander_damage(self, commander: str, player: str, upto: int = 2) -> cp_model.LinearExprT:
        """903.10a: combat damage dealt to ``player`` by ``commander``."""
        return sum(q for st in self.steps[:upto] for src, dst, q in st.dealt
                   if src == commander and dst == player)

    def damage_to_players(self, players: list[str]) -> cp_model.LinearExprT:
        return sum(q for st in self.steps for src, dst, q in st.dealt if dst in players)

    def loses(self, player: str) -> Lit:
        """704.5a, 704.5c, 704.6c: ``player`` loses after the afflict triggers or after either
        damage step (state-based actions are checked after each, 510.3, 704.3)."""
        return self.lost_by(player, 2)

    def _ge(self, expr: cp_model.LinearExprT, k: int, label: str) -> Lit:
        y = self.m.new_bool_var(label)
        self.m.add(expr >= k).only_enforce_if(y)
        self.m.add(expr <= k - 1).only_enforce_if(y.Not())
        return y

    def _le(self, expr: cp_model.LinearExprT, k: int, label: str) -> Lit:
        return self._ge(-expr, -k, label)

    def destroyed_value(self, controller: str, value: Callable[[Permanent], int] = creature_value) -> cp_model.LinearExprT:
        """The value of ``controller``'s creatures that left combat dead (returns count nothing)."""
        return sum(value(self.perm[c]) * self.lost(c) for c in self.creatures if self.perm[c].controller == controller)

    def lost(self, c: str) -> Lit:
        """Dead and not returning (undying 702.93a, persist 702.79a)."""
        return self._lost[c]

    def _lost_lit(self, c: str) -> Lit:
        """Dead and not returning: undying (702.93a) returns it without a +1/+1 counter, persist
        (702.79a) without a -1/-1 counter; the counters it had as it died count (704.3)."""
        p = self.perm[c]
        gone = self.gone[c]
        if p.has_keyword("undying"):
            plus = self.plus_counters[c]
            has = self.L.at_least(plus.expr(), 1, plus.lb, plus.ub, f"{self.name}_plus_{c}")
            return self.L.all_of([gone, has], f"{self.name}_lost_{c}")
        if p.has_keyword("persist"):
            minus = self.counters_received[c].plus(p.counters.get("-1/-1", 0))
            has = self.L.at_least(minus.expr(), 1, minus.lb, minus.ub, f"{self.name}_minus_{c}")
            return self.L.all_of([gone, has], f"{self.name}_lost_{c}")
        return gone

    def returns(self, c: str) -> Lit:
        """Dead, and back by undying or persist (702.93a, 702.79a)."""
        return self._returns[c]

    def divided_by_defender(self) -> list[str]:
        """702.22j: the attackers a creature with banding blocks."""
        return [a for a in self.fighting if any(self.perm[b].has_keyword("banding") for b in self.blockers_of.get(a, []))]

    def banding_steps(self) -> list[tuple[int, cp_model.LinearExprT]]:
        """702.22j: the defending player divides the damage of an attacker a creature with
        banding blocks. Where that division decides only which of its blockers die
        (:func:`choice_notes`), they lose the least value: (sense, expression) steps to
        optimise before the attacking player's objectives."""
        group = sorted({b for a in self.divided_by_defender() for b in self.blockers_of[a]})
        if not group:
            return []
        return [(-1, sum(creature_value(self.perm[b]) * self.lost(b) for b in group))]

    def attacker_choices(self) -> list[cp_model.IntVar]:
        """The assignment variables of the attacking player (510.1: announced first)."""
        return [q for st in self.steps for src, _, q in st.assigned if src in self.x]

    def dealt_by(self, src: str, to: list[str], step: int | None = None,
                 pred: Callable[[Permanent], bool] = lambda p: True) -> cp_model.LinearExprT:
        """Damage ``src`` deals to the recipients ``to`` (in ``step``, or both)."""
        return sum(q for s, st in enumerate(self.steps, 1) if step in (None, s)
                   for x, d, q in st.dealt if x == src and d in to and pred(self.perm[x]))
