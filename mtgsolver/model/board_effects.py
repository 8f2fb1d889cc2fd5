"""Effects that no permanent on the battlefield carries (resolved triggers, spells).

Each effect has a ``kind`` from :data:`EFFECT_FIELDS` and the fields that kind uses.
Rules: 509.1c (must_block, blocks_this_turn), 509.1b (max_blockers_total),
509.1d (block_cost), 508.1c-d (attacks; max_attackers_against: no more than n creatures can
attack the defender, not their planeswalkers), 508.1d (attack_cost), 402.2 (hand_size_reduced: the
defender's maximum hand size is reduced by n), 701.15 (goaded), 613.1f
(gains: abilities a resolved spell or ability gave a creature), 613.4c (gets: +N/+M it gave, as
"gets +2/+2 until end of turn" does),
611.2 and 613 (continuous: what a resolved spell or ability changes for a while; control:
who controls what, layer 2, 613.1b), 701.19 (regeneration: a shield), 615 (prevention: a
shield), 614.1a (exile_if_dies: a replacement), 603.7 (delayed_trigger: a delayed triggered
ability waiting for its event), 305.7 (land_type: a resolved ability made a land a basic land
type, Cyclopean Tomb).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from mtgsolver.model.continuous import ContinuousSpec
from mtgsolver.model.effects import Duration, TriggerEvent
from mtgsolver.model.effects import Effect as EffectValue
from mtgsolver.model.mana import ManaCost

__all__ = ["DURATIONS", "EFFECT_FIELDS", "Effect"]

#: How long an effect of a resolved spell or ability lasts (:data:`~mtgsolver.model.effects.Duration`).
DURATIONS: tuple[str, ...] = get_args(Duration)

#: kind -> (required fields, optional fields)
EFFECT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "must_block": (("creature", "attacker"), ("source",)),
    "blocks_this_turn": (("creature",), ("source",)),
    "max_blockers_total": (("n",), ("source",)),
    "block_cost": (("cost", "controller"), ("source",)),
    "attacks_this_turn": (("creature",), ("source",)),
    "must_attack": (("creature", "target"), ("source",)),
    "goaded": (("creature", "by"), ("source",)),
    "max_attackers_total": (("n",), ("source",)),
    "max_attackers_against": (("n", "defender"), ("source",)),
    "hand_size_reduced": (("n", "defender"), ("source",)),
    "attack_cost": (("cost", "defender"), ("source",)),
    "all_attack_this_turn": (("controller",), ("source",)),
    "gains": (("creature", "abilities"), ("source",)),
    "gets": (("creature", "pt"), ("source",)),
    "continuous": (("spec",), ("objects", "controller", "source", "duration", "timestamp")),
    "control": (("objects", "controller"), ("source", "duration", "timestamp")),
    "regeneration": (("creature",), ("source", "duration", "timestamp")),
    "prevention": ((), ("objects", "players", "spec", "sources", "n", "combat", "controller", "source", "duration",
                        "timestamp")),
    "exile_if_dies": (("objects",), ("source", "duration", "timestamp")),
    "delayed_trigger": (("at", "effects", "controller"), ("objects", "source", "timestamp")),
    "land_type": (("permanent", "land_type"), ("source",)),
}


@dataclass(frozen=True)
class Effect:
    """One effect. Unused fields are ``None``.

    ``creature``/``attacker`` are permanent ids; ``target`` is a player, planeswalker or
    battle id; ``by``, ``controller`` and ``defender`` are player names; ``cost`` is per
    creature; ``abilities`` (``gains``) are what the creature gains, as
    :attr:`~mtgsolver.model.continuous.ContinuousSpec.gains` holds them (``("keyword", "haste")``);
    ``pt`` (``gets``) is the power and toughness it adds.

    ``continuous``: ``spec`` applied by the layers (613) to ``objects``, the permanents it
    found as it began (611.2c), or, without ``objects``, to every permanent matching
    ``spec.affects`` whenever the layers apply (an effect on the rules of the game such as
    "Creatures can't block this turn", 611.2c); ``controller`` is "you" for the spec (the
    controller of the spell or ability that made it). ``control``: ``controller`` controls
    ``objects`` (613.1b). Both have a ``duration`` (:data:`DURATIONS`; ``while_source``: until
    ``source`` leaves the battlefield) and a ``timestamp`` (613.7a; default: after every
    permanent, in the board's order).

    ``regeneration``: the next time ``creature`` would be destroyed this turn, instead all damage
    is removed from it, it is tapped and removed from combat (701.19a, 614.8). ``prevention``:
    damage that would be dealt to ``objects`` or ``players`` (or to the permanents ``spec.affects``
    describes as the damage would be dealt; none of them: to anything) by ``sources`` (none: any
    source), only combat damage with ``combat``, is prevented this turn: the next ``n`` damage, or
    all of it without ``n`` (615.1, 615.7). ``exile_if_dies``: ``objects`` that would die this
    turn are exiled instead (614.1a). ``delayed_trigger``: ``effects`` (the effect language, their
    references fixed: :class:`~mtgsolver.model.effects.Objects`) happen, controlled by
    ``controller``, the next time ``at`` happens (603.7); ``objects``: the objects they name
    still where they were (603.7c).

    ``permanent`` is the land whose subtype ``land_type`` (a basic land type) sets (305.7).
    """

    kind: str
    creature: str | None = None
    attacker: str | None = None
    target: str | None = None
    by: str | None = None
    controller: str | None = None
    defender: str | None = None
    n: int | None = None
    cost: ManaCost | None = None
    source: str | None = None
    abilities: tuple[object, ...] | None = None
    spec: ContinuousSpec | None = None
    objects: tuple[str, ...] | None = None
    duration: Duration | None = None
    timestamp: int | None = None
    players: tuple[str, ...] | None = None
    sources: tuple[str, ...] | None = None
    combat: bool | None = None
    at: TriggerEvent | None = None
    effects: tuple[EffectValue, ...] | None = None
    pt: tuple[int, int] | None = None
    permanent: str | None = None
    land_type: str | None = None
