"""The map as the engine reads it: neighbours, rivers, straits, cities, roads, and the cached
movement-cost graph and distances (§3, §11, §12; issue 17 "cache pathfinding per map").

One :class:`World` per scenario (its city column decides which cities exist), built once and
shared read-only by every game of that scenario.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from rules.imperium_romanum.charts import entry_cost
from rules.imperium_romanum.data_model import CityValue, IRData
from rules.imperium_romanum.grid import distance, global_colrow, neighbours, printed_id
from rules.imperium_romanum.island_boxes import hex_of, is_box_id, with_box_places
from rules.imperium_romanum.loader import load_data
from rules.imperium_romanum.naval_charts import SeaBox, naval_charts
from rules.imperium_romanum.validate_map import SHARED_SEAS, land_links

CAVALRY = ("light_cavalry_6_16", "horse_archers_6_16", "heavy_cavalry_30_16")
"""Cavalry unit types (12.4.1, 12.5, 14.2)."""


@lru_cache(maxsize=1)
def map_data() -> IRData:
    """The shipped data as the files give it, loaded and checked once per process: ``hexes``
    holds the hexes of the grid only (what the map image draws)."""
    return load_data()


@lru_cache(maxsize=1)
def data() -> IRData:
    """The engine's data: :func:`map_data` whose ``hexes`` also hold one place per island box
    (3.1.1, ``island_boxes.py``), so that a piece in a box is looked up like any other."""
    return with_box_places(map_data())


def is_box(place: str) -> bool:
    """Whether ``place`` is an island box of the map (3.1.1), not a hex."""
    return is_box_id(place) and place in data().hexes


@lru_cache(maxsize=1)
def non_city_port_hexes() -> frozenset[str]:
    """The hexes of the non-city ports (2.3, ``ports.toml``)."""
    return frozenset(port.hex for port in data().ports)


@dataclass(frozen=True)
class Edge:
    """Entering ``to`` from a neighbour: the hexside crossed ("", "river", "main_river", "strait")."""

    to: str
    crossing: str


@dataclass
class World:
    """Derived, read-only map facts for one scenario, with caches (§12.1 costs, distances)."""

    scenario: str
    column: int
    land: frozenset[str]
    edges: dict[str, tuple[Edge, ...]]
    city_at: dict[str, str]
    city_value: dict[str, CityValue]
    capital_of: dict[str, str]
    roads: dict[str, bool]
    cultivated: dict[str, bool]
    rivers_at: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The rivers whose hexsides touch each hex (13.1, 13.4.4)."""
    cities_at: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Every city of the column on each hex (two real cities may share a hex of our map)."""
    strait_sides: frozenset[frozenset[str]] = frozenset()
    """The pairs of hexes a strait joins (12.2)."""
    boxes: frozenset[str] = frozenset()
    """The island boxes, places of their own (3.1.1, ``island_boxes.py``)."""
    _costs: dict[tuple[str, bool, bool], tuple[tuple[str, int, str], ...]] = field(default_factory=dict)
    _ports: dict[str, bool] = field(default_factory=dict)
    _sea: dict[tuple[str, bool], tuple[tuple[str, int], ...]] = field(default_factory=dict)
    _areas: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def province(self, hex_id: str) -> str:
        return data().hexes[hex_id].province

    def terrain(self, hex_id: str) -> str:
        return data().hexes[hex_id].terrain

    def has_road(self, hex_id: str) -> bool:
        return self.roads.get(self.province(hex_id), False)

    def always_summer(self, hex_id: str) -> bool:
        """9.1: the hex lies in a province with the sun symbol (``province_display.toml`` sun)."""
        entry = data().display.get(self.province(hex_id))
        return entry is not None and entry.sun

    def deforested(self, hex_id: str) -> bool:
        """16.2: the hex lies in a province with the ax symbol (``province_display.toml`` ax)."""
        entry = data().display.get(self.province(hex_id))
        return entry is not None and entry.ax

    def step_costs(self, hex_id: str, winter: bool, flooded: bool) -> tuple[tuple[str, int, str], ...]:
        """(neighbour, MP, crossing) for every land neighbour of ``hex_id`` (§12.1, §12.2), cached."""
        key = (hex_id, winter, flooded)
        cached = self._costs.get(key)
        if cached is not None:
            return cached
        charts = data().charts
        out = []
        for edge in self.edges.get(hex_id, ()):
            road = self.has_road(edge.to)
            cost = entry_cost(charts, self.terrain(edge.to), road, winter and not self.always_summer(edge.to))
            if edge.crossing in ("river", "main_river"):
                # 11.0: a river between a road province and a roadless one belongs to the road one
                with_road = road or self.has_road(hex_id)
                cost += charts.crossings["river_with_road" if with_road else "river"]
                if flooded:
                    cost *= charts.crossings["flood_factor"]  # 12.1: the whole entry cost doubles
            elif edge.crossing == "strait":
                # 12.2: +4 MP into or out of an island box (a narrow-sea hex), the arrow's +6 elsewhere
                narrow = is_box_id(edge.to) or is_box_id(hex_id)
                extra = charts.crossings["narrow_sea_hex" if narrow else "strait_arrow_example"]
                cost += extra * (charts.crossings["winter_factor"] if winter else 1)
            out.append((edge.to, cost, edge.crossing))
        result = tuple(out)
        self._costs[key] = result
        return result

    def reachable(
        self,
        start: str,
        budget: int,
        winter: bool,
        flooded: bool,
        stops: Callable[[str], bool],
        enterable: Callable[[str], bool],
        crossable: Callable[[str, str, str], bool] | None = None,
        extra: Callable[[str], int] | None = None,
    ) -> dict[str, tuple[int, str]]:
        """Cheapest MP to every hex reachable from ``start`` within ``budget`` (Dijkstra; ties
        broken by hex id), with the previous hex. A hex where ``stops`` holds may be entered but
        not left (12.3); a hex where ``enterable`` fails may not be entered; a step (from, to,
        crossing) where ``crossable`` fails may not be taken (12.2); ``extra`` adds MP to enter a
        hex (limitanei, 30.0)."""
        best: dict[str, tuple[int, str]] = {start: (0, "")}
        queue: list[tuple[int, str]] = [(0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > best[here][0]:
                continue
            if here != start and stops(here):
                continue
            for there, cost, crossing in self.step_costs(here, winter, flooded):
                total = spent + cost + (extra(there) if extra is not None else 0)
                if total > budget or not enterable(there) or (crossable is not None and not crossable(here, there, crossing)):
                    continue
                if there not in best or total < best[there][0] or (total == best[there][0] and here < best[there][1]):
                    best[there] = (total, here)
                    heapq.heappush(queue, (total, there))
        return best

    def is_port(self, hex_id: str) -> bool:
        """IR-ENG-4: a city next to a sea hex is a port, and so is each non-city port of
        ``ports.toml`` (2.3, IR-ENG-53). Cached."""
        cached = self._ports.get(hex_id)
        if cached is None:
            cell = data().hexes.get(hex_id)
            cached = bool(cell) and (hex_id in self.city_at or self.non_city_port(hex_id)) and any(
                data().hexes[n].kind in SEA_KINDS for n in _around(hex_id) if n in data().hexes)
            self._ports[hex_id] = cached
        return cached

    def non_city_port(self, hex_id: str) -> bool:
        """2.3: a harbour of ``ports.toml`` stands on the hex (never a city hex)."""
        return hex_id in non_city_port_hexes()

    def sea_steps(self, hex_id: str, winter: bool) -> tuple[tuple[str, int], ...]:
        """(neighbour, MP) for every hex a fleet may enter from ``hex_id`` (10.3): sea hexes at
        the Naval Movement Chart's cost for their kind and season (summer seas never winter,
        doubled outside the Mediterranean), and ports for nothing; never land to land."""
        key = (hex_id, winter)
        cached = self._sea.get(key)
        if cached is not None:
            return cached
        charts = naval_charts()
        here_sea = data().hexes[hex_id].kind in SEA_KINDS
        out = []
        around = _around(hex_id)
        if is_box(hex_id):  # 3.1.1 (IR-MAP-8): a box's port opens on its own hex too
            around = [hex_of(hex_id), *around]
        elif here_sea:  # and is entered from its hex and the hexes around it, as shore() says
            near = {hex_id, *around}
            around = [*around, *sorted(b for b in box_ids() if hex_of(b) in near)]
        for other in around:
            cell = data().hexes.get(other)
            if cell is None:
                continue
            if cell.kind in SEA_KINDS:
                box = sea_of(other)
                summer_sea = box is not None and box.summer
                cost = charts.costs[cell.kind][1 if winter and not summer_sea else 0]
                if box is not None and not box.mediterranean:
                    cost *= charts.outside_factor
                out.append((other, cost))
            elif cell.kind == "land" and here_sea and self.is_port(other):
                out.append((other, charts.port_entry))
        result = tuple(out)
        self._sea[key] = result
        return result

    def port_sea_areas(self, hex_id: str) -> tuple[str, ...]:
        """The sea areas of 13.1 a port on ``hex_id`` lies on: those of the sea hexes around it
        (a port beside the shallow line is on both Mediterranean areas, 13.1 a); every port of
        Sicilia and Rhegium's serve both Mediterranean areas (13.1). Cached."""
        cached = self._areas.get(hex_id)
        if cached is None:
            areas = {a for n in _around(hex_id) for a, cells in data().features.sea_areas.items() if n in cells}
            city = self.city_at.get(hex_id, "")
            if areas and (self.province(hex_id) in BOTH_SEAS_PROVINCES or city in BOTH_SEAS_CITIES):
                areas |= set(SHARED_SEAS)
            cached = tuple(sorted(areas))
            self._areas[hex_id] = cached
        return cached

    def strait_waters(self, a: str, b: str) -> tuple[str, ...]:
        """The hexes a strait from ``a`` to ``b`` separates (12.2): its two ends and, where they
        are two hexes apart on our map, the sea hexes between them."""
        if hex_distance(a, b) < 2:
            return (a, b)
        between = sorted(set(_around(a)) & set(_around(b)))
        return (a, b, *(h for h in between if h in data().hexes and data().hexes[h].kind in SEA_KINDS))

    def barrier(self, a: str, b: str) -> str:
        """The hexside between adjacent land hexes that no land unit crosses: "mountain" (12.4,
        ruling IR-MAP-4), "all_sea" (12.2) or "lake" (14.2.1); "" when there is none."""
        side = frozenset((a, b))
        features = data().features
        for kind, sides in (("mountain", features.mountain), ("all_sea", features.all_sea), ("lake", features.lake)):
            if side in sides and side not in self.strait_sides:
                return kind
        return ""

    def crossing(self, a: str, b: str) -> str:
        """The hexside feature between adjacent hexes ``a`` and ``b`` ("" when none)."""
        for edge in self.edges.get(a, ()):
            if edge.to == b:
                return edge.crossing
        return ""


SEA_KINDS = ("coastal", "deep")
BOTH_SEAS_PROVINCES = ("sicilia",)
BOTH_SEAS_CITIES = ("rhegium",)
"""13.1: any port of Sicilia, and Rhegium, supplies on both the eastern and western Mediterranean."""


def _around(hex_id: str) -> list[str]:
    col, row = global_colrow(hex_id)
    return [printed_id(c, r) for c, r in neighbours(col, row)]


def box_ids() -> frozenset[str]:
    """The island boxes of the map (3.1.1), the same in every scenario."""
    return frozenset(b.id for b in data().features.island_boxes)


def shore(sea_hex: str) -> tuple[str, ...]:
    """The land places a fleet in ``sea_hex`` touches (10.4.2, 10.4.3): the land hexes around it
    and the island boxes on it or on the hexes around it (3.1.1), in id order."""
    around = [n for n in _around(sea_hex) if n in data().hexes]
    near = {sea_hex, *around}
    boxes = [b for b in box_ids() if hex_of(b) in near]
    return tuple(sorted([n for n in around if data().hexes[n].kind == "land"] + boxes))


def touches_sea(land: str, sea_hex: str) -> bool:
    """A land place next to a sea hex; an island box also touches its own hex (3.1.1)."""
    gap = hex_distance(land, sea_hex)
    return gap == 1 or (gap == 0 and land in box_ids())


def sea_of(hex_id: str) -> SeaBox | None:
    """The named sea of a sea hex (9.0, 10.3); ``None`` for the Mediterranean."""
    cell = data().hexes[hex_id]
    for box in naval_charts().boxes:
        if box.holds(cell.lat, cell.lon):
            return box
    return None


def hex_distance(a: str, b: str) -> int:
    """Hexes between two hex ids (cached)."""
    return _distance(a, b) if a <= b else _distance(b, a)


@lru_cache(maxsize=65536)
def _distance(a: str, b: str) -> int:
    return distance(global_colrow(a), global_colrow(b))


@lru_cache(maxsize=8)
def world(scenario_id: str) -> World:
    """The world of a scenario, built once (issue 17: cached per map)."""
    d = data()
    scen = d.scenarios[scenario_id]
    column = d.column_index(scen.city_column)
    land = frozenset(h for h, cell in d.hexes.items() if cell.kind == "land")
    rivers: dict[tuple[str, str], str] = {}
    for river in d.rivers:
        for a, b in river.sides:
            rivers[(min(a, b), max(a, b))] = "main_river" if river.main else "river"
    # 12.1, 12.2, 12.4 (ruling IR-MAP-4): a land unit steps across a common hexside unless it is a
    # mountain, all-sea or lake hexside, and across a strait (the Kerch strait's all-sea hexside
    # is crossed only as a strait)
    links = land_links(map_data().hexes, d.straits, d.features)
    straits = {frozenset((s.a, s.b)) for s in d.straits}
    # 3.1.1, 12.2 (ruling IR-MAP-6): an island box on a land hex is joined to that hex by a
    # narrow-sea crossing; a box on a sea hex to nothing on land
    boxes = box_ids()
    for box in sorted(boxes):
        links[box] = [hex_of(box)] if hex_of(box) in land else []
        if hex_of(box) in land:
            links[hex_of(box)] = sorted([*links.get(hex_of(box), []), box])
            straits.add(frozenset((box, hex_of(box))))
    edges: dict[str, tuple[Edge, ...]] = {}
    for hex_id in sorted(land):
        edges[hex_id] = tuple(
            Edge(other, "strait" if frozenset((hex_id, other)) in straits else rivers.get((min(hex_id, other), max(hex_id, other)), ""))
            for other in links.get(hex_id, [])
        )  # fmt: skip
    city_at: dict[str, str] = {}
    city_value: dict[str, CityValue] = {}
    capital_of: dict[str, str] = {}
    for cid in sorted(d.cities):
        city = d.cities[cid]
        value = city.value(column)
        if value is None:
            continue
        city_at.setdefault(city.hex, cid)  # IR-ENG-26: two cities on one hex of our map fall together
        city_value[cid] = value
    # 5.6: the Province Display's capital; where it does not exist in the column, the province's
    # first city (IR-ENG-2)
    for province, entry in sorted(d.display.items()):
        if entry.capital in city_value:
            capital_of[province] = entry.capital
    for cid in sorted(city_value):
        capital_of.setdefault(d.cities[cid].province, cid)
    # 11.1, 11.2: roads and cultivation by province and column, from the Province Display
    label = scen.city_column
    roads = {p: p in d.display and label in d.display[p].roads for p in d.provinces}
    cultivated = {p: p in d.display and label in d.display[p].cultivated for p in d.provinces}
    touching: dict[str, set[str]] = {}
    for river in d.rivers:
        for a, b in river.sides:
            touching.setdefault(a, set()).add(river.name)
            touching.setdefault(b, set()).add(river.name)
    rivers_at = {h: tuple(sorted(names)) for h, names in touching.items()}
    cities_at: dict[str, list[str]] = {}
    for cid in sorted(city_value):
        cities_at.setdefault(d.cities[cid].hex, []).append(cid)
    return World(scenario_id, column, land, edges, city_at, city_value, capital_of, roads, cultivated, rivers_at,
                 {h: tuple(c) for h, c in cities_at.items()}, frozenset(straits), boxes)
