"""Benchmark of block checking and suggesting (509.1). Run: ``python benchmarks/blocks.py``.

Scenarios: (a) 66 attacking flying deathtouch tokens against 66 defenders, some with reach
and some with requirements; (b) seeded random 100 x 100 boards with mixed restrictions and
requirements; (c) 40-60 creatures where the maximum needs search (Lure and must-be-blocked
attackers with menace or "three or more", blockers that block extra creatures or can't
block alone, Tromokratis); (d) the brute-force reference of ``references/reference_blocks.py``
beside the solver on boards small enough for it; (e) the 66 tokens of (a), 3 of them with
Lure, checked with explanations, beside the same check through the CP-SAT search (the
declaration is separable: :mod:`mtgsolver.solver.separable_blocks` judges it blocker by blocker
without one) and the work the check did before a declaration reaching the requirement bound
needed no search (:func:`search_and_cores`), in wall and CPU seconds; the 0.1 s floor is on
the explained check. Prints medians, the floors they are
held to and the process's peak memory (resident set size).
"""
from __future__ import annotations

import random
import resource
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import load_average, median_seconds, median_times  # noqa: E402

from mtgsolver.encodings.blocks import build_block_model  # noqa: E402
from mtgsolver.encodings.cpsat import Deadline, core_of, solve  # noqa: E402
from mtgsolver.load import prepare  # noqa: E402
from mtgsolver.model import Board, CreatureFilter, ManaCost  # noqa: E402
from mtgsolver.model.abilities import Static  # noqa: E402
from mtgsolver.model.board import Attack, Block, CombatDeclaration  # noqa: E402
from mtgsolver.model.board_effects import Effect  # noqa: E402
from mtgsolver.model.permanent import Permanent, Player  # noqa: E402
from mtgsolver.rules.blocking import block_options, declared_blocks, requirements  # noqa: E402
from mtgsolver.solver.blocks import check_blocks, suggest_blocks  # noqa: E402
from references import reference_blocks  # noqa: E402

PLAYERS = (Player("alice"), Player("bob"))


def creature(cid: str, controller: str, power: int = 2, keywords: tuple[str, ...] = (),
             abilities: tuple[Static, ...] = (), **extra: object) -> Permanent:
    return Permanent(cid, cid, controller, controller, types=frozenset({"creature"}), base_power=power,
                     base_toughness=2, keywords=frozenset(keywords), abilities=abilities, **extra)  # type: ignore[arg-type]


def board(attackers: list[Permanent], defenders: list[Permanent], blocks: dict[str, tuple[str, ...]] | None,
          effects: tuple[Effect, ...] = (), paid: frozenset[str] = frozenset()) -> Board:
    declared = None if blocks is None else tuple(Block(b, t) for b, t in blocks.items())
    return Board("alice", PLAYERS, tuple(attackers + defenders), effects,
                 combat=CombatDeclaration(tuple(Attack(a.id, "bob") for a in attackers), declared, paid))


def scenario_a() -> Board:
    """66 flying deathtouch tokens; 22 of 66 defenders have reach, 11 block each combat."""
    tokens = [creature(f"t{i}", "alice", 1, ("flying", "deathtouch")) for i in range(66)]
    defenders = []
    for i in range(66):
        kws = ("reach",) if i % 3 == 0 else ()
        abilities = (Static("blocks_each_combat"),) if i % 6 == 0 else ()
        defenders.append(creature(f"d{i}", "bob", 1 + i % 4, kws, abilities))
    effects = tuple(Effect("must_block", creature=f"d{3 * i}", attacker=f"t{i}") for i in range(5))
    blocks = {f"d{3 * i}": (f"t{i}",) for i in range(22)}
    return board(tokens, defenders, blocks, effects)


def scenario_e(lure_blocks: bool) -> Board:
    """66 flying deathtouch tokens, the first 3 with Lure, against the 66 defenders of (a) (22
    with reach). ``lure_blocks``: each creature with reach blocks a Lure token (legal: it obeys
    one of its 3 Lure requirements, the most it can); else the i-th blocks token i (illegal:
    19 block tokens without Lure)."""
    tokens = [creature(f"t{i}", "alice", 1, ("flying", "deathtouch"), (Static("lure"),) if i < 3 else ())
              for i in range(66)]
    defenders = [creature(f"d{i}", "bob", 1 + i % 4, ("reach",) if i % 3 == 0 else (),
                          (Static("blocks_each_combat"),) if i % 6 == 0 else ()) for i in range(66)]
    blocks = {f"d{3 * i}": (f"t{i % 3 if lure_blocks else i}",) for i in range(22)}
    return board(tokens, defenders, blocks)


def search_and_cores(bd: Board) -> None:
    """The check as it was before a declaration reaching the requirement bound needed no
    search: the CP-SAT maximum of bob's requirements, then an unsat core over the guarded
    restrictions for each requirement the declaration leaves unmet, within the same 0.2 s."""
    bd = prepare(bd)
    attackers = [a.creature for a in bd.combat.attackers]
    declared = declared_blocks(bd)
    options = block_options(bd, "bob", attackers, frozenset())
    reqs, _ = requirements(bd, "bob", attackers, frozenset(), options)
    bm = build_block_model(bd, "bob", attackers, reqs, frozenset(), options=options)
    bm.hint(declared)
    bm.model.maximize((len(bm.x) + 1) * bm.obeyed() - bm.distance(declared))
    solve(bm.model, 10.0, linearization_level=2)
    gm = build_block_model(bd, "bob", attackers, reqs, frozenset(), guarded=True, options=options)
    guards = [g for g, _ in gm.guards]
    budget = Deadline(0.2)
    for req, lit in zip(reqs, gm.req_lits):
        if budget.expired():
            break
        if lit is not None and not req.obeyed(declared):
            core_of(gm.model, guards + [lit], budget.remaining(), linearization_level=2)


def searched_check(bd: Board) -> None:
    """The explained check with every declaration searched with CP-SAT, none judged blocker by
    blocker."""
    with mock.patch("mtgsolver.solver.blocks.separable", lambda *_: False):
        check_blocks(bd)


def scenario_b(seed: int) -> Board:
    """100 attackers, 100 defenders, random keywords, restrictions and requirements."""
    rng = random.Random(seed)
    att_kw = ("flying", "menace", "shadow", "fear", "intimidate", "skulk", "horsemanship")
    attackers = []
    for i in range(100):
        kws = tuple(k for k in att_kw if rng.random() < 0.08)
        abilities = []
        if rng.random() < 0.05:
            abilities.append(Static("lure"))
        if rng.random() < 0.05:
            abilities.append(Static("must_be_blocked"))
        if rng.random() < 0.05:
            abilities.append(Static("max_blockers", 1))
        if rng.random() < 0.05:
            abilities.append(Static("cant_be_blocked_by", CreatureFilter(power_at_most=1)))
        attackers.append(creature(f"a{i}", "alice", rng.randint(0, 5), kws, tuple(abilities)))
    defenders = []
    for i in range(100):
        kws = tuple(k for k in ("flying", "reach", "shadow", "horsemanship") if rng.random() < 0.1)
        abilities = []
        for name, p in (("blocks_each_combat", 0.1), ("cant_block_alone", 0.05), ("cant_block", 0.03)):
            if rng.random() < p:
                abilities.append(Static(name))
        if rng.random() < 0.05:
            abilities.append(Static("can_block_additional", 1))
        if rng.random() < 0.03:
            abilities.append(Static("block_cost", ManaCost.parse("{1}")))
        defenders.append(creature(f"d{i}", "bob", rng.randint(0, 5), kws, tuple(abilities),
                                  tapped=rng.random() < 0.05))
    effects = tuple(Effect("must_block", creature=f"d{rng.randrange(100)}", attacker=f"a{rng.randrange(100)}")
                    for _ in range(10))
    blocks = {f"d{i}": (f"a{rng.randrange(100)}",) for i in range(100) if rng.random() < 0.5}
    return board(attackers, defenders, blocks, effects)


def scenario_c(seed: int) -> Board:
    """22 attackers and 30 defenders whose maximum needs search."""
    rng = random.Random(seed)
    attackers = []
    for i in range(22):
        abilities: list[Static] = []
        kws: tuple[str, ...] = ()
        if i < 6:
            abilities.append(Static("lure"))
        elif i < 11:
            abilities.append(Static("must_be_blocked"))
        if i % 3 == 0:
            kws = ("menace",)
        elif i % 3 == 1:
            abilities.append(Static("min_blockers", 3))
        if i == 21:
            abilities = [Static("blocked_only_by_all")]
        attackers.append(creature(f"a{i}", "alice", rng.randint(1, 6), kws, tuple(abilities)))
    defenders = []
    for i in range(30):
        abilities = []
        if i % 5 == 0:
            abilities.append(Static("can_block_additional", rng.randint(1, 2)))
        if i % 7 == 0:
            abilities.append(Static("cant_block_alone"))
        if i % 4 == 0:
            abilities.append(Static("blocks_each_combat"))
        defenders.append(creature(f"d{i}", "bob", rng.randint(1, 4), (), tuple(abilities)))
    effects = (Effect("max_blockers_total", n=24),)
    blocks = {f"d{i}": (f"a{i % 6}",) for i in range(30)}
    return board(attackers, defenders, blocks, effects)


def scenario_small(n_att: int, n_blk: int, seed: int) -> Board:
    """A board the reference can enumerate: Lure, menace, requirements, one extra blocker."""
    rng = random.Random(seed)
    attackers = [creature(f"a{i}", "alice", rng.randint(1, 3), ("menace",) if i % 2 else (),
                          (Static("lure"),) if i == 0 else ()) for i in range(n_att)]
    defenders = [creature(f"d{i}", "bob", rng.randint(1, 3), (),
                          (Static("blocks_each_combat"),) if i % 2 else ()) for i in range(n_blk)]
    return board(attackers, defenders, {})


def main() -> None:
    rows: list[tuple[str, str, float, float | None, str]] = []
    a = scenario_a()
    res = check_blocks(a)
    rows.append(("(a) 66 flying deathtouch vs 66", "check", median_seconds(lambda: check_blocks(a), 7), 0.2,
                 f"legal={res.legal} {res.obeyed}/{res.maximum} optimal={res.optimal}"))
    sug = suggest_blocks(a)
    rows.append(("(a) 66 flying deathtouch vs 66", "suggest", median_seconds(lambda: suggest_blocks(a), 5), 2.0,
                 f"max={sug.maximum} blockers={len(sug.witness)} optimal={sug.optimal}"))
    for label, make, floor in (("(b) random 100 x 100", scenario_b, 1.0), ("(c) 22 + 30 needing search", scenario_c, 1.0)):
        times, info = [], []
        for seed in range(5):
            bd = make(seed)
            start = time.perf_counter()
            r = check_blocks(bd)
            times.append(time.perf_counter() - start)
            info.append(f"{r.obeyed}/{r.maximum}{'' if r.optimal else '?'}")
        rows.append((label, "check", statistics.median(times), floor, "seeds 0-4: " + " ".join(info)))
        bd = make(0)
        r = suggest_blocks(bd)
        rows.append((label, "suggest", median_seconds(lambda: suggest_blocks(bd), 3), None,
                     f"seed 0: max={r.maximum} optimal={r.optimal}"))
    ref_rows = []
    for n in (2, 3, 4, 5, 6):
        bd = scenario_small(n, n, n)
        solver_t = median_seconds(lambda: check_blocks(bd, explain=False), 5)
        start = time.perf_counter()
        legal, _, maximum = reference_blocks.reference(bd)
        ref_t = time.perf_counter() - start
        agree = (check_blocks(bd).legal, check_blocks(bd).maximum) == (legal, maximum)
        ref_rows.append((f"{n} x {n}", solver_t, ref_t, agree))
    lure_rows = []
    for label, legal in (("Lure blocked: legal", True), ("19 block other tokens: illegal", False)):
        bd = scenario_e(legal)
        res = check_blocks(bd)
        lure_rows.append((label, "check, explained", median_times(lambda b=bd: check_blocks(b), 7),
                          f"legal={res.legal} {res.obeyed}/{res.maximum} notes={len(res.notes)}"))
        lure_rows.append((label, "check, explain=False",
                          median_times(lambda b=bd: check_blocks(b, explain=False), 7), ""))
        lure_rows.append((label, "baseline: CP-SAT search", median_times(lambda b=bd: searched_check(b), 7), ""))
        lure_rows.append((label, "baseline: search + cores", median_times(lambda b=bd: search_and_cores(b), 7), ""))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'scenario':34} {'op':8} {'median s':>9} {'floor s':>8} {'ok':>3}  detail")
    for name, op, t, floor, detail in rows:
        ok = "" if floor is None else ("yes" if t < floor else "NO")
        print(f"{name:34} {op:8} {t:9.3f} {'' if floor is None else f'{floor:8.1f}':>8} {ok:>3}  {detail}")
    print()
    print(f"{'(d) reference vs solver (check)':34} {'solver s':>9} {'reference s':>12} {'ratio':>8} agree")
    for size, s_t, r_t, agree in ref_rows:
        print(f"{size:34} {s_t:9.4f} {r_t:12.4f} {r_t / s_t:8.1f}x {agree}")
    print()
    print(f"(e) 66 flying deathtouch, 3 with Lure, vs 66 (floor 0.1 s explained; load average {load_average():.1f})")
    print(f"{'declaration':34} {'op':26} {'wall s':>8} {'CPU s':>8} {'ok':>3}  detail")
    for name, op, (wall, cpu), detail in lure_rows:
        ok = ("yes" if wall < 0.1 else "NO") if op == "check, explained" else ""
        print(f"{name:34} {op:26} {wall:8.4f} {cpu:8.4f} {ok:>3}  {detail}")
    print()
    print(f"peak memory (max RSS of this process): {peak_mb:.0f} MB (floor 500 MB: {'yes' if peak_mb < 500 else 'NO'})")


if __name__ == "__main__":
    main()
