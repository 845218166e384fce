"""Conformance: events (section K) and the leader table (section J) as the engine applies them."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import engine, fate


def _d(p: Pos, event: int, initiative: str = "R") -> object:
    st = p.state(phase="C")
    st.initiative = initiative
    st.rules["events"] = True
    st.dice.script.extend([min(event, 6) if event <= 6 else 6, max(0, event - 6)])  # type: ignore[attr-defined]
    engine.phase_d(st, Outcome())
    return st


def base(vs_r: int = 3, vs_e: int = 2) -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus", vs=vs_r)
    p.leader("chief", "quadi", "E", people="quadi", vs=vs_e)
    p.unit("praet", "rome", front="interior", kind="garrison", praetorian=True)
    p.unit("urb", "rome", front="interior", kind="garrison", reduced=True)
    p.kw["at_war"] = ["quadi"]
    return p


def test_IMP_023_hard_winter_resplits() -> None:
    st = _d(base(), 7)
    assert st.smc_total == 4 and st.smc_left == {"R": 2, "E": 2}  # type: ignore[attr-defined]


def test_IMP_216_unhealthy_rome() -> None:
    st = _d(base(), 1)
    assert st.units["praet"].reduced and st.units["urb"].reduced and st.units["urb"].status == "map"  # type: ignore[attr-defined]
    assert st.leaders["aug"].ill  # type: ignore[attr-defined]


def test_IMP_217_disastrous_weather() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.unit("a", "carnuntum")
    p.legions(3, "aquincum", prefix="k")
    g = p.game(event=2)
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["vindobona", "aquincum", "jazyges"]}))
    assert refusal.value.section == "§3.5"
    g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["vindobona", "aquincum"]}))


def test_IMP_219_ill_emperor() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus", bt=2)
    p.leaders["aug"].ill = True
    g = p.game()
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert refusal.value.section == "Event 4"
    p2 = Pos()
    p2.leader("a1", "rome", title="augustus")
    p2.leader("a2", "italia", title="augustus")
    st = _d(p2, 4)
    assert st.pending and st.pending[0]["kind"] == "ill" and st.pending[0]["role"] == "R"  # type: ignore[attr-defined]


def test_IMP_221_political_agitation() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.leader("aug_r", "rome", title="caesar")
    g = p.game(event=6)
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("move", {"leader": "aug", "to": "aquincum"}))
    assert refusal.value.section == "Event 6"
    g.apply("rome", Command("move", {"leader": "aug", "path": ["italia", "rome"]}))
    assert g.state.leaders["aug"].loc == "rome"
    p2 = Pos()
    p2.leader("aug", "rome", title="augustus")
    g = p2.game(event=6)
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert refusal.value.section == "Event 6"


def test_IMP_222_peaceful_gods() -> None:
    st = _d(base(vs_r=4, vs_e=3), 8)
    assert st.smc_total == 2 and st.smc_left == {"R": 1, "E": 1}  # type: ignore[attr-defined]


def test_IMP_223_tenacity_extra_smc() -> None:
    st = _d(base(vs_r=3, vs_e=2), 10)
    assert st.smc_order == ["R", "E", "R", "E", "R", "E"]  # type: ignore[attr-defined]


def test_IMP_226_plague_in_the_east() -> None:
    p = base()
    p.unit("o1", "antiochia", front="orient")
    p.unit("o2", "emesa", front="orient", reduced=True)
    p.unit("parth", "parthia", "E", people="parthians")
    p.leader("eastern_gen", "antiochia")
    st = _d(p, 13)
    assert st.units["o1"].reduced and st.units["o2"].status == "removed"  # type: ignore[attr-defined]
    assert st.units["parth"].reduced and st.leaders["eastern_gen"].status == "map"  # type: ignore[attr-defined]


def test_IMP_227_armenia_changes_sides() -> None:
    p = base()
    p.unit("arm", "parthia", "R", people="armenia")
    st = _d(p, 14)
    assert st.armenia == "parthian" and st.units["arm"].owner == "E"  # type: ignore[attr-defined]


def test_IMP_228_famine_in_germania() -> None:
    p = base()
    p.unit("q1", "quadi", "E", people="quadi")
    p.unit("j1", "jazyges", "E", people="jazyges")
    st = _d(p, 15)
    assert st.units["q1"].reduced and not st.units["j1"].reduced  # type: ignore[attr-defined]


def test_IMP_213_death_table_lucius_verus() -> None:
    for year, roll, dies in ((170, 6, False), (171, 6, True), (165, 1, False), (165, 0, True)):
        p = Pos(year)
        p.leader("lucius_verus", "rome", title="augustus")
        p.leader("marc_aurele", "rome", title="augustus")
        st = p.state(phase="D")
        st.dice.script.extend([roll, 9])  # type: ignore[attr-defined]
        dead = fate.death_checks(st, Outcome())
        assert ("lucius_verus" in dead) is dies, (year, roll)


def test_IMP_020_pax_with_two_augusti_continues() -> None:
    p = Pos(173)
    p.leader("lucius_verus", "rome", title="augustus")
    p.leader("marc_aurele", "rome", title="augustus")
    st = p.state(phase="C")
    st.rules["death_table"] = True
    st.dice.script.extend([0])  # type: ignore[attr-defined]  # LV dies in 173 on anything but 9
    engine._after_c(st, Outcome())
    assert st.leaders["lucius_verus"].status == "dead" and st.year == 174


def test_IMP_019_pax_broken_by_sole_emperor_death() -> None:
    p = Pos(174)
    p.leader("lucius_verus", "rome", title="augustus")  # automatic death in 174
    p.leader("gen", "vindobona")
    p.unit("leg", "vindobona")
    st = p.state(phase="C")
    st.rules["death_table"] = True
    st.dice.script.extend([5])  # type: ignore[attr-defined]
    engine._after_c(st, Outcome())
    assert not st.pax_turn and st.phase == "D"
    assert st.pending and st.pending[0]["kind"] == "successor"
    _ = script


def _cup_state(year: int = 180) -> object:
    p = Pos(year)
    p.leader("aug", "rome", title="augustus")
    p.leader("parthian_leader", "parthia", "E", people="parthians")
    p.leaders["parthian_leader"].pax = True
    return p.state(phase="C")


def test_IMP_014_dummy_drawn() -> None:
    st = _cup_state()
    cup = engine.war_cup(st)  # type: ignore[arg-type]
    idx = cup.index("dummy-1")
    engine.declaration_draw(st, Outcome(), forced=idx)  # type: ignore[arg-type]
    assert st.at_war == []  # type: ignore[attr-defined]


def test_IMP_015_people_already_at_war() -> None:
    st = _cup_state()
    st.at_war = ["quadi"]  # type: ignore[attr-defined]
    cup = engine.war_cup(st)  # type: ignore[arg-type]
    engine.declaration_draw(st, Outcome(), forced=cup.index("quadi"))  # type: ignore[arg-type]
    assert st.at_war == ["quadi"]  # type: ignore[attr-defined]


def test_IMP_016_people_at_peace_goes_to_war() -> None:
    st = _cup_state()
    cup = engine.war_cup(st)  # type: ignore[arg-type]
    engine.declaration_draw(st, Outcome(), forced=cup.index("parthians"))  # type: ignore[arg-type]
    assert "parthians" in st.at_war and not st.leaders["parthian_leader"].pax  # type: ignore[attr-defined]


def test_IMP_017_locked_out_marker_not_in_cup() -> None:
    st = _cup_state(182)
    st.locked = {"quadi": 185}  # type: ignore[attr-defined]
    cup = engine.war_cup(st)  # type: ignore[arg-type]
    assert "quadi" not in cup and len(cup) == 2 + 3  # the test board has 3 Major Peoples
    st.year = 185  # type: ignore[attr-defined]
    assert "quadi" in engine.war_cup(st)  # type: ignore[arg-type]
