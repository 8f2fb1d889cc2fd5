"""The ``effects`` family: static abilities that change other permanents (611.3, 613).

:func:`read` turns one line into ``[{"continuous": {...}}]`` (see
:mod:`mtgsolver.model.continuous`) or ``None`` when the grammar in ``continuous.lark`` does not
cover it whole. What it reads:

- subjects: "enchanted/equipped creature", "[all|each] [other] [adjectives] creatures|lands|
  permanents|<Subtype>s [you control|your opponents control] [with|without KEYWORD]", and "~"
  only with a condition;
- layer changes: "get(s) +N/+M" (7c), "have/has KEYWORDS" and quoted mana abilities (6),
  "lose all abilities" (6), "have base power and toughness N/N" (7b), "is/are COLOR" (5),
  "are Mountains" (305.7) and "is a Swamp in addition to its other land types" (4);
- effects on rules (613.11): "can't attack", "can't block", "can't attack you", "attack each
  combat if able", "Creatures with flying can't block creatures you control", "No more
  than one creature can attack each combat";
- conditions: "as long as you control an artifact / N or more Elves", "as long as seven or more
  cards are in your graveyard", "it's your turn", "~ is monstrous", "during extra turns",
  "there are N or more Islands on the battlefield".

Anything else is refused (``None``): the line stays unread rather than guessed.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from lark import Lark, Token, v_args
from lark.exceptions import LarkError, VisitError

from mtgsolver.model.abilities import PLAYER_KEYWORDS
from mtgsolver.model.cards import PERMANENT_TYPES
from mtgsolver.model.keywords import COMBAT_KEYWORDS, KNOWN_KEYWORDS, canonical_keyword, is_landwalk
from mtgsolver.model.subtypes import subtypes
from mtgsolver.read.grammar.tables import ConstantRules
from mtgsolver.read.grammar.text import BASIC_LAND_TYPES, COLORS, number, player_words, plural_subtypes, untag
from mtgsolver.read.vocabulary import parse_continuous

__all__ = ["read"]

_HERE = Path(__file__).parent
#: Card types a "non"-word may name ("nonartifact", "noncreature", 205.2a)
_TYPES = PERMANENT_TYPES | {"kindred"}
#: Keywords that take a parameter ("ward {3}", "bushido 1"): never granted bare.
_PARAMETERISED = frozenset("ward bushido rampage annihilator toxic afflict absorb fading vanishing modular "
                           "graft bloodthirst dredge tribute renown crew equip enchant cumulative_upkeep "
                           "echo kicker cycling flashback madness morph ninjutsu suspend level_up reinforce "
                           "transmute evoke dash embalm eternalize escape mutate encore boast foretell "
                           "disturb blitz prototype backup craft disguise plot saddle squad offspring "
                           "impending station warp mayhem sneak casualty buyback entwine splice affinity "
                           "transfigure unearth scavenge outlast bestow megamorph awaken emerge surge "
                           "multikicker recover ripple frenzy soulshift amplify forecast hidden_agenda "
                           "devour poisonous protection landwalk champion aura_swap fortify harmonize "
                           "mobilize job_select tiered exhaust max_speed visit training".split())


@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((_HERE / "continuous.lark").read_text(encoding="utf-8"), parser="earley", lexer="basic")


@functools.lru_cache(maxsize=1)
def _keyword_phrases() -> dict[tuple[str, ...], str]:
    """Word sequences that are keywords a static may grant -> their canonical name."""
    names = [k for k in KNOWN_KEYWORDS - _PARAMETERISED]
    names += [f"{t}walk" for t in (*BASIC_LAND_TYPES, "desert")]
    names += ["nonbasic_landwalk", "legendary_landwalk", "snow_landwalk", "artifact_landwalk"]
    names += [f"protection_from_{q}" for q in (*COLORS, "artifacts", "creatures", "everything", "enchantments")]
    return {tuple(n.split("_")): n for n in names}


_WORD = re.compile(r'"[^"]*"|[+-][\dx]+/[+-][\dxy]+|\d+/\d+|name:\d+|[\w~\'-]+|[,.]')


def _tag(low: str) -> str | None:
    """Tag keyword, subtype and "non" words (see continuous.lark); ``None`` if a quote is open."""
    # "protection from black and from red": two keywords (702.16)
    low = re.sub(r"protection from (\w+) and from (\w+)", r"protection from \1 and protection from \2", low)
    low = _NUMBERED_KEYWORD.sub(lambda m: f"pkw_{m.group(1) or m.group(3)}_{m.group(2) or m.group(4)}"
                                if m.group(1) or m.group(3) else m.group(0), low)  # quoted text kept as is
    # a generic mana cost outside quotes, "{1}", as one word "generic1" (107.4b)
    low = re.sub(r'"[^"]*"|\{(\d+)\}', lambda m: f"generic{m.group(1)}" if m.group(1) else m.group(0), low)
    words = _WORD.findall(low)
    phrases = _keyword_phrases()
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i:i + 2] == ["protection", "from"]:  # from the chosen color, from a subtype (702.16a)
            if words[i + 2:i + 5] == ["the", "chosen", "color"]:
                out.append("kw:protection_from_chosen_color")
                i += 5
                continue
            if words[i + 2:i + 7] == ["creatures", "of", "the", "chosen", "type"]:  # Riders of Gavony
                out.append("kw:protection_from_chosen_type")
                i += 7
                continue
            quality = next((q for q, phrase in _PROTECTION_PHRASES if words[i + 2:i + 2 + len(phrase)] == phrase), None)
            if quality is not None:
                out.append("kw:protection_from_" + quality)
                i += 2 + len(dict(_PROTECTION_PHRASES)[quality])
                continue
            if i + 2 < len(words) and words[i + 2] in plural_subtypes():
                out.append("kw:protection_from_" + plural_subtypes()[words[i + 2]].replace(" ", "_"))
                i += 3
                continue
        for n in (4, 3, 2, 1):
            key = tuple(words[i:i + n])
            if len(key) == n and key in phrases and not (n == 1 and key[0] in ("plains",)):
                out.append("kw:" + phrases[key])
                i += n
                break
        else:
            w = words[i]
            i += 1
            base = w[3:].lstrip("-") if w.startswith("non") and w != "nonbasic" else None
            if w == "time" and words[i:i + 1] == ["lord"]:
                out.append("sub:time_lord")
                i += 1
            elif base in _TYPES:
                out.append("nontype:" + base)
            elif base in COLORS:
                out.append("noncolor:" + base)
            elif base in subtypes():
                out.append("nonsub:" + base)
            elif w in plural_subtypes() and not (w in subtypes() and out[-1:] in (["a"], ["an"], ["another"])):
                out.append("plu:" + plural_subtypes()[w])
            elif w in subtypes() and words[i:i + 1] not in (["counter"], ["counters"]):  # a gold counter
                out.append("sub:" + w)
            else:
                out.append(w)
    return re.sub(r"\bpkw_([a-z]+)_(\d+)\b", r"pkw:\1:\2", " ".join(out))


#: Keywords with a parameter the model holds (702.21 ward {N}, 702.86 annihilator N, 702.130
#: afflict N, 702.45 bushido N, 702.23 rampage N, 702.164 toxic N): "pkw:ward:1" once tagged.
_NUMBERED_KEYWORD = re.compile(r'"[^"]*"|\b(?:(ward) \{(\d+)\}|(annihilator|afflict|bushido|rampage|toxic) (\d+)\b)')


def _pkeyword(token: str) -> dict:
    """A tagged parameterised keyword as its board vocabulary entry: ``{ward: "{1}"}``,
    ``{annihilator: 2}``."""
    _, name, n = token.split(":")
    return {name: f"{{{n}}}" if name == "ward" else int(n)}


#: Protection whose qualities the layers work out (702.16g-i): the words after "protection from".
_PROTECTION_PHRASES = (
    ("all_colors", ["all", "colors"]),  # Spectra Ward: one protection per color
    ("chosen_color", ["the", "last", "chosen", "color"]),  # Sanctuary Blade: its chosen_color
    ("its_colors", ["its", "colors"]),  # Earnest Fellowship
    ("colors_of_your_permanents", ["the", "colors", "of", "permanents", "you", "control"]),  # Pledge of Loyalty
    ("colors_outside_commander_identity",  # Commander's Plate (903.4)
     ["each", "color", "that's", "not", "in", "your", "commander's", "color", "identity"]),
)


def _both_subtypes(have: list, more: list) -> dict:
    """"Eldrazi Spawn creatures", "Elf Warrior creatures": both subtypes (205.3), written as a
    one-member ``any_of`` beside ``subtypes``."""
    if len(have) != 1 or len(more) != 1:
        raise ValueError("two subtype lists")
    return {"subtypes": more}


def _need(token: Token, word: str) -> None:
    if str(token) != word:
        raise ValueError(f"expected {word!r}, got {token!r}")


def _sub(token: Token) -> str:
    return str(token).split(":", 1)[-1].replace("_", " ")


def _keyword(token: str) -> Any:
    m = re.fullmatch(r"protection_from_(\w+)", token)
    if m and m.group(1) == "all_colors":  # 702.16h: protection from each color
        return [{"protection": c} for c in COLORS]
    if m and m.group(1) in ("its_colors", "colors_of_your_permanents", "colors_outside_commander_identity"):
        return {"protection": m.group(1)}
    if m:
        q = m.group(1)
        return {"protection": {"artifacts": "artifact", "enchantments": "enchantment"}.get(q, q.replace("_", " ")
                                                                                          if q not in ("chosen_color", "chosen_type") else q)}
    return canonical_keyword(token)


class _Group(dict):
    """An affected-set mapping under construction."""


#: The constant rules of ``continuous.lark``: rule or alias -> its value (:mod:`.tables`):
#: a condition (611.3b), a part of an affected set, a count (613.4c) or a change (613).
CONSTANTS: dict[str, Any] = {
    # conditions (611.3b)
    "your_turn": {"your_turn": True},
    "not_your_turn": {"your_turn": False},
    "monstrous": {"monstrous": True},  # 701.37b
    "day": {"day_night": "day"},  # 731
    "night": {"day_night": "night"},
    "source_untapped": {"source_untapped": True},
    "source_tapped": {"source_untapped": True, "not": True},
    "paired": {"paired": True},  # "as long as ~ is paired with another creature" (702.95b)
    "completed_dungeon": {"completed_dungeon": True},  # 309.7
    "city_blessing": {"city_blessing": True},  # 702.131c
    "life_at_starting": {"life_over_starting": 0},  # 103.4
    "in_graveyard": {"in_graveyard": True},  # 113.6b: the ability functions from there
    "during_extra": {"extra_turn": True},
    # conditions on the affected object or set ("as long as it's attacking", "they all share a
    # color", Common Cause): see _on_the_affected
    "it_attacking": {"attacking": True},
    "it_not_attacking": {"not_attacking": True},
    "it_blocking": {"blocking": True},
    "share_color": {"_share_color": True},
    # subjects
    "self": {"self": True},
    "attached": {"attached": True},  # enchanted / equipped (303.4, 301.5)
    "pair_subject": {"paired": True},  # "both creatures", "each of those creatures" (702.95b)
    # adjectives and nouns of an affected set (611.3a)
    "attacking": {"attacking": True},
    "blocking": {"blocking": True},
    "tapped": {"tapped": True},
    "untapped": {"tapped": False},
    "multicolored": {"multicolored": True},
    "colorless": {"colorless": True},
    "nontoken": {"token": False},
    "nonbasic": {"not_supertypes": ["basic"]},
    "commander": {"commander": True},
    "modified": {"attachments": "modified"},  # 700.9
    "n_creature": {"types": ["creature"]},
    "n_creatures": {"types": ["creature"]},
    "n_land": {"types": ["land"]},
    "n_permanent": {},
    "n_artifact": {"types": ["artifact"]},
    "n_enchantment": {"types": ["enchantment"]},
    "n_token": {"token": True},
    "yours": {"controller": "you"},
    "theirs": {"controller": "opponents"},
    "with_highest_mana_value": {"highest_mana_value": True},  # Favor of the Mighty: ties included
    # counts: "for each ..." (613.4c)
    "count_hand": {"cards_in_hand": True},
    "count_hand_its": {"cards": {"zone": "hand", "whose": "its_controller"}},
    "count_graveyard": {"creature_cards_in_graveyard": True},
    "count_cards_yours": {"cards": {"zone": "graveyard", "whose": "you"}},
    "count_spells_yours": {"cards": {"zone": "graveyard", "whose": "you", "types": ["instant", "sorcery"]}},
    "count_counters_any": {"counters_on_source": "any"},  # every counter, whatever its kind (Kyler)
    "count_counters_it_any": {"counters_on_it": "any"},
    "count_its_colors": {"colors_of_it": True},  # 105.2
    "count_bushido": {"bushido_of_it": True},  # Takeno (702.45)
    "count_party": {"party": True},  # 700.8
    # changes: rules effects (613.11; "you" is the source's controller)
    "cant_attack": {"rules": ["cant_attack"]},
    "cant_attack_you": {"rules": [{"cant_attack": "you"}]},
    "cant_attack_you_or_planeswalkers": {"rules": [{"cant_attack": "you"}, {"cant_attack_planeswalkers_of": "you"}]},
    "cant_block": {"rules": ["cant_block"]},
    "cant_attack_or_block": {"rules": ["cant_attack", "cant_block"]},
    "cant_be_blocked": {"rules": ["cant_be_blocked"]},
    "attacks_only_alone": {"rules": ["attacks_only_alone"]},  # Errantry (506.5, 508.1c)
    "doesnt_untap": {"rules": ["doesnt_untap"]},  # 502.3
    "damage_by_toughness": {"rules": ["assigns_damage_by_toughness"]},  # 510.1a
    "goaded": {"goaded": True},  # 701.15a: by the source's controller while it applies
    # changes: colors, types and abilities (613.1d-f, 613.4b)
    "is_colorless": {"set_colors": []},
    "every_creature_type": {"all_creature_types": True},  # 205.3m
    "pt_mana_value": {"base_pt_mana_value": True},  # Opalescence (613.4b)
    "loses_all_other": {"loses_all_abilities": True, "_other": True},  # see _settle
    "loses_all_other_types": {"loses_all_abilities": True, "_other": True, "_other_types": True},
    "loses_land_types": {"remove_land_types": True, "loses_all_abilities": True},  # Lithoform Blight
}


@v_args(inline=True)
class _Build(ConstantRules, constants=CONSTANTS):
    """Syntax tree -> the ``continuous`` mapping (or a board effect)."""

    # -- groups -------------------------------------------------------------------------
    def color(self, *cs: Token) -> dict:
        return {"colors": [str(c) for c in cs]}

    def noncolor(self, c: Token) -> dict:
        return {"not_colors": [_sub(c)]}

    def nontype(self, t: Token) -> dict:
        return {"not_types": [_sub(t)]}

    def nonsubtype(self, t: Token) -> dict:
        return {"not_subtypes": [_sub(t)]}

    def with_counter(self, *tokens: Token) -> dict:
        kinds = [str(t) for t in tokens if t is not None and t.type in ("PT", "COUNTERKIND")]
        return {"counter": kinds[0] if kinds else "any"}

    def with_power(self, n: Token, less_more: Token) -> dict:
        return {"power_at_most" if str(less_more) == "less" else "power_at_least": number(n)}

    def attached_adj(self, how: Token) -> dict:
        """"Equipped creatures you control" (301.5), "Enchanted ..." as an adjective (303.4)."""
        return {"attachments": str(how)}

    def that_are(self, *hows: Token) -> dict:
        words = sorted({str(h) for h in hows if h is not None})
        return {"attachments": "enchanted_or_equipped" if len(words) == 2 else words[0]}

    def named(self, ref: Token) -> dict:
        """"Creatures named Lightning Rager" (201.2)."""
        return {"named": _PRINTED_NAMES[int(str(ref).split(":")[1])]}

    def chosen(self, word: Token | None = None) -> dict:
        return {"chosen_type": True} if word is not None else {"chosen_color": True}

    def that_is(self, *tokens: Token) -> dict:
        return {"subtypes": [_sub(t) for t in tokens if t.type == "SUBTYPE"]}

    def supertype(self, t: Token) -> dict:
        return {"supertypes": [str(t)]}

    def type(self, t: Token) -> dict:
        return {"types": [str(t)]}

    def subtype(self, *ts: Token) -> dict:
        """One subtype, or "Ninja and Rogue creatures": either of them."""
        return {"subtypes": [_sub(t) for t in ts]}

    def one_type(self, t: Token) -> dict:
        return {"types": [str(t)]}

    def one_subtype(self, t: Token) -> dict:
        return {"subtypes": [_sub(t)]}

    def n_plural(self, *ts: Token) -> dict:
        """"Elves", or "Wolves and Werewolves": each permanent of either subtype."""
        return {"subtypes": [_sub(t) for t in ts]}

    def with_kw(self, k: Token) -> dict:
        return {"keywords": [untag(k)]}

    def without_kw(self, *ks: Token) -> dict:
        """"without flying", "without flying or islandwalk": has none of them (Stormtide)."""
        return {"not_keywords": [untag(k) for k in ks]}

    def with_power_or_toughness(self, part: Token, n: Token, less: Token) -> dict:
        """"with power or toughness 1 or less" (Tetsuko): either bound."""
        _need(part, "toughness")
        _need(less, "less")
        m = number(n)
        return {"any_of": [{"power_at_most": m}, {"toughness_at_most": m}]}

    def group(self, *parts: Any) -> _Group:
        out = _Group()
        for part in parts:
            if isinstance(part, Token):
                if part.type == "OTHER":
                    out["other"] = True
                continue
            for key, value in (part or {}).items():
                if (key == "any_of" or key == "subtypes" and key in out) and "any_of" in out:
                    raise ValueError("a group's second any_of: its members are alternatives, not all required")
                if key == "any_of":
                    out[key] = value
                elif key == "subtypes" and key in out:
                    out["any_of"] = [_both_subtypes(out[key], value)]
                elif isinstance(value, list):
                    out[key] = sorted(set(out.get(key, [])) | set(value))
                else:
                    out[key] = value
        return out

    member = group

    def member_plural(self, t: Token) -> dict:
        return self.n_plural(t)

    def either(self, sup: Token, sub: Token) -> dict:
        """"snow and Zombie creatures": snow creatures, Zombies, or both (611.3a; Narfi's
        ruling: a snow Zombie gets the bonus once)."""
        return {"any_of": [{"supertypes": [str(sup)]}, {"subtypes": [_sub(sub)]}]}

    def union(self, first: _Group, second: _Group) -> dict:
        """"Skeletons you control and other Zombies you control": either group, once (Death
        Baron's ruling); the two must agree on the controller."""
        if first.get("controller") != second.get("controller"):
            raise ValueError("a union of groups with different controllers")
        return {"any_of": [dict(first), dict(second)]}

    group_one = group

    # -- subjects -----------------------------------------------------------------------
    def grouped(self, g: _Group) -> dict:
        return dict(g)

    # -- predicates ---------------------------------------------------------------------
    def gets(self, _g: Token, pt: Token) -> dict:
        p, t = str(pt).split("/")
        return {"gets": [int(p), int(t)]}

    def gets_each(self, g: Token, pt: Token, count: dict) -> dict:
        return {**self.gets(g, pt), "for_each": count}

    def gets_x(self, _g: Token, xpt: Token, count: dict) -> dict:
        """"gets -X/-0, where X is the number of ...": X is the count (613.4c)."""
        p, t = (0 if part[1] == "0" else (1 if part[0] == "+" else -1) for part in str(xpt).split("/"))
        return {"gets": [p, t], "for_each": count}

    def gets_halves(self, _g: Token, down: dict, up: dict) -> dict:
        """Aspect of Wolf: "+X/+Y, where X is half the number of Forests you control, rounded
        down, and Y is half ..., rounded up" (613.4c: one count, halved two ways)."""
        if down != up:
            raise ValueError("two different counts")
        return {"gets": [1, 1], "for_each": down, "halved": True}

    def count_group(self, *parts: Any) -> dict:
        """"for each [other] Forest you control": ``other`` is other than the affected object."""
        out: dict[str, Any] = {}
        for part in parts:
            if isinstance(part, Token):
                out["other"] = True
            elif part:
                out.update(part)
        return {"permanents": out}

    def count_everywhere(self, *parts: Any) -> dict:
        out = self.count_group(*parts)
        if "controller" in out["permanents"]:
            raise ValueError("on the battlefield: any controller")
        return out

    def count_counters(self, kind: Token) -> dict:
        return {"counters_on_source": str(kind)}

    # -- counts relative to attachments, counters, colors and cards (613.4c) ----------------
    def more_count(self, count: dict) -> dict:
        return count

    def gets_x_mana_value(self, g: Token, xpt: Token) -> dict:
        """"gets +X/+X, where X is its mana value" (202.3: X in its cost is 0)."""
        return {**self.gets_x(g, xpt, {}), "for_each": {"mana_value_of_it": True}}

    def count_counters_it(self, kind: Token) -> dict:
        """"for each spore counter on it", "slime counter on them": on the affected object."""
        return {"counters_on_it": str(kind)}

    def count_counters_sub(self, kind: Token) -> dict:
        """"blood counter on ~": a counter kind that is also a subtype word (Blood tokens)."""
        return {"counters_on_source": _sub(kind)}

    def count_counters_on(self, kind: Token, g: _Group) -> dict:
        """"+1/+1 counter on other creatures you control": the counters on those permanents."""
        return {"permanents": dict(g), "counters": str(kind)}

    def attach_kinds(self, *subs: Token) -> dict:
        kinds = sorted({_sub(t) for t in subs if t is not None})
        if not set(kinds) <= {"aura", "equipment"}:
            raise ValueError("only Auras and Equipment are attached")
        return {"subtypes": kinds}

    def count_attached_it(self, kinds: dict) -> dict:
        """"for each Equipment attached to it" (301.5), "Aura and Equipment": either."""
        return {"permanents": kinds, "attached_to": "it"}

    def count_attached_source(self, kinds: dict) -> dict:
        return {"permanents": kinds, "attached_to": "source"}

    def count_attached_creature(self, g: _Group, control: dict) -> dict:
        """"for each Aura you control that's attached to a creature" (Sage's Reverie)."""
        if dict(g) != {"subtypes": ["aura"]}:
            raise ValueError("Auras only")
        return {"permanents": {**g, **control}, "attached_to": "creature"}

    def count_colors_among(self, g: _Group) -> dict:
        return {"colors_among": dict(g)}

    def count_land_types_among(self, g: _Group) -> dict:
        """Domain: "for each basic land type among lands you control" (305.6)."""
        return {"basic_land_types_among": dict(g)}

    def count_types_or(self, a: Token, b: Token, control: dict) -> dict:
        """"artifact and/or enchantment you control": permanents of either type."""
        return {"permanents": [{"types": [str(a)], **control}, {"types": [str(b)], **control}]}

    def count_subtypes_or(self, *parts: Any) -> dict:
        """"Dwarf, Equipment, and/or Vehicle you control": any of the subtypes."""
        return {"permanents": {"subtypes": sorted(_sub(t) for t in parts[:-1]), **parts[-1]}}

    def count_cards_all(self, t: Token | None, _c: Token) -> dict:
        return {"cards": {"zone": "graveyard", "whose": "all", **({"types": [str(t)]} if t is not None else {})}}

    def count_cards_its(self, t: Token | None, _c: Token) -> dict:
        """"creature cards in its controller's graveyard": the affected creature's controller."""
        return {"cards": {"zone": "graveyard", "whose": "its_controller", **({"types": [str(t)]} if t is not None else {})}}

    def count_sharing(self, *parts: Any) -> dict:
        """"for each other creature [on the battlefield | you control] that shares a creature
        type with it" (205.3m): once per creature, however many types it shares."""
        return {**self.count_group(*(p for p in parts if not (isinstance(p, Token) and p.type == "SHARES"))),
                "shares_creature_type": True}

    def count_same_name(self, *parts: Any) -> dict:
        """Mirror Box: "for each other creature you control with the same name as that creature"."""
        return {**self.count_group(*parts), "same_name": True}

    def count_chroma(self, color: Token) -> dict:
        """Chroma: "for each white mana symbol in its mana cost" (hybrid symbols count)."""
        return {"mana_symbols_of_it": str(color)}

    def cda_count(self, count: dict) -> dict:
        return count

    def cda(self, part: Token, _be: Token, *rest: Any) -> dict:
        """"~'s power and toughness are each equal to the number of ..." (604.3, 613.4a)."""
        plus, count = rest[-2:]
        if (str(part) == "power and toughness") != (str(_be) == "are") or (len(rest) == 3 and str(rest[0]) != "each"):
            raise ValueError("agreement")
        each = {**count, "plus": number(plus)} if plus is not None else count
        return {"affects": {"self": True}, "defines_pt": {"power and toughness": "both"}.get(str(part), str(part)),
                "for_each": each}

    def cda_life(self, part: Token, _be: Token, *rest: Any) -> dict:
        """"~'s power and toughness are each equal to 20 minus the highest life total among
        players" (Scourge of the Skyclaves; 604.3, 613.4a, 119)."""
        cda = self.cda(part, _be, *rest[:-1], None, {"highest_life_total": True})
        return {**cda, "for_each": {"highest_life_total": True, "plus": number(rest[-1]), "subtracted": True}}

    def has(self, _h: Token, grants: list) -> dict:
        return {"gains": grants}

    def loses(self, _l: Token, kws: list) -> dict:
        if not all(isinstance(k, str) for k in kws):
            raise ValueError("loses protection")
        return {"loses": kws}

    def keywords(self, *kws: Token) -> list:
        return [_keyword(untag(k)) for k in kws]

    def grants(self, *items: Token) -> list:
        """Keywords, granted mana abilities, and other quoted abilities as ``{text: ...}``: an
        ability no grammar reads stays unread on the objects it is granted to (613.1f)."""
        out: list = []
        for i in items:
            entry = (_keyword(untag(i)) if i.type == "KEYWORD" else _pkeyword(str(i)) if i.type == "PKEYWORD"
                     else _quoted(str(i)[1:-1]))
            out += entry if isinstance(entry, list) else [entry]
        return out

    def base_pt(self, _h: Token, pt: Token) -> dict:
        p, t = str(pt).split("/")
        return {"set_pt": [int(p), int(t)]}

    def loses_all(self, _l: Token, quant: Token) -> dict:
        _need(quant, "all")
        return {"loses_all_abilities": True}

    def max_blockers(self, n: Token, *noun: Token) -> dict:
        """509.1b: "can't be blocked by more than one creature"."""
        if noun:
            _need(noun[0], "creature")
        return {"rules": [{"max_blockers": number(n)}]}

    def min_blockers(self, n: Token) -> dict:
        """509.1b: "can't be blocked except by three or more creatures"."""
        return {"rules": [{"min_blockers": number(n)}]}

    def blocked_only_by(self, filters: list) -> dict:
        """509.1b: "can't be blocked except by ...": only creatures matching one of them."""
        return {"rules": [{"can_be_blocked_only_by": filters}]}

    def except_subtypes(self, *ts: Token) -> list:
        return [{"subtype": _sub(t)} for t in ts]

    def except_supertype(self, t: Token) -> list:
        return [{"supertype": str(t)}]

    def except_keyword(self, k: Token) -> list:
        return [{"keyword": untag(k)}]

    def blocked_despite(self, _they: Token, kw: Token) -> dict:
        """"Creatures with forestwalk can be blocked as though they didn't have forestwalk"
        (Deadfall; 702.14): blocks ignore that landwalk, the creature keeps it (613.11)."""
        if not is_landwalk(untag(kw)):
            raise ValueError("only landwalk is ignored by blocks here")
        return {"rules": [{"can_be_blocked_despite": untag(kw)}]}

    def attack_despite(self, _they: Token, kw: Token) -> dict:
        """"can attack as though they didn't have defender" (High Alert; 702.3b)."""
        _need(kw, "kw:defender")
        return {"rules": ["can_attack_despite_defender"]}

    def cant_have(self, kws: list) -> dict:
        """"can't have or gain trample" (Archetype of Aggression; 113.11, 613.1f)."""
        if not all(isinstance(k, str) for k in kws):
            raise ValueError("can't have protection")
        return {"cant_have": kws}

    def cant_activate(self, poss: Token, tap: Token | None, unless: Token | None) -> dict:
        """"its activated abilities can't be activated [unless they're mana abilities]", "their
        activated abilities with {T} in their costs can't be activated" (602.5)."""
        if tap is not None and unless is not None:
            raise ValueError("one restriction")
        return {"rules": [{"cant_activate": "tap" if tap is not None else "non_mana" if unless is not None else "all"}]}

    def cant_attack_block_crew(self, block: Token, vehicles: Token) -> dict:
        """"can't attack, block, or crew Vehicles" (702.122c: it can't be tapped to pay a crew
        cost)."""
        if str(block) != "block" or _sub(vehicles) != "vehicle":
            raise ValueError("crew Vehicles")
        return {"rules": ["cant_attack", "cant_block", "cant_crew"]}

    def second_sentence(self, first: dict, second: dict) -> dict:
        """"Enchanted permanent can't attack, block, or crew Vehicles. Its activated abilities
        can't be activated ..." (Intercessor's Arrest): the second sentence only restricts
        activation, of the same object."""
        if set(second) != {"rules"} or not all(isinstance(r, dict) and "cant_activate" in r for r in second["rules"]):
            raise ValueError("a second sentence about activation only")
        return self.predicates(first, second)

    def each_combat(self, act: Token, quant: Token) -> dict:
        _need(quant, "each")
        return {"rules": ["attacks_each_combat" if str(act).startswith("attack") else "blocks_each_combat"]}

    def colors(self, *cs: Token) -> list:
        return [str(c) for c in cs]

    def is_colors(self, _b: Token, cs: list) -> dict:
        return {"set_colors": cs}

    def set_land_types(self, _b: Token, lands: Token) -> dict:
        land = _sub(lands)
        if land not in BASIC_LAND_TYPES:
            raise ValueError("only basic land types")
        return {"set_land_types": [land]}

    def add_subtype(self, _b: Token, _a: Token, sub: Token, _p: Token, _o: Token, kind: Token) -> dict:
        kind_of = subtypes().get(_sub(sub))
        if str(kind) != {"land": "land types", "creature": "creature types"}.get(kind_of, "types") and str(kind) != "types":
            raise ValueError("subtype of another kind")
        return {"add_subtypes": [_sub(sub)]}

    def add_type(self, _b: Token, *rest: Token) -> dict:
        t = [r for r in rest if r.type == "TYPE"][0]
        if [r for r in rest if r.type == "KIND"][0] != "types":
            raise ValueError("in addition to its other types")
        return {"add_types": [str(t)]}

    def add_subtype_plural(self, _b: Token, plural: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """"All lands are Islands in addition to their other types" (613.1d, 305.7 doesn't apply)."""
        return self.add_subtype(_b, None, plural, _p, _o, kind)  # type: ignore[arg-type]

    def add_artifact_type(self, _b: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """"All permanents are artifacts in addition to their other types" (613.1d)."""
        if str(kind) != "types":
            raise ValueError("in addition to their other types")
        return {"add_types": ["artifact"]}

    def add_enchantment_type(self, _b: Token, _p: Token, _o: Token, kind: Token) -> dict:
        return {**self.add_artifact_type(_b, _p, _o, kind), "add_types": ["enchantment"]}

    def add_basic_types(self, _b: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """Prismatic Omen: every basic land type in addition (305.6: their mana abilities too)."""
        if str(kind) != "types":
            raise ValueError("in addition to their other types")
        return {"add_subtypes": list(BASIC_LAND_TYPES)}

    def becomes_land_types(self, _b: Token, _a: Token, *subs: Token) -> dict:
        """"Enchanted land is an Island" (305.7: it loses its other land types and its rules-text
        abilities)."""
        lands = [_sub(t) for t in subs]
        if not all(land in BASIC_LAND_TYPES for land in lands):
            raise ValueError("only basic land types")
        return {"set_land_types": lands}

    def animated_lands(self, _b: Token, pt: Token, color: Token | None, sub: Token | None) -> dict:
        """"All Forests are 1/1 creatures that are still lands" (613.1d, 613.1e, 613.4b)."""
        out: dict[str, Any] = {"add_types": ["creature"], **self.base_pt(_b, pt)}
        if color is not None:
            out["set_colors"] = [str(color)]
        if sub is not None:
            if subtypes().get(_sub(sub)) != "creature":
                raise ValueError("a creature type")
            out["add_subtypes"] = [_sub(sub)]
        return out

    def animated(self, _b: Token, _a: Token, t: Token, pt: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """"Enchanted artifact is a creature with base power and toughness 5/5 in addition to its
        other types" (Ensoul Artifact; 613.1d, 613.4b)."""
        if str(kind) != "types":
            raise ValueError("in addition to its other types")
        return {"add_types": [str(t)], **self.base_pt(_b, pt)}

    def become_lands(self, _b: Token, sub: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """Ashaya: "Nontoken creatures you control are Forest lands in addition to their other
        types" (613.1d; 305.6 gives them the Forest's mana ability)."""
        if str(kind) != "types" or _sub(sub) not in BASIC_LAND_TYPES:
            raise ValueError("a basic land type, in addition to their other types")
        return {"add_types": ["land"], "add_subtypes": [_sub(sub)]}

    def predicates_they(self, first: dict, they: Token, second: dict) -> dict:
        """"Survivors ... can't block, and they can't attack you ..." (Varchild): both predicates."""
        _need(they, "they")
        return self.predicates(first, second)

    def predicates(self, *preds: Any) -> dict:
        out: dict[str, Any] = {}
        for it in (p for p in preds if isinstance(p, Token)):  # ", and it loses ..." (Darksteel Mutation)
            _need(it, "it")
        for p in (p for p in preds if not isinstance(p, Token)):
            for key, value in p.items():
                if key in out and isinstance(value, list):
                    out[key] = out[key] + value
                elif key in out:
                    raise ValueError(f"{key} twice")
                else:
                    out[key] = value
        return out

    # -- conditions ---------------------------------------------------------------------
    def one(self, _a: Token, g: _Group) -> dict:
        return {"filter": dict(g), "at_least": 1}

    def another(self, g: _Group) -> dict:
        return {"filter": {**g, "other": True}, "at_least": 1}

    def many(self, n: Token, g: _Group) -> dict:
        return {"filter": dict(g), "at_least": number(n)}

    def you_control(self, cg: dict) -> dict:
        return {"controls": cg["filter"], "at_least": cg["at_least"]}

    def opp_controls(self, cg: dict) -> dict:
        return {"opponent_controls": cg["filter"], "at_least": cg["at_least"]}

    def graveyard(self, n: Token) -> dict:
        return {"cards_in_graveyard": number(n)}

    def source_equipped(self, _be: Token, attached: Token) -> dict:
        """"as long as ~ is equipped" (301.5) / "is enchanted" (303.4)."""
        return {"source_equipped" if str(attached) == "equipped" else "source_enchanted": True}

    def source_counters(self, *tokens: Token) -> dict:
        n = [number(t) for t in tokens if t.type == "NUMBER"]
        kind = next(str(t) for t in tokens if t.type in ("COUNTERKIND", "PT"))
        return {"counters_on_source": kind, "at_least": n[0] if n else 1}

    def source_counters_there(self, n: Token, kind: Token) -> dict:
        return {"counters_on_source": str(kind), "at_least": number(n)}

    def life_at_most(self, n: Token) -> dict:
        return {"life_at_most": number(n)}

    def life_at_least(self, n: Token) -> dict:
        return {"life_at_least": number(n)}

    # -- conditions on the affected object (611.3b) ---------------------------------------
    def it_cond(self, what: dict) -> dict:
        """"as long as it's a Zombie": a filter on each affected object (see _on_the_affected)."""
        return {"_it": what}

    def it_type(self, *tokens: Token) -> dict:
        return {"types": [str(tokens[-1])]}

    def it_subtype(self, _a: Token, sub: Token) -> dict:
        return {"subtypes": [_sub(sub)]}

    def it_color(self, c: Token) -> dict:
        return {"colors": [str(c)]}

    def it_supertype(self, s: Token) -> dict:
        return {"supertypes": [str(s)]}

    def it_graveyard(self, n: Token) -> dict:
        """So Tiny: "its controller has seven or more cards in their graveyard"."""
        return {"_it": {"controller_graveyard_at_least": number(n)}}

    def cond_and(self, a: dict, b: dict) -> dict:
        return {"_all": [a, b]}

    def sharing(self, g: _Group, word: Token | None = None) -> dict:
        """Konda's Banner: "Creatures that share a color / a creature type with equipped
        creature" (105.1, 205.3m)."""
        if word is not None and str(word) != "creature type":
            raise ValueError("share a creature type")
        return {**g, "shares_with_attached": "creature_type" if word is not None else "color"}

    def each_subtype(self, quant: Token, sub: Token, control: dict | None) -> dict:
        """"Each Vehicle you control" (Depala): each permanent of that subtype."""
        _need(quant, "each")
        return {"subtypes": [_sub(sub)], **(control or {})}

    def cond_graveyard(self, gy: dict, other: dict | None) -> dict:
        """"As long as ~ is in your graveyard and you control a Mountain": both atoms."""
        return {"_all": [gy] + ([other] if other is not None else [])}

    def rider(self, *auras: Token) -> dict:
        """702.16n: "This effect doesn't remove ~" or "... Auras" (tagged ``plu:aura``)."""
        if auras and _sub(auras[0]) != "aura":
            raise ValueError("only Auras")
        return {"_rider": True}

    # -- conditions on the board (611.3b): players, the source and what it is attached to --
    def adjs(self, *parts: dict) -> dict:
        """"nonartifact, nonwhite": every one of them."""
        return dict(self.group(*parts))

    def you_control_none(self, _no: Token, *parts: Any) -> dict:
        """"as long as you control no nonartifact, nonwhite creatures": not even one."""
        return {"controls": dict(self.group(*parts)), "not": True}

    def attached_controller_none(self, _no: Token, _other: Token, *parts: Any) -> dict:
        """"its controller controls no other creatures": "its" is the object the source is
        attached to, "other" other than it."""
        return {"attached_controller_controls": {**self.group(*parts), "other": True}, "not": True}

    def defender_controls(self, cg: dict) -> dict:
        """"as long as defending player controls an artifact land" (506.2): read as the
        ``cant_be_blocked_if_defender`` rule below, nothing else."""
        if cg["at_least"] != 1 or "other" in cg["filter"]:
            raise ValueError("defending player controls: one permanent")
        return {"_defender": cg["filter"]}

    def hand_at_most(self, n: Token) -> dict:
        return {"hand_at_most": number(n)}

    def life_over_starting(self, n: Token) -> dict:
        return {"life_over_starting": number(n)}

    def opponent_graveyard(self, n: Token) -> dict:
        return {"opponent_graveyard": number(n)}

    def graveyard_types(self, n: Token) -> dict:
        return {"graveyard_types": number(n)}

    def source_any_counters(self, _h: Token, n: Token) -> dict:
        return {"counters_on_source": "any", "at_least": number(n)}

    def source_counters_exactly(self, n: Token, kind: Token) -> dict:
        """"there is exactly one tide counter on ~" / "there are exactly three ..."."""
        return {"counters_on_source": str(kind), "at_least": number(n), "at_most": number(n)}

    def attached_tapped(self, _a: Token, t: Token, _be: Token) -> dict:
        return {"attached_matches": {"types": [str(t)], "tapped": True}}

    def attached_untapped(self, _a: Token, t: Token, _be: Token) -> dict:
        return {"attached_matches": {"types": [str(t)], "tapped": False}}

    def attached_is(self, _a: Token, t: Token, _be: Token, _art: Token, *rest: Token) -> dict:
        """"as long as enchanted land is a basic Mountain"."""
        out: dict[str, Any] = {"types": [str(t)], "subtypes": [_sub(rest[-1])]}
        if rest[0] is not None and rest[0].type == "SUPERTYPE":
            out["supertypes"] = [str(rest[0])]
        return {"attached_matches": out}

    def named_attached(self, _a: Token, sub: Token, named: Token, _a2: Token, t: Token, control: dict) -> dict:
        """"as long as an Equipment named Groom's Finery is attached to a creature you control"
        (301.5): the name as printed."""
        if control != {"controller": "you"}:
            raise ValueError("attached to a permanent you control")
        _need(t, "creature")
        name = str(named)[len("named "):]
        return {"attached_to_yours": {"subtypes": [_sub(sub)], "named": _NAMES.get(name, name)}}

    def attached_equipment(self, n: Token, sub: Token) -> dict:
        """"as long as two or more Equipment are attached to it" (301.5)."""
        _need(Token("SUBTYPE", _sub(sub)), "equipment")
        return {"attached_equipment": number(n)}

    def on_battlefield(self, n: Token, g: _Group) -> dict:
        return {"on_battlefield": dict(g), "at_least": number(n)}

    def cond(self, c: dict) -> dict:
        return c

    def prefix(self, c: dict) -> dict:
        return c

    def suffix_cond(self, c: dict) -> dict:
        return c

    # -- sentences ----------------------------------------------------------------------
    def static(self, subject: dict, preds: dict) -> dict:
        return _settle({"affects": subject, **preds})

    def attached_it(self, _a: Token, _be: Token, _art: Token, kind: Token, it: Token, preds: dict) -> Any:
        """"As long as enchanted permanent is a creature (an Equipment), it ...": the attached
        object, while it has that card type (subtype)."""
        _need(it, "it")
        filt = {"subtypes": [_sub(kind)]} if kind.type == "SUBTYPE" else {"types": [str(kind)]}
        return self.line(self.static({"attached": True}, preds), {"attached_matches": filt})

    def two_sentences(self, subject: dict, first: dict, it: Token, second: dict) -> dict:
        """"Enchanted creature can't attack or block. It loses all abilities and has ...": "it"
        is the same object (Heliod's Punishment)."""
        _need(it, "it")
        return self.static(subject, self.predicates(first, second))

    # -- type, color and ability setting (205.1a-b, 205.3m, 613.1d-f, 613.4b) ----------------
    def both_plurals(self, q1: Token, p1: Token, q2: Token, p2: Token) -> dict:
        """"All Forests and all Saprolings": each permanent of either subtype."""
        _need(q1, "all")
        _need(q2, "all")
        return {"subtypes": sorted({_sub(p1), _sub(p2)})}

    def add_color_subtype(self, _b: Token, _a: Token, color: Token, sub: Token, _p: Token, _o: Token) -> dict:
        """"is a white Angel in addition to its other colors and types" (613.1d, 613.1e, 205.1b)."""
        return {"add_colors": [str(color)], "add_subtypes": [_creature_type(sub)]}

    def add_supertype(self, _b: Token, t: Token) -> dict:
        """"is legendary" (205.4a, 613.1d: a supertype is added; the others stay)."""
        return {"add_supertypes": [str(t)]}

    def add_chosen_type(self, _b: Token, _p: Token, _o: Token, kind: Token) -> dict:
        """Realmwright, Xenograft: "is the chosen type in addition to its other types" (205.1b)."""
        _need(kind, "types")
        return {"add_chosen_type": True}

    def set_creature(self, _b: Token, _a: Token, cs: list | None, sub: Token, *rest: Token) -> dict:
        """"is a blue Frog creature with base power and toughness 1/1" (205.1a: the creature
        types, the colors if named, and with "creature" the card types are set; 613.4b); the
        card types are settled by :func:`_settle`."""
        *types, pt = rest
        out: dict[str, Any] = {"set_creature_types": [_creature_type(sub)], **self.base_pt(_b, pt)}
        if cs is not None:
            out["set_colors"] = cs
        if types:
            out["_card_types"] = [str(t) for t in types]
        return out

    def set_color_creature_type(self, _b: Token, _a: Token, color: Token, sub: Token) -> dict:
        """Nim Deathmantle: "is a black Zombie" sets its color and creature types (205.1a; its
        rulings: not any other colors or creature types)."""
        return {"set_colors": [str(color)], "set_creature_types": [_creature_type(sub)]}

    def colorless_land(self, _b: Token, _a: Token, sub: Token, t: Token) -> dict:
        """Song of the Dryads: "is a colorless Forest land" (205.1a: only a land, only a Forest;
        305.7: it loses its rules-text abilities and taps for {G}; supertypes stay)."""
        _need(t, "land")
        if _sub(sub) not in BASIC_LAND_TYPES:
            raise ValueError("a basic land type")
        return {"set_types": ["land"], "set_land_types": [_sub(sub)], "set_colors": []}

    def creature_lands(self, _b: Token, pt: Token, color: Token, creature: Token, land: Token, _p: Token, _o: Token,
                       kind: Token) -> dict:
        """Life and Limb: "are 1/1 green Saproling creatures and Forest lands in addition to their
        other types" (205.1b; 613.1e: the color is set; 613.4b; 305.6: Forests tap for {G})."""
        _need(kind, "types")
        if _sub(land) not in BASIC_LAND_TYPES:
            raise ValueError("a basic land type")
        return {"add_types": ["creature", "land"], "add_subtypes": [_creature_type(creature), _sub(land)],
                "set_colors": [str(color)], **self.base_pt(_b, pt)}

    def creatures_and_planeswalkers(self, g: _Group, _pw: Token, control: dict, preds: dict) -> list:
        """"Creatures and planeswalkers you control have lifelink": one effect on each (611.3a)."""
        if dict(g) != {"types": ["creature"]}:
            raise ValueError("creatures and planeswalkers only")
        return [{"affects": {"types": [t], **control}, **preds} for t in ("creature", "planeswalker")]

    def you_have(self, kw: Token) -> list:
        """"You have hexproof" (702.11c), "You have shroud" (702.18a): a rule on the source
        that its controller has the keyword, as long as the source has the ability (613.1f)."""
        keyword = _keyword(untag(kw))
        if keyword not in PLAYER_KEYWORDS:
            raise ValueError(f"a player with {keyword}")
        return [{"affects": {"self": True}, "rules": [PLAYER_KEYWORDS[keyword]]}]

    def you_and(self, subject: _Group | Token, _h: Token, kw: Token) -> list:
        """"You and Humans you control have hexproof" (Sigarda, Heron's Grace), "you and ~
        have hexproof" (Gruul Spellbreaker): the player's rule and the grant (611.3a)."""
        affects = {"self": True} if isinstance(subject, Token) else dict(subject)
        return self.you_have(kw) + [{"affects": affects, "gains": self.grants(kw)}]

    def you_planeswalkers_and(self, pw: Token, control: dict, g: _Group, h: Token, kw: Token) -> list:
        """Shalai, Voice of Plenty: "You, planeswalkers you control, and other creatures you
        control have hexproof": the player's rule and one grant to each group (611.3a)."""
        return self.you_and(g, h, kw) + [{"affects": {"types": ["planeswalker"], **control}, "gains": self.grants(kw)}]

    def cant_block_group(self, blockers: _Group, attackers: _Group) -> dict:
        """"Creatures with flying can't block creatures you control" (Bower Passage): each
        creature of the second group can't be blocked by creatures of the first (509.1b)."""
        filt = dict(blockers)
        filt.pop("types", None) if filt.get("types") == ["creature"] else None
        if set(filt) - {"keywords", "colors", "subtypes"} or any(len(v) != 1 for v in filt.values()):
            return _blocker_side(blockers, attackers)
        key, (value,) = next(iter(filt.items()))
        entry = {{"keywords": "keyword", "colors": "color", "subtypes": "subtype"}[key]: value}
        return {"affects": dict(attackers), "rules": [{"cant_be_blocked_by": entry}]}

    def weaker_cant_block(self, bound: Any, blocked: Any) -> dict:
        """"Creatures with power less than ~'s power can't block creatures you control",
        "... less than the number of Islands you control can't block ~" (509.1b)."""
        affects = {"self": True} if isinstance(blocked, Token) else dict(blocked)
        return {"affects": affects, "rules": [{"cant_be_blocked_by": {"power_less_than": bound}}]}

    def bound_source(self, part: Token) -> str:
        _need(part, "power")
        return "source_power"

    def bound_count(self, count: dict) -> dict:
        return count

    def tax_source(self, cost: Token) -> dict:
        """508.1d: "creatures can't attack you or planeswalkers you control unless their
        controller pays {1} for each of those creatures": the source's own ``attack_tax`` while
        its condition holds (Archangel of Tithes: "as long as ~ is untapped")."""
        tax = {"cost": "{%d}" % int(str(cost)[len("generic"):]), "covers": "you_and_planeswalkers"}
        return {"affects": {"self": True}, "rules": [{"attack_tax": tax}]}

    def cap(self, n: Token, *rest: Token) -> dict:
        act, quant = rest[-2:]
        _need(quant, "each")
        kind = "max_attackers_total" if str(act).startswith("attack") else "max_blockers_total"
        return {"board_rules": [{"kind": kind, "n": number(n)}]}

    def cap_you(self, n: Token, *rest: Token) -> dict:
        """Mirri: "no more than one creature can attack you each combat" (508.1c): a cap on
        the creatures attacking the source's controller."""
        _need(rest[-1], "each")
        if rest[0].type == "TYPE":
            _need(rest[0], "creature")
        return {"board_rules": [{"kind": "max_attackers_against_you", "n": number(n)}]}

    def opponents_hand_size_reduced(self, n: Token) -> dict:
        """402.2: "each opponent's maximum hand size is reduced by N": a change of the source's
        controller's opponents' maximum hand size."""
        return {"board_rules": [{"kind": "opponents_hand_size_reduced", "n": number(n)}]}

    def start(self, line: Any) -> Any:
        return line

    def they_also(self, first: Any, cond: dict, preds: dict) -> list:
        """"Creatures you control of the chosen type get +1/+1. As long as you have the city's
        blessing, they also have vigilance": a second effect on the same objects."""
        if not isinstance(first, dict) or "condition" in first or "affects" not in first:
            raise ValueError("they: one unconditional effect first")
        return [first, self.line({"affects": first["affects"], **preds}, cond)]

    def line(self, *parts: Any) -> Any:
        bodies = [p for p in parts if isinstance(p, list)]
        if bodies:  # one effect per affected kind, each with the line's conditions
            if len(bodies) != 1:
                raise ValueError("two bodies")
            rest = [p for p in parts if not isinstance(p, list)]
            return [self.line(b, *rest) for b in bodies[0]]
        parts = tuple(q for p in parts for q in (p["_all"] if isinstance(p, dict) and "_all" in p else [p]))
        rider = any(isinstance(p, dict) and "_rider" in p for p in parts)
        parts = tuple(p for p in parts if not (isinstance(p, dict) and "_rider" in p))
        conds = [p for p in parts if isinstance(p, dict) and _is_condition(p)]
        body = [p for p in parts if isinstance(p, dict) and not _is_condition(p)]
        if len(body) != 1:
            raise ValueError("no body")
        out = dict(body[0])
        if rider and not any(isinstance(g, dict) and "protection" in g for g in out.get("gains", [])):
            raise ValueError("'This effect doesn't remove' rides on protection only")
        if conds:
            out["condition"] = conds
        return _board_conditions(_on_the_affected(out))


def _board_conditions(out: dict) -> dict:
    """Checks and rewrites of the conditions on the board (611.3b): "defending player controls"
    only with "can't be blocked" (the 509.1b rule checked against the defending player, 506.2);
    "it" and "its controller" only where the subject is what the source is attached to."""
    conds = out.get("condition", [])
    defender = [c for c in conds if "_defender" in c]
    if defender:
        if len(conds) != 1 or set(out) != {"affects", "rules", "condition"} or out["rules"] != ["cant_be_blocked"]:
            raise ValueError("defending player: only 'can't be blocked'")
        words = player_words(defender[0]["_defender"])  # ValueError: not expressible as a player filter
        out = {"affects": out["affects"], "rules": [{"cant_be_blocked_if_defender": words}]}
    if any(set(c) & {"attached_equipment", "attached_controller_controls"} for c in conds):
        if out["affects"] != {"attached": True}:
            raise ValueError("'it': the object the source is attached to")
    return out


def _blocker_side(blockers: dict, attackers: dict) -> dict:
    """"Creatures your opponents control without flying or reach can't block creatures with
    power 2 or less" (Sidar Kondo): each creature of the first group can't block creatures
    matching the second (509.1b), when the second is one creature filter."""
    filt = dict(attackers)
    if filt.pop("types", ["creature"]) != ["creature"] or not filt:
        raise ValueError("attackers not expressible as one creature filter")
    if set(filt) - {"power_at_most", "power_at_least"}:
        raise ValueError("attackers not expressible as one creature filter")
    return {"affects": {**blockers, "types": ["creature"]}, "rules": [{"cant_block_creatures": filt}]}


def _creature_type(token: Token) -> str:
    """The creature type a SUBTYPE token names (205.3m), else ``ValueError``."""
    if subtypes().get(_sub(token)) != "creature":
        raise ValueError("a creature type")
    return _sub(token)


def _settle(mapping: dict) -> dict:
    """Resolve the markers of the type-setting predicates: the card types of "is a Frog
    creature" are set (205.1a), those of "an Insect artifact creature" are added unless it
    "loses all other ... card types" (205.1b); "all other abilities" needs an ability granted
    by the same effect (613.1f)."""
    types = mapping.pop("_card_types", None)
    other_types = mapping.pop("_other_types", False)
    other = mapping.pop("_other", False)
    if other and not mapping.get("gains"):
        raise ValueError("'all other abilities' without an ability it keeps")
    if other_types and not types:
        raise ValueError("'loses all other card types' without the types it keeps")
    if types:
        if other_types or types == ["creature"]:
            mapping["set_types"] = types
        else:
            mapping["add_types"] = sorted(set(mapping.get("add_types", [])) | set(types))
    return mapping


def _quoted(text: str) -> Any:
    """A granted quoted ability: mana abilities must parse (605.1a); a static of what its bearer
    is attached to ("Equipped creature has deathtouch.", 301.5a) is read whole by this family
    (613.1f, 613.7a: the layers apply the effect it generates); others are kept as text."""
    from mtgsolver.model.errors import ManaAbilityError
    from mtgsolver.read.grammar.mana import parse_mana_ability

    original = _ORIGINAL.get(text, text)
    if ": add " not in text:
        found = read(original, "") if text.startswith(("equipped creature ", "enchanted creature ")) else None
        if found is not None and len(found) == 1 and found[0]["continuous"]["affects"] == {"attached": True}:
            return found[0]
        return {"text": original}
    if not original.endswith("."):  # "has "{T}: Add {C}" and ..." (Lithoform Blight)
        original += "."
    try:
        parse_mana_ability(original)
    except ManaAbilityError as exc:
        raise ValueError(str(exc)) from None
    return original


_ORIGINAL: dict[str, str] = {}
#: card names after "named" as printed, by their lower-case form
_NAMES: dict[str, str] = {}
_COND_KEYS = {"controls", "opponent_controls", "cards_in_graveyard", "your_turn", "monstrous", "day_night",
              "on_battlefield", "extra_turn", "source_untapped", "source_equipped", "counters_on_source", "life_at_most",
              "paired", "in_graveyard",
              "_defender", "attached_controller_controls", "completed_dungeon", "city_blessing", "hand_at_most",
              "life_over_starting", "opponent_graveyard", "graveyard_types", "source_enchanted", "attached_matches",
              "attached_equipment", "attached_to_yours", "life_at_least"}


_COND_KEYS.update({"_it", "_share_color"})


def _on_the_affected(out: dict) -> dict:
    """611.3b: "as long as it's a Zombie" is checked on each affected object as the earlier
    layers made it, which is a filter of the affected set ("Each land gets +2/+2 as long as
    it's a creature": lands that are creatures); "they all share a color" is a condition on
    the affected set as a whole."""
    conds: list[dict] = out.get("condition", [])
    affects = out.get("affects")
    kept = []
    for c in conds:
        if ("_it" in c or "_share_color" in c) and (not isinstance(affects, dict) or affects.get("self")):
            raise ValueError("'it' and 'they' need an enchanted, equipped or grouped subject")
        if "_it" in c:
            for key, value in c["_it"].items():
                if key in affects and (key in ("subtypes", "colors") or not isinstance(value, list)):
                    raise ValueError("'Elf ... as long as it's a Warrior' means both, not either")
                affects[key] = sorted(set(affects.get(key, [])) | set(value)) if isinstance(value, list) else value
        elif "_share_color" in c:
            if affects.get("attached"):
                raise ValueError("'they' needs a group")
            kept.append({"all_share_a_color": dict(affects)})
        else:
            kept.append(c)
    out.pop("condition", None)
    return {**out, "condition": kept} if kept else out


def _is_condition(d: dict) -> bool:
    return bool(set(d) & _COND_KEYS) and "affects" not in d and "board_rules" not in d


_FIRST = frozenset("you you, attacking blocking enchanted equipped other all each creatures lands permanents artifacts enchantments nonbasic no as ~ "
                   "white blue black red green basic legendary snow artifact enchantment land creature ~'s tapped "
                   "untapped multicolored colorless commander tokens modified".split())
_PLAUSIBLE = re.compile(r"\b(get|gets|have|has|can't|are|is|lose|loses|attack|block|assigns|no more than)\b")


def _normal(text: str, name: str) -> str:
    """Lower case, straight apostrophes, the card's name written ``~`` (and its shortened name,
    "Kyler" for "Kyler, Sigardian Emissary": 201.5c)."""
    low = text.lower().replace("’", "'")
    for n in (name, name.split(", ")[0] if ", " in name else ""):
        low = re.sub(rf"(?<![\w']){re.escape(n.lower())}(?='s\b|[^\w']|$)", "~", low) if n else low
    return low


def read(line: str, name: str) -> list[Any] | None:
    """``[{"continuous": mapping}]`` for a line this family reads whole, else ``None``."""
    text = re.sub(r"\s*\([^)]*\)", "", line).strip()
    text = re.sub(r"^[A-Z][\w' ]*— ", "", text)  # an ability word (207.2c)
    low = _normal(text, name)
    if _CHOICE.fullmatch(low):
        return []  # the choice is the board field chosen_type or chosen_color (614.12, 613: "the chosen type")
    first = low.split(" ", 1)[0].rstrip(",")
    if (not _PLAUSIBLE.search(low) or "until end of turn" in re.sub(r'"[^"]*"', '""', low)  # a granted ability's own
            or not (first in _FIRST or first.startswith("non") or first in subtypes() or first in plural_subtypes())):
        return None
    for quoted in re.findall(r'"([^"]+)"', text):
        _ORIGINAL[_normal(quoted, name)] = quoted
    low = _names(text, low)
    low = re.sub(r"^(as long as ~ [^,]*), it\b(?!')", r"\1, ~", low)  # "it": the ~ its condition names
    for named in re.findall(r"named ([A-Z][\w' -]*?) is attached", text):
        _NAMES[named.lower()] = named
    try:
        tree = _parser().parse(_tag(low))
        mapping = _Build().transform(tree)
    except VisitError as exc:  # a LarkError: caught first, so an error of the compiler itself is raised
        if isinstance(exc.orig_exc, (ValueError, KeyError)):  # the compiler's refusal
            return None
        raise
    except (LarkError, ValueError, KeyError):
        return None
    mappings = mapping if isinstance(mapping, list) else [mapping]
    out: list[Any] = []
    for m in mappings:
        if m in [{"affects": {"self": True}, "rules": [rule]} for rule in PLAYER_KEYWORDS.values()]:
            out.append(m["rules"][0])  # "You have hexproof": the source's own static, always on (702.11c)
            continue
        if not _sound(m):
            return None
        m["text"] = line.strip()
        try:
            parse_continuous(m, name)
        except ValueError:
            return None
        out.append({"continuous": m})
    return out


_PRINTED_NAMES: list[str] = []
_NAMED = re.compile(r"\bnamed ([A-Z][\w'-]*(?: (?:of|the) [A-Z][\w'-]*| [A-Z][\w'-]*)*)")


def _names(text: str, low: str) -> str:
    """"named Kobolds of Kher Keep" -> "named name:N", the name kept as printed in
    ``_PRINTED_NAMES`` (201.2: names are compared whole); "named X is attached" is left to
    its own rule (``_NAMES``)."""
    for m in _NAMED.finditer(text):
        printed = m.group(1)
        if text[m.end():].startswith(" is attached"):
            continue
        if printed not in _PRINTED_NAMES:
            _PRINTED_NAMES.append(printed)
        low = low.replace(f"named {printed.lower()}", f"named name:{_PRINTED_NAMES.index(printed)}", 1)
    return low


#: "As ~ enters the battlefield, choose a creature type." (Xenograft, Realmwright): a
#: replacement effect whose result the board gives as ``chosen_type:``
_CHOICE = re.compile(r"as ~ enters(?: the battlefield)?, choose a (?:(?:basic land|creature) type|color)\.?")


def _sound(mapping: dict) -> bool:
    """Refuse readings the model would get wrong: "~" needs a condition or a count ("gets +1/+1
    for each Aura on the battlefield", 613.4c; the phrase table reads the other unconditional
    ones), "each"/"all" lines about lands with P/T, effects without a change."""
    affects = mapping.get("affects", {})
    bound = any(isinstance(r, dict) and "cant_be_blocked_by" in r for r in mapping.get("rules", []))
    if affects.get("self") and not mapping.get("condition") and not set(mapping) & {"defines_pt", "for_each"} \
            and not bound:
        return False
    if affects.get("paired") and {"paired": True} not in mapping.get("condition", []):
        return False  # "both creatures" names the pair only after "as long as ~ is paired" (702.95b)
    if {"in_graveyard": True} in mapping.get("condition", []) and (
            affects.get("self") or affects.get("paired") or set(mapping) & {"rules", "board_rules", "goaded"}):
        return False  # from a graveyard (113.6b) the layers apply effects on permanents in layers 4-7 only
    changes = set(mapping) - {"affects", "condition"}
    if not changes:
        return False
    granted = [g for g in mapping.get("gains", []) if isinstance(g, str) and ":" not in g]
    return all(g in KNOWN_KEYWORDS or g.endswith("walk") or g in COMBAT_KEYWORDS for g in granted)
