"""The ``combat`` family: static combat sentences (CR 508.1c-d, 509.1a-d, 702).

:func:`read` turns one line the grammar ``combat.lark`` covers whole into board vocabulary
(:mod:`mtgsolver.model.abilities`): restrictions and requirements of the card itself, granted
entries (``{grants: [...]}``) for "enchanted/equipped creature", Lure, and the attack taxes and
caps a permanent puts on attacks against its controller. A condition on what its controller
controls, the battlefield or the graveyard makes a conditional ``continuous`` static the layers
check (611.3b); one on the defending player or the attack makes an entry the combat solvers
check as the declaration is made (docs/combat-vocabulary.md). Anything else is ``None``: the
line stays unread rather than guessed.

Examples
--------
>>> read("Juggernaut attacks each combat if able.", "Juggernaut")
['attacks_each_combat']
>>> read("Equipped creature has trample and can't be blocked by more than one creature.", "Sword")
[{'grants': ['trample', {'max_blockers': 1}]}]
>>> read("Creatures you control have menace.", "Goblin War Drums") is None
True
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, v_args
from lark.exceptions import LarkError, VisitError

from mtgsolver.model.cards import PERMANENT_TYPES
from mtgsolver.model.keywords import KNOWN_KEYWORDS, canonical_keyword, is_landwalk
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import (
    COLORS,
    creature_types,
    normalise,
    number,
    player_words,
    singular,
    singular_type,
    untag,
)
from mtgsolver.read.vocabulary import parse_static

__all__ = ["read"]

_HERE = Path(__file__).parent
#: Words one of which a line must hold to be worth parsing
_CUES = ("block", "attack")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "combat.lark").read_text(encoding="utf-8"), parser="earley", lexer="dynamic")


@lru_cache(maxsize=1)
def _keyword_phrases() -> dict[tuple[str, ...], str]:
    """Word sequences naming a keyword ability (702) -> canonical name, longest first."""
    out = {tuple(k.split("_")): k for k in KNOWN_KEYWORDS if k not in ("landwalk", "protection")}
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


_PROTECTION = re.compile(r"protection from ([a-z]+)((?: and from [a-z]+)*)")
_WORD = re.compile(r"\{[^}]*\}(?:\{[^}]*\})*|[+-]\d+/[+-]\d+|[a-z0-9~'/-]+|[,.]")


def tag(low: str) -> str:
    """Tag keyword abilities (``kw:first_strike``; protection from each quality, 702.16g) and
    plural creature types (``plu:wall``), see ``combat.lark``.

    >>> tag("~ has first strike and protection from black and from red.")
    '~ has kw:first_strike and kw:protection_from_black and kw:protection_from_red .'
    """
    low = _PROTECTION.sub(lambda m: " and ".join(f"kw:protection_from_{q}" for q in
                                                 [m.group(1), *re.findall(r"and from ([a-z]+)", m.group(2))]), low)
    words = re.findall(r"kw:[a-z_]+|" + _WORD.pattern, low)
    phrases = _keyword_phrases()
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        for key, name in phrases.items():
            if tuple(words[i:i + len(key)]) == key:
                out.append("kw:" + name)
                i += len(key)
                break
        else:
            i += 1
            if is_landwalk(w):  # swampwalk, desertwalk (702.14); plain "landwalk" is none
                out.append("kw:" + w)
            elif w in ("nonbasic", "snow", "legendary") and i < len(words) and words[i].endswith("walk"):
                out.append(f"kw:{w}_{words[i]}")  # snow forestwalk, nonbasic landwalk (702.14c)
                i += 1
            elif (kind := singular_type(w)) is not None and kind != w:
                out.append("plu:" + kind)
            else:
                out.append(w)
    return " ".join(out)


def read(line: str, name: str) -> list[Any] | None:
    """The vocabulary entries of ``line``, or ``None`` when the family does not read it whole."""
    low = normalise(line, name).replace("\u2019", "'")
    if " the " in name:  # the short name of a legendary card ("Gorm" of Gorm the Great)
        low = re.sub(rf"(?<![\w']){re.escape(name.split(' the ')[0].lower())}(?![\w'])", "~", low)
    if not any(c in low for c in _CUES) and not re.match(r"^(?:~|this creature|(?:enchanted|equipped) creature) has ", low):
        return None
    try:
        tree = _parser().parse(tag(low))
        entries = _Compile().transform(tree)
    except VisitError as e:  # a LarkError: caught first, so an error of the compiler is raised
        if isinstance(e.orig_exc, (_Refused, ValueError)):
            return None
        raise
    except LarkError:
        return None
    return _checked(entries, line)


def _checked(entries: list[Any], line: str) -> list[Any] | None:
    """The entries with their line's text on a ``continuous`` one, if the model accepts them."""
    for entry in entries:
        if isinstance(entry, dict) and "continuous" in entry:
            entry["continuous"]["text"] = line.strip()
    granted = [g for e in entries if isinstance(e, dict) and "grants" in e for g in e["grants"]]
    try:
        for entry in entries + granted:
            if isinstance(entry, dict) and "protection" in entry:
                continue
            try:
                parse_static(entry)
            except KeyError:
                if not isinstance(entry, str):
                    return None  # no such vocabulary entry
                canonical_keyword(entry)  # a keyword, else ValueError
    except ValueError:
        return None
    return entries


class _Refused(Exception):
    """A parse whose meaning the model can't hold exactly."""


def _keyword(token: Token) -> Any:
    word = untag(token)
    if word.startswith("protection_from_"):
        return {"protection": word[len("protection_from_"):]}
    return canonical_keyword(word)


def _is_keyword(entry: Any) -> bool:
    return isinstance(entry, dict) and "protection" in entry or isinstance(entry, str) and entry in KNOWN_KEYWORDS \
        or isinstance(entry, str) and is_landwalk(entry)


#: The constant rules of ``combat.lark``: rule or alias -> its value (:mod:`.tables`). A
#: predicate is a list of vocabulary entries (docs/combat-vocabulary.md); ``("rules", ...)`` is
#: a rule the layers give the creature (613.11), "you" being the source's controller.
CONSTANTS: dict[str, Any] = {
    # blocking restrictions (509.1b)
    "cant_block": ["cant_block"],
    "cant_block_alone": ["cant_block_alone"],
    "block_additional_one": [{"can_block_additional": 1}],
    "block_any_number": ["can_block_any_number"],
    # restrictions on being blocked (509.1b, 702)
    "cant_be_blocked": ["cant_be_blocked"],
    "blocked_only_by_all": ["blocked_only_by_all"],
    # blocking requirements (509.1c)
    "must_be_blocked": ["must_be_blocked"],
    "blocks_each_combat": ["blocks_each_combat"],
    "lure": ["lure"],
    "block_landwalk": ["can_block_landwalk"],  # 702.14c
    # attacking (508.1c-d)
    "cant_attack": ["cant_attack"],
    "cant_attack_or_block": ["cant_attack", "cant_block"],
    "cant_attack_alone": ["cant_attack_alone"],
    "cant_attack_you_and_planeswalkers": [("rules", {"cant_attack": "you"}),
                                          ("rules", {"cant_attack_planeswalkers_of": "you"})],
    "cant_attack_or_block_alone": ["cant_attack_alone", "cant_block_alone"],
    "attacks_each_combat": ["attacks_each_combat"],
    "attacks_or_blocks_each_combat": ["attacks_each_combat", "blocks_each_combat"],
    # conditions (611.3b): (kind, value)
    "while_attacking_alone": ("attacking_alone", None),
    # costs (508.1d, 509.1d): the actions a cost is paid for, and who pays
    "act_attack": ["attack_cost"],
    "act_block": ["block_cost"],
    "act_both": ["attack_cost", "block_cost"],
    "payer_you": "you",
    "payer_controller": "its controller",
    # subjects: whether the entries are granted to the creature the source is attached to
    "itself": False,
    "holder": True,
    # what X counts in a tax (305.6, 107.3c)
    "x_domain": "basic_land_types",
}


@v_args(inline=True)
class _Compile(ConstantRules, constants=CONSTANTS):
    """Trees of ``combat.lark`` to vocabulary entries; each predicate gives a list."""

    # -- keywords, characteristics ------------------------------------------------------
    def keywords(self, *kws: Token) -> list[Any]:
        return [_keyword(k) for k in kws]

    def has(self, kws: list[Any]) -> list[Any]:
        return kws

    def gets(self, pt: Token) -> list[Any]:
        p, t = str(pt).split("/")
        return [("gets", [int(p), int(t)])]

    # -- blocking restrictions (509.1b) -------------------------------------------------
    def cant_block_power(self, n: Token, more_less: Token) -> list[Any]:
        n_ = int(n)
        if str(more_less) == "greater":
            return [{"can_block_only": {"power_at_most": n_ - 1}}]
        return [{"can_block_only": {"power_at_least": n_ + 1}}]

    def cant_block_color(self, color: Token) -> list[Any]:
        return [{"can_block_only": {"not_color": str(color)}}]

    def cant_block_type(self, t: Token) -> list[Any]:
        return [{"cant_block_creatures": {"type": str(t)}}]

    def cant_block_color_power(self, c: Token, n: Token, more_less: Token) -> list[Any]:
        return [{"cant_block_creatures": {"color": str(c), **self.by_power(n, more_less)}}]

    def cant_block_keyword(self, kw: Token) -> list[Any]:
        return [{"can_block_only": {"not_keyword": untag(kw)}}]

    def can_block_only_keyword(self, kw: Token) -> list[Any]:
        if untag(kw) != "flying":
            raise _Refused(str(kw))
        return [{"can_block_only": {"keyword": "flying"}}]

    def block_or_blocked_power(self, n: Token) -> list[Any]:
        return [{"can_block_only": {"power_at_most": int(n) - 1}}, {"cant_be_blocked_by": {"power_at_least": int(n)}}]

    def block_additional(self, n: Token) -> list[Any]:
        return [{"can_block_additional": number(n)}]

    # -- restrictions on being blocked (509.1b, 702) ------------------------------------
    def cant_be_blocked_by(self, groups: list[Any]) -> list[Any]:
        if any(isinstance(g, tuple) for g in groups):  # "by non-Wall creatures"
            if len(groups) != 1:
                raise _Refused("non-X with another group")
            return [{"can_be_blocked_only_by": [groups[0][1]]}]
        return [{"cant_be_blocked_by": g} for g in groups]

    def blockers(self, *groups: Any) -> list[dict]:
        out: list[dict] = []
        for g in groups:
            out.extend(g if isinstance(g, list) else [g])
        return out

    def by_subtype(self, plural: Token) -> dict:
        return {"subtype": untag(plural)}

    def by_type(self, t: Token) -> dict:
        return {"type": str(t)}

    def by_color(self, c: Token) -> dict:
        return {"color": str(c)}

    def by_colors(self, c1: Token, c2: Token) -> list[dict]:
        return [{"color": str(c1)}, {"color": str(c2)}]

    def by_keyword(self, kw: Token) -> dict:
        return {"keyword": untag(kw)}

    def by_power(self, n: Token, more_less: Token) -> dict:
        return {"power_at_least" if str(more_less) == "greater" else "power_at_most": int(n)}

    def min_blockers(self, n: Token) -> list[Any]:
        return [{"min_blockers": number(n)}]

    def only_groups(self, *groups: Any) -> list[dict]:
        return self.blockers(*groups)

    def by_keywords(self, *kws: Token) -> list[dict]:
        return [{"keyword": untag(k)} for k in kws]

    def blocked_except_by(self, groups: list[dict]) -> list[Any]:
        if len(groups) == 1 and set(groups[0]) <= {"keyword", "color"}:
            (key, value), = groups[0].items()  # one quality: a filter on what can't block it
            return [{"cant_be_blocked_by": {f"not_{key}": value}}]
        return [{"can_be_blocked_only_by": groups}]

    def by_non_subtype(self, word: Token) -> list[Any]:
        kind = str(word)[4:]
        if kind not in creature_types():
            raise _Refused(kind)
        return [("only", {"subtype": kind})]

    def must_be_blocked_by_a(self, _a: Token, word: Token) -> list[Any]:
        if str(word) not in creature_types():
            raise _Refused(str(word))
        return [{"must_be_blocked_by_a": {"subtype": str(word)}}]

    def block_as_though(self, *kws: Token) -> list[Any]:
        if {untag(k) for k in kws if isinstance(k, Token) and k.type == "KEYWORD"} != {"shadow"}:
            raise _Refused("only shadow")
        return ["can_block_shadow"]

    def max_blockers(self, n: Token) -> list[Any]:
        return [{"max_blockers": number(n)}]

    # -- blocking requirements (509.1c) -------------------------------------------------
    def must_be_blocked_by(self, n: Token) -> list[Any]:
        return [{"must_be_blocked_by": number(n)}]

    # -- conditions (611.3b) ------------------------------------------------------------
    with_power = by_power  # "a creature with power 4 or greater"

    def desc(self, *parts: Any) -> dict:
        words = [str(p) for p in parts if isinstance(p, Token)]
        out = _affected(words)
        for p in parts:
            if isinstance(p, dict):
                out.update(p)
        return out

    def group(self, *parts: Any) -> dict:
        descs = [p for p in parts if isinstance(p, dict)]
        if len(descs) == 1:
            return descs[0]
        a, b = descs  # "a Knight or a Soldier": either subtype (Affected.subtypes: any of them)
        if set(a) != {"subtypes"} or set(b) != {"subtypes"}:
            raise _Refused("only 'A or B' of two subtypes")
        return {"subtypes": sorted(a["subtypes"] + b["subtypes"])}

    def count_one(self, _a: Token, g: dict) -> tuple[dict, int, bool]:
        return g, 1, False

    def count_another(self, g: dict) -> tuple[dict, int, bool]:
        return {**g, "other": True}, 1, False

    def count_many(self, n: Token, g: dict) -> tuple[dict, int, bool]:
        return g, number(n), False

    def count_others(self, n: Token, g: dict) -> tuple[dict, int, bool]:
        return {**g, "other": True}, number(n), False

    def count_none_other(self, g: dict) -> tuple[dict, int, bool]:
        return {**g, "other": True}, 1, True

    def unless_you_control(self, count: tuple[dict, int, bool]) -> tuple[str, dict]:
        g, n, negated = count
        return "layers", _cond("controls", g, n, not negated)

    def while_you_control(self, count: tuple[dict, int, bool]) -> tuple[str, dict]:
        g, n, negated = count
        return "layers", _cond("controls", g, n, negated)

    def unless_graveyard(self, n: Token) -> tuple[str, dict]:
        return "layers", {"cards_in_graveyard": number(n), "not": True}

    def unless_opponent_graveyard(self, n: Token) -> tuple[str, dict]:
        return "layers", {"opponent_graveyard": number(n), "not": True}

    def unless_on_battlefield(self, n: Token, g: dict) -> tuple[str, dict]:
        return "layers", _cond("on_battlefield", g, number(n), True)

    def unless_one_on_battlefield(self, _a: Token, g: dict) -> tuple[str, dict]:
        return "layers", _cond("on_battlefield", g, 1, True)

    def if_one_on_battlefield(self, _a: Token, g: dict) -> tuple[str, dict]:
        return "layers", _cond("on_battlefield", g, 1, False)

    def if_another_on_battlefield(self, g: dict) -> tuple[str, dict]:
        return "layers", _cond("on_battlefield", {**g, "other": True}, 1, False)

    def while_defender_controls(self, _a: Token, g: dict) -> tuple[str, dict]:
        return "defender_controls", g

    def unless_defender_controls(self, _a: Token, g: dict) -> tuple[str, dict]:
        return "defender_lacks", g

    def if_defender_controls(self, _a: Token, g: dict) -> tuple[str, dict]:
        return "defender_controls_if", g

    def unless_more(self, what: Token, role: Token) -> tuple[str, tuple[str, str]]:
        kind = singular(str(what))
        if kind not in ("creature", "land"):
            raise _Refused(kind)
        return "more", (kind, str(role))

    # -- costs (508.1d, 509.1d) ---------------------------------------------------------
    def own_cost(self, kinds: list[str], payer: str, cost: Token) -> list[Any]:
        return [{k: str(cost).upper()} for k in kinds] + ([("you", None)] if payer == "you" else [])

    # -- lines --------------------------------------------------------------------------
    def predicates(self, *preds: Any) -> list[Any]:
        """The entries of every predicate; "~" repeated after "and" is kept as a marker."""
        return [e for p in preds for e in (p if isinstance(p, list) else [("self", None)])]

    def self_line(self, granted: bool, entries: list[Any], condition: tuple[str, Any] | None = None) -> list[Any]:
        if ("self", None) in entries:
            if granted:  # "enchanted creature ... and ~ ...": two subjects
                raise _Refused("two subjects")
            entries = [e for e in entries if e != ("self", None)]
        if any(isinstance(e, tuple) and e[0] == "you" for e in entries):
            if granted:  # "you" on an Aura or Equipment is its controller, not the creature's
                raise _Refused("you")
            entries = [e for e in entries if not (isinstance(e, tuple) and e[0] == "you")]
        gets = [e[1] for e in entries if isinstance(e, tuple) and e[0] == "gets"]
        rules = [e[1] for e in entries if isinstance(e, tuple) and e[0] == "rules"]
        if gets or rules:  # "Enchanted creature gets +1/+1 and can't be blocked by creatures with flying"
            if not granted or condition is not None or len(gets) > 1:
                raise _Refused("gets or a rule about 'you' on the card itself")
            rest = [e for e in entries if not isinstance(e, tuple)]
            if not rules and all(_is_keyword(e) for e in rest):
                raise _Refused("no combat sentence: the effects family's")
            # keywords are gained in layer 6; the combat entries are rules effects (613.11), as
            # the effects family writes them
            gains = [e for e in rest if _is_keyword(e)]
            rules = [e for e in rest if not _is_keyword(e)] + rules
            mapping: dict[str, Any] = {"affects": {"attached": True}}
            mapping.update({"gets": gets[0]} if gets else {})
            mapping.update({"gains": gains} if gains else {})
            mapping.update({"rules": rules} if rules else {})
            return [{"continuous": mapping}]
        if condition is not None:
            if any(_is_keyword(e) for e in entries):
                raise _Refused("a keyword with a condition: the effects family's (layer 6)")
            entries = _conditional(granted, entries, *condition)
            if entries[0] and isinstance(entries[0], dict) and "continuous" in entries[0]:
                return entries
        return [{"grants": entries}] if granted else entries

    def lure_line(self, granted: bool) -> list[Any]:
        return [{"grants": ["lure"]}] if granted else ["lure"]

    def lure_by_line(self, group: Any, granted: bool) -> list[Any]:
        if not isinstance(group, dict):
            raise _Refused("a lure for several groups")
        entry = {"lure_by": group}
        return [{"grants": [entry]}] if granted else [entry]

    def x_count(self, plural: Token) -> str:
        return str(plural)[:-1]

    def tax_you(self, cost: Token, x_counts: str | None) -> list[Any]:
        return [{"attack_tax": _tax(cost, x_counts, None)}]

    def tax_you_and_planeswalkers(self, cost: Token, x_counts: str | None) -> list[Any]:
        return [{"attack_tax": _tax(cost, x_counts, "you_and_planeswalkers")}]

    def cap_line(self, n: Token) -> list[Any]:
        return [{"max_attackers_against_controller": number(n)}]

    def start(self, entries: list[Any]) -> list[Any]:
        return entries


_TYPES = PERMANENT_TYPES - {"battle"}  # a condition on battles stays unread
_SUPERTYPES = frozenset({"snow", "basic", "legendary"})


def _affected(words: list[str]) -> dict[str, Any]:
    """An :class:`~mtgsolver.model.continuous.Affected` mapping for "blue permanent", "snow
    land", "Ashiok planeswalker", "artifacts", "Zombies", "1/1 creature"; ``_Refused`` for a word
    that is no color, supertype, card type or subtype (205)."""
    out: dict[str, list[str]] = {}
    pt: dict[str, int] = {}
    status: dict[str, bool] = {}
    for i, word in enumerate(words):
        last = i == len(words) - 1
        if word == "untapped" and not last:  # 110.5: only a player's permanents are described so
            status["untapped"] = True
            continue
        if word.startswith("plu:"):
            out.setdefault("subtypes", []).append(word[4:])
            continue
        if m := re.fullmatch(r"(\d+)/(\d+)", word):
            pt = {"power_at_least": int(m.group(1)), "power_at_most": int(m.group(1)),
                  "toughness_at_least": int(m.group(2)), "toughness_at_most": int(m.group(2))}
            continue
        for w in dict.fromkeys((word, singular(word)) if last else (word,)):
            if w in COLORS:
                out.setdefault("colors", []).append(w)
            elif w in _SUPERTYPES:
                out.setdefault("supertypes", []).append(w)
            elif w in _TYPES:
                out.setdefault("types", []).append(w)
            elif w == "permanent" and last:
                pass
            elif w in subtypes():
                out.setdefault("subtypes", []).append(w)
            else:
                continue
            break
        else:
            raise _Refused(word)
    if len(out.get("subtypes", [])) > 1 or len(out.get("colors", [])) > 1:
        raise _Refused("two subtypes or colors in one description: both, not either")
    return {**out, **pt, **status}


def _cond(kind: str, group: dict, n: int, negate: bool) -> dict[str, Any]:
    """A :class:`~mtgsolver.model.continuous.Condition` mapping."""
    out: dict[str, Any] = {kind: group, "at_least": n}
    if negate:
        out["not"] = True
    return out


def _conditional(granted: bool, entries: list[Any], kind: str, value: Any) -> list[Any]:
    """The entries of a line with a condition: a static whose condition the layers check
    (611.3b, 613.11), or a restriction checked against the defending player or the attack."""
    if kind == "layers":
        if granted and any(v.get("other") for v in value.values() if isinstance(v, dict)):
            raise _Refused("'another' on an Aura or Equipment")
        affects = {"attached": True} if granted else {"self": True}
        return [{"continuous": {"affects": affects, "condition": [value], "rules": entries}}]
    if kind == "attacking_alone" and entries == ["cant_be_blocked"]:
        return ["cant_be_blocked_attacking_alone"]  # 506.5
    if kind in ("defender_controls", "defender_lacks"):
        words = player_words(value)
        if kind == "defender_controls" and entries == ["cant_be_blocked"]:
            return [{"cant_be_blocked_if_defender": words}]
        if kind == "defender_lacks" and entries == ["cant_attack"]:
            return [{"cant_attack_unless": words}]
    if kind == "defender_controls_if" and entries == ["cant_attack"]:
        return [{"cant_attack_if_defender": player_words(value)}]
    if kind == "more":  # "more creatures than defending player" (508.1c) / "than attacking player" (509.1b)
        what, role = value
        if entries == ["cant_attack"] and role == "defending":
            return [{"cant_attack_unless_more": what}]
        if entries == ["cant_block"] and role == "attacking":
            return [{"cant_block_unless_more": what}]
    raise _Refused(kind)


def _tax(cost: Token, x_counts: str | None, covers: str | None) -> Any:
    """Propaganda's ``{2}``, or a mapping with what X counts and what the tax covers (508.1d)."""
    text = str(cost).upper()
    if (x_counts is not None) != (text == "{X}"):
        raise _Refused("X without what it counts")
    if x_counts is None and covers is None:
        return text
    out: dict[str, Any] = {"cost": text}
    if x_counts is not None:
        out["x_counts"] = x_counts
    if covers is not None:
        out["covers"] = covers
    return out
