"""The 106.7 reference graph: what mana each permanent "could produce".

Reflecting Pool, Exotic Orchard, Fellwar Stone, Naga Vitalist, Harvester Druid and
Squandered Resources add mana of a type (or color) that other permanents could produce
(106.7). The references form a directed graph, cycles included (two Pools reflect each
other). This module builds that graph with networkx and computes the *least* fixed point:

* an ``ability`` node per mana ability ``(pid, index)``; a reflecting ability has an edge
  to the ``scope`` node of every player it looks at (``lands alice controls``; with several
  opponents, to one ``opponents`` node whose successors are their scope nodes), and a
  scope node has an edge to each permanent in it, so the permanents an ability reflects
  are exactly those its scope nodes reach (this keeps the graph linear in the board);
* a ``permanent`` node per permanent, with an edge to each of its ability nodes.

Every node's value is a set of mana types: ``const | U{table[t] : t in union of the
successors' values}``. A permanent's and a scope's ``table`` is the identity; a reflecting
ability's ``table`` maps each reflected type to the types the ability would then produce
after replacement effects (:mod:`mtgsolver.rules.production`), and drops {C} for a
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
from typing import TYPE_CHECKING, Callable, Hashable, Mapping

from mtgsolver.model.board import Board
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.model.mana_abilities import ManaAbility, Reflect
from mtgsolver.model.permanent import Permanent

if TYPE_CHECKING:  # pragma: no cover - networkx loads on first graph (fast start)
    import networkx as nx

__all__ = [
    "FixedPoint",
    "ability_node",
    "build_graph",
    "least_fixed_point",
    "opponents_node",
    "permanent_node",
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


def opponents_node(player: str, what: str) -> tuple[str, str, str]:
    """The permanents of card type ``what`` that ``player``'s opponents control: its
    successors are the opponents' :func:`scope_node` s."""
    return ("opponents", player, what)


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
    if p.scope == "basic_lands_you_control":  # Star Compass, Shimmering Grotto's kin
        return [(you, "basic")]
    if p.scope == "permanents_you_control":
        return [(you, "permanent")]
    if p.scope == "lands_opponents_control":
        return [(opp, "land") for opp in board.opponents(you)]
    if p.scope == "sacrificed":
        whats = [c.what for c in ability.costs if c.kind == "sacrifice" and c.what]
        return [(you, (whats[0] if whats else "land").split()[-1])]
    raise AssertionError(f"unknown reflect scope {p.scope!r}: the reader makes only those above")


def _in_scope(perm: Permanent, what: str) -> bool:
    return what == "permanent" or what in perm.types or what in perm.subtypes or (
        what == "basic" and "basic" in perm.supertypes and "land" in perm.types)


def build_graph(board: Board, table: TableFn) -> nx.DiGraph:
    """The reference graph of ``board`` (already with type-changing effects applied).

    ``table(permanent, ability)`` gives an ability node's ``const`` and ``table``
    attributes (see the module docstring).
    """
    nodes: list[tuple[Node, dict]] = []
    edges: list[tuple[Node, Node]] = []
    scopes: dict[tuple[str, str], None] = {}
    opp_hubs: set[Node] = set()
    for perm in board.permanents:
        pn = permanent_node(perm.id)
        nodes.append((pn, {"const": frozenset(), "table": None}))
        for i, ability in enumerate(perm.mana_abilities):
            an = ability_node(perm.id, i)
            const, tab = table(perm, ability)
            nodes.append((an, {"const": const, "table": tab}))
            edges.append((pn, an))
            if isinstance(ability.product, Reflect):
                targets = scope_targets(board, perm, ability)
                if ability.product.scope == "lands_opponents_control" and len(targets) > 1:
                    # one hub per player for "lands your opponents control" keeps the graph linear
                    hub = opponents_node(perm.controller, "land")
                    if hub not in opp_hubs:
                        opp_hubs.add(hub)
                        nodes.append((hub, {"const": frozenset(), "table": None}))
                        edges += [(hub, scope_node(player, what)) for player, what in targets]
                        scopes.update(dict.fromkeys(targets))
                    edges.append((an, hub))
                    continue
                for player, what in targets:
                    edges.append((an, scope_node(player, what)))
                    scopes[(player, what)] = None
    for player, what in scopes:
        sn = scope_node(player, what)
        nodes.append((sn, {"const": frozenset(), "table": None}))
        edges += [(sn, permanent_node(q.id)) for q in board.controlled_by(player) if _in_scope(q, what)]
    import networkx as nx

    g = nx.DiGraph()
    g.add_nodes_from(nodes)
    g.add_edges_from(edges)
    return g


@dataclass
class FixedPoint:
    """The least fixed point: ``values[node]`` and, for each (node, type) it did not make
    itself, ``reasons[(node, type)] = (successor, successor's type)`` it came from. Reasons
    point to types derived earlier, so following them never goes round a cycle."""

    values: dict[Node, frozenset[str]]
    reasons: dict[tuple[Node, str], tuple[Node, str]] = field(default_factory=dict)


_BIT = {t: 1 << i for i, t in enumerate(MANA_TYPES)}


def _mask(types) -> int:
    m = 0
    for t in types:
        m |= _BIT[t]
    return m


def least_fixed_point(g: nx.DiGraph) -> FixedPoint:
    """Least fixed point of the node transfer functions, one strongly connected component
    at a time in topological order of the condensation (successors first).

    networkx's Tarjan-style ``strongly_connected_components`` emits a component only after
    every component it reaches, which is that order (``tests/test_produce_graph.py`` checks
    it). The transfer distributes over union, so inside a component only new types travel
    (a worklist of deltas): each edge carries each of the six types at most once. Sets of
    types are 6-bit masks here.
    """
    values: dict[Node, int] = {}
    incoming: dict[Node, int] = {}
    reasons: dict[tuple[Node, str], tuple[Node, str]] = {}
    tables: dict[Node, tuple[int, ...] | None] = {}
    nodes_data = g.nodes
    pred = g.pred
    succ = g.succ

    def receive(node: Node, src: Node, types: int) -> int:
        """``node`` sees ``types`` from successor ``src``; returns the types it gains."""
        seen = incoming.get(node, 0)
        new_in = types & ~seen
        if not new_in:
            return 0
        incoming[node] = seen | new_in
        table = tables[node]
        have = values[node]
        gained = 0
        for i, t2 in enumerate(MANA_TYPES):
            if new_in >> i & 1:
                out = (1 << i) if table is None else table[i]
                out &= ~(have | gained)
                if out:
                    gained |= out
                    for j, t in enumerate(MANA_TYPES):
                        if out >> j & 1:
                            reasons[(node, t)] = (src, t2)
        values[node] = have | gained
        return gained

    import networkx as nx

    for comp in nx.strongly_connected_components(g):
        work: list[tuple[Node, int]] = []
        for node in comp:
            data = nodes_data[node]
            table = data.get("table")
            tables[node] = None if table is None else tuple(_mask(table.get(t, ())) for t in MANA_TYPES)
            values[node] = _mask(data.get("const", ()))
        for node in comp:
            for s in succ[node]:
                if s not in comp:
                    receive(node, s, values[s])
            if values[node]:
                work.append((node, values[node]))
        while work:  # Kleene iteration from below, by deltas, inside the component
            node, delta = work.pop()
            for p in pred[node]:
                if p in comp:
                    gained = receive(p, node, delta)
                    if gained:
                        work.append((p, gained))
    return FixedPoint({n: frozenset(t for i, t in enumerate(MANA_TYPES) if v >> i & 1) for n, v in values.items()},
                      reasons)
