"""Benchmark of the page for people in a real browser. Run: ``python benchmarks/page.py [N]
[--timings FILE]``.

Starts ``mtgsolver serve`` as a subprocess on a free loopback port, opens the page in Debian's
Chromium through Playwright (as tests/test_page_browser.py does) and measures, on
examples/lure-menace.yaml, the time from a click that declares or takes back a block to the
verdict drawn (the page's own ``performance.now()`` around the fetch and the rendering), N
clicks (default 40); beside it the same block check over HTTP without the browser
(``POST /page/answer`` and ``POST /blocks/check``, the board as a JSON object), and a payment
and a puzzle's line asked from the page. Floor: a block check under 100 ms after the click.
``--timings FILE`` also prints the clicks the browser test timed (its ``page-timings.json``,
under the test run's temporary folder).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import yaml
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve import _free_port, _start  # noqa: E402
from timing import median_seconds  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _row(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"| {name} | {len(ms)} | {statistics.median(ms):.1f} | {p90:.1f} | {ms[-1]:.1f} |"


def _clicks(url: str, n: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"block check after a click": [], "pay {2}{G} after Ask": [],
                                   "solve a puzzle after Ask (3 steps drawn)": []}
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(tempfile.mkdtemp(), executable_path=CHROMIUM,
                                                                headless=True, args=ARGS)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready=yes]", timeout=60_000)

        def settled() -> float:
            page.wait_for_selector("body[data-busy=no]", state="attached", timeout=60_000)
            return float(page.get_attribute("body", "data-answered-in"))

        settled()
        for _ in range(n):
            page.click("[data-id=ox]")
            page.click("[data-id=brute]")
            out["block check after a click"].append(settled())
        asked = (("pay-forge-vessel.yaml", "pay {2}{G} after Ask"),
                 ("puzzles/dotp2012-lust-for-blood-2-attack.yaml", "solve a puzzle after Ask (3 steps drawn)"))
        for example, key in asked:
            page.select_option("#example", example)
            settled()
            for _ in range(max(5, n // 4)):
                page.click("#ask")
                out[key].append(settled())
        context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("n", nargs="?", type=int, default=40)
    parser.add_argument("--timings", type=Path, help="the browser test's page-timings.json")
    args = parser.parse_args()
    port = _free_port()
    proc = _start(port)
    url = f"http://127.0.0.1:{port}/"
    try:
        browser = _clicks(url, args.n)
        board = yaml.safe_load((ROOT / "examples" / "lure-menace.yaml").read_text())
        with httpx.Client(base_url=url, timeout=30) as c:
            page_answer = median_seconds(lambda: c.post("/page/answer", json={"command": "blocks check",
                                                                              "board": board}), 100) * 1000
            api = median_seconds(lambda: c.post("/blocks/check", json={"board": board}), 100) * 1000
    finally:
        proc.terminate()
        proc.wait(10)
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(f"{time.strftime('%Y-%m-%d')}, load average {load}: milliseconds from the click to the verdict drawn")
    print("| what | runs | median ms | p90 ms | max ms |\n|---|---|---|---|---|")
    for name, ms in browser.items():
        print(_row(name, ms))
    if args.timings and args.timings.exists():
        for name, ms in json.loads(args.timings.read_text()).items():
            print(_row(f"{name} (the browser test)", ms))
    print(f"\nwithout the browser, median of 100: POST /page/answer {page_answer:.1f} ms (verdict, reasons, "
          f"picture), POST /blocks/check {api:.1f} ms")
    median = statistics.median(browser["block check after a click"])
    print(f"floor: a block check under 100 ms after the click: {'met' if median < 100 else 'NOT met'} "
          f"({median:.1f} ms)")


if __name__ == "__main__":
    main()
