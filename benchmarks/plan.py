"""Benchmark of the turn plan (``mtgsolver.solver.plan.plan``) against the brute-force planner.

Run: ``python benchmarks/plan.py [--repeat N]``. Prints a table for a 40-permanent board
(basics, duals, Sol Ring, Treasures, Birds of Paradise, some lands tapped, Gandalf the Grey
with its untap mode) casting 6 spells (Lightning Bolt, Opt, Dark Ritual, Strike It Rich,
Grizzly Bears, Fireball with the largest X): the plan's median time and the brute-force
planner's time (all orders, all colour choices, all payments; ``references/reference_plan.py``)
on the same turn (stopped after ``--brute-limit`` seconds). Floor: the plan < 1 s (wall and
CPU seconds are both shown: on a shared machine the wall time includes waiting for a core).
"""
from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from timing import median_seconds

from mtgsolver.load import parse_board_text
from mtgsolver.solver.plan import plan
from references.reference_plan import LANDS, describe, max_x  # noqa: E402

SPELLS = ["Lightning Bolt", "Opt", "Dark Ritual", "Strike It Rich", "Grizzly Bears", "Fireball"]


def board(seed: int = 7) -> tuple[str, dict]:
    rng = random.Random(seed)
    cards = (["Mountain"] * 5 + ["Island"] * 5 + ["Forest"] * 5 + ["Swamp"] * 5 + ["Plains"] * 4
             + ["Taiga", "Tundra", "Underground Sea", "Badlands"] * 2 + ["Sol Ring", "Treasure", "Treasure",
                                                                         "Birds of Paradise", "Birds of Paradise"])
    permanents = [(c, c in LANDS and rng.random() < 0.4, c == "Birds of Paradise" and rng.random() < 0.5)
                  for c in cards]
    return describe(permanents[:39], SPELLS, ["damage"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--brute-limit", type=int, default=60, help="seconds before the brute force is stopped")
    args = parser.parse_args()
    text, spec = board()
    answer = {}

    def solve() -> None:
        answer["r"] = plan(parse_board_text(text, "bench.yaml"), SPELLS, maximize_x=True)

    seconds = median_seconds(solve, args.repeat)
    cpu = []
    for _ in range(args.repeat):  # CPU seconds: the machine may be shared (CP-SAT runs one worker)
        start_cpu = time.process_time()
        solve()
        cpu.append(time.process_time() - start_cpu)
    cpu_seconds = sorted(cpu)[len(cpu) // 2]
    r = answer["r"]
    print("| case | permanents | spells | answer | seconds (wall) |")
    print("|---|---|---|---|---|")
    print(f"| plan (CP-SAT) | 40 | 6 | castable={r.castable}, X={r.x} | {seconds:.3f} ({cpu_seconds:.3f} CPU) |")
    for label, cast in (("4 spells, no X", SPELLS[:4]), ("6 spells, largest X", SPELLS)):
        sub = dict(spec, spells=[s for s, name in zip(spec["spells"], SPELLS) if name in cast])
        start = time.perf_counter()
        signal.signal(signal.SIGALRM, _stop)
        signal.alarm(args.brute_limit)
        try:
            found = max_x(sub, sum(max(len(o) for o in s["options"]) for s in spec["sources"]) + 5)
            shown = f"X={found}" if "Fireball" in cast else f"castable={found is not None}"
            took = f"{time.perf_counter() - start:.3f}"
        except TimeoutError:
            shown, took = "stopped", f"> {args.brute_limit}"
        signal.alarm(0)
        print(f"| brute force (all orders and payments), {label} | 40 | {len(cast)} | {shown} | {took} |")
    print(f"floor: plan < 1 s: wall {'ok' if seconds < 1 else 'MISSED'}, CPU {'ok' if cpu_seconds < 1 else 'MISSED'}")


def _stop(*_: object) -> None:
    raise TimeoutError


if __name__ == "__main__":
    main()
