"""Energy counters (122.1f, 107.14) with real cards of the 2022 pool: "you get {E}" puts them on
the player, "Pay {E}{E}" pays them as an activation's cost (602.2b), as an instruction that may
be impossible ("pay {E}{E}. If you can't, ...", 118.3) and for mana (Aether Hub), and a player
with none can't pay."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgsolver.load import load_board
from mtgsolver.read.forge import forge_board_data
from mtgsolver.read.grammar.actions import Links, Refused, ability_effects
from mtgsolver.solver.resolve import resolve
from mtgsolver.solver.win import check_line, win_turn

from .support import ci_only

ROOT = Path(__file__).parent.parent


def board_text(energy: int, hand: str = "", battlefield: str = "") -> str:
    return ("version: 1\nactive_player: alice\nplayers: [{name: alice, energy: %d}, {name: bob}]\n"
            "turn: {step: precombat_main}\nzones: {alice: {hand: [%s]}}\nbattlefield:\n%s" % (energy, hand, battlefield))


def forests(n: int) -> str:
    return "".join(f"  - {{id: f{i}, card: Forest, controller: alice}}\n" for i in range(n))


def energy_after(result) -> int:
    assert result.resolved is True, result.reason
    return result.board.player("alice").energy


CUB = "  - {id: cub, card: Longtusk Cub, controller: alice}\n"


def test_pay_energy_as_an_activation_cost(real_board, real_cards) -> None:
    """Longtusk Cub: "Pay {E}{E}: Put a +1/+1 counter on ~" takes two counters each time
    (107.14); with fewer the activation is illegal (602.2b, 118.3)."""
    r = resolve(real_board(board_text(5, battlefield=CUB)), ["activate cub", "activate cub"], library=real_cards)
    assert energy_after(r) == 1 and r.board.permanent("cub").counters["+1/+1"] == 2
    r = resolve(real_board(board_text(1, battlefield=CUB)), ["activate cub"], library=real_cards)
    assert r.resolved is False and r.reason.rule == "107.14"


def test_you_get_energy_and_pay_it_for_mana(real_board, real_cards) -> None:
    """Servant of the Conduit's "When ~ enters, you get {E}{E}" (122.1f); Aether Hub's "{T}, Pay
    {E}: Add one mana of any color" paying the {R} of a Shock (107.14, 605.3), not without energy."""
    r = resolve(real_board(board_text(1, hand="Servant of the Conduit", battlefield=forests(2))),
                ["cast Servant of the Conduit"], library=real_cards)
    assert energy_after(r) == 3
    hub = "  - {id: hub, card: Aether Hub, controller: alice}\n"
    r = resolve(real_board(board_text(1, hand="Shock", battlefield=hub)), ["cast Shock>bob"], library=real_cards)
    assert energy_after(r) == 0 and r.board.player("bob").life == 18
    r = resolve(real_board(board_text(0, hand="Shock", battlefield=hub)), ["cast Shock>bob"], library=real_cards)
    assert r.resolved is False


@pytest.mark.parametrize("energy, stays, after", [(1, False, 2), (2, True, 0), (3, True, 1)])
def test_greenbelt_rampager_pays_if_it_can(real_board, real_cards, energy, stays, after) -> None:
    """"When ~ enters, pay {E}{E}. If you can't, return ~ to its owner's hand and you get {E}.":
    paid whenever the player has two counters (118.3, the card's ruling: no choice), else the
    creature goes back and one more counter comes."""
    r = resolve(real_board(board_text(energy, hand="Greenbelt Rampager", battlefield=forests(1))),
                ["cast Greenbelt Rampager"], library=real_cards)
    assert energy_after(r) == after
    assert any(p.name == "Greenbelt Rampager" for p in r.board.permanents) is stays
    assert any(c.name == "Greenbelt Rampager" for c in r.board.zones["alice"].hand) is not stays


def test_if_you_cant_only_after_an_instruction_that_may_be_impossible() -> None:
    """"If you can't" follows what may fail (a payment of energy or life, a sacrifice); never an
    effect that always happens, nor a mana payment (mana abilities may be left unactivated)."""
    def read(*texts: str):
        return ability_effects(list(texts), Links("triggered"))

    read("pay {e}{e}.", "if you can't, you get {e}.")
    read("sacrifice a creature.", "if you can't, you lose 4 life.")
    with pytest.raises(Refused):
        read("you gain 2 life.", "if you can't, you get {e}.")
    with pytest.raises(Refused):
        read("pay {2}.", "if you can't, you lose 4 life.")


def test_proliferate_gives_a_player_another_energy_counter(real_board, real_cards) -> None:
    """701.34a: a player with energy counters is among the proliferated."""
    spread = '{name: Spread, types: [sorcery], mana_cost: "{G}", text: "Proliferate."}'
    b = real_board(board_text(2, hand=spread, battlefield=forests(1)))
    assert energy_after(resolve(b, ["cast Spread"], choose=["proliferate:alice=yes"], library=real_cards)) == 3
    assert energy_after(resolve(b, ["cast Spread"], choose=["proliferate:alice=no"], library=real_cards)) == 2


def test_forge_player_energy_is_imported() -> None:
    """Forge's ``humancounters=ENERGY=1`` (PS_AKH6) is the player's ``energy``."""
    text = ("[metadata]\nName:T\nGoal:Win\nTurns:1\n[state]\nhumanlife=20\nailife=5\nactiveplayer=human\n"
            "activephase=MAIN1\nhumancounters=ENERGY=1\n")
    data = forge_board_data(text, "t.pzl")
    assert data["players"][0]["energy"] == 1 and not data.get("notes")


def test_a_permanent_returned_and_cast_again_is_its_own_source(real_board, real_cards) -> None:
    """400.7, 603.3: Greenbelt Rampager returned by Aviary Mechanic and cast again is a new
    object whose "enters" trigger returns it ("~") once more; the energy it got stays."""
    field = forests(2) + "  - {id: p0, card: Plains, controller: alice}\n" \
        + "  - {id: rampager, card: Greenbelt Rampager, controller: alice}\n"
    r = resolve(real_board(board_text(1, hand="Aviary Mechanic", battlefield=field)), ["cast Aviary Mechanic"],
                choose=["may:aviary-mechanic:1=yes", "choose:aviary-mechanic:1=rampager"], library=real_cards)
    assert energy_after(r) == 1 and any(c.id == "rampager" for c in r.board.zones["alice"].hand)
    r = resolve(r.board, ["cast rampager"], library=real_cards)
    assert energy_after(r) == 2 and any(c.id == "rampager" for c in r.board.zones["alice"].hand)


@ci_only("a search of about 45 CPU seconds")
def test_the_search_spends_energy_to_win_possibility_storm_amonkhet_6(real_cards) -> None:
    """PS_AKH6 after its first move (tests/data/ps-akh6-after-mechanic.yaml): Greenbelt Rampager
    cast three times, each a Rhonas's Monument trigger on Rhonas; Longtusk Cub pays {E}{E} between
    them so that the Rampager can't pay and returns (107.14, 118.3); a 13/13 trampling Rhonas
    wins whatever the blocks. The line replays through ``resolve``."""
    board = load_board(ROOT / "tests/data/ps-akh6-after-mechanic.yaml", real_cards)
    answer = win_turn(board, real_cards, time_limit=600)
    assert answer.solved is True, answer.reasons
    checks = check_line(board, answer.line, real_cards)
    assert checks and all(c.ok for c in checks), [(c.step.text, c.detail) for c in checks if not c.ok]
    moves = [s.op[1] for s in answer.line.steps if s.kind == "move"]
    assert any(m.kind == "activate" and m.subject == "longtusk_cub" for m in moves)
    assert sum(m.kind == "cast" and m.subject == "greenbelt_rampager" for m in moves) == 3


def test_the_searchs_payments_spend_energy_only_for_what_needs_it(real_board, real_cards) -> None:
    """The whole-turn search's ways of paying (turn_moves.payments): two Aether Hubs pay {1}
    with {C} and no energy, {R}{1} with one counter, {R}{G} with two, and nothing colored without."""
    from mtgsolver.model.mana import ManaCost
    from mtgsolver.rules.game import Game, Illegal
    from mtgsolver.solver.resolve import LibraryReader
    from mtgsolver.solver.turn_moves import payments

    from .support import FirstChoice

    hubs = "".join(f"  - {{id: h{i}, card: Aether Hub, controller: alice}}\n" for i in range(2))

    def energy_ways(energy: int, cost: str) -> list[int]:
        game = Game(real_board(board_text(energy, battlefield=hubs)), LibraryReader(real_cards), FirstChoice())
        try:
            found = payments(game, "alice", ManaCost.parse(cost), None, None)
        except Illegal:  # no way at all
            return []
        assert found.exact
        return sorted(sum(n for _, kind, n in p.counters if kind == "energy") for p in found.payments)

    assert energy_ways(2, "{1}") == [0]
    assert energy_ways(2, "{R}{1}") == [1]
    assert energy_ways(2, "{R}{G}") == [2]
    assert energy_ways(1, "{R}{G}") == [] and energy_ways(0, "{R}") == []
