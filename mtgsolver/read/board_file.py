"""Board files (YAML or JSON): the schema, validation and conversion to a :class:`Board`.

Validation happens in two passes. Pydantic checks the shape (unknown keys, types); then
:func:`build_board` checks meaning (ids, references, mana strings, the vocabulary). Every
error becomes a :class:`BoardError` naming the file, the field path
(``battlefield[3].power``) and what was expected.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, Union

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mtgsolver.model.abilities import STATIC_VOCABULARY, Static
from mtgsolver.model.board import Attack, Block, Board, CombatDeclaration, PoolMana
from mtgsolver.model.board_effects import DURATIONS, EFFECT_FIELDS, Effect
from mtgsolver.model.cards import PERMANENT_TYPES, Card, CardLibrary, UnknownCardError
from mtgsolver.model.errors import BoardError, ModeError, UserError, VocabularyError
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.model.limits import CACHED_TEXT, MANA_LIMIT, NUMBER_LIMIT, VALUES_LIMIT
from mtgsolver.model.mana import MANA_TYPES, Color, ManaCost, ManaCostError
from mtgsolver.model.mana_abilities import BASIC_LAND_MANA, ManaAbility, ManaAbilityError, basic_land_ability
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.model.abilities import TextAbility
from mtgsolver.model.puzzle import GOALS, Puzzle, Solution
from mtgsolver.model.effects import ActivatedAbility, SpellAbility, TriggeredAbility
from mtgsolver.model.zones import TURN_STEPS, PlayerZones, StackItem, TurnInfo, ZoneCard, color_identity
from mtgsolver.read.card_files import bundled_library
from mtgsolver.read.forge import forge_board_data
from mtgsolver.read.modes import mode_index, unchosen_modal_trigger
from mtgsolver.read.effect_vocabulary import (ABILITY_KEYS, card_entry, granting_activated, parse_ability, parse_effect,
                                              parse_event, parse_spell)
from mtgsolver.read.oracle import parse_oracle_text
from mtgsolver.read.vocabulary import parse_continuous, parse_granted, parse_static

__all__ = ["BoardError", "BoardFile", "board_json_schema", "board_text_data", "build_board", "card_permanent",
           "card_permanent_or_none", "check_numbers", "decode_board_bytes", "graveyard_statics", "loads_json", "read_board",
           "read_board_data", "read_board_text", "spell_ability", "zones_data"]


#: libyaml's safe loader where PyYAML has it (about 8x faster to start than the pure-Python one)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YAML_LOADER(_SAFE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, refusing a key given twice in one mapping (YAML 1.2: keys are unique)."""

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    duplicate = key in seen
                    seen.add(key)
                except TypeError:  # an unhashable key: the constructor says so
                    continue
                if duplicate:
                    raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        return super().construct_mapping(node, deep)


class _Mapping(dict):  # type: ignore[type-arg]
    """A JSON object whose ``duplicate`` key was given twice (:func:`_checked_numbers` refuses it)."""

    duplicate: Any = None


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = _Mapping(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        out.duplicate = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return out


def loads_json(text: str) -> Any:
    """JSON text as data, each object remembering a key given twice (refused when checked)."""
    return json.loads(text, object_pairs_hook=_json_object)


#: Keys whose strings are read for numbers (mana symbols, card text, vocabulary entries).
_TEXT_KEYS = frozenset({"text", "mana_cost", "mana", "cost", "mana_pool", "keywords", "abilities", "add_keywords",
                        "add_abilities", "remove_keywords", "remove_abilities"})
_DIGITS = re.compile(r"\d+")


def check_numbers(data: Any, file: str) -> None:
    """Refuse, naming the field, a key given twice in one mapping, a number out of range, and
    more than :data:`~mtgsolver.model.limits.VALUES_LIMIT` values in all (YAML aliases that
    repeat a list of lists expand without bound):
    any whole number beyond +-:data:`~mtgsolver.model.limits.NUMBER_LIMIT`, as a value or
    written in card text, a mana symbol or a vocabulary entry (docs/board-format.md, ranges).
    One pass over the data, without recursion.

    :raises BoardError: naming the field.
    """
    todo: list[tuple[Any, str, bool]] = [(data, "", False)]
    seen = 0
    while todo:
        value, path, textual = todo.pop()
        seen += 1
        if seen > VALUES_LIMIT:
            raise BoardError(file, "", f"more than {VALUES_LIMIT:,} values (YAML aliases repeating one value count "
                             "each time; docs/board-format.md, ranges)")
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            if not abs(value) <= NUMBER_LIMIT:
                raise BoardError(file, path, f"{value} is out of range; numbers in a board are between "
                                 f"-{NUMBER_LIMIT:,} and {NUMBER_LIMIT:,} (docs/board-format.md, ranges)")
        elif isinstance(value, str):
            if textual:
                for m in _DIGITS.finditer(value):
                    digits = m.group().lstrip("0")
                    if len(digits) > len(str(NUMBER_LIMIT)) or (digits and int(digits) > NUMBER_LIMIT):
                        shown = digits if len(digits) <= 30 else f"{digits[:12]}... ({len(digits)} digits)"
                        raise BoardError(file, path, f"the number {shown} is out of range; numbers in a board are "
                                         f"at most {NUMBER_LIMIT:,} (docs/board-format.md, ranges)")
        elif isinstance(value, dict):
            duplicate = getattr(value, "duplicate", None)
            if duplicate is not None:
                raise BoardError(file, f"{path}.{duplicate}".lstrip("."), "this key is given twice in one mapping")
            for key, item in value.items():
                todo.append((item, f"{path}.{key}".lstrip("."), textual or key in _TEXT_KEYS))
        elif isinstance(value, list):
            todo.extend((item, f"{path}[{i}]", textual) for i, item in enumerate(value))


# --------------------------------------------------------------------------- schema
Entry = Union[str, dict[str, Any]]
#: A whole number of a board (model/limits.py): life, power, toughness, loyalty, defense.
Number = Annotated[int, Field(ge=-NUMBER_LIMIT, le=NUMBER_LIMIT)]
#: A count or an amount that is not negative: poison, counters, damage, cards, timestamps.
Count = Annotated[int, Field(ge=0, le=NUMBER_LIMIT)]
#: A count checked for sign by the builder (its own message), bounded here.
Bounded = Annotated[int, Field(le=NUMBER_LIMIT)]


class _Strict(BaseModel):
    # defer_build: a model's validator is built when first used, so the board file's is built
    # once, with its parts inline, rather than once more for each part (a one-shot command's start)
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)


class PlayerSpec(_Strict):
    """A player (102)."""

    name: str
    life: Number = 20
    poison: Count = 0
    commander: str | None = Field(None, description="the player's commander, a card name (903.3); gives its color identity (903.4)")
    commander_damage: dict[str, Bounded] = Field(
        default_factory=dict, description="combat damage already dealt to this player by each commander id (903.10a)")
    starting_life: int | None = Field(
        None, ge=1, le=NUMBER_LIMIT, description="the life total the player began the game with (103.4); default 20, or 40 when a "
                                "player names a commander (103.4c, 903.7)")
    completed_dungeon: bool = Field(False, description="the player has completed a dungeon this game (309.7)")
    city_blessing: bool = Field(False, description="the player has the city's blessing (702.131c)")
    lost: bool = Field(False, description="the player has lost the game (104.3, 704.5a-c)")
    energy: Count = Field(0, description="the player's energy counters (122.1f), paid with {E} (107.14)")


class CardSpec(_Strict):
    """A card on the board, a permanent's or one in a zone: ``card`` (a library look-up whose
    printed characteristics the fields given here override) or ``name`` (an inline card), with
    its id and the characteristics printed on it: types (205), mana cost (202), colors (105),
    power and toughness (208), Oracle text."""

    id: str | None = Field(None, min_length=1)
    card: str | None = None
    name: str | None = None
    types: list[str] | None = None
    supertypes: list[str] | None = None
    subtypes: list[str] | None = None
    colors: list[str] | None = None
    mana_cost: str | None = None
    power: Number | None = None
    toughness: Number | None = None
    text: str | None = None


class PermanentSpec(CardSpec):
    """A permanent: ``card`` (library look-up, inline fields override; ``keywords`` and ``abilities``
    replace the card's, ``add_*`` / ``remove_*`` edit them) or ``name`` (inline card)."""

    id: str = Field(min_length=1)
    text: str | None = Field(None, description="Oracle text; lines not understood are kept as unread and reported with every answer they could bear on")
    controller: str
    owner: str | None = None
    loyalty: Number | None = None
    defense: Number | None = None
    protector: str | None = Field(None, description="a battle's protector (310.8)")
    keywords: list[Entry] | None = Field(None, description="keywords; on a card: permanent they replace the card's")
    abilities: list[Entry] | None = Field(
        None, description="abilities other than keywords; on a card: permanent they replace the card's")
    add_keywords: list[Entry] | None = Field(None, description="keywords added to the card's")
    remove_keywords: list[Entry] | None = Field(None, description="keywords of the card taken away")
    add_abilities: list[Entry] | None = Field(None, description="abilities added to the card's")
    remove_abilities: list[Entry] | None = Field(
        None, description="abilities of the card taken away (vocabulary entries or lines of its text)")
    tapped: bool = False
    summoning_sick: bool = Field(False, description="not controlled continuously since the turn began (302.6)")
    counters: dict[str, Bounded] = Field(default_factory=dict)
    attached_to: str | None = Field(None, description="the permanent an Aura or Equipment is attached to, or the "
                                                      "player an Aura enchants (303.4)")
    snow: bool | None = None
    token: bool = False
    chosen_color: str | None = Field(None, description='"the chosen color" of its abilities: white, blue, ... or W, U, ...')
    chosen_type: str | None = Field(None, description='"the chosen type" of its abilities, chosen as it entered: a creature or land type (elf, forest, ...)')
    timestamp: int | None = Field(None, ge=0, le=NUMBER_LIMIT, description="its timestamp (613.7); default: its position in battlefield, from 1")
    counters_timestamp: int | None = Field(
        None, ge=0, le=NUMBER_LIMIT, description="when its power/toughness counters were last put on it (613.7c: "
        "they apply in layer 7c in timestamp order with the effects there); default: its own timestamp")
    monstrous: bool = Field(False, description="it has become monstrous (702.94)")
    resolved: dict[Annotated[int, Field(ge=1, le=NUMBER_LIMIT)], Annotated[int, Field(ge=0, le=NUMBER_LIMIT)]] = Field(
        default_factory=dict, description="times each of its activated abilities (N: its N-th, from 1) resolved "
        "this turn (\"if this is the third time this ability has resolved this turn\")")
    paired_with: str | None = Field(
        None, description="the id of the creature it is paired with by soulbond (702.95): both creatures, same "
        "controller; given on one of the two or on both, alike")
    x: int | None = Field(None, ge=0, le=NUMBER_LIMIT, description="the X of the spell it was; its enters abilities use it (107.3m), its mana value counts X as 0")
    back_face: bool = Field(False, description="a modal double-faced card with its back face up (712.8f: it has only that "
                            "face's characteristics; played as a land, 712.12): card names the card by its front face")
    copy_of: str | None = Field(None, description="a card whose copiable values it has (707.2: it entered or became a "
                                "copy of that card or a permanent of it); the characteristics it has are that card's, "
                                "with the fields given here overriding them (name: an exception's, 707.9b), and card "
                                "names the card it is")
    chosen_modes: list[Union[int, str]] = Field(default_factory=list, description='modes already chosen for its "choose one that hasn\'t been chosen" ability (700.2)')
    damage: int = Field(0, ge=0, le=NUMBER_LIMIT, description="damage marked on it this turn (120.3e, 704.5g)")
    deathtouch_damage: bool = Field(
        False, description="dealt damage by a source with deathtouch since state-based actions were last checked (704.5h)")
    commander: bool = Field(False, description="a commander: its combat damage to players is counted (903.10a)")


class EffectSpec(_Strict):
    """An effect; which fields are required depends on ``kind``."""

    kind: Literal[tuple(EFFECT_FIELDS)]  # type: ignore[valid-type]
    creature: str | None = None
    attacker: str | None = None
    target: str | None = None
    by: str | None = None
    controller: str | None = None
    defender: str | None = None
    n: Count | None = None
    cost: str | None = None
    source: str | None = None
    abilities: list[Entry] | None = None
    spec: dict[str, Any] | None = Field(
        None, description="continuous: what it does, in the vocabulary of {continuous: ...} (613)")
    objects: list[str] | None = Field(
        None, description="continuous, control: ids of the permanents it applies to (611.2c)")
    duration: Literal[DURATIONS] | None = Field(  # type: ignore[valid-type]
        None, description="end_of_turn, while_source (until its source leaves the battlefield) or permanent (611.2)")
    timestamp: int | None = Field(None, ge=0, description="its timestamp (613.7a); default: after every permanent")
    players: list[str] | None = Field(None, description="prevention: the players damage to whom is prevented (615)")
    sources: list[str] | None = Field(None, description="prevention: ids of the sources whose damage is prevented")
    combat: bool | None = Field(None, description="prevention: combat damage only (510)")
    at: dict[str, Any] | None = Field(
        None, description="delayed_trigger: its event, {kind: end_step, whose: each} (603.7)")
    effects: list[dict[str, Any]] | None = Field(
        None, description="delayed_trigger: what it does, in the effect language (docs/resolve.md)")
    pt: list[int] | None = Field(None, min_length=2, max_length=2, description="gets: [power, toughness] added")
    permanent: str | None = Field(None, description="land_type: the land a resolved ability changed")
    land_type: str | None = Field(None, description="land_type: the basic land type it is (305.7): plains, island, "
                                                    "swamp, mountain or forest")


class PoolEntrySpec(_Strict):
    """Mana in a pool with its properties."""

    mana: str
    snow: bool = False
    spend_only: list[str] | None = None
    spend_abilities: list[str] | None = Field(None, description="the sources whose activated abilities it may pay "
                                              "(602.2b, 106.6): type words, [\"\"] any source; without "
                                              "spend_only it pays no spell")


class AttackSpec(_Strict):
    creature: str
    target: str | None = Field(description="a player, planeswalker or battle id; null: it attacks nothing, what it "
                                           "attacked having left combat (506.4c)")
    defender: str | None = Field(None, description="with target null: the defending player it was attacking "
                                                   "(802.2a); default: the one opponent of a two-player game")


class BlockSpec(_Strict):
    creature: str
    blocks: list[str]


class CombatSpec(_Strict):
    attackers: list[AttackSpec] = Field(default_factory=list)
    blockers: list[BlockSpec] | None = None
    paid_costs: list[str] = Field(default_factory=list)


class ZoneCardSpec(CardSpec):
    """A card in a zone: ``card`` (library look-up, inline fields override) or ``name``
    (an inline card); ``id`` is optional (default ``PLAYER.ZONE[INDEX]``)."""

    exiled_with: str | None = Field(None, min_length=1, description="in exile: the permanent whose ability exiled "
                                    "it, for its linked ability's \"the exiled card\" (607.2a)")


ZoneEntry = Union[str, ZoneCardSpec]


class HandSpec(_Strict):
    """A hand whose cards are not all known: ``count`` cards, ``cards`` of them known (402.3)."""

    count: Count
    cards: list[ZoneEntry] = Field(default_factory=list)


class LibrarySpec(_Strict):
    """A library: ``count`` cards, the known ``top`` ones in order, top first (401.2)."""

    count: Count
    top: list[ZoneEntry] = Field(default_factory=list)


class PlayerZonesSpec(_Strict):
    """A player's hand, library, graveyard (oldest first, 404.2) and exile."""

    hand: Union[list[ZoneEntry], HandSpec] = Field(default_factory=list)
    library: LibrarySpec | None = None
    graveyard: list[ZoneEntry] = Field(default_factory=list)
    exile: list[ZoneEntry] = Field(default_factory=list)


class StackItemSpec(_Strict):
    """A spell (``spell``: a card name) or an ability (``ability_of``: the id of its source)
    on the stack, bottom first (405.2)."""

    id: str = Field(min_length=1)
    spell: Union[str, ZoneCardSpec, None] = None
    ability_of: str | None = None
    text: str | None = Field(None, description="what the ability says")
    controller: str
    targets: list[str] = Field(default_factory=list, description="ids of players, permanents, stack items or cards in zones (115.1)")
    x: int | None = Field(None, ge=0, le=NUMBER_LIMIT, description="the value chosen for X (107.3a)")
    modes: list[str] = Field(default_factory=list, description="the modes chosen (700.2)")


class TurnSpec(_Strict):
    """What happened this turn so far."""

    number: int | None = Field(None, ge=1, le=NUMBER_LIMIT)
    step: Literal[TURN_STEPS] = Field(  # type: ignore[valid-type]
        "precombat_main", description="the step or phase the turn is in (500.1)")
    lands_played: dict[str, Bounded] = Field(default_factory=dict, description="lands each player played this turn (305.2)")
    extra_turn: bool = False
    spells_cast: dict[str, Bounded] = Field(default_factory=dict)
    crimes_committed: dict[str, Bounded] = Field(default_factory=dict, description="crimes per player this turn (700.13)")
    triggered_once: list[str] = Field(default_factory=list, description='ids of permanents whose "only once each turn" ability already triggered (603.2h)')
    activated_once: list[str] = Field(
        default_factory=list, description='ID: a planeswalker whose loyalty ability was activated this turn (606.3); '
        'ID:N: its N-th activated ability, "activate only once each turn", was (602.5b)')
    extra_turns: list[str] = Field(
        default_factory=list, description="the players who take extra turns after this one, the next first (500.7)")
    permanent_left: list[str] = Field(
        default_factory=list, description="the players a permanent they controlled left the battlefield of this turn "
        "(revolt, 207.2c)")
    creature_died: bool = Field(False, description="a creature died this turn (morbid, 207.2c; 700.4)")
    dealt_damage: list[str] = Field(
        default_factory=list, description="the players and permanents (ids) dealt damage this turn (120.3)")
    life_lost: dict[str, Bounded] = Field(
        default_factory=dict, description="the life each player lost this turn (119.3, 120.3a; 119.4: life paid)")


class SolutionSpec(_Strict):
    """A puzzle's published solution: the attack and/or the block."""

    attackers: list[AttackSpec] | None = None
    blockers: list[BlockSpec] | None = None


class PuzzleSpec(_Strict):
    """What to solve on this board (docs/puzzles.md)."""

    goal: Literal[GOALS]  # type: ignore[valid-type]
    side: str = Field(description="the player whose side the puzzle takes")
    description: str = ""
    source: str = Field("", description="where the puzzle was published")
    turns: int = Field(1, ge=1, le=NUMBER_LIMIT, description="goal win: the turns it must be won in, counting the one it starts in")
    solution: SolutionSpec | None = None


class BoardFile(_Strict):
    """A board file, version 1 (``docs/board-format.md``)."""

    version: Literal[1] = 1
    active_player: str
    players: list[PlayerSpec] = Field(min_length=1)
    battlefield: list[PermanentSpec] = Field(default_factory=list)
    effects: list[EffectSpec] = Field(default_factory=list)
    mana_pool: dict[str, Union[str, list[PoolEntrySpec]]] = Field(default_factory=dict)
    combat: CombatSpec | None = None
    day_night: Literal["day", "night"] | None = Field(None, description="day or night (726); absent: neither yet")
    zones: dict[str, PlayerZonesSpec] = Field(default_factory=dict)
    stack: list[StackItemSpec] = Field(default_factory=list)
    turn: TurnSpec | None = None
    puzzle: PuzzleSpec | None = None
    notes: list[str] = Field(default_factory=list, description="remarks shown when the board is loaded (what an "
                             "import left out, docs/puzzles.md)")


def board_json_schema() -> dict[str, Any]:
    """The JSON Schema of a board file, with the vocabulary as enums so editors complete it.

    ``keywords`` and ``abilities`` entries are a keyword of 702 or a flag ability by its
    canonical name, a landwalk (702.14), a one-key mapping of a parameterised ability, or a
    mana ability's Oracle text (anything with a colon); effect kinds are an enum too.
    Built from :data:`KNOWN_KEYWORDS` and :data:`STATIC_VOCABULARY`, so new vocabulary
    appears here when it is added there.
    """
    schema = BoardFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtgsolver board file"
    schema["$defs"]["Entry"] = _entry_schema()
    entries = {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/Entry"}}, {"type": "null"}], "default": None}
    for model, names in (("PermanentSpec", ("keywords", "abilities")), ("EffectSpec", ("abilities",))):
        for name in names:
            schema["$defs"][model]["properties"][name] = {**entries, "title": name.title(),
                                                          "description": "keywords, abilities or mana ability text"}
    return schema


_COST = {"type": "string", "pattern": r"^(\{[^{}]+\})+$", "description": 'a mana cost, e.g. "{2}{W}"'}
_MANA_TYPE = {"type": "string", "enum": [*MANA_TYPES]}


def _entry_schema() -> dict[str, Any]:
    """One ``keywords``/``abilities`` entry (``Static`` names from abilities.py, 702 keywords)."""
    from dataclasses import fields

    from mtgsolver.model.attack_tax import COVERS
    from mtgsolver.model.filters import RELATIONS, STATS, CreatureFilter, PlayerFilter
    from mtgsolver.model.keywords import KNOWN_KEYWORDS

    comparisons = {f"{s}_{r}" for s in STATS for r in RELATIONS}  # {power_greater_than: own_power}

    def keys(cls: type) -> dict[str, Any]:
        names = {f.name for f in fields(cls)} - {"compared"}
        return {"type": "object", "propertyNames": {"enum": sorted(names | comparisons if cls is CreatureFilter else names)}}

    value = {
        "int": {"type": "integer", "minimum": 0, "maximum": NUMBER_LIMIT},
        "filter": keys(CreatureFilter),
        "filters": {"anyOf": [keys(CreatureFilter), {"type": "array", "minItems": 1, "items": keys(CreatureFilter)}]},
        "player_filter": keys(PlayerFilter),
        "cost": _COST,
        "attack_tax": {"anyOf": [_COST, {"type": "object", "required": ["cost"], "additionalProperties": False,
                                         "properties": {"cost": _COST, "covers": {"enum": [*COVERS]},
                                                        "x_counts": {"type": "string"}}}]},
        "mana_type": _MANA_TYPE,
        "land_type": {"enum": ["plains", "island", "swamp", "mountain", "forest"]},
        "mana_trigger": {"type": "object", "additionalProperties": False,
                         "properties": {"tapped": {"type": "string"}, "adds": {"type": "string"}, "of_type": _MANA_TYPE,
                                        "kinds": {"type": "array", "items": {"type": "string"}},
                                        "amount": {"type": "integer", "minimum": 1, "maximum": NUMBER_LIMIT}}},
        "grants": {"type": "array", "items": {"$ref": "#/$defs/Entry"}},
        "battalion": {"type": "object", "required": ["gets"], "additionalProperties": False,
                      "properties": {"gets": {"type": "array", "minItems": 2, "maxItems": 2,
                                              "items": {"type": "integer", "minimum": 0,
                                                        "maximum": NUMBER_LIMIT}}}},
        "flag_or_target": {"anyOf": [{"const": True}, {"type": "string"}]},
        "landwalk": {"type": "string", "pattern": "^(?:(?:snow|nonbasic|legendary|artifact)_)?[a-z]*walk$"},
        "activation_scope": {"enum": ["all", "non_mana", "tap"]},
        "copy_choice": {"type": "object", "required": ["types"], "additionalProperties": False,
                        "properties": {"types": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                                       "controller": {"enum": ["you", "any"]},
                                       "adds_types": {"type": "array", "items": {"type": "string"}},
                                       "adds_subtypes": {"type": "array", "items": {"type": "string"}}}},
        None: {"anyOf": [{"const": True}, {"type": "null"}]},
    }
    flags = sorted({*KNOWN_KEYWORDS, *(n for n, kind in STATIC_VOCABULARY.items() if kind in (None, "flag_or_target"))})
    mapping = {name: value.get(kind, {}) for name, kind in STATIC_VOCABULARY.items()}  # a new kind: any value
    mapping["protection"] = {"type": "string", "description": "a color, creatures, a card type or everything (702.16)"}
    return {"anyOf": [
        {"type": "string", "enum": flags, "description": "a keyword (702) or ability by its canonical name"},
        {"type": "string", "pattern": "^(?:(?:snow|nonbasic|legendary|artifact)_)?[a-z]*walk$", "description": "landwalk (702.14)"},
        {"type": "string", "pattern": ":", "description": 'a mana ability\'s Oracle text, e.g. "{T}: Add {G}."'},
        {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
         "properties": dict(sorted(mapping.items())), "description": "a parameterised ability, e.g. {min_blockers: 3}"},
    ]}


# --------------------------------------------------------------------------- loading
def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _is_branch(part):
            continue  # union branch names pydantic adds
        else:
            out += ("." if out else "") + str(part)
    return out


def decode_board_bytes(data: bytes, file: str) -> str:
    """The text of a board file, or a :class:`BoardError` in plain words for an empty file,
    binary data or a text encoding other than UTF-8."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise BoardError(file, "", "the file is UTF-16 text; save it as UTF-8 "
                         "(for example: iconv -f UTF-16 -t UTF-8 IN > OUT)")
    if b"\x00" in data[:4096]:
        raise BoardError(file, "", "the file is binary data, not a YAML or JSON board")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BoardError(file, "", f"the file is not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x}); "
                         "save it as UTF-8") from None
    if not text.strip():
        raise BoardError(file, "", "the file is empty; a board needs at least active_player and players "
                         "(docs/board-format.md)")
    return text


def _is_branch(part: Any) -> bool:
    return isinstance(part, str) and (part in _BRANCHES or "[" in part)


_BRANCHES = ("str", "list[PoolEntrySpec]", "dict[str,any]", "ZoneCardSpec", "HandSpec")


def _most_specific(errors: list[Any]) -> Any:
    """The first error, or where it lies in a union, the deepest error of that union's
    branches (the branch the input meant)."""
    first = errors[0]
    loc = tuple(first["loc"])
    cut = next((i for i, part in enumerate(loc) if _is_branch(part)), None)
    if cut is None:
        return first
    same = [e for e in errors if tuple(e["loc"])[:cut] == loc[:cut]]
    return max(same, key=lambda e: len(e["loc"]))


def read_board_text(text: str, file: str, library: CardLibrary | None = None, fmt: str | None = None) -> Board:
    """Parse YAML or JSON text (``fmt``: ``"yaml"``, ``"json"`` or guessed from ``file``)."""
    return read_board_data(board_text_data(text, file, fmt), file, library)


def board_text_data(text: str, file: str, fmt: str | None = None) -> Any:
    """The data of a board file's YAML or JSON text (``fmt`` as for :func:`read_board_text`),
    not yet validated.

    :raises BoardError: empty, malformed or too deeply nested text (the line and column named).
    """
    fmt = fmt or ("json" if file.endswith(".json") else "yaml")
    if not text.strip():
        raise BoardError(file, "", "the board is empty; it needs at least active_player and players")
    try:
        data = loads_json(text) if fmt == "json" else yaml.load(text, Loader=YAML_LOADER)
    except json.JSONDecodeError as exc:
        raise BoardError(file, f"line {exc.lineno}", f"malformed JSON: {exc.msg}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        if "maximum nesting depth" in problem:
            raise BoardError(file, where, "nested too deeply") from None
        if problem.startswith("duplicate key"):
            raise BoardError(file, where, f"{problem}; a key is given once in a mapping") from None
        raise BoardError(file, where, f"malformed YAML: {problem}") from None
    except RecursionError:
        raise BoardError(file, "", "nested too deeply") from None
    except ValueError:  # Python's limit on digits in one number (int_max_str_digits)
        raise BoardError(file, "", f"a number of thousands of digits is out of range; numbers in a board are at "
                         f"most {NUMBER_LIMIT:,} (docs/board-format.md, ranges)") from None
    return data


def read_board_data(data: Any, file: str = "<board>", library: CardLibrary | None = None) -> Board:
    """Validate already parsed data (a dict, as from JSON or YAML) into a :class:`Board`."""
    if not isinstance(data, dict):
        raise BoardError(file, "", f"expected a mapping with keys version, active_player, players, ...; got {type(data).__name__}")
    check_numbers(data, file)
    try:
        spec = BoardFile.model_validate(data)
    except ValidationError as exc:
        err = _most_specific(exc.errors())
        path = _loc(tuple(err["loc"]))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        elif err["type"] == "literal_error" and err["loc"][-1] == "kind":
            msg = f"unknown effect kind {err.get('input')!r}; expected one of {', '.join(EFFECT_FIELDS)}"
        raise BoardError(file, path, msg) from None
    except RecursionError:
        raise BoardError(file, "", "nested too deeply") from None
    try:
        board = build_board(spec, file, library)
    except RecursionError:
        raise BoardError(file, "", "nested too deeply") from None
    if "version" not in data:
        board = board.replace(notes=(*board.notes, f"{file}: no version: key; read as version 1 (docs/board-format.md)"))
    return board


def read_board(source: str | Path | dict[str, Any], library: CardLibrary | None = None) -> Board:
    """Read and validate a board.

    Parameters
    ----------
    source:
        A path (``Path``, or a string naming a ``.yaml``/``.yml``/``.json`` file, or a Forge
        puzzle ``.pzl``, :mod:`mtgsolver.read.forge`), the board itself as YAML or JSON text (a
        string with a line break or starting with ``{``), or a dict of the board's data.
    library:
        Cards for ``card:`` look-ups; the bundled library by default.

    Raises
    ------
    BoardError
        For anything that is not a valid board, naming the file and field.
    """
    if isinstance(source, dict):
        return read_board_data(source, "<dict>", library)
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("{")):
        return read_board_text(source, "<text>", library, "json" if source.lstrip().startswith("{") else "yaml")
    p = Path(source)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise BoardError(str(source), "", "no such file") from None
    except IsADirectoryError:
        raise BoardError(str(source), "", "is a directory, not a board file") from None
    except OSError as exc:
        raise BoardError(str(source), "", f"cannot read: {exc.strerror or exc}") from None
    text = decode_board_bytes(data, str(source))
    if p.suffix.lower() == ".pzl":
        return read_board_data(forge_board_data(text, str(source), library), str(source), library)
    return read_board_text(text, str(source), library, "json" if p.suffix.lower() == ".json" else "yaml")


class _Builder:
    """Second pass: references, vocabulary and derived characteristics."""

    def __init__(self, spec: BoardFile, file: str, library: CardLibrary) -> None:
        self.spec, self.file, self.library = spec, file, library

    def fail(self, path: str, message: str) -> BoardError:
        return BoardError(self.file, path, message)

    def build(self) -> Board:
        s = self.spec
        names = [p.name for p in s.players]
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name in seen:
                raise self.fail(f"players[{i}].name", f"duplicate player {name!r}")
            seen.add(name)
        self.player_names = seen
        # 103.4, 103.4c: 20, or 40 in a Commander game (a player names a commander)
        self.starting_life = 40 if any(p.commander is not None for p in s.players) else 20
        if s.active_player not in seen:
            raise self.fail("active_player", f"{s.active_player!r} is not a player; players are {', '.join(names)}")
        ids: dict[str, int] = {}
        for i, perm in enumerate(s.battlefield):
            if perm.id in ids:
                raise self.fail(f"battlefield[{i}].id", f"duplicate id {perm.id!r} (also battlefield[{ids[perm.id]}])")
            if perm.id in seen:
                raise self.fail(f"battlefield[{i}].id", f"id {perm.id!r} is also a player's name")
            ids[perm.id] = i
        self.ids = ids
        self.all_ids: dict[str, str] = {pid: f"battlefield[{i}]" for pid, i in ids.items()}
        self._types: dict[str, set[str]] = {}
        perms = self.pairs([self.permanent(i, p) for i, p in enumerate(s.battlefield)])
        self.no_attachment_circle(perms)
        players = tuple(self.player(i, p) for i, p in enumerate(s.players))
        pools = {player: self.pool(player, value) for player, value in s.mana_pool.items()}
        zones = {player: self.zones(player, z) for player, z in s.zones.items()}
        for i, item in enumerate(s.stack):
            self.new_id(item.id, f"stack[{i}].id")
        stack = tuple(self.stack_item(i, item) for i, item in enumerate(s.stack))
        effects = [self.effect(i, e) for i, e in enumerate(s.effects)]  # after the zones: a delayed trigger names cards
        board = Board(
            active_player=s.active_player,
            players=players,
            permanents=tuple(perms),
            effects=tuple(effects),
            mana_pools=MappingProxyType(pools),
            combat=self.combat(s.combat) if s.combat else None,
            source=self.file,
            day_night=s.day_night,
            zones=MappingProxyType(zones),
            stack=stack,
            turn=self.turn(s.turn) if s.turn else TurnInfo(),
            puzzle=self.puzzle(s.puzzle) if s.puzzle else None,
            notes=tuple(s.notes),
        )
        return board

    # -- references ------------------------------------------------------------------
    def need_player(self, name: str | None, path: str) -> str:
        if name not in self.player_names:
            raise self.fail(path, f"{name!r} is not a player; players are {', '.join(sorted(self.player_names))}")
        return name  # type: ignore[return-value]

    def need_permanent(self, pid: str | None, path: str) -> str:
        if pid not in self.ids:
            raise self.fail(path, f"no permanent with id {pid!r} on the battlefield")
        return pid  # type: ignore[return-value]

    def need_target(self, target: str, path: str) -> str:
        if target in self.player_names:
            return target
        if target in self.ids:
            types = self._types[target]
            if "planeswalker" in types or "battle" in types:
                return target
            raise self.fail(path, f"{target!r} is not a player, planeswalker or battle")
        raise self.fail(path, f"{target!r} is not a player, planeswalker or battle")

    # -- permanents ------------------------------------------------------------------
    def permanent(self, i: int, p: PermanentSpec, path: str | None = None) -> Permanent:
        path = path or f"battlefield[{i}]"
        if (p.card is None) == (p.name is None) and not (p.card is not None and p.copy_of is not None):
            raise self.fail(path, "give exactly one of card (a library card) or name (an inline card); both only "
                            "with copy_of (the name a copy's exception gives it, 707.9b)")
        if p.name is not None and not p.name.strip():
            raise self.fail(f"{path}.name", "an inline card needs a name: give the permanent's name, or card for a library card")
        card: Card | None = None
        if p.card is not None:
            try:
                card = self.library.get(p.card)
            except UnknownCardError as exc:
                raise self.fail(f"{path}.card", str(exc)) from None
            if not card.is_permanent and p.types is None and not p.back_face:
                raise self.fail(f"{path}.card", _not_a_permanent(card.name, card.types))
        own = card
        if p.back_face:
            if card is None or card.back is None:
                raise self.fail(f"{path}.back_face", "only a modal double-faced card (712.3) has a back face; "
                                f"{p.card or p.name} has none in the card data")
            card = card.back
        if p.copy_of is not None:  # 707.2: the copiable values are the copied card's
            try:
                card = self.library.get(p.copy_of)
            except UnknownCardError as exc:
                raise self.fail(f"{path}.copy_of", str(exc)) from None
            if not card.is_permanent:
                raise self.fail(f"{path}.copy_of", _not_a_permanent(card.name, card.types))
        controller = self.need_player(p.controller, f"{path}.controller")
        owner = self.need_player(p.owner, f"{path}.owner") if p.owner else controller
        name = p.name or card.name  # type: ignore[union-attr]
        types = self._lower(p.types, card.types if card else (), f"{path}.types")
        if not types:
            raise self.fail(f"{path}.types", "an inline card needs types, e.g. [creature]")
        if p.types is not None and not PERMANENT_TYPES & set(types):
            raise self.fail(f"{path}.types", _not_a_permanent(name, types))
        supertypes = set(self._lower(p.supertypes, card.supertypes if card else (), f"{path}.supertypes"))
        if p.snow:
            supertypes.add("snow")
        elif p.snow is False:
            supertypes.discard("snow")
        subtypes = self._lower(p.subtypes, card.subtypes if card else (), f"{path}.subtypes")
        try:
            cost = ManaCost.parse(p.mana_cost) if p.mana_cost is not None else (card.mana_cost if card else None)
        except ManaCostError as exc:
            raise self.fail(f"{path}.mana_cost", str(exc)) from None
        if p.colors is not None:
            colors = frozenset(self._color(c, f"{path}.colors[{j}]") for j, c in enumerate(p.colors))
        elif card is not None and (p.mana_cost is None):
            colors = card.derived_colors
        else:
            colors = cost.colors if cost else frozenset()
        if "creature" in types or "vehicle" in subtypes:  # 301.7a: a Vehicle's printed P/T, for when it is a creature
            power = p.power if p.power is not None else (card.power if card else None)
            toughness = p.toughness if p.toughness is not None else (card.toughness if card else None)
        else:
            power, toughness = p.power, p.toughness
        for key, value in p.counters.items():
            if value < 0:
                raise self.fail(f"{path}.counters.{key}", "counter counts are not negative")
        # abilities: the card's (replaced by keywords/abilities, edited by add_/remove_), then text
        keywords, protections, abilities = self.card_abilities(card, p, path, name)
        entries: list[tuple[Any, str]] = []
        for field in ("keywords", "abilities", "add_keywords", "add_abilities"):
            entries += [(e, f"{path}.{field}[{j}]") for j, e in enumerate(getattr(p, field) or [])]
        if p.text is not None:  # lines not read are kept and reported with answers (docs/unread.md)
            text, levels = level_sections(p.text, p.counters.get("level", 0))
            understood, unread = parse_oracle_text(text, name)
            entries += [(e, f"{path}.text") for e in understood + (levels if p.power is None and p.toughness is None
                                                                    else [])]
            abilities += [TextAbility(line) for line in unread]
        for entry, epath in entries:
            self.add_entry(entry, epath, name, keywords, protections, abilities, read=epath.endswith(".text"))
        # 305.6: a basic land type gives its mana ability
        for sub in sorted(set(subtypes) & set(BASIC_LAND_MANA)):
            if "land" in types:
                ability = basic_land_ability(sub)
                if not any(isinstance(a, ManaAbility) and a.text == ability.text for a in abilities):
                    abilities.insert(0, ability)
        attached = None
        if p.attached_to in self.player_names:  # 303.4: an Aura with enchant player (a Curse)
            if "aura" not in subtypes:
                raise self.fail(f"{path}.attached_to", f"{p.attached_to!r} is a player; only an Aura can be attached "
                                f"to a player (303.4, 301.5), and {name} is not an Aura")
            problem = _player_enchant_problem(p.text if p.text is not None else card.text if card else "", name,
                                              controller, p.attached_to)
            if problem is not None:
                raise self.fail(f"{path}.attached_to", problem)
            attached = p.attached_to
        elif p.attached_to is not None:
            attached = self.need_permanent(p.attached_to, f"{path}.attached_to")
            if attached == p.id:
                raise self.fail(f"{path}.attached_to", "a permanent can't be attached to itself")
        protector = self.need_player(p.protector, f"{path}.protector") if p.protector else None
        chosen = self._color(p.chosen_color, f"{path}.chosen_color").value if p.chosen_color is not None else None
        chosen_type = self.chosen_type(p, abilities, name, chosen, path)
        power, toughness = _defined_pt(abilities, power, toughness)
        if "creature" in types and (power is None or toughness is None):
            if not any(isinstance(a, TextAbility) and _DEFINES_PT.search(a.text) for a in abilities):
                raise self.fail(f"{path}.power", "a creature needs power and toughness")
            # 208.2a: its text defines a "*" the grammars don't read: 0 until then, and the line
            # stays unread, so every answer its power and toughness bear on is undecided
            power, toughness = (0 if power is None else power), (0 if toughness is None else toughness)
        self._types[p.id] = set(types)
        modes = self.chosen_modes(p.chosen_modes, abilities, name, f"{path}.chosen_modes")
        return Permanent(
            id=p.id, name=name, controller=controller, owner=owner,
            types=frozenset(types), supertypes=frozenset(supertypes), subtypes=frozenset(subtypes),
            colors=colors, mana_cost=cost, base_power=power, base_toughness=toughness,
            counters=MappingProxyType(dict(p.counters)), keywords=frozenset(keywords),
            protections=frozenset(protections), abilities=tuple(abilities), tapped=p.tapped,
            summoning_sick=p.summoning_sick, attached_to=attached,
            loyalty=p.loyalty if p.loyalty is not None else (card.loyalty if card else None),
            defense=p.defense if p.defense is not None else (card.defense if card else None),
            protector=protector, chosen_color=chosen, chosen_type=chosen_type, x=p.x, chosen_modes=modes,
            damage=p.damage, deathtouch_damage=p.deathtouch_damage, is_commander=p.commander, token=p.token,
            timestamp=p.timestamp, counters_timestamp=p.counters_timestamp, monstrous=p.monstrous,
            resolved=MappingProxyType({n: k for n, k in p.resolved.items() if k}),
            copy_of=card.name if p.copy_of is not None else None,  # type: ignore[union-attr]
            card=None if p.token else own if p.copy_of is not None or p.back_face else card or Card(name, tuple(types), tuple(sorted(supertypes)), tuple(subtypes),
                                                   tuple(colors) if p.colors is not None else None, cost,
                                                   power, toughness, text=p.text or ""),
        )

    def no_attachment_circle(self, perms: list[Permanent]) -> None:
        """A permanent is attached to another (301.5, 303.4), never in a circle: two Auras can't
        be attached to each other. One walk along each chain of attachments."""
        host = {p.id: p.attached_to for p in perms if p.attached_to is not None}
        done: set[str] = set()
        for start in host:
            chain: list[str] = []
            pid: str | None = start
            while pid in host and pid not in done:
                if pid in chain:
                    circle = chain[chain.index(pid):] + [pid]
                    raise self.fail(f"battlefield[{self.ids[pid]}].attached_to", "attachments go in a circle ("
                                    + " -> ".join(circle) + "); a permanent is attached to one that is not "
                                    "attached to it (301.5, 303.4)")
                chain.append(pid)
                pid = host[pid]
            done.update(chain)

    def pairs(self, perms: list[Permanent]) -> list[Permanent]:
        """``paired_with`` (702.95): the other is a creature on the battlefield, not itself; both
        are creatures under one controller (702.95e: otherwise the pair is broken); a creature is
        paired with one other only (702.95d); stated on one creature, it is mirrored on the other."""
        partner: dict[str, str] = {}
        by_id = {p.id: p for p in perms}
        for i, spec in enumerate(self.spec.battlefield):
            if spec.paired_with is None:
                continue
            path = f"battlefield[{i}].paired_with"
            other = by_id[self.need_permanent(spec.paired_with, path)]
            me = by_id[spec.id]
            if other.id == me.id:
                raise self.fail(path, "a creature can't be paired with itself (702.95a)")
            for perm in (me, other):
                if not perm.is_creature:
                    raise self.fail(path, f"{perm.name} ({perm.id}) is not a creature; only creatures are paired (702.95e)")
            if me.controller != other.controller:
                raise self.fail(path, f"{me.id} and {other.id} have different controllers; a pair is broken when "
                                "another player gains control of either (702.95e)")
            for a, b in ((me.id, other.id), (other.id, me.id)):
                if partner.get(a, b) != b:
                    raise self.fail(path, f"{a} is already paired with {partner[a]}; a creature can be paired with "
                                    "only one other creature (702.95d)")
                partner[a] = b
        return [replace(p, paired_with=partner[p.id]) if p.id in partner else p for p in perms]

    def card_abilities(self, card: Card | None, p: PermanentSpec, path: str,
                       name: str) -> tuple[set[str], set[str], list[Any]]:
        """The card's keywords, protections and other abilities (its keyword list and Oracle
        text; unread lines kept as text), with ``keywords:`` / ``abilities:`` replacing them and
        ``remove_keywords:`` / ``remove_abilities:`` taking some away."""
        for field in ("add_keywords", "remove_keywords", "add_abilities", "remove_abilities"):
            if getattr(p, field) is not None and card is None:
                raise self.fail(f"{path}.{field}", "only a card: permanent has a card's abilities to edit; "
                                "an inline card lists its own in keywords: and abilities:")
        for whole in ("keywords", "abilities"):
            for edit in (f"add_{whole}", f"remove_{whole}"):
                if getattr(p, whole) is not None and getattr(p, edit) is not None:
                    raise self.fail(f"{path}.{edit}", f"{whole}: replaces the card's {whole}; "
                                    f"give either {whole}: or add_{whole}:/remove_{whole}:, not both")
        keywords: set[str] = set()
        protections: set[str] = set()
        abilities: list[Any] = []
        if card is None:
            return keywords, protections, abilities
        text, levels = level_sections(card.text or "", p.counters.get("level", 0))
        for kw in card.keywords:
            if text != (card.text or "") and kw.lower() not in text.lower():
                continue  # a keyword of a level section not in range (711.2)
            try:
                keywords.add(canonical_keyword(kw))
            except VocabularyError:
                pass  # MTGJSON names ability words (e.g. "Landfall") as keywords
        understood, unread = parse_oracle_text(text, card.name)
        if p.power is None and p.toughness is None:  # given P/T are the board's: 711.2a applies to printed ones
            understood += levels
        for e in understood:
            self.add_entry(e, f"{path}.card", name, keywords, protections, abilities, read=True)
        abilities += [TextAbility(line) for line in unread]
        if p.keywords is not None:
            keywords, protections = set(), set()
        if p.abilities is not None:
            abilities = []
        for j, e in enumerate(p.remove_keywords or []):
            self.remove_entry(e, f"{path}.remove_keywords[{j}]", name, keywords, protections, abilities, "keyword")
        for j, e in enumerate(p.remove_abilities or []):
            self.remove_entry(e, f"{path}.remove_abilities[{j}]", name, keywords, protections, abilities, "ability")
        return keywords, protections, abilities

    def remove_entry(self, entry: Any, path: str, name: str, keywords: set[str], protections: set[str],
                     abilities: list[Any], kind: str) -> None:
        """Take one keyword or ability away; one the card does not have is an error."""
        if kind == "ability" and isinstance(entry, str):
            line = next((a for a in abilities if isinstance(a, (TextAbility, ActivatedAbility, TriggeredAbility))
                         and a.text.strip().lower() == entry.strip().lower()), None)
            if line is not None:  # a line of the card's text, unread or an activated or triggered ability
                abilities.remove(line)
                return
        kws: set[str] = set()
        prots: set[str] = set()
        abils: list[Any] = []
        self.add_entry(entry, path, name, kws, prots, abils)
        if kind == "keyword" and abils:
            raise self.fail(path, f"{entry!r} is not a keyword; take abilities away with remove_abilities")
        if kind == "ability" and (kws or prots):
            raise self.fail(path, f"{entry!r} is a keyword; take keywords away with remove_keywords")
        if kws - keywords or prots - protections or any(a not in abilities for a in abils):
            have = sorted(keywords) + [f"protection from {q}" for q in sorted(protections)] if kind == "keyword" \
                else [getattr(a, "text", None) or str(a) for a in abilities]
            raise self.fail(path, f"{name} has no {kind} {entry!r} to remove; its {kind} list is "
                            + (", ".join(repr(h) for h in have) if have else "empty"))
        keywords -= kws
        protections -= prots
        for a in abils:
            abilities.remove(a)

    def chosen_modes(self, given: list[int | str], abilities: list[Any], name: str, path: str) -> tuple[str, ...]:
        """Modes already chosen for a "choose one that hasn't been chosen" ability (700.2),
        as the mode names of that ability."""
        if not given:
            return ()
        lines = [a.text for a in abilities if isinstance(a, (TextAbility, ActivatedAbility, TriggeredAbility))]
        trig = unchosen_modal_trigger(lines, name)
        if trig is None:
            raise self.fail(path, f"{name} has no \"choose one that hasn't been chosen\" ability")
        out: list[str] = []
        for j, ref in enumerate(given):
            try:
                mode = trig.modes[mode_index(trig, str(ref))].name
            except ModeError as exc:
                raise self.fail(f"{path}[{j}]", str(exc)) from None
            if mode in out:
                raise self.fail(f"{path}[{j}]", f"mode {mode} is listed twice; each is chosen once (700.2)")
            out.append(mode)
        return tuple(out)

    def _lower(self, given: list[str] | None, default: tuple[str, ...], path: str) -> list[str]:
        return [t.strip().lower() for t in (given if given is not None else default)]

    def _color(self, c: str, path: str) -> Color:
        try:
            return Color.parse(c)
        except VocabularyError as exc:
            raise self.fail(path, str(exc)) from None

    def chosen_type(self, p: "PermanentSpec", abilities: list[Any], name: str, chosen_color: str | None,
                    path: str) -> str | None:
        """``chosen_type`` (a subtype, 205.3), required by an effect "of the chosen type" and
        ``chosen_color`` by one "of the chosen color" (613: the choice made as it entered)."""
        from mtgsolver.model.continuous import ContinuousSpec
        from mtgsolver.model.subtypes import subtypes

        value = p.chosen_type.strip().lower() if p.chosen_type is not None else None
        if value is not None and value not in subtypes():
            raise self.fail(f"{path}.chosen_type", f"{p.chosen_type!r} is not a creature, land or other subtype (205.3)")
        for a in abilities:
            spec = a.value if isinstance(a, Static) and a.name == "continuous" else None
            if not isinstance(spec, ContinuousSpec):
                continue
            filters = [spec.affects] + [c.filter for c in spec.condition if c.filter is not None]
            filters += [spec.for_each.permanents] if spec.for_each and spec.for_each.permanents else []
            text = spec.text or str(spec)
            if value is None and (any(f.chosen_type for f in filters) or ("protection", "chosen_type") in spec.gains
                                  or spec.add_chosen_type):
                raise self.fail(f"{path}.chosen_type", f"{name}'s \"{text}\" needs the type chosen as it entered: "
                                "give chosen_type: (for example elf)")
            if chosen_color is None and (any(f.chosen_color for f in filters)
                                         or ("protection", "chosen_color") in spec.gains):
                raise self.fail(f"{path}.chosen_color", f"{name}'s \"{text}\" needs the color chosen as it entered: "
                                "give chosen_color: (for example red)")
        return value

    def add_entry(self, entry: Any, path: str, name: str, keywords: set[str], protections: set[str],
                  abilities: list[Any], read: bool = False) -> None:
        """One keyword, vocabulary entry or mana ability text; with ``read`` (an entry the
        grammars read from the card's text) also an activated or triggered ability (602, 603)."""
        if read and isinstance(entry, dict) and len(entry) == 1 and next(iter(entry)) in ABILITY_KEYS:
            abilities.append(parse_ability(entry))
            return
        if isinstance(entry, dict) and len(entry) == 1 and "protection" in entry:
            if not isinstance(entry["protection"], str):
                raise self.fail(f"{path}.protection", f"expected a quality such as red, creatures or everything "
                                f"(702.16); got {entry['protection']!r}")
            quality = entry["protection"].strip().lower()
            protections.add(quality)
            return
        granted = entry.get("grants") if isinstance(entry, dict) and len(entry) == 1 else None
        if isinstance(granted, list):
            for j, g in enumerate(granted):
                self.check_granted(g, f"{path}.grants[{j}]")
        try:
            static: Static | None = parse_static(entry)
        except KeyError:
            static = None
        except UserError as exc:  # VocabularyError, ManaCostError, ManaAbilityError
            raise self.fail(path, str(exc)) from None
        if static is not None:
            if static.name == "cant_attack" and static.value is not None:
                self.check_attack_restriction_target(static.value, path)
            abilities.append(granting_activated(static) if read else static)
            return
        if isinstance(entry, str):
            try:
                keywords.add(canonical_keyword(entry))
                return
            except VocabularyError:
                pass
            if ":" in entry:
                try:
                    from mtgsolver.read.grammar.mana import parse_mana_ability  # lark only for mana text

                    abilities.append(parse_mana_ability(entry, name))
                    return
                except ManaAbilityError as exc:
                    raise self.fail(path, str(exc)) from None
        raise self.fail(path, f"unknown keyword or ability {entry!r}{_suggest(entry)}")

    def check_granted(self, entry: Any, path: str) -> None:
        """An entry an Aura, Equipment or ``gains`` effect grants (applied in layer 6, 613.1f)."""
        try:
            parse_granted(entry)
        except UserError as exc:  # VocabularyError, ManaCostError, ManaAbilityError
            raise self.fail(path, f"{exc}{_suggest(entry)}") from None

    def check_attack_restriction_target(self, value: str, path: str) -> None:
        """``{cant_attack: X}``: X is a player, a permanent id, ``planeswalkers`` or ``battles``."""
        if value not in self.player_names and value not in self.ids and value not in ("planeswalkers", "battles"):
            raise self.fail(path, f"cant_attack: {value!r} is not a player, a permanent id, 'planeswalkers' or 'battles'")

    # -- players, zones, stack, turn --------------------------------------------------
    def player(self, i: int, p: PlayerSpec) -> Player:
        """A player; a commander's color identity comes from its card (903.4)."""
        damage = MappingProxyType(self.commander_damage(i, p))
        status = {"starting_life": p.starting_life or self.starting_life, "completed_dungeon": p.completed_dungeon,
                  "city_blessing": p.city_blessing, "lost": p.lost, "energy": p.energy}
        if p.commander is None:
            return Player(p.name, p.life, p.poison, commander_damage=damage, **status)
        try:
            card = self.library.get(p.commander)
        except UnknownCardError as exc:
            raise self.fail(f"players[{i}].commander", str(exc)) from None
        return Player(p.name, p.life, p.poison, commander=card.name, commander_identity=color_identity(card),
                      commander_damage=damage, **status)

    def new_id(self, oid: str, path: str) -> str:
        """Register an id; ids are unique across battlefield, zones and stack."""
        if oid in self.player_names:
            raise self.fail(path, f"id {oid!r} is also a player's name")
        if oid in self.all_ids:
            raise self.fail(path, f"duplicate id {oid!r} (also {self.all_ids[oid]})")
        self.all_ids[oid] = path.removesuffix(".id")
        return oid

    def card_of(self, entry: str | ZoneCardSpec, path: str) -> Card:
        """A card written as a name, or inline (``card:`` with overrides, or ``name:``)."""
        if isinstance(entry, str):
            try:
                return self.library.get(entry)
            except UnknownCardError as exc:
                raise self.fail(path, str(exc)) from None
        if (entry.card is None) == (entry.name is None):
            raise self.fail(path, "give exactly one of card (a library card) or name (an inline card)")
        base = Card(name=entry.name or "")
        if entry.card is not None:
            try:
                base = self.library.get(entry.card)
            except UnknownCardError as exc:
                raise self.fail(f"{path}.card", str(exc)) from None
        changes: dict[str, Any] = {}
        for f in ("types", "supertypes", "subtypes"):
            if getattr(entry, f) is not None:
                changes[f] = tuple(t.strip().lower() for t in getattr(entry, f))
        if entry.colors is not None:
            changes["colors"] = tuple(self._color(c, f"{path}.colors[{j}]") for j, c in enumerate(entry.colors))
        if entry.mana_cost is not None:
            try:
                changes["mana_cost"] = ManaCost.parse(entry.mana_cost)
            except ManaCostError as exc:
                raise self.fail(f"{path}.mana_cost", str(exc)) from None
        for f in ("power", "toughness", "text"):
            if getattr(entry, f) is not None:
                changes[f] = getattr(entry, f)
        card = replace(base, **changes)
        if not card.types:
            raise self.fail(f"{path}.types", "an inline card needs types, e.g. [instant]")
        return card

    def zone_cards(self, entries: list[ZoneEntry], player: str, zone: str, path: str) -> tuple[ZoneCard, ...]:
        out = []
        for j, entry in enumerate(entries):
            given = entry.id if isinstance(entry, ZoneCardSpec) else None
            oid = self.new_id(given or f"{player}.{zone}[{j}]", f"{path}[{j}]" + (".id" if given else ""))
            card = self.card_of(entry, f"{path}[{j}]")
            exiled_with = entry.exiled_with if isinstance(entry, ZoneCardSpec) else None
            if exiled_with is not None and zone != "exile":
                raise self.fail(f"{path}[{j}].exiled_with", "only a card in exile is exiled with a permanent (607.2a)")
            out.append(ZoneCard(oid, card, spell=spell_ability(card), permanent=card_permanent_or_none(card, oid, player, player, self.library),
                                exiled_with=exiled_with))
        return tuple(out)

    def zones(self, player: str, z: PlayerZonesSpec) -> PlayerZones:
        path = f"zones.{player}"
        self.need_player(player, path)
        if isinstance(z.hand, HandSpec):
            hand = self.zone_cards(z.hand.cards, player, "hand", f"{path}.hand.cards")
            if z.hand.count < len(hand):
                raise self.fail(f"{path}.hand.count", f"{z.hand.count} is less than the {len(hand)} known cards")
            hand_count = z.hand.count
        else:
            hand = self.zone_cards(z.hand, player, "hand", f"{path}.hand")
            hand_count = len(hand)
        top: tuple[ZoneCard, ...] = ()
        count = 0
        if z.library is not None:
            top = self.zone_cards(z.library.top, player, "library", f"{path}.library.top")
            count = z.library.count
            if count < len(top):
                raise self.fail(f"{path}.library.count", f"{count} is less than the {len(top)} known top cards")
        return PlayerZones(
            hand=tuple(replace(c, mana_abilities=zone_mana_abilities(c.card, "hand")) for c in hand),
            hand_count=hand_count, library_count=count, library_top=top,
            graveyard=tuple(replace(c, statics=graveyard_statics(c.card), mana_abilities=zone_mana_abilities(
                c.card, "graveyard")) for c in self.zone_cards(z.graveyard, player, "graveyard", f"{path}.graveyard")),
            exile=self.zone_cards(z.exile, player, "exile", f"{path}.exile"),
        )

    def stack_item(self, i: int, item: StackItemSpec) -> StackItem:
        path = f"stack[{i}]"
        if (item.spell is None) == (item.ability_of is None):
            raise self.fail(path, "give exactly one of spell (a card) or ability_of (the id of its source)")
        controller = self.need_player(item.controller, f"{path}.controller")
        for j, target in enumerate(item.targets):
            if target not in self.player_names and target not in self.all_ids:
                raise self.fail(f"{path}.targets[{j}]", f"{target!r} is not a player, permanent, stack item or card in a zone")
            if target == item.id:
                raise self.fail(f"{path}.targets[{j}]", "a spell or ability can't target itself (115.5)")
        if item.ability_of is not None:
            if self.all_ids.get(item.ability_of, "stack").startswith("stack"):
                raise self.fail(f"{path}.ability_of", f"no permanent or card with id {item.ability_of!r}")
            return StackItem(item.id, "ability", controller, source=item.ability_of, text=item.text,
                             targets=tuple(item.targets), x=item.x, modes=tuple(item.modes))
        if item.text is not None:
            raise self.fail(f"{path}.text", "text is for abilities; a spell's text is its card's")
        card = self.card_of(item.spell, f"{path}.spell")  # type: ignore[arg-type]
        if item.x is not None and not (card.mana_cost and card.mana_cost.variables):
            raise self.fail(f"{path}.x", f"{card.name} has no X in its mana cost (107.3)")
        return StackItem(item.id, "spell", controller, card=card, targets=tuple(item.targets),
                         x=item.x, modes=tuple(item.modes))

    def turn(self, t: TurnSpec) -> TurnInfo:
        for f in ("spells_cast", "crimes_committed", "lands_played", "life_lost"):
            for player, n in getattr(t, f).items():
                self.need_player(player, f"turn.{f}.{player}")
                if n < 0:
                    raise self.fail(f"turn.{f}.{player}", "counts are not negative")
        for j, pid in enumerate(t.triggered_once):
            self.need_permanent(pid, f"turn.triggered_once[{j}]")
        for j, key in enumerate(t.activated_once):
            pid, _, n = key.partition(":")
            self.need_permanent(pid, f"turn.activated_once[{j}]")
            if n and not (n.isdigit() and int(n) >= 1):
                raise self.fail(f"turn.activated_once[{j}]", f"{key!r}: give ID or ID:N with N counting from 1")
        for f in ("extra_turns", "permanent_left"):
            for j, player in enumerate(getattr(t, f)):
                self.need_player(player, f"turn.{f}[{j}]")
        for j, tid in enumerate(t.dealt_damage):
            if tid not in self.player_names:
                self.need_permanent(tid, f"turn.dealt_damage[{j}]")
        return TurnInfo(t.number, t.extra_turn, MappingProxyType(dict(t.spells_cast)),
                        MappingProxyType(dict(t.crimes_committed)), frozenset(t.triggered_once), t.step,
                        MappingProxyType(dict(t.lands_played)), frozenset(t.activated_once), tuple(t.extra_turns),
                        frozenset(t.permanent_left), t.creature_died, MappingProxyType(dict(t.life_lost)),
                        frozenset(t.dealt_damage))

    # -- effects, pools, combat ------------------------------------------------------
    def effect(self, i: int, e: EffectSpec) -> Effect:
        path = f"effects[{i}]"
        required, optional = EFFECT_FIELDS[e.kind]
        allowed = set(required) | set(optional) | {"kind"}
        for f in EffectSpec.model_fields:
            value = getattr(e, f)
            if f in required and value is None:
                raise self.fail(f"{path}.{f}", f"required for kind {e.kind}")
            if f not in allowed and value is not None:
                raise self.fail(f"{path}.{f}", f"not a field of kind {e.kind}; it takes {', '.join(required + optional)}")
        if e.creature is not None:
            self.need_permanent(e.creature, f"{path}.creature")
        if e.attacker is not None:
            self.need_permanent(e.attacker, f"{path}.attacker")
        for f in ("by", "controller", "defender"):
            if getattr(e, f) is not None:
                self.need_player(getattr(e, f), f"{path}.{f}")
        if e.target is not None:
            self.need_target(e.target, f"{path}.target")
        cost = None
        if e.cost is not None:
            try:
                cost = ManaCost.parse(e.cost)
            except ManaCostError as exc:
                raise self.fail(f"{path}.cost", str(exc)) from None
        for j, g in enumerate(e.abilities or []):
            self.check_granted(g, f"{path}.abilities[{j}]")
        for j, oid in enumerate(e.objects or []):
            if e.kind == "delayed_trigger":  # what it names: a permanent, a card, a spell or a player (603.7c)
                if oid not in self.all_ids and oid not in self.player_names:
                    raise self.fail(f"{path}.objects[{j}]", f"{oid!r} is not a player or the id of an object")
            else:
                self.need_permanent(oid, f"{path}.objects[{j}]")
        for j, name in enumerate(e.players or []):
            self.need_player(name, f"{path}.players[{j}]")
        for j, pid in enumerate(e.sources or []):
            self.need_permanent(pid, f"{path}.sources[{j}]")
        at, effects = None, None
        try:
            if e.at is not None:
                at = parse_event(e.at, f"{path}.at")
            if e.effects is not None:
                effects = tuple(parse_effect(x, f"{path}.effects[{j}]") for j, x in enumerate(e.effects))
        except UserError as exc:  # VocabularyError, ManaCostError
            raise self.fail(path, str(exc)) from None
        spec = None
        if e.spec is not None:
            try:
                spec = parse_continuous(e.spec)
            except UserError as exc:  # VocabularyError, ManaCostError, ManaAbilityError
                raise self.fail(f"{path}.spec", str(exc)) from None
        land_type = None
        if e.kind == "land_type":
            self.need_permanent(e.permanent, f"{path}.permanent")
            if "land" not in self._types[e.permanent]:  # type: ignore[index]
                raise self.fail(f"{path}.permanent", f"{e.permanent!r} is not a land")
            land_type = e.land_type.strip().lower()  # type: ignore[union-attr]
            if land_type not in BASIC_LAND_MANA:
                raise self.fail(f"{path}.land_type", f"{e.land_type!r} is not a basic land type (305.6): plains, "
                                "island, swamp, mountain or forest")
        return Effect(kind=e.kind, creature=e.creature, attacker=e.attacker, target=e.target, by=e.by,
                      controller=e.controller, defender=e.defender, n=e.n, cost=cost, source=e.source,
                      abilities=tuple(parse_granted(g) for g in e.abilities) if e.abilities is not None else None,
                      spec=spec, objects=tuple(e.objects) if e.objects is not None else None, duration=e.duration,
                      timestamp=e.timestamp, players=tuple(e.players) if e.players is not None else None,
                      sources=tuple(e.sources) if e.sources is not None else None, combat=e.combat, at=at,
                      effects=effects,
                      pt=(e.pt[0], e.pt[1]) if e.pt is not None else None,
                      permanent=e.permanent, land_type=land_type)

    def pool(self, player: str, value: str | list[PoolEntrySpec]) -> tuple[PoolMana, ...]:
        """A player's pool (106.4) as amounts of each kind of mana, at most
        :data:`~mtgsolver.model.limits.MANA_LIMIT` mana in all."""
        self.need_player(player, f"mana_pool.{player}")
        items = [PoolEntrySpec(mana=value)] if isinstance(value, str) else value
        amounts: dict[tuple[str, bool, frozenset[str] | None, frozenset[str] | None], int] = {}
        for j, item in enumerate(items):
            path = f"mana_pool.{player}" + ("" if isinstance(value, str) else f"[{j}].mana")
            try:
                cost = ManaCost.parse(item.mana)
            except ManaCostError as exc:
                raise self.fail(path, str(exc)) from None
            for sym in cost.symbols:
                if sym.is_generic and not sym.variable:
                    kind, n = "C", sym.generic
                elif len(sym.options) == 1 and sym.options[0] in MANA_TYPES and not sym.phyrexian and not sym.alt_generic:
                    kind, n = sym.options[0], 1
                else:
                    raise self.fail(path, f"{sym} is not a type of mana; a pool holds W U B R G C (106.1b)")
                spells = item.spend_only if item.spend_only is not None or item.spend_abilities is None else []
                key = (kind, item.snow, _spend(spells), _spend(item.spend_abilities))
                amounts[key] = amounts.get(key, 0) + n
                if sum(amounts.values()) > MANA_LIMIT:
                    raise self.fail(path, f"more than {MANA_LIMIT:,} mana in {player}'s pool "
                                    "(docs/board-format.md, ranges)")
        return tuple(PoolMana(kind, snow, spend, n, abilities)
                     for (kind, snow, spend, abilities), n in amounts.items() if n)

    def declare_once(self, creature: str, path: str, seen: dict[str, str]) -> None:
        """A creature is declared at most once as an attacker and once as a blocker."""
        self.need_permanent(creature, f"{path}.creature")
        if creature in seen:
            raise self.fail(f"{path}.creature", f"{creature!r} is declared twice (also {seen[creature]})")
        seen[creature] = path

    def attack(self, a: AttackSpec, path: str) -> Attack:
        """What one creature attacks; ``target: null`` attacks nothing (506.4c), against
        ``defender`` or the active player's one opponent."""
        if a.target is not None:
            self.need_target(a.target, f"{path}.target")
            if a.defender is not None:
                raise self.fail(f"{path}.defender", "only for a creature attacking nothing (target: null); the "
                                "defending player of a target is its own (506.2)")
            return Attack(a.creature, a.target)
        opponents = sorted(self.player_names - {self.spec.active_player})
        if a.defender is None and len(opponents) != 1:
            raise self.fail(f"{path}.defender", "required with target: null and more than two players: the "
                            "defending player the creature was attacking (802.2a)")
        defender = self.need_player(a.defender, f"{path}.defender") if a.defender is not None else opponents[0]
        if defender == self.spec.active_player:
            raise self.fail(f"{path}.defender", f"{defender!r} is the attacking player (506.2)")
        return Attack(a.creature, None, defender)

    def combat(self, c: CombatSpec) -> CombatDeclaration:
        attackers: list[Attack] = []
        seen: dict[str, str] = {}
        for i, a in enumerate(c.attackers):
            path = f"combat.attackers[{i}]"
            self.declare_once(a.creature, path, seen)
            attackers.append(self.attack(a, path))
        blockers: list[Block] | None = None
        if c.blockers is not None:
            blockers = []
            attacking = {a.creature for a in attackers}
            seen_b: dict[str, str] = {}
            for i, b in enumerate(c.blockers):
                path = f"combat.blockers[{i}]"
                self.declare_once(b.creature, path, seen_b)
                if b.creature in attacking:
                    raise self.fail(f"{path}.creature", f"{b.creature!r} is attacking; it can't also block")
                for j, att in enumerate(b.blocks):
                    if att not in attacking:
                        raise self.fail(f"{path}.blocks[{j}]", f"{att!r} is not an attacking creature")
                if len(set(b.blocks)) != len(b.blocks):
                    raise self.fail(f"{path}.blocks", "an attacker is listed twice")
                blockers.append(Block(b.creature, tuple(b.blocks)))
        for j, pid in enumerate(c.paid_costs):
            self.need_permanent(pid, f"combat.paid_costs[{j}]")
        return CombatDeclaration(tuple(attackers), tuple(blockers) if blockers is not None else None,
                                 frozenset(c.paid_costs))

    # -- damage and puzzles ----------------------------------------------------------
    def commander_damage(self, i: int, p: PlayerSpec) -> dict[str, int]:
        """903.10a: prior combat damage per commander; keys are battlefield ids of commanders."""
        for cid, n in p.commander_damage.items():
            path = f"players[{i}].commander_damage.{cid}"
            if cid not in self.ids:
                raise self.fail(path, f"no permanent with id {cid!r} on the battlefield")
            if not self.spec.battlefield[self.ids[cid]].commander:
                raise self.fail(path, f"{cid!r} is not marked commander: true")
            if n < 0:
                raise self.fail(path, "commander damage is not negative")
        return dict(p.commander_damage)

    def puzzle(self, p: PuzzleSpec) -> Puzzle:
        """The ``puzzle:`` section; a stated solution must name creatures on the board."""
        self.need_player(p.side, "puzzle.side")
        solution = None
        if p.solution is not None:
            attackers = blockers = None
            if p.solution.attackers is not None:
                attackers = []
                for i, a in enumerate(p.solution.attackers):
                    self.need_permanent(a.creature, f"puzzle.solution.attackers[{i}].creature")
                    if a.target is None or a.defender is not None:
                        raise self.fail(f"puzzle.solution.attackers[{i}].target", "a declared attack names the "
                                        "player, planeswalker or battle each creature attacks (508.1b)")
                    self.need_target(a.target, f"puzzle.solution.attackers[{i}].target")
                    attackers.append(Attack(a.creature, a.target))
            if p.solution.blockers is not None:
                blockers = []
                for i, b in enumerate(p.solution.blockers):
                    self.need_permanent(b.creature, f"puzzle.solution.blockers[{i}].creature")
                    for j, att in enumerate(b.blocks):
                        self.need_permanent(att, f"puzzle.solution.blockers[{i}].blocks[{j}]")
                    blockers.append(Block(b.creature, tuple(b.blocks)))
            solution = Solution(tuple(attackers) if attackers is not None else None,
                                tuple(blockers) if blockers is not None else None)
        return Puzzle(p.goal, p.side, p.description, p.source, solution, p.turns)


def _not_a_permanent(name: str, types: Any) -> str:
    kinds = " ".join(types) or "typeless"
    article = "an" if kinds[0] in "aeiou" else "a"
    return (f"{name!r} is {article} {kinds} card, not a permanent; only artifact, battle, creature, enchantment, "
            "land and planeswalker cards can be on the battlefield (110.4)")


def _spend(types: list[str] | None) -> frozenset[str] | None:
    return frozenset(t.lower() for t in types) if types is not None else None


def _suggest(entry: Any) -> str:
    import difflib

    from mtgsolver.model.abilities import STATIC_VOCABULARY
    from mtgsolver.model.keywords import COMBAT_KEYWORDS

    word = entry if isinstance(entry, str) else next(iter(entry), "") if isinstance(entry, dict) else ""
    close = difflib.get_close_matches(str(word).lower(), [*STATIC_VOCABULARY, *COMBAT_KEYWORDS, "protection"], n=3)
    return f"; did you mean {', '.join(close)}?" if close else ""


def card_permanent(card: Card, pid: str, controller: str, owner: str | None = None,
                   library: CardLibrary | None = None, chosen_color: str | None = None) -> Permanent:
    """The permanent ``card`` is on the battlefield under ``controller`` (owned by ``owner``,
    default the controller), its text read as a board file's entry for it reads it (110.4):
    ``card: NAME`` when the library holds that very card, its printed characteristics otherwise;
    ``chosen_color``: the color chosen as it entered (614.12).

    :raises BoardError: not a permanent card (110.4a), or one whose abilities need a choice
        made as it enters (a chosen type or color).
    """
    lib = library or bundled_library()
    owner = owner or controller
    data = _card_data(card, lib)
    fields: dict[str, Any] = {"card": data} if isinstance(data, str) else dict(data)
    for f in ("loyalty", "defense"):
        if not isinstance(data, str) and getattr(card, f) is not None:
            fields[f] = getattr(card, f)
    spec = PermanentSpec(id=pid, controller=controller, owner=owner, chosen_color=chosen_color, **fields)
    players = [PlayerSpec(name=n) for n in dict.fromkeys((controller, owner))]
    builder = _Builder(BoardFile(active_player=controller, players=players, battlefield=[spec]), card.name, lib)
    builder.player_names, builder.ids, builder.all_ids, builder._types = {controller, owner}, {pid: 0}, {}, {}
    return builder.permanent(0, spec, card.name)


def card_permanent_or_none(card: Card, pid: str, controller: str, owner: str | None = None,
                           library: CardLibrary | None = None) -> Permanent | None:
    """:func:`card_permanent`, or ``None`` for a card that is no permanent (110.4a) or whose
    permanent needs what is chosen or known only as it enters (a chosen type or color, "*"
    power): the permanent a card in a zone would be."""
    if not card.is_permanent:
        return None
    try:
        return card_permanent(card, pid, controller, owner, library)
    except BoardError:
        return None


def _player_enchant_problem(text: str, name: str, controller: str, player: str) -> str | None:
    """Why an Aura with ``text`` can't be attached to ``player`` (303.4d: its enchant ability,
    702.5a; "Enchant opponent", 702.5d), or ``None``, also when its enchant ability is not read."""
    from mtgsolver.read.grammar.spell import remembered_aura

    aura = remembered_aura(text or "", name)
    if aura is None:
        return None
    target = aura["targets"][0]
    if target["kinds"] != ["player"]:
        return f"{name} has {aura['text']!r}: it can't enchant a player (303.4d, 702.5a)"
    if target.get("opponent") and player == controller:
        return f"{name} has {aura['text']!r}: it enchants an opponent of {controller}, who controls it (702.5d)"
    return None


def spell_ability(card: Card) -> SpellAbility | None:
    """What an instant or sorcery card does (608.2), when its whole text is read; an Aura card's
    spell, its target from its enchant ability (303.4a, 702.5a); else ``None`` (its text is then
    unread, ``docs/unread.md``). Another permanent card's is what its lines about casting it make
    of its cost (kicker, affinity, "costs {N} less", 601.2f), with no effect; ``None`` without
    such lines."""
    if "aura" in {t.lower() for t in card.subtypes}:
        from mtgsolver.read.grammar.spell import remembered_aura

        aura = remembered_aura(card.text or "", card.name)
        return parse_spell(aura) if aura is not None else None
    if not {"instant", "sorcery"} & set(card.types):
        if not card.is_permanent:
            return None
        from mtgsolver.read.grammar.spell import permanent_spell

        found = permanent_spell(card.text or "", card.name)
        return parse_spell(found) if found is not None else None
    from mtgsolver.read.grammar.spell import remembered_spell

    found = remembered_spell(card.text or "", card.name)
    return parse_spell(found) if found is not None else None


def _card_data(card: Card, library: CardLibrary) -> str | dict[str, Any]:
    """A card as a board file writes it: its name if the library holds that very card."""
    if card.name in library and library.get(card.name) == card:
        return card.name
    return card_entry(card)


def _zone_entry(zc: ZoneCard, library: CardLibrary) -> dict[str, Any]:
    data = _card_data(zc.card, library)
    return {"id": zc.id, **({"card": data} if isinstance(data, str) else data),
            **({"exiled_with": zc.exiled_with} if zc.exiled_with is not None else {})}


def zones_data(board: Board, library: CardLibrary | None = None) -> dict[str, Any]:
    """The ``zones``, ``stack`` and ``turn`` sections of a board file for ``board``; loading
    them back gives the same zones, stack and turn (ids kept)."""
    lib = library or bundled_library()
    zones: dict[str, Any] = {}
    for player, z in board.zones.items():
        cards = [_zone_entry(c, lib) for c in z.hand]
        zones[player] = {
            "hand": cards if z.hand_known else {"count": z.hand_count, "cards": cards},
            "library": {"count": z.library_count, "top": [_zone_entry(c, lib) for c in z.library_top]},
            "graveyard": [_zone_entry(c, lib) for c in z.graveyard],
            "exile": [_zone_entry(c, lib) for c in z.exile],
        }
    stack = []
    for item in board.stack:
        entry: dict[str, Any] = {"id": item.id, "controller": item.controller}
        if item.kind == "spell":
            entry["spell"] = _card_data(item.card, lib)  # type: ignore[arg-type]
        else:
            entry["ability_of"] = item.source
            if item.text is not None:
                entry["text"] = item.text
        entry.update(targets=list(item.targets), x=item.x, modes=list(item.modes))
        stack.append(entry)
    t = board.turn
    turn = {"number": t.number, "step": t.step, "extra_turn": t.extra_turn, "lands_played": dict(t.lands_played),
            "spells_cast": dict(t.spells_cast), "crimes_committed": dict(t.crimes_committed),
            "triggered_once": sorted(t.triggered_once), "activated_once": sorted(t.activated_once),
            "extra_turns": list(t.extra_turns), "permanent_left": sorted(t.permanent_left),
            **({"creature_died": True} if t.creature_died else {}),
            **({"life_lost": dict(t.life_lost)} if t.life_lost else {}),
            **({"dealt_damage": sorted(t.dealt_damage)} if t.dealt_damage else {})}
    return {"zones": zones, "stack": stack, "turn": turn}


def build_board(spec: BoardFile, file: str = "<board>", library: CardLibrary | None = None) -> Board:
    """Turn a shape-checked :class:`BoardFile` into a :class:`Board` (raises :class:`BoardError`)."""
    return _Builder(spec, file, library or bundled_library()).build()


def _defined_pt(abilities: list[Any], power: int | None, toughness: int | None) -> tuple[int | None, int | None]:
    """A printed "*" (208.2a) is 0 before layer 7a sets it when a characteristic-defining
    ability defines it (604.3, 613.4a)."""
    for a in abilities:
        defines = getattr(a.value, "defines_pt", None) if isinstance(a, Static) and a.name == "continuous" else None
        if defines in ("both", "power") and power is None:
            power = 0
        if defines in ("both", "toughness") and toughness is None:
            toughness = 0
    return power, toughness


_FROM_GRAVEYARD = re.compile(r"\bis in your graveyard\b", re.I)
#: A characteristic-defining ability of power or toughness (208.2a, 604.3): "[its] power and
#: toughness are each equal to ...", "power is equal to ...".
_DEFINES_PT = re.compile(r"\b(?:power|toughness)\b[^.]*\b(?:is|are(?: each)?) equal to\b", re.I)


@functools.lru_cache(maxsize=1024)
def _graveyard_statics(text: str, name: str) -> tuple[Static, ...]:
    lines = [line for line in text.splitlines() if _FROM_GRAVEYARD.search(line)]
    if not lines:
        return ()
    entries, _unread = parse_oracle_text("\n".join(lines), name)
    statics = [parse_static(e) for e in entries if isinstance(e, dict) and "continuous" in e]
    return tuple(a for a in statics if any(c.kind == "in_graveyard" for c in a.value.condition))


_LEVEL = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
_LEVEL_PT = re.compile(r"^(\d+)/(\d+)$")


def level_sections(text: str, level: int) -> tuple[str, list[Any]]:
    """A leveler's text as the permanent has it with ``level`` level counters (711): the lines
    outside the level sections (711.4), the lines of the section whose range holds ``level``
    (711.2a-b), and that section's P/T as ``{continuous: {affects: {self: true}, set_pt: [P,
    T]}}``, its base power and toughness in layer 7b with the permanent's own timestamp; below
    the first section the printed P/T stands (711.5). Text without level symbols is returned
    as it is."""
    lines = text.splitlines()
    if not any(_LEVEL.match(line.strip()) for line in lines):
        return text, []
    keep: list[str] = []
    entries: list[Any] = []
    active: str | None = None
    inside = False
    for line in lines:
        m = _LEVEL.match(line.strip())
        if m:
            low, high = int(m.group(1)), int(m.group(2)) if m.group(2) else None
            inside = True
            active = line.strip() if level >= low and (high is None or level <= high) else None
            continue
        pt = _LEVEL_PT.match(line.strip())
        if not inside:
            keep.append(line)
        elif active is not None and pt:
            entries.append({"continuous": {"affects": {"self": True}, "set_pt": [int(pt.group(1)), int(pt.group(2))],
                                           "text": f"{active} {line.strip()}"}})
        elif active is not None:
            keep.append(line)
    return "\n".join(keep), entries


@functools.lru_cache(maxsize=1024)
def _zone_mana_abilities(text: str, name: str, zone: str) -> tuple[ManaAbility, ...]:
    if not re.search(rf"exile [^:]* from your {zone}[^:]*: add ", text, re.IGNORECASE):
        return ()
    from mtgsolver.read.grammar.mana import parse_mana_ability  # the grammar loads when a card needs it

    out = []
    for line in text.splitlines():
        try:
            ability = parse_mana_ability(re.sub(r"\s*\([^)]*\)", "", line), name)
        except ManaAbilityError:
            continue
        if any(c.kind == "exile_self" and c.what == zone for c in ability.costs):
            out.append(ability)
    return tuple(out)


def zone_mana_abilities(card: Card, zone: str) -> tuple[ManaAbility, ...]:
    """The mana abilities of a card in a hand or graveyard that function there: those whose
    cost exiles the card from that zone (113.6m; Elvish Spirit Guide, 605.1a)."""
    return _zone_mana_abilities(card.text or "", card.name, zone)


def graveyard_statics(card: Card) -> tuple[Static, ...]:
    """The continuous statics of a card's text that function from its graveyard (113.6b:
    "as long as ~ is in your graveyard"), read once here so the layers never read text."""
    text = card.text or ""
    return (_graveyard_statics if len(text) <= CACHED_TEXT else _graveyard_statics.__wrapped__)(text, card.name)
