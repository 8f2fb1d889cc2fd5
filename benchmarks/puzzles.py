"""Best blocks against magic-combat, and the search at sizes no peer reaches.

``python benchmarks/puzzles.py [--sizes 3,4] [--seeds 3] [--big]`` generates scenarios
(plain and keyword creatures, :mod:`benchmarks.combat_boards`), runs magic-combat's
``decide_optimal_blocks`` in its own venv as a subprocess (:mod:`benchmarks.peer_env`: the peer
from ``../shared/peers/``, the venv made on first use) beside ``best_response`` (``mtgsolver solve --goal best-blocks``), evaluates
the peer's block with mtgsolver's exact damage model, and prints agreement, median times and
an explanation of each disagreement. ``--big`` adds mtgsolver-only rows: best blocks at
12 against 12 and lethal at 20 against 20 (plain and keyword creatures).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.combat_boards import board_of, scenario  # noqa: E402
from benchmarks.peer_env import peer_env, peer_python  # noqa: E402
from mtgsolver.encodings.cpsat import Deadline  # noqa: E402
from mtgsolver.model.board import Block, CombatDeclaration  # noqa: E402
from mtgsolver.solver.blocks import check_blocks  # noqa: E402
from mtgsolver.solver.search import BLOCK_ORDER, Undecided, best_response, block_value, search_attack  # noqa: E402

HERE = Path(__file__).resolve().parent


def run_peer(scenarios: list[dict]) -> list[dict]:
    done = subprocess.run([str(peer_python()), str(HERE / "peer_blocks.py")], input=json.dumps(scenarios),
                          capture_output=True, text=True, env=peer_env(), check=True)
    return json.loads(done.stdout)


def explain(board, ours, peer_blocks, peer_value) -> str:
    """Why the peer's block is worse than ours under the current rules, by rule."""
    multi = any(len([b for b, a in blocks.items() if a == (x,)]) > 1
                for blocks in (ours.blocks, peer_blocks) for x in {v[0] for v in blocks.values()})
    if peer_value[0] > ours.value(BLOCK_ORDER)[0]:
        head = "704.5a: the peer's block loses the game"
    else:
        head = "value order: magic-combat ranks (lost, creature value difference, count, mana, life, poison); " \
               "mtgsolver ranks loses, life, poison, creatures lost, attackers destroyed"
    if multi:
        return head + "; 510.1c: with several blockers on one attacker the current rules let its controller " \
                      "divide damage freely, where magic-combat follows the old damage assignment order"
    return head


def compare(kind: str, n: int, seeds: int) -> tuple[list, list[str]]:
    rng = random.Random(1000 * n + (kind == "keywords"))
    scenarios = [scenario(rng, n, n, kind == "keywords") for _ in range(seeds)]
    peer = run_peer(scenarios)
    agree, ours_t, ours_c, notes, gave_up = 0, [], [], [], 0
    for s, p in zip(scenarios, peer):
        board = board_of(s)
        attack = {f"a{i}": "bob" for i in range(n)}
        start, cpu = time.perf_counter(), time.process_time()
        ours = best_response(board, attack, Deadline(120))
        ours_t.append(time.perf_counter() - start)
        ours_c.append(time.process_time() - cpu)
        if p["blocks"] is None:
            gave_up += 1
            notes.append(f"{kind} {n}x{n}: magic-combat gave up at its 10,000-simulation cap")
            continue
        blocks = {f"b{i}": (f"a{a}",) for i, a in enumerate(p["blocks"]) if a is not None}
        trial = board.replace(combat=CombatDeclaration(board.combat.attackers,
                                                       tuple(Block(b, a) for b, a in blocks.items())))
        if not check_blocks(trial).legal:
            notes.append(f"{kind} {n}x{n}: 509.1: magic-combat's block {blocks} is illegal")
            continue
        value = block_value(board, attack, blocks, Deadline(60)).value(BLOCK_ORDER)
        if value == ours.value(BLOCK_ORDER):
            agree += 1
        else:
            notes.append(f"{kind} {n}x{n}: ours {dict(ours.blocks)} {ours.value(BLOCK_ORDER)}, magic-combat {blocks} "
                         f"{value}: {explain(board, ours, blocks, value)}")
    peer_t = statistics.median(p["seconds"] for p in peer)
    mine = statistics.median(ours_t)
    return [f"{n}x{n}", kind, str(seeds), f"{agree}/{seeds}" + (f" ({gave_up} gave up)" if gave_up else ""), f"{mine:.3f}", f"{statistics.median(ours_c):.3f}", f"{peer_t:.3f}",
            f"{peer_t / mine:.1f}x"], notes


def _timed(run) -> tuple[float, float, bool]:
    """Wall and CPU seconds of ``run()``, and whether it was undecided."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        run()
        undecided = False
    except Undecided:
        undecided = True
    return time.perf_counter() - start, time.process_time() - cpu, undecided


def _row(label: str, kind: str, seeds: int, runs: list[tuple[float, float, bool]]) -> list[str]:
    return [label, kind, str(seeds), f"undecided {sum(u for _, _, u in runs)}",
            f"{statistics.median(w for w, _, _ in runs):.3f}", f"{statistics.median(c for _, c, _ in runs):.3f}",
            "-", "-"]


def big(seeds: int) -> list[list[str]]:
    rows = []
    for kind in ("plain", "keywords"):
        runs = []
        for seed in range(seeds):
            board = board_of(scenario(random.Random(seed), 12, 12, kind == "keywords"))
            runs.append(_timed(lambda: best_response(board, {f"a{i}": "bob" for i in range(12)}, Deadline(60))))
        rows.append(_row("12x12 best-blocks", kind, seeds, runs))
    for kind in ("plain", "keywords"):
        runs = []
        for seed in range(seeds):
            board = board_of(scenario(random.Random(seed), 20, 20, kind == "keywords")).replace(combat=None)
            runs.append(_timed(lambda: search_attack(board, "lethal", Deadline(120))))
        rows.append(_row("20x20 lethal", kind, seeds, runs))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3,4")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--big", action="store_true")
    args = ap.parse_args()
    rows, notes = [], []
    for n in (int(x) for x in args.sizes.split(",")):
        for kind in ("plain", "keywords"):
            row, why = compare(kind, n, args.seeds)
            rows.append(row)
            notes += why
    if args.big:
        rows += big(args.seeds)
    head = ["size", "creatures", "boards", "same value", "mtgsolver s", "mtgsolver CPU s", "magic-combat s", "speed-up"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    for note in notes:
        print("-", note)


if __name__ == "__main__":
    main()
