"""Every id one data file gives for another's entry is a real id (issue 11: the leader table's
successor rule named ids the engine never knew, so the later Parthian kings never arrived)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.core.command import Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, fate, tables
from rules.imperator.loader import DATA_DIR, DataError, load_data


def _state(scenario: str = "campaign"):  # type: ignore[no-untyped-def]
    return adapter.initial_state(scenario, Dice("ids"), {})


def test_successor_parthian_king_arrives_the_year_after_his_predecessor_dies() -> None:
    st = _state()
    assert st.leaders["vologese_iv"].status == "out"
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iii"] = 170
    st.year = 171
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].status == "map"
    assert st.leaders["vologese_iv"].owner == "E"
    # Vologèse V and Artaban V wait for Vologèse IV (leader table marks (b) and (c))
    assert st.leaders["vologese_v"].status == "out" and st.leaders["artaban_v"].status == "out"


def test_both_kings_follow_vologese_iv() -> None:
    st = _state()
    for lid in ("vologese_iii", "vologese_iv"):
        st.leaders[lid].status, st.leaders[lid].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iv"] = 190
    st.year = 191
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_v"].status == "map"
    assert st.leaders["artaban_v"].status == "map"


def test_not_the_year_of_death_itself_nor_two_years_later() -> None:
    st = _state()
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iii"] = 170
    st.year = 172
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].status == "out"


def test_leader_table_rows_use_the_counter_ids() -> None:
    data = load_data()
    named = {x.id for x in data.leaders.values() if not x.generic}
    rows = {r.id for r in tables.leader_rows()}
    assert rows == named
    for r in tables.leader_rows():
        assert r.entry == data.leaders[r.id].enters, r.id
        assert (r.entry_rule or "") == data.leaders[r.id].entry_rule, r.id
    assert tables.leader_row("Vologèse IV").entry_rule == "after:vologese_iii"


# --- refusals: the validator names the file, the entry, the field and the bad id -------------


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    dest = tmp_path / "data"
    shutil.copytree(DATA_DIR, dest)
    return dest


def _edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(root: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_data(root, geometry=False)
    return info.value.problems


def test_copy_with_tables_is_valid(copy: Path) -> None:
    assert load_data(copy, geometry=False).leaders["vologese_iv"].entry_rule == "after:vologese_iii"


@pytest.mark.parametrize(
    ("rel", "old", "new", "expected"),
    [
        ("tables/leader_table.toml", 'entry_rule = "after:vologese_iii"', 'entry_rule = "after_death:vologases_iii"',
         "tables/leader_table.toml: vologese_iv: entry_rule: unknown rule 'after_death:vologases_iii' (known: commodus_succession, after:<leader id>)"),
        ("tables/leader_table.toml", 'entry_rule = "after:vologese_iv"', 'entry_rule = "after:vologases_iv"',
         "tables/leader_table.toml: vologese_v: entry_rule: unknown leader 'vologases_iv'"),
        ("tables/leader_table.toml", 'id = "septime_severe"', 'id = "septimius_severus"',
         "tables/leader_table.toml: septimius_severus: id: unknown leader 'septimius_severus'"),
        ("tables/leader_table.toml", "entry = 205", "entry = 206",
         "tables/leader_table.toml: caracalla: entry: 206 differs from counters/leaders.toml (205)"),
        ("tables/events.toml", 'reduce_units_in_zones = ["roma"]', 'reduce_units_in_zones = ["rome"]',
         "tables/events.toml: 1: effects.reduce_units_in_zones: unknown zone, Front or People 'rome'"),
        ("tables/events.toml", 'reduce_nationality = "german"', 'reduce_nationality = "germans"',
         "tables/events.toml: 15: effects.reduce_nationality: unknown nationality 'germans'"),
        ("tables/events.toml", "augustus_in_rome_gets_event = 4", "augustus_in_rome_gets_event = 44",
         "tables/events.toml: 1: effects.augustus_in_rome_gets_event: unknown event 44"),
        ("tables/stratagems.toml", 'placed_in = "ctesiphon"', 'placed_in = "ktesiphon"',
         "tables/stratagems.toml: coup_d_etat_parthe: params.placed_in: unknown zone 'ktesiphon'"),
        ("tables/stratagems.toml", 'cancelled_by = "furor_germanicus"', 'cancelled_by = "furor"',
         "tables/stratagems.toml: roma_victor: params.cancelled_by: unknown stratagem 'furor'"),
        ("counters/stratagems.toml", 'id = "assassinat"', 'id = "assassination"',
         "counters/stratagems.toml: assassination: id: no such stratagem type in tables/stratagems.toml"),
        ("scenarios/02_parthian_war.toml", '{ id = "chosroes", zone = "atropatene", side = "enemy" }',
         '{ id = "chosroes", zone = "atropatenes", side = "enemy" }',
         "scenarios/02_parthian_war.toml: parthian_war: leader[6]: unknown zone 'atropatenes'"),
    ],
)
def test_a_wrong_id_is_refused_with_its_place(copy: Path, rel: str, old: str, new: str, expected: str) -> None:
    _edit(copy, rel, old, new)
    assert expected in _problems(copy)
