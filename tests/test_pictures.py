"""``--svg FILE`` pictures, rendered with a real SVG renderer (cairosvg) and checked by their
pixels: arrows in their colours between the cards they join, violations marked in red on the
creature a violation names (509.1, 508.1), tapped sources and the lines to the symbols they pay."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mtgsolver.cli import app
from mtgsolver.pictures import ARROW, MANA_COLORS, VIOLATION

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NS = "{http://www.w3.org/2000/svg}"


def _draw(tmp_path: Path, *args: str):
    """Run a command with --svg; return the rendered image and the SVG's shapes by id."""
    out = tmp_path / "picture.svg"
    r = CliRunner().invoke(app, [*args, "--svg", str(out)])
    assert r.exit_code in (0, 1), r.output
    image = Image.open(io.BytesIO(cairosvg.svg2png(url=str(out)))).convert("RGB")
    shapes = {e.get("id"): e.attrib for e in ET.parse(out).iter() if e.get("id")}
    return image, shapes


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _near(image, x: float, y: float, color: str, radius: int = 2) -> bool:
    """Is ``color`` (within a small tolerance) drawn within ``radius`` pixels of (x, y)?"""
    want = _rgb(color)
    return any(all(abs(a - b) <= 40 for a, b in zip(image.getpixel((int(x) + dx, int(y) + dy)), want))
               for dx in range(-radius, radius + 1) for dy in range(-radius, radius + 1))


def _mid(line: dict) -> tuple[float, float]:
    return (float(line["x1"]) + float(line["x2"])) / 2, (float(line["y1"]) + float(line["y2"])) / 2


def _box(rect: dict) -> tuple[float, float, float, float]:
    return float(rect["x"]), float(rect["y"]), float(rect["width"]), float(rect["height"])


def _any_in(image, rect: dict, color: str) -> bool:
    x, y, w, h = _box(rect)
    return any(_near(image, x + dx, y + dy, color, 0) for dx in range(-2, int(w) + 3, 2) for dy in (-1, 0, 1, int(h)))


def test_block_picture_of_lure_and_menace(tmp_path: Path) -> None:
    """509.1c and 702.111b: bears alone blocks the menace Brute (declared, blue, marked red);
    the witness adds the Ox (green)."""
    image, shapes = _draw(tmp_path, "blocks", "check", str(EXAMPLES / "lure-menace.yaml"))
    bears, brute = _box(shapes["declared-bears"]), _box(shapes["declared-brute"])
    x, y = _mid(shapes["declared-bears-brute"])
    assert bears[1] > y > brute[1] + brute[3]  # the arrow's middle lies between the two rows
    assert _near(image, x, y, ARROW["declared"]) and not _near(image, x, y, ARROW["witness"])
    assert _near(image, *_mid(shapes["witness-ox-brute"]), ARROW["witness"])
    assert _near(image, *_mid(shapes["witness-bears-brute"]), ARROW["witness"])
    assert "declared-ox-brute" not in shapes  # the Ox did not block
    ox, brute_top = _box(shapes["declared-ox"]), _box(shapes["declared-brute"])
    gap_x, gap_y = ox[0] + ox[2] / 2, (ox[1] + brute_top[1] + brute_top[3]) / 2
    assert _near(image, gap_x, gap_y, "#ffffff", 0) and not _near(image, gap_x, gap_y, ARROW["declared"], 3)
    for ident in ("declared-brute", "declared-ox"):  # the violations' creatures
        assert _any_in(image, shapes[ident], VIOLATION)
    for ident in ("declared-bears", "witness-brute", "witness-ox"):
        assert not _any_in(image, shapes[ident], VIOLATION)


def test_attack_picture_of_goad(tmp_path: Path) -> None:
    """701.15b: the goaded Ogre attacks its goader bob (declared); the witness sends it to dan."""
    image, shapes = _draw(tmp_path, "attacks", "check", str(EXAMPLES / "attacks-goad-4p.yaml"))
    assert _near(image, *_mid(shapes["declared-ogre-bob"]), ARROW["declared"])
    assert _near(image, *_mid(shapes["witness-ogre-dan"]), ARROW["witness"])
    assert "witness-ogre-bob" not in shapes
    assert _any_in(image, shapes["declared-ogre"], VIOLATION) and not _any_in(image, shapes["witness-ogre"], VIOLATION)


def test_payment_picture_of_forge_and_vessel(tmp_path: Path) -> None:
    """605: Forest pays {G} (a green line), Sol Ring {2} (grey lines); Thought Vessel stays untapped."""
    image, shapes = _draw(tmp_path, "pay", str(EXAMPLES / "pay-forge-vessel.yaml"), "--cost", "{2}{G}")
    assert _near(image, *_mid(shapes["pay-forest-1-0"]), MANA_COLORS["G"])
    assert _near(image, *_mid(shapes["pay-ring-0-0"]), MANA_COLORS["C"])
    assert "pay-vessel-0-0" not in shapes
    inside = lambda ident: (_box(shapes[ident])[0] + 60, _box(shapes[ident])[1] + 70)  # noqa: E731
    assert _near(image, *inside("pay-forest"), "#fff3c4", 0) and _near(image, *inside("pay-ring"), "#fff3c4", 0)
    assert _near(image, *inside("pay-vessel"), "#eeeeee", 0)  # not used


def test_unwritable_svg_path_exits_2(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["blocks", "check", str(EXAMPLES / "lure-menace.yaml"),
                                 "--svg", str(tmp_path / "missing" / "x.svg")])
    assert r.exit_code == 2 and "--svg" in r.output
