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

from .keywords import canonical_keyword

__all__ = ["parse_oracle_text"]

_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10}
_N = "(" + "|".join(_WORDS) + ")"
_COLOR = "(white|blue|black|red|green)"
_S = r"(?:~|this creature)"

# (pattern on the lower-cased line with the card's name replaced by "~", builder)
_PHRASES: list[tuple[str, Any]] = [
    (rf"{_S} can't block\.", lambda m: ["cant_block"]),
    (rf"{_S} can't attack\.", lambda m: ["cant_attack"]),
    (rf"{_S} can't attack or block\.", lambda m: ["cant_attack", "cant_block"]),
    (rf"{_S} can't be blocked\.", lambda m: ["cant_be_blocked"]),
    (rf"{_S} can't block and can't be blocked\.", lambda m: ["cant_block", "cant_be_blocked"]),
    (rf"{_S} can't be blocked by (artifact|enchantment|legendary) creatures\.",
     lambda m: [{"cant_be_blocked_by": {"type": m.group(1)}}]),
    (rf"{_S} can't be blocked by (\w+?)s\.", lambda m: [{"cant_be_blocked_by": {"subtype": m.group(1)}}]),
    (rf"{_S} can't be blocked by (\w+?)s (?:or|and/or) (\w+?)s\.",
     lambda m: [{"cant_be_blocked_by": {"subtype": m.group(1)}}, {"cant_be_blocked_by": {"subtype": m.group(2)}}]),
    (rf"{_S} can't be blocked by creatures with ([a-z]+(?: [a-z]+)?)\.",
     lambda m: [{"cant_be_blocked_by": {"keyword": canonical_keyword(m.group(1))}}]),
    (rf"{_S} can't be blocked except by creatures with ([a-z]+(?: [a-z]+)?)\.",
     lambda m: [{"cant_be_blocked_by": {"not_keyword": canonical_keyword(m.group(1))}}]),
    (rf"{_S} can't be blocked except by (white|blue|black|red|green) creatures\.",
     lambda m: [{"cant_be_blocked_by": {"not_color": m.group(1)}}]),
    (rf"{_S} can't block creatures with power (\d+) or greater\.",
     lambda m: [{"can_block_only": {"power_at_most": int(m.group(1)) - 1}}]),
    (rf"{_S} can't block creatures with power (\d+) or less\.",
     lambda m: [{"can_block_only": {"power_at_least": int(m.group(1)) + 1}}]),
    (rf"{_S} can't block {_COLOR} creatures\.", lambda m: [{"can_block_only": {"not_color": m.group(1)}}]),
    (rf"{_S} can't block creatures with ([a-z]+(?: [a-z]+)?)\.",
     lambda m: [{"can_block_only": {"not_keyword": canonical_keyword(m.group(1))}}]),
    (rf"{_S} can't block or be blocked by creatures with power (\d+) or greater\.",
     lambda m: [{"can_block_only": {"power_at_most": int(m.group(1)) - 1}},
                {"cant_be_blocked_by": {"power_at_least": int(m.group(1))}}]),
    # 508.1d, 509.1d: the creature's own cost to attack or block, paid by its controller
    (rf"{_S} can't attack unless (?:you pay|its controller pays) ((?:\{{\w+\}})+)\.",
     lambda m: [{"attack_cost": m.group(1).upper()}]),
    (rf"{_S} can't block unless (?:you pay|its controller pays) ((?:\{{\w+\}})+)\.",
     lambda m: [{"block_cost": m.group(1).upper()}]),
    (rf"{_S} can't attack or block unless (?:you pay|its controller pays) ((?:\{{\w+\}})+)\.",
     lambda m: [{"attack_cost": m.group(1).upper()}, {"block_cost": m.group(1).upper()}]),
    (rf"{_S} can't block alone\.", lambda m: ["cant_block_alone"]),
    (rf"{_S} can't attack alone\.", lambda m: ["cant_attack_alone"]),
    (rf"{_S} can't attack or block alone\.", lambda m: ["cant_attack_alone", "cant_block_alone"]),
    (rf"{_S} attacks each (?:combat|turn) if able\.", lambda m: ["attacks_each_combat"]),
    (rf"{_S} blocks each (?:combat|turn) if able\.", lambda m: ["blocks_each_combat"]),
    (rf"{_S} attacks or blocks each combat if able\.", lambda m: ["attacks_each_combat", "blocks_each_combat"]),
    (rf"{_S} can block an additional creature each combat\.", lambda m: [{"can_block_additional": 1}]),
    (rf"{_S} can block (?:{_N} additional|an additional {_N}) creatures each combat\.",
     lambda m: [{"can_block_additional": _WORDS[m.group(1) or m.group(2)]}]),
    (rf"{_S} can block any number of creatures(?: each combat)?\.", lambda m: ["can_block_any_number"]),
    (rf"{_S} can't be blocked except by (two|three|four|five) or more creatures\.",
     lambda m: [{"min_blockers": _WORDS[m.group(1)]}]),
    (rf"{_S} can't be blocked by more than (one|two|three) creatures?\.",
     lambda m: [{"max_blockers": _WORDS[m.group(1)]}]),
    (rf"{_S} can't be blocked by creatures with power (\d+) or less\.",
     lambda m: [{"cant_be_blocked_by": {"power_at_most": int(m.group(1))}}]),
    (rf"{_S} can't be blocked by creatures with power (\d+) or greater\.",
     lambda m: [{"cant_be_blocked_by": {"power_at_least": int(m.group(1))}}]),
    (rf"{_S} can't be blocked by {_COLOR} creatures\.",
     lambda m: [{"cant_be_blocked_by": {"color": m.group(1)}}]),
    (rf"{_S} can't be blocked by {_COLOR} and/or {_COLOR} creatures\.",
     lambda m: [{"cant_be_blocked_by": {"color": m.group(1)}}, {"cant_be_blocked_by": {"color": m.group(2)}}]),
    (rf"{_S} can block only creatures with flying\.", lambda m: [{"can_block_only": {"keyword": "flying"}}]),
    (rf"all creatures able to block {_S} do so\.", lambda m: ["lure"]),
    (r"all creatures able to block (?:enchanted|equipped) creature do so\.", lambda m: [{"grants": ["lure"]}]),
    (rf"{_S} must be blocked if able\.", lambda m: ["must_be_blocked"]),
    (rf"{_S} must be blocked by two or more creatures if able\.", lambda m: [{"must_be_blocked_by": 2}]),
    (rf"{_S} can't attack unless defending player controls an? (\w+)\.",
     lambda m: [{"cant_attack_unless": {"controls": m.group(1)}}]),
    (rf"{_S} can't be blocked unless all creatures defending player controls block it\.",
     lambda m: ["blocked_only_by_all"]),
    (r"creatures can't attack you unless their controller pays (\{[^ ]+\}) for each creature they control "
     r"that's attacking you\.", lambda m: [{"attack_tax": m.group(1).upper()}]),
    # Norn's Annex, Baird, Sphere of Safety (508.1d; mtgsolver.model.attack_tax)
    (r"creatures can't attack you or planeswalkers you control unless their controller pays (\{[^ ]+\}) for each "
     r"of those creatures\.", lambda m: [{"attack_tax": {"cost": m.group(1).upper(), "covers": "you_and_planeswalkers"}}]),
    (r"creatures can't attack you or planeswalkers you control unless their controller pays (\{x\}) for each "
     r"of those creatures, where x is the number of (\w+?)s you control\.",
     lambda m: [{"attack_tax": {"cost": "{X}", "x_counts": m.group(2), "covers": "you_and_planeswalkers"}}]),
    (r"creatures can't attack you unless their controller pays (\{x\}) for each creature they control "
     r"that's attacking you, where x is the number of (\w+?)s you control\.",
     lambda m: [{"attack_tax": {"cost": "{X}", "x_counts": m.group(2)}}]),
    (r"no more than (one|two|three|four|five) creatures? can attack you each combat\.",
     lambda m: [{"max_attackers_against_controller": _WORDS[m.group(1)]}]),
    (rf"{_S} has ([a-z ,]+?)\.", lambda m: _keyword_list(m.group(1))),
    # battalion, an ability word (207.2c): a declare-attackers trigger (Boros Elite)
    (rf"battalion — whenever {_S} and at least two other creatures attack, {_S} gets \+(\d+)/\+(\d+) until end of "
     r"turn\.", lambda m: [{"battalion": {"gets": [int(m.group(1)), int(m.group(2))]}}]),
    # mana production (mtgsolver.model.production; 106.12, 305.7, 614)
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
    (r"whenever a player taps a land for mana, that player adds one mana of any type that land produced\.",
     lambda m: [{"mana_trigger": {"tapped": "lands", "adds": "same_type"}}]),
    (r"whenever enchanted (?:land|plains|island|swamp|mountain|forest) is tapped for mana, its controller adds an "
     r"additional ((?:\{[wubrgc]\})+)\.", lambda m: [{"mana_trigger": {"tapped": "enchanted", "adds": m.group(1).upper()}}]),
    (r"whenever enchanted (?:land|plains|island|swamp|mountain|forest) is tapped for mana, its controller adds an "
     r"additional one mana of the chosen color\.", lambda m: [{"mana_trigger": {"tapped": "enchanted", "adds": "chosen_color"}}]),
]
_GRANTING = re.compile(r"^(?:enchanted|equipped) creature (.*)$")
_COMPILED = [(re.compile("^" + p + "$"), build) for p, build in _PHRASES]


def _keyword_list(text: str) -> list[Any]:
    """``flying, first strike and protection from red``; ``ValueError`` on anything else."""
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
    out = _keyword_line(", ".join(parts))
    if out is None:
        raise ValueError(text)
    return out


def _keyword_line(line: str) -> list[Any] | None:
    """``Flying, first strike``; ``Protection from black and from red`` is two protection
    abilities (702.16g)."""
    out: list[Any] = []
    for part in (p.strip() for p in re.split(r"[,;]", line)):
        if m := re.fullmatch(r"protection from (\w+)((?: and from \w+)*)", part.lower()):
            out.extend({"protection": q} for q in [m.group(1), *re.findall(r"and from (\w+)", m.group(2))])
            continue
        try:
            out.append(canonical_keyword(part))
        except ValueError:
            return None
    return out


def parse_oracle_text(text: str, name: str) -> tuple[list[Any], list[str]]:
    """Return (entries understood, lines not understood).

    Entries are keywords, vocabulary entries, or mana ability texts (strings with ``:``).
    Reminder text in parentheses is dropped, except a whole-line reminder of a mana ability.
    """
    entries: list[Any] = []
    unknown: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("(") and line.endswith(")"):
            continue  # reminder text of a basic land type, derived from subtypes (305.6)
        line = re.sub(r"\s*\([^)]*\)", "", line).strip()
        if not line:
            continue
        if ": add " in line.lower() and '"' not in line:  # a quoted one is granted (613.1f)
            found = _grammar(raw.strip(), name)
            if found is None:
                unknown.append(raw.strip())
            else:
                entries.extend(found)
            continue
        kw = _keyword_line(line)
        if kw is not None:
            entries.extend(kw)
            continue
        low = re.sub(rf"(?<!\w){re.escape(name.lower())}(?!\w)", "~", line.lower())
        granted = _GRANTING.match(low)
        if granted:
            low = "~ " + granted.group(1)  # 613.1f: an Aura or Equipment gives the ability
        # "you" on an Aura or Equipment is its controller, not the creature's: the vocabulary
        # speaks of the creature and its controller only
        found = None if granted and re.search(r"\byou(?:r)?\b", low) else _phrase(low)
        if found is None:
            found = _grammar(line, name)
            granted = None
        if found is None:
            unknown.append(raw.strip())
        else:
            entries.extend([{"grants": found}] if granted else found)
    return entries, unknown


def _grammar(line: str, name: str) -> list[Any] | None:
    """The first family of :mod:`mtgsolver.model.grammar` that reads the line whole."""
    from .grammar import readers

    for read in readers():
        found = read(line, name)
        if found is not None:
            return found
    return None


def _phrase(low: str) -> list[Any] | None:
    """Entries for one lower-cased line (the card's name as ``~``) from the phrase table, or
    ``None``. A line about ``~`` that no phrase covers whole may be clauses sharing that subject
    ("~ has trample and can't be blocked by more than one creature"); it is read when every
    clause is."""
    found = _table(low)
    clauses = re.fullmatch(r"~ (.+)\.", low)
    if found is not None or not clauses:
        return found
    parts = re.split(r",? and (?=has |can|must |attacks |blocks )", clauses.group(1))
    if len(parts) < 2:
        return None
    out: list[Any] = []
    for part in parts:
        read = _table(f"~ {part}.")
        if read is None:
            return None
        out.extend(read)
    return out


def _table(low: str) -> list[Any] | None:
    for pattern, build in _COMPILED:
        m = pattern.match(low)
        if m:
            try:
                return build(m)
            except ValueError:
                continue  # e.g. "creatures with X" where X is no keyword: try the other phrases
    return None
