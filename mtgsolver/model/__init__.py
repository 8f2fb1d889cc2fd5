"""The game as data: mana, cards, permanents, players, effects and board files.

No solver imports here (the layers point down: solver -> encodings -> model).
"""
from .abilities import Static
from .board import Attack, Block, Board, CombatDeclaration, PoolMana
from .board_file import BoardError, board_json_schema, load_board, parse_board_text
from .cards import Card, CardLibrary, UnknownCardError, bundled_library
from .effects import Effect
from .filters import CreatureFilter, PlayerFilter
from .mana import MANA_TYPES, Color, ManaCost, ManaCostError, ManaSymbol
from .mana_abilities import ManaAbility, parse_mana_ability
from .permanent import Permanent, Player, TextAbility

__all__ = [
    "Attack", "Block", "Board", "BoardError", "Card", "CardLibrary", "Color", "CombatDeclaration",
    "CreatureFilter", "Effect", "MANA_TYPES", "ManaAbility", "ManaCost", "ManaCostError", "ManaSymbol",
    "Permanent", "Player", "PlayerFilter", "PoolMana", "Static", "TextAbility", "UnknownCardError",
    "board_json_schema", "bundled_library", "load_board", "parse_board_text", "parse_mana_ability",
]
