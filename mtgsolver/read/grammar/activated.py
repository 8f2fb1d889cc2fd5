"""The ``activated`` family: activated abilities other than mana abilities (602, 606).

:func:`read` turns "[cost]: [effect]" into ``[{"activated": {...}}]``, the mapping
:func:`mtgsolver.read.effect_vocabulary.parse_ability` makes an
:class:`~mtgsolver.model.effects.ActivatedAbility` of: the cost as the ``mana`` family reads a
mana ability's cost (118, 602.1), or a loyalty cost "[+1]" (606.4); the effect sentences of
``actions.lark``; "Activate only as a sorcery" (602.5d) and "Activate only once each turn"
(602.5b). A mana ability (605.1a: no target, could add mana) is the ``mana`` family's and
refused here; so is any line about mana (its relevance to payment is judged on the text).
"Activate only during your turn" (or your upkeep, or your turn before attackers are declared),
"Activate only if [condition]" (602.5b) and "Any player may activate this ability" are read too;
"Equip [cost]" is the ability 702.6a says it means. "Crew N" is the activated ability 702.122a
defines: a ``crew`` cost and "This permanent becomes an artifact creature until end of turn."

Examples
--------
>>> read("{1}{R}: Goblin Piker gets +1/+0 until end of turn.", "Goblin Piker")[0]["activated"]["effects"]
[{'modify': {'spec': {'gets': [1, 0]}, 'what': 'source'}}]
"""
from __future__ import annotations

import functools
import re
from typing import Any

from mtgsolver.model.errors import ManaAbilityError
from mtgsolver.model.mana import parse_mana_type
from mtgsolver.read.grammar.actions import (
    Links,
    Refused,
    ability_effects,
    about_mana,
    condition,
    effect_text,
    is_modal,
    keyword_cost,
    modal_effects,
    normal,
    unquoted_split,
)

__all__ = ["activated", "cost_parts", "crew", "read"]

_LOYALTY = re.compile(r"^\[([+-]?)(\d+)\]$")
_CREW = re.compile(r"^crew (\d+)$")
#: Sentences about when and by whom the ability may be activated (602.5b, 602.5d, 602.1), by
#: their words.
_TIMING = {"activate only as a sorcery.": ("timing", "sorcery"),
           "activate only once each turn.": ("once_each_turn", True),
           "activate only during your turn.": ("during", "your_turn"),
           "activate only during your upkeep.": ("during", "your_upkeep"),
           "activate only during your turn, before attackers are declared.": ("during", "your_turn_before_attackers"),
           "any player may activate this ability.": ("any_player", True)}


#: "Equip [cost]" with a mana cost (702.6a), in normal form; "Equip [quality]" (702.6c) and
#: "Equip planeswalker" (702.6e) are not it.
_EQUIP = re.compile(r"^equip ((?:\{[0-9wubrgcx/]+\})+)$")

#: "Spend only black mana on X." (107.3), the last sentence of an ability with {X} in its cost.
_SPEND_ON_X = re.compile(r"\s+Spend only ((?:white|blue|black|red|green)(?:(?:,|,? and/or|,? or) "
                         r"(?:white|blue|black|red|green))*) mana on X\.$", re.I)


def read(line: str, name: str) -> list[Any] | None:
    """``[{"activated": mapping}]``, or ``None`` when the line is not read whole."""
    try:
        return [{"activated": activated(line, name)}]
    except Refused:
        return None


def equip(line: str, name: str) -> dict[str, Any]:
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery."; the mapping of that ability, its text the line as printed.

    >>> equip("Equip {1}", "Bonesplitter")["effects"]
    [{'attach': {'to': {'target': 0}}}]

    :raises Refused: not an equip line with a mana cost."""
    m = _EQUIP.match(normal(line, name))
    if m is None:
        raise Refused("not equip with a mana cost")
    meaning = activated(f"{m.group(1)}: attach ~ to target creature you control. activate only as a sorcery.", name)
    return {**meaning, "text": line.strip()}


def activated(line: str, name: str) -> dict[str, Any]:
    """The mapping of one activated ability.

    :raises Refused: not an activated ability read whole, or a mana ability (605.1a).
    """
    whole = line
    line, spend = _spend_on_x(line)
    low = normal(line, name)
    if _EQUIP.match(low):
        return equip(line, name)
    if m := _CREW.match(low):
        return crew(int(m.group(1)), line)
    if about_mana(line) or about_mana(low):
        raise Refused("a line about mana")
    keyword_cost(line)
    parts = unquoted_split(low, ":")
    if parts is None:
        raise Refused("no cost")
    cost_low, effect_low = parts
    out: dict[str, Any] = _loyalty(cost_low) if _LOYALTY.match(cost_low) else cost_parts(cost_low)
    fields: dict[str, Any] = {}
    links = Links("activated", None)
    if is_modal(effect_low):
        effects = modal_effects(effect_low, links)
    else:
        body = []
        for sentence in effect_text(effect_low):
            if sentence in _TIMING:
                key, value = _TIMING[sentence]
            elif sentence.startswith("activate only if "):  # 602.5b
                key, value = "condition", condition(sentence[len("activate only if "):-1])
            else:
                body.append(sentence)
                continue
            if key in fields:
                raise Refused("two sentences of one restriction")
            fields[key] = value
        effects = ability_effects(body, links)
    targets = links.slots
    if "loyalty" in out and fields.get("timing"):
        raise Refused("a loyalty ability's own timing sentence")
    if spend:
        if "x" not in out.get("mana", "").lower():
            raise Refused("a restriction on the mana spent on X without {X} in the cost")
        fields["spend_on_x"] = spend
    return {**out, "effects": effects, **({"targets": targets} if targets else {}), **fields, "text": whole.strip()}


def _spend_on_x(line: str) -> tuple[str, list[str]]:
    """The line without its "Spend only [colors] mana on X." sentence, and those colors'
    mana types (107.3)."""
    m = _SPEND_ON_X.search(line.strip())
    if m is None:
        return line, []
    words = re.findall(r"white|blue|black|red|green", m.group(1).lower())
    return line.strip()[:m.start()], [parse_mana_type(w) for w in words]


def crew(power: int, line: str) -> dict[str, Any]:
    """702.122a: "Crew N" means "Tap any number of other untapped creatures you control with
    total power N or greater: This permanent becomes an artifact creature until end of turn."

    >>> crew(2, "Crew 2")["costs"], crew(2, "Crew 2")["effects"]
    ([{'kind': 'crew', 'amount': 2}], [{'modify': {'spec': {'add_types': ['artifact', 'creature']}, 'what': 'source'}}])
    """
    return {"costs": [{"kind": "crew", "amount": power}],
            "effects": [{"modify": {"spec": {"add_types": ["artifact", "creature"]}, "what": "source"}}],
            "text": line.strip()}


def _loyalty(cost: str) -> dict[str, Any]:
    """A loyalty ability (606.4): its cost is the change of loyalty; sorcery timing (606.3)."""
    m = _LOYALTY.match(cost)
    assert m is not None
    return {"loyalty": -int(m.group(2)) if m.group(1) == "-" else int(m.group(2)), "timing": "sorcery"}


def cost_parts(cost: str) -> dict[str, Any]:
    """The cost (normal form) read as the mana family reads a mana ability's cost (118, 602.1)."""
    from mtgsolver.read.grammar.mana import parse_mana_ability

    try:
        ability = parse_mana_ability(f"{cost}: add {{c}}.", "~")
    except ManaAbilityError:
        raise Refused(f"a cost the mana family does not read: {cost}") from None
    out: dict[str, Any] = {}
    if str(ability.mana_cost):
        out["mana"] = str(ability.mana_cost)
    costs = [_cost_part(c) for c in ability.costs if c.kind != "mana"]
    if costs:
        out["costs"] = costs
    return out


#: Cost kinds whose ``what`` names permanents or cards by their words (types, subtypes, colors).
_DESCRIBED = ("sacrifice", "tap_untapped", "exile_card", "return")


def _cost_part(part: Any) -> dict[str, Any]:
    """A :class:`~mtgsolver.model.mana_abilities.CostPart` as its mapping; refused when the
    words naming what it takes are not all types, subtypes, supertypes or colors (205, 105)."""
    from dataclasses import fields

    if part.kind in _DESCRIBED and part.what is not None and not all(w in _known_words() for w in part.what.split()):
        raise Refused(f"a cost naming {part.what!r}")
    return {f.name: getattr(part, f.name) for f in fields(part)
            if f.name != "mana" and getattr(part, f.name) != f.default or f.name == "kind"}


@functools.lru_cache(maxsize=1)
def _known_words() -> frozenset[str]:
    from mtgsolver.model.subtypes import subtypes
    from mtgsolver.read.grammar.text import COLORS

    types = "artifact battle creature enchantment land planeswalker card permanent nonland noncreature token"
    return frozenset(subtypes()) | frozenset(types.split()) | frozenset(COLORS) | {"basic", "legendary", "snow"}
