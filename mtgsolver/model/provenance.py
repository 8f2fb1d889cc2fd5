"""What the layers made of a board (613): each permanent's changes, with their sources.

The rules that make them are :mod:`mtgsolver.rules.layers`; a layered board keeps a
:class:`LayerResult` (``Board.layers``) so that answers can say where a characteristic came from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from mtgsolver.model.board_effects import Effect
from mtgsolver.model.permanent import Permanent

__all__ = ["LAYER_RULES", "Change", "LayerResult"]

#: The rule of each layer and sublayer, for answers.
LAYER_RULES = {"1": "613.2", "2": "613.1b", "4": "613.1d", "5": "613.1e", "6": "613.1f", "7a": "613.4a", "7b": "613.4b", "7c": "613.4c",
               "7d": "613.4d", "rules": "613.11"}


@dataclass(frozen=True)
class Change:
    """One effect's change to one permanent: its source, layer and timestamp (613.7)."""

    source: str
    source_name: str
    layer: str
    timestamp: int
    what: str

    @property
    def rule(self) -> str:
        return LAYER_RULES[self.layer]

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "source_name": self.source_name, "layer": self.layer, "rule": self.rule,
                "timestamp": self.timestamp, "what": self.what}

    def __str__(self) -> str:
        return f"{self.what} from {self.source_name} ({self.source}; layer {self.layer}, {self.rule}, timestamp {self.timestamp})"


@dataclass(frozen=True)
class LayerResult:
    """What the layers started from and what they changed, kept on the effective board."""

    printed: tuple[Permanent, ...]
    effects: tuple[Effect, ...]
    changes: Mapping[str, tuple[Change, ...]]
