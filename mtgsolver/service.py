"""``mtgsolver serve``: the commands as an HTTP JSON API (FastAPI on uvicorn).

One ``POST`` endpoint per command of :data:`mtgsolver.commands.COMMANDS` (``/blocks/check``,
``/pay``, ...). The body is either JSON ``{"board": BOARD, "options": {...}}``, where BOARD is
the board as a JSON object or as YAML/JSON text, or the board file itself as YAML
(``Content-Type: application/yaml``) with the options in the query string
(``/pay?cost={2}{G}&keep={U}``). The answer is the CLI's ``--json`` answer, with the CLI's
exit status in the header ``X-Mtgsolver-Exit``. The page for people is at ``/``
(:mod:`mtgsolver.page`; its endpoints under ``/page/``). Bad input is a 422 naming the field path as
the CLI does (``{"error": "board: battlefield[0].controller: ...", "where": "board",
"path": "battlefield[0].controller", "message": ...}``, :func:`mtgsolver.commands.error_dict`);
a body over the size limit is a 413, a request over the time limit a 504, and an internal
error (a bug) a 500 ``{"error": {"kind": "internal", "type", "message", "report"}}``, its
traceback only in the server's log. OpenAPI docs at ``/docs``.

With ``workers`` (``mtgsolver serve`` starts one a CPU), each request is answered in a worker
process (:class:`mtgsolver.workers.WorkerPool`): the time limit holds even when a solver
ignores its own (504, the worker replaced), a worker growing past ``max_memory`` is replaced
and its request answered 413, and the next request finds a fresh worker. Without, requests
are answered on threads of the server's process (the tests' and the library's way).
"""
from __future__ import annotations

import functools
import logging
import threading
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, get_origin

import anyio
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from mtgsolver import __version__
from mtgsolver.commands import COMMANDS, Command, board_from, error_dict, run
from mtgsolver.model import CardLibrary
from mtgsolver.model.errors import UserError, internal_error
from mtgsolver.read.board_file import board_json_schema, loads_json
from mtgsolver.read.card_files import bundled_library
from mtgsolver.workers import WorkerPool

__all__ = ["create_app"]

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "text/plain")
#: Seconds a request may take beyond its solver time limit (board parsing, model building).
GRACE = 5.0
#: Bytes of memory a worker may hold (``mtgsolver serve --max-memory``).
MAX_MEMORY = 2 << 30
log = logging.getLogger(__name__)
#: Modules the workers' fork server imports once (every solver a command calls).
PRELOAD = tuple(sorted({cmd.target.split(":")[0] for cmd in COMMANDS.values()} | {"mtgsolver.commands"}))


def answer_request(cards: CardLibrary, job: tuple[str, Any, Any, float]) -> tuple[int, Any, int | None]:
    """One request ``(command, board, options, max_time)`` answered: ``(HTTP status, body,
    exit status)`` (in a worker, or on a thread of the server)."""
    name, board_data, options, max_time = job
    try:
        answer = run(name, board_from(board_data, cards), options, max_time=max_time, library=cards)
    except UserError as exc:
        return 422, error_dict(exc), None
    except Exception as exc:  # noqa: BLE001 - a bug: a 500 saying so, the traceback in the log
        log.exception("internal error answering %s", name)
        return 500, {"error": internal_error(exc)}, None
    return 200, answer.answer, answer.exit


class _TooLarge(Exception):
    pass


def _error(status: int, where: str, path: str, message: str, text: str | None = None) -> JSONResponse:
    return JSONResponse({"error": text or message, "where": where, "path": path, "message": message}, status)


async def _body(request: Request, limit: int) -> bytes:
    """The request body, refused beyond ``limit`` bytes (whether or not Content-Length says so)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _request_schema(cmd: Command, components: dict[str, Any]) -> dict[str, Any]:
    """The request body of ``cmd``; the options' own definitions go to ``components``."""
    options = cmd.option_model.model_json_schema(ref_template="#/components/schemas/{model}")
    components.update(options.pop("$defs", {}))
    return {
        "required": True,
        "content": {
            "application/json": {"schema": {
                "type": "object", "required": ["board"], "additionalProperties": False,
                "properties": {
                    "board": {"description": "The board: a JSON object (see /schema), or YAML or JSON text.",
                              "anyOf": [{"type": "object"}, {"type": "string"}]},
                    "options": options,
                }}},
            "application/yaml": {"schema": {"type": "string", "description":
                                            "The board file as YAML; options in the query string."}},
        },
    }


def create_app(library: CardLibrary | None = None, max_body: int = 1_000_000, max_time: float = 10.0,
               workers: int = 0, max_memory: int = MAX_MEMORY) -> FastAPI:
    """The API: ``library`` for ``card:`` look-ups (the bundled one by default), bodies up to
    ``max_body`` bytes, solver time limits capped at ``max_time`` seconds (``max_time`` +
    :data:`GRACE` for the whole request); ``workers`` processes answer the requests, each
    holding at most ``max_memory`` bytes (0 workers: threads of this process)."""
    cards = library or bundled_library()
    answer = functools.partial(answer_request, cards)
    pool: list[WorkerPool] = []
    starting = threading.Lock()

    def workers_pool() -> WorkerPool:
        with starting:
            if not pool:
                pool.append(WorkerPool(answer, workers, max_memory, PRELOAD))
            return pool[0]

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if workers:
            await anyio.to_thread.run_sync(workers_pool)
        yield
        if pool:
            pool[0].close()

    app = FastAPI(title="mtgsolver", version=__version__, lifespan=lifespan,
                  description="Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605). "
                              "Each answer is the CLI's `--json` answer; `X-Mtgsolver-Exit` carries its exit status.")
    limit = max_time + GRACE

    def respond(status: int, body: Any, exit_status: int | None) -> JSONResponse:
        headers = {"X-Mtgsolver-Exit": str(exit_status)} if exit_status is not None else None
        return JSONResponse(body, status, headers=headers)

    async def solve(job: tuple[str, Any, Any, float]) -> JSONResponse:
        if not workers:
            with anyio.move_on_after(limit):
                return respond(*await anyio.to_thread.run_sync(answer, job, abandon_on_cancel=True))
            return _error(504, "request", "", f"no answer within {limit:g} s")
        outcome = await anyio.to_thread.run_sync(workers_pool().run, job, limit)
        if outcome.kind == "answered":
            return respond(*outcome.value)
        if outcome.kind == "timeout":
            return _error(504, "request", "", f"no answer within {limit:g} s")
        if outcome.kind == "memory":
            return _error(413, "request", "", f"answering needs more than {max_memory >> 20} MB of memory")
        log.error("a worker died answering %s", job[0])
        return JSONResponse({"error": {"kind": "internal", "type": "WorkerDied", "message": "the worker answering "
                             "this request died", "report": "this is a bug in mtgsolver, not in your input"}}, 500)

    def endpoint(cmd: Command):
        multi = {name for name, f in cmd.option_model.model_fields.items() if get_origin(f.annotation) is list}

        async def handle(request: Request) -> JSONResponse:
            try:
                body = await _body(request, max_body)
            except _TooLarge:
                return _error(413, "request", "", f"the body is larger than {max_body} bytes")
            kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
            if kind in YAML_TYPES:
                board_data: Any = body.decode("utf-8", errors="replace")
                q = request.query_params
                twice = next((k for k in q if k not in multi and len(q.getlist(k)) > 1), None)
                if twice is not None:
                    return _error(422, "options", f"options.{twice}", "this option is given twice")
                options: Any = {k: (q.getlist(k) if k in multi else q[k]) for k in q}
            else:
                try:
                    payload = loads_json(body.decode("utf-8"))
                except (ValueError, RecursionError) as exc:
                    return _error(422, "request", "", f"malformed JSON: {exc}")
                if not isinstance(payload, dict) or "board" not in payload:
                    return _error(422, "request", "board", 'expected {"board": ..., "options": {...}}')
                unknown = sorted(set(payload) - {"board", "options"})
                twice = getattr(payload, "duplicate", None)
                if unknown or twice is not None:
                    return _error(422, "request", unknown[0] if unknown else twice,
                                  "unknown key" if unknown else "this key is given twice")
                board_data, options = payload["board"], payload.get("options") or {}
                if not isinstance(options, dict):
                    return _error(422, "options", "options", "expected a mapping of options")
            return await solve((cmd.name, board_data, options, max_time))

        handle.__name__ = cmd.name.replace(" ", "_")
        return handle

    components: dict[str, Any] = {}
    for cmd in COMMANDS.values():
        app.add_api_route(cmd.path, endpoint(cmd), methods=["POST"], summary=cmd.summary or cmd.name,
                          tags=[cmd.name.split()[0]], openapi_extra={"requestBody": _request_schema(cmd, components)})
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        spec = generate()
        spec.setdefault("components", {}).setdefault("schemas", {}).update(components)
        return spec

    app.openapi = openapi  # type: ignore[method-assign]

    @app.get("/health", summary="Liveness: the version and the commands served.")
    def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__, "commands": list(COMMANDS)}

    @app.get("/schema", summary="The JSON Schema of board files (as `mtgsolver schema`).")
    def schema() -> dict[str, Any]:
        return board_json_schema()

    _mount_page(app, cards, max_body, max_time)
    return app


#: the page's own files besides index.html, and their media types
PAGE_FILES = {"page.css": "text/css", "page.js": "text/javascript"}
#: what the page may load: its own files only (no CDN); pictures are inline SVG
PAGE_POLICY = "default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; base-uri 'none'"


def _mount_page(app: FastAPI, cards: CardLibrary, max_body: int, max_time: float) -> None:
    """The page for people at ``/`` (:mod:`mtgsolver.page`), its files, and the endpoints it
    asks: the examples, a pasted board read, a command's answer made ready to show."""
    from fastapi.responses import FileResponse

    from mtgsolver.page import STATIC
    from mtgsolver.page.answers import command_forms, page_answer, page_board
    from mtgsolver.page.examples import example, examples, lacking

    status: dict[str, str | None] = {}  # example -> the cards it lacks, in a sentence (None: it has them all)

    async def threaded(call: Any, *args: Any) -> JSONResponse:
        """``call(*args)`` in a worker thread within the time limit: refusals 422, bugs 500."""
        def answer() -> JSONResponse:
            try:
                return JSONResponse(call(*args))
            except UserError as exc:
                return JSONResponse(error_dict(exc), 422)
            except Exception as exc:  # noqa: BLE001 - a bug: a 500 saying so, the traceback in the log
                log.exception("internal error answering the page's %s", getattr(call, "__name__", call))
                return JSONResponse({"error": internal_error(exc)}, 500)

        with anyio.move_on_after(max_time + GRACE):
            return await anyio.to_thread.run_sync(answer, abandon_on_cancel=True)
        return _error(504, "request", "", f"no answer within {max_time + GRACE:g} s")

    async def posted(request: Request, required: set[str], allowed: set[str]) -> dict[str, Any] | JSONResponse:
        """A JSON object body within the size limit, with the keys ``required`` and no key
        beyond ``allowed``; else the error to answer."""
        try:
            body = await _body(request, max_body)
        except _TooLarge:
            return _error(413, "request", "", f"the body is larger than {max_body} bytes")
        try:
            payload = loads_json(body.decode("utf-8"))
        except (ValueError, RecursionError) as exc:
            return _error(422, "request", "", f"malformed JSON: {exc}")
        if not isinstance(payload, dict) or not required <= set(payload):
            return _error(422, "request", sorted(required)[0], f"expected a JSON object with {', '.join(sorted(required))}")
        if set(payload) - allowed:
            return _error(422, "request", sorted(set(payload) - allowed)[0], "unknown key")
        if getattr(payload, "duplicate", None) is not None:
            return _error(422, "request", payload.duplicate, "this key is given twice")
        return payload

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html",
                            headers={"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-cache"})

    def static(name: str, kind: str) -> None:
        app.add_api_route(f"/page/{name}", lambda: FileResponse(STATIC / name, media_type=kind,
                                                                headers={"Cache-Control": "no-cache"}),
                          methods=["GET"], include_in_schema=False)

    for name, kind in PAGE_FILES.items():
        static(name, kind)

    def listed() -> list[dict[str, Any]]:
        out = []
        for ex in examples():
            if ex.name not in status:
                status[ex.name] = lacking(ex.name, cards)
            out.append({**ex.to_dict(), "error": status[ex.name]})
        return out

    @app.get("/page/commands", summary="The commands as the page asks them: summaries, verdicts, option fields.")
    def page_commands() -> list[dict[str, Any]]:
        return command_forms()

    @app.get("/page/examples", summary="The example boards, the question each asks, and whether it loads.")
    async def page_examples() -> JSONResponse:
        return await threaded(listed)

    def opened(name: str) -> dict[str, Any]:
        found, text = example(name)
        return {"example": found.to_dict(), "text": text, **page_board(text, cards)}

    @app.get("/page/examples/{name:path}", summary="An example board: its text, its data, its view, its question.")
    async def page_example(name: str) -> JSONResponse:
        return await threaded(opened, name)

    @app.post("/page/board", summary="A pasted board (YAML, JSON or a Forge puzzle file) as the page keeps it.")
    async def board(request: Request) -> JSONResponse:
        payload = await posted(request, {"board"}, {"board"})
        if isinstance(payload, JSONResponse):
            return payload
        return await threaded(page_board, payload["board"], cards)

    @app.post("/page/answer", summary="A command's answer made ready to show: verdict, reasons, picture, line.")
    async def answer(request: Request) -> JSONResponse:
        payload = await posted(request, {"command", "board"}, {"command", "board", "options"})
        if isinstance(payload, JSONResponse):
            return payload
        if not isinstance(payload["command"], str) or not isinstance(payload.get("options") or {}, dict):
            return _error(422, "request", "command", "expected a command name and a mapping of options")
        return await threaded(page_answer, payload["command"], payload["board"], payload.get("options") or {}, cards,
                              max_time)


def serve(host: str = "127.0.0.1", port: int = 8000, library: CardLibrary | None = None, max_body: int = 1_000_000,
          max_time: float = 10.0, workers: int | None = None,
          max_memory: int = MAX_MEMORY) -> None:  # pragma: no cover - runs until interrupted
    """Run the API with uvicorn until interrupted, with ``workers`` processes (default: one a CPU)."""
    import os

    import uvicorn

    count = (os.cpu_count() or 1) if workers is None else workers
    uvicorn.run(create_app(library, max_body, max_time, count, max_memory), host=host, port=port, log_level="warning")

