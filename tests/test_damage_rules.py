"""``mtgsolver damage`` on the rules it implements, one board per rule (CR 510, 702, 704.5,
120.3, 903.10a), and the board fields it adds."""
from __future__ import annotations

import pytest

from mtgsolver.load import parse_board_text
from mtgsolver.model import BoardError
from mtgsolver.solver.damage import combat_damage

HEAD = """version: 1
active_player: a
players: [{name: a, life: 20}, {name: d, life: %d, poison: %d}]
battlefield:
"""


def outcome(creatures: str, attackers: str, blockers: str = "[]", life: int = 20, poison: int = 0,
            **kwargs: object):
    text = HEAD % (life, poison) + creatures + f"combat:\n  attackers: {attackers}\n  blockers: {blockers}\n"
    result = combat_damage(parse_board_text(text, "t.yaml"), **kwargs)
    assert result.decided
    dead = {d["creature"] for d in result.destroyed if not d["returns"]}
    defender = next(p for p in result.players if p["name"] == "d")
    return result, dead, defender


def c(cid: str, who: str, p: int, t: int, kws: str = "", extra: str = "") -> str:
    return (f"  - {{id: {cid}, name: {cid}, controller: {who}, types: [creature], power: {p}, toughness: {t}"
            f", keywords: [{kws}]{extra}}}\n")


def test_510_1c_blocked_creature_divides_damage_freely() -> None:
    """510.1c (no damage assignment order any more): 3 damage kills a 2/2 and a 1/1."""
    _, dead, _ = outcome(c("x", "a", 3, 3) + c("p", "d", 2, 2) + c("q", "d", 1, 1),
                         "[{creature: x, target: d}]", "[{creature: p, blocks: [x]}, {creature: q, blocks: [x]}]")
    assert {"p", "q"} <= dead and "x" in dead  # 2 + 1 damage kill the 3/3 too


def test_702_19b_trample_counts_marked_damage() -> None:
    """702.19b: lethal damage counts damage already marked: a 1/4 with 3 damage needs 1."""
    _, dead, d = outcome(c("x", "a", 5, 5, "trample") + c("w", "d", 1, 4, extra=", damage: 3"),
                         "[{creature: x, target: d}]", "[{creature: w, blocks: [x]}]")
    assert d["life_after"] == 16 and "w" in dead


def test_702_19b_trample_needs_lethal_from_itself_past_protection() -> None:
    """702.19b's example: a 6/6 green trampler blocked by a 2/2 with protection from green must
    assign it 2 (lethal counts the trampler's own damage once), so at most 4 reach the player."""
    _, dead, d = outcome(c("x", "a", 6, 6, "trample", ", colors: [green]") + c("w", "d", 2, 2, "{protection: green}"),
                         "[{creature: x, target: d}]", "[{creature: w, blocks: [x]}]")
    assert d["life_after"] == 16 and "w" not in dead


def test_702_2c_deathtouch_trample_one_each() -> None:
    """702.2c: 1 deathtouch damage is lethal, so 4 power tramples 1 over three 2/4s (the
    'Lust for Blood' line)."""
    blockers = "".join(c(f"s{i}", "d", 2, 4, "reach") for i in range(3))
    _, dead, d = outcome(c("n", "a", 4, 3, "flying, deathtouch, trample, first_strike") + blockers,
                         "[{creature: n, target: d}]",
                         "[" + ", ".join(f"{{creature: s{i}, blocks: [n]}}" for i in range(3)) + "]", life=1)
    assert d["loses"] and {"s0", "s1", "s2"} <= dead and "n" not in dead


def test_510_4_first_strike_kills_before_regular_damage() -> None:
    """510.4: the first striker kills the blocker, which deals no damage."""
    _, dead, _ = outcome(c("x", "a", 2, 2, "first_strike") + c("b", "d", 3, 2),
                         "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]")
    assert dead == {"b"}


def test_510_4_double_strike_deals_twice() -> None:
    result, _, d = outcome(c("x", "a", 3, 3, "double_strike"), "[{creature: x, target: d}]")
    assert d["life_after"] == 14
    assert [a["step"] for a in result.assignment] == ["first strike", "regular"]


def test_702_16e_protection_prevents_damage() -> None:
    """702.16e: a red attacker's damage to a creature with protection from red is prevented."""
    result, dead, _ = outcome(c("x", "a", 4, 4, "", ", colors: [red]")
                              + "  - {id: k, name: k, controller: d, types: [creature], power: 1, toughness: 1, "
                                "keywords: [{protection: red}]}\n",
                              "[{creature: x, target: d}]", "[{creature: k, blocks: [x]}]")
    assert "k" not in dead
    assert any("702.16e" in r for r in result.reasons)


def test_702_90b_infect_and_702_80b_wither() -> None:
    """Infect damage to a player is poison; wither damage to a creature is -1/-1 counters
    (704.5f once toughness is 0)."""
    _, _, d = outcome(c("i", "a", 3, 3, "infect"), "[{creature: i, target: d}]", poison=7)
    assert d["poison_after"] == 10 and d["loses"] and d["life_after"] == 20
    result, dead, _ = outcome(c("w", "a", 2, 2, "wither") + c("b", "d", 0, 2),
                              "[{creature: w, target: d}]", "[{creature: b, blocks: [w]}]")
    assert "b" in dead and any(r.startswith("704.5f") for r in result.reasons)


def test_702_12b_indestructible_survives_lethal_damage() -> None:
    _, dead, _ = outcome(c("x", "a", 5, 5) + c("g", "d", 1, 2, "indestructible"),
                         "[{creature: x, target: d}]", "[{creature: g, blocks: [x]}]")
    assert "g" not in dead


def test_702_19d_trample_with_its_blocker_gone() -> None:
    """702.25a flanking kills a 1/1 blocker before damage (704.5f); the trampler's damage all
    goes to the player (702.19d); without trample it would deal none (510.1c)."""
    _, _, d = outcome(c("x", "a", 3, 3, "trample, flanking") + c("b", "d", 1, 1),
                      "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]")
    assert d["life_after"] == 17
    _, _, d = outcome(c("x", "a", 3, 3, "flanking") + c("b", "d", 1, 1),
                      "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]")
    assert d["life_after"] == 20


def test_704_5h_deathtouch_damage_field() -> None:
    """704.5h: a creature dealt deathtouch damage since the last check is destroyed."""
    _, dead, _ = outcome(c("x", "a", 1, 1) + c("b", "d", 0, 5, extra=", deathtouch_damage: true"),
                         "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]")
    assert "b" in dead


def test_702_15b_lifelink_and_702_130a_afflict() -> None:
    result, _, d = outcome(c("x", "a", 2, 2, "lifelink", ", abilities: [{afflict: 3}]") + c("b", "d", 0, 4),
                           "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]")
    assert d["life_after"] == 17
    assert next(p for p in result.players if p["name"] == "a")["life_after"] == 22


def test_702_83a_exalted_and_702_91a_battle_cry() -> None:
    _, _, d = outcome(c("x", "a", 2, 2, "exalted") + c("y", "a", 1, 1, "exalted"), "[{creature: x, target: d}]")
    assert d["life_after"] == 16  # attacks alone: +1/+1 for each of two instances
    _, _, d = outcome(c("x", "a", 2, 2, "battle_cry") + c("y", "a", 1, 1),
                      "[{creature: x, target: d}, {creature: y, target: d}]")
    assert d["life_after"] == 16  # 2 + (1 + 1)


def test_702_93a_undying_returns() -> None:
    result, dead, _ = outcome(c("x", "a", 3, 3) + c("u", "d", 1, 1, "undying"),
                              "[{creature: x, target: d}]", "[{creature: u, blocks: [x]}]")
    assert "u" not in dead and any(d["creature"] == "u" and d["returns"] for d in result.destroyed)


def test_120_3c_planeswalker_damage_and_704_5i() -> None:
    text = HEAD % (20, 0) + c("x", "a", 4, 4) + (
        "  - {id: pw, name: Walker, controller: d, types: [planeswalker], loyalty: 3}\n"
        "combat:\n  attackers: [{creature: x, target: pw}]\n")
    result = combat_damage(parse_board_text(text, "t.yaml"))
    assert result.permanents[0]["loyalty_after"] == 0 and result.permanents[0]["destroyed"]


def test_903_10a_commander_damage() -> None:
    text = (HEAD % (40, 0)).replace("{name: d, life: 40, poison: 0}", "{name: d, life: 40, commander_damage: {cmd: 18}}") \
        + c("cmd", "a", 3, 3, "", ", commander: true") + "combat:\n  attackers: [{creature: cmd, target: d}]\n"
    result = combat_damage(parse_board_text(text, "t.yaml"))
    assert result.commander_damage[0]["total"] == 21
    assert next(p for p in result.players if p["name"] == "d")["loses"]


def test_unknown_objective_is_refused() -> None:
    text = HEAD % (20, 0) + c("x", "a", 1, 1) + "combat:\n  attackers: [{creature: x, target: d}]\n"
    with pytest.raises(ValueError, match="unknown objective"):
        combat_damage(parse_board_text(text, "t.yaml"), attacker_objectives=("glory",))


@pytest.mark.parametrize("field, value, message", [
    ("damage", "-1", "damage"),
    ("deathtouch_damage", "maybe", "deathtouch_damage"),
])
def test_bad_damage_fields_name_the_field(field: str, value: str, message: str) -> None:
    text = HEAD % (20, 0) + c("x", "a", 1, 1, "", f", {field}: {value}")
    with pytest.raises(BoardError, match=message):
        parse_board_text(text, "t.yaml")


def test_commander_damage_must_name_a_commander() -> None:
    text = (HEAD % (20, 0)).replace("poison: 0}", "poison: 0, commander_damage: {x: 3}}") + c("x", "a", 1, 1)
    with pytest.raises(BoardError, match=r"players\[1\]\.commander_damage\.x"):
        parse_board_text(text, "t.yaml")


def test_104_2a_the_regular_step_never_happens_once_the_defender_lost() -> None:
    """510.4, 704.5a, 104.2a: the first-strike step leaves the defending player at 0; they lose
    at the check after it, the game is over, and the lifelinker's regular damage (which would
    have brought them back to 1) is never dealt."""
    result, _, d = outcome(c("x", "a", 2, 2, "double_strike") + c("y", "a", 2, 2) + c("l", "d", 3, 3, "lifelink"),
                           "[{creature: x, target: d}, {creature: y, target: d}]", "[{creature: l, blocks: [y]}]",
                           life=2)
    assert d["loses"] and d["life_after"] == 0
    assert [(a["step"], a["source"]) for a in result.assignment] == [("first strike", "x")]
    assert any(r.startswith("104.2a") for r in result.reasons)


def test_104_2a_afflict_ends_the_game_before_any_damage() -> None:
    """702.130a: the afflict trigger resolves in the declare blockers step; at 2 life the
    defending player loses at the next check and no combat damage step happens."""
    result, dead, d = outcome(c("x", "a", 1, 3, "", ", abilities: [{afflict: 2}]") + c("b", "d", 2, 2),
                              "[{creature: x, target: d}]", "[{creature: b, blocks: [x]}]", life=2)
    assert d["loses"] and result.assignment == () and not dead


def test_702_15b_the_default_objective_wins_through_a_lifelinker() -> None:
    """704.5a before damage dealt: a 4/2 double strike trampler blocked by a 3/3 lifelinker and a
    0/2, the defending player at 2. Killing the lifelinker in the first-strike step lets 3 trample
    over in the regular step: the defending player loses and the attacker survives."""
    result, dead, d = outcome(c("x", "a", 4, 2, "double_strike, trample") + c("l", "d", 3, 3, "lifelink")
                              + c("w", "d", 0, 2), "[{creature: x, target: d}]",
                              "[{creature: l, blocks: [x]}, {creature: w, blocks: [x]}]", life=2)
    assert d["loses"] and d["life_after"] == -1
    assert dead == {"l", "w"}
    assert ("l", "first strike") in {(x["creature"], x["step"]) for x in result.destroyed}


def test_702_16e_lifelink_gains_nothing_for_prevented_damage() -> None:
    """702.16e, 702.15b: damage protection prevents is not dealt, so lifelink gains nothing for it."""
    result, dead, _ = outcome(c("x", "a", 2, 1, "lifelink", ", colors: [black]")
                              + c("k", "d", 2, 2, "{protection: black}"), "[{creature: x, target: d}]",
                              "[{creature: k, blocks: [x]}]")
    alice = next(p for p in result.players if p["name"] == "a")
    assert alice["life_after"] == 20 and dead == {"x"}
    assert [a["dealt"] for a in result.assignment if a["source"] == "x"] == [0]


def test_704_5i_a_planeswalker_gone_after_first_strike_takes_no_regular_damage() -> None:
    """704.5i after the first-strike step: the planeswalker with 0 loyalty is put into the
    graveyard; the creature still attacking it deals no combat damage (510.1b, 506.4)."""
    text = HEAD % (20, 0) + c("f", "a", 3, 3, "first_strike") + c("x", "a", 4, 4) + (
        "  - {id: pw, name: Walker, controller: d, types: [planeswalker], loyalty: 3}\n"
        "combat:\n  attackers: [{creature: f, target: pw}, {creature: x, target: pw}]\n")
    result = combat_damage(parse_board_text(text, "t.yaml"))
    assert result.permanents == ({"id": "pw", "loyalty": 3, "loyalty_after": 0, "destroyed": True},)
    assert [(a["step"], a["source"], a["assigned"]) for a in result.assignment] == [("first strike", "f", 3)]


def test_702_12b_indestructible_survives_deathtouch() -> None:
    """702.12b, 704.5h: deathtouch damage destroys; an indestructible creature isn't destroyed."""
    _, dead, _ = outcome(c("x", "a", 1, 1, "deathtouch") + c("g", "d", 0, 1, "indestructible"),
                         "[{creature: x, target: d}]", "[{creature: g, blocks: [x]}]")
    assert dead == set()
    _, dead, _ = outcome(c("x", "a", 1, 1) + c("g", "d", 0, 1, "indestructible", ", deathtouch_damage: true"),
                         "[{creature: x, target: d}]", "[{creature: g, blocks: [x]}]")
    assert dead == set()


def real(real_cards, perms: list[dict], attackers: dict[str, str], blocks: dict[str, list[str]] | None = None,
         life: int = 20):
    """``damage`` on real cards: alice's ids start with ``a``, d's with ``d``."""
    from mtgsolver import load_board

    data = {"version": 1, "active_player": "a", "players": [{"name": "a"}, {"name": "d", "life": life}],
            "battlefield": [dict(p, controller="a" if p["id"].startswith("a") else "d") for p in perms],
            "combat": {"attackers": [{"creature": c, "target": t} for c, t in attackers.items()],
                       "blockers": [{"creature": b, "blocks": a} for b, a in (blocks or {}).items()]}}
    result = combat_damage(load_board(data, library=real_cards))
    assert result.decided
    return result, {d["creature"] for d in result.destroyed if not d["returns"]}, result.players[1]


def test_702_15b_the_default_objective_wins_with_real_cards(real_cards) -> None:
    """Swiftblade Vindicator (double strike, trample) with three +1/+1 counters, blocked by
    Champion of Arashin (3/2 lifelink) and Wall of Wood (0/3) with Bob at 2: the Champion dies in
    the first-strike step and 3 damage tramples over in the regular step (704.5a)."""
    result, dead, d = real(real_cards, [{"id": "a_blade", "card": "Swiftblade Vindicator", "counters": {"+1/+1": 3}},
                                  {"id": "d_champion", "card": "Champion of Arashin"},
                                  {"id": "d_wall", "card": "Wall of Wood"}],
                           {"a_blade": "d"}, {"d_champion": ["a_blade"], "d_wall": ["a_blade"]}, life=2)
    assert d["loses"] and dead == {"d_champion", "d_wall"}
    assert ("d_champion", "first strike") in {(x["creature"], x["step"]) for x in result.destroyed}


def test_104_2a_no_regular_step_with_real_cards(real_cards) -> None:
    """Skyhunter Skirmisher's first-strike damage leaves d at 0: Child of Night's lifelink in the
    regular step never happens."""
    result, _, d = real(real_cards, [{"id": "a_flyer", "card": "Skyhunter Skirmisher"},
                               {"id": "a_bears", "card": "Grizzly Bears"}, {"id": "d_child", "card": "Child of Night"}],
                        {"a_flyer": "d", "a_bears": "d"}, {"d_child": ["a_bears"]}, life=1)
    assert d["loses"] and d["life_after"] == 0
    assert {a["step"] for a in result.assignment} == {"first strike"}


def test_702_16e_lifelink_and_protection_with_real_cards(real_cards) -> None:
    """Child of Night (black, lifelink) blocked by Llanowar Knight (protection from black): its
    damage is prevented and a gains nothing; the Knight kills it."""
    result, dead, _ = real(real_cards, [{"id": "a_child", "card": "Child of Night"},
                                  {"id": "d_knight", "card": "Llanowar Knight"}],
                           {"a_child": "d"}, {"d_knight": ["a_child"]})
    assert result.players[0]["life_after"] == 20 and dead == {"a_child"}


def test_704_5i_planeswalker_gone_with_real_cards(real_cards) -> None:
    """Black Knight and White Knight (first strike) take Garruk Wildspeaker's 3 loyalty in the
    first-strike step; Hill Giant, attacking Garruk too, deals no damage in the regular step."""
    result, _, d = real(real_cards, [{"id": "a_black", "card": "Black Knight"}, {"id": "a_white", "card": "White Knight"},
                               {"id": "a_giant", "card": "Hill Giant"},
                               {"id": "d_garruk", "card": "Garruk Wildspeaker"}],
                        {"a_black": "d_garruk", "a_white": "d_garruk", "a_giant": "d_garruk"})
    assert result.permanents[0]["destroyed"] and d["life_after"] == 20
    assert {a["source"] for a in result.assignment} == {"a_black", "a_white"}


def test_702_12b_deathtouch_and_indestructible_with_real_cards(real_cards) -> None:
    """Typhoid Rats' deathtouch damage doesn't destroy Darksteel Myr."""
    _, dead, _ = real(real_cards, [{"id": "a_rats", "card": "Typhoid Rats"}, {"id": "d_myr", "card": "Darksteel Myr"}],
                      {"a_rats": "d"}, {"d_myr": ["a_rats"]})
    assert dead == set()


def test_104_2a_with_three_players_the_game_goes_on() -> None:
    """104.2a, 800.4a: with three players, one losing at the check after the first-strike step
    leaves the game while it goes on; what leaves with them is not modelled, so the answer is
    undecided with the reason."""
    text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: d, life: 2}, {name: e, life: 20}]\n"
            "battlefield:\n" + c("x", "a", 2, 2, "first_strike") + c("y", "a", 3, 3)
            + "combat:\n  attackers: [{creature: x, target: d}, {creature: y, target: e}]\n")
    result = combat_damage(parse_board_text(text, "t.yaml"))
    assert result.decided is None and any(n.startswith("800.4a: d loses") for n in result.notes)
    assert [p["life_after"] for p in result.players] == [20, 0, 17]


def test_510_1a_an_attacker_assigning_damage_by_toughness() -> None:
    """510.1a (Doran, the Siege Tower): an unblocked 0/4 assigning combat damage by its
    toughness deals 4; a 0/4 without the ability deals none."""
    _, _, d = outcome(c("x", "a", 0, 4, "", ", abilities: [assigns_damage_by_toughness]"), "[{creature: x, target: d}]")
    assert d["life_after"] == 16
    _, _, d = outcome(c("x", "a", 0, 4), "[{creature: x, target: d}]")
    assert d["life_after"] == 20


def test_unmodelled_combat_keywords_are_named() -> None:
    """Annihilator (702.86a: the sacrifices are the defending player's choice) and a numbered
    keyword known without its number (a bare "bushido", 702.45a bushido N) are not modelled;
    bushido with its number is."""
    from dataclasses import replace

    from mtgsolver.rules.damage import unsupported_keywords

    text = HEAD % (20, 0) + c("y", "a", 2, 2, "", ", abilities: [{bushido: 1}, {annihilator: 2}]")
    y = parse_board_text(text, "t.yaml").permanent("y")
    assert unsupported_keywords(y) == ["annihilator"]
    assert unsupported_keywords(replace(y, keywords=frozenset({"bushido"}))) == ["annihilator"]
    bare = replace(y, keywords=frozenset({"bushido", "rampage"}), abilities=y.abilities[1:])
    assert unsupported_keywords(bare) == ["annihilator", "bushido", "rampage"]


def test_annihilator_makes_the_damage_undecided() -> None:
    """Ulamog's Crusher's annihilator 2 (702.86a) in combat: the answer is undecided, with the note."""
    text = HEAD % (20, 0) + c("x", "a", 8, 8, "", ", abilities: [{annihilator: 2}]") \
        + "combat:\n  attackers: [{creature: x, target: d}]\n"
    result = combat_damage(parse_board_text(text, "t.yaml"))
    assert not result.decided and any("has annihilator" in n for n in result.notes)


@pytest.mark.parametrize("life, after", [(20, 17), (10, 8)])
def test_702_105a_dethrone_counter_only_against_the_most_life(life: int, after: int) -> None:
    """702.105a: a 2/2 with dethrone attacking the player tied for most life gets a +1/+1 counter
    and deals 3; attacking a player with less life than its controller, it deals 2."""
    _, _, d = outcome(c("x", "a", 2, 2, "dethrone"), "[{creature: x, target: d}]", life=life)
    assert d["life_after"] == after


@pytest.mark.parametrize("blocker, poison, life", [(4, 0, 20), (1, 2, 18)])
def test_702_164c_toxic_poisons_only_with_damage_dealt_to_the_player(blocker: int, poison: int, life: int) -> None:
    """702.164c: a 3/3 trampler with toxic 2 gives poison counters only if it deals combat damage to
    the player: none past a 0/4 blocker (all 3 are needed for lethal, 702.19b), 2 past a 0/1."""
    _, _, d = outcome(c("x", "a", 3, 3, "trample, {toxic: 2}") + c("w", "d", 0, blocker),
                      "[{creature: x, target: d}]", "[{creature: w, blocks: [x]}]")
    assert (d["poison_after"], d["life_after"]) == (poison, life)


@pytest.mark.parametrize("attackers, life", [((1, 7), 15), ((0, 2), 20)])
def test_702_19c_trample_over_planeswalkers_past_the_loyalty_to_its_controller(attackers: tuple[int, int],
                                                                              life: int) -> None:
    """702.19c's example: a 1/1 and a 7/7 with trample over planeswalkers attack a planeswalker with three
    loyalty counters: 1 and 2 to it (the other attacker's damage counts), 5 to its controller; a 2/2
    alone can't assign its controller any."""
    pw = "  - {id: pw, name: pw, controller: d, types: [planeswalker], loyalty: 3}\n"
    small, large = attackers
    plain = c("x", "a", small, 1) if small else ""
    declared = ("[{creature: x, target: pw}, " if small else "[") + "{creature: y, target: pw}]"
    _, _, d = outcome(plain + c("y", "a", large, large, "", ", abilities: [trample_over_planeswalkers]") + pw,
                      declared)
    assert d["life_after"] == life


@pytest.mark.parametrize("counters, returns", [("", True), (", counters: {-1/-1: 1}", False)])
def test_702_79a_persist_returns_only_without_a_minus_counter(counters: str, returns: bool) -> None:
    """702.79a: a 3/2 with persist killed in combat returns only if it had no -1/-1 counter on it."""
    result, _, _ = outcome(c("x", "a", 3, 3) + c("p", "d", 3, 2, "persist", counters),
                           "[{creature: x, target: d}]", "[{creature: p, blocks: [x]}]")
    assert [e["returns"] for e in result.destroyed if e["creature"] == "p"] == [returns]
