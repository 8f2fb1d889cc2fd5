"""Reading rules text: what the Earley grammar families cost per line on the real card pool.
Run: ``python benchmarks/reading.py [--every N] [--cards FILE]``.

Every line of every face of the pool (one face in ``N``) is given to each Earley family's
``read`` (``continuous``, ``combat``, ``copies``, ``game``, ``relative``); the strings that pass
the family's own cheap filters and reach its parser are timed there (CPU seconds, lark's parse
alone). The baseline, in the same run: the ``mana`` family, whose LALR parser reads a line in
one pass, on the strings that reach it, so the ratio moves little with the machine's speed or
load.
"""
from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.peer_env import SHARED  # noqa: E402
from mtgsolver.read.grammar import combat, continuous, copies, game, mana, relative  # noqa: E402

POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"
FAMILIES = {"continuous": continuous, "combat": combat, "copies": copies, "game": game, "relative": relative}


class _Timed:
    """A parser that keeps each string it is given and the CPU its parse took."""

    def __init__(self, parser: Any) -> None:
        self.parser = parser
        self.seen: list[tuple[str, float]] = []

    def parse(self, text: str, *args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return self.parser.parse(text, *args, **kwargs)
        finally:
            self.seen.append((text, time.process_time() - start))


def _lines(path: Path, every: int) -> list[tuple[str, str]]:
    data = json.load(gzip.open(path))["data"]
    return [(line.strip(), face.get("faceName") or name)
            for name, faces in list(data.items())[::every] for face in faces
            for line in (face.get("text") or "").split("\n") if line.strip()]


def _timed(module: ModuleType, lines: list[tuple[str, str]]) -> _Timed:
    """Every line read by ``module``, its parser timed (built first, outside the timing)."""
    original = module._parser
    timed = _Timed(original())
    module._parser = lambda: timed  # read() looks its parser up as it runs
    try:
        for line, name in lines:
            module.read(line, name)
    finally:
        module._parser = original
    return timed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--every", type=int, default=1, help="one card in N (default: every card)")
    ap.add_argument("--cards", type=Path, default=POOL)
    args = ap.parse_args()
    lines = _lines(args.cards, args.every)
    print(f"{len(lines):,} lines of {args.cards.name}, one card in {args.every}\n")
    print("| family | strings parsed | CPU s | ms a string (mean) | ms (slowest) |")
    print("|---|---|---|---|---|")
    for family, module in [*FAMILIES.items(), ("baseline: `mana`, an LALR family", mana)]:
        timed = _timed(module, lines)
        times = [t for _, t in timed.seen] or [0.0]
        label = family if module is mana else f"`{family}`"
        print(f"| {label} | {len(timed.seen):,} | {sum(times):.1f} | {1000 * statistics.mean(times):.1f} "
              f"| {1000 * max(times):.0f} |")

if __name__ == "__main__":
    main()
