"""How much of a card pool's rules text the grammar families read, per category of line.

Categories (a line may be in several; kinds from :func:`mtgsolver.read.line_kinds.line_kinds`):

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
``others_combat``
    static lines of a permanent whose subject is *other* permanents (611.3a: "Other Elf
    creatures", "Creatures your opponents control", "Enchanted creature", "Each creature you
    control with flying", after an optional leading "As long as ..., " / "During your turn, ")
    and whose effect bears on combat: a power/toughness change ("get +1/+1", "have base power
    and toughness 1/1", 613.4b-c), a combat keyword or protection granted or lost (702, 613.1f),
    "can't attack / block / be blocked", "attack / block each combat if able" (508.1, 509.1),
    or a cap ("No more than one creature can attack each combat"). Not one-shot ("until end
    of turn", "this turn", "target"), not a line of the ``combat`` category (the card itself,
    or what it enchants or equips, with a blocking phrase).
``others_mana``
    the same static lines about other permanents whose effect grants a mana ability (a quoted
    "... Add ...", 605.1a, 613.1f) or changes types (613.1d, 305.7: "Nonbasic lands are
    Mountains", "Each land is a Swamp in addition to its other land types", "Lands you control
    are every basic land type").

``others_combat`` and ``others_mana`` are subsets of the statics on others (a line may be in
both); the pool's floors for statics on others are measured on them
(90% of each read, ``tests/test_effects_grammar.py``).

What cards do (608, 602, 603), counted by ability (a modal ability's "•" lines are part of it,
700.2) or by card:

``spell``
    instant and sorcery cards (or faces), read whole when every line of the text is read into a
    :class:`~mtgsolver.model.effects.SpellAbility` (the ``spell`` family, 608.2).
``activated``
    activated abilities of permanents other than mana abilities (602.1, 605.1a; loyalty
    abilities included, 606).
``triggered``
    triggered abilities of permanents (603.1: "When", "Whenever", "At", after an ability word).

A line is *read* when :func:`mtgsolver.read.oracle.parse_oracle_text` reads it whole; a mana
ability line, when besides payment and production use all of it
(:attr:`~mtgsolver.model.mana_abilities.ManaAbility.modelled`: a cost read but not modelled,
such as "discard your hand", leaves it unread).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from mtgsolver.read.line_kinds import is_activated, is_triggered, line_kinds
from mtgsolver.read.oracle import ability_units, parse_oracle_text

__all__ = ["ACTION_CATEGORIES", "CATEGORIES", "Coverage", "categories_of", "measure", "statics_on_others"]

CATEGORIES: tuple[str, ...] = ("mana", "combat", "effects", "mana_trigger", "others_combat", "others_mana",
                                "spell", "activated", "triggered")
#: The categories of what cards do, counted by ability or by card rather than by line.
ACTION_CATEGORIES = ("spell", "activated", "triggered")

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


#: A leading condition of a static ability (611.3b): "As long as you control an artifact, ".
_LEADING_CONDITION = re.compile(r"^(?:as long as|during) [^,]*, ")
#: The verb that ends the subject of a static about others.
_VERB = re.compile(r"\b(?:gets?|has|have|can't|can|is|are|loses?|attacks?|blocks?)\b")
#: A subject naming a group of permanents, or the one the source is attached to (611.3a).
_GROUP_SUBJECT = re.compile(
    r"^(?:enchanted|equipped) (?:creature|permanent|land|artifact)s?$"
    r"|\b(?:creatures|lands|permanents|artifacts|enchantments|"
    r"planeswalkers|tokens|other|each|all)\b"
    r"|^(?:each|all|other) ")
_COMBAT_EFFECT = re.compile(
    r"\b(?:get|gets) [+-](?:\d+|x)/[+-](?:\d+|x)\b|base power and toughness|power and toughness \d+/\d+"
    r"|\b(?:have|has|lose|loses)\b[^\"]*\b(?:" + "|".join(k.replace("_", " ") for k in sorted(
        {"flying", "reach", "shadow", "horsemanship", "fear", "intimidate", "menace", "skulk", "defender",
         "haste", "vigilance", "first strike", "double strike", "trample", "deathtouch", "lifelink",
         "indestructible", "protection", "banding", "flanking", "bushido", "rampage"})) + r"|\w+walk)\b"
    r"|can't (?:attack|block|be blocked)|\b(?:attack|attacks|block|blocks) each combat"
    r"|^no more than \w+ creatures? can (?:attack|block)")
_MANA_EFFECT = re.compile(
    r"\b(?:have|has)\b[^\"]*\"[^\"]*\badd\b|\b(?:is|are)\b.*\b(?:plains|islands?|swamps?|mountains?|forests?|"
    r"basic land types?)\b|\bin addition to (?:its|their) other (?:land )?types\b|\bare \w+ lands?\b")
_ONE_SHOT = re.compile(r"until end of turn|\bthis turn\b|\buntil your next turn\b")
_CONTROL = re.compile(r"\b(?:you|your opponents|an opponent|you don't) control\b")


def _is_group(subject: str) -> bool:
    from mtgsolver.read.grammar.text import plural_subtypes

    if re.search(r"\b(?:player|opponent|spell|card)s?\b", subject):
        return False  # players, or objects in other zones
    return bool(_GROUP_SUBJECT.search(subject)) or any(w in plural_subtypes() for w in subject.split())


def statics_on_others(raw: str, name: str) -> frozenset[str]:
    """``others_combat`` / ``others_mana`` for one line of a permanent (see the module doc)."""
    body = re.sub(r"\s*\([^)]*\)", "", raw).strip()
    if not body or is_triggered(body) or is_activated(body):
        return frozenset()
    body = re.sub(r"^[A-Z][^—\"]*— ", "", body).lower().replace("’", "'")
    body = re.sub(rf"(?<![\w']){re.escape(name.lower())}(?![\w'])", "~", body)
    if _ONE_SHOT.search(body):
        return frozenset()
    body = _LEADING_CONDITION.sub("", body)
    verb = _VERB.search(body)
    if body.startswith("no more than "):
        subject, effect = "", body
    elif verb is None:
        return frozenset()
    else:
        subject, effect = body[:verb.start()].strip(), body[verb.start():]
        if not subject or "~" in subject or "this " in subject or not _is_group(_CONTROL.sub("", subject)):
            return frozenset()
    out = set()
    if _COMBAT_EFFECT.search(effect):
        out.add("others_combat")
    if _MANA_EFFECT.search(effect):
        out.add("others_mana")
    return frozenset(out)


_PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})


def categories_of(raw: str, name: str, permanent: bool = True) -> frozenset[str]:
    """The categories of one line of a card named ``name``; an instant's or sorcery's lines
    (``permanent`` false) are effects of a spell, not static abilities (110.4, 604.1)."""
    out = set()
    if is_mana_ability_line(raw):
        out.add("mana")
    if is_static_combat_line(raw, name):
        out.add("combat")
    kinds = line_kinds(raw)
    if "mana_trigger" in kinds and is_triggered(raw) and _TAPS_OR_ADDS.search(raw):
        out.add("mana_trigger")
    if permanent and "effects" in kinds and not is_triggered(raw) and not is_activated(raw) and not out:
        out.add("effects")
    if permanent and "combat" not in out:
        out |= statics_on_others(raw, name)
    return frozenset(out)


@dataclass
class Coverage:
    """Per category: lines seen, lines read and a sample of unread ``(card, line)``."""

    total: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    read: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0))
    unread: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: {c: [] for c in CATEGORIES})

    def add(self, category: str, name: str, text: str, read: bool) -> None:
        """Count one line (or card) of ``category``, read or not."""
        self.total[category] += 1
        if read:
            self.read[category] += 1
        else:
            self.unread[category].append((name, text))

    def to_dict(self, sample: int = 10) -> dict[str, Any]:
        return {c: {"read": self.read[c], "total": self.total[c],
                    "share": round(self.read[c] / self.total[c], 4) if self.total[c] else None,
                    "unread_sample": [{"card": n, "line": ln} for n, ln in self.unread[c][:sample]]}
                for c in CATEGORIES}


def _modelled(entries: list[Any], name: str) -> bool:
    """Whether payment and production use every mana ability among a line's entries."""
    from mtgsolver.read.grammar.mana import parse_mana_ability

    return all(parse_mana_ability(e, name).modelled for e in entries if isinstance(e, str) and ":" in e)


def measure(cards: Iterable[Any], categories: Iterable[str] = CATEGORIES) -> Coverage:
    """Read every line of every card (objects with ``name`` and ``text``) in ``categories``."""
    wanted = frozenset(categories)
    out = Coverage()
    for card in cards:
        types = {t.lower() for t in getattr(card, "types", ()) or ()}
        permanent = not types or bool(types & _PERMANENT_TYPES)
        for raw in (card.text or "").splitlines():
            raw = raw.strip()
            if not raw:
                continue
            cats = categories_of(raw, card.name, permanent) & wanted
            if not cats:
                continue
            entries, unread = parse_oracle_text(raw, card.name)
            unused = "mana" in cats and not _modelled(entries, card.name)
            for c in cats:
                out.add(c, card.name, raw, not (unread or unused and c == "mana"))
        if wanted & set(ACTION_CATEGORIES):
            _measure_actions(card, types, permanent, wanted, out)
    return out


def _measure_actions(card: Any, types: set[str], permanent: bool, wanted: frozenset[str], out: Coverage) -> None:
    """The ``spell``, ``activated`` and ``triggered`` categories of one card."""
    text = card.text or ""
    if types & {"instant", "sorcery"}:
        if "spell" in wanted and text.strip():
            from mtgsolver.read.grammar.spell import remembered_spell

            out.add("spell", card.name, text, remembered_spell(text, card.name) is not None)
        return
    if not permanent:
        return
    for unit in ability_units(text):
        head = unit.split("\n", 1)[0]
        kind = "triggered" if is_triggered(head) else "activated" if is_activated(head) else None
        if kind is None or kind not in wanted or kind == "activated" and is_mana_ability_line(unit):
            continue
        _, unread = parse_oracle_text(unit, card.name)
        out.add(kind, card.name, unit, not unread)
