"""The Imperator data validator: broken files give precise `file: entry: field: message`s."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.imperator.data_model import ImperatorData
from rules.imperator.loader import DATA_DIR, DataError, data_hash, load_data, summary_lines


@pytest.fixture(scope="module")
def data() -> ImperatorData:
    return load_data()


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    dest = tmp_path / "data"
    shutil.copytree(DATA_DIR, dest, ignore=shutil.ignore_patterns("tables"))
    return dest


def edit(root: Path, rel: str, old: str, new: str, count: int = 1) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def problems(root: Path, geometry: bool = False) -> list[str]:
    with pytest.raises(DataError) as info:
        load_data(root, geometry=geometry)
    assert str(info.value).startswith(f"{len(info.value.problems)} problem(s)")
    return info.value.problems


def test_copy_is_valid_and_hash_is_stable(copy: Path) -> None:
    data = load_data(copy)
    assert data_hash(copy) == data_hash(copy)
    assert len(data_hash(copy)) == 64
    assert summary_lines(data) == summary_lines(load_data())


def test_env_var_selects_directory(copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit(copy, "counters/leaders.toml", 'id = "septime_severe"\nname = "Septime Sévère"', 'id = "septime_severe"\nname = "Severus"')
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(copy))
    assert load_data().leaders["septime_severe"].name == "Severus"


def test_printed_values_are_kept(data: ImperatorData) -> None:
    sev = data.leaders["septime_severe"]
    assert sev.vs == 4 and sev.provenance_of("vs") == "rules"
    assert sev.cc >= 3 and data.leaders["helvius_pertinax"].cc >= 3
    maetae = data.leaders["maetae_leader"]
    assert maetae.vs == 1 and maetae.generic and maetae.provenance_of("vs") == "rules"
    assert data.units["xii_fulminata"].full.qu == 1
    assert data.units["iii_gallica"].full.qu == 1
    danube_vex = [u for u in data.units.values() if u.kind == "vexillation" and u.front == "danube"]
    assert danube_vex and all(u.full.qu == 3 for u in danube_vex)
    assert "biggus_dickus" not in data.leaders
    assert all("Biggus" not in ld.name for ld in data.leaders.values())


def test_counters_complete(data: ImperatorData) -> None:
    assert len([ld for ld in data.leaders.values() if ld.nationality == "roman"]) == 30
    assert {ld.people for ld in data.leaders.values() if ld.generic} == {
        "maetae", "marcomanni", "quades", "jazyges", "parthians"
    }
    legions = [u for u in data.units.values() if u.kind == "legion"]
    assert len([u for u in legions if u.arrives == 0]) == 28
    assert {u.arrives for u in legions if u.arrives} == {169, 196}
    assert len([u for u in data.units.values() if u.kind == "armenia"]) == 1
    assert data.units["urbanae_cohortis_2"].zone == "lugdunum"
    vex = [u for u in data.units.values() if u.kind == "vexillation"]
    assert sorted((u.front, u.arrives) for u in vex if u.arrives) == [("danube", 170), ("orient", 197)]
    assert len([u for u in vex if not u.arrives]) <= 6
    assert len(data.stratagems) == 28
    for sid in ("roma_victor", "furor_germanicus", "fleche_du_parthe", "fuite_opportune", "faveur_divine"):
        assert sid in data.stratagems
    assert data.stratagems["pax_romana"].once_per_scenario
    assert data.stratagems["soulevement_de_trois_peuples_majeurs"].once_per_scenario
    assert len(data.peoples) == 22
    assert sorted(p.id for p in data.peoples.values() if p.major) == [
        "jazyges", "maetae", "marcomanni", "parthians", "quades"
    ]
    assert set(data.fleets) == {"classis_ravennas", "classis_misenensis"}


def test_every_value_has_a_known_provenance(data: ImperatorData) -> None:
    groups = [data.zones, data.seas, data.peoples, data.leaders, data.units, data.stratagems,
              data.fleets, data.markers, data.scenarios]
    for group in groups:
        for obj in group.values():  # type: ignore[attr-defined]
            assert obj.provenance in ("rules", "history", "design")
            assert set(obj.provenance_fields.values()) <= {"rules", "history", "design"}


@pytest.mark.parametrize(
    ("rel", "old", "new", "expected"),
    [
        ("map/zones.toml", 'id = "roma"\nname = "Roma"', 'id = "roma"\nname = 7',
         "map/zones.toml: roma: name: expected str, got int"),
        ("map/zones.toml", 'kind = "front"\nfront = "british"', 'kind = "front"\nfront = "gallic"',
         "map/zones.toml: isca: front: 'gallic' is not one of"),
        ("map/zones.toml", 'id = "castra_vetera"', 'id = "isca"',
         "map/zones.toml: isca: id: duplicate id"),
        ("map/zones.toml", "place = [12.49, 41.89]", "place = [12.49]",
         "map/zones.toml: roma: place: expected [longitude, latitude]"),
        ("map/edges.toml", 'a = "caledonia"\nb = "maetae"', 'a = "caledonia"\nb = "atlantis"',
         "map/edges.toml: caledonia-atlantis: b: unknown land zone 'atlantis'"),
        ("map/straits.toml", 'b = "sicilia"', 'b = "bruttium"',
         "map/straits.toml: bruttium-bruttium: b: a zone cannot be adjacent to itself"),
        ("map/seas.toml", 'sea = "mare_internum_centralis"', 'sea = "mare_nostrum"',
         "map/seas.toml: ravenna: sea: unknown sea zone 'mare_nostrum'"),
        ("peoples.toml", 'zones = ["jazyges"]', 'zones = ["dacia"]',
         "peoples.toml: jazyges: zones: starting zone 'dacia' is inside the Empire"),
        ("peoples.toml", 'nationality = "sarmatian"', 'nationality = "martian"',
         "peoples.toml: jazyges: nationality: 'martian' is not one of"),
        ("counters/leaders.toml", "cc = 5", "cc = 12",
         "counters/leaders.toml: septime_severe: cc: 12 is outside 1..9"),
        ("counters/leaders.toml", 'side = "roman"\nnationality = "roman"\ncc = 3\nvs = 2\nbt = 0\ncp = 4',
         'side = "roman"\nnationality = "roman"\ncc = 3\nvs = 2\nbt = 0',
         "counters/leaders.toml: lucius_verus: cp: Roman leaders need a CP"),
        ("counters/units.toml", 'camp = "Isca"', 'camp = "Camulodunum"',
         "counters/units.toml: ii_augusta: camp: no zone has the camp or city 'Camulodunum'"),
        ("counters/units.toml", 'front = "british"\ncamp = "Isca"', 'front = "rhine"\ncamp = "Isca"',
         "counters/units.toml: ii_augusta: camp: camp Isca (zone isca) is not in the rhine Front"),
        ("counters/units.toml", "full = { pf = 10, qu = 2, bt = 0 }", "full = { pf = 10, qu = 7, bt = 0 }",
         "counters/units.toml: ii_augusta: full.qu: 7 is outside 1..3"),
        ("counters/stratagems.toml", "count = 2", "count = two",
         "counters/stratagems.toml: -: -: not valid TOML"),
        ("scenarios/01_avidius_cassius.toml", 'zone = "melitene"', 'zone = "narnia"',
         "scenarios/01_avidius_cassius.toml: avidius_cassius: leader[2]: unknown zone 'narnia'"),
        ("scenarios/01_avidius_cassius.toml", '{ id = "basseus_rufus", zone = "londinium" }',
         '{ id = "basseus_rufus", zone = "londinium" }, { id = "basseus_rufus", zone = "roma" }',
         "scenarios/01_avidius_cassius.toml: avidius_cassius: leader[9]: basseus_rufus is placed more than once"),
        ("scenarios/01_avidius_cassius.toml", '{ id = "martius_verus", zone = "melitene" }',
         '{ id = "martius_verus", zone = "melitene" }, { id = "caracalla", zone = "roma" }',
         "scenarios/01_avidius_cassius.toml: avidius_cassius: leader[3].id: caracalla only enters in 205"),
        ("scenarios/01_avidius_cassius.toml", '{ id = "vi_ferrata", zone = "caparcotna", side = "enemy" }',
         '{ id = "vi_ferrata", zone = "caparcotna", side = "enemy" }, { id = "i_parthica", zone = "rhesaenna" }',
         "scenarios/01_avidius_cassius.toml: avidius_cassius: unit[2].id: i_parthica only arrives in 196"),
        ("scenarios/01_avidius_cassius.toml", "end = 179", "end = 170",
         "scenarios/01_avidius_cassius.toml: avidius_cassius: end: 170 is before the start 175"),
    ],
)
def test_broken_file_is_reported(copy: Path, rel: str, old: str, new: str, expected: str) -> None:
    edit(copy, rel, old, new)
    found = problems(copy)
    assert any(p.startswith(expected) for p in found), found


def test_missing_file_is_reported(copy: Path) -> None:
    (copy / "peoples.toml").unlink()
    assert any(p.startswith("peoples.toml: -: -: file is missing") for p in problems(copy))


def test_unknown_field_is_reported(copy: Path) -> None:
    edit(copy, "map/zones.toml", 'id = "roma"\n', 'id = "roma"\ncolour = "purple"\n')
    assert "map/zones.toml: roma: colour: unknown field" in problems(copy)


def test_geometry_mismatch_is_reported(copy: Path) -> None:
    # drop the land contact Roma-Etruria: the shapes still touch
    edit(copy, "map/edges.toml", 'a = "etruria"\nb = "roma"', 'a = "etruria"\nb = "sicilia"')
    found = problems(copy, geometry=True)
    assert "map/edges.toml: etruria-roma: a/b: the shapes touch but no edge links them" in found
    assert "map/edges.toml: etruria-sicilia: a/b: linked but the shapes do not touch" in found


def test_several_problems_are_all_listed(copy: Path) -> None:
    edit(copy, "counters/leaders.toml", "cc = 5", "cc = 0")
    edit(copy, "map/zones.toml", 'id = "roma"\n', 'id = "roma"\nshade = 1\n')
    found = problems(copy)
    assert len(found) >= 2
