"""mtgsolver: exact Magic: The Gathering combat and mana answers on CP-SAT.

The API, importable from the top level (each name loads its module, and the solvers load
OR-Tools, on first use)::

    from mtgsolver import load_board, check_blocks
    result = check_blocks(load_board("examples/lure-menace.yaml"))
    result.legal, result.to_dict(), result.to_json()

Boards
    load_board(source, cards=None)
        A :class:`Board` from a path, YAML or JSON text, or a dict; ``cards`` (an MTGJSON file)
        adds to the bundled card library. Raises :class:`BoardError` (file, field path, message).
    parse_board_text(text, file, library=None), prepare(board), bundled_library()
    Board, BoardError, OptionError, CardLibrary, ManaCost
Operations (each returns a frozen result with a verdict, reasons citing rules, ``unread``,
``to_dict()`` and ``to_json()``; a verdict of ``None`` is undecided)
    check_blocks(board), suggest_blocks(board, objective)        -> CombatResult (509.1)
    check_attacks(board), suggest_attacks(board, objective)      -> CombatResult (508.1)
    pay(board, cost, player=None, keep=(), x=None, maximize_x=False, ...) -> PaymentResult (601.2g-h)
    could_produce(board, permanent=None)                         -> ProduceResult (106.7)
    combat_damage(board)                                         -> DamageResult (510)
    solve_goal(board, goal=None)                                 -> SolveResult (a puzzle's goal)
    plan(board, cast, player=None, ...)                          -> PlanResult (a turn's spells, 601.2)
    resolve(board, actions, x=(), mode=(), free=False, choose=()) -> ResolveResult (the board after, 608)
    chance(board, permanent)                                     -> ChanceResult (a random choice)
Results and their parts
    CombatResult, Violation, PaymentResult, Reason, ProduceResult, DamageResult, SolveResult,
    PlanResult, ResolveResult, ChanceResult, UnreadLine
    (``UnreadLine``: a line of card text this project does not read, ``docs/unread.md``)
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    from mtgsolver.load import parse_board_text, prepare
    from mtgsolver.model.board import Board
    from mtgsolver.model.cards import CardLibrary
    from mtgsolver.model.errors import BoardError, OptionError
    from mtgsolver.model.mana import ManaCost
    from mtgsolver.model.unread import UnreadLine
    from mtgsolver.read.card_files import bundled_library
    from mtgsolver.solver.attacks import check_attacks, suggest_attacks
    from mtgsolver.solver.blocks import check_blocks, suggest_blocks
    from mtgsolver.solver.chance import ChanceResult, chance
    from mtgsolver.solver.damage import DamageResult, combat_damage
    from mtgsolver.solver.payment import PaymentResult, Reason, pay
    from mtgsolver.solver.plan import PlanResult, plan
    from mtgsolver.solver.produce import ProduceResult, could_produce
    from mtgsolver.solver.puzzle import SolveResult, solve_goal
    from mtgsolver.solver.resolve import ResolveResult, resolve
    from mtgsolver.solver.result import CombatResult, Violation

__version__ = "0.1.0"

_API = {
    "Board": "mtgsolver.model.board",
    "BoardError": "mtgsolver.model.errors",
    "OptionError": "mtgsolver.model.errors",
    "CardLibrary": "mtgsolver.model.cards",
    "ManaCost": "mtgsolver.model.mana",
    "parse_board_text": "mtgsolver.load",
    "prepare": "mtgsolver.load",
    "bundled_library": "mtgsolver.read.card_files",
    "UnreadLine": "mtgsolver.model.unread",
    "check_blocks": "mtgsolver.solver.blocks",
    "suggest_blocks": "mtgsolver.solver.blocks",
    "check_attacks": "mtgsolver.solver.attacks",
    "suggest_attacks": "mtgsolver.solver.attacks",
    "pay": "mtgsolver.solver.payment",
    "PaymentResult": "mtgsolver.solver.payment",
    "Reason": "mtgsolver.solver.payment",
    "could_produce": "mtgsolver.solver.produce",
    "ProduceResult": "mtgsolver.solver.produce",
    "combat_damage": "mtgsolver.solver.damage",
    "DamageResult": "mtgsolver.solver.damage",
    "solve_goal": "mtgsolver.solver.puzzle",
    "SolveResult": "mtgsolver.solver.puzzle",
    "plan": "mtgsolver.solver.plan",
    "PlanResult": "mtgsolver.solver.plan",
    "resolve": "mtgsolver.solver.resolve",
    "ResolveResult": "mtgsolver.solver.resolve",
    "chance": "mtgsolver.solver.chance",
    "ChanceResult": "mtgsolver.solver.chance",
    "CombatResult": "mtgsolver.solver.result",
    "Violation": "mtgsolver.solver.result",
}
__all__ = sorted([*_API, "load_board", "__version__"])


def load_board(source: "str | Path | dict[str, Any]", cards: "str | Path | None" = None,
               library: "CardLibrary | None" = None) -> "Board":
    """Read and validate a board.

    Parameters
    ----------
    source:
        A path to a ``.yaml``/``.yml``/``.json`` file, the board as YAML or JSON text, or a dict.
    cards:
        An MTGJSON AtomicCards file whose cards add to the bundled library (its cards win
        on a clash of names).
    library:
        A whole :class:`CardLibrary` to use instead (``cards`` then adds to it).

    Raises
    ------
    BoardError
        For anything that is not a valid board, naming the file and field path.
    """
    from mtgsolver.load import load_board as _load
    from mtgsolver.read.card_files import bundled_library, library_from_card_file

    base = library or bundled_library()
    if cards is not None:
        base = base.merged(library_from_card_file(cards))
    return _load(source, base)


def __getattr__(name: str) -> Any:  # PEP 562: import the operation's module when first asked
    if name in _API:
        return getattr(import_module(_API[name]), name)
    raise AttributeError(f"module 'mtgsolver' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(k for k in globals() if k.startswith("__"))})
