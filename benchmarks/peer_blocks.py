"""Runs magic-combat's ``decide_optimal_blocks`` on scenarios read as JSON from stdin (one
list), in the peer's own venv with the peer on ``PYTHONPATH`` (:mod:`benchmarks.peer_env`;
``benchmarks/puzzles.py`` starts it). Prints, per scenario, the chosen block
(for each blocker the index of the attacker it blocks, or null; ``null`` for the whole block
when it gave up at its iteration cap) and the seconds it took. ``PEER_MAX_ITERATIONS`` raises
the peer's cap (default 10,000 simulations) so it answers on larger boards."""
from __future__ import annotations

import json
import os
import sys
import time

from magic_combat import CombatCreature
from magic_combat.blocking_ai import decide_optimal_blocks
from magic_combat.exceptions import IterationLimitError
from magic_combat.gamestate import GameState, PlayerState

FLAGS = ("flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink", "menace",
         "indestructible", "wither", "infect")


def creature(name: str, c: dict, controller: str) -> CombatCreature:
    return CombatCreature(name, c["power"], c["toughness"], controller, **{k: True for k in c["keywords"] if k in FLAGS})


def main() -> None:
    out = []
    for s in json.load(sys.stdin):
        attackers = [creature(f"a{i}", c, "A") for i, c in enumerate(s["attackers"])]
        blockers = [creature(f"b{i}", c, "B") for i, c in enumerate(s["blockers"])]
        state = GameState({"A": PlayerState(20, attackers), "B": PlayerState(s["life"], blockers)})
        start = time.perf_counter()
        try:
            top, _ = decide_optimal_blocks(state, max_iterations=int(os.environ.get("PEER_MAX_ITERATIONS", 10_000)))
        except IterationLimitError:  # its cap (default 10,000 simulations): no answer
            out.append({"blocks": None, "seconds": time.perf_counter() - start})
            continue
        seconds = time.perf_counter() - start
        choice = list(top[0][1]) if top else [None] * len(blockers)
        out.append({"blocks": choice, "seconds": seconds})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
