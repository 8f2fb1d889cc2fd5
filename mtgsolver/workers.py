"""Worker processes that answer commands with caps no solver can break.

The service answers each request in a :class:`WorkerPool` process: the request's time limit
holds even when a solver ignores its own (the worker is killed and replaced), a worker whose
memory grows past its cap is killed and replaced too, and a worker that dies answers its one
request with an error; the next request is answered by a fresh worker as if nothing happened.
Every worker, the service's and the batch runner's (:func:`watch_parent` as the pool's
initializer), exits when the process that started it ends, however it ended (SIGKILL too).
"""
from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Callable

__all__ = ["Outcome", "WorkerPool", "resident_bytes", "watch_parent"]

#: Seconds between two looks at the parent process (a worker outlives it at most this long).
WATCH_INTERVAL = 0.25
#: Seconds between two looks at a busy worker's memory.
MEMORY_INTERVAL = 0.02
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def watch_parent() -> None:
    """Exit this process as soon as its parent has ended (a daemon thread watching
    ``os.getppid()``: an orphan is handed to another parent at once, a zombie parent included)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_INTERVAL)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def resident_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux ``/proc``; 0 where it can't be read)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def _serve(conn: Connection, answer: Callable[[Any], Any]) -> None:
    """A worker's loop: one job in, ``answer(job)`` out, until the pool closes the pipe."""
    watch_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's; it ends its workers
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(answer(job))


@dataclass(frozen=True)
class Outcome:
    """What became of one job: ``answered`` (``value`` holds the answer), ``timeout`` (no
    answer within the time), ``memory`` (the worker grew past its cap) or ``died``."""

    kind: str
    value: Any = None


class _Worker:
    def __init__(self, context: Any, answer: Callable[[Any], Any]) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, answer), daemon=True, name="mtgsolver-worker")
        self.process.start()
        child.close()

    def ask(self, job: Any, seconds: float, memory: int) -> Outcome:
        try:
            self.conn.send(job)
        except OSError:
            return Outcome("died")
        end = time.monotonic() + seconds
        while True:
            try:
                if self.conn.poll(min(MEMORY_INTERVAL, max(0.0, end - time.monotonic()))):
                    return Outcome("answered", self.conn.recv())
            except (EOFError, OSError):
                return Outcome("died")
            if time.monotonic() >= end:
                return Outcome("timeout")
            if memory and resident_bytes(self.process.pid) > memory:
                return Outcome("memory")

    def stop(self) -> None:
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


class WorkerPool:
    """``size`` worker processes calling ``answer(job)`` (a picklable module-level function),
    each job in at most ``seconds`` and a worker in at most ``memory`` bytes (0: no cap).

    Workers start from a fork server that has imported ``preload`` (the solvers), so a worker
    replacing a killed one is ready in milliseconds.
    """

    def __init__(self, answer: Callable[[Any], Any], size: int, memory: int = 0, preload: tuple[str, ...] = ()) -> None:
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        self._context = multiprocessing.get_context(method)
        if method == "forkserver" and preload:
            self._context.set_forkserver_preload(list(preload))
        self._answer, self.memory = answer, memory
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        for _ in range(max(1, size)):
            self._idle.put(self._start())

    def _start(self) -> _Worker:
        worker = _Worker(self._context, self._answer)
        with self._lock:
            self._all.add(worker)
        return worker

    def _retire(self, worker: _Worker) -> None:
        with self._lock:
            self._all.discard(worker)
        worker.stop()

    def run(self, job: Any, seconds: float) -> Outcome:
        """Answer ``job`` in an idle worker (waiting for one); a worker that timed out, grew
        past its cap or died is replaced before the next job."""
        worker = self._idle.get()
        outcome = Outcome("died")
        try:
            outcome = worker.ask(job, seconds, self.memory)
        finally:
            if outcome.kind != "answered":
                self._retire(worker)
                worker = self._start()
            self._idle.put(worker)
        return outcome

    def pids(self) -> list[int]:
        """The process ids of the workers (for tests and benchmarks)."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            workers = list(self._all)
            self._all.clear()
        for worker in workers:
            worker.stop()
