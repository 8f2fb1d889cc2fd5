"""Triggers of the declared attack resolve before blockers are declared (508.2, 509.1): a block
check judges the board after them (``mtgsolver.rules.combat_triggers``), or is undecided with the
reason. And a creature that state-based actions remove (704.5f-h) neither attacks nor blocks."""
from __future__ import annotations

import dataclasses

import pytest

from mtgsolver import check_attacks, check_blocks, load_board, suggest_blocks
from mtgsolver.load import prepare
from mtgsolver.model.board import Board
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import Modify, Source, Subject, TargetSpec, TriggeredAbility, TriggerEvent

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"
LONE = """  - {id: w, name: Warmonger, types: [creature], power: 4, toughness: 4, controller: a}
  - {id: ox, card: Pillarfield Ox, controller: b}
  - {id: ox2, card: Pillarfield Ox, controller: b}
combat:
  attackers: [{creature: w, target: b}]
  blockers: [{creature: ox, blocks: [w]}]
"""
MENACE = ContinuousSpec(gains=(("keyword", "menace"),))


def _with(board: Board, pid: str, *abilities) -> Board:
    """The board with read abilities added to a permanent as printed (as the Oracle readers
    would make them), prepared again."""
    printed = tuple(dataclasses.replace(p, abilities=p.abilities + abilities) if p.id == pid else p
                    for p in board.layers.printed)
    return prepare(board.replace(permanents=printed, effects=board.layers.effects, layers=None))


def _attack_trigger(*effects, optional: bool = False, subject: Affected | None = None, targets=()) -> TriggeredAbility:
    return TriggeredAbility(TriggerEvent("attacks", subject), tuple(effects), targets=tuple(targets), optional=optional,
                            text="Whenever this attacks, it changes.")


def test_508_2_an_attack_trigger_that_grants_menace_makes_a_lone_block_illegal() -> None:
    """Frontier Warmonger's "those creatures gain menace until end of turn", read: it resolved
    before blockers were declared (508.2, 509.1), so one Ox blocking is illegal (702.111b), two are
    legal, and a suggestion never offers one alone."""
    board = _with(load_board(HEAD + LONE), "w",
                  _attack_trigger(Modify(Subject(), MENACE), subject=Affected(types=frozenset({"creature"}))))
    result = check_blocks(board)
    assert result.legal is False and any(v.rule == "702.111b" for v in result.violations)
    assert any(n.startswith("508.2") for n in result.notes)
    both = board.replace(combat=dataclasses.replace(board.combat, blockers=(
        *board.combat.blockers, dataclasses.replace(board.combat.blockers[0], creature="ox2"))))
    assert check_blocks(both).legal is True
    witness = suggest_blocks(board, objective="most-blockers").witness
    assert len([b for b, attackers in witness if "w" in attackers]) != 1


def test_508_2_an_attack_trigger_of_plus_two_power_lets_a_blocker_past_skulk() -> None:
    """702.118b: a creature with greater power can't block a skulk creature. "Whenever ~
    attacks, it gets +2/+0" makes the 1/1 a 3/1 before blockers: the 2/2 may block it."""
    board = load_board(HEAD + """  - {id: w, name: Sneak, types: [creature], power: 1, toughness: 1, keywords: [skulk],
     controller: a}
  - {id: ox, card: Grizzly Bears, controller: b}
combat:
  attackers: [{creature: w, target: b}]
  blockers: [{creature: ox, blocks: [w]}]
""")
    assert check_blocks(board).legal is False
    pumped = _with(board, "w", _attack_trigger(Modify(Source(), ContinuousSpec(gets=(2, 0)))))
    assert check_blocks(pumped).legal is True


def test_603_5_an_optional_attack_trigger_leaves_the_block_undecided_when_the_choice_matters() -> None:
    """"You may" is chosen as it resolves (603.5); the board doesn't say what was chosen: the lone
    block is legal if declined and illegal if not, so it is undecided, and the note says why."""
    board = _with(load_board(HEAD + LONE), "w", _attack_trigger(Modify(Source(), MENACE), optional=True))
    result = check_blocks(board)
    assert result.legal is None and any("603.5" in n for n in result.notes)


def test_an_attack_trigger_with_a_target_is_not_applied_and_leaves_the_block_undecided() -> None:
    """603.3d: its controller chose a target as it was put on the stack; block checks don't try
    the choices: undecided, the read ability listed with the reason."""
    board = _with(load_board(HEAD + LONE), "w",
                  _attack_trigger(Modify(Source(), MENACE), targets=[TargetSpec(frozenset({"creature"}))]))
    result = check_blocks(board)
    assert result.legal is None and result.as_read is True
    assert [u.permanent for u in result.unread] == ["w"] and "not applied" in result.unread[0].reason


def test_an_attack_trigger_whose_effect_is_on_the_board_is_not_applied_twice() -> None:
    """A board whose effects come from the permanent shows what its trigger did: +2/+0 given as a
    ``gets`` effect is not added again."""
    board = load_board(HEAD + LONE + "effects:\n  - {kind: gets, creature: w, pt: [2, 0], source: w}\n")
    pumped = _with(board, "w", _attack_trigger(Modify(Source(), ContinuousSpec(gets=(2, 0)))))
    assert pumped.permanent("w").power == 6 and check_blocks(pumped).legal is True


def test_an_attack_trigger_of_a_creature_that_does_not_attack_does_nothing() -> None:
    """508.3a: "Whenever ~ attacks" of a creature that is not attacking doesn't trigger."""
    board = _with(load_board(HEAD + LONE), "ox2", _attack_trigger(Modify(Source(), MENACE)))
    assert check_blocks(board).legal is True


def test_frontier_warmonger_unread_makes_a_lone_block_undecided_never_legal(real_cards) -> None:
    """Frontier Warmonger gives attackers menace before blockers are declared (508.2, 509.1):
    while its line is unread, a lone block is undecided and the line is listed; read, it is illegal."""
    board = load_board(HEAD + """  - {id: w, card: Frontier Warmonger, controller: a}
  - {id: ox, card: Pillarfield Ox, controller: b}
combat:
  attackers: [{creature: w, target: b}]
  blockers: [{creature: ox, blocks: [w]}]
""", library=real_cards)
    result = check_blocks(board)
    assert result.legal is not True
    if result.legal is None:
        assert [u.permanent for u in result.unread] == ["w"]
        assert "508.2" in result.unread[0].reason


# --------------------------------------------------------------------------- 704.5f-h
def test_704_5f_a_creature_with_toughness_0_neither_blocks_nor_attacks(real_cards) -> None:
    """Weight of the Underworld (-3/-2) on Topan Ascetic (2/2): toughness 0, so the Ascetic is
    put into its owner's graveyard before blockers are declared (704.3, 704.5f): its block is
    illegal (phase.rs agrees)."""
    board = load_board(HEAD + """  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: topan, card: Topan Ascetic, controller: b}
  - {id: weight, card: Weight of the Underworld, controller: a, attached_to: topan}
combat:
  attackers: [{creature: bears, target: b}]
  blockers: [{creature: topan, blocks: [bears]}]
""", library=real_cards)
    result = check_blocks(board)
    assert result.legal is False and [v.rule for v in result.violations] == ["704.5f"]


@pytest.mark.parametrize("fields, rule", [("toughness: 2, damage: 2", "704.5g"),
                                          ("toughness: 2, damage: 1, deathtouch_damage: true", "704.5h"),
                                          ("toughness: 0", "704.5f")])
def test_704_5g_h_lethal_damage_marked_and_deathtouch_damage(fields: str, rule: str) -> None:
    """A creature with lethal damage marked (704.5g) or dealt damage by deathtouch (704.5h)
    would be gone before anyone declares: it neither blocks nor attacks."""
    base = "{id: c, name: C, types: [creature], power: 2, controller: %s, " + fields + "}"
    board = load_board(HEAD + "  - " + base % "b" + """
  - {id: bears, card: Grizzly Bears, controller: a}
combat:
  attackers: [{creature: bears, target: b}]
  blockers: [{creature: c, blocks: [bears]}]
""")
    assert [v.rule for v in check_blocks(board).violations] == [rule]
    attacking = load_board(HEAD + "  - " + base % "a" + "\ncombat:\n  attackers: [{creature: c, target: b}]\n")
    assert [v.rule for v in check_attacks(attacking).violations] == [rule]


def test_an_attack_trigger_that_changes_only_life_and_cards_leaves_the_block_check_decided() -> None:
    """A read "Whenever ~ attacks, you gain 1 life and draw a card" changes no permanent (119.3,
    121): the lone block stays legal and decided; a read trigger that could change combat makes
    combat damage undecided (it isn't applied there)."""
    from mtgsolver import combat_damage
    from mtgsolver.model.effects import Draw, GainLife

    board = _with(load_board(HEAD + LONE), "w", _attack_trigger(GainLife(1), Draw()))
    result = check_blocks(board)
    assert result.legal is True and not result.unread and not result.notes
    pumped = _with(load_board(HEAD + LONE), "w", _attack_trigger(Modify(Source(), ContinuousSpec(gets=(2, 0)))))
    damage = combat_damage(pumped)
    assert damage.decided is None and [u.permanent for u in damage.unread] == ["w"]


def test_508_2_a_trigger_of_entering_or_attacking_resolves_before_blockers() -> None:
    """603.2, 508.3a: "Whenever ~ enters the battlefield or attacks" triggers on the attack too:
    the flying it gains resolves before blockers are declared, so Pillarfield Ox can't block it
    (702.9b)."""
    board = load_board(HEAD + LONE.replace(
        "controller: a}", 'controller: a,\n     text: "Whenever Warmonger enters the battlefield or attacks, it gains '
        'flying until end of turn."}', 1))
    result = check_blocks(board)
    assert result.legal is False and any(v.rule == "702.9b" for v in result.violations)


def test_608_2c_an_if_you_do_effect_of_an_attack_trigger_is_part_of_what_it_does() -> None:
    """"You may discard a card. If you do, destroy target creature." does more than discard
    (608.2c): it could destroy the blocker before blockers are declared (508.2), so the block
    check is undecided with the trigger named, never decided as if it only discarded."""
    board = load_board(HEAD + LONE.replace(
        "controller: a}", 'controller: a,\n     text: "Whenever Warmonger attacks, you may discard a card. If you do, '
        'destroy target creature."}', 1))
    assert board.permanent("w").triggered_abilities
    result = check_blocks(board)
    assert result.legal is None and [u.permanent for u in result.unread] == ["w"]
    assert "read, but not applied" in result.unread[0].reason


def test_603_7c_that_much_is_the_combat_damage_dealt_in_the_event(real_cards) -> None:
    """603.7c, 510.2: Olivia's Attendants deals 6 combat damage to a player: "create that many
    Blood tokens" makes six; Spitemare, dealt 2 by a blocking Grizzly Bears, triggers once and
    "deals that much damage" (2) to its target."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import resolve_stack
    from mtgsolver.rules.turn import deal_combat_damage
    from mtgsolver.solver.resolve import LibraryReader

    class Opponent:
        """Targets the opponent first, orders triggers as listed."""
        def choose(self, key: str, options) -> int:
            return next((i for i, o in enumerate(options) if o == "b"), 0)

    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "turn: {step: combat_damage}\nbattlefield:\n"
                             "  - {id: olivia, card: Olivia's Attendants, controller: a}\n"
                             "  - {id: spite, card: Spitemare, controller: a}\n"
                             "  - {id: bears, card: Grizzly Bears, controller: b}\n", "that-much.yaml", real_cards)
    game = Game(board, LibraryReader(real_cards), Opponent())
    deal_combat_damage(game, [("olivia", "b", 6), ("bears", "spite", 2), ("spite", "bears", 3)])
    resolve_stack(game, 0)
    assert sum(p.name == "Blood Token" for p in game.view().permanents) == 6
    assert game.players["b"].life == 20 - 6 - 2


def test_508_5a_a_target_the_defending_player_controls(real_cards) -> None:
    """508.5a: Master of Diversion's "tap target creature defending player controls" may target
    only a creature of the player it attacks: the Ox, never its controller's own Grizzly Bears;
    outside combat there is no defending player and no legal target."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import resolve_stack
    from mtgsolver.rules.targets import candidates
    from mtgsolver.rules.turn import begin_step, declare_attackers
    from mtgsolver.solver.resolve import LibraryReader

    class First:
        def choose(self, key: str, options) -> int:
            return 0

    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "turn: {step: beginning_of_combat}\nbattlefield:\n"
                             "  - {id: master, card: Master of Diversion, controller: a}\n"
                             "  - {id: bears, card: Grizzly Bears, controller: a}\n"
                             "  - {id: ox, card: Pillarfield Ox, controller: b}\n", "diversion.yaml", real_cards)
    (trigger,) = board.permanent("master").abilities
    game = Game(board, LibraryReader(real_cards), First())
    assert candidates(game, trigger.targets[0], "a", board.permanent("master"), "master") == []
    begin_step(game, "declare_attackers")
    declare_attackers(game, {"master": "b"})
    assert candidates(game, trigger.targets[0], "a", game.perm("master"), "master") == ["ox"]
    resolve_stack(game, 0)
    assert {p.id: p.tapped for p in game.view().permanents} == {"master": True, "bears": False, "ox": True}


def test_615_combat_damage_is_prevented_by_a_shield_of_combat_damage(real_cards) -> None:
    """615.1, 510.2: after Holy Day ("Prevent all combat damage that would be dealt this turn.")
    the combat damage dealt in the turn's combat damage step is prevented: Bob keeps his life,
    Grizzly Bears deals no damage (no "deals combat damage" trigger), Lightning Bolt's damage is
    not combat damage and is dealt."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import deal_damage
    from mtgsolver.rules.turn import deal_combat_damage
    from mtgsolver.solver.resolve import LibraryReader, resolve

    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "zones: {a: {hand: [Holy Day]}}\nbattlefield:\n"
                             "  - {id: bears, card: Grizzly Bears, controller: a}\n", "holy.yaml", real_cards)
    after = resolve(board, ["cast Holy Day"], free=True)
    assert after.resolved, after.reason
    game = Game(after.board, LibraryReader(real_cards), None)  # type: ignore[arg-type]
    deal_combat_damage(game, [("bears", "b", 2)])
    assert game.players["b"].life == 20 and not game.events
    assert deal_damage(game, game.perm("bears"), "b", 3) == 3 and game.players["b"].life == 17


def test_603_2_a_creature_dealt_lethal_damage_still_triggers_on_it(real_cards) -> None:
    """603.2, 704.3: Spitemare and Hill Giant deal each other 3 combat damage and both die as
    state-based actions; Spitemare's "Whenever Spitemare is dealt damage, it deals that much
    damage to any target" triggered as the damage was dealt, before it died, and deals 3 as it
    last existed (608.2h)."""
    from mtgsolver.load import parse_board_text
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import resolve_stack
    from mtgsolver.rules.turn import deal_combat_damage
    from mtgsolver.solver.resolve import LibraryReader

    class Opponent:
        def choose(self, key: str, options) -> int:
            return next((i for i, o in enumerate(options) if o == "b"), 0)

    board = parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\n"
                             "turn: {step: combat_damage}\nbattlefield:\n"
                             "  - {id: spite, card: Spitemare, controller: a}\n"
                             "  - {id: giant, card: Hill Giant, controller: b}\n", "spitemare.yaml", real_cards)
    game = Game(board, LibraryReader(real_cards), Opponent())
    deal_combat_damage(game, [("giant", "spite", 3), ("spite", "giant", 3)])
    resolve_stack(game, 0)
    assert not game.view().permanents and game.players["b"].life == 17
