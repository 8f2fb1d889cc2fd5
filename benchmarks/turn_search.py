"""The whole-turn search (``solve --goal win``) on Forge's one-turn puzzles, and the inner
questions it asks, timed in process.

Run: ``python benchmarks/turn_search.py [--time-limit S] [--repeat N] [--puzzles P ...]
[--no-puzzles]``. Needs the card pool (``../shared/data/``, see :mod:`benchmarks.peer_env`).

1. **Puzzles**: each puzzle of :data:`SOLVED` (the Forge puzzles ``solve --goal win`` wins,
   measured over every saved puzzle in benchmarks/README.md) searched with
   :func:`mtgsolver.solver.win.win_turn`, its line replayed through ``pay``, ``resolve``,
   ``attacks check`` and ``blocks check`` (:func:`mtgsolver.solver.win.check_line`): the answer,
   the seconds, the positions searched; then the median and the worst.
2. **Inner questions** on one 20-permanent board of real cards (:func:`inner_board`: 12 lands,
   5 attacking creatures against 3 untapped blockers): a payment (``pay``), a resolution
   (``resolve`` of Lightning Bolt on a blocker, paid), a block check with and without its
   explanation, each the median of ``--repeat`` calls; beside them phase.rs's own check of the
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
from timing import median_seconds  # noqa: E402

from mtgsolver.load import load_board, parse_board_text  # noqa: E402
from mtgsolver.read.card_index import load_cards  # noqa: E402
from mtgsolver.solver.blocks import check_blocks  # noqa: E402
from mtgsolver.solver.payment import pay  # noqa: E402
from mtgsolver.solver.resolve import resolve  # noqa: E402
from mtgsolver.solver.win import check_line, win_turn  # noqa: E402

POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"
FORGE = ROOT / "tests" / "data" / "forge"
EXAMPLES = ROOT / "examples" / "puzzles" / "forge"
#: The puzzles ``solve --goal win`` wins (benchmarks/README.md, "Forge puzzles").
SOLVED = ("ps-akh4.yaml", "PS_AKH4.pzl", "PS_RIX6.pzl", "PP00.pzl", "PP01.pzl")

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


def puzzles(names: list[str], library: Any, time_limit: float) -> None:
    print("| puzzle | answer | seconds | positions | line replayed |")
    print("| --- | --- | --- | --- | --- |")
    seconds = []
    for name in names:
        path = EXAMPLES / name if (EXAMPLES / name).exists() else FORGE / name
        board = load_board(path, library)
        start = time.perf_counter()
        answer = win_turn(board, library, time_limit=time_limit)
        took = time.perf_counter() - start
        seconds.append(took)
        replayed = "-"
        if answer.line is not None:
            checks = check_line(board, answer.line, library)
            replayed = f"{sum(c.ok for c in checks)}/{len(checks)} steps pass"
        verdict = {True: "win", False: "no win", None: "undecided"}[answer.solved]
        print(f"| {path.stem} | {verdict} | {took:.2f} | {answer.stats.positions} | {replayed} |")
    if seconds:
        print(f"\nmedian {statistics.median(seconds):.2f} s, worst {max(seconds):.2f} s over {len(seconds)} puzzles")


class _First:
    """A chooser that takes the first option (the inner questions meet no choice)."""

    @staticmethod
    def choose(key: str, options: Any) -> int:
        return 0


def search_questions(board: Any, library: Any, repeat: int) -> list[tuple[str, float]]:
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
             median_seconds(lambda: payments(Game(board, reader, _First()), "a", cost, None, None), repeat)),
            ("resolution: Lightning Bolt on b0 cast and resolved in the search (Move.apply)",
             median_seconds(lambda: move.apply(Game(board, reader, _First())), repeat))]


def inner(library: Any, repeat: int) -> None:
    board = inner_board(library)
    rows = [
        *search_questions(board, library, repeat),
        ("payment {3}{R}{G} (pay: CP-SAT, its objective)",
         median_seconds(lambda: pay(board, "{3}{R}{G}", player="a"), repeat)),
        ("resolution: Lightning Bolt on b0, paid (resolve)",
         median_seconds(lambda: resolve(board, ["cast Lightning Bolt>b0"], library=library), repeat)),
        ("block check, no explanation (blocks check)",
         median_seconds(lambda: check_blocks(board, explain=False), repeat)),
        ("block check with explanation (blocks check)", median_seconds(lambda: check_blocks(board), repeat)),
    ]
    theirs = phase_block_check(inner_spec(), repeat)
    rows.append(("phase.rs: the same declaration of blockers", theirs))
    print(f"\ninner questions on a {len(board.permanents)}-permanent board, median of {repeat}")
    print("| question | median ms |")
    print("| --- | --- |")
    for what, s in rows:
        print(f"| {what} | {'not installed' if s is None else f'{s * 1000:.2f}'} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=30.0)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--puzzles", nargs="*", default=list(SOLVED))
    parser.add_argument("--no-puzzles", action="store_true")
    args = parser.parse_args()
    library = load_cards(POOL)
    if not args.no_puzzles:
        puzzles(args.puzzles, library, args.time_limit)
    inner(library, args.repeat)


if __name__ == "__main__":
    main()
