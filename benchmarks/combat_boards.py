"""Random combat boards for the combat benchmarks (plain or keyword creatures), as plain data.

A scenario is ``{"life": N, "attackers": [creature], "blockers": [creature]}`` with each
creature ``{"power", "toughness", "keywords": [...]}``; :func:`board_of` makes it a Board
(every attacker attacking the defender) for mtgsolver, and the peer runner builds its own
objects from the same data.
"""
from __future__ import annotations

import random

from mtgsolver.model import Board
from mtgsolver.model.board import Attack, CombatDeclaration
from mtgsolver.model.permanent import Permanent, Player

#: Keywords both mtgsolver and magic-combat read.
KEYWORDS = ("flying", "reach", "first_strike", "double_strike", "deathtouch", "trample", "lifelink", "menace",
            "indestructible", "wither", "infect")


def scenario(rng: random.Random, n_att: int, n_blk: int, keywords: bool, life: int = 20) -> dict:
    def creature() -> dict:
        kws = sorted(rng.sample(KEYWORDS, rng.randint(0, 2))) if keywords else []
        return {"power": rng.randint(1, 5), "toughness": rng.randint(1, 5), "keywords": kws}
    return {"life": life, "attackers": [creature() for _ in range(n_att)], "blockers": [creature() for _ in range(n_blk)]}


def board_of(s: dict) -> Board:
    perms = []
    for side, who in (("attackers", "alice"), ("blockers", "bob")):
        for i, c in enumerate(s[side]):
            cid = f"{side[0]}{i}"
            perms.append(Permanent(cid, cid, who, who, types=frozenset({"creature"}), base_power=c["power"],
                                   base_toughness=c["toughness"], keywords=frozenset(c["keywords"])))
    board = Board("alice", (Player("alice", 20), Player("bob", s["life"])), tuple(perms))
    attack = tuple(Attack(f"a{i}", "bob") for i in range(len(s["attackers"])))
    return board.replace(combat=CombatDeclaration(attack, None))
