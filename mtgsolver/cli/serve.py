"""``mtgsolver serve``: the commands as an HTTP JSON API (see :mod:`mtgsolver.service`)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port."),
    cards: Optional[Path] = common.CardsOpt,
    max_body: int = typer.Option(1_000_000, "--max-body", min=1, help="Largest request body in bytes (else 413)."),
    time_limit: float = typer.Option(10.0, "--time-limit", min=0.01, max=3600.0,
                                     help="Largest solver time limit a request may ask for, in seconds."),
    workers: Optional[int] = typer.Option(None, "--workers", min=0,
                                          help="Worker processes answering requests (default: one a CPU; 0: "
                                               "threads of the server, without the time and memory caps)."),
    max_memory: int = typer.Option(2048, "--max-memory", min=64,
                                   help="Memory a worker may hold, in MB; a request needing more is answered 413."),
) -> None:
    """Serve every command as an HTTP JSON API (POST /blocks/check, /pay, ...; docs at /docs).

    Answers are the --json answers, with the exit status in the X-Mtgsolver-Exit header.
    """
    try:
        from mtgsolver.service import serve as run
    except ImportError as exc:  # pragma: no cover - without the [serve] extra
        common.fail(f"serve needs FastAPI and uvicorn: pip install 'mtgsolver[serve]' ({exc})")
    common.err_console.print(f"mtgsolver serving on http://{host}:{port} (docs at /docs)", highlight=False)
    run(host, port, common.library(cards), max_body, time_limit, workers, max_memory << 20)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
