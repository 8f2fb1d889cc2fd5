"""Conditions on the affected object (611.3b) and two-sentence "Otherwise / instead /
additional" statics (613): each read from a real card's Oracle line and shown on a board,
with the layers (types from layer 4, colors from layer 5) and the board's combat and zones."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_file import BoardError
from mtgsolver.read.grammar import affected
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.damage import combat_damage

LINES = Path(__file__).parent / "data" / "affected_lines.jsonl"
HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"


@pytest.mark.parametrize("name, line, expected", [json.loads(x) for x in LINES.read_text().splitlines()],
                         ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_hand_checked_readings_of_the_cluster(name: str, line: str, expected: list) -> None:
    """611.3b, 613: each line of the cluster read, its effects checked by hand against the
    Oracle text ("Otherwise": the negated condition; "instead": not both; "additional": both)."""
    entries, unread = parse_oracle_text(line, name)
    assert unread == []
    assert [{k: v for k, v in e["continuous"].items() if k != "text"} for e in entries] == expected
    assert all(e["continuous"]["text"] == line for e in entries)


def board(pool, perms: list[str], tail: str = ""):
    return parse_board_text(HEAD + "".join(f"  - {p}\n" for p in perms) + tail, "cards.yaml", pool)


def pt(b, pid: str) -> tuple[int, int]:
    return b.permanent(pid).power, b.permanent(pid).toughness


def on(pid: str, card: str, target: str | None = None, controller: str = "alice", extra: str = "") -> str:
    attached = f", attached_to: {target}" if target else ""
    return f"{{id: {pid}, card: \"{card}\", controller: {controller}{attached}{extra}}}"


def test_611_3b_clutch_of_undeath_otherwise_on_a_non_zombie(pool) -> None:
    """611.3b: +3/+3 on a Zombie, otherwise -3/-3 (never both)."""
    b = board(pool, [on("z", "Gravedigger"), on("bears", "Grizzly Bears"), on("c1", "Clutch of Undeath", "z"),
                     on("c2", "Clutch of Undeath", "bears")])
    assert pt(b, "z") == (5, 5) and pt(b, "bears") == (-1, -1)


def test_613_1d_nyx_infusion_sees_the_type_another_aura_gives_in_layer_4(pool) -> None:
    """613.1d before 613.4c (Nyx Infusion's ruling: it checks continuously): a creature made an
    enchantment by a later Aura gets +2/+2, not -2/-2, whatever the timestamps."""
    aura = ("{id: ench, name: Enchanting, controller: bob, types: [enchantment], subtypes: [aura], attached_to: bears, "
            "text: 'Enchanted creature is an enchantment in addition to its other types.'}")
    b = board(pool, [on("bears", "Grizzly Bears"), on("nyx", "Nyx Infusion", "bears"), aura])
    assert pt(b, "bears") == (4, 4)
    b = board(pool, [on("bears", "Grizzly Bears"), on("nyx", "Nyx Infusion", "bears")])
    assert pt(b, "bears") == (0, 0)


def test_506_4_tahngarths_rage_attacking_deals_five(pool) -> None:
    """506.4, 510.1: +3/+0 while declared attacking (the board's combat), -2/-1 otherwise; the
    damage solver deals the attacking value."""
    perms = [on("bear", "Alpine Grizzly"), on("rage", "Tahngarth's Rage", "bear")]
    assert pt(board(pool, perms), "bear") == (2, 1)
    b = board(pool, perms, "combat:\n  attackers: [{creature: bear, target: bob}]\n  blockers: []\n")
    assert pt(b, "bear") == (7, 2)
    bob = next(p for p in combat_damage(b).players if p["name"] == "bob")
    assert bob["life_after"] == 20 - 7


def test_611_3b_arcades_sabboth_untapped_creatures_not_attacking(pool) -> None:
    """Arcades Sabboth's ruling: untapped and not attacking, it gets +0/+2 from itself; an
    attacking or a tapped creature doesn't; an opponent's doesn't."""
    b = board(pool, [on("arc", "Arcades Sabboth"), on("att", "Grizzly Bears"), on("home", "Grizzly Bears"),
                     on("tap", "Grizzly Bears", extra=", tapped: true"), on("theirs", "Grizzly Bears", controller="bob")],
              "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: []\n")
    assert pt(b, "arc") == (7, 9)
    assert pt(b, "home") == (2, 4)
    assert pt(b, "att") == pt(b, "tap") == pt(b, "theirs") == (2, 2)


def test_702_7_snow_devil_first_strike_only_while_blocking_with_a_snow_land(pool) -> None:
    """509.1, 702.7b: the enchanted blocker has first strike (and kills the 2/2 attacker before
    it deals damage) while it blocks and its controller controls a snow land; attacking, not."""
    tail = "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: [{creature: blk, blocks: [att]}]\n"
    perms = [on("att", "Grizzly Bears"), on("blk", "Grizzly Bears", controller="bob"),
             on("devil", "Snow Devil", "blk", controller="bob")]
    b = board(pool, perms + [on("snow", "Snow-Covered Forest", controller="bob")], tail)
    assert {"first_strike", "flying"} <= b.permanent("blk").keywords
    result = combat_damage(b)
    assert [d["creature"] for d in result.destroyed] == ["att"]
    assert "first_strike" not in board(pool, perms, tail).permanent("blk").keywords
    attacking = board(pool, [on("att", "Grizzly Bears"), on("devil", "Snow Devil", "att"),
                             on("snow", "Snow-Covered Forest")],
                      "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: []\n")
    assert "first_strike" not in attacking.permanent("att").keywords


def test_611_3b_relic_axe_instead_not_both(pool) -> None:
    """"If it's a Warrior, it gets +2/+1 instead": a Warrior gets +2/+1 (not +3/+2), others +1/+1."""
    b = board(pool, [on("w", "Goblin Piker"), on("bears", "Grizzly Bears"), on("a1", "Relic Axe", "w"),
                     on("a2", "Relic Axe", "bears")])
    assert pt(b, "w") == (4, 2) and pt(b, "bears") == (3, 3)


def test_611_3b_tenza_additional_bonus_and_trample(pool) -> None:
    """"As long as it's legendary, it gets an additional +2/+2. As long as it's red, it has
    trample.": a legendary red creature gets +3/+3 and trample; a green nonlegendary one +1/+1."""
    b = board(pool, [on("kiki", "Kiki-Jiki, Mirror Breaker"), on("bears", "Grizzly Bears"),
                     on("t1", "Tenza, Godo's Maul", "kiki"), on("t2", "Tenza, Godo's Maul", "bears")])
    assert pt(b, "kiki") == (5, 5) and "trample" in b.permanent("kiki").keywords
    assert pt(b, "bears") == (3, 3) and "trample" not in b.permanent("bears").keywords


def test_404_so_tiny_reads_the_enchanted_creatures_controllers_graveyard(pool) -> None:
    """So Tiny's ruling: the enchanted creature's controller's graveyard (404), not the Aura's
    controller's: seven cards make -6/-0 instead of -2/-0."""
    perms = [on("bear", "Alpine Grizzly", controller="bob"), on("tiny", "So Tiny", "bear")]
    seven = "zones:\n  bob:\n    graveyard: [" + ", ".join(["Shock"] * 7) + "]\n"
    mine = "zones:\n  alice:\n    graveyard: [" + ", ".join(["Shock"] * 7) + "]\n"
    assert pt(board(pool, perms, seven), "bear") == (4 - 6, 2)
    assert pt(board(pool, perms, mine), "bear") == (2, 2)


def test_309_7_precipitous_drop_reads_its_controllers_dungeon(pool) -> None:
    """309.7 and Precipitous Drop's ruling: -5/-5 instead of -2/-2 when the Aura's controller (not
    the creature's) has completed a dungeon."""
    perms = [on("bear", "Alpine Grizzly", controller="bob"), on("drop", "Precipitous Drop", "bear")]
    players = "players: [{name: alice, completed_dungeon: DA}, {name: bob, completed_dungeon: DB}]\n"

    def with_dungeon(alice: bool, bob: bool):
        text = HEAD.replace("players: [{name: alice}, {name: bob}]\n", players.replace("DA", str(alice).lower())
                            .replace("DB", str(bob).lower()))
        return parse_board_text(text + "".join(f"  - {p}\n" for p in perms), "drop.yaml", pool)

    assert pt(with_dungeon(True, False), "bear") == (-1, -3)
    assert pt(with_dungeon(False, True), "bear") == (2, 0)


def test_mind_carver_an_opponents_graveyard_of_eight(pool) -> None:
    """Mind Carver's rulings: +3/+1 instead of +1/+0 once an opponent has eight or more cards in
    their graveyard; the equipped creature's controller's own graveyard doesn't count."""
    perms = [on("bears", "Grizzly Bears"), on("carver", "Mind Carver", "bears")]

    def graveyard(player: str, n: int) -> str:
        return f"zones:\n  {player}:\n    graveyard: [" + ", ".join(["Shock"] * n) + "]\n"

    assert pt(board(pool, perms, graveyard("bob", 8)), "bears") == (5, 3)
    assert pt(board(pool, perms, graveyard("bob", 7)), "bears") == (3, 2)
    assert pt(board(pool, perms, graveyard("alice", 8)), "bears") == (3, 2)


def test_konda_s_banner_shares_a_color_or_creature_type_with_the_equipped_creature(pool) -> None:
    """Konda's Banner's rulings: the equipped creature shares with itself (+2/+2 from a color and
    a creature type); a creature sharing both gets +2/+2, more shared colors add nothing; an
    opponent's creature counts ("Creatures"); unattached, nothing."""
    b = board(pool, [on("dog", "Isamaru, Hound of Konda"), on("banner", "Konda's Banner", "dog"),
                     on("lion", "Silvercoat Lion"), on("bears", "Grizzly Bears"),
                     on("fox", "Samurai of the Pale Curtain", controller="bob"),
                     "{id: pup, name: Pup, controller: alice, types: [creature], subtypes: [dog], colors: [green], "
                     "power: 1, toughness: 1}"])
    assert pt(b, "dog") == (4, 4)
    assert pt(b, "lion") == (3, 3) and pt(b, "fox") == (3, 3) and pt(b, "pup") == (2, 2)
    assert pt(b, "bears") == (2, 2)
    alone = board(pool, [on("dog", "Isamaru, Hound of Konda"), on("banner", "Konda's Banner")])
    assert pt(alone, "dog") == (2, 2)


def test_common_cause_all_nonartifact_creatures_share_a_color(pool) -> None:
    """Common Cause's rulings: every nonartifact creature (any controller's) must share one color;
    an artifact creature doesn't count; one creature of another color stops the bonus."""
    perms = [on("cc", "Common Cause"), on("bears", "Grizzly Bears"), on("grizzly", "Alpine Grizzly", controller="bob"),
             on("thopter", "Ornithopter")]
    b = board(pool, perms)
    assert pt(b, "bears") == (4, 4) and pt(b, "grizzly") == (6, 4) and pt(b, "thopter") == (0, 2)
    assert pt(board(pool, perms + [on("gob", "Raging Goblin")]), "bears") == (2, 2)


def test_613_earth_surge_lands_that_are_creatures(pool) -> None:
    """Earth Surge's ruling: only permanents that are both land and creature (the type from a
    layer 4 effect) get +2/+2; it doesn't make lands creatures."""
    anim = ("{id: anim, name: Animator, controller: alice, types: [enchantment], "
            "text: 'All Forests are 1/1 creatures that are still lands.'}")
    b = board(pool, [on("surge", "Earth Surge"), anim, on("forest", "Forest"), on("island", "Island")])
    assert pt(b, "forest") == (3, 3)
    assert "creature" not in b.permanent("island").types and b.permanent("island").power is None


def test_depala_vehicles_only_while_they_are_creatures(pool) -> None:
    """A Vehicle has printed power and toughness but gets +1/+1 only as a creature (301.7)."""
    b = board(pool, [on("depala", "Depala, Pilot Exemplar"), on("copter", "Smuggler's Copter"),
                     on("crewed", "Smuggler's Copter", extra=", types: [artifact, creature]")])
    assert pt(b, "crewed") == (4, 4)
    assert "copter" not in b.layers.changes  # not a creature: no +1/+1 recorded on its printed 3/3


def test_scion_of_draco_one_keyword_per_color(pool) -> None:
    """Each creature you control has the keyword of each of its colors (a multicolored one
    several, a colorless one none)."""
    b = board(pool, [on("scion", "Scion of Draco"), on("lion", "Silvercoat Lion"), on("kiki", "Kiki-Jiki, Mirror Breaker"),
                     on("thopter", "Ornithopter"), on("bears", "Grizzly Bears", controller="bob"),
                     "{id: gw, name: Hybrid, controller: alice, types: [creature], colors: [green, white], "
                     "power: 1, toughness: 1}"])
    assert "vigilance" in b.permanent("lion").keywords and "first_strike" in b.permanent("kiki").keywords
    assert {"vigilance", "trample"} <= b.permanent("gw").keywords
    assert not {"vigilance", "trample", "first_strike"} & b.permanent("thopter").keywords
    assert "trample" not in b.permanent("bears").keywords


def test_613_8a_a_condition_on_the_object_waits_for_the_effect_that_makes_it_true() -> None:
    """613.8a: in layer 4, "is an artifact as long as it's a Zombie" depends on an effect that
    makes it a Zombie, so it applies after it even with an earlier timestamp."""
    text = HEAD + """  - {id: bears, name: Bears, controller: alice, types: [creature], subtypes: [bear], power: 2, toughness: 2}
  - {id: a1, name: A1, controller: alice, types: [enchantment], subtypes: [aura], attached_to: bears,
     abilities: [{continuous: {affects: {attached: true, subtypes: [zombie]}, add_types: [artifact]}}]}
  - {id: a2, name: A2, controller: alice, types: [enchantment], subtypes: [aura], attached_to: bears,
     text: "Enchanted creature is a Zombie in addition to its other creature types."}
"""
    bears = parse_board_text(text, "dep.yaml").permanent("bears")
    assert "zombie" in bears.subtypes and "artifact" in bears.types


def test_board_refuses_an_unknown_shared_characteristic() -> None:
    """Board errors name the field path (exit 2): ``shares_with_attached`` is color or creature_type."""
    text = HEAD + """  - {id: x, name: X, controller: alice, types: [artifact], subtypes: [equipment],
     abilities: [{continuous: {affects: {shares_with_attached: colour}, gets: [1, 1]}}]}
"""
    with pytest.raises(BoardError, match="shares_with_attached"):
        parse_board_text(text, "bad.yaml")


def test_506_4_the_attack_search_refuses_effects_that_read_the_combat(pool) -> None:
    """506.4: Tahngarth's Rage gives +3/+0 only to an attacking creature; the layers apply it to
    the board's declared combat, so a search over attacks is undecided rather than wrong."""
    from mtgsolver.solver.puzzle import solve_goal

    b = board(pool, [on("bear", "Alpine Grizzly"), on("rage", "Tahngarth's Rage", "bear"),
                     on("ox", "Pillarfield Ox", controller="bob")])
    result = solve_goal(b, "lethal")
    assert result.solved is None
    assert any("Tahngarth's Rage (rage)" in r and "506.4" in r for r in result.reasons)


#: shapes of the cluster no line of the 2022 pool prints, each read as 611.3b says or refused
FORMS = [
    # the condition adds a type to the types the subject already names: only the added one is negated
    ("Each creature you control gets +1/+1 as long as it's an artifact. Otherwise, it gets -1/-1.",
     [{"affects": {"types": ["artifact", "creature"], "controller": "you"}, "gets": [1, 1]},
      {"affects": {"types": ["creature"], "controller": "you", "not_types": ["artifact"]}, "gets": [-1, -1]}]),
    # "instead" of a board condition that is itself a "no": the first effect applies while one is controlled
    ("Enchanted creature gets +1/+1. It gets +3/+3 instead as long as you control no Islands.",
     [{"affects": {"attached": True}, "gets": [1, 1],
       "condition": [{"controls": {"subtypes": ["island"]}, "not": False}]},
      {"affects": {"attached": True}, "gets": [3, 3],
       "condition": [{"controls": {"subtypes": ["island"]}, "not": True}]}]),
    # "Otherwise" with a condition of its own: both hold
    ("Enchanted creature gets +2/+2 as long as you control a Forest. Otherwise, it gets -1/-1 as long as you control "
     "a Swamp.",
     [{"affects": {"attached": True}, "gets": [2, 2],
       "condition": [{"controls": {"subtypes": ["forest"]}, "at_least": 1}]},
      {"affects": {"attached": True}, "gets": [-1, -1],
       "condition": [{"controls": {"subtypes": ["swamp"]}, "at_least": 1},
                     {"controls": {"subtypes": ["forest"]}, "at_least": 1, "not": True}]}]),
    # "instead" of an ability, not of a bonus: refused
    ("Equipped creature has first strike. If it's a Warrior, it gets +2/+1 instead.", None),
]


@pytest.mark.parametrize("line, expected", FORMS, ids=[line[:50] for line, _ in FORMS])
def test_611_3b_shapes_no_pool_line_prints(line: str, expected: list | None) -> None:
    """611.3b: "Otherwise" applies where the first condition fails, "instead" where the second holds."""
    found = affected.read(line, "Foo")
    specs = None if found is None else [{k: v for k, v in e["continuous"].items() if k != "text"} for e in found]
    assert specs == expected
