"""Keyword abilities (CR 702) by canonical name.

Canonical names are lower case with underscores (``first_strike``). Landwalk is any
``<land type>walk`` (702.14); protection is written ``{protection: QUALITY}`` (702.16).
"""
from __future__ import annotations

import functools
import re

from mtgsolver.model.errors import VocabularyError

__all__ = ["COMBAT_KEYWORDS", "KNOWN_KEYWORDS", "canonical_keyword", "is_landwalk", "landwalk_type"]

#: Keywords that the combat solvers read (702.2-702.118 evasion and combat keywords).
COMBAT_KEYWORDS: frozenset[str] = frozenset(
    "flying reach shadow horsemanship fear intimidate menace skulk defender haste vigilance "
    "first_strike double_strike trample deathtouch lifelink".split()
)

# Every keyword ability of 702 (April 2026), canonical form; accepted in boards and card data.
_ALL_702 = (
    "deathtouch|defender|double strike|enchant|equip|first strike|flash|flying|haste|hexproof|"
    "indestructible|intimidate|landwalk|lifelink|protection|reach|shroud|trample|vigilance|ward|"
    "banding|rampage|cumulative upkeep|flanking|phasing|buyback|shadow|cycling|echo|horsemanship|"
    "fading|kicker|flashback|madness|fear|morph|amplify|provoke|storm|affinity|entwine|modular|"
    "sunburst|bushido|soulshift|splice|offering|ninjutsu|epic|convoke|dredge|transmute|"
    "bloodthirst|haunt|replicate|forecast|graft|recover|ripple|split second|suspend|vanishing|"
    "absorb|aura swap|delve|fortify|frenzy|gravestorm|poisonous|transfigure|champion|changeling|"
    "evoke|hideaway|prowl|reinforce|conspire|persist|wither|retrace|devour|exalted|unearth|"
    "cascade|annihilator|level up|rebound|umbra armor|infect|battle cry|living weapon|undying|"
    "miracle|soulbond|overload|scavenge|unleash|cipher|evolve|extort|fuse|bestow|tribute|"
    "dethrone|hidden agenda|outlast|prowess|dash|exploit|menace|renown|awaken|devoid|ingest|"
    "myriad|surge|skulk|emerge|escalate|melee|crew|fabricate|partner|undaunted|improvise|"
    "aftermath|embalm|eternalize|afflict|ascend|assist|jump-start|mentor|afterlife|riot|"
    "spectacle|escape|companion|mutate|encore|boast|foretell|demonstrate|daybound|nightbound|"
    "disturb|decayed|cleave|training|compleated|reconfigure|blitz|casualty|enlist|read ahead|"
    "ravenous|squad|space sculptor|visit|prototype|living metal|more than meets the eye|"
    "for mirrodin!|toxic|backup|bargain|craft|disguise|solved|plot|saddle|spree|freerunning|gift|"
    "offspring|impending|exhaust|max speed|start your engines!|harmonize|mobilize|job select|"
    "tiered|station|warp|mayhem|web-slinging|firebending|sneak|increment|paradigm"
)


def _canon(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", text.strip().lower()).strip("_")


KNOWN_KEYWORDS: frozenset[str] = frozenset(_canon(k) for k in _ALL_702.split("|"))

_LANDWALK = re.compile(r"^(?:(snow|nonbasic|legendary|artifact)_)?([a-z]+)?walk$")  # 702.14c: artifact landwalk


def canonical_keyword(text: str) -> str:
    """Normalise ``"First Strike"`` to ``first_strike``.

    :raises VocabularyError: not a keyword (702) the project knows.
    """
    key = _canon(text)
    if key == "landwalk":  # MTGJSON lists it beside "Islandwalk" (River Boa): no ability of its own
        raise VocabularyError("'landwalk' is the generic term of 702.14a; name the land type, e.g. islandwalk")
    if key in KNOWN_KEYWORDS or is_landwalk(key):
        return key
    raise VocabularyError(f"unknown keyword {text!r}")


@functools.lru_cache(maxsize=1024)
def is_landwalk(key: str) -> bool:
    """``islandwalk``, ``nonbasic_landwalk``, ``snow_forestwalk`` ... (702.14)."""
    return key not in ("horsemanship", "landwalk") and bool(_LANDWALK.match(key)) and key.endswith("walk")


def landwalk_type(key: str) -> tuple[str | None, str]:
    """Split a landwalk keyword into (qualifier, land type): ``("nonbasic", "land")``.

    :raises TypeError: ``key`` is not a landwalk keyword (callers check :func:`is_landwalk`).
    """
    m = _LANDWALK.match(key)
    if not m:
        raise TypeError(f"not a landwalk keyword: {key!r}")
    return m.group(1), (m.group(2) or "land")
