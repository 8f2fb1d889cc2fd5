"""Copy effects (707): the copiable values of a permanent, and a permanent entering as a copy.

- 707.2: the copiable values are the values printed on the object (its name, mana cost, color,
  card types, subtypes, supertypes, rules text, power and toughness), as modified by other copy
  effects and by "except" modifications (707.9b); counters, damage, tapped status and the effects
  of other layers are not copied. A board's printed permanent (what the layers start from, 613.1a)
  holds them: a permanent that entered as a copy holds the values it copied, so copying it
  copies them (707.3).
- 614.1c, 707.9: "You may have ~ enter the battlefield as a copy of ..." is a replacement effect:
  its controller chooses as it enters (or chooses nothing); the abilities it copied that change
  how it enters apply to it (614.12: enters tapped).
- 707.4, 707.9a-b: a permanent that becomes a copy (Lazav, the Multifarious: of a card in a
  graveyard) keeps its status, counters and the effects of other layers; an exception may keep its
  name, add a supertype or keep the ability that made it a copy.
- Not modelled (the caller answers undecided): a copy of a planeswalker or battle (its loyalty or
  defense as it enters, 306.5b, 310.4b) or of a permanent with a choice made as it entered (a
  chosen color or type, which the copy would choose anew).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from mtgsolver.model.copies import EntersAsCopy
from mtgsolver.model.permanent import Permanent

__all__ = ["COPIABLE", "as_copy", "copy_choices", "entered_as_copy", "not_copied"]

#: The fields of a printed permanent that are its copiable values (707.2).
COPIABLE = ("name", "types", "supertypes", "subtypes", "colors", "mana_cost", "base_power", "base_toughness",
            "keywords", "protections", "abilities")


def copy_choices(spec: EntersAsCopy, controller: str, battlefield: Iterable[Permanent]) -> list[Permanent]:
    """The permanents (as the layers make them) a permanent entering under ``controller`` may
    copy by ``spec``: one of its types, controlled by ``controller`` when the text says "you
    control" (707.2)."""
    return [p for p in battlefield if spec.types & p.types and (spec.controller == "any" or p.controller == controller)]


def not_copied(original: Permanent) -> str | None:
    """Why copying ``original`` is not modelled, or ``None``."""
    if original.is_planeswalker or original.is_battle:
        return f"a copy of {original.name} ({original.id}) enters with loyalty or defense (306.5b, 310.4b)"
    if original.chosen_color is not None or original.chosen_type is not None:
        return f"a copy of {original.name} ({original.id}) makes the choices it made as it entered anew (614.12)"
    return None


def as_copy(perm: Permanent, printed: Permanent, types: Iterable[str] = (), subtypes: Iterable[str] = (),
            supertypes: Iterable[str] = ()) -> Permanent:
    """``perm`` with the copiable values of ``printed`` (the original's printed permanent, or a
    card's permanent, 707.2) and the types an exception adds (707.9b); ``copy_of`` names the card
    copied."""
    values = {f: getattr(printed, f) for f in COPIABLE}
    values["types"] = printed.types | frozenset(types)
    values["subtypes"] = printed.subtypes | frozenset(subtypes)
    values["supertypes"] = printed.supertypes | frozenset(supertypes)
    copied = printed.copy_of or (printed.card.name if printed.card is not None and not printed.token else None)
    return dataclasses.replace(perm, **values, copy_of=copied)


def entered_as_copy(entering: Permanent, printed: Permanent, spec: EntersAsCopy) -> Permanent:
    """614.1c: ``entering`` as a copy of ``printed`` by ``spec`` (:func:`as_copy`)."""
    return as_copy(entering, printed, spec.adds_types, spec.adds_subtypes)
