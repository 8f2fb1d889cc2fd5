"""Every edge answers any request cleanly and in its time: boards built from the JSON Schema and
mutations of the example boards (extreme numbers, wrong kinds, missing and extra keys), with
options good and bad, asked of every command in process (``commands.run``), over HTTP and
through the CLI. An answer is exit status 0, 1, 2 or 3 (HTTP 200, 413 or 422), never a
traceback, an internal error, a 500 or a 504, and it comes within the time limit plus the
service's grace. Small runs by default, large ones under ``MTGSOLVER_PROFILE=ci``."""
from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.commands import COMMANDS, board_from, run
from mtgsolver.model.errors import UserError
from mtgsolver.read.board_file import board_json_schema
from mtgsolver.service import GRACE, create_app

from .schema_strategies import from_schema, json_values
from .support import runs
from .test_board_fuzz import BOARDS, pick

#: The solver time limit of every fuzzed request; an answer takes at most it plus the grace, counted
#: in CPU seconds of this process (its server's threads too), so a loaded machine's waits don't count.
LIMIT = 1.0
BOUND = LIMIT + GRACE
EXTREME = st.sampled_from([10**20, -(10**20), 2**62, 10**9, 10**9 + 1, -(10**9), 10**31, 1e300, float("inf"),
                           "{999999999999}", "{1000}", "{X}", "", "9" * 40, {"protection": 5}, [], {}, None, True])

#: Options that each command is asked with, before a mutation.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "blocks suggest": [{}, {"objective": "most-blockers"}, {"objective": "least-unblocked-power"}],
    "attacks suggest": [{}, {"objective": "most-power"}],
    "pay": [{"cost": "{2}{G}"}, {"cost": "{X}{G}", "max_x": True}, {"cost": "{1}", "keep": ["{G}", "{U}{U}"]},
            {"cost": "{W/P}{S}{2/G}", "x": 3}, {"cost": "{C}", "objective": "sources,floating"}],
    "solve": [{}, {"goal": "lethal"}, {"goal": "survive"}, {"goal": "best-blocks"}],
    "plan": [{"cast": ["Llanowar Elves"]}, {"cast": ["Fireball"], "max_x": True}],
    "chance": [{"permanent": "ghost"}],
    "resolve": [{"actions": ["cast Lightning Bolt>bob"]}, {"actions": ["cast Fireball>bob"], "x": [3]},
                {"actions": ["activate elf:1"], "free": True}],
}
#: CLI arguments of each command's required options.
CLI_ARGS = {"pay": ["--cost", "{2}{G}"], "plan": ["--cast", "Llanowar Elves"], "chance": ["--permanent", "ghost"],
            "resolve": ["--cast", "Lightning Bolt>bob"]}
runner = CliRunner()
client = TestClient(create_app(max_time=LIMIT))


def _with_limit(name: str, options: dict[str, Any]) -> dict[str, Any]:
    if "time_limit" in COMMANDS[name].option_model.model_fields and "time_limit" not in options:
        return {**options, "time_limit": LIMIT}
    return options


@st.composite
def requests(draw, boards: st.SearchStrategy[Any]) -> tuple[str, Any, dict[str, Any]]:
    """A command, a board and options, the options mutated one time in three."""
    name = draw(st.sampled_from(sorted(COMMANDS)))
    options = dict(draw(st.sampled_from(OPTIONS.get(name, [{}]))))
    if draw(st.integers(0, 2)) == 0:
        fields = sorted(COMMANDS[name].option_model.model_fields) + ["bogus"]
        options[draw(st.sampled_from(fields))] = draw(st.one_of(EXTREME, json_values))
    return name, draw(boards), _with_limit(name, options)


@st.composite
def mutated(draw) -> Any:
    """An example board with one to three values replaced (extreme numbers, wrong kinds), keys
    removed or entries repeated."""
    board = copy.deepcopy(BOARDS[draw(st.sampled_from(sorted(BOARDS)))])
    for _ in range(draw(st.integers(1, 3))):
        node = pick(draw, board)
        if node is None:
            break
        parent, key = node
        action = draw(st.sampled_from(["extreme", "replace", "delete", "repeat"]))
        if action == "delete":
            del parent[key]
        elif action == "repeat" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[key]))
        else:
            parent[key] = draw(EXTREME if action == "extreme" else json_values)
    return board


def _answers_cleanly(name: str, board: Any, options: dict[str, Any]) -> None:
    start = time.process_time()
    try:
        answer = run(name, board_from(board), options, max_time=LIMIT)
        assert answer.exit in (0, 1, 3)
    except UserError as exc:
        assert str(exc)
    assert time.process_time() - start < BOUND, f"{name}: no answer within {BOUND} s"
    start = time.process_time()
    body = json.dumps({"board": board, "options": options})  # Infinity too, as Python's json reads it
    r = client.post("/" + name.replace(" ", "/"), content=body, headers={"content-type": "application/json"})
    assert r.status_code in (200, 413, 422), (name, r.status_code, r.text[:500])
    assert time.process_time() - start < BOUND, f"{name} over HTTP: no answer within {BOUND} s"


@settings(max_examples=runs(3000, 40), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(requests(from_schema(board_json_schema())))
def test_boards_from_the_schema_are_answered_cleanly_everywhere(request: tuple[str, Any, dict[str, Any]]) -> None:
    _answers_cleanly(*request)


@settings(max_examples=runs(3000, 40), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(requests(mutated()))
def test_mutated_boards_and_options_are_answered_cleanly_everywhere(request: tuple[str, Any, dict[str, Any]]) -> None:
    _answers_cleanly(*request)


@settings(max_examples=runs(600, 15), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(sorted(COMMANDS)), mutated())
def test_the_cli_exits_0_1_2_or_3_on_mutated_boards(name: str, board: Any) -> None:
    args = [*name.split(), "-", *CLI_ARGS.get(name, []), "--json"]
    if "time_limit" in COMMANDS[name].option_model.model_fields:
        args += ["--time-limit", str(LIMIT)]
    start = time.process_time()
    r = runner.invoke(app, args, input=json.dumps(board))
    assert r.exit_code in (0, 1, 2, 3), (name, r.exit_code, r.output[-500:])
    assert "Traceback" not in r.output and "internal error" not in r.output
    assert time.process_time() - start < BOUND


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_fuzzed(name: str) -> None:
    """Each command has options the fuzzing asks it with (its required ones included)."""
    required = {k for k, f in COMMANDS[name].option_model.model_fields.items() if f.is_required()}
    assert all(required <= set(o) for o in OPTIONS.get(name, [{}]))
