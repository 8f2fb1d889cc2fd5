"""Every error the project raises on purpose, by what went wrong.

The model is the bottom layer, so every other layer (reading, rules, encodings, solvers,
commands and the edges) can name these. Each is a :class:`ValueError`: a value the caller
gave is wrong. An exception of any other class leaving a command is a bug in the project,
and the edges report it as an internal error (``mtgsolver.cli``: exit status 4).

- :class:`BoardError`: a board file or board data that is not a valid board.
- :class:`OptionError`: a command option that is not valid for the board.
- :class:`CardFileError`, :class:`UnknownCardError`: a card file that can't be read; a name no
  library knows.
- :class:`ManaCostError`: a mana cost that is not a sequence of 107.4 symbols.
- :class:`ManaAbilityError`: text that is not a mana ability the grammar reads.
- :class:`ModeError`: a mode that can't be chosen (700.2).
"""
from __future__ import annotations

__all__ = ["BoardError", "CardFileError", "ManaAbilityError", "ManaCostError", "ModeError", "OptionError",
           "UnknownCardError"]


class BoardError(ValueError):
    """An invalid board: ``file``, ``path`` (``battlefield[3].power``) and ``message``."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file, self.path, self.message = file, path, message
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {message}")


class OptionError(ValueError):
    """A bad option: ``path`` (``options.cost``) and ``message``, like the CLI's ``--cost: ...``."""

    def __init__(self, path: str, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}" if path else message)


class CardFileError(ValueError):
    """A card file that can't be read: missing, empty, corrupt, not JSON, or another layout."""


class UnknownCardError(KeyError):
    """A card name the library does not know; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


class ManaCostError(ValueError):
    """A mana cost string that is not a sequence of 107.4 symbols.

    ``symbol`` holds the offending symbol (or fragment) and ``text`` the whole string.
    """

    def __init__(self, text: str, symbol: str, reason: str = "unknown mana symbol") -> None:
        self.text = text
        self.symbol = symbol
        super().__init__(f"{reason} {symbol!r} in mana cost {text!r}")


class ManaAbilityError(ValueError):
    """Text that is not a mana ability this grammar understands."""


class ModeError(ValueError):
    """A mode that can't be chosen now, with the rule that forbids it."""
