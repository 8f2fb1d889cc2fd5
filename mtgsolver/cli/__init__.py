"""The ``mtgsolver`` command line (typer + rich): the outermost edge.

In reading order: ``common`` (the conventions every command follows: exit statuses, ``-`` for
stdin, ``--json``, ``--strict``, unread text, no wrapping when piped, fast start), ``plain``
and ``rich_console`` (human output without and with rich), ``svg`` (``--svg FILE``); then one
module per command group, each with a ``register(app)`` function, listed in :data:`COMMANDS`:
``cards``, ``combat`` (blocks and attacks), ``damage``, ``pay``, ``plan`` (with ``chance``
and ``crimes``), ``produce``, ``resolve``, ``show`` (with ``schema``), ``solve``, ``serve`` (with ``ui``, the
page), ``batch``.
Answers come from :mod:`mtgsolver.solver` (``serve`` and ``batch`` go through
:mod:`mtgsolver.commands`).
"""
from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import Any, NoReturn, Optional

import typer
from typer.core import TyperGroup

from mtgsolver import __version__
from mtgsolver.cli import batch, cards, combat, common, damage, importer, pay, plan, produce, resolve, serve, show, solve

COMMANDS = (cards, combat, damage, pay, plan, produce, resolve, show, solve, serve, batch, importer)
#: commands that may leave worker processes, threads or a cluster client behind; they end
#: with the interpreter's full shutdown
LONG_RUNNING = ("batch", "serve", "ui")

#: the environment variable that asks for the traceback of an internal error, as ``--debug``
DEBUG_ENV = "MTGSOLVER_DEBUG"


class Application(TyperGroup):
    """The application's command group: every command runs inside :meth:`invoke`, where an
    exception that is not a deliberate refusal is reported as an internal error."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except Exception as exc:  # noqa: BLE001 - the one place every command's exceptions end
            from mtgsolver.model.errors import UserError

            if isinstance(exc, UserError):  # a refusal no command caught: still bad input
                common.fail(str(exc))
            internal(exc, bool(ctx.params.get("debug")) or os.environ.get(DEBUG_ENV) == "1")


def internal(exc: BaseException, debug: bool) -> NoReturn:
    """Report an internal error in one line on stderr (with the traceback first when
    ``debug``) and exit with status 4; never "bad input"."""
    from mtgsolver.model.errors import REPORT

    if debug:
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    hint = "" if debug else f"; run again with --debug (or {DEBUG_ENV}=1) for the traceback"
    common.err_console.print(f"[bold red]internal error:[/] {common.escape(f'{type(exc).__name__}: {exc}')} "
                             f"({REPORT}{hint})", soft_wrap=True)
    raise typer.Exit(common.EXIT_INTERNAL)


#: the application's settings (:data:`app` and the one-command apps of :func:`app_for`)
SETTINGS: dict[str, Any] = dict(
    name="mtgsolver",
    cls=Application,
    help="Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605).\n\n"
         "Exit status: 0 legal/payable/solved, 1 not, 2 bad input, 3 undecided (time limit, unread card text), "
         "4 internal error (a bug: please report it).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # click's plain help: flags as flags (--json), values as metavars (--keep COST)
)
app = typer.Typer(**SETTINGS)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mtgsolver {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Optional[bool] = typer.Option(None, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit."),
    debug: bool = typer.Option(False, "--debug", show_default=False,
                               help=f"On an internal error (exit status 4), print its traceback (also {DEBUG_ENV}=1)."),
) -> None:
    """Exact answers to Magic: The Gathering combat and mana questions (CR 508, 509, 106, 605)."""


for _module in COMMANDS:
    _module.register(app)


def app_for(args: list[str]) -> typer.Typer:
    """The application that runs the command line ``args``: when its first word names a
    command or a group of commands, an application holding only that one, with the same
    settings and options (typer builds the click parameters of every command it holds when
    it runs, reading each function's signature: 38 of them for the whole application);
    otherwise (top-level help or options, shell completion, a mistyped name) :data:`app`."""
    name = args[0] if args else None
    groups = [g for g in app.registered_groups if g.name == name]
    commands = [c for c in app.registered_commands if c.name == name]
    if len(groups) + len(commands) != 1:
        return app
    one = typer.Typer(**SETTINGS)
    one.registered_callback = app.registered_callback
    one.registered_groups, one.registered_commands = groups, commands
    return one


def main() -> None:
    """Console entry point: usage errors exit 2 (click's convention matches the contract).

    A one-shot command runs the application of :func:`app_for`, validates its board without
    pydantic's plugins (``PYDANTIC_DISABLE_PLUGINS``, unless set: finding them reads the
    metadata of every installed distribution; typer builds its own validators without them
    too) and ends with :func:`quick_exit`."""
    one_shot = not set(sys.argv[1:2]) & set(LONG_RUNNING)
    if one_shot:
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        app_for(sys.argv[1:])()
    except KeyboardInterrupt:  # pragma: no cover
        sys.exit(130)
    except SystemExit as exc:
        if one_shot:
            quick_exit(exc.code)
        raise


def quick_exit(code: Any) -> None:
    """End the process with exit status ``code`` (an int or ``None``), skipping only the
    interpreter's teardown of its modules and objects (a quarter of a second of CPU with
    OR-Tools, pandas and pydantic loaded; ``benchmarks/startup.py``): the output is flushed
    and the ``atexit`` handlers run first. Returns, leaving the normal exit to the caller,
    when that is not safe: another status (a message), a thread still running, a child
    process, or output that can't be flushed (a closed pipe)."""
    if code is not None and not isinstance(code, int):
        return
    if any(t is not threading.main_thread() and not t.daemon for t in threading.enumerate()):
        return
    if "multiprocessing" in sys.modules and sys.modules["multiprocessing"].active_children():
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover - an exit handler closed them
        pass
    os._exit(code or 0)
