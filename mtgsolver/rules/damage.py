"""The combat damage rules outside the CP-SAT model (510, 702): who deals damage by what, what
protection prevents, and which attack triggers and banding choices the board leaves open.

The model of the damage steps themselves is :mod:`mtgsolver.encodings.damage`.
"""
from __future__ import annotations

from typing import Mapping

from mtgsolver.model.board import Board
from mtgsolver.model.permanent import Permanent
from mtgsolver.rules.blocking import has_quality
from mtgsolver.rules.state_based import kept_in_game

__all__ = ["LETHAL_COMMANDER", "LETHAL_LIFE", "LETHAL_POISON", "UNSUPPORTED", "by_toughness", "choice_notes",
           "dealt_value", "mentor_target", "number", "prevents", "unsupported_keywords"]

#: Keywords of creatures in combat whose effect on combat damage is not modelled (the
#: answer is then undecided): their result depends on choices or text the board doesn't fix.
UNSUPPORTED = frozenset({"absorb", "annihilator", "enlist"})

#: Declare-attackers triggers that change power (702.91, 702.121, 702.149, 702.105, 702.134,
#: battalion): resolving in an order the active player chooses, they decide which creatures a
#: mentor trigger may target (608.2b).
_POWER_TRIGGERS = ("battle_cry", "melee", "training", "dethrone", "mentor")

#: What lets a creature deal damage in the first-strike step, or past its blockers: with these
#: the division of 702.22j changes more than which blockers die.
_DIVISION_CHANGERS = ("first_strike", "double_strike", "trample")

#: Keywords with a number (702.45, 702.23, 702.68, 702.130, 702.164) read from abilities.
_NUMBERED = ("bushido", "rampage", "frenzy", "afflict", "toxic")

#: Totals at which a player loses (704.5a life, 704.5c poison, 903.10a commander damage).
LETHAL_LIFE, LETHAL_POISON, LETHAL_COMMANDER = 0, 10, 21


def by_toughness(p: Permanent) -> bool:
    """510.1a: "assigns combat damage equal to its toughness rather than its power" (Doran,
    Gauntlets of Light, Arcades)."""
    return p.has("assigns_damage_by_toughness")


def dealt_value(p: Permanent) -> int:
    """The characteristic ``p`` assigns its combat damage by (510.1a): power, or toughness."""
    return (p.toughness if by_toughness(p) else p.power) or 0


def number(p: Permanent, name: str) -> int:
    """The total N of a numbered keyword (bushido N ...), 0 without it."""
    return sum(p.values(name))


def unsupported_keywords(p: Permanent) -> list[str]:
    """Combat keywords on ``p`` the model can't account for (a numbered keyword named only
    as a keyword, without its number, counts)."""
    out = sorted(k for k in UNSUPPORTED if p.has(k))  # a keyword, or with its number ({annihilator: 2})
    out += [k for k in _NUMBERED if k in p.keywords and not list(p.statics(k))]
    return out


def prevents(source: Permanent, receiver: Permanent) -> bool:
    """702.16e: damage from a source with a quality the receiver has protection from is prevented."""
    return any(q == source.controller or has_quality(source, q) for q in receiver.protections)


def mentor_target(mentor: Permanent, attackers: list[Permanent]) -> list[str]:
    """702.134a: the attacking creatures a mentor trigger may target: power less than the
    mentor's, and targetable by its ability (shroud 702.18a, protection 702.16b)."""
    return [p.id for p in attackers if p.id != mentor.id and (p.power or 0) < (mentor.power or 0)
            and not p.has_keyword("shroud") and not prevents(mentor, p)]


def choice_notes(board: Board, attackers: list[str], blocks: Mapping[str, tuple[str, ...]] | None = None) -> list[str]:
    """Why the declare-attackers triggers and banding (702.134, battalion, 702.22) among
    ``attackers`` (the attack, or every creature that could attack) and ``blocks`` (``None``:
    any block) have a result the board doesn't fix; empty when the model below is exact.

    - Myriad (702.116a) makes tokens attacking each opponent other than the defending player:
      none with two players; with more, not modelled.

    - Mentor (702.134a) targets an attacking creature with less power: modelled when at most one
      could be targeted and no other trigger changes power (:data:`_POWER_TRIGGERS`, battalion):
      those resolve in an order the active player picks and change what is targetable (608.2b).
    - A creature in the fight (attacking, or blocking or able to block) keeping a player in the
      game ("You can't lose the game", 104.3) may die in it and leave that player to the repeated
      check of state-based actions (704.3).
    - Banding: attacking bands (702.22c, 508.1e) are not declared in board files, so a creature
      with banding attacks only alone; blocking, the defending player divides the damage of the
      attacker it blocks (702.22j), modelled when that division decides only which blockers die:
      no first or double strike (510.4) or trample (702.19b) in the fight, "as though it weren't
      blocked" not possible (its controller's choice), each blocker blocking that one attacker.
    """
    own = [board.permanent(c) for c in attackers if board.has_permanent(c)
           and board.permanent(c).controller == board.active_player]
    notes = []
    for m in own:
        if m.has_keyword("mentor"):
            targets = mentor_target(m, own)
            others = [p.id for p in own if p.id != m.id and (any(p.has_keyword(k) for k in _POWER_TRIGGERS)
                                                             or p.values("battalion"))]
            if len(targets) > 1:
                notes.append(f"{m.name} ({m.id}) has mentor (702.134a) with {len(targets)} possible targets "
                             f"({', '.join(targets)}): the attacking player's choice is not searched")
            elif targets and others:
                notes.append(f"{m.name} ({m.id}) has mentor (702.134a) beside other attack triggers that change power "
                             f"({', '.join(others)}): their order decides its target (608.2b); not modelled")
    if len(board.players) > 2:  # 702.116a: with two players there is no other opponent, no token
        notes += [f"{p.name} ({p.id}) has myriad (702.116a): its token copies attacking the other opponents are "
                  "not modelled" for p in own if p.has_keyword("myriad")]
    banders = [p for p in own if p.has_keyword("banding")]
    if banders and len(own) > 1:
        notes.append(f"{banders[0].name} ({banders[0].id}) has banding: attacking bands (702.22c, 508.1e) are not "
                     "declared or searched")
    fighting = set(attackers) | (set(blocks) if blocks is not None else
                                 {p.id for p in board.permanents if p.is_creature and p.controller != board.active_player})
    for player in board.players:
        keeper = kept_in_game(board, player.name, "704.5a")
        if keeper is not None and keeper.id in fighting:
            notes.append(f"{keeper.name} ({keeper.id}) keeps {player.name} in the game (104.3) and could die in "
                         "combat, after which the next check of state-based actions could end it (704.3): not modelled")
    foes = [p for p in board.permanents if p.is_creature and p.controller != board.active_player]
    if blocks is None:
        if any(p.has_keyword("banding") for p in foes):
            fight = own + foes
        else:
            fight = []
        why = [f"{p.name} ({p.id})" for p in fight if any(p.has_keyword(k) for k in _DIVISION_CHANGERS)
               or (p in own and p.has("may_assign_as_unblocked"))]
        if why:
            notes.append(f"a creature with banding may block (702.22j) in a fight with first strike, double strike, "
                         f"trample or \"as though it weren't blocked\" ({', '.join(why)}): not modelled")
        return notes
    for a in attackers:
        group = [b for b, atts in blocks.items() if a in atts]
        if not any(board.permanent(b).has_keyword("banding") for b in group):
            continue
        fight = [board.permanent(c) for c in [a, *group]]
        if any(p.has_keyword(k) for p in fight for k in _DIVISION_CHANGERS) or fight[0].has("may_assign_as_unblocked") \
                or any(len(blocks[b]) > 1 for b in group):
            notes.append(f"{fight[0].name} ({a}) is blocked by a creature with banding (702.22j) in a fight with first "
                         "strike, double strike, trample, \"as though it weren't blocked\" or a blocker of several "
                         "creatures: not modelled")
    return notes
