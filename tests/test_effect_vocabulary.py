"""The effect vocabulary read into the effect language (mtgsolver/read/effect_vocabulary.py):
what the grammar families write, as the model's frozen values, and a named error for anything
else."""
from __future__ import annotations

import pytest

from mtgsolver.model import effects as fx
from mtgsolver.model.continuous import Affected, ForEach
from mtgsolver.model.errors import VocabularyError
from mtgsolver.read.effect_vocabulary import (
    EFFECT_KINDS,
    parse_ability,
    parse_amount,
    parse_effect,
    parse_ref,
    parse_target,
    parse_token,
    text_abilities,
)


def test_every_effect_kind_has_its_snake_case_name() -> None:
    assert EFFECT_KINDS["put_counters"] is fx.PutCounters and EFFECT_KINDS["create_tokens"] is fx.CreateTokens
    assert set(EFFECT_KINDS.values()) == set(fx.Effect.__args__)  # type: ignore[attr-defined]


@pytest.mark.parametrize("data, ref", [
    ({"target": 1}, fx.Targeted(1)),
    ("source", fx.Source()),
    ("you", fx.You()),
    ({"players": "opponents"}, fx.Players("opponents")),
    ({"each": {"types": ["creature"]}, "other": True}, fx.Each(Affected(types=frozenset({"creature"})), True)),
    ({"subject": "player"}, fx.Subject("player")),
    ({"controller_of": {"target": 0}}, fx.ControllerOf(fx.Targeted(0))),
    ({"chosen": {"filter": {"types": ["land"], "controller": "you"}}},
     fx.Chosen(Affected(types=frozenset({"land"}), controller="you"))),
])
def test_references(data, ref) -> None:
    assert parse_ref(data) == ref


@pytest.mark.parametrize("data", [{"target": -1}, {"players": "all"}, "it", {"it": "object"}, {"each": {"nope": 1}}])
def test_a_reference_of_no_shape_is_a_named_error(data) -> None:
    with pytest.raises(VocabularyError):
        parse_ref(data)


def test_amounts() -> None:
    assert parse_amount(3) == 3 and parse_amount("x") == fx.X()
    count = parse_amount({"count": {"permanents": {"types": ["creature"]}}, "times": 2})
    assert count == fx.Count(ForEach(permanents=Affected(types=frozenset({"creature"}))), 2)
    with pytest.raises(VocabularyError):
        parse_amount(-1)


def test_an_effect_with_an_unknown_field_or_kind_is_a_named_error() -> None:
    assert parse_effect({"draw": {"amount": 2}}) == fx.Draw(amount=2)
    with pytest.raises(VocabularyError, match="unknown key 'cards'"):
        parse_effect({"draw": {"cards": 2}})
    with pytest.raises(VocabularyError, match="unknown effect 'dance'"):
        parse_effect({"dance": {}})
    with pytest.raises(VocabularyError, match="action expects one of"):
        parse_effect({"keyword_action": {"action": "dance"}})


def test_a_target_slot_names_what_it_may_be() -> None:
    assert parse_target({"kinds": ["card"], "zone": "graveyard", "whose": "you"}).whose == "you"
    with pytest.raises(VocabularyError):
        parse_target({"kinds": []})


def test_a_token_is_read_as_a_permanent_is() -> None:
    token = parse_token({"name": "Soldier Token", "types": ["creature"], "subtypes": ["soldier"], "colors": ["white"],
                         "power": 1, "toughness": 1, "text": "Flying, vigilance"})
    assert token.keywords == frozenset({"flying", "vigilance"}) and token.card.power == 1


def test_a_card_text_with_an_unread_line() -> None:
    keywords, _, abilities = text_abilities("Haste\n{1}: Foo gets +1/+0 until end of turn.\nFoo hums a tune.", "Foo")
    assert keywords == {"haste"}
    assert isinstance(abilities[0], fx.ActivatedAbility) and abilities[1].text == "Foo hums a tune."


def test_an_ability_entry() -> None:
    ability = parse_ability({"triggered": {"event": {"kind": "attacks"}, "effects": [{"draw": {}}], "text": "t"}})
    assert ability == fx.TriggeredAbility(fx.TriggerEvent("attacks"), (fx.Draw(),), text="t")
    with pytest.raises(VocabularyError):
        parse_ability({"static": {}})
