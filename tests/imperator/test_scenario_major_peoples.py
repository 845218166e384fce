"""§4.1: a Major People's units and leaders stand on the map all game, at peace in their home
zones until the People goes to war; generic leaders are always in play. So a war declared in
the campaign or in scenarios 2-5 brings a led army (issue 11)."""

from __future__ import annotations

import pytest

from rules.core.command import Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, engine
from rules.imperator.loader import load_data

MAJOR = ("parthians", "maetae", "marcomanni", "quades", "jazyges")
WITH_PEOPLES = ("campaign", "parthian_war", "marcomannic_wars", "commode", "severus_civil_wars")


@pytest.mark.parametrize("scenario", WITH_PEOPLES)
def test_every_major_people_is_deployed_with_its_generic_leader(scenario: str) -> None:
    st = adapter.initial_state(scenario, Dice("peoples"), {})
    b = st.board
    for pid in MAJOR:
        units = [u for u, d in b.units.items() if d.people == pid]
        assert units, pid
        for u in units:
            us = st.units[u]
            assert us.status == "map" and us.owner == "E", (scenario, u)
            if pid not in st.at_war:
                assert pid in b.zones[us.loc or ""].peoples, (scenario, u, us.loc)
        generic = [x for x, d in b.leaders.items() if d.people == pid and d.generic]
        assert generic, pid
        for lid in generic:
            ls = st.leaders[lid]
            assert ls.status == "map" and ls.owner == "E", (scenario, lid)
            assert ls.pax is (pid not in st.at_war), (scenario, lid)
            assert st.units_in(ls.loc or "", "E"), (scenario, lid, "alone")


@pytest.mark.parametrize(
    ("scenario", "kings"),
    [("campaign", {"vologese_iii", "chosroes"}), ("marcomannic_wars", {"vologese_iii", "chosroes"}),
     ("commode", {"vologese_iii", "chosroes"}), ("severus_civil_wars", {"vologese_iv"})],
)
def test_named_kings_alive_at_the_start_are_on_the_map(scenario: str, kings: set[str]) -> None:
    st = adapter.initial_state(scenario, Dice("peoples"), {})
    on_map = {x for x, s in st.leaders.items() if s.status == "map" and st.board.leaders[x].people == "parthians"
              and not st.board.leaders[x].generic}
    assert on_map == kings


def test_minor_peoples_stay_off_the_map_until_war() -> None:
    st = adapter.initial_state("campaign", Dice("peoples"), {})
    cotini = [u for u, d in st.board.units.items() if d.people == "cotini"]
    assert cotini and all(st.units[u].status != "map" for u in cotini)


def test_a_declared_war_brings_a_led_army() -> None:
    st = adapter.initial_state("campaign", Dice("peoples"), {})
    assert "marcomanni" not in st.at_war
    engine.declare_war(st, Outcome(), "marcomanni")
    ls = st.leaders["marcomanni_leader"]
    assert ls.pax is False and ls.owner == "E" and ls.status == "map"
    assert len(st.units_in(ls.loc or "", "E")) >= 1


def test_scenario_data_lists_the_deployment() -> None:
    data = load_data()
    sc = data.scenarios["commode"]
    placed = {p.counter: p for p in sc.leaders + sc.units}
    assert placed["quades_leader"].zone == "quades" and placed["quades_leader"].side == "enemy"
    assert all(placed[f"marcomanni_{i}"].zone == "marcomanni" for i in range(1, 7))


# --- refusals -----------------------------------------------------------------------------


def _problems(tmp_path, rel: str, old: str, new: str) -> list[str]:  # type: ignore[no-untyped-def]
    import shutil

    from rules.imperator.loader import DATA_DIR, DataError

    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(root, geometry=False)
    return info.value.problems


def test_a_living_king_left_off_the_map_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    probs = _problems(tmp_path, "scenarios/04_commode.toml",
                      '    { id = "chosroes", zone = "atropatene", side = "enemy" },\n', "")
    assert "scenarios/04_commode.toml: commode: leader: chosroes is in play in 180: place him or list him as absent" in probs


def test_a_people_at_peace_outside_its_home_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    probs = _problems(tmp_path, "scenarios/04_commode.toml",
                      '{ id = "chosroes", zone = "atropatene", side = "enemy" }',
                      '{ id = "chosroes", zone = "armenia", side = "enemy" }')
    assert "scenarios/04_commode.toml: commode: leader: chosroes: a People at peace stays in its home zones (§4.1)" in probs
