"""The static board the renderer draws: zone shapes, anchors, camps, cities and ports.

It is read once from the rules data (``rules.imperator.loader.load_data()``) and adapted into
small frozen dataclasses, so the drawing code does not depend on the loader's exact types.  The
adapter is tolerant: it reads attributes or mapping keys under the usual names.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.i18n import _

FRONTS = ("britannia", "rhine", "danube", "orient", "south")
FRONT_NAMES = {
    "britannia": _("British Front"),
    "rhine": _("Rhine Front"),
    "danube": _("Danube Front"),
    "orient": _("Orient Front"),
    "south": _("Southern Front"),
    "interior": _("Interior provinces"),
}
FRONT_SHORT = {
    "britannia": _("British"),
    "rhine": _("Rhine"),
    "danube": _("Danube"),
    "orient": _("Orient"),
    "south": _("Southern"),
    "interior": _("Interior provinces"),
}
"""A Front's name on a chip or in the legend (the word "Front" left out)."""
_FRONT_ALIASES = {
    "british": "britannia",
    "britain": "britannia",
    "britannia": "britannia",
    "bretagne": "britannia",
    "rhine": "rhine",
    "rhin": "rhine",
    "rhenus": "rhine",
    "germania": "rhine",
    "german": "rhine",
    "danube": "danube",
    "danuvius": "danube",
    "orient": "orient",
    "oriental": "orient",
    "east": "orient",
    "eastern": "orient",
    "south": "south",
    "southern": "south",
    "sud": "south",
    "interior": "interior",
    "interieur": "interior",
}


def norm_front(value: object) -> str | None:
    if value is None or value == "":
        return None
    key = str(value).strip().lower().replace(" front", "").replace("front ", "")
    return _FRONT_ALIASES.get(key, key)


LonLat = tuple[float, float]


@dataclass(frozen=True)
class Site:
    name: str
    kind: str  # "camp" | "city" | "port"
    lon: float
    lat: float
    from_year: int = 0


@dataclass(frozen=True)
class ZoneGeom:
    id: str
    name: str
    kind: str  # "land" | "sea"
    front: str | None  # a Front id, "interior", or None (outside the Empire)
    point: LonLat
    rings: tuple[tuple[LonLat, ...], ...]
    sites: tuple[Site, ...] = ()
    closed: bool = False  # sea zone closed to fleets

    @property
    def inside(self) -> bool:
        return self.front is not None


@dataclass(frozen=True)
class River:
    name: str
    major: bool  # a major river: +1 PM where it is the border (drawn heavier than borders)
    course: tuple[LonLat, ...]


@dataclass(frozen=True)
class Strait:
    a: str
    b: str
    name: str


@dataclass(frozen=True)
class BoardGeometry:
    zones: Mapping[str, ZoneGeom]
    adjacency: tuple[tuple[str, str], ...] = ()
    rivers: tuple[River, ...] = ()
    straits: tuple[Strait, ...] = ()

    def neighbours(self, zid: str) -> list[str]:
        out = {b for a, b in self.adjacency if a == zid} | {
            a for a, b in self.adjacency if b == zid
        }
        return sorted(out)

    def fingerprint(self) -> str:
        """A digest of the zones' geometry (the static layers' cache key), computed once per
        board: a board is not changed after it is built."""
        cached = self.__dict__.get("_fingerprint")
        if cached is None:
            cached = self._digest()
            object.__setattr__(self, "_fingerprint", cached)
        return str(cached)

    def _digest(self) -> str:
        blob = json.dumps(
            [
                [z.id, z.name, z.kind, z.front, z.point, z.rings, [s.__dict__ for s in z.sites]]
                for z in sorted(self.zones.values(), key=lambda z: z.id)
            ],
            sort_keys=True,
        )
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for n in names:
        if isinstance(obj, Mapping):
            if n in obj and obj[n] is not None:
                return obj[n]
        elif getattr(obj, n, None) is not None:
            return getattr(obj, n)
    return default


def _pt(v: Any) -> LonLat | None:
    if v is None:
        return None
    if isinstance(v, Mapping):
        return float(v["lon"]), float(v["lat"])
    lon = getattr(v, "lon", None)
    if lon is not None:
        return float(lon), float(v.lat)
    seq = list(v)
    return float(seq[0]), float(seq[1])


def _rings(shape: Any) -> tuple[tuple[LonLat, ...], ...]:
    """Accept a ring [(lon, lat), ...], a list of rings, or a mapping with ``rings``/``coords``."""
    if shape is None:
        return ()
    if isinstance(shape, Mapping):
        shape = _get(shape, "rings", "polygons", "coords", "coordinates", default=())
    shape = (
        _get(shape, "rings", "polygons", default=shape)
        if not isinstance(shape, list | tuple)
        else shape
    )
    seq = list(shape)
    if not seq:
        return ()
    first = seq[0]
    if isinstance(first, Mapping) or (
        isinstance(first, Sequence) and len(first) == 2 and isinstance(first[0], int | float)
    ):
        pts = tuple(p for p in (_pt(x) for x in seq) if p is not None)
        return (pts,) if len(pts) >= 3 else ()
    out: list[tuple[LonLat, ...]] = []
    for ring in seq:
        out.extend(_rings(ring))
    return tuple(out)


def _sites(z: Any, zone_name: str, point: LonLat) -> tuple[Site, ...]:
    out: list[Site] = []
    for kind, names in (
        ("camp", ("camps", "camp")),
        ("city", ("cities", "city")),
        ("port", ("ports", "port")),
    ):
        val = _get(z, *names)
        if val is None or val is False:
            continue
        items: Iterable[Any]
        if val is True:
            items = [zone_name]
        elif isinstance(val, str | Mapping) or not isinstance(val, Iterable):
            items = [val]
        else:
            items = val
        for it in items:
            if isinstance(it, str):
                name, p, year = it, point, 0
            else:
                name = str(_get(it, "name", "display_name", "id", default=zone_name))
                p = _pt(_get(it, "point", "lonlat", "coords")) or (
                    (float(_get(it, "lon")), float(_get(it, "lat")))
                    if _get(it, "lon") is not None
                    else point
                )
                year = int(_get(it, "from_year", "camp_from", "since", "year", default=0) or 0)
            out.append(Site(name=name, kind=kind, lon=p[0], lat=p[1], from_year=year))
    return tuple(out)


def _zone(z: Any, default_kind: str) -> ZoneGeom | None:
    zid = str(_get(z, "id"))
    name = str(_get(z, "display_name", "name", "display", default=zid))
    kind = str(_get(z, "kind", default=default_kind)).lower()
    kind = "sea" if kind.startswith("sea") or default_kind == "sea" else "land"
    front = norm_front(_get(z, "front"))
    if front in ("outside", "none", "people", "sea"):
        front = None
    if _get(z, "inside", "in_empire", default=True) is False:
        front = None
    point = _pt(_get(z, "point", "place", "lonlat", "anchor", "center", "centre"))
    if point is None and _get(z, "lon") is not None:
        point = (float(_get(z, "lon")), float(_get(z, "lat")))
    rings = _rings(_get(z, "shape", "polygon", "polygons", "rings", "outline"))
    if point is None and rings:
        xs = [p[0] for p in rings[0]]
        ys = [p[1] for p in rings[0]]
        point = (sum(xs) / len(xs), sum(ys) / len(ys))
    if point is None:
        return None
    closed = bool(_get(z, "closed", "closed_sea", default=False))
    return ZoneGeom(
        id=zid,
        name=name,
        kind=kind,
        front=front if kind == "land" else None,
        point=point,
        rings=rings,
        sites=_sites(z, name, point) if kind == "land" else (),
        closed=closed,
    )


def board_from_data(data: Any) -> BoardGeometry:
    """Adapt the rules data (``load_data()``'s result) into a :class:`BoardGeometry`."""
    zones: dict[str, ZoneGeom] = {}
    for attr, kind in (
        ("land_zones", "land"),
        ("sea_zones", "sea"),
        ("zones", "land"),
        ("seas", "sea"),
    ):
        coll = _get(data, attr)
        if coll is None:
            continue
        items = coll.values() if isinstance(coll, Mapping) else coll
        for z in items:
            g = _zone(z, kind)
            if g is not None and g.id not in zones:
                zones[g.id] = g
    edges: set[tuple[str, str]] = set()
    for e in _get(data, "adjacency", "edges", "adjacencies", default=()) or ():
        a = _get(e, "a", "src", "zone_a", "from")
        b = _get(e, "b", "dst", "zone_b", "to")
        if a is None and isinstance(e, Sequence) and not isinstance(e, str):
            a, b = e[0], e[1]
        if a is not None and b is not None:
            edges.add(tuple(sorted((str(a), str(b)))))  # type: ignore[arg-type]
    return BoardGeometry(zones=zones, adjacency=tuple(sorted(edges)))


def _data_dir() -> Path:
    env = os.environ.get("PRAETOR_DATA_DIR")
    if env:
        p = Path(env)
        return p / "map" if (p / "map").is_dir() else p
    import rules.imperator

    return Path(rules.imperator.__file__).resolve().parent / "data" / "map"


def board_from_toml(folder: Path) -> BoardGeometry:
    """Read the map TOML files directly (zones, seas, shapes, edges, coasts)."""

    def load(name: str) -> dict[str, Any]:
        f = folder / name
        return tomllib.loads(f.read_text(encoding="utf-8")) if f.exists() else {}

    shapes = {s["id"]: s.get("rings", []) for s in load("shapes.toml").get("shape", [])}
    seas_doc = load("seas.toml")
    port_names = {p["id"]: p.get("name", p["id"]) for p in seas_doc.get("port", [])}
    zones: list[dict[str, Any]] = []
    for z in load("zones.toml").get("zone", []):
        d = dict(z)
        d["shape"] = shapes.get(z["id"], [])
        if z.get("ports"):
            d["ports"] = [port_names.get(p, str(p).title()) for p in z["ports"]]
        if z.get("kind") in ("outside",) or z.get("joins"):
            d["front"] = None
            d["inside"] = False
        elif z.get("kind") == "interior":
            d["front"] = "interior"
        d["kind"] = "land"
        zones.append(d)
    seas: list[dict[str, Any]] = []
    for z in seas_doc.get("sea", []):
        d = dict(z)
        d["shape"] = shapes.get(z["id"], [])
        d["closed"] = not z.get("open", True)
        d["kind"] = "sea"
        seas.append(d)
    edges = [(e["a"], e["b"]) for e in load("edges.toml").get("edge", [])]
    for c in load("coasts.toml").get("coast", []):
        edges.extend((c["sea"], z) for z in c.get("zones", []))
    board = board_from_data({"land_zones": zones, "sea_zones": seas, "adjacency": edges})
    rivers = tuple(
        River(
            str(r.get("name", r["id"])),
            bool(r.get("major", False)),
            tuple((float(p[0]), float(p[1])) for p in r.get("course", [])),
        )
        for r in load("rivers.toml").get("river", [])
    )
    straits = tuple(
        Strait(str(t["a"]), str(t["b"]), str(t.get("name", "")))
        for t in load("straits.toml").get("strait", [])
        if t.get("a") in board.zones and t.get("b") in board.zones
    )
    return BoardGeometry(board.zones, board.adjacency, rivers, straits)


@functools.lru_cache(maxsize=1)
def load_board() -> BoardGeometry:
    """The board of the shipped (or ``PRAETOR_DATA_DIR``) Imperator data, read once.

    Reads the map TOML files of ``rules/imperator/data/map`` (the same files the rules loader
    validates) with the standard library only.
    """
    return board_from_toml(_data_dir())
