"""The board: one moment of a game (players, permanents, zones, the stack, the turn,
effects, mana pools, combat)."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Hashable, Iterator, Mapping, TypeVar

from mtgsolver.model.board_effects import Effect
from mtgsolver.model.combat import Attack, Block, CombatDeclaration
from mtgsolver.model.errors import BoardError
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.model.provenance import LayerResult
from mtgsolver.model.puzzle import Puzzle
from mtgsolver.model.zones import PlayerZones, StackItem, TurnInfo, ZoneCard

__all__ = ["Attack", "Block", "Board", "CombatDeclaration", "PoolMana"]

T = TypeVar("T")


@dataclass(frozen=True)
class PoolMana:
    """Mana in a player's pool (106.4): its type, whether a snow source made it (106.3),
    the spell types it may be spent on (``None``: any), how much of it there is, and the sources
    whose activated abilities it may pay too (602.2b; ``None``: none unless ``spend_only`` is)."""

    type: str
    snow: bool = False
    spend_only: frozenset[str] | None = None
    amount: int = 1
    spend_abilities: frozenset[str] | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """A validated board. Build one with :func:`mtgsolver.load_board` or directly."""

    active_player: str
    players: tuple[Player, ...]
    permanents: tuple[Permanent, ...] = ()
    effects: tuple[Effect, ...] = ()
    mana_pools: Mapping[str, tuple[PoolMana, ...]] = field(default_factory=lambda: MappingProxyType({}))
    combat: CombatDeclaration | None = None
    source: str | None = None  # the file it came from, for messages
    zones: Mapping[str, PlayerZones] = field(default_factory=lambda: MappingProxyType({}))
    stack: tuple[StackItem, ...] = ()  # bottom first (405.2)
    turn: TurnInfo = field(default_factory=TurnInfo)
    puzzle: Puzzle | None = None  # the board file's puzzle: section
    notes: tuple[str, ...] = ()  # remarks on how the file was read (a missing version:)
    day_night: str | None = None  # "day", "night" or None: neither yet (726)
    # what mtgsolver.rules.layers made of the printed board: printed permanents and effects,
    # and each permanent's changes with their sources (613); None: not layered
    layers: LayerResult | None = None

    def __post_init__(self) -> None:
        zones = {p.name: self.zones.get(p.name, PlayerZones()) for p in self.players}
        object.__setattr__(self, "zones", MappingProxyType(zones))
        object.__setattr__(self, "_memo", {})

    # the look-up tables, each made on first use (a search makes many boards it asks little of)
    @functools.cached_property
    def _by_id(self) -> dict[str, Permanent]:
        return {p.id: p for p in self.permanents}

    @functools.cached_property
    def _players(self) -> dict[str, Player]:
        return {p.name: p for p in self.players}

    @functools.cached_property
    def _zone_cards(self) -> dict[str, tuple[str, str, ZoneCard]]:
        cards: dict[str, tuple[str, str, ZoneCard]] = {}
        for player, z in self.zones.items():
            for zone, held in reversed(z.by_zone()):  # the first zone holding an id names it
                cards.update((c.id, (player, zone, c)) for c in held)
        return cards

    def memo(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, computed once per board and ``key``: what the rules work out from a
        board is kept on the board itself and freed with it (no module cache keeps a board)."""
        memo: dict[Hashable, object] = self._memo  # type: ignore[attr-defined]
        if key not in memo:
            memo[key] = make()
        return memo[key]  # type: ignore[return-value]

    # -- look-ups --------------------------------------------------------------------
    def permanent(self, pid: str) -> Permanent:
        return self._by_id[pid]

    def has_permanent(self, pid: str) -> bool:
        return pid in self._by_id

    def player(self, name: str) -> Player:
        return self._players[name]

    def is_player(self, name: str) -> bool:
        return name in self._players

    def error(self, path: str, message: str) -> BoardError:
        """A :class:`BoardError` at field ``path`` of this board's file (``board`` if none)."""
        return BoardError(self.source or "board", path, message)

    def zone_card(self, card_id: str) -> tuple[str, str, ZoneCard] | None:
        """``(owner, zone, card)`` of the card with that id in a hand, library, graveyard or
        exile, or ``None``."""
        return self._zone_cards.get(card_id)

    def stack_item(self, item_id: str) -> StackItem | None:
        return next((s for s in self.stack if s.id == item_id), None)

    def controlled_by(self, player: str) -> Iterator[Permanent]:
        return (p for p in self.permanents if p.controller == player)

    def creatures(self, player: str | None = None) -> list[Permanent]:
        return [p for p in self.permanents if p.is_creature and (player is None or p.controller == player)]

    def opponents(self, player: str) -> list[str]:
        """Every other player (102.2, 102.3: no teams in this model)."""
        return [p.name for p in self.players if p.name != player]

    def effects_of(self, kind: str) -> list[Effect]:
        return [e for e in self.effects if e.kind == kind]

    def pool(self, player: str) -> tuple[PoolMana, ...]:
        return self.mana_pools.get(player, ())

    def defender_of(self, attack: Attack) -> str:
        """The defending player of one attacking creature (506.2, 802.2a): of what it attacks,
        or, attacking nothing (506.4c), the player it was attacking."""
        if attack.target is None:
            return attack.defender  # type: ignore[return-value]
        return self.defending_player_of(attack.target)

    def defending_player_of(self, target: str) -> str:
        """The player an attack on ``target`` is against (506.2): the player, a
        planeswalker's controller, or a battle's protector (310.8)."""
        if self.is_player(target):
            return target
        perm = self.permanent(target)
        if perm.is_battle and perm.protector:
            return perm.protector
        return perm.controller

    def replace(self, **changes: object) -> "Board":
        """A copy with some fields changed (for example another ``combat``)."""
        values = {f: getattr(self, f) for f in self.__dataclass_fields__}
        values.update(changes)
        return Board(**values)  # type: ignore[arg-type]
