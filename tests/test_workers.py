"""Worker processes (mtgsolver/workers.py): a job over its time or its memory, or one that kills
its worker, costs that job only; the next one finds a fresh worker. Workers of a batch and of
the service end with the process that started them, however it ended."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import yaml
from fastapi.testclient import TestClient

from mtgsolver.service import create_app
from mtgsolver.workers import WorkerPool

from .support import ci_only

pytestmark = ci_only("worker processes started, killed and waited for")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LURE = yaml.safe_load((EXAMPLES / "lure-menace.yaml").read_text())


# jobs the pool runs in its workers (module-level: a worker imports them by name)
def sleeps(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def hoards(job: tuple[int, float]) -> int:
    megabytes, seconds = job
    kept = bytearray(megabytes << 20)
    kept[::4096] = b"x" * len(kept[::4096])  # touch every page: resident, not only reserved
    time.sleep(seconds)
    return len(kept)


def dies(code: int) -> None:
    os._exit(code)


def _gone(pid: int) -> bool:
    """Ended: no such process, or a zombie nobody reaped yet."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def _wait(condition, seconds: float = 10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture(scope="module")
def pool():
    workers = WorkerPool(sleeps, 1, memory=300 << 20)
    yield workers
    workers.close()


def test_a_job_over_its_time_is_stopped_and_the_next_is_answered(pool: WorkerPool) -> None:
    assert pool.run(30, 0.5).kind == "timeout"  # a job of 30 s: stopped, not waited for
    assert pool.run(0, 60).value == "slept"  # room for a fresh worker to start on a loaded machine


def test_a_job_over_its_memory_is_stopped_and_the_next_is_answered() -> None:
    hungry = WorkerPool(hoards, 1, memory=200 << 20)
    try:
        before = hungry.pids()
        assert hungry.run((600, 10), 20).kind == "memory"
        assert hungry.pids() != before and _wait(lambda: all(_gone(p) for p in before))
        assert hungry.run((10, 0), 20).value == 10 << 20
    finally:
        hungry.close()


def test_a_job_that_kills_its_worker_costs_only_itself() -> None:
    dying = WorkerPool(dies, 1)
    try:
        assert dying.run(3, 60).kind == "died"
        assert dying.run(3, 60).kind == "died"  # a fresh worker took the second job
    finally:
        dying.close()


def test_the_service_answers_through_workers_alike() -> None:
    with TestClient(create_app(workers=1)) as client:
        ok = client.post("/blocks/check", json={"board": LURE})
        assert ok.status_code == 200 and ok.headers["x-mtgsolver-exit"] == "1"
        bad = client.post("/pay", json={"board": LURE, "options": {"cost": "{Q}"}})
        assert bad.status_code == 422 and bad.json()["path"] == "options.cost"
        body = json.dumps({"board": LURE})[:-1] + ', "options": {"cost": "{1}", "cost": "{2}"}}'
        twice = client.post("/pay", content=body.encode())
        assert twice.status_code == 422 and twice.json()["path"] == "options.cost"


def _interruptible() -> None:
    """Ctrl-C as a terminal gives it (a background job of a shell ignores SIGINT; its children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _batch_input(path: Path, n: int) -> Path:
    item = {"command": "blocks suggest", "board": LURE}
    path.write_text("".join(json.dumps({"id": i, **item}) + "\n" for i in range(n)))
    return path


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT], ids=["KILL", "TERM", "INT"])
def test_a_killed_batch_leaves_no_worker(tmp_path: Path, sig: signal.Signals) -> None:
    requests = _batch_input(tmp_path / "in.jsonl", 2000)
    proc = subprocess.Popen([sys.executable, "-m", "mtgsolver", "batch", str(requests), "--workers", "2",
                             "-o", str(tmp_path / "out.jsonl")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=_interruptible)
    try:
        assert _wait(lambda: len(_children(proc.pid)) >= 2, 60), "the batch started no workers"
        assert _wait(lambda: (tmp_path / "out.jsonl").exists() and (tmp_path / "out.jsonl").stat().st_size, 60)
        workers = _children(proc.pid)
        os.kill(proc.pid, sig)
        proc.wait(30)
        assert _wait(lambda: all(_gone(w) for w in workers), 10), "workers outlived the batch"
    finally:
        if proc.poll() is None:
            proc.kill()


def test_a_killed_server_leaves_no_worker() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "mtgsolver", "serve", "--port", str(port), "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def up() -> bool:
            try:
                return httpx.post(f"http://127.0.0.1:{port}/blocks/check", json={"board": LURE},
                                  timeout=5).status_code == 200
            except httpx.TransportError:
                return False

        assert _wait(up, 60), "the server did not answer"
        family = [p for c in _children(proc.pid) for p in [c, *_children(c)]]  # the fork server and its workers
        assert len(family) >= 3
        proc.kill()
        proc.wait(30)
        assert _wait(lambda: all(_gone(p) for p in family), 30), "workers outlived the server"  # room for a loaded machine
    finally:
        if proc.poll() is None:
            proc.kill()
