"""The opponent's instant-speed moves as their answers in the whole-turn search (117.3b-d,
117.4, 405, 608.1): they get priority before each object on the stack resolves and whenever the
searching player passes with an empty stack; a win must hold against each answer, passing
included, and an answer the search can't make keeps the verdict undecided."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mtgsolver.load import parse_board_text, prepare
from mtgsolver.read.card_files import bundled_library
from mtgsolver.rules.game import Game
from mtgsolver.solver.resolve import LibraryReader
from mtgsolver.solver.turn import answerer, perform
from mtgsolver.solver.turn_moves import moves
from mtgsolver.solver.win import check_line, replay, win_turn

SPITTER = ("{id: spitter, name: Spitter, types: [creature], power: 1, toughness: 1, controller: bob, "
           "text: 'Sacrifice Spitter: Put a -1/-1 counter on target creature.'}")


def board(life: int, mine: Sequence[str], theirs: Sequence[str] = (SPITTER,), hand: str = "", lands: int = 0) -> Any:
    """alice's precombat main phase against bob at ``life``; ``mine`` alice's creatures (name,
    power/toughness and keywords as ``Name 1/1 flying``), ``theirs`` bob's permanents."""
    perms = []
    for i, spec in enumerate(mine):
        name, pt, *keywords = spec.split()
        p, t = pt.split("/")
        kw = f", keywords: [{', '.join(keywords)}]" if keywords else ""
        perms.append(f"  - {{id: c{i}, name: {name}, types: [creature], power: {p}, toughness: {t}, "
                     f"controller: alice{kw}}}")
    perms += [f"  - {{id: m{i}, card: Mountain, controller: alice}}" for i in range(lands)]
    perms += [f"  - {t}" for t in theirs]
    zones = f"zones: {{alice: {{hand: [{hand}]}}}}\n" if hand else ""
    return parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, "
                            f"{{name: bob, life: {life}}}]\nturn: {{step: precombat_main}}\n{zones}battlefield:\n"
                            + "\n".join(perms) + "\n", "answers.yaml")


def test_an_opponent_with_an_ability_answers_and_a_refuted_line_is_no_win() -> None:
    """117.3d, 117.4: bob sacrifices Spitter to put a -1/-1 counter on the 1/1 flyer before it
    deals damage (704.5f), and alice has nothing to respond with: no win, proven, where it was
    undecided while the opponent's priority was not searched. Without the ability, the flyer
    wins."""
    answer = win_turn(board(1, ["Hawk 1/1 flying"]))
    assert answer.solved is False, answer.reasons
    plain = SPITTER.replace("text: 'Sacrifice Spitter: Put a -1/-1 counter on target creature.'", "text: ''")
    assert win_turn(board(1, ["Hawk 1/1 flying"], [plain])).solved is True


def test_a_line_wins_against_every_answer_and_replays_down_each() -> None:
    """A 2/2 flyer survives the counter as a 1/1 and still deals the last point of damage: the
    line branches on bob's answers (passing among them) and each path replays to bob losing
    (704.5a)."""
    start = board(1, ["Roc 2/2 flying"])
    answer = win_turn(start)
    assert answer.solved is True, answer.reasons
    assert answer.line is not None and answer.line.paths() > 1
    leaves = [p for p in replay(start, answer.line) if p.leaf]
    assert len(leaves) == answer.line.paths() and all(p.board.player("bob").lost for p in leaves)
    assert any("bob" in " ".join(p.path) and "Spitter" in " ".join(p.path) for p in leaves)
    assert all(c.ok for c in check_line(start, answer.line)), [c.detail for c in check_line(start, answer.line) if not c.ok]


def test_the_answer_goes_on_the_stack_above_the_spell_and_resolves_first() -> None:
    """405.2, 608.1, 608.2b: alice casts +1/+1 on her 1/1; bob answers with Spitter's -1/-1
    counter, which resolves first: the 1/1 dies (704.5f) and the pump, its target gone, doesn't
    resolve. Passing instead, the pump resolves and the creature is a 2/2."""
    pump = "{name: Lift, types: [instant], mana_cost: '{R}', text: 'Target creature gets +1/+1 until end of turn.'}"
    start = prepare(board(5, ["Bear 1/1"], hand=pump, lands=1))
    assert answerer(start) == "bob"
    reader = LibraryReader(bundled_library())
    cast = next(m for m in moves(Game(start, reader, _Pick(())), "alice", False).moves
                if m.kind == "cast" and m.targets == (("c0",),))

    def after(pick: tuple[str, ...]) -> Game:
        game = Game(start, reader, _Pick(pick))
        perform(game, ("move", cast), "bob")
        return game

    answered = after(("Spitter",))
    assert not answered.on_battlefield("c0") and not answered.on_battlefield("spitter")
    passed = after(("pass",))
    assert passed.view().permanent("c0").power == 2 and passed.on_battlefield("spitter")


def test_the_searching_player_responds_to_an_answer() -> None:
    """117.3c: at 1 life, bob's counter on the 1/1 flyer is answered by alice's +2/+2, which
    resolves first (405.2): the flyer is a 2/2 when the counter resolves and deals the last
    point; the line replays and checks. At 2 life bob waits for the pump and answers it (the
    counter resolves first, the 1/1 dies): no win, alice having nothing left to respond with."""
    pump = "{name: Heave, types: [instant], mana_cost: '{R}', text: 'Target creature gets +2/+2 until end of turn.'}"
    start = board(1, ["Hawk 1/1 flying"], hand=pump, lands=1)
    answer = win_turn(start)
    assert answer.solved is True and answer.line is not None, answer.reasons
    assert any("alice: answer:alice = cast Heave" in c for p in replay(start, answer.line) for c in p.step.choices)
    assert all(c.ok for c in check_line(start, answer.line))
    assert win_turn(board(2, ["Hawk 1/1 flying"], hand=pump, lands=1)).solved is False


def test_a_refutation_alice_might_have_answered_is_not_claimed() -> None:
    """A response of alice's the search can't make (an instant it doesn't read) leaves a
    refutation by bob's answer unproven: undecided, not "no win"."""
    odd = "{name: Odd, types: [instant], mana_cost: '{R}', text: 'Frobnicate target creature.'}"
    answer = win_turn(board(1, ["Hawk 1/1 flying"], hand=odd, lands=1))
    assert answer.solved is None and "Odd: what it does is not read" in answer.reasons, answer.reasons


def test_an_unknown_card_in_the_opponents_hand_still_leaves_it_undecided() -> None:
    """An unknown card could be any instant (117.1a): the answers searched don't settle it."""
    hidden = parse_board_text("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob, life: 1}]\n"
                              "turn: {step: precombat_main}\nzones: {bob: {hand: {count: 1}}}\nbattlefield:\n"
                              "  - {id: c0, name: Roc, types: [creature], power: 2, toughness: 2, controller: alice, "
                              f"keywords: [flying]}}\n  - {SPITTER}\n", "hidden.yaml")
    answer = win_turn(hidden)
    assert answer.solved is None and any("1 card in hand" in r for r in answer.reasons), answer.reasons


def test_fume_spitter_is_searched_as_the_opponents_answer(real_cards) -> None:
    """The real Fume Spitter ("Sacrifice Fume Spitter: Put a -1/-1 counter on target creature.",
    PP07): Serra Angel, 4/4 flying, becomes a 3/3 (wins at 3 life, not at 4); Suntail Hawk, a
    1/1 flyer, dies to it."""
    def real(life: int, creature: str) -> Any:
        return parse_board_text("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: " + str(life)
                                + "}]\nturn: {step: precombat_main}\nbattlefield:\n"
                                f"  - {{id: x, card: {creature}, controller: a}}\n"
                                "  - {id: f, card: Fume Spitter, controller: b}\n", "fume.yaml", real_cards)

    assert win_turn(real(3, "Serra Angel"), real_cards).solved is True
    assert win_turn(real(4, "Serra Angel"), real_cards).solved is False
    assert win_turn(real(1, "Suntail Hawk"), real_cards).solved is False


class _Pick:
    """A chooser taking, at each choice, the first option containing the next word of ``pick``
    (the rest: option 0)."""

    def __init__(self, pick: tuple[str, ...]) -> None:
        self.pick = list(pick)

    def choose(self, key: str, options: Sequence[str]) -> int:
        if key.startswith("answer:") and self.pick:
            word = self.pick.pop(0)
            return next(i for i, o in enumerate(options) if word in o)
        return 0



def test_a_spell_answered_on_the_stack_still_wins_and_its_check_says_so() -> None:
    """608.2b: Spitter's counter on alice's creature in answer to her burn at bob's last life
    point changes nothing: the burn resolves. The line branches on bob's answer; the step with
    it is judged by replaying the rules (``resolve`` doesn't make the opponent's answer), the
    step bob passes on by ``pay`` and ``resolve``."""
    burn = "{name: Jolt, types: [instant], mana_cost: '{R}', text: 'Jolt deals 1 damage to any target.'}"
    start = board(1, ["Bear 1/1"], hand=burn, lands=1)
    answer = win_turn(start)
    assert answer.solved is True and answer.line is not None, answer.reasons
    checks = check_line(start, answer.line)
    assert all(c.ok for c in checks), [c.detail for c in checks if not c.ok]
    ops = {c.operation for c in checks if c.step.kind == "move"}
    assert ops == {"rules", "pay, resolve"}, [(c.step.text, c.step.choices, c.operation) for c in checks]


def test_more_answers_than_the_search_plays_leave_it_undecided(monkeypatch) -> None:
    """Two Spitters can answer Jolt twice before it resolves (117.3c, 117.4); a search that plays
    one answer a step (``MAX_ANSWERS`` lowered from 4 to keep the test quick) notes the second,
    and the win Jolt would be is undecided."""
    from mtgsolver.solver import turn

    monkeypatch.setattr(turn, "MAX_ANSWERS", 1)
    burn = "{name: Jolt, types: [instant], mana_cost: '{R}', text: 'Jolt deals 1 damage to any target.'}"
    spitters = [SPITTER.replace("id: spitter", f"id: spitter{i}") for i in range(2)]
    answer = win_turn(board(1, [], spitters, hand=burn, lands=1))
    assert answer.solved is None and any("more than 1 moves of bob" in r for r in answer.reasons), answer.reasons


def test_an_unread_line_of_a_card_the_opponent_could_cast_bears_on_no_win(real_cards) -> None:
    """The search casts the opponent's flash creature (Vendilion Clique) as it reads it; its
    unread "When ~ enters" line could undo a refutation, so "no win" is undecided (a 1/1 flyer
    against 2 life: none either way on what is read). Spellstutter Sprite's line (PP29), read
    (107.3c), leaves "no win"."""
    def answer(card: str):
        text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: 2}]\n"
                f"turn: {{step: precombat_main}}\nzones: {{b: {{hand: [{card}]}}}}\nbattlefield:\n"
                "  - {id: x, card: Suntail Hawk, controller: a}\n"
                + "".join(f"  - {{id: i{i}, card: Island, controller: b}}\n" for i in range(3)))
        return win_turn(parse_board_text(text, "flash.yaml", real_cards), real_cards)

    unread = answer("Vendilion Clique")
    assert unread.solved is None and "text not read could give a line that wins" in unread.reasons, unread.reasons
    assert [u.line.split(",")[0] for u in unread.unread] == ["When Vendilion Clique enters the battlefield"]
    read = answer("Spellstutter Sprite")
    assert read.solved is False and read.unread == (), read.reasons


def test_a_choice_made_as_an_answer_resolves_is_its_controllers() -> None:
    """608.2d: the choices made as a spell resolves ("you may", its targets' fallback keys) are
    its controller's: bob's as his answer resolves, alice's as hers does."""
    import time

    from mtgsolver.solver.turn import TurnSearch, _Script

    search = TurnSearch(prepare(board(1, ["Hawk 1/1 flying"])), bundled_library(), time.monotonic() + 60)
    script = _Script((), search.owner)
    game = Game(search.root, LibraryReader(bundled_library()), script)
    for controller in ("bob", "alice"):
        script.resolving = controller
        assert search.owner(game, "may:h1") == controller


def test_spellstutter_sprite_counters_a_spell_of_mana_value_up_to_the_faeries_counted_twice(real_cards) -> None:
    """107.3c: X is the number of Faeries bob controls, the Sprite itself included, counted as
    its trigger targets (603.3d) and again as it resolves (608.2b). Searing Spear (mana value 2)
    against 3 life: the lone Sprite counters no such spell; with Faerie Miscreant it does; and
    Disfigure killing the Miscreant leaves the Spear an illegal target (the Sprite's ruling)."""
    def answer(theirs: str, mine: str):
        text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: 3}]\n"
                f"turn: {{step: precombat_main}}\nzones: {{a: {{hand: [{mine}]}}, b: {{hand: [Spellstutter Sprite]}}}}\n"
                "battlefield:\n  - {id: m, card: Mountain, controller: a}\n  - {id: m2, card: Mountain, controller: a}\n"
                "  - {id: s, card: Swamp, controller: a}\n"
                + "".join(f"  - {{id: i{i}, card: Island, controller: b}}\n" for i in range(2)) + theirs)
        return win_turn(parse_board_text(text, "sprite.yaml", real_cards), real_cards, time_limit=60)

    miscreant = "  - {id: f, card: Faerie Miscreant, controller: b}\n"
    for theirs, mine, solved in (("", "Searing Spear", True), (miscreant, "Searing Spear", False),
                                 (miscreant, "Searing Spear, Disfigure", True)):
        found = answer(theirs, mine)
        assert found.solved is solved and found.unread == (), (theirs, mine, found.reasons)


def test_angelic_renewal_returns_a_creature_put_into_its_controllers_graveyard(real_cards) -> None:
    """603.6c, 608.2c: Angelic Renewal, sacrificed ("if you do"), returns "that card", the
    creature that died (603.10a, 400.7), which blocks the Bears: no win against 2 life. Without
    it the Bears win; a creature alice owns goes to her graveyard (400.3), not bob's: no trigger."""
    def answer(renewal: bool, owner: str):
        text = ("version: 1\nactive_player: a\nplayers: [{name: a}, {name: b, life: 2}]\n"
                "turn: {step: precombat_main}\nzones: {a: {hand: [Disfigure]}}\nbattlefield:\n"
                "  - {id: s, card: Swamp, controller: a}\n  - {id: g, card: Grizzly Bears, controller: a}\n"
                f"  - {{id: w, card: Runeclaw Bear, controller: b, owner: {owner}}}\n"
                + ("  - {id: r, card: Angelic Renewal, controller: b}\n" if renewal else ""))
        return win_turn(parse_board_text(text, "renewal.yaml", real_cards), real_cards, time_limit=60)

    for renewal, owner, solved in ((True, "b", False), (False, "b", True), (True, "a", True)):
        found = answer(renewal, owner)
        assert found.solved is solved and found.unread == (), (renewal, owner, found.reasons)
