"""Lines a card's casting reads (read/grammar/spell.py): cost reductions (601.2f), "Cast this spell
only during ..." (601.3), kicker (702.33), each from a real card of the pool but where said."""
from __future__ import annotations

from mtgsolver.read.grammar.spell import permanent_spell, read_spell


def test_601_2f_a_reduction_if_it_targets_a_legendary_creature() -> None:
    text = ("This spell costs {2} less to cast if it targets a legendary creature.\nDestroy target creature.\n"
            "Surveil 2. (Look at the top two cards of your library, then put any number of them into your "
            "graveyard and the rest on top of your library in any order.)")
    reading = read_spell(text, "Price of Fame")
    assert reading is not None
    assert reading["cost_reductions"] == [{"mana": "{2}", "targets": {"supertypes": ["legendary"],
                                                                      "types": ["creature"]}}]


def test_601_3_cast_only_during_combat() -> None:
    text = ("If you control a Plains, you may tap an untapped creature you control rather than pay this spell's "
            "mana cost.\nCast this spell only during combat.\nCreate a 4/4 white Angel creature token with flying. "
            "Exile it at the beginning of the next end step.")
    reading = read_spell(text, "Angelic Favor")
    assert reading is not None and reading["only_during"] == "combat"


def test_702_33_kicked_without_kicker_stays_unread() -> None:
    """Made up: "if this spell was kicked" on a spell with no kicker is refused (702.33e: it is linked to one)."""
    assert read_spell("Destroy target creature. If this spell was kicked, you gain 3 life.", "Oddity") is None


def test_702_33a_a_permanent_s_kicker_after_another_line() -> None:
    text = ("Defender (This creature can't attack.)\nKicker {1}{W} (You may pay an additional {1}{W} as you cast "
            "this spell.)\nIf Prison Barricade was kicked, it enters the battlefield with a +1/+1 counter on it "
            "and with \"Prison Barricade can attack as though it didn't have defender.\"")
    assert permanent_spell(text, "Prison Barricade") == {
        "effects": [], "kicker": "{1}{W}", "text": "Kicker {1}{W} (You may pay an additional {1}{W} as you cast this spell.)"}


def test_601_2f_a_permanent_s_two_reductions() -> None:
    """Made up in Assassin's Ink's words, on a permanent: two reductions, each with its condition."""
    line = ("This spell costs {1} less to cast if you control an artifact and {1} less to cast if you control "
            "an enchantment.")
    assert permanent_spell(f"Flying\n{line}", "Oddity") == {
        "effects": [], "text": line,
        "cost_reductions": [{"mana": "{1}", "condition": [{"controls": {"types": ["artifact"]}}]},
                            {"mana": "{1}", "condition": [{"controls": {"types": ["enchantment"]}}]}]}


def test_601_2f_two_reductions_each_with_its_condition() -> None:
    text = ("This spell costs {1} less to cast if you control an artifact and {1} less to cast if you control an "
            "enchantment.\nDestroy target creature or planeswalker.")
    reading = read_spell(text, "Assassin's Ink")
    assert reading is not None
    assert reading["cost_reductions"] == [{"mana": "{1}", "condition": [{"controls": {"types": ["artifact"]}}]},
                                          {"mana": "{1}", "condition": [{"controls": {"types": ["enchantment"]}}]}]


def test_601_2f_strive_costs_more_for_each_target_beyond_the_first() -> None:
    text = ("Strive \u2014 This spell costs {2}{U} more to cast for each target beyond the first.\nAny number of "
            "target creatures each get +1/+1 and gain flying until end of turn.")
    reading = read_spell(text, "Aerial Formation")
    assert reading is not None and reading["extra_target_cost"] == "{2}{U}"


def test_601_2f_a_reduction_if_it_targets_a_permanent_of_a_color() -> None:
    text = ("This spell costs {2} less to cast if it targets a green permanent.\nReturn target nonland permanent an "
            "opponent controls to its owner's hand.\nDraw a card.")
    reading = read_spell(text, "Out of the Way")
    assert reading is not None and reading["cost_reductions"] == [{"mana": "{2}", "targets": {"colors": ["green"]}}]


def test_702_34a_a_keyword_with_a_mana_cost_after_a_dash() -> None:
    """Made up in the dashed form of "Flashback\u2014{1}{G}, Pay 3 life." (702.34a): a cost of mana only."""
    reading = read_spell("Flashback\u2014{1}{R}\nDraw a card.", "Oddity")
    assert reading is not None and reading["keywords"] == ["flashback\u2014{1}{r}"]
