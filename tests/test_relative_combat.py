"""Combat vocabulary relative to other creatures (CR 508.1c, 509.1b, 509.1c), on boards written
with the real Oracle text of the cards (read by the ``relative`` grammar family) or granted by an
Aura or an effect, as the layers engine grants group statics. Answers worked out by hand."""
from __future__ import annotations

from typing import Any

import yaml

from mtgsolver.load import parse_board_text
from mtgsolver.model import Board
from mtgsolver.solver.attacks import check_attacks, suggest_attacks
from mtgsolver.solver.blocks import check_blocks, suggest_blocks


def cr(cid: str, controller: str, power: int = 2, toughness: int = 2, **fields: Any) -> dict[str, Any]:
    return {"id": cid, "name": fields.pop("name", cid.title()), "controller": controller, "types": ["creature"],
            "power": power, "toughness": toughness, **fields}


def board_of(battlefield: list[dict], attackers: list[tuple[str, str]] = (), blockers: dict | None = None,
             effects: list[dict] = ()) -> Board:
    data: dict[str, Any] = {"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                            "battlefield": battlefield, "effects": list(effects)}
    combat: dict[str, Any] = {"attackers": [{"creature": c, "target": t} for c, t in attackers]}
    if blockers is not None:
        combat["blockers"] = [{"creature": b, "blocks": list(a)} for b, a in blockers.items()]
    data["combat"] = combat
    return parse_board_text(yaml.safe_dump(data), "<relative>")


SPITFIRE = "Spitfire Handler can't block creatures with power greater than Spitfire Handler's power."


def test_509_1b_spitfire_handler_compares_powers() -> None:
    """509.1b: Spitfire Handler (1/1) can't block a 2-power creature, can block a 1-power one."""
    field = [cr("big", "alice", 2), cr("small", "alice", 1),
             cr("handler", "bob", 1, name="Spitfire Handler", text=SPITFIRE)]
    bad = check_blocks(board_of(field, [("big", "bob"), ("small", "bob")], {"handler": ["big"]}))
    assert bad.legal is False
    assert [(v.rule, v.creature) for v in bad.violations] == [("509.1b", "handler")]
    assert "power 2 against power 1" in bad.violations[0].message
    assert check_blocks(board_of(field, [("big", "bob"), ("small", "bob")], {"handler": ["small"]})).legal is True


def test_509_1b_aura_gnarlid_and_silumgar_assassin() -> None:
    """Creatures with power less than Aura Gnarlid's can't block it; with greater than Silumgar
    Assassin's can't block it (equal power may block both)."""
    gnarlid = cr("gnarlid", "alice", 2, name="Aura Gnarlid",
                 text="Creatures with power less than Aura Gnarlid's power can't block it.")
    assassin = cr("assassin", "alice", 2, name="Silumgar Assassin",
                  text="Creatures with power greater than Silumgar Assassin's power can't block it.")
    field = [gnarlid, assassin, cr("one", "bob", 1), cr("two", "bob", 2), cr("three", "bob", 3)]
    atk = [("gnarlid", "bob"), ("assassin", "bob")]
    assert check_blocks(board_of(field, atk, {"one": ["gnarlid"]})).legal is False
    assert check_blocks(board_of(field, atk, {"three": ["assassin"]})).legal is False
    assert check_blocks(board_of(field, atk, {"two": ["gnarlid"], "three": ["gnarlid"], "one": ["assassin"]})).legal


def test_509_1b_okk_needs_a_stronger_blocker() -> None:
    """Okk can't block unless a creature with greater power also blocks (any attacker)."""
    okk = cr("okk", "bob", 4, 4, name="Okk", text="Okk can't block unless a creature with greater power also blocks.")
    field = [cr("a1", "alice"), cr("a2", "alice"), okk, cr("equal", "bob", 4), cr("huge", "bob", 5)]
    atk = [("a1", "bob"), ("a2", "bob")]
    assert check_blocks(board_of(field, atk, {"okk": ["a1"], "equal": ["a2"]})).legal is False
    assert check_blocks(board_of(field, atk, {"okk": ["a1"], "huge": ["a2"]})).legal is True


def test_508_1c_orcish_conscripts_and_scarred_puma() -> None:
    """Orcish Conscripts attacks only with two others; Scarred Puma only with a black or green one."""
    conscripts = cr("orcs", "alice", name="Orcish Conscripts",
                    text="Orcish Conscripts can't attack unless at least two other creatures attack.")
    puma = cr("puma", "alice", name="Scarred Puma",
              text="Scarred Puma can't attack unless a black or green creature also attacks.")
    green = cr("elf", "alice", colors=["G"])
    field = [conscripts, puma, green, cr("x", "alice")]
    two = check_attacks(board_of(field, [("orcs", "bob"), ("x", "bob")]))
    assert two.legal is False and [v.rule for v in two.violations] == ["508.1c"]
    assert check_attacks(board_of(field, [("orcs", "bob"), ("x", "bob"), ("puma", "bob")])).legal is False
    assert check_attacks(board_of(field, [("orcs", "bob"), ("elf", "bob"), ("puma", "bob")])).legal is True


def test_509_1c_must_be_blocked_by_an_eldrazi_granted_by_an_effect() -> None:
    """Slayer's Cleaver's requirement, granted: the Eldrazi able to block must block it; a non-Eldrazi
    blocking instead obeys nothing (509.1c); without an Eldrazi able to block it does nothing."""
    field = [cr("cleaved", "alice", 5), cr("spawn", "bob", subtypes=["eldrazi", "spawn"]), cr("bear", "bob")]
    grant = [{"kind": "gains", "creature": "cleaved", "abilities": [{"must_be_blocked_by_a": {"subtype": "eldrazi"}}],
              "source": "Slayer's Cleaver"}]
    wrong = check_blocks(board_of(field, [("cleaved", "bob")], {"bear": ["cleaved"]}, grant))
    assert wrong.legal is False and wrong.maximum == 1
    assert dict(wrong.witness)["spawn"] == ("cleaved",)
    tapped = [field[0], {**field[1], "tapped": True}, field[2]]
    free = check_blocks(board_of(tapped, [("cleaved", "bob")], {}, grant))
    assert free.legal is True and free.maximum == 0
    assert any("does nothing" in n for n in free.notes)


def test_509_1b_hunted_ghoul_and_a_granted_toughness_comparison() -> None:
    """Hunted Ghoul can't block Humans; Ironclaw Curse (granted by the Aura): its creature can't block
    creatures with power equal to or greater than its toughness."""
    ghoul = cr("ghoul", "bob", 1, 1, name="Hunted Ghoul", text="Hunted Ghoul can't block Humans.")
    cursed = cr("cursed", "bob", 3, 3)
    curse = {"id": "curse", "name": "Ironclaw Curse", "controller": "alice", "types": ["enchantment"],
             "subtypes": ["aura"], "attached_to": "cursed",
             "text": "Enchanted creature can't block creatures with power equal to or greater than the enchanted "
                     "creature's toughness."}
    field = [cr("human", "alice", 3, subtypes=["human"]), cr("beast", "alice", 2), ghoul, cursed, curse]
    atk = [("human", "bob"), ("beast", "bob")]
    assert check_blocks(board_of(field, atk, {"ghoul": ["human"]})).legal is False
    assert check_blocks(board_of(field, atk, {"cursed": ["human"]})).legal is False
    assert check_blocks(board_of(field, atk, {"cursed": ["beast"], "ghoul": ["beast"]})).legal is True


def test_silent_arbiter_caps_both_declarations() -> None:
    """508.1c, 509.1b: no more than one creature can attack, and one block, each combat."""
    arbiter = {"id": "arb", "name": "Silent Arbiter", "controller": "bob", "types": ["artifact", "creature"],
               "power": 1, "toughness": 5, "text": "No more than one creature can attack each combat.\n"
                                                   "No more than one creature can block each combat."}
    field = [arbiter, cr("a", "alice"), cr("b", "alice"), cr("c", "bob")]
    assert check_attacks(board_of(field, [("a", "bob"), ("b", "bob")])).legal is False
    assert len(suggest_attacks(board_of(field), "most-attackers").witness) == 1
    blocks = suggest_blocks(board_of(field, [("a", "bob")]), "most-blockers")
    assert len(blocks.witness) == 1
