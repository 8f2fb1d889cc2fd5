"""How much of a card pool's rules text the grammar families read, per category of line.

Categories (a line may be in several; kinds from :func:`mtgsolver.model.line_kinds.line_kinds`):

``mana``
    mana-ability lines (605.1a): an activation cost of mana, {T}, {Q}, life, sacrifice, counters,
    discard, mill, exile, tap, untap, exert, return, reveal or put, and an effect beginning "Add";
    reminder text and quoted abilities granted to other objects removed, an ability word dropped.
``combat``
    static combat lines about the card itself or the creature it enchants or equips (509.1b-c,
    508.1c-d): a blocking or attacking phrase, no activation cost, not triggered (603.1), no
    one-shot effect ("target", "this turn", "until").
``effects``
    other static lines that could change other objects (604, 613): the layers family's.
``mana_trigger``
    triggered abilities of becoming tapped, tapping for mana, or adding mana (605.1b, 106.12a).

A line is *read* when :func:`mtgsolver.model.oracle.parse_oracle_text` reads it whole.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..line_kinds import is_activated, is_triggered, line_kinds
from ..oracle import parse_oracle_text

__all__ = ["CATEGORIES", "Coverage", "categories_of", "measure"]

CATEGORIES: tuple[str, ...] = ("mana", "combat", "effects", "mana_trigger")

_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_COST_PART = re.compile(r"^(?:\{[^}]+\}|pay|sacrifice|remove|tap|untap|exile|discard|return|put|exert|reveal|mill)",
                        re.IGNORECASE)
_TAPS_OR_ADDS = re.compile(r"becomes tapped|tapped for mana|\btaps? [^.]* for mana|\badds?\b", re.IGNORECASE)
_COMBAT_WORDS = ("can't block", "can't be blocked", "attacks each", "blocks each", "attacks or blocks each",
                 "able to block", "can block", "can't attack", "must be blocked")
_ABOUT_ITSELF = re.compile(
    r"^(?:~|this creature|enchanted creature|equipped creature)(?!\w)"
    r"|^all creatures able to block (?:~|enchanted creature|equipped creature) do so\."
    r"|^creatures with power less than ~'s power can't block it\.")


def is_mana_ability_line(raw: str) -> bool:
    """An activated ability whose effect begins with "Add" (605.1a), loyalty costs excluded."""
    line = _QUOTED.sub('""', re.sub(r"\s*\([^)]*\)", "", raw)).strip()
    if ":" not in line:
        return False
    cost, effect = line.split(":", 1)
    cost = re.sub(r"^[^—]*—\s*", "", cost)
    return effect.strip().startswith("Add ") and all(_COST_PART.match(p.strip()) for p in cost.split(","))


def is_static_combat_line(raw: str, name: str) -> bool:
    """A static blocking or attacking statement about the card itself (see the module doc)."""
    line = re.sub(r"\s*\([^)]*\)", "", raw).strip()
    if not line or ":" in line or '"' in line:
        return False
    line = re.sub(r"^[A-Z][^—]*—\s*", "", line)  # an ability word (207.2c)
    low = re.sub(rf"(?<!\w){re.escape(name.lower())}(?!\w)", "~", line.lower())
    return (any(w in low for w in _COMBAT_WORDS) and not re.match(r"(?:when|whenever|at) ", low)
            and not re.search(r"\btarget|this turn|\buntil\b", low) and bool(_ABOUT_ITSELF.match(low)))


def categories_of(raw: str, name: str) -> frozenset[str]:
    """The categories of one line of a card named ``name``."""
    out = set()
    if is_mana_ability_line(raw):
        out.add("mana")
    if is_static_combat_line(raw, name):
        out.add("combat")
    kinds = line_kinds(raw)
    if "mana_trigger" in kinds and is_triggered(raw) and _TAPS_OR_ADDS.search(raw):
        out.add("mana_trigger")
    if "effects" in kinds and not is_triggered(raw) and not is_activated(raw) and not out:
        out.add("effects")
    return frozenset(out)


@dataclass
class Coverage:
    """Per category: lines seen, lines read and a sample of unread ``(card, line)``."""

    total: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    read: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    unread: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: {c: [] for c in CATEGORIES})

    def to_dict(self, sample: int = 10) -> dict[str, Any]:
        return {c: {"read": self.read[c], "total": self.total[c],
                    "share": round(self.read[c] / self.total[c], 4) if self.total[c] else None,
                    "unread_sample": [{"card": n, "line": ln} for n, ln in self.unread[c][:sample]]}
                for c in CATEGORIES}


def measure(cards: Iterable[Any], categories: Iterable[str] = CATEGORIES) -> Coverage:
    """Read every line of every card (objects with ``name`` and ``text``) in ``categories``."""
    wanted = frozenset(categories)
    out = Coverage()
    for card in cards:
        for raw in (card.text or "").splitlines():
            raw = raw.strip()
            if not raw:
                continue
            cats = categories_of(raw, card.name) & wanted
            if not cats:
                continue
            _, unread = parse_oracle_text(raw, card.name)
            for c in cats:
                out.total[c] += 1
                if unread:
                    out.unread[c].append((card.name, raw))
                else:
                    out.read[c] += 1
    return out
