"""The page in a real browser: Playwright for Python driving Debian's Chromium (/usr/bin/chromium,
``apt-get install chromium chromium-driver``; Playwright's own browser download is never used).

A real uvicorn server on a free loopback port serves :func:`mtgsolver.service.create_app`. The
tests choose examples, declare blocks and attacks by clicking cards, pay a cost, step through a
puzzle's line, paste boards and Forge puzzles, share a board by its link, and save screenshots of
the block, payment and puzzle views under the test run's temporary folder (``page-screenshots``;
docs/images/ holds copies). The time from a click to the drawn verdict (``performance.now()``
around the fetch and the rendering, kept by the page) goes to ``page-timings.json`` there, never
into an assertion: ``benchmarks/page.py`` reports it. CI's profile only (seconds of a browser);
skipped there, with the reason, only where Chromium or Playwright is absent.
"""
from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import uvicorn

from mtgsolver.service import create_app

from .support import CI

CHROMIUM = Path(os.environ.get("MTGSOLVER_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

if not CI:  # skipped before Playwright is imported
    pytest.skip("a Chromium browser driven through the page: runs under MTGSOLVER_PROFILE=ci", allow_module_level=True)
if not CHROMIUM.exists():
    pytest.skip(f"Chromium not found at {CHROMIUM} (apt-get install chromium chromium-driver)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed "
                                                             "(pip install -e '.[browser]')")


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """The service, the page at its root, on a free loopback port."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.started, "the server did not start within 10 s"
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Chromium with a fresh profile of its own."""
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=str(CHROMIUM), headless=True,
            args=ARGS, viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[Any]:
    """A tab on the page with its default example answered; every request it made is kept
    (``page.requested``) and every script error fails the test."""
    tab = browser.new_page()
    requested: list[str] = []
    errors: list[str] = []
    tab.on("request", lambda request: requested.append(request.url))
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(url)
    tab.wait_for_selector("body[data-ready=yes]", timeout=30_000)
    settled(tab)
    tab.requested = requested
    yield tab
    tab.close()
    assert errors == []


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The screenshots' folder under the test run's temporary folder."""
    folder = tmp_path_factory.getbasetemp() / "page-screenshots"
    folder.mkdir(exist_ok=True)
    return folder


def settled(tab: Any) -> None:
    """Wait until every action the last click or choice started is done (the page's
    ``data-busy``; selectors only: the page's policy forbids the evaluated strings of
    ``wait_for_function``)."""
    tab.wait_for_selector("body[data-busy=no]", state="attached", timeout=30_000)


def answered_in(tab: Any) -> float:
    """Milliseconds from the last click to its verdict drawn, as the page measured them."""
    return float(tab.get_attribute("body", "data-answered-in"))


def choose(tab: Any, example: str) -> None:
    tab.select_option("#example", example)
    settled(tab)


def click(tab: Any, selector: str) -> None:
    tab.click(selector)
    settled(tab)


def verdict(tab: Any) -> str:
    return tab.inner_text("#verdict").lower()


def rules(tab: Any) -> list[str]:
    return tab.locator("#reasons .rule").all_inner_texts()


def test_the_page_answers_its_first_example_with_nothing_from_elsewhere(page: Any, url: str) -> None:
    assert page.locator("#example").input_value() == "lure-menace.yaml"
    assert verdict(page) == "illegal" and rules(page)[0] == "702.111b"
    assert page.locator("#picture svg").count() == 1
    assert all(u.startswith((url, "data:")) for u in page.requested), page.requested


def test_a_block_declared_by_clicking_is_judged(page: Any, shots: Path,
                                                tmp_path_factory: pytest.TempPathFactory) -> None:
    """Lure on a menace attacker: blocking with no creature disobeys Lure (509.1c), with the ox
    alone breaks menace (702.111b), with the bears and the ox is legal."""
    timings = []
    click(page, "#clear")
    timings.append(answered_in(page))
    assert verdict(page) == "illegal" and "509.1c" in rules(page)
    page.click("[data-id=ox]")
    assert page.locator("[data-id=ox]").get_attribute("aria-pressed") == "true"
    click(page, "[data-id=brute]")
    timings.append(answered_in(page))
    assert verdict(page) == "illegal" and rules(page)[0] == "702.111b"
    assert "menace" in page.inner_text("#reasons")
    assert page.locator("[data-id=ox] .badge.blocks").inner_text() == "blocks brute"
    assert "violated" in page.locator("[data-id=brute]").get_attribute("class")
    page.screenshot(path=str(shots / "page-blocks.png"), full_page=True)
    page.click("[data-id=bears]")
    click(page, "[data-id=brute]")
    timings.append(answered_in(page))
    assert verdict(page) == "legal"
    for _ in range(5):  # undo and redo the bears' block: the time from the click to the drawn verdict
        for _ in range(2):
            page.click("[data-id=bears]")
            click(page, "[data-id=brute]")
            timings.append(answered_in(page))
    assert verdict(page) == "legal"
    out = tmp_path_factory.getbasetemp() / "page-timings.json"
    out.write_text(json.dumps({"block check after a click, ms": timings}), encoding="utf-8")
    print(f"block check after a click: median {sorted(timings)[len(timings) // 2]:.1f} ms of {len(timings)}")


def test_attacks_declared_by_clicking(page: Any) -> None:
    """No more than one creature can attack each turn (508.1d example): Juggernaut alone is legal."""
    choose(page, "attacks-max-one-attacker.yaml")
    assert verdict(page) == "illegal"
    page.click("[data-id=bears]")
    click(page, "[data-player=bob]")  # the bears attacked bob: clicking bob again takes the attack back
    assert verdict(page) == "legal"
    assert page.locator("#declaration").inner_text().count("attacks") == 1
    page.click("[data-id=bears]")
    click(page, "[data-player=bob]")
    assert verdict(page) == "illegal" and "508.1" in " ".join(rules(page))


def test_paying_a_cost_shows_the_tapped_sources(page: Any, shots: Path) -> None:
    choose(page, "pay-forge-vessel.yaml")
    assert page.locator("#options [name=cost]").input_value() == "{2}{G}"
    assert verdict(page) == "payable"
    tapped = page.locator(".card:has(.badge.paid)")
    assert sorted(tapped.evaluate_all("cards => cards.map(c => c.dataset.id)")) == ["forest", "ring"]
    assert page.locator("[data-id=vessel] .badge").count() == 0
    assert page.locator("#picture svg text", has_text="tapped").count() == 2
    page.screenshot(path=str(shots / "page-payment.png"), full_page=True)
    page.fill("#options [name=cost]", "{G}{G}")
    click(page, "#ask")
    assert verdict(page) == "not payable"


def test_a_puzzle_line_step_by_step(page: Any, shots: Path) -> None:
    choose(page, "puzzles/dotp2012-lust-for-blood-2-attack.yaml")
    assert page.locator("#command").input_value() == "solve" and verdict(page) == "solved"
    assert page.inner_text("#step-count") == "step 1 of 3"
    assert "the attack, declared by you" in page.inner_text("#step-title")
    page.click("#step-next")
    assert "the blocks, declared by the defending player" in page.inner_text("#step-title")
    page.click("#step-next")
    assert "combat damage" in page.inner_text("#step-title")
    assert "garruk loses the game" in page.inner_text("#line")
    assert page.locator("#line svg text", has_text="destroyed").count() == 3
    page.screenshot(path=str(shots / "page-puzzle.png"), full_page=True)
    page.click("#step-back")
    assert "the blocks, declared by the defending player" in page.inner_text("#step-title")


def test_the_board_lives_in_the_link(page: Any, browser: Any) -> None:
    click(page, "#clear")
    page.click("[data-id=ox]")
    click(page, "[data-id=brute]")
    link = page.url
    assert re.search(r"#z=[\w-]+$", link)
    other = browser.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready=yes]")
    settled(other)
    assert verdict(other) == "illegal" and rules(other)[0] == "702.111b"
    assert other.locator("[data-id=ox] .badge.blocks").inner_text() == "blocks brute"
    assert other.locator("[data-id=bears] .badge.blocks").count() == 0
    other.close()


def test_a_pasted_board_is_answered_and_a_broken_one_refused_with_its_field(page: Any) -> None:
    page.click("#paste summary")
    page.fill("#board-text", (EXAMPLES / "blocks-menace-requirement.yaml").read_text(encoding="utf-8"))
    click(page, "#load")
    assert verdict(page) == "illegal" and page.locator("#example").input_value() == ""
    page.fill("#board-text", "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                             "battlefield: [{id: x, card: Grizzly Bears}]\n")
    click(page, "#load")
    assert "battlefield[0].controller" in page.inner_text("#error")


def test_a_pasted_forge_puzzle_file(page: Any) -> None:
    page.click("#paste summary")
    page.fill("#board-text", (Path(__file__).parent / "data" / "two-giants.pzl").read_text(encoding="utf-8"))
    click(page, "#load")
    assert page.locator("#command").input_value() == "solve"
    assert page.locator(".card b", has_text="Hill Giant").count() == 2
    assert verdict(page) == "not solved" and "no line of play" in page.inner_text("#reasons")


def test_the_page_fits_a_phone(browser: Any, url: str, shots: Path) -> None:
    phone = browser.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(url)
    phone.wait_for_selector("body[data-ready=yes]")
    settled(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(shots / "page-phone.png"), full_page=True)
    phone.close()
