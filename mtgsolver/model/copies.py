"""Copy effects (707): what a permanent may enter the battlefield as a copy of."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["EntersAsCopy"]


@dataclass(frozen=True)
class EntersAsCopy:
    """"You may have ~ enter the battlefield as a copy of ..." (707.2, 614.1c; Clone, Glasspool
    Mimic): as it enters, its controller may choose a permanent on the battlefield having one of
    ``types`` (controlled by them when ``controller`` is ``"you"``, by anyone when ``"any"``);
    it enters with that permanent's copiable values, plus ``adds_types`` and ``adds_subtypes``
    (an "except ... in addition to its other types" modification, 707.9b, which is itself copiable).
    """

    types: frozenset[str]
    controller: str = "any"
    adds_types: tuple[str, ...] = ()
    adds_subtypes: tuple[str, ...] = ()

    def to_mapping(self) -> dict[str, Any]:
        """The board vocabulary's ``{enters_as_copy: ...}`` value."""
        out: dict[str, Any] = {"types": sorted(self.types), "controller": self.controller}
        if self.adds_types:
            out["adds_types"] = list(self.adds_types)
        if self.adds_subtypes:
            out["adds_subtypes"] = list(self.adds_subtypes)
        return out
