"""The subtypes of the Comprehensive Rules (205.3g-m), each with its card type.

Kept apart from the grammars (``data/subtypes.txt`` is their data too) so that checking a
board's ``chosen_type`` does not import a parser generator.
"""
from __future__ import annotations

import functools
from pathlib import Path

__all__ = ["subtypes"]


@functools.lru_cache(maxsize=1)
def subtypes() -> dict[str, str]:
    """Subtype (lower case) -> its card type, from 205.3g-m."""
    out: dict[str, str] = {}
    for line in (Path(__file__).parent / "data" / "subtypes.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            kind, name = line.split(":", 1)
            out[name.strip().lower()] = kind.strip()
    return out
