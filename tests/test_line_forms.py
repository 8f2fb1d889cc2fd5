"""When an unread line works and what its words could change (``mtgsolver.read.line_forms``),
pinned on real lines of the pool, checked by hand: the form (113.6), the events a trigger or a
replacement waits for (603.2, 614.1), and the reach of its words. A reach too small would let a
line that matters be called not relevant, so every entry here was read against its card."""
from __future__ import annotations

import pytest

from mtgsolver.read.line_forms import effect_events, line_form, reach, static_condition

# (card, line, form, events)
FORMS = [
    ("Paperfin Rascal", "When Paperfin Rascal enters the battlefield, clash with an opponent. If you win, put a "
     "+1/+1 counter on Paperfin Rascal.", "triggered", {"enters_self"}),
    ("Kuro's Taken", "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.)",
     "triggered", {"blocks", "blocked"}),
    ("Skeleton Scavengers", "Skeleton Scavengers enters the battlefield with a +1/+1 counter on it.", "enters",
     {"enters_self"}),
    ("Scoured Barrens", "Scoured Barrens enters the battlefield tapped.", "enters", {"enters_self"}),
    ("Kavu Titan", "If Kavu Titan was kicked, it enters the battlefield with three +1/+1 counters on it and with "
     "trample.", "static", set()),
    ("Hivis of the Scale", "You may choose not to untap Hivis of the Scale during your untap step.", "untap_step",
     {"step:untap"}),
    ("Shatterskull Minotaur", "This spell costs {1} less to cast for each creature in your party.", "spell", {"cast"}),
    ("Treetop Ambusher", "Dash {1}{G} (You may cast this spell for its dash cost. If you do, it gains haste, and "
     "it's returned from the battlefield to its owner's hand at the beginning of the next end step.)", "spell",
     {"cast"}),
    ("Ninja of the Deep Hours", "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this "
     "card onto the battlefield from your hand tapped and attacking.)", "zone", set()),
    ("Horror of the Broken Lands", "Cycling {B} ({B}, Discard this card: Draw a card.)", "zone", set()),
    ("Dwarven Miner", "{2}{R}, {T}: Destroy target nonbasic land.", "activated", set()),
    ("Yavimaya's Embrace", "Enchant creature", "attachment", set()),
    ("Plated Geopede", "Landfall — Whenever a land enters the battlefield under your control, Plated Geopede gets "
     "+2/+2 until end of turn.", "triggered", {"enters"}),
    ("Frontier Warmonger", "Whenever one or more creatures attack one of your opponents or a planeswalker they "
     "control, those creatures gain menace until end of turn.", "triggered", {"attacks"}),
    ("Champion of Rhonas", "You may exert Champion of Rhonas as it attacks. When you do, you may put a creature card "
     "from your hand onto the battlefield.", "triggered", {"attacks"}),
    ("Pheres-Band Tromper", "Inspired — Whenever Pheres-Band Tromper becomes untapped, put a +1/+1 counter on it.",
     "triggered", {"untapped"}),
    ("Blightsteel Colossus", "If Blightsteel Colossus would be put into a graveyard from anywhere, reveal Blightsteel "
     "Colossus and shuffle it into its owner's library instead.", "replacement", {"leaves"}),
    ("Sea Serpent", "When you control no Islands, sacrifice Sea Serpent.", "triggered", {"other"}),
    ("Jolting Merfolk", "Fading 4 (This creature enters the battlefield with four fade counters on it. At the "
     "beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it.)", "compound",
     {"enters_self", "step:upkeep"}),
    ("Kitchen Finks", "Persist (When this creature dies, if it had no -1/-1 counters on it, return it to the "
     "battlefield under its owner's control with a -1/-1 counter on it.)", "triggered", {"dies"}),
    ("Haktos the Unscarred", "As Haktos enters the battlefield, choose 2, 3, or 4 at random.", "enters",
     {"enters_self"}),
    ("Archetype of Imagination", "Creatures your opponents control lose flying and can't have or gain flying.",
     "static", set()),
]


@pytest.mark.parametrize("card, line, form, events", FORMS, ids=[f[0] for f in FORMS])
def test_the_form_of_a_real_line(card: str, line: str, form: str, events: set[str]) -> None:
    legendary = card in ("Haktos the Unscarred",)
    got = line_form(line, card, legendary)
    assert (got.form, set(got.events)) == (form, events)


# (text as a static ability or an effect, with the card's name as ~; its reach)
REACH = [
    ("~ has deathtouch as long as you control a Liliana planeswalker.", {"kw:deathtouch"}),
    ("Enchanted creature gets +2/+2 and has first strike.", {"pt_up", "kw:first_strike"}),
    ("Creatures you control have flying, first strike, and vigilance.", {"kw:flying", "kw:first_strike",
                                                                         "kw:vigilance"}),
    ("~ gets +1/+1 for each artifact you control.", {"pt_up"}),
    ("Enchanted creature gets -1/-1 and has \"{T}: Target creature gets -1/-1 until end of turn.\"",
     {"pt_down:1", "activated_grant"}),
    ("Noncreature spells cost {1} more to cast.", {"spells"}),
    ("You have no maximum hand size.", {"zones"}),
    ("Creatures your opponents control can't block.", {"blocking_rule"}),
    ("~ can't attack unless defending player controls an Island.", {"attack_rule"}),
    ("All creatures able to block ~ do so.", {"blocked_self"}),
    ("Prevent all combat damage that would be dealt to ~.", {"prevention"}),
    ("you gain 1 life and draw a card.", {"life", "cards"}),
    ("each opponent loses 2 life.", {"life"}),
    ("~ deals 2 damage to each opponent.", {"life"}),
    ("create a Treasure token.", {"mana_tokens"}),
    ("create a 1/1 white Soldier creature token.", {"creature_tokens"}),
    ("Enchanted creature has \"Whenever this creature deals combat damage to a player, draw a card.\"",
     {"granted:combat_damage"}),
    # anything it could do to a permanent stays "other"
    ("Destroy target creature. You gain 2 life.", {"life", "other"}),
    ("tap target creature defending player controls.", {"other"}),
    ("~ deals 2 damage to any target.", {"other"}),
    ("Enchanted creature is a copy of the chosen creature.", {"other"}),
    ("Enchanted creature gets -3/-2.", {"pt_down:2"}),  # it bears when the toughness reaches 0 (704.5f)
    ("create a 1/1 red Goblin creature token that's tapped and attacking.", {"other"}),
    ("Flying, protection from black", {"other"}),  # not a clause with a subject: a keyword line, as ~ has it
    ("3/3", {"other"}),  # a level's power and toughness (711)
]


@pytest.mark.parametrize("text, aspects", REACH, ids=[r[0][:40] for r in REACH])
def test_the_reach_of_real_words(text: str, aspects: set[str]) -> None:
    assert set(reach(text)) == aspects


def test_a_keyword_line_is_the_permanent_having_them() -> None:
    """A line of keywords ("Flying, ward {3}") is read as "~ has" them (702)."""
    form = line_form("Flying, ward {3}", "X")
    assert form.body == "~ has Flying, ward {3}" and set(reach(form.body)) == {"kw:flying", "kw:ward"}


def test_what_an_effect_could_cause() -> None:
    """The events an effect's words could bring, for triggers that wait for them (603.2);
    a dungeon room's effect is not in the words, so anything."""
    assert effect_events("you gain 1 life and draw a card.") == {"life_gain", "draw"}
    assert {"dies", "leaves"} <= effect_events("Destroy target creature.")
    assert effect_events("venture into the dungeon.") is None


@pytest.mark.parametrize("body, atoms", [
    ("As long as ~ is equipped, it has menace.", (("attached", "equipped"),)),
    ("~ has flying as long as it's attacking.", (("attacking", None),)),
    ("As long as you have 30 or more life and an opponent has 10 or less life, ~ gets +6/+6 and has flying.",
     (("life_at_least", "30"), ("opponent_life_at_most", "10"))),
    ("Threshold — As long as seven or more cards are in your graveyard, ~ gets +1/+1.", None),  # the word comes first
    ("As long as seven or more cards are in your graveyard, ~ gets +1/+1.", (("graveyard_at_least", "7"),)),
    ("As long as an opponent controls a creature with flying, ~ has flying.", None),
])
def test_conditions_it_checks_and_those_it_leaves(body: str, atoms) -> None:
    """611.3b: the conditions checked on the board; any other makes the line bear."""
    assert static_condition(body) == atoms
