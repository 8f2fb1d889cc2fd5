"""Forge's one-turn "win" puzzles that ``solve --goal win`` wins, each solved from the board as
published (the imported board file, or the ``.pzl`` itself) with the real card pool, its line
replayed step by step through ``pay``, ``resolve``, ``attacks check``, ``blocks check`` and
combat damage (:func:`mtgsolver.solver.win.check_line`) to the opponent losing (704.5a) on every
path through the opponent's choices. Puzzles that take seconds run only under CI's profile
(``MTGSOLVER_PROFILE=ci``); benchmarks/turn_search.py times them all."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgsolver.load import load_board
from mtgsolver.solver.win import check_line, replay, win_turn

from .support import CI

ROOT = Path(__file__).parent.parent
#: (puzzle file, seconds it takes on one core): the solved puzzles of benchmarks/README.md.
SOLVED = [("examples/puzzles/forge/ps-akh4.yaml", 0.1), ("tests/data/forge/PS_AKH4.pzl", 0.1),
          ("tests/data/forge/PS_RIX6.pzl", 0.5)]
#: The default suite's share: puzzles solved in under a second.
QUICK = 1.0


@pytest.mark.parametrize("path, seconds", SOLVED, ids=[Path(p).stem for p, _ in SOLVED])
def test_the_puzzle_is_won_and_its_line_replays(path: str, seconds: float, real_cards) -> None:
    if seconds > QUICK and not CI:
        pytest.skip("a slow puzzle: run under MTGSOLVER_PROFILE=ci")
    board = load_board(ROOT / path, real_cards)
    answer = win_turn(board, real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    assert answer.line is not None and answer.unread == ()
    checks = check_line(board, answer.line, real_cards)
    assert checks and all(c.ok for c in checks), [(c.step.text, c.operation, c.detail) for c in checks if not c.ok]
    leaves = [p for p in replay(board, answer.line, real_cards) if p.leaf]
    assert leaves and all(p.board.player(board.opponents(board.active_player)[0]).lost for p in leaves)


def test_keywords_of_entering_and_of_the_upkeep_do_not_bear_on_a_main_phase_win() -> None:
    """702.123a fabricate, 702.32a fading, 702.30a echo work as their permanent enters or in the
    upkeep: unread on a permanent already on the battlefield in the main phase, they bear on no
    answer; in the upkeep the upkeep keywords do. Echo on a card in hand works from the next
    upkeep, "doesn't untap during your untap step" in none this turn (502.3): neither bears. An
    unread activated ability of the opponent's still bears on both answers."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    lines = ["Fabricate 2 (When this creature enters the battlefield, put two +1/+1 counters on it or create two "
             "1/1 colorless Servo artifact creature tokens.)", "Fading 3", "Echo {2}{R}",
             "{T}: Frobnicate target creature.", "C4 doesn't untap during your untap step."]
    entries = "\n".join(f"  - {{id: c{i}, name: C{i}, types: [creature], power: 1, toughness: 1, controller: bob, "
                        f"text: \"{line}\"}}" for i, line in enumerate(lines))
    for step, bearing in (("precombat_main", ["c3"]), ("upkeep", ["c1", "c2", "c3"])):
        hand = "zones: {alice: {hand: [{name: H, types: [creature], mana_cost: '{R}', power: 1, toughness: 1, " \
               "text: 'Echo {R}'}]}}\n"
        board = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                                 f"turn: {{step: {step}}}\n{hand}battlefield:\n{entries}\n", "b.yaml")
        against_win, against_no = turn_bearing(board, step == "upkeep")
        assert sorted(u.permanent for u in against_win) == sorted(u.permanent for u in against_no) == bearing


def test_a_tokens_own_targets_are_not_the_ability_that_creates_it(real_cards) -> None:
    """115.1: Ob Nixilis, the Adversary's [−2] creates a Devil whose dies trigger targets on its
    own; the loyalty ability targets nothing (PS_SNC4 searched it as a target slot)."""
    from mtgsolver.rules.targets import used_slots

    board = load_board(ROOT / "tests/data/forge/PS_SNC4.pzl", real_cards)
    ob = next(zc.permanent for z in board.zones.values() for zc in z.cards() if zc.name == "Ob Nixilis, the Adversary")
    devil = next(a for a in ob.activated_abilities if "Devil" in a.text)
    assert devil.targets == () and used_slots(devil.effects) == []


def test_attack_triggers_of_the_opponents_creatures_do_not_bear_on_this_turn() -> None:
    """508.1: only the active player attacks, so "Whenever ~ attacks" and "You may exert ~ as it
    attacks" (Champion of Rhonas, PS_AKH6) of the opponent's creature do nothing this turn; the
    same lines of the searching player's creature, and "attacks or blocks", still bear."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    lines = ["You may exert C0 as it attacks. When you do, frobnicate.", "Whenever C1 attacks, frobnicate target creature.",
             "Whenever C2 attacks or blocks, frobnicate.", "Whenever a creature you control attacks, frobnicate."]
    for owner, bearing in (("bob", ["c2"]), ("alice", ["c0", "c1", "c2", "c3"])):
        entries = "\n".join(f"  - {{id: c{i}, name: C{i}, types: [creature], power: 1, toughness: 1, "
                            f"controller: {owner}, text: \"{line}\"}}" for i, line in enumerate(lines))
        board = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                                 f"turn: {{step: precombat_main}}\nbattlefield:\n{entries}\n", "b.yaml")
        against_win, against_no = turn_bearing(board, False)
        assert sorted({u.permanent for u in against_win} | {u.permanent for u in against_no}) == bearing, owner


def test_a_cast_trigger_of_a_permanent_in_play_does_not_bear() -> None:
    """113.6k: "When you cast this spell, ..." (Scourge of the Skyclaves, PS_ZNR1) can't trigger from
    the battlefield; on a card in hand it still bears on a proof of no win."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    text = "When you cast this spell, frobnicate."
    board = parse_board_text(
        "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nturn: {step: precombat_main}\n"
        f"zones: {{alice: {{hand: [{{name: H, types: [creature], mana_cost: '{{R}}', power: 1, toughness: 1, "
        f"text: '{text}'}}]}}}}\nbattlefield:\n  - {{id: c, name: C, types: [creature], power: 1, toughness: 1, "
        f"controller: alice, text: '{text}'}}\n", "b.yaml")
    against_win, against_no = turn_bearing(board, False)
    assert against_win == () and [u.permanent for u in against_no] == ["alice.hand[0]"]
