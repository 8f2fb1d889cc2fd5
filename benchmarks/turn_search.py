"""The whole-turn search (``solve --goal win``) on Forge's one-turn puzzles, and the inner
questions it asks, timed in process.

Run: ``python benchmarks/turn_search.py [--time-limit S] [--repeat N] [--puzzles P ... |
--all-forge] [--phase-ai [--phase-time-limit S]] [--no-puzzles] [--no-inner]``. Needs the card pool (``../shared/data/``, see :mod:`benchmarks.peer_env`).

1. **Puzzles**: each puzzle of :data:`SOLVED` (the Forge puzzles ``solve --goal win`` wins,
   measured over every saved puzzle in benchmarks/README.md) searched with
   :func:`mtgsolver.solver.win.win_turn`, its line replayed through ``pay``, ``resolve``,
   ``attacks check`` and ``blocks check`` (:func:`mtgsolver.solver.win.check_line`): the answer,
   the seconds, the positions searched, the line's moves; then the median and the worst. With
   ``--shortest``, each again for a line with the fewest moves (``solve --shortest``).
2. **Inner questions** on one 20-permanent board of real cards (:func:`inner_board`: 12 lands,
   5 attacking creatures against 3 untapped blockers): the search's own payment and resolution
   (:func:`search_questions`), beside their baselines ``pay`` (CP-SAT) and ``resolve`` (paid
   by the payment solver), a block check with and without its explanation, each the median of
   ``--repeat`` calls in wall and CPU milliseconds (``time.process_time``: the shared
   machine's load, printed with the table, inflates only the first); beside them phase.rs's own check of the
   same declaration of blockers on the same board (PyPI ``phase-python``, ``pip install -e
   '.[phase]'``: only its ``DeclareBlockers`` action is timed, on a copy of the game loaded
   before the clock starts), when it is installed.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from peer_env import SHARED  # noqa: E402
from timing import load_average, median_times  # noqa: E402

from mtgsolver.load import load_board, parse_board_text  # noqa: E402
from mtgsolver.model.errors import UserError  # noqa: E402
from mtgsolver.read.card_index import load_cards  # noqa: E402
from mtgsolver.solver.blocks import check_blocks  # noqa: E402
from mtgsolver.solver.payment import pay  # noqa: E402
from mtgsolver.solver.resolve import resolve  # noqa: E402
from mtgsolver.solver.win import check_line, win_turn  # noqa: E402

POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"
FORGE = ROOT / "tests" / "data" / "forge"
EXAMPLES = ROOT / "examples" / "puzzles" / "forge"
#: The puzzles ``solve --goal win`` wins (benchmarks/README.md, "Forge puzzles").
SOLVED = ("ps-akh4.yaml", "PS_AKH4.pzl", "PS_RIX6.pzl", "PS_MID2.pzl", "PP00.pzl", "PP01.pzl", "ps-khm2.yaml",
          "PS_KHM2.pzl", "MTGP_04.pzl", "MTGP_09.pzl", "mtgp-09.yaml", "PS_ZNR3.pzl",
          "PP15.pzl", "PS_WAR1.pzl", "PP03.pzl", "PS_M192.pzl",
          "MTGP_03.pzl", "PS_DOM2.pzl")

#: The inner questions' board: the attacking player's lands and creatures, the defender's.
ATTACKERS = ("Grizzly Bears", "Centaur Courser", "Hill Giant", "Boggart Brute", "Serra Angel")
DEFENDERS = ("Giant Spider", "Grizzly Bears", "Gray Ogre")
LANDS = ("Mountain",) * 4 + ("Forest",) * 4 + ("Plains",) * 4
#: The declaration both checks judge: the Spider on the Angel, the Bears on the Courser, the Ogre on the Giant.
BLOCKS = {"b0": ["a4"], "b1": ["a1"], "b2": ["a2"]}


def inner_spec() -> dict[str, Any]:
    """The 20-permanent board as a phase spec (:mod:`references.phase_peer`)."""
    perms = [{"id": f"l{i}", "card": n, "controller": "a"} for i, n in enumerate(LANDS)]
    perms += [{"id": f"a{i}", "card": n, "controller": "a"} for i, n in enumerate(ATTACKERS)]
    perms += [{"id": f"b{i}", "card": n, "controller": "b"} for i, n in enumerate(DEFENDERS)]
    return {"permanents": perms, "attackers": [f"a{i}" for i in range(len(ATTACKERS))],
            "blockers": [{"creature": b, "blocks": a} for b, a in BLOCKS.items()]}


def inner_board(library: Any) -> Any:
    """The same board as a board file, with Lightning Bolt in the attacking player's hand."""
    from references.phase_peer import board_text

    text = board_text(inner_spec()) + "zones:\n  a: {hand: [Lightning Bolt], library: {count: 20}}\n" \
        "turn: {step: declare_blockers}\n"
    return parse_board_text(text, "<inner board>", library)


def phase_block_check(spec: dict[str, Any], repeat: int) -> float | None:
    """phase.rs's median seconds to accept the declaration of blockers of ``spec`` (the game set
    up to its declare blockers prompt once; each time a copy loaded, then only the action timed)."""
    try:
        from references.phase_peer import Phase, card_data, load_pool
    except ImportError:
        return None
    try:
        import phase  # noqa: F401
    except ImportError:
        return None
    pool = load_pool(POOL)
    peer = Phase(card_data(pool, {p["card"] for p in spec["permanents"]}))
    game, ids = peer._board(spec)
    peer._combat(game)
    game.apply(0, peer._attack_action(spec, ids))
    prompt = peer._advance(game, "DeclareBlockers")
    state = game.state()
    action = {"type": "DeclareBlockers",
              "data": {"assignments": [[ids[b["creature"]], ids[a]] for b in spec["blockers"] for a in b["blocks"]]}}
    times = []
    for _ in range(repeat):
        copy = peer.engine.load_game(state)
        start = time.perf_counter()
        copy.apply(prompt["data"]["player"], action)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def all_forge() -> list[str]:
    """Every Forge puzzle file: the imported examples, then the saved ``.pzl`` files."""
    return [p.name for p in sorted(EXAMPLES.glob("*.yaml"))] + [p.name for p in sorted(FORGE.glob("*.pzl"))]


def puzzles(names: list[str], library: Any, time_limit: float, phase_time_limit: float | None = None,
            shortest: bool = False) -> None:
    """Each puzzle searched and its line replayed (the first winning line found, its moves); with
    ``shortest``, searched again for a line with the fewest moves (``solve --shortest``); with
    ``phase_time_limit``, beside it phase.rs's AI playing the same board in its own engine
    (:func:`phase_ai.phase_ai_wins`)."""
    head = "| puzzle | answer | seconds | CPU s | positions | moves | line replayed |"
    if shortest:
        head += " fewest moves | CPU s to the fewest | positions to the fewest |"
    if phase_time_limit is not None:
        head += " phase AI | phase seconds (CPU) | phase actions | how phase's game ended |"
    print(head)
    print("|" + " --- |" * (head.count("|") - 1))
    seconds, cpus, tally = [], [], {}
    for name in names:
        path = EXAMPLES / name if (EXAMPLES / name).exists() else FORGE / name
        try:
            board = load_board(path, library)
        except UserError as exc:
            board, row = None, f"| {path.stem} | bad input | - | - | {str(exc).splitlines()[0][-90:]} |"
        else:
            start, cpu = time.perf_counter(), time.process_time()
            answer = win_turn(board, library, time_limit=time_limit)
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            seconds.append(took)
            cpus.append(cpu)
            replayed = "-"
            if answer.line is not None:
                checks = check_line(board, answer.line, library)
                replayed = f"{sum(c.ok for c in checks)}/{len(checks)} steps pass"
            verdict = {True: "win", False: "no win", None: "undecided"}[answer.solved]
            moves = answer.line.moves() if answer.line is not None else "-"
            row = (f"| {path.stem} | {verdict} | {took:.2f} | {cpu:.3f} | {answer.stats.positions} | {moves} |"
                   f" {replayed} |")
            if shortest:
                cpu = time.process_time()
                fewest = win_turn(board, library, time_limit=time_limit, shortest=True)
                cpu = time.process_time() - cpu
                proven = "" if fewest.stats.shortest else " (not proven)"
                row += (f" {fewest.line.moves() if fewest.line is not None else '-'}{proven} | {cpu:.3f} |"
                        f" {fewest.stats.positions} |")
        if phase_time_limit is not None:
            from phase_ai import PhaseAIResult, phase_ai_wins

            theirs = phase_ai_wins(board, phase_time_limit) if board is not None else \
                PhaseAIResult("not loaded", "no board (bad input)")
            tally[theirs.outcome] = tally.get(theirs.outcome, 0) + 1
            why = "; ".join([theirs.why, *theirs.notes,
                             *(["phase reads in part: " + ", ".join(theirs.unimplemented)] if theirs.unimplemented else [])])
            row += (f" {theirs.outcome} | {theirs.seconds:.2f} ({theirs.cpu_seconds:.2f}) | {theirs.actions} |"
                    f" {why.replace('|', '/')} |")
        print(row, flush=True)
    if seconds:
        print(f"\nmedian {statistics.median(seconds):.2f} s ({statistics.median(cpus):.2f} s of CPU), worst "
              f"{max(seconds):.2f} s ({max(cpus):.2f} s of CPU) over {len(seconds)} puzzles")
    if tally:
        print("phase AI: " + ", ".join(f"{n} {outcome}" for outcome, n in sorted(tally.items())) + f" of {len(names)} files")


class _First:
    """A chooser that takes the first option (the inner questions meet no choice)."""

    @staticmethod
    def choose(key: str, options: Any) -> int:
        return 0


def search_questions(board: Any, library: Any, repeat: int) -> list[tuple[str, tuple[float, float]]]:
    """The search's own inner questions on ``board``: the ways to pay {3}{R}{G} (the exact
    enumeration with a bipartite matching, :func:`mtgsolver.solver.turn_moves.payments`, no
    CP-SAT) and a Lightning Bolt on b0 cast with that payment and resolved on a game
    (:meth:`mtgsolver.solver.turn_moves.Move.apply`), each on a fresh game."""
    from mtgsolver.model.mana import ManaCost
    from mtgsolver.rules.game import Game
    from mtgsolver.solver.resolve import LibraryReader
    from mtgsolver.solver.turn_moves import Move, payments

    reader = LibraryReader(library)
    cost = ManaCost.parse("{3}{R}{G}")
    bolt = next(c for c in board.zones["a"].hand if c.name == "Lightning Bolt")
    paid = payments(Game(board, reader, _First()), "a", bolt.card.mana_cost, None, bolt.card).payments[0]
    move = Move("cast", bolt.id, bolt.name, targets=(("b0",),), payment=paid)
    return [("payment {3}{R}{G}: the search's ways to pay (matching)",
             median_times(lambda: payments(Game(board, reader, _First()), "a", cost, None, None), repeat)),
            ("resolution: Lightning Bolt on b0 cast and resolved in the search (Move.apply)",
             median_times(lambda: move.apply(Game(board, reader, _First())), repeat))]


def inner(library: Any, repeat: int) -> None:
    board = inner_board(library)
    rows = [
        *search_questions(board, library, repeat),
        ("baseline: payment {3}{R}{G} (pay: CP-SAT, its objective)",
         median_times(lambda: pay(board, "{3}{R}{G}", player="a"), repeat)),
        ("baseline: resolution: Lightning Bolt on b0, paid (resolve)",
         median_times(lambda: resolve(board, ["cast Lightning Bolt>b0"], library=library), repeat)),
        ("block check, no explanation (blocks check)",
         median_times(lambda: check_blocks(board, explain=False), repeat)),
        ("block check with explanation (blocks check)", median_times(lambda: check_blocks(board), repeat)),
    ]
    theirs = phase_block_check(inner_spec(), repeat)
    print(f"\ninner questions on a {len(board.permanents)}-permanent board, median of {repeat}, "
          f"load average {load_average():.1f}")
    print("| question | median ms | CPU ms |")
    print("| --- | --- | --- |")
    for what, (wall, cpu) in rows:
        print(f"| {what} | {wall * 1000:.2f} | {cpu * 1000:.2f} |")
    print(f"| phase.rs: the same declaration of blockers | "
          f"{'not installed' if theirs is None else f'{theirs * 1000:.2f}'} | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--puzzles", nargs="*", default=list(SOLVED))
    parser.add_argument("--all-forge", action="store_true", help="every Forge puzzle file instead of --puzzles")
    parser.add_argument("--no-puzzles", action="store_true")
    parser.add_argument("--phase-ai", action="store_true", help="phase.rs's AI on each puzzle beside our answer")
    parser.add_argument("--phase-time-limit", type=float, default=5.0, help="CPU seconds for phase's AI per puzzle")
    parser.add_argument("--no-inner", action="store_true")
    parser.add_argument("--shortest", action="store_true", help="each puzzle again for the line with the fewest moves")
    args = parser.parse_args()
    library = load_cards(POOL)
    if not args.no_puzzles:
        puzzles(all_forge() if args.all_forge else args.puzzles, library, args.time_limit,
                args.phase_time_limit if args.phase_ai else None, args.shortest)
    if not args.no_inner:
        inner(library, args.repeat)


if __name__ == "__main__":
    main()
