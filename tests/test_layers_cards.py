"""Real cards whose statics change other permanents, read from their Oracle text and answered
end to end by the combat, payment and production solvers (613, 305.6-7, 702)."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.rules.layers import changes_of
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.payment import pay
from mtgsolver.solver.produce import could_produce

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\nbattlefield:\n"


def board(lines: str, tail: str = ""):
    body = "".join(f"  {line.strip()}\n" for line in lines.strip().splitlines())
    return parse_board_text(HEAD + body + tail, "cards.yaml")


def inline(pid: str, name: str, controller: str, types: str, text: str, extra: str = "") -> str:
    return f"- {{id: {pid}, name: {name}, controller: {controller}, types: [{types}], text: {text!r}{extra}}}\n"


def test_702_111b_war_drums_menace_makes_a_lone_block_illegal() -> None:
    """702.111b with 613.1f: Goblin War Drums gives the attacker menace, so
    one blocker alone is illegal, and the reason names the granting permanent."""
    b = board("""
        - {id: drums, card: Goblin War Drums, controller: alice}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: ox, card: Pillarfield Ox, controller: bob}
    """, "combat:\n  attackers: [{creature: bears, target: bob}]\n  blockers: [{creature: ox, blocks: [bears]}]\n")
    bears = b.permanent("bears")
    assert "menace" in bears.keywords and bears.granted_by["menace"] == "drums"
    result = check_blocks(b)
    assert result.legal is False
    assert any("702.111b" in v.rule for v in result.violations)
    assert any("Goblin War Drums" in v.message for v in result.violations)


def test_elvish_champion_lord_other_elves_forestwalk() -> None:
    """613.4c, 613.1f, 702.14c: "Other Elf creatures get +1/+1 and have forestwalk" applies to
    every player's Elves but not to the Champion; forestwalk makes a block illegal against a
    player who controls a Forest."""
    b = board(inline("champ", "Elvish Champion", "alice", "creature", "Other Elf creatures get +1/+1 and have forestwalk.",
                     ", subtypes: [elf], power: 2, toughness: 2") + """
        - {id: elf, card: Llanowar Elves, controller: alice}
        - {id: their_elf, card: Llanowar Elves, controller: bob}
        - {id: forest, card: Forest, controller: bob}
    """, "combat:\n  attackers: [{creature: elf, target: bob}]\n  blockers: [{creature: their_elf, blocks: [elf]}]\n")
    assert (b.permanent("elf").power, b.permanent("elf").toughness) == (2, 2)
    assert (b.permanent("their_elf").power, b.permanent("their_elf").toughness) == (2, 2)
    assert b.permanent("champ").power == 2 and "forestwalk" not in b.permanent("champ").keywords
    assert check_blocks(b).legal is False


def test_goblin_rabblemaster_makes_other_goblins_attack() -> None:
    """508.1d, 613.11: "Other Goblin creatures you control attack each combat if able"."""
    b = board(inline("rabble", "Goblin Rabblemaster", "alice", "creature",
                     "Other Goblin creatures you control attack each combat if able.",
                     ", subtypes: [goblin, warrior], power: 2, toughness: 2") + """
        - {id: gob, card: Raging Goblin, controller: alice}
    """, "combat:\n  attackers: []\n")
    assert b.permanent("gob").has("attacks_each_combat") and not b.permanent("rabble").has("attacks_each_combat")
    assert check_attacks(b).legal is False


def test_moat_humility_creature_without_flying_cant_attack() -> None:
    """613.11: Moat's restriction survives Humility's "lose all abilities"."""
    b = board(inline("moat", "Moat", "bob", "enchantment", "Creatures without flying can't attack.")
              + inline("hum", "Humility", "bob", "enchantment",
                       "All creatures lose all abilities and have base power and toughness 1/1.")
              + "- {id: bird, name: Bird, controller: alice, types: [creature], power: 2, toughness: 2, keywords: [flying]}\n",
              "combat:\n  attackers: [{creature: bird, target: bob}]\n")
    bird = b.permanent("bird")
    assert (bird.power, bird.toughness) == (1, 1) and bird.has("cant_attack")
    assert check_attacks(b).legal is False


def test_305_7_blood_moon_makes_nonbasic_lands_mountains_for_payment() -> None:
    """305.7: under Blood Moon a dual land taps only for {R}; basics are unchanged."""
    b = board(inline("moon", "Blood Moon", "bob", "enchantment", "Nonbasic lands are Mountains.") + """
        - {id: tundra, card: Tundra, controller: alice}
        - {id: plains, card: Plains, controller: alice}
    """)
    assert could_produce(b, "tundra").types("tundra") == ["R"]
    assert pay(b, "{W}{R}").payable is True
    assert pay(b, "{W}{U}").payable is False
    assert changes_of(b, "tundra")[0].source == "moon"


def test_305_6_urborg_gives_every_land_a_black_mana_ability() -> None:
    """305.6: "Each land is a Swamp in addition to its other land types": a Forest taps for {B}."""
    b = board(inline("urborg", "Urborg", "bob", "land",
                     "Each land is a Swamp in addition to its other land types.", ", supertypes: [legendary]") + """
        - {id: forest, card: Forest, controller: alice}
    """)
    assert could_produce(b, "forest").types("forest") == ["B", "G"]
    assert pay(b, "{B}").payable is True


def test_605_granted_mana_ability_chromatic_lantern() -> None:
    """605.1a, 613.1f: "Lands you control have '{T}: Add one mana of any color.'" is a mana
    ability of each land; an opponent's lands don't get it."""
    b = board(inline("lantern", "Chromatic Lantern", "alice", "artifact",
                     'Lands you control have "{T}: Add one mana of any color."') + """
        - {id: wastes, name: Wastes, controller: alice, types: [land], supertypes: [basic], abilities: ["{T}: Add {C}."]}
        - {id: their, card: Island, controller: bob}
    """)
    assert could_produce(b, "wastes").types("wastes") == ["W", "U", "B", "R", "G", "C"]
    assert pay(b, "{G}").payable is True
    assert could_produce(b, "their").types("their") == ["U"]


def test_condition_threshold_reads_the_graveyard_when_zones_are_known() -> None:
    """611.3b: a threshold static is off without seven cards in the graveyard (a board
    without zones has empty zones)."""
    b = board(inline("nomad", "Nomad Stadium Keeper", "alice", "enchantment",
                     "Threshold — Creatures you control get +1/+1 as long as seven or more cards are in your graveyard.")
              + "- {id: bears, card: Grizzly Bears, controller: alice}\n")
    assert b.permanent("bears").power == 2


def test_611_3b_threshold_and_extra_turns_read_zones_and_turn() -> None:
    """611.3b with the board's zones and turn: threshold counts the controller's graveyard;
    "can't attack during extra turns" applies only on an extra turn."""
    keeper = inline("nomad", "Nomad Stadium Keeper", "alice", "enchantment",
                    "Threshold — Creatures you control get +1/+1 as long as seven or more cards are in your graveyard.")
    bears = "- {id: bears, card: Grizzly Bears, controller: alice}\n"
    seven = "zones:\n  alice: {graveyard: [Island, Island, Island, Island, Island, Island, Island]}\n"
    six = "zones:\n  alice: {graveyard: [Island, Island, Island, Island, Island, Island]}\n  bob: {graveyard: [Island]}\n"
    assert board(keeper + bears, seven).permanent("bears").power == 3
    assert board(keeper + bears, six).permanent("bears").power == 2
    rule = inline("x", "Rule", "bob", "enchantment", "Creatures can't attack during extra turns.")
    assert board(rule + bears, "turn: {number: 3, extra_turn: true}\n").permanent("bears").has("cant_attack")
    assert not board(rule + bears, "turn: {number: 3, extra_turn: false}\n").permanent("bears").has("cant_attack")


def test_702_111c_granted_menace_on_a_menace_creature_is_redundant() -> None:
    """702.111c: War Drums' menace on Boggart Brute (menace) still needs only two blockers."""
    head = """
        - {id: drums, card: Goblin War Drums, controller: alice}
        - {id: brute, card: Boggart Brute, controller: alice}
        - {id: ox, card: Pillarfield Ox, controller: bob}
        - {id: bears, card: Grizzly Bears, controller: bob}
    """
    two = "combat:\n  attackers: [{creature: brute, target: bob}]\n  blockers: [{creature: ox, blocks: [brute]}, {creature: bears, blocks: [brute]}]\n"
    assert check_blocks(board(head, two)).legal is True


def test_702_14d_granted_snow_forestwalk_blocker_with_it_does_not_help() -> None:
    """702.14d example: a player who controls a snow Forest can't block a creature with snow
    forestwalk, even with a creature that has snow forestwalk too (here both granted)."""
    b = board("""
        - {id: att, card: Grizzly Bears, controller: alice}
        - {id: aura, name: Snow Walk, controller: alice, types: [enchantment], subtypes: [aura], attached_to: att, text: "Enchanted creature has snow forestwalk."}
        - {id: blk, card: Grizzly Bears, controller: bob}
        - {id: aura2, name: Snow Walk, controller: bob, types: [enchantment], subtypes: [aura], attached_to: blk, text: "Enchanted creature has snow forestwalk."}
        - {id: snowy, card: Snow-Covered Forest, controller: bob}
    """, "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: [{creature: blk, blocks: [att]}]\n")
    assert "snow_forestwalk" in b.permanent("blk").keywords
    result = check_blocks(b)
    assert result.legal is False and any(v.rule == "702.14c" for v in result.violations)


def test_702_1c_keywords_gained_from_a_resolved_effect() -> None:
    """702.1c example (Concerted Effort): creatures gain flying until end of turn (a board
    ``gains`` effect, 613.1f): a creature without flying or reach can't block them (702.9b)."""
    b = board("""
        - {id: att, card: Grizzly Bears, controller: alice}
        - {id: blk, card: Pillarfield Ox, controller: bob}
    """, "effects:\n  - {kind: gains, creature: att, abilities: [flying], source: concerted}\n"
         "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: [{creature: blk, blocks: [att]}]\n")
    result = check_blocks(b)
    assert result.legal is False and any(v.rule == "702.9b" for v in result.violations)


def test_614_1a_damping_sphere_makes_two_mana_lands_colorless() -> None:
    """614.1a, 106.12b: a land tapped for two or more mana produces {C} instead; one mana is
    unchanged; with Mana Reflection the controller orders them (616.1e)."""
    b = board(inline("sphere", "Damping Sphere", "bob", "artifact",
                     "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.")
              + """
        - {id: tomb, name: Ancient Tomb, controller: alice, types: [land], text: "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."}
        - {id: forest, card: Forest, controller: alice}
    """)
    assert pay(b, "{2}").payable is True and pay(b, "{3}").payable is False
    assert could_produce(b, "forest").types("forest") == ["G"]
    reflected = board(inline("sphere", "Damping Sphere", "bob", "artifact",
                             "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.")
                      + "- {id: mr, card: Mana Reflection, controller: alice}\n- {id: forest, card: Forest, controller: alice}\n")
    assert could_produce(reflected, "forest").types("forest") == ["G", "C"]
    assert pay(reflected, "{G}{G}").payable is True


def test_payment_reason_names_the_permanent_that_grants_a_mana_ability() -> None:
    """605.1a, 613.1f: a tapped land's granted ability is excluded with its source named."""
    b = board(inline("lantern", "Chromatic Lantern", "alice", "artifact",
                     'Lands you control have "{T}: Add one mana of any color."') + """
        - {id: wastes, name: Wastes, controller: alice, types: [land], tapped: true, abilities: ["{T}: Add {C}."]}
    """)
    result = pay(b, "{G}")
    assert result.payable is False
    assert any("from Chromatic Lantern (lantern)" in r.message for r in result.reasons)


def test_611_3a_attacking_creatures_and_creatures_with_counters() -> None:
    """611.3a: "Attacking creatures you control have flying" affects the declared attackers
    only (506.4); "Each creature you control with a +1/+1 counter on it has trample" only those."""
    b = board(inline("bow", "Sky Banner", "alice", "enchantment", "Attacking creatures you control have flying.")
              + inline("troll", "Trollbred Guardian", "alice", "enchantment",
                       "Each creature you control with a +1/+1 counter on it has trample.") + """
        - {id: att, card: Grizzly Bears, controller: alice, counters: {+1/+1: 1}}
        - {id: home, card: Grizzly Bears, controller: alice}
        - {id: blk, card: Pillarfield Ox, controller: bob}
    """, "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: [{creature: blk, blocks: [att]}]\n")
    assert {"flying", "trample"} <= b.permanent("att").keywords
    assert not {"flying", "trample"} & b.permanent("home").keywords
    assert check_blocks(b).legal is False


def test_show_prints_each_change_with_source_layer_and_timestamp(tmp_path) -> None:
    """``mtgsolver show`` names the effects (source, layer, timestamp) that made a
    permanent differ from its printed card; ``--json`` gives ``changes`` and ``printed``."""
    import json

    from typer.testing import CliRunner

    from mtgsolver.cli import app

    path = tmp_path / "b.yaml"
    path.write_text(HEAD + "  - {id: drums, card: Goblin War Drums, controller: alice}\n"
                           "  - {id: bears, card: Grizzly Bears, controller: alice}\n")
    text = CliRunner().invoke(app, ["show", str(path)])
    assert text.exit_code == 0
    assert ("bears: has menace from Goblin War Drums (drums; layer 6, 613.1f, timestamp 1)"
            in " ".join(text.output.split()))
    out = CliRunner().invoke(app, ["show", str(path), "--json"])
    bears = next(p for p in json.loads(out.output)["battlefield"] if p["id"] == "bears")
    assert bears["keywords"] == ["menace"] and bears["printed"] == {"keywords": []}
    assert bears["changes"] == [{"source": "drums", "source_name": "Goblin War Drums", "layer": "6",
                                 "rule": "613.1f", "timestamp": 1, "what": "has menace"}]


def test_509_1b_bower_passage_reason_names_the_source() -> None:
    """613.11, 509.1b: "Creatures with flying can't block creatures you control" (Bower
    Passage) makes a flyer's block illegal, and the reason names Bower Passage."""
    b = board(inline("bower", "Bower Passage", "alice", "enchantment",
                     "Creatures with flying can't block creatures you control.") + """
        - {id: att, card: Grizzly Bears, controller: alice}
        - {id: bird, name: Bird, controller: bob, types: [creature], power: 1, toughness: 1, keywords: [flying]}
    """, "combat:\n  attackers: [{creature: att, target: bob}]\n  blockers: [{creature: bird, blocks: [att]}]\n")
    result = check_blocks(b)
    assert result.legal is False
    assert any("Bower Passage (bower)" in v.message and v.rule == "509.1b" for v in result.violations)


def test_613_4c_counted_bonuses_count_the_board_as_it_is() -> None:
    """613.4c: "gets +1/+1 for each Forest you control" counts after layer 4 (a Blood Moon
    makes a nonbasic Forest a Mountain); "for each card in your hand" reads the zones;
    "for each growth counter on Momentum" the source's counters."""
    armor = inline("armor", "Blanchwood Armor", "alice", "enchantment",
                   "Enchanted creature gets +1/+1 for each Forest you control.", ", attached_to: bears")
    lands = """
        - {id: f1, card: Forest, controller: alice}
        - {id: f2, card: Forest, controller: alice}
        - {id: dual, card: Taiga, controller: alice}
        - {id: theirs, card: Forest, controller: bob}
    """
    bears = "- {id: bears, card: Grizzly Bears, controller: alice}\n"
    assert board(bears + armor + lands).permanent("bears").power == 5
    moon = inline("moon", "Blood Moon", "bob", "enchantment", "Nonbasic lands are Mountains.")
    assert board(bears + armor + moon + lands).permanent("bears").power == 4
    empyrial = inline("emp", "Empyrial Armor", "alice", "enchantment",
                      "Enchanted creature gets +1/+1 for each card in your hand.", ", attached_to: bears")
    assert board(bears + empyrial, "zones:\n  alice: {hand: {count: 3}}\n").permanent("bears").toughness == 5
    momentum = inline("mom", "Momentum", "alice", "enchantment",
                      "Enchanted creature gets +1/+1 for each growth counter on Momentum.",
                      ", attached_to: bears, counters: {growth: 2}")
    b = board(bears + momentum)
    assert b.permanent("bears").power == 4
    assert "gets +2/+2 (2 x +1/+1, 613.4c)" in changes_of(b, "bears")[0].what
