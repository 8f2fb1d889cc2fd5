"""Nothing is dropped in silence: every answer carries the unread lines that could bear on it,
and is undecided (exit status 3) when they could change it (docs/unread.md)."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from mtgsolver import check_attacks, check_blocks, could_produce, load_board, pay, suggest_blocks
from mtgsolver.cli import app
from mtgsolver.model import CardLibrary

runner = CliRunner()
HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"
# a mana line no grammar family reads (the color of a hidden card is not on the board)
COMMANDER_LINE = "{T}: Add one mana of the color of the top card of your library."


def test_goblin_war_drums_menace_makes_a_lone_block_undecided_or_illegal(real_cards: CardLibrary) -> None:
    """702.111b: "Creatures you control have menace." (Goblin War Drums) on the attacker's side:
    one creature blocking the Grizzly Bears is illegal; never judged legal while the line is unread."""
    board = load_board(HEAD + """  - {id: drums, card: Goblin War Drums, controller: a}
  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: ox, card: Pillarfield Ox, controller: b}
combat:
  attackers: [{creature: bears, target: b}]
  blockers: [{creature: ox, blocks: [bears]}]
""", library=real_cards)
    result = check_blocks(board)
    assert result.legal is not True
    if result.legal is None:  # the line is unread: it is reported and the verdict on the rest kept
        assert any(u.permanent == "drums" and u.line.startswith("Creatures you control have menace.")
                   for u in result.unread)
        assert result.as_read is True
    suggestion = suggest_blocks(board)
    assert suggestion.legal is None or ("ox", ("bears",)) not in suggestion.witness


def test_command_tower_signet_lantern_wastes_never_confidently_unpayable(real_cards: CardLibrary) -> None:
    """{G}{G} from Command Tower, Arcane Signet, Chromatic Lantern and Wastes is payable (Lantern
    gives the Wastes "{T}: Add one mana of any color."); it must not be a confident "unpayable"."""
    board = load_board(HEAD + """  - {id: tower, card: Command Tower, controller: a}
  - {id: signet, card: Arcane Signet, controller: a}
  - {id: lantern, card: Chromatic Lantern, controller: a}
  - {id: wastes, card: Wastes, controller: a}
""", library=real_cards)
    result = pay(board, "{G}{G}")
    assert result.payable is not False
    if result.payable is None:
        assert {"tower", "signet"} <= {u.permanent for u in result.unread}
        assert result.as_read is False
    produced = could_produce(board, "tower").permanents["tower"]
    assert not any("has no mana ability" in w for w in produced.why)


def _board(*lines: str, combat: str = "") -> object:
    return load_board(HEAD + "".join(lines) + combat)


FOREST = "  - {id: forest, card: Forest, controller: a}\n"
TOWER = f'  - {{id: tower, name: Tower, types: [land], controller: a, text: "{COMMANDER_LINE}"}}\n'


def test_payable_stays_payable_with_an_unread_mana_ability_elsewhere() -> None:
    """605.1a: another mana ability never takes a payment away: payable, with the line reported."""
    result = pay(_board(FOREST, TOWER), "{G}")
    assert result.payable is True and result.as_read is None
    assert [u.to_dict() for u in result.unread] == [{"permanent": "tower", "line": COMMANDER_LINE, "kinds": ["mana"]}]
    data = json.loads(result.to_json())
    assert data["payable"] is True and data["unread"][0]["permanent"] == "tower"


def test_unpayable_with_an_unread_mana_ability_is_undecided() -> None:
    result = pay(_board(FOREST, TOWER), "{G}{G}")
    assert result.payable is None and result.as_read is False
    assert [u.permanent for u in result.unread] == ["tower"]


def test_largest_x_with_an_unread_mana_ability_is_undecided() -> None:
    result = pay(_board(FOREST, TOWER), "{X}", maximize_x=True)
    assert result.payable is None and result.as_read is True and result.x == 1


def test_an_unread_tapping_trigger_makes_a_payment_undecided() -> None:
    """106.12a, 605.1b: a trigger on becoming tapped could harm the payer (City of Brass)."""
    trap = ('  - {id: trap, name: Trap Land, types: [land], controller: a, '
            'text: "{T}: Add {G}.\\nWhenever Trap Land becomes tapped, you lose the game."}\n')
    result = pay(_board(trap), "{G}")
    assert result.payable is None and result.as_read is True
    assert result.unread[0].kinds == frozenset({"mana_trigger"})


def test_unread_lines_of_other_players_do_not_bear_on_a_payment() -> None:
    theirs = f'  - {{id: t2, name: Tower, types: [land], controller: b, text: "{COMMANDER_LINE}"}}\n'
    result = pay(_board(FOREST, theirs), "{G}{G}")
    assert result.payable is False and result.unread == ()


def test_produce_says_no_mana_ability_only_when_there_is_none() -> None:
    """605.1a: "has no mana ability" only without one; an unread mana line is said as such."""
    bears = "  - {id: bears, card: Grizzly Bears, controller: a}\n"
    result = could_produce(_board(TOWER, bears))
    tower, creature = result.permanents["tower"], result.permanents["bears"]
    assert any("has a mana ability this project does not read" in w for w in tower.why)
    assert not any("no mana ability (605.1a)" in w for w in tower.why)
    assert any("no mana ability (605.1a)" in w for w in creature.why)
    assert [u.permanent for u in tower.unread] == ["tower"] and creature.unread == ()
    assert result.to_dict()["tower"]["unread"][0]["line"] == COMMANDER_LINE


# a static no grammar family reads (Goblin War Drums' own line is read by the effects family)
DRUMS_LINE = "Creatures you control that were dealt damage this turn have menace."
DRUMS = f'  - {{id: drums, name: Drums, types: [enchantment], controller: a, text: "{DRUMS_LINE}"}}\n'
ATTACK = "  - {id: bears, card: Grizzly Bears, controller: a}\n  - {id: ox, card: Pillarfield Ox, controller: b}\n"
LONE_BLOCK = "combat:\n  attackers: [{creature: bears, target: b}]\n  blockers: [{creature: ox, blocks: [bears]}]\n"


def test_a_static_that_could_change_combat_makes_blocks_undecided_but_not_attacks() -> None:
    """Menace (702.111b) restricts blocks: unread, it makes the block check undecided; it can't
    change which attacks are legal (508.1), so the attack check lists it as not relevant."""
    board = _board(DRUMS, ATTACK, combat=LONE_BLOCK)
    blocks, attacks = check_blocks(board), check_attacks(board)
    assert (blocks.legal, blocks.as_read) == (None, True) and (attacks.legal, attacks.as_read) == (True, None)
    assert [u.permanent for u in blocks.unread] == ["drums"]
    assert blocks.to_dict()["unread"] == [{"permanent": "drums", "line": DRUMS_LINE,
                                           "kinds": ["combat", "effects"]}]
    assert not attacks.unread and [u.permanent for u in attacks.not_relevant] == ["drums"]
    assert "menace" in attacks.to_dict()["not_relevant"][0]["reason"]


def test_an_attack_trigger_of_power_only_and_an_activated_ability_are_not_relevant_to_blocks() -> None:
    """508.2, 509.1: the attack trigger resolves before blockers are declared, but +1/+0 can't
    change which blocks are legal when nothing compares power; an activated ability changes
    nothing until activated (602.1). Both are read (a triggered and an activated ability) and
    listed as not relevant, with their reasons. An attack trigger that exchanges control of the
    attacker (it leaves combat, 506.4) could change the blocks: it bears."""
    bears = ('  - {id: bears, name: Bear, types: [creature], power: 2, toughness: 2, controller: a, '
             'text: "Whenever Bear attacks, it gets +1/+0 until end of turn.\\n'
             '{R}: Bear gets +1/+0 until end of turn."}\n'
             '  - {id: ox, card: Pillarfield Ox, controller: b}\n')
    board = _board(bears, combat=LONE_BLOCK)
    assert board.permanent("bears").triggered_abilities and board.permanent("bears").activated_abilities
    result = check_blocks(board)
    assert result.legal is True and result.as_read is None and not result.unread
    reasons = {u.line.split(",")[0].split(":")[0]: u.reason for u in result.not_relevant}
    assert "power and toughness" in reasons["Whenever Bear attacks"] and "602.1" in reasons["{R}"]
    exchange = check_blocks(_board(bears.replace("it gets +1/+0 until end of turn.",
                                                 "exchange control of Bear and target creature."), combat=LONE_BLOCK))
    assert exchange.legal is None and [u.line for u in exchange.unread] == [
        "Whenever Bear attacks, exchange control of Bear and target creature."]


def test_cli_undecided_exits_3_and_says_which_lines_and_why(board_file) -> None:
    path = board_file(HEAD + DRUMS + ATTACK + LONE_BLOCK)
    out = runner.invoke(app, ["blocks", "check", str(path)])
    assert out.exit_code == 3, out.output
    assert "undecided" in out.output and f"drums: {DRUMS_LINE}" in out.output
    assert "on the text this project reads the answer is legal" in out.output
    data = json.loads(runner.invoke(app, ["blocks", "check", str(path), "--json"]).output)
    assert data["legal"] is None and data["as_read"] is True and data["unread"][0]["permanent"] == "drums"


def test_cli_strict_refuses_a_board_with_unread_text_that_bears(board_file) -> None:
    path = board_file(HEAD + DRUMS + ATTACK + LONE_BLOCK)
    out = runner.invoke(app, ["blocks", "check", str(path), "--strict"])
    assert out.exit_code == 2 and "--strict" in out.stderr and DRUMS_LINE in out.stderr
    payable = board_file(HEAD + FOREST + TOWER, "pay.yaml")
    assert runner.invoke(app, ["pay", str(payable), "--cost", "{G}"]).exit_code == 0
    assert runner.invoke(app, ["pay", str(payable), "--cost", "{G}", "--strict"]).exit_code == 2
    assert runner.invoke(app, ["pay", str(payable), "--cost", "{G}{G}"]).exit_code == 3
    assert runner.invoke(app, ["produce", str(payable)]).exit_code == 3


def test_show_marks_every_unread_line(board_file) -> None:
    path = board_file(HEAD + DRUMS + TOWER)
    out = runner.invoke(app, ["show", str(path), "--json"])
    assert [u["permanent"] for u in json.loads(out.output)["unread"]] == ["drums", "tower"]
    assert "(unread)" in runner.invoke(app, ["show", str(path)]).output
