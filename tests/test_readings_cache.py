"""Readings of Oracle lines kept between runs (mtgsolver.read.grammar.readings)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgsolver.read import oracle
from mtgsolver.read.grammar import readings

LURE = "All creatures able to block enchanted creature do so."  # 509.1c, read by the combat family
GIBBERISH = "Whenever the moon is full, ~ hums."


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A fresh cache directory, the cache on; the module's connection reopened and the readings
    kept in memory forgotten around the test (as in a new process)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(readings.ENV_NO_CACHE, "0")
    _new_process()
    yield tmp_path / "mtgsolver"
    _new_process()


def _new_process() -> None:
    readings._table.cache_clear()
    readings._in_memory.cache_clear()


def _refuse(line: str, name: str):
    raise AssertionError(f"the grammars were asked again for {line!r}")


def test_a_line_read_once_is_not_parsed_again(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = oracle.parse_oracle_text(LURE, "Lure")
    assert first == ([{"grants": ["lure"]}], [])
    assert len(list(cache.glob("readings-*.sqlite"))) == 1
    monkeypatch.setattr(oracle, "_families", _refuse)
    assert oracle.parse_oracle_text(LURE, "Lure") == first


def test_a_line_no_family_reads_is_kept_as_unread(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert oracle.parse_oracle_text(GIBBERISH, "Moon Harp") == ([], [GIBBERISH])
    monkeypatch.setattr(oracle, "_families", _refuse)
    assert oracle.parse_oracle_text(GIBBERISH, "Moon Harp") == ([], [GIBBERISH])


def test_each_answer_is_a_fresh_object(cache: Path) -> None:
    entries, _ = oracle.parse_oracle_text(LURE, "Lure")
    entries[0]["grants"].append("menace")
    assert oracle.parse_oracle_text(LURE, "Lure")[0] == [{"grants": ["lure"]}]


def test_the_same_line_on_another_card_is_read_for_that_card(cache: Path) -> None:
    """The card's name is part of the line ("~"): the key holds it."""
    a = oracle.parse_oracle_text("Grizzly Bears can't block.", "Grizzly Bears")
    b = oracle.parse_oracle_text("Grizzly Bears can't block.", "Other Bears")
    assert a[1] == [] and b[1] == ["Grizzly Bears can't block."]


def test_a_change_to_the_readers_source_starts_a_new_file(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    oracle.parse_oracle_text(LURE, "Lure")
    readings._table.cache_clear()
    monkeypatch.setattr(readings, "_source_digest", lambda: "another-version")
    calls = []
    monkeypatch.setattr(oracle, "_families", lambda line, name: calls.append(line) or None)
    assert oracle.parse_oracle_text(LURE, "Lure") == ([], [LURE])
    assert calls == [LURE] and len(list(cache.glob("readings-*.sqlite"))) == 2


def test_values_json_would_change_are_not_kept(cache: Path) -> None:
    calls = []

    def read(line: str, name: str):
        calls.append(line)
        return [("tuple", 1)]

    assert readings.remembered("x", "Card", read) == [("tuple", 1)]
    _new_process()
    assert readings.remembered("x", "Card", read) == [("tuple", 1)] and len(calls) == 2

    def unjsonable(line: str, name: str):
        calls.append(line)
        return [frozenset({"flying"})]

    assert readings.remembered("y", "Card", unjsonable) == [frozenset({"flying"})]
    _new_process()
    assert readings.remembered("y", "Card", unjsonable) == [frozenset({"flying"})] and len(calls) == 4


def test_a_process_reads_a_line_once_even_without_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card met again on another board is not parsed again in the same process, with the table
    turned off (as in the tests); each answer is still a fresh object."""
    monkeypatch.setenv(readings.ENV_NO_CACHE, "1")
    _new_process()
    calls = []

    def read(line: str, name: str):
        calls.append(line)
        return [{"grants": ["lure"]}]

    first = readings.remembered(LURE, "Lure", read)
    first[0]["grants"].append("menace")
    assert readings.remembered(LURE, "Lure", read) == [{"grants": ["lure"]}] and calls == [LURE]
    _new_process()


def test_no_cache_when_turned_off_or_not_writable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    for env, home in ((("1"), tmp_path / "off"), ("0", blocked)):
        monkeypatch.setenv(readings.ENV_NO_CACHE, env)
        monkeypatch.setenv("XDG_CACHE_HOME", str(home))
        readings._table.cache_clear()
        assert oracle.parse_oracle_text(LURE, "Lure") == ([{"grants": ["lure"]}], [])
        assert readings._table() is None
    readings._table.cache_clear()
    assert not (tmp_path / "off").exists()


def test_what_cards_do_is_kept_too(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The spell family's reading of a whole text and the activated and triggered families'
    readings are plain data a JSON round trip keeps: they are kept, by family."""
    from mtgsolver.read.grammar import spell

    bolt = "Lightning Bolt deals 3 damage to any target."
    first = spell.remembered_spell(bolt, "Lightning Bolt")
    trigger = "When Elvish Visionary enters the battlefield, draw a card."
    entries = oracle.parse_oracle_text(trigger, "Elvish Visionary")
    assert first is not None and entries[1] == []
    monkeypatch.setattr(spell, "read_spell", _refuse)
    monkeypatch.setattr(oracle, "_families", _refuse)
    assert spell.remembered_spell(bolt, "Lightning Bolt") == first
    assert oracle.parse_oracle_text(trigger, "Elvish Visionary") == entries


def test_an_auras_spell_is_read_once(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """303.4a: the enchant line of an Aura, which state-based actions ask of every Aura on the
    battlefield (303.4d), is read once and kept like the lines of permanents."""
    from mtgsolver.read.grammar import spell

    text = "Enchant creature\nEnchanted creature gets +2/+0 and has trample."
    first = spell.remembered_aura(text, "Rancor")
    assert first is not None and first["targets"] == [{"kinds": ["creature"]}]
    monkeypatch.setattr(spell, "_spell", _refuse)
    assert spell.remembered_aura(text, "Rancor") == first


def test_parse_tables_are_built_again_for_a_changed_grammar(cache: Path) -> None:
    """The LALR tables kept in the cache directory answer only for the grammar they were built
    from: a grammar changed under the same name is built again, never parsed by stale tables."""
    from lark import Lark
    from lark.exceptions import UnexpectedInput

    def build(grammar: str) -> Lark:
        return Lark(grammar, parser="lalr", cache=readings.parse_tables("example"))

    assert build('start: "a"').parse("a")
    kept = cache / "lark-example.tables"
    assert kept.is_file()
    changed = build('start: "b"')
    assert changed.parse("b")
    with pytest.raises(UnexpectedInput):
        changed.parse("a")


def test_parse_tables_are_built_each_time_where_the_cache_directory_cant_be_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert readings.parse_tables("actions") is False
