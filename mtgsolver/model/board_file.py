"""Board files (YAML or JSON): the schema, validation and conversion to a :class:`Board`.

Validation happens in two passes. Pydantic checks the shape (unknown keys, types); then
:func:`build_board` checks meaning (ids, references, mana strings, the vocabulary). Every
error becomes a :class:`BoardError` naming the file, the field path
(``battlefield[3].power``) and what was expected.
"""
from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, Union

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .abilities import Static, parse_static
from .board import Attack, Block, Board, CombatDeclaration, PoolMana
from .cards import Card, CardLibrary, UnknownCardError, bundled_library
from .effects import EFFECT_FIELDS, Effect
from .continuous import parse_granted
from .keywords import canonical_keyword
from .layers import apply_layers
from .mana import MANA_TYPES, Color, ManaCost, ManaCostError
from .mana_abilities import BASIC_LAND_MANA, ManaAbility, ManaAbilityError, basic_land_ability, parse_mana_ability
from .oracle import parse_oracle_text
from .permanent import Permanent, Player, TextAbility

__all__ = ["BoardError", "BoardFile", "board_json_schema", "build_board", "load_board", "parse_board_text"]


class BoardError(ValueError):
    """An invalid board: ``file``, ``path`` (``battlefield[3].power``) and ``message``."""

    def __init__(self, file: str, path: str, message: str) -> None:
        self.file, self.path, self.message = file, path, message
        where = f"{file}: {path}" if path else file
        super().__init__(f"{where}: {message}")


# --------------------------------------------------------------------------- schema
Entry = Union[str, dict[str, Any]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class PlayerSpec(_Strict):
    """A player (102)."""

    name: str
    life: int = 20
    poison: int = Field(0, ge=0)


class PermanentSpec(_Strict):
    """A permanent: ``card`` (library look-up, inline fields override) or ``name`` (inline card)."""

    id: str = Field(min_length=1)
    card: str | None = None
    name: str | None = None
    controller: str
    owner: str | None = None
    types: list[str] | None = None
    supertypes: list[str] | None = None
    subtypes: list[str] | None = None
    colors: list[str] | None = None
    mana_cost: str | None = None
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    protector: str | None = Field(None, description="a battle's protector (310.8)")
    keywords: list[Entry] | None = None
    abilities: list[Entry] | None = None
    text: str | None = Field(None, description="Oracle text; every line must be understood")
    tapped: bool = False
    summoning_sick: bool = Field(False, description="not controlled continuously since the turn began (302.6)")
    counters: dict[str, int] = Field(default_factory=dict)
    attached_to: str | None = None
    snow: bool | None = None
    token: bool = False
    chosen_color: str | None = Field(None, description='"the chosen color" of its abilities: white, blue, ... or W, U, ...')
    timestamp: int | None = Field(None, ge=0, description="its timestamp (613.7); default: its position in battlefield, from 1")
    monstrous: bool = Field(False, description="it has become monstrous (702.94)")


class EffectSpec(_Strict):
    """An effect; which fields are required depends on ``kind``."""

    kind: Literal[tuple(EFFECT_FIELDS)]  # type: ignore[valid-type]
    creature: str | None = None
    attacker: str | None = None
    target: str | None = None
    by: str | None = None
    controller: str | None = None
    defender: str | None = None
    n: int | None = Field(None, ge=0)
    cost: str | None = None
    source: str | None = None
    abilities: list[Entry] | None = None


class PoolEntrySpec(_Strict):
    """Mana in a pool with its properties."""

    mana: str
    snow: bool = False
    spend_only: list[str] | None = None


class AttackSpec(_Strict):
    creature: str
    target: str


class BlockSpec(_Strict):
    creature: str
    blocks: list[str]


class CombatSpec(_Strict):
    attackers: list[AttackSpec] = Field(default_factory=list)
    blockers: list[BlockSpec] | None = None
    paid_costs: list[str] = Field(default_factory=list)


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


def board_json_schema() -> dict[str, Any]:
    """The JSON Schema of a board file."""
    schema = BoardFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtgsolver board file"
    return schema


# --------------------------------------------------------------------------- loading
def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("str", "list[PoolEntrySpec]", "dict[str,any]") or "[" in str(part):
            continue  # union branch names pydantic adds
        else:
            out += ("." if out else "") + str(part)
    return out


def parse_board_text(text: str, file: str, library: CardLibrary | None = None, fmt: str | None = None) -> Board:
    """Parse YAML or JSON text (``fmt``: ``"yaml"``, ``"json"`` or guessed from ``file``)."""
    fmt = fmt or ("json" if file.endswith(".json") else "yaml")
    try:
        data = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise BoardError(file, f"line {exc.lineno}", f"malformed JSON: {exc.msg}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardError(file, where, f"malformed YAML: {problem}") from None
    if not isinstance(data, dict):
        raise BoardError(file, "", f"expected a mapping with keys version, active_player, players, ...; got {type(data).__name__}")
    try:
        spec = BoardFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        path = _loc(tuple(err["loc"]))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        elif err["type"] == "literal_error" and err["loc"][-1] == "kind":
            msg = f"unknown effect kind {err.get('input')!r}; expected one of {', '.join(EFFECT_FIELDS)}"
        raise BoardError(file, path, msg) from None
    return build_board(spec, file, library)


def load_board(path: str | Path, library: CardLibrary | None = None) -> Board:
    """Read and validate a board file.

    Parameters
    ----------
    path:
        A ``.yaml``/``.yml`` or ``.json`` file.
    library:
        Cards for ``card:`` look-ups; the bundled library by default.

    Raises
    ------
    BoardError
        For anything that is not a valid board, naming the file and field.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(str(path), "", "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(str(path), "", f"cannot read: {exc}") from None
    return parse_board_text(text, str(path), library, "json" if p.suffix.lower() == ".json" else "yaml")


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
        self._types: dict[str, set[str]] = {}
        perms = [self.permanent(i, p) for i, p in enumerate(s.battlefield)]
        effects = [self.effect(i, e) for i, e in enumerate(s.effects)]
        players = tuple(Player(p.name, p.life, p.poison) for p in s.players)
        pools = {player: self.pool(player, value) for player, value in s.mana_pool.items()}
        board = Board(
            active_player=s.active_player,
            players=players,
            permanents=tuple(perms),
            effects=tuple(effects),
            mana_pools=MappingProxyType(pools),
            combat=self.combat(s.combat) if s.combat else None,
            source=self.file,
            day_night=s.day_night,
        )
        return apply_layers(board)

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
    def permanent(self, i: int, p: PermanentSpec) -> Permanent:
        path = f"battlefield[{i}]"
        if (p.card is None) == (p.name is None):
            raise self.fail(path, "give exactly one of card (a library card) or name (an inline card)")
        card: Card | None = None
        if p.card is not None:
            try:
                card = self.library.get(p.card)
            except UnknownCardError as exc:
                raise self.fail(f"{path}.card", str(exc)) from None
        controller = self.need_player(p.controller, f"{path}.controller")
        owner = self.need_player(p.owner, f"{path}.owner") if p.owner else controller
        name = p.name or card.name  # type: ignore[union-attr]
        types = self._lower(p.types, card.types if card else (), f"{path}.types")
        if not types:
            raise self.fail(f"{path}.types", "an inline card needs types, e.g. [creature]")
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
        if "creature" in types:
            power = p.power if p.power is not None else (card.power if card else None)
            toughness = p.toughness if p.toughness is not None else (card.toughness if card else None)
            if power is None or toughness is None:
                raise self.fail(f"{path}.power", "a creature needs power and toughness")
        else:
            power, toughness = p.power, p.toughness
        for key, value in p.counters.items():
            if value < 0:
                raise self.fail(f"{path}.counters.{key}", "counter counts are not negative")
        # abilities: card text, then keywords and abilities lists, then text
        keywords: set[str] = set()
        protections: set[str] = set()
        abilities: list[Any] = []
        entries: list[tuple[Any, str]] = []
        if card is not None:
            for kw in card.keywords:
                try:
                    keywords.add(canonical_keyword(kw))
                except ValueError:
                    pass  # MTGJSON names ability words (e.g. "Landfall") as keywords
            understood, unread = parse_oracle_text(card.text, card.name)
            entries += [(e, f"{path}.card") for e in understood]
            abilities += [TextAbility(line) for line in unread]
        for j, e in enumerate(p.keywords or []):
            entries.append((e, f"{path}.keywords[{j}]"))
        for j, e in enumerate(p.abilities or []):
            entries.append((e, f"{path}.abilities[{j}]"))
        if p.text is not None:
            understood, unread = parse_oracle_text(p.text, name)
            if unread:
                raise self.fail(f"{path}.text", f"rules text not understood: {unread[0]!r}")
            entries += [(e, f"{path}.text") for e in understood]
        for entry, epath in entries:
            self.add_entry(entry, epath, name, keywords, protections, abilities)
        # 305.6: a basic land type gives its mana ability
        for sub in sorted(set(subtypes) & set(BASIC_LAND_MANA)):
            if "land" in types:
                ability = basic_land_ability(sub)
                if not any(isinstance(a, ManaAbility) and a.text == ability.text for a in abilities):
                    abilities.insert(0, ability)
        attached = None
        if p.attached_to is not None:
            attached = self.need_permanent(p.attached_to, f"{path}.attached_to")
            if attached == p.id:
                raise self.fail(f"{path}.attached_to", "a permanent can't be attached to itself")
        protector = self.need_player(p.protector, f"{path}.protector") if p.protector else None
        chosen = self._color(p.chosen_color, f"{path}.chosen_color").value if p.chosen_color is not None else None
        self._types[p.id] = set(types)
        return Permanent(
            id=p.id, name=name, controller=controller, owner=owner,
            types=frozenset(types), supertypes=frozenset(supertypes), subtypes=frozenset(subtypes),
            colors=colors, mana_cost=cost, base_power=power, base_toughness=toughness,
            counters=MappingProxyType(dict(p.counters)), keywords=frozenset(keywords),
            protections=frozenset(protections), abilities=tuple(abilities), tapped=p.tapped,
            summoning_sick=p.summoning_sick, attached_to=attached,
            loyalty=p.loyalty if p.loyalty is not None else (card.loyalty if card else None),
            defense=p.defense if p.defense is not None else (card.defense if card else None),
            protector=protector, chosen_color=chosen, timestamp=p.timestamp, monstrous=p.monstrous,
        )

    def _lower(self, given: list[str] | None, default: tuple[str, ...], path: str) -> list[str]:
        return [t.strip().lower() for t in (given if given is not None else default)]

    def _color(self, c: str, path: str) -> Color:
        try:
            return Color.parse(c)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None

    def add_entry(self, entry: Any, path: str, name: str, keywords: set[str], protections: set[str],
                  abilities: list[Any]) -> None:
        """One keyword, vocabulary entry or mana ability text."""
        if isinstance(entry, dict) and len(entry) == 1 and "protection" in entry:
            quality = str(entry["protection"]).strip().lower()
            protections.add(quality)
            return
        try:
            static: Static | None = parse_static(entry)
        except KeyError:
            static = None
        except (ValueError, ManaCostError) as exc:
            raise self.fail(path, str(exc)) from None
        if static is not None:
            if static.name == "cant_attack" and static.value is not None:
                self.check_attack_restriction_target(static.value, path)
            if static.name == "grants":
                for j, g in enumerate(static.value):
                    self.check_granted(g, f"{path}.grants[{j}]")
            abilities.append(static)
            return
        if isinstance(entry, str):
            try:
                keywords.add(canonical_keyword(entry))
                return
            except ValueError:
                pass
            if ":" in entry:
                try:
                    abilities.append(parse_mana_ability(entry, name))
                    return
                except ManaAbilityError as exc:
                    raise self.fail(path, str(exc)) from None
        raise self.fail(path, f"unknown keyword or ability {entry!r}{_suggest(entry)}")

    def check_granted(self, entry: Any, path: str) -> None:
        """An entry an Aura, Equipment or ``gains`` effect grants (applied in layer 6, 613.1f)."""
        try:
            parse_granted(entry)
        except (ValueError, ManaCostError) as exc:
            raise self.fail(path, f"{exc}{_suggest(entry)}") from None

    def check_attack_restriction_target(self, value: str, path: str) -> None:
        """``{cant_attack: X}``: X is a player, a permanent id, ``planeswalkers`` or ``battles``."""
        if value not in self.player_names and value not in self.ids and value not in ("planeswalkers", "battles"):
            raise self.fail(path, f"cant_attack: {value!r} is not a player, a permanent id, 'planeswalkers' or 'battles'")

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
        return Effect(kind=e.kind, creature=e.creature, attacker=e.attacker, target=e.target, by=e.by,
                      controller=e.controller, defender=e.defender, n=e.n, cost=cost, source=e.source,
                      abilities=tuple(e.abilities) if e.abilities is not None else None)

    def pool(self, player: str, value: str | list[PoolEntrySpec]) -> tuple[PoolMana, ...]:
        self.need_player(player, f"mana_pool.{player}")
        items = [PoolEntrySpec(mana=value)] if isinstance(value, str) else value
        out: list[PoolMana] = []
        for j, item in enumerate(items):
            path = f"mana_pool.{player}" + ("" if isinstance(value, str) else f"[{j}].mana")
            try:
                cost = ManaCost.parse(item.mana)
            except ManaCostError as exc:
                raise self.fail(path, str(exc)) from None
            for sym in cost.symbols:
                if sym.is_generic and not sym.variable:
                    out.extend(PoolMana("C", item.snow, _spend(item.spend_only)) for _ in range(sym.generic))
                elif len(sym.options) == 1 and sym.options[0] in MANA_TYPES and not sym.phyrexian and not sym.alt_generic:
                    out.append(PoolMana(sym.options[0], item.snow, _spend(item.spend_only)))
                else:
                    raise self.fail(path, f"{sym} is not a type of mana; a pool holds W U B R G C (106.1b)")
        return tuple(out)

    def declare_once(self, creature: str, path: str, seen: dict[str, str]) -> None:
        """A creature is declared at most once as an attacker and once as a blocker."""
        self.need_permanent(creature, f"{path}.creature")
        if creature in seen:
            raise self.fail(f"{path}.creature", f"{creature!r} is declared twice (also {seen[creature]})")
        seen[creature] = path

    def combat(self, c: CombatSpec) -> CombatDeclaration:
        attackers: list[Attack] = []
        seen: dict[str, str] = {}
        for i, a in enumerate(c.attackers):
            path = f"combat.attackers[{i}]"
            self.declare_once(a.creature, path, seen)
            self.need_target(a.target, f"{path}.target")
            attackers.append(Attack(a.creature, a.target))
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


def _spend(types: list[str] | None) -> frozenset[str] | None:
    return frozenset(t.lower() for t in types) if types is not None else None


def _suggest(entry: Any) -> str:
    import difflib

    from .abilities import STATIC_VOCABULARY
    from .keywords import COMBAT_KEYWORDS

    word = entry if isinstance(entry, str) else next(iter(entry), "") if isinstance(entry, dict) else ""
    close = difflib.get_close_matches(str(word).lower(), [*STATIC_VOCABULARY, *COMBAT_KEYWORDS, "protection"], n=3)
    return f"; did you mean {', '.join(close)}?" if close else ""


def build_board(spec: BoardFile, file: str = "<board>", library: CardLibrary | None = None) -> Board:
    """Turn a shape-checked :class:`BoardFile` into a :class:`Board` (raises :class:`BoardError`)."""
    return _Builder(spec, file, library or bundled_library()).build()
