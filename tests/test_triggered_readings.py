"""Exact readings of triggered lines of the pool (read/grammar/triggered.py, 603.1)."""
from __future__ import annotations

from mtgsolver.read.grammar.triggered import read


def test_603_2h_a_trigger_only_once_each_turn() -> None:
    """Dramatic Finale: "This ability triggers only once each turn." (a limit in the ability's own words,
    as 603.2h's "Do this only once each turn")."""
    line = ("Whenever one or more nontoken creatures you control die, create a 2/1 white and black Inkling "
            "creature token with flying. This ability triggers only once each turn.")
    reading = read(line, "Dramatic Finale")
    assert reading is not None
    trigger = reading[0]["triggered"]
    assert trigger["once_each_turn"] is True
    assert trigger["event"] == {"kind": "dies", "subject": {"token": False, "controller": "you", "types": ["creature"]},
                                "one_or_more": True}
