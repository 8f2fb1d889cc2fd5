"""``mtgsolver serve``: a real uvicorn server on 127.0.0.1 (a free port), started and stopped
by a fixture; every answer must be the CLI's ``--json`` answer for the same board and options."""
from __future__ import annotations

import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import httpx
import pytest
import uvicorn
import yaml
from typer.testing import CliRunner

from mtgsolver import commands
from mtgsolver.cli import app as cli_app
from mtgsolver.commands import COMMANDS, Command
from mtgsolver.service import create_app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
runner = CliRunner()

#: (command, example board, CLI options, service options): every command on the examples.
CASES = [
    *[("blocks check", f.name, [], {}) for f in sorted(EXAMPLES.glob("blocks-*.yaml"))],
    ("blocks check", "lure-menace.yaml", [], {}),
    ("blocks suggest", "lure-menace.yaml", ["--objective", "most-blockers"], {"objective": "most-blockers"}),
    *[("attacks check", f.name, [], {}) for f in sorted(EXAMPLES.glob("attacks-*.yaml"))],
    ("attacks suggest", "attacks-goad-4p.yaml", ["--objective", "most-power"], {"objective": "most-power"}),
    ("pay", "pay-forge-vessel.yaml", ["--cost", "{2}{G}"], {"cost": "{2}{G}"}),
    ("pay", "pay-forge-vessel.yaml", ["--cost", "{U}"], {"cost": "{U}"}),
    ("pay", "pay-filters.yaml", ["--cost", "{X}", "--max-x", "--keep", "{U}"], {"cost": "{X}", "max_x": True, "keep": ["{U}"]}),
    *[("produce", f.name, [], {}) for f in sorted(EXAMPLES.glob("produce-*.yaml"))],
    ("solve", "puzzles/dotp2009-wings-of-light.yaml", [], {}),  # commands of the registry's one-line entries
    ("damage", "puzzles/dotp2012-lust-for-blood-1-block.yaml", [], {}),
    ("damage", "puzzles/dotp2012-lust-for-blood-1-block.yaml", ["--defender", "preserve"],
     {"defender_objectives": ["preserve"]}),
]


@dataclass
class _Slow:
    seconds: float

    def to_dict(self) -> dict[str, float]:
        return {"seconds": self.seconds}


def slow(board, seconds: float = 0.0, time_limit: float = 10.0) -> _Slow:
    """A command for the tests: sleeps, and answers the time limit it was given."""
    time.sleep(seconds)
    return _Slow(time_limit)


def _start(app) -> tuple[uvicorn.Server, threading.Thread, str]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))  # a free port, loopback only
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(500):
        if server.started:
            break
        time.sleep(0.01)
    assert server.started, "the server did not start within 5 s"
    return server, thread, f"http://127.0.0.1:{sock.getsockname()[1]}"


def _stop(server: uvicorn.Server, thread: threading.Thread) -> None:
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    server, thread, base = _start(create_app(max_body=50_000, max_time=5.0))
    yield base
    _stop(server, thread)


@pytest.fixture(scope="module")
def client(url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=url, timeout=30) as c:
        yield c


def _cli_json(command: str, board: Path, args: list[str]) -> tuple[dict, int]:
    r = runner.invoke(cli_app, [*command.split(), str(board), *args, "--json"])
    return json.loads(r.output), r.exit_code


@pytest.mark.parametrize(("command", "example", "cli_args", "options"), CASES,
                         ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_answers_are_the_cli_json(client: httpx.Client, command: str, example: str, cli_args: list[str],
                                  options: dict) -> None:
    board = yaml.safe_load((EXAMPLES / example).read_text())
    r = client.post("/" + command.replace(" ", "/"), json={"board": board, "options": options})
    assert r.status_code == 200, r.text
    expected, status = _cli_json(command, EXAMPLES / example, cli_args)
    assert r.json() == expected
    if status in (0, 1, 3):  # the CLI's exit status travels in a header
        assert int(r.headers["x-mtgsolver-exit"]) == status


def test_lure_menace_is_illegal_with_its_rule(client: httpx.Client) -> None:
    r = client.post("/blocks/check", json={"board": (EXAMPLES / "lure-menace.yaml").read_text()})
    data = r.json()
    assert r.status_code == 200 and data["legal"] is False and r.headers["x-mtgsolver-exit"] == "1"
    assert data["violations"][0]["rule"] == "702.111b"  # menace


def test_yaml_body_with_options_in_the_query(client: httpx.Client) -> None:
    text = (EXAMPLES / "pay-filters.yaml").read_text()
    r = client.post("/pay", content=text, params=[("cost", "{X}"), ("max_x", "true"), ("keep", "{U}")],
                    headers={"content-type": "application/yaml"})
    assert r.status_code == 200, r.text
    assert r.json() == _cli_json("pay", EXAMPLES / "pay-filters.yaml", ["--cost", "{X}", "--max-x", "--keep", "{U}"])[0]
    assert r.json()["kept"] == [{"cost": "{U}", "payable": True}]


def test_board_errors_are_422_with_the_cli_field_path(client: httpx.Client, tmp_path: Path) -> None:
    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
            "battlefield:\n  - {id: bears, card: Grizzly Bears, controller: carol}\n")
    r = client.post("/blocks/check", json={"board": text})
    assert r.status_code == 422
    data = r.json()
    assert (data["where"], data["path"]) == ("board", "battlefield[0].controller")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    cli, status = _cli_json("blocks check", bad, [])
    assert status == 2 and cli["error"] == f"{bad}: {data['path']}: {data['message']}"
    assert data["error"] == f"board: battlefield[0].controller: {data['message']}"


@pytest.mark.parametrize(("command", "options", "path"), [
    ("blocks check", {"time_limitt": 1}, "options.time_limitt"),
    ("blocks check", {"time_limit": -1}, "options.time_limit"),
    ("pay", {"cost": "{2}{Q}"}, "options.cost"),
    ("pay", {"cost": "{1}", "keep": ["{G}", "{V}"]}, "options.keep[1]"),
    ("pay", {"cost": "{1}", "player": "carol"}, "options.player"),
    ("pay", {}, "options.cost"),
    ("produce", {"permanent": "nobody"}, "options.permanent"),
])
def test_option_errors_are_422_with_their_path(client: httpx.Client, command: str, options: dict, path: str) -> None:
    board = (EXAMPLES / "pay-forge-vessel.yaml").read_text()
    r = client.post("/" + command.replace(" ", "/"), json={"board": board, "options": options})
    assert r.status_code == 422, r.text
    assert r.json()["where"] == "options" and r.json()["path"] == path


def test_malformed_requests_are_refused_plainly(client: httpx.Client) -> None:
    assert client.post("/blocks/check", content=b"{not json", headers={"content-type": "application/json"}).status_code == 422
    assert client.post("/blocks/check", json={"boards": {}}).json()["path"] == "board"
    deep = "[" * 5000 + "]" * 5000
    r = client.post("/blocks/check", json={"board": f'{{"version": 1, "players": {deep}}}'})
    assert r.status_code == 422 and r.json()["message"] == "nested too deeply"
    r = client.post("/blocks/suggest", json={"board": (EXAMPLES / "lure-menace.yaml").read_text(),
                                            "options": {"objective": "bravest"}})
    assert r.status_code == 422


def test_body_size_limit_is_413(client: httpx.Client) -> None:
    r = client.post("/blocks/check", content=b" " * 60_000, headers={"content-type": "application/yaml"})
    assert r.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while streaming
        for _ in range(10):
            yield b" " * 10_000

    assert client.post("/blocks/check", content=chunks(), headers={"content-type": "application/yaml"}).status_code == 413


def test_openapi_documents_every_command(client: httpx.Client) -> None:
    spec = client.get("/openapi.json").json()
    for name in COMMANDS:
        body = spec["paths"]["/" + name.replace(" ", "/")]["post"]["requestBody"]["content"]
        assert {"application/json", "application/yaml"} <= set(body)
    assert "cost" in spec["paths"]["/pay"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["options"]["properties"]
    assert client.get("/docs").status_code == 200
    assert client.get("/schema").json()["title"] == "mtgsolver board file"
    assert client.get("/health").json()["commands"] == list(COMMANDS)


def test_concurrent_clients_get_the_same_answers(url: str) -> None:
    body = {"board": (EXAMPLES / "lure-menace.yaml").read_text()}

    def ask(_: int) -> tuple[int, str]:
        with httpx.Client(base_url=url, timeout=30) as c:
            return [(r.status_code, r.text) for r in (c.post("/blocks/check", json=body) for _ in range(5))]

    with ThreadPoolExecutor(3) as pool:
        answers = [a for batch in pool.map(ask, range(3)) for a in batch]
    assert len(answers) == 15 and len(set(answers)) == 1 and answers[0][0] == 200


def test_a_registered_command_plugs_in_and_its_time_is_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(COMMANDS, "test slow", Command("test slow", f"{__name__}:slow", "seconds"))
    monkeypatch.setattr("mtgsolver.service.GRACE", 0.3)
    server, thread, base = _start(create_app(max_time=0.5))
    try:
        with httpx.Client(base_url=base, timeout=30) as c:
            board = (EXAMPLES / "lure-menace.yaml").read_text()
            r = c.post("/test/slow", json={"board": board, "options": {"time_limit": 60}})
            assert r.status_code == 200 and r.json() == {"seconds": 0.5}  # capped at the server's limit
            assert c.post("/test/slow", json={"board": board, "options": {"seconds": "x"}}).json()["path"] == "options.seconds"
            r = c.post("/test/slow", json={"board": board, "options": {"seconds": 3}})
            assert r.status_code == 504  # only the server's cap answers before the 3 s sleep ends
    finally:
        _stop(server, thread)
    assert commands.command("test/slow").path == "/test/slow"
