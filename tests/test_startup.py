"""Fast start: ``python -X importtime -m mtgsolver --help`` imports no solver, no
pydantic model and no card data, and a one-shot command ends without the interpreter's
teardown yet with its whole output and exit status; the timing itself is measured in
benchmarks/startup.py, not asserted here."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAVY = ("ortools", "pydantic", "pydantic_core", "yaml", "networkx", "lark", "numpy", "pandas",
         "mtgsolver.solver", "mtgsolver.encodings", "mtgsolver.model")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120)


def test_help_imports_no_solver_pydantic_or_card_data() -> None:
    proc = _run("-X", "importtime", "-m", "mtgsolver", "--help")
    assert proc.returncode == 0, proc.stderr
    modules = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", proc.stderr, re.MULTILINE)
    assert "mtgsolver.cli" in modules  # the list is the command's imports
    loaded = [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert loaded == [], loaded
    assert "Usage: mtgsolver" in proc.stdout or "Usage: python -m mtgsolver" in proc.stdout


def test_one_shot_command_keeps_its_output_and_exit_status() -> None:
    """The quick exit flushes stdout and stderr and keeps the status (1: illegal, 2: bad input)."""
    proc = _run("-m", "mtgsolver", "blocks", "check", str(EXAMPLES / "lure-menace.yaml"), "--json")
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.rstrip().endswith("}") and '"legal": false' in proc.stdout
    proc = _run("-m", "mtgsolver", "blocks", "check", "no-such-board.yaml")
    assert proc.returncode == 2
    assert "no-such-board.yaml: no such file" in proc.stderr


def test_quick_exit_runs_exit_handlers() -> None:
    probe = ("import atexit, sys\n"
             "from mtgsolver.cli import quick_exit\n"
             "atexit.register(lambda: print('handler ran', flush=True))\n"
             "print('answer', end='')\n"
             "quick_exit(3)\n"
             "print('not reached')\n")
    proc = _run("-c", probe)
    assert proc.returncode == 3
    assert proc.stdout == "answerhandler ran\n"


def test_quick_exit_leaves_a_message_status_to_python() -> None:
    probe = ("from mtgsolver.cli import quick_exit\n"
             "quick_exit('a message')\n"
             "print('returned')\n")
    proc = _run("-c", probe)
    assert proc.returncode == 0 and proc.stdout == "returned\n"


def test_a_command_runs_in_an_app_holding_only_it() -> None:
    """``app_for``: the first word names a command or group, the app holds just that one, with
    the same help, options and errors; anything else runs the whole app."""
    from typer.testing import CliRunner

    from mtgsolver.cli import app, app_for

    one = app_for(["blocks", "check", "board.yaml"])
    assert [g.name for g in one.registered_groups] == ["blocks"] and one.registered_commands == []
    assert [c.name for c in app_for(["pay"]).registered_commands] == ["pay"]
    for args in ([], ["--help"], ["--version"], ["blok"], ["-"]):
        assert app_for(args) is app
    runner = CliRunner()
    board = str(EXAMPLES / "lure-menace.yaml")
    for args in (["blocks"], ["blocks", "--help"], ["blocks", "check", "--help"], ["blocks", "chek"],
                 ["blocks", "check", board], ["blocks", "check", board, "--time-limit", "0"],
                 ["pay", "--help"], ["show", board], ["schema"]):
        whole, alone = runner.invoke(app, args), runner.invoke(app_for(args), args)
        assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output), args


def test_a_check_without_grammar_text_imports_no_parser() -> None:
    """Checking a board's ``chosen_type`` (205.3) reads the subtypes without the grammars' lark."""
    probe = ("import sys\n"
             "from mtgsolver import parse_board_text\n"
             "from mtgsolver.solver.blocks import check_blocks\n"
             "board = parse_board_text('version: 1\\nactive_player: a\\nplayers: [{name: a}, {name: b}]\\n'\n"
             "    'battlefield:\\n  - {id: x, card: Grizzly Bears, controller: a, chosen_type: elf}\\n'\n"
             "    '  - {id: y, card: Grizzly Bears, controller: b}\\n'\n"
             "    'combat: {attackers: [{creature: x, target: b}], blockers: [{creature: y, blocks: [x]}]}\\n',\n"
             "    'board.yaml')\n"
             "assert check_blocks(board).legal\n"
             "print(sorted(m for m in sys.modules if m == 'lark' or m.startswith('mtgsolver.read.grammar.')))\n")
    proc = _run("-c", probe)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
