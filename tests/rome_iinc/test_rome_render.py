"""The picture of Rome, IInc. (render/rome_iinc.py): readable on a phone, every Province drawn
with what stands in it, the tracks of both Empires, words in the game's language, a golden.

After an intended change of the drawing, regenerate the golden with
``PRAETOR_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/rome_iinc/test_rome_render.py``
and look at the new PNG before committing it."""

from __future__ import annotations

import importlib.util
import io
import os
import sys
from pathlib import Path
from typing import Any

from PIL import Image

from render import rome_iinc as R
from render.layout import find_overlaps
from rules.rome_iinc.data import data
from rules.rome_iinc.game import RomeGame

GOLDEN = Path(__file__).parent / "golden" / "rome_286_start.png"
_spec = importlib.util.spec_from_file_location(
    "golden_compare", Path(__file__).resolve().parents[1] / "render" / "golden_compare.py")
assert _spec is not None and _spec.loader is not None
golden_compare = sys.modules.setdefault("golden_compare", importlib.util.module_from_spec(_spec))
if not hasattr(golden_compare, "assert_matches"):
    _spec.loader.exec_module(golden_compare)


def _start() -> dict[str, Any]:
    return RomeGame.new("286", ["east", "west"], "render", {"mode": "solo"}).public_view()


def test_map_is_readable_at_phone_width() -> None:
    """Shown 550 px wide (Discord on a phone), a counter is >= 20 px and a name >= 9 px tall."""
    res = R.render_scene(_start())
    shrink = R.PHONE_W / res.image.width
    assert R.COUNTER * shrink >= 20
    left, top, right, bottom = R.font("sans-bold", R.NAME_SIZE).getbbox("Hg")
    assert (bottom - top) * shrink >= 9
    # every Province and Homeland has its card, and no two cards overlap
    assert sorted(p.key for p in res.placed) == sorted(data().provinces)
    assert find_overlaps(res.placed, ("card",)) == []
    for p in res.placed:
        assert 0 <= p.rect[0] and p.rect[2] <= res.image.width and p.rect[3] <= res.image.height


def test_a_card_counts_units_and_shows_the_war_and_its_leader() -> None:
    view = _start()
    view["provinces"]["rhodope"]["units"] = [
        {"id": "a", "type": "legion", "vet": False}, {"id": "b", "type": "legion", "vet": False},
        {"id": "c", "type": "legion", "vet": True}, {"id": "d", "type": "fleet", "vet": False}]
    war = next(w for w, x in sorted(data().wars.items()) if x.tribe == "visigothic")
    view["wars"][war] = {"label": data().wars[war].label, "where": "rhodope", "leader": "fritigern"}
    chips = R.chips_of(view, data(), "rhodope")
    assert [(c.kind, c.text, c.count, c.veteran) for c in chips] == [
        ("unit", "L", 1, True), ("unit", "L", 2, False), ("unit", "F", 1, False),
        ("war", data().wars[war].label, 1, False), ("leader", "Fritigern 3", 1, False)]
    assert chips[0].fill == R.EMPIRE_FILL["east"]


def test_status_and_rebels_colour_the_cards() -> None:
    view = _start()
    view["provinces"]["belgica"]["status"] = "barbarian"
    view["provinces"]["britannia_i"]["rebel"] = True
    assert R.make_card(view, data(), "belgica").status == "barbarian"
    assert R.make_card(view, data(), "britannia_i").rebel is True
    assert R.make_card(view, data(), "rome").rebel is False
    assert R.make_card(view, data(), "saxon").status == "homeland"


def test_tracks_are_drawn_in_the_games_language() -> None:
    view = _start()
    english = R.render_band(view, data(), R.words(view))
    french = R.render_band({**view, "language": "fr"}, data(), R.words({"language": "fr"}))
    assert R.words({"language": "fr"})(R.PANEL_TITLES["west"]) != "Western Empire"
    assert english.tobytes() != french.tobytes()
    view["empires"]["west"]["gold"] = 71
    assert R.render_band(view, data(), R.words(view)).tobytes() != english.tobytes()


def test_png_is_small_and_deterministic_and_matches_the_golden() -> None:
    view = _start()
    png = R.render_public_view(view)
    assert png == R.render_public_view(view)
    assert len(png) <= 2 * 1024 * 1024
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width == R.WIDTH
    west = R.render_public_view(view, "west")
    assert Image.open(io.BytesIO(west)).height < image.height
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(image, GOLDEN)
    golden_compare.assert_matches(GOLDEN, image)


def test_boxes_show_the_event_chart_statesmen_wars_and_dynasties() -> None:
    """Below the map: the 18 Event cells with this turn's counters (8.1.6), the Statesmen Box
    (6.1), the Wars Box with the Wars triumphed over (3.1, 11.2) and the Dynasties (6.1.5)."""
    view = _start()
    view["events"] = {"1-2": 1, "5-3": 2}
    view["statesmen_up"] = ["galerius"]
    view["dynasties"] = ["constantinian"]
    war = next(w for w, x in sorted(data().wars.items()) if x.tribe == "alamannic")
    view["wars"][war] = {"label": data().wars[war].label, "where": "box:gallia", "leader": ""}
    items = R.boxes_layout(view, data(), R.words(view))
    cells = {i.key: i for i in items if i.kind == "cell"}
    assert len(cells) == 18
    assert (cells["1-2"].text, cells["1-2"].level) == ("Bagaudae", 1)
    assert (cells["5-3"].text, cells["5-3"].level) == ("Papacy", 2)
    assert cells["6-3"].level == 0
    lines = {k: " ".join(i.text for i in items if i.kind == "line" and i.key == k)
             for k in ("statesmen", "wars", "dynasties")}
    assert "Galerius" in lines["statesmen"] and f"{view['statesmen_down']} counters" in lines["statesmen"]
    assert f"Gallia: {data().wars[war].label}" in lines["wars"]
    assert "Constantinian Dynasty" in lines["dynasties"]
    # readable at phone width: a box line's "Hg" is >= 9 px tall, no cell wider than the image
    left, top, right, bottom = R.font("sans", R.BOX_FONT).getbbox("Hg")
    assert (bottom - top) * R.PHONE_W / R.WIDTH >= 9
    assert all(0 <= i.rect[0] and i.rect[2] <= R.WIDTH for i in items)
    for item in items:
        if item.kind == "line":
            assert R.font("sans", R.BOX_FONT).getlength(item.text) <= item.rect[2] - item.rect[0]
    plain = R.render_boxes(_start(), data(), R.words(view))
    assert R.render_boxes(view, data(), R.words(view)).tobytes() != plain.tobytes()
