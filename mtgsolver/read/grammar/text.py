"""The words the grammar families share: the normal form a line is parsed in, and the words
(numbers, colors, types, subtypes and their plurals, tags, a defending player's permanents)
the compilers turn into values."""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from mtgsolver.model.subtypes import subtypes

if TYPE_CHECKING:
    from lark import Token

__all__ = ["BASIC_LAND_TYPES", "COLORS", "creature_types", "normalise", "number", "own_name", "player_words",
           "plural_subtypes", "singular", "singular_type", "untag"]

_ABILITY_WORD = re.compile(r"^[A-Z][A-Za-z' ]* — ")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "x": -1}
#: The five colors in their order (105.1, 105.2: W, U, B, R, G).
COLORS: tuple[str, ...] = ("white", "blue", "black", "red", "green")
#: The basic land types (305.6), in the order of their colors.
BASIC_LAND_TYPES: tuple[str, ...] = ("plains", "island", "swamp", "mountain", "forest")


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
    return re.sub(r"\s+", " ", own_name(text, name).lower()).strip()


def own_name(text: str, name: str) -> str:
    """The card's name written ``~`` (201.5), or the part of a legendary name before its comma
    (Ramos, Dragon Engine); an Alchemy rebalanced card (A-Spell Satchel) speaks of itself by its
    printed name. Oracle text writes the name as printed: a lower-case match of a capitalised
    name is a word of the text (the Aura named Fear: "Enchanted creature has fear.").

    >>> own_name("Enchanted creature has fear. Fear can't be countered.", "Fear")
    "Enchanted creature has fear. ~ can't be countered."
    """
    base = name[2:] if name.startswith("A-") else name
    for own in dict.fromkeys(n for n in (name, base, base.split(",")[0]) if n):
        text = re.sub(rf"(?<![\w']){re.escape(own)}(?!\w)",
                      lambda m, own=own: m.group(0) if m.group(0)[0].islower() and own[0].isupper() else "~",
                      text, flags=re.IGNORECASE)
    return text


def number(tok: Token | str) -> int:
    """``a``/``one`` -> 1, ``seven`` -> 7, ``12`` -> 12, ``x`` -> -1 (a variable).

    >>> number("seven"), number("12"), number("x")
    (7, 12, -1)
    """
    word = str(tok).lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def untag(tok: Token | str) -> str:
    """The word of a tagged one (``kw:flying`` -> ``flying``, ``plu:wall`` -> ``wall``): the
    families tag keywords and subtypes before parsing."""
    return str(tok).split(":", 1)[1]


def singular(words: str) -> str:
    """``elves`` -> ``elf``, ``allies`` -> ``ally``, ``goats`` -> ``goat`` (each word); a
    subtype spelled with a final s stays whole (``locus``, ``plains``, ``cyclops``: 205.3).

    >>> singular("locus"), singular("cyclops"), singular("basic swamps")
    ('locus', 'cyclops', 'basic swamp')
    """
    out = []
    subtype_plurals = plural_subtypes()
    for w in str(words).split():
        if w in subtype_plurals:
            w = subtype_plurals[w]
        elif w.endswith("ves") and w not in ("wolves",):
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


@functools.lru_cache(maxsize=1)
def creature_types() -> frozenset[str]:
    """The one-word creature types of 205.3m, lower case (all but Time Lord)."""
    return frozenset(s for s, kind in subtypes().items() if kind == "creature" and " " not in s)


def singular_type(word: str) -> str | None:
    """The creature type (205.3m) a word of the combat grammars names, in the regular forms
    they read (``wall``, ``walls``, ``elves``; ``eldrazi``), else ``None``."""
    return _creature_type_forms().get(word)


@functools.lru_cache(maxsize=1)
def _creature_type_forms() -> dict[str, str]:
    out: dict[str, str] = {}
    for t in creature_types():
        forms = {t, t + "s", t + "es"}
        if t.endswith("f"):
            forms.add(t[:-1] + "ves")
        for form in forms:
            out.setdefault(form, t)
    return out


@functools.lru_cache(maxsize=1)
def plural_subtypes() -> dict[str, str]:
    """The English plural of each subtype (205.3g-m) -> the subtype: ``elves`` -> ``elf``,
    ``allies`` -> ``ally``, ``merfolk`` -> ``merfolk``."""
    out = {p: s for s in subtypes() for p in _plural(s)}
    return out | {s: s for s in _SAME_PLURAL if s in subtypes()}


def _plural(word: str) -> list[str]:
    if word.endswith(("s", "x", "ch", "sh")):
        return [word + "es", word]
    if word.endswith("f"):
        return [word[:-1] + "ves", word + "s"]
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return [word[:-1] + "ies"]
    if word.endswith("man"):
        return [word[:-3] + "men", word + "s"]
    return [word + "s"]


#: Creature types whose plural is the word itself ("Other Merfolk you control").
_SAME_PLURAL = ("merfolk", "aetherborn", "kithkin", "kor", "moonfolk", "samurai", "sheep", "fish", "elk", "treefolk")
