"""``plan`` and ``chance`` report unread lines and honour ``--strict`` (docs/unread.md): a plan
is judged as ``pay`` is (601.2g-h, 605: more mana abilities never take a payment away), and a
random choice at resolution (608.2) is undecided while its permanent has other unread lines."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import parse_board_text
from mtgsolver.solver.chance import chance
from mtgsolver.solver.plan import plan

runner = CliRunner()
HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
# a mana ability no grammar family reads (the color of a hidden card is not on the board)
TOWER_LINE = "{T}: Add one mana of the color of the top card of your library."
FIELD = f"""battlefield:
  - {{id: m, card: Mountain, controller: a}}
  - {{id: tower, name: Tower, types: [land], controller: a, text: "{TOWER_LINE}"}}
"""


def board(hand: str):
    return parse_board_text(HEAD + f"zones: {{a: {{hand: [{hand}]}}}}\n" + FIELD, "b.yaml")


def test_castable_plan_stays_castable_with_an_unread_mana_ability() -> None:
    """605.1a: an extra mana ability never takes a payment away: castable, the line reported."""
    r = plan(board("Lightning Bolt"), ["Lightning Bolt"])
    assert r.castable is True and r.as_read is None
    assert [u.to_dict() for u in r.unread] == [{"permanent": "tower", "line": TOWER_LINE, "kinds": ["mana"]}]


def test_not_castable_with_an_unread_mana_ability_is_undecided() -> None:
    """Bolt and Shock need {R}{R}; the Mountain makes one and the Tower's unread line might make
    the other: undecided, never a confident "no" (601.2h)."""
    r = plan(board("Lightning Bolt, Shock"), ["Lightning Bolt", "Shock"])
    assert r.castable is None and r.as_read is False and r.unread[0].permanent == "tower"
    assert r.to_dict()["as_read"] is False


def test_largest_x_with_an_unread_mana_ability_is_undecided() -> None:
    """107.3a: more mana could only raise the largest X, so it is a lower bound."""
    r = plan(board("Endless One"), ["Endless One"], maximize_x=True)
    assert r.castable is None and r.as_read is True and r.x == 1


def test_cli_plan_exit_status_and_strict(board_file) -> None:
    path = board_file(HEAD + "zones: {a: {hand: [Lightning Bolt, Shock]}}\n" + FIELD)
    one = runner.invoke(app, ["plan", str(path), "--cast", "Lightning Bolt"])
    assert one.exit_code == 0 and TOWER_LINE in one.output and "could not change the verdict" in one.output
    both = runner.invoke(app, ["plan", str(path), "--cast", "Lightning Bolt", "--cast", "Shock", "--json"])
    out = json.loads(both.output)
    assert both.exit_code == 3 and out["castable"] is None and out["as_read"] is False
    human = runner.invoke(app, ["plan", str(path), "--cast", "Lightning Bolt", "--cast", "Shock"])
    assert human.exit_code == 3 and "undecided: can't all be cast with the text read" in human.output
    strict = runner.invoke(app, ["plan", str(path), "--cast", "Lightning Bolt", "--strict"])
    assert strict.exit_code == 2 and "--strict" in strict.stderr and TOWER_LINE in strict.stderr


CHANT = ("At the beginning of your upkeep, choose a card at random in your graveyard. If it's a creature "
         "card, put it onto the battlefield. Otherwise, put it into your hand.")
EXILE_LINE = "If a card would be put into your hand from your graveyard, exile it instead."


def chant_board(extra: str) -> str:
    text = "\\n".join(["When Chant Copy enters the battlefield, mill ten cards.", CHANT, *extra])
    return HEAD + f"""zones: {{a: {{graveyard: [Grizzly Bears, Forest]}}}}
battlefield:
  - {{id: chant, name: Chant Copy, types: [enchantment], controller: a, text: "{text}"}}
"""


def test_chance_reports_unread_lines_of_the_permanent() -> None:
    """608.2: the distribution is on the text read; another unread line of the permanent could
    change where the card goes, so it is reported and the answer undecided. Its own enters
    trigger already triggered (603.6a) and is not reported."""
    plain = chance(parse_board_text(chant_board([]), "b.yaml"), "chant")
    assert plain.unread == () and plain.decided is True
    r = chance(parse_board_text(chant_board([EXILE_LINE]), "b.yaml"), "chant")
    assert [u.line for u in r.unread] == [EXILE_LINE] and r.decided is None and r.as_read is True
    assert [str(o.probability) for o in r.outcomes] == ["1/2", "1/2"]


def test_chance_on_the_real_deadbridge_chant_has_nothing_unread() -> None:
    b = parse_board_text(HEAD + "zones: {a: {graveyard: [Forest]}}\n"
                         "battlefield: [{id: chant, card: Deadbridge Chant, controller: a}]\n", "b.yaml")
    assert chance(b, "chant").unread == ()


def test_cli_chance_exit_status_and_strict(board_file) -> None:
    path = board_file(chant_board([EXILE_LINE]))
    out = runner.invoke(app, ["chance", str(path), "--permanent", "chant"])
    assert out.exit_code == 3 and EXILE_LINE in out.output and "1/2" in out.output
    data = json.loads(runner.invoke(app, ["chance", str(path), "--permanent", "chant", "--json"]).output)
    assert data["unread"][0]["line"] == EXILE_LINE and data["as_read"] is True
    strict = runner.invoke(app, ["chance", str(path), "--permanent", "chant", "--strict"])
    assert strict.exit_code == 2 and EXILE_LINE in strict.stderr
    clean = board_file(chant_board([]), "clean.yaml")
    assert runner.invoke(app, ["chance", str(clean), "--permanent", "chant", "--strict"]).exit_code == 0


def test_gandalf_modes_are_read_by_the_plan_not_unread() -> None:
    """700.2: the plan reads Gandalf the Grey's "choose one that hasn't been chosen" trigger, so
    its lines don't make a "no" undecided (a tapped Badlands can't pay Dark Ritual, 107.5)."""
    b = parse_board_text(HEAD + "zones: {a: {hand: [Dark Ritual]}}\nbattlefield:\n"
                         "  - {id: p0, card: Badlands, controller: a, tapped: true}\n"
                         "  - {id: gandalf, card: Gandalf the Grey, controller: a}\n", "b.yaml")
    r = plan(b, ["Dark Ritual"])
    assert r.castable is False and r.unread == ()
