"""Boards written back as board files (``docs/board-format.md``): a :class:`Board` in, the data
of a board file out, so that loading what is written gives the same board.

What is written is the board as printed (``Board.layers.printed`` and the effects the board
file gave, not what the layers made of them): the layers apply again as it is loaded. A
permanent whose card the library holds is written ``card: NAME`` with only what differs from
that card's permanent; any other (a token, an inline card) is written with its printed
characteristics. Keywords and abilities are written in the board vocabulary
(:mod:`mtgsolver.read.vocabulary` reads them back); a line of rules text no grammar reads, and
a triggered or activated ability's line, go back into ``text:`` to be read again.
"""
from __future__ import annotations

import json
from typing import Any

import yaml

from mtgsolver.model.abilities import STATIC_VOCABULARY, Static
from mtgsolver.model.attack_tax import AttackTax
from mtgsolver.model.board import Board
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.cards import CardLibrary
from mtgsolver.model.continuous import atom_entry
from mtgsolver.model.errors import UnsupportedError
from mtgsolver.model.mana_abilities import ManaAbility, ManaTrigger, show_bundle
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.read.card_files import bundled_library
from mtgsolver.read.effect_vocabulary import card_entry, effect_entry, event_entry
from mtgsolver.read.board_file import card_permanent_or_none, zones_data

__all__ = ["board_data", "effect_data", "permanent_data", "static_entry", "write_board"]

#: The characteristics a ``card:`` entry may override (the card's are kept otherwise).
_OVERRIDES = ("types", "supertypes", "subtypes", "colors", "mana_cost", "base_power", "base_toughness")


def write_board(board: Board, library: CardLibrary | None = None, fmt: str = "yaml") -> str:
    """The board file text of ``board`` (``fmt``: ``yaml`` or ``json``)."""
    data = board_data(board, library)
    if fmt == "json":
        return json.dumps(data, indent=2) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)


def board_data(board: Board, library: CardLibrary | None = None) -> dict[str, Any]:
    """The data of a board file for ``board`` as printed (version 1); loading it with the same
    library gives the same board."""
    lib = library or bundled_library()
    printed = board.layers.printed if board.layers is not None else board.permanents
    effects = board.layers.effects if board.layers is not None else board.effects
    out: dict[str, Any] = {"version": 1, "active_player": board.active_player,
                           "players": [player_data(p) for p in board.players],
                           "battlefield": [permanent_data(p, i, lib) for i, p in enumerate(printed)]}
    if effects:
        out["effects"] = [effect_data(e) for e in effects]
    pools = {player: [_pool_entry(m) for m in pool] for player, pool in board.mana_pools.items() if pool}
    if pools:
        out["mana_pool"] = pools
    if board.combat is not None:
        c = board.combat
        combat: dict[str, Any] = {"attackers": [{"creature": a.creature, "target": a.target} for a in c.attackers]}
        if c.blockers is not None:
            combat["blockers"] = [{"creature": b.creature, "blocks": list(b.blocks)} for b in c.blockers]
        if c.paid_costs:
            combat["paid_costs"] = sorted(c.paid_costs)
        out["combat"] = combat
    if board.day_night is not None:
        out["day_night"] = board.day_night
    out.update(_without_defaults(zones_data(board, lib)))
    if board.puzzle is not None:
        out["puzzle"] = _puzzle(board)
    return out


def _without_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """The zones, stack and turn sections without what a board file leaves out (empty zones,
    an empty stack, a turn's defaults)."""
    zones = {player: {k: v for k, v in z.items() if v not in ([], {"count": 0, "top": []})}
             for player, z in data["zones"].items()}
    out: dict[str, Any] = {"zones": {p: z for p, z in zones.items() if z}} if any(zones.values()) else {}
    if data["stack"]:
        out["stack"] = data["stack"]
    turn = {k: v for k, v in data["turn"].items()
            if v not in (None, False, {}, [], "precombat_main") or (k == "step" and v != "precombat_main")}
    if turn:
        out["turn"] = turn
    return out


def player_data(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"name": p.name, "life": p.life}
    for f, default in (("poison", 0), ("commander", None), ("completed_dungeon", False), ("city_blessing", False),
                       ("lost", False), ("energy", 0)):
        if getattr(p, f) != default:
            out[f] = getattr(p, f)
    if p.commander_damage:
        out["commander_damage"] = dict(p.commander_damage)
    out["starting_life"] = p.starting_life
    return out


def permanent_data(p: Permanent, index: int, library: CardLibrary) -> dict[str, Any]:
    """One ``battlefield`` entry: identity, card or printed characteristics, abilities where
    they differ from the card's, and status (tapped, counters, damage, ...)."""
    out: dict[str, Any] = {"id": p.id}
    base = _card_permanent(p, library)
    if base is not None and library.find(p.card.name) == p.card:  # type: ignore[union-attr]
        out["card"] = p.card.name  # type: ignore[union-attr]
        if p.copy_of is None and p.card.back is not None and p.name == p.card.back.name:  # type: ignore[union-attr]
            out["back_face"] = True
        if p.copy_of is not None:
            out["copy_of"] = p.copy_of
            if p.name != base.name:
                out["name"] = p.name  # 707.9b: an exception's name
        for f in _OVERRIDES:
            if getattr(p, f) != getattr(base, f):
                out.update(_characteristic(p, f))
        if (p.keywords, p.protections) != (base.keywords, base.protections):
            out["keywords"] = _keywords(p)
        if p.copy_of is not None and p.abilities[:len(base.abilities)] == base.abilities != p.abilities:
            extra = _abilities(p.abilities[len(base.abilities):])  # 707.9a: abilities a copy has besides
            out.update({"add_abilities": extra["abilities"]} if extra["abilities"] else {})
            out.update({"text": extra["text"]} if "text" in extra else {})
        elif p.abilities != base.abilities:
            out.update(_abilities(p.abilities))
    elif base is not None:  # an inline card: its printed characteristics and text, and what it has besides
        out.update(card_entry(p.card))  # type: ignore[arg-type]
        if p.keywords or p.protections:
            out["keywords"] = _keywords(p)
        extra = _abilities(tuple(a for a in p.abilities if a not in base.abilities))
        out.update({"abilities": extra["abilities"]} if extra["abilities"] else {})
    else:  # a token (111.4): its characteristics as printed, every ability
        out["name"] = p.name
        for f in _OVERRIDES:
            out.update(_characteristic(p, f))
        if p.keywords or p.protections:
            out["keywords"] = _keywords(p)
        out.update(_abilities(p.abilities))
    out["controller"] = p.controller
    if p.owner != p.controller:
        out["owner"] = p.owner
    for f in ("loyalty", "defense"):
        if getattr(p, f) is not None and (base is None or getattr(p, f) != getattr(base, f)):
            out[f] = getattr(p, f)
    for f, key in (("protector", "protector"), ("tapped", "tapped"), ("summoning_sick", "summoning_sick"),
                   ("attached_to", "attached_to"), ("token", "token"), ("chosen_color", "chosen_color"),
                   ("chosen_type", "chosen_type"), ("monstrous", "monstrous"), ("paired_with", "paired_with"),
                   ("x", "x"), ("damage", "damage"), ("deathtouch_damage", "deathtouch_damage"),
                   ("is_commander", "commander")):
        value = getattr(p, f)
        if value not in (None, False, 0):
            out[key] = value
    if p.counters:
        out["counters"] = dict(p.counters)
    if p.chosen_modes:
        out["chosen_modes"] = list(p.chosen_modes)
    if p.resolved:
        out["resolved"] = dict(p.resolved)
    if p.timestamp is not None and p.timestamp != index + 1:
        out["timestamp"] = p.timestamp
    if p.counters_timestamp is not None:
        out["counters_timestamp"] = p.counters_timestamp
    return out


def _card_permanent(p: Permanent, library: CardLibrary) -> Permanent | None:
    """The permanent an entry for ``p``'s card builds (``card:`` when the library holds it,
    inline otherwise); ``None`` for a token or a card needing a choice made as it enters."""
    if p.card is None or p.token:
        return None
    if p.copy_of is None and p.name == p.card.name:
        return card_permanent_or_none(p.card, p.id, p.controller, p.owner, library)
    if p.copy_of is None and p.card.back is not None and p.name == p.card.back.name:  # 712.8f: its back face up
        return card_permanent_or_none(p.card.back, p.id, p.controller, p.owner, library)
    copied = library.find(p.copy_of) if p.copy_of is not None else None
    if copied is None or library.find(p.card.name) != p.card:  # 707.2: copy_of names a card, card the one it is
        raise UnsupportedError(f"{p.id} ({p.card.name}) has the copiable values of {p.copy_of or p.name}: a board file "
                               "says what a permanent copies only by the names of two cards the library holds (707.2)")
    return card_permanent_or_none(copied, p.id, p.controller, p.owner, library)


def _characteristic(p: Permanent, f: str) -> dict[str, Any]:
    value = getattr(p, f)
    if f in ("base_power", "base_toughness"):
        return {} if value is None else {f.removeprefix("base_"): value}
    if f == "colors":
        return {"colors": [c.word for c in sorted(value, key=lambda c: "WUBRG".index(c.value))]}
    if f == "mana_cost":
        return {} if value is None else {"mana_cost": str(value)}
    return {f: sorted(value)}


def _keywords(p: Permanent) -> list[Any]:
    return sorted(p.keywords) + [{"protection": q} for q in sorted(p.protections)]


def _abilities(abilities: tuple[Any, ...]) -> dict[str, Any]:
    """``abilities:`` (statics and mana abilities as vocabulary entries) and ``text:`` (every
    other line, read again as it is loaded)."""
    entries: list[Any] = []
    lines: list[str] = []
    for a in abilities:
        if isinstance(a, Static):
            entries.append(static_entry(a))
        elif isinstance(a, ManaAbility):
            entries.append(a.text)
        else:  # an unread line, or a triggered or activated ability read from its line
            lines.append(a.text)
    out: dict[str, Any] = {"abilities": entries}
    if lines:
        out["text"] = "\n".join(lines)
    return out


def static_entry(s: Static) -> Any:
    """A static ability as the vocabulary entry :func:`~mtgsolver.read.vocabulary.parse_static`
    reads back."""
    kind = STATIC_VOCABULARY[s.name]
    value = s.value
    if value is None:
        return s.name
    if kind == "grants":
        return {s.name: [atom_entry(g) for g in value.gains]}
    if kind == "battalion":
        return {s.name: {"gets": list(value)}}
    if kind == "spell_reduction":
        return {s.name: {"n": value[0], "spells": value[1].to_mapping()}}
    if kind == "filters":
        return {s.name: [f.to_mapping() for f in value]}
    if isinstance(value, ManaTrigger):
        return {s.name: _mana_trigger(value)}
    if isinstance(value, AttackTax) or hasattr(value, "to_mapping"):
        return {s.name: value.to_mapping()}
    if kind in ("cost", "attack_tax"):
        return {s.name: str(value)}
    return {s.name: value}


def _mana_trigger(t: ManaTrigger) -> dict[str, Any]:
    out: dict[str, Any] = {"tapped": t.on, "adds": show_bundle(t.mana) if t.mode == "fixed" else t.mode}
    if t.kinds:
        out["kinds"] = list(t.kinds)
    if t.amount != 1:
        out["amount"] = t.amount
    if t.of_type is not None:
        out["of_type"] = t.of_type
    return out


def effect_data(e: Effect) -> dict[str, Any]:
    """One ``effects`` entry."""
    out: dict[str, Any] = {"kind": e.kind}
    for f in ("creature", "attacker", "target", "by", "controller", "defender", "n", "source", "duration",
              "timestamp", "permanent", "land_type"):
        if getattr(e, f) is not None:
            out[f] = getattr(e, f)
    if e.cost is not None:
        out["cost"] = str(e.cost)
    if e.abilities is not None:
        out["abilities"] = [atom_entry(a) for a in e.abilities]  # type: ignore[arg-type]
    if e.spec is not None:
        out["spec"] = e.spec.to_mapping()
    if e.objects is not None:
        out["objects"] = list(e.objects)
    for f in ("players", "sources"):
        if getattr(e, f) is not None:
            out[f] = list(getattr(e, f))
    if e.combat is not None:
        out["combat"] = e.combat
    if e.pt is not None:
        out["pt"] = list(e.pt)
    if e.at is not None:
        out["at"] = event_entry(e.at)
    if e.effects is not None:
        out["effects"] = [effect_entry(x) for x in e.effects]
    return out


def _pool_entry(m: Any) -> dict[str, Any]:
    """One kind of mana in a pool: its symbol written once per mana (``{G}{G}``)."""
    out: dict[str, Any] = {"mana": ("{" + m.type + "}") * m.amount}
    if m.snow:
        out["snow"] = True
    if m.spend_only is not None:
        out["spend_only"] = sorted(m.spend_only)
    if m.spend_abilities is not None:
        out["spend_abilities"] = sorted(m.spend_abilities)
    return out


def _puzzle(board: Board) -> dict[str, Any]:
    p = board.puzzle
    out: dict[str, Any] = {"goal": p.goal, "side": p.side}  # type: ignore[union-attr]
    for f in ("description", "source"):
        if getattr(p, f):
            out[f] = getattr(p, f)
    if p.turns != 1:  # type: ignore[union-attr]
        out["turns"] = p.turns  # type: ignore[union-attr]
    if p.solution is not None:  # type: ignore[union-attr]
        sol: dict[str, Any] = {}
        if p.solution.attackers is not None:  # type: ignore[union-attr]
            sol["attackers"] = [{"creature": a.creature, "target": a.target} for a in p.solution.attackers]  # type: ignore[union-attr]
        if p.solution.blockers is not None:  # type: ignore[union-attr]
            sol["blockers"] = [{"creature": b.creature, "blocks": list(b.blocks)} for b in p.solution.blockers]  # type: ignore[union-attr]
        out["solution"] = sol
    return out

