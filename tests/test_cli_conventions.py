"""CLI conventions: --version, '-' for stdin, exit status 3, no wrapping when
piped, completion, help with value types, true headline counts, plain messages for bad files."""
from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from mtgsolver import __version__
from mtgsolver.cli import app

runner = CliRunner()
HEAD = "version: 1\nactive_player: a\nplayers: [{name: a}, {name: b}]\nbattlefield:\n"


def test_version() -> None:
    out = runner.invoke(app, ["--version"])
    assert out.exit_code == 0 and out.output.strip() == f"mtgsolver {__version__}"


def test_dash_reads_the_board_from_stdin(examples: Path) -> None:
    text = (examples / "lure-menace.yaml").read_text()
    out = runner.invoke(app, ["blocks", "check", "-", "--json"], input=text)
    assert out.exit_code == 1 and json.loads(out.output)["legal"] is False
    as_json = json.dumps({"version": 1, "active_player": "a", "players": [{"name": "a"}]})
    assert runner.invoke(app, ["show", "-", "--json"], input=as_json).exit_code == 0
    bad = runner.invoke(app, ["show", "-"], input="active_player: a\nplayers: [{name: zed}]\n")
    assert bad.exit_code == 2 and "<stdin>: active_player" in bad.stderr


def test_piped_output_is_never_wrapped_mid_phrase(examples: Path) -> None:
    out = runner.invoke(app, ["blocks", "check", str(examples / "lure-menace.yaml")])
    long = [line for line in out.output.splitlines() if len(line) > 100]
    assert long and any("must block Boggart Brute (brute) (all creatures able to block it do so)" in line for line in long)
    assert "\x1b[" not in out.output and "━" not in out.output


def test_shell_completion_completes_commands_and_options() -> None:
    """The bash completion protocol (what `mtgsolver --install-completion` installs)."""
    def complete(words: str) -> list[str]:
        env = {"_MTGSOLVER_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
        return runner.invoke(app, [], env=env).output.split()

    assert complete("mtgsolver bl") == ["blocks"]
    assert complete("mtgsolver pay board.yaml --ke") == ["--keep"]
    assert "--install-completion" in runner.invoke(app, ["--help"]).output


def test_help_shows_flags_as_flags_and_values_by_type() -> None:
    text = runner.invoke(app, ["pay", "--help"]).output
    assert "--keep COST" in text and "--x N" in text and "--cost COST" in text and "--time-limit SECONDS" in text
    assert "<bool>" not in text and "--json  " in text.replace("--json ", "--json  ")
    assert "--json BOOLEAN" not in text and "--json TEXT" not in text


LURE_ALONE = HEAD + """  - {id: brute, card: Boggart Brute, controller: a}
  - {id: lure, card: Lure, controller: a, attached_to: brute}
  - {id: bears, card: Grizzly Bears, controller: b}
combat:
  attackers: [{creature: brute, target: b}]
  blockers: [{creature: bears, blocks: [brute]}]
"""


def test_headline_says_a_restriction_was_broken_to_obey_a_requirement(board_file) -> None:
    """509.1c: Lure asks the only possible blocker to block a menace creature it can't block
    alone (702.111b): the declaration obeys 1 requirement, a legal one can obey 0."""
    out = runner.invoke(app, ["blocks", "check", str(board_file(LURE_ALONE))])
    assert out.exit_code == 1, out.output
    head = out.output.splitlines()[0]
    assert "of a possible 0" not in head
    assert "obeys 1 requirement by breaking a restriction; a legal declaration can obey at most 0" in head


def test_the_cost_line_says_whose_declaration_pays(examples: Path) -> None:
    """508.1h: the declared attack pays the Propaganda tax (a suggestion's costs say "suggested")."""
    checked = runner.invoke(app, ["attacks", "check", str(examples / "attacks-propaganda.yaml")]).output
    assert "for the declared attackers (508.1h)" in checked


def test_deeply_nested_yaml_or_json_exits_2(board_file) -> None:
    for name, text in (("deep.json", "[" * 100_000), ("deep.yaml", "a: " + "[" * 100_000)):
        out = runner.invoke(app, ["show", str(board_file(text, name))])
        assert out.exit_code == 2 and "nested too deeply" in out.stderr and "Traceback" not in out.stderr


def test_empty_binary_and_utf16_files_get_plain_messages(tmp_path: Path) -> None:
    cases = {"empty.yaml": (b"", "the file is empty"),
             "blank.yaml": (b"  \n\n", "the file is empty"),
             "binary.yaml": (bytes(range(256)), "binary data"),
             "latin1.yaml": ("active_player: é\n".encode("latin-1"), "not UTF-8 text"),
             "utf16.yaml": ("version: 1\n".encode("utf-16"), "UTF-16 text; save it as UTF-8")}
    for name, (data, words) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        out = runner.invoke(app, ["show", str(path)])
        assert out.exit_code == 2 and words in out.stderr and "codec" not in out.stderr, (name, out.stderr)


def test_empty_cost_and_x_without_a_value_are_refused(examples: Path) -> None:
    board = str(examples / "pay-symbols.yaml")
    empty = runner.invoke(app, ["pay", board, "--cost", ""])
    assert empty.exit_code == 2 and "--cost: empty" in empty.stderr
    x = runner.invoke(app, ["pay", board, "--cost", "{X}{R}"])
    assert x.exit_code == 2 and "--x N" in x.stderr and "--max-x" in x.stderr
    assert runner.invoke(app, ["pay", board, "--cost", "{X}", "--x", "0"]).exit_code in (0, 1)
    assert runner.invoke(app, ["pay", board, "--cost", "{0}"]).exit_code == 0


def test_a_missing_version_is_stated(board_file) -> None:
    out = runner.invoke(app, ["show", str(board_file("active_player: a\nplayers: [{name: a}]\n"))])
    assert out.exit_code == 0 and "no version: key; read as version 1" in out.stderr
    quiet = runner.invoke(app, ["show", str(board_file("version: 1\nactive_player: a\nplayers: [{name: a}]\n", "v.yaml"))])
    assert "version" not in quiet.stderr
