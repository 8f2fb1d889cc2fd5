"""When an unread line works, what it waits for, and what its words could change.

A line no grammar family reads is never guessed (:mod:`mtgsolver.read.line_kinds` sorts it into
kinds), but whether it can bear on a question asked *now* depends on when it works (113.6).
:func:`line_form` gives its *form*:

``"static"``
    a static ability of a permanent on the battlefield (604): it works now.
``"triggered"``
    a triggered ability (603.1) with the ``events`` it waits for, its ``condition``, its
    ``effect`` and whether the effect is ``optional`` ("you may", 603.5).
``"activated"``
    an activated ability (602.1: "cost: effect"), ``effect`` after the colon.
``"replacement"``
    a replacement or prevention effect (614, 615): it works only when one of its ``events``
    happens ("If ~ would die, ...", "Creatures your opponents control enter tapped.").
``"spell"``
    text about casting the card (113.6d-g: "This spell can't be countered.", an alternative or
    additional cost, a cost reduction of the card itself): it functions on the stack only.
``"enters"``
    text about how the permanent itself enters (113.6h, 614.1c: "~ enters the battlefield
    tapped", "As ~ enters ..."); one that could give it an ability the board can't show ("If
    ~ was kicked, it enters with ... and with flying", "as a copy") is ``static``.
``"zone"``
    an ability that works from another zone only (113.6b, 113.6m: "You may cast ~ from your
    graveyard", cycling, ninjutsu, unearth).
``"untap_step"``
    "~ doesn't untap during your untap step" and the like: it works in the untap step (502.3).
``"attachment"``
    "Enchant creature" (303.4a, 702.5): what the Aura may be attached to.
``"row"``
    a mode of a modal ability ("• ...", 700.2) or a result row of a die roll ("1—9 | ...",
    706.2): it is part of the ability on the line above (:func:`parent_index`).
``"compound"``
    a keyword whose reminder text holds several abilities (fading, unleash): ``parts``.

Event names (:data:`EVENTS`) are coarse on purpose: a line whose event the words don't name
waits for ``"other"``, which every question treats as possible. :func:`reach` says what a
static ability's or an effect's words could change, for the questions that some changes
can't bear on (which keywords matter to a block, 509.1).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from mtgsolver.read.line_kinds import is_triggered

__all__ = ["EVENTS", "LineForm", "effect_events", "effect_reach", "line_form", "parent_index", "reach",
           "self_text", "static_condition"]

#: What a triggered ability or a replacement effect can wait for.
EVENTS = frozenset({
    "attacks", "unblocked", "blocks", "blocked", "combat_damage", "damage", "enters_self", "enters", "leaves",
    "dies", "cast", "tapped", "untapped", "life_gain", "life_loss", "draw", "discard", "counters", "sacrifice",
    "targeted", "cycle", "mill", "lore", "mana", "monstrous", "face_up", "mutate", "roll", "flip", "activate",
    "day_night",
    "explore", "exploit", "investigate", "blink", "land_play", "search", "assemble", "attach",
    "step:upkeep", "step:draw", "step:precombat_main", "step:beginning_of_combat", "step:end_of_combat",
    "step:postcombat_main", "step:end", "step:untap", "other",
})


@dataclass(frozen=True)
class LineForm:
    """One line's form (see the module docstring). ``body`` is the line with the card's name
    as ``~``, reminder text and an ability word (207.2c) removed; ``effect`` the part a
    triggered or activated ability does; ``condition`` a trigger's condition (603.1)."""

    form: str
    body: str
    events: frozenset[str] = frozenset()
    effect: str = ""
    condition: str = ""
    optional: bool = False
    parts: tuple["LineForm", ...] = ()


# --------------------------------------------------------------------------- the words
_REMINDER = re.compile(r"\s*\(([^)]*)\)")
# an ability word or flavor word before an em dash (207.2c, 207.2d): "Landfall — ", "Acid Breath — "
_ABILITY_WORD = re.compile(r"^[A-Z][\w'!,-]*(?: [\w'!,-]+){0,4} — ")
_SELF = re.compile(r"\bthis (?:creature|permanent|enchantment|artifact|land|aura|equipment|vehicle|card|"
                   r"planeswalker|saga|class|spell|token)\b|\bthis(?= (?:enters?|leaves?|dies|attacks?|blocks?|"
                   r"deals?|is|becomes?|gets|has|can't)\b)", re.I)
_ROW = re.compile(r"^(?:•|\d+(?:\s*[—–-]\s*\d+)?\s*\||\d+\+?\s*\|)")
_CHAPTER = re.compile(r"^(?:I|II|III|IV|V|VI)(?:\s*,\s*(?:I|II|III|IV|V|VI))*\s*—")
_EXERT = re.compile(r"^you may exert ~ as it attacks\.(?: when you do, (.*))?$", re.I)

_SPELL = re.compile(
    r"\bthis spell\b|^~ can't be countered|~ costs? [^.]*\b(?:less|more) to cast\b|\bas an additional cost to cast\b|"
    r"\brather than pay (?:this spell's|~'s) mana cost\b|^cast ~ only\b|\bcast ~ without paying\b|"
    r"\byou may cast ~ as though it had flash\b|"
    r"^~ can't be copied|^when you cast ~|^you can't cast ~|\bif ~ was (?:kicked|cast|bargained|foretold|evoked)\b"
    r"(?!.*\benters\b)|^(?:dash|blitz|evoke|spectacle|surge|prowl|emerge|overload|replicate|bestow|mutate|"
    r"cascade|casualty|squad|offspring|gift|impending|prototype|disguise|plot|warp|sneak|freerunning|"
    r"entwine|escalate|fuse|split second|storm|improvise|assist|undaunted|awaken|bargain)\b", re.I)
_ENTERS = re.compile(
    r"^~ enters(?: the battlefield)?\b|^as ~ enters\b|^if ~ would enter\b|^~ escapes with\b|"
    r"^if ~ was (?:kicked|cast|bargained|evoked|foretold)[^,]*, it enters\b|^(?:riot|amplify|bloodthirst|devour|"
    r"sunburst|tribute|fabricate|backup|exploit|for mirrodin!|living weapon|ravenous|read ahead)\b", re.I)
# what a permanent may have entered with that the board can't show: an ability or a copied card
_ENTERS_WITH_ABILITY = re.compile(r"\bas a copy\b|\bwith (?:an? |your choice of )?\"|\band with\b|"
                                  r"\bwith (?!(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|that many|"
                                  r"a number of|your choice of a \w+ counter or|it|them|~)\b)\w+(?: \w+)?[.,]", re.I)
# the permanent itself in another zone: an ability that moves it from there (113.6m, 113.6k)
_FROM_ZONE = re.compile(r"\b(?:return|put|cast|exile|reveal) ~ from your (?:graveyard|hand)\b|"
                        r"\bif ~ is in your (?:graveyard|hand)\b", re.I)
_ZONE = re.compile(
    r"^you may (?:cast|play) ~ from\b|^as long as ~ is in your (?:graveyard|hand)|^while ~ is in your|"
    r"^if ~ is in a graveyard\b|\bfrom your opening hand\b|^before you shuffle your deck\b|"
    r"\bfrom your deck before playing\b|^(?:friends forever|choose a background|partner with)\b|\bthe draft\b|"
    r"\bas you draft\b|"
    r"^draft ~ face up\b|"
    r"^(?:ninjutsu|unearth|scavenge|embalm|eternalize|encore|"
    r"flashback|retrace|jump-start|escape|disturb|aftermath|dredge|madness|forecast|transmute|recover|"
    r"cycling|\w+cycling|channel|bloodrush|boast|foretell|suspend|plot|craft|companion|partner|"
    r"hidden agenda|conspire|haunt|soulshift|morph|megamorph|cipher|miracle|reinforce|transfigure|"
    r"aura swap|epic|cleave|decayed|daybound|nightbound)\b", re.I)
_UNTAP_STEP = re.compile(r"\b(?:doesn't|don't|do not|does not) untap during\b|\bchoose not to untap\b", re.I)
_REPLACEMENT = re.compile(r"^(?:if|prevent)\b|\bwould\b.*\binstead\b|\bthat would be dealt\b|\bas it moves to\b|"
                          r"\benter (?:the battlefield )?as a copy\b|"
                          r"\bdon't cause abilities to trigger\b|"
                          r"\benters? (?:the battlefield )?(?:tapped|with)\b|\bprevent all\b|^damage that would\b",
                          re.I)
# a static part beside a replacement ("prevent all combat damage it would deal and it has defender")
_STATIC_VERB = re.compile(r"\b(?:it|~|they|creatures?) (?:has|have|gets?|gains?|can't|can)\b", re.I)

#: keyword abilities about attaching, activating or casting the card itself (702)
_KEYWORD_FORMS: tuple[tuple[re.Pattern[str], str, frozenset[str]], ...] = (
    (re.compile(r"^enchant\b", re.I), "attachment", frozenset()),
    (re.compile(r"^(?:equip|fortify|reconfigure|crew|level up|outlast)\b", re.I), "activated", frozenset()),
    (re.compile(r"^ward\b", re.I), "triggered", frozenset({"targeted"})),
    (re.compile(r"^(?:cumulative upkeep|echo|~ has echo)\b", re.I), "triggered", frozenset({"step:upkeep"})),
    (re.compile(r"^(?:kicker|multikicker|affinity for|convoke|delve|(?:\w+ )?offering|splice onto|buyback)\b", re.I),
     "spell", frozenset({"cast"})),
    (re.compile(r"^a deck can have\b", re.I), "zone", frozenset()),
)
# a sentence of reminder text that begins another ability (anything else continues the one before)
_STARTS = re.compile(r"^(?:when|whenever|at|as long as|as ~|~ enters|~ can't|it can't|this enters)\b", re.I)

#: event words of a trigger condition or a replacement (603.2, 614.1), most specific first
_EVENT_WORDS: tuple[tuple[str, str], ...] = (
    (r"\battacks? and (?:isn't|aren't) blocked\b", "unblocked"),
    (r"\bbecomes? blocked\b|\bis blocked\b", "blocked"),
    (r"\battack(?:s|ed|ing)?\b", "attacks"),
    (r"\bblocks?\b", "blocks"),
    (r"\bdeals? combat damage\b", "combat_damage"),
    (r"\bdamage\b", "damage"),
    (r"\benters?\b|\bentering\b|\bcome into play\b|\bcreates? (?:one or more |a |an )?(?:[\w-]+ )?tokens?\b|"
     r"\bwould be created\b|"
     r"\bis championed\b", "enters"),
    (r"\bdies\b|\bdie\b|\bdestroyed\b|\bput into (?:a|your|an opponent's) graveyard from the battlefield\b", "dies"),
    (r"\bleaves?\b|\bput into (?:a|your|an opponent's|its owner's) graveyard\b|\bexiled\b|\bmoves? to\b|"
     r"\breturned to (?:its owner's |their owners' |your )?hand\b", "leaves"),
    (r"\bcasts?\b|\bcopy\b|\bcopies\b|\bcountered\b", "cast"),
    (r"\b(?:taps?|is tapped|becomes tapped) [^,]*\bfor mana\b|\bfor mana\b|\badds? mana\b", "mana"),
    (r"\bbecomes? tapped\b|\bis tapped\b|\btaps?\b", "tapped"),
    (r"\bbecomes? untapped\b|\buntaps?\b", "untapped"),
    (r"\bgains? life\b|\bgain life\b", "life_gain"),
    (r"\bloses? life\b|\blose life\b", "life_loss"),
    (r"\bdraws?\b", "draw"),
    (r"\bdiscards?\b", "discard"),
    (r"\bcounters? (?:would be |is |are )?(?:put|placed|removed)\b|\bis removed\b|\bcounters? on\b|"
     r"\bput one or more\b", "counters"),
    (r"\bcounters? (?:a|target) spell\b", "cast"),
    (r"\bexplores?\b", "explore"),
    (r"\binvestigates?\b", "investigate"),
    (r"\bplays? a land\b", "land_play"),
    (r"\bassembles?\b", "assemble"),
    (r"\bbecomes? attached\b", "attach"),
    (r"\bsearch(?:es)? (?:their|your|his or her) library\b", "search"),
    (r"\bexploits?\b", "exploit"),
    (r"\bsacrifices?\b", "sacrifice"),
    (r"\bbecomes? the target\b|\btargets?\b", "targeted"),
    (r"\bcycles?\b|\bcycled\b", "cycle"),
    (r"\bmills?\b|\bput into (?:a|your) graveyard from (?:your|a) library\b", "mill"),
    (r"\bbecomes? monstrous\b", "monstrous"),
    (r"\bbecomes? (?:day|night)\b", "day_night"),
    (r"\bturned face up\b", "face_up"),
    (r"\bmutates?\b", "mutate"),
    (r"\broll(?:s|ed)? (?:one or more )?(?:a )?(?:dice|die|d\d+)\b", "roll"),
    (r"\bflips? (?:a|one or more) coins?\b|\bwin a coin flip\b", "flip"),
    (r"\bactivates? [^,]*\babilit", "activate"),
    (r"\becho cost is paid\b", "step:upkeep"),
    (r"\bbeginning of (?:combat|each combat)\b", "step:beginning_of_combat"),
    (r"\bbeginning of (?:your|each|each player's|each opponent's|the) upkeep\b|\bupkeep\b", "step:upkeep"),
    (r"\bbeginning of (?:your|each|each player's|the) draw step\b", "step:draw"),
    (r"\bbeginning of (?:your|each|each player's)? ?(?:precombat|first) main phase\b", "step:precombat_main"),
    (r"\bbeginning of (?:your|each|each player's)? ?(?:postcombat|second) main phase\b", "step:postcombat_main"),
    (r"\bend of combat\b", "step:end_of_combat"),
    (r"\bbeginning of (?:your|each|the next|each player's|each opponent's|the) end step\b|\bend step\b|"
     r"\bend of turn\b", "step:end"),
    (r"\bbeginning of (?:your|each) untap step\b", "step:untap"),
)
_EVENT_RES = tuple((re.compile(p, re.I), e) for p, e in _EVENT_WORDS)


def self_text(line: str, name: str, legendary: bool = False) -> str:
    """The line with the permanent's own name (and its short name before a comma, and "this
    creature" and the like) written ``~``, as Oracle text means them (201.5); a legendary
    permanent's text may call it by its first name alone ("Haktos" for Haktos the Unscarred,
    201.5a)."""
    text = line
    name = re.sub(r"^A-", "", name)  # an Alchemy rebalanced card keeps its name in its text
    names = [name] + ([name.split(",")[0]] if "," in name else [])
    if legendary:
        names += [re.split(r",| the | of ", name)[0], name.split()[0]]
    for n in sorted({n for n in names if n.strip()}, key=len, reverse=True):
        text = re.sub(re.escape(n), "~", text)
    return _SELF.sub("~", text)


def line_form(line: str, name: str = "", legendary: bool = False) -> LineForm:
    """The form of one unread line of the permanent called ``name`` (``legendary``: it may be
    called by its first name, :func:`self_text`; see the module docstring).

    Examples
    --------
    >>> line_form("When Paperfin Rascal enters the battlefield, clash with an opponent.", "Paperfin Rascal").events
    frozenset({'enters_self'})
    >>> sorted(line_form("Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of "
    ...                  "turn.)").events)
    ['blocked', 'blocks']
    >>> line_form("Skeleton Scavengers enters the battlefield with a +1/+1 counter on it.", "Skeleton Scavengers").form
    'enters'
    """
    text = self_text(line.strip(), name, legendary)
    if _ROW.match(text):
        return LineForm("row", text)
    if text.lower().startswith("companion"):  # 702.139a: it works outside the game
        return LineForm("zone", text)
    if re.match(r"^ward\b", text, re.I):  # 702.21a: a triggered ability, of becoming a target
        effect = re.sub(r"^ward\s*—?\s*", "", text, flags=re.I)
        return LineForm("triggered", text, frozenset({"targeted"}), effect=effect)
    reminders = _REMINDER.findall(text)
    body = _ABILITY_WORD.sub("", _REMINDER.sub("", text).strip() or text)
    if _CHAPTER.match(body):  # 714.2b: a chapter ability triggers as lore counters are put on the Saga
        return LineForm("triggered", body, frozenset({"lore"}), effect=body.split("—", 1)[1].strip())
    if m := _EXERT.match(body):  # 701.43a: exerted as it is declared an attacker; "When you do" resolves after
        return LineForm("triggered", body, frozenset({"attacks"}), effect=m.group(1) or "", condition="~ attacks",
                        optional=True)
    for pattern, form, events in _KEYWORD_FORMS:
        if pattern.match(body):
            return LineForm(form, body, events)
    if reminders and _keyword_like(body) and not (_SPELL.search(body) or _ZONE.search(body) or _ENTERS.search(body)
                                                  or _is_activated(body)):
        # a keyword and its reminder text ("Bushido 1 (Whenever this creature blocks ...)"): the reminder says
        # what it is, "it" being the permanent
        parts = [_form_of(s) for s in _segments(self_text(" ".join(reminders), ""))]
        if len(parts) > 1:
            return LineForm("compound", body, frozenset().union(*(p.events for p in parts)), parts=tuple(parts))
        return parts[0]
    return _form_of(body)


def _segments(text: str) -> list[str]:
    """The abilities of a reminder text: its sentences, a sentence that does not begin an
    ability (:data:`_STARTS`) joined to the one before; nothing is split inside quotes."""
    out: list[str] = []
    current, quoted = "", False
    for ch in text:
        current += ch
        if ch in '"“”':
            quoted = not quoted
        elif ch == "." and not quoted:
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    merged: list[str] = []
    for sentence in out:
        if merged and not _STARTS.match(sentence):
            merged[-1] += " " + sentence
        else:
            merged.append(sentence)
    return merged or [text]


def _keyword_like(body: str) -> bool:
    """A keyword line ("Bushido 1", "Afflict 2"): few words, no sentence verb."""
    words = body.rstrip(".").split()
    verbs = re.search(r"\b(?:gets?|has|have|gains?|can't|can|may|is|are|deals?)\b", body, re.I)
    return 0 < len(words) <= 5 and not is_triggered(body) and ", " not in body and not verbs


def _form_of(body: str) -> LineForm:
    low = body.lower()
    if _FROM_ZONE.search(low):
        return LineForm("zone", body)
    if _keyword_list(low):  # "Flying, ward {3}": keywords of the permanent itself
        return LineForm("static", "~ has " + body)
    if is_triggered(body):
        condition, effect = _split_unquoted(body, ",")
        effect_low = re.sub(r"^if [^,]*, ", "", effect.strip().lower())  # an intervening "if" (603.4)
        optional = bool(re.match(r"^(?:you may|[^.]{0,40}\bmay\b)", effect_low))
        return LineForm("triggered", body, _trigger_events(condition.strip()), effect=effect.strip(),
                        condition=condition.strip(), optional=optional)
    if _is_activated(body):
        return LineForm("activated", body, effect=_split_unquoted(body, ":")[1].strip())
    if _UNTAP_STEP.search(low):
        return LineForm("untap_step", body, frozenset({"step:untap"}))
    if _ENTERS.search(low) and not re.search(r"\bother\b|\bcreatures?\b(?! ~)", low.split("enters")[0]):
        if not _ENTERS_WITH_ABILITY.search(low):
            return LineForm("enters", body, frozenset({"enters_self"}))
        if abilities := _entered_with(body):  # it may have entered with them (kicked): as if it had them
            return LineForm("static", "~ has " + " and ".join(abilities) + ".")
    if _SPELL.search(low):
        return LineForm("spell", body, frozenset({"cast"}))
    if _ZONE.search(low):
        return LineForm("zone", body)
    itself = re.search(r"(?:^|\bhave |\bif )~ (?:would )?enters?\b|\bit enters\b", low)  # not others entering
    if _REPLACEMENT.search(low) and not (itself and _ENTERS_WITH_ABILITY.search(low)) \
            and not _STATIC_VERB.search(low):
        return LineForm("replacement", body, _replacement_events(low))
    return LineForm("static", body)


def _entered_with(body: str) -> list[str]:
    """The keywords and quoted abilities "~ enters with ... and with flying" may give it, when
    the rest is counters; else ``[]``."""
    rest = re.split(r"\benters?(?: the battlefield)?(?: tapped)?(?= with)", body, maxsplit=1, flags=re.I)
    if len(rest) < 2:
        return []
    quoted = re.findall(r'"[^"]*"', rest[1])
    unquoted = re.sub(r'"[^"]*"', " ", rest[1])
    kws = [m.group(0) for m in _KW_RE.finditer(unquoted)]
    left = re.sub(r"\b(?:with|and|on it|it|a|an|one|two|three|four|five|x|counters?|where x is .*)\b|[.,+/\d]",
                  " ", _KW_RE.sub(" ", unquoted), flags=re.I)
    return kws + quoted if (kws or quoted) and not left.strip() else []


def _keyword_list(low: str) -> bool:
    """A line of keywords only ("flying, ward {3}", 702)."""
    parts = [p.strip() for p in re.split(r",|\band\b", low.rstrip(".")) if p.strip()]
    return bool(parts) and all(_KW_RE.fullmatch(p) for p in parts)


def _split_unquoted(text: str, sep: str) -> tuple[str, str]:
    """``text`` split at the first ``sep`` outside quotes (the whole text and "" if none)."""
    quoted = False
    for i, ch in enumerate(text):
        if ch in '"“”':
            quoted = not quoted
        elif ch == sep and not quoted:
            return text[:i], text[i + 1:]
    return text, ""


def _is_activated(body: str) -> bool:
    cost, effect = _split_unquoted(body, ":")
    return bool(effect) and len(cost) < 120


def _trigger_events(condition: str) -> frozenset[str]:
    """The events a trigger condition names; ``enters_self`` for the permanent itself entering."""
    low = condition.lower()
    step = next((e for r, e in _EVENT_RES if e.startswith("step:") and r.search(low)), None)
    if low.startswith("at ") and step:
        return frozenset({step})
    out: set[str] = set()
    rest = low
    for r, e in _EVENT_RES:
        if e.startswith("step:") or not r.search(rest):
            continue
        if e == "enters" and re.search(r"(?:^|when(?:ever)? )~ (?:enters|and\b|or another)", low):
            out.add("enters_self")
            if re.search(r"~ or another|~ and (?:at least|one or more)|\b(?:another|other) [^,]*\benters?", low):
                out.add("enters")
        else:
            out.add(e)
        rest = r.sub(" ", rest)
    return frozenset(out or {"other"})


def _replacement_events(low: str) -> frozenset[str]:
    """The events a replacement or prevention effect applies to (614.1, 615.1)."""
    out = {e for r, e in _EVENT_RES if not e.startswith("step:") and e not in ("targeted", "attacks", "blocks")
           and r.search(low)}
    if re.search(r"\benters? (?:the battlefield )?(?:tapped|with|as)\b", low):
        out.add("enters")
    return frozenset(out or {"other"})


#: what an effect's words may cause (for triggers that could follow from it)
_CAUSES: tuple[tuple[str, frozenset[str]], ...] = (
    (r"\bgains? (?:\d+|x|that much|life)|\bgain \w+ life", frozenset({"life_gain"})),
    (r"\blos(?:e|es) (?:\d+|x|that much|\w+) life|\blose life", frozenset({"life_loss"})),
    (r"\bdamage\b", frozenset({"damage", "combat_damage", "life_loss", "dies", "leaves", "counters"})),
    (r"\bfights?\b", frozenset({"damage", "dies", "leaves"})),
    (r"\bdestroy", frozenset({"dies", "leaves"})),
    (r"\bexile(?![^.]*\bcards? (?:from|in|of) )", frozenset({"leaves"})),
    (r"\breturn", frozenset({"leaves", "enters"})),
    (r"\bexile [^.]*\breturns? [^.]*\bto the battlefield\b|\bthen return (?:it|them|that card|those cards) to the "
     r"battlefield\b", frozenset({"blink"})),
    (r"\bsacrifice", frozenset({"sacrifice", "dies", "leaves"})),
    (r"\bcreates?\b|\btokens?\b|\bonto the battlefield\b|\bamass\b", frozenset({"enters"})),
    (r"\binvestigate\b", frozenset({"enters", "investigate"})),
    (r"\bcounters?\b|\bproliferate\b|\bbolster\b|\badapt\b|\bsupport\b", frozenset({"counters"})),
    (r"-\d+/-\d+|-x/-x|\bgets? -", frozenset({"dies", "leaves"})),
    (r"\bdraws?\b", frozenset({"draw"})),
    (r"\bdiscards?\b", frozenset({"discard"})),
    (r"\bmills?\b|\bsurveil\b|\binto (?:your|their|its owner's) graveyard\b", frozenset({"mill"})),
    (r"\buntap", frozenset({"untapped"})),
    (r"\btap\b|\btaps\b", frozenset({"tapped"})),
    (r"\bcasts?\b|\bcopy\b", frozenset({"cast"})),
    (r"\btarget", frozenset({"targeted"})),
    (r"\badd\b", frozenset({"mana"})),
    (r"\bpay \{", frozenset({"mana", "tapped"})),
    (r"\bexplores?\b|\bconnive", frozenset({"draw", "discard", "counters", "mill"})),
    (r"\bpopulate\b|\bmanifest\b|\blearn\b", frozenset({"enters", "draw"})),
    (r"\bmonarch\b", frozenset({"draw"})),
    (r"\bcascade\b|\bdiscover\b", frozenset({"cast", "enters"})),
    (r"\broll\b", frozenset({"roll"})),
    (r"\bflip\b", frozenset({"flip"})),
)
# effects whose results the words don't say (a dungeon room, the back face of a card, a vote)
_OPAQUE = re.compile(r"\b(?:venture|vote|planeswalk|transform|meld|mutate|initiative|ring tempts|manifest dread)\b",
                     re.I)


def effect_events(effect: str) -> frozenset[str] | None:
    """What the words of an effect could cause, as events another trigger could wait for
    (``None``: words whose results this sorting can't follow, so anything).

    >>> sorted(effect_events("you gain 1 life and draw a card."))
    ['draw', 'life_gain']
    """
    low = effect.lower()
    if _OPAQUE.search(low):
        return None
    return frozenset().union(*(events for pattern, events in _CAUSES if re.search(pattern, low)))


def parent_index(lines: list[str] | tuple[str, ...], i: int) -> int | None:
    """For a row (a mode "• ..." or a die result "1—9 | ..."), the index of the line that
    owns it: the nearest earlier line that is not a row; ``None`` if there is none."""
    j = i - 1
    while j >= 0 and _ROW.match(lines[j].strip()):
        j -= 1
    return j if j >= 0 else None


# --------------------------------------------------------------------------- what a text could change
# Clause shapes whose reach is known. Anything left over once they are taken out could change
# anything: it is ``"other"``.
_PLAYER = (r"(?:you|each player|each opponent|target player|target opponent|that player|its controller|"
           r"defending player|the defending player|they|each other player|that creature's controller|"
           r"enchanted creature's controller|its owner|your opponents|each of your opponents|an opponent|"
           r"any opponent|that opponent|that spell's controller)")
# the subject of a clause: it starts the clause and has no verb of its own
_SUBJECT = (r"(?:^|(?<=[,.;:\"] )|(?<=\band )|(?<=\bthen )|(?<=\")|(?<=\bor )|(?<=\bhave ))"
            r"(?:(?!\b(?:then|destroy|exiles?|returns?|sacrifices?|taps?|untaps?|creates?|put|puts|deals?|"
            r"fights?|loses?|can't|can|must|becomes?|is|are|gains?|has|have|gets?)\b)[\w~'/+ -]){0,70}?")
# the rest of a clause, up to another verb phrase ("... and it has defender")
_TAIL = r"(?:(?! and (?:it|~|they|that creature|has|have|gets?|gains?)\b)[^.;])*"
_KW = (r"(?:first strike|double strike|(?:protection|hexproof) from [^,.;:\"]+?(?=,|\.|;|$| and |\")|[a-z]+walk|" +
       "|".join(sorted((
           "flying", "reach", "menace", "trample", "deathtouch", "lifelink", "vigilance", "haste", "defender",
           "indestructible", "hexproof", "shroud", "fear", "intimidate", "shadow", "horsemanship", "skulk",
           "infect", "wither", "flash", "prowess", "banding", "flanking", "ward", "toxic", "exalted",
           "undying", "persist", "afflict", "bushido", "rampage", "provoke", "changeling", "devoid", "melee",
           "dethrone", "training", "mentor", "battle cry", "myriad", "annihilator", "renown", "riot", "decayed",
           "evolve", "frenzy", "poisonous", "absorb"),
           key=len, reverse=True)) + r")(?: \d+| \{[^}]+\})?(?![\w{])")
# keywords a plain creature token may have
_TOKEN_KW = r"(?:flying|haste|first strike|vigilance|trample|deathtouch|lifelink|reach|menace|defender)"
_REACH: tuple[tuple[str, str], ...] = (
    ("activated_grant", rf"{_SUBJECT}\b(?:gains?|has|have|gain) \"(?:\{{[^}}\"]*\}}|[^\"]){{0,80}}?: [^\"]*\""),
    ("activated_grant", rf"{_SUBJECT}\b(?:gains?|has|have) all activated abilities of [^.;]*"),
    ("activated_grant", r"\band \"(?:\{[^}\"]*\}|[^\"]){0,80}?: [^\"]*\""),
    ("granted", rf"{_SUBJECT}\b(?:gains?|has|have) (?:[\w ]+ and )?\"(?P<trigger>(?:when|whenever|at) [^\"]*)\""),
    ("life", rf"\b{_PLAYER}(?: who [^.,;]*?)? (?:each )?(?:gains?|loses?|gain|lose) (?:(?:\d+|x|that much|an amount "
             r"of|\w+) life|half (?:their|your|his or her) life,? rounded (?:up|down)|life equal to [^.,;]*)(?: equal "
             r"to [^.,;]*| for each [^.,;]*)?"),
    ("life", r"\b(?:gain|lose) (?:\d+|x|that much) life\b|\bpay (?:\d+|x) life\b"),
    ("life", rf"(?<![\w~])(?:~|it) deals (?:\d+|x|that much) damage to {_PLAYER}(?=\s*(?:[.;]|$|, | and you\b))"),
    ("life", rf"(?<![\w~])(?:~|it) deals damage equal to [^.,;]* to {_PLAYER}(?=\s*(?:[.;]|$|, ))"),
    ("life", rf"\b{_PLAYER} get (?:\{{[a-z]\}})+|\byou get (?:\{{e\}})+"),
    ("payment", r"\b(?:you may )?pay (?:\{[^}]+\})+(?![{]| rather than)"),
    ("zones", r"[^.;]*\bmaximum hand size\b[^.;]*"),
    ("zones", r"[^.;]*\bcards? in (?:your|a|each player's|their|an opponent's) (?:graveyards?|hand) (?:has|have)\b"
              r"[^.;]*"),
    ("zones", r"[^.;]*\bfrom among (?:the )?cards (?:you )?exiled\b[^.;]*|\byou may look at cards exiled with\b[^.;]*"),
    ("zones", r"[^.;]*\bplay (?:lands?|an additional land|\w+ additional lands)\b[^.;]*|"
              r"[^.;]*\bflashback cost\b[^.;]*"),
    ("turn_rules", r"[^.;]*\b(?:skip (?:your|each) \w+ step|can't transform|don't lose unspent|while voting|"
                   r"crews? vehicles|have crew \d+|can't get poison counters|cycling cost|venture into|"
                   r"don't lose this mana|isn't legendary)\b[^.;]*"),
    ("damage_rule", r"[^.;]*\b(?:assigns? (?:its |their |~'s )?combat damage|damage dealt by [^.;]* also|"
                    r"damage [^.;]*can't be prevented|deals? double (?:that )?damage|can't be destroyed by lethal "
                    r"damage|legend rule)\b[^.;]*"),
    ("control_enchanted", r"^you control enchanted (?:creature|permanent)\b"),
    ("tap_own", r"\btap (?:any number of |up to \w+ )?(?:other )?(?:untapped )?(?:other )?creatures? you control\b"),
    ("haste_as_though", rf"{_SUBJECT}\bcan attack as though it had haste\b"),
    ("zones", r"\bplay with the top card of your library revealed\b|\byou may look at the top card of your library"
              r"(?: any time)?\b"),
    ("zones", r"[^.;]*\byou may (?:play|cast) [^.;]*\bfrom (?:your|the top of your) (?:graveyard|library|hand)\b"
              r"[^.;]*"),
    ("cards", rf"\b(?:{_PLAYER} )?(?:may )?(?:draws?|discards?|mills?) (?:a card|an additional card|(?:\d+|x|\w+) "
              r"cards?|that many cards|cards equal to [^.,;]*|(?:their|your) hand)(?: at random)?"),
    ("cards", rf"\b(?:{_PLAYER} )?(?:scry|surveil)s? (?:\d+|x)\b"),
    ("cards", r"\blook at the top (?:card|\w+ cards|x cards) of (?:your|target player's|that player's|target "
              r"opponent's|each player's|his or her|their) library\b"),
    ("cards", r"\breveal the top card of your library\b|\bshuffle (?:your|their) library\b|\bthen shuffle\b"),
    ("cards", r"[^.;]*\b(?:puts?|reveals?|returns?) [^.;]*\binto (?:your|their|his or her|that player's) hand\b[^.;]*|"
              r"\bput the rest (?:on the bottom of|into) (?:your|their) (?:library|graveyard)[^.;]*|"
              rf"\b{_PLAYER} reveals? the top (?:card|\w+ cards) of (?:your|their|his or her) library\b"),
    ("cards", r"\bexile (?:up to (?:one|two|three|\w+) )?(?:a |target )?cards? (?:from|in) (?:a|target player's|"
              r"your|an opponent's|each|that player's|defending player's|each opponent's) graveyards?\b|"
              r"\bexile the top "
              r"(?:card|\w+ cards) of (?:your|target player's|each player's) library\b"),
    ("pt_up", rf"{_SUBJECT}\bgets? (?:an additional )?(?:\+(?:\d+|x)/\+(?:\d+|[xy])|[+-](?:\d+|x)/-0)"
              r"(?: until end of turn)?(?: for each [^.,;]*)?"),
    ("pt_up", r"\bput (?:a|an|one|two|three|four|five|x|that many|\w+) \+1/\+1 counters? on "
              r"(?:(?!\b(?:and|then)\b)[\w~' -]){1,60}?(?=[.,;]|$| and | then | for each )"),
    ("pt_up", r"\b(?:support|bolster|adapt) (?:\d+|x)\b"),
    ("pt_down", rf"{_SUBJECT}\bgets? -(?P<down>\d+)/-(?P<down2>\d+)(?= and |[.,;]|$| until end of turn)"),
    ("pt_up", rf"{_SUBJECT}\bhas base power \d+"),
    ("cards", r"[^.;]*\bcan't draw (?:more than \w+ )?cards?\b[^.;]*|\bmills? half (?:their|your) library"
              r"(?:, rounded (?:up|down))?"),
    ("untap_rule", r"[^.;]*\b(?:(?:doesn't|don't) untap during|untap more than|untap ~ during|untap all [^.;]* during)"
                   r"\b[^.;]*"),
    ("multiplayer", r"[^.;]*\battack only the nearest opponent\b[^.;]*"),
    ("cards", r"[^.;,]*\bsearch (?:their |your )?librar(?:y|ies)\b[^.;,]*|\breturn (?:up to \w+ )?target [\w ]*cards? "
              r"[^.;]* to (?:your|its owner's) hand\b"),
    ("spells", r"[^.;]*\byou may activate [^.;]*|[^.;]*\bspells?\b[^.;]*\bcost an additional\b[^.;]*"),
    ("mana_add", r"\badd (?:that much|\w+|x) mana\b[^.;]*|\badd (?:\{[^}]+\})+"),
    ("goad", r"\b(?:you may )?goad target creature(?: defending player controls| an opponent controls)?"),
    ("roll", r"\broll (?:a|two) d\d+\b"),
    ("pt_up", r"\bdouble (?:target creature's|its|~'s|the) power\b"),
    ("cards", rf"{_SUBJECT}\bconnives?(?: x| \d+)?\b"),
    ("own_lands", r"\bsearch your library for [^.;]*\blands? cards?[^.;]*|\bput (?:a|that|those|up to \w+) "
                  r"(?:basic )?lands? cards?[^.;]*\bonto the battlefield(?: tapped)?|"
                  r"\bput (?:it|them) onto the battlefield tapped\b"),
    ("trigger_doubling", r"[^.;]*\btriggers? an additional time\b[^.;]*"),
    ("life", r"[^.;]*\bcan't gain life\b[^.;]*"),
    ("attack_rule", rf"{_SUBJECT}\b(?:can't attack(?! or block| and block)|can attack(?! as though it had haste))"
                    rf"{_TAIL}"),
    ("attack_rule", rf"{_SUBJECT}\b(?:also )?attacks? (?:each (?:combat|turn) )?if able{_TAIL}"),
    ("blocked_self", rf"^~ (?:can't be blocked|must be blocked){_TAIL}|[^.;]*\bable to block ~ do so{_TAIL}"),
    ("blocking_rule", rf"{_SUBJECT}\b(?:can't block|can block|blocks? each combat if able){_TAIL}"),
    ("blocked_rule", rf"{_SUBJECT}\b(?:can't be blocked|able to block [^.;]* do so|must be blocked){_TAIL}"),
    ("prevention", rf"\bprevent (?:all|the next (?:\d+|x)) (?:combat )?damage\b{_TAIL}"),
    ("prevention", r"\bregenerate (?:~|it|target creature)\b"),
    ("spells", r"[^.;]*\bspells?\b[^.;]*\bcosts? [^.;]*\b(?:less|more) to cast\b[^.;]*"),
    ("spells", r"[^.;]*\bcan't be countered\b[^.;]*|[^.;]*\bthis effect can't reduce\b[^.;]*|"
               r"[^.;]*\bmorph costs?\b[^.;]*|[^.;]*\brather than pay the mana cost\b[^.;]*"),
    ("spells", r"[^.;]*\bspells? [^.;]*?\b(?:has|have)\b[^.;]*"),
    ("counters_rule", r"[^.;]*\bcan't have [^.;]*counters put on\b[^.;]*"),
    ("spells", r"[^.;]*\bcan't be (?:equipped|enchanted)\b[^.;]*"),
    ("spells", r"[^.;]*\bspend [^.;]*\bmana\b[^.;]*"),
    ("spells", r"[^.;]*\bcast (?:[^.;]*\bspells?\b|more than)[^.;]*|[^.;]*\bspells? as though [^.;]*|"
               r"[^.;]*\bspells? [^.;]*can't be cast\b[^.;]*|[^.;]*\bforetell\w*[^.;]*"),
    ("spells", r"[^.;]*\bactivated abilities [^.;]*can't be activated\b[^.;]*"),
    ("delayed", r"[^.;]*\bat (?:end of combat|the beginning of the next end step)\b[^.;]*"),
    ("spells", r"[^.;]*\babilities\b[^.;]*\bcosts? [^.;]*\b(?:less|more) to activate\b[^.;]*"),
    ("spells", r"\bcounter target (?:[a-z]+ )?(?:spell|activated ability|triggered ability|activated or triggered "
               r"ability)\b[^.;]*"),
    ("creature_tokens", r"\bcreate (?:a|an|one|two|three|four|five|x|that many|\w+) (?:tapped )?(?:\d+/\d+|x/x) "
                        r"(?:(?!\b(?:attacking|copy|that's|that are|with)\b)[\w -])*? (?:artifact )?creature tokens?"
                        rf"(?: (?:named [\w' ]+|with {_TOKEN_KW}(?:(?:,| and) {_TOKEN_KW})*))?"
                        r"(?! that's| attacking| tapped and attacking)"),
    ("creature_tokens", r"\bcreate a token that's a copy of (?:that creature|~|it|enchanted creature|equipped creature)"
                        r"(?! that's| attacking| tapped and attacking)(?: except [^.]*)?"),
    ("self_sacrifice", r"\bsacrifice ~(?=[.,;]|$| and )"),
    ("mana_tokens", r"\bcreate (?:a|an|one|two|three|x|that many|\w+) (?:tapped )?(?:treasure|food|clue|blood|gold|"
                    r"powerstone|map) (?:artifact )?tokens?\b|\binvestigate\b"),
    ("targeting", r"[^.;]*\bcan't be the targets? of\b[^.;]*|\byou have (?:hexproof|shroud)\b|"
                  r"[^.;]*\bchoosing targets\b[^.;]*"),
    ("keywords", rf"{_SUBJECT}\b(?:gains?|has|have|gain) (?P<kws>(?:{_KW})(?:(?:,|,? and|,? and/or) (?:{_KW}))*)"
                 r"(?: until end of turn)?"),
)
_REACH_RES = tuple((a, re.compile(p, re.I)) for a, p in _REACH)
_CONNECTIVES = re.compile(
    r"\bif [^,.]*, |\bif [^,.;]*(?=[.;]|$)|\bas long as [^.,;]*|\bunless [^.,;]*|"
    r"\bthis ability triggers only once each turn\b|\bfor each [^.,;]*|\bwhere x is [^.;]*|"
    r"\b(?:and|then|or|you may|may|"
    r"if you do|if you don't|when you do|otherwise|this way|until end of turn|this turn|instead|also|both|any time|"
    r"choose one(?: or both| or more)?|choose one of them)\b|"
    r"[.,;:—\"]", re.I)
_KW_RE = re.compile(_KW, re.I)


# a spell cast or a card played while the effect resolves: it could be anything (608.2g)
_CAST_NOW = re.compile(r"\b(?:you )?may (?:cast|play) (?![^.]*\b(?:this turn|until end of turn|until your next|for as "
                       r"long as)\b)[^.]*|\bcast (?:it|that card|the copy|them|those cards)\b", re.I)


def effect_reach(effect: str) -> frozenset[str]:
    """:func:`reach` of what a triggered or activated ability does: a spell cast while it
    resolves ("you may cast the copy") could do anything, so it is ``other``."""
    return reach(effect) | ({"other"} if _CAST_NOW.search(effect) else frozenset())


def reach(text: str) -> frozenset[str]:
    """What a static ability's or an effect's words could change (``text`` with the permanent's
    name as ``~``): ``life`` (life totals and players' counters), ``cards`` (hands, libraries,
    graveyards), ``pt_up`` (power and toughness raised, toughness never lowered),
    ``kw:KEYWORD`` (a keyword gained or had), ``activated_grant`` (an activated ability
    granted), ``attack_rule`` (what may attack), ``blocking_rule`` (what may block),
    ``blocked_rule`` (what may be blocked, by whom), ``blocked_self`` (how ~ itself may be
    blocked), ``creature_tokens`` (plain creature tokens created), ``prevention``
    (damage prevented, regeneration), ``spells`` (spells, their costs, mana spending), ``zones``
    (playing from other zones, hand size), ``mana_tokens`` (Treasure, Food, Clue, ...),
    ``pt_down:N`` (toughness lowered by N), ``multiplayer`` (rules for more than two players),
    ``payment`` (mana paid), ``own_lands`` (lands its controller puts onto the battlefield),
    ``trigger_doubling`` (triggered abilities that trigger again), ``control_enchanted``,
    ``tap_own``, ``haste_as_though``, ``self_sacrifice`` (it sacrifices itself), ``counters_rule``
    (counters can't be put), ``granted:EVENT`` (a granted triggered ability that waits for EVENT),
    ``targeting`` ("can't be the target"), ``delayed`` (something
    done at end of combat or later, 603.7), ``turn_rules`` (draw steps, land plays, voting,
    crewing, how combat damage is assigned) and ``other``: anything
    else, which could change anything (also a text of none of these shapes, "3/3").

    Examples
    --------
    >>> sorted(reach("~ has deathtouch as long as you control a Liliana planeswalker."))
    ['kw:deathtouch']
    >>> sorted(reach("Enchanted creature gets +2/+2 and has first strike."))
    ['kw:first_strike', 'pt_up']
    >>> sorted(reach("Destroy target creature. You gain 2 life."))
    ['life', 'other']
    """
    low = _REMINDER.sub("", text).strip().lower()
    out: set[str] = set()
    for aspect, pattern in _REACH_RES:
        def take(m: re.Match[str]) -> str:
            if aspect == "keywords":
                out.update("kw:" + _canonical(k.group(0)) for k in _KW_RE.finditer(m.group("kws")))
            elif aspect == "pt_down":  # toughness lowered by a number: it bears if that kills (704.5f)
                out.add(f"pt_down:{m.group('down2')}")
            elif aspect == "granted":  # a granted triggered ability: it bears when its event can happen
                out.update("granted:" + e for e in _trigger_events(_split_unquoted(m.group("trigger"), ",")[0]))
            else:
                out.add(aspect)
            return " "
        low = pattern.sub(take, low)
    if not out or re.search(r"[a-z~]", _CONNECTIVES.sub(" ", low)):
        out.add("other")
    return frozenset(out)


def _canonical(keyword: str) -> str:
    """``first strike`` -> ``first_strike``; ``protection from red`` -> ``protection``; a number
    or cost after the keyword goes."""
    words = re.sub(r" (?:\d+|\{[^}]+\})$", "", keyword.strip().lower())
    if words.startswith(("protection", "hexproof")):
        return words.split()[0]
    return words.replace(" ", "_")


# --------------------------------------------------------------------------- "as long as" conditions
_ATOMS: tuple[tuple[str, str], ...] = (
    (r"(?:~|it) is (equipped|enchanted)|it's (equipped|enchanted)", "attached"),
    (r"(?:~|it) is attacking|it's attacking", "attacking"),
    (r"(?:~|it) is (untapped|tapped)|it's (untapped|tapped)", "tapped"),
    (r"(?:~|it) is monstrous|it's monstrous", "monstrous"),
    (r"you have (\d+) or more life", "life_at_least"),
    (r"you have (\d+) or less life", "life_at_most"),
    (r"an opponent has (\d+) or less life", "opponent_life_at_most"),
    (r"you control your commander", "commander"),
    (r"it's your turn", "your_turn"),
    (r"it's not your turn", "not_your_turn"),
    (r"you control an? ([a-z]+(?: [a-z]+)?(?: or an? [a-z]+(?: [a-z]+)?| or [a-z]+)?)", "control"),
    (r"(\w+) or more cards are in your graveyard", "graveyard_at_least"),
    (r"the top card of your graveyard is an? [\w ]+ card", "graveyard_top"),
    (r"you have (\w+) or more cards in (?:your )?hand", "hand_at_least"),
    (r"there are (\w+) or more card types among cards in your graveyard", "graveyard_at_least"),
    (r"(?:~|it|enchanted creature|equipped creature) is (white|blue|black|red|green)", "color"),
    (r"(?:~|it) has an? ([\w+/-]+) counter on it", "counter"),
    (r"(?:~|it) has no ([\w+/-]+?) counters on it", "no_counter"),
)
_ATOM_RES = tuple((re.compile("^" + p + "$"), k) for p, k in _ATOMS)
#: number words of Oracle text
NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}


def static_condition(body: str) -> tuple[tuple[str, str | None], ...] | None:
    """The atoms of a static ability's "as long as" condition (611.3b), or of a triggered
    ability's intervening "if" clause leading its effect (603.4), when each is one this
    sorting knows: ``("attached", "equipped")``, ``("attacking", None)``, ``("tapped",
    "untapped")``, ``("monstrous", None)``, ``("life_at_least", "30")``, ``("life_at_most", n)``,
    ``("opponent_life_at_most", n)``, ``("commander", None)``, ``("your_turn", None)``,
    ``("not_your_turn", None)``, ``("control", "liliana planeswalker")``,
    ``("graveyard_at_least", "7")``, ``("color", "blue")`` (of it or what it is attached to),
    ``("counter", "slumber")``; ``None`` otherwise.

    >>> static_condition("As long as ~ is equipped, it gets +1/+1 and has flying.")
    (('attached', 'equipped'),)
    """
    low = body.lower().rstrip(".")
    m = re.match(r"^(?:as long as|if) ([^,]*), ", low) or re.search(r" (?:as long as|if) ([^,.]*)$", low)
    if m is None:
        return None
    atoms: list[tuple[str, str | None]] = []
    for part in re.split(r" and ", m.group(1)):
        found = next(((k, next((g for g in a.groups() if g), None))
                      for r, k in _ATOM_RES if (a := r.match(part.strip()))), None)
        if found is not None and found[0] in ("graveyard_at_least", "hand_at_least"):
            found = (found[0], str(NUMBERS.get(found[1] or "", found[1])))
        if found is None:
            return None
        atoms.append(found)
    return tuple(atoms)
