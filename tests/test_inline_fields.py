"""Inline fields on a ``card:`` permanent say what they do: ``keywords:`` and
``abilities:`` replace the card's; ``add_*`` / ``remove_*`` add or take away; removing what the
card does not have is an error naming the field."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.model.abilities import Static
from mtgsolver.model.abilities import TextAbility
from mtgsolver.read.card_index import load_cards

VAPORKIN = {"meta": {}, "data": {"Vaporkin": [{
    "name": "Vaporkin", "layout": "normal", "manaCost": "{1}{U}", "types": ["Creature"], "supertypes": [],
    "subtypes": ["Elemental"], "power": "2", "toughness": "1", "keywords": ["Flying"], "colorIdentity": ["U"],
    "text": "Flying\nVaporkin can block only creatures with flying."}]}}


def perm(fields: str, library=None):
    board = parse_board_text("active_player: a\nplayers: [{name: a}]\nbattlefield:\n"
                             f"  - {{id: x, controller: a, {fields}}}\n", "t.yaml", library)
    return board.permanent("x")


def statics(p) -> set[str]:
    return {a.name for a in p.abilities if isinstance(a, Static)}


@pytest.fixture
def vaporkin_library(tmp_path: Path):
    path = tmp_path / "vaporkin.json"
    path.write_text(json.dumps(VAPORKIN))
    return load_cards(path)


def test_keywords_replace_the_cards_keywords(vaporkin_library) -> None:
    """`card: Vaporkin` with `keywords: []` has no flying; its other ability stays."""
    plain = perm("card: Vaporkin", vaporkin_library)
    assert plain.has_keyword("flying") and plain.abilities  # "can block only creatures with flying"
    bare = perm("card: Vaporkin, keywords: []", vaporkin_library)
    assert not bare.has_keyword("flying") and bare.keywords == frozenset()
    assert bare.abilities == plain.abilities  # abilities: not given, so the card's stay
    assert perm("card: Serra Angel, keywords: [trample]").keywords == {"trample"}


def test_abilities_replace_the_cards_abilities_and_keep_keywords(vaporkin_library) -> None:
    replaced = perm("card: Vaporkin, abilities: []", vaporkin_library)
    assert replaced.abilities == () and replaced.has_keyword("flying")
    sorcerer = perm("card: Prodigal Sorcerer, abilities: [lure]")
    assert not any(isinstance(a, TextAbility) for a in sorcerer.abilities) and statics(sorcerer) == {"lure"}


def test_add_and_remove_keywords() -> None:
    angel = perm("card: Serra Angel, add_keywords: [trample], remove_keywords: [vigilance]")
    assert angel.keywords == {"flying", "trample"}
    shielded = perm("card: Grizzly Bears, add_keywords: [{protection: red}]")
    assert shielded.protections == {"red"}


def test_add_and_remove_abilities() -> None:
    jugg = perm("card: Juggernaut, add_abilities: [lure]")
    assert "lure" in statics(jugg) and statics(perm("card: Juggernaut")) < statics(jugg)
    base = perm("card: Juggernaut")
    removed = perm("card: Juggernaut, remove_abilities: [attacks_each_combat]")
    assert statics(removed) == statics(base) - {"attacks_each_combat"}
    unread = perm("card: Prodigal Sorcerer, remove_abilities: ['{T}: Prodigal Sorcerer deals 1 damage to any target.']")
    assert unread.abilities == ()  # a line no reader understood is removed by its text
    elves = perm("card: Llanowar Elves, remove_abilities: ['{T}: Add {G}.']")
    assert elves.mana_abilities == ()


@pytest.mark.parametrize("fields, where, words", [
    ("card: Grizzly Bears, remove_keywords: [flying]", "battlefield[0].remove_keywords[0]",
     "Grizzly Bears has no keyword 'flying' to remove"),
    ("card: Serra Angel, remove_keywords: [trample]", "battlefield[0].remove_keywords[0]", "'flying', 'vigilance'"),
    ("card: Serra Angel, remove_keywords: [lure]", "battlefield[0].remove_keywords[0]", "not a keyword"),
    ("card: Serra Angel, remove_abilities: [flying]", "battlefield[0].remove_abilities[0]", "is a keyword"),
    ("card: Grizzly Bears, remove_abilities: [lure]", "battlefield[0].remove_abilities[0]", "has no ability"),
    ("card: Juggernaut, remove_abilities: [{protection: red}]", "battlefield[0].remove_abilities[0]", "is a keyword"),
    ("card: Serra Angel, keywords: [], add_keywords: [reach]", "battlefield[0].add_keywords",
     "not both"),
    ("name: Rock, types: [artifact], add_keywords: [flying]", "battlefield[0].add_keywords",
     "only a card: permanent"),
    ("card: Serra Angel, add_keywords: [flyng]", "battlefield[0].add_keywords[0]", "did you mean flying"),
])
def test_edits_are_checked_and_name_the_field(fields: str, where: str, words: str) -> None:
    with pytest.raises(BoardError) as err:
        perm(fields)
    assert err.value.path == where and words in err.value.message, str(err.value)
