"""Human output without importing rich when it is not needed (a one-shot command's start).

Output piped to another program is plain lines: rich, writing to a file that is not a
terminal, prints console markup without its styles, never wraps (:data:`PIPE_WIDTH`) and lays
tables out as padded columns. :class:`Output` writes exactly those characters itself for the
text this project prints (its few styles, ASCII tables) and hands everything else (a
terminal, an emoji code, a control character, wide or combining characters in a table,
markup it does not know) to a rich console made on first use, so the output is rich's in
every case; ``tests/test_plain_output.py`` compares the two on generated text and tables.
"""
from __future__ import annotations

import os
import re
import sys
from typing import Any

__all__ = ["PIPE_WIDTH", "Output", "PlainTable", "escape", "render", "rich_of"]

PIPE_WIDTH = 100_000  # "full width": no line of a piped answer is ever wrapped

#: rich.markup's tags and escapes (``RE_TAGS``, :func:`rich.markup.escape`)
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
#: the styles this project's markup uses; another tag goes to rich
STYLES = frozenset({"bold", "dim", "red", "green", "yellow", "cyan", "magenta", "blue", "italic",
                    "bold red", "bold green", "bold yellow", "bold cyan"})
#: text rich could change: an emoji code (``:smile:``), control characters (stripped or
#: expanded: tabs)
_RICH_ONLY = re.compile(r":\S*?:|[\x00-\x09\x0b-\x1f\x7f]")
#: where rich's answer to "is this a terminal" depends on more than ``isatty``
_RICH_ENV = ("TTY_COMPATIBLE", "FORCE_COLOR", "DATABRICKS_RUNTIME_VERSION", "JUPYTER_COLUMNS")


def escape(markup: str) -> str:
    """:func:`rich.markup.escape`: square brackets that would start a tag are escaped."""
    markup = _ESCAPE.sub(lambda m: f"{m.group(1)}{m.group(1)}\\{m.group(2)}", markup)
    if markup.endswith("\\") and not markup.endswith("\\\\"):
        return markup + "\\"
    return markup


def render(text: str, markup: bool = True) -> str | None:
    """The characters rich prints for ``text`` without a terminal (its styles dropped), or
    ``None`` when rich should print it (see the module docstring)."""
    if _RICH_ONLY.search(text):
        return None
    if not markup or "[" not in text:
        return text
    out: list[str] = []
    stack: list[str] = []
    position = 0
    for match in _TAG.finditer(text):  # rich.markup._parse and render
        full, escapes, tag = match.groups()
        start, end = match.span()
        if start > position:
            out.append(text[position:start].replace("\\[", "["))
        position = end
        if escapes:
            backslashes, escaped = divmod(len(escapes), 2)
            out.append("\\" * backslashes)
            if escaped:
                out.append(full[len(escapes):].replace("\\[", "["))
                continue
        if "=" in tag or tag.startswith("@"):
            return None
        if tag.startswith("/"):
            name = tag[1:].strip()
            if not name and stack:
                stack.pop()
            elif name in stack:
                del stack[len(stack) - 1 - stack[::-1].index(name)]
            else:
                return None  # rich raises MarkupError
        elif tag in STYLES:
            stack.append(tag)
        else:
            return None
    if position < len(text):
        out.append(text[position:].replace("\\[", "["))
    return "".join(out)


class PlainTable:
    """The columns and rows of a table to print without a terminal (rich's ``Table(box=None,
    show_edge=False)``: each cell padded by one space either side, columns as wide as their
    widest cell)."""

    def __init__(self, *columns: str) -> None:
        self.columns = list(columns)
        self.rows: list[tuple[str, ...]] = []
        self.title: str | None = None  # a line above the table, as wide as it
        self.title_justify = "center"

    def add_column(self, header: str) -> None:
        self.columns.append(header)

    def add_row(self, *cells: str) -> None:
        self.rows.append(tuple(cells))

    def lines(self) -> list[str] | None:
        """The table as rich lays it out, or ``None`` when rich should (a cell that is not
        printable ASCII, has several lines or markup rich should render, a ragged row)."""
        rows = [self.columns, *self.rows]
        if not self.columns or any(len(r) != len(self.columns) for r in rows):
            return None
        cells = [[render(c) if isinstance(c, str) else None for c in r] for r in rows]
        if any(c is None or not (c.isascii() and c.isprintable()) for r in cells for c in r):
            return None
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.columns))]
        width = sum(widths) + 2 * len(widths)
        if width > PIPE_WIDTH:
            return None
        lines = ["".join(f" {c.ljust(w)} " for c, w in zip(r, widths)) for r in cells]
        if self.title is None:
            return lines
        title = render(self.title)
        if title is None or self.title_justify != "left" or not (title.isascii() and title.isprintable()) \
                or not 0 < len(title) <= width:
            return None
        return [title.ljust(width), *lines]

    def rich(self) -> Any:
        """The same table for rich."""
        from rich.table import Table

        table = Table(box=None, show_edge=False, title=self.title, title_justify=self.title_justify)
        for column in self.columns:
            table.add_column(column)
        for row in self.rows:
            table.add_row(*row)
        return table


class Output:
    """Standard output or error for human answers: plain characters when rich would print no
    styles (not a terminal), else rich (a console that never wraps when piped)."""

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr
        self._rich: Any = None

    @property
    def file(self) -> Any:
        return sys.stderr if self.stderr else sys.stdout

    @property
    def plain(self) -> bool:
        """Whether rich would see no terminal (and print no styles), decided without rich."""
        if sys.platform == "win32" or any(v in os.environ for v in _RICH_ENV):
            return False
        if "IPython" in sys.modules or getattr(sys.stdin, "__module__", "").startswith("idlelib"):
            return False
        isatty = getattr(self.file, "isatty", None)
        try:
            return isatty is not None and not isatty()
        except ValueError:
            return False

    @property
    def is_terminal(self) -> bool:
        return self.rich.is_terminal if not self.plain else False

    @property
    def rich(self) -> Any:
        """The rich console, made on first use."""
        if self._rich is None:
            from mtgsolver.cli.rich_console import NoWrapConsole

            self._rich = NoWrapConsole(stderr=self.stderr, highlight=False, pipe_width=PIPE_WIDTH)
        return self._rich

    def print(self, obj: Any = "", soft_wrap: bool = False, highlight: bool | None = None,
              markup: bool | None = None) -> None:
        """``rich.console.Console.print`` of one string or table (``highlight`` is off)."""
        if self.plain:
            text: str | None = None
            if isinstance(obj, str):
                text = render(obj, markup is not False)
                if text is not None and not soft_wrap and any(len(line) > PIPE_WIDTH for line in text.split("\n")):
                    text = None
            elif isinstance(obj, PlainTable):
                lines = obj.lines()
                text = None if lines is None else "\n".join(lines)
            if text is not None:
                self.file.write(text + "\n")
                self.file.flush()  # as rich does: the order of stdout and stderr lines is kept
                return
        if isinstance(obj, PlainTable):
            obj = obj.rich()
        self.rich.print(obj, soft_wrap=soft_wrap, highlight=highlight, markup=markup)


def rich_of(output: Any) -> Any:
    """The rich console behind an :class:`Output` (or a rich console itself)."""
    return output.rich if isinstance(output, Output) else output
