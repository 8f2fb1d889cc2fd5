"""The rich console of human output on a terminal (imported only when it is needed:
:mod:`mtgsolver.cli.plain`)."""
from __future__ import annotations

from rich.console import Console, ConsoleDimensions

from mtgsolver.cli.plain import PIPE_WIDTH


class NoWrapConsole(Console):
    """A rich console that never wraps lines when its output is not a terminal."""

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        return size if self.is_terminal else ConsoleDimensions(PIPE_WIDTH, size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:  # pragma: no cover - rich's own setter
        self._width, self._height = new_size
