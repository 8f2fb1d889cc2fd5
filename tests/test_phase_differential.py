"""A second opinion on declarations of real cards: phase.rs (PyPI ``phase-python``, MIT).

Seeded random boards of the pool's creature cards and Auras (``references/phase_peer.py``) are
asked the same declared attack (508.1) and the same declared blocks after it (509.1) of
mtgsolver and of phase's engine. Where both answer and disagree, the rules decide: each
disagreement must come from a card judged here, with the rule phase gets wrong
(:data:`PHASE_WRONG`), and each judged card has a test of its own on a minimal board. The card
data phase reads is built in memory for the cards a run uses. The run on 300 boards is CI's
profile; the tests of single judged cards run by default; without the wheel
(``pip install -e ".[phase]"``) the tests skip.
"""
from __future__ import annotations

import pytest

from references.phase_peer import Phase, board_text, card_data, differential, load_pool

from .support import ci_only

phase = pytest.importorskip("phase", reason="phase-python is not installed (pip install -e '.[phase]')")
pytestmark = pytest.mark.phase

SEED = 2026
BOARDS = 300

#: Cards on which phase answers wrongly, judged by the Comprehensive Rules: the question it gets
#: wrong, the verdict the rules give there, and why phase differs.
PHASE_WRONG: dict[str, tuple[str, bool, str]] = {
    "Indrik Umbra": ("blocks", False, "509.1c: its parser drops \"all creatures able to block it do so\""),
    "Errantry": ("attacks", False, "508.1c: its parser drops \"can only attack alone\""),
    "Serra Bestiary": ("blocks", False, "509.1b: it reads \"Enchanted creature can't attack or block\" as about the "
                                        "Aura itself"),
    "Orcish Conscripts": ("attacks", False, "508.1c: it leaves \"unless at least two other creatures attack\" "
                                            "unrecognized and then never applies the restriction"),
    "Scarred Puma": ("attacks", False, "508.1c: it leaves \"unless a black or green creature also attacks\" "
                                       "unrecognized and then never applies the restriction"),
    "Michonne, Ruthless Survivor": ("blocks", True, "509.1c: it leaves \"as long as Michonne is equipped\" "
                                                    "unrecognized and requires her to be blocked always"),
    "Pledge of Loyalty": ("blocks", False, "702.16a: it reads \"protection from the colors of permanents you control\" "
                                           "as protection from a card type"),
}


@pytest.fixture(scope="module")
def pool(atomic_cards):
    return load_pool(atomic_cards)


@pytest.fixture(scope="module")
def rows(pool, real_cards):
    return differential(pool, real_cards, SEED, BOARDS)


def _judged(row, question: str, ours: bool) -> str | None:
    """The judged card that explains a disagreement on ``row``, if any."""
    return next((card for card in sorted(row.cards()) if card in PHASE_WRONG
                 and PHASE_WRONG[card][:2] == (question, ours)), None)


@ci_only("300 boards asked of phase")
def test_every_disagreement_with_phase_is_judged_by_the_rules(rows) -> None:
    """Every board where both answer and differ holds a card of :data:`PHASE_WRONG` that
    explains it (the question and the verdict the rules give)."""
    found, _ = rows
    unexplained = [(question, ours, board_text(row.spec)) for row in found
                   for question, ours, _ in row.disagreements() if _judged(row, question, ours) is None]
    assert not unexplained, unexplained


@ci_only("300 boards asked of phase")
def test_the_run_is_on_the_boards_it_says(rows) -> None:
    """300 boards loaded, and phase set up and judged
    the attack on nearly all of them."""
    found, drawn = rows
    assert len(found) == BOARDS and drawn < 2 * BOARDS
    assert sum(r.phase_attack is not None for r in found) >= 0.9 * BOARDS
    assert sum(None not in (r.ours_attack, r.phase_attack) for r in found) >= 0.8 * BOARDS


@ci_only("300 boards asked of phase")
def test_undecided_answers_are_rare_on_the_differential_boards(rows) -> None:
    """Undecided only when unread text could matter (docs/unread.md): fewer than 8% of the
    attack and block answers on the 300 boards are undecided."""
    found, _ = rows
    answers = [r.ours_attack for r in found] + [r.ours_blocks for r in found]
    assert sum(a is None for a in answers) < 0.08 * len(answers)


# --------------------------------------------------------------------------- each judged card
@pytest.fixture(scope="module")
def judge(pool, real_cards):
    """``judge(permanents, attackers, blockers)``: ((our attack verdict, our blocks verdict),
    (phase's)) on one board spec."""
    from mtgsolver import check_attacks, check_blocks, load_board

    def run(permanents: list[dict], attackers: list[str], blockers: list[dict]):
        spec = {"permanents": permanents, "attackers": attackers, "blockers": blockers}
        board = load_board(board_text(spec), library=real_cards)
        return (check_attacks(board).legal, check_blocks(board).legal), \
            Phase(card_data(pool, {p["card"] for p in permanents})).judge(spec)

    return run


def _p(pid: str, card: str, controller: str, **extra) -> dict:
    return {"id": pid, "card": card, "controller": controller, **extra}


def test_indrik_umbra_every_able_creature_blocks_phase_drops_it(judge) -> None:
    """509.1c: "all creatures able to block it do so" is a requirement for each defending
    creature; one of two able Grizzly Bears not blocking disobeys it. phase accepts."""
    ours, theirs = judge([_p("x", "Grizzly Bears", "a"), _p("u", "Indrik Umbra", "a", attached_to="x"),
                          _p("b1", "Grizzly Bears", "b"), _p("b2", "Grizzly Bears", "b")],
                         ["x"], [{"creature": "b1", "blocks": ["x"]}])
    assert ours == (True, False) and theirs == (True, True)


def test_errantry_attacks_alone_phase_drops_it(judge) -> None:
    """508.1c: the enchanted creature "can only attack alone": attacking beside another is
    illegal. phase accepts."""
    ours, theirs = judge([_p("a1", "Grizzly Bears", "a"), _p("a2", "Grizzly Bears", "a"),
                          _p("e", "Errantry", "a", attached_to="a1"), _p("y", "Grizzly Bears", "b")],
                         ["a1", "a2"], [])
    assert ours[0] is False and theirs[0] is True


def test_serra_bestiary_enchanted_creature_cant_block_phase_reads_the_aura(judge) -> None:
    """509.1b: "Enchanted creature can't attack or block": the enchanted Grizzly Bears can't
    block. phase accepts the block."""
    ours, theirs = judge([_p("x", "Grizzly Bears", "a"), _p("y", "Grizzly Bears", "b"),
                          _p("s", "Serra Bestiary", "b", attached_to="y")],
                         ["x"], [{"creature": "y", "blocks": ["x"]}])
    assert ours == (True, False) and theirs == (True, True)


def test_orcish_conscripts_and_scarred_puma_attack_with_company_phase_never_restricts(judge) -> None:
    """508.1c: Orcish Conscripts can't attack unless at least two other creatures attack;
    Scarred Puma unless a black or green creature also attacks. Alone, each attack is illegal;
    phase accepts both."""
    for card in ("Orcish Conscripts", "Scarred Puma"):
        ours, theirs = judge([_p("x", card, "a"), _p("y", "Grizzly Bears", "b")], ["x"], [])
        assert ours[0] is False and theirs[0] is True, card


def test_michonne_must_be_blocked_only_while_equipped_phase_always(judge) -> None:
    """509.1c: "As long as Michonne is equipped, she must be blocked if able": unequipped, a
    block of another attacker is legal. phase refuses it."""
    ours, theirs = judge([_p("m", "Michonne, Ruthless Survivor", "a"), _p("g", "Grizzly Bears", "a"),
                          _p("y", "Grizzly Bears", "b")],
                         ["m", "g"], [{"creature": "y", "blocks": ["g"]}])
    assert ours == (True, True) and theirs == (True, False)


def test_pledge_of_loyalty_protection_from_the_colors_phase_reads_a_type(judge) -> None:
    """702.16a: "protection from the colors of permanents you control": controlled by the
    defending player, whose Windscouter is blue, it gives the attacker protection from blue,
    so Windscouter can't block it (702.16f). phase accepts the block."""
    ours, theirs = judge([_p("x", "Grizzly Bears", "a"), _p("w", "Windscouter", "b"),
                          _p("p", "Pledge of Loyalty", "b", attached_to="x")],
                         ["x"], [{"creature": "w", "blocks": ["x"]}])
    assert ours == (True, False) and theirs == (True, True)
