"""The ``spell`` family: what an instant or sorcery does (608.2), read from all of its text.

:func:`read_spell` turns a card's text into the mapping
:func:`mtgsolver.read.effect_vocabulary.parse_spell` makes a
:class:`~mtgsolver.model.effects.SpellAbility` of, or ``None`` unless every line is read: effect
sentences of ``actions.lark`` (a modal "Choose one —" with its "•" lines is one, 700.2), "Kicker
{N}" (702.33) with "if this spell was kicked", "This spell can't be countered." (101.2) and "As an
additional cost to cast this spell, [cost]." (601.2f) read as the mana family reads a cost, or
"[cost] or [cost]", a choice of them (``additional_cost_options``).

Examples
--------
>>> read_spell("Destroy target creature. It can't be regenerated.", "Terror")["effects"]
[{'destroy': {'what': {'target': 0}, 'no_regeneration': True}}]
"""
from __future__ import annotations

import re
from typing import Any

from mtgsolver.model.errors import VocabularyError
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.read.grammar.actions import (
    Links,
    Refused,
    ability_effects,
    condition,
    effect_text,
    is_modal,
    modal_effects,
    normal,
    sentence,
)
from mtgsolver.read.grammar.text import number
from mtgsolver.read.oracle import ability_units
from mtgsolver.read.spell_text import EXTRA_TARGET

__all__ = ["permanent_spell", "read_aura", "read_spell", "remembered_aura", "remembered_spell"]

_KICKER = re.compile(r"^kicker ((?:\{[0-9wubrgcx/]+\})+)$")
#: A keyword line of a spell (702): the keyword and its cost or number.
_KEYWORD_LINE = re.compile(r"^([a-z][a-z' -]*?)(?: (?:(?:\{[0-9wubrgcx/]+\})+|\d+|for artifacts|onto (?:arcane|instant "
                           r"or sorcery) (?:\{[0-9wubrgcx/]+\})+|\d+—(?:\{[0-9wubrgcx/]+\})+))?$")
#: A keyword line with a cost other than mana after a dash ("Flashback—{1}{G}, Pay 3 life.",
#: "Buyback—Sacrifice a land.", 702.21a, 118.9): the cost must be one the mana family reads.
_KEYWORD_COST = re.compile(r"^([a-z][a-z ]*?)—(.+?)\.?$")
#: Keywords that act on their own whenever the spell is cast from a hand, with no choice
#: (702.40 storm, 702.85 cascade, 702.88 rebound, 702.50 epic, 702.69 gravestorm, 702.60
#: ripple), and aftermath (702.127a: the half can't be cast from a hand, and is exiled if cast
#: from a graveyard): a spell with one is not read. Fuse (702.102a) only adds a way to cast a
#: split card's halves together from a hand, as flashback adds one from a graveyard: kept.
_ACTING = frozenset({"storm", "cascade", "rebound", "epic", "gravestorm", "ripple", "aftermath"})
_ADDITIONAL = "as an additional cost to cast this spell, "
_UNCOUNTERABLE = "this spell can't be countered."
#: An alternative cost (118.9), after an optional condition: kept as printed, not modelled.
_ALTERNATIVE = re.compile(r"^(?:if [^.]+?, )?(?:you may [^.]+? rather than pay this spell's mana cost"
                          r"|you may cast (?:this spell|it) without paying its mana cost"
                          r"|rather than pay this spell's mana cost, you may [^.]+?)\.$")
#: "Cast this spell only during ..." (601.3) by its words.
_ONLY_DURING = {"cast this spell only during combat.": "combat",
                "cast this spell only during combat before blockers are declared.": "combat_before_blockers",
                "cast this spell only during combat after blockers are declared.": "combat_after_blockers",
                "cast this spell only during the declare blockers step.": "declare_blockers_step",
                "cast this spell only during the declare attackers step and only if you've been attacked this "
                "step.": "declare_attackers_step_attacked",
                "cast this spell only during your turn.": "your_turn"}
#: "This spell costs {2} less to cast if ... / for each ... / if it targets ..." (601.2f), one or two of them.
_LESS = re.compile(r"^this spell costs (\{\d+\}) less to cast (.+?)(?: and (\{\d+\}) less to cast (.+?))?\.$")


def read_spell(text: str, name: str) -> dict[str, Any] | None:
    """The spell mapping of an instant's or sorcery's whole text, or ``None``."""
    try:
        return _spell(text, name)
    except Refused:
        return None


#: "Enchant [object]" (702.5a) in normal form.
_ENCHANT = re.compile(r"^enchant ([a-z][a-z' -]*)$")


def read_aura(text: str, name: str) -> dict[str, Any] | None:
    """The spell mapping of an Aura card (303.4a: the spell targets what its enchant ability names,
    702.5a, "Enchant creature you control" as "target creature you control"; 608.3c: it resolves
    attached to that target, an ``attach`` effect), or ``None``: no enchant line, several (702.5c),
    or words the effect grammar doesn't read as a target. "Enchant player" and "Enchant opponent"
    (702.5d, a Curse) target a player, an opponent of its caster for the latter. The Aura's other
    lines are its permanent's abilities, read with the permanent.

    >>> read_aura("Enchant creature you control\\nEnchanted creature gets +2/+2.", "Aura")["targets"]
    [{'kinds': ['creature'], 'filter': {'controller': 'you'}}]
    >>> read_aura("Enchant opponent\\nAt the beginning of enchanted player's upkeep, ...", "Curse")["targets"]
    [{'kinds': ['player'], 'opponent': True}]
    """
    found = [(unit, m.group(1)) for unit in ability_units(text) if (m := _ENCHANT.match(normal(unit, name)))]
    if len(found) != 1:
        return None
    if found[0][1] in ("player", "opponent"):
        return {"effects": [{"attach": {"to": {"target": 0}}}], "text": found[0][0].strip(),
                "targets": [{"kinds": ["player"], **({"opponent": True} if found[0][1] == "opponent" else {})}]}
    if re.match(r"(?:player|opponent)\b", found[0][1]):
        return None
    try:
        spell = _spell(f"attach ~ to target {found[0][1]}.", name)
    except Refused:
        return None
    return {**spell, "text": found[0][0].strip()}


def permanent_spell(text: str, name: str) -> dict[str, Any] | None:
    """What a permanent card's lines that work while it is a spell on the stack make of its
    casting, as a spell mapping with no effect (the permanent's abilities are its own): "Kicker
    [mana]" (702.33a), affinity for a card type (702.41a) and "This spell costs {N} less to cast
    ..." (601.2f); ``text`` holds the lines read. ``None`` when it has no such line, or one of
    them is not read whole.

    >>> permanent_spell("Affinity for artifacts (This spell costs {1} less to cast for each artifact you "
    ...                 "control.)", "Frogmite")["keywords"]
    ['affinity for artifacts']
    """
    out: dict[str, Any] = {}
    lines = []
    try:
        for unit in ability_units(text):
            low = normal(unit, name)
            if m := _KICKER.match(low):
                _once(out, "kicker", m.group(1).upper())
            elif re.fullmatch(r"affinity for (?:artifacts|creatures|enchantments|lands)", low):
                out.setdefault("keywords", []).append(low)
            elif m := _LESS.match(low):
                _once(out, "cost_reductions", [_reduction(m.group(1), m.group(2))]
                      + ([_reduction(m.group(3), m.group(4))] if m.group(3) else []))
            else:
                continue
            lines.append(unit.strip())
    except Refused:
        return None
    return {"effects": [], **out, "text": "\n".join(lines)} if lines else None


def remembered_spell(text: str, name: str) -> dict[str, Any] | None:
    """:func:`read_spell`, kept between runs (:mod:`mtgsolver.read.grammar.readings`)."""
    from mtgsolver.read.grammar.readings import remembered

    return remembered(text, name, read_spell, family="spell")


def remembered_aura(text: str, name: str) -> dict[str, Any] | None:
    """:func:`read_aura`, kept between runs (:mod:`mtgsolver.read.grammar.readings`): an Aura on
    the battlefield is checked against what it may enchant (303.4d) at every state-based check."""
    from mtgsolver.read.grammar.readings import remembered

    return remembered(text, name, read_aura, family="aura")


def _spell(text: str, name: str) -> dict[str, Any]:
    links = Links("spell", None)
    out: dict[str, Any] = {}
    effects: list[Any] = []
    bodies: list[list[str]] = []  # the effect sentences of each line not yet read
    keywords: list[str] = []
    for unit in ability_units(text):
        if unit.startswith("(") and unit.endswith(")"):
            continue  # a line of reminder text only ("{R/P} can be paid with ...")
        low = normal(unit, name)
        if not low:
            continue
        if m := _KICKER.match(low):
            _once(out, "kicker", m.group(1).upper())
            continue
        if keyword := _keyword_line(low):
            keywords.append(keyword)
            continue
        if is_modal(low):
            effects += _read_bodies(bodies, links) + modal_effects(low, links)
            continue
        body = []
        for sentence in effect_text(low):
            if sentence == _UNCOUNTERABLE:
                _once(out, "uncounterable", True)
            elif sentence in _ONLY_DURING:
                _once(out, "only_during", _ONLY_DURING[sentence])
            elif m := EXTRA_TARGET.match(sentence):
                _once(out, "extra_target_cost", m.group(1).upper())
            elif m := _LESS.match(sentence):
                _once(out, "cost_reductions", [_reduction(m.group(1), m.group(2))]
                      + ([_reduction(m.group(3), m.group(4))] if m.group(3) else []))
            elif _ALTERNATIVE.match(sentence) and ("cast it " not in sentence or "this spell" in sentence):
                out.setdefault("alternative_costs", []).append(sentence)
            elif sentence.startswith(_ADDITIONAL) and len(options := _OPTION.split(sentence[len(_ADDITIONAL):]
                                                                         .rstrip("."))) > 1:
                _once(out, "additional_cost_options", [_option(o) for o in options])
            elif sentence.startswith(_ADDITIONAL):
                _once(out, "additional_costs", _costs(sentence[len(_ADDITIONAL):].rstrip(".")))
            else:
                body.append(sentence)
        if body and bodies and _replaces(body[0]):
            bodies[-1] += body  # "[effect] instead if ..." on a line of its own (an ability word's, 207.2c)
        elif body:
            bodies.append(body)
    effects += _read_bodies(bodies, links)
    if not effects:
        raise Refused("no effect")
    if keywords:
        out["keywords"] = keywords
    if "kicker" not in out and _mentions_kicked(effects):
        raise Refused("'kicked' without kicker")
    if "'named': '~'" in repr((effects, links.slots)):
        if "//" in name:
            raise Refused("'named ~' on a face of a card of two names")
        effects, links.slots = _named(effects, name), _named(links.slots, name)
    return {"effects": effects, **({"targets": links.slots} if links.slots else {}), **out, "text": text.strip()}


def _named(value: Any, name: str) -> Any:
    """``value`` with "named ~" (``{"named": "~"}`` in a filter or a count) naming the card (201.2)."""
    if isinstance(value, list):
        return [_named(v, name) for v in value]
    if isinstance(value, dict):
        return {k: name if k == "named" and v == "~" else _named(v, name) for k, v in value.items()}
    return value


def _replaces(text: str) -> bool:
    """Whether a sentence replaces the effects before it ("If ..., ... instead.", "... instead if
    ....", 608.2c)."""
    return text.startswith("if ") and text.endswith(" instead.") or " instead if " in text


def _read_bodies(bodies: list[list[str]], links: Links) -> list[Any]:
    """The effects of the lines' sentences in order (emptying ``bodies``)."""
    out = [e for body in bodies for e in ability_effects(body, links)]
    bodies.clear()
    return out


def _reduction(mana: str, when: str) -> dict[str, Any]:
    """A :class:`~mtgsolver.model.effects.CostReduction` mapping of "{N} less to cast [when]":
    "if [condition]" (611.3b), "for each [description]" (counted as the cost is determined),
    "if it targets [description]" (115.1).

    :raises Refused: other words."""
    out: dict[str, Any] = {"mana": mana.upper()}
    if m := re.match(r"if it targets an? (.+)$", when):
        out["targets"] = _targeted(m.group(1))
    elif when.startswith("if "):
        out["condition"] = condition(when[len("if "):])
    elif when.startswith("for each "):
        amount = sentence(f"you gain 1 life {when}.")[0]["gain_life"]["amount"]
        if not isinstance(amount, dict) or set(amount) != {"count"}:
            raise Refused("a count the effect language can't hold")
        out["per"] = amount["count"]
    else:
        raise Refused(f"a cost reduction {when!r}")
    return out


def _targeted(words: str) -> dict[str, Any]:
    """The permanents "it targets a blue permanent" describes, as an affected-set mapping."""
    spec = sentence(f"destroy target {words}.")[0]["destroy"]["what"]["target"]
    kinds = spec["kinds"]
    if set(spec) - {"kinds", "filter", "id"} or set(kinds) & {"spell", "ability", "card", "player"}:
        raise Refused("a target that is no permanent")
    types = [k for k in kinds if k != "permanent"]
    filt = dict(spec.get("filter", {}))
    if len(types) > 1:
        if "any_of" in filt or "types" in filt:
            raise Refused("several kinds with another union")
        return {**filt, "any_of": [{"types": [t]} for t in types]}
    return {**filt, "types": sorted({*filt.get("types", []), *types})} if types else filt


def _keyword_line(low: str) -> str | None:
    """A keyword line of a spell as printed (normal form), or ``None``; one of :data:`_ACTING`
    is refused."""
    m = _KEYWORD_LINE.match(low)
    dashed = _KEYWORD_COST.match(low) if m is None else None
    if dashed is not None:
        if dashed.group(1) in ("kicker", "multikicker"):
            return None  # a kicker cost other than mana (the spell's ``kicker`` is mana, 702.33a)
        try:
            _costs(dashed.group(2), mana=True)
        except Refused:
            return None
        m = dashed
    if m is None:
        return None
    word = m.group(1)
    if word.endswith("cycling"):
        word = "cycling"  # landcycling, typecycling (702.29e)
    try:
        keyword = canonical_keyword(word)
    except VocabularyError:
        return None
    if keyword in _ACTING:
        raise Refused(f"{keyword}: it acts on its own as the spell is cast")
    return low.rstrip(".")


def _once(out: dict[str, Any], key: str, value: Any) -> None:
    if key in out:
        raise Refused(f"two {key}")
    out[key] = value


def _costs(cost: str, mana: bool = False) -> list[dict[str, Any]]:
    """An additional cost (601.2f) as the mana family reads a cost (no {T}; no mana unless
    ``mana``)."""
    from mtgsolver.read.grammar.activated import cost_parts

    if m := re.fullmatch(r"discard (two|three|four|five) cards", cost):  # 701.9: cards of the player's choice
        return [{"kind": "discard", "amount": number(m.group(1)), "what": "card"}]
    parts = cost_parts(cost)
    if set(parts) - {"costs", "mana"} or not mana and "mana" in parts or any(
            p["kind"] in ("tap", "untap") for p in parts.get("costs", [])):
        raise Refused("an additional cost of mana or tapping")
    return parts.get("costs", [])


#: Where "As an additional cost to cast this spell, A or B" offers another cost (601.2f): before
#: a cost verb ("sacrifice a creature or pay {3}{B}", "sacrifice a creature, discard a card, or pay
#: 4 life"); "sacrifice an artifact or creature" is one cost.
_OPTION = re.compile(r",? or (?=(?:sacrifice|pay|discard|exile|tap|return|remove|put|mill|reveal)\b)|"
                     r", (?=(?:sacrifice|pay|discard|exile|tap|return|remove|put|mill|reveal)\b)")


def _option(cost: str) -> list[dict[str, Any]]:
    """One cost of a choice of additional costs: its parts, "pay {3}{B}" a part of kind ``mana``."""
    if m := re.fullmatch(r"pay ((?:\{\d+\}|\{[wubrgc]\})+)", cost):
        return [{"kind": "mana", "mana": m.group(1).upper()}]
    return _costs(cost)


def _mentions_kicked(value: Any) -> bool:
    if isinstance(value, dict):
        return value.get("kicked") is True or any(_mentions_kicked(v) for v in value.values())
    if isinstance(value, list):
        return any(_mentions_kicked(v) for v in value)
    return False
