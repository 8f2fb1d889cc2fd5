"""Soulbond pairs (702.95), "your team" (102.4) and goad granted by an Aura or Equipment
(701.15), read from real cards of the pool and answered on boards."""
from __future__ import annotations

import json

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.read.board_file import BoardError
from mtgsolver.rules.layers import changes_of
from mtgsolver.solver.attacks import check_attacks
from mtgsolver.solver.blocks import check_blocks
from mtgsolver.solver.relevance import unread_lines

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}, {name: carol}]\nbattlefield:\n"
_SOULBOND = ("Soulbond (You may pair this creature with another unpaired creature when either enters the battlefield. "
             "They remain paired for as long as you control both of them.)\n")
#: Oracle text of the pool (AtomicCards 2022-04-25): name -> (types, subtypes, power, toughness, text)
CARDS = {
    "Wingcrafter": (["creature"], ["human", "wizard"], 1, 1, _SOULBOND
                    + "As long as Wingcrafter is paired with another creature, both creatures have flying."),
    "Wolfir Silverheart": (["creature"], ["wolf", "warrior"], 4, 4, _SOULBOND + "As long as Wolfir Silverheart is "
                           "paired with another creature, each of those creatures gets +4/+4."),
    "Diregraf Escort": (["creature"], ["human", "cleric"], 1, 1, _SOULBOND + "As long as Diregraf Escort is paired "
                        "with another creature, both creatures have protection from Zombies."),
    "Nearheath Pilgrim": (["creature"], ["human", "cleric"], 2, 1, _SOULBOND + "As long as Nearheath Pilgrim is "
                          "paired with another creature, both creatures have lifelink."),
    "Mirage Phalanx": (["creature"], ["human", "soldier"], 4, 4, _SOULBOND + "As long as Mirage Phalanx is paired "
                       "with another creature, each of those creatures has \"At the beginning of combat on your turn, "
                       "create a token that's a copy of this creature, except it has haste and loses soulbond. Exile "
                       "it at end of combat.\""),
    "Sylvia Brightspear": (["creature"], ["human", "knight"], 2, 2, "Double strike\nDragons your team controls have "
                           "double strike."),
    "Walking Corpse": (["creature"], ["zombie"], 2, 2, ""),
    "Martial Impetus": (["enchantment"], ["aura"], None, None, "Enchant creature\nEnchanted creature gets +1/+1 and is "
                        "goaded. (It attacks each combat if able and attacks a player other than you if able.)"),
    "Bloodthirsty Blade": (["artifact"], ["equipment"], None, None, "Equipped creature gets +2/+0 and is goaded. (It "
                           "attacks each combat if able and attacks a player other than you if able.)"),
}


def card(pid: str, name: str, controller: str, **extra) -> str:
    """A battlefield entry: a card of the bundled library, or one of :data:`CARDS` inline."""
    if name not in CARDS:
        return "- " + json.dumps({"id": pid, "card": name, "controller": controller, **extra})
    types, subtypes, power, toughness, text = CARDS[name]
    pt = {"power": power, "toughness": toughness} if power is not None else {}
    return "- " + json.dumps({"id": pid, "name": name, "controller": controller, "types": types,
                              "subtypes": subtypes, **pt, "text": text, **extra})


def board(entries: list[str], tail: str = ""):
    return parse_board_text(HEAD + "".join(f"  {e}\n" for e in entries) + tail, "pairs.yaml")


# --------------------------------------------------------------------------- soulbond (702.95)
BLOCK = "combat:\n  attackers: [{creature: bears, target: bob}]\n  blockers: [{creature: %s, blocks: [bears]}]\n"
_ALL_KINDS = {"other", "combat", "effects", "mana", "mana_trigger"}


def test_702_95b_wingcrafter_gives_its_pair_flying_and_a_block_without_reach_is_illegal() -> None:
    """702.95b, 613.1f, 702.9b: Wingcrafter paired with Grizzly Bears: "both creatures have
    flying"; the pair is stated once and mirrored, and a blocker without flying or reach can't
    block the Bears."""
    b = board([card("wing", "Wingcrafter", "alice", paired_with="bears"), card("bears", "Grizzly Bears", "alice"),
               card("ox", "Pillarfield Ox", "bob")], BLOCK % "ox")
    assert b.permanent("bears").paired_with == "wing" and b.permanent("wing").paired_with == "bears"
    for pid in ("wing", "bears"):
        assert "flying" in b.permanent(pid).keywords and b.permanent(pid).granted_by["flying"] == "wing"
    assert "flying" not in b.permanent("ox").keywords
    result = check_blocks(b)
    assert result.legal is False and any("Wingcrafter" in v.message for v in result.violations)


def test_702_95b_unpaired_soulbond_creature_gives_nothing() -> None:
    """702.95b: "as long as ~ is paired with another creature": unpaired, no creature gets
    anything, and the same block is legal."""
    b = board([card("wing", "Wingcrafter", "alice"), card("bears", "Grizzly Bears", "alice"),
               card("ox", "Pillarfield Ox", "bob")], BLOCK % "ox")
    assert "flying" not in b.permanent("bears").keywords and "flying" not in b.permanent("wing").keywords
    assert check_blocks(b).legal is True


def test_702_95b_wolfir_silverheart_each_of_those_creatures_gets_plus_four() -> None:
    """702.95b, 613.4c: Wolfir Silverheart (4/4) paired with Grizzly Bears (stated on both):
    each gets +4/+4, another creature nothing; the change names its source for `show`."""
    b = board([card("wolfir", "Wolfir Silverheart", "alice", paired_with="bears"),
               card("bears", "Grizzly Bears", "alice", paired_with="wolfir"), card("other", "Grizzly Bears", "alice")])
    assert (b.permanent("wolfir").power, b.permanent("wolfir").toughness) == (8, 8)
    assert (b.permanent("bears").power, b.permanent("bears").toughness) == (6, 6)
    assert (b.permanent("other").power, b.permanent("other").toughness) == (2, 2)
    assert [c.source_name for c in changes_of(b, "bears")] == ["Wolfir Silverheart"]


def test_702_95b_diregraf_escort_protection_from_zombies_on_both() -> None:
    """702.95b, 702.16: "both creatures have protection from Zombies": a Zombie can't block
    either creature of the pair."""
    b = board([card("escort", "Diregraf Escort", "alice", paired_with="bears"), card("bears", "Grizzly Bears", "alice"),
               card("zombie", "Walking Corpse", "bob")], BLOCK % "zombie")
    assert "zombie" in b.permanent("bears").protections and "zombie" in b.permanent("escort").protections
    assert check_blocks(b).legal is False


def test_702_95_mirage_phalanx_grants_an_unread_trigger_to_both_creatures() -> None:
    """702.95b, 613.1f: Mirage Phalanx gives each creature of the pair a quoted trigger no
    grammar reads: it is an unread line of each of them (docs/unread.md), of no other."""
    entries = [card("phalanx", "Mirage Phalanx", "alice", paired_with="bears"), card("bears", "Grizzly Bears", "alice"),
               card("other", "Grizzly Bears", "alice")]

    def granted(b) -> list[str]:
        return sorted(u.permanent for u in unread_lines(b, None, _ALL_KINDS) if u.line.startswith("At the beginning"))

    assert granted(board(entries)) == ["bears", "phalanx"]
    assert granted(board([card("phalanx", "Mirage Phalanx", "alice")] + entries[1:])) == []


@pytest.mark.parametrize("entries, path, words", [
    ([card("wing", "Wingcrafter", "alice", paired_with="wing")], "battlefield[0].paired_with", "itself"),
    ([card("wing", "Wingcrafter", "alice", paired_with="nobody")], "battlefield[0].paired_with", "no permanent"),
    ([card("wing", "Wingcrafter", "alice", paired_with="bears"), card("bears", "Grizzly Bears", "bob")],
     "battlefield[0].paired_with", "702.95e"),
    ([card("wing", "Wingcrafter", "alice", paired_with="forest"), card("forest", "Forest", "alice")],
     "battlefield[0].paired_with", "not a creature"),
    ([card("wing", "Wingcrafter", "alice", paired_with="bears"), card("bears", "Grizzly Bears", "alice"),
      card("pilgrim", "Nearheath Pilgrim", "alice", paired_with="bears")], "battlefield[2].paired_with", "702.95d"),
    ([card("wing", "Wingcrafter", "alice", paired_with="bears"),
      card("bears", "Grizzly Bears", "alice", paired_with="pilgrim"), card("pilgrim", "Nearheath Pilgrim", "alice")],
     "battlefield[1].paired_with", "702.95d"),
])
def test_702_95_paired_with_is_validated_with_the_field_path(entries: list[str], path: str, words: str) -> None:
    """702.95a, d, e: a pair is two different creatures under one controller, each paired
    with one creature only; the board is refused naming the field."""
    with pytest.raises(BoardError) as err:
        board(entries)
    assert err.value.path == path and words in str(err.value)


# --------------------------------------------------------------------------- your team (102.4)
def test_102_4_your_team_is_you_on_a_board_without_teams() -> None:
    """102.4: "Dragons your team controls have double strike" (Sylvia Brightspear): without
    teams, "your team" means "you"; another player's Dragon gets nothing."""
    b = board([card("sylvia", "Sylvia Brightspear", "alice"), card("dragon", "Shivan Dragon", "alice"),
               card("their_dragon", "Shivan Dragon", "bob")])
    assert "double_strike" in b.permanent("dragon").keywords
    assert "double_strike" not in b.permanent("their_dragon").keywords


# --------------------------------------------------------------------------- goad (701.15)
OGRE = "- {id: ogre, name: Hill Ogre, controller: alice, types: [creature], power: 3, toughness: 3}"
ATTACK = "combat:\n  attackers: [%s]\n"


def test_701_15a_martial_impetus_goads_the_enchanted_creature_for_its_controller() -> None:
    """701.15a-b, 613.4c: Martial Impetus (bob's) on alice's Hill Ogre: +1/+1 and goaded by
    bob; attacking bob while carol could be attacked is illegal, attacking carol is legal, and
    not attacking is illegal."""
    goaded = [OGRE, card("impetus", "Martial Impetus", "bob", attached_to="ogre")]
    b = board(goaded, ATTACK % "{creature: ogre, target: bob}")
    assert (b.permanent("ogre").power, b.permanent("ogre").toughness) == (4, 4)
    assert [(e.creature, e.by, e.source) for e in b.effects_of("goaded")] == [("ogre", "bob", "impetus")]
    assert [(c.source, c.source_name) for c in changes_of(b, "ogre") if "goaded by bob" in c.what] == \
        [("impetus", "Martial Impetus")]
    at_bob = check_attacks(b)
    assert at_bob.legal is False and [v.rule for v in at_bob.violations] == ["701.15b"]
    assert check_attacks(board(goaded, ATTACK % "{creature: ogre, target: carol}")).legal is True
    assert check_attacks(board(goaded, ATTACK % "")).legal is False


def test_701_15a_bloodthirsty_blade_goads_only_while_attached() -> None:
    """701.15a, 301.5: Bloodthirsty Blade goads the equipped creature for its controller;
    unattached, it goads nothing."""
    b = board([OGRE, card("blade", "Bloodthirsty Blade", "carol", attached_to="ogre")])
    assert [(e.creature, e.by) for e in b.effects_of("goaded")] == [("ogre", "carol")]
    assert b.permanent("ogre").power == 5
    assert board([OGRE, card("blade", "Bloodthirsty Blade", "carol")]).effects_of("goaded") == []


# --------------------------------------------------------------------------- the lines read
_PAIR = {"affects": {"paired": True}, "condition": [{"paired": True}]}
_IMPETUS = "Enchanted creature gets +2/+2 and is goaded. (It attacks each combat if able and attacks a player other than you if able.)"


@pytest.mark.parametrize("name, line, expected", [
    ("Geist Trappers", "As long as Geist Trappers is paired with another creature, both creatures have reach.",
     {**_PAIR, "gains": ["reach"]}),
    ("Hanweir Lancer", "As long as Hanweir Lancer is paired with another creature, both creatures have first strike.",
     {**_PAIR, "gains": ["first_strike"]}),
    ("Silverblade Paladin", "As long as Silverblade Paladin is paired with another creature, both creatures have "
     "double strike.", {**_PAIR, "gains": ["double_strike"]}),
    ("Diregraf Escort", "As long as Diregraf Escort is paired with another creature, both creatures have protection "
     "from Zombies.", {**_PAIR, "gains": [{"protection": "zombie"}]}),
    ("Trusted Forcemage", "As long as Trusted Forcemage is paired with another creature, each of those creatures gets "
     "+1/+1.", {**_PAIR, "gets": [1, 1]}),
    ("Mirage Phalanx", CARDS["Mirage Phalanx"][4].split("\n")[1],
     {**_PAIR, "gains": [{"text": "At the beginning of combat on your turn, create a token that's a copy of this "
                                  "creature, except it has haste and loses soulbond. Exile it at end of combat."}]}),
    ("Khorvath Brightflame", "Knights your team controls have flying and haste.",
     {"affects": {"subtypes": ["knight"], "controller": "you"}, "gains": ["flying", "haste"]}),
    ("Rushblade Commander", "Warriors your team controls have haste.",
     {"affects": {"subtypes": ["warrior"], "controller": "you"}, "gains": ["haste"]}),
    ("Psychic Impetus", _IMPETUS, {"affects": {"attached": True}, "gets": [2, 2], "goaded": True}),
    ("Bloodthirsty Blade", CARDS["Bloodthirsty Blade"][4], {"affects": {"attached": True}, "gets": [2, 0], "goaded": True}),
])
def test_hand_checked_lines_of_pairs_team_and_goad(name: str, line: str, expected: dict) -> None:
    """702.95b ("both creatures" / "each of those creatures" is the pair, only while it is
    paired), 102.4 ("your team" is you), 701.15a (goaded by the source's controller): each
    structure checked by hand against the Oracle text."""
    from mtgsolver.read.grammar.continuous import read

    out = read(line, name)
    assert out is not None
    mapping = dict(out[0]["continuous"])
    assert mapping.pop("text") == line
    assert mapping == expected


@pytest.mark.parametrize("line", [
    "As long as Wingcrafter is paired with another creature, creatures you control have flying and both creatures get +1/+1.",
    "Both creatures have flying.",
    "Each of those creatures gets +1/+1.",
    "Creatures your team controls can't be goaded.",
])
def test_pair_words_without_the_pair_condition_stay_unread(line: str) -> None:
    """702.95b: "both creatures" names the pair only after "as long as ~ is paired"; other
    wordings are refused, not guessed."""
    from mtgsolver.read.grammar.continuous import read

    assert read(line, "Wingcrafter") is None
