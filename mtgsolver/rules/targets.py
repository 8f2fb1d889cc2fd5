"""What a spell or ability can target, described plainly, and whether it still resolves.

Rules: 115.1 (targets), 400.3 (a card in a graveyard is in its owner's graveyard),
608.2b (a spell or ability whose every target is illegal doesn't resolve).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["CardTarget", "PermanentTarget", "PlayerTarget", "StackTarget", "Target", "resolves"]


@dataclass(frozen=True)
class PlayerTarget:
    """A player."""

    player: str


@dataclass(frozen=True)
class PermanentTarget:
    """A permanent; ``controller`` is who controls it now, ``owner`` who owns it (if known)."""

    id: str
    controller: str
    owner: str | None = None


@dataclass(frozen=True)
class StackTarget:
    """A spell or an ability on the stack and its controller."""

    id: str
    controller: str


@dataclass(frozen=True)
class CardTarget:
    """A card in a zone other than the battlefield and stack; ``owner`` owns it.

    In a graveyard the card is in its owner's graveyard (400.3).
    """

    card: str
    owner: str
    zone: str = "graveyard"


Target = PlayerTarget | PermanentTarget | StackTarget | CardTarget


def resolves(targets: Sequence[Target], is_legal: Callable[[Target], bool]) -> bool:
    """Whether a spell or ability with ``targets`` resolves as it tries to (608.2b).

    It doesn't resolve, and none of its effects happen, if it has targets and every one is
    now illegal. One with no targets always resolves.

    Examples
    --------
    >>> resolves((PlayerTarget("Bo"),), is_legal=lambda t: False)
    False
    """
    return not targets or any(is_legal(t) for t in targets)
