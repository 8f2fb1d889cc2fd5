"""``Query``: the counts of continuous effects asked of a layered board on behalf of a source and
its controller, as a resolving spell or ability counts (608.2h): "for each +1/+1 counter on ~"
counts the source's counters whatever object the count is of; an object no longer here is its
controller's ("cards in its controller's hand")."""
from __future__ import annotations

from mtgsolver.load import parse_board_text
from mtgsolver.model.continuous import Affected
from mtgsolver.read.vocabulary import parse_for_each
from mtgsolver.rules.layers import Query

HEAD = "version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
BATTLEFIELD = ("battlefield:\n"
               "  - {id: hydra, name: Hydra, controller: alice, types: [creature], power: 0, toughness: 0, "
               "counters: {+1/+1: 3}}\n"
               "  - {id: bears, card: Grizzly Bears, controller: alice, counters: {+1/+1: 1}}\n")


def query(zones: str = "") -> Query:
    return Query(parse_board_text(HEAD + zones + BATTLEFIELD, "query.yaml"))


def test_608_2h_counters_on_the_source_are_the_sources_whatever_the_count_is_of() -> None:
    """"for each +1/+1 counter on ~": the Hydra's three counters, asked of
    itself or of the Bears the effect is about; "on it" counts the Bears' one."""
    q = query()
    on_source = parse_for_each({"counters_on_source": "+1/+1"})
    assert q.count(on_source, "hydra", "alice") == 3
    assert q.count(on_source, "hydra", "alice", "bears") == 3
    assert q.count(parse_for_each({"counters_on_it": "+1/+1"}), "hydra", "alice", "bears") == 1


def test_402_a_count_of_an_object_no_longer_here_is_its_controllers_hand() -> None:
    """A spell's count (its source on the stack, not on the battlefield) of "cards in its
    controller's hand" is its controller's: alice's four cards, not bob's two."""
    q = query("zones: {alice: {hand: {count: 4}}, bob: {hand: {count: 2}}}\n")
    its_hand = parse_for_each({"cards": {"zone": "hand", "whose": "its_controller"}})
    assert q.count(its_hand, "spell", "alice") == 4
    assert q.count(its_hand, None, "bob") == 2


def test_508_5a_creatures_defending_player_controls_are_the_attacked_players() -> None:
    """508.5a: "creatures defending player controls", asked for an attacking source, are bob's;
    for a creature not attacking, none."""
    b = parse_board_text(HEAD + "battlefield:\n"
                         "  - {id: bears, card: Grizzly Bears, controller: alice}\n"
                         "  - {id: elf, card: Llanowar Elves, controller: alice}\n"
                         "  - {id: ox, card: Pillarfield Ox, controller: bob}\n"
                         "combat:\n  attackers: [{creature: bears, target: bob}]\n", "query.yaml")
    defenders = Affected(controller="defending", types=frozenset({"creature"}))
    assert Query(b).matching(defenders, "bears", "alice") == ["ox"]
    assert Query(b).matching(defenders, "elf", "alice") == []
