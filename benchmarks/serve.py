"""Benchmark of ``mtgsolver serve``. Run: ``python benchmarks/serve.py [--workers N] [--soak N]``.

Starts ``mtgsolver serve`` as a subprocess on a free loopback port and measures, on
examples/lure-menace.yaml: the median latency of a block check over HTTP (board as a JSON
object and as YAML text; floor: under 10 ms), beside the same check inside one warm process
(board parsing + solve, no HTTP) and the one-shot command ``mtgsolver blocks check --json``;
then throughput (requests per second) with 1, 2, 4 and 8 concurrent clients; then, on a
fresh server, the load test: the mixed requests of examples/batch-mixed.jsonl from 4 concurrent clients (p50, p95,
p99 latency, requests per second) and the server's resident memory (with its workers) after
1,000 of them and after ``--soak`` (10,000). ``--workers`` is passed to the server (left out,
its default; a checkout from before worker processes takes none).
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
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
MIX = [json.loads(line) for line in (ROOT / "examples" / "batch-mixed.jsonl").open()]
REPEAT, PER_CLIENT, CLIENTS, WARM = 300, 100, 4, 1_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(port: int, workers: int | None) -> subprocess.Popen:
    extra = ["--workers", str(workers)] if workers is not None else []
    proc = subprocess.Popen([sys.executable, "-m", "mtgsolver", "serve", "--port", str(port), *extra],
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


def _family_rss(pid: int) -> int:
    """Resident bytes of ``pid`` and every process below it (the fork server and the workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
    family, grew = {pid}, True
    while grew:
        more = {p for p, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    total = 0
    for p in family:
        try:
            total += int(Path(f"/proc/{p}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            continue
    return total


def _load(url: str, requests: int, start: int = 0) -> tuple[list[float], float]:
    """``requests`` mixed requests from :data:`CLIENTS` clients: each latency, and the seconds."""
    latencies: list[float] = []

    def client(k: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            for i in range(start + k, start + requests, CLIENTS):
                item = MIX[i % len(MIX)]
                t = time.perf_counter()
                r = c.post("/" + item["command"].replace(" ", "/"), json={"board": item["board"],
                                                                         "options": item["options"]})
                latencies.append(time.perf_counter() - t)
                assert r.status_code in (200, 422), r.text

    begin = time.perf_counter()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(client, range(CLIENTS)))
    return latencies, time.perf_counter() - begin


def _percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1]


def load_test(url: str, pid: int, soak: int) -> None:
    """The mixed load: latency percentiles and requests per second, memory after 1,000 and ``soak``."""
    _load(url, 100)
    before = _family_rss(pid)
    first, _ = _load(url, WARM)
    warm = _family_rss(pid)
    rest, seconds = _load(url, soak - WARM, WARM)
    end = _family_rss(pid)
    print(f"\nload test: examples/batch-mixed.jsonl ({len(MIX)} kinds of request), {CLIENTS} concurrent clients, "
          f"{soak:,} requests")
    print(f"{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'requests/s':>12}")
    print(f"{_percentile(rest, 50) * 1000:>8.1f}{_percentile(rest, 95) * 1000:>8.1f}"
          f"{_percentile(rest, 99) * 1000:>8.1f}{len(rest) / seconds:>12.0f}")
    print(f"resident memory, server and workers: {before >> 20} MB warm, {warm >> 20} MB after {WARM:,} requests, "
          f"{end >> 20} MB after {soak:,} ({(end - warm) / 2**20:+.0f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=None, help="worker processes of the server")
    parser.add_argument("--soak", type=int, default=10_000, help="mixed requests of the load test")
    args = parser.parse_args()
    port = _free_port()
    proc = _start(port, args.workers)
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
    port = _free_port()
    proc = _start(port, args.workers)  # a fresh server: memory not shaped by the runs above
    try:
        load_test(f"http://127.0.0.1:{port}", proc.pid, args.soak)
    finally:
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    main()
