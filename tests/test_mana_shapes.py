"""Mana-ability shapes of real cards read exactly (605.1a), and how payment uses them, each
checked against the brute-force reference (references/reference_payment.py): amounts the
board defines (119 life, 305.6 domain, 700.5 devotion, 404 graveyard, 201.2 names), board
conditions (602.5b, 614.1a), activation limits (602.5b), life loss (119.3) and spending
restrictions (106.6); "tapped for mana" triggers (106.12a). The lines are the 2022-04-25
Oracle text of the cards named."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import ManaCost
from mtgsolver.model.mana_abilities import (ANY_SOURCE, Amount, AnyColor, Choice, Condition, Conditional, CostPart,
                                             Counted, Fixed)
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.solver.payment import SpellInfo, pay
from references.reference_payment import best_payment

_T = CostPart("tap")
_TWO = Condition(1, "urza's power-plant", also=(Condition(1, "urza's tower"),))

# (card, line, costs, product, further fields)
SHAPES = [
    ("A-Spell Satchel", "{T}, Remove a book counter from Spell Satchel: Add {C}.",
     (_T, CostPart("remove_counters", amount=1, what="book")), Fixed(("C",)), {}),
    ("Axebane Guardian", "{T}: Add X mana in any combination of colors, where X is the number of creatures with "
     "defender you control.", (_T,), Amount("permanents", "creature defender", combination=True), {}),
    ("Chandra's Embercat", "{T}: Add {R}. Spend this mana only to cast an Elemental spell or a Chandra planeswalker "
     "spell.", (_T,), Fixed(("R",)), {"spend_only": frozenset({"elemental", "chandra planeswalker"})}),
    ("Circle of Elders", "Formidable — {T}: Add {C}{C}{C}. Activate only if creatures you control have total power "
     "8 or greater.", (_T,), Fixed(("C",) * 3), {"condition": Condition(8, "creature", total_power=True)}),
    ("Gemstone Caverns", "{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana of any "
     "color.", (_T,), Conditional(Condition(1, "luck", counters=True), AnyColor(1), Fixed(("C",))), {}),
    ("Pyramid of the Pantheon", "{T}: Add three mana of any one color. Activate only if there are three or more "
     "brick counters on Pyramid of the Pantheon.", (_T,), AnyColor(3),
     {"condition": Condition(3, "brick", counters=True)}),
    ("Kyren Toy", "{T}, Remove X charge counters from Kyren Toy: Add an amount of {C} equal to X plus one.",
     (_T, CostPart("remove_counters", what="charge", variable=True)),
     Amount("removed", "charge", mana=("C",), base=("C",)), {}),
    ("Leafkin Avenger", "{T}: Add {G} for each creature with power 4 or greater you control.", (_T,),
     Amount("permanents", "creature", mana=("G",), power_at_least=4), {}),
    ("Manaforge Cinder", "{1}: Add {B} or {R}. Activate no more than three times each turn.",
     (CostPart("mana", mana=ManaCost.parse("{1}")),), Choice((("B",), ("R",))), {"per_turn": 3}),
    ("Prismatic Geoscope", "Domain — {T}: Add X mana in any combination of colors, where X is the number of basic "
     "land types among lands you control.", (_T,), Amount("domain", "land", combination=True), {}),
    ("Sanctum of the Sun", "{T}: Add X mana of any one color, where X is your life total.", (_T,),
     Amount("life", any_color=True), {}),
    ("Selvala, Heart of the Wilds", "{G}, {T}: Add X mana in any combination of colors, where X is the greatest "
     "power among creatures you control.", (CostPart("mana", mana=ManaCost.parse("{G}")), _T),
     Amount("greatest_power", "creature", combination=True), {}),
    ("River of Tears", "{T}: Add {U}. If you played a land this turn, add {B} instead.", (_T,),
     Conditional(Condition(1, "land", land_played=True), Fixed(("B",)), Fixed(("U",))), {}),
    ("Urza's Mine", "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead.",
     (_T,), Conditional(_TWO, Fixed(("C", "C")), Fixed(("C",))), {}),
    ("Karametra's Acolyte", "{T}: Add an amount of {G} equal to your devotion to green. (Each {G} in the mana costs "
     "of permanents you control counts toward your devotion to green.)", (_T,),
     Amount("devotion", "G", mana=("G",)), {}),
    ("Cryptolith Fragment", "{T}: Add one mana of any color. Each player loses 1 life.", (_T,), AnyColor(1),
     {"life_loss": 1}),
    ("Eldrazi Temple", "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells or activate abilities "
     "of colorless Eldrazi.", (_T,), Fixed(("C", "C")),
     {"spend_only": frozenset({"colorless eldrazi"}), "spend_abilities": frozenset({"colorless eldrazi"})}),
    ("Karfell Harbinger", "{T}: Add {U}. Spend this mana only to foretell a card from your hand or cast an instant "
     "or sorcery spell.", (_T,), Fixed(("U",)), {"spend_only": frozenset({"instant", "sorcery"})}),
    ("Rosheen Meanderer", "{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.", (_T,),
     Fixed(("C",) * 4), {"spend_only": frozenset({"{x}"})}),
    ("Adarkar Unicorn", "{T}: Add {U} or {C}{U}. Spend this mana only to pay cumulative upkeep costs.", (_T,),
     Choice((("U",), ("C", "U"))), {"spend_only": frozenset(), "spend_abilities": None}),
    ("Crypt of Agadeem", "{2}, {T}: Add {B} for each black creature card in your graveyard.",
     (CostPart("mana", mana=ManaCost.parse("{2}")), _T), Amount("graveyard", "black creature", mana=("B",)), {}),
    ("Powerstone Shard", "{T}: Add {C} for each artifact you control named Powerstone Shard.", (_T,),
     Amount("permanents", "artifact", mana=("C",), named="powerstone shard"), {}),
    ("Altar of the Pantheon", "{T}: Add one mana of any color. If you control a God, a Demigod, or a legendary "
     "enchantment, you gain 1 life.", (_T,), AnyColor(1),
     {"extra": ("if you control a god, a demigod, or a legendary enchantment, you gain 1 life.",)}),
    ("Glittering Stockpile", "{T}, Sacrifice Glittering Stockpile: Add X mana of any one color, where X is the number "
     "of stash counters on Glittering Stockpile.", (_T, CostPart("sacrifice_self")),
     Amount("counters", "stash", any_color=True), {}),
    ("Automated Artificer", "{T}: Add {C}. Spend this mana only to activate an ability or cast an artifact spell.",
     (_T,), Fixed(("C",)), {"spend_only": frozenset({"artifact"}), "spend_abilities": frozenset({ANY_SOURCE})}),
    ("Castle Garenbrig", "{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature spells or activate "
     "abilities of creatures.", (CostPart("mana", mana=ManaCost.parse("{2}{G}{G}")), _T), Fixed(("G",) * 6),
     {"spend_only": frozenset({"creature"}), "spend_abilities": frozenset({"creature"})}),
    ("Leafkin Druid", "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead.", (_T,),
     Conditional(Condition(4, "creature"), Fixed(("G", "G")), Fixed(("G",))), {}),
    ("Ilysian Caryatid", "{T}: Add one mana of any color. If you control a creature with power 4 or greater, add two "
     "mana of any one color instead.", (_T,),
     Conditional(Condition(1, "creature", 4), AnyColor(2, combination=False), AnyColor(1)), {}),
    ("Cabal Stronghold", "{3}, {T}: Add {B} for each basic Swamp you control.",
     (CostPart("mana", mana=ManaCost.parse("{3}")), _T), Amount("permanents", "basic swamp", mana=("B",)), {}),
    ("Cloudpost", "{T}: Add {C} for each Locus on the battlefield.", (_T,), Counted(("C",), "locus", "all"), {}),
    ("Springjack Pasture", "{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life.",
     (_T, CostPart("sacrifice", amount=0, what="goat", variable=True)), AnyColor(-1, combination=False),
     {"extra": ("you gain x life.",)}),
    ("Primal Wellspring", "{T}: Add one mana of any color. When that mana is spent to cast an instant or sorcery "
     "spell, copy that spell and you may choose new targets for the copy.", (_T,), AnyColor(1),
     {"extra": ("when that mana is spent to cast an instant or sorcery spell, copy that spell and you may choose "
                "new targets for the copy.",)}),
]


@pytest.mark.parametrize("card, line, costs, product, fields", SHAPES, ids=[s[0] for s in SHAPES])
def test_real_line_reads_exactly(card, line, costs, product, fields):
    a = parse_mana_ability(line, card)
    assert (a.costs, a.product) == (costs, product)
    for key, value in fields.items():
        assert getattr(a, key) == value, key


@pytest.mark.parametrize("line, card", [
    ("{T}: Add X mana of any one color, where X is the amount of life you gained this turn.", "Accomplished Alchemist"),
    ("{T}: Add {C} for each card you've drawn this turn.", "Kydele, Chosen of Kruphix"),
    ("{T}: Add {B}{B}{B}{B}. Target opponent gains control of Witch Engine.", "Witch Engine"),  # targets: 605.1a
    ("{T}: Add {U}. Spend this mana only to pay a disturb cost or cast an instant or sorcery spell.",
     "Unblinking Observer"),  # a disturb spell is not known to the payment
])
def test_what_the_board_does_not_hold_stays_unread(line, card):
    from mtgsolver.model.mana_abilities import ManaAbilityError
    with pytest.raises(ManaAbilityError):
        parse_mana_ability(line, card)


# ---------------------------------------------------------------- payment, with the reference
def _board(battlefield: list[str], life: int = 20, graveyard: list[str] = (), lands_played: int = 0) -> object:
    text = ("active_player: a\nplayers: [{name: a, life: %d}, {name: b}]\nbattlefield:\n" % life
            + "\n".join("  - " + p for p in battlefield))
    if lands_played:
        text += "\nturn: {lands_played: {a: %d}}" % lands_played
    if graveyard:
        text += "\nzones:\n  a:\n    graveyard:\n" + "\n".join("      - " + g for g in graveyard)
    return parse_board_text(text, "shapes.yaml")


def _line(card: str) -> str:
    return next(s[1] for s in SHAPES if s[0] == card).replace("'", "''")


def _src(pid: str, card: str, extra: str = "", types: str = "artifact") -> str:
    return f"{{id: {pid}, name: \"{card}\", types: [{types}], controller: a, text: '{_line(card)}'{extra}}}"


def agree(b, cost: str, spell: SpellInfo | None = None) -> bool:
    """The solver's payability, asserted equal to the reference's."""
    r = pay(b, cost, spell=spell)
    want = best_payment(b, "a", ManaCost.parse(cost), spell_types=spell.types if spell else None) is not None
    assert r.payable is want, (cost, r.reasons, r.excluded)
    return want


def test_life_total_devotion_and_domain_count_on_the_board():
    """119 (life total), 700.5 (devotion: hybrid symbols count), 305.6 (basic land types)."""
    sanctum = _src("s", "Sanctum of the Sun", types="land")
    assert agree(_board([sanctum], life=3), "{U}{U}{U}") and not agree(_board([sanctum], life=3), "{U}{U}{U}{U}")
    assert not agree(_board([sanctum], life=3), "{U}{R}")  # any ONE color
    acolyte = _src("k", "Karametra's Acolyte", ", mana_cost: '{3}{G}', power: 1, toughness: 4", "creature")
    wildsize = "{id: h, name: Hybrid, types: [enchantment], controller: a, mana_cost: '{G/W}{G/W}'}"
    assert agree(_board([acolyte, wildsize]), "{G}{G}{G}") and not agree(_board([acolyte, wildsize]), "{4}")
    geo = _src("g", "Prismatic Geoscope")
    lands = ["{id: f, card: Forest, controller: a, tapped: true}", "{id: t, card: Tundra, controller: a, tapped: true}"]
    assert agree(_board([geo, *lands]), "{W}{G}{U}") and not agree(_board([geo, *lands]), "{4}")


def test_greatest_power_and_counted_permanents():
    """Selvala: the greatest power among your creatures; Leafkin: creatures with power 4 or greater;
    Powerstone Shard: artifacts named so (201.2)."""
    bear = "{id: %s, name: Big, types: [creature], power: %d, toughness: 4, controller: a}"
    selvala = _src("v", "Selvala, Heart of the Wilds", ", power: 2, toughness: 3", "creature")
    pool = "{id: f, card: Forest, controller: a}"
    assert agree(_board([selvala, pool, bear % ("x", 4)]), "{W}{U}{B}{R}")
    assert not agree(_board([selvala, pool, bear % ("x", 3)]), "{W}{U}{B}{R}")
    leafkin = _src("l", "Leafkin Avenger", ", power: 4, toughness: 3", "creature")
    assert agree(_board([leafkin, bear % ("x", 5), bear % ("y", 3)]), "{G}{G}")
    assert not agree(_board([leafkin, bear % ("x", 5), bear % ("y", 3)]), "{G}{G}{G}")
    shards = [_src(p, "Powerstone Shard") for p in "pq"] + ["{id: r, card: Sol Ring, controller: a, tapped: true}"]
    assert agree(_board(shards), "{4}") and not agree(_board(shards), "{5}")


def test_graveyard_cards_are_counted_as_the_board_lists_them():
    """404: Crypt of Agadeem counts the black creature cards in its controller's graveyard."""
    crypt = _src("c", "Crypt of Agadeem", types="land")
    lands = ["{id: r, card: Sol Ring, controller: a}"]
    grave = ["{name: Zombie, types: [creature], mana_cost: '{1}{B}'}", "{name: Bear, types: [creature], "
             "mana_cost: '{1}{G}'}", "{name: Ritual, types: [instant], mana_cost: '{B}'}",
             "{name: Ghoul, types: [creature], mana_cost: '{2}{B}'}"]
    assert agree(_board([crypt, *lands], graveyard=grave), "{B}{B}")
    assert not agree(_board([crypt, *lands], graveyard=grave), "{B}{B}{B}")
    assert not agree(_board([crypt, *lands]), "{B}")  # no graveyard listed: none counted


def test_conditions_on_the_board_and_on_the_source():
    """602.5b (activate only if ...) and 614.1a (... instead): total power, counters on the
    source, two permanents controlled (Urza's lands)."""
    circle = _src("c", "Circle of Elders", ", power: 2, toughness: 2", "creature")
    big = "{id: x, name: Big, types: [creature], power: %d, toughness: 4, controller: a}"
    assert agree(_board([circle, big % 6]), "{3}") and not agree(_board([circle, big % 5]), "{3}")
    r = pay(_board([circle, big % 5]), "{3}")
    assert any(e.rule == "602.5b" and "total power 8" in e.reason for e in r.excluded)
    caverns = _src("g", "Gemstone Caverns", types="land")
    assert agree(_board([caverns]), "{C}") and not agree(_board([caverns]), "{R}")
    assert agree(_board([caverns[:-1] + ", counters: {luck: 1}}"]), "{R}")
    pyramid = _src("p", "Pyramid of the Pantheon")
    assert not agree(_board([pyramid[:-1] + ", counters: {brick: 2}}"]), "{1}")
    assert agree(_board([pyramid[:-1] + ", counters: {brick: 3}}"]), "{R}{R}{R}")
    urza = ("{id: %s, name: \"Urza's %s\", types: [land], subtypes: [\"%s\", %s], controller: a, text: '{T}: Add {C}. "
            "If you control an Urza''s %s and an Urza''s %s, add %s instead.'}")
    tron = [urza % ("m", "Mine", "urza's", "mine", "Power-Plant", "Tower", "{C}{C}"),
            urza % ("p", "Power Plant", "urza\u2019s", "power-plant", "Mine", "Tower", "{C}{C}"),  # MTGJSON's ’
            urza % ("t", "Tower", "urza's", "tower", "Mine", "Power-Plant", "{C}{C}{C}")]
    assert agree(_board(tron), "{7}") and not agree(_board(tron), "{8}")
    assert not agree(_board(tron[:2]), "{3}")  # no Tower: one {C} each


def test_a_land_played_this_turn_changes_the_mana():
    """305.2, 614.1a: River of Tears adds {B} instead of {U} once its controller played a land
    this turn (the turn's land plays, not lands put onto the battlefield otherwise)."""
    river = _src("r", "River of Tears", types="land")
    assert agree(_board([river]), "{U}") and not agree(_board([river]), "{B}")
    assert agree(_board([river], lands_played=1), "{B}") and not agree(_board([river], lands_played=1), "{U}")


def test_activation_limit_and_life_loss():
    """602.5b: "Activate no more than three times each turn"; 119.3: "Each player loses 1 life"
    comes off the payer's life like damage, so at 1 life it can't pay a Phyrexian symbol too."""
    cinder = "{id: c, name: Manaforge Cinder, types: [creature], power: 1, toughness: 1, controller: a, text: '%s'}" % (
        _line("Manaforge Cinder"))
    rocks = [cinder] + ["{id: r%d, card: Sol Ring, controller: a}" % i for i in range(3)]
    assert agree(_board(rocks), "{B}{B}{R}{2}") and not agree(_board(rocks), "{B}{B}{R}{R}")
    frag = _src("f", "Cryptolith Fragment")
    assert agree(_board([frag], life=3), "{R}{B/P}")
    assert not agree(_board([frag], life=2), "{R}{B/P}")
    assert pay(_board([frag], life=5), "{R}").life_after == 4


def test_spending_restrictions():
    """106.6: the restriction decides which spells the mana pays: costs with {X} (any part of
    them), a colorless Eldrazi spell, an Elemental or a Chandra planeswalker spell, none for
    cumulative upkeep."""
    rosheen = _src("r", "Rosheen Meanderer", ", power: 4, toughness: 4", "creature")
    assert agree(_board([rosheen]), "{X}{1}") and not agree(_board([rosheen]), "{4}")
    assert pay(_board([rosheen]), "{X}", maximize_x=True).x == 4
    temple = _src("t", "Eldrazi Temple", types="land")
    eldrazi = SpellInfo(frozenset({"creature", "eldrazi"}))
    assert agree(_board([temple]), "{2}", eldrazi)
    assert not agree(_board([temple]), "{1}{G}", eldrazi)  # a green Eldrazi is not colorless
    assert not agree(_board([temple]), "{2}", SpellInfo(frozenset({"creature"})))
    cat = _src("e", "Chandra's Embercat", ", power: 2, toughness: 2", "creature")
    assert agree(_board([cat]), "{R}", SpellInfo(frozenset({"planeswalker", "chandra"})))
    assert not agree(_board([cat]), "{R}", SpellInfo(frozenset({"planeswalker", "nissa"})))
    unicorn = _src("u", "Adarkar Unicorn", ", power: 1, toughness: 3", "creature")
    r = pay(_board([unicorn]), "{U}", spell=SpellInfo(frozenset({"creature"})))
    assert r.payable is False and any(e.rule == "106.6" and "cumulative upkeep" in e.reason for e in r.excluded)


# ---------------------------------------------------------------- "tapped for mana" triggers (106.12a)
TRIGGERS = [
    ("Nissa, Who Shakes the World", "Whenever you tap a Forest for mana, add an additional {G}.",
     {"tapped": "your_permanents", "kinds": ["forest"], "adds": "{G}"}),
    ("Crypt Ghast", "Whenever you tap a Swamp for mana, add an additional {B}.",
     {"tapped": "your_permanents", "kinds": ["swamp"], "adds": "{B}"}),
    ("Leyline of Abundance", "Whenever you tap a creature for mana, add an additional {G}.",
     {"tapped": "your_permanents", "kinds": ["creature"], "adds": "{G}"}),
    ("Mirari's Wake", "Whenever you tap a land for mana, add one mana of any type that land produced.",
     {"tapped": "your_lands", "adds": "same_type"}),
    ("Kinnan, Bonder Prodigy", "Whenever you tap a nonland permanent for mana, add one mana of any type that "
     "permanent produced.", {"tapped": "your_permanents", "kinds": ["nonland"], "adds": "same_type"}),
    ("Forsaken Monument", "Whenever you tap a permanent for {C}, add an additional {C}.",
     {"tapped": "your_permanents", "adds": "{C}", "of_type": "C"}),
    ("Vernal Bloom", "Whenever a Forest is tapped for mana, its controller adds an additional {G}.",
     {"tapped": "permanents", "kinds": ["forest"], "adds": "{G}"}),
    ("Keeper of Progenitus", "Whenever a player taps a Mountain, Forest, or Plains for mana, that player adds one "
     "mana of any type that land produced.",
     {"tapped": "permanents", "kinds": ["mountain", "forest", "plains"], "adds": "same_type"}),
    ("Eloren Wilds", "Whenever a player taps a permanent for mana, that player adds one mana of any type that "
     "permanent produced.", {"tapped": "permanents", "adds": "same_type"}),
    ("Heartbeat of Spring", "Whenever a player taps a land for mana, that player adds one mana of any type that land "
     "produced.", {"tapped": "lands", "adds": "same_type"}),
    ("Fertile Ground", "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any "
     "color.", {"tapped": "enchanted", "adds": "any_color"}),
    ("Dawn's Reflection", "Whenever enchanted land is tapped for mana, its controller adds an additional two mana in "
     "any combination of colors.", {"tapped": "enchanted", "adds": "any_color", "amount": 2}),
    ("Wild Growth", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
     {"tapped": "enchanted", "adds": "{G}"}),
    ("Utopia Sprawl", "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of "
     "the chosen color.", {"tapped": "enchanted", "adds": "chosen_color"}),
]


@pytest.mark.parametrize("card, line, entry", TRIGGERS, ids=[t[0] for t in TRIGGERS])
def test_tapped_for_mana_trigger_reads_exactly(card, line, entry):
    entries, unread = parse_oracle_text(line, card)
    assert (entries, unread) == ([{"mana_trigger": entry}], [])


@pytest.mark.parametrize("card, line", [
    ("Overabundance", "Whenever a player taps a land for mana, that player adds one mana of any type that land "
     "produced, and Overabundance deals 1 damage to the player."),
    ("Winter's Night", "Whenever a player taps a snow land for mana, that player adds one mana of any type that land "
     "produced. That land doesn't untap during its controller's next untap step."),
    ("Regal Behemoth", "Whenever you tap a land for mana while you're the monarch, add an additional one mana of any "
     "color."),
    ("Gauntlet of Power", "Whenever a basic land is tapped for mana of the chosen color, its controller adds an "
     "additional one mana of that color."),
    ("Sasaya's Essence", "Whenever a land you control is tapped for mana, add an additional one mana of any type that "
     "land produced for each other land you control with the same name as it."),
    ("Manabarbs", "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."),
])
def test_tapped_for_mana_triggers_left_unread(card, line):
    assert parse_oracle_text(line, card)[1] == [line]


def _trig(pid: str, card: str, controller: str = "a", extra: str = "", types: str = "enchantment") -> str:
    line = next(t[1] for t in TRIGGERS if t[0] == card).replace("'", "''")
    return f"{{id: {pid}, name: \"{card}\", types: [{types}], controller: {controller}, text: '{line}'{extra}}}"


def test_triggers_add_to_the_permanents_they_watch():
    """106.12a: the trigger adds its mana when a watched permanent is tapped for mana (a {T}
    mana ability), to the player who tapped it; others are not watched."""
    forest, island = "{id: f, card: Forest, controller: a}", "{id: i, card: Island, controller: a}"
    ghast = _trig("g", "Crypt Ghast", extra=", power: 2, toughness: 2", types="creature")
    swamp = "{id: s, card: Swamp, controller: a}"
    assert agree(_board([ghast, swamp]), "{B}{B}") and not agree(_board([ghast, forest]), "{G}{B}")
    elf = "{id: e, card: Llanowar Elves, controller: a}"
    leyline = _trig("l", "Leyline of Abundance")
    assert agree(_board([leyline, elf]), "{G}{G}") and not agree(_board([leyline, forest]), "{G}{G}")
    monument = _trig("m", "Forsaken Monument", types="artifact")
    ring = "{id: r, card: Sol Ring, controller: a}"
    assert agree(_board([monument, ring]), "{3}") and not agree(_board([monument, forest]), "{2}")
    kinnan = _trig("k", "Kinnan, Bonder Prodigy", extra=", power: 2, toughness: 2", types="creature")
    assert agree(_board([kinnan, ring]), "{3}") and not agree(_board([kinnan, forest]), "{2}")
    bloom = _trig("v", "Vernal Bloom", controller="b")  # an opponent's: the tapper still gets it
    assert agree(_board([bloom, forest]), "{G}{G}") and not agree(_board([bloom, island]), "{U}{U}")
    keeper = _trig("p", "Keeper of Progenitus", extra=", power: 1, toughness: 3", types="creature")
    mountain = "{id: m2, card: Mountain, controller: a}"
    assert agree(_board([keeper, mountain]), "{R}{R}") and not agree(_board([keeper, island]), "{U}{U}")
    wake = _trig("w", "Mirari's Wake", controller="b")  # "you tap": its controller's lands only
    assert not agree(_board([wake, forest]), "{G}{G}")


def test_aura_triggers_add_any_color():
    """Fertile Ground: one more mana of any color; Dawn's Reflection: two in any combination
    (106.12a); the enchanted land's own mana is unchanged."""
    forest = "{id: f, card: Forest, controller: a}"
    fertile = _trig("x", "Fertile Ground", extra=", attached_to: f")
    assert agree(_board([forest, fertile]), "{G}{U}") and not agree(_board([forest, fertile]), "{U}{R}")
    dawn = _trig("x", "Dawn's Reflection", extra=", attached_to: f")
    assert agree(_board([forest, dawn]), "{G}{U}{R}") and not agree(_board([forest, dawn]), "{4}")


@pytest.mark.parametrize("card, line, entry", [
    ("Psychic Venom", "Whenever enchanted land becomes tapped, Psychic Venom deals 2 damage to that land's "
     "controller.", {"enchanted_tapped_damage": 2}),
    ("Contaminated Ground", "Whenever enchanted land becomes tapped, its controller loses 2 life.",
     {"enchanted_tapped_damage": 2}),
    ("Lust for War", "Whenever enchanted creature becomes tapped, Lust for War deals 3 damage to that creature's "
     "controller.", {"enchanted_tapped_damage": 3}),
    ("City of Brass", "Whenever City of Brass becomes tapped, it deals 1 damage to you.", {"damage_when_tapped": 1}),
])
def test_harm_on_becoming_tapped_reads_exactly(card, line, entry):
    assert parse_oracle_text(line, card) == ([entry], [])


def test_seizures_offers_a_choice_and_stays_unread():
    line = "Whenever enchanted creature becomes tapped, Seizures deals 3 damage to that creature's controller unless " \
           "that player pays {3}."
    assert parse_oracle_text(line, "Seizures")[1] == [line]


def test_an_aura_harming_the_tapped_permanents_controller_counts_in_payment():
    """Psychic Venom's damage when the enchanted land becomes tapped (603.2) is counted like
    City of Brass's: at 3 life, tapping the Forest leaves 1, too little for a Phyrexian symbol
    (119.4); the reference agrees, and an untouched land costs nothing."""
    forest = "{id: f, card: Forest, controller: a}"
    venom = ("{id: v, name: Psychic Venom, types: [enchantment], subtypes: [aura], controller: b, attached_to: f, "
             "text: \"Whenever enchanted land becomes tapped, Psychic Venom deals 2 damage to that land's controller.\"}")
    assert agree(_board([forest, venom], life=4), "{G}{B/P}") and not agree(_board([forest, venom], life=3), "{G}{B/P}")
    assert pay(_board([forest, venom], life=5), "{G}").life_after == 3
    swamp = "{id: s, card: Swamp, controller: a}"
    assert pay(_board([forest, swamp, venom], life=5), "{B}").life_after == 5
    brass = "{id: c, card: City of Brass, controller: a}"
    assert agree(_board([brass], life=3), "{R}{B/P}") and not agree(_board([brass], life=2), "{R}{B/P}")


@pytest.mark.parametrize("card, line, spend_only, abilities", [
    ("Cavern of Souls", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen "
     "type, and that spell can't be countered.", {"creature chosen_type"}, None),
    ("Secluded Courtyard", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
     "chosen type or activate an ability of a creature or creature card of the chosen type.",
     {"creature chosen_type"}, frozenset({"creature chosen_type"})),
    ("The Ringhart Crest", "{T}: Add {G}. Spend this mana only to cast a creature spell of the chosen type or a "
     "legendary creature spell.", {"creature chosen_type", "legendary creature"}, None),
])
def test_spending_on_the_chosen_type_reads_exactly(card, line, spend_only, abilities):
    a = parse_mana_ability(line, card)
    assert (a.spend_only, a.spend_abilities, a.restriction) == (frozenset(spend_only), abilities, line[line.index("Spend"):])


def test_spending_on_the_chosen_type_uses_the_board_field():
    """106.6: Cavern of Souls' mana pays only for a creature spell of the type chosen as it
    entered (the board's ``chosen_type``); with none on the board that mana pays nothing."""
    cavern = ("{id: c, name: Cavern of Souls, types: [land], controller: a%s, text: \"{T}: Add one mana of any color. "
              "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be countered.\"}")
    elf, human = SpellInfo(frozenset({"creature", "elf"})), SpellInfo(frozenset({"creature", "human"}))
    assert agree(_board([cavern % ", chosen_type: elf"]), "{G}", elf)
    assert not agree(_board([cavern % ", chosen_type: elf"]), "{G}", human)
    assert not agree(_board([cavern % ", chosen_type: elf"]), "{G}", SpellInfo(frozenset({"instant"})))
    r = pay(_board([cavern % ""]), "{G}", spell=elf)
    assert r.payable is False and any(e.rule == "106.6" for e in r.excluded)
    assert not agree(_board([cavern % ""]), "{G}", elf)


def test_two_cloudposts_each_count_both_loci():
    """Cloudpost's "for each Locus on the battlefield" (205.3i: Locus is a land type spelled with
    a final s): two Cloudposts make four {C}."""
    b = _board([_src("c1", "Cloudpost", ", subtypes: [locus]", "land"), _src("c2", "Cloudpost", ", subtypes: [locus]", "land")])
    assert agree(b, "{C}{C}{C}{C}") is True
    assert agree(b, "{C}{C}{C}{C}{C}") is False


# ------------------------------------------- shapes no mana line of the 2022 pool has, written by hand
# (card, line, costs, product): a count of several words "on the battlefield" or "named ~" (201.2),
# a sacrifice of a two-word permanent or of a token of a type (111.1)
HAND_WRITTEN = [
    ("Frost Beacon", "{T}: Add {C} for each snow land on the battlefield.", (_T,),
     Amount("permanents", "snow land", "all", mana=("C",))),
    ("Foundry Golem", "{T}: Add {C} for each artifact creature you control named Foundry Golem.", (_T,),
     Amount("permanents", "artifact creature", "you", mana=("C",), named="foundry golem")),
    ("Pantry Shrine", "{T}, Sacrifice a Food token: Add one mana of any color.",
     (_T, CostPart("sacrifice", amount=1, what="food", token=True)), AnyColor(1)),
    ("Token Shrine", "{T}, Sacrifice a token: Add {C}.", (_T, CostPart("sacrifice", amount=1, token=True)),
     Fixed(("C",))),
    ("Basic Shrine", "{T}, Sacrifice a basic land: Add one mana of any color.",
     (_T, CostPart("sacrifice", amount=1, what="basic land")), AnyColor(1)),
]


@pytest.mark.parametrize("card, line, costs, product", HAND_WRITTEN, ids=[s[0] for s in HAND_WRITTEN])
def test_hand_written_line_reads_exactly(card, line, costs, product):
    a = parse_mana_ability(line, card)
    assert (a.costs, a.product) == (costs, product)


# costs of mana abilities (602.1a, 118.3): two real lines (Wall of Roots, Black Mana Battery), and the
# forms of a cost no mana line of the pool has, written by hand: another untapped permanent tapped
# (701.26), a card of a type discarded (701.9), a card exiled from a zone (701.13)
COST_FORMS = [
    ("Wall of Roots", "Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn.",
     (CostPart("put_counter", amount=1, what="-0/-1"),), Fixed(("G",))),
    ("Black Mana Battery", "{T}, Remove any number of charge counters from Black Mana Battery: Add {B}, then add "
     "an additional {B} for each charge counter removed this way.",
     (_T, CostPart("remove_counters", what="charge", variable=True)),
     Amount("removed", "charge", mana=("B",), base=("B",))),
    ("Elf Shrine", "{T}, Tap another untapped Elf you control: Add {G}.",
     (_T, CostPart("tap_untapped", amount=1, what="elf", another=True)), Fixed(("G",))),
    ("Grave Shrine", "{T}, Discard a creature card: Add {B}.",
     (_T, CostPart("discard", amount=1, what="creature")), Fixed(("B",))),
    ("Yard Shrine", "{T}, Exile a card from your graveyard: Add {B}.",
     (_T, CostPart("exile_card", amount=1, what="graveyard")), Fixed(("B",))),
]


@pytest.mark.parametrize("card, line, costs, product", COST_FORMS, ids=[s[0] for s in COST_FORMS])
def test_cost_forms_read_exactly(card, line, costs, product):
    a = parse_mana_ability(line, card)
    assert (a.costs, a.product) == (costs, product)


def test_a_sacrifice_of_a_token_of_two_types_stays_unread():
    """"an artifact or creature token" is either type: a compound filter the cost can't hold."""
    from mtgsolver.model.mana_abilities import ManaAbilityError
    with pytest.raises(ManaAbilityError):
        parse_mana_ability("{T}, Sacrifice an artifact or creature token: Add {C}.", "Token Shrine")


@pytest.mark.parametrize("line, entry", [
    ("Whenever a player taps a permanent for {C}, that player adds an additional {C}.",
     {"tapped": "permanents", "adds": "{C}", "of_type": "C"}),
    ("Whenever a land is tapped for {C}, its controller adds an additional {C}.",
     {"tapped": "lands", "adds": "{C}", "of_type": "C"}),
])
def test_hand_written_tapped_for_colorless_triggers_read_the_type(line, entry):
    """106.12a: "for {C}" triggers only on colorless mana, whoever taps the permanent."""
    assert parse_oracle_text(line, "Colorless Bloom") == ([{"mana_trigger": entry}], [])


def test_a_tapped_land_of_three_words_stays_unread():
    """"nonbasic snow land" is a land of two qualities; the trigger's kinds mean any one of them."""
    line = ("Whenever a player taps a nonbasic snow land for mana, that player adds one mana of any type that land "
            "produced.")
    assert parse_oracle_text(line, "Snow Bloom")[1] == [line]
