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
    python benchmarks/mutation.py rules/layers.py tests/test_layers_rules.py --sample 250 --skip '*depends*'

Each run prints killed, survived and total, and the run's wall time. Run it under ``nice -n 19``
on a shared machine: mutmut runs one mutant at a time (``--max-children 1``).

``--sample N`` runs a seeded random sample of N of the module's mutants (those ``--only`` keeps,
less those ``--skip`` names), drawn from mutmut's names in sorted order with ``--seed``; the names
are kept in ``sample.txt`` of the run folder, and the sample's score is printed with its 95% Wilson
interval: an honest estimate of the module's score when the whole module takes hours.
"""
from __future__ import annotations

import argparse
import fnmatch
import math
import os
import random
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


def mutant_names(module: str) -> list[str]:
    """Every mutant mutmut makes of ``module``, by name, sorted (mutmut's own generation, no run)."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    path = Path("mtgsolver") / module
    mutated = mutate_file_contents(str(path), (ROOT / path).read_text(), None, None)
    return sorted(get_mutant_name(path, name) for name in mutated.mutant_names)


def sample(names: list[str], only: list[str], skip: list[str], size: int, seed: int) -> list[str]:
    """``size`` names drawn at random with ``seed`` from those ``only`` keeps and ``skip`` leaves."""
    kept = [n for n in names if (not only or any(fnmatch.fnmatchcase(n, g) for g in only))
            and not any(fnmatch.fnmatchcase(n, g) for g in skip)]
    return sorted(random.Random(seed).sample(kept, min(size, len(kept))))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``k`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def counts(where: Path, names: set[str] | None = None) -> dict[str, int]:
    """Killed, survived... of the last run in ``where`` (of ``names`` only, if given), from
    ``mutmut results --all true``."""
    out = subprocess.run(["mutmut", "results", "--all", "true"], cwd=where, capture_output=True, text=True,
                         check=False).stdout
    tally: dict[str, int] = {}
    for line in out.splitlines():
        if ":" in line:
            name, status = (part.strip() for part in line.rsplit(":", 1))
            if names is None or name in names:
                tally[status] = tally.get(status, 0) + 1
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="a path under mtgsolver/, e.g. rules/damage.py")
    parser.add_argument("tests", nargs="*", help="the test files that cover it")
    parser.add_argument("--results", action="store_true", help="list the survivors of the last run")
    parser.add_argument("--only", action="append", default=[],
                        help="run only these mutants (mutmut's names or globs, e.g. 'mtgsolver.solver.search.x__bounds*')")
    parser.add_argument("--skip", action="append", default=[], help="with --sample: leave these mutants out (globs)")
    parser.add_argument("--sample", type=int, metavar="N", help="run a seeded random sample of N mutants")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (0)")
    args = parser.parse_args()
    env = dict(os.environ, MTGSOLVER_SHARED=os.environ.get("MTGSOLVER_SHARED", str(ROOT.parent / "shared")))
    where = workdir(args.module)
    drawn = where / "sample.txt"
    if args.results:
        subprocess.run(["mutmut", "results"], cwd=where, env=env, check=False)
    else:
        if not args.tests:
            parser.error("name the test files that cover the module")
        where = prepare(args.module, args.tests)
        chosen = args.only
        if args.sample:
            chosen = sample(mutant_names(args.module), args.only, args.skip, args.sample, args.seed)
            drawn.write_text("".join(f"{n}\n" for n in chosen))
        elif drawn.exists():
            drawn.unlink()
        start = time.monotonic()
        subprocess.run(["mutmut", "run", "--max-children", "1", *chosen], cwd=where, env=env, check=False)
        print(f"{args.module}: {time.monotonic() - start:.0f} s")
    names = set(drawn.read_text().split()) if drawn.exists() else None
    tally = counts(where, names)
    killed = tally.get("killed", 0) + tally.get("timeout", 0)
    checked = killed + tally.get("survived", 0) + tally.get("suspicious", 0)
    print(f"{args.module}: {killed} killed of {checked} checked; " + ", ".join(f"{n} {s}" for s, n in sorted(tally.items())))
    if names is not None:
        low, high = wilson(killed, sum(tally.values()))
        print(f"a sample of {len(names)} (sample.txt): {killed} of {sum(tally.values())} killed, "
              f"95% interval {100 * low:.1f}% to {100 * high:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
