"""Brute-force turn planner for small cases: all orders, all colour choices, all payments,
and the plain description of generated turns (shared by
``tests/test_plan_reference.py``, ``tests/plan_boards.py`` and ``benchmarks/plan.py``).

Shares no rules code with ``mtgsolver`` (a plain description in, a plain answer out). It
relies on two facts of the plan's setting: every spell is cast in one phase, so mana left
over stays in the pool (106.4) and tapping a source early is never worse than tapping it
late (its colour is chosen with everything known); and an untap effect can untap any
permanent tapped for mana, which is then tapped again after it.

Description
-----------
``sources``: ``[{"id", "options": [("R",), ("G",)], "tapped": bool, "sacrifice": bool}]``
(each option is the mana one activation makes); ``pool``: letters; ``spells``:
``[{"cost": "1G" | "XR" | ..., "instant": bool, "treasures": n, "adds": "BBB", "source": options}]``
(``source``: the options of the mana ability of the permanent the spell becomes, which can be
tapped once it has resolved, ``None`` for none);
``untap``: ``None`` or how many other modes earlier triggers may choose; ``keep``: a cost.
"""
from __future__ import annotations

from collections import Counter
from itertools import permutations

ANY = ("W", "U", "B", "R", "G")
Pool = tuple  # a sorted tuple of letters

#: card -> options of its mana ability, and whether using it sacrifices it (written by hand)
SOURCES = {
    "Mountain": ([("R",)], False), "Forest": ([("G",)], False), "Island": ([("U",)], False),
    "Swamp": ([("B",)], False), "Plains": ([("W",)], False),
    "Taiga": ([("R",), ("G",)], False), "Tundra": ([("W",), ("U",)], False),
    "Underground Sea": ([("U",), ("B",)], False), "Badlands": ([("B",), ("R",)], False),
    "Sol Ring": ([("C", "C")], False), "Treasure": ([(c,) for c in ANY], True),
    "Birds of Paradise": ([(c,) for c in ANY], False),
}
LANDS = {"Mountain", "Forest", "Island", "Swamp", "Plains", "Taiga", "Tundra", "Underground Sea", "Badlands"}
#: card -> (cost, instant or sorcery, Treasures it makes, mana it adds); a permanent spell that
#: is a mana source is in :data:`SOURCES` too
SPELLS = {
    "Lightning Bolt": ("R", True, 0, ""), "Shock": ("R", True, 0, ""), "Opt": ("U", True, 0, ""),
    "Dark Ritual": ("B", True, 0, "BBB"), "Strike It Rich": ("R", True, 1, ""),
    "Grizzly Bears": ("1G", False, 0, ""), "Hill Giant": ("3R", False, 0, ""), "Storm Crow": ("1U", False, 0, ""),
    "Serra Angel": ("3WW", False, 0, ""), "Sol Ring": ("1", False, 0, ""),
    "Fireball": ("XR", True, 0, ""), "Endless One": ("X", False, 0, ""), "Mind Spring": ("XUU", True, 0, ""),
}
X_SPELLS = ("Fireball", "Endless One", "Mind Spring")
MODES = ("untap", "damage", "copy", "library")


def describe(permanents: list[tuple[str, bool, bool]], spells: list[str], gandalf: list[str] | None,
             pool: str = "", keep: str | None = None) -> tuple[str, dict]:
    """A board file and the plain description of one turn: ``permanents`` as (card, tapped,
    summoning sick), ``spells`` in hand to cast, ``gandalf`` its chosen modes (``None``: no
    Gandalf the Grey), ``pool`` letters in the pool, ``keep`` a cost to keep."""
    rows, sources = [], []
    for k, (card, tapped, sick) in enumerate(permanents):
        rows.append(f"  - {{id: p{k}, card: {card}, controller: alice, tapped: {str(tapped).lower()}, "
                    f"summoning_sick: {str(sick).lower()}}}")
        if not sick:
            options, sac = SOURCES[card]
            sources.append({"id": f"p{k}", "options": options, "tapped": tapped, "sacrifice": sac})
    untap = None
    if gandalf is not None:
        modes = f", chosen_modes: [{', '.join(gandalf)}]" if gandalf else ""
        rows.append(f"  - {{id: gandalf, card: Gandalf the Grey, controller: alice{modes}}}")
        untap = None if "untap" in gandalf else len(MODES) - len(gandalf) - 1
    text = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
            f"zones: {{alice: {{hand: [{', '.join(spells)}]}}}}\n"
            + (f"mana_pool: {{alice: \"{''.join('{' + c + '}' for c in pool)}\"}}\n" if pool else "")
            + "battlefield:\n" + "\n".join(rows) + "\n")
    spec = {"sources": sources, "pool": tuple(pool), "untap": untap, "keep": keep,
            "spells": [{"cost": SPELLS[s][0], "instant": SPELLS[s][1], "treasures": SPELLS[s][2],
                        "adds": SPELLS[s][3], "source": SOURCES[s][0] if s in SOURCES else None} for s in spells]}
    return text, spec


def _pays(pool: Pool, cost: str, x: int) -> set[Pool]:
    """Every leftover after paying ``cost`` (X = x) from ``pool``."""
    colored = [c for c in cost if c in "WUBRGC"]
    generic = sum(int(c) for c in cost if c.isdigit()) + x * cost.count("X")
    left = Counter(pool)
    for c in colored:
        if left[c] <= 0:
            return set()
        left[c] -= 1
    if sum(left.values()) < generic:
        return set()
    out: set[Pool] = set()

    def take(rest: Counter, n: int, types: list[str]) -> None:
        if n == 0:
            out.add(tuple(sorted(rest.elements())))
            return
        if not types:
            return
        t, others = types[0], types[1:]
        for k in range(min(rest[t], n), -1, -1):
            r = rest.copy()
            r[t] -= k
            take(r, n - k, others)

    take(left, generic, sorted(t for t in left if left[t]))
    return out


def _productions(options_list: list[list[tuple[str, ...]]]) -> set[Pool]:
    """Every multiset of mana a list of sources can make together."""
    pools: set[Pool] = {()}
    for options in options_list:
        pools = {tuple(sorted(p + o)) for p in pools for o in options}
    return pools


def feasible(spec: dict, x: int = 0, reserved: frozenset[str] = frozenset(), withheld: int = 0) -> bool:
    """Can every spell be cast, in some order, with X = x, never touching ``reserved`` and
    leaving ``withheld`` of the Treasures the spells create unused?"""
    usable = [s for s in spec["sources"] if s["id"] not in reserved]
    ready = [s["options"] for s in usable if not s["tapped"]]
    again0 = {o for s in usable if not s["sacrifice"] for o in s["options"]}  # what an untap adds
    pool0 = tuple(spec.get("pool", ()))
    spells = spec["spells"]
    untap = spec.get("untap")

    def dfs(order: tuple[int, ...], k: int, pool: Pool, untapped: bool, triggers: int, kept: int = 0) -> bool:
        if k == len(order):
            return kept >= withheld
        spell = spells[order[k]]
        for left in _pays(pool, spell["cost"], x):
            after = [left]
            if spell.get("instant") and untap is not None and not untapped and triggers <= untap:
                entered = {o for j in order[:k] for o in spells[j].get("source") or ()}
                for o in sorted(again0 | entered):  # the trigger resolves first: untap a permanent, tap it again
                    if dfs_after(order, k, tuple(sorted(left + o)), True, triggers + 1, spell, kept):
                        return True
            for p in after:
                if dfs_after(order, k, p, untapped, triggers + (1 if spell.get("instant") else 0), spell, kept):
                    return True
        return False

    def dfs_after(order, k, pool, untapped, triggers, spell, kept) -> bool:
        adds = tuple(spell.get("adds", ""))
        made = spell.get("treasures", 0)
        entered = [spell["source"]] if spell.get("source") else []  # tapped as soon as it is there
        for unused in range(made + 1):  # Treasures left for later (a kept cost)
            for m in _productions([[(c,) for c in ANY]] * (made - unused) + entered):
                if dfs(order, k + 1, tuple(sorted(pool + adds + m)), untapped, triggers, kept + unused):
                    return True
        return False

    for start in _productions(ready):
        pool = tuple(sorted(pool0 + start))
        for order in permutations(range(len(spells))):
            if dfs(order, 0, pool, False, 0):
                return True
    return False


def max_x(spec: dict, upper: int) -> int | None:
    """The largest X that works, or None if none does."""
    best = None
    for x in range(upper + 1):
        if feasible(spec, x):
            best = x
        elif best is not None:
            break
    return best


def keep_payable(spec: dict, x: int = 0) -> bool:
    """Can the spells be cast while some untouched sources still pay ``spec["keep"]``?"""
    ids = [s["id"] for s in spec["sources"] if not s["tapped"]]
    made = sum(s.get("treasures", 0) for s in spec["spells"])
    for mask in range(1 << len(ids)):
        reserved = frozenset(i for b, i in enumerate(ids) if mask >> b & 1)
        mine = [s["options"] for s in spec["sources"] if s["id"] in reserved]
        for withheld in range(made + 1):
            pools = _productions(mine + [[(c,) for c in ANY]] * withheld)
            if any(_pays(p, spec["keep"], 0) for p in pools) and feasible(spec, x, reserved, withheld):
                return True
    return False
