"""``mtgsolver batch``: many requests, one answer each, on a process pool or a Dask cluster.

Input is JSON Lines, one request a line: ``{"id": ..., "command": "blocks check", "board":
BOARD, "options": {...}}`` (BOARD as in the service: a JSON object, or YAML or JSON text; ``id``
defaults to the line number). Output is one JSON line per request, in input order:
``{"id", "command", "exit", "answer"}`` with the CLI's ``--json`` answer and exit status, or
``{"id", "command", "exit": 2, "error": {"error", "where", "path", "message"}}`` for a bad
request (:func:`mtgsolver.commands.error_dict`), and ``{"id", "command", "exit": 4, "error":
{"kind": "internal", "where": "internal", ...}}`` for an internal error (a bug). An item never
stops the batch. Output to a file is resumable: ids already answered
there are skipped and new answers appended. The pool's workers watch the batch process and
exit when it ends, however it ended (SIGTERM, SIGINT, SIGKILL: :func:`mtgsolver.workers.watch_parent`).
"""
from __future__ import annotations

import json
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO

from mtgsolver.commands import board_from, error_dict, run
from mtgsolver.model import CardLibrary
from mtgsolver.model.errors import RequestError, UserError, internal_error
from mtgsolver.read.board_file import loads_json
from mtgsolver.read.card_files import bundled_library, library_from_card_file
from mtgsolver.workers import watch_parent

__all__ = ["BatchSummary", "answer_item", "read_requests", "run_batch"]

EXIT_BAD, EXIT_INTERNAL = 2, 4
#: Requests sent to a worker at a time (fewer round trips; a failed worker loses one chunk).
CHUNK = 32


def _error(where: str, path: str, message: str, text: str | None = None) -> dict[str, str]:
    return {"error": text or message, "where": where, "path": path, "message": message}


def _internal(exc: BaseException, prefix: str = "") -> dict[str, str]:
    """An internal error as an item's ``error``."""
    details = internal_error(exc)
    return {**details, **_error("internal", "", f"{prefix}{details['type']}: {details['message']}")}


@lru_cache(maxsize=4)
def _library(cards: str | None) -> CardLibrary:
    base = bundled_library()
    return base if cards is None else base.merged(library_from_card_file(Path(cards)))


def answer_item(item: Any, cards: str | None = None, max_time: float | None = None) -> dict[str, Any]:
    """The answer line for one request (never raises: failures become ``error`` answers)."""
    if not isinstance(item, dict) or "_bad" in item:
        message = item["_bad"] if isinstance(item, dict) else "expected a JSON object"
        return {"id": item.get("id") if isinstance(item, dict) else None, "command": None, "exit": EXIT_BAD,
                "error": _error("request", "", message)}
    head = {"id": item.get("id"), "command": item.get("command")}
    unknown = sorted(set(item) - {"id", "command", "board", "options"})
    try:
        if unknown:
            raise RequestError(unknown[0], "unknown key; a request has id, command, board and options")
        if getattr(item, "duplicate", None) is not None:
            raise RequestError(str(item.duplicate), "this key is given twice")
        if not isinstance(item.get("command"), str):
            raise RequestError("command", "expected a command name such as 'blocks check'")
        if "board" not in item:
            raise RequestError("board", "missing")
        options = item.get("options") or {}
        if not isinstance(options, dict):
            raise RequestError("options", "expected a mapping of options")
        library = _library(cards)
        board = board_from(item["board"], library, file=f"{item.get('id')}.board")
        answer = run(item["command"], board, options, max_time, library)
    except UserError as exc:
        return {**head, "exit": EXIT_BAD, "error": error_dict(exc)}
    except Exception as exc:  # noqa: BLE001 - one item must never stop the batch
        return {**head, "exit": EXIT_INTERNAL, "error": _internal(exc)}
    return {**head, "exit": answer.exit, "answer": answer.answer}


def answer_chunk(items: Sequence[Any], cards: str | None = None, max_time: float | None = None) -> list[dict[str, Any]]:
    """:func:`answer_item` for each of ``items`` (the unit of work sent to a worker)."""
    return [answer_item(i, cards, max_time) for i in items]


def read_requests(lines: Iterable[str]) -> Iterator[Any]:
    """Requests from JSON Lines; an unreadable line becomes ``{"id": N, "_bad": why}``, blank lines are skipped."""
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = loads_json(line)
        except (ValueError, RecursionError) as exc:
            yield {"id": n, "_bad": f"line {n}: malformed JSON: {exc}"}
            continue
        if isinstance(item, dict):
            item.setdefault("id", n)
        else:
            item = {"id": n, "_bad": f"line {n}: expected a JSON object"}
        yield item


def answered_ids(out: Path) -> set[Any]:
    """Ids already answered in ``out``; a last line cut off mid-write is dropped from the file."""
    if not out.exists():
        return set()
    text = out.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        out.write_text(text, encoding="utf-8")
    ids = set()
    for line in text.splitlines():
        try:
            ids.add(_key(json.loads(line).get("id")))
        except (ValueError, AttributeError):
            continue
    return ids


def _key(ident: Any) -> str:
    return json.dumps(ident, sort_keys=True)


@dataclass
class BatchSummary:
    """What a batch did: requests ``answered`` now (``errors`` of them bad), ``skipped`` as already answered."""

    answered: int = 0
    errors: int = 0
    skipped: int = 0


def _chunks(items: list[Any], size: int) -> list[list[Any]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _local(workers: int, cards: str | None, max_time: float | None,
           chunks: list[list[Any]]) -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """Chunk answers in order, from this process (``workers == 0``) or a process pool."""
    if workers == 0:
        for chunk in chunks:
            yield lambda chunk=chunk: answer_chunk(chunk, cards, max_time)
        return
    pool = ProcessPoolExecutor(workers, initializer=watch_parent)  # workers end with the batch
    try:
        yield from _futures([pool.submit(answer_chunk, c, cards, max_time) for c in chunks], chunks)
    except BaseException:  # interrupted (Ctrl-C): the workers stop at once, mid-chunk
        for process in list((getattr(pool, "_processes", None) or {}).values()):  # kill_workers() in Python 3.14
            process.kill()
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _futures(futures: list[Future], chunks: list[list[Any]]) -> Iterator[Callable[[], list]]:
    for future, chunk in zip(futures, chunks):
        def get(future: Future = future, chunk: list[Any] = chunk) -> list[dict[str, Any]]:
            try:
                return future.result()
            except Exception as exc:  # noqa: BLE001 - a lost worker fails its chunk, not the batch
                return [{"id": i.get("id") if isinstance(i, dict) else None,
                         "command": i.get("command") if isinstance(i, dict) else None, "exit": EXIT_INTERNAL,
                         "error": _internal(exc, "worker failed: ")} for i in chunk]
        yield get


def _dask(address: str, cards: str | None, max_time: float | None,
          chunks: list[list[Any]]) -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """Chunk answers in order from a Dask cluster (dask.distributed) at ``address``."""
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        futures = [client.submit(answer_chunk, c, cards, max_time, pure=False) for c in chunks]
        yield from _futures(futures, chunks)


def run_batch(requests: Iterable[Any], out: TextIO, skip: set[Any] = frozenset(), workers: int | None = None,
              scheduler: str | None = None, cards: str | None = None, max_time: float | None = None,
              progress: Callable[[int, int], None] | None = None, chunk: int = CHUNK) -> BatchSummary:
    """Answer ``requests`` (from :func:`read_requests`) into ``out``, one line each, in order.

    ``skip`` holds ids already answered (see :func:`answered_ids`). ``workers``: processes of
    the local pool (default: the CPU count; 0 answers in this process). ``scheduler``: the
    address of a Dask scheduler to use instead. ``progress(done, total)`` is called as lines
    are written.
    """
    summary = BatchSummary()
    todo = []
    for item in requests:
        if _key(item.get("id") if isinstance(item, dict) else None) in skip:
            summary.skipped += 1
        else:
            todo.append(item)
    n = (os.cpu_count() or 1) if workers is None else workers
    chunks = _chunks(todo, max(1, min(chunk, -(-len(todo) // (4 * max(1, n))))))  # keep every worker busy
    if scheduler is not None:
        results = _dask(scheduler, cards, max_time, chunks)
    else:
        results = _local(n, cards, max_time, chunks)
    if progress:
        progress(0, len(todo))
    for get in results:
        for answer in get():
            out.write(json.dumps(answer) + "\n")
            summary.answered += 1
            summary.errors += "error" in answer
        out.flush()
        if progress:
            progress(summary.answered, len(todo))
    return summary
