"""Every error the project raises on purpose, by what went wrong.

The model is the bottom layer, so every other layer (reading, rules, encodings, solvers,
commands and the edges) can name these. Each is a :class:`UserError`, and so a
:class:`ValueError`: something the user gave (a board, an option, a card file, a function's
argument) is wrong, or asks what the project refuses by design. An exception of any other
class leaving a command, a bare ``ValueError`` included, is a bug in the project, and the
edges report it as an internal error (``mtgsolver.cli``: exit status 4; the service: 500;
the batch runner: an ``internal`` error for that item).

- :class:`BoardError`: a board file or board data that is not a valid board.
- :class:`OptionError`: a command option, or a function's argument, that is not valid for
  the board.
- :class:`RequestError`: a service or batch request of the wrong shape (an unknown command).
- :class:`VocabularyError`: a keyword, ability, filter, effect or color the board vocabulary
  does not know; whoever read it from a file or an option names the place (as a
  :class:`BoardError` or :class:`OptionError`).
- :class:`CardFileError`, :class:`UnknownCardError`: a card file that can't be read; a name no
  library knows.
- :class:`ManaCostError`: a mana cost that is not a sequence of 107.4 symbols.
- :class:`ManaAbilityError`: text that is not a mana ability the grammar reads.
- :class:`ModeError`: a mode that can't be chosen (700.2).
- :class:`UnsupportedError`: a question the rules allow that the project does not answer, by
  design (a cost with {Y}, several spells with X in one plan): refused, never guessed.
"""
from __future__ import annotations

import re
from typing import Callable

__all__ = ["REPORT", "BoardError", "CardFileError", "ManaAbilityError", "ManaCostError", "ModeError", "OptionError",
           "RequestError", "UnknownCardError", "UnsupportedError", "UserError", "VocabularyError",
           "internal_error"]


class UserError(ValueError):
    """A deliberate, user-facing error: the input is wrong or asks what is refused by design.
    Its message says what and where; the edges show it as bad input (exit status 2, HTTP 422)."""


class BoardError(UserError):
    """An invalid board: ``file``, ``path`` (``battlefield[3].power``) and ``message``."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file, self.path, self.message = file, path, message
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {message}")


_MENTION = re.compile(r"`([a-z_]+)`")


class OptionError(UserError):
    """A bad option, or a bad argument of a function: ``path`` (``cost``, ``keep[1]``; empty
    when it is about several options at once) and ``message``. The service and the batch
    runner show it as ``options.cost: ...``, the CLI as ``--cost: ...``.

    The message names other options in backquotes (``give `x` or `max_x`, not both``), so
    that each edge can name them its own way (:meth:`text`: the CLI's ``--max-x``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}" if path else message)

    @property
    def option(self) -> str:
        """The option's name: the path without an index or a field (``keep`` of ``keep[1]``)."""
        return re.split(r"[.\[]", self.path, maxsplit=1)[0]

    def renamed(self, name: Callable[[str], str]) -> "OptionError":
        """This error with each option called ``name(option)``: in the path and in the message."""
        head = self.option
        path = name(head) + self.path[len(head):] if head else ""
        return OptionError(path, _MENTION.sub(lambda m: f"`{name(m.group(1))}`", self.message))

    def text(self, name: Callable[[str], str]) -> str:
        """The message with each option called ``name(option)``, unquoted, after the option
        of the path (``--cost: empty; ...``)."""
        message = _MENTION.sub(lambda m: name(m.group(1)), self.message)
        return f"{name(self.option)}: {message}" if self.path else message


class RequestError(UserError):
    """A request to the service or the batch runner that is not of the right shape: an unknown
    command, no board, an unknown key. ``path`` names the key (``command``, ``board``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}" if path else message)


class VocabularyError(UserError):
    """A keyword, ability, filter, effect or color that the board vocabulary does not know, or
    an entry of the wrong shape; the reader of the file or option adds the place."""


class CardFileError(UserError):
    """A card file that can't be read: missing, empty, corrupt, not JSON, or another layout."""


class UnknownCardError(UserError, KeyError):
    """A card name the library does not know; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


class ManaCostError(UserError):
    """A mana cost string that is not a sequence of 107.4 symbols.

    ``symbol`` holds the offending symbol (or fragment) and ``text`` the whole string.
    """

    def __init__(self, text: str, symbol: str, reason: str = "unknown mana symbol") -> None:
        self.text = text
        self.symbol = symbol
        super().__init__(f"{reason} {symbol!r} in mana cost {text!r}")


class ManaAbilityError(UserError):
    """Text that is not a mana ability this grammar understands."""


class ModeError(UserError):
    """A mode that can't be chosen now, with the rule that forbids it."""


class UnsupportedError(UserError):
    """A question the Comprehensive Rules allow that this project does not answer, by design
    (a cost with {Y} or {Z}, several spells with X in one plan): refused rather than answered
    on a guess. The message says what is not supported and, where there is one, what to ask
    instead."""


#: what an internal error asks of whoever meets it
REPORT = "this is a bug in mtgsolver, not in your input: please report it with the command and the board"


def internal_error(exc: BaseException) -> dict[str, str]:
    """An unexpected exception (not a :class:`UserError`) as the edges report it, never with
    its traceback: ``{"kind": "internal", "type", "message", "report"}``."""
    return {"kind": "internal", "type": type(exc).__name__, "message": str(exc), "report": REPORT}
