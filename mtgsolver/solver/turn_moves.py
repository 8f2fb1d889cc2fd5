"""What a player with priority can do in a whole-turn search: play a land (305), cast a spell
(601) or activate an ability (602), each with its modes (700.2), X (107.3a), targets (115,
601.2c), divided damage (601.2d) and a way of paying its mana cost (601.2g-h, 605.3).

Every distinct choice is a :class:`Move`; choices that can't differ in outcome are made once
(symmetry): permanents that are twins (:func:`twin_keys`: the same in every characteristic and
status, named by nothing else) are interchangeable as targets and as mana sources.

Payments (:func:`payments`): when every mana ability the player could activate is plain ({T}:
add some mana, no other cost, restriction or rider, no trigger or replacement on tapping for
mana) the payments are enumerated exactly: every way to tap at most as many sources as the cost
has mana (as counts of twin classes), each for one of the bundles of mana it can make (106.4:
{T}: Add {G}{U} makes two), and to leave some of the mana made (and pool mana) in the pool,
kept when the rest can be matched to the symbols (a bipartite matching, 601.2h); the mana left
floats until the step ends (500.4) and may pay the next spell. A source whose mana would all be
left is not tapped (tapping it later is the same) unless a card of the game untaps or returns
permanents: then tapping ahead could gain mana, and the moves say it is not searched.
Otherwise the ways that spend mana floated by a ``mana`` move are enumerated with the plain
sources, then the payment solver's one payment is added, and the result says the payments were
not all tried.

Mana abilities are otherwise activated while paying (605.3); a ``mana`` move activates one for
the pool alone (605.3a, 106.4), the mana staying until the step ends (500.4), where the moment
matters: an ability whose product depends on the board as it resolves (:func:`_floats`).
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from mtgsolver.model.cards import Card
from mtgsolver.model.effects import (ActivatedAbility, Bounce, Damage, Modal, SpellAbility, TargetSpec, Untap, X,
                                     nested_effects)
from mtgsolver.model.board import Board, PoolMana
from mtgsolver.model.mana import MANA_TYPES, ManaCost
from mtgsolver.model.mana_abilities import Conditional
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.zones import ZoneCard
from mtgsolver.rules.casting import (Activate, Cast, Payment, activate, cast, needs, pay as pay_costs, sorcery_timing,
                                     total_cost, uses_x, with_x)
from mtgsolver.rules.game import Game, Illegal, Undecided, card_object
from mtgsolver.rules.twins import twin_keys
from mtgsolver.rules.mana_sources import Instance, Option, SpellInfo, energy_resource_key, extract_sources
from mtgsolver.rules.resolution import EFFECTS, resolve_stack, settle
from mtgsolver.rules.targets import candidates, used_slots
from mtgsolver.rules.triggers import mode_sets
from mtgsolver.rules.turn import play_land

__all__ = ["Move", "MoveList", "PaymentOptions", "might_move", "moves", "payments", "responses", "twin_keys"]

#: A spell's keywords the search casts it with: the cost reductions of 601.2f that apply without
#: a choice (702.41a affinity). Kicker, a field of its own, is tried both ways (702.33a).
_SEARCHED_KEYWORDS = frozenset({"affinity", "madness"})
#: Cost symbols the exact enumeration pays (others go to the payment solver).
_PLAIN_SYMBOLS = frozenset({"generic", "variable", "colored", "colorless", "hybrid", "snow"})
#: The mark of mana from a snow source among a supply's types: what pays {S} (107.4h).
_SNOW = "S"


@dataclass(frozen=True)
class Move:
    """One thing a player does with priority: ``land`` (play the card ``subject``), ``mana``
    (activate a mana ability of permanent ``subject`` for the pool, its ``payment`` the
    activation, 605.3a), ``cast``
    (the card ``subject``, ``kicked``: its kicker paid, 702.33a; ``additional``: the additional
    cost chosen among its options, 601.2b) or ``activate`` (ability
    ``index`` of permanent ``subject``), with its targets (one group per target slot used),
    divided amounts, modes, X and payment; ``response``: a move made while this one is still on
    the stack (117.3c), which resolves first."""

    kind: str
    subject: str
    name: str
    index: int = 0
    targets: tuple[tuple[str, ...], ...] = ()
    amounts: tuple[tuple[str, int], ...] = ()
    modes: tuple[int, ...] | None = None
    x: int | None = None
    payment: Payment | None = None
    text: str = field(default="", compare=False)
    kicked: bool = False
    response: "Move | None" = None
    additional: int | None = None

    @property
    def size(self) -> int:
        """The moves made: this one and its responses."""
        return 1 + (self.response.size if self.response is not None else 0)

    def describe(self) -> str:
        """The move in words: ``cast Lightning Bolt targeting bob (pay mountain)``."""
        verb = {"land": "play", "cast": "cast", "activate": "activate", "mana": "activate"}[self.kind]
        what = f"{self.name} ({self.subject})" + (f": \"{self.text}\"" if self.kind in ("activate", "mana")
                                                   and self.text else "")
        parts = []
        flat = [t for group in self.targets for t in group]
        if flat:
            amounts = dict(self.amounts)
            parts.append("targeting " + ", ".join(f"{t} ({amounts[t]})" if t in amounts else t for t in flat))
        if self.modes:
            parts.append("modes " + ",".join(str(m + 1) for m in self.modes))
        if self.x is not None:
            parts.append(f"X = {self.x}")
        if self.kicked:
            parts.append("kicked")
        if self.additional is not None:
            parts.append(f"additional cost {self.additional + 1}")
        if self.kind == "mana" and self.payment is not None:
            parts.append("adding " + "".join("{" + m.type + "}" for m in self.payment.pool[self.index:])
                         + " to the pool (605.3a)")
        elif self.payment is not None and (self.payment.activations or self.payment.pool is not None):
            parts.append("paying with " + ("; ".join(self.payment.activations) or "mana in the pool"))
        text = f"{verb} {what}" + (" " + ", ".join(parts) if parts else "")
        return text + (f"; holding priority (117.3c), {self.response.describe()}" if self.response else "")

    def action(self) -> str:
        """The move as a ``resolve`` action (``cast ID>TARGETS``, ``activate ID:N>TARGETS``)."""
        if self.kind == "land":
            return f"play {self.subject}" + (" back" if self.index else "")
        amounts = dict(self.amounts)
        groups = ";".join(",".join(f"{t}:{amounts[t]}" if t in amounts else t for t in g) for g in self.targets)
        head = self.subject if self.kind == "cast" else f"{self.subject}:{self.index + 1}"
        return f"{self.kind} {head}" + (f">{groups}" if groups else "")

    def apply(self, game: Game) -> None:
        """Make the move and resolve it with everything it triggers (601, 602, 603, 608, 704).

        :raises Illegal: the move can't be made now.
        :raises Undecided: something it does is not modelled.
        """
        self.put(game)
        resolve_stack(game, 0)

    def put(self, game: Game) -> None:
        """Make the move and its responses, leaving them on the stack (601.2, 602.2), the
        abilities they trigger put on it too (603.3).

        :raises Illegal: the move can't be made now.
        :raises Undecided: something it does is not modelled.
        """
        if self.kind == "land":
            play_land(game, self.subject, back=bool(self.index))
        elif self.kind == "mana" and self.payment is not None:
            pay_costs(game, self.payment)
        else:
            if self.payment is not None:
                pay_costs(game, self.payment)
            if self.kind == "cast":
                cast(game, Cast(self.subject, self.targets, dict(self.amounts), self.modes, self.x, kicked=self.kicked,
                                additional=self.additional,
                                spent=self.payment.spent if self.payment is not None else None))
            else:
                activate(game, Activate(self.subject, self.index, self.targets, dict(self.amounts), self.modes,
                                        self.x))
        settle(game)
        if self.response is not None:
            self.response.put(game)


def _representatives(ids: Sequence[str], keys: Mapping[str, Any], per_class: int) -> list[str]:
    """``ids`` with at most ``per_class`` of each twin class (the first ones); players and cards
    in zones are their own class."""
    seen: dict[Any, int] = {}
    out = []
    for i in ids:
        k = keys.get(i, ("own", i))
        if seen.get(k, 0) < per_class:
            seen[k] = seen.get(k, 0) + 1
            out.append(i)
    return out


# --------------------------------------------------------------------------- payments
@dataclass(frozen=True)
class PaymentOptions:
    """The ways to pay a cost: ``payments`` (each what it does to the board) and ``exact``:
    whether they are every way that can differ (False: the payment solver's one way, with
    ``why``)."""

    payments: tuple[Payment, ...]
    exact: bool = True
    why: str = ""


def _plain(i: Instance, player: str) -> bool:
    """A mana ability whose activation only taps its source (for any amount of mana, 106.4), and
    pays ``player``'s energy counters if any other cost (107.14), and whose mana may pay for the spell."""
    return _taps_only(i, player) and i.spell_ok


def _energy(o: Option, player: str) -> int | None:
    """The energy counters of ``player``'s (107.14) an activation resolving as ``o`` pays, or
    ``None`` when it uses something else too."""
    if any(r.key != energy_resource_key(player) for r, _ in o.uses):
        return None
    return sum(n for _, n in o.uses)


def _letters(i: Instance) -> frozenset[str]:
    out: set[str] = {_SNOW} if i.snow else set()
    for o in i.options:
        out |= {t for t, n in zip(MANA_TYPES, o.fixed) if n} | (set(o.free_types) if o.free else set())
    return frozenset(out)


def _demand(cost: ManaCost, x: int) -> list[frozenset[str]] | None:
    """One set of acceptable mana types per mana the cost takes ({S}: mana from a snow source),
    or ``None`` when a symbol is not one the enumeration pays (Phyrexian, monocolored hybrid)."""
    anything = frozenset(MANA_TYPES)
    out: list[frozenset[str]] = []
    for s in cost.symbols:
        if s.kind not in _PLAIN_SYMBOLS:
            return None
        if s.snow:
            out.append(frozenset({_SNOW}))
        elif s.variable:
            out += [frozenset(s.spend) if s.spend else anything] * x
        elif not s.options:
            out += [anything] * s.generic
        else:
            out.append(frozenset(s.options))
    return out


def _matches(demand: list[frozenset[str]], supply: list[frozenset[str]]) -> bool:
    """Whether each demanded mana can be paid by a different supplied one (bipartite matching)."""
    if len(demand) != len(supply):
        return False
    owner: dict[int, int] = {}

    def augment(d: int, seen: set[int]) -> bool:
        for s, letters in enumerate(supply):
            if s in seen or letters.isdisjoint(demand[d]):
                continue
            seen.add(s)
            if s not in owner or augment(owner[s], seen):
                owner[s] = d
                return True
        return False

    return all(augment(d, set()) for d in range(len(demand)))


def payments(game: Game, player: str, cost: ManaCost | None, x: int | None, card: Card | None,
             cache: dict[Any, Any] | None = None, limit: int = 64, source: str | None = None) -> PaymentOptions:
    """The ways ``player`` can pay ``cost`` (with ``x``) for ``card``, or for an activated ability
    of the permanent ``source`` (602.2b), now (601.2g-h, 605.3); ``cache`` keeps those found, and
    the costs found unpayable, by what they depend on (the permanents, effects and pools:
    :func:`_mana_fingerprint`).

    :raises Illegal: it can't be paid.
    :raises Undecided: the payment solver could not decide.
    """
    if cost is None or not cost.symbols:
        return PaymentOptions((Payment(player, pool=tuple(game.pools.get(player, ()))),))
    key = (_mana_fingerprint(game), player, str(cost), x, card.name if card is not None else None, source)
    cached = cache.get(key) if cache is not None else None
    if isinstance(cached, Illegal):
        raise cached
    if cached is not None:
        return cached
    try:
        found = _payments(game, player, cost, x, card, limit, source)
    except Illegal as no:
        if cache is not None:
            cache[key] = no
        raise
    if cache is not None:
        cache[key] = found
    return found


def _payments(game: Game, player: str, cost: ManaCost, x: int | None, card: Card | None,
              limit: int, source: str | None) -> PaymentOptions:
    """:func:`payments` without its cache."""
    view = game.view()
    spell = SpellInfo(frozenset(t.lower() for t in (*card.types, *card.supertypes, *card.subtypes)),
                      frozenset(c.value for c in card.derived_colors)) if card is not None else \
        SpellInfo.ability_of(view.permanent(source)) if source is not None else None
    demand = _demand(cost, x or 0)
    instances, exclusions = extract_sources(view, player, spell, frozenset(c.value for c in cost.colors),
                                            bool(cost.variables))
    pool = tuple(game.pools.get(player, ()))
    plain_pool = demand is not None and all(m.spend_only is None for m in pool)
    if plain_pool and all(_plain(i, player) for i in instances) and all(e.modelled for e in exclusions):
        found, whole = _enumerated(view, player, instances, pool, demand, limit)
        if not whole:
            return _solver_payment(game, player, cost, x, card, source)
        if not found:
            raise Illegal("601.2h", f"{player} can't pay {cost}" + (f" (X = {x})" if x is not None else ""))
        if len(found) >= limit:
            return PaymentOptions(found, False, f"more than {limit} ways to pay {cost}: the first {limit} tried")
        return PaymentOptions(found)
    # with mana floated by ``mana`` moves (:func:`_floats`): each way that spends some of it with
    # the plain sources enumerated; then the payment solver's one way
    found = ()
    if plain_pool and pool:
        some, _ = _enumerated(view, player, [i for i in instances if _plain(i, player)], pool, demand, limit)
        found = tuple(p for p in some if any(a.startswith("pool: ") for a in p.activations))
    try:
        solver = _solver_payment(game, player, cost, x, card, source)
    except Illegal as no:
        gaps = [e for e in exclusions if not e.modelled]
        if gaps and not found:  # a mana ability payment does not model could pay it: never "no"
            raise Undecided(gaps[0].rule, f"{no.message}; mana abilities payment does not model could pay it: "
                            + "; ".join(f"{e.source} ({e.reason})" for e in gaps)) from None
        if not found:
            raise
        solver = PaymentOptions((), False, f"one way of paying {cost} was tried (mana abilities beyond tapping for "
                                           "mana)")
    return PaymentOptions((*found, *(p for p in solver.payments if p not in found)), False, solver.why)


def _enumerated(view: Any, player: str, instances: Sequence[Instance], pool: tuple[PoolMana, ...],
                demand: Any, limit: int) -> tuple[tuple[Payment, ...], bool]:
    """Every way to pay ``demand`` from plain ``instances`` and ``pool`` (:func:`payments`), up to
    ``limit``, and whether the choices of mana left in the pool stayed within their budget."""
    keys = twin_keys(view)
    by_source: dict[str, list[Instance]] = {}
    for i in sorted(instances, key=lambda i: i.source):
        by_source.setdefault(i.source, []).append(i)
    classes: dict[Any, list[str]] = {}
    made: dict[str, tuple[Bundle, ...]] = {}
    for source, found in by_source.items():
        made[source] = _bundles(found, player)
        classes.setdefault((keys.get(source), tuple(b[::2] for b in made[source])), []).append(source)
    groups = list(classes.values())
    pool_units = [_unit(m.type, m.snow) for m in pool for _ in range(m.amount)]
    demand = sorted(demand, key=len)  # type: ignore[arg-type]  # the most particular mana first: few augmenting paths
    out: list[Payment] = []
    seen: dict[Any, int] = {}  # each way's sources and mana left: where in ``out``, the least energy paid kept
    budget = [_PAYMENT_BUDGET]
    for tapped, texts, units, owners, energy in _taps(groups, made, len(demand), view.player(player).energy):
        for left in _leftovers(units + pool_units, owners + [None] * len(pool_units), len(demand), budget):
            spent = [u for n, u in enumerate(units + pool_units) if n not in left]
            rest = tuple(sorted(((units + pool_units)[n] for n in left), key=sorted))
            key = (tuple(sorted(tapped)), rest)
            before = seen.get(key)
            if before is not None and _energy_paid(out[before]) <= energy or not _matches(demand, spent):  # type: ignore[arg-type]
                continue
            from_pool = "".join("{" + _pool_mana(u).type + "}" for n, u in enumerate(pool_units)
                                if n + len(units) not in left)
            floating = "".join("{" + _pool_mana(u).type + "}" for u in rest)
            payment = Payment(player, tuple(tapped), counters=((player, "energy", energy),) if energy else (),
                              pool=tuple(_pool_mana(u) for u in rest),
                              activations=tuple(f"{s}: {t}" for s, t in zip(tapped, texts))
                              + ((f"pool: {from_pool}",) if from_pool else ())
                              + ((f"{floating} left in the pool",) if floating else ()),
                              spent=tuple(sorted(_pool_mana(u).type for u in spent)))
            if before is not None:  # the same way paying less energy (107.14)
                out[before] = payment
                continue
            seen[key] = len(out)
            out.append(payment)
            if len(out) >= limit:
                return tuple(out), True
        if budget[0] <= 0:
            return tuple(out), False
    return tuple(out), True


def _energy_paid(payment: Payment) -> int:
    """The energy counters a payment takes (107.14)."""
    return sum(n for _, kind, n in payment.counters if kind == "energy")


def _untaps_or_returns(board: Board) -> str | None:
    """A card of the game that untaps permanents (701.26) or returns them to a hand (400.7), if
    any: with one, tapping a source ahead (its mana floating, 106.4) and untapping or returning
    it can gain mana, which payments (each tapped source's mana spent) leave out."""
    def find() -> str | None:
        objects = [*board.permanents, *(zc.permanent for z in board.zones.values() for zc in z.cards()
                                        if zc.permanent is not None)]
        for o in objects:
            for a in (*o.activated_abilities, *o.triggered_abilities):
                if any(isinstance(e, (Untap, Bounce)) for e in nested_effects(a.effects)):
                    return o.name
        for z in board.zones.values():
            for zc in z.cards():
                if zc.spell is not None and any(isinstance(e, (Untap, Bounce)) for e in nested_effects(zc.spell.effects)):
                    return zc.name
        return None

    return board.memo("untaps or returns", find)


def _can_tap_for_mana(view: Board, player: str) -> bool:
    """Whether ``player`` controls an untapped permanent with a mana ability or holds a card
    with one (605.1a: Elvish Spirit Guide's "Exile ~ from your hand: Add {G}"): with none, there
    is no mana to make ahead of paying (605.3a, 106.4) in this window, whatever untaps or returns
    permanents later."""
    z = view.zones.get(player)
    return any(p.mana_abilities and not p.tapped for p in view.controlled_by(player)) or (
        z is not None and any(zc.mana_abilities for zc in z.hand))


#: How many choices of mana left in the pool the exact enumeration tries before it gives way to
#: the payment solver.
_PAYMENT_BUDGET = 20_000


def _unit(mana_type: str, snow: bool) -> frozenset[str]:
    """One mana of a type as the letters it pays with (:data:`_SNOW` if a snow source made it)."""
    return frozenset({mana_type, _SNOW} if snow else {mana_type})


def _pool_mana(unit: frozenset[str]) -> PoolMana:
    """A mana of one type left in the pool (106.4)."""
    return PoolMana(next(iter(unit - {_SNOW})), _SNOW in unit)


#: What one tap of a source makes: the mana (one unit a mana, each the types it could be), the
#: abilities' text and the energy counters it pays (107.14).
Bundle = tuple[tuple[frozenset[str], ...], str, int]


def _bundles(found: Sequence[Instance], player: str) -> tuple[Bundle, ...]:
    """What one tap of a source makes (its abilities all tap it, 605.3b: one of them), each with
    the abilities' text: one mana of any type some one-mana ability makes, as one unit of every
    type it could be (those that pay energy apart, for each amount, when they make a type the
    others don't: Aether Hub's {C}, or any color for {E}); or every mana of a larger activation,
    one unit a mana, one bundle per combination of types it could make (106.4)."""
    single: dict[int, frozenset[str]] = {}
    single_text: dict[int, str] = {}
    out: dict[tuple[tuple[frozenset[str], ...], int], str] = {}
    for i in found:
        for o in i.options:
            energy = _energy(o, player) or 0
            if o.amount == 1:
                single[energy] = single.get(energy, frozenset()) | _letters(dataclasses.replace(i, options=(o,)))
                text = single_text.get(energy, "")
                single_text[energy] = " / ".join(t for t in (text, i.ability.text) if t and t not in text)
                continue
            fixed = [t for t, n in zip(MANA_TYPES, o.fixed) for _ in range(n)]
            for extra in itertools.combinations_with_replacement(sorted(o.free_types), o.free):
                bundle = tuple(sorted((_unit(t, i.snow) for t in (*fixed, *extra)), key=sorted))
                out.setdefault((bundle, energy), i.ability.text)
    free = single.get(0, frozenset())
    singles = {((letters,), e): single_text[e] for e, letters in sorted(single.items()) if not e or letters - free}
    return tuple((b, text, e) for (b, e), text in {**singles, **out}.items())


def _taps(groups: list[list[str]], made: Mapping[str, tuple[Bundle, ...]], need: int, energy: int
          ) -> Iterable[tuple[list[str], list[str], list[frozenset[str]], list[int | None], int]]:
    """Every way to tap at most ``need`` sources (as counts of twin classes), each for one of its
    bundles, paying at most ``energy`` counters (107.14): the sources, the abilities' text, the
    mana made, the index of each mana's source and the energy paid."""
    for total in range(need + 1):
        for counts in _count_vectors([len(g) for g in groups], total):
            per_group = [list(itertools.combinations_with_replacement(range(len(made[g[0]])), n))
                         for g, n in zip(groups, counts)]
            for picks in itertools.product(*per_group):
                tapped: list[str] = []
                texts: list[str] = []
                units: list[frozenset[str]] = []
                owners: list[int | None] = []
                paid = 0
                for g, pick in zip(groups, picks):
                    for source, b in zip(g, pick):
                        bundle, text, e = made[source][b]
                        owners += [len(tapped)] * len(bundle)
                        units += bundle
                        tapped.append(source)
                        texts.append(text)
                        paid += e
                if paid <= energy:
                    yield tapped, texts, units, owners, paid


def _leftovers(units: list[frozenset[str]], owners: list[int | None], need: int,
               budget: list[int]) -> Iterable[frozenset[int]]:
    """Every choice of the mana not spent (it stays in the pool until the step ends, 106.4,
    500.4): all but ``need`` of ``units``, leaving some of each tapped source's mana spent (a
    source whose mana all stays could be tapped later instead); ``budget`` counts the choices
    tried."""
    keep = len(units) - need
    if keep < 0:
        return
    sources = {o for o in owners if o is not None}
    for left in itertools.combinations(range(len(units)), keep):
        budget[0] -= 1
        if budget[0] < 0:
            return
        if all(any(owners[n] == s for n in range(len(units)) if n not in left) for s in sources):
            yield frozenset(left)


def _mana_fingerprint(game: Game) -> Any:
    """What the ways of paying depend on: the permanents and their state, effects, pools, the
    players' life and energy (life and {E} paid, 119.4, 107.14) and the turn (what was cast or activated)."""
    perms = tuple((p.id, p.name, p.controller, p.tapped, p.summoning_sick, tuple(sorted(p.counters.items())),
                   p.attached_to, p.damage) for p in game.perms.values())
    return (perms, tuple(repr(e) for e in game.effects), tuple(sorted((k, v) for k, v in game.pools.items())),
            tuple(sorted((n, p.life, p.energy) for n, p in game.players.items())), repr(game.turn))


def _count_vectors(sizes: list[int], total: int) -> Iterable[tuple[int, ...]]:
    """Every vector of counts, each at most its size, summing to ``total``."""
    if not sizes:
        if total == 0:
            yield ()
        return
    rest = sum(sizes[1:])
    for n in range(min(sizes[0], total), max(0, total - rest) - 1, -1):
        for tail in _count_vectors(sizes[1:], total - n):
            yield (n, *tail)


def _solver_payment(game: Game, player: str, cost: ManaCost, x: int | None, card: Card | None,
                    source: str | None) -> PaymentOptions:
    """The payment solver's one payment (not every way of paying is tried)."""
    from mtgsolver.solver.resolve import paid_by_solver

    payment = paid_by_solver(game, cost, player, x, card, 10.0, explain=False, source=source)
    return PaymentOptions((payment,), False, f"one way of paying {cost} was tried (mana abilities beyond "
                                             "tapping for one mana)")


def available_mana(game: Game, player: str, spell: SpellInfo | None = None) -> int:
    """A bound on the mana ``player`` can pay with now for ``spell`` (106.6): pool mana and each
    untapped source's largest activation (107.3a: the largest X worth trying)."""
    view = game.view()
    instances, _ = extract_sources(view, player, spell, frozenset(), True)
    return sum(m.amount for m in game.pools.get(player, ())) + sum(i.max_amount for i in instances)


# --------------------------------------------------------------------------- moves
@dataclass
class MoveList:
    """The moves found and why the list may be short of every move (unread or unmodelled
    cards, payments not all tried, limits)."""

    moves: list[Move] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def moves(game: Game, player: str, instant_only: bool, lands: int = 1, max_x: int = 20,
          cache: dict[Any, PaymentOptions] | None = None) -> MoveList:
    """Every move of ``player`` now, up to symmetry: lands (if ``lands`` plays are allowed this
    turn and not ``instant_only``), spells from their hand, activated abilities of their
    permanents (mana abilities aside: they are part of paying, 605.3). ``cache``: payments
    found before (:func:`payments`)."""
    out = MoveList()
    view = game.view()
    keys = twin_keys(view)
    z = game.zones_of(player)
    seen_cards: set[Any] = set()
    for zc in list(z.hand):
        sig = (zc.card.name, zc.spell is None)
        if sig in seen_cards:
            continue  # two copies of a card in hand: casting either is the same (symmetry)
        seen_cards.add(sig)
        types = {t.lower() for t in zc.card.types}
        back = zc.card.back
        if back is not None and "land" in {t.lower() for t in back.types} and not instant_only \
                and game.turn.lands_played.get(player, 0) < lands and not sorcery_timing(game, player):
            out.moves.append(Move("land", zc.id, back.name, 1))  # 712.12: its back face up
        if "land" in types:
            if not instant_only and game.turn.lands_played.get(player, 0) < lands and not sorcery_timing(game, player):
                out.moves.append(Move("land", zc.id, zc.name))
            continue
        _casts(game, player, zc, instant_only, keys, max_x, out, cache)
    for perm in view.controlled_by(player):
        for index, ability in enumerate(perm.activated_abilities):
            _activations(game, player, perm, index, ability, instant_only, keys, max_x, out, cache)
    floated = _untaps_or_returns(game.source)
    if floated and _can_tap_for_mana(view, player):
        out.notes.append(f"tapping a source for mana ahead of paying (605.3a, 106.4) is not searched, and {floated} "
                         "untaps or returns permanents")
    out.moves += _floats(game, player, keys, cache)
    return out


def _floats(game: Game, player: str, keys: Mapping[str, Any], cache: dict[Any, Any] | None) -> list[Move]:
    """Mana abilities of ``player`` activated for the pool alone (605.3a, 106.4) where the moment
    or the way matters: a product that depends on the board as it resolves (614.1a "... instead":
    River of Tears before a land is played, 305.2), and every activation :func:`payments` doesn't
    enumerate (more than one mana, a choice of combination, damage or life, a mana cost, counters
    removed: 107.3a, one move per X), each of its products a move (106.1, 106.5), its mana cost
    paid each way :func:`payments` finds. One per twin class; ``index`` of each move: where the
    mana it adds starts in the pool."""
    view = game.view()
    instances, _ = extract_sources(view, player, None, frozenset(), False)
    out: list[Move] = []
    seen: set[Any] = set()
    for i in instances:
        if not _floatable(i) or not (isinstance(i.ability.product, Conditional) or _several(i)):
            continue
        try:
            bases = payments(game, player, i.mana_cost, None, None, cache, source=i.source).payments
        except (Illegal, Undecided):
            continue
        for o in i.options:
            counters = tuple((r.key.split(":")[1], r.key.split(":")[2], n) for r, n in o.uses)
            fixed = tuple(t for t, n in zip(MANA_TYPES, o.fixed) for _ in range(n))
            for extra in itertools.combinations_with_replacement(o.free_types if o.free else (), o.free):
                mana = tuple(PoolMana(t, snow=i.snow) for t in (*fixed, *extra))
                for base in bases:
                    sig = (keys.get(i.source, i.source), i.ability.text, mana, base.tapped, base.pool)
                    if not mana or sig in seen or i.taps and i.source in base.tapped:
                        continue
                    seen.add(sig)
                    payment = Payment(player, (*base.tapped, *((i.source,) if i.taps else ())), base.untapped,
                                      base.sacrificed, (*base.counters, *counters), base.life + i.life,
                                      base.damage + i.damage, (*base.pool, *mana),
                                      (*base.activations, f"{i.source}: {i.ability.text}"))
                    out.append(Move("mana", i.source, view.permanent(i.source).name, index=len(base.pool),
                                    payment=payment, text=i.ability.text))
    return out


def _several(i: Instance) -> bool:
    """An activation that adds a fixed bundle of more than one mana and costs no mana (Sol Ring,
    City of Traitors): paying, it may make more than the cost takes, the rest left in the pool
    (106.4); floated, the bundle pays several costs."""
    return not i.mana_cost.symbols and all(o.amount > 1 and not o.free and not o.uses for o in i.options)


def _floatable(i: Instance) -> bool:
    """A mana ability the search can activate for the pool (:func:`_floats`): from a permanent,
    no sacrifice, {Q} or other permanent tapped, no spending restriction or rider, counters its
    only other resource."""
    return (not i.untaps and i.sacrificed is None and not i.tap_others and i.zone is None and i.restricted is None
            and i.copy == 0 and not i.ability.extra and not i.ability.life_loss and i.ability.timing is None
            and i.ability.per_turn is None and all(r.key.startswith("counters:") for o in i.options for r, _ in o.uses))


def _taps_only(i: Instance, player: str) -> bool:
    """A mana ability whose activation only taps its source (its amount any) and pays ``player``'s
    energy counters if anything else (107.14)."""
    return (i.taps and not i.untaps and i.sacrificed is None and not i.life and not i.mana_cost.symbols
            and not i.damage and not i.tap_others and i.zone is None and i.restricted is None and i.copy == 0
            and all(_energy(o, player) is not None for o in i.options) and not i.ability.extra
            and i.ability.timing is None and i.ability.per_turn is None)


def responses(game: Game, player: str, move: Move, cache: dict[Any, PaymentOptions] | None = None,
              max_x: int = 20) -> MoveList:
    """The activations of ``move``'s ability again while ``move`` is on the stack (117.3c,
    602.2), ``game`` being the game after :meth:`Move.put`: an ability whose source doesn't
    survive its resolution, activated again in response, pays an X in parts."""
    out = MoveList()
    if move.kind != "activate" or move.response is not None or not game.on_battlefield(move.subject):
        return out
    perm = game.view().permanent(move.subject)
    if move.index < len(perm.activated_abilities):
        _activations(game, player, perm, move.index, perm.activated_abilities[move.index], True,
                     twin_keys(game.view()), max_x, out, cache)
    out.moves = [dataclasses.replace(move, response=r) for r in out.moves]
    return out


def might_move(game: Game, player: str, instant_only: bool, lands: int = 1) -> bool:
    """A quick over-estimate of :func:`moves`: whether ``player`` has a card in hand or an
    ability they might use now (costs and targets aside)."""
    sorcery_ok = not instant_only and not sorcery_timing(game, player)
    for zc in game.zones_of(player).hand:
        types = {t.lower() for t in zc.card.types}
        land_back = zc.card.back is not None and "land" in {t.lower() for t in zc.card.back.types}  # 712.12
        if land_back and sorcery_ok and game.turn.lands_played.get(player, 0) < lands:
            return True
        if "land" in types:
            if sorcery_ok and game.turn.lands_played.get(player, 0) < lands:
                return True
        elif zc.card.mana_cost is not None and (sorcery_ok or "instant" in types
                                                or "flash" in {k.lower() for k in zc.card.keywords}):
            return True
    for perm in game.view().controlled_by(player):
        for a in perm.activated_abilities:
            if sorcery_ok or (a.timing != "sorcery" and a.loyalty is None):
                return True
    return False


def _unmodelled_effects(effects: Sequence[object]) -> list[str]:
    """Effect kinds in ``effects`` that resolution doesn't carry out."""
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, (tuple, list)):
            for v in value:
                walk(v)
            return
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return
        if type(value).__module__.endswith("model.effects") and type(value).__name__ in _EFFECT_NAMES \
                and type(value) not in EFFECTS:
            out.append(type(value).__name__)
        for f in ("effects", "otherwise", "then", "modes"):
            if hasattr(value, f):
                walk(getattr(value, f))

    walk(tuple(effects))
    return out


_EFFECT_NAMES = frozenset(
    "Damage Destroy Exile Bounce Sacrifice PutCounters RemoveCounters Tap Untap CreateTokens Draw Discard Mill "
    "GainLife LoseLife AddMana ReturnFromGraveyard PutOntoBattlefield Fight CounterSpell CopySpell Scry Surveil "
    "Regenerate Attach Proliferate Pay PreventDamage PutInLibrary SearchLibrary LookAtTop ExileIfDies Monstrosity "
    "Adapt Transform ExtraTurn KeywordAction Modify GainControl Delayed Attempt Optional Conditional Modal "
    "BecomeCopy".split())


def _casts(game: Game, player: str, zc: ZoneCard, instant_only: bool, keys: Mapping[str, Any], max_x: int,
           out: MoveList, cache: dict[Any, PaymentOptions] | None) -> None:
    card = zc.card
    instant = "instant" in {t.lower() for t in card.types} or "flash" in {k.lower() for k in card.keywords}
    if instant_only and not instant:
        return
    if not instant and sorcery_timing(game, player):
        return
    if card.mana_cost is None:
        return  # 118.6: it can't be cast but without paying its mana cost
    if "aura" in {t.lower() for t in card.subtypes} and zc.spell is None:
        out.notes.append(f"{card.name}: its enchant ability is not read: the Aura spell's target is not known (303.4a)")
        return
    if zc.spell is None and not card.is_permanent and (card.text or "").strip():
        out.notes.append(f"{card.name}: what it does is not read")
        return
    ability = zc.spell if zc.spell is not None else SpellAbility(())
    missing = _unmodelled_effects(ability.effects)
    if missing:
        out.notes.append(f"{card.name}: resolving {', '.join(sorted(set(missing)))} is not modelled")
        return
    if ability.extra_target_cost is not None:
        out.notes.append(f"{card.name}: its additional cost is not modelled (601.2f)")
        return
    if ability.alternative_costs:
        out.notes.append(f"{card.name}: casting it for an alternative cost (118.9) is not searched")
    options = [k for k in ability.keywords if k.split(" ")[0] not in _SEARCHED_KEYWORDS]
    if options:
        out.notes.append(f"{card.name}: {', '.join(options)} (casting it another way) is not searched")
    if ability.only_during is not None:
        out.notes.append(f"{card.name}: cast only during {ability.only_during.replace('_', ' ')}: not searched")
        return
    source = card_object(card, zc.id, player)
    needs_x, modal = needs(game, Cast(zc.id))
    reduced = bool(ability.cost_reductions) or any(k.startswith("affinity") for k in ability.keywords) or any(
        p.has("spells_cost_less") for p in game.view().controlled_by(player))
    options = range(len(ability.additional_cost_options)) if ability.additional_cost_options else (None,)
    for kicked, additional in itertools.product((False, True) if ability.kicker is not None else (False,), options):
        def cost(targets: tuple[tuple[str, ...], ...], x: int | None, kicked: bool = kicked,
                 additional: int | None = additional) -> ManaCost | None:
            return total_cost(game, player, zc, ability, targets, kicked, x, additional)  # 601.2f

        _paid_moves(game, player, ability, source, zc.id, keys, (needs_x, modal), (card.mana_cost, cost, reduced),
                    card, max_x, out, cache, card.name,
                    lambda t, a, m, x, p, k=kicked, o=additional: Move("cast", zc.id, card.name, targets=t, amounts=a,
                                                                       modes=m, x=x, payment=p, kicked=k, additional=o))


def _activations(game: Game, player: str, perm: Permanent, index: int, ability: ActivatedAbility, instant_only: bool,
                 keys: Mapping[str, Any], max_x: int, out: MoveList, cache: dict[Any, PaymentOptions] | None) -> None:
    if keys.get(perm.id) in {keys.get(o.id) for o in game.view().controlled_by(player) if o.id < perm.id}:
        return  # a twin's ability is the same move (symmetry)
    sorcery = ability.timing == "sorcery" or ability.loyalty is not None
    if sorcery and (instant_only or sorcery_timing(game, player)):
        return
    if any(c.kind == "tap" for c in ability.costs) and (perm.tapped or not perm.can_use_tap_abilities()):
        return
    if ability.loyalty is not None and perm.id in game.turn.activated_once:
        return
    if ability.once_each_turn and f"{perm.id}:{index + 1}" in game.turn.activated_once:
        return
    missing = _unmodelled_effects(ability.effects)
    if missing:
        out.notes.append(f"{perm.name} ({perm.id}): resolving {', '.join(sorted(set(missing)))} is not modelled")
        return
    needs_x, modal = needs(game, Activate(perm.id, index))
    _paid_moves(game, player, ability, perm, perm.id, keys, (needs_x, modal),
                (ability.mana, lambda targets, x: ability.mana, False), None, max_x, out, cache, f"{perm.name} ({perm.id})",
                lambda t, a, m, x, p: Move("activate", perm.id, perm.name, index, t, a, m, x, p, text=ability.text))


def _paid_moves(game: Game, player: str, ability: Any, source: Permanent, subject: str, keys: Mapping[str, Any],
                needs: tuple[bool, bool], costs: tuple[ManaCost | None, Callable[..., ManaCost | None], bool],
                card: Card | None, max_x: int, out: MoveList, cache: dict[Any, PaymentOptions] | None, label: str,
                move: Callable[..., Move]) -> None:
    """A move (``move(targets, amounts, modes, x, payment)``) for each choice of modes (700.2),
    targets and X (601.2b-c) and each way to pay the total cost (601.2f-h); ``costs``: the mana
    cost, the total cost of a choice of targets and X, and whether reductions may lower it; what
    can't be searched is noted under ``label``."""
    needs_x, modal = needs
    cost, total, reduced = costs
    for modes in _mode_choices(ability.effects) if modal else [None]:
        for targets, amounts, x in _target_choices(game, ability, modes, player, source, subject, keys, needs_x,
                                                    cost, max_x, out, reduced):
            try:
                options = payments(game, player, total(targets, x), x, card, cache,  # 602.2b: an ability's source
                                   source=subject if card is None else None)
            except Illegal:
                continue
            except Undecided as why:
                out.notes.append(f"{label}: {why.message}")
                continue
            if not options.exact:
                out.notes.append(f"{label}: {options.why}")
            for p in options.payments:
                out.moves.append(move(targets, amounts, modes, x, p))


def _mode_choices(effects: Sequence[object]) -> list[tuple[int, ...]]:
    modal = next(e for e in effects if isinstance(e, Modal))
    return mode_sets(modal)


def _target_choices(game: Game, ability: SpellAbility | ActivatedAbility, modes: tuple[int, ...] | None, player: str,
                    source: Permanent, source_id: str, keys: Mapping[str, Any], needs_x: bool, cost: ManaCost | None,
                    max_x: int, out: MoveList, reduced: bool = False
                    ) -> Iterable[tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, int], ...], int | None]]:
    """Each choice of targets (one group per slot used, 601.2c), divided damage (601.2d) and X
    (107.3a, the largest first), up to symmetry; with a cost reduction (``reduced``) X is bounded
    by the mana available alone."""
    if needs_x:
        paid = cost.mana_value if cost is not None and not reduced else 0
        spell = SpellInfo.ability_of(source) if isinstance(ability, ActivatedAbility) else None  # 602.2b
        top = min(max_x, available_mana(game, player, spell) - paid)
        if cost is None or not cost.variables:
            out.notes.append(f"{source.name}: an X not in its cost is not searched")
            return
        xs: list[int | None] = list(range(max(top, 0), 0 if _idle_at_zero(ability, cost) else -1, -1))
    else:
        xs = [None]
    slots = used_slots(ability.effects, modes or ())
    if any(slot >= len(ability.targets) for slot in slots):
        out.notes.append(f"{source.name}: an effect names a target its ability doesn't read (601.2c): not searched")
        return
    specs: tuple[TargetSpec, ...] = tuple(ability.targets[slot] for slot in slots)
    divided = next((e for e in nested_effects(ability.effects) if isinstance(e, Damage) and e.divided), None)
    # 107.3a, 601.2b-c: X is chosen before targets, so a filter with X ("mana value X") is set per X
    by_x = [(x, with_x(specs, x, source.name)) for x in xs] if needs_x and uses_x(specs) else [(None, specs)]
    for chosen_x, chosen in by_x:
        seen: set[Any] = set()
        for combo in itertools.product(*(_slot_choices(game, spec, player, source, source_id, keys)
                                         for spec in chosen)):
            if not _distinct(ability, slots, combo):
                continue
            sig = tuple(tuple(sorted(keys.get(t, ("own", t)) for t in group)) for group in combo)
            if sig in seen:
                continue
            seen.add(sig)
            flat = [t for g in combo for t in g]
            for x in xs if chosen_x is None else [chosen_x]:
                if divided is None:
                    yield tuple(combo), (), x
                    continue
                total = x if isinstance(divided.amount, X) else divided.amount
                if not isinstance(total, int) or total < len(flat):
                    continue
                for split in _splits(total, len(flat)):
                    yield tuple(combo), tuple(zip(flat, split)), x


def _slot_choices(game: Game, spec: TargetSpec, player: str, source: Permanent, source_id: str,
                  keys: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """The groups of legal targets one slot may choose (115.1, 601.2c), up to twins."""
    legal = candidates(game, spec, player, source, source_id)
    legal = _representatives(_ordered(game, legal, player), keys, spec.count)
    sizes = range(0 if spec.up_to else spec.count, spec.count + 1)
    return [c for k in sizes for c in itertools.combinations(legal, k)]


def _idle_at_zero(ability: SpellAbility | ActivatedAbility, cost: ManaCost) -> bool:
    """An ability that does nothing with X = 0: it costs only {X}, targets nothing and only deals
    X damage (120.8: 0 damage is not dealt), so activating it so changes nothing."""
    return (isinstance(ability, ActivatedAbility) and not ability.costs and not ability.targets
            and all(s.variable for s in cost.symbols)
            and all(isinstance(e, Damage) and isinstance(e.amount, X) for e in ability.effects))


def _ordered(game: Game, ids: list[str], player: str) -> list[str]:
    """Targets in the order worth trying first: opponents, their permanents, then the rest."""
    view = game.view()

    def rank(t: str) -> int:
        if t in game.players:
            return 0 if t != player else 2
        if view.has_permanent(t):
            return 1 if view.permanent(t).controller != player else 3
        return 4
    return sorted(ids, key=rank)


def _distinct(ability: SpellAbility | ActivatedAbility, slots: list[int], combo: tuple[tuple[str, ...], ...]) -> bool:
    """115.3: a slot that names "another target" can't choose what an earlier slot chose."""
    chosen = dict(zip(slots, combo))
    for slot, group in chosen.items():
        for other in ability.targets[slot].distinct_from:
            if set(group) & set(chosen.get(other, ())):
                return False
    return True


def _splits(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Ways to divide ``total`` among ``parts`` targets, at least 1 each (601.2d)."""
    if parts == 0:
        return
    if parts == 1:
        yield (total,)
        return
    for first in range(total - parts + 1, 0, -1):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)
