"""Effects that no permanent on the battlefield carries (resolved triggers, spells).

Each effect has a ``kind`` from :data:`EFFECT_FIELDS` and the fields that kind uses.
Rules: 509.1c (must_block, blocks_this_turn), 509.1b (max_blockers_total),
509.1d (block_cost), 508.1c-d (attacks; max_attackers_against: no more than n creatures can
attack the defender, not their planeswalkers), 508.1d (attack_cost), 701.15 (goaded), 613.1f
(gains), 305.7 (land_type: a resolved ability made a land a basic land type, Cyclopean Tomb).
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgsolver.model.mana import ManaCost

__all__ = ["EFFECT_FIELDS", "Effect"]

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
    "land_type": (("permanent", "land_type"), ("source",)),
}


@dataclass(frozen=True)
class Effect:
    """One effect. Unused fields are ``None``.

    ``creature``/``attacker`` are permanent ids; ``target`` is a player, planeswalker or
    battle id; ``by``, ``controller`` and ``defender`` are player names; ``cost`` is per
    creature; ``abilities`` (``gains``) are what the creature gains, as
    :attr:`~mtgsolver.model.continuous.ContinuousSpec.gains` holds them (``("keyword", "haste")``);
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
    permanent: str | None = None
    land_type: str | None = None
