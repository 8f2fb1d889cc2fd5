"""Mana sources of a board as activation instances (CR 106, 107.5-107.6, 302.6, 605).

Every mana ability a player could activate while paying a cost (601.2g) becomes one or
more :class:`Instance`: a single activation with its costs and the mana it can make, as a
tuple of :class:`Option` (the choices the player makes as it resolves). Abilities that
can't be activated now are listed as :class:`Exclusion` with the rule that excludes them.

* ``{T}`` / ``{Q}``: one activation per permanent; tapped (107.5) or untapped (107.6)
  permanents can't pay it, nor a creature under summoning sickness without haste (302.6).
* ``Sacrifice this``: one activation; ``Sacrifice a creature``: one instance per permanent
  that could be sacrificed (each permanent is sacrificed at most once).
* No ``{T}``, ``{Q}`` or sacrifice: as many activations as counters, cards or permanents to
  tap allow, or, for a pure mana cost, as many as the rest of the board could pay for.
* Costs that draw on the zones the board gives (118.3) name a :class:`Resource` in their
  options: cards in the hand (discard, exile; the card being cast is on the stack, 601.2a),
  in the library (mill, 701.17b) or graveyard (exile), counters on the permanent. "Remove X
  counters" has an option per X (107.3a), each activation removing at least one. "Tap N
  untapped WHAT you control" lists the permanents it could tap (:attr:`Instance.tap_candidates`;
  302.6 does not apply: it is not a {T} cost of theirs). A card in a hand or graveyard whose
  ability exiles it from there (Elvish Spirit Guide, 113.6m) is a source too.
* A cost read but not modelled (:func:`~mtgsolver.model.mana_abilities.modelled_cost`) excludes
  the ability with ``modelled=False``: an answer it could change is undecided.

Every product goes through :func:`ability_product` and so through
:func:`mtgsolver.rules.production.effective_product` (106.7 reflection, replacement
effects and "tapped for mana" triggers).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtgsolver.model import Board, ManaAbility, ManaCost, Permanent
from mtgsolver.model.limits import check_mana
from mtgsolver.model.mana import MANA_TYPES
from mtgsolver.model.mana_abilities import (
    ACTIVATION_SYMBOL_KINDS,
    AnyColor,
    Choice,
    CostPart,
    Counted,
    Fixed,
    Product,
    Reflect,
    modelled_cost,
)
from mtgsolver.model.zones import ZoneCard
from mtgsolver.rules.layers import source_note
from mtgsolver.rules.production import effective_product, sacrifice_product

__all__ = [
    "Exclusion",
    "Instance",
    "Option",
    "Resource",
    "SpellInfo",
    "ability_product",
    "extract_sources",
    "energy_resource",
    "energy_resource_key",
    "options_of",
]

COLORS: tuple[str, ...] = MANA_TYPES[:5]


@dataclass(frozen=True)
class SpellInfo:
    """What the mana is spent on, for spending restrictions (106.6).

    ``types`` holds card types, supertypes and subtypes in lower case (``creature``,
    ``legendary``, ``dragon``); ``colors`` the spell's colors as letters, or ``None`` to
    take them from the cost being paid (202.2). ``mana_from``: the spell's own restriction
    "Spend only mana produced by creatures to cast this spell" (113.6e): the words a source
    must have (each entry all its words: ``creature``, ``basic land``), ``None`` for none.
    """

    types: frozenset[str] = frozenset()
    colors: frozenset[str] | None = None
    mana_from: frozenset[str] | None = None
    ability: bool = False  # an activated ability's cost (602.2b): ``types`` and ``colors`` are its source's

    @classmethod
    def ability_of(cls, perm: Permanent) -> SpellInfo:
        """What an activated ability of ``perm`` is, for spending restrictions: its source's types
        and colors (602.2b, 106.6)."""
        return cls(frozenset(t.lower() for t in (*perm.types, *perm.supertypes, *perm.subtypes)),
                   frozenset(c.value for c in perm.colors), ability=True)

    def made_by(self, perm: Permanent | None) -> bool:
        """Whether mana ``perm`` makes may pay the spell (``None``: a card in a hand or graveyard,
        not a permanent: 109.2, "creatures" are on the battlefield)."""
        if self.mana_from is None:
            return True
        return perm is not None and any(_has_words(perm, entry.split()) for entry in self.mana_from)

    def allows(self, spend_only: frozenset[str] | None, cost_colors: frozenset[str], cost_has_x: bool = False,
               abilities: frozenset[str] | None = None) -> bool:
        """Whether mana restricted to ``spend_only`` spells, and to the activated abilities of
        ``abilities`` sources (602.2b), may pay this cost (106.6; an entry of several words, ``elf
        creature``, ``colorless eldrazi``, needs them all, ``ANY_SOURCE`` has none; an empty set pays
        no spell). ``{x}`` allows any cost that contains {X} (``cost_has_x``), a spell's or an ability's."""
        if spend_only is None or cost_has_x and "{x}" in spend_only:
            return True
        colors = self.colors if self.colors is not None else cost_colors
        entries = (abilities or frozenset()) if self.ability else spend_only - {"{x}"}
        return any(all(self._has(w, colors) for w in entry.split()) for entry in entries)

    def _has(self, word: str, colors: frozenset[str]) -> bool:
        """One word of a restriction: a type, or a color word the spell's colors satisfy (105.2)."""
        if word == "multicolored":
            return len(colors) >= 2
        if word == "monocolored":
            return len(colors) == 1
        if word == "colorless":
            return not colors
        if word in _COLOR_LETTER:
            return _COLOR_LETTER[word] in colors
        return word in self.types


_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class Resource:
    """What the costs of several activations draw on together (118.3): the cards in a player's
    hand, library or graveyard, or the counters of one kind on a permanent; ``capacity`` is
    how many there are, ``noun`` names one in answers."""

    key: str
    capacity: int
    noun: str


@dataclass(frozen=True)
class Option:
    """One way an activation can resolve: ``fixed`` counts per type in MANA_TYPES order,
    plus ``free`` more mana, each of any type in ``free_types`` (a combination); ``uses``:
    how much of each :class:`Resource` its costs take (X counters removed: one option per X)."""

    fixed: tuple[int, ...]
    free: int = 0
    free_types: tuple[str, ...] = ()
    uses: tuple[tuple[Resource, int], ...] = ()

    @property
    def amount(self) -> int:
        return sum(self.fixed) + self.free

    def types(self) -> frozenset[str]:
        return frozenset(t for t, n in zip(MANA_TYPES, self.fixed) if n) | frozenset(
            self.free_types if self.free else ())


@dataclass(frozen=True)
class Instance:
    """One possible activation of a mana ability.

    ``key`` is unique and sortable; ``sacrificed`` is the permanent the activation
    sacrifices (itself or another), ``copy`` numbers repeated activations; ``tap_others``
    untapped permanents among ``tap_candidates`` are tapped for its cost; ``zone``: the
    source is a card in that zone (``hand``, ``graveyard``), not a permanent.
    """

    key: str
    source: str
    ability: ManaAbility
    options: tuple[Option, ...]
    mana_cost: ManaCost
    life: int
    snow: bool
    restricted: frozenset[str] | None
    taps: bool
    untaps: bool
    creature: bool
    sacrificed: str | None = None
    copy: int = 0
    damage: int = 0
    tap_others: int = 0
    tap_candidates: tuple[str, ...] = ()
    zone: str | None = None
    spell_ok: bool = True  # its mana may pay the spell (the spell's own restriction, 113.6e)

    @property
    def max_amount(self) -> int:
        return max(o.amount for o in self.options)

    def types(self) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for o in self.options:
            out |= o.types()
        return out


@dataclass(frozen=True)
class Exclusion:
    """A mana ability that can't be activated now, and why (with the rule); ``modelled``
    False: not because of the rules but because the project does not model it (a cost or
    product read but not paid), so an answer it could change is undecided; ``types``: the
    types its product could have (empty: unknown)."""

    source: str
    ability: str
    reason: str
    rule: str
    modelled: bool = True
    types: frozenset[str] = frozenset()

    def to_dict(self) -> dict[str, object]:
        return {"source": self.source, "ability": self.ability, "reason": self.reason, "rule": self.rule,
                "modelled": self.modelled}


def ability_product(board: Board, permanent: Permanent, ability: ManaAbility,
                    sacrificed: str | None = None, x: int | None = None) -> Product:
    """The product of ``ability`` as it would resolve now: the one place products are read.

    Delegates to :func:`mtgsolver.rules.production.effective_product` (106.7, 106.12,
    614), which resolves reflection and applies production effects; an ability reflecting
    the permanent it sacrifices (Squandered Resources) reads that permanent's types; ``x`` is
    the X chosen for "Remove X counters" (107.3a).
    """
    if isinstance(ability.product, Reflect) and ability.product.scope == "sacrificed":
        if sacrificed is None:
            return Fixed(())
        return sacrifice_product(board, permanent, ability, sacrificed)
    return effective_product(board, permanent, ability, x)


def options_of(product: Product, board: Board, permanent: Permanent | None) -> tuple[Option, ...] | str:
    """The resolutions of a product as :class:`Option` values, or a reason it can't be used."""
    if isinstance(product, Fixed):
        return (_fixed(product.mana),)
    if isinstance(product, Counted) and permanent is not None:
        n = sum(1 for p in board.permanents
                if (product.whose != "you" or p.controller == permanent.controller)
                and (product.per in p.types or product.per in p.subtypes or product.per == "permanent"))
        check_mana(n * len(product.mana), f"{permanent.name} ({permanent.id})")
        return (_fixed(product.mana * n),)
    if isinstance(product, AnyColor):
        if product.amount < 0:
            return "the amount X of the mana it makes is not supported"
        check_mana(product.amount, f"{permanent.name} ({permanent.id})" if permanent is not None else "a card")
        if product.combination or product.amount == 1:
            return (Option((0,) * 6, product.amount, product.among),)
        return tuple(_fixed((c,) * product.amount) for c in product.among)
    if isinstance(product, Choice):
        opts = tuple(dict.fromkeys(_fixed(o) for o in product.options))
        if all(o.amount == 1 for o in opts) and len(opts) > 1:
            return (Option((0,) * 6, 1, tuple(t for t in MANA_TYPES if any(o.fixed[MANA_TYPES.index(t)]
                                                                              for o in opts))),)
        return opts
    return f"its product {product!r} is not supported"


def _fixed(mana: tuple[str, ...]) -> Option:
    return Option(tuple(mana.count(t) for t in MANA_TYPES))


@dataclass
class _Collector:
    board: Board
    player: str
    spell: SpellInfo | None
    cost_colors: frozenset[str]
    cost_has_x: bool = False
    cast: frozenset[str] = frozenset()
    instances: list[Instance] = field(default_factory=list)
    exclusions: list[Exclusion] = field(default_factory=list)

    def exclude(self, source: str, ability: ManaAbility, reason: str, rule: str, modelled: bool = True) -> None:
        self.exclusions.append(Exclusion(source, ability.text, reason, rule, modelled, ability.types()))

    def resource(self, zone: str) -> Resource:
        """The cards of the player's ``zone`` as a :class:`Resource` (the board's zones; a
        board without them has empty zones). The hand holds neither the cards being cast
        (601.2a: on the stack while they are paid for) nor, for a discard, any other."""
        zones = self.board.zones[self.player]
        if zone == "hand":
            n = zones.hand_count - sum(1 for c in zones.hand if c.id in self.cast)
        elif zone == "library":
            n = zones.library_count
        else:
            n = len(zones.graveyard)
        return Resource(f"{zone}:{self.player}", max(0, n), f"card in {self.player}'s {zone}")


def counters_resource(perm: Permanent, kind: str) -> Resource:
    """The ``kind`` counters on ``perm`` as a :class:`Resource`."""
    return Resource(f"counters:{perm.id}:{kind}", perm.counters.get(kind, 0), f"{kind} counter on {perm.id}")


def energy_resource(board: Board, player: str) -> Resource:
    """The player's energy counters (122.1f) as a :class:`Resource`: what {E} costs pay (107.14)."""
    return Resource(energy_resource_key(player), board.player(player).energy, f"energy counter of {player}")


def energy_resource_key(player: str) -> str:
    """The key of :func:`energy_resource` (player names differ from permanent ids)."""
    return f"counters:{player}:energy"


def _has_words(p: Permanent, words: list[str]) -> bool:
    """Every word among the permanent's types, subtypes and supertypes, or a color word of its
    colors (105.2: "a blue creature")."""
    kinds = p.types | p.subtypes | p.supertypes
    colors = {c.value for c in p.colors}
    return all(w in kinds or _COLOR_LETTER.get(w) in colors for w in words)


def _sacrifice_candidates(board: Board, player: str, perm: Permanent, part: CostPart) -> list[Permanent]:
    """What ``Sacrifice a[nother] WHAT [token] [named NAME]`` could sacrifice (701.21a: only
    the player's own permanents; 111.1 tokens; 201.2 names)."""
    words = (part.what or "").split()
    return [p for p in board.controlled_by(player)
            if not (part.another and p.id == perm.id)
            and (not part.token or p.token)
            and (part.named is None or p.name.lower() == part.named.lower())
            and all(w in p.types or w in p.subtypes or w in p.supertypes for w in words)]


def _tap_candidates(board: Board, player: str, part: CostPart, source: str) -> tuple[str, ...]:
    """What ``Tap N untapped WHAT you control`` could tap: the player's untapped permanents with
    those words (701.26a), the source among them if it has them (302.6 is about {T} only) but for
    "Tap another untapped WHAT" (Kumena, Tyrant of Orazca's "Tap another untapped Merfolk")."""
    return tuple(sorted(p.id for p in board.controlled_by(player)
                        if not p.tapped and not (part.another and p.id == source)
                        and _has_words(p, (part.what or "").split())))


def extract_sources(board: Board, player: str, spell: SpellInfo | None,
                    cost_colors: frozenset[str] = frozenset(),
                    cost_has_x: bool = False, cast: frozenset[str] = frozenset(), relax: bool = False,
                    ) -> tuple[list[Instance], list[Exclusion]]:
    """All activation instances ``player`` has, and the abilities excluded with reasons.

    ``spell`` ``None`` means only the spell's colors are known (those of the cost, 202.2):
    mana restricted to spell types is then not used (106.6); ``cost_has_x``: the cost
    contains {X} (mana spent "only on costs that contain {X}"); ``cast``: ids of the cards in
    the player's hand being cast (on the stack, 601.2a: no cost discards or exiles them).
    Repeatable abilities with a mana cost get as many copies as the rest of the board could
    pay for, and no more than "Activate no more than N times each turn" allows (602.5b).
    ``relax``: the cost parts not modelled are taken as paid, for an ability activated at most
    once (a {T}, {Q}, sacrifice or once-each-turn ability): every real payment is one of the
    relaxed ones, so a cost the relaxed sources can't pay can't be paid.
    """
    col = _Collector(board, player, spell, cost_colors, cost_has_x, cast)
    life = board.player(player).life
    repeatable: list[Instance] = []
    # the board is prepared: type-changing effects (305.7) gave lands their new abilities
    for perm in sorted(board.controlled_by(player), key=lambda p: p.id):
        for index, ability in enumerate(perm.mana_abilities):
            if not _usable(col, perm, ability, life, relax and _once(ability)):
                continue
            uses = _uses(col, perm, ability)
            if uses is None:
                continue
            sac_other = [c for c in ability.costs if c.kind == "sacrifice" and modelled_cost(c)]
            per_target = isinstance(ability.product, Reflect) and ability.product.scope == "sacrificed"
            opts = () if per_target and sac_other else _options(col, perm, ability, None, uses)
            if opts is None:
                continue
            tapping = [c for c in ability.costs if c.kind == "tap_untapped"]
            common = dict(source=perm.id, ability=ability, options=opts, mana_cost=ability.mana_cost,
                          life=ability.life_cost, snow=perm.is_snow, restricted=spend_only_of(perm, ability),
                          taps=ability.taps, untaps=ability.untaps, creature=perm.is_creature,
                          damage=ability.damage + ability.life_loss
                          + (_damage_when_tapped(board, perm) if ability.taps else 0),
                          spell_ok=(spell or SpellInfo()).made_by(perm))
            if tapping:
                common.update(tap_others=tapping[0].amount,
                              tap_candidates=_tap_candidates(board, player, tapping[0], perm.id))
            key = f"{perm.id}#{index}"
            if sac_other:
                cands = _sacrifice_candidates(board, player, perm, sac_other[0])
                if not cands:
                    col.exclude(perm.id, ability, f"nothing to sacrifice: no {_describe(sac_other[0])} you control",
                                "118.3")
                made = 0
                for c in cands:
                    if per_target:
                        common["options"] = _options(col, perm, ability, c.id, uses, record=False)
                        if not common["options"]:
                            continue
                    made += 1
                    col.instances.append(Instance(key=f"{key}:{c.id}", sacrificed=c.id, **common))
                if cands and not made:
                    col.exclude(perm.id, ability, "no permanent it could sacrifice could produce mana", "106.7")
            elif ability.sacrifices_self:
                col.instances.append(Instance(key=key, sacrificed=perm.id, **common))
            elif ability.taps or ability.untaps:
                col.instances.append(Instance(key=key, **common))
            else:
                _copies(col, key, ability, common, repeatable, life)
    for card in _zone_cards(board, player, cast):
        for index, ability in enumerate(card.mana_abilities):
            instance = _card_instance(col, card, index, ability, life)
            if instance is not None:
                col.instances.append(instance)
    if repeatable:
        budget = _unrestricted_mana_bound(col.instances) + sum(m.amount for m in board.pool(player) if m.spend_only is None)
        for first in repeatable:
            mv = first.mana_cost.mana_value
            for k in range(min(budget // mv, first.ability.per_turn or 32)):
                col.instances.append(replace(first, key=f"{first.key}*{k:02d}", copy=k))
    _ability_mana_for_mana_costs(col)
    return sorted(col.instances, key=lambda i: i.key), col.exclusions


def _ability_mana_for_mana_costs(col: _Collector) -> None:
    """Mana that may be spent on activated abilities may pay a mana ability's own mana cost
    (602.2b, 605.3a: Cryptic Trilobite's mana for Orb of Dragonkind's {1}); the encodings pay those
    costs with unrestricted mana only, so such mana, made or in the pool, is recorded as not modelled
    (an answer it could change is undecided)."""
    perms = list(col.board.controlled_by(col.player))
    costly = [p for p in perms if any(a.mana_cost.symbols for a in p.mana_abilities)]
    if not costly:
        return
    payers = [(perm.id, ability.text, chosen_entries(perm, ability.spend_abilities), ability.types())
              for perm in perms for ability in perm.mana_abilities if not (ability.taps and perm.tapped)]
    payers += [("pool", f"{{{m.type}}} in the pool", m.spend_abilities, frozenset({m.type}))
               for m in col.board.pool(col.player)]
    for source, text, entries, types in payers:
        paid = sorted(p.id for p in costly if p.id != source and entries is not None
                      and SpellInfo.ability_of(p).allows(frozenset(), frozenset(), False, entries))
        if paid:
            col.exclusions.append(Exclusion(source, text, f"its mana may pay the mana cost of {', '.join(paid)}'s "
                                            "mana ability (602.2b), which payment does not model", "106.6", False,
                                            types))


def _copies(col: _Collector, key: str, ability: ManaAbility, common: dict, repeatable: list[Instance],
            life: int) -> None:
    """Activations of an ability with no {T}, {Q} or sacrifice: as many as its counters, cards
    or permanents to tap allow (each copy takes its share, the encoding bounds the total),
    as life allows (119.4), once (602.5b), or, for a mana cost, as the board could pay for."""
    limit = 1 if ability.timing == "once_each_turn" else ability.per_turn  # 602.5b: none activated yet
    need: dict[str, tuple[Resource, int]] = {}  # the least each activation takes of each resource
    for o in common["options"]:
        for res, n in o.uses:
            if n and n < need.get(res.key, (res, n + 1))[1]:
                need[res.key] = (res, n)
    shares = [res.capacity // n for res, n in need.values()]
    if common.get("tap_others"):
        shares.append(len(common["tap_candidates"]) // common["tap_others"])
    if ability.life_cost > 0:  # 119.4: each activation needs that much life
        shares.append(life // ability.life_cost)
    if shares:
        copies = min(shares + [64 if ability.mana_cost.symbols else 10_000])
        for k in range(min(copies, limit) if limit else copies):
            col.instances.append(Instance(key=f"{key}*{k:02d}", copy=k, **common))
    elif limit == 1:
        col.instances.append(Instance(key=key, **common))
    elif ability.mana_cost.mana_value > 0:
        repeatable.append(Instance(key=key, **common))
    else:
        col.exclude(common["source"], ability, "it costs nothing and could be activated without end", "605.3",
                    modelled=False)


def _zone_cards(board: Board, player: str, cast: frozenset[str]) -> list[ZoneCard]:
    zones = board.zones[player]
    return [c for c in (*zones.hand, *zones.graveyard) if c.mana_abilities and c.id not in cast]


def _card_instance(col: _Collector, card: ZoneCard, index: int, ability: ManaAbility,
                   life: int) -> Instance | None:
    """The activation of a card's mana ability that exiles it from its hand or graveyard
    (113.6m, 605.1a: Elvish Spirit Guide), or ``None`` after recording why not."""
    zone = col.board.zones[col.player].zone_of(card.id) or "hand"
    reason = _card_cost_reason(col, ability, life)
    if reason is not None:
        col.exclude(card.id, ability, *reason)
        return None
    uses: list[tuple[Resource, int]] = []
    for part in ability.costs:
        if part.kind in ("discard", "exile_card", "mill", "exile_self"):
            res = col.resource("library" if part.kind == "mill" else
                               "hand" if part.kind == "discard" else part.what or zone)
            uses.append((res, 1 if part.kind == "exile_self" else part.amount))
        elif part.kind == "energy":
            uses.append((energy_resource(col.board, col.player), part.amount))
    product = ability.product
    opts = options_of(product, col.board, None) if isinstance(product, (Fixed, Choice, AnyColor)) else \
        f"its product {product!r} is not supported"
    if isinstance(opts, str):
        col.exclude(card.id, ability, opts, "106.7", modelled=False)
        return None
    if any(res.capacity < n for res, n in uses):
        col.exclude(card.id, ability, "not enough cards: " + _shortage(uses), "118.3")
        return None
    return Instance(key=f"{card.id}#{index}", source=card.id, ability=ability,
                    options=tuple(replace(o, uses=tuple(uses)) for o in opts if o.amount > 0),
                    mana_cost=ability.mana_cost, life=ability.life_cost,
                    snow="snow" in {t.lower() for t in card.card.supertypes}, restricted=ability.spend_only,
                    taps=False, untaps=False, creature=False, zone=zone,
                    spell_ok=(col.spell or SpellInfo()).made_by(None))


def _card_cost_reason(col: _Collector, ability: ManaAbility, life: int) -> tuple | None:
    """Why a card's ability in a hand or graveyard can't be activated now, if it can't."""
    unpaid = [c for c in ability.costs if not modelled_cost(c) or c.kind in ("tap", "untap", "sacrifice",
                                                                             "sacrifice_self", "tap_untapped")]
    if unpaid:
        return f"its cost '{_describe(unpaid[0])}' is read but payment does not model it", "118.3", False
    if ability.condition is not None or ability.timing == "sorcery":
        return "its activation condition or timing is not modelled for a card in a hand or graveyard", "602.5", False
    if ability.life_cost > life:
        return f"it costs {ability.life_cost} life and the player has {life}", "119.4"
    spell = col.spell or SpellInfo()
    if not spell.allows(ability.spend_only, col.cost_colors, col.cost_has_x, ability.spend_abilities):
        return f"restricted: {(ability.restriction or '').rstrip('.')}", "106.6"
    return None


def _once(ability: ManaAbility) -> bool:
    """Activated at most once while a cost is paid: {T}, {Q}, sacrificing itself, once each turn."""
    return ability.taps or ability.untaps or ability.sacrifices_self or ability.timing == "once_each_turn"


def _shortage(uses: list[tuple[Resource, int]]) -> str:
    return "; ".join(f"it needs {n} {res.noun}(s) and there are {res.capacity}" for res, n in uses
                     if res.capacity < n)


def _uses(col: _Collector, perm: Permanent, ability: ManaAbility) -> list[tuple[Resource, int]] | None:
    """What each activation's fixed costs take from the zones and counters (118.3), or
    ``None`` after recording that there is not enough."""
    uses: list[tuple[Resource, int]] = []
    for part in ability.costs:
        if part.kind == "remove_counters" and not part.variable:
            uses.append((counters_resource(perm, part.what or ""), part.amount))
        elif part.kind == "discard":
            uses.append((col.resource("hand"), part.amount))
        elif part.kind == "mill":
            uses.append((col.resource("library"), part.amount))
        elif part.kind == "exile_card":
            uses.append((col.resource(part.what or "graveyard"), part.amount))
        elif part.kind == "energy":
            uses.append((energy_resource(col.board, col.player), part.amount))
    if any(res.capacity < n for res, n in uses):
        col.exclude(perm.id, ability, _shortage(uses), "701.17b" if any(
            r.key.startswith("library") and r.capacity < n for r, n in uses) else "118.3")
        return None
    return uses


def _unrestricted_mana_bound(instances: list[Instance]) -> int:
    """The most unrestricted mana ``instances`` can make together, an upper bound: at most one
    {T} or {Q} activation per permanent (107.5, 107.6) and at most one activation sacrificing
    each permanent (701.21a: it is gone once sacrificed), so each such group counts its largest
    activation once. Restricted mana pays no activation's cost (106.6)."""
    best: dict[tuple[str, str], int] = {}
    for i in instances:
        if i.restricted is not None:
            continue
        group = ("tap", i.source) if i.taps or i.untaps else ("sacrifice", i.sacrificed) if i.sacrificed \
            else ("once", i.key)
        best[group] = max(best.get(group, 0), i.max_amount)
    return sum(best.values())


def _usable(col: _Collector, perm: Permanent, ability: ManaAbility, life: int, relax: bool = False) -> bool:
    """Whether the costs of an ability can be paid now (``relax``: its costs not modelled taken
    as paid); records why not."""
    for scope in perm.values("cant_activate"):  # Faith's Fetters' kind (602.5)
        if scope == "all" or (scope == "tap" and ability.taps):
            what = "its activated abilities" + (" with {T} in their costs" if scope == "tap" else "")
            col.exclude(perm.id, ability, f"{what} can't be activated"
                        f"{source_note(col.board, perm, f'cant_activate: {scope}')}", "602.5")
            return False
    if ability.taps and perm.tapped:
        col.exclude(perm.id, ability, "it is tapped: {T} can't be paid", "107.5")
        return False
    if ability.untaps and not perm.tapped:
        col.exclude(perm.id, ability, "it is untapped: {Q} can't be paid", "107.6")
        return False
    if (ability.taps or ability.untaps) and not perm.can_use_tap_abilities():
        col.exclude(perm.id, ability, "summoning sick: a creature's {T}/{Q} ability needs it under its "
                    "controller's control since the turn began, or haste", "302.6")
        return False
    if ability.condition is not None and not ability.condition.holds(
            col.board.controlled_by(perm.controller), perm, col.board.turn.lands_played.get(perm.controller, 0)):
        col.exclude(perm.id, ability, f"it can be activated only if {ability.condition.describe()}", "602.5b")
        return False
    if any(c.kind == "exile_self" for c in ability.costs):  # 113.6m: it functions only in that zone
        col.exclude(perm.id, ability, "its cost exiles it from a hand or graveyard: on the battlefield it can't "
                    "be paid", "113.6m")
        return False
    tapping = [perm] if ability.taps else []
    for part in (c for c in ability.costs if c.kind == "tap_untapped"):
        tapping += [col.board.permanent(t) for t in _tap_candidates(col.board, perm.controller, part, perm.id)]
    if any(t.kind == "becomes_tapped" and t.subject is None for p in tapping for t in
           (a.event for a in p.triggered_abilities)):
        col.exclude(perm.id, ability, "tapping it for mana triggers an ability (603.2) payment does not model",
                    "603.2", modelled=False)
        return False
    unpaid = [c for c in ability.costs if not modelled_cost(c)]
    if unpaid and not relax:
        col.exclude(perm.id, ability, f"its cost '{_describe(unpaid[0])}' is read but payment does not model it",
                    "118.3", modelled=False)
        return False
    if ability.timing == "sorcery":
        col.exclude(perm.id, ability, "it can be activated only as a sorcery, and while a spell is being cast "
                    "the stack is not empty", "602.5d")
        return False
    if ability.life_cost > life:
        col.exclude(perm.id, ability, f"it costs {ability.life_cost} life and the player has {life}", "119.4")
        return False
    for part in ability.costs:
        have = perm.counters.get(part.what or "", 0)
        if part.kind == "remove_counters" and have < part.amount:
            col.exclude(perm.id, ability, f"it needs {part.amount} {part.what} counter(s) and has {have}", "118.3")
            return False
        if part.kind == "tap_untapped" and len(_tap_candidates(col.board, col.player, part, perm.id)) < part.amount:
            col.exclude(perm.id, ability, f"it needs {part.amount} untapped {part.what} you control and there "
                        f"are {len(_tap_candidates(col.board, col.player, part, perm.id))}", "118.3")
            return False
    bad = [s for s in ability.mana_cost.symbols if s.kind not in ACTIVATION_SYMBOL_KINDS]
    if bad:
        col.exclude(perm.id, ability, f"its cost symbol {bad[0]} in a mana ability is not supported", "605",
                    modelled=False)
        return False
    spell = col.spell or SpellInfo()
    if not spell.allows(spend_only_of(perm, ability), col.cost_colors, col.cost_has_x,
                        chosen_entries(perm, ability.spend_abilities)):
        rule_text = (ability.restriction or "spend only on " + "/".join(sorted(ability.spend_only or ()))).rstrip(".")
        what = "the spell's types are not given" if col.spell is None else \
            "the ability's source is not one" if spell.ability else "the spell is not one"
        col.exclude(perm.id, ability, f"restricted: {rule_text} ({what})", "106.6")
        return False
    return True


def spend_only_of(perm: Permanent, ability: ManaAbility) -> frozenset[str] | None:
    """The ability's spending restriction on spells with "the chosen type" replaced by the
    permanent's ``chosen_type`` (:func:`chosen_entries`)."""
    return chosen_entries(perm, ability.spend_only)


def chosen_entries(perm: Permanent, entries: frozenset[str] | None) -> frozenset[str] | None:
    """A restriction's entries with "the chosen type" replaced by the permanent's ``chosen_type``;
    an entry naming it when none was chosen allows nothing (106.6, 106.7)."""
    if entries is None:
        return None
    out = set()
    for entry in entries:
        words = entry.split()
        if "chosen_type" in words:
            if perm.chosen_type is None:
                continue
            entry = " ".join(perm.chosen_type if w == "chosen_type" else w for w in words)
        out.add(entry)
    return frozenset(out)


def _damage_when_tapped(board: Board, perm: Permanent) -> int:
    """City of Brass: "Whenever ~ becomes tapped, it deals N damage to you" triggers on {T}
    (603.2) and resolves before the spell is paid for; payment counts it like Ancient Tomb's.
    So do the Auras on it that harm its controller when it becomes tapped (Psychic Venom)."""
    return sum(perm.values("damage_when_tapped")) + sum(
        n for p in board.permanents if p.attached_to == perm.id for n in p.values("enchanted_tapped_damage"))


def _describe(part: CostPart) -> str:
    """A cost part in words, for reasons."""
    if part.kind == "sacrifice":
        what = " ".join(w for w in (part.what, "token" if part.token else None) if w) or "permanent"
        return ("X " if part.variable else "") + what + (f" named {part.named}" if part.named else "")
    amount = "X" if part.variable else str(part.amount)
    discarded = "your hand" if part.what == "hand" else "a card" if part.what in (None, "card") else f"a {part.what} card"
    return {"remove_counters": f"remove {amount} {part.what} counter(s)", "tap_untapped":
            f"tap {amount} untapped {part.what}", "discard": f"discard {discarded}",
            "exile_self": f"exile it from your {part.what}", "exile_card": f"exile a card from your {part.what}",
            "put_counter": f"put a {part.what} counter on it", "mill": f"mill {amount} card(s)",
            "return_self": "return it to its owner's hand",
            "return": f"return a {part.what} you control to its owner's hand"}.get(part.kind, part.kind.replace("_", " "))


def _options(col: _Collector, perm: Permanent, ability: ManaAbility, sacrificed: str | None,
             uses: list[tuple[Resource, int]], record: bool = True) -> tuple[Option, ...] | None:
    """The resolutions of an ability (through :func:`ability_product`), each with what its
    costs take (``uses``; "Remove X counters": an option per X, 107.3a), or ``None`` after
    recording why it makes no usable mana."""
    variable = [c for c in ability.costs if c.kind == "remove_counters" and c.variable]
    if variable:
        res = counters_resource(perm, variable[0].what or "")
        found: list[Option] = []
        for x in range(min(res.capacity, 64) + 1):
            each = options_of(ability_product(col.board, perm, ability, sacrificed, x), col.board, perm)
            if isinstance(each, str):
                if record:
                    col.exclude(perm.id, ability, each, "106.7", modelled=False)
                return None
            found += [replace(o, uses=tuple(uses) + ((res, x),) if x else tuple(uses)) for o in each]
        opts: tuple[Option, ...] | str = tuple(found)
    else:
        opts = options_of(ability_product(col.board, perm, ability, sacrificed), col.board, perm)
        if isinstance(opts, str):
            if record:
                col.exclude(perm.id, ability, opts, "106.7", modelled=False)
            return None
        if uses:
            opts = tuple(replace(o, uses=tuple(uses)) for o in opts)
    opts = tuple(o for o in opts if o.amount > 0)
    if not opts:
        if record:
            col.exclude(perm.id, ability, "it would produce no mana", "106.5")
        return None
    return opts
