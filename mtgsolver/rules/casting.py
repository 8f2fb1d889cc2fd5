"""Casting spells (601) and activating abilities (602), up to their being on the stack.

- 117.1a, 307.1, 601.3: an instant (or a card with flash) may be cast any time its owner has
  priority; any other spell only in its owner's main phase with an empty stack. 305.1: a
  land is played, not cast. 118.6: a card without a mana cost can't be cast unless without
  paying it.
- 601.2b: modes (700.2); 601.2c: targets, each legal (115, 702.11b, 702.16b, 702.18a), one
  target word never choosing an object twice (115.3); 601.2d: divided damage, at least 1 to
  each target; 107.3a: X.
- 601.2b: kicker (702.33a) is an option announced as the spell is cast (``kicker:ID``, its cost
  paid with the mana cost); the options of the spell's other keywords (buyback, entwine,
  splice, replicate ...) are choices whose "yes" is not modelled (undecided); 601.2f: "As an
  additional cost to cast this spell, ..." is paid with the other costs; 601.3: "Cast this
  spell only during ..."; 702.61a: nothing is cast or activated while a spell with split second
  is on the stack.
- 601.2i: the spell becomes cast ("whenever you cast" triggers, 603.2); 700.13-style counts
  of spells cast this turn go up; each object targeted "becomes the target" (603.2).
- 602.2: an activated ability's costs: {T} (302.6: not a creature that came under its
  controller's control this turn, unless haste; 107.5: not already tapped), {Q} (107.6),
  life (119.4), sacrifices (701.21), counters, discards; 602.5b "only once each turn";
  602.5d "Activate only as a sorcery"; 606.3: one loyalty ability of a planeswalker each turn,
  at sorcery speed; 606.6: a negative loyalty cost needs that much loyalty; 602.5 (a static
  "can't be activated"); 602.5b: "Activate only during your turn / your upkeep / before
  attackers are declared", "Activate only if ..."; 602.1: "Any player may activate this
  ability" (the permanent's controller does, in a resolution); 702.122a: crew N taps any other
  untapped creatures of the player with total power N or greater (not a {T} cost: a creature
  that came this turn may crew, 302.6).

The mana part of a cost is paid by the caller (the payment solver, or not at all with a
free cast): :class:`Payment` is what that payment did to the board.
"""
from __future__ import annotations

import dataclasses
import functools
import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TypeVar

from mtgsolver.model.board import Board, PoolMana
from mtgsolver.model.cards import Card
from mtgsolver.model.continuous import Affected
from mtgsolver.model.effects import ActivatedAbility, Damage, Modal, SpellAbility, X
from mtgsolver.model.errors import OptionError
from mtgsolver.model.mana import ManaCost, ManaSymbol
from mtgsolver.model.mana_abilities import CostPart
from mtgsolver.model.zones import ZoneCard
from mtgsolver.rules.game import Game, Illegal, StackObject, Undecided, card_object
from mtgsolver.rules.identity_memo import IdentityMemo
from mtgsolver.rules.layers import Query
from mtgsolver.rules.resolution import add_counters, announce_cast, discard, move_object, pay_energy, sacrifice, tap
from mtgsolver.rules.targets import became_targets, distinct_problem, target_problem, used_slots, warded
from mtgsolver.rules.triggers import mode_sets
from mtgsolver.rules.twins import twin_keys

__all__ = ["Activate", "Cast", "Payment", "activate", "cast", "chosen_additional", "needs", "option_text", "pay",
           "sorcery_timing", "spell_ability", "static_reduction", "total_cost", "uses_x", "with_x"]

MAIN_PHASES = ("precombat_main", "postcombat_main")


@dataclass(frozen=True)
class Cast:
    """Cast the card ``card`` (its id in its owner's hand) with ``targets`` (one group per
    target slot the spell uses, or one group for all, filled slot by slot), ``amounts`` divided
    among them (601.2d), ``modes`` (indices from 0, 700.2), ``x`` (107.3a), ``kicked`` (its
    kicker cost paid, 702.33a), ``additional``: which of its additional costs it pays, when it
    offers a choice of them (an index of ``additional_cost_options``, 601.2b, 601.2f)."""

    card: str
    targets: tuple[tuple[str, ...], ...] = ()
    amounts: Mapping[str, int] = field(default_factory=dict)
    modes: tuple[int, ...] | None = None
    x: int | None = None
    free: bool = False
    kicked: bool = False
    additional: int | None = None
    #: the mana types spent to cast it (601.2h), when the caller paid and knows them ("for each color
    #: of mana spent to cast it"); ``None``: not known (unless ``free``: none)
    spent: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Activate:
    """Activate the ``index``-th (from 0) activated ability of the permanent ``permanent``."""

    permanent: str
    index: int = 0
    targets: tuple[tuple[str, ...], ...] = ()
    amounts: Mapping[str, int] = field(default_factory=dict)
    modes: tuple[int, ...] | None = None
    x: int | None = None


@dataclass(frozen=True)
class Payment:
    """What paying a mana cost did (601.2g-h, 605.3): the permanents its mana abilities tapped,
    untapped and sacrificed, the counters they removed, the life paid (119.4) and the damage
    they dealt their controller, and the payer's mana pool afterwards (106.4)."""

    player: str
    tapped: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    counters: tuple[tuple[str, str, int], ...] = ()
    life: int = 0
    damage: int = 0
    pool: tuple[PoolMana, ...] = ()
    activations: tuple[str, ...] = ()
    #: the mana types it spent (601.2h, one letter each), when known
    spent: tuple[str, ...] | None = None


def sorcery_timing(game: Game, player: str) -> str | None:
    """Why ``player`` can't act at sorcery speed now (117.1a, 307.1), or ``None``."""
    if player != game.source.active_player:
        return f"it is {game.source.active_player}'s turn"
    if game.turn.step not in MAIN_PHASES:
        return f"it is the {game.turn.step.replace('_', ' ')} step, not a main phase"
    if game.stack:
        return "the stack is not empty"
    return None


def spell_ability(zc: ZoneCard) -> SpellAbility:
    """What the card does as a spell (608.2): an instant's or sorcery's text as read; a
    permanent spell's is nothing until it resolves.

    :raises Undecided: an instant or sorcery whose text is not read.
    """
    if zc.spell is not None:
        return zc.spell
    if zc.card.is_permanent:
        return SpellAbility(())
    if not (zc.card.text or "").strip():
        return SpellAbility(())
    raise Undecided("608.2", f"what {zc.card.name} does is not read (docs/unread.md): {zc.card.text!r}")


def cast(game: Game, action: Cast) -> StackObject:
    """Put the spell on the stack (601.2a-e, 601.2i); its costs are paid by then.

    :raises Illegal: the card can't be cast now or so.
    :raises OptionError: modes, X or targets missing (``mode``, ``x``, ``targets``).
    :raises Undecided: what it does is not read, an Aura whose enchant ability is not read (303.4a),
        or ward (702.21).
    """
    found = game.find_card(action.card)
    if found is None or found[1] != "hand":
        raise Illegal("601.2a", f"{action.card} is not a card in a hand")
    owner, _, zc = found
    card = zc.card
    if "land" in {t.lower() for t in card.types}:
        raise Illegal("305.1", f"{card.name} is a land: it is played, not cast")
    if card.mana_cost is None and not action.free:
        raise Illegal("118.6", f"{card.name} has no mana cost: it can't be cast unless without paying it")
    _split_second(game)
    instant = "instant" in {t.lower() for t in card.types} or "flash" in {k.lower() for k in card.keywords}
    if not instant:
        why = sorcery_timing(game, owner)
        if why:
            raise Illegal("117.1a", f"{card.name} can be cast only in its owner's main phase with an empty stack: {why}")
    ability = spell_ability(zc)
    if "aura" in {t.lower() for t in card.subtypes} and not ability.targets:
        raise Undecided("303.4a", f"{card.name} is an Aura spell whose enchant ability is not read: its target is "
                                  "not known")
    if ability.only_during is not None and not _during(game, owner, ability.only_during):
        raise Illegal("601.3", f"{card.name} can be cast only during {ability.only_during.replace('_', ' ')}")
    if action.kicked and ability.kicker is None:
        raise Illegal("702.33a", f"{card.name} has no kicker")
    x = _x(card.mana_cost is not None and bool(card.mana_cost.variables), action.x, (ability.effects, ability.targets),
           card.name)
    ability = _with_x_once(ability, x, card.name)
    modes = _modes(ability.effects, action.modes, card.name)
    _keyword_options(game, zc.id, card.name, ability, modes, action.free)
    label = zc.id
    obj = StackObject(zc.id, "spell", owner, zc.id, ability, card=zc, x=x, modes=modes, label=label,
                      lki=card_object(card, zc.id, owner), kicked=action.kicked,
                      spent=() if action.free and action.spent is None else action.spent)
    obj.targets, obj.amounts = _targets(game, obj, action.targets, action.amounts)
    game.mark()
    game.take_card(zc.id)  # 601.2a: on the stack before its costs are paid
    oid = game.moved_id(zc.id, card.name)  # a new object on the stack (400.7)
    obj.id = obj.source = obj.label = oid
    obj.lki = card_object(card, oid, owner)
    game.stack.append(obj)
    game.changed()
    for c in ability.additional_costs + chosen_additional(ability, action.additional, card.name):  # 601.2f, 601.2h
        if c.kind != "mana":  # paid with the total cost (total_cost)
            _cost(game, oid, card.name, owner, c, oid)
    announce_cast(game, obj, card, owner, "601.2", f"{owner} casts {card.name} ({oid})" + _describe(obj))
    return obj


def activate(game: Game, action: Activate) -> StackObject:
    """Activate an ability (602.2): its non-mana costs are paid here, its mana before.

    :raises Illegal: it can't be activated now, or its costs can't be paid.
    :raises OptionError: X, modes or targets missing.
    """
    if not game.on_battlefield(action.permanent):
        raise Illegal("602.2", f"{action.permanent} is not a permanent on the battlefield")
    perm = game.perm(action.permanent)
    abilities = perm.activated_abilities
    if not 0 <= action.index < len(abilities):
        raise Illegal("602.1", f"{perm.name} ({perm.id}) has {len(abilities)} activated abilities read (other than "
                               f"mana abilities); there is no ability {action.index + 1}")
    ability = abilities[action.index]
    player = perm.controller
    _split_second(game)
    if ability.during is not None and not _during(game, player, ability.during):
        raise Illegal("602.5b", f"\"{ability.text}\" only during {ability.during.replace('_', ' ')}")
    if ability.condition and not game.query().holds(ability.condition, perm.id, player):
        raise Illegal("602.5b", f"\"{ability.text}\": its \"Activate only if\" condition doesn't hold")
    scopes = set(perm.values("cant_activate"))
    if scopes & {"all", "non_mana"} or ("tap" in scopes and any(c.kind == "tap" for c in ability.costs)):
        raise Illegal("602.5", f"{perm.name}'s activated abilities can't be activated")
    key = f"{perm.id}:{action.index + 1}"
    if ability.timing == "sorcery" or ability.loyalty is not None:
        why = sorcery_timing(game, player)
        if why:
            raise Illegal("602.5d" if ability.loyalty is None else "606.3", f"\"{ability.text}\" only as a sorcery: {why}")
    if ability.loyalty is not None and perm.id in game.turn.activated_once:
        raise Illegal("606.3", f"a loyalty ability of {perm.name} was already activated this turn")
    if ability.once_each_turn and key in game.turn.activated_once:
        raise Illegal("602.5b", f"\"{ability.text}\" was already activated this turn")
    x = _x(bool(ability.mana and ability.mana.variables), action.x, (ability.effects, ability.targets), perm.name)
    ability = _with_x_once(ability, x, perm.name)
    modes = _modes(ability.effects, action.modes, perm.name)
    obj = StackObject(game.new_id(f"{perm.id}-ability"), "ability", player, perm.id, ability, lki=perm, x=x,
                      modes=modes, label=key, source_generation=game.generation.get(perm.id, 0))
    obj.targets, obj.amounts = _targets(game, obj, action.targets, action.amounts)
    _costs(game, perm.id, ability, key)
    done = {perm.id} if ability.loyalty is not None else set()
    done |= {key} if ability.once_each_turn else set()
    if done:
        game.turn = dataclasses.replace(game.turn, activated_once=game.turn.activated_once | done)
    game.stack.append(obj)
    game.changed()
    became_targets(game, obj.targets)
    game.step("602.2", f"{player} activates {perm.name} ({perm.id}): \"{ability.text}\"" + _describe(obj))
    return obj


#: When "Cast this spell only during ..." (601.3) and "Activate only during ..." (602.5b) allow it:
#: the steps, and whether it must be the player's own turn.
_DURING: dict[str, tuple[tuple[str, ...], bool]] = {
    "combat": (("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"),
               False),
    "combat_before_blockers": (("beginning_of_combat", "declare_attackers"), False),
    "combat_after_blockers": (("declare_blockers", "combat_damage", "end_of_combat"), False),
    "declare_blockers_step": (("declare_blockers",), False),
    "declare_attackers_step_attacked": (("declare_attackers",), False),
    "your_turn": ((), True),
    "your_upkeep": (("upkeep",), True),
    "your_turn_before_attackers": (("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat"), True),
}


def _during(game: Game, player: str, when: str) -> bool:
    """Whether now is during ``when`` for ``player`` (601.3, 602.5b; "only if you've been
    attacked this step": a creature attacks them or a permanent they control or protect)."""
    steps, own = _DURING[when]
    if own and game.source.active_player != player or steps and game.turn.step not in steps:
        return False
    if when == "declare_attackers_step_attacked":
        view = game.view()
        return any(view.defending_player_of(a.target) == player for a in (game.combat.attackers if game.combat else ()))
    return True


def _split_second(game: Game) -> None:
    """702.61a: no spell is cast and no ability but a mana ability activated while a spell
    with split second is on the stack."""
    for item in game.stack:
        if isinstance(item, StackObject) and "split" in _keyword_names(item.ability):
            raise Illegal("702.61a", f"{item.id} has split second: nothing else is cast or activated while it is on "
                                     "the stack")


#: Keywords of a spell that offer an option as it is cast from a hand (an additional or
#: alternative cost, a copy): a choice (``KEYWORD:ID``) whose "yes" is not modelled.
_CAST_OPTIONS = {"buyback": "702.27a", "entwine": "702.42a", "splice": "702.47a", "conspire": "702.78a",
                 "replicate": "702.56a", "casualty": "702.153a", "cleave": "702.148a", "overload": "702.96a",
                 "awaken": "702.113a", "surge": "702.117a", "spectacle": "702.137a", "prowl": "702.76a",
                 "demonstrate": "702.144a"}
#: Keywords that lower what is paid without a choice (702.41a affinity, 702.125a undaunted).
_COST_REDUCTIONS = {"affinity": "702.41a", "undaunted": "702.125a"}


def _keyword_names(ability: object) -> set[str]:
    return {k.split(" ")[0] for k in getattr(ability, "keywords", ())}


def _keyword_options(game: Game, cid: str, name: str, ability: SpellAbility, modes: tuple[int, ...],
                     free: bool) -> None:
    """The spell's keywords as it is cast from a hand: the options they offer (601.2b), tried
    both ways; escalate's more than one mode; a mandatory cost reduction on a cost paid; an
    alternative cost (118.9) or its mana cost.

    :raises Undecided: an option taken, or a reduction, that is not modelled."""
    names = _keyword_names(ability)
    for word in sorted(names & set(_CAST_OPTIONS)):
        if game.choose(f"{word}:{cid}", ["no", "yes"]) == 1:
            raise Undecided(_CAST_OPTIONS[word], f"{name} cast with its {word}: not modelled")
    if "escalate" in names and len(modes) > 1:
        raise Undecided("702.120a", f"{name} with {len(modes)} modes: its escalate cost is not modelled")
    if ability.alternative_costs and not free and game.choose(
            f"alternative:{cid}", ["mana cost", *ability.alternative_costs]) > 0:
        raise Undecided("118.9", f"{name} cast for an alternative cost: not modelled")
    for word in sorted(names & set(_COST_REDUCTIONS)) if not free else ():
        if word != "affinity" or any(_affinity_type(k) is None for k in ability.keywords if k.startswith("affinity")):
            raise Undecided(_COST_REDUCTIONS[word], f"{name} has {word}: the cost it lowers is not modelled")


def _affinity_type(keyword: str) -> str | None:
    """The card type an "affinity for [type]s" counts (702.41a), or ``None`` for another quality."""
    words = keyword.split()
    if len(words) == 3 and words[1] == "for" and words[2] in ("artifacts", "creatures", "enchantments", "lands"):
        return words[2][:-1]
    return None


def option_text(parts: Sequence[CostPart]) -> str:
    """One of a choice of additional costs in words (``pay {3}{B}``, ``sacrifice creature``), as
    ``resolve --choose additional:ID=...`` names it."""
    return " and ".join(f"pay {p.mana}" if p.kind == "mana" else " ".join(
        w for w in (p.kind.replace("_", " "), str(p.amount) if p.amount > 1 else "", p.what or "") if w)
        for p in parts)


def chosen_additional(spell: SpellAbility, additional: int | None, name: str) -> tuple[CostPart, ...]:
    """The parts of the additional cost chosen among ``spell.additional_cost_options`` (601.2b,
    601.2f; none without a choice).

    :raises Illegal: a choice the spell doesn't offer, or none where it offers one."""
    options = spell.additional_cost_options
    if not options and additional is None:
        return ()
    if additional is None or not 0 <= additional < len(options):
        raise Illegal("601.2b", f"{name}: choose one of its additional costs: "
                                f"{'; '.join(option_text(o) for o in options) or 'it has none to choose'}")
    return options[additional]


def total_cost(game: Game, player: str, zc: ZoneCard, spell: SpellAbility, targets: Sequence[Sequence[str]] = (),
               kicked: bool = False, x: int | None = None, additional: int | None = None) -> ManaCost | None:
    """601.2f: the total cost of casting ``zc`` (``None``: it has no mana cost, 118.6): its mana cost
    with X fixed (107.3a, when ``x`` is given), plus the kicker paid (702.33a), the mana of the
    additional cost chosen (``additional``, "sacrifice a creature or pay {3}{B}") and "{N} more for each
    target beyond the first", less the reductions (118.7c: of generic mana only): "This spell costs
    {N} less to cast [if ... | for each ... | if it targets ...]", affinity for a card type
    (702.41a: {1} less for each one ``player`` controls; 702.41b: each instance applies) and the
    statics of ``player``'s permanents (:func:`static_reduction`).

    :raises Undecided: a reduction not modelled (affinity for another quality, undaunted)."""
    cost = zc.card.mana_cost
    if cost is None:
        return None
    if x is not None:
        cost = cost.with_x(x)
    extra = [spell.kicker] if kicked and spell.kicker is not None else []
    extra += [c.mana for c in chosen_additional(spell, additional, zc.card.name) if c.kind == "mana" and c.mana]
    if spell.extra_target_cost is not None:
        extra += [spell.extra_target_cost] * max(0, sum(len(group) for group in targets) - 1)
    for more in extra:
        cost = cost + more
    less = 0
    query = game.query()
    for r in spell.cost_reductions:
        if r.condition and not query.holds(r.condition, zc.id, player):
            continue
        if r.targets is not None and not any(game.on_battlefield(t) and query.matches(r.targets, t, zc.id, player)
                                             for group in targets for t in group):
            continue
        less += r.mana.generic * (query.count(r.per, zc.id, player) if r.per is not None else 1)
    less += static_reduction(game.view(), query, player, zc.card, zc.id)
    for keyword in spell.keywords:
        if keyword.startswith("affinity"):
            kind = _affinity_type(keyword)
            if kind is None:
                raise Undecided("702.41a", f"{zc.card.name}: {keyword}: the cost it lowers is not modelled")
            less += sum(1 for p in game.view().controlled_by(player) if kind in p.types)
        elif keyword.startswith("undaunted"):
            raise Undecided("702.125a", f"{zc.card.name}: undaunted: the cost it lowers is not modelled")
    return _reduced(cost, less) if less > 0 else cost


def static_reduction(board: Board, query: Query, player: str, card: Card, oid: str) -> int:
    """601.2f, 118.7c: the generic mana the statics of ``player``'s permanents take off the total
    cost of a spell of ``card`` (id ``oid``) they cast: "Green creature spells you cast cost {1} less
    to cast" (Rhonas's Monument), each that matches the spell once."""
    obj = card_object(card, oid, player)
    return sum(n for p in board.controlled_by(player) for n, spells in p.values("spells_cost_less")
               if query.matches(spells, oid, p.id, player, obj=obj))


def _reduced(cost: ManaCost, less: int) -> ManaCost:
    """``cost`` with up to ``less`` generic mana taken off (118.7c: colored requirements stay;
    an {X} not yet fixed stays whole)."""
    out = []
    for s in cost.symbols:
        if s.kind == "generic" and less > 0:
            take = min(s.generic, less)
            less -= take
            if s.generic > take:
                out.append(ManaSymbol(generic=s.generic - take))
        else:
            out.append(s)
    return ManaCost(tuple(out))


def pay(game: Game, payment: Payment) -> None:
    """Carry out a mana payment on the board (605.3: its mana abilities resolve at once)."""
    game.mark()
    if payment.activations:
        game.step("605.3", f"{payment.player} pays with " + "; ".join(payment.activations))
    for pid in payment.tapped:
        if game.on_battlefield(pid):
            tap(game, pid)
    for pid in payment.untapped:
        if game.on_battlefield(pid):
            game.update(pid, tapped=False)
    for pid, kind, n in payment.counters:
        add_counters(game, pid, kind, -n)
    for pid in payment.sacrificed:
        if game.on_battlefield(pid):
            sacrifice(game, pid, payment.player, f"is sacrificed by {payment.player} to pay for mana")
    p = game.players[payment.player]
    if payment.life or payment.damage:
        game.set_player(payment.player, life=p.life - payment.life - payment.damage)
        game.step("119.4", f"{payment.player} pays {payment.life} life and is dealt {payment.damage} damage "
                           f"by mana abilities ({p.life} -> {p.life - payment.life - payment.damage})")
    game.pools[payment.player] = payment.pool
    game.changed()
    game.before = None


def needs(game: Game, action: Cast | Activate) -> tuple[bool, bool]:
    """Whether an action has an X to choose (107.3a: in its cost or its text) and modes (700.2)."""
    if isinstance(action, Cast):
        found = game.find_card(action.card)
        if found is None:
            return False, False
        cost = found[2].card.mana_cost
        try:
            effects = spell_ability(found[2]).effects
        except Undecided:
            effects = ()
    else:
        abilities = game.perm(action.permanent).activated_abilities if game.on_battlefield(action.permanent) else ()
        if not 0 <= action.index < len(abilities):
            return False, False
        cost, effects = abilities[action.index].mana, abilities[action.index].effects
    return bool(cost and cost.variables) or _effects_use_x(effects), any(isinstance(e, Modal) for e in effects)


# --------------------------------------------------------------------------- the parts
def _x(in_cost: bool, x: int | None, parts: Sequence[Sequence[object]], name: str) -> int | None:
    """107.3a: X is chosen as it is cast or activated; it must be when the cost or text (``parts``:
    its effects, its targets) has X."""
    if x is not None and x < 0:
        raise OptionError("x", f"{name}: X can't be negative (107.1b)")
    if x is None and (in_cost or any(_effects_use_x(part) for part in parts)):
        raise OptionError("x", f"{name} has X; choose its value with `x` (107.3a)")
    return x


def uses_x(value: object) -> bool:
    """Whether ``value`` (effects, targets) names the X chosen as it is cast or activated (107.3a)."""
    if isinstance(value, X) or isinstance(value, Affected) and value.x_bounds and value.x_count is None:
        return True
    if isinstance(value, (tuple, list)):
        return any(uses_x(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(uses_x(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


R = TypeVar("R")


def _once(fn: Callable[..., R]) -> Callable[..., R]:
    """``fn`` worked out once per (hashable) arguments: a search casts the same texts again and
    again; unhashable arguments are worked out each time."""
    cached = functools.lru_cache(maxsize=1024)(fn)

    def call(*args: Any) -> R:
        try:
            hash(args)
        except TypeError:
            return fn(*args)
        return cached(*args)

    return call


def with_x(value: Any, x: int | None, name: str) -> Any:
    """``value`` (an ability, its effects and targets) with each filter's bounds that are X set to
    the value chosen as it is cast or activated (107.3a: "with mana value X or less"); an X the
    text defines as a count stays one (107.3c).

    :raises Undecided: a filter with X and no X chosen."""
    if isinstance(value, Affected) and value.x_bounds and value.x_count is None:
        if x is None:
            raise Undecided("107.3", f"{name} has a filter with X and no value of X was chosen")
        return dataclasses.replace(value, x_bounds=frozenset(), **dict.fromkeys(value.x_bounds, x),
                                   any_of=tuple(with_x(a, x, name) for a in value.any_of))
    if isinstance(value, tuple):
        found = tuple(with_x(v, x, name) for v in value)
        return found if any(a is not b for a, b in zip(found, value)) else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: v for f in dataclasses.fields(value) if f.init
                   for v in [with_x(getattr(value, f.name), x, name)] if v is not getattr(value, f.name)}
        return dataclasses.replace(value, **changed) if changed else value
    return value


#: :func:`uses_x` of the effects (or targets) of an ability or spell, remembered for each tuple (the
#: search asks it of the same abilities at every priority window).
_effects_use_x = IdentityMemo(uses_x)
_with_x_once = _once(with_x)


def _modes(effects: Sequence[object], modes: tuple[int, ...] | None, name: str) -> tuple[int, ...]:
    """601.2b, 700.2: the modes, a set the spell or ability allows."""
    modal = next((e for e in effects if isinstance(e, Modal)), None)
    if modal is None:
        if modes:
            raise OptionError("mode", f"{name} is not modal")
        return ()
    allowed = mode_sets(modal)
    if modes is None:
        raise OptionError("mode", f"{name} is modal ({len(modal.modes)} modes): choose with `mode`, counting from 1 "
                                  "(700.2)")
    if tuple(sorted(modes)) not in allowed or len(set(modes)) != len(modes):
        raise OptionError("mode", f"{name}: modes {','.join(str(m + 1) for m in modes)} are not a choice it allows "
                                  f"(700.2); it has {len(modal.modes)} modes, choose {modal.choose}")
    return tuple(sorted(modes))


def _targets(game: Game, obj: StackObject, given: tuple[tuple[str, ...], ...],
             amounts: Mapping[str, int]) -> tuple[tuple[tuple[tuple[str, int], ...], ...], dict[str, int]]:
    """601.2c-d: the targets of each slot the chosen modes use, each legal now, and the
    division of damage."""
    ability = obj.ability
    slots = used_slots(ability.effects, obj.modes)
    if len(given) > 1 and len(given) != len(slots):
        raise OptionError("targets", f"{obj.label}: {len(given)} groups of targets for {len(slots)} target slots")
    flat = list(given[0]) if len(given) == 1 else []
    per_slot: dict[int, tuple[str, ...]] = {}
    for k, slot in enumerate(slots):
        spec = ability.targets[slot]
        if len(given) > 1:
            chosen = given[k]
        else:
            take = spec.count if (not spec.up_to or k < len(slots) - 1) else len(flat)
            chosen, flat = tuple(flat[:take]), flat[take:]
        if len(chosen) > spec.count or (not spec.up_to and len(chosen) < spec.count):
            need = f"up to {spec.count}" if spec.up_to else str(spec.count)
            raise OptionError("targets", f"{obj.label}: target slot {slot + 1} takes {need} targets; "
                                         f"got {len(chosen)} ({', '.join(chosen) or 'none'})")
        if len(set(chosen)) != len(chosen):
            raise Illegal("115.3", f"{obj.label}: the same object is chosen twice for one target")
        problem = distinct_problem(ability.targets, {**{s: per_slot[s] for s in per_slot}, slot: chosen})
        if problem is not None:
            raise Illegal("115.3", f"{obj.label}: {problem}")
        source = obj.lki or game.perm(obj.source)
        for t in chosen:
            problem = target_problem(game, spec, t, obj.controller, source, obj.id if obj.kind == "spell" else obj.source)
            if problem is not None:
                raise Illegal("601.2c", f"{obj.label}: {t} can't be a target: {problem}")
        per_slot[slot] = chosen
    if flat:
        raise OptionError("targets", f"{obj.label}: more targets than it has ({', '.join(flat)} left over)")
    ward = warded(game, [t for s in slots for t in per_slot[s]], obj.controller)
    if ward is not None:
        raise Undecided("702.21a", f"{ward} has ward: its trigger counters {obj.label} unless {obj.controller} pays; "
                                   "that payment is not modelled")
    out = [tuple((t, game.generation.get(t, 0)) for t in per_slot.get(s, ())) for s in range(max(slots, default=-1) + 1)]
    return tuple(out), _division(obj, [t for s in slots for t in per_slot[s]], amounts)


def _division(obj: StackObject, targets: list[str], amounts: Mapping[str, int]) -> dict[str, int]:
    """601.2d: damage divided as the spell is cast, at least 1 to each target."""
    divided = next((e for e in _walk(obj.ability.effects) if isinstance(e, Damage) and e.divided), None)
    if divided is None:
        if amounts:
            raise OptionError("targets", f"{obj.label} doesn't divide damage; give targets without amounts")
        return {}
    total = obj.x if isinstance(divided.amount, X) else divided.amount
    if not isinstance(total, int):
        raise Undecided("601.2d", f"{obj.label}: divided damage of a counted amount is not modelled")
    if not amounts and len(targets) == 1:
        return {targets[0]: total}
    if set(amounts) != set(targets) or any(n < 1 for n in amounts.values()) or sum(amounts.values()) != total:
        raise Illegal("601.2d", f"{obj.label}: divide {total} damage among {', '.join(targets)}, at least 1 each "
                                "(give TARGET:N)")
    return dict(amounts)


def _walk(effects: Sequence[object]) -> list[object]:
    out: list[object] = []
    for e in effects:
        out.append(e)
        for f in ("effects", "otherwise"):
            out += _walk(getattr(e, f, ()) or ())
        for mode in getattr(e, "modes", ()) or ():
            out += _walk(mode)
    return out


def _costs(game: Game, pid: str, ability: ActivatedAbility, key: str) -> None:
    """602.2b: the costs other than mana, paid in an order the player chooses (all or none)."""
    game.mark()
    perm = game.perm(pid)
    player = perm.controller
    if ability.loyalty is not None:
        if ability.loyalty < 0 and (perm.loyalty or 0) < -ability.loyalty:
            raise Illegal("606.6", f"{perm.name} has {perm.loyalty or 0} loyalty; it can't pay {ability.loyalty}")
        add_counters(game, pid, "loyalty", ability.loyalty)
    for c in ability.costs:
        _cost(game, pid, perm.name, player, c, key)
    game.before = None


def _cost(game: Game, pid: str, name: str, player: str, c: CostPart, key: str) -> None:
    perm = game.perm(pid) if game.on_battlefield(pid) else None
    if c.kind in ("tap", "untap", "sacrifice_self", "exile_self", "return_self", "remove_counters", "put_counter") \
            and perm is None:
        raise Illegal("602.2", f"{name} is no longer on the battlefield to pay its cost")
    if c.kind == "tap":
        if perm.tapped:  # type: ignore[union-attr]
            raise Illegal("107.5", f"{name} is tapped: it can't be tapped to pay {{T}}")
        if not perm.can_use_tap_abilities():  # type: ignore[union-attr]
            raise Illegal("302.6", f"{name} is a creature that came under {player}'s control this turn (no haste)")
        tap(game, pid)
    elif c.kind == "untap":
        if not perm.tapped or not perm.can_use_tap_abilities():  # type: ignore[union-attr]
            raise Illegal("107.6", f"{name} must be tapped (and not summoning sick) to pay {{Q}}")
        game.update(pid, tapped=False)
    elif c.kind == "life":
        life = game.players[player].life
        if life < c.amount:
            raise Illegal("119.4", f"{player} has {life} life and can't pay {c.amount}")
        game.set_player(player, life=life - c.amount)
        game.step("119.4", f"{player} pays {c.amount} life")
    elif c.kind == "sacrifice_self":
        sacrifice(game, pid, player, f"is sacrificed by {player} to pay a cost")
    elif c.kind == "sacrifice":
        for victim in _chosen(game, player, c, pid, f"cost:{key}:sacrifice", untapped=False):
            sacrifice(game, victim, player, f"is sacrificed by {player} to pay a cost")
    elif c.kind == "tap_untapped":
        for t in _chosen(game, player, c, pid, f"cost:{key}:tap", untapped=True):
            tap(game, t)
    elif c.kind == "crew":
        for t in _crew(game, player, pid, c.amount, f"cost:{key}:crew"):
            tap(game, t)
    elif c.kind in ("remove_counters", "put_counter"):
        if c.variable:
            raise Undecided("107.3", f"{name}: a cost removing any number of counters is not modelled")
        have = perm.counters.get(c.what or "", 0) if c.what != "loyalty" else (perm.loyalty or 0)  # type: ignore[union-attr]
        n = c.amount or 1
        if c.kind == "remove_counters" and have < n:
            raise Illegal("602.2", f"{name} has {have} {c.what} counters; the cost removes {n}")
        add_counters(game, pid, c.what or "", -n if c.kind == "remove_counters" else n)
    elif c.kind == "discard":
        z = game.zones_of(player)
        n = z.hand_count if c.what == "hand" else (c.amount or 1)
        typed = c.what not in (None, "card", "hand")  # "discard a creature card": of that card type (205.2a)
        if z.hand_count < n:
            raise Illegal("602.2", f"{player} has {z.hand_count} cards in hand; the cost discards {n}")
        if (n < z.hand_count or typed) and z.hand_count != len(z.hand):
            raise Undecided("701.9", f"{player} discards to pay a cost from a hand not all known (402.3)")
        fit = [zc.id for zc in z.hand if not typed or set((c.what or "").split()) <= {t.lower() for t in zc.card.types}]
        if len(fit) < n:
            raise Illegal("602.2", f"{player} has {len(fit)} {c.what} cards in hand; the cost discards {n}")
        ways = list(itertools.combinations(fit, n))
        for cid in ways[game.choose(f"cost:{key}:discard", [",".join(w) for w in ways])]:
            discard(game, cid, player, f"is discarded by {player} to pay a cost")
    elif c.kind == "exile_self":
        game.leave(pid, "exile", f"is exiled by {player} to pay a cost", "602.2")
    elif c.kind == "return_self":
        game.leave(pid, "hand", "is returned to its owner's hand to pay a cost", "602.2")
    elif c.kind == "return":
        for returned in _chosen(game, player, c, pid, f"cost:{key}:return", untapped=False):
            game.leave(returned, "hand", f"is returned to its owner's hand by {player} to pay a cost", "602.2")
    elif c.kind == "exile_card":
        zone = c.what or "graveyard"
        z = game.zones_of(player)
        cards = [zc.id for zc in (z.graveyard if zone == "graveyard" else z.hand)]
        n = c.amount or 1
        if len(cards) < n:
            raise Illegal("602.2", f"{player} has {len(cards)} cards in their {zone}; the cost exiles {n}")
        ways = list(itertools.combinations(cards, n))
        for cid in ways[game.choose(f"cost:{key}:exile", [",".join(w) for w in ways])]:
            move_object(game, cid, "exile", f"is exiled by {player} to pay a cost", "602.2")
    elif c.kind == "mill":
        for _ in range(c.amount or 1):
            z = game.zones_of(player)
            if not z.library_top:
                raise Undecided("701.17", f"{player} mills an unknown card to pay a cost (401.2)")
            move_object(game, z.library_top[0].id, "graveyard", f"is milled by {player} to pay a cost", "701.17")
    elif c.kind == "energy":
        have = game.players[player].energy
        if have < c.amount:
            raise Illegal("107.14", f"{player} has {have} energy counters and can't pay {c.amount}")
        pay_energy(game, player, c.amount)
    elif c.kind == "mana":
        return  # paid with the mana part
    else:  # exert
        raise Undecided("602.2", f"{name}: a {c.kind} cost is not modelled")


def _chosen(game: Game, player: str, c: CostPart, source: str, key: str, untapped: bool) -> tuple[str, ...]:
    """The permanents a sacrifice or tap cost takes: the player's choice among theirs."""
    words = (c.what or "").split()
    mine = []
    for p in game.view().permanents:
        if p.controller != player or (c.another and p.id == source) or (untapped and p.tapped):
            continue
        if c.token and not p.token or (c.named and p.name != c.named):
            continue
        traits = p.types | p.subtypes | p.supertypes | {"permanent"}
        if all(w in traits or w.rstrip("s") in traits for w in words if w not in ("a", "an", "another", "untapped")):
            mine.append(p.id)
    n = c.amount or 1
    if len(mine) < n:
        raise Illegal("602.2", f"{player} controls {len(mine)} {c.what or 'permanents'} to pay the cost; it takes {n}")
    ways = list(itertools.combinations(mine, n))
    return ways[game.choose(key, [",".join(w) for w in ways])]


def _crew(game: Game, player: str, source: str, power: int, key: str) -> tuple[str, ...]:
    """702.122a: the creatures tapped to crew: the player's choice among the sets of their other
    untapped creatures with total power ``power`` or greater (any such set, not only the
    smallest: tapping a creature may trigger, 603.2), twins counted once (their sets are alike).

    :raises Illegal: no such set."""
    view = game.view()
    crew = [p for p in view.controlled_by(player)
            if p.id != source and p.is_creature and not p.tapped and not p.has("cant_crew")]  # 702.122c
    keys = twin_keys(view)
    ways: list[tuple[str, ...]] = []
    seen: set[tuple[Any, ...]] = set()
    for n in range(len(crew) + 1):
        for combo in itertools.combinations(crew, n):
            sig = tuple(sorted(repr(keys.get(p.id, p.id)) for p in combo))
            if sum(p.power or 0 for p in combo) >= power and sig not in seen:
                seen.add(sig)
                ways.append(tuple(p.id for p in combo))
    if not ways:
        raise Illegal("702.122a", f"{player}'s other untapped creatures have less than {power} total power to crew")
    return ways[game.choose(key, [",".join(w) or "none" for w in ways])]


def _describe(obj: StackObject) -> str:
    parts = []
    targets = [t for slot in obj.targets for t, _ in slot]
    if targets:
        parts.append("targeting " + ", ".join(f"{t} ({obj.amounts[t]})" if t in obj.amounts else t for t in targets))
    if obj.x is not None:
        parts.append(f"X = {obj.x}")
    if obj.modes:
        parts.append("modes " + ",".join(str(m + 1) for m in obj.modes))
    return (": " + "; ".join(parts)) if parts else ""
