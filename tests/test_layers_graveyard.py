"""Statics that work from a graveyard (113.6b): the Incarnations and Riftstone Portal, read
from their Oracle text (the pool's, AtomicCards 2022-04-25) and applied by the layers from the
board's ``zones`` (613.7d: a graveyard card's timestamp)."""
from __future__ import annotations

import json

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.grammar.continuous import read
from mtgsolver.rules.layers import changes_of, source_note
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.payment import pay

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
INCARNATIONS = {  # name -> (subtype of the land it needs, the keyword it grants, its own keyword line)
    "Anger": ("Mountain", "haste", "Haste"), "Brawn": ("Forest", "trample", "Trample"),
    "Filth": ("Swamp", "swampwalk", "Swampwalk"), "Valor": ("Plains", "first strike", "First strike"),
    "Wonder": ("Island", "flying", "Flying"),
}


def incarnation(name: str, **extra) -> dict:
    land, kw, own = INCARNATIONS[name]
    article = "an" if land[0] in "AEIOU" else "a"
    text = f"{own}\nAs long as {name} is in your graveyard and you control {article} {land}, creatures you control have {kw}."
    return {"name": name, "types": ["creature"], "subtypes": ["incarnation"], "power": 2, "toughness": 2, "text": text,
            **extra}


RIFTSTONE = {"name": "Riftstone Portal", "types": ["land"], "text": "{T}: Add {C}.\nAs long as Riftstone Portal is in "
             "your graveyard, lands you control have \"{T}: Add {G} or {W}.\""}


def board(battlefield: list[dict], zones: dict, tail: str = ""):
    text = HEAD + "battlefield:\n" + "".join(f"  - {json.dumps(p)}\n" for p in battlefield)
    return parse_board_text(text + "zones: " + json.dumps(zones) + "\n" + tail, "graveyard.yaml")


def perm(pid: str, card: str, controller: str, **extra) -> dict:
    return {"id": pid, "card": card, "controller": controller, **extra}


@pytest.mark.parametrize("name", sorted(INCARNATIONS))
def test_113_6b_incarnation_lines_are_read_with_both_conditions(name: str) -> None:
    """113.6b, 611.3b: "As long as ~ is in your graveyard and you control a Mountain, creatures
    you control have haste": both conditions, hand-checked."""
    land, kw, _own = INCARNATIONS[name]
    line = incarnation(name)["text"].split("\n")[1]
    (entry,) = read(line, name)
    mapping = dict(entry["continuous"])
    assert mapping.pop("text") == line
    assert mapping == {"affects": {"types": ["creature"], "controller": "you"}, "gains": [kw.replace(" ", "_")],
                       "condition": [{"in_graveyard": True}, {"controls": {"subtypes": [land.lower()]}, "at_least": 1}]}


WONDER_BOARD = [perm("island", "Island", "alice"), perm("bears", "Grizzly Bears", "alice"), perm("ox", "Pillarfield Ox", "bob")]
BLOCK = "combat:\n  attackers: [{creature: bears, target: bob}]\n  blockers: [{creature: ox, blocks: [bears]}]\n"


def test_113_6b_wonder_in_your_graveyard_gives_your_creatures_flying() -> None:
    """113.6b, 613.1f, 702.9b: Wonder in alice's graveyard while she controls an Island: her
    Grizzly Bears fly and bob's Pillarfield Ox can't block them; the change and the block
    reason name Wonder, a graveyard card."""
    b = board(WONDER_BOARD, {"alice": {"graveyard": [incarnation("Wonder", id="wonder")]}}, BLOCK)
    bears = b.permanent("bears")
    assert "flying" in bears.keywords and "flying" not in b.permanent("ox").keywords
    (change,) = changes_of(b, "bears")
    assert (change.source, change.source_name, change.layer) == ("wonder", "Wonder", "6")
    assert source_note(b, bears, "flying") == " (from Wonder (wonder))"
    result = check_blocks(b)
    assert result.legal is False and any("Wonder" in v.message for v in result.violations)


@pytest.mark.parametrize("battlefield, zones", [
    (WONDER_BOARD[1:], {"alice": {"graveyard": [incarnation("Wonder")]}}),  # no Island: 611.3b
    (WONDER_BOARD, {"bob": {"graveyard": [incarnation("Wonder")]}}),  # bob's Wonder, bob has no Island
    (WONDER_BOARD, {"alice": {"exile": [incarnation("Wonder")]}}),  # exile is not a graveyard (113.6b)
    (WONDER_BOARD + [{"id": "wonder", "controller": "alice", **incarnation("Wonder")}], {}),  # on the battlefield
])
def test_113_6b_wonder_elsewhere_or_without_an_island_gives_nothing(battlefield: list, zones: dict) -> None:
    """113.6b: the ability works only from its owner's graveyard, and only while that player
    controls an Island; otherwise the block is legal."""
    b = board(battlefield, zones, BLOCK)
    assert "flying" not in b.permanent("bears").keywords
    assert check_blocks(b).legal is True


def test_113_6b_anger_gives_haste_to_a_summoning_sick_creature() -> None:
    """113.6b, 302.6, 702.10: Anger in the graveyard with a Mountain: a creature that came under
    alice's control this turn can attack."""
    field = [perm("mountain", "Mountain", "alice"), perm("bears", "Grizzly Bears", "alice", summoning_sick=True)]
    attack = "combat:\n  attackers: [{creature: bears, target: bob}]\n"
    assert check_attacks(board(field, {"alice": {"graveyard": [incarnation("Anger")]}}, attack)).legal is True
    assert check_attacks(board(field, {}, attack)).legal is False


def test_113_6b_riftstone_portal_gives_lands_a_mana_ability_from_the_graveyard() -> None:
    """113.6b, 613.1f, 605.1a: Riftstone Portal in the graveyard: alice's Swamp has "{T}: Add
    {G} or {W}.", so {G} is payable; on the battlefield the Portal gives nothing."""
    swamp = [perm("swamp", "Swamp", "alice")]
    assert pay(board(swamp, {"alice": {"graveyard": [RIFTSTONE]}}), "{G}").payable is True
    on_field = board(swamp + [{"id": "portal", "controller": "alice", **RIFTSTONE}], {})
    assert pay(on_field, "{G}").payable is False


def test_613_7d_graveyard_card_is_later_than_the_permanents() -> None:
    """613.7d, 613.1f: a graveyard card's effect is timestamped after every permanent: an
    earlier "creatures lose flying" static doesn't undo Wonder's grant (applied later)."""
    grounded = {"id": "sky", "name": "Clipped Sky", "controller": "bob", "types": ["enchantment"],
                "text": "Creatures lose flying."}
    b = board(WONDER_BOARD + [grounded], {"alice": {"graveyard": [incarnation("Wonder")]}})
    assert "flying" in b.permanent("bears").keywords
    assert [c.layer for c in changes_of(b, "bears")] == ["6", "6"]

