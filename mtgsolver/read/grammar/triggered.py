"""The ``triggered`` family: triggered abilities (603).

:func:`read` turns "When/Whenever/At [event], [if condition,] [effect]" into
``[{"triggered": {...}}]``, the mapping :func:`mtgsolver.read.effect_vocabulary.parse_ability`
makes a :class:`~mtgsolver.model.effects.TriggeredAbility` of: the event (603.1, the trigger
conditions of ``actions.lark``), an intervening "if" clause (603.4), "you may" before the whole
effect (603.5) and "This ability triggers only once each turn." (603.2h). A line about mana
(106.12a, 605.1b: tapping for mana, adding mana) is the ``mana`` family's or stays unread.

Examples
--------
>>> read("When Elvish Visionary enters the battlefield, draw a card.", "Elvish Visionary")[0]["triggered"]["event"]
{'kind': 'enters'}
"""
from __future__ import annotations

from typing import Any

from mtgsolver.read.grammar.actions import Links, Refused, ability_effects, condition, effect_text, is_modal, modal_effects, normal, trigger
from mtgsolver.read.line_kinds import is_triggered, line_kinds

__all__ = ["read"]

_ONCE = "this ability triggers only once each turn."


def read(line: str, name: str) -> list[Any] | None:
    """``[{"triggered": mapping}]``, or ``None`` when the line is not read whole."""
    try:
        return [{"triggered": triggered(line, name)}]
    except Refused:
        return None


def triggered(line: str, name: str) -> dict[str, Any]:
    """The mapping of one triggered ability.

    :raises Refused: not a triggered ability read whole, or one about mana.
    """
    if not is_triggered(line) or line_kinds(line) & {"mana", "mana_trigger"}:
        raise Refused("not a triggered ability, or one about mana")
    low = normal(line, name)
    event, rest = _clause(low, trigger)
    out: dict[str, Any] = {"event": event}
    if "also" in event:
        out["also"] = event.pop("also")
    if rest.startswith("if "):
        cond, rest = _clause(rest[3:], condition)
        if cond == ["kicked"]:
            out["kicked"] = True  # "if it was kicked" (702.33d)
        else:
            out["condition"] = cond
    subject: Any = "source" if "subject" not in event else {"subject": "object"}
    if event["kind"] == "deals_combat_damage_to_player":
        subject = {"subject": "player"}
    if event["kind"] in ("upkeep", "end_step", "beginning_of_combat"):
        subject = None
    links = Links("triggered", subject)
    if is_modal(rest):
        effects = modal_effects(rest, links)
    else:
        texts = effect_text(rest)
        if texts[-1] == _ONCE:
            out["once_each_turn"] = True
            texts = texts[:-1]
        effects = ability_effects(texts, links)
    targets = links.slots
    if len(effects) == 1 and "optional" in effects[0] and set(effects[0]["optional"]) == {"effects"}:
        out["optional"] = True  # "you may" before the whole effect (603.5)
        effects = effects[0]["optional"]["effects"]
    return {**out, "effects": effects, **({"targets": targets} if targets else {}), "text": line.strip()}


def _clause(low: str, read: Any) -> tuple[Any, str]:
    """What ``read`` makes of ``low`` up to the first comma where it reads, and the rest."""
    start = 0
    while True:
        comma = low.find(",", start)
        if comma < 0:
            raise Refused("no clause read")
        try:
            return read(low[:comma].strip()), low[comma + 1:].strip()
        except Refused:
            start = comma + 1
