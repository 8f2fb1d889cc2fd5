"""Mutation testing of one rules module against the tests that cover it (tests/README.md,
"Mutation testing").

``pyproject.toml``'s ``[tool.mutmut]`` mutates every rules module against the whole suite: hours.
This runs mutmut on one module with a narrow test selection, in ``.mutation/<module>/`` (ignored
by git): that folder holds a copy of ``pyproject.toml`` whose ``[tool.mutmut]`` names the module and
the tests, and links to the package, the tests, the references and the examples. mutmut itself
copies them into ``.mutation/<module>/mutants/``, so a run never touches the worktree.

    python benchmarks/mutation.py rules/damage.py tests/test_damage_rules.py tests/test_damage_reference.py
    python benchmarks/mutation.py --results rules/damage.py     # the survivors of the last run
    python benchmarks/mutation.py solver/search.py tests/test_search_rules.py --only 'mtgsolver.solver.search.x__bounds*'

Each run prints killed, survived and total, and the run's wall time. Run it under ``nice -n 19``
on a shared machine: mutmut runs one mutant at a time (``--max-children 1``).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINKED = ("mtgsolver", "tests", "references", "examples")


def workdir(module: str) -> Path:
    """The run folder of ``module`` (``rules/damage.py`` -> ``.mutation/rules.damage``)."""
    return ROOT / ".mutation" / module.removesuffix(".py").replace("/", ".")


def prepare(module: str, tests: list[str]) -> Path:
    """The run folder of ``module``, its pyproject naming the module and ``tests``."""
    where = workdir(module)
    where.mkdir(parents=True, exist_ok=True)
    for name in LINKED:
        link = where / name
        if not link.exists():
            link.symlink_to(ROOT / name)
    text = (ROOT / "pyproject.toml").read_text()
    text = re.sub(r'only_mutate = \[[^\]]*\]', f'only_mutate = ["mtgsolver/{module}"]', text)
    text = re.sub(r'pytest_add_cli_args_test_selection = \[[^\]]*\]',
                  f'pytest_add_cli_args_test_selection = {tests!r}'.replace("'", '"'), text)
    (where / "pyproject.toml").write_text(text)
    return where


def counts(where: Path) -> dict[str, int]:
    """Killed, survived... of the last run in ``where``, from ``mutmut results --all true``."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=where, capture_output=True, text=True).stdout
    tally: dict[str, int] = {}
    for line in out.splitlines():
        if ":" in line:
            status = line.rsplit(":", 1)[1].strip()
            tally[status] = tally.get(status, 0) + 1
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="a path under mtgsolver/, e.g. rules/damage.py")
    parser.add_argument("tests", nargs="*", help="the test files that cover it")
    parser.add_argument("--results", action="store_true", help="list the survivors of the last run")
    parser.add_argument("--only", action="append", default=[],
                        help="run only these mutants (mutmut's names or globs, e.g. 'mtgsolver.solver.search.x__bounds*')")
    args = parser.parse_args()
    env = dict(os.environ, MTGSOLVER_SHARED=os.environ.get("MTGSOLVER_SHARED", str(ROOT.parent / "shared")))
    if args.results:
        where = workdir(args.module)
        subprocess.run(["mutmut", "results"], cwd=where, env=env, check=False)
    else:
        if not args.tests:
            parser.error("name the test files that cover the module")
        where = prepare(args.module, args.tests)
        start = time.monotonic()
        subprocess.run(["mutmut", "run", "--max-children", "1", *args.only], cwd=where, env=env, check=False)
        print(f"{args.module}: {time.monotonic() - start:.0f} s")
    tally = counts(where)
    killed = tally.get("killed", 0) + tally.get("timeout", 0)
    checked = killed + tally.get("survived", 0) + tally.get("suspicious", 0)
    print(f"{args.module}: {killed} killed of {checked} checked; " + ", ".join(f"{n} {s}" for s, n in sorted(tally.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
