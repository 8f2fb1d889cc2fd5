"""The rich console of human output on a terminal (imported only when it is needed:
:mod:`mtgsolver.cli.plain`)."""
from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleDimensions


class NoWrapConsole(Console):
    """A rich console that never wraps lines when its output is not a terminal: off a terminal
    its width is ``pipe_width``."""

    def __init__(self, *args: Any, pipe_width: int, **kwargs: Any) -> None:
        self.pipe_width = pipe_width
        super().__init__(*args, **kwargs)

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        return size if self.is_terminal else ConsoleDimensions(self.pipe_width, size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:  # pragma: no cover - rich's own setter
        self._width, self._height = new_size
