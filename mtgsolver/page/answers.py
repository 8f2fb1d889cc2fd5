"""A command's answer made ready for the page, and the board a person pasted or picked.

:func:`page_answer` runs a command (:func:`mtgsolver.commands.run`, as the CLI and the
service do) and shows its answer as the page draws it: the verdict in a word, a headline,
the reasons with their rule numbers, tables, the unread lines with why they matter, marks on
the board's cards (the creatures a violation names, the sources a payment taps), the picture
(:mod:`mtgsolver.pictures`) and, for ``solve`` and ``plan``, the line step by step.
:func:`page_board` reads a pasted board (YAML, JSON or a Forge puzzle file) into the board
data the page keeps, with the view it draws (:func:`mtgsolver.page.board_view.page_view`).
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from mtgsolver import pictures
from mtgsolver.commands import COMMANDS, Answer, board_from, run
from mtgsolver.commands import command as find_command
from mtgsolver.load import parse_board_data
from mtgsolver.model import Board, CardLibrary
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.errors import UserError
from mtgsolver.page.board_view import page_view
from mtgsolver.page.examples import question_of
from mtgsolver.read.board_file import board_text_data
from mtgsolver.read.forge import forge_board_data
from mtgsolver.solver import attacks, blocks
from mtgsolver.solver.puzzle import GOAL_QUESTIONS, GOALS, OUTCOME

__all__ = ["VERDICTS", "command_forms", "page_answer", "page_board", "reason"]

#: the verdict of each command in a word: (exit status 0, exit status 1); 3 is "undecided"
VERDICTS = {"blocks check": ("legal", "illegal"), "blocks suggest": ("legal", "illegal"),
            "attacks check": ("legal", "illegal"), "attacks suggest": ("legal", "illegal"),
            "pay": ("payable", "not payable"), "produce": ("answered", ""), "damage": ("answered", ""),
            "solve": ("solved", "not solved"), "plan": ("castable", "not castable"),
            "chance": ("answered", ""), "crimes": ("a crime", "no crime"), "resolve": ("resolved", "illegal")}
#: why an unread line of each kind could matter (mtgsolver.read.line_kinds)
KIND_WHY = {"combat": "it speaks of attacking, blocking, evasion, power and toughness or protection",
            "effects": "it is a static ability that could change other objects or the rules for them",
            "mana": "it speaks of adding, producing or spending mana",
            "mana_trigger": "it triggers on tapping for mana or adds mana",
            "other": "no grammar family reads it"}
_RULE = re.compile(r"^(\d{3}(?:\.\d+[a-z]?)?(?:[-/][\w.]+)?(?:, \d{3}[\w./-]*)*): (.+)$", re.S)
_FORGE = re.compile(r"^\s*\[(?:metadata|state)\]\s*$", re.M | re.I)


def reason(text: str) -> dict[str, str]:
    """A reason as ``{"rule", "text"}``: ``"702.111b: ..."`` split at its rule numbers."""
    match = _RULE.match(text)
    return {"rule": match.group(1), "text": match.group(2)} if match else {"rule": "", "text": text}


def _rule_reasons(items: list[dict[str, Any]]) -> list[dict[str, str]]:
    return [{"rule": r.get("rule") or "", "text": r["message"]} for r in items]


def _kept(kept: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The costs kept payable afterwards, and whether they still are."""
    return [{"rule": "", "text": f"keep {k['cost']}: {'still payable' if k['payable'] else 'not payable afterwards'}"}
            for k in kept]


def _table(title: str, columns: list[str], rows: list[list[Any]]) -> dict[str, Any]:
    return {"title": title, "columns": columns, "rows": [[str(c) for c in r] for r in rows]}


def _named(board: Board, ident: str) -> str:
    return f"{board.permanent(ident).name} ({ident})" if board.has_permanent(ident) else ident


def _mana(symbols: str | list[str]) -> str:
    return "".join("{" + t + "}" for t in symbols) if isinstance(symbols, list) else symbols


# -- each command's answer ----------------------------------------------------------------------
def _combat(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a, result = done.answer, done.result
    blocks = a["kind"] == "blocks"
    shown["headline"] = f"{result.requirement_count()} ({'509.1c' if blocks else '508.1d'})"
    if not result.optimal:
        shown["headline"] += "; not proven optimal: the time limit stopped the solver"
    shown["reasons"] = _rule_reasons(a["violations"]) + [reason(n) for n in a["notes"]]
    for player, cost in a["costs"].items():
        if cost != "{0}":
            shown["reasons"].append({"rule": "509.1d" if blocks else "508.1h",
                                     "text": f"{player} pays {cost} for this declaration"})
    for player, lines in a["payments"].items():
        shown["reasons"].append({"rule": "605.3a", "text": f"{player} pays with: " + "; ".join(lines)})
    title = f"suggestion ({a['objective']})" if a.get("objective") else \
        "witness: a legal declaration obeying the most requirements"
    rows = [[_named(board, w["creature"]), ", ".join(_named(board, t) for t in w["blocks"])] if blocks else
            [_named(board, w["creature"]), _named(board, w["target"])] for w in a["witness"]]
    shown["tables"] = [_table(title, ["blocker", "blocks"] if blocks else ["attacker", "attacks"],
                              rows or [["no creature", "-"]])]
    shown["marks"] = {"violated": sorted({v["creature"] for v in a["violations"] if v.get("creature")})}
    shown["picture"] = pictures.combat_svg(board, a)


def _pay(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a = done.answer
    verdict = {True: "can be paid", False: "can't be paid", None: "undecided"}[a["payable"]]
    shown["headline"] = f"{a['cost']} {verdict} by {a['player']}"
    if a["x"] is not None:
        shown["headline"] += f" with X = {a['x']}"
    if a["life_paid"]:
        shown["headline"] += f", paying {a['life_paid']} life"
    shown["reasons"] = _rule_reasons(a["reasons"])
    if a["loses"]:
        shown["reasons"].append({"rule": "704.5a", "text": f"this leaves {a['player']} at {a['life_after']} life: "
                                                           "they lose the game"})
    shown["tables"] = [
        _table("activations, in order (605.3a)", ["#", "source", "ability", "mana made"],
               [[n, _named(board, act["source"]), act["ability"], act["mana"]]
                for n, act in enumerate(a["activations"], 1)]),
        _table("what pays each symbol (601.2h)", ["symbol", "paid with"],
               [[s["symbol"], ", ".join(f"{{{u['type']}}} from {u['from']}" for u in s["mana"])
                 or (f"{s['life']} life" if s["life"] else "nothing")] for s in a["assignment"]]),
    ]
    if a["untapped"] or a["activations"]:
        shown["reasons"].append({"rule": "", "text": f"left untapped: {', '.join(a['untapped']) or 'nothing'}"})
    shown["reasons"] += _kept(a["kept"])
    shown["marks"] = {"tapped": [act["source"] for act in a["activations"] if act["taps"]],
                      "sacrificed": list(a["sacrificed"]),
                      "used": [act["source"] for act in a["activations"] if not act["taps"]]}
    shown["picture"] = pictures.payment_svg(board, a) if a["payable"] is not None or a["activations"] else None


def _produce(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    shown["headline"] = "the types of mana each permanent could produce (106.7)"
    rows = []
    for pid, p in done.answer.items():
        rows.append([_named(board, pid), _mana(p["types"]) or "no mana"])
        shown["reasons"] += [{"rule": "", "text": f"{pid}: {why}"} for why in p["why"]]
        shown["unread"] += p["unread"]
    shown["tables"] = [_table("mana each could produce", ["permanent", "types"], rows)]


def _damage(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a = done.answer
    shown["headline"] = "what the declared combat does (510, 704.5)"
    shown["reasons"] = [reason(r) for r in a["reasons"]] + [reason(n) for n in a["notes"]]
    shown["tables"] = [
        _table("players", ["player", "life (before -> after)", "poison counters (before -> after)", "loses the game"],
               [[p["name"], f"{p['life']} -> {p['life_after']}", f"{p['poison']} -> {p['poison_after']}",
                 "yes" if p["loses"] else "no"] for p in a["players"]]),
        _table("combat damage (510.1, 510.2)", ["step", "source", "recipient", "damage assigned", "damage dealt"],
               [[d["step"], _named(board, d["source"]), _named(board, d["recipient"]), d["assigned"], d["dealt"]]
                for d in a["assignment"]]),
    ]
    shown["marks"] = {"destroyed": [d["creature"] for d in a["destroyed"]]}


def _solve(board: Board, done: Answer, shown: dict[str, Any], library: CardLibrary | None,
           max_time: float | None) -> None:
    a = done.answer
    shown["headline"] = f"{a['goal']}: {GOAL_QUESTIONS.get(a['goal'], a['goal'])}"
    shown["reasons"] = [reason(r) for r in a["reasons"]]
    if a["solution"] is not None:
        right = "right" if a["solution"]["correct"] else "wrong"
        shown["reasons"].append({"rule": "",
                                 "text": f"the puzzle's stated solution is {right}: {a['solution']['why']}"})
    if a["value"] is not None:
        shown["tables"] = [_table("what this combat does to the defending player", ["outcome", "amount"],
                                  [[label, ("yes" if a["value"][k] else "no") if isinstance(a["value"][k], bool)
                                    else a["value"][k]] for k, label in OUTCOME])]
    attack = [(x["creature"], x["target"]) for x in a["attack"]]
    if not attack and board.combat is not None:
        attack = [(x.creature, x.target) for x in board.combat.attackers]
    blocks = [(b["creature"], tuple(b["blocks"])) for b in a["blocks"]]
    if a["goal"] == "win" and a.get("steps"):
        title = "the line" + (" on the text read" if a.get("as_read") else "") + ": each step in order, with what to do "\
            "for each choice of the opponent"
        shown["line"] = [{"title": title, "lines": a["steps"], "picture": pictures.line_svg(board, a)}]
        shown["picture"] = shown["line"][0]["picture"]
    if attack and a["value"] is not None:
        shown["line"] = _combat_line(board, attack, blocks, library, max_time)
        shown["picture"] = shown["line"][1]["picture"]


def _combat_line(board: Board, attack: list[tuple[str, str]], blocks: list[tuple[str, tuple[str, ...]]],
                 library: CardLibrary | None, max_time: float | None) -> list[dict[str, Any]]:
    """A combat step by step: the attack (508.1), the blocks (509.1), the damage (510)."""
    arrows = [(b, x) for b, attackers in blocks for x in attackers]
    said = [f"{_named(board, c)} attacks {_named(board, t)}" for c, t in attack]
    line = [{"title": f"1. the attack, declared by {board.active_player} (508.1)", "lines": said,
             "picture": pictures.declaration_svg(board, "declare attackers (508.1)", attack)},
            {"title": "2. the blocks, declared by the defending player (509.1)",
             "lines": [f"{_named(board, b)} blocks {', '.join(_named(board, x) for x in xs)}" for b, xs in blocks]
             or ["no creature blocks"],
             "picture": pictures.declaration_svg(board, "declare blockers (509.1)", attack, arrows)}]
    trial = board.replace(combat=CombatDeclaration(tuple(Attack(c, t) for c, t in attack),
                                                   tuple(Block(b, xs) for b, xs in blocks),
                                                   frozenset(c for c, _ in attack)))
    try:
        damage = run("damage", trial, {}, max_time=max_time, library=library).answer
    except UserError as exc:
        return [*line, {"title": "3. combat damage (510)", "lines": [str(exc)], "picture": None}]
    dead = [d["creature"] for d in damage["destroyed"]]
    dealt = [f"{_named(board, d['source'])} deals {d['dealt']} damage to {_named(board, d['recipient'])}"
             f" ({d['step']})" for d in damage["assignment"]]
    return [*line, {"title": "3. combat damage (510) and state-based actions (704.5)",
                    "lines": dealt + damage["reasons"] + damage["notes"],
                    "picture": pictures.declaration_svg(board, "combat damage (510)", attack, arrows, dead)}]


def _plan(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a = done.answer
    verdict = {True: "castable", False: "can't all be cast", None: "undecided"}[a["castable"]]
    shown["headline"] = f"{verdict} by {a['player']}" + (f" with X = {a['x']}" if a["x"] is not None else "")
    shown["reasons"] = _rule_reasons(a["reasons"])
    shown["reasons"] += _kept(a["kept"])
    shown["line"] = [{"title": f"{n}. {'cast' if s['kind'] == 'spell' else 'activate'} {s['name']} {s['cost']}"
                               + (f" (X = {s['x']})" if s["x"] is not None else ""),
                      "lines": [f"{act['source']}: {act['ability']} -> {act['mana']}" for act in s["activations"]]
                      + s["events"], "picture": None} for n, s in enumerate(a["steps"], 1)]
    shown["marks"] = {"tapped": sorted({act["source"] for s in a["steps"] for act in s["activations"] if act["taps"]})}


def _chance(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a = done.answer
    shown["headline"] = f"the chance of each outcome as {_named(board, a['permanent'])}'s ability resolves (608.2)"
    shown["reasons"] = _rule_reasons(a["reasons"])
    shown["tables"] = [_table("outcomes", ["chance", "the card goes to", "cards"],
                              [[o["probability"], o["destination"], ", ".join(o["cards"])] for o in a["outcomes"]])]


def _crimes(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    items = done.answer
    shown["headline"] = f"{sum(c['crime'] for c in items)} of {len(items)} items on the stack are crimes (700.13)"
    shown["tables"] = [_table("the stack, bottom first", ["item", "controller", "a crime?", "triggers"],
                              [[c["item"], c["controller"], "yes" if c["crime"] else "no",
                                ", ".join(c["triggered"]) + (f" ({', '.join(c['not_triggered'])} already triggered "
                                                             "this turn, 603.2h)" if c["not_triggered"] else "")]
                               for c in items])]


def _resolve(board: Board, done: Answer, shown: dict[str, Any]) -> None:
    a = done.answer
    verdict = {True: "resolved", False: "an action is illegal", None: "undecided"}[a["resolved"]]
    shown["headline"] = verdict + (f": {a['reason']['message']}" if a["reason"] else "")
    shown["reasons"] = _rule_reasons(([a["reason"]] if a["reason"] else []) + a["steps"])
    if a["choices"]:
        shown["tables"] = [_table("choices the answer depends on (--choose KEY=OPTION)", ["key", "options"],
                                  [[c["key"], ", ".join(c["options"])] for c in a["choices"]])]


_SHOW: dict[str, Callable[[Board, Answer, dict[str, Any]], None]] = {
    "blocks check": _combat, "blocks suggest": _combat, "attacks check": _combat, "attacks suggest": _combat,
    "pay": _pay, "produce": _produce, "damage": _damage, "plan": _plan, "chance": _chance, "crimes": _crimes,
    "resolve": _resolve}


def _unread(shown: dict[str, Any], answer: Any, exit_status: int) -> list[dict[str, Any]]:
    """The unread lines with why they could matter, and whether they made the answer undecided."""
    decisive = exit_status == 3
    out = []
    for u in shown["unread"] + (answer.get("unread", []) if isinstance(answer, dict) else []):
        why = "; ".join(KIND_WHY[k] for k in u["kinds"] if k in KIND_WHY)
        effect = "it could change this answer, so the answer is undecided" if decisive else \
            "it could bear on this answer but not change the verdict"
        out.append({**u, "why": f"{why}: {effect}" if why else effect})
    return out


def page_answer(command: str, data: Any, options: dict[str, Any] | None = None, library: CardLibrary | None = None,
                max_time: float | None = None) -> dict[str, Any]:
    """Run ``command`` on the board ``data`` (a mapping, or YAML or JSON text) with ``options``
    and show the answer as the page draws it.

    :raises UserError: what :func:`mtgsolver.commands.run` refuses (a bad board or option).
    """
    command = find_command(command).name
    board = board_from(data, library)
    done = run(command, board, options or {}, max_time=max_time, library=library)
    yes, no = VERDICTS[command]
    shown: dict[str, Any] = {"command": command, "exit": done.exit,
                             "verdict": {0: yes, 1: no, 3: "undecided"}[done.exit], "headline": "",
                             "reasons": [], "tables": [], "unread": [], "marks": {}, "picture": None, "line": [],
                             "answer": done.answer}
    if command == "solve":
        _solve(board, done, shown, library, max_time)
    else:
        _SHOW[command](board, done, shown)
    shown["unread"] = _unread(shown, done.answer, done.exit)
    if isinstance(done.answer, dict) and done.answer.get("not_relevant"):
        shown["not_relevant"] = done.answer["not_relevant"]
    return shown


def page_board(board: Any, library: CardLibrary | None = None) -> dict[str, Any]:
    """A pasted board (YAML or JSON text, a Forge puzzle file's text, or board data) as the
    page keeps it: ``board`` the data, ``view`` what it draws, ``question`` the command and
    options the board asks (its comments' command line, its puzzle, its declaration).

    :raises BoardError: text that is not a board, or a board that does not load (file and
        field named); a malformed Forge puzzle file (its line named).
    """
    text = board if isinstance(board, str) else None
    if text is not None and _FORGE.search(text):
        data: Any = forge_board_data(text, "pasted puzzle", library)
    elif text is not None:
        data = board_text_data(text, "board", "json" if text.lstrip().startswith("{") else "yaml")
    else:
        data = board
    loaded = parse_board_data(data, "board", library)
    data = json.loads(json.dumps(data, default=str))
    command, options = question_of(data, text or "")
    return {"board": data, "view": page_view(loaded), "question": {"command": command, "options": options}}


#: the values an option may take, where they are few
CHOICES = {("blocks suggest", "objective"): blocks.OBJECTIVES, ("attacks suggest", "objective"): attacks.OBJECTIVES,
           ("solve", "goal"): (*GOALS, "win")}


def _kind(annotation: Any) -> str:
    """How the page asks an option: ``flag``, ``number``, ``integer``, ``list`` or ``text``."""
    text = str(annotation)
    return "flag" if annotation is bool else "list" if "list" in text else "integer" if "int" in text \
        else "number" if "float" in text else "text"


def command_forms() -> list[dict[str, Any]]:
    """Each command as the page asks it: its name, summary, verdict words and option fields
    (``name``, ``kind``, ``description``, ``default``, ``required``, ``choices``)."""
    out = []
    for name, cmd in COMMANDS.items():
        fields = []
        for option, spec in cmd.option_model.model_fields.items():
            default = None if spec.is_required() or spec.default_factory is not None else spec.default
            fields.append({"name": option, "kind": _kind(spec.annotation), "description": spec.description or "",
                           "default": default, "required": spec.is_required(),
                           "choices": list(CHOICES.get((name, option), ()))})
        out.append({"name": name, "summary": cmd.summary, "verdicts": list(VERDICTS[name]), "fields": fields})
    return out
