"""What an unread line could change, against what can change a declaration (docs/unread.md,
solver/relevance.py ``_Declaration.irrelevant`` and ``_not_now``): each aspect judged
irrelevant is so on its own side only."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mtgsolver import check_attacks, check_blocks, combat_damage, load_board

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"
ATTACK = """  - {id: bears, name: Bear, types: [creature], power: 2, toughness: 2, controller: a}
  - {id: ox, name: Ox, types: [creature], power: 2, toughness: 4, controller: b}
combat:
  attackers: [{creature: bears, target: b}]
"""
BLOCKERS = "  blockers: [{creature: ox, blocks: [bears]}]\n"
BLOCK = ATTACK + BLOCKERS


def _relic(text: str) -> str:
    return f"  - {{id: relic, name: Relic, types: [enchantment], controller: b, text: \"{text}\"}}\n"


def test_508_1_what_may_block_bears_on_blocks_and_not_on_attacks() -> None:
    """The defending player's "Each creature you control can block an additional creature each
    combat" (unread) changes what may block (509.1a): it bears on the block check and not on the
    attack check (508.1)."""
    text = "Each creature you control can block an additional creature each combat."
    attacks = check_attacks(load_board(HEAD + _relic(text) + ATTACK))
    assert attacks.legal is True and "what may block" in attacks.not_relevant[0].reason
    blocks = check_blocks(load_board(HEAD + _relic(text) + BLOCK))
    assert blocks.legal is None and [u.permanent for u in blocks.unread] == ["relic"]


def test_115_targeting_rules_dont_bear_where_nothing_targets() -> None:
    """"Creatures your opponents control can't be the targets of spells" (unread, 115.1) changes
    what may be targeted: nothing targets before blockers are declared on this board."""
    result = check_blocks(load_board(HEAD + _relic("Creatures your opponents control can't be the targets of spells.")
                                     + BLOCK))
    assert result.legal is True and "what may be targeted" in result.not_relevant[0].reason


def test_702_109a_a_dash_line_bears_on_the_attack_of_a_summoning_sick_creature(real_cards) -> None:
    """Dash (702.109a) works as the card is cast (113.6d), but a creature cast for its dash cost
    has haste, which the board can't show: on a summoning-sick Mardu Scout without haste the Dash
    line bears on its attack (302.6); with haste (Fervor) or not sick it can't."""
    def attack(sick: bool, fervor: bool):
        board = load_board(HEAD + f"  - {{id: scout, card: Mardu Scout, controller: a, summoning_sick: {str(sick).lower()}}}\n"
                           + ("  - {id: fervor, card: Fervor, controller: a}\n" if fervor else "")
                           + "combat:\n  attackers: [{creature: scout, target: b}]\n", library=real_cards)
        return check_attacks(board)
    sick = attack(True, False)
    assert sick.legal is None and [u.line.split(" ")[0] for u in sick.unread] == ["Dash"]
    for hasty in (attack(True, True), attack(False, False)):
        assert hasty.legal is True and "113.6d" in hasty.not_relevant[0].reason


def test_603_4_an_attack_trigger_whose_intervening_if_fails_is_not_relevant() -> None:
    """603.4: "Whenever Bear attacks, if you have 30 or more life, ..." doesn't trigger at 20 life
    (the attack trigger could otherwise act before blockers, 508.2)."""
    bear = ("  - {id: bears, name: Bear, types: [creature], power: 2, toughness: 2, controller: a, text: \"Whenever "
            "Bear attacks, if you have 30 or more life, exchange control of two target creatures.\"}\n")
    result = check_blocks(load_board(HEAD + bear + BLOCK.split("\n", 1)[1]))
    assert result.legal is True
    assert 'its intervening "if" clause doesn\'t hold' in result.not_relevant[0].reason
    assert "(603.4): life at least 30" in result.not_relevant[0].reason


def test_508_3b_a_trigger_on_being_attacked_bears_for_the_defending_player() -> None:
    """508.3b: the defending player's "Whenever a creature attacks you" triggers on this attack."""
    result = check_blocks(load_board(HEAD + _relic("Whenever a creature attacks you, exchange control of two target "
                                                   "creatures.") + BLOCK))
    assert result.legal is None and [u.permanent for u in result.unread] == ["relic"]


def test_509_1_a_blocking_restriction_bears_on_the_blocker_not_on_the_attacker() -> None:
    """"As long as ~ is (un)tapped, ~ can block only creatures with flying" (unread: the condition
    with its restriction isn't read) restricts the creature's own blocks (509.1a): on the
    attacking, tapped Bear (508.1f) it can't change the blocks; on the untapped blocking Ox it can."""
    def result(creature: str, state: str):
        text = f"As long as {creature} is {state}, {creature} can block only creatures with flying."
        board = load_board(HEAD + ATTACK.replace(f"name: {creature}, ", f"name: {creature}, text: \"{text}\", ")
                           + BLOCKERS)
        assert board.permanent("bears" if creature == "Bear" else "ox").unread == (text,)
        return check_blocks(board)
    on_attacker = result("Bear", "tapped")
    assert on_attacker.legal is True and "what may block" in on_attacker.not_relevant[0].reason
    on_blocker = result("Ox", "untapped")
    assert on_blocker.legal is None and [u.permanent for u in on_blocker.unread] == ["ox"]


def test_510_a_combat_line_of_a_creature_in_combat_bears_on_its_damage() -> None:
    """510.1: an unread combat trigger of the attacking Bear ("Whenever Bear blocks or becomes
    blocked", 509.3) bears on the combat damage it deals and is dealt; the same line on Idle, out of
    combat, doesn't."""
    def line(name: str) -> str:
        return f"Whenever {name} blocks or becomes blocked, exchange control of two target creatures."
    idle = (f"  - {{id: idle, name: Idle, types: [creature], power: 1, toughness: 1, controller: a, "
            f"text: \"{line('Idle')}\"}}\n")
    board = load_board(HEAD + idle + ATTACK.replace("name: Bear, ", f"name: Bear, text: \"{line('Bear')}\", ")
                       + BLOCKERS)
    result = combat_damage(board)
    assert result.decided is None and [u.permanent for u in result.unread] == ["bears"]
    assert [u.permanent for u in result.not_relevant] == ["idle"]


def test_603_8_a_state_triggers_reason_quotes_its_state(real_cards) -> None:
    """603.8: Sea Serpent's "When you control no Islands, sacrifice ~" with an Island in play: the
    reason names the state that doesn't hold."""
    board = load_board(HEAD + """  - {id: serpent, card: Sea Serpent, controller: a}
  - {id: own, card: Island, controller: a}
combat:
  attackers: [{creature: serpent, target: b}]
""", library=real_cards)
    [line] = check_attacks(board).not_relevant
    assert 'whose state, "you control no islands", doesn\'t hold' in line.reason


def test_508_1_the_attacking_players_tapping_of_their_own_creatures_bears_on_attacks() -> None:
    """"At the beginning of combat on your turn, you may tap any number of untapped creatures you
    control" (unread) of the attacking player acts before attackers are declared (507.1, 508.1):
    a tapped creature can't attack (508.1a), so it bears on the attack check."""
    text = "At the beginning of combat on your turn, you may tap any number of untapped creatures you control."
    result = check_attacks(load_board(HEAD + _relic(text).replace("controller: b", "controller: a") + ATTACK))
    assert result.legal is None and [u.permanent for u in result.unread] == ["relic"]


def test_509_1_how_the_attacker_itself_may_be_blocked_bears_on_blocks() -> None:
    """The attacking Bear's "Bear must be blocked if able as long as you have 30 or less life"
    (unread) is a blocking requirement (509.1c) on the attacker: it bears on the block check."""
    text = "Bear must be blocked if able as long as you have 30 or less life."
    result = check_blocks(load_board(HEAD + BLOCK.replace("name: Bear, ", f"name: Bear, text: \"{text}\", ")))
    assert result.legal is None and [u.permanent for u in result.unread] == ["bears"]


def test_613_1b_an_aura_of_the_other_player_taking_control_bears_on_attacks() -> None:
    """The defending player's Aura on the attacking Bear, "You control enchanted creature as long
    as it's tapped" (unread): control of the Bear could change (613.1b), and a creature attacks
    only for its controller (508.1a); it bears on the attack check."""
    aura = ("  - {id: grip, name: Grip, types: [enchantment], subtypes: [aura], controller: b, attached_to: bears, "
            "text: \"You control enchanted creature as long as it's tapped.\"}\n")
    result = check_attacks(load_board(HEAD + aura + ATTACK))
    assert result.legal is None and [u.permanent for u in result.unread] == ["grip"]


def test_509_1_an_unattached_equipments_line_is_judged_without_a_creature() -> None:
    """An Equipment attached to nothing (301.5c) whose unread line grants "equipped creature" a
    trigger: the line is judged (here it bears) with no creature to be its subject."""
    text = "Equipped creature has 'Whenever this creature blocks, exchange control of two target creatures.'"
    blade = f"  - {{id: blade, name: Blade, types: [artifact], subtypes: [equipment], controller: b, text: \"{text}\"}}\n"
    result = check_blocks(load_board(HEAD + blade + BLOCK))
    assert result.legal is None and [u.permanent for u in result.unread] == ["blade"]


def test_506_2_the_controller_of_an_attacked_planeswalker_is_a_defending_player() -> None:
    """A creature attacking a planeswalker (506.2, 508.1b): its controller is a defending player,
    whose Ox could block; Ox's "Ox can block only creatures with flying as long as it's untapped"
    (unread) bears on the block check."""
    walker = "  - {id: walker, name: Walker, types: [planeswalker], subtypes: [jace], loyalty: 3, controller: b}\n"
    text = "Ox can block only creatures with flying as long as it's untapped."
    board = HEAD + walker + BLOCK.replace("name: Ox, ", f"name: Ox, text: \"{text}\", ").replace("target: b", "target: walker")
    result = check_blocks(load_board(board))
    assert result.legal is None and [u.permanent for u in result.unread] == ["ox"]


def test_603_2_a_trigger_on_what_another_trigger_causes_bears_on_blocks() -> None:
    """603.2: Bear's "Whenever Bear attacks, you gain 1 life" and Horn's "Whenever a creature you
    control attacks, draw a card" (unread) trigger on the attack; the life gained triggers Chime's
    "Whenever you gain life, exchange control of two target creatures" before blockers are
    declared (508.2), which bears on the block check whichever trigger is listed first."""
    bear = "Whenever Bear attacks, you gain 1 life."
    horn = ("  - {id: horn, name: Horn, types: [artifact], controller: a, text: \"Whenever a creature you control "
            "attacks, draw a card.\"}\n")
    chime = ("  - {id: chime, name: Chime, types: [artifact], controller: a, text: \"Whenever you gain life, exchange "
             "control of two target creatures.\"}\n")
    for first, then in ((horn, chime), (chime, horn)):
        board = HEAD + BLOCK.replace("name: Bear, ", f"name: Bear, text: \"{bear}\", ").replace(
            "combat:", first + then + "combat:")
        result = check_blocks(load_board(board))
        assert result.legal is None and [u.permanent for u in result.unread] == ["chime"]


def test_603_2_isshins_doubling_bears_where_an_unread_attack_trigger_can_trigger(real_cards) -> None:
    """Isshin, Two Heavens as One (unread: "... that ability triggers an additional time") bears on
    the block check where the attacking Bear's unread "Whenever Bear attacks, exchange control of
    two target creatures" could trigger on the attack (508.3a, 603.2), though no read trigger did."""
    bear = "Whenever Bear attacks, exchange control of two target creatures."
    board = HEAD + "  - {id: isshin, card: 'Isshin, Two Heavens as One', controller: a}\n" \
        + BLOCK.replace("name: Bear, ", f"name: Bear, text: \"{bear}\", ")
    result = check_blocks(load_board(board, library=real_cards))
    assert result.legal is None and sorted(u.permanent for u in result.unread) == ["bears", "isshin"]



def _theirs(text: str) -> str:
    return _relic(text).replace("controller: b", "controller: a")


def _ox(text: str) -> str:
    return HEAD + BLOCK.replace("name: Ox, ", f"name: Ox, text: \"{text}\", ")


@pytest.mark.parametrize(("board", "check", "reason"), [
    # 508.4: a creature token of the attacking player created after attackers are declared neither attacks nor blocks
    (HEAD + _theirs("Whenever a creature you control attacks, create a 1/1 white Soldier creature token.") + BLOCK,
     check_blocks, "creature tokens of its controller"),
    # 122.1: nothing puts counters on a permanent before blockers on this board
    (HEAD + _relic("Creatures your opponents control can't have counters put on them.") + BLOCK, check_blocks,
     "whether counters can be put on"),
    # 505.1: the precombat main phase has begun already; attackers are declared before another
    (HEAD + _theirs("At the beginning of your precombat main phase, exchange control of two target creatures.")
     + ATTACK, check_attacks, "precombat main"),
    # 302.6: haste matters only to a creature that came under its controller's control this turn; none did
    (HEAD + _theirs("Creatures you control have haste as long as you control an Oddity named Bear.") + ATTACK,
     check_attacks, "haste"),
    # 508.3a: the attack trigger waits for an enchanted creature to attack; the attacking Bear has no Aura
    (HEAD + _theirs("Whenever an enchanted creature you control attacks, exchange control of two target creatures.")
     + BLOCK, check_blocks, "no enchanted creature is attacking"),
    # 702.14c: landwalk matters only to an attacking creature; the Ox blocks
    (_ox("Ox has swampwalk as long as it's untapped."), check_blocks, "swampwalk"),
    (_ox("As long as you have 20 or less life, it has swampwalk."), check_blocks, "swampwalk"),
])
def test_lines_that_cant_change_the_declaration_are_not_relevant(board: str, check: Callable[..., Any], reason: str) -> None:
    """Unread lines whose aspects can't change the declaration on this board: the answer is
    decided, and the line is listed as not relevant with why."""
    result = check(load_board(board))
    assert result.legal is True and not result.unread and reason in result.not_relevant[0].reason


def test_611_3b_a_control_condition_bears_where_a_creature_may_enter_before_attacks() -> None:
    """Bear's "As long as you control a Wizard, Bear attacks each combat if able" (unread): its
    condition fails on the board, but Horn's "At the beginning of combat on your turn, create a 1/1
    blue Wizard creature token" can make it hold before attackers are declared (507.1, 611.3b)."""
    horn = ("  - {id: horn, name: Horn, types: [artifact], controller: a, text: \"At the beginning of combat on your "
            "turn, create a 1/1 blue Wizard creature token.\"}\n")
    attack = ATTACK.replace("name: Bear, ", "name: Bear, text: \"As long as you control a Wizard, Bear attacks each "
                            "combat if able.\", ")
    result = check_attacks(load_board(HEAD + horn + attack))
    assert result.legal is None and sorted(u.permanent for u in result.unread) == ["bears", "horn"]
    alone = check_attacks(load_board(HEAD + attack))
    assert alone.legal is True and "611.3b" in alone.not_relevant[0].reason


def test_509_1_raised_power_lowered_toughness_life_and_granted_triggers_cant_change_blocks() -> None:
    """Before blockers, with nothing comparing power or toughness (Rod's "double target creature's
    power" waits to be activated, 602.1): Bear's attack trigger giving it
    dethrone (702.105a) only raises its power; Ox's "gets -3/-3" on being attacked leaves its
    toughness of 4 above 0 (704.5f), "-4/-4" would not; "Players can't gain life" changes life
    totals (119); a granted combat damage trigger waits for combat damage (510.2, 603.2)."""
    def result(down: int):
        bear = "Whenever Bear attacks, Bear gains dethrone until end of turn."
        ox = f"Whenever a creature attacks you, Ox gets -{down}/-{down} until end of turn."
        board = load_board(HEAD + _relic("Players can't gain life.")
                           + _relic("{2}: Double target creature's power until end of turn.").replace("relic", "rod")
                           + _relic("Each creature you control that's a Bear has \\\"Whenever this creature deals "
                                    "combat damage to a player, draw a card.\\\"").replace("relic", "totem")
                           + BLOCK.replace("name: Bear, ", f"name: Bear, text: \"{bear}\", ")
                           .replace("name: Ox, ", f"name: Ox, text: \"{ox}\", "))
        assert all(board.permanent(p).unread for p in ("relic", "rod", "totem", "bears", "ox"))
        return check_blocks(board)
    survives = result(3)
    assert survives.legal is True and not survives.unread
    assert {u.permanent: u.reason for u in survives.not_relevant} == {
        "relic": "it can't change which blocks are legal: it changes only life totals (509.1)",
        "rod": "an activated ability does nothing until a player activates it (602.1); the declaration is judged on "
               "the board as it is, with what has resolved on it",
        "totem": "it can't change which blocks are legal: it changes only a granted triggered ability that waits for "
                 "combat damage (509.1)",
        "bears": "its effect can't change which blocks are legal: it changes only dethrone (509.1)",
        "ox": "its effect can't change which blocks are legal: it changes only toughness, lowered by 3 without "
              "reaching 0 (509.1)"}
    dies = result(4)
    assert dies.legal is None and [u.permanent for u in dies.unread] == ["ox"]


def test_509_1_a_blocking_restriction_on_the_attacker_speaks_of_the_defending_players_creatures() -> None:
    """Bear's own "Creatures your opponents control can block only creatures with flying" (509.1a)
    is about the blockers, not about Bear: it bears on the blocks."""
    text = "Creatures your opponents control can block only creatures with flying."
    result = check_blocks(load_board(HEAD + BLOCK.replace("name: Bear, ", f"name: Bear, text: \"{text}\", ")))
    assert result.legal is None and [u.line for u in result.unread] == [text]


def test_603_2_a_step_trigger_waits_for_its_step() -> None:
    """"At the beginning of your upkeep" (503.1) can't trigger between the declarations of
    attackers and blockers: the reason names the step."""
    [line] = check_blocks(load_board(HEAD + _relic("At the beginning of your upkeep, exchange control of two target "
                                                   "creatures.") + BLOCK)).not_relevant
    assert line.reason.startswith("it waits for the upkeep step, which can't happen between the declaration of "
                                  "attackers and that of blockers")


@pytest.mark.parametrize("attacks", [False, True])
def test_603_8_a_state_trigger_sacrificing_its_permanent_bears_only_where_it_takes_part(real_cards, attacks) -> None:
    """Endrek Sahr, Master Breeder's "When you control seven or more Thrulls, sacrifice ~" holds with
    exactly seven (603.8). Sacrificing Endrek can change the blocks only where Endrek attacks."""
    thrulls = "".join(f"  - {{id: t{i}, name: Thrull, types: [creature], subtypes: [thrull], power: 1, toughness: 1, "
                      "controller: a, token: true}\n" for i in range(7))
    board = load_board(HEAD + "  - {id: endrek, card: \"Endrek Sahr, Master Breeder\", controller: a}\n" + thrulls
                       + BLOCK.replace("target: b}", "target: b}" + ", {creature: endrek, target: b}" * attacks),
                       library=real_cards)
    result = check_blocks(board)
    sacrifice = "When you control seven or more Thrulls, sacrifice Endrek Sahr, Master Breeder."
    if attacks:
        assert result.legal is None and [u.line for u in result.unread] == [sacrifice]
    else:
        assert result.legal is True and {u.line: u.reason for u in result.not_relevant}[sacrifice] == (
            "its effect can't change which blocks are legal: it changes only whether it stays on the battlefield, "
            "where it neither takes part nor grants anything (509.1)")


BLOCKED_BY_OX = """  - {id: ox, name: Ox, types: [creature], power: 2, toughness: 4, controller: b}
combat:
  attackers: [{creature: bears, target: b}]
  blockers: [{creature: ox, blocks: [bears]}]
"""


def _blocks_with(real_cards, text: str):
    return check_blocks(load_board(HEAD + text + BLOCKED_BY_OX, library=real_cards))


def test_702_63a_vanishing_is_judged_ability_by_ability_before_blockers(real_cards) -> None:
    """Calciderm's vanishing is three abilities (702.63a): one as it enters (614.1c), two triggers
    waiting for the upkeep (503.1) and for a time counter removed: none acts before blockers."""
    result = _blocks_with(real_cards, "  - {id: calciderm, card: Calciderm, controller: b}\n"
                                      "  - {id: bears, card: Grizzly Bears, controller: a}\n")
    before = "which can't happen between the declaration of attackers and that of blockers (508.2, 509.1, 603.2)"
    assert result.legal is True and [u.reason for u in result.not_relevant] == [
        "it applies as Calciderm enters the battlefield (113.6h, 614.1c); Calciderm is already on the battlefield; "
        f"it waits for the upkeep step, {before}; it waits for counters being put or removed, {before}"]


def test_508_1f_a_trigger_on_a_creature_becoming_tapped_bears_on_blocks() -> None:
    """Bear, attacking without vigilance, became tapped (508.1f): the defending player's "Whenever a
    creature becomes tapped" triggered before blockers are declared (509.1)."""
    result = check_blocks(load_board(HEAD + _relic("Whenever a creature becomes tapped, exchange control of two "
                                                   "target creatures.") + BLOCK))
    assert result.legal is None and [u.permanent for u in result.unread] == ["relic"]


def test_502_3_an_untap_step_line_and_a_static_of_a_creature_out_of_combat_dont_bear_on_blocks(real_cards) -> None:
    """Colossus of Sardia's "doesn't untap during your untap step" works only in an untap step
    (502.3); "Oddity has protection from the chosen color" speaks only of Oddity, which neither
    attacks nor could block (509.1)."""
    oddity = ("  - {id: odd, name: Oddity, types: [creature], power: 2, toughness: 2, controller: a, "
              "text: \"Oddity has protection from the chosen color.\"}\n")
    result = _blocks_with(real_cards, "  - {id: colossus, card: Colossus of Sardia, controller: b}\n" + oddity
                          + "  - {id: bears, card: Grizzly Bears, controller: a}\n")
    assert result.legal is True and {u.permanent: u.reason for u in result.not_relevant} == {
        "colossus": "it applies only in an untap step (502.3)",
        "odd": "it speaks only of Oddity, which neither attacks nor could block"}


def test_508_3a_a_read_attack_trigger_that_did_not_trigger_is_not_relevant(real_cards) -> None:
    """Gravity Well's "Whenever a creature with flying attacks" (read) didn't trigger on Grizzly
    Bears' attack (508.3a): the blocks are decided."""
    result = _blocks_with(real_cards, "  - {id: well, card: Gravity Well, controller: b}\n"
                                      "  - {id: bears, card: Grizzly Bears, controller: a}\n")
    assert result.legal is True
    assert [u.reason for u in result.not_relevant] == ["it did not trigger on the declared attack (508.3a, 603.2)"]


def test_603_2_a_read_trigger_causes_the_events_of_its_effects(real_cards) -> None:
    """Sun Titan's attack trigger (read, not applied: it targets) returns a card to the battlefield
    (603.2: a permanent enters); nothing leaves, so "Whenever a permanent leaves the battlefield"
    can't trigger before blockers though the trigger's words say "leaves"."""
    leaves = "Whenever a permanent leaves the battlefield, exchange control of two target creatures."
    result = _blocks_with(real_cards, _relic(leaves) + "  - {id: bears, card: Sun Titan, controller: a}\n")
    assert [u.permanent for u in result.unread] == ["bears"]
    assert [u.reason for u in result.not_relevant] == [
        "it waits for a permanent leaving the battlefield, which can't happen between the declaration of attackers "
        "and that of blockers (508.2, 509.1, 603.2)"]


def test_507_a_read_beginning_of_combat_trigger_bears_on_attacks_with_its_reason(real_cards) -> None:
    """Goblin Rabblemaster's "At the beginning of combat on your turn, create a 1/1 red Goblin"
    (read) triggers before attackers are declared (507.1): the attack check doesn't apply it."""
    board = load_board(HEAD + "  - {id: rabble, card: Goblin Rabblemaster, controller: a}\n"
                       "combat:\n  attackers: [{creature: rabble, target: b}]\n", library=real_cards)
    result = check_attacks(board)
    assert result.legal is None and [u.reason for u in result.unread] == [
        "read, but attacks checks don't apply it: it could trigger before attackers are declared (507, 508.1, 603.2)"]


MODES = "\\n• Exchange control of two target creatures.\\n• You gain 1 life."


def test_700_2_a_modal_lines_rows_are_judged_with_it(real_cards) -> None:
    """A modal ability does what its modes do (700.2): Totem's "{T}: Choose one —" whose modes add
    mana could pay Ghostly Prison's attack cost (508.1d, 508.1i), like its rows; Oddity's "Whenever
    Oddity attacks, choose one —" and its rows wait for Oddity attacking (508.3a); a row whose
    modal line isn't on the permanent is judged as a trigger on an event not named (603.2)."""
    totem = ("  - {id: totem, name: Totem, types: [artifact], controller: a, "
             "text: \"{T}: Choose one —\\n• Add {R}.\\n• Add {G}.\"}\n")
    attack = check_attacks(load_board(HEAD + "  - {id: prison, card: Ghostly Prison, controller: b}\n"
                                      "  - {id: bears, card: Grizzly Bears, controller: a}\n" + totem
                                      + "combat:\n  attackers: [{creature: bears, target: b}]\n", library=real_cards))
    assert [u.line for u in attack.unread] == ["{T}: Choose one —", "• Add {R}.", "• Add {G}."]
    oddity = ("  - {id: odd, name: Oddity, types: [creature], power: 2, toughness: 2, controller: a, "
              f"text: \"Whenever Oddity attacks, choose one —{MODES}\"}}\n")
    idle = check_blocks(load_board(HEAD + oddity + BLOCK))
    assert idle.legal is True
    assert [u.reason for u in idle.not_relevant] == ["Oddity is not attacking (508.3a, 508.1f)"] * 3
    row = check_blocks(load_board(HEAD + _relic("• Exchange control of two target creatures.") + BLOCK))
    assert row.legal is None and [u.permanent for u in row.unread] == ["relic"]
