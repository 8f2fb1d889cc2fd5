"""The effect vocabulary read into model objects (:mod:`mtgsolver.model.effects`).

The grammar families that read what cards do (``spell``, ``activated``, ``triggered`` in
:mod:`mtgsolver.read.grammar`) write plain data a JSON round trip keeps (so the readings cache
holds it); the functions here turn it into the frozen values the rules resolve. The data mirrors
the model one to one:

- an effect is ``{KIND: {FIELD: VALUE}}``, ``KIND`` the class's name in snake case (``damage``,
  ``put_counters``, ``create_tokens`` ...) and the fields its own;
- a reference (:data:`~mtgsolver.model.effects.Ref`): ``{"target": SLOT}``, ``"source"``,
  ``"you"``, ``{"players": "each" | "opponents" | "defending"}``, ``{"each": AFFECTED, "other":
  true}``, ``{"subject": "object" | "player"}``, ``"attached"``, ``"created"``,
  ``{"controller_of": REF}``, ``{"owner_of": REF}``, ``{"chosen": {filter, count, ...}}``,
  ``{"objects": [ID, ...]}``;
- an amount: an integer, ``"x"``, ``{"count": FOR_EACH, "times": N}``, ``{"power_of": REF}``,
  ``{"toughness_of": REF}``, ``{"mana_value_of": REF}``, ``{"life_lost": REF}`` (the life a
  player lost this turn), ``"removed"`` (the counters the ability's last removal removed), ``"that_much"`` (the amount of a triggered ability's event);
- an affected set, a condition and a count are the continuous vocabulary's
  (:func:`~mtgsolver.read.vocabulary.parse_affected`, :func:`~.parse_condition`,
  :func:`~.parse_for_each`), a lasting change a ``continuous`` mapping without ``affects``;
- a token ``{name, types, subtypes, colors, power, toughness, text}`` (its text read as a
  permanent's is, 111.4), a cost part the fields of :class:`~mtgsolver.model.mana_abilities.CostPart`.

Every function raises :class:`~mtgsolver.model.errors.VocabularyError` naming what is wrong.
:func:`effect_entry` writes an effect back as that data (a board file's delayed triggered
abilities, 603.7): :func:`parse_effect` reads it back to the same value.

:func:`entry_ability` turns one entry of :func:`mtgsolver.read.oracle.parse_oracle_text` into a
keyword, a protection quality or an ability object (a static, a mana ability, an activated or a
triggered ability), and :func:`text_abilities` a whole text so, its unread lines kept as
:class:`~mtgsolver.model.abilities.TextAbility` (``docs/unread.md``): a token's text is read so.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from typing import Any, Callable, Literal, Union, get_args, get_origin

from mtgsolver.model import effects as fx
from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.continuous import ContinuousSpec
from mtgsolver.model.cards import Card
from mtgsolver.model.errors import ManaCostError, VocabularyError
from mtgsolver.model.mana import Color, ManaCost
from mtgsolver.model.mana_abilities import COST_KINDS, CostPart
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.read.vocabulary import parse_affected, parse_condition, parse_continuous, parse_for_each, parse_granted

__all__ = ["ABILITY_KEYS", "EFFECT_KINDS", "card_entry", "effect_entry", "entry_ability", "event_entry",
           "granting_activated", "parse_ability", "parse_amount", "parse_effect", "parse_event", "parse_ref", "parse_spell",
           "parse_target", "parse_token", "text_abilities"]


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


#: Effect kinds by their vocabulary name (``damage``, ``put_counters`` ...).
EFFECT_KINDS: dict[str, type] = {_snake(cls.__name__): cls for cls in get_args(fx.Effect)}
_REFS: dict[str, Any] = {"source": fx.Source(), "you": fx.You(), "attached": fx.Attached(), "created": fx.Created()}


def parse_ref(data: Any, path: str = "ref") -> fx.Ref:
    """A reference to objects or players (see the module docstring).

    :raises VocabularyError: not one of its shapes."""
    if isinstance(data, str) and data in _REFS:
        return _REFS[data]
    if isinstance(data, dict) and len(data) >= 1:
        key = next(iter(data))
        value = data[key]
        if key == "target" and len(data) == 1 and isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return fx.Targeted(value)
        if key == "players" and len(data) == 1 and value in ("each", "opponents", "defending"):
            return fx.Players(value)
        if key == "subject" and len(data) == 1 and value in ("object", "player"):
            return fx.Subject(value)
        if key == "each" and set(data) <= {"each", "other"}:
            return fx.Each(parse_affected(value, f"{path}.each"), bool(data.get("other", False)))
        if key == "chosen" and len(data) == 1:
            return fx.Chosen(**_fields(fx.Chosen, value, f"{path}.chosen", {"filter": parse_affected}))
        if key in ("controller_of", "owner_of") and len(data) == 1:
            inner = parse_ref(value, f"{path}.{key}")
            return fx.ControllerOf(inner) if key == "controller_of" else fx.OwnerOf(inner)
        if key == "objects" and len(data) == 1 and isinstance(value, list) and all(isinstance(v, str) for v in value):
            return fx.Objects(tuple(value))
    raise VocabularyError(f"{path}: {data!r} is not a reference (target, source, you, players, each, subject, "
                          "attached, created, controller_of, owner_of, chosen, objects)")


def parse_amount(data: Any, path: str = "amount") -> fx.Amount:
    """An amount: a number, X, a count, a power or toughness (see the module docstring).

    :raises VocabularyError: not one of its shapes."""
    if isinstance(data, int) and not isinstance(data, bool) and data >= 0:
        return data
    if data == "x":
        return fx.X()
    if data == "that_much":
        return fx.EventAmount()
    if data == "removed":
        return fx.Removed()
    if isinstance(data, dict) and "count" in data and set(data) <= {"count", "times"}:
        times = data.get("times", 1)
        if not isinstance(times, int) or isinstance(times, bool) or times < 1:
            raise VocabularyError(f"{path}.times expects a positive integer, got {times!r}")
        return fx.Count(parse_for_each(data["count"], f"{path}.count"), times)
    if isinstance(data, dict) and len(data) == 1 and set(data) == {"mana_value_of"}:
        return fx.ManaValueOf(parse_ref(data["mana_value_of"], f"{path}.mana_value_of"))
    if isinstance(data, dict) and len(data) == 1 and set(data) <= {"power_of", "toughness_of"}:
        key, value = next(iter(data.items()))
        ref = parse_ref(value, f"{path}.{key}")
        return fx.PowerOf(ref) if key == "power_of" else fx.ToughnessOf(ref)
    if isinstance(data, dict) and set(data) == {"life_lost"}:
        return fx.LifeLost(parse_ref(data["life_lost"], f"{path}.life_lost"))
    raise VocabularyError(f"{path}: {data!r} is not an amount (a number, x, count, power_of, toughness_of, "
                          "mana_value_of, life_lost, removed, that_much)")


def parse_target(data: Any, path: str = "target") -> fx.TargetSpec:
    """One target slot, from ``{kinds: [creature], filter: {...}, count, up_to, zone, ...}``
    (``count`` a positive integer or ``x``).

    :raises VocabularyError: naming the key that is wrong."""
    values = _fields(fx.TargetSpec, data, path, {"filter": parse_affected, "count": _target_count})
    if "kinds" not in values or not values["kinds"]:
        raise VocabularyError(f"{path}.kinds: a target slot names what it may be")
    return fx.TargetSpec(**values)


def _target_count(data: Any, path: str) -> int | fx.X:
    if data == "x":
        return fx.X()
    if not isinstance(data, int) or isinstance(data, bool) or data < 1:
        raise VocabularyError(f"{path} expects a positive integer or x, got {data!r}")
    return data


def parse_token(data: Any, path: str = "token") -> fx.Token:
    """A token's definition (111.4): its card, and its text read as a permanent's is.

    :raises VocabularyError: naming the key that is wrong."""
    if not isinstance(data, dict) or set(data) - {"name", "types", "subtypes", "supertypes", "colors", "power",
                                                  "toughness", "text"} or "name" not in data:
        raise VocabularyError(f"{path} expects {{name, types, subtypes, supertypes, colors, power, toughness, text}}")
    try:
        colors = tuple(Color.parse(c) for c in data.get("colors", []))
    except VocabularyError as exc:
        raise VocabularyError(f"{path}.colors: {exc}") from None
    card = Card(name=str(data["name"]), types=tuple(data.get("types", [])), subtypes=tuple(data.get("subtypes", [])),
                supertypes=tuple(data.get("supertypes", [])), colors=colors, power=data.get("power"),
                toughness=data.get("toughness"), text=str(data.get("text", "")))
    keywords, protections, abilities = text_abilities(card.text, card.name)
    return fx.Token(card, frozenset(keywords), frozenset(protections), tuple(abilities))


def parse_effect(data: Any, path: str = "effect") -> fx.Effect:
    """One effect, ``{KIND: {FIELD: VALUE}}``.

    :raises VocabularyError: an unknown kind or field, or a value of the wrong shape."""
    if not isinstance(data, dict) or len(data) != 1:
        raise VocabularyError(f"{path} expects one effect such as {{draw: {{amount: 1}}}}")
    kind, fields = next(iter(data.items()))
    cls = EFFECT_KINDS.get(kind)
    if cls is None:
        raise VocabularyError(f"{path}: unknown effect {kind!r}; expected one of {', '.join(sorted(EFFECT_KINDS))}")
    values = _fields(cls, fields, f"{path}.{kind}")
    if cls is fx.KeywordAction and values.get("action") not in fx.KEYWORD_ACTIONS:
        raise VocabularyError(f"{path}.{kind}.action expects one of {', '.join(fx.KEYWORD_ACTIONS)}")
    return cls(**values)


def parse_spell(data: Any, path: str = "spell") -> fx.SpellAbility:
    """An instant's or sorcery's spell ability, ``{effects, targets, kicker, additional_costs,
    uncounterable, text}``.

    :raises VocabularyError: naming the key that is wrong."""
    return fx.SpellAbility(**_fields(fx.SpellAbility, data, path))


def parse_ability(entry: Any, path: str = "ability") -> fx.ActivatedAbility | fx.TriggeredAbility:
    """``{activated: {...}}`` or ``{triggered: {...}}`` as the ability (602, 603).

    :raises VocabularyError: naming the key that is wrong."""
    if isinstance(entry, dict) and len(entry) == 1:
        key, data = next(iter(entry.items()))
        if key == "activated":
            return fx.ActivatedAbility(**_fields(fx.ActivatedAbility, data, f"{path}.activated"))
        if key == "triggered":
            return fx.TriggeredAbility(**_fields(fx.TriggeredAbility, data, f"{path}.triggered"))
    raise VocabularyError(f"{path} expects {{activated: {{...}}}} or {{triggered: {{...}}}}")


# --------------------------------------------------------------------------- a card's text
#: Entries of the effect language: what the ``activated`` and ``triggered`` families write.
ABILITY_KEYS = ("activated", "triggered")


def entry_ability(entry: Any, name: str) -> tuple[Literal["keyword", "protection", "ability"], Any]:
    """One entry as ``("keyword", k)``, ``("protection", quality)`` or ``("ability", obj)``: an
    activated or triggered ability, else what :func:`~mtgsolver.read.vocabulary.parse_granted`
    makes of it (a static, a mana ability).

    :raises VocabularyError: an entry that is none of them (with its reason).
    :raises ManaCostError: a malformed mana cost in a static's value.
    """
    if isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in ABILITY_KEYS:
        return "ability", parse_ability(entry)
    kind, value = parse_granted(entry, name)
    if isinstance(value, Static):
        value = granting_activated(value)
    return (kind if kind in ("keyword", "protection") else "ability"), value  # type: ignore[return-value]


def granting_activated(static: Static) -> Static:
    """A static that grants quoted abilities (613.1f), each quoted activated ability the activated
    family reads ("{1}, Sacrifice a permanent: This creature gains flying until end of turn.",
    Lunarch Mantle) as that ability of the objects it is granted to (113.7a: "this creature" is
    the object that has it); the others stay text, unread where they are granted."""
    spec = static.value
    if not isinstance(spec, ContinuousSpec) or not any(kind == "text" for kind, _ in spec.gains):
        return static
    from mtgsolver.read.grammar.activated import read as read_activated

    gains = []
    for kind, value in spec.gains:
        found = read_activated(value.text, "") if kind == "text" and ": " in value.text else None
        if found and len(found) == 1 and "activated" in found[0]:
            gains.append(("activated", parse_ability(found[0])))
        else:
            gains.append((kind, value))
    return dataclasses.replace(static, value=dataclasses.replace(spec, gains=tuple(gains)))


def text_abilities(text: str, name: str) -> tuple[set[str], set[str], list[Any]]:
    """The keywords, protection qualities and abilities of a card's text, unread lines kept."""
    keywords: set[str] = set()
    protections: set[str] = set()
    abilities: list[Any] = []
    understood, unread = parse_oracle_text(text, name)
    for entry in understood:
        kind, value = entry_ability(entry, name)
        if kind == "keyword":
            keywords.add(value)
        elif kind == "protection":
            protections.add(value)
        else:
            abilities.append(value)
    abilities += [TextAbility(line) for line in unread]
    return keywords, protections, abilities


# --------------------------------------------------------------------------- fields by their types
def _fields(cls: type, data: Any, path: str, special: dict[str, Callable[[Any, str], Any]] | None = None) -> dict[str, Any]:
    """The keyword arguments of ``cls`` from a mapping, each value read by its field's type."""
    if not isinstance(data, dict):
        raise VocabularyError(f"{path} expects a mapping of {', '.join(f.name for f in dataclasses.fields(cls))}")
    hints = _hints(cls)
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key not in hints:
            raise VocabularyError(f"{path}: unknown key {key!r}; expected one of {', '.join(hints)}")
        read = (special or {}).get(key)
        out[key] = read(value, f"{path}.{key}") if read else _value(hints[key], value, f"{path}.{key}")
    missing = [f.name for f in dataclasses.fields(cls) if f.name not in out and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if missing:
        raise VocabularyError(f"{path}: {', '.join(missing)} required")
    return out


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(fx))


def _value(hint: Any, value: Any, path: str) -> Any:
    """``value`` read as the type ``hint`` of a field of the effect language."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is fx.Ref or hint == fx.Ref:
        return parse_ref(value, path)
    if hint == fx.Amount:
        return parse_amount(value, path)
    if origin in (Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return None if value is None else _value(rest[0] if len(rest) == 1 else Union[tuple(rest)], value, path)
    if origin is tuple:
        if not isinstance(value, list):
            raise VocabularyError(f"{path} expects a list")
        item = args[0]
        return tuple(_value(item, v, f"{path}[{i}]") for i, v in enumerate(value))
    if origin is frozenset:
        if not isinstance(value, list):
            raise VocabularyError(f"{path} expects a list")
        return frozenset(str(v) for v in value)
    if origin is typing.Literal:
        if value not in args:
            raise VocabularyError(f"{path} expects one of {', '.join(map(str, args))}, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise VocabularyError(f"{path} expects true or false, got {value!r}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise VocabularyError(f"{path} expects an integer, got {value!r}")
        return value
    if hint is str:
        return str(value)
    return _READERS[hint](value, path)


def _mana(value: Any, path: str) -> ManaCost:
    try:
        return ManaCost.parse(str(value))
    except ManaCostError as exc:
        raise VocabularyError(f"{path}: {exc}") from None


def _cost_part(value: Any, path: str) -> CostPart:
    values = _fields(CostPart, value, path, {"mana": _mana})
    if values.get("kind") not in COST_KINDS:
        raise VocabularyError(f"{path}.kind expects one of {', '.join(sorted(COST_KINDS))}")
    return CostPart(**values)


def _continuous(value: Any, path: str) -> Any:
    if isinstance(value, dict) and "affects" in value:
        raise VocabularyError(f"{path}: a lasting change applies to what the effect names, not to an affects set")
    return parse_continuous(value)


def parse_event(value: Any, path: str = "event") -> fx.TriggerEvent:
    """A trigger event, ``{kind, subject, whose, other, one_or_more, owner}``.

    :raises VocabularyError: naming the key that is wrong."""
    return fx.TriggerEvent(**_fields(fx.TriggerEvent, value, path, {"subject": _affected}))


def _cost_reduction(value: Any, path: str) -> fx.CostReduction:
    return fx.CostReduction(**_fields(fx.CostReduction, value, path, {"mana": _mana, "per": parse_for_each}))


def _affected(value: Any, path: str) -> Any:
    return None if value is None else parse_affected(value, path)


_READERS: dict[Any, Callable[[Any, str], Any]] = {
    fx.DamagePart: lambda value, path: fx.DamagePart(**_fields(fx.DamagePart, value, path)),
    fx.Effect: parse_effect,
    fx.TargetSpec: parse_target,
    fx.Token: parse_token,
    fx.TriggerEvent: parse_event,
    fx.Affected: parse_affected,
    fx.Condition: parse_condition,
    fx.ContinuousSpec: _continuous,
    ManaCost: _mana,
    CostPart: _cost_part,
    fx.CostReduction: _cost_reduction,
}


# --------------------------------------------------------------------------- values written back
def effect_entry(effect: fx.Effect) -> dict[str, Any]:
    """An effect as the data :func:`parse_effect` reads: ``{KIND: {FIELD: VALUE}}``, the fields
    that differ from their defaults."""
    fields = {f.name: _entry(getattr(effect, f.name), _hints(type(effect))[f.name]) for f in dataclasses.fields(effect)
              if not _is_default(effect, f)}
    return {_snake(type(effect).__name__): fields}


def event_entry(event: fx.TriggerEvent) -> dict[str, Any]:
    """A trigger event as the data :func:`parse_event` reads."""
    return {f.name: _entry(getattr(event, f.name), _hints(fx.TriggerEvent)[f.name])
            for f in dataclasses.fields(event) if not _is_default(event, f)}


def _is_default(value: Any, f: dataclasses.Field[Any]) -> bool:
    if f.default is not dataclasses.MISSING:
        return bool(getattr(value, f.name) == f.default)
    return f.default_factory is not dataclasses.MISSING and getattr(value, f.name) == f.default_factory()


_REF_NAMES = {fx.Source: "source", fx.You: "you", fx.Attached: "attached", fx.Created: "created"}


def _ref_entry(ref: Any) -> Any:
    if type(ref) in _REF_NAMES:
        return _REF_NAMES[type(ref)]
    if isinstance(ref, fx.Targeted):
        return {"target": ref.slot}
    if isinstance(ref, fx.Players):
        return {"players": ref.which}
    if isinstance(ref, fx.Subject):
        return {"subject": ref.what}
    if isinstance(ref, fx.Each):
        return {"each": ref.filter.to_mapping(), **({"other": True} if ref.other else {})}
    if isinstance(ref, (fx.ControllerOf, fx.OwnerOf)):
        return {"controller_of" if isinstance(ref, fx.ControllerOf) else "owner_of": _ref_entry(ref.of)}
    if isinstance(ref, fx.Objects):
        return {"objects": list(ref.ids)}
    if isinstance(ref, fx.Chosen):
        return {"chosen": {f.name: _entry(getattr(ref, f.name), _hints(fx.Chosen)[f.name])
                           for f in dataclasses.fields(ref) if not _is_default(ref, f)}}
    raise AssertionError(ref)


def _amount_entry(amount: Any) -> Any:
    if isinstance(amount, int):
        return amount
    if isinstance(amount, fx.X):
        return "x"
    if isinstance(amount, fx.Count):
        return {"count": amount.of.to_mapping(), **({"times": amount.times} if amount.times != 1 else {})}
    if isinstance(amount, fx.ManaValueOf):
        return {"mana_value_of": _ref_entry(amount.of)}
    if isinstance(amount, (fx.PowerOf, fx.ToughnessOf)):
        return {"power_of" if isinstance(amount, fx.PowerOf) else "toughness_of": _ref_entry(amount.of)}
    if isinstance(amount, fx.LifeLost):
        return {"life_lost": _ref_entry(amount.of)}
    if isinstance(amount, fx.Removed):
        return "removed"
    raise AssertionError(amount)


def card_entry(card: Card) -> dict[str, Any]:
    """A card's entry as a board file writes it: its printed characteristics, in the card's own
    order, the ones without a value left out (an inline card's, a token's)."""
    out: dict[str, Any] = {"name": card.name, "types": list(card.types)}
    for f in ("supertypes", "subtypes"):
        if getattr(card, f):
            out[f] = list(getattr(card, f))
    if card.colors is not None:
        out["colors"] = [c.value for c in card.colors]
    if card.mana_cost is not None:
        out["mana_cost"] = str(card.mana_cost)
    for f in ("power", "toughness"):
        if getattr(card, f) is not None:
            out[f] = getattr(card, f)
    if card.text:
        out["text"] = card.text
    return out


def _entry(value: Any, hint: Any) -> Any:
    """``value`` of a field of type ``hint`` as data (the inverse of :func:`_value`)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is fx.Ref or hint == fx.Ref:
        return _ref_entry(value)
    if hint == fx.Amount:
        return _amount_entry(value)
    if origin in (Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return None if value is None else _entry(value, rest[0] if len(rest) == 1 else Union[tuple(rest)])
    if origin is tuple:
        return [_entry(v, args[0]) for v in value]
    if origin is frozenset:
        return sorted(value)
    if hint in (bool, int, str) or origin is typing.Literal:
        return value
    if hint is fx.Effect:
        return effect_entry(value)
    if hint is fx.TriggerEvent:
        return event_entry(value)
    if hint is fx.Token:
        return card_entry(value.card)
    if hint is fx.DamagePart:
        return {"amount": _amount_entry(value.amount), "to": _ref_entry(value.to)}
    if hint is ManaCost:
        return str(value)
    if hint is CostPart:
        return {f.name: (str(getattr(value, f.name)) if f.name == "mana" else getattr(value, f.name))
                for f in dataclasses.fields(value) if not _is_default(value, f) or f.name == "kind"}
    return value.to_mapping()  # Affected, Condition, ContinuousSpec
