"""The loader: a board file read once (:mod:`mtgsolver.read`) and prepared once (:mod:`mtgsolver.rules`).

Every operation starts from the board as it is now: the printed permanents the board file
describes, with every continuous effect applied in layers (613). :func:`load_board` and
:func:`parse_board_text` read a board and prepare it; :func:`prepare` prepares a board built
in code (it does nothing to a board already prepared). The encodings and the rules they call
receive prepared boards and never prepare them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mtgsolver.model.board import Board
from mtgsolver.model.cards import CardLibrary
from mtgsolver.read.board_file import read_board, read_board_data, read_board_text
from mtgsolver.rules.layers import apply_layers

__all__ = ["load_board", "parse_board_data", "parse_board_text", "prepare"]


def prepare(board: Board) -> Board:
    """The board with its continuous effects applied (613); a prepared board is returned as it is.

    :raises BoardError: a declared attacker or blocker that is not a creature as the board is
        now (506.1: only creatures attack and block, 508.1a, 509.1a).
    """
    if board.layers is not None:
        return board
    prepared = apply_layers(board)
    _creatures_in_combat(prepared)
    return prepared


def _creatures_in_combat(board: Board) -> None:
    """Every declared attacker and blocker is a creature once the layers are applied (an
    animated land attacks; a Forest does not)."""
    if board.combat is None:
        return
    declared = [(f"combat.attackers[{i}].creature", a.creature, "attack", "508.1a")
                for i, a in enumerate(board.combat.attackers)]
    declared += [(f"combat.blockers[{i}].creature", b.creature, "block", "509.1a")
                 for i, b in enumerate(board.combat.blockers or ())]
    for path, pid, what, rule in declared:
        perm = board.permanent(pid)
        if not perm.is_creature:
            raise board.error(path, f"{perm.name} ({pid}) is not a creature; only creatures {what} ({rule}, 506.1)")


def load_board(source: str | Path | dict[str, Any], library: CardLibrary | None = None) -> Board:
    """Read, validate and prepare a board: a path, YAML or JSON text, or a dict.

    :raises BoardError: for anything that is not a valid board, naming the file and field
        (:func:`mtgsolver.read.board_file.read_board`).
    """
    return prepare(read_board(source, library))


def parse_board_text(text: str, file: str, library: CardLibrary | None = None, fmt: str | None = None) -> Board:
    """Read and prepare YAML or JSON text (``fmt``: ``"yaml"``, ``"json"`` or guessed from ``file``).

    :raises BoardError: for text that is not a valid board.
    """
    return prepare(read_board_text(text, file, library, fmt))


def parse_board_data(data: Any, file: str = "<board>", library: CardLibrary | None = None) -> Board:
    """Validate and prepare already parsed data (a dict, as from JSON or YAML).

    :raises BoardError: for data that is not a valid board.
    """
    return prepare(read_board_data(data, file, library))
