"""State-based actions (704): checked whenever a player would receive priority, all applicable
ones performed at once, and checked again until none applies (704.3).

The actions of 704.5 on a board this project models: 704.5a life 0, 704.5b a draw from an
empty library, 704.5c ten poison counters, 903.10a 21 combat damage from one commander
(players lose, unless a static ability keeps them in the game: 104.3, :func:`kept_in_game`);
704.5d tokens off the battlefield (they cease to exist as they leave:
:meth:`~mtgsolver.rules.game.Game.leave`); 704.5f toughness 0 or less, 704.5g lethal damage,
704.5h deathtouch damage (creatures; :func:`dies_before_declaring` for a board as stated, whose
creature neither attacks nor blocks: players receive priority before each declaration, 507.2,
508.2), 704.5i loyalty 0 (planeswalkers), 704.5v defense 0
(battles), a destruction a regeneration shield replaces (701.19a); 704.5j the legend rule (a
choice); 704.5m an Aura attached to nothing, to an
object no longer on the battlefield, or to one its enchant ability or protection forbids (303.4c), 704.5n an Equipment attached to something that isn't a
creature, 704.5p a creature attached to something; 704.5q +1/+1 and -1/-1 counters annihilate.
"""
from __future__ import annotations

from types import MappingProxyType

from mtgsolver.model.board import Board
from mtgsolver.model.permanent import Permanent
from mtgsolver.rules.game import Game, Undecided
from mtgsolver.rules.replacement import regenerate

__all__ = ["LETHAL_COMMANDER_DAMAGE", "LETHAL_POISON", "check_state", "dies_before_declaring", "kept_in_game",
           "why_it_dies"]

#: 704.5c, 903.10a
LETHAL_POISON, LETHAL_COMMANDER_DAMAGE = 10, 21


def _player_enchant_problem(game: Game, aura: Permanent, player: str) -> str | None:
    """Why ``aura`` can't enchant ``player`` now (303.4d, 702.5d: "Enchant player" enchants any
    player still in the game, 800.4a; "Enchant opponent" an opponent of its controller; an Aura
    whose enchant ability names no player can't enchant one), or ``None``; nothing is said of an
    Aura whose enchant ability is not read."""
    if game.players[player].lost:
        return f"{player} has left the game (800.4a)"
    spec = game.reader.enchant(aura.card) if aura.card is not None else None
    if spec is None:
        return None
    if "player" not in spec.kinds:
        return f"{player} is a player and it enchants no player (702.5a)"
    if spec.opponent and player == aura.controller:
        return f"{player} is not an opponent of its controller (702.5d)"
    return None


def _enchant_problem(game: Game, aura: Permanent, host: Permanent) -> str | None:
    """Why ``aura`` can't enchant ``host`` now (303.4c-d, 702.5a: its enchant ability; 702.16c:
    protection from a color the Aura has, unless the Aura grants it), or ``None``; nothing is
    said of an Aura whose enchant ability is not read.

    :raises Undecided: protection from a quality other than a color or everything."""
    spec = game.reader.enchant(aura.card) if aura.card is not None else None
    if spec is None:
        return None
    if host.id == aura.id:
        return "it can't enchant itself (303.4d)"
    wanted = spec.kinds & {"artifact", "battle", "creature", "enchantment", "land", "planeswalker", "permanent"}
    if not ("permanent" in wanted or wanted & host.types) or not game.query().matches(
            spec.filter, host.id, aura.id, aura.controller):
        return f"{host.name} ({host.id}) is not what it may enchant (702.5a)"
    for q in host.protections:
        if host.granted_by.get(f"protection from {q}") == aura.id:
            continue  # "This effect doesn't remove ~": the Aura's own grant
        if q == "everything" or q in {c.word for c in aura.colors}:
            return f"{host.name} ({host.id}) has protection from {q} (702.16c)"
        if q not in ("white", "blue", "black", "red", "green"):
            raise Undecided("702.16c", f"whether {host.name}'s protection from {q} lets {aura.name} stay attached "
                                       "is not modelled")
    return None


def check_state(game: Game) -> bool:
    """Perform state-based actions until none applies (704.3); whether any was performed."""
    any_done = False
    while _once(game):
        any_done = True
    return any_done


def _once(game: Game) -> bool:
    """One check: every applicable action at once (704.3)."""
    done = _players(game)
    game.mark()
    view = game.view()
    to_graveyard: dict[str, tuple[str, str]] = {}  # id -> (how, rule)
    destroyed: dict[str, tuple[str, str]] = {}
    for p in view.permanents:
        dies = dies_before_declaring(p)
        if dies == "704.5f":
            to_graveyard[p.id] = (f"has toughness {p.toughness}", dies)
        elif dies == "704.5g":
            destroyed[p.id] = (f"has lethal damage marked on it ({p.damage})", dies)
        elif dies == "704.5h":
            destroyed[p.id] = ("was dealt damage by a source with deathtouch", dies)
        if p.is_planeswalker and (p.loyalty or 0) <= 0:
            to_graveyard.setdefault(p.id, ("has no loyalty", "704.5i"))
        if p.is_battle and p.defense is not None and p.defense <= 0:
            to_graveyard.setdefault(p.id, ("has defense 0", "704.5v"))
        if "aura" in p.subtypes and p.attached_to in game.players:  # 303.4: a Curse on a player
            if (problem := _player_enchant_problem(game, p, p.attached_to)) is not None:
                to_graveyard.setdefault(p.id, (f"is an Aura attached to an illegal player: {problem}", "704.5m"))
        elif "aura" in p.subtypes and (p.attached_to is None or not game.on_battlefield(p.attached_to)):
            to_graveyard.setdefault(p.id, ("is an Aura attached to nothing", "704.5m"))
        elif "aura" in p.subtypes and p.card is not None:
            problem = _enchant_problem(game, p, view.permanent(p.attached_to))
            if problem is not None:
                to_graveyard.setdefault(p.id, (f"is an Aura attached to an illegal object: {problem}", "704.5m"))
    to_graveyard.update(_legend_rule(game))
    for pid, (how, rule) in destroyed.items():
        if pid in to_graveyard:
            continue
        if view.permanent(pid).has_keyword("indestructible"):  # 702.12b
            continue
        if regenerate(game, pid):  # 701.19a: a regeneration shield replaces the destruction
            done = True
            continue
        to_graveyard[pid] = (f"{how}: it is destroyed", rule)
    done |= _unattach(game) | _annihilate(game)
    for pid, (how, rule) in to_graveyard.items():
        if game.on_battlefield(pid):
            game.leave(pid, "graveyard", how, rule)
            done = True
    game.before = None
    return done


def _players(game: Game) -> bool:
    """704.5a-c, 903.10a: players who lose the game, unless a static ability keeps them in it
    (104.3, :func:`kept_in_game`)."""
    done = False
    for p in list(game.players.values()):
        if p.lost:
            continue
        reasons = [("704.5a", f"has {p.life} life")] if p.life <= 0 else []
        if p.name in game.drew_from_empty:
            reasons.append(("704.5b", "drew a card from an empty library"))
        if p.poison >= LETHAL_POISON:
            reasons.append(("704.5c", f"has {p.poison} poison counters"))
        if any(n >= LETHAL_COMMANDER_DAMAGE for n in p.commander_damage.values()):
            reasons.append(("903.10a", "was dealt 21 or more combat damage by one commander"))
        why = next((r for r in reasons if kept_in_game(game.view(), p.name, r[0]) is None), None)
        if why is not None:
            game.set_player(p.name, lost=True)
            game.step(why[0], f"{p.name} {why[1]} and loses the game (104.3)")
            done = True
    game.drew_from_empty.clear()
    return done


def kept_in_game(view: Board, player: str, rule: str) -> Permanent | None:
    """The permanent whose static ability keeps ``player`` from losing the game for ``rule``
    (``704.5a``, ``704.5c``...), or ``None``: "You can't lose the game" of theirs, "Your
    opponents can't lose the game" of an opponent's (104.3, 810.8a), and for 704.5a alone "You
    don't lose the game for having 0 or less life" of theirs."""
    for p in view.permanents:
        if p.controller == player and (p.has("cant_lose_game") or (rule == "704.5a" and p.has("doesnt_lose_for_life"))):
            return p
        if p.controller != player and p.has("opponents_cant_lose_game") and player in view.opponents(p.controller):
            return p
    return None


def _legend_rule(game: Game) -> dict[str, tuple[str, str]]:
    """704.5j: a player with two or more legendary permanents of one name keeps one of their
    choice; the rest go to their owners' graveyards."""
    out: dict[str, tuple[str, str]] = {}
    groups: dict[tuple[str, str], list[str]] = {}
    for p in game.view().permanents:
        if "legendary" in p.supertypes:
            groups.setdefault((p.controller, p.name), []).append(p.id)
    for (player, name), ids in groups.items():
        if len(ids) < 2:
            continue
        keep = ids[game.choose(f"legend:{player}:{name}", ids)]
        for pid in ids:
            if pid != keep:
                out[pid] = (f"is a second legendary {name}; {player} keeps {keep}", "704.5j")
    return out


def _unattach(game: Game) -> bool:
    """704.5n, 704.5p: an Equipment stays attached only to a creature on the battlefield, and
    only while it is not a creature itself; any other permanent but an Aura becomes unattached."""
    done = False
    view = game.view()
    for p in view.permanents:
        if p.attached_to is None or "aura" in p.subtypes:
            continue
        host = view.permanent(p.attached_to) if game.on_battlefield(p.attached_to) else None
        if "equipment" in p.subtypes and not p.is_creature and host is not None and host.is_creature:
            continue
        game.update(p.id, attached_to=None)
        game.step("704.5n" if "equipment" in p.subtypes and not p.is_creature else "704.5p",
                  f"{p.name} ({p.id}) becomes unattached")
        done = True
    return done


def _annihilate(game: Game) -> bool:
    """704.5q: N +1/+1 and N -1/-1 counters are removed, N the smaller count."""
    done = False
    for pid, p in list(game.perms.items()):
        n = min(p.counters.get("+1/+1", 0), p.counters.get("-1/-1", 0))
        if n:
            counters = {k: v for k, v in p.counters.items() if k not in ("+1/+1", "-1/-1")}
            counters.update({k: p.counters[k] - n for k in ("+1/+1", "-1/-1") if p.counters[k] > n})
            game.update(pid, counters=MappingProxyType(counters))
            game.step("704.5q", f"{n} +1/+1 and {n} -1/-1 counters are removed from {p.name} ({pid})")
            done = True
    return done


def dies_before_declaring(perm: Permanent) -> str | None:
    """The rule (``"704.5f"``, ``"704.5g"`` or ``"704.5h"``) that puts the creature into its
    owner's graveyard at the next check of state-based actions, or ``None``."""
    if not perm.is_creature or perm.toughness is None:
        return None
    if perm.toughness <= 0:
        return "704.5f"
    if perm.damage >= perm.toughness:
        return "704.5g"
    if perm.deathtouch_damage and perm.damage > 0:
        return "704.5h"
    return None


def why_it_dies(perm: Permanent, rule: str) -> str:
    """A sentence for :func:`dies_before_declaring`'s rule."""
    what = {"704.5f": f"its toughness is {perm.toughness}",
            "704.5g": f"it has {perm.damage} damage marked and toughness {perm.toughness}",
            "704.5h": "it was dealt damage by a source with deathtouch"}[rule]
    return (f"{perm.name} ({perm.id}) is put into its owner's graveyard by a state-based action before the "
            f"declaration: {what} (704.3)")
