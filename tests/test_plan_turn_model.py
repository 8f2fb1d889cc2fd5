"""The turn plan's model of several payments in one turn, each rule with a real-card board a
wrong model gets wrong: mana carried into a step pays a mana ability's cost there (106.4,
605.3a), life paid in one step is gone for the next (119.4, 107.4f), a kept cost is paid
without X (601.2f, 107.3), and a source whose mana is restricted pays a step's spell (106.6)."""
from __future__ import annotations

from types import SimpleNamespace

from mtgsolver.solver import plan as plan_module
from mtgsolver.solver.plan import plan

HEAD = "version: 1\nactive_player: a\nplayers: [{name: a, life: %d}, {name: b}]\n"


def board(real_board, hand: str, battlefield: str = "[]", life: int = 20):
    return real_board(HEAD % life + f"zones: {{a: {{hand: [{hand}]}}}}\nbattlefield: {battlefield}\n")


def test_106_4_mana_a_spell_adds_pays_a_mana_ability_cost_in_the_next_step(real_board) -> None:
    """Dark Ritual's {B}{B}{B} stays in the pool (106.4); one {B} pays Azorius Signet's {1}
    (605.3a) for the {U} of Recoil ({1}{U}{B}): the Swamp alone pays the Ritual."""
    b = board(real_board, "Dark Ritual, Recoil", "[{id: s, card: Swamp, controller: a}, "
              "{id: sig, card: Azorius Signet, controller: a}]")
    r = plan(b, ["Dark Ritual", "Recoil"])
    assert r.castable is True
    assert [s.name for s in r.steps] == ["Dark Ritual", "Recoil"]
    assert plan(board(real_board, "Dark Ritual, Recoil", "[{id: s, card: Swamp, controller: a}]"),
                ["Dark Ritual", "Recoil"]).castable is False


def test_119_4_life_paid_for_one_spell_is_gone_for_the_next(real_board) -> None:
    """Two Gitaxian Probes ({U/P}) paid with 2 life each: at 3 life the second can't be paid
    (119.4: a player pays life only up to their life total), at 4 both are."""
    assert plan(board(real_board, "Gitaxian Probe, Gitaxian Probe", life=4),
                ["Gitaxian Probe", "Gitaxian Probe"]).castable is True
    assert plan(board(real_board, "Gitaxian Probe, Gitaxian Probe", life=3),
                ["Gitaxian Probe", "Gitaxian Probe"]).castable is False


def test_107_3_a_kept_cost_has_no_x(real_board) -> None:
    """Four Mountains, Fireball ({X}{R}) with X as large as it can be while {R} stays payable:
    X is 2, the kept {R} pays no X."""
    mountains = "[" + ", ".join(f"{{id: m{k}, card: Mountain, controller: a}}" for k in range(4)) + "]"
    r = plan(board(real_board, "Fireball", mountains), ["Fireball"], maximize_x=True, keep=["{R}"])
    assert r.castable is True and r.x == 2 and r.kept == (("{R}", True),)


def test_106_6_a_source_whose_mana_only_casts_creatures_pays_a_creature_spell(real_board) -> None:
    """Ancient Ziggurat's mana is spent only on creature spells: it pays Grizzly Bears' {1}{G}
    beside a Forest, and not Lightning Bolt's {R}."""
    field = "[{id: z, card: Ancient Ziggurat, controller: a}, {id: f, card: Forest, controller: a}]"
    assert plan(board(real_board, "Grizzly Bears", field), ["Grizzly Bears"]).castable is True
    assert plan(board(real_board, "Lightning Bolt", field), ["Lightning Bolt"]).castable is False
    assert plan(board(real_board, "Grizzly Bears, Lightning Bolt", field),
                ["Grizzly Bears", "Lightning Bolt"]).castable is False


def test_601_2g_a_step_pays_a_mana_abilitys_cost_with_snow_mana_beside_an_untap_effect(real_board) -> None:
    """Snow-Covered Swamp's mana can't wait in the pool before the first step (the model keeps snow
    mana apart), so the step itself activates Azorius Signet with it (605.3a) for Azorius
    Guildmage's {W}{U}, with Gandalf the Grey's untap mode (700.2) unused: a creature spell
    triggers nothing."""
    field = ("[{id: s, card: Snow-Covered Swamp, controller: a}, {id: sig, card: Azorius Signet, controller: a}, "
             "{id: g, card: Gandalf the Grey, controller: a}]")
    r = plan(board(real_board, "Azorius Guildmage", field), ["Azorius Guildmage"])
    assert r.castable is True
    assert sorted(a.source for s in r.steps for a in s.activations) == ["s", "sig"]


def test_a_kept_cost_not_proven_before_the_time_limit_leaves_the_plan_not_optimal(real_board, monkeypatch) -> None:
    """Opt is cast from two Islands keeping {U}: proven, the plan is optimal; when the time limit runs
    out after the verdict but before the kept cost is proven, the plan found stands, not optimal."""
    b = board(real_board, "Opt", "[{id: i, card: Island, controller: a}, {id: j, card: Island, controller: a}]")
    r = plan(b, ["Opt"], keep=["{U}"])
    assert (r.castable, r.optimal, r.kept) == (True, True, (("{U}", True),))
    monkeypatch.setattr(plan_module, "_lexicographic", lambda model, terms, deadline: (
        SimpleNamespace(found=False), [], False))
    r = plan(b, ["Opt"], keep=["{U}"])
    assert (r.castable, r.optimal) == (True, False)


def test_700_2_an_untap_mode_waits_for_a_later_spell_only_while_another_mode_is_left(real_board) -> None:
    """Gandalf the Grey with untap and damage left: Dark Ritual's trigger chooses damage, so Night's
    Whisper's untaps the Sol Ring the Ritual's mana cast and {C}{C} more pays Solemn Simulacrum. With
    untap alone left, the Ritual's trigger must choose it (700.2), when only the Swamp is tapped: no."""
    hand = "Dark Ritual, Sol Ring, Night's Whisper, Solemn Simulacrum"
    field = ("[{id: s, card: Swamp, controller: a}, {id: gandalf, card: Gandalf the Grey, controller: a, "
             "chosen_modes: [%s]}]")
    cast = ["Dark Ritual", "Sol Ring", "Night's Whisper", "Solemn Simulacrum"]
    r = plan(board(real_board, hand, field % "copy, library"), cast)
    assert r.castable is True and [s.name for s in r.steps] == cast
    untap = f"gandalf triggers (603.2): chooses untap (700.2) and untaps {r.steps[1].id}.permanent"
    assert r.steps[2].events == (untap,)
    assert plan(board(real_board, hand, field % "damage, copy, library"), cast).castable is False
