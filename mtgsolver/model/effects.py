"""What spells and abilities do: the effect language (608, 609, 115, 700.2, 107.3, 611, 603, 602).

A spell's text, an activated ability's effect and a triggered ability's effect are each a
sequence of :data:`Effect` values, read from Oracle text by :mod:`mtgsolver.read` and carried
out by :mod:`mtgsolver.rules.resolution` (608.2: in the order written). The pieces, in reading
order:

- **who and what** (:data:`Ref`): a target slot (:class:`Targeted`, 115.1), the source
  (:class:`Source`, "~"), its controller (:class:`You`), players (:class:`Players`), every
  object matching a filter (:class:`Each`, with :class:`~mtgsolver.model.continuous.Affected`
  as the filter), what a trigger is about (:class:`Subject`: "that creature", "it"), what the
  source is attached to (:class:`Attached`), the controller or owner of one of those
  (:class:`ControllerOf`, :class:`OwnerOf`), objects a player chooses without targeting
  (:class:`Chosen`), the tokens just created (:class:`Created`) and the objects and players a
  delayed triggered ability names, fixed as it was made (:class:`Objects`).
- **how many** (:data:`Amount`): a number, X (:class:`X`, 107.3), a count
  (:class:`Count` over a :class:`~mtgsolver.model.continuous.ForEach`, "for each"), a
  characteristic of an object (:class:`PowerOf`, :class:`ToughnessOf`), or the amount of a
  triggered ability's event ("that much", :class:`EventAmount`).
- **targets** (:class:`TargetSpec`): what each target slot may be, how many, chosen as the
  spell or ability is put on the stack (601.2c, 602.2b, 603.3d) and checked again as it
  resolves (608.2b).
- **one-shot effects**: :class:`Damage` (divided too, 601.2d), :class:`Destroy`,
  :class:`Exile`, :class:`Bounce`, :class:`Sacrifice`, :class:`PutCounters`,
  :class:`RemoveCounters`, :class:`Tap`, :class:`Untap`, :class:`CreateTokens` (111),
  :class:`Draw`, :class:`Discard`, :class:`Mill`, :class:`GainLife`, :class:`LoseLife`,
  :class:`AddMana` (rituals, 106.3), :class:`ReturnFromGraveyard`, :class:`PutOntoBattlefield`,
  :class:`ReturnExiled` (the card a linked ability exiled, 607.2a),
  :class:`Fight` (701.14), :class:`CounterSpell` (701.6), :class:`CopySpell` (707.10),
  :class:`Scry` (701.22), :class:`Surveil` (701.25), :class:`Regenerate` (701.19),
  :class:`Attach` (701.3), :class:`Proliferate` (701.34), :class:`Pay` (118.3, a choice),
  :class:`PreventDamage` (615), :class:`PutInLibrary` (401.4), :class:`SearchLibrary` (701.23),
  :class:`Monstrosity` (701.37), :class:`Adapt` (701.46), :class:`Transform` (701.27),
  :class:`BecomeCopy` (707.4, a permanent becoming a copy of a card),
  :class:`ExtraTurn` (500.7), :class:`KeywordAction` (other keyword actions of 701),
  :class:`LookAtTop` (library moves on the top cards, 401.4), :class:`ExileIfDies` (614.1a), and
  :class:`Delayed` (a delayed triggered ability, 603.7).
- **effects that last** (611.2): :class:`Modify` applies a
  :class:`~mtgsolver.model.continuous.ContinuousSpec` (+N/+N, keywords gained or lost, "can't
  block", "attacks this turn if able", "must be blocked") to the objects it names for a
  :data:`Duration`; :class:`GainControl` (613.1b) likewise. Resolving one makes a board effect
  with its duration and timestamp (613.7a), so the layers apply it.
- **structure**: :class:`Optional` ("you may", 608.2d), :class:`Attempt` ("... If you do,"),
  :class:`Conditional` ("if ... , instead", 608.2c), :class:`Modal` ("choose one —", 700.2).
- **abilities**: :class:`SpellAbility` (an instant's or sorcery's text), :class:`ActivatedAbility`
  (602: cost, effect, timing), :class:`TriggeredAbility` (603: event, intervening "if" 603.4,
  "you may"), each with its targets and effects and the Oracle line it was read from.

Everything here is frozen data; nothing reads text or applies a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Sequence, Union

from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.cards import Card
from mtgsolver.model.continuous import Affected, Condition, ContinuousSpec, ForEach
from mtgsolver.model.mana import MANA_TYPES, ManaCost, parse_mana_type
from mtgsolver.model.mana_abilities import CostPart, ManaAbility

__all__ = [
    "KEYWORD_ACTIONS", "Ability", "ActivatedAbility", "Adapt", "AddMana", "Amount", "Attach", "Attached", "Attempt",
    "BecomeCopy", "Bounce", "CastForMadness", "Chosen", "Conditional", "Created", "ControllerOf", "CopySpell", "CostReduction", "Count",
    "CounterSpell", "CreateTokens", "Damage", "DamagePart", "Delayed", "Destroy", "Discard", "Draw", "Duration",
    "Each", "Effect", "EventAmount", "Exile", "ExileIfDies", "Exploit", "ExtraTurn", "Fight", "GainControl", "GainLife",
    "KeywordAction", "LookAtTop", "LoseLife", "ManaValueOf", "Mill", "Modal", "Modify", "Monstrosity", "Objects",
    "Optional", "OwnerOf", "Pay", "Players", "PowerOf", "PreventDamage", "Proliferate", "PutCounters",
    "PutInLibrary", "PutOntoBattlefield", "Ref", "Regenerate", "RemoveCounters", "ReturnExiled", "ReturnFromGraveyard",
    "Sacrifice", "Scry", "SearchLibrary", "Source", "SpellAbility", "Subject", "Surveil", "Tap", "TargetSpec", "Targeted",
    "Token", "ToughnessOf", "Transform", "TriggerEvent", "TriggeredAbility", "Untap", "X", "You", "nested_effects"
]


# --------------------------------------------------------------------------- who and what
@dataclass(frozen=True)
class Targeted:
    """The object or player chosen for target slot ``slot`` (115.1; slots in the order the text
    names them, 601.2c). With a slot that takes several targets, all of them."""

    slot: int = 0


@dataclass(frozen=True)
class Source:
    """The object whose spell or ability this is: "~", "this creature" (109.2)."""


@dataclass(frozen=True)
class You:
    """The controller of the spell or ability (109.5)."""


@dataclass(frozen=True)
class Players:
    """Players: ``each`` (every player, APNAP order, 101.4), ``opponents`` (each opponent) or
    ``defending`` (the defending player, 506.2)."""

    which: Literal["each", "opponents", "defending"] = "each"


@dataclass(frozen=True)
class Each:
    """Every permanent matching ``filter`` as the effect happens ("each creature", "all
    creatures your opponents control", 608.2h); ``other``: other than the source."""

    filter: Affected = field(default_factory=Affected)
    other: bool = False


@dataclass(frozen=True)
class Subject:
    """What a triggered ability's event is about: "that creature", "it", "that player" (603.2,
    603.7c); for an "enters" or "dies" trigger of the source itself, the source; for
    ``blocks_each``, ``blocked_by_each`` and ``deals_combat_damage_to_creature``, the other creature
    (the one blocked, blocking or dealt damage: "that creature"). The player
    (``what`` ``player``) is the one the source dealt damage to, the one who cast, drew,
    discarded or gained life, or whose step began ("each player's upkeep ... that player")."""

    what: Literal["object", "player"] = "object"


@dataclass(frozen=True)
class Attached:
    """What the source is attached to: "enchanted creature", "equipped creature" (303.4, 301.5)."""


@dataclass(frozen=True)
class ControllerOf:
    """The controller of ``of`` ("its controller", "that creature's controller")."""

    of: "Ref"


@dataclass(frozen=True)
class OwnerOf:
    """The owner of ``of`` ("its owner's hand", 108.3)."""

    of: "Ref"


@dataclass(frozen=True)
class Created:
    """The tokens the :class:`CreateTokens` effect before this one created ("create a 1/1 token,
    then attach ~ to it", 111.1)."""


@dataclass(frozen=True)
class Chosen:
    """``count`` objects matching ``filter`` that ``who`` chooses as the effect happens, not
    targeted (115.10: "return a land you control to its owner's hand", "exile a card from a
    graveyard"): permanents on the battlefield, or cards in ``zone`` (``whose``: whose zone,
    as :class:`TargetSpec`'s). Fewer when fewer exist; ``up_to``: "up to N" ("untap up to two
    lands"), any number from none to ``count``, as the chooser likes."""

    filter: Affected = field(default_factory=Affected)
    count: "Amount" = 1
    who: "Ref" = field(default_factory=You)
    zone: Literal["battlefield", "graveyard", "hand"] = "battlefield"
    whose: Literal["any", "you", "opponents"] = "any"
    up_to: bool = False


@dataclass(frozen=True)
class Objects:
    """The objects and players ``ids`` a delayed triggered ability's effects name: what "it",
    "that creature" or a target of the ability that made it named, fixed as it was made; an
    object that has since left the zone it was in is gone for it (603.7c, 400.7)."""

    ids: tuple[str, ...] = ()


Ref = Union[Targeted, Source, You, Players, Each, Subject, Attached, ControllerOf, OwnerOf, Chosen, Created, Objects]


# --------------------------------------------------------------------------- how many
@dataclass(frozen=True)
class X:
    """The value of X chosen as the spell was cast or the ability activated (107.3a, 107.3m), or
    as a :class:`Pay` of a cost with {X} in the same effect was paid ("you may pay {X}{R}. If you
    do, ~ deals X damage", 107.3f)."""


@dataclass(frozen=True)
class Count:
    """A count on the board as the effect happens ("for each creature you control", "equal to
    the number of cards in your hand", 608.2h), times ``times``."""

    of: ForEach
    times: int = 1


@dataclass(frozen=True)
class PowerOf:
    """The power of ``of`` as the effect happens, or as it last existed on the battlefield
    (608.2h: "damage equal to its power")."""

    of: Ref


@dataclass(frozen=True)
class ToughnessOf:
    """The toughness of ``of`` (608.2h)."""

    of: Ref


@dataclass(frozen=True)
class ManaValueOf:
    """The mana value of ``of`` (202.3) as the effect happens, or as it last existed (608.2h:
    "life equal to its mana value")."""

    of: Ref


@dataclass(frozen=True)
class EventAmount:
    """"That much", "that many" in a triggered ability: the amount of the event it triggered on
    (603.2, 603.7c): the damage dealt in it ("Whenever enchanted creature deals damage, you gain
    that much life": the damage that creature dealt; "Whenever ~ is dealt damage, it deals that
    much damage to any target": the damage dealt to it) or the life gained in it. Read only in a
    triggered ability whose event is damage dealt or dealt (``deals_damage``,
    ``deals_combat_damage``, ``deals_damage_to_player``, ``deals_combat_damage_to_player``,
    ``deals_damage_to_opponent``, ``dealt_damage``) or life gained (``gains_life``)."""


@dataclass(frozen=True)
class LifeLost:
    """The life ``of`` has lost this turn as the effect happens (119.3; 120.3a: damage dealt to a
    player causes that loss; 119.4: paid life is lost): "the life you've lost this turn", kept in
    the board's turn record (:attr:`~mtgsolver.model.zones.TurnInfo.life_lost`)."""

    of: Ref


@dataclass(frozen=True)
class Removed:
    """"That much" after counters were removed by the same ability ("remove all +1/+1 counters
    from ~, and it deals that much damage ..."): the number of counters its last
    :class:`RemoveCounters` removed (608.2c: a later part of the effect refers to an earlier one)."""


Amount = Union[int, X, Count, PowerOf, ToughnessOf, ManaValueOf, EventAmount, LifeLost, Removed]

#: How long a lasting effect lasts (611.2a-b, 514.2): until the cleanup step ("until end of
#: turn", "this turn"), for as long as the source stays (``while_source``), for the game, or
#: through the affected object's controller's next untap step (``next_untap_step``: "it doesn't
#: untap during its controller's next untap step", 502.3).
Duration = Literal["end_of_turn", "while_source", "permanent", "next_untap_step"]


# --------------------------------------------------------------------------- targets
@dataclass(frozen=True)
class TargetSpec:
    """One target slot (115.1): what may be chosen, and how many.

    ``kinds`` are what the word "target" is attached to: card types of permanents
    (``creature``, ``planeswalker``, ``artifact``, ``enchantment``, ``land``, ``battle``,
    ``permanent``), ``player`` ("target player", "target opponent" with ``opponent``, which
    leaves a planeswalker of either player: "target opponent or planeswalker"),
    ``spell`` and ``ability`` on the stack (``activated_ability``, ``triggered_ability``: only
    those, 113.3b-c), or ``card`` in ``zone`` ("target creature card in
    your graveyard"). "Any target" is creature, planeswalker, battle and player (115.4).
    ``filter`` restricts the objects further ("you control", "nonblack", "with flying",
    "attacking"; for a spell or a card its characteristics, 115.2); ``count`` targets, or up to
    ``count`` with ``up_to`` (601.2c); ``count`` :class:`X`: as many targets as the value of X
    chosen as the spell is cast or the ability activated ("Destroy X target artifacts", 107.3a,
    601.2b-c), with ``up_to`` up to that many; ``any_number``: any number of targets, none
    included ("any number of target creatures", 601.2c; ``count`` is then unused); one target
    word can't choose the same object twice (115.3). ``whose``: for a card in a zone, whose zone it is ("from your graveyard":
    ``you``; "from a graveyard": ``any``). ``distinct_from``: earlier slots whose chosen
    objects this one can't be ("another target creature" after "target creature", 115.3);
    "another target" with no earlier slot of its kind is ``filter.other`` (not the source).
    ``dealt_damage``: only a player or permanent dealt damage this turn ("any target that was
    dealt damage this turn", the turn record's).
    """

    kinds: frozenset[str]
    filter: Affected = field(default_factory=Affected)
    count: int | X = 1
    up_to: bool = False
    zone: Literal["battlefield", "stack", "graveyard", "exile", "hand"] = "battlefield"
    opponent: bool = False
    whose: Literal["any", "you", "opponents"] = "any"
    distinct_from: tuple[int, ...] = ()
    any_number: bool = False
    dealt_damage: bool = False


# --------------------------------------------------------------------------- one-shot effects
@dataclass(frozen=True)
class DamagePart:
    """A second amount of damage of one :class:`Damage` event, to another recipient ("deals 4
    damage to target creature and 2 damage to that creature's controller", 120.2)."""

    amount: Amount
    to: Ref


@dataclass(frozen=True)
class Damage:
    """``source`` deals ``amount`` damage to ``to`` (120; ``divided`` among the targets as
    chosen when cast, 601.2d, at least 1 each), and ``also`` other amounts to other recipients
    at the same time (120.2)."""

    amount: Amount
    to: Ref
    divided: bool = False
    source: Ref = field(default_factory=Source)
    also: tuple[DamagePart, ...] = ()


@dataclass(frozen=True)
class Destroy:
    """Destroy ``what`` (701.8); ``no_regeneration``: "It can't be regenerated" (701.19c)."""

    what: Ref
    no_regeneration: bool = False


@dataclass(frozen=True)
class Exile:
    """Exile ``what`` (701.13), from the battlefield, a graveyard or the stack."""

    what: Ref


@dataclass(frozen=True)
class ReturnExiled:
    """Return the cards exiled with the source ("the exiled card", 607.2a: the card its linked
    ability exiled) to the battlefield under their owners' control."""


@dataclass(frozen=True)
class Bounce:
    """Return ``what`` to its owner's hand (400.7)."""

    what: Ref


@dataclass(frozen=True)
class Sacrifice:
    """``who`` sacrifices ``count`` permanents matching ``filter`` of their choice, or
    exactly ``what`` when given ("sacrifice ~"). Sacrifice is 701.21."""

    who: Ref = field(default_factory=You)
    filter: Affected = field(default_factory=Affected)
    count: Amount = 1
    what: Ref | None = None


@dataclass(frozen=True)
class PutCounters:
    """Put ``amount`` counters of ``kind`` (``+1/+1``, ``-1/-1``, ``loyalty``, ...) on ``what`` (122)."""

    what: Ref
    kind: str
    amount: Amount = 1


@dataclass(frozen=True)
class RemoveCounters:
    """Remove ``amount`` counters of ``kind`` from ``what`` (122); ``all``: every counter of that
    kind on it ("remove all +1/+1 counters from ~")."""

    what: Ref
    kind: str
    amount: Amount = 1
    all: bool = False


@dataclass(frozen=True)
class Tap:
    """Tap ``what`` (701.26)."""

    what: Ref


@dataclass(frozen=True)
class Untap:
    """Untap ``what`` (701.26)."""

    what: Ref


@dataclass(frozen=True)
class Token:
    """What a token is as it is created (111.4, 111.10): its printed characteristics (``card``:
    name, types, colors, power and toughness, text) and what its text means, read when the
    text that creates it was read: keywords, protections and abilities, as a permanent has them."""

    card: Card
    keywords: frozenset[str] = frozenset()
    protections: frozenset[str] = frozenset()
    abilities: tuple["Ability", ...] = ()


@dataclass(frozen=True)
class CreateTokens:
    """``controller`` creates ``count`` tokens of ``token`` (111.2, 701.7; Treasure, Food, Clue and
    Blood are predefined, 111.10), ``tapped`` and/or ``attacking`` (508.4: attacking without
    having been declared)."""

    token: Token
    count: Amount = 1
    controller: Ref = field(default_factory=You)
    tapped: bool = False
    attacking: bool = False


@dataclass(frozen=True)
class Draw:
    """``who`` draws ``amount`` cards (121); drawing from an empty library loses at the next
    check of state-based actions (704.5b)."""

    who: Ref = field(default_factory=You)
    amount: Amount = 1


@dataclass(frozen=True)
class Discard:
    """``who`` discards ``amount`` cards of their choice, or at ``random`` (701.9); with
    ``chosen_by``, they reveal their hand and that player chooses the cards among those matching
    ``filter`` ("Target opponent reveals their hand. You choose a nonland card from it. That
    player discards that card.", 701.20, 701.9b); with ``all``, each of them discards every card
    in their own hand, ``amount`` unused ("Each player discards their hand", 701.9)."""

    who: Ref = field(default_factory=You)
    amount: Amount = 1
    random: bool = False
    all: bool = False
    filter: Affected = field(default_factory=Affected)
    chosen_by: Ref | None = None


@dataclass(frozen=True)
class Mill:
    """``who`` mills ``amount`` cards (701.17)."""

    who: Ref = field(default_factory=You)
    amount: Amount = 1


@dataclass(frozen=True)
class GainLife:
    """``who`` gains ``amount`` life (119.3)."""

    amount: Amount
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class LoseLife:
    """``who`` loses ``amount`` life (119.3)."""

    amount: Amount
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class AddMana:
    """Add ``mana`` (one letter each, W U B R G C) or ``any_color`` mana of one color of the
    controller's choice, ``amount`` times (106.3; a spell that adds mana is not a mana ability,
    605.1a)."""

    mana: tuple[str, ...] = ()
    any_color: int = 0


@dataclass(frozen=True)
class ReturnFromGraveyard:
    """Return ``what`` (a card in a graveyard) to its owner's hand or to the battlefield under
    ``controller``'s control (400.7), ``tapped`` if said, with ``counters`` on it (122.6:
    undying's "+1/+1", persist's "-1/-1")."""

    what: Ref
    to: Literal["hand", "battlefield"] = "hand"
    controller: Ref = field(default_factory=You)
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class PutOntoBattlefield:
    """Put ``what`` (a card in a hand or graveyard) onto the battlefield under ``controller``'s
    control, ``tapped`` if said (it is not cast, 601.1a)."""

    what: Ref
    controller: Ref = field(default_factory=You)
    tapped: bool = False


@dataclass(frozen=True)
class Fight:
    """``a`` and ``b`` fight: each deals damage equal to its power to the other (701.14a);
    if either is gone or not a creature, no damage is dealt (701.14b)."""

    a: Ref
    b: Ref


@dataclass(frozen=True)
class CounterSpell:
    """Counter ``what``, a spell or ability on the stack (701.6a); "unless its controller pays
    {N}" is an :class:`Optional` :class:`Pay` of that player with this as ``otherwise``.
    ``instead``: where a spell countered this way goes instead of its owner's graveyard (614.1a):
    ``exile`` ("If that spell is countered this way, exile it instead of putting it into its
    owner's graveyard"), ``library_top`` ("... put it on top of its owner's library instead of
    into that player's graveyard")."""

    what: Ref
    instead: Literal["exile", "library_top"] | None = None


@dataclass(frozen=True)
class CopySpell:
    """Copy ``what``, a spell on the stack, ``count`` times (707.10); with ``new_targets`` ("You
    may choose new targets for the copy.") its controller may change the copy's targets, else
    it has the spell's (707.10c)."""

    what: Ref
    count: Amount = 1
    new_targets: bool = False


@dataclass(frozen=True)
class Scry:
    """``who`` scries ``amount`` (701.22): looks at that many cards from the top of their library
    and puts any number on the bottom, the rest on top, in any order."""

    amount: Amount = 1
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class Surveil:
    """``who`` surveils ``amount`` (701.25): looks at that many cards from the top of their
    library and puts any number into their graveyard, the rest on top, in any order."""

    amount: Amount = 1
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class Regenerate:
    """Regenerate ``what`` (701.19a): the next time it would be destroyed this turn, instead
    remove all damage from it, tap it and remove it from combat (a replacement shield, 614.8)."""

    what: Ref


@dataclass(frozen=True)
class Attach:
    """Attach ``what`` (an Aura or Equipment: the source, "attach it") to ``to`` (701.3a;
    "Equip", 702.6a)."""

    to: Ref
    what: Ref = field(default_factory=Source)


@dataclass(frozen=True)
class Proliferate:
    """The controller proliferates (701.34a): chooses any number of permanents and players with
    counters and gives each another counter of each kind already there."""


@dataclass(frozen=True)
class Pay:
    """``who`` pays ``mana``, ``life`` life and/or ``energy`` energy counters (118.3, 119.4, 107.14)
    as the ability resolves: a choice,
    so only inside an :class:`Optional` ("you may pay {2}. If you do, ..."; "... unless you pay
    {1}" is the Optional's ``otherwise``)."""

    mana: ManaCost | None = None
    life: int = 0
    energy: int = 0
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class PreventDamage:
    """Prevent damage this turn (615.1): the next ``amount`` damage (``None``: all damage) that
    would be dealt to ``to`` (``None``: to any permanent or player) by ``by`` (``None``: any
    source), only combat damage with ``combat`` (510). A description (:class:`Each`) is matched
    as the damage would be dealt: a prevention effect is no continuous effect locked to the
    objects it found (611.2c)."""

    amount: Amount | None = None
    to: Ref | None = None
    by: Ref | None = None
    combat: bool = False


@dataclass(frozen=True)
class PutInLibrary:
    """Put ``what`` (a permanent or a card) into its owner's library, on top or at the
    ``bottom`` (401.4, 400.7)."""

    what: Ref
    bottom: bool = False


@dataclass(frozen=True)
class SearchLibrary:
    """``who`` searches their library for up to ``count`` cards matching ``filter`` (types,
    subtypes, supertypes, colors, ``named``), puts them ``to`` their hand, the battlefield
    (``tapped`` if said) or the top of the library, revealing them if ``reveal``, then shuffles
    (701.23; 701.20 reveal). A search for cards with a stated quality may find fewer than there
    are (701.23b); one with none ("a card") finds one while the library has one."""

    filter: Affected = field(default_factory=Affected)
    count: int = 1
    to: Literal["hand", "battlefield", "top"] = "hand"
    tapped: bool = False
    reveal: bool = False
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class Transform:
    """Transform ``what``, a double-faced permanent (701.27a)."""

    what: Ref = field(default_factory=Source)


@dataclass(frozen=True)
class BecomeCopy:
    """``what`` becomes a copy of ``of``, a card in a graveyard (707.4: it stays on the battlefield,
    no enters or leaves event; 707.2: the card's copiable values), except: its name stays its own
    with ``keeps_name``, ``adds_supertypes`` besides its other types, and with ``keeps_ability``
    it has the ability that made it a copy (707.9a-b; Lazav, the Multifarious)."""

    of: Ref
    what: Ref = field(default_factory=Source)
    keeps_name: bool = False
    adds_supertypes: tuple[str, ...] = ()
    keeps_ability: bool = False


@dataclass(frozen=True)
class CastForMadness:
    """The madness trigger's effect (702.35a): the card it exiled (the trigger's subject) may be
    cast by its owner by paying ``cost`` rather than its mana cost (an alternative cost, 118.9,
    702.35b); if it isn't, its owner puts it into their graveyard."""

    cost: ManaCost


@dataclass(frozen=True)
class Exploit:
    """The exploit trigger's effect (702.110a-b): its controller may sacrifice a creature; the
    source "exploits" the creature sacrificed this way."""


@dataclass(frozen=True)
class ExtraTurn:
    """``who`` takes an extra turn after this one (500.7)."""

    who: Ref = field(default_factory=You)


#: Keyword actions of 701 with no class of their own, by name: ``amass`` (701.47), ``bolster``
#: (701.39), ``connive`` (701.50), ``explore`` (701.44), ``learn`` (701.48), ``populate``
#: (701.36), ``support`` (701.41), ``venture`` (venture into the dungeon, 701.49) and
#: ``monarch`` (the player becomes the monarch, 725.1).
KEYWORD_ACTIONS = ("amass", "bolster", "connive", "explore", "learn", "populate", "support", "venture", "monarch")


@dataclass(frozen=True)
class KeywordAction:
    """``who`` (or ``what``, for ``explore`` and ``connive``: the creature that does it) performs
    the keyword action ``action`` of :data:`KEYWORD_ACTIONS`, with its number ``amount`` where it
    has one ("Bolster 2", "Amass 1"; "Support 2" puts counters on up to that many other target
    creatures: its targets are the ability's)."""

    action: str
    amount: Amount = 1
    who: Ref = field(default_factory=You)
    what: Ref | None = None


@dataclass(frozen=True)
class LookAtTop:
    """``who`` looks at the top ``count`` cards of their library and puts ``take`` of them (up to
    that many with ``up_to``; only cards matching ``filter``, revealed with ``reveal``) into their
    hand or graveyard (``to``), and the rest on top in any order, on the bottom in any order, on
    the bottom in a random order (``rest_random``) or into their graveyard (401.4; "Look at the top
    three cards of your library. Put one of them into your hand and the rest on the bottom of your
    library in any order."). Scry and surveil are :class:`Scry` and :class:`Surveil`."""

    count: Amount
    take: int = 0
    up_to: bool = False
    filter: Affected = field(default_factory=Affected)
    to: Literal["hand", "graveyard"] = "hand"
    reveal: bool = False
    rest: Literal["top", "bottom", "graveyard"] = "top"
    rest_random: bool = False
    who: Ref = field(default_factory=You)


@dataclass(frozen=True)
class ExileIfDies:
    """If ``what`` would die this turn, exile it instead (a replacement effect, 614.1a, 700.4):
    "If that creature would die this turn, exile it instead."; with ``dealt_damage``, only those
    of them the spell or ability has dealt damage to as it resolves ("If a creature dealt damage
    this way would die this turn, ...", 120.3; one replacement for each damage effect before)."""

    what: Ref
    dealt_damage: bool = False


@dataclass(frozen=True)
class Monstrosity:
    """Monstrosity ``amount`` (701.37a): if the source isn't monstrous, put that many +1/+1
    counters on it and it becomes monstrous."""

    amount: Amount


@dataclass(frozen=True)
class Adapt:
    """Adapt ``amount`` (701.46a): if the source has no +1/+1 counters on it, put that many
    +1/+1 counters on it."""

    amount: Amount


# --------------------------------------------------------------------------- effects that last
@dataclass(frozen=True)
class Modify:
    """Apply ``spec`` (its ``affects`` ignored) to the objects ``what`` names as the effect
    happens, for ``duration`` (611.2c: a continuous effect from a resolving spell or ability
    affects only the objects it found then). +N/+N is ``gets`` (613.4c), keywords ``gains`` /
    ``loses`` (613.1f), "can't block" and "attacks this turn if able" are ``rules``. ``times``
    multiplies ``gets``: "+X/+0" is ``gets`` (1, 0) ``times`` X, "+1/+1 for each ..." ``times`` a
    :class:`Count`, both fixed as the effect begins (608.2h), as is the spec's ``for_each`` count.
    An effect that only changes rules (``rules``, no layer) on :class:`Each` applies to whatever
    matches its filter for its duration, objects that come later included (611.2c: "Creatures
    without flying can't block this turn")."""

    what: Ref
    spec: ContinuousSpec
    duration: Duration = "end_of_turn"
    times: Amount = 1


@dataclass(frozen=True)
class GainControl:
    """``who`` gains control of ``what`` for ``duration`` (613.1b); often with
    "untap it" and "it gains haste" as separate effects."""

    what: Ref
    who: Ref = field(default_factory=You)
    duration: Duration = "permanent"


# --------------------------------------------------------------------------- structure
@dataclass(frozen=True)
class Delayed:
    """A delayed triggered ability (603.7): ``effects`` happen the next time ``at`` begins
    ("at the beginning of the next end step": ``end_step`` of ``each`` player; "at the beginning
    of your next upkeep": ``upkeep``, ``you``; "at end of combat": ``end_of_combat``), once.
    What its effects name ("it", "that creature") is what the ability that made it named."""

    at: "TriggerEvent"
    effects: tuple["Effect", ...]


@dataclass(frozen=True)
class Attempt:
    """Do ``effects`` (an instruction that may be impossible: "remove a +1/+1 counter from it",
    "exile a creature card from your graveyard"); ``then`` happens if it was done ("If you do,
    ...") and ``otherwise`` if it wasn't ("Otherwise, ...", "If you don't, ...", 608.2c)."""

    effects: tuple["Effect", ...]
    then: tuple["Effect", ...] = ()
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True)
class Optional:
    """``who`` may do ``effects`` ("you may", 608.2d: chosen as the ability resolves); ``then``
    happens only if they did ("If you do, ...", 608.2c), ``otherwise`` only if they didn't ("If
    you don't, ..."; "X unless you pay {1}": a :class:`Pay` with X as ``otherwise``)."""

    effects: tuple["Effect", ...]
    who: Ref = field(default_factory=You)
    then: tuple["Effect", ...] = ()
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True)
class Conditional:
    """``effects`` if ``condition`` holds as it resolves, else ``otherwise`` ("If ..., ...
    instead", 608.2c); conditions are the board conditions of 611.3b, all of which must hold,
    and ``kicked``: the spell was kicked ("if this spell was kicked", 702.33d). A target slot
    named only in a kicked Conditional's effects is chosen only when the spell is kicked (601.2c).
    ``resolved``: an activated ability's "if this is the N-th time this ability has resolved this
    turn", counted on its source (:attr:`~mtgsolver.model.permanent.Permanent.resolved`)."""

    condition: tuple[Condition, ...]
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()
    kicked: bool = False
    resolved: int | None = None


@dataclass(frozen=True)
class Modal:
    """"Choose ``choose`` —" (700.2): ``modes`` are effect sequences; ``up_to`` for "choose up
    to N", ``any_number`` for "choose one or more" (and "one or both" of two modes). Target
    slots are numbered over the whole ability in text order; a slot a mode's effects name is
    chosen only when that mode is (700.2c)."""

    modes: tuple[tuple["Effect", ...], ...]
    choose: int = 1
    up_to: bool = False
    any_number: bool = False


Effect = Union[Damage, Destroy, Exile, ReturnExiled, Bounce, Sacrifice, PutCounters, RemoveCounters, Tap, Untap, CreateTokens,
               Draw, Discard, Mill, GainLife, LoseLife, AddMana, ReturnFromGraveyard, PutOntoBattlefield, Fight,
               CounterSpell, CopySpell, Scry, Surveil, Regenerate, Attach, Proliferate, Pay, PreventDamage, PutInLibrary,
               SearchLibrary, LookAtTop, ExileIfDies, Monstrosity, Adapt, Transform, ExtraTurn, KeywordAction, Modify, GainControl, Delayed,
               BecomeCopy, CastForMadness, Exploit, Attempt, Optional, Conditional, Modal]


# --------------------------------------------------------------------------- abilities
@dataclass(frozen=True)
class CostReduction:
    """"This spell costs {1} less to cast [if ... | for each ...]" (601.2f): the generic mana of
    ``mana`` (its generic part only: a reduction never reduces colored requirements, 118.7c) is
    taken from the total cost, once, or once for each object the ``per`` count counts as the
    total cost is determined; only if every ``condition`` holds then (the board conditions of
    611.3b, for the spell's controller) and, with ``targets``, only if the spell has a target
    matching that filter ("if it targets a blue permanent")."""

    mana: ManaCost
    condition: tuple[Condition, ...] = ()
    per: ForEach | None = None
    targets: Affected | None = None


@dataclass(frozen=True)
class SpellAbility:
    """What an instant or sorcery does as it resolves (608.2), read from its whole text.
    ``targets`` are its target slots in order; ``kicker``: its kicker cost (702.33a, an optional
    additional cost; ``Conditional.kicked`` effects happen when it was paid);
    ``additional_costs``: "As an additional cost to cast this spell, ..." (601.2f, 118.8), as a
    mana ability's :class:`CostPart`; ``additional_cost_options``: "..., sacrifice a creature or pay
    {3}{B}" (601.2b: the choice is announced as the spell is cast, 601.2f: the chosen one is paid,
    a ``mana`` part added to the total cost), the parts of each; ``uncounterable``: "This spell can't be countered" (101.2);
    ``only_during``: "Cast this spell only during ..." (601.3): ``combat``, ``combat_before_blockers``,
    ``combat_after_blockers``, ``declare_blockers_step``, ``declare_attackers_step_attacked`` (the
    declare attackers step, and only if you've been attacked this step), ``your_turn``;
    ``extra_target_cost``: "This spell costs {N} more to cast for each target beyond the first"
    (601.2f); ``keywords``: its other keyword abilities as printed, canonical name first ("cycling {2}",
    "flashback {1}{r}", "convoke", "storm"), each defined by its rule of 702: how else it may be
    cast, what it does from another zone, how it is paid or copied. A rule that doesn't apply
    one of them must not answer as though it were absent. ``cost_reductions``: "This spell costs
    {N} less to cast ..." (601.2f), each applied as the total cost is determined.
    ``alternative_costs``: the sentences offering an alternative cost (118.9: "If [condition], you
    may [cost] rather than pay this spell's mana cost", "... cast this spell without paying its
    mana cost"), in normal form (lower case, the card's name "~"): casting the spell for one is
    not modelled (an answer that takes one is undecided), paying its mana cost is."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    kicker: ManaCost | None = None
    cost_reductions: tuple["CostReduction", ...] = ()
    additional_costs: tuple[CostPart, ...] = ()
    additional_cost_options: tuple[tuple[CostPart, ...], ...] = ()
    uncounterable: bool = False
    keywords: tuple[str, ...] = ()
    only_during: Literal["combat", "combat_before_blockers", "combat_after_blockers", "declare_blockers_step",
                         "declare_attackers_step_attacked", "your_turn"] | None = None
    extra_target_cost: ManaCost | None = None
    alternative_costs: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActivatedAbility:
    """``[cost]: [effect]`` (602). ``mana`` is the mana part of the cost, ``costs`` the others
    ({T}, {Q}, sacrifices, life... as a mana ability's :class:`CostPart`);
    ``timing`` ``sorcery`` for "Activate only as a sorcery" (602.5d); ``loyalty`` for a
    planeswalker's loyalty ability (606: the change of loyalty is its cost, once per turn at
    sorcery speed); ``during``: "Activate only during your turn" (``your_turn``) or "... your
    upkeep" (``your_upkeep``), "... during your turn, before attackers are declared"
    (``your_turn_before_attackers``, 602.5b); ``condition``: "Activate only if ..." (602.5b),
    board conditions all of which must hold; ``any_player``: "Any player may activate this
    ability" (602.1: its activator is its controller). A cost that exiles the source from a graveyard (a
    :class:`CostPart` ``exile_self`` from ``graveyard``) is paid from there: the ability works
    from that zone (113.6k). ``spend_on_x``: "Spend only black mana on X" (107.3), the mana
    types that may pay X; they restrict the variable symbols of ``mana``."""

    effects: tuple[Effect, ...]
    mana: ManaCost | None = None
    costs: tuple[CostPart, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    timing: Literal["instant", "sorcery"] = "instant"
    loyalty: int | None = None
    once_each_turn: bool = False
    text: str = ""
    during: Literal["your_turn", "your_upkeep", "your_turn_before_attackers"] | None = None
    condition: tuple[Condition, ...] = ()
    any_player: bool = False
    spend_on_x: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.spend_on_x:
            types = tuple(sorted({parse_mana_type(t) for t in self.spend_on_x}, key=MANA_TYPES.index))
            object.__setattr__(self, "spend_on_x", types)
            if self.mana is not None:
                object.__setattr__(self, "mana", self.mana.spending_on_x(types))


#: What a triggered ability waits for (603.2, 603.6, 603.10, 510.3, 508.2, 509.2):
#: ``enters`` (603.6a), ``dies`` (700.4, a leaves-the-battlefield trigger, 603.10a),
#: ``attacks``, ``blocks``, ``becomes_blocked``, ``deals_combat_damage_to_player``,
#: ``deals_combat_damage``, ``cast`` (a spell is cast, 601.2i), ``upkeep``,
#: ``beginning_of_combat``, ``end_step`` (the beginning of that step, 503.1, 507.1, 513.1),
#: ``becomes_tapped``, ``leaves``; ``attacks_unblocked`` ("attacks and isn't blocked": when
#: blockers have been declared and it is unblocked, 509.1h), ``dealt_damage`` ("is dealt damage",
#: 120.3), ``deals_damage`` and ``deals_damage_to_player`` (any damage, 120), ``turned_face_up``
#: (708.8), ``end_of_combat`` (the beginning of the end of combat step, 511.1), ``draw_step``
#: (504.1), ``gains_life`` (119.9), ``draws`` (121.6), ``discards`` (701.9): the last three by
#: the player ``whose`` names; ``deals_damage_to_opponent``, ``deals_combat_damage_to_creature``,
#: ``cycled`` (702.29d: "When you cycle ~"), ``put_into_graveyard`` ("is put into a graveyard
#: from anywhere"), ``precombat_main`` (the beginning of that phase, 505.1), ``becomes_target``
#: (of a spell or ability, 115.1), ``blocks_each`` ("blocks a creature": once for each creature
#: it blocks, 509.3c-d), ``blocked_by_each`` ("becomes blocked by a creature": once for each
#: blocker, 509.3d), ``exploits`` (702.110), ``mutates`` (702.140), ``sacrificed`` ("when you
#: sacrifice ~", 701.21), ``plays_land`` (the player ``whose`` names plays a land, 305.1; with
#: ``other``: a land other than the source, "When you play another land"),
#: ``graveyard_from_battlefield`` ("When ~ is put into a graveyard from the battlefield": any
#: permanent, where "dies" is a creature's, 700.4: Rancor).
TriggerKind = Literal["enters", "dies", "leaves", "attacks", "blocks", "becomes_blocked",
                      "deals_combat_damage_to_player", "deals_combat_damage", "cast", "upkeep",
                      "beginning_of_combat", "end_step", "becomes_tapped", "attacks_unblocked",
                      "dealt_damage", "deals_damage", "deals_damage_to_player", "turned_face_up",
                      "end_of_combat", "draw_step", "gains_life", "draws", "discards", "deals_damage_to_opponent",
                      "deals_combat_damage_to_creature", "cycled", "put_into_graveyard", "precombat_main",
                      "becomes_target", "blocks_each", "blocked_by_each", "exploits", "mutates", "sacrificed",
                      "plays_land", "graveyard_from_battlefield"]


@dataclass(frozen=True)
class TriggerEvent:
    """The event of a triggered ability. ``subject``: the source itself (``None``) or the
    objects (or spells, for ``cast``) matching a filter ("Whenever a creature you control
    dies", "Whenever you cast an instant or sorcery spell"); ``whose``: for step triggers,
    whose step (``you``: "your upkeep", ``each``: "each upkeep", ``attached``: the step of the
    controller of what the source is attached to, or of the player it enchants, 303.4).
    ``one_or_more``: "Whenever one or more creatures you control attack": once for all the
    objects of one event (603.2c). ``owner``: whose card the object is (``you``: "is put into
    your graveyard from the battlefield", ``opponents``: "an opponent's graveyard"; a card goes
    to its owner's graveyard, 400.3)."""

    kind: TriggerKind
    subject: Affected | None = None
    whose: Literal["you", "each", "opponent", "attached"] = "you"
    other: bool = False
    one_or_more: bool = False
    owner: Literal["any", "you", "opponents"] = "any"


@dataclass(frozen=True)
class TriggeredAbility:
    """"When/Whenever/At [event], [effect]" (603.1). ``also``: further events it triggers on
    ("Whenever ~ enters the battlefield or attacks"); ``condition``: an intervening "if" clause
    checked when it would trigger and again on resolution (603.4), with ``kicked`` ("if it was
    kicked": the spell it was, 702.33d); ``optional``: "you may" (chosen on resolution);
    ``once_each_turn``: "This ability triggers only once each turn" (603.2h)."""

    event: TriggerEvent
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    condition: tuple[Condition, ...] = ()
    optional: bool = False
    once_each_turn: bool = False
    text: str = ""
    also: tuple[TriggerEvent, ...] = ()
    kicked: bool = False


#: What a permanent's abilities may be (113): a static ability of the board vocabulary, a mana
#: ability (605), an activated or triggered ability, or a line no grammar reads (unread).
Ability = Union[Static, ManaAbility, ActivatedAbility, TriggeredAbility, TextAbility]


def nested_effects(effects: Sequence[Any]) -> list[Any]:
    """``effects`` and, after each, the effects inside it ("you may", "if ... instead", the
    modes of a modal effect, 700.2), depth first."""
    out: list[Any] = []
    for e in effects:
        out.append(e)
        for f in ("effects", "otherwise", "then"):
            out += nested_effects(getattr(e, f, ()) or ())
        for mode in getattr(e, "modes", ()) or ():
            out += nested_effects(mode)
    return out
