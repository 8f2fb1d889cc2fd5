"""The attack solver against the brute-force reference on generated boards (508.1, 701.15).

Each generated board has 2-4 players, up to four creatures for the active player (one may be a
mana creature, some have vigilance), up to three Plains (some tapped) that pay the costs (508.1i), planeswalkers,
a battle, Propaganda-style taxes (on players; Norn's Annex and Sphere of Safety also on their
planeswalkers, Sphere's X counted on the board), Crawlspace-style caps per defending player, Silent Arbiter, "unless at least N other creatures
attack", "unless defending player controls an Island / has N or less (or more) life" with N at
an opponent's life or one off it (the boundary), "unless a creature with greater power / a black or green creature also attacks",
and random restrictions and requirements. For every board the solver and
:mod:`tests.reference_attacks` must agree on the legality of a random declaration and of a
reference-legal one, on the maximum, and the suggested declaration must be legal and optimal
for its objective.
"""
from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.model import Board, Color, CreatureFilter, ManaCost
from mtgsolver.model.abilities import Static
from mtgsolver.model.attack_tax import AttackTax
from mtgsolver.model.board import Attack, CombatDeclaration
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.filters import PlayerFilter
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.read.vocabulary import parse_creature_filter
from mtgsolver.solver.attacks import OBJECTIVES, check_attacks, suggest_attacks
from references import reference_attacks as ref

from .support import runs

NAMES = ("alice", "bob", "carol", "dan")
ONE, TWO = ManaCost.parse("{1}"), ManaCost.parse("{2}")
#: Propaganda, Ghostly Prison; Norn's Annex; Sphere of Safety; an X counting Islands on "you" only;
#: Collective Restraint's domain
TAXES = (ONE, TWO, AttackTax(ManaCost.parse("{W/P}"), planeswalkers=True),
         AttackTax(ManaCost.parse("{X}"), planeswalkers=True, x_counts="enchantment"),
         AttackTax(ManaCost.parse("{X}"), x_counts="island"), AttackTax(ManaCost.parse("{X}"), x_counts="basic_land_types"))
PLAINS, ELF = parse_mana_ability("{T}: Add {W}.", "Plains"), parse_mana_ability("{T}: Add {G}.", "Elf")
#: Okk ("a creature with greater power also attacks"), Scarred Puma ("a black or green creature")
ALSO = ((parse_creature_filter({"power_greater_than": "own_power"}),),
        (CreatureFilter(color=Color.B), CreatureFilter(color=Color.G)))


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, str]:
    n_players = draw(st.integers(2, 4))
    players = tuple(Player(n, life=draw(st.sampled_from((5, 20)))) for n in NAMES[:n_players])
    names = [p.name for p in players]
    opponents = names[1:]
    perms: list[Permanent] = []
    for opp in opponents:
        if draw(st.booleans()):
            perms.append(Permanent(f"island_{opp}", "Island", opp, opp, types=frozenset({"land"}),
                                   subtypes=frozenset({"island"}),
                                   supertypes=frozenset({"snow"}) if draw(st.booleans()) else frozenset()))
        if draw(st.integers(0, 2)) == 0:  # a dual land: two basic land types (domain, 305.6)
            perms.append(Permanent(f"dual_{opp}", "Tropical Island", opp, opp, types=frozenset({"land"}),
                                   subtypes=frozenset({"island", "forest"})))
        if draw(st.integers(0, 4)) == 0:
            perms.append(Permanent(f"prop_{opp}", "Propaganda", opp, opp, types=frozenset({"enchantment"}),
                                   abilities=(Static("attack_tax", draw(st.sampled_from(TAXES))),)))
        if draw(st.integers(0, 3)) == 0:  # a guard: Orgg's, Mogg Jailer's and Goblin Goon's conditions
            perms.append(Permanent(f"guard_{opp}", "Guard", opp, opp, types=frozenset({"creature"}),
                                   base_power=draw(st.integers(1, 4)), base_toughness=2, tapped=draw(st.booleans())))
        if draw(st.integers(0, 5)) == 0:
            perms.append(Permanent(f"crawl_{opp}", "Crawlspace", opp, opp, types=frozenset({"artifact"}),
                                   abilities=(Static("max_attackers_against_controller", draw(st.integers(0, 2))),)))
    for i in range(draw(st.integers(0, 2))):
        perms.append(Permanent(f"pw{i}", "Walker", draw(st.sampled_from(names)), "alice",
                               types=frozenset({"planeswalker"}), loyalty=3))
    if draw(st.integers(0, 3)) == 0:
        perms.append(Permanent("siege", "Siege", draw(st.sampled_from(names)), "alice", types=frozenset({"battle"}),
                               defense=5, protector=draw(st.sampled_from(names))))
    targets = names + [p.id for p in perms if p.types & {"planeswalker", "battle"}]
    creatures = []
    for i in range(draw(st.integers(0, 4))):
        abilities: list[Static] = []
        keywords = set()
        if draw(st.integers(0, 9)) == 0:
            keywords.add("defender")
        if draw(st.integers(0, 5)) == 0:  # High Alert: "can attack as though it didn't have defender" (702.3b)
            abilities.append(Static("can_attack_despite_defender"))
        sick = draw(st.integers(0, 4)) == 0
        if draw(st.integers(0, 2)) == 0:
            keywords.add("haste")
        if draw(st.integers(0, 4)) == 0:
            keywords.add("vigilance")
        if draw(st.integers(0, 14)) == 0:
            abilities.append(Static("cant_attack"))
        if draw(st.integers(0, 6)) == 0:
            abilities.append(Static("cant_attack", draw(st.sampled_from(opponents + ["planeswalkers", "battles"]))))
        if draw(st.integers(0, 4)) == 0:
            abilities.append(Static("cant_attack_alone"))
        if draw(st.integers(0, 5)) == 0:  # Errantry (506.5)
            abilities.append(Static("attacks_only_alone"))
        if draw(st.integers(0, 3)) == 0:  # 508.1c; a life bound at an opponent's life or one off it
            life = draw(st.sampled_from([p.life for p in players[1:]]))
            flt = draw(st.sampled_from((PlayerFilter(controls="island"),
                                        PlayerFilter(controls="snow land"),  # Ronom Serpent
                                        PlayerFilter(life_at_most=life), PlayerFilter(life_at_most=life - 1),
                                        PlayerFilter(life_at_least=life), PlayerFilter(life_at_least=life + 1))))
            abilities.append(Static("cant_attack_unless", flt))
        if draw(st.integers(0, 9)) == 0:
            abilities.append(Static("attack_cost", ONE))
        if draw(st.integers(0, 7)) == 0:  # Veteran Brawlers, Whimwader-like
            abilities.append(Static("cant_attack_if_defender", draw(st.sampled_from(
                (*(PlayerFilter(controls=w) for w in ("untapped land", "snow land", "island")),
                 PlayerFilter(controls="untapped creature", power_at_least=3),  # Orgg
                 PlayerFilter(controls="untapped creature", power_at_most=2))))))  # Mogg Jailer
        if draw(st.integers(0, 7)) == 0:  # Goblin Goon, Monstrous Hound
            abilities.append(Static("cant_attack_unless_more", draw(st.sampled_from(("creature", "land")))))
        if draw(st.integers(0, 7)) == 0:  # Vow of Duty
            abilities.append(Static("cant_attack_planeswalkers_of", draw(st.sampled_from(opponents))))
        if draw(st.integers(0, 5)) == 0:  # Orcish Conscripts
            abilities.append(Static("cant_attack_unless_others", draw(st.integers(1, 2))))
        if draw(st.integers(0, 4)) == 0:  # Okk, Scarred Puma
            abilities.append(Static("cant_attack_unless_also", draw(st.sampled_from(ALSO))))
        for _ in range(draw(st.sampled_from((0, 0, 0, 1, 1, 2)))):
            abilities.append(Static("attacks_each_combat"))
        cid = f"c{i}"
        creatures.append(cid)
        perms.append(Permanent(cid, f"Creature {i}", "alice", "alice", types=frozenset({"creature"}),
                               base_power=draw(st.integers(0, 4)), base_toughness=2,
                               colors=draw(st.sampled_from((frozenset(), frozenset({Color.B}), frozenset({Color.G})))), keywords=frozenset(keywords),
                               abilities=tuple(abilities), tapped=draw(st.integers(0, 6)) == 0, summoning_sick=sick))
    for i in range(draw(st.integers(0, 3))):  # alice's mana (508.1i): Plains, some tapped
        perms.append(Permanent(f"plains{i}", "Plains", "alice", "alice", types=frozenset({"land"}),
                               subtypes=frozenset({"plains"}), supertypes=frozenset({"basic"}),
                               abilities=(PLAINS,), tapped=draw(st.integers(0, 4)) == 0))
    if creatures and draw(st.integers(0, 3)) == 0:  # a mana creature: attacking taps it (508.1f)
        cid = draw(st.sampled_from(creatures))
        perms = [replace(p, abilities=p.abilities + (ELF,)) if p.id == cid else p for p in perms]
    if draw(st.integers(0, 4)) == 0:
        perms.append(Permanent("foe", "Foe", opponents[0], opponents[0], types=frozenset({"creature"}),
                               base_power=2, base_toughness=2))
    effects: list[Effect] = []
    if creatures:
        for _ in range(draw(st.integers(0, 4))):
            kind = draw(st.sampled_from(("attacks_this_turn", "must_attack", "goaded", "goaded", "goaded")))
            cid = draw(st.sampled_from(creatures))
            if kind == "attacks_this_turn":
                effects.append(Effect(kind, creature=cid))
            elif kind == "must_attack":
                effects.append(Effect(kind, creature=cid, target=draw(st.sampled_from(targets))))
            else:
                effects.append(Effect(kind, creature=cid, by=draw(st.sampled_from(names))))
    if draw(st.integers(0, 4)) == 0:
        effects.append(Effect("max_attackers_total", n=draw(st.integers(0, 3))))
    if draw(st.integers(0, 7)) == 0:  # Silent Arbiter, any player's
        perms.append(Permanent("arbiter", "Silent Arbiter", draw(st.sampled_from(names)), "alice",
                               types=frozenset({"artifact"}),
                               abilities=(Static("max_attackers_each_combat", draw(st.integers(0, 2))),)))
    if draw(st.integers(0, 7)) == 0:
        effects.append(Effect("max_attackers_against", n=draw(st.integers(0, 2)), defender=draw(st.sampled_from(opponents))))
    if draw(st.integers(0, 5)) == 0:
        effects.append(Effect("attack_cost", cost=ONE, defender=draw(st.sampled_from(opponents))))
    if draw(st.integers(0, 7)) == 0:
        effects.append(Effect("all_attack_this_turn", controller=draw(st.sampled_from(names))))
    paid = frozenset(c for c in creatures if draw(st.booleans()))
    declarers = creatures + (["foe"] if any(p.id == "foe" for p in perms) else [])
    attacks = []
    for cid in declarers:
        if draw(st.booleans()):
            attacks.append(Attack(cid, draw(st.sampled_from(targets))))
    board = Board("alice", players, tuple(perms), tuple(effects),
                  combat=CombatDeclaration(tuple(attacks), None, paid))
    return board, draw(st.sampled_from(OBJECTIVES))


def _power(board: Board, decl: dict[str, str], objective: str) -> int:
    if objective == "most-power":
        return sum(board.permanent(c).power for c in decl)
    return len(decl)


def _compare(board: Board, objective: str, pick: int) -> None:
    paid = board.combat.paid_costs
    best, legal = ref.legal_declarations(board, paid)
    declared = {a.creature: a.target for a in board.combat.attackers}

    result = check_attacks(board)
    expected, maximum = ref.is_legal(board, declared, paid)
    assert (result.legal, result.maximum) == (expected, maximum), result
    assert result.obeyed == ref.requirements_obeyed(board, declared)
    assert ref.obeys_restrictions(board, dict(result.witness), paid)
    assert ref.requirements_obeyed(board, dict(result.witness)) == maximum

    chosen, _ = legal[pick % len(legal)]
    again = check_attacks(board.replace(combat=CombatDeclaration(
        tuple(Attack(c, t) for c, t in chosen.items()), None, paid)))
    # the maximum is over the costs this declaration pays (508.1d), at most ``best``
    assert again.legal is True and again.obeyed == best and not again.violations, again
    assert again.maximum == ref.is_legal(board, chosen, paid)[1] <= best
    mana = sum(ref.cost_mana_value(board, c, t) for c, t in chosen.items())
    assert ManaCost.parse(again.costs["alice"]).mana_value == mana

    suggestion = suggest_attacks(board, objective)
    witness = dict(suggestion.witness)
    assert suggestion.legal is True and suggestion.maximum == best
    assert ref.obeys_restrictions(board, witness, paid) and ref.requirements_obeyed(board, witness) == best
    values = [_power(board, d, objective) for d, _ in legal]
    target = min(values) if objective == "fewest-attackers" else max(values)
    assert _power(board, witness, objective) == target, (objective, witness, suggestion)


@settings(max_examples=runs(2000, 50), deadline=None, derandomize=True)
@given(boards(), st.integers(0, 10_000))
def test_solver_agrees_with_brute_force(case: tuple[Board, str], pick: int) -> None:
    board, objective = case
    _compare(board, objective, pick)
