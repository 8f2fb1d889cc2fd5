"""What an unread line of rules text could be about: its *kinds*.

A line no grammar family reads is never guessed (it stays unread, :mod:`mtgsolver.model.unread`),
but each answer must say which unread lines could bear on it. :func:`line_kinds` sorts a line
into kinds by its words alone, erring on the side of more kinds (a kind too many reports a
line that did not matter; a kind too few hides one that did):

``"mana"``
    a mana ability (605.1a: an activated ability without a target that could add mana) or any
    other text about adding, producing or spending mana.
``"mana_trigger"``
    a triggered ability of tapping or becoming tapped, or one that adds mana (605.1b, 106.12a):
    it can change what paying with a permanent costs or yields.
``"combat"``
    text about attacking, blocking, evasion and combat keywords, power and toughness, or
    protection (506-511, 702).
``"effects"``
    a static ability that could change other objects or the rules for them (604, 613): "Creatures
    you control have menace.", "Players can't ...", "If a land is tapped for mana, ...".
``"other"``
    none of these.

:func:`is_triggered` tells triggered abilities (603.1: "When", "Whenever", "At") apart; a
declaration of attackers or blockers is judged before any trigger of that step (508.2, 509.2).
"""
from __future__ import annotations

import re

__all__ = ["KINDS", "is_activated", "is_triggered", "line_kinds"]

KINDS = frozenset({"mana", "mana_trigger", "combat", "effects", "other"})

# keyword abilities about the card itself, its casting or what it may be attached to (702.5
# Enchant, 702.6 Equip, 702.29 Cycling, 702.41 Affinity, ...): they change no other object
_SELF_KEYWORD = re.compile(r"^(?:enchant|equip|fortify|reconfigure|affinity for|(?:basic )?\w*cycling|kicker|multikicker|"
                           r"flashback|buyback|ward|splice onto|offering|champion an?|crew|bestow|mutate|"
                           r"convoke|delve|emerge|escape|foretell|madness|morph|megamorph|suspend|unearth)\b", re.I)
_TRIGGER = re.compile(r"^(?:when|whenever|at)\b", re.I)
#: An ability word before an em dash (207.2c): it has no rules meaning.
_ABILITY_WORD = re.compile(r"^[A-Z][\w'!,-]*(?: [\w'!,-]+){0,4} — ")
_MANA = re.compile(r"\badd(?:s)?\b.*(?:\{[wubrgcsx0-9]\}|mana)|\bmana\b|\bproduces?\b|\bspend\b", re.I)
_TAPPED = re.compile(r"\b(?:becomes? tapped|is tapped|taps?\b.*\bfor mana|tapped for mana)", re.I)
_COMBAT = re.compile(
    r"\b(?:attack\w*|block\w*|combat|defending|evasion|unblock\w*|"
    r"flying|reach|menace|trample|intimidate|fear|shadow|horsemanship|skulk|"
    r"\w+walk|protection|first strike|double strike|deathtouch|lifelink|vigilance|haste|"
    r"defender|lure|flanking|bushido|provoke|ninjutsu|banding|power|toughness|"
    r"can't be blocked|goad\w*)\b|[+-]\d+/[+-]\d+|[+-]x/[+-]x", re.I)
# a static about other objects: a group, another permanent, players, or the rules of the game
_OTHERS = re.compile(
    r"\b(?:creatures?|lands?|permanents?|artifacts?|enchantments?|planeswalkers?|tokens?|spells?|"
    r"players?|opponents?|each|all|other|another|enchanted|equipped|fortified|you control|"
    r"your|you)\b", re.I)


def is_triggered(line: str) -> bool:
    """A triggered ability (603.1): it begins with "When", "Whenever" or "At", after an ability
    word if any (207.2c: "Metalcraft — When ...")."""
    return bool(_TRIGGER.match(_ABILITY_WORD.sub("", _body(line))))


def is_activated(line: str) -> bool:
    """An activated ability (602.1): "cost: effect" (a colon outside quotes)."""
    return ":" in _unquoted(_body(line))


def line_kinds(line: str) -> frozenset[str]:
    """The kinds of one line of rules text (see the module docstring); never empty.

    Examples
    --------
    >>> sorted(line_kinds("Creatures you control have menace."))
    ['combat', 'effects']
    >>> sorted(line_kinds("{T}: Add one mana of any color in your commander's color identity."))
    ['mana']
    >>> sorted(line_kinds("Whenever City of Brass becomes tapped, it deals 1 damage to you."))
    ['mana_trigger']
    """
    body = _body(line)
    if _SELF_KEYWORD.match(body) and not _COMBAT.search(body.split("—")[0]) and not _MANA.search(body):
        return frozenset({"other"})
    kinds: set[str] = set()
    triggered, activated = is_triggered(body), is_activated(body)
    if _MANA.search(body):
        kinds.add("mana_trigger" if triggered else "mana")
    if triggered and (_TAPPED.search(body) or re.search(r"\badds?\b", body, re.I)):
        kinds.add("mana_trigger")
    if _COMBAT.search(_main_clause(body)):
        kinds.add("combat")
    if not triggered and not activated and _OTHERS.search(_unquoted(body)):
        kinds.add("effects")
    if not triggered and not activated and '"' in body:
        kinds.add("effects")  # grants a quoted ability to other objects
    return frozenset(kinds or {"other"})


def _main_clause(body: str) -> str:
    """A static line without its trailing condition: "Tromokratis has hexproof unless it's
    attacking or blocking." is about hexproof, not combat (a condition only says when)."""
    if is_triggered(body) or is_activated(body):
        return body
    return re.split(r"\s(?:unless|as long as|only if|if|during)\s", body, maxsplit=1)[0]


def _body(line: str) -> str:
    """The line without reminder text and surrounding blanks."""
    return re.sub(r"\s*\([^)]*\)", "", line).strip() or line.strip()


def _unquoted(text: str) -> str:
    return re.sub(r'"[^"]*"', '""', text)
