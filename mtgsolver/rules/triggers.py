"""Triggered abilities (603): which abilities an event triggers, and putting them on the stack.

- 603.2: an ability triggers when its event happens (or one of its events: "enters the
  battlefield or attacks"); 603.2c: "one or more" triggers once for the objects of one event;
  603.2h: "only once each turn" (the board's ``turn.triggered_once``); 603.4: an intervening
  "if" clause must hold as it triggers (and again as it resolves,
  :mod:`mtgsolver.rules.resolution`), "if it was kicked" of the spell it was (702.33d).
- A player's own action (casting a spell, drawing, discarding, gaining life) triggers the
  abilities of the player the event names: "you", "an opponent", "a player".
- 603.6a: enters-the-battlefield abilities trigger on the board as it is after the event
  (the entering permanent's own ability included); 603.10a: leaves-the-battlefield abilities
  ("dies", "leaves", "is put into a graveyard", "when you sacrifice ~") look back in time, to
  the board just before the event, so a creature dying with others sees them die.
- 603.3a: the controller of a triggered ability is the player who controlled its source when
  it triggered; 603.3b: they are put on the stack in APNAP order, each player ordering their
  own (a choice, ``order:PLAYER``, when they are not all alike); 603.3c-d: modes and targets
  are chosen as it is put on the stack, and an ability with a target slot and no legal target
  is removed from the stack.
- 702.93a undying, 702.79a persist: as a creature card with one of them dies without the
  counter it names (+1/+1, -1/-1), its ability triggers and returns it from its owner's
  graveyard under its owner's control with that counter (a token ceases to exist, 111.7).
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Iterable

from mtgsolver.model.board import Board
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import (CastForMadness, Exploit, Modal, Modify, OwnerOf, ReturnFromGraveyard, Source,
                                     Subject, TriggerEvent, TriggeredAbility)
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.zones import TurnInfo, ZoneCard
from mtgsolver.rules.game import Event, Game, StackObject, Undecided, card_object
from mtgsolver.rules.targets import became_targets, choose_targets, warded
from mtgsolver.rules.layers import Query

__all__ = ["MAX_ORDERED", "TO_GRAVEYARD", "Pending", "intervening_if", "madness_cost", "mode_sets", "put_triggers", "triggered"]

#: The most triggers of one player ordered by trying every order (603.3b); more is undecided.
MAX_ORDERED = 5


@dataclass(frozen=True)
class Pending:
    """A triggered ability that has triggered and waits to be put on the stack (603.2, 603.3)."""

    source: str
    lki: Permanent
    index: int
    ability: TriggeredAbility
    controller: str
    subject: str | None
    subject_lki: Permanent | None
    subject_player: str | None
    keyword: str = ""
    amount: int | None = None

    @property
    def label(self) -> str:
        """``SOURCE:N``: its source and which of the source's triggered abilities it is (from 1);
        ``SOURCE:KEYWORD`` for a keyword's trigger (undying, persist)."""
        if self.keyword:
            return f"{self.source}:{self.keyword}"
        n = sum(1 for a in self.lki.abilities[:self.index + 1] if isinstance(a, TriggeredAbility))
        return f"{self.source}:{n}"


#: Events that look back in time (603.10a): the board just before them.
_LOOK_BACK = ("dies", "graveyard_from_battlefield", "leaves", "sacrificed", "put_into_graveyard", "exploits")
#: Events of the source itself put into a graveyard from the battlefield: its ability finds the
#: card it became there (400.7e).
TO_GRAVEYARD = ("dies", "graveyard_from_battlefield")
#: Events of a player's own action: the trigger's ``whose`` names the player.
_PLAYER_EVENTS = ("cast", "draws", "discards", "gains_life", "plays_land")


def triggered(game: Game, events: Iterable[Event]) -> list[Pending]:
    """The abilities ``events`` trigger: on the board as it is (603.6a), or for leaving the
    battlefield as it was just before (603.10a); an ability of "one or more" once per batch
    (603.2c).

    :raises Undecided: a card's own ability that triggers as it is put into a graveyard from a
        zone other than the battlefield (it triggers from there, not modelled)."""
    out: list[Pending] = []
    queries: dict[int, Query] = {}
    batches: set[tuple[str, int, int]] = set()
    for event in events:
        if event.kind in _LOOK_BACK and event.before is not None:
            board = event.before
            query = queries.get(id(board)) or queries.setdefault(id(board), Query(board))
        else:
            board, query = game.view(), game.query()
            if event.kind == "put_into_graveyard":
                _from_another_zone(game, event)
        for p in [*_triggered(game, event, board, query), *_returning(game, event), *_madness(game, event),
                  *_prowess(game, event, board), *_exploit(game, event, board), *_delayed(game, event)]:
            key = (p.source, p.index, event.batch)
            if p.ability.event.one_or_more and key in batches:
                continue
            batches.add(key)
            out.append(p)
    return out


def _delayed(game: Game, event: Event) -> list[Pending]:
    """The delayed triggered abilities waiting on the board (``delayed_trigger`` effects) that a
    step or phase beginning triggers: the next time it begins, once, so each leaves the board as
    it triggers (603.7b); its effects name what they named when it was made (603.7c). Its source
    is the permanent, as it is or as it last existed, or the card of the spell that made it.

    :raises Undecided: its source is nowhere the game can see; it waits for an event other than a
        step or phase beginning, or for the step of a player it doesn't name plainly."""
    out = []
    for e in list(game.effects):
        at = e.at
        if e.kind != "delayed_trigger" or at is None or at.kind != event.kind:
            continue
        if at.kind not in STEP_KINDS or at.whose not in ("you", "each", "opponent"):
            raise Undecided("603.7", f"a delayed triggered ability waiting for {at.kind.replace('_', ' ')} "
                                     f"({at.whose}): when it triggers is not modelled")
        if at.whose == "you" and event.player != e.controller or at.whose == "opponent" and (
                event.player is None or event.player == e.controller):
            continue
        lki = _delayed_source(game, e.source or "", e.controller)
        game.effects.remove(e)
        game.changed()
        ability = TriggeredAbility(at, e.effects or (), text="a delayed triggered ability")
        out.append(Pending(lki.id, lki, 0, ability, e.controller, None, None, event.player, "delayed"))
        game.step("603.7b", f"{lki.name} ({lki.id}): its delayed triggered ability triggers")
    return out


def _delayed_source(game: Game, source: str, controller: str) -> Permanent:
    """The source of a delayed triggered ability: its permanent, as it is or as it last existed
    (603.7c), or the card of the spell that made it (112.1a).

    :raises Undecided: it is nowhere the game can see."""
    if source in game.perms:
        return game.perm(source)
    if source in game.last_known:
        return game.last_known[source][1]
    found = game.find_card(source)
    if found is not None:
        return card_object(found[2].card, source, controller, found[0])
    raise Undecided("603.7", f"a delayed triggered ability of {source or 'an unnamed source'} triggers: its source "
                             "is not on the board")


#: Keywords that trigger as their creature dies and return it (702.93a, 702.79a): the counter
#: that stops the return, which it returns with.
_RETURNING = (("undying", "+1/+1"), ("persist", "-1/-1"))


def _returning(game: Game, event: Event) -> list[Pending]:
    """Undying and persist triggering as a creature card dies (702.93a, 702.79a): "When this
    creature dies, if it had no +1/+1 [-1/-1] counters on it, return it to the battlefield under
    its owner's control with a +1/+1 [-1/-1] counter on it" (as it last existed, 603.10a)."""
    lki = event.lki
    if event.kind != "dies" or lki is None or lki.token or lki.card is None:
        return []
    out = []
    for keyword, counter in _RETURNING:
        if not lki.has_keyword(keyword):
            continue
        if lki.counters.get(counter):
            game.step("603.4", f"{lki.name} ({lki.id}): {keyword} does not trigger: it had a {counter} counter")
            continue
        text = (f"When this creature dies, if it had no {counter} counters on it, return it to the battlefield under "
                f"its owner's control with a {counter} counter on it.")
        ability = TriggeredAbility(TriggerEvent("dies"), (ReturnFromGraveyard(
            Subject(), "battlefield", OwnerOf(Subject()), counters=((counter, 1),)),), text=text)
        out.append(Pending(lki.id, lki, len(lki.abilities), ability, lki.controller, lki.id, lki, None, keyword))
        rule = "702.93a" if keyword == "undying" else "702.79a"
        game.step("603.2", f"{lki.name} ({lki.id}) triggers: {keyword} ({rule})")
    return out


#: 702.108a: "Prowess" means "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
PROWESS = TriggeredAbility(
    TriggerEvent("cast", Affected(not_types=frozenset({"creature"}))),
    (Modify(Source(), ContinuousSpec(affects=Affected(), gets=(1, 1)), "end_of_turn"),),
    text="Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.")


def _prowess(game: Game, event: Event, board: Board) -> list[Pending]:
    """702.108a: each permanent with prowess of the caster of a noncreature spell triggers."""
    if event.kind != "cast" or event.lki is None or "creature" in event.lki.types or event.player is None:
        return []
    out = []
    for p in board.controlled_by(event.player):
        if p.has_keyword("prowess"):
            out.append(Pending(p.id, p, len(p.abilities), PROWESS, p.controller, None, None, event.player, "prowess"))
            game.step("603.2", f"{p.name} ({p.id}) triggers: prowess (702.108a)")
    return out


#: 702.110a: "Exploit" means "When this creature enters, you may sacrifice a creature."
EXPLOIT = TriggeredAbility(TriggerEvent("enters"), (Exploit(),),
                           text="When this creature enters, you may sacrifice a creature.")


def _exploit(game: Game, event: Event, board: Board) -> list[Pending]:
    """702.110a: a creature with exploit entering the battlefield triggers."""
    if event.kind != "enters" or event.object is None or not board.has_permanent(event.object):
        return []
    p = board.permanent(event.object)
    if not p.has_keyword("exploit") or not p.is_creature:
        return []
    game.step("603.2", f"{p.name} ({p.id}) triggers: exploit (702.110a)")
    return [Pending(p.id, p, len(p.abilities), EXPLOIT, p.controller, None, None, None, "exploit")]


def madness_cost(zc: ZoneCard) -> ManaCost | None:
    """The cost of a card's "Madness [cost]" keyword as read (702.35a), or ``None``."""
    keywords = zc.spell.keywords if zc.spell is not None else ()
    found = next((k for k in keywords if k.split(" ")[0] == "madness"), None)
    return ManaCost.parse(found.partition(" ")[2]) if found is not None else None


def _madness(game: Game, event: Event) -> list[Pending]:
    """702.35a: "When this card is exiled this way, its owner may cast it by paying [cost]
    rather than paying its mana cost. If that player doesn't, they put this card into their
    graveyard": a card with madness discarded into exile triggers."""
    found = game.find_card(event.object) if event.kind == "discards" and event.object else None
    if found is None or found[1] != "exile":
        return []
    owner, _, zc = found
    cost = madness_cost(zc)
    if cost is None:
        return []
    text = f"When this card is exiled this way, its owner may cast it by paying {cost} rather than paying its mana cost."
    ability = TriggeredAbility(TriggerEvent("discards"), (CastForMadness(cost),), text=text)
    lki = card_object(zc.card, zc.id, owner)
    game.step("603.2", f"{zc.card.name} ({zc.id}) triggers: madness (702.35a)")
    return [Pending(zc.id, lki, len(lki.abilities), ability, owner, zc.id, lki, owner, "madness")]


def _from_another_zone(game: Game, event: Event) -> None:
    """A card put into a graveyard from a hand, library or the stack whose own ability would
    trigger on it (603.6c-d: from the zone it is put into): not modelled."""
    card = event.lki.card if event.lki is not None else None
    if card is None:
        return
    own = game.reader.permanent(card, event.object or "", event.player or "", event.player or "") if card.is_permanent \
        else None
    if own is not None and any(isinstance(a, TriggeredAbility) and a.event.kind == "put_into_graveyard"
                               and a.event.subject is None for a in own.abilities):
        raise Undecided("603.6c", f"{card.name} is put into a graveyard and its own ability triggers on that: not "
                                  "modelled")


def intervening_if(game: Game, ability: TriggeredAbility, source: str, controller: str,
                   query: Query | None = None) -> bool:
    """Whether a triggered ability's intervening "if" holds (603.4): its conditions, and "if it
    was kicked" of the spell its source was (702.33d)."""
    if ability.kicked and source not in game.kicked:
        return False
    return not ability.condition or (query or game.query()).holds(ability.condition, source, controller)


def _triggered(game: Game, event: Event, board: Board, query: Query) -> list[Pending]:
    out = []
    subject_obj = _subject(game, event, board)
    for perm in board.permanents:
        for index, ability in enumerate(perm.abilities):
            if not isinstance(ability, TriggeredAbility) or not any(
                    _fits(t, perm, event, subject_obj, query) for t in (ability.event, *ability.also)):
                continue
            if not intervening_if(game, ability, perm.id, perm.controller, query):
                game.step("603.4", f"{perm.name} ({perm.id}): {_text(ability)} does not trigger: its \"if\" "
                                   "clause doesn't hold")
                continue
            if ability.once_each_turn:
                if perm.id in game.turn.triggered_once:
                    game.step("603.2h", f"{perm.name} ({perm.id}) has already triggered this turn")
                    continue
                game.turn = _once(game, perm.id)
            player = event.player or (subject_obj.controller if subject_obj is not None else None)
            subject, lki = event.object, subject_obj
            if event.other is not None:  # "that creature": the other one (509.3c-d, 510.3a)
                subject = event.other
                lki = board.permanent(event.other) if board.has_permanent(event.other) else None
            out.append(Pending(perm.id, perm, index, ability, perm.controller, subject, lki, player,
                               amount=event.amount))
            game.step("603.2", f"{perm.name} ({perm.id}) triggers: {_text(ability)}")
    return out


def _subject(game: Game, event: Event, board: Board) -> Permanent | None:
    """The object the event is about, as a permanent (a spell or card as its card shows it)."""
    if event.lki is not None:
        return event.lki
    if event.object is not None and board.has_permanent(event.object):
        return board.permanent(event.object)
    return None


def _fits(trigger: TriggerEvent, perm: Permanent, event: Event, obj: Permanent | None, query: Query) -> bool:
    """Whether ``event`` is the trigger event ``trigger`` of the permanent ``perm``: a player's
    action by the player it names; about the source itself, or about an object matching its
    filter (``other``: not the source; "equipped creature", "enchanted creature": the object the
    source is attached to, 301.5, 303.4), and of the owner it names (400.3)."""
    if trigger.kind != event.kind:
        return False
    if trigger.kind in STEP_KINDS:  # a step or phase beginning: whose it is
        return _whose(trigger.whose, event.player, perm, query.board)
    if trigger.kind in _PLAYER_EVENTS:
        player = {"you": perm.controller}.get(trigger.whose)
        if player is not None and event.player != player or trigger.whose == "opponent" and (
                event.player == perm.controller or event.player is None):
            return False
        if trigger.subject is None and trigger.kind != "cast":
            return not (trigger.other and event.object == perm.id)  # "another land": not the source
    if trigger.subject is None:
        return event.object == perm.id
    if trigger.other and event.object == perm.id:
        return False
    if obj is None or trigger.owner != "any" and (obj.owner == perm.controller) != (trigger.owner == "you"):
        return False  # 400.3: "your graveyard" is the graveyard of a card you own
    if trigger.whose == "attached" and obj.controller != enchanted_player(perm, query.board):
        return False  # "enters the battlefield under enchanted player's control" (303.4)
    return query.matches(trigger.subject, event.object or "", perm.id, perm.controller, perm.attached_to, obj=obj)


#: The events of a step or phase beginning (503.1, 504.2, 505.4, 507.1, 511.1, 513.1): about a
#: player (whose step it is), no object.
STEP_KINDS = frozenset({"upkeep", "draw_step", "precombat_main", "beginning_of_combat", "end_of_combat", "end_step"})


def _whose(whose: str, player: str | None, perm: Permanent, board: Board) -> bool:
    """Whether a step of ``player`` is the one the ability waits for: its controller's
    (``you``), each player's, an opponent's, or that of the controller of what it is attached
    to (``attached``, 303.4)."""
    if whose == "each":
        return True
    if whose == "opponent":
        return player is not None and player != perm.controller
    if whose == "attached":
        return player is not None and player == enchanted_player(perm, board)
    return player == perm.controller


def enchanted_player(perm: Permanent, board: Board) -> str | None:
    """"Enchanted player" (303.4, 702.5d): the player ``perm`` is attached to, or the
    controller of the permanent it is attached to ("enchanted creature's controller")."""
    if perm.attached_to and board.is_player(perm.attached_to):
        return perm.attached_to
    host = board.permanent(perm.attached_to) if perm.attached_to and board.has_permanent(perm.attached_to) else None
    return host.controller if host is not None else None


def _once(game: Game, pid: str) -> TurnInfo:
    return dataclasses.replace(game.turn, triggered_once=game.turn.triggered_once | {pid})


def _text(ability: TriggeredAbility) -> str:
    return f"\"{ability.text}\"" if ability.text else f"its {ability.event.kind} ability"


def put_triggers(game: Game, pending: list[Pending]) -> None:
    """Put triggered abilities on the stack (603.3): in APNAP order, each player's in the order
    they choose; modes and targets chosen as each is put there (603.3c-d)."""
    for player in game.players_in_order():
        mine = [p for p in pending if p.controller == player]
        if not mine:
            continue
        for p in _ordered(game, player, mine):
            modes = _modes(game, p)
            if modes is None:
                continue
            obj = StackObject(game.new_id(f"{p.source}-trigger"), "ability", p.controller, p.source, p.ability,
                              lki=p.lki, modes=modes, subject=p.subject, subject_lki=p.subject_lki,
                              subject_player=p.subject_player,
                              label=p.label, x=p.lki.x if p.ability.event.kind == "enters" else None,
                              event_amount=p.amount, source_generation=game.generation.get(p.source, 0))
            targets = choose_targets(game, obj, f"targets:{p.label}")
            if targets is None:
                game.step("603.3d", f"{p.lki.name} ({p.source}): its ability has no legal target and is removed "
                                    "from the stack")
                continue
            ward = warded(game, [t for slot in targets for t, _ in slot], p.controller)
            if ward is not None:
                raise Undecided("702.21a", f"{ward} has ward and {p.label} targets it: the payment to keep the "
                                           "ability from being countered is not modelled")
            obj.targets = targets
            game.stack.append(obj)
            became_targets(game, targets)
            game.step("603.3", f"{p.lki.name} ({p.source})'s ability goes on the stack"
                               + (f" targeting {', '.join(t for slot in targets for t, _ in slot)}" if targets else ""))


def _ordered(game: Game, player: str, mine: list[Pending]) -> list[Pending]:
    """603.3b: the player puts their triggers on the stack in any order (the last resolves first)."""
    if len(mine) < 2 or all(_alike(mine[0], p) for p in mine[1:]):
        return mine
    if len(mine) > MAX_ORDERED:
        raise Undecided("603.3b", f"{player} orders {len(mine)} triggered abilities; more than {MAX_ORDERED} orders "
                                  "are not tried")
    orders = list({",".join(p.label for p in o): o for o in itertools.permutations(mine)}.items())
    return list(orders[game.choose(f"order:{player}", [label for label, _ in orders])][1])


def _alike(a: Pending, b: Pending) -> bool:
    """Two triggers whose order can't matter: the same ability of copies of one card, about
    the same object, without targets."""
    return (a.ability == b.ability and a.lki.name == b.lki.name and a.subject == b.subject
            and not a.ability.targets)


def _modes(game: Game, p: Pending) -> tuple[int, ...] | None:
    """603.3c: the modes of a modal triggered ability, chosen as it is put on the stack."""
    modal = next((e for e in p.ability.effects if isinstance(e, Modal)), None)
    if modal is None:
        return ()
    options = mode_sets(modal)
    if not options:
        return None
    return options[game.choose(f"modes:{p.label}", [",".join(str(m + 1) for m in o) for o in options])]


def mode_sets(modal: Modal) -> list[tuple[int, ...]]:
    """The sets of modes a player may choose (700.2)."""
    n = len(modal.modes)
    if modal.any_number:
        sizes = range(1, n + 1)
    elif modal.up_to:
        sizes = range(0, min(modal.choose, n) + 1)
    else:
        sizes = range(min(modal.choose, n), min(modal.choose, n) + 1)
    return [c for k in sizes for c in itertools.combinations(range(n), k)]

