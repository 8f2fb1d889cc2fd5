"""Benchmark of ``mtgsolver serve``. Run: ``python benchmarks/serve.py``.

Starts ``mtgsolver serve`` as a subprocess on a free loopback port and measures, on
examples/lure-menace.yaml: the median latency of a block check over HTTP (board as a JSON
object and as YAML text; floor: under 10 ms), beside the same check inside one warm process
(board parsing + solve, no HTTP) and the one-shot command ``mtgsolver blocks check --json``;
then throughput (requests per second) with 1, 2, 4 and 8 concurrent clients.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds  # noqa: E402

from mtgsolver.commands import board_from, run  # noqa: E402

BOARD_TEXT = (ROOT / "examples" / "lure-menace.yaml").read_text()
BOARD = yaml.safe_load(BOARD_TEXT)
REPEAT, PER_CLIENT = 300, 100


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "mtgsolver", "serve", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start within 30 s")


def _throughput(url: str, clients: int) -> float:
    def client(_: int) -> None:
        with httpx.Client(base_url=url, timeout=30) as c:
            for _ in range(PER_CLIENT):
                assert c.post("/blocks/check", json={"board": BOARD}).status_code == 200

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    return clients * PER_CLIENT / (time.perf_counter() - start)


def main() -> None:
    port = _free_port()
    proc = _start(port)
    url = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=url, timeout=30) as c:
            json_body = lambda: c.post("/blocks/check", json={"board": BOARD})  # noqa: E731
            yaml_body = lambda: c.post("/blocks/check", content=BOARD_TEXT,  # noqa: E731
                                       headers={"content-type": "application/yaml"})
            for _ in range(30):
                json_body(), yaml_body()
            assert json_body().json()["legal"] is False
            http_json = median_seconds(json_body, REPEAT)
            http_yaml = median_seconds(yaml_body, REPEAT)
        warm = median_seconds(lambda: run("blocks check", board_from(BOARD)), REPEAT)
        one_shot = median_seconds(lambda: subprocess.run(
            [sys.executable, "-m", "mtgsolver", "blocks", "check", str(ROOT / "examples" / "lure-menace.yaml"), "--json"],
            capture_output=True), 3)
        print(f"block check on examples/lure-menace.yaml, median of {REPEAT} (one-shot: of 3), {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"{'how':<44}{'median ms':>10}")
        for name, t in [("HTTP, board as JSON object", http_json), ("HTTP, board as YAML text", http_yaml),
                        ("baseline: warm process, parse + solve", warm),
                        ("baseline: one-shot command (mtgsolver ...)", one_shot)]:
            print(f"{name:<44}{t * 1000:>10.2f}")
        print(f"floor: HTTP median under 10 ms: {'met' if http_json < 0.010 else 'NOT met'}")
        print(f"\nthroughput, {PER_CLIENT} block checks per client (one server process)")
        print(f"{'clients':<10}{'requests/s':>12}")
        for clients in (1, 2, 4, 8):
            print(f"{clients:<10}{_throughput(url, clients):>12.0f}")
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
