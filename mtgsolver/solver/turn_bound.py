"""A sound bound for the whole-turn search: in the precombat main phase, in combat or after it,
how much life and how many poison counters can the rest of the turn still take from the opponent?

In combat, once attackers are declared (508.1), the combat damage still to come is at most the
attacking creatures' power (twice with double strike, nothing for a blocked one without
trample: :func:`harm_in_combat`; as attackers are about to be declared, the power of every
creature that could attack: :func:`harm_before_attacks`, and from the precombat main phase the
same with every card in hand castable and one land play to come: :func:`harm_in_main`), and
what raises it: a pump counted for each use the mana and energy at hand pay (602.5). Besides
combat damage the opponent loses only through what spells and abilities do: damage (120.3a, or
poison from a source with infect, 120.3b), life loss (119.3), poison counters (122.1f) or a draw from an empty library (704.5b). :func:`harm_after_combat` adds up, over what the
searching player could still use, the most each thing can do: a spell in hand once, an activated
ability as often as its cost allows (a {T} or sacrifice cost once, a mana cost as often as the
mana at hand pays it), a triggered ability whose event can no longer happen this turn not at all.
Where a card could come back to a hand (returned or drawn), each use of what takes life must
still pay its mana (601.2f, 602.2b): the mana at hand times the most one mana's worth of any of
them takes bounds them all, and where none takes anything the bound is nothing however often they
repeat. Where a thing could repeat without a bound (an untap, a token, mana made by an effect, a
permanent put onto the battlefield, a trigger that can still happen, an amount not fixed, a cost
that could be less) or does what the bound doesn't count, the answer is ``None``: no bound,
nothing pruned. The opponent's life gain only
makes a win harder, so ignoring it keeps the bound an upper bound.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Iterable

from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.board import Board
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.errors import VocabularyError
from mtgsolver.model.effects import (ActivatedAbility, Attempt, Chosen, Conditional, CreateTokens, Damage, Delayed, Draw,
                                     Each, Fight, LoseLife, Modal, Modify, Optional, Players, PutCounters, Source,
                                     Subject, Targeted, TargetSpec, TriggeredAbility, TriggerEvent, You)
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.model.mana_abilities import AnyColor, Choice, Fixed, ManaAbility
from mtgsolver.rules.identity_memo import IdentityMemo
from mtgsolver.rules.mana_sources import extract_sources

__all__ = ["COMBAT_WINDOWS", "GENERATING", "Harm", "harm_after_combat", "harm_before_attacks", "harm_in_combat",
           "harm_in_main", "may_lower", "no_win_after_combat", "no_win_before_attacks", "no_win_in_combat",
           "no_win_in_main", "walk_effects"]

#: Effects that let a known card or ability be used again (a card returned to a hand or put onto the
#: battlefield from a zone all see, mana made): counted only where nothing could take life or poison.
_REPEATS = ("Bounce", "ReturnFromGraveyard", "PutOntoBattlefield", "ReturnExiled", "AddMana")
#: Effects that put a permanent onto the battlefield other than by casting it (in combat, the only other way, 307.1).
_ENTERING = ("PutOntoBattlefield", "ReturnFromGraveyard", "ReturnExiled")
#: Rules of a continuous effect checked only as attackers or blockers are declared (508.1c, 509.1b): once
#: declared, they change no damage.
_DECLARING = frozenset({"cant_attack", "cant_block", "cant_attack_planeswalkers_of"})
#: Effects that take no life and no poison from a player and bring back or add nothing that could.
_HARMLESS = ("Destroy", "Exile", "Sacrifice", "RemoveCounters", "Tap", "Discard", "Mill", "GainLife", "Scry",
             "Surveil", "Regenerate", "Attach", "Pay", "PreventDamage", "PutInLibrary", "ExileIfDies", "Monstrosity",
             "Adapt", "ExtraTurn", "CounterSpell", "Exploit")
#: Trigger events that can't happen after combat this turn (508-511, 503, 504, 505.1).
_PAST_EVENTS = frozenset({"attacks", "blocks", "becomes_blocked", "deals_combat_damage_to_player",
                          "deals_combat_damage", "beginning_of_combat", "attacks_unblocked", "end_of_combat",
                          "deals_combat_damage_to_creature", "blocks_each", "blocked_by_each", "upkeep",
                          "draw_step", "precombat_main"})


#: Trigger events of a step or phase ("At the beginning of your end step"): only in the turn of the player ``whose``.
_STEP_EVENTS = frozenset({"upkeep", "draw_step", "precombat_main", "beginning_of_combat", "end_of_combat", "end_step"})
#: Trigger events already past as attackers are about to be declared (507.1: a beginning of combat trigger
#: may still be waiting, so it isn't past); in a window of combat: before blockers (508.2, 507.1), after them too.
_PAST_BEFORE_ATTACKS = frozenset({"upkeep", "draw_step", "precombat_main"})
_PAST_BEFORE_BLOCKS = frozenset({"attacks", "beginning_of_combat", "upkeep", "draw_step", "precombat_main"})
_PAST_AFTER_BLOCKS = _PAST_BEFORE_BLOCKS | {"blocks", "becomes_blocked", "attacks_unblocked", "blocks_each",
                                            "blocked_by_each"}
#: Trigger events whose "that player" is the controller of the permanent the event is about (603.2, 603.10a).
_CONTROLLERS_EVENTS = frozenset({"enters", "leaves", "dies"})
#: The steps of combat with a window where a bound applies: attackers declared and their triggers resolved.
COMBAT_WINDOWS = ("declare_attackers", "declare_blockers", "combat_damage")
#: Keywords of an attacking creature the combat part counts exactly: none adds damage to a player beyond its
#: power (702.2-702.20, 702.15, 702.19, 702.90 infect and 702.80 wither counted as poison or nothing).
_PLAIN_COMBAT = frozenset({"flying", "reach", "trample", "first_strike", "double_strike", "deathtouch", "lifelink",
                           "haste", "vigilance", "menace", "defender", "infect", "wither", "indestructible",
                           "hexproof", "shroud", "fear", "intimidate", "shadow", "horsemanship", "skulk",
                           # keywords that work as a card is cast or its permanent enters (702.66 delve, 702.54
                           # bloodthirst, 702.110 exploit ...): nothing on an attacking creature
                           "delve", "convoke", "flash", "kicker", "cycling", "flashback", "madness", "evoke",
                           "bloodthirst", "exploit", "fabricate", "riot", "amplify", "devour", "tribute", "sunburst",
                           # 702.122a: crewing makes a Vehicle a creature; an attacking one deals only its power
                           "crew"})
#: Effects that could raise an attacker's power by taking away what lowers it (a static's source leaving, 611.3a).
_REMOVALS = ("Destroy", "Exile", "Sacrifice", "Fight", "PutInLibrary", "Damage")
#: Statics that make continuous effects (613; rules/layers.py applies these names).
GENERATING = ("continuous", "grants", "lands_are")
#: Statics that add to combat beyond an attacker's power (702.23, 702.25, 702.45, 702.68, 702.83, 702.86,
#: 702.91, 702.105, 702.121, 702.130, 702.134, 702.149, 702.164, 207.2c).
_COMBAT_STATICS = frozenset({"rampage", "flanking", "bushido", "frenzy", "exalted", "annihilator", "battle_cry",
                             "dethrone", "melee", "afflict", "mentor", "training", "toxic", "battalion", "poisonous",
                             "provoke", "banding", "may_assign_as_unblocked", "assigns_damage_by_toughness"})


#: Keywords that leave a card's cost and where it is cast from as printed (the others may let it be cast
#: for less, for another cost or again from another zone: 702.51 convoke, 702.66 delve, 702.34 flashback ...).
_PAID_IN_FULL = (_PLAIN_COMBAT | _COMBAT_STATICS) - {"delve", "convoke", "flashback", "madness", "evoke"}
#: Words of a cost reduced or replaced (601.2f, 118.9): "costs {1} less to cast", "rather than pay", "without paying".
_CHEAPER = re.compile(r"\bless to (?:cast|activate)\b|\brather than pay\b|\bwithout paying\b", re.I)


#: Words giving a player hexproof, shroud or protection (702.11d, 702.18d, 702.16j).
_PLAYER_WARDS = re.compile(r"\b(?:you|players?|each player|your team) (?:have|has|gain|gains) (?:hexproof|shroud|protection)\b",
                           re.I)


#: Words granting another land play (305.2a) or a land played from elsewhere than the hand (305.1).
_MORE_LANDS = re.compile(r"\badditional lands?\b|\bplay (?:an? )?(?:additional )?lands? (?:cards? )?from\b|"
                         r"\bplay lands from\b|\bplay any number of lands\b", re.I)


#: Keywords that return their permanent to the battlefield as it dies (702.93a undying, 702.79a persist).
_RETURNING = frozenset({"undying", "persist"})
#: Words of a creature that could join an attack from the main phase: haste (702.10), crew (702.122), a
#: permanent becoming a creature (613.1d).
_JOINING = re.compile(r"\bhaste\b|\bcrew\b|\bbecomes?\b[^.]*\bcreature", re.I)

#: The objects of an effect that applies to its source alone, or to what its source is attached to (611.3a).
_ONLY_SELF = dataclasses.replace(ContinuousSpec().affects, self=True)
_ONLY_ATTACHED = dataclasses.replace(ContinuousSpec().affects, attached=True)


class _Unbounded(Exception):
    """Something the bound can't count."""


@dataclass(frozen=True)
class Harm:
    """The most life (``life``) and poison counters (``poison``) the rest of the turn can take."""

    life: int
    poison: int


def no_win_after_combat(board: Board, view: Board, me: str, opponent: str, step: str) -> bool:
    """Whether the opponent surely survives the rest of the turn from a window in ``step`` after
    combat (``postcombat_main`` or ``end``): what :func:`harm_after_combat` bounds is less than
    their life and than the poison they can still take (704.5a, 704.5c)."""
    if step not in ("postcombat_main", "end") or board.combat is not None:
        return False
    harm = harm_after_combat(board, view, me, opponent, step)
    player = board.player(opponent)
    return harm is not None and harm.life < player.life and harm.poison < 10 - player.poison


def harm_after_combat(board: Board, view: Board, me: str, opponent: str, step: str) -> Harm | None:
    """The bound of the module for ``me`` against ``opponent`` from a window in ``step`` after
    combat (``view``: ``board``'s layered view); ``None`` when there is none."""
    try:
        return _Counter(board, view, me, opponent, step).total()
    except _Unbounded:
        return None


def no_win_in_combat(board: Board, view: Board, me: str, opponent: str, step: str,
                     blocked: frozenset[str] | None = None) -> bool:
    """Whether the opponent surely survives the rest of the turn from a window of combat in
    ``step`` (:data:`COMBAT_WINDOWS`): :func:`harm_in_combat` is less than their life and than
    the poison they can still take (704.5a, 704.5c)."""
    if step not in COMBAT_WINDOWS or view.combat is None:
        return False
    harm = harm_in_combat(board, view, me, opponent, step, blocked)
    player = board.player(opponent)
    return harm is not None and harm.life < player.life and harm.poison < 10 - player.poison


def harm_in_combat(board: Board, view: Board, me: str, opponent: str, step: str,
                   blocked: frozenset[str] | None = None) -> Harm | None:
    """The bound from a window of combat in ``step`` (attackers declared, 508.2): the combat
    damage still to come, each attacking creature's power, twice with double strike before the
    first-strike damage step (702.4b, 510.4), nothing for one in ``blocked`` (blockers declared)
    without trample (509.1h, 510.1c: blocked, it assigns no damage to the player even with its
    blockers gone), plus what spells and abilities can take as after combat; ``None`` when
    something could raise an attacker's power (+N/+N, counters, an Aura or
    Equipment attached, a static lowering power whose source could be removed, 611.3a), add combat
    damage or life loss (a keyword beyond the plain ones: afflict, toxic, bushido ...; a commander,
    903.10a) or could still trigger and take life."""
    try:
        return _Counter(board, view, me, opponent, step, blocked).total()
    except _Unbounded:
        return None


def no_win_before_attacks(board: Board, view: Board, me: str, opponent: str) -> bool:
    """Whether the opponent surely survives the rest of the turn from the declaration of
    attackers (508.1): :func:`harm_before_attacks` is less than their life and than the poison
    they can still take (704.5a, 704.5c)."""
    harm = harm_before_attacks(board, view, me, opponent)
    player = board.player(opponent)
    return harm is not None and harm.life < player.life and harm.poison < 10 - player.poison


def no_win_in_main(board: Board, view: Board, me: str, opponent: str) -> bool:
    """Whether the opponent surely survives the rest of the turn from a window of the precombat
    main phase (505.1): :func:`harm_in_main` is less than their life and than the poison they
    can still take (704.5a, 704.5c)."""
    harm = harm_in_main(board, view, me, opponent)
    player = board.player(opponent)
    return harm is not None and harm.life < player.life and harm.poison < 10 - player.poison


def harm_in_main(board: Board, view: Board, me: str, opponent: str) -> Harm | None:
    """The bound of :func:`harm_before_attacks` from the precombat main phase, with the whole
    turn still to come: every creature of ``me`` that could attack now counted as attacking
    (302.6), with the power every card in hand and every ability could add (sorcery-speed ones
    too, 307.1), the mana of one land play (305.2) included; what spells and abilities take as
    after combat. ``None`` (no bound) where another creature could join the attack: a creature
    card in hand with haste or entering as a copy (702.10b, 707.2), anything of theirs that
    speaks of haste, of crewing or of something becoming a creature (702.122, 613.1d), an
    untap (a tapped creature could attack after all)."""
    able = frozenset(p.id for p in view.controlled_by(me) if p.is_creature and not p.tapped
                     and p.can_use_tap_abilities())
    z = board.zones.get(me)
    hand = list(z.hand) if z is not None else []
    texts = [p.card.text or "" for p in view.controlled_by(me) if p.card is not None]
    texts += [zc.card.text or "" for zc in hand if zc.card is not None]
    if any(_JOINING.search(t) for t in texts) or any(
            zc.permanent is not None and ("haste" in zc.permanent.keywords or any(
                isinstance(a, Static) and "copy" in a.name for a in zc.permanent.abilities)) for zc in hand):
        return None
    try:
        return _Counter(board, view, me, opponent, "precombat_main", attacking=able, main=True).total()
    except _Unbounded:
        return None


def harm_before_attacks(board: Board, view: Board, me: str, opponent: str) -> Harm | None:
    """The bound of :func:`harm_in_combat` as attackers are about to be declared, with nothing
    to be done before (508.1): every untapped creature of ``me`` that isn't summoning sick or
    has haste (302.6, 702.10b) counted as attacking, whatever restricts its attack; what
    triggers as it attacks still to come; ``None`` when there is no bound."""
    able = frozenset(p.id for p in view.controlled_by(me) if p.is_creature and not p.tapped
                     and p.can_use_tap_abilities())
    try:
        return _Counter(board, view, me, opponent, "beginning_of_combat", attacking=able).total()
    except _Unbounded:
        return None


class _Counter:
    def __init__(self, board: Board, view: Board, me: str, opponent: str, step: str,
                 blocked: frozenset[str] | None = None, attacking: frozenset[str] | None = None,
                 main: bool = False) -> None:
        self.board, self.view, self.me, self.opp, self.step = board, view, me, opponent, step
        self.main = main  # the precombat main phase: combat to come, anything castable (505.1, 307.1)
        self.blocked = blocked
        self.infect = False
        self.tramples = False  # an attacker could gain trample (702.19b): a blocked one still counts
        self.doubles = False  # an attacker could gain double strike (702.4b): each could deal damage twice
        self.untaps = False  # an Untap effect could still happen: {T} costs repeat
        self.repeats = False  # a known card could be cast or put onto the battlefield again (_REPEATS)
        self.recast_only = True  # each repeat brings a card back only to a hand: it is cast again (_paid)
        self.returnable: list[Any] = []  # what each repeat could bring back: a card, card types, None for any
        self.returns_lands = False  # a land could return to its owner's hand (Orzhov Basilica)
        self.mana: int | None = None
        self.energy: int | None = None
        self.live: list[tuple[Any, Any]] = []
        self.puts = False  # something could put a permanent onto the battlefield (_ENTERING)
        self.combat = main or step in COMBAT_WINDOWS or step == "beginning_of_combat"
        declared = view.combat.attackers if view.combat is not None else ()
        self.attacking = frozenset(a.creature for a in declared) if attacking is None else attacking
        #: something lowers power or takes an ability that removing its source gives back (611.3a)
        statics = [(a, p) for p in view.permanents for a in p.abilities if isinstance(a, Static)]
        self.lowered = any(a.name in GENERATING and may_lower(a.value) and not _declaring_only(a.value)
                           and not self._theirs_alone(a, p) for a, p in statics) or any(
            e.duration == "while_source" for e in board.effects)
        #: what statics of the searching player's attackers that hold only under a condition may add (611.3b)
        self.conditional = 0
        if self.combat and any(a.name in _COMBAT_STATICS or a.name in GENERATING and _varies(a.value)
                               and not _declaring_only(a.value) and not self._apart(a, p) for a, p in statics):
            raise _Unbounded()

    def total(self) -> Harm:
        z = self.board.zones.get(self.me)
        hand = list(z.hand) if z is not None else []
        perms = list(self.view.permanents)
        hand += self._drawable(hand, perms)
        # what could still happen, walked once for the flags (an untap, infect), then counted
        live: list[tuple[Any, Any]] = []  # (ability or spell, its permanent or None)
        for p in perms:
            self.infect |= "infect" in p.keywords
            for a in p.abilities:
                if isinstance(a, TriggeredAbility) and self._dead(a, p.controller):
                    continue
                if isinstance(a, ActivatedAbility) and p.controller != self.me:
                    continue  # the search makes only the searching player's moves
                live.append((a, p))
        # in combat a permanent enters only cast at instant speed (307.1, 305.1) or put onto the battlefield
        main = self.main
        parts = (*(a for a, _ in live), *_hand_parts(hand, self.combat and not main))
        puts = any(_puts_onto_battlefield(e) for a in parts for e in walk_effects(getattr(a, "effects", ())))
        self.puts = puts
        entering = [zc for zc in hand if zc.permanent is not None and self._may_enter(zc.card)]
        for zc in hand:
            if zc.spell is not None:
                live.append((zc.spell, None))
            if zc in entering:
                self.infect |= "infect" in zc.permanent.keywords
                live += [(a, zc.permanent) for a in zc.permanent.abilities
                         if not (isinstance(a, TriggeredAbility) and self._dead(a, zc.permanent.controller))]
        if self.combat and not main and not puts:  # "When ~ enters" of a permanent that can't enter now (603.6a)
            live = [(a, perm) for a, perm in live if not (_on_entering(a) and not _instant(perm.card))]
        live = self._without_entered(live)
        for e in self.board.effects:
            if e.kind == "delayed_trigger" and e.controller == self.me and e.at is not None and (
                    e.at.kind in _STEP_EVENTS and e.at.subject is None):
                waiting = TriggeredAbility(e.at, e.effects or ())  # it triggers once (603.7b), as a step begins
                if not self._dead(waiting, e.controller):
                    live.append((waiting, None))
                continue
            if e.kind != "continuous" or e.spec is None or _abilities_in(e.spec):
                raise _Unbounded()  # the opponent's delayed trigger, a replacement, an ability granted: not counted
        coming = [zc.permanent for zc in entering]
        statics = [a for p in (*perms, *coming) for a in p.abilities if isinstance(a, Static)]
        if any(_abilities_in(a.value) for a in statics):
            raise _Unbounded()  # abilities granted to what enters later, or by what enters
        if self.combat and any(a.name in GENERATING for p in coming for a in p.abilities if isinstance(a, Static)):
            raise _Unbounded()  # an anthem, an Aura or Equipment still to come (611.3a)
        if self.combat and puts and any(isinstance(a, Static) and a.name in GENERATING and not _restricts_only(a.value)
                                        for z in self.board.zones.values() for zc in (*z.graveyard, *z.exile)
                                        if zc.permanent is not None for a in zc.permanent.abilities):
            raise _Unbounded()  # one put onto the battlefield from a graveyard or exile (an Aura returned, 303.4f)
        pumps = 0  # the most power instants and abilities can still add to attackers (one each use)
        cast_pumps = 0  # what one use of each "whenever you cast" trigger adds (603.2)
        usable = [(a, perm) for a, perm in live if not _tapped_tap(a, perm)]
        if not any(type(e).__name__ == "Untap" for a, _ in usable for e in walk_effects(getattr(a, "effects", ()))):
            live = usable  # 602.2b, 107.5: a {T} ability of a tapped permanent does nothing while nothing untaps it
        self.live = live
        pumped = [(a, perm, self._flags(getattr(a, "effects", ()), perm, main or _instant_speed(a, perm, hand, puts),
                                        getattr(a, "targets", ()))) for a, perm in live]  # every flag set first
        paid = 0  # the most power abilities used as often as mana pays them add, from one pool of mana (602.2b)
        for a, perm, pump in pumped:
            if pump and _on_casting(a):
                cast_pumps += pump
            elif pump and self._mana_limited(a, perm):
                paid = max(paid, pump * self._mana() // _each_use(a))
            elif pump:
                pumps += pump * self._times(a, perm)
        pumps += paid
        if cast_pumps:
            pumps += cast_pumps * self._casts(hand)
        pumps += self.conditional
        life = poison = 0
        if self.repeats:
            life, poison = self._paid(live, hand)
        for a, perm in live if not self.repeats else ():
            n = self._uses(a, perm) if not isinstance(a, ManaAbility) else 0
            if n == 0:
                continue
            lost, counters = self._harm(getattr(a, "effects", ()), getattr(a, "targets", ()),
                                        perm is not None and perm.controller != self.me, getattr(a, "event", None))
            life += n * lost
            poison += n * counters
        if main and self.untaps:
            raise _Unbounded()  # a tapped creature could untap and attack
        if self.combat:
            total, strikes = self._combat_damage()
            damage = total + pumps * strikes
            life, poison = life + damage, poison + (damage if self.infect else 0)
        return Harm(life, poison)

    def _without_entered(self, live: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
        """``live`` without the "When ~ enters" triggers of permanents already on the battlefield
        (603.6a: they trigger only as it enters again) where nothing else could make a permanent
        enter again: no effect returns one to a hand, puts one onto the battlefield or brings one
        back (:data:`_REPEATS`), in what is live or in any player's hand, no permanent has undying
        or persist (702.93a, 702.79a: it returns as it dies) and no line is unread; a land returned
        only (Orzhov Basilica) enters again as the land play, its own triggers kept."""
        present = {id(p) for p in self.view.permanents}
        entered = {(id(a), id(perm)) for a, perm in live
                   if _on_entering(a) and perm is not None and id(perm) in present}
        if not entered:
            return live
        others = [a for a, perm in live if not (_on_entering(a) and perm is not None and id(perm) in present)]
        others += [a for z in self.board.zones.values() for a in _hand_parts(list(z.hand), False)]
        if any(p.keywords & _RETURNING for p in self.view.permanents) or any(
                isinstance(a, TextAbility) for a in others):
            return live
        lands = False
        for a in others:
            for e in walk_effects(getattr(a, "effects", ())):
                name = type(e).__name__
                if name == "Bounce" and _lands_only(e.what):
                    lands = True
                elif name in (*_REPEATS, *_ENTERING, "Transform", "BecomeCopy", "Delayed"):
                    return live
        return [(a, perm) for a, perm in live
                if not ((id(a), id(perm)) in entered and not (lands and "land" in perm.types))]

    def _paid(self, live: list[tuple[Any, Any]], hand: list[Any]) -> tuple[int, int]:
        """With a card that could come back (:data:`_REPEATS`): the most life and poison what could
        be used again takes. Where nothing in play, in the hand, in a graveyard or in exile could
        take any, nothing. Otherwise each use of what takes some must pay mana: a spell cast, or
        the "When ~ enters" and exploit triggers of a permanent spell cast (601.2f: its mana
        cost, each time), or an activated ability's mana cost (602.2b), and the mana the
        searching player can still spend (:meth:`_mana`) bounds them all: at most that mana times
        the most life (poison) one mana's worth of any of them takes. No bound where a repeat puts
        a permanent onto the battlefield or adds mana, a permanent card of theirs other than a
        land makes mana (cast again, it makes it again), a cost could be less than the mana cost
        or replaced (118.9, 601.2f), or a card that could come back could add power to an
        attacker in combat (a pump cast again)."""
        present = {id(p) for p in self.view.permanents}
        cards: dict[int, tuple[Any, list[Any]]] = {}  # a card of the searching player's: its parts
        abilities: list[tuple[Any, Any]] = []  # activated abilities that take something, with their permanent
        parts = [(a, perm, perm.controller, perm.card) for a, perm in live if perm is not None and id(perm) in present]
        elsewhere = [(zc, owner) for owner, z in self.board.zones.items() for zc in (*z.graveyard, *z.exile)]
        elsewhere += [(zc, self.me) for zc in hand]
        in_hand = {id(zc) for zc in hand}
        pumping = []  # what adds power in combat, from a card: its every flag set first (what could come back)
        for zc, owner in elsewhere:
            for a in ((zc.spell,) if zc.spell is not None else ()) + (
                    zc.permanent.abilities if zc.permanent is not None else ()):
                if isinstance(a, TriggeredAbility) and self._dead(a, owner):
                    continue
                instant = _instant(zc.card) if a is zc.spell else self._may_enter(zc.card)  # in combat (117.1a)
                if self._flags(getattr(a, "effects", ()), None, instant, getattr(a, "targets", ())) and (
                        a is zc.spell or id(zc) not in in_hand or not isinstance(a, ActivatedAbility)):
                    pumping.append(zc.card)
                parts.append((a, None, owner, zc.card))
        if any(self._may_return(card) for card in pumping):
            raise _Unbounded()  # a pump that could be used again (one in hand once is counted by _times)
        for a, perm, owner, card in parts:
            if isinstance(a, (ManaAbility, Static, TextAbility)):
                continue
            effects, targets, event = getattr(a, "effects", ()), getattr(a, "targets", ()), getattr(a, "event", None)
            if owner != self.me:  # the opponent's: nothing it takes is paid by the searching player's mana
                if self._harm(effects, targets, True, event, chosen=not isinstance(a, TriggeredAbility)) != (0, 0) \
                        or perm is None and self._harm(effects, targets) != (0, 0):
                    raise _Unbounded()  # under either player's control
                continue
            harm = self._harm(effects, targets, False, event)
            if harm == (0, 0):
                continue
            if isinstance(a, ActivatedAbility):
                abilities.append((a, harm))
            elif card is not None and (not isinstance(a, TriggeredAbility) or _on_entering(a, ("enters", "exploits"))):
                cards.setdefault(id(card), (card, []))[1].append((a, harm))
            else:
                raise _Unbounded()  # a trigger that could happen again without a cast
        if not cards and not abilities:
            return 0, 0
        self._no_cheaper()
        uses = [(_least_mana(a.mana) if a.mana is not None and a.loyalty is None else 0, harm) for a, harm in abilities]
        for card, its in cards.values():
            spell = next((a for a, _ in its if not isinstance(a, TriggeredAbility)), None)
            keywords = {_keyword(k) for k in card.keywords}
            if card.back is not None or card.mana_cost is None or not keywords <= _PAID_IN_FULL or _CHEAPER.search(
                    card.text or "") or spell is not None and (spell.keywords or spell.alternative_costs
                                                               or spell.cost_reductions):
                raise _Unbounded()  # cast another way (702, 118.9) or for less (601.2f)
            uses.append((_least_mana(card.mana_cost), (sum(h[0] for _, h in its), sum(h[1] for _, h in its))))
        if any(cost < 1 for cost, _ in uses):
            raise _Unbounded()  # free to use again
        mana = self._mana()
        return (max(mana * lost // cost for cost, (lost, _) in uses),
                max(mana * counters // cost for cost, (_, counters) in uses))

    def _may_return(self, card: Any) -> bool:
        """Whether a repeat (:attr:`returnable`) could bring ``card`` back to a hand: one that
        returns its own card (Rancor's "return Rancor to its owner's hand"), one of the card types
        its target takes (Tortured Existence's "target creature card"), or any card."""
        types = {t.lower() for t in card.types} if card is not None else set()
        return any(r is None or r is card or isinstance(r, frozenset) and r & types for r in self.returnable)

    def _no_cheaper(self) -> None:
        """Raise :class:`_Unbounded` where a use could cost less mana than its cost or none: a
        repeat that puts a permanent onto the battlefield or adds mana, a permanent card of the
        searching player's other than a land that makes mana (it could be cast again), or text
        anywhere lowering or replacing the cost of spells other than its own card (601.2f, 118.9:
        Lashknife's "rather than pay this spell's mana cost" is Lashknife's alone)."""
        if not self.recast_only:
            raise _Unbounded()
        mine = [p for p in self.view.permanents if p.owner == self.me]
        cards = [zc for z in self.board.zones.values() for zc in z.cards()]
        if any(p.mana_abilities and "land" not in p.types for p in mine) or any(
                zc.permanent is not None and zc.permanent.mana_abilities and not _plain_land(zc.card)
                or zc.mana_abilities for zc in cards):
            raise _Unbounded()
        texts = [p.card.text or "" for p in self.view.permanents if p.card is not None]
        if any(_CHEAPER.search(sentence) and "this spell" not in sentence.lower()
               for t in (*texts, *(zc.card.text or "" for zc in cards)) for sentence in t.split(".")):
            raise _Unbounded()  # another spell's cost lowered or replaced (a card's own is its card's, _paid)

    def _combat_damage(self) -> tuple[int, int]:
        """The most combat damage the attacking creatures can still deal to the player (510.1,
        702.4b), and the most combat damage steps still to come for one of them that can deal
        any (nothing: power added to an attacker then adds nothing)."""
        total = most = 0
        for p in self.view.permanents:
            if p.id not in self.attacking or p.controller != self.me:
                continue
            if p.is_commander or not p.keywords <= _PLAIN_COMBAT:
                raise _Unbounded()
            if self.blocked is not None and p.id in self.blocked and "trample" not in p.keywords and not self.tramples:
                continue
            strikes = 2 if ("double_strike" in p.keywords or self.doubles) and self.step != "combat_damage" else 1
            total += strikes * max(p.power or 0, 0)
            most = max(most, strikes)
        return total, most

    def _dead(self, a: TriggeredAbility, controller: str) -> bool:
        """A trigger (of a permanent ``controller`` controls) none of whose events can happen in
        the rest of the turn: a step of another player's turn never comes in this one (500.1)."""
        active = self.board.active_player
        kinds = {e.kind for e in (a.event, *a.also) if not (e.kind in _STEP_EVENTS and (
            e.whose == "you" and controller != active or e.whose == "opponent" and controller == active))}
        if self.step == "end":
            kinds.discard("end_step")
        if self.step in ("beginning_of_combat", "precombat_main"):
            return kinds <= _PAST_BEFORE_ATTACKS
        if self.combat:
            return kinds <= (_PAST_BEFORE_BLOCKS if self.step == "declare_attackers" else _PAST_AFTER_BLOCKS)
        return kinds <= _PAST_EVENTS

    def _flags(self, effects: Iterable[Any], perm: Any, instant: bool = True,
               targets: tuple[TargetSpec, ...] = ()) -> int:
        """Note what ``effects`` could repeat or bring; in combat, with ``instant`` (usable at
        instant speed, 117.1a), the most power one use of them adds to an attacker
        (:meth:`_raises_power`)."""
        pump = 0
        for e in walk_effects(effects):
            name = type(e).__name__
            if self.combat and instant:
                pump += self._raises_power(e, perm, targets)
            if name == "Untap":
                self.untaps = True
            elif name == "Bounce" and _lands_only(e.what):
                self.returns_lands = True  # a land returned is played again only as the land play (_land_play)
            elif name in _REPEATS:
                self.repeats = True
                self.recast_only &= name == "Bounce" or getattr(e, "to", None) == "hand"
                self.returnable.append(_brought_back(e, perm, targets))
            elif name == "Draw" and self._known_draw(e, perm is not None and perm.controller != self.me) or (
                    name == "CreateTokens" and self._harmless_token(e)):
                continue
            elif name in ("Draw", "SearchLibrary", "LookAtTop", "CreateTokens", "CopySpell", "Transform", "GainControl",
                          "Proliferate", "KeywordAction", "Delayed", "BecomeCopy"):
                raise _Unbounded()
            elif isinstance(e, Modify):
                if _abilities_in(e.spec):
                    raise _Unbounded()
                self.infect |= _names_infect(e.spec)
        return pump

    def _may_attack_target(self, spec: TargetSpec) -> bool:
        """Whether a target of ``spec`` (115.1: its kinds) could be an attacking creature."""
        return "permanent" in spec.kinds or any(
            spec.kinds & p.types for p in self.view.permanents if p.id in self.attacking)

    def _raises_power(self, e: Any, perm: Any, targets: tuple[TargetSpec, ...] = ()) -> int:
        """In combat: raise :class:`_Unbounded` when ``e`` (of ``perm``'s ability, or a spell)
        could raise an attacking creature's power without a bound or give it double strike or
        infect; the most power it adds to one attacker when it changes only one object's power
        by a fixed amount (Giant Growth's +3, 4/4 set on one object)."""
        name = type(e).__name__
        if isinstance(e, Modify):
            spec = e.spec
            gained = {g[1] if isinstance(g, tuple) and g[0] == "keyword" else repr(g) for g in spec.gains}
            self.tramples |= "trample" in gained
            self.doubles |= "double_strike" in gained
            varying = (spec.gets is not None and e.times != 1 or spec.defines_pt is not None or spec.switch_pt
                       or spec.for_each is not None or spec.base_pt_mana_value or spec.loses
                       or spec.loses_all_abilities or spec.cant_have
                       or not gained <= _PLAIN_COMBAT - {"infect"}
                       or any(w in str(r) for r in (*spec.rules, *spec.board_rules)
                              for w in ("unblocked", "toughness")))
            adds = max(spec.gets[0] if spec.gets is not None else 0, spec.set_pt[0] if spec.set_pt is not None else 0)
            on_self = isinstance(e.what, Source) and perm is not None and perm.id not in self.attacking
            if on_self or not varying and adds <= 0:
                return 0
            if varying or not isinstance(e.what, (Targeted, Source)) or spec.set_pt is not None and spec.gets:
                raise _Unbounded()
            if isinstance(e.what, Targeted) and e.what.slot < len(targets) and not self._may_attack_target(
                    targets[e.what.slot]):
                return 0  # Elemental Uprising on a land that isn't attacking: it can't join the attack (508.1)
            return adds
        elif name == "PutCounters" and e.kind == "+1/+1" and isinstance(e.amount, int) and isinstance(
                e.what, (Source, Targeted)):  # 122.1a: +1/+0 for each counter
            if isinstance(e.what, Source) and (perm is None or perm.id not in self.attacking):
                return 0
            if isinstance(e.what, Targeted) and e.what.slot < len(targets) and not self._may_attack_target(
                    targets[e.what.slot]):
                return 0
            return max(e.amount, 0)
        elif name in ("RemoveCounters", "Attach", "Monstrosity", "Adapt") or (
                name == "PutCounters" and e.kind not in ("poison", "energy")):  # a player's counters (122.1f)
            raise _Unbounded()
        elif name in _REMOVALS and self.lowered:
            raise _Unbounded()
        return 0

    def _uses(self, a: Any, perm: Any) -> int:
        """How often ``a`` can still take effect this turn."""
        if isinstance(a, TriggeredAbility):
            if a.event.kind in ("enters", "end_step") and a.event.subject is None and not a.also:
                if a.event.kind == "enters" and perm is not None and perm.keywords & _RETURNING:
                    raise _Unbounded()  # it could enter again as it dies (702.93a, 702.79a)
                return 1
            if self._harm(a.effects, a.targets, perm is not None and perm.controller != self.me, a.event) == (0, 0):
                return 0
            raise _Unbounded()
        if not isinstance(a, ActivatedAbility):
            return 1  # a spell cast once; a static or an unread line does nothing here
        if self._harm(a.effects, a.targets) == (0, 0):
            return 0
        return self._times(a, perm)

    def _mana_limited(self, a: Any, perm: Any) -> bool:
        """Whether ``a`` is an activated ability used as often as the mana at hand pays it
        (:meth:`_times`): several of them share that mana, so together they add at most what the
        one adding the most for its mana would add with all of it."""
        if not isinstance(a, ActivatedAbility) or _each_use(a) <= 0:
            return False
        kinds = {c.kind for c in a.costs}
        return not (a.loyalty is not None or a.once_each_turn or kinds & {"sacrifice_self", "exile_self", "return_self"}
                    or kinds & {"tap", "untap"} and not self.untaps)

    def _times(self, a: Any, perm: Any) -> int:
        """How often a spell (once) or an activated ability can still be used this turn; a
        triggered ability without a bound."""
        if isinstance(a, TriggeredAbility):
            raise _Unbounded()
        if not isinstance(a, ActivatedAbility):
            return 1
        kinds = {c.kind for c in a.costs}
        if "return_self" in kinds:
            raise _Unbounded()  # cast again from the hand
        if a.loyalty is not None or a.once_each_turn or kinds & {"sacrifice_self", "exile_self"}:
            return 1
        if kinds & {"tap", "untap"} and not self.untaps:
            return 0 if perm.tapped == ("tap" in kinds) else 1
        mana = _each_use(a)
        energy = sum(c.amount for c in a.costs if c.kind == "energy")
        if mana <= 0 and energy <= 0 or any(c.kind == "energy" and c.variable for c in a.costs):
            raise _Unbounded()
        limits = [self._mana() // mana] if mana > 0 else []
        return min(limits + [self._energy() // energy] if energy > 0 else limits)

    def _apart(self, a: Static, perm: Any) -> bool:
        """Whether a varying static (:func:`_varies`) changes no attacker's power beyond what the
        bound counts: each of its effects applies only to its own permanent or to the one it is
        attached to (611.3a), and that is the opponent's (not attacking on this turn: Aura
        Gnarlid's "+1/+1 for each Aura", Ancestral Mask on Slippery Bogle; no Aura moves in combat
        without an Attach, and a change of control, which give no bound), or an attacker of the
        searching player's whose effect only holds under a condition and adds a fixed +N/+M
        (Foundry Screecher's "+1/+0 as long as you control an artifact": N counted in
        :attr:`conditional`)."""
        specs = a.value if isinstance(a.value, tuple) else (a.value,)
        if a.name not in GENERATING or not all(isinstance(v, ContinuousSpec) for v in specs):
            return False
        added = 0
        for v in specs:
            target = self._affected_alone(v, perm)
            if target is None:
                return False
            if target.controller != self.me and target.id not in self.attacking:
                continue
            plain = dataclasses.replace(v, affects=ContinuousSpec().affects, condition=(), gets=None, text=None)
            if not v.condition or plain != ContinuousSpec() or v.gets is None or v.gets[0] < 0:
                return False
            added += v.gets[0]
        self.conditional += added
        return True

    def _affected_alone(self, v: ContinuousSpec, perm: Any) -> Any:
        """The one permanent an effect of ``perm``'s static applies to, when it applies only to
        ``perm`` or to what ``perm`` is attached to (611.3a); ``None`` otherwise."""
        if v.affects == _ONLY_SELF:
            return perm
        if v.affects == _ONLY_ATTACHED and perm.attached_to and self.view.has_permanent(perm.attached_to):
            return self.view.permanent(perm.attached_to)
        return None

    def _theirs_alone(self, a: Static, perm: Any) -> bool:
        """Whether each effect of a static applies only to one permanent of the opponent's that
        isn't attacking (:meth:`_affected_alone`): what it lowers, its source leaving raises on no
        attacker (611.3a)."""
        specs = a.value if isinstance(a.value, tuple) else (a.value,)
        targets = [self._affected_alone(v, perm) if isinstance(v, ContinuousSpec) else None for v in specs]
        return all(t is not None and t.controller != self.me and t.id not in self.attacking for t in targets)

    def _library(self) -> list[Any] | None:
        """The searching player's library when every card of it is known (401.2), else ``None``."""
        z = self.board.zones.get(self.me)
        if z is None:
            return []
        return list(z.library_top) if len(z.library_top) == z.library_count else None

    def _drawable(self, hand: list[Any], perms: list[Any]) -> list[Any]:
        """The cards the searching player could still draw (121.1), counted as if in hand: their
        whole library when it is known and something of theirs draws; a card could then come back
        to the hand (a repeat: :meth:`_paid`)."""
        parts = [*(a for p in perms if p.controller == self.me for a in p.abilities), *_hand_parts(hand, False)]
        tokens = [a for part in parts for e in walk_effects(getattr(part, "effects", ())) if isinstance(e, CreateTokens)
                  for a in e.token.abilities]
        if not any(isinstance(e, Draw) and isinstance(e.who, You)
                   for part in (*parts, *tokens) for e in walk_effects(getattr(part, "effects", ()))):
            return []
        self.repeats = True
        self.returnable.append(None)
        return self._library() or []

    def _known_draw(self, e: Draw, theirs: bool, chosen: bool = False) -> bool:
        """A draw of the searching player's (not ``theirs``: of an ability the opponent controls)
        from a known library (its cards in :meth:`_drawable`'s hand): it takes nothing from the
        opponent (a draw from an empty library loses the drawer, 704.5b). The opponent's own draw
        from a spell they cast or an ability they activate (``chosen``) takes nothing either: they
        would lose by it only by choosing to, and passing is always theirs (117.3d)."""
        if theirs:
            return chosen and isinstance(e.who, You)
        return isinstance(e.who, You) and self._library() is not None

    def _harmless_token(self, e: CreateTokens) -> bool:
        """A token created not attacking (508.4) whose abilities are all activated or triggered
        ones (no static, no mana ability, no unread line) that take nothing from the opponent,
        however many there are (111.10: a Clue's "{2}, Sacrifice this artifact: Draw a card")."""
        abilities = e.token.abilities
        if e.attacking or not all(isinstance(a, (ActivatedAbility, TriggeredAbility)) and not isinstance(a, ManaAbility)
                                  for a in abilities):
            return False
        try:
            return all(self._flags(a.effects, None, True, a.targets) == 0 and self._harm(a.effects, a.targets) == (0, 0)
                       for a in abilities)
        except _Unbounded:
            return False

    def _may_enter(self, card: Any) -> bool:
        """Whether a permanent ``card`` in hand could still enter the battlefield: in combat only
        cast at instant speed (117.1a; 305.1: no land is played) or put there by an effect."""
        return not self.combat or self.main or self.puts or _instant(card)

    def _energy(self) -> int:
        """A bound on the energy counters the searching player can still pay (107.14): theirs, and
        what each of their abilities still to happen gives: a combat damage trigger once in each
        combat damage step (510.4: two at most), a "When ~ enters" trigger once, an activated
        ability as often as :meth:`_times` allows."""
        if self.energy is None:
            gains = 0
            for a, perm in self.live:
                got = sum(_amount(e.amount) for e in walk_effects(getattr(a, "effects", ()))
                          if isinstance(e, PutCounters) and e.kind == "energy" and isinstance(e.what, You))
                if not got or perm is not None and perm.controller != self.me:
                    continue
                events = (a.event, *a.also) if isinstance(a, TriggeredAbility) else ()
                if self.repeats or any(c.kind == "energy" for c in getattr(a, "costs", ())):
                    raise _Unbounded()  # it could give energy again, or pay for itself
                if events and all(e.kind in ("deals_combat_damage_to_player", "deals_combat_damage")
                                  and e.subject is None for e in events):
                    n = 2
                elif events and _on_entering(a):
                    n = 1
                else:
                    n = self._times(a, perm)
                gains += n * got
            self.energy = self.board.player(self.me).energy + gains
        return self.energy

    def _casts(self, hand: list[Any]) -> int:
        """The most spells the searching player can still cast in combat: the cards in ``hand``
        castable at instant speed (117.1a), each once (in the main phase, every card); none can
        return to be cast again."""
        if self.repeats:
            raise _Unbounded()
        return sum(1 for zc in hand if self.main or _instant(zc.card))

    def _mana(self) -> int:
        """A bound on the mana the searching player can still spend: the pool and each mana
        ability's largest activation, each activated at most once (a {T} or a sacrifice)."""
        if self.mana is None:
            instances, excluded = extract_sources(self.view, self.me, None, frozenset(), True)
            excluded = [x for x in excluded if x.rule != "107.5"]  # a tapped source stays tapped without an untap
            if any(i.untaps or not (i.taps or i.sacrificed) for i in instances) or self.untaps or excluded:
                raise _Unbounded()  # a source repeats, or one not usable now could become usable (haste)
            z = self.board.zones.get(self.me)
            if z is not None and any((zc.mana_abilities or zc.permanent is not None and zc.permanent.mana_abilities
                                      or zc.card.back is not None) and self._may_enter(zc.card)
                                     and not (_plain_land(zc.card) and not self.puts) for zc in z.hand):
                raise _Unbounded()  # a land (712.12: or a land back face) or a mana permanent still to come
            self.mana = (sum(m.amount for m in self.board.mana_pools.get(self.me, ()))
                         + sum(i.max_amount for i in instances) + self._land_play())
        return self.mana

    def _land_play(self) -> int:
        """The most mana a land still to be played this turn adds (305.2: one land play in a turn,
        in a main phase with an empty stack, 305.1): the best {T} ability of any land card of the
        searching player's, in hand or anywhere a land could return to the hand from (one
        returned by Orzhov Basilica is played again only as that land play); nothing once a
        land is played or outside a main phase; no bound where something grants another land
        play (305.2a) or a land's mana isn't a fixed amount for {T}."""
        if self.step not in ("precombat_main", "postcombat_main") or self.board.turn.lands_played.get(self.me, 0) >= 1:
            return 0
        z = self.board.zones.get(self.me)
        owned = [zc for zc in (z.hand if z is not None else ()) if _plain_land(zc.card)]
        abilities = [a for zc in owned for a in (zc.mana_abilities or (
            zc.permanent.mana_abilities if zc.permanent is not None else ()))]
        if self.repeats or self.returns_lands:
            abilities += [a for p in self.view.permanents if p.owner == self.me and "land" in p.types
                          for a in p.mana_abilities]
            abilities += [a for zc in (z.cards() if z is not None else ()) if _plain_land(zc.card)
                          for a in (zc.mana_abilities or (zc.permanent.mana_abilities if zc.permanent else ()))]
        if not abilities:
            return 0
        texts = [p.card.text or "" for p in self.view.permanents if p.card is not None]
        texts += [zc.card.text or "" for zone in self.board.zones.values() for zc in zone.cards()]
        if any(_MORE_LANDS.search(t) for t in texts):
            raise _Unbounded()
        return max(_tapped_for(a) for a in abilities)

    def _harm(self, effects: Iterable[Any], targets: tuple[TargetSpec, ...], theirs: bool = False,
              event: TriggerEvent | None = None, chosen: bool = False) -> tuple[int, int]:
        """The most life and poison one resolution of ``effects`` takes from the opponent
        (``theirs``: of an ability the opponent controls; ``event``: its trigger's event;
        ``chosen``: a spell cast or an ability activated, not a trigger)."""
        life = poison = 0
        for e in effects:
            if isinstance(e, (Optional, Attempt, Conditional)):
                for part in (e.effects, getattr(e, "then", ()), e.otherwise):
                    lost, counters = self._harm(part, targets, theirs, event, chosen)
                    life, poison = life + lost, poison + counters
            elif isinstance(e, Modal):
                for mode in e.modes:
                    lost, counters = self._harm(mode, targets, theirs, event, chosen)
                    life, poison = life + lost, poison + counters
            elif isinstance(e, Damage):
                recipients = [(e.amount, e.to), *((p.amount, p.to) for p in e.also)]
                n = sum(_amount(amount) for amount, to in recipients
                        if self._may_be_opponent(to, targets, theirs, event))
                life += n
                poison += n if self.infect else 0
            elif isinstance(e, LoseLife):
                life += _amount(e.amount) if self._may_be_opponent(e.who, targets, theirs, event) else 0
            elif isinstance(e, PutCounters):
                poison += _amount(e.amount) if e.kind == "poison" else 0
            elif isinstance(e, (Fight, Modify)) or type(e).__name__ in (*_HARMLESS, *_REPEATS, "Untap"):
                continue  # what a card brought back does is counted where it is (_paid)
            elif isinstance(e, Draw) and self._known_draw(e, theirs, chosen) or isinstance(e, CreateTokens) and (
                    self._harmless_token(e)):
                continue  # the cards drawn are counted in the hand (_drawable), the token takes nothing
            else:
                raise _Unbounded()
        return life, poison

    def _may_be_opponent(self, ref: Any, targets: tuple[TargetSpec, ...], theirs: bool = False,
                         event: TriggerEvent | None = None) -> bool:
        """Whether ``ref`` could name the opponent: anything but the controller, the source, each
        permanent of a kind (608.2h) or a target slot that takes no player (115.1). Of the
        opponent's own ability, "you" is the opponent, "each opponent" the searching player alone
        (the search plays two-player games), and a target player they choose (603.3d)
        is not where the searching player can always be chosen instead: a proof of no win holds
        against the opponent who never chooses themselves. "That player" of a trigger on a
        permanent entering, leaving or dying is its controller (603.2, 603.10a), so the event's
        filter says whose it is (Massacre Wurm's "Whenever a creature an opponent controls dies,
        that player loses 2 life")."""
        if isinstance(ref, (Source, Each)) or isinstance(ref, You) and not theirs:
            return False
        if isinstance(ref, Players) and ref.which == "opponents" and theirs:
            return False
        if isinstance(ref, Subject) and ref.what == "player" and event is not None and (
                event.kind in _CONTROLLERS_EVENTS and isinstance(event.subject, Affected)
                and event.subject.controller in ("you", "opponents")):
            return (event.subject.controller == "you") == theirs
        if isinstance(ref, Targeted):
            if ref.slot >= len(targets):
                return True
            spec = targets[ref.slot]
            return "player" in spec.kinds and not (theirs and not spec.opponent and self._always_targetable())
        return True

    def _always_targetable(self) -> bool:
        """Whether nothing on the board or in a zone speaks of a player with hexproof, shroud or
        protection (702.11d, 702.18d, 702.16j): the searching player stays a legal target."""
        texts = [p.card.text or "" for p in self.view.permanents if p.card is not None]
        texts += [zc.card.text or "" for z in self.board.zones.values() for zc in z.cards()]
        return not any(_PLAYER_WARDS.search(t) for t in texts)


def _instant_speed(a: Any, perm: Any, hand: list[Any], puts: bool = False) -> bool:
    """Whether ``a`` (a spell in ``hand``, an ability of a permanent or of a card in hand) could
    be used in combat (117.1a, 307.1, 602.5d): not an activated ability "only as a sorcery", not
    a spell or the ability of a permanent card still in hand that is neither an instant nor has
    flash, unless something ``puts`` a permanent onto the battlefield (its abilities then work
    in combat too)."""
    if isinstance(a, ActivatedAbility) and (a.timing == "sorcery" or a.loyalty is not None):
        return False
    if puts:
        return True
    card = next((zc.card for zc in hand if a is zc.spell or zc.permanent is not None and (
        perm is zc.permanent)), None)
    return card is None or _instant(card)


def _tapped_tap(a: Any, perm: Any) -> bool:
    """Whether ``a`` is an activated ability with a {T} cost of ``perm``, which is tapped."""
    return isinstance(a, ActivatedAbility) and perm is not None and perm.tapped and any(
        c.kind == "tap" for c in a.costs)


def _puts_onto_battlefield(e: Any) -> bool:
    """Whether the effect ``e`` puts a permanent onto the battlefield other than by casting it
    (:data:`_ENTERING`; a card returned from a graveyard to its owner's hand enters nothing)."""
    return type(e).__name__ in _ENTERING and getattr(e, "to", "battlefield") != "hand"


def _plain_land(card: Any) -> bool:
    """Whether ``card`` is a land card with one face (305.1: played, never cast)."""
    return card is not None and card.back is None and "land" in {t.lower() for t in card.types}


def _lands_only(ref: Any) -> bool:
    """Whether ``ref`` chooses only lands ("return a land you control to its owner's hand", 115.10)."""
    return isinstance(ref, Chosen) and ref.filter.types == frozenset({"land"})


def _tapped_for(a: ManaAbility) -> int:
    """The mana one activation of a land's mana ability ``a`` adds: a {T} ability of a fixed
    amount; anything else raises :class:`_Unbounded`."""
    if [c.kind for c in a.costs] != ["tap"] or a.condition is not None:
        raise _Unbounded()
    product = a.product
    if isinstance(product, Fixed):
        return len(product.mana)
    if isinstance(product, Choice):
        return max((len(o) for o in product.options), default=0)
    if isinstance(product, AnyColor):
        return product.amount
    raise _Unbounded()


def _instant(card: Any) -> bool:
    """Whether ``card`` can be cast at instant speed (117.1a, 702.8a): an instant, or with flash
    (``None``, a token's: never cast, 111.1)."""
    return card is not None and ("instant" in {t.lower() for t in card.types}
                                 or "flash" in {k.lower() for k in card.keywords})


def _hand_parts(hand: list[Any], combat: bool) -> Iterable[Any]:
    """The spells of the cards in ``hand`` and the abilities of its permanent cards; in ``combat``
    only of those cast at instant speed (117.1a)."""
    for zc in hand:
        if combat and not _instant(zc.card):
            continue
        if zc.spell is not None:
            yield zc.spell
        yield from (zc.permanent.abilities if zc.permanent is not None else ())


def _on_entering(a: Any, kinds: tuple[str, ...] = ("enters",)) -> bool:
    """Whether ``a`` triggers only as its own permanent enters the battlefield ("When ~ enters");
    with ``kinds=("enters", "exploits")`` also as it exploits as it enters ("When ~ exploits a
    creature", 702.110b): once for each time its card is cast."""
    return isinstance(a, TriggeredAbility) and all(e.kind in kinds and e.subject is None for e in (a.event, *a.also))


def _brought_back(e: Any, perm: Any, targets: tuple[TargetSpec, ...]) -> Any:
    """What the repeat ``e`` (of ``perm``'s ability, with ``targets``) could bring back: ``perm``'s
    own card for "return ~", the card types of its target (115.1), ``None`` for any card."""
    what = getattr(e, "what", None)
    if isinstance(what, Source) and perm is not None and perm.card is not None:
        return perm.card
    if isinstance(what, Targeted) and what.slot < len(targets) and targets[what.slot].filter.types:
        return frozenset(t.lower() for t in targets[what.slot].filter.types)
    return None


def _each_use(a: ActivatedAbility) -> int:
    """The least mana each activation of ``a`` pays (:func:`_least_mana`); 0 for none or an X."""
    return _least_mana(a.mana) if a.mana is not None and not a.mana.variables else 0


def _least_mana(cost: Any) -> int:
    """The least mana that pays ``cost`` (107.4e: {2/W} with one {W}; 107.4f: a Phyrexian symbol
    with life, no mana; 107.3: X chosen 0)."""
    return sum(0 if s.phyrexian or s.variable else 1 if s.options or s.snow else s.generic for s in cost.symbols)


def _keyword(name: str) -> str:
    """A card's keyword as the permanents name it ("Double strike": ``double_strike``); an unknown
    one as printed (never among :data:`_PAID_IN_FULL`)."""
    try:
        return canonical_keyword(name)
    except VocabularyError:
        return name


def _on_casting(a: Any) -> bool:
    """Whether ``a`` triggers only as its controller casts a spell ("Whenever you cast ...", 603.2)."""
    return isinstance(a, TriggeredAbility) and not a.also and a.event.kind == "cast" and a.event.whose == "you"


def _declaring_only(value: Any) -> bool:
    """Whether a static's continuous effect does nothing but restrict declaring attackers or
    blockers (:data:`_DECLARING`: Rhonas the Indomitable's "can't attack or block unless ...")."""
    specs = value if isinstance(value, tuple) else (value,)
    return all(isinstance(v, ContinuousSpec) and v.rules and all(_rule_name(r) in _DECLARING for r in v.rules)
               and dataclasses.replace(v, affects=ContinuousSpec().affects, condition=(), rules=(), text=None)
               == ContinuousSpec() for v in specs)


def _restricts_only(value: Any) -> bool:
    """Whether a static's continuous effect only restricts declaring attackers or blockers, itself
    (:func:`_declaring_only`) or by the abilities it grants (Pacifism's "can't attack or block")."""
    if _declaring_only(value):
        return True
    specs = value if isinstance(value, tuple) else (value,)
    return all(isinstance(v, ContinuousSpec) and v.gains and dataclasses.replace(
        v, affects=ContinuousSpec().affects, gains=(), text=None) == ContinuousSpec() and all(
        isinstance(g, tuple) and g[0] == "static" and getattr(g[1], "name", None) in _DECLARING for g in v.gains)
        for v in specs)


def may_lower(value: Any) -> bool:
    """Whether a static's continuous effect could lower a creature's power or take what adds to
    its damage (611.3a: its source leaving then raises it): anything but +N/+M with N >= 0 and
    keywords granted."""
    specs = value if isinstance(value, tuple) else (value,)
    for v in specs:
        if not isinstance(v, ContinuousSpec):
            return True
        if v.gets is not None and v.gets[0] < 0 or v.set_pt is not None or v.defines_pt is not None or v.switch_pt \
                or v.loses or v.loses_all_abilities or v.cant_have or v.rules or v.board_rules or v.for_each is not None \
                or v.set_types is not None or v.remove_types or v.base_pt_mana_value or v.halved:
            return True
    return False


def _rule_name(rule: Any) -> str | None:
    """The name of a rule a continuous effect gives (``cant_block``, ``("you", "cant_attack")``: of a
    player, or a granted ``Static`` of no value)."""
    if isinstance(rule, str):
        return rule
    if isinstance(rule, tuple) and len(rule) == 2 and all(isinstance(r, str) for r in rule):
        return rule[1]
    if isinstance(rule, tuple) and len(rule) == 2 and rule[0] == "static" and isinstance(rule[1], Static) \
            and rule[1].value is None:
        return rule[1].name
    return None


def _varies(value: Any) -> bool:
    """Whether a static's continuous effect could change as the turn goes on: a condition (611.3b),
    a count ("for each"), a characteristic-defining power (604.3)."""
    specs = value if isinstance(value, tuple) else (value,)
    return any(getattr(v, "condition", ()) or getattr(v, "for_each", None) is not None
               or getattr(v, "defines_pt", None) is not None or getattr(v, "base_pt_mana_value", False)
               or not hasattr(v, "condition") for v in specs)


def _amount(amount: Any) -> int:
    if isinstance(amount, int):
        return max(amount, 0)
    raise _Unbounded()


def walk_effects(effects: Iterable[Any]) -> Iterable[Any]:
    """Each effect of ``effects``, then each effect it holds (optional, conditional, modal ...)."""
    for e in effects:
        yield e
        for f in ("effects", "then", "otherwise"):
            yield from walk_effects(getattr(e, f, ()) or ())
        for mode in getattr(e, "modes", ()) or ():
            yield from walk_effects(mode)


def _holds_abilities(value: Any) -> bool:
    """Whether ``value`` holds an activated or triggered ability, a delayed trigger or a line of
    text anywhere (an ability granted: counted nowhere)."""
    if isinstance(value, (ActivatedAbility, TriggeredAbility, Delayed, TextAbility)):  # a granted text may be read
        return True
    if isinstance(value, (tuple, list, frozenset)):
        return any(_holds_abilities(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(_holds_abilities(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


#: :func:`_holds_abilities` remembered for each frozen value met.
_abilities_in = IdentityMemo(_holds_abilities, 65536)


def _mentions_infect(spec: Any) -> bool:
    """Whether a continuous effect's text names infect (702.90: its damage is counters)."""
    return "infect" in repr(spec)


#: :func:`_mentions_infect` remembered for each frozen spec met.
_names_infect = IdentityMemo(_mentions_infect, 65536)
