"""A naive reference for 106.7 and helpers for the produce tests.

:func:`naive_could_produce` iterates the whole board to a fixed point from nothing (Kleene
iteration), applying replacement effects by trying every permutation, with none of the graph,
SCC or memo machinery of :mod:`mtgsolver.rules.mana_graph` / :mod:`mtgsolver.rules.production`.
Type-changing effects are this module's own too (:func:`effective_board`, 305.7): no rules
code of the product is shared, only its data classes and board loading.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from mtgsolver.load import prepare
from mtgsolver.model import Board
from mtgsolver.model.mana_abilities import Amount, AnyColor, Choice, ChosenColor, Counted, Fixed, Reflect
from mtgsolver.read.board_file import BoardFile, build_board
from mtgsolver.read.grammar.mana import parse_mana_ability

COLORS = ("W", "U", "B", "R", "G")


def make_board(*perms: dict[str, Any], players: tuple[str, ...] = ("alice", "bob"), **extra: Any) -> Board:
    """A board from permanent mappings (the board-file shape)."""
    data = {"version": 1, "active_player": players[0], "players": [{"name": p} for p in players],
            "battlefield": list(perms), **extra}
    return prepare(build_board(BoardFile.model_validate(data), "<test>"))


def card(pid: str, name: str, controller: str = "alice", **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **fields}


def land(pid: str, text: str, controller: str = "alice", **fields: Any) -> dict[str, Any]:
    """An inline land with rules text."""
    out = {"id": pid, "name": pid.capitalize(), "controller": controller, "types": ["land"], **fields}
    if text:
        out["text"] = text
    return out


# --------------------------------------------------------------------------- the reference
BASIC_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def effective_board(board: Board) -> tuple[Board, None]:
    """305.7: each land a ``lands_are`` permanent's controller controls is that basic land type
    only, with only that type's mana ability and what is granted to it (the later source wins)."""
    new_type: dict[str, str] = {}
    for src in board.permanents:
        for land_type in src.values("lands_are"):
            for q in board.permanents:
                if q.controller == src.controller and "land" in q.types:
                    new_type[q.id] = land_type
    if not new_type:
        return board, None
    perms = []
    for q in board.permanents:
        if q.id in new_type:
            t = new_type[q.id]
            ability = parse_mana_ability(f"{{T}}: Add {{{BASIC_MANA[t]}}}.", q.name)
            kept = tuple(a for a in q.abilities if str(a) in q.granted_by)
            q = dataclasses.replace(q, subtypes=frozenset({t}), abilities=(ability, *kept))
        perms.append(q)
    return board.replace(permanents=tuple(perms)), None


def _replacements(board: Board) -> list[tuple[str, str, str | None]]:
    out = []
    for p in board.permanents:
        out += [("contamination", p.controller, m) for m in p.values("lands_tap_for")]
        out += [("pulse", p.controller, None) for _ in p.statics("basic_lands_tap_for_any_color")]
        out += [("double", p.controller, None) for _ in p.statics("mana_doubler")]
    return out


def _applies(effect: tuple[str, str, str | None], perm, ability) -> bool:
    kind, controller, _ = effect
    if not ability.taps:
        return False
    if kind == "contamination":
        return perm.is_land
    if kind == "pulse":
        return perm.is_land and "basic" in perm.supertypes and perm.controller == controller
    return perm.controller == controller


def _apply(effect, bundle: tuple[str, ...]) -> set[tuple[str, ...]]:
    kind, _, mana = effect
    if not bundle:
        return {bundle}
    if kind == "contamination":
        return {(mana,)}
    if kind == "pulse":
        return {(c,) * len(bundle) for c in COLORS}
    return {tuple(sorted(bundle + bundle))}


def _every_order(bundle: tuple[str, ...], effects: list) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for order in itertools.permutations(effects):
        current = {bundle}
        for e in order:
            current = {nb for b in current for nb in _apply(e, b)}
        out |= current
    return out


def _base(board: Board, perm, product) -> set[tuple[str, ...]]:
    if isinstance(product, Fixed):
        return {tuple(product.mana)}
    if isinstance(product, Choice):
        return {tuple(o) for o in product.options}
    if isinstance(product, AnyColor):
        n = max(product.amount, 1)
        if product.combination:  # "in any combination of {R} and/or {G}": those types only
            return set(itertools.combinations_with_replacement(product.among, n))
        return {(c,) * n for c in product.among}
    if isinstance(product, Counted):
        n = sum(1 for q in board.permanents if (product.whose == "all" or q.controller == perm.controller)
                and (product.per in q.types or product.per in q.subtypes))
        return {tuple(product.mana) * n}
    if isinstance(product, ChosenColor):  # no color chosen: undefined, no mana (106.5)
        return {tuple(o) for o in product.alternatives} | ({(perm.chosen_color,)} if perm.chosen_color else set())
    if isinstance(product, Amount) and product.count == "removed":  # one counter removed: its types
        return {tuple(product.base) + tuple(product.mana)}
    raise TypeError(product)


def _refs(board: Board, perm, ability) -> list:
    scope = ability.product.scope
    if scope in ("lands_you_control", "sacrificed"):
        return [q for q in board.permanents if q.controller == perm.controller and q.is_land]
    if scope == "permanents_you_control":
        return [q for q in board.permanents if q.controller == perm.controller]
    return [q for q in board.permanents if q.controller != perm.controller and q.is_land]


def naive_could_produce(board: Board) -> dict[str, set[str]]:
    """Least fixed point of 106.7 by iterating every permanent until nothing changes."""
    board, _ = effective_board(board)
    effects = _replacements(board)
    values: dict[str, set[str]] = {p.id: set() for p in board.permanents}
    changed = True
    while changed:
        changed = False
        for p in board.permanents:
            new: set[str] = set()
            for a in p.mana_abilities:
                applicable = [e for e in effects if _applies(e, p, a)]
                if isinstance(a.product, Reflect):
                    seen = set().union(*(values[q.id] for q in _refs(board, p, a))) if _refs(board, p, a) else set()
                    if a.product.kind == "color":
                        seen.discard("C")
                    bundles = {(t,) for t in seen}
                else:
                    bundles = _base(board, p, a.product)
                for b in bundles:
                    for nb in _every_order(b, applicable):
                        new |= set(nb)
            if new != values[p.id]:
                values[p.id] = new
                changed = True
    return values


def naive_graph_fixpoint(g: Any) -> dict:
    """The least fixed point of a mana reference graph by plain iteration to a fixpoint:
    the baseline for :mod:`mtgsolver.rules.mana_graph`'s component-by-component one."""
    values = {n: frozenset() for n in g.nodes}
    changed = True
    while changed:
        changed = False
        for n in g.nodes:
            incoming = frozenset().union(*(values[s] for s in g.successors(n)))
            table = g.nodes[n]["table"]
            new = g.nodes[n]["const"] | (incoming if table is None else
                                         frozenset().union(*(table.get(t, frozenset()) for t in incoming)))
            if new != values[n]:
                values[n], changed = new, True
    return values
