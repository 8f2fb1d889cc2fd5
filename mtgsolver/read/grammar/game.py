"""Oracle sentences on how the game ends for a permanent's controller (CR 104.2, 104.3, 704.5a).

The ``game`` family of :mod:`mtgsolver.read.grammar`: a lark grammar (``game.lark``) whose
sentences are constant vocabulary entries (:data:`CONSTANTS`).

Examples
--------
>>> read("You can't lose the game and your opponents can't win the game.", "Platinum Angel")
['cant_lose_game', 'opponents_cant_win_game']
>>> read("You can't win the game and your opponents can't lose the game.", "Abyssal Persecutor")
['cant_win_game', 'opponents_cant_lose_game']
>>> read("You don't lose the game for having 0 or less life.", "Phyrexian Unlife")
['doesnt_lose_for_life']
>>> read("You can't lose the game this turn.", "Angel's Grace") is None
True
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedInput

from mtgsolver.read.grammar.tables import ConstantRules

__all__ = ["read"]

_HERE = Path(__file__).parent


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "game.lark").read_text(), parser="earley", lexer="dynamic")


def read(line: str, name: str) -> list[Any] | None:
    """The vocabulary entries of ``line`` (one sentence of rules text), or ``None`` when the
    grammar does not read it whole; an error of the compiler itself is raised, not read as
    ``None`` (a line left unread would hide it)."""
    low = line.strip().lower().replace("\u2019", "'")
    if "the game" not in low:
        return None
    try:
        return _Compile().transform(_parser().parse(low))
    except UnexpectedInput:  # the parse's errors only; a VisitError is the compiler's
        return None


#: The constant rules of ``game.lark``: rule or alias -> its entry (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    "cant_lose": "cant_lose_game",  # 104.3
    "no_life_loss": "doesnt_lose_for_life",  # 704.5a
    "opponents_cant_win": "opponents_cant_win_game",  # 104.2b
    "cant_win": "cant_win_game",  # 104.2b
    "opponents_cant_lose": "opponents_cant_lose_game",  # 104.3
}


class _Compile(ConstantRules, constants=CONSTANTS):
    """Trees of ``game.lark`` to vocabulary entries."""

    def start(self, items: list[Any]) -> list[Any]:
        return list(items)
