"""The page for people: ``mtgsolver serve`` answers it at ``/`` and ``mtgsolver ui`` opens it.

The page itself is three files in ``static/`` (``index.html``, ``page.css``, ``page.js``: plain
HTML, CSS and one JavaScript module, no build step, nothing fetched from elsewhere). It asks the
service, which answers with the functions of this package:

- :mod:`mtgsolver.page.examples`: the example boards and the question each one asks;
- :mod:`mtgsolver.page.board_view`: a board as people see it (what ``mtgsolver show --json``
  prints), the cards the page draws per player;
- :mod:`mtgsolver.page.answers`: a command's answer made ready to show: the verdict in a word,
  the reasons with their rule numbers, tables, the unread lines and why they matter, the
  picture (:mod:`mtgsolver.pictures`) and, for ``solve`` and ``plan``, the line step by step.
"""
from __future__ import annotations

from pathlib import Path

__all__ = ["STATIC"]

#: the page's files, shipped in the package (``package-data``)
STATIC = Path(__file__).resolve().parent / "static"
