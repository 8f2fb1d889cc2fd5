"""``damage`` and every ``solve`` goal against the brute-force reference (510, 702, 704.5).

Boards: up to four attackers against four blockers, two players, with first and double
strike (510.4), trample (702.19b-d), deathtouch (702.2c), lifelink (702.15b), infect
(702.90b), wither (702.80b), toxic (702.164c), indestructible (702.12b), protection
(702.16e), flying/reach and menace (blocks), marked damage (704.5g), the declare
attackers/blockers triggers (exalted 702.83, battle cry 702.91, melee 702.121, training
702.149, dethrone 702.105, mentor 702.134, battalion 207.2c, myriad 702.116 (no token
with two players), frenzy 702.68, rampage 702.23,
bushido 702.45, flanking 702.25, afflict 702.130), banding blockers (702.22j) and
undying/persist (702.93, 702.79); attack taxes paid with real mana (508.1d, 508.1h-j).
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver import load_board
from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.model import Board, Color
from mtgsolver.model.abilities import Static
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.rules.damage import choice_notes
from mtgsolver.solver.damage import combat_damage
from mtgsolver.solver.search import Undecided, best_response, corner_cases, search_attack
from references import reference_damage as ref

from .support import runs

ATTACKER_KWS = ("first_strike", "double_strike", "trample", "deathtouch", "lifelink", "infect", "wither",
                "indestructible", "flying", "menace", "exalted", "battle_cry", "melee", "training", "dethrone",
                "flanking", "undying", "persist", "mentor", "myriad")
BLOCKER_KWS = ("first_strike", "double_strike", "deathtouch", "lifelink", "wither", "infect", "indestructible",
               "flying", "reach", "flanking", "undying", "persist", "banding")
NUMBERED_A = ("bushido", "rampage", "frenzy", "afflict", "toxic")


def _creature(draw: st.DrawFn, cid: str, controller: str, kws: tuple[str, ...], numbered: tuple[str, ...],
              max_kw: int) -> Permanent:
    keywords = frozenset(draw(st.sets(st.sampled_from(kws), max_size=max_kw)))
    abilities = tuple(Static(k, (lambda n: (n, n) if k == "battalion" else n)(draw(st.integers(1, 2))))
                      for k in draw(st.sets(st.sampled_from(numbered), max_size=1)))
    power = draw(st.integers(0, 4))
    tough = draw(st.integers(1, 4))
    counters = {"+1/+1": 1} if draw(st.integers(0, 7)) == 0 else {}
    marked = draw(st.integers(0, tough - 1)) if draw(st.integers(0, 5)) == 0 else 0
    colors = frozenset(draw(st.sets(st.sampled_from((Color.R, Color.G)), max_size=1)))
    protections = frozenset({"red"}) if draw(st.integers(0, 9)) == 0 else frozenset()
    return Permanent(cid, cid, controller, controller, types=frozenset({"creature"}), colors=colors,
                     base_power=power, base_toughness=tough, counters=counters, keywords=keywords,
                     abilities=abilities, protections=protections, damage=marked)


#: The keywords of 702.134 (mentor), 207.2c (battalion) and 702.22j (banding) with only what keeps
#: them decided (no first or double strike, no trample, no other power-changing attack trigger)
NEW_ATTACKER_KWS = ("mentor", "mentor", "mentor", "mentor", "deathtouch", "lifelink", "infect", "wither", "indestructible", "menace", "undying",
                    "persist")
NEW_BLOCKER_KWS = ("banding", "deathtouch", "lifelink", "wither", "infect", "indestructible", "undying", "persist")


@st.composite
def boards(draw: st.DrawFn, max_side: int = 4, declared: bool = True, attacker_kws: tuple[str, ...] = ATTACKER_KWS,
           blocker_kws: tuple[str, ...] = BLOCKER_KWS, numbered: tuple[str, ...] = NUMBERED_A + ("battalion",)) -> Board:
    n_att = draw(st.integers(1, max_side))
    n_blk = draw(st.integers(0, max_side))
    perms = [_creature(draw, f"a{i}", "alice", attacker_kws, numbered, 2) for i in range(n_att)]
    perms += [_creature(draw, f"b{i}", "bob", blocker_kws, ("bushido",), 2) for i in range(n_blk)]
    players = (Player("alice", 20), Player("bob", draw(st.integers(1, 12)), draw(st.integers(0, 9))))
    board = Board("alice", players, tuple(perms))
    if not declared:
        return board
    attackers = tuple(p.id for p in perms[:n_att] if draw(st.booleans())) or ("a0",)
    blocks = draw(st.sampled_from(list(ref.legal_blocks(board, attackers))))
    combat = CombatDeclaration(tuple(Attack(a, "bob") for a in attackers),
                               tuple(Block(b, (a,)) for b, a in blocks.items()))
    return board.replace(combat=combat)


def _declared(board: Board) -> tuple[tuple[str, ...], dict[str, str]]:
    attack = tuple(a.creature for a in board.combat.attackers)
    return attack, {b.creature: b.blocks[0] for b in board.combat.blockers or ()}


@settings(max_examples=runs(2000, 12), deadline=None, derandomize=True)
@given(boards())
def test_damage_matches_reference(board: Board) -> None:
    """510.1c-d, 510.4, 702.19b, 104.2a: the chosen assignment reaches the reference's optimum
    (the defending player loses, then net life, then most value destroyed; no step after the
    check where the defending player loses)."""
    _damage_agrees(board)


def _damage_agrees(board: Board) -> None:
    result = combat_damage(board, time_limit=30)
    attack, blocks = _declared(board)
    if choice_notes(board, list(attack), {b: (a,) for b, a in blocks.items()}):
        assert result.decided is None  # a choice the board doesn't fix (702.134a, 702.22j)
        return
    assert result.decided
    alice, bob = result.players
    net = bob["life"] - bob["life_after"] + alice["life_after"] - alice["life"]
    value = sum(d["value"] for d in result.destroyed if d["controller"] == "bob" and not d["returns"])
    assert (int(bob["loses"]), net, value) == ref.best_damage(board, attack, blocks)


@settings(max_examples=runs(2000, 4), deadline=None, derandomize=True)
@given(boards())
def test_best_blocks_match_reference(board: Board) -> None:
    """509.1 x 510: the defender's best block has the reference's value (loses, life, poison,
    creatures lost, attackers destroyed)."""
    _blocks_agree(board)


def _blocks_agree(board: Board) -> None:
    attack, _ = _declared(board)
    if corner_cases(board, list(attack), "bob"):
        with pytest.raises(Undecided):
            best_response(board, {a: "bob" for a in attack}, Deadline(60))
        return
    r = best_response(board, {a: "bob" for a in attack}, Deadline(60))
    assert r.value(ref.ORDER) == ref.best_blocks(board, attack)


@settings(max_examples=runs(2000, 2), deadline=None, derandomize=True)
@given(boards(max_side=3, declared=False))
def test_lethal_and_best_attack_match_reference(board: Board) -> None:
    """508.1 x 509.1 x 510: lethal exists iff the reference finds an attack every block loses
    to (704.5a, c); best-attack's guaranteed (loses, life) is the reference's max-min."""
    _attacks_agree(board)


def _attacks_agree(board: Board) -> None:
    """Lethal and best-attack against the reference, or undecided in the corner cases."""
    mine = [p.id for p in board.creatures("alice")]
    if corner_cases(board, mine, "bob"):
        with pytest.raises(Undecided):
            search_attack(board, "lethal", Deadline(60))
        return
    best = ref.best_attack(board)
    lethal = search_attack(board, "lethal", Deadline(60))
    assert bool(lethal.response.loses) == bool(best[0])
    answer = search_attack(board, "best-attack", Deadline(60))
    assert (int(answer.response.loses), answer.response.life) == best


_TAXES = ("Ghostly Prison", "Propaganda", "Sphere of Safety")


def _template(name: str, controller: str) -> Permanent:
    """A real card's permanent (the bundled library), to put on generated boards."""
    board = load_board({"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                        "battlefield": [{"id": "x", "card": name, "controller": controller}]})
    return board.permanent("x")


@st.composite
def taxed_boards(draw: st.DrawFn) -> Board:
    """Up to three attackers and blockers, a tax on attacking bob (508.1d) and alice's Plains
    and Llanowar Elves to pay it (508.1f: an attacking Elves can't)."""
    board = draw(boards(max_side=3, declared=False))
    extra = [replace(_template(draw(st.sampled_from(_TAXES)), "bob"), id="tax")]
    extra += [replace(_template("Plains", "alice"), id=f"plains{i}") for i in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):
        extra.append(replace(_template("Llanowar Elves", "alice"), id="a_elves"))
    return board.replace(permanents=board.permanents + tuple(extra))


@settings(max_examples=runs(200, 6), deadline=None, derandomize=True)
@given(taxed_boards())
def test_lethal_and_best_attack_pay_costs_like_reference(board: Board) -> None:
    """508.1d, 508.1f, 508.1h-j: the search proposes only attacks whose total cost is payable
    and agrees with the reference enumerating the payable attacks."""
    _attacks_agree(board)


NEW = {"attacker_kws": NEW_ATTACKER_KWS, "blocker_kws": NEW_BLOCKER_KWS,
       "numbered": ("battalion", "bushido", "rampage", "afflict")}


@settings(max_examples=runs(1000, 8), deadline=None, derandomize=True)
@given(boards(**NEW))
def test_mentor_battalion_banding_damage_and_blocks_match_reference(board: Board) -> None:
    """702.134a, 207.2c, 702.22j on boards where they are decided: ``damage`` and the best block
    agree with the reference."""
    _damage_agrees(board)
    _blocks_agree(board)


@settings(max_examples=runs(300, 3), deadline=None, derandomize=True)
@given(boards(max_side=3, declared=False, **NEW))
def test_mentor_battalion_banding_attacks_match_reference(board: Board) -> None:
    """702.134a, 207.2c, 702.22j: lethal and best-attack agree with the reference's max-min."""
    _attacks_agree(board)
