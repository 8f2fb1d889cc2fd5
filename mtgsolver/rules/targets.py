"""What a spell or ability can target, described plainly, and whether it still resolves.

Rules: 115.1 (targets), 115.4 (any target), 400.3 (a card in a graveyard is in its owner's
graveyard), 601.2c (targets chosen), 608.2b (a spell or ability whose every target is illegal
doesn't resolve), 702.11b-c, 702.16b, 702.18a (hexproof, protection, shroud).
"""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mtgsolver.model import Board
from mtgsolver.model.effects import ActivatedAbility, Modal, Targeted, TargetSpec, TriggeredAbility
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.zones import ZoneCard
from mtgsolver.rules.blocking import has_quality
from mtgsolver.rules.game import Game, StackObject, Undecided, card_object

__all__ = ["ANY_TARGET", "CardTarget", "PERMANENT_KINDS", "PermanentTarget", "PlayerTarget", "StackTarget", "Target",
           "became_targets", "candidates", "choose_targets", "distinct_problem", "quality_of", "resolves",
           "target_problem", "used_slots", "warded"]


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


# --------------------------------------------------------------------------- target slots (115, 601.2c, 608.2b)
#: The kinds of 115.4's "any target".
ANY_TARGET = frozenset({"creature", "planeswalker", "battle", "player"})
#: Target kinds that are permanents (115.1: "target creature", "target permanent").
PERMANENT_KINDS = frozenset({"creature", "planeswalker", "artifact", "enchantment", "land", "battle", "permanent"})


def quality_of(source: Permanent, quality: str) -> bool:
    """702.16a: whether a source has a protection quality (a color, a card type or subtype,
    multicolored, "everything" ...)."""
    q = quality.strip().lower()
    if q == "everything":
        return True
    if q in ("creatures", "creature"):
        return source.is_creature
    return has_quality(source, q)


def target_problem(game: Game, spec: TargetSpec, tid: str, controller: str, source: Permanent,
                   source_id: str) -> str | None:
    """Why ``tid`` can't be chosen for the slot ``spec`` of a spell or ability controlled by
    ``controller`` whose source is ``source`` (as it is, or last was), now; ``None`` if it can
    (115.1, 601.2c, 608.2b). Hexproof (702.11b), shroud (702.18a) and protection (702.16b) keep
    a permanent from being targeted.

    :raises Undecided: a filter on the mana value of a spell with X (202.3e)."""
    kinds = spec.kinds
    if tid in game.players:
        if "player" not in kinds:
            return f"{tid} is a player; the target is {_kinds(kinds)}"
        if spec.opponent and tid == controller:
            return f"{tid} is not an opponent of {controller}"
        if spec.dealt_damage and tid not in game.turn.dealt_damage:
            return f"{tid} was not dealt damage this turn"
        if game.players[tid].lost:
            return f"{tid} has left the game (800.4a)"
        return player_protection(game.view(), tid, controller)
    if game.on_battlefield(tid):
        perm = game.perm(tid)
        wanted = kinds & PERMANENT_KINDS
        if spec.zone != "battlefield" or not wanted or not ("permanent" in wanted or wanted & perm.types):
            return f"{perm.name} ({tid}) is a permanent that is not {_kinds(kinds)}"
        if not game.query().matches(spec.filter, tid, source_id, controller):
            return f"{perm.name} ({tid}) is not {spec.filter.describe()}"
        if spec.dealt_damage and tid not in game.turn.dealt_damage:
            return f"{perm.name} ({tid}) was not dealt damage this turn"
        if perm.has_keyword("shroud"):
            return f"{perm.name} ({tid}) has shroud (702.18a)"
        if perm.has_keyword("hexproof") and perm.controller != controller:
            return f"{perm.name} ({tid}) has hexproof and {controller} is its controller's opponent (702.11b)"
        for q in perm.protections:
            if quality_of(source, q) or q == source.controller:
                return f"{perm.name} ({tid}) has protection from {q} (702.16b)"
        return None
    item = game.stack_object(tid)
    if item is not None:
        kind = "spell" if item.kind == "spell" else "ability"
        which = "activated_ability" if isinstance(item.ability, ActivatedAbility) else "triggered_ability"
        if kind not in kinds and not (kind == "ability" and which in kinds):
            return f"{tid} is {'a spell' if kind == 'spell' else 'an ability'} on the stack; the target is {_kinds(kinds)}"
        card = item.card.card if isinstance(item.card, ZoneCard) else item.card
        if kind == "spell" and card is not None and card.mana_cost is not None and card.mana_cost.variables and (
                spec.filter.mana_value_at_least is not None or spec.filter.mana_value_at_most is not None):
            raise Undecided("202.3e", f"the mana value of {card.name} ({tid}) on the stack counts its X, which is "
                                      "not modelled")
        if kind == "spell" and card is not None and not game.query().matches(
                spec.filter, tid, source_id, controller, obj=card_object(card, tid, item.controller)):
            return f"{tid} is not a {spec.filter.describe()} spell"
        return None
    found = game.find_card(tid)
    if found is not None:
        owner, zone, zc = found
        if "card" not in kinds or spec.zone != zone:
            return f"{zc.name} ({tid}) is a card in {owner}'s {zone}; the target is {_kinds(kinds)}"
        if spec.whose == "you" and owner != controller or spec.whose == "opponents" and owner == controller:
            return f"{zc.name} ({tid}) is in {owner}'s {zone}, not {'your' if spec.whose == 'you' else 'an opponent'}'s"
        obj = card_object(zc.card, tid, owner)
        if not game.query().matches(spec.filter, tid, source_id, controller, obj=obj):
            return f"{zc.name} ({tid}) is not {spec.filter.describe()}"
        return None
    return f"{tid} is not on the battlefield, on the stack, in a zone or a player"


def can_enchant(game: Game, spec: TargetSpec, pid: str, controller: str, aura: str) -> bool:
    """Whether the permanent ``pid`` is a legal object for an Aura entering the battlefield
    other than as a spell (303.4f): its enchant ability (702.5a) allows it; the Aura doesn't
    target it, so hexproof and shroud don't matter.

    :raises Undecided: an enchant ability naming a player and a permanent, or a permanent with
        protection (702.16c: what it can be enchanted by is not modelled here)."""
    if "player" in spec.kinds:
        raise Undecided("303.4f", "an Aura that enchants a player or a permanent entering other than as a spell is "
                                  "not modelled")
    perm = game.perm(pid)
    wanted = spec.kinds & PERMANENT_KINDS
    if not ("permanent" in wanted or wanted & perm.types) or not game.query().matches(spec.filter, pid, aura,
                                                                                      controller):
        return False
    if perm.protections:
        raise Undecided("702.16c", f"{perm.name} ({pid}) has protection; whether the Aura can enchant it is not "
                                   "modelled")
    return True


def player_protection(view: Board, player: str, controller: str) -> str | None:
    """Why ``player`` can't be the target of a spell or ability ``controller`` controls because
    of a static ability of a permanent ``player`` controls, or ``None``: "You have shroud"
    (702.18a), "You have hexproof" against an opponent (702.11c)."""
    for p in view.permanents:
        if p.controller != player:
            continue
        if p.has("controller_shroud"):
            return f"{player} has shroud from {p.name} ({p.id}) (702.18a)"
        if p.has("controller_hexproof") and controller != player:
            return f"{player} has hexproof from {p.name} ({p.id}) and {controller} is their opponent (702.11c)"
    return None


def _kinds(kinds: frozenset[str]) -> str:
    if ANY_TARGET <= kinds:
        return "any target (115.4)"
    return " or ".join(sorted(kinds))


def used_slots(effects: Sequence[object], modes: Sequence[int] = ()) -> list[int]:
    """The target slots the effects name (:class:`~mtgsolver.model.effects.Targeted`), in
    order; of a modal effect only the chosen ``modes`` count (601.2c: targets are chosen for
    the chosen modes); the abilities of a token the effects create (a Devil's "When this
    creature dies, it deals 1 damage to any target") target on their own (115.1)."""
    if not isinstance(effects, tuple):
        return _used_slots(effects, modes)
    key = (id(effects), tuple(modes))
    known = _SLOTS.get(key)
    if known is not None and known[0] is effects:
        return list(known[1])
    slots = _used_slots(effects, modes)
    if len(_SLOTS) > 4096:
        _SLOTS.clear()
    _SLOTS[key] = (effects, tuple(slots))
    return slots


#: :func:`used_slots` by the identity of a tuple of effects (kept alive beside the answer) and the
#: modes: an ability's effects are frozen, and the same ones are walked at every cast and activation.
_SLOTS: dict[tuple[int, tuple[int, ...]], tuple[Sequence[object], tuple[int, ...]]] = {}


def _used_slots(effects: Sequence[object], modes: Sequence[int]) -> list[int]:
    found: list[int] = []

    def walk(value: object) -> None:
        if isinstance(value, (ActivatedAbility, TriggeredAbility)):
            return
        if isinstance(value, Targeted):
            if value.slot not in found:
                found.append(value.slot)
        elif isinstance(value, Modal):
            for i in modes:
                if 0 <= i < len(value.modes):
                    walk(value.modes[i])
        elif isinstance(value, tuple):
            for v in value:
                walk(v)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))

    walk(tuple(effects))
    return sorted(found)


def candidates(game: Game, spec: TargetSpec, controller: str, source: Permanent, source_id: str) -> list[str]:
    """Everything that could be chosen for the slot now, in board order (players first)."""
    pool = [*game.players, *game.perms, *(s.id for s in game.stack if s.id != source_id)]
    pool += [c.id for z in game.zones.values() for c in (*z.hand, *z.library_top, *z.graveyard, *z.exile)]
    return [t for t in pool if target_problem(game, spec, t, controller, source, source_id) is None]


def choose_targets(game: Game, obj: StackObject, key: str,
                   keep: Sequence[Sequence[tuple[str, int]]] | None = None) -> tuple[tuple[tuple[str, int], ...], ...] | None:
    """The targets of a triggered ability or a copy, chosen by its controller as it is put on
    the stack (603.3d, 707.10c): one choice over every legal way to fill its slots, and with
    ``keep`` (a copy's targets) leaving a slot's targets as they are, legal or not (707.10c);
    ``None`` when a slot can't be filled (the ability is removed from the stack)."""
    ability = obj.ability
    slots = used_slots(ability.effects, obj.modes)
    if not slots:
        return ()
    source = obj.lki or game.perm(obj.source)
    per_slot: list[list[tuple[str, ...]]] = []
    for slot in slots:
        spec = ability.targets[slot]
        legal = candidates(game, spec, obj.controller, source, obj.source)
        sizes = range(0 if spec.up_to else spec.count, spec.count + 1)
        ways = [c for k in sizes for c in itertools.combinations(legal, k)]
        kept = tuple(t for t, _ in keep[slot]) if keep is not None and slot < len(keep) else None
        if kept is not None and kept not in ways:
            ways.insert(0, kept)
        if not ways:
            return None
        per_slot.append(ways)
    options = [o for o in itertools.product(*per_slot) if _distinct(ability.targets, slots, o)]
    if not options:
        return None
    labels = [";".join(",".join(ids) for ids in option) for option in options]
    chosen = options[game.choose(key, labels)]
    out: list[tuple[tuple[str, int], ...]] = [() for _ in range(max(slots) + 1)]
    for slot, ids in zip(slots, chosen):
        out[slot] = tuple((t, game.generation.get(t, 0)) for t in ids)
    return tuple(out)


def _distinct(specs: Sequence[TargetSpec], slots: Sequence[int], chosen: Sequence[Sequence[str]]) -> bool:
    """115.3: a slot's targets are none of the targets of the slots it is ``distinct_from``."""
    by_slot = dict(zip(slots, chosen))
    return not any(set(by_slot[s]) & set(by_slot.get(d, ())) for s in slots for d in specs[s].distinct_from)


def distinct_problem(specs: Sequence[TargetSpec], chosen: dict[int, Sequence[str]]) -> str | None:
    """Why targets chosen per slot break 115.3 ("another target creature"), or ``None``."""
    slots = sorted(chosen)
    if _distinct(specs, slots, [chosen[s] for s in slots]):
        return None
    return "\"another target\" can't be an object chosen for the target before it (115.3)"


def became_targets(game: Game, targets: Sequence[Sequence[tuple[str, int]]]) -> None:
    """Each object chosen as a target "becomes the target of a spell or ability" (115.1, 603.2)."""
    for slot in targets:
        for tid, _ in slot:
            if game.on_battlefield(tid):
                game.emit("becomes_target", tid, player=game.perms[tid].controller)


def warded(game: Game, targets: Sequence[str], controller: str) -> str | None:
    """A target with ward (702.21a) that an opponent's spell or ability targets: its trigger
    counters the spell or ability unless that player pays, a choice this project doesn't make.
    The id of the first such target, or ``None``."""
    for t in targets:
        if game.on_battlefield(t):
            perm = game.perm(t)
            if perm.controller != controller and perm.has("ward"):
                return t
    return None
