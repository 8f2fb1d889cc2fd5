"""Undecided only when it could matter (docs/unread.md): every unread line of the board is in an
answer's ``unread`` (it could change it) or in ``not_relevant`` with the reason it can't, judged
by when the line works (113.6, 603.2) and what it could change (509.1, 508.1, 601.2g)."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from mtgsolver import check_attacks, check_blocks, combat_damage, load_board, pay
from mtgsolver.cli import app
from mtgsolver.model import CardLibrary
from mtgsolver.model.errors import BoardError
from mtgsolver.read.line_forms import line_form

from .support import ci_only

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"


def _board(text: str, library: CardLibrary | None = None):
    return load_board(HEAD + text, library=library)


def _reasons(result) -> dict[str, str]:
    return {u.line: u.reason for u in result.not_relevant}


BLOCK = """combat:
  attackers: [{creature: bears, target: b}]
  blockers: [{creature: blocker, blocks: [bears]}]
"""


def test_enters_lines_activated_abilities_and_a_declinable_attack_trigger_leave_a_block_check_decided(
        real_cards) -> None:
    """An enters trigger of a permanent in play (603.6a), "enters the battlefield tapped unless"
    on a land in play (614.1c), an activated ability (602.1) and an attack trigger that only mills
    (508.2: it resolves before blockers, but changes no permanent) can't change which blocks are
    legal: the check is decided and lists each with its reason."""
    board = _board("""  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: shaper, card: World Shaper, controller: a}
  - {id: seer, card: Cloudkin Seer, controller: b}
  - {id: blocker, card: Dwarven Miner, controller: b}
  - {id: barrens, card: Scoured Barrens, controller: b}
  - {id: retreat, card: Clifftop Retreat, controller: b}
combat:
  attackers: [{creature: bears, target: b}, {creature: shaper, target: b}]
  blockers: [{creature: blocker, blocks: [bears]}]
""", real_cards)
    result = check_blocks(board)
    assert result.legal is True and result.as_read is None and not result.unread
    reasons = _reasons(result)
    assert "603.6a" in reasons["When Cloudkin Seer enters the battlefield, draw a card."]
    assert "Scoured Barrens enters the battlefield tapped." not in reasons  # read: enters_tapped
    assert board.permanent("barrens").has("enters_tapped")  # read (603.6d): no longer a line not read
    assert "614.1c" in reasons["Clifftop Retreat enters the battlefield tapped unless you control a Mountain or a "
                               "Plains."]
    assert "602.1" in reasons["{2}{R}, {T}: Destroy target nonbasic land."]
    assert "cards in hands" in reasons["Whenever World Shaper attacks, you may mill three cards."]
    assert "dying" in reasons["When World Shaper dies, return all land cards from your graveyard to the battlefield "
                              "tapped."]


#: forms of a line that can't bear on a block declaration whatever it says
_NEVER = ("enters", "activated", "spell", "zone", "untap_step", "attachment")


def _harmless(line: str, name: str) -> bool:
    """An enters trigger, an enters replacement, an activated ability, or an attack trigger
    whose effect changes only life totals or cards."""
    form = line_form(line, name)
    if form.form in _NEVER or form.events == frozenset({"enters_self"}):
        return True
    return form.form == "triggered" and form.events == frozenset({"attacks"}) and re.fullmatch(
        r"(?:you may )?(?:draw a card|draw two cards|scry \d|you gain \d+ life|mill \w+ cards?|surveil \d)\.",
        form.effect.lower()) is not None


@ci_only("block checks of 400 of the pool's creatures")
def test_pool_creatures_whose_unread_lines_are_only_enters_activated_or_harmless_attack_triggers_are_decided(
        real_cards) -> None:
    """On the pool's creature cards: a block check whose only lines not applied (unread, or read
    as triggered and activated abilities) are enters triggers, "enters tapped", activated
    abilities or attack triggers that change no permanent is decided, with the card attacking and
    with the card blocking. (A read trigger that could change the blocks, Bloodhall Priest's
    "Whenever ~ enters the battlefield or attacks, if you have no cards in hand, ~ deals 2 damage
    to any target", keeps its card out.)"""
    names = []
    for card in real_cards.cards():
        if "creature" not in card.types or card.power is None or not card.toughness:
            continue
        try:
            perm = _board(f"  - {{id: x, card: {json.dumps(card.name)}, controller: a}}\n", real_cards).permanent("x")
        except BoardError:  # a card whose board entry needs a choice made as it entered (chosen_type)
            continue
        if perm.lines and all(_harmless(line, card.name) for line in perm.lines):
            names.append(card.name)
        if len(names) >= 400:
            break
    assert len(names) >= 400
    for name in names:
        for attacker, blocker in ((name, "Grizzly Bears"), ("Grizzly Bears", name)):
            board = _board(f"""  - {{id: bears, card: {json.dumps(attacker)}, controller: a}}
  - {{id: blocker, card: {json.dumps(blocker)}, controller: b}}
""" + BLOCK, real_cards)
            result = check_blocks(board)
            assert result.legal is not None and not result.unread, (name, result.unread)


def test_an_attack_trigger_of_an_aura_is_listed_and_makes_the_block_check_undecided(real_cards) -> None:
    """508.2, 509.1: Writ of Passage's "Whenever enchanted creature attacks, if its power is 2
    or less, it can't be blocked this turn" resolves before blockers are declared: on the
    attacking Grizzly Bears it is listed and the lone block is undecided (it is in fact illegal)."""
    board = _board("""  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: writ, card: Writ of Passage, controller: a, attached_to: bears}
  - {id: blocker, card: Pillarfield Ox, controller: b}
""" + BLOCK, real_cards)
    result = check_blocks(board)
    assert result.legal is None and result.as_read is True
    assert [u.permanent for u in result.unread] == ["writ"] and result.unread[0].line.startswith("Whenever enchanted")


def test_an_auras_attack_trigger_on_a_creature_that_does_not_attack_is_not_relevant(real_cards) -> None:
    """508.3a: the same trigger on the blocking Ox can't trigger on this attack; a scry on the
    attacker changes no permanent; Celestial Mantle waits for combat damage."""
    board = _board("""  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: impetus, card: Psychic Impetus, controller: a, attached_to: bears}
  - {id: mantle, card: Celestial Mantle, controller: a, attached_to: bears}
  - {id: blocker, card: Pillarfield Ox, controller: b}
  - {id: writ, card: Writ of Passage, controller: b, attached_to: blocker}
""" + BLOCK, real_cards)
    result = check_blocks(board)
    assert result.legal is True and not result.unread
    reasons = {u.permanent: u.reason for u in result.not_relevant if u.line.startswith("Whenever enchanted creature")}
    assert "not attacking (508.3a" in reasons["writ"]
    assert "cards in hands" in reasons["impetus"]
    assert "combat damage" in reasons["mantle"]


def test_a_static_whose_condition_is_false_on_the_board_is_not_relevant(real_cards) -> None:
    """611.3b: Michonne, Ruthless Survivor "must be blocked if able as long as she's equipped"
    (a line not read); unequipped, the lone block is legal; equipped (Bonesplitter), the line
    could change the answer."""
    plain = """  - {id: bears, card: "Michonne, Ruthless Survivor", controller: a}
  - {id: blocker, card: Pillarfield Ox, controller: b}
"""
    result = check_blocks(_board(plain + BLOCK, real_cards))
    assert result.legal is True and "611.3b" in _reasons(result)[
        "As long as Michonne is equipped, she must be blocked if able."]
    equipped = plain + "  - {id: sword, card: Bonesplitter, controller: a, attached_to: bears}\n"
    assert check_blocks(_board(equipped + BLOCK, real_cards)).legal is None


def test_a_static_of_the_source_with_its_condition_first_is_read(real_cards) -> None:
    """611.3b: "As long as Armory Veteran is equipped, it has menace": "it" is Armory Veteran;
    unequipped a lone Ox may block it, equipped (Bonesplitter) not (702.111b)."""
    plain = """  - {id: bears, card: Armory Veteran, controller: a}
  - {id: blocker, card: Pillarfield Ox, controller: b}
"""
    result = check_blocks(_board(plain + BLOCK, real_cards))
    assert result.legal is True and not result.unread
    equipped = plain + "  - {id: sword, card: Bonesplitter, controller: a, attached_to: bears}\n"
    assert check_blocks(_board(equipped + BLOCK, real_cards)).legal is False


def test_a_level_section_applies_only_at_its_levels(real_cards) -> None:
    """711.2: Lord of Shatterskull Pass's LEVEL 6+ section ("Whenever ~ attacks, it deals 6
    damage to each creature defending player controls") doesn't apply with 5 level counters:
    the permanent doesn't have it and the block check is decided; with 6, the attack trigger
    resolves before blockers are declared (508.2, 509.1) and could destroy the blocker: the
    check is undecided and names it."""
    line = ("Whenever Lord of Shatterskull Pass attacks, it deals 6 damage to each creature defending player "
            "controls.")
    for level, decided in ((5, True), (6, False)):
        board = _board(f"""  - {{id: bears, card: Lord of Shatterskull Pass, controller: a,
     counters: {{level: {level}}}}}
  - {{id: blocker, card: Pillarfield Ox, controller: b}}
""" + BLOCK, real_cards)
        result = check_blocks(board)
        assert (result.legal is not None) is decided
        listed = [u.line for u in result.unread + result.not_relevant]
        assert (line in listed) is not decided and (line in [u.line for u in result.unread]) is not decided


def test_a_state_trigger_whose_state_doesnt_hold_is_not_relevant(real_cards) -> None:
    """603.8: Sea Serpent's "When you control no Islands, sacrifice ~" triggers at once when its
    controller has no Island: then the attack check is undecided; with an Island it is decided."""
    serpent = """  - {id: serpent, card: Sea Serpent, controller: a}
  - {id: island, card: Island, controller: b}
combat:
  attackers: [{creature: serpent, target: b}]
"""
    assert check_attacks(_board(serpent, real_cards)).legal is None
    kept = check_attacks(_board("  - {id: own, card: Island, controller: a}\n" + serpent, real_cards))
    assert kept.legal is True and "603.8" in _reasons(kept)["When you control no Islands, sacrifice Sea Serpent."]


def test_lands_that_enter_tapped_leave_a_payment_decided(real_cards) -> None:
    """614.1c: "enters the battlefield tapped" of a land in play and its enters trigger can't
    change what can be paid: {W} from Scoured Barrens or Clifftop Retreat is payable, decided."""
    board = _board("""  - {id: barrens, card: Scoured Barrens, controller: a}
  - {id: retreat, card: Clifftop Retreat, controller: a}
""", real_cards)
    result = pay(board, "{W}")
    assert result.payable is True and not result.unread
    assert "614.1c" in _reasons(result)["Clifftop Retreat enters the battlefield tapped unless you control a Mountain "
                                        "or a Plains."]
    assert "Scoured Barrens enters the battlefield tapped." not in _reasons(result)  # read: enters_tapped (603.6d)


def test_605_1b_a_mana_trigger_on_an_event_not_sorted_bears_on_a_payment_and_vanishing_doesnt(real_cards) -> None:
    """The opponent's "Whenever you gain energy, add {C}" (a mana trigger, 106.12a, 605.1b) waits
    for an event the sorting doesn't name, so it may trigger during the payment: it bears.
    Calciderm's vanishing (702.63a) is three abilities, none of which acts while paying: the
    reason gives each."""
    board = _board("""  - {id: calciderm, card: Calciderm, controller: a}
  - {id: forest, card: Forest, controller: a}
  - {id: shrine, name: Shrine, types: [enchantment], controller: b, text: "Whenever you gain energy, add {C}."}
""", real_cards)
    result = pay(board, "{G}")
    assert result.payable is None and [u.line for u in result.unread] == ["Whenever you gain energy, add {C}."]
    [vanishing] = result.not_relevant
    assert vanishing.reason == (
        "it applies as Calciderm enters the battlefield (113.6h, 614.1c); Calciderm is already on the battlefield; "
        "it waits for the upkeep step; only triggers of mana abilities act during a payment (605.1b, 603.3); "
        "it waits for counters being put or removed; only triggers of mana abilities act during a payment "
        "(605.1b, 603.3)")


def test_605_3a_an_activated_ability_that_adds_no_mana_doesnt_bear_on_a_payment(real_cards) -> None:
    """Valki, God of Lies' "{X}: Choose a creature card exiled with Valki with mana value X" says
    "mana" but adds none: only mana abilities are activated while paying (601.2g, 605.3a), so {G}
    from a Forest is payable, decided."""
    board = _board("""  - {id: valki, card: "Valki, God of Lies // Tibalt, Cosmic Impostor", controller: a}
  - {id: forest, card: Forest, controller: a}
""", real_cards)
    result = pay(board, "{G}")
    assert result.payable is True and not result.unread
    line = "{X}: Choose a creature card exiled with Valki with mana value X. Valki becomes a copy of that card."
    assert _reasons(result)[line] == ("it is not a mana ability: only mana abilities are activated while paying "
                                      "(601.2g, 605.3a)")


def test_510_enters_triggers_and_statics_on_spells_or_other_zones_dont_make_combat_damage_undecided(
        real_cards) -> None:
    """603.6a: Cloudkin Seer's enters trigger can't act in this combat; Helm of Awakening's "Spells
    cost {1} less to cast" (601.2f) and Spellbook's "You have no maximum hand size" (402.2) change
    nothing on the battlefield: the damage is decided, each line with its reason."""
    board = _board("""  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: blocker, card: Cloudkin Seer, controller: b}
  - {id: helm, card: Helm of Awakening, controller: a}
  - {id: book, card: Spellbook, controller: b}
""" + BLOCK, real_cards)
    result = combat_damage(board)
    assert result.decided is True and not result.unread
    assert _reasons(result) == {
        "When Cloudkin Seer enters the battlefield, draw a card.":
            "it triggered when Cloudkin Seer entered the battlefield (603.6a); what it did is on the board",
        "Spells cost {1} less to cast.": "it changes only spells and their costs",
        "You have no maximum hand size.": "it changes only cards in other zones"}


def test_not_relevant_lines_are_in_the_json_and_the_human_answer(board_file) -> None:
    """Both outputs list every unread line that can't bear on the answer, with its reason."""
    path = board_file(HEAD + """  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: blocker, name: Odd Wall, types: [creature], power: 0, toughness: 4, controller: b,
     text: "When Odd Wall enters the battlefield, you gain 2 life."}
""" + BLOCK)
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["blocks", "check", str(path), "--json"]).output)
    assert data["legal"] is True and data["unread"] == []
    line = "When Odd Wall enters the battlefield, you gain 2 life."
    assert data["not_relevant"] == [{"permanent": "blocker", "line": line, "kinds": ["other"],
                                     "reason": data["not_relevant"][0]["reason"]}]
    assert "603.6a" in data["not_relevant"][0]["reason"]
    human = runner.invoke(app, ["blocks", "check", str(path)])
    assert human.exit_code == 0 and "can't bear on this answer" in human.output and "603.6a" in human.output


def test_read_abilities_are_judged_as_the_lines_they_were_read_from(real_cards) -> None:
    """A read triggered ability the check doesn't apply is judged as an unread line is: Acid-Spewer
    Dragon's "When ~ is turned face up" can't trigger on a face-up Dragon before blockers are
    declared (603.2, 702.37e); a read activated ability does nothing until activated (602.1)."""
    board = _board("""  - {id: bears, card: Grizzly Bears, controller: a}
  - {id: blocker, card: Acid-Spewer Dragon, controller: b}
  - {id: miner, card: Dwarven Miner, controller: b}
""" + BLOCK, real_cards)
    assert board.permanent("blocker").triggered_abilities and board.permanent("miner").activated_abilities
    result = check_blocks(board)
    assert result.legal is True and not result.unread
    reasons = _reasons(result)
    assert "turned face up" in reasons["When Acid-Spewer Dragon is turned face up, put a +1/+1 counter on each other "
                                       "Dragon creature you control."]
    assert "602.1" in reasons["{2}{R}, {T}: Destroy target nonbasic land."]


def test_combat_damage_lists_read_triggers_of_combat_and_not_activated_abilities() -> None:
    """510: combat damage is dealt on the board as it is: "{R}: ~ gets +1/+0" does nothing unless
    activated (602.1), but "Whenever ~ blocks, it gets +0/+2" triggers in this combat (603.2) and
    combat damage doesn't apply it, so the damage is undecided and names it."""
    board = _board("""  - {id: bears, name: Bear, types: [creature], power: 2, toughness: 2, controller: a,
     text: "{R}: Bear gets +1/+0 until end of turn."}
  - {id: blocker, name: Wall, types: [creature], power: 0, toughness: 2, controller: b,
     text: "Whenever Wall blocks, it gets +0/+2 until end of turn."}
""" + BLOCK)
    assert board.permanent("bears").activated_abilities and board.permanent("blocker").triggered_abilities
    result = combat_damage(board)
    assert result.decided is None
    assert [(u.line, u.reason) for u in result.unread] == [(
        "Whenever Wall blocks, it gets +0/+2 until end of turn.",
        "read, but combat damage doesn't apply it: it could trigger in this combat (603.2)")]
    assert "602.1" in _reasons(result)["{R}: Bear gets +1/+0 until end of turn."]


def test_603_2_a_read_trigger_on_playing_a_land_waits_for_the_event_its_words_name() -> None:
    """305.1, 603.2: the events of "Whenever you play a land" have no name of their own (``other``);
    its words name the land play, which can't happen in combat, so the read trigger doesn't bear on
    the damage (510) and the answer is decided."""
    line = "Whenever you play a land, Bear gets +1/+1 until end of turn."
    board = _board(f"""  - {{id: bears, name: Bear, types: [creature], power: 2, toughness: 2, controller: a,
     text: "{line}"}}
  - {{id: blocker, name: Wall, types: [creature], power: 0, toughness: 2, controller: b}}
""" + BLOCK)
    assert board.permanent("bears").triggered_abilities[0].event.kind == "plays_land"
    result = combat_damage(board)
    assert result.decided is True and not result.unread
    assert "can't happen in this combat (603.2)" in _reasons(result)[line]


def test_a_read_trigger_of_entering_or_attacking_bears_on_blocks(real_cards) -> None:
    """603.2, 508.3a: Bloodhall Priest's "Whenever ~ enters the battlefield or attacks, if you
    have no cards in hand, ~ deals 2 damage to any target" triggers on the attack and could
    destroy the blocking Grizzly Bears before blockers are declared (508.2, 509.1): the block
    check names it and is undecided."""
    board = _board("""  - {id: bears, card: Bloodhall Priest, controller: a}
  - {id: blocker, card: Grizzly Bears, controller: b}
""" + BLOCK, real_cards)
    result = check_blocks(board)
    assert result.legal is None
    assert [u.line for u in result.unread] == ["Whenever Bloodhall Priest enters the battlefield or attacks, if you "
                                               "have no cards in hand, Bloodhall Priest deals 2 damage to any target."]


def test_the_graveyard_bears_on_no_win_where_the_search_does_not_play_it(real_cards) -> None:
    """113.6: an ability that moves its own card out of the graveyard works from there, which
    the whole-turn search doesn't play (Aurora Eidolon's "return ~ from your graveyard", in hand:
    it may be discarded); an unread line of a card in the graveyard (Blind Hunter's) could be
    cast there after a return (Tortured Existence, PP15). Neither bears on a win found, nor do
    the opponent's graveyard and a fully read card (Grizzly Bears)."""
    from mtgsolver.solver.relevance import turn_bearing

    board = load_board("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nturn: {step: precombat_main}\n"
                       "zones: {a: {hand: [Aurora Eidolon, Grizzly Bears], graveyard: [Blind Hunter, Grizzly Bears]},"
                       " b: {graveyard: [Blind Hunter]}}\nbattlefield: []\n", library=real_cards)
    against_win, against_no = turn_bearing(board, False)
    assert against_win == ()
    assert sorted((u.permanent, u.line.split(",")[0]) for u in against_no) == [
        ("a.graveyard[0]", "When Blind Hunter enters the battlefield or the creature it haunts dies"),
        ("a.hand[0]", "Whenever you cast a multicolored spell")]
