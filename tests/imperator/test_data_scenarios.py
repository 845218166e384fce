"""The shipped Imperator scenarios: each counter once, in zones that exist, in its years."""

from __future__ import annotations

import pytest

from rules.imperator.data_model import ImperatorData
from rules.imperator.loader import load_data


@pytest.fixture(scope="module")
def data() -> ImperatorData:
    return load_data()


def test_required_scenarios(data: ImperatorData) -> None:
    ids = set(data.scenarios)
    assert {"avidius_cassius", "campaign"} <= ids
    assert len(ids - {"avidius_cassius", "campaign"}) >= 3
    camp = data.scenarios["campaign"]
    assert (camp.start, camp.end) == (161, 217)
    assert all(s.reconstructed for s in data.scenarios.values())


def test_scenario_one_as_recovered(data: ImperatorData) -> None:
    s = data.scenarios["avidius_cassius"]
    assert (s.number, s.start, s.end) == (1, 175, 179)
    assert s.augusti == ("marc_aurele",) and s.caesars == ("commode",)
    assert s.usurpers == ("avidius_cassius",)
    assert s.initiative[175] == "enemy"
    assert not (s.use_events or s.use_stratagems or s.use_leader_table or s.use_enemy_peoples)
    where = {p.counter: p for p in s.leaders}
    assert where["basseus_rufus"].zone == "londinium"
    assert where["avidius_cassius"].side == "enemy"
    units = {p.counter: p for p in s.units}
    assert units["iv_scythica"].side == "enemy" and units["vi_ferrata"].side == "enemy"
    assert units["ii_italica"].zone == "lauriacum"  # 169 reinforcements are in play in 175
    assert "i_parthica" not in units


@pytest.mark.parametrize("sid", ["avidius_cassius", "campaign", "parthian_war", "marcomannic_wars",
                                 "commode", "severus_civil_wars"])
def test_each_counter_once_in_existing_zones(data: ImperatorData, sid: str) -> None:
    s = data.scenarios[sid]
    placed = [p.counter for p in s.leaders + s.units]
    assert len(placed) == len(set(placed))
    for p in s.leaders + s.units:
        assert p.zone in data.zones, (sid, p)
        assert p.side in ("roman", "enemy")
    for p in s.leaders:
        ld = data.leaders[p.counter]
        assert ld.generic or ld.enters is None or ld.enters <= s.start, (sid, ld.id)
        assert ld.auto_death is None or s.start < ld.auto_death, (sid, ld.id)
    for p in s.units:
        assert data.units[p.counter].arrives <= s.start, (sid, p.counter)
    for title, names in (("augustus", s.augusti), ("caesar", s.caesars), ("usurper", s.usurpers)):
        assert {p.counter for p in s.leaders if p.title == title} == set(names)
    assert len(s.augusti) <= 2 and len(s.caesars) <= 2 and len(s.usurpers) <= 2
    assert s.start <= s.end
    vex = [p for p in s.units if data.units[p.counter].kind == "vexillation"]
    assert len(vex) <= 6
    for p in s.units:
        u = data.units[p.counter]
        if u.people and u.people != "armenia":
            # §4.1: Major Peoples stand in their home zones even at peace; Minor ones only at war
            major = data.peoples[u.people].major
            assert u.people in s.peoples_at_war or major and p.zone in data.peoples[u.people].zones, (sid, u.id)
