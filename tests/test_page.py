"""The page for people, without a browser: its files ship in the package and load nothing from
elsewhere; its endpoints read pasted boards (YAML, JSON, Forge), list the examples with the
question each asks, and show every example's answer with its verdict, reasons, picture and
line; ``mtgsolver ui`` opens it once the server listens. tests/test_page_browser.py clicks it."""
from __future__ import annotations

import json
import re
import socket
import threading
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from mtgsolver.cli import app as cli_app
from mtgsolver.cli.serve import open_when_listening
from mtgsolver.commands import COMMANDS
from mtgsolver.page.answers import VERDICTS, page_answer, page_board, reason
from mtgsolver.page.examples import examples, options_of
from mtgsolver.service import PAGE_FILES, create_app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FORGE = (Path(__file__).parent / "data" / "two-giants.pzl").read_text(encoding="utf-8")  # cards bundled


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The page's service, its time limit wide enough for a loaded machine (the limit is not tested here)."""
    return TestClient(create_app(max_time=120))


def test_the_page_ships_in_the_package_and_loads_nothing_from_elsewhere(client: TestClient) -> None:
    static = resources.files("mtgsolver.page") / "static"
    assert {"index.html", *PAGE_FILES} <= {f.name for f in static.iterdir()}
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"mtgsolver.page" = ["static/*.html", "static/*.css", "static/*.js"]' in pyproject
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name, kind in PAGE_FILES.items():
        r = client.get(f"/page/{name}")
        assert r.status_code == 200 and r.headers["content-type"].startswith(kind)
    for text in (page.text, *(client.get(f"/page/{name}").text for name in PAGE_FILES)):
        assert not re.search(r"""(?:src|href)=["']?(?:https?:)?//|url\((?:https?:)?//|import\s.*from\s+["']https?:""",
                             text)


def test_the_examples_are_listed_with_their_questions(client: TestClient) -> None:
    listed = client.get("/page/examples").json()
    assert [e["name"] for e in listed] == [e.name for e in examples(EXAMPLES)]
    by_name = {e["name"]: e for e in listed}
    assert by_name["pay-forge-vessel.yaml"]["command"] == "pay"
    assert by_name["pay-forge-vessel.yaml"]["options"] == {"cost": "{2}{G}"}
    assert by_name["plan-gandalf.yaml"]["options"] == {"cast": ["Lightning Bolt>bob", "Shock>bob"]}
    assert by_name["lure-menace.yaml"]["command"] == "blocks check"
    assert by_name["attacks-juggernaut-alone.yaml"]["command"] == "attacks check"  # no attackers declared
    assert by_name["puzzles/magic-academy-one-hill-giant.yaml"]["command"] == "solve"
    assert by_name["puzzles/forge/pp07.yaml"]["title"].startswith("Pauper Puzzles #07")
    # the bundled cards lack only cards the imported Forge puzzles name (cards of the real pool)
    forge = {e["name"] for e in listed if e["name"].startswith("puzzles/forge/")}
    assert {e["name"] for e in listed if e["error"]} == forge
    assert "unknown cards Archaeomancer, Auramancer" in by_name["puzzles/forge/pp07.yaml"]["error"]
    opened = client.get("/page/examples/lure-menace.yaml").json()
    assert opened["text"] == (EXAMPLES / "lure-menace.yaml").read_text(encoding="utf-8")
    assert opened["board"]["combat"]["blockers"] == [{"creature": "bears", "blocks": ["brute"]}]
    assert client.get("/page/examples/nothing.yaml").status_code == 422


def test_a_pasted_board_yaml_json_or_forge(client: TestClient) -> None:
    text = (EXAMPLES / "lure-menace.yaml").read_text(encoding="utf-8")
    read = client.post("/page/board", json={"board": text}).json()
    assert read["question"] == {"command": "blocks check", "options": {}}
    cards = {p["id"]: p for p in read["view"]["battlefield"]}
    assert cards["brute"]["keywords"] == ["menace"] and cards["spider"]["tapped"] is True
    assert client.post("/page/board", json={"board": json.dumps(read["board"])}).json()["board"] == read["board"]
    forge = client.post("/page/board", json={"board": FORGE}).json()
    assert forge["view"]["puzzle"]["goal"] == "win" and forge["question"]["command"] == "solve"
    assert len([p for p in forge["view"]["battlefield"] if p["name"] == "Hill Giant"]) == 2


@pytest.mark.parametrize(("body", "words"), [
    ({"board": "version: 1\nactive_player: alice\nplayers: [{name: alice}]\nbattlefield: [{id: x, card: Nope, "
                "controller: alice}]\n"}, "battlefield[0].card: unknown card 'Nope'"),
    ({"board": "players: [\n"}, "malformed YAML"),
    ({"board": ""}, "the board is empty"),
    ({"board": "[metadata]\nName:x\nGoal:Win\n[state]\nhumanlife=many\n"}, "pasted puzzle: line 5"),
    ({"text": "x"}, "expected a JSON object with board"),
])
def test_a_board_that_does_not_read_is_refused_naming_the_field(client: TestClient, body: dict, words: str) -> None:
    r = client.post("/page/board", json=body)
    assert r.status_code == 422 and words in r.json()["error"]


def test_a_block_check_shows_the_verdict_reasons_witness_and_picture(client: TestClient) -> None:
    board = (EXAMPLES / "lure-menace.yaml").read_text(encoding="utf-8")
    shown = client.post("/page/answer", json={"command": "blocks check", "board": board}).json()
    assert (shown["verdict"], shown["exit"]) == ("illegal", 1)
    assert shown["reasons"][0] == {"rule": "702.111b", "text": "Boggart Brute (brute) can't be blocked except by 2 or "
                                                               "more creatures (has menace); 1 blocks it"}
    assert shown["tables"][0]["rows"] == [["Grizzly Bears (bears)", "Boggart Brute (brute)"],
                                          ["Pillarfield Ox (ox)", "Boggart Brute (brute)"]]
    assert shown["marks"]["violated"] == ["brute", "ox"]
    assert shown["picture"].startswith("<svg") and 'id="witness-ox-brute"' in shown["picture"]


def test_a_payment_marks_the_sources_it_taps(client: TestClient) -> None:
    board = (EXAMPLES / "pay-forge-vessel.yaml").read_text(encoding="utf-8")
    shown = client.post("/page/answer", json={"command": "pay", "board": board, "options": {"cost": "{2}{G}"}}).json()
    assert shown["verdict"] == "payable" and shown["headline"] == "{2}{G} can be paid by alice"
    assert shown["marks"]["tapped"] == ["forest", "ring"] and "vessel" not in shown["marks"]["tapped"]
    assert "tapped" in shown["picture"]


def test_a_puzzle_line_step_by_step(client: TestClient) -> None:
    board = (EXAMPLES / "puzzles" / "dotp2012-lust-for-blood-2-attack.yaml").read_text(encoding="utf-8")
    shown = client.post("/page/answer", json={"command": "solve", "board": board}).json()
    assert shown["verdict"] == "solved"
    titles = [s["title"] for s in shown["line"]]
    assert titles == ["1. the attack, declared by you (508.1)",
                      "2. the blocks, declared by the defending player (509.1)",
                      "3. combat damage (510) and state-based actions (704.5)"]
    assert shown["line"][0]["lines"] == ["Vampire Nighthawk (challenge version) (nighthawk) attacks garruk"]
    assert "704.5a, 704.5c, 704.6c: garruk loses the game (life 0, poison 0)" in shown["line"][2]["lines"]
    assert all(s["picture"].startswith("<svg") for s in shown["line"])
    assert shown["line"][2]["picture"].count(">destroyed<") == 3


def test_an_undecided_answer_says_which_lines_and_why(client: TestClient) -> None:
    board = (EXAMPLES / "unread-undecided.yaml").read_text(encoding="utf-8")
    shown = client.post("/page/answer", json={"command": "blocks check", "board": board}).json()
    assert shown["verdict"] == "undecided" and shown["exit"] == 3
    [line] = shown["unread"]
    assert line["permanent"] == "sign" and line["line"] == "All creatures attacking you have fear."
    assert "so the answer is undecided" in line["why"] and "speaks of attacking" in line["why"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"command": "blocks shuffle", "board": "x"}, 422, "unknown command"),
    ({"command": "pay", "board": (EXAMPLES / "pay-forge-vessel.yaml").read_text(), "options": {"cost": "{Q"}},
     422, "options.cost"),
    ({"command": "pay"}, 422, "expected a JSON object with board, command"),
    ({"command": "pay", "board": "x", "later": 1}, 422, "unknown key"),
])
def test_a_question_that_cannot_be_answered_is_refused(client: TestClient, body: dict, status: int, words: str) -> None:
    r = client.post("/page/answer", json=body)
    assert r.status_code == status and words in r.json()["error"]


@pytest.mark.parametrize("example", [e for e in examples(EXAMPLES) if not e.name.startswith("puzzles/forge/")],
                         ids=lambda e: e.name)
def test_every_example_shows_its_answer(example) -> None:
    text = (EXAMPLES / example.name).read_text(encoding="utf-8")
    read = page_board(text)
    assert read["question"] == {"command": example.command, "options": example.options}
    shown = page_answer(example.command, read["board"], example.options)
    json.dumps(shown)
    yes, no = VERDICTS[example.command]
    assert shown["verdict"] == {0: yes, 1: no, 3: "undecided"}[shown["exit"]]
    assert shown["headline"] and all(set(r) == {"rule", "text"} for r in shown["reasons"])
    assert all(len(row) == len(t["columns"]) for t in shown["tables"] for row in t["rows"])
    assert not any("{'" in json.dumps(r) for r in shown["reasons"])


def test_commands_name_their_options_for_the_form(client: TestClient) -> None:
    forms = {f["name"]: f for f in client.get("/page/commands").json()}
    assert list(forms) == list(COMMANDS)
    pay = {f["name"]: f for f in forms["pay"]["fields"]}
    assert (pay["cost"]["kind"], pay["keep"]["kind"], pay["max_x"]["kind"], pay["x"]["kind"]) == \
        ("text", "list", "flag", "integer")
    assert {f["name"]: f for f in forms["solve"]["fields"]}["goal"]["choices"][:2] == ["lethal", "survive"]


@pytest.mark.parametrize(("text", "expected"), [
    ("702.111b: Boggart Brute can't be blocked", {"rule": "702.111b", "text": "Boggart Brute can't be blocked"}),
    ("508.1, 509.1, 704.5a/c: x wins", {"rule": "508.1, 509.1, 704.5a/c", "text": "x wins"}),
    ("508.1h-i: alice pays", {"rule": "508.1h-i", "text": "alice pays"}),
    ("undecided: the search handles two players", {"rule": "", "text": "undecided: the search handles two players"}),
])
def test_reasons_are_split_at_their_rule_numbers(text: str, expected: dict) -> None:
    assert reason(text) == expected


def test_command_line_flags_become_options() -> None:
    assert options_of("pay", ["--cost", "{X}", "--max-x", "--keep", "{U}", "--keep", "{G}", "--svg", "x.svg"]) == \
        {"cost": "{X}", "max_x": True, "keep": ["{U}", "{G}"]}
    assert options_of("produce", ["--permanent", "forest", "--graph", "g.dot"]) == {"permanent": "forest"}


def test_ui_opens_the_page_once_the_server_listens() -> None:
    opened: list[str] = []
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        port = listening.getsockname()[1]
        thread = open_when_listening(f"http://127.0.0.1:{port}/", "127.0.0.1", port, opened.append, timeout=10)
        thread.join(0.3)
        assert opened == []  # not listening yet
        listening.listen()
        thread.join(10)
    assert opened == [f"http://127.0.0.1:{port}/"]


def test_ui_serves_on_a_free_port_without_opening_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[tuple] = []
    monkeypatch.setattr("mtgsolver.service.serve", lambda *args: served.append(args))
    result = CliRunner().invoke(cli_app, ["ui", "--no-open"])
    assert result.exit_code == 0, result.output
    [(host, port, *_)] = served
    assert host == "127.0.0.1" and port > 0 and f"http://127.0.0.1:{port}/" in result.output
    assert not any(t.name == "open-the-page" for t in threading.enumerate())


def test_the_imported_forge_puzzles_load_with_the_card_pool(atomic_cards: Path) -> None:
    from mtgsolver.read.card_index import load_cards

    client = TestClient(create_app(load_cards(atomic_cards), max_time=120))
    listed = client.get("/page/examples").json()
    assert [e["name"] for e in listed if e["error"]] == []
    opened = client.get("/page/examples/puzzles/forge/pp07.yaml").json()
    shown = client.post("/page/answer", json={"command": "solve", "board": opened["board"]}).json()
    assert opened["view"]["puzzle"]["goal"] == "win" and shown["verdict"] == "undecided"
