"""The Imperium Romanum hex map (issue 18): terrain layer, theatre crop, overview, goldens.

Goldens live in ``tests/render/golden/ir_*.png``; after an intended change regenerate with::

    PRAETOR_UPDATE_GOLDEN=1 .venv/bin/pytest tests/render/test_imperium_romanum_render.py -q
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import golden_compare
import pytest
from PIL import Image

from render import imperium_romanum as R
from render.imperium_romanum_input import MapInput, StackMark, from_view, province_hex
from render.words import words
from rules.core.dice import Dice
from rules.core.i18n import _
from rules.imperium_romanum.data_model import COLOURS
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.setup import new_state
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.views import public_view, seat_view
from rules.imperium_romanum.world import data
from rules.imperium_romanum.world import map_data as data_of_map

GOLDEN = Path(__file__).parent / "golden"
DACIA = ("B4012", "B4212", "B4314", "B4410")


def hand_built(language: str = "en") -> MapInput:
    """A small hand-made position on the Danube: a Roman stack seen whole, a Dacian one seen
    from outside (top unit and size only), a siege, a fort and plunder."""
    return MapInput(
        stacks=(
            StackMark("B4012", "rome", "legion_20_10", 2, units=("legion_20_10", "light_infantry_4_12")),
            StackMark("B4212", "dacia", "heavy_infantry_20_8", 5),
            StackMark("B4314", "rome", "legion_20_10", 1, besieged=True, units=("legion_20_10",)),
            StackMark("B4314", "dacia", "light_cavalry_6_16", 3),
        ),
        province_control=MappingProxyType({"dacia": "dacia", "moesia_superior": "rome", "pannonia_inferior": "rome"}),
        city_owner=MappingProxyType({"sirmium": "rome"}),
        colours=MappingProxyType({"rome": "red", "dacia": "brown"}),
        names=MappingProxyType({"rome": "Roma", "dacia": "Dacia"}),
        sieges=("B4314",),
        forts=("B4410",),
        plunder=("B4212",),
        roads=("moesia_superior", "pannonia_inferior"),
        language=language,
    )


def check_golden(name: str, img: Image.Image) -> None:
    small = img.resize((img.width // 2, img.height // 2), Image.Resampling.BOX)
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PRAETOR_UPDATE_GOLDEN"):
        golden_compare.store(small, path)
        return
    if not path.exists():
        pytest.fail(f"missing golden {path}; run with PRAETOR_UPDATE_GOLDEN=1")
    golden_compare.assert_matches(path, small)


def test_hand_built_input_uses_known_ids() -> None:
    d = data()
    inp = hand_built()
    assert all(s.top in d.units and all(u in d.units for u in s.units) for s in inp.stacks)
    assert set(inp.province_control) <= set(d.provinces)
    assert set(inp.city_owner) <= set(d.cities)


def test_terrain_layer_is_built_once_per_process() -> None:
    first = R.terrain_layer()
    assert R.terrain_layer() is first
    image, grid = first
    # Roma's hex is drawn in clear-terrain colour or under its city square, on the map.
    x, y = grid.centre("A3621")
    assert 0 < x < image.width and 0 < y < image.height


def test_counter_drawn_in_its_power_colour_at_its_hex() -> None:
    inp = hand_built()
    image = R.render_theatre(inp, DACIA)
    box = R.theatre_box(DACIA)
    _layer, grid = R.terrain_layer()
    x, y = grid.centre("B4212")
    # Title band of 34 px above the crop; the counter's left edge is plain brown.
    px = image.getpixel((int(x - box[0] - R.COUNTER / 2 + 4), int(y - box[1] + 34 + 12 - R.LIFT)))
    assert px == R.FACTION["brown"]


def test_wide_theatre_is_capped_to_stay_readable() -> None:
    """Hexes from Roma to Alexandria: the crop is capped at ``THEATRE_W`` (so still readable),
    centred between them, and clipped to the map."""
    d = data()
    far = (d.cities["roma"].hex, d.cities["alexandria"].hex)
    box = R.theatre_box(far)
    assert box[2] - box[0] == R.THEATRE_W and 420 <= box[3] - box[1] <= R.THEATRE_H
    _layer, grid = R.terrain_layer()
    (x0, _y0), (x1, _y1) = (grid.centre(h) for h in far)
    assert abs((box[0] + box[2]) / 2 - (x0 + x1) / 2) <= 1
    assert R.COUNTER * R.PHONE_W / R.THEATRE_W >= 20


def test_theatre_is_readable_at_phone_width() -> None:
    """Shown 550 px wide, a counter is >= 20 px and a name >= 9 px tall; the hexes asked for are
    inside the crop."""
    image = R.render_theatre(hand_built(), DACIA)
    shrink = R.PHONE_W / image.width
    assert R.COUNTER * shrink >= 20
    left, top, right, bottom = R.font("serif-bold", R.NAME_SIZE).getbbox("Hg")
    assert (bottom - top) * shrink >= 9
    box = R.theatre_box(DACIA)
    _layer, grid = R.terrain_layer()
    for hid in DACIA:
        x, y = grid.centre(hid)
        assert box[0] < x < box[2] and box[1] < y < box[3], hid


def test_public_view_input_holds_no_enemy_pieces() -> None:
    """§3.2: from the public view no stack has its pieces; a seat's view has its own whole."""
    st = new_state("s12", Dice("ir18"), {})
    public = from_view(public_view(st))
    assert public.stacks and all(s.units == () for s in public.stacks)
    rome = from_view(seat_view(st, "rome"))
    own = [s for s in rome.stacks if s.side == "rome"]
    assert own and all(s.units for s in own if s.top != "leader")
    assert all(s.units == () for s in rome.stacks if s.side != "rome" and s.hex not in {o.hex for o in own})
    assert public.province_control["dacia"] == "dacia"
    assert public.colours["rome"] == "red"


def test_map_finds_hex_province_and_city() -> None:
    assert R.hexes_of("a3621") == ("A3621",)
    assert data().cities["roma"].hex in R.hexes_of("Italia")
    assert R.hexes_of("Sirmium") == (data().cities["sirmium"].hex,)
    assert R.hexes_of("Atlantis") == ()
    with pytest.raises(ValueError, match="Atlantis"):
        R.render_map(hand_built(), "Atlantis")


def test_images_are_small_and_in_the_game_language() -> None:
    for where in ("", "dacia"):
        png = R.render_map(hand_built(), where)
        assert len(png) <= 2 * 1024 * 1024
        assert Image.open(io.BytesIO(png)).width >= 640
    title = words({"language": "fr"})(_("Provinces by control"))
    assert title == "Provinces par contrôle"
    assert R.to_png(R.render_overview(hand_built("fr"))) != R.to_png(R.render_overview(hand_built("en")))


def test_overview_golden() -> None:
    check_golden("ir_overview", R.render_overview(hand_built()))


def test_theatre_golden() -> None:
    check_golden("ir_theatre_dacia", R.render_theatre(hand_built(), DACIA, "Dacia"))


def test_golden_notices_one_stack_changing_side() -> None:
    """The cell comparison catches a single counter turned to the other side."""
    inp = hand_built()
    changed = MapInput(
        stacks=(inp.stacks[0], StackMark("B4212", "rome", "heavy_infantry_20_8", 5), *inp.stacks[2:]),
        province_control=inp.province_control, city_owner=inp.city_owner, colours=inp.colours,
        names=inp.names, sieges=inp.sieges, forts=inp.forts, plunder=inp.plunder,
    )  # fmt: skip
    ref = R.render_theatre(inp, DACIA, "Dacia")
    new = R.render_theatre(changed, DACIA, "Dacia")
    half = (ref.width // 2, ref.height // 2)
    cells = golden_compare.cell_differences(ref.resize(half, Image.Resampling.BOX), new.resize(half, Image.Resampling.BOX))
    assert len(cells) >= 1


def test_private_view_shows_own_strength_public_does_not() -> None:
    """A seat's private image shows its stacks' strength (whole stacks, §3.2); the public image
    of the same position does not, so the two differ at a Roman stack and only around stacks."""
    st = new_state("s12", Dice("ir18"), {})
    public = from_view(public_view(st))
    private = from_view(seat_view(st, "rome"))
    hexes = tuple(s.hex for s in public.stacks if s.side == "rome")[:3]
    a = R.render_theatre(public, hexes, "Dacia")
    b = R.render_theatre(private, hexes, "Dacia")
    cells = golden_compare.cell_differences(a, b)
    assert cells
    box = R.theatre_box(hexes)
    _layer, grid = R.terrain_layer()
    centres = [grid.centre(s.hex) for s in private.stacks if s.units]
    for cell in cells:  # every change is within a counter's reach of a stack seen whole
        cx, cy = (cell.box[0] + cell.box[2]) / 2 + box[0], (cell.box[1] + cell.box[3]) / 2 + box[1] - 34
        assert min(abs(cx - x) + abs(cy - y) for x, y in centres) < 2 * R.COUNTER, cell.box


def test_action_hexes_are_sieges_and_stacks_near_an_enemy() -> None:
    inp = hand_built()
    lone = MapInput(stacks=(*inp.stacks, StackMark("A3620", "rome", "legion_20_10", 1)), sieges=inp.sieges)
    # B4012 is 2 hexes from the Dacians on B4212; Roma's legion is far from everyone.
    assert R.action_hexes(lone) == ("B4012", "B4212", "B4314")
    assert R.action_hexes(MapInput(stacks=(StackMark("A3620", "rome", "legion_20_10", 1),))) == ()


def test_bot_entry_point_draws_the_named_picture_from_a_view() -> None:
    """``render_public_view`` (the bot's renderer): the overview for ``whole``, the crop around
    the action for ``theatre``, and ``map:<where>`` as /imperium map; all from the view alone."""
    view = public_view(new_state("s12", Dice("ir18-entry"), {}))
    inp = from_view(view)
    whole = Image.open(io.BytesIO(R.render_public_view(view, "whole")))
    theatre = Image.open(io.BytesIO(R.render_public_view(view, "theatre")))
    province = Image.open(io.BytesIO(R.render_public_view(view, "map:dacia")))
    assert whole.size == R.render_overview(inp).size
    hexes = R.theatre_hexes(view, inp)
    assert hexes == R.action_hexes(inp) and hexes  # Romans and Dacians face each other at the start
    assert theatre.size == R.render_theatre(inp, hexes).size
    assert province.size == R.render_theatre(inp, R.hexes_of("dacia"), "dacia").size


def test_theatre_without_action_looks_at_the_moving_side() -> None:
    view = {**public_view(new_state("s12", Dice("ir18-quiet"), {})), "active": "rome"}
    view["stacks"] = [s for s in view["stacks"] if s["side"] == "rome"]  # nobody else near
    inp = from_view(view)
    assert R.action_hexes(inp) == ()
    assert R.theatre_hexes(view, inp) == tuple(sorted({s["hex"] for s in view["stacks"]}))


def test_every_stack_of_the_view_reaches_the_picture_and_the_engine_keeps_pieces_on_the_map() -> None:
    """The picture draws every stack of the view, with no guard of its own: a piece on
    something that is not a map hex (the fuzz run's "invalid literal for int()" of issue 14 was
    plunder keyed by province, since fixed) is an engine bug that the invariants report."""
    st = new_state("s12", Dice("ir18-offmap"), {})
    view = public_view(st)
    assert [s.hex for s in from_view(view).stacks] == [s["hex"] for s in view["stacks"]]
    assert violations(st) == []
    uid = sorted(st.units)[0]
    st.units[uid]["hex"] = "island_box_an"
    assert f"{uid} stands on 'island_box_an', not a hex of the map" in violations(st)


def test_a_stack_in_an_island_box_is_drawn_in_its_inset() -> None:
    """§3.1.1: an island box is an inset beside its hex; a stack standing in it (``A3220A``,
    the box of Cap Corse) keeps its place in the input and is drawn inside the inset, in its
    power's colour, the inset readable at phone width (a counter fits, its id >= 9 px)."""
    view = public_view(new_state("s12", Dice("ir18-box"), {}))
    view["stacks"] = [dict(view["stacks"][0], hex="A3220A", side="rome", top="legion_20_10", size=1)]
    inp = from_view(view)
    assert [s.hex for s in inp.stacks] == ["A3220A"]
    hexes = R.theatre_hexes(view, inp)
    assert hexes == ("A3220A",)
    image = R.render_theatre(inp, hexes)
    layer, grid = R.terrain_layer()
    box = R.theatre_box(hexes)
    x, y = R.place(grid, "A3220A")
    assert R.on_grid("A3220A") == "A3220" and (x, y) != grid.centre("A3220")
    band = image.height - (box[3] - box[1])  # the title band above the crop
    assert image.getpixel((int(x - box[0] - 15), int(y - box[1] + band + 15))) == R.FACTION["red"]
    shrink = R.PHONE_W / image.width
    assert R.BOX * shrink >= 20 and 18 * shrink >= 9


def test_roads_are_those_of_the_scenarios_period() -> None:
    """11.1: a province has roads in the Province Display's column of the scenario (11-16 for
    scenario 12); each gets a road sign at its capital, and provinces without roads none."""
    inp = from_view(public_view(new_state("s12", Dice("ir18-roads"), {})))
    expected = tuple(p for p, e in sorted(data().display.items()) if "11-16" in e.roads)
    assert inp.roads == expected and "achaea" in inp.roads
    assert any("11-16" not in e.roads for e in data().display.values())
    assert not set(inp.roads) - set(data().display)
    capital = data().cities[data().display["moesia_superior"].capital].hex
    with_roads = R.render_theatre(hand_built(), (capital,))
    without = R.render_theatre(replace(hand_built(), roads=()), (capital,))
    cells = golden_compare.cell_differences(with_roads, without)
    assert cells, "the road sign changes the picture"


def _marked_state() -> IRState:
    """Scenario 12 with plague in Dacia (45.1), a famine marker on Moesia Superior and a
    political crisis at Roma (39.2 F, T), event A's secret examination (no map marker), Dacia
    plundered and Sirmium plundered on its own (24.1)."""
    st = new_state("s12", Dice("ir18-marks"), {})
    st.plague = {"dacia": st.turn}
    st.events = [
        {"code": "F", "power": "rome", "until": st.turn + 6, "province": "moesia_superior"},
        {"code": "T", "power": "rome", "until": st.turn + 3, "city": "roma"},
        {"code": "A", "power": "dacia", "until": st.turn + 1, "seat": "dacia", "hex": "B4212"},
    ]
    st.plunder = {"dacia": 2}
    st.plundered_cities = {"sirmium": 1}
    return st


def _token_fill(image: Image.Image, hexes: tuple[str, ...], hex_id: str, k: int, stacked: int) -> tuple[int, ...]:
    """The colour just inside the left edge of the ``k``-th token of ``hex_id`` in a theatre."""
    _layer, grid = R.terrain_layer()
    box = R.theatre_box(hexes)
    x, y = grid.centre(hex_id)
    x0, y0 = (x + grid.r * 0.6, y - grid.r * 0.55) if not stacked else (
        x + R.COUNTER * (0.2 + 0.35 * stacked) + R.MARKER / 2 + 8, y - R.LIFT)  # fmt: skip
    px = image.getpixel((int(x0 + k * R.MARKER * 0.85 - box[0] - R.MARKER / 2 + 5), int(y0 - box[1] + 34)))
    assert isinstance(px, tuple)
    return px


def test_plague_event_and_plunder_markers_come_from_the_engine_view() -> None:
    """45.1, 39.2, 24.1: the public view carries plague, the event markers with a place and the
    plundered cities (views.event_markers); the map draws each as a token on its province's
    (or city's) hex, and event A's examination, a seat's secret, is no marker."""
    st = _marked_state()
    view = public_view(st)
    assert view["plague"] == ["dacia"]
    assert [(m["code"], m["province"], m["city"]) for m in view["event_markers"]] == [
        ("F", "moesia_superior", ""), ("T", "", "roma")]  # fmt: skip
    inp = from_view(view)
    d = data()
    assert inp.plague == (province_hex("dacia"),) == inp.plunder
    assert inp.plundered_cities == (d.cities["sirmium"].hex,)
    assert inp.events == tuple(sorted([(province_hex("moesia_superior"), "F", "rome"), (d.cities["roma"].hex, "T", "rome")]))
    hexes = (province_hex("dacia"), d.cities["sirmium"].hex)
    stacked = {h: len({(s.side, s.besieged) for s in inp.stacks if s.hex == h}) for h in hexes}
    image = R.render_theatre(inp, hexes)
    # Dacia's hex: the plunder token (gold) then the plague token (green); Sirmium: gold square.
    assert _token_fill(image, hexes, hexes[0], 0, stacked[hexes[0]]) == R.GOLD
    assert _token_fill(image, hexes, hexes[0], 1, stacked[hexes[0]]) == R.PLAGUE
    assert _token_fill(image, hexes, hexes[1], 0, stacked[hexes[1]]) == R.GOLD
    without = R.render_theatre(replace(inp, plague=()), hexes)
    assert golden_compare.cell_differences(image.crop((0, 0, *without.size)), without)


def test_markers_are_legible_at_phone_width_and_named_in_the_legend_in_english_and_french() -> None:
    """Each kind of mark has a legend entry (in the input's language) under the crop; a token
    is >= 20 px and a legend name >= 9 px tall at 550 px wide."""
    inp = from_view(public_view(_marked_state()))
    inp = replace(inp, sieges=("B4314",), forts=("B4410",))
    kinds = [kind for kind, _power, _msg in R.legend_entries(inp)]
    assert kinds == ["siege", "fort", "plunder", "city_plunder", "plague", "F", "T"]
    hexes = (province_hex("dacia"),)
    image = R.render_theatre(inp, hexes)
    crop_h = R.theatre_box(hexes)[3] - R.theatre_box(hexes)[1]
    assert image.height > crop_h + 34 + 2 * 34  # at least two legend rows under the crop
    shrink = R.PHONE_W / image.width
    assert R.MARKER * shrink >= 20
    top, bottom = R.font("sans-bold", R.NAME_SIZE).getbbox("Hg")[1::2]
    assert (bottom - top) * shrink >= 9
    fr = words({"language": "fr"})
    names = {str(msg): fr(msg) for _kind, _power, msg in R.legend_entries(inp)}
    assert names["Plague (45.1)"] == "Peste (45.1)"
    assert names["Famine (39.2 F)"] == "Famine (39.2 F)" and names["Plundered city (24.1)"] == "Cité pillée (24.1)"
    assert R.to_png(R.render_theatre(replace(inp, language="fr"), hexes)) != R.to_png(image)


def test_a_usurpers_faction_has_a_spare_colour_on_the_overview_and_its_legend() -> None:
    """44.1: a usurper's faction is not in the scenario's list; it takes the first faction
    colour no power of the scenario uses, fills its provinces with it and has a legend entry."""
    st = new_state("s12", Dice("ir18-usurper"), {})
    st.powers["usurper_x"] = dict(st.powers["rome"], name="Avidius", chief="")
    st.province_owner["dacia"] = "usurper_x"
    inp = from_view(public_view(st))
    used = {p.colour for p in data().scenarios["s12"].powers}
    colour = inp.colours["usurper_x"]
    assert colour not in used and colour == next(c for c in COLOURS if c not in used)
    image = R.render_overview(inp)
    _base, masks = R._overview_base()
    left, top, mask = masks["dacia"]
    region = image.crop((left, top + 34, left + mask.width, top + 34 + mask.height))
    filled = sum(1 for px, m in zip(region.getdata(), mask.getdata(), strict=True) if m and px == R.FACTION[colour])
    assert filled > 0.5 * sum(1 for m in mask.getdata() if m)
    assert "Avidius" in inp.names.values()


def test_public_image_shows_only_top_unit_and_count_for_enemy_stacks() -> None:
    """§3.2, IR-ENG-60: a position with enemy stacks side by side, a raise still held in
    Taxation & Mobilization and a plague marker. The public input has no pieces in any stack
    and no held raise; the Roman seat's input sees its stacks whole and the raise; every other
    difference between the two is none: the public image equals the private image drawn with
    the public stacks (same markers, same control)."""
    st = _marked_state()
    raise_hex = "B4013"
    uid = sorted(u for u in st.units if st.units[u]["power"] == "rome")[0]
    st.units["held_raise"] = dict(st.units[uid], hex=raise_hex, besieged=False)
    st.held_raises = ["held_raise"]
    public = from_view(public_view(st))
    private = from_view(seat_view(st, "rome"))
    assert public.stacks and all(s.units == () for s in public.stacks)
    assert raise_hex not in {s.hex for s in public.stacks}
    assert [s.hex for s in private.stacks if s.units == (st.units[uid]["type"],)].count(raise_hex) == 1
    enemies = [s for s in public.stacks if s.side != "rome"]
    assert enemies and any(s.size > 1 for s in enemies)
    assert public.plague == private.plague == (province_hex("dacia"),)
    hexes = tuple(sorted({s.hex for s in enemies}))[:3] + (raise_hex,)
    public_png = R.to_png(R.render_theatre(public, hexes))
    assert public_png == R.to_png(R.render_theatre(replace(private, stacks=public.stacks), hexes))
    assert public_png != R.to_png(R.render_theatre(private, hexes))


@pytest.fixture
def corcyra_in_its_box(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The map data with Corcyra in its island box (3.1.1), as irdata moves it this session;
    the cached terrain layer is rebuilt for the test and again afterwards."""
    import render.imperium_romanum_input as RI

    d = data_of_map()
    box = next(b.id for b in d.features.island_boxes if b.hex == d.cities["corcyra"].chart_hex)
    moved = replace(d, cities=MappingProxyType({**d.cities, "corcyra": replace(d.cities["corcyra"], hex=box)}))
    monkeypatch.setattr(R, "data", lambda: moved)
    monkeypatch.setattr(RI, "data", lambda: moved)
    R.terrain_layer.cache_clear()
    yield box
    monkeypatch.undo()
    R.terrain_layer.cache_clear()


def test_a_city_in_an_island_box_is_drawn_in_its_inset_with_its_siege_and_garrison(corcyra_in_its_box: str) -> None:
    """3.1.1: a city whose place is an island box (Corcyra, ``B4621A``) is drawn in the inset:
    its square (in its owner's colour on a theatre), the siege's ring around the inset and the
    garrison's counter inside it; not on the hex the box belongs to."""
    box = corcyra_in_its_box
    layer, grid = R.terrain_layer()
    x, y = R.place(grid, box)
    hx, hy = grid.centre(R.on_grid(box))
    assert (x, y) != (hx, hy)
    assert layer.getpixel((int(x), int(y))) == (250, 250, 250)  # the city's white square
    owned = MapInput(city_owner=MappingProxyType({"corcyra": "rome"}), colours=MappingProxyType({"rome": "red"}),
                     sieges=(box,))  # fmt: skip
    image = R.render_theatre(owned, (box,))
    crop = R.theatre_box((box,))
    band = 34
    assert image.getpixel((int(x - crop[0] + 3), int(y - crop[1] + band + 3))) == R.FACTION["red"]
    assert image.getpixel((int(x - crop[0] + grid.r * 0.9 - 2), int(y - crop[1] + band))) == (200, 0, 0)
    garrison = replace(owned, stacks=(StackMark(box, "rome", "legion_20_10", 1, besieged=True),))
    held = R.render_theatre(garrison, (box,))
    assert held.getpixel((int(x - crop[0] - 15), int(y - crop[1] + band - 15))) == R.FACTION["red"]
    assert golden_compare.cell_differences(image, held)


def test_a_legions_name_shows_over_a_lone_stack_and_is_cut_to_fit() -> None:
    """5.7: a stack whose top counter is a named legion shows the name above its counter (9 px
    at phone width), public like the top unit (§3.2), cut with an ellipsis past three counters'
    width; a hex with two stacks has no room and shows none. The view's ``top_name`` (or its
    first unit's ``name``) reaches the input."""
    view = public_view(new_state("s12", Dice("ir18-names"), {}))
    view["stacks"] = [dict(view["stacks"][0], hex="B4012", side="rome", top="legion_20_10", size=2,
                           top_name="Legio XIII Gemina")]  # fmt: skip
    inp = from_view(view)
    assert [s.name for s in inp.stacks] == ["Legio XIII Gemina"]
    assert from_view({**view, "stacks": [dict(view["stacks"][0], top_name="", units=[{"type": "legion_20_10",
                      "name": "Legio I Italica"}])]}).stacks[0].name == "Legio I Italica"  # fmt: skip
    named = R.render_theatre(inp, ("B4012",))
    plain = R.render_theatre(replace(inp, stacks=(replace(inp.stacks[0], name=""),)), ("B4012",))
    cells = golden_compare.cell_differences(named, plain)
    _layer, grid = R.terrain_layer()
    box = R.theatre_box(("B4012",))
    x, y = grid.centre("B4012")
    assert cells and all(c.box[1] + box[1] - 34 < y - R.LIFT for c in cells)  # all above the counter
    top, bottom = R.font("sans-bold", R.NAME_LABEL).getbbox("Hg")[1::2]
    assert (bottom - top) * R.PHONE_W / named.width >= 9
    cut = R.legion_label("Legio XXII Primigenia Pia Fidelis")
    assert R.legion_label("Legio XIII Gemina") == "XIII Gemina"
    assert cut.endswith("…") and cut.startswith("XXII") and R.font("sans-bold", R.NAME_LABEL).getlength(cut) <= R.NAME_WIDTH
    two = replace(inp, stacks=(*inp.stacks, StackMark("B4012", "dacia", "light_cavalry_6_16", 1)))
    two_plain = replace(two, stacks=(replace(inp.stacks[0], name=""), two.stacks[1]))
    assert R.to_png(R.render_theatre(two, ("B4012",))) == R.to_png(R.render_theatre(two_plain, ("B4012",)))


def _counter_pixel(image: Image.Image, hexes: tuple[str, ...], hex_id: str) -> tuple[int, int, int]:
    """The left edge of a lone stack's counter on a theatre around ``hexes`` (under the 34-px
    title band), clear of its letters."""
    box = R.theatre_box(hexes)
    _layer, grid = R.terrain_layer()
    x, y = grid.centre(hex_id)
    return image.getpixel((int(x - box[0] - R.COUNTER / 2 + 4), int(y - box[1] + 34 + 12 - R.LIFT)))


def test_a_usurpers_counters_take_its_own_colour_and_the_stack_below_stays_hidden() -> None:
    """IR-DIS-30 (44.1, §3.2): a usurper run by the Dacian seat has a stack of his own and one
    legion under a Dacian counter. The public view groups both by seat but names the top
    counter's power; the usurper's counter is drawn in his spare colour, not the seat's brown,
    the mixed stack in the brown of its Dacian top counter, and the public image is the same
    whoever's piece lies under that top counter."""
    st = new_state("s12", Dice("ir18-usurper-stacks"), {})
    st.powers["usurper_x"] = dict(st.powers["rome"], name="Avidius", chief="", seat="dacia")
    alone, mixed = "B4013", "B4113"
    assert not [u for u, rec in st.units.items() if rec["hex"] in (alone, mixed)]
    legion = dict(st.units[sorted(u for u in st.units if st.units[u]["type"] == "legion_20_10")[0]], besieged=False)
    dacian = dict(st.units[sorted(u for u in st.units if st.units[u]["power"] == "dacia")[0]], besieged=False)
    st.units["usurper_x.legion.1"] = dict(legion, power="usurper_x", hex=alone, order=1, counter_id="")
    st.units["dacia.top.1"] = dict(dacian, power="dacia", hex=mixed, order=2, counter_id="")
    st.units["usurper_x.legion.2"] = dict(legion, power="usurper_x", hex=mixed, order=3, counter_id="")
    view = public_view(st)
    shown = {s["hex"]: s for s in view["stacks"] if s["hex"] in (alone, mixed)}
    assert [(s["side"], s["power"], s["size"]) for s in (shown[alone], shown[mixed])] == [
        ("dacia", "usurper_x", 1), ("dacia", "dacia", 2)]
    assert "usurper_x" not in repr(shown[mixed]) and "units" not in shown[mixed]
    assert violations(st) == []
    inp = from_view(view)
    spare = R.FACTION[inp.colours["usurper_x"]]
    assert spare not in (R.FACTION["brown"], R.FACTION["red"])
    hexes = (alone, mixed)
    image = R.render_theatre(inp, hexes)
    assert _counter_pixel(image, hexes, alone) == spare
    assert _counter_pixel(image, hexes, mixed) == R.FACTION["brown"]
    st.units["usurper_x.legion.2"]["power"] = "dacia"  # a Dacian under the top instead
    assert R.to_png(R.render_theatre(from_view(public_view(st)), hexes)) == R.to_png(image)
    # the seat's own view draws the same colours (its stacks whole)
    private = R.render_theatre(from_view(seat_view(st, "dacia")), hexes)
    assert _counter_pixel(private, hexes, alone) == spare


def _band_pixel(image: Image.Image, hexes: tuple[str, ...], hex_id: str) -> tuple[int, int, int]:
    """The middle of the top band of a stack's counter (``R.OWNER_BAND`` px), above its letters."""
    box = R.theatre_box(hexes)
    _layer, grid = R.terrain_layer()
    x, y = grid.centre(hex_id)
    return image.getpixel((int(x - box[0]), int(y - box[1] + 34 - R.LIFT - R.COUNTER / 2 + R.OWNER_BAND / 2 + 1)))


def test_ir_eng_167_a_usurpers_legion_is_drawn_in_its_printed_red_under_a_band_of_his_own_colour() -> None:
    """IR-ENG-167 (5.7, 44.1; IR-ENG-132, 133): Hadrian proclaimed at Novae with V Macedonica,
    whose counter stays red (the faction he rose against). The map fills his counter with that
    red, as Trajan's legion at Viminacium, and marks it with a band of the usurper's own colour,
    the colour of his entry in the overview's legend; Trajan's counter has no band. The seat
    that runs the usurper sees the same."""
    from rules.imperium_romanum import usurpation
    from tests.imperium_romanum.builder import Position

    novae, viminacium = "B4913", "B4415"
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options["roman_usurpation"] = "yes"
    pos.unit("rome", "legion_20_10", novae, counter_id="red.legion_20_10.09")
    pos.unit("rome", "legion_20_10", viminacium, counter_id="red.legion_20_10.01")
    pos.leader("hadrian", novae)
    pos.leader("trajan", viminacium)
    new = usurpation.proclaim(pos.st, "hadrian", [])
    view = public_view(pos.st)
    shown = {st["hex"]: st for st in view["stacks"] if st["hex"] in (novae, viminacium)}
    assert [(shown[h]["power"], shown[h]["colour"]) for h in (novae, viminacium)] == [(new, "red"), ("rome", "red")]
    assert violations(pos.st) == []
    inp = from_view(view)
    own = R.FACTION[inp.colours[new]]
    assert own not in (R.FACTION["red"], R.FACTION["brown"])
    hexes = (novae, viminacium)
    for image in (R.render_theatre(inp, hexes),
                  R.render_theatre(from_view(seat_view(pos.st, pos.st.powers[new]["seat"])), hexes)):
        assert [_counter_pixel(image, hexes, h) for h in hexes] == [R.FACTION["red"], R.FACTION["red"]]
        assert [_band_pixel(image, hexes, h) for h in hexes] == [own, R.FACTION["red"]]


def test_the_engines_legion_names_reach_the_map_clear_of_the_other_counters() -> None:
    """IR-DIS-20 with irdata's counters (5.7): scenario 12's start as the engine's public view
    gives it. Every lone Roman stack whose top counter is a named legion shows that name, the
    names cover no other stack's counter nor each other (a name with no room is left out, so
    the other counters stay readable), the image changes only inside the names' boxes, and at
    phone width a name is at least 9 px tall."""
    view = public_view(new_state("s12", Dice("ir18-engine-names"), {}))
    inp = from_view(view)
    named = {s.hex: s.name for s in inp.stacks if s.name}
    assert len(named) >= 3 and all(s.get("top_name") == named[s["hex"]] for s in view["stacks"] if s["hex"] in named)
    hexes = tuple(sorted(named))
    box = R.theatre_box(hexes)
    _layer, grid = R.terrain_layer()
    places = R.name_places(inp, grid, box[0], box[1])
    assert sorted(label.rstrip("…") for label, _point, _box in places) == sorted(
        R.legion_label(n).rstrip("…") for n in named.values())  # all of them have room here
    counters = {(s.hex, s.side): R._counter_box(x, y, s.size) for s, x, y, _lone in R._stack_places(inp, grid, box[0], box[1])}
    labels = [b for _label, _point, b in places]
    for hid, label_box in zip(sorted(named, key=lambda h: (h, "rome")), labels, strict=True):
        assert not [k for k, c in counters.items() if k[0] != hid and R._overlap(label_box, c)], hid
    assert not any(R._overlap(a, b) for i, a in enumerate(labels) for b in labels[i + 1:])
    image = R.render_theatre(inp, hexes)
    plain = R.render_theatre(replace(inp, stacks=tuple(replace(s, name="") for s in inp.stacks)), hexes)
    changed = golden_compare.cell_differences(image, plain)
    assert changed and all(any(_meets(c.box, b, 34) for b in labels) for c in changed)
    top, bottom = R.font("sans-bold", R.NAME_LABEL).getbbox("Hg")[1::2]
    assert (bottom - top) * R.PHONE_W / image.width >= 9


def _meets(cell: tuple[int, int, int, int], label: tuple[float, float, float, float], band: int) -> bool:
    """Whether a cell of the image (under a title band of ``band`` px) meets a label's box."""
    return cell[0] < label[2] and label[0] < cell[2] and cell[1] - band < label[3] and label[1] < cell[3] - band
