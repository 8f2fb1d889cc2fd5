"""Reading Oracle text into the board vocabulary.

:func:`parse_oracle_text` turns each line of rules text into keywords, vocabulary
entries (``lure``, ``{min_blockers: 2}``) or mana abilities (605). Lines it does not
understand are returned separately, so callers decide whether that is an error (a board
file) or just unread text (an MTGJSON card).

Examples
--------
>>> parse_oracle_text("Flying, vigilance\\nAll creatures able to block Bears do so.", "Bears")
(['flying', 'vigilance', 'lure'], [])
"""
from __future__ import annotations

import re
from typing import Any

from mtgsolver.model.errors import VocabularyError
from mtgsolver.model.keywords import canonical_keyword

__all__ = ["ability_units", "parse_oracle_text"]

def _spells_cost_less(m: re.Match[str]) -> list[Any]:
    """``{spells_cost_less: {n, spells}}``: a color, a card type, "instant and sorcery" (either) or none
    (The Immortal Sun: every spell, 601.2f)."""
    color, kind, other, n = m.groups()
    spells: dict[str, Any] = {"colors": [color]} if color else {}
    if other:
        spells["any_of"] = [{"types": [kind]}, {"types": [other]}]
    elif kind:
        spells["types"] = [kind]
    return [{"spells_cost_less": {"n": int(n), "spells": spells}}] if int(n) > 0 else []  # {}: every spell


def _subtype_spells_cost_less(m: re.Match[str]) -> list[Any]:
    """``{spells_cost_less: {n, spells}}`` for spells of one of two subtypes (either)."""
    first, second, n = m.groups()
    spells = {"any_of": [{"subtypes": [first]}, {"subtypes": [second]}]}
    return [{"spells_cost_less": {"n": int(n), "spells": spells}}] if int(n) > 0 else []


# Static abilities that change how mana is produced or spent, and battalion (lines about no creature; the
# combat sentences are the ``combat`` grammar family's): (pattern on the lower-cased line with
# the card's name replaced by "~", builder)
_PHRASES: list[tuple[str, Any]] = [
    # battalion, an ability word (207.2c): a declare-attackers trigger (Boros Elite)
    (r"battalion — whenever (?:~|this creature) and at least two other creatures attack, (?:~|this creature) gets "
     r"\+(\d+)/\+(\d+) until end of turn\.", lambda m: [{"battalion": {"gets": [int(m.group(1)), int(m.group(2))]}}]),
    # 603.6d, 614.1d: "[This permanent] enters tapped." (Izzet Boilerworks, Jungle Hollow, Scarwood Treefolk)
    (r"(?:~|this (?:land|creature|artifact|enchantment|permanent)) enters(?: the battlefield)? tapped\.",
     lambda m: ["enters_tapped"]),
    # 614.1c, 601.2h: "Springmantle Cleric enters the battlefield with a +1/+1 counter on it for each
    # color of mana spent to cast it." (converge's counters)
    (r"(?:~|this creature) enters(?: the battlefield)? with a \+1/\+1 counter on it for each color of mana spent "
     r"to cast it\.", lambda m: ["counters_per_color_spent"]),
    # 614.1d, 119.4: "As Watery Grave enters the battlefield, you may pay 2 life. If you don't, it
    # enters the battlefield tapped." (the shock lands)
    (r"as (?:~|this (?:land|permanent)) enters(?: the battlefield)?, you may pay (\d+) life\. if you don't, it "
     r"enters(?: the battlefield)? tapped\.", lambda m: [{"enters_tapped_unless_paid_life": int(m.group(1))}]),
    # 601.2f, 118.7c: "Green creature spells you cast cost {1} less to cast." (Rhonas's Monument),
    # "Instant and sorcery spells you cast ..." (Goblin Electromancer), "Artifact spells ..."
    (r"(?:(white|blue|black|red|green) )?(?:(artifact|creature|enchantment|instant|sorcery|planeswalker)"
     r"(?: and (instant|sorcery))? )?spells you cast cost \{(\d+)\} less to cast\.", _spells_cost_less),
    # 601.2f: "Aura and Equipment spells you cast cost {1} less to cast." (Danitha Capashen, Paragon)
    (r"(aura) and (equipment) spells you cast cost \{(\d+)\} less to cast\.", _subtype_spells_cost_less),
    # mana production (mtgsolver.rules.production; 106.12, 305.7, 614)
    (r"if a land is tapped for mana, it produces \{([wubrgc])\} instead of any other type and amount\.",
     lambda m: [{"lands_tap_for": m.group(1).upper()}]),
    (r"if a basic land you control is tapped for mana, it produces mana of a color of your choice instead of "
     r"any other type\.", lambda m: ["basic_lands_tap_for_any_color"]),
    (r"if you tap a permanent for mana, it produces twice as much of that mana instead\.", lambda m: ["mana_doubler"]),
    (r"if a land is tapped for two or more mana, it produces \{c\} instead of any other type and amount\.",
     lambda m: ["lands_tapped_for_two_or_more_make_c"]),
    (r"lands you control are (plains|islands|swamps|mountains|forests)\.", lambda m: [{"lands_are": m.group(1)}]),
    (r"you may spend white mana as though it were mana of any color\. you may spend other mana only as though it "
     r"were colorless mana\.", lambda m: ["spend_white_as_any_color"]),
    # "tapped for mana" triggers (106.12a) are the mana grammar family's (grammar/mana.lark)
]
_COMPILED = [(re.compile("^" + p + "$"), build) for p, build in _PHRASES]


#: A quality protection is from (702.16a): one word (a color, ``everything``, a card type or
#: subtype), ``all colors`` or a mana value bound.
_QUALITY = r"(?:all colors|mana value \d+ or (?:greater|less)|[\w'-]+)"
_COLORS = ("white", "blue", "black", "red", "green")
#: Keywords with a number or a cost the board vocabulary holds (``{afflict: 2}``, ``{ward: "{2}"}``).
_NUMBERED = re.compile(r"(afflict|annihilator|bushido|frenzy|rampage|toxic) (\d+)|(ward) ((?:\{[\dwubrgcx/]+\})+)")


def _keyword_line(line: str) -> list[Any] | None:
    """``Flying, first strike``; ``Protection from black and from red`` is two protection
    abilities (702.16g), ``protection from all colors`` one per color (702.16h).

    >>> _keyword_line("Flying, protection from all colors")[:2]
    ['flying', {'protection': 'white'}]
    >>> _keyword_line("Lifelink, protection from mana value 3 or greater")
    ['lifelink', {'protection': 'mana value 3 or greater'}]
    """
    out: list[Any] = []
    for part in (p.strip() for p in re.split(r"[,;]", line)):
        if m := _NUMBERED.fullmatch(part.lower()):  # Afflict 2, Bushido 1 (702.130a, 702.45a), Ward {2}
            out.append({m.group(1): int(m.group(2))} if m.group(1) else {"ward": m.group(4).upper()})
            continue
        if m := re.fullmatch(rf"protection from ({_QUALITY})((?: and from {_QUALITY})*)", part.lower()):
            for q in [m.group(1), *re.findall(rf"and from ({_QUALITY})", m.group(2))]:
                out.extend({"protection": c} for c in (_COLORS if q == "all colors" else (q,)))
            continue
        try:
            out.append(canonical_keyword(part))
        except VocabularyError:
            return None
    return out


def parse_oracle_text(text: str, name: str) -> tuple[list[Any], list[str]]:
    """Return (entries understood, lines not understood).

    Entries are keywords, vocabulary entries, or mana ability texts (strings with ``:``).
    Reminder text in parentheses is dropped, except a whole-line reminder of a mana ability.
    A modal ability's header and its "•" lines (700.2) are read as one; unread, they stay
    unread line by line.
    """
    entries: list[Any] = []
    unknown: list[str] = []
    for unit in ability_units(text):
        lines = unit.split("\n")
        found = _line(unit, name) if len(lines) > 1 else None
        if found is not None:
            entries.extend(found)
            continue
        for raw in lines:
            found = _line(raw, name)
            if found is None:
                unknown.append(raw.strip())
            else:
                entries.extend(found)
    return entries, unknown


def ability_units(text: str) -> list[str]:
    """The lines of ``text``, each "•" mode line joined to the line before it with a line
    break (700.2: a modal ability's header and its modes are one ability)."""
    units: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("•") and units:
            units[-1] += "\n" + line
        else:
            units.append(line)
    return units


def _line(raw: str, name: str) -> list[Any] | None:
    """The entries of one line (or one modal ability), or ``None`` when nothing reads it whole."""
    line = raw.strip()
    if line.startswith("(") and line.endswith(")") and "\n" not in line:
        return []  # reminder text of a basic land type, derived from subtypes (305.6)
    line = re.sub(r"\s*\([^)]*\)", "", line).strip()
    if not line:
        return []
    if ": add " in line.lower() and '"' not in line:  # a quoted one is granted (613.1f)
        return _grammar(raw.strip(), name)
    kw = _keyword_line(line)
    if kw is not None:
        return kw
    from mtgsolver.read.grammar.text import own_name  # the grammars only for lines of more than keywords

    low = own_name(line, name).lower()
    found = _table(low)
    if found is None:
        found = _grammar(line, name)
    return found


def _grammar(line: str, name: str) -> list[Any] | None:
    """What the first family of :mod:`mtgsolver.read.grammar` that reads the line whole makes
    of it (kept between runs: :mod:`mtgsolver.read.grammar.readings`)."""
    from mtgsolver.read.grammar.readings import remembered

    return remembered(line, name, _families)


def _families(line: str, name: str) -> list[Any] | None:
    from mtgsolver.read.grammar import readers

    for read in readers():
        found = read(line, name)
        if found is not None:
            return found
    return None


def _table(low: str) -> list[Any] | None:
    for pattern, build in _COMPILED:
        m = pattern.match(low)
        if m:
            return build(m)
    return None
