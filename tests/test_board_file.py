"""Board files: the contract's vocabulary is accepted, and bad input is refused with the
file, the field path and what was expected (docs/board-format.md)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import load_board
from mtgsolver.model import BoardError, CreatureFilter, ManaAbility, ManaCost, PlayerFilter
from mtgsolver.model.abilities import STATIC_VOCABULARY
from mtgsolver.model.attack_tax import AttackTax
from mtgsolver.model.board_effects import EFFECT_FIELDS
from mtgsolver.model.keywords import COMBAT_KEYWORDS

HEAD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
"""


def test_every_canonical_name_is_accepted(examples: Path) -> None:
    board = load_board(examples / "vocabulary.yaml")
    flyer = board.permanent("flyer")
    assert COMBAT_KEYWORDS <= flyer.keywords
    assert {"islandwalk", "swampwalk", "forestwalk", "nonbasic_landwalk"} <= flyer.keywords
    assert flyer.protections == {"red", "creatures", "artifact", "everything"}
    names = {a.name for a in flyer.abilities if hasattr(a, "name")}
    assert set(STATIC_VOCABULARY) - {"attack_tax", "grants"} <= names
    assert board.permanent("prison").values("attack_tax") == [ManaCost.parse("{2}")]
    assert board.permanent("sphere").values("attack_tax") == [
        AttackTax(ManaCost.parse("{X}"), planeswalkers=True, x_counts="enchantment")]
    assert board.permanent("annex").values("attack_tax") == [
        AttackTax(ManaCost.parse("{W/P}"), planeswalkers=True), AttackTax(ManaCost.parse("{X}"), x_counts="artifact")]
    assert flyer.values("max_attackers_against_controller") == [2]
    assert flyer.values("cant_be_blocked_by")[0] == CreatureFilter(power_at_most=2)
    assert flyer.values("cant_attack_unless") == [PlayerFilter(controls="island")]
    assert sorted(v for v in flyer.values("cant_attack") if v) == ["bob", "planeswalkers"]
    assert {e.kind for e in board.effects} == set(EFFECT_FIELDS)
    # Grappling Hook grants double strike to the equipped creature; gains adds flying
    assert "double_strike" in flyer.keywords and board.permanent("elf").has_keyword("flying")
    assert any(isinstance(a, ManaAbility) for a in flyer.abilities)
    elf = board.permanent("elf")
    assert (elf.power, elf.toughness, elf.summoning_sick) == (3, 2, True)  # +1/+1 counter, gets +1/+0
    assert [(m.type, m.amount) for m in board.pool("alice")] == [("G", 2)]  # amounts, not one object a mana
    assert [(m.type, m.snow, m.spend_only, m.amount) for m in board.pool("bob")] == [
        ("U", True, None, 1), ("C", False, frozenset({"artifact"}), 2)]
    assert board.permanent("snowy").is_snow and board.permanent("siege").protector == "bob"
    assert board.defending_player_of("siege") == "bob" and board.defending_player_of("walker") == "bob"
    assert board.combat is not None and board.combat.paid_costs == {"flyer"}


def test_json_and_yaml_give_the_same_board(examples: Path, board_file) -> None:
    data = yaml.safe_load((examples / "lure-menace.yaml").read_text())
    as_json = load_board(board_file(json.dumps(data), "b.json"))
    as_yaml = load_board(examples / "lure-menace.yaml")
    assert [(p.id, p.name, p.keywords, p.abilities) for p in as_json.permanents] == \
        [(p.id, p.name, p.keywords, p.abilities) for p in as_yaml.permanents]


def test_library_cards_read_their_oracle_text(board_file) -> None:
    board = load_board(board_file(HEAD + """battlefield:
  - {id: f, card: Forest, controller: bob}
  - {id: pool, card: Reflecting Pool, controller: bob}
  - {id: serpent, card: Sea Serpent, controller: alice}
  - {id: prop, card: Propaganda, controller: bob}
  - {id: tromo, card: Tromokratis, controller: alice}
"""))
    assert [a.text for a in board.permanent("f").mana_abilities] == ["{T}: Add {G}."]  # 305.6
    assert board.permanent("pool").mana_abilities[0].product.scope == "lands_you_control"
    assert board.permanent("serpent").values("cant_attack_unless") == [PlayerFilter(controls="island")]
    assert board.permanent("prop").values("attack_tax") == [ManaCost.parse("{2}")]
    assert board.permanent("tromo").has("blocked_only_by_all")


def test_inline_fields_override_the_library(board_file) -> None:
    board = load_board(board_file(HEAD + """battlefield:
  - {id: b, card: Grizzly Bears, controller: alice, power: 5, keywords: [flying], owner: bob}
"""))
    bears = board.permanent("b")
    assert (bears.power, bears.toughness, bears.owner, bears.has_keyword("flying")) == (5, 2, "bob", True)


BAD = [
    # (description, board text after HEAD (or whole text), expected path, expected words)
    ("malformed YAML", "battlefield: [ {id: a\n", "line", "malformed YAML"),
    ("unknown key", "battlefield:\n  - {id: a, card: Forest, controller: bob, colour: green}\n",
     "battlefield[0].colour", "unknown key"),
    ("wrong type", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob, power: big}\n",
     "battlefield[0].power", "integer"),
    ("duplicate id", "battlefield:\n  - {id: a, card: Forest, controller: bob}\n  - {id: a, card: Island, controller: bob}\n",
     "battlefield[1].id", "duplicate id 'a'"),
    ("dangling id in combat", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: alice}\ncombat:\n  attackers: [{creature: ghost, target: bob}]\n",
     "combat.attackers[0].creature", "no permanent with id 'ghost'"),
    ("attachment to nothing", "battlefield:\n  - {id: l, card: Lure, controller: alice, attached_to: nobody}\n",
     "battlefield[0].attached_to", "no permanent with id 'nobody'"),
    ("bad mana string", "battlefield:\n  - {id: a, name: X, types: [artifact], controller: bob, mana_cost: '{2}{Q}'}\n",
     "battlefield[0].mana_cost", "unknown mana symbol '{Q}'"),
    ("controller not a player", "battlefield:\n  - {id: a, card: Forest, controller: carol}\n",
     "battlefield[0].controller", "'carol' is not a player"),
    ("creature declared twice in combat", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: alice}\ncombat:\n  attackers: [{creature: a, target: bob}, {creature: a, target: bob}]\n",
     "combat.attackers[1].creature", "declared twice"),
    ("blocker declared twice", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: alice}\n  - {id: b, card: Grizzly Bears, controller: bob}\ncombat:\n  attackers: [{creature: a, target: bob}]\n  blockers: [{creature: b, blocks: [a]}, {creature: b, blocks: [a]}]\n",
     "combat.blockers[1].creature", "declared twice"),
    ("unknown card", "battlefield:\n  - {id: a, card: Grizly Bears, controller: bob}\n",
     "battlefield[0].card", "did you mean 'Grizzly Bears'"),
    ("unknown ability", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob, abilities: [flyng]}\n",
     "battlefield[0].abilities[0]", "did you mean flying"),
    ("ability needing a value", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob, abilities: [min_blockers]}\n",
     "battlefield[0].abilities[0]", "needs a value"),
    ("bad filter key", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob, abilities: [{cant_be_blocked_by: {powr: 2}}]}\n",
     "battlefield[0].abilities[0]", "unknown filter key 'powr'"),
    ("mana ability not understood", "battlefield:\n  - {id: a, name: Rock, types: [artifact], controller: bob, abilities: ['{T}: Draw a card.']}\n",
     "battlefield[0].abilities[0]", "does not add mana"),
    ("effect missing a field", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob}\neffects:\n  - {kind: must_block, creature: a}\n",
     "effects[0].attacker", "required for kind must_block"),
    ("unknown effect kind", "effects:\n  - {kind: must_dance, creature: a}\n", "effects[0].kind", "unknown effect kind 'must_dance'"),
    ("effect field of another kind", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob}\neffects:\n  - {kind: goaded, creature: a, by: alice, n: 3}\n",
     "effects[0].n", "not a field of kind goaded"),
    ("attack target not attackable", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: alice}\n  - {id: f, card: Forest, controller: bob}\ncombat:\n  attackers: [{creature: a, target: f}]\n",
     "combat.attackers[0].target", "not a player, planeswalker or battle"),
    ("block of a non-attacker", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: alice}\n  - {id: b, card: Grizzly Bears, controller: bob}\ncombat:\n  attackers: []\n  blockers: [{creature: b, blocks: [a]}]\n",
     "combat.blockers[0].blocks[0]", "not an attacking creature"),
    ("bad mana in a pool", "mana_pool:\n  bob: '{W/U}'\n", "mana_pool.bob", "not a type of mana"),
    ("pool of a non-player", "mana_pool:\n  carol: '{G}'\n", "mana_pool.carol", "'carol' is not a player"),
    ("inactive player unknown", None, "active_player", "'zed' is not a player"),
    ("creature without power", "battlefield:\n  - {id: a, name: Blob, types: [creature], controller: bob}\n",
     "battlefield[0].power", "needs power and toughness"),
    ("card and name both", "battlefield:\n  - {id: a, card: Forest, name: Forest, controller: bob}\n",
     "battlefield[0]", "exactly one of card"),
    ("cant_attack of nobody", "battlefield:\n  - {id: a, card: Grizzly Bears, controller: bob, abilities: [{cant_attack: nobody}]}\n",
     "battlefield[0].abilities[0]", "'nobody' is not a player"),
    ("attack tax X counting nothing", "battlefield:\n  - {id: s, name: Sphere, types: [enchantment], controller: bob, "
     "abilities: [{attack_tax: {cost: '{X}', covers: you_and_planeswalkers}}]}\n",
     "battlefield[0].abilities[0]", "say what X counts with x_counts"),
    ("attack tax covering something else", "battlefield:\n  - {id: s, name: Annex, types: [artifact], controller: bob, "
     "abilities: [{attack_tax: {cost: '{1}', covers: battles}}]}\n",
     "battlefield[0].abilities[0]", "covers must be you or you_and_planeswalkers"),
    ("an inline card with an empty name", "battlefield:\n  - {id: s, name: '', types: [land], controller: bob, "
     "text: '{T}: Add {G}.'}\n", "battlefield[0].name", "an inline card needs a name"),
    ("not a mapping", "- just\n- a list\n", "", "expected a mapping"),
]


@pytest.mark.parametrize("what, body, path, words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_field_and_expectation(board_file, what: str, body: str | None, path: str, words: str) -> None:
    if body is None:
        text = HEAD.replace("active_player: alice", "active_player: zed")
    elif what in ("not a mapping",):
        text = body
    else:
        text = HEAD + body
    file = board_file(text)
    with pytest.raises(BoardError) as info:
        load_board(file)
    err = info.value
    assert err.file == str(file)
    assert err.path.startswith(path), (err.path, path)
    assert words in err.message, err.message
    assert str(file) in str(err) and words in str(err)
    # the command line refuses it with exit status 2, the same message and no traceback
    result = CliRunner().invoke(app, ["show", str(file)])
    assert result.exit_code == 2
    assert words in result.stderr and err.path in result.stderr and "Traceback" not in result.stderr


def test_missing_file() -> None:
    with pytest.raises(BoardError, match="no such file"):
        load_board("no/such/board.yaml")


@pytest.mark.parametrize(
    "line, entries",
    [
        ("Enchanted creature can't attack or block.", [{"grants": ["cant_attack", "cant_block"]}]),
        ("Equipped creature has double strike.", [{"grants": ["double_strike"]}]),
        ("All creatures able to block enchanted creature do so.", [{"grants": ["lure"]}]),
        ("Juggernaut can't be blocked by Walls.", [{"cant_be_blocked_by": {"subtype": "wall"}}]),
        ("Juggernaut attacks each combat if able.", ["attacks_each_combat"]),
        ("Defender; reach (This creature can block creatures with flying.)", ["defender", "reach"]),
        ("Juggernaut can't be blocked except by black creatures.", [{"cant_be_blocked_by": {"not_color": "black"}}]),
        ("Juggernaut can't block creatures with power 2 or greater.", [{"can_block_only": {"power_at_most": 1}}]),
        ("Flying, protection from red", ["flying", {"protection": "red"}]),
        ("Juggernaut can't block creatures with power 2 or less.", [{"can_block_only": {"power_at_least": 3}}]),
        ("Juggernaut can't block black creatures.", [{"can_block_only": {"not_color": "black"}}]),
        ("Juggernaut can't block creatures with flying.", [{"can_block_only": {"not_keyword": "flying"}}]),
        ("Juggernaut can't block or be blocked by creatures with power 2 or greater.",
         [{"can_block_only": {"power_at_most": 1}}, {"cant_be_blocked_by": {"power_at_least": 2}}]),
        ("Juggernaut can't be blocked by creatures with horsemanship.",
         [{"cant_be_blocked_by": {"keyword": "horsemanship"}}]),
        ("Juggernaut can't be blocked except by creatures with defender.",
         [{"cant_be_blocked_by": {"not_keyword": "defender"}}]),
        ("Juggernaut can't be blocked by black and/or red creatures.",
         [{"cant_be_blocked_by": {"color": "black"}}, {"cant_be_blocked_by": {"color": "red"}}]),
        ("Equipped creature can't be blocked by Vampires or Zombies.",
         [{"grants": [{"cant_be_blocked_by": {"subtype": "vampire"}}, {"cant_be_blocked_by": {"subtype": "zombie"}}]}]),
        ("Juggernaut can block an additional seven creatures each combat.", [{"can_block_additional": 7}]),
        ("All creatures able to block equipped creature do so.", [{"grants": ["lure"]}]),
        ("Equipped creature has trample and can't be blocked by more than one creature.",
         [{"grants": ["trample", {"max_blockers": 1}]}]),
        ("Enchanted creature can't be blocked and has shroud.", [{"grants": ["cant_be_blocked", "shroud"]}]),
        ("Enchanted creature has protection from creatures.", [{"grants": [{"protection": "creatures"}]}]),
        ("Juggernaut can't attack or block unless you pay {2}.", [{"attack_cost": "{2}"}, {"block_cost": "{2}"}]),
        ("Enchanted creature can't attack unless its controller pays {3}.", [{"grants": [{"attack_cost": "{3}"}]}]),
        # "except by" lists of qualities (509.1b), conditions on the defending player and the attack
        ("Juggernaut can't be blocked except by creatures with flying or reach.",
         [{"can_be_blocked_only_by": [{"keyword": "flying"}, {"keyword": "reach"}]}]),
        ("Juggernaut can't be blocked except by Walls.", [{"can_be_blocked_only_by": [{"subtype": "wall"}]}]),
        ("Enchanted creature has phasing and can't be blocked except by Walls.",
         [{"grants": ["phasing", {"can_be_blocked_only_by": [{"subtype": "wall"}]}]}]),
        ("Juggernaut can't be blocked as long as defending player controls an artifact.",
         [{"cant_be_blocked_if_defender": {"controls": "artifact"}}]),
    ],
)
def test_oracle_phrases(line: str, entries: list) -> None:
    from mtgsolver.read.oracle import parse_oracle_text

    assert parse_oracle_text(line, "Juggernaut") == (entries, [])


def test_oracle_lines_not_understood_are_returned() -> None:
    from mtgsolver.read.oracle import parse_oracle_text

    assert parse_oracle_text("Juggernaut deals 2 damage to any target.", "Juggernaut") == (
        [], ["Juggernaut deals 2 damage to any target."])


@pytest.mark.parametrize(
    "line",
    [
        # "you" on an Aura is the Aura's controller, whom the creature's vocabulary can't name
        "Enchanted creature can't attack unless you pay {3}.",
        # a clause the grammar doesn't read makes the whole line unread
        "Enchanted creature can't attack or block, and its activated abilities cost {2} more to activate.",
        # conditions the board can't evaluate (the poison and monarch of a player)
        "Juggernaut can't attack unless defending player is poisoned.",
        # (the comparison with its own power is read by the relative family: tests/test_relative_grammar.py;
        # a count of permanents by the effects family: tests/test_effects_groups.py)
        "Creatures with power less than the number of cards in your hand can't block Juggernaut.",
    ],
)
def test_oracle_lines_outside_the_vocabulary_stay_unread(line: str) -> None:
    from mtgsolver.read.oracle import parse_oracle_text

    assert parse_oracle_text(line, "Juggernaut") == ([], [line])
