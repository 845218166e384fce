"""Map projection for the Imperator board: Lambert conformal conic over the Roman world.

The projection maps (lon, lat) in degrees to *base pixels*: the pixel grid of the committed base
layer ``render/assets/imperator_base.png``.  Everything the renderer draws (zone shapes, anchors,
arrows) goes through :func:`project`, then through a view transform (scale + offset) that maps base
pixels to the output image.  The build script (``scripts/build_basemap.py``) uses the very same
function, so the coasts in the committed layer and the zones drawn at run time always agree.

Pure Python (``math`` only): the bot needs nothing but Pillow at run time.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

# Lambert conformal conic, standard parallels 32 N and 50 N, centred on 20 E / 40 N.
LAT1 = 32.0
LAT2 = 50.0
LAT0 = 40.0
LON0 = 20.0

# Geographic window that the base layer must show (the whole board: Caledonia to the Sahara,
# Lusitania to Persis).
WEST, EAST, SOUTH, NORTH = -11.0, 52.0, 22.5, 59.0

# Scale of the base layer: base pixels per earth radius.  The whole-map view is drawn at half
# this scale (BASE_SUPERSAMPLE), detail views crop and zoom the base layer.
BASE_SCALE = 3790.0
BASE_SUPERSAMPLE = 2

_phi1, _phi2, _phi0 = (math.radians(v) for v in (LAT1, LAT2, LAT0))
_N = math.log(math.cos(_phi1) / math.cos(_phi2)) / math.log(
    math.tan(math.pi / 4 + _phi2 / 2) / math.tan(math.pi / 4 + _phi1 / 2)
)
_F = math.cos(_phi1) * math.tan(math.pi / 4 + _phi1 / 2) ** _N / _N
_RHO0 = _F / math.tan(math.pi / 4 + _phi0 / 2) ** _N


def _lcc(lon: float, lat: float) -> tuple[float, float]:
    """Unit-sphere LCC coordinates (x east, y north)."""
    phi = math.radians(max(-89.0, min(89.0, lat)))
    rho = _F / math.tan(math.pi / 4 + phi / 2) ** _N
    theta = _N * math.radians(lon - LON0)
    return rho * math.sin(theta), _RHO0 - rho * math.cos(theta)


# Points the board must show (with a margin): Ireland, Cape St Vincent, the north of Caledonia,
# Jutland, the upper Borysthenes, the Caspian, Persis, the Garamantes and Upper Egypt.
_MUST_SEE = (
    (-10.6, 51.4),
    (-9.6, 37.0),
    (-5.0, 58.7),
    (10.0, 57.6),
    (31.0, 53.0),
    (50.5, 42.0),
    (52.5, 29.5),
    (12.0, 23.5),
    (33.0, 23.5),
    (-9.5, 30.0),
)
_MARGIN = 0.012  # earth radii, about 75 km


def _window() -> tuple[float, float, float, float]:
    pts = [_lcc(lon, lat) for lon, lat in _MUST_SEE]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs) - _MARGIN, min(ys) - _MARGIN, max(xs) + _MARGIN, max(ys) + _MARGIN


_X_MIN, _Y_MIN, _X_MAX, _Y_MAX = _window()

BASE_WIDTH = int(round((_X_MAX - _X_MIN) * BASE_SCALE))
BASE_HEIGHT = int(round((_Y_MAX - _Y_MIN) * BASE_SCALE))


def project(lon: float, lat: float) -> tuple[float, float]:
    """(lon, lat) in degrees -> (x, y) in base-layer pixels (y grows downwards)."""
    x, y = _lcc(lon, lat)
    return (x - _X_MIN) * BASE_SCALE, (_Y_MAX - y) * BASE_SCALE


def project_many(points: Iterable[Sequence[float]]) -> list[tuple[float, float]]:
    return [project(p[0], p[1]) for p in points]


def unproject(px: float, py: float) -> tuple[float, float]:
    """Base-layer pixel -> (lon, lat), the inverse of :func:`project`."""
    x = px / BASE_SCALE + _X_MIN
    y = _Y_MAX - py / BASE_SCALE
    dy = _RHO0 - y
    rho = math.copysign(math.hypot(x, dy), _N)
    theta = math.atan2(x, dy)
    lon = LON0 + math.degrees(theta / _N)
    lat = math.degrees(2 * math.atan((_F / rho) ** (1 / _N)) - math.pi / 2)
    return lon, lat
