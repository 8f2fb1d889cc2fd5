"""No input crashes the loader: random edits of real boards either load or raise
:class:`BoardError` (never another exception), and solving commands on what loads never
raise anything but a clean exit."""
from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError

from .conftest import EXAMPLES
from .support import runs

BOARDS = {p.name: yaml.safe_load(p.read_text()) for p in sorted(EXAMPLES.glob("*.yaml"))}

_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 5), st.text(max_size=6),
    st.sampled_from(["alice", "bob", "{2}{W}", "{Q}", "flying", "lure", "creature", "brute", "ghost", "{T}: Add {G}."]),
    st.lists(st.sampled_from(["flying", "x", "{min_blockers: 2}", 3]), max_size=3),
    st.dictionaries(st.sampled_from(["min_blockers", "kind", "creature", "power_at_most"]), st.integers(0, 3), max_size=2),
)


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def pick(draw, board: dict) -> tuple[Any, Any] | None:
    """A node of ``board`` drawn at random, as its container and its key (``None``: no node)."""
    paths = [p for p in _paths(board) if p]
    if not paths:
        return None
    path = draw(st.sampled_from(paths))
    parent = board
    for step in path[:-1]:
        parent = parent[step]
    return parent, path[-1]


_KEYWORDS = ["flying", "reach", "menace", "haste", "defender", "shadow", "fear", "intimidate", "vigilance",
             "islandwalk", "skulk", {"protection": "green"}, "lure", "cant_block", "blocks_each_combat",
             "attacks_each_combat", "cant_attack_alone", {"min_blockers": 3}, {"can_block_additional": 1}]


def _semantic_edit(draw, board: dict) -> None:
    """An edit that keeps the board well-formed most of the time: toggles, another
    controller, another keyword, another attack target, fewer permanents."""
    perms = board.get("battlefield") or []
    players = [p["name"] for p in board.get("players", [])]
    if not perms:
        return
    perm = draw(st.sampled_from(perms))
    action = draw(st.sampled_from(["tapped", "summoning_sick", "controller", "keyword", "power", "target", "drop"]))
    if action in ("tapped", "summoning_sick"):
        perm[action] = not perm.get(action, False)
    elif action == "controller" and players:
        perm["controller"] = draw(st.sampled_from(players))
    elif action == "keyword":
        perm.setdefault("abilities", []).append(draw(st.sampled_from(_KEYWORDS)))
    elif action == "power" and "power" in perm:
        perm["power"] = draw(st.integers(0, 6))
    elif action == "target" and (board.get("combat") or {}).get("attackers"):
        attack = draw(st.sampled_from(board["combat"]["attackers"]))
        attack["target"] = draw(st.sampled_from(players + [p["id"] for p in perms]))
    elif action == "drop":
        perms.remove(perm)


@st.composite
def mutated_boards(draw) -> str:
    name = draw(st.sampled_from(sorted(BOARDS)))
    board = copy.deepcopy(BOARDS[name])
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 4))):
            _semantic_edit(draw, board)
        return yaml.safe_dump(board)
    for _ in range(draw(st.integers(1, 3))):
        node = pick(draw, board)
        if node is None:
            break
        parent, key = node
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del parent[key]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["colour", "power", "tapped", "kind", "blocks", "target"]))] = draw(_values)
        else:
            parent[key] = draw(_values)
    return yaml.safe_dump(board)


@settings(max_examples=runs(400, 150), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_boards())
def test_loader_raises_only_board_errors(text: str) -> None:
    try:
        parse_board_text(text, "fuzz.yaml")
    except BoardError as exc:
        assert exc.file == "fuzz.yaml" and exc.message


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_every_example_loads(name: str) -> None:
    parse_board_text(yaml.safe_dump(BOARDS[name]), name)


@settings(max_examples=runs(150, 60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_boards())
def test_operations_on_loaded_boards_answer_or_refuse_cleanly(text: str) -> None:
    """What loads can be asked every question: an answer, or a ValueError the CLI turns into
    exit status 2 (a board with no declaration to check, say); never another exception."""
    from mtgsolver.solver.attacks import check_attacks, suggest_attacks
    from mtgsolver.solver.blocks import check_blocks, suggest_blocks
    from mtgsolver.solver.payment import pay
    from mtgsolver.solver.produce import could_produce

    try:
        board = parse_board_text(text, "fuzz.yaml")
    except BoardError:
        return
    could_produce(board)
    pay(board, "{1}{G}", time_limit=2.0)
    suggest_attacks(board, time_limit=2.0)
    suggest_blocks(board, time_limit=2.0)
    for check in (check_attacks, check_blocks):
        try:
            check(board, time_limit=2.0)
        except ValueError as exc:
            assert "combat" in str(exc)
