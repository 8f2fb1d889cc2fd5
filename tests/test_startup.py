"""Fast start (issue 13): ``mtgsolver --help`` imports no solver, no pydantic model and no card
data; the timing itself is measured in benchmarks/startup.py, not asserted here."""
from __future__ import annotations

import subprocess
import sys

PROBE = """
import runpy, sys
sys.argv = ["mtgsolver", "--help"]
try:
    runpy.run_module("mtgsolver", run_name="__main__")
except SystemExit:
    pass
print("MODULES", " ".join(sorted(sys.modules)))
"""
HEAVY = ("ortools", "pydantic", "yaml", "networkx", "lark", "mtgsolver.solver", "mtgsolver.encodings",
         "mtgsolver.model")


def test_help_imports_no_solver_pydantic_or_card_data() -> None:
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    modules = proc.stdout.split("MODULES", 1)[1].split()
    loaded = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert loaded == [], loaded
    assert "Usage: mtgsolver" in proc.stdout
