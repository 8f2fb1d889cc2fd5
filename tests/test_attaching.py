"""Casting an Aura spell (303.4a: it targets what its enchant ability names, 702.5a; 608.3b-c: it
resolves attached to its target, or goes to the graveyard when the target is gone) and equipping
(702.6a: "Equip [cost]" is "[Cost]: Attach this permanent to target creature you control. Activate
only as a sorcery."), with real cards of the pool read by the grammars as the loader reads them."""
from __future__ import annotations

import dataclasses

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model.effects import Attach, Targeted
from mtgsolver.read.board_file import spell_ability
from mtgsolver.read.grammar.activated import read as read_activated
from mtgsolver.read.grammar.spell import read_aura
from mtgsolver.solver.relevance import turn_bearing
from mtgsolver.solver.resolve import resolve

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"


def board(text: str, real_cards):
    return parse_board_text(HEAD + text, "b.yaml", library=real_cards)


@pytest.mark.parametrize("name, kinds, controller", [
    ("Armadillo Cloak", ["creature"], None),        # Enchant creature
    ("Journey to Eternity", ["creature"], "you"),   # Enchant creature you control
    ("Abundant Growth", ["land"], None),            # Enchant land
    ("Rune of Might", ["permanent"], None),         # Enchant permanent
])
def test_an_aura_spell_targets_what_its_enchant_ability_names(real_cards, name, kinds, controller) -> None:
    """303.4a, 702.5a: the Aura spell's one target slot; its one effect attaches it (608.3c)."""
    card = real_cards.get(name)
    spell = spell_ability(card)
    assert spell is not None and len(spell.targets) == 1
    assert sorted(spell.targets[0].kinds) == kinds
    assert (spell.targets[0].filter.controller if controller else None) == controller
    (attach,) = spell.effects
    assert isinstance(attach, Attach) and isinstance(attach.to, Targeted) and attach.to.slot == 0


def test_an_aura_with_two_enchant_lines_is_not_read(real_cards) -> None:
    """702.5c: two enchant abilities both restrict the target: not read; "Enchant player or
    planeswalker" is not read either (a player's Curse is, tests/test_curses.py)."""
    assert read_aura("Enchant player or planeswalker\nEnchanted player can't gain life.", "Either") is None
    assert read_aura("Enchant creature\nEnchant artifact\nEnchanted creature gets +1/+1.", "Double") is None
    assert read_aura("Enchanted creature gets +1/+1.", "No Enchant") is None


def test_equip_is_the_activated_ability_it_means() -> None:
    """702.6a: Bonesplitter's "Equip {1}"; 702.6c "Equip legendary creature {3}" is not read."""
    (entry,) = read_activated("Equip {1}", "Bonesplitter")
    ability = entry["activated"]
    assert ability["mana"] == "{1}" and ability["timing"] == "sorcery" and ability["text"] == "Equip {1}"
    assert ability["targets"] == [{"kinds": ["creature"], "filter": {"controller": "you"}}]
    assert ability["effects"] == [{"attach": {"to": {"target": 0}}}]
    assert read_activated("Equip legendary creature {3}", "Blade of Selves") is None


CLOAK = """zones: {alice: {hand: [Armadillo Cloak]}}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
"""


def test_the_aura_enters_attached_to_its_target(real_cards) -> None:
    """608.3c: Armadillo Cloak resolves attached to the Grizzly Bears it targeted; its static
    ability then applies (613.4c: +2/+2; 613.1f: trample)."""
    r = resolve(board(CLOAK, real_cards), ["cast Armadillo Cloak>bears"], free=True)
    cloak = next(p for p in r.board.permanents if p.name == "Armadillo Cloak")
    assert cloak.attached_to == "bears"
    bears = r.board.permanent("bears")
    assert (bears.power, bears.toughness) == (4, 4) and bears.has_keyword("trample")
    r = resolve(board(CLOAK, real_cards), ["cast Armadillo Cloak>ox"], free=True)
    assert next(p for p in r.board.permanents if p.name == "Armadillo Cloak").attached_to == "ox"


def test_an_aura_spell_needs_a_legal_target(real_cards) -> None:
    """303.4a, 601.2c: Journey to Eternity ("Enchant creature you control") can't target the
    opponent's creature; 608.3b: an Aura spell whose target is gone goes to the graveyard."""
    text = CLOAK.replace("Armadillo Cloak", "Journey to Eternity")
    r = resolve(board(text, real_cards), ["cast Journey to Eternity>ox"], free=True)
    assert r.resolved is False and r.reason.rule == "601.2c"
    r = resolve(board(CLOAK.replace("[Armadillo Cloak]", "[Armadillo Cloak, Murder]"), real_cards),
                ["cast Armadillo Cloak>bears", "respond cast Murder>bears"], free=True)
    assert [c.name for c in r.board.zones["alice"].graveyard] == ["Grizzly Bears", "Murder", "Armadillo Cloak"]


EQUIPPED = """battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: ox, card: Pillarfield Ox, controller: bob}
  - {id: splitter, card: Bonesplitter, controller: alice}
  - {id: mountain, card: Mountain, controller: alice}
"""


def test_equip_attaches_the_equipment_at_sorcery_speed(real_cards) -> None:
    """702.6a: Bonesplitter's equip attaches it to a creature its controller controls (301.5a:
    "Equipped creature gets +2/+0"), only as a sorcery (602.5d), never to the opponent's creature."""
    b = board(EQUIPPED, real_cards)
    r = resolve(b, ["activate splitter>bears"])
    assert r.resolved, r.reason
    assert r.board.permanent("splitter").attached_to == "bears" and r.board.permanent("bears").power == 4
    r = resolve(b, ["activate splitter>ox"])
    assert r.resolved is False and r.reason.rule == "601.2c"
    r = resolve(dataclasses.replace(b, turn=dataclasses.replace(b.turn, step="beginning_of_combat")),
                ["activate splitter>bears"])
    assert r.resolved is False and r.reason.rule == "602.5d"


def test_a_read_enchant_line_in_hand_does_not_bear_on_the_win(real_cards) -> None:
    """The enchant line of an Aura in hand is read as its spell's target: it bears on no answer of
    the goal win, nor does a player's Curse's (702.5d); its unread trigger still bears."""
    text = "zones: {alice: {hand: [Armadillo Cloak, Curse of the Pierced Heart]}}\nbattlefield: []\n"
    _, against_no = turn_bearing(board(text, real_cards), False)
    lines = [u.line for u in against_no]
    assert "Enchant player" not in lines and "Enchant creature" not in lines
    assert any(line.startswith("At the beginning of enchanted player's upkeep") for line in lines)


def test_a_land_that_enters_tapped_is_played_tapped(real_cards) -> None:
    """305.2, 614.1c: Jungle Hollow "enters the battlefield tapped", played from a hand; its
    enters trigger gains 1 life (603.6a); a basic Swamp enters untapped."""
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.turn import play_land
    from mtgsolver.solver.resolve import LibraryReader
    from mtgsolver.solver.turn_moves import Move

    b = board("turn: {step: precombat_main}\nzones: {alice: {hand: [Jungle Hollow, Swamp]}}\nbattlefield: []\n",
              real_cards)
    assert "enters_tapped" in {s.name for s in b.zones["alice"].hand[0].permanent.statics("enters_tapped")}
    game = Game(b, LibraryReader(real_cards), None)  # type: ignore[arg-type]
    Move("land", b.zones["alice"].hand[0].id, "Jungle Hollow").apply(game)
    hollow = next(p for p in game.perms.values() if p.name == "Jungle Hollow")
    assert hollow.tapped and game.players["alice"].life == 21
    game.turn = dataclasses.replace(game.turn, lands_played={})
    swamp = game.perm(play_land(game, b.zones["alice"].hand[1].id))
    assert not swamp.tapped


RUNES = """battlefield:
  - {id: golem, card: Grizzly Bears, controller: alice}
  - {id: crown, card: Runed Crown, controller: alice, attached_to: golem}
  - {id: mortality, card: Rune of Mortality, controller: alice, attached_to: crown}
  - {id: bears, card: Grizzly Bears, controller: alice}
  - {id: might, card: Rune of Might, controller: alice, attached_to: bears}
"""


def test_a_rune_on_a_creature_or_on_an_equipment(real_cards) -> None:
    """611.3b, 303.4m: Rune of Might on a creature gives it +1/+1 and trample; Rune of Mortality on
    Runed Crown gives the Crown "Equipped creature has deathtouch." (613.1f), which the creature
    it equips then has (613.7a); neither Rune's other condition holds."""
    b = board(RUNES, real_cards)
    bears, golem = b.permanent("bears"), b.permanent("golem")
    assert (bears.power, bears.toughness) == (3, 3) and bears.has_keyword("trample")
    assert not bears.has_keyword("deathtouch")
    assert (golem.power, golem.toughness) == (3, 3) and golem.has_keyword("deathtouch")
    assert not golem.has_keyword("trample")
    assert [line for line in b.permanent("crown").unread if "deathtouch" in line] == []


def test_relic_golem_attacks_only_when_an_opponent_has_eight_cards_in_their_graveyard(real_cards) -> None:
    """508.1c, 509.1a, 611.3b: "Relic Golem can't attack or block unless an opponent has eight or
    more cards in their graveyard"."""
    from mtgsolver import check_attacks

    for cards, legal in ((7, False), (8, True)):
        graveyard = ", ".join(["Opt"] * cards)
        b = board(f"zones: {{bob: {{graveyard: [{graveyard}]}}}}\nbattlefield:\n"
                  "  - {id: golem, card: Relic Golem, controller: alice}\n"
                  "combat: {attackers: [{creature: golem, target: bob}]}\n", real_cards)
        assert not b.permanent("golem").unread
        assert check_attacks(b).legal is legal


def test_an_aura_on_what_it_can_no_longer_enchant_is_put_into_the_graveyard(real_cards) -> None:
    """303.4c, 704.5m: Journey to Eternity ("Enchant creature you control") on a creature that
    changes control; 702.16c: Armadillo Cloak (green and white) on a creature that gains
    protection from green; Cho-Manno's Blessing's own protection doesn't remove it."""
    b = board("battlefield:\n  - {id: bears, card: Grizzly Bears, controller: bob}\n"
              "  - {id: journey, card: Journey to Eternity, controller: alice, attached_to: bears}\n"
              "  - {id: cloak, card: Armadillo Cloak, controller: alice, attached_to: bears}\n"
              "  - {id: blessing, card: Cho-Manno's Blessing, controller: alice, attached_to: bears, "
              "chosen_color: green}\n", real_cards)
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.state_based import check_state
    from mtgsolver.solver.resolve import LibraryReader

    game = Game(b, LibraryReader(real_cards), None)  # type: ignore[arg-type]
    assert check_state(game)
    assert sorted(game.perms) == ["bears", "blessing"]
    assert {s.rule for s in game.log} >= {"704.5m"}


def test_aura_gnarlid_counts_the_auras_on_the_battlefield(real_cards) -> None:
    """613.4c: "Aura Gnarlid gets +1/+1 for each Aura on the battlefield", each player's Auras
    counted; an Aura cast onto the battlefield counts at once."""
    text = ("zones: {alice: {hand: [Armadillo Cloak]}}\nbattlefield:\n"
            "  - {id: gnarlid, card: Aura Gnarlid, controller: alice}\n"
            "  - {id: bears, card: Grizzly Bears, controller: bob}\n"
            "  - {id: might, card: Rune of Might, controller: bob, attached_to: bears}\n")
    b = board(text, real_cards)
    assert not b.permanent("gnarlid").unread and b.permanent("gnarlid").power == 3
    r = resolve(b, ["cast Armadillo Cloak>bears"], free=True)
    assert (r.board.permanent("gnarlid").power, r.board.permanent("gnarlid").toughness) == (4, 4)


def test_a_line_that_gives_back_an_unread_ability_is_undecided(real_cards) -> None:
    """613.1f: Sludge Monster's slime takes the Cub's abilities, its unread line among them;
    Arachnoform makes the Cub every creature type, a Horror, and the line is back. The only win
    casts Arachnoform, so the unread line could change it: undecided, the line on the text read."""
    from mtgsolver.solver.win import win_turn

    b = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob, life: 5}]\n"
                         "turn: {step: precombat_main}\n"
                         "zones: {alice: {hand: [Arachnoform]}}\nbattlefield:\n"
                         "  - {id: cub, name: Cub, types: [creature], subtypes: [bear], power: 3, toughness: 3, "
                         "controller: alice, counters: {slime: 1}, text: 'Whenever Cub attacks, frobnicate.'}\n"
                         "  - {id: sludge, card: Sludge Monster, controller: bob, tapped: true}\n"
                         "  - {id: f1, card: Forest, controller: alice}\n"
                         "  - {id: f2, card: Forest, controller: alice}\n", "b.yaml", library=real_cards)
    assert b.permanent("cub").unread == () and b.permanent("cub").power == 2
    answer = win_turn(b, real_cards, time_limit=60)
    assert answer.solved is None and answer.line is not None
    assert [u.permanent for u in answer.unread] == ["cub"]


def test_a_color_chosen_as_the_aura_enters(real_cards) -> None:
    """614.12, 105.1: Cho-Manno's Blessing's controller chooses a color as it enters; choosing
    black, the Grizzly Bears have protection from black and Bob's Vampiric Link falls off
    (303.4d, 702.16c, 704.5m); the Blessing itself stays ("doesn't remove"). Unsaid, the answer
    names the choice."""
    text = ("zones: {alice: {hand: [Cho-Manno's Blessing]}}\nbattlefield:\n"
            "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
            "  - {id: link, card: Vampiric Link, controller: bob, attached_to: bears}\n")
    r = resolve(board(text, real_cards), ["cast Cho-Manno's Blessing>bears"], free=True)
    assert r.resolved is None and [(c.key, c.options) for c in r.choices] == [
        ("color:alice:alice.hand[0]", ("white", "blue", "black", "red", "green"))]
    r = resolve(board(text, real_cards), ["cast Cho-Manno's Blessing>bears"], free=True,
                choose=["color:alice:alice.hand[0]=black"])
    blessing = next(p for p in r.board.permanents if p.name == "Cho-Manno's Blessing")
    assert (blessing.attached_to, blessing.chosen_color) == ("bears", "B")
    assert r.board.permanent("bears").protections == {"black"} and not r.board.has_permanent("link")
    assert [c.name for c in r.board.zones["bob"].graveyard] == ["Vampiric Link"]


def test_a_trigger_on_the_equipped_creature_dying_is_the_equipments(real_cards) -> None:
    """603.10a, 301.5: Forebear's Blade's "Whenever equipped creature dies, attach Forebear's Blade
    to target creature you control" triggers as the creature it equips dies (looking back to the
    Blade attached to it) and moves to another creature; a creature it doesn't equip dying
    doesn't trigger it."""
    from mtgsolver.rules.game import Game
    from mtgsolver.rules.resolution import resolve_stack, settle
    from mtgsolver.rules.state_based import check_state
    from mtgsolver.solver.resolve import LibraryReader

    class First:
        def choose(self, key: str, options) -> int:
            return 0

    for dying, moved in (("bears", True), ("elves", False)):
        b = board("battlefield:\n  - {id: bears, card: Grizzly Bears, controller: alice"
                  + (", damage: 2" if dying == "bears" else "") + "}\n"
                  "  - {id: elves, card: Llanowar Elves, controller: alice" + (", damage: 1" if dying == "elves" else "")
                  + "}\n  - {id: ogre, card: Gray Ogre, controller: alice}\n"
                  "  - {id: blade, card: Forebear's Blade, controller: alice, attached_to: bears}\n", real_cards)
        game = Game(b, LibraryReader(real_cards), First())
        assert check_state(game)
        settle(game)
        resolve_stack(game, 0)
        host = game.perm("blade").attached_to
        assert (host in ("elves", "ogre") and game.on_battlefield(host)) if moved else host == "bears"


def test_a_permanent_put_into_a_graveyard_from_the_battlefield_triggers_and_finds_its_card(real_cards) -> None:
    """700.4: "dies" is a creature's; Rancor's "When Rancor is put into a graveyard from the
    battlefield, return Rancor to its owner's hand" triggers as the Aura goes to the graveyard
    (704.5m, its creature destroyed) and finds the card it became there (400.7e, 603.10a); Moriok
    Rigger's "Whenever an artifact is put into a graveyard from the battlefield" sees a
    noncreature Bonesplitter destroyed."""
    b = board("zones: {alice: {hand: [Lightning Bolt, Shatter]}}\nbattlefield:\n"
              + "".join(f"  - {{id: m{i}, card: Mountain, controller: alice}}\n" for i in range(3))
              + "  - {id: bears, card: Grizzly Bears, controller: bob}\n"
              "  - {id: rancor, card: Rancor, controller: alice, attached_to: bears}\n"
              "  - {id: rigger, card: Moriok Rigger, controller: bob}\n"
              "  - {id: splitter, card: Bonesplitter, controller: alice}\n", real_cards)
    bolted = resolve(b, ["cast Lightning Bolt>bears"], library=real_cards)
    assert bolted.resolved is True
    assert [c.name for c in bolted.board.zones["alice"].hand] == ["Shatter", "Rancor"]
    assert not bolted.board.has_permanent("rancor") and not bolted.board.has_permanent("bears")
    shattered = resolve(b, ["cast Shatter>splitter"], choose=["may:rigger:1=yes"], library=real_cards)
    assert shattered.resolved is True and dict(shattered.board.permanent("rigger").counters) == {"+1/+1": 1}
    declined = resolve(b, ["cast Shatter>splitter"], choose=["may:rigger:1=no"], library=real_cards)
    assert declined.resolved is True and not declined.board.permanent("rigger").counters
