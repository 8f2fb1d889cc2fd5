"""phase.rs (PyPI ``phase-python``, MIT) as a second opinion on declarations of real cards.

phase is a rules engine with its own Oracle parser. This module asks it the question
mtgsolver's ``attacks check`` and ``blocks check`` answer: on a board of real cards, is this
declared attack (508.1) and then this declaration of blockers (509.1) legal? It shares no rules
code with mtgsolver: the board is set up through the engine's own actions, and the verdict is
whether the engine accepts the declaration.

- :func:`card_data` builds phase's card export for the cards a run uses only, from the MTGJSON
  pool, filling the fields the 2022 pool omits when empty (``identifiers``, ``colors``,
  ``colorIdentity``, ``manaValue``, ``subtypes``), which phase's reader requires.
- :class:`Phase` plays a two-player game to the board: every permanent is in its controller's
  deck, both players keep, debug actions (enabled for this game only) move the permanents onto
  the battlefield, attach Auras, tap, clear summoning sickness and empty the hands (a board
  file without zones has none); then the game goes to combat, declares the attack and, at the
  declare blockers prompt, the blocks. phase resolves the attack's triggers itself before
  blockers (508.2). A spec may also give the zones, counters, tokens, summoning sickness, life
  and poison (:meth:`Phase._board`): ``benchmarks/phase_ai.py`` sets whole puzzle boards up so.
- :func:`random_spec` makes the boards: attackers and possible blockers drawn from the pool's
  creature cards, sometimes an Aura of the pool on one of them, an attack by every attacker and
  a random declaration of blocks; :func:`board_text` writes the same board as a board file.
- :func:`differential` judges seeded boards with both (mtgsolver's ``check_attacks`` and
  ``check_blocks``, phase's :meth:`Phase.judge`): the rows ``tests/test_phase_differential.py``
  and ``benchmarks/differential.py`` read.

phase skips the declare blockers step when it finds no creature able to block: then only the
empty declaration is legal in its eyes (:meth:`Phase.judge`). A board it can't set up (a card
it doesn't know, a prompt for a choice on the way) gives ``None``.
"""
from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

__all__ = ["Phase", "PhaseSetupError", "Row", "board_text", "card_data", "differential", "load_pool", "pool_cards",
           "random_spec"]

#: What phase's card reader requires and the 2022 pool leaves out when empty.
REQUIRED = {"identifiers": {}, "colors": [], "colorIdentity": [], "manaValue": 0.0, "subtypes": [],
            "supertypes": [], "keywords": []}
#: A basic land with no ability: filler for the libraries, so that nobody draws from an empty one.
FILLER = "Wastes"
#: The Standard format with debug actions allowed (the board is set up with them).
FORMAT = {
    "allow_debug_actions": True, "command_zone": False, "commander_damage_threshold": None,
    "deck_size": {"data": 60, "type": "Minimum"}, "default_deck_copy_limit": {"data": 4, "type": "UpTo"},
    "format": "Standard", "max_players": 2, "min_players": 2, "range_of_influence": None,
    "sideboard_policy": {"data": 15, "type": "Limited"}, "singleton": False, "starting_life": 20,
    "supplies_fixed_deck": False, "team_based": False, "uses_commander": False,
}
_LATER_STEPS = {"DeclareAttackers": {"DeclareBlockers", "CombatDamage", "FirstStrikeDamage", "EndCombat",
                                     "PostCombatMain", "End", "Cleanup"},
                "DeclareBlockers": {"CombatDamage", "FirstStrikeDamage", "EndCombat", "PostCombatMain", "End",
                                    "Cleanup"}}


class PhaseSetupError(RuntimeError):
    """The board could not be set up in phase (not a verdict)."""


#: The players of a board spec and their seats in phase.
SEATS = {"a": 0, "b": 1}


def _front(name: str) -> str:
    """The name phase gives a card's object: its first face's, lower case."""
    return name.split(" // ")[0].lower()


# --------------------------------------------------------------------------- cards
def load_pool(path: str | Path) -> dict[str, list[dict[str, Any]]]:
    """The MTGJSON AtomicCards pool: name -> faces."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)["data"]


def pool_cards(pool: dict[str, list[dict[str, Any]]]) -> tuple[list[str], list[str], frozenset[str]]:
    """Names of the pool's single-faced creature cards (creature their only card type, a
    number for power and toughness, toughness 1 or more: a 0/0 that "enters with counters"
    would die at once on a board that doesn't give them, 704.5f) and of its single-faced Auras
    with "Enchant creature", and those of these Auras that give control of the creature (613.1b:
    its controller must then control the creature too)."""
    creatures, auras, control = [], [], set()
    for name, faces in pool.items():
        if len(faces) != 1 or faces[0].get("layout") != "normal" or faces[0].get("isFunny"):
            continue
        face = faces[0]
        text = face.get("text", "")
        if face.get("types") == ["Creature"] and str(face.get("power", "")).isdigit() \
                and str(face.get("toughness", "")).isdigit() and int(face["toughness"]) >= 1:
            creatures.append(name)
        elif face.get("types") == ["Enchantment"] and "Aura" in face.get("subtypes", []) \
                and text.startswith("Enchant creature\n"):
            auras.append(name)
            if re.search(r"you control enchanted creature", text, re.I):
                control.add(name)
    return sorted(creatures), sorted(auras), frozenset(control)


def card_data(pool: dict[str, list[dict[str, Any]]], names: Iterable[str]) -> str:
    """phase's card export (JSON) for ``names`` and the filler, built by its own card-data
    generator (``phase.gen.process_group``: one face, or both faces of a split, adventure or
    double-faced card) from the pool's faces with the missing fields filled."""
    from phase.gen import process_group

    out: dict[str, Any] = {}
    for name in sorted(set(names) | {FILLER}):
        process_group([{**REQUIRED, **face} for face in pool[name]], out)
    return json.dumps(out)


def unimplemented(data: str) -> dict[str, int]:
    """The faces of a card export with parts phase's Oracle parser left ``Unimplemented``, and
    how many."""
    out = {}
    for key, face in json.loads(data).items():
        n = json.dumps(face).count('"type": "Unimplemented"')
        if n:
            out[face.get("name", key)] = n
    return out


# --------------------------------------------------------------------------- boards
def random_spec(rng: random.Random, creatures: list[str], auras: list[str],
                control: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A board: 1-3 attackers of ``a`` attacking ``b``, 1-3 creatures of ``b`` (one in five
    tapped), an Aura on one of them half the time (its controller's, or in three cases of ten
    the other player's, unless it is one of ``control``), and a random declaration of blocks."""
    perms: list[dict[str, Any]] = []
    for side, who in (("a", "a"), ("b", "b")):
        for i, name in enumerate(rng.sample(creatures, rng.randint(1, 3))):
            tapped = who == "b" and rng.random() < 0.2
            perms.append({"id": f"{side}{i}", "card": name, "controller": who, "tapped": tapped})
    if auras and rng.random() < 0.5:
        host = rng.choice(perms)
        aura = rng.choice(auras)
        owner = host["controller"] if rng.random() < 0.7 else ("b" if host["controller"] == "a" else "a")
        if aura in control:
            owner = host["controller"]  # 613.1b: it controls the creature its controller gained
        perms.append({"id": "aura", "card": aura, "controller": owner, "attached_to": host["id"]})
    attackers = [p["id"] for p in perms if p["id"].startswith("a") and p["id"] != "aura"]
    blockers = []
    for p in perms:
        if p["id"].startswith("b") and rng.random() < 0.6:
            blockers.append({"creature": p["id"], "blocks": [rng.choice(attackers)]})
    return {"permanents": perms, "attackers": attackers, "blockers": blockers}


def board_text(spec: dict[str, Any]) -> str:
    """The same board as a board file (YAML)."""
    lines = ["version: 1", "active_player: a", "players: [{name: a}, {name: b}]", "battlefield:"]
    for p in spec["permanents"]:
        extra = "".join(f", {k}: {json.dumps(p[k])}" for k in ("tapped", "attached_to") if p.get(k))
        lines.append(f"  - {{id: {p['id']}, card: {json.dumps(p['card'])}, controller: {p['controller']}{extra}}}")
    lines.append("combat:")
    lines.append("  attackers: [" + ", ".join(f"{{creature: {a}, target: b}}" for a in spec["attackers"]) + "]")
    lines.append("  blockers: [" + ", ".join(f"{{creature: {b['creature']}, blocks: [{', '.join(b['blocks'])}]}}"
                                          for b in spec["blockers"]) + "]")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the engine
class Phase:
    """A phase engine loaded with the cards of a run; :meth:`judge` judges a board spec
    (:func:`random_spec`)."""

    def __init__(self, data: str) -> None:
        from phase import Engine

        self.engine = Engine.from_json(data)

    def judge(self, spec: dict[str, Any]) -> tuple[bool | None, bool | None]:
        """Whether phase accepts the declared attack, then the declared blocks after it (each
        ``None``: not set up; the blocks are ``None`` when the attack is refused)."""
        try:
            game, ids = self._board(spec)
            prompt = self._combat(game)
        except PhaseSetupError:
            return None, None
        if prompt is None:  # it found no creature able to attack and skipped the step
            return not spec["attackers"], None
        try:
            game.apply(0, self._attack_action(spec, ids))
            self._pay_tax(game)
        except ValueError:
            return False, None
        try:
            prompt = self._advance(game, "DeclareBlockers")
        except PhaseSetupError:
            return True, None
        if prompt is None:  # it found no creature able to block and skipped the step
            return True, not any(b["blocks"] for b in spec["blockers"])
        assignments = [[ids[b["creature"]], ids[a]] for b in spec["blockers"] for a in b["blocks"]]
        try:
            game.apply(prompt["data"]["player"], {"type": "DeclareBlockers", "data": {"assignments": assignments}})
            self._pay_tax(game)
        except ValueError:
            return True, False
        return True, True

    @staticmethod
    def _pay_tax(game: Any) -> None:
        """A declaration with costs (508.1d, 509.1d) waits for their payment: pay them, or raise
        ``ValueError`` when phase offers only to decline (the declaration is then not made)."""
        prompt = game.waiting_for()
        if prompt["type"] == "CombatTaxPayment":
            game.apply(prompt["data"]["player"], {"type": "PayCombatTax", "data": {"accept": True}})

    def _board(self, spec: dict[str, Any]) -> tuple[Any, dict[str, int]]:
        """A game at the upkeep of ``a``'s first turn with the board on the battlefield; board
        ids -> phase's object ids.

        Besides ``card``, ``tapped`` and ``attached_to`` (a permanent's id, or ``"player:a"``), a
        permanent may give ``counters`` (phase's counter names: ``P1P1``, ``loyalty`` ...),
        ``sick`` (summoning sick, 302.6; else not) and, for a token, ``token``: phase's token
        characteristics instead of ``card`` (a 0/0 token keeps its counters). ``spec["zones"]`` gives each player's ``hand``,
        ``graveyard``, ``exile`` and ``library`` (top first) as card names and ``filler``, how
        many filler lands lie under the library; without it the hands are empty and each library
        holds 20 filler lands. ``spec["life"]`` and ``spec["poison"]`` give the players'.
        """
        zones: dict[str, dict[str, Any]] = spec.get("zones") or {
            "a": {"filler": 20}, "b": {"filler": 20}}
        decks: dict[str, list[str]] = {"a": [], "b": []}
        for p in spec["permanents"]:
            if "token" not in p:
                decks[p["controller"]].append(p["card"])
        for who, deck in decks.items():
            mine = zones.get(who, {})
            deck += [c for zone in ("hand", "library", "graveyard", "exile") for c in mine.get(zone, ())]
            deck += [FILLER] * mine.get("filler", 0)
        # phase refuses an empty deck: one filler land, removed once the cards are in place
        spare = [who for who, deck in decks.items() if not deck]
        for who in spare:
            decks[who].append(FILLER)
        game = self.engine.new_game(player=decks["a"], opponent=decks["b"], seed=1, first_player=0,
                                    format_config=FORMAT)
        while game.waiting_for()["type"] == "MulliganDecision":
            seat = game.waiting_for()["data"]["pending"][0]["player"]
            game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        state = game.state()
        state["state"]["debug_mode"] = True
        state["state"]["debug_permitted"] = [0, 1]
        game = self.engine.load_game(state)
        inner = state["state"]
        free: dict[tuple[int, str], list[int]] = {}
        for seat in (0, 1):
            player = inner["players"][seat]
            for oid in player["hand"] + player["library"]:
                free.setdefault((seat, _front(inner["objects"][str(oid)]["name"])), []).append(oid)

        def take(who: str, card: str) -> int:
            pool = free.get((SEATS[who], _front(card)))
            if not pool:
                raise PhaseSetupError(f"phase doesn't know {card!r}")
            return pool.pop()

        ids: dict[str, int] = {}
        # a 0/0 token made 0/1 until its counters are on (704.5f would take it at once), then 0/0
        restore: list[tuple[int, dict[str, int]]] = []
        for p in spec["permanents"]:
            if "token" in p:
                token = p["token"]
                low = token.get("toughness") is not None and token["toughness"] < 1
                ids[p["id"]] = self._token(game, SEATS[p["controller"]], {**token, "toughness": 1} if low else token)
                if low:
                    restore.append((ids[p["id"]], {"power": token["power"], "toughness": token["toughness"]}))
            else:
                ids[p["id"]] = take(p["controller"], p["card"])
        for p in sorted(spec["permanents"], key=lambda p: bool(p.get("attached_to"))):
            if "token" not in p:
                self._debug(game, "MoveToZone", {"object_id": ids[p["id"]], "to_zone": "Battlefield"})
            host = p.get("attached_to")
            if host:
                target = {"type": "Player", "data": SEATS[host[7:]]} if host.startswith("player:") \
                    else {"type": "Object", "data": ids[host]}
                self._debug(game, "Attach", {"object_id": ids[p["id"]], "target": target})
            if game.waiting_for()["type"] != "Priority":
                raise PhaseSetupError(f"a prompt while setting up: {game.waiting_for()['type']}")
        for p in spec["permanents"]:
            if p.get("tapped"):
                self._debug(game, "SetTapped", {"object_id": ids[p["id"]], "tapped": True})
            self._debug(game, "SetSummoningSickness", {"object_id": ids[p["id"]], "sick": bool(p.get("sick"))})
            for kind, n in (p.get("counters") or {}).items():
                self._debug(game, "ModifyCounters", {"object_id": ids[p["id"]], "counter_type": kind, "delta": n})
        for oid, pt in restore:
            self._debug(game, "SetBasePowerToughness", {"object_id": oid, **pt})
        self._zones(game, zones, take)
        for who in spare:
            self._debug(game, "RemoveObject", {"object_id": take(who, FILLER)})
        for who, life in (spec.get("life") or {}).items():
            self._debug(game, "SetLife", {"player_id": SEATS[who], "life": life})
        for who, n in (spec.get("poison") or {}).items():
            if n:
                self._debug(game, "ModifyPlayerCounters", {"player_id": SEATS[who], "counter_kind": "Poison", "delta": n})
        on_battlefield = {o["id"] for o in game.battlefield()}
        if any(oid not in on_battlefield for oid in ids.values()):
            raise PhaseSetupError("a permanent left the battlefield while setting up")
        return game, ids

    def _zones(self, game: Any, zones: dict[str, dict[str, Any]], take: Any) -> None:
        """Every card of a player's hand in their library, then the cards of ``zones`` moved
        where they belong, the library's named cards last, bottom first, so that the first is
        on top."""
        for seat in (0, 1):
            for oid in list(game.player(seat)["hand"]):
                self._debug(game, "MoveToZone", {"object_id": oid, "to_zone": "Library"})
        for who, mine in zones.items():
            for zone, to_zone in (("hand", "Hand"), ("graveyard", "Graveyard"), ("exile", "Exile")):
                for card in mine.get(zone, ()):
                    self._debug(game, "MoveToZone", {"object_id": take(who, card), "to_zone": to_zone})
            for card in reversed(mine.get("library", ())):
                self._debug(game, "MoveToZone", {"object_id": take(who, card), "to_zone": "Library"})

    def _token(self, game: Any, seat: int, characteristics: dict[str, Any]) -> int:
        """A token of ``characteristics`` created on the battlefield under ``seat``: its id."""
        before = {o["id"] for o in game.battlefield()}
        self._debug(game, "CreateToken", {"request": {"type": "Custom", "data": {
            "owner": seat, "characteristics": characteristics}}})
        made = [o["id"] for o in game.battlefield() if o["id"] not in before]
        if len(made) != 1:
            raise PhaseSetupError(f"the token {characteristics.get('display_name')!r} was not made")
        return made[0]

    @staticmethod
    def _debug(game: Any, kind: str, data: dict[str, Any]) -> None:
        try:
            game.apply(0, {"type": "Debug", "data": {"type": kind, "data": data}})
        except ValueError as exc:
            raise PhaseSetupError(f"{kind}: {exc}") from exc

    def _combat(self, game: Any) -> Any:
        """To the declare attackers prompt (``None``: phase skipped the step)."""
        self._debug(game, "SetPhase", {"phase": "BeginCombat", "active_player": 0})
        return self._advance(game, "DeclareAttackers")

    @staticmethod
    def _advance(game: Any, wanted: str, limit: int = 40) -> Any:
        """Pass priority until the ``wanted`` prompt; ``None`` if the game went past its step."""
        turn = game.turn
        for _ in range(limit):
            prompt = game.waiting_for()
            if prompt["type"] == wanted:
                return prompt
            if game.turn != turn or game.phase in _LATER_STEPS[wanted]:
                return None
            if prompt["type"] != "Priority":
                raise PhaseSetupError(f"a {prompt['type']} prompt on the way to {wanted}")
            game.apply(prompt["data"]["player"], {"type": "PassPriority"})
        raise PhaseSetupError(f"never reached {wanted}")

    @staticmethod
    def _attack_action(spec: dict[str, Any], ids: dict[str, int]) -> dict[str, Any]:
        attacks = [[ids[a], {"type": "Player", "data": 1}] for a in spec["attackers"]]
        return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}



# --------------------------------------------------------------------------- the comparison
@dataclass(frozen=True)
class Row:
    """One board of a differential run: mtgsolver's verdicts (``None``: undecided), phase's
    (``None``: not set up), and the unread lines on the board and those that bore on each
    answer."""

    spec: dict[str, Any]
    ours_attack: bool | None
    phase_attack: bool | None
    ours_blocks: bool | None
    phase_blocks: bool | None
    unread: int
    bearing_attack: tuple[str, ...]
    bearing_blocks: tuple[str, ...]

    def cards(self) -> set[str]:
        return {p["card"] for p in self.spec["permanents"]}

    def disagreements(self) -> list[tuple[str, bool, bool]]:
        """``(question, ours, phase)`` where both answered and differ; the blocks only after an
        attack both accepted."""
        out = []
        if None not in (self.ours_attack, self.phase_attack) and self.ours_attack != self.phase_attack:
            out.append(("attacks", bool(self.ours_attack), bool(self.phase_attack)))
        if self.ours_attack and self.phase_attack and None not in (self.ours_blocks, self.phase_blocks) \
                and self.ours_blocks != self.phase_blocks:
            out.append(("blocks", bool(self.ours_blocks), bool(self.phase_blocks)))
        return out


def differential(pool: dict[str, list[dict[str, Any]]], library: Any, seed: int,
                 boards: int) -> tuple[list[Row], int]:
    """``boards`` boards of :func:`random_spec` (seeded) that mtgsolver can load with
    ``library`` (the same pool as a card library), judged by both; also how many boards were
    drawn to find them (a card a board file needs a choice for, such as a chosen color, is
    skipped)."""
    from mtgsolver import check_attacks, check_blocks, load_board
    from mtgsolver.model.errors import BoardError

    creatures, auras, control = pool_cards(pool)
    rng = random.Random(seed)
    loaded: list[tuple[dict[str, Any], Any]] = []
    drawn = 0
    while len(loaded) < boards and drawn < 3 * boards:
        drawn += 1
        spec = random_spec(rng, creatures, auras, control)
        try:
            loaded.append((spec, load_board(board_text(spec), library=library)))
        except BoardError:
            continue
    engine = Phase(card_data(pool, {p["card"] for spec, _ in loaded for p in spec["permanents"]}))
    rows = []
    for spec, board in loaded:
        attack, blocks = check_attacks(board), check_blocks(board)
        theirs = engine.judge(spec)
        rows.append(Row(spec, attack.legal, theirs[0], blocks.legal, theirs[1],
                        sum(len(p.unread) for p in board.permanents),
                        tuple(u.line for u in attack.unread), tuple(u.line for u in blocks.unread)))
    return rows, drawn
