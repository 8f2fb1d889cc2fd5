"""Card files users keep (MTGJSON, Scryfall; plain or compressed), the cached index, name
matching, color identity (903.4) and the refusal of non-permanent cards on the battlefield (110.4)."""
from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.model.cards import CardFileError, name_key
from mtgsolver.model.mana import Color
from mtgsolver.model.zones import color_identity
from mtgsolver.read import card_index
from mtgsolver.read.card_files import bundled_library, library_from_yaml
from mtgsolver.read.card_index import load_cards, open_card_file

runner = CliRunner()


def face(name: str, types: list[str], cost: str | None = None, **extra) -> dict:
    out = {"name": name, "types": types, "supertypes": [], "subtypes": [], "text": "", "layout": "normal"}
    if cost:
        out["manaCost"] = cost
    out.update(extra)
    return out


MTGJSON = {"meta": {}, "data": {
    "Lim-Dûl's Vault": [face("Lim-Dûl's Vault", ["Instant"], "{U}{B}", colorIdentity=["B", "U"])],
    "Fire // Ice": [face("Fire // Ice", ["Instant"], "{1}{R}", faceName="Fire", colorIdentity=["R", "U"]),
                    face("Fire // Ice", ["Instant"], "{1}{U}", faceName="Ice", colorIdentity=["R", "U"])],
    "Vaporkin": [face("Vaporkin", ["Creature"], "{1}{U}", power="2", toughness="1", keywords=["Flying"],
                      text="Flying\nVaporkin can block only creatures with flying.", colorIdentity=["U"])],
    "Birds of Paradise": [face("Birds of Paradise", ["Creature"], "{G}", power="0", toughness="1",
                               keywords=["Flying"], text="Flying\n{T}: Add one mana of any color.",
                               colorIdentity=["G"])],
}}

SCRYFALL = [
    {"object": "card", "name": "Llanowar Elves", "layout": "normal", "mana_cost": "{G}",
     "type_line": "Creature — Elf Druid", "oracle_text": "{T}: Add {G}.", "power": "1", "toughness": "1",
     "colors": ["G"], "color_identity": ["G"], "keywords": []},
    {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
     "type_line": "Creature — Human Wizard // Creature — Human Insect", "color_identity": ["U"],
     "keywords": ["Flying", "Transform"], "card_faces": [
         {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
          "oracle_text": "At the beginning of your upkeep, look at the top card of your library.",
          "power": "1", "toughness": "1", "colors": ["U"]},
         {"name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
          "oracle_text": "Flying", "power": "3", "toughness": "2", "colors": ["U"]}]},
    {"object": "card", "name": "Arcane Signet", "layout": "normal", "mana_cost": "{2}",
     "type_line": "Artifact", "oracle_text": "{T}: Add one mana of any color in your commander's color identity.",
     "colors": [], "color_identity": [], "keywords": []},
    {"object": "card", "name": "Godless Shrine", "layout": "normal", "mana_cost": "",
     "type_line": "Land — Plains Swamp", "oracle_text": "({T}: Add {W} or {B}.)", "colors": [],
     "color_identity": ["W", "B"], "keywords": []},
]

BOARD = ("version: 1\nactive_player: alice\nplayers: [{name: alice}, {name: bob}]\n"
         "battlefield:\n  - {id: x, card: %s, controller: alice}\n")


def write(path: Path, doc) -> Path:
    data = json.dumps(doc).encode()
    opener = {".gz": gzip.open, ".xz": lzma.open, ".bz2": bz2.open}.get(path.suffix, open)
    with opener(path, "wb") as fh:  # type: ignore[operator]
        fh.write(data)
    return path


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize("suffix", [".json", ".json.gz", ".json.xz", ".json.bz2"])
def test_mtgjson_plain_and_compressed(tmp_path: Path, suffix: str) -> None:
    lib = open_card_file(write(tmp_path / f"cards{suffix}", MTGJSON), tmp_path / "cache")
    assert lib.get("Vaporkin").power == 2


def test_names_match_without_accents_and_case_and_by_face(tmp_path: Path) -> None:
    lib = open_card_file(write(tmp_path / "c.json", MTGJSON), tmp_path / "cache")
    assert lib.get("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    assert lib.get("LIM-DUL’S VAULT").name == "Lim-Dûl's Vault"  # a curly apostrophe too
    assert str(lib.get("fire").mana_cost) == "{1}{R}"
    assert str(lib.get("Ice").mana_cost) == "{1}{U}"
    assert lib.get("Fire // Ice").name == "Fire"  # the full name finds the first face
    assert name_key("Æther Vial") == name_key("aether vial")
    assert "Lim-Dul's Vault" in lib and "Nothing Such" not in lib


def test_scryfall_oracle_cards(tmp_path: Path) -> None:
    lib = open_card_file(write(tmp_path / "oracle-cards.json", SCRYFALL), tmp_path / "cache")
    elves = lib.get("Llanowar Elves")
    assert (elves.types, elves.subtypes, elves.power, str(elves.mana_cost)) == (("creature",), ("elf", "druid"), 1, "{G}")
    delver = lib.get("Delver of Secrets // Insectile Aberration")
    assert (delver.name, delver.keywords) == ("Delver of Secrets", ())  # its text names no keyword
    back = lib.get("Insectile Aberration")
    assert (back.power, back.keywords, back.mana_cost) == (3, ("Flying",), None)
    shrine = lib.get("Godless Shrine")
    assert (shrine.types, shrine.subtypes) == (("land",), ("plains", "swamp"))


def test_color_identity_903_4(tmp_path: Path) -> None:
    """903.4: MTGJSON colorIdentity, Scryfall color_identity, a YAML card's; else computed (zones)."""
    mtg = open_card_file(write(tmp_path / "c.json", MTGJSON), tmp_path / "cache")
    assert mtg.get("Fire").color_identity == {Color.R, Color.U}  # both halves (903.4d-e)
    scry = open_card_file(write(tmp_path / "s.json", SCRYFALL), tmp_path / "cache")
    assert scry.get("Godless Shrine").color_identity == {Color.W, Color.B}
    assert scry.get("Arcane Signet").color_identity == frozenset()
    lib = library_from_yaml(
        "- {name: A, types: [land], text: '({T}: Add {R}.)\n\n{T}: Add {W/P}.'}\n"
        "- {name: B, types: [creature], mana_cost: '{1}{G}', power: 1, toughness: 1, color_identity: [G, U]}\n", "t")
    assert lib.get("A").color_identity is None and color_identity(lib.get("A")) == {"W"}  # 903.4c
    assert lib.get("B").color_identity == {Color.G, Color.U}  # as stated


def test_index_is_built_once_and_keyed_by_content(tmp_path: Path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    path = write(tmp_path / "c.json", MTGJSON)
    builds: list[Path] = []
    real_fill = card_index._fill
    monkeypatch.setattr(card_index, "_fill", lambda conn, p: (builds.append(p), real_fill(conn, p)))
    first = card_index.index_for(path, cache)
    assert card_index.index_for(path, cache) == first and len(builds) == 1
    os.utime(path, (1, 1))  # touched, same content: the hash is taken again, no rebuild
    assert card_index.index_for(path, cache) == first and len(builds) == 1
    doc = json.loads(json.dumps(MTGJSON))
    doc["data"]["Vaporkin"][0]["power"] = "5"
    write(path, doc)
    assert card_index.index_for(path, cache) != first and len(builds) == 2
    assert open_card_file(path, cache).get("Vaporkin").power == 5


def test_user_cards_add_to_the_bundled_library(tmp_path: Path, monkeypatch) -> None:
    path = write(tmp_path / "c.json", MTGJSON)
    lib = load_cards(path)
    assert lib.get("Vaporkin").power == 2 and lib.get("Forest").types == ("land",)
    monkeypatch.setenv("MTGSOLVER_CARDS", str(path))
    assert "Vaporkin" in load_cards() and "Vaporkin" not in bundled_library()


def test_default_card_file_from_the_environment(tmp_path: Path, board_file, monkeypatch) -> None:
    monkeypatch.setenv("MTGSOLVER_CARDS", str(write(tmp_path / "c.json.gz", MTGJSON)))
    result = run("show", str(board_file(BOARD % "Lim-Dul's Vault")), "--json")
    assert result.exit_code == 2
    assert "battlefield[0].card" in result.output and "instant" in result.output and "110.4" in result.output
    result = run("show", str(board_file(BOARD % "Birds of Paradise")), "--json")
    assert result.exit_code == 0, result.output


def test_non_permanent_cards_are_refused_110_4(tmp_path: Path, board_file) -> None:
    cards = str(write(tmp_path / "c.json", MTGJSON))
    result = run("show", str(board_file(BOARD % "Fire")), "--cards", cards)
    assert result.exit_code == 2
    assert "battlefield[0].card" in result.stderr and "'Fire' is an instant card" in result.stderr
    assert "not a permanent" in result.stderr and "Traceback" not in result.output
    inline = board_file("version: 1\nactive_player: a\nplayers: [{name: a}]\nbattlefield:\n"
                        "  - {id: s, name: Spell, types: [sorcery], controller: a}\n")
    result = run("show", str(inline))
    assert result.exit_code == 2 and "battlefield[0].types" in result.stderr


def _truncated_gzip(path: Path) -> Path:
    data = gzip.compress(json.dumps(MTGJSON).encode())
    path.write_bytes(data[: len(data) // 2])
    return path


BAD_FILES = {
    "empty.json": (lambda p: p.write_bytes(b"") and p, "empty file"),
    "truncated.json.gz": (_truncated_gzip, "truncated or corrupt"),
    "truncated.json": (lambda p: p.write_text(json.dumps(MTGJSON)[:200]) and p, "not valid JSON"),
    "notjson.json": (lambda p: p.write_text("Lightning Bolt\nGiant Growth\n") and p, "not valid JSON"),
    "binary.json": (lambda p: p.write_bytes(bytes(range(256))) and p, "not UTF-8"),
    "printings.json": (lambda p: write(p, {"data": {"LEA": {"cards": []}}}), "not AtomicCards"),
    "other.json": (lambda p: write(p, {"cards": [1, 2]}), "not a card file"),
    "list.json": (lambda p: write(p, [1, 2, 3]), "not of Scryfall card objects"),
    "none.json": (lambda p: write(p, []), "holds no cards"),
    "missing.json": (lambda p: p, "no such file"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_card_files_exit_2_with_a_plain_message(tmp_path: Path, board_file, name: str) -> None:
    make, words = BAD_FILES[name]
    path = tmp_path / name
    make(path)
    with pytest.raises(CardFileError, match=words):
        open_card_file(path, tmp_path / "cache")
    result = run("blocks", "check", str(board_file(BOARD % "Forest")), "--cards", str(path))
    assert result.exit_code == 2, result.output
    assert words in result.stderr and str(path) in result.stderr.replace("\n", "")
    assert "Traceback" not in result.output + result.stderr

