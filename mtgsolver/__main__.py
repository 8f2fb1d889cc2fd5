"""``python -m mtgsolver``: the same as the ``mtgsolver`` command."""
from .cli import main

main()
