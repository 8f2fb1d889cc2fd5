"""Generated turns for the plan tests (hypothesis), described by ``references/reference_plan.py``."""
from __future__ import annotations

from hypothesis import strategies as st

from references.reference_plan import LANDS, MODES, SOURCES, SPELLS, X_SPELLS, describe


@st.composite
def turns(draw, max_spells: int = 4, max_sources: int = 10, with_x: bool | None = None, keep: bool = False):
    """A board text, the spells to cast and the plain description: up to ``max_sources``
    mana sources, up to ``max_spells`` spells in hand (at most one with X), maybe Gandalf."""
    permanents = []
    for _ in range(draw(st.integers(1, max_sources))):
        card = draw(st.sampled_from(sorted(SOURCES)))
        tapped = card in LANDS and draw(st.integers(0, 5)) == 0
        permanents.append((card, tapped, card == "Birds of Paradise" and draw(st.booleans())))
    plain = [s for s in sorted(SPELLS) if s not in X_SPELLS]
    names = draw(st.lists(st.sampled_from(plain), min_size=1, max_size=max_spells))
    if draw(st.booleans()) if with_x is None else with_x:
        names = names[: max_spells - 1] + [draw(st.sampled_from(X_SPELLS))]
    gandalf = draw(st.lists(st.sampled_from(MODES), unique=True, max_size=3)) if draw(st.booleans()) else None
    pool = "".join(draw(st.lists(st.sampled_from("WUBRGC"), max_size=2)))
    keep_cost = draw(st.sampled_from(["R", "G", "1", "U"])) if keep else None
    text, spec = describe(permanents, names, gandalf, pool, keep_cost)
    return text, names, spec
