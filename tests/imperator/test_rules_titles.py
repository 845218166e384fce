"""§3.6 title limits on every road: at most two Augusti, two Caesars and two usurpers at once,
whether the title comes from a nomination, a succession, a usurpation chit, Commode's
succession or any other call of ``validate_usurpation`` (docs/rulings.md, "Title limits on every
road")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import engine, politics, stratagems
from rules.imperator.model import ZoneDef


def two_usurpers(year: int = 175) -> Pos:
    """An Augustus in Rome, usurpers on the Danube and in the Orient, a loyal general on the
    Rhine (a third Front)."""
    p = Pos(year)
    p.leader("emperor", "rome", title="augustus", cp=4)
    p.leader("niger", "antiochia", "E", title="usurper", cp=3)
    p.leader("albinus", "aquincum", "E", title="usurper", cp=3)
    p.leader("general", "raetia", cp=3)
    p.legions(2, "raetia", front="rhine")
    p.rules["stratagems"] = True
    return p


def test_usurpation_chit_refused_when_two_usurpers_stand() -> None:
    g = two_usurpers().game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation#90"]}
    script(g, 1)
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("usurp", {"leader": "general"}))
    assert e.value.section == "§3.6"
    assert g.state.leaders["general"].title is None and len(g.state.usurpers()) == 2


def test_one_usurper_leaves_room_for_a_second() -> None:
    p = two_usurpers()
    del p.leaders["albinus"], p.leader_defs["albinus"]
    g = p.game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation#90"]}
    script(g, 1)
    g.apply("enemies", Command("usurp", {"leader": "general"}))
    assert g.state.leaders["general"].title == "usurper" and len(g.state.usurpers()) == 2


@pytest.mark.parametrize("chit", ["usurpation", "usurpation_d_un_augustus", "usurpation_d_un_caesar"])
def test_no_usurpation_target_of_any_chit_with_two_usurpers(chit: str) -> None:
    p = two_usurpers()
    p.leader("heir", "raetia", title="caesar")
    p.leader("coemperor", "caparcotna", title="augustus", cp=1)
    st = p.state(phase="C", active="E")
    assert stratagems.usurpation_targets(st, chit) == []


def test_caesar_chit_needs_a_caesar_in_a_front_without_augustus() -> None:  # §4.5 validation
    p = Pos(175)
    p.leader("emperor", "vindobona", title="augustus", cp=4)
    p.leader("with_augustus", "aquincum", title="caesar")
    p.leader("interior", "italia", title="caesar")
    st = p.state(phase="C", active="E")
    assert stratagems.usurpation_targets(st, "usurpation_d_un_caesar") == []
    st.leaders["interior"].loc = "raetia"
    assert stratagems.usurpation_targets(st, "usurpation_d_un_caesar") == ["interior"]


def test_succession_4_names_no_usurper_when_two_stand() -> None:
    p = two_usurpers()
    st = p.state(phase="E")
    out = Outcome()
    politics.assign_successor(st, out, "general")
    assert st.leaders["general"].title == "augustus"
    assert not [d for d in st.pending if d["kind"] == "usurper"]
    assert any("two usurpers already stand" in line for line in out.public)


def test_succession_4_offers_a_usurper_when_there_is_room() -> None:
    p = two_usurpers()
    del p.leaders["albinus"], p.leader_defs["albinus"]
    p.leader("other", "raetia")
    st = p.state(phase="E")
    politics.assign_successor(st, Outcome(), "general")
    assert (st.pending[-1]["kind"], st.pending[-1]["role"]) == ("usurper", "E")  # §3.6 4/: the Enemies pick
    assert [c[0] for c in st.pending[-1]["choices"]] == ["other"]


def _commode(p: Pos, pertinax_alive: bool) -> Pos:
    p.leader(politics.COMMODE, "rome", title="augustus", cp=2)
    del p.leaders["emperor"], p.leader_defs["emperor"]
    p.leader(politics.PERTINAX, "vindobona" if pertinax_alive else None, cp=4)
    p.leader(politics.DIDIUS, None, cp=3)
    p.leaders[politics.DIDIUS].status = "out"
    if not pertinax_alive:
        p.leaders[politics.PERTINAX].status = "dead"
    return p


def test_commode_succession_raises_no_third_usurper() -> None:  # §4.5 Commode, §3.6
    st = _commode(two_usurpers(190), True).state(phase="E")
    out = Outcome()
    politics.kill_leader(st, out, politics.COMMODE, "natural death")
    assert st.leaders[politics.PERTINAX].title == "augustus"
    assert st.leaders[politics.DIDIUS].status == "out" and len(st.usurpers()) == 2
    assert "§3.6" in out.citations


def test_commode_succession_raises_didius_when_there_is_room() -> None:
    p = _commode(two_usurpers(190), True)
    del p.leaders["albinus"], p.leader_defs["albinus"]
    st = p.state(phase="E")
    politics.kill_leader(st, Outcome(), politics.COMMODE, "natural death")
    assert st.leaders[politics.DIDIUS].title == "usurper" and st.leaders[politics.DIDIUS].loc == "rome"


def test_commode_note_didius_not_forced_past_the_limit() -> None:
    st = _commode(two_usurpers(190), False).state(phase="E")
    politics.assign_successor(st, Outcome(), "general", didius=True)
    assert st.leaders[politics.DIDIUS].status == "out" and len(st.usurpers()) == 2


def test_validate_usurpation_keeps_the_limit_whatever_the_caller() -> None:
    st = two_usurpers().state(phase="E")
    out = Outcome()
    politics.validate_usurpation(st, out, "general", bonus=0)
    assert st.leaders["general"].title is None and st.leaders["general"].owner == "R"
    assert sorted(st.usurpers()) == ["albinus", "niger"] and "§3.6" in out.citations


def test_designations_never_exceed_two_augusti_or_two_caesars() -> None:
    p = Pos(175)
    p.leader("a1", "rome", title="augustus")
    p.leader("x", "vindobona")
    st = p.state(phase="D")
    assert set(engine.designations(st)) == {("x", "augustus"), ("x", "caesar")}
    st.leaders["x"].title = "augustus"
    p2 = Pos(175)
    p2.leader("a1", "rome", title="augustus").leader("a2", "rome", title="augustus")
    p2.leader("c1", "vindobona", title="caesar").leader("c2", "vindobona", title="caesar")
    p2.leader("x", "vindobona")
    assert engine.designations(p2.state(phase="D")) == []
    p2.leaders["c2"].title = None
    assert engine.designations(p2.state(phase="D")) == [("c2", "caesar"), ("x", "caesar")]


def test_succession_3_two_caesars_make_at_most_two_augusti() -> None:
    p = Pos(175)
    p.leader("a1", "rome", title="augustus")
    p.leader("c1", "vindobona", title="caesar").leader("c2", "aquincum", title="caesar")
    st = p.state(phase="E")
    politics.kill_leader(st, Outcome(), "a1", "natural death")
    assert sorted(st.augusti()) == ["c1", "c2"] and st.caesars() == []


def test_usurpers_stand_in_distinct_fronts() -> None:  # §4.5 double usurpation
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("niger", "antiochia", "E", title="usurper")
    p.leader("same_front", "emesa").leader("other_front", "vindobona")
    p.extra_zones.append(ZoneDef("dummy", "Dummy", front="orient"))
    st = p.state(phase="C", active="E")
    assert stratagems.usurpation_targets(st, "usurpation") == ["other_front"]
