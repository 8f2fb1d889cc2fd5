"""The ``relative`` Oracle family (mtgsolver/read/grammar/relative.*) on real lines of the pool.

Precision first: every line below is copied from ../shared/data (AtomicCards 2022-04-25), with
the exact entries it must give, checked by hand against the card's rules (508.1c, 509.1b-c,
613.1f for Auras), or ``None`` where the family must not read it (group statics, triggers,
conditions, lines with parts it does not cover).
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from mtgsolver.read.grammar.relative import read
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.read.vocabulary import parse_static

from .support import ci_only

LT, GT = {"power_less_than": "own_power"}, {"power_greater_than": "own_power"}

#: (card name, line, entries) hand-checked on the real pool
READ = [
    ("Astral Arena", "No more than one creature can attack each combat.", [{"max_attackers_each_combat": 1}]),
    ("Astral Arena", "No more than one creature can block each combat.", [{"max_blockers_each_combat": 1}]),
    ("Caverns of Despair", "No more than two creatures can attack each combat.", [{"max_attackers_each_combat": 2}]),
    ("Caverns of Despair", "No more than two creatures can block each combat.", [{"max_blockers_each_combat": 2}]),
    ("Dueling Grounds", "No more than one creature can attack each combat.", [{"max_attackers_each_combat": 1}]),
    ("Dueling Grounds", "No more than one creature can block each combat.", [{"max_blockers_each_combat": 1}]),
    ("Silent Arbiter", "No more than one creature can attack each combat.", [{"max_attackers_each_combat": 1}]),
    ("Silent Arbiter", "No more than one creature can block each combat.", [{"max_blockers_each_combat": 1}]),
    ("Aura Gnarlid", "Creatures with power less than Aura Gnarlid's power can't block it.", [{"cant_be_blocked_by": LT}]),
    ("Battering Wurm", "Creatures with power less than Battering Wurm's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Den Protector", "Creatures with power less than Den Protector's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Howlgeist", "Creatures with power less than Howlgeist's power can't block it.", [{"cant_be_blocked_by": LT}]),
    ("Shrill Howler", "Creatures with power less than Shrill Howler's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Howling Chorus", "Creatures with power less than Howling Chorus's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Skarrgan Pit-Skulk", "Creatures with power less than Skarrgan Pit-Skulk's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Wandering Wolf", "Creatures with power less than Wandering Wolf's power can't block it.",
     [{"cant_be_blocked_by": LT}]),
    ("Silumgar Assassin", "Creatures with power greater than Silumgar Assassin's power can't block it.",
     [{"cant_be_blocked_by": GT}]),
    ("Hunted Ghoul", "Hunted Ghoul can't block Humans.", [{"cant_block_creatures": {"subtype": "human"}}]),
    ("Ironclaw Curse", "Enchanted creature can't block creatures with power equal to or greater than the "
                       "enchanted creature's toughness.",
     [{"grants": [{"cant_block_creatures": {"power_at_least": "own_toughness"}}]}]),
    ("Okk", "Okk can't attack unless a creature with greater power also attacks.", [{"cant_attack_unless_also": GT}]),
    ("Okk", "Okk can't block unless a creature with greater power also blocks.", [{"cant_block_unless_also": GT}]),
    ("Orcish Conscripts", "Orcish Conscripts can't attack unless at least two other creatures attack.",
     [{"cant_attack_unless_others": 2}]),
    ("Orcish Conscripts", "Orcish Conscripts can't block unless at least two other creatures block.",
     [{"cant_block_unless_others": 2}]),
    ("Scarred Puma", "Scarred Puma can't attack unless a black or green creature also attacks.",
     [{"cant_attack_unless_also": [{"color": "black"}, {"color": "green"}]}]),
    ("Spitfire Handler", "Spitfire Handler can't block creatures with power greater than Spitfire Handler's power.",
     [{"cant_block_creatures": GT}]),
]

#: real lines the family must leave alone (another family's, or not wholly understood)
NOT_READ = [
    ("Champion of Lambholt", "Creatures with power less than Champion of Lambholt's power can't block creatures "
                             "you control."),
    ("Kraken of the Straits", "Creatures with power less than the number of Islands you control can't block "
                              "Kraken of the Straits."),
    ("Earthshaker Khenra", "When Earthshaker Khenra enters the battlefield, target creature with power less than "
                           "or equal to Earthshaker Khenra's power can't block this turn."),
    ("Goblin Goon", "Goblin Goon can't block unless you control more creatures than attacking player."),
    ("Felhide Brawler", "Felhide Brawler can't block unless you control another Minotaur."),
    ("Crawlspace", "No more than two creatures can attack you each combat."),
    ("Mirri, Weatherlight Duelist", "As long as Mirri, Weatherlight Duelist is tapped, no more than one creature "
                                    "can attack you each combat."),
    ("Boldwyr Intimidator", "Cowards can't block Warriors."),
    ("Slayer's Cleaver", "Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able."),
    ("Ekundu Cyclops", "If a creature you control attacks, Ekundu Cyclops also attacks if able."),
    ("Nacatl War-Pride", "Nacatl War-Pride must be blocked by exactly one creature if able."),
    ("Bower Passage", "Creatures with flying can't block creatures you control."),
    ("Sidar Kondo of Jamuraa", "Creatures your opponents control without flying or reach can't block creatures "
                               "with power 2 or less."),
    ("Ensnaring Bridge", "Creatures with power greater than the number of cards in your hand can't attack."),
    ("Tetsuko Umezawa, Fugitive", "Creatures you control with power or toughness 1 or less can't be blocked."),
    ("Boros Elite", "Battalion — Whenever Boros Elite and at least two other creatures attack, Boros Elite gets "
                    "+2/+2 until end of turn."),
    ("Challenger Troll", "Each creature you control with power 4 or greater can't be blocked by more than one "
                         "creature."),
    ("Mogg Flunkies", "Mogg Flunkies can't attack or block alone."),
    ("Dhalsim, Pliable Pacifist", "Whenever a creature you control with reach attacks, untap it and it can't be "
                                  "blocked by creatures with greater power this combat."),
    ("No Quarter", "Whenever a creature blocks a creature with lesser power, destroy the attacking creature."),
]


@pytest.mark.parametrize(("name", "line", "entries"), READ, ids=[f"{n}: {l[:40]}" for n, l, _ in READ])
def test_reads_real_line(name: str, line: str, entries: list) -> None:
    assert read(line, name) == entries
    for entry in entries:  # every entry is board vocabulary
        for inner in entry.get("grants", [entry]) if isinstance(entry, dict) else [entry]:
            parse_static(inner)


@pytest.mark.parametrize(("name", "line"), NOT_READ, ids=[f"{n}: {l[:40]}" for n, l in NOT_READ])
def test_leaves_other_lines_alone(name: str, line: str) -> None:
    assert read(line, name) is None


def test_oracle_reads_through_the_family() -> None:
    """parse_oracle_text reaches the family (registered in READERS) for lines no phrase covers."""
    entries, unread = parse_oracle_text("Trample\nOkk can't block unless a creature with greater power also blocks.",
                                        "Okk")
    assert entries == ["trample", {"cant_block_unless_also": GT}] and unread == []


#: forms no line of the 2022 pool prints whole (each a real card's words where one has them), with their entries
FORMS = [
    # 702.118a: skulk's reminder text (Furtive Homunculus, Vampire Cutthroat ...)
    ("Furtive Homunculus", "This creature can't be blocked by creatures with greater power.",
     [{"cant_be_blocked_by": GT}]),
    ("Foo", "Foo can't be blocked by creatures with lesser power.", [{"cant_be_blocked_by": LT}]),
    ("Foo", "Foo can't be blocked by creatures with toughness less than Foo's toughness.",
     [{"cant_be_blocked_by": {"toughness_less_than": "own_toughness"}}]),
    ("Foo", "Foo can't attack unless a creature with lesser power also attacks.", [{"cant_attack_unless_also": LT}]),
    ("Foo", "Foo can't attack unless a black creature also attacks.",
     [{"cant_attack_unless_also": {"color": "black"}}]),
    ("Foo", "Foo can't attack unless another creature attacks.", [{"cant_attack_unless_others": 1}]),
    ("Foo", "Foo can't block unless another creature blocks.", [{"cant_block_unless_others": 1}]),
    ("Foo", "Foo can't attack unless another creature blocks.", None),
    # Slayer's Cleaver's requirement (509.1c) as a creature's own line
    ("Foo", "Foo must be blocked by an Eldrazi if able.", [{"must_be_blocked_by_a": {"subtype": "eldrazi"}}]),
    ("Foo", "Foo must be blocked by a Plains if able.", None),
    ("Foo", "Foo can't block creatures with mana value greater than Foo's mana value.",
     [{"cant_block_creatures": {"mana_value_greater_than": "own_mana_value"}}]),
]


@pytest.mark.parametrize(("name", "line", "entries"), FORMS, ids=[l[:50] for _, l, _ in FORMS])
def test_509_1b_1c_forms_no_pool_line_prints_whole(name: str, line: str, entries: list | None) -> None:
    """508.1c, 509.1b-c: the grammar's other forms, and an action or a type it refuses."""
    assert read(line, name) == entries
    for entry in entries or []:
        parse_static(entry)


def test_no_such_creature_type() -> None:
    assert read("Foo can't block Plains.", "Foo") is None
    assert read("Foo can't block Elves.", "Foo") == [{"cant_block_creatures": {"subtype": "elf"}}]


@pytest.mark.corpus
@ci_only("reads the whole pool")
def test_count_on_the_real_pool(atomic_cards: Path, record_property) -> None:
    """Every line of the pool the family reads is one of the hand-checked lines above."""
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as fh:
        data = json.load(fh)["data"]
    got = set()
    for faces in data.values():
        for face in faces:
            name = face.get("faceName") or face["name"]
            for raw in (face.get("text") or "").splitlines():
                line = re.sub(r"\s*\([^)]*\)", "", raw).strip()
                if line and ("block" in line or "attack" in line) and read(line, name) is not None:
                    got.add((name, line))
    record_property("relative_lines_read", len(got))
    assert got == {(n, l) for n, l, _ in READ}
