"""mtgsolver: exact Magic: The Gathering combat and mana answers on CP-SAT.

The model (:mod:`mtgsolver.model`) loads boards; the solver operations live in
:mod:`mtgsolver.solver` and import OR-Tools only when used.
"""
__version__ = "0.1.0"
