"""Mana production: type-changing effects, replacement effects, "tapped for mana" triggers.

What an ability adds (a *production event*) is worked out in three steps:

1. **Continuous effects** (613): type-changing effects (305.7, 613.1d) such as Celestial
   Dawn's ``{lands_are: plains}`` and granted mana abilities (613.1f) are applied by
   :mod:`mtgsolver.rules.layers` when the board is prepared (:func:`mtgsolver.load.prepare`);
   the other steps look at that board (:func:`type_changes`).
2. **Replacement effects** on the event (614, 616), all of which need the ability to be
   "tapped for mana" (a {T} in its cost, 106.12, 106.12b): ``{lands_tap_for: B}``
   (Contamination: any land makes one {B} instead of any other type and amount),
   ``basic_lands_tap_for_any_color`` (Pulse of Llanowar: the controller's basic lands make
   the same amount of one color of their choice), ``mana_doubler`` (Mana Reflection: the
   permanents its controller taps make twice as much), ``lands_tapped_for_two_or_more_make_c``
   (Damping Sphere: a land tapped for two or more mana makes {C} instead). Each applies once (614.5) and the
   affected permanent's controller picks the order (616.1e); for 106.7 every order counts,
   so the outcome is the union over orders.
3. **Triggers** on "tapped for mana" (106.12a, 605.1b): ``{mana_trigger: {tapped, adds, of_type}}``
   fire only when a {T} mana ability resolves and produces mana (of ``of_type`` if given):
   Heartbeat of Spring / Mana Flare (``tapped: lands, adds: same_type``: one more mana of a type
   that land produced), Wild Growth / Overgrowth / Utopia Sprawl (``tapped: enchanted``,
   ``adds: "{G}"``). Their mana comes from the trigger's source, so it is added after the
   replacement effects, which don't change it (Mana Reflection and Contamination rulings),
   and it does not count for what the land "could produce" (106.7).

:func:`effective_product` is what the payment solver uses: an ability's product with
reflection resolved (106.7, via :mod:`mtgsolver.rules.mana_graph`) and steps 1-3 applied.
"""
from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable, Mapping

from mtgsolver.model.board import Board
from mtgsolver.model.limits import check_mana, color_combinations
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.model.mana_abilities import (
    Amount,
    AnyColor,
    Bundle,
    Choice,
    ChosenColor,
    CommanderColors,
    Conditional,
    Counted,
    Fixed,
    ManaAbility,
    ManaTrigger,
    OwnColors,
    Product,
    Reflect,
    bundle_of,
)
from mtgsolver.model.permanent import Permanent
from mtgsolver.rules.mana_graph import FixedPoint, ability_node, build_graph, least_fixed_point, permanent_node

if TYPE_CHECKING:  # pragma: no cover - networkx loads on first graph (fast start)
    import networkx as nx

__all__ = [
    "base_bundles",
    "replace_all",
    "resolve_product",
    "Production",
    "Replacement",
    "amount_of",
    "analyse",
    "bundles_to_product",
    "effective_product",
    "sacrifice_product",
    "trigger_watches",
    "type_changes",
    "with_x",
    "spend_types",
    "spends_white_as_any_color",
]

COLORS = MANA_TYPES[:5]


@dataclass(frozen=True)
class Replacement:
    """A replacement effect on a "tapped for mana" event (106.12b, 614.1a)."""

    source: str  # permanent id
    source_name: str
    controller: str
    kind: str  # lands_tap_for | basic_lands_tap_for_any_color | mana_doubler | lands_tapped_for_two_or_more_make_c
    mana: str | None = None

    def applies(self, perm: Permanent, ability: ManaAbility) -> bool:
        # only "tapped for mana" (106.12): not Squandered Resources' sacrifice
        return ability.taps and self.covers(perm)

    def covers(self, perm: Permanent) -> bool:
        """Whether tapping ``perm`` for mana is an event this effect replaces."""
        if self.kind in ("lands_tap_for", "lands_tapped_for_two_or_more_make_c"):
            return perm.is_land
        if self.kind == "basic_lands_tap_for_any_color":
            return perm.is_land and perm.is_basic and perm.controller == self.controller
        return perm.controller == self.controller  # mana_doubler: "if you tap a permanent"

    def replace(self, bundle: Bundle) -> frozenset[Bundle]:
        """The events this one may become (614.7: no mana, nothing to replace)."""
        if not bundle:
            return frozenset({bundle})
        if self.kind == "lands_tap_for":
            return frozenset({(self.mana,)})  # type: ignore[arg-type]
        if self.kind == "lands_tapped_for_two_or_more_make_c":  # Damping Sphere
            return frozenset({("C",)} if len(bundle) >= 2 else {bundle})
        if self.kind == "basic_lands_tap_for_any_color":
            return frozenset((c,) * len(bundle) for c in COLORS)
        return frozenset({bundle_of(bundle + bundle)})

    def describe(self) -> str:
        what = {"lands_tap_for": f"a land tapped for mana produces {{{self.mana}}} instead of any other type and amount",
                "basic_lands_tap_for_any_color": f"a basic land {self.controller} controls tapped for mana produces "
                                                 "mana of one color of their choice instead",
                "mana_doubler": f"a permanent {self.controller} taps for mana produces twice as much",
                "lands_tapped_for_two_or_more_make_c": "a land tapped for two or more mana produces {C} instead of any "
                                                       "other type and amount"}[self.kind]
        return f"{self.source} ({self.source_name}): {what} (614.1a)"


@functools.lru_cache(maxsize=4096)
def replace_all(bundle: Bundle, effects: tuple[Replacement, ...]) -> frozenset[Bundle]:
    """Every outcome of applying ``effects`` to one event, each once, in any order
    (614.5, 616.1e-f; 106.7 "in any possible order"). Equal effects are not reordered."""
    kinds = tuple(sorted({(e.kind, e.mana) for e in effects}, key=str))
    counts0 = tuple(sum(1 for e in effects if (e.kind, e.mana) == k) for k in kinds)
    proto = {(e.kind, e.mana): e for e in effects}
    memo: dict[tuple[Bundle, tuple[int, ...]], frozenset[Bundle]] = {}

    def go(b: Bundle, counts: tuple[int, ...]) -> frozenset[Bundle]:
        key = (b, counts)
        if key in memo:
            return memo[key]
        if not any(counts):
            out = frozenset({b})
        else:
            acc: set[Bundle] = set()
            for i, n in enumerate(counts):
                if n:
                    rest = counts[:i] + (n - 1,) + counts[i + 1:]
                    for nb in proto[kinds[i]].replace(b):
                        acc |= go(nb, rest)
            out = frozenset(acc)
        memo[key] = out
        return out

    return go(bundle, counts0)


# --------------------------------------------------------------------------- type changes
def type_changes(board: Board) -> dict[str, str]:
    """For each land of a prepared board (:func:`mtgsolver.load.prepare`) whose land types a
    "becomes [basic land type]" effect changed (305.7: Celestial Dawn, Blood Moon), the id of
    the source of the latest such effect (613.7)."""
    changed: dict[str, str] = {}
    for pid, changes in (board.layers.changes if board.layers is not None else {}).items():
        for change in changes:
            if change.layer == "4" and "305.7" in change.what:
                changed[pid] = change.source
    return changed


# --------------------------------------------------------------------------- analysis
def _count(board: Board, perm: Permanent, product: Counted) -> int:
    return _count_of(board, perm.controller if product.whose != "all" else None, product.per)


def _count_of(board: Board, controller: str | None, per: str) -> int:
    return board.memo(("count", controller, per), lambda: sum(
        1 for q in board.permanents if (controller is None or q.controller == controller)
        and (per in q.types or per in q.subtypes or per == "permanent")))


def resolve_product(board: Board, perm: Permanent, product: Product) -> Product:
    """Products the board completes: "the chosen color" from ``perm.chosen_color`` (none
    chosen: that part's type is undefined and makes no mana, 106.7) and :class:`Amount`
    from counters, power or permanents counted (a negative amount makes no mana, 107.1b)."""
    if isinstance(product, ChosenColor):
        options = list(product.alternatives) + ([(perm.chosen_color,)] if perm.chosen_color else [])
        options = list(dict.fromkeys(options))
        if not options:
            return Fixed(())
        return Fixed(options[0]) if len(options) == 1 else Choice(tuple(options))
    if isinstance(product, CommanderColors):  # 903.4f: no commander, no mana
        identity = board.player(perm.controller).commander_identity or frozenset()
        colors = [(c,) for c in COLORS if c in identity]
        return Fixed(()) if not colors else Fixed(colors[0]) if len(colors) == 1 else Choice(tuple(colors))
    if isinstance(product, OwnColors):  # its colors now (613.1e); colorless: undefined, no mana (106.7)
        own = [(c,) for c in COLORS if c in {col.value for col in perm.colors}]
        return Fixed(()) if not own else Fixed(own[0]) if len(own) == 1 else Choice(tuple(own))
    if isinstance(product, Conditional):  # 614.1a: "add ... instead" when the condition holds
        holds = product.condition.holds(board.controlled_by(perm.controller), perm,
                                        board.turn.lands_played.get(perm.controller, 0))
        return resolve_product(board, perm, product.instead if holds else product.otherwise)
    if isinstance(product, Amount) and product.count == "removed":
        # the amount is chosen as the cost is paid; 106.7 ignores costs, so the types are those
        # of one counter removed (payment excludes the variable cost before reading amounts)
        return Fixed(product.base + product.mana)
    if isinstance(product, Amount):
        n = amount_of(board, perm, product)
        check_mana(len(product.base) + n * max(1, len(product.mana)), f"{perm.name} ({perm.id})")
        if n <= 0:
            return Fixed(())
        if product.any_color or product.combination:
            return AnyColor(n, combination=product.combination)
        return Fixed(product.base + product.mana * n)
    return product


_BASIC_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def amount_of(board: Board, perm: Permanent, product: Amount) -> int:
    """The number an :class:`Amount` counts on the board (not ``removed``, chosen on payment)."""
    mine = board.controlled_by(perm.controller)
    words = product.what.split()
    if product.count == "counters":
        return perm.counters.get(product.what, 0)
    if product.count == "power":
        return max(0, perm.power or 0)
    if product.count == "life":  # 119
        return board.player(perm.controller).life
    if product.count == "greatest_power":
        return max((q.power or 0 for q in mine if all(w in q.types for w in words)), default=0)
    if product.count == "domain":  # 305.6: basic land types among lands you control
        return len(_BASIC_TYPES & frozenset().union(*(q.subtypes for q in mine if q.is_land)))
    if product.count == "devotion":  # 700.5: hybrid and Phyrexian symbols count too
        return sum(1 for q in mine if q.mana_cost for s in q.mana_cost.symbols if product.what in s.options)
    if product.count == "graveyard":  # 404: the cards the board lists
        zones = board.zones.get(perm.controller)
        cards = zones.graveyard if zones is not None else ()
        return sum(1 for c in cards if all(
            _COLOR_WORDS.get(w) in {x.value for x in c.card.derived_colors} if w in _COLOR_WORDS
            else w in {t.lower() for t in (*c.card.types, *c.card.subtypes, *c.card.supertypes)} for w in words))
    return sum(1 for q in board.permanents if (product.whose != "you" or q.controller == perm.controller)
               and all(w in q.types | q.subtypes | q.supertypes | q.keywords for w in words)
               and (product.named is None or q.name.lower() == product.named)
               and (product.power_at_least is None or (q.power is not None and q.power >= product.power_at_least)))


def base_bundles(board: Board, perm: Permanent, product: Product) -> frozenset[Bundle] | None:
    """The outcomes of a non-reflecting product before any effect (``None`` for X amounts)."""
    product = resolve_product(board, perm, product)
    if isinstance(product, Fixed):
        return frozenset({bundle_of(product.mana)})
    if isinstance(product, Choice):
        return frozenset(bundle_of(o) for o in product.options)
    if isinstance(product, AnyColor):
        if product.amount < 0:
            return None
        if product.combination:
            return frozenset(bundle_of(c) for c in color_combinations(product.among, product.amount))
        return frozenset((c,) * product.amount for c in product.among)
    if isinstance(product, Counted):
        n = _count(board, perm, product)
        check_mana(n * len(product.mana), f"{perm.name} ({perm.id})")
        return frozenset({bundle_of(product.mana * n)})
    raise TypeError(f"{product!r} has no fixed outcomes")


def bundles_to_product(bundles: Iterable[Bundle]) -> Product:
    """The simplest product offering exactly these outcomes (``Fixed(())``: no mana)."""
    opts = {b for b in bundles if b} or {()}
    if len(opts) == 1:
        return Fixed(next(iter(opts)))
    sizes = {len(b) for b in opts}
    if len(sizes) == 1:
        n = sizes.pop()
        if opts == {(c,) * n for c in COLORS}:
            return AnyColor(n, combination=False)
        if len(opts) == math.comb(n + len(COLORS) - 1, n) and opts == {
                bundle_of(c) for c in itertools.combinations_with_replacement(COLORS, n)}:
            return AnyColor(n, combination=True)
    return Choice(tuple(sorted(opts, key=lambda b: (len(b), [MANA_TYPES.index(t) for t in b]))))


@dataclass
class Production:
    """Everything about mana production on one board: the type-changed board, the
    replacement effects and triggers, the 106.7 graph and its least fixed point (built when
    first asked: an ability that reflects nothing and meets no effect needs neither)."""

    board: Board
    effective: Board
    type_changed: Mapping[str, str]
    replacements: tuple[Replacement, ...]
    triggers: tuple[tuple[Permanent, ManaTrigger], ...]

    @functools.cached_property
    def graph(self) -> nx.DiGraph:
        """The 106.7 reference graph (:func:`mtgsolver.rules.mana_graph.build_graph`)."""
        return build_graph(self.effective, _ability_table(self.effective, self.replacements))

    @functools.cached_property
    def fixed_point(self) -> FixedPoint:
        """The types each node could produce (106.7): the graph's least fixed point."""
        return least_fixed_point(self.graph)

    # -- could produce (106.7) ------------------------------------------------------
    def types(self, pid: str) -> frozenset[str]:
        """The types the permanent could produce (106.7)."""
        return self.fixed_point.values.get(permanent_node(pid), frozenset())

    def ability_types(self, pid: str, index: int) -> frozenset[str]:
        return self.fixed_point.values.get(ability_node(pid, index), frozenset())

    def reflected_types(self, pid: str, index: int) -> frozenset[str]:
        """The types a reflecting ability may pick before replacement effects (106.7;
        colors only for "any color", 106.1a)."""
        node = ability_node(pid, index)
        perm = self.effective.permanent(pid)
        ability = perm.mana_abilities[index]
        assert isinstance(ability.product, Reflect)
        seen: set[str] = set()
        for scope in self.graph.successors(node):
            seen |= self.fixed_point.values.get(scope, frozenset())
        return frozenset(t for t in seen if ability.product.kind == "type" or t != "C")

    def replacements_for(self, perm: Permanent, ability: ManaAbility) -> tuple[Replacement, ...]:
        """The replacement effects that apply when this ability resolves (614, 106.12b)."""
        if not self.replacements:
            return ()
        return _applicable(self.replacements, perm, ability)

    def triggers_for(self, perm: Permanent, ability: ManaAbility) -> list[tuple[Permanent, ManaTrigger]]:
        """Triggers that watch this permanent being tapped for mana (106.12a)."""
        if not ability.taps:
            return []
        return [(src, trig) for src, trig in self.triggers if trigger_watches(trig, src, perm)]

    def index_of(self, perm: Permanent, ability: ManaAbility) -> int | None:
        """The ability's index on the type-changed permanent (``None``: lost, 305.7)."""
        abilities = self.effective.permanent(perm.id).mana_abilities
        for i, a in enumerate(abilities):
            if a is ability:
                return i
        for i, a in enumerate(abilities):
            if a == ability:
                return i
        return None

    # -- what one activation adds ---------------------------------------------------
    def outcomes(self, perm: Permanent, ability: ManaAbility, reflected: frozenset[str] | None = None,
                 with_triggers: bool = True, x: int | None = None) -> frozenset[Bundle] | None:
        """Every bundle one activation may add, effects applied (``None``: an X amount).

        ``reflected`` overrides the types a reflecting ability picks from (Squandered
        Resources: what the sacrificed land could produce); ``x`` is the X chosen as the
        cost is paid, the counters removed (107.3a, :func:`with_x`)."""
        perm = self.effective.permanent(perm.id)
        index = self.index_of(perm, ability)
        if index is None:
            return frozenset({()})
        if isinstance(ability.product, Reflect):
            types = self.reflected_types(perm.id, index) if reflected is None else reflected
            if ability.product.kind == "color":
                types = frozenset(t for t in types if t != "C")
            base: frozenset[Bundle] | None = frozenset((t,) for t in types) or frozenset({()})  # 106.5
        else:
            base = base_bundles(self.effective, perm, ability.product if x is None else with_x(ability.product, x))
        if base is None:
            return None
        effects = self.replacements_for(perm, ability)
        events: set[Bundle] = set()
        for b in base:
            events |= replace_all(b, effects)
        if not with_triggers:
            return frozenset(events)
        triggers = self.triggers_for(perm, ability)
        out: set[Bundle] = set()
        for b in events:
            extras: list[set[Bundle]] = []
            for _src, trig in triggers:
                if not b or (trig.of_type and trig.of_type not in b):
                    continue  # 106.12a: fires only when it produced (that type of) mana
                extras.append(trig.extras(b))
            for combo in itertools.product(*extras):
                out.add(bundle_of(b + tuple(itertools.chain.from_iterable(combo))))
        return frozenset(out)


def trigger_watches(trigger: ManaTrigger, source: Permanent, perm: Permanent) -> bool:
    """Whether tapping ``perm`` for mana triggers ``trigger``, an ability of ``source`` (106.12a)."""
    if trigger.on == "enchanted":
        return source.attached_to == perm.id
    if trigger.on in ("lands", "your_lands") and not perm.is_land:
        return False
    if trigger.on.startswith("your_") and perm.controller != source.controller:
        return False
    if not trigger.kinds:
        return True
    words = perm.types | perm.subtypes | perm.supertypes
    return any(not perm.is_land if k == "nonland" else k in words for k in trigger.kinds)


def _applicable(replacements: tuple[Replacement, ...], perm: Permanent, ability: ManaAbility) -> tuple[Replacement, ...]:
    if not replacements or not ability.taps:
        return ()
    return tuple(r for r in replacements if r.covers(perm))


def _ability_table(board: Board, replacements: tuple[Replacement, ...]):
    def table(perm: Permanent, ability: ManaAbility):
        effects = _applicable(replacements, perm, ability)
        if isinstance(ability.product, Reflect):
            allowed = MANA_TYPES if ability.product.kind == "type" else COLORS
            tab = {}
            for t in allowed:
                tab[t] = frozenset(x for b in replace_all((t,), effects) for x in b)
            return frozenset(), MappingProxyType(tab)
        product = ability.product
        if isinstance(product, AnyColor) and product.amount < 0:  # X mana: the types of one (106.7)
            product = replace(product, amount=1)
        if isinstance(product, AnyColor) and product.combination and product.amount > 0:
            # the types an outcome holds depend only on the types of the bundle and its size
            # (each replacement kind), so one-color bundles reach every type (106.7)
            product = replace(product, combination=False)
        base = base_bundles(board, perm, product) or frozenset()
        types: set[str] = set()
        for b in base:
            for nb in replace_all(b, effects):
                types |= set(nb)
        return frozenset(types), None
    return table


def analyse(board: Board) -> Production:
    """The :class:`Production` of a board (kept on the board, :meth:`Board.memo`)."""
    return board.memo("production", lambda: _analysed(board))


def _analysed(board: Board) -> Production:
    effective, changed = board, type_changes(board)
    replacements: list[Replacement] = []
    triggers: list[tuple[Permanent, ManaTrigger]] = []
    for p in effective.permanents:
        for mana in p.values("lands_tap_for"):
            replacements.append(Replacement(p.id, p.name, p.controller, "lands_tap_for", mana))
        for kind in ("basic_lands_tap_for_any_color", "mana_doubler", "lands_tapped_for_two_or_more_make_c"):
            replacements += [Replacement(p.id, p.name, p.controller, kind) for _ in p.statics(kind)]
        own = list(p.values("mana_trigger"))
        concrete = {t.on for t in own if t.mode != "chosen_color"}
        # a board that names Utopia Sprawl's chosen color overrides the card's "chosen color"
        triggers += [(p, t) for t in own if not (t.mode == "chosen_color" and t.on in concrete)]
    return Production(board, effective, MappingProxyType(changed), tuple(replacements), tuple(triggers))


def with_x(product: Product, x: int) -> Product:
    """The product of an ability whose amount is the X chosen as its cost is paid (107.3a), for
    that X: ``Add X mana in any combination of {W} and/or {U}`` (the counters removed) and
    ``Add {C} for each storage counter removed this way`` (:class:`Amount` ``removed``)."""
    if isinstance(product, AnyColor) and product.amount < 0:
        return replace(product, amount=x)
    if isinstance(product, Amount) and product.count == "removed":
        return Fixed(product.base + product.mana * x)
    return product


def effective_product(board: Board, permanent: Permanent, ability: ManaAbility, x: int | None = None) -> Product:
    """What activating ``ability`` of ``permanent`` adds, as a product the payment solver reads.

    Reflecting abilities become the choice of the types the 106.7 graph computed, or
    ``Fixed(())`` (no mana, 106.5) when none is defined; replacement effects (614, 616, in
    any order) and "tapped for mana" triggers (106.12a) are folded in, e.g. a Forest under
    Mana Reflection gives ``Fixed(("G", "G"))`` and one with Wild Growth too. An ability a
    type-changing effect removed (305.7, Celestial Dawn) gives ``Fixed(())``; the land's new
    ability is on ``board.permanent(id)``. A product with nothing to
    apply is returned unchanged (``Counted``, ``X`` amounts without ``x``). ``x``: the X
    chosen as the cost is paid (:func:`with_x`).
    """
    prod = analyse(board)
    perm = prod.effective.permanent(permanent.id)
    index = prod.index_of(perm, ability)
    if index is None:
        return Fixed(())
    if (not isinstance(ability.product, Reflect) and not prod.replacements_for(perm, ability)
            and not prod.triggers_for(perm, ability)):
        return resolve_product(prod.effective, perm, ability.product if x is None else with_x(ability.product, x))
    out = prod.outcomes(perm, ability, x=x)
    if out is None:
        return ability.product
    return bundles_to_product(out)


def sacrifice_product(board: Board, permanent: Permanent, ability: ManaAbility, sacrificed: str) -> Product:
    """Squandered Resources with ``sacrificed`` as the land: one mana of a type that land
    could produce (106.7), nothing if it could produce none (ruling 2004-10-04)."""
    prod = analyse(board)
    return bundles_to_product(prod.outcomes(permanent, ability, reflected=prod.types(sacrificed)) or {()})


# --------------------------------------------------------------------------- spending (609.4b)
def spends_white_as_any_color(board: Board, player: str) -> bool:
    """Whether ``player`` controls a ``spend_white_as_any_color`` permanent (Celestial Dawn):
    white mana may be spent as though it were mana of any color, other mana only as
    though it were colorless (609.4b: the cost and the mana spent don't change)."""
    return any(p.has("spend_white_as_any_color") for p in board.controlled_by(player))


def spend_types(options: Iterable[str], white_as_any_color: bool = False) -> tuple[str, ...]:
    """The mana types that may pay a symbol payable by mana of ``options`` (107.4a-c).

    Under Celestial Dawn (609.4b) white pays any colored option and every other type
    pays only as though it were colorless: a {C} option (118.14), never a colored one.
    Generic mana is paid by any type either way; {S} by any snow mana (107.4h).
    """
    if not white_as_any_color:
        return tuple(options)
    opts = set(options)
    out = set()
    if opts & set(COLORS):
        out.add("W")
    if "C" in opts:
        out |= set(MANA_TYPES) - {"W"}
    return tuple(t for t in MANA_TYPES if t in out)
