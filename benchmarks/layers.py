"""Benchmark of the layer system (613). Run: ``python benchmarks/layers.py``.

A seeded 300-permanent board (two players' creatures and lands) with 40 static effects
(anthems, lords of a creature type, keyword grants, color changes, Aura-like +N/+N and
switches, a Blood Moon, an Urborg, an "Elves have flying" grant that other effects depend
on, "of the chosen type", untapped nontoken creatures, "+1/+1 for each other creature you
control" on an enchanted creature, and two creatures whose power and toughness are each the
number of creatures their controller controls, 613.4a). Measured in one run: (a) the effective characteristics (``apply_layers``) against the
floor of 50 ms; (b) a block check on the layered board against the same check on the board
with the 40 sources made vanilla (the baseline), against the floor of 2x.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import median_seconds  # noqa: E402

from mtgsolver.model import Board, Color  # noqa: E402
from mtgsolver.model.abilities import Static  # noqa: E402
from mtgsolver.model.board import Attack, Block, CombatDeclaration  # noqa: E402
from mtgsolver.model.mana_abilities import basic_land_ability  # noqa: E402
from mtgsolver.model.permanent import Permanent, Player  # noqa: E402
from mtgsolver.read.vocabulary import parse_continuous
from mtgsolver.rules.layers import apply_layers  # noqa: E402
from mtgsolver.solver.blocks import check_blocks  # noqa: E402

SUBTYPES = ("elf", "goblin", "soldier", "zombie", "bird")
EFFECTS = [
    {"affects": {"types": ["creature"], "controller": "you"}, "gets": [1, 1]},
    {"affects": {"types": ["creature"], "subtypes": ["elf"], "other": True}, "gets": [1, 1], "gains": ["forestwalk"]},
    {"affects": {"types": ["creature"], "subtypes": ["goblin"]}, "gains": ["menace"]},
    {"affects": {"types": ["creature"], "colors": ["white"]}, "gets": [0, 2]},
    {"affects": {"types": ["creature"], "subtypes": ["zombie"]}, "set_colors": ["black"]},
    {"affects": {"types": ["creature"], "keywords": ["flying"]}, "gets": [1, 0]},
    {"affects": {"types": ["creature"], "subtypes": ["elf"]}, "gains": ["flying"]},
    {"affects": {"types": ["creature"], "controller": "opponents"}, "gets": [-1, 0]},
    {"affects": {"types": ["creature"], "not_keywords": ["flying"]}, "rules": ["cant_block"],
     "condition": [{"controls": {"types": ["artifact"]}, "at_least": 99}]},
    {"affects": {"types": ["creature"], "controller": "you", "chosen_type": True}, "gets": [1, 1]},
    {"affects": {"types": ["creature"], "token": False, "tapped": False}, "gains": ["vigilance"]},
]
CDA = {"affects": {"self": True}, "defines_pt": "both",
       "for_each": {"permanents": {"types": ["creature"], "controller": "you"}}}
COUNT_OTHERS = {"affects": {"attached": True}, "gets": [1, 1],
                "for_each": {"permanents": {"types": ["creature"], "controller": "you", "other": True}}}


def build(seed: int = 1, vanilla: bool = False) -> Board:
    rnd = random.Random(seed)
    perms: list[Permanent] = []
    for i in range(200):
        who = "alice" if i % 2 else "bob"
        perms.append(Permanent(
            id=f"c{i}", name=f"Creature {i}", controller=who, owner=who, types=frozenset({"creature"}),
            subtypes=frozenset({rnd.choice(SUBTYPES)}), colors=frozenset({rnd.choice(list(Color))}),
            base_power=rnd.randint(1, 4), base_toughness=rnd.randint(1, 4),
            keywords=frozenset({"flying"} if rnd.random() < 0.2 else set())))
    for i in range(60):
        who = "alice" if i % 2 else "bob"
        land = rnd.choice(("forest", "island", "swamp", "mountain", "plains"))
        nonbasic = i % 3 == 0
        perms.append(Permanent(
            id=f"l{i}", name=f"Land {i}", controller=who, owner=who, types=frozenset({"land"}),
            supertypes=frozenset() if nonbasic else frozenset({"basic"}), subtypes=frozenset({land}),
            abilities=(basic_land_ability(land),)))
    sources = []
    for i in range(40):
        who = "alice" if i % 2 else "bob"
        if i == 38:
            spec = {"affects": {"types": ["land"], "not_supertypes": ["basic"]}, "set_land_types": ["mountain"]}
        elif i == 39:
            spec = {"affects": {"types": ["land"]}, "add_subtypes": ["swamp"]}
        elif i == 37:
            spec = COUNT_OTHERS
        elif i >= 30:
            spec = {"affects": {"attached": True}, **rnd.choice(({"gets": [2, 2]}, {"switch_pt": True},
                                                                 {"gains": ["first_strike"]}))}
        elif i >= 28:
            spec = CDA
        else:
            spec = EFFECTS[i % len(EFFECTS)]
        abilities = () if vanilla else (Static("continuous", parse_continuous(spec)),)
        cda = spec is CDA
        sources.append(Permanent(
            id=f"e{i}", name=f"Effect {i}", controller=who, owner=who,
            types=frozenset({"creature" if cda else "enchantment"}), base_power=0 if cda else None,
            base_toughness=0 if cda else None, abilities=abilities, chosen_type="elf",
            attached_to=f"c{rnd.randrange(200)}" if i >= 30 and i < 38 else None))
    perms += sources
    attackers = [p.id for p in perms if p.controller == "alice" and p.is_creature][:8]
    blockers = [p.id for p in perms if p.controller == "bob" and p.is_creature][:4]
    combat = CombatDeclaration(tuple(Attack(a, "bob") for a in attackers),
                               tuple(Block(b, (attackers[k],)) for k, b in enumerate(blockers)))
    return Board("alice", (Player("alice"), Player("bob")), tuple(perms), combat=combat)


def cpu_seconds(fn, repeat: int) -> float:
    """Mean CPU seconds of ``fn`` (the machine may be shared: wall time includes waiting)."""
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def main() -> None:
    printed, vanilla = build(), build(vanilla=True)
    assert len(printed.permanents) == 300
    layers = median_seconds(lambda: apply_layers(printed), 15)
    layers_cpu = cpu_seconds(lambda: apply_layers(printed), 15)
    layered, plain = apply_layers(printed), apply_layers(vanilla)
    changed = sum(1 for p in layered.permanents if layered.layers.changes.get(p.id))
    with_effects = median_seconds(lambda: check_blocks(layered), 5)
    baseline = median_seconds(lambda: check_blocks(plain), 5)
    print("| measurement | median | floor |")
    print("|---|---|---|")
    print(f"| apply_layers: 300 permanents, 40 static effects ({changed} permanents changed), wall | "
          f"{layers * 1000:.1f} ms | 50 ms |")
    print(f"| apply_layers, CPU time | {layers_cpu * 1000:.1f} ms | 50 ms |")
    print(f"| blocks check, layered board | {with_effects * 1000:.1f} ms | |")
    print(f"| blocks check, same board with the 40 sources vanilla (baseline) | {baseline * 1000:.1f} ms | |")
    print(f"| ratio | {with_effects / baseline:.2f}x | 2x |")


if __name__ == "__main__":
    main()
