"""The Imperium Romanum hex map (issue 18): a cached terrain layer, theatre crops, an overview.

The terrain layer (hexes shaded by terrain, rivers, straits, province borders, cities and their
names) is drawn once per process at ``HEX_R`` pixels per hex radius and cached; a theatre crop is
a window of it, ``THEATRE_W`` pixels wide, with the stacks, sieges, forts and plunder of a
:class:`~render.imperium_romanum_input.MapInput` drawn on top. Shown 550 px wide on a phone, a
counter stays >= 20 px and a name >= 9 px tall. The overview colours every province by the
power holding it. Island boxes (§3.1.1) are insets beside their hex, over the sea, holding
their stacks; a province with roads in the scenario's period (11.1) shows a road sign at its
capital (on the overview too, with a legend entry).

Hexes are flat-topped in columns, odd columns half a hex lower (``rules.imperium_romanum.grid``).
Fixed words go through ``_()`` and are drawn in the input's language; place names are proper
names. Nothing here decides a rule.
"""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.assets import font
from render.imperium_romanum_input import MapInput, StackMark, from_view
from render.layout import Placer
from render.words import words
from rules.core.i18n import _
from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.grid import distance, global_colrow, is_hex_id, neighbours, printed_id
from rules.imperium_romanum.world import map_data as data

RGB = tuple[int, int, int]
Point = tuple[float, float]
PHONE_W = 550
HEX_R = 30  # px, hex radius of the terrain layer used for theatre crops
THEATRE_W = 1100  # px: at 550 px wide everything is halved
THEATRE_H = 760
COUNTER = 42  # px: 21 px at phone width
NAME_SIZE = 20  # px font: "Hg" about 19 px tall, 9.5 px at phone width
OVERVIEW_R = 9  # px, hex radius of the province overview
LIFT = 9  # px: counters sit this much above the hex centre, clear of the city name below
OWNER_BAND = 9  # px: the band of the holder's colour atop a counter of another colour (IR-ENG-167)
MARGIN = 2  # hexes of margin around a theatre's hexes
SQ3 = math.sqrt(3)

TERRAIN: dict[str, RGB] = {
    "clear": (226, 224, 186), "forest": (150, 182, 118), "rough": (205, 183, 139),
    "mountain": (168, 146, 120), "marsh": (160, 196, 178), "desert": (240, 214, 160),
}  # fmt: skip
WATER: dict[str, RGB] = {"coastal": (170, 203, 228), "deep": (128, 170, 210), "lake": (150, 192, 226)}
FACTION: dict[str, RGB] = {
    "black": (40, 40, 40), "blue": (40, 80, 190), "brown": (120, 72, 36), "green": (36, 130, 60),
    "orange": (232, 128, 24), "purple": (120, 50, 150), "red": (196, 30, 36), "tan": (200, 170, 120),
    "white": (245, 245, 240), "yellow": (236, 204, 30),
}  # fmt: skip
UNHELD: RGB = (214, 208, 190)
RIVER: RGB = (40, 100, 200)
BORDER: RGB = (110, 40, 40)
INK: RGB = (20, 20, 20)
ROAD: RGB = (112, 84, 52)
BOX = 44  # px: an island box inset, 22 px at phone width (a counter fits in it)
ROAD_SIGN = 32  # px wide, 10 px tall: 16 by 5 px at phone width


@dataclass(frozen=True)
class Grid:
    """Pixel geometry of the whole map at one hex radius."""

    r: float
    col0: int
    row0: int
    width: int
    height: int

    def centre(self, hex_id: str) -> Point:
        col, row = global_colrow(hex_id)
        x = self.r * (1 + 1.5 * (col - self.col0))
        y = self.r * SQ3 * (0.5 + row - self.row0 + 0.5 * (col & 1))
        return x, y

    def corners(self, hex_id: str) -> list[Point]:
        x, y = self.centre(hex_id)
        return [(x + self.r * math.cos(math.pi * k / 3), y + self.r * math.sin(math.pi * k / 3)) for k in range(6)]

    def side(self, a: str, b: str) -> list[Point]:
        """The two corners two neighbouring hexes share."""
        cb = self.corners(b)
        return [p for p in self.corners(a) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 0.5 for q in cb)][:2]


@lru_cache(maxsize=4)
def box_places(r: float) -> dict[str, tuple[str, Point]]:
    """Each island box's id -> (its hex, the inset's centre at hex radius ``r``): over the sea
    neighbour of its hex with the most sea around it (the open water, clear of coastal names;
    ties: north, south, then west and east), else just below the hex."""
    d = data()
    g = _grid(d, r)
    out: dict[str, tuple[str, Point]] = {}
    for box in sorted(d.features.island_boxes, key=lambda b: b.id):
        if box.hex not in d.hexes:
            continue
        h = d.hexes[box.hex]
        ax, ay = g.centre(box.hex)
        sea = [n for n in (printed_id(c, rw) for c, rw in neighbours(h.col, h.row))
               if n in d.hexes and d.hexes[n].kind != "land"]
        sea.sort(key=lambda n: -_open_water(d, n))  # stable: ties keep the neighbour order
        bx, by = g.centre(sea[0]) if sea else (ax, ay + 2 * r)
        out[box.id] = (box.hex, (ax + (bx - ax) * 0.9, ay + (by - ay) * 0.9))
    return out


def _open_water(d: IRData, hex_id: str) -> int:
    h = d.hexes[hex_id]
    return sum(1 for c, rw in neighbours(h.col, h.row)
               if printed_id(c, rw) in d.hexes and d.hexes[printed_id(c, rw)].kind != "land")


def place(g: Grid, where: str) -> Point:
    """The centre of a hex, or of an island box's inset."""
    boxed = box_places(g.r).get(where)
    return boxed[1] if boxed else g.centre(where)


def on_grid(where: str) -> str:
    """The map hex of a place: the hex itself, or the hex an island box belongs to."""
    boxed = box_places(HEX_R).get(where)
    return boxed[0] if boxed else where


def _draw_boxes(draw: ImageDraw.ImageDraw, d: IRData, g: Grid, size: float, label_size: int) -> None:
    """The island boxes as insets: a framed square of the islet's terrain tied to its hex, with
    its id (``A3220A``) under it."""
    terrain = {box.id: box.terrain for box in d.features.island_boxes}
    for bid, (hid, (x, y)) in sorted(box_places(g.r).items()):
        hx, hy = g.centre(hid)
        draw.line([(hx, hy), (x, y)], fill=INK, width=2)
        half = size / 2
        draw.rectangle([x - half, y - half, x + half, y + half], fill=TERRAIN.get(terrain[bid], UNHELD),
                       outline=INK, width=3)  # fmt: skip
        if label_size:
            draw.text((x, y + half + 2), bid, font=font("sans-bold", label_size), fill=INK, anchor="mt",
                      stroke_width=2, stroke_fill=(250, 250, 245))  # fmt: skip


def _road_sign(draw: ImageDraw.ImageDraw, x: float, y: float, w: float) -> None:
    """A road: a brown band with a white dashed middle line, ``w`` px long."""
    h = max(4.0, w / 3)
    draw.rectangle([x - w / 2, y - h / 2, x + w / 2, y + h / 2], fill=ROAD, outline=INK, width=1)
    step = w / 4
    for k in range(2):
        left = x - w / 2 + step * (2 * k) + step / 2
        draw.line([(left, y), (left + step, y)], fill=(250, 250, 245), width=max(1, int(h / 3)))


def _draw_roads(draw: ImageDraw.ImageDraw, inp: MapInput, g: Grid, dx: float, dy: float, w: float) -> None:
    """A road sign left of the capital of each province with roads in the period (11.1)."""
    d = data()
    for pid in inp.roads:
        entry = d.display.get(pid)
        city = d.cities.get(entry.capital) if entry else None
        if city is None:
            continue
        x, y = place(g, city.hex)
        _road_sign(draw, x - dx - g.r * 0.75, y - dy - g.r * 0.3, w)


def _grid(d: IRData, r: float) -> Grid:
    cols = [h.col for h in d.hexes.values()]
    rows = [h.row for h in d.hexes.values()]
    col0, row0 = min(cols), min(rows)
    width = math.ceil(r * (2 + 1.5 * (max(cols) - col0)))
    height = math.ceil(r * SQ3 * (1.5 + max(rows) - row0))
    return Grid(r, col0, row0, width, height)


def _province_sides(d: IRData) -> list[tuple[str, str]]:
    """Hexsides between two land hexes of different provinces, each once, in id order."""
    out = []
    for hid in sorted(d.hexes):
        h = d.hexes[hid]
        if h.kind != "land":
            continue
        for col, row in neighbours(h.col, h.row):
            other = d.hexes.get(printed_id(col, row))
            if other and other.kind == "land" and hid < other.id and other.province != h.province:
                out.append((hid, other.id))
    return out


def _draw_terrain(draw: ImageDraw.ImageDraw, d: IRData, g: Grid, *, rivers_width: int, border_width: int) -> None:
    for hid in sorted(d.hexes):
        h = d.hexes[hid]
        fill = TERRAIN.get(h.terrain, UNHELD) if h.kind == "land" else WATER[h.kind]
        draw.polygon(g.corners(hid), fill=fill, outline=(150, 150, 140) if h.kind == "land" else (150, 185, 215))
    for a, b in _province_sides(d):
        draw.line(g.side(a, b), fill=BORDER, width=border_width)
    for river in d.rivers:
        for a, b in river.sides:
            if a in d.hexes and b in d.hexes:
                draw.line(g.side(a, b), fill=RIVER, width=rivers_width + (1 if river.main else 0))


_lock = threading.Lock()


@lru_cache(maxsize=1)
def terrain_layer() -> tuple[Image.Image, Grid]:
    """The static layer of the whole map at ``HEX_R`` (built once per process, about 1 s)."""
    d = data()
    g = _grid(d, HEX_R)
    image = Image.new("RGB", (g.width, g.height), WATER["deep"])
    draw = ImageDraw.Draw(image)
    _draw_terrain(draw, d, g, rivers_width=5, border_width=3)
    for strait in d.straits:
        a, b = g.centre(strait.a), g.centre(strait.b)
        draw.line([a, b], fill=(250, 250, 250), width=7)
        draw.line([a, b], fill=RIVER, width=3)
    id_font = font("sans", 11)
    for hid in sorted(d.hexes):  # the printed id, small, at the top of the hex (for /stack hex:)
        x, y = g.centre(hid)
        draw.text((x, y - g.r * 0.84), hid, font=id_font, fill=(95, 95, 90), anchor="mt")
    name_font = font("serif-bold", NAME_SIZE)
    _draw_boxes(draw, d, g, BOX, 18)
    for cid in sorted(d.cities):
        city = d.cities[cid]
        x, y = place(g, city.hex)  # a city in an island box (3.1.1) is drawn in its inset
        rad = 8 if city.capital else 6
        draw.rectangle([x - rad, y - rad, x + rad, y + rad], fill=(250, 250, 250), outline=INK, width=2)
        below = BOX / 2 + 22 if city.hex != on_grid(city.hex) else g.r * 0.45  # under the box's id
        draw.text((x, y + below), city.name, font=name_font, fill=INK, anchor="mt",
                  stroke_width=2, stroke_fill=(250, 250, 245))  # fmt: skip
    return image, g


@lru_cache(maxsize=1)
def overview_layer() -> tuple[Image.Image, Grid]:
    """The overview's static overlay (RGBA): province borders, rivers and province names."""
    d = data()
    g = _grid(d, OVERVIEW_R)
    image = Image.new("RGBA", (g.width, g.height + 40), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for a, b in _province_sides(d):
        draw.line(g.side(a, b), fill=(*BORDER, 255), width=2)
    for river in d.rivers:
        for a, b in river.sides:
            if a in d.hexes and b in d.hexes:
                draw.line(g.side(a, b), fill=(*RIVER, 255), width=2 if river.main else 1)
    _draw_boxes(draw, d, g, OVERVIEW_R * 1.4, 0)
    label = font("sans-bold", 13)
    placer = Placer((0, 0, g.width, g.height))
    offsets = [(0, 0), (0, -14), (0, 14), (-24, 0), (24, 0), (0, -28), (0, 28), (-24, -14), (24, 14)]
    for pid, hexes in sorted(_province_hexes(d).items(), key=lambda kv: -len(kv[1])):  # big first
        xs, ys = zip(*(g.centre(h) for h in hexes), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        name = d.provinces[pid].name
        w, h = label.getlength(name) / 2 + 2, 9
        spots = [(cx + dx, cy + dy) for dx, dy in offsets]
        x, y = next((p for p in spots if placer.free((p[0] - w, p[1] - h, p[0] + w, p[1] + h))), spots[0])
        placer.add("label", pid, (max(0, x - w), max(0, y - h), min(g.width, x + w), min(g.height, y + h)))
        draw.text((x, y), name, font=label, anchor="mm", fill=(*INK, 255), stroke_width=2,
                  stroke_fill=(255, 255, 255, 255))  # fmt: skip
    return image, g


@lru_cache(maxsize=1)
def _province_hexes_cached() -> dict[str, tuple[str, ...]]:
    d = data()
    out: dict[str, list[str]] = {}
    for hid in sorted(d.hexes):
        if d.hexes[hid].kind == "land" and d.hexes[hid].province:
            out.setdefault(d.hexes[hid].province, []).append(hid)
    return {p: tuple(hs) for p, hs in out.items()}


def _province_hexes(d: IRData) -> dict[str, tuple[str, ...]]:
    return _province_hexes_cached()


@lru_cache(maxsize=1)
def _overview_base() -> tuple[Image.Image, dict[str, tuple[int, int, Image.Image]]]:
    """The overview with every land hex unheld, and one mask per province (left, top, mask), so a
    render only fills the held provinces."""
    d = data()
    overlay, g = overview_layer()
    image = Image.new("RGB", overlay.size, WATER["deep"])
    draw = ImageDraw.Draw(image)
    for hid in sorted(d.hexes):
        h = d.hexes[hid]
        draw.polygon(g.corners(hid), fill=UNHELD if h.kind == "land" else WATER[h.kind])
    masks = {}
    for pid, hexes in sorted(_province_hexes(d).items()):
        mask = Image.new("L", overlay.size, 0)
        mdraw = ImageDraw.Draw(mask)
        for hid in hexes:
            mdraw.polygon(g.corners(hid), fill=255)
        left, top, right, bottom = mask.getbbox() or (0, 0, 1, 1)
        masks[pid] = (left, top, mask.crop((left, top, right, bottom)))
    return image, masks


def colour_of(inp: MapInput, side: str) -> RGB:
    return FACTION.get(inp.colours.get(side, ""), UNHELD)


def owner_colour(inp: MapInput, stack: StackMark) -> RGB:
    """The colour of the power holding the top counter (a usurper's own, 44.1; IR-DIS-30), the
    colour of its provinces and legend entry; else of the stack's seat (a view that does not
    name the power, or a power with no colour)."""
    if stack.power and inp.colours.get(stack.power) in FACTION:
        return colour_of(inp, stack.power)
    return colour_of(inp, stack.side)


def stack_colour(inp: MapInput, stack: StackMark) -> RGB:
    """A counter's fill: the colour printed on its top counter (5.7, IR-ENG-167), so a usurper's
    legion is drawn in the red it wears on the table; else its holder's (``owner_colour``)."""
    if stack.colour in FACTION:
        return FACTION[stack.colour]
    return owner_colour(inp, stack)


def _ink_on(fill: RGB) -> RGB:
    return INK if sum(fill) > 380 else (255, 255, 255)


def _abbrev(unit_type: str) -> str:
    """A counter's letters: initials of the unit's name ("Light cavalry" -> "LC")."""
    if unit_type == "leader":
        return "Ldr"
    unit = data().units.get(unit_type)
    return "".join(w[0].upper() for w in unit.name.split()) if unit else unit_type[:2].upper()


def _draw_stack(draw: ImageDraw.ImageDraw, inp: MapInput, stack: StackMark, x: float, y: float) -> None:
    """One counter of ``COUNTER`` px: the top unit's letters, and the stack's size in a badge; a
    stack seen whole shows its total strength under the letters (§3.2)."""
    fill = stack_colour(inp, stack)
    c = COUNTER / 2
    if stack.size > 1:  # the pieces under the top one, as offset edges
        draw.rectangle([x - c + 4, y - c + 4, x + c + 4, y + c + 4], fill=fill, outline=INK, width=2)
    draw.rectangle([x - c, y - c, x + c, y + c], fill=fill, outline=INK, width=2)
    owner = owner_colour(inp, stack)
    if owner != fill:  # IR-ENG-167: a counter held by a power of another colour (a usurper's)
        draw.rectangle([x - c, y - c, x + c, y - c + OWNER_BAND], fill=owner, outline=INK, width=2)
    ink = _ink_on(fill)
    draw.text((x, y - (6 if stack.units else 0)), _abbrev(stack.top), font=font("sans-bold", 18), fill=ink, anchor="mm")
    if stack.units:
        strength = sum(data().units[u].strength for u in stack.units if u in data().units)
        draw.text((x, y + 11), str(strength), font=font("sans", 14), fill=ink, anchor="mm")
    if stack.size > 1:
        draw.ellipse([x + c - 12, y - c - 10, x + c + 12, y - c + 14], fill=(255, 255, 255), outline=INK, width=2)
        draw.text((x + c, y - c + 2), str(stack.size), font=font("sans-bold", 16), fill=INK, anchor="mm")
    if stack.besieged:
        draw.line([x - c, y + c, x + c, y - c], fill=(200, 0, 0), width=3)


NAME_LABEL = 18  # px: a legion's name above its counter, 9 px at phone width


NAME_WIDTH = 4 * COUNTER  # px: a name is cut past four counters' width (84 px at phone width)


def legion_label(name: str, width: float = NAME_WIDTH) -> str:
    """A legion's name without its "Legio" (every legion has it) cut to ``width`` px at
    ``NAME_LABEL`` (an ellipsis marks the cut)."""
    label = font("sans-bold", NAME_LABEL)
    name = name.removeprefix("Legio ").strip()
    if label.getlength(name) <= width:
        return name
    while name and label.getlength(name + "…") > width:
        name = name[:-1].rstrip()
    return name + "…"


NAME_SHIFTS = (0.0, 0.5, -0.5)
"""Where a legion's name may go, as fractions of its width to the right of centred above its
counter: straight above first, then half a label right, then left (a picture choice)."""


Box = tuple[float, float, float, float]


def _name_box(name: str, x: float, y: float, shift: float) -> tuple[str, Point, Box]:
    """The label of a name above a counter centred at (x, y), moved ``shift`` of its width
    sideways: the label, the middle of its baseline, and the box it covers (stroke included)."""
    label = legion_label(name)
    left, top, right, bottom = font("sans-bold", NAME_LABEL).getbbox(label, anchor="mb", stroke_width=3)
    cx, base = x + shift * (right - left), y - COUNTER / 2 - 11
    return label, (cx, base), (cx + left, base + top, cx + right, base + bottom)


def _counter_box(x: float, y: float, size: int) -> Box:
    """What a counter drawn at (x, y) covers: the counter, its offset edge and its size badge."""
    c = COUNTER / 2
    return (x - c, y - c - (10 if size > 1 else 0), x + c + (12 if size > 1 else 0), y + c + (4 if size > 1 else 0))


def name_places(inp: MapInput, g: Grid, dx: float, dy: float) -> list[tuple[str, Point, Box]]:
    """Where the legion names go on a crop whose top left is (dx, dy): (label, box) for each lone
    stack whose top counter is named, above its counter (clear of its size badge) at the first
    of :data:`NAME_SHIFTS` that covers no other counter and no name already placed; a name with
    no such place is left out, so the counters stay readable (a picture choice)."""
    places = _stack_places(inp, g, dx, dy)
    counters = [_counter_box(x, y, stack.size) for stack, x, y, _lone in places]
    out: list[tuple[str, Point, Box]] = []
    for k, (stack, x, y, lone) in enumerate(places):
        if not (stack.name and lone):  # room for a name only over a lone stack (a picture choice)
            continue
        others = counters[:k] + counters[k + 1:] + [box for _label, _point, box in out]
        for shift in NAME_SHIFTS:
            label, point, box = _name_box(stack.name, x, y, shift)
            if not any(_overlap(box, other) for other in others):
                out.append((label, point, box))
                break
    return out


def _stack_places(inp: MapInput, g: Grid, dx: float, dy: float) -> list[tuple[StackMark, float, float, bool]]:
    """Each stack with the centre of its counter on the crop, and whether it is alone in its hex:
    stacks sharing a hex side by side, lifted clear of the city name below."""
    by_hex: dict[str, list[StackMark]] = {}
    for stack in inp.stacks:
        by_hex.setdefault(stack.hex, []).append(stack)
    out = []
    for hid, stacks in sorted(by_hex.items()):
        x, y = place(g, hid)
        if hid != on_grid(hid):  # in an island box's inset: no city name to keep clear of
            y += LIFT
        for i, stack in enumerate(stacks):
            off = (i - (len(stacks) - 1) / 2) * (COUNTER * 0.7)
            out.append((stack, x - dx + off, y - dy - LIFT + off * 0.3, len(stacks) == 1))
    return out


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _draw_state(image: Image.Image, inp: MapInput, g: Grid, dx: float, dy: float) -> None:
    draw = ImageDraw.Draw(image)
    d = data()
    _draw_roads(draw, inp, g, dx, dy, ROAD_SIGN)
    for cid, owner in sorted(inp.city_owner.items()):
        if cid in d.cities:
            x, y = place(g, d.cities[cid].hex)
            draw.rectangle([x - dx - 5, y - dy - 5, x - dx + 5, y - dy + 5], fill=colour_of(inp, owner))
    for hid in inp.sieges:
        x, y = place(g, hid)  # a siege in an island box rings its inset (3.1.1)
        draw.ellipse([x - dx - g.r * 0.9, y - dy - g.r * 0.9, x - dx + g.r * 0.9, y - dy + g.r * 0.9],
                     outline=(200, 0, 0), width=4)  # fmt: skip
    for hid in inp.forts:
        x, y = place(g, hid)  # a fort in an island box is drawn in its inset (3.1.1)
        draw.polygon([(x - dx - g.r * 0.8, y - dy - 4), (x - dx - g.r * 0.55, y - dy - g.r * 0.6),
                      (x - dx - g.r * 0.3, y - dy - 4)], fill=(90, 90, 90), outline=INK)  # fmt: skip
    for stack, x, y, _lone in _stack_places(inp, g, dx, dy):
        _draw_stack(draw, inp, stack, x, y)
    for label, point, _box in name_places(inp, g, dx, dy):  # after every counter, so none covers a name
        draw.text(point, label, font=font("sans-bold", NAME_LABEL), fill=INK, anchor="mb", stroke_width=3,
                  stroke_fill=(255, 255, 255))  # fmt: skip
    per_hex: dict[str, int] = {}
    for stack in inp.stacks:
        per_hex[stack.hex] = per_hex.get(stack.hex, 0) + 1
    for hid, tokens in sorted(_tokens(inp).items()):
        x, y = place(g, hid)
        # a row from the hex's top right; beside the counters when a stack is there (a picture choice)
        x0, y0 = (x + g.r * 0.6, y - g.r * 0.55) if hid not in per_hex else (
            x + COUNTER * (0.2 + 0.35 * per_hex[hid]) + MARKER / 2 + 8, y - LIFT)  # fmt: skip
        for k, token in enumerate(tokens):
            _draw_token(draw, inp, token, x0 - dx + k * MARKER * 0.85, y0 - dy)


MARKER = 40  # px: a plunder, plague or event token, 20 px at phone width
GOLD: RGB = (230, 190, 40)
PLAGUE: RGB = (96, 140, 40)
EVENT_NAMES = {
    "E": _("Plague (39.2 E)"), "F": _("Famine (39.2 F)"), "G": _("Bad harvest (39.2 G)"),
    "H": _("Bumper harvest (39.2 H)"), "Q": _("Revolt (39.2 Q)"), "T": _("Political crisis (39.2 T)"),
}  # fmt: skip
"""The random events whose marker the map shows (``views.MAP_EVENTS``), for the legend."""


def _tokens(inp: MapInput) -> dict[str, list[tuple[str, str]]]:
    """Hex -> its tokens in drawing order: (kind, power): plundered province ("plunder", 24.1),
    plundered city ("city_plunder", 24.1), plague ("plague", 45.1), then the event markers
    (their letter, 39.2)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for hid in inp.plunder:
        out.setdefault(hid, []).append(("plunder", ""))
    for hid in inp.plundered_cities:
        out.setdefault(hid, []).append(("city_plunder", ""))
    for hid in inp.plague:
        out.setdefault(hid, []).append(("plague", ""))
    for hid, code, power in inp.events:
        out.setdefault(hid, []).append((code, power))
    return out


def _draw_token(draw: ImageDraw.ImageDraw, inp: MapInput, token: tuple[str, str], x: float, y: float,
                size: float = MARKER) -> None:
    """One marker: gold "24" (a disc for a province, a square for a city), a green "45" disc
    for plague, a white disc with the event letter ringed in the power's colour."""
    kind, power = token
    h = size / 2
    box = [x - h, y - h, x + h, y + h]
    label_font = font("sans-bold", int(size * 0.5))
    if kind == "city_plunder":
        draw.rectangle(box, fill=GOLD, outline=INK, width=2)
        draw.text((x, y), "24", font=label_font, fill=INK, anchor="mm")
    elif kind in ("plunder", "plague"):
        draw.ellipse(box, fill=GOLD if kind == "plunder" else PLAGUE, outline=INK, width=2)
        draw.text((x, y), "24" if kind == "plunder" else "45", font=label_font,
                  fill=INK if kind == "plunder" else (255, 255, 255), anchor="mm")  # fmt: skip
    else:
        ring = colour_of(inp, power) if power else INK
        draw.ellipse(box, fill=(250, 250, 245), outline=ring, width=max(3, int(size / 10)))
        draw.text((x, y), kind, font=font("sans-bold", int(size * 0.55)), fill=INK, anchor="mm")


def legend_entries(inp: MapInput) -> list[tuple[str, str, str]]:
    """What a theatre's legend explains, in a fixed order: (kind, power, message) for each kind
    of mark the input holds (sieges, forts, plunder, plague, event markers)."""
    out: list[tuple[str, str, str]] = []
    if inp.sieges:
        out.append(("siege", "", _("Siege (17.0)")))
    if inp.forts:
        out.append(("fort", "", _("Fort (21.0)")))
    if inp.plunder:
        out.append(("plunder", "", _("Plundered province (24.1)")))
    if inp.plundered_cities:
        out.append(("city_plunder", "", _("Plundered city (24.1)")))
    if inp.plague:
        out.append(("plague", "", _("Plague (45.1)")))
    for code in sorted({code for _hex, code, _power in inp.events}):
        out.append((code, "", EVENT_NAMES[code]))
    return out


def _legend(image: Image.Image, inp: MapInput) -> Image.Image:
    """A band under the crop naming each kind of mark drawn (in the input's language), rows
    wrapped to the image's width; the image itself when there is nothing to explain."""
    entries = legend_entries(inp)
    if not entries:
        return image
    tr = words({"language": inp.language})
    label = font("sans-bold", NAME_SIZE)
    row_h, pad = 34, 10
    rows: list[list[tuple[tuple[str, str, str], str, float]]] = [[]]
    x = float(pad)
    for entry in entries:
        text = tr(entry[2])
        w = row_h + 6 + label.getlength(text) + 24
        if rows[-1] and x + w > image.width - pad:
            rows.append([])
            x = pad
        rows[-1].append((entry, text, x))
        x += w
    out = Image.new("RGB", (image.width, image.height + row_h * len(rows) + 6), (250, 248, 240))
    out.paste(image, (0, 0))
    draw = ImageDraw.Draw(out)
    for i, row in enumerate(rows):
        y = image.height + 3 + row_h * i + row_h / 2
        for (kind, power, _msg), text, x0 in row:
            cx = x0 + row_h / 2
            if kind == "siege":
                draw.ellipse([cx - 14, y - 14, cx + 14, y + 14], outline=(200, 0, 0), width=4)
            elif kind == "fort":
                draw.polygon([(cx - 10, y + 12), (cx, y - 12), (cx + 10, y + 12)], fill=(90, 90, 90), outline=INK)
            else:
                _draw_token(draw, inp, (kind, power), cx, y, row_h - 4)
            draw.text((x0 + row_h + 6, y), text, font=label, fill=INK, anchor="lm")
    return out


def hexes_of(where: str) -> tuple[str, ...]:
    """The hexes ``/map`` means by ``where``: a hex id, a province (id or name) or a city name."""
    d = data()
    key = where.strip()
    if is_hex_id(key.upper()) and key.upper() in d.hexes:
        return (key.upper(),)
    folded = key.casefold()
    for pid, prov in sorted(d.provinces.items()):
        if folded in (pid, prov.name.casefold()):
            return _province_hexes(d).get(pid, ())
    for city in sorted(d.cities.values(), key=lambda c: c.id):
        if folded in (city.id, city.name.casefold()):
            return (on_grid(city.hex),)
    return ()


def action_hexes(inp: MapInput, reach: int = 2) -> tuple[str, ...]:
    """Where the action is when the caller names none: sieges, and stacks with a stack of
    another side within ``reach`` hexes (a picture choice, not a rule), in id order."""
    cr = {s.hex: global_colrow(on_grid(s.hex)) for s in inp.stacks}
    hot = set(inp.sieges)
    for a in inp.stacks:
        for b in inp.stacks:
            if a.side != b.side and distance(cr[a.hex], cr[b.hex]) <= reach:
                hot.add(a.hex)
    return tuple(sorted(hot))


def theatre_box(hexes: Iterable[str]) -> tuple[int, int, int, int]:
    """The crop (left, top, right, bottom) of the terrain layer around ``hexes``, ``THEATRE_W``
    wide at most (centred on them when they spread wider) and clipped to the map."""
    image, g = terrain_layer()
    pts = [place(g, h) for h in hexes]
    if not pts:
        raise ValueError("a theatre needs at least one hex")
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = MARGIN * g.r * 1.8
    w = min(THEATRE_W, max(int(max(xs) - min(xs) + 2 * pad), 640))
    h = min(THEATRE_H, max(int(max(ys) - min(ys) + 2 * pad), 420))
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    left = int(min(max(0, cx - w / 2), image.width - w))
    top = int(min(max(0, cy - h / 2), image.height - h))
    return left, top, left + w, top + h


def _title(image: Image.Image, text: str) -> Image.Image:
    band = 34
    out = Image.new("RGB", (image.width, image.height + band), (250, 248, 240))
    out.paste(image, (0, band))
    ImageDraw.Draw(out).text((10, band / 2), text, font=font("serif-bold", NAME_SIZE), fill=INK, anchor="lm")
    return out


def render_theatre(inp: MapInput, hexes: Iterable[str], title: str = "") -> Image.Image:
    """The theatre crop around ``hexes`` with the state on top."""
    hexes = tuple(hexes)
    layer, g = terrain_layer()
    box = theatre_box(hexes)
    with _lock:
        image = layer.crop(box)
    _draw_state(image, inp, g, box[0], box[1])
    tr = words({"language": inp.language})
    return _legend(_title(image, tr(_("Theatre: {place}", place=title or ", ".join(hexes[:4])))), inp)


def render_overview(inp: MapInput) -> Image.Image:
    """The whole map, every province coloured by the power holding it (unheld provinces grey)."""
    overlay, g = overview_layer()
    base, masks = _overview_base()
    image = base.copy()
    for pid, owner in sorted(inp.province_control.items()):
        if pid in masks:
            left, top, mask = masks[pid]
            image.paste(colour_of(inp, owner), (left, top, left + mask.width, top + mask.height), mask)
    draw = ImageDraw.Draw(image)
    image.paste(overlay, (0, 0), overlay)
    _draw_roads(draw, inp, g, 0, 0, OVERVIEW_R * 2.2)
    tr = words({"language": inp.language})
    legend = sorted({owner for owner in inp.province_control.values()})
    x = 10
    small = font("sans-bold", 14)
    for owner in legend:
        name = inp.names.get(owner, owner)
        draw.rectangle([x, g.height + 10, x + 18, g.height + 28], fill=colour_of(inp, owner), outline=INK)
        draw.text((x + 24, g.height + 19), name, font=small, fill=INK, anchor="lm")
        x += 34 + int(small.getlength(name))
    if inp.roads:
        _road_sign(draw, x + 12, g.height + 19, 24)
        draw.text((x + 30, g.height + 19), tr(_("Roads (11.1)")), font=small, fill=INK, anchor="lm")
    return _title(image, tr(_("Provinces by control")))


def render_map(inp: MapInput, where: str = "") -> bytes:
    """``/map``: the overview when ``where`` is empty, else the theatre around the hex, province
    or city it names (``ValueError`` when it names nothing)."""
    if not where:
        return to_png(render_overview(inp))
    hexes = hexes_of(where)
    if not hexes:
        raise ValueError(where)
    return to_png(render_theatre(inp, hexes, where))


def to_png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()


def theatre_hexes(view: Mapping[str, Any], inp: MapInput) -> tuple[str, ...]:
    """Where a turn's picture looks: the action (sieges, stacks near another side's), else the
    stacks of the seat whose turn it is, else every stack (a picture choice, not a rule)."""
    hot = action_hexes(inp)
    if hot:
        return hot
    active = str(view.get("active") or "")
    mine = tuple(sorted({s.hex for s in inp.stacks if s.side == active}))
    return mine or tuple(sorted({s.hex for s in inp.stacks}))


def render_public_view(view: Mapping[str, Any], view_name: str = "whole") -> bytes:
    """The bot's entry point (``bot.renderers``): a VIEW (public or a seat's) -> PNG bytes.

    ``whole`` or ``overview``: the provinces by control; ``theatre``: the crop around the
    month's action (:func:`theatre_hexes`); ``map:<where>``: ``/map`` of a hex, province or
    city (the overview when empty)."""
    inp = from_view(view)
    if view_name.startswith("map:"):
        return render_map(inp, view_name[4:])
    if view_name == "theatre":
        hexes = theatre_hexes(view, inp)
        if hexes:
            return to_png(render_theatre(inp, hexes))
    return to_png(render_overview(inp))
