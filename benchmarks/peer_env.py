"""Where the shared data and the benchmark peers are, and the peer's own virtual environment.

The shared folder is ``../shared/`` beside the repository, or ``$MTGSOLVER_SHARED`` (as for
the tests): the card pool in ``data/``, the peers in ``peers/``. magic-combat pins ``numpy<2``,
which clashes with the project's dependencies, so it runs in a venv of its own,
``benchmarks/.peer-venv/`` (ignored by git), with ``PYTHONPATH`` set to its source folder.

Run ``python benchmarks/peer_env.py`` to make the venv (``numpy<2``, ``requests``, ``pydantic``)
and check that ``magic_combat`` imports in it; it prints the venv's Python. ``PEER_PYTHON`` and
``PEER_PATH`` override the venv's Python and the peer's folder.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MTGSOLVER_SHARED", ROOT.parent / "shared"))
PEER_PATH = Path(os.environ.get("PEER_PATH", SHARED / "peers" / "magic-combat"))
VENV = Path(__file__).resolve().parent / ".peer-venv"
REQUIREMENTS = ("numpy<2", "requests", "pydantic")


def peer_python() -> Path:
    """The Python that runs magic-combat: ``$PEER_PYTHON``, else the venv's, made if absent."""
    if "PEER_PYTHON" in os.environ:
        return Path(os.environ["PEER_PYTHON"])
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", *REQUIREMENTS], check=True)
    return python


def peer_env() -> dict[str, str]:
    """The environment a peer process runs in: magic-combat's folder on ``PYTHONPATH``.

    :raises FileNotFoundError: when the peer's folder is absent.
    """
    if not (PEER_PATH / "magic_combat").is_dir():
        raise FileNotFoundError(f"magic-combat not found at {PEER_PATH} (set MTGSOLVER_SHARED to the shared/ "
                                "folder, or PEER_PATH to the peer's folder)")
    return dict(os.environ, PYTHONPATH=str(PEER_PATH))


def main() -> None:
    python, env = peer_python(), peer_env()
    subprocess.run([str(python), "-c", "import magic_combat"], env=env, check=True)
    print(python)


if __name__ == "__main__":
    main()
