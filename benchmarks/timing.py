"""The timing helpers the benchmark scripts share."""
from __future__ import annotations

import os
import statistics
import time
from typing import Callable


def median_times(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall-clock seconds and median CPU seconds (``time.process_time``) of ``repeat``
    calls of ``fn``: on a shared machine other processes' work inflates only the first."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return statistics.median(walls), statistics.median(cpus)


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    """Median wall-clock seconds of ``repeat`` calls of ``fn``."""
    return median_times(fn, repeat)[0]


def load_average() -> float:
    """The machine's load average over the last minute (how shared it was)."""
    return os.getloadavg()[0]
