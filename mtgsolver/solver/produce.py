"""``could_produce``: the types of mana each permanent could produce (106.7), and why.

The answer comes from the least fixed point of the reference graph
(:mod:`mtgsolver.rules.mana_graph`) with type-changing effects (305.7), replacement effects
in any order (614, 616.1) and, for the record, the "tapped for mana" triggers (106.12a)
that would add mana of their own when the permanent is tapped.

Each type's reason is a chain of references that ends at a permanent producing that type
itself; the chain follows the order in which the fixed point derived the types, so it never
runs round a cycle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtgsolver.load import prepare
from mtgsolver.model.board import Board
from mtgsolver.model.errors import OptionError
from mtgsolver.model.mana_abilities import ManaAbility, Reflect
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.line_kinds import line_kinds
from mtgsolver.rules.mana_graph import ability_node, permanent_node, scope_targets, sort_types
from mtgsolver.rules.production import Production, analyse, base_bundles
from mtgsolver.solver.relevance import produce_bearing
from mtgsolver.solver.result import JsonResult

if TYPE_CHECKING:  # pragma: no cover - networkx loads on first graph (fast start)
    import networkx as nx

__all__ = ["PermanentProduction", "ProduceResult", "could_produce"]


@dataclass(frozen=True)
class PermanentProduction:
    """One permanent: the types it could produce (W U B R G C order) and the reasons.
    ``unread``: lines that could add to ``types`` (then only a lower bound), docs/unread.md."""

    id: str
    name: str
    controller: str
    types: tuple[str, ...]
    why: tuple[str, ...]
    unread: tuple[UnreadLine, ...] = ()


@dataclass
class ProduceResult(JsonResult):
    """The answer of :func:`could_produce` for every permanent asked about; ``unread`` are
    the lines that could bear on any of them (docs/unread.md)."""

    permanents: dict[str, PermanentProduction]
    graph: nx.DiGraph = field(repr=False)
    values: dict[Any, frozenset[str]] = field(repr=False, default_factory=dict)
    unread: tuple[UnreadLine, ...] = ()

    def types(self, pid: str) -> list[str]:
        return list(self.permanents[pid].types)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        """``{id: {"types": ["W", ...], "why": [...], "unread": [{permanent, line, kinds}, ...]}}``."""
        return {pid: {"types": list(p.types), "why": list(p.why), "unread": [u.to_dict() for u in p.unread]}
                for pid, p in self.permanents.items()}

    def to_dot(self) -> str:
        """The reference graph in Graphviz DOT, each node labelled with its types."""
        ids: dict[Any, str] = {}
        lines = ["digraph mana {", "  rankdir=LR;", "  node [fontname=Helvetica];"]
        for i, node in enumerate(self.graph.nodes):
            ids[node] = f"n{i}"
            kind = node[0]
            types = "".join(sort_types(self.values.get(node, frozenset()))) or "-"
            if kind == "permanent":
                label, shape = f"{node[1]}\\n{types}", "box"
            elif kind == "ability":
                label, shape = f"{node[1]} ability {node[2] + 1}\\n{types}", "ellipse"
            elif kind == "opponents":
                label, shape = f"{node[2]}s {node[1]}'s opponents control\\n{types}", "folder"
            else:
                label, shape = f"{node[2]}s {node[1]} controls\\n{types}", "folder"
            lines.append(f'  n{i} [label="{label}", shape={shape}];')
        for u, v in self.graph.edges:
            lines.append(f"  {ids[u]} -> {ids[v]};")
        lines.append("}")
        return "\n".join(lines) + "\n"


def _scope_text(board: Board, perm, ability: ManaAbility) -> str:
    parts = [f"{what}s {player} controls" for player, what in scope_targets(board, perm, ability)]
    return " and ".join(parts) or "no permanents"


def _raw_types(prod: Production, perm, ability: ManaAbility) -> frozenset[str]:
    bundles = base_bundles(prod.effective, perm, ability.product)
    return frozenset(t for b in bundles or () for t in b) if bundles is not None else frozenset("WUBRG")


class _Explainer:
    def __init__(self, prod: Production) -> None:
        self.prod = prod
        self.values = prod.fixed_point.values
        self.reasons = prod.fixed_point.reasons

    def chain(self, pid: str, t: str) -> list[str]:
        """Steps from ``pid`` producing ``t`` back to a permanent that produces it itself,
        following the fixed point's reasons (each derived before the type it explains)."""
        prod = self.prod
        steps: list[str] = []
        while True:
            perm = prod.effective.permanent(pid)
            an, _ = self.reasons[(permanent_node(pid), t)]
            ability = perm.mana_abilities[an[2]]
            changers = [e.source for e in prod.replacements_for(perm, ability) if e.kind != "mana_doubler"]
            if not isinstance(ability.product, Reflect):
                step = f"{pid} «{ability.text}»"
                if t not in _raw_types(prod, perm, ability) and changers:
                    step += f" replaced by {', '.join(changers)} (614, 616.1: any order)"
                return [*steps, step]
            qn, t2 = self.reasons[(an, t)]
            while qn[0] != "permanent":  # through the scope nodes (types unchanged there)
                qn, _ = self.reasons[(qn, t2)]
            step = f"{pid} reflects {qn[1]}, which could produce {{{t2}}} (106.7)"
            if t2 != t:
                step += f", replaced by {', '.join(changers)} to {{{t}}} (614, 616.1: any order)"
            steps.append(step)
            pid, t = qn[1], t2

    def why(self, pid: str) -> list[str]:
        prod = self.prod
        perm = prod.effective.permanent(pid)
        out: list[str] = []
        if pid in prod.type_changed:
            src = prod.type_changed[pid]  # a permanent's id, or a board effect's (effects[i], 613.7b)
            by = f"{src} ({prod.board.permanent(src).name})" if prod.board.has_permanent(src) else src
            kind = next(iter(perm.subtypes))
            out.append(f"{pid} is a {kind.capitalize()} because of {by}: it loses its other "
                       f"land types and rules-text abilities and has only {perm.mana_abilities[0].text} (305.7)")
        abilities = perm.mana_abilities
        if not abilities:
            if any("mana" in line_kinds(line) for line in perm.unread):
                out.append(f"{pid} has a mana ability this project does not read (docs/unread.md), so what it "
                           "could produce is not known (106.7)")
            else:
                out.append(f"{pid} has no mana ability (605.1a), so it could produce no mana (106.7)")
            return out
        types = prod.types(pid)
        for t in sort_types(types):
            out.append(f"{{{t}}}: " + " <- ".join(self.chain(pid, t)))
        for i, ability in enumerate(abilities):
            node = ability_node(pid, i)
            if not self.values.get(node):
                if isinstance(ability.product, Reflect):
                    what = "type" if ability.product.kind == "type" else "color (106.1a: not {C})"
                    out.append(f"«{ability.text}»: no {_scope_text(prod.effective, perm, ability)} could produce "
                               f"a {what}, so no type of mana is defined and it produces no mana (106.7, 106.5)")
                else:
                    out.append(f"«{ability.text}»: would produce no mana now, so it adds no type (106.7)")
            for e in prod.replacements_for(perm, ability):
                out.append(f"«{ability.text}» is affected by {e.describe()}; 106.7 takes every order (616.1)")
            for src, trig in prod.triggers_for(perm, ability):
                note = (" (the color chosen as it entered is not on the board: give "
                        "{mana_trigger: {tapped: enchanted, adds: \"{X}\"}} to use it)") if trig.mode == "chosen_color" else ""
                out.append(f"tapping it for mana triggers {src.id} ({src.name}): {trig.describe()} (106.12a); "
                           f"that mana comes from {src.id}, not from {pid} (106.7){note}")
            if not ability.taps and (prod.replacements or prod.triggers):
                out.append(f"«{ability.text}» has no {{T}} in its cost: activating it is not tapping for mana "
                           "(106.12), so no \"tapped for mana\" replacement or trigger applies")
        return out


def known_permanent(board: Board, permanent: str) -> None:
    """Check the option ``permanent`` names a permanent of ``board``.

    :raises OptionError: no permanent has that id (the message lists the ids).
    """
    if not board.has_permanent(permanent):
        known = ", ".join(p.id for p in board.permanents) or "none"
        raise OptionError("permanent", f"no permanent with id {permanent!r} (ids: {known})")


def could_produce(board: Board, permanent: str | None = None) -> ProduceResult:
    """What mana each permanent (or just ``permanent``) could produce (106.7) and why.

    :raises OptionError: ``permanent`` is not the id of a permanent on the battlefield.
    """
    board = prepare(board)  # the board as it is now (613), once
    if permanent is not None:
        known_permanent(board, permanent)
    prod = analyse(board)
    explainer = _Explainer(prod)
    ids = [permanent] if permanent is not None else [p.id for p in board.permanents]
    out: dict[str, PermanentProduction] = {}
    for pid in ids:
        p = board.permanent(pid)
        out[pid] = PermanentProduction(pid, p.name, p.controller, tuple(sort_types(prod.types(pid))),
                                       tuple(explainer.why(pid)), produce_bearing(board, [pid]))
    return ProduceResult(out, prod.graph, dict(prod.fixed_point.values), produce_bearing(board, ids))
