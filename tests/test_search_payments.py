"""The whole-turn search's ways of paying (:func:`mtgsolver.solver.turn_moves.payments`, 601.2g-h,
605.3) with mana abilities that add two or more mana (106.4: the rest floats in the pool, 500.4),
compared with the brute-force payment reference (references/reference_payment.py)."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from mtgsolver.model.mana import ManaCost
from mtgsolver.rules.game import Game, Illegal
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.turn_moves import payments
from references.reference_payment import bundles, payment_outcomes

from .resolve_support import load
from .support import runs

#: Mana sources, by name: one-mana lands, bounce lands (Karoo lands) and two-mana artifacts.
SOURCES = {"Island": ("land", "{T}: Add {U}."), "Forest": ("land", "{T}: Add {G}."),
           "Mountain": ("land", "{T}: Add {R}."),
           "Simic Growth Chamber": ("land", "{T}: Add {G}{U}."), "Izzet Boilerworks": ("land", "{T}: Add {U}{R}."),
           "Hedron Archive": ("artifact", "{T}: Add {C}{C}."), "Sol Ring": ("artifact", "{T}: Add {C}{C}."),
           "Grove Switch": ("land", "{T}: Add {G}.\n{T}: Add {R}{R}.")}
COSTS = ("{1}{U}", "{2}", "{U}{U}", "{G}{U}", "{X}{R}", "{2}{G}{U}", "{C}", "{U/R}{1}")


def _board(sources: list[tuple[str, bool]], pool: str) -> str:
    lines = [f"  - {{id: s{i}, name: {name}, types: [{SOURCES[name][0]}], controller: alice, tapped: {str(t).lower()}, "
             f"text: \"{SOURCES[name][1]}\"}}" for i, (name, t) in enumerate(sources)]
    return ("battlefield:\n" + "\n".join(lines) if lines else "battlefield: []") + (f"\nmana_pool:\n  alice: \"{pool}\"\n" if pool else "\n")


def _found(text: str, cost: str, x: int | None) -> tuple[object, set[tuple[frozenset[str], tuple[str, ...]]], bool]:
    board = load(text)
    game = Game(board, LibraryReader(None), None)  # type: ignore[arg-type]
    try:
        options = payments(game, "alice", ManaCost.parse(cost), x, None)
    except Illegal:
        return board, set(), True
    return board, {(frozenset(p.tapped), tuple(sorted(m.type for m in p.pool for _ in range(m.amount))))
                   for p in options.payments}, options.exact


def _idle(board, outcome, outcomes) -> bool:  # type: ignore[no-untyped-def]
    """Whether a source tapped in ``outcome`` left all its mana in the pool: the same outcome as
    tapping it after paying (the enumeration leaves those out)."""
    tapped, left = outcome
    for pid in tapped:
        perm = board.permanent(pid)
        for ability in perm.mana_abilities:
            for b in bundles(board, perm, ability):
                rest = Counter(left) - Counter(b)
                if not Counter(b) - Counter(left) and (tapped - {pid}, tuple(sorted(rest.elements()))) in outcomes:
                    return True
    return False


def _names(board, tapped) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return tuple(sorted(board.permanent(p).name for p in tapped))


def test_a_bounce_land_pays_one_mana_and_leaves_the_other_in_the_pool() -> None:
    """106.4, 605.3b: Simic Growth Chamber's {G}{U} pays Snap's {1}{U} alone; tapped with an
    Island, {G} or {U} is left in the pool; paying {U} alone leaves {G} floating."""
    board, found, exact = _found(_board([("Simic Growth Chamber", False), ("Island", False)], ""), "{1}{U}", None)
    assert exact and found == {(frozenset({"s0"}), ()), (frozenset({"s1", "s0"}), ("G",)),
                               (frozenset({"s1", "s0"}), ("U",))}
    board, found, exact = _found(_board([("Simic Growth Chamber", False)], ""), "{U}", None)
    assert exact and found == {(frozenset({"s0"}), ("G",))}


def test_hedron_archive_pays_x_with_both_its_mana() -> None:
    """107.3a, 106.4: Hedron Archive's {C}{C} pays X = 2 of {X}{R}, or X = 1 leaving {C}."""
    _, two, _ = _found(_board([("Hedron Archive", False), ("Mountain", False)], ""), "{X}{R}", 2)
    _, one, _ = _found(_board([("Hedron Archive", False), ("Mountain", False)], ""), "{X}{R}", 1)
    assert two == {(frozenset({"s0", "s1"}), ())} and one == {(frozenset({"s0", "s1"}), ("C",))}


@settings(max_examples=runs(200, 25), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(sorted(SOURCES)), st.booleans()), max_size=4),
       st.sampled_from(("", "{U}", "{R}{G}", "{C}")), st.sampled_from(COSTS), st.integers(0, 3))
def test_every_payment_is_legal_and_none_useful_is_missed(sources, pool, cost, x) -> None:  # type: ignore[no-untyped-def]
    """Each payment enumerated is one the reference reaches (601.2g-h); each the reference reaches
    is enumerated, up to twin sources, unless a source in it only filled the pool."""
    board, found, exact = _found(_board(sources, pool), cost, x if "X" in cost else None)
    assert exact
    outcomes = payment_outcomes(board, "alice", ManaCost.parse(cost.replace("{X}", "{" + str(x) + "}" if x else "")))
    assert found <= outcomes
    named = {(_names(board, t), left) for t, left in found}
    missed = [o for o in outcomes if (_names(board, o[0]), o[1]) not in named and not _idle(board, o, outcomes)]
    assert not missed
