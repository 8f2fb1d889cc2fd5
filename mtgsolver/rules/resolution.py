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
  becomes a permanent (302.6, 107.3m); 707.10: a copy of a spell ceases to exist, a copy of a
  permanent spell becomes a token (111.12).

Each effect kind of :mod:`mtgsolver.model.effects` has one function here, named for it in
:data:`EFFECTS`, citing its rule.
"""
from __future__ import annotations

import dataclasses
import itertools
from types import MappingProxyType
from typing import Any, Callable, Sequence

from mtgsolver.model.board import PoolMana
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import (
    AddMana,
    Amount,
    Attached,
    Bounce,
    Conditional,
    ControllerOf,
    CopySpell,
    Count,
    CounterSpell,
    CreateTokens,
    Damage,
    Destroy,
    Discard,
    Draw,
    Each,
    Exile,
    Fight,
    GainControl,
    GainLife,
    LoseLife,
    Mill,
    Modal,
    Modify,
    Optional,
    OwnerOf,
    Players,
    PowerOf,
    PutCounters,
    PutOntoBattlefield,
    Ref,
    RemoveCounters,
    ReturnFromGraveyard,
    Sacrifice,
    Source,
    Subject,
    Targeted,
    Tap,
    Token,
    ToughnessOf,
    TriggeredAbility,
    Untap,
    X,
    You,
)
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.zones import StackItem, ZoneCard
from mtgsolver.rules.game import Event, Game, StackObject, Undecided, card_object
from mtgsolver.rules.state_based import check_state
from mtgsolver.rules.targets import choose_targets, quality_of, target_problem
from mtgsolver.rules.triggers import put_triggers, triggered

__all__ = ["EFFECTS", "Resolving", "create_token", "resolve_stack", "resolve_top", "settle"]


# --------------------------------------------------------------------------- the loop
def settle(game: Game) -> None:
    """What happens whenever a player would receive priority: state-based actions until none
    applies (704.3), then the abilities that triggered go on the stack (603.3); repeated
    until neither happens."""
    while True:
        done = check_state(game)
        events, game.events = game.events, []
        pending = triggered(game, events)
        if pending:
            put_triggers(game, pending)
        if not done and not pending:
            return


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

    # -- 608.2 ---------------------------------------------------------------------------
    def run(self) -> None:
        game, obj = self.game, self.obj
        what = self.name()
        ability = obj.ability
        if isinstance(ability, TriggeredAbility) and ability.condition and not game.query().holds(
                ability.condition, self.source_id(), self.you):
            game.step("603.4", f"{what} does nothing: its \"if\" clause no longer holds")
            return
        if not self.check_targets():
            game.step("608.2b", f"{what} doesn't resolve: all its targets are illegal")
            self.finish(countered=True)
            return
        game.step("608.2", f"{what} resolves")
        if isinstance(ability, TriggeredAbility) and ability.optional:
            if game.choose(f"may:{obj.label}", ["yes", "no"]) == 1:  # 603.5: "you may" chosen as it resolves
                game.step("603.5", f"{self.you} chooses not to")
                return
        self.apply_all(ability.effects)
        self.finish(countered=False)

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
                       cause="(a copy of a permanent spell becomes a token, 111.12)")
            return
        if countered or not zc.card.is_permanent:
            game.put_card(owner, "graveyard", dataclasses.replace(zc, id=game.moved_id(obj.id, zc.card.name)))
            game.step("608.2b" if countered else "608.2n", f"{zc.card.name} goes to {owner}'s graveyard")
            return
        template = game.template(zc, obj.controller, owner)
        counters = game.reader.enters_with(zc.card, obj.x) if obj.x is not None else {}
        if counters:
            template = dataclasses.replace(template, counters=MappingProxyType({**template.counters, **counters}))
        game.enter(template, obj.controller, game.moved_id(obj.id, zc.card.name), owner=owner, x=obj.x,
                   card=zc.card, cause="(608.3)" + (f" with {_counters(counters)} (107.3m, 614.1c)" if counters else ""))

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
        raise AssertionError(ref)

    def refs_or_gone(self, ref: Ref) -> list[str]:
        """Like :meth:`refs`, keeping objects that are gone (their last known information)."""
        if isinstance(ref, Targeted) and ref.slot < len(self.legal):
            return list(self.legal[ref.slot])
        if isinstance(ref, Source):
            return [self.source_id()]
        if isinstance(ref, Subject) and ref.what == "object" and self.obj.subject is not None:
            return [self.obj.subject]
        return self.refs(ref)

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
        raise AssertionError(amount)

    def permanents(self, ref: Ref) -> list[str]:
        return [t for t in self.refs(ref) if self.game.on_battlefield(t)]

    def players(self, ref: Ref) -> list[str]:
        return [t for t in self.refs(ref) if t in self.game.players]

    # -- effects -------------------------------------------------------------------------
    def apply_all(self, effects: Sequence[Any]) -> None:
        for effect in effects:
            if self.game.over():
                return
            self.apply(effect)

    def apply(self, effect: Any) -> None:
        self.game.mark()
        EFFECTS[type(effect)](self, effect)
        self.game.before = None


# --------------------------------------------------------------------------- the effect kinds
def _damage(r: Resolving, e: Damage) -> None:
    """120: damage to players (life, or poison from infect, 120.3a-b), to creatures (marked, or
    -1/-1 counters from wither and infect, 120.3d-e), to planeswalkers (loyalty, 120.3c) and
    battles (defense, 120.3h); protection prevents it (702.16e); lifelink gains its controller
    that much (702.15b); divided as chosen when cast (601.2d)."""
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
    for t, n in amounts.items():
        deal_damage(game, src, t, n)


def deal_damage(game: Game, src: Permanent, target: str, n: int) -> None:
    """``src`` deals ``n`` damage to ``target`` (120.3)."""
    if n <= 0:
        return
    kw = src.keywords
    if target in game.players:
        player = game.players[target]
        if "infect" in kw:
            game.set_player(target, poison=player.poison + n)
            game.step("120.3b", f"{src.name} deals {n} damage to {target}: {n} poison counters (702.90b)")
        else:
            game.set_player(target, life=player.life - n)
            game.step("120.3a", f"{src.name} deals {n} damage to {target} ({player.life} -> {player.life - n} life)")
    elif game.on_battlefield(target):
        perm = game.perm(target)
        if any(quality_of(src, q) or q == src.controller for q in perm.protections):
            game.step("702.16e", f"damage from {src.name} to {perm.name} ({target}) is prevented: protection")
            return
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
    else:
        return
    if "lifelink" in kw and src.controller in game.players:
        p = game.players[src.controller]
        game.set_player(src.controller, life=p.life + n)
        game.step("702.15b", f"{src.controller} gains {n} life (lifelink)")


def _destroy(r: Resolving, e: Destroy) -> None:
    """701.8: destroy: to the owner's graveyard; indestructible permanents aren't (702.12b)."""
    for pid in r.permanents(e.what):
        perm = r.game.perm(pid)
        if perm.has_keyword("indestructible"):
            r.game.step("702.12b", f"{perm.name} ({pid}) is indestructible and isn't destroyed")
            continue
        r.game.leave(pid, "graveyard", "is destroyed", "701.8")


def _exile(r: Resolving, e: Exile) -> None:
    """701.13: exile a permanent, a card in a graveyard or hand, or a spell."""
    for oid in r.refs(e.what):
        move_object(r.game, oid, "exile", "is exiled", "701.13")


def _bounce(r: Resolving, e: Bounce) -> None:
    """Return to its owner's hand (400.7)."""
    for oid in r.refs(e.what):
        move_object(r.game, oid, "hand", "is returned to its owner's hand", "400.7")


def move_object(game: Game, oid: str, to: str, how: str, rule: str) -> None:
    """Move a permanent, a card in a zone or a spell on the stack to its owner's ``to`` zone."""
    if game.on_battlefield(oid):
        game.leave(oid, to, how, rule)  # type: ignore[arg-type]
        return
    item = game.stack_object(oid)
    if item is not None:
        remove_from_stack(game, item, to, how, rule)
        return
    if game.find_card(oid) is not None:
        owner, zone, zc = game.take_card(oid)
        game.put_card(owner, to, zc)  # type: ignore[arg-type]
        game.step(rule, f"{zc.name} ({oid}) {how}: from {owner}'s {zone} to their {to}")


def remove_from_stack(game: Game, item: StackObject | StackItem, to: str, how: str, rule: str) -> None:
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
    game.put_card(owner, to, dataclasses.replace(card, id=game.moved_id(item.id, card.card.name)))  # type: ignore[arg-type]
    game.step(rule, f"{card.card.name} ({item.id}) {how}: it goes to {owner}'s {to}")


def _sacrifice(r: Resolving, e: Sacrifice) -> None:
    """701.21: a player sacrifices permanents they control, of their choice."""
    game = r.game
    for player in r.players(e.who):
        if e.what is not None:
            chosen = [p for p in r.permanents(e.what) if game.perm(p).controller == player]
        else:
            mine = [p for p in game.query().matching(e.filter, r.source_id(), r.you) if game.perm(p).controller == player]
            n = min(r.amount(e.count), len(mine))
            ways = list(itertools.combinations(mine, n))
            chosen = list(ways[game.choose(f"sacrifice:{player}", [",".join(w) for w in ways])]) if ways else []
        for pid in chosen:
            game.leave(pid, "graveyard", f"is sacrificed by {player}", "701.21")


def _put_counters(r: Resolving, e: PutCounters) -> None:
    """122: counters on permanents (loyalty counters are its loyalty, 306.5b) or players (poison, 122.1f)."""
    n = r.amount(e.amount)
    if n <= 0:
        return
    for oid in r.refs(e.what):
        add_counters(r.game, oid, e.kind, n)


def add_counters(game: Game, oid: str, kind: str, n: int) -> None:
    """Put (``n`` > 0) or remove (``n`` < 0) counters of a kind (122)."""
    if oid in game.players:
        if kind == "poison":
            p = game.players[oid]
            game.set_player(oid, poison=max(0, p.poison + n))
            game.step("122.1f", f"{oid} {'gets' if n > 0 else 'loses'} {abs(n)} poison counters")
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
    n = r.amount(e.amount)
    for oid in r.refs(e.what):
        add_counters(r.game, oid, e.kind, -n)


def _tap(r: Resolving, e: Tap) -> None:
    """701.26a: tap; an untapped permanent that becomes tapped triggers "becomes tapped"."""
    for pid in r.permanents(e.what):
        tap(r.game, pid)


def tap(game: Game, pid: str) -> None:
    if not game.perms[pid].tapped:
        game.update(pid, tapped=True)
        game.events.append(Event("becomes_tapped", pid))
        game.step("701.26a", f"{game.perms[pid].name} ({pid}) becomes tapped")


def _untap(r: Resolving, e: Untap) -> None:
    for pid in r.permanents(e.what):
        if r.game.perms[pid].tapped:
            r.game.update(pid, tapped=False)
            r.game.step("701.26b", f"{r.game.perms[pid].name} ({pid}) becomes untapped")


def _create_tokens(r: Resolving, e: CreateTokens) -> None:
    """111.2, 701.7: the tokens enter under their controller's control; 508.4: attacking."""
    n = r.amount(e.count)
    for player in r.players(e.controller):
        for _ in range(n):
            pid = create_token(r.game, e.token, player, tapped=e.tapped)
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
    z = game.zones_of(player)
    if z.library_count <= 0:
        game.drew_from_empty.add(player)
        game.step("121.4", f"{player} draws from an empty library (704.5b)")
        return
    if z.library_top:
        zc = z.library_top.pop(0)
        game.generation[zc.id] = game.generation.get(zc.id, 0) + 1
        z.hand.append(zc)
        game.step("121.1", f"{player} draws {zc.name} ({zc.id})")
    else:
        game.step("121.1", f"{player} draws an unknown card (401.2: the library's order is hidden)")
    z.library_count -= 1
    z.hand_count += 1
    game.changed()


def _discard(r: Resolving, e: Discard) -> None:
    """701.9: discard cards of the player's choice (a hidden hand: unknown, undecided)."""
    game = r.game
    n = r.amount(e.amount)
    for player in r.players(e.who):
        z = game.zones_of(player)
        k = min(n, z.hand_count)
        if k == 0:
            continue
        if k < z.hand_count and (e.random or not z.hand_count == len(z.hand)):
            raise Undecided("701.9", f"{player} discards {k} of {z.hand_count} cards"
                                     + (" at random" if e.random else "; some are unknown (402.3)"))
        if k == z.hand_count and z.hand_count != len(z.hand):
            raise Undecided("701.9", f"{player} discards their whole hand, some of it unknown (402.3)")
        ids = [c.id for c in z.hand]
        ways = list(itertools.combinations(ids, k))
        chosen = ways[game.choose(f"discard:{player}", [",".join(w) for w in ways])]
        for cid in chosen:
            move_object(game, cid, "graveyard", f"is discarded by {player}", "701.9")


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
        p = r.game.players[player]
        r.game.set_player(player, life=p.life + n)
        r.game.step("119.3", f"{player} gains {n} life ({p.life} -> {p.life + n})")


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
    """A card in a graveyard to its owner's hand, or onto the battlefield (400.7)."""
    game = r.game
    for cid in r.refs(e.what):
        found = game.find_card(cid)
        if found is None or found[1] != "graveyard":
            continue
        if e.to == "hand":
            move_object(game, cid, "hand", "returns to its owner's hand", "400.7")
        else:
            controller = (r.players(e.controller) or [r.you])[0]
            put_onto_battlefield(game, cid, controller, False)


def _put_onto_battlefield(r: Resolving, e: PutOntoBattlefield) -> None:
    """A card in a hand or graveyard onto the battlefield (it is not cast, 601.1a)."""
    for cid in r.refs(e.what):
        if r.game.find_card(cid) is not None:
            put_onto_battlefield(r.game, cid, (r.players(e.controller) or [r.you])[0], e.tapped)


def put_onto_battlefield(game: Game, cid: str, controller: str, tapped: bool) -> None:
    owner, zone, zc = game.take_card(cid)
    if not zc.card.is_permanent:
        game.put_card(owner, zone, zc)  # type: ignore[arg-type]
        game.step("110.4", f"{zc.name} is not a permanent card and stays in {owner}'s {zone}")
        return
    game.enter(game.template(zc, controller, owner), controller, game.moved_id(cid, zc.name), owner=owner,
               tapped=tapped, card=zc.card, cause=f"from {owner}'s {zone}")


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
    """701.6a: a countered spell goes to its owner's graveyard; an ability is removed."""
    for oid in r.refs(e.what):
        item = r.game.stack_object(oid)
        if item is not None:
            remove_from_stack(r.game, item, "graveyard", "is countered", "701.6a")


def _copy_spell(r: Resolving, e: CopySpell) -> None:
    """707.10: a copy goes on the stack above; its controller may choose new targets (707.10c)."""
    game = r.game
    n = r.amount(e.count)
    for oid in r.refs(e.what):
        item = game.stack_object(oid)
        if not isinstance(item, StackObject):
            raise Undecided("707.10", f"{oid} is not a spell whose text is read; it can't be copied here")
        for _ in range(n):
            copy = dataclasses.replace(item, id=game.new_id(f"{oid}-copy"), controller=r.you, copy=True,
                                       amounts=dict(item.amounts), label=f"{oid}-copy")
            targets = choose_targets(game, copy, f"copy-targets:{oid}") if item.targets else ()
            copy.targets = targets if targets is not None else item.targets
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
    """608.2d: "you may": the player chooses as it resolves."""
    who = (r.players(e.who) or [r.you])[0]
    if r.game.choose(f"may:{r.obj.label or r.obj.id}", ["yes", "no"]) == 0:
        r.game.step("608.2d", f"{who} chooses to")
        r.apply_all(e.effects)
    else:
        r.game.step("608.2d", f"{who} chooses not to")


def _conditional(r: Resolving, e: Conditional) -> None:
    """608.2c: "if ..., instead": the condition as it resolves."""
    holds = r.game.query().holds(e.condition, r.source_here() or r.source_id(), r.you)
    r.apply_all(e.effects if holds else e.otherwise)


def _modal(r: Resolving, e: Modal) -> None:
    """700.2: the chosen modes, in the order printed."""
    for i in sorted(r.obj.modes):
        if 0 <= i < len(e.modes):
            r.apply_all(e.modes[i])


EFFECTS: dict[type, Callable[[Resolving, Any], None]] = {
    Damage: _damage, Destroy: _destroy, Exile: _exile, Bounce: _bounce, Sacrifice: _sacrifice,
    PutCounters: _put_counters, RemoveCounters: _remove_counters, Tap: _tap, Untap: _untap,
    CreateTokens: _create_tokens, Draw: _draw, Discard: _discard, Mill: _mill, GainLife: _gain_life,
    LoseLife: _lose_life, AddMana: _add_mana, ReturnFromGraveyard: _return_from_graveyard,
    PutOntoBattlefield: _put_onto_battlefield, Fight: _fight, CounterSpell: _counter_spell, CopySpell: _copy_spell,
    Modify: _modify, GainControl: _gain_control, Optional: _optional, Conditional: _conditional, Modal: _modal,
}


def _duration(duration: str) -> str:
    return {"end_of_turn": "until end of turn, 514.2", "while_source": "for as long as its source remains",
            "permanent": "for the rest of the game"}.get(duration, duration)


def _counters(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counters" for k, n in counters.items())

