"""Reading: text and files in, model objects out (no rule is applied here).

In reading order: ``vocabulary`` (board-vocabulary entries such as ``lure`` or
``{min_blockers: 3}`` into :mod:`mtgsolver.model` values), ``oracle`` (Oracle text line by line:
keyword lines, a few production sentences, then the grammar families), ``grammar/`` (one lark
grammar per family of sentences, each with its compiler: ``mana``, ``combat``, ``relative``,
``continuous``, ``affected``; the shared normal form and the readings kept on disk),
``line_kinds`` (what a line no family reads could be about), ``modes`` and ``spell_text`` (modal
triggers, and what a spell does that a turn plan needs), ``card_files`` and ``card_index``
(the bundled cards, MTGJSON and Scryfall files, their on-disk index), ``board_file`` (the board
file's schema, validation with field paths, and conversion to a
:class:`~mtgsolver.model.board.Board`), ``board_writer`` (a board written back as a board file),
``tokens`` (the predefined tokens of 111.10), ``coverage`` (how much of a card pool the families
read).

Reading and :mod:`mtgsolver.rules` never import each other; :mod:`mtgsolver.load` joins them.
"""
