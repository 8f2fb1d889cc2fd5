"""Shared fixtures: paths to examples and to ``../shared`` (the real card pool and rules)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SHARED = Path(os.environ.get("MTGSOLVER_SHARED", ROOT.parent / "shared"))
ATOMIC_CARDS = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"

# Tests read Oracle text with the grammars themselves, never from readings kept by earlier runs
# (mtgsolver.read.grammar.readings; tests/test_readings_cache.py turns it back on).
os.environ.setdefault("MTGSOLVER_NO_CACHE", "1")

# mutmut (tests/README.md, "Mutation testing") sets MUTANT_UNDER_TEST in the processes it runs.
MUTATION_RUN = "MUTANT_UNDER_TEST" in os.environ


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture(scope="session")
def atomic_cards() -> Path:
    """The real MTGJSON card pool; tests that need it skip where ``../shared`` is absent."""
    if not ATOMIC_CARDS.exists():
        pytest.skip(f"card pool not found at {ATOMIC_CARDS} (set MTGSOLVER_SHARED to the shared/ folder)")
    return ATOMIC_CARDS


@pytest.fixture(scope="session")
def pool_cards(atomic_cards: Path, tmp_path_factory: pytest.TempPathFactory):
    """The real card pool alone, served from its index (built once per test process, in the
    cache the tests' ``load_cards`` calls use; cards are compiled as they are looked up)."""
    from mtgsolver.read.card_index import open_card_file

    return open_card_file(atomic_cards, _run_cache(tmp_path_factory) / "mtgsolver")


@pytest.fixture(scope="session")
def real_cards(pool_cards):
    """The real card pool beside the bundled cards (the pool wins on a clash), as
    ``load_cards`` gives it (a :class:`~mtgsolver.model.cards.CardLibrary` for
    ``load_board(..., library=...)``)."""
    from mtgsolver.read.card_files import bundled_library

    return bundled_library().merged(pool_cards)


@pytest.fixture(scope="session")
def pool(real_cards):
    """``real_cards`` as the card-reading test modules name it (``board(pool, ...)``)."""
    return real_cards


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that reads the real card pool (through :func:`atomic_cards`) carries the
    ``corpus`` marker: ``-m corpus`` runs them, ``-m "not corpus"`` leaves them out."""
    for item in items:
        if "atomic_cards" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.corpus)


@pytest.fixture
def board_file(tmp_path: Path):
    """Write board text to a file and return its path: ``board_file(text, "x.yaml")``."""

    def write(text: str, name: str = "board.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def real_board(real_cards, board_file):
    """A board file's text loaded with the real card pool: ``real_board(text)``."""
    from mtgsolver.load import load_board

    return lambda text: load_board(board_file(text, "b.yaml"), real_cards)


def _run_cache(factory: pytest.TempPathFactory) -> Path:
    """This run's cache folder, shared by its xdist workers (each worker's base temporary folder
    lies in the run's own), so the card pool's index is built once per run."""
    base = factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "xdg-cache"


@pytest.fixture(autouse=True)
def _private_card_cache(tmp_path_factory, monkeypatch) -> None:
    """Card indexes and readings go to the run's temporary cache, never the user's; no default
    card file from the env."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(_run_cache(tmp_path_factory)))
    monkeypatch.delenv("MTGSOLVER_CARDS", raising=False)


def _clear_caches(every: bool) -> None:
    """Empty the package's ``functools`` caches (module functions and methods); without
    ``every``, keep those of functions without arguments (the grammars' parsers and tables,
    built once)."""
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] != "mtgsolver":
            continue
        holders = [module, *(v for v in vars(module).values() if isinstance(v, type))]
        for holder in holders:
            for value in list(vars(holder).values()):
                if isinstance(value, type):  # a class imported by name (IdentityMemo): its instances are the caches
                    continue
                if hasattr(value, "cache_clear") and (every or value.__wrapped__.__code__.co_argcount):
                    value.cache_clear()


def pytest_sessionstart(session: pytest.Session) -> None:
    """A mutation run forks each mutant's test process from one that already ran the tests
    with the code unchanged: its caches (a grammar's compiled lines, the layers' parts) would
    answer for the mutant without running it."""
    if MUTATION_RUN:
        _clear_caches(every=True)


@pytest.fixture(autouse=MUTATION_RUN)
def _fresh_caches() -> None:
    """In a mutation run each test starts with empty caches, so that mutmut sees every test
    that reaches a function (a cached answer hides the calls behind it) and the mutant runs."""
    _clear_caches(every=False)
