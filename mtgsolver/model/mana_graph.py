"""The 106.7 reference graph: what mana each permanent "could produce".

Reflecting Pool, Exotic Orchard, Fellwar Stone, Naga Vitalist, Harvester Druid and
Squandered Resources add mana of a type (or color) that other permanents could produce
(106.7). The references form a directed graph, cycles included (two Pools reflect each
other). This module builds that graph with networkx and computes the *least* fixed point:

* an ``ability`` node per mana ability ``(pid, index)``; a reflecting ability has an edge
  to the ``scope`` node of every player it looks at (``lands alice controls``), and a
  scope node has an edge to each permanent in it, so the permanents an ability reflects
  are exactly the successors of its scope nodes (this keeps the graph linear in the board);
* a ``permanent`` node per permanent, with an edge to each of its ability nodes.

Every node's value is a set of mana types: ``const | U{table[t] : t in union of the
successors' values}``. A permanent's and a scope's ``table`` is the identity; a reflecting
ability's ``table`` maps each reflected type to the types the ability would then produce
after replacement effects (:mod:`mtgsolver.model.production`), and drops {C} for a
"color" ability (106.1a). The transfer is monotone, so the least fixed point exists; it is
computed once per strongly connected component, in topological order of the condensation
(dependencies first), iterating inside a component from the empty set. Two Pools alone stay
empty (106.7: "no type of mana can be defined this way"); a Pool beside a Forest and
another Pool gets {G}.

Examples
--------
>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_node("forest", const=frozenset("G"), table=None)
>>> g.add_node("pool1", const=frozenset(), table=None)
>>> g.add_node("pool2", const=frozenset(), table=None)
>>> g.add_edges_from([("pool1", "pool2"), ("pool2", "pool1"), ("pool1", "forest")])
>>> sorted(least_fixed_point(g).values["pool2"])
['G']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Mapping

import networkx as nx

from .board import Board
from .mana import MANA_TYPES
from .mana_abilities import ManaAbility, Reflect
from .permanent import Permanent

__all__ = [
    "FixedPoint",
    "ability_node",
    "build_graph",
    "least_fixed_point",
    "permanent_node",
    "reflected_permanents",
    "scope_node",
    "scope_targets",
    "sort_types",
]

Node = Hashable
#: ``table(permanent, ability, reflect)`` -> (constant types, table type -> types or None)
TableFn = Callable[[Permanent, ManaAbility], tuple[frozenset[str], Mapping[str, frozenset[str]] | None]]


def sort_types(types: frozenset[str] | set[str]) -> list[str]:
    """Mana type letters in W U B R G C order (106.1b)."""
    return [t for t in MANA_TYPES if t in types]


def permanent_node(pid: str) -> tuple[str, str]:
    return ("permanent", pid)


def ability_node(pid: str, index: int) -> tuple[str, str, int]:
    """``index`` counts the permanent's mana abilities (``permanent.mana_abilities``)."""
    return ("ability", pid, index)


def scope_node(player: str, what: str) -> tuple[str, str, str]:
    """The permanents of card type ``what`` (``land``, ``permanent``) ``player`` controls."""
    return ("scope", player, what)


def scope_targets(board: Board, permanent: Permanent, ability: ManaAbility) -> list[tuple[str, str]]:
    """The (player, card type) scopes a reflecting ability looks at (106.7).

    ``lands_you_control`` and ``permanents_you_control`` look at the ability's controller;
    ``lands_opponents_control`` at every opponent (102.2); ``sacrificed`` (Squandered
    Resources) at what its controller could sacrifice for the cost (701.21a: only their own).
    """
    p = ability.product
    assert isinstance(p, Reflect)
    you = permanent.controller
    if p.scope == "lands_you_control":
        return [(you, "land")]
    if p.scope == "permanents_you_control":
        return [(you, "permanent")]
    if p.scope == "lands_opponents_control":
        return [(opp, "land") for opp in board.opponents(you)]
    if p.scope == "sacrificed":
        whats = [c.what for c in ability.costs if c.kind == "sacrifice" and c.what]
        return [(you, (whats[0] if whats else "land").split()[-1])]
    raise ValueError(f"unknown reflect scope {p.scope!r}")


def _in_scope(perm: Permanent, what: str) -> bool:
    return what == "permanent" or what in perm.types or what in perm.subtypes


def reflected_permanents(board: Board, permanent: Permanent, ability: ManaAbility) -> list[Permanent]:
    """Every permanent whose producible mana the reflecting ability looks at."""
    out: list[Permanent] = []
    for player, what in scope_targets(board, permanent, ability):
        out += [q for q in board.controlled_by(player) if _in_scope(q, what)]
    return out


def build_graph(board: Board, table: TableFn) -> nx.DiGraph:
    """The reference graph of ``board`` (already with type-changing effects applied).

    ``table(permanent, ability)`` gives an ability node's ``const`` and ``table``
    attributes (see the module docstring).
    """
    g = nx.DiGraph()
    scopes: set[tuple[str, str]] = set()
    for perm in board.permanents:
        pn = permanent_node(perm.id)
        g.add_node(pn, const=frozenset(), table=None)
        for i, ability in enumerate(perm.mana_abilities):
            an = ability_node(perm.id, i)
            const, tab = table(perm, ability)
            g.add_node(an, const=const, table=tab)
            g.add_edge(pn, an)
            if isinstance(ability.product, Reflect):
                for player, what in scope_targets(board, perm, ability):
                    g.add_edge(an, scope_node(player, what))
                    scopes.add((player, what))
    for player, what in scopes:
        sn = scope_node(player, what)
        g.nodes[sn].update(const=frozenset(), table=None)
        for q in board.controlled_by(player):
            if _in_scope(q, what):
                g.add_edge(sn, permanent_node(q.id))
    return g


@dataclass
class FixedPoint:
    """The least fixed point: ``values[node]`` and, for each (node, type), ``stamp`` (the
    order it was derived in, so explanations follow references that came earlier and never
    go round a cycle)."""

    values: dict[Node, frozenset[str]]
    stamps: dict[tuple[Node, str], int] = field(default_factory=dict)


def _evaluate(g: nx.DiGraph, node: Node, values: Mapping[Node, frozenset[str]]) -> frozenset[str]:
    data = g.nodes[node]
    incoming: set[str] = set()
    for succ in g.successors(node):
        incoming |= values.get(succ, frozenset())
    table = data.get("table")
    out = set(data.get("const", frozenset()))
    if table is None:
        out |= incoming
    else:
        for t in incoming:
            out |= table.get(t, frozenset())
    return frozenset(out)


def least_fixed_point(g: nx.DiGraph) -> FixedPoint:
    """Least fixed point of the node transfer functions, one strongly connected component
    at a time in topological order of the condensation (successors first)."""
    result = FixedPoint(values={})
    values = result.values
    counter = 0

    def assign(node: Node, new: frozenset[str]) -> bool:
        nonlocal counter
        old = values.get(node, frozenset())
        if new == old:
            return False
        for t in sort_types(new - old):
            result.stamps[(node, t)] = counter
            counter += 1
        values[node] = new
        return True

    cond = nx.condensation(g)
    members = cond.graph["mapping"]
    comps: dict[int, list[Node]] = {}
    for node, c in members.items():
        comps.setdefault(c, []).append(node)
    for c in reversed(list(nx.topological_sort(cond))):
        nodes = comps[c]
        if len(nodes) == 1 and not g.has_edge(nodes[0], nodes[0]):
            assign(nodes[0], _evaluate(g, nodes[0], values))
            continue
        # inside a cycle: Kleene iteration from the empty set with a worklist
        inside = set(nodes)
        work = list(nodes)
        queued = set(nodes)
        while work:
            node = work.pop()
            queued.discard(node)
            if assign(node, _evaluate(g, node, values)):
                for pred in g.predecessors(node):
                    if pred in inside and pred not in queued:
                        queued.add(pred)
                        work.append(pred)
    return result
