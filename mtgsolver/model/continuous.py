"""Continuous effects of static abilities as data: what they affect, when, and what they do.

A static ability that changes other objects (611.3, 604.2) is written in a board's
``abilities`` list as ``{continuous: {...}}``; the Oracle grammar family ``effects`` reads
printed lines into the same mapping. :class:`ContinuousSpec` holds

- ``affects``: an :class:`Affected` set (controller, types, subtypes, colors, keywords,
  power/toughness, "other", enchanted/equipped, named);
- ``condition``: :class:`Condition` atoms, all of which must hold on the board ("as long as
  you control an artifact", threshold, "unless there are five or more Islands ...");
- the changes per layer (613.1d-g, 613.4): types (4), colors (5), abilities (6, including
  "loses all abilities"), power/toughness set (7b), modified (7c) and switched (7d);
- ``rules``: effects on game rules (613.11: Moat's "can't attack"), applied after the layers
  onto each affected creature as the per-creature vocabulary, and ``board_rules``: rule
  effects on the whole game (Silent Arbiter's caps) as board effects.

The engine that applies them is :mod:`mtgsolver.rules.layers`.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field, fields
from typing import Any

from mtgsolver.model.mana import Color

__all__ = ["Affected", "BoundRule", "CardCount", "Condition", "ContinuousSpec", "ForEach", "LAYERS", "atom_entry", "atom_text",
           "setting_words"]

#: The layers and sublayers this model applies, in order (613.1d-g, 613.4a-d).
LAYERS: tuple[str, ...] = ("4", "5", "6", "7a", "7b", "7c", "7d")

#: Whose objects a filter takes: any player's, the source's controller's, an opponent's, or the
#: defending player's of the attacking source (``defending``, 508.5a).
CONTROLLERS = ("any", "you", "opponents", "defending")


ATTACHMENTS = ("enchanted", "equipped", "enchanted_or_equipped", "modified")
SHARES = ("color", "creature_type")
#: The bounds of :class:`Affected` that may be a spell's or ability's X (107.3a).
X_BOUNDS = ("power_at_least", "power_at_most", "toughness_at_least", "toughness_at_most", "mana_value_at_least",
            "mana_value_at_most")


@dataclass(frozen=True)
class Affected:
    """The objects an effect applies to (611.3a); every given condition must hold.

    ``types``/``keywords``: all of them; ``subtypes``/``colors``: any of them; ``not_*``:
    none of them; ``other``: not the source; ``attached``: the object the source enchants
    or equips (303.4, 301.5); ``self``: the source only; ``named``: a card name;
    ``mana_value_at_least`` / ``_at_most``: bounds on its mana value (202.3; X is 0 on the
    battlefield, 107.3g);
    ``attacking``/``blocking``: declared so in the board's combat (506.4); ``counter``: has at
    least one counter of that kind (``+1/+1``); ``token`` (111.1) and ``tapped``: true or false;
    ``multicolored``/``colorless`` (105.2b-c); ``commander`` (903.3); ``chosen_type`` /
    ``chosen_color``: has the subtype or color chosen for the source (its board field
    ``chosen_type`` / ``chosen_color``, "of the chosen type"); ``attachments``: ``enchanted``
    (an Aura is attached to it, 303.4), ``equipped`` (301.5), ``enchanted_or_equipped``, or
    ``modified`` (700.9: equipped, enchanted by an Aura its controller controls, or with a
    counter); ``paired``: the source and the creature it is paired with (702.95b, "both
    creatures", "each of those creatures"), while the pair holds (702.95e).

    Conditions on the affected object itself (611.3b: "as long as it's a Zombie", "Otherwise",
    "instead") are these same filters, checked when the effect applies with the object as the
    earlier layers made it: ``not_attacking`` (not declared attacking, 506.4),
    ``controller_graveyard_at_least/at_most`` (cards in its controller's graveyard, So Tiny),
    ``shares_with_attached``: ``color`` or ``creature_type`` (shares one with the permanent the
    source is attached to, Konda's Banner: the equipped creature shares with itself, 105.1,
    205.3m).
    counter); ``any_of``: the object also matches at least one of these sets (a union of
    groups, "Skeletons you control and other Zombies you control", "snow and Zombie
    creatures", "with power or toughness 1 or less"; one set: both, "Eldrazi Spawn
    creatures"); ``x_bounds``: the bounds among :data:`X_BOUNDS` whose number is the X of the spell
    or ability (107.3a, "with mana value X or less"), set when it is cast or activated and X is
    chosen (unset, the filter can't be asked), or with ``x_count`` the X the text defines, a count
    taken each time the filter is asked (107.3c: "with mana value X or less, where X is the
    number of Faeries you control", counted as targets are chosen and again on resolution,
    603.3d, 608.2b); ``highest_mana_value``: its mana value is the
    highest among the creatures on
    the battlefield, ties included (Favor of the Mighty; 202.3e: X is 0); ``paired``: the
    source and the creature it is paired with (702.95b, "both creatures", "each of those
    creatures"), while the pair holds (702.95e).
    """

    controller: str = "any"
    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[Color] = frozenset()
    not_colors: frozenset[Color] = frozenset()
    keywords: frozenset[str] = frozenset()
    not_keywords: frozenset[str] = frozenset()
    power_at_least: int | None = None
    power_at_most: int | None = None
    toughness_at_least: int | None = None
    toughness_at_most: int | None = None
    mana_value_at_least: int | None = None
    mana_value_at_most: int | None = None
    other: bool = False
    attached: bool = False
    self: bool = False
    named: str | None = None
    attacking: bool = False
    blocking: bool = False
    counter: str | None = None
    token: bool | None = None
    tapped: bool | None = None
    multicolored: bool = False
    colorless: bool = False
    commander: bool = False
    chosen_type: bool = False
    chosen_color: bool = False
    attachments: str | None = None
    not_attacking: bool = False
    controller_graveyard_at_least: int | None = None
    controller_graveyard_at_most: int | None = None
    shares_with_attached: str | None = None
    any_of: tuple["Affected", ...] = ()
    highest_mana_value: bool = False
    paired: bool = False
    x_bounds: frozenset[str] = frozenset()
    x_count: ForEach | None = None

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v == f.default:
                continue
            if isinstance(v, frozenset):
                v = sorted(c.word if isinstance(c, Color) else c for c in v)
            elif f.name == "any_of":
                v = [a.to_mapping() for a in v]
            elif f.name == "x_count":
                v = v.to_mapping()
            out[f.name] = v
        return out

    @functools.cached_property
    def reads(self) -> frozenset[str]:
        """The characteristic groups matching reads (for 613.8 dependency checks)."""
        out = set()
        if self.paired:
            out.add("types")  # 702.95e: a pair holds while both are creatures
        if self.types or self.not_types or self.subtypes or self.not_subtypes or self.supertypes or self.not_supertypes:
            out.add("types")
        if self.colors or self.not_colors or self.multicolored or self.colorless or self.chosen_color:
            out.add("colors")
        if self.chosen_type or self.highest_mana_value:
            out.add("types")
        if self.shares_with_attached:
            out.add("colors" if self.shares_with_attached == "color" else "types")
        if self.keywords or self.not_keywords:
            out.add("abilities")
        if any(v is not None for v in (self.power_at_least, self.power_at_most, self.toughness_at_least,
                                       self.toughness_at_most)):
            out.add("pt")
        for member in self.any_of:
            out |= member.reads
        return frozenset(out)

    def describe(self) -> str:
        """Plain words: ``other elf creatures you control``."""
        words: list[str] = []
        if self.self:
            return "this permanent"
        if self.attached:
            rest = dataclasses.replace(self, attached=False).describe()
            rest = rest.removesuffix(" permanents") if rest != "permanents" else ""
            return "the permanent it is attached to" + (f", if it is {rest}" if rest else "")
        if self.paired:
            return "it and the creature it is paired with"
        if self.other:
            words.append("other")
        words += [w for w, on in (("attacking", self.attacking), ("blocking", self.blocking),
                                  ("tapped", self.tapped is True), ("untapped", self.tapped is False),
                                  ("multicolored", self.multicolored), ("colorless", self.colorless),
                                  ("nontoken", self.token is False), ("commander", self.commander)) if on]
        words += [f"non{t}" for t in sorted(self.not_types | self.not_supertypes | self.not_subtypes)]
        words += sorted(c.word for c in self.colors)
        words += sorted(self.supertypes)
        if self.subtypes:
            words.append(" or ".join(sorted(self.subtypes)))
        words += sorted(self.types) or ["permanents"]
        words += ["tokens"] if self.token else []
        words += [self.attachments.replace("_", " ")] if self.attachments else []
        words += [f"of the chosen {w}" for w, on in (("type", self.chosen_type), ("color", self.chosen_color)) if on]
        if self.named:
            words.append(f"named {self.named}")
        words += [w for w, on in (("not attacking", self.not_attacking),
                                  (f"sharing a {(self.shares_with_attached or '').replace('_', ' ')} with the "
                                   "permanent it is attached to", self.shares_with_attached)) if on]
        words += [f"whose controller has {w} {n} cards in their graveyard" for w, n in
                  (("at least", self.controller_graveyard_at_least), ("at most", self.controller_graveyard_at_most))
                  if n is not None]
        if self.counter:
            words.append(f"with a {self.counter} counter")
        words += [f"with {b.rsplit('_at_', 1)[0].replace('_', ' ')} X or {'greater' if b.endswith('least') else 'less'}"
                  for b in sorted(self.x_bounds)]
        words += [f"where X is the number of {self.x_count.describe()}"] if self.x_count is not None else []
        words += [f"with mana value {n} or {w}" for w, n in (("greater", self.mana_value_at_least),
                                                              ("less", self.mana_value_at_most)) if n is not None]
        if self.keywords:
            words.append("with " + " and ".join(sorted(self.keywords)))
        if self.not_keywords:
            words.append("without " + " or ".join(sorted(self.not_keywords)))
        if self.controller == "you":
            words.append("you control")
        elif self.controller == "opponents":
            words.append("your opponents control")
        elif self.controller == "defending":
            words.append("defending player controls")
        if self.highest_mana_value:
            words.append("with the highest mana value")
        if self.any_of:
            words.append("that are " + " or ".join(f"({m.describe()})" for m in self.any_of))
        return " ".join(words)


#: Condition atoms, by key (one per atom mapping besides ``at_least``, ``at_most`` and ``not``).
CONDITION_KEYS = ("controls", "opponent_controls", "on_battlefield", "cards_in_graveyard", "extra_turn",
                   "your_turn", "day_night", "monstrous", "source_untapped", "source_equipped", "counters_on_source",
                   "life_at_most", "paired", "in_graveyard", *("attached_controller_controls", "attached_matches", "attached_equipment",
                                     "source_enchanted", "completed_dungeon", "city_blessing", "hand_at_most",
                                     "life_over_starting", "opponent_graveyard", "graveyard_types", "attached_to_yours",
                                     "graveyard_cards", "life_at_least", "permanent_left",
                                     "creature_died"))
#: Conditions with a filter, and those whose value is a number.
FILTER_KINDS = ("controls", "opponent_controls", "on_battlefield", "attached_controller_controls", "attached_matches",
                 "attached_to_yours")
NUMBER_KINDS = ("life_at_most", "attached_equipment", "hand_at_most", "life_over_starting", "opponent_graveyard",
                 "graveyard_types", "life_at_least")
CONDITION_KEYS += ("all_share_a_color",)  # Common Cause: the objects of a filter share a color (105.1)
FILTER_KINDS += ("all_share_a_color",)


@dataclass(frozen=True)
class Condition:
    """One condition of a static ability (611.3b), checked on the board as it is.

    ``kind``: ``controls`` (the source's controller controls ``at_least`` permanents matching
    ``filter``), ``opponent_controls``, ``on_battlefield`` (any controller), ``cards_in_graveyard``
    (at least ``at_least`` cards in the controller's graveyard: threshold), ``extra_turn``,
    ``your_turn``, ``day_night`` (``value`` day or night), ``monstrous`` (the source, 702.94),
    ``source_untapped``, ``source_equipped`` (an Equipment is attached to the source, 301.5),
    ``counters_on_source`` (``value`` a counter kind, ``at_least`` of them on the source),
    ``life_at_most`` (the controller's life total is ``value`` or less: fateful hour),
    ``all_share_a_color`` (every permanent matching ``filter`` has one color they all have:
    Common Cause's "as long as they all share a color"; false when one is colorless),
    ``paired`` (the source is paired with another creature by soulbond, 702.95b: the board's
    ``paired_with``, while both are creatures under one controller, 702.95e), ``in_graveyard``
    (the source is a card in its owner's graveyard: the ability functions from there, 113.6b).
    ``negate``: "unless" / "as long as ... not".

    On what the source is attached to (303.4, 301.5): ``attached_matches`` (it matches
    ``filter``: "as long as enchanted land is a basic Mountain", "equipped creature is
    tapped"), ``attached_equipment`` (``value`` or more Equipment are attached to it),
    ``attached_controller_controls`` (its controller controls ``at_least`` permanents matching
    ``filter``, ``other`` meaning other than it: "its controller controls no other creatures",
    with ``negate``); ``attached_to_yours`` (a permanent matching ``filter`` is attached to a
    creature the source's controller controls: "an Equipment named Groom's Finery is attached
    to a creature you control"). On the source: ``source_enchanted`` (an Aura is attached to it), and
    ``counters_on_source`` ``any`` (counters of every kind together) with ``at_most`` ("exactly
    one tide counter"). On the source's controller: ``completed_dungeon`` (309.7),
    ``city_blessing`` (702.131c; also held while an ascend permanent of theirs sees ten
    permanents, 702.131b), ``hand_at_most`` (``value`` or fewer cards in hand),
    ``life_over_starting`` (life total at least the starting life total plus ``value``, 103.4),
    ``life_at_least`` (``value`` or more life, 119),
    ``opponent_graveyard`` (an opponent has ``value`` or more cards in their graveyard),
    ``graveyard_types`` (``value`` or more card types among the cards in their graveyard,
    205.2a: delirium), ``permanent_left`` (a permanent they controlled left the battlefield this
    turn: revolt, 207.2c; the turn record), ``creature_died`` (a creature died this turn: morbid,
    207.2c; the turn record), ``graveyard_cards`` (``at_least`` cards of one of the card types
    ``value`` in their graveyard: "two or more instant and/or sorcery cards", spell mastery).
    """

    kind: str
    filter: Affected | None = None
    at_least: int = 1
    value: Any = True
    negate: bool = False
    at_most: int | None = None

    def to_mapping(self) -> dict[str, Any]:
        if self.filter is not None:
            out: dict[str, Any] = {self.kind: self.filter.to_mapping()}
            if self.at_least != 1:
                out["at_least"] = self.at_least
        elif self.kind == "cards_in_graveyard":
            out = {self.kind: self.at_least}
        elif self.kind == "graveyard_cards":
            out = {self.kind: list(self.value), "at_least": self.at_least}
        elif self.kind == "counters_on_source":
            out = {self.kind: self.value, "at_least": self.at_least}
            if self.at_most is not None:
                out["at_most"] = self.at_most
        else:
            out = {self.kind: self.value}
        if self.negate:
            out["not"] = True
        return out

    @property
    def reads(self) -> frozenset[str]:
        if self.kind == "all_share_a_color":
            return self.filter.reads | {"types", "colors"}  # type: ignore[union-attr]
        if self.kind == "paired":
            return frozenset({"types"})  # 702.95e
        return self.filter.reads | {"types"} if self.filter is not None else frozenset()

    def describe(self) -> str:
        if self.kind == "all_share_a_color":
            return ("not: " if self.negate else "") + f"all {self.filter.describe()} share a color"  # type: ignore[union-attr]
        if self.kind in ("controls", "opponent_controls", "on_battlefield", "attached_controller_controls"):
            who = {"controls": "you control", "opponent_controls": "an opponent controls",
                   "on_battlefield": "are on the battlefield",
                   "attached_controller_controls": "its controller controls"}[self.kind]
            text = f"{self.at_least} or more {self.filter.describe()} {who}"  # type: ignore[union-attr]
        elif self.kind == "attached_matches":
            text = f"what it is attached to is {self.filter.describe()}"  # type: ignore[union-attr]
        elif self.kind == "attached_to_yours":
            text = f"{self.filter.describe()} attached to a creature you control"  # type: ignore[union-attr]
        elif self.kind in NUMBER_KINDS and self.kind != "life_at_most":
            text = {"attached_equipment": "{} or more Equipment attached to what it is attached to",
                    "hand_at_most": "{} or fewer cards in your hand",
                    "life_over_starting": "your life total at least your starting life total plus {}",
                    "life_at_least": "you have {} or more life",
                    "opponent_graveyard": "an opponent has {} or more cards in their graveyard",
                    "graveyard_types": "{} or more card types among cards in your graveyard"}[self.kind].format(self.value)
        elif self.kind == "cards_in_graveyard":
            text = f"{self.at_least} or more cards in your graveyard"
        elif self.kind == "graveyard_cards":
            text = f"{self.at_least} or more {' and/or '.join(self.value)} cards in your graveyard"
        elif self.kind == "counters_on_source" and self.at_most is not None:
            text = f"{self.at_least} to {self.at_most} {self.value} counters on it"
        elif self.kind == "counters_on_source":
            text = f"{self.at_least} or more {self.value} counters on it"
        elif self.kind == "life_at_most":
            text = f"you have {self.value} or less life"
        elif self.kind == "paired":
            text = "it is paired with another creature"
        elif self.kind == "in_graveyard":
            text = "it is in your graveyard"
        else:
            text = f"{self.kind.replace('_', ' ')} is {self.value}"
        return ("not: " if self.negate else "") + text


FOR_EACH_KEYS = ("permanents", "cards_in_hand", "counters_on_source", "creature_cards_in_graveyard",
                  "counters_on_it", "colors_of_it", "colors_among", "basic_land_types_among", "cards", "party",
                  "mana_value_of_it", "mana_symbols_of_it", "bushido_of_it", "highest_life_total")
#: What may go with ``permanents``: ``attached_to`` (``it``: the object the effect applies to;
#: ``source``; ``creature``: any creature), ``counters`` (sum the counters of that kind on them),
#: ``shares_creature_type`` and ``same_name`` (with the object the effect applies to).
PERMANENT_MODIFIERS = ("attached_to", "counters", "shares_creature_type", "same_name")
ATTACHED_TO = ("it", "source", "creature")
#: ``cards``: zone, whose cards (``you``: the source's controller; ``its_controller``: the
#: controller of the object the effect applies to; ``all``: every player's), card types (any of).
CARD_ZONES = ("graveyard", "hand")
CARD_OWNERS = ("you", "its_controller", "all")


@dataclass(frozen=True)
class CardCount:
    """Cards in a zone (404 graveyards, 402 hands): ``zone``, ``whose`` and ``types`` (any of;
    empty: every card), ``named``: only cards of that name (201.2, "cards named Kindle"). A
    hand's cards are hidden (402.3): only its size is counted."""

    zone: str
    whose: str
    types: frozenset[str] = frozenset()
    named: str | None = None

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {"zone": self.zone, "whose": self.whose}
        out |= {"types": sorted(self.types)} if self.types else {}
        return out | ({"named": self.named} if self.named is not None else {})

    def describe(self) -> str:
        kinds = " or ".join(sorted(self.types)) + " " if self.types else ""
        where = {"you": "your", "its_controller": "its controller's", "all": "each player's"}[self.whose]
        return f"{kinds}card{f' named {self.named}' if self.named else ''} in {where} {self.zone}"


@dataclass(frozen=True)
class ForEach:
    """What a count ("gets +1/+1 for each ...", 613.4c; "power and toughness are each equal to
    the number of ...", 613.4a) counts, at the time it applies: ``permanents`` matching a
    filter (``controller: you`` is the source's controller; ``other: true`` here means other
    than the object the effect applies to, "for each other creature you control"; a list of
    filters: any of them, "artifact and/or enchantment"), ``cards_in_hand`` (the source's
    controller's), ``counters_on_source`` of a kind (``any``: every counter), or
    ``creature_cards_in_graveyard`` (the source's controller's graveyard); ``plus`` is added.

    With ``permanents``: ``attached_to`` (``it``, ``source``, ``creature``: only those
    attached to the object the effect applies to, to the source, or to a creature; 301.5,
    303.4) and ``counters`` (count the counters of that kind on them, not the permanents).
    Relative to the object the effect applies to: ``counters_on_it`` (a kind or ``any``),
    ``colors_of_it`` (105.2: its colors after layer 5), ``bushido_of_it`` (the N of each bushido
    N it has after layer 6, 702.45b), ``mana_value_of_it`` (202.3), ``mana_symbols_of_it``
    (a color: its mana symbols of that color, hybrid included), ``party`` (700.8). Among permanents matching a filter:
    ``colors_among`` (105.2), ``basic_land_types_among`` (305.6: domain). ``cards``: a
    :class:`CardCount` of a graveyard or hand. ``highest_life_total``: the highest life total
    among players (119). ``subtracted``: the count is taken from ``plus`` rather than added
    ("20 minus the highest life total among players", Scourge of the Skyclaves)."""

    permanents: Affected | None = None
    cards_in_hand: bool = False
    counters_on_source: str | None = None
    creature_cards_in_graveyard: bool = False
    plus: int = 0
    also: tuple[Affected, ...] = ()
    attached_to: str | None = None
    counters: str | None = None
    counters_on_it: str | None = None
    colors_of_it: bool = False
    colors_among: Affected | None = None
    basic_land_types_among: Affected | None = None
    cards: CardCount | None = None
    shares_creature_type: bool = False
    same_name: bool = False
    party: bool = False
    mana_value_of_it: bool = False
    mana_symbols_of_it: str | None = None
    bushido_of_it: bool = False
    highest_life_total: bool = False
    subtracted: bool = False

    @property
    def card_count(self) -> CardCount | None:
        """The cards it counts: ``cards``, or the older ``cards_in_hand`` (the source's
        controller's hand) and ``creature_cards_in_graveyard`` (their graveyard) as the same
        :class:`CardCount`."""
        if self.cards_in_hand:
            return CardCount("hand", "you")
        if self.creature_cards_in_graveyard:
            return CardCount("graveyard", "you", frozenset({"creature"}))
        return self.cards

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any]
        if self.permanents is not None:
            filters = [f.to_mapping() for f in (self.permanents, *self.also)]
            out = {"permanents": filters if self.also else filters[0]}
            out |= {k: getattr(self, k) for k in PERMANENT_MODIFIERS if getattr(self, k) not in (None, False)}
        elif self.counters_on_source is not None:
            out = {"counters_on_source": self.counters_on_source}
        elif self.counters_on_it is not None:
            out = {"counters_on_it": self.counters_on_it}
        elif self.colors_among is not None:
            out = {"colors_among": self.colors_among.to_mapping()}
        elif self.basic_land_types_among is not None:
            out = {"basic_land_types_among": self.basic_land_types_among.to_mapping()}
        elif self.cards is not None:
            out = {"cards": self.cards.to_mapping()}
        elif self.colors_of_it or self.party or self.mana_value_of_it or self.bushido_of_it or self.highest_life_total:
            out = {k: True for k in ("colors_of_it", "party", "mana_value_of_it", "bushido_of_it", "highest_life_total")
                   if getattr(self, k)}
        elif self.mana_symbols_of_it is not None:
            out = {"mana_symbols_of_it": self.mana_symbols_of_it}
        else:
            out = {"cards_in_hand": True} if self.cards_in_hand else {"creature_cards_in_graveyard": True}
        out = {**out, "subtracted": True} if self.subtracted else out
        return {**out, "plus": self.plus} if self.plus else out

    def describe(self) -> str:
        if self.permanents is not None:
            text = " and/or ".join(f.describe() for f in (self.permanents, *self.also))
            text += f" attached to {'that permanent' if self.attached_to == 'it' else 'the source' if self.attached_to == 'source' else 'a creature'}" if self.attached_to else ""
            text = f"{'' if self.counters == 'any' else self.counters + ' '}counter on {text}" if self.counters else text
            text += " that shares a creature type with it" if self.shares_creature_type else ""
            text += " with the same name as it" if self.same_name else ""
        elif self.counters_on_source is not None:
            text = f"{'' if self.counters_on_source == 'any' else self.counters_on_source + ' '}counter on the source"
        elif self.counters_on_it is not None:
            text = f"{'' if self.counters_on_it == 'any' else self.counters_on_it + ' '}counter on it"
        elif self.colors_among is not None:
            text = f"color among {self.colors_among.describe()}"
        elif self.basic_land_types_among is not None:
            text = f"basic land type among {self.basic_land_types_among.describe()}"
        elif self.cards is not None:
            text = self.cards.describe()
        elif self.colors_of_it:
            text = "of its colors"
        elif self.party:
            text = "creature in your party"
        elif self.mana_value_of_it:
            text = "point of its mana value"
        elif self.bushido_of_it:
            text = "point of bushido it has"
        elif self.mana_symbols_of_it is not None:
            text = f"{self.mana_symbols_of_it} mana symbol in its mana cost"
        elif self.highest_life_total:
            text = "the highest life total among players"
        else:
            text = "card in your hand" if self.cards_in_hand else "creature card in your graveyard"
        if self.subtracted:
            return f"{self.plus} minus {text}"
        return f"{self.plus} plus {text}" if self.plus else text


SPEC_KEYS = ("affects", "condition", "add_types", "remove_types", "add_subtypes", "set_land_types",
              "add_supertypes", "remove_supertypes", "set_colors", "add_colors",
              "set_types", "set_creature_types", "all_creature_types", "add_chosen_type", "remove_land_types",
              "base_pt_mana_value", "halved",
              "gains", "loses", "loses_all_abilities", "cant_have", "defines_pt", "set_pt", "gets", "for_each", "switch_pt",
              "rules", "board_rules", "goaded", "text")


@dataclass(frozen=True)
class ContinuousSpec:
    """A continuous effect of a static ability (611.3), layer by layer (613.1).

    Layer 4: ``add_types``, ``remove_types``, ``add_subtypes``, ``set_land_types`` (305.7: the
    land loses its other land types and the abilities of its rules text and has the new basic
    types' mana abilities), ``add_supertypes``, ``remove_supertypes``, and the type-setting
    parts (205.1a): ``set_types`` (the card types it has; subtypes of no remaining type go,
    supertypes stay), ``set_creature_types`` (its creature types), ``all_creature_types``
    (205.3m), ``add_chosen_type`` (the source's ``chosen_type``), ``remove_land_types``.
    Layer 5: ``set_colors``
    (empty: colorless), ``add_colors``. Layer 6: ``gains`` (board vocabulary entries),
    ``loses`` (keywords), ``loses_all_abilities``, ``cant_have`` (keywords the object loses and
    that no effect can add to it afterwards, whatever its timestamp: 113.11); a granted ``{text: "..."}`` is an ability no
    grammar reads, reported as unread on the objects it is granted to. Layer 7a:
    ``defines_pt`` (``both``, ``power`` or ``toughness``: a characteristic-defining ability
    setting them to the ``for_each`` count, 604.3, 613.4a); 7b: ``set_pt``, or
    ``base_pt_mana_value`` (each equal to the object's own mana value, 202.3); 7c: ``gets``
    (times the ``for_each`` count; ``halved``: half of it, rounded down for power and up for
    toughness, Aspect of Wolf);
    7d: ``switch_pt``. After the layers (613.11): ``rules`` (per-creature vocabulary) and
    ``board_rules`` (board effect mappings such as ``{kind: max_attackers_total, n: 1}``);
    ``goaded``: the affected creatures are goaded by the source's controller (701.15a), a
    board ``goaded`` effect for as long as the effect applies.
    ``text``: the Oracle line it was read from, for answers.
    """

    affects: Affected = field(default_factory=Affected)
    condition: tuple[Condition, ...] = ()
    add_types: frozenset[str] = frozenset()
    remove_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    set_land_types: frozenset[str] | None = None
    add_supertypes: frozenset[str] = frozenset()
    remove_supertypes: frozenset[str] = frozenset()
    set_colors: frozenset[Color] | None = None
    add_colors: frozenset[Color] = frozenset()
    gains: tuple[Any, ...] = ()
    loses: frozenset[str] = frozenset()
    loses_all_abilities: bool = False
    cant_have: frozenset[str] = frozenset()
    defines_pt: str | None = None
    set_pt: tuple[int, int] | None = None
    gets: tuple[int, int] | None = None
    for_each: "ForEach | None" = None
    switch_pt: bool = False
    set_types: frozenset[str] | None = None
    set_creature_types: frozenset[str] | None = None
    all_creature_types: bool = False
    add_chosen_type: bool = False
    remove_land_types: bool = False
    base_pt_mana_value: bool = False
    halved: bool = False
    rules: tuple[Any, ...] = ()
    board_rules: tuple[Any, ...] = ()
    goaded: bool = False
    text: str | None = None

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            val = getattr(self, f.name)
            if val == f.default or (f.name == "affects" and val == Affected()):
                continue
            if isinstance(val, (Affected, ForEach)):
                val = val.to_mapping()
            elif f.name == "condition":
                val = [c.to_mapping() for c in val]
            elif isinstance(val, frozenset):
                val = sorted(c.word if isinstance(c, Color) else c for c in val)
            elif f.name in ("gains", "rules"):
                val = [atom_entry(a) for a in val]
            elif f.name == "board_rules":
                val = [{"kind": k, "n": n} for k, n in val]
            out[f.name] = val
        return out

    # -- which layers ----------------------------------------------------------------
    def layers(self) -> tuple[str, ...]:
        """The layers and sublayers this effect has a part in (613.6)."""
        out = []
        if (self.add_types or self.remove_types or self.add_subtypes or self.set_land_types is not None
                or self.add_supertypes or self.remove_supertypes or self.sets_types):
            out.append("4")
        if self.set_colors is not None or self.add_colors:
            out.append("5")
        if self.gains or self.loses or self.loses_all_abilities or self.cant_have:
            out.append("6")
        if self.defines_pt is not None:
            out.append("7a")
        if self.set_pt is not None or self.base_pt_mana_value:
            out.append("7b")
        if self.gets is not None:
            out.append("7c")
        if self.switch_pt:
            out.append("7d")
        return tuple(out)

    @property
    def sets_types(self) -> bool:
        """Whether it has a type-setting part of :data:`SETTING_KEYS` in layer 4 (205.1a)."""
        return (self.set_types is not None or self.set_creature_types is not None or self.all_creature_types
                or self.add_chosen_type or self.remove_land_types)

    @property
    def reads(self) -> frozenset[str]:
        out = set(self.affects.reads)
        for c in self.condition:
            out |= c.reads
        return frozenset(out)

    def writes(self, layer: str) -> frozenset[str]:
        """What its part in ``layer`` changes (for 613.8 dependency checks)."""
        if layer == "4":
            return frozenset({"types", "abilities"} if self.set_land_types is not None else {"types"})
        if layer == "5":
            return frozenset({"colors"})
        if layer == "6":
            return frozenset({"abilities"})
        return frozenset({"pt"})

    def describe(self) -> str:
        """What it does, in plain words (``+1/+1``, ``gains menace``)."""
        parts: list[str] = []
        if self.add_types:
            parts.append("is " + " ".join(sorted(self.add_types)) + " in addition")
        if self.remove_types:
            parts.append("is no longer " + " or ".join(sorted(self.remove_types)))
        if self.set_land_types is not None:
            parts.append("is " + " ".join(sorted(self.set_land_types)) + " (305.7)")
        if self.add_subtypes:
            parts.append("is " + " ".join(sorted(self.add_subtypes)) + " in addition")
        if self.add_supertypes:
            parts.append("is " + " ".join(sorted(self.add_supertypes)))
        if self.remove_supertypes:
            parts.append("is not " + " ".join(sorted(self.remove_supertypes)))
        parts += setting_words(self)
        if self.set_colors is not None:
            parts.append("is " + ("/".join(c.word for c in sorted(self.set_colors)) or "colorless"))
        if self.add_colors:
            parts.append("is " + "/".join(c.word for c in sorted(self.add_colors)) + " in addition")
        if self.loses_all_abilities:
            parts.append("loses all abilities")
        if self.loses:
            parts.append("loses " + ", ".join(sorted(self.loses)))
        if self.cant_have:
            parts.append("can't have or gain " + ", ".join(sorted(k.replace("_", " ") for k in self.cant_have)))
        if self.gains:
            parts.append("has " + ", ".join(atom_text(g) for g in self.gains))
        if self.defines_pt is not None:
            what = {"both": "power and toughness", "power": "power", "toughness": "toughness"}[self.defines_pt]
            each: ForEach = self.for_each  # type: ignore[assignment]
            count = each.describe() if each.subtracted else "the number of " + each.describe()
            parts.append(f"{what} equal to {count}")
        if self.set_pt is not None:
            parts.append(f"is {self.set_pt[0]}/{self.set_pt[1]}")
        if self.base_pt_mana_value:
            parts.append("has base power and toughness each equal to its mana value")
        if self.gets is not None:
            parts.append(f"gets {self.gets[0]:+d}/{self.gets[1]:+d}"
                         + (" for each two" if self.halved else "")
                         + (f" for each {self.for_each.describe()}" if self.for_each else ""))
        if self.switch_pt:
            parts.append("has its power and toughness switched")
        if self.rules:
            parts.append(", ".join(atom_text(r) for r in self.rules))
        if self.board_rules:
            parts.append(", ".join(f"{k.replace('_', ' ')} {n}" for k, n in self.board_rules))
        if self.goaded:
            parts.append("is goaded (701.15)")
        return "; ".join(parts)

    def __str__(self) -> str:
        cond = (" as long as " + " and ".join(c.describe() for c in self.condition)) if self.condition else ""
        return f"{self.affects.describe()}: {self.describe()}{cond}"


@dataclass(frozen=True)
class BoundRule:
    """"Creatures with power less than ~'s power can't block creatures you control" (Champion
    of Lambholt), "... less than the number of Islands you control can't block ~" (Kraken of
    the Straits): a ``cant_be_blocked_by`` rule (509.1b, 613.11) whose bound is the source's
    power or a count (:class:`ForEach`), fixed on the board after the layers.
    Written ``{cant_be_blocked_by: {power_less_than: source_power}}`` or
    ``{cant_be_blocked_by: {power_less_than: {permanents: {subtypes: [island], controller: you}}}}``."""

    bound: "ForEach | None" = None  # None: the source's power

    def to_mapping(self) -> dict[str, Any]:
        bound = "source_power" if self.bound is None else self.bound.to_mapping()
        return {"cant_be_blocked_by": {"power_less_than": bound}}

    def describe(self) -> str:
        what = "its source's power" if self.bound is None else f"the number of {self.bound.describe()}"
        return f"can't be blocked by creatures with power less than {what}"


#: Type-setting parts (layer 4, 205.1a, 205.3m) and the 7b part "equal to its mana value" (613.4b).
SETTING_KEYS = ("set_types", "set_creature_types", "all_creature_types", "add_chosen_type", "remove_land_types",
                 "base_pt_mana_value")


def setting_words(spec: "ContinuousSpec") -> list[str]:
    """How :meth:`ContinuousSpec.describe` names the parts of :data:`SETTING_KEYS` in layer 4."""
    out = []
    if spec.set_types is not None:
        out.append("is only " + " ".join(sorted(spec.set_types)) + " (205.1a)")
    if spec.set_creature_types is not None:
        out.append("is only " + " ".join(sorted(spec.set_creature_types)) + " of the creature types (205.1a)")
    if spec.all_creature_types:
        out.append("is every creature type (205.3m)")
    if spec.add_chosen_type:
        out.append("is the chosen type in addition")
    if spec.remove_land_types:
        out.append("loses all land types")
    return out


#: ``max_attackers_against_you``: no more than n creatures can attack the source's controller (508.1c);
#: ``opponents_hand_size_reduced``: the maximum hand size of the source's controller's opponents is reduced
#: by n (402.2)
BOARD_RULE_KINDS = ("max_attackers_total", "max_blockers_total", "max_attackers_against_you",
                    "opponents_hand_size_reduced")


def atom_entry(atom: tuple[str, Any]) -> Any:
    """The board vocabulary entry of a parsed atom (for ``to_mapping``)."""
    kind, value = atom
    if kind == "protection":
        return {"protection": value}
    if kind == "bound":
        return value.to_mapping()
    if kind == "you":
        return {value: "you"}
    if kind == "static":
        return value.name if value.value is None else {value.name: _plain(value.value)}
    if kind in ("mana", "text", "activated"):
        return value.text if kind == "mana" else {"text": value.text}
    return value


def _plain(value: Any) -> Any:
    if hasattr(value, "to_mapping"):
        return value.to_mapping()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value if isinstance(value, (int, str, type(None))) else str(value)


def atom_text(atom: tuple[str, Any]) -> str:
    """How answers print a granted atom: ``menace``, ``protection from red``, ``"{T}: Add {G}."``."""
    kind, value = atom
    if kind == "keyword":
        return value.replace("_", " ")
    if kind == "protection":
        return f"protection from {value.replace('_', ' ')}"
    if kind == "you":
        return f"{value.replace('_', ' ')} you"
    if kind in ("mana", "text", "activated"):
        return f'"{value.text}"'
    if kind == "bound":
        return value.describe()
    return str(value)
