"""The block check without a search where each blocker's choice stands alone (509.1c), against
the CP-SAT search and the brute-force reference on generated boards.

Boards have Lure (also "all creatures with flying"), "must block", "blocks each combat" and
"blocks this turn" requirements, evasion, tapped creatures, creatures that can block more
than one attacker or any number, costs to block paid or not, two defending players, and now
and then a restriction or requirement that ties blocks together (menace, "no more than N",
"can't block alone", "must be blocked") that makes the declaration not separable. Whichever
way the check goes, its verdict, maximum, notes and violations are those of the search, and
its witness obeys every restriction, reaches the maximum and is as close to the declaration
as the search's.
"""
from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.encodings.blocks import build_block_model
from mtgsolver.load import prepare
from mtgsolver.model import Board, CreatureFilter, ManaCost
from mtgsolver.model.abilities import Static
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.rules.blocking import attackers_by_defender, block_options, requirements, restriction_findings
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.result import CombatResult
from mtgsolver.solver.separable_blocks import closest_separable, separable
from references import reference_blocks as ref

from .support import runs
from .test_blocks_reference import boards as mixed_boards
from .test_blocks_rules import make, vanilla, witness

#: Keywords and abilities that keep a declaration separable, and those that tie blocks together.
_ATTACKER_STATICS = (Static("lure"), Static("lure"), Static("lure_by", CreatureFilter(keyword="flying")))
_TYING_ATTACKER = (Static("max_blockers", 1), Static("must_be_blocked"), Static("min_blockers", 2))
_BLOCKER_STATICS = (Static("blocks_each_combat"), Static("can_block_additional", 1), Static("can_block_any_number"),
                    Static("cant_block"), Static("block_cost", ManaCost.parse("{0}")))


@st.composite
def separable_boards(draw: st.DrawFn) -> Board:
    """Mostly separable declarations: see the module docstring."""
    defenders = ["bob", "carol"] if draw(st.integers(0, 4)) == 0 else ["bob"]
    perms: list[Permanent] = []
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 5)))]
    for aid in attackers:
        abilities = draw(st.lists(st.sampled_from(_ATTACKER_STATICS), max_size=2, unique=True))
        if draw(st.integers(0, 9)) == 0:
            abilities.append(draw(st.sampled_from(_TYING_ATTACKER)))
        keywords = draw(st.sets(st.sampled_from(("flying", "shadow", "menace")), max_size=1)) \
            if draw(st.booleans()) else set()
        perms.append(Permanent(aid, f"Attacker {aid}", "alice", "alice", types=frozenset({"creature"}),
                               base_power=draw(st.integers(0, 3)), base_toughness=1, keywords=frozenset(keywords),
                               abilities=tuple(abilities)))
    blockers = [f"b{i}" for i in range(draw(st.integers(1, 6)))]
    for bid in blockers:
        abilities = draw(st.lists(st.sampled_from(_BLOCKER_STATICS), max_size=2, unique=True))
        if draw(st.integers(0, 11)) == 0:
            abilities.append(Static("cant_block_alone"))
        controller = draw(st.sampled_from(defenders))
        perms.append(Permanent(bid, f"Blocker {bid}", controller, controller, types=frozenset({"creature"}),
                               base_power=draw(st.integers(0, 3)), base_toughness=1,
                               keywords=frozenset(draw(st.sets(st.sampled_from(("flying", "reach")), max_size=1))),
                               abilities=tuple(abilities), tapped=draw(st.integers(0, 7)) == 0))
    effects = [Effect("must_block", creature=draw(st.sampled_from(blockers)), attacker=draw(st.sampled_from(attackers)))
               for _ in range(draw(st.integers(0, 2)))]
    if draw(st.integers(0, 3)) == 0:
        effects.append(Effect("blocks_this_turn", creature=draw(st.sampled_from(blockers))))
    if draw(st.integers(0, 9)) == 0:
        effects.append(Effect("max_blockers_total", n=draw(st.integers(1, 3))))
    declared = [Block(b, tuple(draw(st.lists(st.sampled_from(attackers), min_size=1, max_size=3, unique=True))))
                for b in blockers if draw(st.booleans())]
    attacks = tuple(Attack(a, draw(st.sampled_from(defenders))) for a in attackers)
    paid = frozenset(b for b in blockers if draw(st.booleans()))
    return Board("alice", tuple(Player(n) for n in ["alice", *defenders]), tuple(perms), tuple(effects),
                 combat=CombatDeclaration(attacks, tuple(declared), paid))


def _searched(board: Board) -> CombatResult:
    """The check with every declaration searched with CP-SAT."""
    with mock.patch("mtgsolver.solver.blocks.separable", lambda *_: False):
        return check_blocks(board)


def _pairs(declaration) -> set[tuple[str, str]]:
    return {(b, a) for b, targets in declaration for a in targets}


def _same_answer(board: Board) -> None:
    fast, full = check_blocks(board), _searched(board)
    assert (fast.legal, fast.obeyed, fast.maximum, fast.optimal, fast.notes, fast.costs, fast.payments) == \
        (full.legal, full.obeyed, full.maximum, full.optimal, full.notes, full.costs, full.payments)
    assert [(v.rule, v.creature is None) for v in fast.violations] == \
        [(v.rule, v.creature is None) for v in full.violations]
    declared = _pairs((b.creature, b.blocks) for b in board.combat.blockers)
    assert len(_pairs(fast.witness) ^ declared) == len(_pairs(full.witness) ^ declared)
    paid = board.combat.paid_costs & frozenset(b.creature for b in board.combat.blockers if b.blocks)
    w_legal, w_obeyed, w_max = ref.reference(board, dict(fast.witness), paid)
    assert w_legal and w_obeyed == w_max == fast.maximum


@settings(max_examples=runs(1000, 40), deadline=None, derandomize=True)
@given(separable_boards())
def test_separable_check_agrees_with_search(board: Board) -> None:
    _same_answer(board)


@settings(max_examples=runs(400, 20), deadline=None, derandomize=True)
@given(mixed_boards())
def test_check_agrees_with_search_on_mixed_boards(board: Board) -> None:
    _same_answer(board)


@settings(max_examples=runs(600, 30), deadline=None, derandomize=True)
@given(separable_boards())
def test_closest_separable_reaches_the_maximum(board: Board) -> None:
    """Where the declaration is separable, the closest declaration obeys every restriction and
    the reference's maximum, paying the costs the declaration pays."""
    board = prepare(board)
    paid = board.combat.paid_costs & frozenset(b.creature for b in board.combat.blockers if b.blocks)
    declared = {b.creature: b.blocks for b in board.combat.blockers if b.blocks}
    witness: dict[str, tuple[str, ...]] = {}
    for defender, attackers in attackers_by_defender(board).items():
        options = block_options(board, defender, attackers, paid)
        reqs, _ = requirements(board, defender, attackers, paid, options)
        if not separable(board, options, reqs, paid):
            return
        witness.update(closest_separable(board, options, reqs, declared))
    assert not restriction_findings(board, witness, paid)
    _, w_obeyed, w_max = ref.reference(board, witness, paid)
    assert w_obeyed == w_max == ref.reference(board)[2]


@settings(max_examples=runs(600, 30), deadline=None, derandomize=True)
@given(st.one_of(mixed_boards(), separable_boards()))
def test_separable_models_restrict_only_each_blockers_attackers(board: Board) -> None:
    """Where ``separable`` holds, the guarded CP-SAT model has no restriction but 509.1a's
    number of attackers per blocker: a group restriction added to the encoding without
    ``separable`` knowing fails here, once the generated boards have it."""
    board = prepare(board)
    paid = board.combat.paid_costs & frozenset(b.creature for b in board.combat.blockers if b.blocks)
    for defender, attackers in attackers_by_defender(board).items():
        options = block_options(board, defender, attackers, paid)
        reqs, _ = requirements(board, defender, attackers, paid, options)
        if separable(board, options, reqs, paid):
            model = build_block_model(board, defender, attackers, reqs, paid, guarded=True, options=options)
            assert all(f.rule == "509.1a" and f.creature in options.eligible for _, f in model.guards)


def _separable(board: Board, defender: str = "bob") -> bool:
    board = prepare(board)
    paid = board.combat.paid_costs
    attackers = attackers_by_defender(board)[defender]
    options = block_options(board, defender, attackers, paid)
    return separable(board, options, requirements(board, defender, attackers, paid, options)[0], paid)


def test_lure_on_grizzly_bears_checked_without_a_search() -> None:
    """Lure: every creature able to block the bears must (509.1c); the ox blocking the giant
    obeys none of its requirements, the wall is declared to block nothing."""
    lure = {"id": "lure", "card": "Lure", "controller": "alice", "attached_to": "bears"}
    board = make([{"id": "bears", "card": "Grizzly Bears"}, {"id": "giant", "card": "Hill Giant"}],
                 [{"id": "ox", "card": "Pillarfield Ox", "controller": "bob"},
                  {"id": "eel", "card": "Coral Eel", "controller": "bob"},
                  {"id": "wall", "card": "Wall of Stone", "controller": "bob"}, lure],
                 {"ox": ["giant"], "eel": ["bears"]})
    assert _separable(board)
    result = check_blocks(board)
    assert (result.legal, result.obeyed, result.maximum, result.optimal) == (False, 1, 3, True)
    assert witness(result) == {"eel": ["bears"], "ox": ["bears"], "wall": ["bears"]}
    assert sorted(v.creature for v in result.violations if v.creature) == ["ox", "wall"]
    assert result == _searched(board)


def test_each_blocker_chooses_its_best_blocks_closest_to_its_declared_ones() -> None:
    """509.1c blocker by blocker: flying Lure attackers a0 and a1 (b0 must also block a1) and a
    plain a2. b0 (reach) leaves its declared a0 for a1, named twice; b1 blocks each combat and
    can block only a2; b2 (reach, any number) keeps its declared a2 beside both Lure attackers;
    b3 (two attackers) keeps a2, the only one of its declared attackers it can block; b4 (reach)
    keeps its declared a1 among the Lure attackers."""
    def creature(cid: str, controller: str, keywords: tuple[str, ...] = (), *abilities: Static) -> Permanent:
        return Permanent(cid, cid, controller, controller, types=frozenset({"creature"}), base_power=2,
                         base_toughness=2, keywords=frozenset(keywords), abilities=abilities)

    attackers = [creature("a0", "alice", ("flying",), Static("lure")),
                 creature("a1", "alice", ("flying",), Static("lure")), creature("a2", "alice")]
    blockers = [creature("b0", "bob", ("reach",)), creature("b1", "bob", (), Static("blocks_each_combat")),
                creature("b2", "bob", ("reach",), Static("can_block_any_number")),
                creature("b3", "bob", (), Static("can_block_additional", 1)), creature("b4", "bob", ("reach",))]
    declared = (Block("b0", ("a0",)), Block("b2", ("a2",)), Block("b3", ("a2", "a0")), Block("b4", ("a1",)))
    board = Board("alice", (Player("alice"), Player("bob")), tuple(attackers + blockers),
                  (Effect("must_block", creature="b0", attacker="a1"),),
                  combat=CombatDeclaration(tuple(Attack(a.id, "bob") for a in attackers), declared))
    assert _separable(board)
    result = check_blocks(board)
    assert (result.legal, result.obeyed, result.maximum) == (False, 2, 6)
    assert witness(result) == {"b0": ["a1"], "b1": ["a2"], "b2": ["a0", "a1", "a2"], "b3": ["a2"], "b4": ["a1"]}
    assert result == _searched(board)


#: Restrictions that tie blocks together and requirements about more than one creature: on the
#: attacker a0, on the blocker b0, or as effects.
_TIES = {
    "menace": ({"keywords": frozenset({"menace"})}, {}, ()),
    "three or more": ({"abilities": (Static("min_blockers", 3),)}, {}, ()),
    "no more than one": ({"abilities": (Static("max_blockers", 1),)}, {}, ()),
    "Tromokratis": ({"abilities": (Static("blocked_only_by_all"),)}, {}, ()),
    "must be blocked": ({"abilities": (Static("must_be_blocked"),)}, {}, ()),
    "by two or more": ({"abilities": (Static("must_be_blocked_by", 2),)}, {}, ()),
    "by a Human": ({"abilities": (Static("must_be_blocked_by_a", CreatureFilter(subtype="human")),)}, {}, ()),
    "can't block alone": ({}, {"abilities": (Static("cant_block_alone"),)}, ()),
    "unless two others": ({}, {"abilities": (Static("cant_block_unless_others", 2),)}, ()),
    "Okk": ({}, {"abilities": (Static("cant_block_unless_also", (CreatureFilter(power_at_least=3),)),)}, ()),
    "paid cost": ({}, {"abilities": (Static("block_cost", ManaCost.parse("{0}")),)}, ()),
    "two blockers": ({}, {}, (Effect("max_blockers_total", n=2),)),
}


@pytest.mark.parametrize("tie", sorted(_TIES))
def test_ties_between_blocks_are_not_separable(tie: str) -> None:
    """Each restriction or requirement of the encoding that ties blocks together makes the
    declaration not separable; the check then searches, with the same answer either way."""
    on_attacker, on_blocker, effects = _TIES[tie]

    def creature(cid: str, controller: str, **extra: object) -> Permanent:
        fields = {"base_power": 2, "base_toughness": 2, "subtypes": frozenset({"human"}), **extra}
        return Permanent(cid, cid, controller, controller, types=frozenset({"creature"}), **fields)  # type: ignore[arg-type]

    attackers = [creature("a0", "alice", **on_attacker), creature("a1", "alice", abilities=(Static("lure"),))]
    blockers = [creature("b0", "bob", **on_blocker), creature("b1", "bob"), creature("b2", "bob")]
    board = Board("alice", (Player("alice"), Player("bob")), tuple(attackers + blockers), effects,
                  combat=CombatDeclaration((Attack("a0", "bob"), Attack("a1", "bob")), (Block("b0", ("a1",)),),
                                           frozenset({"b0"})))
    assert not _separable(board)
    assert check_blocks(board) == _searched(board)


def test_509_1c_example_menace_is_not_separable() -> None:
    """509.1c's example: menace ties the two blocks together, so the search decides."""
    board = make([vanilla("m", "alice", keywords=["menace"])],
                 [vanilla("c1", abilities=["blocks_each_combat"]), vanilla("c2")], {"c1": ["m"]})
    assert not _separable(board)
    result = check_blocks(board)
    assert not result.legal and witness(result) == {"c1": ["m"], "c2": ["m"]}
