"""Imperator map renderer: goldens, overlaps, size, determinism, hidden information.

Golden images live in ``tests/render/golden/`` at half size.  After an intended change of the
drawing or of the map data, regenerate them with::

    PRAETOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render -q

and look at the new PNGs before committing them.
"""

from __future__ import annotations

import io
import os
import zlib
from pathlib import Path
from typing import Any

import golden_compare
import pytest
import render_scenes as scenes
from PIL import Image

from render import imperator
from render.imperator import render_map, render_public_view, render_scene
from render.imperator_board import load_board
from render.imperator_scene import MapScene, NotAPublicView, from_public_view
from render.layout import find_overlaps, overlaps

GOLDEN = Path(__file__).parent / "golden"
MIB = 1024 * 1024


MAP_DIR = Path(__file__).resolve().parents[2] / "rules" / "imperator" / "data" / "map"
pytestmark = pytest.mark.skipif(
    not (MAP_DIR / "zones.toml").exists() or not (MAP_DIR / "shapes.toml").exists(),
    reason="the Imperator map data (rules/imperator/data/map) is not there",
)


@pytest.fixture(scope="module")
def board():
    return load_board()


CASES = {
    "campaign_start_whole": (scenes.campaign_start, "whole"),
    "crowded_danube_front": (scenes.crowded_danube, "front:danube"),
    "civil_war_whole": (scenes.civil_war, "whole"),
    "civil_war_orient": (scenes.civil_war, "front:orient"),
    "crowded_danube_theatre": (scenes.crowded_danube, "theatre"),
    "civil_war_theatre": (scenes.civil_war, "theatre"),
    "civil_war_zone_antiochia": (scenes.civil_war, "zone:antiochia"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(board, name: str) -> None:
    build, view = CASES[name]
    png = render_map(from_public_view(build(board)), view, board)
    img = Image.open(io.BytesIO(png)).convert("RGB")
    small = img.resize((img.width // 2, img.height // 2), Image.Resampling.BOX)
    path = GOLDEN / f"{name}.png"
    stamp = GOLDEN / "board-fingerprint.txt"
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(small, path)
        stamp.write_text(board.fingerprint() + "\n")
        return
    if not path.exists():
        pytest.fail(f"missing golden {path}; run with PRAETOR_UPDATE_GOLDEN=1")
    if stamp.exists() and stamp.read_text().strip() != board.fingerprint():
        # The map data and the goldens are committed together: a data change must come with
        # goldens that someone has looked at, so a stale stamp fails rather than skips.
        pytest.fail(
            "map data changed since the goldens were made: look at the new maps and regenerate "
            "them with PRAETOR_UPDATE_GOLDEN=1"
        )
    golden_compare.assert_matches(path, small)  # region by region: one counter changed fails


VIEWS = [
    "whole",
    "front:danube",
    "front:rhine",
    "front:orient",
    "front:south",
    "front:britannia",
    "front:interior",
    "zone:aquincum",
    "zone:roma",
    "zone:ctesiphon",
    "theatre",
]


@pytest.mark.parametrize("view", VIEWS)
def test_no_overlap(board, view: str) -> None:
    res = render_scene(from_public_view(scenes.crowded_danube(board)), view, board)
    assert find_overlaps(res.placed) == []
    # Everything placed lies inside the map area of the image.
    w, h = res.image.size
    for p in res.placed:
        assert 0 <= p.rect[0] and p.rect[2] <= w and 0 <= p.rect[1] and p.rect[3] <= h, p
    kinds = {p.kind for p in res.placed}
    if view == "whole":
        assert {"label", "stack", "chip", "symbol"} <= kinds
        # Every zone with counters got its stack, and every zone its name.
        keys = {p.key for p in res.placed if p.kind == "stack"}
        assert {"vindobona", "aquincum", "roma", "marcomanni"} <= keys
        labels = {p.key for p in res.placed if p.kind == "label"}
        assert set(board.zones) <= labels


def test_overlaps_helper() -> None:
    assert overlaps((0, 0, 10, 10), (5, 5, 15, 15))
    assert not overlaps((0, 0, 10, 10), (10, 0, 20, 10))


@pytest.mark.parametrize("build", [scenes.campaign_start, scenes.crowded_danube])
def test_size_limits(board, build) -> None:
    scene = from_public_view(build(board))
    png = render_map(scene, "whole", board)
    assert len(png) < 2 * MIB
    img = Image.open(io.BytesIO(png))
    assert img.width >= 1600
    for view in ("front:danube", "zone:aquincum"):
        assert len(render_map(scene, view, board)) < 8 * MIB


def test_deterministic(board) -> None:
    view = scenes.civil_war(board)
    a = render_map(from_public_view(view), "whole", board)
    imperator._static_cache.clear()
    b = render_map(from_public_view(view), "whole", board)
    assert a == b


def test_views_and_errors(board) -> None:
    scene = from_public_view(scenes.campaign_start(board))
    for bad in ("front:atlantis", "zone:nowhere", "moon"):
        with pytest.raises(ValueError):
            render_map(scene, bad, board)
    png = render_public_view(scenes.campaign_start(board), "front:british")
    assert png.startswith(b"\x89PNG")


def test_battle_card() -> None:
    png = imperator.render_battle_card(
        {
            "zone": "Vindobona",
            "year": 171,
            "attacker": {
                "side": "R",
                "name": "Maximianus",
                "strength": 20,
                "counters": [scenes.leader("Maximianus"), scenes.legion(9, "Gemina", "danube")],
            },
            "defender": {
                "side": "E",
                "name": "Quades",
                "strength": 6,
                "counters": [scenes.people_unit("quades")],
            },
            "odds": "3/1",
            "column": "2/1",
            "shifts": ["-1 across the Danuvius"],
            "roll": 4,
            "result": {"attacker": "A", "defender": "1/2", "winner": "A"},
        }
    )
    img = Image.open(io.BytesIO(png))
    assert img.width == 760 and img.height < 600


# --- hidden information -------------------------------------------------------------------

SECRET = "Soulevement-XYZZY-4417"


def _raw_state(board) -> dict[str, Any]:
    """A stand-in for raw engine state: the public part plus a hand holding a secret chit."""
    state = scenes.crowded_danube(board)
    state["hands"] = {"R": [{"id": "s1", "name": SECRET}], "E": []}
    state["cup"] = [SECRET]
    return state


def _public_view(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in ("hands", "cup")}


def test_raw_state_is_refused(board) -> None:
    with pytest.raises(NotAPublicView):
        from_public_view(_raw_state(board))
    with pytest.raises(NotAPublicView):
        from_public_view({"year": 161, "zones": {"roma": {"stacks": [], "secret": SECRET}}})


def test_hidden_chit_never_rendered(board, monkeypatch) -> None:
    seen: list[MapScene] = []
    real = imperator.render_scene

    def spy(scene: MapScene, view: str = "whole", board: Any = None) -> Any:
        seen.append(scene)
        return real(scene, view, board)

    monkeypatch.setattr(imperator, "render_scene", spy)
    view = _public_view(_raw_state(board))
    for v in ("whole", "front:danube"):
        png = imperator.render_public_view(view, v)
        assert SECRET.encode() not in png
        img = Image.open(io.BytesIO(png))
        assert all(SECRET not in str(x) for x in img.info.values())
        # Decompress the image data too: no text chunk or stray bytes carry it.
        data = b"".join(_png_chunks(png, b"IDAT"))
        assert SECRET.encode() not in zlib.decompress(data)
        for chunk in (b"tEXt", b"zTXt", b"iTXt"):
            assert not list(_png_chunks(png, chunk))
    assert seen and all(SECRET not in repr(s) for s in seen)


def _png_chunks(png: bytes, kind: bytes):
    pos = 8
    while pos < len(png):
        n = int.from_bytes(png[pos : pos + 4], "big")
        t = png[pos + 4 : pos + 8]
        if t == kind:
            yield png[pos + 8 : pos + 8 + n]
        pos += 12 + n


def test_base_layer_matches_projection() -> None:
    from render import assets, projection

    base = assets.base_layer()
    assert base.size == (projection.BASE_WIDTH, projection.BASE_HEIGHT)
    assert assets.land_mask().size == base.size
    # Rome is on land, the Tyrrhenian Sea is not.
    x, y = projection.project(12.49, 41.89)
    assert assets.land_mask().getpixel((round(x), round(y))) == 255
    x, y = projection.project(11.5, 40.0)
    assert assets.land_mask().getpixel((round(x), round(y))) == 0
    lon, lat = projection.unproject(*projection.project(30.0, 45.0))
    assert abs(lon - 30.0) < 1e-9 and abs(lat - 45.0) < 1e-9


# --- the theatre view: readable on a phone -----------------------------------------------------


@pytest.mark.parametrize("build", [scenes.crowded_danube, scenes.civil_war])
def test_theatre_is_readable_at_phone_width(board, build) -> None:
    """Shown 550 px wide (Discord on a phone), a counter is >= 20 px and a name >= 9 px tall."""
    scene = from_public_view(build(board))
    res = render_scene(scene, "theatre", board)
    vp = res.viewport
    assert vp.name.startswith("theatre:") and vp.values
    shrink = imperator.PHONE_W / res.image.width
    m = imperator._metrics(vp.k, vp.values)
    assert min(m.unit, m.uw) * shrink >= 20
    name_font = imperator.font("serif-bold", round(11 * vp.k))
    left, top, right, bottom = name_font.getbbox("Hg")
    assert (bottom - top) * shrink >= 9
    # Every zone of the action is in the picture, with its name placed.
    core, _around = imperator.theatre_zones(board, scene)
    labels = {p.key for p in res.placed if p.kind == "label"}
    assert set(z for z in core if board.zones[z].kind == "land") <= labels
    # The whole map is about 4 times smaller on the same phone.
    whole = render_scene(scene, "whole", board)
    assert imperator._metrics(1.0).unit * imperator.PHONE_W / whole.image.width < 10


def test_theatre_without_action_is_the_whole_map(board) -> None:
    scene = from_public_view(scenes.campaign_start(board))
    assert render_scene(scene, "theatre", board).viewport.name == "whole"


def test_arrows_and_outlines_never_hide_a_name(board) -> None:
    """Names are put back over tints, outlines, arrows and pins: each name's box in the final
    image is the static layer's box (stacks and chips are kept off names by the placer)."""
    scene = from_public_view(scenes.crowded_danube(board))
    for view in ("theatre", "whole"):
        res = render_scene(scene, view, board)
        static = imperator.static_layer(board, res.viewport)
        checked = 0
        for p in static.placed:
            if p.kind != "label":
                continue
            box = tuple(round(v) for v in p.rect)
            assert res.image.crop(box).tobytes() == static.image.crop(box).tobytes(), p.key
            checked += 1
        assert checked > 20
        # And no stack or chip overlaps a name.
        names = [p for p in res.placed if p.kind == "label"]
        for q in res.placed:
            if q.kind in ("stack", "chip"):
                assert not any(overlaps(q.rect, n.rect) for n in names), q.key


def test_zone_view_is_titled_by_the_zones_name(board) -> None:
    scene = from_public_view(scenes.civil_war(board))
    res = render_scene(scene, "zone:antiochia", board)
    assert res.viewport.title == board.zones["antiochia"].name
    assert res.viewport.focus == ("antiochia",)


def test_counters_carry_their_values_in_detail_views(board) -> None:
    view = scenes.civil_war(board)
    scene = from_public_view(view)
    values = {c.values for zs in scene.zones.values() for st in zs.stacks for c in st.counters}
    assert "10-2-1" in values and "3-2-1-2" in values
    assert render_scene(scene, "front:orient", board).viewport.values
    assert not render_scene(scene, "whole", board).viewport.values


def test_event_and_winner_in_words(board) -> None:
    view = scenes.crowded_danube(board)
    view["result"] = {"winners": ["enemies"], "summary": "enemies wins (19 VP to 14)"}
    scene = from_public_view(view)
    assert scene.result == "enemies wins (19 VP to 14)"
    assert scene.active_event is not None and scene.active_event.name == "Antonine plague"
    # The banner is drawn: the top of the whole map turns the banner's red.
    img = render_scene(scene, "whole", board).image
    assert img.getpixel((5, 5)) == (120, 20, 24)


def test_board_has_major_rivers_and_straits(board) -> None:
    assert {r.name for r in board.rivers if r.major} >= {"Rhenus", "Danuvius"}
    assert any(s.name == "Hellespontus" for s in board.straits)
    vp = imperator.viewport(board, "whole")
    labels = {p.key for p in imperator.static_layer(board, vp).placed if p.kind == "label"}
    assert "strait/byzantium/cyzicus" in labels
