"""Shared text handling of the grammar families: the normal form a line is parsed in, and
the words (numbers, plurals) the compilers turn into values."""
from __future__ import annotations

import re

from lark import Token

__all__ = ["normalise", "number", "singular"]

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
