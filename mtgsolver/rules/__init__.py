"""The Comprehensive Rules as plain functions of a board: no solver, no reading of text.

In reading order: ``filters`` (whether a permanent or player matches a vocabulary filter),
``layers`` (613: each permanent as it is now, with the effects that made it so; run once per
board by :func:`mtgsolver.load.prepare`); mana: ``mana_graph`` (the 106.7 reference graph),
``production`` (type changes, replacement effects and "tapped for mana" triggers, 106.12, 305.7,
614), ``mana_sources`` (the activations a payment may use, and why others are excluded, 605,
602.5); combat: ``blocking`` (509.1, 702 evasion, 802.4), ``attacking`` (508.1, 701.15),
``damage`` (510 outside the CP-SAT model); the seed rulings: ``x_value`` (107.3m), ``modes``
(700.2), ``random_choice`` and ``targets`` (608.2, 115, 601.2c), ``crimes`` (700.13); resolving
spells and abilities: ``game`` (a board while it resolves: zones, new objects 400.7, choices),
``state_based`` (704), ``triggers`` (603), ``resolution`` (608 and each effect kind of the
effect language), ``casting`` (601, 602); beside them ``identity_memo`` (answers about frozen
objects remembered by identity: the search asks the same questions of the same objects).

Each test returns findings citing its rule; the encodings build on them, the solvers explain
with them. Rules and :mod:`mtgsolver.read` never import each other.
"""
