"""Imperium Romanum data (issue 16): the chart, the map's historical sanity, the validator."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.grid import distance, global_colrow, neighbours, printed_id
from rules.imperium_romanum.loader import (
    DATA_DIR,
    IRDataError,
    load_data,
    province_components,
    summary_lines,
)


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def _hex_at(data: IRData, lat: float, lon: float) -> str:
    """The hex whose centre is nearest a place."""
    scale = math.cos(math.radians(lat))
    return min(data.hexes, key=lambda h: math.hypot(data.hexes[h].lat - lat, (data.hexes[h].lon - lon) * scale))


# --- the Variable City Chart (digest §2.26, Appendix A) ---------------------------------------


def test_chart_has_177_cities_and_13_columns(data: IRData) -> None:
    assert len(data.cities) == 177
    assert data.columns[0] == "P1" and data.columns[-1] == "39-41" and len(data.columns) == 13
    assert all(len(c.values) == 13 for c in data.cities.values())


def test_chart_column_sums_and_counts_match_the_digest(data: IRData) -> None:
    """§2.26: tax sums and city counts per column, as the digest computed them from the source."""
    sums = [sum(v.tax for c in data.cities.values() if (v := c.values[i])) for i in range(13)]
    counts = [sum(1 for c in data.cities.values() if c.values[i]) for i in range(13)]
    assert sums == [176, 207, 264, 313, 345, 305, 305, 288, 311, 311, 285, 287, 292]
    assert counts == [136, 146, 171, 174, 173, 170, 169, 169, 167, 165, 155, 155, 151]


def test_sicilia_p1_cities_sum_to_its_tax_value_of_27_1_3(data: IRData) -> None:
    """§27.1.3 / digest §3.1: Lilybaeum 1 + Messana 1 + Syracusae 2 = 4."""
    p1 = data.column_index("P1")
    total = sum(v.tax for c in data.cities.values() if c.province == "sicilia" and (v := c.values[p1]))
    assert total == 4


def test_non_city_ports_and_dacia_cities(data: IRData) -> None:
    """Non-city ports 0/1 to column 22-23, 0/2 from 24 on; Dacia has no city in scenario 12 (11-16)."""
    assert [(p.tax, p.defence) for p in data.non_city_port[:6]] == [(0, 1)] * 6
    assert [(p.tax, p.defence) for p in data.non_city_port[6:]] == [(0, 2)] * 7
    col = data.column_index("11-16")
    assert [c.id for c in data.cities.values() if c.province == "dacia" and c.values[col]] == []
    assert data.cities["sarmizgethusa"].values[data.column_index("17-19")] is not None


def test_spelling_variants_merge_into_one_province(data: IRData) -> None:
    """Digest §3.4 #8: Cisalpina/Cisalpinga/Cisalpinia are one province."""
    assert set(data.provinces["cisalpina"].printed) == {"Cisalpina", "Cisalpinga", "Cisalpinia"}
    assert data.cities["mediolanum"].province == data.cities["aquileia"].province == "cisalpina"


# --- the grid ---------------------------------------------------------------------------------


def test_hex_ids_round_trip_and_map_c_wraps() -> None:
    assert global_colrow("C1112") == (71, 12)  # Nisibis: map C prints column 71 as 11
    assert printed_id(71, 12) == "C1112"
    assert printed_id(36, 21) == "A3621" and printed_id(51, 21) == "B5121" and printed_id(66, 16) == "C6616"
    assert all(distance((40, 10), n) == 1 for n in neighbours(40, 10))
    assert all(distance((41, 10), n) == 1 for n in neighbours(41, 10))


def test_map_size_is_the_order_of_the_book(data: IRData) -> None:
    land = sum(1 for h in data.hexes.values() if h.kind == "land")
    assert 2500 <= len(data.hexes) <= 3500
    assert 1500 <= land <= 2500


def test_most_cities_sit_on_or_next_to_their_printed_hex(data: IRData) -> None:
    """The grid is fitted to the chart's ids: 90% of the cities are within one hex of them."""
    near = [c for c in data.cities.values() if distance(global_colrow(c.hex), global_colrow(c.chart_hex)) <= 1]
    assert len(near) >= 0.9 * len(data.cities)


# --- historical sanity (issue 16, Done when) --------------------------------------------------


@pytest.mark.parametrize(
    ("place", "lat", "lon"),
    [("Alpes Poeninae", 46.0, 7.6), ("Alpes Raeticae", 46.6, 10.0), ("Caucasus", 42.8, 44.0)],
)
def test_mountains(data: IRData, place: str, lat: float, lon: float) -> None:
    h = data.hexes[_hex_at(data, lat, lon)]
    assert (place, h.kind, h.terrain) == (place, "land", "mountain")


@pytest.mark.parametrize(("lat", "lon"), [(27.0, 10.0), (26.0, 18.0), (27.5, 25.0)])
def test_sahara_is_desert(data: IRData, lat: float, lon: float) -> None:
    assert data.hexes[_hex_at(data, lat, lon)].terrain == "desert"


def test_nile_valley_and_babylonia_are_cultivated(data: IRData) -> None:
    assert data.hexes[data.cities["memphis"].hex].terrain == "clear"
    assert data.hexes[_hex_at(data, 33.0, 44.4)].terrain == "clear"


def test_rome_is_on_or_next_to_the_tiber_mouth(data: IRData) -> None:
    """Roma's hex touches the sea at the Tiber's mouth (Ostia, 41.75 N 12.29 E)."""
    roma = data.hexes[data.cities["roma"].hex]
    ostia = _hex_at(data, 41.75, 12.29)
    assert roma.province == "italia" and roma.kind == "land"
    assert distance((roma.col, roma.row), global_colrow(ostia)) <= 1
    assert any(data.hexes.get(printed_id(*n)) and data.hexes[printed_id(*n)].kind == "coastal" for n in neighbours(roma.col, roma.row))


def test_known_places_are_in_their_provinces(data: IRData) -> None:
    assert data.hexes[data.cities["londinium"].hex].province == "britannia"
    assert data.hexes[data.cities["athenae"].hex].province == "achaea"
    assert data.hexes[data.cities["alexandria"].hex].province == "aegyptus"
    assert data.hexes[_hex_at(data, 45.8, 24.0)].province == "dacia"


def test_the_danube_runs_between_moesia_and_dacia(data: IRData) -> None:
    """Every Danube hexside that touches Dacia has Moesia or Pannonia on its other side."""
    danube = next(r for r in data.rivers if r.name == "Danuvius")
    across = [
        {data.hexes[a].province, data.hexes[b].province} - {"dacia"}
        for a, b in danube.sides
        if "dacia" in (data.hexes[a].province, data.hexes[b].province)
    ]
    assert len(across) >= 4
    assert all(len(other) == 1 and next(iter(other)).startswith(("moesia", "pannonia")) for other in across)
    assert "moesia_superior" in {p for other in across for p in other}
    assert all(h.lat > 43.0 for h in data.hexes.values() if h.province == "dacia")


def test_main_rivers_are_the_five_of_13_4_4(data: IRData) -> None:
    main = sorted(r.name for r in data.rivers if r.main)
    assert main == ["Danuvius", "Euphrates", "Nilus", "Rhenus", "Tigris"]
    tiber = next(r for r in data.rivers if r.name == "Tiberis")
    roma = data.cities["roma"].hex
    assert any(roma in side for side in tiber.sides)


@pytest.mark.parametrize(
    ("strait", "side_a", "side_b"),
    [
        ("bosporus", (41.1, 28.8), (40.95, 29.4)),
        ("hellespontus", (40.4, 26.5), (40.0, 26.6)),
        ("fretum_siculum", (37.9, 15.0), (38.5, 16.1)),
        ("fretum_gaditanum", (36.5, -5.9), (35.5, -5.6)),
        ("fretum_gallicum", (51.2, 0.9), (50.6, 2.0)),
    ],
)
def test_straits(data: IRData, strait: str, side_a: tuple[float, float], side_b: tuple[float, float]) -> None:
    s = next(s for s in data.straits if s.id == strait)
    a, b = data.hexes[s.a], data.hexes[s.b]
    assert a.kind == b.kind == "land" and s.a != s.b
    assert distance((a.col, a.row), (b.col, b.row)) <= 2
    # each end lies on its own shore: nearer its side's point than the other's
    def d(h: object, p: tuple[float, float]) -> float:
        return math.hypot(h.lat - p[0], h.lon - p[1])  # type: ignore[attr-defined]

    assert d(a, side_a) < d(a, side_b) and d(b, side_b) < d(b, side_a)


def test_mainland_provinces_are_contiguous(data: IRData) -> None:
    for pid in ("dacia", "gallaecia", "lugdunensis", "cappadocia", "aegyptus", "germania_magna"):
        assert (pid, province_components(data, pid)) == (pid, 1)


def test_summary_lines_start_with_counts(data: IRData) -> None:
    lines = summary_lines(data)
    assert lines[2] == "177 Imperium Romanum cities"
    assert lines[0].startswith(f"{len(data.hexes)} Imperium Romanum hexes (clear ")
    # issue 16, Done when: provinces, rivers, straits, leaders, units and scenarios are counted too
    # (31 leaders: the 25 named ones of the scenarios and the 6 unnamed ones of event D, 39.2)
    units = sum(n for s in data.scenarios.values() for d in s.deployments for _u, n in d.units)
    assert f"{units} Imperium Romanum units set up in the scenarios (850 counters on the Maximum Unit Build Chart)" in lines
    assert {"76 Imperium Romanum provinces", "6 Imperium Romanum straits", "31 Imperium Romanum leaders",
            "4 Imperium Romanum scenarios"} <= set(lines)  # fmt: skip
    assert any(line.endswith("Imperium Romanum river hexsides (186 on main rivers)") for line in lines)


# --- refusals of broken data -----------------------------------------------------------------


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    text = (target / file).read_text(encoding="utf-8")
    assert old in text
    (target / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        ("cities.toml", 'province = "italia"', 'province = "atlantis"', "unknown province 'atlantis'"),
        ("cities.toml", '"4/4", "6/8"', '"4/4", "6-8"', "bad chart cell '6-8'"),
        ("cities.toml", '"4/4", "6/8", ', '', "roma: 11 chart cells, the chart has 13 columns"),
        ("map.toml", 'A3620 = { kind = "land", terrain = "clear"', 'A3620 = { kind = "land", terrain = "jungle"', "A3620: a land hex needs a terrain"),
        ("map.toml", 'a = "B5415"', 'a = "A3620"', "strait bosporus: the ends must be two hexes at most 2 apart"),
        ("map.toml", '[hexes]\n', '[hexes]\nZ0101 = { kind = "land" }\n', "Z0101: not a hex id"),
        ("map.toml", 'sides = [\n', 'sides = [\n    ["A3620", "B5121"],\n', "is not a hexside between two hexes"),
        # sea hex types (10): a coastal hex touches land, a deep one does not
        ("map.toml", 'B4721 = { kind = "coastal"', 'B4721 = { kind = "deep"', "map.toml: B4721: a deep hex may not touch land"),
        ("map.toml", 'B5722 = { kind = "deep"', 'B5722 = { kind = "coastal"', "map.toml: B5722: a coastal hex must touch land"),
    ],
)
def test_validator_refuses_broken_data(tmp_path: Path, file: str, old: str, new: str, problem: str) -> None:
    with pytest.raises(IRDataError) as err:
        load_data(_broken(tmp_path, file, old, new))
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_validator_refuses_a_city_at_sea_and_a_missing_file(tmp_path: Path) -> None:
    data = load_data()
    sea = next(h for h in sorted(data.hexes) if data.hexes[h].kind == "deep")
    broken = _broken(tmp_path, "cities.toml", f'hex = "{data.cities["roma"].hex}"', f'hex = "{sea}"')
    with pytest.raises(IRDataError) as err:
        load_data(broken)
    assert any(f"roma: hex {sea} is not a land hex" in p for p in err.value.problems)
    (broken / "provinces.toml").unlink()
    with pytest.raises(IRDataError) as err:
        load_data(broken)
    assert err.value.problems == ["provinces.toml: missing file"]
