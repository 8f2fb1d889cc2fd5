"""Answers about frozen objects, remembered by the objects' identity.

Boards, permanents, effects and abilities are frozen, and the whole-turn search asks the same
question of the same object at every priority window; hashing a large frozen value would cost
more than the answer. Each answer is kept beside the object it is about, so the object stays alive
and its ``id`` can't be reused for another while the answer is remembered.
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

__all__ = ["IdentityMemo"]

T = TypeVar("T")
R = TypeVar("R")


class IdentityMemo(Generic[T, R]):
    """``compute`` remembered for each object it was asked of (at most ``limit`` at a time:
    all are forgotten when the limit is passed)."""

    def __init__(self, compute: Callable[[T], R], limit: int = 4096) -> None:
        self.compute = compute
        self.limit = limit
        self.known: dict[int, tuple[T, R]] = {}
        self.__doc__ = compute.__doc__
        self.__wrapped__ = compute  # as functools' caches: tests/conftest.py empties them alike

    def __call__(self, value: T) -> R:
        known = self.known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        if len(self.known) > self.limit:
            self.known.clear()
        found = self.compute(value)
        self.known[id(value)] = (value, found)
        return found

    def cache_clear(self) -> None:
        """Forget every answer."""
        self.known.clear()
