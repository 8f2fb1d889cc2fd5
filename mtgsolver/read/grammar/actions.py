"""Effect sentences, trigger conditions and "if" clauses (``actions.lark``), shared by the
``spell``, ``activated`` and ``triggered`` families.

A sentence compiles to a list of effects in the vocabulary of
:mod:`mtgsolver.read.effect_vocabulary` (plain data a JSON round trip keeps, so the readings
cache can hold it), with two kinds of placeholder that :func:`link` resolves over the whole
ability: an unnumbered target ``{"target": {spec}}`` (numbered in text order, 601.2c) and a
pronoun ``{"it": "object"}`` / ``{"it": "player"}`` ("it", "that creature", "that player": what
the sentence before was about, or what the trigger was about, 603.7c).

Sentences are parsed one at a time and their compilations kept (:func:`sentence`): the same
sentence on another card is the same words once the card's name is written "~".

Examples
--------
>>> effects, targets = link(sentence("~ deals 3 damage to any target."), "spell")
>>> effects, targets
([{'damage': {'amount': 3, 'to': {'target': 0}}}], [{'kinds': ['battle', 'creature', 'planeswalker', 'player']}])
>>> link(sentence("return target creature to its owner's hand.") + sentence("you gain 2 life."), "spell")[0]
[{'bounce': {'what': {'target': 0}}}, {'gain_life': {'amount': 2, 'who': 'you'}}]
>>> link(sentence("destroy it."), "spell")
Traceback (most recent call last):
...
mtgsolver.read.grammar.actions.Refused: 'it' before anything was named
"""
from __future__ import annotations

import copy
import functools
import itertools
import re
from pathlib import Path
from typing import Any, Iterable

from lark import Lark, Token, v_args
from lark.exceptions import LarkError, VisitError

from mtgsolver.model.keywords import COMBAT_KEYWORDS
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import COLORS, normalise, number, plural_subtypes

__all__ = ["Links", "Refused", "ability_effects", "condition", "effect_text", "effects_of", "is_modal", "link", "modal_effects", "normal",
           "sentence", "sentences", "tag", "trigger", "unquoted_split"]

_HERE = Path(__file__).parent

#: Keywords an effect grants or a filter names (702): one word each once tagged ("kw:first_strike").
GRANTABLE: frozenset[str] = COMBAT_KEYWORDS | frozenset(
    "hexproof indestructible shroud infect wither prowess persist undying changeling flash "
    "islandwalk swampwalk forestwalk mountainwalk plainswalk".split())
#: Predefined tokens (111.10) by subtype: the token's text, as the reminder of a card that makes it.
PREDEFINED: dict[str, str] = {
    "treasure": "{T}, Sacrifice this artifact: Add one mana of any color.",  # 111.10a
    "food": "{2}, {T}, Sacrifice this artifact: You gain 3 life.",  # 111.10b
    "clue": "{2}, Sacrifice this artifact: Draw a card.",  # 111.10f
    "blood": "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card.",  # 111.10g
}
#: "Any target" (115.4): creatures, players, planeswalkers and battles.
ANY_TARGET = ["battle", "creature", "planeswalker", "player"]


class Refused(ValueError):
    """A parse whose meaning the effect language can't hold exactly: the line stays unread."""


# --------------------------------------------------------------------------- normal form and tags
_SELF_NOUNS = re.compile(r"\bthis (?:creature|artifact|enchantment|land|permanent|equipment|aura|vehicle)\b")
_TOKEN = re.compile(r'q:\d+|[+-][0-9x]+/[+-][0-9x]+|[0-9]+/[0-9]+|(?:\{[^}]+\})+|[a-z0-9~\'-]+|[,.:—•]')


def normal(text: str, name: str) -> str:
    """The normal form of :func:`mtgsolver.read.grammar.text.normalise`, with "this creature"
    (and the like) written "~" as the card's name is (201.5)."""
    low = normalise(text.replace("’", "'").replace("−", "-"), name)
    return _SELF_NOUNS.sub("~", low)


@functools.lru_cache(maxsize=1)
def _keyword_phrases() -> dict[tuple[str, ...], str]:
    return {tuple(k.split("_")): k for k in GRANTABLE}


def tag(low: str) -> tuple[str, tuple[str, ...]]:
    """Tag a normal-form sentence for ``actions.lark``: quoted text as ``q:N`` (the texts are
    returned, in order), keywords, protection, subtypes and "non"-words.

    >>> tag('target creature gains first strike and "{t}: add {g}." until end of turn.')
    ('target creature gains kw:first_strike and q:0 until end of turn .', ('{t}: add {g}.',))
    """
    quotes: list[str] = []

    def quote(m: re.Match[str]) -> str:
        quotes.append(m.group(1))
        return f" q:{len(quotes) - 1} "

    low = re.sub(r'"([^"]*)"', quote, low)
    low = re.sub(r"protection from (\w+) and from (\w+)", r"protection from \1 and protection from \2", low)
    words = _TOKEN.findall(low)
    phrases = _keyword_phrases()
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i:i + 2] == ["protection", "from"] and i + 2 < len(words) and words[i + 2] in (*COLORS, "everything"):
            out.append("pro:" + words[i + 2])
            i += 3
            continue
        for n in (2, 1):
            key = tuple(words[i:i + n])
            if len(key) == n and key in phrases:
                out.append("kw:" + phrases[key])
                i += n
                break
        else:
            w = words[i]
            i += 1
            base = w[3:].lstrip("-") if w.startswith("non") and w not in ("nonbasic", "nontoken", "nonlegendary") else None
            if base in ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery"):
                out.append("nontype:" + base)
            elif base in COLORS:
                out.append("noncolor:" + base)
            elif base is not None and base in subtypes():
                out.append("nonsub:" + base)
            elif w in plural_subtypes() and w not in subtypes():
                out.append("plu:" + plural_subtypes()[w])
            elif w in subtypes():
                out.append("sub:" + w)
            else:
                out.append(w)
    return " ".join(out), tuple(quotes)


# --------------------------------------------------------------------------- parsing
@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "actions.lark").read_text(encoding="utf-8"), parser="earley", lexer="basic",
                start=["sentence", "trigger", "condition", "choose"])


def _parse(text: str, start: str) -> Any:
    """The compilation of ``text`` (tagged) from the rule ``start``; :class:`Refused` when the
    grammar doesn't cover it whole or its meaning can't be held."""
    try:
        return _Compile().transform(_parser().parse(text, start=start))
    except VisitError as exc:
        if isinstance(exc.orig_exc, Refused):
            raise exc.orig_exc from None
        raise
    except LarkError as exc:
        raise Refused(f"not read: {text}") from exc


@functools.lru_cache(maxsize=8192)
def _sentence(tagged: str) -> tuple[Any, ...] | str:
    try:
        return tuple(_parse(tagged, "sentence"))
    except Refused as exc:
        return str(exc)


def sentence(low: str) -> list[Any]:
    """The effects of one sentence in normal form (ending with its period), placeholders
    unresolved; a fresh copy each time.

    :raises Refused: the grammar doesn't read it whole, or its meaning can't be held.
    """
    tagged, quotes = tag(low)
    if quotes:
        raise Refused("quoted text in an effect")
    found = _sentence(tagged)
    if isinstance(found, str):
        raise Refused(found)
    return _fresh(copy.deepcopy(list(found)), {})


_IDS = itertools.count()


def _fresh(value: Any, seen: dict[int, int]) -> Any:
    """``value`` with each target's ``id`` (one per "target" word of the sentence, 115.3)
    replaced by one unique in this process, so that :func:`link` gives every word its slot."""
    if isinstance(value, dict):
        out = {k: _fresh(v, seen) for k, v in value.items()}
        if "id" in out and "kinds" in out:
            out["id"] = seen.setdefault(out["id"], next(_IDS))
        return out
    if isinstance(value, list):
        return [_fresh(v, seen) for v in value]
    return value


def sentences(low: str) -> list[str]:
    """``low`` cut into sentences at each period followed by a blank, outside quotes."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(low):
        if ch == '"':
            quoted = not quoted
        elif ch == "." and not quoted and (i + 1 == len(low) or low[i + 1] == " "):
            out.append(low[start:i + 1].strip())
            start = i + 1
    rest = low[start:].strip()
    if rest:
        out.append(rest)
    return out


def trigger(low: str) -> dict[str, Any]:
    """The :class:`~mtgsolver.model.effects.TriggerEvent` mapping of a trigger condition.

    :raises Refused: not read."""
    tagged, quotes = tag(low)
    if quotes:
        raise Refused("quoted text in a trigger condition")
    return _parse(tagged, "trigger")


def condition(low: str) -> list[dict[str, Any]]:
    """The condition mappings of an "if" clause's words (603.4, 608.2c).

    :raises Refused: not read."""
    tagged, quotes = tag(low)
    if quotes:
        raise Refused("quoted text in a condition")
    return [_parse(tagged, "condition")]


def unquoted_split(low: str, mark: str) -> tuple[str, str] | None:
    """``low`` cut at the first ``mark`` outside quotes, both sides stripped, or ``None``."""
    quoted = False
    for i, ch in enumerate(low):
        if ch == '"':
            quoted = not quoted
        elif ch == mark and not quoted:
            return low[:i].strip(), low[i + 1:].strip()
    return None


def effects_of(low: str, links: "Links") -> list[Any]:
    """The linked effects of an effect text: modal (700.2) or sentences.

    :raises Refused: not read whole."""
    if is_modal(low):
        return modal_effects(low, links)
    return ability_effects(effect_text(low), links)


def effect_text(low: str) -> list[str]:
    """The sentences of an effect, each ending with its period.

    :raises Refused: a sentence without one."""
    out = sentences(low)
    if not out or not all(s.endswith(".") for s in out):
        raise Refused("a sentence without a period")
    return out


#: Sentences that change the one before them: "It can't be regenerated." (701.19c)
_NO_REGENERATION = ("it can't be regenerated.", "they can't be regenerated.")


def ability_effects(texts: Iterable[str], links: "Links") -> list[Any]:
    """The linked effects of an ability's effect sentences (normal form); the target specs
    go to ``links.slots``.

    Besides the sentences of ``actions.lark``: "If you do, ..." after a "you may" sentence is
    what happens when the player did (608.2c), and "It can't be regenerated." sets the
    destruction before it (701.19c).

    :raises Refused: a sentence not read, or a reference with no antecedent.
    """
    effects: list[Any] = []
    for text in texts:
        if text in _NO_REGENERATION:
            last = effects[-1] if effects else None
            if not (isinstance(last, dict) and "destroy" in last):
                raise Refused("'can't be regenerated' after no destruction")
            last["destroy"]["no_regeneration"] = True
            continue
        if text.startswith("if you do, "):
            last = effects[-1] if effects else None
            if not (isinstance(last, dict) and "optional" in last and "then" not in last["optional"]):
                raise Refused("'if you do' after no 'you may'")
            last["optional"]["then"] = sentence(text[len("if you do, "):])
            continue
        effects.extend(sentence(text))
    return [links.effect(e) for e in effects]


def is_modal(low: str) -> bool:
    """A modal effect (700.2): "choose ... —" and its "•" modes."""
    return low.startswith("choose ") and " • " in low


def modal_effects(low: str, links: "Links") -> list[Any]:
    """``[{"modal": {...}}]`` of "choose one — • ... • ..." (700.2): each mode's sentences
    linked on their own (a pronoun doesn't reach into another mode), its targets numbered with
    the ability's in text order (700.2c: chosen only with their mode).

    :raises Refused: a header or a mode not read."""
    head, *modes = [part.strip() for part in low.split(" • ")]
    tagged, _ = tag(head)
    out: dict[str, Any] = {**_parse(tagged, "choose"), "modes": []}
    for mode in modes:
        links.forget()
        out["modes"].append(ability_effects(effect_text(mode), links))
    if out.get("choose", 1) > len(modes):
        raise Refused("more modes chosen than there are")
    return [{"modal": out}]


# --------------------------------------------------------------------------- linking
_OBJECT_FIELDS = {"destroy": "what", "exile": "what", "bounce": "what", "tap": "what", "untap": "what",
                  "modify": "what", "put_counters": "what", "remove_counters": "what", "regenerate": "what",
                  "damage": "to", "gain_control": "what", "return_from_graveyard": "what"}


def link(effects: Iterable[Any], kind: str, subject: Any = None) -> tuple[list[Any], list[dict[str, Any]]]:
    """Number the targets of an ability's effects in text order (601.2c) and resolve its
    pronouns (see :class:`Links`); returns the effects and the target specs.

    :raises Refused: a pronoun with no antecedent.
    """
    links = Links(kind, subject)
    return [links.effect(e) for e in effects], links.slots


class Links:
    """An ability's target slots, by the id of their word (601.2c: numbered in text order), and
    the antecedents of its pronouns: "it" / "that creature" is what the effect before was about
    (the source for an activated ability's first effect, 602.1; what the trigger was about for a
    triggered ability's, 603.7c), "that player" the player the trigger was about or the last
    target player named.

    ``kind`` is ``"spell"``, ``"activated"`` or ``"triggered"``; ``subject`` what a triggered
    ability's event is about: ``"source"``, ``{"subject": "object"}`` or ``{"subject": "player"}``.
    """

    def __init__(self, kind: str, subject: Any) -> None:
        self.slots: list[dict[str, Any]] = []
        self.ids: dict[int, int] = {}
        self.object: Any = "source" if kind == "activated" else None
        self.player: Any = None
        if isinstance(subject, dict) and subject.get("subject") == "player":
            self.player = subject
        elif subject is not None:
            self.object = subject

    def forget(self) -> None:
        """No antecedents: the start of a mode (700.2)."""
        self.object = self.player = None

    def effect(self, effect: Any) -> Any:
        (kind, fields), = effect.items()
        if kind in ("optional", "conditional"):
            return {kind: {k: [self.effect(e) for e in v] if k in ("effects", "otherwise", "then") else self.ref(v)
                           for k, v in fields.items()}}
        if kind == "modal":
            raise Refused("a modal effect inside another ability's effects")
        linked = {k: self.ref(v) for k, v in fields.items()}
        main = _OBJECT_FIELDS.get(kind)
        self.object = linked.get(main) if main is not None else None
        return {kind: linked}

    def ref(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.ref(v) for v in value]
        if not isinstance(value, dict):
            return value
        if set(value) == {"target"} and isinstance(value["target"], dict):
            return self.target(value["target"])
        if set(value) == {"it"}:
            found = self.player if value["it"] == "player" else self.object
            if found is None:
                raise Refused(f"'{'that player' if value['it'] == 'player' else 'it'}' before anything was named")
            return copy.deepcopy(found)
        return {k: self.ref(v) for k, v in value.items()}

    def target(self, spec: dict[str, Any]) -> dict[str, Any]:
        word = spec.pop("id")
        if word in self.ids:
            return {"target": self.ids[word]}
        if spec.pop("another", False):  # 115.3: another target than the earlier one, or than the source
            earlier = [i for i, s in enumerate(self.slots) if set(s["kinds"]) & set(spec["kinds"])]
            if earlier:
                spec["distinct_from"] = earlier
            else:
                spec["filter"] = {**spec.get("filter", {}), "other": True}
        self.slots.append(spec)
        self.ids[word] = len(self.slots) - 1
        found = {"target": len(self.slots) - 1}
        if spec["kinds"] == ["player"]:
            self.player = found
        return found


# --------------------------------------------------------------------------- the compiler
def _word(token: Token | str) -> str:
    return str(token)


def _untag(token: Token | str) -> str:
    return str(token).split(":", 1)[1].replace("_", " ") if ":" in str(token) else str(token)


def _merge(*parts: dict[str, Any]) -> dict[str, Any]:
    """Filters joined (every condition holds); two values for one key are refused unless both
    are lists (then both apply: "black legendary" -> all of them for types)."""
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key in out and out[key] != value:
                raise Refused(f"two values for {key}")
            out[key] = value
    return out


def _amount(value: Any) -> Any:
    return value


def _desc_filter(kinds: list[str], filt: dict[str, Any]) -> dict[str, Any]:
    """An :class:`~mtgsolver.model.continuous.Affected` mapping for permanents of ``kinds``
    (card types, ``permanent`` for any) matching ``filt``."""
    kinds = [k for k in kinds if k != "permanent"]
    if not kinds:
        return filt
    if len(kinds) == 1:
        types = sorted({*filt.get("types", []), kinds[0]})
        return {**filt, "types": types}
    if filt.get("types"):
        raise Refused("a type adjective on several kinds")
    return {**filt, "any_of": [{"types": [k]} for k in kinds]}


#: The constant rules of ``actions.lark`` (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    # changes until end of turn (611.2, 613.11): rules as the board vocabulary writes them
    "cant_block": {"rules": ["cant_block"]},
    "cant_attack": {"rules": ["cant_attack"]},
    "cant_attack_or_block": {"rules": ["cant_attack", "cant_block"]},
    "cant_be_blocked": {"rules": ["cant_be_blocked"]},
    "attacks_if_able": {"rules": ["attacks_each_combat"]},  # 508.1d, for each combat this turn
    "blocks_if_able": {"rules": ["blocks_each_combat"]},  # 509.1c
    "must_be_blocked": {"rules": ["must_be_blocked"]},  # 509.1c
    "loses_all": {"loses_all_abilities": True},
    # tokens (111.4)
    "kind_creature": ("kind", ["creature"]),
    "kind_artifact_creature": ("kind", ["artifact", "creature"]),
    # objects and players
    "you": "you",
    "each_player": {"players": "each"},
    "each_opponent": {"players": "opponents"},
    "defending_player": {"players": "defending"},
    "amount_x": "x",
    # adjectives of a description (611.3a)
    "nonbasic": {"not_supertypes": ["basic"]},
    # modes (700.2)
    "choose_one_or_both": {"any_number": True},  # two modes: one or both is one or more
    "choose_one_or_more": {"any_number": True},
    "nontoken": {"token": False},
    "token_adj": {"token": True},
    "nonlegendary": {"not_supertypes": ["legendary"]},
    "attacking": {"attacking": True},
    "blocking": {"blocking": True},
    "attacking_or_blocking": {"any_of": [{"attacking": True}, {"blocking": True}]},
    "tapped": {"tapped": True},
    "untapped": {"tapped": False},
    "multicolored": {"multicolored": True},
    "colorless": {"colorless": True},
    "yours": {"controller": "you"},
    "theirs": {"controller": "opponents"},
    # plural nouns: (kinds, filter)
    "plural_creature": ("noun", ["creature"], {}),
    "plural_artifact": ("noun", ["artifact"], {}),
    "plural_enchantment": ("noun", ["enchantment"], {}),
    "plural_land": ("noun", ["land"], {}),
    "plural_planeswalker": ("noun", ["planeswalker"], {}),
    "plural_permanent": ("noun", ["permanent"], {}),
    # destinations (400.7)
    "to_hand": {},
    "to_battlefield": {"to": "battlefield"},
    "to_battlefield_tapped": {"to": "battlefield", "tapped": True},
    # counts (608.2h)
    "count_hand": {"cards_in_hand": True},
    "count_creature_cards": {"creature_cards_in_graveyard": True},
    # conditions (603.4, 608.2c)
    "your_turn": {"your_turn": True},
    "not_your_turn": {"your_turn": False},
    "kicked": "kicked",
    # trigger events (603.6, 603.10, 508.2, 509.2, 510.3): TriggerKind
    "enters": "enters",
    "dies": "dies",
    "leaves": "leaves",
    "attacks": "attacks",
    "blocks": "blocks",
    "becomes_blocked": "becomes_blocked",
    "deals_combat_damage_to_player": "deals_combat_damage_to_player",
    "deals_combat_damage": "deals_combat_damage",
    "becomes_tapped": "becomes_tapped",
    "enters_yours": "enters_yours",
    "cast_any": {},
    "your_upkeep": {"kind": "upkeep"},
    "each_upkeep": {"kind": "upkeep", "whose": "each"},
    "opponent_upkeep": {"kind": "upkeep", "whose": "opponent"},
    "your_end_step": {"kind": "end_step"},
    "each_end_step": {"kind": "end_step", "whose": "each"},
    "your_combat": {"kind": "beginning_of_combat"},
    "each_combat": {"kind": "beginning_of_combat", "whose": "each"},
}


class _Compile(ConstantRules, constants=CONSTANTS):
    """Syntax tree -> effect vocabulary (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self._ids = itertools.count()

    def _target(self, spec: dict[str, Any]) -> dict[str, Any]:
        """A target word (115.1), with an id of its own in this sentence (115.3)."""
        return {"target": {**spec, "id": next(self._ids)}}

    # -- sentences --------------------------------------------------------------------
    def sentence(self, children: list[Any]) -> list[Any]:
        return children[0]

    def may(self, children: list[Any]) -> list[Any]:
        return [{"optional": {"effects": children[0]}}]

    def if_clause(self, children: list[Any]) -> list[Any]:
        cond, effects = children
        if cond == "kicked":
            return [{"conditional": {"kicked": True, "effects": effects}}]
        return [{"conditional": {"condition": [cond], "effects": effects}}]

    def clauses(self, children: list[Any]) -> list[Any]:
        return _effects(children[0])

    def then(self, children: list[Any]) -> list[Any]:
        return [*_effects(children[0]), *_effects(children[1])]

    both = then

    def you_vps(self, children: list[Any]) -> list[Any]:
        return self._with_player(children, "you")

    def player_clause(self, children: list[Any]) -> list[Any]:
        who, vps = children
        return self._with_player(vps, who)

    @staticmethod
    def _with_player(vps: list[Any], who: Any) -> list[Any]:
        """The verb phrases with the player who does them; an effect with no such field is
        the controller's own (``you`` only)."""
        out = []
        for vp in vps:
            (kind, fields), = vp.items()
            key = _PLAYER_FIELD.get(kind)
            if key is None and who != "you":
                raise Refused(f"{kind} by another player")
            out.append({kind: {**fields, key: copy.deepcopy(who)}} if key else vp)
        return out

    def player_vps(self, children: list[Any]) -> list[Any]:
        return list(children)

    # -- player verbs -----------------------------------------------------------------
    def draw(self, children: list[Any]) -> dict[str, Any]:
        return {"draw": {"amount": children[0]}}

    def discard(self, children: list[Any]) -> dict[str, Any]:
        return {"discard": {"amount": children[0]}}

    def discard_random(self, children: list[Any]) -> dict[str, Any]:
        return {"discard": {"amount": children[0], "random": True}}

    def mill(self, children: list[Any]) -> dict[str, Any]:
        return {"mill": {"amount": children[0]}}

    def gain_life(self, children: list[Any]) -> dict[str, Any]:
        return {"gain_life": {"amount": children[0]}}

    def lose_life(self, children: list[Any]) -> dict[str, Any]:
        return {"lose_life": {"amount": children[0]}}

    def scry(self, children: list[Any]) -> dict[str, Any]:
        return {"scry": {"amount": children[0]}}

    def surveil(self, children: list[Any]) -> dict[str, Any]:
        return {"surveil": {"amount": children[0]}}

    def sacrifice(self, children: list[Any]) -> dict[str, Any]:
        return {"sacrifice": children[0]}

    def create(self, children: list[Any]) -> dict[str, Any]:
        return {"create_tokens": children[0]}

    def add_mana(self, children: list[Any]) -> dict[str, Any]:
        symbols = re.findall(r"\{([^}]+)\}", str(children[0]))
        if not all(s in "wubrgc" and len(s) == 1 for s in symbols):
            raise Refused("mana other than W U B R G C")
        return {"add_mana": {"mana": [s.upper() for s in symbols]}}

    def add_one_color(self, children: list[Any]) -> dict[str, Any]:
        n = children[0]
        if n != 1:
            raise Refused("several mana of one color")
        return {"add_mana": {"any_color": 1}}

    def investigate(self, children: list[Any]) -> dict[str, Any]:
        return {"create_tokens": {"token": _predefined("clue")}}  # 701.16a

    def proliferate(self, children: list[Any]) -> dict[str, Any]:
        return {"proliferate": {}}

    def gain_control(self, children: list[Any]) -> dict[str, Any]:
        return {"gain_control": {"what": children[0]}}

    def gain_control_until_eot(self, children: list[Any]) -> dict[str, Any]:
        return {"gain_control": {"what": children[0], "duration": "end_of_turn"}}

    # -- imperatives ------------------------------------------------------------------
    def destroy(self, children: list[Any]) -> dict[str, Any]:
        return {"destroy": {"what": children[0]}}

    def exile(self, children: list[Any]) -> dict[str, Any]:
        return {"exile": {"what": children[0]}}

    def bounce(self, children: list[Any]) -> dict[str, Any]:
        return {"bounce": {"what": children[0]}}

    def return_from_graveyard(self, children: list[Any]) -> dict[str, Any]:
        card, zone, to = children
        if isinstance(card, dict) and "target" in card:
            spec = card["target"]
            if zone == "your":
                spec["whose"] = "you"
        elif zone != "your":
            raise Refused("a card named but not targeted in another graveyard")
        return {"return_from_graveyard": {"what": card, **to}}

    def tap(self, children: list[Any]) -> dict[str, Any]:
        return {"tap": {"what": children[0]}}

    def untap(self, children: list[Any]) -> dict[str, Any]:
        return {"untap": {"what": children[0]}}

    def put_counters(self, children: list[Any]) -> dict[str, Any]:
        counters, what = children
        return {"put_counters": {"what": what, **counters}}

    def remove_counters(self, children: list[Any]) -> dict[str, Any]:
        counters, what = children
        return {"remove_counters": {"what": what, **counters}}

    def counter_spell(self, children: list[Any]) -> dict[str, Any]:
        return {"counter_spell": {"what": children[0]}}

    def counter_unless(self, children: list[Any]) -> dict[str, Any]:
        return {"counter_spell": {"what": children[0], "unless_pays": _mana_text(children[1])}}

    def copy_spell(self, children: list[Any]) -> dict[str, Any]:
        return {"copy_spell": {"what": children[0]}}

    def regenerate(self, children: list[Any]) -> dict[str, Any]:
        return {"regenerate": {"what": children[0]}}

    def attach(self, children: list[Any]) -> dict[str, Any]:
        what, to = children
        if what != "source":
            raise Refused("attach something other than the source")
        return {"attach": {"to": to}}

    # -- objects' verbs ---------------------------------------------------------------
    def object_clause(self, children: list[Any]) -> list[Any]:
        what, vp = children
        (kind, fields), = vp.items()
        if kind == "modify":
            return [{"modify": {"what": what, **fields}}]
        if kind == "fight":
            return [{"fight": {"a": what, "b": fields["b"]}}]
        raise AssertionError(kind)

    def deals(self, children: list[Any]) -> list[Any]:
        source, damage = children
        return [{"damage": {**d["damage"], "source": source}} if source != "source" else d for d in damage]

    def until_end_of_turn(self, children: list[Any]) -> dict[str, Any]:
        return {"modify": {"spec": children[0]}}

    def fights(self, children: list[Any]) -> dict[str, Any]:
        return {"fight": {"b": children[0]}}

    def changes(self, children: list[Any]) -> dict[str, Any]:
        return self.change_and(children)

    def change_and(self, children: list[Any]) -> dict[str, Any]:
        spec: dict[str, Any] = {}
        for change in children:
            for key, value in change.items():
                if key in ("gains", "rules", "loses"):
                    spec[key] = [*spec.get(key, []), *value]
                elif key in spec:
                    raise Refused(f"two {key}")
                else:
                    spec[key] = value
        return spec

    def gets(self, children: list[Any]) -> dict[str, Any]:
        p, t = str(children[1]).split("/")
        if "x" in p or "x" in t:
            raise Refused("+X/+X")
        return {"gets": [int(p), int(t)]}

    def gains(self, children: list[Any]) -> dict[str, Any]:
        return {"gains": children[1]}

    def loses(self, children: list[Any]) -> dict[str, Any]:
        keywords = children[1]
        if not all(isinstance(k, str) for k in keywords):
            raise Refused("loses protection")
        return {"loses": keywords}

    def keywords(self, children: list[Any]) -> list[Any]:
        out = []
        for token in children:
            word = str(token)
            if word.startswith("pro:"):
                out.append({"protection": word[4:]})
            else:
                out.append(word[3:])
        return out

    # -- damage -----------------------------------------------------------------------
    def damage_to(self, children: list[Any]) -> list[Any]:
        amount, to = children
        return [{"damage": {"amount": amount, "to": to}}]

    def damage_divided(self, children: list[Any]) -> list[Any]:
        amount, (count, up_to) = children
        spec: dict[str, Any] = {"kinds": list(ANY_TARGET), "count": count}
        if up_to:
            spec["up_to"] = True
        return [{"damage": {"amount": amount, "to": self._target(spec), "divided": True}}]

    def damage_equal(self, children: list[Any]) -> list[Any]:
        amount, to = children
        return [{"damage": {"amount": amount, "to": to}}]

    def damage_to_equal(self, children: list[Any]) -> list[Any]:
        to, amount = children
        return [{"damage": {"amount": amount, "to": to}}]

    def divided_up_to_two(self, children: list[Any]) -> tuple[int, bool]:
        return 2, True  # "one or two targets": at least one each (601.2d)

    def divided_up_to_three(self, children: list[Any]) -> tuple[int, bool]:
        return 3, True

    def divided_any_number(self, children: list[Any]) -> tuple[int, bool]:
        raise Refused("any number of targets")

    def any_target(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": list(ANY_TARGET)})

    def creature_or_player(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["creature", "player"]})

    def player_or_planeswalker(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["planeswalker", "player"]})

    def opponent_or_planeswalker(self, children: list[Any]) -> dict[str, Any]:
        raise Refused("an opponent or a planeswalker: the planeswalker's controller is not restricted")

    def creature_or_planeswalker(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["creature", "planeswalker"]})

    # -- tokens -----------------------------------------------------------------------
    def tokens_n(self, children: list[Any]) -> dict[str, Any]:
        count, token = children
        return {"token": token, "count": count} if count != 1 else {"token": token}

    def tokens_x(self, children: list[Any]) -> dict[str, Any]:
        return {"token": children[0], "count": "x"}

    def creature_token(self, children: list[Any]) -> dict[str, Any]:
        pt, colors, *rest = children
        withs = next((r for r in rest if isinstance(r, dict)), {})
        kind = next(r[1] for r in rest if isinstance(r, tuple))
        subs = [_untag(t) for t in rest if isinstance(t, Token)]
        power, toughness = (int(v) for v in str(pt).split("/"))
        name = " ".join(s.title() for s in subs) + " Token"  # 111.4
        token: dict[str, Any] = {"name": name, "types": kind, "subtypes": subs, "colors": colors,
                                 "power": power, "toughness": toughness}
        if withs:
            token["text"] = ", ".join(k.replace("_", " ").capitalize() if isinstance(k, str)
                                      else f"Protection from {k['protection']}" for k in withs["keywords"])
        return token

    def predefined_token(self, children: list[Any]) -> dict[str, Any]:
        sub = _untag(children[0])
        if sub not in PREDEFINED:
            raise Refused(f"a {sub} token without its characteristics")
        return _predefined(sub)

    def one_color(self, children: list[Any]) -> list[str]:
        return [children[0]]

    def two_colors(self, children: list[Any]) -> list[str]:
        return [children[0], children[1]]

    def no_color(self, children: list[Any]) -> list[str]:
        return []

    def with_keywords(self, children: list[Any]) -> dict[str, Any]:
        return {"keywords": children[0]}

    # -- counters, sacrifice ----------------------------------------------------------
    def pt_counters(self, children: list[Any]) -> dict[str, Any]:
        n, pt = children[0], str(children[1])
        if "x" in pt:
            raise Refused("+X/+X counters")
        return {"kind": pt, "amount": n} if n != 1 else {"kind": pt}

    def x_pt_counters(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": str(children[0]), "amount": "x"}

    def kind_counters(self, children: list[Any]) -> dict[str, Any]:
        n, kind = children[0], str(children[1])
        return {"kind": kind, "amount": n} if n != 1 else {"kind": kind}

    def sacrifice_self(self, children: list[Any]) -> dict[str, Any]:
        return {"what": "source"}

    def sacrifice_one(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[1]
        return {"filter": _desc_filter(kinds, filt)}

    def sacrifice_another(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return {"filter": {**_desc_filter(kinds, filt), "other": True}}

    def sacrifice_many(self, children: list[Any]) -> dict[str, Any]:
        n, (kinds, filt) = children
        return {"filter": _desc_filter(kinds, filt), "count": n}

    # -- objects ----------------------------------------------------------------------
    def source(self, children: list[Any]) -> str:
        return "source"

    def it(self, children: list[Any]) -> dict[str, Any]:
        return {"it": "object"}

    def attached(self, children: list[Any]) -> str:
        return "attached"

    def target_one(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return self._target(_spec(kinds, filt))

    def target_n(self, children: list[Any]) -> dict[str, Any]:
        n, (kinds, filt) = children
        return self._target({**_spec(kinds, filt), "count": n})

    def target_up_to(self, children: list[Any]) -> dict[str, Any]:
        n, (kinds, filt) = children
        return self._target({**_spec(kinds, filt), "count": n, "up_to": True})

    def another_target(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return self._target({**_spec(kinds, filt), "another": True})

    def each(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return {"each": _desc_filter(kinds, filt)}

    def each_other(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return {"each": _desc_filter(kinds, filt), "other": True}

    def desc(self, children: list[Any]) -> tuple[list[str], dict[str, Any]]:
        """(kinds, filter): the card types the noun names and the filter its words make."""
        kinds: list[str] | None = None
        parts: list[dict[str, Any]] = []
        for child in children:
            if isinstance(child, tuple) and child[0] == "noun":  # ("noun", kinds, filter)
                kinds, noun_filter = child[1], child[2]
                parts.append(noun_filter)
            else:
                parts.append(child)
        if kinds is None:
            raise Refused("no noun")
        return kinds, _merge(*parts)

    plural_desc = desc

    # nouns: ("noun", kinds, filter)
    def noun_type(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", [children[0]], {})

    def noun_types(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", list(children), {})

    def noun_permanent(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", ["permanent"], {})

    def noun_subtype(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", ["permanent"], {"subtypes": [_untag(children[0])]})

    def plural_subtype(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", ["permanent"], {"subtypes": [_untag(children[0])]})

    def plural_token(self, children: list[Any]) -> tuple[str, list[str], dict[str, Any]]:
        return ("noun", ["permanent"], {"token": True})

    def card_type(self, children: list[Any]) -> str:
        return str(children[0])

    spell_type = card_type
    color_word = card_type
    supertype_word = card_type

    def color(self, children: list[Any]) -> dict[str, Any]:
        return {"colors": [children[0]]}

    def colors_or(self, children: list[Any]) -> dict[str, Any]:
        return {"colors": [children[0], children[1]]}

    def noncolor(self, children: list[Any]) -> dict[str, Any]:
        return {"not_colors": [_untag(children[0])]}

    def nontype(self, children: list[Any]) -> dict[str, Any]:
        return {"not_types": [_untag(children[0])]}

    def nonsubtype(self, children: list[Any]) -> dict[str, Any]:
        return {"not_subtypes": [_untag(children[0])]}

    def supertype(self, children: list[Any]) -> dict[str, Any]:
        return {"supertypes": [children[0]]}

    def type_adj(self, children: list[Any]) -> dict[str, Any]:
        return {"types": [children[0]]}

    def subtype_adj(self, children: list[Any]) -> dict[str, Any]:
        return {"subtypes": [_untag(children[0])]}

    def with_keyword(self, children: list[Any]) -> dict[str, Any]:
        return {"keywords": [_untag(children[0]).replace(" ", "_")]}

    def without_keyword(self, children: list[Any]) -> dict[str, Any]:
        return {"not_keywords": [_untag(children[0]).replace(" ", "_")]}

    def power_at_least(self, children: list[Any]) -> dict[str, Any]:
        return {"power_at_least": children[0]}

    def power_at_most(self, children: list[Any]) -> dict[str, Any]:
        return {"power_at_most": children[0]}

    def toughness_at_least(self, children: list[Any]) -> dict[str, Any]:
        return {"toughness_at_least": children[0]}

    def toughness_at_most(self, children: list[Any]) -> dict[str, Any]:
        return {"toughness_at_most": children[0]}

    # -- spells and cards -------------------------------------------------------------
    def target_spell(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["spell"], "zone": "stack", **({"filter": children[0]} if children[0] else {})})

    def target_any_spell(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["spell"], "zone": "stack"})

    def target_ability(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["ability"], "zone": "stack"})

    def spell_adjs(self, children: list[Any]) -> dict[str, Any]:
        return _merge(*children)

    def spell_types(self, children: list[Any]) -> dict[str, Any]:
        if len(children) == 1:
            return {"types": [children[0]]}
        return {"any_of": [{"types": [t]} for t in children]}

    def target_card(self, children: list[Any]) -> dict[str, Any]:
        spec: dict[str, Any] = {"kinds": ["card"], "zone": "graveyard"}
        if children and children[0]:
            spec["filter"] = children[0]
        return self._target(spec)

    def target_cards_up_to(self, children: list[Any]) -> dict[str, Any]:
        n, filt = children
        spec: dict[str, Any] = {"kinds": ["card"], "zone": "graveyard", "count": n, "up_to": True}
        if filt:
            spec["filter"] = filt
        return self._target(spec)

    card_adjs = spell_adjs

    def card_types_or(self, children: list[Any]) -> dict[str, Any]:
        return {"any_of": [{"types": [t]} for t in children]}

    def your_graveyard(self, children: list[Any]) -> str:
        return "your"

    def a_graveyard(self, children: list[Any]) -> str:
        return "a"

    # -- players ----------------------------------------------------------------------
    def target_player(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["player"]})

    def target_opponent(self, children: list[Any]) -> dict[str, Any]:
        return self._target({"kinds": ["player"], "opponent": True})

    def that_player(self, children: list[Any]) -> dict[str, Any]:
        return {"it": "player"}

    def its_controller(self, children: list[Any]) -> dict[str, Any]:
        return {"controller_of": {"it": "object"}}

    def its_owner(self, children: list[Any]) -> dict[str, Any]:
        return {"owner_of": {"it": "object"}}

    # -- amounts ----------------------------------------------------------------------
    def number(self, children: list[Any]) -> int:
        word = str(children[0])
        return number(word) if word not in ("a", "an") else 1

    def article(self, children: list[Any]) -> str:
        return str(children[0])

    def cards(self, children: list[Any]) -> Any:
        return children[0]

    def count(self, children: list[Any]) -> dict[str, Any]:
        return {"count": children[0]}

    def count_permanents(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return {"permanents": _desc_filter(kinds, filt)}

    def source_power(self, children: list[Any]) -> dict[str, Any]:
        return {"power_of": "source"}

    def its_power(self, children: list[Any]) -> dict[str, Any]:
        return {"power_of": {"it": "object"}}

    def its_toughness(self, children: list[Any]) -> dict[str, Any]:
        return {"toughness_of": {"it": "object"}}

    # -- conditions -------------------------------------------------------------------
    def you_control_a(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[1]
        return {"controls": _desc_filter(kinds, filt)}

    def you_control_another(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[0]
        return {"controls": {**_desc_filter(kinds, filt), "other": True}}

    def you_control_n(self, children: list[Any]) -> dict[str, Any]:
        n, (kinds, filt) = children
        return {"controls": _desc_filter(kinds, filt), "at_least": n}

    def opponent_controls_a(self, children: list[Any]) -> dict[str, Any]:
        kinds, filt = children[1]
        return {"opponent_controls": _desc_filter(kinds, filt)}

    def life_at_most(self, children: list[Any]) -> dict[str, Any]:
        return {"life_at_most": children[0]}

    # -- modes ------------------------------------------------------------------------
    def choose_n(self, children: list[Any]) -> dict[str, Any]:
        return {"choose": children[0]} if children[0] != 1 else {}

    def choose_up_to(self, children: list[Any]) -> dict[str, Any]:
        return {"choose": children[0], "up_to": True}

    # -- trigger conditions -----------------------------------------------------------
    def when(self, children: list[Any]) -> str:
        return str(children[0])

    def self_trigger(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": children[1]}

    def group_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, (subject, other), event = children
        if event == "enters_yours":
            subject = {**subject, "controller": "you"}
            event = "enters"
        out: dict[str, Any] = {"kind": event, "subject": subject}
        if other:
            out["other"] = True
        return out

    def a_group(self, children: list[Any]) -> tuple[dict[str, Any], bool]:
        kinds, filt = children[1]
        return _desc_filter(kinds, filt), False

    def another_group(self, children: list[Any]) -> tuple[dict[str, Any], bool]:
        kinds, filt = children[0]
        return _desc_filter(kinds, filt), True

    def attached_trigger(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": children[2], "subject": {"attached": True}}

    def you_cast(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": "cast", "subject": children[1]}

    def player_casts(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": "cast", "subject": children[1], "whose": "each"}

    def opponent_casts(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": "cast", "subject": children[1], "whose": "opponent"}

    def cast_self(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": "cast"}

    def cast_desc(self, children: list[Any]) -> dict[str, Any]:
        return children[1]

    def step_trigger(self, children: list[Any]) -> dict[str, Any]:
        return children[0]


#: The field naming who does an effect, by effect kind.
_PLAYER_FIELD = {"draw": "who", "discard": "who", "mill": "who", "gain_life": "who", "lose_life": "who",
                 "sacrifice": "who", "scry": "who", "surveil": "who", "gain_control": "who",
                 "create_tokens": "controller"}


def _effects(found: Any) -> list[Any]:
    """A clause's effects as a list (a clause compiles to one effect or to several)."""
    return list(found) if isinstance(found, list) else [found]


def _spec(kinds: list[str], filt: dict[str, Any]) -> dict[str, Any]:
    """A target slot for permanents of ``kinds`` matching ``filt`` (115.1)."""
    out: dict[str, Any] = {"kinds": sorted(kinds)}
    if filt:
        out["filter"] = filt
    return out


def _predefined(sub: str) -> dict[str, Any]:
    """A predefined token (111.10) as a token mapping: a colorless artifact of that subtype."""
    return {"name": f"{sub.title()} Token", "types": ["artifact"], "subtypes": [sub], "colors": [],
            "text": PREDEFINED[sub]}


def _mana_text(token: Any) -> str:
    return str(token).upper()




