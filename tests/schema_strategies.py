"""Hypothesis strategies built from a JSON Schema (the board file's, ``mtgsolver schema``).

The subset the board schema uses: ``$ref`` to ``$defs``, ``anyOf``, ``const``, ``enum``,
objects (``properties``, ``required``, ``additionalProperties``, ``propertyNames``, one-key
mappings), arrays (``items``, ``minItems``, ``maxItems``), strings (``pattern``), integers
(``minimum``, ``maximum``, ``exclusiveMinimum``), numbers, booleans and null. A ``$ref`` deeper
than :data:`DEPTH` (an entry that grants entries) gives a plain string, so every value is finite.
"""
from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

__all__ = ["from_schema", "json_values"]

DEPTH = 3

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([10**20, -(2**63), 2**62, 10**9 + 1])
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values that ``schema`` (with its ``$defs``) accepts, most of the time: a pattern or a
    property name enum is followed, the combinations of keywords the board schema lacks are not."""
    return _strategy(schema, schema, 0)


def _strategy(node: dict[str, Any], root: dict[str, Any], depth: int) -> st.SearchStrategy[Any]:
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if depth >= DEPTH:
            return st.text(max_size=8)
        return st.deferred(lambda: _strategy(root["$defs"][name], root, depth + 1))
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "anyOf" in node:
        return st.one_of([_strategy(n, root, depth) for n in node["anyOf"]])
    kind = node.get("type")
    if kind == "object":
        return _object(node, root, depth)
    if kind == "array":
        items = _strategy(node.get("items", {}), root, depth)
        low = node.get("minItems", 0)
        return st.lists(items, min_size=low, max_size=max(low, min(node.get("maxItems", 3), 3)))
    if kind == "string":
        return st.from_regex(node["pattern"], fullmatch=True) if "pattern" in node else st.text(max_size=12)
    if kind == "integer":
        low = node.get("minimum", node.get("exclusiveMinimum", -(10**12) - 1) + 1)
        return st.integers(low, node.get("maximum", 10**12))
    if kind == "number":
        return st.floats(node.get("exclusiveMinimum", node.get("minimum")), node.get("maximum"), allow_nan=False,
                         exclude_min="exclusiveMinimum" in node)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return json_values


def _object(node: dict[str, Any], root: dict[str, Any], depth: int) -> st.SearchStrategy[Any]:
    props = node.get("properties", {})
    names = node.get("propertyNames", {}).get("enum")
    if node.get("maxProperties") == 1 and props:  # a one-key mapping: {min_blockers: 3}
        return st.sampled_from(sorted(props)).flatmap(
            lambda key: _strategy(props[key], root, depth).map(lambda value: {key: value}))
    if names is not None:
        return st.dictionaries(st.sampled_from(names), json_values, max_size=3)
    if props:
        required = set(node.get("required", ()))
        return st.fixed_dictionaries({k: _strategy(v, root, depth) for k, v in props.items() if k in required},
                                     optional={k: _strategy(v, root, depth) for k, v in props.items()
                                               if k not in required})
    extra = node.get("additionalProperties")
    values = _strategy(extra, root, depth) if isinstance(extra, dict) else json_values
    return st.dictionaries(st.text(max_size=8), values, max_size=3)
