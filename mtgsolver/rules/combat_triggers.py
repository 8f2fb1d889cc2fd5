"""Triggered abilities as far as combat declarations need them (603, 508.2-508.3, 509.1).

Attackers are declared, then the abilities that triggered on the declaration go on the stack
and resolve (508.2b) before the defending player declares blockers (509.1): a block
declaration is judged on the board *after* them. :func:`attack_triggers` finds the read
triggered abilities (:class:`~mtgsolver.model.effects.TriggeredAbility`) that trigger on the
board's declared attack and applies the effects this module knows: the minimal resolution of
:class:`~mtgsolver.model.effects.Modify` on the source, on what the trigger is about, or on
what the source is attached to, gaining keywords and abilities (613.1f) and +N/+N (613.4c)
until end of turn, as ``gains`` and ``gets`` board effects with timestamps after every
permanent (613.7a). Everything else (targets, other effect kinds, intervening "if" clauses) is
left unapplied with the reason, and the question is then undecided. An optional trigger
("you may", 603.5) gives a board for each choice.

The order of several triggers (603.3b) does not matter for these effects: gaining abilities
and +N/+N commute. :func:`trigger_events` and :func:`caused_events` name a read ability's
events as :data:`mtgsolver.read.line_forms.EVENTS` does for unread lines.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from itertools import product
from typing import Any, Iterator

from mtgsolver.model.board import Board
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import (
    Adapt, AddMana, Attach, Attached, Bounce, Conditional, CopySpell, CounterSpell, CreateTokens, Damage, Delayed,
    Destroy, Discard, Draw, Exile, ExileIfDies, Fight, GainControl, GainLife, LookAtTop, LoseLife, Mill, Modal, Modify,
    Monstrosity, Optional, PreventDamage, Proliferate, PutCounters, PutInLibrary, PutOntoBattlefield, Regenerate,
    RemoveCounters, ReturnFromGraveyard, Sacrifice, Scry, SearchLibrary, Source, Subject, Surveil, Tap, TriggerEvent,
    TriggeredAbility, Untap,
)
from mtgsolver.model.filters import Comparison
from mtgsolver.model.permanent import Permanent
from mtgsolver.rules.layers import apply_layers

__all__ = ["CARDS_ONLY", "PLAYERS_ONLY", "AttackTriggers", "Fired", "attack_triggers", "caused_events", "changes_only",
           "effect_leaves", "reads_power_or_toughness", "resolved_on_board", "trigger_events"]

#: Most optional triggers whose choices are tried one by one (2**n boards).
MAX_CHOICES = 4


@dataclass(frozen=True)
class Fired:
    """One triggered ability that triggered on the declared attack: its source, the ability,
    and the attacking creature it is about (``Subject``, 603.7c), if any."""

    source: str
    ability: TriggeredAbility
    subject: str | None = None

    @property
    def text(self) -> str:
        return self.ability.text or f"a triggered ability of {self.source}"


@dataclass(frozen=True)
class AttackTriggers:
    """What the triggers of a declared attack do before blockers are declared (508.2, 509.1).

    ``boards``: the board after them, one per choice of the optional ones (the board itself
    when none triggered); ``applied``: the triggers applied; ``unapplied``: those whose effect
    this module can't apply, each with the reason; ``choices``: the optional ones among the
    applied (their controller chose whether to apply them, 603.5)."""

    boards: tuple[Board, ...]
    applied: tuple[Fired, ...] = ()
    unapplied: tuple[tuple[Fired, str], ...] = ()
    choices: tuple[Fired, ...] = ()

    def notes(self) -> tuple[str, ...]:
        return tuple(f"508.2: {f.source}'s \"{f.text}\" triggered on the attack and resolved before blockers "
                     "were declared (509.1)" + (" (optional: each choice is judged)" if f in self.choices else "")
                     for f in self.applied if not changes_only(f.ability))


def attack_triggers(board: Board) -> AttackTriggers:
    """The read triggered abilities that trigger on the board's declared attackers (508.3a,
    603.2) and the board after them (see the module docstring). ``board`` is prepared."""
    fired = _fired(board)
    if not fired:
        return AttackTriggers((board,))
    applied: list[tuple[Fired, list[Effect]]] = []
    unapplied: list[tuple[Fired, str]] = []
    for f in fired:
        effects, why = _effects_of(board, f)
        if why is None:
            applied.append((f, effects))
        else:
            unapplied.append((f, why))
    optional = [f for f, _ in applied if f.ability.optional or _only_optional(f.ability)]
    if len(optional) > MAX_CHOICES:
        extra = [(f, f"more than {MAX_CHOICES} optional triggers: their choices are not tried") for f in optional]
        return AttackTriggers((board,), (), tuple(unapplied + extra))
    boards = []
    for choice in product((True, False), repeat=len(optional)):
        chosen = dict(zip(optional, choice))
        new = [e for f, effects in applied if chosen.get(f, True) for e in effects]
        boards.append(_with_effects(board, new))
    return AttackTriggers(tuple(boards), tuple(f for f, _ in applied), tuple(unapplied), tuple(optional))


def resolved_on_board(board: Board, perm: Permanent) -> bool:
    """Whether the board file gives an effect from ``perm`` (``source``: its id or name): then
    what its attack trigger did is on the board already (a ``must_block`` from Grappling Hook)."""
    given = board.layers.effects if board.layers is not None else board.effects
    return any(e.source in (perm.id, perm.name) for e in given)


def _fired(board: Board) -> list[Fired]:
    """Which triggered abilities trigger on the declared attack (508.3a: "Whenever [a creature]
    attacks" once per such creature; the source itself when the event has no subject)."""
    combat = board.combat
    attackers = [a.creature for a in combat.attackers] if combat else []
    out: list[Fired] = []
    for perm in board.permanents:
        for ability in perm.triggered_abilities:
            event = next((e for e in _events(ability) if e.kind == "attacks"), None)
            if event is None or (ability.once_each_turn and perm.id in board.turn.triggered_once) \
                    or resolved_on_board(board, perm):
                continue
            if event.subject is None:
                found = [Fired(perm.id, ability, perm.id)] if perm.id in attackers else []
            else:
                found = [Fired(perm.id, ability, a) for a in attackers
                         if _matches(event.subject, board.permanent(a), perm) and not (event.other and a == perm.id)]
                found += [Fired(perm.id, ability, None) for a in attackers
                          if _matches(event.subject, board.permanent(a), perm) is None]
            out += found[:1] if ability.once_each_turn else found  # 603.2h
    return out


_SIMPLE = {"controller", "types", "not_types", "subtypes", "not_subtypes", "supertypes", "colors", "keywords",
           "not_keywords", "other", "attached", "self", "token", "attacking"}


def _matches(f: Affected, perm: Permanent, source: Permanent) -> bool | None:
    """Whether ``perm`` matches a trigger's subject filter ("a creature you control"); ``None``
    when the filter uses conditions this module doesn't check."""
    for fl in fields(f):
        if fl.name not in _SIMPLE and getattr(f, fl.name) != fl.default:
            return None
    if f.controller == "defending":
        return None
    if f.controller == "you" and perm.controller != source.controller:
        return False
    if f.controller == "opponents" and perm.controller == source.controller:
        return False
    if not f.types <= perm.types or f.not_types & perm.types or not f.supertypes <= perm.supertypes:
        return False
    if f.subtypes and not f.subtypes & perm.subtypes or f.not_subtypes & perm.subtypes:
        return False
    if f.colors and not f.colors & perm.colors or not f.keywords <= perm.keywords or f.not_keywords & perm.keywords:
        return False
    if f.attached and source.attached_to != perm.id or f.self and perm.id != source.id:
        return False
    return not (f.token is not None and f.token != perm.token)


def _only_optional(ability: TriggeredAbility) -> bool:
    return len(ability.effects) == 1 and isinstance(ability.effects[0], Optional)


#: Effects on players and their cards only: they change no permanent (119.3, 121, 701.9, 701.17,
#: 701.22 scry, 701.25 surveil).
PLAYERS_ONLY: tuple[type, ...] = (GainLife, LoseLife, Draw, Discard, Mill, Scry, Surveil)
#: Effects on cards in hands, libraries and graveyards only.
CARDS_ONLY: tuple[type, ...] = (Draw, Discard, Mill, Scry, Surveil)


def effect_leaves(ability: TriggeredAbility) -> Iterator[Any]:
    """Every effect of ``ability``, inside "you may" (with "if you do" and "if you don't", 608.2c),
    "if" (and "otherwise") and modes."""
    pending: list[Any] = list(ability.effects)
    while pending:
        e = pending.pop()
        if isinstance(e, (Optional, Conditional)):
            pending += [*e.effects, *getattr(e, "then", ()), *e.otherwise]
        elif isinstance(e, Modal):
            pending += [x for mode in e.modes for x in mode]
        else:
            yield e


def changes_only(ability: TriggeredAbility, kinds: tuple[type, ...] = PLAYERS_ONLY) -> bool:
    """Whether every effect of ``ability`` (inside "you may", "if", modes) is one of ``kinds``."""
    return all(isinstance(e, kinds) for e in effect_leaves(ability))


def _effects_of(board: Board, fired: Fired) -> tuple[list[Effect], str | None]:
    """The board effects of one trigger's effects, or the reason they can't be applied."""
    ability = fired.ability
    if changes_only(ability):
        return [], None  # life, cards: no permanent changes, whatever was chosen or targeted
    if ability.condition:
        return [], "its intervening \"if\" clause (603.4) is not checked by block checks"
    if ability.targets:
        return [], "its controller chooses targets for it (603.3d); block checks don't try the choices"
    effects: list[Effect] = []
    pending = list(ability.effects)
    while pending:
        e = pending.pop(0)
        if isinstance(e, Optional) and len(ability.effects) == 1 and not e.then and not e.otherwise:
            pending = list(e.effects) + pending
            continue
        if not isinstance(e, Modify):
            return [], f"block checks apply only effects that grant abilities or +N/+N, not {type(e).__name__}"
        who = _object(board, fired, e.what)
        if who is None:
            return [], "it changes objects block checks don't find (only its source, what it is about, or what " \
                       "its source is attached to)"
        spec = e.spec
        if e.duration != "end_of_turn" or not _grants_or_gets(spec):
            return [], "block checks apply only abilities gained and +N/+N until end of turn (611.2a)"
        if spec.gains:
            effects.append(Effect(kind="gains", creature=who, abilities=tuple(spec.gains), source=fired.source))
        if spec.gets is not None:
            effects.append(Effect(kind="gets", creature=who, pt=spec.gets, source=fired.source))
    return effects, None


def _grants_or_gets(spec: ContinuousSpec) -> bool:
    """Only ``gains`` and a constant ``gets``: nothing else set."""
    for f in fields(spec):
        if f.name in ("gains", "gets", "affects", "text"):
            continue
        if getattr(spec, f.name) != f.default:
            return False
    return bool(spec.gains) or spec.gets is not None


def _object(board: Board, fired: Fired, what: Any) -> str | None:
    if isinstance(what, Source):
        return fired.source
    if isinstance(what, Subject) and what.what == "object":
        return fired.subject
    if isinstance(what, Attached):
        return board.permanent(fired.source).attached_to
    return None


def _with_effects(board: Board, effects: list[Effect]) -> Board:
    """The board with ``effects`` added after every other (613.7a), the layers applied again."""
    if not effects:
        return board
    layers = board.layers
    printed = layers.printed if layers is not None else board.permanents
    before = layers.effects if layers is not None else board.effects
    return apply_layers(board.replace(permanents=printed, effects=tuple(before) + tuple(effects), layers=None))


# --------------------------------------------------------------------------- events
_KIND_EVENTS = {
    "enters": "enters", "dies": "dies", "leaves": "leaves", "attacks": "attacks", "blocks": "blocks",
    "graveyard_from_battlefield": "leaves", "becomes_blocked": "blocked", "deals_combat_damage_to_player": "combat_damage", "deals_combat_damage":
    "combat_damage", "cast": "cast", "upkeep": "step:upkeep", "beginning_of_combat": "step:beginning_of_combat",
    "end_step": "step:end", "becomes_tapped": "tapped", "attacks_unblocked": "unblocked", "dealt_damage": "damage",
    "deals_damage": "damage", "deals_damage_to_player": "damage", "deals_damage_to_opponent": "damage",
    "deals_combat_damage_to_creature": "combat_damage", "turned_face_up": "face_up", "end_of_combat":
    "step:end_of_combat", "draw_step": "step:draw", "precombat_main": "step:precombat_main", "gains_life":
    "life_gain", "draws": "draw", "discards": "discard", "cycled": "cycle", "becomes_target": "targeted",
    "blocks_each": "blocks", "blocked_by_each": "blocked", "exploits": "exploit", "mutates": "mutate",
    "sacrificed": "sacrifice",
}


def _events(ability: TriggeredAbility) -> tuple[TriggerEvent, ...]:
    """The ability's events: its first and those of "or" (``also``)."""
    return (ability.event, *ability.also)


def trigger_events(ability: TriggeredAbility) -> frozenset[str]:
    """The events a read triggered ability waits for, named as for unread lines
    (:data:`mtgsolver.read.line_forms.EVENTS`): its own entering is ``enters_self``; a kind with
    no such name (a card put into a graveyard from anywhere) is ``other``."""
    return frozenset("enters_self" if e.kind == "enters" and e.subject is None else _KIND_EVENTS.get(e.kind, "other")
                     for e in _events(ability))


_CAUSES: tuple[tuple[type, frozenset[str]], ...] = (
    (Damage, frozenset({"damage", "life_loss", "dies", "leaves"})), (Destroy, frozenset({"dies", "leaves"})),
    (Exile, frozenset({"leaves"})), (Bounce, frozenset({"leaves"})),
    (Sacrifice, frozenset({"sacrifice", "dies", "leaves"})), (PutCounters, frozenset({"counters", "dies", "leaves"})),
    (RemoveCounters, frozenset({"counters"})), (Tap, frozenset({"tapped"})), (Untap, frozenset({"untapped"})),
    (CreateTokens, frozenset({"enters"})), (Draw, frozenset({"draw"})), (Discard, frozenset({"discard"})),
    (Mill, frozenset({"mill"})), (GainLife, frozenset({"life_gain"})), (LoseLife, frozenset({"life_loss"})),
    (AddMana, frozenset({"mana"})), (ReturnFromGraveyard, frozenset({"enters"})),
    (PutOntoBattlefield, frozenset({"enters"})), (Fight, frozenset({"damage", "dies", "leaves"})),
    (CounterSpell, frozenset({"cast"})), (CopySpell, frozenset({"cast"})), (GainControl, frozenset()),
    (Modify, frozenset({"dies", "leaves"})), (Scry, frozenset()), (Surveil, frozenset({"mill"})),
    (LookAtTop, frozenset({"mill"})), (SearchLibrary, frozenset({"search", "enters"})), (PreventDamage, frozenset()),
    (Regenerate, frozenset()), (ExileIfDies, frozenset()), (PutInLibrary, frozenset({"leaves"})),
    (Proliferate, frozenset({"counters"})), (Monstrosity, frozenset({"counters", "monstrous"})),
    (Adapt, frozenset({"counters"})), (Attach, frozenset({"attach"})),
)


def caused_events(ability: TriggeredAbility) -> frozenset[str] | None:
    """What a read triggered ability's effects could cause, as events (``None``: an effect
    kind this module doesn't know, so anything). A Modify could make a toughness 0 (704.5f); a
    delayed trigger acts at the end of combat or later (603.7), after the declarations and
    combat damage."""
    out: set[str] = {"targeted"} if ability.targets else set()
    for e in effect_leaves(ability):
        if isinstance(e, Delayed):
            continue
        kind = next((events for t, events in _CAUSES if isinstance(e, t)), None)
        if kind is None:
            return None
        out |= kind
    return frozenset(out)


# --------------------------------------------------------------------------- power and toughness
_PT_FIELDS = frozenset({"power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least"})


def reads_power_or_toughness(board: Board) -> bool:
    """Whether anything read on the board compares power or toughness in a way that could
    decide what may attack or block (skulk, 702.118b; filters such as "creatures with power 2
    or less can't block", 509.1b): then a change of power or toughness could change a
    declaration, otherwise it can't."""
    if any(p.has_keyword("skulk") for p in board.permanents):
        return True
    printed = board.layers.printed if board.layers is not None else ()
    return any(_mentions_pt(a) for p in (*board.permanents, *printed) for a in p.abilities) \
        or any(_mentions_pt(e) for e in board.effects)


def _mentions_pt(value: Any, depth: int = 0) -> bool:
    if depth > 12:
        return True  # nothing this deep is expected; say so rather than miss a comparison
    if isinstance(value, Comparison):
        return value.stat in ("power", "toughness") or value.own_stat in ("power", "toughness")
    if is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            v = getattr(value, f.name)
            if f.name in _PT_FIELDS and v is not None:
                return True
            if f.name not in ("text", "card") and _mentions_pt(v, depth + 1):
                return True
        return False
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(_mentions_pt(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(_mentions_pt(v, depth + 1) for v in value.values())
    return False

