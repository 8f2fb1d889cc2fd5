"""The differential boards of ``tests/test_phase_differential.py``, measured. Run:
``python benchmarks/differential.py [BOARDS] [SEED]`` (default 300 boards, the test's seed).

Seeded boards of the pool's creature cards and Auras (``references/phase_peer.py``), each asked
the declared attack (508.1) and the declared blocks (509.1), of mtgsolver and of phase.rs
(PyPI ``phase-python``; without it only mtgsolver's side is printed). Prints:

- how many answers have unread text on their board, and how many are undecided: the share
  whose unread lines could change the answer (docs/unread.md), per question and overall;
- the unread lines that made answers undecided most often;
- agreement with phase where both answer, and the disagreements (each judged in the test);
- the median seconds per board of each side.
"""
from __future__ import annotations

import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from peer_env import SHARED  # noqa: E402

from references.phase_peer import Phase, board_text, card_data, load_pool, pool_cards, random_spec  # noqa: E402

POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"
SEED = 2026


def main() -> None:
    import random

    from mtgsolver import check_attacks, check_blocks, load_board
    from mtgsolver.model.errors import BoardError
    from mtgsolver.read.card_files import library_from_card_file

    boards = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    pool = load_pool(POOL)
    creatures, auras, control = pool_cards(pool)
    library = library_from_card_file(POOL)
    rng = random.Random(seed)
    loaded = []
    while len(loaded) < boards:
        spec = random_spec(rng, creatures, auras, control)
        try:
            loaded.append((spec, load_board(board_text(spec), library=library)))
        except BoardError:
            continue
    try:
        engine: Phase | None = Phase(card_data(pool, {p["card"] for s, _ in loaded for p in s["permanents"]}))
    except ImportError:
        engine = None
    counts: collections.Counter[str] = collections.Counter()
    lines: collections.Counter[str] = collections.Counter()
    ours_seconds, phase_seconds, disagreements = [], [], []
    for spec, board in loaded:
        start = time.perf_counter()
        answers = {"attacks": check_attacks(board), "blocks": check_blocks(board)}
        ours_seconds.append(time.perf_counter() - start)
        text = any(p.unread for p in board.permanents)
        for question, result in answers.items():
            counts[question] += 1
            counts[question + " with unread text"] += text
            counts[question + " undecided"] += result.legal is None
            if result.legal is None:
                lines.update(u.line[:100] for u in result.unread)
        if engine is None:
            continue
        start = time.perf_counter()
        theirs = dict(zip(("attacks", "blocks"), engine.judge(spec)))
        phase_seconds.append(time.perf_counter() - start)
        for question in ("attacks", "blocks"):
            ours = answers[question].legal
            if question == "blocks" and not (answers["attacks"].legal and theirs["attacks"]):
                continue
            if ours is not None and theirs[question] is not None:
                counts[question + " compared"] += 1
                if ours != theirs[question]:
                    cards = sorted(p["card"] for p in spec["permanents"])
                    disagreements.append((question, ours, theirs[question], cards))
    total = counts["attacks"] + counts["blocks"]
    print(f"{len(loaded)} boards (seed {seed}), {total} answers")
    for question in ("attacks", "blocks"):
        n = counts[question]
        print(f"  {question:8} with unread text on the board {counts[question + ' with unread text']:4} "
              f"({counts[question + ' with unread text'] / n:6.1%}), undecided {counts[question + ' undecided']:4} "
              f"({counts[question + ' undecided'] / n:6.1%})")
    undecided = counts["attacks undecided"] + counts["blocks undecided"]
    with_text = counts["attacks with unread text"] + counts["blocks with unread text"]
    print(f"  all      undecided {undecided} of {total} ({undecided / total:.1%}); of the {with_text} answers with "
          f"unread text, {undecided / max(with_text, 1):.1%} could be changed by it")
    print("lines that made answers undecided most often:")
    for line, n in lines.most_common(10):
        print(f"  {n:3}  {line}")
    print(f"mtgsolver: median {statistics.median(ours_seconds) * 1000:.1f} ms a board (both checks)")
    if engine is None:
        print("phase-python is not installed: no second opinion (pip install -e '.[phase]')")
        return
    compared = counts["attacks compared"] + counts["blocks compared"]
    print(f"phase.rs: median {statistics.median(phase_seconds) * 1000:.1f} ms a board (set up and both declarations); "
          f"{compared} answers compared, {compared - len(disagreements)} agree, {len(disagreements)} disagree:")
    for question, ours, theirs, cards in disagreements:
        print(f"  {question}: mtgsolver {ours}, phase {theirs}: {', '.join(cards)}")


if __name__ == "__main__":
    main()
