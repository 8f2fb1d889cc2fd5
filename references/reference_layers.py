"""A brute-force reference for the layer system (613), sharing no rules code with
:mod:`mtgsolver.rules.layers`.

Objects are plain dicts and effects plain mappings (the ``continuous`` vocabulary). In each
layer the reference tries *every* order of the effects that apply there and keeps those that
respect the rules at each step (613.7 timestamps; 613.8 dependencies, recomputed after each
effect by trying the other effect first on a copy; loops in timestamp order): the answer is
what all kept orders give, and they must agree.
"""
from __future__ import annotations

import copy
import itertools
from pathlib import Path
from typing import Any

LAYER_ORDER = ("4", "5", "6", "7a", "7b", "7c", "7d")
BASIC = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
LAND_TYPES = set(BASIC) | {"desert", "gate"}


def _subtype_kinds() -> dict[str, str]:
    """Subtype -> its card type, read from the list of 205.3g-m (data, not rules code)."""
    path = Path(__file__).resolve().parent.parent / "mtgsolver" / "model" / "data" / "subtypes.txt"
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            kind, name = line.split(":", 1)
            out[name.strip().lower()] = kind.strip()
    return out


KIND_OF = _subtype_kinds()
#: every creature type (205.3m); a changeling has them all (702.73a)
CREATURE_TYPES = {t for t, k in KIND_OF.items() if k == "creature"}


def parts(effect: dict) -> set[str]:
    """The layers an effect mapping has a part in, read off its keys."""
    keys = set(effect)
    out = set()
    if keys & {"add_types", "add_subtypes", "set_land_types", "remove_types", "set_types", "set_creature_types",
               "all_creature_types", "add_chosen_type", "remove_land_types"}:
        out.add("4")
    if keys & {"set_colors", "add_colors"}:
        out.add("5")
    if keys & {"gains", "loses", "loses_all_abilities", "cant_have"}:
        out.add("6")
    if "defines_pt" in keys:
        out.add("7a")
    if keys & {"set_pt", "base_pt_mana_value"}:
        out.add("7b")
    if "gets" in keys:
        out.add("7c")
    if effect.get("switch_pt"):
        out.add("7d")
    return out


def in_set(flt: dict, obj: dict, eff: dict, objs: dict[str, dict] | None = None) -> bool:
    if flt.get("self"):
        return obj["id"] == eff["source"]
    if flt.get("attached") and obj["id"] != eff["attached_to"]:
        return False
    if not about_itself(flt, obj, eff, objs):
        return False
    if flt.get("other") and obj["id"] == eff["source"]:
        return False
    who = flt.get("controller", "any")
    if who == "you" and obj["controller"] != eff["controller"]:
        return False
    if who == "opponents" and obj["controller"] == eff["controller"]:
        return False
    if any(t not in obj["types"] for t in flt.get("types", [])):
        return False
    if flt.get("subtypes") and not any(s in obj["subtypes"] for s in flt["subtypes"]):
        return False
    if any(s in obj["subtypes"] for s in flt.get("not_subtypes", [])):
        return False
    if flt.get("colors") and not any(c in obj["colors"] for c in flt["colors"]):
        return False
    if any(k not in obj["keywords"] for k in flt.get("keywords", [])):
        return False
    if any(k in obj["keywords"] for k in flt.get("not_keywords", [])):
        return False
    if any(s not in obj["supertypes"] for s in flt.get("supertypes", [])):
        return False
    if any(s in obj["supertypes"] for s in flt.get("not_supertypes", [])):
        return False
    if any(s not in obj["supertypes"] for s in flt.get("supertypes", [])):
        return False
    if any(t in obj["types"] for t in flt.get("not_types", [])) or any(c in obj["colors"] for c in flt.get("not_colors", [])):
        return False
    for flag in ("token", "tapped"):
        if flag in flt and obj.get(flag, False) != flt[flag]:
            return False
    if flt.get("multicolored") and len(obj["colors"]) < 2:
        return False
    if flt.get("chosen_type") and EFFECTS_BY_SOURCE_CHOSEN.get(eff["source"]) not in obj["subtypes"]:
        return False
    if flt.get("counter") == "any" and not obj.get("counters"):
        return False
    if "any_of" in flt and not any(in_set(member, obj, eff, objs) for member in flt["any_of"]):
        return False
    for key, stat, most in (("power_at_most", "p", True), ("toughness_at_most", "t", True),
                            ("power_at_least", "p", False), ("toughness_at_least", "t", False)):
        if key in flt and (obj[stat] is None or (obj[stat] > flt[key] if most else obj[stat] < flt[key])):
            return False
    how = flt.get("attachments")
    if how == "modified":
        if not (obj["equipped_by"] or eff_controller_aura(obj) or obj.get("counters")):
            return False
    elif how and not ((how in ("enchanted", "enchanted_or_equipped") and obj["enchanted_by"])
                      or (how in ("equipped", "enchanted_or_equipped") and obj["equipped_by"])):
        return False
    return True


def about_itself(flt: dict, obj: dict, eff: dict, objs: dict[str, dict] | None) -> bool:
    """611.3b conditions on the object itself: "as long as it's a Zombie / not attacking /
    its controller has N cards in their graveyard", "shares a color with equipped creature"."""
    for key, have in (("not_types", obj["types"]), ("not_subtypes", obj["subtypes"]), ("not_colors", obj["colors"])):
        if any(v in have for v in flt.get(key, [])):
            return False
    if any(s not in obj["supertypes"] for s in flt.get("supertypes", [])):
        return False
    role = obj.get("in_combat")
    if (flt.get("attacking") and role != "attacking") or (flt.get("blocking") and role != "blocking"):
        return False
    if flt.get("not_attacking") and role == "attacking":
        return False
    cards = len(PLAYERS.get(obj["controller"], {}).get("graveyard", []))
    if cards < flt.get("controller_graveyard_at_least", 0) or cards > flt.get("controller_graveyard_at_most", 99):
        return False
    share = flt.get("shares_with_attached")
    if share:
        host = (objs or {}).get(eff["attached_to"] or "")
        if host is None:
            return False
        if share == "color":
            return bool(host["colors"] & obj["colors"])
        return bool(creature_types(host) & creature_types(obj))  # a changeling shares every type (702.73a)
    return True


def eff_controller_aura(obj: dict) -> bool:
    """700.9: an Aura its controller controls is attached to it."""
    return obj["controller"] in obj["enchanted_by"]


#: the chosen type of each effect's source ("of the chosen type")
EFFECTS_BY_SOURCE_CHOSEN: dict[str, str | None] = {}


def count(eff: dict, obj: dict, objs: dict[str, dict]) -> int:
    """What ``for_each`` counts for ``obj``: permanents ("other": not ``obj``, nor the source of
    an effect on what it is attached to) or cards in hand."""
    each = eff["spec"]["for_each"]
    more = count_more(each, eff, obj, objs)
    if more is not None:
        return each["plus"] - more if each.get("subtracted") else more + each.get("plus", 0)
    if "cards_in_hand" in each:
        return HAND.get(eff["controller"], 0) + each.get("plus", 0)
    flt = dict(each["permanents"])
    other = flt.pop("other", False)
    n = sum(1 for o in objs.values() if in_set(flt, o, eff) and not (other and o["id"] in _others(eff, obj)))
    return n + each.get("plus", 0)


def _others(eff: dict, obj: dict) -> set[str]:
    """What "other" leaves out: the object counted for, and an Aura's or Equipment's own source."""
    return {obj["id"], eff["source"]} if eff["spec"].get("affects", {}).get("attached") else {obj["id"]}


#: cards in each player's hand
HAND: dict[str, int] = {}


def count_more(each: dict, eff: dict, obj: dict, objs: dict[str, dict]) -> int | None:
    """Counts of attachments, counters, colors, basic land types and cards (613.4c), each
    written out from the words: ``None`` for the first kinds (``count`` does those)."""
    def counters(o: dict, kind: str) -> int:
        return sum(o["counter_map"].values()) if kind == "any" else o["counter_map"].get(kind, 0)

    if "counters_on_source" in each:
        return counters(objs[eff["source"]], each["counters_on_source"])
    if "counters_on_it" in each:
        return counters(obj, each["counters_on_it"])
    if each.get("colors_of_it"):
        return len(obj["colors"])
    if "colors_among" in each or "basic_land_types_among" in each:
        seen: set[str] = set()
        for o in objs.values():
            if "colors_among" in each and in_set(each["colors_among"], o, eff):
                seen |= set(o["colors"])
            elif "basic_land_types_among" in each and in_set(each["basic_land_types_among"], o, eff):
                seen |= set(o["subtypes"]) & set(BASIC)
        return len(seen)
    if each.get("mana_value_of_it") or "mana_symbols_of_it" in each:
        cost = obj.get("cost", [])
        if each.get("mana_value_of_it"):
            return sum(2 if s.startswith("2/") else 1 for s in cost)
        letter = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[each["mana_symbols_of_it"]]
        return sum(1 for s in cost if letter in s.replace("2/", "").split("/"))
    if each.get("bushido_of_it"):
        return obj.get("bushido", 0)
    if each.get("highest_life_total"):
        return max(p["life"] for p in PLAYERS.values())
    if each.get("party"):
        return party([o for o in objs.values() if o["controller"] == eff["controller"] and "creature" in o["types"]])
    if "cards" in each:
        c = each["cards"]
        everyone = sorted(set(HAND) | set(PLAYERS))
        whose = {"you": [eff["controller"]], "its_controller": [obj["controller"]]}.get(c["whose"], everyone)
        if c["zone"] == "hand":
            return sum(HAND.get(p, 0) for p in whose)
        return sum(1 for p in whose for card in PLAYERS.get(p, {}).get("graveyard", [])
                   if not c.get("types") or set(card) & set(c["types"]))
    if "permanents" not in each or not ({"attached_to", "counters", "shares_creature_type", "same_name"} & set(each)
                                        or isinstance(each["permanents"], list)):
        return None
    filters = each["permanents"] if isinstance(each["permanents"], list) else [each["permanents"]]
    n = 0
    for o in objs.values():
        hits = [f for f in filters if in_set({k: v for k, v in f.items() if k != "other"}, o, eff)]
        if not hits or (hits[0].get("other") and o["id"] in _others(eff, obj)):
            continue
        host = o["attached_to"]
        where = each.get("attached_to")
        if where == "it" and host != obj["id"] or where == "source" and host != eff["source"]:
            continue
        if where == "creature" and not (host in objs and "creature" in objs[host]["types"]):
            continue
        if each.get("shares_creature_type") and not creature_types(o) & creature_types(obj):
            continue
        if each.get("same_name") and o.get("name", o["id"]) != obj.get("name", obj["id"]):
            continue
        n += counters(o, each["counters"]) if "counters" in each else 1
    return n


def creature_types(o: dict) -> set[str]:
    """Its creature types (205.3m); a printed changeling has them all (702.73a)."""
    return set(CREATURE_TYPES) if "changeling" in o["printed_keywords"] else set(o["subtypes"]) & CREATURE_TYPES


def party(creatures: list[dict]) -> int:
    """700.8: the most roles (Cleric, Rogue, Warrior, Wizard) filled by distinct creatures,
    trying every assignment."""
    best = 0
    for pick in itertools.product([None, *range(len(creatures))], repeat=4):
        used = [i for i in pick if i is not None]
        if len(used) == len(set(used)) and all(
                i is None or role in creature_types(creatures[i]) for role, i in zip(("cleric", "rogue", "warrior", "wizard"), pick)):
            best = max(best, len(used))
    return best


def alive(eff: dict, objs: dict[str, dict]) -> bool:
    """The ability is still on its source and its condition holds."""
    if eff["id"] in STARTED:
        return True
    src = objs.get(eff["source"])
    if not eff["graveyard"] and (src is None or eff["id"] not in src["effects"]):
        return False
    for cond in eff["spec"].get("condition", []):
        if "in_graveyard" in cond:  # 113.6b: only from its owner's graveyard
            if not eff["graveyard"]:
                return False
            continue
        if "paired" in cond:
            if partner_of(eff["source"], objs) is None:
                return False
            continue
        if holds(cond, eff, src or {"id": eff["source"], "attached_to": None}, objs) == bool(cond.get("not", False)):
            return False
    return True


def holds(cond: dict, eff: dict, src: dict, objs: dict[str, dict]) -> bool:
    """One condition atom, before ``not``: the source, what it is attached to, its controller."""
    me = PLAYERS.get(eff["controller"], {})
    host = objs.get(src["attached_to"]) if src["attached_to"] else None
    if "source_untapped" in cond:
        return src.get("tapped", False) != cond["source_untapped"]
    if "all_share_a_color" in cond:  # Common Cause (105.1)
        group = [o for o in objs.values() if in_set(cond["all_share_a_color"], o, eff, objs)]
        return not group or bool(set.intersection(*[set(o["colors"]) for o in group]))
    if "controls" in cond:
        n = sum(1 for o in objs.values() if o["controller"] == eff["controller"] and in_set(cond["controls"], o, eff))
        return n >= cond.get("at_least", 1)
    if "attached_matches" in cond:
        return host is not None and in_set(cond["attached_matches"], host, eff)
    if "attached_equipment" in cond:
        return host is not None and len(host["equipped_by"]) >= cond["attached_equipment"]
    if "attached_controller_controls" in cond:
        if host is None:
            return False
        flt = dict(cond["attached_controller_controls"])
        other = flt.pop("other", False)
        n = sum(1 for o in objs.values() if o["controller"] == host["controller"] and in_set(flt, o, eff)
                and not (other and o["id"] == host["id"]))
        return n >= cond.get("at_least", 1)
    if "attached_to_yours" in cond:
        return any(o["attached_to"] and in_set(cond["attached_to_yours"], o, eff)
                   and objs[o["attached_to"]]["controller"] == eff["controller"]
                   and "creature" in objs[o["attached_to"]]["types"] for o in objs.values())
    if "source_enchanted" in cond:
        return any(o["attached_to"] == src["id"] and "aura" in o["subtypes"] for o in objs.values())
    if "counters_on_source" in cond:  # the generator's counters: +1/+1 and charge
        n = src.get("charges", 0) + (src["plus_counters"] if cond["counters_on_source"] == "any" else 0)
        return cond.get("at_least", 1) <= n <= cond.get("at_most", n)
    if "your_turn" in cond:
        return (ACTIVE[0] == eff["controller"]) == cond["your_turn"]
    if "completed_dungeon" in cond:
        return me.get("dungeon", False)
    if "city_blessing" in cond:  # 702.131b: ascend sees ten permanents
        mine = [o for o in objs.values() if o["controller"] == eff["controller"]]
        return me.get("blessing", False) or (len(mine) >= 10 and any("ascend" in o["keywords"] for o in mine))
    if "hand_at_most" in cond:
        return HAND.get(eff["controller"], 0) <= cond["hand_at_most"]
    if "life_at_least" in cond:
        return me.get("life", 20) >= cond["life_at_least"]
    if "life_over_starting" in cond:
        return me.get("life", 20) - me.get("starting", 20) >= cond["life_over_starting"]
    if "opponent_graveyard" in cond:
        return any(len(p["graveyard"]) >= cond["opponent_graveyard"] for name, p in PLAYERS.items()
                   if name != eff["controller"])
    if "graveyard_types" in cond:
        return len({t for card in me.get("graveyard", []) for t in card}) >= cond["graveyard_types"]
    raise AssertionError(f"condition not in the reference: {cond}")


#: each player's life, starting life, dungeon, city's blessing and graveyard (card types per card)
PLAYERS: dict[str, dict] = {}
ACTIVE: list[str] = [""]


STARTED: dict[str, frozenset[str]] = {}


def partner_of(oid: str, objs: dict[str, dict]) -> str | None:
    """702.95e: a pair holds while both are creatures on the battlefield under one controller."""
    me = objs.get(oid)
    other = objs.get(me.get("paired_with")) if me and me.get("paired_with") else None
    if other and "creature" in me["types"] and "creature" in other["types"] and me["controller"] == other["controller"]:
        return other["id"]
    return None


def targets(eff: dict, objs: dict[str, dict]) -> frozenset[str]:
    if eff["id"] in STARTED:
        return STARTED[eff["id"]]
    if eff["spec"].get("affects", {}).get("paired"):  # "both creatures" (702.95b)
        other = partner_of(eff["source"], objs)
        return frozenset({eff["source"], other}) if other else frozenset()
    flt = eff["spec"].get("affects", {})
    out = frozenset(o["id"] for o in objs.values() if in_set(flt, o, eff, objs))
    if flt.get("highest_mana_value"):  # the creatures with the highest mana value, ties included
        top = max((o.get("mv", 0) for o in objs.values() if "creature" in o["types"]), default=0)
        out = frozenset(i for i in out if "creature" in objs[i]["types"] and objs[i].get("mv", 0) == top)
    return out


def do(eff: dict, obj: dict, layer: str) -> None:
    s = eff["spec"]
    if layer == "4":
        set_types(s, obj, EFFECTS_BY_SOURCE_CHOSEN.get(eff["source"]))
        if "set_land_types" in s and "land" in obj["types"]:
            obj["subtypes"] = {t for t in obj["subtypes"] if t not in LAND_TYPES} | set(s["set_land_types"])
            obj["keywords"], obj["effects"], obj["mana"], obj["rules"], obj["protections"] = set(), [], set(), [], set()
        obj["types"] |= set(s.get("add_types", []))
        obj["subtypes"] |= set(s.get("add_subtypes", []))
        obj["retyped"] = True
    elif layer == "5":
        if "set_colors" in s:
            obj["colors"] = set(s["set_colors"])
        obj["colors"] |= set(s.get("add_colors", []))
    elif layer == "6":
        if s.get("loses_all_abilities"):
            obj["keywords"], obj["effects"], obj["mana"], obj["rules"], obj["protections"] = set(), [], set(), [], set()
            obj["bushido"] = 0
        barred = obj.setdefault("barred", set())  # 113.11: what it "can't have" stays off it
        obj["keywords"] |= {g for g in s.get("gains", []) if isinstance(g, str) and g not in barred}
        for g in s.get("gains", []):
            if isinstance(g, dict):  # protection (702.16a); colors are final after layer 5
                obj["protections"] |= protection_qualities(g["protection"], eff, obj)
        obj["keywords"] -= set(s.get("loses", []))
        barred |= set(s.get("cant_have", []))
        obj["keywords"] -= barred
    elif layer == "7a" and "creature" in obj["types"]:
        n = count(eff, obj, OBJS_NOW[0])
        if s["defines_pt"] in ("both", "power"):
            obj["p"] = n
        if s["defines_pt"] in ("both", "toughness"):
            obj["t"] = n
    elif layer == "7b":
        obj["p"], obj["t"] = (obj.get("mv", 0), obj.get("mv", 0)) if s.get("base_pt_mana_value") else s["set_pt"]
    elif obj["p"] is not None:
        if layer == "7c":
            n = count(eff, obj, OBJS_NOW[0]) if "for_each" in s else 1
            obj["p"] += s["gets"][0] * (n // 2 if s.get("halved") else n)
            obj["t"] += s["gets"][1] * (n - n // 2 if s.get("halved") else n)
        else:
            obj["p"], obj["t"] = obj["t"], obj["p"]


def set_types(s: dict, obj: dict, chosen: str | None) -> None:
    """Type setting, in the order the keys are listed: card types set (a subtype stays only
    with a card type of its kind), creature types set, every creature type, the chosen type,
    land types removed."""
    if "set_types" in s:
        obj["types"] = set(s["set_types"])
        obj["subtypes"] = {t for t in obj["subtypes"] if KIND_OF.get(t) in obj["types"]}
    if "set_creature_types" in s:
        obj["subtypes"] = {t for t in obj["subtypes"] if t not in CREATURE_TYPES} | set(s["set_creature_types"])
    if s.get("all_creature_types"):
        obj["subtypes"] |= CREATURE_TYPES
    if s.get("add_chosen_type") and chosen:
        obj["subtypes"].add(chosen)
    if s.get("remove_land_types"):
        obj["subtypes"] = {t for t in obj["subtypes"] if KIND_OF.get(t) != "land"}


def protection_qualities(quality: str, eff: dict, obj: dict) -> set[str]:
    """702.16: a color, or the object's own colors (Earnest Fellowship), or the colors of the
    permanents the effect's controller controls (Pledge of Loyalty)."""
    if quality == "its_colors":
        return set(obj["colors"])
    if quality == "colors_of_your_permanents":
        return {c for o in OBJS_NOW[0].values() if o["controller"] == eff["controller"] for c in o["colors"]}
    return {quality}


#: the objects as they are when an effect starts applying (what its counts see)
OBJS_NOW: list[dict[str, dict]] = [{}]


def apply(eff: dict, objs: dict[str, dict], layer: str) -> None:
    OBJS_NOW[0] = copy.deepcopy(objs)
    for oid in targets(eff, objs):
        do(eff, objs[oid], layer)


def waits_for(e: dict, o: dict, objs: dict[str, dict], layer: str) -> bool:
    """613.8a, checked by trying ``o`` first on a copy."""
    if e["id"] in STARTED:
        return False
    trial = copy.deepcopy(objs)
    apply(o, trial, layer)
    before, after = alive(e, objs), alive(e, trial)
    if before != after:
        return True
    return after and targets(e, objs) != targets(e, trial)


def allowed_next(e: dict, rest: list[dict], objs: dict[str, dict], layer: str) -> bool:
    """``e`` may go next if every effect it waits for (transitively) waits for it too (a
    loop, 613.8b) and no other such effect has an earlier timestamp (613.7). Counters (7c)
    go in timestamp order too (613.7c), before effects of the same timestamp; no effect waits
    for them and they wait for nothing (613.8a is about effects)."""
    counters = [x for x in rest if "counters_of" in x]
    rest = [x for x in rest if "counters_of" not in x]
    if "counters_of" in e:
        return all(x["ts"] >= e["ts"] for x in rest)
    if any(c["ts"] <= e["ts"] for c in counters):
        return False
    waits = {x["id"]: {o["id"] for o in rest if o is not x and waits_for(x, o, objs, layer)} for x in rest}

    def closure(xid: str) -> set[str]:
        seen: set[str] = set()
        todo = [xid]
        while todo:
            for o in waits[todo.pop()]:
                if o not in seen:
                    seen.add(o)
                    todo.append(o)
        return seen

    def ready(xid: str) -> bool:
        return all(xid in closure(w) for w in closure(xid))

    if not ready(e["id"]):
        return False
    return all(not ready(x["id"]) or x["ts"] >= e["ts"] for x in rest if x is not e)


def effects_on(objs: dict[str, dict], layer: str, spent: set[str]) -> list[dict]:
    out = []
    for o in objs.values():
        for eid in o["effects"]:
            eff = EFFECTS[eid]
            if layer in parts(eff["spec"]) and eid not in spent:
                out.append(eff)
    for eid, eff in EFFECTS.items():  # cards in graveyards (113.6b)
        if eff["graveyard"] and layer in parts(eff["spec"]) and eid not in spent and eff not in out:
            out.append(eff)
    for eid in STARTED:
        eff = EFFECTS[eid]
        if layer in parts(eff["spec"]) and eid not in spent and eff not in out:
            out.append(eff)
    return out


EFFECTS: dict[str, dict] = {}


def run_layer(objs: dict[str, dict], layer: str) -> list[dict[str, dict]]:
    """Every outcome of the layer over the orders the rules allow."""
    outcomes = []

    def go(state: dict[str, dict], rest: list[dict], started: dict[str, frozenset[str]]) -> None:
        if not rest:
            outcomes.append((state, started))
            return
        for e in rest:
            STARTED.clear()
            STARTED.update(started)
            if not allowed_next(e, rest, state, layer):
                continue
            nxt = copy.deepcopy(state)
            now = dict(started)
            others = [x for x in rest if x is not e]
            if "counters_of" in e:  # 613.4c: +1/+1 counters
                o = nxt[e["counters_of"]]
                if o["p"] is not None:
                    o["p"] += o["plus_counters"]
                    o["t"] += o["plus_counters"]
            elif alive(e, nxt):
                if e["id"] not in now:
                    now[e["id"]] = targets(e, nxt)
                STARTED.clear()
                STARTED.update(now)
                apply(e, nxt, layer)
            go(nxt, others, now)

    counters = [{"id": f"counters:{o['id']}", "counters_of": o["id"], "ts": o["counters_ts"]}
                for o in objs.values() if layer == "7c" and o["plus_counters"]]
    go(objs, effects_on(objs, layer, set()) + counters, dict(STARTED))
    return outcomes


def reference(objects: list[dict], effects: list[dict], hand: dict[str, int] | None = None,
              players: dict[str, dict] | None = None, active: str = "alice",
              graveyard: dict[str, str] | None = None) -> dict[str, dict]:
    """Effective characteristics: ``{id: {types, subtypes, colors, keywords, p, t, mana,
    cant_attack, goaded_by}}``. ``objects``: dicts with id, controller, types, subtypes, supertypes,
    colors, keywords, p, t, plus_counters, attached_to, effects (ids), and optionally token,
    tapped, counters (any counter on it), charges (charge counters), chosen_type, paired_with, mv
    (mana value), counters_ts (the +1/+1 counters' timestamp; default: the object's, its place
    in ``objects`` from 1);
    ``effects``: dicts with id, source, spec (a ``continuous`` mapping) and ts; ``hand``: cards
    in each player's hand; ``players``: each player's life, starting (life), dungeon, blessing
    and graveyard (a list of each card's types); ``active``: whose turn it is; ``graveyard``:
    cards in graveyards (id -> owner) whose effects work from there (113.6b). An object's
    ``in_combat``: attacking or blocking (506.4). Each object's counters by kind are
    ``counter_map`` (from plus_counters and charges)."""
    EFFECTS.clear()
    STARTED.clear()
    HAND.clear()
    HAND.update(hand or {})
    PLAYERS.clear()
    PLAYERS.update(players or {})
    ACTIVE[0] = active
    EFFECTS_BY_SOURCE_CHOSEN.clear()
    EFFECTS_BY_SOURCE_CHOSEN.update({o["id"]: o.get("chosen_type") for o in objects})
    objs = {}
    for i, o in enumerate(objects, 1):
        x = copy.deepcopy(o)
        x["counters_ts"] = o.get("counters_ts") or i  # 613.7c: when they were put on it, else its own (613.7d)
        for key in ("types", "subtypes", "supertypes", "colors", "keywords"):
            x[key] = set(x[key])
        x["mana"] = {BASIC[s] for s in x["subtypes"] if s in BASIC} if "land" in x["types"] else set()
        x["rules"] = []
        x["protections"] = set()
        x["retyped"] = False
        x["printed_keywords"] = set(x["keywords"])
        x["counter_map"] = {k: n for k, n in (("+1/+1", x["plus_counters"]), ("charge", x.get("charges", 0))) if n}
        objs[x["id"]] = x
    for x in objs.values():  # who enchants or equips each object (303.4, 301.5)
        x["enchanted_by"] = [o["controller"] for o in objs.values() if o["attached_to"] == x["id"] and "aura" in o["subtypes"]]
        x["equipped_by"] = [o["id"] for o in objs.values() if o["attached_to"] == x["id"] and "equipment" in o["subtypes"]]
    for e in effects:
        if e["source"] in (graveyard or {}):  # 109.5: "you" is the card's owner
            EFFECTS[e["id"]] = {**e, "controller": graveyard[e["source"]], "attached_to": None,  # type: ignore[index]
                                "graveyard": True}
            continue
        src = objs[e["source"]]
        EFFECTS[e["id"]] = {**e, "controller": src["controller"], "attached_to": src["attached_to"], "graveyard": False}
    for layer in LAYER_ORDER:
        outcomes = run_layer(objs, layer)
        firsts = [_key(s) for s, _ in outcomes]
        assert all(f == firsts[0] for f in firsts), f"orders disagree in layer {layer}"
        objs, started = outcomes[0]
        STARTED.clear()
        STARTED.update(started)
        if layer == "4":
            for o in objs.values():
                if o["retyped"]:
                    kept = o["mana"] - {BASIC[s] for s in BASIC}
                    o["mana"] = kept | ({BASIC[s] for s in o["subtypes"] if s in BASIC} if "land" in o["types"] else set())
    # rules effects after the layers (613.11); a noncreature has no power or toughness (208.3)
    creature = {oid: "creature" in o["types"] for oid, o in objs.items()}
    out = {oid: {"types": o["types"], "subtypes": o["subtypes"], "colors": o["colors"], "keywords": o["keywords"],
                 "p": o["p"] if creature[oid] else None, "t": o["t"] if creature[oid] else None, "mana": o["mana"],
                 "cant_attack": False, "blocked_only_above": [],
                 "goaded_by": set(),
                 "protections": o["protections"]}
           for oid, o in objs.items()}
    STARTED.clear()
    for o in objs.values():
        for eid in o["effects"]:
            eff = EFFECTS[eid]
            if "rules" in eff["spec"] and alive(eff, objs):
                for oid in targets(eff, objs):
                    for rule in eff["spec"]["rules"]:
                        if rule == "cant_attack":
                            out[oid]["cant_attack"] = True
                        elif "cant_be_blocked_by" in rule and o["p"] is not None and "creature" in o["types"]:
                            # "creatures with power less than ~'s power can't block" it (509.1b)
                            out[oid]["blocked_only_above"].append(o["p"] - 1)
            if eff["spec"].get("goaded") and alive(eff, objs):  # 701.15a: by the source's controller
                for oid in targets(eff, objs):
                    if "creature" in objs[oid]["types"]:
                        out[oid]["goaded_by"].add(eff["controller"])
    for x in out.values():
        x["blocked_only_above"].sort()
    return out


def _key(objs: dict[str, dict]) -> Any:
    return sorted((oid, sorted(o["types"]), sorted(o["subtypes"]), sorted(o["colors"]), sorted(o["keywords"]),
                   o["p"], o["t"], sorted(o["mana"]), list(o["effects"]), sorted(o["protections"]))
                  for oid, o in objs.items())
