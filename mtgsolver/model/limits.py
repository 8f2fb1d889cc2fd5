"""The ranges of the numbers a board and a command's options may hold (docs/board-format.md).

Every answer is exact, so every number is bounded before a solver sees it: the CP-SAT
models hold 64-bit integers, and mana is counted, never one object per mana beyond these
amounts. A number out of its range is refused where it is read (exit status 2, HTTP 422),
naming the field; ``mtgsolver schema`` carries the ranges (``minimum``/``maximum``).

* :data:`NUMBER_LIMIT`: life, poison, power, toughness, loyalty, defense, counters, damage,
  keyword and effect numbers, counts of cards, timestamps, turn counts; any whole number
  written in a board, card text included (at most this, at least minus this).
* :data:`MANA_LIMIT`: mana: the mana value of a cost to pay, X, the mana in one player's
  pool, the mana one activation makes.
* :data:`COST_SYMBOLS`: the symbols of one cost to pay; :data:`KEEP_LIMIT`: the costs a
  payment keeps payable (each one more copy of the sources in the model); :data:`PLAN_LIMIT`:
  what one plan casts; :data:`TIME_LIMIT`: seconds a solver may be given; :data:`VALUES_LIMIT`:
  the values of one board (YAML aliases counted each time they repeat one).
"""
from __future__ import annotations

import itertools
from typing import Iterator

from mtgsolver.model.errors import UnsupportedError
from mtgsolver.model.mana import ManaCost

__all__ = ["CACHED_TEXT", "COMBINATION_LIMIT", "COST_SYMBOLS", "KEEP_LIMIT", "MANA_LIMIT", "NUMBER_LIMIT",
           "PLAN_LIMIT", "TIME_LIMIT", "VALUES_LIMIT", "check_mana", "color_combinations", "cost_problem"]

NUMBER_LIMIT = 1_000_000_000
MANA_LIMIT = 1_000
COST_SYMBOLS = 64
KEEP_LIMIT = 8
#: Values (numbers, strings, lists, mappings) in one board, YAML aliases counted each time.
VALUES_LIMIT = 1_000_000
#: Cards or abilities one ``plan`` casts.
PLAN_LIMIT = 32
TIME_LIMIT = 3600.0
#: Text longer than this is read each time it is given, never kept in a cache of readings
#: (a cache holds thousands of entries; a service's memory stays bounded whatever text it is sent).
CACHED_TEXT = 4096
#: Mana "in any combination of colors" is enumerated bundle by bundle where replacement effects
#: or triggers apply to it: at most this much at once (4,845 bundles of five colors).
COMBINATION_LIMIT = 16


def cost_problem(cost: ManaCost) -> str | None:
    """What is out of range in a mana cost to pay (``None``: nothing): more than
    :data:`COST_SYMBOLS` symbols, or a mana value over :data:`MANA_LIMIT`."""
    if len(cost.symbols) > COST_SYMBOLS:
        return f"{len(cost.symbols)} symbols; a cost has at most {COST_SYMBOLS}"
    if cost.mana_value > MANA_LIMIT:
        return f"mana value {cost.mana_value:,}; a cost to pay is at most {MANA_LIMIT:,} mana"
    return None


def color_combinations(colors: tuple[str, ...], n: int) -> Iterator[tuple[str, ...]]:
    """Every bundle of ``n`` mana of ``colors`` in any combination (``n`` up to
    :data:`COMBINATION_LIMIT`).

    :raises UnsupportedError: ``n`` larger than that.
    """
    if n > COMBINATION_LIMIT:
        raise UnsupportedError(f"{n} mana in any combination of colors under a replacement effect or trigger; "
                               f"mtgsolver enumerates at most {COMBINATION_LIMIT} (docs/board-format.md, ranges)")
    return itertools.combinations_with_replacement(colors, n)


def check_mana(amount: int, what: str) -> int:
    """``amount`` of mana that ``what`` makes, within :data:`MANA_LIMIT`.

    :raises UnsupportedError: more than that (a board may count that high; an answer lists the
        mana it pays with, so its size is kept bounded).
    """
    if amount > MANA_LIMIT:
        raise UnsupportedError(f"{what} makes {amount} mana; mtgsolver pays with at most {MANA_LIMIT:,} mana "
                               "from one source (docs/board-format.md, ranges)")
    return amount
