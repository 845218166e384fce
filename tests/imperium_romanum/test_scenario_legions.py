"""Scenarios name their legions (5.7, ruling IR-SCN-6): each playable scenario's deployments
name the counter of every legion they set up, the set-up gives each unit that counter (not the
next one in deployment order), and the validator refuses a scenario that names a counter twice,
one of another colour or type, an unknown one, more than it sets up, or names without their
provenance."""

from __future__ import annotations

import dataclasses
import tomllib
from types import MappingProxyType

import pytest

from rules.core.dice import Dice
from rules.imperium_romanum import counters, setup
from rules.imperium_romanum.loader import DATA_DIR, SCENARIO_DIR
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data
from tests.imperium_romanum.conftest import BrokenData

PLAYABLE = ("s01", "s02", "s12", "s24")


@pytest.fixture(scope="module")
def s12() -> IRState:
    """Scenario 12's set-up, read only."""
    return setup.new_state("s12", Dice("scenario-legions"), {})


def _names(st: IRState, hex_id: str) -> list[str]:
    return [counters.legion_name(st, rec) for rec in st.units.values() if rec["hex"] == hex_id and rec["type"].startswith("legion")]


def test_ir_scn_6_every_legion_of_the_playable_scenarios_is_named_with_its_provenance() -> None:
    d = data()
    for sid in PLAYABLE:
        for dep in d.scenarios[sid].deployments:
            legions = sum(n for t, n in dep.units if t.startswith("legion"))
            assert len(dep.legions) == legions, (sid, dep.hex)
    for path in sorted((DATA_DIR / SCENARIO_DIR).glob("*.toml")):
        for entry in tomllib.loads(path.read_text(encoding="utf-8")).get("deploy", []):
            if "legions" in entry:
                assert entry["provenance"]["legions"] in ("history", "design"), (path.name, entry["hex"])


def test_ir_scn_6_the_set_up_gives_each_legion_the_counter_its_deployment_names(s12: IRState) -> None:
    """AD 101: VII Claudia of Viminacium with Trajan, V Macedonica and I Italica with Laberius
    Maximus at Oescus, II Adiutrix at Aquincum: the last deployment's legion wears the counter it
    names (20-10 no. 04), not the ninth 20-10 counter as in deployment order."""
    assert _names(s12, "B4415") == ["VII Claudia", "I Minervia", "XIII Gemina", "XIV Gemina"]
    assert _names(s12, "B4814") == ["V Macedonica", "I Italica"]
    assert _names(s12, "B5013") == ["XI Claudia"]
    assert (s12.units["rome.legion_20_10.9"]["hex"], s12.units["rome.legion_20_10.9"]["counter_id"]) == ("B4012", "red.legion_20_10.04")
    assert counters.legion_name(s12, s12.units["rome.legion_20_10.9"]) == "II Adiutrix"


def test_ir_scn_6_caesar_s_legions_in_52_bc_and_the_two_emperors_of_285() -> None:
    s01 = setup.new_state("s01", Dice("scenario-legions"), {})
    assert _names(s01, "A2415") == ["VII", "XII", "IX", "XI", "VIII", "X Equestris"]  # with Labienus at Agedincum
    assert _names(s01, "A2615") == ["XIII", "XIV"]
    assert _names(s01, "A2711") == ["XV", "I"]
    s24 = setup.new_state("s24", Dice("scenario-legions"), {})
    assert _names(s24, "C6616") == ["III Gallica", "IV Scythica", "XVI Flavia Firma"]
    assert _names(s24, "B4214") == ["I Adiutrix", "II Adiutrix"]


def test_ir_scn_6_units_a_deployment_names_no_counter_for_pass_over_the_named_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deployment that names two of its four legions: the other two take the lowest free
    20-10 counters that no later deployment names (05 and 06; 01, 02, 04, 07 and 09 are named)."""
    d = data()
    s12 = d.scenarios["s12"]
    deps = tuple(dataclasses.replace(dep, legions=dep.legions[:2]) if dep.hex == "B4415" else dep for dep in s12.deployments)
    patched = dataclasses.replace(d, scenarios=MappingProxyType({**d.scenarios, "s12": dataclasses.replace(s12, deployments=deps)}))
    monkeypatch.setattr(setup, "data", lambda: patched)
    st = setup.new_state("s12", Dice("scenario-legions"), {})
    at_viminacium = [rec["counter_id"] for rec in st.units.values() if rec["hex"] == "B4415" and rec["type"] == "legion_20_10"]
    assert at_viminacium == ["red.legion_20_10.11", "red.legion_20_10.03", "red.legion_20_10.05", "red.legion_20_10.06"]


WHERE = "scenarios/s12_trajan_dacia.toml: deploy rome B4415"


def test_ir_scn_6_the_validator_refuses_a_counter_named_twice_of_another_colour_or_type(broken_data: BrokenData) -> None:
    problems = broken_data("scenarios/s12_trajan_dacia.toml",
                           'legions = { legion_20_10 = ["VII Claudia", "I Minervia", "XIII Gemina", "XIV Gemina"] }',
                           'legions = { legion_20_10 = ["VII Claudia", "VII Claudia", "XXI Rapax", "XXX Ulpia Victrix"] }')  # fmt: skip
    assert problems == [
        f"{WHERE}: VII Claudia (red.legion_20_10.11) is named twice in the scenario (5.7)",
        f"{WHERE}: XXI Rapax is a counter of green, not of red (5.7)",
        f"{WHERE}: XXX Ulpia Victrix is a legion_24_10 counter, not a legion_20_10 (5.7)",
    ]


def test_ir_scn_6_the_validator_refuses_an_unknown_counter_too_many_and_no_provenance(broken_data: BrokenData) -> None:
    problems = broken_data("scenarios/s12_trajan_dacia.toml",
                           'legions = { legion_20_10 = ["VII Claudia", "I Minervia", "XIII Gemina", "XIV Gemina"] }\n'
                           'provenance = { legions = "design" }',
                           'legions = { legion_20_10 = ["VII Claudia", "I Minervia", "XIII Gemina", "Legio Fantasma"], '
                           'legion_16_10 = ["red.legion_16_10.02"] }')  # fmt: skip
    assert problems == [
        f"{WHERE}: legions need their provenance, one of rules, inferred, history, design",
        f"{WHERE}: Legio Fantasma is no counter of red in P3 (5.7)",
        f"{WHERE}: 1 counter named for 0 legion_16_10 set up (5.7)",
    ]


def test_ir_eng_166_scenario_1_winters_caesar_s_ten_legions_as_the_gallic_war_says() -> None:
    """IR-ENG-166: the scenario book is missing, so scenario 1's legions follow Caesar's own
    count of his winter quarters of 53/52 BC (Gallic War 6.44): two on the Treveri's border, two
    among the Lingones, the other six at Agedincum of the Senones, where Labienus stands; ten in
    all, none with Caesar in Cisalpina. Each camp's legions, by type and by hex."""
    s01 = setup.new_state("s01", Dice("scenario-legions"), {})
    camps: dict[str, list[str]] = {}
    for rec in s01.units.values():
        if rec["power"] == "rome" and rec["type"].startswith("legion"):
            camps.setdefault(rec["hex"], []).append(rec["type"])
    assert {h: sorted(types) for h, types in camps.items()} == {
        "A2415": ["legion_20_10"] * 6,  # Agedincum (Senones)
        "A2615": ["legion_16_10"] * 2,  # Lingones
        "A2711": ["legion_16_10"] * 2,  # Treveri
    }
    assert sum(len(types) for types in camps.values()) == 10
    assert (s01.leaders["labienus"]["hex"], s01.leaders["caesar"]["hex"]) == ("A2415", "A3117")
