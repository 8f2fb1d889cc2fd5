"""The operations users call: each prepares its board once, builds encodings, and returns a
frozen result with a verdict (``None``: undecided), reasons citing rules, a witness, and the
unread lines that could bear on it.

In reading order: ``result`` (the conventions every result follows) and ``relevance`` (which
unread lines bear on an answer, and which could change it); ``blocks`` (check and suggest,
509.1), ``attacks`` (508.1), ``combat_mana`` (costs to attack or block paid with real mana,
508.1f-j, 509.1d-f), ``payment`` (``pay``), ``produce`` (``could_produce``, 106.7), ``damage``
(510), ``search`` (lethal, survive, best blocks and best attack against every answer of the
opponent) and ``puzzle`` (``solve_goal``, a board's stated solution), ``resolve`` (the board
after spells and abilities resolve, 608), ``plan`` (a turn's spells, 601.2), ``chance`` (a
random choice at resolution, 608.2).
"""
