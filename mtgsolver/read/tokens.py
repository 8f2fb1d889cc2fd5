"""Predefined tokens (111.10) as :class:`~mtgsolver.model.effects.Token` values: Treasure,
Food, Gold, Clue and Blood are bundled cards (``mtgsolver/model/data/cards.yaml``), their text
read as a permanent's is, so that "Create a Treasure token" makes a token with "{T}, Sacrifice
this artifact: Add one mana of any color." (111.10a)."""
from __future__ import annotations

import functools

from mtgsolver.model.effects import Token
from mtgsolver.read.board_file import card_permanent
from mtgsolver.read.card_files import bundled_library

__all__ = ["PREDEFINED", "predefined_token"]

#: 111.10a-c, f-g: the predefined tokens bundled as cards.
PREDEFINED = ("Treasure", "Food", "Gold", "Clue", "Blood")


@functools.lru_cache(maxsize=None)
def predefined_token(name: str) -> Token:
    """The predefined token ``name`` (one of :data:`PREDEFINED`, any case).

    :raises KeyError: not a predefined token.
    """
    key = next((p for p in PREDEFINED if p.lower() == name.strip().lower()), None)
    if key is None:
        raise KeyError(name)
    library = bundled_library()
    card = library.get(key)
    perm = card_permanent(card, "token", "_", "_", library)
    return Token(card, perm.keywords, perm.protections, perm.abilities)
