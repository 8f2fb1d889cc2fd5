"""``pay``: an exact automatic mana payment (CR 106, 107.4, 118, 119.4, 601.2g-h, 605).

Examples
--------
>>> from mtgsolver import parse_board_text
>>> board = parse_board_text('''
... active_player: a
... players: [{name: a}]
... battlefield:
...   - {id: forest, card: Forest, controller: a}
...   - {id: ring, card: Sol Ring, controller: a}
...   - {id: vessel, card: Thought Vessel, controller: a}
... ''', "doc.yaml")
>>> r = pay(board, "{2}{G}")
>>> r.payable, [a.source for a in r.activations], r.untapped
(True, ['forest', 'ring'], ('vessel',))
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from ortools.sat.python import cp_model

from mtgsolver.encodings.cpsat import Deadline, core_of
from mtgsolver.encodings.payment import SOLVER_PARAMS, PaymentModel, solve_payment
from mtgsolver.encodings.payment_plan import Activation, ManaUnit, SymbolPayment, read_plan
from mtgsolver.load import prepare
from mtgsolver.model import Board, Color, ManaCost, ManaSymbol
from mtgsolver.model.cards import Card
from mtgsolver.model.errors import OptionError, UnsupportedError, VocabularyError
from mtgsolver.model.unread import UnreadLine
from mtgsolver.read.spell_text import EntersWith, enters_with, spending_restriction
from mtgsolver.rules.layers import source_note
from mtgsolver.rules.mana_sources import Exclusion, Instance, SpellInfo, extract_sources
from mtgsolver.rules.production import spend_types, spends_white_as_any_color
from mtgsolver.solver.relevance import Bearing, mana_bearing
from mtgsolver.solver.result import JsonResult, reports_unread, unread_dict

__all__ = ["DEFAULT_OBJECTIVE", "OBJECTIVES", "PaymentResult", "Reason", "SpellInfo", "most_mana", "pay",
           "pay_as_read", "spell_info"]

#: Objective levels, best first (lexicographic). ``keep``: most kept costs still payable;
#: ``x``: largest X; ``life``: least life lost (paid, or dealt as damage by mana abilities); ``sacrifice``: fewest sacrificed permanents
#: that are more than mana (creatures, lands...), then fewest sacrificed at all; ``cards``: fewest
#: cards the costs take from a hand, library or graveyard (discarded, milled, exiled); ``creatures``:
#: fewest creatures tapped (for their own abilities or another's cost); ``sources``: fewest permanents
#: (and cards) used; ``floating``: least mana left; ``spare``: keep untouched the sources that can make
#: the most: the least mana the sources used could make (each its largest activation), then the fewest
#: types they could make (so Birds of Paradise stays untapped rather than Llanowar Elves).
OBJECTIVES: tuple[str, ...] = ("keep", "x", "life", "sacrifice", "cards", "creatures", "sources", "floating", "spare")
DEFAULT_OBJECTIVE = OBJECTIVES


@dataclass(frozen=True)
class Reason:
    """Why a cost can't be paid: the rule, a sentence, and the symbols or source concerned."""

    rule: str
    message: str
    symbols: str | None = None
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "symbols": self.symbols, "source": self.source}


@dataclass(frozen=True)
class PaymentResult(JsonResult):
    """The answer of :func:`pay`.

    ``payable`` is ``None`` when the time limit ran out before an answer. ``life_paid`` is
    life paid as costs (119.4), ``damage`` what the activations deal to the player
    (Ancient Tomb, painlands, City of Brass's trigger); ``life_after`` is the payer's life once
    both are taken, and ``loses`` says that it is 0 or less, so that paying this way loses the
    game at the next check of state-based actions (704.5a): the payment is legal (119.4 needs
    only the life paid), but never silently so. ``activations``
    are in an order that can be carried out; ``assignment`` tells which mana (or life)
    pays each symbol; ``untapped`` lists the player's permanents left untapped; ``kept``
    says for each kept cost whether the untouched sources can still pay it. ``optimal``
    is False when a time limit stopped the solver before it proved a level of the
    objective (``objective`` gives each level's value). ``unread`` are the lines that could
    bear on the payment (docs/unread.md); when they could change it ``payable`` is ``None``
    and ``as_read`` is the verdict on the text read. ``enters_with`` says what the permanent
    of the card paid for enters with for this X (107.3m), when its text says so.
    ``unmodelled`` are the player's mana abilities whose costs or products are read but not
    modelled (energy, "discard your hand" ...): an unpayable cost, a largest X or a kept cost
    found unpayable could change with them, so such an answer is undecided (``payable``
    ``None``, ``as_read`` the verdict without them).
    """

    payable: bool | None
    cost: str
    player: str
    x: int | None = None
    life_paid: int = 0
    damage: int = 0
    life_after: int | None = None
    activations: tuple[Activation, ...] = ()
    assignment: tuple[SymbolPayment, ...] = ()
    untapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    floating: tuple[ManaUnit, ...] = ()
    kept: tuple[tuple[str, bool], ...] = ()
    reasons: tuple[Reason, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    optimal: bool = True
    objective: tuple[tuple[str, int], ...] = ()
    unread: tuple[UnreadLine, ...] = ()
    as_read: bool | None = None
    not_relevant: tuple[UnreadLine, ...] = ()
    enters_with: EntersWith | None = None
    unmodelled: tuple[Exclusion, ...] = ()

    @property
    def loses(self) -> bool:
        """704.5a: the payment leaves the payer at 0 life or less."""
        return self.life_after is not None and self.life_after <= 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "payable": self.payable,
            "cost": self.cost,
            "player": self.player,
            "x": self.x,
            "enters_with": self.enters_with.to_dict() if self.enters_with else None,
            "life_paid": self.life_paid,
            "damage": self.damage,
            "life_after": self.life_after,
            "loses": self.loses,
            "activations": [a.to_dict() for a in self.activations],
            "assignment": [s.to_dict() for s in self.assignment],
            "untapped": list(self.untapped),
            "sacrificed": list(self.sacrificed),
            "floating": "".join("{" + u.type + "}" for u in self.floating),
            "kept": [{"cost": c, "payable": ok} for c, ok in self.kept],
            "reasons": [r.to_dict() for r in self.reasons],
            "excluded": [e.to_dict() for e in self.excluded],
            "optimal": self.optimal,
            "objective": dict(self.objective),
            "unmodelled": [e.to_dict() for e in self.unmodelled],
            **unread_dict(self),
        }


def spell_info(text: str) -> SpellInfo:
    """A :class:`SpellInfo` from words: color words give its colors, the rest its types
    (``"legendary creature elf green"``)."""
    colors: set[str] = set()
    types: set[str] = set()
    for word in text.replace(",", " ").lower().split():
        try:
            colors.add(Color.parse(word).value)
        except VocabularyError:
            types.add(word)
    return SpellInfo(frozenset(types), frozenset(colors) if colors else None)


def _cost(cost: str | ManaCost, what: str) -> ManaCost:
    """``cost`` parsed, with no variable but X.

    :raises ManaCostError: not a mana cost.
    :raises UnsupportedError: {Y} or {Z} (107.3: the project chooses one X only).
    """
    parsed = ManaCost.parse(cost) if isinstance(cost, str) else cost
    for s in parsed.symbols:
        if s.variable and s.variable != "X":
            raise UnsupportedError(f"{what} {parsed}: only the variable {{X}} is supported, not {s}")
    return parsed


def _player(board: Board, player: str | None) -> str:
    """``player``, by default the active player.

    :raises OptionError: a name that is not a player of the board.
    """
    player = player or board.active_player
    if not board.is_player(player):
        raise OptionError("player", f"unknown player {player!r}; the board has "
                                    f"{', '.join(p.name for p in board.players)}")
    return player


def _payment_bearing(args: Any, result: PaymentResult) -> Bearing:
    """A largest X, or a kept cost found unpayable, could grow with an unread mana ability."""
    lower_bound = bool(args.arguments["maximize_x"]) or any(not ok for _, ok in result.kept)
    return mana_bearing(args.arguments["board"], result.player, result.payable, lower_bound)


@reports_unread(_payment_bearing, "payable")
def pay(board: Board, cost: str | ManaCost, player: str | None = None, keep: Sequence[str | ManaCost] = (),
        x: int | None = None, maximize_x: bool = False, spell: SpellInfo | None = None,
        time_limit: float = 10.0, objective: Sequence[str] | None = None,
        card: Card | None = None, explain: bool = True) -> PaymentResult:
    """Pay ``cost`` for ``player`` (default: the active player) from the board.

    Parameters
    ----------
    cost:
        A mana cost (``"{2}{W}{U/P}"``); every 107.4 symbol is understood.
    keep:
        Costs to keep payable: after paying, the permanents the plan leaves untouched
        must still pay each kept cost on its own (with the life left).
    x, maximize_x:
        The value of {X} (107.3a), or ask for the largest payable one. Without either X is 0.
    spell:
        What the mana pays for, for spending restrictions (106.6). ``None``: only its colors
        are known (the cost's, 202.2), so mana restricted to spell types is not used.
    objective:
        Levels of :data:`OBJECTIVES`, best first; default :data:`DEFAULT_OBJECTIVE`.
    card:
        The card whose spell the cost is for: without ``spell``, its types and colors decide
        spending restrictions (106.6); with X, the result says what its permanent enters with
        (``enters_with``, 107.3m).
    explain:
        ``False``: a cost that can't be paid gets no reasons (the unsat core and the most mana
        the sources make are not sought), for callers that need only the verdict.

    :raises OptionError: an unknown player or objective level, a kept cost with X, X negative
        or given together with ``maximize_x``.
    :raises ManaCostError: a cost that is not a mana cost.
    :raises UnsupportedError: a cost with {Y} or {Z}; ``maximize_x`` when the mana spent on X is
        restricted (107.3).
    """
    board = prepare(board)  # the board as it is now (613), once
    player = _player(board, player)
    parsed = _cost(cost, "cost")
    kept = tuple(_cost(k, "keep") for k in keep)
    if any(s.variable for k in kept for s in k.symbols):
        raise OptionError("keep", "a kept cost can't contain {X}")
    if x is not None and maximize_x:
        raise OptionError("", "give `x` or `maximize_x`, not both")
    if x is not None and x < 0:
        raise OptionError("x", "X can't be negative (107.1b)")
    levels = tuple(objective) if objective is not None else DEFAULT_OBJECTIVE
    unknown = [o for o in levels if o not in OBJECTIVES]
    if unknown:
        raise OptionError("objective", f"unknown objective level {unknown[0]!r}; expected some of "
                                       f"{', '.join(OBJECTIVES)}")
    twice = next((o for i, o in enumerate(levels) if o in levels[:i]), None)
    if twice is not None:
        raise OptionError("objective", f"the objective level {twice!r} is given twice")
    if card is not None and spell is None:
        spell = SpellInfo(frozenset(t.lower() for t in (*card.types, *card.supertypes, *card.subtypes)),
                          frozenset(c.value for c in card.derived_colors))
    mana_from, spend_unread = spending_restriction(card) if card is not None else (None, ())
    if mana_from is not None:  # 113.6e: "Spend only mana produced by creatures to cast this spell"
        spell = replace(spell or SpellInfo(), mana_from=mana_from)
    restricted_x = None
    if any(s.spend for s in parsed.symbols):  # 107.3: the mana spent on X is restricted: X symbols of those types
        if maximize_x:
            raise UnsupportedError(f"cost {parsed}: the largest X is not searched when the mana spent on X is "
                                   "restricted (107.3)")
        parsed, restricted_x, x = parsed.with_x(x or 0), x or 0, None
    deadline = Deadline(time_limit)
    x_count = sum(1 for s in parsed.symbols if s.variable)
    symbols = tuple(s for s in parsed.symbols if not s.variable)
    instances, exclusions, pool, usable = _sources(board, player, spell, parsed, _cast(board, player, card))
    life = board.player(player).life
    x_fixed = x if x is not None else (None if maximize_x and x_count else 0)
    upper = sum(i.max_amount for i in instances) + sum(u.amount for u in pool)
    white = spends_white_as_any_color(board, player)
    pm = PaymentModel(instances, pool, usable, life, symbols, x_count, x_fixed, upper, kept,
                      white_as_any_color=white)
    terms = _terms(pm, instances, board, levels, upper)
    unmodelled = tuple(e for e in exclusions if not e.modelled)
    base = dict(cost=str(parsed), player=player, excluded=tuple(exclusions), unmodelled=unmodelled)
    result, values, optimal = _lexicographic(pm.model, terms, deadline)
    if result is None or not result.found:
        if result is not None and result.status == cp_model.INFEASIBLE:
            reasons = _explain(instances, exclusions, pool, usable, life, symbols, x_count,
                               x if x is not None else 0, deadline, board, white) if explain else []
            if unmodelled and _relaxed(board, player, spell, parsed, card, pool, usable, life, symbols, x_count,
                                       x_fixed, upper, kept, white, deadline) is not None:
                # an ability not modelled could pay it: undecided, never "no"
                return PaymentResult(payable=None, as_read=False, reasons=(_unmodelled_reason(unmodelled, "pay it"),
                                                                           *reasons), optimal=True, **base)
            if mana_from is not None and pool:  # who made the pool's mana is not on the board
                why = Reason("113.6e", f"undecided: {getattr(card, 'name', 'the spell')} may be paid only with mana "
                             f"produced by {' or '.join(sorted(mana_from))}s, and the board does not say which sources "
                             "made the mana in the pool")
                return PaymentResult(payable=None, as_read=False, reasons=(why, *reasons), optimal=True, **base)
            return PaymentResult(payable=False, reasons=tuple(reasons), optimal=True, **base)
        return PaymentResult(payable=None, optimal=False, reasons=(
            Reason("601.2h", "the time limit ran out before a payment was found or ruled out"),), **base)
    value = result.value
    x_value = value(pm.x) if x_count else restricted_x
    activations, assignment, floating = read_plan(pm, value, x_value or 0, x_count)
    used_tap = {a.source for a in activations if a.taps} | {pid for a in activations for pid in a.tapped}
    used_untap = {a.source for a in activations if a.untaps}
    sacrificed = {a.sacrificed for a in activations if a.sacrificed}
    untapped = tuple(sorted(
        p.id for p in board.controlled_by(player)
        if p.id not in sacrificed and ((not p.tapped and p.id not in used_tap) or p.id in used_untap)))
    life_paid, damage = value(pm.main.life + pm.main.phyrexian), value(pm.main.damage)
    kept_ok = tuple((str(k), bool(value(ok))) for k, ok in zip(kept, pm.keep_ok))
    open_bound = bool(unmodelled) and bool(x_count and x_fixed is None or not all(ok for _, ok in kept_ok))
    if open_bound:  # the same X and kept costs with the costs not modelled taken as paid: proven
        bound = _relaxed(board, player, spell, parsed, card, pool, usable, life, symbols, x_count, x_fixed, upper,
                         kept, white, deadline)
        open_bound = bound != (sum(ok for _, ok in kept_ok), x_value or 0)
    undecided = (_unmodelled_reason(unmodelled, "give a larger X or keep more costs payable"),) if open_bound else ()
    if spend_unread:  # a restriction not read could forbid this payment
        undecided += (Reason("106.6", f"undecided: {getattr(card, 'name', 'the spell')}'s restriction on the mana "
                             f"that pays for it is not read: {' '.join(spend_unread)}"),)
    return PaymentResult(
        payable=None if undecided else True, as_read=True if undecided else None, reasons=undecided,
        x=x_value, life_paid=life_paid, damage=damage, life_after=life - life_paid - damage,
        activations=tuple(activations),
        assignment=tuple(assignment), untapped=untapped, sacrificed=tuple(sorted(sacrificed)),
        floating=tuple(floating), kept=kept_ok,
        optimal=optimal, objective=tuple(_report(values, len(kept), upper)),
        enters_with=enters_with(card, x_value) if card is not None and x_value is not None else None, **base)


def _relaxed(board: Board, player: str, spell: SpellInfo | None, cost: ManaCost, card: Card | None, pool, usable,
             life: int, symbols: tuple[ManaSymbol, ...], x_count: int, x_fixed: int | None, upper: int,
             kept: tuple[ManaCost, ...], white: bool, deadline: Deadline) -> tuple[int, int] | None | bool:
    """The most kept costs and the largest X with the costs not modelled taken as paid
    (:func:`extract_sources` ``relax``), ``None`` when even then the cost can't be paid, and
    ``True`` (unknown) when a product or repeated ability is still not modelled, or time ran out.
    Every real payment is a relaxed one, so these bound the real answer."""
    cost_colors = frozenset(c.value for c in cost.colors)
    instances, exclusions = extract_sources(board, player, spell, cost_colors, bool(cost.variables),
                                            _cast(board, player, card), relax=True)
    if any(not e.modelled for e in exclusions):
        return True
    relaxed_upper = max(upper, sum(i.max_amount for i in instances) + len(pool))
    pm = PaymentModel(instances, pool, usable, life, symbols, x_count, x_fixed, relaxed_upper, kept,
                      white_as_any_color=white)
    terms = [t for t in _terms(pm, instances, board, ("keep", "x"), relaxed_upper) if not isinstance(t[1], int)]
    result, values, optimal = _lexicographic(pm.model, terms, deadline)
    if result is None or not result.found:
        return None if result is not None and result.status == cp_model.INFEASIBLE else True
    if not optimal:
        return True
    levels = dict(values)
    return len(kept) - levels.get("keep", 0), relaxed_upper - levels["x"] if "x" in levels else 0


def _unmodelled_reason(unmodelled: tuple[Exclusion, ...], could: str) -> Reason:
    """Why an answer is undecided: abilities whose costs or products are read but not modelled."""
    names = "; ".join(f"{e.source} ({e.ability}): {e.reason}" for e in unmodelled)
    return Reason(unmodelled[0].rule, f"undecided: mana abilities the payment does not model could {could}: {names}")


def _cast(board: Board, player: str, card: Card | None) -> frozenset[str]:
    """The card of the player's hand being paid for, if it is there: it is on the stack while
    its cost is paid (601.2a), so no cost discards or exiles it."""
    found = [c.id for c in board.zones[player].hand if card is not None and c.card.name == card.name]
    return frozenset(found[:1])


def _sources(board: Board, player: str, spell: SpellInfo | None, cost: ManaCost,
             cast: frozenset[str] = frozenset()):  # type: ignore[no-untyped-def]
    """The player's activation instances, the excluded sources, the pool and which pool mana
    may pay for this cost (106.6)."""
    cost_colors = frozenset(c.value for c in cost.colors)
    has_x = bool(cost.variables)
    instances, exclusions = extract_sources(board, player, spell, cost_colors, has_x, cast)
    pool = board.pool(player)
    usable = [(spell or SpellInfo()).allows(u.spend_only, cost_colors, has_x, u.spend_abilities)
              and (spell is None or spell.mana_from is None) for u in pool]  # 113.6e: the pool's makers are unknown
    return instances, exclusions, pool, usable


def most_mana(board: Board, cost: str | ManaCost = "{0}", player: str | None = None,
              spell: SpellInfo | None = None, time_limit: float = 10.0) -> tuple[int, bool]:
    """The most mana ``player`` can have at once to pay ``cost`` (its colors and ``spell`` decide
    which restricted mana counts, 106.6), and whether that maximum is proven (else a bound).

    The payment model itself, maximising the mana left with nothing to pay: alternatives on one
    permanent exclude each other (107.5), filters pay their own costs, life limits apply (119.4).

    :raises OptionError: an unknown player.
    """
    player = _player(board, player)
    instances, _, pool, usable = _sources(board, player, spell, _cost(cost, "cost"))
    return _most_mana(instances, pool, usable, board.player(player).life, Deadline(time_limit),
                      spends_white_as_any_color(board, player))


def _report(values: list[tuple[str, int]], keeps: int, upper: int) -> list[tuple[str, int]]:
    """Level values as users read them: kept costs payable, and X itself."""
    turn = {"keep": lambda v: keeps - v, "x": lambda v: upper - v}
    return [(name, turn.get(name, lambda v: v)(v)) for name, v in values]


def mana_only(perm: Any) -> bool:
    """A permanent whose only use is mana (Treasure-like): not a creature or land, and every
    ability it has is a mana ability, one of which sacrifices it."""
    if perm.is_creature or perm.is_land or not perm.abilities:
        return False
    abilities = perm.mana_abilities
    return len(abilities) == len(perm.abilities) and any(a.sacrifices_self for a in abilities)


def _terms(pm: PaymentModel, instances: list[Instance], board: Board, levels: Sequence[str],
           upper: int) -> list[tuple[str, cp_model.LinearExprT, int]]:
    """Each objective level as (name, expression to minimise, an upper bound of its range)."""
    main = pm.main
    n = len(pm.perm_ids) + 1
    out: list[tuple[str, cp_model.LinearExprT, int]] = []
    for level in levels:
        if level == "keep":
            expr, size = (len(pm.keep_ok) - sum(pm.keep_ok) if pm.keep_ok else 0), len(pm.keep_ok)
        elif level == "x":
            expr, size = (upper - pm.x if not isinstance(pm.x, int) else 0), upper
        elif level == "life":
            expr, size = pm.life_lost(), pm.life_total + sum(i.damage for i in instances)
        elif level == "sacrifice":
            expr = sum((1 if mana_only(board.permanent(pid)) else n) * v for pid, v in sorted(main.sacrificed.items()))
            size = n * len(main.sacrificed)
        elif level == "cards":
            zones = [k for k in sorted(main.uses) if k.split(":")[0] in ("hand", "library", "graveyard")]
            expr, size = sum(main.uses[k] for k in zones), sum(main.resources[k].capacity for k in zones)
        elif level == "creatures":  # tapped by their own abilities or for another's cost
            creatures = {pid for pid in pm.perm_ids if board.has_permanent(pid) and board.permanent(pid).is_creature}
            expr = sum(main.act[i.key] for i in instances if i.creature and (i.taps or i.untaps)) + sum(
                v for (_, pid), v in sorted(main.tap_sel.items()) if pid in creatures)
            size = len(creatures)
        elif level == "sources":
            expr, size = sum(main.touched.values()), len(main.touched)
        elif level == "spare":  # what the sources used could make: the most mana, then the types
            amount, kinds = source_values(instances)
            touched = sorted(main.touched.items())
            out.append((level, sum(amount.get(p, 0) * t for p, t in touched), sum(amount.values())))
            expr, size = sum(kinds.get(p, 0) * t for p, t in touched), sum(kinds.values())
            level = "spare_types"
        else:
            expr, size = pm.floating(), upper
        out.append((level, expr, size))
    return out


def source_values(instances: list[Instance]) -> tuple[dict[str, int], dict[str, int]]:
    """Per source, the most mana one of its activations makes and how many types they make."""
    amount: dict[str, int] = {}
    kinds: dict[str, set[str]] = {}
    for i in instances:
        amount[i.source] = max(amount.get(i.source, 0), i.max_amount)
        kinds.setdefault(i.source, set()).update(i.types())
    return amount, {p: len(t) for p, t in kinds.items()}


#: Consecutive levels are folded into one weighted objective while the weights stay below this.
_FOLD = 1 << 24


def _lexicographic(model: cp_model.CpModel, terms: list[tuple[str, cp_model.LinearExprT, int]],
                   deadline: Deadline):
    """Minimise the levels lexicographically: consecutive levels with small ranges are folded
    into one weighted sum, each solve fixes its levels at their optimum for the next one."""
    live = [(name, expr, size) for name, expr, size in terms if not isinstance(expr, int)]
    chunks: list[list[tuple[str, cp_model.LinearExprT, int]]] = []
    weight = _FOLD + 1
    for term in live:
        if chunks and weight * (term[2] + 1) <= _FOLD:
            chunks[-1].append(term)
            weight *= term[2] + 1
        else:
            chunks.append([term])
            weight = term[2] + 1
    values: list[tuple[str, int]] = []
    optimal = True
    result = solve_payment(model, deadline.remaining()) if not chunks else None
    for chunk in chunks:
        objective: cp_model.LinearExprT = 0
        w = 1
        for _, expr, size in reversed(chunk):
            objective = objective + w * expr
            w *= size + 1
        model.minimize(objective)
        result = solve_payment(model, deadline.remaining())
        if not result.found:
            return result, values, False
        for name, expr, _ in chunk:
            v = result.value(expr)
            values.append((name, v))
            if result.optimal:
                model.add(expr == v)
        if not result.optimal:
            model.add(objective <= int(round(result.objective)))
            optimal = False
    model.clear_objective()
    return result, values, optimal



def pay_as_read(board: Board, cost: ManaCost, player: str, x: int | None, card: Card | None, time_limit: float,
                explain: bool = True, spell: SpellInfo | None = None) -> PaymentResult:
    """:func:`pay` with the verdict on the text read in ``payable`` (its ``as_read``): which
    unread lines bear on it is not asked, for callers that act on that verdict alone.

    :raises OptionError: as :func:`pay`.
    """
    return pay.__wrapped__(board, cost, player=player, x=x, card=card, time_limit=time_limit,  # type: ignore[attr-defined]
                           explain=explain, spell=spell)

def _explain(instances: list[Instance], exclusions: list[Exclusion], pool, usable, life: int,
             symbols: tuple[ManaSymbol, ...], x_count: int, x: int, deadline: Deadline,
             board: Board, white: bool = False) -> list[Reason]:
    """Reasons in board terms: a set of symbols that can't be paid together (an unsat core),
    the types no source makes, and the excluded sources."""
    upper = sum(i.max_amount for i in instances) + sum(u.amount for u in pool)
    pm = PaymentModel(instances, pool, usable, life, symbols, x_count, x, upper, explain=True,
                      white_as_any_color=white)
    lits = [p.literal for p in pm.main.spell_pay if p.literal is not None]
    labels = [str(p.symbol) for p in pm.main.spell_pay if p.literal is not None]
    if x_count:
        lits.append(pm.x_literal)
        labels.append("{X}" * x_count + f" (X={x})")
    core = core_of(pm.model, lits, deadline.remaining(), **SOLVER_PARAMS) if lits else None
    reasons: list[Reason] = []
    made: set[str] = set()
    for i in instances:
        made |= i.types()
    made |= {u.type for u, ok in zip(pool, usable) if ok}
    if core:
        group = [pm.main.spell_pay[k].symbol if k < len(pm.main.spell_pay) else None for k in core]
        text = "".join(labels[k] for k in core)
        total, exact = _most_mana(instances, pool, usable, life, deadline, white)
        what = f"the symbols {text} can't all be paid" if len(core) > 1 else f"the symbol {text} can't be paid"
        most = f"at most {total} mana" + ("" if exact else ", a bound: the time limit ran out before the maximum")
        reasons.append(Reason("601.2h", f"{what} with the mana the available sources can make "
                              f"({most}) and {life} life", text))
        needed = {t for s in group if s is not None and not s.is_generic and not s.snow and not s.alt_generic
                  and not s.phyrexian for t in spend_types(s.options, white)}
        for s in dict.fromkeys(symbols):  # every symbol no available mana could pay, not just the core's
            if not s.is_generic and not s.snow and not s.alt_generic and not s.phyrexian \
                    and not any(t in made for t in spend_types(s.options, white)):
                rule = "609.4b" if white else "107.4a" if "C" not in s.options else "107.4c"
                reasons.append(Reason(rule, f"no available source makes mana that can pay {s}"
                                      + (" (Celestial Dawn: only white mana pays colored symbols)" if white else ""),
                                      str(s)))
                needed |= set(spend_types(s.options, white))
            if s.snow and not any(i.snow for i in instances) and not any(u.snow for u, ok in zip(pool, usable) if ok):
                reasons.append(Reason("107.4h", "no available snow source for {S}", str(s)))
            if s.phyrexian and life < 2:
                reasons.append(Reason("119.4", f"{s} can't be paid with life: {life} life is less than 2", str(s)))
        for e in exclusions:
            if not needed or not e.types or e.types & needed:
                reasons.append(Reason(e.rule, f"{e.source} ({e.ability}{_granted(board, e)}) can't be used: {e.reason}",
                                      None, e.source))
    else:
        reasons.append(Reason("601.2h", "the cost can't be paid with the available sources"))
        reasons += [Reason(e.rule, f"{e.source} ({e.ability}{_granted(board, e)}) can't be used: {e.reason}", None,
                           e.source) for e in exclusions]
    return reasons


def _granted(board: Board, e: Exclusion) -> str:
    """`` (from Chromatic Lantern (lantern))`` for a mana ability another permanent grants (613.1f)."""
    return source_note(board, board.permanent(e.source), e.ability) if board.has_permanent(e.source) else ""


def _most_mana(instances: list[Instance], pool, usable, life: int, deadline: Deadline,
               white: bool = False) -> tuple[int, bool]:
    """The most mana the sources can leave in the pool for the cost at once, and whether that is
    proven (else an upper bound from the solver). The same encoding as the payment, with no cost
    to pay and the mana left maximised: one {T} ability per permanent (107.5), each permanent
    sacrificed once, activation costs paid (filter lands net one mana), life limits (119.4)."""
    upper = sum(i.max_amount for i in instances) + sum(u.amount for u in pool)
    pm = PaymentModel(instances, pool, usable, life, (), 0, 0, upper, white_as_any_color=white)
    left = sum(pm.main.left.values())
    pm.model.maximize(left)
    result = solve_payment(pm.model, deadline.remaining())
    if not result.found:
        return upper, False
    return (int(result.objective), True) if result.optimal else (int(result.bound), False)
