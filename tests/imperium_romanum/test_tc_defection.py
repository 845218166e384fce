"""Roman defections (§20.3, §20.4) in scenario 24: TC-56 (each defecting stack halved as the
printed example has it, IR-ENG-69), TC-57 (the morale gained, 20.3.3), who receives provinces,
cities and stacks (20.3.1, 20.3.2), the colour and the CER of the units (20.4, IR-ENG-70)."""

from __future__ import annotations

from collections import Counter

from rules.core.i18n import Text
from rules.imperium_romanum import defection as DEF
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

LIGHT, LEGION = "light_infantry_4_12", "legion_20_10"


def _hex_of(province: str) -> str:
    return sorted(h for h, cell in data().hexes.items() if cell.province == province and cell.kind == "land")[0]


def _s24() -> Position:
    return Position(scenario="s24", year=285, month=6, segment="movement", active="diocletian")


def _third_faction(pos: Position, morale: int) -> None:
    """A third Roman faction in play (scenario 24 has two), for the choices between heirs."""
    pos.st.powers["probus"] = dict(pos.st.powers["diocletian"], name="Probus", morale=morale, chief="", seat="diocletian")


def _faces(pos: Position, power: str, hex_id: str) -> Counter[tuple[str, bool]]:
    return Counter((u["type"], u["vet"]) for u in pos.st.units.values() if u["power"] == power and u["hex"] == hex_id)


def test_tc_56_defection_halving_receives_one_of_each_counter() -> None:
    """TC-56 (20.3.2): 3 x 4-12, 2 x 10-10 (20-10s unseasoned) and 1 x 20-10 change sides: the
    faction they join gets one of each, as the printed example has it (IR-ENG-69)."""
    assert [DEF.received(n) for n in (1, 2, 3, 4, 5, 6)] == [1, 1, 1, 2, 2, 3]
    pos = _s24()
    here = _hex_of("italia")
    pos.units("carinus", LIGHT, here, 3)
    pos.units("carinus", LEGION, here, 2, vet=False)
    pos.unit("carinus", LEGION, here)
    pos.st.powers["carinus"]["morale"] = 0
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    assert _faces(pos, "diocletian", here) == Counter({(LIGHT, True): 1, (LEGION, False): 1, (LEGION, True): 1})
    assert not _faces(pos, "carinus", here)
    assert sorted(u["type"] for u in pos.st.eliminated.values() if u["power"] == "carinus") == [LEGION, LIGHT, LIGHT]
    assert any("3 units of Carinus (the West) are removed on defecting (20.3.2)" in str(line) for line in lines)
    assert pos.st.powers["carinus"]["dissolved"] and pos.st.result["winners"] == ["diocletian"]


def test_tc_57_defection_morale_is_25() -> None:
    """TC-57 (20.3.3): a 0-value leader (1 + 0), 3 legions (3 x 4) and provinces of tax 12 (here
    Sicilia 8, Numidia 3, Sardinia 1) are worth 25 morale to the faction gaining them."""
    pos = _s24()
    provinces = ("sicilia", "numidia", "sardinia")
    for province, owner in list(pos.st.province_owner.items()):
        if owner == "carinus" and province not in provinces:
            pos.st.province_owner[province] = "diocletian"
    for province in provinces:  # one legion per province: each stack of one is received whole
        pos.unit("carinus", LEGION, _hex_of(province))
    pos.leader("vezinas", _hex_of("sicilia"), "carinus")
    legions = [u for u in pos.st.units.values() if u["power"] == "carinus"]
    assert DEF.morale_worth(pos.st, legions, ["vezinas"], list(provinces)) == 25
    before = pos.st.powers["diocletian"]["morale"]
    pos.st.powers["carinus"]["morale"] = 0
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    assert pos.st.powers["diocletian"]["morale"] == before + 25
    assert any("+25 (defections from Carinus (the West) (20.3.3))" in str(line) for line in lines)
    assert pos.st.leaders["vezinas"]["power"] == "diocletian"
    assert all(pos.st.province_owner[p] == "diocletian" for p in provinces)


def test_20_3_the_imperator_is_removed_and_every_province_and_city_changes_hands() -> None:
    pos = _s24()
    pos.leader("carinus", _hex_of("italia"), "carinus")
    owned = sorted(p for p, owner in pos.st.province_owner.items() if owner == "carinus")
    pos.st.city_owner["roma"] = "carinus"
    pos.st.powers["carinus"]["morale"] = -3
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    assert pos.st.leaders["carinus"]["status"] == "dead"
    assert any("Carinus is removed from play (20.3)." == str(line) for line in lines)
    assert [p for p in owned if pos.st.province_owner[p] != "diocletian"] == []
    assert "carinus" not in pos.st.city_owner.values()


def test_20_3_1_a_province_goes_to_the_faction_with_units_there_the_higher_morale_first() -> None:
    pos = _s24()
    _third_faction(pos, morale=150)
    pos.unit("diocletian", LIGHT, _hex_of("sicilia"))
    pos.unit("probus", LIGHT, _hex_of("sicilia"))
    pos.unit("diocletian", LIGHT, _hex_of("africa"))
    lines: list[Text] = []
    DEF.defect(pos.st, "carinus", lines)
    assert pos.st.province_owner["sicilia"] == "probus"  # both there: Probus's 150 beats 100
    assert pos.st.province_owner["africa"] == "diocletian"  # Diocletian alone there


def test_20_3_1_an_empty_province_goes_to_the_holder_of_the_nearest_province() -> None:
    pos = _s24()
    _third_faction(pos, morale=100)
    pos.st.province_owner["gallaecia"] = "probus"  # next to Lusitania; Diocletian holds the east
    lines: list[Text] = []
    DEF.defect(pos.st, "carinus", lines)
    assert pos.st.province_owner["lusitania"] == "probus"
    assert pos.st.province_owner["dalmatia"] == "diocletian"


def test_20_4_the_colour_goes_to_the_faction_receiving_most_units_and_cer_cannot_rise() -> None:
    """20.4: Probus receives most of Carinus's units and gains his colour: they keep their counters
    and CER B. 20.3.2: Diocletian, CER A without the colour, cannot take a CER B legion."""
    pos = _s24()
    _third_faction(pos, morale=100)
    pos.st.powers["diocletian"]["cer"] = "A"
    pos.st.province_owner["sicilia"] = "probus"
    pos.st.province_owner["africa"] = "diocletian"
    to_probus = pos.units("carinus", LEGION, _hex_of("sicilia"), 2) + pos.units("carinus", LIGHT, _hex_of("sicilia"), 1)
    to_diocletian = pos.unit("carinus", LEGION, _hex_of("africa"))
    lines: list[Text] = []
    DEF.defect(pos.st, "carinus", lines)
    assert pos.st.powers["probus"]["colours"] == ["carinus"]
    assert "colours" not in pos.st.powers["diocletian"]
    kept = [u for u in to_probus if u in pos.st.units]
    assert len(kept) == 2 and all(pos.st.units[u]["counter"] == "carinus" for u in kept)
    assert to_diocletian in pos.st.eliminated
    assert any("Probus gains the colour of Carinus (the West) (20.4)." == str(line) for line in lines)


def test_20_3_2_units_outside_its_provinces_go_to_the_holder_of_the_province_they_stand_in() -> None:
    pos = _s24()
    _third_faction(pos, morale=100)
    pos.st.province_owner["thracia"] = "probus"
    uid = pos.unit("carinus", LEGION, _hex_of("thracia"))
    pos.leader("aristobulus", _hex_of("thracia"), "carinus")
    DEF.defect(pos.st, "carinus", [])
    assert pos.st.units[uid]["power"] == "probus"
    assert pos.st.leaders["aristobulus"]["power"] == "probus"


def test_20_3_nothing_defects_with_no_other_roman_faction() -> None:
    pos = Position(scenario="s12", year=102, month=6, segment="movement", active="rome")
    uid = pos.unit("rome", LEGION, "B4415")
    DEF.defect(pos.st, "rome", [])
    assert pos.st.units[uid]["power"] == "rome" and "defections" not in pos.st.stats
