"""The game as data: mana, cards, permanents, players, effects and board files.

No solver imports here (the layers point down: solver -> encodings -> model). Each name
loads its module on first use (PEP 562), so that importing one part of the model (a
:class:`Board` for a solver) does not build the board-file schema (pydantic) or the grammars.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .abilities import Static
    from .board import Attack, Block, Board, CombatDeclaration, PoolMana
    from .board_file import BoardError, board_json_schema, load_board, parse_board_text
    from .cards import Card, CardLibrary, UnknownCardError, bundled_library
    from .effects import Effect
    from .filters import CreatureFilter, PlayerFilter
    from .mana import MANA_TYPES, Color, ManaCost, ManaCostError, ManaSymbol
    from .mana_abilities import ManaAbility, parse_mana_ability
    from .permanent import Permanent, Player, TextAbility

_MODULES = {
    "abilities": ("Static",),
    "board": ("Attack", "Block", "Board", "CombatDeclaration", "PoolMana"),
    "board_file": ("BoardError", "board_json_schema", "load_board", "parse_board_text"),
    "cards": ("Card", "CardLibrary", "UnknownCardError", "bundled_library"),
    "effects": ("Effect",),
    "filters": ("CreatureFilter", "PlayerFilter"),
    "mana": ("MANA_TYPES", "Color", "ManaCost", "ManaCostError", "ManaSymbol"),
    "mana_abilities": ("ManaAbility", "parse_mana_ability"),
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
