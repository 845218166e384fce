"""Read and check the authored charts of Imperium Romanum (``data/charts_<topic>.toml``; issue 16).

Each chart must be complete (every row the rules can ask for) and keep the constraints the rules
text puts on it; each value must carry its provenance (``src``, or a ``provenance`` table naming
each field).  Problems are collected as ``file: chart: message``, like the loader's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules.core.i18n import _, join
from rules.imperium_romanum.chart_book import (
    ChartBook,
    CostSet,
    DeityTable,
    EventsGrid,
    FreeAttachment,
    GrainRules,
    InactiveRow,
    InactiveRules,
    LeaderRules,
    MobilizationArea,
    MobilizationPeriod,
    MoraleChart,
    SiegeRules,
    SupplyRules,
)
from rules.imperium_romanum.data_model import COLOURS, PROVENANCES, Province, UnitType

CHART_FILES = (
    "charts_supply.toml", "charts_siege.toml", "charts_leaders.toml", "charts_grain.toml", "charts_inactive.toml",
    "charts_tax.toml", "charts_mobilization.toml", "charts_build.toml", "charts_morale.toml", "charts_events.toml",
    "charts_deity.toml",
)  # fmt: skip
PERIODS = ("P1", "P2", "P3", "P4", "P5", "P6")
MOBILIZATION_CER = ("A", "B", "C")
"""7.6: a mobilization area's CER runs from A to C."""
FORT_LEVELS = ("D", "C", "B", "A")
NEVER_MOBILIZED = "legion_24_10"
"""15.2: elite legions are only converted, never raised."""
EVENT_CODES = frozenset("-ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class _Reader:
    """Reads one file's values, noting every problem with the file's name."""

    def __init__(self, file: str, problems: list[str]) -> None:
        self.file = file
        self.problems = problems

    def fail(self, where: str, message: str) -> None:
        self.problems.append(join(": ", [self.file, where, message]))

    def src(self, entry: object, where: str) -> None:
        """The entry tags its provenance: ``src``, or ``provenance`` with a tag per field."""
        if not isinstance(entry, dict):
            self.fail(where, _("needs a table with its provenance"))
            return
        if "src" in entry:
            if entry["src"] not in PROVENANCES:
                self.fail(where, _("src must be one of {allowed}", allowed=", ".join(PROVENANCES)))
            return
        tags = entry.get("provenance")
        if not isinstance(tags, dict) or not tags or any(v not in PROVENANCES for v in tags.values()):
            self.fail(where, _("needs src or a provenance table with tags among {allowed}", allowed=", ".join(PROVENANCES)))

    def value(self, table: Mapping[str, Any], key: str, where: str, low: int = -1000, high: int = 1000) -> int:
        """A ``{ value = n, src = ... }`` entry holding a whole number in [low, high]."""
        entry = table.get(key)
        self.src(entry, f"{where}.{key}")
        number = entry.get("value") if isinstance(entry, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or not low <= number <= high:
            self.fail(f"{where}.{key}", _("needs a whole number from {low} to {high}", low=low, high=high))
            return 0
        return number

    def number(self, value: object, where: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(where, _("needs a whole number from {low} to {high}", low=low, high=high))
            return low
        return value

    def units(self, table: object, where: str, units: Mapping[str, UnitType]) -> dict[str, int]:
        """A ``{ unit_type = count }`` table of known unit types."""
        if not isinstance(table, dict):
            self.fail(where, _("needs a table of unit types and counts"))
            return {}
        out = {}
        for uid, count in table.items():
            if uid not in units:
                self.fail(where, _("unknown unit type {uid}", uid=repr(uid)))
            else:
                out[uid] = self.number(count, f"{where}.{uid}", 0, 100)
        return out

    def provinces(self, ids: object, where: str, provinces: Mapping[str, Province]) -> tuple[str, ...]:
        if not isinstance(ids, list):
            self.fail(where, _("needs a list of province ids"))
            return ()
        for pid in ids:
            if pid not in provinces:
                self.fail(where, _("unknown province {pid}", pid=repr(pid)))
        return tuple(str(p) for p in ids)


def read_charts(
    docs: Mapping[str, dict[str, Any]],
    provinces: Mapping[str, Province],
    units: Mapping[str, UnitType],
    columns: tuple[str, ...],
    problems: list[str],
) -> ChartBook | None:
    """Read every chart file (each already parsed as TOML); ``problems`` gets what is wrong.

    A value of the wrong shape (a number where a table belongs, ...) is reported with its file,
    not raised; the result is then None."""
    readers: dict[str, Callable[[_Reader, dict[str, Any]], object]] = {
        "charts_supply.toml": lambda r, d: _supply(r, d, units),
        "charts_siege.toml": lambda r, d: _siege(r, d, units),
        "charts_leaders.toml": _leaders,
        "charts_grain.toml": lambda r, d: _grain(r, d, provinces, units),
        "charts_inactive.toml": lambda r, d: _inactive(r, d, provinces, units),
        "charts_tax.toml": lambda r, d: _tax(r, d, provinces, columns),
        "charts_mobilization.toml": lambda r, d: _mobilization(r, d, provinces, units),
        "charts_build.toml": lambda r, d: (_max_build(r, d, units), r.value(d.get("max_build", {}), "baggage_train_cap", "max_build", 1, 100),
                                           _legion_names(r, d)),
        "charts_morale.toml": _morale,
        "charts_events.toml": _events,
        "charts_deity.toml": _deity,
    }
    read: dict[str, Any] = {}
    for name, reader in readers.items():
        try:
            read[name] = reader(_Reader(name, problems), docs[name])
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as error:
            problems.append(_("{name}: a value has the wrong shape ({kind}: {error})", name=name, kind=type(error).__name__, error=str(error)))
    if len(read) != len(readers):
        return None
    max_build, cap, (legion_names, legion_name_src) = read["charts_build.toml"]
    return ChartBook(
        supply=read["charts_supply.toml"], siege=read["charts_siege.toml"], leaders=read["charts_leaders.toml"],
        grain=read["charts_grain.toml"], inactive=read["charts_inactive.toml"], tax_columns=columns,
        tax=read["charts_tax.toml"], mobilization=read["charts_mobilization.toml"], max_build=max_build,
        baggage_train_cap=cap, morale=read["charts_morale.toml"], events=read["charts_events.toml"],
        deity=read["charts_deity.toml"], legion_names=legion_names, legion_name_src=legion_name_src,
    )  # fmt: skip


def _supply(r: _Reader, doc: dict[str, Any], units: Mapping[str, UnitType]) -> SupplyRules:
    le = doc.get("le_supply", {})
    free = []
    for i, entry in enumerate(le.get("free", [])):
        r.src(entry, f"le_supply.free[{i}]")
        per, rides = tuple(entry.get("per", [])), tuple(entry.get("free", []))
        for uid in (*per, *rides):
            if uid not in units:
                r.fail(f"le_supply.free[{i}]", _("unknown unit type {uid}", uid=repr(uid)))
        if not per or not rides:
            r.fail(f"le_supply.free[{i}]", _("needs per and free unit types (13.2)"))
        free.append(FreeAttachment(per, rides))
    mods = doc.get("supply_modifiers", {})
    names = ("leader_plus_2", "baggage_train_in_hex_forage", "per_hex_to_baggage_train", "baggage_train_reach_hexes", "forage_max_le_per_hex")
    zero: dict[int, int] = {}
    for i, entry in enumerate(doc.get("forage_at_zero", {}).get("thirds", [])):
        r.src(entry, f"forage_at_zero.thirds[{i}]")
        zero[r.number(entry.get("requirement"), f"forage_at_zero.thirds[{i}].requirement", 1, 100)] = r.number(
            entry.get("thirds"), f"forage_at_zero.thirds[{i}].thirds", 0, 3
        )
    if sorted(zero) != [1, 2, 3, 4]:
        r.fail("forage_at_zero", _("needs the requirements 1 to 4 (13.3)"))
    return SupplyRules(
        free=tuple(free),
        le_per_roll=r.value(le, "le_per_roll", "le_supply", 1, 100),
        reformed_legion_le_halves=r.value(le, "reformed_legion_le_halves", "le_supply", 0, 4),
        fleet_in_besieged_port_le_halves=r.value(le, "fleet_in_besieged_port_le_halves", "le_supply", 0, 4),
        modifiers=MappingProxyType({n: r.value(mods, n, "supply_modifiers") for n in names}),
        forage_at_zero_thirds=MappingProxyType(zero),
    )


def _siege(r: _Reader, doc: dict[str, Any], units: Mapping[str, UnitType]) -> SiegeRules:
    table = doc.get("siege_attrition", {})
    values = []
    for i, entry in enumerate(table.get("rows", [])):
        r.src(entry, f"siege_attrition.rows[{i}]")
        if entry.get("month") != i + 1:
            r.fail(f"siege_attrition.rows[{i}]", _("month must be {month}: the rows count the months of rolling from 1", month=i + 1))
        values.append(r.number(entry.get("value"), f"siege_attrition.rows[{i}].value", 0, 6))
    if not values:
        r.fail("siege_attrition", _("needs rows"))
    if any(b < a for a, b in zip(values, values[1:], strict=False)):
        r.fail("siege_attrition", _("a longer siege never lowers the attrition value (17.3.1)"))
    mods = {}
    for i, entry in enumerate(table.get("modifiers", [])):
        r.src(entry, f"siege_attrition.modifiers[{i}]")
        mods[str(entry.get("id", i))] = r.number(entry.get("value"), f"siege_attrition.modifiers[{i}].value", -6, 6)
    if "province_plundered" not in mods:
        r.fail("siege_attrition.modifiers", _("needs province_plundered, the modifier 24.5 names"))
    exempt = table.get("port_supplied_exempt", {})
    r.src(exempt, "siege_attrition.port_supplied_exempt")
    priority = doc.get("siege_priority", {})
    r.src(priority, "siege_priority")
    order = tuple(str(u) for u in priority.get("order", []))
    wanted = sorted(u for u in units if u != "baggage_train")
    if sorted(order) != wanted:
        r.fail("siege_priority", _("order must list every unit type but the baggage train once (17.3.1)"))
    return SiegeRules(tuple(values), MappingProxyType(mods), exempt.get("value") is True, order)


def _leaders(r: _Reader, doc: dict[str, Any]) -> LeaderRules:
    table: dict[int, int] = {}
    for i, entry in enumerate(doc.get("unnamed_leader_replacement", {}).get("rows", [])):
        where = f"unnamed_leader_replacement.rows[{i}]"
        r.src(entry, where)
        table[r.number(entry.get("value"), f"{where}.value", 0, 3)] = r.number(entry.get("return_on"), f"{where}.return_on", 1, 6)
    if sorted(table) != [0, 1, 2, 3]:
        r.fail("unnamed_leader_replacement", _("needs a row for each leader value 0 to 3 (18.0)"))
    receive = []
    for i, entry in enumerate(doc.get("receive_leader", {}).get("rows", [])):
        where = f"receive_leader.rows[{i}]"
        r.src(entry, where)
        span = entry.get("d6", [0, 0])
        receive.append((r.number(span[0], where, 1, 6), r.number(span[-1], where, 1, 6), r.number(entry.get("value"), where, 0, 3)))
    if sorted(d for lo, hi, _v in receive for d in range(lo, hi + 1)) != [1, 2, 3, 4, 5, 6]:
        r.fail("receive_leader", _("the rows must cover each d6 result once (39.2 D)"))
    return LeaderRules(MappingProxyType(table), tuple(receive))


def _grain(r: _Reader, doc: dict[str, Any], provinces: Mapping[str, Province], units: Mapping[str, UnitType]) -> GrainRules:
    table = doc.get("grain_rebellion", {})
    threshold = r.value(table, "threshold", "grain_rebellion", 1, 50)
    spans: dict[int, tuple[int, int]] = {}
    for i, entry in enumerate(table.get("rows", [])):
        where = f"grain_rebellion.rows[{i}]"
        r.src(entry, where)
        span = entry.get("span", [])
        lo, hi = (r.number(span[0], where, 1, 6), r.number(span[-1], where, 1, 6)) if span else (1, 0)
        if lo > hi:
            r.fail(where, _("span must run from a low to a high d6 result"))
        spans[r.number(entry.get("wheat"), f"{where}.wheat", 0, 50)] = (lo, hi)
    if sorted(spans) != list(range(threshold + 1)):
        r.fail("grain_rebellion", _("needs a row for each wheat count 0 to {threshold} (the last for {threshold} or more)", threshold=threshold))
    counts = [spans[w][1] - spans[w][0] for w in sorted(spans)]
    if any(b > a for a, b in zip(counts, counts[1:], strict=False)):
        r.fail("grain_rebellion", _("more wheat never widens the span of rebellion (22.2.2)"))
    effects = doc.get("grain_rebellion_effects", {})
    rebels = effects.get("rebels", {})
    r.src(rebels, "grain_rebellion_effects.rebels")
    if rebels.get("unit") not in units:
        r.fail("grain_rebellion_effects.rebels", _("unit must be a unit type"))
    wheat = {}
    for i, entry in enumerate(doc.get("constantinople_grain", {}).get("wheat", [])):
        r.src(entry, f"constantinople_grain.wheat[{i}]")
        if entry.get("province") not in provinces:
            r.fail(f"constantinople_grain.wheat[{i}]", _("unknown province {pid}", pid=repr(entry.get("province"))))
        wheat[str(entry.get("province"))] = r.number(entry.get("wheat"), f"constantinople_grain.wheat[{i}].wheat", 0, 20)
    return GrainRules(
        threshold, MappingProxyType(spans), str(rebels.get("unit", "")), r.number(rebels.get("count"), "grain_rebellion_effects.rebels.count", 1, 20),
        str(rebels.get("cer", "")), r.value(effects, "extra_morale_loss", "grain_rebellion_effects", 0, 100),
        r.value(effects, "capital_defence", "grain_rebellion_effects", 0, 20), MappingProxyType(wheat),
    )  # fmt: skip


def _inactive_rows(r: _Reader, entries: list[Any], where: str, units: Mapping[str, UnitType]) -> tuple[InactiveRow, ...]:
    rows = []
    for i, entry in enumerate(entries):
        here = f"{where}[{i}]"
        r.src(entry, here)
        if entry.get("cer") not in ("A", "B", "C", "D"):
            r.fail(here, _("cer must be A, B, C or D"))
        rate = entry.get("replacement")
        if not isinstance(rate, int | float) or rate < 0 or (rate * 2) != int(rate * 2):
            r.fail(here, _("replacement must be 0 or more in halves (8.1)"))
            rate = 0
        counts = r.units(entry.get("units"), f"{here}.units", units)
        if not counts:
            r.fail(here, _("needs at least one unit"))
        rows.append(InactiveRow(r.number(entry.get("roll"), f"{here}.roll", 0, 20), str(entry.get("cer")), float(rate), tuple(counts.items())))
    if [row.roll for row in rows] != list(range(2, 13)):
        r.fail(where, _("needs one row for each roll 2 to 12, in order (23.3)"))
    return tuple(rows)


def _inactive(r: _Reader, doc: dict[str, Any], provinces: Mapping[str, Province], units: Mapping[str, UnitType]) -> InactiveRules:
    table = doc.get("inactive_power", {})
    mods: dict[str, dict[str, int]] = {}
    for section in ("civilized", "barbarian"):
        mods[section] = {}
        for i, entry in enumerate(table.get(f"{section}_modifiers", [])):
            r.src(entry, f"inactive_power.{section}_modifiers[{i}]")
            mods[section][str(entry.get("id", i))] = r.number(entry.get("value"), f"inactive_power.{section}_modifiers[{i}]", -6, 6)
    fleet_for = table.get("fleet_for", {})
    lands = table.get("light_cavalry_lands", {})
    r.src(fleet_for, "inactive_power.fleet_for")
    r.src(lands, "inactive_power.light_cavalry_lands")
    incursion = doc.get("barbarian_incursion", {})
    places = []
    for i, entry in enumerate(incursion.get("locations", [])):
        r.src(entry, f"barbarian_incursion.locations[{i}]")
        if entry.get("d6") != i + 1:
            r.fail(f"barbarian_incursion.locations[{i}]", _("d6 must be {roll}", roll=i + 1))
        places.append(str(entry.get("province")))
    r.provinces(places, "barbarian_incursion.locations", provinces)
    if len(places) != 6:
        r.fail("barbarian_incursion.locations", _("needs one province for each d6 result (39.2 O)"))
    band = incursion.get("units", {})
    r.src(band, "barbarian_incursion.units")
    for key in ("unit", "desert_unit"):
        if band.get(key) not in units:
            r.fail("barbarian_incursion.units", _("{key} must be a unit type", key=key))
    return InactiveRules(
        civilized=_inactive_rows(r, table.get("civilized", []), "inactive_power.civilized", units),
        barbarian=_inactive_rows(r, table.get("barbarian", []), "inactive_power.barbarian", units),
        civilized_modifiers=MappingProxyType(mods["civilized"]),
        barbarian_modifiers=MappingProxyType(mods["barbarian"]),
        fleet_for=str(fleet_for.get("unit", "")),
        light_cavalry_lands=r.provinces(lands.get("provinces", []), "inactive_power.light_cavalry_lands", provinces),
        incursion_provinces=tuple(places),
        incursion_unit=str(band.get("unit", "")),
        incursion_desert_unit=str(band.get("desert_unit", "")),
    )


def _tax(r: _Reader, doc: dict[str, Any], provinces: Mapping[str, Province], columns: tuple[str, ...]) -> Mapping[str, tuple[int, ...]]:
    table = doc.get("tax_value", {})
    r.src(table, "tax_value")
    if tuple(table.get("columns", [])) != columns:
        r.fail("tax_value", _("columns must be those of the Variable City Chart"))
    out = {}
    for pid, row in table.get("provinces", {}).items():
        if pid not in provinces:
            r.fail("tax_value", _("unknown province {pid}", pid=repr(pid)))
            continue
        if not isinstance(row, list) or len(row) != len(columns):
            r.fail(f"tax_value.{pid}", _("needs {n} values, one per column", n=len(columns)))
            continue
        out[pid] = tuple(r.number(v, f"tax_value.{pid}", 0, 100) for v in row)
    return MappingProxyType(out)


def _mobilization(
    r: _Reader, doc: dict[str, Any], provinces: Mapping[str, Province], units: Mapping[str, UnitType]
) -> Mapping[str, MobilizationPeriod]:
    table = doc.get("mobilization", {})
    r.src(table.get("scenario_periods"), "mobilization.scenario_periods")
    buildable = sorted(u for u in units if u not in (NEVER_MOBILIZED, "baggage_train"))
    out: dict[str, MobilizationPeriod] = {}
    for entry in table.get("period", []):
        pid = str(entry.get("id", "?"))
        where = f"mobilization.{pid}"
        r.src(entry, where)
        first, last = (entry.get("scenarios") or [0, 0])[0], (entry.get("scenarios") or [0, 0])[-1]
        fort = entry.get("fort", {})
        r.src(fort, f"{where}.fort")
        strength = tuple(r.number(v, f"{where}.fort.strength", 1, 50) for v in fort.get("strength", []))
        if len(strength) != len(FORT_LEVELS) or list(strength) != sorted(strength):
            r.fail(f"{where}.fort", _("strength needs one rising value per level D, C, B, A (21.4)"))
        if fort.get("max_level") not in FORT_LEVELS:
            r.fail(f"{where}.fort", _("max_level must be D, C, B or A (21.2)"))
        sets = []
        covered: list[int] = []
        for i, cost_set in enumerate(entry.get("cost_set", [])):
            here = f"{where}.cost_set[{i}]"
            r.src(cost_set, here)
            span = cost_set.get("scenarios") or [0, -1]
            costs = r.units(cost_set.get("costs"), f"{here}.costs", units)
            if sorted(costs) != buildable:
                r.fail(here, _("costs must give every unit type but the 24-10 (15.2) and the baggage train"))
            if any(v < 1 for v in costs.values()):
                r.fail(here, _("every cost is at least 1 talent"))
            for civil, roman in (("heavy_infantry_20_9", "legion_20_10"), ("heavy_infantry_16_9", "legion_16_10")):
                if costs.get(civil) != costs.get(roman):
                    r.fail(here, _("{civil} costs the same as {roman} (26.2)", civil=civil, roman=roman))
            covered += range(span[0], span[-1] + 1)
            sets.append(CostSet(span[0], span[-1], MappingProxyType(costs)))
        if sorted(covered) != list(range(first, last + 1)):
            r.fail(where, _("the cost sets must cover scenarios {first} to {last} once each (7.3)", first=first, last=last))
        areas = []
        held: dict[str, str] = {}
        for area in entry.get("area", []):
            aid = str(area.get("id", "?"))
            here = f"{where}.{aid}"
            r.src(area, here)
            members = r.provinces(area.get("provinces"), f"{here}.provinces", provinces)
            for p in members:
                if p in held:
                    r.fail(here, _("{province} is already in area {area}", province=p, area=held[p]))
                held[p] = aid
            if area.get("cer") not in MOBILIZATION_CER:
                r.fail(here, _("cer must be A, B or C (7.6)"))
            limits = r.units(area.get("limits"), f"{here}.limits", units)
            if NEVER_MOBILIZED in limits:
                r.fail(here, _("the 24-10 is never mobilized (15.2)"))
            areas.append(MobilizationArea(
                aid, str(area.get("name", aid)), members, str(area.get("cer")), MappingProxyType(limits),
                r.number(area.get("militia", 0), f"{here}.militia", 0, 100),
            ))  # fmt: skip
        out[pid] = MobilizationPeriod(
            pid, first, last, r.value(entry, "baggage_train_cost", where, 1, 20), strength,
            r.number(fort.get("cost_per_level"), f"{where}.fort.cost_per_level", 0, 20), str(fort.get("max_level")),
            tuple(sets), tuple(areas), r.value(entry, "militia_cost", where, 1, 20),
        )  # fmt: skip
    if tuple(out) != PERIODS:
        r.fail("mobilization", _("needs the six periods {allowed} in order (2.2)", allowed=", ".join(PERIODS)))
    spans = [(p.first, p.last) for p in out.values()]
    if spans and (spans[0][0] != 1 or any(b[0] != a[1] + 1 for a, b in zip(spans, spans[1:], strict=False))):
        r.fail("mobilization", _("the periods must cover the scenarios from 1 on without gap or overlap"))
    return MappingProxyType(out)


def _max_build(r: _Reader, doc: dict[str, Any], units: Mapping[str, UnitType]) -> Mapping[str, Mapping[str, int]]:
    out: dict[str, Mapping[str, int]] = {}
    for i, entry in enumerate(doc.get("max_build", {}).get("colours", [])):
        colour = str(entry.get("colour", "?"))
        r.src(entry, f"max_build.{colour}")
        if colour not in COLOURS or colour in out:
            r.fail(f"max_build.colours[{i}]", _("colour must be one of the ten colours, once (5.7): {colour}", colour=repr(colour)))
            continue
        counts = r.units(entry.get("units"), f"max_build.{colour}", units)
        if sorted(counts) != sorted(units):
            r.fail(f"max_build.{colour}", _("needs a maximum for every unit type"))
        out[colour] = MappingProxyType(counts)
    if sorted(out) != sorted(COLOURS):
        r.fail("max_build", _("needs each of the ten colours ({allowed})", allowed=", ".join(COLOURS)))
    return MappingProxyType(out)


LEGION_TYPES = ("legion_24_10", "legion_20_10", "legion_16_10")
"""The legion counters, in the order the manifest names them (5.7)."""


LegionNames = tuple[Mapping[tuple[str, str], Mapping[str, tuple[str, ...]]], Mapping[tuple[str, str], str]]
"""The names of the legion counters by (period, colour) and legion type, and each list's
provenance."""


def _legion_names(r: _Reader, doc: dict[str, Any]) -> LegionNames:
    """5.7: the names of a colour's legion counters in a period, one list per legion type
    (``legion_24_10``, ``legion_20_10``, ``legion_16_10``; the counters 01, 02, ... in order),
    and the entry's provenance; no more names of a type than the colour has counters of it on
    the Maximum Unit Build Chart, each name once in the entry (a scenario names its legions)."""
    rows = {str(e.get("colour")): e.get("units", {}) for e in doc.get("max_build", {}).get("colours", [])}
    out: dict[tuple[str, str], Mapping[str, tuple[str, ...]]] = {}
    src: dict[tuple[str, str], str] = {}
    for i, entry in enumerate(doc.get("counters", {}).get("legions", [])):
        where = f"counters.legions[{i}]"
        r.src(entry, where)
        period, colour = str(entry.get("period")), str(entry.get("colour"))
        if period not in PERIODS or colour not in COLOURS or (period, colour) in out:
            r.fail(where, _("needs one of the periods and one of the colours, once per pair (5.7)"))
            continue
        lists = {t: entry.get(t, []) for t in LEGION_TYPES}
        if not all(isinstance(names, list) for names in lists.values()):
            r.fail(where, _("needs a list of names for each legion type"))
            continue
        every = [str(n) for names in lists.values() for n in names]
        if len(set(every)) != len(every):
            r.fail(where, _("needs a list of names, each once"))
            continue
        for unit_type, names in lists.items():
            most = int(rows.get(colour, {}).get(unit_type, 0))
            if len(names) > most:
                r.fail(where, _("{n} names for the {most} {type} counters of {colour} (5.7)", n=len(names), most=most,
                                type=unit_type, colour=colour))  # fmt: skip
        out[(period, colour)] = MappingProxyType({t: tuple(str(n) for n in names) for t, names in lists.items() if names})
        src[(period, colour)] = str(entry.get("src", ""))
    return MappingProxyType(out), MappingProxyType(src)


def _morale(r: _Reader, doc: dict[str, Any]) -> MoraleChart:
    values: dict[str, int] = {}
    formulas: dict[str, tuple[int, int]] = {}
    for section in ("morale", "morale_in_combat", "morale_defection"):
        for key, entry in doc.get(section, {}).items():
            if key == "section":
                continue
            if isinstance(entry, dict) and "base" in entry:
                r.src(entry, f"{section}.{key}")
                formulas[key] = (r.number(entry.get("base"), f"{section}.{key}", -100, 100), r.number(entry.get("per_value"), f"{section}.{key}", -100, 100))
            else:
                values[key] = r.value(doc[section], key, section, -1000, 1000)
    needed = ("unit_lost_per_le_half", "retreat_before_combat", "no_attack_in_summer", "battle_won", "battle_lost", "gap", "modifier")
    for key in needed:
        if key not in values:
            r.fail("morale", _("missing {key} (19.1, 19.3)", key=key))
    for key in ("unnamed_leader_lost", "named_leader_lost", "emperor_lost"):
        if key not in formulas:
            r.fail("morale", _("missing {key} (19.1)", key=key))
    return MoraleChart(MappingProxyType(values), MappingProxyType(formulas))


def _events(r: _Reader, doc: dict[str, Any]) -> EventsGrid:
    table = doc.get("random_events", {})
    r.src(table, "random_events")
    rows = tuple(str(row) for row in table.get("rows", []))
    first_row, first_column = table.get("first_row"), table.get("first_column")
    # rows: a d6 + the period 1-6; columns: a d6 + the major powers at start (1-6)
    if first_row != 2 or len(rows) != 11:
        r.fail("random_events", _("needs the rows 2 to 12 (a d6 plus the period number, 39.1)"))
    if first_column != 2 or any(len(row) != 11 for row in rows):
        r.fail("random_events", _("each row needs the columns 2 to 12 (a d6 plus 1 to 6 major powers, 39.1)"))
    bad = sorted({c for row in rows for c in row} - EVENT_CODES)
    if bad:
        r.fail("random_events", _("cells are '-' or a letter A-Z, not {cells}", cells=", ".join(bad)))
    missing = sorted(EVENT_CODES - {"-"} - {c for row in rows for c in row})
    if missing:
        r.fail("random_events", _("the events {events} of 39.2 never occur", events=", ".join(missing)))
    numbers = {}
    for key, entry in doc.get("event_numbers", {}).items():
        if key == "section":
            continue
        r.src(entry, f"event_numbers.{key}")
        numbers[key] = MappingProxyType(dict(entry))
    return EventsGrid(int(first_row or 2), int(first_column or 2), rows, MappingProxyType(numbers))


def _deity(r: _Reader, doc: dict[str, Any]) -> DeityTable:
    table = doc.get("deity_appeal", {})
    sections: dict[str, dict[int, tuple[int, int]]] = {}
    for faith in ("polytheist", "monotheist"):
        rows: dict[int, tuple[int, int]] = {}
        for i, entry in enumerate(table.get(faith, [])):
            where = f"deity_appeal.{faith}[{i}]"
            r.src(entry, where)
            rows[r.number(entry.get("roll"), f"{where}.roll", 1, 7)] = (
                r.number(entry.get("modifier"), f"{where}.modifier", -3, 3), r.number(entry.get("morale"), f"{where}.morale", -20, 20)
            )  # fmt: skip
        if sorted(rows) != list(range(1, 8)):
            r.fail(f"deity_appeal.{faith}", _("needs the rolls 1 to 7 (a d6, +1 for the leaders of 38.3)"))
        sections[faith] = rows
    faith_doc = doc.get("deity_faith", {})
    lists = {}
    for key in ("excluded_rolls",):
        r.src(table.get(key), f"deity_appeal.{key}")
        lists[key] = tuple(str(v) for v in table.get(key, {}).get("value", []))
    for key in ("monotheist_before", "polytheist_after", "monotheist_non_romans"):
        r.src(faith_doc.get(key), f"deity_faith.{key}")
        lists[key] = tuple(str(v) for v in faith_doc.get(key, {}).get("value", []))
    favoured = table.get("favoured_leaders", {})
    r.src(favoured, "deity_appeal.favoured_leaders")
    return DeityTable(
        MappingProxyType(sections["polytheist"]), MappingProxyType(sections["monotheist"]), lists["excluded_rolls"],
        tuple(str(v) for v in favoured.get("leaders", [])), r.number(favoured.get("bonus"), "deity_appeal.favoured_leaders.bonus", 0, 3),
        r.value(faith_doc, "last_polytheist_scenario", "deity_faith", 1, 41), lists["monotheist_before"], lists["polytheist_after"],
        lists["monotheist_non_romans"],
    )  # fmt: skip
