"""Generated boards (the original palette) against the brute-force reference; the widened
themes of test_payment_reference.py run as pinned examples only (see there).

The payment solver against the brute-force reference planner on generated small boards.

Each generated board (a few lands, rocks, filters, Signets, dorks, Treasures, altars,
restricted and snow sources, Celestial Dawn's spending rule, a pool, a life total) and cost
(every 107.4 symbol kind, X, kept costs: paid from untouched sources only) must get the same
payability and the same optimum from both, and the solver's plan must replay legally (order,
costs, assignment) to exactly that optimum.
"""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.model import ManaCost, parse_board_text
from mtgsolver.solver.payment import SpellInfo, pay

from references.reference_payment import best_payment, replay
from .support import runs

# (card or inline fields, extra fields) the boards are drawn from
PALETTE = [
    {"card": "Plains"}, {"card": "Island"}, {"card": "Forest"}, {"card": "Swamp"},
    {"card": "Snow-Covered Island"}, {"card": "Wastes"}, {"card": "Tundra"},
    {"card": "Sol Ring"}, {"card": "Thought Vessel"}, {"card": "Treasure"}, {"card": "Gold"},
    {"card": "Azorius Signet"}, {"card": "Mystic Gate"}, {"card": "Ashnod's Altar"},
    {"card": "Phyrexian Altar"}, {"card": "Llanowar Elves"}, {"card": "Birds of Paradise"},
    {"card": "Noble Hierarch"}, {"card": "Grizzly Bears"}, {"card": "Mana Confluence"},
    {"card": "Pillar of the Paruns"}, {"card": "Gaea's Cradle"}, {"card": "Ancient Tomb"},
    {"card": "Karplusan Forest"},
    {"card": "Vivid Crag", "counters": {"charge": 1}},
    {"name": "Creature Shrine", "types": ["land"],
     "text": "{T}: Add {G}{G}. Spend this mana only to cast creature spells."},
    {"name": "Untapper", "types": ["artifact"], "text": "{Q}: Add {U}.", "tapped": True},
    {"name": "Snow Rock", "types": ["artifact"], "snow": True, "text": "{T}: Add {C}."},
    {"name": "Land Elemental", "types": ["land", "creature"], "power": 1, "toughness": 1,
     "text": "{T}: Add {W} or {B}."},
    {"name": "Converter", "types": ["artifact"], "text": "{1}: Add {B}."},
    {"card": "Celestial Dawn"},
    {"name": "Thriving Isle", "types": ["land"], "chosen_color": "green",
     "text": "{T}: Add {U} or one mana of the chosen color."},
    {"name": "Scrub Vale", "types": ["land"], "text": "{T}: Add {W} or {G}. Activate only if you control a Plains."},
]
SYMBOLS = ["{W}", "{U}", "{G}", "{B}", "{C}", "{1}", "{2}", "{W/U}", "{2/G}", "{G/P}", "{U/P}", "{W/U/P}",
           "{S}", "{C/W}", "{0}"]

permanent = st.tuples(st.integers(0, len(PALETTE) - 1), st.integers(0, 3).map(lambda n: n == 0),
                      st.integers(0, 3).map(lambda n: n == 0))


def permanent_lines(perms: list[tuple[int, bool, bool]], palette: list[dict]) -> list[str]:
    """Battlefield lines of player a's permanents: (palette index, tapped, summoning sick)."""
    lines = []
    for n, (index, tapped, sick) in enumerate(perms):
        fields = dict(palette[index])
        fields.update(id=f"p{n}", controller="a")
        if tapped and "tapped" not in fields:
            fields["tapped"] = True
        if sick:
            fields["summoning_sick"] = True
        lines.append("  - " + json.dumps(fields))
    return lines


@st.composite
def requests(draw):
    perms = draw(st.lists(permanent, min_size=2, max_size=5))
    lines = ["active_player: a", f"players: [{{name: a, life: {draw(st.integers(0, 5))}}}, {{name: b}}]",
             "battlefield:"]
    lines += permanent_lines(perms, PALETTE)
    pool = draw(st.lists(st.sampled_from(["{W}", "{U}", "{G}", "{C}"]), max_size=2))
    if pool:
        snow = draw(st.booleans())
        lines.append(f"mana_pool: {{a: [{{mana: \"{''.join(pool)}\", snow: {str(snow).lower()}}}]}}")
    board = parse_board_text("\n".join(lines), "gen.yaml")
    cost = "".join(draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=3)))
    x_mode = draw(st.sampled_from(["none", "none", "max"]))
    if x_mode == "max":
        cost = "{X}" + cost
    keep = draw(st.sampled_from([(), (), (), ("{U}",), ("{G}",), ("{1}",)]))
    creature_spell = draw(st.booleans())
    return board, cost, x_mode == "max", keep, creature_spell


@settings(max_examples=runs(2000), deadline=None, derandomize=True)
@given(requests())
def test_solver_agrees_with_brute_force(request):
    board, cost, maximize_x, keep, creature_spell = request
    spell = SpellInfo(frozenset({"creature"})) if creature_spell else None
    result = pay(board, cost, keep=keep, maximize_x=maximize_x, spell=spell)
    parsed = ManaCost.parse(cost)
    expected = best_payment(board, "a", parsed, tuple(ManaCost.parse(k) for k in keep), maximize_x,
                            frozenset({"creature"}) if creature_spell else None)
    assert result.payable is (expected is not None), (cost, result.to_json(), expected)
    assert result.optimal
    if expected is not None:
        assert replay(board, "a", parsed, result) == expected, (cost, result.to_json(), expected)
