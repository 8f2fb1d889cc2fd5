"""Piped human output without rich (``mtgsolver.cli.plain``): the very characters rich prints
without a terminal, on generated markup and tables; what it is not sure of goes to rich."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.markup import escape as rich_escape
from rich.table import Table

from mtgsolver.cli import plain
from mtgsolver.cli.rich_console import NoWrapConsole

from .support import runs

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FRAGMENTS = ["a", "b c", " ", "[", "]", "\\", "/", ":", "=", "@", "#", "x1", "(2)", "{T}: Add {G}.", "\n", "\t",
             "é", "漢", "[bold]", "[/]", "[red]", "[/red]", "[dim]", "[bold red]", "[/bold]", "[foo]", "[1]",
             "[link=x]", ":smile:", "\\[bold]", "\x07", "  "]
texts = st.lists(st.sampled_from(FRAGMENTS), max_size=8).map("".join)


def _rich(obj: object, **kwargs: object) -> str | None:
    out = io.StringIO()
    try:
        NoWrapConsole(file=out, highlight=False, force_terminal=False, pipe_width=plain.PIPE_WIDTH).print(obj, **kwargs)
    except Exception:  # noqa: BLE001 - rich refuses it (bad markup): so must the plain path
        return None
    return out.getvalue()


def _plain(obj: object, monkeypatch: pytest.MonkeyPatch, **kwargs: object) -> str:
    out = io.StringIO()
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "DATABRICKS_RUNTIME_VERSION", "JUPYTER_COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    with monkeypatch.context() as m:
        m.setattr(sys, "stdout", out)
        output = plain.Output()
        assert output.plain and not output.is_terminal
        output.print(obj, **kwargs)
    return out.getvalue()


@settings(max_examples=runs(2000), deadline=None, derandomize=True)
@given(texts)
def test_escape_is_richs(text: str) -> None:
    assert plain.escape(text) == rich_escape(text)


@settings(max_examples=runs(2000), deadline=None, derandomize=True)
@given(texts, st.booleans(), st.booleans())
def test_text_is_printed_as_rich_prints_it(text: str, soft_wrap: bool, markup: bool) -> None:
    rendered = plain.render(text, markup)
    expected = _rich(text, soft_wrap=soft_wrap, markup=markup)
    if rendered is not None:
        assert expected is not None, text
        with pytest.MonkeyPatch.context() as mp:
            assert _plain(text, mp, soft_wrap=soft_wrap, markup=markup) == expected


@settings(max_examples=runs(2000), deadline=None, derandomize=True)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(st.lists(texts, min_size=n, max_size=n),
                                                     st.lists(st.lists(texts, min_size=n, max_size=n), max_size=4))),
       st.none() | texts, st.sampled_from(["left", "center"]))
def test_tables_are_laid_out_as_rich_lays_them_out(table: tuple[list[str], list[list[str]]], title: str | None,
                                                   justify: str) -> None:
    columns, rows = table
    ours = plain.PlainTable(*columns)
    ours.title, ours.title_justify = title, justify
    theirs = Table(box=None, show_edge=False, title=title, title_justify=justify)
    for column in columns:
        theirs.add_column(column)
    for row in rows:
        ours.add_row(*row)
        theirs.add_row(*row)
    expected = _rich(theirs)
    with pytest.MonkeyPatch.context() as mp:
        if expected is None:  # markup rich refuses
            with pytest.raises(Exception):  # noqa: B017
                _plain(ours, mp)
        else:
            assert _plain(ours, mp) == expected  # laid out here, or handed to rich as the same table


def test_plain_cases_are_not_all_handed_to_rich() -> None:
    """The property tests compare something: the answers this project prints stay plain."""
    assert plain.render("  [red]509.1c[/] x can't block ([dim]tapped[/])") == "  509.1c x can't block (tapped)"
    table = plain.PlainTable("blocker", "blocks")
    table.add_row("Grizzly Bears (bears)", "Boggart Brute (brute)")
    assert table.lines() == [" blocker                blocks                ",
                             " Grizzly Bears (bears)  Boggart Brute (brute) "]
    table.title, table.title_justify = "bob: 20 life", "left"
    assert table.lines()[0] == "bob: 20 life" + " " * 34


def test_a_piped_answer_imports_no_rich() -> None:
    """A one-shot command whose output is piped prints it without importing rich."""
    probe = ("import sys\n"
             "from mtgsolver.cli import main\n"
             f"sys.argv = ['mtgsolver', 'blocks', 'check', {str(EXAMPLES / 'lure-menace.yaml')!r}]\n"
             "import atexit\n"
             "atexit.register(lambda: print('rich' in sys.modules, file=sys.stderr))\n"
             "main()\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "witness: a legal declaration" in proc.stdout
    assert proc.stderr.strip().splitlines()[-1] == "False"
