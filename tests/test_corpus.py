"""The real card pool (MTGJSON AtomicCards, 23,113 cards): every mana cost parses and its
mana value matches the file's (202.3, 709.4d for split cards, 715.4 for adventurers)."""
from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from mtgsolver.model.cards import CardLibrary
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.mana_abilities import (Amount, AnyColor, Choice, CommanderColors, Condition, CostPart, Counted,
                                            Fixed, ManaAbilityError, Reflect, parse_mana_ability)
from mtgsolver.model.oracle import parse_oracle_text

# Entries of the file whose manaValue contradicts the rules. Indulge // Excess is an
# aftermath card ({2}{R} // {1}{R}); 709.4d gives it mana value 5, the file says 3.
KNOWN_DATA_ERRORS = {"Indulge // Excess"}


@pytest.fixture(scope="module")
def cards(atomic_cards: Path) -> dict:
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as fh:
        return json.load(fh)["data"]


def expected_mana_value(faces: list[dict], face: dict) -> int:
    """The whole card's mana value as the file states it, from our parse of the costs."""
    layout = face["layout"]
    if layout in ("split", "aftermath"):  # 709.4d: combined halves off the stack
        return sum(ManaCost.parse(f.get("manaCost") or "").mana_value for f in faces)
    if layout == "adventure":  # 715.4: the card has its normal characteristics off the stack
        return ManaCost.parse(faces[0].get("manaCost") or "").mana_value
    return ManaCost.parse(face["manaCost"]).mana_value


def test_every_mana_cost_parses_with_its_mana_value(cards: dict, record_property) -> None:
    parsed = agree = 0
    disagree: list[str] = []
    for name, faces in cards.items():
        for face in faces:
            text = face.get("manaCost")
            if text is None:
                continue
            cost = ManaCost.parse(text)  # raises on any unknown symbol
            assert str(cost) == text, (name, text)
            parsed += 1
            if expected_mana_value(faces, face) == face["manaValue"]:
                agree += 1
            else:
                disagree.append(name)
    record_property("mana_costs_parsed", parsed)
    print(f"\n{parsed} mana costs parsed, {agree} mana values agree, disagreeing: {sorted(set(disagree))}")
    assert parsed == 22194
    assert set(disagree) == KNOWN_DATA_ERRORS


def test_mtgjson_importer_reads_the_real_file(atomic_cards: Path) -> None:
    lib = CardLibrary.from_mtgjson(atomic_cards)
    assert len(lib) >= 23113
    bears = lib.get("Grizzly Bears")
    assert (bears.power, bears.toughness, str(bears.mana_cost), bears.types) == (2, 2, "{1}{G}", ("creature",))
    angel = lib.get("serra angel")  # case-insensitive
    assert set(angel.keywords) == {"Flying", "Vigilance"}
    fire = lib.get("Fire")  # a face by its face name
    assert str(fire.mana_cost) == "{1}{R}"
    assert str(lib.get("Fire // Ice").mana_cost) == "{1}{R}"


def test_oracle_understanding_of_mana_abilities(cards: dict) -> None:
    """How much of the pool's mana-ability text the grammar reads (a measurement with a floor)."""
    seen = Counter()
    for name, faces in cards.items():
        for face in faces:
            for line in (face.get("text") or "").splitlines():
                if ": Add " not in line or line.startswith("("):
                    continue
                seen["lines"] += 1
                _, unread = parse_oracle_text(line, face.get("faceName") or name)
                seen["understood"] += not unread
    print(f"\nmana ability lines: {seen['lines']}, understood: {seen['understood']}")
    assert seen["understood"] / seen["lines"] > 0.5


_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_COST_PART = re.compile(r"^(?:\{[^}]+\}|pay|sacrifice|remove|tap|untap|exile|discard|return|put|exert|reveal|mill)",
                        re.IGNORECASE)


def test_grammar_coverage_of_real_mana_abilities(cards: dict) -> None:
    """Lines that ARE mana abilities (605.1a): reminder text and quoted abilities granted by
    other text removed, an ability word (207.2c) dropped, the text before the first ':' an
    activation cost (not a loyalty cost) and the effect starting with "Add". Measured
    2022-04-25: 1,370 such lines; the grammar read 1,138 (83.1%) before riders, conditions, chosen
    colors, board-defined amounts and "or activate abilities" restrictions, 1,222 (89.2%) after;
    the lark grammar (mtgsolver/model/grammar/mana.lark) reads 1,295 (94.5%)."""
    lines = parsed = 0
    for name, faces in cards.items():
        for face in faces:
            for raw in (face.get("text") or "").splitlines():
                line = _QUOTED.sub('""', re.sub(r"\s*\([^)]*\)", "", raw)).strip()
                if ":" not in line:
                    continue
                cost, effect = line.split(":", 1)
                cost = re.sub(r"^[^—]*—\s*", "", cost)
                if not effect.strip().startswith("Add ") or not all(
                        _COST_PART.match(p.strip()) for p in cost.split(",")):
                    continue
                lines += 1
                _, unread = parse_oracle_text(raw, face.get("faceName") or name)
                parsed += not unread
    print(f"\nmana ability lines: {lines}, parsed by the grammar: {parsed} ({parsed / lines:.1%})")
    assert lines == 1370
    assert parsed >= 1290


_COMBAT_WORDS = ("can't block", "can't be blocked", "attacks each", "blocks each", "attacks or blocks each",
                 "able to block", "can block", "can't attack", "must be blocked")
_ABOUT_ITSELF = re.compile(
    r"^(?:~|this creature|enchanted creature|equipped creature)(?!\w)"
    r"|^all creatures able to block (?:~|enchanted creature|equipped creature) do so\."
    r"|^creatures with power less than ~'s power can't block it\.")


def test_oracle_understanding_of_static_combat_text(cards: dict) -> None:
    """Static blocking and attacking statements (509.1b-c, 508.1c-d) about the card itself or
    the creature it enchants or equips, as the Oracle phrase table reads them. Counted: lines
    with a combat phrase whose subject is the card ("~", "this creature"), "enchanted/equipped
    creature", or Lure's and Aura Gnarlid's forms; not counted: activated abilities (a ':'),
    triggered abilities (When/Whenever/At, 603.1) and one-shot effects ("target", "this turn",
    "until"). Measured 2022-04-25: 626 such lines; the table read 429 (68.5%) before clauses
    joined by "and", any keyword, color and power forms of "can't block", lists of colors or
    subtypes, and costs to attack or block; 448 (71.6%) after."""
    lines = understood = 0
    for name, faces in cards.items():
        for face in faces:
            self_name = face.get("faceName") or name
            for raw in (face.get("text") or "").splitlines():
                line = re.sub(r"\s*\([^)]*\)", "", raw).strip()
                if not line or ":" in line or '"' in line:
                    continue
                line = re.sub(r"^[A-Z][^—]*—\s*", "", line)  # an ability word (207.2c)
                low = re.sub(rf"(?<!\w){re.escape(self_name.lower())}(?!\w)", "~", line.lower())
                if (not any(w in low for w in _COMBAT_WORDS) or re.match(r"(?:when|whenever|at) ", low)
                        or re.search(r"\btarget|this turn|\buntil\b", low) or not _ABOUT_ITSELF.match(low)):
                    continue
                lines += 1
                _, unread = parse_oracle_text(raw, self_name)
                understood += not unread
    print(f"\nstatic combat lines: {lines}, understood: {understood} ({understood / lines:.1%})")
    assert lines == 626
    assert understood >= 446


# What the mana grammar reads, exactly, on named real cards (605.1a; costs 118, products 106).
_T = CostPart("tap")
_NAMED = {
    "Command Tower": ((_T,), CommanderColors(), {}),
    "Jungle Patrol": ((CostPart("sacrifice", amount=1, named="wood", token=True),), Fixed(("R",)), {}),
    "Sol Ring": ((_T,), Fixed(("C", "C")), {}),
    "Ancient Tomb": ((_T,), Fixed(("C", "C")), {"damage": 2}),
    "Dwarven Hold": ((_T, CostPart("remove_counters", what="storage", variable=True)),
                     Amount("removed", "storage", mana=("R",)), {}),
    "Gaea's Cradle": ((_T,), Counted(("G",), "creature", "you"), {}),
    "Elvish Spirit Guide": ((CostPart("exile_self", what="hand"),), Fixed(("G",)), {}),
    "Springleaf Drum": ((_T, CostPart("tap_untapped", amount=1, what="creature")), AnyColor(1), {}),
    "Lion's Eye Diamond": ((CostPart("discard", what="hand"), CostPart("sacrifice_self")), AnyColor(3), {"timing": "instant"}),
    "Mana Confluence": ((_T, CostPart("life", amount=1)), AnyColor(1), {}),
    "Crystal Vein": ((_T, CostPart("sacrifice_self")), Fixed(("C", "C")), {}),
    "Shivan Reef": ((_T,), Choice((("U",), ("R",))), {"damage": 1}),
    "Wall of Roots": ((CostPart("put_counter", amount=1, what="-0/-1"),), Fixed(("G",)), {"timing": "once_each_turn"}),
    "Fellwar Stone": ((_T,), Reflect("color", "lands_opponents_control"), {}),
    "Mox Opal": ((_T,), AnyColor(1), {"condition": Condition(3, "artifact")}),
    "White Mana Battery": ((_T, CostPart("remove_counters", what="charge", variable=True)),
                           Amount("removed", "charge", mana=("W",), base=("W",)), {}),
    "Overgrown Battlement": ((_T,), Amount("permanents", "creature defender", "you", mana=("G",)), {}),
    "Nykthos, Shrine to Nyx": None,  # devotion: unread
}


@pytest.mark.parametrize("name", sorted(_NAMED))
def test_what_the_mana_grammar_reads_on_named_cards(cards: dict, name: str) -> None:
    lines = [ln for face in cards[name] for ln in (face.get("text") or "").splitlines() if ": Add " in ln]
    found = []
    for line in lines:
        try:
            found.append(parse_mana_ability(line, name))
        except ManaAbilityError:
            pass
    if _NAMED[name] is None:
        assert not any("devotion" in a.text for a in found)
        return
    costs, product, fields = _NAMED[name]
    assert any(a.costs == costs and a.product == product and all(getattr(a, k) == v for k, v in fields.items())
               for a in found), found
