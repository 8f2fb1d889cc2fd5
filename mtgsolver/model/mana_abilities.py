"""Mana abilities (CR 605) parsed from their Oracle text.

The grammar is the board contract's: ``"{T}: Add {G}."``, ``"{1}, {T}: Add {W}{U}."``,
``"{T}, Pay 1 life: Add {W} or {B}."``, ``"{T}: Add one mana of any color."``,
``"Sacrifice this artifact: Add one mana of any color."``,
``"{T}: Add one mana of any type that a land you control could produce."``,
``"{T}: Add {G} for each creature you control."``, spending restrictions
(``"Spend this mana only to cast creature spells."``) and damage to the controller
(``"{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."``).

Examples
--------
>>> a = parse_mana_ability("{1}, {T}: Add {W}{U}.")
>>> a.taps, str(a.mana_cost), a.product
(True, '{1}', Fixed(mana=('W', 'U')))
>>> parse_mana_ability("{T}: Add {R}, {G}, or {W}.").product
Choice(options=(('R',), ('G',), ('W',)))
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .mana import MANA_TYPES, ManaCost, ManaCostError

__all__ = [
    "AnyColor",
    "Choice",
    "CostPart",
    "Counted",
    "Fixed",
    "ManaAbility",
    "ManaAbilityError",
    "Product",
    "Reflect",
    "parse_mana_ability",
]

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "x": -1}


class ManaAbilityError(ValueError):
    """Text that is not a mana ability this grammar understands."""


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


Product = Fixed | Choice | AnyColor | Counted | Reflect


@dataclass(frozen=True)
class CostPart:
    """One part of an activation cost.

    ``kind`` is ``tap`` ({T}, 107.5), ``untap`` ({Q}, 107.6), ``mana``, ``life``,
    ``sacrifice_self``, ``sacrifice`` (another permanent matching ``what``) or
    ``remove_counters``.
    """

    kind: str
    mana: ManaCost | None = None
    amount: int = 0
    what: str | None = None


@dataclass(frozen=True)
class ManaAbility:
    """A parsed mana ability."""

    text: str
    costs: tuple[CostPart, ...]
    product: Product
    spend_only: frozenset[str] | None = None  # spell types the mana may be spent on
    restriction: str | None = None  # the restriction sentence as printed
    extra: tuple[str, ...] = field(default=())  # further sentences kept verbatim
    damage: int = 0  # "~ deals N damage to you." (painlands, Ancient Tomb): life lost, not a cost

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

    def types(self) -> frozenset[str]:
        """Mana types the product can have without looking at other permanents
        (empty for :class:`Reflect`, whose types come from the 106.7 graph)."""
        p = self.product
        if isinstance(p, Fixed):
            return frozenset(p.mana)
        if isinstance(p, Choice):
            return frozenset(t for o in p.options for t in o)
        if isinstance(p, AnyColor):
            return frozenset(MANA_TYPES[:5])
        if isinstance(p, Counted):
            return frozenset(p.mana)
        return frozenset()

    def __str__(self) -> str:
        return self.text


_SELF = r"(?:this (?:artifact|creature|land|permanent|enchantment)|~|cardname|it)"
_COST_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^\{t\}$"), "tap"),
    (re.compile(r"^\{q\}$"), "untap"),
    (re.compile(r"^pay (\d+) life$"), "life"),
    (re.compile(rf"^sacrifice {_SELF}$"), "sacrifice_self"),
    (re.compile(r"^sacrifice (?:a|an|another) ([a-z ]+?)$"), "sacrifice"),
    (re.compile(rf"^remove (a|an|one|two|three|\d+) ([+\-/\w]+) counters? from {_SELF}$"), "remove_counters"),
]


def _parse_cost(part: str, text: str, self_name: str | None) -> CostPart:
    low = part.strip().lower()
    if self_name:
        low = low.replace(self_name.lower(), "~")
    if low.startswith("{") and low not in ("{t}", "{q}"):
        try:
            return CostPart("mana", mana=ManaCost.parse(part.strip()))
        except ManaCostError as exc:
            raise ManaAbilityError(f"bad mana in cost {part.strip()!r} of {text!r}: {exc}") from None
    for pattern, kind in _COST_PATTERNS:
        m = pattern.match(low)
        if not m:
            continue
        if kind == "life":
            return CostPart(kind, amount=int(m.group(1)))
        if kind == "sacrifice":
            return CostPart(kind, what=m.group(1))
        if kind == "remove_counters":
            n = m.group(1)
            amount = int(n) if n.isdigit() else {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}[n]
            return CostPart(kind, amount=amount, what=m.group(2))
        return CostPart(kind)
    raise ManaAbilityError(f"cost {part.strip()!r} of {text!r} is not understood")


_SYMS = re.compile(r"^((?:\{[wubrgc]\})+)$")
_REFLECT = re.compile(
    r"^one mana of any (type|color) that (?:a|an) (land|permanent) (you|an opponent) controls? could produce$"
)
_SACRIFICED = re.compile(r"^one mana of any (type|color) the sacrificed (?:land|permanent) could produce$")
_ANY = re.compile(r"^(one|two|three|four|five|x) mana of any (one )?color$")
_COMBO = re.compile(r"^(two|three|four|five|x) mana in any combination of colors$")
_COUNTED = re.compile(r"^((?:\{[wubrgc]\})+) for each (?:(?:other )?)([a-z]+) (you control|on the battlefield)$")


def _letters(syms: str) -> tuple[str, ...]:
    return tuple(s.upper() for s in re.findall(r"\{([wubrgc])\}", syms))


def _parse_product(body: str, text: str) -> Product:
    b = body.strip().lower()
    if m := _SYMS.match(b):
        return Fixed(_letters(m.group(1)))
    if " or " in b:
        parts = [p.strip() for p in re.split(r",\s*(?:or\s+)?|\s+or\s+", b) if p.strip()]
        if all(_SYMS.match(p) for p in parts):
            return Choice(tuple(_letters(p) for p in parts))
    if m := _REFLECT.match(b):
        whose = "you" if m.group(3) == "you" else "opponents"
        return Reflect(m.group(1), f"{m.group(2)}s_{whose}_control")
    if m := _SACRIFICED.match(b):
        return Reflect(m.group(1), "sacrificed")
    if m := _ANY.match(b):
        return AnyColor(_NUMBERS[m.group(1)], combination=False)
    if m := _COMBO.match(b):
        return AnyColor(_NUMBERS[m.group(1)], combination=True)
    if m := _COUNTED.match(b):
        whose = "you" if m.group(3) == "you control" else "all"
        return Counted(_letters(m.group(1)), m.group(2).rstrip("s"), whose)
    raise ManaAbilityError(f"mana product {body.strip()!r} of {text!r} is not understood")


_SPEND = re.compile(r"^spend this mana only to cast (?:an? )?([a-z]+(?: or [a-z]+)*) spells?$")
_DAMAGE = re.compile(rf"^{_SELF} deals (\d+) damage to you$")


def parse_mana_ability(text: str, self_name: str | None = None) -> ManaAbility:
    """Parse ``COSTS: Add PRODUCT. [Spend this mana only to cast TYPE spells.]``.

    ``self_name`` is the card's name, so that ``Sacrifice Sol Talisman`` reads as a
    self-sacrifice. Raises :class:`ManaAbilityError` when the text is not understood.
    """
    raw = text.strip()
    if raw.startswith("(") and raw.endswith(")"):
        raw = raw[1:-1].strip()  # reminder text of a basic land type (305.6)
    if ":" not in raw:
        raise ManaAbilityError(f"{text!r} is not an activated ability (no ':')")
    cost_text, effect = raw.split(":", 1)
    costs = tuple(_parse_cost(p, text, self_name) for p in re.split(r",\s*", cost_text) if p.strip())
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", effect.strip()) if s.strip()]
    first = sentences[0].rstrip(".")
    if not first.lower().startswith("add "):
        raise ManaAbilityError(f"{text!r} does not add mana")
    product = _parse_product(first[4:], text)
    spend_only = restriction = None
    damage = 0
    extra: list[str] = []
    for sentence in sentences[1:]:
        low = sentence.rstrip(".").lower()
        if self_name:
            low = low.replace(self_name.lower(), "~")
        m = _SPEND.match(low)
        if m and spend_only is None:
            spend_only = frozenset(t for t in m.group(1).split(" or "))
            restriction = sentence
        elif (d := _DAMAGE.match(low)) and not damage:
            damage = int(d.group(1))
        else:
            extra.append(sentence)
    if extra:
        raise ManaAbilityError(f"{text!r}: sentence {extra[0]!r} is not understood")
    return ManaAbility(text=text.strip(), costs=costs, product=product, spend_only=spend_only,
                       restriction=restriction, damage=damage)


#: The intrinsic mana ability of each basic land type (305.6).
BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def basic_land_ability(subtype: str) -> ManaAbility:
    """``{T}: Add {G}.`` for a Forest, and so on (305.6)."""
    letter = BASIC_LAND_MANA[subtype]
    return ManaAbility(text=f"{{T}}: Add {{{letter}}}.", costs=(CostPart("tap"),), product=Fixed((letter,)))
