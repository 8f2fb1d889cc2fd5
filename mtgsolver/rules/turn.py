"""The steps of a turn played on a :class:`~mtgsolver.rules.game.Game` (500-514): the turn-based
actions a whole-turn search needs between the spells and abilities that
:mod:`mtgsolver.rules.resolution` resolves.

- 500.1, 106.4: a step begins (:func:`begin_step`): mana pools empty as the one before ends;
  "at the beginning of" triggers of that step (503.1, 504.2, 505.4, 507.1, 511.1, 513.1);
  504.1: the active player draws in the draw step.
- 305.1-2: a land is played (:func:`play_land`): in its owner's main phase with an empty stack,
  one each turn (305.2), not cast (it doesn't use the stack).
- 508.1: attackers are declared (:func:`declare_attackers`): tapped unless they have vigilance
  (508.1f, 702.20b); 508.3a: "attacks" triggers; 508.8: no attack skips the combat steps after.
- 509.1: blockers are declared (:func:`declare_blockers`); 509.3: "blocks", "becomes blocked",
  "blocks a creature", "becomes blocked by a creature", and 509.1h "attacks and isn't blocked".
- 510.1: combat damage is assigned (:func:`assignment_options` gives each creature's
  assignments that can differ in outcome, :func:`strikers` the creatures of a step, 510.4) and
  dealt at once (:func:`deal_combat_damage`, 510.2): 120.3, 702.2, 702.15, 702.19, 702.90, 903.10a.
- 511.3: at the end of combat every creature is removed from combat (:func:`end_combat`).
- 514.1-2: the cleanup step (:func:`cleanup`): the active player discards down to their maximum
  hand size (402.2: seven, less the ``hand_size_reduced`` effects), then damage is removed and "until
  end of turn" and "this turn" effects end.

Everything here acts on a game whose stack is empty; the caller settles the board
(:func:`~mtgsolver.rules.resolution.settle`) and resolves what triggered.
"""
from __future__ import annotations

import dataclasses
import itertools
from types import MappingProxyType
from typing import Mapping, Sequence

from mtgsolver.model.combat import Attack, Block, CombatDeclaration
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.zones import TURN_STEPS
from mtgsolver.rules.game import Event, Game, Illegal, Undecided
from mtgsolver.rules.resolution import deal_damage, discard, draw

__all__ = ["COMBAT_STEPS", "STEP_EVENTS", "assignment_options", "begin_step", "blocked_attackers", "cleanup",
           "declare_attackers", "declare_blockers", "deal_combat_damage", "end_combat", "first_strike_step",
           "lethal_damage", "next_step", "play_land", "strikers"]

#: The trigger event of each step's beginning (503.1, 504.2, 505.4, 507.1, 511.1, 513.1).
STEP_EVENTS = {"upkeep": "upkeep", "draw": "draw_step", "precombat_main": "precombat_main",
               "beginning_of_combat": "beginning_of_combat", "end_of_combat": "end_of_combat", "end": "end_step"}
#: The steps of the combat phase (506.1).
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")


def next_step(step: str) -> str | None:
    """The step after ``step`` in a turn (500.1), ``None`` after the cleanup step."""
    i = TURN_STEPS.index(step)
    return TURN_STEPS[i + 1] if i + 1 < len(TURN_STEPS) else None


def begin_step(game: Game, step: str) -> None:
    """The step or phase ``step`` begins: the pools empty as the one before ends (106.4, 500.4);
    the draw step's draw (504.1); the "at the beginning of" event of the step."""
    if any(game.pools.values()):
        game.step("106.4", "mana pools empty as the " + game.turn.step.replace("_", " ") + " ends: "
                  + ", ".join(f"{p} loses {len(m)} mana" for p, m in game.pools.items() if m))
    game.pools = {}
    game.turn = dataclasses.replace(game.turn, step=step)
    game.changed()
    game.step("500.1", f"the {step.replace('_', ' ')} {'phase' if step.endswith('main') else 'step'} begins")
    active = game.source.active_player
    if step == "draw":
        draw(game, active)
    if step == "cleanup":
        cleanup(game)
    if step in STEP_EVENTS:
        game.events.append(Event(STEP_EVENTS[step], None, None, active))


#: The kinds of board effects that last "this turn" by nature (514.2), beside those whose
#: ``duration`` is ``end_of_turn``: what resolved spells and abilities gave or required.
THIS_TURN = frozenset({"gains", "gets", "must_block", "blocks_this_turn", "attacks_this_turn", "all_attack_this_turn",
                       "prevention", "regeneration", "exile_if_dies"})


def max_hand_size(game: Game, player: str) -> int:
    """402.2: seven, less the ``hand_size_reduced`` effects on ``player``."""
    return 7 - sum(e.n or 0 for e in game.view().effects_of("hand_size_reduced") if e.defender == player)


def cleanup(game: Game) -> None:
    """514.1: the active player discards down to their maximum hand size (their choice of cards,
    701.9); 514.2: then all damage is removed and "until end of turn" and "this turn" effects
    end, at once.

    :raises Undecided: a hidden card among those that may be discarded (402.3)."""
    active = game.source.active_player
    z = game.zones_of(active)
    excess = z.hand_count - max(0, max_hand_size(game, active))
    if excess > 0:
        if z.hand_count != len(z.hand):
            raise Undecided("514.1", f"{active} discards {excess} of {z.hand_count} cards; some are unknown (402.3)")
        ways = list(itertools.combinations([c.id for c in z.hand], excess))
        chosen = ways[game.choose(f"discard:{active}", [",".join(w) for w in ways])]
        game.step("514.1", f"{active} has {z.hand_count} cards, more than their maximum hand size: they discard "
                           f"{excess}")
        for cid in chosen:
            discard(game, cid, active)
    for pid, perm in list(game.perms.items()):
        if perm.damage or perm.deathtouch_damage:
            game.update(pid, damage=0, deathtouch_damage=False)
    game.effects = [e for e in game.effects if e.duration != "end_of_turn" and e.kind not in THIS_TURN]
    game.changed()
    game.step("514.2", "damage is removed from permanents and \"until end of turn\" and \"this turn\" effects end")


def play_land(game: Game, card_id: str, allowed: int = 1, back: bool = False) -> str:
    """305.1-2: the active player plays a land card from their hand in their main phase with an
    empty stack, if they have played fewer than ``allowed`` lands this turn (116.2a); with
    ``back``, a modal double-faced card whose back face is a land, that face up (712.12). The
    land's id on the battlefield.

    :raises Illegal: not a land in the active player's hand, not their main phase, the stack not
        empty, or no land play left.
    """
    active = game.source.active_player
    found = game.find_card(card_id)
    if found is None or found[1] != "hand" or found[0] != active:
        raise Illegal("305.1", f"{card_id} is not a card in {active}'s hand")
    zc = found[2]
    face = zc.card.back if back else zc.card
    if face is None or "land" not in {t.lower() for t in face.types}:
        raise Illegal("712.12" if back else "305.1", f"{zc.name} is not a land card"
                      + (" with a land back face" if back else ""))
    if game.turn.step not in ("precombat_main", "postcombat_main") or game.stack:
        raise Illegal("305.1", f"a land is played in its owner's main phase with an empty stack (116.2a); it is the "
                               f"{game.turn.step.replace('_', ' ')}" + (" and the stack is not empty" if game.stack else ""))
    played = game.turn.lands_played.get(active, 0)
    if played >= allowed:
        raise Illegal("305.2", f"{active} has played {played} land{'s' if played != 1 else ''} this turn and may play "
                               f"{allowed}")
    owner, _, zc = game.take_card(card_id)
    lands = dict(game.turn.lands_played)
    lands[active] = played + 1
    game.turn = dataclasses.replace(game.turn, lands_played=MappingProxyType(lands))
    game.step("305.1", f"{active} plays {face.name}" + (f", the back face of {zc.name} (712.12)" if back else ""))
    template = game.reader.permanent(face, card_id, active, owner) if back else game.template(zc, active, owner)
    land = game.enter(template, active, game.moved_id(card_id, face.name), owner=owner,
                      card=zc.card, cause="(305.1: a land played doesn't use the stack)")
    game.emit("plays_land", land, player=active)  # "whenever you play a land" (603.2)
    return land


def declare_attackers(game: Game, attack: Mapping[str, str], paid: frozenset[str] = frozenset()) -> None:
    """508.1: the attack as declared (its legality judged by the caller, as ``attacks check``
    does; ``paid``: the attackers whose costs to attack the caller pays next, 508.1h): 508.1f
    attackers tap unless they have vigilance; 508.3a each "attacks" trigger."""
    game.mark()
    view = game.view()
    game.combat = CombatDeclaration(tuple(Attack(c, t) for c, t in attack.items()), None, paid)
    game.changed()
    for c, t in attack.items():
        perm = view.permanent(c)
        game.step("508.1", f"{perm.name} ({c}) attacks {t}")
    for c in attack:
        if not view.permanent(c).has_keyword("vigilance") and not game.perms[c].tapped:
            game.update(c, tapped=True)
            game.events.append(Event("becomes_tapped", c))
    game.before = None
    for c in attack:
        game.events.append(Event("attacks", c, None, game.source.active_player))


def declare_blockers(game: Game, blocks: Mapping[str, Sequence[str]]) -> None:
    """509.1: the blocks as declared (judged by the caller); 509.3: the "blocks" and "becomes
    blocked" triggers, once for each creature blocked and blocker (509.3c-d), and 509.1h's
    unblocked attackers ("attacks and isn't blocked")."""
    c = game.combat or CombatDeclaration()
    game.combat = CombatDeclaration(c.attackers, tuple(Block(b, tuple(a)) for b, a in blocks.items()), c.paid_costs)
    game.changed()
    view = game.view()
    blocked: dict[str, list[str]] = {}
    for b, atts in blocks.items():
        game.step("509.1", f"{view.permanent(b).name} ({b}) blocks " + ", ".join(
            f"{view.permanent(a).name} ({a})" for a in atts))
        for a in atts:
            blocked.setdefault(a, []).append(b)
    for b, atts in blocks.items():
        game.events.append(Event("blocks", b, None, view.permanent(b).controller))
        for a in atts:
            game.events.append(Event("blocks_each", b, None, view.permanent(b).controller, other=a))
    for a in c.attackers:
        if a.creature in blocked:
            game.events.append(Event("becomes_blocked", a.creature))
            for b in blocked[a.creature]:
                game.events.append(Event("blocked_by_each", a.creature, other=b))
        else:
            game.events.append(Event("attacks_unblocked", a.creature, None, game.source.active_player))


def blocked_attackers(game: Game) -> frozenset[str]:
    """509.1h: the attacking creatures blocked by the declaration on the board."""
    c = game.combat
    return frozenset(a for b in (c.blockers or ()) for a in b.blocks) if c is not None else frozenset()


def strikers(game: Game, first_step: bool, struck: frozenset[str] = frozenset()) -> list[str]:
    """510.4: the attacking and blocking creatures that deal combat damage in this step: in a
    first combat damage step those with first strike or double strike; in the second those that
    didn't deal damage in the first (``struck``) and those with double strike."""
    out = []
    for pid in _in_combat(game):
        p = game.perm(pid)
        early = p.has_keyword("first_strike") or p.has_keyword("double_strike")
        if first_step and early or not first_step and (pid not in struck or p.has_keyword("double_strike")):
            out.append(pid)
    return out


def first_strike_step(game: Game) -> bool:
    """510.4: whether a creature in combat has first or double strike as damage begins."""
    return any(game.perm(p).has_keyword("first_strike") or game.perm(p).has_keyword("double_strike")
               for p in _in_combat(game))


def _in_combat(game: Game) -> list[str]:
    c = game.combat
    if c is None:
        return []
    ids = [a.creature for a in c.attackers] + [b.creature for b in (c.blockers or ()) if b.blocks]
    return [p for p in dict.fromkeys(ids) if game.on_battlefield(p) and game.perm(p).is_creature]


def lethal_damage(attacker: Permanent, blocker: Permanent) -> int:
    """702.19b, 702.2c: the damage that counts as lethal for ``blocker`` from ``attacker``: its
    toughness less the damage marked on it, 1 from a source with deathtouch (at least 1)."""
    if attacker.has_keyword("deathtouch"):
        return 1
    return max(1, (blocker.toughness or 0) - blocker.damage)


Assignment = tuple[tuple[str, str, int], ...]


def assignment_options(game: Game, creature: str, blocked: frozenset[str]) -> list[Assignment]:
    """510.1: how ``creature`` (an attacking or blocking creature dealing combat damage now) may
    assign its damage, one option for each outcome that can differ: unblocked, to what it
    attacks (510.1b); blocked by one creature, all to it (510.1c); blocked by several, or with
    trample (702.19b-c, e), for each set of its blockers given lethal damage, the rest to what
    it attacks when it tramples over them all, else to the first of the set; a blocker, to the
    creatures it blocks likewise (510.1d). Each option is ``(source, recipient, amount)``
    triples; none when it deals no damage (510.1a)."""
    p = game.perm(creature)
    power = p.toughness if p.has("assigns_damage_by_toughness") else p.power
    if power is None or power <= 0:
        return [()]
    c = game.combat or CombatDeclaration()
    attack = next((a for a in c.attackers if a.creature == creature), None)
    if attack is not None:
        blockers = [b.creature for b in (c.blockers or ()) if creature in b.blocks and game.on_battlefield(b.creature)]
        was_blocked = creature in blocked
        target = attack.target if (game.on_battlefield(attack.target) or attack.target in game.players) else None
        trample = p.has_keyword("trample")
        if not was_blocked:
            return [((creature, target, power),)] if target else [()]
        if not blockers:
            return [((creature, target, power),)] if trample and target else [()]  # 702.19e, 510.1c
        return _divide(game, p, blockers, power, target if trample else None)
    block = next((b for b in (c.blockers or ()) if b.creature == creature), None)
    if block is None:
        return [()]
    attackers = [a for a in block.blocks if game.on_battlefield(a)]
    if not attackers:
        return [()]
    return _divide(game, p, attackers, power, None)


def _divide(game: Game, p: Permanent, others: list[str], power: int, beyond: str | None) -> list[Assignment]:
    """The divisions of ``power`` among ``others`` that can differ in what dies, with the rest
    to ``beyond`` (a trampler's player, planeswalker or battle) once each has lethal damage."""
    if len(others) == 1 and beyond is None:
        return [((p.id, others[0], power),)]
    lethal = {o: lethal_damage(p, game.perm(o)) for o in others}
    out: list[Assignment] = []
    seen: set[tuple] = set()
    for k in range(len(others), -1, -1):
        for group in itertools.combinations(others, k):
            need = sum(lethal[o] for o in group)
            if need > power:
                continue
            rest = power - need
            parts = {o: lethal[o] for o in group}
            if rest and beyond is not None and k == len(others):
                option = tuple((p.id, o, n) for o, n in parts.items()) + ((p.id, beyond, rest),)
            else:
                first = group[0] if group else others[0]
                parts[first] = parts.get(first, 0) + rest
                option = tuple((p.id, o, n) for o, n in parts.items() if n)
            key = tuple(sorted(option))
            if key not in seen:
                seen.add(key)
                out.append(option)
    return out


def deal_combat_damage(game: Game, assignment: Sequence[tuple[str, str, int]]) -> None:
    """510.2: all the combat damage assigned is dealt at once (120.3; protection 702.16e,
    deathtouch 702.2, lifelink 702.15b, infect 702.90b, wither 702.80); 903.10a a commander's
    combat damage to a player is counted; the damage events for triggers (510.3a)."""
    game.mark()
    view = game.view()
    to_players: dict[str, set[str]] = {}
    for src, dst, n in assignment:
        if n <= 0 or not game.on_battlefield(src):
            continue
        source = view.permanent(src)
        n = deal_damage(game, source, dst, n, combat=True, view=view)  # 615.1: what was prevented was not dealt
        if n <= 0:
            continue
        if dst in game.players:
            if source.is_commander and "infect" not in source.keywords:
                p = game.players[dst]
                dealt = dict(p.commander_damage)
                dealt[src] = dealt.get(src, 0) + n
                game.set_player(dst, commander_damage=MappingProxyType(dealt))
            to_players.setdefault(src, set()).add(dst)
            game.events.append(Event("deals_combat_damage_to_player", src, None, dst, amount=n))
        elif view.has_permanent(dst) and view.permanent(dst).is_creature:  # deal_damage noted "is dealt damage"
            game.events.append(Event("deals_combat_damage_to_creature", src, None, None, other=dst, amount=n))
        game.events.append(Event("deals_combat_damage", src, None, dst if dst in game.players else None, amount=n))
    game.before = None


def end_combat(game: Game) -> None:
    """511.3: every creature, planeswalker and battle is removed from combat."""
    if game.combat is not None:
        game.combat = None
        game.changed()
        game.step("511.3", "the combat phase ends: all creatures are removed from combat")
