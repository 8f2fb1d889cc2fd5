"""Mentor (702.134), battalion (207.2c), banding (702.22) and myriad (702.116) in ``damage`` and ``solve``: each
rule and example, modelled where the board fixes the result and undecided where it doesn't.

Real cards: Blade Instructor and Sunhome Stalwart (mentor), Boros Elite and Warmind Infantry
(battalion), Benalish Hero and Mesa Pegasus (banding), Grizzly Bears, Craw Wurm.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from mtgsolver import load_board
from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.damage import choice_notes, mentor_target
from mtgsolver.solver.damage import combat_damage
from mtgsolver.solver.puzzle import solve_goal

REAL = ("Blade Instructor", "Sunhome Stalwart", "Boros Elite", "Warmind Infantry", "Benalish Hero", "Mesa Pegasus",
        "Craw Wurm")


@pytest.fixture(scope="module")
def real(atomic_cards: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real cards these tests use, cut out of the pool once (an MTGJSON AtomicCards file)."""
    with gzip.open(atomic_cards, "rt", encoding="utf-8") as f:
        pool = json.load(f)
    path = tmp_path_factory.mktemp("cards") / "keyword-cards.json"
    path.write_text(json.dumps({"meta": pool.get("meta", {}), "data": {n: pool["data"][n] for n in REAL}}))
    return path


def board(creatures: list[dict], attackers: list[str] | None = None, blocks: dict[str, list[str]] | None = None,
          life: int = 20, cards: Path | None = None):
    """Alice attacks Bob with ``attackers`` (ids starting with ``a``); ``blocks``: blocker -> attackers."""
    perms = [dict(c, controller="alice" if c["id"].startswith("a") else "bob") for c in creatures]
    data = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob", "life": life}],
            "battlefield": perms}
    if attackers is not None:
        data["combat"] = {"attackers": [{"creature": a, "target": "bob"} for a in attackers],
                          "blockers": [{"creature": b, "blocks": a} for b, a in (blocks or {}).items()]}
    return load_board(data, cards=cards) if cards else load_board(data)


def creature(cid: str, p: int, t: int, *keywords: str, **extra: object) -> dict:
    return {"id": cid, "name": cid, "types": ["creature"], "power": p, "toughness": t, "keywords": list(keywords),
            **extra}


def life_after(result) -> int:
    return next(p["life_after"] for p in result.players if p["name"] == "bob")


def dead(result) -> set[str]:
    return {d["creature"] for d in result.destroyed if not d["returns"]}


# ------------------------------------------------------------------ mentor 702.134
def test_702_134a_mentor_puts_a_counter_on_the_attacker_with_less_power(real: Path) -> None:
    """702.134a: Blade Instructor (3/1) attacks with Grizzly Bears (2/2): the Bears get a +1/+1
    counter and deal 3; 6 damage in all."""
    b = board([{"id": "a_blade", "card": "Blade Instructor"}, {"id": "a_bears", "card": "Grizzly Bears"}],
              ["a_blade", "a_bears"], cards=real)
    result = combat_damage(b)
    assert result.decided and life_after(result) == 14


def test_702_134a_the_counter_makes_a_blocked_creature_survive() -> None:
    """702.134a: the counter is on the creature through combat: a 2/2 given +1/+1 survives a 2/2 blocker."""
    result = combat_damage(board([creature("a_m", 3, 3, "mentor"), creature("a_x", 2, 2), creature("b", 2, 2)],
                                 ["a_m", "a_x"], {"b": ["a_x"]}))
    assert result.decided and dead(result) == {"b"}


def test_702_134a_no_target_with_equal_power_or_alone() -> None:
    """702.134a: "power less than this creature's power": an equal creature is no target, and
    a mentor attacking alone has none."""
    equal = combat_damage(board([creature("a_m", 2, 2, "mentor"), creature("a_x", 2, 2)], ["a_m", "a_x"]))
    assert equal.decided and life_after(equal) == 16
    alone = combat_damage(board([creature("a_m", 2, 2, "mentor"), creature("a_x", 1, 1)], ["a_m"]))
    assert alone.decided and life_after(alone) == 18


def test_702_16b_mentor_cannot_target_a_creature_with_protection() -> None:
    """702.16b, 702.18a: a creature with protection from the mentor's color, or shroud, can't be
    its target: no counter (the other attacker has equal power, so there is no target at all)."""
    for extra in ({"keywords": [{"protection": "red"}]}, {"keywords": ["shroud"]}):
        result = combat_damage(board([creature("a_m", 3, 3, "mentor", colors=["R"]), creature("a_x", 2, 2, **extra)],
                                     ["a_m", "a_x"]))
        assert result.decided and life_after(result) == 15


def test_702_134a_two_possible_targets_are_undecided() -> None:
    """702.134a: the attacking player targets one of two creatures with less power: their choice
    (made before blocks) is not searched, so the answer is undecided, never guessed."""
    result = combat_damage(board([creature("a_m", 3, 3, "mentor"), creature("a_x", 1, 1), creature("a_y", 2, 2)],
                                 ["a_m", "a_x", "a_y"]))
    assert result.decided is None and any("702.134a" in n for n in result.notes)
    solved = solve_goal(board([creature("a_m", 3, 3, "mentor"), creature("a_x", 1, 1), creature("a_y", 2, 2)]),
                        "best-attack")
    assert solved.solved is None


def test_608_2b_mentor_beside_battle_cry_is_undecided(real: Path) -> None:
    """608.2b: battle cry resolving first would make the target's power equal to Sunhome
    Stalwart's; the order is the active player's, so it is undecided."""
    b = board([{"id": "a_s", "card": "Sunhome Stalwart"}, creature("a_x", 1, 1, "battle_cry")], ["a_s", "a_x"],
              cards=real)
    assert combat_damage(b).decided is None


def test_mentor_in_lethal() -> None:
    """702.134a in the search: Bob at 6 with a 3/3 mentor and a 2/2: only the counter makes 6."""
    result = solve_goal(board([creature("a_m", 3, 3, "mentor"), creature("a_x", 2, 2)], life=6), "lethal")
    assert result.solved is True and len(result.attack) == 2
    assert solve_goal(board([creature("a_m", 3, 3), creature("a_x", 2, 2)], life=6), "lethal").solved is False


# ------------------------------------------------------------------ battalion 207.2c
def test_battalion_is_read_from_oracle_text() -> None:
    """207.2c: battalion is an ability word; the trigger's sentence is read whole."""
    entries, unread = parse_oracle_text("Battalion — Whenever Boros Elite and at least two other creatures attack, "
                                        "Boros Elite gets +2/+2 until end of turn.", "Boros Elite")
    assert entries == [{"battalion": {"gets": [2, 2]}}] and not unread


def test_battalion_needs_two_other_attackers(real: Path) -> None:
    """Boros Elite (1/1) gets +2/+2 when it and at least two other creatures attack; with one
    other it stays 1/1."""
    elite = {"id": "a_elite", "card": "Boros Elite"}
    bears = [{"id": f"a_b{i}", "card": "Grizzly Bears"} for i in range(2)]
    three = combat_damage(board([elite, *bears], ["a_elite", "a_b0", "a_b1"], cards=real))
    assert three.decided and life_after(three) == 20 - 3 - 4
    two = combat_damage(board([elite, *bears], ["a_elite", "a_b0"], cards=real))
    assert two.decided and life_after(two) == 20 - 1 - 2


def test_battalion_power_only(real: Path) -> None:
    """Warmind Infantry (2/3, battalion +2/+0): blocked by a 4/4 with two others attacking it
    deals 4 and dies to 4 damage (toughness stays 3)."""
    b = board([{"id": "a_w", "card": "Warmind Infantry"}, creature("a_x", 1, 1), creature("a_y", 1, 1),
               creature("b", 4, 4)], ["a_w", "a_x", "a_y"], {"b": ["a_w"]}, cards=real)
    result = combat_damage(b)
    assert result.decided and dead(result) == {"a_w", "b"}


def test_battalion_in_best_attack(real: Path) -> None:
    """Battalion in the search: three attackers make Boros Elite a 3/3 (Bob has no creatures: 7 damage)."""
    b = board([{"id": "a_elite", "card": "Boros Elite"}] + [{"id": f"a_b{i}", "card": "Grizzly Bears"} for i in range(2)],
              cards=real, life=7)
    assert solve_goal(b, "lethal").solved is True


def test_battalion_board_field_is_checked() -> None:
    """A bad battalion value names its field path (exit 2)."""
    text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: d}]\nbattlefield:\n"
            "  - {id: x, name: x, controller: a, types: [creature], power: 1, toughness: 1, "
            "abilities: [{battalion: {gets: [-1, 2]}}]}\n")
    with pytest.raises(BoardError, match="battlefield"):
        parse_board_text(text, "t.yaml")


# ------------------------------------------------------------------ banding 702.22
def test_702_22j_defending_player_divides_the_attackers_damage(real: Path) -> None:
    """702.22j: Craw Wurm (6/4) blocked by Benalish Hero (banding) and Grizzly Bears: Bob divides
    the 6 damage and puts it all on the Hero, so the Bears survive (without banding the attacking
    player kills both, 510.1c)."""
    wurm, hero, bears = {"id": "a_wurm", "card": "Craw Wurm"}, {"id": "b_hero", "card": "Benalish Hero"}, \
        {"id": "b_bears", "card": "Grizzly Bears"}
    banded = combat_damage(board([wurm, hero, bears], ["a_wurm"], {"b_hero": ["a_wurm"], "b_bears": ["a_wurm"]},
                                 cards=real))
    assert banded.decided and dead(banded) == {"b_hero"}
    assert any(r.startswith("702.22j: bob divides") for r in banded.reasons)
    plain = combat_damage(board([wurm, dict(hero, remove_keywords=["banding"]), bears], ["a_wurm"],
                                {"b_hero": ["a_wurm"], "b_bears": ["a_wurm"]}, cards=real))
    assert plain.decided and dead(plain) == {"b_hero", "b_bears"}


def test_702_22j_in_best_blocks() -> None:
    """702.22j in the search: against a 5/5, a banding 1/1 and a 3/3 block together and Bob
    loses only the 1/1 (value 3); the best block by creatures lost uses it."""
    b = board([creature("a_x", 5, 5), creature("b_band", 1, 1, "banding"), creature("b_big", 3, 3)], ["a_x"])
    result = solve_goal(b, "best-blocks", order=("loses", "life", "creatures", "kills"))
    assert result.solved is True and result.value["life_lost"] == 0 and result.value["creatures_lost"] == 3


def test_702_22j_with_first_strike_or_trample_is_undecided() -> None:
    """702.22j divides "among any creatures blocking it": with first strike (510.4) or trample
    (702.19b) the division changes more than which blockers die; not modelled."""
    for kw in ("first_strike", "trample"):
        result = combat_damage(board([creature("a_x", 5, 5, kw), creature("b_band", 1, 1, "banding"),
                                      creature("b_big", 3, 3)], ["a_x"], {"b_band": ["a_x"], "b_big": ["a_x"]}))
        assert result.decided is None and any("702.22j" in n for n in result.notes)


def test_702_22c_attacking_bands_are_undecided(real: Path) -> None:
    """702.22c, 508.1e: a creature with banding attacking with others could be in a band, which
    board files don't declare: undecided. Alone it is in no band and changes nothing."""
    pegasus = {"id": "a_peg", "card": "Mesa Pegasus"}
    two = combat_damage(board([pegasus, creature("a_x", 2, 2)], ["a_peg", "a_x"], cards=real))
    assert two.decided is None and any("702.22c" in n for n in two.notes)
    alone = combat_damage(board([pegasus, creature("a_x", 2, 2)], ["a_peg"], cards=real))
    assert alone.decided and life_after(alone) == 19
    assert solve_goal(board([pegasus, creature("a_x", 2, 2)], cards=real), "best-attack").solved is None


# ------------------------------------------------------------------ myriad 702.116
def test_702_116a_myriad_with_two_players_makes_no_token() -> None:
    """702.116a: "for each opponent other than defending player": with two players there is
    none, so myriad changes nothing; with a third player its tokens are not modelled."""
    two = combat_damage(board([creature("a_m", 3, 3, "myriad")], ["a_m"]))
    assert two.decided and life_after(two) == 17
    three = load_board({"version": 1, "active_player": "alice",
                        "players": [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}],
                        "battlefield": [dict(creature("a_m", 3, 3, "myriad"), controller="alice")],
                        "combat": {"attackers": [{"creature": "a_m", "target": "bob"}]}})
    result = combat_damage(three)
    assert result.decided is None and any("702.116a" in n for n in result.notes)


# ------------------------------------------------------------------ the notes of open choices
def test_702_134a_mentor_targets_less_power_even_none() -> None:
    """702.134a: "target attacking creature with lesser power": a 0-power creature is a target
    of a 1-power mentor; a 0-power mentor has none; the mentor itself never is."""
    b = load_board({"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                    "battlefield": [dict(c, controller="alice") for c in (
                        creature("a_m", 1, 1, "mentor"), creature("a_z", 0, 3), creature("a_w", 0, 1, "mentor"))]})
    m, z, w = (b.permanent(x) for x in ("a_m", "a_z", "a_w"))
    assert mentor_target(m, [m, z, w]) == ["a_z", "a_w"]
    assert mentor_target(w, [m, z, w]) == []


def test_choice_notes_name_each_open_choice() -> None:
    """The notes that make ``damage`` and ``solve`` undecided name the rule, the creatures and the
    choice: a mentor's two targets (702.134a), a mentor beside another power trigger (608.2b),
    myriad with three players (702.116a), an attacking creature with banding (702.22c), and,
    blocks unknown, a banding blocker in a fight with first strike or "as though it weren't
    blocked" (702.22j); another player's creature in the list is not the attacking player's."""
    two = board([creature("a_m", 3, 3, "mentor"), creature("a_x", 1, 1), creature("a_y", 2, 2)])
    assert choice_notes(two, ["a_m", "a_x", "a_y"]) == [
        "a_m (a_m) has mentor (702.134a) with 2 possible targets (a_x, a_y): the attacking player's choice is not "
        "searched"]
    beside = board([creature("a_m", 3, 3, "mentor"), creature("a_x", 1, 1),
                    creature("a_b", 3, 3, abilities=[{"battalion": {"gets": [1, 1]}}]),
                    creature("a_c", 4, 4, "battle_cry")])
    assert choice_notes(beside, ["a_m", "a_x", "a_b", "a_c"]) == [
        "a_m (a_m) has mentor (702.134a) beside other attack triggers that change power (a_b, a_c): their order "
        "decides its target (608.2b); not modelled"]
    three = load_board({"version": 1, "active_player": "alice",
                        "players": [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}],
                        "battlefield": [dict(c, controller="alice") for c in (
                            creature("a_m", 3, 3, "mentor", "myriad"), creature("a_x", 1, 1), creature("a_y", 2, 2))]})
    assert choice_notes(three, ["a_m", "a_x", "a_y"])[1:] == [
        "a_m (a_m) has myriad (702.116a): its token copies attacking the other opponents are not modelled"]
    bands = board([creature("a_band", 1, 1, "banding"), creature("a_x", 2, 2)])
    assert choice_notes(bands, ["a_band", "a_x"]) == [
        "a_band (a_band) has banding: attacking bands (702.22c, 508.1e) are not declared or searched"]
    fight = board([creature("a_f", 2, 2, "first_strike"), creature("a_u", 2, 2, abilities=["may_assign_as_unblocked"]),
                   creature("a_x", 2, 2), creature("b_band", 1, 1, "banding"),
                   creature("b_u", 1, 1, abilities=["may_assign_as_unblocked"])])
    assert choice_notes(fight, ["a_f", "a_u", "a_x"]) == [
        "a creature with banding may block (702.22j) in a fight with first strike, double strike, trample or \"as "
        "though it weren't blocked\" (a_f (a_f), a_u (a_u)): not modelled"]
    assert choice_notes(board([creature("a_f", 2, 2, "first_strike"), creature("b_x", 1, 1)]), ["a_f"]) == []
    mine = board([creature("a_f", 2, 2, "first_strike"), creature("a_band", 1, 1, "banding")])
    assert choice_notes(mine, ["a_f"]) == []  # the banding creature is the attacking player's
    theirs = board([creature("a_x", 1, 1), creature("b_m", 3, 3, "mentor"), creature("b_y", 1, 1),
                    creature("b_z", 2, 2)])
    assert choice_notes(theirs, ["a_x", "b_m", "b_y", "b_z"]) == []  # Bob's mentor is not attacking for Alice


def test_702_22j_choice_notes_for_declared_blocks() -> None:
    """702.22j with the blocks declared: the defending player's division is not modelled when
    the attacker may assign its damage as though it weren't blocked, or when the banding
    creature blocks several attackers; a plain fight beside them needs no note."""
    b = board([creature("a_x", 2, 2), creature("a_u", 3, 3, abilities=["may_assign_as_unblocked"]),
               creature("a_y", 2, 2), creature("a_z", 2, 2), creature("b_band", 1, 1, "banding"),
               creature("b_duo", 1, 3, "banding", abilities=[{"can_block_additional": 1}]), creature("b_w", 0, 4)])
    blocks = {"b_w": ("a_x",), "b_band": ("a_u",), "b_duo": ("a_y", "a_z")}
    note = ("{} ({}) is blocked by a creature with banding (702.22j) in a fight with first strike, double strike, "
            "trample, \"as though it weren't blocked\" or a blocker of several creatures: not modelled")
    assert choice_notes(b, ["a_x", "a_u", "a_y", "a_z"], blocks) == [
        note.format("a_u", "a_u"), note.format("a_y", "a_y"), note.format("a_z", "a_z")]
    assert choice_notes(b, ["a_x", "a_y"], {"b_w": ("a_x",), "b_band": ("a_y",)}) == []
