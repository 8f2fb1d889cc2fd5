"""The example boards the page offers, and the question each one asks.

An example is a board file under ``examples/`` (the repository's folder beside the package;
a wheel installed without it offers none). Its first comment line is its title; the question
is the ``mtgsolver`` command line its comments give (``#   mtgsolver pay examples/x.yaml
--cost "{2}{G}"``), else the board's own (a ``puzzle:`` section: ``solve``; declared blockers:
``blocks check``; declared attackers: ``attacks check``), else the command its file name
starts with (``plan-``, ``chance-``, ...).
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, get_origin

import yaml

from mtgsolver.commands import COMMANDS
from mtgsolver.model import CardLibrary
from mtgsolver.model.errors import RequestError
from mtgsolver.model.zones import ZONE_NAMES
from mtgsolver.read.board_file import YAML_LOADER

__all__ = ["EXAMPLES", "Example", "command_line", "example", "examples", "lacking", "options_of", "question_of"]

#: the repository's examples folder (absent from an installed wheel)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
_LINE = re.compile(r"^#.*?\bmtgsolver (.+)$", re.M)
#: the keys whose values name a card
_NAMED = ("card", "spell", "commander")
#: how a board ``mtgsolver import forge`` wrote begins
IMPORTED = "Imported by `mtgsolver import forge`"


@dataclass(frozen=True)
class Example:
    """An example board: ``name`` its path under the examples folder, ``title`` its first
    comment line, ``command`` and ``options`` the question it asks."""

    name: str
    title: str
    command: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "command": self.command, "options": self.options}


def command_line(text: str) -> list[str] | None:
    """The words after ``mtgsolver`` of the first command line in a board's comments."""
    for match in _LINE.finditer(text):
        try:
            words = shlex.split(match.group(1))
        except ValueError:
            continue
        if words:
            return words
    return None


#: command-line flags whose values go into an option of another name, as a word and the value
#: (``resolve --cast X`` is the action ``cast X``)
FLAG_OPTIONS = {("resolve", "cast"): ("actions", "cast"), ("resolve", "activate"): ("actions", "activate"),
                ("resolve", "respond"): ("actions", "respond")}


def options_of(command: str, flags: list[str]) -> dict[str, Any]:
    """The options of ``command`` that command-line ``flags`` give (``--max-x``: ``max_x``;
    a list option gathers its repeated flags; :data:`FLAG_OPTIONS`); flags the command's
    options don't hold (``--svg``) are left out."""
    fields = COMMANDS[command].option_model.model_fields
    out: dict[str, Any] = {}
    i = 0
    while i < len(flags):
        name = flags[i].lstrip("-").replace("-", "_")
        if (command, name) in FLAG_OPTIONS and i + 1 < len(flags):
            option, word = FLAG_OPTIONS[(command, name)]
            out.setdefault(option, []).append(f"{word} {flags[i + 1]}")
            i += 2
            continue
        spec = fields.get(name) if flags[i].startswith("--") else None
        if spec is not None and spec.annotation is bool:
            out[name] = True
            i += 1
            continue
        value = flags[i + 1] if i + 1 < len(flags) else None
        i += 2 if value is not None and not value.startswith("--") else 1
        if spec is None or value is None or value.startswith("--"):
            continue
        if get_origin(spec.annotation) is list:
            out.setdefault(name, []).append(value)
        else:
            out[name] = value
    return out


def question_of(data: Any, text: str = "", name: str = "") -> tuple[str, dict[str, Any]]:
    """The command and options a board asks: the command line of its ``text``'s comments,
    else its puzzle (``solve``), its declared blockers (``blocks check``) or attackers
    (``attacks check``), else the command its file ``name`` starts with, else ``produce``."""
    words = command_line(text)
    if words:
        for size in (2, 1):
            command = " ".join(words[:size])
            if command in COMMANDS:
                return command, options_of(command, [w for w in words[size:] if not w.startswith("examples/")])
    data = data if isinstance(data, dict) else {}
    combat = data.get("combat") if isinstance(data.get("combat"), dict) else {}
    if data.get("puzzle"):
        return "solve", {}
    if combat.get("blockers") is not None:
        return "blocks check", {}
    if combat.get("attackers") is not None:
        return "attacks check", {}
    stem = Path(name).name.split("-")[0]
    return (stem, {}) if stem in COMMANDS else ("produce", {})


def _title(text: str, name: str) -> str:
    """The first comment line; for a board ``mtgsolver import forge`` wrote, the puzzle's
    source up to its first ``;`` (its name)."""
    first = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")), "")
    if first and not first.startswith(IMPORTED):
        return first
    source = re.search(r"^  source: '?([^;'\n]+)", text, re.M)
    return source.group(1).strip() if source else first or name


def examples(folder: Path = EXAMPLES) -> list[Example]:
    """Every example board under ``folder``, in the order of their paths."""
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.rglob("*.y*ml")):
        name = path.relative_to(folder).as_posix()
        text = path.read_text(encoding="utf-8")
        command, options = question_of(yaml.load(text, Loader=YAML_LOADER), text, name)
        out.append(Example(name, _title(text, name), command, options))
    return out


def example(name: str, folder: Path = EXAMPLES) -> tuple[Example, str]:
    """The example called ``name`` (its path under ``folder``) and its text.

    :raises RequestError: no example of that name.
    """
    for found in examples(folder):
        if found.name == name:
            return found, (folder / name).read_text(encoding="utf-8")
    raise RequestError("example", f"no example called {name!r}")


def _card_names(data: Any) -> Iterator[str]:
    """The card names a board's data gives: ``card:``, ``spell:`` and ``commander:`` values and
    the plain names listed in zones."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in _NAMED and isinstance(value, str):
                yield value
            elif key in ZONE_NAMES + ("top",) and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            yield from _card_names(value)
    elif isinstance(data, list):
        for value in data:
            yield from _card_names(value)


def lacking(name: str, library: CardLibrary, folder: Path = EXAMPLES) -> str | None:
    """The cards of the example ``name`` that ``library`` lacks, said in a sentence (a Forge
    puzzle names cards of the whole card pool), or ``None`` when it holds them all."""
    _, text = example(name, folder)
    missing = sorted({n for n in _card_names(yaml.load(text, Loader=YAML_LOADER)) if n not in library})
    if not missing:
        return None
    return f"unknown cards {', '.join(missing[:3])}{' ...' if len(missing) > 3 else ''}: give the server a card file"
