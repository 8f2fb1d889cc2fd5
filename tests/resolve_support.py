"""What the resolution tests need: boards with readings of cards' text given beside their Oracle
text (until the grammars read these lines, the tests state what each line means in the effect
language, mtgsolver/model/effects.py), and the CLI run on such boards.

``READINGS`` maps a card name to its Oracle text (as in the 2022 pool) and its reading: a
:class:`SpellAbility` for an instant or sorcery, a tuple of abilities for a permanent (each
replacing the unread line of the same text). :func:`load` reads a board with them; the
``readings`` fixture of the tests makes the CLI load boards the same way.
"""
from __future__ import annotations

import dataclasses
import json
from typing import Any, Mapping

from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.load import prepare
from mtgsolver.model.abilities import Static, TextAbility
from mtgsolver.model.board import Board
from mtgsolver.model.cards import Card
from mtgsolver.model.continuous import Affected, Condition, ContinuousSpec
from mtgsolver.model.effects import (
    ActivatedAbility,
    AddMana,
    Bounce,
    Conditional,
    ControllerOf,
    CopySpell,
    CounterSpell,
    CreateTokens,
    Damage,
    Destroy,
    Discard,
    Draw,
    Each,
    Exile,
    Fight,
    GainControl,
    GainLife,
    LoseLife,
    Mill,
    Modal,
    Modify,
    Optional,
    Players,
    PowerOf,
    PutCounters,
    ReturnFromGraveyard,
    Sacrifice,
    Source,
    SpellAbility,
    TargetSpec,
    Targeted,
    Tap,
    Token,
    TriggerEvent,
    TriggeredAbility,
    Untap,
    X,
)
from mtgsolver.model.mana import Color, ManaCost
from mtgsolver.model.mana_abilities import CostPart
from mtgsolver.read.board_file import read_board_text
from mtgsolver.read.tokens import predefined_token

HEAD = """version: 1
active_player: alice
players: [{name: alice}, {name: bob}]
"""

ANY = TargetSpec(frozenset({"creature", "planeswalker", "battle", "player"}))
CREATURE = TargetSpec(frozenset({"creature"}))
PLAYER = TargetSpec(frozenset({"player"}))
T0, T1 = Targeted(0), Targeted(1)
CREATURES = frozenset({"creature"})


def spell(*effects: Any, targets: tuple[TargetSpec, ...] = (), text: str = "") -> SpellAbility:
    return SpellAbility(tuple(effects), targets, text)


def gets(p: int, t: int) -> ContinuousSpec:
    return ContinuousSpec(gets=(p, t))


def gains(*keywords: str) -> ContinuousSpec:
    return ContinuousSpec(gains=tuple(("keyword", k) for k in keywords))


def rule(name: str) -> ContinuousSpec:
    return ContinuousSpec(rules=(("static", Static(name)),))


def token(name: str, power: int, toughness: int, color: str, *subtypes: str, keywords: tuple[str, ...] = ()) -> Token:
    card = Card(name, ("creature",), (), subtypes, (Color(color),), None, power, toughness)
    return Token(card, frozenset(keywords))


def trigger(kind: str, *effects: Any, targets: tuple[TargetSpec, ...] = (), subject: Affected | None = None,
            other: bool = False, condition: tuple[Condition, ...] = (), optional: bool = False,
            text: str = "") -> TriggeredAbility:
    return TriggeredAbility(TriggerEvent(kind, subject, other=other), tuple(effects), targets, condition, optional,
                            text=text)


INSTANT_OR_SORCERY = Affected(any_of=(Affected(types=frozenset({"instant"})), Affected(types=frozenset({"sorcery"}))))

#: card name -> (Oracle text in the 2022 pool, its reading)
READINGS: dict[str, tuple[str, Any]] = {
    "Lightning Bolt": ("Lightning Bolt deals 3 damage to any target.", spell(Damage(3, T0), targets=(ANY,))),
    "Shock": ("Shock deals 2 damage to any target.", spell(Damage(2, T0), targets=(ANY,))),
    "Electrolyze": ("Electrolyze deals 2 damage divided as you choose among one or two targets.\nDraw a card.",
                    spell(Damage(2, T0, divided=True), Draw(),
                          targets=(dataclasses.replace(ANY, count=2, up_to=True),))),
    "Murder": ("Destroy target creature.", spell(Destroy(T0), targets=(CREATURE,))),
    "Swords to Plowshares": ("Exile target creature. Its controller gains life equal to its power.",
                             spell(Exile(T0), GainLife(PowerOf(T0), ControllerOf(T0)), targets=(CREATURE,))),
    "Unsummon": ("Return target creature to its owner's hand.", spell(Bounce(T0), targets=(CREATURE,))),
    "Diabolic Edict": ("Target player sacrifices a creature.",
                       spell(Sacrifice(T0, Affected(types=CREATURES)), targets=(PLAYER,))),
    "Battlegrowth": ("Put a +1/+1 counter on target creature.", spell(PutCounters(T0, "+1/+1"), targets=(CREATURE,))),
    "Pressure Point": ("Tap target creature.\nDraw a card.", spell(Tap(T0), Draw(), targets=(CREATURE,))),
    "Vitalize": ("Untap all creatures you control.",
                 spell(Untap(Each(Affected(types=CREATURES, controller="you"))))),
    "Raise the Alarm": ("Create two 1/1 white Soldier creature tokens.",
                        spell(CreateTokens(token("Soldier", 1, 1, "W", "soldier"), 2))),
    "Divination": ("Draw two cards.", spell(Draw(amount=2))),
    "Mind Rot": ("Target player discards two cards.", spell(Discard(T0, 2), targets=(PLAYER,))),
    "Thought Scour": ("Target player mills two cards.\nDraw a card.", spell(Mill(T0, 2), Draw(), targets=(PLAYER,))),
    "Sign in Blood": ("Target player draws two cards and loses 2 life.",
                      spell(Draw(T0, 2), LoseLife(2, T0), targets=(PLAYER,))),
    "Dark Ritual": ("Add {B}{B}{B}.", spell(AddMana(("B", "B", "B")))),
    "Raise Dead": ("Return target creature card from your graveyard to your hand.",
                   spell(ReturnFromGraveyard(T0), targets=(TargetSpec(frozenset({"card"}), Affected(
                       types=CREATURES, controller="you"), zone="graveyard"),))),
    "Zombify": ("Return target creature card from your graveyard to the battlefield.",
                spell(ReturnFromGraveyard(T0, "battlefield"), targets=(TargetSpec(frozenset({"card"}), Affected(
                    types=CREATURES, controller="you"), zone="graveyard"),))),
    "Prey Upon": ("Target creature you control fights target creature you don't control. (Each deals damage equal "
                  "to its power to the other.)",
                  spell(Fight(T0, T1), targets=(TargetSpec(CREATURES, Affected(controller="you")),
                                                TargetSpec(CREATURES, Affected(controller="opponents"))))),
    "Counterspell": ("Counter target spell.", spell(CounterSpell(T0), targets=(TargetSpec(frozenset({"spell"}),
                                                                                           zone="stack"),))),
    "Twincast": ("Copy target instant or sorcery spell. You may choose new targets for the copy.",
                 spell(CopySpell(T0), targets=(TargetSpec(frozenset({"spell"}), INSTANT_OR_SORCERY, zone="stack"),))),
    "Giant Growth": ("Target creature gets +3/+3 until end of turn.", spell(Modify(T0, gets(3, 3)), targets=(CREATURE,))),
    "Disfigure": ("Target creature gets -2/-2 until end of turn.", spell(Modify(T0, gets(-2, -2)), targets=(CREATURE,))),
    "Jump": ("Target creature gains flying until end of turn.", spell(Modify(T0, gains("flying")), targets=(CREATURE,))),
    "Falter": ("Creatures without flying can't block this turn.",
               spell(Modify(Each(Affected(types=CREATURES, not_keywords=frozenset({"flying"}))), rule("cant_block")))),
    "Irresistible Prey": ("Target creature must be blocked this turn if able.\nDraw a card.",
                          spell(Modify(T0, rule("must_be_blocked")), Draw(), targets=(CREATURE,))),
    "Act of Treason": ("Gain control of target creature until end of turn. Untap that creature. It gains haste until "
                       "end of turn. (It can attack and {T} this turn.)",
                       spell(GainControl(T0, duration="end_of_turn"), Untap(T0), Modify(T0, gains("haste")),
                             targets=(CREATURE,))),
    "Galvanic Blast": ("Galvanic Blast deals 2 damage to any target.\nMetalcraft — Galvanic Blast deals 4 damage "
                       "instead if you control three or more artifacts.",
                       spell(Conditional((Condition("controls", Affected(types=frozenset({"artifact"})), at_least=3),),
                                         (Damage(4, T0),), (Damage(2, T0),)), targets=(ANY,))),
    "Boros Charm": ("Choose one —\n• Boros Charm deals 4 damage to target player or planeswalker.\n• Permanents you "
                    "control gain indestructible until end of turn.\n• Target creature gains double strike until end "
                    "of turn.",
                    spell(Modal(((Damage(4, T0),), (Modify(Each(Affected(controller="you")), gains("indestructible")),),
                                 (Modify(T1, gains("double_strike")),))),
                          targets=(TargetSpec(frozenset({"player", "planeswalker"})), CREATURE))),
    "Sorin's Thirst": ("Sorin's Thirst deals 2 damage to target creature and you gain 2 life.",
                       spell(Damage(2, T0), GainLife(2), targets=(CREATURE,))),
    "Plague Spores": ("Destroy target nonblack creature and target land. They can't be regenerated.",
                      spell(Destroy(T0, True), Destroy(T1, True),
                            targets=(TargetSpec(CREATURES, Affected(not_colors=frozenset({Color.B}))),
                                     TargetSpec(frozenset({"land"}))))),
    "Pyroclasm": ("Pyroclasm deals 2 damage to each creature.", spell(Damage(2, Each(Affected(types=CREATURES))))),
    "Consume Spirit": ("Spend only black mana on X.\nConsume Spirit deals X damage to any target and you gain X life.",
                       spell(Damage(X(), T0), GainLife(X()), targets=(ANY,))),
    "Mind Spring": ("Draw X cards.", spell(Draw(amount=X()))),
    "Strike It Rich": ("Create a Treasure token. (It's an artifact with \"{T}, Sacrifice this artifact: Add one mana of "
                       "any color.\")\nFlashback {2}{R} (You may cast this card from your graveyard for its flashback "
                       "cost. Then exile it.)", spell(CreateTokens(predefined_token("Treasure")))),
    "Prodigal Sorcerer": ("{T}: Prodigal Sorcerer deals 1 damage to any target.",
                          (ActivatedAbility((Damage(1, T0),), costs=(CostPart("tap"),), targets=(ANY,),
                                            text="{T}: Prodigal Sorcerer deals 1 damage to any target."),)),
    "Mogg Fanatic": ("Sacrifice Mogg Fanatic: It deals 1 damage to any target.",
                     (ActivatedAbility((Damage(1, T0),), costs=(CostPart("sacrifice_self"),), targets=(ANY,),
                                       text="Sacrifice Mogg Fanatic: It deals 1 damage to any target."),)),
    "Walking Ballista": ("Walking Ballista enters the battlefield with X +1/+1 counters on it.\n{4}: Put a +1/+1 "
                         "counter on Walking Ballista.\nRemove a +1/+1 counter from Walking Ballista: It deals 1 "
                         "damage to any target.",
                         (ActivatedAbility((PutCounters(Source(), "+1/+1"),), mana=ManaCost.parse("{4}"),
                                           text="{4}: Put a +1/+1 counter on Walking Ballista."),
                          ActivatedAbility((Damage(1, T0),), costs=(CostPart("remove_counters", what="+1/+1",
                                                                             amount=1),), targets=(ANY,),
                                           text="Remove a +1/+1 counter from Walking Ballista: It deals 1 damage "
                                                "to any target."))),
    "Flametongue Kavu": ("When Flametongue Kavu enters the battlefield, it deals 4 damage to target creature.",
                         (trigger("enters", Damage(4, T0), targets=(CREATURE,),
                                  text="When Flametongue Kavu enters the battlefield, it deals 4 damage to target "
                                       "creature."),)),
    "Elvish Visionary": ("When Elvish Visionary enters the battlefield, draw a card.",
                         (trigger("enters", Draw(), text="When Elvish Visionary enters the battlefield, draw a card."),)),
    "Doomed Traveler": ("When Doomed Traveler dies, create a 1/1 white Spirit creature token with flying.",
                        (trigger("dies", CreateTokens(token("Spirit", 1, 1, "W", "spirit", keywords=("flying",))),
                                 text="When Doomed Traveler dies, create a 1/1 white Spirit creature token with "
                                      "flying."),)),
    "Guttersnipe": ("Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each opponent.",
                    (trigger("cast", Damage(2, Players("opponents")),
                             subject=dataclasses.replace(INSTANT_OR_SORCERY, controller="you"),
                             text="Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each "
                                  "opponent."),)),
    "Blood Artist": ("Whenever Blood Artist or another creature dies, target player loses 1 life and you gain 1 life.",
                     (trigger("dies", LoseLife(1, T0), GainLife(1), targets=(PLAYER,),
                              subject=Affected(types=CREATURES),
                              text="Whenever Blood Artist or another creature dies, target player loses 1 life and you "
                                   "gain 1 life."),)),
    "Gravedigger": ("When Gravedigger enters the battlefield, you may return target creature card from your graveyard "
                    "to your hand.",
                    (trigger("enters", Optional((ReturnFromGraveyard(T0),)),
                             targets=(TargetSpec(frozenset({"card"}), Affected(types=CREATURES, controller="you"),
                                                 zone="graveyard"),),
                             text="When Gravedigger enters the battlefield, you may return target creature card from "
                                  "your graveyard to your hand."),)),
    "Liliana of the Veil": ("[+1]: Each player discards a card.\n[\u22122]: Target player sacrifices a creature.\n"
                            "[\u22126]: Separate all permanents target player controls into two piles. That player "
                            "sacrifices all permanents in the pile of their choice.",
                            (ActivatedAbility((Discard(Players("each")),), loyalty=1,
                                              text="[+1]: Each player discards a card."),
                             ActivatedAbility((Sacrifice(T0, Affected(types=CREATURES)),), loyalty=-2, targets=(PLAYER,),
                                              text="[\u22122]: Target player sacrifices a creature."))),
}


def reading(name: str) -> Any:
    return READINGS[name][1]


def with_readings(board: Board, readings: Mapping[str, Any]) -> Board:
    """``board`` (read, not prepared) with the readings of named cards: a zone card's ``spell``
    or ``permanent``, a permanent's abilities (each replacing the unread line of its text)."""
    from mtgsolver.read.board_file import card_permanent

    def abilities(current: tuple[Any, ...], read: tuple[Any, ...]) -> tuple[Any, ...]:
        texts = {a.text for a in read}
        return tuple(a for a in current if not (isinstance(a, TextAbility) and a.text in texts)) + read

    perms = []
    for p in board.permanents:
        r = readings.get(p.name)
        perms.append(dataclasses.replace(p, abilities=abilities(p.abilities, r)) if isinstance(r, tuple) else p)
    zones = {}
    for player, z in board.zones.items():
        def fix(zc: Any) -> Any:
            r = readings.get(zc.card.name)
            if isinstance(r, SpellAbility):
                return dataclasses.replace(zc, spell=r)
            if isinstance(r, tuple):
                perm = card_permanent(zc.card, zc.id, player, player)
                return dataclasses.replace(zc, permanent=dataclasses.replace(perm, abilities=abilities(perm.abilities, r)))
            return zc
        zones[player] = dataclasses.replace(z, hand=tuple(map(fix, z.hand)), graveyard=tuple(map(fix, z.graveyard)),
                                            library_top=tuple(map(fix, z.library_top)), exile=tuple(map(fix, z.exile)))
    return board.replace(permanents=tuple(perms), zones=zones)


def load(text: str, readings: Mapping[str, Any] | None = None, library: Any = None) -> Board:
    """A board (``HEAD`` and ``text``) read with :data:`READINGS` (or ``readings``) and prepared."""
    board = read_board_text(HEAD + text, "b.yaml", library)
    return prepare(with_readings(board, {k: v[1] for k, v in READINGS.items()} if readings is None else readings))


def patch_loader(monkeypatch: Any, readings: Mapping[str, Any] | None = None) -> None:
    """Make the CLI read boards with the readings (as :func:`load` does)."""
    import mtgsolver.load as loader
    from mtgsolver.read.board_file import read_board

    given = {k: v[1] for k, v in READINGS.items()} if readings is None else readings
    monkeypatch.setattr(loader, "load_board", lambda source, library=None: prepare(
        with_readings(read_board(source, library), given)))
    monkeypatch.setattr(loader, "parse_board_text", lambda text, file, library=None, fmt=None: prepare(
        with_readings(read_board_text(text, file, library, fmt), given)))


def run_cli(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """``mtgsolver ARGS`` in-process: exit status, stdout, stderr."""
    result = CliRunner().invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def run_json(*args: str, input: str | None = None) -> tuple[int, Any]:
    code, out, _ = run_cli(*args, "--json", input=input)
    return code, json.loads(out) if out.strip() else None

