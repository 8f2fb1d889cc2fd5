"""The game as data: frozen values that hold no rules and read no text.

In reading order: mana (``mana``: symbols and costs, 107, 202), cards (``cards``; ``subtypes``,
the subtypes of 205.3 with their card types), the board vocabulary of abilities (``keywords``,
``abilities``, ``filters``, ``attack_tax``, ``mana_abilities``, ``continuous``, ``modes``),
permanents and players (``permanent``), the other zones and the turn (``zones``), effects no
permanent carries (``board_effects``), combat declarations (``combat``), puzzles (``puzzle``),
what the layers changed (``provenance``), the board (``board``), unread lines (``unread``) and
every named error (``errors``).

Nothing here imports the rest of the project: the readers (:mod:`mtgsolver.read`) make these
values, the rules (:mod:`mtgsolver.rules`) compute on them. Each name below loads its module on
first use (PEP 562).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from mtgsolver.model.abilities import Static
    from mtgsolver.model.board import Board, PoolMana
    from mtgsolver.model.board_effects import Effect
    from mtgsolver.model.cards import Card, CardLibrary
    from mtgsolver.model.combat import Attack, Block, CombatDeclaration
    from mtgsolver.model.errors import (
        BoardError,
        CardFileError,
        ManaAbilityError,
        ManaCostError,
        ModeError,
        OptionError,
        RequestError,
        UnknownCardError,
        UnsupportedError,
        UserError,
        VocabularyError,
    )
    from mtgsolver.model.filters import CreatureFilter, PlayerFilter
    from mtgsolver.model.mana import MANA_TYPES, Color, ManaCost, ManaSymbol
    from mtgsolver.model.mana_abilities import ManaAbility
    from mtgsolver.model.permanent import Permanent, Player, TextAbility

_MODULES = {
    "abilities": ("Static",),
    "board": ("Board", "PoolMana"),
    "board_effects": ("Effect",),
    "cards": ("Card", "CardLibrary"),
    "combat": ("Attack", "Block", "CombatDeclaration"),
    "errors": ("BoardError", "CardFileError", "ManaAbilityError", "ManaCostError", "ModeError", "OptionError",
               "RequestError", "UnknownCardError", "UnsupportedError", "UserError", "VocabularyError"),
    "filters": ("CreatureFilter", "PlayerFilter"),
    "mana": ("MANA_TYPES", "Color", "ManaCost", "ManaSymbol"),
    "mana_abilities": ("ManaAbility",),
    "permanent": ("Permanent", "Player", "TextAbility"),
}
_API = {name: module for module, names in _MODULES.items() for name in names}
__all__ = sorted(_API)


def __getattr__(name: str) -> Any:  # PEP 562: import the name's module when first asked
    if name in _API:
        return getattr(import_module(f"{__name__}.{_API[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(k for k in globals() if k.startswith("__"))})
