"""``resolve`` on the Comprehensive Rules' own cases, each from a board file through the Python
API and through the CLI: 608.2b (a spell whose targets are all illegal doesn't resolve; an
illegal target is not affected), 603.3-603.4 (APNAP order, the controller's order, intervening
"if"), 704 after each resolution, 111.10 predefined tokens, 302.6 (summoning sickness) and
107.3m (X of the spell on entering). Every card's text is read by the grammars as the loader
reads it; cards outside the bundled library are written inline with their Oracle text, and the
test cards of a rule with a text that says what the rule needs."""
from __future__ import annotations

import dataclasses
import json

import pytest
import yaml

from mtgsolver.solver.resolve import resolve
from tests.resolve_support import HEAD, ORACLE, load, run_cli

INLINE = {  # cards outside the bundled library, written inline with their Oracle text
    name: f"{{name: \"{name}\", types: [{types}], mana_cost: \"{cost}\", text: {json.dumps(text)}}}"
    for name, types, cost in (("Unsummon", "instant", "{U}"), ("Sorin's Thirst", "instant", "{B}{B}"),
                              ("Ambuscade", "instant", "{2}{G}"), ("Blossoming Defense", "instant", "{G}"),
                              ("Electrolyze", "instant", "{1}{U}{R}"), ("Murder", "instant", "{1}{B}{B}"),
                              ("Giant Growth", "instant", "{G}"), ("Disfigure", "instant", "{B}"),
                              ("Raise the Alarm", "instant", "{1}{W}"))
    for text in [ORACLE[name].replace("'", "’")]}


def hand(*names: str) -> str:
    return "[" + ", ".join(INLINE.get(n, n) for n in names) + "]"


def card(name: str, types: str, text: str, cost: str = "{0}", pt: str = "") -> str:
    """An inline test card whose text the grammars read."""
    return f"{{name: {name}, types: [{types}], mana_cost: \"{cost}\", text: \"{text}\"{pt}}}"


@pytest.fixture
def cli(board_file):
    """Run ``mtgsolver resolve`` on board text: exit, board data, stderr."""

    def go(text: str, *args: str) -> tuple[int, dict | None, str]:
        path = board_file(HEAD + text)
        code, out, err = run_cli("resolve", str(path), *args)
        return code, (yaml.safe_load(out) if out.strip() else None), err

    return go


def permanent(data: dict, pid: str) -> dict | None:
    return next((p for p in data["battlefield"] if p["id"] == pid), None)


def cards(data: dict, player: str, zone: str) -> list[str]:
    z = data["zones"][player][zone]
    entries = z["top"] if zone == "library" else z
    return [e.get("card") or e.get("name") for e in entries]


# -- 608.2b -----------------------------------------------------------------------------------
THIRST = f"""zones: {{alice: {{hand: {hand("Sorin's Thirst")}}}, bob: {{hand: {hand("Unsummon")}}}}}
battlefield:
  - {{id: s1, card: Swamp, controller: alice}}
  - {{id: s2, card: Swamp, controller: alice}}
  - {{id: i, card: Island, controller: bob}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
"""


def test_a_spell_whose_only_target_left_does_not_resolve(cli) -> None:
    """608.2b, Sorin's Thirst: the creature leaves in response, so the spell doesn't resolve and
    its controller gains no life; it goes to the graveyard."""
    actions = ["cast Sorin's Thirst>bears", "respond cast Unsummon>bears"]
    r = resolve(load(THIRST), actions)
    assert r.resolved is True
    assert r.board.player("alice").life == 20 and not r.board.has_permanent("bears")
    assert any(s.rule == "608.2b" and "doesn't resolve" in s.message for s in r.steps)
    assert [c.name for c in r.board.zones["alice"].graveyard] == ["Sorin's Thirst"]
    assert [c.name for c in r.board.zones["bob"].hand] == ["Grizzly Bears"]
    code, data, err = cli(THIRST, "--cast", "Sorin's Thirst>bears", "--respond", "cast Unsummon>bears")
    assert code == 0 and "608.2b" in err
    assert data["players"][0]["life"] == 20 and permanent(data, "bears") is None
    # without the response the spell resolves: 2 damage, 2 life
    r = resolve(load(THIRST), ["cast Sorin's Thirst>bears"])
    assert r.board.player("alice").life == 22 and "bears" not in {p.id for p in r.board.permanents}


def test_an_illegal_target_is_not_affected_by_its_part_of_the_effect() -> None:
    """608.2b, Ambuscade: "target creature you control gets +1/+0 ... It deals damage equal to
    its power to target creature an opponent controls"; bob gives his creature hexproof with
    Blossoming Defense in response, so it is no longer a legal target: it is dealt no damage,
    and the first target, still legal, gets +1/+0."""
    text = f"""zones: {{alice: {{hand: {hand("Ambuscade")}}}, bob: {{hand: {hand("Blossoming Defense")}}}}}
battlefield:
  - {{id: giant, card: Hill Giant, controller: alice}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
"""
    board = load(text)
    r = resolve(board, ["cast Ambuscade>giant;bears", "respond cast Blossoming Defense>bears"], free=True)
    assert r.resolved is True and r.board.permanent("bears").damage == 0 and r.board.permanent("giant").power == 4
    assert any("is no longer a legal target" in s.message and "hexproof" in s.message for s in r.steps)
    r = resolve(board, ["cast Ambuscade>giant;bears"], free=True)
    assert not r.board.has_permanent("bears") and r.board.permanent("giant").power == 4


def test_divided_damage_to_a_target_gone_is_not_dealt_but_the_rest_happens(cli) -> None:
    """601.2d, 608.2b: Electrolyze divides 2 damage between two creatures; one leaves in response:
    the other is dealt its 1, and its controller still draws a card."""
    text = f"""zones: {{alice: {{hand: {hand("Electrolyze")}, library: {{count: 5}}}}, bob: {{hand: {hand("Unsummon")}}}}}
battlefield:
  - {{id: bears, card: Grizzly Bears, controller: bob}}
  - {{id: ox, name: Weak Ox, types: [creature], power: 1, toughness: 1, controller: bob}}
"""
    r = resolve(load(text), ["cast Electrolyze>bears:1,ox:1", "respond cast Unsummon>bears"], free=True)
    assert r.resolved is True and not r.board.has_permanent("ox")
    assert r.board.zones["alice"].hand_count == 1 and r.board.zones["alice"].library_count == 4
    code, data, _ = cli(text, "--cast", "Electrolyze>bears:1,ox:1", "--respond", "cast Unsummon>bears", "--free")
    assert code == 0 and permanent(data, "ox") is None and data["zones"]["alice"]["library"]["count"] == 4


def test_dividing_damage_badly_is_illegal(cli) -> None:
    """601.2d: at least 1 to each target, the whole amount divided."""
    text = f"""zones: {{alice: {{hand: {hand("Electrolyze")}}}}}
battlefield:
  - {{id: bears, card: Grizzly Bears, controller: bob}}
  - {{id: ox, card: Pillarfield Ox, controller: bob}}
"""
    r = resolve(load(text), ["cast Electrolyze>bears:2,ox:0"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2d"
    code, data, err = cli(text, "--cast", "Electrolyze>bears:2,ox:0", "--free")
    assert code == 1 and data is None and "601.2d" in err


# -- 603.3 and 603.4 --------------------------------------------------------------------------
DRAWING = card("Drawing Statue", "artifact", "Whenever a creature dies, draw a card.")
MILLING = card("Milling Statue", "artifact", "Whenever a creature dies, each opponent mills a card.")
MILL_OWN = card("Milling Statue", "artifact", "Whenever a creature dies, mill a card.")


def test_apnap_order_puts_the_active_players_trigger_on_the_stack_first(cli) -> None:
    """603.3b: the active player's triggers go on the stack first, so the nonactive player's
    resolve first: bob's mill trigger takes alice's top card before her draw trigger draws."""
    text = f"""zones: {{alice: {{hand: {hand("Murder")}, library: {{count: 3, top: [Opt, Shock]}}}}}}
battlefield:
  - {{id: draw, controller: alice, {DRAWING[1:-1]}}}
  - {{id: mill, controller: bob, {MILLING[1:-1]}}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
"""
    r = resolve(load(text), ["cast Murder>bears"], free=True)
    assert r.resolved is True
    assert [c.name for c in r.board.zones["alice"].graveyard] == ["Murder", "Opt"]
    assert [c.name for c in r.board.zones["alice"].hand] == ["Shock"]
    order = [s.message for s in r.steps if s.rule == "603.3"]
    assert "draw" in order[0] and "mill" in order[1]


def test_the_controller_orders_their_own_triggers_or_the_answer_is_undecided(cli) -> None:
    """603.3b: two of alice's triggers whose order changes the result: undecided, naming the
    choice; --choose fixes it."""
    text = f"""zones: {{alice: {{hand: {hand("Murder")}, library: {{count: 3, top: [Opt, Shock]}}}}}}
battlefield:
  - {{id: draw, controller: alice, {DRAWING[1:-1]}}}
  - {{id: mill, controller: alice, {MILL_OWN[1:-1]}}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
"""
    board = load(text)
    r = resolve(board, ["cast Murder>bears"], free=True)
    assert r.resolved is None and [c.key for c in r.choices] == ["order:alice"]
    assert set(r.choices[0].options) == {"draw:1,mill:1", "mill:1,draw:1"}
    r = resolve(board, ["cast Murder>bears"], free=True, choose=["order:alice=draw:1,mill:1"])
    assert r.resolved is True and [c.name for c in r.board.zones["alice"].hand] == ["Shock"]  # mill resolves first
    code, data, err = cli(text, "--cast", "Murder>bears", "--free")
    assert code == 3 and data is None and "--choose order:alice=" in err
    code, data, _ = cli(text, "--cast", "Murder>bears", "--free", "--choose", "order:alice=mill:1,draw:1")
    assert code == 0 and cards(data, "alice", "hand") == ["Opt"]


def test_an_intervening_if_is_checked_when_it_triggers_and_as_it_resolves() -> None:
    """603.4: "When ~ enters, if you control three or more artifacts, draw a card" doesn't
    trigger with two; triggered with three, it does nothing if one is gone as it resolves (a
    trigger of bob's, put on the stack after it, resolves first)."""
    golem = card("Counting Golem", "artifact, creature", "When Counting Golem enters the battlefield, if you control "
                 "three or more artifacts, draw a card.", pt=", power: 1, toughness: 1")
    scrapper = card("Scrapper", "artifact", "Whenever another artifact enters the battlefield, destroy target "
                    "noncreature artifact.")
    text = f"""zones: {{alice: {{hand: [{golem}], library: {{count: 3}}}}}}
battlefield:
  - {{id: a1, name: Spare Part, types: [artifact], controller: alice}}
"""
    r = resolve(load(text), ["cast Counting Golem"])
    assert r.board.zones["alice"].hand_count == 0 and any(s.rule == "603.4" for s in r.steps)
    more = text + "  - {id: a2, name: Spare Part 2, types: [artifact], controller: alice}\n"
    r = resolve(load(more), ["cast Counting Golem"])
    assert r.board.zones["alice"].hand_count == 1
    scrapped = more + f"  - {{id: scrapper, controller: bob, {scrapper[1:-1]}}}\n"
    r = resolve(load(scrapped), ["cast Counting Golem"], choose=["targets:scrapper:1=a1"])
    assert r.resolved is True and not r.board.has_permanent("a1")
    assert r.board.zones["alice"].hand_count == 0
    assert [s.rule for s in r.steps if s.rule == "603.4"] == ["603.4"]


# -- 704 ----------------------------------------------------------------------------------------
def test_state_based_actions_after_resolution(cli) -> None:
    """704.5g lethal damage, 704.5f toughness 0, 704.5a life 0, each after the spell resolves."""
    text = f"""zones: {{alice: {{hand: [Lightning Bolt, {INLINE["Disfigure"]}, Shock]}}}}
battlefield:
  - {{id: bears, card: Grizzly Bears, controller: bob}}
  - {{id: elf, card: Llanowar Elves, controller: bob, counters: {{+1/+1: 1}}}}
"""
    r = resolve(load(text), ["cast Lightning Bolt>bears", "cast Disfigure>elf"], free=True)
    assert r.resolved is True and not r.board.has_permanent("bears") and not r.board.has_permanent("elf")
    assert [s.rule for s in r.steps if s.rule.startswith("704")] == ["704.5g", "704.5f"]
    low = load(text).replace(players=(load(text).players[0], dataclasses.replace(load(text).players[1], life=2)))
    r = resolve(low, ["cast Shock>bob"], free=True)
    assert r.board.player("bob").lost and any(s.rule == "704.5a" for s in r.steps)
    code, data, err = cli(text, "--cast", "Lightning Bolt>bears", "--free")
    assert code == 0 and permanent(data, "bears") is None and "704.5g" in err
    assert cards(data, "bob", "graveyard") == ["Grizzly Bears"]


def test_counters_annihilate_and_deathtouch_destroys() -> None:
    """704.5q: a +1/+1 and a -1/-1 counter are removed together."""
    bolt = card("Wither Bolt", "instant", "Put a -1/-1 counter on target creature.")
    text = f"""zones: {{alice: {{hand: [{bolt}]}}}}
battlefield:
  - {{id: elf, card: Llanowar Elves, controller: bob, counters: {{+1/+1: 2}}}}
"""
    r = resolve(load(text), ["cast Wither Bolt>elf"])
    assert dict(r.board.permanent("elf").counters) == {"+1/+1": 1} and r.board.permanent("elf").power == 2
    assert any(s.rule == "704.5q" for s in r.steps)


def test_counters_removed_by_an_effect() -> None:
    """122: remove two +1/+1 counters; the creature is smaller at once (613.4c)."""
    drain = card("Drain Counters", "instant", "Remove two +1/+1 counters from target creature.")
    text = f"""zones: {{alice: {{hand: [{drain}]}}}}
battlefield:
  - {{id: elf, card: Llanowar Elves, controller: bob, counters: {{+1/+1: 3}}}}
"""
    r = resolve(load(text), ["cast Drain Counters>elf"])
    assert dict(r.board.permanent("elf").counters) == {"+1/+1": 1} and r.board.permanent("elf").power == 2


def test_indestructible_survives_lethal_damage_but_not_toughness_zero() -> None:
    """702.12b: lethal damage doesn't destroy it; 704.5f still puts it into the graveyard."""
    text = f"""zones: {{alice: {{hand: [Lightning Bolt, {INLINE["Disfigure"]}]}}}}
battlefield:
  - {{id: god, name: Tough God, types: [creature], power: 2, toughness: 2, keywords: [indestructible], controller: bob}}
"""
    r = resolve(load(text), ["cast Lightning Bolt>god"], free=True)
    assert r.board.has_permanent("god") and r.board.permanent("god").damage == 3
    r = resolve(load(text), ["cast Disfigure>god"], free=True)
    assert not r.board.has_permanent("god")


def test_the_legend_rule_is_a_choice() -> None:
    """704.5j: the controller keeps one of two legendary permanents with one name."""
    text = """zones: {alice: {hand: [{name: Kiki, types: [creature], supertypes: [legendary], mana_cost: "{0}",
  power: 1, toughness: 1}]}}
battlefield:
  - {id: old, name: Kiki, types: [creature], supertypes: [legendary], power: 1, toughness: 1, controller: alice,
     counters: {+1/+1: 1}}
"""
    r = resolve(load(text), ["cast Kiki"])
    assert r.resolved is None and [c.key for c in r.choices] == ["legend:alice:Kiki"]
    r = resolve(load(text), ["cast Kiki"], choose=["legend:alice:Kiki=old"])
    assert r.resolved is True and r.board.has_permanent("old") and len(r.board.permanents) == 1


# -- 111.10 ------------------------------------------------------------------------------------
def test_a_treasure_token_is_created_and_pays_later(cli) -> None:
    """111.10a: Strike It Rich creates a Treasure; the next spell is paid by sacrificing it."""
    text = """zones: {alice: {hand: [Strike It Rich, Lightning Bolt]}}
battlefield:
  - {id: m, card: Mountain, controller: alice}
"""
    r = resolve(load(text), ["cast Strike It Rich", "cast Lightning Bolt>bob"])
    assert r.resolved is True, r.reason
    assert r.board.player("bob").life == 17 and not any(p.name == "Treasure" for p in r.board.permanents)
    assert any("treasure" in s.message and "token" in s.message for s in r.steps)
    code, data, _ = cli(text, "--cast", "Strike It Rich")
    treasure = permanent(data, "treasure-token")
    assert code == 0 and treasure["token"] is True and treasure["name"] == "Treasure Token"  # 111.4
    assert treasure["abilities"] == ["{T}, Sacrifice this artifact: Add one mana of any color."]


def test_a_token_that_leaves_the_battlefield_ceases_to_exist() -> None:
    """111.7, 704.5d: a token returned to its owner's hand is not in the hand."""
    text = f"""zones: {{alice: {{hand: {hand("Raise the Alarm", "Unsummon")}}}}}
"""
    r = resolve(load(text), ["cast Raise the Alarm", "cast Unsummon>soldier-token"], free=True)
    assert [p.id for p in r.board.permanents] == ["soldier-token-2"]
    assert r.board.zones["alice"].hand_count == 0
    assert any("111.7" in s.message for s in r.steps)


# -- 302.6 -------------------------------------------------------------------------------------
def test_a_creature_cast_this_turn_cant_use_its_tap_ability(cli) -> None:
    """302.6: Prodigal Sorcerer cast this turn can't activate "{T}: ..."; with haste it can."""
    text = """zones: {alice: {hand: [Prodigal Sorcerer]}}
"""
    r = resolve(load(text), ["cast Prodigal Sorcerer", "activate prodigal-sorcerer>bob"], free=True)
    assert r.resolved is False and r.reason.rule == "302.6"
    code, data, err = cli(text, "--cast", "Prodigal Sorcerer", "--free")
    assert code == 0 and permanent(data, "prodigal-sorcerer")["summoning_sick"] is True
    code, _, err = cli(text, "--cast", "Prodigal Sorcerer", "--activate", "prodigal-sorcerer>bob", "--free")
    assert code == 1 and "302.6" in err
    r = resolve(load(text + """battlefield:
  - {id: drums, name: Haste Banner, types: [enchantment], controller: alice,
     abilities: [{continuous: {affects: {types: [creature], controller: you}, gains: [haste]}}]}
"""), ["cast Prodigal Sorcerer", "activate prodigal-sorcerer>bob"], free=True)
    assert r.resolved is True and r.board.player("bob").life == 19


# -- 107.3m ------------------------------------------------------------------------------------
def test_x_of_the_spell_on_entering(cli) -> None:
    """107.3m: Endless One cast with X = 3 enters with three +1/+1 counters; on the battlefield
    its mana value counts X as 0 (202.3e)."""
    text = """zones: {alice: {hand: [Endless One]}}
battlefield:
  - {id: m1, card: Mountain, controller: alice}
  - {id: m2, card: Mountain, controller: alice}
  - {id: m3, card: Mountain, controller: alice}
"""
    r = resolve(load(text), ["cast Endless One"], x=[3])
    one = r.board.permanent("endless-one")
    assert r.resolved is True and (one.power, one.x, one.mana_value) == (3, 3, 0)
    assert r.unread == ()
    code, data, _ = cli(text, "--cast", "Endless One", "--x", "3")
    assert code == 0 and permanent(data, "endless-one")["counters"] == {"+1/+1": 3}
    assert permanent(data, "endless-one")["x"] == 3


def test_an_enters_trigger_uses_the_x_of_the_spell() -> None:
    """107.3m: "When ~ enters, it deals X damage to target creature" uses the spell's X."""
    striker = card("X Striker", "creature", "When X Striker enters the battlefield, it deals X damage to target "
                   "creature.", cost="{X}", pt=", power: 1, toughness: 1")
    text = f"""zones: {{alice: {{hand: [{striker}]}}}}
battlefield:
  - {{id: ox, card: Pillarfield Ox, controller: bob}}
"""
    r = resolve(load(text), ["cast X Striker"], x=[4], free=True, choose=["targets:x-striker:1=ox"])
    assert r.resolved is True and not r.board.has_permanent("ox")


def test_the_service_and_batch_command_answers_with_the_board_file() -> None:
    """The command table's ``resolve`` (the service and the batch runner run it): the answer
    holds the board file after, and an action naming nothing is an option error."""
    from mtgsolver.commands import run
    from mtgsolver.load import load_board
    from mtgsolver.model.errors import OptionError

    board = load_board("examples/resolve-endless-one.yaml")
    done = run("resolve", board, {"actions": ["cast Endless One"], "x": [1]})
    assert done.exit == 0 and done.answer["resolved"] is True
    assert [p["id"] for p in done.answer["board"]["battlefield"]][-1] == "endless-one"
    with pytest.raises(OptionError, match=r"actions\[0\]"):
        run("resolve", board, {"actions": ["cast Nothing"]})


def test_targeting_a_permanent_with_ward_is_undecided() -> None:
    """702.21a: ward counters the spell unless its controller pays, a choice not modelled."""
    text = """zones: {alice: {hand: [Lightning Bolt]}}
battlefield:
  - {id: guard, name: Guard, types: [creature], power: 2, toughness: 2, controller: bob, abilities: [{ward: "{2}"}]}
"""
    r = resolve(load(text), ["cast Lightning Bolt>guard"], free=True)
    assert r.resolved is None and r.reason.rule == "702.21a"
    assert resolve(load(text), ["cast Lightning Bolt>bob"], free=True).resolved is True


def test_the_cli_keeps_the_order_of_casts_and_activations(cli) -> None:
    """--cast, --activate and --respond run in the order given on the command line."""
    text = """zones: {alice: {hand: [Lightning Bolt]}}
battlefield:
  - {id: sorc, card: Prodigal Sorcerer, controller: alice}
"""
    for args, first in ((("--activate", "sorc>bob", "--cast", "Lightning Bolt>bob"), "activates"),
                        (("--cast", "Lightning Bolt>bob", "--activate", "sorc>bob"), "casts")):
        code, data, err = cli(text, *args, "--free")
        steps = [line for line in err.splitlines() if " activates " in line or " casts " in line]
        assert code == 0 and f" {first} " in steps[0] and data["players"][1]["life"] == 16


def test_what_a_trigger_is_about_as_it_last_existed() -> None:
    """603.7c, 603.10a: "Whenever a creature dies, its controller loses 1 life" and "Whenever a
    player casts a spell, that player loses 1 life": the object as it last was, the caster."""
    totem = card("Grim Totem", "artifact", "Whenever a creature dies, its controller loses 1 life.\\nWhenever a "
                 "player casts a spell, that player loses 1 life.")
    grim = card("Grim Spell", "sorcery", "Destroy all creatures.")
    text = f"""zones: {{alice: {{hand: [{grim}]}}}}
battlefield:
  - {{id: totem, controller: bob, {totem[1:-1]}}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
  - {{id: elf, card: Llanowar Elves, controller: alice}}
"""
    r = resolve(load(text), ["cast Grim Spell"])
    assert r.resolved is True, r.reason
    assert (r.board.player("alice").life, r.board.player("bob").life) == (18, 19)


def test_that_player_of_a_creature_an_opponent_controls_is_its_controller() -> None:
    """603.7c, 603.10a: Massacre Wurm's "Whenever a creature an opponent controls dies, that player
    loses 2 life": "that player" is the opponent who controlled the creature as it last existed;
    the Wurm's controller's own creature doesn't trigger it."""
    wurm = card("Wurm Test", "creature", "Whenever a creature an opponent controls dies, that player loses 2 life.",
                pt=", power: 6, toughness: 5")
    grim = card("Grim Spell", "sorcery", "Destroy all creatures.")
    text = f"""zones: {{alice: {{hand: [{grim}]}}}}
battlefield:
  - {{id: wurm, controller: bob, {wurm[1:-1]}}}
  - {{id: bears, card: Grizzly Bears, controller: bob}}
  - {{id: elf, card: Llanowar Elves, controller: alice}}
  - {{id: elf2, card: Llanowar Elves, controller: alice}}
"""
    r = resolve(load(text), ["cast Grim Spell"])
    assert r.resolved is True, r.reason
    assert (r.board.player("alice").life, r.board.player("bob").life) == (16, 20)


@pytest.mark.parametrize("keyword, counter, pt", [("undying", "+1/+1", (4, 3)), ("persist", "-1/-1", (2, 1))])
def test_undying_and_persist_return_the_creature_with_their_counter(keyword: str, counter: str, pt: tuple) -> None:
    """702.93a, 702.79a: a 3/2 creature card killed by Lightning Bolt returns under its owner's
    control with the counter; not when it had that counter as it died (603.10a, 603.4), nor as a
    token (111.7)."""
    def text(extra: str = "") -> str:
        return f"""zones: {{alice: {{hand: [Lightning Bolt]}}}}
battlefield:
  - {{id: finks, name: Finks, types: [creature], power: 3, toughness: 2, controller: bob, keywords: [{keyword}]{extra}}}
"""
    r = resolve(load(text()), ["cast Lightning Bolt>finks"], free=True)
    assert r.resolved is True
    back = r.board.permanent("finks")
    assert dict(back.counters) == {counter: 1} and (back.power, back.toughness) == pt and back.controller == "bob"
    for board in (text(f", counters: {{'{counter}': 1}}"), text(", token: true")):
        done = resolve(load(board), ["cast Lightning Bolt>finks"], free=True)
        assert done.resolved is True and not done.board.has_permanent("finks")
