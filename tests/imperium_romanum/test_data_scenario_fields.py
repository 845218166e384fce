"""The scenario fields issue 17's engine reads (issue 16): replacement rates (8.1, 26.1), naval
bonuses (27.1.2), forts set up with the pieces (21.1) and island boxes (3.1.1), with the
validator's refusals of broken values."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data
from tests.imperium_romanum.conftest import BrokenData

PIRATE_BASES = ("A2725", "A3220", "A3223", "A3715", "B4228", "B4823", "B5117", "B5131", "B5224", "B5723", "B6419")
"""The eleven pirate bases of 27.1."""
S02 = "scenarios/s02_pompey_pirates.toml"


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_the_pirates_accrue_one_half_and_have_a_naval_bonus_of_one(data: IRData) -> None:
    """27.1: replacement rate one-half; 27.1.2: +1 naval bonus. Rome mobilizes (7.0): no rate."""
    powers = {p.id: p for p in data.scenarios["s02"].powers}
    assert (powers["pirates"].replacement, powers["pirates"].naval_bonus) == (0.5, 1)
    assert (powers["rome"].replacement, powers["rome"].naval_bonus) == (None, 0)


def test_scenario_12_minor_powers_rates(data: IRData) -> None:
    """8.1: the active client Roxolani accrue 1 a phase (design); the inactive neutral Iazyges
    1/2, the Inactive Power Table's rate for a force of their size (design, issue 17: the engine
    does not roll the table for a power the scenario lists)."""
    powers = {p.id: p for p in data.scenarios["s12"].powers}
    assert powers["roxolani"].replacement == 1.0
    assert powers["iazyges"].replacement == 0.5


def test_each_pirate_base_has_a_d_fort_in_its_island_box(data: IRData) -> None:
    """27.1: a 4-12, an 18-30 and a D fort on each base; B4823 (H) and B5117 (M) are printed boxes."""
    bases = {d.hex: d for d in data.scenarios["s02"].deployments if d.power == "pirates" and d.fort}
    assert sorted(bases) == sorted(PIRATE_BASES)
    assert {d.fort for d in bases.values()} == {"D"}
    assert (bases["B4823"].box, bases["B5117"].box) == ("H", "M")
    boxes = {b.id: b for b in data.features.island_boxes}
    for dep in bases.values():
        assert dict(dep.units) == {"light_infantry_4_12": 1, "fleet_18_30": 1}
        if dep.hex == "B4228":  # Melita, the pirates' province, is a land hex of our map: no box
            assert (dep.box, data.hexes[dep.hex].province) == ("", "melita")
        else:
            assert f"{dep.hex}{dep.box}" in boxes
    assert boxes["B4823H"].name == "Zacynthus" and boxes["B5117M"].name == "Thasos"


def test_the_set_up_places_the_pirate_forts() -> None:
    """21.1, 27.1: the game starts with a level D (1) pirate fort on each base, in the base's
    island box where it has one (3.1.1, ruling IR-MAP-6): Melita's B4228 is land on our map."""
    st = ImperiumRomanumGame.new("s02", [], "fields", {}).state
    places = sorted("B4228" if h == "B4228" else f"{h}{'H' if h == 'B4823' else 'M' if h == 'B5117' else 'A'}"
                    for h in PIRATE_BASES)  # fmt: skip
    assert {h: st.forts[h] for h in places} == {h: {"pirates": 1} for h in places}
    assert sorted(st.forts) == places and "B4823H" in places


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("replacement = 0.5", "replacement = 0.3", "pirates: replacement must be 0 or more in steps of one half (8.1)"),
        ("replacement = 0.5", "replacement = -1", "pirates: replacement must be 0 or more in steps of one half (8.1)"),
        (', replacement = "rules"', "", "pirates: replacement needs its provenance"),
        ('hex = "B4823"\nbox = "H"\nfort = "D"', 'hex = "B4823"\nbox = "H"\nfort = "E"', "deploy pirates B4823: fort must be one of the levels D, C, B, A (21.1)"),
        ('hex = "B4823"\nbox = "H"', 'hex = "B4823"\nbox = "Z"', "deploy pirates B4823: the map has no island box B4823Z on this hex (3.1.1)"),
    ],
)
def test_the_validator_refuses_broken_fields(tmp_path: Path, old: str, new: str, problem: str) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    text = (target / S02).read_text(encoding="utf-8")
    assert old in text
    (target / S02).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(IRDataError) as err:
        load_data(target)
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_the_engine_takes_the_naval_bonus_from_the_scenario() -> None:
    """27.1.2: the pirates' seat has the scenario's +1; Rome's none."""
    from rules.imperium_romanum import pirates

    st = ImperiumRomanumGame.new("s02", [], "fields", {}).state
    assert (pirates.naval_bonus(st, "pirates"), pirates.naval_bonus(st, "rome")) == (1, 0)


S24 = "scenarios/s24_diocletian_carinus.toml"


def test_scenario_24_successors_and_limitanei(data: IRData) -> None:
    """18.3: Diocletian's successor is Maximian, Carinus has none (history); 30.0: the frontier
    provinces keep limitanei at 2 MP (design)."""
    powers = {p.id: p for p in data.scenarios["s24"].powers}
    assert (powers["diocletian"].successors, powers["carinus"].successors) == (("maximian",), ())
    scen = data.scenarios["s24"]
    assert scen.limitanei_cost == 2 and "pannonia_inferior" in scen.limitanei and "italia" not in scen.limitanei
    assert data.scenarios["s12"].limitanei == ()


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('successors = ["maximian"]', 'successors = ["carinus"]', "power diocletian: successor carinus is not another leader set up with it (18.3)"),
        ('successors = ["maximian"]', 'successors = ["diocletian"]', "power diocletian: successor diocletian is not another leader set up with it (18.3)"),
        ("cost = 2, src", "cost = 0, src", "limitanei need rule 30, known provinces, a cost of 1 to 20 MP and a src (30.0)"),
        ('"britannia", "germania_inferior"', '"britania", "germania_inferior"', "limitanei need rule 30"),
        ('"30", "32"', '"32"', "limitanei need rule 30"),
    ],
)
def test_the_validator_refuses_broken_civil_war_fields(broken_data: BrokenData, old: str, new: str, problem: str) -> None:
    problems = broken_data(S24, old, new)
    assert any(problem in p for p in problems), problems
