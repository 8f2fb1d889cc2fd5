"""Memory stays flat under load: 10,000 mixed requests through the service in one process, and
10,000 through a batch worker's function, hold no more memory after the last than after the
first 1,000, within :data:`TOLERANCE` (resident memory of this process; caches that keep
boards would grow it by tens of megabytes a thousand requests). CI's profile only: minutes."""
from __future__ import annotations

import gc
import json
import os
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mtgsolver.batch import answer_chunk
from mtgsolver.service import create_app
from mtgsolver.workers import resident_bytes

from .support import ci_only

pytestmark = [pytest.mark.slow, ci_only("a soak of minutes")]

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
REQUESTS, WARM = 10_000, 1_000
#: Growth of resident memory allowed between request 1,000 and request 10,000.
TOLERANCE = 16 << 20


#: The mix (examples/batch-mixed.jsonl): every kind of command, the mana ones (whose caches
#: leaked boards) most often, and one refusal.
MIX = [(r["command"], r["board"], r["options"]) for r in map(json.loads, (EXAMPLES / "batch-mixed.jsonl").open())]


def _flat(ask) -> tuple[int, int]:
    """Resident memory after :data:`WARM` requests and after :data:`REQUESTS`."""
    marks = {}
    for i in range(REQUESTS):
        ask(*MIX[i % len(MIX)], i)
        if i + 1 in (WARM, REQUESTS):
            gc.collect()
            marks[i + 1] = resident_bytes(os.getpid())
    return marks[WARM], marks[REQUESTS]


def test_the_service_holds_flat_memory_over_ten_thousand_requests() -> None:
    client = TestClient(create_app())

    def ask(name: str, board: Any, options: dict[str, Any], _: int) -> None:
        r = client.post("/" + name.replace(" ", "/"), json={"board": board, "options": options})
        assert r.status_code in (200, 422), r.text

    warm, end = _flat(ask)
    assert end - warm < TOLERANCE, f"resident memory grew {(end - warm) >> 20} MB from request {WARM} to {REQUESTS}"


def test_a_batch_worker_holds_flat_memory_over_ten_thousand_items() -> None:
    def ask(name: str, board: Any, options: dict[str, Any], i: int) -> None:
        item = json.loads(json.dumps({"id": i, "command": name, "board": board, "options": options}))
        (answer,) = answer_chunk([item])
        assert answer["exit"] in (0, 1, 2, 3), answer

    warm, end = _flat(ask)
    assert end - warm < TOLERANCE, f"resident memory grew {(end - warm) >> 20} MB from item {WARM} to {REQUESTS}"
