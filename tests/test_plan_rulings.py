"""The seed rulings through board files and the CLI: X (107.3m), {T}/{Q} (107.5, 107.6),
Gandalf the Grey's modes (700.2, 400.7), Deadbridge Chant's random choice (608.2), crimes
(700.13, Blood Hustler), and the turn plan (601.2, 106.4, 111.10a)."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import parse_board_text

HEAD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
"""


def run(board_file, text: str, *args: str) -> tuple[int, object]:
    path = board_file(HEAD + text)
    result = CliRunner().invoke(app, [args[0], str(path), *args[1:], "--json"])
    return result.exit_code, json.loads(result.output)


def events(out) -> list[str]:
    return [e for s in out["steps"] for e in s["events"]]


# -- X (107.3m, 202.3e) ---------------------------------------------------------------------
def test_x_remembered_but_mana_value_counts_x_as_zero() -> None:
    """107.3m: the enters ability uses the spell's X, the permanent's own X is 0."""
    board = parse_board_text(HEAD + "battlefield: [{id: e, card: Endless One, controller: alice, x: 3, "
                             "counters: {+1/+1: 3}}]\n", "b.yaml")
    e = board.permanent("e")
    assert (e.x, e.mana_value, e.power) == (3, 0, 3)


def test_plan_max_x_reports_what_the_permanent_enters_with(board_file) -> None:
    code, out = run(board_file, """zones: {alice: {hand: [Walking Ballista]}}
battlefield:
  - {id: ring, card: Sol Ring, controller: alice}
  - {id: f, card: Forest, controller: alice}
""", "plan", "--cast", "Walking Ballista", "--max-x")
    assert code == 0 and out["x"] == 1  # {X}{X} from three mana: X = 1
    assert ("enters with 1 +1/+1 counters: its enters ability uses the spell's X (107.3m); "
            "on the battlefield its X is 0 (107.3g)") in events(out)


# -- {T} and {Q} (107.5, 107.6, 302.6) -------------------------------------------------------
def test_a_tapped_source_pays_only_one_spell(board_file) -> None:
    """107.5: a permanent that's already tapped can't be tapped again."""
    board = "zones: {alice: {hand: [Lightning Bolt, Shock]}}\nbattlefield: [{id: m, card: Mountain, controller: alice}]\n"
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt", "--cast", "Shock")
    assert code == 1 and out["castable"] is False and out["reasons"][0]["rule"] == "601.2h"
    code, _ = run(board_file, board, "plan", "--cast", "Lightning Bolt")
    assert code == 0


def test_summoning_sick_creature_cannot_tap_for_mana(board_file) -> None:
    """302.6: a creature's {T} ability needs continuous control since the turn began."""
    board = ("zones: {alice: {hand: [Opt]}}\nbattlefield: [{id: elf, card: Birds of Paradise, controller: alice, "
             "summoning_sick: %s}]\n")
    assert run(board_file, board % "true", "plan", "--cast", "Opt")[0] == 1
    assert run(board_file, board % "false", "plan", "--cast", "Opt")[0] == 0


def test_untap_symbol_needs_a_tapped_permanent(board_file) -> None:
    """107.6: {Q} untaps the permanent; an untapped one can't pay it."""
    board = ("zones: {alice: {hand: [Grizzly Bears]}}\nbattlefield:\n"
             "  - {id: f, card: Forest, controller: alice}\n"
             "  - {id: q, name: Untapper, types: [artifact], controller: alice, tapped: %s, abilities: [\"{Q}: Add {G}.\"]}\n")
    assert run(board_file, board % "true", "plan", "--cast", "Grizzly Bears")[0] == 0
    assert run(board_file, board % "false", "plan", "--cast", "Grizzly Bears")[0] == 1


# -- Gandalf the Grey (700.2, 400.7) ---------------------------------------------------------
GANDALF = """zones: {alice: {hand: [Lightning Bolt, Shock]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: gandalf, card: Gandalf the Grey, controller: alice%s}
"""


def test_gandalf_untap_mode_lets_one_land_pay_two_spells(board_file) -> None:
    code, out = run(board_file, GANDALF % "", "plan", "--cast", "Lightning Bolt", "--cast", "Shock")
    assert code == 0
    assert any("chooses untap" in e and "untaps m" in e for e in events(out))


def test_a_chosen_mode_stays_chosen_even_if_that_instance_did_not_resolve(board_file) -> None:
    """Ruling: a mode chosen for an instance that didn't resolve still counts as chosen. The
    trigger's lines wait for a spell being cast (603.3): "not castable" stays decided."""
    code, out = run(board_file, GANDALF % ", chosen_modes: [untap]", "plan", "--cast", "Lightning Bolt", "--cast", "Shock")
    assert code == 1 and out["unread"] == [] and {u["permanent"] for u in out["not_relevant"]} == {"gandalf"}


def test_who_chose_the_modes_does_not_matter(board_file) -> None:
    """Ruling: after a change of control the new controller can choose only the modes left."""
    board = """zones: {bob: {hand: [Lightning Bolt]}}
battlefield:
  - {id: m, card: Mountain, controller: bob}
  - {id: gandalf, card: Gandalf the Grey, controller: bob, owner: alice, chosen_modes: [untap, damage]}
"""
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt", "--player", "bob")
    assert code == 0 and any("modes left copy, library" in e for e in events(out))


def test_a_trigger_with_no_mode_left_is_removed_from_the_stack(board_file) -> None:
    """700.2b."""
    code, out = run(board_file, GANDALF % ", chosen_modes: [untap, damage, copy, library]",
                    "plan", "--cast", "Lightning Bolt")
    assert code == 0 and any("removed from the stack (700.2b)" in e for e in events(out))


PILGRIM = ("{id: %s, name: Grey Pilgrim, types: [creature], power: 3, toughness: 4, controller: alice%s, text: "
           "\"Whenever you cast an instant or sorcery spell, choose one that hasn't been chosen \u2014\\n"
           "\u2022 Grey Pilgrim deals 3 damage to each opponent.\\n"
           "\u2022 Copy target instant or sorcery spell you control. You may choose new targets for the copy.\"}")


def test_700_2b_each_trigger_that_chooses_an_unchosen_mode_chooses_for_itself(board_file) -> None:
    """Two permanents with a "choose one that hasn't been chosen" trigger and no untap mode: the
    first, both modes chosen, is removed from the stack (700.2b); the second still chooses (700.2)."""
    board = ("zones: {alice: {hand: [Lightning Bolt]}}\nbattlefield:\n  - {id: m, card: Mountain, controller: alice}\n"
             f"  - {PILGRIM % ('a', ', chosen_modes: [damage, copy]')}\n  - {PILGRIM % ('b', '')}\n")
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt")
    assert code == 0 and events(out) == [
        "a triggers but no mode is left: removed from the stack (700.2b)",
        "b triggers (603.2): modes left damage, copy; this plan chooses damage (700.2)"]


def test_the_plan_names_the_mode_it_chooses_and_the_modes_left_after_it(board_file) -> None:
    """700.2: Gandalf's untap mode, once chosen for Lightning Bolt, is no longer left for Opt
    nor Shock; the plan names the land it untaps (the Mountain, not the Island listed first)."""
    board = """zones: {alice: {hand: [Lightning Bolt, Shock, Opt]}}
battlefield:
  - {id: i, card: Island, controller: alice}
  - {id: m, card: Mountain, controller: alice}
  - {id: gandalf, card: Gandalf the Grey, controller: alice}
"""
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt", "--cast", "Shock", "--cast", "Opt")
    assert code == 0
    said = [e for e in events(out) if e.startswith("gandalf")]
    assert said[0] == "gandalf triggers (603.2): chooses untap (700.2) and untaps m"
    assert said[1] == "gandalf triggers (603.2): modes left damage, copy, library; this plan chooses damage (700.2)"
    assert said[2] == "gandalf triggers (603.2): modes left copy, library; this plan chooses copy (700.2)"


@pytest.mark.parametrize("chosen, said", [
    ("[]", "modes left untap, damage, copy, library; this plan chooses damage (700.2)"),
    ("[damage, copy, library]", "modes left untap; this plan chooses untap (700.2)"),
])
def test_a_plan_paid_from_the_pool_untaps_nothing(board_file, chosen: str, said: str) -> None:
    """700.2: with no land to untap the plan chooses another mode while one is left, and
    untap (with nothing the plan needs untapped) when it is the only one."""
    board = f"""zones: {{alice: {{hand: [Lightning Bolt]}}}}
mana_pool: {{alice: [{{mana: "{{R}}"}}]}}
battlefield:
  - {{id: gandalf, card: Gandalf the Grey, controller: alice, chosen_modes: {chosen}}}
"""
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt")
    assert code == 0 and events(out) == [f"gandalf triggers (603.2): {said}"]


def test_gandalf_untaps_a_source_tapped_before_the_plan(board_file) -> None:
    """700.2, 107.5: the Sol Ring tapped at the start pays Azorius Signet once Gandalf's trigger
    for Lightning Bolt untaps it; without the untap nothing pays {2}."""
    board = """zones: {alice: {hand: [Lightning Bolt, Azorius Signet]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: ring, card: Sol Ring, controller: alice, tapped: true}
  - {id: gandalf, card: Gandalf the Grey, controller: alice%s}
"""
    code, out = run(board_file, board % "", "plan", "--cast", "Lightning Bolt", "--cast", "Azorius Signet")
    assert code == 0 and "gandalf triggers (603.2): chooses untap (700.2) and untaps ring" in events(out)
    code, _ = run(board_file, board % ", chosen_modes: [untap]", "plan", "--cast", "Lightning Bolt", "--cast", "Azorius Signet")
    assert code == 1


def test_a_returned_gandalf_is_a_new_object_with_no_memory(board_file) -> None:
    """400.7: a card in a zone has no chosen modes; written back on the battlefield without
    them, it may choose every mode again."""
    bad = HEAD + "zones: {alice: {graveyard: [{card: Gandalf the Grey, chosen_modes: [untap]}]}}\n"
    with pytest.raises(Exception, match="chosen_modes: unknown key"):
        parse_board_text(bad, "b.yaml")
    code, _ = run(board_file, GANDALF % ", chosen_modes: []", "plan", "--cast", "Lightning Bolt", "--cast", "Shock")
    assert code == 0


def test_chosen_modes_are_checked() -> None:
    with pytest.raises(Exception, match=r"battlefield\[0\].chosen_modes\[0\]: .*no mode 'fly'"):
        parse_board_text(HEAD + "battlefield: [{id: g, card: Gandalf the Grey, controller: alice, "
                         "chosen_modes: [fly]}]\n", "b.yaml")
    with pytest.raises(Exception, match=r"chosen_modes: Grizzly Bears has no"):
        parse_board_text(HEAD + "battlefield: [{id: g, card: Grizzly Bears, controller: alice, "
                         "chosen_modes: [1]}]\n", "b.yaml")
    board = parse_board_text(HEAD + "battlefield: [{id: g, card: Gandalf the Grey, controller: alice, "
                             "chosen_modes: [1, Copy target instant or sorcery spell you control. You may choose "
                             "new targets for the copy.]}]\n", "b.yaml")
    assert board.permanent("g").chosen_modes == ("untap", "copy")


# -- Deadbridge Chant (608.2) ----------------------------------------------------------------
CHANT = """battlefield: [{id: chant, card: Deadbridge Chant, controller: alice}]
zones:
  alice:
    graveyard: [%s]
"""


def test_chance_gives_exact_fractions(board_file) -> None:
    """Ruling: each card in the graveyard has an equal chance: 7 creatures of 23 cards."""
    cards = ", ".join(["Grizzly Bears"] * 7 + ["Forest"] * 10 + ["Shock"] * 6)
    code, out = run(board_file, CHANT % cards, "chance", "--permanent", "chant")
    assert code == 0
    assert [(o["destination"], o["probability"]) for o in out["outcomes"]] == [("battlefield", "7/23"), ("hand", "16/23")]
    result = CliRunner().invoke(app, ["chance", str(board_file(HEAD + CHANT % cards)), "--permanent", "chant"])
    assert "7/23 the card goes to the battlefield" in result.output


def test_cards_put_into_the_graveyard_in_response_may_be_chosen(board_file) -> None:
    """Rulings: chosen as the ability resolves; it targets nothing, so a card put into the
    graveyard in response (an instant above it on the stack, 608.2n) may be chosen."""
    board = CHANT % "Grizzly Bears, Forest" + """stack:
  - {id: trig, ability_of: chant, controller: alice}
  - {id: bolt, spell: Lightning Bolt, controller: alice, targets: [bob]}
"""
    code, out = run(board_file, board, "chance", "--permanent", "chant")
    assert out["added"] == ["bolt"] and out["outcomes"][1] == {"destination": "hand", "probability": "2/3",
                                                                "cards": ["alice.graveyard[1]", "bolt"]}


def test_chance_refuses_a_permanent_without_such_an_ability(board_file) -> None:
    code, out = run(board_file, "battlefield: [{id: f, card: Forest, controller: alice}]\n", "chance", "--permanent", "f")
    assert code == 2 and "no ability that chooses a card at random" in out["error"]


# -- crimes (700.13) -------------------------------------------------------------------------
CRIMES = """zones: {bob: {graveyard: [Shock]}, alice: {graveyard: [Forest]}}
battlefield:
  - {id: hustler, card: Blood Hustler, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: bob}
  - {id: mine, card: Grizzly Bears, controller: alice}
stack:
  - {id: s0, spell: Shock, controller: bob, targets: [mine]}
  - {id: s1, spell: Lightning Bolt, controller: alice, targets: [mine]}
  - {id: s2, spell: Lightning Bolt, controller: alice, targets: ["alice.graveyard[0]"]}
  - {id: s3, spell: Lightning Bolt, controller: alice, targets: [bob, bears]}
  - {id: s4, spell: Shock, controller: alice, targets: [s0]}
  - {id: s5, ability_of: hustler, controller: alice, targets: ["bob.graveyard[0]"]}
"""


def test_crimes_on_the_stack(board_file) -> None:
    """700.13 and the rulings: targeting an opponent, their permanent, spell or graveyard card
    is a crime, whether or not it resolved; one crime per item; Blood Hustler triggers only
    once each turn."""
    code, out = run(board_file, CRIMES, "crimes")
    assert code == 0
    assert [c["crime"] for c in out] == [True, False, False, True, True, True]
    assert out[0]["triggered"] == []  # bob controls no crime abilities
    assert out[3]["triggered"] == ["hustler"] and out[4]["not_triggered"] == ["hustler"]
    assert [(c["item"], c["controller"]) for c in out] == [
        ("s0", "bob"), ("s1", "alice"), ("s2", "alice"), ("s3", "alice"), ("s4", "alice"), ("s5", "alice")]


def test_hustler_already_triggered_this_turn(board_file) -> None:
    code, out = run(board_file, CRIMES + "turn: {triggered_once: [hustler]}\n", "crimes")
    assert out[3]["triggered"] == [] and out[3]["not_triggered"] == ["hustler"]
    second = CRIMES.replace("  - {id: bears", "  - {id: h2, card: Blood Hustler, controller: alice}\n  - {id: bears")
    code, out = run(board_file, second + "turn: {triggered_once: [hustler]}\n", "crimes")
    assert out[3]["triggered"] == ["h2"] and out[3]["not_triggered"] == ["hustler"]  # 603.2h: each its own


def test_plan_reports_crimes_and_triggers_that_happen_together(board_file) -> None:
    """Ruling: a trigger on casting a spell and the crime trigger trigger at the same time."""
    board = """zones: {alice: {hand: [Lightning Bolt]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: s, card: Swamp, controller: alice}
  - {id: s2, card: Swamp, controller: alice}
  - {id: s3, card: Swamp, controller: alice}
  - {id: s4, card: Swamp, controller: alice}
  - {id: hustler, card: Blood Hustler, controller: alice}
  - {id: gandalf, card: Gandalf the Grey, controller: alice}
"""
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt>bob", "--cast", "hustler>bob")
    assert code == 0
    first, second = out["steps"]
    assert first["name"] == "Lightning Bolt" or second["name"] == "Lightning Bolt"
    bolt = first if first["name"] == "Lightning Bolt" else second
    other = second if bolt is first else first
    assert any("crime" in e for e in bolt["events"]) and any("gandalf triggers" in e for e in bolt["events"])
    hustler = [e for s in out["steps"] for e in s["events"] if e.startswith("hustler")]
    assert hustler[0].startswith("hustler triggers") and "only once each turn" in hustler[1]
    assert other["kind"] == "ability" and other["cost"] == "{3}{B}"


def test_a_crime_trigger_that_already_triggered_does_not_stop_another(board_file) -> None:
    """603.2h: the first Blood Hustler already triggered this turn; the second still triggers."""
    board = """zones: {alice: {hand: [Lightning Bolt]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: h1, card: Blood Hustler, controller: alice}
  - {id: h2, card: Blood Hustler, controller: alice}
turn: {triggered_once: [h1]}
"""
    code, out = run(board_file, board, "plan", "--cast", "Lightning Bolt>bob")
    assert code == 0
    assert [e.split(":")[0] for e in events(out) if e.startswith("h")] == [
        "h1 does not trigger", "h2 triggers (700.13)"]


def test_plan_reads_every_target_of_a_spell(board_file) -> None:
    """601.2c, 601.2f: Fireball aimed at alice's Bears and bob's costs {1} more for the second
    target, so two Mountains pay X = 0 only; the second target alone makes the cast a crime
    (700.13) and triggers Blood Hustler. With one target X is 1 and no crime is committed."""
    board = """zones: {alice: {hand: [Fireball]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: m2, card: Mountain, controller: alice}
  - {id: hustler, card: Blood Hustler, controller: alice}
  - {id: bears, card: Grizzly Bears, controller: bob}
  - {id: mine, card: Grizzly Bears, controller: alice}
"""
    code, out = run(board_file, board, "plan", "--cast", "Fireball>mine, bears", "--max-x")
    assert code == 0 and out["x"] == 0 and out["steps"][0]["cost"] == "{X}{R}{1}"
    assert "alice commits a crime (700.13): it targets mine, bears" in events(out)
    assert not any(e.startswith("enters with") for e in events(out))  # 107.3m: a sorcery has no counters
    assert any(e.startswith("hustler triggers") for e in events(out))
    code, out = run(board_file, board, "plan", "--cast", "Fireball>mine", "--max-x")
    assert code == 0 and out["x"] == 1 and not any("crime" in e for e in events(out))


# -- the turn plan --------------------------------------------------------------------------
def test_a_ritual_adds_its_mana_as_it_resolves(board_file) -> None:
    """106.3, 608.2: Dark Ritual's {B}{B}{B}, added as it resolves, pays Severed Legion."""
    board = """zones: {alice: {hand: [Dark Ritual, Severed Legion]}}
battlefield: [{id: s, card: Swamp, controller: alice}]
"""
    code, out = run(board_file, board, "plan", "--cast", "Dark Ritual", "--cast", "Severed Legion")
    assert code == 0 and [s["name"] for s in out["steps"]] == ["Dark Ritual", "Severed Legion"]
    assert out["steps"][0]["events"] == ["adds {B}{B}{B} as it resolves (106.3)"]


def test_treasure_from_an_earlier_spell_and_mana_left_in_the_pool(board_file) -> None:
    """111.10a: Strike It Rich's Treasure pays a later spell; 106.4: Sol Ring's spare {C}
    stays in the pool for the next spell."""
    board = """zones: {alice: {hand: [Strike It Rich, Opt, Grizzly Bears, Sol Ring]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
  - {id: ring, card: Sol Ring, controller: alice}
  - {id: f, card: Forest, controller: alice}
"""
    code, out = run(board_file, board, "plan", "--cast", "Strike It Rich", "--cast", "Opt", "--cast", "Grizzly Bears")
    names = [s["name"] for s in out["steps"]]
    assert out["player"] == "alice" and out["optimal"] is True and out["x"] is None
    assert [sorted(s) for s in out["steps"]] == [
        ["activations", "assignment", "carried_in", "cost", "events", "id", "kind", "name", "x"]] * 3
    assert all(s["x"] is None and s["assignment"] for s in out["steps"])
    assert code == 0 and names.index("Strike It Rich") < names.index("Opt")
    assert any(a["source"].endswith("treasure1") for s in out["steps"] for a in s["activations"])
    bears = ("Grizzly Bears enters the battlefield (608.3), summoning sick: its {T} abilities and attacks wait "
             "for the next turn (302.6)")
    assert {s["name"]: s["events"] for s in out["steps"]} == {
        "Strike It Rich": ["creates alice.hand[0].treasure1 (111.10a)"], "Opt": [], "Grizzly Bears": [bears]}
    code, out = run(board_file, board.replace("Opt, ", ""), "plan", "--cast", "Grizzly Bears", "--cast", "Sol Ring")
    assert code == 0 and any(s["carried_in"] for s in out["steps"])
    assert {s["name"]: s["events"] for s in out["steps"]} == {
        "Sol Ring": ["Sol Ring enters the battlefield (608.3), its mana abilities pay later steps"],
        "Grizzly Bears": [bears]}


def test_an_unread_mana_line_bears_only_on_a_kept_cost_found_unpayable(board_file) -> None:
    """More mana (the unread "Add X mana" line) can't make a payable kept cost unpayable: the plan
    keeping {U} is decided; keeping {U}{U}, found unpayable, is undecided (106.7, 605.1a)."""
    board = """zones: {alice: {hand: [Opt]}}
battlefield:
  - {id: i, card: Island, controller: alice}
  - {id: j, card: Island, controller: alice}
  - {id: tower, name: Tower, types: [land], controller: alice,
     text: "{T}: Add X mana of any one color, where X is the amount of life you gained this turn."}
"""
    code, out = run(board_file, board, "plan", "--cast", "Opt", "--keep", "{U}")
    assert code == 0 and out["kept"] == [{"cost": "{U}", "payable": True}]
    code, out = run(board_file, board, "plan", "--cast", "Opt", "--keep", "{U}{U}")
    assert code == 3 and out["kept"] == [{"cost": "{U}{U}", "payable": False}]
    assert [u["permanent"] for u in out["unread"]] == ["tower"]


def test_keep_and_bad_requests(board_file) -> None:
    board = "zones: {alice: {hand: [Opt]}}\nbattlefield: [{id: i, card: Island, controller: alice}, " \
            "{id: j, card: Island, controller: alice}]\n"
    code, out = run(board_file, board, "plan", "--cast", "Opt", "--keep", "{U}")
    assert code == 0 and out["kept"] == [{"cost": "{U}", "payable": True}]
    code, out = run(board_file, board, "plan", "--cast", "Shock")
    assert code == 2 and "not in alice's hand" in out["error"]
    code, out = run(board_file, board, "plan", "--cast", "Opt", "--max-x")
    assert code == 2 and "exactly one spell with X" in out["error"]


# -- permanents cast join the board (608.3, 302.6) ---------------------------------------------
def test_a_mana_rock_cast_early_pays_a_later_spell(board_file) -> None:
    """608.3: Sol Ring resolves and becomes a permanent; its {T} pays the next spell."""
    board = "zones: {alice: {hand: [Sol Ring, Hill Giant]}}\nbattlefield:\n" + "".join(
        f"  - {{id: m{i}, card: Mountain, controller: alice}}\n" for i in range(3))
    code, out = run(board_file, board, "plan", "--cast", "Sol Ring", "--cast", "Hill Giant")
    assert code == 0 and [s["name"] for s in out["steps"]] == ["Sol Ring", "Hill Giant"]
    assert any("Sol Ring enters the battlefield (608.3)" in e for e in events(out))


def test_a_creature_cast_taps_for_mana_later_only_with_haste(board_file) -> None:
    """302.6: Llanowar Elves cast this turn can't pay the next spell; a hasty elf can (702.10)."""
    base = "zones: {alice: {hand: [%s, Grizzly Bears]}}\nbattlefield:\n" + "".join(
        f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(2))
    code, out = run(board_file, base % "Llanowar Elves", "plan", "--cast", "Llanowar Elves", "--cast", "Grizzly Bears")
    assert code == 1
    assert any("summoning sick" in e for e in events(run(board_file, base % "Llanowar Elves", "plan", "--cast",
                                                             "Llanowar Elves")[1]))
    hasty = '{name: Hasty Elf, types: [creature], mana_cost: "{G}", power: 1, toughness: 1, text: "Haste\\n{T}: Add {G}."}'
    code, out = run(board_file, base % hasty, "plan", "--cast", "Hasty Elf", "--cast", "Grizzly Bears")
    assert code == 0 and any("with haste" in e for e in events(out))
