"""``resolve``: the board after spells are cast and abilities activated, and everything they
trigger, resolves (601, 602, 603, 608, 704): board in, board out.

Each action is cast or activated in turn (601.2, 602.2; the mana paid as :func:`pay` would pay
it, or not at all with ``free``), then the stack resolves down to where it was (608), with
state-based actions (704) and triggered abilities (603.3) whenever a player would receive
priority. The result's board is a board file (:mod:`mtgsolver.read.board_writer`), so answers
compose: the next question is asked of it.

Choices players make on the way (a target of a trigger, the order of their triggers, "you
may", what to sacrifice or discard, the legend rule, a color of mana) are tried every way: if
every way gives the same board, that board is the answer; if not, the answer is undecided and
names the choices, which ``choose`` (``--choose KEY=OPTION``) fixes.

Examples
--------
>>> from mtgsolver import parse_board_text
>>> board = parse_board_text('''
... active_player: a
... players: [{name: a}, {name: b}]
... zones: {a: {hand: [Grizzly Bears]}}
... battlefield:
...   - {id: f1, card: Forest, controller: a}
...   - {id: f2, card: Forest, controller: a}
... ''', "doc.yaml")
>>> r = resolve(board, ["cast Grizzly Bears"])
>>> r.resolved, [p.id for p in r.board.permanents], r.board.permanent("grizzly-bears").summoning_sick
(True, ['f1', 'f2', 'grizzly-bears'], True)
"""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Sequence

from mtgsolver.load import prepare
from mtgsolver.model.board import Board, PoolMana
from mtgsolver.model.cards import Card, CardLibrary
from mtgsolver.model.effects import SpellAbility, TargetSpec
from mtgsolver.model.errors import BoardError, OptionError
from mtgsolver.model.mana import ManaCost
from mtgsolver.model.permanent import Permanent
from mtgsolver.model.unread import UnreadLine
from mtgsolver.model.zones import ZoneCard
from mtgsolver.read.board_file import card_permanent, graveyard_statics
from mtgsolver.read.board_file import spell_ability as board_spell_ability
from mtgsolver.read.board_writer import board_data
from mtgsolver.read.card_files import bundled_library
from mtgsolver.read.spell_text import enters_with
from mtgsolver.rules.casting import (Activate, Cast, Payment, activate, cast, needs, option_text, spell_ability,
                                     total_cost)
from mtgsolver.rules.casting import pay as pay_costs
from mtgsolver.rules.game import Game, Illegal, Step, Undecided
from mtgsolver.rules.resolution import resolve_stack, settle
from mtgsolver.solver.payment import PaymentResult, SpellInfo, pay_as_read
from mtgsolver.solver.relevance import Bearing, resolve_bearing
from mtgsolver.solver.result import JsonResult, reports_unread, unread_dict

__all__ = ["MAX_RUNS", "LibraryReader", "OpenChoice", "ResolveResult", "SolverPayer", "entering", "paid_by_solver", "parse_action",
           "resolve"]

#: The most ways of making the choices tried before the answer is undecided.
MAX_RUNS = 64

_ACTION = re.compile(r"^\s*(respond\s+)?(?:(cast|activate)\s+)?(.+?)\s*$", re.I)


@dataclass(frozen=True)
class OpenChoice:
    """A choice the answer depends on: its key (for ``choose``) and its options."""

    key: str
    options: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "options": list(self.options)}


@dataclass(frozen=True)
class ResolveResult(JsonResult):
    """The answer of :func:`resolve`: ``resolved`` True (``board`` is the board after), False
    (an action is illegal: ``reason``) or None (undecided: ``reason``, the ``choices`` it
    depends on, or unread lines that could change it, ``as_read`` then true and ``board`` the
    board on the text read); ``steps`` say what happened, each with its rule."""

    resolved: bool | None
    board: Board | None = dataclasses.field(default=None, compare=False, repr=False)
    board_file: dict[str, Any] | None = dataclasses.field(default=None, compare=False, repr=False)
    steps: tuple[Step, ...] = ()
    reason: Step | None = None
    choices: tuple[OpenChoice, ...] = ()
    runs: int = 1
    unread: tuple[UnreadLine, ...] = ()
    as_read: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"resolved": self.resolved, "reason": self.reason.to_dict() if self.reason else None,
                "steps": [s.to_dict() for s in self.steps], "choices": [c.to_dict() for c in self.choices],
                "runs": self.runs, "board": self.board_file, **unread_dict(self)}


def parse_action(text: str, path: str) -> tuple[bool, str, str, tuple[tuple[str, ...], ...], dict[str, int]]:
    """``[respond] cast NAME[>TARGETS]`` or ``[respond] activate ID[:N][>TARGETS]`` as whether
    it responds (cast or activated while the action before is still on the stack, 117.3c),
    its verb, name, target groups and divided amounts. N counts from 1; without a verb, what
    the name names decides. TARGETS: ids and player names, commas between the targets of one
    slot, ``;`` between slots, ``ID:N`` for damage divided (601.2d).

    :raises OptionError: at ``path``: an empty action.
    """
    m = _ACTION.match(text or "")
    if not m or not m.group(3).strip():
        raise OptionError(path, "empty; give `cast NAME>TARGETS` or `activate ID:N>TARGETS`")
    head, _, rest = m.group(3).partition(">")
    groups: list[tuple[str, ...]] = []
    amounts: dict[str, int] = {}
    for group in rest.split(";") if rest.strip() else []:
        ids = []
        for item in (t.strip() for t in group.split(",")):
            if not item:
                continue
            tid, colon, n = item.rpartition(":") if re.search(r":\d+$", item) else (item, "", "")
            if colon:
                amounts[tid] = int(n)
            ids.append(tid)
        groups.append(tuple(ids))
    return bool(m.group(1)), (m.group(2) or "").lower(), head.strip(), tuple(groups), amounts


@dataclass
class _Chooser:
    """Choices by flag, by a script of option indices, else the first option (recording where
    another option could have been taken)."""

    flags: dict[str, str]
    script: list[int]
    made: list[tuple[str, tuple[str, ...], int]] = dataclasses.field(default_factory=list)

    def choose(self, key: str, options: Sequence[str]) -> int:
        if key in self.flags:
            wanted = self.flags[key]
            for i, o in enumerate(options):
                if _same_option(key, o, wanted):
                    return i
            raise OptionError("choose", f"{key}: {wanted!r} is not one of its options ({', '.join(options)})")
        pos = len(self.made)
        i = self.script[pos] if pos < len(self.script) else 0
        self.made.append((key, tuple(options), i))
        return i


def _same_option(key: str, option: str, wanted: str) -> bool:
    if option == wanted.strip():
        return True
    if key.startswith("order:"):
        return False
    norm = lambda s: [sorted(t.strip() for t in g.split(",") if t.strip()) for g in s.split(";")]  # noqa: E731
    return norm(option) == norm(wanted)


class LibraryReader:
    """The cards' readings the rules ask for (110.4, 113.6b, 614.1c)."""

    def __init__(self, library: CardLibrary) -> None:
        self.library = library

    @functools.lru_cache(maxsize=512)  # noqa: B019 - one reader per call
    def _template(self, card: Card, chosen_color: str | None = None) -> Permanent:
        try:
            return card_permanent(card, "card", "_", "_", self.library, chosen_color)
        except BoardError as exc:
            raise Undecided("614.12", f"{card.name} enters with a choice this project does not make: {exc.message}") \
                from None

    def permanent(self, card: Card, pid: str, controller: str, owner: str,
                  chosen_color: str | None = None) -> Permanent:
        return dataclasses.replace(self._template(card, chosen_color), id=pid, controller=controller, owner=owner)

    @functools.lru_cache(maxsize=512)  # noqa: B019 - one reader per call
    def chooses_color(self, card: Card) -> bool:
        """Whether the card's permanent needs a color chosen as it enters (614.12), and only that."""
        try:
            card_permanent(card, "card", "_", "_", self.library)
        except BoardError as exc:
            return exc.path.endswith(".chosen_color")
        return False

    def graveyard_statics(self, card: Card) -> tuple[Any, ...]:
        return graveyard_statics(card)

    @functools.lru_cache(maxsize=512)  # noqa: B019 - one reader per call
    def spell(self, card: Card) -> SpellAbility | None:
        return board_spell_ability(card)

    def enters_with(self, card: Card, x: int) -> dict[str, int]:
        return {"+1/+1": x} if enters_with(card, x) is not None and x else {}

    @functools.lru_cache(maxsize=512)  # noqa: B019 - one reader per call
    def enchant(self, card: Card) -> TargetSpec | None:
        spell = self.spell(card)
        return spell.targets[0] if spell is not None and spell.targets else None


def entering(zc: ZoneCard, pid: str, controller: str, x: int | None = None,
             library: CardLibrary | None = None) -> Permanent:
    """The permanent a card's spell becomes as it resolves (608.3): summoning sick (302.6), with
    the +1/+1 counters of "enters with X" for the spell's X (107.3m).

    :raises Undecided: a card whose permanent needs a choice made as it enters.
    """
    reader = LibraryReader(library or bundled_library())
    owner = controller
    template = dataclasses.replace(zc.permanent, id=pid, controller=controller, owner=owner) \
        if zc.permanent is not None else reader.permanent(zc.card, pid, controller, owner)
    counters = {**template.counters, **(reader.enters_with(zc.card, x) if x else {})}
    return dataclasses.replace(template, summoning_sick=True, x=x, counters=MappingProxyType(counters),
                               card=zc.card, tapped=template.has("enters_tapped"))  # 603.6d, 614.1d


def _resolve_bearing(args: Any, result: ResolveResult) -> Bearing:
    return resolve_bearing(prepare(args.arguments["board"]), result.board)


@dataclass
class _Run:
    """One way through the choices: what it ended with (a signature to compare, the game, the
    exception that stopped it)."""

    signature: tuple[Any, ...]
    game: Game
    error: Illegal | Undecided | None = None


@reports_unread(_resolve_bearing, "resolved")
def resolve(board: Board, actions: Sequence[str], x: Sequence[int] = (), mode: Sequence[str] = (),
            free: bool = False, choose: Sequence[str] = (), time_limit: float = 10.0,
            library: CardLibrary | None = None, spent: Sequence[str] = ()) -> ResolveResult:
    """Cast and activate ``actions`` in order, each resolving with all it triggers before the
    next (608); the board after.

    Parameters
    ----------
    actions:
        ``cast NAME[>TARGETS]`` (a card in a hand, by name or id, cast by its owner) or
        ``activate ID[:N][>TARGETS]`` (the N-th activated ability of permanent ID, from 1);
        ``respond ...``: while the action before is still on the stack (117.3c).
    x, mode:
        The values of X and the modes (``"1"``, ``"1,3"``, counting from 1), given in order to
        the actions that have X or modes (107.3a, 700.2).
    free:
        Cast without paying mana costs; otherwise each cost is paid as :func:`pay` would pay
        it, from the caster's permanents and pool.
    choose:
        ``KEY=OPTION``: a choice made (the keys an undecided answer names).
    library:
        The cards (the board's library): what a card is as it enters, how the board is written.
    spent:
        With ``free``, the mana types paid for each cast in order (``"UGB"``, 601.2h), when the
        caller paid them: "a +1/+1 counter for each color of mana spent to cast it" counts them.

    :raises OptionError: an action that names nothing (``actions[i]``), X or modes missing
        or left over, a choice not ``KEY=OPTION`` or naming no option.
    """
    board = prepare(board)
    library = library or bundled_library()
    if not actions:
        raise OptionError("actions", "nothing to resolve: give at least one action to cast or activate")
    flags = _flags(choose)
    mode_sets = [_mode_set(m, f"mode[{i}]") for i, m in enumerate(mode)]
    reader = LibraryReader(library)
    payments: dict[tuple[Any, ...], Payment] = {}

    def play(game: Game) -> None:
        _play(game, actions, list(x), list(mode_sets), free, payments, time_limit, list(spent))

    runs, points, complete = _explore(board, reader, flags, play, SolverPayer(time_limit))
    first = runs[0]
    choices = tuple(OpenChoice(k, o) for k, o in points.items())
    if not complete:
        return ResolveResult(None, steps=tuple(first.game.log), choices=choices, runs=len(runs), reason=Step(
            "608.2", f"more than {MAX_RUNS} ways of making the choices; fix some with `choose`"))
    if any(r.signature != first.signature for r in runs[1:]):
        return ResolveResult(None, steps=tuple(first.game.log), choices=choices, runs=len(runs), reason=Step(
            "608.2", "the result depends on choices players make; give them with `choose` KEY=OPTION"))
    if first.error is not None:
        verdict = False if isinstance(first.error, Illegal) else None
        return ResolveResult(verdict, steps=tuple(first.game.log), runs=len(runs),
                             reason=Step(first.error.rule, first.error.message))
    after = prepare(first.game.board())
    return ResolveResult(True, after, board_data(after, library), tuple(first.game.log), runs=len(runs))


def _explore(board: Board, reader: LibraryReader, flags: dict[str, str], play: Any,
             payer: SolverPayer) -> tuple[list[_Run], dict[str, tuple[str, ...]], bool]:
    """Play every way through the choices no flag fixes (depth first, replaying from the
    start), up to :data:`MAX_RUNS`: the runs, each choice met with its options, and whether
    every way was played."""
    runs: list[_Run] = []
    points: dict[str, tuple[str, ...]] = {}
    scripts: list[list[int]] = [[]]
    while scripts:
        if len(runs) >= MAX_RUNS:
            return runs, points, False
        script = scripts.pop()
        chooser = _Chooser(flags, script)
        game = Game(board, reader, chooser, payer)
        try:
            play(game)
            runs.append(_Run(_signature(game), game))
        except Illegal as exc:  # illegal whichever way: the reason is the first way's
            runs.append(_Run(("Illegal",), game, exc))
        except Undecided as exc:
            runs.append(_Run(("Undecided", str(exc)), game, exc))
        for j in range(len(script), len(chooser.made)):
            key, options, taken = chooser.made[j]
            points.setdefault(key, options)
            prefix = [i for _, _, i in chooser.made[:j]]
            scripts += [prefix + [a] for a in range(len(options)) if a != taken]
    return runs, points, True


def _flags(choose: Sequence[str]) -> dict[str, str]:
    """``KEY=OPTION`` each.

    :raises OptionError: one without ``=``.
    """
    out = {}
    for i, c in enumerate(choose):
        key, eq, value = c.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"choose[{i}]", f"{c!r}: give KEY=OPTION (the keys an undecided answer names)")
        out[key.strip()] = value.strip()
    return out


def _mode_set(text: str, path: str) -> tuple[int, ...]:
    """``"1"`` or ``"1,3"``: modes counted from 1, as indices from 0.

    :raises OptionError: not numbers from 1.
    """
    try:
        modes = tuple(int(m) - 1 for m in str(text).split(",") if m.strip())
    except ValueError:
        modes = ()
    if not modes or any(m < 0 for m in modes):
        raise OptionError(path, f"{text!r}: give mode numbers counting from 1, e.g. 1 or 1,3 (700.2)")
    return modes


def _play(game: Game, actions: Sequence[str], xs: list[int], modes: list[tuple[int, ...]], free: bool,
          payments: dict[tuple[Any, ...], Payment], time_limit: float, spent: list[str] | None = None) -> None:
    """Each action in turn; the stack resolves down to where the action (and those responding
    to it) found it (608), after the triggers of casting go on the stack (603.3)."""
    parsed = [parse_action(text, f"actions[{i}]") for i, text in enumerate(actions)]
    if parsed and parsed[0][0]:
        raise OptionError("actions[0]", "the first action can't respond: nothing of this resolution is on the "
                                        "stack yet")
    height = len(game.stack)
    for i, (_, verb, head, targets, amounts) in enumerate(parsed):
        if game.over():
            raise Illegal("104.3", f"the game is over before {actions[i]!r}")
        action = _action(game, verb, head, targets, amounts, f"actions[{i}]")
        needs_x, modal = needs(game, action)
        action = dataclasses.replace(action, x=xs.pop(0) if needs_x and xs else None,
                                     modes=modes.pop(0) if modal and modes else None)
        if isinstance(action, Cast):
            kicker = _spell(game, action.card).kicker
            kicked = kicker is not None and game.choose(f"kicker:{action.card}", ["no", "yes"]) == 1  # 601.2b
            options = _spell(game, action.card).additional_cost_options
            additional = game.choose(f"additional:{action.card}", [option_text(o) for o in options]) \
                if options else None  # 601.2b
            paid = tuple(spent.pop(0).upper()) if free and spent else None  # 601.2h: as the caller paid
            action = dataclasses.replace(action, free=free, kicked=kicked, additional=additional, spent=paid)
        _pay(game, action, free, payments, time_limit)
        if isinstance(action, Cast):
            cast(game, action)
        else:
            activate(game, action)
        settle(game)
        if i + 1 < len(parsed) and parsed[i + 1][0]:
            continue  # the next action responds: this one stays on the stack (117.3c)
        resolve_stack(game, height)
        height = len(game.stack)
    if xs:
        raise OptionError("x", f"{len(xs)} values of X left over: no other action has X")
    if modes:
        raise OptionError("mode", f"{len(modes)} mode choices left over: no other action is modal")


def _action(game: Game, verb: str, head: str, targets: tuple[tuple[str, ...], ...], amounts: dict[str, int],
            path: str) -> Cast | Activate:
    """What ``head`` names: a card in a hand (by id, then by name) or a permanent's ability.

    :raises OptionError: nothing of that name.
    """
    pid, _, n = head.rpartition(":") if re.search(r":\d+$", head) else (head, "", "")
    if verb != "cast" and game.on_battlefield(pid):
        return Activate(pid, int(n) - 1 if n else 0, targets, amounts)
    if verb != "activate":
        card = _in_hand(game, head)
        if card is not None:
            return Cast(card, targets, amounts)
    hands = [f"{zc.name} ({zc.id})" for z in game.zones.values() for zc in z.hand]
    where = "a permanent id" if verb == "activate" else "a card in a hand" if verb == "cast" else \
        "a card in a hand or a permanent id"
    raise OptionError(path, f"{head!r} is not {where} (in hands: {', '.join(hands) or 'nothing known'})")


def _in_hand(game: Game, name: str) -> str | None:
    """The id of a card in a hand: the active player's first, by id, then by name."""
    for by in ("id", "name"):
        for player in game.players_in_order():
            for zc in game.zones_of(player).hand:
                if (zc.id if by == "id" else zc.name).lower() == name.strip().lower():
                    return zc.id
    return None


def _pay(game: Game, action: Cast | Activate, free: bool, payments: dict[tuple[Any, ...], Payment],
         time_limit: float) -> None:
    """601.2g-h, 602.2b: the mana cost paid as :func:`pay` pays it (remembered per board, so
    another way through the choices pays alike)."""
    if isinstance(action, Cast):
        if free:
            return
        owner, _, zc = game.find_card(action.card)  # type: ignore[misc]
        cost, player, card = _total_cost(game, action, zc), owner, zc.card
    else:
        perm = game.perm(action.permanent)
        abilities = perm.activated_abilities
        if not 0 <= action.index < len(abilities):
            return
        cost, player, card = abilities[action.index].mana, perm.controller, None
    if cost is None or not cost.symbols:
        return
    source = None if isinstance(action, Cast) else action.permanent
    key = (_fingerprint(game), str(cost), player, action.x, card, source)
    if key not in payments:
        try:
            payments[key] = paid_by_solver(game, cost, player, action.x, card, time_limit, source=source)
        except Illegal as exc:
            helper = sorted(_keyword_names(_spell(game, action.card)) & _PAYMENT_HELPERS) if isinstance(action, Cast) \
                else []
            if helper:  # 702.51 convoke, 702.66 delve, 702.126 improvise, 702.132 assist: other ways to pay
                raise Undecided("601.2h", f"{exc.message}; paying with {helper[0]} is not modelled") from None
            raise
    pay_costs(game, payments[key])


#: Keywords that let other things than mana pay part of a spell's cost.
_PAYMENT_HELPERS = frozenset({"convoke", "delve", "improvise", "assist"})


def _spell(game: Game, card_id: str) -> SpellAbility:
    """The spell of a card in a hand, as read (nothing for a permanent spell or one not read)."""
    found = game.find_card(card_id)
    if found is None:
        return SpellAbility(())
    try:
        return spell_ability(found[2])
    except Undecided:
        return SpellAbility(())


def _keyword_names(spell: SpellAbility) -> set[str]:
    return {k.split(" ")[0] for k in spell.keywords}


def _total_cost(game: Game, action: Cast, zc: ZoneCard) -> ManaCost | None:
    """601.2f: the total cost (:func:`~mtgsolver.rules.casting.total_cost`)."""
    owner = game.find_card(action.card)[0]  # type: ignore[index]
    return total_cost(game, owner, zc, _spell(game, action.card), action.targets, action.kicked, action.x,
                      action.additional)


class SolverPayer:
    """Mana paid as an effect resolves (118.3), as :func:`pay` pays a cost: by ``players`` only
    (``None``: every player); another player's payment is undecided."""

    def __init__(self, time_limit: float, players: frozenset[str] | None = None) -> None:
        self.time_limit = time_limit
        self.players = players

    def pay_mana(self, game: Game, cost: ManaCost, player: str) -> bool:
        if self.players is not None and player not in self.players:
            raise Undecided("118.3", f"{player} may pay {cost} as it resolves: a payment not modelled here")
        if not cost.symbols:
            return True
        try:
            payment = paid_by_solver(game, cost, player, None, None, self.time_limit)
        except Illegal:
            return False
        pay_costs(game, payment)
        return True


def paid_by_solver(game: Game, cost: ManaCost, player: str, x: int | None, card: Card | None,
                   time_limit: float, explain: bool = True, source: str | None = None) -> Payment:
    """What paying ``cost`` does to the board (the payment solver's verdict on the text read);
    ``explain``: an unpayable cost's :class:`Illegal` says why; ``source``: the permanent whose
    activated ability the cost is, for mana that may be spent only on abilities (602.2b, 106.6).

    :raises Illegal: it can't be paid (601.2h).
    :raises Undecided: the payment solver could not decide.
    """
    view = game.view()
    spell = SpellInfo.ability_of(view.permanent(source)) if source is not None else None
    result: PaymentResult = pay_as_read(view, cost, player, x if cost.variables else None, card, time_limit, explain,
                                        spell)
    payable = result.payable if result.payable is not None else result.as_read
    if payable is False:
        why = "; ".join(r.message for r in result.reasons) or "no payment"
        raise Illegal("601.2h", f"{player} can't pay {cost}" + (f" (X = {x})" if x is not None else "") + f": {why}")
    if payable is None:
        raise Undecided("601.2h", f"paying {cost} was not decided: " + "; ".join(r.message for r in result.reasons))
    counters: list[tuple[str, str, int]] = []
    for a in result.activations:
        ability = next((m for m in view.permanent(a.source).mana_abilities if m.text == a.ability), None) \
            if view.has_permanent(a.source) else None
        if ability is not None and ability.life_loss:
            raise Undecided("605.3", f"{a.ability}: the life other players lose is not modelled here")
        for c in ability.costs if ability is not None else ():
            if c.kind == "remove_counters":
                if c.variable and a.x is None:
                    raise Undecided("107.3", f"{a.ability}: the number of counters removed was not chosen")
                counters.append((a.source, c.what or "", a.x if c.variable else c.amount or 1))  # 107.3a
            elif c.kind == "energy":
                counters.append((player, "energy", c.amount))  # 107.14
    return Payment(player, tuple(a.source for a in result.activations if a.taps),
                   tuple(a.source for a in result.activations if a.untaps), tuple(result.sacrificed),
                   tuple(counters), result.life_paid, result.damage, _pool_after(view, player, result, card, spell),
                   tuple(f"{a.source}: {a.ability}" for a in result.activations))


def _pool_after(view: Board, player: str, result: PaymentResult, card: Card | None,
                spell: SpellInfo | None) -> tuple[PoolMana, ...]:
    """106.4: the mana left in the pool: what it held and wasn't spent, and what the mana
    abilities made and the cost didn't take (with its spending restriction, 106.6); ``spell``:
    an activated ability's source (602.2b)."""
    left = list(view.pool(player))
    kinds = {t.lower() for t in (card.types if card else ())}

    def usable(m: PoolMana) -> bool:
        if spell is not None:
            return spell.allows(m.spend_only, frozenset(), False, m.spend_abilities)
        return m.spend_only is None or bool(m.spend_only & kinds)

    left.sort(key=usable)  # restricted, unusable first
    out: list[PoolMana] = []
    for u in result.floating:
        if u.source == "pool":
            m = next((m for m in left if m.type == u.type and m.snow == u.snow), None)
            if m is not None:
                left.remove(m)
                out.append(m)
        else:
            ability = next((a for a in view.permanent(u.source).mana_abilities), None) \
                if view.has_permanent(u.source) else None
            out.append(PoolMana(u.type, u.snow, ability.spend_only if ability is not None else None,
                                spend_abilities=ability.spend_abilities if ability is not None else None))
    return tuple(out)


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """What a payment depends on: the permanents and their state, effects, pools, life."""
    perms = tuple((p.id, p.name, p.controller, p.tapped, p.summoning_sick, tuple(sorted(p.counters.items())),
                   p.attached_to, len(p.abilities)) for p in game.perms.values())
    return (perms, tuple(repr(e) for e in game.effects), tuple(sorted((k, v) for k, v in game.pools.items())),
            tuple((p.name, p.life, p.energy) for p in game.players.values()))


def _signature(game: Game) -> tuple[Any, ...]:
    """The board a run ends with, for comparing runs: everything but timestamps (their order
    is the order things happened in, which choices change) and the order of graveyards, with
    the layered characteristics."""
    view = game.view()
    perms = []
    for p in game.perms.values():
        fields = tuple((f.name, _plain(getattr(p, f.name))) for f in dataclasses.fields(p)
                       if f.name not in ("timestamp", "layered_pt"))
        lay = view.permanent(p.id)
        perms.append(repr((fields, lay.power, lay.toughness, lay.controller, sorted(lay.keywords))))
    effects = tuple(repr(dataclasses.replace(e, timestamp=None)) for e in game.effects)
    zones = tuple((k, repr(dataclasses.replace(z.frozen(), graveyard=tuple(sorted(z.graveyard, key=repr)))))
                  for k, z in sorted(game.zones.items()))  # cards put there at once: an order not fixed here
    return (tuple(sorted(perms)), effects, zones, repr(tuple(game.players.values())),
            repr(sorted(game.pools.items())), repr(game.combat), repr(game.turn),
            tuple(repr(s) for s in game.stack))


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return tuple(sorted(value.items()))
    if isinstance(value, frozenset):
        return tuple(sorted(map(repr, value)))
    return repr(value)
