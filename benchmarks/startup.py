"""Start-up cost of the command line. Run: ``python benchmarks/startup.py [N]``.

Measures in one run, each as the median of N fresh processes (default 5):

- ``python -X importtime -m mtgsolver --help``: total import time and whether a solver,
  OR-Tools, pydantic, YAML or card data was imported (the floor: none), and whether the piped
  check imported rich or a grammar's parser generator (lark; it needs neither);
- ``mtgsolver blocks check examples/lure-menace.yaml`` against its baselines, a bare
  ``python -c pass`` and ``python -c "import ortools.sat.python.cp_model"`` (the floor: the
  check spends at most 0.3 s beyond the OR-Tools import);
- where a one-shot check's CPU time goes: the phases timed one after the other in one
  process (imports, the card library, reading the board, the check, the output).

The command ends without the interpreter's teardown (``mtgsolver.cli.quick_exit``), which a
bare ``import`` process does not, so the table gives a second baseline: the OR-Tools import
ending the same way (``os._exit``), the stricter comparison.

Every process runs with bytecode caching on (as an installed package has it), after one
warm-up run that writes the bytecode. CPU time (user + system) is the fairer figure on a
shared machine: wall time there includes waiting for a core.
"""
from __future__ import annotations

import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARD = ROOT / "examples" / "lure-menace.yaml"
#: what a piped one-shot check needs not import (its output is plain lines; the Lure line's
#: reading is kept between runs)
NOT_IN_CHECK = ("rich", "lark")
HEAVY = ("ortools", "pydantic", "yaml", "networkx", "lark", "mtgsolver.solver", "mtgsolver.encodings",
         "mtgsolver.model")
FLOOR = 0.3
# what an installed package has: bytecode written once and reused (this machine sets
# PYTHONDONTWRITEBYTECODE, which makes every process compile the sources again); kept out of
# the source tree
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "mtgsolver-startup-pycache")


def wall(args: list[str], repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU (user + system) seconds of ``repeat`` fresh processes; CPU
    time is the fairer figure on a shared machine."""
    walls, cpus = [], []
    subprocess.run(args, cwd=ROOT, capture_output=True, check=False, env=ENV)  # writes the bytecode
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(args, cwd=ROOT, capture_output=True, check=False, env=ENV)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def importtime(args: list[str]) -> dict[str, tuple[int, int]]:
    """``{module: (self µs, cumulative µs)}`` from ``-X importtime``."""
    subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, env=ENV)  # writes the bytecode
    proc = subprocess.run([sys.executable, "-X", "importtime", *args], cwd=ROOT, capture_output=True, text=True,
                          env=ENV)
    out: dict[str, tuple[int, int]] = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| (\s*)(\S+)", line)
        if m:
            out.setdefault(m.group(4), (int(m.group(1)), int(m.group(2))))
    return out


def heavy(modules: dict[str, tuple[int, int]]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


#: the one-shot check's phases in one process, each timed after the ones before it
PHASES = r"""
import io, json, os, sys, time
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as mtgsolver.cli.main does for a one-shot command
from contextlib import redirect_stderr, redirect_stdout
marks, t, w = [], time.process_time(), time.perf_counter()
def mark(name):
    global t, w
    marks.append((name, time.process_time() - t, time.perf_counter() - w))
    t, w = time.process_time(), time.perf_counter()
import ortools.sat.python.cp_model
mark("OR-Tools (ortools.sat.python.cp_model)")
import typer
mark("typer")
import mtgsolver.cli
mark("the CLI's modules (mtgsolver.cli; rich only on a terminal)")
from pydantic import BaseModel, ConfigDict, Field, ValidationError
mark("pydantic (typer imports it too, to coerce parameters)")
import yaml
mark("PyYAML")
import mtgsolver.read.board_file
mark("board model (board_file's deferred models, board modules)")
from mtgsolver import bundled_library, load_board
library = bundled_library()
mark("the bundled card library")
board = load_board(sys.argv[1], library)
mark("reading the board (YAML, validator build, layers)")
from mtgsolver.solver.blocks import check_blocks
mark("the solver's modules (mtgsolver.solver.blocks)")
check_blocks(board)
mark("the check")
with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
    try:
        mtgsolver.cli.app(["blocks", "check", sys.argv[1]])
    except SystemExit:
        pass
mark("the command again, all loaded (read, check, output)")
print(json.dumps(marks))
"""


def phases(repeat: int) -> list[tuple[str, float, float]]:
    """Median CPU and wall seconds of each phase of :data:`PHASES` over ``repeat`` processes."""
    runs = []
    subprocess.run([sys.executable, "-c", PHASES, str(BOARD)], cwd=ROOT, capture_output=True, env=ENV)
    for _ in range(repeat):
        proc = subprocess.run([sys.executable, "-c", PHASES, str(BOARD)], cwd=ROOT, capture_output=True,
                              text=True, env=ENV, check=True)
        runs.append(json.loads(proc.stdout.splitlines()[-1]))
    return [(runs[0][i][0], statistics.median(r[i][1] for r in runs), statistics.median(r[i][2] for r in runs))
            for i in range(len(runs[0]))]


def main(repeat: int) -> None:
    py = sys.executable
    help_imports = importtime(["-m", "mtgsolver", "--help"])
    loaded = heavy(help_imports)
    total_help = sum(s for s, _ in help_imports.values()) / 1e6
    rows = [
        ("python -c pass", wall([py, "-c", "pass"], repeat)),
        ("python -m mtgsolver --help", wall([py, "-m", "mtgsolver", "--help"], repeat)),
        ("import ortools.sat.python.cp_model", wall([py, "-c", "import ortools.sat.python.cp_model"], repeat)),
        ("  the same, ending with os._exit (no teardown)",
         wall([py, "-c", "import os, ortools.sat.python.cp_model; os._exit(0)"], repeat)),
        ("python -m mtgsolver blocks check lure-menace", wall([py, "-m", "mtgsolver", "blocks", "check", str(BOARD)], repeat)),
    ]
    times = dict(rows)
    print(f"startup benchmark: median of {repeat} fresh processes each; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs\n")
    print(f"{'command':48} {'wall s':>8} {'CPU s':>8}")
    for name, (w, c) in rows:
        print(f"{name:48} {w:8.3f} {c:8.3f}")
    print(f"{'--help: imports (sum of -X importtime)':48} {total_help:8.3f}")
    print(f"--help imports a solver, OR-Tools, pydantic, YAML or card data: {', '.join(loaded) if loaded else 'none'}")
    check_imports = importtime(["-m", "mtgsolver", "blocks", "check", str(BOARD)])
    extra = sorted(m for m in check_imports if m in NOT_IN_CHECK)
    print(f"the piped check imports {' or '.join(NOT_IN_CHECK)}: {', '.join(extra) if extra else 'no'}")
    check = times["python -m mtgsolver blocks check lure-menace"]
    print(f"\nblocks check beyond the OR-Tools import (floor {FLOOR:.1f} s)")
    for base, label in (("import ortools.sat.python.cp_model", "the import"),
                        ("  the same, ending with os._exit (no teardown)", "the import without teardown")):
        for what, i in (("wall", 0), ("CPU", 1)):
            beyond = check[i] - times[base][i]
            print(f"  {'beyond ' + label + ', ' + what:46} {beyond:8.3f}  {'met' if beyond <= FLOOR else 'NOT met'}")
    parts = phases(repeat)
    print(f"\nblocks check in one process, phase by phase (median of {repeat})")
    print(f"  {'phase':60} {'CPU s':>7} {'wall s':>7}")
    for name, cpu, elapsed in parts:
        print(f"  {name:60} {cpu:7.3f} {elapsed:7.3f}")
    rest = parts[1:]
    print(f"  {'after OR-Tools, in all':60} {sum(p[1] for p in rest):7.3f} {sum(p[2] for p in rest):7.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
