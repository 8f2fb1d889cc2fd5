"""How much of what cards do the grammars read on the 2022 pool (``cards coverage``'s
categories ``spell``, ``activated`` and ``triggered``, mtgsolver/read/coverage.py): all cards,
and the cards of the saved Forge puzzles; both under CI's profile."""
from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path

from mtgsolver.read.coverage import ACTION_CATEGORIES, measure

from .support import ci_only

PUZZLES = Path(__file__).resolve().parent / "data" / "forge"


@dataclass(frozen=True)
class _Face:
    name: str
    text: str
    types: tuple[str, ...]


def _faces(path: Path, names: set[str] | None = None) -> list[_Face]:
    data = json.load(gzip.open(path))["data"]
    keys = {k.lower(): k for k in data} if names is not None else {}
    wanted = data if names is None else {keys[n.lower()]: data[keys[n.lower()]] for n in names if n.lower() in keys}
    return [_Face(face.get("faceName") or name, face.get("text") or "", tuple(face.get("types") or ()))
            for name, faces in wanted.items() for face in faces]


@ci_only("reads what every card of the pool does")
def test_pool_coverage_of_what_cards_do(atomic_cards: Path) -> None:
    """2026-12-01 on the whole pool: instant and sorcery cards read whole 2,761 of 5,512 (50.1%),
    activated abilities 3,966 of 6,506 (61.0%), triggered abilities 4,488 of 8,778 (51.1%, those
    after an ability word counted, 207.2c)."""
    result = measure(_faces(atomic_cards), ACTION_CATEGORIES)
    for c in ACTION_CATEGORIES:
        print(f"{c}: {result.read[c]} of {result.total[c]}")
    assert result.total["spell"] > 5000
    for c, floor in {"spell": 0.50, "activated": 0.60, "triggered": 0.51}.items():
        assert result.read[c] / result.total[c] >= floor, c


@ci_only("reads the 1,391 faces of the Forge puzzles' cards")
def test_coverage_of_the_forge_puzzle_cards(atomic_cards: Path) -> None:
    """The cards of the saved Forge puzzles (tests/data/forge: 1,391 faces), read first: 2026-12-01,
    spells 173 of 299, activated 216 of 391, triggered 363 of 610 (triggered abilities after an
    ability word, 207.2c, counted)."""
    names: set[str] = set()
    for path in PUZZLES.glob("*.pzl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^(?:human|ai)(?:hand|battlefield|graveyard|library|exile)=(.*)$", line.strip())
            names |= {p.split("|")[0].strip() for p in m.group(1).split(";")} if m else set()
    result = measure(_faces(atomic_cards, {n for n in names if n and not n.startswith("t:")}), ACTION_CATEGORIES)
    for c, floor in {"spell": 0.57, "activated": 0.54, "triggered": 0.59}.items():
        assert result.read[c] / result.total[c] >= floor, c
