"""Shared text handling of the grammar families: the normal form a line is parsed in, and
the words (numbers, plurals, a defending player's permanents) the compilers turn into values."""
from __future__ import annotations

import re
from typing import Any

from lark import Token

__all__ = ["normalise", "number", "player_words", "singular"]

_ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z' ]* — ")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "x": -1}


def normalise(line: str, name: str) -> str:
    """Lower case, reminder text removed (207.1), an ability word dropped (207.2c), the
    card's own name written ``~`` (201.5), spaces collapsed.

    >>> normalise("Metalcraft — {T}: Add {C}. (Reminder.) Mox Opal deals 1 damage to you.", "Mox Opal")
    '{t}: add {c}. ~ deals 1 damage to you.'
    """
    text = line.strip()
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        text = text[1:-1].strip()  # a whole-line reminder of a basic land's ability (305.6)
    text = re.sub(r"\s*\([^)]*\)", "", text)
    text = _ABILITY_WORD.sub("", text)
    # the card's name, or the part of a legendary name before its comma (Ramos, Dragon Engine)
    # an Alchemy rebalanced card (A-Spell Satchel) speaks of itself by its printed name
    base = name[2:] if name.startswith("A-") else name
    for own in dict.fromkeys(n for n in (name, base, base.split(",")[0]) if n):
        text = re.sub(rf"(?<![\w']){re.escape(own)}(?!\w)", "~", text, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", text.lower()).strip()


def number(tok: Token | str) -> int:
    """``a``/``one`` -> 1, ``seven`` -> 7, ``12`` -> 12, ``x`` -> -1 (a variable)."""
    word = str(tok).lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def singular(words: str) -> str:
    """``elves`` -> ``elf``, ``allies`` -> ``ally``, ``goats`` -> ``goat`` (each word)."""
    out = []
    for w in str(words).split():
        if w.endswith("ves") and w not in ("wolves",):
            w = w[:-3] + "f"
        elif w == "wolves":
            w = "wolf"
        elif w.endswith("ies"):
            w = w[:-3] + "y"
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w)
    return " ".join(out)


def player_words(group: dict) -> dict[str, Any]:
    """``{supertypes: [snow], types: [land]}`` -> ``{controls: snow land}``: a
    :class:`~mtgsolver.model.filters.PlayerFilter` whose ``controls`` words each describe the
    permanent, with bounds on its power."""
    if set(group) - {"colors", "supertypes", "types", "subtypes", "untapped", "power_at_least", "power_at_most"}:
        raise ValueError("a defending player's permanent described by more than its types, colors, status and power")
    words = ["untapped"] if group.get("untapped") else []
    words += [w for key in ("colors", "supertypes", "types", "subtypes") for w in group.get(key, [])]
    if not set(group) & {"types", "subtypes"}:
        words.append("permanent")
    bounds = {k: group[k] for k in ("power_at_least", "power_at_most") if k in group}
    return {"controls": " ".join(words), **bounds}
