"""Check the shape of the Imperium Romanum map: hexside features, islands, island boxes, and
that the land and each province hold together (issue 16; §3.1, 3.1.1, 5.6, 12.1-12.2).

Land hexes are joined by their common hexside unless it is an all-sea or lake hexside, and the
two ends of a strait are joined (12.2).  Every problem is appended to ``problems`` as
``file: entry: message``, as the loader does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from rules.core.i18n import _
from rules.imperium_romanum.data_model import (
    PROVENANCES,
    TERRAINS,
    City,
    Hex,
    Island,
    IslandBox,
    MapFeatures,
    NonCityPort,
    Pass,
    Province,
    Strait,
)
from rules.imperium_romanum.grid import distance, neighbours
from rules.imperium_romanum.island_boxes import is_box_id

FEATURES_FILE = "map_features.toml"
SEA_AREAS = ("atlanticus", "pontus_euxinus", "sinus_arabicus", "sinus_persicus", "mare_occidentale", "mare_orientale")
"""The six sea areas of 13.1: Atlantic, Black Sea, Red Sea, Persian Gulf, western and eastern
Mediterranean."""
SHARED_SEAS = frozenset(("mare_occidentale", "mare_orientale"))
"""13.1: the shallow line between Africa Proconsularis, Sicilia and Italia belongs to either."""
ISLAND_KINDS = ("island", "map_edge")
"""A real island, or a coast the edge of the map cuts off from the rest of the land."""


def _side(pair: object, hexes: Mapping[str, Hex], where: str, problems: list[str]) -> frozenset[str] | None:
    """A hexside between two adjacent land hexes, or None after noting the problem."""
    if not isinstance(pair, list) or len(pair) != 2:
        problems.append(_("{where}: {pair} is not a pair of hex ids", where=where, pair=repr(pair)))
        return None
    a, b = (str(x) for x in pair)
    ha, hb = hexes.get(a), hexes.get(b)
    if ha is None or hb is None or distance((ha.col, ha.row), (hb.col, hb.row)) != 1:
        problems.append(_("{where}: {pair} is not a hexside between two hexes of the map", where=where, pair=repr(pair)))
        return None
    if ha.kind != "land" or hb.kind != "land":
        problems.append(_("{where}: {pair} is not a hexside between two land hexes", where=where, pair=repr(pair)))
        return None
    return frozenset((a, b))


def read_features(
    doc: dict[str, Any], hexes: Mapping[str, Hex], provinces: Mapping[str, Province], cities: Mapping[str, City], problems: list[str]
) -> MapFeatures:
    """Read ``map_features.toml``: every hexside, island and island box resolves and is legal."""
    where = FEATURES_FILE
    provenance = doc.get("provenance", {})
    for key in ("all_sea", "lake", "mountain", "passes", "islands", "island_boxes"):
        if provenance.get(key) not in PROVENANCES:
            problems.append(_("{where}: provenance: {key} must be one of {allowed}", where=where, key=key, allowed=", ".join(PROVENANCES)))
    sides: dict[str, set[frozenset[str]]] = {}
    for key in ("all_sea", "lake", "mountain"):
        found: set[frozenset[str]] = set()
        for pair in doc.get(key, []):
            side = _side(pair, hexes, f"{where}: {key}", problems)
            if side is not None:
                found.add(side)
        sides[key] = found
    for one, other in (("all_sea", "lake"), ("all_sea", "mountain"), ("lake", "mountain")):
        for side in sorted(sides[one] & sides[other], key=sorted):
            problems.append(_("{where}: {side} is both a {one} and a {other} hexside", where=where, side="-".join(sorted(side)), one=one, other=other))
    passes: list[Pass] = []
    for entry in doc.get("pass", []):
        name = str(entry.get("name", "?"))
        side = _side([entry.get("a"), entry.get("b")], hexes, f"{where}: pass {name}", problems)
        if side is None:
            continue
        if side in sides["mountain"] or side in sides["all_sea"] or side in sides["lake"]:
            problems.append(_("{where}: pass {name}: a pass cannot also be a mountain, all-sea or lake hexside", where=where, name=name))
        passes.append(Pass(name, str(entry["a"]), str(entry["b"])))
    islands: list[Island] = []
    for entry in doc.get("island", []):
        iid, hid, kind = str(entry.get("id", "?")), str(entry.get("hex", "")), entry.get("kind")
        if kind not in ISLAND_KINDS:
            problems.append(_("{where}: island {iid}: kind must be one of {allowed}", where=where, iid=iid, allowed=", ".join(ISLAND_KINDS)))
        if hid not in hexes or hexes[hid].kind != "land":
            problems.append(_("{where}: island {iid}: hex {hid} is not a land hex of the map", where=where, iid=iid, hid=repr(hid)))
            continue
        islands.append(Island(iid, str(entry.get("name", iid)), str(kind), hid))
    boxes: list[IslandBox] = []
    seen: set[str] = set()
    for entry in doc.get("island_box", []):
        box = IslandBox(
            str(entry.get("hex", "")), str(entry.get("letter", "")), str(entry.get("name", "")),
            str(entry.get("province", "")), str(entry.get("terrain", "")), str(entry.get("city", "")),
        )  # fmt: skip
        label = f"{where}: island box {box.id}"
        if box.hex not in hexes:
            problems.append(_("{box}: hex {hex} is not on the map", box=label, hex=repr(box.hex)))
        if len(box.letter) != 1 or not box.letter.isupper():
            problems.append(_("{box}: the letter must be one capital letter (3.1.1)", box=label))
        if box.id in seen:
            problems.append(_("{box}: repeated", box=label))
        seen.add(box.id)
        if box.province not in provinces:
            problems.append(_("{box}: unknown province {province}", box=label, province=repr(box.province)))
        if box.terrain not in TERRAINS:
            problems.append(_("{box}: terrain must be one of {allowed}", box=label, allowed=", ".join(TERRAINS)))
        if box.city and (box.city not in cities or cities[box.city].province != box.province):
            problems.append(_("{box}: city {city} is not a city of {province}", box=label, city=repr(box.city), province=box.province))
        boxes.append(box)
    return MapFeatures(
        all_sea=frozenset(sides["all_sea"]), lake=frozenset(sides["lake"]), mountain=frozenset(sides["mountain"]),
        passes=tuple(passes), islands=tuple(islands), island_boxes=tuple(boxes),
        sea_areas=_sea_areas(doc.get("sea_areas", {}), hexes, problems),
    )  # fmt: skip


def _sea_areas(doc: dict[str, Any], hexes: Mapping[str, Hex], problems: list[str]) -> dict[str, frozenset[str]]:
    """Every sea hex lies in one sea area of 13.1, or in both Mediterranean areas (the line)."""
    where = f"{FEATURES_FILE}: sea_areas"
    out: dict[str, frozenset[str]] = {}
    for area, cells in doc.items():
        if area not in SEA_AREAS:
            problems.append(_("{where}: {area} is not one of the sea areas of 13.1 ({allowed})", where=where, area=repr(area), allowed=", ".join(SEA_AREAS)))
            continue
        bad = sorted(h for h in cells if h not in hexes or hexes[h].kind not in ("coastal", "deep"))
        if bad:
            problems.append(_("{where}: {area}: {hexes} not sea hexes of the map", where=where, area=area, hexes=", ".join(bad[:5])))
        out[area] = frozenset(str(h) for h in cells)
    for h in sorted(x.id for x in hexes.values() if x.kind in ("coastal", "deep")):
        areas = {a for a, cells in out.items() if h in cells}
        if len(areas) != 1 and areas != SHARED_SEAS:
            problems.append(_("{where}: {hex} lies in {n} sea areas, not 1 (13.1)", where=where, hex=h, n=len(areas)))
    return out


PORTS_FILE = "ports.toml"


def read_ports(
    doc: dict[str, Any], hexes: Mapping[str, Hex], provinces: Mapping[str, Province], cities: Mapping[str, City], problems: list[str]
) -> tuple[NonCityPort, ...]:
    """Read ``ports.toml``: each non-city port (2.3) stands on a land hex of its province that
    touches the sea and holds no city of any column (a port on a city hex is the city's)."""
    if doc.get("provenance") not in PROVENANCES:
        problems.append(_("{where}: provenance must be one of {allowed}", where=PORTS_FILE, allowed=", ".join(PROVENANCES)))
    by_pos = {(h.col, h.row): h for h in hexes.values()}
    city_hexes = {c.hex for c in cities.values()}
    out: list[NonCityPort] = []
    seen: set[str] = set()
    for entry in doc.get("port", []):
        pid, hid, province = str(entry.get("id", "")), str(entry.get("hex", "")), str(entry.get("province", ""))
        where = f"{PORTS_FILE}: {pid or '?'}"
        if not pid or pid in seen:
            problems.append(_("{where}: missing or repeated id", where=where))
            continue
        seen.add(pid)
        cell = hexes.get(hid)
        if cell is None or cell.kind != "land":
            problems.append(_("{where}: hex {hex} is not a land hex of the map", where=where, hex=repr(hid)))
            continue
        if not any(by_pos.get(n) is not None and by_pos[n].kind in ("coastal", "deep") for n in neighbours(cell.col, cell.row)):
            problems.append(_("{where}: hex {hex} touches no sea hex (2.3)", where=where, hex=hid))
        if hid in city_hexes:
            problems.append(_("{where}: hex {hex} holds a city: its port is the city's (2.3)", where=where, hex=hid))
        if province not in provinces or cell.province != province:
            problems.append(_("{where}: hex {hex} lies in {found}, not in {province}", where=where, hex=hid,
                              found=cell.province or _("no province"), province=repr(province)))  # fmt: skip
        out.append(NonCityPort(pid, str(entry.get("name", pid)), hid, province))
    return tuple(out)


def land_links(
    hexes: Mapping[str, Hex], straits: Iterable[Strait], features: MapFeatures, movement: bool = True
) -> dict[str, list[str]]:
    """For each land hex, the land hexes joined to it (sorted ids, each once), straits included.

    For ``movement``, a land unit's single steps: never across an all-sea, lake or mountain
    hexside (12.4 calls mountain hexsides impassable).  Otherwise the territory's own adjacency,
    every common hexside counting (a province is whole though a crest or a bay runs through it).
    """
    by_pos = {(h.col, h.row): h.id for h in hexes.values() if h.kind == "land"}
    blocked = features.all_sea | features.lake | features.mountain if movement else frozenset()
    straits = list(straits)
    joined = {frozenset((s.a, s.b)) for s in straits}  # a strait over a hexside is that hexside (12.1)
    links: dict[str, list[str]] = {}
    for hid in sorted(by_pos.values()):
        h = hexes[hid]
        out = []
        for cell in neighbours(h.col, h.row):
            other = by_pos.get(cell)
            if other is not None and frozenset((hid, other)) not in blocked and frozenset((hid, other)) not in joined:
                out.append(other)
        links[hid] = out
    for s in straits:
        links[s.a].append(s.b)
        links[s.b].append(s.a)
    return {k: sorted(v) for k, v in links.items()}


def pieces(cells: Iterable[str], links: Mapping[str, list[str]]) -> list[list[str]]:
    """The connected pieces of a set of land hexes, largest first (ties by first id)."""
    members = set(cells)
    seen: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(members):
        if start in seen:
            continue
        piece = [start]
        seen.add(start)
        queue = deque([start])
        while queue:
            for n in links.get(queue.popleft(), []):
                if n in members and n not in seen:
                    seen.add(n)
                    piece.append(n)
                    queue.append(n)
        out.append(sorted(piece))
    return sorted(out, key=lambda p: (-len(p), p[0]))


def check_shape(
    hexes: Mapping[str, Hex],
    straits: Iterable[Strait],
    features: MapFeatures,
    provinces: Mapping[str, Province],
    declared_pieces: Mapping[str, int],
    cities: Mapping[str, City],
    problems: list[str],
) -> None:
    """Every land hex is reachable, each province holds together, each city is in its province.

    - The land pieces a land unit can walk (straits included) other than the largest (the
      mainland) are each named by one island entry (§3.1): nothing else is cut off.
    - A province is in ``declared_pieces[id]`` pieces (1 when not declared): an exclave must be
      declared, with its reason, in ``provinces.toml``; a province with no hex of the grid is
      an island box's (IR-MAP-9), or it is refused.
    - A city stands on a hex of its province, or on an island box of its province on that hex.
    """
    links = land_links(hexes, straits, features)
    land = pieces(links, links)
    named = {i.hex: i for i in features.islands}
    for piece in land[1:]:
        names = [named[h].id for h in piece if h in named]
        if len(names) != 1:
            problems.append(
                _("map.toml: the land of {hex} ({size} hexes) is cut off from the mainland and is named by {names} island entries, not 1 (3.1)", hex=piece[0], size=len(piece), names=len(names))
            )
    for island in features.islands:
        if land and island.hex in land[0]:
            problems.append(_("{file}: island {island_id}: {hex} is joined to the mainland", file=FEATURES_FILE, island_id=island.id, hex=island.hex))
    territory = land_links(hexes, straits, features, movement=False)
    boxed = {b.province for b in features.island_boxes}
    for pid in sorted(provinces):
        cells = [h.id for h in hexes.values() if h.province == pid]
        if not cells and pid not in boxed:  # IR-MAP-9: a province may be an island box alone
            problems.append(_("provinces.toml: {pid}: no hex of the map and no island box lies in it (3.1, 3.1.1)", pid=pid))
        if not cells:
            continue
        found, wanted = len(pieces(cells, territory)), declared_pieces.get(pid, 1)
        if found != wanted:
            problems.append(
                _("provinces.toml: {pid}: its hexes form {found} pieces, {wanted} declared (declare an exclave with pieces and a note)", pid=pid, found=found, wanted=wanted)
            )
    boxes = {(b.hex, b.city) for b in features.island_boxes if b.city}
    box_city = {b.id: b.city for b in features.island_boxes}
    for city in cities.values():
        if is_box_id(city.hex) and box_city.get(city.hex) != city.id:  # 3.1.1, ruling IR-MAP-8
            problems.append(_("cities.toml: {city_id}: island box {box} does not hold this city", city_id=city.id, box=city.hex))
        cell = hexes.get(city.hex)
        if cell is not None and cell.province != city.province and (city.hex, city.id) not in boxes:
            problems.append(
                _("cities.toml: {city_id}: hex {hex} lies in {where}, not in {province}", city_id=city.id, hex=city.hex, where=cell.province or _("no province"), province=city.province)
            )
