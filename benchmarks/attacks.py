"""Benchmark declare-attackers checking (CR 508.1) on large boards, with the brute-force
reference from ``references/reference_attacks.py`` timed on the sizes it can finish.

Run: ``python benchmarks/attacks.py [--repeat N]``. Prints one table; the floor is a median
``check`` under 0.5 s on the four-player goad board (also with Crawlspace, Sphere of Safety and
Norn's Annex) and on 60-attacker random boards.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from timing import median_seconds  # noqa: E402

from mtgsolver.model import Board, ManaCost  # noqa: E402
from mtgsolver.model.abilities import Static  # noqa: E402
from mtgsolver.model.attack_tax import AttackTax  # noqa: E402
from mtgsolver.model.board import Attack, CombatDeclaration  # noqa: E402
from mtgsolver.model.board_effects import Effect  # noqa: E402
from mtgsolver.model.filters import PlayerFilter  # noqa: E402
from mtgsolver.model.permanent import Permanent, Player  # noqa: E402
from mtgsolver.solver.attacks import check_attacks, suggest_attacks  # noqa: E402
from references import reference_attacks as ref  # noqa: E402

FLOOR = 0.5
PLAYERS = ("alice", "bob", "carol", "dan")
TWO = ManaCost.parse("{2}")


def _creature(rng: random.Random, cid: str) -> Permanent:
    abilities: list[Static] = []
    keywords: set[str] = set()
    roll = rng.random()
    if roll < 0.05:
        keywords.add("defender")
    elif roll < 0.10:
        abilities.append(Static("cant_attack", rng.choice(PLAYERS[1:])))
    elif roll < 0.15:
        abilities.append(Static("cant_attack_alone"))
    elif roll < 0.20:
        abilities.append(Static("cant_attack_unless", PlayerFilter(controls="island")))
    elif roll < 0.25:
        abilities.append(Static("attacks_each_combat"))
    elif roll < 0.28:
        abilities.append(Static("cant_attack", "planeswalkers"))
    if rng.random() < 0.2:
        keywords.add("haste")
    return Permanent(cid, f"Creature {cid}", "alice", "alice", types=frozenset({"creature"}),
                     base_power=rng.randint(0, 6), base_toughness=3, keywords=frozenset(keywords),
                     abilities=tuple(abilities), tapped=rng.random() < 0.08, summoning_sick=rng.random() < 0.1)


def _defences(battle: bool) -> list[Permanent]:
    perms = [
        Permanent("propaganda", "Propaganda", "bob", "bob", types=frozenset({"enchantment"}),
                  abilities=(Static("attack_tax", TWO),)),
        Permanent("prison", "Ghostly Prison", "carol", "carol", types=frozenset({"enchantment"}),
                  abilities=(Static("attack_tax", TWO),)),
        Permanent("island", "Island", "dan", "dan", types=frozenset({"land"}), subtypes=frozenset({"island"})),
    ]
    for i, owner in enumerate(PLAYERS[1:]):
        perms.append(Permanent(f"walker{i}", f"Walker {i}", owner, owner, types=frozenset({"planeswalker"}), loyalty=4))
    if battle:
        perms.append(Permanent("siege", "Invasion", "bob", "bob", types=frozenset({"battle"}),
                               subtypes=frozenset({"siege"}), defense=5, protector="carol"))
    return perms


def _declare(rng: random.Random, board: Board, ids: list[str], paid_share: float) -> Board:
    targets = [p for p in PLAYERS[1:]] + [p.id for p in board.permanents if p.types & {"planeswalker", "battle"}]
    attacks = tuple(Attack(c, rng.choice(targets)) for c in ids if rng.random() < 0.6)
    paid = frozenset(c for c in ids if rng.random() < paid_share)
    return board.replace(combat=CombatDeclaration(attacks, None, paid))


def goad_board(seed: int = 0) -> Board:
    """Four players, 40 creatures, 10 goaded by different players, Propaganda and Ghostly
    Prison on two players, three planeswalkers and a battle."""
    rng = random.Random(seed)
    ids = [f"c{i:02d}" for i in range(40)]
    perms = [_creature(rng, c) for c in ids] + _defences(battle=True)
    effects = []
    for i, c in enumerate(ids[:10]):
        effects.append(Effect("goaded", creature=c, by=PLAYERS[1 + i % 3]))
        if i % 4 == 0:
            effects.append(Effect("goaded", creature=c, by=PLAYERS[1 + (i + 1) % 3]))
    effects.append(Effect("must_attack", creature=ids[12], target="walker0"))
    effects.append(Effect("attacks_this_turn", creature=ids[13]))
    board = Board("alice", tuple(Player(p, 40) for p in PLAYERS), tuple(perms), tuple(effects))
    return _declare(rng, board, ids, 0.3)


def caps_board() -> Board:
    """The goad board plus Crawlspace (at most two creatures attack dan, 508.1c) and Sphere of
    Safety and Norn's Annex on carol (taxes on carol and her planeswalker, 508.1d)."""
    board = goad_board()
    extra = (
        Permanent("crawl", "Crawlspace", "dan", "dan", types=frozenset({"artifact"}),
                  abilities=(Static("max_attackers_against_controller", 2),)),
        Permanent("sphere", "Sphere of Safety", "carol", "carol", types=frozenset({"enchantment"}),
                  abilities=(Static("attack_tax", AttackTax(ManaCost.parse("{X}"), True, "enchantment")),)),
        Permanent("annex", "Norn's Annex", "carol", "carol", types=frozenset({"artifact"}),
                  abilities=(Static("attack_tax", AttackTax(ManaCost.parse("{W/P}"), True)),)),
    )
    return board.replace(permanents=board.permanents + extra)


def random_board(n: int, seed: int, battle: bool = True) -> Board:
    """Four players, ``n`` attackers with random restrictions and requirements."""
    rng = random.Random(seed)
    ids = [f"c{i:02d}" for i in range(n)]
    perms = [_creature(rng, c) for c in ids] + _defences(battle)
    effects = []
    for c in ids:
        roll = rng.random()
        if roll < 0.15:
            effects.append(Effect("goaded", creature=c, by=rng.choice(PLAYERS[1:])))
        elif roll < 0.2:
            effects.append(Effect("attacks_this_turn", creature=c))
        elif roll < 0.25:
            effects.append(Effect("must_attack", creature=c, target=rng.choice(("bob", "walker1"))))
    if rng.random() < 0.5:
        effects.append(Effect("max_attackers_total", n=max(1, n // 2)))
    board = Board("alice", tuple(Player(p, 40) for p in PLAYERS), tuple(perms), tuple(effects))
    return _declare(rng, board, ids, 0.3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows: list[tuple[str, str, str, str, str, str]] = []

    board = goad_board()
    result = check_attacks(board)
    t_check = median_seconds(lambda: check_attacks(board), args.repeat)
    t_suggest = median_seconds(lambda: suggest_attacks(board, "most-power"), args.repeat)
    rows.append(("4p goad, 40 creatures", f"{t_check:.3f}", f"{t_suggest:.3f}", "-", "-",
                 f"legal={result.legal} max={result.maximum} optimal={result.optimal}"))
    medians = [t_check]
    caps = caps_board()
    r = check_attacks(caps)
    tc = median_seconds(lambda: check_attacks(caps), args.repeat)
    ts = median_seconds(lambda: suggest_attacks(caps, "most-power"), args.repeat)
    medians.append(tc)
    rows.append(("goad + Crawlspace, Sphere", f"{tc:.3f}", f"{ts:.3f}", "-", "-",
                 f"legal={r.legal} max={r.maximum} optimal={r.optimal}"))
    for seed in range(3):
        b = random_board(60, seed)
        r = check_attacks(b)
        tc = median_seconds(lambda: check_attacks(b), args.repeat)
        ts = median_seconds(lambda: suggest_attacks(b, "most-attackers"), args.repeat)
        medians.append(tc)
        rows.append((f"random, 60 attackers #{seed}", f"{tc:.3f}", f"{ts:.3f}", "-", "-",
                     f"legal={r.legal} max={r.maximum} optimal={r.optimal}"))
    for n in (2, 3, 4, 5, 6):
        b = random_board(n, 100 + n, battle=False)
        paid = b.combat.paid_costs
        decl = {a.creature: a.target for a in b.combat.attackers}
        r = check_attacks(b)
        expected, maximum = ref.is_legal(b, decl, paid)
        assert (r.legal, r.maximum) == (expected, maximum), (n, r)
        tc = median_seconds(lambda: check_attacks(b), args.repeat)
        tb = median_seconds(lambda: ref.is_legal(b, decl, paid), max(1, args.repeat // 2))
        rows.append((f"random, {n} attackers", f"{tc:.4f}", "-", f"{tb:.4f}", f"{tb / tc:.1f}x",
                     f"agree: legal={r.legal} max={r.maximum}"))

    head = ("board", "check s", "suggest s", "brute s", "brute/check", "answer")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    print("  ".join(h.ljust(w) for h, w in zip(head, widths)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
    worst = max(medians)
    print(f"\nfloor: median check < {FLOOR} s on the large boards: worst {worst:.3f} s -> "
          f"{'PASS' if worst < FLOOR else 'FAIL'}")


if __name__ == "__main__":
    main()
