"""The replacement and prevention effects resolved spells and abilities leave on the board (614,
615), applied as the events they watch would happen.

- 701.19a, 614.8: a ``regeneration`` shield: the next time the creature would be destroyed this
  turn, instead all damage is removed from it, it is tapped and removed from combat; 701.19c:
  "it can't be regenerated" leaves the shield unused.
- 615.1, 615.7: a ``prevention`` shield: damage that would be dealt to what it protects, by the
  sources it names, is prevented: all of it, or the next N (the shield then holds less, and is
  used up at 0); 616.1: when several shields of N apply, the player or controller of what the
  damage would be dealt to chooses which applies first (``prevention:RECIPIENT``).
- 614.1a: ``exile_if_dies`` is applied as the object leaves (:meth:`~mtgsolver.rules.game.Game.leave`).
"""
from __future__ import annotations

import dataclasses

from mtgsolver.model.board_effects import Effect
from mtgsolver.model.permanent import Permanent
from mtgsolver.rules.game import Game

__all__ = ["prevent", "regenerate"]


def regenerate(game: Game, pid: str) -> bool:
    """Whether a regeneration shield replaces the destruction of ``pid`` (701.19a): the shield
    is used, the damage removed, the permanent tapped and removed from combat."""
    shield = next((e for e in game.effects if e.kind == "regeneration" and e.creature == pid), None)
    if shield is None:
        return False
    game.effects.remove(shield)
    game.update(pid, damage=0, deathtouch_damage=False, tapped=True)
    game.remove_from_combat(pid)
    game.step("701.19a", f"{game.perms[pid].name} ({pid}) regenerates: instead of being destroyed, its damage is "
                         "removed, it is tapped and removed from combat")
    return True


def prevent(game: Game, source: Permanent, recipient: str, n: int, combat: bool = False,
            protected: bool = False) -> int:
    """The damage ``source`` deals ``recipient`` (a player's name or a permanent's id) after the
    prevention shields that apply and, ``protected``, protection (702.16e): all prevented, or
    the next N of a shield, used up as it prevents (615.1, 615.7). With several, the player
    affected (or the permanent's controller) chooses the order (616.1)."""
    shields: list[Effect | None] = [e for e in game.effects if e.kind == "prevention"
                                    and _applies(game, e, source, recipient, combat)]
    shields += [None] if protected else []
    if not shields or n <= 0:
        return n
    if len(shields) > 1 and any(e is not None and e.n is not None for e in shields):
        labels = ["protection" if e is None else f"{'all' if e.n is None else e.n}@{e.timestamp}" for e in shields]
        first = game.choose(f"prevention:{recipient}", labels)
        shields = [shields[first]] + [e for i, e in enumerate(shields) if i != first]
    left = n
    for shield in shields:
        if left == 0:
            break
        taken = left if shield is None or shield.n is None else min(left, shield.n)
        left -= taken
        if shield is None:
            game.step("702.16e", f"{taken} damage from {source.name} to {recipient} is prevented: protection")
            continue
        if shield.n is not None:
            i = game.effects.index(shield)
            if shield.n == taken:
                del game.effects[i]
            else:
                game.effects[i] = dataclasses.replace(shield, n=shield.n - taken)
            game.changed()
        game.step("615.7" if shield.n is not None else "615.1",
                  f"{taken} damage {source.name} would deal to {recipient} is prevented")
    return left


def _applies(game: Game, e: Effect, source: Permanent, recipient: str, combat: bool) -> bool:
    if e.combat and not combat:
        return False
    if e.sources is not None and source.id not in e.sources:
        return False
    if e.objects is None and e.players is None and e.spec is None:
        return True
    if recipient in (e.objects or ()) or recipient in (e.players or ()):
        return True
    return e.spec is not None and game.on_battlefield(recipient) and game.query().matches(
        e.spec.affects, recipient, e.source, e.controller or source.controller)
