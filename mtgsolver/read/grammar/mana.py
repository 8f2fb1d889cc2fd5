"""The ``mana`` family: mana abilities (605.1a) and the tapping triggers that ride on them.

``mana.lark`` is the specification of the sentences read; :class:`_Compile` turns a syntax
tree into :class:`mtgsolver.model.mana_abilities.ManaAbility` (costs, product, sentences).

Examples
--------
>>> parse_mana_ability("{T}, Sacrifice a token named Wood: Add {R}.", "Jungle Patrol").costs[1]
CostPart(kind='sacrifice', mana=None, amount=1, what=None, named='wood', token=True, another=False, variable=False)
>>> read("Whenever City of Brass becomes tapped, it deals 1 damage to you.", "City of Brass")
[{'damage_when_tapped': 1}]
"""
from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree, v_args
from lark.exceptions import UnexpectedEOF, UnexpectedInput, VisitError

from mtgsolver.model.limits import CACHED_TEXT
from mtgsolver.model.mana import MANA_TYPES, ManaCost, ManaCostError
from mtgsolver.model.mana_abilities import (
    ANY_SOURCE,
    Amount,
    AnyColor,
    Choice,
    ChosenColor,
    CommanderColors,
    Condition,
    Conditional,
    CostPart,
    Counted,
    Fixed,
    ManaAbility,
    ManaAbilityError,
    OwnColors,
    Reflect,
)
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.readings import parse_tables
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import COLORS, normalise, number, singular

__all__ = ["parse_mana_ability", "read"]

_COLORS = MANA_TYPES[:5]


@functools.cache
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("mana.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", start=["start", "tapped_trigger", "mana_trigger"],
                propagate_positions=True, cache=parse_tables("mana"))


def read(line: str, name: str) -> list[Any] | None:
    """The entries of one line: the mana ability's own text, ``{damage_when_tapped: N}`` or
    ``{mana_trigger: {...}}`` (106.12a)."""
    low = normalise(line, name)
    if low.startswith("whenever "):
        try:
            found = _tapped_harm(_parser().parse(low, start="tapped_trigger"))
            if found is not None:
                return [found]
        except (UnexpectedInput, UnexpectedEOF):
            pass
        try:
            tree = _parser().parse(low, start="mana_trigger")
            return [{"mana_trigger": _Trigger().transform(tree)}]
        except (UnexpectedInput, UnexpectedEOF):
            return None
        except VisitError as exc:
            if not isinstance(exc.orig_exc, _Refused):
                raise
            return None
    try:
        parse_mana_ability(line, name)
    except ManaAbilityError:
        return None
    return [line.strip()]


def parse_mana_ability(text: str, name: str | None = None) -> ManaAbility:
    """One mana ability read from its text; ``name`` is the card's, so that ``Sacrifice Sol
    Talisman`` reads as a self-sacrifice.

    >>> a = parse_mana_ability("{1}, {T}: Add {W}{U}.")
    >>> a.taps, str(a.mana_cost), a.product
    (True, '{1}', Fixed(mana=('W', 'U')))
    >>> parse_mana_ability("{T}: Add {R}, {G}, or {W}.").product
    Choice(options=(('R',), ('G',), ('W',)))

    :raises ManaAbilityError: when the text is not read whole.
    """
    text = text.strip()
    read = _compiled if len(text) <= CACHED_TEXT else _compiled.__wrapped__
    return read(text, name or "")


@functools.lru_cache(maxsize=4096)
def _compiled(text: str, name: str) -> ManaAbility:
    low = normalise(text, name)
    if ":" not in low:
        raise ManaAbilityError(f"{text!r} is not an activated ability (no ':')")
    if ": add " not in low:
        raise ManaAbilityError(f"{text!r} does not add mana")
    try:
        tree = _parser().parse(low, start="start")
    except (UnexpectedInput, UnexpectedEOF):
        raise ManaAbilityError(f"{text!r} is not a mana ability the grammar reads") from None
    try:
        costs, product, sentences = _Compile(low, name).transform(tree)
    except VisitError as exc:
        if not isinstance(exc.orig_exc, _Refused):
            raise
        raise ManaAbilityError(f"{text!r}: {exc.orig_exc}") from None
    fields: dict[str, Any] = {}
    extra: list[str] = []
    for key, value in sentences:
        if key == "rider":
            extra.append(value)
        elif key == "instead":
            condition, instead = value
            product = Conditional(condition, instead, product)
        elif key == "spend" and key in fields:
            raise ManaAbilityError(f"{text!r}: two spending restrictions")
        elif key in fields:
            raise ManaAbilityError(f"{text!r}: two sentences of the same kind ({key})")
        else:
            fields[key] = value
    spend = fields.pop("spend", None)
    if spend is not None:
        fields["spend_only"], fields["spend_abilities"] = spend
        fields["restriction"] = _restriction_sentence(text)
    return ManaAbility(text=text, costs=tuple(costs), product=product, extra=tuple(extra), **fields)


def _restriction_sentence(text: str) -> str:
    m = re.search(r"Spend this mana only[^.]*\.", text)
    assert m is not None
    return m.group(0)


class _Refused(Exception):
    """A parse whose meaning the model can't hold exactly: the line stays unread."""


@dataclass(frozen=True)
class _Sources:
    """The sources of the abilities a spending restriction allows (602.2b)."""

    entries: frozenset[str]


_TYPE_WORDS = frozenset({"artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker",
                         "sorcery", "basic", "legendary", "snow", "world", "colorless", "multicolored",
                         "monocolored", "card", *COLORS})


def _known_singular(word: str) -> str:
    """A word of the sources of abilities, in the singular: a type, supertype, subtype or color word
    (205, 105.2), or ``card``; another word is refused."""
    one = singular(word)
    if one not in _TYPE_WORDS and one not in subtypes():
        raise _Refused(f"the abilities of {word!r}")
    return one


def _letters(tree: Tree | Token) -> tuple[str, ...]:
    if isinstance(tree, Token):
        return (tree.value.strip("{}").upper(),)
    return tuple(t.value.strip("{}").upper() for t in tree.children)


def _different_colors(n: int) -> Choice:
    """``two mana of different colors``: each set of that many distinct colors."""
    if n < 0:
        raise _Refused("X mana of different colors")
    return Choice(tuple(itertools.combinations(_COLORS, n)))


_CHOSEN = "of the chosen type"

#: The constant rules of ``mana.lark``: rule or alias -> its value (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    # costs (118, 602.1)
    "tap": CostPart("tap"),
    "untap": CostPart("untap"),
    "sacrifice_self": CostPart("sacrifice_self"),
    "discard_card": CostPart("discard", amount=1, what="card"),
    "discard_hand": CostPart("discard", what="hand"),
    "mill": CostPart("mill", amount=1),
    "exert": CostPart("exert"),
    "return_self": CostPart("return_self"),
    "self": "~",
    # products (106): "N mana <mana_kind>", a kind and its product for N (X: N = -1)
    "any_color": ("any", lambda n: AnyColor(n, combination=n > 1) if n != 1 else AnyColor(1)),
    "any_one_color": ("one_color", lambda n: AnyColor(n, combination=False)),
    "any_combination": ("combination", lambda n: AnyColor(n, combination=True)),
    "different_colors": ("different", _different_colors),
    "commander_colors": ("commander", lambda n: CommanderColors()),
    "chosen_color": ("chosen", lambda n: ChosenColor(())),
    "own_colors": ("own", lambda n: OwnColors()),
    "type": "type",
    "color": "color",
    "lands_you_control": "lands_you_control",
    "basic_lands_you_control": "basic_lands_you_control",
    "lands_opponents_control": "lands_opponents_control",
    "permanents_you_control": "permanents_you_control",
    "you": "you",
    "all": "all",
    # "where X is ...": what is counted, of what, whose
    "x_life": ("life", "", "you"),
    "x_greatest_power": ("greatest_power", "creature", "you"),
    "x_domain": ("domain", "land", "you"),
    "x_power": ("power", "", "you"),
    # further sentences: (kind, value); "spend": (spell words, sources of abilities or None)
    "spend_on_x_costs": ("spend", (frozenset({"{x}"}), None)),  # any part of a cost with {X}
    "spend_on_upkeep": ("spend", (frozenset(), None)),  # 702.24: no spell, no activation
    "of_chosen_type": _CHOSEN,
    "uncounterable": None,
    "once_each_turn": ("timing", "once_each_turn"),
    "as_sorcery": ("timing", "sorcery"),
    "as_instant": ("timing", "instant"),
    # triggered mana (106.12a): what the trigger adds
    "tm_any_color": {"adds": "any_color"},
    "tm_chosen": {"adds": "chosen_color"},
    "tm_same_type": {"adds": "same_type"},
}


@v_args(inline=True)
class _Compile(ConstantRules, constants=CONSTANTS):
    """Syntax tree -> (costs, product, sentences); ``text`` is the parsed (normal) text,
    ``name`` the card's name (``named ~``)."""

    def __init__(self, text: str, name: str = "") -> None:
        super().__init__()
        self._text = text
        self._name = name

    def start(self, costs, product, *sentences):
        if isinstance(product, _XPlusOne):
            product = product.amount(costs)
        return costs, product, list(sentences)

    # ---------------------------------------------------------------- costs
    def costs(self, *parts):
        return list(parts)

    def mana_cost(self, tok):
        try:
            return CostPart("mana", mana=ManaCost.parse(tok.value.upper()))
        except ManaCostError as exc:
            raise _Refused(str(exc)) from None

    def pay_life(self, n):
        return CostPart("life", amount=_fixed_number(n))

    def pay_energy(self, tok):
        return CostPart("energy", amount=tok.value.count("{e}"))

    def sacrifice(self, filt):
        words, named, token = filt
        return CostPart("sacrifice", amount=1, what=words, named=named, token=token)

    def sacrifice_another(self, filt):
        words, named, token = filt
        return CostPart("sacrifice", amount=1, what=words, named=named, token=token, another=True)

    def sacrifice_many(self, n, words):
        return CostPart("sacrifice", amount=max(number(n), 0), what=singular(words), variable=number(n) < 0)

    def remove_counters(self, n, kind, _self):
        return CostPart("remove_counters", amount=max(number(n), 0), what=kind, variable=number(n) < 0)

    def remove_any_counters(self, kind, _self):
        return CostPart("remove_counters", what=kind, variable=True)

    def put_counter(self, kind, _self):
        return CostPart("put_counter", amount=1, what=kind)

    def tap_untapped(self, n, words):
        return CostPart("tap_untapped", amount=_fixed_number(n), what=singular(words), another=False)

    def tap_untapped_another(self, words):
        return CostPart("tap_untapped", amount=1, what=singular(words), another=True)

    def discard_typed(self, card_type):
        return CostPart("discard", amount=1, what=card_type.value)

    def return_permanent(self, words):
        return CostPart("return", amount=1, what=words)

    def return_filter(self, words):
        return singular(" ".join(_simple(words)))

    def exile_self(self, _self, zone):
        return CostPart("exile_self", what=zone.value)

    def exile_card(self, zone):
        return CostPart("exile_card", amount=1, what=zone.value)

    def words(self, *words):
        return [w.value for w in words]

    def sac_filter(self, words, *name):
        """``a Forest``, ``an artifact``, ``a token named Wood`` (111.1, 201.2)."""
        token = words[-1] == "token"
        rest = words[:-1] if token else words
        if rest or not token:
            _simple(rest)
        return (singular(" ".join(rest)) or None), (name[0].value.strip() if name else None), token

    def plural_filter(self, words):
        return " ".join(_simple(words))

    tap_filter = plural_filter

    def counter_word(self, kind):
        return kind

    def counter_kind(self, tok):
        return tok.value

    # ---------------------------------------------------------------- products
    def fixed(self, syms):
        return Fixed(_letters(syms))

    def fixed_repeated(self, n, sym):
        return Fixed(_letters(sym) * _fixed_number(n))

    def choice(self, *options):
        return Choice(tuple(_letters(o) for o in options))

    def some_mana(self, n, kind, *where):
        """``N mana of any color`` and its kin; X is the cost's or ``where X is`` (107.3)."""
        n = number(n)
        if where and n != -1:
            raise _Refused("'where X is' without X")
        if n != 1 and kind[0] in ("commander", "reflect", "chosen", "own"):
            raise _Refused("more than one mana of a reflected, chosen or commander color")
        if where:
            count, what, whose = where[0]
            if kind[0] not in ("one_color", "combination"):
                raise _Refused("'where X is' with this kind of mana")
            return Amount(count, what, whose, any_color=kind[0] == "one_color", combination=kind[0] == "combination")
        return kind[1](n)

    def combination_of(self, a, b):
        """``three mana in any combination of {R} and/or {G}``: every bundle of those types."""
        types = _letters(a) + _letters(b)

        def build(n: int):
            if n < 0:
                return AnyColor(n, combination=True, among=types)
            return Choice(tuple(itertools.combinations_with_replacement(types, n)))
        return "among", build

    def reflect(self, kind, scope):
        return "reflect", lambda n: Reflect(kind, scope)

    def chosen_or(self, syms, n):
        if number(n) != 1:
            raise _Refused("more than one mana of the chosen color")
        return ChosenColor((_letters(syms),))

    def reflect_sacrificed(self, kind):
        return "reflect", lambda n: Reflect(kind, "sacrificed")

    def counted(self, syms, per):
        what, power, whose = per
        if " " not in what and power is None:
            return Counted(_letters(syms), what, whose)
        return Amount("permanents", what, whose, mana=_letters(syms), power_at_least=power)

    def per_permanent(self, *parts):
        """``creature``, ``basic swamp``, ``creature with defender``, ``creature with power 4
        or greater`` (the words of a permanent, a keyword it has, a least power)."""
        if isinstance(parts[0], Token):
            raise _Refused("'other' permanents are not counted")
        return _counted_permanents(*parts)

    def with_keyword(self, word):
        return "keyword", word.value

    def with_power(self, n):
        return "power", _fixed_number(n)

    def per_counter(self, syms, kind, _self):
        return Amount("counters", kind, mana=_letters(syms))

    def per_removed(self, syms, kind):
        return Amount("removed", kind, mana=_letters(syms))

    def base_and_per_removed(self, base, syms, kind):
        """``Add {W}, then add an additional {W} for each charge counter removed this way``."""
        return Amount("removed", kind, mana=_letters(syms), base=_letters(base))

    def per_power(self, an, sym):
        _an(an)
        return Amount("power", mana=_letters(sym))

    def per_devotion(self, an, sym, color):
        """``Add an amount of {G} equal to your devotion to green`` (700.5)."""
        _an(an)
        return Amount("devotion", _COLOR_LETTER[color.value], mana=_letters(sym))

    def x_plus_one(self, an, sym):
        _an(an)
        return _XPlusOne(_letters(sym))

    def per_named(self, syms, words, _self):
        """``Add {C} for each artifact you control named ~`` (201.2)."""
        return Amount("permanents", singular(" ".join(_simple(words))), "you", mana=_letters(syms),
                      named=self._name.lower() or None)

    def per_graveyard_card(self, syms, words):
        """``Add {B} for each black creature card in your graveyard`` (404)."""
        return Amount("graveyard", " ".join(_simple(words)), mana=_letters(syms))

    def x_permanents(self, *parts):
        what, power, whose = _counted_permanents(*parts)
        if power is not None:
            raise _Refused("'where X is' a count of permanents with a least power")
        return "permanents", what, whose

    def x_counters(self, kind, _self):
        return "counters", kind, "you"

    # ---------------------------------------------------------------- sentences
    def spend_on_spells(self, *parts):
        """Spell types (each entry all its words); ``of the chosen type`` adds the word
        ``chosen_type`` to the entries before it, read from the permanent's ``chosen_type``."""
        sets = [p for p in parts if isinstance(p, frozenset)]
        if _CHOSEN in parts:
            sets[0] = frozenset(f"{t} chosen_type" for t in sets[0])
        types = frozenset().union(*sets)
        abilities = next((p.entries for p in parts if isinstance(p, _Sources)), None)
        return "spend", (types, abilities)

    def ability_clause(self, sources, *chosen):
        """``or activate abilities of artifacts``: the sources whose abilities the mana may pay
        (602.2b), ``of the chosen type`` adding the word ``chosen_type`` to each."""
        return _Sources(frozenset(f"{s} chosen_type" for s in sources) if chosen else sources)

    def ability_sources(self, *parts):
        """Each source its words in the singular (``colorless eldrazi``, ``artifact``); "a creature or
        creature card" is every creature, card or permanent (a card's types are its types, 109.2)."""
        entries = {tuple(_known_singular(w) for w in words) for words in parts}
        cards = {e for e in entries if e[-1] == "card"}
        if any(len(e) < 2 or e[:-1] not in entries for e in cards):
            raise _Refused("the abilities of cards alone, not of permanents")
        return frozenset(" ".join(e) for e in entries - cards)

    def spend_on_abilities(self, *sources):
        """"Spend this mana only to activate abilities [of X]" (106.6): no spell."""
        return "spend", (frozenset(), sources[0] if sources else frozenset({ANY_SOURCE}))

    def one_of(self, *words):
        return frozenset(w.value for w in words)

    def all_of(self, a, b):
        """``an Elf creature spell``, ``colorless Eldrazi spells``: both words (a color word is
        the spell's color, 105.2)."""
        return frozenset({f"{a.value} {b.value}"})

    def spend_on_abilities_or(self, word):
        return "spend", (frozenset({word.value}), frozenset({ANY_SOURCE}))

    def damage(self, _self, n):
        return "damage", _fixed_number(n)

    def condition(self, n, what, *power):
        return "condition", _condition(n, what, power)

    def condition_total_power(self, n):
        return "condition", Condition(_fixed_number(n), "creature", total_power=True)

    def condition_counters(self, n, kind, _self):
        return "condition", Condition(_fixed_number(n), kind, counters=True)

    def per_turn(self, n):
        return "per_turn", _fixed_number(n)

    def life_loss(self, n):
        return "life_loss", _fixed_number(n)

    def instead(self, n, what, *rest):
        return "instead", (_condition(n, what, rest[:-1]), rest[-1])

    def instead_both(self, n1, words1, n2, words2, product):
        """``If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead``."""
        if _fixed_number(n1) != 1 or _fixed_number(n2) != 1:
            raise _Refused("a count in a condition of two parts")
        return "instead", (Condition(1, " ".join(_simple(words1)), also=(Condition(1, " ".join(_simple(words2))),)),
                           product)

    def instead_land_played(self, product):
        """``If you played a land this turn, add {B} instead`` (River of Tears, 305.2)."""
        return "instead", (Condition(1, "land", land_played=True), product)

    def instead_counter(self, _self, kind, product):
        """``If ~ has a luck counter on it, instead add one mana of any color``."""
        return "instead", (Condition(1, kind, counters=True), product)

    def power_clause(self, n):
        return _fixed_number(n)

    def rider(self, tree):
        return "rider", self._text[tree.meta.start_pos:tree.meta.end_pos] + "."


_COLOR_LETTER = dict(zip(COLORS, _COLORS))  # white -> W ... green -> G (105.1)


class _XPlusOne:
    """``an amount of {C} equal to X plus one``: X is the number of counters the cost removes."""

    def __init__(self, mana: tuple[str, ...]) -> None:
        self.mana = mana

    def amount(self, costs: list[CostPart]) -> Amount:
        removed = [c for c in costs if c.kind == "remove_counters" and c.variable]
        if len(removed) != 1 or any(c.kind == "mana" and c.mana is not None and c.mana.variables for c in costs):
            raise _Refused("X plus one without X counters removed")
        return Amount("removed", removed[0].what or "", mana=self.mana, base=self.mana)


def _an(tok: Token) -> None:
    if tok.value != "an":
        raise _Refused("an amount")


def _counted_permanents(words: list[str], *rest) -> tuple[str, int | None, str]:
    """The words (singular), the least power and whose permanents a count reads."""
    whose = rest[-1]
    clause = rest[0] if len(rest) == 2 else None
    if len(words) > (1 if clause else 2):
        raise _Refused("a count of permanents with further qualities")
    what = singular(" ".join(_simple(words)))
    if clause and clause[0] == "keyword":
        return f"{what} {clause[1]}", None, whose
    return what, clause[1] if clause else None, whose


def _tapped_harm(tree: Tree) -> dict[str, int] | None:
    """``{damage_when_tapped: N}`` (City of Brass) or ``{enchanted_tapped_damage: N}`` (an Aura
    harming the controller of what it enchants); ``None`` if "that X's controller" is not the
    enchanted permanent's."""
    if tree.data == "self_tapped":
        return {"damage_when_tapped": number(tree.children[-1])}
    noun, harm = tree.children
    n, *whose = [c for c in harm.children if isinstance(c, Token)]
    if whose and whose[0].value != f"{noun.value}'s":
        return None
    return {"enchanted_tapped_damage": _fixed_number(n)}


@v_args(inline=True)
class _Trigger(ConstantRules, constants=CONSTANTS):
    """A ``mana_trigger`` tree -> the board vocabulary's ``{tapped, kinds, adds, amount, of_type}``."""

    def you_tap(self, kinds, of_type, adds):
        return _trigger("your_", kinds, of_type, adds)

    def player_taps(self, kinds, of_type, adds):
        return _trigger("", kinds, of_type, adds)

    def is_tapped(self, kinds, of_type, adds):
        return _trigger("", kinds, of_type, adds)

    def enchanted_tapped(self, _noun, of_type, adds):
        return _trigger("", ("enchanted", ()), of_type, adds)

    def kind_words(self, *words):
        """``land``, ``snow land`` (a land that is snow), ``permanent``, ``nonland permanent``,
        ``creature`` / ``Forest`` (a permanent of that type or subtype)."""
        w = [t.value for t in words]
        if w[-1] in ("land", "permanent") and len(w) <= 2:
            return w[-1] + "s", tuple(w[:-1])
        if len(w) == 1:
            return "permanents", (w[0],)
        raise _Refused("a tapped permanent of several qualities")

    def kind_list(self, *words):
        return "permanents", tuple(t.value for t in words)

    def tapped_for(self, *tok):
        return tok[0].value.strip("{}").upper() if tok else None

    def tm_fixed(self, syms):
        return {"adds": "".join("{" + t + "}" for t in _letters(syms))}

    def tm_combination(self, n):
        return {"adds": "any_color", "amount": _fixed_number(n)}

    def symbols(self, *syms):
        return Tree("symbols", list(syms))


def _trigger(whose: str, kinds: tuple[str, tuple[str, ...]], of_type: str | None, adds: dict) -> dict:
    on, words = kinds
    out: dict[str, Any] = {"tapped": on if on == "enchanted" else whose + on, **adds}
    if words:
        out["kinds"] = list(words)
    if of_type:
        out["of_type"] = of_type
    return out


def _simple(words: list[str]) -> list[str]:
    """Words that are all qualities of one permanent (no "or", "with", "that" ...)."""
    if not words or any(w in ("or", "and", "and/or", "with", "without", "that", "you", "named", "other")
                        for w in words):
        raise _Refused("a compound filter")
    return words


def _condition(n: Token, what: Token, power: tuple) -> Condition:
    return Condition(_fixed_number(n), singular(what.value), power[0] if power else None)


def _fixed_number(tok: Token) -> int:
    n = number(tok)
    if n < 0:
        raise _Refused("X where a fixed number is needed")
    return n
