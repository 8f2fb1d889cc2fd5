"""The ``triggered`` family: triggered abilities (603).

:func:`read` turns "When/Whenever/At [event], [if condition,] [effect]" into
``[{"triggered": {...}}]``, the mapping :func:`mtgsolver.read.effect_vocabulary.parse_ability`
makes a :class:`~mtgsolver.model.effects.TriggeredAbility` of: the event (603.1, the trigger
conditions of ``actions.lark``), an intervening "if" clause (603.4), "you may" before the whole
effect (603.5) and "This ability triggers only once each turn." (603.2h). A line about mana
(106.12a, 605.1b: tapping for mana, adding mana) is the ``mana`` family's or stays unread, but
for "Whenever ~ becomes tapped, [an effect not about mana]" (603.2).

Examples
--------
>>> read("When Elvish Visionary enters the battlefield, draw a card.", "Elvish Visionary")[0]["triggered"]["event"]
{'kind': 'enters'}
"""
from __future__ import annotations

import re
from typing import Any

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
    trigger,
)
from mtgsolver.read.line_kinds import is_triggered

__all__ = ["read"]

_ONCE = "this ability triggers only once each turn."
#: The source's own becoming tapped (603.2, 701.26a), read when what it does is not about mana
#: ("Whenever Renegade Wheelsmith becomes tapped, target creature can't block this turn."); a
#: mana ability whose payment would trigger it is left out of payments as not modelled.
_TAPPED = "whenever ~ becomes tapped,"
#: A land entering (603.2, 305.1: landfall) that adds mana: not a mana ability (605.1b: it triggers
#: on no mana ability), so it uses the stack like any trigger ("Whenever a land enters the
#: battlefield under your control, add one mana of any color.": Lotus Cobra); no payment plays a land.
_LANDFALL = "whenever a land enters the battlefield under your control, add "
#: Its own entering that adds mana (Burning-Tree Emissary): likewise a triggered ability that is
#: not a mana ability (605.5a), on the stack.
_ENTERS_ADDING = "when ~ enters the battlefield, add "
#: The same behind an intervening "if" clause (603.4: Hidden Herbalists' revolt, 207.2c).
_ENTERS_IF_ADDING = re.compile(r"when ~ enters the battlefield, if [^,.]+, add ")


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
    low = normal(line, name)
    tapped = low.startswith(_TAPPED) and not about_mana(low[len(_TAPPED):])
    if not is_triggered(line) or about_mana(line) and not tapped and not low.startswith(
            (_LANDFALL, _ENTERS_ADDING)) and not _ENTERS_IF_ADDING.match(low):
        raise Refused("not a triggered ability, or one about mana")
    keyword_cost(line)
    event, rest = _clause(low, trigger)
    if tapped and event != {"kind": "becomes_tapped"}:
        raise Refused("a trigger on tapping other than its own")
    if about_mana(line) and not tapped and (about_mana(rest.replace("add ", "", 1)) or "{x}" in rest):
        raise Refused("a land's entering that adds mana, and says more of mana")
    out: dict[str, Any] = {"event": event}
    if "also" in event:
        out["also"] = event.pop("also")
    if rest.startswith("if "):
        cond, rest = _clause(rest[3:], condition)
        if cond == ["kicked"]:
            out["kicked"] = True  # "if it was kicked" (702.33d)
        else:
            out["condition"] = cond
    links = Links("triggered", *_antecedents(event))
    links.event_amount = event["kind"] in _AMOUNTS
    if event["kind"] in ("dies", "graveyard_from_battlefield", "put_into_graveyard") and "subject" in event:
        links.card = {"subject": "object"}  # "that card" (603.10a, 400.7)
    if is_modal(rest):
        effects = modal_effects(rest, links)
    else:
        texts = effect_text(rest)
        if texts[-1] == _ONCE:
            out["once_each_turn"] = True
            texts = texts[:-1]
        effects = ability_effects(texts, links)
    targets = links.slots
    if event["kind"] in ("dies", "graveyard_from_battlefield", "put_into_graveyard") and "subject" not in event:
        effects = _from_graveyard(effects)
    if len(effects) == 1 and "optional" in effects[0] and set(effects[0]["optional"]) == {"effects"}:
        out["optional"] = True  # "you may" before the whole effect (603.5)
        effects = effects[0]["optional"]["effects"]
    return {**out, "effects": effects, **({"targets": targets} if targets else {}), "text": line.strip()}


#: Events of a step or phase beginning (503.1, 507.1, 513.1 ...): about no object.
_STEPS = ("upkeep", "end_step", "beginning_of_combat", "draw_step", "precombat_main", "end_of_combat")
#: Events about the player the source dealt damage to.
_DAMAGED_PLAYER = ("deals_combat_damage_to_player", "deals_damage_to_player", "deals_damage_to_opponent")
#: Events of the source and another creature: "that creature" is the other (the one blocked, blocking
#: or dealt damage, :class:`~mtgsolver.model.effects.Subject`).
_OTHER_CREATURE = ("blocks_each", "blocked_by_each", "deals_combat_damage_to_creature")
#: Events with an amount "that much" names (603.7c): damage dealt, life gained.
_AMOUNTS = ("deals_damage", "deals_combat_damage", "deals_damage_to_player", "deals_combat_damage_to_player",
            "deals_damage_to_opponent", "dealt_damage", "gains_life")
#: Events of an object "an opponent controls", whose controller (as it last existed, 603.10a) "that
#: player" names: "Whenever a creature an opponent controls dies, that player loses 2 life."
_CONTROLLED = ("dies", "graveyard_from_battlefield", "enters", "leaves")
#: Events of a player's own action.
_PLAYER_ACTIONS = ("cast", "draws", "discards", "gains_life")


def _antecedents(event: dict[str, Any]) -> tuple[Any, ...]:
    """What "it" and "that player" (and "that creature", when it is another than "it") first
    refer to in a triggered ability (603.7c): the object and the player its event is about."""
    kind, whose = event["kind"], event.get("whose", "you")
    player = {"subject": "player"} if whose != "you" else None
    if kind in _STEPS:
        return None, player
    if {"self": True} in event.get("subject", {}).get("any_of", []) and {"attached": True} in event["subject"]["any_of"]:
        return None, None  # "~ or equipped creature ...": "it" may be either (Ogre-Head Helm's is the Equipment)
    if kind in _DAMAGED_PLAYER:  # "it", "that creature": the one that dealt the damage
        return ({"subject": "object"} if "subject" in event else "source"), {"subject": "player"}
    if kind in _OTHER_CREATURE:
        return "source", None, {"subject": "object"}  # "it": the source; "that creature": the other one
    if kind == "exploits":
        return "source", None, None  # "that creature": the one sacrificed, which no reference holds
    if kind in _PLAYER_ACTIONS:
        return ({"subject": "object"} if "subject" in event else "source" if kind == "cast" else None), player
    if kind in _CONTROLLED and event.get("subject", {}).get("controller") == "opponents":
        return {"subject": "object"}, {"subject": "player"}  # "that player": the opponent who controls (controlled) it
    if kind in _CONTROLLED and whose == "attached":  # "under enchanted player's control ... that player" (303.4)
        return {"subject": "object"}, {"subject": "player"}
    return ({"subject": "object"} if "subject" in event else "source"), None


def _from_graveyard(effects: Any) -> Any:
    """A dies trigger's "return ~ to its owner's hand": the card is in its owner's graveyard by
    then (603.10a, 400.7), so the return is one from a graveyard."""
    if isinstance(effects, list):
        return [_from_graveyard(e) for e in effects]
    if isinstance(effects, dict):
        if set(effects) == {"bounce"} and effects["bounce"]["what"] == "source":
            return {"return_from_graveyard": {"what": "source"}}
        return {k: _from_graveyard(v) for k, v in effects.items()}
    return effects


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
