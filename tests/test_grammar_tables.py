"""The constant rules of the grammar families (one table each) and the words they share."""
from __future__ import annotations

import pytest
from lark import Tree

from mtgsolver.model.mana_abilities import AnyColor
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar import combat, continuous, mana, relative
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import creature_types, number, plural_subtypes, singular_type

FAMILIES = [mana, combat, relative, continuous]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_each_constant_names_a_rule_or_alias_of_its_grammar(family):
    rules = family._parser().rules
    names = {r.origin.name for r in rules} | {r.alias for r in rules if r.alias}
    assert set(family.CONSTANTS) <= names, sorted(set(family.CONSTANTS) - names)


def test_a_constant_is_a_fresh_copy_each_time():
    class Compile(ConstantRules, constants={"gets": {"gets": [1, 1]}}):
        pass

    first = Compile().transform(Tree("gets", []))
    first["gets"].append(2)
    assert Compile().transform(Tree("gets", [])) == {"gets": [1, 1]}
    assert Compile().transform(Tree("other", [])) == Tree("other", [])


def test_a_rule_is_either_constant_or_compiled():
    with pytest.raises(TypeError, match="both constant and compiled: gets"):
        class Compile(ConstantRules, constants={"gets": [1, 1]}):
            def gets(self, _children):
                return [2, 2]


def test_constant_readings_of_real_cards():
    """Readings made of constant rules: a requirement (508.1d), restrictions on attacking and
    blocking alone (506.5), granted ones (613.1f), a rules effect on a group (613.11) and a
    mana ability's costs and product (605.1a)."""
    assert combat.read("Akoum Firebird attacks each combat if able.", "Akoum Firebird") == ["attacks_each_combat"]
    assert combat.read("Bonded Horncrest can't attack or block alone.", "Bonded Horncrest") == [
        "cant_attack_alone", "cant_block_alone"]
    assert combat.read("Enchanted creature can't attack or block.", "Cage of Hands") == [
        {"grants": ["cant_attack", "cant_block"]}]
    found = continuous.read("Creatures without flying can't attack.", "Moat")
    assert found == [{"continuous": {"affects": {"types": ["creature"], "not_keywords": ["flying"]},
                                     "rules": ["cant_attack"], "text": "Creatures without flying can't attack."}}]
    ability = mana.parse_mana_ability("{T}, Pay 1 life: Add one mana of any color.", "Mana Confluence")
    assert [c.kind for c in ability.costs] == ["tap", "life"] and ability.product == AnyColor(1)


def test_creature_types_are_the_one_word_creature_subtypes():
    """205.3m: every creature type but Time Lord, the two-word one."""
    model = {s for s, kind in subtypes().items() if kind == "creature"}
    assert creature_types() == model - {"time lord"}
    assert "elf" in creature_types() and "forest" not in creature_types()


def test_plurals_of_subtypes():
    assert singular_type("walls") == "wall" and singular_type("elves") == "elf" and singular_type("wall") == "wall"
    assert singular_type("forests") is None  # a land type, not a creature type
    assert plural_subtypes()["allies"] == "ally" and plural_subtypes()["merfolk"] == "merfolk"
    assert plural_subtypes()["forests"] == "forest"


def test_numbers():
    assert [number(w) for w in ("a", "one", "seven", "ten", "12", "x")] == [1, 1, 7, 10, 12, -1]
