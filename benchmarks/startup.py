"""Start-up cost of the command line (issue 13). Run: ``python benchmarks/startup.py [N]``.

Measures in one run, each as the median of N fresh processes (default 5):

- ``python -X importtime -m mtgsolver --help``: total import time and whether a solver,
  OR-Tools, pydantic, YAML or card data was imported (the floor: none);
- ``mtgsolver blocks check examples/lure-menace.yaml`` against its baselines, a bare
  ``python -c pass`` and ``python -c "import ortools.sat.python.cp_model"`` (the floor: the
  check spends at most 0.3 s beyond the OR-Tools import);
- where the one-shot check's import time goes (cumulative import time of the big packages).
"""
from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "lure-menace.yaml"
HEAVY = ("ortools", "pydantic", "yaml", "networkx", "lark", "mtgsolver.solver", "mtgsolver.encodings",
         "mtgsolver.model")
FLOOR = 0.3


def wall(args: list[str], repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU (user + system) seconds of ``repeat`` fresh processes; CPU
    time is the fairer figure on a shared machine."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, cwd=ROOT, capture_output=True, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def importtime(args: list[str]) -> dict[str, tuple[int, int]]:
    """``{module: (self µs, cumulative µs)}`` from ``-X importtime``."""
    proc = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT, capture_output=True, text=True)
    out: dict[str, tuple[int, int]] = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)", line)
        if m:
            out.setdefault(m.group(4), (int(m.group(1)), int(m.group(2))))
    return out


def heavy(modules: dict[str, tuple[int, int]]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def main(repeat: int) -> None:
    py = sys.executable
    help_imports = importtime(["-m", "mtgsolver", "--help"])
    loaded = heavy(help_imports)
    total_help = sum(s for s, _ in help_imports.values()) / 1e6
    rows = [
        ("python -c pass", wall([py, "-c", "pass"], repeat)),
        ("python -m mtgsolver --help", wall([py, "-m", "mtgsolver", "--help"], repeat)),
        ("import ortools.sat.python.cp_model", wall([py, "-c", "import ortools.sat.python.cp_model"], repeat)),
        ("python -m mtgsolver blocks check lure-menace", wall([py, "-m", "mtgsolver", "blocks", "check", str(BOARD)], repeat)),
    ]
    times = dict(rows)
    print(f"startup benchmark: median of {repeat} fresh processes each; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs\n")
    print(f"{'command':48} {'wall s':>8} {'CPU s':>8}")
    for name, (w, c) in rows:
        print(f"{name:48} {w:8.3f} {c:8.3f}")
    check, ortools = times["python -m mtgsolver blocks check lure-menace"], times["import ortools.sat.python.cp_model"]
    for what, i in (("wall", 0), ("CPU", 1)):
        beyond = check[i] - ortools[i]
        print(f"{'blocks check beyond the OR-Tools import, ' + what:48} {beyond:8.3f}  (floor {FLOOR:.1f} s: "
              f"{'met' if beyond <= FLOOR else 'NOT met'})")
    print(f"{'--help: imports (sum of -X importtime)':48} {total_help:8.3f}")
    print(f"--help imports a solver, OR-Tools, pydantic, YAML or card data: {', '.join(loaded) if loaded else 'none'}")
    check = importtime(["-m", "mtgsolver", "blocks", "check", str(BOARD)])
    print("\nblocks check: cumulative import time of the big packages")
    for name in ("ortools.sat.python.cp_model", "pydantic", "yaml", "networkx", "lark", "typer", "rich.console",
                 "mtgsolver.model", "mtgsolver.solver.blocks"):
        if name in check:
            print(f"  {name:40} {check[name][1] / 1e6:8.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
