"""phase.rs's AI on a puzzle board: does it win the turn in its own engine?

phase.rs (PyPI ``phase-python``, MIT; ``pip install -e '.[phase]'``) is a rules engine with an
AI (``Game.choose_action``). :func:`phase_ai_wins` sets a board of mtgsolver up as a phase game
(:class:`references.phase_peer.Phase`: every card in its controller's deck, moved to its zone
by debug actions; tokens made from their characteristics; counters, tapped and summoning-sick
status, Auras attached, life and poison; the board's step with its active player, in phase's
second turn, a declared attack made again, then the mana in pools), then lets the AI take every
decision of both players, at :data:`DIFFICULTY`, until the puzzle's last turn ends, either
player loses, an action cap or the time limit. The AI plays the opponent too: its blocks and its
answers at instant speed come from the same AI.

What the setup leaves out is said in the result's notes (a token's abilities other than its
keywords, damage marked, the unknown cards of a hand, a card controlled by a player who doesn't
own it); a board it cannot set up at all (a card phase's pool lacks, a spell on the stack,
declared blocks, a prompt during the setup) is "not loaded" with the reason. Cards whose text
phase's own Oracle parser left partly ``Unimplemented`` are listed.
"""
from __future__ import annotations

import functools
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
from peer_env import SHARED  # noqa: E402

from mtgsolver.model.board import Board  # noqa: E402
from mtgsolver.model.permanent import Permanent  # noqa: E402
from references.phase_peer import SEATS, Phase, PhaseSetupError, card_data, load_pool, unimplemented  # noqa: E402

__all__ = ["DIFFICULTY", "PhaseAIResult", "board_spec", "phase_ai_wins"]

POOL = SHARED / "data" / "AtomicCards-2022-04-25.json.gz"
#: phase's strongest AI level (``choose_action``'s labels: VeryEasy, Easy, Medium, Hard, VeryHard, CEDH).
DIFFICULTY = "CEDH"
#: At most this many actions in a puzzle (a loop of the AI ends there).
MAX_ACTIONS = 400
#: Our steps (mtgsolver.model.zones.TURN_STEPS) as phase's phases.
PHASES = {"untap": "Untap", "upkeep": "Upkeep", "draw": "Draw", "precombat_main": "PreCombatMain",
          "beginning_of_combat": "BeginCombat", "declare_attackers": "DeclareAttackers",
          "declare_blockers": "DeclareBlockers", "combat_damage": "CombatDamage", "end_of_combat": "EndCombat",
          "postcombat_main": "PostCombatMain", "end": "End", "cleanup": "Cleanup"}
#: Counter names of board files as phase names them.
COUNTERS = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}
#: Mana in a pool (106.1) as phase's debug action adds it.
MANA = {**COLORS, "C": "Colorless"}


@dataclass(frozen=True)
class PhaseAIResult:
    """``outcome``: ``"won"``, ``"not won"`` or ``"not loaded"``; ``why`` says how it ended (or
    why the board could not be set up); the wall and CPU seconds it took, the actions taken;
    ``notes`` what the setup left out; ``unimplemented`` the cards phase's parser read only in
    part; ``line`` what the AI did."""

    outcome: str
    why: str
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    actions: int = 0
    notes: tuple[str, ...] = ()
    unimplemented: tuple[str, ...] = ()
    #: the actions taken other than passing priority, as ``seat: kind card``
    line: tuple[str, ...] = ()


@functools.lru_cache(maxsize=1)
def _shared_pool() -> dict[str, list[dict[str, Any]]]:
    return load_pool(POOL)


def _face_names(pool: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    """Each face name of the pool's multi-face cards -> the card's name."""
    return {f["faceName"]: name for name, fs in pool.items() if len(fs) > 1 for f in fs if f.get("faceName")}


def _keyword(name: str) -> str:
    """A canonical keyword (``first_strike``) as phase spells it (``FirstStrike``)."""
    return "".join(w.capitalize() for w in re.split(r"[_ ]", name))


def _token(p: Permanent, notes: list[str]) -> dict[str, Any]:
    """phase's token characteristics of the token ``p`` (111.1): its name, types, colors,
    keywords and power and toughness."""
    if p.abilities:
        notes.append(f"token {p.name}: its abilities other than keywords left out")
    out: dict[str, Any] = {
        "display_name": p.name, "core_types": sorted(t.capitalize() for t in p.types),
        "subtypes": sorted(s.title() for s in p.subtypes), "supertypes": sorted(s.capitalize() for s in p.supertypes),
        "colors": [COLORS[c.value] for c in sorted(p.colors)], "keywords": sorted(_keyword(k) for k in p.keywords)}
    if p.base_power is not None:
        out["power"], out["toughness"] = p.base_power, p.base_toughness
    return out


def board_spec(board: Board) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """The board as a :class:`~references.phase_peer.Phase` spec; our player names -> the
    spec's (``a``: the puzzle's side, or the active player), and what the spec leaves out.

    :raises PhaseSetupError: for what phase can't be given (a spell or ability on the stack).
    """
    if board.stack:
        raise PhaseSetupError(f"{len(board.stack)} item(s) on the stack")
    side = board.puzzle.side if board.puzzle else board.active_player
    seats = {side: "a", **{pl.name: "b" for pl in board.players if pl.name != side}}
    notes: list[str] = []
    perms = []
    for p in board.permanents:
        entry: dict[str, Any] = {"id": p.id, "controller": seats[p.controller], "tapped": p.tapped,
                                 "sick": p.summoning_sick}
        if p.card is None:
            entry["token"] = _token(p, notes)
        else:
            entry["card"] = p.card.name
            if p.name != p.card.name and p.name != p.card.name.split(" // ")[0]:
                notes.append(f"{p.card.name} as {p.name}: set up as its front face")
        if p.counters:
            entry["counters"] = {COUNTERS.get(k, k): n for k, n in p.counters.items()}
        if p.attached_to:
            entry["attached_to"] = f"player:{seats[p.attached_to]}" if p.attached_to in seats else p.attached_to
        if p.damage:
            notes.append(f"{p.name}: {p.damage} damage marked left out")
        if p.owner != p.controller:
            notes.append(f"{p.name}: set up as its controller's own card")
        perms.append(entry)
    zones = {}
    for name, who in seats.items():
        z = board.zones.get(name)
        if z is None:
            zones[who] = {}
            continue
        if z.hand_count > len(z.hand):
            notes.append(f"{name}: {z.hand_count - len(z.hand)} unknown card(s) in hand left out")
        zones[who] = {"hand": [c.card.name for c in z.hand], "library": [c.card.name for c in z.library_top],
                      "graveyard": [c.card.name for c in z.graveyard], "exile": [c.card.name for c in z.exile],
                      "filler": max(z.library_count - len(z.library_top), 0)}
    mana: dict[str, list[str]] = {}
    for name, pool in board.mana_pools.items():
        for m in pool:
            mana.setdefault(seats[name], []).extend([MANA[m.type]] * m.amount)
            if m.spend_only:
                notes.append(f"{name}'s {m.type}: what it may be spent on left out")
    for what, counts in (("land(s) played", board.turn.lands_played), ("spell(s) cast", board.turn.spells_cast)):
        if any(counts.values()):
            notes.append(f"{what} this turn left out")
    if board.effects:
        notes.append(f"{len(board.effects)} effect(s) of earlier this turn left out")
    spec = {"permanents": perms, "zones": zones, "mana": mana,
            "life": {seats[pl.name]: pl.life for pl in board.players},
            "poison": {seats[pl.name]: pl.poison for pl in board.players}}
    counted = {n: notes.count(n) for n in notes}
    return spec, seats, [n if k == 1 else f"{n} (x{k})" for n, k in counted.items()]


def _pool_names(spec: dict[str, Any], name: Any) -> None:
    """Each card of ``spec`` named as the pool names it (``name``: a face's name -> its card's)."""
    for p in spec["permanents"]:
        if "card" in p:
            p["card"] = name(p["card"])
    for z in spec["zones"].values():
        for k in ("hand", "library", "graveyard", "exile"):
            if k in z:
                z[k] = [name(c) for c in z[k]]


def _to_step(peer: Phase, game: Any, board: Board, active: int, seats: dict[str, str], ids: dict[str, int]) -> Any:
    """The game at the board's step with its active player, in the game's second turn (on the
    first, phase skips the draw step, 103.8a); in a combat, the board's declared attack (508.1)
    made in phase's declare attackers step first.

    :raises PhaseSetupError: for declared blocks, or an attack phase refuses.
    """
    state = game.state()
    state["state"]["turn_number"] = 2
    game = peer.engine.load_game(state)
    combat = board.combat
    if combat is None or not combat.attackers:
        peer._debug(game, "SetPhase", {"phase": PHASES[board.turn.step], "active_player": active})
        return game
    if combat.blockers:
        raise PhaseSetupError("declared blocks are not set up")
    peer._debug(game, "SetPhase", {"phase": "BeginCombat", "active_player": active})
    if peer._advance(game, "DeclareAttackers") is None:
        raise PhaseSetupError("phase skipped the declare attackers step")
    attacks = []
    tapped = [ids[a.creature] for a in combat.attackers if board.permanent(a.creature).tapped]
    for oid in tapped:  # tapped by attacking on the board: untapped to declare, tapped again after
        peer._debug(game, "SetTapped", {"object_id": oid, "tapped": False})
    for a in combat.attackers:
        target = a.target or a.defender
        attacks.append([ids[a.creature], {"type": "Player", "data": SEATS[seats[target]]} if target in seats
                        else {"type": "Object", "data": ids[target]}])
    try:
        game.apply(active, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
        peer._pay_tax(game)
    except ValueError as exc:
        raise PhaseSetupError(f"phase refuses the declared attack: {exc}") from exc
    for oid in tapped:
        peer._debug(game, "SetTapped", {"object_id": oid, "tapped": True})
    if board.turn.step != "declare_attackers" and peer._advance(game, "DeclareBlockers") is None:
        raise PhaseSetupError("phase skipped the declare blockers step")
    return game


def _actor(game: Any) -> int:
    """The seat the game waits for."""
    data = game.waiting_for().get("data") or {}
    if isinstance(data, dict) and isinstance(data.get("player"), int):
        return data["player"]
    return game.priority_player()


def _lost(game: Any, seat: int) -> bool:
    player = game.player(seat)
    return bool(player.get("is_eliminated")) or (player.get("status") or {}).get("type") not in (None, "Active")


def phase_ai_wins(board: Board, time_limit: float, difficulty: str = DIFFICULTY, max_actions: int = MAX_ACTIONS,
                  pool: dict[str, list[dict[str, Any]]] | None = None) -> PhaseAIResult:
    """Whether phase's AI, deciding for both players, wins ``board``'s "win" puzzle for its side
    within the puzzle's turns, ``max_actions`` actions and ``time_limit`` CPU seconds of this
    process (the setup included: phase runs in this thread, and CPU seconds do not stretch with
    the load of a shared machine); ``pool``: the MTGJSON cards phase's card data is built from
    (default: the shared AtomicCards pool, read once)."""
    start, cpu = time.perf_counter(), time.process_time()
    notes: list[str] = []
    lacking: tuple[str, ...] = ()
    actions = 0
    line: list[str] = []

    def result(outcome: str, why: str) -> PhaseAIResult:
        return PhaseAIResult(outcome, why, time.perf_counter() - start, time.process_time() - cpu, actions,
                             tuple(notes), lacking, tuple(line))

    try:
        import phase  # noqa: F401
    except ImportError:
        return result("not loaded", "phase-python is not installed (pip install -e '.[phase]')")
    if board.puzzle is None or board.puzzle.goal != "win":
        return result("not loaded", "the board states no puzzle to win (its goal has no mtgsolver goal)")
    try:
        spec, seats, notes = board_spec(board)
        pool = pool if pool is not None else _shared_pool()
        faces = _face_names(pool)
        _pool_names(spec, lambda n: n if n in pool else faces.get(n, n))
        names = {p["card"] for p in spec["permanents"] if "card" in p}
        names |= {c for z in spec["zones"].values() for k in ("hand", "library", "graveyard", "exile")
                  for c in z.get(k, ())}
        missing = sorted(n for n in names if n not in pool)
        if missing:
            raise PhaseSetupError("cards the pool lacks: " + ", ".join(missing))
        data = card_data(pool, names)
        lacking = tuple(sorted(unimplemented(data)))
        peer = Phase(data)
        game, ids = peer._board(spec)
        active = 0 if seats.get(board.active_player) == "a" else 1
        game = _to_step(peer, game, board, active, seats, ids)
        for who, kinds in spec["mana"].items():  # after the step is set: mana empties between steps (500.4)
            peer._debug(game, "AddMana", {"player_id": SEATS[who], "mana": kinds})
    except (PhaseSetupError, ValueError) as exc:
        return result("not loaded", str(exc))
    first_turn = game.turn
    last_turn = first_turn + board.puzzle.turns - 1
    while True:
        if _lost(game, 1):
            return result("won", f"the opponent lost ({game.phase}, turn {game.turn - first_turn + 1})")
        if _lost(game, 0):
            return result("not won", f"the puzzle's side lost ({game.phase}, turn {game.turn - first_turn + 1})")
        if game.waiting_for()["type"] == "GameOver":
            return result("not won", "the game ended without the opponent losing")
        if game.turn > last_turn:
            return result("not won", "the puzzle's turns ended")
        if actions >= max_actions:
            return result("not won", f"action cap ({max_actions})")
        if time.process_time() - cpu > time_limit:
            return result("not won", "time limit")
        seat = _actor(game)
        try:
            legal = game.actions()
            # a prompt with one legal action (most often passing priority) needs no search
            action = legal[0] if len(legal) == 1 else game.choose_action(seat, difficulty=difficulty)
        except BaseException as exc:  # a panic of the engine comes as pyo3's PanicException
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            return result("not won", f"the AI failed at a {game.waiting_for()['type']} prompt: {_short(exc)}")
        if action is None:
            return result("not won", f"the AI chose no action at a {game.waiting_for()['type']} prompt")
        if action.kind != "PassPriority":
            line.append(_described(game, seat, action))
        try:
            game.apply(seat, action)
        except BaseException as exc:
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            return result("not won", f"the engine refused the AI's {action.kind}: {_short(exc)}")
        actions += 1


def _described(game: Any, seat: int, action: Any) -> str:
    """``seat: kind card`` for an action on a card (``a``: the puzzle's side, ``b``: the opponent)."""
    data = action.data if isinstance(action.data, dict) else {}
    oid = data.get("object_id", data.get("source_id"))
    name = ""
    if isinstance(oid, int):
        obj = game.object(oid)
        name = f" {obj['name']}" if obj else ""
    elif isinstance(data.get("target"), dict):
        target = data["target"]
        name = f" player {'ab'[target['Player']]}" if "Player" in target else \
            f" {(game.object(target['Object']) or {}).get('name', '?')}" if "Object" in target else ""
    elif action.kind == "DeclareAttackers":
        name = f" ({len(data.get('attacks', ()))})"
    elif action.kind == "DeclareBlockers":
        name = f" ({len(data.get('assignments', ()))})"
    return f"{'ab'[seat]}: {action.kind}{name}"


def _short(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
