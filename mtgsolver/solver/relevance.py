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
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.line_kinds import is_activated, is_triggered, line_kinds

__all__ = ["Bearing", "combat_bearing", "mana_bearing", "merge", "produce_bearing", "unread_lines", "unread_mana_ability"]


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
    attacks = board.combat.attackers if board.combat else ()
    attackers = [a.creature for a in attacks]
    targets = [a.target for a in attacks if a.target is not None]
    if side == "attacks":
        involved = [p.id for p in board.controlled_by(board.active_player) if p.is_creature] + targets
    else:
        defenders = {board.defender_of(a) for a in attacks
                     if a.target is None or board.is_player(a.target) or board.has_permanent(a.target)}
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
