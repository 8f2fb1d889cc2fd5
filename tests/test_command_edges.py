"""One command path: the CLI, the HTTP service and the batch runner run every command through
``commands.run``, so they refuse the same inputs with the same message (exit status 2, HTTP
422, a batch ``error``), and report a bug the same way: an internal error (exit status 4,
HTTP 500, a batch ``internal`` error), never "bad input", its traceback only on request."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from mtgsolver.batch import read_requests, run_batch
from mtgsolver.cli import app
from mtgsolver.service import create_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LURE, FORGE = "lure-menace.yaml", "pay-forge-vessel.yaml"
runner = CliRunner()

#: (command, board, options, CLI arguments, option path, message): the same bad request
#: every way; crimes takes no option. Options named in a message are in backquotes.
REFUSED = [
    ("blocks check", LURE, {"time_limit": -1}, ["--time-limit", "-1"], "time_limit", "Input should be greater than 0"),
    ("blocks suggest", LURE, {"objective": "bravest"}, ["-o", "bravest"], "objective",
     "unknown objective 'bravest'; expected one of fewest-blockers, most-blockers, least-unblocked-power"),
    ("attacks check", "attacks-goad-4p.yaml", {"time_limit": 0}, ["--time-limit", "0"], "time_limit",
     "Input should be greater than 0"),
    ("attacks suggest", "attacks-goad-4p.yaml", {"objective": "most-damage"}, ["--objective", "most-damage"],
     "objective", "unknown objective 'most-damage'; expected one of fewest-attackers, most-attackers, most-power"),
    ("pay", FORGE, {"cost": ""}, ["--cost", ""], "cost",
     "empty; give a mana cost such as {2}{W} ({0} for a cost of zero)"),
    ("pay", FORGE, {"cost": "{X}"}, ["--cost", "{X}"], "cost",
     "{X} has {X}; give its value with `x` N or ask for the largest with `max_x` (107.3a)"),
    ("pay", FORGE, {"cost": "{2}{Q}"}, ["--cost", "{2}{Q}"], "cost", "unknown mana symbol '{Q}' in mana cost '{2}{Q}'"),
    ("pay", FORGE, {"cost": "{1}", "keep": ["{G}", "{V}"]}, ["--cost", "{1}", "--keep", "{G}", "--keep", "{V}"],
     "keep[1]", "unknown mana symbol '{V}' in mana cost '{V}'"),
    ("pay", FORGE, {"cost": "{1}", "player": "carol"}, ["--cost", "{1}", "--player", "carol"], "player",
     "unknown player 'carol'; the board has alice, bob"),
    ("pay", FORGE, {"cost": "{X}", "x": 1, "max_x": True}, ["--cost", "{X}", "--x", "1", "--max-x"], "",
     "give `x` or `max_x`, not both"),
    ("pay", FORGE, {"cost": "{1}", "x": -1}, ["--cost", "{1}", "--x", "-1"], "x", "X can't be negative (107.1b)"),
    ("pay", FORGE, {"cost": "{1}", "objective": "speed"}, ["--cost", "{1}", "--objective", "speed"], "objective",
     "unknown objective level 'speed'; expected some of keep, x, life, sacrifice, cards, creatures, sources, "
     "floating, spare"),
    ("pay", FORGE, {}, [], "cost", "missing; give the cost to pay, or `card` NAME of a card with a mana cost"),
    ("produce", FORGE, {"permanent": "nobody"}, ["--permanent", "nobody"], "permanent", None),
    ("damage", "puzzles/dotp2012-lust-for-blood-1-block.yaml", {"attacker_objectives": ["glory"]},
     ["--attacker", "glory"], "attacker_objectives", "unknown objective 'glory'; expected one of win, life, "
     "damage, destroy, preserve"),
    ("solve", "puzzles/dotp2009-wings-of-light.yaml", {"goal": "conquer"}, ["--goal", "conquer"], "goal",
     "'conquer' is not a goal solve answers; expected one of lethal, survive, best-blocks, best-attack, win"),
    ("plan", FORGE, {"cast": ["Nothing"]}, ["--cast", "Nothing"], "cast[0]", None),
    ("plan", FORGE, {"cast": ["Nothing"], "x": 1, "max_x": True}, ["--cast", "Nothing", "--x", "1", "--max-x"], "",
     "give `x` or `max_x`, not both"),
    ("chance", LURE, {"permanent": "nobody"}, ["--permanent", "nobody"], "permanent", None),
]
FLAGS = {"attacker_objectives": "--attacker"}


def _flag(option: str) -> str:
    return FLAGS.get(option, "--" + option.replace("_", "-"))


def _as_cli(path: str, message: str) -> str:
    """The CLI's line for a refusal: the option as its flag, options named as flags."""
    text = re.sub(r"`([a-z_]+)`", lambda m: _flag(m.group(1)), message)
    return f"{_flag(re.split(r'[.[]', path)[0])}: {text}" if path else text


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app())


def _batch(items: list[dict]) -> list[dict]:
    out = io.StringIO()
    run_batch(read_requests(json.dumps(i) for i in items), out, workers=0)
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize(("command", "board", "options", "args", "path", "message"), REFUSED,
                         ids=[f"{r[0]}:{r[4] or 'options'}" for r in REFUSED])
def test_every_edge_refuses_the_same_input_with_the_same_message(client: TestClient, command: str, board: str,
                                                                  options: dict, args: list[str], path: str,
                                                                  message: str | None) -> None:
    data = yaml.safe_load((EXAMPLES / board).read_text())
    http = client.post("/" + command.replace(" ", "/"), json={"board": data, "options": options})
    assert http.status_code == 422, http.text
    error = http.json()
    expected_path = f"options.{path}" if path else "options"
    assert (error["where"], error["path"]) == ("options", expected_path)
    assert error["error"] == f"{expected_path}: {error['message']}"
    if message is not None:
        assert error["message"] == message
    (item,) = _batch([{"id": 1, "command": command, "board": data, "options": options}])
    assert item["exit"] == 2 and item["error"] == error
    cli = runner.invoke(app, [*command.split(), str(EXAMPLES / board), *args])
    assert cli.exit_code == 2, cli.output
    assert cli.stderr == f"error: {_as_cli(path, error['message'])}\n"
    as_json = runner.invoke(app, [*command.split(), str(EXAMPLES / board), *args, "--json"])
    assert as_json.exit_code == 2 and json.loads(as_json.stdout) == {"error": _as_cli(path, error["message"])}


def test_a_command_without_options_refuses_any_everywhere(client: TestClient) -> None:
    """``crimes`` takes no option: one given is refused by the service, the batch and the CLI."""
    data = yaml.safe_load((EXAMPLES / LURE).read_text())
    http = client.post("/crimes", json={"board": data, "options": {"strict": True}})
    assert http.status_code == 422 and http.json()["path"] == "options.strict"
    assert http.json()["message"] == "unknown option"
    (item,) = _batch([{"id": 1, "command": "crimes", "board": data, "options": {"strict": True}}])
    assert item["exit"] == 2 and item["error"] == http.json()
    cli = runner.invoke(app, ["crimes", str(EXAMPLES / LURE), "--strict"])
    assert cli.exit_code == 2 and "--strict" in cli.output


@pytest.mark.parametrize(("options", "path"), [({"keep": ["{G}"] * 9, "cost": "{1}"}, "keep"),
                                               ({"cost": "{1}" * 65}, "cost"), ({"cost": "{X}", "x": 1001}, "x")])
def test_an_option_out_of_range_is_refused_alike_everywhere(client: TestClient, options: dict, path: str) -> None:
    data = yaml.safe_load((EXAMPLES / FORGE).read_text())
    http = client.post("/pay", json={"board": data, "options": options})
    assert http.status_code == 422 and http.json()["path"] == f"options.{path}"
    (item,) = _batch([{"id": 1, "command": "pay", "board": data, "options": options}])
    assert item["error"] == http.json()
    args = [a for k, v in options.items() for a in ([f"--{k}", str(v)] if not isinstance(v, list)
                                                     else [x for e in v for x in (f"--{k}", e)])]
    cli = runner.invoke(app, ["pay", str(EXAMPLES / FORGE), *args])
    assert cli.exit_code == 2 and cli.stderr == f"error: --{path}: {http.json()['message']}\n"


def test_pay_refuses_a_cost_with_x_without_its_value_everywhere(client: TestClient) -> None:
    """107.3a: X is chosen; the service no longer answers X = 0 where the CLI refused."""
    data = yaml.safe_load((EXAMPLES / FORGE).read_text())
    r = client.post("/pay", json={"board": data, "options": {"cost": "{X}{G}"}})
    assert r.status_code == 422 and r.json()["path"] == "options.cost" and "`max_x`" in r.json()["message"]
    assert client.post("/pay", json={"board": data, "options": {"cost": "{X}{G}", "x": 0}}).status_code == 200


def test_a_board_refusal_names_the_field_everywhere(client: TestClient) -> None:
    """A command that needs what the board lacks (no attack to judge) is a board error."""
    text = (EXAMPLES / LURE).read_text().split("combat:")[0]
    r = client.post("/damage", json={"board": text})
    assert r.status_code == 422
    assert (r.json()["where"], r.json()["path"]) == ("board", "combat.attackers")
    batch = _batch([{"id": 1, "command": "damage", "board": text}])[0]["error"]
    assert batch == {**r.json(), "error": f"1.board: combat.attackers: {r.json()['message']}"}  # the item's board
    cli = runner.invoke(app, ["damage", "-"], input=text)
    assert cli.exit_code == 2 and cli.stderr == f"error: <stdin>: combat.attackers: {r.json()['message']}\n"


def test_a_question_refused_by_design_is_bad_input_everywhere(client: TestClient) -> None:
    """{Y} is a variable the rules allow (107.3) and the project does not choose: refused, not guessed."""
    data = yaml.safe_load((EXAMPLES / FORGE).read_text())
    r = client.post("/pay", json={"board": data, "options": {"cost": "{Y}", "x": 1}})
    assert r.status_code == 422 and r.json()["where"] == "unsupported"
    assert "only the variable {X} is supported" in r.json()["message"]
    cli = runner.invoke(app, ["pay", str(EXAMPLES / FORGE), "--cost", "{Y}", "--x", "1"])
    assert cli.exit_code == 2 and cli.stderr == f"error: {r.json()['message']}\n"


# -- internal errors ----------------------------------------------------------------
@pytest.fixture(params=[RuntimeError("boom"), ValueError("boom")], ids=["RuntimeError", "bare ValueError"])
def broken(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> BaseException:
    """``check_blocks`` raising what no user input explains: a bug, even as a bare ValueError."""
    error = request.param

    def fail(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr("mtgsolver.solver.blocks.check_blocks", fail)
    return error


def test_cli_reports_an_internal_error_in_one_line_with_exit_4(broken: BaseException,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MTGSOLVER_DEBUG", raising=False)
    kind = type(broken).__name__
    r = runner.invoke(app, ["blocks", "check", str(EXAMPLES / LURE)])
    assert r.exit_code == 4 and r.stdout == ""
    assert r.stderr.startswith(f"internal error: {kind}: boom (this is a bug in mtgsolver, not in your input")
    assert "run again with --debug" in r.stderr and len(r.stderr.splitlines()) == 1
    assert "Traceback" not in r.stderr and "bad input" not in r.stderr and "error: boom" not in r.stderr


@pytest.mark.parametrize("how", ["--debug", "MTGSOLVER_DEBUG=1"])
def test_debug_shows_the_traceback_of_an_internal_error(broken: BaseException, monkeypatch: pytest.MonkeyPatch,
                                                        how: str) -> None:
    args = ["blocks", "check", str(EXAMPLES / LURE)]
    if how == "--debug":
        args.insert(0, "--debug")
    else:
        monkeypatch.setenv("MTGSOLVER_DEBUG", "1")
    r = runner.invoke(app, args)
    assert r.exit_code == 4
    assert r.stderr.startswith("Traceback (most recent call last):") and "in fail" in r.stderr
    assert r.stderr.splitlines()[-1].startswith(f"internal error: {type(broken).__name__}: boom")
    assert "run again with --debug" not in r.stderr


def test_service_answers_an_internal_error_500_without_traceback(broken: BaseException) -> None:
    client = TestClient(create_app())
    r = client.post("/blocks/check", json={"board": (EXAMPLES / LURE).read_text()})
    assert r.status_code == 500
    error = r.json()["error"]
    assert (error["kind"], error["type"], error["message"]) == ("internal", type(broken).__name__, "boom")
    assert "bug" in error["report"] and "Traceback" not in r.text
    ok = client.post("/blocks/suggest", json={"board": (EXAMPLES / LURE).read_text()})
    assert ok.status_code == 200  # the service goes on


def test_batch_records_an_internal_error_and_goes_on(broken: BaseException) -> None:
    board = (EXAMPLES / LURE).read_text()
    first, second = _batch([{"id": "broken", "command": "blocks check", "board": board},
                            {"id": "fine", "command": "blocks suggest", "board": board}])
    assert first["exit"] == 4 and first["error"]["kind"] == "internal" and first["error"]["where"] == "internal"
    assert first["error"]["message"] == f"{type(broken).__name__}: boom"
    assert second["exit"] == 0 and "answer" in second
