"""What a spell's Oracle text does that a turn plan needs: Treasures it creates, mana it
adds as it resolves, and +1/+1 counters its permanent enters with for X.

Each reader understands a line WHOLE or returns nothing; a spell whose text says more is
still cast, only these effects are read (a plan never guesses from a line it can't read).
Rules: 111.10a (Treasure), 106.3 and 608.2 (a spell that adds mana as it resolves),
107.3m and 614.1c ("enters with X +1/+1 counters" uses the spell's X), 113.6e (the spell's own
restriction on the mana that pays for it), 601.2f (its cost for each target beyond the first).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mtgsolver.model.cards import Card
from mtgsolver.model.mana import ManaCost

__all__ = ["EXTRA_TARGET", "EntersWith", "cost_changes", "enters_with", "enters_with_x_counters", "extra_target_cost", "mana_added",
           "spending_restriction", "treasures_created"]

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_REMINDER = re.compile(r"\s*\([^)]*\)")
_TREASURE_WORD = re.compile(r"\bTreasures?\b", re.I)
_TREASURE = re.compile(r"(?:^|\. )(?:You )?create (a|an|one|two|three|four|five) Treasure tokens?\.", re.I)
_ADD = re.compile(r"^Add ((?:\{[WUBRGC]\})+)\.$")
_ENTERS_X = re.compile(r"^(?:.+?) enters(?: the battlefield)? with X \+1/\+1 counters on it\.$")


_SPEND_FROM = re.compile(r"^Spend only mana produced by (creatures|basic lands|artifacts|lands) to cast this spell\.$")
_SPEND = re.compile(r"\bspend only\b", re.I)
_COST_CHANGE = re.compile(r"^(?:this spell costs\b|(?:affinity for|convoke|delve|improvise|undaunted)\b)", re.I)
#: "This spell costs {N} more to cast for each target beyond the first." (601.2f), in any case: the
#: spell grammar reads the same sentence of a spell read whole.
EXTRA_TARGET = re.compile(r"^This spell costs ((?:\{[0-9WUBRGC/]+\})+) more to cast for each target beyond the first\.$",
                          re.I)


def spending_restriction(card: Card) -> tuple[frozenset[str] | None, tuple[str, ...]]:
    """The card's own restriction on the mana that pays for it (113.6e: it functions on the
    stack): "Spend only mana produced by creatures to cast this spell." gives the words its
    sources must have (``{"creature"}``, ``{"basic land"}``); the other "Spend only" lines of its
    text ("Spend only black mana on X.", an alternative cost's) are returned unread."""
    found: frozenset[str] | None = None
    unread = []
    for line in _lines(card):
        m = _SPEND_FROM.match(line)
        if m:
            found = frozenset({m.group(1)[:-1]})
        elif _SPEND.search(line) and "this mana" not in line.lower():
            unread.append(line)
    return found, tuple(unread)


def extra_target_cost(card: Card) -> ManaCost | None:
    """"This spell costs {1} more to cast for each target beyond the first." (601.2f, Fireball):
    the cost added for each target beyond the first, or ``None``."""
    found = next((m for m in map(EXTRA_TARGET.match, _lines(card)) if m), None)
    return ManaCost.parse(found.group(1)) if found else None


def cost_changes(card: Card) -> tuple[str, ...]:
    """The lines of the card that change its own total cost (601.2f: "This spell costs {1} less to
    cast for each creature on the battlefield.", Blasphemous Act; affinity, convoke, delve,
    improvise, undaunted) other than the one :func:`extra_target_cost` reads."""
    return tuple(line for line in _lines(card) if _COST_CHANGE.match(line) and not EXTRA_TARGET.match(line))


def _lines(card: Card) -> list[str]:
    return [_REMINDER.sub("", line).strip() for line in (card.text or "").split("\n") if line.strip()]


def treasures_created(card: Card) -> int:
    """How many Treasure tokens the spell creates for its caster as it resolves (111.10a), from a
    sentence "Create N Treasure token(s)." or "You create N ..." (Hornswoggle) of its text; 0 if
    none is read."""
    return sum(_NUMBERS[m.group(1).lower()] for line in _lines(card) for m in _TREASURE.finditer(line))


def treasure_lines_unread(card: Card) -> tuple[str, ...]:
    """The lines of the card that speak of Treasure tokens without a sentence
    :func:`treasures_created` counts (Brass's Bounty's "For each land you control, create a
    Treasure token.", a raid condition, an enters trigger)."""
    return tuple(line for line in _lines(card) if _TREASURE_WORD.search(line) and not _TREASURE.search(line))


def mana_added(card: Card) -> tuple[str, ...]:
    """The mana an instant or sorcery adds as it resolves ("Add {B}{B}{B}."), one letter each."""
    if not {"instant", "sorcery"} & set(card.types):
        return ()
    for line in _lines(card):
        m = _ADD.match(line)
        if m:
            return tuple(re.findall(r"[WUBRGC]", m.group(1)))
    return ()


def enters_with_x_counters(card: Card) -> bool:
    """Whether the permanent "enters with X +1/+1 counters on it" (614.1c; X is the spell's, 107.3m)."""
    return any(_ENTERS_X.match(line) for line in _lines(card))


@dataclass(frozen=True)
class EntersWith:
    """What the permanent a spell becomes enters with: ``counters`` +1/+1 counters, the
    spell's X (614.1c; 107.3m: the enters ability uses the spell's X, the permanent's own X is 0)."""

    card: str
    counters: int

    @property
    def message(self) -> str:
        return f"{self.card} enters with {self.counters} +1/+1 counters (107.3m)"

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "counters": {"+1/+1": self.counters}, "rule": "107.3m", "message": self.message}


def enters_with(card: Card, x: int) -> EntersWith | None:
    """What ``card``, cast as a permanent spell with X = ``x``, enters with (107.3m), or None
    when it is not a permanent card or no line of its text reads "enters with X +1/+1 counters"."""
    if not card.is_permanent or not enters_with_x_counters(card):
        return None
    return EntersWith(card.name, x)
