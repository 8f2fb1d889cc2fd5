"""The README and the pages of docs/, benchmarks/ and tests/ say what is true.

Their ``python`` examples run (``>>>`` examples are doctests), their ``console`` examples print
what they show (``$ mtgsolver ...`` through the command line in this process), every board shown
as an example file is that file's exact content, and every link, file path and dotted name they
give leads to something that exists.
"""
from __future__ import annotations

import doctest
import re
import shlex
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md",
         ROOT / "tests" / "README.md"]
FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>\w*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
EXAMPLE_FILE = re.compile(r"examples/[\w/.-]+\.ya?ml")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    """A fenced code block of a page: its language, its text (the fence's indent removed) and
    the last line of prose before it."""

    page: Path
    line: int
    lang: str
    body: str
    before: str

    def __str__(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        indent = len(m.group("indent"))
        body = "".join(line[indent:] if line[:indent].isspace() else line
                       for line in m.group("body").splitlines(keepends=True))
        prose = [line for line in text[:m.start()].splitlines() if line.strip()]
        out.append(Block(page, text.count("\n", 0, m.start()) + 1, m.group("lang"), body, prose[-1] if prose else ""))
    return out


def _prose(page: Path) -> str:
    """The page without its code blocks."""
    return FENCE.sub("", page.read_text(encoding="utf-8"))


BLOCKS = [b for page in PAGES for b in _blocks(page)]


def test_the_pages_exist_and_the_readme_is_a_front_door() -> None:
    assert all(page.exists() for page in PAGES)
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.lang == "python"], ids=str)
def test_python_examples_run(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(block.body, {"__name__": "__main__"}, str(block),
                                               str(block.page), block.line)
    if not test.examples:
        exec(compile(block.body, str(block), "exec"), {"__name__": "__main__"})
        return
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def _commands(body: str) -> list[tuple[list[str], str]]:
    """``$ mtgsolver ARGS`` lines and the output shown under each."""
    out: list[tuple[list[str], str]] = []
    for line in body.splitlines(keepends=True):
        if line.startswith("$ "):
            words = shlex.split(line[2:])
            assert words[0] == "mtgsolver", f"a console example runs mtgsolver, not {words[0]}"
            out.append((words[1:], ""))
        else:
            assert out, "a console example starts with a $ line"
            out[-1] = (out[-1][0], out[-1][1] + line)
    return out


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.lang == "console"], ids=str)
def test_console_examples_print_what_they_show(block: Block, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    for args, shown in _commands(block.body):
        printed = CliRunner().invoke(app, args).output
        assert doctest.OutputChecker().check_output(shown, printed, FLAGS), f"shown:\n{shown}\nprinted:\n{printed}"


def _whole_board(body: str) -> bool:
    return bool(re.search(r"^players:", body, re.M) and re.search(r"^active_player:", body, re.M))


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.lang == "yaml" and (EXAMPLE_FILE.search(b.before)
                                                                               or _whole_board(b.body))], ids=str)
def test_boards_shown_as_example_files_are_those_files(block: Block) -> None:
    """A whole board is shown only as an example file, named in the line before it, and is
    exactly that file (the tests and the commands above read the files)."""
    names = set(EXAMPLE_FILE.findall(block.before))
    assert len(names) == 1, "name the example file in the line before the board"
    assert block.body == (ROOT / names.pop()).read_text(encoding="utf-8")


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_lead_to_pages_and_headings(page: Path) -> None:
    for target in LINK.findall(_prose(page)):
        if re.match(r"\w+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), target
        if anchor:
            headings = re.findall(r"^#+ (.+)$", _prose(dest), re.M)
            assert anchor in {_slug(h) for h in headings}, target


PATH = re.compile(r"(?<![\w/.-])((?:mtgsolver|tests|references|benchmarks|examples|docs)/[\w/.*-]*\w/?)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_paths_named_exist(page: Path) -> None:
    """Paths are written from the repository root; ``*`` stands for any part of a name."""
    text = page.read_text(encoding="utf-8")
    missing = sorted({p for p in PATH.findall(text) if not list(ROOT.glob(p.rstrip("/")))})
    assert missing == []


DOTTED = re.compile(r"`(mtgsolver(?:\.\w+)+)`")


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            if not hasattr(obj, name):
                return False
            obj = getattr(obj, name)
        return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_dotted_names_named_exist(page: Path) -> None:
    """``mtgsolver.a.b`` in backquotes is a module, or a name in one."""
    assert sorted({d for d in DOTTED.findall(page.read_text(encoding="utf-8")) if not _resolves(d)}) == []
