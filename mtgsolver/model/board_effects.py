"""Effects that no permanent on the battlefield carries (resolved triggers, spells).

Each effect has a ``kind`` from :data:`EFFECT_FIELDS` and the fields that kind uses.
Rules: 509.1c (must_block, blocks_this_turn), 509.1b (max_blockers_total),
509.1d (block_cost), 508.1c-d (attacks; max_attackers_against: no more than n creatures can
attack the defender, not their planeswalkers), 508.1d (attack_cost), 701.15 (goaded),
611.2 and 613 (continuous: what a resolved spell or ability changes for a while; control:
who controls what, layer 2, 613.1b).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from mtgsolver.model.continuous import ContinuousSpec
from mtgsolver.model.effects import Duration
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
    "attack_cost": (("cost", "defender"), ("source",)),
    "all_attack_this_turn": (("controller",), ("source",)),
    "gains": (("creature", "abilities"), ("source",)),
    "continuous": (("spec",), ("objects", "controller", "source", "duration", "timestamp")),
    "control": (("objects", "controller"), ("source", "duration", "timestamp")),
}


@dataclass(frozen=True)
class Effect:
    """One effect. Unused fields are ``None``.

    ``creature``/``attacker`` are permanent ids; ``target`` is a player, planeswalker or
    battle id; ``by``, ``controller`` and ``defender`` are player names; ``cost`` is per
    creature; ``abilities`` (``gains``) are what the creature gains, as
    :attr:`~mtgsolver.model.continuous.ContinuousSpec.gains` holds them (``("keyword", "haste")``).

    ``continuous``: ``spec`` applied by the layers (613) to ``objects``, the permanents it
    found as it began (611.2c), or, without ``objects``, to every permanent matching
    ``spec.affects`` whenever the layers apply (an effect on the rules of the game such as
    "Creatures can't block this turn", 611.2c); ``controller`` is "you" for the spec (the
    controller of the spell or ability that made it). ``control``: ``controller`` controls
    ``objects`` (613.1b). Both have a ``duration`` (:data:`DURATIONS`; ``while_source``: until
    ``source`` leaves the battlefield) and a ``timestamp`` (613.7a; default: after every
    permanent, in the board's order).
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
