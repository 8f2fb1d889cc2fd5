"""A board while spells and abilities resolve: objects moving between zones, new objects,
timestamps, and the choices players make on the way.

:class:`Game` holds a board's printed state in mutable form while a resolution runs
(:mod:`mtgsolver.rules.resolution`) and gives it back as a frozen :class:`Board`
(:meth:`Game.board`) or as the layers make it (:meth:`Game.view`, 613). Rules:

- 400.7: an object that moves from one zone to another is a new object with no memory of the
  old one; :attr:`Game.generation` counts an id's moves, so a target chosen before a move is
  illegal after it (608.2b), and effects on the old object end (611.2c).
- 400.3: a card goes to its owner's zone; 111.7-8 and 704.5d: a token that leaves the
  battlefield ceases to exist.
- 302.6: a permanent that enters is summoning sick; 613.7d: it gets a new timestamp.
- 603.10a: leaves-the-battlefield events keep the object as it last existed (last known
  information) for the abilities that look back in time.
- 506.4: a permanent that leaves the battlefield or changes controller is removed from combat.

- 614.1a: an object an ``exile_if_dies`` effect names that would die is exiled instead.
- 603.7c: a delayed triggered ability waiting on the board no longer finds an object it named
  once that object has left the zone it was in.

Choices (a player choosing what to sacrifice, the order of their triggers, "you may" ...) go
through a :class:`Chooser`: the caller decides, by a flag, or by trying every option. Mana a
player pays as an effect resolves (118.3: "unless its controller pays {3}") is paid by a
:class:`Payer` the caller supplies.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, Protocol, Sequence

from mtgsolver.model.abilities import Static
from mtgsolver.model.board import Board, PoolMana
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.cards import Card
from mtgsolver.model.combat import Attack, Block, CombatDeclaration
from mtgsolver.model.effects import ActivatedAbility, SpellAbility, TargetSpec, TriggeredAbility
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.model.zones import PlayerZones, StackItem, ZoneCard
from mtgsolver.rules.copies import copy_choices, entered_as_copy, not_copied
from mtgsolver.rules.layers import Query, apply_layers

__all__ = ["CardReader", "Chooser", "Event", "Game", "Illegal", "Payer", "StackObject", "Step", "Undecided", "Views",
           "card_object"]

#: The five colors a color is chosen among (105.1).
_COLORS = ("white", "blue", "black", "red", "green")

#: The zones a card can be put into, besides the battlefield and the stack (400.1).
CardZone = Literal["hand", "library", "graveyard", "exile"]

_POSITIONAL = re.compile(r"^.+\.(?:hand|library|graveyard|exile)\[\d+\]$")


class Illegal(Exception):
    """An action the rules don't allow (601.2, 602.2, 115): the rule and why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


class Undecided(Exception):
    """A resolution whose result the board does not fix (an unknown card, a choice or
    situation not modelled): the rule and why."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


class Chooser(Protocol):
    """Who makes the choices: ``choose(key, options)`` returns the index of the option taken
    (there are always two or more); ``key`` names the choice for a flag (``--choose KEY=OPTION``)."""

    def choose(self, key: str, options: Sequence[str]) -> int: ...


class Payer(Protocol):
    """Who pays mana as an effect resolves (118.3, 601.2g-h: with mana abilities as a cost is
    paid): ``pay_mana(game, cost, player)`` pays it on the board and returns ``True``, or
    returns ``False`` when the player can't pay it; it raises :class:`Undecided` when that is
    not known."""

    def pay_mana(self, game: "Game", cost: ManaCost, player: str) -> bool: ...


class _NoPayer:
    """No payment of mana during a resolution is modelled."""

    def pay_mana(self, game: "Game", cost: ManaCost, player: str) -> bool:
        raise Undecided("118.3", f"{player} may pay {cost} as it resolves: a payment not modelled here")


class CardReader(Protocol):
    """What a card is as a permanent and in a graveyard, its text read (the readers supply it;
    the rules never read text): ``permanent(card, id, controller, owner)`` (110.4),
    ``graveyard_statics(card)`` (113.6b), ``spell(card)``: what it does as a spell, or what
    its lines make of its cost (601.2f), ``enters_with(card, x)``: the counters its permanent
    enters with when its spell had X (614.1c, 107.3m), and ``enchant(card)``: what an Aura card
    may enchant (702.5a), ``None`` when its enchant ability is not read; ``chooses_color(card)``:
    whether its permanent has a color chosen as it enters (614.12), given to ``permanent``."""

    def permanent(self, card: Card, pid: str, controller: str, owner: str,
                  chosen_color: str | None = None) -> Permanent: ...

    def chooses_color(self, card: Card) -> bool: ...

    def graveyard_statics(self, card: Card) -> tuple[Static, ...]: ...

    def spell(self, card: Card) -> SpellAbility | None: ...

    def enters_with(self, card: Card, x: int) -> dict[str, int]: ...

    def enchant(self, card: Card) -> TargetSpec | None: ...


@dataclass(frozen=True)
class Step:
    """One thing that happened, with its rule."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class Event:
    """Something triggered abilities wait for (603.2): ``kind`` as a
    :data:`~mtgsolver.model.effects.TriggerKind`, the object it is about (its id and as it
    last existed, 603.10a), the player who did it (a spell's caster, who drew, discarded or
    gained life, whose step begins, the player dealt damage), for an event of two creatures
    (one blocking another, one dealing combat damage to another), the other creature, and the
    damage dealt or life gained in it (``amount``: "that much", 603.7c)."""

    kind: str
    object: str | None = None
    lki: Permanent | None = None
    player: str | None = None
    before: Board | None = None  # the board just before it (603.10a)
    batch: int = 0  # events of one batch happened at once ("one or more", 603.2c)
    other: str | None = None
    amount: int | None = None


@dataclass
class StackObject:
    """A spell or ability this resolution put on the stack (405, 113.1): what it does, its
    controller and source (the source as it last existed: ``lki``), its targets per slot with
    the generation of each (400.7), divided amounts (601.2d), X (107.3), modes (700.2), and
    for a triggered ability what its event was about (603.7c: "that creature", as it last
    existed, and "that player": the caster of a spell, the controller of a permanent, and
    ``event_amount``: the damage dealt or life gained in it, "that much"); whether a spell was
    kicked (702.33d)."""

    id: str
    kind: Literal["spell", "ability"]
    controller: str
    source: str
    ability: SpellAbility | ActivatedAbility | TriggeredAbility
    lki: Permanent | None = None
    card: ZoneCard | None = None
    targets: tuple[tuple[tuple[str, int], ...], ...] = ()
    amounts: dict[str, int] = field(default_factory=dict)
    x: int | None = None
    modes: tuple[int, ...] = ()
    subject: str | None = None
    subject_lki: Permanent | None = None
    subject_player: str | None = None
    copy: bool = False
    label: str = ""
    source_generation: int = 0
    kicked: bool = False
    event_amount: int | None = None
    spent: tuple[str, ...] | None = None  # the mana types spent to cast it (601.2h), when known


@dataclass
class _Zones:
    hand: list[ZoneCard]
    hand_count: int
    library_count: int
    library_top: list[ZoneCard]
    graveyard: list[ZoneCard]
    exile: list[ZoneCard]

    def frozen(self) -> PlayerZones:
        return PlayerZones(tuple(self.hand), self.hand_count, self.library_count, tuple(self.library_top),
                           tuple(self.graveyard), tuple(self.exile))

    def remove(self, card_id: str) -> tuple[str, ZoneCard] | None:
        for zone in ("hand", "library_top", "graveyard", "exile"):
            cards: list[ZoneCard] = getattr(self, zone)
            for i, zc in enumerate(cards):
                if zc.id == card_id:
                    del cards[i]
                    if zone == "hand":
                        self.hand_count -= 1
                    if zone == "library_top":
                        self.library_count -= 1
                    return ("library" if zone == "library_top" else zone), zc
        return None


def card_object(card: Card, oid: str, controller: str, owner: str | None = None) -> Permanent:
    """A card off the battlefield (a spell, a card in a graveyard) seen as an object with its
    printed characteristics, for filters and qualities (109.3, 702.16)."""
    return Permanent(oid, card.name, controller, owner or controller, types=frozenset(t.lower() for t in card.types),
                     supertypes=frozenset(t.lower() for t in card.supertypes),
                     subtypes=frozenset(t.lower() for t in card.subtypes), colors=card.derived_colors,
                     mana_cost=card.mana_cost, base_power=card.power, base_toughness=card.toughness, card=card)


def _stamped(board: Board) -> dict[str, Permanent]:
    """The board's printed permanents with explicit timestamps (613.7d: the board's order
    where it gives none), made once per board (the search starts many games from one board)."""
    printed = board.layers.printed if board.layers is not None else board.permanents
    return {p.id: p if p.timestamp is not None else dataclasses.replace(p, timestamp=i + 1)
            for i, p in enumerate(printed)}


_PLAIN = (str, int, bool, type(None))


class Views:
    """The layered views (613) of the game states a search meets, shared by its games: a
    state met again (each way through a step's choices replays it from the same board) is
    layered once. A state is known by the identity of what it is made of (the permanents'
    field values, the effects, players, zone cards, stack, combat, turn and pools), each
    cached view kept beside the printed board that holds those objects, so no identity is
    reused while its view is kept; equal states made of other objects are layered again,
    never confused."""

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self.known: dict[tuple[Any, ...], tuple[Board, Board]] = {}  # key -> (printed board, its view)
        self.perms: dict[int, tuple[Permanent, tuple[Any, ...]]] = {}

    def view(self, game: "Game") -> Board:
        """``game``'s board as the layers make it."""
        key = self.key(game)
        known = self.known.get(key)
        if known is None:
            if len(self.known) >= self.limit:
                self.known.clear()
                self.perms.clear()
            printed = game.board()
            known = self.known[key] = (printed, apply_layers(printed))
        return known[1]

    def key(self, game: "Game") -> tuple[Any, ...]:
        source = game.source
        zones = tuple((name, tuple(map(id, z.hand)), z.hand_count, z.library_count, tuple(map(id, z.library_top)),
                       tuple(map(id, z.graveyard)), tuple(map(id, z.exile))) for name, z in game.zones.items())
        return (tuple(self.permanent(p) for p in game.perms.values()), tuple(map(id, game.effects)),
                tuple(map(id, game.players.values())), zones,
                tuple(id(s) for s in game.stack if isinstance(s, StackItem)), id(game.combat), id(game.turn),
                tuple((k, id(v)) for k, v in game.pools.items() if v), id(source.puzzle), id(source.notes),
                source.active_player, source.source, source.day_night)

    def permanent(self, p: Permanent) -> tuple[Any, ...]:
        """``p``'s fields: plain values as they are, mappings as their items, other values by identity."""
        known = self.perms.get(id(p))
        if known is not None and known[0] is p:
            return known[1]
        key = tuple(v if isinstance(v, _PLAIN) else tuple(sorted(v.items())) if isinstance(v, (MappingProxyType, dict))
                    else id(v) for v in (getattr(p, f) for f in p.__dataclass_fields__))
        self.perms[id(p)] = (p, key)
        return key


class Game:
    """A board's state while spells and abilities resolve (see the module docstring)."""

    def __init__(self, board: Board, reader: CardReader, chooser: Chooser, payer: Payer | None = None,
                 view: Board | None = None, views: Views | None = None) -> None:
        """``view``: the board as the layers make it, when the caller has it already (613);
        ``views``: the layered views shared with other games of a search."""
        self.source = board
        self.views = views
        self.reader, self.chooser = reader, chooser
        self.payer: Payer = payer or _NoPayer()
        self.batch = 0
        self.kicked: set[str] = set()  # permanents whose spell was kicked (702.33d)
        self.perms: dict[str, Permanent] = dict(board.memo("stamped", lambda: _stamped(board)))
        self.effects: list[Effect] = list(board.layers.effects if board.layers is not None else board.effects)
        self.players: dict[str, Player] = {p.name: p for p in board.players}
        self.zones = {name: _Zones(list(z.hand), z.hand_count, z.library_count, list(z.library_top),
                                   list(z.graveyard), list(z.exile)) for name, z in board.zones.items()}
        self.stack: list[StackItem | StackObject] = list(board.stack)
        self.combat = board.combat
        self.turn = board.turn
        self.pools: dict[str, tuple[PoolMana, ...]] = dict(board.mana_pools)
        self.generation: dict[str, int] = {}
        self.drew_from_empty: set[str] = set()
        self.log: list[Step] = []
        self.events: list[Event] = []
        self.before: Board | None = None  # the board as an event began (603.10a)
        # objects that left the battlefield, as they last were (608.2h), with their generation then
        self.last_known: dict[str, tuple[int, Permanent]] = {}
        stamps = [p.timestamp or 0 for p in self.perms.values()] + [e.timestamp or 0 for e in self.effects]
        self.clock = max(stamps, default=0) + len(self.effects) + 1
        self.taken = set(self.perms) | set(self.players) | {s.id for s in self.stack} | {
            c.id for z in self.zones.values() for c in (*z.hand, *z.library_top, *z.graveyard, *z.exile)}
        self._view: Board | None = view
        self._query: Query | None = None

    # -- the board -------------------------------------------------------------------
    def board(self) -> Board:
        """The board as printed now (not layered)."""
        stack = tuple(s for s in self.stack if isinstance(s, StackItem))
        return self.source.replace(
            players=tuple(self.players.values()), permanents=tuple(self.perms.values()), effects=tuple(self.effects),
            mana_pools=MappingProxyType({k: v for k, v in self.pools.items() if v}), combat=self.combat,
            zones=MappingProxyType({k: z.frozen() for k, z in self.zones.items()}), stack=stack, turn=self.turn,
            layers=None)

    def view(self) -> Board:
        """The board as the layers make it now (613)."""
        if self._view is None:
            self._view = apply_layers(self.board()) if self.views is None else self.views.view(self)
        return self._view

    def query(self) -> Query:
        """Filters, counts and conditions asked of :meth:`view`."""
        if self._query is None:
            self._query = Query(self.view())
        return self._query

    def changed(self) -> None:
        self._view = self._query = None

    def mark(self) -> None:
        """An event begins: what it does is measured against the board as it is now (603.10a),
        and what happens in it is one batch of events (603.2c)."""
        self.before = self.view()
        self.batch += 1

    def emit(self, kind: str, obj: str | None = None, lki: Permanent | None = None, player: str | None = None,
             before: Board | None = None, amount: int | None = None) -> None:
        """Note an event triggered abilities may wait for (603.2)."""
        self.events.append(Event(kind, obj, lki, player, before, self.batch, amount=amount))

    def over(self) -> bool:
        """Whether the game is over (104.2a: one player left); a player leaving a game of
        more than two (800.4a) is not modelled."""
        left = [p for p in self.players.values() if not p.lost]
        if len(left) < len(self.players) and len(left) > 1:
            raise Undecided("800.4a", "a player has left a game that goes on; what leaves with them is not modelled")
        return len(left) < len(self.players)

    def perm(self, pid: str) -> Permanent:
        """A permanent as it is now (layered)."""
        return self.view().permanent(pid)

    def on_battlefield(self, pid: str) -> bool:
        return pid in self.perms

    def step(self, rule: str, message: str) -> None:
        self.log.append(Step(rule, message))

    def choose(self, key: str, options: Sequence[str]) -> int:
        """The index of the option taken; no choice with fewer than two options."""
        return 0 if len(options) < 2 else self.chooser.choose(key, options)

    def timestamp(self) -> int:
        """The next timestamp (613.7)."""
        self.clock += 1
        return self.clock

    def new_id(self, base: str) -> str:
        """A fresh id from ``base`` (a name or an id): ``treasure``, ``treasure-2`` ..."""
        slug = re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "object"
        oid, n = slug, 1
        while oid in self.taken:
            n += 1
            oid = f"{slug}-{n}"
        self.taken.add(oid)
        return oid

    def moved_id(self, oid: str, name: str) -> str:
        """The id of an object after a zone change: the same, unless it was a card's
        position in a zone (``alice.hand[0]``), which gets one from its name."""
        return self.new_id(name) if _POSITIONAL.match(oid) else oid

    def update(self, pid: str, **changes: Any) -> None:
        """Change a permanent's printed state (tapped, counters, damage ...)."""
        self.perms[pid] = dataclasses.replace(self.perms[pid], **changes)
        self.changed()

    def set_player(self, name: str, **changes: Any) -> None:
        """Change a player's state; a life total going down is life lost this turn (119.3, 120.3a,
        119.4), kept in the turn record."""
        lost = self.players[name].life - changes.get("life", self.players[name].life)
        if lost > 0:
            record = {**self.turn.life_lost, name: self.turn.life_lost.get(name, 0) + lost}
            self.turn = dataclasses.replace(self.turn, life_lost=MappingProxyType(record))
        self.players[name] = dataclasses.replace(self.players[name], **changes)
        self.changed()

    def add_effect(self, effect: Effect) -> None:
        self.effects.append(effect)
        self.changed()

    # -- the battlefield -------------------------------------------------------------
    def enter(self, template: Permanent, controller: str, pid: str, *, owner: str | None = None,
              tapped: bool = False, x: int | None = None, token: bool = False, card: Card | None = None,
              cause: str = "", attached_to: str | None = None, spent: tuple[str, ...] | None = ()) -> str:
        """Put a permanent onto the battlefield under ``controller`` (302.6: summoning sick;
        613.7d: a new timestamp; 107.3m: the spell's X; 608.3c: an Aura attached to
        ``attached_to``; 603.6d, 614.1d: tapped when it "enters tapped"; 614.1c: "a +1/+1 counter
        for each color of mana spent to cast it", ``spent`` the mana types spent on its spell, none
        when not cast, ``None`` when not known) and note the "enters" event (603.6a).

        :raises Undecided: a copy not modelled (:meth:`_as_copy`), or colors spent not known.
        """
        template = self._as_copy(template, controller, pid)
        if template.has("counters_per_color_spent"):
            if spent is None:
                raise Undecided("601.2h", f"{template.name} ({pid}) enters with a counter for each color of mana "
                                          "spent to cast it, and which mana paid for it is not known")
            colors = len(set(spent) & set("WUBRG")) * len(template.values("counters_per_color_spent"))  # 105.1
            if colors:
                template = dataclasses.replace(template, counters=MappingProxyType(
                    {**template.counters, "+1/+1": template.counters.get("+1/+1", 0) + colors}))
                cause += f" with {colors} +1/+1 counter(s) for the colors of mana spent (614.1c)"
        tapped = tapped or template.has("enters_tapped") or self._unpaid_life(template, controller, pid)
        perm = dataclasses.replace(
            template, id=pid, controller=controller, owner=owner or template.owner or controller, tapped=tapped,
            summoning_sick=True, x=x, token=token, card=None if token else (card or template.card),
            timestamp=self.timestamp(), counters=MappingProxyType(dict(template.counters)), damage=0,
            deathtouch_damage=False, attached_to=attached_to, layered_pt=None, granted_by=MappingProxyType({}),
            resolved=MappingProxyType({}))
        self.perms[pid] = perm
        self.taken.add(pid)
        self.changed()
        self.emit("enters", pid, None, controller)
        what = "token" if token else "permanent"
        self.step("302.6", f"{perm.name} ({pid}) enters the battlefield under {controller}'s control as a {what}"
                  + (" tapped" if tapped else "") + (f" with X = {x} (107.3m)" if x is not None else "")
                  + (f" attached to {attached_to}" if attached_to is not None else "")
                  + (f" {cause}" if cause else ""))
        return pid

    def _as_copy(self, template: Permanent, controller: str, pid: str) -> Permanent:
        """614.1c, 707.2: "You may have ~ enter the battlefield as a copy of ...": its controller
        chooses (``copy:PLAYER:ID``) a permanent it may copy, or none; it enters with that
        permanent's copiable values (its printed permanent here, 707.3).

        :raises Undecided: a copy whose copiable values are not modelled (:func:`not_copied`), or
            a copy of a permanent that may enter as a copy itself (707.9e).
        """
        for spec in template.values("enters_as_copy"):
            choices = copy_choices(spec, controller, self.view().permanents)
            options = ["no copy", *(f"{p.id} ({p.name})" for p in choices)]
            i = self.choose(f"copy:{controller}:{pid}", options)
            if i == 0:
                continue
            original = self.perms[choices[i - 1].id]
            why = not_copied(original)
            if why is not None:
                raise Undecided("707.2", why)
            self.step("707.2", f"{template.name} ({pid}) enters as a copy of {original.name} ({original.id})"
                      + (f", a {' '.join(spec.adds_subtypes + spec.adds_types)} in addition to its other types (707.9b)"
                         if spec.adds_subtypes or spec.adds_types else ""))
            copied = entered_as_copy(template, original, spec)
            if copied.has("enters_as_copy"):  # 707.9e: the copy's own "enter as a copy" applies in turn
                raise Undecided("707.9e", f"{template.name} ({pid}) copies {original.name} ({original.id}), which may "
                                          "enter as a copy itself: not modelled")
            return copied
        return template

    def _unpaid_life(self, template: Permanent, controller: str, pid: str) -> bool:
        """614.1d, 119.4: "As ~ enters, you may pay N life. If you don't, it enters tapped": its
        controller's choice (``enters:PLAYER:ID``), paying only life they have; whether it enters
        tapped."""
        for n in template.values("enters_tapped_unless_paid_life"):
            life = self.players[controller].life
            if life < n or self.choose(f"enters:{controller}:{pid}", [f"pay {n} life", "tapped"]) == 1:
                return True
            self.set_player(controller, life=life - n)
            self.step("119.4", f"{controller} pays {n} life as {template.name} ({pid}) enters untapped (614.1d)")
        return False

    def leave(self, pid: str, to: CardZone, how: str, rule: str, bottom: bool = False) -> str | None:
        """Move a permanent to its owner's ``to`` zone (a token ceases to exist, 111.7; a library's
        top, or its ``bottom``): the events "leaves" and, put into a graveyard, "dies" for a
        creature (700.4) and "graveyard_from_battlefield" for any permanent, with the object as it last existed (603.10a); one an ``exile_if_dies``
        effect names goes to exile instead of dying (614.1a). Returns the card's id there, or
        ``None``."""
        before = self.before or self.view()
        lki = before.permanent(pid) if before.has_permanent(pid) else self.perm(pid)
        if to == "graveyard" and lki.is_creature and any(
                e.kind == "exile_if_dies" and pid in (e.objects or ()) for e in self.effects):
            to, how, rule = "exile", f"{how}; it would die and is exiled instead", "614.1a"
        self.last_known[pid] = (self.generation.get(pid, 0), lki)
        if lki.controller not in self.turn.permanent_left:  # revolt (207.2c)
            self.turn = dataclasses.replace(self.turn, permanent_left=self.turn.permanent_left | {lki.controller})
        printed = self.perms.pop(pid)
        self.generation[pid] = self.generation.get(pid, 0) + 1
        self._forget(pid)
        self.changed()
        self.emit("leaves", pid, lki, before=before)
        if to == "graveyard":
            if lki.is_creature:
                if not self.turn.creature_died:  # morbid (207.2c)
                    self.turn = dataclasses.replace(self.turn, creature_died=True)
                self.emit("dies", pid, lki, before=before)
            self.emit("graveyard_from_battlefield", pid, lki, before=before)
            self.emit("put_into_graveyard", pid, lki, before=before)
        owner = printed.owner
        if printed.token or printed.card is None:
            self.step(rule, f"{lki.name} ({pid}) {how}; a token that leaves the battlefield ceases to exist "
                            "(111.7, 704.5d)")
            return None
        card_id = pid
        zc = ZoneCard(card_id, printed.card, self.reader.graveyard_statics(printed.card) if to == "graveyard" else (),
                      spell=self.reader.spell(printed.card))
        self._put_card(owner, to, zc, bottom)
        self.step(rule, f"{lki.name} ({pid}) {how}: it goes to {owner}'s {to} (400.3, 400.7)")
        return card_id

    def _forget(self, pid: str) -> None:
        """400.7, 611.2c, 506.4: what referred to the object that left."""
        kept = []
        for e in self.effects:
            if e.source == pid and e.duration == "while_source":
                continue
            if e.objects is not None and pid in e.objects:
                objects = tuple(o for o in e.objects if o != pid)
                if not objects and e.kind != "delayed_trigger":  # 603.7c: it still triggers, finding nothing
                    continue
                e = dataclasses.replace(e, objects=objects)
            if e.sources is not None and pid in e.sources:
                sources = tuple(o for o in e.sources if o != pid)
                if not sources:
                    continue
                e = dataclasses.replace(e, sources=sources)
            if pid in (e.creature, e.attacker):
                continue
            kept.append(e)
        self.effects = kept
        for other, p in list(self.perms.items()):
            if p.paired_with == pid:
                self.perms[other] = dataclasses.replace(p, paired_with=None)
        self.remove_from_combat(pid)
        if pid in self.turn.triggered_once:
            self.turn = dataclasses.replace(self.turn, triggered_once=self.turn.triggered_once - {pid})
        if pid in self.turn.dealt_damage:  # 400.7: the object dealt damage is gone
            self.turn = dataclasses.replace(self.turn, dealt_damage=self.turn.dealt_damage - {pid})

    def remove_from_combat(self, pid: str) -> None:
        """506.4: a permanent removed from combat stops being an attacking or blocking creature."""
        c = self.combat
        if c is None:
            return
        attackers = tuple(a for a in c.attackers if a.creature != pid)
        blockers = None if c.blockers is None else tuple(
            Block(b.creature, tuple(x for x in b.blocks if x != pid)) for b in c.blockers if b.creature != pid)
        if attackers != c.attackers or blockers != c.blockers:
            self.combat = CombatDeclaration(attackers, blockers, c.paid_costs - {pid})
            self.changed()

    def attack(self, pid: str, target: str) -> None:
        """508.4: put onto the battlefield attacking (never declared as an attacker)."""
        c = self.combat or CombatDeclaration((), None, frozenset())
        self.combat = CombatDeclaration((*c.attackers, Attack(pid, target)), c.blockers, c.paid_costs)
        self.changed()

    # -- other zones -----------------------------------------------------------------
    def zones_of(self, player: str) -> _Zones:
        if player not in self.zones:
            self.zones[player] = _Zones([], 0, 0, [], [], [])
        return self.zones[player]

    def find_card(self, card_id: str) -> tuple[str, str, ZoneCard] | None:
        """``(owner, zone, card)`` of a card in a hand, library, graveyard or exile."""
        for owner, z in self.zones.items():
            for zone, cards in (("hand", z.hand), ("library", z.library_top), ("graveyard", z.graveyard),
                                ("exile", z.exile)):
                for zc in cards:
                    if zc.id == card_id:
                        return owner, zone, zc
        return None

    def take_card(self, card_id: str) -> tuple[str, str, ZoneCard]:
        """Remove a card from its zone (400.7: it becomes a new object; 603.7c: a delayed
        triggered ability no longer finds it)."""
        for owner, z in self.zones.items():
            found = z.remove(card_id)
            if found is not None:
                self.generation[card_id] = self.generation.get(card_id, 0) + 1
                self.effects = [dataclasses.replace(e, objects=tuple(o for o in e.objects if o != card_id))
                                if e.kind == "delayed_trigger" and e.objects else e for e in self.effects]
                self.changed()
                return owner, found[0], found[1]
        raise KeyError(card_id)

    def _put_card(self, owner: str, to: CardZone, zc: ZoneCard, bottom: bool = False) -> None:
        """A card into a zone; into a library on top, or at the ``bottom``: a known card there
        only when every card of the library is known (401.2), else one more unknown card."""
        z = self.zones_of(owner)
        if to == "hand":
            z.hand.append(zc)
            z.hand_count += 1
        elif to == "library":
            if not bottom:
                z.library_top.insert(0, zc)
            elif z.library_count == len(z.library_top):
                z.library_top.append(zc)
            z.library_count += 1
        else:
            getattr(z, to).append(zc)  # a graveyard is oldest first (404.2)
        self.taken.add(zc.id)
        self.changed()

    def put_card(self, owner: str, to: CardZone, zc: ZoneCard, bottom: bool = False) -> ZoneCard:
        """Put a card (a new object) into its owner's zone; its graveyard statics are read
        there (113.6b); "is put into a graveyard" happens (603.2)."""
        zc = dataclasses.replace(zc, statics=self.reader.graveyard_statics(zc.card) if to == "graveyard" else ())
        self._put_card(owner, to, zc, bottom)
        if to == "graveyard":
            self.emit("put_into_graveyard", zc.id, card_object(zc.card, zc.id, owner), owner)
        return zc

    def template(self, zc: ZoneCard, controller: str, owner: str) -> Permanent:
        """The permanent a card is on the battlefield (110.4), its text read; a color chosen as
        it enters by the player it enters under (614.12: "As ~ enters, choose a color")."""
        if zc.permanent is not None:
            return dataclasses.replace(zc.permanent, controller=controller, owner=owner)
        if self.reader.chooses_color(zc.card):
            color = _COLORS[self.choose(f"color:{controller}:{zc.id}", _COLORS)]
            return self.reader.permanent(zc.card, zc.id, controller, owner, color)
        return self.reader.permanent(zc.card, zc.id, controller, owner)

    # -- the stack -------------------------------------------------------------------
    def stack_object(self, oid: str) -> StackObject | StackItem | None:
        return next((s for s in self.stack if s.id == oid), None)

    def players_in_order(self) -> list[str]:
        """The players in APNAP order (101.4): the active player, then in turn order."""
        names = list(self.players)
        i = names.index(self.source.active_player)
        return names[i:] + names[:i]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.players_in_order() if p != player]

