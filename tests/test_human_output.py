"""Human output reads as sentences and tables: every command on every example board prints no
Python repr (``{'``, ``('``, ``True``, ``False``, ``None`` as words) and never an internal error;
the example boards of ``plan``, ``chance`` and ``crimes`` answer what their comments say."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from mtgsolver.cli import app, app_for
from mtgsolver.commands import COMMANDS
from mtgsolver.page.examples import Example, command_line, examples
from mtgsolver.read.grammar import readings

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = examples(ROOT / "examples")
REPR = re.compile(r"\{'|\('|\b(?:True|False|None)\b")


def _flags(options: dict[str, Any]) -> list[str]:
    """Options as the command line's flags (``max_x``: ``--max-x``; a list: the flag repeated)."""
    out: list[str] = []
    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if value is True:
            out.append(flag)
        else:
            out += [w for v in (value if isinstance(value, list) else [value]) for w in (flag, str(v))]
    return out


def _defaults(command: str, data: dict[str, Any]) -> dict[str, Any]:
    """Options that let ``command`` answer on a board that does not ask it: a cost of {1}, the
    first card of a hand, the first permanent, the puzzle's goal or lethal."""
    hands = [c if isinstance(c, str) else c.get("card", c.get("name", "")) for z in (data.get("zones") or {}).values()
             for c in (z.get("hand") or [])]
    permanents = [p.get("id", "") for p in data.get("battlefield") or []]
    return {"pay": {"cost": "{1}"}, "plan": {"cast": hands[:1] or ["Lightning Bolt"]},
            "chance": {"permanent": permanents[0] if permanents else "nothing"},
            "solve": {} if data.get("puzzle") else {"goal": "lethal"}}.get(command, {})


def _command_lines(example: Example) -> list[list[str]]:
    path = f"examples/{example.name}"
    data = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    lines = [["show", path]]
    for command in COMMANDS:
        options = example.options if command == example.command else _defaults(command, data)
        lines.append([*command.split(), path, *_flags(options)])
    return lines


@pytest.fixture
def remembered_readings(monkeypatch: pytest.MonkeyPatch):
    """The board is read a dozen times: its lines are read by the grammars once, then kept
    (mtgsolver.read.grammar.readings, in the test run's cache folder)."""
    monkeypatch.setenv(readings.ENV_NO_CACHE, "0")
    readings._table.cache_clear()
    yield
    readings._table.cache_clear()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.name)
def test_every_command_prints_sentences_and_tables_on_every_example(example: Example, remembered_readings: None,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    for args in _command_lines(example):
        result = CliRunner().invoke(app_for(args), args)
        assert result.exit_code in (0, 1, 2, 3), (args, result.output)
        assert not REPR.search(result.output), (args, REPR.search(result.output), result.output)


def test_every_command_has_an_example_that_asks_it() -> None:
    asked = {e.command for e in EXAMPLES}
    assert set(COMMANDS) - asked <= {"blocks suggest", "attacks suggest", "damage"}


@pytest.mark.parametrize(("name", "code", "shown"), [
    ("plan-gandalf.yaml", 0, ["castable by alice",
                              "gandalf triggers (603.2): chooses untap (700.2) and untaps mountain"]),
    ("chance-deadbridge-chant.yaml", 0, ["7/23 the card goes to the battlefield", "16/23 the card goes to the hand"]),
    ("crimes-blood-hustler.yaml", 0, ["shock (bob): a crime (700.13)", "bolt-mine (alice): not a crime",
                                      "bolt-bob (alice): a crime (700.13); triggers hustler",
                                      "counter-shock (alice): a crime (700.13); hustler already triggered"]),
])
def test_the_turn_examples_answer_what_their_comments_say(name: str, code: int, shown: list[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Each runs the command line its comments give."""
    monkeypatch.chdir(ROOT)
    words = command_line((ROOT / "examples" / name).read_text(encoding="utf-8"))
    assert words is not None and f"examples/{name}" in words
    result = CliRunner().invoke(app, words)
    assert result.exit_code == code, result.output
    for line in shown:
        assert line in result.output


def test_an_undecided_solve_names_the_lines_that_made_it_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["solve", "examples/unread-undecided.yaml", "--goal", "best-blocks"])
    assert result.exit_code == 3
    assert "undecided because of these unread lines" in result.output
    assert "sign: All creatures attacking you have fear." in result.output


def test_solve_labels_each_amount_with_its_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    out = CliRunner().invoke(app, ["solve", "examples/puzzles/dotp2012-lust-for-blood-2-attack.yaml"]).output
    assert "no attack does better than attacking the player with every creature that can attack" in out
    assert re.search(r"its creatures destroyed \(value: 1 \+ power \+ toughness each\) +21", out)
    assert re.search(r"life lost, net of life gained \(life\) +1", out)
    assert "creatures_lost" not in out and "loses True" not in out
