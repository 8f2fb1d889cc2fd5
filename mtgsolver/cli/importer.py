"""``mtgsolver import forge FILE.pzl [-o BOARD.yaml]``: a Forge puzzle file as a board file.

The board keeps the puzzle's name, link and description in its ``puzzle:`` section and lists
under ``notes:`` what the import left out (:mod:`mtgsolver.read.forge`, docs/puzzles.md).
Exit status: 0 written, 2 a malformed puzzle file (file and line named) or bad options.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional, Sequence

import typer

from mtgsolver.cli import common

#: said at the top of every imported board (Forge's files are GPL-3; each puzzle is its publisher's)
ATTRIBUTION = ("# Imported by `mtgsolver import forge` from a puzzle file of Forge (Card-Forge/forge, GPL-3);\n"
               "# the puzzle is its publisher's, named in puzzle.source.\n")


def register(app: typer.Typer) -> None:
    import_app = typer.Typer(help="Read other programs' puzzle files into board files.", no_args_is_help=True)
    app.add_typer(import_app, name="import")

    @import_app.command("forge")
    def forge(
        puzzle: Path = typer.Argument(..., help="Forge puzzle file (.pzl).", show_default=False, metavar="FILE"),
        out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="FILE", show_default=False,
                                           help="Write the board here (default: standard output)."),
        cards: Optional[Path] = common.CardsOpt,
        json_out: bool = typer.Option(False, "--json", show_default=False, help="Write the board as JSON."),
    ) -> None:
        """A Forge puzzle (.pzl) as a board file with a puzzle: section (goal win); what the
        board can't say is listed under notes: and printed."""
        from mtgsolver.model import BoardError
        from mtgsolver.read.board_file import decode_board_bytes, read_board_data
        from mtgsolver.read.forge import forge_board_data

        library = common.library(cards, json_out)
        try:
            text = decode_board_bytes(_read(puzzle, json_out), str(puzzle))
            data = forge_board_data(text, str(puzzle), library)
        except BoardError as exc:
            common.fail(str(exc), json_out)
        for remark in data["notes"]:
            common.note(remark)
        try:
            read_board_data(data, str(out or puzzle), library)
        except BoardError as exc:
            common.note(f"the board does not load with these cards yet: {exc}"
                        + ("" if cards else " (give the card file with --cards)"))
        written = json.dumps(data, indent=2) + "\n" if json_out else board_yaml(data, _comments(text))
        if out is None:
            sys.stdout.write(written)
            return
        try:
            out.write_text(written, encoding="utf-8")
        except OSError as exc:
            common.fail(f"{out}: cannot write: {exc.strerror or exc}", json_out)
        if not json_out:
            common.console.print(f"wrote {out}: {len(data.get('battlefield', []))} permanents, "
                                 f"{len(data['notes'])} notes", highlight=False)


def _read(path: Path, json_out: bool) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        common.fail(f"{path}: no such file", json_out)
    except OSError as exc:
        common.fail(f"{path}: cannot read: {exc.strerror or exc}", json_out)


def _comments(text: str) -> list[str]:
    """The comment lines before the puzzle's first section (a saved file's ``# source:``)."""
    out = []
    for line in text.splitlines():
        if line.strip().startswith("["):
            break
        if line.strip().startswith("#"):
            out.append(line.strip())
    return out


def _flow(value: Any) -> str:
    """``value`` as one line of flow-style YAML."""
    import yaml

    return yaml.safe_dump([value], default_flow_style=True, width=1 << 30, allow_unicode=True,
                          sort_keys=False).strip()[1:-1]


def board_yaml(data: dict[str, Any], comments: Sequence[str] = ()) -> str:
    """Board data as YAML the way the examples are written: one line per player, permanent and
    zone, blocks for the sections."""
    lines = [*ATTRIBUTION.splitlines(), *comments]
    for key, value in data.items():
        if isinstance(value, list) and value:
            lines.append(f"{key}:")
            lines += [f"  - {_flow(item)}" for item in value]
        elif isinstance(value, dict) and key in ("zones", "puzzle"):
            lines.append(f"{key}:")
            for k, v in value.items():
                if isinstance(v, dict):
                    lines.append(f"  {k}:")
                    lines += [f"    {k2}: {_flow(v2)}" for k2, v2 in v.items()]
                else:
                    lines.append(f"  {k}: {_flow(v)}")
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"
