"""Oracle sentences of a permanent entering as a copy (CR 707.2, 707.9b, 614.1c).

The ``copies`` family of :mod:`mtgsolver.read.grammar`: a lark grammar (``copies.lark``) whose
sentence is one ``enters_as_copy`` vocabulary entry: the card types and whose permanents it
may copy, and what an "except ... in addition to its other types" adds.

Examples
--------
>>> read("You may have Clone enter the battlefield as a copy of any creature on the battlefield.", "Clone")
[{'enters_as_copy': {'types': ['creature'], 'controller': 'any'}}]
>>> read("You may have Glasspool Mimic enter the battlefield as a copy of a creature you control, except "
...      "it's a Shapeshifter Rogue in addition to its other types.", "Glasspool Mimic")[0]["enters_as_copy"]
{'types': ['creature'], 'controller': 'you', 'adds_subtypes': ['shapeshifter', 'rogue']}
>>> read("You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, "
...      "except it's an Illusion in addition to its other types and it has \\"When this creature becomes the "
...      "target of a spell or ability, sacrifice it.\\"", "Phantasmal Image") is None
True
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark
from lark.exceptions import LarkError, VisitError

from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import normalise

__all__ = ["read"]

_HERE = Path(__file__).parent

#: The card types an "except it's a ..." may add (205.2a, permanents only).
_CARD_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "copies.lark").read_text(), parser="earley", lexer="dynamic")


def read(line: str, name: str) -> list[Any] | None:
    """The vocabulary entries of ``line`` (one sentence of rules text), or ``None``."""
    low = normalise(line, name)
    if "as a copy of" not in low:
        return None
    try:
        return [{"enters_as_copy": _Compile().transform(_parser().parse(low))}]
    except (LarkError, VisitError):
        return None


#: The constant rules of ``copies.lark``: rule or alias -> its entry (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    "yours": "you",  # "a creature you control"
    "anywhere": "any",  # "any creature on the battlefield"
}


class _Compile(ConstantRules, constants=CONSTANTS):
    """Trees of ``copies.lark`` to the ``enters_as_copy`` entry."""

    def start(self, items: list[Any]) -> dict[str, Any]:
        out = dict(items[0])
        for kind, words in (items[1] if len(items) > 1 else {}).items():
            out[kind] = words
        return out

    def original(self, items: list[Any]) -> dict[str, Any]:
        kinds, where = items
        return {"types": kinds, "controller": where}

    def kinds(self, items: list[Any]) -> list[str]:
        return [str(t) for t in items]

    def exception(self, items: list[Any]) -> dict[str, list[str]]:
        words = [str(t) for t in items]
        known = subtypes()
        if any(w not in _CARD_TYPES and w not in known for w in words):
            raise ValueError(f"not a type: {words}")  # a sentence of another shape: unread
        out = {"adds_types": [w for w in words if w in _CARD_TYPES],
               "adds_subtypes": [w for w in words if w not in _CARD_TYPES]}
        return {k: v for k, v in out.items() if v}
