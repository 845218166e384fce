"""The naval charts the book cites but does not print (``data/charts_naval.toml``): naval
movement costs (§10.3), the seas of §9.0 and §10.3, the Naval Attrition Table (§10.3.1),
interception (§10.6), transport (§10.4), the Naval CRT (§10.7) and fleet building (§7.8).
Loaded once and checked; provenance per value is in the file."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

NAVAL_FILE = Path(__file__).resolve().parent / "data" / "charts_naval.toml"
LOSS_CODES = ("-", "1", "2", "3", "4")
"""10.7.4: no loss, then a quarter, a half, three quarters, all of a side's fleets."""


@dataclass(frozen=True)
class SeaBox:
    """A named sea found by latitude and longitude (9.0, 10.3)."""

    name: str
    lat_min: float
    lat_max: float
    lon_min: float
    lon_max: float
    mediterranean: bool
    summer: bool

    def holds(self, lat: float, lon: float) -> bool:
        return self.lat_min <= lat <= self.lat_max and self.lon_min <= lon <= self.lon_max


@dataclass(frozen=True)
class NavalCharts:
    allowance: int
    outside_factor: int
    port_entry: int
    costs: dict[str, tuple[int, int]]
    """Sea hex kind -> (summer, winter) MP."""
    boxes: tuple[SeaBox, ...]
    attrition: tuple[tuple[int, int], ...]
    intercept: dict[str, int]
    transport: dict[str, int]
    combat_cost: int
    retreat_mp: int
    columns: tuple[str, ...]
    rows: tuple[int, ...]
    table: tuple[tuple[tuple[str, str], ...], ...]
    build: dict[str, int]
    digest: str


def _int_table(doc: dict[str, object], keys: tuple[str, ...], where: str) -> dict[str, int]:
    out = {}
    for key in keys:
        value = doc.get(key)
        if not isinstance(value, int):
            raise ValueError(f"charts_naval.toml: {where}.{key} must be an integer")
        out[key] = value
    return out


@lru_cache(maxsize=1)
def naval_charts() -> NavalCharts:
    """The shipped naval charts, read and checked once."""
    return read_naval_charts(NAVAL_FILE.read_bytes())


def read_naval_charts(raw: bytes) -> NavalCharts:
    """Read and check the text of a ``charts_naval.toml`` (the shipped one, or an owner's that
    ``praetor data check`` checks, loader.py); ValueError, KeyError or TypeError when broken."""
    doc = tomllib.loads(raw.decode("utf-8"))
    move = doc["movement"]
    costs = {kind: (int(move[kind]["summer"]), int(move[kind]["winter"])) for kind in ("coastal", "deep")}
    inf = float("inf")
    boxes = tuple(SeaBox(str(b["name"]), float(b.get("lat_min", -inf)), float(b.get("lat_max", inf)),
                         float(b.get("lon_min", -inf)), float(b.get("lon_max", inf)), bool(b["mediterranean"]),
                         bool(b["summer"])) for b in doc["regions"]["boxes"])  # fmt: skip
    attrition = tuple((int(mp), int(value)) for mp, value in doc["attrition"]["rows"])
    if [mp for mp, _v in attrition] != sorted(mp for mp, _v in attrition) or any(not 0 <= v <= 6 for _m, v in attrition):
        raise ValueError("charts_naval.toml: attrition rows are [MP, value] by rising MP, values 0-6")
    combat = doc["combat"]
    columns = tuple(str(c) for c in combat["columns"])
    rows = tuple(int(r) for r in combat["rows"])
    table = []
    for row in combat["table"]:
        if len(row) != len(columns):
            raise ValueError("charts_naval.toml: each combat.table row needs one cell per column")
        cells = []
        for cell in row:
            att, _slash, dfn = str(cell).partition("/")
            if att not in LOSS_CODES or dfn not in LOSS_CODES:
                raise ValueError(f"charts_naval.toml: bad naval result {cell!r}")
            cells.append((att, dfn))
        table.append(tuple(cells))
    if len(table) != len(rows):
        raise ValueError("charts_naval.toml: combat.table needs one row per die value")
    for column in columns:
        a, _dash, d = column.partition("-")
        if not (a.isdigit() and d.isdigit()):
            raise ValueError(f"charts_naval.toml: bad column {column!r}")
    return NavalCharts(
        allowance=int(move["allowance"]), outside_factor=int(move["outside_factor"]), port_entry=int(move["port_entry"]),
        costs=costs, boxes=boxes, attrition=attrition,
        intercept=_int_table(doc["interception"], ("reach", "winter", "far", "far_beyond", "not_moved", "embark_cost"),
                             "interception"),
        transport=_int_table(doc["transport"], ("capacity_halves", "embark_port", "embark_coast", "debark_port",
                                                "debark_coast", "amphibious", "full_ma_limit"), "transport"),
        combat_cost=int(combat["cost"]), retreat_mp=int(combat["retreat_mp"]), columns=columns, rows=rows,
        table=tuple(table), build=_int_table(doc["building"], ("months", "per_city", "cost"), "building"),
        digest=hashlib.sha256(raw).hexdigest(),
    )  # fmt: skip


def attrition_value(mp: int) -> int:
    """10.3.1: the Naval Attrition Table's value for ``mp`` MP of movement (0 when none)."""
    if mp <= 0:
        return 0
    for limit, value in naval_charts().attrition:
        if mp <= limit:
            return value
    return naval_charts().attrition[-1][1]


def naval_column(attack: int, defence: int) -> str:
    """10.7.3: the ratio rounded down, in the defender's favour, to a column of the Naval CRT;
    below the first column the first, above the last the last (as IR-ENG-14 on land)."""
    columns = naval_charts().columns
    for column in reversed(columns):
        a, _dash, d = column.partition("-")
        if attack * int(d) >= max(1, defence) * int(a):
            return column
    return columns[0]


def naval_result(column: str, modified_roll: int) -> tuple[str, str]:
    """10.7.4: the (attacker, defender) loss codes of the Naval CRT cell."""
    charts = naval_charts()
    row = max(charts.rows[0], min(charts.rows[-1], modified_roll))
    return charts.table[charts.rows.index(row)][charts.columns.index(column)]


def fleets_lost(code: str, fleets: int) -> int:
    """10.7.4: a quarter per point of the code, rounded down, but at least one fleet when the side
    has more than one and the result is a number."""
    if code == "-" or fleets <= 0:
        return 0
    lost = fleets * int(code) // 4
    if fleets > 1:
        lost = max(1, lost)
    return min(fleets, lost)
