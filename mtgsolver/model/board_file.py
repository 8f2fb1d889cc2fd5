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
from .keywords import canonical_keyword
from .mana import MANA_TYPES, Color, ManaCost, ManaCostError
from .mana_abilities import BASIC_LAND_MANA, ManaAbility, ManaAbilityError, basic_land_ability, parse_mana_ability
from .oracle import parse_oracle_text
from .permanent import Permanent, Player, TextAbility

__all__ = ["BoardError", "BoardFile", "board_json_schema", "build_board", "decode_board_bytes", "load_board",
           "parse_board_data", "parse_board_text"]


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
    text: str | None = Field(None, description="Oracle text; lines not understood are kept as unread and reported with every answer they could bear on")
    tapped: bool = False
    summoning_sick: bool = Field(False, description="not controlled continuously since the turn began (302.6)")
    counters: dict[str, int] = Field(default_factory=dict)
    attached_to: str | None = None
    snow: bool | None = None
    token: bool = False
    chosen_color: str | None = Field(None, description='"the chosen color" of its abilities: white, blue, ... or W, U, ...')


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


def parse_board_text(text: str, file: str, library: CardLibrary | None = None, fmt: str | None = None) -> Board:
    """Parse YAML or JSON text (``fmt``: ``"yaml"``, ``"json"`` or guessed from ``file``)."""
    fmt = fmt or ("json" if file.endswith(".json") else "yaml")
    if not text.strip():
        raise BoardError(file, "", "the board is empty; it needs at least active_player and players")
    try:
        data = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise BoardError(file, f"line {exc.lineno}", f"malformed JSON: {exc.msg}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardError(file, where, f"malformed YAML: {problem}") from None
    except RecursionError:
        raise BoardError(file, "", "nested too deeply to be a board") from None
    return parse_board_data(data, file, library)


def parse_board_data(data: Any, file: str = "<board>", library: CardLibrary | None = None) -> Board:
    """Validate already parsed data (a dict, as from JSON or YAML) into a :class:`Board`."""
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
    except RecursionError:
        raise BoardError(file, "", "nested too deeply to be a board") from None
    try:
        board = build_board(spec, file, library)
    except RecursionError:
        raise BoardError(file, "", "nested too deeply to be a board") from None
    if "version" not in data:
        board = board.replace(notes=(*board.notes, f"{file}: no version: key; read as version 1 (docs/board-format.md)"))
    return board


def load_board(source: str | Path | dict[str, Any], library: CardLibrary | None = None) -> Board:
    """Read and validate a board.

    Parameters
    ----------
    source:
        A path (``Path``, or a string naming a ``.yaml``/``.yml``/``.json`` file), the board
        itself as YAML or JSON text (a string with a line break or starting with ``{``), or a
        dict of the board's data.
    library:
        Cards for ``card:`` look-ups; the bundled library by default.

    Raises
    ------
    BoardError
        For anything that is not a valid board, naming the file and field.
    """
    if isinstance(source, dict):
        return parse_board_data(source, "<dict>", library)
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith("{")):
        return parse_board_text(source, "<text>", library, "json" if source.lstrip().startswith("{") else "yaml")
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
    return parse_board_text(text, str(source), library, "json" if p.suffix.lower() == ".json" else "yaml")


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
        grants: dict[str, list[tuple[Any, str, str]]] = {}
        perms = [self.permanent(i, p, grants) for i, p in enumerate(s.battlefield)]
        effects = [self.effect(i, e, grants) for i, e in enumerate(s.effects)]
        perms = [self.apply_grants(p, grants.get(p.id, []), ids[p.id]) for p in perms]
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
    def permanent(self, i: int, p: PermanentSpec, grants: dict[str, list[tuple[Any, str, str]]]) -> Permanent:
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
        if p.text is not None:  # lines not read are kept and reported with answers (docs/unread.md)
            understood, unread = parse_oracle_text(p.text, name)
            entries += [(e, f"{path}.text") for e in understood]
            abilities += [TextAbility(line) for line in unread]
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
            for a in abilities:
                if isinstance(a, Static) and a.name == "grants":
                    grants.setdefault(attached, []).extend((g, p.id, f"{path}") for g in a.value)
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
            protector=protector, chosen_color=chosen,
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

    def check_attack_restriction_target(self, value: str, path: str) -> None:
        """``{cant_attack: X}``: X is a player, a permanent id, ``planeswalkers`` or ``battles``."""
        if value not in self.player_names and value not in self.ids and value not in ("planeswalkers", "battles"):
            raise self.fail(path, f"cant_attack: {value!r} is not a player, a permanent id, 'planeswalkers' or 'battles'")

    def apply_grants(self, perm: Permanent, granted: list[tuple[Any, str, str]], index: int) -> Permanent:
        """613.1f: abilities an Aura, Equipment or ``gains`` effect gives the permanent."""
        if not granted:
            return perm
        keywords, protections = set(perm.keywords), set(perm.protections)
        abilities = list(perm.abilities)
        by = dict(perm.granted_by)
        for entry, source, path in granted:
            self.add_entry(entry, path, perm.name, keywords, protections, abilities)
            by[str(entry)] = source
        values = {f: getattr(perm, f) for f in perm.__dataclass_fields__}
        values.update(keywords=frozenset(keywords), protections=frozenset(protections),
                      abilities=tuple(abilities), granted_by=MappingProxyType(by))
        return Permanent(**values)

    # -- effects, pools, combat ------------------------------------------------------
    def effect(self, i: int, e: EffectSpec, grants: dict[str, list[tuple[Any, str, str]]]) -> Effect:
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
        if e.kind == "gains":
            grants.setdefault(e.creature, []).extend(  # type: ignore[arg-type]
                (g, e.source or f"effects[{i}]", f"{path}.abilities[{j}]") for j, g in enumerate(e.abilities or []))
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
