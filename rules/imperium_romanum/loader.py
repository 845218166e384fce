"""Load and check the Imperium Romanum data directory (plain TOML) into typed records.

``load_data()`` reads the shipped ``data/`` or the directory given (an owner of the printed game
may supply their own, checked by the same rules).  Every problem found is collected and raised
together in :class:`IRDataError`, each as ``file: entry: message``.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules.core.i18n import _, _n, join
from rules.imperium_romanum.chart_book import ChartBook
from rules.imperium_romanum.charts import (
    CER_GRADES,
    RESULT_CODES,
    SUPPLY_MAX_LE,
    SUPPLY_ROLLS,
    WINNERS,
    Charts,
    CrtCell,
)
from rules.imperium_romanum.data_model import (
    COLOURS,
    FORT_LEVEL_NAMES,
    HEX_KINDS,
    HEX_SOURCES,
    POWER_KINDS,
    PROVENANCES,
    TERRAINS,
    VICTORY_KINDS,
    City,
    CityValue,
    Deployment,
    Hex,
    IRData,
    Leader,
    Power,
    Province,
    River,
    Scenario,
    Strait,
    UnitType,
    Victory,
)
from rules.imperium_romanum.grid import distance, global_colrow, is_hex_id, neighbours, printed_id
from rules.imperium_romanum.island_boxes import is_box_id
from rules.imperium_romanum.validate_charts import CHART_FILES, read_charts
from rules.imperium_romanum.validate_display import read_display
from rules.imperium_romanum.validate_map import (
    check_shape,
    land_links,
    pieces,
    read_features,
    read_ports,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = (
    "provinces.toml", "cities.toml", "map.toml", "map_features.toml", "province_display.toml", "charts.toml",
    "units.toml", "leaders.toml", "ports.toml", *CHART_FILES,
)  # fmt: skip
SCENARIO_DIR = "scenarios"
SPECIAL_RULES = range(26, 39)
"""Special rules 26 to 38 (§26-38) are the ones a scenario may call for."""
STRAIT_REACH = 2
"""A strait joins two land hexes at most this many hexes apart (one sea hex between)."""


class IRDataError(ValueError):
    """The data directory is not valid; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        shown = join("\n", [join("", ["  ", p]) for p in self.problems])
        super().__init__(_("{n} problem(s) in the Imperium Romanum data:\n{problems}",
                           n=len(self.problems), problems=shown))


def _cell(text: object) -> CityValue | None:
    """A chart cell ``"tax/defence"``, or ``None`` for ``"-"``; ValueError if malformed."""
    if text == "-":
        return None
    if not isinstance(text, str) or text.count("/") != 1:
        raise ValueError(text)
    tax, defence = (int(part) for part in text.split("/"))
    if tax < 0 or defence < 0:
        raise ValueError(text)
    return CityValue(tax, defence)


def _read_file(root: Path, name: str, problems: list[str], digest: Any) -> bytes | None:
    """The bytes of a data file, added to the data's digest; None (and the problem said) when
    the file is missing."""
    path = root / name
    if not path.is_file():
        problems.append(_("{file}: missing file", file=name))
        return None
    data = path.read_bytes()
    digest.update(name.encode() + b"\0" + data)
    return data


def _check_naval(root: Path, problems: list[str], digest: Any) -> None:
    """The naval charts (10.3-10.7, 7.8: ``charts_naval.toml``, read by ``naval_charts.py``) are
    checked like every other chart file of the directory: present, readable, complete."""
    from rules.imperium_romanum.naval_charts import NAVAL_FILE, read_naval_charts

    name = NAVAL_FILE.name
    data = _read_file(root, name, problems, digest)
    if data is None:
        return
    try:
        read_naval_charts(data)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        problems.append(_("{file}: the naval charts are refused ({kind}: {error})", file=name, kind=type(error).__name__,
                          error=str(error)))  # fmt: skip


def load_data(directory: Path | None = None) -> IRData:
    """Read, check and return the data; raise :class:`IRDataError` listing every problem."""
    root = directory or DATA_DIR
    problems: list[str] = []
    raw: dict[str, dict[str, Any]] = {}
    digest = hashlib.sha256()
    for name in FILES:
        data = _read_file(root, name, problems, digest)
        if data is None:
            continue
        try:
            raw[name] = tomllib.loads(data.decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            problems.append(_("{file}: not valid TOML ({error})", file=name, error=str(error)))
    for path in sorted((root / SCENARIO_DIR).glob("*.toml")):
        name = f"{SCENARIO_DIR}/{path.name}"
        data = path.read_bytes()
        digest.update(name.encode() + b"\0" + data)
        try:
            raw[name] = tomllib.loads(data.decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            problems.append(_("{file}: not valid TOML ({error})", file=name, error=str(error)))
    _check_naval(root, problems, digest)
    if problems:
        raise IRDataError(problems)
    try:
        return _read_all(raw, problems, digest.hexdigest())
    except IRDataError:
        raise
    except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
        # a value of the wrong shape (a number where a table belongs, ...): refused, not raised
        raise IRDataError([*problems, _("a value has the wrong shape ({kind}: {error})", kind=type(error).__name__, error=str(error))]) from error


def _read_all(raw: dict[str, dict[str, Any]], problems: list[str], data_hash: str) -> IRData:
    """Check every parsed file; raise :class:`IRDataError` listing the problems found."""
    provinces = _provinces(raw["provinces.toml"], problems)
    hexes = _hexes(raw["map.toml"], provinces, problems)
    columns, ports, cities = _cities(raw["cities.toml"], provinces, hexes, problems)
    straits = _straits(raw["map.toml"], hexes, problems)
    rivers = _rivers(raw["map.toml"], hexes, problems)
    _check_seas(hexes, problems)
    features = read_features(raw["map_features.toml"], hexes, provinces, cities, problems)
    declared = {str(e.get("id")): int(e.get("pieces", 1)) for e in raw["provinces.toml"].get("province", [])}
    check_shape(hexes, straits, features, provinces, declared, cities, problems)
    display = read_display(raw["province_display.toml"], columns, provinces, cities, problems)
    ports_map = read_ports(raw["ports.toml"], hexes, provinces, cities, problems)
    charts = _charts(raw["charts.toml"], problems)
    units = _units(raw["units.toml"], problems)
    leaders = _leaders(raw["leaders.toml"], problems)
    tables = read_charts(raw, provinces, units, columns, problems)
    scenarios: dict[str, Scenario] = {}
    for name in sorted(k for k in raw if k.startswith(SCENARIO_DIR + "/")):
        city_hexes = {c.hex for c in cities.values()}
        scenario = _scenario(name, raw[name], columns, provinces, hexes, city_hexes, units, leaders, problems, cities,
                             {b.id for b in features.island_boxes}, tables)  # fmt: skip
        if scenario is not None:
            scenarios[scenario.id] = scenario
    _check_builds(scenarios, tables, problems)
    if problems:
        raise IRDataError(problems)
    return IRData(
        columns=columns,
        non_city_port=ports,
        provinces=MappingProxyType(provinces),
        cities=MappingProxyType(cities),
        hexes=MappingProxyType(hexes),
        straits=straits,
        rivers=rivers,
        charts=charts,
        units=MappingProxyType(units),
        leaders=MappingProxyType(leaders),
        scenarios=MappingProxyType(scenarios),
        data_hash=data_hash,
        features=features,
        display=MappingProxyType(display),
        tables=tables,
        ports=ports_map,
    )


def _provinces(doc: dict[str, Any], problems: list[str]) -> dict[str, Province]:
    out: dict[str, Province] = {}
    for entry in doc.get("province", []):
        pid = str(entry.get("id", ""))
        if not pid or pid in out:
            problems.append(_("{where}: missing or repeated id", where=f"provinces.toml: {pid or '?'}"))
            continue
        if entry.get("provenance") not in PROVENANCES:
            problems.append(_("{where}: provenance must be one of {allowed}", where=f"provinces.toml: {pid}", allowed=", ".join(PROVENANCES)))
        out[pid] = Province(pid, str(entry.get("name", pid)), tuple(entry.get("printed", [])), str(entry.get("provenance")))
    return out


def _hexes(doc: dict[str, Any], provinces: dict[str, Province], problems: list[str]) -> dict[str, Hex]:
    out: dict[str, Hex] = {}
    for hid, entry in doc.get("hexes", {}).items():
        where = f"map.toml: {hid}"
        if not is_hex_id(hid) or printed_id(*global_colrow(hid)) != hid:
            problems.append(_("{where}: not a hex id of sheets A, B or C", where=where))
            continue
        kind = entry.get("kind")
        if kind not in HEX_KINDS:
            problems.append(_("{where}: kind must be one of {allowed}", where=where, allowed=", ".join(HEX_KINDS)))
            continue
        terrain = str(entry.get("terrain", ""))
        province = str(entry.get("province", ""))
        src = str(entry.get("src", ""))
        if kind == "land":
            if terrain not in TERRAINS:
                problems.append(_("{where}: a land hex needs a terrain among {allowed}", where=where, allowed=", ".join(TERRAINS)))
            if src not in HEX_SOURCES:
                problems.append(_("{where}: src must be one of {allowed}", where=where, allowed=", ".join(HEX_SOURCES)))
            if province and province not in provinces:
                problems.append(_("{where}: unknown province {province}", where=where, province=repr(province)))
        elif terrain or province:
            problems.append(_("{where}: a {kind} hex has no terrain and no province", where=where, kind=kind))
        col, row = global_colrow(hid)
        out[hid] = Hex(hid, col, row, kind, terrain, province, float(entry.get("lat", 0.0)), float(entry.get("lon", 0.0)), src)
    return out


def _cities(
    doc: dict[str, Any], provinces: dict[str, Province], hexes: dict[str, Hex], problems: list[str]
) -> tuple[tuple[str, ...], tuple[CityValue, ...], dict[str, City]]:
    meta = doc.get("meta", {})
    columns = tuple(str(c) for c in meta.get("columns", []))
    if not columns:
        problems.append(_("cities.toml: meta: columns missing"))
    ports: list[CityValue] = []
    for text in meta.get("non_city_port", []):
        try:
            cell = _cell(text)
        except ValueError:
            cell = None
        if cell is None:
            problems.append(_("cities.toml: meta: non_city_port: bad cell {text}", text=repr(text)))
        else:
            ports.append(cell)
    if len(ports) != len(columns):
        problems.append(_("cities.toml: meta: non_city_port needs {n} cells", n=len(columns)))
    out: dict[str, City] = {}
    for entry in doc.get("city", []):
        cid = str(entry.get("id", ""))
        where = f"cities.toml: {cid or '?'}"
        if not cid or cid in out:
            problems.append(_("{where}: missing or repeated id", where=where))
            continue
        hid = str(entry.get("hex", ""))
        if is_box_id(hid) and hid[:5] in hexes:
            pass  # 3.1.1 (ruling IR-MAP-8): an island box, checked against the boxes by check_shape
        elif hid not in hexes:
            problems.append(_("{where}: hex {hid} is not on the map", where=where, hid=repr(hid)))
        elif hexes[hid].kind != "land":
            problems.append(_("{where}: hex {hid} is not a land hex", where=where, hid=hid))
        province = str(entry.get("province", ""))
        if province not in provinces:
            problems.append(_("{where}: unknown province {province}", where=where, province=repr(province)))
        raw_values = entry.get("values", [])
        values: list[CityValue | None] = []
        for text in raw_values:
            try:
                values.append(_cell(text))
            except ValueError:
                problems.append(_("{where}: bad chart cell {text} (want tax/defence or -)", where=where, text=repr(text)))
        if len(raw_values) != len(columns):
            problems.append(_("{where}: {cells} chart cells, the chart has {columns} columns", where=where, cells=len(raw_values), columns=len(columns)))
        if all(v is None for v in values):
            problems.append(_("{where}: the city exists in no column", where=where))
        out[cid] = City(
            cid, str(entry.get("name", cid)), hid, str(entry.get("chart_hex", "")), province,
            bool(entry.get("capital", False)), float(entry.get("lat", 0.0)), float(entry.get("lon", 0.0)),
            tuple(values),
        )  # fmt: skip
    return columns, tuple(ports), out


def _straits(doc: dict[str, Any], hexes: dict[str, Hex], problems: list[str]) -> tuple[Strait, ...]:
    out: list[Strait] = []
    for entry in doc.get("strait", []):
        sid = str(entry.get("id", "?"))
        a, b = str(entry.get("a", "")), str(entry.get("b", ""))
        ends = [hexes.get(a), hexes.get(b)]
        if any(h is None or h.kind != "land" for h in ends):
            problems.append(_("map.toml: strait {sid}: both ends must be land hexes of the map", sid=sid))
            continue
        if a == b or distance(global_colrow(a), global_colrow(b)) > STRAIT_REACH:
            problems.append(_("map.toml: strait {sid}: the ends must be two hexes at most {strait_reach} apart", sid=sid, strait_reach=STRAIT_REACH))
            continue
        out.append(Strait(sid, str(entry.get("name", sid)), a, b))
    return tuple(out)


def _rivers(doc: dict[str, Any], hexes: dict[str, Hex], problems: list[str]) -> tuple[River, ...]:
    """Each river hexside joins two adjacent land hexes of the map."""
    out: list[River] = []
    for entry in doc.get("river", []):
        name = str(entry.get("name", "?"))
        sides: list[tuple[str, str]] = []
        for pair in entry.get("sides", []):
            a, b = (str(x) for x in pair) if len(pair) == 2 else ("", "")
            if a not in hexes or b not in hexes or distance(global_colrow(a), global_colrow(b)) != 1:
                problems.append(_("map.toml: river {name}: {pair} is not a hexside between two hexes of the map", name=name, pair=repr(pair)))
                continue
            sides.append((a, b))
        out.append(River(name, bool(entry.get("main", False)), tuple(sides)))
    return tuple(out)


def _check_seas(hexes: dict[str, Hex], problems: list[str]) -> None:
    """A coastal hex touches land; a deep hex touches none (§10, sea hex types)."""
    by_pos = {(h.col, h.row): h for h in hexes.values()}
    for h in hexes.values():
        if h.kind not in ("coastal", "deep"):
            continue
        touches = any(by_pos.get(n) is not None and by_pos[n].kind == "land" for n in neighbours(h.col, h.row))
        if touches != (h.kind == "coastal"):
            problems.append(_("map.toml: {hex}: a coastal hex must touch land", hex=h.id) if h.kind == "coastal" else _("map.toml: {hex}: a deep hex may not touch land", hex=h.id))


def _charts(doc: dict[str, Any], problems: list[str]) -> Charts:
    """Read the charts; each must be complete (every row and column) and honour its rules."""
    where = "charts.toml"
    cer: dict[str, dict[str, int]] = {}
    for att in CER_GRADES:
        row = doc.get("cer", {}).get(att, {})
        if sorted(row) != sorted(CER_GRADES) or not all(isinstance(v, int) for v in row.values()):
            problems.append(_("{where}: cer: row {att} needs an integer for each of {allowed}", where=where, att=att, allowed=", ".join(CER_GRADES)))
        cer[att] = {d: int(row.get(d, 0)) for d in CER_GRADES}
    crt_doc = doc.get("land_crt", {})
    columns = tuple(str(c) for c in crt_doc.get("columns", []))
    rows = tuple(int(r) for r in crt_doc.get("rows", []))
    if not columns or not rows:
        problems.append(_("{where}: land_crt: columns and rows are needed", where=where))
    crt: dict[int, tuple[CrtCell, ...]] = {}
    for r in rows:
        cells = crt_doc.get(str(r), [])
        if len(cells) != len(columns):
            problems.append(_("{where}: land_crt: row {r} has {cells} cells, not {columns}", where=where, r=r, cells=len(cells), columns=len(columns)))
            continue
        parsed = []
        for text in cells:
            parts = str(text).split(";")
            if len(parts) != 3 or parts[0] not in RESULT_CODES or parts[1] not in RESULT_CODES or parts[2] not in WINNERS:
                problems.append(_("{where}: land_crt: row {r}: bad cell {text}", where=where, r=r, text=repr(text)))
                continue
            if "E" not in parts[:2] and parts[:2] != ["N", "N"]:
                # every loss code is relative to the other side's loss (14.5): one side must be E
                problems.append(_("{where}: land_crt: row {r}: {text} has relative losses on both sides (14.5)", where=where, r=r, text=repr(text)))
            parsed.append(CrtCell(*parts))
        crt[r] = tuple(parsed)
    costs: dict[str, tuple[int, int, int, int]] = {}
    forage: dict[str, tuple[int, int, int, int]] = {}
    for table, target, low in (("terrain_costs", costs, 1), ("forage", forage, 0)):
        for terrain in TERRAINS:
            values = doc.get(table, {}).get(terrain)
            if not isinstance(values, list) or len(values) != 4 or not all(isinstance(v, int) and v >= low for v in values):
                problems.append(_("{where}: {table}: {terrain} needs 4 integers of at least {low}", where=where, table=table, terrain=terrain, low=low))
                continue
            target[terrain] = (values[0], values[1], values[2], values[3])
    supply: dict[int, tuple[int, ...]] = {}
    for roll in SUPPLY_ROLLS:
        values = doc.get("supply", {}).get(str(roll))
        if not isinstance(values, list) or len(values) != SUPPLY_MAX_LE or not all(isinstance(v, int) and v >= 0 for v in values):
            problems.append(_("{where}: supply: roll {roll} needs {supply_max_le} integers (1 to {supply_max_le} LE)", where=where, roll=roll, supply_max_le=SUPPLY_MAX_LE))
            continue
        supply[roll] = tuple(values)
    for roll in SUPPLY_ROLLS[1:]:
        if roll in supply and roll - 1 in supply and any(a > b for a, b in zip(supply[roll], supply[roll - 1], strict=True)):
            problems.append(_("{where}: supply: roll {roll} needs more SP than roll {lower} (13.2: a higher roll never costs more)", where=where, roll=roll, lower=roll - 1))
    crossings = {k: v for k, v in doc.get("crossings", {}).items() if isinstance(v, int)}
    attrition = doc.get("naval_attrition_siege", {})
    return Charts(
        cer=MappingProxyType({k: MappingProxyType(v) for k, v in cer.items()}),
        crt_columns=columns,
        crt_rows=rows,
        land_crt=MappingProxyType(crt),
        terrain_costs=MappingProxyType(costs),
        crossings=MappingProxyType(crossings),
        supply=MappingProxyType(supply),
        forage=MappingProxyType(forage),
        naval_siege_attrition=(int(attrition.get("loss", 0)), int(attrition.get("moved_extra", 0))),
    )


def _units(doc: dict[str, Any], problems: list[str]) -> dict[str, UnitType]:
    out: dict[str, UnitType] = {}
    for entry in doc.get("unit", []):
        uid = str(entry.get("id", ""))
        fields = [entry.get(k) for k in ("strength", "back", "ma", "le_halves")]
        if not uid or uid in out or not all(isinstance(v, int) and v >= 0 for v in fields):
            problems.append(_("{where}: needs a unique id and whole strength, back, ma, le_halves", where=f"units.toml: {uid or '?'}"))
            continue
        strength, back, ma, le_halves = (int(v) for v in fields)  # type: ignore[arg-type]
        out[uid] = UnitType(uid, str(entry.get("name", uid)), strength, back, ma, le_halves, bool(entry.get("cer")), bool(entry.get("missile", False)))
    return out


def _leaders(doc: dict[str, Any], problems: list[str]) -> dict[str, Leader]:
    out: dict[str, Leader] = {}
    for entry in doc.get("leader", []):
        lid = str(entry.get("id", ""))
        value = entry.get("value")
        if not lid or lid in out:
            problems.append(_("{where}: missing or repeated id", where=f"leaders.toml: {lid or '?'}"))
            continue
        if not isinstance(value, int) or not 0 <= value <= 3:
            problems.append(_("{where}: value must be 0 to 3 (18.0)", where=f"leaders.toml: {lid}"))
            continue
        if entry.get("provenance") not in PROVENANCES:
            problems.append(_("{where}: provenance must be one of {allowed}", where=f"leaders.toml: {lid}", allowed=", ".join(PROVENANCES)))
        out[lid] = Leader(lid, str(entry.get("name", lid)), value)
    return out


def _date(value: Any) -> tuple[int, int] | None:
    if not isinstance(value, dict) or not isinstance(value.get("year"), int) or value.get("month") not in range(1, 13):
        return None
    return int(value["year"]), int(value["month"])


def _scenario(
    name: str,
    doc: dict[str, Any],
    columns: tuple[str, ...],
    provinces: dict[str, Province],
    hexes: dict[str, Hex],
    ports: set[str],
    units: dict[str, UnitType],
    leaders: dict[str, Leader],
    problems: list[str],
    cities: dict[str, City] | None = None,
    boxes: set[str] | None = None,
    tables: ChartBook | None = None,
) -> Scenario | None:
    """Read one scenario; every id resolves, each unit and leader is placed once on a legal hex."""
    head = doc.get("scenario", {})
    sid = str(head.get("id", ""))
    before = len(problems)
    start, end = _date(head.get("start")), _date(head.get("end"))
    if not sid:
        problems.append(_("{name}: scenario: id missing", name=name))
    if start is None or end is None or start >= end:
        problems.append(_("{name}: scenario: start and end need a year and a month 1-12, the start first", name=name))
    if head.get("city_column") not in columns:
        problems.append(_("{name}: scenario: city_column must be one of the chart's columns", name=name))
    specials = tuple(str(r) for r in head.get("special_rules", []))
    for rule in specials:
        if not rule.split(".")[0].isdigit() or int(rule.split(".")[0]) not in SPECIAL_RULES:
            problems.append(_("{name}: scenario: special rule {rule} is not among rules 26-38", name=name, rule=rule))
    limitanei = head.get("limitanei", {})
    guarded = tuple(str(p) for p in limitanei.get("provinces", []))
    guard_cost = limitanei.get("cost", 0)
    if limitanei and ("30" not in specials or any(p not in provinces for p in guarded) or not guarded
                      or isinstance(guard_cost, bool) or not isinstance(guard_cost, int) or not 1 <= guard_cost <= 20
                      or "src" not in limitanei):  # fmt: skip
        problems.append(_("{name}: scenario: limitanei need rule 30, known provinces, a cost of 1 to 20 MP and a src (30.0)",
                          name=name))  # fmt: skip
    powers: list[Power] = []
    holder: dict[str, str] = {}
    for entry in doc.get("power", []):
        pid = str(entry.get("id", ""))
        for field, allowed in (("kind", POWER_KINDS), ("colour", COLOURS), ("cer", CER_GRADES)):
            if entry.get(field) not in allowed:
                problems.append(_("{name}: power {pid}: {field} must be one of {allowed}", name=name, pid=pid, field=field, allowed=", ".join(allowed)))
        for province in entry.get("provinces", []):
            if province not in provinces:
                problems.append(_("{name}: power {pid}: unknown province {province}", name=name, pid=pid, province=repr(province)))
            elif province in holder:
                problems.append(_("{name}: power {pid}: province {province} is already held by {holder}", name=name, pid=pid, province=province, holder=holder[province]))
            holder[province] = pid
        powers.append(Power(
            pid, str(entry.get("name", pid)), str(entry.get("kind")), bool(entry.get("major")), str(entry.get("colour")),
            str(entry.get("cer")), int(entry.get("treasury", 0)), int(entry.get("morale", 0)), tuple(entry.get("provinces", [])),
            str(entry.get("status", "")), str(entry.get("patron", "")), str(entry.get("emperor", entry.get("rex", ""))),
            str(entry.get("capital", "")), int(entry.get("capital_morale", 0)),
            _replacement(name, pid, entry, problems), int(entry.get("naval_bonus", 0)),
            tuple(str(lid) for lid in entry.get("successors", [])), entry.get("start_ports") is True,
        ))  # fmt: skip
        _check_capital(name, powers[-1], head.get("city_column"), columns, cities or {}, problems)
    power_ids = {p.id for p in powers}
    coastal_bases = {str(e.get("id")) for e in doc.get("power", []) if e.get("coastal_bases") is True}
    majors = {p.id for p in powers if p.major}
    turn_order = tuple(str(p) for p in head.get("turn_order", []))
    if sorted(turn_order) != sorted(majors):
        problems.append(_("{name}: scenario: turn_order must list each major power once", name=name))
    deployments: list[Deployment] = []
    placed_leaders: dict[str, str] = {}
    colours = {p.id: p.colour for p in powers}
    named: set[str] = set()
    for entry in doc.get("deploy", []):
        pid, hid = str(entry.get("power", "")), str(entry.get("hex", ""))
        where = f"{name}: deploy {pid} {hid}"
        if pid not in power_ids:
            problems.append(_("{where}: unknown power", where=where))
            continue
        cell = hexes.get(hid)
        # 27.1: pirates' bases lie anywhere on a coast, some on islets too small for the grid
        anywhere = pid in coastal_bases
        if cell is None or cell.kind not in (("land", "coastal") if anywhere else ("land",)):
            problems.append(_("{where}: units set up on a land hex of the map", where=where))
            continue
        if not anywhere and holder.get(cell.province) != pid:
            problems.append(_("{where}: the hex lies in {province}, not a province of {pid}", where=where, province=cell.province or _("no province"), pid=pid))
        counts = []
        for uid, count in entry.get("units", {}).items():
            if uid not in units:
                problems.append(_("{where}: unknown unit type {uid}", where=where, uid=repr(uid)))
            elif uid.startswith("fleet") and hid not in ports and not anywhere:
                problems.append(_("{where}: a fleet sets up in a port (a city hex), 10.0", where=where))
            elif not isinstance(count, int) or count < 1:
                problems.append(_("{where}: {uid}: count must be a whole number of at least 1", where=where, uid=uid))
            else:
                counts.append((uid, count))
        for lid in entry.get("leaders", []):
            if lid not in leaders:
                problems.append(_("{where}: unknown leader {lid}", where=where, lid=repr(lid)))
            elif lid in placed_leaders:
                problems.append(_("{where}: leader {lid} is already set up", where=where, lid=lid))
            placed_leaders[lid] = pid
        fort, box = str(entry.get("fort", "")), str(entry.get("box", ""))
        if fort and fort not in FORT_LEVEL_NAMES:
            problems.append(_("{where}: fort must be one of the levels {levels} (21.1)", where=where, levels=", ".join(FORT_LEVEL_NAMES)))
        if box and f"{hid}{box}" not in (boxes or set()):
            problems.append(_("{where}: the map has no island box {box} on this hex (3.1.1)", where=where, box=f"{hid}{box}"))
        legions = _named_legions(where, entry, dict(counts), colours.get(pid, ""), str(head.get("period", "")), tables, named, problems)
        deployments.append(Deployment(pid, hid, tuple(counts), tuple(entry.get("leaders", [])), fort, box, legions))
    for power in doc.get("power", []):
        for title in ("emperor", "rex"):
            lid = power.get(title)
            if lid is not None and placed_leaders.get(lid) != power.get("id"):
                problems.append(_("{name}: power {pid}: {title} {lid} is not set up with it", name=name, pid=power.get("id"), title=title, lid=lid))
        for lid in power.get("successors", []):
            if placed_leaders.get(lid) != power.get("id") or lid == power.get("emperor", power.get("rex")):
                problems.append(_("{name}: power {pid}: successor {lid} is not another leader set up with it (18.3)",
                                  name=name, pid=power.get("id"), lid=lid))  # fmt: skip
    victory: list[Victory] = []
    for entry in doc.get("victory", []):
        kind = entry.get("kind")
        target = str(entry.get("province", entry.get("leader", "")))
        if entry.get("power") not in power_ids or kind not in VICTORY_KINDS:
            problems.append(_("{name}: victory: needs a power of the scenario and a kind among {allowed}", name=name, allowed=", ".join(VICTORY_KINDS)))
        elif target not in (leaders if kind == "eliminate_leader" else provinces):
            problems.append(_("{name}: victory: unknown target {target}", name=name, target=repr(target)))
        else:
            victory.append(Victory(str(entry["power"]), str(kind), target))
    if not victory:
        problems.append(_("{name}: victory: a scenario needs at least one victory condition (25.0)", name=name))
    if len(problems) > before or start is None or end is None:
        return None
    return Scenario(
        sid, int(head.get("number", 0)), str(head.get("name", sid)), str(head.get("period", "")), str(head["city_column"]),
        start, end, specials, turn_order, tuple(powers), tuple(deployments), tuple(victory),
        guarded, int(guard_cost) if guarded else 0,
    )  # fmt: skip


def _named_legions(
    where: str, entry: dict[str, Any], counts: dict[str, int], colour: str, period: str, tables: ChartBook | None,
    named: set[str], problems: list[str],
) -> tuple[str, ...]:
    """The counters a ``[[deploy]]`` names for its legions (``legions = { type = [name or id,
    ...] }``, IR-SCN-6): each one of the power's colour in the scenario's period (5.7), of the
    type it is listed under, named once in the scenario (``named``, filled here), no more than
    the deployment sets up of that type, and the entry tagged ``provenance.legions``."""
    given = entry.get("legions", {})
    if not given or tables is None:
        return ()
    from rules.imperium_romanum import counters

    if entry.get("provenance", {}).get("legions") not in PROVENANCES:
        problems.append(_("{where}: legions need their provenance, one of {allowed}", where=where, allowed=", ".join(PROVENANCES)))
    out: list[str] = []
    for unit_type, names in given.items():
        if not isinstance(names, list) or len(names) > counts.get(unit_type, 0):
            problems.append(_n("{where}: {n} counter named for {count} {type} set up (5.7)",
                               "{where}: {n} counters named for {count} {type} set up (5.7)",
                               len(names) if isinstance(names, list) else 0, where=where, count=counts.get(unit_type, 0),
                               type=unit_type))  # fmt: skip
            continue
        for name in (str(n) for n in names):
            counter = counters.named(tables, period, colour, name)
            others = [c for c in counters.colours_naming(tables, period, name) if c != colour]
            if counter is None and others:
                problems.append(_("{where}: {name} is a counter of {other}, not of {colour} (5.7)", where=where, name=name,
                                  other=others[0], colour=colour or _("no colour")))  # fmt: skip
            elif counter is None:
                problems.append(_("{where}: {name} is no counter of {colour} in {period} (5.7)", where=where, name=name,
                                  colour=colour or _("no colour"), period=period))  # fmt: skip
            elif counter.unit_type != unit_type:
                problems.append(_("{where}: {name} is a {actual} counter, not a {type} (5.7)", where=where, name=name,
                                  actual=counter.unit_type, type=unit_type))  # fmt: skip
            elif counter.id in named:
                problems.append(_("{where}: {name} ({counter}) is named twice in the scenario (5.7)", where=where, name=name,
                                  counter=counter.id))  # fmt: skip
            else:
                named.add(counter.id)
                out.append(counter.id)
    return tuple(out)


def _replacement(name: str, pid: str, entry: dict[str, Any], problems: list[str]) -> float | None:
    """A power's replacement rate (8.1, 26.1): absent, or a multiple of 0.5 from 0 up, tagged."""
    if "replacement" not in entry:
        return None
    value = entry["replacement"]
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0 or (2 * value) % 1:
        problems.append(_("{name}: power {pid}: replacement must be 0 or more in steps of one half (8.1)", name=name, pid=pid))
        return None
    if entry.get("provenance", {}).get("replacement") not in PROVENANCES:
        problems.append(_("{name}: power {pid}: replacement needs its provenance, one of {allowed}", name=name, pid=pid,
                          allowed=", ".join(PROVENANCES)))  # fmt: skip
    return float(value)


def _check_builds(scenarios: dict[str, Scenario], tables: ChartBook | None, problems: list[str]) -> None:
    """Each scenario sets up no more units of a colour than the colour has counters in its
    period (5.7, the manifest of ``counters.py``)."""
    if tables is None:
        return
    from rules.imperium_romanum.counters import over_the_mix

    for scenario in scenarios.values():
        colours = {p.id: p.colour for p in scenario.powers}
        counts: dict[tuple[str, str], int] = {}
        for dep in scenario.deployments:
            for uid, n in dep.units:
                key = (colours[dep.power], uid)
                counts[key] = counts.get(key, 0) + n
        for colour, uid, n, most in over_the_mix(tables, scenario.period, counts):
            problems.append(
                _("scenarios/{scenario_id}: {n} {uid} of colour {colour} set up, the colour has {most} such counters (5.7)",
                  scenario_id=scenario.id, n=n, uid=uid, colour=colour, most=most)
            )  # fmt: skip


def _check_capital(
    name: str, power: Power, column: object, columns: tuple[str, ...], cities: dict[str, City], problems: list[str]
) -> None:
    """A power's imperial capital (22.1) exists in the scenario's column, in one of its provinces."""
    if not power.capital:
        if power.capital_morale:
            problems.append(_("{name}: power {power_id}: capital_morale without a capital (19.2)", name=name, power_id=power.id))
        return
    city = cities.get(power.capital)
    where = f"{name}: power {power.id}: capital {power.capital!r}"
    if city is None:
        problems.append(_("{where} is not a city of the chart", where=where))
    elif column in columns and city.values[columns.index(str(column))] is None:
        problems.append(_("{where} does not exist in column {column} of the Variable City Chart", where=where, column=column))
    elif city.province not in power.provinces:
        problems.append(_("{where} lies in {province}, not in a province of {power_id} (22.1)", where=where, province=city.province, power_id=power.id))
    if power.capital_morale <= 0:
        problems.append(_("{where}: capital_morale must be above 0 (19.2)", where=where))


def province_components(data: IRData, province: str) -> int:
    """How many separate pieces a province's hexes form (land hexsides and straits join them)."""
    links = land_links(data.hexes, data.straits, data.features, movement=False)
    return len(pieces([h.id for h in data.hexes.values() if h.province == province], links))


def summary_lines(data: IRData) -> list[str]:
    """The counts ``praetor data check`` prints for this game, each line starting with its count."""
    assert data.tables is not None, "load_data sets the charts"
    tables = data.tables
    kinds = {k: 0 for k in (*TERRAINS, "coastal", "deep", "lake")}
    for h in data.hexes.values():
        kinds[h.terrain if h.kind == "land" else h.kind] += 1
    by_terrain = ", ".join(f"{k} {n}" for k, n in kinds.items())
    return [
        _n("{n} Imperium Romanum hex ({detail})", "{n} Imperium Romanum hexes ({detail})", len(data.hexes), detail=by_terrain),
        _n("{n} Imperium Romanum province", "{n} Imperium Romanum provinces", len(data.provinces)),
        _n("{n} Imperium Romanum city", "{n} Imperium Romanum cities", len(data.cities)),
        _n("{n} Imperium Romanum strait", "{n} Imperium Romanum straits", len(data.straits)),
        _n(
            "{n} Imperium Romanum river hexside ({main} on main rivers)",
            "{n} Imperium Romanum river hexsides ({main} on main rivers)",
            sum(len(r.sides) for r in data.rivers),
            main=sum(len(r.sides) for r in data.rivers if r.main),
        ),
        _n(
            "{n} Imperium Romanum mountain hexside ({passes} passes besides)",
            "{n} Imperium Romanum mountain hexsides ({passes} passes besides)",
            len(data.features.mountain),
            passes=len(data.features.passes),
        ),
        _n(
            "{n} Imperium Romanum all-sea or lake hexside",
            "{n} Imperium Romanum all-sea or lake hexsides",
            len(data.features.all_sea) + len(data.features.lake),
        ),
        _n(
            "{n} Imperium Romanum island box ({islands} lands off the mainland)",
            "{n} Imperium Romanum island boxes ({islands} lands off the mainland)",
            len(data.features.island_boxes),
            islands=len(data.features.islands),
        ),
        _n("{n} Imperium Romanum non-city port", "{n} Imperium Romanum non-city ports", len(data.ports)),
        _n("{n} Imperium Romanum unit type", "{n} Imperium Romanum unit types", len(data.units)),
        _n(
            "{n} Imperium Romanum unit set up in the scenarios ({counters} counters on the Maximum Unit Build Chart)",
            "{n} Imperium Romanum units set up in the scenarios ({counters} counters on the Maximum Unit Build Chart)",
            sum(n for s in data.scenarios.values() for d in s.deployments for _u, n in d.units),
            counters=sum(sum(row.values()) for row in tables.max_build.values()),
        ),
        _n("{n} Imperium Romanum leader", "{n} Imperium Romanum leaders", len(data.leaders)),
        _n("{n} Imperium Romanum scenario", "{n} Imperium Romanum scenarios", len(data.scenarios)),
        _n("{n} Imperium Romanum Land CRT cell", "{n} Imperium Romanum Land CRT cells", sum(len(r) for r in data.charts.land_crt.values())),
        _n(
            "{n} Imperium Romanum mobilization area ({periods} period charts, {files} chart files)",
            "{n} Imperium Romanum mobilization areas ({periods} period charts, {files} chart files)",
            sum(len(p.areas) for p in tables.mobilization.values()),
            periods=len(tables.mobilization),
            files=len(CHART_FILES),
        ),
    ]


def imperium_romanum_check(directory: Path | None = None) -> list[str]:
    """Load the data (raising :class:`IRDataError`) and return its summary lines."""
    return summary_lines(load_data(directory))
