"""``mtgsolver serve``: the commands as an HTTP JSON API and the page for people (see
:mod:`mtgsolver.service`); ``mtgsolver ui``: the same on a free loopback port, opened in the
browser."""
from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Callable, Optional

import typer

from mtgsolver.cli import common

HostOpt = typer.Option("127.0.0.1", "--host", metavar="HOST", help="Address to listen on (loopback by default).")
MaxBodyOpt = typer.Option(1_000_000, "--max-body", min=1, metavar="BYTES",
                          help="Largest request body in bytes (else 413).")
MaxTimeOpt = typer.Option(10.0, "--time-limit", min=0.01, max=3600.0, metavar="SECONDS",
                          help="Largest solver time limit a request may ask for, in seconds.")
WorkersOpt = typer.Option(None, "--workers", min=0, metavar="N",
                          help="Worker processes answering requests (default: one a CPU; 0: threads of the server, "
                               "without the time and memory caps).")
MaxMemoryOpt = typer.Option(2048, "--max-memory", min=64, metavar="MB",
                            help="Memory a worker may hold, in MB; a request needing more is answered 413.")

def _run(host: str, port: int, cards: Optional[Path], max_body: int, time_limit: float, workers: Optional[int],
         max_memory: int) -> None:
    try:
        from mtgsolver.service import serve as run
    except ImportError as exc:  # pragma: no cover - without the [serve] extra
        common.fail(f"serve needs FastAPI and uvicorn: pip install 'mtgsolver[serve]' ({exc})")
    run(host, port, common.library(cards), max_body, time_limit, workers, max_memory << 20)


def serve(
    host: str = HostOpt,
    port: int = typer.Option(8000, "--port", min=0, max=65535, metavar="PORT", help="TCP port."),
    cards: Optional[Path] = common.CardsOpt,
    max_body: int = MaxBodyOpt,
    time_limit: float = MaxTimeOpt,
    workers: Optional[int] = WorkersOpt,
    max_memory: int = MaxMemoryOpt,
) -> None:
    """Serve every command as an HTTP JSON API (POST /blocks/check, /pay, ...; docs at /docs),
    and the page for people at /.

    Answers are the --json answers, with the exit status in the X-Mtgsolver-Exit header.
    """
    common.err_console.print(f"mtgsolver serving on http://{host}:{port} (the page at /, docs at /docs)",
                             highlight=False)
    _run(host, port, cards, max_body, time_limit, workers, max_memory)


def free_port(host: str) -> int:
    """A TCP port free on ``host`` now."""
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def open_when_listening(url: str, host: str, port: int, opener: Callable[[str], object],
                        timeout: float = 30.0) -> threading.Thread:
    """Open ``url`` with ``opener`` (a browser) once ``host:port`` accepts connections, from a
    thread that gives up after ``timeout`` seconds."""
    def wait() -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with socket.create_connection((host, port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.05)
        else:
            return
        opener(url)

    thread = threading.Thread(target=wait, name="open-the-page", daemon=True)
    thread.start()
    return thread


def ui(
    host: str = HostOpt,
    port: int = typer.Option(0, "--port", min=0, max=65535, metavar="PORT", help="TCP port (0: a free one)."),
    cards: Optional[Path] = common.CardsOpt,
    browser: bool = typer.Option(True, "--open/--no-open", help="Open the page in the browser."),
    max_body: int = MaxBodyOpt,
    time_limit: float = MaxTimeOpt,
    workers: Optional[int] = WorkersOpt,
    max_memory: int = MaxMemoryOpt,
) -> None:
    """Open the page for people in the browser: pick or paste a board, click to declare blocks
    and attacks, and see the verdict, the reasons and the picture (served until interrupted)."""
    import webbrowser

    port = port or free_port(host)
    url = f"http://{host}:{port}/"
    common.err_console.print(f"mtgsolver's page at {url} (Ctrl-C to stop)", highlight=False)
    if browser:
        open_when_listening(url, host, port, webbrowser.open)
    _run(host, port, cards, max_body, time_limit, workers, max_memory)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.command("ui")(ui)
