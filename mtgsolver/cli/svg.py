"""``--svg FILE``: write the picture of an answer (see :mod:`mtgsolver.pictures`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional

import typer

from mtgsolver.cli import common

SvgOpt = typer.Option(None, "--svg", help="Also draw the answer as an SVG picture in FILE.", metavar="FILE")


def write(path: Optional[Path], draw: Callable[[Any, dict[str, Any]], str], board: Any, result: Any,
          json_out: bool = False) -> None:
    """Draw ``result`` on ``board`` into ``path`` (nothing when ``path`` is None); exit 2 if it can't be written."""
    if path is None:
        return
    from mtgsolver.commands import answer_dict

    try:
        path.write_text(draw(board, answer_dict(result)), encoding="utf-8")
    except OSError as exc:
        common.fail(f"--svg: cannot write {path}: {exc}", json_out)
