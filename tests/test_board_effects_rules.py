"""Board vocabulary for what a resolved ability or a departure leaves behind: a land a resolved
ability made a basic land type (305.7, the ``land_type`` effect: Cyclopean Tomb's mire counter),
an Aura attached to a player (303.4: Curses) and a creature attacking nothing once the
planeswalker it attacked left combat (506.4c). Each with real cards of the real_cards and inline
cards of a board file."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from mtgsolver import check_attacks, check_blocks, could_produce, load_board, pay
from mtgsolver.model import BoardError, UnsupportedError
from mtgsolver.rules.layers import changes_of
from mtgsolver.solver.damage import combat_damage
from mtgsolver.solver.puzzle import solve_goal


def _board(perms: list[dict[str, Any]], effects: list[dict[str, Any]] | None = None,
           combat: dict[str, Any] | None = None, library: Any = None, players: int = 2):
    names = ["alice", "bob", "carol"][:players]
    data: dict[str, Any] = {"version": 1, "active_player": "alice", "players": [{"name": n} for n in names],
                            "battlefield": perms, "effects": effects or []}
    if combat is not None:
        data["combat"] = combat
    return load_board(data, library=library)


# -- 305.7: a land made a basic land type by a resolved ability ------------------------------------
SWAMPED = [{"kind": "land_type", "permanent": "trop", "land_type": "swamp", "source": "tomb"}]


def _swamped(board) -> None:
    """The Tropical Island is a Swamp only: it taps for {B}, not {G} or {U}; its other land
    types are gone (305.7), its timestamp the effect's, after every permanent (613.7b)."""
    trop = board.permanent("trop")
    assert trop.subtypes == {"swamp"} and [a.text for a in trop.mana_abilities] == ["{T}: Add {B}."]
    assert [c.layer for c in changes_of(board, "trop")] == ["4"]
    assert pay(board, "{G}", player="bob").payable is False
    assert pay(board, "{B}", player="bob").payable is True
    assert set(could_produce(board, "trop").permanents["trop"].types) == {"B"}


def test_305_7_land_type_effect_inline() -> None:
    lands = [{"id": "tomb", "name": "Tomb", "controller": "alice", "types": ["artifact"]},
             {"id": "trop", "name": "Trop", "controller": "bob", "types": ["land"], "subtypes": ["forest", "island"]}]
    swamped = _board(lands, SWAMPED)
    _swamped(swamped)
    assert [(c.source, c.source_name) for c in changes_of(swamped, "trop")] == [("tomb", "Tomb")]
    unsourced = _board(lands, [{"kind": "land_type", "permanent": "trop", "land_type": "swamp"}])
    _swamped(unsourced)  # an effect whose source has left: named by its place in effects
    assert [(c.source, c.source_name) for c in changes_of(unsourced, "trop")] == [("effects[0]", "effects[0]")]
    assert "because of effects[0]" in could_produce(unsourced, "trop").permanents["trop"].why[0]


def test_305_7_cyclopean_tomb_with_real_cards(real_cards) -> None:
    """Cyclopean Tomb's mire counter on Tropical Island: "That land is a Swamp for as long as it
    has a mire counter on it"."""
    _swamped(_board([{"id": "tomb", "card": "Cyclopean Tomb", "controller": "alice"},
                     {"id": "trop", "card": "Tropical Island", "controller": "bob", "counters": {"mire": 1}}],
                    SWAMPED, library=real_cards))


@pytest.mark.parametrize("effect, path, message", [
    ({"kind": "land_type", "permanent": "tomb", "land_type": "swamp"}, "effects[0].permanent", "not a land"),
    ({"kind": "land_type", "permanent": "trop", "land_type": "desert"}, "effects[0].land_type", "basic land type"),
    ({"kind": "land_type", "permanent": "trop"}, "effects[0].land_type", "required"),
    ({"kind": "land_type", "permanent": "nope", "land_type": "swamp"}, "effects[0].permanent", "no permanent"),
])
def test_land_type_effect_fields_are_checked(effect: dict, path: str, message: str) -> None:
    with pytest.raises(BoardError, match=message) as err:
        _board([{"id": "tomb", "name": "Tomb", "controller": "alice", "types": ["artifact"]},
                {"id": "trop", "name": "Trop", "controller": "bob", "types": ["land"]}], [effect])
    assert err.value.path == path


# -- 303.4: an Aura attached to a player -----------------------------------------------------------
def test_303_4_an_aura_enchants_a_player_inline() -> None:
    board = _board([{"id": "curse", "name": "Curse", "controller": "alice", "types": ["enchantment"],
                     "subtypes": ["aura", "curse"], "attached_to": "bob"},
                    {"id": "bears", "name": "Bears", "controller": "alice", "types": ["creature"], "power": 2,
                     "toughness": 2}],
                   combat={"attackers": [{"creature": "bears", "target": "bob"}]})
    assert board.permanent("curse").attached_to == "bob"
    assert check_attacks(board).legal is True
    with pytest.raises(BoardError, match="only an Aura can be attached to a player") as err:
        _board([{"id": "sword", "name": "Sword", "controller": "alice", "types": ["artifact"],
                 "subtypes": ["equipment"], "attached_to": "bob"}])
    assert err.value.path == "battlefield[0].attached_to"


def test_303_4_curse_of_opulence_with_real_cards(real_cards) -> None:
    """Curse of Opulence on Bob: the board loads; its unread "Whenever enchanted player is
    attacked" trigger can't bear on the attack (508.2: it triggers after the declaration): the
    attack is legal, decided, the line listed as not relevant."""
    board = _board([{"id": "curse", "card": "Curse of Opulence", "controller": "alice", "attached_to": "bob"},
                    {"id": "bears", "card": "Grizzly Bears", "controller": "alice"}],
                   combat={"attackers": [{"creature": "bears", "target": "bob"}]}, library=real_cards)
    result = check_attacks(board)
    assert result.legal is True and not result.unread
    assert any(u.permanent == "curse" and u.line.startswith("Whenever enchanted player is attacked")
               for u in result.not_relevant)


# -- 506.4c: attacking nothing ---------------------------------------------------------------------
def _nothing(board, attacker: str, blocker: str, walled: int) -> None:
    """The creature still attacks and may be blocked (its blocker takes its damage, ``walled``);
    unblocked it deals no combat damage. ``attacks check`` judges declarations only."""
    assert check_blocks(board).legal is True
    result = combat_damage(board)
    assert result.decided and result.players[1]["life_after"] == 20
    assert [(a["source"], a["recipient"], a["dealt"]) for a in result.assignment if a["source"] == attacker] == \
        [(attacker, blocker, walled)]
    unblocked = combat_damage(board.replace(combat=replace(board.combat, blockers=())))
    assert unblocked.decided and unblocked.assignment == () and unblocked.players[1]["life_after"] == 20
    with pytest.raises(BoardError, match="506.4c"):
        check_attacks(board)
    with pytest.raises(UnsupportedError, match="506.4c"):
        solve_goal(board, "best-blocks")


def test_506_4c_a_creature_attacking_nothing_inline() -> None:
    board = _board([{"id": "ogre", "name": "Ogre", "controller": "alice", "types": ["creature"], "power": 3,
                     "toughness": 3, "keywords": ["trample"]},
                    {"id": "bears", "name": "Bears", "controller": "alice", "types": ["creature"], "power": 2,
                     "toughness": 2},
                    {"id": "wall", "name": "Wall", "controller": "bob", "types": ["creature"], "power": 0,
                     "toughness": 2}],
                   combat={"attackers": [{"creature": "ogre", "target": None}, {"creature": "bears", "target": None}],
                           "blockers": [{"creature": "wall", "blocks": ["ogre"]}]})
    assert board.defender_of(board.combat.attackers[0]) == "bob"
    _nothing(board, "ogre", "wall", 3)  # trample: nothing to trample over to (702.19b)
    assert {a["source"] for a in combat_damage(board).assignment} == {"ogre"}  # the Bears, unblocked, deal none


def test_506_4c_attacking_nothing_with_real_cards(real_cards) -> None:
    """Grizzly Bears attacked Jace Beleren, gone before blockers: Wall of Wood may block the
    Bears and takes 2."""
    board = _board([{"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
                    {"id": "wall", "card": "Wall of Wood", "controller": "bob"}],
                   combat={"attackers": [{"creature": "bears", "target": None}],
                           "blockers": [{"creature": "wall", "blocks": ["bears"]}]}, library=real_cards)
    _nothing(board, "bears", "wall", 2)


def test_506_4c_attacking_nothing_needs_its_defender_with_more_players() -> None:
    perms = [{"id": "bears", "name": "Bears", "controller": "alice", "types": ["creature"], "power": 2,
              "toughness": 2}]
    with pytest.raises(BoardError, match="802.2a") as err:
        _board(perms, combat={"attackers": [{"creature": "bears", "target": None}]}, players=3)
    assert err.value.path == "combat.attackers[0].defender"
    board = _board(perms, combat={"attackers": [{"creature": "bears", "target": None, "defender": "carol"}]},
                   players=3)
    assert board.defender_of(board.combat.attackers[0]) == "carol"
    with pytest.raises(BoardError, match="only for a creature attacking nothing"):
        _board(perms, combat={"attackers": [{"creature": "bears", "target": "bob", "defender": "bob"}]})
    with pytest.raises(BoardError, match="target"):
        load_board({"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                    "battlefield": perms, "combat": {"attackers": [{"creature": "bears"}]}})
