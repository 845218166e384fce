"""The picture of a game of Rome, IInc.: the province map on real geography and the Empires' tracks.

One image, 1000 px wide, read on a phone at 550 px: a band with the turn, phase and both
Empires' tracks (Gold, Pay, Unrest, Prestige, Emperor) and the Commands' governors, then the
Western and the Eastern Empire, each a crop of the terrain layer the Imperator renderer uses
(``render.assets.base_layer``, same projection), then the boxes: the Event Chart with this
turn's Event counters, the Statesmen Box, the Wars Box and the Dynasties in play. Every Province is a card at its place: its name
on the colour of its status (Roman, Insurgent, Allied, Foederati, Barbarian), framed in its
Command's colour (red when a Rebel holds it), and under the name its Units (one counter per kind,
with how many), the War there and its Leader. Homelands show the Wars and Leaders waiting in them.

Fixed words go through ``_()`` and are drawn in the game's language (``render.words``);
Province, Statesman and Leader names are proper names. Everything is read from the public view
and the game's data (coordinates, names); nothing here decides a rule.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import projection
from render.assets import base_layer, font
from render.layout import Placed, Placer
from render.words import words
from rules.core.i18n import _, _n
from rules.rome_iinc.data import STATUS_WORDS as RULES_STATUS_WORDS
from rules.rome_iinc.data import UNIT_WORDS, RomeData, data
from rules.rome_iinc.views import PHASE_NAMES

RGB = tuple[int, int, int]
WIDTH = 1000
PHONE_W = 550
COUNTER = 38  # px: 20.9 px at phone width
NAME_SIZE = 19  # px font: a name's "Hg" is about 18 px tall, 9.9 px at phone width
GAP = 3
PANEL_MARGIN = 70  # base pixels around a panel's provinces

STATUS_FILL: dict[str, RGB] = {
    "roman": (250, 244, 226),
    "insurgent": (250, 214, 96),
    "allied": (176, 222, 160),
    "foederati": (242, 170, 110),
    "barbarian": (96, 84, 78),
    "homeland": (214, 204, 220),
}
STATUS_WORDS = RULES_STATUS_WORDS
COMMAND_COLOURS: dict[str, RGB] = {
    "brown": (120, 72, 36), "maroon": (120, 24, 40), "dark green": (24, 100, 44),
    "orange": (226, 120, 20), "purple": (110, 40, 140), "pale blue": (90, 160, 220),
    "red": (210, 30, 30), "black": (20, 20, 20), "dark blue": (20, 40, 130),
    "pale green": (110, 190, 110),
}
EMPIRE_FILL: dict[str, RGB] = {"west": (150, 26, 32), "east": (70, 36, 120)}
REBEL_EDGE: RGB = (230, 0, 0)
WAR_FILL: RGB = (60, 44, 36)
LEADER_FILL: RGB = (20, 20, 20)
INK: RGB = (24, 20, 16)
LINK_COLOUR: dict[str, RGB] = {
    "road": (120, 84, 50), "desert": (200, 160, 90), "mountain": (110, 110, 110),
    "river": (40, 90, 180), "sea": (40, 110, 170),
}
UNIT_ORDER = ("legion", "pseudo", "guards", "cavalry", "auxilia", "fleet", "fort")
UNIT_SHORT = {"legion": "L", "pseudo": "PL", "guards": "G", "cavalry": "C", "auxilia": "A",
              "fleet": "F", "fort": "Ft"}
PHASE_WORDS = PHASE_NAMES
PANEL_TITLES = {"west": _("Western Empire"), "east": _("Eastern Empire")}
WEST_HOMELANDS = ("pictish", "saxon", "frankish", "alamannic", "suevian", "moorish")


# -- panels: a crop of the terrain layer per Empire ----------------------------------------------
@dataclass(frozen=True)
class Panel:
    empire: str
    x0: float  # base pixels of the crop's top-left corner
    y0: float
    scale: float  # output pixels per base pixel
    width: int
    height: int
    provinces: tuple[str, ...]

    def at(self, lon: float, lat: float) -> tuple[float, float]:
        bx, by = projection.project(lon, lat)
        return (bx - self.x0) * self.scale, (by - self.y0) * self.scale


def panel_provinces(d: RomeData, empire: str) -> tuple[str, ...]:
    """The Provinces of ``empire``'s Commands (by the map) and the Homelands drawn with them."""
    out = []
    for pid, p in sorted(d.provinces.items()):
        if p.homeland:
            if (pid in WEST_HOMELANDS) == (empire == "west"):
                out.append(pid)
        elif d.commands[p.command]["empire"] == empire:
            out.append(pid)
    return tuple(out)


def make_panel(d: RomeData, empire: str) -> Panel:
    pids = panel_provinces(d, empire)
    pts = [projection.project(d.provinces[p].lon, d.provinces[p].lat) for p in pids]
    x0 = min(x for x, _y in pts) - PANEL_MARGIN
    x1 = max(x for x, _y in pts) + PANEL_MARGIN
    y0 = min(y for _x, y in pts) - PANEL_MARGIN
    y1 = max(y for _x, y in pts) + PANEL_MARGIN
    x0, y0 = max(0.0, x0), max(0.0, y0)  # the terrain layer ends there
    x1, y1 = min(float(projection.BASE_WIDTH), x1), min(float(projection.BASE_HEIGHT), y1)
    scale = WIDTH / (x1 - x0)
    return Panel(empire, x0, y0, scale, WIDTH, round((y1 - y0) * scale), pids)


_static: dict[tuple[str, str], Image.Image] = {}
_lock = threading.Lock()


def static_panel(d: RomeData, panel: Panel) -> Image.Image:
    """The terrain crop with the connections and the Provinces' dots (no words): built once."""
    key = (d.digest, panel.empire)
    with _lock:
        hit = _static.get(key)
        if hit is not None:
            return hit
    base = base_layer()
    box = (round(panel.x0), round(panel.y0), round(panel.x0 + panel.width / panel.scale),
           round(panel.y0 + panel.height / panel.scale))
    img = base.crop(box).resize((panel.width, panel.height), Image.Resampling.BILINEAR)
    img = Image.blend(img, Image.new("RGB", img.size, (255, 255, 255)), 0.25)
    draw = ImageDraw.Draw(img)
    inside = set(panel.provinces)
    for pid in sorted(d.links):
        for other, kind in d.links[pid]:
            if other < pid or (pid not in inside and other not in inside):
                continue
            a = panel.at(d.provinces[pid].lon, d.provinces[pid].lat)
            b = panel.at(d.provinces[other].lon, d.provinces[other].lat)
            colour, width = LINK_COLOUR.get(kind, (90, 90, 90)), 3
            if kind == "sea":
                _dashed(draw, a, b, colour, width)
            else:
                draw.line([a, b], fill=colour, width=width)
    for pid in panel.provinces:
        p = d.provinces[pid]
        x, y = panel.at(p.lon, p.lat)
        edge = COMMAND_COLOURS.get(d.commands[p.command]["colour"], INK) if p.command else INK
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=edge, outline=(255, 255, 255))
    with _lock:
        _static[key] = img
    return img


def _dashed(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
            colour: RGB, width: int, dash: float = 10.0) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        draw.line([(a[0] + dx * t / length, a[1] + dy * t / length),
                   (a[0] + dx * e / length, a[1] + dy * e / length)], fill=colour, width=width)
        t += dash * 2


# -- what stands in a Province ----------------------------------------------------------------
@dataclass(frozen=True)
class Chip:
    """One counter on a card: a unit kind (with how many, veteran or not), a War or a Leader."""

    kind: str  # "unit" | "war" | "leader"
    text: str
    count: int = 1
    fill: RGB = INK
    veteran: bool = False


def chips_of(view: Mapping[str, Any], d: RomeData, pid: str) -> list[Chip]:
    prov = (view.get("provinces") or {}).get(pid) or {}
    fill = EMPIRE_FILL.get(str(prov.get("empire", "")), INK)
    counts: dict[tuple[str, bool], int] = {}
    for u in prov.get("units") or []:
        k = (str(u.get("type")), bool(u.get("vet")))
        counts[k] = counts.get(k, 0) + 1
    chips = [Chip("unit", UNIT_SHORT.get(kind, kind[:2]), n, fill, vet)
             for (kind, vet), n in sorted(counts.items(),
                                          key=lambda kv: (UNIT_ORDER.index(kv[0][0])
                                                          if kv[0][0] in UNIT_ORDER else 99,
                                                          not kv[0][1]))]
    for wid, war in sorted((view.get("wars") or {}).items()):
        if war.get("where") != pid:
            continue
        chips.append(Chip("war", str(war.get("label") or wid), 1, WAR_FILL))
        leader = war.get("leader")
        if leader and leader in d.leaders:
            le = d.leaders[leader]
            chips.append(Chip("leader", f"{le.name} {le.strength}", 1, LEADER_FILL))
    for lid, loc in sorted((view.get("leaders") or {}).items()):
        if loc == f"home:{pid}" and lid in d.leaders:
            le = d.leaders[lid]
            chips.append(Chip("leader", f"{le.name} {le.strength}", 1, LEADER_FILL))
    return chips


def _chip_width(chip: Chip) -> int:
    if chip.kind == "unit":
        return COUNTER
    left, _top, right, _bottom = font("sans-bold", 17).getbbox(chip.text)
    return max(COUNTER, int(right - left) + 12)


@dataclass(frozen=True)
class Card:
    pid: str
    name: str
    status: str
    edge: RGB
    rebel: bool
    rows: tuple[tuple[Chip, ...], ...]
    width: int
    height: int


def make_card(view: Mapping[str, Any], d: RomeData, pid: str) -> Card:
    p = d.provinces[pid]
    prov = (view.get("provinces") or {}).get(pid) or {}
    status = "homeland" if p.homeland else str(prov.get("status", "roman"))
    name = p.name
    if status == "foederati" and prov.get("tribe"):
        name = f"{p.name} ({d.tribe_names.get(prov['tribe'], prov['tribe'])})"
    name_font = font("serif-italic" if p.homeland else "sans-bold", NAME_SIZE)
    left, _t, right, _b = name_font.getbbox(name)
    name_w = int(right - left) + 10
    rows: list[list[Chip]] = [[]]
    row_w = 0
    limit = max(name_w, 4 * (COUNTER + GAP))
    for chip in chips_of(view, d, pid):
        w = _chip_width(chip) + GAP
        if rows[-1] and row_w + w > limit:
            rows.append([])
            row_w = 0
        rows[-1].append(chip)
        row_w += w
    rows = [r for r in rows if r]
    widest = max([name_w] + [sum(_chip_width(c) + GAP for c in r) + GAP for r in rows])
    height = NAME_SIZE + 8 + len(rows) * (COUNTER + GAP) + (GAP if rows else 0)
    edge = COMMAND_COLOURS.get(d.commands[p.command]["colour"], INK) if p.command else INK
    return Card(pid, name, status, edge, bool(prov.get("rebel")), tuple(tuple(r) for r in rows),
                widest, height)


def draw_card(draw: ImageDraw.ImageDraw, card: Card, x: float, y: float, tr: Callable[[Any], str]) -> None:
    fill = STATUS_FILL.get(card.status, STATUS_FILL["roman"])
    edge = REBEL_EDGE if card.rebel else card.edge
    draw.rounded_rectangle((x, y, x + card.width - 1, y + card.height - 1), radius=5, fill=fill,
                           outline=edge, width=4 if card.rebel else 3)
    dark = card.status == "barbarian"
    name_font = font("serif-italic" if card.status == "homeland" else "sans-bold", NAME_SIZE)
    draw.text((x + 5, y + 3), card.name, font=name_font, fill=(255, 255, 255) if dark else INK)
    cy = y + NAME_SIZE + 8
    for row in card.rows:
        cx = x + GAP + 1
        for chip in row:
            w = _chip_width(chip)
            _draw_chip(draw, chip, cx, cy, w)
            cx += w + GAP
        cy += COUNTER + GAP


def _draw_chip(draw: ImageDraw.ImageDraw, chip: Chip, x: float, y: float, w: int) -> None:
    edge = (230, 190, 40) if chip.veteran else (255, 255, 255)
    draw.rounded_rectangle((x, y, x + w - 1, y + COUNTER - 1), radius=4, fill=chip.fill,
                           outline=edge, width=3 if chip.veteran else 1)
    if chip.kind == "unit":
        f = font("sans-bold", 18)
        draw.text((x + w / 2, y + (15 if chip.count > 1 else COUNTER / 2)), chip.text, font=f,
                  fill=(255, 255, 255), anchor="mm")
        if chip.count > 1:
            draw.text((x + w / 2, y + 29), f"×{chip.count}", font=font("sans-bold", 14),
                      fill=(255, 230, 150), anchor="mm")
    else:
        draw.text((x + w / 2, y + COUNTER / 2), chip.text, font=font("sans-bold", 17),
                  fill=(255, 255, 255), anchor="mm")


# -- the image ------------------------------------------------------------------------------
@dataclass
class RenderResult:
    image: Image.Image
    placed: list[Placed]  # the cards, in image pixels (tests check they never overlap)
    panels: list[Panel]


def render_panel(view: Mapping[str, Any], d: RomeData, panel: Panel,
                 tr: Callable[[Any], str]) -> tuple[Image.Image, list[Placed]]:
    img = static_panel(d, panel).copy()
    draw = ImageDraw.Draw(img)
    title = tr(PANEL_TITLES[panel.empire])
    title_font = font("serif-bold", 24)
    left, top, right, bottom = draw.textbbox((10, 8), title, font=title_font)
    draw.rectangle((left - 6, top - 4, right + 6, bottom + 4), fill=(255, 255, 255))
    draw.text((10, 8), title, font=title_font, fill=EMPIRE_FILL[panel.empire])
    placer = Placer((0, 0, panel.width, panel.height), cell=40)
    placer.add("panel", "title", (left - 6, top - 4, right + 6, bottom + 4))
    cards = [make_card(view, d, pid) for pid in panel.provinces]
    cards.sort(key=lambda c: (-c.width * c.height, c.pid))
    spots: list[tuple[Card, Placed, tuple[float, float]]] = []
    for card in cards:
        p = d.provinces[card.pid]
        anchor = panel.at(p.lon, p.lat)
        spot = placer.place("card", card.pid, anchor, (card.width, card.height), gap=2, step=6)
        spots.append((card, spot, anchor))
    for card, spot, anchor in spots:  # leader lines first, so no card is crossed by one
        cx, cy = (spot.rect[0] + spot.rect[2]) / 2, (spot.rect[1] + spot.rect[3]) / 2
        if abs(cx - anchor[0]) > card.width / 2 or abs(cy - anchor[1]) > card.height / 2:
            draw.line([anchor, (cx, cy)], fill=card.edge, width=2)
    for card, spot, _anchor in spots:
        draw_card(draw, card, spot.rect[0], spot.rect[1], tr)
    return img, [s for _c, s, _a in spots]


def _emperor_name(d: RomeData, sid: str, tr: Callable[[Any], str]) -> str:
    if sid in d.statesmen:
        return d.statesmen[sid].name
    return tr(_("a Generic Emperor"))


def _governor(d: RomeData, command: Mapping[str, Any], tr: Callable[[Any], str]) -> str:
    gov = str(command.get("governor", "generic"))
    if gov in d.statesmen:
        name = d.statesmen[gov].name
    else:
        name = tr(_("Generic Governor"))
    if command.get("rebel"):
        return tr(_("{name} (Rebel)", name=name))
    return name


def render_band(view: Mapping[str, Any], d: RomeData, tr: Callable[[Any], str]) -> Image.Image:
    """Turn, phase, both Empires' tracks and Commands, and the colours' legend."""
    img = Image.new("RGB", (WIDTH, 420), (244, 238, 224))
    draw = ImageDraw.Draw(img)
    head = tr(_("Rome, IInc. {scenario} CE: Turn {turn} of 10, {phase}",
                scenario=view.get("scenario", ""), turn=view.get("turn", 1),
                phase=tr(PHASE_WORDS.get(str(view.get("phase")), _("Event Phase")))))
    draw.text((12, 8), head, font=font("serif-bold", 26), fill=INK)
    empires = view.get("empires") or {}
    commands = view.get("commands") or {}
    y_end = 48
    for col, empire in enumerate(("west", "east")):
        x = 12 + col * (WIDTH // 2)
        e = empires.get(empire) or {}
        y = 48
        title = tr(PANEL_TITLES[empire])
        if e.get("fallen"):
            title = tr(_("{empire} (Fallen)", empire=title))
        draw.text((x, y), title, font=font("sans-bold", 21), fill=EMPIRE_FILL[empire])
        y += 28
        emperor = _emperor_name(d, str(e.get("emperor", "")), tr)
        if e.get("rebel_emperor"):
            emperor = tr(_("{name} (Rebel)", name=emperor))
        draw.text((x, y), tr(_("Emperor: {name}", name=emperor)), font=font("sans", 19), fill=INK)
        y += 25
        tracks = tr(_("Gold {gold} · Pay {pay} · Unrest {unrest} · Prestige {prestige}",
                      gold=e.get("gold", 0), pay=e.get("pay", 0), unrest=e.get("unrest", 0),
                      prestige=e.get("prestige", 0)))
        draw.text((x, y), tracks, font=font("sans-bold", 19), fill=INK)
        y += 30
        for cid, c in sorted(commands.items()):
            if c.get("empire") != empire:
                continue
            line = f"{c.get('name', cid)}: {_governor(d, c, tr)}"
            colour = REBEL_EDGE if c.get("rebel") else COMMAND_COLOURS.get(d.commands[cid]["colour"], INK)
            draw.rectangle((x, y + 4, x + 14, y + 18), fill=colour)
            draw.text((x + 20, y), line, font=font("sans", 19), fill=INK)
            y += 24
        y_end = max(y_end, y)
    y = y_end + 8
    x = 12
    for status in ("roman", "insurgent", "allied", "foederati", "barbarian"):
        word = tr(STATUS_WORDS[status])
        draw.rectangle((x, y + 2, x + 22, y + 22), fill=STATUS_FILL[status], outline=INK)
        draw.text((x + 28, y), word, font=font("sans", 19), fill=INK)
        x += 28 + int(font("sans", 19).getlength(word)) + 18
    y += 30
    x = 12
    for kind in ("legion", "pseudo", "guards", "cavalry", "auxilia", "fleet", "fort"):
        text = f"{UNIT_SHORT[kind]} {tr(UNIT_WORDS[kind])}"
        width = int(font("sans", 17).getlength(text))
        if x + width > WIDTH - 12:
            x, y = 12, y + 24
        draw.text((x, y), text, font=font("sans", 17), fill=INK)
        x += width + 16
    y += 24
    note = tr(_("Gold frame: Veteran. Red frame: held by a Rebel. Dark counters: Wars and Leaders."))
    draw.text((12, y), note, font=font("sans", 17), fill=INK)
    y += 26
    return img.crop((0, 0, WIDTH, y + 6))


# -- the boxes: Event Chart, Statesmen Box, Wars Box, Dynasties --------------------------------
EVENT_FILL: dict[int, RGB] = {0: (250, 246, 236), 1: (250, 200, 90), 2: (214, 60, 40)}
BOX_FONT = 19  # px: 10.5 px at phone width, like a Province's name
CELL_H = 50


@dataclass(frozen=True)
class BoxItem:
    """One thing drawn in the boxes: an Event cell, a line of a box (tests read these)."""

    kind: str  # "cell" | "title" | "line"
    key: str  # the cell ("3-2"), or the box ("statesmen", "wars", "dynasties")
    text: str
    rect: tuple[int, int, int, int]
    level: int = 0  # an Event cell: 0 empty, 1 single, 2 doubled


def _wrap(text: str, width: int, size: int = BOX_FONT) -> list[str]:
    f = font("sans", size)
    lines: list[str] = []
    for word in text.split(" "):
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def boxes_layout(view: Mapping[str, Any], d: RomeData, tr: Callable[[Any], str]) -> list[BoxItem]:
    """Where each Event cell and each line of the Statesmen, Wars and Dynasties boxes goes:
    the Event Chart's 18 cells (white die 1-6 across, purple 1D3 down, 8.1.6) with this turn's
    counters, then the three boxes side by side (6.1, 3.1, 6.1.5)."""
    items: list[BoxItem] = []
    y = 8
    items.append(BoxItem("title", "events", tr(_("Event Chart (8.1): white die across, purple "
                                                  "1D3 down")), (12, y, WIDTH - 12, y + 26)))
    y += 32
    cells = d.charts["events"]["cells"]
    placed = view.get("events") or {}
    cell_w = (WIDTH - 24) // 6
    for purple in range(1, 4):
        for white in range(1, 7):
            key = f"{white}-{purple}"
            x = 12 + (white - 1) * cell_w
            rect = (x, y, x + cell_w - 4, y + CELL_H - 4)
            items.append(BoxItem("cell", key, str(cells[key]).capitalize(), rect,
                                 int(placed.get(key, 0))))
        y += CELL_H
    y += 10
    col_w = (WIDTH - 24) // 3
    columns: list[tuple[str, str, list[str]]] = []
    up = [d.statesmen[s].name for s in view.get("statesmen_up") or [] if s in d.statesmen]
    columns.append(("statesmen", tr(_("Statesmen Box (6.1)")),
                    [tr(_("Face up: {names}", names=", ".join(up) or "-")),
                     tr(_n("{n} counter face down", "{n} counters face down",
                           int(view.get("statesmen_down", 0))))]))
    won = [f"{(view.get('commands') or {}).get(w['where'][4:], {}).get('name', w['where'][4:])}: "
           f"{w.get('label', wid)}"
           for wid, w in sorted((view.get("wars") or {}).items()) if str(w.get("where", "")).startswith("box:")]
    columns.append(("wars", tr(_("Wars Box (3.1)")),
                    [tr(_n("{n} counter face down", "{n} counters face down",
                           int(view.get("wars_box", 0))))]
                    + [tr(_("Triumphed over: {wars}", wars=", ".join(won)))] * bool(won)))
    dyn = [str(d.dynasties[x]["name"]) for x in view.get("dynasties") or [] if x in d.dynasties]
    columns.append(("dynasties", tr(_("Dynasties (6.1.5)")),
                    [tr(_("In play: {names}", names=", ".join(dyn) or "-"))]))
    bottom = y
    for index, (key, title, texts) in enumerate(columns):
        x = 12 + index * col_w
        cy = y
        items.append(BoxItem("title", key, title, (x, cy, x + col_w - 8, cy + 26)))
        cy += 28
        for text in texts:
            for line in _wrap(text, col_w - 20):
                items.append(BoxItem("line", key, line, (x + 6, cy, x + col_w - 14, cy + 24)))
                cy += 24
        bottom = max(bottom, cy)
    items.append(BoxItem("end", "", "", (0, bottom, WIDTH, bottom + 10)))
    return items


def render_boxes(view: Mapping[str, Any], d: RomeData, tr: Callable[[Any], str]) -> Image.Image:
    """The Event Chart with this turn's Event counters, and the Statesmen, Wars and Dynasties
    boxes, below the map."""
    items = boxes_layout(view, d, tr)
    height = max(i.rect[3] for i in items)
    img = Image.new("RGB", (WIDTH, height), (244, 238, 224))
    draw = ImageDraw.Draw(img)
    for item in items:
        x0, y0, x1, y1 = item.rect
        if item.kind == "title":
            draw.text((x0, y0), item.text, font=font("serif-bold", 22), fill=INK)
        elif item.kind == "line":
            draw.text((x0, y0), item.text, font=font("sans", BOX_FONT), fill=INK)
        elif item.kind == "cell":
            fill = EVENT_FILL.get(item.level, EVENT_FILL[0])
            draw.rounded_rectangle(item.rect, radius=5, fill=fill, outline=INK, width=2)
            white = item.level == 2
            draw.text((x0 + 5, y0 + 2), item.key.replace("-", "·"), font=font("sans", 14),
                      fill=(255, 255, 255) if white else (110, 100, 90))
            text = item.text + (" ×2" if item.level == 2 else "")
            draw.text(((x0 + x1) / 2, (y0 + y1) / 2 + 6), text, font=font("sans-bold", BOX_FONT),
                      fill=(255, 255, 255) if white else INK, anchor="mm")
    return img


def render_scene(view: Mapping[str, Any], view_name: str = "whole") -> RenderResult:
    """``whole``: the band, then the West, then the East; ``west`` / ``east``: one Empire."""
    d = data()
    tr = words(dict(view))
    wanted = ("west", "east") if view_name not in ("west", "east") else (view_name,)
    band = render_band(view, d, tr)
    panels = [make_panel(d, e) for e in wanted]
    parts: list[tuple[Image.Image, list[Placed]]] = [render_panel(view, d, p, tr) for p in panels]
    boxes = render_boxes(view, d, tr)
    height = band.height + sum(img.height for img, _p in parts) + boxes.height
    canvas = Image.new("RGB", (WIDTH, height), (255, 255, 255))
    canvas.paste(band, (0, 0))
    y = band.height
    placed: list[Placed] = []
    for img, spots in parts:
        canvas.paste(img, (0, y))
        placed += [Placed(s.kind, s.key, (s.rect[0], s.rect[1] + y, s.rect[2], s.rect[3] + y))
                   for s in spots]
        y += img.height
    canvas.paste(boxes, (0, y))
    return RenderResult(canvas, placed, panels)


def encode_png(img: Image.Image) -> bytes:
    pal = img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=2)  # level 3 costs ~10 ms more for 5% less
    return buf.getvalue()


def render_public_view(view: Mapping[str, Any], view_name: str = "whole") -> bytes:
    """The bot's entry point (``bot/renderers.py``): public view -> PNG bytes."""
    return encode_png(render_scene(view, view_name).image)
