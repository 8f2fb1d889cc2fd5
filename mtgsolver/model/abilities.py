"""Static combat abilities of the board vocabulary, by canonical name.

A permanent's ``abilities`` list holds names (``lure``) or one-key mappings
(``{min_blockers: 3}``). :func:`parse_static` turns one entry into a :class:`Static`.
Rules: 509.1b-c (blocking restrictions and requirements), 508.1c-d (attacking),
702 (keywords), 509.1d and 508.1d (costs).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["STATIC_VOCABULARY", "Static", "TextAbility", "flow_text"]


def flow_text(value: Any) -> str:
    """A value as a board file writes it in flow style: ``{subtype: wall}``, ``[a, b]``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple, frozenset, set)):
        return "[" + ", ".join(flow_text(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Static:
    """A static ability with its parameter (``None`` for flags).

    ``value`` is an ``int`` (counts), a :class:`CreatureFilter` (or a tuple of them, any of
    which may match: ``filters``), a :class:`PlayerFilter`,
    a :class:`ManaCost`, an :class:`AttackTax`, a ``str`` (a player or ``"planeswalkers"`` for
    ``cant_attack``) or a tuple of granted entries (``grants``).
    """

    name: str
    value: Any = None

    def __str__(self) -> str:
        if self.value is None:
            return self.name
        return f"{self.name}: {flow_text(_plain(self.value))}"


def _plain(value: Any) -> Any:
    """``value`` with its filters and taxes as their vocabulary mappings, for printing."""
    if hasattr(value, "to_mapping"):
        return value.to_mapping()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class TextAbility:
    """A line of rules text no grammar family reads, kept as printed and reported as unread
    (``docs/unread.md``); no solver reads it."""

    text: str


# name -> kind of parameter: None (flag), "int", "filter", "player_filter", "cost",
# "attack_tax" (a cost or an AttackTax mapping),
# "target" (a player id or "planeswalkers"), "grants" (a list of entries), "flag_or_target".
STATIC_VOCABULARY: dict[str, str | None] = {
    # blocking restrictions (509.1b)
    "cant_block": None,
    "cant_be_blocked": None,
    "cant_block_alone": None,
    "can_block_additional": "int",
    "can_block_any_number": None,
    "min_blockers": "int",
    "max_blockers": "int",
    "cant_be_blocked_by": "filter",
    "can_block_only": "filter",
    # the blocker can't block creatures matching the filter ("can't block Humans"; relative:
    # "can't block creatures with power greater than ~'s power" = {power_greater_than: own_power})
    "cant_block_creatures": "filter",
    # "can't block unless at least N other creatures block" (Orcish Conscripts)
    "cant_block_unless_others": "int",
    # "can't block unless a creature with greater power also blocks" (Okk): a filter, or a list
    # of filters of which another blocking creature must match one
    "cant_block_unless_also": "filters",
    "block_cost": "cost",
    "blocked_only_by_all": None,
    # "can't be blocked except by artifact creatures and/or white creatures" (Amrou Seekers),
    # "except by Walls", "by non-Wall creatures": only creatures matching one of the filters
    "can_be_blocked_only_by": "filters",
    # "can't be blocked as long as defending player controls an artifact" (Neurok Spy)
    "cant_be_blocked_if_defender": "player_filter",
    # "can't be blocked as long as it's attacking alone" (Dream Prowler; 506.5)
    "cant_be_blocked_attacking_alone": None,
    # "can block creatures with shadow as though they didn't have shadow" (Aetherflame Wall;
    # 702.28b: only the attacker's shadow is ignored)
    "can_block_shadow": None,
    # "can block creatures with landwalk abilities as though they didn't have those abilities"
    # (Street Savvy; 702.14c)
    "can_block_landwalk": None,
    # "can't block unless you control more creatures than attacking player" (Goblin Goon):
    # creature or land
    "cant_block_unless_more": "permanent_kind",
    # blocking requirements (509.1c)
    "blocks_each_combat": None,
    "lure": None,
    # "All creatures with flying able to block ~ do so" (Talruum Piper), "All Walls able to block
    # ~ do so" (Marble Priest): a lure for the creatures matching the filter only
    "lure_by": "filter",
    "must_be_blocked": None,
    "must_be_blocked_by": "int",
    # "must be blocked by an Eldrazi if able" (Slayer's Cleaver): one requirement, obeyed when a
    # creature matching the filter blocks it
    "must_be_blocked_by_a": "filter",
    # on a permanent: "No more than N creatures can block each combat" (Silent Arbiter, 509.1b)
    "max_blockers_each_combat": "int",
    # attack restrictions (508.1c)
    "cant_attack": "flag_or_target",
    "cant_attack_alone": None,
    # "can only attack alone" (Errantry; 506.5, 508.1c): if it attacks, no other creature does
    "attacks_only_alone": None,
    "cant_attack_unless": "player_filter",
    # "can't attack unless at least N other creatures attack" (Orcish Conscripts)
    "cant_attack_unless_others": "int",
    # "can't attack unless a black or green creature also attacks" (Scarred Puma, Okk)
    "cant_attack_unless_also": "filters",
    # "can't attack if defending player controls an untapped land" (Veteran Brawlers)
    "cant_attack_if_defender": "player_filter",
    # "can't attack unless you control more creatures than defending player" (Goblin Goon,
    # Monstrous Hound: lands): creature or land
    "cant_attack_unless_more": "permanent_kind",
    # "can't attack ... planeswalkers you control" (Vow of Duty): planeswalkers this player controls
    "cant_attack_planeswalkers_of": "player",
    # on a permanent: "No more than N creatures can attack each combat" (Silent Arbiter, 508.1c)
    "max_attackers_each_combat": "int",
    "attack_cost": "cost",
    # attack requirements (508.1d)
    "attacks_each_combat": None,
    # on a permanent: no more than N creatures can attack its controller each combat
    # (Crawlspace, 508.1c; planeswalkers they control are not "you")
    "max_attackers_against_controller": "int",
    # on a permanent: each creature attacking its controller costs this much (Propaganda,
    # Ghostly Prison, 508.1d); a mapping {cost, covers, x_counts} also covers planeswalkers
    # and counts X (Norn's Annex, Sphere of Safety; mtgsolver.model.attack_tax). Costs to
    # block come from `block_cost` (509.1d).
    "attack_tax": "attack_tax",
    # on an Aura or Equipment: abilities the enchanted or equipped creature has (Lure, 613)
    "grants": "grants",
    # a static ability's continuous effect on other objects (611.3, 613; mtgsolver.model.continuous,
    # applied by mtgsolver.rules.layers): {affects, condition, gains, gets, set_land_types, rules, ...}
    "continuous": "continuous",
    # mana production (mtgsolver.rules.production): replacement effects on "tapped for
    # mana" (106.12b, 614): Contamination, Pulse of Llanowar, Mana Reflection
    "lands_tap_for": "mana_type",
    "basic_lands_tap_for_any_color": None,
    "mana_doubler": None,
    # Damping Sphere (614.1a): a land tapped for two or more mana produces {C} instead
    "lands_tapped_for_two_or_more_make_c": None,
    # type-changing (305.7): Celestial Dawn's "Lands you control are Plains."
    "lands_are": "land_type",
    # Celestial Dawn's spending rule (white as any color, other mana as colorless), for payment
    "spend_white_as_any_color": None,
    # triggers on "tapped for mana" (106.12a): Heartbeat of Spring, Wild Growth, Utopia Sprawl
    "mana_trigger": "mana_trigger",
    # "Whenever ~ becomes tapped, it deals N damage to you." (City of Brass): payment counts the
    # damage of every activation that taps it, like Ancient Tomb's (603.2, 119.4)
    "damage_when_tapped": "int",
    # "Whenever enchanted land becomes tapped, ~ deals N damage to that land's controller" /
    # "its controller loses N life" (Psychic Venom, Contaminated Ground): counted the same way
    # on every activation that taps the permanent the Aura enchants
    "enchanted_tapped_damage": "int",
    # combat damage (510, 702; mtgsolver.encodings.damage): keywords with a number
    "bushido": "int",  # 702.45
    "rampage": "int",  # 702.23
    "frenzy": "int",  # 702.68
    "afflict": "int",  # 702.130
    "toxic": "int",  # 702.164
    # battalion (207.2c ability word): "Whenever ~ and at least two other creatures attack, ~ gets
    # +P/+T until end of turn" (Boros Elite), written {battalion: {gets: [2, 2]}}
    "battalion": "battalion",
    # "assigns combat damage equal to its toughness rather than its power" (510.1a; Doran)
    "assigns_damage_by_toughness": None,
    # "you may have it assign its combat damage as though it weren't blocked" (Thorn Elemental)
    "may_assign_as_unblocked": None,
    # 702.19c
    "trample_over_planeswalkers": None,
    # -- "as though" and parameterised keywords granted by statics (613.1f, 613.11) --
    # "can be blocked as though it didn't have forestwalk" (Deadfall; 702.14, 509.1b): that
    # landwalk keyword is ignored when blocks are checked; the creature keeps it otherwise
    "can_be_blocked_despite": "landwalk",
    # "can attack as though it didn't have defender" (High Alert; 702.3b, 508.1c)
    "can_attack_despite_defender": None,
    # 702.21a ward {N}: no solver targets, so it is shown and otherwise has no effect
    "ward": "cost",
    # "its activated abilities can't be activated [unless they're mana abilities]" (Faith's
    # Fetters; 602.5): all, non_mana, or tap ("with {T} in their costs", Katabatic Winds);
    # payment doesn't activate such mana abilities, plan doesn't activate such abilities
    "cant_activate": "activation_scope",
    # "doesn't untap during its controller's untap step" (Dance of the Dead; 502.3): no solver
    # plays an untap step (each answers about this turn), so it is shown and changes no answer
    "doesnt_untap": None,
    # "~ enters tapped." / "~ enters the battlefield tapped." (Izzet Boilerworks, Scarwood
    # Treefolk; 603.6d: a static ability applied as the permanent enters, however it enters)
    "enters_tapped": None,
    # "As ~ enters the battlefield, you may pay 2 life. If you don't, it enters the battlefield
    # tapped." (Watery Grave; 614.1d, 119.4): its controller chooses as it enters, paying only
    # life they have
    "enters_tapped_unless_paid_life": "int",
    # "You may have ~ enter the battlefield as a copy of a creature you control, except it's a
    # Shapeshifter Rogue in addition to its other types." (Glasspool Mimic, Clone; 707.2, 707.9b,
    # 614.1c): {types: [creature], controller: you | any, adds_subtypes: [...], adds_types: [...]}
    "enters_as_copy": "copy_choice",
    # "~ enters the battlefield with a +1/+1 counter on it for each color of mana spent to cast it."
    # (Springmantle Cleric; 614.1c, 601.2h, 105.1): as its spell resolves, the colors (W U B R G) of
    # the mana paid for it; none when it wasn't cast
    "counters_per_color_spent": None,
    # "can't crew Vehicles" (Bound in Gold's "can't attack, block, or crew Vehicles"; 702.122c):
    # it can't be tapped to pay a crew cost
    "cant_crew": None,
    # 702.86a annihilator N: its trigger makes the defending player sacrifice permanents; the
    # combat solvers answer undecided when an attacker has it (mtgsolver.encodings.damage)
    "annihilator": "int",
    # "Green creature spells you cast cost {1} less to cast." (Rhonas's Monument, Goblin
    # Electromancer's "Instant and sorcery spells"; 601.2f, 118.7c): {n: 1, spells: AFFECTED},
    # the generic mana of each spell its controller casts that matches ``spells`` is lowered by n
    "spells_cost_less": "spell_reduction",
    # -- how the game ends for the permanent's controller (104.2, 104.3) --
    # "You can't lose the game" (Platinum Angel, Lich's Mastery; 104.3, 810.8a): no state-based
    # action or effect makes its controller lose the game
    "cant_lose_game": None,
    # "You don't lose the game for having 0 or less life" (Phyrexian Unlife, Transcendence;
    # 704.5a, 810.8a): its controller is not lost to 704.5a
    "doesnt_lose_for_life": None,
    # "your opponents can't win the game" (Platinum Angel; 104.2b, 810.8a): no effect makes an
    # opponent of its controller win; 104.2a overrides it (the opponents' own opponents left)
    "opponents_cant_win_game": None,
    # "You can't win the game and your opponents can't lose the game." (Abyssal Persecutor;
    # 104.2b, 104.3): the first no solver models (no effect that wins is read); the second
    # keeps each opponent of its controller in the game as cant_lose_game keeps its controller
    "cant_win_game": None,
    "opponents_cant_lose_game": None,
    # -- the permanent's controller as a target (115.1) --
    # "You have hexproof" (Leyline of Sanctity; 702.11c): its controller can't be the target of
    # spells or abilities their opponents control
    "controller_hexproof": None,
    # "You have shroud" (Ivory Mask; 702.18a): its controller can't be the target of spells or abilities
    "controller_shroud": None,
}

#: the keywords a static ability gives its controller ("You have hexproof") -> the rule on the source
PLAYER_KEYWORDS: dict[str, str] = {"hexproof": "controller_hexproof", "shroud": "controller_shroud"}


