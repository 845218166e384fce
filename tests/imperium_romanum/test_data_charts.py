"""The charts of charts_<topic>.toml (issue 16): every number and example the rules text gives is
honoured, each chart is complete, and the validator refuses broken copies."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from rules.imperium_romanum.chart_book import ChartBook
from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data
from rules.imperium_romanum.validate_charts import CHART_FILES


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


@pytest.fixture(scope="module")
def book(data: IRData) -> ChartBook:
    assert data.tables is not None
    return data.tables


def test_every_value_of_every_chart_file_carries_its_provenance() -> None:
    """Each chart file tags its values: a src, or a provenance table, at every entry."""
    allowed = {"rules", "inferred", "history", "design"}

    def tags(node: object) -> list[str]:
        found: list[str] = []
        if isinstance(node, dict):
            if isinstance(node.get("src"), str):
                found.append(node["src"])
            if isinstance(node.get("provenance"), dict):
                found += list(node["provenance"].values())
            for v in node.values():
                found += tags(v)
        elif isinstance(node, list):
            for v in node:
                found += tags(v)
        return found

    for name in CHART_FILES:
        doc = tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))
        found = tags(doc)
        assert (name, bool(found), set(found) <= allowed) == (name, True, True)


# --- supply (13.2-13.3) -----------------------------------------------------------------------


def _le_halves(data: IRData, book: ChartBook, stack: dict[str, int]) -> int:
    """LE of a stack by the LE Supply Chart: free auxiliaries are not counted (13.2)."""
    counts = dict(stack)
    for rule in book.supply.free:
        carriers = sum(counts.get(u, 0) for u in rule.per)
        for uid in rule.free:
            riding = min(carriers, counts.get(uid, 0))
            counts[uid] = counts.get(uid, 0) - riding
            carriers -= riding
    return sum(data.units[u].le_halves * n for u, n in counts.items())


def test_tc_32_free_auxiliaries(data: IRData, book: ChartBook) -> None:
    """TC-32: 2 x 20-10, 3 x 4-12, 1 x 30-16, 2 x 6-16 make 4 LE."""
    stack = {"legion_20_10": 2, "light_infantry_4_12": 3, "heavy_cavalry_30_16": 1, "light_cavalry_6_16": 2}
    assert _le_halves(data, book, stack) == 8


def test_supply_numbers_of_13_2_to_13_4(book: ChartBook) -> None:
    """TC-31: one roll per 10 LE; 13.3: value 0 supplies 2/3, 1/3, none; 13.4.2: -1 a hex, 2 hexes."""
    s = book.supply
    assert s.le_per_roll == 10 and -(-25 // s.le_per_roll) == 3
    assert dict(s.forage_at_zero_thirds) == {1: 2, 2: 1, 3: 0, 4: 0}
    assert (s.modifiers["leader_plus_2"], s.modifiers["baggage_train_in_hex_forage"]) == (1, 1)
    assert (s.modifiers["per_hex_to_baggage_train"], s.modifiers["baggage_train_reach_hexes"], s.modifiers["forage_max_le_per_hex"]) == (-1, 2, 10)


# --- siege (17.3) -----------------------------------------------------------------------------


def test_siege_attrition_rises_and_priority_spares_the_baggage_train(data: IRData, book: ChartBook) -> None:
    s = book.siege
    assert [s.value(m) for m in (1, 3, 7, 20)] == [1, 2, 4, 4]
    assert all(1 <= v <= 6 for v in s.attrition)
    assert "province_plundered" in s.modifiers and s.port_supplied_exempt
    assert "baggage_train" not in s.priority and sorted(s.priority) == sorted(u for u in data.units if u != "baggage_train")
    assert s.priority.index("light_infantry_4_12") < s.priority.index("legion_20_10") < s.priority.index("fleet_18_30")


# --- leaders, grain (18.2.2, 22.2) ------------------------------------------------------------


def test_unnamed_leader_replacement_and_event_d(book: ChartBook) -> None:
    table = book.leaders.replacement
    assert sorted(table) == [0, 1, 2, 3] and all(1 <= v <= 6 for v in table.values())
    assert [table[v] for v in range(4)] == sorted(table.values(), reverse=True)  # better leaders are rarer
    assert list(book.leaders.receive_leader) == [(1, 3, 0), (4, 5, 1), (6, 6, 2)]  # 39.2 D, printed


def test_grain_rebellion_table(data: IRData, book: ChartBook) -> None:
    """22.2.2: checked under 5 wheat (TC-61: Aegyptus alone) or when besieged; 22.2.3 effects."""
    g = book.grain
    assert g.threshold == 5 and data.display["aegyptus"].wheat < g.threshold
    widths = [g.span(w)[1] - g.span(w)[0] for w in range(0, 9)]
    assert widths == sorted(widths, reverse=True) and g.span(0)[0] == 1
    assert g.span(8) == g.span(5)  # a besieged capital with plenty of grain still risks a riot
    assert (g.rebel_unit, g.rebel_count, g.rebel_cer, g.extra_morale_loss, g.capital_defence) == ("light_infantry_4_12", 2, "B", 10, 2)
    assert dict(g.constantinople_wheat) == {"chersonesus": 4, "aegyptus": 2, "africa": 2, "sicilia": 2, "baetica": 0, "sardinia": 0}


# --- inactive powers (23.3) -------------------------------------------------------------------


def test_inactive_power_table(data: IRData, book: ChartBook) -> None:
    t = book.inactive
    for rows in (t.civilized, t.barbarian):
        assert [r.roll for r in rows] == list(range(2, 13))
        strength = [sum(data.units[u].le_halves * n for u, n in r.units) for r in rows]
        assert strength == sorted(strength)  # a higher roll never raises a weaker power
        assert [r.replacement for r in rows] == sorted(r.replacement for r in rows)
    assert all(u != "heavy_infantry_20_8" for r in t.civilized for u, _n in r.units)
    assert all(not u.startswith(("legion", "heavy_infantry_16_9", "heavy_infantry_20_9")) for r in t.barbarian for u, _n in r.units)
    assert t.row("barbarian", 15) == t.barbarian[-1] and t.row("civilized", -1) == t.civilized[0]
    assert t.fleet_for == "heavy_infantry_16_9" and t.light_cavalry_lands == ("arabia_deserta", "sagartia")
    assert t.incursion_provinces == ("caledonia_ulterior", "germania_magna", "boiohaemum", "iazygia", "sarmatia", "arabia_deserta")


# --- tax (6.0) --------------------------------------------------------------------------------


def test_tax_value_chart(data: IRData, book: ChartBook) -> None:
    """27.1.3: Sicilia is worth 4 in P1; a province off the chart is worth 0 (6.0)."""
    assert book.tax_value("sicilia", "P1") == 4
    assert book.tax_value("germania_magna", "P1") == 0 and book.tax_value("dacia", "11-16") == 0
    for pid in data.provinces:
        for i, column in enumerate(data.columns):
            cities = sum(v.tax for c in data.cities.values() if c.province == pid and (v := c.values[i]))
            assert (pid, column, book.tax_value(pid, column)) == (pid, column, cities)


# --- mobilization (7.0) -----------------------------------------------------------------------


def test_p1_mobilization_prints_italia_and_hispania(book: ChartBook) -> None:
    """7.2, 7.4: P1 Italia limits and costs; Hispania's four provinces and its 4 x 4-12; militia 12."""
    p1 = book.mobilization["P1"]
    areas = {a.id: a for a in p1.areas}
    assert dict(areas["italia"].limits) == {"legion_20_10": 3, "legion_16_10": 4, "light_infantry_4_12": 2, "fleet_18_30": 4}
    assert areas["italia"].provinces == ("italia",) and areas["baleares"].provinces == ("baleares",)
    assert set(areas["hispania"].provinces) == {"tarraconensis", "baetica", "lusitania", "gallaecia"}
    assert areas["hispania"].limits["light_infantry_4_12"] == 4 and areas["hispania"].militia == 12
    costs = p1.costs(1)
    assert (costs["legion_20_10"], costs["legion_16_10"], costs["light_infantry_4_12"]) == (4, 3, 1)
    assert p1.fort_strength[2] == 6  # level B, 21.4


def test_mobilization_form_lines_and_cost_sets(book: ChartBook) -> None:
    """TC-11: Italia, Baleares, Tarraconensis give the lines Italia, Baleares, Hispania; TC-12: P2's two sets."""
    assert sorted(book.mobilization["P1"].areas_of(("italia", "baleares", "tarraconensis"))) == ["baleares", "hispania", "italia"]
    p2 = book.mobilization["P2"]
    assert [(s.first, s.last) for s in p2.cost_sets] == [(6, 7), (8, 10)]
    assert p2.costs(6) != p2.costs(9)
    for period in book.mobilization.values():
        for s in period.cost_sets:
            assert "legion_24_10" not in s.costs  # 15.2
            assert s.costs["heavy_infantry_20_9"] == s.costs["legion_20_10"]  # 26.2
        assert all("legion_24_10" not in a.limits for a in period.areas)
    assert [(p.first, p.last) for p in book.mobilization.values()] == [(1, 5), (6, 10), (11, 21), (22, 26), (27, 34), (35, 41)]


# --- maximum build (5.5), morale (19.0) -------------------------------------------------------


def test_maximum_unit_build_chart(data: IRData, book: ChartBook) -> None:
    assert sorted(book.max_build) == sorted(["black", "blue", "brown", "green", "orange", "purple", "red", "tan", "white", "yellow"])
    assert all(sorted(row) == sorted(data.units) for row in book.max_build.values())
    assert book.baggage_train_cap == 16 and all(row["baggage_train"] <= 16 for row in book.max_build.values())
    assert book.max_build["black"]["fleet_18_30"] >= 11  # the eleven pirate bases of 27.1
    assert all(book.max_build[c]["legion_20_10"] == 0 for c in ("brown", "tan", "black", "white"))


def test_morale_chart_gives_the_printed_changes(book: ChartBook) -> None:
    """TC-51, TC-52, TC-54, TC-57 from the chart's values."""
    m = book.morale

    def loss(kind: str, value: int) -> int:
        base, per = m.formulas[kind]
        return base + per * value

    assert (loss("unnamed_leader_lost", 1), loss("emperor_lost", 1), loss("named_leader_lost", 2), loss("emperor_lost", 2)) == (-2, -20, -6, -30)
    assert (2 * m.values["unit_lost_per_le_half"], m.values["unit_lost_per_le_half"]) == (-4, -2)
    assert (m.values["retreat_before_combat"], m.values["no_attack_in_summer"], m.values["battle_won"]) == (-5, -5, 2)
    assert 100 + min(21, 100 * m.values["donative_cap_percent"] // 100) * m.values["donative_per_talent"] == 120
    base, per = m.formulas["leader"]
    assert base + per * 0 + 3 * m.values["unit_per_le"] + 12 == 25
    assert (m.values["gap"], m.values["modifier"], m.values["usurper_start"]) == (50, 1, 100)


# --- random events (39), deity appeal (42) ----------------------------------------------------


def test_random_events_grid(book: ChartBook) -> None:
    e = book.events
    assert len(e.rows) == 11 and all(len(r) == 11 for r in e.rows)
    cells = "".join(e.rows)
    assert set(cells) - {"-"} == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    early = "".join(e.rows[:3])
    late = "".join(e.rows[-3:])
    assert late.count("O") > early.count("O") and early.count("-") >= late.count("-")
    assert e.event(1 + 1, 2 + 1) == e.rows[0][1] and e.event(6 + 6, 6 + 6) == e.rows[-1][-1]
    assert e.numbers["harvest_provinces"]["d6"] == ["africa", "aegyptus", "baetica", "sardinia", "sicilia", "chersonesus"]


def test_deity_appeal_table(book: ChartBook) -> None:
    d = book.deity
    for section in (d.polytheist, d.monotheist):
        assert sorted(section) == list(range(1, 8))
        mods = [section[r][0] for r in range(1, 8)]
        assert mods == sorted(mods)  # a better appeal never hurts more
    assert d.last_polytheist_scenario == 27 and d.favoured_leaders == ("caesar", "sextus_pompeius") and d.favour_bonus == 1
    assert set(d.excluded_rolls) == {"deity_appeal", "season", "random_event"}
    assert "constantine_i" in d.monotheist_before and "licinius" in d.polytheist_after


# --- refusals ---------------------------------------------------------------------------------


def _refused(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(IRDataError) as err:
        load_data(folder)
    return err.value.problems


@pytest.mark.parametrize(
    ("file", "old", "new", "problem"),
    [
        ("charts_grain.toml", "{ wheat = 3, span = [1, 2]", "{ wheat = 3, span = [1, 5]", "charts_grain.toml: grain_rebellion: more wheat never widens the span of rebellion (22.2.2)"),
        ("charts_grain.toml", '    { wheat = 5, span = [1, 1], src = "design" },\n', "", "charts_grain.toml: grain_rebellion: needs a row for each wheat count 0 to 5"),
        ("charts_siege.toml", "{ month = 7, value = 4", "{ month = 7, value = 0", "charts_siege.toml: siege_attrition: a longer siege never lowers the attrition value (17.3.1)"),
        ("charts_siege.toml", '"heavy_infantry_16_9", ', "", "charts_siege.toml: siege_priority: order must list every unit type but the baggage train once (17.3.1)"),
        ("charts_leaders.toml", '    { value = 3, return_on = 2, src = "design" },\n', "", "charts_leaders.toml: unnamed_leader_replacement: needs a row for each leader value 0 to 3 (18.0)"),
        ("charts_inactive.toml", '{ roll = 7, cer = "C"', '{ roll = 8, cer = "C"', "charts_inactive.toml: inactive_power.barbarian: needs one row for each roll 2 to 12, in order (23.3)"),
        ("charts_inactive.toml", "replacement = 2.5", "replacement = 2.25", "replacement must be 0 or more in halves (8.1)"),
        ("charts_tax.toml", "sicilia = [4, ", "sicilia = [", "charts_tax.toml: tax_value.sicilia: needs 13 values, one per column"),
        ("charts_mobilization.toml", "costs = { legion_20_10 = 4, legion_16_10 = 3, heavy_infantry_20_9 = 4", "costs = { legion_20_10 = 4, legion_16_10 = 3, heavy_infantry_20_9 = 5", "heavy_infantry_20_9 costs the same as legion_20_10 (26.2)"),
        ("charts_mobilization.toml", 'provinces = ["italia"]\ncer = "A"\nlimits = { legion_20_10 = 3', 'provinces = ["italia"]\ncer = "A"\nlimits = { legion_24_10 = 1, legion_20_10 = 3', "charts_mobilization.toml: mobilization.P1.italia: the 24-10 is never mobilized (15.2)"),
        ("charts_mobilization.toml", 'provinces = ["sicilia", "sardinia", "corsica"]', 'provinces = ["sicilia", "sardinia", "italia"]', "charts_mobilization.toml: mobilization.P1.insulae: italia is already in area italia"),
        ("charts_mobilization.toml", "scenarios = [6, 7]", "scenarios = [6, 6]", "charts_mobilization.toml: mobilization.P2: the cost sets must cover scenarios 6 to 10 once each (7.3)"),
        ("charts_build.toml", '{ colour = "white"', '{ colour = "grey"', "charts_build.toml: max_build: needs each of the ten colours"),
        ("charts_build.toml", "fleet_18_30 = 16, baggage_train = 16 } },\n    { colour = \"white\"", "fleet_18_30 = 10, baggage_train = 16 } },\n    { colour = \"white\"", "scenarios/s02: 13 fleet_18_30 of colour black set up, the colour has 10 such counters (5.7)"),
        ("charts_morale.toml", "retreat_before_combat = { value = -5, src = \"rules\" }\n", "", "charts_morale.toml: morale: missing retreat_before_combat (19.1, 19.3)"),
        ("charts_events.toml", '"-A-I-J-U--H",  # row 2', '"-A-I-J-U--",  # row 2', "charts_events.toml: random_events: each row needs the columns 2 to 12"),
        ("charts_events.toml", '"J-M-L-V-AZS",  # row 7', '"J-M-L-V-A-S",  # row 7', "charts_events.toml: random_events: the events Z of 39.2 never occur"),
        ("charts_deity.toml", '    { roll = 7, modifier = 2, morale = 2, src = "design" },\n]\nmonotheist', "]\nmonotheist", "charts_deity.toml: deity_appeal.polytheist: needs the rolls 1 to 7"),
        ("charts_supply.toml", 'le_per_roll = { value = 10, src = "rules" }', "le_per_roll = { value = 10 }", "charts_supply.toml: le_supply.le_per_roll: needs src or a provenance table"),
    ],
)
def test_broken_charts_are_refused(tmp_path: Path, file: str, old: str, new: str, problem: str) -> None:
    problems = _refused(tmp_path, file, old, new)
    assert any(problem in p for p in problems), problems


def test_a_missing_chart_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    (folder / "charts_deity.toml").unlink()
    with pytest.raises(IRDataError) as err:
        load_data(folder)
    assert err.value.problems == ["charts_deity.toml: missing file"]


def test_a_value_of_the_wrong_shape_is_refused_with_its_file(tmp_path: Path) -> None:
    """An owner's file with a number where a list belongs is refused, not crashed on."""
    problems = _refused(tmp_path, "charts_leaders.toml", "{ d6 = [1, 3], value = 0", "{ d6 = 1, value = 0")
    assert any(p.startswith("charts_leaders.toml: a value has the wrong shape (TypeError") for p in problems), problems
