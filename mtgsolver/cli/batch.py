"""``mtgsolver batch IN.jsonl [-o OUT.jsonl]``: answer many requests (see :mod:`mtgsolver.batch`)."""
from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Optional

import typer

from mtgsolver.cli import common
from mtgsolver.cli.plain import rich_of


def batch(
    requests: Path = typer.Argument(..., help='JSON Lines, one request a line: {"id", "command", "board", "options"}.',
                                    show_default=False),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Answers as JSON Lines (default: stdout). "
                                       "Resumable: ids already answered there are skipped."),
    workers: Optional[int] = typer.Option(None, "--workers", min=0, help="Local worker processes "
                                          "(default: the CPU count; 0: this process)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help="A Dask scheduler address "
                                            "(e.g. tcp://10.0.0.5:8786) to run on instead of local processes."),
    cards: Optional[Path] = common.CardsOpt,
    time_limit: Optional[float] = typer.Option(None, "--time-limit", min=0.01,
                                               help="Cap on each request's solver time limit, in seconds."),
) -> None:
    """Answer one request per line, one answer per line in input order (the --json answers).

    A bad request gets an error answer and the batch goes on. Exit 0 when every request has an
    answer, 2 when the input can't be read.
    """
    from mtgsolver.batch import answered_ids, read_requests, run_batch

    try:
        lines = requests.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        common.fail(f"{requests}: cannot read: {exc}")
    if cards is not None:
        common.library(cards)  # refuse a bad card file once, up front
    skip = answered_ids(out) if out is not None else set()
    stream = out.open("a", encoding="utf-8") if out is not None else sys.stdout
    bar = _progress()
    try:
        with bar or nullcontext():
            task = bar.add_task("answering", total=None) if bar else None
            summary = run_batch(read_requests(lines), stream, skip, workers, scheduler,
                                str(cards) if cards else None, time_limit,
                                (lambda done, total: bar.update(task, completed=done, total=total)) if bar else None)
    finally:
        if out is not None:
            stream.close()
    common.err_console.print(f"{summary.answered} answered ({summary.errors} with errors), "
                             f"{summary.skipped} already answered", highlight=False)


def _progress():
    """A rich progress bar on stderr when it is a terminal, else None."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    if not common.err_console.is_terminal:
        return None
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=rich_of(common.err_console), transient=True)


def register(app: typer.Typer) -> None:
    app.command("batch")(batch)
