"""Resolving spells and abilities (608) and what each effect of the effect language does.

:func:`resolve_stack` resolves the top of the stack until it is back to a given height:
before each resolution, and after it, state-based actions are checked (704.3) and triggered
abilities put on the stack (603.3). :func:`resolve_top` resolves one object:

- 608.2b: a spell or ability with targets whose targets are all illegal now doesn't resolve
  (an instant or sorcery goes to its owner's graveyard); with some illegal, those are not
  affected;
- 608.2c-d: the effects happen in the order written, "you may" chosen as it resolves;
  603.4: an intervening "if" that no longer holds does nothing;
- 608.2h: numbers ("for each", "its power") are found as the effect happens, from the object
  as it last existed when it is gone;
- 608.2n: an instant or sorcery goes to its owner's graveyard; 608.3: a permanent spell
  becomes a permanent (302.6, 107.3m), an Aura spell attached to its target (608.3c); 707.10: a copy of a spell ceases to exist, a copy of a
  permanent spell becomes a token (111.12).

Each effect kind of :mod:`mtgsolver.model.effects` has one function here, named for it in
:data:`EFFECTS`, citing its rule.
"""
from __future__ import annotations

import dataclasses
import itertools
import re
from collections import Counter
from types import MappingProxyType
from typing import Any, Callable, Iterable, Sequence, get_args

from mtgsolver.model.board import Board, PoolMana
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.cards import Card
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import (
    Adapt,
    ActivatedAbility,
    AddMana,
    Amount,
    Attach,
    Attached,
    Attempt,
    EventAmount,
    Bounce,
    CastForMadness,
    Exploit,
    Chosen,
    Conditional,
    ControllerOf,
    CopySpell,
    Count,
    CounterSpell,
    Created,
    CreateTokens,
    Damage,
    Delayed,
    Destroy,
    Discard,
    Draw,
    Each,
    Exile,
    ExileIfDies,
    ExtraTurn,
    Fight,
    GainControl,
    GainLife,
    KeywordAction,
    LookAtTop,
    LifeLost,
    ManaValueOf,
    LoseLife,
    Mill,
    Modal,
    nested_effects,
    Modify,
    Monstrosity,
    Objects,
    Optional,
    OwnerOf,
    Pay,
    Players,
    PowerOf,
    Removed,
    PreventDamage,
    Proliferate,
    PutCounters,
    PutInLibrary,
    PutOntoBattlefield,
    Ref,
    Regenerate,
    RemoveCounters,
    ReturnExiled,
    ReturnFromGraveyard,
    Sacrifice,
    Scry,
    SearchLibrary,
    Source,
    SpellAbility,
    Subject,
    Surveil,
    Targeted,
    Tap,
    Token,
    ToughnessOf,
    Transform,
    BecomeCopy,
    TriggeredAbility,
    Untap,
    X,
    You,
)
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.model.mana import Color, ManaCost
from mtgsolver.model.permanent import PLAYER_COUNTERS, Permanent
from mtgsolver.model.zones import StackItem, ZoneCard
from mtgsolver.rules.game import Game, StackObject, Undecided, card_object
from mtgsolver.rules.copies import as_copy, not_copied
from mtgsolver.rules.library import arrange, choose_cards, known_top, shuffle, whole_library
from mtgsolver.rules.replacement import prevent, regenerate
from mtgsolver.rules.state_based import check_state
from mtgsolver.rules.targets import became_targets, can_enchant, choose_targets, quality_of, target_problem
from mtgsolver.rules.triggers import TO_GRAVEYARD, intervening_if, madness_cost, put_triggers, triggered
from mtgsolver.rules.twins import twin_keys

__all__ = ["EFFECTS", "Resolving", "create_token", "resolve_stack", "resolve_top", "settle"]


# --------------------------------------------------------------------------- the loop
def settle(game: Game) -> None:
    """What happens whenever a player would receive priority: state-based actions until none
    applies (704.3), then the abilities that triggered go on the stack together (603.3b);
    repeated until neither happens. An ability triggers as its event happens (603.2), before
    the state-based actions that follow it: a creature dealt lethal damage still triggers on
    being dealt it."""
    while True:
        pending: list[Any] = []
        while True:
            events, game.events = game.events, []
            pending += triggered(game, events)
            if not check_state(game):
                break
        if not pending:
            return
        put_triggers(game, pending)


def resolve_stack(game: Game, height: int) -> None:
    """Resolve the top of the stack until only ``height`` objects are left, settling the board
    before each (117.3b, 704.3, 603.3); stop when the game is over (104.2a)."""
    settle(game)
    while len(game.stack) > height and not game.over():
        resolve_top(game)
        settle(game)


def resolve_top(game: Game) -> None:
    """Resolve the object on top of the stack (608)."""
    obj = game.stack.pop()
    game.changed()
    if isinstance(obj, StackItem):
        raise Undecided("608.2", f"{obj.name} ({obj.id}) was on the stack before; what it does is not read")
    r = Resolving(game, obj)
    r.run()


# --------------------------------------------------------------------------- one resolution
class Resolving:
    """One spell or ability resolving: its controller ("you"), source, targets, X and modes."""

    def __init__(self, game: Game, obj: StackObject) -> None:
        self.game, self.obj = game, obj
        self.you = obj.controller
        self.legal: list[list[str]] = []
        self.created: list[str] = []  # the tokens the last CreateTokens made (111.1: "it")
        self.picked: dict[Chosen, list[str]] = {}  # what each Chosen reference chose, once (115.10)
        self.damaged: list[str] = []  # what its Damage effects dealt damage to ("a creature dealt damage this way")
        self.removed = 0  # the counters its last RemoveCounters removed ("that much")
        self.resolutions: int | None = None  # the times this activated ability has resolved this turn

    # -- 608.2 ---------------------------------------------------------------------------
    def run(self) -> None:
        game, obj = self.game, self.obj
        what = self.name()
        ability = obj.ability
        if isinstance(ability, TriggeredAbility) and not intervening_if(game, ability, self.source_id(), self.you):
            game.step("603.4", f"{what} does nothing: its \"if\" clause no longer holds")
            return
        if not self.check_targets():
            game.step("608.2b", f"{what} doesn't resolve: all its targets are illegal")
            self.finish(countered=True)
            return
        game.step("608.2", f"{what} resolves")
        if isinstance(ability, ActivatedAbility) and any(isinstance(e, Conditional) and e.resolved is not None
                                                       for e in nested_effects(ability.effects)):
            self.resolutions = self.count_resolution(ability)
        if isinstance(ability, TriggeredAbility) and ability.optional:
            if game.choose(f"may:{obj.label}", ["yes", "no"]) == 1:  # 603.5: "you may" chosen as it resolves
                game.step("603.5", f"{self.you} chooses not to")
                return
        if not self.permanent_spell():
            self.apply_all(ability.effects)  # 608.3c: an Aura spell's attaching is its entering
        self.finish(countered=False)

    def count_resolution(self, ability: ActivatedAbility) -> int:
        """This resolution counted on the ability's source, the same object (400.7): the times it
        has resolved this turn, this one included ("if this is the third time this ability has
        resolved this turn"). A source gone counts on as it last existed.

        :raises Undecided: the source left and came back (another object), its ability is not
        found on it, or a copy of the ability resolves."""
        game, obj = self.game, self.obj
        if obj.copy:
            raise Undecided("707.10", f"{self.name()}: whether a copy's resolution counts as this ability's is not modelled")
        here = self.source_here()
        known = game.last_known.get(obj.source)
        if here is not None:
            source = game.perm(here)
        elif known is not None and known[0] == self.source_generation():
            source = known[1]
        else:
            raise Undecided("400.7", f"{self.name()}: the object whose ability it is is not known any more")
        number = next((i for i, a in enumerate(source.activated_abilities, 1) if a == ability), None)
        if number is None:
            raise Undecided("602.1", f"{self.name()}: the ability is not one its source has")
        count = source.resolved.get(number, 0) + 1
        if here is not None:
            game.update(here, resolved=MappingProxyType({**game.perms[here].resolved, number: count}))
        game.step("608.2", f"{self.name()} has resolved {count} time(s) this turn")
        return count

    def permanent_spell(self) -> bool:
        """Whether a permanent spell is resolving (608.3)."""
        obj = self.obj
        return obj.kind == "spell" and obj.card is not None and obj.card.card.is_permanent

    def enchanting(self) -> str | None:
        """608.3c: what an Aura spell enters attached to, its target (checked again, 608.3b)."""
        obj = self.obj
        if obj.card is None or "aura" not in {t.lower() for t in obj.card.card.subtypes}:
            return None
        return self.legal[0][0] if self.legal and self.legal[0] else None

    def name(self) -> str:
        obj = self.obj
        if obj.kind == "spell":
            return f"{obj.card.name if obj.card else obj.ability.text} ({obj.id})"  # type: ignore[union-attr]
        lki = obj.lki
        return f"the ability of {lki.name if lki else obj.source} ({obj.source})"

    def check_targets(self) -> bool:
        """608.2b: each target is checked again; none legal (of some) means it doesn't resolve."""
        game, obj = self.game, self.obj
        total = legal = 0
        self.legal = []
        source = self.source_object()
        for slot, targets in enumerate(obj.targets):
            kept = []
            for tid, gen in targets:
                total += 1
                problem = None
                if game.generation.get(tid, 0) != gen:
                    problem = "it has changed zones (400.7)"
                elif slot < len(obj.ability.targets):
                    problem = target_problem(game, obj.ability.targets[slot], tid, self.you, source, obj.id
                                             if obj.kind == "spell" else obj.source)
                if problem is None:
                    kept.append(tid)
                    legal += 1
                else:
                    game.step("608.2b", f"{tid} is no longer a legal target of {self.name()}: {problem}")
            self.legal.append(kept)
        return total == 0 or legal > 0

    def finish(self, countered: bool) -> None:
        """608.2n, 608.3, 707.10: where a resolved (or countered) spell goes."""
        game, obj = self.game, self.obj
        if obj.kind != "spell" or obj.card is None:
            return
        zc = obj.card
        owner = obj.lki.owner if obj.lki is not None else obj.controller
        if obj.copy:
            if countered or not zc.card.is_permanent:
                game.step("707.10a", f"the copy {obj.id} ceases to exist")
                return
            template = game.template(zc, obj.controller, obj.controller)
            game.enter(template, obj.controller, game.new_id(zc.card.name), token=True, x=obj.x,
                       cause="(a copy of a permanent spell becomes a token, 111.12)", attached_to=self.enchanting())
            return
        if countered or not zc.card.is_permanent:
            if not countered and "cipher" in _keywords(obj.ability) and game.choose(f"cipher:{obj.id}", ["no", "yes"]):
                raise Undecided("702.99a", f"{zc.card.name} may be exiled encoded on a creature (cipher): not modelled")
            game.put_card(owner, "graveyard", dataclasses.replace(zc, id=game.moved_id(obj.id, zc.card.name)))
            game.step("608.2b" if countered else "608.2n", f"{zc.card.name} goes to {owner}'s graveyard")
            return
        template = game.template(zc, obj.controller, owner)
        counters = game.reader.enters_with(zc.card, obj.x) if obj.x is not None else {}
        if counters:
            template = dataclasses.replace(template, counters=MappingProxyType({**template.counters, **counters}))
        pid = game.moved_id(obj.id, zc.card.name)
        if obj.kicked:
            game.kicked.add(pid)  # 702.33d: "if it was kicked"
        game.enter(template, obj.controller, pid, owner=owner, x=obj.x, card=zc.card,
                   cause="(608.3)" + (f" with {_counters(counters)} (107.3m, 614.1c)" if counters else ""),
                   attached_to=self.enchanting(), spent=obj.spent)

    # -- who and what --------------------------------------------------------------------
    def source_id(self) -> str:
        return self.obj.id if self.obj.kind == "spell" else self.obj.source

    def source_object(self) -> Permanent:
        """The source as it is now, or as it last existed (608.2h); a spell as its card is."""
        obj, game = self.obj, self.game
        if obj.kind == "spell":
            return card_object(obj.card.card, obj.id, obj.controller) if obj.card else Permanent(obj.id, "", obj.controller, obj.controller)  # type: ignore[union-attr]
        if game.on_battlefield(obj.source) and game.generation.get(obj.source, 0) == self.source_generation():
            return game.perm(obj.source)
        return obj.lki or Permanent(obj.source, obj.source, obj.controller, obj.controller)

    def source_generation(self) -> int:
        return self.obj.source_generation

    def source_here(self) -> str | None:
        """The source's id if it is still the same permanent on the battlefield (400.7)."""
        obj, game = self.obj, self.game
        if obj.kind == "ability" and game.on_battlefield(obj.source) \
                and game.generation.get(obj.source, 0) == self.source_generation():
            return obj.source
        return None

    def moved_source(self) -> list[str]:
        """400.7e: the card in a graveyard that the source of an ability triggered by its own move
        there from the battlefield became, while it is still that card."""
        obj, game = self.obj, self.game
        ability = obj.ability
        if obj.kind != "ability" or not isinstance(ability, TriggeredAbility) or ability.event.subject is not None \
                or ability.event.kind not in TO_GRAVEYARD:
            return []
        found = game.find_card(obj.source)
        here = found is not None and found[1] == "graveyard" and game.generation.get(obj.source, 0) == obj.source_generation
        return [obj.source] if here else []

    def refs(self, ref: Ref) -> list[str]:
        """The ids (permanents, cards, stack objects) and player names ``ref`` names now."""
        game, obj = self.game, self.obj
        if isinstance(ref, Targeted):
            slot = self.legal[ref.slot] if ref.slot < len(self.legal) else []
            gens = dict(obj.targets[ref.slot]) if ref.slot < len(obj.targets) else {}
            return [t for t in slot if game.generation.get(t, 0) == gens.get(t, 0)]  # still that object (400.7)
        if isinstance(ref, Source):
            here = self.source_here()
            if obj.kind == "spell":
                return [obj.id]
            return [here] if here else []
        if isinstance(ref, You):
            return [self.you]
        if isinstance(ref, Players):
            if ref.which == "each":
                return [p for p in game.players_in_order() if not game.players[p].lost]
            if ref.which == "opponents":
                return [p for p in game.opponents(self.you) if not game.players[p].lost]
            return self.defending()
        if isinstance(ref, Each):
            flt = dataclasses.replace(ref.filter, other=ref.filter.other or ref.other)
            return game.query().matching(flt, self.source_id(), self.you, self.attached_to())
        if isinstance(ref, Subject):
            if ref.what == "player":
                return [obj.subject_player] if obj.subject_player in game.players else []
            s = obj.subject
            if s is not None and (game.on_battlefield(s) or game.find_card(s) or game.stack_object(s)):
                return [s]
            return []
        if isinstance(ref, Attached):
            host = self.attached_to()
            return [host] if host is not None and game.on_battlefield(host) else []
        if isinstance(ref, (ControllerOf, OwnerOf)):
            out = []
            for oid in self.refs_or_gone(ref.of):
                p = self.object(oid)
                who = (p.controller if isinstance(ref, ControllerOf) else p.owner) if p is not None else (
                    oid if oid in game.players else None)
                if who is not None and who not in out:
                    out.append(who)
            return out
        if isinstance(ref, Created):
            return [t for t in self.created if game.on_battlefield(t)]
        if isinstance(ref, Chosen):
            if ref not in self.picked:
                self.picked[ref] = self.choose_objects(ref)
            return [t for t in self.picked[ref] if self.exists(t)]
        if isinstance(ref, Objects):
            return [t for t in ref.ids if self.exists(t)]
        raise AssertionError(ref)

    def exists(self, oid: str) -> bool:
        """A player, a permanent, a card in a zone or an object on the stack."""
        game = self.game
        return oid in game.players or game.on_battlefield(oid) or game.find_card(oid) is not None \
            or game.stack_object(oid) is not None

    def choose_objects(self, ref: Chosen) -> list[str]:
        """115.10: objects a player chooses as the effect happens, not targeted: ``count`` of
        those matching (fewer when fewer exist; "up to": any number to ``count``), permanents or
        cards in the zone named.

        :raises Undecided: cards chosen from a hand not all known (402.3)."""
        game = self.game
        who = (self.players(ref.who) or [self.you])[0]
        source = self.source_here() or self.source_id()
        if ref.zone == "battlefield":
            pool = game.query().matching(ref.filter, source, self.you, self.attached_to())
        else:
            owners = {"you": [self.you], "opponents": game.opponents(self.you)}.get(ref.whose, game.players_in_order())
            pool = []
            for owner in owners:
                z = game.zones_of(owner)
                if ref.zone == "hand" and z.hand_count != len(z.hand):
                    raise Undecided("402.3", f"{who} chooses a card from {owner}'s hand, and not all of it is known")
                pool += [c.id for c in (z.hand if ref.zone == "hand" else z.graveyard) if game.query().matches(
                    ref.filter, c.id, source, self.you, obj=card_object(c.card, c.id, owner))]
        most = min(self.amount(ref.count), len(pool))
        ways = [w for n in (range(most, -1, -1) if ref.up_to else (most,)) for w in itertools.combinations(pool, n)]
        key = f"choose:{self.obj.label or self.obj.id}" + (f":{len(self.picked) + 1}" if self.picked else "")
        picked = list(ways[game.choose(key, [",".join(w) or "none" for w in ways])]) if ways else []
        if picked:
            game.step("115.10", f"{who} chooses {', '.join(picked)}")
        return picked

    def refs_or_gone(self, ref: Ref) -> list[str]:
        """Like :meth:`refs`, keeping objects that are gone (their last known information)."""
        if isinstance(ref, Targeted) and ref.slot < len(self.legal):
            return list(self.legal[ref.slot])
        if isinstance(ref, Source):
            return [self.source_id()]
        if isinstance(ref, Subject) and ref.what == "object" and self.obj.subject is not None:
            return [self.obj.subject]
        return self.refs(ref)

    def fixed(self, value: Any) -> Any:
        """``value`` (an effect of a delayed triggered ability) with what it names fixed now
        (603.7c): its targets, the source, what the trigger was about, tokens created, objects
        already chosen and what the source is attached to become :class:`Objects`; X its value."""
        if isinstance(value, tuple):
            return tuple(self.fixed(v) for v in value)
        if isinstance(value, X):
            return self.amount(value)
        if isinstance(value, Targeted):
            return Objects(tuple(self.refs_or_gone(value)))
        if isinstance(value, (Source, Subject, Created, Attached)) or (isinstance(value, Chosen) and value in self.picked):
            return Objects(tuple(self.refs(value)))
        if dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Chosen):
            return dataclasses.replace(value, **{f.name: self.fixed(getattr(value, f.name))
                                                for f in dataclasses.fields(value) if f.init})
        return value

    def object(self, oid: str) -> Permanent | None:
        """An object as it is, or as it last existed (608.2h)."""
        game, obj = self.game, self.obj
        if game.on_battlefield(oid):
            return game.perm(oid)
        if oid == self.source_id():
            return self.source_object()
        if oid == obj.subject and obj.subject_lki is not None:
            return obj.subject_lki
        known = game.last_known.get(oid)
        targeted = {t: gen for slot in obj.targets for t, gen in slot}
        if known is not None and targeted.get(oid) == known[0]:
            return known[1]  # the permanent it targeted, as it last existed (608.2h)
        found = game.find_card(oid)
        if found is not None:
            return card_object(found[2].card, oid, found[0])
        item = game.stack_object(oid)
        if isinstance(item, StackObject) and item.card is not None:
            return card_object(item.card.card, oid, item.controller)
        return known[1] if known is not None else None

    def attached_to(self) -> str | None:
        src = self.source_object()
        return src.attached_to

    def defending(self) -> list[str]:
        """506.2: the defending player of the attacking source."""
        combat = self.game.combat
        if combat is None:
            return []
        for a in combat.attackers:
            if a.creature == self.obj.source:
                return [self.game.view().defending_player_of(a.target)]
        return []

    def amount(self, amount: Amount, of: str | None = None) -> int:
        """608.2h: the number as the effect happens; X is the spell's or ability's (107.3)."""
        if isinstance(amount, bool):
            raise AssertionError(amount)
        if isinstance(amount, int):
            return amount
        if isinstance(amount, X):
            if self.obj.x is None:
                raise Undecided("107.3", f"{self.name()} uses X and no value of X was chosen")
            return self.obj.x
        if isinstance(amount, Count):
            return self.game.query().count(amount.of, self.source_here() or self.source_id(), self.you, of) * amount.times
        if isinstance(amount, (PowerOf, ToughnessOf)):
            ids = self.refs_or_gone(amount.of)
            p = self.object(ids[0]) if ids else None
            value = (p.power if isinstance(amount, PowerOf) else p.toughness) if p is not None else None
            return value or 0
        if isinstance(amount, ManaValueOf):
            ids = self.refs_or_gone(amount.of)
            item = self.game.stack_object(ids[0]) if ids else None
            if isinstance(item, StackObject) and item.x and item.card is not None and item.card.card.mana_cost \
                    and item.card.card.mana_cost.variables:
                raise Undecided("202.3e", f"the mana value of {item.card.card.name} on the stack counts its X, which "
                                          "is not modelled")
            p = self.object(ids[0]) if ids else None
            return p.mana_value if p is not None else 0
        if isinstance(amount, LifeLost):  # 119.3: the life lost this turn, as the turn record keeps it
            return sum(self.game.turn.life_lost.get(p, 0) for p in self.refs(amount.of) if p in self.game.players)
        if isinstance(amount, Removed):  # 608.2c: "that much", the counters removed before
            return self.removed
        if isinstance(amount, EventAmount):  # 603.7c: "that much", the amount of the event it triggered on
            if self.obj.event_amount is None:
                raise Undecided("603.7c", f"{self.name()}: the amount of the event it triggered on is not known here")
            return self.obj.event_amount
        raise AssertionError(amount)

    def permanents(self, ref: Ref) -> list[str]:
        return [t for t in self.refs(ref) if self.game.on_battlefield(t)]

    def players(self, ref: Ref) -> list[str]:
        return [t for t in self.refs(ref) if t in self.game.players]

    # -- effects -------------------------------------------------------------------------
    def apply_all(self, effects: Sequence[Any]) -> bool:
        """The effects in order (608.2c); ``False`` if a payment among them wasn't made."""
        done = True
        for effect in effects:
            if self.game.over():
                return False
            done = self.apply(effect) and done
        return done

    def apply(self, effect: Any) -> bool:
        self.game.mark()
        done = EFFECTS[type(effect)](self, effect)
        self.game.before = None
        return done is not False

    def paid(self, effects: Sequence[Any]) -> bool:
        """118.12: instructions paid as a cost as it resolves: all of them when each can be paid
        whole (118.3), else none; whether they were."""
        if not all(self.payable(e) for e in effects):
            self.game.step("118.3", f"{self.you} can't do it all, so none of it is done")
            return False
        return self.apply_all(effects)

    def payable(self, e: Any) -> bool:
        """Whether an instruction can be done whole (118.3): the things it takes are there."""
        game = self.game
        if isinstance(e, Sacrifice):
            return all((bool([p for p in self.permanents(e.what) if game.perm(p).controller == who]) if e.what
                        else len(_sacrificeable(self, e, who)) >= self.amount(e.count)) for who in self.players(e.who))
        if isinstance(e, RemoveCounters):
            found = self.refs(e.what)
            return bool(found) and all(counters_on(game, t, e.kind) >= self.amount(e.amount) for t in found)
        if isinstance(e, (Exile, ReturnFromGraveyard)):
            found = self.refs(e.what)
            need = (0 if e.what.up_to else self.amount(e.what.count)) if isinstance(e.what, Chosen) else 1
            return len(found) >= need
        if isinstance(e, Discard):  # a whole hand can always be discarded, even an empty one
            return e.all or all(game.zones_of(p).hand_count >= self.amount(e.amount) for p in self.players(e.who))
        if isinstance(e, Pay):
            return all(game.players[p].life >= e.life and game.players[p].energy >= e.energy
                       for p in self.players(e.who))
        return True


# --------------------------------------------------------------------------- the effect kinds
def _damage(r: Resolving, e: Damage) -> None:
    """120: damage to players (life, or poison from infect, 120.3a-b), to creatures (marked, or
    -1/-1 counters from wither and infect, 120.3d-e), to planeswalkers (loyalty, 120.3c) and
    battles (defense, 120.3h); protection prevents it (702.16e); lifelink gains its controller
    that much (702.15b); divided as chosen when cast (601.2d); a second amount to another
    recipient dealt with the first (120.2)."""
    game = r.game
    sources = r.refs_or_gone(e.source)
    src = r.object(sources[0]) if sources else None
    if src is None:
        return
    targets = r.refs(e.to)
    if e.divided:
        amounts = {t: r.obj.amounts.get(t, 0) for t in targets}
    else:
        n = r.amount(e.amount)
        amounts = {t: n for t in targets}
    for part in e.also:
        n = r.amount(part.amount)
        for t in r.refs(part.to):
            amounts[t] = amounts.get(t, 0) + n
    r.damaged += [t for t, n in amounts.items() if deal_damage(game, src, t, n)]


def deal_damage(game: Game, src: Permanent, target: str, n: int, combat: bool = False,
                view: Board | None = None) -> int:
    """``src`` deals ``n`` damage to ``target`` (120.3), less what is prevented (615, 702.16e;
    ``combat``: combat damage, which "prevent all combat damage" also prevents): the damage
    dealt. Damage dealt is an event ("is dealt damage", "deals damage to a player", 603.2).
    ``view``: the board as all of it is dealt at once (510.2), or as it is now."""
    if n <= 0 or not (target in game.players or game.on_battlefield(target)):
        return 0
    view = game.view() if view is None else view
    protected = not target in game.players and any(
        quality_of(src, q) or q == src.controller for q in view.permanent(target).protections)
    n = prevent(game, src, target, n, combat=combat, protected=protected)
    if n <= 0:
        return 0
    if target not in game.turn.dealt_damage:  # the turn record (120.3)
        game.turn = dataclasses.replace(game.turn, dealt_damage=game.turn.dealt_damage | {target})
    kw = src.keywords
    if target in game.players:
        player = game.players[target]
        if "infect" in kw:
            game.set_player(target, poison=player.poison + n)
            game.step("120.3b", f"{src.name} deals {n} damage to {target}: {n} poison counters (702.90b)")
        else:
            game.set_player(target, life=player.life - n)
            game.step("120.3a", f"{src.name} deals {n} damage to {target} ({player.life} -> {player.life - n} life)")
    else:
        perm = view.permanent(target)
        printed = game.perms[target]
        changes: dict[str, Any] = {}
        if perm.is_creature:
            if "wither" in kw or "infect" in kw:
                counters = dict(printed.counters)
                counters["-1/-1"] = counters.get("-1/-1", 0) + n
                changes["counters"] = MappingProxyType(counters)
            else:
                changes["damage"] = printed.damage + n
            if "deathtouch" in kw:
                changes["deathtouch_damage"] = True
        if perm.is_planeswalker:
            changes["loyalty"] = (printed.loyalty or 0) - n
        if perm.is_battle and printed.defense is not None:
            changes["defense"] = printed.defense - n
        game.update(target, **changes)
        game.step("120.3", f"{src.name} deals {n} damage to {perm.name} ({target})")
        game.emit("dealt_damage", target, player=src.controller, amount=n)
    game.emit("deals_damage", src.id, src, target if target in game.players else None, amount=n)
    if target in game.players:
        game.emit("deals_damage_to_player", src.id, src, target, amount=n)
        if target != src.controller:
            game.emit("deals_damage_to_opponent", src.id, src, target, amount=n)
    if "lifelink" in kw and src.controller in game.players:
        gain_life(game, src.controller, n, "702.15b", " (lifelink)")
    return n


def _destroy(r: Resolving, e: Destroy) -> None:
    """701.8: destroy: to the owner's graveyard; indestructible permanents aren't (702.12b); a
    regeneration shield replaces it (701.19a) unless it can't be regenerated (701.19c)."""
    for pid in r.permanents(e.what):
        perm = r.game.perm(pid)
        if perm.has_keyword("indestructible"):
            r.game.step("702.12b", f"{perm.name} ({pid}) is indestructible and isn't destroyed")
            continue
        if not e.no_regeneration and regenerate(r.game, pid):
            continue
        r.game.leave(pid, "graveyard", "is destroyed", "701.8")


def _exile(r: Resolving, e: Exile) -> None:
    """701.13: exile a permanent, a card in a graveyard or hand, or a spell; a card a
    permanent's ability exiles is exiled with it, for its linked ability (607.2a)."""
    game = r.game
    for oid in r.refs(e.what):
        move_object(game, oid, "exile", "is exiled", "701.13")
        found = game.find_card(oid)
        if r.obj.kind == "ability" and game.on_battlefield(r.obj.source) and found is not None \
                and found[1] == "exile":
            owner, _, zc = game.take_card(oid)
            game.put_card(owner, "exile", dataclasses.replace(zc, exiled_with=r.obj.source))


def _return_exiled(r: Resolving, e: ReturnExiled) -> None:
    """607.2a: "return the exiled card to the battlefield under its owner's control": the cards
    exiled with the source (as it last existed) come back."""
    game = r.game
    for owner in list(game.players):
        for zc in list(game.zones_of(owner).exile):
            if zc.exiled_with == r.obj.source:
                put_onto_battlefield(game, zc.id, owner, False)


def _bounce(r: Resolving, e: Bounce) -> None:
    """Return to its owner's hand (400.7)."""
    for oid in r.refs(e.what):
        move_object(r.game, oid, "hand", "is returned to its owner's hand", "400.7")


def move_object(game: Game, oid: str, to: str, how: str, rule: str, bottom: bool = False) -> None:
    """Move a permanent, a card in a zone or a spell on the stack to its owner's ``to`` zone (a
    library's top, or its ``bottom``)."""
    if game.on_battlefield(oid):
        game.leave(oid, to, how, rule, bottom)  # type: ignore[arg-type]
        return
    item = game.stack_object(oid)
    if item is not None:
        remove_from_stack(game, item, to, how, rule, bottom)
        return
    if game.find_card(oid) is not None:
        owner, zone, zc = game.take_card(oid)
        game.put_card(owner, to, zc, bottom)  # type: ignore[arg-type]
        game.step(rule, f"{zc.name} ({oid}) {how}: from {owner}'s {zone} to their {to}")


def remove_from_stack(game: Game, item: StackObject | StackItem, to: str, how: str, rule: str,
                      bottom: bool = False) -> None:
    """A spell leaving the stack goes to its owner's zone (a copy ceases to exist, 707.10a);
    an ability just leaves it."""
    game.stack.remove(item)
    game.changed()
    card = item.card if isinstance(item, StackObject) else None
    if isinstance(item, StackItem) and item.card is not None:
        card = ZoneCard(item.id, item.card)
    if item.kind != "spell" or card is None or (isinstance(item, StackObject) and item.copy):
        game.step(rule, f"{item.id} {how} and leaves the stack")
        return
    owner = item.lki.owner if isinstance(item, StackObject) and item.lki is not None else item.controller
    game.put_card(owner, to, dataclasses.replace(card, id=game.moved_id(item.id, card.card.name)),  # type: ignore[arg-type]
                  bottom)
    game.step(rule, f"{card.card.name} ({item.id}) {how}: it goes to {owner}'s {to}")


def _sacrifice(r: Resolving, e: Sacrifice) -> None:
    """701.21: a player sacrifices permanents they control, of their choice."""
    game = r.game
    for player in r.players(e.who):
        if e.what is not None:
            chosen = [p for p in r.permanents(e.what) if game.perm(p).controller == player]
        else:
            mine = _sacrificeable(r, e, player)
            ways = _up_to_twins(game, itertools.combinations(mine, min(r.amount(e.count), len(mine))))
            chosen = list(ways[game.choose(f"sacrifice:{player}", [",".join(w) for w in ways])]) if ways else []
        for pid in chosen:
            sacrifice(game, pid, player, f"is sacrificed by {player}")


def _up_to_twins(game: Game, ways: Iterable[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """One of each set of ways that differ only by twins (:func:`~mtgsolver.rules.twins.twin_keys`:
    any one serves as well as another), the first in order."""
    keys = twin_keys(game.view())
    seen: set[frozenset[tuple[Any, int]]] = set()
    out = []
    for way in ways:
        key = frozenset(Counter(keys[p] for p in way).items())
        if key not in seen:
            seen.add(key)
            out.append(way)
    return out


def _sacrificeable(r: Resolving, e: Sacrifice, player: str) -> list[str]:
    """The permanents ``player`` controls that match the sacrifice's filter."""
    game = r.game
    return [p for p in game.query().matching(e.filter, r.source_id(), r.you) if game.perm(p).controller == player]


def sacrifice(game: Game, pid: str, player: str, how: str) -> None:
    """701.21a: to its owner's graveyard; "when you sacrifice ~" looks back (603.10a)."""
    before = game.before or game.view()
    lki = before.permanent(pid) if before.has_permanent(pid) else game.perm(pid)
    game.emit("sacrificed", pid, lki, player, before)
    game.leave(pid, "graveyard", how, "701.21")


def _put_counters(r: Resolving, e: PutCounters) -> None:
    """122: counters on permanents (loyalty counters are its loyalty, 306.5b) or players (poison and
    energy, 122.1f; "you get {E}", 107.14)."""
    n = r.amount(e.amount)
    if n <= 0:
        return
    for oid in r.refs(e.what):
        add_counters(r.game, oid, e.kind, n)


def add_counters(game: Game, oid: str, kind: str, n: int) -> None:
    """Put (``n`` > 0) or remove (``n`` < 0) counters of a kind (122).

    :raises Undecided: counters other than poison and energy on a player (experience: not on the
        board, 122.1)."""
    if oid in game.players:
        if kind not in PLAYER_COUNTERS:
            raise Undecided("122.1", f"{oid} gets {kind} counters: a player's counters other than poison and energy "
                                     "are not on the board")
        have = getattr(game.players[oid], kind)
        game.set_player(oid, **{kind: max(0, have + n)})
        game.step("122.1f", f"{oid} {'gets' if n > 0 else 'loses'} {abs(n)} {kind} counters")
        return
    if not game.on_battlefield(oid):
        return
    p = game.perms[oid]
    if kind == "loyalty":
        game.update(oid, loyalty=max(0, (p.loyalty or 0) + n))
    elif kind == "defense":
        game.update(oid, defense=max(0, (p.defense or 0) + n))
    else:
        counters = dict(p.counters)
        counters[kind] = max(0, counters.get(kind, 0) + n)
        if not counters[kind]:
            del counters[kind]
        game.update(oid, counters=MappingProxyType(counters))
    game.step("122.1", f"{abs(n)} {kind} counters {'put on' if n > 0 else 'removed from'} {p.name} ({oid})")


def _remove_counters(r: Resolving, e: RemoveCounters) -> None:
    """122: counters removed, as many as there are (609.3); ``all``: every one of the kind."""
    n = r.amount(e.amount)
    r.removed = 0
    for oid in r.refs(e.what):
        taken = min(n, counters_on(r.game, oid, e.kind)) if not e.all else counters_on(r.game, oid, e.kind)
        add_counters(r.game, oid, e.kind, -taken)
        r.removed += taken


def counters_on(game: Game, oid: str, kind: str) -> int:
    """How many counters of ``kind`` a permanent or player has (a planeswalker's loyalty, a
    battle's defense, a player's poison or energy, 122.1)."""
    p = game.perms.get(oid)
    if p is None:
        return getattr(game.players[oid], kind) if oid in game.players and kind in PLAYER_COUNTERS else 0
    return (p.loyalty or 0) if kind == "loyalty" else (p.defense or 0) if kind == "defense" else p.counters.get(kind, 0)


def _tap(r: Resolving, e: Tap) -> None:
    """701.26a: tap; an untapped permanent that becomes tapped triggers "becomes tapped"."""
    for pid in r.permanents(e.what):
        tap(r.game, pid)


def tap(game: Game, pid: str) -> None:
    if not game.perms[pid].tapped:
        game.update(pid, tapped=True)
        game.emit("becomes_tapped", pid)
        game.step("701.26a", f"{game.perms[pid].name} ({pid}) becomes tapped")


def _untap(r: Resolving, e: Untap) -> None:
    for pid in r.permanents(e.what):
        if r.game.perms[pid].tapped:
            r.game.update(pid, tapped=False)
            r.game.step("701.26b", f"{r.game.perms[pid].name} ({pid}) becomes untapped")


def _create_tokens(r: Resolving, e: CreateTokens) -> None:
    """111.2, 701.7: the tokens enter under their controller's control; 508.4: attacking."""
    n = r.amount(e.count)
    r.created = []
    for player in r.players(e.controller):
        for _ in range(n):
            pid = create_token(r.game, e.token, player, tapped=e.tapped)
            r.created.append(pid)
            if e.attacking:
                _attacking(r.game, pid, player)


def create_token(game: Game, token: Token, controller: str, tapped: bool = False) -> str:
    """A token as its definition says (111.4, 111.10) enters under ``controller``'s control."""
    card = token.card
    keywords = set(token.keywords)
    for k in card.keywords:
        keywords.add(canonical_keyword(k))
    perm = Permanent(
        "", card.name, controller, controller, types=frozenset(t.lower() for t in card.types),
        supertypes=frozenset(t.lower() for t in card.supertypes), subtypes=frozenset(t.lower() for t in card.subtypes),
        colors=card.derived_colors, mana_cost=card.mana_cost, base_power=card.power, base_toughness=card.toughness,
        keywords=frozenset(keywords), protections=token.protections, abilities=token.abilities,
        loyalty=card.loyalty, defense=card.defense)
    return game.enter(perm, controller, game.new_id(card.name), tapped=tapped, token=True, cause="(111.2)")


def _attacking(game: Game, pid: str, player: str) -> None:
    """508.4a: the controller of a permanent put onto the battlefield attacking chooses the
    player, planeswalker or battle it attacks; there is no attack outside combat (506.3)."""
    if game.combat is None or game.source.active_player != player:
        game.step("508.4", f"{pid} is not attacking: there is no combat in which {player} attacks")
        return
    view = game.view()
    options = [o for o in game.opponents(player) if not game.players[o].lost]
    options += [p.id for p in view.permanents if (p.is_planeswalker and p.controller != player)
                or (p.is_battle and p.protector not in (None, player))]
    target = options[game.choose(f"attacks:{pid}", options)] if options else None
    if target is not None:
        game.attack(pid, target)
        game.step("508.4", f"{pid} is attacking {target}; it was never declared as an attacker (508.4)")


def _draw(r: Resolving, e: Draw) -> None:
    """121.1: draw the top card of the library; 704.5b: drawing from an empty one loses."""
    n = r.amount(e.amount)
    for player in r.players(e.who):
        for _ in range(n):
            draw(r.game, player)


def draw(game: Game, player: str) -> None:
    """121.1: the top card into the hand ("draws a card" triggers, 121.6, 603.2), or instead, as
    the player chooses, a card with dredge N from their graveyard while their library has N cards
    (702.52a-b).

    :raises Undecided: the card drawn has miracle (702.94a); the cards dredge mills are not known
        (401.2)."""
    z = game.zones_of(player)
    dredges = [(c, n) for c in z.graveyard if (n := dredge_amount(c.card)) is not None and z.library_count >= n]
    if dredges and (k := game.choose(f"dredge:{player}", ["draw", *(f"dredge {c.id}" for c, _ in dredges)])):
        card, n = dredges[k - 1]
        if n > len(z.library_top):
            raise Undecided("701.17", f"{player} dredges {card.name}: the {n} cards milled are not all known (401.2)")
        for zc in list(z.library_top[:n]):
            move_object(game, zc.id, "graveyard", f"is milled by {player} (dredge {n})", "702.52a")
        move_object(game, card.id, "hand", f"returns to {player}'s hand instead of a draw (dredge {n})", "702.52a")
        return
    if z.library_count <= 0:
        game.drew_from_empty.add(player)
        game.step("121.4", f"{player} draws from an empty library (704.5b)")
        return
    if z.library_top:
        zc = z.library_top.pop(0)
        if has_keyword_line(zc.card, "miracle"):
            raise Undecided("702.94a", f"{player} draws {zc.name}, which has miracle: casting it is not modelled")
        game.generation[zc.id] = game.generation.get(zc.id, 0) + 1
        z.hand.append(zc)
        game.step("121.1", f"{player} draws {zc.name} ({zc.id})")
    else:
        game.step("121.1", f"{player} draws an unknown card (401.2: the library's order is hidden)")
    z.library_count -= 1
    z.hand_count += 1
    game.changed()
    game.emit("draws", player=player)


def _discard(r: Resolving, e: Discard) -> None:
    """701.9: discard cards of the player's choice (a hidden hand: unknown, undecided); with
    ``chosen_by``, the hand is revealed and that player chooses among the cards matching the
    filter (701.20, 701.9b)."""
    game = r.game
    n = 0 if e.all else r.amount(e.amount)
    for player in r.players(e.who):
        z = game.zones_of(player)
        if e.all:
            n = z.hand_count  # "discards their hand": every card of their own (701.9)
        if e.chosen_by is not None:
            if z.hand_count != len(z.hand):
                raise Undecided("701.20", f"{player} reveals their hand, and not all of it is known (402.3)")
            chooser = (r.players(e.chosen_by) or [r.you])[0]
            fit = [c.id for c in z.hand if game.query().matches(e.filter, c.id, r.source_id(), r.you,
                                                                 obj=card_object(c.card, c.id, player))]
            ways = list(itertools.combinations(fit, min(n, len(fit))))
            chosen = ways[game.choose(f"discard:{player}", [",".join(w) for w in ways])] if ways else ()
            if chosen:
                game.step("701.20", f"{player} reveals their hand; {chooser} chooses {', '.join(chosen)}")
        else:
            k = min(n, z.hand_count)
            if k < z.hand_count and (e.random or not z.hand_count == len(z.hand)):
                raise Undecided("701.9", f"{player} discards {k} of {z.hand_count} cards"
                                         + (" at random" if e.random else "; some are unknown (402.3)"))
            if k and k == z.hand_count and z.hand_count != len(z.hand):
                raise Undecided("701.9", f"{player} discards their whole hand, some of it unknown (402.3)")
            ways = list(itertools.combinations([c.id for c in z.hand], k))
            chosen = ways[game.choose(f"discard:{player}", [",".join(w) for w in ways])] if k else ()
        for cid in chosen:
            discard(game, cid, player)


def discard(game: Game, cid: str, player: str, how: str = "") -> None:
    """701.9a: a card from the hand to its owner's graveyard ("discards a card" triggers, 603.2);
    a card with madness is discarded into exile instead, and its madness triggers (702.35a).

    :raises Undecided: a madness keyword whose cost is not read."""
    found = game.find_card(cid)
    if found is None:
        return
    zc = found[2]
    if madness_cost(zc) is not None:
        move_object(game, cid, "exile", f"is discarded into exile by {player} (madness)", "702.35a")
    elif has_keyword_line(zc.card, "madness"):
        raise Undecided("702.35a", f"{player} discards {zc.name}, which has madness: its cost is not read")
    else:
        move_object(game, cid, "graveyard", how or f"is discarded by {player}", "701.9")
    game.emit("discards", cid, card_object(zc.card, cid, player), player)


def _exploit(r: Resolving, e: Exploit) -> None:
    """702.110a-b: the exploit trigger's controller may sacrifice a creature they control (the
    source itself among them); if they do, the source "exploits" it, an event that looks back to
    the board before the sacrifice (603.10a)."""
    game, source = r.game, r.source_id()
    mine = [p for p in game.query().matching(Affected(types=frozenset({"creature"})), source, r.you)
            if game.perm(p).controller == r.you]
    ways = [(), *_up_to_twins(game, ((p,) for p in mine))]
    (*chosen,) = ways[game.choose(f"exploit:{source}", [",".join(w) or "none" for w in ways])]
    if not chosen:
        return
    before = game.before or game.view()
    sacrifice(game, chosen[0], r.you, f"is sacrificed by {r.you} (exploit, 702.110a)")
    game.emit("exploits", source, r.source_object(), r.you, before)


def _cast_for_madness(r: Resolving, e: CastForMadness) -> None:
    """702.35a-b: the owner of the card the madness trigger exiled casts it by paying its
    madness cost (an alternative cost, 118.9: timing permissions don't apply, 702.35a), its
    targets chosen (601.2c) before the cost is paid (601.2g-h), or puts it into their
    graveyard; a card no longer in exile stays where it is (400.7).

    :raises Undecided: a madness cost with X (107.3), or what the spell does is not read."""
    game, cid = r.game, r.obj.subject
    found = game.find_card(cid) if cid else None
    if found is None or found[1] != "exile":
        return
    owner, _, zc = found
    take = game.choose(f"madness:{owner}:{cid}", ["cast", "graveyard"])
    if take == 0 and _madness_spell(game, owner, zc, e.cost):
        return
    move_object(game, cid, "graveyard", f"is put into the graveyard by {owner} (madness)", "702.35a")


def _madness_spell(game: Game, owner: str, zc: ZoneCard, cost: ManaCost) -> bool:
    """Cast ``zc`` from exile for its madness ``cost`` (601.2, 702.35b); whether it was cast."""
    if cost.variables:
        raise Undecided("107.3", f"{zc.card.name}: a madness cost with X is not modelled")
    ability = zc.spell if zc.spell is not None else SpellAbility(())
    if not zc.card.is_permanent and not ability.effects and (zc.card.text or "").strip():
        raise Undecided("608.2", f"what {zc.card.name} does is not read (docs/unread.md)")
    obj = StackObject(zc.id, "spell", owner, zc.id, ability, card=zc, label=zc.id,
                      lki=card_object(zc.card, zc.id, owner))
    targets = choose_targets(game, obj, f"targets:{zc.id}")
    if targets is None:
        game.step("601.2c", f"{zc.card.name} has no legal target: it can't be cast")
        return False
    if not game.payer.pay_mana(game, cost, owner):
        game.step("601.2h", f"{owner} can't pay {cost} for {zc.card.name}")
        return False
    obj.targets = targets
    game.take_card(zc.id)
    obj.id = obj.source = obj.label = game.moved_id(zc.id, zc.card.name)  # a new object on the stack (400.7)
    obj.lki = card_object(zc.card, obj.id, owner)
    game.stack.append(obj)
    game.changed()
    announce_cast(game, obj, zc.card, owner, "702.35b", f"{owner} casts {zc.card.name} ({obj.id}) for its madness "
                                                      f"cost {cost}")
    return True


def announce_cast(game: Game, obj: StackObject, card: Card, owner: str, rule: str, text: str) -> None:
    """601.2i: the spell becomes cast ("whenever you cast" triggers, 603.2), what it targets
    becomes the target (603.2), and its caster's count of spells cast this turn goes up."""
    game.emit("cast", obj.id, card_object(card, obj.id, owner), owner)
    became_targets(game, obj.targets)
    spells = dict(game.turn.spells_cast)
    spells[owner] = spells.get(owner, 0) + 1
    game.turn = dataclasses.replace(game.turn, spells_cast=MappingProxyType(spells))
    game.before = None
    game.step(rule, text)


def _mill(r: Resolving, e: Mill) -> None:
    """701.17: the top cards of the library into the graveyard, known ones only."""
    game = r.game
    n = r.amount(e.amount)
    for player in r.players(e.who):
        z = game.zones_of(player)
        k = min(n, z.library_count)
        if k > len(z.library_top):
            raise Undecided("701.17", f"{player} mills {k} cards and only {len(z.library_top)} of their library's "
                                      "top cards are known (401.2)")
        for zc in list(z.library_top[:k]):
            move_object(game, zc.id, "graveyard", f"is milled by {player}", "701.17")


def _gain_life(r: Resolving, e: GainLife) -> None:
    n = r.amount(e.amount)
    for player in r.players(e.who):
        gain_life(r.game, player, n)


def gain_life(game: Game, player: str, n: int, rule: str = "119.3", why: str = "") -> None:
    """119.3: the life total goes up; "gains life" triggers once for the event (119.9, 603.2)."""
    if n <= 0:
        return
    p = game.players[player]
    game.set_player(player, life=p.life + n)
    game.step(rule, f"{player} gains {n} life ({p.life} -> {p.life + n}){why}")
    game.emit("gains_life", player=player, amount=n)


def _lose_life(r: Resolving, e: LoseLife) -> None:
    n = r.amount(e.amount)
    for player in r.players(e.who):
        p = r.game.players[player]
        r.game.set_player(player, life=p.life - n)
        r.game.step("119.3", f"{player} loses {n} life ({p.life} -> {p.life - n})")


def _add_mana(r: Resolving, e: AddMana) -> None:
    """106.3: the mana goes to the controller's pool (605.1a: a spell's is not a mana ability)."""
    game = r.game
    mana = list(e.mana)
    if e.any_color:
        colors = ["W", "U", "B", "R", "G"]
        mana += [colors[game.choose(f"mana:{r.obj.label or r.obj.id}", colors)]] * e.any_color
    game.pools[r.you] = (*game.pools.get(r.you, ()), *(PoolMana(t) for t in mana))
    game.changed()
    game.step("106.3", f"{r.you} adds {''.join('{' + t + '}' for t in mana)}")


def _return_from_graveyard(r: Resolving, e: ReturnFromGraveyard) -> None:
    """A card in a graveyard to its owner's hand, or onto the battlefield, tapped if said (400.7);
    "return ~" of a source put into a graveyard from the battlefield, the card it became (400.7e)."""
    game = r.game
    for cid in r.refs(e.what) or (r.moved_source() if isinstance(e.what, Source) else []):
        found = game.find_card(cid)
        if found is None or found[1] != "graveyard":
            continue
        if e.to == "hand":
            move_object(game, cid, "hand", "returns to its owner's hand", "400.7")
        else:
            controller = (r.players(e.controller) or [r.you])[0]
            put_onto_battlefield(game, cid, controller, e.tapped, dict(e.counters))


def _put_onto_battlefield(r: Resolving, e: PutOntoBattlefield) -> None:
    """A card in a hand or graveyard onto the battlefield (it is not cast, 601.1a)."""
    for cid in r.refs(e.what):
        if r.game.find_card(cid) is not None:
            put_onto_battlefield(r.game, cid, (r.players(e.controller) or [r.you])[0], e.tapped)


def put_onto_battlefield(game: Game, cid: str, controller: str, tapped: bool,
                         counters: dict[str, int] | None = None) -> None:
    """A card onto the battlefield from its zone, with ``counters`` on it (122.6); an Aura
    attached to what its controller chooses as it enters, or left where it is when it can
    enchant nothing (303.4f-g).

    :raises Undecided: an Aura whose enchant ability is not read."""
    owner, zone, zc = game.take_card(cid)
    if not zc.card.is_permanent:
        game.put_card(owner, zone, zc)  # type: ignore[arg-type]
        game.step("110.4", f"{zc.name} is not a permanent card and stays in {owner}'s {zone}")
        return
    attached_to = None
    if "aura" in {s.lower() for s in zc.card.subtypes}:
        spec = game.reader.enchant(zc.card)
        if spec is None:
            raise Undecided("303.4f", f"what {zc.name} can enchant is not read")
        if "player" in spec.kinds:  # 303.4f, 702.5d: a Curse enchants a player its controller chooses
            options = [p for p in game.players_in_order() if not game.players[p].lost
                       and not (spec.opponent and p == controller)]
        else:
            options = [pid for pid in sorted(game.perms) if can_enchant(game, spec, pid, controller, cid)]
        if not options:
            game.put_card(owner, zone, zc)  # type: ignore[arg-type]
            game.step("303.4g", f"{zc.name} has nothing to enchant and stays in {owner}'s {zone}")
            return
        attached_to = options[game.choose(f"enchant:{controller}:{cid}", options)]
    template = game.template(zc, controller, owner)
    if counters:
        template = dataclasses.replace(template, counters=MappingProxyType({**template.counters, **counters}))
    game.enter(template, controller, game.moved_id(cid, zc.name), owner=owner, tapped=tapped, card=zc.card,
               cause=f"from {owner}'s {zone}" + (f" with {_counters(counters)} (122.6)" if counters else ""),
               attached_to=attached_to)


def _fight(r: Resolving, e: Fight) -> None:
    """701.14a: each deals damage equal to its power to the other; 701.14b: none if either is
    gone or not a creature."""
    game = r.game
    a, b = r.permanents(e.a), r.permanents(e.b)
    if len(a) != 1 or len(b) != 1 or not game.perm(a[0]).is_creature or not game.perm(b[0]).is_creature:
        game.step("701.14b", "no damage is dealt: a creature instructed to fight is gone or not a creature")
        return
    pa, pb = game.perm(a[0]), game.perm(b[0])
    deal_damage(game, pa, pb.id, pa.power or 0)
    deal_damage(game, pb, pa.id, pb.power or 0)


def _counter_spell(r: Resolving, e: CounterSpell) -> None:
    """701.6a: a countered spell goes to its owner's graveyard; an ability is removed; 101.2: a
    spell that can't be countered isn't."""
    for oid in r.refs(e.what):
        item = r.game.stack_object(oid)
        if isinstance(item, StackObject) and isinstance(item.ability, SpellAbility) and item.ability.uncounterable:
            r.game.step("101.2", f"{oid} can't be countered")
        elif item is not None:
            remove_from_stack(r.game, item, "graveyard", "is countered", "701.6a")


def _copy_spell(r: Resolving, e: CopySpell) -> None:
    """707.10: a copy goes on the stack above, with the spell's targets; with ``new_targets``
    its controller may change them (707.10c: each slot kept, legal or not, or chosen anew)."""
    game = r.game
    n = r.amount(e.count)
    for oid in r.refs(e.what):
        item = game.stack_object(oid)
        if not isinstance(item, StackObject):
            raise Undecided("707.10", f"{oid} is not a spell whose text is read; it can't be copied here")
        for _ in range(n):
            copy = dataclasses.replace(item, id=game.new_id(f"{oid}-copy"), controller=r.you, copy=True,
                                       amounts=dict(item.amounts), label=f"{oid}-copy")
            targets = choose_targets(game, copy, f"copy-targets:{oid}", item.targets) \
                if e.new_targets and item.targets else None
            copy.targets = targets if targets is not None else item.targets
            if item.amounts and copy.targets != item.targets:
                raise Undecided("707.10c", f"a copy of {oid} with new targets divides its damage as {oid} does: "
                                           "which new target gets which part is not modelled")
            game.stack.append(copy)
            game.step("707.10", f"a copy of {oid} ({copy.id}) goes on the stack")


def _modify(r: Resolving, e: Modify) -> None:
    """611.2c: an effect changing characteristics applies to the objects found as it begins;
    one changing only rules ("can't block this turn") to whatever matches (611.2c); counts and X
    are fixed as it begins (608.2h). A board ``continuous`` effect with its duration and
    timestamp (613.7a)."""
    game = r.game
    times = r.amount(e.times)
    spec = e.spec
    rules_only = not spec.layers() and (spec.rules or spec.board_rules)
    source = r.source_here() or r.source_id()
    if isinstance(e.what, Each) and rules_only:
        affects = dataclasses.replace(e.what.filter, other=e.what.filter.other or e.what.other)
        _lasting(r, dataclasses.replace(spec, affects=affects), None, e.duration, source)
        return
    groups: dict[tuple[int, int] | None, list[str]] = {}
    for pid in r.permanents(e.what):
        gets = spec.gets
        if gets is not None:
            n = game.query().count(spec.for_each, source, r.you, pid) if spec.for_each is not None else 1
            gets = (gets[0] * n * times, gets[1] * n * times)
        groups.setdefault(gets, []).append(pid)
    for gets, ids in groups.items():
        fixed = dataclasses.replace(spec, affects=Affected(), gets=gets, for_each=None, halved=False)
        _lasting(r, fixed, tuple(ids), e.duration, source)


def _lasting(r: Resolving, spec: ContinuousSpec, objects: tuple[str, ...] | None, duration: str, source: str) -> None:
    game = r.game
    game.add_effect(Effect(kind="continuous", spec=spec, objects=objects, controller=r.you, source=source,
                           duration=duration, timestamp=game.timestamp()))  # type: ignore[arg-type]
    what = ", ".join(objects) if objects is not None else spec.affects.describe()
    game.step("611.2", f"{what}: {spec.describe()} ({_duration(duration)})")


def _gain_control(r: Resolving, e: GainControl) -> None:
    """613.1b: a control effect in layer 2; 302.6: the new controller hasn't controlled it since
    their turn began; 506.4: it leaves combat."""
    game = r.game
    for who in r.players(e.who)[:1]:
        ids = tuple(p for p in r.permanents(e.what) if game.perm(p).controller != who)
        if not ids:
            continue
        game.add_effect(Effect(kind="control", objects=ids, controller=who, source=r.source_here() or r.source_id(),
                               duration=e.duration, timestamp=game.timestamp()))
        for pid in ids:
            game.update(pid, summoning_sick=True)
            game.remove_from_combat(pid)
        game.step("613.1b", f"{who} gains control of {', '.join(ids)} ({_duration(e.duration)})")


def _optional(r: Resolving, e: Optional) -> None:
    """608.2d: "you may": the player chooses as it resolves; 118.12: "If you do" happens when
    they chose to and could do it whole, "if you don't" (and "unless", 118.12a) when not."""
    who = (r.players(e.who) or [r.you])[0]
    if r.game.choose(f"may:{r.obj.label or r.obj.id}", ["yes", "no"]) == 0:
        r.game.step("608.2d", f"{who} chooses to")
        done = r.paid(e.effects)
    else:
        r.game.step("608.2d", f"{who} chooses not to")
        done = False
    r.apply_all(e.then if done else e.otherwise)


def _attempt(r: Resolving, e: Attempt) -> None:
    """118.12: an instruction paid as a cost as it resolves ("Sacrifice a creature. If you
    do, ..."): done whole when it can be (118.3), else not at all; then "If you do" or
    "Otherwise"."""
    r.apply_all(e.then if r.paid(e.effects) else e.otherwise)


def _conditional(r: Resolving, e: Conditional) -> None:
    """608.2c: "if ..., instead": the condition as it resolves; 702.33d: "if this spell was
    kicked"."""
    holds = (not e.kicked or r.obj.kicked) and (e.resolved is None or r.resolutions == e.resolved) and (
        not e.condition or r.game.query().holds(e.condition, r.source_here() or r.source_id(), r.you))
    r.apply_all(e.effects if holds else e.otherwise)


def _modal(r: Resolving, e: Modal) -> None:
    """700.2: the chosen modes, in the order printed."""
    for i in sorted(r.obj.modes):
        if 0 <= i < len(e.modes):
            r.apply_all(e.modes[i])


# --------------------------------------------------------------------------- library effects (401, 701)
def _scry(r: Resolving, e: Scry) -> None:
    """701.22a: look at the top N cards, put any number on the bottom and the rest on top in any order."""
    for player in r.players(e.who):
        cards = known_top(r.game, player, r.amount(e.amount), "701.22a", "scries")
        if cards:
            arrange(r.game, player, cards, f"scry:{player}", "bottom")
            r.game.step("701.22a", f"{player} scries {len(cards)}")


def _surveil(r: Resolving, e: Surveil) -> None:
    """701.25a: look at the top N cards, put any number into the graveyard and the rest on top
    in any order."""
    for player in r.players(e.who):
        cards = known_top(r.game, player, r.amount(e.amount), "701.25a", "surveils")
        for cid in arrange(r.game, player, cards, f"surveil:{player}", "graveyard") if cards else ():
            move_object(r.game, cid, "graveyard", f"is put into {player}'s graveyard (surveil)", "701.25a")


def _look_at_top(r: Resolving, e: LookAtTop) -> None:
    """401.4: look at the top cards, put some (matching the filter) into the hand or graveyard
    and the rest on top in any order, on the bottom or into the graveyard."""
    game = r.game
    for player in r.players(e.who):
        cards = known_top(game, player, r.amount(e.count), "401.4", "looks at")
        taken = choose_cards(game, cards, player, e.filter, r.you, e.take, e.up_to, f"look:{player}") if e.take else ()
        for cid in taken:
            move_object(game, cid, e.to, f"is put into {player}'s {e.to}", "401.4")
        rest = [c for c in cards if c.id not in taken]
        if e.rest == "graveyard":
            for c in rest:
                move_object(game, c.id, "graveyard", f"is put into {player}'s graveyard", "401.4")
        elif rest and e.rest == "bottom":
            z = game.zones_of(player)
            z.library_top[:len(rest)] = []  # on the bottom: unknown cards of the library from now on (401.2)
            game.changed()
        elif rest:
            arrange(game, player, rest, f"look:{player}:order", None)


def _search_library(r: Resolving, e: SearchLibrary) -> None:
    """701.23: search the library for up to N cards (a search for cards with a stated quality
    may find fewer, 701.23b), put them where it says, then shuffle (701.24)."""
    game = r.game
    for player in r.players(e.who):
        cards = whole_library(game, player, "701.23a", "searches")
        found = choose_cards(game, cards, player, e.filter, r.you, e.count, e.filter != Affected(), f"search:{player}")
        game.step("701.23a", f"{player} searches their library and finds {', '.join(found) or 'nothing'}")
        if e.to == "top":
            held = [game.take_card(cid) for cid in found]
            shuffle(game, player)
            for owner, _, zc in held:
                game.put_card(owner, "library", zc)
            continue
        for cid in found:
            if e.to == "battlefield":
                put_onto_battlefield(game, cid, player, e.tapped)
            else:
                move_object(game, cid, "hand", f"is put into {player}'s hand", "701.23a")
        shuffle(game, player)


def _put_in_library(r: Resolving, e: PutInLibrary) -> None:
    """401.4: into its owner's library, on top or at the bottom (a token ceases to exist, 111.7)."""
    for oid in r.refs(e.what):
        move_object(r.game, oid, "library", f"is put {'at the bottom' if e.bottom else 'on top'} of its owner's "
                                             "library", "401.4", e.bottom)


# --------------------------------------------------------------------------- shields and delayed abilities
def _regenerate(r: Resolving, e: Regenerate) -> None:
    """701.19a: a regeneration shield until end of turn (a board ``regeneration`` effect)."""
    game = r.game
    for pid in r.permanents(e.what):
        game.add_effect(Effect(kind="regeneration", creature=pid, source=r.source_id(), duration="end_of_turn",
                               timestamp=game.timestamp()))
        game.step("701.19a", f"{game.perm(pid).name} ({pid}) gets a regeneration shield until end of turn")


def _prevent_damage(r: Resolving, e: PreventDamage) -> None:
    """615.1: a prevention shield this turn (a board ``prevention`` effect): what it protects is
    found now, a description is matched as the damage would be dealt (611.2c doesn't lock it).

    :raises Undecided: damage prevented from sources described, not named."""
    game = r.game
    n = r.amount(e.amount) if e.amount is not None else None
    sources = None
    if e.by is not None:
        if isinstance(e.by, Each):
            raise Undecided("615.1", "damage prevented from every source of a description is not modelled")
        sources = tuple(r.permanents(e.by))
        if not sources:
            return
    base = Effect(kind="prevention", n=n, sources=sources, combat=e.combat or None, controller=r.you,
                  source=r.source_id(), duration="end_of_turn", timestamp=game.timestamp())
    if e.to is None:
        shields = [base]
    elif isinstance(e.to, Each) and n is None:
        flt = dataclasses.replace(e.to.filter, other=e.to.filter.other or e.to.other)
        shields = [dataclasses.replace(base, spec=ContinuousSpec(affects=flt))]
    else:
        shields = [dataclasses.replace(base, **({"players": (t,)} if t in game.players else {"objects": (t,)}))
                   for t in r.refs(e.to) if t in game.players or game.on_battlefield(t)]
    for shield in shields:
        game.add_effect(shield)
        whom = ", ".join((*(shield.objects or ()), *(shield.players or ()))) or (
            shield.spec.affects.describe() if shield.spec else "anything")
        game.step("615.1", f"{'all' if n is None else f'the next {n}'} {'combat ' if e.combat else ''}damage that "
                           f"would be dealt to {whom} this turn will be prevented")


def _exile_if_dies(r: Resolving, e: ExileIfDies) -> None:
    """614.1a: a replacement this turn (a board ``exile_if_dies`` effect): of the objects named,
    with ``dealt_damage``, those this spell or ability has dealt damage to."""
    game = r.game
    ids = tuple(t for t in r.refs(e.what) if game.on_battlefield(t) and (not e.dealt_damage or t in r.damaged))
    if ids:
        game.add_effect(Effect(kind="exile_if_dies", objects=ids, source=r.source_id(), duration="end_of_turn",
                               timestamp=game.timestamp()))
        game.step("614.1a", f"if {', '.join(ids)} would die this turn, it is exiled instead")


def _delayed(r: Resolving, e: Delayed) -> None:
    """603.7: a delayed triggered ability, waiting on the board (a ``delayed_trigger`` effect)
    for its event; what its effects name is fixed now (603.7c). A resolution goes through no
    steps, so it waits there."""
    game = r.game
    effects = tuple(r.fixed(x) for x in e.effects)
    named = sorted({i for ref in _walk_refs(effects) if isinstance(ref, Objects) for i in ref.ids
                    if i not in game.players})
    game.add_effect(Effect(kind="delayed_trigger", at=e.at, effects=effects, controller=r.you, objects=tuple(named),
                           source=r.source_id(), timestamp=game.timestamp()))
    whose = {"each": "the next", "you": f"{r.you}'s next"}.get(e.at.whose, "the next")
    game.step("603.7", f"a delayed triggered ability of {r.name()} waits for {whose} {e.at.kind.replace('_', ' ')}")


# --------------------------------------------------------------------------- keyword actions (701)
def _attach(r: Resolving, e: Attach) -> None:
    """701.3a: an Equipment to a creature, a Fortification to a land, with a new timestamp
    (613.7e); 701.3b-c: to what it can't be attached to, or already is, nothing happens.

    :raises Undecided: an Aura (what it can enchant, 303.4, is not checked here)."""
    game = r.game
    what, to = r.permanents(e.what), r.permanents(e.to)
    if len(what) != 1 or len(to) != 1:
        return
    item, host = game.perm(what[0]), game.perm(to[0])
    if "aura" in item.subtypes:
        raise Undecided("303.4", f"{item.name} is an Aura: what it can be attached to is not checked here")
    legal = ("equipment" in item.subtypes and host.is_creature and not item.is_creature) or (
        "fortification" in item.subtypes and host.is_land)
    if not legal or item.id == host.id or item.attached_to == host.id:
        game.step("701.3b", f"{item.name} ({item.id}) doesn't become attached to {host.name} ({host.id})")
        return
    game.update(item.id, attached_to=host.id, timestamp=game.timestamp())
    game.step("701.3a", f"{item.name} ({item.id}) becomes attached to {host.name} ({host.id})")


def _proliferate(r: Resolving, e: Proliferate) -> None:
    """701.34a: the controller chooses any of the permanents and players with counters (one
    choice each, ``proliferate:ID``); each gets another counter of each kind already there."""
    game = r.game
    with_counters = [p.id for p in game.perms.values() if p.counters or (p.is_planeswalker and p.loyalty)
                     or (p.is_battle and p.defense)]
    with_counters += [name for name, p in game.players.items() if (p.poison or p.energy) and not p.lost]
    for oid in with_counters:
        if game.choose(f"proliferate:{oid}", ["yes", "no"]) == 1:
            continue
        p = game.perms.get(oid)
        kinds = [k for k in PLAYER_COUNTERS if counters_on(game, oid, k)] if p is None else [*p.counters, *(["loyalty"] if p.is_planeswalker and p.loyalty else []),
                                              *(["defense"] if p.is_battle and p.defense else [])]
        for kind in kinds:
            add_counters(game, oid, kind, 1)


def _pay(r: Resolving, e: Pay) -> bool:
    """118.3, 119.4, 107.14: the player pays mana (with mana abilities, as a cost is paid), life
    or energy counters (only as many as they have), or several; whether they could.

    :raises Undecided: X chosen as it is paid (107.3f), or a mana payment not decided."""
    game = r.game
    who = (r.players(e.who) or [r.you])[0]
    if e.mana is not None and e.mana.variables:
        raise Undecided("107.3f", f"{who} pays {e.mana}: choosing X as it is paid is not modelled")
    if e.life and game.players[who].life < e.life:
        game.step("119.4", f"{who} has {game.players[who].life} life and can't pay {e.life}")
        return False
    if e.energy and game.players[who].energy < e.energy:
        game.step("107.14", f"{who} has {game.players[who].energy} energy counters and can't pay {e.energy}")
        return False
    if e.mana is not None and not game.payer.pay_mana(game, e.mana, who):
        game.step("118.3", f"{who} can't pay {e.mana}")
        return False
    if e.life:
        life = game.players[who].life
        game.set_player(who, life=life - e.life)
        game.step("119.4", f"{who} pays {e.life} life ({life} -> {life - e.life})")
    if e.energy:
        pay_energy(game, who, e.energy)
    return True


def pay_energy(game: Game, player: str, n: int) -> None:
    """107.14: ``player`` pays ``n`` {E}, removing that many of their energy counters (they have them)."""
    have = game.players[player].energy
    game.set_player(player, energy=have - n)
    game.step("107.14", f"{player} pays {n} energy ({have} -> {have - n})")


def _monstrosity(r: Resolving, e: Monstrosity) -> None:
    """701.37a: if the source isn't monstrous, N +1/+1 counters and it becomes monstrous."""
    for pid in r.permanents(Source()):
        if not r.game.perms[pid].monstrous:
            add_counters(r.game, pid, "+1/+1", r.amount(e.amount))
            r.game.update(pid, monstrous=True)
            r.game.step("701.37b", f"{r.game.perms[pid].name} ({pid}) becomes monstrous")


def _adapt(r: Resolving, e: Adapt) -> None:
    """701.46a: if the source has no +1/+1 counters, N of them."""
    for pid in r.permanents(Source()):
        if not r.game.perms[pid].counters.get("+1/+1"):
            add_counters(r.game, pid, "+1/+1", r.amount(e.amount))


def _transform(r: Resolving, e: Transform) -> None:
    """701.27a: only a double-faced permanent transforms.

    :raises Undecided: a card's other face is not in the card data."""
    for pid in r.permanents(e.what):
        raise Undecided("701.27a", f"{r.game.perm(pid).name} ({pid}) transforms: its other face is not in the card "
                                   "data")


def _become_copy(r: Resolving, e: BecomeCopy) -> None:
    """707.4: ``what`` becomes a copy of the card ``of`` names, still in its graveyard: that
    card's copiable values (707.2), with the exceptions (707.9a-b); no enters or leaves event, and
    its status, counters and other effects stay.

    :raises Undecided: a card whose copy would make a choice as it entered (707.6), or one whose
    copiable values are not modelled (:func:`~mtgsolver.rules.copies.not_copied`)."""
    game = r.game
    cards = [cid for cid in r.refs(e.of) if (found := game.find_card(cid)) is not None and found[1] == "graveyard"]
    if not cards:
        return
    owner, _, zc = game.find_card(cards[0])  # type: ignore[misc]
    for pid in r.permanents(e.what):
        perm = game.perms[pid]
        if game.reader.chooses_color(zc.card):
            raise Undecided("707.6", f"{perm.name} ({pid}) becomes a copy of {zc.card.name}, which chooses a color")
        original = game.template(zc, perm.controller, owner)
        why = not_copied(original)
        if why is not None:
            raise Undecided("707.2", why)
        copied = as_copy(perm, original, supertypes=e.adds_supertypes)
        name = (perm.card.name if perm.card is not None else perm.name) if e.keeps_name else copied.name
        ability = (r.obj.ability,) if e.keeps_ability and r.obj.ability not in copied.abilities else ()
        game.perms[pid] = dataclasses.replace(copied, name=name, abilities=copied.abilities + ability)
        game.changed()
        game.step("707.4", f"{perm.name} ({pid}) becomes a copy of {zc.card.name}"
                  + (f", named {name}" if e.keeps_name else "")
                  + (f", {' '.join(e.adds_supertypes)} besides" if e.adds_supertypes else "")
                  + (", with the ability that made it so (707.9a)" if ability else ""))


def _extra_turn(r: Resolving, e: ExtraTurn) -> None:
    """500.7: the player takes an extra turn after this one, before any created earlier
    (``turn.extra_turns``, the next first)."""
    game = r.game
    for player in r.players(e.who):
        game.turn = dataclasses.replace(game.turn, extra_turns=(player, *game.turn.extra_turns))
        game.changed()
        game.step("500.7", f"{player} will take an extra turn after this one")


def _keyword_action(r: Resolving, e: KeywordAction) -> None:
    """The keyword actions of 701 named by word (:data:`~mtgsolver.model.effects.KEYWORD_ACTIONS`).

    :raises Undecided: learn (701.48: the sideboard), venture (701.49: dungeons) and the monarch
        (725: not on the board)."""
    if e.action in _UNMODELLED_ACTIONS:
        rule, why = _UNMODELLED_ACTIONS[e.action]
        raise Undecided(rule, f"{r.name()}: {e.action}: {why}")
    if e.action in ("explore", "connive"):
        for pid in r.permanents(e.what or Source()):
            (_explore if e.action == "explore" else _connive)(r, pid)
        return
    n = r.amount(e.amount)
    for player in r.players(e.who):
        {"amass": _amass, "bolster": _bolster, "populate": _populate, "support": _support}[e.action](r, player, n)


_UNMODELLED_ACTIONS = {"learn": ("701.48a", "Lesson cards from outside the game are not modelled"),
                       "venture": ("701.49a", "dungeons are not modelled"),
                       "monarch": ("725.1", "the monarch is not on the board")}


def _amass(r: Resolving, player: str, n: int) -> None:
    """701.47a: put N +1/+1 counters on an Army you control, first creating a 0/0 black Zombie
    Army creature token if you control none."""
    game = r.game
    armies = [p.id for p in game.view().permanents if p.controller == player and "army" in p.subtypes]
    if not armies:
        card = Card("Zombie Army Token", ("creature",), (), ("zombie", "army"), (Color.B,), None, 0, 0)
        armies = [create_token(game, Token(card), player)]
    army = armies[game.choose(f"amass:{player}", armies)]
    add_counters(game, army, "+1/+1", n)


def _bolster(r: Resolving, player: str, n: int) -> None:
    """701.39a: N +1/+1 counters on the creature with the least toughness you control (a tie: a choice)."""
    game = r.game
    mine = [p for p in game.view().permanents if p.controller == player and p.is_creature]
    if mine:
        least = min(p.toughness or 0 for p in mine)
        ids = [p.id for p in mine if (p.toughness or 0) == least]
        add_counters(game, ids[game.choose(f"bolster:{player}", ids)], "+1/+1", n)


def _support(r: Resolving, player: str, n: int) -> None:
    """701.41a: a +1/+1 counter on each of up to N other target creatures: the ability's targets."""
    for slot in range(len(r.obj.ability.targets)):
        for pid in r.permanents(Targeted(slot)):
            add_counters(r.game, pid, "+1/+1", 1)


def _populate(r: Resolving, player: str, n: int) -> None:
    """701.36a: a token that's a copy of a creature token you control, of your choice (707.2:
    its copiable values, as printed)."""
    game = r.game
    tokens = [p.id for p in game.view().permanents if p.controller == player and p.token and p.is_creature]
    if not tokens:
        return
    if any(e.kind == "continuous" and e.spec is not None and e.spec.layers() & {1} for e in game.effects):
        raise Undecided("707.2", "a copy effect (layer 1) on the board: the copiable values are not modelled")
    original = game.perms[tokens[game.choose(f"populate:{player}", tokens)]]
    copy = dataclasses.replace(original, counters=MappingProxyType({}), damage=0, deathtouch_damage=False,
                               attached_to=None, monstrous=False, paired_with=None)
    game.enter(copy, player, game.new_id(original.name), token=True, cause=f"(a copy of {original.id}, 701.36a)")


def _explore(r: Resolving, pid: str) -> None:
    """701.44a: reveal the top card; a land goes to the hand, else a +1/+1 counter on the
    creature and the card may go to the graveyard."""
    game = r.game
    player = game.perms[pid].controller
    top = known_top(game, player, 1, "701.44a", "reveals")
    if top and top[0].card.is_land:
        move_object(game, top[0].id, "hand", f"is revealed and put into {player}'s hand", "701.44a")
        return
    if game.on_battlefield(pid):
        add_counters(game, pid, "+1/+1", 1)
    if top and game.choose(f"explore:{pid}", ["keep", "graveyard"]) == 1:
        move_object(game, top[0].id, "graveyard", f"is put into {player}'s graveyard", "701.44a")


def _connive(r: Resolving, pid: str) -> None:
    """701.50a: draw a card, then discard a card; a nonland card discarded: a +1/+1 counter."""
    game = r.game
    player = game.perms[pid].controller
    draw(game, player)
    z = game.zones_of(player)
    if z.hand_count == 0:
        return
    if z.hand_count != len(z.hand):
        raise Undecided("701.50a", f"{player} connives and discards from a hand not all known (402.3)")
    ids = [c.id for c in z.hand]
    cid = ids[game.choose(f"discard:{player}", ids)]
    land = game.find_card(cid)[2].card.is_land  # type: ignore[index]
    discard(game, cid, player)
    if not land and game.on_battlefield(pid):
        add_counters(game, pid, "+1/+1", 1)


#: Each effect kind's function; one that returns ``False`` was not done whole ("If you do", 608.2c).
EFFECTS: dict[type, Callable[[Resolving, Any], bool | None]] = {
    Damage: _damage, Destroy: _destroy, Exile: _exile, ReturnExiled: _return_exiled, Bounce: _bounce, Sacrifice: _sacrifice,
    PutCounters: _put_counters, RemoveCounters: _remove_counters, Tap: _tap, Untap: _untap,
    CreateTokens: _create_tokens, Draw: _draw, Discard: _discard, Mill: _mill, GainLife: _gain_life,
    LoseLife: _lose_life, AddMana: _add_mana, ReturnFromGraveyard: _return_from_graveyard,
    PutOntoBattlefield: _put_onto_battlefield, Fight: _fight, CounterSpell: _counter_spell, CopySpell: _copy_spell,
    Scry: _scry, Surveil: _surveil, Regenerate: _regenerate, Attach: _attach, Proliferate: _proliferate, Pay: _pay,
    PreventDamage: _prevent_damage, PutInLibrary: _put_in_library, SearchLibrary: _search_library,
    LookAtTop: _look_at_top, ExileIfDies: _exile_if_dies, Monstrosity: _monstrosity, Adapt: _adapt,
    Transform: _transform, BecomeCopy: _become_copy, ExtraTurn: _extra_turn, KeywordAction: _keyword_action, Delayed: _delayed,
    Modify: _modify, GainControl: _gain_control, Attempt: _attempt, Optional: _optional, Conditional: _conditional,
    Modal: _modal, CastForMadness: _cast_for_madness, Exploit: _exploit,
}


def _duration(duration: str) -> str:
    return {"end_of_turn": "until end of turn, 514.2", "while_source": "for as long as its source remains",
            "permanent": "for the rest of the game",
            "next_untap_step": "through its controller's next untap step, 502.3"}.get(duration, duration)


def _walk_refs(value: Any) -> list[Any]:
    """Every reference inside an effect value."""
    if isinstance(value, (tuple, list)):
        return [r for v in value for r in _walk_refs(v)]
    if isinstance(value, get_args(Ref)):
        return [value, *(_walk_refs(getattr(value, "of", None)))]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [r for f in dataclasses.fields(value) for r in _walk_refs(getattr(value, f.name))]
    return []


def _keywords(ability: Any) -> set[str]:
    """A spell's keyword abilities as printed (``keywords``), by name."""
    return {k.split(" ")[0] for k in getattr(ability, "keywords", ())}


def dredge_amount(card: Card) -> int | None:
    """N of the card's "Dredge N" (702.52a), or ``None``."""
    for line in (card.text or "").splitlines():
        if m := re.match(r"dredge (\d+)\b", line.strip().lower()):
            return int(m.group(1))
    return None


def has_keyword_line(card: Card, word: str) -> bool:
    """Whether a card has the keyword ``word`` (its keyword list, or a line of its text opening with it)."""
    return word in {k.lower() for k in card.keywords} or any(
        line.strip().lower().startswith(word) for line in (card.text or "").splitlines())


def _counters(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counters" for k, n in counters.items())

