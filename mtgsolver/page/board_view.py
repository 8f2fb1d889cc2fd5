"""A board as people see it: what ``mtgsolver show --json`` prints (:func:`board_json`) and
the page draws (:func:`page_view`: the permanents per player, the hands, the stack, the puzzle)."""
from __future__ import annotations

from typing import Any

from mtgsolver.model import Board, Permanent
from mtgsolver.read.board_writer import effect_data
from mtgsolver.read.line_kinds import KINDS
from mtgsolver.rules.layers import changes_of, printed_of
from mtgsolver.solver.relevance import unread_lines

__all__ = ["pool_text", "board_json", "page_view", "permanent_json"]


def permanent_json(p: Permanent, board: Board | None = None) -> dict[str, Any]:
    """A permanent as it is now (after the layers, 613); ``changes`` are the effects that
    made it differ from its printed self, and ``printed`` that self, when it differs."""
    out = {
        "id": p.id,
        "name": p.name,
        "controller": p.controller,
        "owner": p.owner,
        "types": sorted(p.types),
        "supertypes": sorted(p.supertypes),
        "subtypes": sorted(p.subtypes),
        "colors": [c.word for c in sorted(p.colors, key=lambda c: "WUBRG".index(c.value))],
        "mana_cost": str(p.mana_cost) if p.mana_cost is not None else None,
        "power": p.power,
        "toughness": p.toughness,
        "counters": dict(p.counters),
        "keywords": sorted(p.keywords) + [f"protection from {q}" for q in sorted(p.protections)],
        "abilities": [str(a) if not hasattr(a, "text") else a.text for a in p.abilities],
        "tapped": p.tapped,
        "summoning_sick": p.summoning_sick,
        "attached_to": p.attached_to,
        "loyalty": p.loyalty,
        "defense": p.defense,
        "unread": list(p.unread),
        "timestamp": p.timestamp,
    }
    changes = changes_of(board, p.id) if board is not None else ()
    if changes:
        out["changes"] = [c.to_dict() for c in changes]
        printed = permanent_json(printed_of(board, p.id))
        out["printed"] = {k: v for k, v in printed.items() if out.get(k) != v}
    return out


def pool_text(pool: Any) -> str:
    """A mana pool as its symbols: ``{G}{G}{C}`` (a pool holds at most a thousand mana)."""
    return "".join(("{" + m.type + "}") * m.amount for m in pool)


def board_json(b: Board) -> dict[str, Any]:
    """The board as ``mtgsolver show --json`` prints it: players, the permanents as they are
    now (613), effects, mana pools, every unread line and the combat declared."""
    out: dict[str, Any] = {
        "active_player": b.active_player,
        "players": [{"name": p.name, "life": p.life, "poison": p.poison, "energy": p.energy} for p in b.players],
        "battlefield": [permanent_json(p, b) for p in b.permanents],
        "day_night": b.day_night,
        "effects": [effect_data(e) for e in b.effects],
        "mana_pool": {pl: pool_text(pool) for pl, pool in b.mana_pools.items()},
        "unread": [u.to_dict() for u in unread_lines(b, None, KINDS)],
    }
    if b.combat:
        out["combat"] = {
            "attackers": [{"creature": a.creature, "target": a.target,
                           **({"defender": a.defender} if a.defender else {})} for a in b.combat.attackers],
            "blockers": None if b.combat.blockers is None else
            [{"creature": x.creature, "blocks": list(x.blocks)} for x in b.combat.blockers],
            "paid_costs": sorted(b.combat.paid_costs),
        }
    return out


def page_view(b: Board) -> dict[str, Any]:
    """:func:`board_json` with what the page also draws: each player's known hand, the
    stack (bottom first, 405.2), the puzzle and the notes of the board's reading."""
    out = board_json(b)
    out["hands"] = {name: [{"id": c.id, "name": c.name} for c in z.hand] for name, z in b.zones.items()}
    out["stack"] = [{"id": s.id, "name": s.name, "controller": s.controller, "targets": list(s.targets)}
                    for s in b.stack]
    p = b.puzzle
    out["puzzle"] = None if p is None else {"goal": p.goal, "side": p.side, "turns": p.turns,
                                            "description": p.description, "source": p.source}
    out["notes"] = list(b.notes)
    return out
