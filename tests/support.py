"""Helpers shared by the tests: how many generated boards a property test runs.

The default ``pytest`` run is a quick loop for a working day; CI sets
``MTGSOLVER_PROFILE=ci`` (``.ci/run``) and every property test then runs its full count.
"""
from __future__ import annotations

import os

import pytest

CI = os.environ.get("MTGSOLVER_PROFILE", "").lower() == "ci"


def runs(full: int, quick: int | None = None) -> int:
    """Examples for a property test: ``full`` under the CI profile, else ``quick``
    (a tenth of ``full``, at least 20, by default)."""
    if CI:
        return full
    return quick if quick is not None else max(20, full // 10)


def ci_only(reason: str) -> pytest.MarkDecorator:
    """Skip outside CI's profile: ``reason`` says what makes the test too long for the quick loop
    (the whole card pool, a browser, processes killed, a search of seconds)."""
    return pytest.mark.skipif(not CI, reason=f"{reason}: runs under MTGSOLVER_PROFILE=ci")


class FirstChoice:
    """A chooser that takes the first option of every choice."""

    def choose(self, key: str, options) -> int:
        return 0
