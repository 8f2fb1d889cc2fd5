"""Exact readings of static lines the continuous family's compiler builds in one place each
(read/grammar/continuous.py): a board rule on attacks (506.5), an "enchanted or equipped"
group (301.5, 303.4), protection from a card type (702.16), an Equipment's quoted ability (113.1a)."""
from __future__ import annotations

import pytest

from .test_effects_grammar import reading


@pytest.mark.parametrize(("name", "line", "expected"), [
    ("Astral Arena", "No more than one creature can attack each combat.",
     {"board_rules": [{"kind": "max_attackers_total", "n": 1}]}),
    ("Halvar, God of Battle", "Creatures you control that are enchanted or equipped have double strike.",
     {"affects": {"types": ["creature"], "controller": "you", "attachments": "enchanted_or_equipped"},
      "gains": ["double_strike"]}),
    ("Oddity", "Creatures you control have protection from enchantments.",  # made up: 702.16a "from [quality]"
     {"affects": {"types": ["creature"], "controller": "you"}, "gains": [{"protection": "enchantment"}]}),
    ("Spare Dagger", ("Equipped creature gets +1/+0 and has \"Whenever this creature attacks, you may sacrifice Spare "
                      "Dagger. When you do, this creature deals 1 damage to any target.\""),
     {"affects": {"attached": True}, "gets": [1, 0], "gains": [{"text": "Whenever this creature attacks, you may "
                                                                "sacrifice Spare Dagger. When you do, this creature "
                                                                "deals 1 damage to any target."}]}),
], ids=["Astral Arena", "Halvar", "protection from enchantments", "Spare Dagger"])
def test_static_lines_read_exactly(name: str, line: str, expected: dict) -> None:
    assert reading(line, name) == expected
