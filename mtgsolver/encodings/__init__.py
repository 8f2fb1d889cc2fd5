"""CP-SAT models, one family per question, and the reading back of their solutions.

In reading order: ``cpsat`` (deterministic solving, time budgets, unsat cores) and ``lin``
(bounded linear expressions over literals), then the families: ``blocks`` (509.1), ``attacks``
(508.1, 701.15), ``payment`` (106, 107.4, 601.2g-h, 605) with ``payment_plan`` (a solved
payment as activations in an order that can be carried out), ``turn_plan`` (several payments
in one turn, 106.4, 700.2) and ``damage`` (510, 702, 704.5).

An encoding receives a prepared board (:func:`mtgsolver.load.prepare`) and asks
:mod:`mtgsolver.rules` what is legal; it never prepares a board nor reads text.
"""
