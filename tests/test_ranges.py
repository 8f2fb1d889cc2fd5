"""Ranges (docs/board-format.md, mtgsolver/model/limits.py): every number of a board and of an
option is bounded where it is read, refused naming the field; mana is kept as amounts, so a
large pool costs no more than a small one; a key given twice is refused, not read as the last."""
from __future__ import annotations

import time

import pytest

from mtgsolver.commands import board_from, run
from mtgsolver.model.errors import BoardError, OptionError, UnsupportedError
from mtgsolver.model.limits import MANA_LIMIT, NUMBER_LIMIT
from mtgsolver.read.board_file import board_json_schema

PLAYERS = "active_player: alice\nplayers: [{name: alice}, {name: bob}]\n"


def _refused(text: str) -> BoardError:
    with pytest.raises(BoardError) as info:
        board_from(text)
    return info.value


@pytest.mark.parametrize(("text", "path"), [
    (PLAYERS + 'mana_pool: {alice: "{999999999999}"}\n', "mana_pool.alice"),
    ("active_player: alice\nplayers: [{name: alice, life: 100000000000000000000}]\n", "players[0].life"),
    (PLAYERS + "battlefield: [{id: b, name: B, types: [creature], power: 4611686018427387904, toughness: 1, "
     "controller: alice}]\n", "battlefield[0].power"),
    (PLAYERS + "battlefield: [{id: b, name: B, types: [creature], power: 1, toughness: 1, controller: alice, "
     "keywords: [{min_blockers: 100000000000000000000}]}]\n", "battlefield[0].keywords[0].min_blockers"),
    (PLAYERS + "effects: [{kind: max_attackers_against, n: 10000000000000000000000000000000, defender: bob}]\n",
     "effects[0].n"),
    (PLAYERS + "battlefield: [{id: b, name: B, types: [creature], power: 1, toughness: 1, controller: alice, "
     "counters: {+1/+1: 2000000000}}]\n", "battlefield[0].counters.+1/+1"),
    (PLAYERS + "battlefield: [{id: b, name: B, types: [creature], power: 1, toughness: 1, controller: alice, "
     'text: "Cryptic Giant gets +99999999999/+0."}]\n', "battlefield[0].text"),
    (PLAYERS + "battlefield: [{id: b, name: B, types: [creature], power: 1.0e+300, toughness: 1, controller: alice}]\n",
     "battlefield[0].power"),
])
def test_a_number_out_of_range_is_refused_naming_its_field(text: str, path: str) -> None:
    error = _refused(text)
    assert error.path == path and "out of range" in error.message and "docs/board-format.md" in error.message


def test_a_pool_of_a_trillion_mana_is_refused_at_once() -> None:
    start = time.process_time()
    error = _refused(PLAYERS + 'mana_pool: {alice: "{999999999999}"}\n')
    assert time.process_time() - start < 1.0 and error.path == "mana_pool.alice"


def test_a_pool_over_the_mana_limit_is_refused() -> None:
    error = _refused(PLAYERS + f'mana_pool: {{alice: "{{{MANA_LIMIT}}}{{G}}"}}\n')
    assert error.path == "mana_pool.alice" and f"more than {MANA_LIMIT:,} mana" in error.message


def test_a_pool_is_kept_as_amounts_and_paid_from_as_numbers() -> None:
    board = board_from(PLAYERS + f'mana_pool: {{alice: "{{{MANA_LIMIT - 2}}}{{G}}{{G}}"}}\n')
    assert [(m.type, m.amount) for m in board.pool("alice")] == [("C", MANA_LIMIT - 2), ("G", 2)]
    answer = run("pay", board, {"cost": "{X}{G}", "max_x": True}).answer
    assert answer["payable"] and answer["x"] == MANA_LIMIT - 1
    assert run("pay", board, {"cost": "{G}{G}{G}"}).exit == 1


def test_numbers_at_the_limits_are_answered() -> None:
    """The largest life, power and counters in range: the CP-SAT models hold them."""
    text = (f"active_player: alice\nplayers: [{{name: alice, life: {NUMBER_LIMIT}}}, {{name: bob, life: "
            f"-{NUMBER_LIMIT}}}]\nbattlefield:\n"
            f"  - {{id: a, name: A, types: [creature], power: {NUMBER_LIMIT}, toughness: {NUMBER_LIMIT}, "
            f"controller: alice, counters: {{+1/+1: {NUMBER_LIMIT}}}, keywords: [{{min_blockers: {NUMBER_LIMIT}}}]}}\n"
            f"  - {{id: d, name: D, types: [creature], power: -{NUMBER_LIMIT}, toughness: 1, controller: bob}}\n"
            "combat: {attackers: [{creature: a, target: bob}], blockers: []}\n")
    board = board_from(text)
    assert run("blocks check", board).exit == 0
    assert run("blocks suggest", board).exit == 0
    assert run("damage", board).answer["players"]


def test_mana_an_ability_counts_beyond_the_limit_is_refused_when_paid_with() -> None:
    forests = "".join(f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(3))
    text = (PLAYERS + "battlefield:\n" + forests
            + "  - {id: g, name: Gaea's Cradle Plus, types: [land], controller: alice, "
              'text: "{T}: Add {G}{G}{G}{G}{G}{G}{G}{G}{G}{G} for each land you control."}\n')
    board = board_from(text)
    assert run("pay", board, {"cost": "{G}"}).exit == 0  # 40 mana: in range
    many = text.replace(forests, "".join(f"  - {{id: f{i}, card: Forest, controller: alice}}\n"
                                         for i in range(MANA_LIMIT // 10)))
    with pytest.raises(UnsupportedError, match=f"at most {MANA_LIMIT:,} mana"):
        run("pay", board_from(many), {"cost": "{G}"})


@pytest.mark.parametrize(("options", "path"), [
    ({"cost": "{1}", "keep": ["{G}"] * 30_000}, "keep"),
    ({"cost": "{1}" * 65}, "cost"),
    ({"cost": "{1001}"}, "cost"),
    ({"cost": "{X}", "x": MANA_LIMIT + 1}, "x"),
    ({"cost": "{1}", "time_limit": 1e9}, "time_limit"),
    ({"cost": "{1}", "objective": "keep,keep"}, "objective"),
])
def test_an_option_out_of_range_is_refused_naming_it(options: dict, path: str) -> None:
    board = board_from(PLAYERS)
    with pytest.raises(OptionError) as info:
        run("pay", board, options)
    assert info.value.path == path


@pytest.mark.parametrize("text", [
    PLAYERS + "active_player: bob\n",
    '{"active_player": "alice", "players": [{"name": "alice", "life": 3, "life": 20}]}',
])
def test_a_key_given_twice_is_refused(text: str) -> None:
    error = _refused(text)
    assert "twice" in error.message or "duplicate key" in error.message
    assert error.path in ("line 3, column 1", "players[0].life")


def test_a_number_of_thousands_of_digits_is_refused_in_yaml_and_json() -> None:
    for text in (PLAYERS.replace("{name: alice}", "{name: alice, life: " + "9" * 5000 + "}"),
                 '{"active_player": "alice", "players": [{"name": "alice", "life": ' + "9" * 5000 + "}]}"):
        assert "out of range" in _refused(text).message


def test_yaml_aliases_that_expand_without_bound_are_refused_at_once() -> None:
    laughs = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9))
    start = time.process_time()  # CPU seconds: a loaded machine's waits don't count
    error = _refused(PLAYERS + laughs)
    assert time.process_time() - start < 5 and "more than 1,000,000 values" in error.message


def test_the_schema_states_the_ranges() -> None:
    schema = board_json_schema()
    life = schema["$defs"]["PlayerSpec"]["properties"]["life"]
    assert (life["minimum"], life["maximum"]) == (-NUMBER_LIMIT, NUMBER_LIMIT)
    counters = schema["$defs"]["PermanentSpec"]["properties"]["counters"]
    assert counters["additionalProperties"]["maximum"] == NUMBER_LIMIT
