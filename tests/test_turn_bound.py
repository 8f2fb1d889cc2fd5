"""The bound after combat of the whole-turn search (mtgsolver/solver/turn_bound.py): what the rest
of the turn can still take from the opponent once combat is over (511.3). It must be an upper
bound: on generated boards the brute-force reference (references/reference_turn.py) never wins
from the postcombat main phase where the bound says the opponent survives; on real cards a {T}
ability counts once (602.5a, an untap aside), a spell in hand once, an attack trigger not at all
after combat, and a trigger that could still repeat gives no bound."""
from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, given, settings

from mtgsolver.load import parse_board_text, prepare
from mtgsolver.model.board import Board
from mtgsolver.rules.layers import apply_layers
from mtgsolver.solver.turn_bound import Harm, harm_after_combat, no_win_after_combat
from references import reference_turn as ref

from .support import runs
from .test_turn_reference import board_of, states


def after_combat(board: Board) -> Board:
    return prepare(dataclasses.replace(board, turn=dataclasses.replace(board.turn, step="postcombat_main")))


def bound(board: Board, step: str = "postcombat_main") -> Harm | None:
    view = apply_layers(board)
    return harm_after_combat(board, view, board.active_player, board.opponents(board.active_player)[0], step)


@settings(max_examples=runs(300, 60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_the_reference_never_wins_after_combat_where_the_bound_says_no(state: ref.State) -> None:
    board = after_combat(board_of(state))
    pruned = no_win_after_combat(board, apply_layers(board), "me", "opponent", "postcombat_main")
    try:
        wins = ref._main(state, first=False)  # the postcombat main phase: spells only (505.1)
    finally:
        ref._main.cache_clear()
        ref._window.cache_clear()
    assert not (pruned and wins)
    burn = sum(card[2] for _, card in state.hand if card[0] == "bolt")
    assert bound(board) == Harm(burn, 0)  # a bolt once each; lands, pumps and kills take nothing


def board(library: Any, cards: str, hand: str = "[]", life: int = 5, tapped: str = "") -> Board:
    perms = "\n".join(f"  - {{id: p{i}, card: {name}, controller: me{', tapped: true' if name == tapped else ''}}}"
                      for i, name in enumerate(cards.split(";")))
    return parse_board_text(f"version: 1\nactive_player: me\nplayers: [{{name: me}}, {{name: opp, life: {life}}}]\n"
                            f"turn: {{step: postcombat_main}}\nzones: {{me: {{hand: {hand}}}}}\n"
                            f"battlefield:\n{perms}\n", "b.yaml", library)


def test_a_tap_ability_counts_once_and_a_spell_in_hand_once(real_cards) -> None:
    """Granger Guildmage's "{R}, {T}: ... 1 damage to any target" once (602.5a), Lightning Bolt's
    3 once: 4 against the opponent; tapped, the Guildmage adds nothing."""
    lands = "Mountain;Mountain;Mountain"
    assert bound(board(real_cards, f"Granger Guildmage;{lands}", "[Lightning Bolt]")) == Harm(4, 0)
    assert bound(board(real_cards, f"Granger Guildmage;{lands}", "[Lightning Bolt]", tapped="Granger Guildmage")) == Harm(3, 0)
    untouched = board(real_cards, f"Granger Guildmage;{lands}", "[Lightning Bolt]", life=5)
    assert no_win_after_combat(untouched, apply_layers(untouched), "me", "opp", "postcombat_main")
    lethal = board(real_cards, f"Granger Guildmage;{lands}", "[Lightning Bolt]", life=4)
    assert not no_win_after_combat(lethal, apply_layers(lethal), "me", "opp", "postcombat_main")


def test_an_attack_trigger_is_over_after_combat_and_a_repeating_trigger_has_no_bound(real_cards) -> None:
    """Mobile Garrison's "Whenever ~ attacks, untap ..." can't trigger after combat (508.2), so
    the Guildmage's {T} still counts once; Disciple of the Vault's "Whenever an artifact is put into
    a graveyard ..., you may have target opponent lose 1 life" could trigger any number of times."""
    assert bound(board(real_cards, "Granger Guildmage;Mobile Garrison;Mountain")) == Harm(1, 0)
    assert bound(board(real_cards, "Disciple of the Vault;Mountain")) is None
