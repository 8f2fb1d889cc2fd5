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

from lark import Lark, Token
from lark.exceptions import LarkError, VisitError

from mtgsolver.model.keywords import COMBAT_KEYWORDS
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.readings import parse_tables
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import COLORS, normalise, number, plural_subtypes

__all__ = [
    "Links", "Refused", "ability_effects", "about_mana", "condition", "effect_text", "is_modal",
    "keyword_cost", "link", "modal_effects", "normal", "sentence", "sentences", "tag", "trigger", "unquoted_split"
]

_HERE = Path(__file__).parent

#: Keywords an effect grants or a filter names (702): one word each once tagged ("kw:first_strike").
GRANTABLE: frozenset[str] = COMBAT_KEYWORDS | frozenset(
    "hexproof indestructible shroud infect wither prowess persist undying changeling flash decayed banding exalted "
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


#: Words of a line about making or spending mana (106, 605): "add {G}", "tapped for mana",
#: "becomes tapped", "spend", "spent". Such a line bears on payments and is left to the ``mana``
#: family or unread (its relevance is judged on its words, mtgsolver.solver.relevance).
_MANA_WORDS = re.compile(r"\badds?\b[^.]*(?:\{[wubrgcsx0-9]|\bmana\b)|\bfor mana\b|\bbecomes? tapped\b|"
                         r"\bis tapped\b|\bspend\b|\bspent\b|\bmana pool\b", re.I)


def about_mana(line: str) -> bool:
    """Whether a line is about making or spending mana (see :data:`_MANA_WORDS`)."""
    return bool(_MANA_WORDS.search(re.sub(r"\s*\([^)]*\)", "", line)))


def keyword_cost(line: str) -> None:
    """Refuse a line that opens with a keyword and a dash ("Boast — {1}{R}: ...", "Forecast — ..."):
    the keyword's rule adds restrictions the words don't say (702.142, 702.57), where an ability
    word (207.2c, "Landfall — ") adds none.

    :raises Refused: such a line."""
    from mtgsolver.model.errors import VocabularyError
    from mtgsolver.model.keywords import canonical_keyword

    m = re.match(r"^([A-Z][A-Za-z' ]*) — ", line.strip())
    if m is None:
        return
    try:
        canonical_keyword(m.group(1))
    except VocabularyError:
        return
    raise Refused(f"{m.group(1)}: a keyword whose rule restricts the ability")


class Refused(ValueError):
    """A parse whose meaning the effect language can't hold exactly: the line stays unread."""


# --------------------------------------------------------------------------- normal form and tags
_SELF_NOUNS = re.compile(r"\bthis (?:creature|artifact|enchantment|land|permanent|equipment|aura|vehicle)\b")
_TOKEN = re.compile(r'q:\d+|&and|[+-][0-9x]+/[+-][0-9x]+|[0-9]+/[0-9]+|(?:\{[^}]+\})+|[a-z0-9_~\'-]+|[,.:—•]')


def normal(text: str, name: str) -> str:
    """The normal form of :func:`mtgsolver.read.grammar.text.normalise`, with "this creature"
    (and the like) written "~" as the card's name is (201.5)."""
    low = normalise(text.replace("’", "'").replace("−", "-"), name)
    return _SELF_NOUNS.sub("~", low)


@functools.lru_cache(maxsize=1)
def _keyword_phrases() -> dict[tuple[str, ...], str]:
    out = {tuple(k.split("_")): k for k in GRANTABLE}
    out.update({("protection", "from", c): f"protection_from_{c}" for c in COLORS})
    return out


#: Card type and color words that make lists ("artifact, creature, or enchantment", 205.2a).
_LIST_WORDS = ("artifact creature enchantment land planeswalker battle instant sorcery permanent "
               "artifacts creatures enchantments lands planeswalkers permanents white blue black red green").split()
_LIST = re.compile(r"\b({w})((?:, (?:{w}))*),? (or|and/or) ({w})\b".format(w="|".join(_LIST_WORDS)))


@functools.lru_cache(maxsize=1)
def _subtype_list() -> re.Pattern[str]:
    """A list of card types and one-word subtypes "A, B, or C" ("an instant, sorcery, or Wizard
    spell"), at least one a subtype: each of them (205.3)."""
    words = sorted((w for w in [*_LIST_WORDS, *subtypes()] if " " not in w and "'" not in w), key=len, reverse=True)
    w = "|".join(re.escape(x) for x in words)
    return re.compile(rf"\b({w}), ({w})((?:, (?:{w}))*),? or ({w})\b")
_PLURAL_LIST = re.compile(r"\b(artifacts|creatures|enchantments|lands|planeswalkers|battles)((?:, (?:artifacts|"
                          r"creatures|enchantments|lands|planeswalkers|battles))+),? and (artifacts|creatures|"
                          r"enchantments|lands|planeswalkers|battles)\b")
_PLURAL_AND = re.compile(r"\b(artifacts|creatures|enchantments|lands|planeswalkers|instant|sorcery) and "
                         r"(artifacts|creatures|enchantments|lands|planeswalkers|instant|sorcery)\b")
_NUMBERS = "a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\\d+"
_AND_DAMAGE = re.compile(rf"\band ({_NUMBERS}) damage to\b")


def tag(low: str) -> tuple[str, tuple[str, ...]]:
    """Tag a normal-form sentence for ``actions.lark``: quoted text as ``q:N`` (the texts are
    returned, in order); a keyword list as one word (``kw:flying+haste``, protection from a color
    ``protection_from_red``, 702.16); subtypes, "non"-words; lists of card types or colors with
    "or"; "&and" between two plural nouns ("artifacts and enchantments", each of them, 611.3a)
    and "and_damage" before a second amount of damage.

    >>> tag('target creature gains first strike and "{t}: add {g}." until end of turn.')
    ('target creature gains kw:first_strike &and q:0 until end of turn .', ('{t}: add {g}.',))
    >>> tag("destroy target artifact, creature, or enchantment. ~ deals 2 damage to it and 1 damage to you.")[0]
    'destroy target artifact or creature or enchantment . ~ deals 2 damage to it and_damage 1 damage to you .'
    """
    quotes: list[str] = []

    def quote(m: re.Match[str]) -> str:
        quotes.append(m.group(1))
        return f" q:{len(quotes) - 1} "

    low = re.sub(r'"([^"]*)"', quote, low)
    low = re.sub(r"protection from (\w+) and from (\w+)", r"protection from \1 and protection from \2", low)
    low = _LIST.sub(lambda m: " or ".join([m.group(1), *re.findall(r"\w+", m.group(2)), m.group(4)]), low)
    low = _subtype_list().sub(lambda m: " or ".join([m.group(1), m.group(2), *re.findall(r"[\w-]+", m.group(3)),
                                                      m.group(4)]), low)
    low = _PLURAL_LIST.sub(lambda m: " &and ".join([m.group(1), *re.findall(r"\w+", m.group(2)), m.group(3)]), low)
    low = _PLURAL_AND.sub(r"\1 &and \2", low)
    low = _AND_DAMAGE.sub(r"and_damage \1 damage to", low)
    low = re.sub(r"\b(attacks|attack|blocks|block|be blocked|blocked) this turn if able\b", r"\1 if able this turn", low)
    low = re.sub(r"\byou control (don't|doesn't) untap during your next untap step\b",
                 r"you control \1 untap during their controller's next untap step", low)  # 502.3: theirs is yours
    low = re.sub(r"\bspell, activated ability, or triggered ability\b", "spell or ability", low)
    low = re.sub(r"\bactivated or triggered abilit(y|ies)\b", r"abilit\1", low)  # 113.3: those on the stack
    low = re.sub(r"\b(activated|triggered) ability\b", r"\1_ability", low)
    low = re.sub(r"^(destroy|return) (target [^.,]*?) and (?=target [^.,]*?(?: to their owners' hands)?\.$)",
                 r"\1 \2 and_target ", low)
    low = low.replace(" at random", " at_random").replace(", where x is ", " where_x_is ").replace(
        " until end of turn for each ", " until_end_of_turn_for_each ")
    low = re.sub(r"\b(each [a-z ]+?) and each (?=(?:other )?(?:player|opponent|planeswalker|creature)s?"
                 r"(?: you control| your opponents control)?(?: ?[.,]|$))", r"\1 and_each ", low)
    low = re.sub(r"\b(non[a-z-]+), (?=non[a-z-]+ )", r"\1 ", low)
    low = re.sub(r"\bon the battlefield\b", "on_the_battlefield", low).replace("basic land type", "basic_land_type")
    low = re.sub(r"\bthat (much|many)\b", "that_much", low)
    # 608.2c: "for each Aura and Equipment attached to ~, create ..." as "create ... for each ..." (Valduk)
    low = re.sub(r"^for each (aura and equipment|aura|equipment) attached to ~, (create (?:(?!for each)[^,.])*)\.$",
                 r"\2 for each \1 attached to ~.", low).replace("aura and equipment attached to ~",
                                                                   "aura_and_equipment attached to ~")
    low = re.sub(r", except (.*)(?=\.$)", lambda m: " except_ " + re.sub(r",(?: and)? ", " &and ", m.group(1)), low)  # 707.9
    words = _TOKEN.findall(low)
    phrases = _keyword_phrases()
    out: list[str] = []
    i = 0
    while i < len(words):
        found = _keyword_at(words, i, phrases)
        if found is not None:
            names, i = found
            out.append("kw:" + "+".join(names))
            continue
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
    return re.sub(r"(kw:[a-z_+]+) and (q:\d+)", r"\1 &and \2", " ".join(out)), tuple(quotes)


def _keyword_at(words: list[str], i: int, phrases: dict[tuple[str, ...], str]) -> tuple[list[str], int] | None:
    """The keywords of a list starting at ``words[i]`` ("flying, first strike, and haste") and
    the index after it, or ``None``."""
    names: list[str] = []
    j = i
    while True:
        for n in (3, 2, 1):
            key = tuple(words[j:j + n])
            if len(key) == n and key in phrases:
                names.append(phrases[key])
                j += n
                break
        else:
            break
        sep = words[j:j + 2]
        if sep[:1] == ["and"] or sep[:1] == [","] and sep[1:] != ["and"]:
            step = 1
        elif sep == [",", "and"]:
            step = 2
        else:
            return names, j
        if _keyword_at_one(words, j + step, phrases):
            j += step
        else:
            return names, j
    return (names, j) if names else None


def _keyword_at_one(words: list[str], i: int, phrases: dict[tuple[str, ...], str]) -> bool:
    return any(tuple(words[i:i + n]) in phrases for n in (3, 2, 1) if len(words[i:i + n]) == n)


# --------------------------------------------------------------------------- parsing
@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "actions.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                start=["sentence", "trigger", "condition", "choose"], cache=parse_tables("actions"))


def _parse(text: str, start: str, quotes: tuple[str, ...] = ()) -> Any:
    """The compilation of ``text`` (tagged, its quoted texts ``quotes``) from the rule ``start``;
    :class:`Refused` when the grammar doesn't cover it whole or its meaning can't be held."""
    try:
        return _Compile(quotes).transform(_parser().parse(text, start=start))
    except VisitError as exc:
        if isinstance(exc.orig_exc, Refused):
            raise exc.orig_exc from None
        raise
    except LarkError as exc:
        raise Refused(f"not read: {text}") from exc


@functools.lru_cache(maxsize=8192)
def _sentence(tagged: str, quotes: tuple[str, ...]) -> tuple[Any, ...] | str:
    try:
        return tuple(_parse(tagged, "sentence", quotes))
    except Refused as exc:
        return str(exc)


def sentence(low: str) -> list[Any]:
    """The effects of one sentence in normal form (ending with its period), placeholders
    unresolved; a fresh copy each time.

    :raises Refused: the grammar doesn't read it whole, or its meaning can't be held.
    """
    if low.startswith("then "):  # "Then ...": the next instruction (608.2c: in order anyway)
        low = low[len("then "):]
    tagged, quotes = tag(low)
    if re.search(r"q:\d+$", tagged):
        tagged += " ."  # the sentence's period is the quoted text's ('... with "...: draw a card."')
    found = _sentence(tagged, quotes)
    if isinstance(found, str):
        raise Refused(found)
    return _fresh(copy.deepcopy(list(found)), {})


_IDS = itertools.count()


def _fresh(value: Any, seen: dict[int, int]) -> Any:
    """``value`` with each target's ``id`` (one per "target" word of the sentence, numbered in
    text order, 115.3) replaced by one unique in this process, in the same order, so that
    :func:`link` gives every word its slot in text order (601.2c)."""
    if not seen:
        seen.update((i, next(_IDS)) for i in sorted({s["id"] for s in _target_specs(value)}))
    if isinstance(value, dict):
        out = {k: _fresh(v, seen) for k, v in value.items()}
        if "id" in out and "kinds" in out:
            out["id"] = seen[out["id"]]
        return out
    if isinstance(value, list):
        return [_fresh(v, seen) for v in value]
    return value


def _target_specs(value: Any, structures: bool = True) -> list[dict[str, Any]]:
    """The unlinked target specs (``{"kinds": ..., "id": ...}``) in ``value``; with
    ``structures`` false, not those inside the branches of an option, attempt, condition, delay
    or modes (linked branch by branch)."""
    if isinstance(value, dict):
        if "id" in value and "kinds" in value:
            return [value]
        if not structures and set(value) & {"optional", "conditional", "delayed", "attempt", "modal"}:
            return []
        return [s for v in value.values() for s in _target_specs(v, structures)]
    if isinstance(value, list):
        return [s for v in value for s in _target_specs(v, structures)]
    return []


def sentences(low: str) -> list[str]:
    """``low`` cut into sentences at each period followed by a blank, outside quotes or closing
    them ('gains "... ." Draw a card.')."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(low):
        end = i + 1 == len(low) or low[i + 1] == " "
        if ch == '"':
            quoted = not quoted
            if not quoted and low[i - 1] == "." and end:  # a quoted ability's period ends the sentence too
                out.append(low[start:i + 1].strip())
                start = i + 1
        elif ch == "." and not quoted and end:
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


def effect_text(low: str) -> list[str]:
    """The sentences of an effect, each ending with its period.

    :raises Refused: a sentence without one."""
    out = sentences(low)
    if not out or not all(s.endswith((".", '."')) for s in out):
        raise Refused("a sentence without a period")
    return out


#: Where a spell countered by the effect before goes instead of its owner's graveyard (614.1a).
_COUNTERED_INSTEAD = {
    "if that spell is countered this way, exile it instead of putting it into its owner's graveyard.": "exile",
    "if that spell is countered this way, put it on top of its owner's library instead of into that player's "
    "graveyard.": "library_top"}

#: Sentences that change the one before them: "It can't be regenerated." (701.19c)
_NO_REGENERATION = ("it can't be regenerated.", "they can't be regenerated.")
#: A sentence of two targets of one verb, and the words that refer back after one (refused).
_BOTH = re.compile(r"^(?:destroy|return) target [^.,]*? and target ")
_PRONOUN = re.compile(r"\b(?:it|its|they|them|their|those|that)\b")
#: "You may choose new targets for the copy." after a copy (707.10c)
_NEW_TARGETS = ("you may choose new targets for the copy.", "you may choose new targets for the copies.")


def ability_effects(texts: Iterable[str], links: "Links") -> list[Any]:
    """The linked effects of an ability's effect sentences (normal form); the target specs
    go to ``links.slots``.

    Besides the sentences of ``actions.lark``: "If you do, ..." after a "you may" sentence is
    what happens when the player did (608.2c), "It can't be regenerated." sets the destruction
    before it (701.19c) and "You may choose new targets for the copy." the copy (707.10c).

    :raises Refused: a sentence not read, or a reference with no antecedent.
    """
    effects: list[Any] = []
    start = 0  # where the effects of the sentence before begin
    both = False  # whether a sentence before had two targets of one verb ("destroy target A and target B")
    for text in _together(_still_land([_condition_first(t) for t in texts])):
        before, both = both, both or isinstance(text, str) and bool(_BOTH.match(text))
        if isinstance(text, list):  # sentences read together
            start = len(effects)
            effects.extend(text)
            continue
        if text in _COUNTERED_INSTEAD:
            last = effects[-1] if effects else None
            what = last["counter_spell"]["what"] if isinstance(last, dict) and "counter_spell" in last else None
            if not (_stack_target(what) and what["target"]["kinds"] == ["spell"] and "instead" not in last["counter_spell"]):
                raise Refused("'countered this way' after no spell countered")
            last["counter_spell"]["instead"] = _COUNTERED_INSTEAD[text]
            continue
        if text in _NO_REGENERATION:
            last = effects[start:] if before and text.startswith("they") else effects[-1:]
            if not last or not all(isinstance(e, dict) and "destroy" in e for e in last) or before and len(last) < 2:
                raise Refused("'can't be regenerated' after no destruction, or 'it' after two")
            for e in last:
                e["destroy"]["no_regeneration"] = True
            continue
        if before and _PRONOUN.search(text):
            raise Refused("a pronoun after two targets of one verb")
        if text in _NEW_TARGETS:
            last = effects[-1] if effects else None
            if not (isinstance(last, dict) and "copy_spell" in last):
                raise Refused("new targets after no copy")
            last["copy_spell"]["new_targets"] = True
            continue
        if text in _EXILE_IF_DIES:
            effects.extend(_exile_if_dies(effects[start:], _EXILE_IF_DIES[text]))
            continue
        instead = _instead(text, effects[start:], links.kind)
        if instead is not None:
            effects.append(instead)
            continue
        for opening, key in (("if you do, ", "then"), ("if you don't, ", "otherwise"), ("otherwise, ", "otherwise"),
                             ("if you can't, ", "cant")):
            if text.startswith(opening):
                effects[-1:] = [_after(effects[-1] if effects else None, key, sentence(text[len(opening):]))]
                break
        else:
            start = len(effects)
            effects.extend(sentence(text))
    linked: list[Any] = []
    for effect in effects:
        if isinstance(effect, _Instead):
            linked[-effect.replaces:] = [effect.link(links, linked[-effect.replaces:])]
        else:
            linked.append(links.effect(effect))
    return linked


def _target_words(value: Any) -> bool:
    """Whether unlinked effects name a target word of their own ("target creature")."""
    if isinstance(value, dict):
        return set(value) == {"target"} and isinstance(value["target"], dict) or any(
            _target_words(v) for v in value.values())
    return isinstance(value, list) and any(_target_words(v) for v in value)


class _Instead:
    """"If [condition], [effect] instead." (608.2c, 614.1a): ``effects`` replace the effects of
    the sentence before (the last ``replaces``) when the condition holds as the ability resolves."""

    def __init__(self, condition: Any, effects: list[Any], replaces: int) -> None:
        self.condition, self.effects, self.replaces = condition, effects, replaces

    def link(self, links: "Links", before: list[Any]) -> dict[str, Any]:
        """The :class:`Conditional` of the effects (linked after those they replace, whose words
        "that creature" and "it" name) with the replaced ones as ``otherwise``; "it" after it
        names what both name, or nothing."""
        named = links.object
        effects = [links.effect(e) for e in self.effects]
        if links.object != named:
            links.object = links.that = None
        fields: dict[str, Any] = {"condition": [] if self.condition == "kicked" else [self.condition],
                                  "effects": effects, "otherwise": before}
        if self.condition == "kicked":
            fields["kicked"] = True
        return {"conditional": fields}


_INSTEAD = re.compile(r"^if (.+), (.+) instead\.$")
#: The condition after the effect: "[effect] instead if [condition]."
_INSTEAD_IF = re.compile(r"^([^,]+) instead if ([^,]+)\.$")
_DAMAGE_INSTEAD = re.compile(r"^(?:it|~) deals (a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) damage$")


def _instead(text: str, before: list[Any], kind: str) -> "_Instead | None":
    """The :class:`_Instead` of an "if ..., ... instead." sentence, or ``None`` for another
    sentence. "It deals 4 damage instead" (the spell, of the damage before) keeps the damage's
    recipient.

    :raises Refused: the sentence before is not one to replace, or the words are not read."""
    if (late := _INSTEAD_IF.match(text)) is not None and not text.startswith("if "):
        text = f"if {late.group(2)}, {late.group(1)} instead."  # "~ deals 5 damage instead if ..." (608.2c)
    m = _INSTEAD.match(text)
    if m is None:
        return None
    words = m.group(0)[3:-len(" instead.")]
    for cut in [i for i, ch in enumerate(words) if ch == ","]:
        try:
            cond = condition(words[:cut].strip())[0]
        except Refused:
            continue
        rest = words[cut + 1:].strip()
        break
    else:
        raise Refused("an 'instead' condition not read")
    if cond == "kicked" and kind != "spell":
        raise Refused("'kicked' in an ability's 'instead'")
    if not before or any(isinstance(e, _Instead) for e in before):
        raise Refused("'instead' after nothing to replace")
    damage = _DAMAGE_INSTEAD.match(rest)
    if rest.startswith(("it deals ", "~ deals ")):  # "it": what dealt the damage before, the source
        if len(before) != 1 or "damage" not in before[0] or "source" in before[0]["damage"]:
            raise Refused("'it deals ... instead' after no damage of the source")
        rest = "~" + rest[2:] if rest.startswith("it ") else rest
    if damage is not None:
        effects = [{"damage": {**copy.deepcopy(before[0]["damage"]), "amount": _amount_word(damage.group(1))}}]
    else:
        effects = sentence(rest + ".")
        if _target_words(effects):
            raise Refused("targets named only in an 'instead' effect")  # chosen or not as cast (601.2c): unsaid
    return _Instead(cond, effects, len(before))


def _after(last: Any, key: str, effects: list[Any]) -> dict[str, Any]:
    """The effect before with what follows it "if you do" (``then``) or "if you don't" /
    "otherwise" (``otherwise``, 608.2c): an :class:`Optional`'s, or an :class:`Attempt` made of a
    single effect that may be impossible; "if you can't" (``cant``) only after an instruction
    that may be impossible ("Pay {E}{E}. If you can't, ...": paid whenever it can be, 118.3), not
    a mana payment (whether one can pay mana hangs on mana abilities one may decline to activate)."""
    if last is None:
        raise Refused(f"'{key}' after nothing")
    if key == "cant":
        if next(iter(last)) not in _ATTEMPTS or "mana" in last.get("pay", {}):
            raise Refused("'if you can't' after an effect that always happens, a choice or a mana payment")
        return {"attempt": {"effects": [last], "otherwise": effects}}
    if "optional" in last:
        fields = last["optional"]
        if key in fields or key == "then" and "otherwise" in fields:
            raise Refused(f"two '{key}' sentences")
        return {"optional": {**fields, key: effects}}
    if "attempt" in last:
        if key in last["attempt"] or key == "then":
            raise Refused(f"two '{key}' sentences")
        return {"attempt": {**last["attempt"], key: effects}}
    if key == "then" and next(iter(last)) in _ATTEMPTS:
        return {"attempt": {"effects": [last], "then": effects}}
    raise Refused(f"'{key}' after an effect that always happens")


#: "... would die this turn, exile it instead" (614.1a): what it is about, "that creature" (the
#: one target of the damage before) or the recipients of the damage before of a kind.
_EXILE_IF_DIES = {"if that creature would die this turn, exile it instead.": ("that", {"creature"}),
                  "if that creature or planeswalker would die this turn, exile it instead.":
                      ("that", {"creature", "planeswalker"}),
                  "if a creature dealt damage this way would die this turn, exile it instead.": ("dealt", {"creature"}),
                  "if a permanent dealt damage this way would die this turn, exile it instead.": ("dealt", None)}


def _exile_if_dies(before: list[Any], which: tuple[str, set[str] | None]) -> list[dict[str, Any]]:
    """The replacements on what the damage of the sentence before was dealt to: "that creature"
    (its one target, of exactly the kinds named); "a creature dealt damage this way" (each
    recipient of each damage, only creatures or players, who can't die) and "a permanent dealt
    damage this way" (any recipient)."""
    what, kinds = which
    damages = [e["damage"]["to"] for e in before if isinstance(e, dict) and "damage" in e]
    if not damages or len(damages) != len(before):
        raise Refused("'exile it instead' after no damage")
    if what == "that":
        to = damages[0]
        if len(damages) != 1 or not (isinstance(to, dict) and "target" in to and set(to["target"]["kinds"]) == kinds):
            raise Refused("'that creature' after damage to no target of those kinds")
        return [{"exile_if_dies": {"what": copy.deepcopy(to)}}]
    out = []
    for to in damages:
        if kinds is not None and not _creatures_or_players(to):
            raise Refused("'a creature dealt damage' after damage to other permanents")
        if not (isinstance(to, dict) and "players" in to):
            out.append({"exile_if_dies": {"what": copy.deepcopy(to), "dealt_damage": True}})
    return out


def _creatures_or_players(to: Any) -> bool:
    """Whether damage dealt to ``to`` can only be dealt to creatures or players (a group's
    ``any_of`` narrows its types, never widens them)."""
    if not isinstance(to, dict):
        return False
    if "target" in to:
        return set(to["target"]["kinds"]) <= {"creature", "player"} and not set(to["target"]) - {"kinds", "id", "filter"}
    if "each" in to:
        return to["each"].get("types") == ["creature"]
    return "players" in to


#: Effects that name no object, so "it" after them is what it was before ("You may pay {1}. If
#: you do, it gets +2/+0"); any other effect without an object of :data:`_OBJECT_FIELDS` (a token
#: created, a card drawn or milled, a creature sacrificed) leaves "it" with no antecedent.
_NAMES_NOTHING = ("pay", "gain_life", "lose_life", "add_mana", "extra_turn", "prevent_damage")

#: Effects that may be impossible, so that "If you do" asks whether they happened (608.2c).
_ATTEMPTS = ("sacrifice", "remove_counters", "exile", "discard", "pay", "return_from_graveyard")


#: Sentences read together (one effect of one or several sentences), with their effect.
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"
#: 401.4: the top cards looked at or revealed, some taken (how many, which, whether they may be
#: left) into the hand or graveyard, the rest put somewhere, in one sentence or two.
_DIG_N = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"
_DIG = (rf"^(?P<how>look at|reveal) the top (?P<count>{_DIG_N}) cards of your library\. (?:"
        rf"put (?P<n1>(?:up to )?{_DIG_N}) of (?:them|those cards) into your (?P<to>hand|graveyard)"
        rf"|(?P<may2>you may )?put (?P<n2>(?:up to )?{_DIG_N}|any number of) (?P<w2>[a-z:, /-]*?)cards? from among "
        r"them into your hand"
        rf"|you may reveal (?P<n3>(?:up to )?{_DIG_N}|any number of) (?P<w3>[a-z:, /-]*?)cards? from among them and put "
        r"(?:it|them|the revealed cards) into your hand"
        r"|put (?P<all>all) (?P<w4>[a-z:, /-]*?)cards revealed this way into your hand)"
        r"(?: and|\. put|\. then put) the (?:rest|other)(?: of the revealed cards)? (?P<rest>on the bottom of your "
        r"library in any order|on the bottom of your library in a random order|on the bottom of your library|into your "
        r"graveyard|on top of your library in any order)\.$")
_TOGETHER: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), kind) for p, kind in (
    # 701.20, 701.9b
    (r"^(target opponent|target player|each opponent) reveals their hand\. you choose (a|an|two) ([a-z:, -]*?)"
     r"(?:card|cards) from it( with mana value \d+ or (?:less|greater))?\. (?:that player|they) discards? "
     r"(?:that card|those cards)\.$", "reveal_discard"),
    # 701.22a, 701.25a: scry and surveil in their long words
    (r"^look at the top card of your library\. you may put (?:that card|it) on the bottom of your library\.$", "scry_one"),
    (r"^look at the top card of your library\. you may put (?:that card|it) into your graveyard\.$", "surveil_one"),
    (rf"^look at the top {_N} cards of your library, then put any number of them on the bottom of your library "
     r"and the rest on top in any order\.$", "scry"),
    (rf"^look at the top {_N} cards of your library(?:, then|\.) put any number of them into your graveyard and "
     r"the rest (?:back )?on top of your library in any order\.$", "surveil"),
    # 401.4: the top cards looked at and moved
    (rf"^look at the top {_N} cards of your library, then put them back in any order\.$", "rearrange"),
    (rf"^look at the top {_N} cards of your library\. put {_N} of them into your hand and the (?:rest|other) "
     r"(on the bottom of your library in any order|on the bottom of your library in a random order|"
     r"on the bottom of your library|into your graveyard)\.$", "dig"),
    (rf"^look at the top {_N} cards of your library\. you may reveal (?:a|an) ([a-z: -]*?)card from among them "
     r"and put it into your hand\. put the rest on the bottom of your library in (any|a random) order\.$", "dig_reveal"),
    (_DIG, "dig_any"),
))
_REST = {"on the bottom of your library in any order": {"rest": "bottom"},
         "on the bottom of your library": {"rest": "bottom"},
         "on the bottom of your library in a random order": {"rest": "bottom", "rest_random": True},
         "into your graveyard": {"rest": "graveyard"}}


#: An effect with its condition after it: "[effect] if [condition]." (608.2c).
_EFFECT_IF = re.compile(r"^([^,]+?) if ([^,]+)\.$")
_REFERS_BACK = re.compile(r"\b(?:it|its|they|them|their|that|those)\b(?!')")
#: A land made a creature until end of turn, the sentence before "It's still a land." (205.1b).
_ANIMATED = re.compile(r"\bcreature((?: with [^.]*?)?) until end of turn\.$")


def _condition_first(text: str) -> str:
    """"[Effect] if [condition]." as "If [condition], [effect]." (608.2c: the effect happens only
    if the condition holds as it resolves), when the words after "if" are a condition read that
    names no object of the effect ("counter target spell if it was kicked": the target's kicker)."""
    m = _EFFECT_IF.match(text)
    if m is None or " instead" in text or _REFERS_BACK.search(m.group(2)):
        return text
    try:
        condition(m.group(2))
    except Refused:
        return text
    return f"if {m.group(2)}, {m.group(1)}."


def _still_land(texts: list[str]) -> list[str]:
    """``texts`` with "It's still a land." read into the sentence before it that makes a land a
    creature until end of turn (205.1b: it keeps its card types and subtypes)."""
    out: list[str] = []
    for text in texts:
        if text == "it's still a land." and out and (m := _ANIMATED.search(out[-1])):
            out[-1] = f"{out[-1][:m.start()]}creature{m.group(1)} still_a_land until end of turn."
        else:
            out.append(text)
    return out


def _together(texts: list[str]) -> list[Any]:
    """``texts`` with each run of sentences that make one effect replaced by its effects."""
    out: list[Any] = []
    i = 0
    while i < len(texts):
        for n in (3, 2, 1):
            joined = " ".join(texts[i:i + n])
            found = next(((m, kind) for pattern, kind in _TOGETHER for m in [pattern.match(joined)] if m), None)
            if found is not None and len(texts[i:i + n]) == n:
                out.append([_read_together(*found)])
                i += n
                break
        else:
            out.append(texts[i])
            i += 1
    return out


def _amount_word(word: str) -> Any:
    return "x" if word == "x" else 1 if word in ("a", "an") else number(word)


def _card_words(words: str, post: str = "") -> dict[str, Any]:
    """The filter of a card described by ``words`` ("nonland", "creature or land") and ``post``
    (" with mana value 3 or less")."""
    words = words.strip()
    if not words and not post:
        return {}
    card = sentence(f"exile target {words} card{post or ''} from a graveyard.")[0]
    return card["exile"]["what"]["target"].get("filter", {})


def _read_together(m: re.Match[str], kind: str) -> dict[str, Any]:
    if kind == "reveal_discard":
        who = sentence(f"{m.group(1)} draws a card.")[0]["draw"]["who"]
        filt = _card_words(m.group(3), m.group(4))
        effect: dict[str, Any] = {"who": who, "chosen_by": "you", **({"filter": filt} if filt else {})}
        if m.group(2) == "two":
            effect["amount"] = 2
        return {"discard": effect}
    if kind in ("scry_one", "surveil_one"):
        return {kind.split("_")[0]: {"amount": 1}}
    if kind == "dig_any":
        return _dig(m)
    count = _amount_word(m.group(1))
    if kind in ("scry", "surveil"):
        return {kind: {"amount": count}}
    if kind == "rearrange":
        return {"look_at_top": {"count": count}}
    if kind == "dig":
        return {"look_at_top": {"count": count, "take": _amount_word(m.group(2)), **_REST[m.group(3)]}}
    filt = _card_words(m.group(2))
    return {"look_at_top": {"count": count, "take": 1, "up_to": True, "reveal": True, "rest": "bottom",
                            **({"filter": filt} if filt else {}), **({"rest_random": True} if m.group(3) != "any" else {})}}


def _dig(m: re.Match[str]) -> dict[str, Any]:
    """The :class:`~mtgsolver.model.effects.LookAtTop` mapping of a :data:`_DIG` match: "you may
    put", "you may reveal" and "up to" take up to that many, "any number of" up to all; "put a
    creature card from among them" takes one if there is one, "put all creature cards revealed
    this way" every one there is (401.4)."""
    n = m.group("n1") or m.group("n2") or m.group("n3") or m.group("all")
    up_to = n.startswith("up to ") or n == "any number of" or bool(m.group("may2")) or bool(m.group("n3"))
    count = _amount_word(m.group("count"))
    every = n in ("all", "any number of")  # all of those matching (or any number of them)
    take = count if every else _amount_word(n.removeprefix("up to "))
    if take == "x" or not every and count != "x" and take >= count:
        raise Refused("as many cards taken as looked at, or X of them")
    filt = _card_words(m.group("w2") or m.group("w3") or m.group("w4") or "")
    rest = {"on top of your library in any order": {}}.get(m.group("rest"), _REST.get(m.group("rest")))
    return {"look_at_top": {"count": count, "take": take, **({"up_to": True} if up_to else {}),
                            **({"filter": filt} if filt else {}), **({"to": "graveyard"} if m.group("to") == "graveyard" else {}),
                            **({"reveal": True} if m.group("how") == "reveal" or m.group("n3") else {}), **rest}}


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
_OBJECT_FIELDS = {"exile_if_dies": "what", "destroy": "what", "exile": "what", "bounce": "what", "tap": "what", "untap": "what",
                  "modify": "what", "put_counters": "what", "remove_counters": "what", "regenerate": "what",
                  "damage": "to", "gain_control": "what", "return_from_graveyard": "what", "counter_spell": "what",
                  "copy_spell": "what", "attach": "to", "put_in_library": "what"}


def link(effects: Iterable[Any], kind: str) -> tuple[list[Any], list[dict[str, Any]]]:
    """Number the targets of an ability's effects in text order (601.2c) and resolve its
    pronouns (see :class:`Links`); returns the effects and the target specs.

    :raises Refused: a pronoun with no antecedent.
    """
    links = Links(kind)
    return [links.effect(e) for e in effects], links.slots


class Links:
    """An ability's target slots, by the id of their word (601.2c: numbered in text order), and
    the antecedents of its pronouns: "it" / "that creature" is what the effect before was about
    (the source for an activated ability's first effect, 602.1; what the trigger was about for a
    triggered ability's, 603.7c), "that player" the player the trigger was about or the last
    target player named.

    ``kind`` is ``"spell"``, ``"activated"`` or ``"triggered"``; ``subject`` and ``player``:
    what a triggered ability's event is about (``"source"``, ``{"subject": "object"}``) and the
    player it is about (``{"subject": "player"}``).
    """

    def __init__(self, kind: str, subject: Any = None, player: Any = None, that: Any = "it") -> None:
        self.kind = kind
        self.event_amount = False  # "that much" names the amount of the triggered ability's event
        self.linked = 0  # effects linked so far
        self.slots: list[dict[str, Any]] = []
        self.ids: dict[int, int] = {}
        self.object: Any = "source" if kind == "activated" else subject
        self.player: Any = player
        self.that: Any = self.object if that == "it" else that  # "that creature": as "it", or another
        self.card: Any = None  # "that card": what the object a trigger was about became in a graveyard
        self.removal = False  # the effect before removed counters: "that much" is how many (608.2c)
        self.before: tuple[Any, Any, Any] = (self.object, self.player, self.that)  # as the last effect began

    def forget(self) -> None:
        """No antecedents: the start of a mode (700.2)."""
        self.object = self.player = self.that = None

    def effect(self, effect: Any) -> Any:
        (kind, fields), = effect.items()
        if kind == "conditional" and "resolved" in fields and self.kind != "activated":
            raise Refused("'the N-th time this ability has resolved' of an ability that is not activated")
        if kind in ("optional", "conditional", "delayed", "attempt"):
            return {kind: self.branches(kind, fields)}
        if kind == "modal":
            raise Refused("a modal effect inside another ability's effects")
        if kind == "damage" and fields.get("joined"):  # the second recipient of one damage (120.2): named alike
            fields = {k: v for k, v in fields.items() if k != "joined"}
            self.object, self.player, self.that = self.before
        self.before = (self.object, self.player, self.that)
        for spec in sorted(_target_specs(fields, structures=False), key=lambda s: s["id"]):
            self.target(copy.deepcopy(spec))  # slots in the text's order (601.2c), not the fields'
        removal, self.removal = self.removal, kind == "remove_counters"
        if "that_much" in fields.values() and removal and kind == "damage":  # the counters just removed
            fields, self.removal = {k: "removed" if v == "that_much" else v for k, v in fields.items()}, True
        if "that_much" in fields.values() and (not self.event_amount or self.linked):
            raise Refused("'that much' of no event amount, or after another effect's amount")
        if self.kind != "spell" and "'named': '~'" in repr(effect):
            raise Refused("'named ~' outside a spell's text")
        if self.kind == "triggered" and "x_bounds" in repr(effect) and "x_count" not in repr(effect):
            raise Refused("a filter with X in a triggered ability (107.3a: X is chosen as it is cast or activated)")
        self.linked += 1
        linked = {k: self.ref(v) for k, v in fields.items() if k != "also"}
        if "also" in fields:  # "... to target creature and 2 damage to that creature's controller" (120.2)
            self.object = self.that = linked["to"]
            linked["also"] = self.ref(fields["also"])
        if kind == "damage" and linked.get("source") == "source":
            del linked["source"]  # the default: the source deals it
        main = _OBJECT_FIELDS.get(kind)
        if main is not None and main in linked:
            self.object = self.that = linked[main]
        elif kind == "create_tokens":
            self.object = self.that = "created"  # 111.1: "create a token, then attach ~ to it"
        elif kind not in _NAMES_NOTHING:
            self.object = self.that = None  # it made or moved objects no reference holds: "it" is refused
        return {kind: linked}

    def branches(self, kind: str, fields: dict[str, Any]) -> dict[str, Any]:
        """The fields of a structure, each branch linked from what was named before it: "then"
        after "effects"; "otherwise" after "effects" for an attempt (608.2c), from the start for
        an option or a condition (the effects didn't happen). What "it" names after the structure
        is known only when it has one branch."""
        start = (self.object, self.player, self.that)
        out = {k: self.ref(v) for k, v in fields.items() if k not in ("effects", "then", "otherwise")}
        out["effects"] = [self.effect(e) for e in fields["effects"]]
        after = (self.object, self.player, self.that)
        if "then" in fields:
            out["then"] = [self.effect(e) for e in fields["then"]]
        if "otherwise" in fields:
            self.object, self.player, self.that = after if kind == "attempt" else start
            out["otherwise"] = [self.effect(e) for e in fields["otherwise"]]
        if "then" in fields or "otherwise" in fields:
            self.object = self.that = None
        return {k: out[k] for k in fields}

    def ref(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.ref(v) for v in value]
        if not isinstance(value, dict):
            return value
        if set(value) == {"target"} and isinstance(value["target"], dict):
            return self.target(value["target"])
        if set(value) == {"counters_on_ref", "ref"}:  # "for each +1/+1 counter on ~" (or on "it", the source)
            if self.ref(value["ref"]) != "source":
                raise Refused("counters counted on something other than the source")
            return {"counters_on_source": value["counters_on_ref"]}
        if set(value) == {"it"} and value["it"].startswith("that:"):  # "that land": a target of that kind only
            found = self.that
            if not (isinstance(found, dict) and set(found) == {"target"}
                    and self.slots[found["target"]]["kinds"] == [value["it"][len("that:"):]]):
                raise Refused(f"'that {value['it'][len('that:'):]}' after no target of that kind")
            return copy.deepcopy(found)
        if set(value) == {"it"}:
            found = {"player": self.player, "object": self.object, "that": self.that, "objects": self.object,
                     "those": self.that, "card": self.card}.get(value["it"])
            if value["it"] in ("objects", "those") and found is not None and not self.plural(found):
                raise Refused("'them' or 'those creatures' after one object")
            if value["it"] == "they":  # a player or objects: whichever was named
                if (self.player is None) == (self.object is None):
                    raise Refused("'they' with no antecedent, or two")
                found = self.player if self.player is not None else self.object
            if found is None:
                raise Refused(f"'{ {'player': 'that player', 'that': 'that creature', 'card': 'that card'}.get(value['it'], 'it')}' before "
                              "anything was named")
            return copy.deepcopy(found)
        return {k: self.ref(v) for k, v in value.items()}

    def plural(self, ref: Any) -> bool:
        """Whether ``ref`` may name several objects ("them", "those creatures"): a group, a slot
        of several targets, objects chosen or created, or what a trigger was about."""
        if isinstance(ref, dict) and "target" in ref:
            slot = self.slots[ref["target"]]
            return slot.get("count", 1) != 1 or bool(slot.get("any_number"))
        if isinstance(ref, dict) and "chosen" in ref:
            return ref["chosen"].get("count", 1) != 1
        return ref == "created" or isinstance(ref, dict) and ("each" in ref or "subject" in ref)

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


# --------------------------------------------------------------------------- descriptions
#: Nouns a description may end with (its head, 205), singular -> plural, and the kinds they name.
_HEADS: dict[str, tuple[str, dict[str, Any]]] = {
    "creature": ("creature", {}), "artifact": ("artifact", {}), "enchantment": ("enchantment", {}),
    "land": ("land", {}), "planeswalker": ("planeswalker", {}), "battle": ("battle", {}),
    "permanent": ("permanent", {}), "spell": ("spell", {}), "card": ("card", {}), "player": ("player", {}),
    "opponent": ("player", {"opponent": True}), "token": ("permanent", {"token": True}), "ability": ("ability", {}),
    "activated_ability": ("activated_ability", {}), "triggered_ability": ("triggered_ability", {}),
}
#: The kinds of objects on the stack (405.1): spells, and abilities (activated or triggered, 113.3).
_STACK_KINDS = frozenset({"spell", "ability", "activated_ability", "triggered_ability"})
_PLURALS = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment", "lands": "land",
            "planeswalkers": "planeswalker", "battles": "battle", "permanents": "permanent", "spells": "spell",
            "cards": "card", "players": "player", "opponents": "opponent", "tokens": "token"}
_TYPES = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery")
#: Adjectives of a description (611.3a) and the filter each makes.
_STATUS: dict[str, dict[str, Any]] = {
    "legendary": {"supertypes": ["legendary"]}, "basic": {"supertypes": ["basic"]}, "snow": {"supertypes": ["snow"]},
    "nonbasic": {"not_supertypes": ["basic"]}, "nonlegendary": {"not_supertypes": ["legendary"]},
    "nontoken": {"token": False}, "token": {"token": True}, "attacking": {"attacking": True},
    "nonattacking": {"not_attacking": True}, "nonsnow": {"not_supertypes": ["snow"]},
    "blocking": {"blocking": True}, "tapped": {"tapped": True}, "untapped": {"tapped": False},
    "multicolored": {"multicolored": True}, "colorless": {"colorless": True}, "arcane": {"subtypes": ["arcane"]},
    "historic": {"any_of": [{"types": ["artifact"]}, {"supertypes": ["legendary"]}, {"subtypes": ["saga"]}]},  # 700.6
}


class Desc:
    """A compiled description: the kinds its head nouns name (``creature``, ``permanent``,
    ``player``, ``spell``, ``card``, ``ability``), whether the head is plural, the
    :class:`~mtgsolver.model.continuous.Affected` mapping its words make, and where the cards it
    names are (``from your graveyard``: ``("graveyard", "you")``)."""

    def __init__(self, kinds: list[str], plural: bool, filt: dict[str, Any], zone: tuple[str, str] | None,
                 opponent: bool) -> None:
        self.kinds, self.plural, self.filter, self.zone, self.opponent = kinds, plural, filt, zone, opponent
        self.party = False  # "creature in your party" (700.8): counted only

    @property
    def players(self) -> bool:
        return self.kinds == ["player"]

    def affected(self) -> dict[str, Any]:
        """The permanents it describes, as an affected-set mapping (kinds become types)."""
        if self.zone or self.party or set(self.kinds) & {"card", "player", *_STACK_KINDS}:
            raise Refused("not a description of permanents")
        types = [k for k in self.kinds if k != "permanent"]
        if len(types) <= 1:
            return _merge(self.filter, {"types": sorted({*self.filter.get("types", []), *types})} if types else {})
        if "any_of" in self.filter or self.filter.get("types"):
            raise Refused("several kinds with another union")
        return {**self.filter, "any_of": [{"types": [t]} for t in types]}

    def target(self) -> dict[str, Any]:
        """A target slot (115.1) for what it describes."""
        if self.party:
            raise Refused("a target in your party")
        kinds = sorted(set(self.kinds))
        spec: dict[str, Any] = {"kinds": kinds}
        if self.opponent:  # "target opponent or planeswalker": an opponent, or any planeswalker (115.1)
            if not set(kinds) - {"planeswalker"} == {"player"}:
                raise Refused("an opponent or something else than a planeswalker")
            spec["opponent"] = True
        if set(kinds) & _STACK_KINDS:
            if not set(kinds) <= _STACK_KINDS or len(kinds) > 1 and self.filter or self.zone:
                raise Refused("a spell and something else, or a spell or an ability with a filter")
            if set(kinds) - {"spell"} and self.filter:
                raise Refused("an ability described by more than its kind")
            spec["zone"] = "stack"
        elif "card" in kinds:
            if kinds != ["card"] or self.zone is None:
                raise Refused("a card whose zone is not a graveyard named")
            spec["zone"], whose = self.zone
            if whose != "any":
                spec["whose"] = whose
        elif self.zone:
            raise Refused("a zone for permanents")
        if self.filter:
            if "player" in kinds:
                raise Refused("a filter on players")
            spec["filter"] = self.filter
        return spec


def _desc(alternatives: list[list[Any]], posts: list[Any]) -> Desc:
    """Interpret a description's words (see :class:`Desc`): "A or B" of single nouns names
    several kinds; "A or B C" of single adjectives before the rest is a union of those
    adjectives; otherwise one run of adjectives and its head noun."""
    if len(alternatives) > 1 and all(len(a) == 1 for a in alternatives):
        heads = [_head(a[0]) for a in alternatives]
        if None in heads:
            raise Refused("a list of words that are not all nouns")
        plural = {h[1] for h in heads}  # type: ignore[index]
        if len(plural) != 1:
            raise Refused("singular and plural nouns")
        kinds, filters = [], []
        for (kind, _, extra) in heads:  # type: ignore[misc]
            kinds.append(kind)
            filters.append(extra)
        opponent = any(f.pop("opponent", False) for f in filters)
        if any(filters):
            raise Refused("nouns with filters of their own")
        return _with_posts(Desc(kinds, plural.pop(), {}, None, opponent), posts)
    if len(alternatives) > 1:
        *singles, last = alternatives
        if not all(len(a) == 1 for a in singles) or len(last) < 2:
            raise Refused("a list of adjectives of several words")
        union = [_adjective(a[0]) for a in singles] + [_adjective(last[0])]
        if any(len(u) != 1 for u in union) or len({repr(u) for u in union}) != len(union):
            raise Refused("a union of adjectives of several parts, or one twice")
        keys = {next(iter(u)) for u in union}
        if keys == {"colors"}:
            first = {"colors": [u["colors"][0] for u in union]}
        else:
            first = {"any_of": union}
        words = last[1:]
    else:
        first, words = {}, alternatives[0]
    head = _head(words[-1])
    if head is None:
        raise Refused("a description without a noun")
    kind, plural, extra = head
    opponent = bool(extra.pop("opponent", False))
    filt = _merge(first, extra, *(_adjective(w) for w in words[:-1]))
    if len(filt.get("subtypes", [])) > 1 and "any_of" not in first:
        raise Refused("two subtypes at once")
    return _with_posts(Desc([kind], plural, filt, None, opponent), posts)


def _with_posts(desc: Desc, posts: list[Any]) -> Desc:
    for post in posts:
        if post == ("party",):
            desc.party = True
        elif isinstance(post, tuple):  # ("zone", where, whose)
            if desc.zone is not None:
                raise Refused("two zones")
            desc.zone = (post[1], post[2])
        else:
            desc.filter = _merge(desc.filter, post)
    return desc


def _head(word: Any) -> tuple[str, bool, dict[str, Any]] | None:
    """(kind, plural, filter) of a head noun, or ``None`` for a word that is no noun."""
    text = str(word)
    if isinstance(word, Token) and word.type in ("SUBTYPE", "PLURAL"):
        return "permanent", word.type == "PLURAL", {"subtypes": [_untag(text)]}
    plural = text in _PLURALS
    noun = _PLURALS.get(text, text)
    if noun not in _HEADS:
        return None
    kind, extra = _HEADS[noun]
    return kind, plural, dict(extra)


def _adjective(word: Any) -> dict[str, Any]:
    """The filter an adjective makes (611.3a)."""
    text = str(word)
    if isinstance(word, Token) and word.type in ("NONCOLOR", "NONTYPE", "NONSUB", "SUBTYPE"):
        key = {"NONCOLOR": "not_colors", "NONTYPE": "not_types", "NONSUB": "not_subtypes", "SUBTYPE": "subtypes"}
        return {key[word.type]: [_untag(text)]}
    if text in COLORS:
        return {"colors": [text]}
    if text in _TYPES:
        return {"types": [text]}
    if text in _STATUS:
        return copy.deepcopy(_STATUS[text])
    if text == "permanent":  # a permanent card (110.4a)
        return {"any_of": [{"types": [t]} for t in ("artifact", "battle", "creature", "enchantment", "land",
                                                     "planeswalker")]}
    raise Refused(f"{text!r} is not an adjective here")


def _untag(token: Token | str) -> str:
    return str(token).split(":", 1)[1].replace("_", " ") if ":" in str(token) else str(token)


def _merge(*parts: dict[str, Any]) -> dict[str, Any]:
    """Filters joined (every condition holds); a key given twice is refused unless both give
    lists of types (all of them, "artifact creature") or of types, colors or subtypes it has
    none of ("noncreature, nonland")."""
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key in out and out[key] != value:
                if key in ("types", "not_types", "not_colors", "not_subtypes"):
                    out[key] = sorted({*out[key], *value})
                    continue
                raise Refused(f"two values for {key}")
            out[key] = value
    return out


# --------------------------------------------------------------------------- clauses
class _Quoted:
    """A quoted ability's text (113.2c: an object granted or created with it has it)."""

    def __init__(self, text: str) -> None:
        self.text = text


class _PerEach:
    """ "For each ...": what is counted (a :class:`~mtgsolver.model.continuous.ForEach` mapping)."""

    def __init__(self, count: dict[str, Any]) -> None:
        self.count = count


class _Alternative:
    """The "or" (or "&and") between two alternatives of a description's words."""


class _Clause:
    """A clause: its subject (a noun phrase, or ``None``), "may", its predicate and duration."""

    def __init__(self, subject: Any, may: bool, predicate: "_Predicate", duration: str | None) -> None:
        self.subject, self.may, self.predicate, self.duration = subject, may, predicate, duration


class _Predicate:
    """A verb phrase: the effect it makes, the field its subject fills (``who``, ``source``,
    ``what``, ``a``, ``controller``; ``None``: an imperative, "you" only) and whether that subject
    is a player."""

    def __init__(self, effect: dict[str, Any], role: str | None, player: bool | None) -> None:
        self.effect, self.role, self.player = effect, role, player
        self.library: str | None = None  # a search: "your library" ("you") or "their library" ("they")


class _NP:
    """A compiled noun phrase: its reference and whether it names players, objects or either."""

    def __init__(self, ref: Any, kind: str) -> None:
        self.ref, self.kind = ref, kind


def _clauses(clauses: list[_Clause]) -> list[Any]:
    """The effects of a sentence's clauses: a subjectless clause is "you"'s first, the
    clause before's subject's after "and"/"then"; "may" makes an :class:`Optional` of a lone
    clause (608.2d); changes without a duration take the next change's of the same subject
    ("gets +1/+1 and gains flying until end of turn")."""
    out: list[Any] = []
    subject: _NP | None = None
    if any(c.may for c in clauses) and len(clauses) > 1:
        raise Refused("'may' in a sentence of several clauses")
    for clause in clauses:
        pred = clause.predicate
        subject = clause.subject or subject
        effect = copy.deepcopy(pred.effect)
        (kind, fields), = effect.items()
        who = subject if subject is not None else _NP("you", "player")
        if pred.role is None:
            if who.ref != "you":
                raise Refused(f"{kind} with a subject")
        else:
            # "they" is either as its antecedent is; a target or group that may be a player or an
            # object ("target player or planeswalker") fits neither a player's verb nor an object's
            either = who.kind == "either" and who.ref == {"it": "they"}
            if pred.player is True and who.kind != "player" and not either:
                raise Refused(f"{kind} by an object")
            if pred.player is False and who.kind != "object" and not either:
                raise Refused(f"{kind} of a player")
            if pred.library is not None and (pred.library == "you") != (who.ref == "you"):
                raise Refused("'your library' searched by another, or 'their library' by you")
            if not (pred.role == "source" and who.ref == "source" or kind == "search_library" and who.ref == "you"):
                fields[pred.role] = copy.deepcopy(who.ref)  # the source deals it, you search: the defaults
            if kind == "damage" and not (isinstance(who.ref, dict) and "each" in who.ref):
                # "target creature deals damage to itself equal to its power": both name what deals it
                fields["to"] = _swap(fields["to"], {"it": "itself"}, who.ref)
                fields["amount"] = _resolve_it(fields["amount"], who.ref)
        if kind == "modify" and isinstance(fields.get("times"), dict) and fields["times"].get("count", {}).get(
                "permanents", {}).get("other") and isinstance(fields["what"], dict) and "each" in fields["what"]:
            raise Refused("'for each other' counted for each of a group")  # other than which: one count each
        if isinstance(clause.duration, dict):  # a delayed triggered ability (603.7)
            effect = {"delayed": {"at": clause.duration, "effects": [effect]}}
        elif kind == "modify":
            if clause.duration:
                fields["duration"] = clause.duration
        elif clause.duration and kind != "gain_control":
            raise Refused(f"a duration on {kind}")
        elif clause.duration:
            fields["duration"] = clause.duration
        if kind == "damage" and isinstance(fields["to"], dict) and "both" in fields["to"]:  # one event (120.2)
            out.extend({"damage": {**fields, "to": to, **({"joined": True} if i else {})}}
                       for i, to in enumerate(fields["to"]["both"]))
            continue
        if "both" in repr(fields):
            raise Refused("'each A and each B' other than as what damage is dealt to")
        if kind == "damage" and {"it": "itself"} in (fields["to"], fields.get("source")):
            raise Refused("'itself' of no object")
        if clause.may:
            effect = {"optional": {"effects": [effect], **({"who": who.ref} if who.ref != "you" else {})}}
        out.append(effect)
    return _durations(out)


def _durations(effects: list[Any]) -> list[Any]:
    """Changes of one subject joined; a change without a duration takes the one written after
    it in the sentence ("A gets +1/+1 and B gets -1/-1 until end of turn"), or lasts for the game
    with none (611.2a)."""
    out: list[Any] = []
    for effect in effects:
        last = out[-1] if out else None
        if (last is not None and "modify" in effect and "modify" in last and "duration" not in last["modify"]
                and last["modify"]["what"] == effect["modify"]["what"]
                and last["modify"].get("times", 1) == effect["modify"].get("times", 1)):
            spec = _join_specs(last["modify"]["spec"], effect["modify"]["spec"])
            out[-1] = {"modify": {**effect["modify"], "spec": spec}}
        else:
            out.append(effect)
    later = "permanent"
    for effect in reversed(out):
        fields = effect.get("modify")
        if fields is None:
            continue
        later = fields.setdefault("duration", later)
    for effect in out:
        if "modify" in effect and effect["modify"]["duration"] == "end_of_turn":
            del effect["modify"]["duration"]  # the default
    return out


def _join_specs(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for key, value in b.items():
        if key in ("gains", "rules", "loses"):
            out[key] = [*out.get(key, []), *value]
        elif key in out:
            raise Refused(f"two {key}")
        else:
            out[key] = value
    return out


# --------------------------------------------------------------------------- the compiler
#: The constant rules of ``actions.lark`` (:mod:`.tables`).
CONSTANTS: dict[str, Any] = {
    # 707.9a-b: the exceptions of a permanent becoming a copy ("except its name is ~, it's
    # legendary in addition to its other types, and it has this ability")
    "keeps_name": {"keeps_name": True},
    "adds_legendary": {"adds_supertypes": ["legendary"]},
    "keeps_ability": {"keeps_ability": True},
    # changes that last (611.2, 613.11): rules as the board vocabulary writes them
    "cant_block": {"rules": ["cant_block"]},
    "cant_attack": {"rules": ["cant_attack"]},
    "cant_attack_or_block": {"rules": ["cant_attack", "cant_block"]},
    "cant_be_blocked": {"rules": ["cant_be_blocked"]},
    "attacks_if_able": {"rules": ["attacks_each_combat"]},  # 508.1d, for each combat this turn
    "blocks_if_able": {"rules": ["blocks_each_combat"]},  # 509.1c
    "must_be_blocked": {"rules": ["must_be_blocked"]},  # 509.1c
    "loses_all": {"loses_all_abilities": True},
    "until_end_of_turn": "end_of_turn",
    "next_end_step": {"kind": "end_step", "whose": "each"},
    "next_upkeep": {"kind": "upkeep", "whose": "each"},
    "your_next_upkeep": {"kind": "upkeep"},
    "your_next_end_step": {"kind": "end_step"},
    "delayed_end_of_combat": {"kind": "end_of_combat", "whose": "each"},
    "amount_x": "x",
    "life_you_lost": {"life_lost": "you"},  # 119.3: the turn record of the life lost
    # where things go (400.7)
    "to_hand": {},
    "to_battlefield": {"to": "battlefield"},
    "to_battlefield_tapped": {"to": "battlefield", "tapped": True},
    "from_your_graveyard": ("zone", "graveyard", "you"),
    "from_a_graveyard": ("zone", "graveyard", "any"),
    "from_an_opponents_graveyard": ("zone", "graveyard", "opponents"),
    # post-modifiers of a description (611.3a)
    "yours": {"controller": "you"},
    "on_battlefield": {},  # permanents: on the battlefield, any controller (110.1)
    "in_party": ("party",),  # "creature in your party" (700.8)
    "theirs": {"controller": "opponents"},
    "defenders": {"controller": "defending"},  # 508.5a
    # searches (701.23) and prevention (615)
    "found_to_hand": {},
    "found_revealed": {"reveal": True},
    "found_to_battlefield": {"to": "battlefield"},
    "found_to_battlefield_tapped": {"to": "battlefield", "tapped": True},
    "in_your_hand": ("zone", "hand", "you"),
    "under_your_control": {},
    "onto_tapped": {"tapped": True},
    # conditions (603.4, 608.2c)
    "your_turn": {"your_turn": True},
    "night": {"day_night": "night"},  # 731.1
    "day": {"day_night": "day"},
    "not_your_turn": {"your_turn": False},
    "city_blessing": {"city_blessing": True},  # 702.131c
    "permanent_left": {"permanent_left": True},  # revolt (207.2c)
    "creature_died": {"creature_died": True},  # morbid (207.2c)
    "completed_dungeon": {"completed_dungeon": True},  # 309.7
    "source_untapped": {"source_untapped": True},
    "source_tapped": {"source_untapped": True, "not": True},
    "kicked": "kicked",
    # modes (700.2)
    "choose_one_or_more": {"any_number": True},  # of two modes, "one or both" is one or more
    # trigger events (603.6, 603.10, 508.2, 509.2, 510.3): TriggerKind
    "enters": "enters", "dies": "dies", "leaves": "leaves", "attacks": "attacks", "blocks": "blocks",
    "graveyard_from_battlefield": "graveyard_from_battlefield", "becomes_blocked": "becomes_blocked", "deals_combat_damage_to_player": "deals_combat_damage_to_player",
    "deals_combat_damage": "deals_combat_damage", "becomes_tapped": "becomes_tapped", "enters_yours": "enters_yours",
    "dies_yours": "dies_yours", "dies_theirs": "dies_theirs",
    "attacks_unblocked": "attacks_unblocked", "dealt_damage": "dealt_damage", "deals_damage": "deals_damage",
    "deals_damage_to_player": "deals_damage_to_player", "turned_face_up": "turned_face_up",
    "gains_life": {"kind": "gains_life"}, "draws": {"kind": "draws"}, "discards": {"kind": "discards"},
    "cast_self": {"kind": "cast"},
    "your_upkeep": {"kind": "upkeep"},
    "each_upkeep": {"kind": "upkeep", "whose": "each"},
    "opponent_upkeep": {"kind": "upkeep", "whose": "opponent"},
    "your_end_step": {"kind": "end_step"},
    "each_end_step": {"kind": "end_step", "whose": "each"},
    "opponent_end_step": {"kind": "end_step", "whose": "opponent"},
    "your_combat": {"kind": "beginning_of_combat"},
    "opponent_combat": {"kind": "beginning_of_combat", "whose": "opponent"},
    "attached_end_step": {"kind": "end_step", "whose": "attached"},
    "in_graveyard": {"in_graveyard": True},  # the ability works from there (113.6b)
    "no_cards_in_hand": {"hand_at_most": 0},
    "attacks_or_blocks": "attacks_or_blocks", "becomes_target": "becomes_target",
    "each_combat": {"kind": "beginning_of_combat", "whose": "each"},
    "your_draw_step": {"kind": "draw_step"},
    "each_draw_step": {"kind": "draw_step", "whose": "each"},
    "end_of_combat": {"kind": "end_of_combat", "whose": "each"},
    "your_precombat_main": {"kind": "precombat_main"},
    "attached_upkeep": {"kind": "upkeep", "whose": "attached"},
    "cycled": {"kind": "cycled"},
    "plays_land": {"kind": "plays_land"}, "plays_another_land": {"kind": "plays_land", "other": True},
    "deals_damage_to_opponent": "deals_damage_to_opponent",
    "deals_combat_damage_to_creature": "deals_combat_damage_to_creature",
    "put_into_graveyard": "put_into_graveyard",
    "blocks_each": "blocks_each", "blocked_by_each": "blocked_by_each",
    "exploits": "exploits", "mutates": "mutates", "sacrificed": {"kind": "sacrificed"},
    "enters_or_leaves": {"kind": "enters", "also": [{"kind": "leaves"}]},
    "enters_theirs": "enters_theirs", "enters_enchanted": "enters_enchanted",
    "source_dealt_damage": {"kind": "dealt_damage"},
    # "whenever you attack": you attack with one or more creatures (508.1, 603.2c)
    "you_attack": {"kind": "attacks", "subject": {"controller": "you", "types": ["creature"]}, "one_or_more": True},
}
#: Trigger events of the source named by their verbs ("enters the battlefield or attacks").
_SELF_VERBS = {"enters the battlefield": "enters", "attacks": "attacks", "blocks": "blocks", "dies": "dies",
               "leaves the battlefield": "leaves", "becomes blocked": "becomes_blocked",
               "deals combat damage to a player": "deals_combat_damage_to_player", "is turned face up": "turned_face_up",
               "is put into a graveyard from the battlefield": "graveyard_from_battlefield"}


def _pred(kind: str, fields: dict[str, Any], role: str | None = None, player: bool | None = None) -> _Predicate:
    return _Predicate({kind: fields}, role, player)


def _searcher(whose: str, fields: dict[str, Any]) -> _Predicate:
    """A search of "your library" (yours) or "their library" (its subject's, 701.23)."""
    predicate = _player("search_library", fields)
    predicate.library = whose
    return predicate


def _player(kind: str, fields: dict[str, Any]) -> _Predicate:
    """A player's verb: its subject is who does it (``who``)."""
    return _pred(kind, fields, "who", True)


class _Compile(ConstantRules, constants=CONSTANTS):
    """Syntax tree -> effect vocabulary (see the module docstring)."""

    def __init__(self, quotes: tuple[str, ...] = ()) -> None:
        super().__init__()
        self._ids = itertools.count()
        self._quotes = quotes

    def _target(self, spec: dict[str, Any]) -> dict[str, Any]:
        """A target word (115.1), with an id of its own in this sentence (115.3)."""
        return {"target": {**spec, "id": next(self._ids)}}

    # -- sentences --------------------------------------------------------------------
    def sentence(self, children: list[Any]) -> list[Any]:
        return children[0]

    def if_clause(self, children: list[Any]) -> list[Any]:
        cond, effects = children
        if cond == "kicked":
            return [{"conditional": {"condition": [], "kicked": True, "effects": effects}}]
        return [{"conditional": {"condition": [cond], "effects": effects}}]

    def if_resolved(self, children: list[Any]) -> list[Any]:
        """"If this is the third time this ability has resolved this turn, ...": counted on the
        activated ability's source as it resolves (608.2c)."""
        times, effects = children
        return [{"conditional": {"condition": [], "resolved": times, "effects": effects}}]

    def ordinal(self, children: list[Any]) -> int:
        return ("second", "third", "fourth", "fifth").index(str(children[0])) + 2

    def unless(self, children: list[Any]) -> list[Any]:
        """"X unless P does Y": P may do Y; if they don't, X (608.2d)."""
        effects, clause = children
        if clause.may or clause.subject is None:
            raise Refused("'unless' without a player")
        who = clause.subject
        if who.kind == "object":
            raise Refused("'unless' an object does something")
        done = _clauses([clause])
        (kind, fields), = effects[-1].items()
        if who.ref == {"it": "they"}:  # "that player loses 2 life unless they pay {2}": the sentence's player
            if kind not in _PLAYER_VERBS or "who" not in fields or "players" in fields["who"]:
                raise Refused("'unless they' after no player's verb, or after several players'")
            done = _swap(done, who.ref, fields["who"])
            who = _NP(fields["who"], "player")
        main = fields.get(_OBJECT_FIELDS.get(kind, "what"))
        if main is not None and main not in ("you",) and "it" not in (main if isinstance(main, dict) else {}):
            # "its" and "it" name the sentence's own object: "counter target spell unless its controller
            # pays {3}", "sacrifice ~ unless you remove a +1/+1 counter from it"
            done, who_ref = _resolve_it([done, who.ref], main)
        else:
            who_ref = who.ref
        optional: dict[str, Any] = {"effects": done, "otherwise": effects}
        if who_ref != "you":
            optional["who"] = who_ref
        return [{"optional": optional}]

    def may_have(self, children: list[Any]) -> _Clause:
        """"P may have Q do X": P chooses whether X (608.2d)."""
        chooser, _, subject, predicate, *duration = children
        if chooser.kind == "object":
            raise Refused("an object that may have something done")
        inner = _clauses([_Clause(subject, False, predicate, duration[0] if duration else None)])
        optional: dict[str, Any] = {"effects": inner}
        if chooser.ref != "you":
            optional["who"] = chooser.ref
        return _Clause(None, False, _Predicate({"optional": optional}, None, None), None)

    def lure(self, children: list[Any]) -> _Clause:
        """"All creatures able to block target creature this turn do so" (509.1c): the board
        vocabulary's ``lure`` rule on it for the duration."""
        np, duration = children
        return _Clause(np, False, _modify({"rules": ["lure"]}), duration)

    def clauses(self, children: list[Any]) -> list[Any]:
        return _clauses([c for child in children for c in (child if isinstance(child, list) else [child])
                         if isinstance(c, _Clause)])

    def destroy_both(self, children: list[Any]) -> list[_Clause]:
        """"Destroy target artifact and target enchantment": each destroyed (701.8), a clause each."""
        return [_Clause(None, False, self.destroy([np]), None) for np in children]

    def bounce_both(self, children: list[Any]) -> list[_Clause]:
        """"Return target creature and target land to their owners' hands" (400.7), a clause each."""
        return [_Clause(None, False, self.bounce([np]), None) for np in children[:2]]

    def clause(self, children: list[Any]) -> _Clause:
        subject = next((c for c in children if isinstance(c, _NP)), None)
        may = "may" in children
        predicate = next(c for c in children if isinstance(c, _Predicate))
        duration = next((c for c in children if isinstance(c, str) and c != "may" or isinstance(c, dict)), None)
        return _Clause(subject, may, predicate, duration)

    def may(self, children: list[Any]) -> str:
        return "may"

    def conj(self, children: list[Any]) -> str:
        return "conj"


    # -- player verbs -----------------------------------------------------------------
    def draw(self, children: list[Any]) -> _Predicate:
        return _player("draw", {"amount": _times(_qty(children, 1), children)})

    def draw_equal(self, children: list[Any]) -> _Predicate:
        """"Draw cards equal to the number of ..." (608.2h)."""
        return _player("draw", {"amount": _amount_in(children)})

    def discard(self, children: list[Any]) -> _Predicate:
        return _player("discard", {"amount": _qty(children, 1)})

    def discard_hand(self, children: list[Any]) -> _Predicate:
        """"Discard your hand": as many cards as are in it (701.9)."""
        return _pred("discard", {"amount": {"count": {"cards_in_hand": True}}})

    def discard_their_hand(self, children: list[Any]) -> _Predicate:
        """"Each player discards their hand" (701.9): each discards all the cards in their own."""
        return _player("discard", {"all": True})

    def discard_random(self, children: list[Any]) -> _Predicate:
        return _player("discard", {"amount": _qty(children, 1), "random": True})

    def mill(self, children: list[Any]) -> _Predicate:
        return _player("mill", {"amount": _qty(children, 1)})

    def gain_life(self, children: list[Any]) -> _Predicate:
        return _player("gain_life", {"amount": _times(_amount_in(children), children)})

    def lose_life(self, children: list[Any]) -> _Predicate:
        return _player("lose_life", {"amount": _times(_amount_in(children), children)})

    def sacrifice(self, children: list[Any]) -> _Predicate:
        what = children[-1].ref
        if what in ("source",) or isinstance(what, dict) and "it" in what:
            return _player("sacrifice", {"what": what})
        if isinstance(what, dict) and "chosen" in what and "zone" not in what["chosen"] \
                and not what["chosen"].get("up_to"):
            return _player("sacrifice", what["chosen"])  # the sacrificing player chooses (701.21)
        raise Refused("a sacrifice of something that is not the source, it, or some permanents")

    def create(self, children: list[Any]) -> _Predicate:
        count, token = [c for c in children if not isinstance(c, _PerEach)][-2:]
        count = _times(count, children)
        fields: dict[str, Any] = {"token": token}
        if count != 1:
            fields["count"] = count
        return _pred("create_tokens", fields, "controller", True)

    def create_tapped(self, children: list[Any]) -> _Predicate:
        predicate = self.create(children)
        predicate.effect["create_tokens"]["tapped"] = True
        return predicate

    def create_tapped_attacking(self, children: list[Any]) -> _Predicate:
        """508.4: tokens put onto the battlefield tapped and attacking, never declared as attackers."""
        predicate = self.create_tapped(children)
        predicate.effect["create_tokens"]["attacking"] = True
        return predicate

    def scry(self, children: list[Any]) -> _Predicate:
        return _player("scry", {"amount": children[0]})

    def surveil(self, children: list[Any]) -> _Predicate:
        return _player("surveil", {"amount": children[0]})

    def pay(self, children: list[Any]) -> _Predicate:
        return _player("pay", children[0])

    def control(self, children: list[Any]) -> _Predicate:
        return _player("gain_control", {"what": _object(children[-1])})

    def energy(self, children: list[Any]) -> _Predicate:
        symbols = re.findall(r"\{([^}]+)\}", str(children[-1]))
        if set(symbols) != {"e"}:
            raise Refused("'get' something other than energy")
        return _pred("put_counters", {"kind": "energy", "amount": len(symbols)}, "what", True)  # 107.14, 122.1

    # -- imperatives ------------------------------------------------------------------
    def destroy(self, children: list[Any]) -> _Predicate:
        return _pred("destroy", {"what": _object(children[0])})

    def exile(self, children: list[Any]) -> _Predicate:
        return _pred("exile", {"what": _object(children[0], cards=True)})

    def bounce(self, children: list[Any]) -> _Predicate:
        return _pred("bounce", {"what": _object(children[0])})

    def return_from_graveyard(self, children: list[Any]) -> _Predicate:
        np, to = children
        what = np.ref
        if not (what == "source" or isinstance(what, dict) and ("it" in what or _graveyard_target(what)
                                                               or "chosen" in what and what["chosen"].get("zone") == "graveyard")):
            raise Refused("a return of something not in a graveyard")
        return _pred("return_from_graveyard", {"what": what, **to})

    def return_exiled(self, children: list[Any]) -> _Predicate:
        return _pred("return_exiled", {})

    def tap(self, children: list[Any]) -> _Predicate:
        return _pred("tap", {"what": _object(children[0])})

    def untap(self, children: list[Any]) -> _Predicate:
        return _pred("untap", {"what": _object(children[0])})

    def put_counters(self, children: list[Any]) -> _Predicate:
        amount, kind, np = children[:3]
        amount = _times(amount, children)
        return _pred("put_counters", {"what": _object(np), "kind": kind, **({"amount": amount} if amount != 1 else {})})

    def remove_counters(self, children: list[Any]) -> _Predicate:
        amount, kind, np = children
        return _pred("remove_counters", {"what": _object(np), "kind": kind, **({"amount": amount} if amount != 1 else {})})

    def remove_all_counters(self, children: list[Any]) -> _Predicate:
        kind, np = children
        return _pred("remove_counters", {"what": _object(np), "kind": kind, "all": True})

    def counter_kind(self, children: list[Any]) -> str:
        kind = str(children[0])
        if "x" in kind:
            raise Refused("+X/+X counters")
        return kind

    def counter(self, children: list[Any]) -> _Predicate:
        what = children[0].ref
        if not _stack_target(what):
            raise Refused("counter something not on the stack")
        return _pred("counter_spell", {"what": what})

    def copy(self, children: list[Any]) -> _Predicate:
        what = children[0].ref
        if not _stack_target(what) or what["target"]["kinds"] != ["spell"]:
            raise Refused("copy something other than a target spell")
        return _pred("copy_spell", {"what": what})

    def become_copy(self, children: list[Any]) -> _Predicate:
        """707.4: "~ becomes a copy of target creature card in your graveyard ..." (Lazav, the
        Multifarious), with its exceptions (707.9a-b)."""
        what = children[0].ref
        if not (isinstance(what, dict) and "target" in what and what["target"].get("zone") == "graveyard"):
            raise Refused("become a copy of something other than a target card in a graveyard")
        fields: dict[str, Any] = {"of": what}
        for change in (children[1] if len(children) > 1 else []):
            fields.update(change)
        return _pred("become_copy", fields, "what", False)

    def copy_excepts(self, children: list[Any]) -> list[dict[str, Any]]:
        return [c for c in children if isinstance(c, dict)]

    def regenerate(self, children: list[Any]) -> _Predicate:
        return _pred("regenerate", {"what": _object(children[0])})

    def attach(self, children: list[Any]) -> _Predicate:
        what, to = children
        if what.ref not in ("source",) and not (isinstance(what.ref, dict) and "it" in what.ref):
            raise Refused("attach something other than the source")
        fields: dict[str, Any] = {"to": _object(to)}
        if what.ref != "source":
            fields["what"] = what.ref
        return _pred("attach", fields)

    def fight(self, children: list[Any]) -> _Predicate:
        return _pred("fight", {"b": _object(children[-1])}, "a", False)

    def put_on_top(self, children: list[Any]) -> _Predicate:
        return _pred("put_in_library", {"what": _object(children[0], cards=True)})

    def put_onto_battlefield(self, children: list[Any]) -> _Predicate:
        np, onto = children
        what = np.ref
        if not (isinstance(what, dict) and ("target" in what and what["target"].get("zone") == "graveyard"
                                             or "chosen" in what and what["chosen"].get("zone") in ("graveyard", "hand"))):
            raise Refused("put onto the battlefield something not a card in a graveyard or hand")
        return _pred("put_onto_battlefield", {"what": what, **onto})

    def put_on_top_of_yours(self, children: list[Any]) -> _Predicate:
        """"Put target card from your graveyard on top of your library": your own card (its owner's
        library, 400.3)."""
        what = children[0].ref
        if not (_graveyard_target(what) and what["target"].get("whose") == "you"):
            raise Refused("'on top of your library' of something not a card of your graveyard")
        return _pred("put_in_library", {"what": what})

    def put_on_bottom(self, children: list[Any]) -> _Predicate:
        return _pred("put_in_library", {"what": _object(children[0], cards=True), "bottom": True})

    def add_mana(self, children: list[Any]) -> _Predicate:
        symbols = re.findall(r"\{([^}]+)\}", str(children[0]))
        if not all(s in "wubrgc" and len(s) == 1 for s in symbols):
            raise Refused("mana other than W U B R G C")
        return _pred("add_mana", {"mana": [s.upper() for s in symbols]})

    def add_any_color(self, children: list[Any]) -> _Predicate:
        if children[0] != 1:
            raise Refused("several mana of one color")
        return _pred("add_mana", {"any_color": 1})

    def investigate(self, children: list[Any]) -> _Predicate:
        return _pred("create_tokens", {"token": _predefined("clue")})  # 701.16a

    def proliferate(self, children: list[Any]) -> _Predicate:
        return _pred("proliferate", {})

    def transforms(self, children: list[Any]) -> _Predicate:
        what = _object(children[0])
        return _pred("transform", {} if what == "source" else {"what": what})

    def extra_turn(self, children: list[Any]) -> _Predicate:
        return _player("extra_turn", {})

    def keyword_action(self, children: list[Any]) -> _Predicate:
        word = str(children[0])
        action = {"explores": "explore", "connives": "connive"}.get(word, word)
        fields: dict[str, Any] = {"action": action}
        if len(children) > 1 and children[1] != 1:
            fields["amount"] = children[1]
        if action in ("explore", "connive"):
            return _pred("keyword_action", fields, "what", False)
        return _player("keyword_action", fields)

    def action_word(self, children: list[Any]) -> str:
        return str(children[0])

    action_alone = action_word

    def venture(self, children: list[Any]) -> _Predicate:
        return _player("keyword_action", {"action": "venture"})

    def monarch(self, children: list[Any]) -> _Predicate:
        return _player("keyword_action", {"action": "monarch"})

    def monstrosity(self, children: list[Any]) -> _Predicate:
        return _pred("monstrosity", {"amount": children[0]})

    def adapt(self, children: list[Any]) -> _Predicate:
        return _pred("adapt", {"amount": children[0]})

    # -- damage -----------------------------------------------------------------------
    def damage_to(self, children: list[Any]) -> _Predicate:
        amount, to = children[:2]
        return _pred("damage", {"amount": _times(amount, children), "to": _recipient(to)}, "source", False)

    def per_counter(self, children: list[Any]) -> "_PerEach":
        """"For each +1/+1 counter on ~" (or "on it", when "it" is the source)."""
        kind, np = children
        return _PerEach({"counters_on_ref": kind, "ref": np.ref})

    def per_basic_land_type(self, children: list[Any]) -> "_PerEach":
        return _PerEach({"basic_land_types_among": children[0].affected()})  # 305.6: domain

    def per_attached_to_source(self, children: list[Any]) -> "_PerEach":
        """"For each Aura and Equipment attached to ~" (301.5, 303.4): those attached to the source."""
        return _PerEach({"permanents": {"subtypes": children[0]}, "attached_to": "source"})

    def per_each(self, children: list[Any]) -> "_PerEach":
        return children[0]

    def per_desc(self, children: list[Any]) -> "_PerEach":
        desc = children[0]
        if desc.plural:
            raise Refused("for each of a plural noun")
        return _PerEach(_count(desc))

    def until_end_of_turn_first(self, children: list[Any]) -> list[Any]:
        """"Until end of turn, A and B": every change of the sentence lasts until end of turn."""
        effects = children[0]
        for effect in effects:
            (kind, fields), = effect.items()
            if kind == "gain_control" and "duration" not in fields:
                fields["duration"] = "end_of_turn"
            elif kind == "modify" and fields.get("duration", "end_of_turn") in ("permanent", "end_of_turn"):
                fields.pop("duration", None)  # end_of_turn, the default
            else:
                raise Refused("'until end of turn, ...' of something other than changes without a duration")
        return effects

    def where_x(self, children: list[Any]) -> list[Any]:
        effects, amount = children
        if amount == "x":
            raise Refused("X is X")
        found, replaced = _replace_x(effects, amount)
        if not replaced:
            raise Refused("'where X is' with no X")
        return found

    def damage_equal(self, children: list[Any]) -> _Predicate:
        amount, to = children
        return _pred("damage", {"amount": amount, "to": _recipient(to)}, "source", False)

    def damage_to_equal(self, children: list[Any]) -> _Predicate:
        to, amount = children
        return _pred("damage", {"amount": amount, "to": _recipient(to)}, "source", False)

    def damage_two(self, children: list[Any]) -> _Predicate:
        amount, to, second, other = children
        return _pred("damage", {"amount": amount, "to": _recipient(to),
                                "also": [{"amount": second, "to": _recipient(other)}]}, "source", False)

    def damage_divided(self, children: list[Any]) -> _Predicate:
        amount, (count, spec) = children
        if count == "any":  # at least 1 damage each (601.2d): no more targets than damage
            if not isinstance(amount, int) and amount != "x":
                raise Refused("damage divided among any number of targets of an amount not fixed as cast")
            count = amount
        spec = {**spec, "count": count, "up_to": True}  # at least one each (601.2d)
        return _pred("damage", {"amount": amount, "to": self._target(spec), "divided": True}, "source", False)

    def divided(self, children: list[Any]) -> tuple[Any, dict[str, Any]]:
        return children[0], {"kinds": list(ANY_TARGET)}

    def divided_described(self, children: list[Any]) -> tuple[Any, dict[str, Any]]:
        count, desc = children
        if not desc.plural:
            raise Refused("'target' with a singular noun among several")
        return count, desc.target()

    def divided_up_to_two(self, children: list[Any]) -> int:
        return 2

    def divided_up_to_three(self, children: list[Any]) -> int:
        return 3

    def divided_any_number(self, children: list[Any]) -> str:
        return "any"

    # -- changes ----------------------------------------------------------------------
    def change(self, children: list[Any]) -> Any:
        return children[0]

    def gets(self, children: list[Any]) -> _Predicate:
        gets, times = _pt_times(str(children[-1]))
        return _modify({"gets": gets}, times)

    def gets_each(self, children: list[Any]) -> _Predicate:
        gets, times = _pt_times(str(children[1]))
        if times != 1:
            raise Refused("+X/+X for each")
        per = children[2]
        if isinstance(per, Desc):  # "for each other ...": its words
            if per.plural:
                raise Refused("for each of a plural noun")
            per = _PerEach(_count(per))
        return _modify({"gets": gets}, {"count": per.count})  # 608.2h: counted as it resolves

    def gets_each_other(self, children: list[Any]) -> _Predicate:
        """"+1/+0 for each other attacking Aurochs": other than the creature that gets it (613.4c)."""
        predicate = self.gets_each(children)
        predicate.effect["modify"]["times"]["count"]["permanents"]["other"] = True
        return predicate

    def gets_each_other_until_end_of_turn(self, children: list[Any]) -> _Predicate:
        predicate = self.gets_each_other(children)
        predicate.effect["modify"]["duration"] = "end_of_turn"
        return predicate

    def gets_each_until_end_of_turn(self, children: list[Any]) -> _Predicate:
        predicate = self.gets_each(children)
        predicate.effect["modify"]["duration"] = "end_of_turn"
        return predicate

    def gains(self, children: list[Any]) -> _Predicate:
        return _modify({"gains": _keywords(children[-1])})

    def gains_quoted(self, children: list[Any]) -> _Predicate:
        return _modify({"gains": [self._granted(children[-1])]})

    def gains_both(self, children: list[Any]) -> _Predicate:
        return _modify({"gains": [*_keywords(children[-2]), self._granted(children[-1])]})

    def _granted(self, token: Any) -> dict[str, str]:
        """A quoted ability granted (613.1f), kept as its text: an ability no family reads on
        the objects that have it (unread there); "~" in it is the object that has it."""
        return {"text": _ability_text(self._quotes[int(str(token).split(":")[1])], "this permanent")}

    def becomes_color(self, children: list[Any]) -> _Predicate:
        """"Becomes black": that color only (105.3, 613.1e)."""
        return _modify({"set_colors": [str(children[0])]})

    def becomes_land_creature(self, children: list[Any]) -> _Predicate:
        """"Becomes a 4/4 Elemental creature with haste until end of turn. It's still a land.":
        a creature as well as a land (205.1b: it keeps its types and subtypes; 613.1d), with
        its creature types (205.3m), its colors if named (613.1e), base power and toughness
        (613.4b) and keywords (613.1f)."""
        words = [str(c) if isinstance(c, Token) else str(c.children[0]) for c in children if c is not None]
        power, toughness = (int(v) for v in next(w for w in words if "/" in w).split("/"))
        spec: dict[str, Any] = {"add_types": ["creature"], "set_pt": [power, toughness]}
        if subs := [w.split(":", 1)[1] for w in words if w.startswith("sub:")]:
            spec["add_subtypes"] = subs
        if colors := [w for w in words if w in COLORS]:
            spec["set_colors"] = colors
        if keywords := [k for w in words if w.startswith(("kw:", "pro:")) for k in _keywords(w)]:
            spec["gains"] = keywords
        return _modify(spec)

    def base_pt(self, children: list[Any]) -> _Predicate:
        power, toughness = (int(v) for v in str(children[-1]).split("/"))
        return _modify({"set_pt": [power, toughness]})  # 613.4b

    def loses(self, children: list[Any]) -> _Predicate:
        keywords = _keywords(children[-1])
        if not all(isinstance(k, str) for k in keywords):
            raise Refused("loses protection")
        return _modify({"loses": keywords})

    def doesnt_untap(self, children: list[Any]) -> _Predicate:
        predicate = _modify({"rules": ["doesnt_untap"]})
        predicate.effect["modify"]["duration"] = "next_untap_step"  # 502.3
        return predicate

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        found = super().__default__(data, children, meta)
        if isinstance(found, dict) and set(found) & {"rules", "loses_all_abilities"} and not isinstance(found, _Predicate):
            return _modify(found)
        return found

    # -- payments, searches, prevention -----------------------------------------------
    def pay_mana(self, children: list[Any]) -> dict[str, Any]:
        symbols = re.findall(r"\{([^}]+)\}", str(children[0]))
        if set(symbols) == {"e"}:
            return {"energy": len(symbols)}  # 107.14
        if "e" in symbols:
            raise Refused("mana and energy in one payment")
        return {"mana": _mana_text(children[0])}

    def pay_life(self, children: list[Any]) -> dict[str, Any]:
        return {"life": _number(children[0])}

    def search(self, children: list[Any]) -> _Predicate:
        whose, count, desc, found = children
        if count != 1:
            raise Refused("a search for several cards")
        return _searcher(whose, {"filter": _card_filter(desc), **found})

    def search_to_top(self, children: list[Any]) -> _Predicate:
        """"..., then shuffle and put that card on top": the card found goes on top (701.23)."""
        whose, count, desc = children[:3]
        if count != 1:
            raise Refused("a search for several cards")
        reveal = {"reveal": True} if len(children) > 3 else {}
        return _searcher(whose, {"filter": _card_filter(desc), "to": "top", **reveal})

    def library_yours(self, children: list[Any]) -> str:
        return "you"

    def library_theirs(self, children: list[Any]) -> str:
        return "they"

    def search_up_to(self, children: list[Any]) -> _Predicate:
        whose, count, desc, found = children
        if count == "x":
            raise Refused("a search for up to X cards")
        return _searcher(whose, {"filter": _card_filter(desc), "count": count, **found})

    def prevent_all_combat(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"combat": True})

    def prevent_all(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {})

    def prevent_next(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"amount": children[0], "to": _recipient(children[1])})

    def prevent_all_to(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"to": _recipient(children[0])})

    def prevent_combat_to(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"to": _recipient(children[0]), "combat": True})

    def prevent_all_by(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"by": _object(children[0])})

    def prevent_combat_by(self, children: list[Any]) -> _Predicate:
        return _pred("prevent_damage", {"by": _object(children[0]), "combat": True})

    # -- tokens (111) -----------------------------------------------------------------
    def creature_token(self, children: list[Any]) -> dict[str, Any]:
        pt, *words = children
        keywords = next((w for w in words if isinstance(w, list)), [])
        quoted = next((w for w in words if isinstance(w, _Quoted)), None)
        words = [w for w in words if not isinstance(w, (list, _Quoted))]
        colors = [str(w) for w in words if str(w) in COLORS]
        subs = [_untag(w) for w in words if isinstance(w, Token) and w.type in ("SUBTYPE", "PLURAL")]
        rest = [str(w) for w in words if str(w) not in COLORS and not (isinstance(w, Token) and w.type in ("SUBTYPE", "PLURAL"))]
        expected_colors = "colorless" if not colors else None
        if rest[:1] == ["colorless"]:
            rest = rest[1:]
        elif expected_colors:
            raise Refused("a token without its color")
        if len(colors) == 2 and "and" in rest:
            rest.remove("and")
        supertypes = ["legendary"] if rest[:1] == ["legendary"] else []
        rest = rest[len(supertypes):]
        if rest not in (["creature"], ["artifact", "creature"], ["enchantment", "creature"]) or not subs or len(colors) > 2:
            raise Refused("a token of another shape")
        power, toughness = (int(v) for v in str(pt).split("/"))
        token: dict[str, Any] = {"name": " ".join(s.title() for s in subs) + " Token", "types": rest,  # 111.4
                                 "subtypes": subs, "colors": colors, "power": power, "toughness": toughness}
        if supertypes:
            token["supertypes"] = supertypes
        lines = [", ".join(_keyword_text(k) for k in keywords)] if keywords else []
        if quoted is not None:  # an ability of the token's own, as its text (111.4); "~" was "this creature"
            lines.append(_ability_text(quoted.text, "this creature"))
        if lines:
            token["text"] = "\n".join(lines)
        return token

    def twords(self, children: list[Any]) -> str:
        return str(children[0])

    def token_with(self, children: list[Any]) -> Any:
        return _keywords(children[0])

    def token_quoted(self, children: list[Any]) -> "_Quoted":
        return _Quoted(self._quotes[int(str(children[0]).split(":")[1])])

    def token_both(self, children: list[Any]) -> list[Any]:
        return [_keywords(children[0]), self.token_quoted(children[1:])]

    def predefined_token(self, children: list[Any]) -> dict[str, Any]:
        sub = _untag(children[0])
        if sub not in PREDEFINED:
            raise Refused(f"a {sub} token without its characteristics")
        return _predefined(sub)

    # -- noun phrases -----------------------------------------------------------------
    def source(self, children: list[Any]) -> _NP:
        return _NP("source", "object")

    def it(self, children: list[Any]) -> _NP:
        return _NP({"it": "object"}, "object")

    def that(self, children: list[Any]) -> _NP:
        return _NP({"it": "that"}, "object")

    def that_card(self, children: list[Any]) -> _NP:
        """"That card": the card a trigger's object became in a graveyard (603.10a, 400.7)."""
        return _NP({"it": "card"}, "object")

    def that_kind(self, children: list[Any]) -> _NP:
        """"That land": the one target named before, a land (:meth:`Links.ref`)."""
        return _NP({"it": f"that:{children[0]}"}, "object")

    def that_noun(self, children: list[Any]) -> str:
        return str(children[0])

    def them(self, children: list[Any]) -> _NP:
        return _NP({"it": "objects"}, "object")

    def those(self, children: list[Any]) -> _NP:
        return _NP({"it": "those"}, "object")

    def that_player(self, children: list[Any]) -> _NP:
        return _NP({"it": "player"}, "player")

    def they(self, children: list[Any]) -> _NP:
        return _NP({"it": "they"}, "either")

    def you(self, children: list[Any]) -> _NP:
        return _NP("you", "player")

    def defending_player(self, children: list[Any]) -> _NP:
        return _NP({"players": "defending"}, "player")

    def its_controller(self, children: list[Any]) -> _NP:
        return _NP({"controller_of": {"it": "object"}}, "player")

    def that_controller(self, children: list[Any]) -> _NP:
        return _NP({"controller_of": {"it": "that"}}, "player")

    def its_owner(self, children: list[Any]) -> _NP:
        return _NP({"owner_of": {"it": "object"}}, "player")

    def target(self, children: list[Any]) -> _NP:
        desc = children[0]
        if desc.plural:
            raise Refused("'target' with a plural noun")
        return _NP(self._target(desc.target()), _np_kind(desc))

    def target_n(self, children: list[Any]) -> _NP:
        """"Two target creatures", "X target creatures" (601.2c, 107.3a)."""
        n, desc = children
        if n == 1 or not desc.plural:
            raise Refused("a number of targets")
        return _NP(self._target({**desc.target(), "count": n}), _np_kind(desc))

    def targets_n(self, children: list[Any]) -> _NP:
        """"Each of X targets": as many of any target's kinds (115.4)."""
        if children[0] == 1:
            raise Refused("'one targets'")
        return _NP(self._target({"kinds": list(ANY_TARGET), "count": children[0]}), "either")

    def target_any_number(self, children: list[Any]) -> _NP:
        """"Any number of target creatures" (601.2c): none to all."""
        desc = children[0]
        if not desc.plural:
            raise Refused("any number of a singular noun")
        return _NP(self._target({**desc.target(), "any_number": True}), _np_kind(desc))

    def target_up_to(self, children: list[Any]) -> _NP:
        n, desc = children
        if desc.plural != (n != 1):
            raise Refused("up to a number of targets")
        return _NP(self._target({**desc.target(), "count": n, "up_to": True}), _np_kind(desc))

    def target_up_to_other(self, children: list[Any]) -> _NP:
        """"Up to one other target creature": another target (115.3), up to that many."""
        found = self.target_up_to(children)
        found.ref["target"]["another"] = True
        return found

    def another_target(self, children: list[Any]) -> _NP:
        desc = children[0]
        return _NP(self._target({**desc.target(), "another": True}), _np_kind(desc))

    def each_and_each(self, children: list[Any]) -> _NP:
        """"Each creature and each player": two groups (120.2: dealt damage at once)."""
        return _NP({"both": [self.each([children[0]]).ref, self.each([children[1]]).ref]}, "either")

    def itself(self, children: list[Any]) -> _NP:
        return _NP({"it": "itself"}, "object")

    def any_other_target(self, children: list[Any]) -> _NP:
        """"Any other target": another target (115.3) of any target's kinds (115.4)."""
        return _NP(self._target({"kinds": list(ANY_TARGET), "another": True}), "either")

    def any_target(self, children: list[Any]) -> _NP:
        return _NP(self._target({"kinds": list(ANY_TARGET)}), "either")

    def any_target_dealt_damage(self, children: list[Any]) -> _NP:
        """115.4, restricted by the turn record: "any target that was dealt damage this turn"."""
        return _NP(self._target({"kinds": list(ANY_TARGET), "dealt_damage": True}), "either")

    def each(self, children: list[Any]) -> _NP:
        desc = children[0]
        if desc.players:
            if desc.filter:
                raise Refused("a filter on players")
            return _NP({"players": "opponents" if desc.opponent else "each"}, "player")
        return _NP({"each": desc.affected()}, "object")

    def each_of(self, children: list[Any]) -> _NP:
        """"Each of up to two target creatures", "each of them": every object the phrase names."""
        np = children[0]
        ref = np.ref
        if not (isinstance(ref, dict) and ("it" in ref or "target" in ref and (
                ref["target"].get("count", 1) != 1 or ref["target"].get("any_number")))):
            raise Refused("'each of' something not several targets or a pronoun")
        return np

    def each_other(self, children: list[Any]) -> _NP:
        return _NP({"each": children[0].affected(), "other": True}, "object")

    def group(self, children: list[Any]) -> _NP:
        desc = children[0]
        if not desc.plural or desc.players:
            raise Refused("a bare singular noun or players")
        return _NP({"each": desc.affected()}, "object")

    def some(self, children: list[Any]) -> _NP:
        n, desc = children
        return _NP({"chosen": _chosen(desc, n)}, "object")

    def some_up_to(self, children: list[Any]) -> _NP:
        """"untap up to two lands" (Snap): chosen, not targeted (115.10), none to N."""
        n, desc = children
        return _NP({"chosen": {**_chosen(desc, n), "up_to": True}}, "object")

    def another(self, children: list[Any]) -> _NP:
        chosen = _chosen(children[0], 1)
        chosen["filter"] = {**chosen["filter"], "other": True}
        return _NP({"chosen": chosen}, "object")

    def attached(self, children: list[Any]) -> _NP:
        desc = children[1]
        if desc.plural or desc.filter or desc.kinds[0] not in ("creature", "permanent", "land", "artifact"):
            raise Refused("an attached object with more words")
        return _NP("attached", "object")

    def attached_word(self, children: list[Any]) -> str:
        return str(children[0])

    def attachment_kinds(self, children: list[Any]) -> list[str]:
        return str(children[0]).split("_and_")

    def desc(self, children: list[Any]) -> Desc:
        alternatives, *posts = children
        return _desc(alternatives, posts)

    def dwords(self, children: list[Any]) -> list[list[Any]]:
        out: list[list[Any]] = [[]]
        for word in children:
            if isinstance(word, _Alternative):
                out.append([])
            else:
                out[-1].append(word)
        return out

    def alternative(self, children: list[Any]) -> "_Alternative":
        return _Alternative()

    def color_word(self, children: list[Any]) -> Token:
        return children[0]

    card_type = color_word
    status = color_word

    def with_keyword(self, children: list[Any]) -> dict[str, Any]:
        return {"keywords": _plain_keywords(children[0])}

    def without_keyword(self, children: list[Any]) -> dict[str, Any]:
        return {"not_keywords": _plain_keywords(children[0])}

    def power_at_least(self, children: list[Any]) -> dict[str, Any]:
        return _bound("power_at_least", children[0])

    def power_at_most(self, children: list[Any]) -> dict[str, Any]:
        return _bound("power_at_most", children[0])

    def toughness_at_least(self, children: list[Any]) -> dict[str, Any]:
        return _bound("toughness_at_least", children[0])

    def toughness_at_most(self, children: list[Any]) -> dict[str, Any]:
        return _bound("toughness_at_most", children[0])

    def mana_value_at_least(self, children: list[Any]) -> dict[str, Any]:
        return _bound("mana_value_at_least", children[0])

    def mana_value_is(self, children: list[Any]) -> dict[str, Any]:
        """"with mana value 2", "with mana value X": at least and at most it (202.3)."""
        low, high = _bound("mana_value_at_least", children[0]), _bound("mana_value_at_most", children[0])
        return {"x_bounds": low["x_bounds"] + high["x_bounds"]} if "x_bounds" in low else {**low, **high}

    def mana_value_at_most(self, children: list[Any]) -> dict[str, Any]:
        return _bound("mana_value_at_most", children[0])

    # -- amounts ----------------------------------------------------------------------
    def event_qty(self, children: list[Any]) -> str:
        return "that_much"

    def qty(self, children: list[Any]) -> Any:
        word = str(children[0])
        if word == "x":
            return "x"
        return 1 if word in ("a", "an") else number(word)

    def count(self, children: list[Any]) -> dict[str, Any]:
        return {"count": _count(children[0])}

    def count_plus(self, children: list[Any]) -> dict[str, Any]:
        """"2 plus the number of ...": the count and a number added (608.2h)."""
        return {"count": {**_count(children[1]), "plus": _number(children[0])}}

    def named_self(self, children: list[Any]) -> dict[str, Any]:
        """"Named ~": the card's own name (201.2), written in by the spell family (``~`` kept)."""
        return {"named": "~"}

    def source_power(self, children: list[Any]) -> dict[str, Any]:
        return {"power_of": "source"}

    def its_power(self, children: list[Any]) -> dict[str, Any]:
        return {"power_of": {"it": "object"}}

    def its_toughness(self, children: list[Any]) -> dict[str, Any]:
        return {"toughness_of": {"it": "object"}}

    def its_mana_value(self, children: list[Any]) -> dict[str, Any]:
        return {"mana_value_of": {"it": "object"}}

    def that_mana_value(self, children: list[Any]) -> dict[str, Any]:
        return {"mana_value_of": {"it": "that"}}

    def that_power(self, children: list[Any]) -> dict[str, Any]:
        return {"power_of": {"it": "that"}}

    def that_toughness(self, children: list[Any]) -> dict[str, Any]:
        return {"toughness_of": {"it": "that"}}

    def switch_target(self, children: list[Any]) -> _Predicate:
        """"Switch target creature's power and toughness" (613.4d, layer 7d)."""
        return _pred("modify", {"spec": {"switch_pt": True}, "what": self._target({"kinds": ["creature"]})})



    # -- conditions -------------------------------------------------------------------
    def you_control(self, children: list[Any]) -> dict[str, Any]:
        n, desc = children
        if n != 1:
            raise Refused("'you control two ...' without 'or more'")
        return {"controls": desc.affected()}

    def you_control_at_least(self, children: list[Any]) -> dict[str, Any]:
        n, desc = children
        return {"controls": desc.affected(), "at_least": _number(n)}

    def you_control_another(self, children: list[Any]) -> dict[str, Any]:
        return {"controls": {**children[0].affected(), "other": True}}

    def opponent_controls(self, children: list[Any]) -> dict[str, Any]:
        n, desc = children
        if n != 1:
            raise Refused("'an opponent controls two ...' without 'or more'")
        return {"opponent_controls": desc.affected()}

    def none_on_battlefield(self, children: list[Any]) -> dict[str, Any]:
        return {"on_battlefield": children[0].affected(), "not": True}

    def hand_at_least(self, children: list[Any]) -> dict[str, Any]:
        """"You have N or more cards in hand": not N - 1 or fewer."""
        return {"hand_at_most": _number(children[0]) - 1, "not": True}

    def opponent_controls_at_least(self, children: list[Any]) -> dict[str, Any]:
        n, desc = children
        return {"opponent_controls": desc.affected(), "at_least": _number(n)}

    def with_counter(self, children: list[Any]) -> dict[str, Any]:
        return {"counter": children[0]}

    def life_at_most(self, children: list[Any]) -> dict[str, Any]:
        return {"life_at_most": _number(children[0])}

    def you_control_no(self, children: list[Any]) -> dict[str, Any]:
        return {"controls": children[0].affected(), "not": True}

    def threshold(self, children: list[Any]) -> dict[str, Any]:
        return {"cards_in_graveyard": _number(children[0])}

    def graveyard_cards(self, children: list[Any]) -> dict[str, Any]:
        """"There are two or more instant and/or sorcery cards in your graveyard" (spell mastery):
        cards of one of some card types only; "there are seven or more cards in your graveyard"
        (threshold)."""
        n, desc = children
        if desc.kinds == ["card"] and desc.plural and desc.zone == ("graveyard", "you") and not desc.filter \
                and not desc.party:
            return self.threshold([n])
        if desc.kinds != ["card"] or not desc.plural or desc.zone != ("graveyard", "you") or desc.party \
                or set(desc.filter) - {"types", "any_of"}:
            raise Refused("cards in a graveyard described by more than their card types")
        union = desc.filter.get("any_of", [])
        if "types" in desc.filter and union or any(set(u) != {"types"} or len(u["types"]) != 1 for u in union):
            raise Refused("cards of all of several types")
        types = desc.filter.get("types", []) or [u["types"][0] for u in union]
        if len(desc.filter.get("types", [])) > 1:
            raise Refused("cards of all of several types")
        return {"graveyard_cards": sorted(types), "at_least": _number(n)}

    def hand_at_most(self, children: list[Any]) -> dict[str, Any]:
        return {"hand_at_most": _number(children[0])}

    # -- modes ------------------------------------------------------------------------
    def choose_n(self, children: list[Any]) -> dict[str, Any]:
        n = _number(children[0])
        return {"choose": n} if n != 1 else {}

    def choose_up_to(self, children: list[Any]) -> dict[str, Any]:
        return {"choose": _number(children[0]), "up_to": True}

    def delayed(self, children: list[Any]) -> dict[str, Any]:
        return children[0]

    # -- trigger conditions -----------------------------------------------------------
    def when(self, children: list[Any]) -> str:
        return str(children[0])

    def self_trigger(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": children[1]}

    def self_triggers(self, children: list[Any]) -> dict[str, Any]:
        return {"kind": children[1], "also": [{"kind": children[2]}]}

    def self_verb(self, children: list[Any]) -> str:
        return _SELF_VERBS[" ".join(str(c) for c in children)]

    def group_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, n, desc, event = children
        if n != 1 or desc.plural:
            raise Refused("one or more objects")
        return _group_event(event, desc.affected())

    def one_or_more_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, desc, event = children
        if not desc.plural:
            raise Refused("one or more of a singular noun")
        return {**_one_event(event, desc.affected()), "one_or_more": True}

    def another_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, desc, event = children
        return {**_one_event(event, desc.affected()), "other": True}

    def self_or_another_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, desc, event = children
        found = _one_event(event, {**desc.affected(), "other": True})
        subject = found["subject"]
        controller = subject.pop("controller", None)
        found["subject"] = {"any_of": [{"self": True}, subject], **({"controller": controller} if controller else {})}
        return found

    def attached_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, _, desc, event = children
        if desc.plural or desc.filter or desc.kinds[0] not in ("creature", "permanent", "land", "artifact"):
            raise Refused("an attached object with more words")
        if event in ("enters", "enters_yours", "enters_theirs", "enters_enchanted", "turned_face_up", "exploits",
                     "mutates"):
            raise Refused("an attached object entering or changing")
        return _group_event(event, {"attached": True})

    def blocks_or_blocked_by(self, children: list[Any]) -> dict[str, Any]:
        """"Whenever ~ blocks or becomes blocked by a creature": once for each creature it blocks
        or is blocked by (509.3c-d)."""
        if children[1] != "blocks":
            raise Refused("'or becomes blocked by a creature' after another event")
        return {"kind": "blocks_each", "also": [{"kind": "blocked_by_each"}]}

    def self_or_attached_trigger(self, children: list[Any]) -> dict[str, Any]:
        """"Whenever ~ or enchanted creature attacks": either of them (303.4, 301.5)."""
        found = self.attached_trigger(children)
        return _group_event(_event_name(found), {"any_of": [{"self": True}, {"attached": True}]})

    def you_trigger(self, children: list[Any]) -> dict[str, Any]:
        return children[1]

    def players_trigger(self, children: list[Any]) -> dict[str, Any]:
        _, n, desc, event = children
        if n != 1 or not desc.players or desc.filter:
            raise Refused("a trigger on some players")
        return {**event, "whose": "opponent" if desc.opponent else "each"}

    def cast(self, children: list[Any]) -> dict[str, Any]:
        n, desc = children
        if n != 1 or desc.kinds != ["spell"] or desc.zone:
            raise Refused("a cast trigger on something not a spell")
        return {"kind": "cast", "subject": desc.filter}  # any spell: not "this spell" (cast_self), which has none

    def step_trigger(self, children: list[Any]) -> dict[str, Any]:
        return children[0]


def _one_event(event: str, subject: dict[str, Any]) -> dict[str, Any]:
    """:func:`_group_event` of a single event (one a trigger's further words complete)."""
    if event == "attacks_or_blocks":
        raise Refused("two events with more words")
    return _group_event(event, subject)


def _event_name(event: dict[str, Any]) -> str:
    return "attacks_or_blocks" if event.get("also") else event["kind"]


def _group_event(event: str, subject: dict[str, Any]) -> dict[str, Any]:
    if event == "attacks_or_blocks":  # two events of one trigger condition
        return {"kind": "attacks", "subject": subject, "also": [{"kind": "blocks", "subject": copy.deepcopy(subject)}]}
    if event in ("enters_yours", "enters_theirs"):
        controller = "you" if event == "enters_yours" else "opponents"
        return {"kind": "enters", "subject": _merge(subject, {"controller": controller})}
    if event == "enters_enchanted":  # under the control of the player the source enchants (303.4)
        return {"kind": "enters", "subject": subject, "whose": "attached"}
    if event in ("dies_yours", "dies_theirs"):  # 400.3: its owner's graveyard
        return {"kind": "graveyard_from_battlefield", "subject": subject, "owner": "you" if event == "dies_yours" else "opponents"}
    return {"kind": event, "subject": subject}


def _modify(spec: dict[str, Any], times: Any = 1) -> _Predicate:
    return _pred("modify", {"spec": spec, **({"times": times} if times != 1 else {})}, "what", False)


def _pt_times(pt: str) -> tuple[list[int], Any]:
    """``+2/+0`` -> ([2, 0], 1); ``+X/+0`` -> ([1, 0], "x"); ``-X/-X`` -> ([-1, -1], "x")."""
    power, toughness = pt.split("/")
    if "x" not in pt:
        return [int(power), int(toughness)], 1
    parts = []
    for part in (power, toughness):
        if part[1:] == "x":
            parts.append(-1 if part[0] == "-" else 1)
        elif part[1:] == "0":
            parts.append(0)
        else:
            raise Refused("+X/+N with N not 0")
    return parts, "x"


def _np_kind(desc: Desc) -> str:
    if desc.players:
        return "player"
    return "either" if "player" in desc.kinds else "object"


def _object(np: _NP, cards: bool = False) -> Any:
    """The reference of a noun phrase that names objects (a permanent, or with ``cards`` a card
    in a graveyard too)."""
    ref = np.ref
    if np.kind == "player":
        raise Refused("not objects")
    if isinstance(ref, dict) and "target" in ref:
        kinds = ref["target"]["kinds"]
        if set(kinds) & {"player", *_STACK_KINDS} or ("card" in kinds and not cards):
            raise Refused("a target that is not a permanent")
    if isinstance(ref, dict) and "chosen" in ref and "zone" in ref["chosen"] and not cards:
        raise Refused("a chosen card where a permanent is meant")
    return ref


def _chosen(desc: Desc, count: Any) -> dict[str, Any]:
    """What a player chooses without targeting (115.10): permanents, or cards in a graveyard."""
    if desc.players or desc.opponent or desc.party:
        raise Refused("players chosen")
    if desc.kinds == ["card"]:
        if desc.zone is None:
            raise Refused("a card chosen from no zone named")
        if desc.zone[0] == "hand" and desc.zone[1] != "you":
            raise Refused("a card chosen from another's hand")
        out: dict[str, Any] = {"filter": desc.filter, "zone": desc.zone[0]}
        if desc.zone[1] != "any":
            out["whose"] = desc.zone[1]
    else:
        out = {"filter": desc.affected()}
    if count != 1:
        out["count"] = count
    return out


def _recipient(np: _NP) -> Any:
    """Something damage is dealt to: permanents or players (120.1)."""
    ref = np.ref
    if isinstance(ref, dict) and ("chosen" in ref or "target" in ref
                                  and set(ref["target"]["kinds"]) & {"card", *_STACK_KINDS}):
        raise Refused("damage to something that can't be dealt damage")
    return ref


def _stack_target(ref: Any) -> bool:
    return isinstance(ref, dict) and "target" in ref and ref["target"].get("zone") == "stack"


def _graveyard_target(ref: Any) -> bool:
    return isinstance(ref, dict) and "target" in ref and ref["target"].get("zone") == "graveyard"


def _card_filter(desc: Desc) -> dict[str, Any]:
    """What a card a search looks for is (its words before "card")."""
    if desc.kinds != ["card"] or desc.zone or desc.opponent or desc.players or desc.party:
        raise Refused("a search for something that is not cards")
    return desc.filter


def _count(desc: Desc) -> dict[str, Any]:
    """What a count counts (:class:`~mtgsolver.model.continuous.ForEach` mapping): permanents, the
    creatures in your party (700.8), or cards in graveyards (404) by their card types."""
    if desc.party:
        if desc.kinds != ["creature"] or desc.filter or desc.zone:
            raise Refused("a party of more words")
        return {"party": True}
    if desc.kinds == ["card"] and desc.zone is not None:
        filt = dict(desc.filter)
        types = filt.pop("types", [])
        if "any_of" in filt and all(set(m) == {"types"} and len(m["types"]) == 1 for m in filt["any_of"]):
            types = [m["types"][0] for m in filt.pop("any_of")]
        named = filt.pop("named", None)
        if filt or len(types) > 1 and "any_of" not in desc.filter:
            raise Refused("cards counted by more than their card types")
        if desc.zone[0] == "hand" and (types or named):
            raise Refused("cards of a type or a name in a hand: hidden (402.3)")
        whose = {"you": "you", "any": "all"}.get(desc.zone[1])
        if whose is None:
            raise Refused("cards in an opponent's graveyard counted")
        return {"cards": {"zone": desc.zone[0], "whose": whose, **({"types": sorted(types)} if types else {}),
                          **({"named": named} if named else {})}}
    return {"permanents": desc.affected()}


#: Effects whose ``who`` is the player who does them (a player's verb).
_PLAYER_VERBS = ("draw", "discard", "mill", "gain_life", "lose_life", "sacrifice", "scry", "surveil", "pay",
                 "gain_control", "extra_turn")


def _swap(value: Any, old: Any, new: Any) -> Any:
    """``value`` with every ``old`` reference written ``new``."""
    if value == old:
        return copy.deepcopy(new)
    if isinstance(value, list):
        return [_swap(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _swap(v, old, new) for k, v in value.items()}
    return value


def _resolve_it(value: Any, antecedent: Any) -> Any:
    """``value`` with "it" (an object) as ``antecedent``: "its" naming the sentence's own object."""
    if value == {"it": "object"}:
        return copy.deepcopy(antecedent)
    if isinstance(value, list):
        return [_resolve_it(v, antecedent) for v in value]
    if isinstance(value, dict):
        return {k: _resolve_it(v, antecedent) for k, v in value.items()}
    return value


def _times(amount: Any, children: list[Any]) -> Any:
    """``amount`` times the count of a "for each" among ``children`` (608.2h), or itself."""
    per = next((c for c in children if isinstance(c, _PerEach)), None)
    if per is None:
        return amount
    if not isinstance(amount, int):
        raise Refused("X for each")
    return {"count": per.count, **({"times": amount} if amount != 1 else {})}


def _amount_in(children: list[Any]) -> Any:
    """The amount among a verb's children (a number, X or an amount mapping)."""
    return next(c for c in children if isinstance(c, int) or c in ("x", "that_much") or isinstance(c, dict))


def _replace_x(value: Any, amount: Any) -> tuple[Any, bool]:
    """``value`` with every amount X replaced by ``amount`` ("where X is ...", 107.3c), a filter's
    bounds that are X given ``amount``'s count (``x_count``)."""
    if value == "x":
        return copy.deepcopy(amount), True
    if isinstance(value, dict) and "x_bounds" in value and isinstance(amount, dict) and set(amount) == {"count"}:
        return {**value, "x_count": copy.deepcopy(amount["count"])}, True  # a filter's X as a count (107.3c)
    if isinstance(value, list):
        parts = [_replace_x(v, amount) for v in value]
        return [p for p, _ in parts], any(r for _, r in parts)
    if isinstance(value, dict):
        parts = {k: _replace_x(v, amount) for k, v in value.items()}
        return {k: p for k, (p, _) in parts.items()}, any(r for _, r in parts.values())
    return value, False


def _qty(children: list[Any], default: int) -> Any:
    return next((c for c in children if isinstance(c, int) or c in ("x", "that_much")), default)


def _bound(bound: str, value: Any) -> dict[str, Any]:
    """A filter's bound: a number, or the spell's or ability's X (107.3a, ``x_bounds``)."""
    return {"x_bounds": [bound]} if value == "x" else {bound: _number(value)}


def _number(value: Any) -> int:
    if not isinstance(value, int):
        raise Refused("X where a number is needed")
    return value


def _keywords(token: Any) -> list[Any]:
    """The keywords of a tagged keyword list, protection as ``{protection: color}`` (702.16)."""
    out: list[Any] = []
    for name in str(token).split(":", 1)[1].split("+"):
        if name.startswith("protection_from_"):
            out.append({"protection": name[len("protection_from_"):]})
        else:
            out.append(name)
    return out


def _plain_keywords(token: Any) -> list[str]:
    keywords = _keywords(token)
    if not all(isinstance(k, str) for k in keywords):
        raise Refused("protection in a filter")
    return keywords  # type: ignore[return-value]


def _keyword_text(keyword: Any) -> str:
    if isinstance(keyword, dict):
        return f"Protection from {keyword['protection']}"
    return keyword.replace("_", " ").capitalize()


def _predefined(sub: str) -> dict[str, Any]:
    """A predefined token (111.10): a colorless artifact of that subtype with its text."""
    return {"name": f"{sub.title()} Token", "types": ["artifact"], "subtypes": [sub], "colors": [], "text": PREDEFINED[sub]}


def _ability_text(low: str, itself: str) -> str:
    """A quoted ability's text from its normal form: "~" written ``itself``, symbols in capitals,
    each sentence and the effect after a cost begun with a capital.

    :raises Refused: "named ~": the card's name, which the normal form no longer tells from "this
        creature"."""
    if "named ~" in low:
        raise Refused("a quoted ability naming the card")
    text = re.sub(r"\{[^}]+\}", lambda m: m.group(0).upper(), low.replace("~", itself))
    return re.sub(r"(^|[.:] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)


def _mana_text(token: Any) -> str:
    return str(token).upper()
