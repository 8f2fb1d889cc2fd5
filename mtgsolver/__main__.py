"""``python -m mtgsolver``: the same as the ``mtgsolver`` command."""
from mtgsolver.cli import main

main()
