"""Which unread lines bear on an answer, and which of them could change its verdict.

Nothing is dropped in silence (``docs/unread.md``): a line of a permanent's Oracle text that the
project does not read stays on the permanent (:attr:`~mtgsolver.model.permanent.Permanent.unread`),
and every answer lists the unread lines that could bear on it, chosen by their kinds
(:func:`mtgsolver.read.line_kinds.line_kinds`); the part that could change the verdict
(``decisive``) makes the answer undecided.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from mtgsolver.model.board import Board
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.line_kinds import is_activated, is_triggered, line_kinds

__all__ = ["Bearing", "combat_bearing", "entered_bearing", "mana_bearing", "merge", "produce_bearing", "resolve_bearing",
           "turn_bearing", "unread_lines", "unread_mana_ability"]


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
    """Several selections as one, each line once, in first-seen order."""
    return tuple(dict.fromkeys(u for g in groups for u in g))


# --------------------------------------------------------------------------- per answer
# Which unread lines could bear on which answer (docs/unread.md). ``unread`` of an answer is
# every line that could bear on it; ``decisive`` the part that could change its verdict.
_OTHER_ZONES = re.compile(r"\b(?:spells?|cast|graveyards?|library|libraries|hands?|draws?|discard)\b", re.I)
_PERMANENTS = re.compile(r"\b(?:lands?|permanents?|artifacts?|creatures?|abilit(?:y|ies)|tap\w*|untap\w*|"
                         r"activate\w*|life|damage)\b", re.I)


@dataclass(frozen=True)
class Bearing:
    """The unread lines that could bear on an answer (``lines``) and the part of them that
    could change its verdict (``decisive``; the verdict is then undecided)."""

    lines: tuple[UnreadLine, ...] = ()
    decisive: tuple[UnreadLine, ...] = ()


def _battlefield_static(u: UnreadLine) -> bool:
    """An "effects" line that is not only about spells and cards in other zones."""
    return "effects" in u.kinds and ("combat" in u.kinds or "mana" in u.kinds or not _OTHER_ZONES.search(u.line))


def combat_bearing(board: Board, side: str) -> Bearing:
    """Lines that could bear on declaring ``side`` (``"attacks"`` or ``"blocks"``, 508.1, 509.1).

    The combat and static lines of the creatures that could take part (the active player's
    creatures for attacks; the attackers and the defending players' creatures for blocks) and
    of what is attacked, and every static of any permanent that could change other permanents
    (types, colors, abilities). Triggered and activated abilities are reported but are not
    decisive: a trigger of this step triggers after the declaration is made (508.2, 509.2,
    603.2), and an activated ability changes nothing until someone activates it (602; what
    has resolved is on the board as an effect).
    """
    combat = board.combat
    attackers = [a.creature for a in combat.attackers] if combat else []
    targets = [a.target for a in combat.attackers] if combat else []
    if side == "attacks":
        involved = [p.id for p in board.controlled_by(board.active_player) if p.is_creature] + targets
    else:
        defenders = {board.defending_player_of(t) for t in targets if board.is_player(t) or board.has_permanent(t)}
        involved = attackers + [p.id for p in board.permanents if p.is_creature and p.controller in defenders]
    involved += [p.id for p in board.permanents if p.attached_to in set(involved)]
    own = unread_lines(board, involved, {"combat", "effects"})
    statics = tuple(u for u in unread_lines(board, None, {"effects"}) if _battlefield_static(u))
    lines = merge(own, statics)
    return Bearing(lines, tuple(u for u in lines if not is_triggered(u.line) and not is_activated(u.line)))


def mana_bearing(board: Board, player: str, decided: bool | None, lower_bound: bool = False) -> Bearing:
    """Lines that could bear on paying with ``player``'s permanents (106, 601.2g-h, 605).

    The mana and mana-trigger lines of the player's permanents, every mana trigger on the
    board (Mana Flare-like text, 106.12a), and every static that could change permanents or
    their abilities. ``decided`` is the verdict on the lines read: ``True`` (payable) stays
    true unless a line could forbid, tax or harm the payment, i.e. anything but an unread
    mana ability (more abilities never take a payment away); ``False`` (unpayable) and
    ``lower_bound`` answers (the largest X, a kept cost found unpayable) could change with any.
    """
    lines = produce_bearing(board, [p.id for p in board.controlled_by(player)])
    if decided is True and not lower_bound:
        return Bearing(lines, tuple(u for u in lines if not unread_mana_ability(u)))
    return Bearing(lines, lines)


def produce_bearing(board: Board, permanents: Iterable[str]) -> tuple[UnreadLine, ...]:
    """Lines that could bear on the mana ``permanents`` make (106.7): their own mana and
    mana-trigger lines, every mana trigger on the board (106.12a), and every static that could
    change permanents or their abilities (305.7, 614)."""
    own = unread_lines(board, permanents, {"mana", "mana_trigger"})
    triggers = unread_lines(board, None, {"mana_trigger"})
    statics = tuple(u for u in unread_lines(board, None, {"effects"})
                    if "mana" in u.kinds or (_PERMANENTS.search(u.line) and not _OTHER_ZONES.search(u.line)))
    return merge(own, triggers, statics)


def unread_mana_ability(u: UnreadLine) -> bool:
    """An unread activated mana ability (605.1a) of the permanent itself."""
    return u.kinds == frozenset({"mana"}) and is_activated(u.line)


_ENTERS_TRIGGER = re.compile(r"^When(?:ever)? .+? enters(?: the battlefield)?\b", re.I)
_ENTERS_WITH_X = re.compile(r"\benters(?: the battlefield)? with X \+1/\+1 counters on it\.?$", re.I)


def resolve_bearing(before: Board, after: Board | None) -> Bearing:
    """Lines that could bear on a resolution (608, 603, 704): every unread line of a permanent
    on the board before or after it, but activated abilities (602: nothing happens unless one is
    activated; an action naming one unread is refused), the "enters" triggers of a permanent
    there throughout (603.6a: it didn't enter) and the "enters with X +1/+1 counters" line of a
    permanent that entered from a spell with X (107.3m: the resolution read and carried it out).
    Each could change the board after, so each is decisive."""
    was = {p.id for p in before.permanents}
    stayed = was & ({p.id for p in after.permanents} if after is not None else set())
    lines: list[UnreadLine] = []
    for board in (before, after) if after is not None else (before,):
        for perm in board.permanents:
            for line in perm.unread:
                if is_activated(line) or (perm.id in stayed and _ENTERS_TRIGGER.match(line)):
                    continue
                if perm.id not in was and perm.x is not None and _ENTERS_WITH_X.search(line):
                    continue
                lines.append(UnreadLine(perm.id, line, line_kinds(line)))
    out = merge(lines)
    return Bearing(out, out)


# --------------------------------------------------------------------------- a whole turn
_ETB = re.compile(r"^(?:(?:When|Whenever|As) [^.,]*? enters\b|[^.]*? enters(?: the battlefield)?(?: tapped| with\b)"
                  r"|[^.]*? enters(?: the battlefield)? as a copy\b|You may have [^.]*? enter\b)", re.I)
# keywords that work only as a card is cast or from a hand or graveyard (702.29, 702.33, 702.34, ...)
_CARD_ONLY = re.compile(r"^(?:\w*cycling|kicker|multikicker|flashback|buyback|madness|morph|megamorph|affinity for|"
                        r"convoke|delve|dash|evoke|emerge|escape|foretell|suspend|unearth|mutate|bestow|offering|"
                        r"ninjutsu|disturb|retrace|jump-start|aftermath|splice onto|embalm|eternalize|encore|"
                        r"enchant|casualty|blitz|spectacle|surge|prowl|overload|replicate|entwine|"
                        r"escalate|spree|plot|prototype|squad|channel|transmute|companion|"
                        r"as an additional cost to cast)\b", re.I)
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]*? — ")
_SORCERY_ACTIVATED = re.compile(r"^(?:equip|fortify|reconfigure|level up|outlast|\[[+−-]?\d+\]:)|"
                                r"activate (?:this ability )?only (?:as a sorcery|during your turn)", re.I)
_INSTANT_KEYWORD = re.compile(r"^(?:crew|ninjutsu|scavenge)\b", re.I)
_EARLY_STEP = re.compile(r"^At the beginning of (?:your |each |each player's |each opponent's |that player's )?"
                         r"(?:upkeep|draw step)\b", re.I)
_YOUR_MAY = re.compile(r"^(?:When|Whenever|At)\b[^,]*,\s*(?:if [^,]*,\s*)?you may\b", re.I)


def turn_bearing(board: Board, early_steps: bool) -> tuple[tuple[UnreadLine, ...], tuple[UnreadLine, ...]]:
    """Unread lines that could bear on the goal ``win`` from ``board`` (docs/unread.md): those
    that could change a win the search finds (``against_win``: the opponent's abilities and
    statics, the searching player's statics and triggers that aren't theirs to decline) and
    those that could change a proof that there is none (``against_no``: those, and every line
    the searching player could use: their activated abilities, cards in hand). A line about
    entering the battlefield, or a keyword that works only as a card is cast or from another zone,
    doesn't bear on a permanent already on the battlefield (the win's line is checked again for
    permanents that enter, :func:`entered_bearing`); an upkeep or draw step trigger doesn't
    bear once those steps are over (``early_steps`` False)."""
    active = board.active_player
    against_win: list[UnreadLine] = []
    against_no: list[UnreadLine] = []
    for perm in board.permanents:
        mine = perm.controller == active
        for line in perm.unread:
            u = UnreadLine(perm.id, line, line_kinds(line))
            where = _bearing(line, mine, on_battlefield=True, early_steps=early_steps)
            if "win" in where:
                against_win.append(u)
            if "no" in where:
                against_no.append(u)
    for zc in board.zones[active].hand:
        if zc.spell is None and not zc.card.is_permanent and (zc.card.text or "").strip() \
                and "land" not in {t.lower() for t in zc.card.types}:
            against_no.append(UnreadLine(zc.id, zc.card.text or "", frozenset({"other"})))
        for line in zc.permanent.unread if zc.permanent is not None else ():
            against_no.append(UnreadLine(zc.id, line, line_kinds(line)))
    return merge(against_win), merge(against_no)


def entered_bearing(permanents: Iterable[Permanent], active: str) -> tuple[UnreadLine, ...]:
    """Unread lines of permanents that entered the battlefield during a winning line that could
    change it: all but the searching player's activated abilities and triggers they may decline."""
    out = []
    for perm in permanents:
        for line in perm.unread:
            if "win" in _bearing(line, perm.controller == active, on_battlefield=False, early_steps=False):
                out.append(UnreadLine(perm.id, line, line_kinds(line)))
    return merge(out)


def _bearing(line: str, mine: bool, on_battlefield: bool, early_steps: bool) -> set[str]:
    """Which answers of the goal ``win`` the unread ``line`` bears on: ``win``, ``no``, both, none."""
    body = re.sub(r"\s*\([^)]*\)", "", line).strip() or line.strip()
    body = _ABILITY_WORD.sub("", body)  # 207.2c: an ability word has no rules meaning
    if on_battlefield and (_ETB.match(body) or _CARD_ONLY.match(body)):
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
    if re.search(r"maximum hand size", body, re.I):
        return set()
    return {"win", "no"}
