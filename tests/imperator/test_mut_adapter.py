"""Tests that kill the mutants of rules/imperator/adapter.py (issue 11, session 11): the opening
state of each scenario, in exact values read from the shipped data (the placements, who owns
what, usurpers and their followers, the switches, the cup), and the data helpers."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from rules.core.dice import Dice
from rules.core.errors import NotYetSupported
from rules.imperator import adapter
from rules.imperator.loader import DATA_DIR, load_data
from rules.imperator.model import FleetState, ImperatorState


def _st(scenario: str, options: dict[str, str] | None = None) -> ImperatorState:
    return adapter.initial_state(scenario, Dice(f"adapter-{scenario}"), options or {})


def _kinds(st: ImperatorState) -> Counter[tuple[str, str, str]]:
    """(status, owner, kind) -> how many units."""
    return Counter((s.status, s.owner, st.udef(u).kind) for u, s in st.units.items())


def _map_leaders(st: ImperatorState) -> list[tuple[str, str, str | None]]:
    return sorted((x, s.owner, s.title) for x, s in st.leaders.items() if s.status == "map")


def _pax(st: ImperatorState) -> list[str]:
    return sorted(x for x, s in st.leaders.items() if s.pax)


def test_an_unknown_scenario_is_not_supported() -> None:
    with pytest.raises(NotYetSupported) as excinfo:
        _st("nowhere")
    assert excinfo.value.section == "scenarios"
    assert str(excinfo.value) == "scenarios: not yet supported (scenarios): scenario 'nowhere' has no data"


def test_every_scenario_shares_the_one_board_of_the_data() -> None:
    """One Board per data (its memos of distances and counter faces are shared)."""
    assert _st("avidius_cassius").board is adapter.board("data:") is _st("commode").board


def test_avidius_cassius_opening() -> None:
    """Scenario 1: Avidius Cassius proclaimed in Antiochia, Statius Priscus with him; no
    stratagems, events, Leader table, Peoples or Armenia; the Enemies have the initiative in 175."""
    dice = Dice("s1")
    options = {"speed": "fast"}
    st = adapter.initial_state("avidius_cassius", dice, options)
    assert (st.scenario, st.year, st.end_year, st.dice is dice) == ("avidius_cassius", 175, 179, True)
    assert st.options == options and st.options is not options
    assert {k: v for k, v in st.rules.items() if k not in ("scenario_rules", "nominations", "held")} == {
        "stratagems": False, "events": False, "death_table": False, "peoples": False, "armenia": False,
        "initiative": {"175": "E"},
    }
    assert _kinds(st) == Counter({
        ("out", "R", "people"): 66, ("map", "R", "legion"): 28, ("pool", "R", "vexillation"): 7,
        ("map", "R", "garrison"): 4, ("out", "R", "legion"): 3, ("map", "E", "legion"): 2,
        ("out", "R", "garrison"): 2, ("out", "R", "vexillation"): 1,
    })
    assert [u for u, s in st.units.items() if st.udef(u).kind == "vexillation" and s.status == "out"] == [
        "vexillatio_orientalis_2"]
    assert {u: (s.owner, s.usurper, s.loc) for u, s in st.units.items() if s.owner == "E"} == {
        "iv_scythica": ("E", "avidius_cassius", "antiochia"), "vi_ferrata": ("E", "avidius_cassius", "caparcotna")}
    rebels = {x: (s.title, s.follows, s.owner, s.loc) for x, s in st.leaders.items() if s.rebel}
    assert rebels == {"avidius_cassius": ("usurper", None, "E", "antiochia"),
                      "statius_priscus": (None, "avidius_cassius", "E", "caparcotna")}
    assert _map_leaders(st) == [
        ("avidius_cassius", "E", "usurper"), ("basseus_rufus", "R", None), ("claudius_pompeianus", "R", None),
        ("commode", "R", "caesar"), ("helvius_pertinax", "R", None), ("macrinus_vindex", "R", None),
        ("marc_aurele", "R", "augustus"), ("martius_verus", "R", None), ("maximianus", "R", None),
        ("statius_priscus", "E", None), ("tarrutienus_paternus", "R", None)]
    assert (st.armenia, st.at_war, st.civil_war, st.defected_fronts) == ("roman", [], True, ["orient"])
    assert (st.custodes, st.cup, st.vp, _pax(st)) == ("marc_aurele", [], {"rome": 0, "enemies": 0}, [])
    assert (st.units["armenia"].owner, st.units["armenia"].status) == ("R", "out")
    assert Counter((s.status, s.owner) for s in st.leaders.values()) == Counter(
        {("map", "E"): 2, ("map", "R"): 9, ("out", "R"): 29})
    assert st.fleets == {f: FleetState() for f in st.board.fleets} and len(st.fleets) == 2


def test_severus_opening() -> None:
    """Scenario 5: Didius Julianus in Rome and Pescennius Niger in Antiochia, each served by the
    Roman units standing with him; Aselius Aemilianus a rebel general; the Peoples at peace."""
    st = _st("severus_civil_wars")
    assert (st.year, st.end_year) == (193, 197)
    assert {k: v for k, v in st.rules.items() if k not in ("scenario_rules", "nominations", "held")} == {
        "stratagems": True, "events": True, "death_table": True, "peoples": True, "armenia": True,
        "initiative": {"193": "R"},
    }
    data = load_data()
    assert st.rules["scenario_rules"] == [r.to_json() for r in data.scenarios["severus_civil_wars"].rules]
    assert st.rules["scenario_rules"][1] == {"kind": "usurpation_at", "leader": "clodius_albinus", "year": 196,
                                             "fronts": ["british"]}
    assert _kinds(st) == Counter({
        ("out", "R", "people"): 37, ("map", "E", "people"): 28, ("map", "R", "legion"): 21,
        ("map", "E", "legion"): 9, ("pool", "R", "vexillation"): 4, ("out", "R", "legion"): 3,
        ("map", "E", "garrison"): 3, ("out", "R", "garrison"): 2, ("map", "R", "vexillation"): 2,
        ("map", "R", "garrison"): 1, ("map", "E", "vexillation"): 1, ("out", "R", "vexillation"): 1,
        ("map", "R", "people"): 1,
    })
    niger = ["ii_traiana", "iii_cyrenaica", "iii_gallica", "iv_scythica", "vexillatio_orientalis_1", "vi_ferrata",
             "x_fretensis", "xii_fulminata", "xv_apollinaris", "xvi_flavia"]
    didius = ["equites_singulares", "praetoria_cohortis_1", "urbanae_cohortis_1"]
    assert sorted((u, s.usurper) for u, s in st.units.items() if s.usurper) == sorted(
        [(u, "pescennius_niger") for u in niger] + [(u, "didius_julianus") for u in didius])
    rebels = {x: (s.title, s.follows, s.owner, s.loc) for x, s in st.leaders.items() if s.rebel}
    assert rebels == {"didius_julianus": ("usurper", None, "E", "roma"),
                      "pescennius_niger": ("usurper", None, "E", "antiochia"),
                      "aselius_aemilianus": (None, "pescennius_niger", "E", "cyzicus")}  # generals_of
    assert (st.civil_war, st.defected_fronts, st.custodes) == (True, ["interior", "orient", "southern"],
                                                                 "septime_severe")  # AMB-98: the Augustus
    assert _pax(st) == ["jazyges_leader", "maetae_leader", "marcomanni_leader", "parthian_leader",
                        "quades_leader", "vologese_iv"]
    assert {x: st.leaders[x].owner for x in _pax(st)} == {x: "E" for x in _pax(st)}
    assert (st.units["armenia"].owner, st.units["armenia"].status) == ("R", "map")
    assert len(st.cup) == 38


def test_campaign_opening_parthians_at_war_armenia_parthian() -> None:
    st = _st("campaign")
    assert (st.year, st.end_year, st.armenia, st.at_war, st.civil_war) == (161, 217, "parthian", ["parthians"],
                                                                           False)
    assert (st.units["armenia"].owner, st.units["armenia"].status) == ("E", "map")
    assert _pax(st) == ["jazyges_leader", "maetae_leader", "marcomanni_leader", "quades_leader"]
    at_war = {x: (s.owner, s.pax) for x, s in st.leaders.items() if x in ("chosroes", "vologese_iii",
                                                                         "parthian_leader")}
    assert at_war == {"chosroes": ("E", False), "vologese_iii": ("E", False), "parthian_leader": ("E", False)}
    assert (st.defected_fronts, st.custodes) == ([], "marc_aurele")  # AMB-98: the first Augustus listed
    assert {k: v for k, v in st.rules.items() if k in ("initiative", "armenia")} == {"initiative": {},
                                                                                      "armenia": True}
    assert _kinds(st) == Counter({
        ("out", "R", "people"): 37, ("map", "E", "people"): 29, ("map", "R", "legion"): 28,
        ("pool", "R", "vexillation"): 6, ("out", "R", "legion"): 5, ("map", "R", "garrison"): 4,
        ("out", "R", "garrison"): 2, ("out", "R", "vexillation"): 2,
    })
    assert [x for x, s in st.leaders.items() if s.rebel or s.follows] == []
    assert _map_leaders(st) == [
        ("avidius_cassius", "R", None), ("chosroes", "E", None), ("jazyges_leader", "E", None),
        ("lucius_verus", "R", "augustus"), ("maetae_leader", "E", None), ("marc_aurele", "R", "augustus"),
        ("marcomanni_leader", "E", None), ("martius_verus", "R", None), ("parthian_leader", "E", None),
        ("quades_leader", "E", None), ("statius_priscus", "R", None), ("vologese_iii", "E", None)]
    assert Counter((s.status, s.owner) for s in st.leaders.values()) == Counter(
        {("map", "E"): 7, ("map", "R"): 5, ("out", "R"): 28})
    assert [u for u, s in st.units.items() if s.usurper] == []


def test_commode_opening_only_the_maetae_at_war() -> None:
    st = _st("commode")
    assert (st.at_war, st.armenia, st.custodes) == (["maetae"], "roman", "commode")
    assert _pax(st) == ["chosroes", "jazyges_leader", "marcomanni_leader", "parthian_leader", "quades_leader",
                        "vologese_iii"]
    assert (st.leaders["maetae_leader"].owner, st.leaders["maetae_leader"].pax) == ("E", False)


def test_the_cup_holds_every_stratagem_counter() -> None:
    """§6: the cup is filled with every stratagem counter of the data, by its count."""
    data = load_data()
    st = _st("marcomannic_wars")
    assert len(st.cup) == sum(int(c.count) for c in data.stratagems.values()) == 38
    assert Counter(c.split("#")[0] for c in st.cup) == Counter(
        {k: v for k, v in _chit_counts(data).items()})


def _chit_counts(data: object) -> Counter[str]:
    from rules.imperator import tables

    counts: Counter[str] = Counter()
    for c in data.stratagems.values():  # type: ignore[attr-defined]
        counts[tables.stratagem(c.name).id] += int(c.count)
    return counts


def _data_copy(tmp_path: Path, scenario_file: str, old: str, new: str, file: str = "") -> Path:
    """The shipped data with ``old`` replaced by ``new`` in one scenario (or in ``file``)."""
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    p = root / (file or f"scenarios/{scenario_file}")
    text = p.read_text(encoding="utf-8")
    assert old in text
    p.write_text(text.replace(old, new), encoding="utf-8")
    return root


def test_roman_units_with_a_rebel_serve_him(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Roman legion placed as Rome's in the zone of a rebel leader starts on his side, serving
    the usurper (§4.5), even when the scenario lists it as Rome's."""
    root = _data_copy(tmp_path, "01_avidius_cassius.toml", '{ id = "iv_scythica", zone = "antiochia", side = "enemy" }',
                      '{ id = "iv_scythica", zone = "antiochia", side = "roman" }')
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(root))
    st = _st("avidius_cassius")
    assert (st.units["iv_scythica"].owner, st.units["iv_scythica"].usurper) == ("E", "avidius_cassius")
    assert st.defected_fronts == ["orient"]


def test_peoples_and_a_parthian_armenia_are_the_enemies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever side a placement says: a People's units and the leaders of a People at war play
    for the Enemies, and Armenia's unit for whoever holds Armenia (§4.1, §4.4). The loader
    refuses such a file since AMB-106, so the sides are changed in the loaded data."""
    from dataclasses import replace
    from types import MappingProxyType

    data = load_data(geometry=False)
    wrong = {"armenia": "roman", "parthians_8": "roman", "chosroes": "roman"}
    sc = data.scenarios["campaign"]
    flipped = replace(sc, leaders=tuple(replace(p, side=wrong.get(p.counter, p.side)) for p in sc.leaders),
                      units=tuple(replace(p, side=wrong.get(p.counter, p.side)) for p in sc.units))
    assert sorted(p.counter for p in (*flipped.leaders, *flipped.units) if p.side == "roman" and p.counter in wrong) == sorted(wrong)
    monkeypatch.setattr(adapter, "_load", lambda: replace(data, scenarios=MappingProxyType({**data.scenarios, "campaign": flipped})))
    st = _st("campaign")
    assert (st.units["armenia"].owner, st.units["parthians_8"].owner) == ("E", "E")
    assert (st.leaders["chosroes"].owner, st.leaders["chosroes"].pax) == ("E", False)


def _second_orient_vexillation_arriving_in_175(tmp_path: Path) -> Path:
    """A copy of the data whose second Orient vexillation arrives in 175 (the shipped one: 197)."""
    return _data_copy(tmp_path, "", 'id = "vexillatio_orientalis_2"\nname = "Vexillatio (Orient Front)"\nside = "roman"\n'
                      'kind = "vexillation"\nnationality = "roman"\nfront = "orient"\narrives = 197',
                      'id = "vexillatio_orientalis_2"\nname = "Vexillatio (Orient Front)"\nside = "roman"\n'
                      'kind = "vexillation"\nnationality = "roman"\nfront = "orient"\narrives = 175',
                      file="counters/units.toml")


def test_a_vexillation_arriving_in_the_start_year_is_in_the_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _second_orient_vexillation_arriving_in_175(tmp_path)
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(root))
    st = _st("avidius_cassius")
    assert (st.units["vexillatio_orientalis_2"].status, st.units["vexillatio_orientalis_1"].status) == (
        "pool", "pool")


def test_the_board_follows_the_data_directory_of_the_moment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 12: ``board()`` was cached by its source alone, so a process that changed
    ``PRAETOR_DATA_DIR`` kept the first directory's board. One board per (source, directory):
    the copy's vexillation arrives in 175, the shipped one in 197, and going back to the shipped
    data gives back the very board it gave first."""
    vex = "vexillatio_orientalis_2"
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    shipped = adapter.board("data:")
    assert adapter.board() is shipped  # the default source is the data's
    assert shipped.units[vex].enters == 197
    root = _second_orient_vexillation_arriving_in_175(tmp_path)
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(root))
    copied = adapter.board("data:")
    assert copied.units[vex].enters == 175
    assert _st("avidius_cassius").board is copied
    monkeypatch.delenv("PRAETOR_DATA_DIR")
    assert adapter.board("data:") is shipped


def test_a_scenario_without_deploy_legions_starts_with_no_legion_deployed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/imperator-data.md: only ``deploy_legions = true`` puts the Roman legions and garrisons
    in their zones; the adapter used to deploy them whatever the scenario said (session 11)."""
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(_data_copy(tmp_path, "02_parthian_war.toml",
                                                          "deploy_legions = true\n", "")))
    st = _st("parthian_war")
    roman_on_map = [u for u, s in st.units.items() if s.status == "map" and st.udef(u).people == "roman"]
    assert roman_on_map == []
    assert st.units["iii_gallica"].status == "out"


def test_starting_victory_points_come_from_the_scenario(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _data_copy(tmp_path, "02_parthian_war.toml", "deploy_legions = true\n",
                      "deploy_legions = true\nvp = { roman = 2, enemy = 3 }\n")
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(root))
    assert _st("parthian_war").vp == {"rome": 2, "enemies": 3}


def test_data_hash_is_the_data_digest_or_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    assert adapter.data_hash() == load_data().digest
    assert len(adapter.data_hash()) == 64

    def missing() -> object:
        raise NotYetSupported("data", "gone")

    monkeypatch.setattr(adapter, "_load", missing)
    assert adapter.data_hash() == ""


def test_amb_98_the_custodes_open_on_the_first_augustus_then_the_first_caesar() -> None:
    """§3.6, AMB-98: every scenario opens with the Corporis Custodes on its first Augustus in its
    own order (never the leader data's order, never a Caesar while an Augustus stands); a
    scenario with only a Caesar gives them to him, one with neither to nobody."""
    from rules.imperator.adapter import first_custodes_holder

    openings = {sid: _st(sid).custodes for sid in ("campaign", "avidius_cassius", "parthian_war",
                                                    "marcomannic_wars", "commode", "severus_civil_wars")}
    assert openings == {"campaign": "marc_aurele", "avidius_cassius": "marc_aurele",
                        "parthian_war": "marc_aurele", "marcomannic_wars": "marc_aurele",
                        "commode": "commode", "severus_civil_wars": "septime_severe"}

    class _Sc:
        augusti: tuple[str, ...] = ()
        caesars = ("geta", "caracalla")

    assert first_custodes_holder(_Sc()) == "geta"  # type: ignore[arg-type]
    _Sc.caesars = ()
    assert first_custodes_holder(_Sc()) is None  # type: ignore[arg-type]
