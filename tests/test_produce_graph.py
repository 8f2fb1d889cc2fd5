"""The 106.7 graph: cycles, long chains, and the SCC least fixed point against a naive
iterate-to-fixpoint reference on generated graphs and generated boards."""
from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.rules.mana_graph import ability_node, least_fixed_point, opponents_node, permanent_node, scope_node
from mtgsolver.rules.production import analyse, effective_product
from mtgsolver.solver.produce import could_produce
from references.reference_produce import card, make_board, naive_could_produce, naive_graph_fixpoint

from .support import runs

TYPES = ("W", "U", "B", "R", "G", "C")


def all_types(board) -> dict[str, list[str]]:
    return {pid: p["types"] for pid, p in could_produce(board).to_dict().items()}


def test_graph_shape() -> None:
    b = make_board(card("p1", "Reflecting Pool"), card("f", "Forest"), card("o", "Exotic Orchard", "bob"))
    g = analyse(b).graph
    assert g.has_edge(permanent_node("p1"), ability_node("p1", 0))
    assert g.has_edge(ability_node("p1", 0), scope_node("alice", "land"))
    assert set(g.successors(scope_node("alice", "land"))) == {permanent_node("p1"), permanent_node("f")}
    assert g.has_edge(ability_node("o", 0), scope_node("alice", "land"))
    assert g.has_edge(ability_node("p1", 0), scope_node("alice", "land"))  # a Pool reflects itself too
    b3 = make_board(card("o", "Exotic Orchard"), card("f", "Forest", "bob"), card("i", "Island", "carol"),
                    players=("alice", "bob", "carol"))
    g3 = analyse(b3).graph
    hub = opponents_node("alice", "land")
    assert list(g3.successors(ability_node("o", 0))) == [hub]
    assert set(g3.successors(hub)) == {scope_node("bob", "land"), scope_node("carol", "land")}
    assert could_produce(b3).types("o") == ["U", "G"]


def test_three_player_cycle_of_orchards() -> None:
    players = ("alice", "bob", "carol")
    b = make_board(*(card(f"o{i}", "Exotic Orchard", p) for i, p in enumerate(players)), players=players)
    assert all(t == [] for t in all_types(b).values())
    b = make_board(*(card(f"o{i}", "Exotic Orchard", p) for i, p in enumerate(players)),
                   card("i", "Island", "carol"), players=players)
    assert all_types(b) == {"o0": ["U"], "o1": ["U"], "o2": ["U"], "i": ["U"]}


def test_cycle_through_three_kinds_of_reflection() -> None:
    # alice and bob: Pool + Orchard each; carol: Vitalist + Orchard + Wastes
    players = ("alice", "bob", "carol")
    b = make_board(card("ap", "Reflecting Pool", "alice"), card("ao", "Exotic Orchard", "alice"),
                   card("bp", "Reflecting Pool", "bob"), card("bo", "Exotic Orchard", "bob"),
                   card("cv", "Naga Vitalist", "carol"), card("co", "Exotic Orchard", "carol"),
                   card("w", "Wastes", "carol"), players=players)
    got = all_types(b)
    # nobody's color source exists: Wastes gives carol's Vitalist {C}, Orchards see colors only
    assert got == {"ap": [], "ao": [], "bp": [], "bo": [], "cv": ["C"], "co": [], "w": ["C"]}
    b2 = make_board(card("ap", "Reflecting Pool", "alice"), card("ao", "Exotic Orchard", "alice"),
                    card("bp", "Reflecting Pool", "bob"), card("bo", "Exotic Orchard", "bob"),
                    card("co", "Exotic Orchard", "carol"), card("m", "Mountain", "alice"), players=players)
    assert all_types(b2) == {"ap": ["R"], "ao": ["R"], "bp": ["R"], "bo": ["R"], "co": ["R"], "m": ["R"]}


def test_long_cycle_of_ten_players() -> None:
    players = tuple(f"p{i}" for i in range(10))
    b = make_board(*(card(f"o{i}", "Exotic Orchard", p) for i, p in enumerate(players)),
                   *(card(f"pool{i}", "Reflecting Pool", p) for i, p in enumerate(players)),
                   card("s", "Swamp", "p9"), players=players)
    got = all_types(b)
    assert all(v == ["B"] for v in got.values()), got
    why = could_produce(b, "pool0").permanents["pool0"].why[0]
    assert why.endswith("s «{T}: Add {B}.»")


def test_chains_explain_without_going_round_a_cycle() -> None:
    b = make_board(*(card(f"p{i}", "Reflecting Pool") for i in range(6)), card("f", "Forest"))
    for i in range(6):
        why = could_produce(b, f"p{i}").permanents[f"p{i}"].why[0]
        steps = why.split(" <- ")
        assert steps[-1] == "f «{T}: Add {G}.»" and len(steps) <= 7
        assert len({s.split()[0] for s in steps}) == len(steps)  # no permanent twice


# --------------------------------------------------------------------------- property: graphs
@st.composite
def random_graphs(draw) -> nx.DiGraph:
    n = draw(st.integers(1, 12))
    g = nx.DiGraph()
    subsets = st.frozensets(st.sampled_from(TYPES), max_size=3)
    for i in range(n):
        table = draw(st.none() | st.dictionaries(st.sampled_from(TYPES), subsets, max_size=6))
        g.add_node(i, const=draw(st.just(frozenset()) | subsets), table=table)
    for u, v in draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n)):
        g.add_edge(u, v)
    return g


@settings(max_examples=runs(300), deadline=None, derandomize=True)
@given(random_graphs())
def test_scc_fixed_point_equals_naive_iteration(g: nx.DiGraph) -> None:
    # least_fixed_point relies on networkx emitting each component after those it reaches
    order = {n: i for i, comp in enumerate(nx.strongly_connected_components(g)) for n in comp}
    assert all(order[v] <= order[u] for u, v in g.edges)
    fp = least_fixed_point(g)
    naive = naive_graph_fixpoint(g)
    assert {n: fp.values.get(n, frozenset()) for n in g.nodes} == naive


# --------------------------------------------------------------------------- property: boards
MENU = ["Forest", "Plains", "Island", "Swamp", "Mountain", "Wastes", "Tundra", "Karplusan Forest", "Vivid Crag",
        "Reflecting Pool", "Reflecting Pool", "Exotic Orchard", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist",
        "Harvester Druid", "Squandered Resources", "Llanowar Elves", "Gaea's Cradle", "Pillar of the Paruns",
        "Contamination", "Pulse of Llanowar", "Mana Reflection", "Celestial Dawn", "Heartbeat of Spring"]


@st.composite
def random_boards(draw):
    nplayers = draw(st.integers(2, 3))
    players = ("alice", "bob", "carol")[:nplayers]
    n = draw(st.integers(1, 8))
    perms = []
    effects = 0
    for i in range(n):
        name = draw(st.sampled_from(MENU))
        if name in ("Contamination", "Pulse of Llanowar", "Mana Reflection"):
            effects += 1
            if effects > 3:
                name = "Forest"
        perms.append(card(f"x{i}", name, draw(st.sampled_from(players))))
    return make_board(*perms, players=players)


@settings(max_examples=runs(2000), deadline=None, derandomize=True)
@given(random_boards())
def test_could_produce_equals_naive_reference(board) -> None:
    got = {pid: set(v) for pid, v in all_types(board).items()}
    assert got == naive_could_produce(board)
    # what the payment solver is given agrees with what 106.7 says the ability could produce
    prod = analyse(board)
    for p in prod.effective.permanents:
        for i, a in enumerate(p.mana_abilities):
            outcomes = prod.outcomes(p, a, with_triggers=False)
            if outcomes is not None:
                assert {t for bnd in outcomes for t in bnd} == set(prod.ability_types(p.id, i))
            product = effective_product(board, p, a)
            assert product is not None
