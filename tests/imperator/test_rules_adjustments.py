"""§9.2.3 (vexillations) and §9.2.4 (non-Roman Peoples) of the French rules, one test per
sentence, each named after the sentence it checks (docs/rulings.md, "§9.2.3 and §9.2.4 sentence
by sentence")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import adjust, engine, stratagems
from rules.imperator.model import ImperatorState, ZoneDef


def _answer(st: ImperatorState, *choices: str) -> None:
    for choice in choices:
        d = st.pending[0]
        engine.decide(st, Outcome(), d["role"], d["id"], choice)


def _adjusted(p: Pos, **kw: Any) -> ImperatorState:
    st = p.state(phase="F", **kw)
    adjust.adjustments(st, Outcome())
    return st


def _reduced(st: ImperatorState, *uids: str) -> list[str]:
    return [u for u in uids if st.units[u].reduced]


# -- §9.2.3 ----------------------------------------------------------------------------------------


def test_s9_2_3_counted_once_the_other_adjustments_are_done() -> None:
    """§9.2.3, sentence 1: the count is made after §9.2.2: a vexillation eliminated this year went
    back to the pool (§9.2.2 exception) and a reduced one in a zone without camp or city was
    eliminated there, so neither asks for reduced legions."""
    p = Pos()
    p.unit("v_dead", None, front="danube", kind="vexillation", status="eliminated")
    p.unit("v_worn", "noricum", front="danube", kind="vexillation", reduced=True)
    p.legions(3, "vindobona")
    st = _adjusted(p)
    assert (st.units["v_dead"].status, st.units["v_worn"].status) == ("pool", "pool")
    assert _reduced(st, "leg0", "leg1", "leg2") == [] and st.pending == []


def test_s9_2_3_three_reduced_legions_for_each_vexillation_on_the_map() -> None:
    """§9.2.3, sentence 2: every vexillation still on the map, reduced or not, needs 3 reduced
    legions: two vexillations and six normal legions: all six turn."""
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    p.unit("v2", "vindobona", front="danube", kind="vexillation", reduced=True)
    legions = p.legions(6, "vindobona")
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    assert _reduced(st, *legions) == legions and st.pending == []


def test_s9_2_3_the_legions_belong_to_the_vexillation_s_front() -> None:
    """§9.2.3, sentence 3: the 3 legions are of the vexillation's own Front: reduced Rhine legions
    do not count for a Danube vexillation, and are not the ones turned."""
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    danube = p.legions(3, "vindobona")
    rhine = p.legions(3, "raetia", front="rhine", prefix="rh", reduced=True)
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    assert _reduced(st, *danube) == danube and _reduced(st, *rhine) == rhine
    adjust.vexillation_check(st, Outcome(), "rhine")  # no Rhine vexillation: nothing to keep reduced
    assert _reduced(st, *rhine) == rhine and st.pending == []


def test_s9_2_3_the_roman_player_chooses_which_legions_turn() -> None:
    """§9.2.3, sentence 4: the legions turned are the Roman player's free choice: one decision
    per legion, among the normal legions of the Front."""
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    legions = p.legions(5, "vindobona")
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"]) == ("reduce_legion", "R", "§9.2.3")
    assert [c[0] for c in d["choices"]] == legions
    _answer(st, "leg4", "leg2", "leg0")
    assert _reduced(st, *legions) == ["leg0", "leg2", "leg4"] and st.pending == []


def test_s9_2_3_example_two_danube_and_three_rhine_legions() -> None:
    """§9.2.3, example: two Danube vexillations (one reduced) with 4 reduced Danube legions, one
    Rhine vexillation with every Rhine legion normal: 2 Danube and 3 Rhine legions turn."""
    p = Pos()
    p.unit("vd1", "vindobona", front="danube", kind="vexillation")
    p.unit("vd2", "vindobona", front="danube", kind="vexillation", reduced=True)
    p.unit("vr", "raetia", front="rhine", kind="vexillation")
    worn = p.legions(4, "vindobona", prefix="dr", reduced=True)
    fresh = p.legions(4, "vindobona", prefix="dn")
    rhine = p.legions(3, "raetia", front="rhine", prefix="rh")
    st = p.state(phase="F")
    for front in ("rhine", "danube"):
        adjust.vexillation_check(st, Outcome(), front)
    assert _reduced(st, *rhine) == rhine  # 3 needed, 3 there: no choice to make
    assert [(d["kind"], d["role"], d["data"]["need"]) for d in st.pending] == [("reduce_legion", "R", 2)]
    _answer(st, "dn3", "dn1")
    assert _reduced(st, *worn) == worn and _reduced(st, *fresh) == ["dn1", "dn3"]


def test_s9_2_3_note_too_few_legions_the_roman_player_withdraws_vexillations() -> None:
    """§9.2.3, note: after a usurpation took legions (now the Enemies'), too few legions of the
    Roman player are left for the vexillations: he withdraws vexillations until they suffice;
    which one is his pick when they differ (the reduced one by default)."""
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    p.unit("v2", "aquincum", front="danube", kind="vexillation", reduced=True)
    mine = p.legions(3, "vindobona")
    p.legions(3, "carnuntum", owner="E", prefix="rebel", usurper="usurper")
    p.leader("usurper", "carnuntum", "E", title="usurper")
    st = p.state(phase="F")
    adjust.vexillation_check(st, Outcome(), "danube")
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"], d["default"]) == ("withdraw_vex", "R", "§9.2.3", "v2")
    assert [c[0] for c in d["choices"]] == ["v1", "v2"]
    _answer(st, "v1")
    assert (st.units["v1"].status, st.units["v2"].status) == ("pool", "map")
    assert _reduced(st, *mine) == mine and st.pending == []


def test_s9_2_3_note_alike_vexillations_are_withdrawn_without_a_question() -> None:
    """§9.2.3, note: two alike vexillations (same zone, same side) and legions for one: one goes,
    nothing to ask, and the three legions turn; with no legion at all, every vexillation goes."""
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    p.unit("v2", "vindobona", front="danube", kind="vexillation")
    legions = p.legions(3, "vindobona")
    st = p.state(phase="F")
    out = Outcome()
    adjust.vexillation_check(st, out, "danube")
    assert (st.units["v1"].status, st.units["v2"].status) == ("map", "pool") and st.pending == []
    assert out.public == ["§9.2.3: V2 is withdrawn (too few legions)."]
    assert _reduced(st, *legions) == legions
    for u in legions:
        st.units[u].status = "eliminated"
    adjust.vexillation_check(st, Outcome(), "danube")
    assert st.units["v1"].status == "pool" and st.pending == []


# -- §9.2.4: Minor Peoples -------------------------------------------------------------------------


def _minor(p: Pos, pid: str = "jazyges") -> ImperatorState:
    st = p.state(phase="F", at_war=[pid])
    st.board.peoples[pid] = replace(st.board.peoples[pid], major=False)
    return st


def test_s9_2_4_a_minor_people_with_every_unit_eliminated_is_pacified_and_not_put_back() -> None:
    """§9.2.4, Minor Peoples, sentences 1-2: every unit eliminated: the People is pacified (1 VP
    to Rome, §10) and its units do not come back on the map."""
    p = Pos(202)
    p.unit("j1", None, "E", people="jazyges", status="eliminated")
    p.unit("j2", None, "E", people="jazyges", status="eliminated")
    st = _minor(p)
    adjust.adjustments(st, Outcome())
    assert "jazyges" not in st.at_war and st.vp["rome"] == 1
    assert [(st.units[u].status, st.units[u].loc) for u in ("j1", "j2")] == [("locked", None)] * 2


def test_s9_2_4_a_minor_people_pacified_by_force_stays_out_five_years() -> None:
    """§9.2.4, Minor Peoples, sentences 3-4 and the Roxolani example: pacified in phase F of 202,
    its units wait on the 208 box and no stratagem may take it to war before 208."""
    p = Pos(202)
    p.unit("j1", None, "E", people="jazyges", status="eliminated")
    st = _minor(p)
    adjust.adjustments(st, Outcome())
    assert st.locked["jazyges"] == 208 and st.units["j1"].back_year == 208
    st.year = 207
    assert stratagems.may_rise(st, "jazyges", False) == "the Jazyges are bound to peace until 208 (§9.2.4)"
    st.year = 208
    assert stratagems.may_rise(st, "jazyges", False) is None


def test_s9_2_4_a_minor_people_with_a_unit_left_stays_at_war() -> None:
    """§9.2.4, Minor Peoples, sentence 5: one unit left on the map, even reduced: still at war, no
    VP."""
    p = Pos()
    p.unit("j1", "germ_n", "E", people="jazyges", reduced=True)
    p.unit("j2", None, "E", people="jazyges", status="eliminated")
    st = _minor(p)
    adjust.adjustments(st, Outcome())
    assert "jazyges" in st.at_war and st.vp["rome"] == 0 and "jazyges" not in st.locked


def test_s9_2_4_a_minor_people_s_reduced_units_recover_at_home_or_in_a_city_only() -> None:
    """§9.2.4, Minor Peoples, sentence 6: units stay where they are; a reduced one turns back to
    normal in one of its home zones or a zone with a city, not elsewhere (a camp is not a city)."""
    p = Pos()
    p.unit("home", "jazyges", "E", people="jazyges", reduced=True)
    p.unit("city", "italia", "E", people="jazyges", reduced=True)
    p.unit("camp", "aquincum", "E", people="jazyges", reduced=True)
    p.unit("wild", "germ_n", "E", people="jazyges", reduced=True)
    st = _minor(p)
    adjust.adjustments(st, Outcome())
    assert [st.units[u].loc for u in ("home", "city", "camp", "wild")] == ["jazyges", "italia", "aquincum", "germ_n"]
    assert _reduced(st, "home", "city", "camp", "wild") == ["camp", "wild"]


def test_s9_2_4_a_minor_people_s_eliminated_units_come_back_home_normal() -> None:
    """§9.2.4, Minor Peoples, sentence 7: a People still at war gets its eliminated units back in
    its home zone, on their normal side."""
    p = Pos()
    p.unit("j1", "germ_n", "E", people="jazyges")
    p.unit("j2", None, "E", people="jazyges", status="eliminated", reduced=True)
    st = _minor(p)
    adjust.adjustments(st, Outcome())
    assert (st.units["j2"].status, st.units["j2"].loc, st.units["j2"].reduced) == ("map", "jazyges", False)


# -- §9.2.4: Major Peoples -------------------------------------------------------------------------


def _generic(p: Pos, lid: str) -> None:
    p.leader_defs[lid] = replace(p.leader_defs[lid], generic=True)


def test_s9_2_4_a_major_people_with_every_unit_eliminated_comes_home_at_peace() -> None:
    """§9.2.4, Major Peoples, sentences 1-3: every unit eliminated: pacified (2 VP, §10); all its
    units and leaders are put back in its home zone by the Enemies, units on their normal side,
    leaders Pax Romana side up, and the People is at peace again."""
    p = Pos(179)
    p.leader("chief", "germ_n", "E", people="quadi")
    p.unit("q1", None, "E", people="quadi", status="eliminated", reduced=True)
    p.unit("q2", None, "E", people="quadi", status="eliminated")
    st = _adjusted(p, at_war=["quadi"])
    assert "quadi" not in st.at_war and st.vp["rome"] == 2
    assert [(st.units[u].status, st.units[u].loc, st.units[u].reduced) for u in ("q1", "q2")] == [("map", "quadi", False)] * 2
    assert (st.leaders["chief"].loc, st.leaders["chief"].pax) == ("quadi", True)


def test_s9_2_4_a_pacified_major_people_s_generic_leader_killed_this_year_comes_back_too() -> None:
    """§9.2.4, Major Peoples, sentence 2: "all" its leaders are put back: a generic leader (§4.1)
    killed this year comes back at once in its home zone, on his Pax Romana side (not in the
    next phase C); a named leader who died stays dead."""
    p = Pos(179)
    p.leader("generic", None, "E", people="quadi")
    _generic(p, "generic")
    p.leader("named", None, "E", people="quadi")
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    st = p.state(phase="F", at_war=["quadi"])
    st.leaders["generic"].status = "returning"
    st.leaders["named"].status = "dead"
    adjust.adjustments(st, Outcome())
    assert (st.leaders["generic"].status, st.leaders["generic"].loc, st.leaders["generic"].pax) == ("map", "quadi", True)
    assert (st.leaders["named"].status, st.leaders["named"].loc) == ("dead", None)


def test_s9_2_4_a_major_people_pacified_by_force_is_out_of_the_cup_five_years() -> None:
    """§9.2.4, Major Peoples, sentences 4-6 and the Quadi example: pacified in 179, the marker
    waits on the 185 box: no war by the draw or by a stratagem before 185."""
    p = Pos(179)
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    st = _adjusted(p, at_war=["quadi"])
    assert st.locked["quadi"] == 185
    st.year = 184
    assert stratagems.may_rise(st, "quadi", True) == "the Quadi are bound to peace until 185 (§9.2.4)"
    st.year = 185
    assert stratagems.may_rise(st, "quadi", True) is None


def test_s9_2_4_a_major_people_at_war_keeps_its_units_where_they_stand() -> None:
    """§9.2.4, Major Peoples, sentence 7: one unit left (reduced): still at war; units stay where
    they are and a reduced one turns normal in a home zone or a city zone only; eliminated ones
    come back home on their normal side."""
    p = Pos()
    p.unit("home", "quadi", "E", people="quadi", reduced=True)
    p.unit("city", "italia", "E", people="quadi", reduced=True)
    p.unit("wild", "germ_n", "E", people="quadi", reduced=True)
    p.unit("dead", None, "E", people="quadi", status="eliminated", reduced=True)
    st = _adjusted(p, at_war=["quadi"])
    assert "quadi" in st.at_war and st.vp["rome"] == 0
    assert [st.units[u].loc for u in ("home", "city", "wild", "dead")] == ["quadi", "italia", "germ_n", "quadi"]
    assert _reduced(st, "home", "city", "wild", "dead") == ["wild"]


def test_s9_2_4_a_major_people_at_war_gets_its_generic_leader_back_in_the_next_phase_c() -> None:
    """§9.2.4, Major Peoples, sentence 8: a generic leader eliminated this year returns in phase
    C of the next turn (§4.1), not in phase F."""
    p = Pos()
    p.leader("generic", None, "E", people="quadi")
    _generic(p, "generic")
    p.unit("q1", "germ_n", "E", people="quadi")
    st = p.state(phase="F", at_war=["quadi"])
    st.leaders["generic"].status = "returning"
    adjust.adjustments(st, Outcome())
    assert (st.leaders["generic"].status, st.leaders["generic"].loc) == ("returning", None)
    st.year += 1
    out = Outcome()
    engine.phase_c(st, out)
    assert (st.leaders["generic"].status, st.leaders["generic"].loc, st.leaders["generic"].pax) == ("map", "germ_n", False)
    assert "§4.1: Generic returns in Germania North." in out.public


# -- §9.2.4: Armenia and the exception -------------------------------------------------------------


def _armenia(p: Pos) -> None:
    p.extra_zones.append(ZoneDef("armenia", "Armenia", peoples=("armenia",)))
    p.extra_edges.append(("armenia", "parthia", 0))


def test_s9_2_4_armenia_keeps_its_side_and_its_unit_comes_back_to_armenia() -> None:
    """§9.2.4, Armenia: the kingdom keeps its status; its unit, eliminated, is put back in the
    Armenia zone, with the side of that status."""
    for side, owner in (("roman", "R"), ("parthian", "E")):
        p = Pos()
        _armenia(p)
        p.unit("arm", None, owner, people="armenia", status="eliminated")
        st = _adjusted(p, armenia=side)
        assert st.armenia == side
        assert (st.units["arm"].status, st.units["arm"].loc, st.units["arm"].owner) == ("map", "armenia", owner)


def test_s9_2_4_exception_a_people_pacified_by_a_stratagem_may_go_to_war_next_year() -> None:
    """§9.2.4, exception: pacified by a stratagem (§6.1), a People is not bound to five years of
    peace and gives no VP: the next year a rising may take it to war again."""
    p = Pos(179)
    p.unit("q1", "germ_n", "E", people="quadi")
    st = p.state(phase="E", at_war=["quadi"])
    stratagems.pacify(st, Outcome(), "quadi")
    assert "quadi" not in st.at_war and "quadi" not in st.locked and st.vp["rome"] == 0
    st.year = 180
    assert stratagems.may_rise(st, "quadi", True) is None
