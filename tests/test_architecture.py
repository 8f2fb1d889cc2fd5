"""The package's shape (docs/architecture.md): import contracts and no import circle."""
from __future__ import annotations

from pathlib import Path

import grimp
import networkx as nx
import pytest
from importlinter.application import use_cases
from importlinter.configuration import configure

ROOT = Path(__file__).resolve().parent.parent


def test_the_layer_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    """The layers of pyproject.toml's ``[tool.importlinter]`` (import-linter): each package imports
    only the ones below it; ``rules`` and ``read`` never import each other; ``model`` nothing else."""
    configure()
    kept = use_cases.lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)
    assert kept, capsys.readouterr().out


def _graph() -> nx.DiGraph:
    graph = grimp.build_graph("mtgsolver")  # type-checking imports included
    out = nx.DiGraph()
    for module in graph.modules:
        out.add_node(module)
        for imported in graph.find_modules_directly_imported_by(module):
            out.add_edge(module, imported)
    return out


def test_no_import_circle_anywhere_in_the_package() -> None:
    circles = [sorted(c) for c in nx.strongly_connected_components(_graph()) if len(c) > 1]
    assert circles == []


def test_the_model_imports_nothing_of_the_project_outside_itself() -> None:
    graph = _graph()
    outside = {(m, i) for m in graph if m.startswith("mtgsolver.model") for i in graph.successors(m)
               if not i.startswith("mtgsolver.model")}
    assert outside == set()


@pytest.mark.parametrize("package", ["mtgsolver.rules", "mtgsolver.read"])
def test_rules_and_reading_are_siblings(package: str) -> None:
    """Reading makes model objects from text; the rules compute on them; neither calls the other."""
    other = {"mtgsolver.rules": "mtgsolver.read", "mtgsolver.read": "mtgsolver.rules"}[package]
    graph = _graph()
    assert {(m, i) for m in graph if m.startswith(package) for i in graph.successors(m) if i.startswith(other)} == set()
