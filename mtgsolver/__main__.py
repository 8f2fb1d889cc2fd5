"""``python -m mtgsolver``: the same as the ``mtgsolver`` command."""
from mtgsolver.cli import main

if __name__ == "__main__":  # worker processes import this module again as __mp_main__ (mtgsolver.workers)
    main()
