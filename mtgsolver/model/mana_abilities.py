"""Mana abilities (CR 605) as data: their costs, what they add, their conditions and riders.

:mod:`mtgsolver.read.grammar.mana` reads them from Oracle text such as ``"{T}: Add {G}."``,
``"{1}, {T}: Add {W}{U}."``, ``"{T}: Add one mana of any color."``, ``"{T}: Add one mana of any
type that a land you control could produce."`` (:class:`Reflect`, 106.7), ``"{T}: Add {G} for each
creature you control."`` (:class:`Counted`), with spending restrictions (106.6), damage to the
controller, activation conditions (602.5b) and riders that happen as the ability resolves and don't
change the payment (``"~ doesn't untap during your next untap step."``), kept in ``extra``.
:class:`ManaTrigger` is a triggered mana ability on "tapped for mana" (106.12a, 605.1b).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from mtgsolver.model.errors import ManaAbilityError
from mtgsolver.model.limits import color_combinations
from mtgsolver.model.mana import MANA_TYPES, ManaCost

__all__ = [
    "AnyColor",
    "Amount",
    "ChosenColor",
    "Choice",
    "CommanderColors",
    "OwnColors",
    "Conditional",
    "Condition",
    "CostPart",
    "Counted",
    "Fixed",
    "ManaAbility",
    "ManaAbilityError",
    "Product",
    "Reflect",
    "Bundle",
    "ManaTrigger",
    "TRIGGER_ON",
    "ACTIVATION_SYMBOL_KINDS",
    "ANY_SOURCE",
    "bundle_of",
    "modelled_cost",
    "show_bundle",
]


@dataclass(frozen=True)
class Fixed:
    """Always the same mana: ``Add {W}{U}`` gives ``("W", "U")``."""

    mana: tuple[str, ...]


@dataclass(frozen=True)
class Choice:
    """One of several fixed bundles: ``Add {W} or {U}``."""

    options: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class AnyColor:
    """``amount`` mana of any color; ``combination`` lets each be a different color,
    otherwise all are one color (``three mana of any one color``)."""

    amount: int = 1
    combination: bool = False
    among: tuple[str, ...] = MANA_TYPES[:5]  # "in any combination of {R} and/or {G}"


@dataclass(frozen=True)
class Counted:
    """``Add {G} for each creature you control``: ``mana`` times the number of
    permanents of type/subtype ``per`` controlled by ``whose`` (``you`` or ``all``)."""

    mana: tuple[str, ...]
    per: str
    whose: str = "you"


@dataclass(frozen=True)
class Reflect:
    """One mana of a type or color that other permanents could produce (106.7).

    ``kind`` is ``"type"`` (W U B R G C) or ``"color"`` (no C). ``scope`` says which
    permanents are looked at: ``lands_you_control``, ``lands_opponents_control``,
    ``permanents_you_control`` or ``sacrificed`` (Squandered Resources).
    """

    kind: str
    scope: str


@dataclass(frozen=True)
class ChosenColor:
    """``Add one mana of the chosen color`` (or ``Add {R} or one mana of the chosen color``,
    the ``alternatives``): the color is the permanent's ``chosen_color``; without one the
    mana's type is undefined and that part makes no mana (106.7)."""

    alternatives: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Amount:
    """An amount the board defines: ``count`` is

    * ``counters`` (of kind ``what`` on the permanent itself), ``power`` (its power);
    * ``permanents``: those controlled by ``whose`` (``you`` or ``all``) with every word of
      ``what`` among their types, subtypes, supertypes or keywords, named ``named`` (201.2)
      and with power at least ``power_at_least`` when given;
    * ``removed``: the ``what`` counters the cost removed, chosen as it is paid (107.3);
    * ``life``: the controller's life total (119); ``greatest_power``: the greatest power
      among the ``what`` permanents the controller controls (0 without one);
    * ``domain``: basic land types among lands the controller controls (305.6);
    * ``devotion``: the controller's devotion to the color ``what`` (700.5: its mana symbols,
      hybrid and Phyrexian ones included, in the mana costs of the permanents they control);
    * ``graveyard``: cards in the controller's graveyard with every word of ``what`` among
      their color words, types, subtypes and supertypes (404; as the board lists it).

    The mana is ``base`` plus ``mana`` times the amount, or that much mana of any one color
    (``any_color``) or in any combination of colors (``combination``)."""

    count: str
    what: str = ""
    whose: str = "you"
    mana: tuple[str, ...] = ()
    any_color: bool = False
    combination: bool = False
    base: tuple[str, ...] = ()
    named: str | None = None
    power_at_least: int | None = None


@dataclass(frozen=True)
class CommanderColors:
    """``Add one mana of any color in your commander's color identity`` (903.4): one mana of
    a color of the controller's ``commander_identity``; none without a commander (903.4f)
    or with a colorless identity (the part naming no color adds nothing, 106.5)."""


@dataclass(frozen=True)
class OwnColors:
    """``Add one mana of any of this creature's colors`` (Katilda's grant): one mana of a
    color the permanent has as the ability resolves (its colors after the layers, 105.2,
    613.1e); a colorless one adds none (the mana's type is undefined, 106.7)."""


@dataclass(frozen=True)
class Condition:
    """A condition on the board (602.5b "Activate only if ...", 614.1a "... instead").

    ``you control N or more WHAT``: every word of ``what`` must be among a permanent's types,
    subtypes or supertypes; ``power_at_least`` for "a creature with power N or greater".
    ``total_power``: "creatures you control have total power N or greater" (the sum of the
    powers of the ``what`` permanents). ``counters``: "there are N or more WHAT counters on
    ~" / "~ has a WHAT counter on it" (counted on the ability's source). ``land_played``: "you
    played a land this turn" (305.2: a land played, not one put onto the battlefield otherwise;
    ``at_least`` and ``what`` unused). ``also``: further conditions that must hold too ("an Urza's
    Power-Plant and an Urza's Tower").
    """

    at_least: int
    what: str
    power_at_least: int | None = None
    total_power: bool = False
    counters: bool = False
    also: tuple["Condition", ...] = ()
    land_played: bool = False

    def holds(self, permanents, source=None, lands_played: int = 0) -> bool:
        """Whether these permanents (the ones the player controls), the ability's ``source``
        (for counters on it) and the ``lands_played`` by the player this turn satisfy it."""
        permanents = tuple(permanents)
        if self.land_played:
            n = min(lands_played, 1)
        elif self.counters:
            n = source.counters.get(self.what, 0) if source is not None else 0
        elif self.total_power:
            n = sum(max(0, p.power or 0) for p in permanents if self._matches(p))
        else:
            n = sum(1 for p in permanents if self._matches(p) and (
                self.power_at_least is None or (p.power is not None and p.power >= self.power_at_least)))
        return n >= self.at_least and all(c.holds(permanents, source, lands_played) for c in self.also)

    def _matches(self, p) -> bool:
        kinds = {k.replace("\u2019", "'") for k in p.types | p.subtypes | p.supertypes}  # MTGJSON's "Urza’s"
        return all(w in kinds for w in self.what.split())

    def describe(self) -> str:
        if self.land_played:
            out = "you played a land this turn"
        elif self.counters:
            out = f"it has {self.at_least} or more {self.what} counters"
        elif self.total_power:
            out = f"{self.what}s you control have total power {self.at_least} or greater"
        else:
            power = f" with power {self.power_at_least} or greater" if self.power_at_least is not None else ""
            out = f"you control {self.at_least} or more {self.what}{power}"
        return " and ".join([out, *(c.describe() for c in self.also)])


@dataclass(frozen=True)
class Conditional:
    """``Add {G}. If you control four or more creatures, add {G}{G} instead.`` (614.1a):
    ``instead`` when ``condition`` holds on the board, else ``otherwise``."""

    condition: Condition
    instead: "Product"
    otherwise: "Product"


Product = Fixed | Choice | AnyColor | Counted | Reflect | ChosenColor | Amount | CommanderColors | OwnColors | Conditional


@dataclass(frozen=True)
class CostPart:
    """One part of an activation cost.

    ``kind`` is one of :data:`COST_KINDS`. ``what`` is the words a permanent must have
    among its types, subtypes and supertypes (``sacrifice``, ``tap_untapped``), the counter
    kind (``remove_counters``, ``put_counter``) or the zone (``exile_self``, ``exile_card``:
    ``graveyard``/``hand``; ``discard``: ``card``/``hand``). ``named``: the permanent's
    name (201.2); ``token``: only a token (111.1); ``another``: not the source itself;
    ``variable``: the player chooses the amount (``X``, "any number of", 107.3). ``crew``:
    tap any number of other untapped creatures you control with total power ``amount`` or
    greater (702.122a).
    """

    kind: str
    mana: ManaCost | None = None
    amount: int = 0
    what: str | None = None
    named: str | None = None
    token: bool = False
    another: bool = False
    variable: bool = False


#: Cost kinds the grammar reads; the payment solver pays those in :data:`PAYABLE_COSTS`, on
#: the zones the board gives (118.3): a card discarded from the hand, milled from the library
#: (701.17b), exiled from the hand or graveyard, counters removed (any number: X), the player's
#: energy counters paid (107.14), another untapped permanent tapped; putting a counter on the
#: source and exerting it (701.43b) can always be paid. "Discard your hand", "return ~ to its
#: owner's hand" and sacrificing X permanents are read but not modelled: an answer they could
#: change is undecided. Returning
#: a permanent one controls to its owner's hand (``return``) is paid by an activation (602.2b),
#: not by the payment solver.
COST_KINDS: frozenset[str] = frozenset(
    "tap untap mana life energy sacrifice_self sacrifice remove_counters put_counter tap_untapped discard "
    "mill exile_self exile_card exert return_self return crew".split())
PAYABLE_COSTS: frozenset[str] = frozenset(
    "tap untap mana life energy sacrifice_self sacrifice remove_counters put_counter tap_untapped discard mill "
    "exile_self exile_card exert".split())


#: Symbols of an activation's mana cost the payment solver pays (605.3a): no {X}, {S} or Phyrexian.
ACTIVATION_SYMBOL_KINDS: frozenset[str] = frozenset(
    {"generic", "colored", "colorless", "hybrid", "colorless_hybrid", "monocolored_hybrid"})

#: The entry of ``ManaAbility.spend_abilities`` that allows any source's abilities: "Spend this mana
#: only to activate abilities" (106.6); no words, so every source has them all.
ANY_SOURCE = ""


def modelled_cost(part: "CostPart") -> bool:
    """Whether the payment solver pays this cost part exactly (:data:`PAYABLE_COSTS`, with a
    variable amount only for counters removed, 107.3a)."""
    if part.kind not in PAYABLE_COSTS:
        return False
    if part.kind == "discard":
        return part.what == "card"
    return not part.variable or part.kind == "remove_counters"


@dataclass(frozen=True)
class ManaAbility:
    """A parsed mana ability."""

    text: str
    costs: tuple[CostPart, ...]
    product: Product
    spend_only: frozenset[str] | None = None  # spell types the mana may be spent on; "{x}": costs with {X}
    restriction: str | None = None  # the restriction sentence as printed
    extra: tuple[str, ...] = field(default=())  # further sentences kept verbatim
    damage: int = 0  # "~ deals N damage to you." (painlands, Ancient Tomb): life lost, not a cost
    condition: Condition | None = None  # "Activate only if ..." (602.5b)
    # the restriction also allows the activated abilities of these sources (602.2b, 106.6): each entry all its
    # words (``artifact``, ``colorless eldrazi``), the entry ``ANY_SOURCE`` any source; ``None``: no ability
    spend_abilities: frozenset[str] | None = None
    timing: str | None = None  # "once_each_turn", "sorcery", "instant" (602.5b, 602.5d-e)
    per_turn: int | None = None  # "Activate no more than N times each turn" (602.5b)
    life_loss: int = 0  # "Each player loses N life." as it resolves: the controller's too (119.3)

    @property
    def taps(self) -> bool:
        """Includes {T}: activating it is "tapping for mana" (106.12, 107.5)."""
        return any(c.kind == "tap" for c in self.costs)

    @property
    def untaps(self) -> bool:
        return any(c.kind == "untap" for c in self.costs)

    @property
    def mana_cost(self) -> ManaCost:
        out = ManaCost()
        for c in self.costs:
            if c.kind == "mana" and c.mana is not None:
                out = out + c.mana
        return out

    @property
    def life_cost(self) -> int:
        return sum(c.amount for c in self.costs if c.kind == "life")

    @property
    def sacrifices_self(self) -> bool:
        return any(c.kind == "sacrifice_self" for c in self.costs)

    @property
    def modelled(self) -> bool:
        """Payment and production use all of it: every cost part (:func:`modelled_cost`), the
        symbols of its mana cost (:data:`ACTIVATION_SYMBOL_KINDS`), and an X amount of mana only
        as the counters its cost removes (107.3a)."""
        if not all(modelled_cost(c) for c in self.costs):
            return False
        if any(s.kind not in ACTIVATION_SYMBOL_KINDS for s in self.mana_cost.symbols):
            return False
        x_counters = any(c.kind == "remove_counters" for c in self.costs)
        products = [self.product] if not isinstance(self.product, Conditional) else [
            self.product.instead, self.product.otherwise]
        return all(x_counters or not (isinstance(p, AnyColor) and p.amount < 0 or isinstance(p, Amount)
                                      and p.count == "removed") for p in products)

    def types(self) -> frozenset[str]:
        """Mana types the product can have without looking at other permanents
        (empty for :class:`Reflect`, whose types come from the 106.7 graph)."""
        p = self.product
        if isinstance(p, Fixed):
            return frozenset(p.mana)
        if isinstance(p, Choice):
            return frozenset(t for o in p.options for t in o)
        if isinstance(p, AnyColor):
            return frozenset(p.among)
        if isinstance(p, Counted):
            return frozenset(p.mana)
        if isinstance(p, ChosenColor):
            return frozenset(t for o in p.alternatives for t in o) | frozenset(MANA_TYPES[:5])
        if isinstance(p, Amount):
            return frozenset(MANA_TYPES[:5]) if p.any_color or p.combination else frozenset(p.mana + p.base)
        if isinstance(p, (CommanderColors, OwnColors)):
            return frozenset(MANA_TYPES[:5])
        if isinstance(p, Conditional):
            return (ManaAbility(self.text, self.costs, p.instead).types()
                    | ManaAbility(self.text, self.costs, p.otherwise).types())
        return frozenset()

    def __str__(self) -> str:
        return self.text


#: The intrinsic mana ability of each basic land type (305.6).
BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def basic_land_ability(subtype: str) -> ManaAbility:
    """``{T}: Add {G}.`` for a Forest, and so on (305.6)."""
    letter = BASIC_LAND_MANA[subtype]
    return ManaAbility(text=f"{{T}}: Add {{{letter}}}.", costs=(CostPart("tap"),), product=Fixed((letter,)))


# --------------------------------------------------------------------------- triggered mana abilities
Bundle = tuple[str, ...]  # one possible outcome of an event, letters in W U B R G C order


def bundle_of(letters: Iterable[str]) -> Bundle:
    return tuple(sorted(letters, key=MANA_TYPES.index))


def show_bundle(bundle: Bundle) -> str:
    return "".join("{" + t + "}" for t in bundle) or "no mana"


# --------------------------------------------------------------------------- vocabulary
TRIGGER_ON = {
    "lands": "a land any player taps",          # Heartbeat of Spring, Mana Flare
    "your_lands": "a land its controller taps",
    "permanents": "a permanent any player taps",  # Eloren Wilds; Vernal Bloom with kinds [forest]
    "your_permanents": "a permanent its controller taps",  # Leyline of Abundance with kinds [creature]
    "enchanted": "the permanent it enchants",   # Wild Growth, Utopia Sprawl
}


@dataclass(frozen=True)
class ManaTrigger:
    """A triggered mana ability on "tapped for mana" (106.12a, 605.1b).

    ``on`` (board key ``tapped``): ``lands``, ``your_lands``, ``permanents``,
    ``your_permanents`` or ``enchanted`` ("your": controlled by the trigger's controller);
    ``kinds``: the tapped permanent has one of these words among its types, subtypes and
    supertypes (``nonland``: it is not a land); ``mode``: ``fixed`` (adds ``mana``),
    ``same_type`` (one mana of any type the land produced), ``any_color`` (``amount`` mana in
    any combination of colors) or ``chosen_color`` (Utopia Sprawl's color chosen as it
    entered, unknown unless the board gives ``adds: "{U}"``); ``of_type``: fires only when
    mana of that type was produced. The mana goes to the player who tapped the permanent.
    """

    on: str
    mode: str = "fixed"
    mana: Bundle = ()
    of_type: str | None = None
    kinds: tuple[str, ...] = ()
    amount: int = 1

    def extras(self, bundle: Bundle) -> set[Bundle]:
        """What the trigger adds when the tapped permanent produced ``bundle`` (106.12a)."""
        if self.mode == "fixed":
            return {self.mana}
        if self.mode == "same_type":
            return {(t,) for t in set(bundle)}
        if self.mode == "any_color":
            return {bundle_of(c) for c in color_combinations(MANA_TYPES[:5], self.amount)}
        return {()}  # chosen_color with no color on the board: undefined, no mana (106.7)

    def describe(self) -> str:
        what = {"fixed": f"adds {show_bundle(self.mana)}", "same_type": "adds one mana of a type that land produced",
                "any_color": f"adds {self.amount} mana in any combination of colors",
                "chosen_color": "adds one mana of the chosen color"}[self.mode]
        cond = f" for {{{self.of_type}}}" if self.of_type else ""
        kinds = f" ({' or '.join(self.kinds)})" if self.kinds else ""
        return f"whenever {TRIGGER_ON[self.on]}{kinds} is tapped for mana{cond}, {what}"

    def __str__(self) -> str:
        return self.describe()
