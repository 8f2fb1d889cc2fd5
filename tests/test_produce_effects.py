"""Replacement effects in any order (614, 616.1), "tapped for mana" triggers (106.12a), the
production vocabulary in board files, and the ``mtgsolver produce`` command."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import load_board
from mtgsolver.model import BoardError
from mtgsolver.model.mana_abilities import AnyColor, Choice, Fixed
from mtgsolver.rules.production import ManaTrigger, Replacement, effective_product, replace_all
from mtgsolver.solver.produce import could_produce
from references.reference_produce import card, land, make_board

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def product(board, pid: str, index: int = 0):
    perm = board.permanent(pid)
    return effective_product(board, perm, perm.mana_abilities[index])


# --------------------------------------------------------------------------- replacement order
def test_order_of_contamination_and_pulse_changes_the_type() -> None:
    cont = Replacement("c", "Contamination", "bob", "lands_tap_for", "B")
    pulse = Replacement("p", "Pulse of Llanowar", "alice", "basic_lands_tap_for_any_color")
    assert pulse.replace(("G",)) == {(c,) for c in "WUBRG"}
    assert {b for x in pulse.replace(("G",)) for b in cont.replace(x)} == {("B",)}  # Pulse, then Contamination
    assert {b for x in cont.replace(("G",)) for b in pulse.replace(x)} == {(c,) for c in "WUBRG"}
    assert replace_all(("G",), (cont, pulse)) == {(c,) for c in "WUBRG"}  # the union over both orders
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"), card("p", "Pulse of Llanowar"))
    assert product(b, "f") == AnyColor(1)


def test_order_of_contamination_and_reflection_changes_the_amount() -> None:
    b = make_board(card("f", "Forest"), card("c", "Contamination", "bob"), card("mr", "Mana Reflection"))
    # Reflection then Contamination: {B}; Contamination then Reflection: {B}{B}; the controller chooses (616.1)
    assert product(b, "f") == Choice((("B",), ("B", "B")))
    assert could_produce(b, "f").types("f") == ["B"]


def test_each_replacement_applies_once() -> None:
    doubler = Replacement("m", "Mana Reflection", "alice", "mana_doubler")
    assert replace_all(("G",), (doubler, doubler)) == {("G",) * 4}  # 614.5: once each, so x4, not forever


def test_no_mana_nothing_to_replace() -> None:
    cont = Replacement("c", "Contamination", "bob", "lands_tap_for", "B")
    assert replace_all((), (cont,)) == {()}  # 614.7


# --------------------------------------------------------------------------- triggers
def test_wild_growth_fires_on_a_forest() -> None:
    b = make_board(card("f", "Forest"), card("wg", "Wild Growth", attached_to="f"))
    assert product(b, "f") == Fixed(("G", "G"))


def test_trigger_does_not_fire_when_no_mana_is_produced() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("wg", "Wild Growth", attached_to="pool"),
                   card("hb", "Heartbeat of Spring", "bob"))
    assert product(b, "pool") == Fixed(())  # a Pool with no defined type triggers nothing (106.12a)
    b = make_board(card("pool", "Reflecting Pool"), card("f", "Forest"), card("wg", "Wild Growth", attached_to="pool"),
                   card("hb", "Heartbeat of Spring", "bob"))
    assert product(b, "pool") == Fixed(("G", "G", "G"))  # once it produces {G}: both trigger


def test_heartbeat_adds_a_type_the_land_produced_for_every_player() -> None:
    b = make_board(land("dual", "{T}: Add {W}{U}.", "bob"), card("hb", "Heartbeat of Spring"),
                   land("k", "{T}: Add {C}.\n{T}: Add {R} or {G}."))
    assert product(b, "dual") == Choice((("W", "W", "U"), ("W", "U", "U")))
    assert product(b, "k", 0) == Fixed(("C", "C"))
    assert product(b, "k", 1) == Choice((("R", "R"), ("G", "G")))


def test_heartbeat_ignores_nonlands_and_sacrifice() -> None:
    b = make_board(card("elf", "Llanowar Elves"), card("sq", "Squandered Resources"), card("f", "Forest"),
                   card("hb", "Heartbeat of Spring"))
    assert product(b, "elf") == Fixed(("G",))
    assert product(b, "sq") == Fixed(("G",))
    assert product(b, "f") == Fixed(("G", "G"))


def test_trigger_of_a_named_type() -> None:
    trig = {"mana_trigger": {"tapped": "your_lands", "adds": "{C}", "of_type": "G"}}
    b = make_board(card("f", "Forest"), card("p", "Plains"), land("k", "{T}: Add {C}.\n{T}: Add {R} or {G}."),
                   {"id": "t", "name": "Test Trigger", "controller": "alice", "types": ["enchantment"],
                    "abilities": [trig]}, card("bf", "Forest", "bob"))
    assert product(b, "f") == Fixed(("G", "C"))
    assert product(b, "p") == Fixed(("W",))  # tapped for {W}, not for {G}: no trigger
    assert product(b, "k", 1) == Choice((("R",), ("G", "C")))
    assert product(b, "bf") == Fixed(("G",))  # bob's land


def test_utopia_sprawl_needs_its_chosen_color() -> None:
    b = make_board(card("f", "Forest"), card("us", "Utopia Sprawl", attached_to="f"))
    assert product(b, "f") == Fixed(("G",))
    assert any("chosen as it entered is not on the board" in w for w in could_produce(b, "f").permanents["f"].why)
    b = make_board(card("f", "Forest"), card("us", "Utopia Sprawl", attached_to="f",
                                             abilities=[{"mana_trigger": {"tapped": "enchanted", "adds": "{U}"}}]))
    assert product(b, "f") == Fixed(("U", "G"))


def test_doubler_and_trigger_together() -> None:
    b = make_board(card("f", "Forest"), card("mr", "Mana Reflection"), card("hb", "Heartbeat of Spring"),
                   card("og", "Overgrowth", attached_to="f"))
    assert product(b, "f") == Fixed(("G",) * 5)  # {G}{G} doubled, +1 Heartbeat, +2 Overgrowth


def test_triggers_are_not_what_the_land_could_produce() -> None:
    b = make_board(card("pool", "Reflecting Pool"), card("f", "Forest"),
                   {"id": "t", "name": "Test Trigger", "controller": "alice", "types": ["enchantment"],
                    "abilities": [{"mana_trigger": {"tapped": "enchanted", "adds": "{R}"}}], "attached_to": "f"})
    assert product(b, "f") == Fixed(("R", "G"))
    assert could_produce(b).types("pool") == ["G"]  # the {R} is the enchantment's mana (106.3)


def test_doubled_combination_of_colors_keeps_pairs() -> None:
    b = make_board(land("gem", "{T}: Add two mana in any combination of colors."), card("mr", "Mana Reflection"))
    p = product(b, "gem")
    assert isinstance(p, Choice) and len(p.options) == 15
    assert ("W", "W", "U", "U") in p.options and ("W", "U", "U", "U") not in p.options


def test_counted_product_with_a_doubler() -> None:
    b = make_board(card("c", "Gaea's Cradle"), card("e1", "Llanowar Elves"), card("e2", "Llanowar Elves"),
                   card("mr", "Mana Reflection"))
    assert product(b, "c") == Fixed(("G",) * 4)
    b = make_board(card("c", "Gaea's Cradle"), card("e1", "Llanowar Elves"))
    assert product(b, "c") == b.permanent("c").mana_abilities[0].product  # nothing applies: unchanged


# --------------------------------------------------------------------------- vocabulary
def test_vocabulary_in_board_files() -> None:
    b = make_board({"id": "x", "name": "X", "controller": "alice", "types": ["enchantment"],
                    "abilities": [{"lands_tap_for": "{R}"}, "basic_lands_tap_for_any_color", "mana_doubler",
                                  {"lands_are": "swamps"}, "spend_white_as_any_color",
                                  {"mana_trigger": {"tapped": "lands", "adds": "same_type"}}]})
    x = b.permanent("x")
    assert x.values("lands_tap_for") == ["R"] and x.values("lands_are") == ["swamp"]
    assert x.values("mana_trigger") == [ManaTrigger("lands", "same_type")]
    assert x.has("mana_doubler") and x.has("basic_lands_tap_for_any_color") and x.has("spend_white_as_any_color")


@pytest.mark.parametrize("entry, message", [
    ({"lands_tap_for": "Q"}, "lands_tap_for expects a mana type"),
    ({"lands_are": "desert"}, "lands_are expects a basic land type"),
    ({"mana_trigger": {"tapped": "creatures", "adds": "{G}"}}, "mana_trigger.tapped must be one of"),
    ({"mana_trigger": {"tapped": "lands", "adds": "{2/W}"}}, "mana_trigger.adds must be mana"),
    ({"mana_trigger": {"tapped": "lands", "adds": "{G}", "when": 1}}, "unknown key 'when'"),
    ({"mana_trigger": {"tapped": "lands", "adds": "{G}", "of_type": "X"}}, "of_type must be one of"),
    ({"mana_trigger": "{G}"}, "mana_trigger expects a mapping"),
    ("lands_tap_for", "lands_tap_for needs a value"),
])
def test_bad_vocabulary_is_refused_with_the_field(entry, message: str) -> None:
    with pytest.raises(BoardError) as err:
        make_board({"id": "x", "name": "X", "controller": "alice", "types": ["enchantment"], "abilities": [entry]})
    assert err.value.path == "battlefield[0].abilities[0]" and message in err.value.message


def test_oracle_phrases_of_the_bundled_cards() -> None:
    b = make_board(card("hb", "Heartbeat of Spring"), card("mf", "Mana Flare"), card("f", "Forest"),
                   card("wg", "Wild Growth", attached_to="f"), card("og", "Overgrowth", attached_to="f"),
                   card("d", "Celestial Dawn", "bob"))
    assert b.permanent("hb").values("mana_trigger") == b.permanent("mf").values("mana_trigger") == [
        ManaTrigger("lands", "same_type")]
    assert b.permanent("wg").values("mana_trigger") == [ManaTrigger("enchanted", "fixed", ("G",))]
    assert b.permanent("og").values("mana_trigger") == [ManaTrigger("enchanted", "fixed", ("G", "G"))]
    assert b.permanent("d").has("spend_white_as_any_color")


# --------------------------------------------------------------------------- CLI
runner = CliRunner()


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("produce-*.yaml")), ids=lambda p: p.name)
def test_examples_load_and_answer(path: Path) -> None:
    res = runner.invoke(app, ["produce", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    board = load_board(path)
    assert set(data) == {p.id for p in board.permanents}
    for entry in data.values():
        assert entry["types"] == [t for t in "WUBRGC" if t in entry["types"]]


def test_cli_json_and_permanent(board_file) -> None:
    path = board_file("""version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: p1, card: Reflecting Pool, controller: alice}
  - {id: p2, card: Reflecting Pool, controller: alice}
  - {id: f, card: Forest, controller: alice}
""")
    res = runner.invoke(app, ["produce", str(path), "--json", "--permanent", "p1"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert list(data) == ["p1"] and data["p1"]["types"] == ["G"]
    assert data["p1"]["why"][0].endswith("f «{T}: Add {G}.»")
    res = runner.invoke(app, ["produce", str(path)])
    assert res.exit_code == 0 and "p2 (Reflecting Pool, alice): {G}" in res.output


def test_cli_graph_file(board_file, tmp_path: Path) -> None:
    path = board_file("""version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
battlefield:
  - {id: o, card: Exotic Orchard, controller: alice}
  - {id: i, card: Island, controller: bob}
""")
    dot = tmp_path / "g.dot"
    res = runner.invoke(app, ["produce", str(path), "--graph", str(dot)])
    assert res.exit_code == 0
    text = dot.read_text()
    assert text.startswith("digraph mana {") and 'label="o\\nU"' in text and 'label="lands bob controls\\nU"' in text


@pytest.mark.parametrize("args, message", [
    (["--permanent", "nope"], "no permanent with id 'nope'"),
    (["--graph", "/nonexistent/dir/g.dot"], "--graph: cannot write"),
])
def test_cli_bad_input_exits_2(board_file, args, message: str) -> None:
    path = board_file("""version: 1
active_player: alice
players: [{name: alice}]
battlefield:
  - {id: f, card: Forest, controller: alice}
""")
    res = runner.invoke(app, ["produce", str(path), *args])
    assert res.exit_code == 2 and message in res.output
    res = runner.invoke(app, ["produce", str(path), "--json", *args])
    assert res.exit_code == 2 and message in json.loads(res.output)["error"]


def test_cli_bad_board_exits_2(board_file) -> None:
    path = board_file("version: 1\nactive_player: alice\nplayers: [{name: alice}]\nbattlefield:\n"
                      "  - {id: x, name: X, controller: alice, types: [enchantment], abilities: [{lands_are: 3}]}\n")
    res = runner.invoke(app, ["produce", str(path)])
    assert res.exit_code == 2 and "battlefield[0].abilities[0]" in res.output and "Traceback" not in res.output
