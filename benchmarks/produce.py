"""Benchmark of ``could_produce`` (106.7) on 500-permanent boards with cycles and chains.

Run: ``python benchmarks/produce.py [--repeat 15]``. Prints a table of median times and the
ratio against a baseline measured in the same run: the same least fixed point computed by
naive iteration over the whole graph (every node re-evaluated until nothing changes), the way
a rules engine without the SCC decomposition would do it. Floor: the whole board
under 0.1 s median.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import median_seconds  # noqa: E402

from mtgsolver.load import prepare  # noqa: E402
from mtgsolver.read.board_file import BoardFile, build_board  # noqa: E402
from mtgsolver.rules.mana_graph import least_fixed_point  # noqa: E402
from mtgsolver.rules.production import analyse  # noqa: E402
from mtgsolver.solver.produce import could_produce  # noqa: E402
from references.reference_produce import naive_graph_fixpoint  # noqa: E402

REFLECTORS = ["Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist", "Harvester Druid",
              "Squandered Resources"]
SOURCES = ["Forest", "Island", "Plains", "Wastes", "Vivid Crag", "Llanowar Elves", "Gaea's Cradle", "Tundra"]
EFFECTS = ["Contamination", "Pulse of Llanowar", "Mana Reflection", "Heartbeat of Spring"]


def chain_board(n: int = 500, players: int = 25, seed: int = 1):
    """Players 0..k-1; only the last player has a basic land, so every other player's
    reflecting permanents get their types through Orchards and Stones that see it, and
    Pools and Vitalists reflect those: one big strongly connected component plus chains."""
    rng = random.Random(seed)
    names = [f"p{i:02d}" for i in range(players)]
    perms = []
    for i in range(n):
        owner = names[i % players]
        if owner == names[-1] and i < 2 * players:
            name = "Island"
        elif i % 50 == 7:
            name = rng.choice(EFFECTS)
        elif i % 10 == 3:
            name = rng.choice(SOURCES[3:])  # no colored basic: Wastes, Crag, Elves, Cradle, Tundra
        else:
            name = rng.choice(REFLECTORS)
        perms.append({"id": f"x{i:03d}", "card": name, "controller": owner})
    data = {"version": 1, "active_player": names[0], "players": [{"name": p} for p in names],
            "battlefield": perms}
    return prepare(build_board(BoardFile.model_validate(data), "<bench>"))


def two_player_board(n: int = 500, seed: int = 2):
    """Two players, mostly Pools and Orchards (cycles through both), a few sources."""
    rng = random.Random(seed)
    perms = []
    for i in range(n):
        name = rng.choice(SOURCES) if i % 25 == 0 else rng.choice(REFLECTORS + REFLECTORS[:2])
        perms.append({"id": f"x{i:03d}", "card": name, "controller": ("alice", "bob")[i % 2]})
    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
            "battlefield": perms}
    return prepare(build_board(BoardFile.model_validate(data), "<bench>"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    print(f"{'board':<28}{'nodes':>7}{'edges':>7}{'SCCs>1':>7}{'largest':>8}"
          f"{'naive fp':>11}{'SCC fp':>10}{'ratio':>7}{'analyse':>10}{'produce':>10}  floor")
    for label, board in (("25 players, chains", chain_board()), ("2 players, cycles", two_player_board())):
        prod = analyse(board)
        g = prod.graph
        import networkx as nx
        sccs = [c for c in nx.strongly_connected_components(g) if len(c) > 1]
        naive = naive_graph_fixpoint(g)
        assert {n: prod.fixed_point.values.get(n, frozenset()) for n in g} == naive
        t_naive = median_seconds(lambda: naive_graph_fixpoint(g), args.repeat)
        t_scc = median_seconds(lambda: least_fixed_point(g), args.repeat)
        # a fresh Board object each time: analyse caches per board
        t_analyse = median_seconds(lambda: analyse(board.replace()), args.repeat)
        t_all = median_seconds(lambda: could_produce(board.replace()), args.repeat)
        ok = "ok" if t_all < 0.1 else "MISSED"
        print(f"{label:<28}{g.number_of_nodes():>7}{g.number_of_edges():>7}{len(sccs):>7}"
              f"{max((len(c) for c in sccs), default=0):>8}{t_naive * 1e3:>9.1f}ms{t_scc * 1e3:>8.1f}ms"
              f"{t_naive / t_scc:>6.1f}x{t_analyse * 1e3:>8.1f}ms{t_all * 1e3:>8.1f}ms  {ok} (<100ms)")
    print(f"permanents per board: {len(board.permanents)}; median of {args.repeat} runs; 'produce' = "
          "could_produce for the whole board (type changes, graph, fixed point, reasons)")


if __name__ == "__main__":
    main()
