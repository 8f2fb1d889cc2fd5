"""Oracle sentences that compare a creature with other creatures in combat (CR 508.1c, 509.1b-c).

The ``relative`` family of :mod:`mtgsolver.read.grammar`: a lark grammar
(``relative.lark``) and the compiler from its trees to board vocabulary. It reads a line only
when it is about the card itself (``~``, "this creature") or about the creature an Aura or
Equipment is attached to (then the entries are ``{grants: [...]}``, 613.1f); "creatures you
control" and other group statics belong to the ``effects`` family.

Examples
--------
>>> read("Spitfire Handler can't block creatures with power greater than Spitfire Handler's power.",
...      "Spitfire Handler")
[{'cant_block_creatures': {'power_greater_than': 'own_power'}}]
>>> read("Okk can't attack unless a creature with greater power also attacks.", "Okk")
[{'cant_attack_unless_also': {'power_greater_than': 'own_power'}}]
>>> read("Hunted Ghoul can't block Humans.", "Hunted Ghoul")
[{'cant_block_creatures': {'subtype': 'human'}}]
>>> read("Creatures you control can't be blocked.", "Anything") is None
True
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark, Token
from lark.exceptions import LarkError, VisitError

from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import creature_types, number, singular_type

__all__ = ["read"]

_HERE = Path(__file__).parent
#: Words that must appear for a line to be worth parsing at all
_CUES = ("block", "attack")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "relative.lark").read_text(), parser="earley", lexer="dynamic")


def read(line: str, name: str) -> list[Any] | None:
    """The vocabulary entries of ``line`` (one sentence of rules text), or ``None``."""
    low = line.strip().lower()
    if not any(c in low for c in _CUES):
        return None
    if name:
        low = re.sub(rf"(?<!\w){re.escape(name.lower())}(?!\w)", "~", low)
    low = low.replace("\u2019", "'")
    try:
        tree = _parser().parse(low)
    except LarkError:
        return None
    try:
        return _Compile().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, _Unread):
            return None
        raise


class _Unread(Exception):
    """A tree the family recognises but will not read (no such creature type...)."""


#: The constant rules of ``relative.lark``: rule or alias -> its value (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    # how a stat compares with the creature's own: the suffix of the vocabulary key
    "greater_than": "greater_than",
    "less_than": "less_than",
    "at_least": "at_least",
    "at_most": "at_most",
    "owner": None,  # "~'s", "its", "the enchanted creature's": the creature the line is about
    # subjects: whether the entries are granted to the creature the source is attached to
    "itself": False,
    "holder": True,
}


class _Compile(ConstantRules, constants=CONSTANTS):
    """Trees of ``relative.lark`` to vocabulary entries."""

    # -- comparisons ----------------------------------------------------------------
    def comparison(self, items: list[Any]) -> dict[str, str]:
        stat, relation, _owner, own = items
        return {f"{_stat(stat)}_{relation}": f"own_{_stat(own)}"}

    def greater_stat(self, items: list[Any]) -> dict[str, str]:
        s = _stat(items[0])
        return {f"{s}_greater_than": f"own_{s}"}

    def lesser_stat(self, items: list[Any]) -> dict[str, str]:
        s = _stat(items[0])
        return {f"{s}_less_than": f"own_{s}"}

    def also_relative(self, items: list[Any]) -> dict[str, str]:
        return items[0]

    def also_colors(self, items: list[Token]) -> Any:
        colors = [{"color": str(c)} for c in items]
        return colors[0] if len(colors) == 1 else colors

    # -- actions --------------------------------------------------------------------
    def act(self, items: list[Token]) -> str:
        return str(items[0])

    act_plain = act

    def act_s(self, items: list[Token]) -> str:
        return str(items[0])[:-1]

    # -- predicates -----------------------------------------------------------------
    def cant_block_creatures(self, items: list[Any]) -> list[Any]:
        return [{"cant_block_creatures": items[0]}]

    def cant_block_kind(self, items: list[Token]) -> list[Any]:
        kind = singular_type(str(items[0]))
        if kind is None:
            raise _Unread(str(items[0]))
        return [{"cant_block_creatures": {"subtype": kind}}]

    def cant_be_blocked_by(self, items: list[Any]) -> list[Any]:
        return [{"cant_be_blocked_by": items[0]}]

    def unless_others(self, items: list[Any]) -> list[Any]:
        act, n, again = items
        if act != again:
            raise _Unread(act)
        return [{f"cant_{act}_unless_others": number(n)}]

    def unless_another(self, items: list[Any]) -> list[Any]:
        act, again = items
        if act != again:
            raise _Unread(act)
        return [{f"cant_{act}_unless_others": 1}]

    def unless_also(self, items: list[Any]) -> list[Any]:
        act, flt, again = items
        if act != again:
            raise _Unread(act)
        return [{f"cant_{act}_unless_also": flt}]

    def must_be_blocked_by_a(self, items: list[Token]) -> list[Any]:
        kind = str(items[1])
        if kind not in creature_types():
            raise _Unread(str(items[1]))
        return [{"must_be_blocked_by_a": {"subtype": kind}}]

    def blocked_by_others(self, items: list[Any]) -> list[Any]:
        return [{"cant_be_blocked_by": items[0]}]

    # -- lines ----------------------------------------------------------------------
    def self_line(self, items: list[Any]) -> list[Any]:
        granted, entries = items
        return [{"grants": entries}] if granted else entries

    def cap_line(self, items: list[Any]) -> list[Any]:
        n, act = items
        return [{f"max_{act}ers_each_combat": number(n)}]

    def start(self, items: list[Any]) -> list[Any]:
        return items[0]


def _stat(token: Any) -> str:
    return str(token).replace(" ", "_")


