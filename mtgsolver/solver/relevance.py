"""Which unread lines bear on an answer, which could change its verdict, and why the others can't.

Nothing is dropped in silence (``docs/unread.md``): a line of a permanent's Oracle text that the
project does not read stays on the permanent (:attr:`~mtgsolver.model.permanent.Permanent.unread`),
and every answer lists every unread line of the board once: in ``unread`` when it could bear on
the answer (``decisive`` ones make it undecided) or in ``not_relevant`` with the reason it can't.
A line's bearing depends on the moment the question is about:

- a **declaration** (508.1, 509.1) is judged on the board as it is plus what must happen before
  it: the triggers of the attack declaration resolve before blockers are declared (508.2, 509.1;
  :mod:`mtgsolver.rules.combat_triggers` applies those it reads), beginning-of-combat triggers
  before attackers are declared (507, 508.1); activated abilities do nothing until activated;
- a **payment** (601.2g-h, 605) is made with mana abilities and what triggers from them;
- **combat damage** (510) follows the blocks on the board.

What a line waits for comes from its form (:func:`mtgsolver.read.line_forms.line_form`), what it
could change from its words (:func:`mtgsolver.read.line_forms.reach`); both err on the side of
bearing.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Iterable

from mtgsolver.load import prepare
from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.board import Board
from mtgsolver.model.effects import (
    ActivatedAbility, Damage, Delayed, GainLife, LookAtTop, LoseLife, Players, PutCounters, SpellAbility,
    TriggeredAbility, You,
)
from mtgsolver.model.mana import Color, ManaCost
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.unread import UnreadLine
from mtgsolver.model.zones import TURN_STEPS
from mtgsolver.read.board_file import card_permanent_or_none
from mtgsolver.read.board_file import spell_ability as board_spell_ability
from mtgsolver.read.line_forms import (
    EVENTS, NUMBERS, LineForm, effect_events, effect_reach, line_form, parent_index, reach,
    static_condition,
)
from mtgsolver.read.line_kinds import is_activated, is_triggered, line_kinds
from mtgsolver.rules.combat_triggers import (
    CARDS_ONLY, AttackTriggers, attack_triggers, caused_events, changes_only, effect_leaves, reads_power_or_toughness,
    resolved_on_board, trigger_events,
)

__all__ = ["Bearing", "combat_bearing", "damage_bearing", "entered_bearing", "line_bearing", "mana_bearing", "merge",
           "produce_bearing", "resolve_bearing", "turn_bearing", "unread_lines", "unread_mana_ability"]


def unread_lines(board: Board, permanents: Iterable[str] | None, kinds: Iterable[str]) -> tuple[UnreadLine, ...]:
    """The unread lines whose kinds meet ``kinds``.

    Parameters
    ----------
    board:
        The board.
    permanents:
        Ids of the permanents whose lines are asked for; ``None`` for every permanent (pass
        ``{"effects"}`` in ``kinds`` for the static abilities that could affect others).
        Unknown ids are skipped.
    kinds:
        Line kinds (``"mana"``, ``"mana_trigger"``, ``"combat"``, ``"effects"``, ``"other"``).

    Returns
    -------
    tuple of UnreadLine
        In board order, each (permanent, line) once.
    """
    wanted = frozenset(kinds)
    ids = None if permanents is None else set(permanents)
    out: list[UnreadLine] = []
    for perm in board.permanents:
        if ids is not None and perm.id not in ids:
            continue
        for line in perm.unread:
            k = line_kinds(line)
            if k & wanted:
                out.append(UnreadLine(perm.id, line, k))
    return tuple(dict.fromkeys(out))


def merge(*groups: Iterable[UnreadLine]) -> tuple[UnreadLine, ...]:
    """Several selections as one, each (permanent, line) once, in first-seen order."""
    seen: dict[tuple[str, str], UnreadLine] = {}
    for g in groups:
        for u in g:
            seen.setdefault((u.permanent, u.line), u)
    return tuple(seen.values())


@dataclass(frozen=True)
class Bearing:
    """The unread lines that could bear on an answer (``lines``), the part of them that could
    change its verdict (``decisive``; the verdict is then undecided), and every other unread
    line of the board with the reason it can't bear on it (``not_relevant``)."""

    lines: tuple[UnreadLine, ...] = ()
    decisive: tuple[UnreadLine, ...] = ()
    not_relevant: tuple[UnreadLine, ...] = ()


# --------------------------------------------------------------------------- the lines of a board
#: A read ability a question may leave unapplied: judged as the line it was read from.
ReadAbility = ActivatedAbility | TriggeredAbility


@dataclass(frozen=True)
class _Line:
    """One line of a permanent, unread or read as an activated or triggered ``ability`` that the
    question doesn't apply, with its kinds and form (a mode or die row has its ability's form,
    700.2, 706.2)."""

    perm: Permanent
    text: str
    kinds: frozenset[str]
    form: LineForm
    ability: ReadAbility | None = None

    def unread(self, reason: str = "") -> UnreadLine:
        return UnreadLine(self.perm.id, self.text, self.kinds, reason)

    def part(self, form: LineForm) -> "_Line":
        """The line with one part of its form (a keyword holding several abilities)."""
        return dataclasses.replace(self, form=form)


def _board_lines(board: Board, read: bool = False) -> list[_Line]:
    """The unread lines of the board's permanents, in printed order; with ``read``, also the
    lines read as activated and triggered abilities (the questions that don't apply them judge
    them as lines, :func:`_read_form`)."""
    out: list[_Line] = []
    for perm in board.permanents:
        entries = [(a.text, a if isinstance(a, (ActivatedAbility, TriggeredAbility)) else None)
                   for a in perm.abilities if isinstance(a, TextAbility)
                   or read and isinstance(a, (ActivatedAbility, TriggeredAbility)) and a.text]
        lines = [text for text, _ in entries]
        forms = [line_form(t, perm.name, "legendary" in perm.supertypes) for t in lines]
        for i in range(len(lines)):  # a modal ability does what its modes do (700.2)
            rows = [forms[j].body.lstrip("• ") for j in range(i + 1, len(lines)) if parent_index(lines, j) == i
                    and forms[j].form == "row"]
            if rows and forms[i].form != "row":
                forms[i] = dataclasses.replace(forms[i], effect=(forms[i].effect + " " + " ".join(rows)).strip())
        for i, (text, ability) in enumerate(entries):
            form = forms[i]
            if form.form == "row":
                j = parent_index(lines, i)
                parent = forms[j] if j is not None else LineForm("triggered", form.body, frozenset({"other"}))
                form = LineForm(parent.form, form.body, parent.events, effect=form.body, condition=parent.condition,
                                optional=parent.optional, parts=parent.parts)
            if ability is not None:
                form = _read_form(ability, form)
            out.append(_Line(perm, text, line_kinds(text), form, ability))
    return out


def _read_form(ability: ReadAbility, form: LineForm) -> LineForm:
    """The form of a line read as ``ability``: an activated ability (602.1) or a triggered one
    (603.1) waiting for the events its structure names (:func:`trigger_events`; the words'
    events where the structure says only ``other``), unless the words say it works elsewhere
    (113.6: another zone, a spell). A text whose words
    don't part effect from event keeps its whole body as the effect, so all of it is reached."""
    if form.form in ("zone", "spell"):
        return form
    effect = form.effect if form.form in ("triggered", "activated") and form.effect else form.body
    if isinstance(ability, ActivatedAbility):
        return dataclasses.replace(form, form="activated", effect=effect, parts=())
    events = trigger_events(ability)
    if "other" in events and form.form == "triggered":
        events = (events - {"other"}) | form.events
    return dataclasses.replace(form, form="triggered", events=events, effect=effect, parts=(),
                               optional=form.optional or ability.optional)


def _split(lines: list[_Line], reason_of) -> Bearing:  # type: ignore[no-untyped-def]
    """Lines whose ``reason_of`` is ``None`` bear on the answer (all decisive); the others are
    not relevant, with that reason."""
    bearing: list[UnreadLine] = []
    not_relevant: list[UnreadLine] = []
    for line in lines:
        reason = reason_of(line)
        (bearing.append(line.unread()) if reason is None else not_relevant.append(line.unread(reason)))
    return Bearing(merge(bearing), merge(bearing), merge(not_relevant))


# --------------------------------------------------------------------------- when a line works
def _not_now(line: _Line, side: str) -> str | None:
    """Why a line of a permanent on the battlefield does not work at this moment at all (113.6),
    or ``None``. ``side``: the question (``"attacks"`` for attack declarations, where a card
    cast with dash or returned by unearth has haste the board can't show)."""
    f, name = line.form, line.perm.name
    if f.form in ("spell", "zone") and side == "attacks" and "haste" in line.text.lower() \
            and line.perm.summoning_sick and not line.perm.has_keyword("haste"):
        return None  # 702.109a dash, 702.152a blitz, 702.84a unearth: how it was cast decides whether it has haste
    if f.form == "spell":
        return (f"it is about casting {name} as a spell (113.6d-g); {name} is on the battlefield")
    if f.form == "zone":
        return f"it works only while {name} is in another zone (113.6b, 113.6m); {name} is on the battlefield"
    if f.form == "enters":
        return f"it applies as {name} enters the battlefield (113.6h, 614.1c); {name} is already on the battlefield"
    if f.form == "untap_step":
        return "it applies only in an untap step (502.3)"
    if f.form == "attachment":
        return f"it says what {name} may be attached to (303.4a, 702.5); the board says what it is attached to"
    return None


_EVENT_WORDS = {
    "attacks": "an attack", "unblocked": "an unblocked attacker", "blocks": "a block", "blocked": "a creature "
    "becoming blocked", "combat_damage": "combat damage", "damage": "damage", "enters_self": "its own entering the "
    "battlefield", "enters": "a permanent entering the battlefield", "leaves": "a permanent leaving the battlefield",
    "dies": "a creature dying", "cast": "a spell being cast", "tapped": "a permanent becoming tapped", "untapped":
    "a permanent becoming untapped", "life_gain": "life being gained", "life_loss": "life being lost", "draw": "a "
    "card being drawn", "discard": "a discard", "counters": "counters being put or removed", "sacrifice": "a "
    "sacrifice", "targeted": "something becoming a target", "cycle": "cycling", "mill": "cards being milled", "lore":
    "lore counters (714.2b)", "mana": "mana being added", "monstrous": "a creature becoming monstrous", "face_up":
    "a permanent being turned face up", "mutate": "a mutation", "roll": "a die roll", "flip": "a coin flip",
    "activate": "an ability being activated", "day_night": "day becoming night or night day", "assemble":
    "a Contraption being assembled", "attach": "an Aura or Equipment becoming attached", "other": "an event",
}


def _events_words(events: Iterable[str]) -> str:
    words = [_EVENT_WORDS.get(e) or "the " + e.removeprefix("step:").replace("_", " ") + " step"
             for e in sorted(events)]
    return " or ".join(dict.fromkeys(words))


# --------------------------------------------------------------------------- declarations
#: Keywords of triggers on attacking, blocking or dealing damage: none acts before attackers are declared;
#: before blockers, annihilator (702.86a, a sacrifice) and myriad (702.116a, attacking tokens) could change the
#: blocks, and those that only raise power and toughness are ``pt_up`` (:data:`_RAISES`).
_AFTER_ATTACKING = frozenset({"melee", "dethrone", "training", "mentor", "battle_cry", "myriad", "annihilator",
                              "renown", "evolve", "exalted", "frenzy", "riot", "poisonous", "absorb", "bushido",
                              "rampage", "afflict", "flanking"})
_RAISES = frozenset({"melee", "dethrone", "training", "mentor", "battle_cry", "exalted"})
#: Keywords that can't change which blocks are legal (509.1) or which attacks (508.1): they act in
#: combat damage, on targets, on casting, or only on the other declaration.
_NOT_BLOCKS = frozenset({"deathtouch", "lifelink", "first_strike", "double_strike", "trample", "vigilance", "haste",
                         "indestructible", "hexproof", "shroud", "ward", "infect", "wither", "defender", "flash",
                         "prowess", "toxic", "undying", "persist"}) | (_AFTER_ATTACKING - {"annihilator", "myriad"}
                                                                       - _RAISES)
_NOT_ATTACKS = frozenset({"deathtouch", "lifelink", "first_strike", "double_strike", "trample", "vigilance",
                          "indestructible", "hexproof", "shroud", "ward", "infect", "wither", "flash", "prowess",
                          "toxic", "undying", "persist", "flying", "reach", "menace", "fear", "intimidate", "shadow",
                          "horsemanship", "skulk", "protection", "flanking", "bushido", "rampage", "afflict",
                          "decayed"}) | _AFTER_ATTACKING
_ASPECT_WORDS = {
    "life": "life totals",
    "cards": "cards in hands, libraries and graveyards",
    "pt_up": "power and toughness, upwards, which nothing read on this board compares",
    "activated_grant": "activated abilities, which do nothing until activated",
    "attack_rule": "what may attack",
    "blocking_rule": "what may block",
    "blocked_rule": "what may be blocked",
    "blocked_self": "how it may be blocked",
    "prevention": "damage prevention",
    "spells": "spells and their costs",
    "zones": "cards in other zones",
    "mana_tokens": "Treasure, Food or Clue tokens",
    "mana_add": "mana in a pool, and no cost is paid",
    "creature_tokens": "creature tokens of its controller, who is attacking",
    "targeting": "what may be targeted",
    "payment": "its controller's mana",
    "delayed": "what happens at end of combat or later (603.7)",
    "turn_rules": "other moments of the turn (draw steps, land plays, crewing, combat damage assignment)",
    "own_lands": "the lands of its controller, who is attacking",
    "trigger_doubling": "how often abilities trigger, and none that bears could trigger",
    "control_enchanted": "who controls what it enchants, who controls it already",
    "tap_own": "the creatures of its controller, who is attacking",
    "haste_as_though": "haste, which matters only to a creature that came under its controller's control this "
                       "turn (302.6)",
    "counters_rule": "whether counters can be put on permanents, and none can be put before the declaration",
    "damage_rule": "how combat damage is assigned or dealt",
    "untap_rule": "what untaps in an untap step (502.3)",
    "roll": "a die roll itself (its results are its other lines)",
    "goad": "goading, which makes a creature attack on its controller's turn (701.15)",
    "multiplayer": "games of more than two players",
    "self_sacrifice": "whether it stays on the battlefield, where it neither takes part nor grants anything",
}
#: Keywords and rules that don't matter on an attacker, on a creature that could block (509.1, 702)
_NOT_ON_ATTACKER = frozenset({"kw:reach", "blocking_rule"})
_NOT_ON_BLOCKER = frozenset({"kw:fear", "kw:intimidate", "kw:menace", "kw:skulk", "kw:protection", "blocked_rule",
                             "blocked_self"})
# a static of the permanent itself: "~ has ...", "~ can't block ..." (nothing about other objects)
_SELF_STATIC = re.compile(r"^~ (?:has|have|gets?|can't|can|attacks?|blocks?|must|doesn't|does not)\b")
_GROUP = re.compile(r"\b(?:creatures|permanents|players|opponents|each|all|other|another)\b[^.]*"
                    r"\b(?:get|gets|have|has|gain|gains|can't|can)\b")


def _aspects_words(aspects: Iterable[str]) -> str:
    def words(a: str) -> str:
        """The words of one aspect."""
        if a.startswith("pt_down:"):
            return f"toughness, lowered by {a.split(':')[1]} without reaching 0"
        if a.startswith("granted:"):
            return f"a granted triggered ability that waits for {_events_words([a.removeprefix('granted:')])}"
        return _ASPECT_WORDS.get(a) or a.removeprefix("kw:").replace("_", " ")
    return ", ".join(dict.fromkeys(words(a) for a in sorted(aspects)))


def _line_reach(line: _Line, text: str, effect: bool) -> frozenset[str]:
    """What a line's ``text`` could change (:func:`mtgsolver.read.line_forms.reach`); for the
    effect of a read triggered ability, what its effects change where each is of a kind whose
    reach is known (:func:`_effects_reach`)."""
    if effect and isinstance(line.ability, TriggeredAbility) and (known := _effects_reach(line.ability)) is not None:
        return known
    return effect_reach(text) if effect else reach(text)


def _effects_reach(ability: TriggeredAbility) -> frozenset[str] | None:
    """The aspects a read trigger's effects could change: life totals (life gained or lost,
    damage to players, 120.3a), cards (drawn, discarded, milled, looked at, 121, 701), power and
    toughness raised by +1/+1 counters (122.1a), something done later (a delayed trigger, 603.7);
    ``None`` when one effect is of another kind."""
    out: set[str] = set()
    for e in effect_leaves(ability):
        if isinstance(e, (GainLife, LoseLife)) or isinstance(e, Damage) and isinstance(e.to, (You, Players)):
            out.add("life")
        elif isinstance(e, (*CARDS_ONLY, LookAtTop)):
            out.add("cards")
        elif isinstance(e, PutCounters) and e.kind == "+1/+1":
            out.add("pt_up")
        elif isinstance(e, Delayed):
            out.add("delayed")
        else:
            return None
    return frozenset(out)


def _cant_change(moment: "_Declaration", aspects: Iterable[str], what: str = "it") -> str:
    """The reason of a line whose words can't change the declaration."""
    return (f"{what} can't change which {moment.side} are legal: it changes only {_aspects_words(aspects)} "
            f"({moment.rule})")


@dataclass
class _Declaration:
    """What can happen before a declaration of ``side`` (``"attacks"`` or ``"blocks"``)."""

    board: Board
    side: str
    involved: frozenset[str]
    costs: bool
    events: set[str] = field(default_factory=set)
    pt: bool = False
    attackers: frozenset[str] = frozenset()
    #: events only a trigger's effect could bring (not the declaration itself)
    caused: set[str] = field(default_factory=set)
    #: whether a trigger that bears on the declaration could trigger (and so trigger twice)
    live_triggers: bool = True
    #: the read triggers of the declared attack (blocks only, :func:`attack_triggers`) by source and
    #: ability (:func:`_fired`): ``None`` for those applied before the declaration, the reason for
    #: those left unapplied
    fired: dict[tuple[str, int], str | None] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        return "509.1" if self.side == "blocks" else "508.1"

    @property
    def when(self) -> str:
        if self.side == "blocks":
            return "between the declaration of attackers and that of blockers"
        return "before attackers are declared"

    @property
    def rules(self) -> str:
        return "508.2, 509.1" if self.side == "blocks" else "507, 508.1"

    def irrelevant(self, line: _Line) -> frozenset[str]:
        """The aspects (:func:`mtgsolver.read.line_forms.reach`) that can't change this declaration."""
        out = {"life", "cards", "spells", "zones", "prevention", "activated_grant", "delayed", "turn_rules",
               "damage_rule", "untap_rule", "roll"}
        if len(self.board.players) == 2:
            out.add("multiplayer")
        out |= {"granted:" + e for e in EVENTS if e not in _possible(self.events)}
        if "counters" not in self.events:
            out.add("counters_rule")
        if self.side == "blocks":
            out |= {"attack_rule", "haste_as_though"}
        else:
            out |= {"blocking_rule", "blocked_rule", "blocked_self", "goad"}
        if self.side == "attacks" and not self.sick:
            out |= {"kw:haste", "haste_as_though"}  # 302.6: haste matters only to a creature that came this turn
        out |= {"kw:" + k for k in (_NOT_BLOCKS if self.side == "blocks" else _NOT_ATTACKS)}
        if not self.pt:
            out.add("pt_up")
        if "targeted" not in self.events:
            out.add("targeting")
        if not self.costs:
            out |= {"mana_tokens", "mana_add"}
        if self.side == "blocks" and line.perm.controller == self.board.active_player:
            # the attacking player's new, tapped or landed permanents neither attack nor block (508.4)
            out |= {"creature_tokens", "tap_own", "own_lands"}
        if not self.costs and (self.side == "blocks" and line.perm.controller == self.board.active_player
                               or not _mana_creatures(self.board, line.perm.controller)):
            out.add("payment")  # paying taps only what can't take part, or lands (106.4, 605)
        if not self.live_triggers:
            out.add("trigger_doubling")
        if self.side == "blocks" and line.perm.id not in self.attackers:
            out.add("blocked_self")
        takes_part = line.perm.id in self.attackers or (line.perm.is_creature and line.perm.id in self.involved)
        grants = any(isinstance(a, Static) and a.name in ("continuous", "grants") for a in line.perm.abilities)
        if not takes_part and not grants:
            out.add("self_sacrifice")  # it takes no part, and nothing it grants goes with it
        attached = line.perm.attached_to
        if attached is not None and self.board.has_permanent(attached) \
                and self.board.permanent(attached).controller == line.perm.controller:
            out.add("control_enchanted")  # 613.1b: it gives control to whoever controls it already
        return frozenset(out)

    @property
    def sick(self) -> bool:
        """Whether a creature of the active player has come under their control this turn
        without haste (302.6): only then could haste change an attack."""
        return any(p.summoning_sick and not p.has_keyword("haste")
                   for p in self.board.creatures(self.board.active_player))

    def subject(self, line: _Line, text: str) -> Permanent | None:
        """The creature ``text`` is about, when it is the permanent itself ("~ has ...", "it
        gets ...") or what an Aura or Equipment is attached to ("Enchanted creature ...", and
        "it" in its text); ``None`` otherwise."""
        low = re.sub(r"^(?:as long as|if|during|while) [^,]*, ", "", text.lower())
        perm, board = line.perm, self.board
        attached = low.startswith(("enchanted creature ", "equipped creature "))
        if attached or (low.startswith("it ") and not perm.is_creature):
            who = perm.attached_to
        elif low.startswith(("~ ", "it ")) and perm.is_creature:
            who = perm.id
        else:
            return None
        return board.permanent(who) if who is not None and board.has_permanent(who) \
            and board.permanent(who).is_creature else None

    def role(self, line: _Line, text: str) -> str | None:
        """``attacker`` or ``blocker`` when ``text`` is about one creature (:meth:`subject`) that
        attacks or could block."""
        who = self.subject(line, text)
        if who is None or self.side != "blocks":
            return None
        if who.id in self.attackers:
            return "attacker"
        return "blocker" if who.controller != self.board.active_player else None

    def survives(self, line: _Line, text: str, aspect: str) -> bool:
        """Whether toughness lowered by the number of ``aspect`` (``pt_down:N``) leaves the
        creature ``text`` is about alive (704.5f), and nothing compares power and toughness."""
        who = self.subject(line, text)
        if self.pt or who is None:
            return False
        toughness = who.toughness
        return toughness is not None and toughness - int(aspect.split(":")[1]) > 0

    def can_bear(self, line: _Line, text: str, effect: bool = False) -> frozenset[str]:
        """The aspects of ``text`` (an ``effect`` of an ability, or a static ability) that could
        change the declaration (none: it can't bear)."""
        aspects = _line_reach(line, text, effect)
        if self.side == "blocks":  # a keyword that only raises power and toughness before blockers
            aspects = frozenset("pt_up" if a.removeprefix("kw:") in _RAISES else a for a in aspects)
        aspects -= self.irrelevant(line)
        aspects = frozenset(a for a in aspects if not (a.startswith("pt_down:") and self.survives(line, text, a)))
        role = self.role(line, text)
        if role == "attacker":
            aspects -= _NOT_ON_ATTACKER
        elif role == "blocker":
            aspects = frozenset(a for a in aspects - _NOT_ON_BLOCKER
                                if not (a.startswith("kw:") and a.endswith("walk")))
        return aspects


def _declaration(board: Board, side: str, costs: bool, lines: list[_Line]) -> _Declaration:
    attacks = board.combat.attackers if board.combat else ()
    attackers = [a.creature for a in attacks]
    targets = [a.target for a in attacks if a.target is not None]
    if side == "attacks":
        involved = [p.id for p in board.controlled_by(board.active_player) if p.is_creature] + targets
        start = TURN_STEPS.index(board.turn.step) if board.turn.step in TURN_STEPS else 0
        end = TURN_STEPS.index("declare_attackers")
        steps = [s for i, s in enumerate(TURN_STEPS)
                 if start < i < end or (i == start and s == "beginning_of_combat")]
        initial = {"step:" + s for s in steps}
    else:
        defenders = {board.defender_of(a) for a in attacks
                     if a.target is None or board.is_player(a.target) or board.has_permanent(a.target)}
        involved = attackers + [p.id for p in board.permanents if p.is_creature and p.controller in defenders]
        initial = {"attacks", "tapped"} if attackers else set()
    involved += [p.id for p in board.permanents if p.attached_to in set(involved)]
    moment = _Declaration(board, side, frozenset(involved), costs, set(initial), attackers=frozenset(attackers))
    if side == "blocks":
        moment.fired = _fired(attack_triggers(board))
    _follow_chains(moment, lines)
    # a change of power or toughness bears only where something compares them (skulk, 702.118b; "creatures
    # with power 2 or less can't block"): something read, or an unread line that bears anyway
    moment.pt = reads_power_or_toughness(board) or any(
        re.search(r"\b(?:power|toughness)\b", ln.text, re.I) and _declaration_reason(moment, ln) is None
        for ln in lines)
    return moment


def _fired(triggers: AttackTriggers) -> dict[tuple[str, int], str | None]:
    """Each read trigger of the attack by its source and the identity of the ability object on
    the prepared board (:func:`_key`): ``None`` when every time it triggered it was applied, else
    why it was not."""
    out: dict[tuple[str, int], str | None] = {(f.source, id(f.ability)): None for f in triggers.applied}
    for f, why in triggers.unapplied:
        out[(f.source, id(f.ability))] = why
    return out


def _key(line: _Line) -> tuple[str, int]:
    """A read line's key in :attr:`_Declaration.fired`."""
    return line.perm.id, id(line.ability)


def _follow_chains(moment: _Declaration, lines: list[_Line]) -> None:
    """Add to ``moment.events`` what the triggers that could happen before the declaration
    could cause in turn (603.2: a trigger's effect is an event other triggers see): a read
    trigger by its effects (:func:`caused_events`), an unread one or one of effects not sorted
    by its words (:func:`mtgsolver.read.line_forms.effect_events`)."""
    while True:
        before = set(moment.events)
        for line in lines:
            for part in (line.form.parts or (line.form,)):
                if part.form == "triggered" and _can_happen(moment, line, part) is None:
                    caused = caused_events(line.ability) if isinstance(line.ability, TriggeredAbility) else None
                    caused = effect_events(part.effect) if caused is None else caused
                    moment.caused |= set(EVENTS) - {"attacks"} if caused is None else caused
        moment.caused -= {"attacks"}  # a creature put onto the battlefield attacking never "attacks" (508.3a)
        moment.events |= moment.caused
        if moment.events == before:
            return


def _possible(events: set[str]) -> set[str]:
    """Events that could happen: ``events``, with a permanent entering again once anything can
    enter (a permanent in play enters only after leaving, 400.7) and ``other`` (an event the
    words don't name) always."""
    out = set(events) | {"other"}
    if "blink" in events:  # exiled and returned: it enters again (400.7)
        out.add("enters_self")
    return out


_YOU_ATTACK = re.compile(r"\byou attack\b|\b(?:a|an|another|one or more) [\w ,-]*?you control (?:attacks?|becomes? "
                         r"tapped)\b|\b(?:another|other) [^,]*you control attacks?\b|\bone or more [^,]*you control "
                         r"attack\b|\battack with\b")
# "Whenever a Dragon you control attacks", "an equipped creature you control attacks"
_KIND_ATTACKS = re.compile(r"\b(?:a|an|another|one or more) ((?:equipped |enchanted )?)([a-z-]+?)s? (?:you control )?"
                           r"attacks?\b")
_ATTACKED = re.compile(r"\battacks? you\b|\byou(?:'re| are) attacked\b|\battacks? (?:you or )?a planeswalker you "
                       r"control\b|\bis attacked\b|\ban opponent attacks\b|\bopponents? control attacks?\b")


def _can_happen(moment: _Declaration, line: _Line, part: LineForm) -> str | None:
    """Why a triggered part can't trigger before the declaration, or ``None``."""
    possible = _possible(moment.events)
    if (m := _STATE_TRIGGER.match(part.condition.lower())) and not {"leaves", "enters"} & moment.events \
            and not _state_holds(moment.board, line.perm, m):
        declared = "blockers" if moment.side == "blocks" else "attackers"
        return (f"it is a state trigger (603.8) whose state, \"{m[0].split(' ', 1)[1]}\", doesn't hold on this "
                f"board, and nothing before {declared} are declared changes that")
    if not part.events & possible:
        if part.events == {"enters_self"}:
            return (f"it triggered when {line.perm.name} entered the battlefield (603.6a); what it did is on the "
                    "board")
        return f"it waits for {_events_words(part.events)}, which can't happen {moment.when} ({moment.rules}, 603.2)"
    if part.effect.lower().startswith("if ") and (why := _condition_fails(moment, line.perm, part.effect)):
        return why.replace("its condition", 'its intervening "if" clause').replace("(611.3b)", "(603.4)")
    if moment.side == "blocks" and part.events & possible <= {"attacks", "tapped"} - moment.caused:
        if resolved_on_board(moment.board, line.perm):
            return (f"the board's effects from {line.perm.name} are what it did: it resolved before blockers are "
                    "declared (508.2, 509.1)")
        why = _attack_trigger_fires(moment.board, line.perm, part.condition.lower())
        if why is None and isinstance(line.ability, TriggeredAbility) and trigger_events(line.ability) == {"attacks"} \
                and _key(line) not in moment.fired:
            why = "it did not trigger on the declared attack (508.3a, 603.2)"
        return why
    return None


_STATE_TRIGGER = re.compile(r"^when(?:ever)? you control (no|\w+ or more|no other) ([a-z]+?)s?$")


def _state_holds(board: Board, perm: Permanent, m: re.Match[str]) -> bool:
    """Whether a state trigger's "you control no Islands" / "seven or more Thrulls" / "no other
    creatures" holds for ``perm``'s controller (603.8)."""
    how, kind = m[1], m[2]
    count = sum(1 for p in board.controlled_by(perm.controller) if (kind in p.subtypes or kind in p.types)
                and not (how == "no other" and p.id == perm.id))
    if how.startswith("no"):
        return count == 0
    return count >= NUMBERS.get(how.split()[0], 99)


def _attack_trigger_fires(board: Board, perm: Permanent, condition: str) -> str | None:
    """Why an attack trigger (508.3) of ``perm`` does not trigger on the board's declared
    attack, or ``None`` when it could."""
    combat = board.combat
    attackers = {a.creature for a in combat.attackers} if combat else set()
    defenders = {board.defender_of(a) for a in combat.attackers} if combat else set()
    condition = re.sub(r"^(?:when|whenever|at)\s+", "", condition)
    others = re.search(r"\b(?:another|other|a|an|one or more|each)\b[^,]*\b(?:attack|becomes? tapped)", condition)
    if re.match(r"^(?:~|enchanted creature|equipped creature) ", condition) and not others:
        who = perm.attached_to if condition.startswith(("enchanted", "equipped")) else perm.id
        subject = perm.name if who == perm.id else f"what {perm.name} is attached to"
        if who not in attackers:
            return f"{subject} is not attacking (508.3a, 508.1f)"
        if "attack" not in condition and board.permanent(who).has_keyword("vigilance"):
            return f"{subject} attacks with vigilance and doesn't become tapped (702.20b)"
        return None
    if _YOU_ATTACK.search(condition) and perm.controller != board.active_player:
        return f"{perm.controller}, who controls {perm.name}, is not the attacking player (508.3c-d)"
    if m := _KIND_ATTACKS.search(condition):
        adjective, noun = m.group(1).strip(), m.group(2)
        found = [board.permanent(a) for a in attackers if noun == "creature" or noun in board.permanent(a).subtypes
                 or noun in board.permanent(a).types]
        if adjective in ("equipped", "enchanted"):
            kind = "equipment" if adjective == "equipped" else "aura"
            found = [a for a in found if any(p.attached_to == a.id and kind in p.subtypes for p in board.permanents)]
        if not found:
            return f"no {(adjective + ' ' + noun).strip()} is attacking (508.3a)"
    if _ATTACKED.search(condition) and perm.controller not in defenders:
        return f"{perm.controller}, who controls {perm.name}, is not attacked (508.3b)"
    return None


def _declaration_reason(moment: _Declaration, line: _Line) -> str | None:
    """Why ``line`` can't bear on the declaration, or ``None`` when it could."""
    if line.form.form == "compound":
        reasons = [_part_reason(moment, line, p) for p in line.form.parts]
        return None if any(r is None for r in reasons) else "; ".join(dict.fromkeys(r for r in reasons if r))
    return _part_reason(moment, line, line.form)


def _part_reason(moment: _Declaration, line: _Line, part: LineForm) -> str | None:
    name = line.perm.name
    whole = line.part(part)
    if (why := _not_now(whole, moment.side)) is not None:
        return why
    if part.form == "activated":
        if moment.costs and re.search(r"\badds?\b", part.effect, re.I):
            return None  # a mana ability could pay a cost of the declaration (508.1i, 509.1e)
        return ("an activated ability does nothing until a player activates it (602.1); the declaration is judged "
                "on the board as it is, with what has resolved on it")
    if part.form == "triggered":
        if (why := _can_happen(moment, line, part)) is not None:
            return why
        if not moment.can_bear(line, part.effect, effect=True):
            return _cant_change(moment, _line_reach(line, part.effect, effect=True), "its effect")
        return None
    if part.form == "replacement":
        if not part.events & _possible(moment.events):
            return f"it changes {_events_words(part.events)}, which can't happen {moment.when} ({moment.rules}, 614.1)"
        if not moment.can_bear(line, part.body):
            return _cant_change(moment, reach(part.body))
        return None
    body = part.body
    if (why := _condition_fails(moment, line.perm, body)) is not None:
        return why
    if line.perm.id not in moment.involved and _SELF_STATIC.match(body) and not _GROUP.search(body[2:]):
        return (f"it speaks only of {name}, which neither attacks nor could block" if moment.side == "blocks" else
                f"it speaks only of {name}, which can't attack and isn't attacked")
    if not moment.can_bear(line, body):
        return _cant_change(moment, reach(body))
    return None


def _mana_creatures(board: Board, player: str) -> bool:
    """Whether ``player`` controls a creature with a mana ability, read or not (paying mana
    could tap it, 605)."""
    return any(p.mana_abilities or any("mana" in line_kinds(t) for t in p.unread) for p in board.creatures(player))


_COLORS = ("white", "blue", "black", "red", "green")
#: words of a description that aren't a type, a subtype, a supertype, a color or tapped/untapped
_UNJUDGED = re.compile(r"^(?:non\w*|tokens?|colorless|multicolou?red|monocolou?red)$")


def _described(perm: Permanent, words: str) -> bool | None:
    """Whether ``perm`` is "an untapped land", "a Liliana planeswalker", "a white permanent"
    (105.2); ``None`` for a word this doesn't judge ("nontoken", "colorless")."""
    for w in words.split():
        if _UNJUDGED.match(w):
            return None
        w = w.rstrip("s") if w.endswith("s") and len(w) > 3 else w
        if w in ("untapped", "tapped"):
            if perm.tapped != (w == "tapped"):
                return False
        elif w in _COLORS:
            if Color.parse(w) not in perm.colors:
                return False
        elif w != "permanent" and w not in perm.subtypes | perm.types | perm.supertypes:
            return False
    return True


def _controls(board: Board, player: str, value: str) -> bool | None:
    """Whether ``player`` controls "a Swamp or an Island", "a white or black permanent" (the
    words of a ``control`` condition, each alternative with or without its article); ``None``
    when an alternative has a word :func:`_described` doesn't judge and none holds."""
    found = [_described(p, words) for words in re.split(r" or (?:an? )?", value) for p in board.controlled_by(player)]
    return True if True in found else None if None in found else False


def _condition_fails(moment: _Declaration, perm: Permanent, body: str) -> str | None:
    """Why a static ability's "as long as" condition (611.3b) is false on the board and stays
    false until the declaration, or ``None`` (it holds, might come to hold, or isn't known)."""
    atoms = static_condition(body)
    if atoms is None:
        return None
    board, events = moment.board, moment.events
    player = board.player(perm.controller)
    for kind, value in atoms:
        holds: bool | None = None
        if kind == "attached" and "enters" not in events:
            sub = "equipment" if value == "equipped" else "aura"
            holds = any(p.attached_to == perm.id and sub in p.subtypes for p in board.permanents)
        elif kind == "attacking" and moment.side == "blocks":
            holds = perm.id in moment.attackers
        elif kind == "tapped" and moment.side == "blocks" and not {"tapped", "untapped"} & moment.caused:
            tapped = perm.tapped or (perm.id in moment.attackers and not perm.has_keyword("vigilance"))  # 508.1f
            holds = tapped == (value == "tapped")
        elif kind == "monstrous":
            holds = perm.monstrous
        elif kind.endswith("life_at_least") or kind.endswith("life_at_most"):
            if {"life_gain", "life_loss", "damage"} & events:
                continue
            lives = [player.life] if not kind.startswith("opponent") else \
                [board.player(o).life for o in board.opponents(perm.controller)]
            n = int(value or 0)
            holds = any(life >= n if kind.endswith("at_least") else life <= n for life in lives)
        elif kind == "commander":
            holds = any(p.is_commander and p.controller == perm.controller for p in board.permanents)
        elif kind in ("your_turn", "not_your_turn"):
            holds = (board.active_player == perm.controller) == (kind == "your_turn")
        elif kind == "control" and not {"enters", "leaves", "tapped", "untapped"} & events:
            holds = _controls(board, perm.controller, value or "")
        elif kind in ("graveyard_at_least", "graveyard_top") and not {"mill", "dies", "leaves", "discard"} & events:
            holds = len(board.zones[perm.controller].graveyard) >= int(value or 1)
        elif kind == "hand_at_least" and not {"draw", "discard"} & events:
            holds = len(board.zones[perm.controller].hand) >= int(value or 0)
        elif kind == "color" and "other" not in moment.caused:
            of_attached = body.lower().startswith(("as long as enchanted", "as long as equipped"))
            of = board.permanent(perm.attached_to) if of_attached and perm.attached_to \
                and board.has_permanent(perm.attached_to) else perm
            holds = Color.parse(value or "") in of.colors
        elif kind in ("counter", "no_counter") and "counters" not in events:
            holds = (perm.counters.get(value or "", 0) > 0) == (kind == "counter")
        if holds is False:
            atom = kind.replace("_", " ") + (f" {value}" if value else "")
            return f"its condition doesn't hold on this board and can't come to before the declaration (611.3b): {atom}"
    return None


def combat_bearing(board: Board, side: str, costs: bool = False, legal: bool | None = None) -> Bearing:
    """Lines that could bear on declaring ``side`` (``"attacks"`` or ``"blocks"``, 508.1, 509.1).

    A line, unread or read as an ability the check doesn't apply, bears when it works on the
    battlefield now or on an event that can happen before the declaration (the attack triggers
    before blockers are declared, 508.2, 509.1; beginning-of-combat triggers before attackers,
    507.2, 508.1; the triggers those could cause), and its words could change what may attack or
    block (:func:`_declaration_reason`). A read trigger of the attack that
    :func:`mtgsolver.rules.combat_triggers.attack_triggers` applied is on the judged board: it is
    in neither list. ``costs``: the declaration has costs to pay (508.1d, 509.1d), so mana
    abilities bear on it; with a ``legal`` verdict they are not decisive (another mana ability
    never takes a payment away).
    """
    board = prepare(board)
    lines = _board_lines(board, read=True)
    moment = _declaration(board, side, costs, lines)
    moment.live_triggers = None in moment.fired.values()
    moment.live_triggers |= any(_declaration_reason(moment, ln) is None for ln in lines
                                if any(p.form == "triggered" for p in (ln.form.parts or (ln.form,))))
    bearing: list[UnreadLine] = []
    not_relevant: list[UnreadLine] = []
    for line in lines:
        if (why := _declaration_reason(moment, line)) is not None:
            not_relevant.append(line.unread(why))
        elif line.ability is None:
            bearing.append(line.unread(_why_it_bears(moment, line.form)))
        elif isinstance(line.ability, ActivatedAbility):
            bearing.append(line.unread(f"read, but {moment.side} checks don't activate it: it could pay a cost of "
                                       f"the declaration ({'509.1e' if moment.side == 'blocks' else '508.1i'})"))
        elif (key := _key(line)) not in moment.fired:
            bearing.append(line.unread(f"read, but {moment.side} checks don't apply it: it could trigger "
                                       f"{moment.when} ({moment.rules}, 603.2)"))
        elif (unapplied := moment.fired[key]) is not None:
            bearing.append(line.unread(f"read, but not applied: {unapplied}"))
    lines_ = merge(bearing)
    decisive = tuple(u for u in lines_ if not (legal and unread_mana_ability(u)))
    return Bearing(lines_, decisive, merge(not_relevant))


def _why_it_bears(moment: _Declaration, form: LineForm) -> str:
    """What makes a triggered or replacement line bear on the declaration (a static says it
    itself)."""
    forms = {p.form for p in (form.parts or (form,))}
    if "triggered" in forms:
        return (f"it can trigger {moment.when} and its effect could change which {moment.side} are legal "
                f"({moment.rules}, 603.2)")
    if "replacement" in forms:
        return f"it applies to events that can happen {moment.when} ({moment.rules}, 614.1)"
    return ""


# --------------------------------------------------------------------------- combat damage
#: What can happen from the declaration of blockers to the end of combat damage (509-510),
#: besides the attack triggers (which resolved before blockers were chosen).
_COMBAT_EVENTS = frozenset({"attacks", "tapped", "blocks", "blocked", "unblocked", "combat_damage", "damage", "dies",
                            "leaves", "life_gain", "life_loss", "counters"})


def damage_bearing(board: Board, creatures: Iterable[str]) -> Bearing:
    """Lines that could bear on combat damage among ``creatures`` (510): their combat and static
    lines, every static that could change them and every read trigger of this combat (combat
    damage applies none), unless the line works only at another moment (113.6), waits for an
    event combat can't bring (603.2), is an activated ability (602.1: the damage is dealt on the
    board as it is), or changes only spells, cards in other zones or what may be targeted."""
    board = prepare(board)
    lines = _board_lines(board, read=True)
    ids = set(creatures)
    moment = _Declaration(board, "damage", frozenset(ids), False, set(_COMBAT_EVENTS))
    _follow_chains(moment, lines)
    possible = _possible(moment.events)

    def reason(line: _Line) -> str | None:
        parts = line.form.parts or (line.form,)
        reasons = [_damage_reason(line, p, possible) for p in parts]
        if any(r is None for r in reasons):
            if isinstance(line.ability, TriggeredAbility):
                return f"it changes only {_aspects_words({'cards'})}" if changes_only(line.ability, CARDS_ONLY) \
                    else None
            if line.perm.id in ids and line.kinds & {"combat", "effects"} or "effects" in line.kinds:
                return None
            return "it is neither about a creature in combat nor a static that could change one"
        return "; ".join(dict.fromkeys(r for r in reasons if r))

    bearing = _split(lines, reason)
    read = {(u.permanent, u.line) for u in bearing.lines} & {(ln.perm.id, ln.text) for ln in lines if ln.ability}
    said = tuple(dataclasses.replace(u, reason="read, but combat damage doesn't apply it: it could trigger in this "
                                     "combat (603.2)") if (u.permanent, u.line) in read else u for u in bearing.lines)
    return Bearing(said, said, bearing.not_relevant)


def _damage_reason(line: _Line, part: LineForm, possible: set[str]) -> str | None:
    whole = line.part(part)
    if (why := _not_now(whole, "damage")) is not None:
        return why
    if part.form == "activated":
        return ("an activated ability does nothing until a player activates it (602.1); combat damage is dealt on "
                "the board as it is, with what has resolved on it")
    if part.form in ("triggered", "replacement") and not part.events & possible:
        if part.events == {"enters_self"}:
            return f"it triggered when {line.perm.name} entered the battlefield (603.6a); what it did is on the board"
        return f"it waits for {_events_words(part.events)}, which can't happen in this combat (603.2)"
    if part.form == "static" and reach(part.body) <= {"spells", "zones", "cards"}:
        return f"it changes only {_aspects_words(reach(part.body))}"
    return None


# --------------------------------------------------------------------------- payments
_OTHER_ZONES = re.compile(r"\b(?:spells?|cast|graveyards?|library|libraries|hands?|draws?|discard)\b", re.I)
_PERMANENTS = re.compile(r"\b(?:lands?|permanents?|artifacts?|creatures?|abilit(?:y|ies)|tap\w*|untap\w*|"
                         r"activate\w*|life|damage)\b", re.I)
#: what happens during a payment: mana abilities activated, and their costs paid (605, 601.2g-h)
_PAYMENT_EVENTS = frozenset({"tapped", "mana"})


def mana_bearing(board: Board, player: str, decided: bool | None, lower_bound: bool = False) -> Bearing:
    """Lines that could bear on paying with ``player``'s permanents (106, 601.2g-h, 605).

    The mana and mana-trigger lines of the player's permanents, every mana trigger on the
    board (Mana Flare-like text, 106.12a), and every static that could change permanents or
    their abilities (:func:`produce_bearing`). ``decided`` is the verdict on the lines read:
    ``True`` (payable) stays true unless a line could forbid, tax or harm the payment, i.e.
    anything but an unread mana ability (more abilities never take a payment away); ``False``
    (unpayable) and ``lower_bound`` answers (the largest X, a kept cost found unpayable) could
    change with any.
    """
    board = prepare(board)
    lines = _board_lines(board)
    selected = {(u.permanent, u.line) for u in produce_bearing(board, [p.id for p in board.controlled_by(player)])}

    def reason(line: _Line) -> str | None:
        if (why := _payment_reason(line)) is not None:
            return why
        if (line.perm.id, line.text) not in selected:
            return (f"it is not about mana, tapping or what permanents can do: it can't change what {player} can "
                    "pay (106, 601.2g-h, 605)")
        return None

    bearing = _split(lines, reason)
    if decided is True and not lower_bound:
        return Bearing(bearing.lines, tuple(u for u in bearing.lines if not unread_mana_ability(u)),
                       bearing.not_relevant)
    return bearing


def _payment_reason(line: _Line) -> str | None:
    """Why a line selected by its kinds can't bear on a payment after all, or ``None``."""
    body = _body(line.text)
    if _SPELL_COST.match(body):
        return "it changes the total cost of a spell as it is cast (601.2f), fixed before the payment (601.2g-h)"
    if _OTHERS_ENTER.match(body):
        return "it applies as permanents enter the battlefield (614.1c, 614.12); paying puts none there (601.2g-h)"
    parts = line.form.parts or (line.form,)
    reasons: list[str | None] = []
    for part in parts:
        whole = line.part(part)
        why = _not_now(whole, "payment")
        if why is None and part.form == "activated" and not re.search(r"\badds?\b", part.effect, re.I):
            why = "it is not a mana ability: only mana abilities are activated while paying (601.2g, 605.3a)"
        if why is None and part.form == "triggered" and not part.events & (_PAYMENT_EVENTS | {"other"}):
            why = (f"it waits for {_events_words(part.events)}; only triggers of mana abilities act during a "
                   "payment (605.1b, 603.3)")
        reasons.append(why)
    if any(r is None for r in reasons):
        return None
    return "; ".join(dict.fromkeys(r for r in reasons if r))


def produce_bearing(board: Board, permanents: Iterable[str]) -> tuple[UnreadLine, ...]:
    """Lines that could bear on the mana ``permanents`` make (106.7): their own mana and
    mana-trigger lines, every mana trigger on the board (106.12a), and every static that could
    change permanents or their abilities (305.7, 614); not those that work only at another
    moment (an enters-tapped line of a land in play, a mana ability usable only from a hand)."""
    own = unread_lines(board, permanents, {"mana", "mana_trigger"})
    triggers = unread_lines(board, None, {"mana_trigger"})
    statics = tuple(u for u in unread_lines(board, None, {"effects"})
                    if "mana" in u.kinds or (_PERMANENTS.search(u.line) and not _OTHER_ZONES.search(u.line)))
    lines = merge(own, triggers, statics)
    forms = {(line.perm.id, line.text): line for line in _board_lines(board)}
    return tuple(u for u in lines if (u.permanent, u.line) not in forms
                 or _payment_reason(forms[(u.permanent, u.line)]) is None)


def unread_mana_ability(u: UnreadLine) -> bool:
    """An unread activated mana ability (605.1a) of the permanent itself."""
    return u.kinds == frozenset({"mana"}) and is_activated(u.line)


_ENTERS_TRIGGER = re.compile(r"^When(?:ever)? .+? enters(?: the battlefield)?\b", re.I)
_ENTERS_WITH_X = re.compile(r"\benters(?: the battlefield)? with X \+1/\+1 counters on it\.?$", re.I)


def resolve_bearing(before: Board, after: Board | None) -> Bearing:
    """Lines that could bear on a resolution (608, 603, 704): every unread line of a permanent
    on the board before or after it, but activated abilities (602: nothing happens unless one is
    activated; an action naming one unread is refused), the "enters" triggers and the "as it
    enters", "enters tapped" and "enters with" lines of a permanent there throughout (603.6a,
    113.6h: it didn't enter), the "enters with X +1/+1 counters" line of a permanent that entered
    from a spell with X (107.3m: the resolution read and carried it out), the lines about casting
    it its spell reads (kicker, affinity, "costs {N} less": they work only while it is a spell,
    702.33a, 702.41a, 601.2f, and casting it pays them) and an Aura's enchant line (303.4a,
    702.5a: an Aura spell's target is read as its spell; the board says what an Aura is attached
    to). Of a permanent on the board before, what works only as its card is cast or from another
    zone (Goremand's "As an additional cost to cast this spell", flashback: a resolution casts no
    card of a permanent that left, 601.2, 602.1). Of a permanent there throughout, neither what works from another zone (cycling ...),
    nor what works as it leaves, nor its vanishing when no time counter was removed from it
    (702.63a), nor "when you play a land" (a resolution plays none: playing a land is a special
    action, 305.1, 116.2a), nor a static making other permanents enter tapped or with counters
    when none entered (614.1c, 614.12), nor one changing what spells cost when none was cast
    (601.2f); of a permanent that left, nothing that works only as its card is cast (Lashknife's
    alternative cost, 118.9: the resolution casts nothing more). Nor, of any permanent, a trigger
    on a step beginning ("At the beginning of your upkeep": a resolution begins no step, 500.1,
    603.2), nor one on its own creatures attacking ("You may exert ~ as it attacks": a resolution
    declares no attackers, 508.1). Each other could change the board after, so each is decisive."""
    was = {p.id for p in before.permanents}
    stayed = was & ({p.id for p in after.permanents} if after is not None else set())
    lines: list[UnreadLine] = []
    for board in (before, after) if after is not None else (before,):
        for perm in board.permanents:
            cast_lines = _cast_lines(board_spell_ability(perm.card) if perm.card is not None and perm.unread else None)
            for line in perm.unread:
                if is_activated(line) or line in cast_lines or _ENCHANT.match(_body(line)) or _STEP_BEGINS.match(
                        _body(line)) or _attacks_of_theirs(line, perm.name) or perm.id in was and _CARD_ONLY.match(
                            _body(line)) or (
                        perm.id in stayed and not _others_entered(line, perm, before, after)
                        and (_ENTERS_TRIGGER.match(line) or _ETB.match(_body(line))
                             or _stays_idle(line, perm, before, after))):
                    continue
                if perm.id not in was and perm.x is not None and _ENTERS_WITH_X.search(line):
                    continue
                lines.append(UnreadLine(perm.id, line, line_kinds(line)))
    out = merge(lines)
    return Bearing(out, out)


def _others_entered(line: str, perm: Permanent, before: Board, after: Board | None) -> bool:
    """Whether ``line`` of ``perm`` triggers on another permanent entering ("Whenever another
    creature enters the battlefield under your control", 603.2) and a permanent entered during
    the resolution (a token created, 111.1): it triggered though ``perm`` itself didn't enter."""
    from mtgsolver.read.grammar.text import own_name  # the grammars load only where a line needs them

    return after is not None and bool({p.id for p in after.permanents} - {p.id for p in before.permanents}) \
        and _OTHER_ENTERS.match(own_name(_body(line), perm.name)) is not None


def _stays_idle(line: str, perm: Permanent, before: Board, after: Board | None) -> bool:
    """Whether ``line`` of ``perm``, on the battlefield before and after, did nothing between
    (see :func:`resolve_bearing`)."""
    body = _body(line)
    if _ETB.match(body) or _CARD_ONLY.match(body) or _ENTERS_KEYWORD.match(body) or _PLAY_LAND.match(body) \
            or _LEAVES_OR_GRAVEYARD.match(body.replace(perm.name, "~")):
        return True
    if after is not None and (_OTHERS_ENTER.match(body) or _SPELL_COST.match(body)):
        return not (_SPELL_COST.match(body) and sum(after.turn.spells_cast.values()) > sum(before.turn.spells_cast.values())
                    or _OTHERS_ENTER.match(body) and {p.id for p in after.permanents} - {p.id for p in before.permanents})
    if _VANISHING.match(body) and after is not None:
        return after.permanent(perm.id).counters.get("time", 0) >= before.permanent(perm.id).counters.get("time", 0)
    return False


# --------------------------------------------------------------------------- a whole turn
# what works as its permanent enters ("[this permanent] escapes with": if it escaped, it enters with, 702.138c)
_ETB = re.compile(r"^(?:(?:When|Whenever|As) [^.,]*? enters\b|[^.]*? enters(?: the battlefield)?(?: tapped| with\b)"
                  r"|[^.]*? escapes with\b"
                  r"|[^.]*? enters(?: the battlefield)? as a copy\b|You may have [^.]*? enter\b)", re.I)
# a trigger on another object entering (603.2: "Whenever a land enters the battlefield under your control"),
# the card's own name written "~"
_OTHER_ENTERS = re.compile(r"^(?:When|Whenever) (?!~ enters\b|this (?:creature|permanent|land|artifact|enchantment) "
                           r"enters\b)[^.,]*? enters\b", re.I)
# keywords that work only as a card is cast or from a hand or graveyard (702.29, 702.33, 702.34, ...),
# an alternative cost written out (118.9: "you may ... rather than pay this spell's mana cost"),
# and a trigger on casting the spell itself, which can't trigger from the battlefield (113.6k)
_CARD_ONLY = re.compile(r"^(?:when you cast this spell|\w*cycling|kicker|multikicker|flashback|buyback|madness|morph|megamorph|affinity for|"
                        r"convoke|delve|dash|evoke|emerge|escape|foretell|suspend|unearth|mutate|bestow|offering|"
                        r"ninjutsu|disturb|retrace|jump-start|aftermath|splice onto|embalm|eternalize|encore|"
                        r"enchant|casualty|blitz|spectacle|surge|prowl|overload|replicate|entwine|"
                        r"escalate|spree|plot|prototype|squad|channel|transmute|companion|"
                        r"as an additional cost to cast|(?:if [^,]*, )?you may [^.]*? rather than pay this spell's mana "
                        r"cost)\b", re.I)
# keywords that work only as their permanent enters (702.123a fabricate, 702.136a riot, 702.38a
# amplify, 702.54a bloodthirst, 702.82a devour, 702.104a tribute, 702.44a sunburst)
_ENTERS_KEYWORD = re.compile(r"^(?:fabricate|riot|amplify|bloodthirst|devour|tribute|sunburst)\b", re.I)
# keywords that work only in their controller's upkeep once the permanent is on the battlefield
# (702.32a fading, 702.30a echo, 702.24a cumulative upkeep)
_UPKEEP_KEYWORD = re.compile(r"^(?:fading|echo|cumulative upkeep)\b", re.I)
# what works only in an untap step (502.3): the whole-turn search plays none
_UNTAP_STEP = re.compile(r"^[^.]*\bdoesn't untap during (?:your|its controller's) untap step\.?$", re.I)
# what a permanent that enters this turn does only from the next upkeep on (702.30a echo,
# 702.24a cumulative upkeep)
_NEXT_UPKEEP = re.compile(r"^(?:echo|cumulative upkeep)\b", re.I)
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]*? — ")
_SORCERY_ACTIVATED = re.compile(r"^(?:equip|fortify|reconfigure|level up|outlast|\[[+−-]?\d+\]:)|"
                                r"activate (?:this ability )?only (?:as a sorcery|during your turn)", re.I)
_ENCHANT = re.compile(r"^Enchant\b", re.I)
_INSTANT_KEYWORD = re.compile(r"^(?:crew|ninjutsu|scavenge)\b", re.I)
# a trigger on a step or phase beginning (503.1, 504.2, 505.4, 507.1, 511.1, 513.1), not a
# delayed one ("the next end step") nor one with a further sentence of another ability
_STEP_BEGINS = re.compile(r"^At the beginning of (?!the next\b)[^.]*\.(?: If [^.]*\.)?$", re.I)
_EARLY_STEP = re.compile(r"^At the beginning of (?:your |each |each player's |each opponent's |that player's )?"
                         r"(?:upkeep|draw step)\b", re.I)
_THEIR_ATTACKS = re.compile(r"^(?:(?:When|Whenever) (?:~|this creature|(?:another|a) creature you control|one or more "
                            r"(?:other )?creatures you control) attacks?(?: alone)?, "
                            r"|You may exert ~ as it attacks\.)", re.I)
_YOUR_MAY = re.compile(r"^(?:When|Whenever|At)\b[^,]*,\s*(?:if [^,]*,\s*)?you may\b", re.I)


def turn_bearing(board: Board, early_steps: bool) -> tuple[tuple[UnreadLine, ...], tuple[UnreadLine, ...]]:
    """Unread lines that could bear on the goal ``win`` from ``board`` (docs/unread.md): those
    that could change a win the search finds (``against_win``: the opponent's abilities and
    statics, the searching player's statics and triggers that aren't theirs to decline) and
    those that could change a proof that there is none (``against_no``: those, and every line
    the searching player could use: their activated abilities, cards in hand). A line about
    entering the battlefield, or a keyword that works only as a card is cast, from another zone or
    as its permanent enters (fabricate, riot ...), doesn't bear on a permanent already on the
    battlefield (the win's line is checked again for permanents that enter,
    :func:`entered_bearing`); an upkeep or draw step trigger, or a keyword
    that works only in the upkeep (fading, echo, cumulative upkeep), doesn't bear once those steps
    are over (``early_steps`` False), on a card in hand either (Mana Crypt's "At the beginning of
    your upkeep": its permanent, cast this turn, sees the next upkeep only)."""
    active = board.active_player
    against_win: list[UnreadLine] = []
    against_no: list[UnreadLine] = []
    copied = _copyable(board)
    for perm in board.permanents:
        mine = perm.controller == active
        for line in perm.unread:
            u = UnreadLine(perm.id, line, line_kinds(line))
            where = set() if not mine and _attacks_of_theirs(line, perm.name) else \
                _bearing(line, mine, on_battlefield=True, early_steps=early_steps, name=perm.name)
            if perm.id in copied:  # a copy of it may enter with this line (707.2)
                where |= {"no"} & _bearing(line, True, on_battlefield=False, early_steps=early_steps)
            if not mine and _out_of_reach(board, perm, line):
                where.discard("no")  # a win found is judged along its line (line_bearing)
            if "win" in where:
                against_win.append(u)
            if "no" in where:
                against_no.append(u)
    for zc in board.zones[active].hand:
        if zc.spell is None and not zc.card.is_permanent and (zc.card.text or "").strip() \
                and "land" not in {t.lower() for t in zc.card.types}:
            against_no.append(UnreadLine(zc.id, zc.card.text or "", frozenset({"other"})))
        back = card_permanent_or_none(zc.card.back, zc.id, active) if zc.card.back is not None else None
        for line in back.unread if back is not None else ():  # its back face played (712.12)
            against_no.append(UnreadLine(zc.id, line, line_kinds(line)))
        cast_lines = _cast_lines(zc.spell) if zc.card.is_permanent else set()
        for line in zc.permanent.unread if zc.permanent is not None else ():
            if line in cast_lines or zc.spell is not None and _ENCHANT.match(_body(line)):
                continue  # read as its spell: its cost (601.2f) or its target (303.4a, 702.5a)
            if not (_UNTAP_STEP.match(_body(line)) or _NEXT_UPKEEP.match(_body(line))
                    or not early_steps and _EARLY_STEP.match(_body(line))):  # from the next upkeep on
                against_no.append(UnreadLine(zc.id, line, line_kinds(line)))
    against_no += _graveyard_bearing(board, active)
    return merge(against_win), merge(against_no)


def _copyable(board: Board) -> set[str]:
    """The permanents a card in the active player's hand may enter the battlefield as a copy of
    (707.2, 614.1c): their lines work again on the copy as it enters."""
    active = board.active_player
    specs = [s.value for zc in board.zones[active].hand if zc.permanent is not None
             for s in zc.permanent.statics("enters_as_copy")]
    return {p.id for spec in specs for p in board.permanents
            if spec.types & p.types and (spec.controller == "any" or p.controller == active)}


def _graveyard_bearing(board: Board, player: str) -> list[UnreadLine]:
    """What the search doesn't play about ``player``'s graveyard, bearing on a proof that there
    is no win: the unread lines of a card there (an effect may return it to a hand, and it is
    cast; but not an Aura's enchant line, which the search plays as it casts or returns the Aura,
    303.4a, 303.4f), and an ability that works from the graveyard itself (113.6: "return ~ from
    your graveyard", Aurora Eidolon's trigger) of a card there or in hand (it may be discarded)."""
    z = board.zones[player]
    out = [UnreadLine(zc.id, line, line_kinds(line)) for zc in z.graveyard
           for line in (zc.permanent.unread if zc.permanent is not None else ()) if not _ENCHANT.match(_body(line))]
    for zc in (*z.hand, *z.graveyard):
        own = _from_own_graveyard(zc.name)
        out += [UnreadLine(zc.id, a.text, frozenset({"other"})) for a in (zc.permanent.abilities if zc.permanent else ())
                if isinstance(a, (TriggeredAbility, ActivatedAbility)) and own.search(a.text or "")]
    return out


def _from_own_graveyard(name: str) -> re.Pattern[str]:
    """An ability of the card ``name`` that moves the card itself out of its graveyard."""
    return re.compile(rf"\b(?:return|put|cast) (?:~|{re.escape(name)}|this card) from your graveyard\b", re.I)


def entered_bearing(permanents: Iterable[Permanent], active: str) -> tuple[UnreadLine, ...]:
    """Unread lines of permanents that entered the battlefield during a winning line that could
    change it: all but the searching player's activated abilities and triggers they may decline."""
    out = []
    for perm in permanents:
        cast_lines = _cast_lines(board_spell_ability(perm.card) if perm.card is not None and perm.unread else None)
        for line in perm.unread:
            if line in cast_lines:
                continue  # its spell's cost, as the search paid it (601.2f)
            if "win" in _bearing(line, perm.controller == active, on_battlefield=False, early_steps=False):
                out.append(UnreadLine(perm.id, line, line_kinds(line)))
    return merge(out)


def line_bearing(lines: Iterable[UnreadLine], start: Board, boards: Iterable[Board]) -> tuple[UnreadLine, ...]:
    """Of ``lines`` (those that bear on a win found), the ones the winning line can have made
    work, ``boards`` being the boards after each of its steps on every path: a permanent's
    "When ~ leaves the battlefield" trigger (603.6c, 603.10a) and "If ~ would be put into a
    graveyard from anywhere" replacement (614.1a) only if it left the battlefield on some path;
    its vanishing (702.63a: the counters it enters with, an upkeep trigger, and "when the last
    time counter is removed, sacrifice it") after the upkeep only if a time counter was removed
    from it; "When you play another land" (City of Traitors, 305.1) only if its controller played
    a land on some path; an activated ability of the opponent's only if they could pay for it on
    some board of the line (:func:`_out_of_reach`); a static line making other permanents enter
    tapped or with counters (614.1c, 614.12) only if a permanent entered the battlefield on some
    path; one making spells cost more or less (601.2f) only if a spell was cast on some path."""
    boards = list(boards)
    entered = any(p.id not in {q.id for q in start.permanents} for b in boards for p in b.permanents)
    cast = any(sum(b.turn.spells_cast.values()) > sum(start.turn.spells_cast.values()) for b in boards)
    out = []
    for u in lines:
        name = next((p.name for b in (start, *boards) for p in b.permanents if p.id == u.permanent), None)
        body = _body(u.line)
        present = [b.has_permanent(u.permanent) for b in (start, *boards)]
        left = any(was and not now for was, now in zip(present, present[1:])) or (
            not present[0] and any(present) and not all(present[present.index(True):]))
        if name is not None and _LEAVES_OR_GRAVEYARD.match(body.replace(name, "~")):
            if not left:
                continue
        elif _PLAY_LAND.match(body) and start.has_permanent(u.permanent):
            who = start.permanent(u.permanent).controller
            if all(b.turn.lands_played.get(who, 0) <= start.turn.lands_played.get(who, 0) for b in boards):
                continue
        elif start.has_permanent(u.permanent) and start.permanent(u.permanent).controller != start.active_player \
                and all(not b.has_permanent(u.permanent) or _out_of_reach(b, b.permanent(u.permanent), u.line)
                        for b in (start, *boards)):
            continue
        elif _OTHERS_ENTER.match(body) and not entered or _SPELL_COST.match(body) and not cast:
            continue
        elif _VANISHING.match(body) and start.has_permanent(u.permanent) and start.turn.step not in ("untap", "upkeep"):
            had = start.permanent(u.permanent).counters.get("time", 0)
            if not any(b.has_permanent(u.permanent) and b.permanent(u.permanent).counters.get("time", 0) < had
                       for b in boards):
                continue
        out.append(u)
    return tuple(out)


#: What works only as the permanent leaves the battlefield or would go to a graveyard.
_LEAVES_OR_GRAVEYARD = re.compile(r"^(?:When ~ leaves the battlefield, |If ~ would be put into a graveyard from "
                                  r"anywhere, )", re.I)
_VANISHING = re.compile(r"^Vanishing \d+$", re.I)
_PLAY_LAND = re.compile(r"^When(?:ever)? you play (?:a|another) land, ", re.I)
#: A replacement effect on other permanents entering (614.1c, 614.12): "Snow lands your opponents
#: control enter the battlefield tapped."
_OTHERS_ENTER = re.compile(r"^[^.]*? enter(?: the battlefield)? (?:tapped|with\b)[^.]*\.?$", re.I)
#: A cost increase or reduction of spells (601.2f): "Noncreature spells your opponents cast with
#: mana value 4 or greater cost {2} more to cast."
_SPELL_COST = re.compile(r"^[^.]*\bspells\b[^.]*\bcosts? (?:\{[^}]+\})+ (?:more|less) to cast\.?$", re.I)


def _attacks_of_theirs(line: str, name: str) -> bool:
    """A line about the permanent's own creatures attacking ("Whenever Champion of Rhonas attacks",
    "You may exert Champion of Rhonas as it attacks", "Whenever a creature you control attacks"):
    only the active player attacks (508.1), so on a permanent of the opponent's it does nothing
    in the searching player's turn (blocking, "attacks or blocks", is another matter)."""
    body = _body(line).replace(name, "~")
    return bool(_THEIR_ATTACKS.match(body))


def _out_of_reach(board: Board, perm: Permanent, line: str) -> bool:
    """An unread activated ability its controller plainly can't activate (602.2b, 601.2g-h): its
    cost, read as the mana family reads costs, taps ``perm`` while it is tapped or summoning sick
    (107.5, 302.6), or has mana to pay (X as 0, 107.3) while its controller has no mana in their
    pool and no untapped permanent with a mana ability or an unread line that could be one."""
    from mtgsolver.read.grammar.actions import Refused  # the grammars load only when a line needs them
    from mtgsolver.read.grammar.activated import cost_parts

    body = _body(line)
    if not is_activated(body):
        return False
    try:
        parts = cost_parts(re.sub(rf"(?<![\w{{]){re.escape(perm.name.lower())}(?![\w}}])", "~",
                                  body.split(":", 1)[0].lower().replace("\u2019", "'")))
    except Refused:
        return False
    if any(c["kind"] == "tap" for c in parts.get("costs", [])) and (perm.tapped or not perm.can_use_tap_abilities()):
        return True
    if "mana" not in parts or ManaCost.parse(parts["mana"]).mana_value == 0 or board.pool(perm.controller):
        return False
    return not any(not p.tapped and (p.mana_abilities or any("mana" in line_kinds(u) for u in p.unread))
                   for p in board.controlled_by(perm.controller))


def _cast_lines(spell: SpellAbility | None) -> set[str]:
    """The lines of a permanent card its spell reads (kicker, affinity, "costs {N} less": what
    the search pays, 601.2f)."""
    return set(spell.text.split("\n")) if spell is not None and spell.text else set()


def _body(line: str) -> str:
    """A line without its reminder text (an ability word taken off, 207.2c: it has no rules meaning)."""
    body = re.sub(r"\s*\([^)]*\)", "", line).strip() or line.strip()
    return _ABILITY_WORD.sub("", body)


def _bearing(line: str, mine: bool, on_battlefield: bool, early_steps: bool, name: str = "") -> set[str]:
    """Which answers of the goal ``win`` the unread ``line`` bears on: ``win``, ``no``, both, none;
    ``name``: its permanent's, when a trigger on something else entering ("Whenever a land
    enters", 603.2) is to be told from the permanent's own (603.6a)."""
    body = _body(line)
    if _ENCHANT.match(body):
        return set()  # what the Aura may be attached to (303.4a, 702.5a): it entered attached to its target
    from mtgsolver.read.grammar.text import own_name  # the grammars load only where a line needs them

    others = bool(name) and _OTHER_ENTERS.match(own_name(body, name)) is not None
    if _UNTAP_STEP.match(body) or on_battlefield and (_ETB.match(body) and not others or _CARD_ONLY.match(body)
                                                       or _ENTERS_KEYWORD.match(body)
                                                       or not early_steps and _UPKEEP_KEYWORD.match(body)):
        return set()
    if _SORCERY_ACTIVATED.search(body):
        return {"no"} if mine else set()
    if is_activated(body) or _INSTANT_KEYWORD.match(body):
        return {"no"} if mine else {"win", "no"}
    if is_triggered(body):
        if not early_steps and _EARLY_STEP.match(body):
            return set()
        if mine and _YOUR_MAY.match(body):
            return {"no"}
    elif mine and re.match(r"^(?:If [^,]*,\s*)?you may\b", body, re.I):
        return {"no"}  # a choice of the searching player's ("you may exert it as it attacks")
    return {"win", "no"}  # a maximum hand size too: the cleanup step's discards are searched (514.1)
