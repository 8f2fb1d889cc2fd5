"""Effects on a library's cards (401): scry (701.22), surveil (701.25), looking at the top cards
and moving them (401.4), searching (701.23) and shuffling (701.24).

A board knows a library's size and, top first, some of its top cards (401.2): an effect on cards
the board doesn't know is undecided, never guessed. What the player chooses (which cards go to
the bottom, in what order the rest go back, which cards are found) is a choice, tried every way
(:meth:`~mtgsolver.rules.game.Game.choose`). A card put on the bottom of a library that is not
known whole becomes one of its unknown cards; a shuffled library's known cards are known no
longer, only counted (701.24a: their order is random).
"""
from __future__ import annotations

import itertools
from typing import Sequence

from mtgsolver.model.continuous import Affected
from mtgsolver.model.zones import ZoneCard
from mtgsolver.rules.game import Game, Undecided, card_object

__all__ = ["arrange", "choose_cards", "known_top", "shuffle", "whole_library"]


def known_top(game: Game, player: str, n: int, rule: str, what: str) -> list[ZoneCard]:
    """The top ``n`` cards of ``player``'s library (fewer in a smaller library).

    :raises Undecided: some of them are not known (401.2)."""
    z = game.zones_of(player)
    k = min(n, z.library_count)
    if k > len(z.library_top):
        raise Undecided(rule, f"{player} {what} the top {k} cards of their library and only {len(z.library_top)} "
                              "of them are known (401.2)")
    return list(z.library_top[:k])


def whole_library(game: Game, player: str, rule: str, what: str) -> list[ZoneCard]:
    """Every card of ``player``'s library.

    :raises Undecided: some of them are not known (401.2)."""
    z = game.zones_of(player)
    if z.library_count != len(z.library_top):
        raise Undecided(rule, f"{player} {what} their library, and only {len(z.library_top)} of its "
                              f"{z.library_count} cards are known (401.2)")
    return list(z.library_top)


def arrange(game: Game, player: str, cards: Sequence[ZoneCard], key: str, elsewhere: str | None) -> list[str]:
    """``player`` puts ``cards`` (the top cards, looked at) back: any number of them ``elsewhere``
    (``bottom``: from then on unknown cards of the library; ``graveyard``: the ids returned, for
    the caller to move; ``None``: none), the rest on top in any order (701.22a, 701.25a, 401.4:
    one choice, ``top:IDS;ELSEWHERE:IDS``)."""
    ids = [c.id for c in cards]
    options: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for k in range(len(ids) + 1 if elsewhere else 1):
        for away in itertools.combinations(ids, k):
            rest = [i for i in ids if i not in away]
            options += [(order, away) for order in itertools.permutations(rest)]
    labels = [f"top:{','.join(top)}" + (f";{elsewhere}:{','.join(away)}" if elsewhere else "") for top, away in options]
    top, away = options[game.choose(key, labels)]
    z = game.zones_of(player)
    by_id = {c.id: c for c in cards}
    if elsewhere == "bottom":  # on the bottom: unknown cards of the library from now on (401.2)
        z.library_top[:len(ids)] = [by_id[i] for i in top]
    else:  # still on top, for the caller to move
        z.library_top[:len(ids)] = [by_id[i] for i in (*top, *away)]
    game.changed()
    return list(away)


def choose_cards(game: Game, cards: Sequence[ZoneCard], owner: str, filt: Affected, you: str, n: int,
                 fewer: bool, key: str) -> tuple[str, ...]:
    """Up to ``n`` of ``cards`` matching ``filt`` (exactly as many as there are, up to ``n``,
    unless ``fewer`` may be chosen: 701.23b), chosen by the player (``key``)."""
    query = game.query()
    fit = [c.id for c in cards if query.matches(filt, c.id, None, you, obj=card_object(c.card, c.id, owner))]
    most = min(n, len(fit))
    sizes = range(0 if fewer else most, most + 1)
    ways = [w for k in sizes for w in itertools.combinations(fit, k)]
    return ways[game.choose(key, [",".join(w) or "none" for w in ways])] if ways else ()


def shuffle(game: Game, player: str) -> None:
    """701.24a: the library's order becomes random; its cards are counted, no longer known by place."""
    z = game.zones_of(player)
    if z.library_top:
        z.library_top.clear()
        game.changed()
    game.step("701.24a", f"{player} shuffles their library")
