"""Mana abilities (CR 605) parsed from their Oracle text.

The grammar is the board contract's: ``"{T}: Add {G}."``, ``"{1}, {T}: Add {W}{U}."``,
``"{T}, Pay 1 life: Add {W} or {B}."``, ``"{T}: Add one mana of any color."``,
``"Sacrifice this artifact: Add one mana of any color."``,
``"{T}: Add one mana of any type that a land you control could produce."``,
``"{T}: Add {G} for each creature you control."``, spending restrictions
(``"Spend this mana only to cast creature spells."``) and damage to the controller
(``"{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."``), ability words (207.2c),
activation conditions on the board (``"Activate only if you control a Swamp."``, 602.5b),
"the chosen color" (read from the permanent's ``chosen_color``), amounts counted on the
board (``"Add {C} for each charge counter on ~."``, ``"Add X mana of any one color, where X
is the number of Allies you control."``) and riders that happen as the ability resolves and
don't change the payment (``"~ doesn't untap during your next untap step."``,
``"Put a depletion counter on ~."``, ``"Draw a card."``), kept in ``extra``.

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
    "Amount",
    "ChosenColor",
    "Choice",
    "Condition",
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


@dataclass(frozen=True)
class ChosenColor:
    """``Add one mana of the chosen color`` (or ``Add {R} or one mana of the chosen color``,
    the ``alternatives``): the color is the permanent's ``chosen_color``; without one the
    mana's type is undefined and that part makes no mana (106.7)."""

    alternatives: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Amount:
    """An amount the board defines: ``count`` is ``counters`` (of kind ``what`` on the
    permanent itself), ``power`` (its power) or ``permanents`` (those controlled by
    ``whose``, ``you`` or ``all``, with every word of ``what`` among their types, subtypes,
    supertypes or keywords). The mana is ``mana`` times the amount, or that much mana of any
    one color (``any_color``) or in any combination of colors (``combination``)."""

    count: str
    what: str = ""
    whose: str = "you"
    mana: tuple[str, ...] = ()
    any_color: bool = False
    combination: bool = False


@dataclass(frozen=True)
class Condition:
    """``Activate only if you control N or more WHAT`` (602.5b): every word of ``what`` must
    be among a permanent's types, subtypes or supertypes; ``power_at_least`` for "a creature
    with power N or greater"."""

    at_least: int
    what: str
    power_at_least: int | None = None

    def holds(self, permanents) -> bool:
        """Whether these permanents (the ones the player controls) satisfy it."""
        n = 0
        for p in permanents:
            kinds = p.types | p.subtypes | p.supertypes
            if all(w in kinds for w in self.what.split()) and (
                    self.power_at_least is None or (p.power is not None and p.power >= self.power_at_least)):
                n += 1
        return n >= self.at_least

    def describe(self) -> str:
        power = f" with power {self.power_at_least} or greater" if self.power_at_least is not None else ""
        return f"you control {self.at_least} or more {self.what}{power}"


Product = Fixed | Choice | AnyColor | Counted | Reflect | ChosenColor | Amount


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
    condition: Condition | None = None  # "Activate only if ..." (602.5b)
    spend_abilities: bool = False  # the restriction also allows activating abilities (not spells)

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
        if isinstance(p, ChosenColor):
            return frozenset(t for o in p.alternatives for t in o) | frozenset(MANA_TYPES[:5])
        if isinstance(p, Amount):
            return frozenset(MANA_TYPES[:5]) if p.any_color or p.combination else frozenset(p.mana)
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


_CHOSEN = re.compile(r"^(?:((?:\{[wubrgc]\})+) or )?one mana of the chosen color$")
_PER_COUNTER = re.compile(r"^((?:\{[wubrgc]\})+) for each ([+\-/\w]+) counter on ~$")
_PER_PERMANENT = re.compile(r"^((?:\{[wubrgc]\})+) for each ([a-z]+ [a-z]+|creatures? with [a-z]+) "
                            r"(you control|on the battlefield)$")
_EQUAL_POWER = re.compile(r"^an amount of (\{[wubrgc]\}) equal to ~'s power$")
_X_ANY = re.compile(r"^x mana (of any one color|in any combination of colors), where x is (.+)$")
_X_IS = [
    (re.compile(r"^the number of ([a-z]+) (you control|on the battlefield)$"), "permanents"),
    (re.compile(r"^the number of ([+\-/\w]+) counters on ~$"), "counters"),
    (re.compile(r"^~'s power$"), "power"),
]


def _amount(b: str) -> Amount | None:
    """Amounts the board defines: counters on the permanent, its power, permanents counted."""
    if m := _PER_COUNTER.match(b):
        return Amount("counters", m.group(2), mana=_letters(m.group(1)))
    if m := _EQUAL_POWER.match(b):
        return Amount("power", mana=_letters(m.group(1)))
    if m := _X_ANY.match(b):
        for pattern, count in _X_IS:
            if x := pattern.match(m.group(2)):
                combination = m.group(1).startswith("in any combination")
                if count == "permanents":
                    whose = "all" if x.group(2) == "on the battlefield" else "you"
                    return Amount(count, _singular(x.group(1)), whose, any_color=not combination,
                                  combination=combination)
                return Amount(count, x.group(1) if count == "counters" else "", any_color=not combination,
                              combination=combination)
    if m := _PER_PERMANENT.match(b):  # "basic swamp", "creature with defender"
        return Amount("permanents", _singular(m.group(2).replace(" with ", " ")),
                      "you" if m.group(3) == "you control" else "all", mana=_letters(m.group(1)))
    return None


def _singular(words: str) -> str:
    """``elves`` -> ``elf``, ``allies`` -> ``ally``, ``creatures`` -> ``creature``."""
    out = []
    for w in words.split():
        if w.endswith("ves"):
            w = w[:-3] + "f"
        elif w.endswith("ies"):
            w = w[:-3] + "y"
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return " ".join(out)


def _parse_product(body: str, text: str) -> Product:
    b = body.strip().lower()
    if m := _CHOSEN.match(b):
        return ChosenColor((_letters(m.group(1)),) if m.group(1) else ())
    if amount := _amount(b):
        return amount
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
# "... artifact spells or activate abilities of artifacts", "an Elf creature spell"
_SPEND_ABILITIES = re.compile(
    r"^spend this mana only to cast (?:an? )?((?:[a-z]+ )?[a-z]+) spells?"
    r"(?: or (?:to )?activate (?:an ability|abilities) of (?:an? )?[a-z]+)?$")
_SPEND_ONLY_ABILITIES = re.compile(r"^spend this mana only to activate abilities(?: of [a-z]+)?$")
_ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z' ]* — ")
_RIDERS = [
    re.compile(r"^~ doesn't untap during your next untap step$"),
    re.compile(r"^put (?:a|an) [a-z]+ counter on ~$"),
    re.compile(r"^if there are no [a-z]+ counters on ~, sacrifice it$"),
    re.compile(r"^draw a card$"),
    re.compile(r"^draw a card at the beginning of the next turn's upkeep$"),
]
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_CONDITION = re.compile(r"^activate only if you control (a|an|one|two|three|four|five|six|seven) (?:or more )?"
                        r"([a-z]+)(?: with power (\d+) or greater)?$")
_DAMAGE = re.compile(rf"^{_SELF} deals (\d+) damage to you$")


def parse_mana_ability(text: str, self_name: str | None = None) -> ManaAbility:
    """Parse ``COSTS: Add PRODUCT. [Spend this mana only to cast TYPE spells.]``.

    ``self_name`` is the card's name, so that ``Sacrifice Sol Talisman`` reads as a
    self-sacrifice. Raises :class:`ManaAbilityError` when the text is not understood.
    """
    raw = text.strip()
    if raw.startswith("(") and raw.endswith(")"):
        raw = raw[1:-1].strip()  # reminder text of a basic land type (305.6)
    raw = _ABILITY_WORD.sub("", raw)  # an ability word has no rules meaning (207.2c)
    if ":" not in raw:
        raise ManaAbilityError(f"{text!r} is not an activated ability (no ':')")
    cost_text, effect = raw.split(":", 1)
    costs = tuple(_parse_cost(p, text, self_name) for p in re.split(r",\s*", cost_text) if p.strip())
    sentences = [s.strip() for s in re.split(r"(?<=\.)\s+", effect.strip()) if s.strip()]
    first = sentences[0].rstrip(".")
    if not first.lower().startswith("add "):
        raise ManaAbilityError(f"{text!r} does not add mana")
    body = first[4:]
    if self_name:
        body = body.lower().replace(self_name.lower(), "~")
    product = _parse_product(body, text)
    spend_only = restriction = condition = None
    spend_abilities = False
    damage = 0
    riders: list[str] = []
    for sentence in sentences[1:]:
        low = sentence.rstrip(".").lower()
        if self_name:
            low = low.replace(self_name.lower(), "~")
        m = _SPEND.match(low)
        if spend_only is None and (m or (m := _SPEND_ABILITIES.match(low))):
            # "an elf creature spell": every word of an entry describes the spell (SpellInfo.allows)
            spend_only = frozenset(t for t in m.group(1).split(" or "))
            spend_abilities = " activate " in low
            restriction = sentence
        elif spend_only is None and _SPEND_ONLY_ABILITIES.match(low):
            spend_only, spend_abilities, restriction = frozenset(), True, sentence  # pays no spell
        elif (d := _DAMAGE.match(low)) and not damage:
            damage = int(d.group(1))
        elif (c := _CONDITION.match(low)) and condition is None:
            condition = Condition(_NUM[c.group(1)], _singular(c.group(2)),
                                  int(c.group(3)) if c.group(3) else None)
        elif any(r.match(low) for r in _RIDERS):
            riders.append(sentence)  # happens as it resolves; what the payment needs is the same (605.3b)
        else:
            raise ManaAbilityError(f"{text!r}: sentence {sentence!r} is not understood")
    return ManaAbility(text=text.strip(), costs=costs, product=product, spend_only=spend_only,
                       restriction=restriction, extra=tuple(riders), damage=damage, condition=condition,
                       spend_abilities=spend_abilities)


#: The intrinsic mana ability of each basic land type (305.6).
BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def basic_land_ability(subtype: str) -> ManaAbility:
    """``{T}: Add {G}.`` for a Forest, and so on (305.6)."""
    letter = BASIC_LAND_MANA[subtype]
    return ManaAbility(text=f"{{T}}: Add {{{letter}}}.", costs=(CostPart("tap"),), product=Fixed((letter,)))
