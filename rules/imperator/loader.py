"""Load and validate the Imperator data directory (plain TOML) into typed objects.

``load_data()`` reads the shipped data (``rules/imperator/data``) or the directory given,
or the one named by the ``PRAETOR_DATA_DIR`` environment variable, checks every file and
returns an :class:`~rules.imperator.data_model.ImperatorData`.  Any problem raises
:class:`DataError`, which lists every problem found as ``file: entry: field: message``.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.core.i18n import _, _n, join
from rules.imperator.data_model import (
    FRONTS,
    LIMITED_REGIONS,
    NATIONALITIES,
    PROVENANCES,
    SCENARIO_RULE_KINDS,
    SIDES,
    ZONE_KINDS,
    Camp,
    Edge,
    Fleet,
    ImperatorData,
    Leader,
    Marker,
    People,
    Placement,
    Port,
    Ratings,
    River,
    Scenario,
    ScenarioRule,
    SeaZone,
    StratagemCounters,
    Unit,
    Zone,
)
from rules.imperator.map_geometry import Ring, Shape, point_in_shape, shapes_touch

DATA_DIR = Path(__file__).resolve().parent / "data"
ENV_VAR = "PRAETOR_DATA_DIR"
#: the files (relative paths) a data directory must hold; scenarios/*.toml come on top
REQUIRED_FILES: tuple[str, ...] = (
    "map/zones.toml",
    "map/seas.toml",
    "map/rivers.toml",
    "map/straits.toml",
    "map/shapes.toml",
    "map/edges.toml",
    "map/coasts.toml",
    "peoples.toml",
    "counters/leaders.toml",
    "counters/units.toml",
    "counters/stratagems.toml",
    "counters/materiel.toml",
)
UNIT_KINDS = ("legion", "garrison", "vexillation", "people", "armenia")
TITLES = ("augustus", "caesar", "usurper")
MAX_VEXILLATIONS_ON_MAP = 6


class DataError(ValueError):
    """Raised when a data directory is not valid; ``problems`` lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        shown = join("\n", [join("", ["  ", p]) for p in self.problems])
        super().__init__(
            _("{n} problem(s) in the Imperator data:\n{problems}", n=len(self.problems), problems=shown)
        )


class _Checker:
    """Collects problems while reading typed fields out of TOML tables."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, file: str, entry: str, fld: str, message: str) -> None:
        """One problem, ``file: entry: field: message`` (a marked message is translated where
        it is shown: ``praetor data check`` in ``PRAETOR_LOCALE``)."""
        self.problems.append(join(": ", [file, entry, fld, message]))

    # -- typed getters -------------------------------------------------------------------
    def get(
        self,
        tbl: Mapping[str, Any],
        file: str,
        entry: str,
        key: str,
        typ: type,
        default: Any = ...,
        name: str | None = None,
    ) -> Any:
        """``tbl[key]`` if it is a ``typ`` (a boolean is not an int). A missing field is a problem
        unless ``default`` is given; a field of another type always is. After a problem the
        getter returns None for a required field, ``default`` for an optional one."""
        label = name or key
        if key not in tbl:
            if default is ...:
                self.add(file, entry, label, _("missing"))
                return None
            return default
        value = tbl[key]
        if isinstance(value, bool) and typ is int:
            self.add(file, entry, label, _("expected {type}, got a boolean", type=typ.__name__))
            return None if default is ... else default
        if not isinstance(value, typ):
            self.add(file, entry, label, _("expected {type}, got {got}", type=typ.__name__, got=type(value).__name__))
            return None if default is ... else default
        return value

    def string(
        self,
        tbl: Mapping[str, Any],
        file: str,
        entry: str,
        key: str,
        default: Any = ...,
        name: str | None = None,
    ) -> Any:
        v = self.get(tbl, file, entry, key, str, default, name)
        if isinstance(v, str) and default is ... and not v.strip():
            self.add(file, entry, name or key, _("must not be empty"))
            return None  # reported once: an empty id or name is treated as missing from here on
        return v

    def choice(
        self,
        tbl: Mapping[str, Any],
        file: str,
        entry: str,
        key: str,
        allowed: Iterable[str],
        default: Any = ...,
        name: str | None = None,
    ) -> Any:
        v = self.get(tbl, file, entry, key, str, default, name)
        allowed = tuple(allowed)
        if isinstance(v, str) and v not in allowed:
            self.add(file, entry, name or key, _("{value} is not one of {allowed}", value=repr(v), allowed=", ".join(allowed)))
            return None if default is ... else default
        return v

    def integer(
        self,
        tbl: Mapping[str, Any],
        file: str,
        entry: str,
        key: str,
        lo: int,
        hi: int,
        default: Any = ...,
        name: str | None = None,
    ) -> Any:
        v = self.get(tbl, file, entry, key, int, default, name)
        if isinstance(v, int) and not lo <= v <= hi:
            self.add(file, entry, name or key, _("{value} is outside {low}..{high}", value=v, low=lo, high=hi))
        return v

    def strings(self, tbl: Mapping[str, Any], file: str, entry: str, key: str) -> tuple[str, ...]:
        v = self.get(tbl, file, entry, key, list, [])
        out = []
        for i, item in enumerate(v or []):
            if not isinstance(item, str):
                self.add(file, entry, f"{key}[{i}]", _("expected {type}, got {got}", type="str", got=type(item).__name__))
            else:
                out.append(item)
        return tuple(out)

    def point(self, tbl: Mapping[str, Any], file: str, entry: str, key: str) -> tuple[float, float]:
        v = self.get(tbl, file, entry, key, list)
        if v is None:
            return (0.0, 0.0)
        return self._point(v, file, entry, key) or (0.0, 0.0)

    def _point(self, v: Any, file: str, entry: str, key: str) -> tuple[float, float] | None:
        if (
            not isinstance(v, list)
            or len(v) != 2
            or not all(isinstance(c, int | float) and not isinstance(c, bool) for c in v)
        ):
            self.add(file, entry, key, _("expected [longitude, latitude]"))
            return None
        lon, lat = float(v[0]), float(v[1])
        if not (-180 <= lon <= 180 and -90 <= lat <= 90):
            self.add(file, entry, key, _("[{lon}, {lat}] is not a longitude/latitude", lon=lon, lat=lat))
        return (lon, lat)

    def rings(self, v: Any, file: str, entry: str, key: str) -> Shape:
        if not isinstance(v, list):
            self.add(file, entry, key, _("expected a list of rings"))
            return ()
        out: list[Ring] = []
        for i, ring in enumerate(v):
            if not isinstance(ring, list) or len(ring) < 3:
                self.add(file, entry, f"{key}[{i}]", _("a ring needs at least 3 points"))
                continue
            pts = []
            for j, p in enumerate(ring):
                q = self._point(p, file, entry, f"{key}[{i}][{j}]")
                if q is None:
                    break
                pts.append(q)
            else:
                out.append(tuple(pts))
        return tuple(out)

    def provenance(
        self,
        tbl: Mapping[str, Any],
        file: str,
        entry: str,
        fields_allowed: Iterable[str] | None = None,
        default: Any = ...,
    ) -> tuple[str, Mapping[str, str]]:
        """An entry's ``provenance`` (required unless ``default`` is given, and then one of
        PROVENANCES too) and its ``provenance_fields``, each checked."""
        prov = self.choice(tbl, file, entry, "provenance", PROVENANCES, default)
        raw = self.get(tbl, file, entry, "provenance_fields", dict, {})
        per: dict[str, str] = {}
        allowed = set(fields_allowed) if fields_allowed is not None else None
        for k, v in (raw or {}).items():
            if v not in PROVENANCES:
                self.add(file, entry, f"provenance_fields.{k}", _("{value} is not one of {allowed}", value=repr(v), allowed=", ".join(PROVENANCES)))
            elif allowed is not None and k not in allowed:
                self.add(file, entry, f"provenance_fields.{k}", _("no such field"))
            else:
                per[k] = v
        return (prov or "design", MappingProxyType(per))

    def unknown_keys(
        self, tbl: Mapping[str, Any], file: str, entry: str, allowed: Iterable[str]
    ) -> None:
        """Every field of an entry that has a provenance is one of ``allowed``."""
        self.exact_keys(tbl, file, entry, (*allowed, "provenance", "provenance_fields"))

    def exact_keys(
        self, tbl: Mapping[str, Any], file: str, entry: str, allowed: Iterable[str], prefix: str = ""
    ) -> None:
        """Every field of a table is one of ``allowed``: a field the loader does not read is a
        problem, never dropped in silence (issue 11). ``prefix`` names an inner table."""
        allowed_set = set(allowed)
        for k in tbl:
            if k not in allowed_set:
                self.add(file, entry, f"{prefix}{k}", _("unknown field"))


def _entries(doc: Mapping[str, Any], file: str, key: str, chk: _Checker) -> list[dict[str, Any]]:
    v = doc.get(key, [])
    if not isinstance(v, list) or not all(isinstance(e, dict) for e in v):
        chk.add(file, "-", key, _("expected an array of tables [[{key}]]", key=key))
        return []
    return v


def _label(e: Mapping[str, Any], i: int, key: str = "id") -> str:
    v = e.get(key)
    return str(v) if isinstance(v, str) and v else f"#{i + 1}"


def _new_id(chk: _Checker, file: str, lab: str, eid: str, seen: Mapping[str, Any]) -> bool:
    """True for an id not used before in its file; a duplicate is reported and not kept."""
    if eid in seen:
        chk.add(file, lab, "id", _("duplicate id"))
        return False
    return True


def _read_toml(directory: Path, rel: str, chk: _Checker, keys: Iterable[str] | None = None) -> dict[str, Any]:
    """One TOML file of the data directory; with ``keys``, a top-level table or field that is
    not one of them is a problem (a misspelt ``[[zones]]`` would otherwise be ignored)."""
    path = directory / rel
    if not path.is_file():
        chk.add(rel, "-", "-", _("file is missing"))
        return {}
    try:
        with open(path, "rb") as fh:
            doc = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        chk.add(rel, "-", "-", _("not valid TOML: {error}", error=exc))
        return {}
    if keys is not None:
        chk.exact_keys(doc, rel, "-", keys)
    return doc


def resolve_directory(directory: Path | str | None = None) -> Path:
    if directory is not None:
        return Path(directory)
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    return DATA_DIR


def data_files(directory: Path | str | None = None) -> list[Path]:
    """The TOML files of a data directory (sorted, relative order stable)."""
    root = resolve_directory(directory)
    return sorted(p for p in root.rglob("*.toml") if p.is_file())


def data_hash(directory: Path | str | None = None) -> str:
    """sha256 over the relative path and content of every TOML file, in sorted order."""
    root = resolve_directory(directory)
    h = hashlib.sha256()
    for p in data_files(root):
        h.update(p.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


# ---------------------------------------------------------------------------------------
# map


F_ZONES = "map/zones.toml"
F_SEAS = "map/seas.toml"
F_SHAPES = "map/shapes.toml"
F_RIVERS = "map/rivers.toml"
F_EDGES = "map/edges.toml"
F_STRAITS = "map/straits.toml"
F_COASTS = "map/coasts.toml"
ZONE_FIELDS = tuple("id name aliases kind front joins region place camps cities ports seeds".split())


def _zone_entries(root: Path, chk: _Checker) -> dict[str, dict[str, Any]]:
    """The raw ``[[zone]]`` tables of map/zones.toml by id, duplicates refused
    (docs/imperator-data.md, "The map")."""
    zones_raw: dict[str, dict[str, Any]] = {}
    for i, e in enumerate(_entries(_read_toml(root, F_ZONES, chk, ("zone",)), F_ZONES, "zone", chk)):
        lab = _label(e, i)
        zid = chk.string(e, F_ZONES, lab, "id")
        if not isinstance(zid, str):
            continue
        if zid in zones_raw:
            chk.add(F_ZONES, lab, "id", _("duplicate id"))
            continue
        chk.unknown_keys(e, F_ZONES, lab, ZONE_FIELDS)
        zones_raw[zid] = e
    return zones_raw


def _sea_entries(
    seas_doc: Mapping[str, Any], chk: _Checker, zones_raw: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """The raw ``[[sea]]`` tables of map/seas.toml by id; an id already used by a zone or a
    sea is refused."""
    seas_raw: dict[str, dict[str, Any]] = {}
    for i, e in enumerate(_entries(seas_doc, F_SEAS, "sea", chk)):
        lab = _label(e, i)
        sid = chk.string(e, F_SEAS, lab, "id")
        if isinstance(sid, str):
            if sid in seas_raw or sid in zones_raw:
                chk.add(F_SEAS, lab, "id", _("duplicate id"))
            else:
                chk.unknown_keys(e, F_SEAS, lab, ("id", "name", "open", "place", "seeds"))
                seas_raw[sid] = e
    return seas_raw


def _load_shapes(
    root: Path, chk: _Checker, zones_raw: Mapping[str, Any], seas_raw: Mapping[str, Any]
) -> tuple[dict[str, Shape], dict[str, Shape]]:
    """map/shapes.toml: the outline (rings) of each zone and sea zone, and the holes of the
    sea zones (a land zone may have none)."""
    shapes: dict[str, Shape] = {}
    holes: dict[str, Shape] = {}
    for i, e in enumerate(_entries(_read_toml(root, F_SHAPES, chk, ("shape",)), F_SHAPES, "shape", chk)):
        lab = _label(e, i)
        sid = chk.string(e, F_SHAPES, lab, "id")
        chk.exact_keys(e, F_SHAPES, lab, ("id", "kind", "rings", "holes"))
        if not isinstance(sid, str):
            continue
        if sid not in zones_raw and sid not in seas_raw:
            chk.add(F_SHAPES, lab, "id", _("no zone or sea zone has this id"))
            continue
        kind = chk.choice(e, F_SHAPES, lab, "kind", ("land", "sea"), None)
        if kind == "sea" and sid in zones_raw:
            chk.add(F_SHAPES, lab, "kind", _("{id} is a land zone", id=sid))
        if kind == "land" and sid in seas_raw:
            chk.add(F_SHAPES, lab, "kind", _("{id} is a sea zone", id=sid))
        if sid in shapes:
            chk.add(F_SHAPES, lab, "id", _("duplicate shape"))
            continue
        shapes[sid] = chk.rings(e.get("rings"), F_SHAPES, lab, "rings")
        if not shapes[sid]:
            chk.add(F_SHAPES, lab, "rings", _("empty shape"))
        if "holes" in e:
            if sid in zones_raw:
                chk.add(F_SHAPES, lab, "holes", _("land zones may not have holes"))
            holes[sid] = chk.rings(e.get("holes"), F_SHAPES, lab, "holes")
    return shapes, holes


def _load_rivers(root: Path, chk: _Checker) -> dict[str, River]:
    """map/rivers.toml: each river's name, course and whether it is a major river (only a
    major river can run along an edge)."""
    rivers: dict[str, River] = {}
    fields = ("id", "name", "major", "course")
    for i, e in enumerate(_entries(_read_toml(root, F_RIVERS, chk, ("river",)), F_RIVERS, "river", chk)):
        lab = _label(e, i)
        rid = chk.string(e, F_RIVERS, lab, "id")
        chk.unknown_keys(e, F_RIVERS, lab, fields)
        prov, pf = chk.provenance(e, F_RIVERS, lab, fields)
        course = []
        for j, p in enumerate(chk.get(e, F_RIVERS, lab, "course", list) or []):
            q = chk._point(p, F_RIVERS, lab, f"course[{j}]")
            if q:
                course.append(q)
        if isinstance(rid, str) and _new_id(chk, F_RIVERS, lab, rid, rivers):
            rivers[rid] = River(
                id=rid,
                name=chk.string(e, F_RIVERS, lab, "name") or rid,
                major=bool(chk.get(e, F_RIVERS, lab, "major", bool, False)),
                course=tuple(course),
                provenance=prov,
                provenance_fields=pf,
            )
    return rivers


def _zone_camps(chk: _Checker, zid: str, e: Mapping[str, Any]) -> list[Camp]:
    """A zone's legion camps, each ``{ name = ..., year = ... }`` (year 0: there from the
    start)."""
    camps = []
    for j, c in enumerate(chk.get(e, F_ZONES, zid, "camps", list, []) or []):
        if not isinstance(c, dict) or not isinstance(c.get("name"), str):
            chk.add(F_ZONES, zid, f"camps[{j}]", _("expected { name = ..., year = ... }"))
            continue
        chk.exact_keys(c, F_ZONES, zid, ("name", "year"), prefix=f"camps[{j}].")
        year = chk.integer(c, F_ZONES, zid, "year", 0, 217, 0, name=f"camps[{j}].year")
        camps.append(Camp(c["name"], year if isinstance(year, int) else 0))
    return camps


def _zone(chk: _Checker, zid: str, e: Mapping[str, Any], shapes: Mapping[str, Shape]) -> Zone:
    """One land zone: its kind, its Front (Front zones only), the Front an outside zone joins
    and when, its region, camps, cities, ports and shape."""
    kind = chk.choice(e, F_ZONES, zid, "kind", ZONE_KINDS)
    front = chk.choice(e, F_ZONES, zid, "front", FRONTS, None)
    if kind == "front" and front is None:
        chk.add(F_ZONES, zid, "front", _("a Front zone needs a front"))
    if kind != "front" and front is not None:
        chk.add(F_ZONES, zid, "front", _("only Front zones have a front (kind is {kind})", kind=kind))
    joins = chk.get(e, F_ZONES, zid, "joins", dict, None)
    joins_front = joins_year = None
    if joins is not None:
        joins_front = chk.choice(joins, F_ZONES, zid, "front", FRONTS, name="joins.front")
        joins_year = chk.integer(joins, F_ZONES, zid, "year", 161, 217, name="joins.year")
        chk.exact_keys(joins, F_ZONES, zid, ("front", "year"), prefix="joins.")
        if kind != "outside":
            chk.add(F_ZONES, zid, "joins", _("only zones outside the Empire can join a Front"))
    region = chk.choice(e, F_ZONES, zid, "region", LIMITED_REGIONS, None)
    camps = _zone_camps(chk, zid, e)
    prov, pf = chk.provenance(e, F_ZONES, zid, ZONE_FIELDS)
    if zid not in shapes:
        chk.add(F_SHAPES, zid, "rings", _("land zone has no shape"))
    return Zone(
        id=zid,
        name=chk.string(e, F_ZONES, zid, "name") or zid,
        aliases=chk.strings(e, F_ZONES, zid, "aliases"),
        kind=kind or "interior",
        front=front,
        joins_front=joins_front,
        joins_year=joins_year if isinstance(joins_year, int) else None,
        region=region,
        place=chk.point(e, F_ZONES, zid, "place"),
        camps=tuple(camps),
        cities=chk.strings(e, F_ZONES, zid, "cities"),
        ports=chk.strings(e, F_ZONES, zid, "ports"),
        shape=shapes.get(zid, ()),
        provenance=prov,
        provenance_fields=pf,
    )


def _check_camp_names(chk: _Checker, zones: Mapping[str, Zone]) -> None:
    """A camp's name belongs to one zone only."""
    camp_names: dict[str, str] = {}
    for z in zones.values():
        for c in z.camps:
            if c.name in camp_names:
                chk.add(F_ZONES, z.id, "camps", _("camp {name} is also in zone {zone}", name=repr(c.name), zone=camp_names[c.name]))
            camp_names[c.name] = z.id


def _sea_zone(
    chk: _Checker, sid: str, e: Mapping[str, Any], shapes: Mapping[str, Shape], holes: Mapping[str, Shape]
) -> SeaZone:
    """One sea zone: open sea or not, its place, shape and holes."""
    prov, pf = chk.provenance(e, F_SEAS, sid)
    if sid not in shapes:
        chk.add(F_SHAPES, sid, "rings", _("sea zone has no shape"))
    return SeaZone(
        id=sid,
        name=chk.string(e, F_SEAS, sid, "name") or sid,
        open=bool(chk.get(e, F_SEAS, sid, "open", bool)),
        place=chk.point(e, F_SEAS, sid, "place"),
        shape=shapes.get(sid, ()),
        holes=holes.get(sid, ()),
        provenance=prov,
        provenance_fields=pf,
    )


def _load_ports(
    seas_doc: Mapping[str, Any], chk: _Checker, zones: Mapping[str, Zone], seas: Mapping[str, SeaZone]
) -> dict[str, Port]:
    """The ``[[port]]`` boxes of map/seas.toml: each joins a land zone to a sea zone and may
    hold a fleet."""
    ports: dict[str, Port] = {}
    fields = ("id", "name", "zone", "sea", "fleet")
    for i, e in enumerate(_entries(seas_doc, F_SEAS, "port", chk)):
        lab = _label(e, i)
        pid = chk.string(e, F_SEAS, lab, "id")
        chk.unknown_keys(e, F_SEAS, lab, fields)
        zone = chk.string(e, F_SEAS, lab, "zone")
        sea = chk.string(e, F_SEAS, lab, "sea")
        if isinstance(zone, str) and zone not in zones:
            chk.add(F_SEAS, lab, "zone", _("unknown zone {zone}", zone=repr(zone)))
        if isinstance(sea, str) and sea not in seas:
            chk.add(F_SEAS, lab, "sea", _("unknown sea zone {sea}", sea=repr(sea)))
        prov, pf = chk.provenance(e, F_SEAS, lab, fields)
        if isinstance(pid, str) and _new_id(chk, F_SEAS, lab, pid, ports):
            ports[pid] = Port(
                id=pid,
                name=chk.string(e, F_SEAS, lab, "name") or pid,
                zone=zone or "",
                sea=sea or "",
                fleet=chk.string(e, F_SEAS, lab, "fleet") or "",
                provenance=prov,
                provenance_fields=pf,
            )
    return ports


def _check_zone_ports(chk: _Checker, zones: Mapping[str, Zone], ports: Mapping[str, Port]) -> None:
    """Every port a zone lists exists and names that zone back."""
    for z in zones.values():
        for p in z.ports:
            if p not in ports:
                chk.add(F_ZONES, z.id, "ports", _("unknown port box {port}", port=repr(p)))
            elif ports[p].zone != z.id:
                chk.add(F_ZONES, z.id, "ports", _("port box {port} belongs to zone {zone}", port=repr(p), zone=repr(ports[p].zone)))


def _load_land_edges(
    root: Path,
    chk: _Checker,
    zones: Mapping[str, Zone],
    rivers: Mapping[str, River],
    edges: dict[tuple[str, str], Edge],
) -> None:
    """map/edges.toml (generated land contacts) into ``edges``: a river along an edge must be a
    major river; an edge's provenance defaults to the file's."""
    edoc = _read_toml(root, F_EDGES, chk, ("provenance", "edge"))
    default_prov = chk.choice(edoc, F_EDGES, "-", "provenance", PROVENANCES, "design")
    for i, e in enumerate(_entries(edoc, F_EDGES, "edge", chk)):
        lab = f"edge #{i + 1}"
        a = chk.string(e, F_EDGES, lab, "a")
        b = chk.string(e, F_EDGES, lab, "b")
        chk.unknown_keys(e, F_EDGES, lab, ("a", "b", "river", "corner"))
        if not (isinstance(a, str) and isinstance(b, str)):
            continue
        lab = f"{a}-{b}"
        prov, pf = chk.provenance(e, F_EDGES, lab, ("river", "corner"), default_prov)
        river = chk.get(e, F_EDGES, lab, "river", str, None)
        if river is not None and (river not in rivers or not rivers[river].major):
            chk.add(F_EDGES, lab, "river", _("{river} is not a major river", river=repr(river)))
            river = None
        _add_edge(edges, chk, F_EDGES, lab, zones, a, b, Edge(
            a=min(a, b),
            b=max(a, b),
            river=river,
            corner=bool(chk.get(e, F_EDGES, lab, "corner", bool, False)),
            provenance=prov,
            provenance_fields=pf,
        ))


def _load_straits(
    root: Path, chk: _Checker, zones: Mapping[str, Zone], edges: dict[tuple[str, str], Edge]
) -> None:
    """map/straits.toml (authored, each named) into ``edges``."""
    for i, e in enumerate(_entries(_read_toml(root, F_STRAITS, chk, ("strait",)), F_STRAITS, "strait", chk)):
        lab = f"strait #{i + 1}"
        a = chk.string(e, F_STRAITS, lab, "a")
        b = chk.string(e, F_STRAITS, lab, "b")
        name = chk.string(e, F_STRAITS, lab, "name")
        chk.unknown_keys(e, F_STRAITS, lab, ("a", "b", "name"))
        if not (isinstance(a, str) and isinstance(b, str) and isinstance(name, str)):
            continue
        lab = f"{a}-{b}"
        prov, pf = chk.provenance(e, F_STRAITS, lab)
        _add_edge(edges, chk, F_STRAITS, lab, zones, a, b, Edge(
            a=min(a, b), b=max(a, b), strait=name, provenance=prov, provenance_fields=pf
        ))


def _load_coasts(
    cdoc: Mapping[str, Any], chk: _Checker, zones: Mapping[str, Zone], seas: Mapping[str, SeaZone]
) -> dict[str, tuple[str, ...]]:
    """The ``[[coast]]`` tables of map/coasts.toml: the land zones each sea zone touches."""
    coasts: dict[str, tuple[str, ...]] = {}
    for i, e in enumerate(_entries(cdoc, F_COASTS, "coast", chk)):
        lab = _label(e, i, "sea")
        sea = chk.string(e, F_COASTS, lab, "sea")
        chk.exact_keys(e, F_COASTS, lab, ("sea", "zones"))
        if not isinstance(sea, str):
            continue
        if sea not in seas:
            chk.add(F_COASTS, lab, "sea", _("unknown sea zone {sea}", sea=repr(sea)))
            continue
        if sea in coasts:
            chk.add(F_COASTS, lab, "sea", _("duplicate id"))
            continue
        zs = chk.strings(e, F_COASTS, lab, "zones")
        for zname in zs:
            if zname not in zones:
                chk.add(F_COASTS, lab, "zones", _("unknown land zone {zone}", zone=repr(zname)))
        coasts[sea] = tuple(zname for zname in zs if zname in zones)
    return coasts


def _load_sea_links(cdoc: Mapping[str, Any], chk: _Checker, seas: Mapping[str, SeaZone]) -> list[tuple[str, str]]:
    """The ``[[sea_link]]`` tables of map/coasts.toml: pairs of adjacent sea zones, each once."""
    sea_links: list[tuple[str, str]] = []
    for i, e in enumerate(_entries(cdoc, F_COASTS, "sea_link", chk)):
        lab = f"sea_link #{i + 1}"
        a = chk.string(e, F_COASTS, lab, "a")
        b = chk.string(e, F_COASTS, lab, "b")
        chk.exact_keys(e, F_COASTS, lab, ("a", "b"))
        if isinstance(a, str) and isinstance(b, str):
            for s in (a, b):
                if s not in seas:
                    chk.add(F_COASTS, lab, "a/b", _("unknown sea zone {sea}", sea=repr(s)))
            if a == b:
                chk.add(F_COASTS, lab, "b", _("a sea zone cannot link to itself"))
            sea_links.append((min(a, b), max(a, b)))
    if len(set(sea_links)) != len(sea_links):
        chk.add(F_COASTS, "sea_link", "-", _("duplicate sea links"))
    return sea_links


def _check_port_coasts(
    chk: _Checker, ports: Mapping[str, Port], zones: Mapping[str, Zone], coasts: Mapping[str, tuple[str, ...]]
) -> None:
    """A port's zone lies on its sea zone's coast."""
    for p in ports.values():
        if p.zone in zones and p.sea in coasts and p.zone not in coasts[p.sea]:
            chk.add(F_SEAS, p.id, "sea", _("zone {zone} does not touch {sea}", zone=p.zone, sea=p.sea))


def _load_map(root: Path, chk: _Checker) -> dict[str, Any]:
    """The map files (docs/imperator-data.md, "The map"), read in a fixed order so that the
    problems are always listed the same way: zones, seas, shapes, rivers, then ports, edges
    and straits, coasts and sea links."""
    zones_raw = _zone_entries(root, chk)
    seas_doc = _read_toml(root, F_SEAS, chk, ("sea", "port"))
    seas_raw = _sea_entries(seas_doc, chk, zones_raw)
    shapes, holes = _load_shapes(root, chk, zones_raw, seas_raw)
    rivers = _load_rivers(root, chk)
    zones = {zid: _zone(chk, zid, e, shapes) for zid, e in zones_raw.items()}
    _check_camp_names(chk, zones)
    seas = {sid: _sea_zone(chk, sid, e, shapes, holes) for sid, e in seas_raw.items()}
    ports = _load_ports(seas_doc, chk, zones, seas)
    _check_zone_ports(chk, zones, ports)
    edges: dict[tuple[str, str], Edge] = {}
    _load_land_edges(root, chk, zones, rivers, edges)
    _load_straits(root, chk, zones, edges)
    cdoc = _read_toml(root, F_COASTS, chk, ("provenance", "coast", "sea_link"))
    chk.choice(cdoc, F_COASTS, "-", "provenance", PROVENANCES, "design")
    coasts = _load_coasts(cdoc, chk, zones, seas)
    sea_links = _load_sea_links(cdoc, chk, seas)
    _check_port_coasts(chk, ports, zones, coasts)
    return {
        "zones": zones,
        "seas": seas,
        "ports": ports,
        "edges": tuple(sorted(edges.values(), key=lambda e: (e.a, e.b))),
        "coasts": coasts,
        "sea_links": tuple(sorted(set(sea_links))),
        "rivers": rivers,
    }


def _add_edge(
    edges: dict[tuple[str, str], Edge],
    chk: _Checker,
    file: str,
    lab: str,
    zones: Mapping[str, Zone],
    a: str,
    b: str,
    edge: Edge,
) -> None:
    bad = False
    for fld, z in (("a", a), ("b", b)):
        if z not in zones:
            chk.add(file, lab, fld, _("unknown land zone {zone}", zone=repr(z)))
            bad = True
    if a == b:
        chk.add(file, lab, "b", _("a zone cannot be adjacent to itself"))
        bad = True
    key = (edge.a, edge.b)
    if key in edges:
        chk.add(file, lab, "a/b", _("the two zones are already linked"))
        bad = True
    if not bad:
        edges[key] = edge


def check_geometry(data: ImperatorData) -> list[str]:
    """Problems where the shapes and the declared links disagree (slow-ish: ~1 s)."""
    problems: list[str] = []
    f_e = "map/edges.toml"
    ids = sorted(data.zones)
    shapes = {z: data.zones[z].shape for z in ids}
    declared = {(e.a, e.b): e for e in data.edges}
    for i, a in enumerate(ids):
        if not shapes[a]:
            continue
        for b in ids[i + 1 :]:
            if not shapes[b]:
                continue
            touch = shapes_touch(shapes[a], shapes[b])
            e = declared.get((a, b))
            if touch and e is None:
                problems.append(_("{file}: {a}-{b}: a/b: the shapes touch but no edge links them", file=f_e, a=a, b=b))
            elif e is not None and not e.strait and not touch:
                problems.append(_("{file}: {a}-{b}: a/b: linked but the shapes do not touch", file=f_e, a=a, b=b))
            elif e is not None and e.strait and touch:
                problems.append(_("map/straits.toml: {a}-{b}: a/b: a strait between zones that touch", a=a, b=b))
    for sea, zs in data.coasts.items():
        sshape = data.seas[sea].shape + data.seas[sea].holes
        for z in zs:
            if sshape and shapes.get(z) and not shapes_touch(sshape, shapes[z]):
                problems.append(_("map/coasts.toml: {sea}: zones: {zone} does not touch the sea zone", sea=sea, zone=z))
    for zone in data.zones.values():
        if zone.shape and not point_in_shape(zone.place, zone.shape):
            problems.append(_("map/zones.toml: {zone}: place: outside the zone's shape", zone=zone.id))
    return problems


# ---------------------------------------------------------------------------------------
# peoples and counters


def _check_people_zones(chk: _Checker, f: str, lab: str, zs: tuple[str, ...], zones: Mapping[str, Zone]) -> None:
    """A People starts in at least one zone, each known and outside the Empire."""
    if not zs:
        chk.add(f, lab, "zones", _("a People needs at least one starting zone"))
    for z in zs:
        if z not in zones:
            chk.add(f, lab, "zones", _("unknown zone {zone}", zone=repr(z)))
        elif zones[z].kind != "outside":
            chk.add(f, lab, "zones", _("starting zone {zone} is inside the Empire", zone=repr(z)))


def _check_entry_fronts(chk: _Checker, f: str, lab: str, fronts: tuple[str, ...], goes: bool) -> None:
    """A People's entry Fronts are Fronts, and a People that goes to war has at least one."""
    for fr in fronts:
        if fr not in FRONTS:
            chk.add(f, lab, "entry_fronts", _("{front} is not a Front", front=repr(fr)))
    if goes and not fronts:
        chk.add(f, lab, "entry_fronts", _("a People that goes to war needs an entry Front"))


def _load_peoples(root: Path, chk: _Checker, zones: Mapping[str, Zone]) -> dict[str, People]:
    """peoples.toml: each People's nationality, Major or not, stacking, starting zones, entry
    Fronts and whether it goes to war."""
    f = "peoples.toml"
    out: dict[str, People] = {}
    fields = "id name nationality major stacking zones entry_fronts goes_to_war note".split()
    for i, e in enumerate(_entries(_read_toml(root, f, chk, ("people",)), f, "people", chk)):
        lab = _label(e, i)
        pid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, fields)
        nat = chk.choice(e, f, lab, "nationality", NATIONALITIES[1:])
        zs = chk.strings(e, f, lab, "zones")
        _check_people_zones(chk, f, lab, zs, zones)
        fronts = chk.strings(e, f, lab, "entry_fronts")
        goes = bool(chk.get(e, f, lab, "goes_to_war", bool, True))
        _check_entry_fronts(chk, f, lab, fronts, goes)
        prov, pf = chk.provenance(e, f, lab, fields)
        if not isinstance(pid, str):
            continue
        if pid in out:
            chk.add(f, lab, "id", _("duplicate id"))
            continue
        out[pid] = People(
            id=pid,
            name=chk.string(e, f, lab, "name") or pid,
            nationality=nat or "",
            major=bool(chk.get(e, f, lab, "major", bool)),
            stacking=chk.choice(e, f, lab, "stacking", ("W", "E")) or "W",
            zones=zs,
            entry_fronts=fronts,
            goes_to_war=goes,
            note=chk.get(e, f, lab, "note", str, ""),
            provenance=prov,
            provenance_fields=pf,
        )
    return out


def _check_leader_people(
    chk: _Checker, f: str, lab: str, nat: str | None, people: Any, peoples: Mapping[str, People]
) -> None:
    """A leader's People: a known one, none for a Roman, one for any other nationality, and the
    People's own nationality."""
    if people is not None and people not in peoples:
        chk.add(f, lab, "people", _("unknown People {people}", people=repr(people)))
    if nat == "roman" and people is not None:
        chk.add(f, lab, "people", _("Roman leaders belong to no People"))
    if nat not in (None, "roman") and people is None:
        chk.add(f, lab, "people", _("a non-Roman leader needs a People"))
    if people in peoples and nat and peoples[people].nationality != nat:
        chk.add(f, lab, "nationality", _("differs from its People's ({nationality})", nationality=peoples[people].nationality))


def _leader_cp(chk: _Checker, e: Mapping[str, Any], f: str, lab: str, nat: str | None) -> Any:
    """A leader's CP (0..6): Roman leaders have one, the others none."""
    cp = chk.integer(e, f, lab, "cp", 0, 6, None)
    if nat == "roman" and cp is None:
        chk.add(f, lab, "cp", _("Roman leaders need a CP"))
    if nat not in (None, "roman") and cp is not None:
        chk.add(f, lab, "cp", _("only Roman leaders have a CP"))
    return cp


def _check_successors(chk: _Checker, f: str, out: Mapping[str, Leader]) -> None:
    """An ``after:<leader>`` entry rule names a known leader."""
    for lid, ld in out.items():
        if ld.entry_rule.startswith("after:") and ld.entry_rule[6:] not in out:
            chk.add(f, lid, "entry_rule", _("unknown leader {lid}", lid=repr(ld.entry_rule[6:])))


def _load_leaders(root: Path, chk: _Checker, peoples: Mapping[str, People]) -> dict[str, Leader]:
    """counters/leaders.toml: each leader's side, nationality and People, ratings, CP, and when
    he enters play (a year, an entry rule, or generic)."""
    f = "counters/leaders.toml"
    out: dict[str, Leader] = {}
    fields = "id name aliases side nationality people generic cc vs bt cp enters entry_rule auto_death".split()
    for i, e in enumerate(_entries(_read_toml(root, f, chk, ("leader",)), f, "leader", chk)):
        lab = _label(e, i)
        lid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, fields)
        side = chk.choice(e, f, lab, "side", SIDES)
        nat = chk.choice(e, f, lab, "nationality", NATIONALITIES)
        people = chk.get(e, f, lab, "people", str, None)
        _check_leader_people(chk, f, lab, nat, people, peoples)
        cp = _leader_cp(chk, e, f, lab, nat)
        enters = chk.integer(e, f, lab, "enters", 161, 217, None)
        rule = chk.get(e, f, lab, "entry_rule", str, "")
        generic = bool(chk.get(e, f, lab, "generic", bool, False))
        if enters is None and not rule and not generic:
            chk.add(f, lab, "enters", _("a named leader needs an entry year or an entry_rule"))
        prov, pf = chk.provenance(e, f, lab, fields)
        if not isinstance(lid, str):
            continue
        if lid in out:
            chk.add(f, lab, "id", _("duplicate id"))
            continue
        out[lid] = Leader(
            id=lid,
            name=chk.string(e, f, lab, "name") or lid,
            aliases=chk.strings(e, f, lab, "aliases"),
            side=side or "roman",
            nationality=nat or "roman",
            people=people,
            generic=generic,
            cc=chk.integer(e, f, lab, "cc", 1, 9) or 0,
            vs=chk.integer(e, f, lab, "vs", 0, 9) or 0,
            bt=chk.integer(e, f, lab, "bt", 0, 5) or 0,
            cp=cp,
            enters=enters,
            entry_rule=rule or "",
            auto_death=chk.integer(e, f, lab, "auto_death", 161, 300, None),
            provenance=prov,
            provenance_fields=pf,
        )
    _check_successors(chk, f, out)
    return out


def _ratings(chk: _Checker, e: Mapping[str, Any], f: str, lab: str, key: str) -> Ratings:
    v = chk.get(e, f, lab, key, dict)
    if v is None:
        return Ratings(0, 0, 0)
    r = Ratings(
        chk.integer(v, f, lab, "pf", 1, 15, name=f"{key}.pf") or 0,
        chk.integer(v, f, lab, "qu", 1, 3, name=f"{key}.qu") or 0,
        chk.integer(v, f, lab, "bt", 0, 3, name=f"{key}.bt") or 0,
    )
    for k in v:
        if k not in ("pf", "qu", "bt"):
            chk.add(f, lab, f"{key}.{k}", _("unknown field"))
    return r


def _camps_and_cities(zones: Mapping[str, Zone]) -> dict[str, Zone]:
    """The zone of each camp and city a legion or garrison can call home (a camp's name wins
    over a city's)."""
    camp_zone: dict[str, Zone] = {}
    for z in zones.values():
        for c in z.camps:
            camp_zone[c.name] = z
        for city in z.cities:
            camp_zone.setdefault(city, z)
    return camp_zone


def _unit_home_zone(
    chk: _Checker,
    f: str,
    lab: str,
    kind: str | None,
    camp: str | None,
    front: str | None,
    arrives: Any,
    camp_zone: Mapping[str, Zone],
) -> str | None:
    """The zone of a legion's or garrison's home camp or city: it exists, lies in the legion's
    Front in its first year, and the camp is built by then. None for the other kinds, which
    have no home camp."""
    zone_id = None
    if kind not in ("legion", "garrison"):
        if kind is not None and camp is not None:
            chk.add(f, lab, "camp", _("only legions and garrisons have a home camp"))
    elif camp is None:
        chk.add(f, lab, "camp", _("a legion or garrison unit needs a home camp or city"))
    elif camp not in camp_zone:
        chk.add(f, lab, "camp", _("no zone has the camp or city {camp}", camp=repr(camp)))
    else:
        z = camp_zone[camp]
        zone_id = z.id
        if kind == "legion" and front is not None:
            year = max(arrives or 0, 161)
            if z.front_in(year) != front:
                chk.add(f, lab, "camp", _("camp {camp} (zone {zone}) is not in the {front} Front in {year}", camp=camp, zone=z.id, front=front, year=year))
        cmp = next((c for c in z.camps if c.name == camp), None)
        if cmp is not None and cmp.year > max(arrives or 0, 161):
            chk.add(f, lab, "arrives", _("camp {camp} only exists from {year}", camp=camp, year=cmp.year))
    return zone_id


def _check_unit_people(
    chk: _Checker,
    f: str,
    lab: str,
    side: str | None,
    kind: str | None,
    nat: str | None,
    people: Any,
    peoples: Mapping[str, People],
) -> None:
    """A People's (or Armenia's) unit names a known People of its own nationality and fights for
    the Enemies of Rome."""
    if kind not in ("people", "armenia"):
        if kind is not None and people is not None:
            chk.add(f, lab, "people", _("only the units of a People belong to one"))
    elif people not in peoples:
        chk.add(f, lab, "people", _("unknown People {people}", people=repr(people)))
    elif nat and peoples[people].nationality != nat:
        chk.add(f, lab, "nationality", _("differs from its People's"))
    if side == "roman" and kind in ("people", "armenia"):
        chk.add(f, lab, "side", _("units of the Peoples belong to the Enemies of Rome"))


def _load_units(
    root: Path, chk: _Checker, zones: Mapping[str, Zone], peoples: Mapping[str, People]
) -> dict[str, Unit]:
    """counters/units.toml: each unit's side, kind, nationality, Front, home camp or People,
    arrival year and ratings."""
    f = "counters/units.toml"
    out: dict[str, Unit] = {}
    fields = "id name side kind nationality front camp people arrives full reduced".split()
    camp_zone = _camps_and_cities(zones)
    for i, e in enumerate(_entries(_read_toml(root, f, chk, ("unit",)), f, "unit", chk)):
        lab = _label(e, i)
        uid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, fields)
        side = chk.choice(e, f, lab, "side", SIDES)
        kind = chk.choice(e, f, lab, "kind", UNIT_KINDS)
        nat = chk.choice(e, f, lab, "nationality", NATIONALITIES)
        front = chk.choice(e, f, lab, "front", FRONTS, None)
        camp = chk.get(e, f, lab, "camp", str, None)
        people = chk.get(e, f, lab, "people", str, None)
        arrives = chk.integer(e, f, lab, "arrives", 0, 217, 0)
        full = _ratings(chk, e, f, lab, "full")
        reduced = _ratings(chk, e, f, lab, "reduced")
        if full.pf and reduced.pf and reduced.pf > full.pf:
            chk.add(f, lab, "reduced.pf", _("larger than the full-strength PF"))
        zone_id = _unit_home_zone(chk, f, lab, kind, camp, front, arrives, camp_zone)
        if kind == "vexillation" and front is None:
            chk.add(f, lab, "front", _("a vexillation belongs to a Front"))
        if kind in ("garrison", "people", "armenia") and front is not None:
            chk.add(f, lab, "front", _("only legions and vexillations belong to a Front"))
        _check_unit_people(chk, f, lab, side, kind, nat, people, peoples)
        prov, pf = chk.provenance(e, f, lab, fields + ["pf", "qu", "bt"])
        if not isinstance(uid, str):
            continue
        if uid in out:
            chk.add(f, lab, "id", _("duplicate id"))
            continue
        out[uid] = Unit(
            id=uid,
            name=chk.string(e, f, lab, "name") or uid,
            side=side or "roman",
            kind=kind or "legion",
            nationality=nat or "roman",
            front=front,
            camp=camp,
            zone=zone_id,
            people=people,
            arrives=arrives or 0,
            full=full,
            reduced=reduced,
            provenance=prov,
            provenance_fields=pf,
        )
    return out


def _load_stratagems(root: Path, chk: _Checker) -> dict[str, StratagemCounters]:
    f = "counters/stratagems.toml"
    out: dict[str, StratagemCounters] = {}
    fields = "id name side phase count once_per_scenario".split()
    for i, e in enumerate(_entries(_read_toml(root, f, chk, ("stratagem",)), f, "stratagem", chk)):
        lab = _label(e, i)
        sid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, fields)
        prov, pf = chk.provenance(e, f, lab, fields)
        if not isinstance(sid, str):
            continue
        if sid in out:
            chk.add(f, lab, "id", _("duplicate id"))
            continue
        out[sid] = StratagemCounters(
            id=sid,
            name=chk.string(e, f, lab, "name") or sid,
            side=chk.choice(e, f, lab, "side", ("roman", "enemy", "both")) or "both",
            phase=chk.choice(e, f, lab, "phase", ("B", "C", "E")) or "",
            count=chk.integer(e, f, lab, "count", 1, 9) or 1,
            once_per_scenario=bool(chk.get(e, f, lab, "once_per_scenario", bool, False)),
            provenance=prov,
            provenance_fields=pf,
        )
    return out


F_MATERIEL = "counters/materiel.toml"


def _load_fleets(doc: Mapping[str, Any], chk: _Checker, ports: Mapping[str, Port]) -> dict[str, Fleet]:
    """The ``[[fleet]]`` counters of counters/materiel.toml: home port box, capacity (1..9) and
    return delay (1..20)."""
    f = F_MATERIEL
    fleets: dict[str, Fleet] = {}
    for i, e in enumerate(_entries(doc, f, "fleet", chk)):
        lab = _label(e, i)
        fid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, ("id", "name", "port", "capacity", "return_delay"))
        port = chk.string(e, f, lab, "port")
        if isinstance(port, str) and port not in ports:
            chk.add(f, lab, "port", _("unknown port box {port}", port=repr(port)))
        prov, pf = chk.provenance(e, f, lab)
        if isinstance(fid, str) and _new_id(chk, f, lab, fid, fleets):
            fleets[fid] = Fleet(
                id=fid,
                name=chk.string(e, f, lab, "name") or fid,
                port=port or "",
                capacity=chk.integer(e, f, lab, "capacity", 1, 9) or 2,
                return_delay=chk.integer(e, f, lab, "return_delay", 1, 20) or 6,
                provenance=prov,
                provenance_fields=pf,
            )
    return fleets


def _check_port_fleets(chk: _Checker, ports: Mapping[str, Port], fleets: Mapping[str, Fleet]) -> None:
    """A fleet a port box names exists."""
    for p in ports.values():
        if p.fleet and p.fleet not in fleets:
            chk.add(F_SEAS, p.id, "fleet", _("unknown fleet {fleet}", fleet=repr(p.fleet)))


def _load_markers(doc: Mapping[str, Any], chk: _Checker) -> dict[str, Marker]:
    """The ``[[marker]]`` counters of counters/materiel.toml: how many of each (1..99)."""
    f = F_MATERIEL
    markers: dict[str, Marker] = {}
    for i, e in enumerate(_entries(doc, f, "marker", chk)):
        lab = _label(e, i)
        mid = chk.string(e, f, lab, "id")
        chk.unknown_keys(e, f, lab, ("id", "name", "count", "note"))
        prov, pf = chk.provenance(e, f, lab)
        if isinstance(mid, str) and _new_id(chk, f, lab, mid, markers):
            markers[mid] = Marker(
                id=mid,
                name=chk.string(e, f, lab, "name") or mid,
                count=chk.integer(e, f, lab, "count", 1, 99) or 1,
                note=chk.get(e, f, lab, "note", str, ""),
                provenance=prov,
                provenance_fields=pf,
            )
    return markers


def _load_materiel(
    root: Path, chk: _Checker, ports: Mapping[str, Port]
) -> tuple[dict[str, Fleet], dict[str, Marker]]:
    """counters/materiel.toml: the fleets (checked against the port boxes), then the markers."""
    doc = _read_toml(root, F_MATERIEL, chk, ("fleet", "marker"))
    fleets = _load_fleets(doc, chk, ports)
    _check_port_fleets(chk, ports, fleets)
    return fleets, _load_markers(doc, chk)


# ---------------------------------------------------------------------------------------
# the rule tables (tables/*.toml): every id they name must be a real one (issue 11)

#: how ``entry_rule`` may read: a named trigger, or ``after:<leader id>`` (leader table (b), (c))
ENTRY_RULES = ("commodus_succession",)


def tables_root(root: Path) -> Path:
    """The directory of the rule tables: ``<data>/tables`` when the data directory has one,
    else the shipped tables (what ``rules.imperator.tables`` reads)."""
    own = root / "tables"
    return root if own.is_dir() else DATA_DIR


#: the fields of a row of each rule table and of its inner tables, with their types: a field
#: outside these is refused and each is checked for its type (issue 11); ``rules.imperator.tables``
#: reads the rows. Most event effects describe the event for the reader: the engine applies an
#: event by its number (rules/imperator/fate.py).
LEADER_ROW_FIELDS: Mapping[str, type] = MappingProxyType({
    "id": str, "printed": str, "side": str, "entry": int, "entry_rule": str, "entry_mark": str,
    "checks": list, "death": int, "aliases_printed": list, "aliases_history": list, "prov": dict,
})
EVENT_FIELDS: Mapping[str, type] = MappingProxyType({
    "number": int, "id": str, "name": str, "name_fr": str, "duration": str, "description": str,
    "effects": dict, "prov": dict,
})
EVENT_EFFECTS: Mapping[str, type] = MappingProxyType({
    "reduce_units_in_zones": list, "reduce_nationality": str, "already_reduced": str,
    "augustus_in_rome_gets_event": int, "chooser_if_two": str, "pm_delta": int,
    "battle_bonus_side": str, "battle_bonus": int, "battle_bonus_condition": str,
    "augustus_immobile": bool, "augustus_dies_if_forced_out": bool, "augustus_bt_ignored": bool,
    "augustus_must_reach_rome": bool, "smc_delta": int, "smc_total": int, "recompute_split": bool,
    "naval_movement_allowed": bool, "eor_extra_smc": int, "extra_smc_timing": str,
    "leaders_affected": bool, "armenia_flip": bool,
})
STRATAGEM_FIELDS: Mapping[str, type] = MappingProxyType({
    "id": str, "name_fr": str, "name_en": str, "side": str, "phase": str, "timing": str,
    "keep_across_turns": bool, "once_per_scenario": bool, "after_play": str, "section": str,
    "description": str, "params": dict, "prov": dict, "count": int,
})
STRATAGEM_PARAMS: Mapping[str, type] = MappingProxyType({
    "placed_in": str, "cancelled_by": str, "people_kind": str, "max_peoples": int, "scope": str,
    "vp_per_phase_f": int, "battle_row_if_attacker": int, "battle_row_if_defender": int,
    "forbidden_against_usurper": bool, "civil_war_bonus": int, "requires": str, "die": str,
    "kills_on": list, "corporis_custodes_modifier": int, "leader_dies_on": int,
    "spreads_to_adjacent": bool,
})

#: the lists among those fields whose items have a type of their own (``tables`` reads
#: ``int(year)`` and ``str(alias)``: "163" would pass as 163)
LIST_ITEMS: Mapping[str, type] = MappingProxyType({
    "checks": int, "aliases_printed": str, "aliases_history": str, "kills_on": int,
})


def _check_fields(
    chk: _Checker, tbl: Mapping[str, Any], f: str, lab: str, types: Mapping[str, type], prefix: str = ""
) -> None:
    """Every field of a rule table's row (or of its inner table ``prefix``) is one of ``types``
    and of its type, and so is every item of a list of ``LIST_ITEMS``."""
    chk.exact_keys(tbl, f, lab, types, prefix)
    for k, typ in types.items():
        v = chk.get(tbl, f, lab, k, typ, None, name=f"{prefix}{k}")
        if k in LIST_ITEMS and isinstance(v, list):
            _check_items(chk, f, lab, f"{prefix}{k}", v, LIST_ITEMS[k])


def _check_items(chk: _Checker, f: str, lab: str, fld: str, items: list[Any], typ: type) -> None:
    """Every item of a list field is a ``typ`` (a boolean is not a number)."""
    for i, x in enumerate(items):
        if not isinstance(x, typ) or isinstance(x, bool):
            chk.add(f, lab, f"{fld}[{i}]", _("expected {type}, got {got}", type=typ.__name__, got=type(x).__name__))


def _table_rows(root: Path, chk: _Checker, f: str, key: str) -> list[dict[str, Any]]:
    """The ``[[key]]`` rows of a rule table; its one other top-level table is ``[meta]``."""
    doc = _read_toml(tables_root(root), f, chk, ("meta", key))
    chk.get(doc, f, "-", "meta", dict, None)
    return _entries(doc, f, key, chk)


def _entry_rule_problem(rule: str, leaders: Mapping[str, Leader]) -> str | None:
    if rule in ENTRY_RULES:
        return None
    if rule.startswith("after:"):
        target = rule.split(":", 1)[1]
        return None if target in leaders else _("unknown leader {lid}", lid=repr(target))
    return _("unknown rule {rule} (known: {known}, after:<leader id>)", rule=repr(rule), known=", ".join(ENTRY_RULES))


def _zone_front_or_people(ref: Any, zones: Mapping[str, Zone], peoples: Mapping[str, People]) -> bool:
    if not isinstance(ref, str):
        return False
    if ref.endswith("_front") and ref[: -len("_front")] in FRONTS:
        return True
    return ref in zones or ref in peoples


def _check_leader_table(
    root: Path, chk: _Checker, leaders: Mapping[str, Leader]
) -> None:
    f = "tables/leader_table.toml"
    rows = _table_rows(root, chk, f, "leaders")
    seen: set[str] = set()
    for i, e in enumerate(rows):
        lab = _label(e, i)
        _check_fields(chk, e, f, lab, LEADER_ROW_FIELDS)
        lid = e.get("id")
        if not isinstance(lid, str) or lid not in leaders or leaders[lid].generic:
            chk.add(f, lab, "id", _("unknown leader {lid}", lid=repr(lid)))
            continue
        seen.add(lid)
        counter = leaders[lid]
        entry = e.get("entry")
        if entry is not None and entry != counter.enters:
            chk.add(f, lab, "entry", _("{entry} differs from counters/leaders.toml ({enters})", entry=entry, enters=counter.enters))
        rule = e.get("entry_rule")
        if rule is not None:
            problem = _entry_rule_problem(str(rule), leaders)
            if problem:
                chk.add(f, lab, "entry_rule", problem)
            elif rule != counter.entry_rule:
                chk.add(f, lab, "entry_rule", _("{rule} differs from counters/leaders.toml ({entry_rule})", rule=repr(rule), entry_rule=repr(counter.entry_rule)))
    for lid in sorted(leaders):
        if not leaders[lid].generic and lid not in seen:
            chk.add("counters/leaders.toml", lid, "id", _("no row in {file}", file=f))
    for lid, ld in leaders.items():
        if ld.entry_rule and not ld.entry_rule.startswith("after:"):
            problem = _entry_rule_problem(ld.entry_rule, leaders)
            if problem:
                chk.add("counters/leaders.toml", lid, "entry_rule", problem)


def _check_events(root: Path, chk: _Checker, zones: Mapping[str, Zone], peoples: Mapping[str, People]) -> None:
    f = "tables/events.toml"
    rows = _table_rows(root, chk, f, "events")
    numbers = {e.get("number") for e in rows}
    for i, e in enumerate(rows):
        lab = str(e.get("number", f"#{i + 1}"))
        _check_fields(chk, e, f, lab, EVENT_FIELDS)
        eff = e.get("effects", {})
        if not isinstance(eff, dict):
            continue
        _check_fields(chk, eff, f, lab, EVENT_EFFECTS, "effects.")
        refs = eff.get("reduce_units_in_zones")
        for ref in refs if isinstance(refs, list) else ():
            if not _zone_front_or_people(ref, zones, peoples):
                chk.add(f, lab, "effects.reduce_units_in_zones", _("unknown zone, Front or People {ref}", ref=repr(ref)))
        nat = eff.get("reduce_nationality")
        if nat is not None and nat not in NATIONALITIES:
            chk.add(f, lab, "effects.reduce_nationality", _("unknown nationality {nationality}", nationality=repr(nat)))
        ev = eff.get("augustus_in_rome_gets_event")
        if ev is not None and ev not in numbers:
            chk.add(f, lab, "effects.augustus_in_rome_gets_event", _("unknown event {event}", event=repr(ev)))
        side = eff.get("battle_bonus_side")
        if side is not None and side not in ("rome", "eor"):
            chk.add(f, lab, "effects.battle_bonus_side", _("{side} is not rome or eor", side=repr(side)))


def _check_stratagem_types(
    root: Path, chk: _Checker, zones: Mapping[str, Zone], counters: Mapping[str, StratagemCounters]
) -> None:
    f = "tables/stratagems.toml"
    rows = _table_rows(root, chk, f, "stratagems")
    ids = {e.get("id") for e in rows}
    for i, e in enumerate(rows):
        lab = _label(e, i)
        _check_fields(chk, e, f, lab, STRATAGEM_FIELDS)
        params = e.get("params", {})
        if not isinstance(params, dict):
            continue
        _check_fields(chk, params, f, lab, STRATAGEM_PARAMS, "params.")
        zone = params.get("placed_in")
        if zone is not None and zone not in zones:
            chk.add(f, lab, "params.placed_in", _("unknown zone {zone}", zone=repr(zone)))
        other = params.get("cancelled_by")
        if other is not None and other not in ids:
            chk.add(f, lab, "params.cancelled_by", _("unknown stratagem {other}", other=repr(other)))
        kind = params.get("people_kind")
        if kind is not None and kind not in ("minor", "major"):
            chk.add(f, lab, "params.people_kind", _("{kind} is not minor or major", kind=repr(kind)))
    for sid in counters:
        if sid not in ids:
            chk.add("counters/stratagems.toml", sid, "id", _("no such stratagem type in {file}", file=f))
    for sid in sorted(x for x in ids if isinstance(x, str)):
        if sid not in counters:
            chk.add(f, sid, "id", _("no counters of this type in counters/stratagems.toml"))


# ---------------------------------------------------------------------------------------
# scenarios


SCENARIO_FIELDS = tuple((
    "id number title start end reconstructed summary augusti caesars usurpers initiative "
    "armenia peoples_at_war use_events use_stratagems use_leader_table use_enemy_peoples "
    "vp deploy_legions leader unit special_rules victory rules"
).split())


def _place(
    chk: _Checker,
    zones: Mapping[str, Zone],
    f: str,
    lab: str,
    placements: dict[str, Placement],
    p: Placement,
    where: str,
    dup_ok: bool = False,
) -> None:
    """Put one counter in a scenario's set-up: once only (unless ``dup_ok``), in a known zone."""
    if p.counter in placements and not dup_ok:
        chk.add(f, lab, where, _("{counter} is placed more than once", counter=p.counter))
    if p.zone not in zones:
        chk.add(f, lab, where, _("unknown zone {zone}", zone=repr(p.zone)))
    placements[p.counter] = p


def _deploy_legions(
    chk: _Checker,
    zones: Mapping[str, Zone],
    f: str,
    lab: str,
    placements: dict[str, Placement],
    units: Mapping[str, Unit],
    start: int,
) -> None:
    """``deploy_legions = true``: every Roman legion and garrison in play at the start stands
    in its own zone (docs/imperator-data.md, "Scenarios")."""
    for u in units.values():
        if u.side == "roman" and u.kind in ("legion", "garrison") and u.available_in(start) and u.zone:
            _place(chk, zones, f, lab, placements, Placement(u.id, u.zone, "roman"), "deploy_legions")


def _check_listed_leader(
    chk: _Checker, f: str, lab: str, where: str, cid: str, ld: Leader, start: int
) -> None:
    """A named leader placed by a scenario is in play in its start year (§2.C)."""
    if not ld.generic and not ld.available_in(start) and not (ld.enters is None and ld.entry_rule):
        chk.add(f, lab, f"{where}.id", _("{cid} is not in play in {start}", cid=cid, start=start))
    if ld.enters is not None and ld.enters > start:
        chk.add(f, lab, f"{where}.id", _("{cid} only enters in {enters}", cid=cid, enters=ld.enters))


def _placement_side(
    chk: _Checker, f: str, lab: str, where: str, counter: Leader | Unit, side: str | None, armenia: str
) -> str:
    """The side a placed counter starts on (§4.2, AMB-106): a People's counter is the Enemies of
    Rome's; Armenia's unit is on the side of the scenario's ``armenia`` (Rome's when Roman, the
    Enemies' when Parthian) and not placed when Armenia is absent; a Roman counter is on the side
    written, Rome's when none is (the Enemies' for a usurper's party). A written side that
    contradicts the counter is a problem, never replaced in silence."""
    if counter.people == "armenia" and armenia == "absent":
        chk.add(f, lab, f"{where}.id", _("Armenia is absent from this scenario (§4.2)"))
    if not counter.people:
        return side or "roman"
    own = "roman" if counter.people == "armenia" and armenia == "roman" else "enemy"
    if side is not None and side != own:
        chk.add(f, lab, f"{where}.side", _("{counter} is on the {side} side in this scenario (§4.2)", counter=counter.id, side=own))
    return own


def _place_listed(
    chk: _Checker,
    zones: Mapping[str, Zone],
    e: Mapping[str, Any],
    f: str,
    lab: str,
    placements: dict[str, Placement],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
    start: int,
    armenia: str,
) -> dict[str, set[str]]:
    """The ``[[scenario.leader]]`` and ``[[scenario.unit]]`` lists: each counter known, in play
    at the start, placed in a zone for its side (``_placement_side``; a listed legion may
    restate its deployed zone). Returns the leaders holding each title."""
    auto = set(placements)
    titles: dict[str, set[str]] = {t: set() for t in TITLES}
    for key, table in (("leader", leaders), ("unit", units)):
        for j, pe in enumerate(chk.get(e, f, lab, key, list, []) or []):
            where = f"{key}[{j}]"
            if not isinstance(pe, dict):
                chk.add(f, lab, where, _("expected a table"))
                continue
            cid = chk.string(pe, f, lab, "id", name=f"{where}.id")
            zone = chk.string(pe, f, lab, "zone", name=f"{where}.zone")
            side = chk.choice(pe, f, lab, "side", SIDES, None, name=f"{where}.side")
            title = (
                chk.choice(pe, f, lab, "title", TITLES, None, name=f"{where}.title")
                if key == "leader"
                else None
            )
            if key == "unit" and "title" in pe:
                chk.add(f, lab, f"{where}.title", _("only a leader holds a title"))
            chk.exact_keys(pe, f, lab, ("id", "zone", "side", "title"), prefix=f"{where}.")
            if not (isinstance(cid, str) and isinstance(zone, str)):
                continue
            if cid not in table:
                chk.add(f, lab, f"{where}.id", _("unknown {key} {cid}", key=key, cid=repr(cid)))
                continue
            if key == "leader":
                _check_listed_leader(chk, f, lab, where, cid, leaders[cid], start)
                if title:
                    titles[title].add(cid)
            else:
                u = units[cid]
                if not u.available_in(start):
                    chk.add(f, lab, f"{where}.id", _("{cid} only arrives in {arrives}", cid=cid, arrives=u.arrives))
            own = _placement_side(chk, f, lab, where, table[cid], side, armenia)
            _place(chk, zones, f, lab, placements, Placement(cid, zone, own, title), where, dup_ok=cid in auto)
            auto.discard(cid)
    return titles


def _check_title_lists(
    chk: _Checker,
    f: str,
    lab: str,
    lists: tuple[tuple[str, str, tuple[str, ...]], ...],
    titles: Mapping[str, set[str]],
    leaders: Mapping[str, Leader],
    placements: Mapping[str, Placement],
) -> None:
    """``augusti``, ``caesars``, ``usurpers``: at most two each, placed leaders, and the same
    names as the titles given in the leader list. ``lists`` holds (key, title, names)."""
    for key, _title, names in lists:
        limit = 2
        if len(names) > limit:
            chk.add(f, lab, key, _("at most {limit}", limit=limit))
        for n in names:
            if n not in leaders:
                chk.add(f, lab, key, _("unknown leader {lid}", lid=repr(n)))
            elif n not in placements:
                chk.add(f, lab, key, _("{lid} is not placed on the map", lid=n))
    for _key, t, listed in lists:
        if titles[t] != set(listed):
            chk.add(f, lab, t, _("leader titles {titles} differ from the list {listed}", titles=str(sorted(titles[t])), listed=str(sorted(listed))))


def _check_peoples_at_war(
    chk: _Checker, f: str, lab: str, at_war: tuple[str, ...], peoples: Mapping[str, People], enemy_used: bool
) -> None:
    """``peoples_at_war`` names known Peoples, and none in a scenario played without the Peoples
    (``use_enemy_peoples = false``): the list would be ignored."""
    for p in at_war:
        if p not in peoples:
            chk.add(f, lab, "peoples_at_war", _("unknown People {people}", people=repr(p)))
    if at_war and not enemy_used:
        chk.add(f, lab, "peoples_at_war", _("this scenario uses no Peoples (use_enemy_peoples = false)"))


def _check_peoples_placed(
    chk: _Checker,
    f: str,
    lab: str,
    placements: Mapping[str, Placement],
    peoples: Mapping[str, People],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
    at_war: tuple[str, ...],
    enemy_used: bool,
) -> None:
    """A People's counter is placed only when the scenario uses the Peoples, and a People not
    at war (nor Major) places none; a People at peace stays in its home zones (§4.1)."""
    for pl in placements.values():
        owner = units[pl.counter].people if pl.counter in units else leaders[pl.counter].people
        if not owner or owner == "armenia":
            continue
        fld = "unit" if pl.counter in units else "leader"  # the list the counter is placed in
        if not enemy_used:
            chk.add(f, lab, fld, _("{counter}: this scenario uses no Peoples", counter=pl.counter))
        elif owner not in at_war and not (owner in peoples and peoples[owner].major):
            chk.add(f, lab, fld, _("{counter} is placed but {owner} is not at war", counter=pl.counter, owner=owner))
        elif owner not in at_war and owner in peoples and pl.zone not in peoples[owner].zones:
            chk.add(f, lab, fld, _("{counter}: a People at peace stays in its home zones (§4.1)", counter=pl.counter))


def _check_leaders_in_play(
    chk: _Checker,
    f: str,
    lab: str,
    placements: Mapping[str, Placement],
    leaders: Mapping[str, Leader],
    absent: set[str],
    start: int,
    enemy_used: bool,
) -> None:
    """A named leader whose entry year has passed never arrives later (§2.C): the scenario
    places him or says he is gone (§4.1 for the Major Peoples' kings)."""
    for ld in leaders.values():
        alive = not ld.generic and ld.enters is not None and ld.available_in(start)
        if ld.people is not None and not enemy_used:
            continue
        if alive and ld.id not in placements and ld.id not in absent:
            chk.add(f, lab, "leader", _("{lid} is in play in {start}: place him or list him as absent", lid=ld.id, start=start))


def _check_vexillations(
    chk: _Checker, f: str, lab: str, placements: Mapping[str, Placement], units: Mapping[str, Unit]
) -> None:
    """At most MAX_VEXILLATIONS_ON_MAP vexillations on the map."""
    vex_on_map = sum(1 for pl in placements.values() if pl.counter in units and units[pl.counter].kind == "vexillation")
    if vex_on_map > MAX_VEXILLATIONS_ON_MAP:
        chk.add(f, lab, "unit", _("{n} vexillations on the map (at most {most})", n=vex_on_map, most=MAX_VEXILLATIONS_ON_MAP))


def _initiative(chk: _Checker, e: Mapping[str, Any], f: str, lab: str, start: int, end: int) -> dict[int, str]:
    """``[scenario.initiative]``: the side holding the initiative in given years of the
    scenario."""
    init_raw = chk.get(e, f, lab, "initiative", dict, {}) or {}
    initiative: dict[int, str] = {}
    for k, v in init_raw.items():
        if not (k.isdigit() and start <= int(k) <= end):
            chk.add(f, lab, f"initiative.{k}", _("key must be a year of the scenario"))
        elif v not in SIDES:
            chk.add(f, lab, f"initiative.{k}", _("{value} is not one of {allowed}", value=repr(v), allowed=", ".join(SIDES)))
        else:
            initiative[int(k)] = v
    return initiative


def _starting_vp(chk: _Checker, e: Mapping[str, Any], f: str, lab: str) -> dict[str, int]:
    """``[scenario.vp]``: each side's victory points at the start."""
    vp_raw = chk.get(e, f, lab, "vp", dict, {}) or {}
    vp: dict[str, int] = {}
    for k, v in vp_raw.items():
        if k not in SIDES or not isinstance(v, int) or isinstance(v, bool):
            chk.add(f, lab, f"vp.{k}", _("expected roman/enemy = integer"))
        else:
            vp[k] = v
    return vp


def _check_absent_not_placed(
    chk: _Checker, f: str, lab: str, srules: Iterable[ScenarioRule], placements: Mapping[str, Placement]
) -> None:
    """A leader an ``absent`` rule removes is not placed."""
    for r in srules:
        if r.kind == "absent":
            for lid in r.params.get("leaders", ()):
                if lid in placements:
                    chk.add(f, lab, "rules", _("{lid} is absent from this scenario but placed", lid=lid))


def _load_scenario(
    root: Path,
    path: Path,
    chk: _Checker,
    zones: Mapping[str, Zone],
    peoples: Mapping[str, People],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
    out: dict[str, Scenario],
) -> None:
    """One scenarios/*.toml file into ``out`` (docs/imperator-data.md, "Scenarios"): its years,
    placements, titles, Peoples at war, initiative, VP and special rules; a scenario without an
    id, or with one already used, is checked but not kept."""
    f = path.relative_to(root).as_posix()
    doc = _read_toml(root, f, chk, ("scenario",))
    e = doc.get("scenario")
    if not isinstance(e, dict):
        chk.add(f, "-", "scenario", _("missing [scenario] table"))
        return
    lab = _label(e, 0)
    sid = chk.string(e, f, lab, "id")
    chk.unknown_keys(e, f, lab, SCENARIO_FIELDS)
    start = chk.integer(e, f, lab, "start", 161, 217) or 161
    end = chk.integer(e, f, lab, "end", 161, 217) or 217
    if end < start:
        chk.add(f, lab, "end", _("{end} is before the start {start}", end=end, start=start))
    prov, pf = chk.provenance(e, f, lab, SCENARIO_FIELDS)

    placements: dict[str, Placement] = {}
    if chk.get(e, f, lab, "deploy_legions", bool, False):
        _deploy_legions(chk, zones, f, lab, placements, units, start)
    armenia = chk.choice(e, f, lab, "armenia", ("roman", "parthian", "absent")) or "roman"
    titles = _place_listed(chk, zones, e, f, lab, placements, leaders, units, start, armenia)
    enemy_used = bool(chk.get(e, f, lab, "use_enemy_peoples", bool, True))
    if enemy_used:
        _deploy_major_peoples(start, peoples, leaders, units, placements)
    augusti = chk.strings(e, f, lab, "augusti")
    caesars = chk.strings(e, f, lab, "caesars")
    usurpers = chk.strings(e, f, lab, "usurpers")
    lists = (("augusti", "augustus", augusti), ("caesars", "caesar", caesars), ("usurpers", "usurper", usurpers))
    _check_title_lists(chk, f, lab, lists, titles, leaders, placements)
    at_war = chk.strings(e, f, lab, "peoples_at_war")
    _check_peoples_at_war(chk, f, lab, at_war, peoples, enemy_used)
    _check_peoples_placed(chk, f, lab, placements, peoples, leaders, units, at_war, enemy_used)
    srules = _scenario_rules(chk, e, f, lab, start, end, zones, peoples, leaders, units, enemy_used)
    absent = {
        lid for r in srules if r.kind == "absent" for lid in r.params.get("leaders", ())
    }
    _check_leaders_in_play(chk, f, lab, placements, leaders, absent, start, enemy_used)
    _check_vexillations(chk, f, lab, placements, units)
    initiative = _initiative(chk, e, f, lab, start, end)
    vp = _starting_vp(chk, e, f, lab)
    _check_absent_not_placed(chk, f, lab, srules, placements)
    if not isinstance(sid, str):
        return
    if sid in out:
        chk.add(f, lab, "id", _("duplicate scenario id"))
        return
    ordered = sorted(placements.values(), key=lambda p: p.counter)
    out[sid] = Scenario(
        id=sid,
        number=chk.integer(e, f, lab, "number", 0, 99) or 0,
        title=chk.string(e, f, lab, "title") or sid,
        start=start,
        end=end,
        reconstructed=bool(chk.get(e, f, lab, "reconstructed", bool)),
        summary=chk.get(e, f, lab, "summary", str, ""),
        augusti=augusti,
        caesars=caesars,
        usurpers=usurpers,
        initiative=MappingProxyType(initiative),
        armenia=armenia,
        peoples_at_war=at_war,
        use_events=bool(chk.get(e, f, lab, "use_events", bool, True)),
        use_stratagems=bool(chk.get(e, f, lab, "use_stratagems", bool, True)),
        use_leader_table=bool(chk.get(e, f, lab, "use_leader_table", bool, True)),
        use_enemy_peoples=enemy_used,
        vp=MappingProxyType(vp),
        leaders=tuple(p for p in ordered if p.counter in leaders),
        units=tuple(p for p in ordered if p.counter in units),
        special_rules=chk.strings(e, f, lab, "special_rules"),
        victory=chk.strings(e, f, lab, "victory"),
        rules=srules,
        provenance=prov,
        provenance_fields=pf,
    )


def _load_scenarios(
    root: Path,
    chk: _Checker,
    zones: Mapping[str, Zone],
    peoples: Mapping[str, People],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
) -> dict[str, Scenario]:
    """Every scenarios/*.toml file, in name order; at least one must exist."""
    out: dict[str, Scenario] = {}
    folder = root / "scenarios"
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    if not files:
        chk.add("scenarios/", "-", "-", _("no scenario files"))
    for path in files:
        _load_scenario(root, path, chk, zones, peoples, leaders, units, out)
    return out


#: the id parameters of scenario rules that list several ids (a list, even of one id; a string
#: would be walked letter by letter); ``leader`` and ``usurper`` name one
RULE_ID_LISTS = ("leaders", "zones", "peoples", "units")


def _rule_param(
    chk: _Checker,
    f: str,
    lab: str,
    where: str,
    k: str,
    v: Any,
    ids: Mapping[str, Mapping[str, Any]],
    start: int,
    end: int,
) -> Any:
    """One parameter of a scenario rule, checked by its name: ids against their table (a list of
    them for ``RULE_ID_LISTS``, one id for the others), a side, a year of the scenario (or the
    year after it), a list of Fronts; the others by their type (``RULE_PARAM_TYPES``)."""
    table = ids.get(k)
    if table is not None:
        many = k in RULE_ID_LISTS
        if many != isinstance(v, list):
            got = type(v).__name__
            chk.add(f, lab, f"{where}.{k}", _("expected {type}, got {got}", type="list" if many else "str", got=got))
            return v
        for ref in v if many else [v]:
            if not isinstance(ref, str) or ref not in table:
                chk.add(f, lab, f"{where}.{k}", _("unknown {kind} {ref}", kind=k.rstrip("s"), ref=repr(ref)))
        return tuple(v) if many else v
    if k in ("winner", "side"):
        if v not in SIDES:
            chk.add(f, lab, f"{where}.{k}", _("{value} is not one of {allowed}", value=repr(v), allowed=", ".join(SIDES)))
        return v
    if k in ("year", "before"):
        if not isinstance(v, int) or isinstance(v, bool) or not start <= v <= end + 1:
            chk.add(f, lab, f"{where}.{k}", _("{value} is not a year of the scenario ({start}-{end})", value=repr(v), start=start, end=end))
        return v
    if k == "fronts":
        if not isinstance(v, list):
            chk.add(f, lab, f"{where}.{k}", _("expected {type}, got {got}", type="list", got=type(v).__name__))
            return v
        bad = [x for x in v if x not in FRONTS]
        if bad:
            chk.add(f, lab, f"{where}.{k}", _("unknown Front(s) {bad}", bad=str(bad)))
        return tuple(v)
    _check_param_type(chk, f, lab, f"{where}.{k}", v, RULE_PARAM_TYPES[k])
    return v


#: the type of every other scenario-rule parameter (SCENARIO_RULE_KINDS): ``scenario_rules`` reads
#: ``int(min_units)``, ``bool(with_leader)`` and ``int(vp)``, so "false" would be true there
RULE_PARAM_TYPES: Mapping[str, type] = MappingProxyType({"min_units": int, "with_leader": bool, "vp": int, "section": str})


def _check_param_type(chk: _Checker, f: str, lab: str, fld: str, v: Any, typ: type) -> None:
    """A scenario rule's parameter has its type (a boolean is not a number)."""
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        chk.add(f, lab, fld, _("expected {type}, got {got}", type=typ.__name__, got=type(v).__name__))


def _scenario_rule(
    chk: _Checker,
    f: str,
    lab: str,
    where: str,
    r: Any,
    ids: Mapping[str, Mapping[str, Any]],
    start: int,
    end: int,
) -> ScenarioRule | None:
    """One ``[[scenario.rules]]`` entry: a known kind, exactly its parameters, a text in our own
    words and a provenance (docs/imperator-data.md, "Scenario special rules, as data")."""
    if not isinstance(r, dict):
        chk.add(f, lab, where, _("expected a table"))
        return None
    kind = str(r.get("kind"))
    if kind not in SCENARIO_RULE_KINDS:
        chk.add(f, lab, f"{where}.kind", _("{value} is not one of {allowed}", value=repr(r.get("kind")), allowed=", ".join(SCENARIO_RULE_KINDS)))
        return None
    wanted = SCENARIO_RULE_KINDS[kind]
    params: dict[str, Any] = {}
    for k, v in r.items():
        if k in ("kind", "text", "provenance"):
            continue
        if k not in wanted:
            chk.add(f, lab, f"{where}.{k}", _("unknown field for {kind}", kind=kind))
            continue
        params[k] = _rule_param(chk, f, lab, where, k, v, ids, start, end)
    for k in wanted:
        if k not in params:
            chk.add(f, lab, f"{where}.{k}", _("missing"))
    text = r.get("text")
    if not isinstance(text, str) or not text.strip():
        chk.add(f, lab, f"{where}.text", _("missing"))
    prov = r.get("provenance", "design")
    if prov not in PROVENANCES:
        chk.add(f, lab, f"{where}.provenance", _("{value} is not one of {allowed}", value=repr(prov), allowed=", ".join(PROVENANCES)))
    return ScenarioRule(kind, MappingProxyType(params), str(text or ""), str(prov))


def _scenario_rules(
    chk: _Checker,
    e: Mapping[str, Any],
    f: str,
    lab: str,
    start: int,
    end: int,
    zones: Mapping[str, Zone],
    peoples: Mapping[str, People],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
    enemy_used: bool,
) -> tuple[ScenarioRule, ...]:
    """The ``[[scenario.rules]]`` entries: a kind, its parameters (every id checked), a text in
    our own words and a provenance. A rule about the Peoples (``war_at``, ``no_war_before``: any
    kind with a ``peoples`` parameter) in a scenario played without them
    (``use_enemy_peoples = false``) is refused, like ``peoples_at_war``: it would mean nothing."""
    out: list[ScenarioRule] = []
    ids: dict[str, Mapping[str, Any]] = {
        "leaders": leaders, "leader": leaders, "usurper": leaders, "zones": zones,
        "peoples": peoples, "units": units,
    }
    for j, r in enumerate(chk.get(e, f, lab, "rules", list, []) or []):
        rule = _scenario_rule(chk, f, lab, f"rules[{j}]", r, ids, start, end)
        if rule is None:
            continue
        if not enemy_used and "peoples" in SCENARIO_RULE_KINDS[rule.kind]:
            chk.add(f, lab, f"rules[{j}].kind", _("this scenario uses no Peoples (use_enemy_peoples = false)"))
        out.append(rule)
    return tuple(out)


def _deploy_major_peoples(
    start: int,
    peoples: Mapping[str, People],
    leaders: Mapping[str, Leader],
    units: Mapping[str, Unit],
    placements: dict[str, Placement],
) -> None:
    """§4.1: a Major People's units and generic leaders are always on the map. Whatever the
    scenario does not place goes to the People's home zones: units in turn over the zones in
    sorted order (as ``stratagems.deploy_people`` does), leaders in the first listed zone."""
    for pid in sorted(peoples):
        p = peoples[pid]
        if not p.major or pid == "armenia" or not p.zones:
            continue
        home = sorted(p.zones)
        mine = [u for u in sorted(units) if units[u].people == pid and units[u].available_in(start)]
        todo = [u for u in mine if u not in placements]
        for i, uid in enumerate(todo):
            placements[uid] = Placement(uid, home[i % len(home)], "enemy")
        for lid in sorted(leaders):
            ld = leaders[lid]
            if ld.people == pid and ld.generic and lid not in placements:
                placements[lid] = Placement(lid, p.zones[0], "enemy")


# ---------------------------------------------------------------------------------------


def _reachable(data_edges: Iterable[tuple[str, str]], start: Iterable[str]) -> set[str]:
    adj: dict[str, set[str]] = {}
    for a, b in data_edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen = set(start)
    todo = deque(seen)
    while todo:
        z = todo.popleft()
        for n in adj.get(z, ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _zones_with_peoples(zones: Mapping[str, Zone], peoples: Mapping[str, People]) -> dict[str, Zone]:
    """The zones, each recording which Peoples start there."""
    starting: dict[str, list[str]] = {}
    for p in peoples.values():
        for z in p.zones:
            starting.setdefault(z, []).append(p.id)
    return {
        zid: (z if zid not in starting else _with_peoples(z, tuple(starting[zid])))
        for zid, z in zones.items()
    }


def _check_connected(chk: _Checker, m: Mapping[str, Any], zones: Mapping[str, Zone]) -> None:
    """Every land zone is reached from Roma (or the first zone) by land edges, open seas and the
    links between open seas."""
    links = [(e.a, e.b) for e in m["edges"]]
    open_seas = {s for s, sz in m["seas"].items() if sz.open}
    for sea, zs in m["coasts"].items():
        if sea in open_seas:
            links.extend((sea, z) for z in zs)
    links.extend((a, b) for a, b in m["sea_links"] if a in open_seas and b in open_seas)
    if zones:
        first = "roma" if "roma" in zones else sorted(zones)[0]
        seen = _reachable(links, [first])
        for zid in sorted(zones):
            if zid not in seen:
                chk.add("map/edges.toml", zid, "-", _("zone cannot be reached from {first}", first=first))


def _check_entry_front_paths(
    chk: _Checker, m: Mapping[str, Any], zones: Mapping[str, Zone], peoples: Mapping[str, People]
) -> None:
    """A People that goes to war reaches each of its entry Fronts (as in 161) by land."""
    land_links = [(e.a, e.b) for e in m["edges"]]
    for p in peoples.values():
        if not p.goes_to_war:
            continue
        reach = _reachable(land_links, p.zones)
        for fr in p.entry_fronts:
            if not any(zones[z].front_in(161) == fr for z in reach if z in zones):
                chk.add("peoples.toml", p.id, "entry_fronts", _("no land path to the {front} Front", front=fr))


def load_data(directory: Path | str | None = None, *, geometry: bool = True) -> ImperatorData:
    """Load, validate and return the Imperator data.

    ``directory`` defaults to ``$PRAETOR_DATA_DIR``, then to the shipped data.  With
    ``geometry`` (the default) the zone shapes are also checked against the declared
    adjacency.  Raises :class:`DataError` listing every problem.
    """
    root = resolve_directory(directory)
    chk = _Checker()
    if not root.is_dir():
        raise DataError([join(": ", [str(root), "-", "-", _("not a directory")])])
    m = _load_map(root, chk)
    zones: dict[str, Zone] = m["zones"]
    peoples = _load_peoples(root, chk, zones)
    zones = _zones_with_peoples(zones, peoples)
    leaders = _load_leaders(root, chk, peoples)
    units = _load_units(root, chk, zones, peoples)
    stratagems = _load_stratagems(root, chk)
    fleets, markers = _load_materiel(root, chk, m["ports"])
    scenarios = _load_scenarios(root, chk, zones, peoples, leaders, units)
    _check_leader_table(root, chk, leaders)
    _check_events(root, chk, zones, peoples)
    _check_stratagem_types(root, chk, zones, stratagems)

    _check_connected(chk, m, zones)
    _check_entry_front_paths(chk, m, zones, peoples)

    data = ImperatorData(
        zones=MappingProxyType(zones),
        seas=MappingProxyType(m["seas"]),
        ports=MappingProxyType(m["ports"]),
        edges=m["edges"],
        coasts=MappingProxyType(m["coasts"]),
        sea_links=m["sea_links"],
        rivers=MappingProxyType(m["rivers"]),
        peoples=MappingProxyType(peoples),
        leaders=MappingProxyType(leaders),
        units=MappingProxyType(units),
        stratagems=MappingProxyType(stratagems),
        fleets=MappingProxyType(fleets),
        markers=MappingProxyType(markers),
        scenarios=MappingProxyType(scenarios),
        digest=data_hash(root),
    )
    if geometry and not chk.problems:
        chk.problems.extend(check_geometry(data))
    if chk.problems:
        raise DataError(chk.problems)
    return data


def _with_peoples(z: Zone, peoples: tuple[str, ...]) -> Zone:
    from dataclasses import replace

    return replace(z, peoples=peoples)


def summary_lines(data: ImperatorData) -> list[str]:
    """One count per line, ``<number> <kind>``, for ``praetor data check``."""
    return [
        _n("{n} land zone", "{n} land zones", len(data.zones)),
        _n("{n} sea zone", "{n} sea zones", len(data.seas)),
        _n("{n} edge", "{n} edges", len(data.edges)),
        _n("{n} river crossing", "{n} river crossings", sum(1 for e in data.edges if e.river)),
        _n("{n} strait", "{n} straits", sum(1 for e in data.edges if e.strait)),
        _n("{n} people", "{n} peoples", len(data.peoples)),
        _n("{n} leader", "{n} leaders", len(data.leaders)),
        _n("{n} unit", "{n} units", len(data.units)),
        _n("{n} stratagem", "{n} stratagems", sum(s.count for s in data.stratagems.values())),
        _n("{n} stratagem type", "{n} stratagem types", len(data.stratagems)),
        _n("{n} scenario", "{n} scenarios", len(data.scenarios)),
    ]
