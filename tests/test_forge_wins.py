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

from .support import CI, ci_only

ROOT = Path(__file__).parent.parent
#: (puzzle file, seconds it takes on one core): the solved puzzles of benchmarks/README.md.
SOLVED = [("examples/puzzles/forge/ps-akh4.yaml", 0.1), ("tests/data/forge/PS_AKH4.pzl", 0.1),
          ("tests/data/forge/PS_RIX6.pzl", 0.5), ("tests/data/forge/PS_MID2.pzl", 6.0),
          ("examples/puzzles/forge/ps-mid2.yaml", 6.0), ("tests/data/forge/PP00.pzl", 0.7),
          ("examples/puzzles/forge/pp00.yaml", 0.7), ("tests/data/forge/PP01.pzl", 180.0),
          ("examples/puzzles/forge/ps-khm2.yaml", 0.8), ("tests/data/forge/PS_KHM2.pzl", 0.7),
          ("tests/data/forge/MTGP_04.pzl", 97.0), ("tests/data/forge/MTGP_09.pzl", 3.2),
          ("examples/puzzles/forge/mtgp-09.yaml", 3.2), ("tests/data/forge/PS_ZNR3.pzl", 2.4),
          ("tests/data/forge/PP15.pzl", 5.6), ("tests/data/forge/PS_WAR1.pzl", 98.0),
          ("tests/data/forge/PP03.pzl", 197.0), ("tests/data/forge/PS_M192.pzl", 54.0),
          ("tests/data/forge/MTGP_03.pzl", 87.0), ("tests/data/forge/PS_DOM2.pzl", 470.0)]
#: The default suite's share: puzzles solved in under a second, each once (from its example file
#: where there is one: test_forge.py checks that the example is the file's import).
QUICK = 1.0
_EXAMPLES = {Path(p).stem.replace("-", "_").lower() for p, _ in SOLVED if p.startswith("examples/")}


@pytest.mark.parametrize("path, seconds", SOLVED, ids=[Path(p).stem for p, _ in SOLVED])
def test_the_puzzle_is_won_and_its_line_replays(path: str, seconds: float, real_cards) -> None:
    if seconds > QUICK and not CI:
        pytest.skip("a slow puzzle: run under MTGSOLVER_PROFILE=ci")
    if path.endswith(".pzl") and Path(path).stem.lower() in _EXAMPLES and not CI:
        pytest.skip("solved from its example file: both run under MTGSOLVER_PROFILE=ci")
    board = load_board(ROOT / path, real_cards)
    answer = win_turn(board, real_cards, time_limit=max(60.0, 10 * seconds))  # room for a loaded machine
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


def test_an_ability_activated_again_in_response_pays_x_in_parts(real_cards) -> None:
    """117.3c, 602.2: Crypt Rats dies to its own first resolution, so X = 1 and X = 2 are paid as
    two activations, the second made while the first is on the stack: Young Wolf dies, returns
    by undying (702.93a) and dies again, and Gurmag Angler attacks unblocked. X = 3 at once leaves
    a 2/2 Wolf to block."""
    from mtgsolver.load import parse_board_text

    def board():
        lands = "".join(f"  - {{id: s{i}, card: Swamp, controller: a}}\n" for i in range(3))
        return parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a, life: 10}, {name: b, life: 5}]\n"
                                "turn: {step: precombat_main}\nbattlefield:\n" + lands +
                                "  - {id: rats, card: Crypt Rats, controller: a}\n"
                                "  - {id: angler, card: Gurmag Angler, controller: a}\n"
                                "  - {id: wolf, card: Young Wolf, controller: b}\n", "rats.yaml", real_cards)

    answer = win_turn(board(), real_cards, time_limit=60)
    assert answer.solved is True, answer.reasons
    held = [s.op[1] for s in answer.line.steps if s.kind == "move" and s.op[1].response is not None]
    assert [(m.x, m.response.x) for m in held] == [(2, 1)]
    assert all(c.ok for c in check_line(board(), answer.line, real_cards))


def test_a_line_sets_off_a_leaves_trigger_or_vanishing_only_when_it_happens() -> None:
    """603.10a: "When ~ leaves the battlefield" works only if the permanent left on some path of
    the line; 702.63a: vanishing, after the upkeep, only if a time counter was removed (its last
    removed makes it sacrificed); 614.1a: "If ~ would be put into a graveyard from anywhere" only
    if it left; City of Traitors' "When you play another land" only if its controller played a
    land (305.1). The same lines of a permanent there throughout don't bear on a resolution."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.model.unread import UnreadLine
    from mtgsolver.solver.relevance import line_bearing, resolve_bearing

    lines = {"v": "Vanishing 3 (This creature enters the battlefield with three time counters on it. At the beginning "
                  "of your upkeep, remove a time counter from it. When the last is removed, sacrifice it.)",
             "j": "When J leaves the battlefield, return the exiled card to the battlefield under its owner's control.",
             "w": "If W would be put into a graveyard from anywhere, reveal W and shuffle it into its owner's library "
                  "instead.",
             "c": "When you play another land, sacrifice C."}

    def board(time: int = 2, present: str = "vjwc", played: int = 0):
        perms = "".join(f"  - {{id: {i}, name: {i.upper()}, types: [creature], power: 1, toughness: 1, "
                        f"controller: {'a' if i == 'c' else 'b'}, counters: {{time: {time if i == 'v' else 0}}}, "
                        f"text: \"{lines[i]}\"}}\n" for i in present)
        return parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                                f"turn: {{step: precombat_main, lands_played: {{a: {played}}}}}\nbattlefield:\n" + perms,
                                "l.yaml")

    start = board()
    unread = [UnreadLine(i, line, frozenset({"other"})) for i, line in lines.items()]
    assert line_bearing(unread, start, [board(), board()]) == ()
    assert [u.permanent for u in line_bearing(unread, start, [board(1)])] == ["v"]
    assert [u.permanent for u in line_bearing(unread, start, [board(present="vc"), board()])] == ["j", "w"]
    assert [u.permanent for u in line_bearing(unread, start, [board(played=1)])] == ["c"]
    assert resolve_bearing(start, board()).decisive == ()
    assert [u.permanent for u in resolve_bearing(start, board(1)).decisive] == ["v"]


def test_a_trigger_on_attacking_bears_on_no_resolution() -> None:
    """508.1: a resolution declares no attackers, so Champion of Rhonas's "You may exert ~ as it
    attacks" (PS_AKH6) and "Whenever ~ attacks" do nothing while spells resolve; a line of
    another kind still bears."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import resolve_bearing

    lines = {"exerter": "You may exert Exerter as it attacks. When you do, you may put a creature card from your hand "
                        "onto the battlefield.", "raider": "Whenever Raider attacks, frobnicate.",
             "mourner": "Whenever a creature dies, frobnicate."}
    perms = "".join(f"  - {{id: {i}, name: {i.title()}, types: [creature], power: 2, toughness: 2, controller: b, "
                    f"text: \"{line}\"}}\n" for i, line in lines.items())
    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n" + perms,
                             "a.yaml")
    assert [u.permanent for u in resolve_bearing(board, board).decisive] == ["mourner"]


def test_what_works_as_permanents_enter_or_spells_are_cast_bears_only_if_it_happens() -> None:
    """614.1c, 614.12: "Snow lands your opponents control enter the battlefield tapped" (Reidane,
    PS_KHM2) works only if a permanent enters on some path of the line; 601.2f: "Noncreature spells
    your opponents cast ... cost {2} more to cast" only if a spell is cast; 702.138c: "Phoenix of
    Ash escapes with a +1/+1 counter on it" works only as it enters, so never on a permanent
    already on the battlefield, where its activated ability still bears. Neither of the first two
    bears on a payment (601.2g-h), nor on a resolution where nothing entered or was cast."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import line_bearing, mana_bearing, resolve_bearing, turn_bearing

    lines = {"r": "Snow lands your opponents control enter the battlefield tapped.",
             "q": "Noncreature spells your opponents cast with mana value 4 or greater cost {2} more to cast.",
             "p": "P escapes with a +1/+1 counter on it.", "f": "{2}{R}: Frobnicate target creature."}

    def board(extra: str = "", cast: int = 0):
        perms = "".join(f"  - {{id: {i}, name: {i.upper()}, types: [creature], power: 2, toughness: 2, "
                        f"controller: b, text: \"{line}\"}}\n" for i, line in lines.items())
        return parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                                f"turn: {{step: precombat_main, spells_cast: {{a: {cast}}}}}\nbattlefield:\n" + perms
                                + extra, "e.yaml")

    start = board()
    against_win, against_no = turn_bearing(start, False)
    assert sorted(u.permanent for u in against_win) == sorted(u.permanent for u in against_no) == ["f", "q", "r"]
    unread = [u for u in against_win if u.permanent in "qr"]
    assert line_bearing(unread, start, [board(), board()]) == ()
    land = "  - {id: land, card: Snow-Covered Forest, controller: a}\n"
    assert [u.permanent for u in line_bearing(unread, start, [board(land)])] == ["r"]
    assert [u.permanent for u in line_bearing(unread, start, [board(), board(cast=1)])] == ["q"]
    assert resolve_bearing(start, board()).decisive == ()
    assert [u.permanent for u in resolve_bearing(start, board(land)).decisive] == ["r"]
    assert [u.permanent for u in resolve_bearing(start, board(cast=1)).decisive] == ["q"]
    assert {"q", "r"} & {u.permanent for u in mana_bearing(start, "a", None).lines} == set()


def test_tokens_put_onto_the_battlefield_attacking_deal_their_damage(real_cards) -> None:
    """508.4: Leonin Warleader's attack trigger creates two 1/1 Cats tapped and attacking: 4 + 1 + 1
    damage beats 6 life, not 7; the line replays."""
    from mtgsolver.load import parse_board_text

    def board(life: int):
        return parse_board_text(f"version: 1\nactive_player: a\nplayers: [{{name: a}}, {{name: b, life: {life}}}]\n"
                                "turn: {step: precombat_main}\nbattlefield:\n"
                                "  - {id: w, card: Leonin Warleader, controller: a}\n", "w.yaml", real_cards)

    won = win_turn(board(6), real_cards, time_limit=60)
    assert won.solved is True and all(c.ok for c in check_line(board(6), won.line, real_cards))
    assert win_turn(board(7), real_cards, time_limit=60).solved is False


def test_the_opponent_can_cast_only_what_their_mana_pays_for(real_cards) -> None:
    """117.1a, 601.2g-h: a known instant in the opponent's hand is a doubt only if their mana
    could pay for it now or on a board the line passes through: with no lands, Counterspell and
    Lightning Bolt can't be cast; Force of Will's alternative cost (118.9) can be paid without
    mana, so it stays; two Mountains cast the Bolt, not Counterspell (the Island is tapped), and
    two untapped Islands on a later board make Counterspell castable."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.turn import opponent_can_act

    def board(lands: str):
        return parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nzones: {b: {hand: "
                                "[Counterspell, Lightning Bolt, Force of Will]}}\nbattlefield:\n"
                                "  - {id: x, card: Grizzly Bears, controller: a}\n" + lands, "hand.yaml", real_cards)

    assert opponent_can_act(board(""), "b") == ["b has 1 card in hand that could be cast in response (Force of Will)"]
    mountains = ("  - {id: i, card: Island, controller: b, tapped: true}\n  - {id: m, card: Mountain, controller: b}\n"
                 "  - {id: m2, card: Mountain, controller: b}\n")
    assert opponent_can_act(board(mountains), "b") == [
        "b has 2 cards in hand that could be cast in response (Lightning Bolt, Force of Will)"]
    later = board(mountains.replace(", tapped: true", "") + "  - {id: i2, card: Island, controller: b}\n")
    assert "Counterspell" in opponent_can_act(board(mountains), "b", [later])[0]


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


def test_a_target_filter_with_x_is_set_by_each_x_chosen(real_cards) -> None:
    """107.3a, 601.2b-c: X is chosen before targets, so Entrancing Melody ("Gain control of target
    creature with mana value X") with {X}{U}{U} and four Islands may target the Grizzly Bears
    (mana value 2) for X = 2 and never Hill Giant (mana value 4), which X can't reach (PS_WAR3)."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.rules.game import Game
    from mtgsolver.solver.resolve import LibraryReader
    from mtgsolver.solver.turn_moves import moves

    lands = "".join(f"  - {{id: i{i}, card: Island, controller: a}}\n" for i in range(4))
    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "turn: {step: precombat_main}\nzones: {a: {hand: [Entrancing Melody]}}\nbattlefield:\n"
                             + lands + "  - {id: bears, card: Grizzly Bears, controller: b}\n"
                             "  - {id: giant, card: Hill Giant, controller: b}\n", "melody.yaml", real_cards)
    found = moves(Game(board, LibraryReader(real_cards), None), "a", False)  # type: ignore[arg-type]
    melody = {(m.x, m.targets) for m in found.moves if m.name == "Entrancing Melody"}
    assert {x for x, _ in melody} == {2} and {t for _, t in melody} == {(("bears",),)}


def test_an_alternative_cost_of_a_permanent_on_the_battlefield_does_not_bear(real_cards) -> None:
    """118.9: Lashknife's "you may tap an untapped creature you control rather than pay this
    spell's mana cost" works only as the card is cast: of the Lashknife on the battlefield it
    bears on no answer (113.6d-g), of the one in hand on the answer that there is no win."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "turn: {step: precombat_main}\nzones: {a: {hand: [Lashknife]}}\nbattlefield:\n"
                             "  - {id: bears, card: Grizzly Bears, controller: a}\n"
                             "  - {id: knife, card: Lashknife, controller: a, attached_to: bears}\n", "knife.yaml",
                             real_cards)
    against_win, against_no = turn_bearing(board, False)
    alternative = [u.permanent for u in against_no if "rather than pay" in u.line]
    assert alternative == ["a.hand[0]"] and not [u for u in against_win if "rather than pay" in u.line]


@pytest.mark.parametrize("extra, bears", [
    ("", False),                                                                  # no mana at all
    ("  - {id: forest, card: Forest, controller: bob}\n", True),                   # a land to pay with
    ("  - {id: forest, card: Forest, controller: bob, tapped: true}\n", False),    # tapped
    ("  - {id: m, name: Mana Thing, types: [artifact], controller: bob, text: \"{T}: Add {G}. Frob.\"}\n", True),
])
def test_an_unread_activated_ability_its_controller_cant_pay_for_bears_on_no_win(real_cards, extra: str,
                                                                                   bears: bool) -> None:
    """602.2b, 601.2g-h: Waker of the Wilds' "{X}{G}{G}: ..." (unread) needs {G}{G} even with X = 0;
    with no mana in bob's pool and no untapped permanent that has, or could have, a mana ability,
    bob can't activate it, so it bears on no "no win"; on a win found, only if bob could pay for it
    on some board of its line. A {T} ability of a tapped permanent neither."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import line_bearing, turn_bearing

    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nturn: {step: precombat_main}\n"
            "battlefield:\n  - {id: waker, card: Waker of the Wilds, controller: bob}\n"
            "  - {id: t, name: Tapper, types: [artifact], controller: bob, tapped: true, text: \"{T}: Frobnicate target "
            "creature.\"}\n" + extra)
    board = parse_board_text(text, "b.yaml", library=real_cards)
    against_win, against_no = turn_bearing(board, False)
    assert ("waker" in {u.permanent for u in against_no}) is bears
    assert "t" not in {u.permanent for u in against_no}
    # a win found is judged along its line: here a line whose boards are all this one
    kept = line_bearing([u for u in against_win if u.permanent in ("waker", "t")], board, [board])
    assert {u.permanent for u in kept} == ({"waker"} if bears else set())


@ci_only("a search of seconds")
def test_spark_harvest_puzzle_is_won_after_its_first_move(real_cards) -> None:
    """PS_WAR1 after Spark Harvest, Dreadhorde Twins sacrificed (601.2f), destroys Evolution Sage:
    Resolute Watchdog, then an attack of the Zombie Army (Forebear's Blade) and the other Twins wins
    against every block, the Watchdog's indestructible given after blocks, the Blade moving to the
    Twins as the Army dies to first strike (603.10a). The whole puzzle is beyond the search's time."""
    from mtgsolver.solver.resolve import resolve

    board = load_board(ROOT / "tests/data/forge/PS_WAR1.pzl", real_cards)
    after = resolve(board, ["cast Spark Harvest>evolution_sage"], library=real_cards,
                    choose=["additional:you.hand[1]=sacrifice creature",
                            "cost:spark-harvest:sacrifice=dreadhorde_twins_2"]).board
    answer = win_turn(after, real_cards, time_limit=120)
    assert answer.solved is True, answer.reasons
    assert all(c.ok for c in check_line(after, answer.line, real_cards))


@pytest.mark.parametrize("step, bears", [("precombat_main", False), ("upkeep", True)])
def test_an_upkeep_trigger_of_a_card_in_hand_bears_only_before_the_upkeep_is_over(real_cards, step: str,
                                                                                  bears: bool) -> None:
    """Mana Crypt's "At the beginning of your upkeep, flip a coin ..." (503.1a): cast in the main
    phase, its permanent sees the next upkeep only, beyond the one turn searched."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.solver.relevance import turn_bearing

    board = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
                             f"turn: {{step: {step}}}\nzones: {{alice: {{hand: [Mana Crypt]}}}}\n", "b.yaml",
                             library=real_cards)
    _, against_no = turn_bearing(board, step == "upkeep")
    assert any("upkeep" in u.line for u in against_no) is bears


def test_a_trigger_on_a_step_beginning_does_not_bear_on_a_resolution(real_cards) -> None:
    """500.1, 603.2: a resolution begins no step, so Mana Crypt's "At the beginning of your
    upkeep, flip a coin. ..." bears on casting it in a main phase no more than on the permanent
    there throughout; a delayed "at the beginning of the next end step" line still bears."""
    from mtgsolver.load import parse_board_text, prepare
    from mtgsolver.solver.relevance import resolve_bearing
    from mtgsolver.solver.resolve import resolve

    board = prepare(parse_board_text("version: 1\nactive_player: a\nturn: {step: precombat_main}\n"
                                     "players: [{name: a}, {name: b}]\nzones: {a: {hand: [Mana Crypt]}}\n",
                                     "b.yaml", real_cards))
    answer = resolve(board, [f"cast {board.zones['a'].hand[0].id}"], free=True, library=real_cards)
    assert answer.resolved is True and answer.unread == ()
    assert [p.name for p in answer.board.permanents] == ["Mana Crypt"]
    late = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n  - {id: x, name: X, "
            "types: [artifact], controller: a, text: 'At the beginning of the next end step, frobnicate X.'}\n")
    start = prepare(parse_board_text(late, "b.yaml"))
    assert [u.permanent for u in resolve_bearing(start, start).decisive] == ["x"]
