"""Imperator map renderer: public scene -> PNG bytes.

Entry points (pure, deterministic, synchronous: the bot runs them in ``asyncio.to_thread``):

* :func:`render_map` ``(scene, view="whole" | "front:<name>" | "zone:<id>") -> bytes``
* :func:`render_battle_card` ``(battle: dict) -> bytes`` (see :mod:`render.battle_card`)

``scene`` is a :class:`render.imperator_scene.MapScene` (build it with
:func:`render.imperator_scene.from_public_view`); a public-view dict is accepted too.

How a map is made: the committed terrain layer (coasts, seas, rivers; ``scripts/build_basemap.py``)
is cropped and scaled to the view; the zones of the rules data are tinted by Front and outlined,
camps, cities and ports are marked and every name is placed without overlap.  That static layer
is cached per view.  On a copy of it go the last SMC's moves (arrows), the battle zones, the
counter stacks of each zone (placed by the same collision-free placer as the names), People and
Armenia status chips, then the information panel (whole map) or header (detail views).
"""

from __future__ import annotations

import io
import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from render import projection
from render.assets import base_layer, font, land_mask
from render.imperator_board import (
    FRONT_NAMES,
    FRONT_SHORT,
    FRONTS,
    BoardGeometry,
    Strait,
    ZoneGeom,
    load_board,
    norm_front,
)
from render.imperator_scene import (
    SIDE_NAMES,
    Counter,
    MapScene,
    Stack,
    from_public_view,
)
from render.layout import Placed, Placer, centre, inside
from render.words import words
from rules.core.i18n import _, _n, data_name

RGB = tuple[int, int, int]

# ----------------------------------------------------------------------------------------------
# Palette
# ----------------------------------------------------------------------------------------------

FRONT_COLOURS: dict[str, RGB] = {
    "britannia": (122, 78, 172),
    "rhine": (34, 104, 192),
    "danube": (226, 176, 0),
    "orient": (232, 112, 22),
    "south": (196, 58, 128),
    "interior": (150, 142, 128),
}
OUTSIDE_COLOUR: RGB = (58, 128, 62)
SEA_LABEL: RGB = (36, 84, 118)
RIVER_COLOUR: RGB = (40, 96, 170)
STRAIT_COLOUR: RGB = (20, 50, 110)
ENEMY_TINT: RGB = (40, 40, 48)
BATTLE_TINT: RGB = (220, 30, 30)
FOCUS_COLOUR: RGB = (236, 180, 20)
INK: RGB = (28, 26, 24)
PAPER: RGB = (246, 240, 224)
SIDE_COLOURS: dict[str, RGB] = {"R": (158, 24, 32), "E": (34, 34, 38)}
SIDE_TEXT = {"R": "ROMA", "E": "HOSTES"}
ROMAN_UNIT: RGB = (172, 40, 40)
GARRISON_STRIPE: RGB = (40, 140, 60)
NATION_COLOURS: dict[str, RGB] = {
    "german": (104, 118, 56),
    "celt": (46, 118, 112),
    "sarmatian": (160, 112, 48),
    "dacian": (128, 78, 52),
    "thraco-phrygian": (128, 78, 52),
    "persian": (84, 62, 140),
    "hamito-semite": (176, 134, 62),
    "armenian": (128, 78, 52),
}
PEOPLE_NATIONALITY = {
    "parthians": "persian",
    "parthes": "persian",
    "adiabene": "persian",
    "osrhoene": "persian",
    "bructeri": "german",
    "chatti": "german",
    "cherusci": "german",
    "frisii": "german",
    "hermunduri": "german",
    "langobardi": "german",
    "marcomanni": "german",
    "quades": "german",
    "quadi": "german",
    "jazyges": "sarmatian",
    "iazyges": "sarmatian",
    "roxolani": "sarmatian",
    "bastarni": "celt",
    "cantabri": "celt",
    "cotini": "celt",
    "maetae": "celt",
    "daces": "dacian",
    "dacians": "dacian",
    "armenia": "armenian",
    "gaetuli": "hamito-semite",
    "garamantes": "hamito-semite",
    "scenarchia": "hamito-semite",
}
MARKER_STYLE: dict[str, tuple[str, RGB, RGB]] = {
    "augustus": ("A", (212, 168, 30), (40, 30, 0)),
    "caesar": ("C", (190, 196, 204), (30, 30, 30)),
    "usurper": ("U", (110, 40, 140), (255, 255, 255)),
    "corporis_custodes": ("CC", (36, 70, 140), (255, 255, 255)),
}
ARMENIA = {"roman": _("Roman"), "parthian": _("Parthian"), "persian": _("Parthian")}
"""Armenia's status in the panel (the public view's ``armenia.status``)."""
ZONE_MARKER_NAMES = {
    "plague": _("Plague"),
    "peste": _("Plague"),
    "mutinerie": "Mutinerie",
    "intrigue_au_senat": "Intrigue au Sénat",
    "coup_d_etat_parthe": "Coup d'état parthe",
    "reserve_front": _("Reserve"),
}

# River and sea-area names that belong to no zone (lon, lat, text, major).
RIVER_LABELS: tuple[tuple[float, float, str, bool], ...] = (
    (7.3, 50.3, "Rhenus", True),
    (17.6, 48.2, "Danuvius", True),
    (24.6, 43.4, "Danuvius", True),
    (42.6, 36.0, "Tigris", True),
    (39.8, 35.3, "Euphrates", True),
    (31.0, 27.5, "Nilus", False),
    (4.55, 45.0, "Rhodanus", False),
)


def _mix(c: RGB, other: RGB, t: float) -> RGB:
    return (
        round(c[0] + (other[0] - c[0]) * t),
        round(c[1] + (other[1] - c[1]) * t),
        round(c[2] + (other[2] - c[2]) * t),
    )


# ----------------------------------------------------------------------------------------------
# Views
# ----------------------------------------------------------------------------------------------

WHOLE_SCALE = 1.0 / projection.BASE_SUPERSAMPLE
PANEL_W = 400
DETAIL_W, DETAIL_H = 1400, 1000
HEADER_H = 64
MAX_DETAIL_SCALE = 1.5


@dataclass(frozen=True)
class Viewport:
    name: str
    x0: float  # base-pixel origin of the map area
    y0: float
    scale: float  # output px per base px
    width: int  # map area size in output px
    height: int
    k: float  # size factor for counters and labels
    panel: bool  # whole map: info panel on the right; detail: header strip on top
    title: str = ""  # detail views: what the header calls the view
    values: bool = False  # counters show their printed values (PF-QU-BT, CC-VS-BT-CP)
    focus: tuple[str, ...] = ()  # zones outlined as the subject of the view
    legend: bool = False  # detail views: a legend strip under the map

    @property
    def map_top(self) -> int:
        return 0 if self.panel else HEADER_H

    @property
    def legend_h(self) -> int:
        return LEGEND_H if self.legend else 0

    @property
    def image_size(self) -> tuple[int, int]:
        if self.panel:
            return self.width + PANEL_W, self.height
        return self.width, self.height + HEADER_H + self.legend_h

    def to_px(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = projection.project(lon, lat)
        return (x - self.x0) * self.scale, (y - self.y0) * self.scale + self.map_top


# The theatre view (posted after each move): sized so that, shown 550 px wide on a phone, a
# counter is at least 20 px and a zone name at least 9 px tall (tests/render check it).
THEATRE_W = 800
THEATRE_K = 1.5
THEATRE_MIN_H, THEATRE_MAX_H = 480, 900
LEGEND_H = 82
PHONE_W = 550


def _zone_bbox(z: ZoneGeom) -> tuple[float, float, float, float]:
    pts = [projection.project(lon, lat) for ring in z.rings for lon, lat in ring]
    if not pts:
        pts = [projection.project(*z.point)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


THEATRE_MAX_SPAN = 1000.0
"""Widest (and tallest) action, in base-map pixels, that one theatre view shows: beyond it the
text, drawn at ``THEATRE_K``, no longer fits between the zones and names fly from their zones.
Action spread wider is cut to the part around the latest battle (else the latest move)."""


def _span(board: BoardGeometry, zones: list[str]) -> float:
    boxes = [_zone_bbox(board.zones[z]) for z in zones]
    return max(
        max(b[2] for b in boxes) - min(b[0] for b in boxes),
        max(b[3] for b in boxes) - min(b[1] for b in boxes),
    )


def theatre_zones(board: BoardGeometry, scene: MapScene) -> tuple[list[str], list[str]]:
    """The zones of the last SMC's action (moved through, fought in) and their land neighbours.

    When the action is spread wider than ``THEATRE_MAX_SPAN`` (two armies moving at both ends
    of the Empire), the view keeps the latest battle, else the latest move, and the other moves
    and battles that fit with it."""
    groups: list[list[str]] = []
    for mv in scene.last_moves:
        zones = [z for z in dict.fromkeys((mv.src, *mv.path, mv.dst)) if z in board.zones]
        if zones:
            groups.append(zones)
    battles = [[z] for z in scene.battle_zones if z in board.zones]
    groups += battles
    kept: list[int] = []
    if groups:
        first = len(groups) - 1  # the latest battle, else the latest move
        kept = [first]
        for i in reversed(range(len(groups))):
            if i != first and _span(board, [z for j in [*kept, i] for z in groups[j]]) <= THEATRE_MAX_SPAN:
                kept.append(i)
    core: list[str] = []
    for i, zones in enumerate(groups):
        if i in kept:
            core.extend(z for z in zones if z not in core)
    around: list[str] = []
    for z in core:
        if board.zones[z].kind != "land":
            continue
        for n in board.neighbours(z):
            if n in board.zones and n not in core and n not in around:
                around.append(n)
    return core, around


def _theatre(board: BoardGeometry, scene: MapScene) -> Viewport | None:
    core, around = theatre_zones(board, scene)
    if not core:
        return None
    boxes = [_zone_bbox(board.zones[z]) for z in core]
    pts = [projection.project(*board.zones[z].point) for z in core + around]
    x0 = min([b[0] for b in boxes] + [p[0] for p in pts])
    y0 = min([b[1] for b in boxes] + [p[1] for p in pts])
    x1 = max([b[2] for b in boxes] + [p[0] for p in pts])
    y1 = max([b[3] for b in boxes] + [p[1] for p in pts])
    w = max(x1 - x0, 360.0) * 1.12
    h = max(y1 - y0, 240.0) * 1.12
    scale = min(THEATRE_W / w, THEATRE_MAX_H / h, MAX_DETAIL_SCALE)
    out_h = int(min(THEATRE_MAX_H, max(THEATRE_MIN_H, round(h * scale))))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bw, bh = THEATRE_W / scale, out_h / scale
    bx0 = min(max(cx - bw / 2, 0.0), max(0.0, projection.BASE_WIDTH - bw))
    by0 = min(max(cy - bh / 2, 0.0), max(0.0, projection.BASE_HEIGHT - bh))
    # The crop is snapped to a coarse grid so that repeated action in one area reuses the cached
    # static layer.
    bx0, by0 = round(bx0 / 8) * 8.0, round(by0 / 8) * 8.0
    names = [board.zones[z].name for z in core if board.zones[z].kind == "land"]
    shown = ", ".join(names[:3]) + (" …" if len(names) > 3 else "")
    title = _("Around {zones}", zones=shown)
    return Viewport(
        f"theatre:{bx0:.0f},{by0:.0f},{scale:.4f},{out_h}",
        bx0,
        by0,
        scale,
        THEATRE_W,
        out_h,
        THEATRE_K,
        False,
        title=title,
        values=True,
        legend=True,
    )


def viewport(board: BoardGeometry, view: str, scene: MapScene | None = None) -> Viewport:
    """Resolve a view name into a viewport. Raises ``ValueError`` for an unknown view.

    ``theatre`` (the picture after a move) crops around the last SMC's action; with no action
    it is the whole map.
    """
    if view == "theatre":
        found = _theatre(board, scene) if scene is not None else None
        if found is not None:
            return found
        view = "whole"
    if view == "whole":
        return Viewport(
            "whole",
            0.0,
            0.0,
            WHOLE_SCALE,
            round(projection.BASE_WIDTH * WHOLE_SCALE),
            round(projection.BASE_HEIGHT * WHOLE_SCALE),
            1.0,
            True,
        )
    kind, _, arg = view.partition(":")
    focus: tuple[str, ...] = ()
    if kind == "front":
        front = norm_front(arg)
        core = [z for z in board.zones.values() if z.kind == "land" and z.front == front]
        if not core or front not in FRONT_NAMES:
            raise ValueError(
                f"unknown front {arg!r}; expected one of {', '.join(FRONTS)}, interior"
            )
        margin = 0.12
        title = FRONT_NAMES.get(front, arg)
    elif kind == "zone":
        if arg not in board.zones:
            raise ValueError(f"unknown zone {arg!r}")
        core = [board.zones[arg]] + [
            board.zones[n] for n in board.neighbours(arg) if n in board.zones
        ]
        margin = 0.08
        title = board.zones[arg].name
        focus = (arg,)
    else:
        raise ValueError(
            f"unknown view {view!r}: use 'whole', 'theatre', 'front:<name>' or 'zone:<id>'"
        )
    boxes = [_zone_bbox(z) for z in core]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    w = max(x1 - x0, 420.0) * (1 + 2 * margin)
    h = max(y1 - y0, 300.0) * (1 + 2 * margin)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    scale = min(DETAIL_W / w, DETAIL_H / h, MAX_DETAIL_SCALE)
    out_w = DETAIL_W
    out_h = min(DETAIL_H, max(600, round(h * scale)))
    bw, bh = out_w / scale, out_h / scale
    bx0 = min(max(cx - bw / 2, 0.0), max(0.0, projection.BASE_WIDTH - bw))
    by0 = min(max(cy - bh / 2, 0.0), max(0.0, projection.BASE_HEIGHT - bh))
    # Counters and names grow with the zoom, within limits (a wide view keeps them small).
    k = min(1.35, max(0.85, scale / WHOLE_SCALE * 0.8))
    return Viewport(
        view, bx0, by0, scale, out_w, out_h, k, False, title, True, focus, legend=True
    )


# ----------------------------------------------------------------------------------------------
# The static layer (terrain, zones, sites, names), cached per board and view
# ----------------------------------------------------------------------------------------------


@dataclass
class StaticLayer:
    """A view's map without the game on it, kept between renders as raw RGB bytes (3 bytes a
    pixel; a Pillow image takes 4): ``image`` gives a fresh image to draw on."""

    pixels: bytes
    size: tuple[int, int]
    placed: list[Placed]
    anchors: dict[str, tuple[float, float]]
    label_rects: dict[str, tuple[float, float, float, float]]

    @property
    def image(self) -> Image.Image:
        return Image.frombytes("RGB", self.size, self.pixels)


_static_cache: dict[tuple[str, str], StaticLayer] = {}
_static_lock = threading.Lock()
_STATIC_CACHE_MAX = 24
_STATIC_CACHE_BYTES = 48 * 1024 * 1024
"""The static layers kept, at most this many bytes of pixels (a whole-map layer is ~11 MB):
a bound on the renderer's memory, whatever views are asked for (issue 14)."""


def _layer_bytes(layer: StaticLayer) -> int:
    return len(layer.pixels)


def _crop_base(vp: Viewport) -> tuple[Image.Image, Image.Image]:
    base = base_layer()
    land = land_mask()
    box = (
        round(vp.x0),
        round(vp.y0),
        round(vp.x0 + vp.width / vp.scale),
        round(vp.y0 + vp.height / vp.scale),
    )
    size = (vp.width, vp.height)
    return (
        base.crop(box).resize(size, Image.Resampling.LANCZOS),
        land.crop(box).resize(size, Image.Resampling.BILINEAR),
    )


_RING_CACHE: dict[str, dict[int, list[tuple[float, float]]]] = {}


def _base_ring(ring: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    """A zone ring projected to base pixels, once per process (projection is the slow part)."""
    key = id(ring)
    hit = _RING_CACHE.setdefault("rings", {}).get(key)
    if hit is None:
        hit = [projection.project(lon, lat) for lon, lat in ring]
        _RING_CACHE["rings"][key] = hit
        _RING_KEEP.append(ring)  # keeps the id valid for the process's life
    return hit


_RING_KEEP: list[Any] = []


def _ring_px(
    vp: Viewport, ring: tuple[tuple[float, float], ...], top: int
) -> list[tuple[float, float]]:
    x0, y0, sc = vp.x0, vp.y0, vp.scale
    return [((x - x0) * sc, (y - y0) * sc) for x, y in _base_ring(ring)]


def _visible(vp: Viewport, z: ZoneGeom) -> bool:
    """Whether any of the zone's shape falls in the view (zones far away are not drawn)."""
    pts = [p for ring in z.rings for p in _base_ring(ring)]
    if not pts:
        return False
    x0, y0 = vp.x0, vp.y0
    x1, y1 = x0 + vp.width / vp.scale, y0 + vp.height / vp.scale
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) <= x1 and max(xs) >= x0 and min(ys) <= y1 and max(ys) >= y0


def _dashed(
    draw: ImageDraw.ImageDraw,
    pts: list[tuple[float, float]],
    fill: Any,
    width: int,
    dash: float,
    gap: float,
) -> None:
    carry = 0.0
    on = True
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg == 0:
            continue
        pos = 0.0
        while pos < seg:
            length = (dash if on else gap) - carry
            end = min(seg, pos + length)
            if on:
                draw.line(
                    [
                        (x0 + (x1 - x0) * pos / seg, y0 + (y1 - y0) * pos / seg),
                        (x0 + (x1 - x0) * end / seg, y0 + (y1 - y0) * end / seg),
                    ],
                    fill=fill,
                    width=width,
                )
            if end - pos < length:
                carry += end - pos
                break
            carry = 0.0
            pos = end
            on = not on


def _text_size(text: str, f: Any) -> tuple[int, int]:
    left, t, r, b = f.getbbox(text)
    return int(r - left), int(b - t)


def _draw_text_box(
    draw: ImageDraw.ImageDraw,
    rect: tuple[float, float, float, float],
    text: str,
    f: Any,
    fill: RGB,
    halo: RGB | None = PAPER,
    halo_w: int = 2,
) -> None:
    left, t, r, b = f.getbbox(text)
    x = rect[0] + (rect[2] - rect[0] - (r - left)) / 2 - left
    y = rect[1] + (rect[3] - rect[1] - (b - t)) / 2 - t
    if halo is not None:
        draw.text((x, y), text, font=f, fill=fill, stroke_width=halo_w, stroke_fill=halo)
    else:
        draw.text((x, y), text, font=f, fill=fill)


def _build_static(board: BoardGeometry, vp: Viewport) -> StaticLayer:
    terrain, land = _crop_base(vp)
    W, H = vp.width, vp.height
    k = vp.k
    top = vp.map_top

    # Zone tints, clipped to land.
    tint = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    td = ImageDraw.Draw(tint)
    front_masks: dict[str, Image.Image] = {}
    shown = [z for z in board.zones.values() if vp.panel or _visible(vp, z)]
    land_zones = sorted((z for z in shown if z.kind == "land"), key=lambda z: z.id)
    sea_zones = sorted((z for z in shown if z.kind == "sea"), key=lambda z: z.id)
    for z in land_zones:
        if z.front in FRONTS:
            colour = FRONT_COLOURS[z.front]
            alpha = 70
        elif z.front == "interior":
            colour, alpha = (255, 250, 236), 90
        else:
            colour, alpha = (188, 200, 160), 80
        for ring in z.rings:
            pts = _ring_px(vp, ring, top)
            if len(pts) >= 3:
                td.polygon(pts, fill=colour + (alpha,))
                if z.front in FRONTS:
                    m = front_masks.setdefault(z.front, Image.new("L", (W, H), 0))
                    ImageDraw.Draw(m).polygon(pts, fill=255)
    tint.putalpha(Image.composite(tint.getchannel("A"), Image.new("L", (W, H), 0), land))
    img = terrain.convert("RGBA")
    img.alpha_composite(tint)

    # Zone borders: thin lines; Empire provinces dotted red-brown, outside zones green.
    lines = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    ld = ImageDraw.Draw(lines)
    bw = max(1, round(1.2 * k))
    for z in land_zones:
        for ring in z.rings:
            pts = _ring_px(vp, ring, top)
            if len(pts) < 3:
                continue
            if z.front is None:
                ld.line(pts + pts[:1], fill=OUTSIDE_COLOUR + (200,), width=bw)
            else:
                _dashed(ld, pts, (150, 60, 50, 210), bw, 4 * k, 3 * k)
    # Front outlines: the edge of each Front's area, thick, in the Front's colour.
    for front, m in sorted(front_masks.items()):
        m = Image.composite(
            m, Image.new("L", (W, H), 0), land.point(lambda v: 255 if v > 100 else 0)
        )
        inner = _erode(m, max(3, 2 * round(2.5 * k) + 1), fast=not vp.panel)
        edge = Image.composite(m, Image.new("L", (W, H), 0), inner.point(lambda v: 255 - v))
        lines.paste(FRONT_COLOURS[front] + (255,), mask=edge)
    sea_mask = land.point(lambda v: 255 if v < 100 else 0)
    sea_lines = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    sd = ImageDraw.Draw(sea_lines)
    for z in sea_zones:
        for ring in z.rings:
            pts = _ring_px(vp, ring, top)
            if len(pts) >= 3:
                _dashed(sd, pts, (60, 100, 130, 190), bw, 7 * k, 5 * k)
    lines.alpha_composite(
        Image.composite(sea_lines, Image.new("RGBA", (W, H), (0, 0, 0, 0)), sea_mask)
    )
    img.alpha_composite(lines)
    # Major rivers (+1 PM where they are the border) over the borders, heavier than them.
    rd = ImageDraw.Draw(img)
    for river in board.rivers:
        if river.major and len(river.course) >= 2:
            pts = [(x, y - top) for x, y in (vp.to_px(lon, lat) for lon, lat in river.course)]
            rd.line(pts, fill=RIVER_COLOUR + (255,), width=max(3, round(3.5 * k)), joint="curve")
    # Straits: a dashed crossing between the two shores.
    strait_marks: list[tuple[Strait, tuple[float, float]]] = []
    for strait in board.straits:
        a, b = _shores(board, strait, vp, top)
        if a is None or b is None:
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        ext = (a[0] - dx * 0.5, a[1] - dy * 0.5), (b[0] + dx * 0.5, b[1] + dy * 0.5)
        _dashed(rd, [ext[0], ext[1]], STRAIT_COLOUR + (255,), max(3, round(3 * k)), 5 * k, 3 * k)
        strait_marks.append((strait, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + top)))

    canvas = Image.new("RGB", vp.image_size, PAPER)
    canvas.paste(img.convert("RGB"), (0, top))
    draw = ImageDraw.Draw(canvas)

    placer = Placer((2, top + 2, W - 2, top + H - 2))
    anchors: dict[str, tuple[float, float]] = {}
    label_rects: dict[str, tuple[float, float, float, float]] = {}
    for z in board.zones.values():
        anchors[z.id] = vp.to_px(*z.point)

    # Sites: symbols first (obstacles for every label), then names.
    sym = max(7, round(8 * k))
    site_labels: list[tuple[str, str, tuple[float, float]]] = []
    for z in land_zones:
        for i, s in enumerate(z.sites):
            x, y = vp.to_px(s.lon, s.lat)
            if not (0 <= x < W and top <= y < top + H):
                continue
            off = 0.0
            r = (x - sym / 2, y - sym / 2, x + sym / 2, y + sym / 2)
            while not placer.free(r, 1) and off < 6 * sym:
                off += sym + 2
                r = (x - sym / 2 + off, y - sym / 2, x + sym / 2 + off, y + sym / 2)
            p = placer.add("symbol", f"{z.id}/{s.kind}/{i}", r)
            _draw_site(draw, s.kind, p.rect, s.from_year)
            if s.name.strip().lower() != z.name.strip().lower():
                site_labels.append(
                    (f"{z.id}/{s.kind}/{i}", s.name, ((r[0] + r[2]) / 2, (r[1] + r[3]) / 2))
                )

    # Zone names: biggest areas are easiest to place, so go from the smallest up.
    zf_in = font("serif-bold", round(11 * k))
    zf_sea = font("serif-italic", round(13 * k))
    for z in sorted(board.zones.values(), key=lambda z: (z.kind == "sea", _area(z), z.id)):
        ax, ay = anchors[z.id]
        if not (0 <= ax < W and top <= ay < top + H):
            continue
        if z.kind == "sea":
            f, colour = zf_sea, SEA_LABEL
        else:
            f, colour = zf_in, INK if z.front is not None else (36, 96, 40)
        text = z.name
        tw, th = _text_size(text, f)
        p = placer.place("label", z.id, (ax, ay), (tw + 4, th + 4), gap=1, max_radius=300 * k)
        label_rects[z.id] = p.rect
        _draw_text_box(draw, p.rect, text, f, colour)
    sf = font("sans", round(9 * k))
    for key, text, (x, y) in site_labels:
        tw, th = _text_size(text, sf)
        p = placer.place(
            "label", key, (x, y), (tw + 4, th + 3), gap=1, offset=(0, th), max_radius=200 * k
        )
        _draw_text_box(draw, p.rect, text, sf, (70, 40, 30))
    stf = font("serif-italic", round(10 * k))
    for strait, (x, y) in strait_marks:
        if not (0 <= x < W and top <= y < top + H):
            continue
        text = f"≈ {strait.name}"
        tw, th = _text_size(text, stf)
        p = placer.place(
            "label", f"strait/{strait.a}/{strait.b}", (x, y), (tw + 4, th + 4), gap=1,
            max_radius=80 * k,
        )
        _draw_text_box(draw, p.rect, text, stf, STRAIT_COLOUR)
    rf = font("serif-italic", round(11 * k))
    for i, (lon, lat, text, major) in enumerate(RIVER_LABELS):
        x, y = vp.to_px(lon, lat)
        if not (0 <= x < W and top <= y < top + H):
            continue
        tw, th = _text_size(text, rf)
        p = placer.place("label", f"river/{i}", (x, y), (tw + 4, th + 4), gap=1, max_radius=80 * k)
        _draw_text_box(draw, p.rect, text, rf, (40, 96, 150) if major else (70, 120, 160))

    return StaticLayer(
        canvas.convert("RGB").tobytes(), canvas.size, list(placer.placed), anchors, label_rects
    )


def _erode(mask: Image.Image, size: int, fast: bool) -> Image.Image:
    """The mask shrunk by ``size // 2`` pixels. ``fast``: on a half-size copy (a rank filter
    costs size² per pixel; detail views are built for each new crop, so it matters)."""
    if not fast or size < 5:
        return mask.filter(ImageFilter.MinFilter(size))
    half = mask.resize((max(1, mask.width // 2), max(1, mask.height // 2)), Image.Resampling.BOX)
    small = half.filter(ImageFilter.MinFilter(max(3, (size // 2) | 1)))
    return small.resize(mask.size, Image.Resampling.BILINEAR).point(lambda v: 255 if v > 127 else 0)


def _shores(
    board: BoardGeometry, strait: Strait, vp: Viewport, top: int
) -> tuple[tuple[float, float] | None, tuple[float, float] | None]:
    """The nearest points of the two zones a strait links (map-area pixels)."""
    za, zb = board.zones.get(strait.a), board.zones.get(strait.b)
    if za is None or zb is None:
        return None, None
    pa = [p for ring in za.rings for p in ring[::2]] or [za.point]
    pb = [p for ring in zb.rings for p in ring[::2]] or [zb.point]
    best = min(
        ((a, b) for a in pa for b in pb),
        key=lambda ab: (ab[0][0] - ab[1][0]) ** 2 + (ab[0][1] - ab[1][1]) ** 2,
    )
    (ax, ay), (bx, by) = vp.to_px(*best[0]), vp.to_px(*best[1])
    return (ax, ay - top), (bx, by - top)


def _area(z: ZoneGeom) -> float:
    b = _zone_bbox(z)
    return (b[2] - b[0]) * (b[3] - b[1])


def _draw_site(
    draw: ImageDraw.ImageDraw, kind: str, r: tuple[float, float, float, float], from_year: int
) -> None:
    x0, y0, x1, y1 = r
    if kind == "camp":
        fill = (255, 255, 255) if from_year else (150, 30, 30)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=fill, outline=(90, 20, 20), width=1)
        draw.line(
            (x0 + 1, (y0 + y1) / 2, x1 - 2, (y0 + y1) / 2),
            fill=(90, 20, 20) if from_year else (255, 220, 200),
        )
    elif kind == "city":
        draw.ellipse((x0, y0, x1 - 1, y1 - 1), fill=(30, 30, 30), outline=(255, 255, 255), width=1)
    else:  # port box
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=(30, 70, 120), outline=(255, 255, 255))
        cx = (x0 + x1) / 2
        draw.line((cx, y0 + 2, cx, y1 - 3), fill=(255, 255, 255))
        draw.arc((x0 + 1, y0 + 1, x1 - 2, y1 - 2), 20, 160, fill=(255, 255, 255))


def static_layer(board: BoardGeometry, vp: Viewport) -> StaticLayer:
    key = (board.fingerprint(), vp.name)
    with _static_lock:
        hit = _static_cache.get(key)
    if hit is None:
        hit = _build_static(board, vp)
        with _static_lock:
            _static_cache[key] = hit
            while len(_static_cache) > _STATIC_CACHE_MAX or (
                len(_static_cache) > 1
                and sum(_layer_bytes(layer) for layer in _static_cache.values())
                > _STATIC_CACHE_BYTES
            ):
                _static_cache.pop(next(iter(_static_cache)))  # the oldest first
    return hit


# ----------------------------------------------------------------------------------------------
# Counters and stacks
# ----------------------------------------------------------------------------------------------


def _short_label(c: Counter) -> str:
    if c.short:
        return c.short
    label = c.label.strip()
    if c.kind in ("legion", "vexillation", "garrison"):
        first = label.split()[0] if label else "?"
        num = first.rstrip("e").rstrip("è")
        if num and all(ch in "IVXLC" for ch in num):
            return num
        if c.kind == "vexillation":
            return "Vex"
        words = [w for w in label.replace("-", " ").split() if w[0].isupper()]
        return "".join(w[0] for w in words)[:4] or label[:4]
    return label[:5]


def _leader_name(c: Counter) -> str:
    return c.short or c.label


def _unit_colour(c: Counter, side: str) -> RGB:
    people = (c.people or "").lower()
    if people in ("", "roman", "rome") and c.kind in ("legion", "vexillation", "garrison"):
        return ROMAN_UNIT
    nat = (c.nationality or PEOPLE_NATIONALITY.get(people, "")).lower()
    if nat in NATION_COLOURS:
        return NATION_COLOURS[nat]
    if c.kind == "armenia" or people == "armenia":
        return NATION_COLOURS["armenian"]
    return ROMAN_UNIT if side == "R" else (90, 90, 90)


@dataclass(frozen=True)
class StackMetrics:
    unit: int  # side of a unit counter
    gap: int
    pad: int
    leader_h: int
    cols: int
    unit_w: int = 0  # width of a unit counter (wider than tall when values are shown)
    values: bool = False  # counters show their printed values

    @property
    def uw(self) -> int:
        return self.unit_w or self.unit


def _metrics(k: float, values: bool = False) -> StackMetrics:
    unit = round(25 * k)
    return StackMetrics(
        unit=unit,
        gap=max(2, round(2 * k)),
        pad=round(3 * k),
        leader_h=round(16 * k),
        cols=(4 if values else 5) if k < 1.2 else (4 if values else 6),
        unit_w=round(unit * 1.3) if values else unit,
        values=values,
    )


def _leader_values_font(k: float) -> Any:
    return font("sans", round(9 * k))


def _chip_text(m: str) -> str:
    return ZONE_MARKER_NAMES.get(m, m.replace("_", " ").title())


def _stack_size(stack: Stack, m: StackMetrics, k: float) -> tuple[int, int]:
    if stack.summary:
        tw, _ = _text_size(stack.summary, font("sans-bold", round(8 * k)))
        return tw + round(10 * k), round(11 * k) + 2 * m.pad
    leaders = [c for c in stack.counters if c.is_leader]
    units = [c for c in stack.counters if not c.is_leader]
    lf = font("sans-bold", round(10 * k))
    w = 0
    vf = _leader_values_font(k)
    for c in leaders:
        tw, _ = _text_size(_leader_name(c), lf)
        if m.values and c.values:
            tw += _text_size(c.values, vf)[0] + round(5 * k)
        w = max(
            w,
            tw
            + round(12 * k)
            + len([x for x in c.markers if x in MARKER_STYLE]) * round(15 * k)
            + 4,
        )
    cols = min(len(units), m.cols)
    rows = math.ceil(len(units) / m.cols) if units else 0
    uw = cols * m.uw + max(0, cols - 1) * m.gap
    w = max(w, uw, round(34 * k))
    h = len(leaders) * (m.leader_h + m.gap) + rows * (m.unit + m.gap)
    tab_h = round(11 * k)
    return w + 2 * m.pad, h + 2 * m.pad + tab_h - m.gap


def _group_size(
    stacks: tuple[Stack, ...], chips: list[str], m: StackMetrics, k: float
) -> tuple[int, int, list[tuple[int, int]]]:
    sizes = [_stack_size(s, m, k) for s in stacks]
    w = sum(s[0] for s in sizes) + max(0, len(sizes) - 1) * m.gap
    h = max((s[1] for s in sizes), default=0)
    if chips:
        cf = font("sans-bold", round(9 * k))
        cw = sum(_text_size(c, cf)[0] + round(8 * k) for c in chips) + (len(chips) - 1) * m.gap
        w = max(w, cw)
        h += round(14 * k) + (m.gap if stacks else 0)
    return w, h, sizes


def _draw_unit(
    draw: ImageDraw.ImageDraw, x: float, y: float, c: Counter, side: str, m: StackMetrics, k: float
) -> None:
    s = m.unit
    sw = m.uw
    colour = _unit_colour(c, side)
    face = _mix(colour, (255, 255, 255), 0.55) if c.reduced else colour
    draw.rounded_rectangle(
        (x, y, x + sw - 1, y + s - 1),
        radius=max(2, round(3 * k)),
        fill=face,
        outline=(20, 20, 20),
        width=1,
    )
    stripe: RGB | None = None
    if c.kind == "garrison" or (c.front or "") == "interior":
        stripe = GARRISON_STRIPE
    elif c.front in FRONT_COLOURS:
        stripe = FRONT_COLOURS[c.front]
    if stripe is not None:
        draw.rectangle((x + 1, y + 1, x + sw - 2, y + round(4 * k)), fill=stripe)
    txt = (40, 20, 20) if c.reduced else (255, 255, 255)
    f_id = font("sans-bold", round(8 * k))
    f_pf = font("sans-bold", round(12 * k))
    short = _short_label(c)
    while _text_size(short, f_id)[0] > sw - 3 and len(short) > 1:
        short = short[:-1]
    _draw_text_box(
        draw, (x, y + round(4 * k), x + sw, y + round(12 * k)), short, f_id, txt, halo=None
    )
    if m.values and c.values:
        size = round(11 * k)
        f_v = font("sans-bold", size)
        while _text_size(c.values, f_v)[0] > sw - 4 and size > 7:
            size -= 1
            f_v = font("sans-bold", size)
        _draw_text_box(
            draw, (x, y + round(12 * k), x + sw, y + s - 1), c.values, f_v, txt, halo=None
        )
    elif c.strength is not None:
        _draw_text_box(
            draw, (x, y + round(12 * k), x + sw, y + s - 1), str(c.strength), f_pf, txt, halo=None
        )
    if c.reduced:
        # A dark corner flag: the counter is on its reduced side.
        t = round(6 * k)
        draw.polygon(
            [(x + sw - 1 - t, y + s - 1), (x + sw - 1, y + s - 1), (x + sw - 1, y + s - 1 - t)],
            fill=(20, 20, 20),
        )


def _draw_leader(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    w: float,
    c: Counter,
    side: str,
    m: StackMetrics,
    k: float,
) -> None:
    h = m.leader_h
    people = (c.people or "roman").lower()
    roman = people in ("roman", "rome", "")
    body = (250, 248, 240) if roman else _mix(_unit_colour(c, side), (255, 255, 255), 0.2)
    draw.rounded_rectangle(
        (x, y, x + w - 1, y + h - 1), radius=max(2, round(3 * k)), fill=body, outline=(20, 20, 20)
    )
    band = SIDE_COLOURS.get(side, INK) if roman else _unit_colour(c, side)
    draw.rectangle((x + 1, y + 1, x + round(6 * k), y + h - 2), fill=band)
    lf = font("sans-bold", round(10 * k))
    name = _leader_name(c)
    left, t, r, b = lf.getbbox(name)
    ink = (20, 20, 20) if roman else (255, 255, 255)
    draw.text((x + round(9 * k) - left, y + (h - (b - t)) / 2 - t), name, font=lf, fill=ink)
    if m.values and c.values:
        vf = _leader_values_font(k)
        vl, vt, _vr, vb = vf.getbbox(c.values)
        draw.text(
            (x + round(9 * k) + (r - left) + round(5 * k) - vl, y + (h - (vb - vt)) / 2 - vt),
            c.values,
            font=vf,
            fill=ink,
        )
    mx = x + w - 2
    d = round(13 * k)
    for mk in reversed([mk for mk in c.markers if mk in MARKER_STYLE]):
        letter, bg, fg = MARKER_STYLE[mk]
        mx -= d + 2
        draw.ellipse(
            (mx, y + (h - d) / 2, mx + d, y + (h - d) / 2 + d), fill=bg, outline=(20, 20, 20)
        )
        _draw_text_box(
            draw,
            (mx, y + (h - d) / 2, mx + d + 1, y + (h - d) / 2 + d),
            letter,
            font("sans-bold", round((7 if len(letter) > 1 else 9) * k)),
            fg,
            halo=None,
        )


def _draw_stack(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: tuple[int, int],
    stack: Stack,
    m: StackMetrics,
    k: float,
    tr: Callable[[Any], str],
) -> None:
    w, h = size
    side_c = SIDE_COLOURS.get(stack.side, INK)
    tab_h = round(11 * k)
    draw.rounded_rectangle(
        (x, y, x + w - 1, y + h - 1),
        radius=round(4 * k),
        fill=(252, 249, 240),
        outline=side_c,
        width=max(2, round(2 * k)),
    )
    draw.rectangle((x + 1, y + 1, x + w - 2, y + tab_h), fill=side_c)
    tf = font("sans-bold", round(8 * k))
    label = SIDE_TEXT.get(stack.side, stack.side)
    n = sum(1 for c in stack.counters if not c.is_leader)
    pf = sum(c.strength or 0 for c in stack.counters if not c.is_leader)
    if n:
        tally = tr(_("{n}u {pf}PF", n=n, pf=pf)) if w > round(60 * k) else tr(_("{n}u {pf}", n=n, pf=pf))
        label = f"{label} {tally}" if w > round(60 * k) else tally
    if stack.summary:
        label = stack.summary
    _draw_text_box(draw, (x, y + 1, x + w, y + tab_h + 1), label, tf, (255, 255, 255), halo=None)
    cy = y + m.pad + tab_h
    inner_w = w - 2 * m.pad
    for c in (c for c in stack.counters if c.is_leader):
        _draw_leader(draw, x + m.pad, cy, inner_w, c, stack.side, m, k)
        cy += m.leader_h + m.gap
    units = [c for c in stack.counters if not c.is_leader]
    for i, c in enumerate(units):
        col, row = i % m.cols, i // m.cols
        _draw_unit(
            draw,
            x + m.pad + col * (m.uw + m.gap),
            cy + row * (m.unit + m.gap),
            c,
            stack.side,
            m,
            k,
        )


def _draw_chips(
    draw: ImageDraw.ImageDraw, x: float, y: float, chips: list[str], m: StackMetrics, k: float
) -> None:
    cf = font("sans-bold", round(9 * k))
    for text in chips:
        tw, _ = _text_size(text, cf)
        w = tw + round(8 * k)
        h = round(14 * k)
        if text.startswith("⚔"):
            bg: RGB = (200, 30, 30)
        elif text in ("Plague",):
            bg = (90, 110, 40)
        else:
            bg = (110, 60, 130)
        draw.rounded_rectangle(
            (x, y, x + w - 1, y + h - 1), radius=round(4 * k), fill=bg, outline=(255, 255, 255)
        )
        _draw_text_box(draw, (x, y, x + w, y + h), text, cf, (255, 255, 255), halo=None)
        x += w + m.gap


# ----------------------------------------------------------------------------------------------
# Arrows and battles
# ----------------------------------------------------------------------------------------------


def _arrow(
    draw: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour: RGB, k: float
) -> None:
    if len(pts) < 2:
        return
    width = max(3, round(4 * k))
    # Shorten the last leg so the head does not hide the destination anchor.
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    head = 13 * k
    tip = (x1 - (x1 - x0) / d * 6 * k, y1 - (y1 - y0) / d * 6 * k)
    base = (tip[0] - (x1 - x0) / d * head, tip[1] - (y1 - y0) / d * head)
    line = pts[:-1] + [base]
    draw.line(line, fill=(255, 255, 255), width=width + 4, joint="curve")
    draw.line(line, fill=colour, width=width, joint="curve")
    nx, ny = -(y1 - y0) / d, (x1 - x0) / d
    tri = [
        tip,
        (base[0] + nx * head * 0.6, base[1] + ny * head * 0.6),
        (base[0] - nx * head * 0.6, base[1] - ny * head * 0.6),
    ]
    draw.polygon(tri, fill=colour, outline=(255, 255, 255))


def _curve(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    """A gentle arc from a to b (so opposite moves between two zones do not overlap)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    bend = 0.18
    cx, cy = mx - dy * bend, my + dx * bend
    out = []
    for i in range(13):
        t = i / 12
        out.append(
            (
                (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t**2 * b[0],
                (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t**2 * b[1],
            )
        )
    return out


# ----------------------------------------------------------------------------------------------
# Panel and header
# ----------------------------------------------------------------------------------------------


def _wrap(text: str, f: Any, width: int) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if _text_size(trial, f)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def _tr(scene: MapScene) -> Callable[[Any], str]:
    """Labels in the scene's language (the game's; ``render.words``)."""
    return words({"language": scene.language})


def _phase_text(scene: MapScene) -> str:
    tr = _tr(scene)
    if scene.phase and scene.phase_name:
        return tr(_("Phase {phase} · {name}", phase=scene.phase, name=scene.phase_name))
    if scene.phase:
        return tr(_("Phase {phase}", phase=scene.phase)) if len(scene.phase) <= 2 else tr(scene.phase)
    return tr(scene.phase_name)


def _smc_track(draw: ImageDraw.ImageDraw, x: int, y: int, scene: MapScene, box: int) -> int:
    f = font("sans-bold", 13)
    tr = _tr(scene)
    for side in ("R", "E"):
        left = scene.smc_left.get(side, 0)
        name = tr(_("Rome") if side == "R" else _("Enemies"))
        active = scene.active_side == side
        draw.text((x, y + 3), ("▶ " if active else "") + name, font=f, fill=SIDE_COLOURS[side])
        bx = x + 100
        for i in range(max(scene.smc_max, left)):
            filled = i < left
            draw.rounded_rectangle(
                (bx + i * (box + 4), y, bx + i * (box + 4) + box, y + box),
                radius=3,
                fill=SIDE_COLOURS[side] if filled else (236, 230, 214),
                outline=SIDE_COLOURS[side],
            )
            _draw_text_box(
                draw,
                (bx + i * (box + 4), y, bx + i * (box + 4) + box + 1, y + box + 1),
                str(i + 1),
                font("sans-bold", 11),
                (255, 255, 255) if filled else (150, 140, 120),
                halo=None,
            )
        draw.text(
            (bx + max(scene.smc_max, left) * (box + 4) + 6, y + 3),
            tr(_("{n} left", n=left)),
            font=font("sans", 13),
            fill=INK,
        )
        y += box + 6
    return y


def _draw_panel(canvas: Image.Image, scene: MapScene, board: BoardGeometry, x0: int) -> None:
    W, H = canvas.size
    draw = ImageDraw.Draw(canvas)
    tr = _tr(scene)
    draw.rectangle((x0, 0, W - 1, H - 1), fill=PAPER)
    draw.line((x0, 0, x0, H), fill=(120, 30, 30), width=4)
    x = x0 + 18
    inner = W - x - 16
    y = 14
    draw.text((x, y), "IMPERATOR", font=font("serif-bold", 30), fill=(120, 20, 24))
    y += 38
    if scene.result:
        _result_banner(draw, tr(scene.result), (0, 0, x0, 40), tr)
        game_over = tr(_("Game over: {result}", result=scene.result))
        for line in _wrap(game_over, font("sans-bold", 15), inner):
            draw.text((x, y), line, font=font("sans-bold", 15), fill=(120, 20, 24))
            y += 20
    if scene.scenario:
        for line in _wrap(scene.scenario, font("serif-italic", 14), inner)[:2]:
            draw.text((x, y), line, font=font("serif-italic", 14), fill=INK)
            y += 18
    y += 4
    draw.text((x, y), tr(_("AD {year}", year=scene.year)), font=font("serif-bold", 26), fill=INK)
    ph = _phase_text(scene)
    y += 34
    for line in _wrap(ph, font("sans-bold", 15), inner)[:2]:
        draw.text((x, y), line, font=font("sans-bold", 15), fill=INK)
        y += 20
    if scene.turn_label:
        draw.text((x, y), tr(scene.turn_label), font=font("sans", 14), fill=INK)
        y += 20
    if scene.initiative:
        draw.text(
            (x, y),
            tr(_("Initiative: {side}", side=SIDE_NAMES[scene.initiative])),
            font=font("sans", 14),
            fill=SIDE_COLOURS[scene.initiative],
        )
        y += 20
    y = _section(draw, x, y, inner, tr(_("Military command sequences")))
    y = _smc_track(draw, x, y, scene, 20)
    y = _section(draw, x, y + 2, inner, tr(_("Victory points")))
    f = font("sans-bold", 15)
    vr, ve = scene.vp.get("R", 0), scene.vp.get("E", 0)
    draw.text((x, y), tr(_("Rome {vp}", vp=vr)), font=f, fill=SIDE_COLOURS["R"])
    te = tr(_("{vp} Enemies", vp=ve))
    draw.text((x + inner - _text_size(te, f)[0], y), te, font=f, fill=SIDE_COLOURS["E"])
    y += 22
    tot = max(1, abs(vr) + abs(ve))
    split = x + round(inner * max(0, vr) / tot) if (vr > 0 or ve > 0) else x + inner // 2
    draw.rectangle((x, y, split, y + 8), fill=SIDE_COLOURS["R"])
    draw.rectangle((split, y, x + inner, y + 8), fill=SIDE_COLOURS["E"])
    y += 16
    y = _section(draw, x, y, inner, tr(_("Event")))
    sf = font("sans", 13)
    if scene.active_event:
        ev = scene.active_event
        name = tr(data_name(ev.name))  # the events' names and texts are in the catalogue (I18N-3)
        title = f"{ev.id}. {name}" if ev.id else name
        for line in _wrap(title, font("sans-bold", 14), inner)[:2]:
            draw.text((x, y), line, font=font("sans-bold", 14), fill=INK)
            y += 18
        for line in _wrap(tr(data_name(ev.text)), sf, inner)[:4]:
            draw.text((x, y), line, font=sf, fill=INK)
            y += 16
    else:
        draw.text((x, y), tr(_("none")), font=sf, fill=(120, 110, 100))
        y += 18
    y = _section(draw, x, y, inner, tr(_("Armenia · Reserve Fronts")))
    status = (scene.armenia_status or "").lower()
    arm = tr(ARMENIA.get(status, status.title() or "—"))
    colour = (
        SIDE_COLOURS["R"]
        if (scene.armenia_status or "").lower().startswith("rom")
        else NATION_COLOURS["persian"]
    )
    draw.text((x, y), tr(_("Armenia: {status}", status=arm)), font=font("sans-bold", 13), fill=colour)
    y += 18
    rx = x
    if scene.reserve_fronts:
        for fr in scene.reserve_fronts:
            fid = norm_front(fr) or fr
            name = tr(FRONT_SHORT.get(fid, fr))
            tw, _h = _text_size(name, font("sans-bold", 12))
            if rx + tw + 12 > x + inner:
                rx = x
                y += 20
            draw.rounded_rectangle(
                (rx, y, rx + tw + 10, y + 17),
                radius=4,
                fill=FRONT_COLOURS.get(fid, (120, 120, 120)),
            )
            _draw_text_box(
                draw,
                (rx, y, rx + tw + 10, y + 17),
                name,
                font("sans-bold", 12),
                (255, 255, 255),
                halo=None,
            )
            rx += tw + 16
        y += 22
    else:
        draw.text((x, y), tr(_("No Reserve Front")), font=sf, fill=(120, 110, 100))
        y += 18
    y = _section(draw, x, y, inner, tr(_("Peoples")))
    war = [p.name for p in scene.peoples if p.status == "war"]
    pax = [p.name for p in scene.peoples if p.status == "pax"]
    for label, names, colour in (
        (_("At war: {peoples}"), war, (170, 20, 20)),
        (_("Pax Romana: {peoples}"), pax, (60, 110, 40)),
    ):
        listed = ", ".join(names) if names else tr(_("none"))
        text = tr(_(label.msgid, peoples=listed))
        for line in _wrap(text, sf, inner):  # never cut: every People is listed
            draw.text((x, y), line, font=sf, fill=colour)
            y += 16
    if scene.map_stratagems or scene.fleets:
        y = _section(draw, x, y, inner, tr(_("On the map")))
        for s in scene.map_stratagems:
            zname = board.zones[s.zone].name if s.zone in board.zones else s.zone
            for line in _wrap(f"{s.name} — {zname}", sf, inner)[:2]:
                draw.text((x, y), line, font=sf, fill=(110, 60, 130))
                y += 16
        for fl in scene.fleets:
            zname = board.zones[fl.zone].name if fl.zone in board.zones else fl.zone
            where = tr(_("at sea") if fl.at_sea else _("in port"))
            draw.text((x, y), f"⚓ {fl.name}: {where}, {zname}", font=sf, fill=(30, 70, 120))
            y += 16
    if scene.last_moves or scene.battle_zones:
        y = _section(draw, x, y, inner, tr(_("Last SMC")))
        n = len(scene.last_moves)
        bz = [board.zones[z].name if z in board.zones else z for z in scene.battle_zones]
        text = tr(
            _n("{n} move; battle at {zones}", "{n} moves; battle at {zones}", n, zones=", ".join(bz))
            if bz
            else _n("{n} move", "{n} moves", n)
        )
        for line in _wrap(text, sf, inner)[:3]:
            draw.text((x, y), line, font=sf, fill=INK)
            y += 16
    _legend(draw, x, max(y + 8, H - 230), inner, tr)


def _section(draw: ImageDraw.ImageDraw, x: int, y: int, inner: int, title: str) -> int:
    y += 6
    draw.line((x, y + 8, x + inner, y + 8), fill=(190, 170, 140))
    f = font("serif-bold", 13)
    tw, _ = _text_size(title, f)
    draw.rectangle((x, y, x + tw + 8, y + 16), fill=PAPER)
    draw.text((x, y), title, font=f, fill=(120, 20, 24))
    return y + 21


def _legend(
    draw: ImageDraw.ImageDraw, x: int, y: int, inner: int, tr: Callable[[Any], str] = str
) -> None:
    y = _section(draw, x, y, inner, tr(_("Legend")))
    f = font("sans", 12)
    cx = x
    for fid in FRONTS:
        name = tr(FRONT_SHORT[fid])
        tw, _h = _text_size(name, f)
        if cx + tw + 22 > x + inner:
            cx = x
            y += 18
        draw.rectangle((cx, y + 2, cx + 12, y + 14), fill=FRONT_COLOURS[fid], outline=INK)
        draw.text((cx + 16, y + 1), name, font=f, fill=INK)
        cx += tw + 26
    y += 20
    draw.rectangle(
        (x, y + 2, x + 12, y + 14), fill=(188, 200, 160), outline=OUTSIDE_COLOUR, width=2
    )
    draw.text((x + 16, y + 1), tr(_("outside the Empire")), font=f, fill=(36, 96, 40))
    sx = x + 150
    _draw_site(draw, "camp", (sx, y + 3, sx + 10, y + 13), 0)
    draw.text((sx + 14, y + 1), tr(_("camp")), font=f, fill=INK)
    _draw_site(draw, "city", (sx + 60, y + 3, sx + 70, y + 13), 0)
    draw.text((sx + 74, y + 1), tr(_("city")), font=f, fill=INK)
    _draw_site(draw, "port", (sx + 112, y + 2, sx + 124, y + 14), 0)
    draw.text((sx + 128, y + 1), tr(_("port")), font=f, fill=INK)
    y += 20
    m = _metrics(1.0)
    _draw_unit(
        draw, x, y, Counter("legion", "XIVe Gemina", "XIV", 10, False, (), "danube"), "R", m, 1.0
    )
    _draw_unit(
        draw, x + 28, y, Counter("legion", "XIVe Gemina", "XIV", 5, True, (), "danube"), "R", m, 1.0
    )
    draw.text((x + 58, y + 5), tr(_("full · reduced")), font=f, fill=INK)
    mx = x + 160
    for mk in ("augustus", "caesar", "usurper", "corporis_custodes"):
        letter, bg, fg = MARKER_STYLE[mk]
        draw.ellipse((mx, y + 5, mx + 14, y + 19), fill=bg, outline=INK)
        _draw_text_box(
            draw,
            (mx, y + 5, mx + 15, y + 20),
            letter,
            font("sans-bold", 8 if len(letter) > 1 else 9),
            fg,
            halo=None,
        )
        mx += 18
    draw.text((mx + 2, y + 5), tr(_("A C U CC titles")), font=f, fill=INK)
    y += 26
    marks: list[tuple[str, Callable[[ImageDraw.ImageDraw, int, int], None]]] = [
        (_("Rome's move"), lambda d, xx, yy: _legend_arrow(d, xx, yy, ARROW_COLOURS["R"])),
        (_("Enemies' move"), lambda d, xx, yy: _legend_arrow(d, xx, yy, ARROW_COLOURS["E"])),
        (_("battle"), lambda d, xx, yy: _legend_swatch(d, xx, yy, BATTLE_TINT, (210, 20, 20))),
        (_("held by Enemies"), lambda d, xx, yy: _legend_swatch(d, xx, yy, ENEMY_TINT, INK)),
        (_("major river"), lambda d, xx, yy: d.line((xx, yy + 8, xx + 22, yy + 8),
                                                    fill=RIVER_COLOUR, width=4)),
        (_("≈ strait"), lambda d, xx, yy: _dashed(d, [(xx, yy + 8), (xx + 22, yy + 8)],
                                                  STRAIT_COLOUR, 3, 5, 3)),
        (_("People at war / Pax Romana"), lambda d, xx, yy: _legend_chips(d, xx, yy)),
    ]
    cx = x
    for label, mark in marks:
        text = tr(label)
        tw, _h = _text_size(text, f)
        if cx + 28 + tw > x + inner:
            cx, y = x, y + 20
        mark(draw, cx, y)
        draw.text((cx + 28, y + 1), text, font=f, fill=INK)
        cx += 28 + tw + 12


def _draw_header(canvas: Image.Image, scene: MapScene, vp: Viewport) -> None:
    W = canvas.size[0]
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, W - 1, HEADER_H - 1), fill=PAPER)
    draw.line((0, HEADER_H - 2, W, HEADER_H - 2), fill=(120, 30, 30), width=3)
    big = font("serif-bold", 22)
    small = font("sans-bold", 15)
    tr = _tr(scene)
    title = tr(vp.title or vp.name)
    heading = tr(_("{title} · AD {year}", title=title, year=scene.year))
    draw.text((12, 6), _fit(heading, big, W // 2 - 16), font=big, fill=(120, 20, 24))
    line2 = f"{_phase_text(scene)}  {tr(scene.turn_label)}".strip()
    if scene.active_event and scene.active_event.name:
        line2 += "  ·  " + tr(_("Event: {event}", event=data_name(scene.active_event.name)))
    draw.text((12, 38), _fit(line2, small, W - 24), font=small, fill=INK)
    x = W - 12
    right = [
        tr(_("VP Rome {rome} · Enemies {enemies}", rome=scene.vp.get("R", 0),
             enemies=scene.vp.get("E", 0))),
    ]
    yy = 4
    for text in right[:1]:
        tw, _h = _text_size(text, small)
        draw.text((x - tw, yy + 4), text, font=small, fill=INK)
        yy += 24
    if scene.result:
        _result_banner(draw, tr(scene.result), (0, vp.map_top, W, vp.map_top + 34), tr)


def _fit(text: str, f: Any, width: int) -> str:
    """``text`` shortened with an ellipsis until it fits ``width`` pixels."""
    if _text_size(text, f)[0] <= width:
        return text
    while text and _text_size(text + "…", f)[0] > width:
        text = text[:-1]
    return text + "…"


def _result_banner(
    draw: ImageDraw.ImageDraw,
    text: str,
    box: tuple[int, int, int, int],
    tr: Callable[[Any], str] = str,
) -> None:
    """The end of the game across the top of the map: who won."""
    draw.rectangle(box, fill=(120, 20, 24))
    f = font("serif-bold", 20)
    banner = tr(_("GAME OVER · {result}", result=text))
    _draw_text_box(draw, box, _fit(banner, f, box[2] - box[0] - 16), f,
                   (255, 244, 220), halo=None)


def _draw_legend_strip(
    canvas: Image.Image, vp: Viewport, tr: Callable[[Any], str] = str
) -> None:
    """Detail and theatre views: every mark explained under the map."""
    W = canvas.size[0]
    y0 = vp.map_top + vp.height
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, y0, W - 1, y0 + LEGEND_H - 1), fill=PAPER)
    draw.line((0, y0, W, y0), fill=(120, 30, 30), width=2)
    f = font("sans", 13)
    items: list[tuple[str, Callable[[ImageDraw.ImageDraw, int, int], None]]] = [
        (_("Rome's move"), lambda d, x, y: _legend_arrow(d, x, y, ARROW_COLOURS["R"])),
        (_("Enemies' move"), lambda d, x, y: _legend_arrow(d, x, y, ARROW_COLOURS["E"])),
        (_("battle"), lambda d, x, y: _legend_swatch(d, x, y, BATTLE_TINT, (210, 20, 20))),
        (_("held by Enemies"), lambda d, x, y: _legend_swatch(d, x, y, ENEMY_TINT, INK)),
        (_("major river"), lambda d, x, y: d.line((x, y + 8, x + 22, y + 8), fill=RIVER_COLOUR,
                                                  width=4)),
        (_("≈ strait"), lambda d, x, y: _dashed(d, [(x, y + 8), (x + 22, y + 8)], STRAIT_COLOUR,
                                                3, 5, 3)),
        (_("units PF-QU-BT"), lambda d, x, y: _legend_unit(d, x, y)),
        (_("leaders CC-VS-BT-CP"), lambda d, x, y: _legend_leader(d, x, y)),
        (_("units, PF, +leaders (folded stack)"), lambda d, x, y: _legend_tab(d, x, y)),
        (_("camp"), lambda d, x, y: _draw_site(d, "camp", (x + 6, y + 3, x + 17, y + 14), 0)),
        (_("city"), lambda d, x, y: _draw_site(d, "city", (x + 6, y + 3, x + 17, y + 14), 0)),
        (_("port"), lambda d, x, y: _draw_site(d, "port", (x + 5, y + 2, x + 18, y + 15), 0)),
        (_("People at war / in Pax Romana"), lambda d, x, y: _legend_chips(d, x, y)),
    ]
    x, y = 10, y0 + 8
    for label, mark in items:
        text = tr(label)
        tw, _h = _text_size(text, f)
        if x + 28 + tw > W - 8:
            x, y = 10, y + 24
        mark(draw, x, y)
        draw.text((x + 28, y + 1), text, font=f, fill=INK)
        x += 28 + tw + 16


def _legend_arrow(draw: ImageDraw.ImageDraw, x: int, y: int, colour: RGB) -> None:
    draw.line((x, y + 8, x + 16, y + 8), fill=colour, width=4)
    draw.polygon([(x + 24, y + 8), (x + 15, y + 2), (x + 15, y + 14)], fill=colour)


def _legend_swatch(draw: ImageDraw.ImageDraw, x: int, y: int, fill: RGB, edge: RGB) -> None:
    draw.rectangle((x, y + 1, x + 22, y + 15), fill=_mix(fill, PAPER, 0.55), outline=edge,
                   width=2)


def _legend_unit(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y, x + 22, y + 16), radius=3, fill=ROMAN_UNIT, outline=INK)
    _draw_text_box(draw, (x, y, x + 23, y + 17), "10-2", font("sans-bold", 8), (255, 255, 255),
                   halo=None)


def _legend_tab(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rectangle((x, y + 3, x + 22, y + 13), fill=SIDE_COLOURS["R"])


def _legend_chips(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y + 2, x + 10, y + 14), radius=2, fill=(190, 24, 24))
    draw.rounded_rectangle((x + 12, y + 2, x + 22, y + 14), radius=2, fill=(70, 120, 50))


def _legend_leader(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle((x, y + 2, x + 22, y + 14), radius=3, fill=(250, 248, 240),
                           outline=INK)
    draw.rectangle((x + 1, y + 3, x + 4, y + 13), fill=SIDE_COLOURS["R"])


# ----------------------------------------------------------------------------------------------
# The map
# ----------------------------------------------------------------------------------------------


@dataclass
class RenderResult:
    image: Image.Image
    placed: list[Placed]
    viewport: Viewport
    pins: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Stacks and chips drawn away from their zone: placed key -> the pin in the zone where
    their leader line starts."""


ARROW_COLOURS: dict[str, RGB] = {"R": (178, 36, 44), "E": (60, 60, 66)}


def enemy_held(scene: MapScene) -> list[str]:
    """Zones where only the Enemies of Rome have counters (tinted grey on the map)."""
    return sorted(
        zid
        for zid, zs in scene.zones.items()
        if zs.stacks and all(st.side == "E" for st in zs.stacks)
    )


def _zone_chips(scene: MapScene) -> dict[str, list[str]]:
    chips: dict[str, list[str]] = {}
    tr = _tr(scene)
    for z in scene.battle_zones:
        chips.setdefault(z, []).append(tr(_("⚔ Battle")))
    for zid, zs in scene.zones.items():
        for mk in zs.markers:
            chips.setdefault(zid, []).append(tr(_chip_text(mk)))
    for s in scene.map_stratagems:
        chips.setdefault(s.zone, []).append(s.name)
    return chips


def _fleet_stacks(scene: MapScene) -> dict[str, list[Stack]]:
    out: dict[str, list[Stack]] = {}
    for fl in scene.fleets:
        counters = (Counter("fleet", fl.name, short=fl.name),) + fl.counters
        out.setdefault(fl.zone, []).append(Stack(fl.side, counters))
    return out


def _draw_fleet_stack(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: tuple[int, int],
    stack: Stack,
    m: StackMetrics,
    k: float,
) -> None:
    w, h = size
    draw.rounded_rectangle(
        (x, y, x + w - 1, y + h - 1),
        radius=round(4 * k),
        fill=(226, 236, 246),
        outline=(30, 70, 120),
        width=max(2, round(2 * k)),
    )
    tab_h = round(11 * k)
    fleet = stack.counters[0]
    draw.rectangle((x + 1, y + 1, x + w - 2, y + tab_h), fill=(30, 70, 120))
    _draw_text_box(
        draw,
        (x, y + 1, x + w, y + tab_h + 1),
        f"⚓ {fleet.label}",
        font("sans-bold", round(8 * k)),
        (255, 255, 255),
        halo=None,
    )
    inner = Stack(stack.side, stack.counters[1:])
    cy = y + m.pad + tab_h
    for c in (c for c in inner.counters if c.is_leader):
        _draw_leader(draw, x + m.pad, cy, w - 2 * m.pad, c, stack.side, m, k)
        cy += m.leader_h + m.gap
    units = [c for c in inner.counters if not c.is_leader]
    for i, c in enumerate(units):
        col, row = i % m.cols, i // m.cols
        _draw_unit(
            draw,
            x + m.pad + col * (m.uw + m.gap),
            cy + row * (m.unit + m.gap),
            c,
            stack.side,
            m,
            k,
        )


def _fleet_size(stack: Stack, m: StackMetrics, k: float) -> tuple[int, int]:
    w, h = _stack_size(Stack(stack.side, stack.counters[1:]), m, k)
    tw, _ = _text_size(f"⚓ {stack.counters[0].label}", font("sans-bold", round(8 * k)))
    return max(w, tw + 8), h if len(stack.counters) > 1 else round(11 * k) + 2 * m.pad


def render_scene(
    scene: MapScene, view: str = "whole", board: BoardGeometry | None = None
) -> RenderResult:
    """Render to a Pillow image and return it with every placed box (used by the tests)."""
    board = board if board is not None else load_board()
    vp = viewport(board, view, scene)
    static = static_layer(board, vp)
    canvas = static.image  # a fresh image each time
    k = vp.k
    top = vp.map_top
    placer = Placer((2, top + 2, vp.width - 2, top + vp.height - 2))
    for p in static.placed:
        placer.add(p.kind, p.key, p.rect)

    def anchor(zid: str, inside: bool = True) -> tuple[float, float] | None:
        a = static.anchors.get(zid)
        if a is None:
            return None
        if inside and not (0 <= a[0] < vp.width and top <= a[1] < top + vp.height):
            return None  # the zone lies outside this view
        return a

    def rings(zid: str) -> list[list[tuple[float, float]]]:
        z = board.zones.get(zid)
        if z is None:
            return []
        out = [[vp.to_px(lon, lat) for lon, lat in ring] for ring in z.rings]
        return [r for r in out if len(r) >= 3]

    # Tints: zones held by the Enemies of Rome (grey) and battle zones (red).
    held = enemy_held(scene)
    if held or scene.battle_zones:
        tint = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
        td = ImageDraw.Draw(tint)
        for zid in held:
            for ring in rings(zid):
                td.polygon(ring, fill=ENEMY_TINT + (70,))
        for zid in scene.battle_zones:
            for ring in rings(zid):
                td.polygon(ring, fill=BATTLE_TINT + (90,))
        map_box = (0, top, vp.width, top + vp.height)
        region = canvas.crop(map_box).convert("RGBA")
        region.alpha_composite(tint.crop(map_box))
        canvas.paste(region.convert("RGB"), map_box[:2])
    draw = ImageDraw.Draw(canvas)

    # Battle zones: a red outline; the zone a view is about: a gold one.
    for zid in scene.battle_zones:
        for pts in rings(zid):
            draw.line(
                pts + pts[:1], fill=(255, 255, 255), width=max(4, round(5 * k)), joint="curve"
            )
            draw.line(pts + pts[:1], fill=(210, 20, 20), width=max(2, round(3 * k)), joint="curve")
    for zid in vp.focus:
        for pts in rings(zid):
            draw.line(pts + pts[:1], fill=FOCUS_COLOUR, width=max(3, round(4 * k)), joint="curve")

    # Arrows of the last SMC, in the colour of the side that moved.
    for mv in scene.last_moves:
        path = list(mv.path) if len(mv.path) >= 2 else [mv.src, mv.dst]
        pts = [a for a in (anchor(z, inside=False) for z in path) if a is not None]
        if len(pts) < 2:
            continue
        line = _curve(pts[0], pts[1]) if len(pts) == 2 else pts
        _arrow(draw, line, ARROW_COLOURS.get(mv.side, INK), k)

    # Counter groups, one per zone (stacks of both sides side by side, chips on top).
    m = _metrics(k, vp.values)
    chips = _zone_chips(scene)
    fleets = _fleet_stacks(scene)
    groups = []
    # The theatre view shows the counters of the zones of the action; elsewhere a stack is
    # folded to one line (side, units, PF, leaders) so the action keeps the room.
    core = set(theatre_zones(board, scene)[0]) if vp.name.startswith("theatre:") else None
    for zid in sorted(set(scene.zones) | set(chips) | set(fleets)):
        a = anchor(zid)
        if a is None:
            continue
        zs = scene.zones.get(zid)
        stacks = tuple(zs.stacks) if zs else ()
        if core is not None and zid not in core:
            stacks = tuple(_folded(s, _tr(scene)) for s in stacks)
        fl = tuple(fleets.get(zid, ()))
        zchips = chips.get(zid, [])
        if not stacks and not fl and not zchips:
            continue
        w, h, sizes = _group_size(stacks, zchips, m, k)
        fsizes = [_fleet_size(s, m, k) for s in fl]
        if fsizes:
            w = w + (m.gap if w else 0) + sum(s[0] for s in fsizes) + m.gap * (len(fsizes) - 1)
            h = max(h, max(s[1] for s in fsizes) + (round(14 * k) + m.gap if zchips else 0))
        groups.append((zid, a, w, h, stacks, sizes, fl, fsizes, zchips))
    # Big groups first: they have the fewest places to go.
    groups.sort(key=lambda g: (-(g[2] * g[3]), g[0]))
    placed_groups = []
    pins: dict[str, tuple[float, float]] = {}
    for g in groups:
        zid, a, w, h = g[0], g[1], g[2], g[3]
        label = static.label_rects.get(zid)
        p = placer.place(
            "stack",
            zid,
            a,
            (w, h),
            gap=2,
            step=4,
            offset=(0, h / 2 + 6 * k) if label is None else (0, 0),
        )
        placed_groups.append((p, g))
    # Leader lines for groups pushed away from their zone, or whose middle lies outside it
    # (a small zone): a pin in the zone and a line to the group.
    for p, g in placed_groups:
        ax, ay = g[1]
        r = p.rect
        nx, ny = min(max(ax, r[0]), r[2]), min(max(ay, r[1]), r[3])
        if math.hypot(nx - ax, ny - ay) > 10 * k or not inside(centre(r), rings(p.key)):
            pins[p.key] = (ax, ay)
            draw.line((ax, ay, nx, ny), fill=(40, 40, 40), width=max(1, round(1.5 * k)))
            rr = 3 * k
            draw.ellipse((ax - rr, ay - rr, ax + rr, ay + rr), fill=(40, 40, 40))
    for p, g in placed_groups:
        stacks, sizes, fl, fsizes, zchips = g[4:]
        x, y = p.rect[0], p.rect[1]
        if zchips:
            _draw_chips(draw, x, y, zchips, m, k)
            y += round(14 * k) + m.gap
        for s, size in zip(stacks, sizes, strict=True):
            _draw_stack(draw, x, y, size, s, m, k, _tr(scene))
            x += size[0] + m.gap
        for s, size in zip(fl, fsizes, strict=True):
            _draw_fleet_stack(draw, x, y, size, s, m, k)
            x += size[0] + m.gap

    # People status (at war / Pax Romana) and Armenia, as chips next to the zone's name.
    status_chips: list[tuple[str, str, RGB]] = []
    for ppl in scene.peoples:
        if ppl.status not in ("war", "pax"):
            continue
        text, colour = (
            (_tr(scene)(_("AT WAR")), (190, 24, 24)) if ppl.status == "war" else ("PAX ROMANA", (70, 120, 50))
        )
        for zid in ppl.zones:
            status_chips.append((zid, text, colour))
    if scene.armenia_status:
        roman = scene.armenia_status.lower().startswith("rom")
        status_chips.append(
            (
                scene.armenia_zone,
                _tr(scene)(_("ROMAN") if roman else _("PARTHIAN")),
                SIDE_COLOURS["R"] if roman else NATION_COLOURS["persian"],
            )
        )
    cf = font("sans-bold", round(8 * k))
    for zid, text, colour in status_chips:
        lr = static.label_rects.get(zid)
        a = anchor(zid)
        if a is None:
            continue
        tw, th = _text_size(text, cf)
        w, h = tw + round(8 * k), th + round(6 * k)
        at = ((lr[0] + lr[2]) / 2, lr[3] + h / 2 + 1) if lr else a
        p = placer.place("chip", f"{zid}/{text}", at, (w, h), gap=1, step=3, max_radius=150 * k)
        cx, cy = centre(p.rect)
        if math.hypot(cx - at[0], cy - at[1]) > h + 10 * k or not inside((cx, cy), rings(zid)):
            # Away from its name or out of its zone: a line from the zone's pin to the chip.
            pins[p.key] = a
            near = (min(max(a[0], p.rect[0]), p.rect[2]), min(max(a[1], p.rect[1]), p.rect[3]))
            draw.line((a[0], a[1], *near), fill=colour, width=max(1, round(1.5 * k)))
            rr = 2.5 * k
            draw.ellipse((a[0] - rr, a[1] - rr, a[0] + rr, a[1] + rr), fill=colour)
        draw.rounded_rectangle(
            (p.rect[0], p.rect[1], p.rect[2] - 1, p.rect[3] - 1),
            radius=round(3 * k),
            fill=colour,
            outline=(255, 255, 255),
        )
        _draw_text_box(draw, p.rect, text, cf, (255, 255, 255), halo=None)

    _names_on_top(canvas, static)
    if vp.panel:
        _draw_panel(canvas, scene, board, vp.width)
    else:
        _draw_header(canvas, scene, vp)
        if vp.legend:
            _draw_legend_strip(canvas, vp, _tr(scene))
    return RenderResult(canvas, list(placer.placed), vp, pins)


def _folded(stack: Stack, tr: Callable[[Any], str]) -> Stack:
    """A stack outside the theatre's core folded to one line: side (Latin), units, PF, leaders."""
    units = [c for c in stack.counters if not c.is_leader]
    leaders = sum(1 for c in stack.counters if c.is_leader)
    pf = sum(c.strength or 0 for c in units)
    tally = tr(_("{n}u {pf}PF", n=len(units), pf=pf))
    text = f"{SIDE_TEXT.get(stack.side, stack.side)} {tally}"
    if leaders:
        text += " " + tr(_("+{n}L", n=leaders))
    return Stack(stack.side, (), text)


def _names_on_top(canvas: Image.Image, static: StaticLayer) -> None:
    """Tints, outlines, arrows and pins never hide a name: every name goes back on top."""
    plain = static.image
    for p in static.placed:
        if p.kind == "label":
            box = (round(p.rect[0]), round(p.rect[1]), round(p.rect[2]), round(p.rect[3]))
            canvas.paste(plain.crop(box), box[:2])


def encode_png(img: Image.Image) -> bytes:
    """PNG bytes, reduced to an adaptive 256-colour palette (the map is flat colour). zlib level
    3: half the time of level 6 for about 12% more bytes (docs/development.md, render figures)."""
    pal = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()


def render_map(
    scene: MapScene | Mapping[str, Any], view: str = "whole", board: BoardGeometry | None = None
) -> bytes:
    """Render the public scene as PNG bytes. ``view``: whole | front:<name> | zone:<id>."""
    if not isinstance(scene, MapScene):
        scene = from_public_view(scene)
    return encode_png(render_scene(scene, view, board).image)


def render_public_view(view: Mapping[str, Any], view_name: str = "whole") -> bytes:
    """The bot's entry point (``bot/renderers.py``): public-view dict -> PNG bytes."""
    return render_map(from_public_view(view), view_name)


def render_battle_card(battle: Mapping[str, Any]) -> bytes:
    """A small image of one battle (see :mod:`render.battle_card` for the dict format)."""
    from render.battle_card import render_battle_card as _card

    return _card(battle)
