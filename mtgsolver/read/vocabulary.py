"""The board vocabulary read into model objects: abilities, filters, costs, continuous effects.

A permanent's ``abilities`` list in a board file (``docs/board-format.md``), and what the Oracle
grammars make of a printed line (:mod:`mtgsolver.read.oracle`), are the same vocabulary: names
(``lure``) and one-key mappings (``{min_blockers: 3}``, ``{continuous: {...}}``). Each function
here turns one such value into the frozen data of :mod:`mtgsolver.model` and raises
:class:`~mtgsolver.model.errors.VocabularyError` with a message for the user naming the key
that is wrong (the board reader adds the file and the field path). The data's
``to_mapping`` writes the same vocabulary back.

- :func:`parse_static`: one entry of ``abilities`` (509.1, 508.1, 702, 613 as a ``continuous``);
- :func:`parse_granted`: one entry an effect grants (a keyword, protection, a static, a mana ability);
- :func:`parse_creature_filter`, :func:`parse_player_filter`, :func:`parse_attack_tax`,
  :func:`parse_mana_trigger`;
- :func:`parse_continuous` and its parts :func:`parse_affected`, :func:`parse_condition`,
  :func:`parse_for_each`, :func:`parse_card_count`, :func:`parse_bound_rule` (611.3, 613).
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from mtgsolver.model.abilities import STATIC_VOCABULARY, Static
from mtgsolver.model.attack_tax import COVERS, PLURALS, AttackTax
from mtgsolver.model.copies import EntersAsCopy
from mtgsolver.model.continuous import (
    ATTACHED_TO,
    ATTACHMENTS,
    BOARD_RULE_KINDS,
    CARD_OWNERS,
    CARD_ZONES,
    CONDITION_KEYS,
    CONTROLLERS,
    FILTER_KINDS,
    FOR_EACH_KEYS,
    NUMBER_KINDS,
    PERMANENT_MODIFIERS,
    SETTING_KEYS,
    SHARES,
    SPEC_KEYS,
    X_BOUNDS,
    Affected,
    BoundRule,
    CardCount,
    Condition,
    ContinuousSpec,
    ForEach,
)
from mtgsolver.model.errors import ManaAbilityError, ManaCostError, VocabularyError
from mtgsolver.model.filters import COMPARISON_KEYS, STATS, Comparison, CreatureFilter, PlayerFilter
from mtgsolver.model.keywords import canonical_keyword, is_landwalk
from mtgsolver.model.mana import MANA_TYPES, Color, ManaCost
from mtgsolver.model.mana_abilities import TRIGGER_ON, ManaTrigger, bundle_of
from mtgsolver.model.abilities import TextAbility
from mtgsolver.model.subtypes import subtypes

__all__ = ["parse_affected", "parse_attack_tax", "parse_bound_rule", "parse_card_count", "parse_condition",
           "parse_continuous", "parse_creature_filter", "parse_for_each", "parse_granted", "parse_mana_trigger",
           "parse_player_filter", "parse_static"]


def _words(value: Any, path: str) -> frozenset[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise VocabularyError(f"{path} expects a list of words, got {value!r}")
    return frozenset(v.strip().lower() for v in value)


def _colors(value: Any, path: str) -> frozenset[Color]:
    return frozenset(Color.parse(c) for c in _words(value, path))


def _keywords(value: Any, path: str) -> frozenset[str]:
    return frozenset(canonical_keyword(k) for k in _words(value, path))


def _int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VocabularyError(f"{path} expects an integer, got {value!r}")
    return value


def _pair(value: Any, path: str) -> tuple[int, int]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise VocabularyError(f"{path} expects [power, toughness], got {value!r}")
    return _int(value[0], path), _int(value[1], path)


def parse_static(entry: Any) -> Static:
    """Parse one vocabulary entry.

    :raises KeyError: ``entry`` is not a static ability's name (a keyword, perhaps).
    :raises VocabularyError: a static ability of the wrong shape, with a message for the user.
    """
    if isinstance(entry, str):
        name, value, bare = entry.strip().lower().replace(" ", "_"), None, True
    elif isinstance(entry, dict) and len(entry) == 1:
        (name, value), bare = next(iter(entry.items())), False
        name = str(name).strip().lower().replace(" ", "_")
    else:
        raise VocabularyError("expected an ability name or a one-key mapping such as {min_blockers: 3}")
    if name not in STATIC_VOCABULARY:
        raise KeyError(name)
    kind = STATIC_VOCABULARY[name]
    if kind is None:
        if not bare and value not in (None, True):
            raise VocabularyError(f"{name} takes no value")
        return Static(name)
    if kind == "flag_or_target":
        if bare or value in (None, True):
            return Static(name)
        if not isinstance(value, str):
            raise VocabularyError(f"{name} expects true or a name, got {value!r}")
        return Static(name, value)
    if bare:
        raise VocabularyError(f"{name} needs a value, e.g. {{{name}: {_EXAMPLES[kind]}}}")
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise VocabularyError(f"{name} expects a non-negative integer, got {value!r}")
        return Static(name, value)
    if kind == "filter":
        return Static(name, parse_creature_filter(value))
    if kind == "filters":  # one filter, or a list of which any may match
        items = value if isinstance(value, list) else [value]
        if not items:
            raise VocabularyError(f"{name} expects a filter or a non-empty list of filters")
        return Static(name, tuple(parse_creature_filter(v) for v in items))
    if kind == "permanent_kind":
        if value not in ("creature", "land"):
            raise VocabularyError(f"{name} expects creature or land, got {value!r}")
        return Static(name, value)
    if kind == "player":
        if not isinstance(value, str):
            raise VocabularyError(f"{name} expects a player's name, got {value!r}")
        return Static(name, value)
    if kind == "activation_scope":
        if value not in ("all", "non_mana", "tap"):
            raise VocabularyError(f"{name} expects all, non_mana or tap, got {value!r}")
        return Static(name, value)
    if kind == "landwalk":
        key = str(value).strip().lower().replace(" ", "_")
        if not is_landwalk(key):
            raise VocabularyError(f"{name} expects a landwalk keyword such as forestwalk, got {value!r}")
        return Static(name, key)
    if kind == "player_filter":
        return Static(name, parse_player_filter(value))
    if kind == "cost":
        return Static(name, ManaCost.parse(str(value)))
    if kind == "attack_tax":
        if isinstance(value, dict):
            return Static(name, parse_attack_tax(value))
        return Static(name, ManaCost.parse(str(value)))
    if kind == "spell_reduction":
        n = value.get("n") if isinstance(value, dict) else None
        if not (isinstance(value, dict) and set(value) <= {"n", "spells"} and isinstance(n, int)
                and not isinstance(n, bool) and n > 0):
            raise VocabularyError(f"{name} expects {{n: N, spells: {{types: [creature]}}}} with N of 1 or more, "
                                  f"got {value!r}")
        return Static(name, (n, parse_affected(value.get("spells", {}), f"{name}.spells")))
    if kind == "battalion":
        gets = value.get("gets") if isinstance(value, dict) and set(value) == {"gets"} else None
        if not (isinstance(gets, list) and len(gets) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in gets)):
            raise VocabularyError(f"{name} expects {{gets: [P, T]}} with non-negative integers, got {value!r}")
        return Static(name, (gets[0], gets[1]))
    if kind == "mana_type":
        letter = str(value).strip().strip("{}").upper()
        if letter not in ("W", "U", "B", "R", "G", "C"):
            raise VocabularyError(f"{name} expects a mana type W, U, B, R, G or C, got {value!r}")
        return Static(name, letter)
    if kind == "land_type":
        land = str(value).strip().lower()
        land = {"plains": "plains", "islands": "island", "swamps": "swamp", "mountains": "mountain",
                "forests": "forest"}.get(land, land)
        if land not in ("plains", "island", "swamp", "mountain", "forest"):
            raise VocabularyError(f"{name} expects a basic land type (plains, island, swamp, mountain, forest), "
                                  f"got {value!r}")
        return Static(name, land)
    if kind == "mana_trigger":
        return Static(name, parse_mana_trigger(value))
    if kind == "copy_choice":
        return Static(name, parse_copy_choice(value, name))
    if kind == "continuous":
        return Static(name, parse_continuous(value))
    if kind == "grants":  # an Aura's or Equipment's "enchanted/equipped creature has ..." (613.1f)
        if not isinstance(value, list):
            raise VocabularyError(f"{name} expects a list of keywords and abilities")
        return Static(name, ContinuousSpec(affects=Affected(attached=True), gains=tuple(parse_granted(e) for e in value)))
    raise AssertionError(kind)


_EXAMPLES = {
    "int": "2",
    "filter": "{power_at_most: 2}",
    "filters": "{power_greater_than: own_power}",
    "player_filter": "{controls: island}",
    "cost": '"{2}"',
    "attack_tax": '"{2}"',
    "grants": "[flying]",
    "continuous": "{affects: {types: [creature], controller: you}, gets: [1, 1]}",
    "mana_type": "B",
    "land_type": "plains",
    "mana_trigger": '{tapped: enchanted, adds: "{G}"}',
    "battalion": "{gets: [2, 2]}",
    "spell_reduction": "{n: 1, spells: {types: [creature], colors: [green]}}",
    "landwalk": "forestwalk",
    "activation_scope": "all",
    "copy_choice": "{types: [creature], controller: you}",
}

#: The card types a permanent may enter as a copy of, or add with "except it's a ..." (205.2a).
_COPY_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})


def parse_copy_choice(value: Any, name: str = "enters_as_copy") -> EntersAsCopy:
    """``{types: [creature], controller: you | any, adds_types: [...], adds_subtypes: [...]}``
    (707.2, 707.9b).

    :raises VocabularyError: a key or value that is wrong.
    """
    keys = {"types", "controller", "adds_types", "adds_subtypes"}
    if not isinstance(value, dict) or not set(value) <= keys or "types" not in value:
        raise VocabularyError(f"{name} expects {{types: [creature], controller: you | any}} with optional "
                              f"adds_types and adds_subtypes, got {value!r}")
    types = _words(value["types"], f"{name}.types")
    added = _words(value.get("adds_types", []), f"{name}.adds_types")
    if not types or not types <= _COPY_TYPES or not added <= _COPY_TYPES:
        raise VocabularyError(f"{name}.types and adds_types are permanent card types ({', '.join(sorted(_COPY_TYPES))})")
    controller = value.get("controller", "any")
    if controller not in ("you", "any"):
        raise VocabularyError(f"{name}.controller expects you or any, got {controller!r}")
    adds_subtypes = value.get("adds_subtypes", [])
    if not isinstance(adds_subtypes, list) or not all(isinstance(w, str) for w in adds_subtypes):
        raise VocabularyError(f"{name}.adds_subtypes expects a list of subtypes")
    return EntersAsCopy(types, controller, tuple(w.lower() for w in value.get("adds_types", [])),
                        tuple(w.lower() for w in adds_subtypes))


def parse_granted(entry: Any, name: str = "") -> tuple[str, Any]:
    """One granted entry as ``("keyword", k)``, ``("protection", q)``, ``("static", Static)``
    or ``("mana", ManaAbility)``.

    :raises VocabularyError: it is none of them.
    """
    from mtgsolver.read.grammar.mana import parse_mana_ability  # lark loads only for text that needs it

    if isinstance(entry, dict) and len(entry) == 1 and "protection" in entry:
        return "protection", str(entry["protection"]).strip().lower()
    if isinstance(entry, dict) and len(entry) == 1 and "text" in entry:
        return "text", TextAbility(str(entry["text"]))
    try:
        return "static", parse_static(entry)
    except KeyError:
        pass
    if isinstance(entry, str):
        try:
            return "keyword", canonical_keyword(entry)
        except VocabularyError:
            pass
        if ":" in entry:
            try:
                return "mana", parse_mana_ability(entry, name)
            except ManaAbilityError as exc:
                raise VocabularyError(str(exc)) from None
    raise VocabularyError(f"unknown keyword or ability {entry!r}")


def parse_creature_filter(data: Any) -> CreatureFilter:
    """Build from ``{power_at_most: 2}``.

    :raises VocabularyError: naming a bad key.
    """
    if not isinstance(data, dict) or not data:
        raise VocabularyError("expected a filter mapping such as {power_at_most: 2}")
    known = {f.name for f in fields(CreatureFilter)} - {"compared"}
    values: dict[str, Any] = {}
    compared: list[Comparison] = []
    for key, value in data.items():
        if key in COMPARISON_KEYS and isinstance(value, str):
            own = value.strip().lower()
            if not own.startswith("own_") or own[4:] not in STATS:
                raise VocabularyError(f"{key} expects an integer or one of own_power, own_toughness, own_mana_value, "
                                      f"got {value!r}")
            compared.append(Comparison(*COMPARISON_KEYS[key], own[4:]))
            continue
        if key in COMPARISON_KEYS and key not in known:
            raise VocabularyError(f"{key} expects one of own_power, own_toughness, own_mana_value, got {value!r}")
        if key not in known:
            raise VocabularyError(f"unknown filter key {key!r}; expected one of {sorted(known | set(COMPARISON_KEYS))}")
        if key in ("color", "not_color", "keyword", "not_keyword", "type", "subtype", "supertype") \
                and not isinstance(value, str):
            raise VocabularyError(f"{key} expects a word, got {value!r}")
        if key in ("color", "not_color"):
            values[key] = Color.parse(value)
        elif key in ("keyword", "not_keyword"):
            values[key] = canonical_keyword(value)
        elif key in ("type", "subtype", "supertype"):
            values[key] = value.lower()
        elif key == "colorless":
            if not isinstance(value, bool):
                raise VocabularyError(f"colorless expects true or false, got {value!r}")
            values[key] = value
        else:
            if isinstance(value, bool) or not isinstance(value, int):
                raise VocabularyError(f"{key} expects an integer, got {value!r}")
            values[key] = value
    return CreatureFilter(**values, compared=tuple(compared))


def parse_player_filter(data: Any) -> PlayerFilter:
    """A player filter from ``{controls: island}`` (with ``power_at_least``/``power_at_most``).

    :raises VocabularyError: naming the key that is wrong.
    """
    if not isinstance(data, dict) or not data:
        raise VocabularyError("expected a player filter such as {controls: island}")
    known = {f.name for f in fields(PlayerFilter)}
    for key in data:
        if key not in known:
            raise VocabularyError(f"unknown player filter key {key!r}; expected one of {sorted(known)}")
    values = dict(data)
    if "controls" in values:
        values["controls"] = str(values["controls"]).lower()
    elif {"power_at_least", "power_at_most"} & set(values):
        raise VocabularyError("power_at_least and power_at_most bound the permanent of controls; give controls too")
    return PlayerFilter(**values)


def parse_attack_tax(value: Any) -> AttackTax:
    """Parse ``{cost, covers?, x_counts?}``.

    :raises VocabularyError: a value that is not such an entry.
    """
    if not isinstance(value, dict) or "cost" not in value:
        raise VocabularyError('attack_tax expects a cost such as "{2}" or a mapping {cost: "{X}", '
                              "x_counts: enchantment, covers: you_and_planeswalkers}")
    extra = set(value) - {"cost", "covers", "x_counts"}
    if extra:
        raise VocabularyError(f"attack_tax: unknown field {sorted(extra)[0]!r}; it takes cost, covers and x_counts")
    cost = ManaCost.parse(str(value["cost"]))
    covers = str(value.get("covers", "you")).strip().lower()
    if covers not in COVERS:
        raise VocabularyError(f"attack_tax: covers must be {' or '.join(COVERS)}, got {value.get('covers')!r}")
    counts = value.get("x_counts")
    has_x = any(s.variable for s in cost.symbols)
    if counts is not None:
        counts = str(counts).strip().lower()
        counts = PLURALS.get(counts, counts)
        if not has_x:
            raise VocabularyError(f"attack_tax: x_counts is given but the cost {cost} has no {{X}}")
    elif has_x:
        raise VocabularyError(f"attack_tax: the cost {cost} has {{X}}; say what X counts with x_counts (107.3c)")
    return AttackTax(cost, covers == "you_and_planeswalkers", counts)


def parse_mana_trigger(value: Any) -> ManaTrigger:
    """``{tapped: lands|your_lands|permanents|your_permanents|enchanted, kinds: [forest],
    adds: "{G}"|same_type|any_color|chosen_color, amount: 2, of_type: G}``.

    :raises VocabularyError: a value that is not such an entry.
    """
    if not isinstance(value, dict):
        raise VocabularyError('mana_trigger expects a mapping such as {tapped: enchanted, adds: "{G}"}')
    value = {("tapped" if k in (True, "on") else k): v for k, v in value.items()}  # YAML 1.1 reads on: as true
    unknown = set(value) - {"tapped", "adds", "of_type", "kinds", "amount"}
    if unknown:
        raise VocabularyError(f"mana_trigger: unknown key {sorted(map(str, unknown))[0]!r}; keys are tapped, kinds, "
                              "adds, amount, of_type")
    kinds = value.get("kinds", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if not isinstance(kinds, list) or not all(isinstance(k, str) and k.strip() for k in kinds):
        raise VocabularyError("mana_trigger.kinds must be a list of words such as [forest] or [creature]")
    kinds = tuple(k.strip().lower() for k in kinds)
    amount = value.get("amount", 1)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise VocabularyError(f"mana_trigger.amount must be a whole number of at least 1, got {amount!r}")
    on = str(value.get("tapped", "")).strip().lower()
    if on not in TRIGGER_ON:
        raise VocabularyError(f"mana_trigger.tapped must be one of {', '.join(TRIGGER_ON)}, "
                              f"got {value.get('tapped')!r}")
    adds = str(value.get("adds", "")).strip()
    of_type = value.get("of_type")
    if of_type is not None:
        of_type = str(of_type).strip().upper()
        if of_type not in MANA_TYPES:
            raise VocabularyError(f"mana_trigger.of_type must be one of W U B R G C, got {value['of_type']!r}")
    if amount != 1 and adds.lower() != "any_color":
        raise VocabularyError("mana_trigger.amount goes with adds: any_color")
    if adds.lower() in ("same_type", "chosen_color", "any_color"):
        return ManaTrigger(on, adds.lower(), (), of_type, kinds, amount)
    try:
        cost = ManaCost.parse(adds)
    except ManaCostError:
        cost = None
    letters = [s.options[0] for s in cost.symbols if s.options] if cost else []
    if not letters or any(s.is_generic or s.variable or s.alt_generic or s.phyrexian or s.snow
                          or len(s.options) != 1 or s.options[0] not in MANA_TYPES for s in cost.symbols):
        raise VocabularyError(f'mana_trigger.adds must be mana such as "{{G}}", same_type, any_color or chosen_color, '
                              f'got {adds!r}')
    return ManaTrigger(on, "fixed", bundle_of(letters), of_type, kinds)


def parse_affected(data: Any, path: str = "affects") -> Affected:
    """The permanents an effect affects, from ``{controller: you, types: [creature]}``.

    :raises VocabularyError: naming the key that is wrong.
    """
    if not isinstance(data, dict):
        raise VocabularyError(f"{path} expects a mapping such as {{controller: you, types: [creature]}}")
    known = {f.name for f in fields(Affected)}
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in known:
            raise VocabularyError(f"{path}: unknown key {key!r}; expected one of {', '.join(sorted(known))}")
        where = f"{path}.{key}"
        if key == "controller":
            if value not in CONTROLLERS:
                raise VocabularyError(f"{where} expects one of {', '.join(CONTROLLERS)}, got {value!r}")
            values[key] = value
        elif key in ("colors", "not_colors"):
            values[key] = _colors(value, where)
        elif key in ("keywords", "not_keywords"):
            values[key] = _keywords(value, where)
        elif key in ("other", "attached", "self", "attacking", "blocking", "token", "tapped", "multicolored",
                     "colorless", "commander", "chosen_type", "chosen_color", "highest_mana_value",
                     "paired"):
            if not isinstance(value, bool):
                raise VocabularyError(f"{where} expects true or false, got {value!r}")
            values[key] = value
        elif key in ("named", "counter"):
            values[key] = str(value)
        elif key == "not_attacking":
            if not isinstance(value, bool):
                raise VocabularyError(f"{where} expects true or false, got {value!r}")
            values[key] = value
        elif key == "x_bounds":
            if not isinstance(value, list) or not set(value) <= set(X_BOUNDS):
                raise VocabularyError(f"{where} expects a list of {', '.join(X_BOUNDS)}")
            values[key] = frozenset(value)
        elif key == "x_count":
            values[key] = parse_for_each(value, where)
        elif key == "shares_with_attached":
            if value not in SHARES:
                raise VocabularyError(f"{where} expects one of {', '.join(SHARES)}, got {value!r}")
            values[key] = value
        elif key.startswith("controller_graveyard"):
            values[key] = _int(value, where)
        elif key == "attachments":
            if value not in ATTACHMENTS:
                raise VocabularyError(f"{where} expects one of {', '.join(ATTACHMENTS)}, got {value!r}")
            values[key] = value
        elif key.startswith(("power", "toughness", "mana_value")):
            values[key] = _int(value, where)
        elif key == "any_of":
            if not isinstance(value, list) or not value:
                raise VocabularyError(f"{where} expects a list of affected sets such as [{{subtypes: [zombie]}}]")
            values[key] = tuple(parse_affected(v, f"{where}[{i}]") for i, v in enumerate(value))
        else:
            values[key] = _words(value, where)
    return Affected(**values)


def parse_condition(data: Any, path: str = "condition") -> Condition:
    """A condition of an effect, from ``{controls: {...}}`` and its kin (with at_least, at_most, not).

    :raises VocabularyError: naming the key that is wrong.
    """
    if not isinstance(data, dict):
        raise VocabularyError(f"{path} expects a mapping such as {{controls: {{types: [artifact]}}}}")
    keys = [k for k in data if k in CONDITION_KEYS]
    extra = set(data) - set(CONDITION_KEYS) - {"at_least", "at_most", "not"}
    if len(keys) != 1 or extra:
        raise VocabularyError(f"{path} expects exactly one of {', '.join(CONDITION_KEYS)} "
                              "(with at_least, at_most, not)")
    kind = keys[0]
    value = data[kind]
    negate = bool(data.get("not", False))
    at_least = _int(data.get("at_least", 1), f"{path}.at_least")
    if "at_most" in data and kind != "counters_on_source":
        raise VocabularyError(f"{path}.at_most bounds counters_on_source only")
    if kind in FILTER_KINDS:
        return Condition(kind, parse_affected(value, f"{path}.{kind}"), at_least, True, negate)
    if kind == "cards_in_graveyard":
        return Condition(kind, None, _int(value, f"{path}.{kind}"), True, negate)
    if kind == "graveyard_cards":
        return Condition(kind, None, at_least, tuple(sorted(_words(value, f"{path}.{kind}"))), negate)
    if kind == "counters_on_source":
        at_most = _int(data["at_most"], f"{path}.at_most") if "at_most" in data else None
        return Condition(kind, None, at_least, str(value), negate, at_most)
    if kind in NUMBER_KINDS:
        return Condition(kind, None, 1, _int(value, f"{path}.{kind}"), negate)
    if kind == "day_night":
        if value not in ("day", "night"):
            raise VocabularyError(f"{path}.day_night expects day or night, got {value!r}")
        return Condition(kind, None, 1, value, negate)
    return Condition(kind, None, 1, bool(value), negate)


def parse_card_count(data: Any, path: str) -> CardCount:
    """Cards counted in a zone, from ``{zone: graveyard, whose: you, types: [...]}``.

    :raises VocabularyError: naming the key that is wrong.
    """
    if not isinstance(data, dict) or set(data) - {"zone", "whose", "types", "named"}:
        raise VocabularyError(f"{path} expects {{zone: graveyard | hand, whose: you | its_controller | all, "
                              "types: [...], named: NAME}")
    zone, whose = data.get("zone"), data.get("whose", "you")
    if zone not in CARD_ZONES:
        raise VocabularyError(f"{path}.zone expects one of {', '.join(CARD_ZONES)}, got {zone!r}")
    if whose not in CARD_OWNERS:
        raise VocabularyError(f"{path}.whose expects one of {', '.join(CARD_OWNERS)}, got {whose!r}")
    types = _words(data.get("types", []), f"{path}.types")
    named = str(data["named"]) if "named" in data else None
    if (types or named) and zone == "hand":
        raise VocabularyError(f"{path}: the cards in a hand are hidden (402.3); count the cards only")
    return CardCount(zone, whose, types, named)


def parse_for_each(data: Any, path: str = "for_each") -> ForEach:
    """What an effect counts, from ``{permanents: FILTER, plus: N}`` and its kin.

    :raises VocabularyError: naming the key that is wrong.
    """
    keys = [k for k in (data if isinstance(data, dict) else ()) if k in FOR_EACH_KEYS]
    allowed = {keys[0], "plus", "subtracted"} | (set(PERMANENT_MODIFIERS) if keys == ["permanents"] else set()) \
        if keys else set()
    if not isinstance(data, dict) or len(keys) != 1 or set(data) - allowed:
        raise VocabularyError(f"{path} expects one of {', '.join(FOR_EACH_KEYS)} (with plus and subtracted; "
                              f"permanents with {', '.join(PERMANENT_MODIFIERS)})")
    if data.get("subtracted"):  # "20 minus the highest life total among players"
        return replace(parse_for_each({k: v for k, v in data.items() if k != "subtracted"}, path), subtracted=True)
    key, value = keys[0], data[keys[0]]
    plus = _int(data.get("plus", 0), f"{path}.plus")
    if key == "permanents":
        filters = value if isinstance(value, list) and value else [value]
        made = [parse_affected(f, f"{path}.permanents" + (f"[{i}]" if len(filters) > 1 else ""))
                for i, f in enumerate(filters)]
        attached_to = data.get("attached_to")
        if attached_to is not None and attached_to not in ATTACHED_TO:
            raise VocabularyError(f"{path}.attached_to expects one of {', '.join(ATTACHED_TO)}, got {attached_to!r}")
        counters = str(data["counters"]) if "counters" in data else None
        flags = {k: bool(data[k]) for k in ("shares_creature_type", "same_name") if k in data}
        return ForEach(permanents=made[0], also=tuple(made[1:]), attached_to=attached_to, counters=counters, plus=plus,
                   **flags)
    if key == "mana_symbols_of_it":
        return ForEach(mana_symbols_of_it=Color.parse(str(value)).word, plus=plus)
    if key in ("counters_on_source", "counters_on_it"):
        return ForEach(**{key: str(value)}, plus=plus)
    if key in ("colors_among", "basic_land_types_among"):
        return ForEach(**{key: parse_affected(value, f"{path}.{key}")}, plus=plus)
    if key == "cards":
        return ForEach(cards=parse_card_count(value, f"{path}.cards"), plus=plus)
    return ForEach(**{key: bool(value)}, plus=plus)


def parse_continuous(data: Any, name: str = "") -> ContinuousSpec:
    """Build and validate.

    :raises VocabularyError: naming the key that is wrong.
    """
    if not isinstance(data, dict):
        raise VocabularyError("continuous expects a mapping such as {affects: {types: [creature]}, gets: [1, 1]}")
    unknown = set(data) - set(SPEC_KEYS)
    if unknown:
        raise VocabularyError(f"continuous: unknown key {sorted(map(str, unknown))[0]!r}; "
                              f"keys are {', '.join(SPEC_KEYS)}")
    v: dict[str, Any] = {}
    for key, value in data.items():
        where = f"continuous.{key}"
        if key == "affects":
            v[key] = parse_affected(value, where)
        elif key == "condition":
            items = value if isinstance(value, list) else [value]
            v[key] = tuple(parse_condition(c, f"{where}[{i}]") for i, c in enumerate(items))
        elif key in ("add_types", "remove_types", "add_subtypes", "add_supertypes", "remove_supertypes",
                     "set_land_types"):
            v[key] = _words(value, where)
        elif key in ("set_colors", "add_colors"):
            v[key] = _colors(value, where) if value != [] else frozenset()
        elif key in ("loses", "cant_have"):
            v[key] = _keywords(value, where)
        elif key in ("loses_all_abilities", "switch_pt", "halved", "goaded"):
            v[key] = bool(value)
        elif key in SETTING_KEYS:
            v[key] = _setting(key, value, where)
        elif key in ("set_pt", "gets"):
            v[key] = _pair(value, where)
        elif key == "defines_pt":
            if value not in ("both", "power", "toughness"):
                raise VocabularyError(f"{where} expects both, power or toughness, got {value!r}")
            v[key] = value
        elif key == "for_each":
            v[key] = parse_for_each(value, where)
        elif key in ("gains", "rules"):
            if not isinstance(value, list):
                raise VocabularyError(f"{where} expects a list of keywords and abilities")
            atoms = []
            for i, entry in enumerate(value):
                if key == "rules" and _bound_entry(entry):
                    atoms.append(("bound", parse_bound_rule(entry, f"{where}[{i}]")))
                    continue
                if key == "rules" and _you_target(entry):
                    atoms.append(("you", str(next(iter(entry)))))  # {cant_attack: you}: the source's controller
                    continue
                try:
                    atoms.append(parse_granted(entry, name))
                except (VocabularyError, ManaCostError) as exc:
                    raise VocabularyError(f"{where}[{i}]: {exc}") from None
            v[key] = tuple(atoms)
        elif key == "board_rules":
            v[key] = tuple(_board_rule(r, f"{where}[{i}]") for i, r in enumerate(value or []))
        elif key == "text":
            v[key] = str(value)
    if v.get("halved") and ("gets" not in v or "for_each" not in v):
        raise VocabularyError("continuous.halved halves the for_each count of gets; give both")
    if "for_each" in v and "gets" not in v and "defines_pt" not in v:
        raise VocabularyError("continuous.for_each multiplies gets or is what defines_pt counts; give one of them")
    if "defines_pt" in v and ("for_each" not in v or "gets" in v):
        raise VocabularyError("continuous.defines_pt needs for_each (what power and toughness equal) and no gets")
    return ContinuousSpec(**v)


def parse_bound_rule(data: Any, path: str) -> BoundRule:
    """``{cant_be_blocked_by: {power_less_than: source_power | FOR_EACH}}``: the bound on the
    power of the creatures that can block.

    :raises VocabularyError: naming the key that is wrong.
    """
    value = data["cant_be_blocked_by"]["power_less_than"]
    if value == "source_power":
        return BoundRule()
    bound = parse_for_each(value, f"{path}.cant_be_blocked_by.power_less_than")
    if bound.permanents is None:
        raise VocabularyError(f"{path}.cant_be_blocked_by.power_less_than expects source_power "
                              "or {permanents: FILTER}")
    return BoundRule(bound)


def _bound_entry(entry: Any) -> bool:
    inner = entry.get("cant_be_blocked_by") if isinstance(entry, dict) and len(entry) == 1 else None
    return isinstance(inner, dict) and set(inner) == {"power_less_than"} and (
        inner["power_less_than"] == "source_power" or isinstance(inner["power_less_than"], dict))


def _setting(key: str, value: Any, where: str) -> Any:
    """Validate one of :data:`SETTING_KEYS`: ``set_types`` card types, ``set_creature_types``
    creature types (205.3m), the rest true or false."""
    if key == "set_types":
        words = _words(value, where)
        if not words or words - {"artifact", "creature", "enchantment", "land", "planeswalker", "battle", "kindred"}:
            raise VocabularyError(f"{where} expects card types (205.2a) such as [creature], got {value!r}")
        return words
    if key == "set_creature_types":
        words = _words(value, where)
        wrong = sorted(w for w in words if subtypes().get(w) != "creature")
        if wrong:
            raise VocabularyError(f"{where}: {wrong[0]!r} is not a creature type (205.3m)")
        return words
    if not isinstance(value, bool):
        raise VocabularyError(f"{where} expects true or false, got {value!r}")
    return value


def _you_target(entry: Any) -> bool:
    return isinstance(entry, dict) and len(entry) == 1 and next(iter(entry.values())) == "you"


def _board_rule(rule: Any, path: str) -> tuple[str, int]:
    if not isinstance(rule, dict) or rule.get("kind") not in BOARD_RULE_KINDS or set(rule) != {"kind", "n"}:
        raise VocabularyError(f"{path} expects {{kind: {' | '.join(BOARD_RULE_KINDS)}, n: N}}")
    return str(rule["kind"]), _int(rule["n"], f"{path}.n")
