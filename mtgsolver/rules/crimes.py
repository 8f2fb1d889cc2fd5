"""Committing a crime (700.13).

A player commits a crime as they cast a spell, activate an ability, or put a triggered
ability on the stack that targets at least one opponent; at least one permanent, spell or
ability an opponent controls; and/or at least one card in an opponent's graveyard. Only the
initial targets count (115.7 changes don't), one crime per spell or ability, and the crime
is committed whether or not it resolves. Opponents are every other player (102.2, 102.3;
no teams in this model).
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from mtgsolver.model.errors import OptionError
from mtgsolver.rules.targets import CardTarget, PermanentTarget, PlayerTarget, StackTarget, Target

if TYPE_CHECKING:
    from mtgsolver.model.board import Board

__all__ = ["CrimeTrigger", "Event", "StackEntry", "announce", "board_target", "crime_triggers",
           "crimes_committed", "is_crime", "opponents"]


def opponents(player: str, players: Collection[str]) -> frozenset[str]:
    """Every player other than ``player`` (102.2, 102.3).

    :raises OptionError: ``player`` is not one of ``players``.
    """
    if player not in players:
        raise OptionError("player", f"unknown player {player!r}; players are {sorted(players)}")
    return frozenset(p for p in players if p != player)


def _target_player(target: Target) -> str | None:
    """The player whose target it is for 700.13, or ``None`` if it can't make a crime."""
    if isinstance(target, PlayerTarget):
        return target.player
    if isinstance(target, (PermanentTarget, StackTarget)):
        return target.controller
    if isinstance(target, CardTarget):
        return target.owner if target.zone == "graveyard" else None
    raise TypeError(f"not a target: {target!r}")


def is_crime(controller: str, initial_targets: Iterable[Target], players: Collection[str]) -> bool:
    """Whether putting a spell or ability with these initial targets on the stack is a crime.

    Parameters
    ----------
    controller:
        The player casting, activating, or putting the triggered ability on the stack.
    initial_targets:
        The targets chosen for it then (601.2c, 602.2b, 603.3d).
    players:
        Every player in the game.

    Examples
    --------
    >>> is_crime("Ann", [PermanentTarget("bear", controller="Bo")], ["Ann", "Bo", "Cy"])
    True
    >>> is_crime("Ann", [CardTarget("Shock", owner="Ann"), PlayerTarget("Ann")], ["Ann", "Bo"])
    False

    :raises OptionError: ``controller``, or the player a target belongs to, is not one of ``players``.
    """
    foes = opponents(controller, players)
    whose = [(t, _target_player(t)) for t in initial_targets]
    for target, who in whose:
        if who is not None and who not in players:
            raise OptionError("initial_targets", f"{target!r} names unknown player {who!r}; "
                                                 f"players are {sorted(players)}")
    return any(who in foes for _, who in whose)


@dataclass(frozen=True)
class StackEntry:
    """A spell cast, ability activated or triggered ability put on the stack.

    ``initial_targets`` are fixed as it is put on the stack; :meth:`retarget` (115.7) changes
    only ``targets``.
    """

    controller: str
    action: Literal["cast", "activate", "trigger"]
    initial_targets: tuple[Target, ...] = ()
    targets: tuple[Target, ...] | None = None

    @property
    def current_targets(self) -> tuple[Target, ...]:
        return self.initial_targets if self.targets is None else self.targets

    def retarget(self, new_targets: Iterable[Target]) -> "StackEntry":
        """This entry with its targets changed (115.7); the initial targets stay recorded."""
        return replace(self, targets=tuple(new_targets))

    def commits_crime(self, players: Collection[str]) -> bool:
        """Whether its controller committed a crime by putting it on the stack (700.13)."""
        return is_crime(self.controller, self.initial_targets, players)


@dataclass(frozen=True)
class Event:
    """A game event that abilities can trigger on: ``kind`` is the entry's action or "crime"."""

    kind: str
    player: str
    entry: StackEntry


def announce(entry: StackEntry, players: Collection[str]) -> tuple[Event, ...]:
    """The events of the moment ``entry`` is finished being put on the stack.

    The cast/activate/trigger event (601.2i, 602.2b, 603.3) and, if it is a crime, one
    "crime" event (700.13). They happen together, so abilities triggering on either trigger
    at the same time (603.2) and go on the stack above ``entry`` (603.3), resolving first.

    Examples
    --------
    >>> hit = StackEntry("Ann", "cast", (PlayerTarget("Bo"), PlayerTarget("Cy")))
    >>> [e.kind for e in announce(hit, ["Ann", "Bo", "Cy"])]
    ['cast', 'crime']
    """
    events = [Event(entry.action, entry.controller, entry)]
    if entry.commits_crime(players):
        events.append(Event("crime", entry.controller, entry))
    return tuple(events)


def crimes_committed(player: str, entries: Iterable[StackEntry], players: Collection[str]) -> int:
    """How many crimes ``player`` committed putting ``entries`` on the stack: one per entry."""
    return sum(1 for e in entries if e.controller == player and e.commits_crime(players))


_CRIME_TRIGGER = re.compile(
    r"^Whenever you commit a crime, (?P<effect>[^.]+)\.(?P<once> This ability triggers only once each turn\.)?"
    r"(?: \([^)]*\))?$")


@dataclass(frozen=True)
class CrimeTrigger:
    """A "whenever you commit a crime" ability of a permanent; ``once_each_turn`` if it
    "triggers only once each turn" (603.2h)."""

    permanent: str
    effect: str
    once_each_turn: bool


def crime_triggers(board: "Board", player: str) -> tuple[CrimeTrigger, ...]:
    """The "whenever you commit a crime" abilities of the permanents ``player`` controls,
    read from their rules text lines."""
    out = []
    for perm in board.controlled_by(player):
        for line in perm.lines:
            m = _CRIME_TRIGGER.match(line)
            if m:
                out.append(CrimeTrigger(perm.id, m.group("effect"), bool(m.group("once"))))
    return tuple(out)


def board_target(board: "Board", target: str) -> Target:
    """A board id (player, permanent, stack item or card in a zone) as a :data:`Target`.

    :raises OptionError: ``target`` is none of these.
    """
    if board.is_player(target):
        return PlayerTarget(target)
    if board.has_permanent(target):
        perm = board.permanent(target)
        return PermanentTarget(perm.id, perm.controller, perm.owner)
    item = board.stack_item(target)
    if item is not None:
        return StackTarget(item.id, item.controller)
    found = board.zone_card(target)
    if found is not None:
        owner, zone, card = found
        return CardTarget(card.name, owner, zone)
    raise OptionError("target", f"{target!r} is not a player, permanent, stack item or card in a zone")
