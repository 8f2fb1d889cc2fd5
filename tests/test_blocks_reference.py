"""The block solver against the brute-force reference on generated boards (509.1, 702).

Boards have up to five attackers and five potential blockers, one or two defending
players (one with a planeswalker under attack), evasion keywords, protection, landwalk,
group restrictions (menace, N or more, no more than N, Tromokratis, can't block alone,
"unless N other creatures block", "unless a creature with greater power also blocks", no more
than N blockers, Silent Arbiter), filters comparing the two creatures (power, toughness, mana
value; "can't block Humans"), "must be blocked by an Eldrazi", "can't be blocked except by" lists of filters, "can't be blocked
as long as defending player controls" a snow land or an artifact, "as long as it's attacking alone",
"can block creatures with shadow", extra blocks, bob's Plains paying
the costs to block (509.1d-f), costs to block paid or not, and every kind of
requirement. For each board, the solver and :mod:`tests.reference_blocks` agree on the
legality of a random declaration and on the maximum; the solver's witness and its
suggestion are legal and reach the maximum according to the reference.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.load import prepare
from mtgsolver.model import Board, Color, CreatureFilter, ManaCost
from mtgsolver.model.abilities import Static
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.board_effects import Effect
from mtgsolver.model.filters import PlayerFilter
from mtgsolver.model.permanent import Permanent, Player
from mtgsolver.read.grammar.mana import parse_mana_ability
from mtgsolver.read.vocabulary import parse_creature_filter
from mtgsolver.rules.blocking import attackers_by_defender, requirement_bound, requirements
from mtgsolver.solver.blocks import OBJECTIVES, check_blocks, suggest_blocks
from references import reference_blocks as ref

from .support import runs

ONE, ZERO = ManaCost.parse("{1}"), ManaCost.parse("{0}")
PLAINS = parse_mana_ability("{T}: Add {W}.", "Plains")
ATTACKER_KEYWORDS = ("flying", "shadow", "horsemanship", "fear", "intimidate", "menace", "skulk", "islandwalk",
                     "artifact_landwalk")
WALKS = ("islandwalk", "forestwalk")  # ignored by can_be_blocked_despite: the one it has, or another
BLOCKER_KEYWORDS = ("flying", "reach", "shadow", "horsemanship")
COLORS = (Color.B, Color.R, Color.G)


_COLOR_SETS = st.sets(st.sampled_from(COLORS), max_size=2)
_ATTACKER_KWS = st.sets(st.sampled_from(ATTACKER_KEYWORDS), max_size=2)
_BLOCKER_KWS = st.sets(st.sampled_from(BLOCKER_KEYWORDS), max_size=2)
_PROTECTIONS = st.sets(st.sampled_from(("red", "creatures", "artifact", "everything", "mana value 3 or greater")),
                       max_size=1)
_INTS = {n: st.integers(0, n) for n in range(20)}
_TOUGH = st.integers(1, 4)
_SUBTYPES = st.sampled_from((frozenset(), frozenset(), frozenset({"human"}), frozenset({"eldrazi"})))
_COSTS = st.sampled_from((None, ONE, ManaCost.parse("{2}{G}")))
HUMAN, EL = CreatureFilter(subtype="human"), CreatureFilter(subtype="eldrazi")
#: "can't be blocked except by Humans and/or artifact creatures", "... creatures with flying or reach"
ONLY_BY = ((HUMAN, CreatureFilter(type="artifact")), (CreatureFilter(keyword="flying"), CreatureFilter(keyword="reach")))


def _rel(key: str, own: str) -> CreatureFilter:
    return parse_creature_filter({key: f"own_{own}"})


_RELATIVES = (_rel("power_greater_than", "power"), _rel("power_less_than", "power"),
              _rel("power_at_least", "toughness"), _rel("toughness_greater_than", "toughness"),
              _rel("mana_value_less_than", "mana_value"))
_RELATIVE = st.sampled_from(_RELATIVES)


def _colors(draw: st.DrawFn) -> frozenset[Color]:
    return frozenset(draw(_COLOR_SETS))


def _rare(draw: st.DrawFn, one_in: int) -> bool:
    return draw(_INTS[one_in - 1]) == 0


@st.composite
def boards(draw: st.DrawFn) -> Board:
    two = _rare(draw, 4)
    defenders = ["bob", "carol"] if two else ["bob"]
    players = tuple(Player(n) for n in ["alice"] + defenders)
    perms: list[Permanent] = []
    if _rare(draw, 3):
        perms.append(Permanent("island", "Island", "bob", "bob", types=frozenset({"land"}),
                               subtypes=frozenset({"island"}),
                               supertypes=frozenset({"basic", "snow"} if _rare(draw, 2) else {"basic"})))
    if _rare(draw, 4):  # an artifact land (Seat of the Synod) for artifact landwalk (702.14c)
        perms.append(Permanent("seat", "Seat of the Synod", "bob", "bob", types=frozenset({"artifact", "land"})))
    if _rare(draw, 4):
        perms.append(Permanent("pw", "Walker", "bob", "bob", types=frozenset({"planeswalker"}), loyalty=3))
    targets = defenders + (["pw"] if any(p.id == "pw" for p in perms) else [])
    n_att = draw(st.integers(1, 5))
    attackers: list[str] = []
    for i in range(n_att):
        kws = set(draw(_ATTACKER_KWS))
        protections = frozenset(draw(_PROTECTIONS)) if _rare(draw, 6) else frozenset()
        abilities: list[Static] = []
        for name, odds in (("lure", 4), ("must_be_blocked", 5), ("cant_be_blocked", 15), ("blocked_only_by_all", 10)):
            if _rare(draw, odds):
                abilities.append(Static(name))
        if _rare(draw, 6):
            abilities.append(Static("must_be_blocked_by", draw(st.integers(1, 3))))
        if _rare(draw, 6):  # Talruum Piper, Marble Priest
            abilities.append(Static("lure_by", draw(st.sampled_from((CreatureFilter(keyword="flying"),
                                                                     CreatureFilter(power_at_least=2))))))
        if _rare(draw, 8):
            abilities.append(Static("min_blockers", 3))
        if _rare(draw, 6):
            abilities.append(Static("max_blockers", draw(st.integers(1, 2))))
        if _rare(draw, 8):
            abilities.append(Static("cant_be_blocked_by", CreatureFilter(power_at_most=1)))
        if _rare(draw, 5):  # Silumgar Assassin, Aura Gnarlid, mana value
            abilities.append(Static("cant_be_blocked_by", draw(_RELATIVE)))
        if _rare(draw, 5):  # Slayer's Cleaver; a relative filter as granted
            abilities.append(Static("must_be_blocked_by_a", draw(st.sampled_from((EL, _rel("power_at_least", "power"))))))
        if _rare(draw, 8):  # Amrou Seekers, Canopy Cover
            abilities.append(Static("can_be_blocked_only_by", draw(st.sampled_from(ONLY_BY))))
        if _rare(draw, 8):  # Neurok Spy, Arctic-style snow lands
            abilities.append(Static("cant_be_blocked_if_defender", draw(st.sampled_from(
                (*(PlayerFilter(controls=w) for w in ("island", "snow land", "artifact", "untapped land")),
                 PlayerFilter(controls="untapped creature", power_at_least=3))))))
        if _rare(draw, 10):  # Dream Prowler
            abilities.append(Static("cant_be_blocked_attacking_alone"))
        if _rare(draw, 6):  # Deadfall's forestwalk ignored (702.14)
            abilities.append(Static("can_be_blocked_despite", draw(st.sampled_from(WALKS))))
        aid = f"a{i}"
        attackers.append(aid)
        perms.append(Permanent(aid, f"Attacker {i}", "alice", "alice", types=frozenset({"creature"}),
                               colors=_colors(draw), base_power=draw(_INTS[4]), base_toughness=draw(_TOUGH),
                               subtypes=draw(_SUBTYPES), mana_cost=draw(_COSTS),
                               keywords=frozenset(kws), protections=protections, abilities=tuple(abilities)))
    extra_ok = n_att <= 3
    n_blk = draw(st.integers(0, 5))
    blockers: list[str] = []
    for i in range(n_blk):
        kws = set(draw(_BLOCKER_KWS))
        abilities = []
        for name, odds in (("cant_block", 12), ("cant_block_alone", 6), ("blocks_each_combat", 4)):
            if _rare(draw, odds):
                abilities.append(Static(name))
        if extra_ok and _rare(draw, 5):
            abilities.append(draw(st.sampled_from((Static("can_block_additional", 1), Static("can_block_any_number")))))
        if _rare(draw, 8):
            abilities.append(Static("can_block_only", CreatureFilter(keyword="flying")))
        if _rare(draw, 8):
            abilities.append(Static("block_cost", ONE))
        if _rare(draw, 6):  # Aetherflame Wall
            abilities.append(Static("can_block_shadow"))
        if _rare(draw, 6):  # Street Savvy
            abilities.append(Static("can_block_landwalk"))
        if _rare(draw, 8):  # Goblin Goon, Monstrous Hound
            abilities.append(Static("cant_block_unless_more", draw(st.sampled_from(("creature", "land")))))
        if _rare(draw, 5):  # Hunted Ghoul, Spitfire Handler, Ironclaw Curse
            abilities.append(Static("cant_block_creatures", draw(st.sampled_from((HUMAN, *_RELATIVES)))))
        if _rare(draw, 10):
            abilities.append(Static("can_block_only", _rel("power_at_most", "power")))
        if _rare(draw, 6):  # Orcish Conscripts
            abilities.append(Static("cant_block_unless_others", draw(st.integers(1, 2))))
        if _rare(draw, 6):  # Okk; a list of filters as Scarred Puma's
            abilities.append(Static("cant_block_unless_also", draw(st.sampled_from(
                ((_rel("power_greater_than", "power"),), (HUMAN, CreatureFilter(color=Color.B)))))))
        types = {"creature", "artifact"} if _rare(draw, 5) else {"creature"}
        controller = draw(st.sampled_from(defenders)) if not _rare(draw, 12) else "alice"
        bid = f"b{i}"
        blockers.append(bid)
        perms.append(Permanent(bid, f"Blocker {i}", controller, controller, types=frozenset(types),
                               colors=_colors(draw), base_power=draw(_INTS[4]), base_toughness=draw(_TOUGH),
                               subtypes=draw(_SUBTYPES), mana_cost=draw(_COSTS),
                               keywords=frozenset(kws), abilities=tuple(abilities), tapped=_rare(draw, 8)))
    if _rare(draw, 10):
        perms.append(Permanent("rock", "Rock", "bob", "bob", types=frozenset({"artifact"})))
        blockers.append("rock")
    for i in range(draw(st.sampled_from((0, 1, 1, 2, 3)))):  # bob's mana for costs to block (509.1e)
        perms.append(Permanent(f"plains{i}", "Plains", "bob", "bob", types=frozenset({"land"}),
                               subtypes=frozenset({"plains"}), supertypes=frozenset({"basic"}),
                               abilities=(PLAINS,), tapped=_rare(draw, 4)))
    if _rare(draw, 10):  # Silent Arbiter
        perms.append(Permanent("arbiter", "Arbiter", "alice", "alice", types=frozenset({"artifact"}),
                               abilities=(Static("max_blockers_each_combat", draw(st.integers(0, 2))),)))
    effects: list[Effect] = []
    if blockers and _rare(draw, 3):
        effects.append(Effect("must_block", creature=draw(st.sampled_from(blockers)),
                              attacker=draw(st.sampled_from(attackers))))
    if blockers and _rare(draw, 4):
        effects.append(Effect("blocks_this_turn", creature=draw(st.sampled_from(blockers))))
    if _rare(draw, 6):
        effects.append(Effect("max_blockers_total", n=draw(st.integers(0, 2))))
    if _rare(draw, 8):
        effects.append(Effect("block_cost", cost=ZERO, controller="bob"))
    attacks = tuple(Attack(a, draw(st.sampled_from(targets))) for a in attackers)
    declared = []
    for b in blockers:
        if b != "rock" and draw(st.booleans()):  # a non-creature declared is refused as read (506.1)
            chosen = draw(st.lists(st.sampled_from(attackers), min_size=1, max_size=2, unique=True))
            declared.append(Block(b, tuple(chosen)))
    paid = frozenset(b for b in blockers if _rare(draw, 2))
    return Board("alice", players, tuple(perms), tuple(effects),
                 combat=CombatDeclaration(attacks, tuple(declared), paid))


def _decl(witness) -> dict[str, tuple[str, ...]]:
    return {c: tuple(a) for c, a in witness}


@settings(max_examples=runs(2000, 100), deadline=None, derandomize=True)
@given(boards(), st.sampled_from(OBJECTIVES))
def test_solver_agrees_with_reference(board: Board, objective: str) -> None:
    legal, obeyed, maximum = ref.reference(board)
    result = check_blocks(board, explain=False)
    assert result.optimal
    assert (result.legal, result.obeyed, result.maximum) == (legal, obeyed, maximum)
    assert bool(result.violations) == (not legal)
    # judged with the costs the declaration pays (509.1c-d), the witness's own maximum may
    # be lower: it pays for no more creatures than the declaration
    paid = board.combat.paid_costs & frozenset(b.creature for b in board.combat.blockers if b.blocks)
    # the bound that spares a search is one: no declaration obeys more
    laid = prepare(board)
    assert maximum <= sum(requirement_bound(laid, requirements(laid, d, attackers, paid)[0])
                          for d, attackers in attackers_by_defender(laid).items())
    w_legal, w_obeyed, w_max = ref.reference(board, _decl(result.witness), paid)
    assert w_legal and w_obeyed == w_max == maximum
    if legal:
        assert _decl(result.witness) == {b.creature: b.blocks for b in board.combat.blockers if b.blocks}
    suggestion = suggest_blocks(board, objective)
    # suggest pays for any creature named in paid_costs (the costs the player is willing to pay)
    s_legal, s_obeyed, s_max = ref.reference(board, _decl(suggestion.witness), board.combat.paid_costs)
    assert suggestion.legal and s_legal and s_obeyed == s_max == suggestion.obeyed == suggestion.maximum
    witness = _decl(suggestion.witness)
    if objective == "least-unblocked-power":
        blocked = {a for t in witness.values() for a in t}
        value = sum(max(0, board.permanent(a.creature).power or 0)
                    for a in board.combat.attackers if a.creature not in blocked)
    else:
        value = len(witness)
    assert value == ref.best_objective(board, objective)
