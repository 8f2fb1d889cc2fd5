"""The layer engine (613) against the brute-force reference on generated boards."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgsolver.model import Board, Color, ManaCost, Permanent, Player, Static
from mtgsolver.model.board import Attack, Block, CombatDeclaration
from mtgsolver.model.cards import Card
from mtgsolver.model.mana_abilities import basic_land_ability
from mtgsolver.model.zones import PlayerZones, ZoneCard
from mtgsolver.read.board_file import graveyard_statics
from mtgsolver.read.vocabulary import parse_continuous
from mtgsolver.rules.layers import apply_layers
from references.reference_layers import BASIC, reference

from .support import runs

FILTERS = st.sampled_from([
    {"types": ["creature"]}, {"types": ["creature"]}, {"types": ["land"]}, {"types": ["creature"], "controller": "you"}, {"types": ["land"]},
    {"types": ["land"], "not_supertypes": ["basic"]}, {"subtypes": ["elf"], "other": True},
    {"types": ["creature"], "colors": ["white"]}, {"types": ["creature"], "keywords": ["flying"]},
    {"types": ["creature"], "not_keywords": ["flying"]}, {"attached": True}, {"subtypes": ["forest"]},
    {"types": ["artifact"]}, {"subtypes": ["swamp"], "controller": "opponents"},
    {"types": ["creature"], "token": True}, {"types": ["creature"], "tapped": False},
    {"types": ["creature"], "multicolored": True}, {"types": ["creature"], "chosen_type": True},
    {"types": ["creature"], "counter": "any"}, {"types": ["creature"], "attachments": "enchanted"},
    {"types": ["creature"], "attachments": "equipped"}, {"types": ["creature"], "attachments": "modified"},
    {"attachments": "enchanted_or_equipped"}, {"paired": True},
    # 611.3b: conditions on the affected object ("as long as it's a Zombie. Otherwise, ...")
    {"attached": True, "subtypes": ["zombie"]}, {"attached": True, "not_subtypes": ["zombie"]},
    {"attached": True, "colors": ["white"]}, {"attached": True, "not_colors": ["white"]},
    {"attached": True, "not_types": ["enchantment"]}, {"types": ["land", "creature"]},
    {"types": ["creature"], "controller": "you", "tapped": False, "not_attacking": True},
    {"attached": True, "attacking": True}, {"attached": True, "blocking": True},
    {"attached": True, "controller_graveyard_at_least": 2}, {"attached": True, "controller_graveyard_at_most": 1},
    {"types": ["creature"], "shares_with_attached": "color"}, {"types": ["creature"], "shares_with_attached": "creature_type"},
    # unions of groups (611.3a): Death Baron, Narfi ("snow and Zombie creatures"), Timber Protector
    {"types": ["creature"], "any_of": [{"subtypes": ["elf"], "controller": "you"}, {"colors": ["white"], "other": True}]},
    {"any_of": [{"subtypes": ["goblin"]}, {"supertypes": ["basic"]}], "other": True},
    {"types": ["creature"], "subtypes": ["elf"], "any_of": [{"keywords": ["flying"]}]},
    {"types": ["creature"], "any_of": [{"power_at_most": 1}, {"toughness_at_most": 1}]},  # Tetsuko
    {"types": ["creature"], "highest_mana_value": True},  # Favor of the Mighty
    {"types": ["enchantment"], "not_subtypes": ["aura"], "other": True}, {"subtypes": ["frog"]},
])
#: counts (613.4a, 613.4c): "for each other creature you control", cards in hand, Forests
_OTHER_CREATURES = {"permanents": {"types": ["creature"], "controller": "you", "other": True}}
_CREATURES = {"permanents": {"types": ["creature"], "controller": "you"}}
#: counts of attachments, counters, colors, basic land types and cards (613.4c)
_MINE = {"types": ["creature"], "controller": "you"}
COUNTED = [
    {"gets": [1, 0], "for_each": {"permanents": {"subtypes": ["aura", "equipment"]}, "attached_to": "it"}},
    {"gets": [1, 1], "for_each": {"permanents": {"subtypes": ["equipment"]}, "attached_to": "source"}},
    {"gets": [0, 1], "for_each": {"permanents": {"subtypes": ["aura"], "controller": "you"}, "attached_to": "creature"}},
    {"gets": [-1, -1], "for_each": {"counters_on_it": "charge"}}, {"gets": [1, 1], "for_each": {"counters_on_it": "any"}},
    {"gets": [1, 1], "for_each": {"counters_on_source": "any"}},
    {"gets": [1, 1], "for_each": {"permanents": {**_MINE, "other": True}, "counters": "+1/+1"}},
    {"gets": [1, 1], "for_each": {"colors_of_it": True}}, {"gets": [1, 0], "for_each": {"colors_among": {"controller": "you"}}},
    {"gets": [-1, -1], "for_each": {"basic_land_types_among": {"types": ["land"], "controller": "you"}}},
    {"gets": [1, 1], "for_each": {"permanents": [{"types": ["artifact"], "controller": "you"},
                                                 {"types": ["enchantment"], "controller": "you"}]}},
    {"gets": [1, 1], "for_each": {"cards": {"zone": "graveyard", "whose": "all", "types": ["creature"]}}},
    {"gets": [-1, 0], "for_each": {"cards": {"zone": "graveyard", "whose": "its_controller"}}},
    {"gets": [1, 1], "for_each": {"cards": {"zone": "hand", "whose": "its_controller"}}},
    {"gets": [1, 1], "for_each": {"permanents": {"types": ["creature"], "other": True}, "shares_creature_type": True}},
    {"gets": [1, 1], "for_each": {"permanents": {**_MINE, "other": True}, "same_name": True}},
    {"gets": [1, 0], "for_each": {"party": True}}, {"gets": [1, 1], "for_each": {"mana_value_of_it": True}},
    {"gets": [1, 1], "for_each": {"mana_symbols_of_it": "white"}}, {"gets": [1, 1], "for_each": {"bushido_of_it": True}},
]
#: type, color and ability setting (205.1a, 205.3m, 613.1d-f, 613.4b): Frogify, Nim Deathmantle,
#: Amorphous Axe, Xenograft, Lithoform Blight, Song of the Dryads, Opalescence, Angelic
#: Armaments, Darksteel Mutation; below, Aspect of Wolf's halved count
TYPE_SETTING = [
    {"set_types": ["creature"], "set_creature_types": ["frog"], "set_colors": ["blue"], "loses_all_abilities": True,
     "set_pt": [1, 1]},
    {"set_creature_types": ["zombie"], "set_colors": ["black"]}, {"all_creature_types": True},
    {"add_chosen_type": True}, {"remove_land_types": True, "loses_all_abilities": True},
    {"set_types": ["land"], "set_land_types": ["forest"], "set_colors": []},
    {"add_types": ["creature"], "base_pt_mana_value": True}, {"add_colors": ["white"], "add_subtypes": ["angel"]},
    {"set_types": ["artifact", "creature"], "set_creature_types": ["insect"], "set_pt": [0, 1],
     "loses_all_abilities": True, "gains": ["flying"]},
]
CHANGES = st.sampled_from([
    {"gets": [1, 1]}, {"gets": [-1, 0]}, {"set_pt": [1, 1]}, {"switch_pt": True}, {"gains": ["flying"]},
    {"gains": ["menace"]}, {"loses": ["flying"]}, {"loses_all_abilities": True}, {"set_colors": ["white"]},
    {"set_colors": ["red"]}, {"add_types": ["creature"], "set_pt": [2, 2]}, {"set_pt": [3, 0]},
    {"gains": ["flying"]}, {"loses": ["flying"]}, {"set_colors": ["white"]}, {"set_land_types": ["island"]}, {"add_subtypes": ["swamp"]},
    {"set_land_types": ["mountain"]}, {"add_subtypes": ["elf"]}, {"gains": ["flying"], "gets": [0, 1]},
    {"rules": ["cant_attack"]}, {"set_colors": ["white"], "loses_all_abilities": True},
    {"rules": [{"cant_be_blocked_by": {"power_less_than": "source_power"}}]},  # Champion of Lambholt
    {"gets": [1, 1], "for_each": _OTHER_CREATURES}, {"gets": [0, -1], "for_each": {"cards_in_hand": True}},
    {"defines_pt": "both", "for_each": _CREATURES},
    {"defines_pt": "power", "for_each": {"permanents": {"subtypes": ["forest"]}, "plus": 1}},
    *COUNTED,
    *TYPE_SETTING,
    {"gets": [1, 1], "for_each": {"permanents": {"subtypes": ["forest"], "controller": "you"}}, "halved": True},
    {"loses": ["flying"], "cant_have": ["flying"]},  # Archetype of Imagination (113.11)
    {"gains": [{"protection": "its_colors"}]},  # Earnest Fellowship (702.16)
    {"gains": [{"protection": "colors_of_your_permanents"}, {"protection": "green"}]},  # Pledge of Loyalty
    {"gets": [1, 1], "goaded": True},
])
CONDITIONS = st.sampled_from([None, None, {"controls": {"types": ["artifact"]}},
                              {"controls": {"types": ["creature"]}, "at_least": 2}, {"source_untapped": True},
                              {"paired": True}, {"in_graveyard": True},
                              {"all_share_a_color": {"types": ["creature"], "not_types": ["artifact"]}}])
_GY = {"in_graveyard": True}
_YOURS = {"types": ["creature"], "controller": "you"}
#: statics that work from a graveyard (113.6b): Oracle-style text for the engine, the mapping
#: read by hand for the reference
GRAVEYARD_LINES = [
    ("As long as ~ is in your graveyard and you control a Forest, creatures you control have flying.",
     {"affects": _YOURS, "gains": ["flying"], "condition": [_GY, {"controls": {"subtypes": ["forest"]}}]}),
    ("As long as ~ is in your graveyard, creatures lose flying.",
     {"affects": {"types": ["creature"]}, "loses": ["flying"], "condition": [_GY]}),
    ("As long as ~ is in your graveyard, creatures you control get +1/+1.",
     {"affects": _YOURS, "gets": [1, 1], "condition": [_GY]}),
    ("As long as ~ is in your graveyard, lands you control are Islands.",
     {"affects": {"types": ["land"], "controller": "you"}, "set_land_types": ["island"], "condition": [_GY]}),
    ("As long as ~ is in your graveyard and you control an artifact, white creatures get +1/+1 and have menace.",
     {"affects": {"types": ["creature"], "colors": ["white"]}, "gets": [1, 1], "gains": ["menace"],
      "condition": [_GY, {"controls": {"types": ["artifact"]}}]}),
]
GRAVE_NAMES = ("Anguish", "Sorrow")
#: 611.3b conditions on the board: players, the source and what it is attached to
BOARD_CONDITIONS = st.sampled_from([
    {"controls": {"types": ["creature"], "not_types": ["artifact"], "not_colors": ["white"]}, "not": True},
    {"attached_matches": {"types": ["creature"], "tapped": True}},
    {"attached_matches": {"types": ["land"], "supertypes": ["basic"], "subtypes": ["mountain"]}},
    {"attached_equipment": 2}, {"attached_controller_controls": {"types": ["creature"], "other": True}, "not": True},
    {"source_enchanted": True}, {"counters_on_source": "any", "at_least": 2},
    {"counters_on_source": "charge", "at_least": 1, "at_most": 1}, {"your_turn": True}, {"completed_dungeon": True},
    {"city_blessing": True}, {"hand_at_most": 1}, {"life_over_starting": 0}, {"life_over_starting": 7},
    {"life_at_least": 20}, {"life_at_least": 25},
    {"opponent_graveyard": 2}, {"graveyard_types": 2}, {"attached_to_yours": {"subtypes": ["equipment"]}},
])
CARD_TYPES = st.lists(st.sampled_from(["creature", "instant", "land", "artifact", "sorcery"]), min_size=1, max_size=2,
                      unique=True)
#: changes of one layer, so that a board often has several effects competing in it
FAMILIES = [
    [{"gains": ["flying"]}, {"loses": ["flying"]}, {"loses_all_abilities": True}, {"cant_have": ["flying"]}],
    [{"set_colors": ["red"]}, {"set_colors": ["white"]}, {"set_colors": ["green"], "gets": [1, 1]},
     {"gains": [{"protection": "its_colors"}]}, {"gains": [{"protection": "colors_of_your_permanents"}]}],
    [{"set_pt": [1, 1]}, {"set_pt": [3, 0]}, {"switch_pt": True}],
    [{"set_land_types": ["mountain"]}, {"set_land_types": ["island"]}, {"add_subtypes": ["swamp"]},
     {"add_types": ["creature"], "set_pt": [2, 2]}],
    [{"defines_pt": "both", "for_each": _CREATURES}, {"set_pt": [1, 1]}, {"gets": [1, 1], "for_each": _OTHER_CREATURES},
     {"add_types": ["creature"], "set_pt": [2, 2]}, {"loses_all_abilities": True}],
    # counts after the layers that change what they count (4: land types, 5: colors)
    [*COUNTED, {"set_colors": ["white"]}, {"set_land_types": ["mountain"]}, {"add_subtypes": ["swamp"]},
     {"set_pt": [1, 1]}],
    TYPE_SETTING + [{"add_subtypes": ["elf"]}, {"set_pt": [2, 2]}],
    # 7c effects whose affected set depends on power and toughness, beside +1/+1 counters (613.7c)
    [{"affects": {"types": ["creature"], "power_at_least": 2}, "gets": [1, 1]},
     {"affects": {"types": ["creature"], "toughness_at_most": 2}, "gets": [-1, 1]}, {"gets": [1, 0]},
     {"set_pt": [1, 1]}],
]
KINDS = st.sampled_from(["creature", "creature", "land", "creature", "land", "basic_land", "artifact", "enchantment", "artifact_creature"])


@st.composite
def boards(draw, filters=None):
    """Objects and effects; ``filters``: draw the affected sets from these instead."""
    n = draw(st.integers(2, 6))
    family = st.sampled_from(draw(st.sampled_from(FAMILIES)))
    shared = st.just(draw(st.sampled_from([{"types": ["creature"]}, {"types": ["land"]}, {}])))
    objects = []
    effects = []
    for i in range(n):
        kind = draw(KINDS)
        types = {"creature": ["creature"], "land": ["land"], "basic_land": ["land"], "artifact": ["artifact"],
                 "enchantment": ["enchantment"], "artifact_creature": ["artifact", "creature"]}[kind]
        subtypes = []
        if "land" in types:
            subtypes = draw(st.lists(st.sampled_from(sorted(BASIC) + ["desert"]), max_size=2, unique=True))
        elif "creature" in types:
            subtypes = draw(st.lists(st.sampled_from(["elf", "goblin", "cleric", "wizard", "rogue"]), max_size=2, unique=True))
        elif kind in ("enchantment", "artifact"):  # Auras and Equipment attached to earlier objects
            subtypes = draw(st.lists(st.just("aura" if kind == "enchantment" else "equipment"), max_size=1))
        creature = "creature" in types
        obj = {
            "id": f"o{i}", "controller": draw(st.sampled_from(["alice", "bob"])), "types": types,
            "subtypes": subtypes, "supertypes": ["basic"] if kind == "basic_land" else [],
            "colors": draw(st.lists(st.sampled_from(["white", "red", "green"]), max_size=2, unique=True)) if kind != "land" else [],
            "keywords": draw(st.lists(st.sampled_from(["flying", "menace", "changeling"]), max_size=1, unique=True)) if creature else [],
            "name": draw(st.sampled_from(["Alpha", "Beta", f"O{i}"])),
            "cost": draw(st.lists(st.sampled_from(["1", "W", "W/U", "2/W", "R"]), max_size=3)),
            "bushido": draw(st.integers(0, 2)) if creature else 0,
            "p": draw(st.integers(0, 4)) if creature else None, "t": draw(st.integers(1, 4)) if creature else None,
            "plus_counters": draw(st.integers(0, 1)) if creature else 0,
            "counters_ts": draw(st.sampled_from([None, None, 1, 3, 5, 7])),  # 613.7c
            "attached_to": None, "effects": [],
            "token": draw(st.booleans()), "tapped": draw(st.booleans()), "charges": draw(st.integers(0, 2)),
            "chosen_type": draw(st.sampled_from([None, "elf", "goblin"])),
            "in_combat": draw(st.sampled_from([None, None, "attacking", "blocking"] if filters is None else
                                              [None, "attacking", "attacking", "blocking"])) if creature else None,
        }
        obj["counters"] = bool(obj["plus_counters"] or obj["charges"])
        obj["mv"] = sum(2 if s == "2/W" else 1 for s in obj["cost"])  # 202.3: its mana cost's mana value
        mates = [o for o in objects if o["controller"] == obj["controller"] and not o.get("paired_with")]
        if mates and draw(st.integers(0, 2)) == 0:  # soulbond (702.95); the layers break it if either isn't a creature
            mate = draw(st.sampled_from(mates))
            obj["paired_with"], mate["paired_with"] = mate["id"], obj["id"]
        if subtypes in (["aura"], ["equipment"]) and objects and draw(st.booleans()):
            obj["attached_to"] = draw(st.sampled_from([o["id"] for o in objects]))
        if draw(st.integers(0, 3)):
            sets = (filters,) if filters is not None else (shared, shared, FILTERS)
            spec = {"affects": draw(st.one_of(*sets)), **draw(st.one_of(family, family, CHANGES))}
            if "defines_pt" in spec:
                spec["affects"] = {"self": True}  # 604.3a: a characteristic-defining ability defines its own object
            cond = draw(st.one_of(CONDITIONS, BOARD_CONDITIONS) if filters is None else
                        st.one_of(st.none(), st.none(), CONDITIONS))
            if cond:
                spec["condition"] = [cond]
            if spec["affects"].get("attached") or (spec["affects"].get("shares_with_attached") and draw(st.integers(0, 3))):
                others = [o["id"] for o in objects]
                if not others:
                    spec["affects"] = {"types": ["creature"]}
                else:
                    obj["attached_to"] = draw(st.sampled_from(others))
            obj["effects"] = [f"e{i}"]
            effects.append({"id": f"e{i}", "source": obj["id"], "spec": spec, "ts": i + 1})
        objects.append(obj)
    if not any(o["in_combat"] == "attacking" for o in objects):  # a creature blocks an attacker (509.1a)
        for o in objects:
            o["in_combat"] = None
    hand = {"alice": draw(st.integers(0, 3)), "bob": draw(st.integers(0, 3))}
    players = {name: {"life": draw(st.sampled_from([13, 20, 27, 40, 47])), "starting": draw(st.sampled_from([20, 40])),
                      "dungeon": draw(st.booleans()), "blessing": draw(st.booleans()),
                      "graveyard": draw(st.lists(CARD_TYPES, max_size=3))} for name in ("alice", "bob")}
    graveyard = {}
    for j, name in enumerate(GRAVE_NAMES[:draw(st.integers(0, 2))]):
        text, spec = draw(st.sampled_from(GRAVEYARD_LINES))
        owner = draw(st.sampled_from(["alice", "bob"]))
        graveyard[name] = (owner, text.replace("~", name))
        effects.append({"id": f"g{j}", "source": name, "spec": spec})
    # 613.7d: graveyard cards after the permanents, graveyards in player order, oldest first
    order = sorted(graveyard, key=lambda name: (graveyard[name][0] == "bob", GRAVE_NAMES.index(name)))
    for e in effects:
        if e["source"] in graveyard:
            e["ts"] = n + 1 + order.index(e["source"])
    stamps = {e["ts"] for e in effects}
    for o in objects:  # a counter put on at the moment another object's effect began: a tie 613.7m breaks by choice
        if o["counters_ts"] in stamps:
            o["counters_ts"] += n + len(graveyard)
    return objects, effects, hand, players, draw(st.sampled_from(["alice", "bob"])), graveyard


def engine_board(objects: list[dict], effects: list[dict], hand: dict[str, int] | None = None,
                 players: dict[str, dict] | None = None, active: str = "alice",
                 graveyard: dict[str, tuple[str, str]] | None = None) -> Board:
    specs = {e["source"]: e["spec"] for e in effects}
    perms = []
    for o in objects:
        abilities: list = [basic_land_ability(s) for s in o["subtypes"] if s in BASIC and "land" in o["types"]]
        abilities += [Static("bushido", 1) for _ in range(o.get("bushido", 0))]
        if o["id"] in specs:
            abilities.append(Static("continuous", parse_continuous(specs[o["id"]])))
        perms.append(Permanent(
            id=o["id"], name=o.get("name", o["id"].upper()), controller=o["controller"], owner=o["controller"],
            mana_cost=ManaCost.parse("".join(f"{{{s}}}" for s in o["cost"])) if o.get("cost") else None,
            types=frozenset(o["types"]), supertypes=frozenset(o["supertypes"]), subtypes=frozenset(o["subtypes"]),
            colors=frozenset(Color.parse(c) for c in o["colors"]), base_power=o["p"], base_toughness=o["t"],
            counters={k: n for k, n in (("+1/+1", o["plus_counters"]), ("charge", o.get("charges", 0))) if n},
            keywords=frozenset(o["keywords"]), abilities=tuple(abilities), attached_to=o["attached_to"],
            token=o.get("token", False), tapped=o.get("tapped", False), chosen_type=o.get("chosen_type"),
            paired_with=o.get("paired_with"), counters_timestamp=o.get("counters_ts")))
    players = players or {}
    cards = {name: (owner, Card(name, ("creature",), text=text)) for name, (owner, text) in (graveyard or {}).items()}
    statics = {p: tuple(ZoneCard(name, card, statics=graveyard_statics(card)) for name, (owner, card) in cards.items()
                        if owner == p) for p in ("alice", "bob")}
    zones = {p: PlayerZones(hand_count=n, graveyard=tuple(
        ZoneCard(f"{p}.graveyard[{i}]", Card(f"card{i}", types=tuple(types)))
        for i, types in enumerate(players.get(p, {}).get("graveyard", ()))) + statics[p]) for p, n in (hand or {}).items()}
    people = tuple(Player(name, p.get("life", 20), starting_life=p.get("starting", 20), completed_dungeon=p.get("dungeon", False),
                          city_blessing=p.get("blessing", False)) for name, p in (("alice", players.get("alice", {})),
                                                                                  ("bob", players.get("bob", {}))))
    attackers = [o["id"] for o in objects if o.get("in_combat") == "attacking"]
    combat = CombatDeclaration(tuple(Attack(a, "bob" if active == "alice" else "alice") for a in attackers),
                               tuple(Block(o["id"], (attackers[0],)) for o in objects
                                     if o.get("in_combat") == "blocking" and attackers))
    return Board(active, people, tuple(perms), zones=zones, combat=combat)


def summary(perm: Permanent) -> dict:
    return {"types": set(perm.types), "subtypes": set(perm.subtypes), "colors": {c.word for c in perm.colors},
            "keywords": set(perm.keywords), "p": perm.power, "t": perm.toughness,
            "mana": {a.text[len("{T}: Add {"):-2] for a in perm.mana_abilities},
            "cant_attack": perm.has("cant_attack"), "protections": set(perm.protections),
            "blocked_only_above": sorted(st.value.power_at_most for st in perm.statics("cant_be_blocked_by"))}


@settings(max_examples=runs(1000, 50), deadline=None, derandomize=True)
@given(boards())
def test_layer_engine_agrees_with_the_brute_force_reference(case) -> None:
    """613.1, 613.4a-d, 613.6-613.8, 613.11, 305.6-7: the engine equals every rules-consistent
    order, with counts (7a characteristic-defining abilities, "for each other ..."), the
    611.3b conditions on players, the source and what it is attached to, soulbond pairs
    (702.95b, 702.95e), goad (701.15a), statics of graveyard cards (113.6b, 613.7d) and 611.3b
    conditions on the affected object (type, color, combat, its controller's graveyard, a
    shared color or creature type)."""
    objects, effects, hand, players, active, graveyard = case
    owners = {name: owner for name, (owner, _text) in graveyard.items()}
    seen = {p: {**v, "graveyard": v["graveyard"] + [["creature"]] * list(owners.values()).count(p)}
            for p, v in players.items()}  # the static cards are creature cards in those graveyards too
    expected = reference(objects, effects, hand, seen, active, owners)
    board = apply_layers(engine_board(objects, effects, hand, players, active, graveyard))
    for o in objects:
        goaded_by = {e.by for e in board.effects_of("goaded") if e.creature == o["id"]}
        assert {**summary(board.permanent(o["id"])), "goaded_by": goaded_by} == expected[o["id"]], o["id"]


#: 611.3b: conditions on the affected object, drawn often (type, color, combat, graveyard, sharing)
ON_THE_AFFECTED = st.sampled_from([
    {"attached": True, "subtypes": ["zombie"]}, {"attached": True, "not_subtypes": ["zombie"]},
    {"attached": True, "colors": ["white"]}, {"attached": True, "not_colors": ["white"]},
    {"attached": True, "not_types": ["enchantment"]}, {"types": ["land", "creature"]},
    {"types": ["creature"], "controller": "you", "tapped": False, "not_attacking": True},
    {"attached": True, "attacking": True}, {"attached": True, "not_attacking": True}, {"attached": True, "blocking": True},
    {"attached": True, "controller_graveyard_at_least": 2}, {"attached": True, "controller_graveyard_at_most": 1},
    {"types": ["creature"], "shares_with_attached": "color"}, {"types": ["creature"], "shares_with_attached": "creature_type"},
])


@settings(max_examples=runs(500, 25), deadline=None, derandomize=True)
@given(boards(ON_THE_AFFECTED))
def test_conditions_on_the_affected_object_agree_with_the_reference(case) -> None:
    """611.3b, 613.8a: "as long as it's a Zombie / attacking", "Otherwise" (the negated filter),
    "its controller has N cards in their graveyard", "shares a color with equipped creature"."""
    test_layer_engine_agrees_with_the_brute_force_reference.hypothesis.inner_test(case)
