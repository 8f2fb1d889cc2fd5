"""``chance``: the exact distribution of a random choice made as an ability resolves
(Deadbridge Chant: "choose a card at random in your graveyard. If it's a creature card,
put it onto the battlefield. Otherwise, put it into your hand.").

The card is chosen as the ability resolves (608.2), not as it is put on the stack: the
ability targets nothing (115.10), so cards put into the graveyard in response count. When
the ability is on the stack, every instant or sorcery spell above it resolves first (405.5)
and is put into its owner's graveyard as the last step of resolving (608.2n); those cards
are included. Each card has the same chance (the ruling: "each card ... must have an equal
chance of being chosen").

Only the random-choice line is read: the permanent's other unread lines are reported
(``unread``, docs/unread.md) and make the distribution undecided (``as_read`` True: it is the
distribution on the text read), except its own "When ~ enters" trigger, which triggered when
it entered (603.6a) and can't change a later choice.

Examples
--------
>>> from mtgsolver import parse_board_text
>>> board = parse_board_text('''
... active_player: a
... players: [{name: a}]
... zones: {a: {graveyard: [Grizzly Bears, Forest, Shock]}}
... battlefield: [{id: chant, card: Deadbridge Chant, controller: a}]
... ''', "doc.yaml")
>>> [(o.destination, str(o.probability)) for o in chance(board, "chant").outcomes]
[('battlefield', '1/3'), ('hand', '2/3')]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mtgsolver.load import prepare
from mtgsolver.model import Board, Permanent
from mtgsolver.model.errors import OptionError
from mtgsolver.model.unread import UnreadLine
from mtgsolver.solver.payment import Reason
from mtgsolver.solver.produce import known_permanent
from mtgsolver.solver.relevance import unread_lines
from mtgsolver.solver.result import JsonResult, unread_dict

__all__ = ["ChanceOutcome", "ChanceResult", "chance"]

_RANDOM = re.compile(r"choose a card at random in your graveyard\. If it's an? (?P<type>[a-z]+) card, put it onto "
                     r"the battlefield\. Otherwise, put it into your hand\.", re.I)


@dataclass(frozen=True)
class ChanceOutcome:
    """Where the chosen card goes, with what probability, and which cards lead there."""

    destination: str
    probability: Fraction
    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"destination": self.destination, "probability": str(self.probability), "cards": list(self.cards)}


@dataclass(frozen=True)
class ChanceResult(JsonResult):
    """The distribution for ``permanent``'s random choice; ``graveyard`` is the graveyard
    as the ability resolves (ids), ``added`` the cards put there in response. ``unread``: the
    permanent's unread lines that could change the distribution; ``as_read`` is then True."""

    permanent: str
    player: str
    graveyard: tuple[str, ...]
    added: tuple[str, ...]
    outcomes: tuple[ChanceOutcome, ...]
    per_card: tuple[tuple[str, Fraction], ...]
    reasons: tuple[Reason, ...]
    unread: tuple[UnreadLine, ...] = ()
    as_read: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"permanent": self.permanent, "player": self.player, "graveyard": list(self.graveyard),
                "added": list(self.added), "outcomes": [o.to_dict() for o in self.outcomes],
                "per_card": [{"card": c, "probability": str(p)} for c, p in self.per_card],
                "reasons": [r.to_dict() for r in self.reasons], **unread_dict(self)}

    @property
    def decided(self) -> bool | None:
        """True when the distribution is exact on the whole text, None when unread lines of the
        permanent could change it (docs/unread.md)."""
        return None if self.unread else True


def chance(board: Board, permanent: str) -> ChanceResult:
    """The distribution of ``permanent``'s "choose a card at random in your graveyard" ability.

    :raises OptionError: no such permanent, or it has no such ability.
    """
    board = prepare(board)  # the board as it is now (613), once
    known_permanent(board, permanent)
    perm = board.permanent(permanent)
    match = next((m for line in perm.lines for m in [_RANDOM.search(line)] if m), None)
    if match is None:
        raise OptionError("permanent", f"{permanent} ({perm.name}) has no ability that chooses a card at random "
                          "in a graveyard")
    kind = match.group("type").lower()
    player = perm.controller
    unread = _unread(board, perm, match.group(0))
    extra = {"unread": unread, "as_read": True} if unread else {}
    reasons = [Reason("608.2", "the card is chosen as the ability resolves; it targets nothing (115.10), "
                      "so cards put into the graveyard in response may be chosen")]
    names = {c.id: c.card for c in board.zones[player].graveyard}
    order = list(names)
    added: list[str] = []
    here = next((k for k, s in enumerate(board.stack) if s.kind == "ability" and s.source == permanent), None)
    if here is not None:
        for item in board.stack[here + 1:]:
            if item.kind == "spell" and item.card is not None and {"instant", "sorcery"} & set(item.card.types) \
                    and item.controller == player:
                names[item.id] = item.card
                order.append(item.id)
                added.append(item.id)
        if added:
            reasons.append(Reason("608.2n", f"{', '.join(added)} resolve first (405.5) and go to {player}'s "
                                  "graveyard before the card is chosen"))
    if not order:
        reasons.append(Reason("608.2", f"{player}'s graveyard is empty: no card is chosen and nothing happens"))
        return ChanceResult(permanent, player, (), (), (), (), tuple(reasons), **extra)
    share = Fraction(1, len(order))
    to_field = tuple(cid for cid in order if kind in names[cid].types)
    to_hand = tuple(cid for cid in order if kind not in names[cid].types)
    outcomes = tuple(ChanceOutcome(dest, share * len(cards), cards)
                     for dest, cards in (("battlefield", to_field), ("hand", to_hand)) if cards)
    reasons.append(Reason("608.2", f"each of the {len(order)} cards has the same chance, 1/{len(order)}"))
    return ChanceResult(permanent, player, tuple(order), tuple(added), outcomes,
                        tuple((cid, share) for cid in order), tuple(reasons), **extra)


def _unread(board: Board, perm: Permanent, read: str) -> tuple[UnreadLine, ...]:
    """The permanent's unread lines but the one read and its own enters trigger (603.6a)."""
    enters = re.compile(rf"^When (?:{re.escape(perm.name)}|this \w+) enters\b", re.I)
    return tuple(u for u in unread_lines(board, [perm.id], {"mana", "mana_trigger", "combat", "effects", "other"})
                 if read not in u.line and not enters.match(u.line))
