"""The ``affected`` family: lines of several effects whose later sentences refer back to the
first one's object (611.3b, 613): "Otherwise", "instead", "an additional", and Scion of
Draco's "has vigilance if it's white, hexproof if it's blue, ...".

Each sentence is rewritten with the first sentence's subject in place of "it" and read by
the ``effects`` family, so every part is a line that family reads whole; then

- "Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3.": the
  second effect applies to the objects (or on the boards) where the first one's single
  condition fails: ``subtypes`` becomes ``not_subtypes``, ``attacking`` ``not_attacking``, a
  board condition gets ``not``;
- "Equipped creature gets +1/+1. If it's a Warrior, it gets +2/+1 instead." and "It gets
  -5/-5 instead as long as ...": the second effect replaces the first while its single
  condition holds, so the first gets the negated condition (not both);
- "As long as it's legendary, it gets an additional +2/+2." / "As long as it's red, it has
  trample.": one more effect beside the first.

A line with any other shape, or whose conditions aren't a single negatable one, is refused
(``None``) and stays unread.
"""
from __future__ import annotations

import re
from typing import Any

from mtgsolver.read.grammar import continuous

__all__ = ["read"]

_SUBJECT = re.compile(r"^(.+?) (gets|has) ")
_OTHERWISE = re.compile(r"^Otherwise, it (gets|has) ([^,]+)\.$")
_INSTEAD_AS_LONG = re.compile(r"^It (gets) (\S+) instead (as long as .+)\.$")
_INSTEAD_IF = re.compile(r"^If (it's [^,]+), it (gets) (\S+) instead\.$")
_ALSO = re.compile(r"^As long as (it's [^,]+), it (gets an additional|has) ([^,]+)\.$")
_EACH_IF = re.compile(r"^(.+?) has (.+ if it's \w+)\.$")
#: "Filter key -> the key of its negation" for a condition on the affected object.
_NEGATED = {"subtypes": "not_subtypes", "types": "not_types", "colors": "not_colors",
            "supertypes": "not_supertypes", "attacking": "not_attacking"}


def read(line: str, name: str) -> list[Any] | None:
    """The ``continuous`` entries of a line of several effects, or ``None``."""
    text = re.sub(r"\s*\([^)]*\)", "", line).strip()
    sentences = re.split(r"(?<=\.) +", text)
    try:
        if len(sentences) == 1:
            specs = _each_if(text, name)
        else:
            specs = _sentences(sentences, name)
    except ValueError:
        return None
    return [{"continuous": {**s, "text": line.strip()}} for s in specs]


def _one(sentence: str, name: str) -> dict:
    """The ``effects`` family's single reading of a sentence, without its text."""
    found = continuous.read(sentence, name)
    if found is None or len(found) != 1:
        raise ValueError(f"unread: {sentence}")
    out = dict(found[0]["continuous"])
    out.pop("text")
    return out


def _sentences(sentences: list[str], name: str) -> list[dict]:
    first = sentences[0]
    subject = _SUBJECT.match(first)
    if subject is None:
        raise ValueError("no subject")
    who = subject.group(1)
    out = [_one(first, name)]
    base = _one(re.sub(r" as long as .*$", ".", first), name) if " as long as " in first else out[0]
    for s in sentences[1:]:
        if m := _OTHERWISE.match(s):  # the first effect's condition fails
            if len(out) != 1:
                raise ValueError("otherwise of several")
            nxt = _one(f"{who} {m.group(1)} {m.group(2)}.", name)
            out.append(_negated(nxt, _condition_of(out[0], base)))
        elif (m := _INSTEAD_AS_LONG.match(s)) or (m := _INSTEAD_IF.match(s)):
            if len(out) != 1 or out[0] is not base or "gets" not in base:
                raise ValueError("instead of an unconditional gets")
            verb, pt, cond = (m.group(1), m.group(2), m.group(3)) if s.startswith("It ") else \
                (m.group(2), m.group(3), "as long as " + m.group(1))
            nxt = _one(f"{who} {verb} {pt} {cond}.", name)
            out = [_negated(base, _condition_of(nxt, base)), nxt]
        elif m := _ALSO.match(s):
            verb = "gets" if m.group(2).startswith("gets") else "has"
            if verb == "gets" and "gets" not in base:
                raise ValueError("an additional bonus needs a first one")
            out.append(_one(f"As long as {m.group(1)}, {who.lower()} {verb} {m.group(3)}.", name))
        else:
            raise ValueError(f"unread: {s}")
    return out


def _condition_of(spec: dict, base: dict) -> tuple[str, Any]:
    """The single condition ``spec`` adds to ``base``: ``("it", {key: value})`` on the
    affected object, or ``("board", condition)``."""
    affects, was = spec.get("affects", {}), base.get("affects", {})
    added = {k: v for k, v in affects.items() if was.get(k) != v}
    conds = spec.get("condition", [])
    if len(added) + len(conds) != 1:
        raise ValueError("not one condition")
    if conds:
        return "board", conds[0]
    (key, value), = added.items()
    if isinstance(value, list):
        value = sorted(set(value) - set(was.get(key, [])))
        if len(value) != 1:
            raise ValueError("not one condition")
    return "it", {key: value}


def _negated(spec: dict, condition: tuple[str, Any]) -> dict:
    """``spec`` where ``condition`` fails (611.3b)."""
    kind, what = condition
    if kind == "board":
        return {**spec, "condition": [*spec.get("condition", []), {**what, "not": not what.get("not", False)}]}
    (key, value), = what.items()
    affects = dict(spec.get("affects", {}))
    if key == "controller_graveyard_at_least":
        affects["controller_graveyard_at_most"] = value - 1
    elif key in _NEGATED:
        new = _NEGATED[key]
        affects[new] = True if isinstance(value, bool) else sorted(set(affects.get(new, [])) | set(value))
    else:
        raise ValueError(f"can't negate {key}")
    return {**spec, "affects": affects}


def _each_if(text: str, name: str) -> list[dict]:
    """Scion of Draco: "Each creature you control has vigilance if it's white, hexproof if
    it's blue, ..., and trample if it's green": one effect per keyword and color."""
    m = _EACH_IF.match(text)
    if m is None:
        raise ValueError("not a list of 'KEYWORD if it's COLOR'")
    items = re.split(r",\s*(?:and\s+)?", m.group(2))
    if len(items) < 2:
        raise ValueError("one item: the effects family's")
    out = []
    for item in items:
        part = re.fullmatch(r"(.+) if (it's \w+)", item)
        if part is None:
            raise ValueError(f"unread: {item}")
        out.append(_one(f"{m.group(1)} has {part.group(1)} as long as {part.group(2)}.", name))
    return out
