"""Benchmark of ``resolve`` (``mtgsolver.solver.resolve.resolve``) beside the block check on the
same board.

Run: ``python benchmarks/resolve.py [--repeat N]``. A 40-permanent board (lands, creatures on
both sides, an anthem, a declared attack and block) and a 5-spell sequence (Giant Growth,
Lightning Bolt, Raise the Alarm, Divination, Pyroclasm: a pump until end of turn, damage and
state-based actions, tokens, draws, damage to each creature with its deaths), each spell read
as tests/resolve_support.py reads it. The table gives the median time of resolving the
sequence paying with the lands (the payment solver for each spell), of the same sequence cast
for free, and of the block check on the board before, measured in the same run; wall and CPU
seconds (the machine may be shared).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from timing import median_seconds  # noqa: E402

from mtgsolver.solver.blocks import check_blocks  # noqa: E402
from mtgsolver.solver.resolve import resolve  # noqa: E402
from tests.resolve_support import load  # noqa: E402

SPELLS = ["cast Giant Growth>a0", "cast Lightning Bolt>b0", "cast Raise the Alarm", "cast Divination",
          "cast Pyroclasm"]
HAND = {"Giant Growth": "{G}", "Raise the Alarm": "{1}{W}", "Divination": "{2}{U}", "Pyroclasm": "{1}{R}"}


def board_text() -> str:
    """40 permanents: 20 lands of alice's, 8 creatures each side, an anthem, 3 of bob's lands."""
    hand = ["Lightning Bolt"] + [f"{{name: {n}, types: [{'sorcery' if n in ('Divination', 'Pyroclasm') else 'instant'}], "
                                 f"mana_cost: \"{c}\"}}" for n, c in HAND.items()]
    lines = ["zones:", f"  alice: {{hand: [{', '.join(hand)}], library: {{count: 20}}}}", "battlefield:"]
    for i, land in enumerate(["Mountain"] * 6 + ["Forest"] * 5 + ["Island"] * 5 + ["Plains"] * 4):
        lines.append(f"  - {{id: l{i}, card: {land}, controller: alice}}")
    for side, who in (("a", "alice"), ("b", "bob")):
        for i, card in enumerate(["Grizzly Bears", "Hill Giant", "Pillarfield Ox", "Serra Angel", "Llanowar Elves",
                                  "Giant Spider", "Craw Wurm", "Storm Crow"]):
            lines.append(f"  - {{id: {side}{i}, card: {card}, controller: {who}}}")
    lines.append("  - {id: anthem, name: Anthem, types: [enchantment], controller: alice, abilities: "
                 "[{continuous: {affects: {types: [creature], controller: you}, gets: [1, 1]}}]}")
    lines += [f"  - {{id: s{i}, card: Swamp, controller: bob}}" for i in range(3)]
    lines += ["combat:", "  attackers: [{creature: a1, target: bob}]", "  blockers: [{creature: b2, blocks: [a1]}]"]
    return "\n".join(lines) + "\n"


def timed(fn, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    wall = median_seconds(fn, repeat)
    cpu = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        cpu.append(time.process_time() - start)
    return wall, sorted(cpu)[len(cpu) // 2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    board = load(board_text())
    assert len(board.permanents) == 40
    answers = {}
    cases = {
        "resolve 5 spells, paid with the lands": lambda: answers.__setitem__("paid", resolve(board, SPELLS)),
        "resolve 5 spells, free": lambda: answers.__setitem__("free", resolve(board, SPELLS, free=True)),
        "blocks check (baseline)": lambda: answers.__setitem__("blocks", check_blocks(board)),
    }
    print("| case | permanents | answer | seconds (wall) | seconds (CPU) |")
    print("|---|---|---|---|---|")
    for label, fn in cases.items():
        wall, cpu = timed(fn, args.repeat)
        key = list(answers)[-1]
        r = answers[key]
        answer = f"legal={r.legal}" if key == "blocks" else f"resolved={r.resolved}, {len(r.board.permanents)} permanents after"
        print(f"| {label} | 40 | {answer} | {wall:.3f} | {cpu:.3f} |")


if __name__ == "__main__":
    main()
