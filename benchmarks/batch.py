"""Benchmark of ``mtgsolver batch``. Run: ``python benchmarks/batch.py [N]``.

N block checks (default 10,000) cycling over the block examples (boards as JSON objects),
answered by: the baseline, a plain loop in one process (``commands.run`` per item, no batch
machinery); the batch runner's local process pool with 1 and 2 workers. Prints items per second and the speed-up over the loop.
"""
from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgsolver.batch import read_requests, run_batch  # noqa: E402
from mtgsolver.commands import board_from, run  # noqa: E402

BOARDS = [yaml.safe_load(p.read_text()) for p in sorted((ROOT / "examples").glob("blocks-*.yaml"))]
BOARDS.append(yaml.safe_load((ROOT / "examples" / "lure-menace.yaml").read_text()))


def requests(n: int) -> list[str]:
    return [json.dumps({"id": i, "command": "blocks check", "board": BOARDS[i % len(BOARDS)]}) for i in range(n)]


def loop(lines: list[str]) -> None:
    for line in lines:
        item = json.loads(line)
        run(item["command"], board_from(item["board"]))


def batch(lines: list[str], workers: int) -> None:
    out = io.StringIO()
    summary = run_batch(read_requests(lines), out, workers=workers)
    assert summary.answered == len(lines) and summary.errors == 0


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    lines = requests(n)
    loop(lines[:50])  # warm: imports, the card library
    rows = []
    for name, fn in [("baseline: one-process loop", lambda: loop(lines)),
                     ("batch, 1 worker process", lambda: batch(lines, 1)),
                     ("batch, 2 worker processes", lambda: batch(lines, 2))]:
        start = time.perf_counter()
        fn()
        rows.append((name, n / (time.perf_counter() - start)))
    load = os.getloadavg()[0]
    print(f"{n} block checks over {len(BOARDS)} example boards, {os.cpu_count()} cores, load average {load:.1f}")
    print(f"{'how':<40}{'items/s':>10}{'vs loop':>9}")
    for name, rate in rows:
        print(f"{name:<40}{rate:>10.0f}{rate / rows[0][1]:>8.2f}x")


if __name__ == "__main__":
    main()
