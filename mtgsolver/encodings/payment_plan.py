"""Reading a solved payment model back as a plan that can be carried out (CR 601.2g-h, 605.3).

The plan lists activations in an executable order: activations without a mana cost first
(those that sacrifice a permanent after every other activation of that permanent), then the
ranked ones by rank, so each activation's mana cost is paid from mana already in the pool.
Every mana unit is then assigned to the symbol it pays: costs of activations first, then the
spell's {S} symbols from snow mana, its other colored symbols, and its generic mana.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mtgsolver.encodings.payment import Layer, PaymentModel, SymbolPay
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.rules.mana_sources import Instance

__all__ = ["Activation", "ManaUnit", "SymbolPayment", "read_plan"]


@dataclass(frozen=True)
class ManaUnit:
    """One mana: its type, the permanent (or ``"pool"``) that made it, whether a snow
    source made it, and the activation ``key`` that made it."""

    type: str
    source: str
    snow: bool = False
    key: str = "pool"

    def to_dict(self) -> dict[str, object]:
        return {"type": self.type, "from": self.source, "snow": self.snow}


@dataclass(frozen=True)
class Activation:
    """One mana ability activation of the plan: ``source`` permanent (or card in a hand or
    graveyard), ``ability`` text, the mana it makes, what pays its own costs, the permanent it
    sacrifices, the permanents it taps for its cost (``tapped``) and what else its costs take
    (``uses``: cards from a zone, counters, as ``(noun, amount)``)."""

    key: str
    source: str
    ability: str
    mana: tuple[str, ...]
    paid_with: tuple[ManaUnit, ...] = ()
    life: int = 0
    sacrificed: str | None = None
    taps: bool = False
    untaps: bool = False
    damage: int = 0
    tapped: tuple[str, ...] = ()
    uses: tuple[tuple[str, int], ...] = ()
    x: int | None = None  # the X of "Remove X counters" (107.3a)

    def to_dict(self) -> dict[str, object]:
        return {"source": self.source, "ability": self.ability,
                "mana": "".join("{" + t + "}" for t in self.mana),
                "paid_with": [u.to_dict() for u in self.paid_with], "life": self.life,
                "sacrificed": self.sacrificed, "taps": self.taps, "untaps": self.untaps,
                "damage": self.damage, "tapped": list(self.tapped),
                "uses": [{"what": noun, "amount": n} for noun, n in self.uses], "x": self.x}

    def costs_note(self) -> str:
        """``, tapping druid, removing 2 storage counter on pools`` for answers ("" if none)."""
        parts = [f"tapping {', '.join(self.tapped)}"] if self.tapped else []
        parts += [f"using {n} {noun}" for noun, n in self.uses]
        return "".join(f", {p}" for p in parts)


@dataclass(frozen=True)
class SymbolPayment:
    """How one symbol of the cost is paid: the mana units, or life (107.4f)."""

    symbol: str
    mana: tuple[ManaUnit, ...] = ()
    life: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"symbol": self.symbol, "mana": [u.to_dict() for u in self.mana], "life": self.life}


Value = Callable[[object], int]


def _order(layer: Layer, value: Value) -> list[Instance]:
    active = [i for i in layer.instances if value(layer.act[i.key])]
    # life costs before damage (119.4), sacrifices after the sacrificed permanent's own activations
    roots = sorted((i for i in active if i.key not in layer.rank),
                   key=lambda i: (i.sacrificed is not None, i.damage > 0, -i.life, i.key))
    ranked = sorted((i for i in active if i.key in layer.rank), key=lambda i: (value(layer.rank[i.key]), i.key))
    return roots + ranked


def _costs(layer: Layer, inst: Instance, value: Value,
           ) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...], int | None]:
    """The permanents the activation taps for its cost, what its chosen option's costs take,
    and the X of "Remove X counters"."""
    tapped = tuple(pid for pid in inst.tap_candidates if value(layer.tap_sel[(inst.key, pid)]))
    variable = [c for c in inst.ability.costs if c.kind == "remove_counters" and c.variable]
    x = 0 if variable else None
    uses: dict[str, int] = {}
    for o, lit in zip(inst.options, layer.modes[inst.key]):
        if value(lit):
            for res, n in o.uses:
                if n:
                    uses[res.noun] = uses.get(res.noun, 0) + n
                if variable and res.key == f"counters:{inst.source}:{variable[0].what}":
                    x = n
    return tapped, tuple(uses.items()), x


def _made(layer: Layer, inst: Instance, value: Value) -> list[str]:
    out: list[str] = []
    for k, (o, lit) in enumerate(zip(inst.options, layer.modes[inst.key])):
        if not value(lit):
            continue
        for t, n in zip(MANA_TYPES, o.fixed):
            out += [t] * n
        for t in o.free_types:
            if (inst.key, k, t) in layer.free:
                out += [t] * value(layer.free[(inst.key, k, t)])
    return sorted(out, key=MANA_TYPES.index)


class _Units:
    """Unspent mana units, taken deterministically (non-snow first, then oldest)."""

    def __init__(self) -> None:
        self.units: list[tuple[ManaUnit, bool, bool]] = []  # unit, free root/pool, unrestricted

    def add(self, unit: ManaUnit, root: bool, unrestricted: bool) -> None:
        self.units.append((unit, root, unrestricted))

    def take(self, t: str | None, n: int, *, source: str | None = None, root: bool = False,
             snow: bool | None = None) -> list[ManaUnit]:
        out: list[ManaUnit] = []
        for prefer_snow in ((False, True) if snow is None else (snow,)):
            for entry in list(self.units):
                if len(out) == n:
                    return out
                unit, is_root, unrestricted = entry
                if (t is None or unit.type == t) and unit.snow == prefer_snow \
                        and (source is None or unit.key == source) and (not root or (is_root and unrestricted)):
                    self.units.remove(entry)
                    out.append(unit)
        if len(out) != n:
            raise AssertionError(f"plan read-back: missing {n - len(out)} {t} mana")
        return out


def _pay(pays: list[SymbolPay], generic: dict[str, object], units: list[ManaUnit], value: Value,
         spell_x: tuple[int, int] | None = None) -> list[SymbolPayment]:
    """Split ``units`` (already the right mana) over the symbols, in the cost's order."""
    pool = list(units)

    def grab(t: str | None, n: int, snow_first: bool = False) -> tuple[ManaUnit, ...]:
        picked: list[ManaUnit] = []
        for want_snow in ((True, False) if snow_first else (False, True)):
            for u in list(pool):
                if len(picked) < n and (t is None or u.type == t) and u.snow == want_snow:
                    pool.remove(u)
                    picked.append(u)
        return tuple(picked)

    out: list[tuple[int, SymbolPayment]] = []
    order = sorted(range(len(pays)), key=lambda k: (0 if pays[k].symbol.snow else 1 if pays[k].ways else 2, k))
    generic_left = {t: value(v) for t, v in generic.items()}
    for k in order:
        p = pays[k]
        if p.literal is not None and not value(p.literal):
            continue
        if not p.ways:
            for _ in range(p.count):
                units_for: list[ManaUnit] = []
                for t in MANA_TYPES:
                    while generic_left[t] and len(units_for) < p.symbol.generic:
                        units_for += grab(t, 1)
                        generic_left[t] -= 1
                out.append((k, SymbolPayment(str(p.symbol), tuple(units_for))))
            continue
        left = {w: value(v) for w, v in p.ways.items()}
        for _ in range(p.count):
            way = next(w for w in p.ways if left[w] > 0)
            left[way] -= 1
            if way == "life":
                out.append((k, SymbolPayment(str(p.symbol), (), 2)))
            elif way == "2":
                units_for = []
                for t in MANA_TYPES:
                    while generic_left[t] and len(units_for) < p.symbol.alt_generic:
                        units_for += grab(t, 1)
                        generic_left[t] -= 1
                out.append((k, SymbolPayment(str(p.symbol), tuple(units_for))))
            else:
                out.append((k, SymbolPayment(str(p.symbol), grab(way, 1, snow_first=p.symbol.snow))))
    if spell_x is not None:
        x, count = spell_x
        for _ in range(count):
            units_for = []
            for t in MANA_TYPES:
                while generic_left[t] and len(units_for) < x:
                    units_for += grab(t, 1)
                    generic_left[t] -= 1
            out.append((len(pays), SymbolPayment("{X}", tuple(units_for))))
    return [sp for _, sp in sorted(out, key=lambda kv: kv[0])]


def read_plan(pm: PaymentModel, value: Value, x: int, x_count: int,
              ) -> tuple[list[Activation], list[SymbolPayment], list[ManaUnit]]:
    """The ordered activations, the payment of each symbol, and the mana left floating."""
    layer = pm.main
    units = _Units()
    for u in pm.pool:
        for _ in range(u.amount):
            units.add(ManaUnit(u.type, "pool", u.snow), True, u.spend_only is None)
    usable_pool = [ManaUnit(u.type, "pool", u.snow) for u, ok in zip(pm.pool, pm.pool_usable) if not ok
                   for _ in range(u.amount)]
    activations: list[Activation] = []
    for inst in _order(layer, value):
        paid: list[ManaUnit] = []
        if inst.mana_cost.symbols:
            for (i_key, j_key, t), f in sorted(layer.flows.items()):
                if j_key == inst.key and value(f):
                    paid += units.take(t, value(f), source=i_key)
            for t in MANA_TYPES:
                n = value(layer.root_in[(inst.key, t)])
                if n:
                    paid += units.take(t, n, root=True)
        made = _made(layer, inst, value)
        for t in made:
            units.add(ManaUnit(t, inst.source, inst.snow, inst.key), inst.key not in layer.rank,
                      inst.restricted is None)
        activations.append(Activation(inst.key, inst.source, inst.ability.text, tuple(made), tuple(paid),
                                      inst.life, inst.sacrificed, inst.taps, inst.untaps, inst.damage,
                                      *_costs(layer, inst, value)))
    # the spell takes {S} mana from snow units, then the rest
    spell_units: list[ManaUnit] = []
    for p in layer.spell_pay:
        if p.symbol.snow and (p.literal is None or value(p.literal)):
            for t, v in p.ways.items():
                spell_units += units.take(t, value(v), snow=True)
    for t in MANA_TYPES:
        n = sum(value(p.ways[t]) for p in layer.spell_pay if not p.symbol.snow and t in p.ways
                and (p.literal is None or value(p.literal))) + value(layer.generic_use[t])
        spell_units += _take_spell(units, t, n, usable_pool)
    assignment = _pay(layer.spell_pay, layer.generic_use, spell_units, value, (x, x_count) if x_count else None)
    floating = [u for u, _, _ in units.units]
    return activations, assignment, floating


def _take_spell(units: _Units, t: str, n: int, unusable: list[ManaUnit]) -> list[ManaUnit]:
    """Take ``n`` mana of type ``t`` for the spell, skipping pool mana it may not use."""
    out: list[ManaUnit] = []
    blocked = list(unusable)
    for entry in list(units.units):
        unit = entry[0]
        if len(out) == n:
            break
        if unit.type != t:
            continue
        if unit in blocked:
            blocked.remove(unit)
            continue
        units.units.remove(entry)
        out.append(unit)
    if len(out) != n:
        raise AssertionError(f"plan read-back: missing {n - len(out)} {t} mana for the spell")
    return out
