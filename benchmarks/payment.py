"""Benchmark of the exact mana payment (``mtgsolver.solver.payment.pay``) against a greedy tapper.

Run: ``python benchmarks/payment.py [--repeat N] [--boards N]``. Prints a table:

(a) 12 lands that each tap for any basic land type's color plus 4 filter lands, paying
    {W}{U}{B}{R}{G}{2} (XMage enumerates every mana combination here);
(b) a 100-permanent Commander board (basics, duals, filters, Signets, dorks some of them
    summoning sick, Treasures, an altar, creatures, tapped lands) paying {X}{W}{U}{B}{R}{G}
    with the largest X and {U}{U} kept open;
(c) a greedy tapper (Forge/XMage style: each symbol in turn from the first source that fits)
    on the same boards, and on random boards drawn from (b): how often it fails where a
    payment exists, or wastes a kept cost the exact payer keeps.

Times are medians of fresh calls (a new board object each time, so nothing is cached),
without the package import. Floors: (a) < 50 ms, (b) < 300 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from timing import median_seconds

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board, ManaCost
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.rules.mana_sources import extract_sources
from mtgsolver.solver.payment import pay

FILTERS = ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
           "Fetid Heath", "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove"]
SIGNETS = ["Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet",
           "Orzhov Signet", "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet"]
DUALS = ["Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah", "Scrubland", "Volcanic Island",
         "Bayou", "Plateau", "Tropical Island"]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
DORKS = ["Llanowar Elves", "Birds of Paradise", "Noble Hierarch", "Avacyn's Pilgrim", "Fyndhorn Elves",
         "Elvish Mystic"]
CREATURES = ["Grizzly Bears", "Serra Angel", "Giant Spider", "Hill Giant", "Craw Wurm", "Storm Crow"]


def _yaml(entries: list[dict]) -> str:
    lines = ["active_player: a", "players: [{name: a, life: 40}, {name: b, life: 40}]", "battlefield:"]
    for n, e in enumerate(entries):
        fields = ", ".join(f"{k}: {v!r}" if isinstance(v, str) else f"{k}: {str(v).lower()}" for k, v in e.items())
        lines.append(f"  - {{id: p{n:03d}, controller: a, {fields}}}")
    return "\n".join(lines)


def board_a() -> Board:
    lands = [{"name": "Prismatic Land", "types": ["land"], "text": "{T}: Add {W}, {U}, {B}, {R}, or {G}."}] * 12
    return parse_board_text(_yaml(lands + [{"card": f} for f in FILTERS[:4]]), "bench-a.yaml")


def commander_entries(rng: random.Random) -> list[dict]:
    out: list[dict] = []
    out += [{"card": rng.choice(BASICS), "tapped": rng.random() < 0.15} for _ in range(28)]
    out += [{"card": d} for d in DUALS[:8]]
    out += [{"card": f} for f in FILTERS[:5]]
    out += [{"card": s} for s in SIGNETS[:6]]
    out += [{"card": rng.choice(DORKS), "summoning_sick": rng.random() < 0.3} for _ in range(12)]
    out += [{"card": "Treasure"} for _ in range(5)]
    out += [{"card": "Ashnod's Altar"}, {"card": "Sol Ring"}, {"card": "Thought Vessel"}]
    out += [{"card": rng.choice(CREATURES), "summoning_sick": rng.random() < 0.2} for _ in range(20)]
    out += [{"card": "Lure"} for _ in range(100 - len(out))]
    return out


def board_b() -> Board:
    return parse_board_text(_yaml(commander_entries(random.Random(5))), "bench-b.yaml")


# -- the greedy baseline -------------------------------------------------------------------------------
def greedy(board: Board, cost: ManaCost, maximize_x: bool = False) -> tuple[bool, set[str], int]:
    """A Forge-style tapper: for each symbol (colored first, generic last), use pool mana that
    fits or activate the first unused source in board order that can make a fitting type
    (paying a Signet or filter from the pool when it can). Returns (paid, permanents used, X)."""
    instances, _ = extract_sources(board, board.active_player, None,
                                   frozenset(c.value for c in cost.colors))
    pool: list[str] = []
    used: set[str] = set()
    done: set[str] = set()
    tapped: set[str] = set()
    gone: set[str] = set()
    life = board.player(board.active_player).life

    def activate(want: set[str]) -> bool:
        for inst in instances:
            if inst.restricted is not None or inst.key in done or inst.source in gone \
                    or ((inst.taps or inst.untaps) and inst.source in tapped) \
                    or (inst.sacrificed and inst.sacrificed in gone):
                continue
            if not any(t in want for t in inst.types()):
                continue
            need = list(inst.mana_cost.symbols)
            spend: list[str] = []
            ok = True
            for s in need:
                fit = next((m for m in pool if m not in spend and (s.is_generic or m in s.options)), None)
                if fit is None:
                    ok = False
                    break
                spend += [fit] * (s.generic if s.is_generic else 1)
            if not ok or any(spend.count(m) > pool.count(m) for m in set(spend)):
                continue
            for m in spend:
                pool.remove(m)
            option = inst.options[0]
            made = [t for t, n in zip(MANA_TYPES, option.fixed) for _ in range(n)]
            if option.free:
                pick = next((t for t in option.free_types if t in want), option.free_types[0])
                made += [pick] * option.free
            for o in inst.options:
                if any(t in want for t in o.types()) and not option.free:
                    made = [t for t, n in zip(MANA_TYPES, o.fixed) for _ in range(n)]
                    break
            pool.extend(made)
            done.add(inst.key)
            used.add(inst.source)
            if inst.taps or inst.untaps:
                tapped.add(inst.source)
            if inst.sacrificed:
                gone.add(inst.sacrificed)
            return True
        return False

    symbols = sorted((s for s in cost.symbols if not s.variable), key=lambda s: s.is_generic)
    for s in symbols:
        for _ in range(s.generic if s.is_generic else 1):
            want = set(MANA_TYPES) if s.is_generic or s.snow else set(s.options)
            while not any(m in want for m in pool):
                if not activate(want):
                    if s.phyrexian and life >= 2:
                        life -= 2
                        break
                    return False, used, 0
            else:
                pool.remove(next(m for m in pool if m in want))
    x = 0
    if maximize_x:
        while activate(set(MANA_TYPES)):
            pass
        x = len(pool)
    return True, used, x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--boards", type=int, default=100, help="random boards for the greedy failure rate")
    args = parser.parse_args()
    a, b = board_a(), board_b()
    cost_a, cost_b = ManaCost.parse("{W}{U}{B}{R}{G}{2}"), ManaCost.parse("{X}{W}{U}{B}{R}{G}")
    pay(a, cost_a)  # warm-up (first call loads OR-Tools)
    rows = []
    ra = pay(a, cost_a)
    ta = 1000 * median_seconds(lambda: pay(a.replace(), cost_a), args.repeat)
    ga = greedy(a, cost_a)
    tga = 1000 * median_seconds(lambda: greedy(a.replace(), cost_a), args.repeat)
    rows.append(("(a) 12 any-color lands + 4 filters, {W}{U}{B}{R}{G}{2}", ta, tga,
                 f"exact: paid={ra.payable} optimal={ra.optimal} sources={len(ra.activations)}",
                 f"greedy: paid={ga[0]} sources={len(ga[1])}"))
    rb = pay(b, cost_b, maximize_x=True, keep=["{U}{U}"])
    tb = 1000 * median_seconds(lambda: pay(b.replace(), cost_b, maximize_x=True, keep=["{U}{U}"]), args.repeat)
    gb = greedy(b, cost_b, maximize_x=True)
    tgb = 1000 * median_seconds(lambda: greedy(b.replace(), cost_b, maximize_x=True), args.repeat)
    kept_after_greedy = _keep_after(b, gb[1], "{U}{U}") if gb[0] else False
    rows.append(("(b) 100-permanent Commander board, max X, keep {U}{U}", tb, tgb,
                 f"exact: X={rb.x} kept={rb.kept[0][1]} optimal={rb.optimal}",
                 f"greedy: paid={gb[0]} X={gb[2]} keeps {{U}}{{U}}={kept_after_greedy}"))
    print(f"{'board':58} {'exact ms':>9} {'greedy ms':>9} {'ratio':>6}  answers")
    for name, t_exact, t_greedy, exact, greedy_txt in rows:
        print(f"{name:58} {t_exact:9.1f} {t_greedy:9.2f} {t_exact / t_greedy:6.0f}  {exact}; {greedy_txt}")
    print(f"floors: (a) {'OK' if ta < 50 else 'MISSED'} (< 50 ms), (b) {'OK' if tb < 300 else 'MISSED'} (< 300 ms)")
    # (c) random boards drawn from the Commander pool: small enough that colors are tight
    rng = random.Random(11)
    payable = greedy_fail = keep_total = keep_wasted = 0
    times = []
    for _ in range(args.boards):
        entries = rng.sample(commander_entries(rng), rng.randint(6, 14))
        board = parse_board_text(_yaml(entries), "bench-c.yaml")
        cost = ManaCost.parse("".join(rng.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{2}", "{W/U}", "{G/P}"])
                                      for _ in range(rng.randint(2, 5))))
        t = time.perf_counter()
        exact = pay(board, cost, keep=["{U}"])
        times.append((time.perf_counter() - t) * 1000)
        if not exact.payable:
            continue
        payable += 1
        ok, used, _ = greedy(board, cost)
        greedy_fail += not ok
        if exact.kept[0][1]:
            keep_total += 1
            keep_wasted += ok and not _keep_after(board, used, "{U}")
    print(f"(c) {args.boards} random boards of 6-14 permanents from (b): {payable} payable; greedy failed on "
          f"{greedy_fail} ({100 * greedy_fail / max(1, payable):.0f}%); of {keep_total} where {{U}} can be kept "
          f"open, greedy's payment left it unpayable on {keep_wasted}; exact median "
          f"{statistics.median(times):.1f} ms")


def _keep_after(board: Board, used: set[str], keep: str) -> bool:
    """Whether ``keep`` is payable from the permanents the greedy plan left untouched."""
    rest = board.replace(permanents=tuple(p for p in board.permanents if p.id not in used), mana_pools={})
    return bool(pay(rest, keep).payable)


if __name__ == "__main__":
    main()
