"""Every scenario special rule is data, applied by rules/imperator/scenario_rules.py (issue 11):
sudden deaths, instant wins holding zones, wars barred or scheduled, scheduled usurpations,
legions held for a usurper, VP for a death, absent leaders."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.core.command import Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, engine, movement, politics, scenario_rules, stratagems
from rules.imperator.loader import load_data
from rules.imperator.model import ImperatorState

ROOT = Path(__file__).resolve().parents[2]


def _st(scenario: str) -> ImperatorState:
    return adapter.initial_state(scenario, Dice(f"rules-{scenario}"), {})


def _clear(st: ImperatorState, zone: str) -> None:
    for u in st.units_in(zone):
        st.units[u].status, st.units[u].loc = "out", None
    for x in st.leaders_in(zone):
        st.leaders[x].status, st.leaders[x].loc = "out", None


def _roman_units(st: ImperatorState, n: int) -> list[str]:
    return [u for u, s in st.units.items() if s.status == "map" and s.owner == "R"
            and st.udef(u).people == "roman" and st.udef(u).kind == "legion"][:n]


# --- nothing scenario-specific in code --------------------------------------------------------


def test_adapter_names_no_scenario_and_no_leader() -> None:
    text = (ROOT / "rules/imperator/adapter.py").read_text(encoding="utf-8")
    data = load_data()
    for sid in data.scenarios:
        assert f'"{sid}"' not in text, sid
    for lid in data.leaders:
        assert f'"{lid}"' not in text, lid


def test_every_scenario_rule_kind_is_listed_in_the_docs() -> None:
    doc = (ROOT / "docs/imperator-data.md").read_text(encoding="utf-8")
    for sc in load_data().scenarios.values():
        for r in sc.rules:
            assert f"`{r.kind}`" in doc, (sc.id, r.kind)


# --- scenario 1: sudden death ------------------------------------------------------------------


@pytest.mark.parametrize(("dead", "winner"), [("marc_aurele", "enemies"), ("avidius_cassius", "rome")])
def test_s1_sudden_death_from_data(dead: str, winner: str) -> None:
    st = _st("avidius_cassius")
    out = Outcome()
    politics.kill_leader(st, out, dead, "test")
    assert st.game_over and st.result is not None
    assert st.result["winners"] == [winner] and st.result["level"] == "sudden death"


def test_s1_other_deaths_do_not_end_the_game() -> None:
    st = _st("avidius_cassius")
    politics.kill_leader(st, Outcome(), "statius_priscus", "test")
    assert not st.game_over


# --- scenario 2: Rome wins holding Ctesiphon ---------------------------------------------------


def test_s2_rome_wins_with_a_leader_and_three_units_in_ctesiphon() -> None:
    st = _st("parthian_war")
    _clear(st, "ctesiphon")
    assert not scenario_rules.end_of_turn(st, Outcome())
    for u in _roman_units(st, 3):
        st.units[u].loc = "ctesiphon"
    assert not scenario_rules.end_of_turn(st, Outcome())  # no leader yet
    st.leaders["avidius_cassius"].loc = "ctesiphon"
    assert scenario_rules.end_of_turn(st, Outcome())
    assert st.result is not None and st.result["winners"] == ["rome"]


def test_s2_two_units_are_not_enough() -> None:
    st = _st("parthian_war")
    _clear(st, "ctesiphon")
    for u in _roman_units(st, 2):
        st.units[u].loc = "ctesiphon"
    st.leaders["avidius_cassius"].loc = "ctesiphon"
    assert not scenario_rules.end_of_turn(st, Outcome()) and not st.game_over


# --- scenario 3: Parthians barred before 172; Aquileia and Ravenna -----------------------------


def test_s3_parthians_out_of_the_war_cup_before_172() -> None:
    st = _st("marcomannic_wars")
    assert st.year == 170 and "parthians" not in engine.war_cup(st)
    assert "maetae" in engine.war_cup(st)
    st.year = 172
    assert "parthians" in engine.war_cup(st)


def test_s3_no_rising_stratagem_for_the_parthians_before_172() -> None:
    st = _st("marcomannic_wars")
    assert stratagems.may_rise(st, "parthians", True) == "Scenario: the Parthes may not go to war before 172"
    st.year = 172
    assert stratagems.may_rise(st, "parthians", True) is None


def test_s3_enemies_win_holding_aquileia_and_ravenna() -> None:
    st = _st("marcomannic_wars")
    _clear(st, "ravenna")
    assert not scenario_rules.end_of_turn(st, Outcome())
    st.units["marcomanni_3"].loc = "ravenna"
    _clear_romans = [u for u in st.units_in("aquileia") if st.units[u].owner == "R"]
    for u in _clear_romans:
        st.units[u].loc = "patavium" if "patavium" in st.board.zones else "roma"
    assert scenario_rules.end_of_turn(st, Outcome())
    assert st.result is not None and st.result["winners"] == ["enemies"]


def test_s3_lucius_verus_is_absent() -> None:
    st = _st("marcomannic_wars")
    assert st.leaders["lucius_verus"].status == "dead"


# --- scenario 4: VP for Commode's early death; provenance ---------------------------------------


@pytest.mark.parametrize(("year", "vp"), [(185, 3), (191, 3), (192, 0)])
def test_s4_enemies_score_if_commode_dies_before_192(year: int, vp: int) -> None:
    st = _st("commode")
    st.year = year
    before = st.vp["enemies"]
    politics.kill_leader(st, Outcome(), "commode", "test")
    assert st.vp["enemies"] - before == vp


def test_s4_marcomanni_and_quades_barred_until_185() -> None:
    st = _st("commode")
    cup = engine.war_cup(st)
    assert "marcomanni" not in cup and "quades" not in cup and "jazyges" in cup
    st.year = 185
    assert {"marcomanni", "quades"} <= set(engine.war_cup(st))


def test_s4_only_the_books_rules_are_tagged_rules() -> None:
    sc = load_data().scenarios["commode"]
    assert sc.provenance_of("special_rules") == "design"
    tags = {r.kind: r.provenance for r in sc.rules}
    assert tags == {"absent": "history", "engine_rule": "rules", "no_war_before": "design", "vp_on_death": "design"}


# --- scenario 5: held legions, wars and usurpation on schedule, sudden death -------------------


EAST = ("xii_fulminata", "xv_apollinaris", "iii_gallica", "xvi_flavia", "vi_ferrata", "x_fretensis",
        "iii_cyrenaica", "ii_traiana")


def test_s5_eastern_legions_stay_with_niger_after_the_first_move() -> None:
    st = _st("severus_civil_wars")
    politics.normalize(st, Outcome())
    for u in EAST:
        assert st.units[u].owner == "E" and st.units[u].usurper == "pescennius_niger", u


def test_s5_held_legions_return_to_the_emperor_when_niger_falls() -> None:
    st = _st("severus_civil_wars")
    politics.kill_leader(st, Outcome(), "pescennius_niger", "test")
    for u in EAST:
        assert st.units[u].owner == "R", u


def test_s5_aemilianus_serves_niger() -> None:
    """Scenario 5's `generals_of` rule (history: Asellius Aemilianus led Niger's army at Cyzicus in
    193): he follows Niger, not Didius Julianus, the first usurper listed; Julianus's fall leaves
    him with the Enemies, Niger's sends him back to Rome (§4.5)."""
    st = _st("severus_civil_wars")
    assert st.leaders["aselius_aemilianus"].follows == "pescennius_niger"
    politics.kill_leader(st, Outcome(), "didius_julianus", "test")
    ls = st.leaders["aselius_aemilianus"]
    assert (ls.owner, ls.rebel, ls.follows) == ("E", True, "pescennius_niger")
    politics.kill_leader(st, Outcome(), "pescennius_niger", "test")
    assert (ls.owner, ls.rebel, ls.follows) == ("R", False, None)


def test_generals_of_takes_the_units_standing_with_the_general() -> None:
    """`generals_of` moves the general's units to his usurper too, but not units that stand
    beside a usurper (those are the usurper's own)."""
    st = _st("severus_civil_wars")
    st.leaders["aselius_aemilianus"].follows = "didius_julianus"
    for uid, zone in (("xii_fulminata", "cyzicus"), ("iv_scythica", "antiochia")):
        st.units[uid].loc, st.units[uid].usurper = zone, "didius_julianus"
    scenario_rules.serve_usurper(st, "aselius_aemilianus", "pescennius_niger")
    assert (st.units["xii_fulminata"].usurper, st.units["iv_scythica"].usurper) == ("pescennius_niger",
                                                                                   "didius_julianus")
    st.leaders["pescennius_niger"].loc = "cyzicus"  # a usurper in the zone: the units stay as they are
    st.units["xii_fulminata"].usurper = "didius_julianus"
    st.leaders["aselius_aemilianus"].follows = "didius_julianus"
    scenario_rules.serve_usurper(st, "aselius_aemilianus", "pescennius_niger")
    assert st.units["xii_fulminata"].usurper == "didius_julianus"


def test_s5_osrhoene_and_adiabene_go_to_war_in_194() -> None:
    st = _st("severus_civil_wars")
    scenario_rules.phase_c(st, Outcome(), engine.declare_war)
    assert "osrhoene" not in st.at_war
    st.year = 194
    scenario_rules.phase_c(st, Outcome(), engine.declare_war)
    assert "osrhoene" in st.at_war and "adiabene" in st.at_war
    assert any(s.status == "map" for u, s in st.units.items() if st.udef(u).people == "osrhoene")


def _one_usurper_left(st: ImperatorState) -> None:
    ls = st.leaders["didius_julianus"]
    ls.status, ls.loc, ls.title = "dead", None, None


def test_s5_albinus_rises_in_196_with_the_british_front() -> None:
    st = _st("severus_civil_wars")
    _one_usurper_left(st)
    st.year = 195
    scenario_rules.phase_a(st, Outcome())
    assert st.leaders["clodius_albinus"].title == "caesar"
    st.year = 196
    scenario_rules.phase_a(st, Outcome())
    assert st.leaders["clodius_albinus"].title == "usurper" and st.leaders["clodius_albinus"].owner == "E"
    british = [u for u, s in st.units.items() if s.status == "map" and s.loc and st.front_of(s.loc) == "british"]
    assert british and all(st.units[u].owner == "E" and st.units[u].usurper == "clodius_albinus" for u in british)
    politics.normalize(st, Outcome())
    assert all(st.units[u].owner == "E" for u in british)
    assert "british" in st.defected_fronts


def test_s5_albinus_waits_while_two_usurpers_stand() -> None:
    st = _st("severus_civil_wars")
    st.year = 196
    scenario_rules.phase_a(st, Outcome())
    assert st.leaders["clodius_albinus"].title == "caesar"
    _one_usurper_left(st)
    st.year = 197
    scenario_rules.phase_a(st, Outcome())
    assert st.leaders["clodius_albinus"].title == "usurper"


def test_s5_rome_wins_when_the_three_rivals_are_dead() -> None:
    st = _st("severus_civil_wars")
    politics.kill_leader(st, Outcome(), "didius_julianus", "test")
    politics.kill_leader(st, Outcome(), "pescennius_niger", "test")
    assert not st.game_over
    politics.kill_leader(st, Outcome(), "clodius_albinus", "test")
    assert st.game_over and st.result is not None and st.result["winners"] == ["rome"]


# --- a People with two entry Fronts (§4.3) ------------------------------------------------------


def test_a_people_with_two_entry_fronts_may_use_either() -> None:
    st = _st("campaign")
    st.at_war.append("hermunduri")
    assert st.board.peoples["hermunduri"].entry_fronts() == ("rhine", "danube")
    assert movement._people_step_error(st, "hermunduri", "H", "hermunduri", "mogontiacum", None) is None
    assert movement._people_step_error(st, "hermunduri", "H", "hermunduri", "augusta_vindelicum", None) is None


def test_a_people_may_not_enter_through_another_front() -> None:
    st = _st("campaign")
    st.at_war.append("marcomanni")
    assert st.board.peoples["marcomanni"].entry_fronts() == ("danube",)
    err = movement._people_step_error(st, "marcomanni", "M", "marcomanni", "mogontiacum", None)
    assert err == "§4.3: M may enter the Empire only through the Danube Front"


# --- refusals ----------------------------------------------------------------------------------


def test_a_rule_with_a_wrong_id_is_refused(tmp_path: Path) -> None:
    import shutil

    from rules.imperator.loader import DATA_DIR, DataError

    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    p = root / "scenarios/05_severus.toml"
    p.write_text(p.read_text(encoding="utf-8").replace('peoples = ["osrhoene", "adiabene"]', 'peoples = ["osroene"]'),
                 encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(root, geometry=False)
    assert "scenarios/05_severus.toml: severus_civil_wars: rules[2].peoples: unknown people 'osroene'" in info.value.problems


def test_a_named_leader_in_play_must_be_placed_or_absent(tmp_path: Path) -> None:
    import shutil

    from rules.imperator.loader import DATA_DIR, DataError

    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    p = root / "scenarios/04_commode.toml"
    p.write_text(p.read_text(encoding="utf-8").replace('leaders = ["marc_aurele", "avidius_cassius", "statius_priscus"]',
                                                      'leaders = ["marc_aurele", "avidius_cassius"]'), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_data(root, geometry=False)
    assert info.value.problems == [
        "scenarios/04_commode.toml: commode: leader: statius_priscus is in play in 180: place him or list him as absent"
    ]


def test_s5_leaders_gone_by_193_are_dead_at_the_start() -> None:
    st = _st("severus_civil_wars")
    for lid in ("commode", "helvius_pertinax", "perennis"):
        assert st.leaders[lid].status == "dead", lid
