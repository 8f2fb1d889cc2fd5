"""Revolt (207.2c: "if a permanent you controlled left the battlefield this turn", an intervening
"if", 603.4) kept on the turn record as permanents leave; Auras put onto the battlefield other
than as spells (303.4f-g); and the turn search paying costs to attack (508.1g-h), as Forge's
puzzle PS_M192 needs (Baird, Steward of Argive)."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.errors import BoardError
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.rules.game import Game
from mtgsolver.solver.resolve import LibraryReader, resolve
from mtgsolver.solver.win import check_line, win_turn

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: 20}, {name: b, life: %d}]\n"


def board(text: str, cards, life: int = 20):
    return parse_board_text(HEAD % life + text, "b.yaml", cards)


def test_renegade_rallier_reads_its_revolt(real_cards) -> None:
    card = real_cards.find("Renegade Rallier")
    entries, unread = parse_oracle_text(card.text, card.name)
    trig = next(e["triggered"] for e in entries if isinstance(e, dict) and "triggered" in e)
    assert not unread and trig["event"] == {"kind": "enters"} and trig["condition"] == [{"permanent_left": True}]


@pytest.mark.parametrize("left, added", [("[a]", ["G", "G"]), ("[b]", []), ("[]", [])])
def test_an_enters_trigger_adds_mana_only_if_a_permanent_left(real_cards, left: str, added: list[str]) -> None:
    """Hidden Herbalists' revolt, "When ~ enters the battlefield, if a permanent you controlled
    left the battlefield this turn, add {G}{G}": a trigger on the stack like Priest of Gix's
    plain form (605.5a: tests/test_damage_record.py), its intervening "if" checked as it would
    trigger and as it resolves (603.4); only its controller's permanents count."""
    card = real_cards.find("Hidden Herbalists")
    entries, unread = parse_oracle_text(card.text, card.name)
    trig = next(e["triggered"] for e in entries if isinstance(e, dict) and "triggered" in e)
    assert not unread and trig["condition"] == [{"permanent_left": True}]
    assert trig["effects"] == [{"add_mana": {"mana": ["G", "G"]}}]
    b = board(f"turn: {{permanent_left: {left}}}\nzones: {{a: {{hand: [Hidden Herbalists]}}}}\n", real_cards)
    r = resolve(b, ["cast Hidden Herbalists"], free=True)
    assert r.resolved is True, r.reason
    assert sorted(m.type for m in r.board.mana_pools.get("a", ()) for _ in range(m.amount)) == added


def test_a_permanent_leaving_is_kept_for_its_controller(real_cards) -> None:
    game = Game(board("battlefield:\n  - {id: bears, card: Grizzly Bears, controller: b}\n"
                      "  - {id: ox, card: Pillarfield Ox, controller: a}\n", real_cards),
                LibraryReader(real_cards), None)  # type: ignore[arg-type]
    game.leave("bears", "graveyard", "is destroyed", "701.8")
    assert game.turn.permanent_left == {"b"}
    game.leave("ox", "exile", "is exiled", "406.3")
    assert game.board().turn.permanent_left == {"a", "b"}


@pytest.mark.parametrize("left, returned", [("[a]", True), ("[b]", False), ("[]", False)])
def test_renegade_rallier_returns_a_card_only_after_revolt(real_cards, left: str, returned: bool) -> None:
    """603.4: the trigger checks "a permanent you controlled left" as it would trigger; only
    its controller's permanents count."""
    b = board(f"turn: {{permanent_left: {left}}}\nzones: {{a: {{hand: [Renegade Rallier], graveyard: [Forest]}}}}\n",
              real_cards)
    r = resolve(b, ["cast Renegade Rallier"], free=True)
    assert r.resolved is True and r.board.has_permanent("forest") is returned


def test_the_turn_record_names_players_of_the_board(real_cards) -> None:
    with pytest.raises(BoardError, match="turn.permanent_left"):
        board("turn: {permanent_left: [carol]}\n", real_cards)


def _propaganda(lands: int):
    def make(cards):
        forests = "".join(f"  - {{id: f{i}, card: Forest, controller: a}}\n" for i in range(lands))
        return board("battlefield:\n" + forests + "  - {id: bears, card: Grizzly Bears, controller: a}\n"
                     "  - {id: prop, card: Propaganda, controller: b}\n", cards, life=2)
    return make


def test_the_search_pays_a_cost_to_attack_when_it_can(real_cards) -> None:
    """508.1h: Propaganda's {2} paid with two Forests lets Grizzly Bears attack for the win; with
    one Forest no attack is legal and there is no win."""
    make = _propaganda(2)
    answer = win_turn(make(real_cards), real_cards, time_limit=30)
    assert answer.solved is True, answer.reasons
    attack = next(s for s in answer.line.steps if s.kind == "attack")
    assert attack.op[2] is not None and len(attack.op[2].activations) == 2
    assert all(c.ok for c in check_line(make(real_cards), answer.line, real_cards))
    assert win_turn(_propaganda(1)(real_cards), real_cards, time_limit=30).solved is False


RALLIER = ("turn: {permanent_left: [a]}\nzones: {a: {hand: [Renegade Rallier], graveyard: [One With the Wind]}}\n"
           "battlefield:\n")


def test_an_aura_returned_enchants_what_its_controller_chooses(real_cards) -> None:
    """303.4f: One With the Wind returned by Renegade Rallier's revolt is attached as it enters to
    the creature its controller chooses, hexproof or not (it doesn't target)."""
    b = board(RALLIER + "  - {id: bears, card: Grizzly Bears, controller: a}\n"
                        "  - {id: wurm, name: Wurm, types: [creature], power: 5, toughness: 5, keywords: [hexproof], "
                        "controller: b}\n", real_cards)
    r = resolve(b, ["cast Renegade Rallier"], free=True)
    assert r.resolved is None  # the choice is asked for
    for choice, power in (("bears", 4), ("wurm", 7)):
        r = resolve(b, ["cast Renegade Rallier"], free=True, choose=[f"enchant:a:a.graveyard[0]={choice}"])
        assert r.resolved is True and r.board.permanent(choice).power == power
        assert r.board.permanent(choice).has_keyword("flying")


def test_an_aura_with_nothing_to_enchant_stays_in_the_graveyard(real_cards) -> None:
    """303.4g: Wild Growth enchants a land; with no land on the battlefield it stays in the graveyard."""
    b = board("turn: {permanent_left: [a]}\nzones: {a: {hand: [Renegade Rallier], graveyard: [Wild Growth]}}\n",
              real_cards)
    r = resolve(b, ["cast Renegade Rallier"], free=True)
    assert r.resolved is True and not r.board.has_permanent("wild-growth")
    assert any(s.rule == "303.4g" for s in r.steps)


MIDPOINT = """battlefield:
  - {id: marshal, card: Benalish Marshal, controller: a}
  - {id: knight, card: Valiant Knight, controller: a}
  - {id: warleader, card: Leonin Warleader, controller: a}
  - {id: guide, card: Aerial Guide, controller: a}
  - {id: bishop, card: Bishop of Rebirth, controller: a}
  - {id: grove1, card: Sunpetal Grove, controller: a}
  - {id: grove2, card: Sunpetal Grove, controller: a}
  - {id: convergence, card: Sandwurm Convergence, controller: b}
  - {id: wurm, name: Wurm, types: [creature], power: 5, toughness: 5, keywords: [hexproof], token: true, controller: b}
  - {id: baird, card: "Baird, Steward of Argive", controller: b, counters: {+1/+1: 2}}
zones: {a: {graveyard: [Renegade Rallier, One With the Wind]}}
"""


@pytest.mark.parametrize("left, solved", [("[a]", True), ("[]", False)])
def test_bishop_returns_rallier_whose_revolt_returns_an_aura_onto_an_attacker(real_cards, left: str,
                                                                              solved: bool) -> None:
    """The combat of Forge's PS_M192 once Shalai is gone: Bishop of Rebirth and Leonin Warleader
    attack paying Baird's {1} each (508.1h); Bishop returns Renegade Rallier, whose revolt
    returns One With the Wind onto the Warleader (303.4f): 7 in the air and 2 of the Cats on
    the ground make 9. Without revolt the Aura stays and no attack wins. (The puzzle's graveyard
    also holds Hidden Herbalists, left out here: Bishop could return it, more lines to search.)"""
    make = lambda: board(f"turn: {{permanent_left: {left}}}\n" + MIDPOINT, real_cards, life=9)  # noqa: E731
    answer = win_turn(make(), real_cards, time_limit=60)
    assert answer.solved is solved, answer.reasons
    if solved:
        assert any("enchant:a:" in c and c.endswith("= warleader") for s in answer.line.steps for c in s.choices)
        assert all(c.ok for c in check_line(make(), answer.line, real_cards))


def test_a_requirement_to_attack_beside_a_cost_leaves_the_search_undecided(real_cards) -> None:
    """508.1d: a requirement whose creature must pay to attack doesn't count; the search doesn't
    weigh that, so with both it doesn't claim there is no win."""
    forests = "".join(f"  - {{id: f{i}, card: Forest, controller: a}}\n" for i in range(2))
    b = board("battlefield:\n" + forests + "  - {id: cyclops, card: Bloodrock Cyclops, controller: a}\n"
              "  - {id: prop, card: Propaganda, controller: b}\n", real_cards, life=3)
    answer = win_turn(b, real_cards, time_limit=30)
    assert answer.solved is None and any("508.1d" in r for r in answer.reasons)
