"""Helpers shared by the tests: how many generated boards a property test runs.

The default ``pytest`` run is a quick loop for a working day; CI sets
``MTGSOLVER_PROFILE=ci`` (``.ci/run``) and every property test then runs its full count.
"""
from __future__ import annotations

import os

CI = os.environ.get("MTGSOLVER_PROFILE", "").lower() == "ci"


def runs(full: int, quick: int | None = None) -> int:
    """Examples for a property test: ``full`` under the CI profile, else ``quick``
    (a tenth of ``full``, at least 20, by default)."""
    if CI:
        return full
    return quick if quick is not None else max(20, full // 10)


class FirstChoice:
    """A chooser that takes the first option of every choice."""

    def choose(self, key: str, options) -> int:
        return 0
