"""Result types shared by the combat operations (check and suggest, attacks and blocks)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CombatResult", "Violation"]


@dataclass(frozen=True)
class Violation:
    """One disobeyed restriction or requirement: the rule, the creature and a sentence."""

    rule: str
    creature: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "creature": self.creature, "message": self.message}


@dataclass(frozen=True)
class CombatResult:
    """The verdict on a declaration (``check``) or a proposed one (``suggest``).

    ``kind`` is ``"blocks"`` or ``"attacks"``. ``witness`` is a legal declaration that obeys
    ``maximum`` requirements: for blocks a tuple of ``(creature, (attacker, ...))``, for attacks
    a tuple of ``(creature, target)``. ``optimal`` is False when the time limit stopped the
    solver before it proved the maximum (the answer then says so). ``costs`` totals the costs
    the declaration makes its controller pay (508.1h, 509.1e) as ``{player: "{4}"}``.
    """

    kind: str
    legal: bool | None
    obeyed: int | None
    maximum: int
    violations: tuple[Violation, ...] = ()
    witness: tuple[tuple[str, Any], ...] = ()
    optimal: bool = True
    costs: dict[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    objective: str | None = None
    #: player -> the mana abilities (and life) that pay ``costs`` (508.1i, 509.1e): the declared
    #: declaration's for a check (none when it can't be paid), the suggestion's for suggest
    payments: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        if self.kind == "blocks":
            witness = [{"creature": c, "blocks": list(b)} for c, b in self.witness]
        else:
            witness = [{"creature": c, "target": t} for c, t in self.witness]
        out: dict[str, Any] = {
            "kind": self.kind,
            "legal": self.legal,
            "obeyed": self.obeyed,
            "maximum": self.maximum,
            "optimal": self.optimal,
            "violations": [v.to_json() for v in self.violations],
            "witness": witness,
            "costs": self.costs,
            "payments": {p: list(lines) for p, lines in self.payments.items()},
            "notes": list(self.notes),
        }
        if self.objective:
            out["objective"] = self.objective
        return out
