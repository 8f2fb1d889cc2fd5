"""A brute-force mana payment planner for small boards, independent of the CP-SAT encoding.

It plays the payment out (CR 601.2g-h, 605): from a state (the pool, which permanents are
tapped, sacrificed or used, the life lost) it tries every mana ability activation the
rules allow, paying its costs from the pool, and every way it can resolve; at every state
it tries to pay the spell from the pool, symbol by symbol (107.4). The best final state by
the objective (the same levels as :data:`mtgsolver.solver.payment.OBJECTIVES`) wins.

:func:`replay` checks a plan the solver returned: it carries out the activations in the
given order and pays each symbol with the assigned mana, and fails on anything illegal.

Only the model layer's data is shared with the solver (board, parsed abilities). What an
activation adds is this module's own rules code (:func:`bundles`): the lands of a
``lands_are`` effect (Celestial Dawn) become that basic type with its mana ability only (305.7),
reflecting abilities pick from the naive 106.7 fixed point of :mod:`references.reference_produce`,
replacement effects apply in every order (614.5, 616.1e) and "tapped for mana" triggers add
their mana afterwards (106.12a), each by brute force; so are summoning sickness (302.6,
:func:`can_tap`) and activation conditions (602.5b, :func:`condition_holds`).
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from mtgsolver.model import Board, ManaCost, ManaSymbol, Permanent
from mtgsolver.model.mana_abilities import (
    Amount,
    AnyColor,
    Choice,
    ChosenColor,
    Conditional,
    Counted,
    Fixed,
    ManaAbility,
    Reflect,
)

from .reference_produce import _applies, _every_order, _refs, _replacements, effective_board, naive_could_produce

COLORS = ("W", "U", "B", "R", "G")
TYPES = COLORS + ("C",)
WORD = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

# a mana unit: (type, snow, restriction words or None)
Unit = tuple[str, bool, tuple[str, ...], tuple[str, ...]]  # restriction words (() for none), its maker's types


def may_pay(mana: str, options: tuple[str, ...], white_any: bool) -> bool:
    """Whether mana of type ``mana`` pays a symbol with these options (107.4); under
    Celestial Dawn white pays any color and other mana only as colorless (609.4b)."""
    if not white_any:
        return mana in options
    if mana == "W":
        return any(o in COLORS for o in options)
    return "C" in options


def white_any_of(board: Board, player: str) -> bool:
    return any(p.has("spend_white_as_any_color") for p in board.controlled_by(player))


def _chosen(perm: Permanent, spend_only: frozenset[str] | None) -> frozenset[str] | None:
    """"of the chosen type": the word ``chosen_type`` is the permanent's chosen subtype; with
    none chosen that entry pays nothing."""
    if spend_only is None:
        return None
    return frozenset(e.replace("chosen_type", perm.chosen_type or "") for e in spend_only
                     if "chosen_type" not in e or perm.chosen_type)


def _words(spend_only: frozenset[str] | None, abilities: frozenset[str] | None = None) -> tuple[str, ...]:
    """A restriction as words: the spell entries, then ``ability:`` and the words of each source whose
    activated abilities it pays (602.2b); a restriction that pays nothing of these is ``abilities only``."""
    if spend_only is None:
        return ()
    return (tuple(sorted(spend_only)) + tuple(sorted(f"ability:{e}" for e in abilities or ()))
            or ("abilities only",))


def made_by_ok(unit: Unit, mana_from: frozenset[str] | None) -> bool:
    """The spell's own "Spend only mana produced by creatures": the unit's maker has the words
    (mana in the pool at the start has no known maker)."""
    return mana_from is None or any(all(w in unit[3] for w in entry.split()) for entry in mana_from)


def spell_may_use(restricted: tuple[str, ...], spell_types: frozenset[str], cost: ManaCost) -> bool:
    """106.6: restricted mana pays only for the spells it names (every word of an entry: a
    type, or a color word of the spell's colors); ``{x}`` any cost that contains {X}."""
    spells = tuple(e for e in restricted if not e.startswith("ability:"))
    return not restricted or _names(spells, cost, {c.value for c in cost.colors}, spell_types)


def ability_may_use(restricted: tuple[str, ...], source: Permanent, cost: ManaCost) -> bool:
    """106.6, 602.2b: restricted mana pays an activated ability of ``source`` when an ``ability:``
    entry names it (each word a type, supertype or subtype of the source, or a color word of its
    colors; no word: any source); ``{x}`` any cost that contains {X}."""
    sources = tuple(e[len("ability:"):] if e.startswith("ability:") else e for e in restricted
                    if e.startswith("ability:") or e == "{x}")
    kinds = {t.lower() for t in (*source.types, *source.supertypes, *source.subtypes)}
    return not restricted or _names(sources, cost, {c.value for c in source.colors}, kinds)


def _names(entries: tuple[str, ...], cost: ManaCost, colors: set[str], kinds: frozenset[str] | set[str]) -> bool:
    """Whether an entry names what is paid for: ``{x}`` a cost with {X}; else every word a kind
    (type, supertype, subtype) or a color word of ``colors`` (105.2)."""

    def word_ok(w: str) -> bool:
        if w in WORD:
            return WORD[w] in colors
        if w == "colorless":
            return not colors
        if w == "multicolored":
            return len(colors) >= 2
        return w in kinds

    for entry in entries:
        if entry == "{x}":
            if any(s.variable for s in cost.symbols):
                return True
        elif all(word_ok(w) for w in entry.split()):
            return True
    return False


def condition_holds(cond, permanents: list[Permanent], source: Permanent | None = None, played: int = 0) -> bool:
    """602.5b "Activate only if ...", 614.1a "... instead": the condition read from its fields,
    on the permanents the player controls (counters: on the ability's source; ``played``: the
    lands the player played this turn, 305.2)."""
    mine = list(permanents)
    if cond.land_played:
        return played > 0 and all(condition_holds(c, mine, source, played) for c in cond.also)

    def kinds_fit(p: Permanent) -> bool:
        kinds = {k.replace("\u2019", "'") for k in p.types | p.subtypes | p.supertypes}
        return all(w in kinds for w in cond.what.split())

    if cond.counters:
        n = source.counters.get(cond.what, 0) if source is not None else 0
    elif cond.total_power:
        n = sum(max(0, p.power or 0) for p in mine if kinds_fit(p))
    else:
        n = sum(1 for p in mine if kinds_fit(p) and (cond.power_at_least is None or (
            p.power is not None and p.power >= cond.power_at_least)))
    return n >= cond.at_least and all(condition_holds(c, mine, source, played) for c in cond.also)


def can_tap(perm: Permanent) -> bool:
    """302.6: a creature's {T} and {Q} abilities need it under its controller's control since
    the turn began (not summoning sick), or haste (702.10c)."""
    return not ("creature" in perm.types and perm.summoning_sick and "haste" not in perm.keywords)


def _base_bundles(board: Board, perm: Permanent, product) -> set[tuple[str, ...]]:  # type: ignore[no-untyped-def]
    """What a product adds before any effect (106.5: an undefined type adds nothing)."""
    if isinstance(product, Fixed):
        return {tuple(product.mana)}
    if isinstance(product, Choice):
        return {tuple(o) for o in product.options}
    if isinstance(product, ChosenColor):
        options = {tuple(o) for o in product.alternatives}
        if perm.chosen_color:
            options.add((perm.chosen_color,))
        return options or {()}
    if isinstance(product, AnyColor):
        if product.combination:
            return set(itertools.combinations_with_replacement(product.among, product.amount))
        return {(c,) * product.amount for c in product.among}
    if isinstance(product, Counted):
        n = sum(1 for q in board.permanents if (product.whose == "all" or q.controller == perm.controller)
                and (product.per in q.types or product.per in q.subtypes or product.per == "permanent"))
        return {tuple(product.mana) * n}
    if isinstance(product, Conditional):  # 614.1a
        met = condition_holds(product.condition, board.controlled_by(perm.controller), perm,
                              board.turn.lands_played.get(perm.controller, 0))
        return _base_bundles(board, perm, product.instead if met else product.otherwise)
    if isinstance(product, Amount):
        n = _amount(board, perm, product)
        if n <= 0:
            return {()}
        if product.any_color or product.combination:
            return _base_bundles(board, perm, AnyColor(n, combination=product.combination))
        return {tuple(product.mana) * n}
    raise NotImplementedError(repr(product))


def _amount(board: Board, perm: Permanent, product: Amount) -> int:
    """What an amount counts, by brute force over the board."""
    mine = [q for q in board.permanents if q.controller == perm.controller]
    what = product.what.split()
    if product.count == "counters":
        return perm.counters.get(product.what, 0)
    if product.count == "power":
        return perm.power or 0
    if product.count == "life":
        return board.player(perm.controller).life
    if product.count == "greatest_power":
        return max([q.power or 0 for q in mine if "creature" in q.types] + [0])
    if product.count == "domain":
        return sum(1 for t in ("plains", "island", "swamp", "mountain", "forest")
                   if any("land" in q.types and t in q.subtypes for q in mine))
    if product.count == "devotion":  # 700.5: each symbol naming the color, hybrid or Phyrexian
        return sum(str(s).count(product.what) for q in mine if q.mana_cost for s in q.mana_cost.symbols)
    if product.count == "graveyard":
        zones = board.zones.get(perm.controller)
        n = 0
        for c in zones.graveyard if zones else ():
            words = {t.lower() for t in c.card.types + c.card.subtypes + c.card.supertypes}
            words |= {w for w, letter in WORD.items() if letter in {x.value for x in c.card.derived_colors}}
            n += all(w in words for w in what)
        return n
    return sum(1 for q in board.permanents if (product.whose != "you" or q.controller == perm.controller)
               and all(w in q.types | q.subtypes | q.supertypes | q.keywords for w in what)
               and (product.named is None or q.name.lower() == product.named)
               and (product.power_at_least is None or (q.power or 0) >= product.power_at_least))


def _triggered(board: Board, perm: Permanent, ability: ManaAbility, bundle: tuple[str, ...]) -> set[tuple[str, ...]]:
    """106.12a: "whenever ... is tapped for mana" triggers add their mana after the event."""
    if not ability.taps or not bundle:
        return {bundle}
    out = {bundle}
    for src in board.permanents:
        for trig in src.values("mana_trigger"):
            if trig.on == "enchanted":
                watched = src.attached_to == perm.id
            else:
                watched = ("land" in perm.types or trig.on.endswith("permanents")) and (
                    not trig.on.startswith("your_") or perm.controller == src.controller) and (
                    not trig.kinds or any(("land" not in perm.types) if k == "nonland" else
                                          k in perm.types | perm.subtypes | perm.supertypes for k in trig.kinds))
            if not watched or (trig.of_type and trig.of_type not in bundle):
                continue
            if trig.mode == "fixed":
                extra = {tuple(trig.mana)}
            elif trig.mode == "same_type":
                extra = {(t,) for t in bundle}
            elif trig.mode == "any_color":
                extra = set(itertools.product(COLORS, repeat=trig.amount))
            else:
                extra = {()}
            out = {b + e for b in out for e in extra}
    return out


_BUNDLES: dict[tuple[int, str, str, int | None], tuple[Board, list[tuple[str, ...]]]] = {}


def bundles(board: Board, perm: Permanent, ability: ManaAbility, x: int | None = None) -> list[tuple[str, ...]]:
    """Every bundle one activation may add (``board`` already type-changed, 305.7), memoised;
    ``x``: the counters "Remove X counters" removed (107.3a)."""
    key = (id(board), perm.id, ability.text, x)
    hit = _BUNDLES.get(key)
    if hit is None or hit[0] is not board:
        if len(_BUNDLES) > 10_000:
            _BUNDLES.clear()
        hit = _BUNDLES[key] = (board, _bundles(board, perm, ability, x))
    return hit[1]


def _for_x(product, x: int):  # type: ignore[no-untyped-def]
    """"Add X mana in any combination of {W} and/or {U}", "Add {C} for each counter removed
    this way": the product once X counters are removed."""
    if isinstance(product, AnyColor) and product.amount < 0:
        return AnyColor(x, product.combination, product.among)
    if isinstance(product, Amount) and product.count == "removed":
        return Fixed(tuple(product.base) + tuple(product.mana) * x)
    return product


def _bundles(board: Board, perm: Permanent, ability: ManaAbility, x: int | None = None) -> list[tuple[str, ...]]:
    if x is not None:
        base = _base_bundles(board, perm, _for_x(ability.product, x))
    elif isinstance(ability.product, Reflect):
        could = naive_could_produce(board)
        seen = set().union(*(could[q.id] for q in _refs(board, perm, ability)))
        if ability.product.kind == "color":
            seen.discard("C")
        base = {(t,) for t in seen} or {()}
    else:
        base = _base_bundles(board, perm, ability.product)
    if not isinstance(perm, Permanent):  # a card in a hand or graveyard: no effect applies
        return sorted({tuple(sorted(b)) for b in base if b})
    effects = [e for e in _replacements(board) if _applies(e, perm, ability)]
    out = {t for b in base for r in _every_order(b, effects) for t in _triggered(board, perm, ability, r)}
    return sorted({tuple(sorted(b)) for b in out if b})


def tapped_harm(board: Board, perm: Permanent) -> int:
    """Life its controller loses when ``perm`` becomes tapped: its own "deals N damage to you"
    (City of Brass) and that of each Aura on it (Psychic Venom), counted with the payment."""
    own = sum(perm.values("damage_when_tapped"))
    return own + sum(sum(q.values("enchanted_tapped_damage")) for q in board.permanents if q.attached_to == perm.id)


def mana_only(perm: Permanent) -> bool:
    """Treasure-like: not a creature or land, only mana abilities, one sacrificing it."""
    return (not perm.is_creature and not perm.is_land and bool(perm.abilities)
            and all(isinstance(a, ManaAbility) for a in perm.abilities)
            and any(c.kind == "sacrifice_self" for a in perm.mana_abilities for c in a.costs))


def _pay_ability_cost(cost: ManaCost, pool: Counter, white_any: bool = False) -> Iterator[Counter]:
    """Every pool left after paying an activation's mana cost with unrestricted mana."""
    symbols = list(cost.symbols)

    def rec(k: int, pool: Counter) -> Iterator[Counter]:
        if k == len(symbols):
            yield pool
            return
        s = symbols[k]
        if s.is_generic:
            yield from take(k, pool, s.generic)
            return
        ways = list(s.options)
        if s.alt_generic:
            yield from take(k, pool, s.alt_generic)
        for u in sorted(pool):
            if pool[u] > 0 and not u[2] and may_pay(u[0], tuple(ways), white_any):
                rest = pool.copy()
                rest[u] -= 1
                yield from rec(k + 1, +rest)

    def take(k: int, pool: Counter, n: int) -> Iterator[Counter]:
        free = sorted(u for u in pool.elements() if not u[2])
        for combo in sorted(set(itertools.combinations(free, n))):
            rest = pool.copy()
            rest.subtract(Counter(combo))
            yield from rec(k + 1, +rest)

    seen = set()
    for left in rec(0, pool):
        key = tuple(sorted(left.items()))
        if key not in seen:
            seen.add(key)
            yield left


def pay_spell(symbols: tuple[ManaSymbol, ...], x_count: int, pool: Counter, life_left: int,
              usable, maximize_x: bool, white_any: bool = False) -> list[tuple[int, int, int]]:
    """Every (life paid, X, mana left) with which the pool pays the symbols (107.4)."""
    specific = [s for s in symbols if not s.is_generic]
    generic = sum(s.generic for s in symbols if s.is_generic)
    units = Counter({u: n for u, n in pool.items() if usable(u)})
    unusable = sum(n for u, n in pool.items() if not usable(u))
    out: set[tuple[int, int, int]] = set()

    def rec(k: int, left: Counter, life: int, extra_generic: int) -> None:
        if k == len(specific):
            total = sum(left.values())
            need = generic + extra_generic
            if total < need:
                return
            if x_count and maximize_x:
                x = (total - need) // x_count
            else:
                x = 0
            if total - need - x * x_count < 0:
                return
            out.add((life, x, total - need - x * x_count + unusable))
            return
        s = specific[k]
        if s.phyrexian and life + 2 <= life_left:
            rec(k + 1, left, life + 2, extra_generic)
        if s.alt_generic:
            rec(k + 1, left, life, extra_generic + s.alt_generic)
        for u in sorted(left):
            if left[u] <= 0:
                continue
            ok = u[1] if s.snow else may_pay(u[0], s.options, white_any)
            if ok:
                rest = left.copy()
                rest[u] -= 1
                rec(k + 1, +rest, life, extra_generic)

    rec(0, units, 0, 0)
    return sorted(out)


@dataclass(frozen=True)
class State:
    pool: tuple
    tapped: frozenset
    gone: frozenset
    touched: frozenset
    creatures: frozenset
    counters: tuple  # (permanent, counter kind) -> removed; (permanent, "#i") -> activations; ("cards", zone);
    # ("energy", player) -> energy paid
    life: int
    sacrificed: frozenset


_PREPARED: dict[tuple[int, str], tuple[Board, Board, bool]] = {}


def _prepared(board: Board, player: str) -> tuple[Board, bool]:
    """The board with Celestial Dawn's Plains (305.7) and the player's spending rule, cached."""
    hit = _PREPARED.get((id(board), player))
    if hit is None or hit[0] is not board:
        _PREPARED.clear()
        hit = _PREPARED[(id(board), player)] = (board, effective_board(board)[0], white_any_of(board, player))
    return hit[1], hit[2]


#: the cost kinds this planner plays out; an ability with any other is never activated
KNOWN_COSTS = frozenset("tap untap mana life energy sacrifice_self sacrifice remove_counters put_counter exert "
                        "tap_untapped discard mill exile_card exile_self".split())


def known_costs(ability: ManaAbility) -> bool:
    """Costs this planner pays: no "discard your hand", returning or X sacrifices."""
    return all(c.kind in KNOWN_COSTS and not (c.kind == "discard" and c.what == "hand")
               and not (c.variable and c.kind != "remove_counters") for c in ability.costs)


def zone_size(board: Board, player: str, zone: str, cast: str | None = None) -> int:
    """Cards in the player's ``zone`` (a card being cast from the hand is on the stack, 601.2a)."""
    z = board.zones[player]
    if zone == "hand":
        return z.hand_count - (1 if cast is not None and any(c.card.name == cast for c in z.hand) else 0)
    return z.library_count if zone == "library" else len(z.graveyard)


def _has_words(q: Permanent, words: list[str]) -> bool:
    colors = {c.value for c in q.colors}
    return all(w in q.types | q.subtypes | q.supertypes or WORD.get(w) in colors for w in words)


def _zone_cards(board: Board, player: str, cast: str | None):  # type: ignore[no-untyped-def]
    """Cards of the player's hand and graveyard with mana abilities that work there (113.6m);
    the first hand card named ``cast`` is on the stack."""
    z = board.zones[player]
    skip = next((c.id for c in z.hand if c.card.name == cast), None)
    return [(c, zone) for zone, cards in (("hand", z.hand), ("graveyard", z.graveyard)) for c in cards
            if c.mana_abilities and c.id != skip]


def _activations(board: Board, player: str, life_total: int, state: State, allowed: frozenset | None,
                 pool_abilities_ok: bool = True, cast: str | None = None, relax: bool = False,
                 made: list | None = None) -> Iterator[State]:
    pool = Counter(dict(state.pool))
    counters = dict(state.counters)
    effective, white_any = _prepared(board, player)
    sources = [(perm, None) for perm in sorted(effective.controlled_by(player), key=lambda p: p.id)]
    sources += _zone_cards(board, player, cast)
    for perm, zone in sources:
        if perm.id in state.gone or (allowed is not None and perm.id not in allowed):
            continue
        for index, ability in enumerate(perm.mana_abilities):
            once = ability.taps or ability.untaps or ability.sacrifices_self or ability.timing == "once_each_turn"
            if not known_costs(ability) and not (relax and once):  # relax: other costs taken as paid
                continue
            if zone is not None and (ability.condition is not None or ability.timing == "sorcery" or any(
                    c.kind in ("tap", "untap", "sacrifice", "sacrifice_self", "tap_untapped") for c in ability.costs)):
                continue
            if zone is None and any(c.kind == "exile_self" for c in ability.costs):
                continue  # 113.6m: it works only from that zone
            taps, untaps = ability.taps, ability.untaps
            is_tapped = perm.id in state.tapped
            if taps and is_tapped or untaps and not is_tapped:
                continue
            if (taps or untaps) and not can_tap(perm):
                continue
            if ability.life_cost and state.life + ability.life_cost > life_total:  # 119.4, 119.4b
                continue
            if ability.condition is not None and not condition_holds(ability.condition,  # 602.5b
                    [q for q in board.controlled_by(player) if q.id not in state.gone], perm,
                    board.turn.lands_played.get(player, 0)):
                continue
            if ability.timing == "sorcery":  # 602.5d: the stack is not empty while a spell is cast
                continue
            ok = True
            new_counters = dict(counters)
            limit = 1 if ability.timing == "once_each_turn" else ability.per_turn  # 602.5b
            if limit is not None:
                done = (perm.id, f"#{index}")
                if new_counters.get(done, 0) >= limit:
                    continue
                new_counters[done] = new_counters.get(done, 0) + 1
            xs: list[int | None] = [None]
            for part in ability.costs:
                if part.kind == "remove_counters":
                    key = (perm.id, part.what)
                    have = perm.counters.get(part.what or "", 0) - new_counters.get(key, 0)
                    if part.variable:
                        xs = list(range(have + 1))
                    elif have < part.amount:
                        ok = False
                    else:
                        new_counters[key] = new_counters.get(key, 0) + part.amount
                elif part.kind in ("discard", "mill", "exile_card", "exile_self"):
                    where = {"discard": "hand", "mill": "library"}.get(part.kind) or part.what or zone
                    n = 1 if part.kind == "exile_self" else part.amount
                    key = ("cards", where)
                    if zone_size(board, player, where, cast) - new_counters.get(key, 0) < n:
                        ok = False
                    new_counters[key] = new_counters.get(key, 0) + n
                elif part.kind == "energy":  # 107.14: from the player's energy counters
                    key = ("energy", player)
                    if board.player(player).energy - new_counters.get(key, 0) < part.amount:
                        ok = False
                    new_counters[key] = new_counters.get(key, 0) + part.amount
            if not ok:
                continue
            if ability.spend_only is not None and not pool_abilities_ok:
                continue
            targets: list[str | None] = [None]
            sac = [c for c in ability.costs if c.kind == "sacrifice"]
            if sac:
                another = "sacrifice another" in ability.text.lower()
                targets = [q.id for q in sorted(board.controlled_by(player), key=lambda q: q.id)
                           if q.id not in state.gone and not (another and q.id == perm.id)
                           and (allowed is None or q.id in allowed)
                           and all(w.rstrip("s") in q.types or w in q.types or w in q.subtypes
                                   for w in (sac[0].what or "").split())]
            elif ability.sacrifices_self or zone is not None:
                targets = [perm.id]
            tap_parts = [c for c in ability.costs if c.kind == "tap_untapped"]
            taps_of: list[tuple[str, ...]] = [()]
            if tap_parts:  # 701.26a: untapped ones, the source too unless its {T} taps it
                free = [q.id for q in sorted(effective.controlled_by(player), key=lambda q: q.id)
                        if q.id not in state.gone and q.id not in state.tapped and (allowed is None or q.id in allowed)
                        and not (taps and q.id == perm.id) and _has_words(q, (tap_parts[0].what or "").split())]
                taps_of = list(itertools.combinations(free, tap_parts[0].amount))
            for x in xs:
                outcomes = bundles(effective, perm, ability, x)
                if not outcomes:
                    continue
                x_counters = dict(new_counters)
                if x:
                    key = (perm.id, next(c.what for c in ability.costs if c.kind == "remove_counters"))
                    x_counters[key] = x_counters.get(key, 0) + x
                for left in _pay_ability_cost(ability.mana_cost, pool, white_any):
                    for target in targets:
                        for others in taps_of:
                            yield from _after(board, state, perm, ability, left, target, others, outcomes, x_counters,
                                              zone, made)


def _after(board: Board, state: State, perm, ability: ManaAbility,  # type: ignore[no-untyped-def]
           left: Counter, target: str | None, others: tuple[str, ...], outcomes, counters: dict, zone: str | None,
           made: list | None = None) -> Iterator[State]:
    """The states after one activation: its costs paid, each outcome added to the pool (and
    ``(source, restriction words, outcome)`` appended to ``made``)."""
    taps, untaps = ability.taps, ability.untaps
    gone = state.gone | ({target} if target else set())
    tapped = state.tapped | set(others)
    if taps:
        tapped = tapped | {perm.id}
    if untaps:
        tapped = tapped - {perm.id}
    touched = state.touched | {perm.id} | ({target} if target else set()) | set(others)
    creatures = state.creatures | ({perm.id} if (taps or untaps) and perm.is_creature else set()) | {
        q for q in others if board.permanent(q).is_creature}
    sacrificed = state.sacrificed | ({target} if target and zone is None else frozenset())
    snow = perm.is_snow if zone is None else "snow" in {t.lower() for t in perm.card.supertypes}
    spend = _chosen(perm, ability.spend_only) if zone is None else ability.spend_only
    abilities = _chosen(perm, ability.spend_abilities) if zone is None else ability.spend_abilities
    harm = tapped_harm(board, perm) if taps else 0
    maker = tuple(sorted(perm.types | perm.supertypes)) if zone is None else ()  # a card in a zone: no permanent
    for b in outcomes:
        if made is not None:
            made.append((perm.id, _words(spend, abilities), b))
        new_pool = left.copy()
        for t in b:
            new_pool[(t, snow, _words(spend, abilities), maker)] += 1
        yield State(tuple(sorted((+new_pool).items())), frozenset(tapped), frozenset(gone),
                    frozenset(touched), frozenset(creatures), tuple(sorted(counters.items(), key=repr)),
                    state.life + ability.life_cost + ability.damage + ability.life_loss + harm, frozenset(sacrificed))


def _states(board: Board, player: str, life_total: int, start: State, allowed: frozenset | None,
            limit: int = 200_000, cast: str | None = None, relax: bool = False) -> list[State]:
    seen = {start}
    stack = [start]
    while stack:
        s = stack.pop()
        for nxt in _activations(board, player, life_total, s, allowed, cast=cast, relax=relax):
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > limit:
                    raise RuntimeError("reference search too large")
                stack.append(nxt)
    return sorted(seen, key=repr)


def can_pay_from(board: Board, player: str, cost: ManaCost, allowed: frozenset, life_left: int,
                 used: tuple = (), cast: str | None = None, relax: bool = False) -> bool:
    """Whether ``allowed`` permanents (and cards) alone (empty pool: mana left floating keeps
    nothing open, 106.4) pay ``cost`` with ``life_left`` life, after the cards and energy ``used`` went."""
    start = State((), frozenset(p.id for p in board.permanents if p.tapped), frozenset(), frozenset(),
                  frozenset(), tuple(u for u in used if u[0][0] in ("cards", "energy")), 0, frozenset())
    for s in _states(board, player, life_left, start, allowed, cast=cast, relax=relax):
        pool = Counter(dict(s.pool))
        if pay_spell(cost.symbols, 0, pool, life_left - s.life, lambda u: not u[2], False,
                     _prepared(board, player)[1]):
            return True
    return False


def _start_pool(board: Board, player: str) -> Counter:
    """The player's pool as a count of each kind of mana."""
    pool: Counter = Counter()
    for m in board.pool(player):
        pool[(m.type, m.snow, _words(m.spend_only, m.spend_abilities), ())] += m.amount
    return pool


def may_use(restricted: tuple[str, ...], spell_types: frozenset[str], cost: ManaCost,
            ability_of: Permanent | None) -> bool:
    """:func:`ability_may_use` for an activated ability of ``ability_of``, else :func:`spell_may_use`."""
    if ability_of is not None:
        return ability_may_use(restricted, ability_of, cost)
    return spell_may_use(restricted, spell_types, cost)


def source_values(board: Board, player: str, cost: ManaCost, spell_types: frozenset[str],
                  cast: str | None = None, ability_of: Permanent | None = None) -> dict[str, tuple[int, int]]:
    """Per source, the most mana one activation could make now and the number of types its
    activations could make, each activation tried alone with any mana cost paid (a pool of
    every type), mana the spell may not use (106.6) left out: what keeping it untouched keeps."""
    rich = Counter({(t, False, (), ()): 16 for t in TYPES})
    start = State(tuple(sorted(rich.items())), frozenset(p.id for p in board.permanents if p.tapped),
                  frozenset(), frozenset(), frozenset(), (), 0, frozenset())
    made: list = []
    for _ in _activations(board, player, board.player(player).life, start, None, cast=cast, made=made):
        pass
    out: dict[str, tuple[int, set]] = {}
    for source, words, b in made:
        if may_use(words, spell_types, cost, ability_of):
            most, kinds = out.get(source, (0, set()))
            out[source] = (max(most, len(b)), kinds | set(b))
    return {p: (n, len(k)) for p, (n, k) in out.items()}


def spare(values: dict[str, tuple[int, int]], touched) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """What the sources used could make: the most mana, then the types (smaller is better)."""
    return (sum(values.get(p, (0, 0))[0] for p in touched), sum(values.get(p, (0, 0))[1] for p in touched))


def cards_used(counters: tuple) -> int:
    """Cards the costs took from a hand, library or graveyard."""
    return sum(n for key, n in counters if key[0] == "cards")


def best_payment(board: Board, player: str, cost: ManaCost, keep: tuple[ManaCost, ...] = (),
                 maximize_x: bool = False, spell_types: frozenset[str] | None = None,
                 cast: str | None = None, relax: bool = False, mana_from: frozenset[str] | None = None,
                 ability_of: Permanent | None = None) -> tuple[int, ...] | None:
    """The best objective vector (keep kept, X, life, non-Treasure sacrifices, Treasure
    sacrifices, cards used, creatures tapped, permanents used, mana floating, what the sources
    used could make: mana, types) over every payment, or ``None`` when the cost can't be
    paid. Kept and X are negated so smaller is better. ``cast``: the name of the card paid
    for (in the hand: on the stack, 601.2a);
    ``relax``: a cost this planner does not pay is taken as paid on an ability used at most once;
    ``mana_from``: the spell's own restriction on its mana's makers (113.6e); ``ability_of``: the cost
    is an activated ability of that permanent (602.2b)."""
    life_total = board.player(player).life
    start_pool = _start_pool(board, player)
    start = State(tuple(sorted(start_pool.items(), key=repr)), frozenset(p.id for p in board.permanents if p.tapped),
                  frozenset(), frozenset(), frozenset(), (), 0, frozenset())
    x_count = sum(1 for s in cost.symbols if s.variable)
    symbols = tuple(s for s in cost.symbols if not s.variable)
    types = spell_types if spell_types is not None else frozenset()

    def usable(u: Unit) -> bool:
        return may_use(u[2], types, cost, ability_of) and made_by_ok(u, mana_from)

    mine = frozenset(p.id for p in board.controlled_by(player)) | {c.id for c, _ in _zone_cards(board, player, cast)}
    values = source_values(board, player, cost, types, cast, ability_of)
    best: tuple[int, ...] | None = None
    keep_cache: dict = {}
    for s in _states(board, player, life_total, start, None, cast=cast, relax=relax):
        pool = Counter(dict(s.pool))
        for life, x, floating in pay_spell(symbols, x_count, pool, life_total - s.life, usable, maximize_x,
                                           _prepared(board, player)[1]):
            paid_life = s.life + life
            heavy = sum(1 for p in s.sacrificed if not mana_only(board.permanent(p)))
            light = len(s.sacrificed) - heavy
            tail = (-x, paid_life, heavy, light, cards_used(s.counters), len(s.creatures), len(s.touched), floating,
                    *spare(values, s.touched))
            if best is not None and (-len(keep),) + tail >= best:
                continue  # can't win even with every kept cost payable
            kept = 0
            for k in keep:
                key = (k, s.touched, paid_life, s.counters)
                if key not in keep_cache:
                    keep_cache[key] = can_pay_from(board, player, k, mine - s.touched, life_total - paid_life,
                                                   s.counters, cast, relax)
                kept += keep_cache[key]
            vec = (-kept,) + tail
            if best is None or vec < best:
                best = vec
    return best


def most_mana(board: Board, player: str, cost: ManaCost, spell_types: frozenset[str] | None = None,
              cast: str | None = None) -> int:
    """The most mana that may pay ``cost`` the player can have in the pool at once, over every
    reachable state (106.6: restricted mana counts only where it may pay)."""
    start_pool = _start_pool(board, player)
    start = State(tuple(sorted(start_pool.items())), frozenset(p.id for p in board.permanents if p.tapped),
                  frozenset(), frozenset(), frozenset(), (), 0, frozenset())
    types = spell_types if spell_types is not None else frozenset()
    return max(sum(n for u, n in s.pool if spell_may_use(u[2], types, cost))
               for s in _states(board, player, board.player(player).life, start, None, cast=cast))


def replay(board: Board, player: str, cost: ManaCost, result, cast: str | None = None,
           spell_types: frozenset[str] = frozenset(), mana_from: frozenset[str] | None = None,
           ability_of: Permanent | None = None) -> tuple[int, ...]:
    """Carry out a solver plan and return its objective vector (as :func:`best_payment`);
    raises AssertionError on any step the rules don't allow."""
    life_total = board.player(player).life
    pool: list[tuple[str, bool, tuple[str, ...], str]] = [
        (m.type, m.snow, _words(m.spend_only, m.spend_abilities), "pool") for m in board.pool(player)
        for _ in range(m.amount)]
    tapped = {p.id for p in board.permanents if p.tapped}
    gone: set[str] = set()
    touched: set[str] = set()
    creatures: set[str] = set()
    used: Counter = Counter()
    exiled: set[str] = set()
    life = 0
    cards = {c.id: (c, zone) for c, zone in _zone_cards(board, player, cast)}
    for a in result.activations:
        zone = None
        if a.source in cards:
            perm, zone = cards[a.source]
            assert a.source not in exiled, f"{a.source} is already exiled"
            exiled.add(a.source)
        else:
            perm = effective_board(board)[0].permanent(a.source)
            assert perm.controller == player and a.source not in gone, f"{a.source} is not available"
        ability = next(ab for ab in perm.mana_abilities if ab.text == a.ability)
        assert known_costs(ability), f"{a.source}: a cost the planner does not pay"
        for part in ability.costs:
            if part.kind in ("discard", "mill", "exile_card", "exile_self"):
                where = {"discard": "hand", "mill": "library"}.get(part.kind) or part.what or zone
                used[where] += 1 if part.kind == "exile_self" else part.amount
                assert used[where] <= zone_size(board, player, where, cast), f"not enough cards in the {where}"
            elif part.kind == "remove_counters":
                n = a.x if part.variable else part.amount
                assert n is not None
                used[(a.source, part.what)] += n
                assert used[(a.source, part.what)] <= perm.counters.get(part.what or "", 0), "not enough counters"
            elif part.kind == "energy":  # 107.14
                used["energy"] += part.amount
                assert used["energy"] <= board.player(player).energy, "not enough energy counters"
            elif part.kind == "tap_untapped":  # 701.26a
                assert len(a.tapped) == part.amount, f"{a.source} taps {a.tapped}"
                for q in a.tapped:
                    other = board.permanent(q)
                    assert q not in tapped and q not in gone and other.controller == player, f"{q} can't be tapped"
                    assert _has_words(other, (part.what or "").split()), f"{q} is not a {part.what}"
                    tapped.add(q)
                    touched.add(q)
                    if other.is_creature:
                        creatures.add(q)
        if ability.taps:
            assert a.source not in tapped and can_tap(perm), f"{a.source} can't tap"
            tapped.add(a.source)
        if ability.untaps:
            assert a.source in tapped and can_tap(perm), f"{a.source} can't untap"
            tapped.discard(a.source)
        if (ability.taps or ability.untaps) and perm.is_creature:
            creatures.add(a.source)
        assert not ability.life_cost or life + ability.life_cost <= life_total, "life beyond the life total (119.4)"
        life += ability.life_cost + ability.damage + ability.life_loss  # it resolves at once (605.3b)
        life += tapped_harm(board, perm) if ability.taps else 0
        # the activation's mana cost is paid from the pool with unrestricted mana
        units = list(a.paid_with)
        for u in units:
            match = next((p for p in pool if p[0] == u.type and not p[2] and p[3] == u.key), None)
            assert match is not None, f"{a.source}: {u.type} from {u.key} is not in the pool"
            pool.remove(match)
        _check_pays(ability.mana_cost, [u.type for u in units], white_any_of(board, player))
        if a.sacrificed:
            assert a.sacrificed not in gone
            gone.add(a.sacrificed)
            touched.add(a.sacrificed)
        touched.add(a.source)
        assert tuple(sorted(a.mana)) in bundles(effective_board(board)[0] if zone is None else board, perm, ability,
                                                a.x), f"{a.source} can't make {a.mana}"
        snow = perm.is_snow if zone is None else "snow" in {t.lower() for t in perm.card.supertypes}
        words = _words(ability.spend_only, ability.spend_abilities) if zone is not None else _words(
            _chosen(perm, ability.spend_only), _chosen(perm, ability.spend_abilities))
        for t in a.mana:
            pool.append((t, snow, words, a.key))
    phyrexian_life = 0
    x_total = 0
    for sp in result.assignment:
        if sp.life:
            phyrexian_life += sp.life
            continue
        for u in sp.mana:
            match = next((p for p in pool if p[0] == u.type and p[3] == u.key and p[1] == u.snow), None)
            assert match is not None, f"{sp.symbol}: {u.type} from {u.key} is not in the pool"
            assert may_use(match[2], spell_types, cost, ability_of), f"{sp.symbol}: {u.key}'s mana is restricted"
            pool.remove(match)
            maker = board.permanent(u.source) if board.has_permanent(u.source) else None
            kinds = tuple(sorted(maker.types | maker.supertypes)) if maker is not None else ()
            assert made_by_ok((u.type, u.snow, (), kinds), mana_from), f"{u.source}'s mana can't pay this spell"
        if sp.symbol == "{X}":
            x_total += len(sp.mana)
            continue
        sym = ManaSymbol.parse(sp.symbol[1:-1])
        types = [u.type for u in sp.mana]
        if sym.snow:
            assert len(sp.mana) == 1 and sp.mana[0].snow, "{S} needs snow mana"
        elif sym.is_generic:
            assert len(types) == sym.generic, f"{sp.symbol} paid with {types}"
        elif sym.alt_generic and len(types) == sym.alt_generic and len(types) > 1:
            pass
        else:
            assert len(types) == 1 and may_pay(types[0], sym.options, white_any_of(board, player)), \
                f"{sp.symbol} paid with {types}"
    assert not phyrexian_life or life + phyrexian_life <= life_total, "Phyrexian life beyond the life total"
    paid = Counter(sp.symbol for sp in result.assignment)
    want = Counter(str(s) for s in cost.symbols if not s.variable) + Counter(
        {"{X}": sum(1 for s in cost.symbols if s.variable)})
    assert +paid == +want, f"assignment covers {paid}, cost is {want}"
    if result.x is not None:
        assert x_total == result.x * sum(1 for s in cost.symbols if s.variable)
    heavy = sum(1 for p in gone if not mana_only(board.permanent(p)))
    kept = sum(ok for _, ok in result.kept)
    cards_taken = sum(n for k, n in used.items() if k in ("hand", "library", "graveyard"))
    return (-kept, -(result.x or 0), life + phyrexian_life, heavy, len(gone) - heavy, cards_taken, len(creatures),
            len(touched), len(pool), *spare(source_values(board, player, cost, spell_types, cast, ability_of), touched))


def _check_pays(cost: ManaCost, types: list[str], white_any: bool = False) -> None:
    """The units pay the activation's mana cost exactly (some assignment exists)."""
    symbols = list(cost.symbols)

    def rec(k: int, left: list[str]) -> bool:
        if k == len(symbols):
            return not left
        s = symbols[k]
        if s.is_generic:
            return len(left) >= s.generic and any(
                rec(k + 1, [t for j, t in enumerate(left) if j not in combo])
                for combo in itertools.combinations(range(len(left)), s.generic))
        if s.alt_generic and len(left) >= s.alt_generic and any(
                rec(k + 1, [t for j, t in enumerate(left) if j not in combo])
                for combo in itertools.combinations(range(len(left)), s.alt_generic)):
            return True
        return any(rec(k + 1, left[:j] + left[j + 1:]) for j, t in enumerate(left)
                   if may_pay(t, s.options, white_any))

    assert rec(0, list(types)), f"{types} does not pay {cost}"


def payment_outcomes(board: Board, player: str, cost: ManaCost) -> set[tuple[frozenset[str], tuple[str, ...]]]:
    """Every way paying ``cost`` (no X, no {S}) can leave the board, played out: every set of
    mana abilities activated (605.3), then the cost paid from the pool (601.2h), as the
    permanents tapped and the types of the mana left in the pool (106.4)."""
    before = frozenset(p.id for p in board.permanents if p.tapped)
    start = State(tuple(sorted(_start_pool(board, player).items())), before, frozenset(), frozenset(), frozenset(),
                  (), 0, frozenset())
    out: set[tuple[frozenset[str], tuple[str, ...]]] = set()
    for s in _states(board, player, board.player(player).life, start, None):
        for left in _pay_ability_cost(cost, Counter(dict(s.pool))):
            out.add((s.tapped - before, tuple(sorted(u[0] for u in left.elements()))))
    return out
