"""The constant rules of a grammar family as one table.

A rule or alias of a ``.lark`` grammar whose meaning does not depend on the words it matched
("can't block" -> ``["cant_block"]``, "{T}" -> a tap cost) has no method in its family's
compiler: the family's table ``CONSTANTS`` maps its name to the value, as lark's own
``examples/json_parser.py`` gives ``"true" -> true`` its value; every other rule keeps its
method. A compiler names its table as it is declared: ``class _Compile(ConstantRules,
constants=CONSTANTS)``.
"""
from __future__ import annotations

from typing import Any, ClassVar, Mapping

from lark import Transformer

__all__ = ["ConstantRules"]


class ConstantRules(Transformer):
    """A lark transformer that reads the value of each rule named in ``CONSTANTS`` from it (a
    fresh copy each time: compilers change the mappings they build)."""

    CONSTANTS: ClassVar[Mapping[str, Any]] = {}

    def __init_subclass__(cls, constants: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if constants is not None:
            cls.CONSTANTS = constants
        both = sorted(name for name in cls.CONSTANTS if callable(getattr(cls, name, None)))
        if both:
            raise TypeError(f"{cls.__name__}: rules both constant and compiled: {', '.join(both)}")

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        if data in self.CONSTANTS:
            return _fresh(self.CONSTANTS[data])
        return super().__default__(data, children, meta)

    def _constant(self, name: str) -> Any:
        """The value of the constant rule ``name``."""
        return _fresh(self.CONSTANTS[name])


def _fresh(value: Any) -> Any:
    """A copy of the lists, dicts and tuples of ``value`` (other values are immutable)."""
    if isinstance(value, dict):
        return {k: _fresh(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_fresh(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_fresh(v) for v in value)
    return value
