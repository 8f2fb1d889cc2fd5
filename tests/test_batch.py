"""``mtgsolver batch``: answers in input order, errors as answers, resumable, on a local
process pool and on a Dask ``LocalCluster``; each answer is the one :func:`commands.run` gives."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from mtgsolver.batch import answered_ids, read_requests, run_batch
from mtgsolver.cli import app as cli_app
from mtgsolver.cli import common
from mtgsolver.commands import board_from, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LURE = (EXAMPLES / "lure-menace.yaml").read_text()
FORGE = yaml.safe_load((EXAMPLES / "pay-forge-vessel.yaml").read_text())
BAD_BOARD = "version: 1\nactive_player: alice\nplayers: [{name: alice}]\nbattlefield: [{id: x, card: Grizzly Bears, controller: zed}]\n"


def _lines() -> list[str]:
    good = [
        {"id": "lure", "command": "blocks check", "board": LURE},
        {"id": "suggest", "command": "blocks suggest", "board": LURE, "options": {"objective": "most-blockers"}},
        {"id": "pay", "command": "pay", "board": FORGE, "options": {"cost": "{2}{G}"}},
        {"id": "nopay", "command": "pay", "board": FORGE, "options": {"cost": "{U}"}},
        {"id": "produce", "command": "produce", "board": (EXAMPLES / "produce-reflecting-pools.yaml").read_text()},
        {"id": "goad", "command": "attacks check", "board": (EXAMPLES / "attacks-goad-4p.yaml").read_text()},
    ]
    bad = [
        {"id": "badboard", "command": "blocks check", "board": BAD_BOARD},
        {"id": "nocommand", "command": "blocks chek", "board": LURE},
        {"id": "badoption", "command": "pay", "board": FORGE, "options": {"cost": "{Q}"}},
        {"id": "noboard", "command": "produce"},
    ]
    lines = [json.dumps(i) for i in good[:3]] + ["{not json", "[1, 2]", ""] + [json.dumps(i) for i in good[3:] + bad]
    return lines


def _expected(item: dict) -> dict:
    answer = run(item["command"], board_from(item["board"]), item.get("options"))
    return {"id": item["id"], "command": item["command"], "exit": answer.exit, "answer": answer.answer}


def _check(out: list[dict]) -> None:
    ids = [a["id"] for a in out]
    assert ids == ["lure", "suggest", "pay", 4, 5, "nopay", "produce", "goad", "badboard", "nocommand", "badoption",
                   "noboard"]
    items = {i["id"]: i for i in map(json.loads, (l for l in _lines() if l.startswith('{"')))}
    for a in out:
        if "answer" in a:
            assert a == _expected(items[a["id"]])
    by_id = {a["id"]: a for a in out}
    assert by_id["lure"]["exit"] == 1 and by_id["lure"]["answer"]["violations"][0]["rule"] == "702.111b"
    assert by_id["pay"]["exit"] == 0 and by_id["nopay"]["exit"] == 1
    errors = {a["id"]: a["error"] for a in out if "error" in a}
    assert set(errors) == {4, 5, "badboard", "nocommand", "badoption", "noboard"}
    assert all(a["exit"] == 2 for a in out if "error" in a)
    assert (errors["badboard"]["where"], errors["badboard"]["path"]) == ("board", "battlefield[0].controller")
    assert (errors["badoption"]["where"], errors["badoption"]["path"]) == ("options", "options.cost")
    assert errors["nocommand"]["path"] == "command" and errors["noboard"]["path"] == "board"
    assert "line 4" in errors[4]["message"]


def _run(**kwargs) -> list[dict]:
    out = io.StringIO()
    summary = run_batch(read_requests(_lines()), out, **kwargs)
    assert (summary.answered, summary.errors, summary.skipped) == (12, 6, 0)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_in_process_answers_in_order_with_errors_as_answers() -> None:
    _check(_run(workers=0))


def test_process_pool_gives_the_same_answers() -> None:
    _check(_run(workers=2, chunk=2))


def test_dask_local_cluster_gives_the_same_answers() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        _check(_run(scheduler=cluster.scheduler_address, chunk=3))


def test_resume_skips_answered_ids_and_drops_a_cut_line(tmp_path: Path) -> None:
    full = io.StringIO()
    run_batch(read_requests(_lines()), full, workers=0)
    answers = full.getvalue().splitlines(keepends=True)
    out = tmp_path / "out.jsonl"
    out.write_text("".join(answers[:5]) + answers[5][:20])  # interrupted while writing line 6
    skip = answered_ids(out)
    assert len(skip) == 5 and out.read_text() == "".join(answers[:5])
    with out.open("a") as stream:
        summary = run_batch(read_requests(_lines()), stream, skip, workers=0)
    assert (summary.answered, summary.skipped) == (7, 5)
    _check([json.loads(line) for line in out.read_text().splitlines()])


def test_cli_batch_writes_out_and_resumes(tmp_path: Path) -> None:
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(_lines()) + "\n")
    runner = CliRunner()
    r = runner.invoke(cli_app, ["batch", str(src), "-o", str(out), "--workers", "0"])
    assert r.exit_code == 0, r.output
    assert "12 answered (6 with errors), 0 already answered" in r.output and "━" not in r.output  # no bar off a TTY
    _check([json.loads(line) for line in out.read_text().splitlines()])
    r = runner.invoke(cli_app, ["batch", str(src), "-o", str(out), "--workers", "0"])
    assert "0 answered (0 with errors), 12 already answered" in r.output
    assert len(out.read_text().splitlines()) == 12
    assert runner.invoke(cli_app, ["batch", str(tmp_path / "missing.jsonl")]).exit_code == 2


def test_cli_batch_shows_a_progress_bar_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(common, "err_console", Console(file=screen, force_terminal=True, width=100))
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(_lines()[:3]) + "\n")
    r = CliRunner().invoke(cli_app, ["batch", str(src), "-o", str(tmp_path / "out.jsonl"), "--workers", "0"])
    assert r.exit_code == 0, r.output
    assert "answering" in screen.getvalue() and "3/3" in screen.getvalue()
