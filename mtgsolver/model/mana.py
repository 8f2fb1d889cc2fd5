"""Mana symbols and mana costs (CR 107.4, 202).

A :class:`ManaCost` is an ordered tuple of :class:`ManaSymbol`. Parsing is strict:
an unknown symbol raises :class:`ManaCostError` naming it.

Examples
--------
>>> cost = ManaCost.parse("{2}{W}{U/P}")
>>> cost.mana_value
4
>>> str(cost)
'{2}{W}{U/P}'
>>> sorted(c.value for c in cost.colors)
['U', 'W']
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum

from mtgsolver.model.errors import ManaCostError, VocabularyError

__all__ = [
    "Color",
    "MANA_TYPES",
    "ManaCost",
    "ManaCostError",
    "ManaSymbol",
    "parse_mana_type",
]


class Color(str, Enum):
    """The five colors (105.1), in WUBRG order."""

    W = "W"
    U = "U"
    B = "B"
    R = "R"
    G = "G"

    @property
    def word(self) -> str:
        return _COLOR_WORDS[self.value]

    @classmethod
    def parse(cls, text: str) -> "Color":
        """Accept a letter (``"W"``) or a word (``"white"``), any case.

        :raises VocabularyError: not a color (105.1).
        """
        key = text.strip().lower()
        for letter, word in _COLOR_WORDS.items():
            if key in (letter.lower(), word):
                return cls(letter)
        raise VocabularyError(f"unknown color {text!r}: expected one of white, blue, black, red, green")


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

#: The six types of mana (106.1b): five colors and colorless, in the order answers use.
MANA_TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")

# The ten hybrid pairs in the order 107.4 prints them.
_HYBRID_PAIRS = ("WU", "WB", "UB", "UR", "BR", "BG", "RG", "RW", "GW", "GU")
_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def parse_mana_type(text: str) -> str:
    """One of W U B R G C, from a letter or a color word (``"green"``, ``"colorless"``).

    :raises VocabularyError: not a mana type (106.1b).
    """
    key = text.strip()
    if key.upper() in MANA_TYPES:
        return key.upper()
    if key.lower() == "colorless":
        return "C"
    return Color.parse(key).value


@dataclass(frozen=True)
class ManaSymbol:
    """One symbol of a cost (107.4).

    Parameters
    ----------
    generic:
        The number of a numerical symbol ``{N}`` (107.4b); 0 otherwise.
    variable:
        ``"X"``, ``"Y"`` or ``"Z"`` for a variable symbol (107.3); its value is chosen on payment.
    options:
        The mana types that pay this symbol with one mana: ``("W",)`` for ``{W}``,
        ``("W", "U")`` for ``{W/U}``, ``("C",)`` for ``{C}``.
    alt_generic:
        For a monocolored hybrid symbol such as ``{2/W}``, the generic alternative (107.4e).
    phyrexian:
        Payable with 2 life instead (107.4f, 119.4).
    snow:
        ``{S}``: one mana of any type from a snow source (107.4h).
    spend:
        For a variable symbol, the mana types that may pay it ("Spend only black mana on X",
        107.3); empty: any type.
    """

    generic: int = 0
    variable: str | None = None
    options: tuple[str, ...] = ()
    alt_generic: int = 0
    phyrexian: bool = False
    snow: bool = False
    spend: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        """``generic``, ``variable``, ``colored``, ``colorless``, ``hybrid``,
        ``monocolored_hybrid``, ``phyrexian``, ``hybrid_phyrexian`` or ``snow``."""
        if self.snow:
            return "snow"
        if self.variable:
            return "variable"
        if not self.options:
            return "generic"
        if self.alt_generic:
            return "monocolored_hybrid"
        if self.phyrexian:
            return "hybrid_phyrexian" if len(self.options) > 1 else "phyrexian"
        if len(self.options) > 1:
            return "hybrid" if "C" not in self.options else "colorless_hybrid"
        return "colorless" if self.options == ("C",) else "colored"

    @property
    def mana_value(self) -> int:
        """Contribution to mana value (202.3): X counts 0, ``{2/W}`` counts 2."""
        if self.variable:
            return 0
        if not self.options and not self.snow:
            return self.generic
        return max(1, self.alt_generic)

    @property
    def colors(self) -> frozenset[Color]:
        """Colors of the symbol (105.2, 107.4e-f); ``{C}`` and generic are colorless."""
        return frozenset(Color(o) for o in self.options if o != "C")

    @property
    def is_generic(self) -> bool:
        """Payable by any type of mana, one per point (107.4b); ``{X}`` included unless the
        mana spent on it is restricted."""
        return not self.options and not self.snow and not self.spend

    def __str__(self) -> str:
        if self.snow:
            return "{S}"
        if self.variable:
            return "{" + self.variable + "}"
        if not self.options:
            return "{" + str(self.generic) + "}"
        parts = list(self.options)
        if self.alt_generic:
            parts = [str(self.alt_generic), *parts]
        if self.phyrexian:
            parts.append("P")
        return "{" + "/".join(parts) + "}"

    @classmethod
    def parse(cls, body: str, text: str | None = None) -> "ManaSymbol":
        """Parse the inside of one pair of braces (``"2/W"``, ``"W/U/P"``)."""
        whole = text if text is not None else "{" + body + "}"
        raw = body.strip().upper()
        if raw.isdigit():
            return cls(generic=int(raw))
        if raw in ("X", "Y", "Z"):
            return cls(variable=raw)
        if raw == "S":
            return cls(snow=True)
        if raw in MANA_TYPES:
            return cls(options=(raw,))
        parts = raw.split("/")
        phyrexian = parts[-1] == "P"
        if phyrexian:
            parts = parts[:-1]
        if len(parts) == 1 and phyrexian and parts[0] in Color.__members__:
            return cls(options=(parts[0],), phyrexian=True)
        if len(parts) == 2:
            a, b = parts
            if a.isdigit() and b in Color.__members__ and not phyrexian:
                return cls(options=(b,), alt_generic=int(a))
            if a == "C" and b in Color.__members__ and not phyrexian:
                return cls(options=("C", b))
            pair = _canonical_pair(a, b)
            if pair:
                return cls(options=pair, phyrexian=phyrexian)
        raise ManaCostError(whole, "{" + body + "}")


def _canonical_pair(a: str, b: str) -> tuple[str, str] | None:
    for pair in _HYBRID_PAIRS:
        if {a, b} == set(pair) and a != b:
            return (pair[0], pair[1])
    return None


@dataclass(frozen=True)
class ManaCost:
    """An ordered sequence of mana symbols (202.1)."""

    symbols: tuple[ManaSymbol, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "ManaCost":
        """Parse ``"{2}{W}{W}"``. The empty string is the empty cost.

        Raises
        ------
        ManaCostError
            If anything but brace-enclosed 107.4 symbols appears.
        """
        if not isinstance(text, str):
            raise ManaCostError(str(text), str(text), "not a mana cost string:")
        stripped = text.strip()
        symbols: list[ManaSymbol] = []
        pos = 0
        for match in _SYMBOL_RE.finditer(stripped):
            gap = stripped[pos : match.start()]
            if gap.strip():
                raise ManaCostError(text, gap.strip(), "text outside braces")
            symbols.append(ManaSymbol.parse(match.group(1), text))
            pos = match.end()
        rest = stripped[pos:]
        if rest.strip():
            raise ManaCostError(text, rest.strip(), "text outside braces")
        return cls(tuple(symbols))

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    def __add__(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.symbols + other.symbols)

    @property
    def mana_value(self) -> int:
        """Total mana value (202.3); each X counts as 0 (202.3e)."""
        return sum(s.mana_value for s in self.symbols)

    @property
    def colors(self) -> frozenset[Color]:
        """The colors of the cost's symbols (202.2)."""
        out: frozenset[Color] = frozenset()
        for s in self.symbols:
            out |= s.colors
        return out

    @property
    def generic(self) -> int:
        """Total of the numerical symbols."""
        return sum(s.generic for s in self.symbols if s.is_generic and not s.variable)

    @property
    def variables(self) -> tuple[str, ...]:
        """Variable symbols in order of appearance, repeated as printed (``{X}{X}`` gives 2)."""
        return tuple(s.variable for s in self.symbols if s.variable)

    def spending_on_x(self, types: tuple[str, ...]) -> "ManaCost":
        """The cost with the mana paying its variable symbols restricted to ``types`` (107.3)."""
        return ManaCost(tuple(replace(s, spend=types) if s.variable else s for s in self.symbols))

    def with_x(self, x: int) -> "ManaCost":
        """The cost with every variable symbol replaced by ``{x}`` (107.3a); a variable symbol
        whose mana is restricted to some types by ``x`` symbols of those types (``{B}``, or a
        hybrid of them)."""
        out = []
        for s in self.symbols:
            if s.variable and s.spend:
                out += [ManaSymbol(options=s.spend)] * x
            elif s.variable:
                if x:
                    out.append(ManaSymbol(generic=x))
            else:
                out.append(s)
        return ManaCost(tuple(out))
