"""Benchmark of ``--cards``: a block check as a command with and without a card file.

Run: ``python benchmarks/cards.py [--repeat 7] [--cards FILE]``. Prints, in one run, the median
wall-clock and CPU (user+sys) seconds of ``mtgsolver blocks check examples/lure-menace.yaml``
without ``--cards`` (the baseline) and with ``--cards`` on a warm index, their ratio (floor:
at most 1.3), and the cold index build against the eager whole-file read it replaces.
The index goes to a temporary cache directory, never the user's. Runs alternate so that load
from other processes falls on both alike.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.peer_env import SHARED  # noqa: E402
from mtgsolver.read.card_files import library_from_card_file  # noqa: E402
from mtgsolver.read.card_index import index_for  # noqa: E402

BOARD = ROOT / "examples" / "lure-menace.yaml"
POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"


def timed(fn) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(wall, CPU of this process and its children) seconds of one call of ``fn``."""
    before = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    start = time.perf_counter()
    fn()
    wall = time.perf_counter() - start
    after = [resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    cpu = sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before))
    return wall, cpu


def command(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "mtgsolver", "blocks", "check", str(BOARD), *args],
                          env=env, stdout=subprocess.DEVNULL)
    if done.returncode not in (0, 1):  # legal or not: both are answers
        raise SystemExit(f"blocks check {' '.join(args)} failed with exit status {done.returncode}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cards", type=Path, default=POOL)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "XDG_CACHE_HOME": cache}
        env.pop("MTGSOLVER_CARDS", None)
        cold = timed(lambda: index_for(args.cards, Path(cache) / "mtgsolver"))
        eager = timed(lambda: library_from_card_file(args.cards))
        runs: dict[str, list[tuple[float, float]]] = {"plain": [], "cards": []}
        command([], env)  # warm the OS file cache
        for _ in range(args.repeat):
            runs["plain"].append(timed(lambda: command([], env)))
            runs["cards"].append(timed(lambda: command(["--cards", str(args.cards)], env)))
    med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in runs.items()}
    print(f"card file: {args.cards.name}; board: {BOARD.name}; {args.repeat} runs each, medians")
    print(f"{'what':<44} {'wall s':>8} {'CPU s':>8} {'ratio (CPU)':>12}")
    rows = [
        ("blocks check, no --cards (baseline)", *med["plain"], 1.0),
        ("blocks check --cards, warm index", *med["cards"], med["cards"][1] / med["plain"][1]),
        ("index build, cold (once per file content)", *cold, None),
        ("eager read of the whole file (no index)", *eager, None),
    ]
    for name, wall, cpu, ratio in rows:
        print(f"{name:<44} {wall:>8.3f} {cpu:>8.3f} {'' if ratio is None else f'{ratio:.2f}x':>12}")


if __name__ == "__main__":
    main()
