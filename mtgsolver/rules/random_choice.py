"""Choosing a card at random from a graveyard as an ability resolves (Deadbridge Chant).

The ability targets nothing (115.10): on the stack it holds only whose graveyard it looks
in, so the card is picked from that graveyard as it is at resolution (608.2), each card with
an equal chance. Cards put there in response may be chosen; cards gone in response can't.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["RandomGraveyardChoice"]


@dataclass(frozen=True)
class RandomGraveyardChoice:
    """"Choose a card at random in your graveyard" on the stack, controlled by ``player``.

    Examples
    --------
    >>> ability = RandomGraveyardChoice("Ann")
    >>> graveyards = {"Ann": ("Forest", "Llanowar Elves")}
    >>> ability.resolve(graveyards, random.Random(7)) in graveyards["Ann"]
    True
    >>> ability.resolve({"Ann": ()}, random.Random(7)) is None
    True
    """

    player: str

    def resolve(self, graveyards: Mapping[str, Sequence[str]], rng: random.Random) -> str | None:
        """The card chosen from ``graveyards[player]`` now, uniformly; ``None`` if it is empty.

        Each entry is one card, so two copies of a name are twice as likely as one. ``rng``
        makes the choice reproducible: same graveyard and seed, same card.
        """
        cards = graveyards.get(self.player, ())
        if not cards:
            return None
        return cards[rng.randrange(len(cards))]
