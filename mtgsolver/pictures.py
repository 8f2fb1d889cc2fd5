"""Pictures of answers as SVG: combat declarations and mana payments (``--svg FILE``).

Drawn from a board and a command's answer (the ``--json`` dict), never from solver models.
Combat (509.1, 508.1): the attacking side's creatures in a row above, the defending side
(creatures, or players, planeswalkers and battles when attacking) below, one panel for the
declaration on the board and one for the witness or suggestion; arrows go from blocker to
attacker or from attacker to what it attacks. A creature a violation names gets a red
border and a "!" badge, and the violations are listed with their rules. Payment (106, 601.2h,
605): the payer's mana sources above (used ones tinted, "tapped" or "sacrificed"), the
mana each made, and the cost's symbols below, each joined to the sources that pay it by a
line in the colour of the mana. A step of a puzzle's line (508.1, 509.1, 510): the attacking
player's creatures above, the defending players, their planeswalkers, battles and creatures
below, the attack's arrows and the blocks' arrows, and the creatures destroyed crossed out.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from html import escape
from typing import Any, Iterable

from mtgsolver.model import Board

__all__ = ["ARROW", "MANA_COLORS", "VIOLATION", "combat_svg", "declaration_svg", "line_svg", "payment_svg"]

#: Arrow colours: the declaration on the board, and the witness or suggestion.
ARROW = {"declared": "#1f5fbf", "witness": "#1a9641"}
VIOLATION = "#d7191c"
#: Fill colours of mana types (and their lines in a payment picture).
MANA_COLORS = {"W": "#e8d98b", "U": "#0e68ab", "B": "#4a3f55", "R": "#d3202a", "G": "#00733e", "C": "#9b948c"}
_CARD_FILL = {"W": "#fbf8e6", "U": "#dbe9f6", "B": "#dcd7df", "R": "#f7dcd3", "G": "#d7eedc"}
_PLAIN, _GOLD, _USED = "#eeeeee", "#f3e6b3", "#fff3c4"
CARD_W, CARD_H, GAP, MARGIN = 120, 86, 22, 20
ROW_GAP = 110  # vertical room for arrows between the two rows


@dataclass
class _Svg:
    """A small SVG writer: shapes in order, arrowhead markers per colour."""

    width: int = 0
    height: int = 0
    parts: list[str] = field(default_factory=list)
    markers: set[str] = field(default_factory=set)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555", width: float = 1.5,
             dash: bool = False, ident: str | None = None) -> None:
        extra = ' stroke-dasharray="6 4"' if dash else ""
        extra += f' id="{escape(ident)}"' if ident else ""
        self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" stroke="{stroke}" '
                          f'stroke-width="{width}"{extra}/>')

    def text(self, x: float, y: float, text: str, size: int = 11, color: str = "#222", bold: bool = False,
             anchor: str = "start") -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{x}" y="{y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="{size}" '
                          f'fill="{color}" text-anchor="{anchor}"{weight}>{escape(text)}</text>')

    def circle(self, x: float, y: float, r: float, fill: str, stroke: str = "#333") -> None:
        self.parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, color: str, width: float = 4, arrow: bool = True,
             ident: str | None = None) -> None:
        head = ""
        if arrow:
            self.markers.add(color)
            head = f' marker-end="url(#head{color[1:]})"'
        name = f' id="{escape(ident)}"' if ident else ""
        self.parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{color}" stroke-width="{width}" '
                          f'stroke-linecap="round"{head}{name}/>')

    def curve(self, x1: float, y1: float, x2: float, y2: float, color: str) -> None:
        """A dashed arc below a row, from one card to another."""
        self.markers.add(color)
        self.parts.append(f'<path d="M{x1},{y1} Q{(x1 + x2) / 2},{max(y1, y2) + 70} {x2},{y2}" fill="none" '
                          f'stroke="{color}" stroke-width="3" stroke-dasharray="7 4" marker-end="url(#head{color[1:]})"/>')

    def render(self) -> str:
        defs = "".join(f'<marker id="head{c[1:]}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" '
                       f'markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
                       for c in sorted(self.markers))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}"><defs>{defs}</defs>'
                f'<rect width="100%" height="100%" fill="white"/>{"".join(self.parts)}</svg>\n')


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _fill(board: Board, pid: str) -> str:
    colors = sorted(c.value for c in board.permanent(pid).colors)
    return _GOLD if len(colors) > 1 else _CARD_FILL[colors[0]] if colors else _PLAIN


def _card(svg: _Svg, board: Board, pid: str, x: float, y: float, panel: str, violated: Iterable[str] = (),
          fill: str | None = None, note: str = "") -> None:
    """A permanent as a card: name, id, types and power/toughness, keywords; a violation
    marks it with a red border and a "!" badge."""
    p = board.permanent(pid)
    rules = list(violated)
    stroke, width = (VIOLATION, 4) if rules else ("#555", 1.5)
    svg.rect(x, y, CARD_W, CARD_H, fill or _fill(board, pid), stroke, width, dash=p.tapped, ident=f"{panel}-{pid}")
    svg.text(x + 8, y + 17, _short(p.name, 17), 11, bold=True)
    svg.text(x + 8, y + 31, _short(f"{p.id} · {p.controller}", 20), 9, "#666")
    kinds = " ".join(t for t in ("creature", "planeswalker", "battle", "land", "artifact", "enchantment") if t in p.types)
    svg.text(x + 8, y + 46, _short(kinds, 20), 9, "#444")
    svg.text(x + 8, y + 60, _short(", ".join(sorted(k.replace("_", " ") for k in p.keywords)), 21), 9, "#444")
    corner = f"{p.power}/{p.toughness}" if p.power is not None else (f"loyalty {p.loyalty}" if p.loyalty is not None else "")
    svg.text(x + CARD_W - 8, y + CARD_H - 8, corner, 12, bold=True, anchor="end")
    if note or p.tapped:
        svg.text(x + 8, y + CARD_H - 8, note or "tapped", 9, "#a05a00")
    if rules:
        svg.circle(x + CARD_W - 4, y + 4, 11, VIOLATION, VIOLATION)
        svg.text(x + CARD_W - 4, y + 9, "!", 14, "white", bold=True, anchor="middle")


def _player(svg: _Svg, board: Board, name: str, x: float, y: float, panel: str) -> None:
    player = board.player(name)
    svg.rect(x, y, CARD_W, CARD_H, "#f4f4f4", "#333", 2, ident=f"{panel}-{name}")
    svg.text(x + CARD_W / 2, y + 36, name, 14, bold=True, anchor="middle")
    svg.text(x + CARD_W / 2, y + 56, f"{player.life} life", 11, "#444", anchor="middle")


def _row_x(n: int, width: float) -> list[float]:
    used = n * CARD_W + max(0, n - 1) * GAP
    start = (width - used) / 2
    return [start + i * (CARD_W + GAP) for i in range(n)]


def _spread(center: float, i: int, n: int) -> float:
    return center + (i - (n - 1) / 2) * min(18, (CARD_W - 20) / max(1, n))


def combat_svg(board: Board, answer: dict[str, Any]) -> str:
    """The picture of a ``blocks`` or ``attacks`` check or suggestion (509.1, 508.1)."""
    blocks = answer.get("kind", "blocks") == "blocks"
    active = board.active_player
    combat = board.combat
    if blocks:
        top = [a.creature for a in combat.attackers] if combat and combat.attackers else \
            [p.id for p in board.creatures(active)]
        bottom = [p.id for p in board.permanents if p.is_creature and p.controller != active]
        declared = [(b.creature, t) for b in combat.blockers for t in b.blocks] \
            if combat and combat.blockers is not None else None
        witness = [(w["creature"], t) for w in answer.get("witness", []) for t in w["blocks"]]
    else:
        top = [p.id for p in board.creatures(active)]
        targets = {w["target"] for w in answer.get("witness", [])} | {a.target for a in (combat.attackers if combat else ())}
        bottom = [*board.opponents(active),
                  *[p.id for p in board.permanents if p.controller != active and (p.is_planeswalker or p.is_battle)
                    or p.id in targets and not board.is_player(p.id)]]
        declared = [(a.creature, a.target) for a in combat.attackers] if combat and combat.attackers else None
        witness = [(w["creature"], w["target"]) for w in answer.get("witness", [])]
    if answer.get("objective"):
        declared = None  # a suggestion: the board's declaration is not judged
    violated: dict[str, list[str]] = {}
    for v in answer.get("violations", []):
        if v.get("creature"):
            violated.setdefault(v["creature"], []).append(v["rule"])
    panels = []
    if declared is not None:
        verdict = {True: "legal", False: "ILLEGAL", None: "undecided"}[answer.get("legal")]
        panels.append(("declared", f"declared: {verdict}, requirements obeyed {answer.get('obeyed')} "
                                   f"of a possible {answer.get('maximum')}", declared, violated))
    title = f"suggestion ({answer['objective']})" if answer.get("objective") else "witness: a legal declaration"
    n = answer.get("maximum")
    panels.append(("witness", f"{title} obeying {n} requirement{'' if n == 1 else 's'}", witness, {}))

    width = _width(len(top), len(bottom))
    panel_h = 28 + CARD_H + ROW_GAP + CARD_H + 24
    lines = _wrap([f"{v['rule']} {v['message']}" for v in answer.get("violations", [])], width)
    svg = _Svg(width, MARGIN + panel_h * len(panels) + 16 * len(lines) + MARGIN)
    for n, (panel, heading, arrows, marks) in enumerate(panels):
        y0 = MARGIN + n * panel_h
        svg.text(MARGIN, y0 + 14, heading, 13, VIOLATION if marks and answer.get("legal") is False else "#222", bold=True)
        ty, by = y0 + 28, y0 + 28 + CARD_H + ROW_GAP
        tx, bx = dict(zip(top, _row_x(len(top), width))), dict(zip(bottom, _row_x(len(bottom), width)))
        for pid, x in tx.items():
            _card(svg, board, pid, x, ty, panel, marks.get(pid, ()))
        for pid, x in bx.items():
            if board.is_player(pid):
                _player(svg, board, pid, x, by, panel)
            else:
                _card(svg, board, pid, x, by, panel, marks.get(pid, ()))
        color = ARROW[panel]
        for a, b, i, n in _meeting(arrows):  # (blocker, attacker) or (attacker, target): spread where they meet
            if blocks and a in bx and b in tx:
                x1, y1 = bx[a] + CARD_W / 2, by
                x2, y2 = _spread(tx[b] + CARD_W / 2, i, n), ty + CARD_H + 4
            elif not blocks and a in tx and b in bx:
                x1, y1 = tx[a] + CARD_W / 2, ty + CARD_H
                x2, y2 = _spread(bx[b] + CARD_W / 2, i, n), by - 4
            else:
                continue
            svg.line(x1, y1, x2, y2, color, ident=f"{panel}-{a}-{b}")
    y = MARGIN + panel_h * len(panels)
    for text in lines:
        svg.text(MARGIN, y, text, 11, VIOLATION)
        y += 16
    return svg.render()


def declaration_svg(board: Board, heading: str, attack: Iterable[tuple[str, str]] = (),
                    blocks: Iterable[tuple[str, str]] = (), destroyed: Iterable[str] = ()) -> str:
    """One step of a combat: ``attack`` as (creature, what it attacks) in the declared colour,
    ``blocks`` as (blocker, attacker) in the witness colour, ``destroyed`` crossed out."""
    active = board.active_player
    attack, blocks, dead = list(attack), list(blocks), set(destroyed)
    top = [p.id for p in board.creatures(active)]
    bottom = [*board.opponents(active),
              *[p.id for p in board.permanents if p.controller != active and (p.is_planeswalker or p.is_battle)],
              *[p.id for p in board.creatures() if p.controller != active]]
    width = _width(len(top), len(bottom))
    svg = _Svg(width, MARGIN + 28 + CARD_H + ROW_GAP + CARD_H + MARGIN)
    svg.text(MARGIN, MARGIN + 14, heading, 13, bold=True)
    ty, by = MARGIN + 28, MARGIN + 28 + CARD_H + ROW_GAP
    tx, bx = dict(zip(top, _row_x(len(top), width))), dict(zip(bottom, _row_x(len(bottom), width)))
    for pid, x in tx.items():
        _card(svg, board, pid, x, ty, "step", note="destroyed" if pid in dead else "")
    for pid, x in bx.items():
        if board.is_player(pid):
            _player(svg, board, pid, x, by, "step")
        else:
            _card(svg, board, pid, x, by, "step", note="destroyed" if pid in dead else "")
    for pid in dead:
        x, y = (tx[pid], ty) if pid in tx else (bx[pid], by) if pid in bx else (None, None)
        if x is not None:
            svg.line(x + 6, y + 6, x + CARD_W - 6, y + CARD_H - 6, VIOLATION, 2, arrow=False)
    for creature, target, i, n in _meeting(attack):
        if creature in tx and target in bx:
            svg.line(tx[creature] + CARD_W / 2, ty + CARD_H, _spread(bx[target] + CARD_W / 2, i, n), by - 4,
                     ARROW["declared"], ident=f"step-{creature}-{target}")
    for blocker, attacker, i, n in _meeting(blocks):
        if blocker in bx and attacker in tx:
            svg.line(bx[blocker] + CARD_W / 2, by, _spread(tx[attacker] + CARD_W / 2, i, n), ty + CARD_H + 4,
                     ARROW["witness"], ident=f"step-{blocker}-{attacker}")
    return svg.render()


def line_svg(board: Board, answer: dict[str, Any]) -> str:
    """The combat of a winning line (``solve --goal win``): its attack and the opponent's first
    block answered, drawn on the board the line starts from (508.1, 509.1)."""
    line = answer.get("line") or {"steps": [], "branches": []}
    attack: list[tuple[str, str]] = []
    blocks: list[tuple[str, str]] = []
    while True:
        for step in line["steps"]:
            if step["kind"] == "attack" and not attack:
                attack = [(a["creature"], a["target"]) for a in step["attack"]]
            if step["kind"] == "block" and not blocks:
                blocks = [(b["creature"], a) for b in step["blocks"] for a in b["blocks"]]
        if not line["branches"]:
            break
        line = line["branches"][0]["line"]
    verdict = {True: "a winning line", False: "no winning line", None: "undecided"}[answer.get("solved")]
    heading = f"{verdict}: " + ("the attack and the first block answered" if attack else "no attack")
    return declaration_svg(board, heading, attack, blocks)


def _meeting(arrows: list[tuple[str, str]]) -> list[tuple[str, str, int, int]]:
    """Each arrow (from, to) with its place among the arrows meeting at ``to`` and their number."""
    ends: dict[str, list[str]] = {}
    for a, b in arrows:
        ends.setdefault(b, []).append(a)
    return [(a, b, i, len(group)) for b, group in ends.items() for i, a in enumerate(group)]


def _width(*row_lengths: int) -> int:
    return max(*row_lengths, 4) * (CARD_W + GAP) - GAP + 2 * MARGIN


def _wrap(texts: list[str], width: int) -> list[str]:
    """Lines of at most the characters that fit ``width`` pixels at 11 px."""
    chars = int((width - 2 * MARGIN) / 6.6)
    return [line for t in texts for line in textwrap.wrap(t, chars, subsequent_indent="    ")]


def _symbols(mana: str) -> list[str]:
    return mana.replace("{", " ").replace("}", " ").split()


def payment_svg(board: Board, answer: dict[str, Any]) -> str:
    """The picture of a ``pay`` answer: which sources are tapped or sacrificed, the mana each
    makes, and which symbols of the cost each pays (601.2g-h, 605.3)."""
    payer = answer["player"]
    used = {a["source"]: a for a in answer.get("activations", [])}
    sources = [p.id for p in board.controlled_by(payer) if p.mana_abilities or p.id in used]
    if any(u["from"] == "pool" for s in answer.get("assignment", []) for u in s["mana"]):
        sources.append("pool")
    symbols = answer.get("assignment", [])
    width = _width(len(sources), len(symbols))
    reasons = _wrap([f"{r['rule']} {r['message']}" for r in answer.get("reasons", [])], width)
    svg = _Svg(width, MARGIN + 28 + CARD_H + 22 + ROW_GAP + 44 + 16 * len(reasons) + MARGIN)
    verdict = "can be paid" if answer.get("payable") else "can't be paid" if answer.get("payable") is False else "undecided"
    x_part = f" with X = {answer['x']}" if answer.get("x") is not None else ""
    svg.text(MARGIN, MARGIN + 14, f"{answer.get('cost')} {verdict} by {payer}{x_part}", 13,
             "#222" if answer.get("payable") else VIOLATION, bold=True)
    ty = MARGIN + 28
    sx = dict(zip(sources, _row_x(len(sources), width)))
    for pid, x in sx.items():
        if pid == "pool":
            svg.rect(x, ty, CARD_W, CARD_H, _PLAIN, ident="pay-pool")
            svg.text(x + CARD_W / 2, ty + 46, "mana pool", 12, bold=True, anchor="middle")
            continue
        act = used.get(pid)
        sacrificed = pid in answer.get("sacrificed", [])
        note = "sacrificed" if sacrificed else "tapped" if act and act["taps"] else "used" if act else ""
        _card(svg, board, pid, x, ty, "pay", fill=_USED if act else None, note=note)
        if sacrificed:
            svg.line(x + 6, ty + 6, x + CARD_W - 6, ty + CARD_H - 6, VIOLATION, 2, arrow=False)
        if act:
            for i, t in enumerate(_symbols(act["mana"])):
                svg.circle(x + 14 + i * 20, ty + CARD_H + 12, 8, MANA_COLORS.get(t, _PLAIN))
    by = ty + CARD_H + 22 + ROW_GAP
    cx = dict(zip(range(len(symbols)), _row_x(len(symbols), width)))
    seen: dict[str, int] = {}
    for i, s in enumerate(symbols):
        x = cx[i] + CARD_W / 2
        svg.circle(x, by + 18, 18, "#ffffff", "#333")
        svg.text(x, by + 23, s["symbol"], 12, bold=True, anchor="middle")
        if s.get("life"):
            svg.text(x, by + 52, f"{s['life']} life", 11, VIOLATION, anchor="middle")
        units = [u for u in s["mana"] if u["from"] in sx]
        for j, u in enumerate(units):
            k = seen[u["from"]] = seen.get(u["from"], -1) + 1
            svg.line(sx[u["from"]] + CARD_W / 2 + k * 7, ty + CARD_H + 22, _spread(x, j, len(units)), by - 2,
                     MANA_COLORS.get(u["type"], "#333"), 3, ident=f"pay-{u['from']}-{i}-{j}")
    for act in answer.get("activations", []):  # mana that paid an ability's own cost (605.3a)
        for u in act["paid_with"]:
            if u["from"] in sx and act["source"] in sx:
                svg.curve(sx[u["from"]] + CARD_W / 2, ty + CARD_H + 22, sx[act["source"]] + CARD_W / 2 + 24,
                          ty + CARD_H + 22, MANA_COLORS.get(u["type"], "#333"))
    y = by + 44 + 16
    for text in reasons:
        svg.text(MARGIN, y, text, 11, VIOLATION)
        y += 16
    return svg.render()
