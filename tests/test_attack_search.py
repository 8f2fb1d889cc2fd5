"""The attack search's shortcuts against the brute-force reference's max-min over every attack
(704.5a, c): the whole attack is best when no trigger, lifelink blocker or group rule says
otherwise (``all_in_obstacles``; 508.1, 509.1, 702.15b, 702.83, 702.91, 702.121, 702.149), and a
refuting block answers every attack once the blocks of absent creatures are dropped (509.1a-b)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.encodings.cpsat import Deadline
from mtgsolver.load import parse_board_text
from mtgsolver.model import Board
from mtgsolver.model.abilities import Static
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.rules.attacking import attack_problem
from mtgsolver.solver.search import Undecided, all_in_obstacles, block_value, corner_cases, search_attack
from references import reference_damage as ref

from .support import runs
from .test_damage_reference import NUMBERED_A, _attacks_agree, _creature

#: Per-creature keywords only: no exalted, battle cry, melee or training on the attackers and
#: no lifelink on the blockers, so the dominance applies.
ATTACKER_KWS = ("first_strike", "double_strike", "trample", "deathtouch", "lifelink", "infect", "wither",
                "indestructible", "flying", "menace", "dethrone", "flanking", "undying", "persist")
BLOCKER_KWS = ("first_strike", "double_strike", "deathtouch", "wither", "infect", "indestructible", "flying",
               "reach", "flanking", "undying", "persist")


@st.composite
def boards(draw: st.DrawFn, attacker_kws: tuple[str, ...] = ATTACKER_KWS,
           blocker_kws: tuple[str, ...] = BLOCKER_KWS) -> Board:
    n_att, n_blk = draw(st.integers(1, 3)), draw(st.integers(0, 3))
    perms = [_creature(draw, f"a{i}", "alice", attacker_kws, NUMBERED_A, 2) for i in range(n_att)]
    perms += [_creature(draw, f"b{i}", "bob", blocker_kws, ("bushido",), 2) for i in range(n_blk)]
    return Board("alice", (Player("alice", 20), Player("bob", draw(st.integers(1, 12)), draw(st.integers(0, 9)))),
                 tuple(perms))


def _plain(cid: str, who: str, power: int, toughness: int, *keywords: str) -> Permanent:
    return Permanent(cid, cid, who, who, types=frozenset({"creature"}), base_power=power, base_toughness=toughness,
                     keywords=frozenset(keywords))


@settings(max_examples=runs(400, 12), deadline=None, derandomize=True)
@given(boards())
def test_all_in_matches_reference(board: Board) -> None:
    """lethal and best-attack by the dominance agree with the reference's max-min."""
    if corner_cases(board, [p.id for p in board.creatures("alice")], "bob"):
        return
    assert all_in_obstacles(board, attack_problem(board), "bob") == []
    best = ref.best_attack(board)
    lethal = search_attack(board, "lethal", Deadline(60))
    assert lethal.dominance and bool(lethal.response.loses) == bool(best[0])
    answer = search_attack(board, "best-attack", Deadline(60))
    assert (int(answer.response.loses), answer.response.life) == best


@settings(max_examples=runs(400, 8), deadline=None, derandomize=True)
@given(boards(ATTACKER_KWS + ("exalted", "battle_cry", "melee", "training"), BLOCKER_KWS + ("lifelink",)))
def test_cuts_for_every_attack_match_reference(board: Board) -> None:
    """With lifelink blockers and triggers that count attackers, the refinement loop's cuts
    (each refuting block kept for the creatures that still attack) reach the reference's
    lethal verdict and best attack."""
    _attacks_agree(board)


def test_lifelink_blocker_or_exalted_refuse_the_dominance() -> None:
    """702.15b: a lifelink blocker gains life back from an extra attacker; 702.83a: exalted
    rewards attacking alone. Neither board takes the shortcut, and both answers stay exact."""
    lifelink = Board("alice", (Player("alice", 20), Player("bob", 3)),
                     (_plain("a0", "alice", 3, 3, "flying"), _plain("a1", "alice", 1, 1),
                      _plain("b0", "bob", 4, 4, "lifelink")))
    assert any("lifelink" in why for why in all_in_obstacles(lifelink, attack_problem(lifelink), "bob"))
    # all in: b0 blocks a1 and gains 4 (3 - 3 + 4 > 0); the flier alone is lethal
    answer = search_attack(lifelink, "lethal", Deadline(60))
    assert not answer.dominance and answer.response.loses and answer.attack == {"a0": "bob"}
    assert ref.best_attack(lifelink)[0] == 1
    exalted = Board("alice", (Player("alice", 20), Player("bob", 4)),
                    (_plain("a0", "alice", 2, 2, "exalted", "flying"), _plain("a1", "alice", 1, 1, "exalted"),
                     _plain("b0", "bob", 1, 1)))
    assert any("exalted" in why for why in all_in_obstacles(exalted, attack_problem(exalted), "bob"))
    # alone a0 is a 4/4 flier: lethal; with a1 both are unexalted and 2 damage is not
    answer = search_attack(exalted, "lethal", Deadline(60))
    assert not answer.dominance and answer.response.loses and answer.attack == {"a0": "bob"}


def _best_attack_agrees(board: Board) -> None:
    """best-attack (the refinement loop: a lifelink blocker refuses the dominance) is decided
    and agrees with the reference's max-min."""
    assert any("lifelink" in why for why in all_in_obstacles(board, attack_problem(board), "bob"))
    answer = search_attack(board, "best-attack", Deadline(60))
    assert (int(answer.response.loses), answer.response.life) == ref.best_attack(board)


def test_702_15b_a_cut_counts_the_life_a_lifelinker_gains() -> None:
    """Against the 3/3 flyer and the 1/1, Bob's 1/1 lifelinker blocks the 1/1: he loses 3 and
    gains 1 (702.15b), net 2; against the flyer alone he loses 3. The cut of the whole attack
    bounds it by its net loss exactly, so the flyer alone (one more) is found best."""
    board = Board("alice", (Player("alice", 20), Player("bob", 20)),
                  (_plain("a0", "alice", 3, 3, "flying"), _plain("a1", "alice", 1, 1),
                   _plain("b0", "bob", 1, 1, "lifelink")))
    _best_attack_agrees(board)
    answer = search_attack(board, "best-attack", Deadline(60))
    assert answer.attack == {"a0": "bob"} and answer.response.life == 3  # the net life loss
    big = Board("alice", (Player("alice", 20), Player("bob", 20)),
                (_plain("a0", "alice", 3, 3, "flying"), _plain("a1", "alice", 1, 1), _plain("b0", "bob", 4, 4, "lifelink")))
    _best_attack_agrees(big)
    trample = Board("alice", (Player("alice", 20), Player("bob", 20)),
                    (_plain("a0", "alice", 3, 3, "flying"), _plain("a1", "alice", 4, 4, "trample"),
                     _plain("b0", "bob", 1, 1, "lifelink")))
    _best_attack_agrees(trample)  # the whole attack: 6 damage, 1 gained back


def test_the_weight_of_a_win_exceeds_any_net_life_with_small_or_tough_attackers() -> None:
    """best-attack ranks the defending player's loss above net life by a weight larger than any
    net life loss: it stays so with three 1/1s against a player at 2, with a 0/40 attacking, with
    ten 0/1 blockers, with a 0/30 blocker and against a player at 60."""
    ones = Board("alice", (Player("alice", 20), Player("bob", 2)),
                 tuple(_plain(f"a{i}", "alice", 1, 1) for i in range(3)) + (_plain("b0", "bob", 0, 1, "lifelink"),))
    _best_attack_agrees(ones)
    tough = Board("alice", (Player("alice", 20), Player("bob", 1)),
                  (_plain("a0", "alice", 0, 40), _plain("a1", "alice", 1, 1, "flying"),
                   _plain("b0", "bob", 0, 1, "lifelink")))
    _best_attack_agrees(tough)
    blockers = Board("alice", (Player("alice", 20), Player("bob", 2)),
                     (_plain("a0", "alice", 1, 1),) + tuple(_plain(f"b{i}", "bob", 0, 1) for i in range(9))
                     + (_plain("b9", "bob", 0, 1, "lifelink"),))
    _best_attack_agrees(blockers)
    wall = Board("alice", (Player("alice", 20), Player("bob", 1)),
                 (_plain("a0", "alice", 1, 1), _plain("b0", "bob", 0, 1, "lifelink"), _plain("b1", "bob", 0, 30)))
    _best_attack_agrees(wall)
    high = Board("alice", (Player("alice", 20), Player("bob", 60)),
                 (_plain("a0", "alice", 1, 1), _plain("b0", "bob", 0, 1, "lifelink")))
    _best_attack_agrees(high)


def test_a_win_by_poison_outranks_the_life_a_lifelink_blocker_gains_back() -> None:
    """Bob at 9 poison: of two infect 1/1s he blocks one and the other's counter kills him
    (704.5c), whatever his lifelinker gains (702.15b) from the one it blocks: 1,000 from a
    1,000/1, or twice 81 from a double-striking 1/1 with bushido 80 (702.45a) against an
    indestructible attacker. best-attack still ranks that loss above every surviving outcome."""
    def board(blocker: Permanent, indestructible: tuple[str, ...] = ()) -> Board:
        return Board("alice", (Player("alice", 20), Player("bob", 20, 9)),
                     (_plain("i1", "alice", 1, 1, "infect", *indestructible), _plain("i2", "alice", 1, 1, "infect"),
                      blocker))
    strong = board(_plain("b0", "bob", 1000, 1, "lifelink"))
    bushido = board(replace(_plain("b0", "bob", 1, 1, "lifelink", "double_strike"), abilities=(Static("bushido", 80),)),
                    ("indestructible",))
    for case, gained in ((strong, 1000), (bushido, 162)):
        _best_attack_agrees(case)
        answer = search_attack(case, "best-attack", Deadline(60))
        assert answer.attack == {"i1": "bob", "i2": "bob"} and answer.response.loses and answer.response.life == -gained


def _numbered(cid: str, who: str, power: int, toughness: int, keywords: tuple[str, ...], *numbered: Static) -> Permanent:
    return replace(_plain(cid, who, power, toughness, *keywords), abilities=numbered)


@pytest.mark.parametrize("case, creatures", [
    # 702.83a: alone, the 1/1 gets +1/+1 from each of six exalted instances
    ("exalted", (_plain("a0", "alice", 1, 1),) + tuple(_plain(f"e{i}", "alice", 0, 1, "exalted") for i in range(6))),
    # 702.91a: each of seven battle criers gets +1/+0 from the other six
    ("battle cry", tuple(_plain(f"c{i}", "alice", 1, 1, "battle_cry") for i in range(7))),
    # 702.45a: blocked, the trampler gets +7/+7 and tramples 8 over a 1/1 (702.19b)
    ("bushido", (_numbered("a0", "alice", 2, 2, ("trample",), Static("bushido", 7)), _plain("b0", "bob", 1, 1))),
    # 702.23a: +8/+8 for each blocker beyond the first
    ("rampage", (_numbered("a0", "alice", 2, 2, ("trample",), Static("rampage", 8)), _plain("b0", "bob", 1, 1),
                 _plain("b1", "bob", 1, 1))),
    # 702.68a: unblocked, +6/+0
    ("frenzy", (_numbered("a0", "alice", 1, 1, (), Static("frenzy", 6)),)),
    # battalion (207.2c): with two others, +6/+6
    ("battalion", (_numbered("a0", "alice", 1, 1, (), Static("battalion", (6, 6))), _plain("a1", "alice", 0, 1),
                   _plain("a2", "alice", 0, 1))),
    # 702.164c: toxic 4, double strike: 8 poison counters
    ("toxic", (_numbered("a0", "alice", 1, 1, ("double_strike",), Static("toxic", 4)),)),
    # a power far above the toughness, and 510.1a's damage by toughness
    ("power", (_plain("a0", "alice", 8, 1),)),
    ("toughness", (_numbered("a0", "alice", 0, 8, (), Static("assigns_damage_by_toughness")),)),
    # 702.121a melee, 702.105a dethrone, 702.149a training: a counter or a bonus each
    ("melee, dethrone and training", (_plain("a0", "alice", 1, 1, "melee", "dethrone", "training"),
                                       _plain("a1", "alice", 2, 2))),
])
def test_a_share_stays_within_the_bounds_its_triggers_reach(case: str, creatures: tuple[Permanent, ...]) -> None:
    """Each share of an attacker's damage lies within the master's bound on it (a share outside
    it is undecided): the bound counts every trigger that raises its power, so these boards are
    answered, and as the reference's max-min."""
    board = Board("alice", (Player("alice", 20), Player("bob", 60)), creatures)
    answer = search_attack(board, "best-attack", Deadline(60))
    assert (int(answer.response.loses), answer.response.life) == ref.best_attack(board), case


def test_508_1c_d_a_rule_on_several_attackers_refuses_the_dominance() -> None:
    """508.1c-d: a requirement (Juggernaut), "can't attack alone" (Mogg Flunkies), "unless a black
    or green creature also attacks" (Scarred Puma), a cap on all attackers (Silent Arbiter) or on
    those attacking a player (Crawlspace), "can attack only alone": each alone makes the whole
    attack a choice among others, so the shortcut is refused, with the rule named."""
    why = "508.1c-d: attack requirements or restrictions that involve several creatures"
    rules = [("Juggernaut", "alice", "text: 'Juggernaut attacks each combat if able.'"),
             ("Mogg Flunkies", "alice", "text: \"Mogg Flunkies can't attack or block alone.\""),
             ("Scarred Puma", "alice", "text: \"Scarred Puma can't attack unless a black or green creature also "
                                       "attacks.\""),
             ("Silent Arbiter", "bob", "text: 'No more than one creature can attack each combat.'"),
             ("Crawlspace", "bob", "text: 'No more than two creatures can attack you each combat.'"),
             ("Loner", "alice", "abilities: [attacks_only_alone]")]
    head = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
    bears = "  - {id: bears, name: Bears, controller: alice, types: [creature], power: 2, toughness: 2}\n"
    plain = parse_board_text(head + bears, "t.yaml")
    assert all_in_obstacles(plain, attack_problem(plain), "bob") == []
    for name, controller, rule in rules:
        board = parse_board_text(head + bears + f"  - {{id: x, name: {name}, controller: {controller}, "
                                 f"types: [creature], power: 2, toughness: 2, {rule}}}\n", "t.yaml")
        assert all_in_obstacles(board, attack_problem(board), "bob") == [why], name


def test_each_obstacle_to_the_whole_attack_is_named_for_its_side() -> None:
    """508.1d: a cost to attack; 702.83, 702.121: keywords counting the other attackers, named
    together; 702.15b, 509.1b: a lifelinker or a creature that can't block alone matters only
    on the defending side, as does Okk's "unless a creature with greater power also blocks"; 509.1c: a
    Lure, or "blocks this turn if able", makes the blocks depend on the attack."""
    head = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"

    def obstacles(*creatures: tuple[str, str, str], tail: str = "") -> list[str]:
        body = "".join(f"  - {{id: {cid}, name: {cid}, controller: {who}, types: [creature], power: 2, "
                       f"toughness: 2, {rest}}}\n" for cid, who, rest in creatures)
        board = parse_board_text(head + body + tail, "t.yaml")
        return all_in_obstacles(board, attack_problem(board), "bob")

    assert obstacles(("toll", "alice", "text: \"toll can't attack unless you pay {1}.\"")) == [
        "toll: a cost to attack (508.1d, h)"]
    assert obstacles(("duo", "alice", "keywords: [melee, exalted]")) == [
        "duo: exalted, melee depends on the other attackers"]
    assert obstacles(("mine", "alice", "keywords: [lifelink], text: \"mine can't block alone.\"")) == []
    assert obstacles(("theirs", "bob", "keywords: [lifelink], text: \"theirs can't block alone.\"")) == [
        "theirs: lifelink (702.15b) gains life back from the creature it blocks",
        "theirs: can block only with other blockers (509.1b)"]
    assert obstacles(("lure", "alice", "text: 'All creatures able to block lure do so.'")) == [
        "509.1c: blocking requirements"]
    assert obstacles(("okk", "bob", "text: \"okk can't block unless a creature with greater power also blocks.\"")) == [
        "okk: can block only with other blockers (509.1b)"]
    assert obstacles(("ox", "bob", ""), tail="effects: [{kind: blocks_this_turn, creature: ox}]\n") == [
        "509.1c: blocking requirements"]
    for requirement in ("lure: 'All Walls able to block lure do so.'", "lure: 'lure must be blocked if able.'",
                        "lure: 'lure must be blocked by two or more creatures if able.'",
                        "lure: 'lure must be blocked by a Wall if able.'", "ox: 'ox blocks each combat if able.'"):
        cid, text = requirement.split(": ", 1)
        assert obstacles((cid, "alice" if cid == "lure" else "bob", f"text: {text}")) == [
            "509.1c: blocking requirements"], text
    assert obstacles(("a", "alice", ""), ("ox", "bob", ""),
                     tail="effects: [{kind: must_block, creature: ox, attacker: a}]\n") == ["509.1c: blocking requirements"]


def test_the_search_names_why_it_leaves_three_players_undecided() -> None:
    """506.2: with two opponents there is no one defending player for the search to answer for."""
    board = Board("alice", (Player("alice", 20), Player("bob", 20), Player("carol", 20)),
                  (_plain("a0", "alice", 2, 2),))
    with pytest.raises(Undecided, match=r"^the search handles two players \(one defending player\)$"):
        search_attack(board, "lethal", Deadline(60))


def test_the_corner_cases_the_search_leaves_undecided_are_named() -> None:
    """A first- or double-striking trampler with infect, toxic or commander damage against a
    lifelinker of the defending player (702.19, 702.90, 702.164, 903.10a, 702.15b), trample over
    planeswalkers (702.19c), a blocker that may block several creatures (509.1a); an attacking
    lifelinker is no such case."""
    head = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"

    def cases(*creatures: tuple[str, str, str]) -> list[str]:
        body = "".join(f"  - {{id: {cid}, name: {cid}, controller: {who}, types: [creature], power: 2, "
                       f"toughness: 2, {rest}}}\n" for cid, who, rest in creatures)
        board = parse_board_text(head + body, "t.yaml")
        return corner_cases(board, [p.id for p in board.creatures("alice")], "bob")

    trade = "a: a first-striking trampler with infect, toxic or commander damage against lifelink blockers may " \
            "trade poison for life; not modelled"
    link = ("b", "bob", "keywords: [lifelink]")
    for strike in ("first_strike", "double_strike"):
        assert cases(("a", "alice", f"keywords: [{strike}, trample, infect]"), link) == [trade], strike
    assert cases(("a", "alice", "keywords: [first_strike, trample]"), link) == []
    # toxic (702.164c) and commander damage (903.10a) trade the same way, each alone
    assert cases(("a", "alice", "keywords: [first_strike, trample], text: 'Toxic 2'"), link) == [trade]
    assert cases(("a", "alice", "keywords: [double_strike, trample], commander: true"), link) == [trade]
    assert cases(("a", "alice", "keywords: [trample], commander: true"), link) == []
    assert cases(("a", "alice", "keywords: [first_strike, infect]"), link) == []
    assert cases(("a", "alice", "keywords: [first_strike, trample, infect, lifelink]")) == []
    assert cases(("a", "alice", "abilities: [trample_over_planeswalkers]")) == [
        "a: trample over planeswalkers shares a planeswalker's loyalty between attackers; not searched"]
    assert cases(("a", "alice", ""), ("w", "bob", "text: 'w can block an additional creature each combat.'")) == [
        "w may block several creatures (509.1a); the search assumes one each"]
    assert cases(("a", "alice", ""), ("w", "alice", "text: 'w can block an additional creature each combat.'")) == []


@pytest.mark.parametrize("life, poison, loses", [(0, 0, True), (5, 10, True), (1, 9, False)])
def test_704_5a_c_a_player_at_0_life_or_10_poison_loses_without_an_attack(life: int, poison: int, loses: bool) -> None:
    """With no creature to attack, Bob at 0 life (704.5a) or with 10 poison counters (704.5c)
    loses all the same; at 1 life and 9 poison he doesn't."""
    board = Board("alice", (Player("alice", 20), Player("bob", life, poison)), (_plain("w", "bob", 0, 1),))
    for goal in ("lethal", "best-attack"):
        answer = search_attack(board, goal, Deadline(60))
        assert answer.attack == {} and answer.response.loses == loses
    assert ref.best_attack(board) == (int(loses), 0)


def test_702_130a_afflict_counts_before_the_first_combat_damage_step() -> None:
    """Afflict's life loss (702.130a) happens when the attacker becomes blocked, before any combat
    damage: at 2 life, Bob loses to afflict 2 though his first-striking lifelinker would gain 2
    first; at 3 life, afflict 2 and an unblocked first striker's 1 end him at the check between
    the steps (510.4, 704.5a) though his lifelinker gains 2 in the regular step."""
    first = Board("alice", (Player("alice", 20), Player("bob", 2)),
                  (_numbered("a", "alice", 2, 2, (), Static("afflict", 2)),
                   _plain("l", "bob", 2, 2, "lifelink", "first_strike")))
    assert block_value(first, {"a": "bob"}, {"l": ("a",)}, Deadline(60)).loses
    between = Board("alice", (Player("alice", 20), Player("bob", 3)),
                    (_numbered("a", "alice", 2, 2, (), Static("afflict", 2)),
                     _plain("f", "alice", 1, 1, "first_strike"),
                     _plain("l", "bob", 2, 2, "lifelink")))
    assert block_value(between, {"a": "bob", "f": "bob"}, {"l": ("a",)}, Deadline(60)).loses
    assert not block_value(between, {"a": "bob"}, {"l": ("a",)}, Deadline(60)).loses  # 3 - 2 + 2
    regular = Board("alice", (Player("alice", 20), Player("bob", 5)),
                    (_numbered("a", "alice", 2, 2, (), Static("afflict", 2)), _plain("u", "alice", 3, 3),
                     _plain("b", "bob", 2, 2)))
    assert block_value(regular, {"a": "bob", "u": "bob"}, {"b": ("a",)}, Deadline(60)).loses  # 5 - 2 - 3


def test_903_10a_a_commander_adds_to_the_damage_it_dealt_before() -> None:
    """Bob has taken 20 combat damage from Alice's commander this game; its 2 more make 21
    (903.10a, 704.6c) though he is at 40 life, and 1 short of that is no loss; a 20/20 commander
    that dealt him none before deals 20."""
    fresh = Board("alice", (Player("alice", 40), Player("bob", 40)), (replace(_plain("c", "alice", 20, 20),
                                                                              is_commander=True),))
    assert not block_value(fresh, {"c": "bob"}, {}, Deadline(60)).loses
    for before, loses in ((20, True), (18, False)):
        board = Board("alice", (Player("alice", 40), Player("bob", 40, commander_damage={"c": before})),
                      (replace(_plain("c", "alice", 2, 2), is_commander=True),))
        assert block_value(board, {"c": "bob"}, {}, Deadline(60)).loses == loses


def test_the_value_of_an_attack_is_what_it_guarantees_against_the_best_blocks() -> None:
    """Two 2/2s against Bob's 1/1: the whole attack is best (no obstacle), Bob chumps one, and
    the value best-attack reports is the 2 net life it guarantees; lethal's is 0 (no win), and
    1 once Bob is at 2 life (704.5a)."""
    def board(life: int) -> Board:
        return Board("alice", (Player("alice", 20), Player("bob", life)),
                     (_plain("a0", "alice", 2, 2), _plain("a1", "alice", 2, 2), _plain("b0", "bob", 1, 1)))
    best = search_attack(board(20), "best-attack", Deadline(60))
    assert best.dominance and (best.value, best.response.life) == (2, 2)
    assert search_attack(board(20), "lethal", Deadline(60)).value == 0
    assert search_attack(board(2), "lethal", Deadline(60)).value == 1


def _lifelink_board() -> Board:
    return Board("alice", (Player("alice", 20), Player("bob", 20)),
                 (_plain("a0", "alice", 3, 3, "flying"), _plain("a1", "alice", 1, 1),
                  _plain("b0", "bob", 1, 1, "lifelink")))


def test_the_attack_search_counts_one_master_solve_per_cut_and_the_last() -> None:
    """The search over attacks (a lifelink blocker refuses the whole attack, 702.15b) solves its
    master once per proposal: each answered proposal adds a cut, and the last solve proves the
    best, so the count reported is one more than the cuts."""
    for goal in ("lethal", "best-attack"):
        answer = search_attack(_lifelink_board(), goal, Deadline(60))
        assert not answer.dominance and answer.cuts >= 1 and answer.iterations == answer.cuts + 1, goal


def test_the_attack_search_names_the_time_limit_that_stopped_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A master solve stopped by the time limit before any attack is found leaves the answer
    undecided with that reason, not as a board without a legal attack (508.1)."""
    from ortools.sat.python import cp_model

    from mtgsolver.encodings.cpsat import Solve
    from mtgsolver.solver import search

    monkeypatch.setattr(search, "solve", lambda model, limit, **params: Solve(cp_model.UNKNOWN, cp_model.CpSolver(),
                                                                               None, None))
    for goal in ("lethal", "best-attack"):
        with pytest.raises(Undecided, match=r"^the time limit stopped the attack search$"):
            search_attack(_lifelink_board(), goal, Deadline(60))


def test_the_attack_search_names_a_cost_to_attack_left_unpaid_by_the_time_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """508.1i: "toll can't attack unless you pay {1}"; when the time limit stops the payment
    before it is proved payable or not, the answer is undecided, and says so."""
    from mtgsolver.solver import search

    head = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"
    board = parse_board_text(head + "  - {id: toll, name: toll, controller: alice, types: [creature], power: 2, "
                             "toughness: 2, text: \"toll can't attack unless you pay {1}.\"}\n", "t.yaml")
    monkeypatch.setattr(search, "cut_unpayable", lambda model, attacks: None)
    with pytest.raises(Undecided, match=r"^the time limit stopped paying a cost to attack \(508\.1i\)$"):
        search_attack(board, "best-attack", Deadline(60))


def test_the_attack_search_refuses_a_proposal_its_cut_did_not_rule_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each answered proposal is cut from the master; were a cut not to rule it out (the cut's
    damage model disagreeing with the response), the master would propose it again: the answer
    is then undecided at once, named, rather than a loop to the time limit."""
    from mtgsolver.solver import search

    monkeypatch.setattr(search, "_add_cut", lambda *args: None)
    with pytest.raises(Undecided, match=r"^the attacker's assignment policy and the search disagree on a proposal$"):
        search_attack(_lifelink_board(), "best-attack", Deadline(20))
