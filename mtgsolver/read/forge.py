"""Forge's puzzle files (``.pzl``) as board data (the dict a board file holds).

A Forge puzzle (Card-Forge/forge, ``forge-gui/res/puzzle``) has two sections. ``[metadata]``
holds ``Key:value`` lines (Name, URL, Goal, Turns, Difficulty, Description, Targets);
``[state]`` holds ``key=value`` lines read by Forge's ``GameState``: life totals, the turn,
the active player and phase, and each zone as ``;``-separated card entries
``Name|Modifier|Modifier:arg``. Player keys start with ``human``/``ai`` or ``p0``/``p1``:
the human (``p0``) is the puzzle's player, ``you``; the AI (``p1``) is ``opponent``.

:func:`forge_board_data` translates what a board file can say (docs/board-format.md,
docs/zones.md) and lists everything else under ``notes:``: a key, modifier or setup script
it doesn't translate is reported there, never dropped silently. Names are written as
``card: NAME``; a card file (``--cards``) resolves those the bundled cards don't hold.
docs/puzzles.md describes the translation.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from mtgsolver.model.cards import CardLibrary, name_key
from mtgsolver.model.effects import CreateTokens, nested_effects
from mtgsolver.model.errors import BoardError
from mtgsolver.model.keywords import canonical_keyword
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.effect_vocabulary import ABILITY_KEYS, parse_ability
from mtgsolver.read.oracle import parse_oracle_text

__all__ = ["FORGE_PHASES", "forge_board_data", "token_script_card"]

YOU, OPPONENT = "you", "opponent"
_WHOSE = {YOU: "your", OPPONENT: "the opponent's"}

#: Forge's PhaseType -> the board's ``turn.step`` (500.1: the steps of a turn)
FORGE_PHASES = {
    "UNTAP": "untap", "UPKEEP": "upkeep", "DRAW": "draw", "MAIN1": "precombat_main",
    "COMBAT_BEGIN": "beginning_of_combat", "COMBAT_DECLARE_ATTACKERS": "declare_attackers",
    "COMBAT_DECLARE_BLOCKERS": "declare_blockers", "COMBAT_FIRST_STRIKE_DAMAGE": "combat_damage",
    "COMBAT_DAMAGE": "combat_damage", "COMBAT_END": "end_of_combat", "MAIN2": "postcombat_main",
    "END_OF_TURN": "end", "CLEANUP": "cleanup",
}
_ZONES = {"play": "battlefield", "battlefield": "battlefield", "hand": "hand", "graveyard": "graveyard",
          "library": "library", "exile": "exile", "command": "command", "sideboard": "sideboard"}
_COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_CARD_TYPES = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery",
               "kindred", "tribal"}
_SUPERTYPES = {"basic", "legendary", "snow", "world"}
#: keys and modifiers without rules meaning on a board (printing, art, display)
_COSMETIC = {"set", "art", "difficulty", "noetbtrigs"}
#: why a modifier is not translated: what Forge does with it that a board file can't say
_UNTRANSLATED = {
    "executescript": "Forge runs a script of the card during setup; its effect is not on the board",
    "ability": "an ability defined in the file's ability lines",
    "chosentype2": "a second choice made as it entered", "namedcard": "a card named as it entered",
    "namedcard2": "a card named as it entered", "chosencards": "cards chosen as it entered",
    "rememberedcards": "cards it remembers", "imprinting": "cards imprinted on it",
    "exiledwith": "the card that exiled it (an \"until\" link)", "mergedcards": "the cards merged under it (mutate)",
    "onadventure": "on an adventure in exile (its creature may be cast)", "foretold": "foretold in exile",
    "foretoldthisturn": "foretold this turn", "meld": "melded", "phasedout": "phased out",
    "renowned": "renowned", "solved": "solved", "saddled": "saddled", "suspected": "suspected",
    "isringbearer": "the Ring-bearer", "classlevel": "a Class's level", "unlockedroom": "a Room's unlocked door",
}
_TOKEN_KEYWORDS = {"flying", "haste", "menace", "vigilance", "trample", "lifelink", "deathtouch", "reach", "defender",
                   "hexproof", "indestructible", "decayed", "changeling", "prowess", "shroud", "flash", "infect"}


@dataclass
class _Line:
    number: int
    key: str
    value: str


@dataclass
class _Entry:
    """One card entry of a zone line: its name (or token spec) and modifiers."""

    line: _Line
    index: int
    name: str
    mods: list[tuple[str, str]]

    @property
    def where(self) -> str:
        return f"line {self.line.number}, {self.line.key}[{self.index}]"


@dataclass
class _Reader:
    file: str
    library: CardLibrary | None
    notes: Counter[str] = field(default_factory=Counter)
    ignored: Counter[str] = field(default_factory=Counter)
    ids: set[str] = field(default_factory=set)
    by_forge_id: dict[str, tuple[_Entry, str | None]] = field(default_factory=dict)
    _faces: dict[str, str] | None = None

    def fail(self, where: str, message: str) -> BoardError:
        return BoardError(self.file, where, message)

    def note(self, where: str, message: str) -> None:
        self.notes[f"{PurePath(self.file).name}: {where}: {message}"] += 1

    # -- sections ----------------------------------------------------------------------
    def sections(self, text: str) -> dict[str, list[_Line]]:
        """FileSection.parseSections: trimmed lines, ``[name]`` starts a section (any case);
        lines before the first section are not read."""
        out: dict[str, list[_Line]] = {}
        current: str | None = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("[") and line.endswith("]"):
                current = line[1:-1].strip().lower()
                out.setdefault(current, [])
            elif current is not None:
                out[current].append(_Line(number, "", line))
        for name in ("metadata", "state"):
            if name not in out:
                raise self.fail("", f"no [{name}] section; a Forge puzzle file has [metadata] and [state]")
        return out

    def split(self, lines: list[_Line], sep: str, form: str) -> list[_Line]:
        """``key<sep>value`` lines, split at the first ``sep``; ``#`` starts a comment."""
        out = []
        for line in lines:
            if line.value.startswith("#"):
                continue
            key, found, value = line.value.partition(sep)
            if not found:
                raise self.fail(f"line {line.number}", f"expected {form}, got {line.value!r}")
            out.append(_Line(line.number, key.strip(), value))
        return out

    def metadata(self, lines: list[_Line]) -> dict[str, _Line]:
        """``Key:value`` lines (Puzzle.loadMetaData); keys in any case, values trimmed."""
        meta = {line.key.lower(): _Line(line.number, line.key, line.value.strip())
                for line in self.split(lines, ":", "Key:value in [metadata]")}
        if "goal" not in meta:
            raise self.fail("[metadata]", "no Goal: line (Forge needs one: Win, Survive, ...)")
        return meta

    # -- values ------------------------------------------------------------------------
    def integer(self, line: _Line, value: str | None = None) -> int:
        text = (line.value if value is None else value).strip()
        try:
            return int(text)
        except ValueError:
            raise self.fail(f"line {line.number}, {line.key}", f"expected a whole number, got {text!r}") from None

    def player(self, word: str, line: _Line) -> str:
        """``human``/``p0`` is you, ``ai``/``p1`` the opponent."""
        w = word.strip().lower()
        if w in ("human", "p0"):
            return YOU
        if w in ("ai", "p1"):
            return OPPONENT
        raise self.fail(f"line {line.number}, {line.key}", f"{word!r} is not a player; expected human, ai, p0 or p1")

    def entries(self, line: _Line) -> list[_Entry]:
        """The ``;``-separated card entries of a zone line (trimmed; empty ones skipped)."""
        out = []
        for raw in line.value.split(";"):
            raw = raw.strip()
            if not raw:
                continue
            name, *mods = raw.split("|")
            parsed = []
            for m in mods:
                m = m.strip()
                if m:
                    key, _, arg = m.partition(":")
                    parsed.append((key.strip(), arg.strip()))
            out.append(_Entry(line, len(out), name.strip(), parsed))
        return out

    def card_name(self, name: str) -> str:
        """The library's spelling of ``name`` when it knows that very name (Forge matches any case)."""
        card = self.library.find(name) if self.library is not None else None
        return card.name if card is not None and name_key(card.name) == name_key(name) else name

    def back_face(self, name: str) -> str | None:
        """The other face of a double-faced, modal or flip card (its full name ``A // B`` in the
        card library), ``name`` itself when it already is a back face, else ``None``."""
        if self.library is None:
            return None
        if self._faces is None:
            self._faces = {}
            for key in self.library.keys():
                front, sep, back = key.partition(" // ")
                if sep:
                    self._faces.setdefault(front, back)
                    self._faces.setdefault(back, back)
        back = self._faces.get(name_key(name))
        return self.card_name(back) if back else None

    def card_tokens(self, name: str) -> tuple[dict[str, Any], int] | None:
        """The tokens a precast of card ``name``'s token ability makes (Forge's ``Card:TrigToken``,
        ``Card:DBToken``, ``Card:DBTreasure``): an inline token and how many, when every line of
        its Oracle text is read and all of them that create tokens create the same number of the
        same token (111.2, 111.10); ``None`` otherwise."""
        card = self.library.find(name) if self.library is not None else None
        if card is None:
            return None
        entries, unread = parse_oracle_text(card.text or "", card.name)
        if any("create" in line.lower() for line in unread):
            return None
        abilities = [parse_ability(e) for e in entries if isinstance(e, dict) and set(e) <= set(ABILITY_KEYS)]
        made = {(e.token, e.count) for a in abilities for e in nested_effects(a.effects) if isinstance(e, CreateTokens)}
        if len(made) != 1:
            return None
        token, count = made.pop()
        if not isinstance(count, int) or token.abilities and not token.card.text:
            return None
        out: dict[str, Any] = {"name": token.card.name, "types": list(token.card.types)}
        for f in ("supertypes", "subtypes"):
            if getattr(token.card, f):
                out[f] = list(getattr(token.card, f))
        out["colors"] = [c.value for c in token.card.colors or ()]
        for f in ("power", "toughness", "text"):
            if getattr(token.card, f) not in (None, ""):
                out[f] = getattr(token.card, f)
        if token.keywords:
            out["keywords"] = sorted(token.keywords)
        return out, count

    def new_id(self, name: str) -> str:
        base = re.sub(r"[^a-z0-9]+", "_", name_key(name.split(" // ")[0].split(",")[0])).strip("_") or "card"
        pid, n = base, 1
        while pid in self.ids or pid in (YOU, OPPONENT):
            n += 1
            pid = f"{base}_{n}"
        self.ids.add(pid)
        return pid


def _counter_name(kind: str) -> str:
    """Forge's counter type as the board names it: ``P1P1`` -> ``+1/+1``, ``M1M1`` -> ``-1/-1``,
    ``P1P0`` -> ``+1/+0`` (122.1a), others in lower case (``LORE`` -> ``lore``)."""
    m = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", kind.strip().upper())
    if m:
        sign = {"P": "+", "M": "-"}
        return f"{sign[m[1]]}{m[2]}/{sign[m[3]]}{m[4]}"
    return kind.strip().lower()


def _forge_cost(text: str) -> str | None:
    """A Forge mana cost (``2 W U``, ``no cost``) in braces (``{2}{W}{U}``)."""
    shards = text.split()
    if not shards or text.strip().lower() == "no cost":
        return None
    return "".join(f"{{{s}}}" for s in shards)


def _colors(letters: str) -> list[str] | None:
    """A Forge ColorSet (``B``, ``WU``, ``C`` colorless) as color words; ``None`` if not one."""
    text = letters.strip().upper()
    if text in ("C", "COLORLESS"):
        return []
    if text and all(ch in _COLORS for ch in text):
        return [_COLORS[ch] for ch in dict.fromkeys(text)]
    return None


def _split_types(words: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"types": [], "supertypes": [], "subtypes": []}
    for w in (w.strip().lower() for w in words if w.strip()):
        out["types" if w in _CARD_TYPES else "supertypes" if w in _SUPERTYPES else "subtypes"].append(w)
    return out


def _keyword_fields(words: list[str]) -> tuple[list[str], list[str]]:
    """Keywords the board names (702) and the others as text lines (read by the grammars or kept unread)."""
    keywords, lines = [], []
    for w in (w.strip() for w in words if w.strip()):
        try:
            keywords.append(canonical_keyword(w))
        except ValueError:
            lines.append(w.replace(":", " "))
    return keywords, lines


def token_script_card(script: str) -> dict[str, Any] | None:
    """An inline creature token from a Forge token-script name whose characteristics it spells:
    ``c_4_4_a_construct`` (colorless 4/4 artifact creature Construct), ``u_1_1_illusion_flying``,
    ``w_1_1_cat_lifelink``. ``None`` when the name doesn't give them all (its script would)."""
    m = re.fullmatch(r"([wubrgc]+)_(\d+)_(\d+)_(a_)?([a-z_]+)", script.strip().lower())
    if not m:
        return None
    words = m[5].split("_")
    keywords = []
    while words and words[-1] in _TOKEN_KEYWORDS:
        keywords.insert(0, words.pop())
    known = subtypes()
    if not words or any(known.get(w) != "creature" for w in words):
        return None
    colors = _colors(m[1])
    if colors is None:
        return None
    name = " ".join(w.capitalize() for w in words)
    card: dict[str, Any] = {"name": name, "types": ["artifact", "creature"] if m[4] else ["creature"],
                            "subtypes": words, "colors": colors, "power": int(m[2]), "toughness": int(m[3])}
    if keywords:
        card["keywords"] = keywords
    return card


def forge_board_data(text: str, file: str = "<forge>", library: CardLibrary | None = None) -> dict[str, Any]:
    """The board data (a board file's dict) of a Forge puzzle file's text.

    ``library`` (optional) gives cards their own spelling and double-faced cards their back
    face (``|Transformed``); without it names are written as the file has them. The data's
    ``notes`` list every key, modifier and setup script not translated.

    :raises BoardError: a malformed file, naming ``file`` and the line.
    """
    return _Translation(_Reader(file, library)).run(text)


class _Translation:
    """The state of one import: players, permanents, zones and the pieces of the board."""

    def __init__(self, reader: _Reader) -> None:
        self.r = reader
        self.players: dict[str, dict[str, Any]] = {YOU: {"name": YOU, "life": 20}, OPPONENT: {"name": OPPONENT, "life": 20}}
        self.battlefield: list[dict[str, Any]] = []
        self.zones: dict[str, dict[str, Any]] = {YOU: {}, OPPONENT: {}}
        self.pool: dict[str, str] = {}
        self.turn: dict[str, Any] = {"number": 1, "step": FORGE_PHASES["MAIN1"]}
        self.active = YOU
        self.phase = "MAIN1"
        self.day_night: str | None = None
        self.attacking: list[tuple[_Entry, dict[str, Any], str]] = []  # (entry, permanent, argument)
        self.attachments: list[tuple[_Entry, dict[str, Any], str]] = []
        self.exiled_with: list[tuple[_Entry, dict[str, Any], str]] = []
        self.no_sickness = False

    def run(self, text: str) -> dict[str, Any]:
        r = self.r
        sections = r.sections(text)
        meta = r.metadata(sections["metadata"])
        for line in r.split(sections["state"], "=", "key=value in [state]"):
            self.state_line(line)
        self.resolve_references()
        data: dict[str, Any] = {"version": 1, "active_player": self.active,
                                "players": [self.players[YOU], self.players[OPPONENT]]}
        if self.battlefield:
            data["battlefield"] = self.battlefield
        if self.pool:
            data["mana_pool"] = self.pool
        if self.day_night:
            data["day_night"] = self.day_night
        zones = {p: z for p, z in self.zones.items() if z}
        if zones:
            data["zones"] = zones
        data["turn"] = self.turn
        combat = self.combat()
        if combat:
            data["combat"] = combat
        puzzle = self.puzzle(meta)
        if puzzle:
            data["puzzle"] = puzzle
        notes = [f"{n} (x{k})" if k > 1 else n for n, k in r.notes.items()]
        if r.ignored:
            notes.append("kept out, without rules meaning on a board: "
                         + ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(r.ignored.items())))
        data["notes"] = notes
        return data

    # -- [state] lines -----------------------------------------------------------------
    def state_line(self, line: _Line) -> None:
        """GameState.parseLine: the first rule that matches the lower-cased key wins."""
        r = self.r
        key = line.key.lower()
        where = f"line {line.number}, {line.key}"
        if key.startswith("active") and key.endswith("player"):
            self.active = r.player(line.value, line)
        elif key == "activephase":
            phase = line.value.strip().upper()
            if phase not in FORGE_PHASES:
                raise r.fail(where, f"unknown phase {line.value.strip()!r}; expected one of {', '.join(FORGE_PHASES)}")
            self.phase = phase
            self.turn["step"] = FORGE_PHASES[phase]
        elif key == "activephaseadvance":
            r.note(where, f"not translated: Forge plays the game on to {line.value.strip()} after setup, firing "
                   "triggers and drawing; the board is the state before that")
        elif key == "turn":
            number = r.integer(line)
            if number < 1:
                raise r.fail(where, f"the turn number is at least 1, got {number}")
            self.turn["number"] = number
        elif key == "removesummoningsickness":
            self.no_sickness = line.value.strip().lower() == "true"
        elif key.startswith("ability"):
            r.note(where, "not translated: an ability script for the cards' Ability: modifiers")
        else:
            m = re.match(r"(human|ai|p\d)(.*)$", key)
            if not m:
                r.note(where, "not translated: a key Forge doesn't know either (it ignores it)")
                return
            if m[1][0] == "p" and m[1] not in ("p0", "p1"):
                raise r.fail(where, f"player {m[1]}: a Forge puzzle here has two players, p0 (you) and p1 (the opponent)")
            self.player_line(r.player(m[1], line), m[2], line, where)

    def player_line(self, player: str, key: str, line: _Line, where: str) -> None:
        r = self.r
        value = line.value.strip()
        if key == "life":
            self.players[player]["life"] = r.integer(line)
        elif key == "landsplayed":
            self.turn.setdefault("lands_played", {})[player] = r.integer(line)
        elif key == "landsplayedlastturn":
            if r.integer(line):
                r.note(where, "not translated: lands played last turn")
            else:
                r.ignored["landsplayedlastturn=0"] += 1
        elif key == "counters":
            self.player_counters(player, line, where)
        elif key in ("manapool", "persistentmana"):
            if value:
                self.pool[player] = self.pool.get(player, "") + "".join(f"{{{s}}}" for s in value.split())
                if key == "persistentmana":
                    r.note(where, f"{value!r} is written as mana in {_WHOSE[player]} pool; Forge keeps it there "
                           "through every step, where a pool empties at the end of each (106.4)")
        elif key in ("precast", "putonstack"):
            for spell in (s.strip() for s in line.value.split(";")):
                if spell:
                    self.precast(player, spell, where, key)
        elif key in _ZONES:
            zone = _ZONES[key]
            for entry in r.entries(line):
                self.zone_entry(player, zone, entry)
        else:
            r.note(where, "not translated: a player key this importer doesn't know")

    def player_counters(self, player: str, line: _Line, where: str) -> None:
        for part in (p.strip() for p in line.value.split(",")):
            if not part:
                continue
            kind, sep, n = part.partition("=")
            if not sep:
                raise self.r.fail(where, f"expected TYPE=N counters, got {part!r}")
            count = self.r.integer(line, n)
            if kind.strip().upper() in ("POISON", "ENERGY"):
                self.players[player][kind.strip().lower()] = count
            else:
                self.r.note(where, f"not translated: {player} with {count} {kind.strip().lower()} counter(s) (122.1; a "
                            "board's player has life, poison and energy counters)")

    def precast(self, player: str, spell: str, where: str, key: str) -> None:
        """Forge resolves a ``precast`` during setup; tokens a custom script makes by a token
        script that spells them, and the day or night it sets, are translated."""
        script = spell.partition(":CustomScript:")[2]
        fields = dict(re.findall(r"(\w+)\$\s*([^|]*)", script))
        fields = {k.lower(): v.strip() for k, v in fields.items()}
        if key == "precast" and fields.get("db") == "DayTime" and fields.get("value", "").lower() in ("day", "night"):
            self.day_night = fields["value"].lower()
            return
        if key == "precast" and fields.get("db") == "Token" and fields.get("tokenowner", "You") == "You" \
                and set(fields) <= {"db", "tokenscript", "tokenamount", "tokenowner"}:
            card = token_script_card(fields.get("tokenscript", ""))
            amount = fields.get("tokenamount", "1")
            if card is not None and amount.isdigit():
                for _ in range(int(amount)):  # made during setup: they came under control this turn (302.6)
                    self.battlefield.append({"id": self.r.new_id(card["name"]), **card, "controller": player,
                                             "token": True, "summoning_sick": True})
                return
        name, _, ability = spell.partition(":")
        made = self.r.card_tokens(name) if key == "precast" and re.search(r"token|treasure", ability, re.I) else None
        if made is not None:  # the card's one kind of token, by its Oracle text
            card, amount = made
            for _ in range(amount):
                self.battlefield.append({"id": self.r.new_id(card["name"]), **card, "controller": player, "token": True,
                                         "summoning_sick": True})
            return
        what = "resolved during setup" if key == "precast" else "put on the stack after setup"
        self.r.note(where, f"not translated: {spell!r} ({what} by Forge's script of the card; what it makes or "
                    "does is not on the board)")

    # -- card entries ------------------------------------------------------------------
    def zone_entry(self, player: str, zone: str, entry: _Entry) -> None:
        r = self.r
        mods = {}
        for key, arg in entry.mods:
            k = key.lower()
            if k in _COSMETIC:
                r.ignored[key] += 1
            elif k == "id":
                if arg in r.by_forge_id:
                    raise r.fail(entry.where, f"Id:{arg} is also {r.by_forge_id[arg][0].where}")
                mods[k] = arg
            else:
                mods.setdefault(k, []).append((key, arg))
        if zone == "battlefield":
            perm = self.permanent(player, entry, mods)
            if perm is not None:
                self.battlefield.append(perm)
            if "id" in mods:
                r.by_forge_id[mods["id"]] = (entry, perm["id"] if perm else None)
            return
        if "id" in mods:
            r.by_forge_id[mods["id"]] = (entry, None)
        if zone in ("command", "sideboard"):
            r.note(entry.where, f"not translated: {entry.name!r} in {_WHOSE[player]} {zone} (a board has no {zone})")
            return
        if entry.name[:2].lower() == "t:":
            r.note(entry.where, f"not translated: a token in {_WHOSE[player]} {zone} (it would cease to exist, 111.7)")
            return
        linked = mods.pop("exiledwith", []) if zone == "exile" else []
        for k, found in mods.items():
            if k != "id":
                for key, arg in found:
                    r.note(entry.where, f"{entry.name}: {key}{':' + arg if arg else ''} not translated (a card in "
                           f"{_WHOSE[player]} {zone} carries no such state on a board)")
        name: str | dict[str, Any] = r.card_name(entry.name)
        if linked:  # 607.2a: exiled with a permanent, for its linked ability's "the exiled card"
            name = {"card": name}
            self.exiled_with.append((entry, name, linked[0][1]))
        z = self.zones[player]
        if zone == "library":
            lib = z.setdefault("library", {"count": 0, "top": []})
            lib["top"].append(name)
            lib["count"] += 1
        else:
            z.setdefault(zone, []).append(name)

    def permanent(self, player: str, entry: _Entry, mods: dict[str, Any]) -> dict[str, Any] | None:
        r = self.r
        perm: dict[str, Any]
        if entry.name[:2] == "t:":
            perm = self.token_spec(entry)
        elif entry.name[:2] == "T:":
            card = token_script_card(entry.name[2:])
            if card is None:
                r.note(entry.where, f"not translated: token script {entry.name[2:]!r} (its name doesn't give its "
                       "characteristics; Forge reads them from its token scripts); the token is left out")
                return None
            perm = {**card, "token": True}
        else:
            perm = {"card": r.card_name(entry.name)}
        label = perm.get("card") or perm["name"]
        perm = {"id": "", **perm, "controller": player}  # the id follows the face it shows
        handled = {"id"}

        def take(name: str) -> list[tuple[str, str]]:
            handled.add(name)
            return mods.get(name, [])

        if take("tapped"):
            perm["tapped"] = True
        if take("summonsick") and not self.no_sickness:
            perm["summoning_sick"] = True
        for _, arg in take("counters"):
            self.counters(perm, arg, entry)
        for _, arg in take("damage"):
            perm["damage"] = r.integer(entry.line, arg)
        for _, arg in take("owner"):
            perm["owner"] = r.player(arg, entry.line)
        for _, arg in take("attachedto") + take("attaching"):
            self.attachments.append((entry, perm, arg))
        for _, arg in take("enchantingplayer"):  # 303.4: a Curse attached to a player
            perm["attached_to"] = r.player(arg, entry.line)
        for _, arg in take("attacking"):
            self.attacking.append((entry, perm, arg))
        if take("istoken"):
            perm["token"] = True
        if take("monstrous"):
            perm["monstrous"] = True
        if take("iscommander"):
            perm["commander"] = True
        for _, arg in take("chosencolor"):
            colors = [c.strip() for c in arg.split(",") if c.strip()]
            perm["chosen_color"] = colors[0].lower()
            if len(colors) > 1:
                r.note(entry.where, f"{label}: only the first chosen color ({colors[0]}) is kept of {arg}")
        for _, arg in take("chosentype"):
            perm["chosen_type"] = arg.lower()
        for key, arg in take("transformed") + take("modal") + take("flipped"):
            self.other_face(perm, key, entry)
        for _, arg in take("facedown"):
            r.note(entry.where, f"{label} is face down{' (' + arg + ')' if arg else ''}: written as a 2/2 creature "
                   "with no name, text or cost (708.2a); the card it is, for turning it face up, is not kept")
            state = {k: v for k, v in perm.items() if k not in ("id", "card", "name")}
            perm.clear()
            perm.update({"id": "", "name": "Face-down card", "types": ["creature"], "colors": [], "power": 2,
                         "toughness": 2, **state})
        perm["id"] = r.new_id(perm.get("card") or perm["name"])
        for k, found in mods.items():
            if k in handled:
                continue
            for key, arg in found:
                why = _UNTRANSLATED.get(k, "a modifier this importer doesn't know")
                r.note(entry.where, f"{label}: {key}{':' + arg if arg else ''} not translated ({why})")
        return perm

    def other_face(self, perm: dict[str, Any], key: str, entry: _Entry) -> None:
        """``Transformed``/``Modal``/``Flipped``: the permanent shows its back face (711, 712)."""
        name = perm.get("card")
        if name is None:
            self.r.note(entry.where, f"{perm['name']}: {key} on a token is not translated")
            return
        back = self.r.back_face(name)
        if back is None:
            self.r.note(entry.where, f"{name}: {key}: no other face of it in the card library (give --cards); "
                        "written as the face named")
        else:
            perm["card"] = back

    def counters(self, perm: dict[str, Any], arg: str, entry: _Entry) -> None:
        """``Counters:P1P1=2,LOYALTY=3``: a planeswalker's loyalty (306.5b) and a battle's
        defense (310.4c) are also its ``loyalty``/``defense``."""
        counters = perm.setdefault("counters", {})
        for part in (p.strip() for p in arg.split(",")):
            if not part:
                continue
            kind, sep, n = part.partition("=")
            if not sep:
                raise self.r.fail(entry.where, f"expected Counters:TYPE=N, got {part!r}")
            count = self.r.integer(entry.line, n)
            if count < 0:
                raise self.r.fail(entry.where, f"a counter count is not negative, got {count}")
            name = _counter_name(kind)
            counters[name] = counters.get(name, 0) + count
            if name in ("loyalty", "defense"):
                perm[name] = counters[name]

    def token_spec(self, entry: _Entry) -> dict[str, Any]:
        """A ``t:`` token (Forge's TokenInfo): ``Name,P:2,T:2,Cost:no cost,Color:B,
        Types:Creature-Zombie-Knight,Keywords:Menace,Image:...``; Color follows the cost when
        absent (Forge's rule: ``no cost`` is colorless)."""
        r = self.r
        name, *parts = entry.name[2:].split(",")
        if not name.strip():
            raise r.fail(entry.where, "a t: token needs a name first (t:Name,P:1,T:1,...)")
        spec: dict[str, str] = {}
        for part in parts:
            key, sep, value = part.partition(":")
            if sep:
                spec[key.strip().lower()] = value.strip()
        for key in set(spec) - {"p", "t", "cost", "color", "types", "keywords", "image"}:
            r.note(entry.where, f"token {name.strip()}: {key}:{spec[key]} not translated (a token field this "
                   "importer doesn't know)")
        card: dict[str, Any] = {"name": name.strip()}
        card.update({k: v for k, v in _split_types(spec.get("types", "").split("-")).items() if v})
        if not card.get("types"):
            raise r.fail(entry.where, f"token {name.strip()!r}: Types: gives no card type (e.g. Types:Creature-Goblin)")
        cost = _forge_cost(spec.get("cost", "no cost"))
        if cost:
            card["mana_cost"] = cost
        if "color" in spec:
            colors = _colors(spec["color"])
            if colors is None:
                raise r.fail(entry.where, f"token {name.strip()!r}: Color:{spec['color']} is not W U B R G or C letters")
            card["colors"] = colors
        elif not cost:
            card["colors"] = []
            hinted = _colors(spec.get("image", "").split("_")[0])
            if hinted:
                r.note(entry.where, f"token {name.strip()}: no Color:, so Forge makes it colorless; its image "
                       f"{spec['image']!r} shows it {' and '.join(hinted)}")
        if "creature" in card["types"]:
            for f, key in (("power", "p"), ("toughness", "t")):
                if key not in spec:
                    raise r.fail(entry.where, f"creature token {name.strip()!r} needs {key.upper()}:N")
                card[f] = r.integer(entry.line, spec[key])
        keywords, lines = _keyword_fields(spec.get("keywords", "").split("-"))
        if keywords:
            card["keywords"] = keywords
        if lines:
            card["text"] = "\n".join(lines)
        card["token"] = True
        return card

    # -- references --------------------------------------------------------------------
    def forge_id(self, entry: _Entry, arg: str, modifier: str) -> tuple[_Entry, str | None]:
        if arg not in self.r.by_forge_id:
            raise self.r.fail(entry.where, f"{modifier}:{arg}: no card has Id:{arg}")
        return self.r.by_forge_id[arg]

    def resolve_references(self) -> None:
        """``AttachedTo:N`` and ``ExiledWith:N`` name a permanent by its ``Id:N``, before or
        after it (Forge resolves them once every zone is read)."""
        for modifier, links, key, missing in (("AttachedTo", self.attachments, "attached_to", "not attached"),
                                              ("ExiledWith", self.exiled_with, "exiled_with", "not linked")):
            for entry, data, arg in links:
                target, pid = self.forge_id(entry, arg, modifier)
                if pid is None:
                    self.r.note(entry.where, f"{modifier}:{arg}: {target.name} is not on the battlefield; {missing}")
                else:
                    data[key] = pid
        if self.no_sickness:
            for perm in self.battlefield:
                perm.pop("summoning_sick", None)

    def combat(self) -> dict[str, Any] | None:
        """``Attacking[:N]`` (declare attackers or blockers only): the controller's opponent, or
        the planeswalker with ``Id:N``."""
        if not self.attacking:
            return None
        if self.phase not in ("COMBAT_DECLARE_ATTACKERS", "COMBAT_DECLARE_BLOCKERS"):
            for entry, _, _ in self.attacking:
                self.r.note(entry.where, f"Attacking not translated: Forge reads it only in the declare attackers "
                            f"or blockers step, and the puzzle starts in {self.phase}")
            return None
        attackers = []
        for entry, perm, arg in self.attacking:
            target = OPPONENT if perm["controller"] == YOU else YOU
            if arg:
                target_entry, target_id = self.forge_id(entry, arg, "Attacking")
                if target_id is None:
                    raise self.r.fail(entry.where, f"Attacking:{arg}: {target_entry.name} is not on the battlefield")
                target = target_id
            attackers.append({"creature": perm["id"], "target": target})
        return {"attackers": attackers}

    # -- [metadata] --------------------------------------------------------------------
    def puzzle(self, meta: dict[str, _Line]) -> dict[str, Any] | None:
        """``Goal: Win`` (or ``Win ...``) is the goal ``win``; ``Turns`` counts from the turn the
        puzzle starts in (one more when it starts in a cleanup step, as Forge counts)."""
        r = self.r
        turns = r.integer(meta["turns"]) if "turns" in meta else 1
        if turns < 1:
            raise r.fail(f"line {meta['turns'].number}, Turns", f"at least 1 turn, got {turns}")
        turns += self.phase == "CLEANUP"
        name = meta["name"].value if "name" in meta else PurePath(r.file).stem
        source = "; ".join(v for v in (name, meta["url"].value if "url" in meta else "",
                                       f"Forge puzzle file {PurePath(r.file).name}") if v)
        description = meta["description"].value.replace("\\n", "\n") if "description" in meta else ""
        for key in meta:
            if key == "difficulty":
                r.ignored[f"Difficulty:{meta[key].value}"] += 1
            elif key not in ("name", "url", "goal", "turns", "description"):
                line = meta[key]
                r.note(f"line {line.number}", f"{line.key}:{line.value} not translated (a [metadata] key the board's "
                       "puzzle section doesn't hold)")
        goal = meta["goal"].value
        if not goal.lower().startswith("win"):
            r.note(f"line {meta['goal'].number}", f"Goal:{goal} has no mtgsolver goal; the puzzle section is left "
                   f"out ({source}; {turns} turn(s); {' '.join(description.split())})")
            return None
        return {"goal": "win", "side": YOU, "turns": turns, "description": description, "source": source}

