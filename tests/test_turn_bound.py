"""The bound after combat of the whole-turn search (mtgsolver/solver/turn_bound.py): what the rest
of the turn can still take from the opponent once combat is over (511.3). It must be an upper
bound: on generated boards the brute-force reference (references/reference_turn.py) never wins
from the postcombat main phase where the bound says the opponent survives; on real cards a {T}
ability counts once (602.5a, an untap aside), a spell in hand once, an attack trigger not at all
after combat, and a trigger that could still repeat gives no bound."""
from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mtgsolver.load import parse_board_text, prepare
from mtgsolver.model.board import Board
from mtgsolver.rules.layers import apply_layers
from mtgsolver.solver.turn import Line, LineStep
from mtgsolver.solver.turn_bound import (Harm, harm_after_combat, harm_before_attacks, harm_in_combat, harm_in_main,
                                         no_win_after_combat, no_win_before_attacks, no_win_in_combat, no_win_in_main)
from mtgsolver.solver.win import replay
from references import reference_turn as ref

from .support import runs
from .test_turn_reference import board_of, pumping_states, states


def after_combat(board: Board) -> Board:
    return prepare(dataclasses.replace(board, turn=dataclasses.replace(board.turn, step="postcombat_main")))


def bound(board: Board, step: str = "postcombat_main") -> Harm | None:
    view = apply_layers(board)
    return harm_after_combat(board, view, board.active_player, board.opponents(board.active_player)[0], step)


@settings(max_examples=runs(300, 30), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
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
    burn = sum(card[2] for _, card in state.hand if card[0] in ("bolt", "needle"))
    assert bound(board) == Harm(burn, 0)  # a bolt or a needle once each; lands, pumps and kills take nothing


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
    tapped = board(real_cards, f"Granger Guildmage;{lands}", "[Lightning Bolt]", tapped="Granger Guildmage")
    assert bound(tapped) == Harm(3, 0)
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


def test_a_permanent_returned_to_hand_repeats_only_what_is_counted(real_cards) -> None:
    """400.7: Aviary Mechanic returns a permanent to its owner's hand, to be cast again: where
    nothing takes life (Greenbelt Rampager's energy, Rhonas's Monument's +2/+2) the bound is
    nothing however often they repeat; beside Granger Guildmage's {T} damage (returned and cast
    again, a permanent could deal it again) there is no bound, nor beside a Rampager in hand, which
    returns itself as it enters. A Rampager already on the battlefield enters again only if
    something returns it (603.6a): nothing does, and the Guildmage's damage counts once."""
    quiet = "Rhonas's Monument;Forest;Plains;Mountain"
    assert bound(board(real_cards, quiet + ";Greenbelt Rampager", "[Aviary Mechanic]")) == Harm(0, 0)
    assert bound(board(real_cards, quiet + ";Granger Guildmage")) == Harm(1, 0)
    assert bound(board(real_cards, quiet + ";Granger Guildmage", "[Aviary Mechanic]")) is None
    assert bound(board(real_cards, quiet + ";Granger Guildmage", "[Greenbelt Rampager]")) is None
    assert bound(board(real_cards, quiet + ";Granger Guildmage;Greenbelt Rampager")) == Harm(1, 0)


def attacked(state: ref.State) -> tuple[ref.State, Board]:
    """The reference's state and the board once every creature of the player that can attacks
    (508.1a, 302.6), its triggers resolved: the declare attackers step's window."""
    able = [u for u in state.units if u.mine and not u.tapped and (not u.sick or "haste" in u.keywords)]
    ids = tuple(u.id for u in able)
    units = tuple(dataclasses.replace(u, tapped=True) if u.id in ids and "vigilance" not in u.keywords else u
                  for u in state.units)
    line = Line((LineStep(("step", "beginning_of_combat"), "on to combat"),
                 LineStep(("attack", tuple((c, "opponent") for c in ids), None), "attack")))
    return dataclasses.replace(state, units=units, attackers=ids), list(replay(board_of(state), line))[-1].board


@settings(max_examples=runs(300, 30), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_the_reference_never_wins_from_the_attack_where_the_bound_says_no(state: ref.State) -> None:
    """The reference's window after attackers are declared (instants, blocks, damage, then the
    postcombat main phase) never wins where the combat bound says the opponent survives; a pump
    of +N/+0 in hand counts N more, once (611.2c: it raises one attacker's power)."""
    after, board = attacked(state)
    assume(after.attackers)
    pruned = no_win_in_combat(board, apply_layers(board), "me", "opponent", "declare_attackers")
    try:
        wins = ref._window(after, "attackers")
    finally:
        ref._main.cache_clear()
        ref._window.cache_clear()
    assert not (pruned and wins)
    view = apply_layers(board)
    harm = harm_in_combat(board, view, "me", "opponent", "declare_attackers")
    if harm is not None:
        pumps = sum(card[2] for _, card in state.hand if card[0] == "pump" and card[2] > 0)
        assert harm.life >= pumps + sum(max(view.permanent(c).power or 0, 0) for c in after.attackers)


def test_in_combat_an_attackers_power_counts_twice_with_double_strike(real_cards) -> None:
    """702.4b: a double striker deals combat damage twice; Lightning Bolt in hand adds its 3."""
    text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 9}]\n"
            "turn: {step: declare_attackers}\nzones: {me: {hand: [Lightning Bolt]}}\nbattlefield:\n"
            "  - {id: k, card: Fencing Ace, controller: me, tapped: true}\n"
            "  - {id: m, card: Mountain, controller: me}\n"
            "combat:\n  attackers: [{creature: k, target: opp}]\n")
    board = parse_board_text(text, "b.yaml", real_cards)
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers") == Harm(2 * 1 + 3, 0)
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "combat_damage") == Harm(1 + 3, 0)


@settings(max_examples=runs(300, 30), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_the_reference_never_wins_after_blocks_where_the_bound_says_no(state: ref.State) -> None:
    """After each legal block (509.1), a blocked attacker without trample counts nothing
    (509.1h): the reference's window after blockers never wins where the bound says no."""
    after, board = attacked(state)
    assume(after.attackers)
    for blocked_state in ref._blocks(after)[:6]:
        decl = tuple((b, (a,)) for a, bs in blocked_state.blocks for b in bs)
        line = Line((LineStep(("block", decl), "block"),))
        blocked_board = list(replay(board, line))[-1].board
        blocked = frozenset(a for a, _ in blocked_state.blocks)
        pruned = no_win_in_combat(blocked_board, apply_layers(blocked_board), "me", "opponent", "declare_blockers",
                                  blocked)
        try:
            wins = ref._window(blocked_state, "blockers")
        finally:
            ref._main.cache_clear()
            ref._window.cache_clear()
        assert not (pruned and wins), blocked_state.blocks


def test_an_ability_an_aura_in_hand_would_grant_gives_no_bound(real_cards) -> None:
    """Psionic Gift: "Enchanted creature has '{T}: This creature deals 1 damage to any target.'"
    (613.1f): once cast, the Bears could ping; what an ability granted does is not counted."""
    text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
            "turn: {step: postcombat_main}\nzones: {me: {hand: [Psionic Gift]}}\nbattlefield:\n"
            "  - {id: g, card: Grizzly Bears, controller: me}\n  - {id: m, card: Island, controller: me}\n"
            "  - {id: n, card: Island, controller: me}\n")
    assert bound(parse_board_text(text, "b.yaml", real_cards)) is None



def _fight_club(library: Any, hand: str = "[Rancor, Pit Fight, Mutagenic Growth, Nourish]",
                graveyard: str = "[Vault Skirge, Elemental Uprising]", step: str = "postcombat_main",
                combat: str = "") -> Board:
    """PP24's board after its turn's combat, Rancor in hand (its trigger returns it once it is
    put into a graveyard)."""
    return parse_board_text(
        "version: 1\nactive_player: me\nplayers: [{name: me, life: 3}, {name: opp, life: 2}]\n"
        f"turn: {{step: {step}}}\nzones: {{me: {{hand: {hand}, graveyard: {graveyard}}}}}\n"
        "battlefield:\n  - {id: r, card: Quirion Ranger, controller: me}\n"
        "  - {id: s, card: Skarrgan Pit-Skulk, controller: me, tapped: true}\n"
        "  - {id: b, card: Bonesplitter, controller: me, attached_to: s}\n"
        "  - {id: f, card: Forest, controller: me}\n  - {id: f2, card: Forest, controller: me}\n"
        "  - {id: n, card: Falkenrath Noble, controller: opp}\n  - {id: t, card: Twisted Abomination, controller: opp}\n"
        + combat, "b.yaml", library)


def test_what_only_comes_back_or_drains_the_searching_player_takes_nothing(real_cards) -> None:
    """A card returned (Rancor's trigger, 400.7e; Quirion Ranger's Forest) repeats only what takes
    no life; Falkenrath Noble's "target player loses 1 life" is the opponent's to aim (603.3d),
    at the searching player, who can always be targeted: after combat, nothing takes the
    opponent's 2 life. A card that gives a player hexproof (Leyline of Sanctity, 702.11d), or a
    card in the graveyard that deals damage once returned (Lightning Bolt), leaves no bound;
    with nothing that returns a card, the Bolt there does nothing."""
    board = _fight_club(real_cards)
    assert bound(board) == Harm(0, 0)
    assert no_win_after_combat(board, apply_layers(board), "me", "opp", "postcombat_main")
    assert bound(_fight_club(real_cards, hand="[Leyline of Sanctity, Nourish]")) is None
    assert bound(_fight_club(real_cards, graveyard="[Vault Skirge, Lightning Bolt]")) is None
    assert bound(_fight_club(real_cards, hand="[Nourish]", graveyard="[Lightning Bolt]")) == Harm(0, 0)


def test_in_combat_a_pump_counts_once_and_a_sorcery_speed_ability_not_at_all(real_cards) -> None:
    """611.2c: Mutagenic Growth raises one attacker's power by 2, once; Elemental Uprising sets a
    land's power to 4, and no attacking creature is a land (508.1: it can't join the attack);
    Bonesplitter's equip works only as a sorcery (702.6a, 117.1a), and its +2/+0 lowers nothing
    its leaving could give back (611.3a): the attacking Pit-Skulk's 3 and the Growth's 2."""
    combat = "combat:\n  attackers: [{creature: s, target: opp}]\n"
    board = _fight_club(real_cards, hand="[Mutagenic Growth, Elemental Uprising, Pit Fight]", step="declare_attackers",
                        combat=combat)
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers") == Harm(3 + 2, 0)


@settings(max_examples=runs(200, 20), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(pumping_states())
def test_a_repeatable_pump_counts_as_often_as_the_mana_at_hand_pays_it(state: ref.State) -> None:
    """602.5: a pump ability with a mana cost is activated as often as the mana the untapped
    lands make pays it, each use +n on one attacker (Rhonas's grants trample too, so a blocked
    attacker still counts, 702.19b): the reference's window after attackers, and after each
    legal block, never wins where the bound says the opponent survives; the bound is at least the
    attackers' power and n for each activation the lands pay (one pumping itself: if it attacks)."""
    after, board = attacked(state)
    assume(after.attackers)
    view = apply_layers(board)
    harm = harm_in_combat(board, view, "me", "opponent", "declare_attackers")
    cost, n, another = state.units[0].pump
    lands = sum(1 for _, _, tapped in state.lands if not tapped)
    pumps = sum(card[2] for _, card in state.hand if card[0] == "pump" and card[2] > 0)
    power = sum(max(view.permanent(c).power or 0, 0) for c in after.attackers)
    activations = lands // len(cost) if another or "mp" in after.attackers else 0  # pumping itself, attacking
    assert harm is not None
    assert harm.life >= power + pumps + n * activations
    try:
        assert not (harm.life < state.life and ref._window(after, "attackers"))
        for blocked_state in ref._blocks(after)[:4]:
            decl = tuple((b, (a,)) for a, bs in blocked_state.blocks for b in bs)
            blocked_board = list(replay(board, Line((LineStep(("block", decl), "block"),))))[-1].board
            pruned = no_win_in_combat(blocked_board, apply_layers(blocked_board), "me", "opponent",
                                      "declare_blockers", frozenset(a for a, _ in blocked_state.blocks))
            assert not (pruned and ref._window(blocked_state, "blockers")), blocked_state.blocks
    finally:
        ref._main.cache_clear()
        ref._window.cache_clear()


def _cub_attacks(library: Any, step: str, others: str = "Rhonas the Indomitable", blocked: bool = False) -> Board:
    """Longtusk Cub (2/2, "Pay {E}{E}: Put a +1/+1 counter on ~") attacking with 3 energy, three
    untapped Forests, Khenra Charioteer (no flash) in hand; ``others``: more permanents of mine."""
    perms = "".join(f"  - {{id: o{i}, card: {name}, controller: me}}\n" for i, name in enumerate(others.split(";"))
                    if name)
    text = ("version: 1\nactive_player: me\nplayers: [{name: me, energy: 3}, {name: opp, life: 9}]\n"
            f"turn: {{step: {step}}}\nzones: {{me: {{hand: [Khenra Charioteer]}}}}\nbattlefield:\n{perms}"
            "  - {id: c, card: Longtusk Cub, controller: me, tapped: true}\n"
            "  - {id: f1, card: Forest, controller: me}\n  - {id: f2, card: Forest, controller: me}\n"
            "  - {id: f3, card: Forest, controller: me}\n  - {id: f4, card: Forest, controller: me, tapped: true}\n"
            "  - {id: w, card: Grizzly Bears, controller: opp}\n"
            "combat:\n  attackers: [{creature: c, target: opp}]\n")
    if blocked:
        text += "  blockers: [{creature: w, blocks: [c]}]\n"
    return parse_board_text(text, "b.yaml", library)


def test_in_combat_a_repeatable_ability_counts_as_often_as_mana_or_energy_pays_it(real_cards) -> None:
    """602.5: Rhonas the Indomitable's "{2}{G}: Another target creature gets +2/+0 and gains
    trample" once with three untapped Forests (a tapped one stays tapped: nothing untaps it);
    Longtusk Cub's {E}{E} counter as often as its 3 energy and the {E}{E} of its combat damage
    trigger in each of two damage steps (510.4) pay: 7 energy, three counters. Rhonas's "can't
    attack or block unless ..." is checked only as attackers and blockers are declared (508.1c);
    the Charioteer's anthem in hand can't enter in combat (307.1). The Cub blocked: Rhonas's
    trample still lets it deal its damage to the player (702.19b); without Rhonas it deals none,
    and no counter adds any (509.1h)."""
    for step, blocked in (("declare_attackers", False), ("declare_blockers", True)):
        board = _cub_attacks(real_cards, step, blocked=blocked)
        harm = harm_in_combat(board, apply_layers(board), "me", "opp", step, frozenset({"c"}) if blocked else None)
        assert harm == Harm(2 + 2 * 1 + 1 * (7 // 2), 0)
    alone = _cub_attacks(real_cards, "declare_blockers", "", blocked=True)
    assert harm_in_combat(alone, apply_layers(alone), "me", "opp", "declare_blockers", frozenset({"c"})) == Harm(0, 0)


def test_a_step_of_the_opponents_turn_and_a_double_strike_granted_bear_on_the_bound(real_cards) -> None:
    """500.1: Sandwurm Convergence's "At the beginning of your end step, create a 5/5 Wurm" is
    its controller's, the opponent's, whose end step doesn't come this turn. 702.4b: Valiant
    Knight's "Knight creatures you control gain double strike" could make the attacking Cub
    deal its damage twice, counters included."""
    board = _cub_attacks(real_cards, "declare_attackers", "Valiant Knight")
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers") == Harm(2 * (2 + 7 // 2), 0)
    text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 9}]\n"
            "turn: {step: postcombat_main}\nbattlefield:\n"
            "  - {id: s, card: Sandwurm Convergence, controller: opp}\n  - {id: m, card: Mountain, controller: me}\n")
    assert bound(parse_board_text(text, "b.yaml", real_cards)) == Harm(0, 0)


@settings(max_examples=runs(200, 20), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(states(), pumping_states()))
def test_the_reference_never_wins_from_the_declaration_of_attackers_where_the_bound_says_no(state: ref.State) -> None:
    """508.1: as attackers are about to be declared, every untapped creature of the player's
    that isn't summoning sick (302.6) may attack; the reference's attacks (each set of
    attackers, or none) never win where the bound, counting them all as attacking, says the
    opponent survives, and the bound is at least their power."""
    board = prepare(dataclasses.replace(board_of(state), turn=dataclasses.replace(board_of(state).turn,
                                                                                  step="beginning_of_combat")))
    view = apply_layers(board)
    pruned = no_win_before_attacks(board, view, "me", "opponent")
    try:
        wins = ref._combat(state)
    finally:
        ref._main.cache_clear()
        ref._window.cache_clear()
    assert not (pruned and wins)
    harm = harm_before_attacks(board, view, "me", "opponent")
    able = [u for u in state.units if u.mine and not u.tapped and not u.sick]
    assert harm is None or harm.life >= sum(max(u.power, 0) for u in able)


def test_a_tapped_permanents_tap_ability_untaps_nothing(real_cards) -> None:
    """107.5, 602.2b: Sculptor of Winter's "{T}: Untap target snow land", the Sculptor attacking
    and tapped, can't be activated while nothing untaps it: two untapped snow lands pay Grim
    Draugr's "{1}{S}: +1/+0 and menace" once, beside the attackers' 3 and 2. With the Sculptor
    untapped at home, a land could be untapped and used again: no bound."""
    def board(sculptor: str) -> Board:
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 9}]\n"
            "turn: {step: declare_attackers}\nbattlefield:\n"
            "  - {id: g, card: Grim Draugr, controller: me, tapped: true}\n"
            f"  - {{id: s, card: Sculptor of Winter, controller: me, tapped: {sculptor == 'attacks'}}}\n"
            "  - {id: f, card: Snow-Covered Forest, controller: me}\n"
            "  - {id: w, card: Snow-Covered Swamp, controller: me}\n"
            "  - {id: t, card: Snow-Covered Swamp, controller: me, tapped: true}\n"
            "combat:\n  attackers: [{creature: g, target: opp}"
            + (", {creature: s, target: opp}" if sculptor == "attacks" else "") + "]\n", "b.yaml", real_cards)

    attacking = board("attacks")
    assert harm_in_combat(attacking, apply_layers(attacking), "me", "opp", "declare_attackers") == Harm(3 + 2 + 1, 0)
    home = board("home")
    assert harm_in_combat(home, apply_layers(home), "me", "opp", "declare_attackers") is None


def test_a_land_in_hand_adds_one_land_play_and_an_enters_trigger_on_the_battlefield_waits(real_cards) -> None:
    """305.2: Pestilence's "{B}: 1 damage to each creature and each player" as often as the mana
    pays it (PP02 after combat): two Swamps and Orzhov Basilica's {W}{B}, and one land play of
    the best land in hand: 4 + 1; a second Basilica in hand, 4 + 2 (what it returns is played
    again only as that land play). A land played already, 4; Explore's "play an additional
    land" in hand, no bound (305.2a); in the end step no land is played (305.1). The Basilica's
    and Sea Gate Oracle's "When ~ enters" wait for an entering nothing can bring about (603.6a):
    no doubt about a land returned or the opponent's library."""
    def pestilence(hand: str, played: int = 0, step: str = "postcombat_main") -> Harm | None:
        text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 8}]\n"
                f"turn: {{step: {step}, lands_played: {{me: {played}}}}}\nzones: {{me: {{hand: {hand}}}}}\n"
                "battlefield:\n  - {id: p, card: Pestilence, controller: me}\n"
                "  - {id: s1, card: Swamp, controller: me}\n  - {id: s2, card: Swamp, controller: me}\n"
                "  - {id: b, card: Orzhov Basilica, controller: me}\n"
                "  - {id: o, card: Sea Gate Oracle, controller: opp}\n")
        return bound(parse_board_text(text, "b.yaml", real_cards), step)

    assert pestilence("[Swamp, Jungle Hollow]") == Harm(4 + 1, 0)
    assert pestilence("[Swamp, Orzhov Basilica]") == Harm(4 + 2, 0)
    assert pestilence("[Swamp, Jungle Hollow]", played=1) == Harm(4, 0)
    assert pestilence("[Swamp, Explore]") is None
    assert pestilence("[Swamp]", step="end") == Harm(4, 0)


@settings(max_examples=runs(200, 20), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(states(), pumping_states()))
def test_the_reference_never_wins_from_the_main_phase_where_the_bound_says_no(state: ref.State) -> None:
    """505.1: from the precombat main phase, with lands, creature spells, pumps and burn still to
    be played and the whole combat to come, the reference (every sequence of the turn) never
    wins where the bound says the opponent survives; the bound counts every creature that could
    attack now and a creature spell with haste or entering as a copy gives none."""
    board = prepare(dataclasses.replace(board_of(state), turn=dataclasses.replace(board_of(state).turn,
                                                                                  step="precombat_main")))
    view = apply_layers(board)
    pruned = no_win_in_main(board, view, "me", "opponent")
    assert not (pruned and ref.wins(state))
    harm = harm_in_main(board, view, "me", "opponent")
    able = [u for u in state.units if u.mine and not u.tapped and not u.sick]
    hasty = any(card[0] == "clone" or card[0] == "creature" and "haste" in card[4] for _, card in state.hand)
    assert harm is None if hasty else harm is None or harm.life >= sum(max(u.power, 0) for u in able)


def test_a_card_returned_to_the_hand_puts_nothing_onto_the_battlefield(real_cards) -> None:
    """PP24 in combat: Rancor's "return Rancor to its owner's hand" (400.7) puts nothing onto
    the battlefield, and an Aura in hand isn't cast in combat (307.1): Bonesplitter's equip still
    works only as a sorcery (702.6a) and the bound holds: the attacking Vault Skirge's 1 + 2
    (Rancor) and Mutagenic Growth's 2."""
    text = ("version: 1\nactive_player: me\nplayers: [{name: me, life: 1}, {name: opp, life: 6}]\n"
            "turn: {step: declare_attackers}\n"
            "zones: {me: {hand: [Nourish, Pit Fight, Mutagenic Growth, Elemental Uprising]}}\nbattlefield:\n"
            "  - {id: v, card: Vault Skirge, controller: me, tapped: true}\n"
            "  - {id: r, card: Rancor, controller: me, attached_to: v}\n"
            "  - {id: s, card: Skarrgan Pit-Skulk, controller: me}\n"
            "  - {id: b, card: Bonesplitter, controller: me, attached_to: s}\n"
            "  - {id: f, card: Forest, controller: me}\n"
            "  - {id: n, card: Falkenrath Noble, controller: opp}\n"
            "combat:\n  attackers: [{creature: v, target: opp}]\n")
    board = parse_board_text(text, "b.yaml", real_cards)
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers") == Harm(1 + 2 + 2, 0)


def test_an_attacking_vehicle_deals_its_power(real_cards) -> None:
    """702.122a: crew makes a Vehicle an artifact creature; once it attacks, crewing it adds no
    damage (MTGP_03's Mobile Garrison, crewed: 3 power; its attack trigger's untap is past)."""
    text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 8}]\n"
            "turn: {step: declare_attackers}\nbattlefield:\n"
            "  - {id: g, card: Mobile Garrison, controller: me, tapped: true, types: [artifact, creature]}\n"
            "  - {id: m, card: Mountain, controller: me}\n"
            "combat:\n  attackers: [{creature: g, target: opp}]\n")
    board = parse_board_text(text, "b.yaml", real_cards)
    view = apply_layers(board)
    assert view.permanent("g").is_creature and "crew" in view.permanent("g").keywords
    assert harm_in_combat(board, view, "me", "opp", "declare_attackers") == Harm(3, 0)


def test_a_clue_draws_from_a_known_library_whose_cards_count_as_in_hand(real_cards) -> None:
    """121.1, 111.10: Kor Skyfisher can return Thraben Inspector to be cast again, whose Clue
    (701.16a) draws a card: with the whole library known, its cards count as if in hand (PP04's
    Leave No Trace destroys, taking nothing: no harm); a drawn card that takes life could be drawn
    and cast again after a return, each time paying its {R} (601.2f): Lightning Bolt's 3 for each of
    the 5 mana at hand (the Plains and a land play, 305.2); an unknown card, no bound."""
    def drawing(library: str, count: int = 1) -> Board:
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
            f"turn: {{step: postcombat_main}}\nzones: {{me: {{hand: [{{card: Kor Skyfisher}}], "
            f"library: {{count: {count}, top: [{{card: {library}}}]}}}}}}\nbattlefield:\n"
            "  - {id: inspector, card: Thraben Inspector, controller: me}\n"
            + "".join(f"  - {{id: plains{i}, card: Plains, controller: me}}\n" for i in range(4)), "d.yaml", real_cards)

    assert bound(drawing("Leave No Trace")) == Harm(0, 0)
    assert bound(drawing("Lightning Bolt")) == Harm(5 * 3, 0)
    assert bound(drawing("Leave No Trace", count=2)) is None


def test_an_enters_trigger_counts_where_persist_could_return_its_permanent(real_cards) -> None:
    """702.79a: persist returns a creature as it dies (Carrion Feeder's "Sacrifice a creature"
    kills it), and its "When ~ enters, ~ deals 1 damage to any target" triggers again (603.6a):
    no bound; without persist the trigger waits for an entering that can't come: nothing."""
    def board_with(keywords: str) -> Board:
        text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 8}]\n"
                "turn: {step: postcombat_main}\nbattlefield:\n"
                "  - {id: r, name: Pinger, types: [creature], power: 2, toughness: 2, controller: me, "
                f"text: \"{keywords}When Pinger enters the battlefield, Pinger deals 1 damage to any target.\"}}\n"
                "  - {id: c, card: Carrion Feeder, controller: me}\n")
        return parse_board_text(text, "b.yaml", real_cards)

    assert bound(board_with("Persist\\n")) is None
    assert bound(board_with("")) == Harm(0, 0)


def test_in_combat_a_count_on_the_opponents_creature_and_a_condition_on_an_attacker_are_bounded(real_cards) -> None:
    """611.3a-b: Aura Gnarlid's "+1/+1 for each Aura" and Ancestral Mask's "+2/+2 for each other
    enchantment" on the opponent's Gnarlid change no attacker's power (PP04); Foundry Screecher's
    "+1/+0 as long as you control an artifact" adds at most its +1. The Mask on the attacker
    itself gives no bound, nor does an anthem in exile that Oblivion Ring's leaving could return
    (610.3); Pacifism there, restricting only blocks, does not stop the bound."""
    def attack(mask_on: str, exiled: str = "") -> Board:
        zone = f"zones: {{opp: {{exile: [{{card: {exiled}, exiled_with: o}}]}}}}\n" if exiled else ""
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 9}]\n"
            f"turn: {{step: declare_attackers}}\n{zone}battlefield:\n"
            "  - {id: f, card: Foundry Screecher, controller: me, tapped: true}\n"
            "  - {id: o, card: Oblivion Ring, controller: me}\n"
            "  - {id: g, card: Aura Gnarlid, controller: opp}\n"
            f"  - {{id: a, card: Ancestral Mask, controller: opp, attached_to: {mask_on}}}\n"
            "combat:\n  attackers: [{creature: f, target: opp}]\n", "b.yaml", real_cards)

    def harm(board: Board) -> Harm | None:
        return harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers")

    assert harm(attack("g")) == Harm(2 + 1, 0)
    assert harm(attack("g", "Pacifism")) == Harm(2 + 1, 0)
    assert harm(attack("g", "Glorious Anthem")) is None
    assert harm(attack("f")) is None


def test_that_player_of_a_dies_trigger_is_the_controller_its_filter_names(real_cards) -> None:
    """The opponent's Massacre Wurm ("Whenever a creature an opponent controls dies, that player
    loses 2 life") and Zulaport Cutthroat ("each opponent loses 1 life") drain only the
    searching player, their opponent (603.2, 603.10a; a two-player game): after combat nothing
    takes the opponent's life. The searching player's own Wurm drains the opponent whenever one
    of their creatures dies, which the bound can't count."""
    def with_wurm(controller: str) -> Board:
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
            "turn: {step: postcombat_main}\nzones: {me: {hand: [Pit Fight]}}\nbattlefield:\n"
            "  - {id: f1, card: Forest, controller: me}\n  - {id: f2, card: Forest, controller: me}\n"
            "  - {id: r, card: Mountain, controller: me}\n  - {id: b, card: Grizzly Bears, controller: me}\n"
            f"  - {{id: w, card: Massacre Wurm, controller: {controller}}}\n"
            "  - {id: z, card: Zulaport Cutthroat, controller: opp}\n", "wurm.yaml", real_cards)

    theirs = with_wurm("opp")
    assert bound(theirs) == Harm(0, 0)
    assert no_win_after_combat(theirs, apply_layers(theirs), "me", "opp", "postcombat_main")
    assert bound(with_wurm("me")) is None


def test_the_opponents_own_draw_bears_only_when_it_is_forced(real_cards) -> None:
    """With a draw of a known library in the searching player's hand (Opt), the cards in
    graveyards count under either player's control. The opponent's Opt there would make them
    draw only by their own choice, which never loses them the game they can pass in (117.3d;
    704.5b): nothing is taken. Mulldrifter's "When ~ enters, draw two cards" would be forced on
    them, from a library the board doesn't show: no bound."""
    def with_graveyard(cards: str) -> Board:
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
            "turn: {step: postcombat_main}\n"
            f"zones: {{me: {{hand: [Opt], library: {{count: 2, top: [Opt, Opt]}}}}, opp: {{graveyard: [{cards}]}}}}\n"
            "battlefield:\n  - {id: i, card: Island, controller: me}\n", "drawn.yaml", real_cards)

    assert bound(with_graveyard("Opt, Opt")) == Harm(0, 0)
    assert bound(with_graveyard("Mulldrifter")) is None


def test_a_delayed_trigger_of_the_searching_players_counts_once(real_cards) -> None:
    """A delayed triggered ability waiting for the next end step triggers once (603.7b): the
    searching player's exile of their own token takes nothing, their "each opponent loses 3 life"
    takes 3, once; the opponent's, whose "you" is theirs, is not counted (no bound)."""
    def waiting(controller: str, effect: str) -> Board:
        return parse_board_text(
            "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
            "turn: {step: postcombat_main}\nbattlefield:\n  - {id: t, card: Grizzly Bears, controller: me}\n"
            "effects:\n  - {kind: delayed_trigger, at: {kind: end_step, whose: each}, "
            f"controller: {controller}, source: t, objects: [t], effects: [{effect}]}}\n", "waiting.yaml", real_cards)

    exile = "{exile: {what: {objects: [t]}}}"
    drain = "{lose_life: {amount: 3, who: {players: opponents}}}"
    assert bound(waiting("me", exile)) == Harm(0, 0)
    assert bound(waiting("me", drain)) == Harm(3, 0)
    assert bound(waiting("opp", exile)) is None


def _recasting(library: Any, extra: str = "", hand: str = "[]", swamps: int = 3) -> Board:
    """PP15 after combat: Tortured Existence can return Qarsi Sadist (exploit: drain 2), Agent of
    Shauku, Blind Hunter or Monk Realist to the hand to be cast again; the land play is used."""
    return parse_board_text(
        "version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 5}]\n"
        "turn: {step: postcombat_main, lands_played: {me: 1}}\n"
        f"zones: {{me: {{hand: {hand}, graveyard: [Qarsi Sadist, Agent of Shauku, Blind Hunter, Monk Realist]}}}}\n"
        "battlefield:\n  - {id: te, card: Tortured Existence, controller: me}\n"
        + "".join(f"  - {{id: swamp{i}, card: Swamp, controller: me}}\n" for i in range(swamps)) + extra,
        "r.yaml", library)


def test_601_2f_each_cast_again_pays_its_mana_cost(real_cards) -> None:
    """601.2f, 602.2b: a card returned to the hand is cast again only by paying its mana cost
    again, so the mana at hand bounds what repeats: Qarsi Sadist's exploit drains 2 for its
    {1}{B}, the most life per mana of anything that could come back (Blind Hunter's unread
    haunt line counts nothing here, as unread lines are reported apart), so 3 Swamps take at
    most 3 and 4 at most 4. Lashknife's "rather than pay this spell's mana cost" is its own."""
    assert bound(_recasting(real_cards)) == Harm(3, 0)
    assert bound(_recasting(real_cards, swamps=4)) == Harm(4, 0)
    assert bound(_recasting(real_cards, hand="[Lightning Bolt]")) == Harm(3 * 3, 0)  # 3 damage for {R}, cast again too
    lashknife = "  - {id: lk, card: Lashknife, controller: me, attached_to: te}\n"
    assert bound(_recasting(real_cards, lashknife)) == Harm(3, 0)


def test_601_2f_no_paid_bound_where_a_cast_could_cost_less_or_mana_could_come_again(real_cards) -> None:
    """No bound where a use could be paid with less than its mana cost (601.2f: Goblin
    Electromancer lowers instant and sorcery spells, even the opponent's), where a permanent card
    that makes mana could be cast again (Llanowar Elves), or where a repeat puts a permanent
    onto the battlefield without a cast (Unearth, 307.1: no mana cost paid)."""
    assert bound(_recasting(real_cards, "  - {id: ge, card: Goblin Electromancer, controller: opp}\n")) is None
    assert bound(_recasting(real_cards, "  - {id: le, card: Llanowar Elves, controller: me}\n")) is None
    assert bound(_recasting(real_cards, hand="[Unearth]")) is None


def test_602_2b_abilities_paid_by_mana_share_the_mana_at_hand(real_cards) -> None:
    """602.2b: each activation pays its cost from the one pool of mana at hand, so two Grim
    Draugr attacking ("{1}{S}: +1/+0 and menace") with four snow Swamps add at most +2 between
    them (each use pays at least two mana), not +2 each: 3 + 3 + 2."""
    text = ("version: 1\nactive_player: me\nplayers: [{name: me}, {name: opp, life: 9}]\n"
            "turn: {step: declare_attackers}\nbattlefield:\n"
            "  - {id: g1, card: Grim Draugr, controller: me, tapped: true}\n"
            "  - {id: g2, card: Grim Draugr, controller: me, tapped: true}\n"
            + "".join(f"  - {{id: s{i}, card: Snow-Covered Swamp, controller: me}}\n" for i in range(4))
            + "combat:\n  attackers: [{creature: g1, target: opp}, {creature: g2, target: opp}]\n")
    board = parse_board_text(text, "b.yaml", real_cards)
    assert harm_in_combat(board, apply_layers(board), "me", "opp", "declare_attackers") == Harm(3 + 3 + 4 // 2, 0)
