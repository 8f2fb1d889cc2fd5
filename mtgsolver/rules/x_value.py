"""The value of X for a spell, the permanent it becomes, and that permanent's abilities.

Rules: 107.3a (X chosen as a spell is cast), 107.3g and 202.3e (X is 0 off the stack),
107.3i (all X on an object share one value), 107.3m (an enters ability or replacement
effect uses the X of the spell that became the permanent; the permanent's own X is 0),
400.7d (a permanent can see what was paid for the spell it was).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mtgsolver.model.errors import OptionError
from mtgsolver.model.mana import ManaCost

__all__ = ["AbilityKind", "EnteredPermanent", "Spell"]

#: ``enters_trigger``: "When this enters, ..." (603.6a); ``enters_replacement``: "This
#: enters with ..." (614.1c); ``other``: any other triggered or static ability of the permanent.
AbilityKind = Literal["enters_trigger", "enters_replacement", "other"]
_ENTERS_KINDS = ("enters_trigger", "enters_replacement")


@dataclass(frozen=True)
class Spell:
    """A permanent spell on the stack and the X chosen for its costs.

    Parameters
    ----------
    name, mana_cost:
        The card's name and printed mana cost.
    x:
        The value of X chosen for any of its costs (107.3a; 0 if cast without paying a
        cost with X, 107.3b), or ``None`` if none of its costs has an X.

    :raises OptionError: ``x`` missing for a cost with X, or not a whole number >= 0.

    Examples
    --------
    >>> spell = Spell("Hangarback Walker", ManaCost.parse("{X}{X}"), x=2)
    >>> spell.mana_value, spell.resolve().x, spell.resolve().ability_x("enters_replacement")
    (4, 0, 2)
    """

    name: str
    mana_cost: ManaCost
    x: int | None = None

    def __post_init__(self) -> None:
        if self.x is not None and (not isinstance(self.x, int) or self.x < 0):
            raise OptionError("x", f"{self.name}: X must be a whole number >= 0, not {self.x!r} (107.3a)")
        if self.x is None and self.mana_cost.variables:
            raise OptionError("x", f"{self.name}: {self.mana_cost} has an X; choose its value (107.3a)")

    @property
    def mana_value(self) -> int:
        """Mana value on the stack: X counts as the chosen number (202.3e)."""
        return self.mana_cost.with_x(self.x or 0).mana_value

    def resolve(self) -> "EnteredPermanent":
        """The permanent this spell becomes as it resolves; it remembers the spell's X (400.7d)."""
        return EnteredPermanent(self.name, self.mana_cost, spell_x=self.x)


@dataclass(frozen=True)
class EnteredPermanent:
    """A permanent on the battlefield, for the purposes of X.

    ``spell_x`` is the X chosen for the spell that became this permanent as it resolved, or
    ``None`` if it wasn't cast (put onto the battlefield by an effect, or returned there: a
    new object, 400.7) or its spell had no X.
    """

    name: str
    mana_cost: ManaCost
    spell_x: int | None = None

    @property
    def x(self) -> int:
        """The permanent's own X: always 0 off the stack (107.3g, 107.3m)."""
        return 0

    @property
    def mana_value(self) -> int:
        """Mana value on the battlefield: X counts as 0 (202.3e)."""
        return self.mana_cost.mana_value

    def ability_x(self, kind: AbilityKind) -> int:
        """The X of one of this permanent's abilities that refers to X.

        An enters-the-battlefield triggered ability or replacement effect uses the spell's X
        (107.3m, an exception to 107.3i); any other ability uses the permanent's X, 0 (107.3i).
        Activated abilities with X in their cost choose their own X (107.3k); not modelled.

        :raises OptionError: ``kind`` is not an :data:`AbilityKind`.
        """
        if kind not in (*_ENTERS_KINDS, "other"):
            raise OptionError("kind", f"unknown ability kind {kind!r}; expected one of {(*_ENTERS_KINDS, 'other')}")
        if kind in _ENTERS_KINDS and self.spell_x is not None:
            return self.spell_x
        return self.x
