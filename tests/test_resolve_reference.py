"""``resolve`` against the brute-force reference (references/reference_resolve.py) on generated
boards: spells of the effect kinds damage, destroy, exile, bounce, pumps, counters, tap, untap,
tokens, each-creature damage, life, fight, anthems, draw and edict (a choice), cast in turn by
the active player (601.2c, 608, 704.5, 111.7). Both must agree on every outcome: the board
after, an illegal cast, or undecided exactly when the reference finds several outcomes."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgsolver.load import prepare
from mtgsolver.model.board import Board
from mtgsolver.model.cards import Card
from mtgsolver.model.continuous import Affected, ContinuousSpec
from mtgsolver.model.effects import (
    Bounce,
    CreateTokens,
    Damage,
    Destroy,
    Draw,
    Each,
    Exile,
    Fight,
    GainLife,
    LoseLife,
    Modify,
    PutCounters,
    Sacrifice,
    SpellAbility,
    Tap,
    TargetSpec,
    Targeted,
    Token,
    Untap,
    ControllerOf,
    PowerOf,
)
from mtgsolver.model.mana import Color
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.model.zones import PlayerZones, ZoneCard
from mtgsolver.solver.resolve import resolve
from references import reference_resolve as ref

from .support import runs

CREATURE = TargetSpec(frozenset({"creature"}))
ANY = TargetSpec(frozenset({"creature", "planeswalker", "battle", "player"}))
T0, T1 = Targeted(0), Targeted(1)
SOLDIER = Token(Card("Soldier", ("creature",), (), ("soldier",), (Color.W,), None, 1, 1))
COLORS = {"red": Color.R, "green": Color.G, "black": Color.B, "white": Color.W}


def reading(spell: ref.Spell) -> SpellAbility:
    """The effect language for one of the reference's spells."""
    kind = spell[0]
    if kind == "damage":
        return SpellAbility((Damage(spell[1], T0),), (ANY,))
    if kind == "sweep":
        return SpellAbility((Damage(spell[1], Each(Affected(types=frozenset({"creature"})))),))
    if kind == "destroy":
        return SpellAbility((Destroy(T0),), (CREATURE,))
    if kind == "exile_gain":
        return SpellAbility((Exile(T0), GainLife(PowerOf(T0), ControllerOf(T0))), (CREATURE,))
    if kind == "bounce":
        return SpellAbility((Bounce(T0),), (CREATURE,))
    if kind == "pump":
        return SpellAbility((Modify(T0, ContinuousSpec(gets=(spell[1], spell[2]))),), (CREATURE,))
    if kind == "counter":
        return SpellAbility((PutCounters(T0, spell[1], spell[2]),), (CREATURE,))
    if kind == "tap":
        return SpellAbility((Tap(T0),), (CREATURE,))
    if kind == "untap":
        return SpellAbility((Untap(T0),), (CREATURE,))
    if kind == "tokens":
        return SpellAbility((CreateTokens(SOLDIER, spell[1]),))
    if kind == "drain":
        return SpellAbility((LoseLife(spell[1], T0), GainLife(spell[1])), (TargetSpec(frozenset({"player"})),))
    if kind == "fight":
        return SpellAbility((Fight(T0, T1),), (TargetSpec(frozenset({"creature"}), Affected(controller="you")),
                                               TargetSpec(frozenset({"creature"}), Affected(controller="opponents"))))
    if kind == "anthem":
        mine = Each(Affected(types=frozenset({"creature"}), controller="you"))
        return SpellAbility((Modify(mine, ContinuousSpec(gets=(spell[1], 0))),))
    if kind == "draw":
        return SpellAbility((Draw(amount=spell[1]),))
    if kind == "edict":
        return SpellAbility((Sacrifice(T0, Affected(types=frozenset({"creature"}))),), (TargetSpec(frozenset({"player"})),))
    raise AssertionError(kind)


SPELLS = st.one_of(
    st.tuples(st.just("damage"), st.integers(1, 4), st.sampled_from(("red", "green"))),
    st.tuples(st.just("sweep"), st.integers(1, 3), st.sampled_from(("red", "green"))),
    st.tuples(st.just("destroy"), st.just("black")),
    st.tuples(st.just("exile_gain"), st.just("white")),
    st.tuples(st.just("bounce"), st.just("green")),
    st.tuples(st.just("pump"), st.integers(-3, 3), st.integers(-3, 3), st.sampled_from(("red", "green"))),
    st.tuples(st.just("counter"), st.sampled_from(("+1/+1", "-1/-1")), st.integers(1, 2), st.just("green")),
    st.tuples(st.just("tap"), st.just("white")),
    st.tuples(st.just("untap"), st.just("green")),
    st.tuples(st.just("tokens"), st.integers(1, 2), st.just("white")),
    st.tuples(st.just("drain"), st.integers(1, 6), st.just("black")),
    st.tuples(st.just("fight"), st.just("green")),
    st.tuples(st.just("anthem"), st.integers(1, 2), st.just("red")),
    st.tuples(st.just("draw"), st.integers(1, 3), st.just("green")),
    st.tuples(st.just("edict"), st.just("black")),
)


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[ref.State, list[tuple[ref.Spell, tuple[str, ...]]]]:
    creatures = {}
    for i in range(draw(st.integers(0, 4))):
        cid = f"c{i}"
        toughness = draw(st.integers(1, 4))
        creatures[cid] = ref.Creature(
            cid, draw(st.sampled_from(("alice", "bob"))), draw(st.integers(0, 4)), toughness,
            plus=draw(st.integers(0, 1)), minus=0, damage=draw(st.integers(0, toughness - 1)),
            tapped=draw(st.booleans()), indestructible=draw(st.integers(0, 5)) == 0,
            hexproof=draw(st.integers(0, 5)) == 0, pro_red=draw(st.integers(0, 5)) == 0)
    state = ref.State(creatures, {"alice": draw(st.integers(1, 10)), "bob": draw(st.integers(1, 10))},
                      {"alice": 0, "bob": 0}, {"alice": draw(st.integers(0, 3)), "bob": 2})
    spells = []
    ids = list(creatures) + ["alice", "bob"]
    for _ in range(draw(st.integers(1, 3))):
        spell = draw(SPELLS)
        kind = spell[0]
        if kind in ("sweep", "tokens", "anthem", "draw"):
            targets: tuple[str, ...] = ()
        elif kind in ("damage",):
            targets = (draw(st.sampled_from(ids)),)
        elif kind in ("drain", "edict"):
            targets = (draw(st.sampled_from(("alice", "bob"))),)
        elif kind == "fight":
            mine = [c for c in creatures if creatures[c].controller == "alice"]
            theirs = [c for c in creatures if creatures[c].controller == "bob"]
            if not mine or not theirs:
                continue
            targets = (draw(st.sampled_from(mine)), draw(st.sampled_from(theirs)))
        else:
            if not creatures:
                continue
            targets = (draw(st.sampled_from(list(creatures))),)
        spells.append((spell, targets))
    if not spells:
        spells.append(((("tokens", 1, "white")), ()))
    return state, spells


def board_of(state: ref.State, spells: list[tuple[ref.Spell, tuple[str, ...]]]) -> Board:
    perms = []
    for c in state.creatures.values():
        counters = {k: v for k, v in (("+1/+1", c.plus), ("-1/-1", c.minus)) if v}
        keywords = frozenset(k for k, on in (("indestructible", c.indestructible), ("hexproof", c.hexproof)) if on)
        card = Card(c.id, ("creature",), power=c.power, toughness=c.toughness)
        perms.append(Permanent(c.id, c.id, c.controller, c.controller, types=frozenset({"creature"}),
                               base_power=c.power, base_toughness=c.toughness, counters=counters, damage=c.damage,
                               tapped=c.tapped, keywords=keywords,
                               protections=frozenset({"red"}) if c.pro_red else frozenset(), card=card))
    hand = tuple(ZoneCard(f"s{i}", Card(f"Spell {i}", ("instant",), colors=(COLORS[spell[-1]],)), spell=reading(spell))
                 for i, (spell, _) in enumerate(spells))
    zones = {"alice": PlayerZones(hand, len(hand), state.library["alice"]),
             "bob": PlayerZones((), 0, state.library["bob"])}
    players = (Player("alice", state.life["alice"]), Player("bob", state.life["bob"]))
    return prepare(Board("alice", players, tuple(perms), zones=zones))


def summary(board: Board) -> str:
    """The product's board after, as the reference summarises its own."""
    creatures = sorted(("token" if p.token else p.id, p.controller, p.power, p.toughness, p.damage, p.tapped,
                        p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0)) for p in board.permanents)
    graves = {name: sorted(c.id for c in z.graveyard if not c.id.startswith("s")) for name, z in board.zones.items()}
    return repr((sorted((p.name, p.life) for p in board.players), sorted(p.name for p in board.players if p.lost),
                 creatures, sorted((k, v) for k, v in graves.items() if v),
                 sorted((k, z.hand_count - sum(1 for c in z.hand if c.id.startswith("s"))) for k, z in board.zones.items()),
                 sorted((k, z.library_count) for k, z in board.zones.items())))


@settings(max_examples=runs(1000), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_resolve_agrees_with_the_reference(scenario) -> None:
    state, spells = scenario
    expected = ref.resolve_all(state, spells)
    board = board_of(state, spells)
    actions = [f"cast s{i}" + (f">{';'.join(t)}" if t else "") for i, (_, t) in enumerate(spells)]
    r = resolve(board, actions, free=True)
    if expected == {"illegal"}:
        assert r.resolved is False, (spells, r.reason)
    elif len(expected) > 1:
        assert r.resolved is None and r.choices, (spells, r.reason)
    else:
        assert r.resolved is True, (spells, r.reason)
        assert summary(r.board) == next(iter(expected)), (spells, [s.message for s in r.steps])
