"""Conformance tests for the political chapters (§3.6 titles and succession, §4.5 usurpation and
civil war, §5 role changes) and the Enemies of Rome's phase C window for rising and usurpation
chits (§2.C, §6.2; docs/rulings.md AMB-11)."""

from __future__ import annotations

from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator import politics, stratagems
from rules.imperator.game import ImperatorGame


def _to_eor_c_step(g: ImperatorGame) -> None:
    """Answer decisions and end Rome's steps until the EoR's phase C step waits."""
    for _ in range(20):
        st = g.state
        if st.phase == "C" and st.active == "E" and not st.pending:
            return
        d = g.pending_decision()
        if d is not None:
            g.apply(d.seat, Command("decide", {"id": d.id, "choice": d.default}))
        else:
            g.apply(g.to_move()[0], Command("end"))
    raise AssertionError("never reached the EoR's phase C step")


def test_eor_phase_c_step_waits_every_year_whatever_the_hand() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "c-window", {})
    _to_eor_c_step(g)
    st = g.state
    eor = st.seat_of("E")
    st.hands[eor] = []  # an empty hand gets the same step: its presence reveals nothing
    assert g.to_move() == [eor]
    assert [a.name for a in g.actions(eor)] == ["end"]
    year = st.year
    g.apply(eor, Command("end"))
    st = g.state
    assert st.phase != "C" or st.active == "R"
    assert st.year == year


def test_rising_chit_played_in_the_eor_c_step() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "c-window", {})
    _to_eor_c_step(g)
    st = g.state
    eor = st.seat_of("E")
    st.hands[eor] = ["soulevement_d_un_peuple_majeur#90"]
    assert "stratagem" in [a.name for a in g.actions(eor)]
    pool = stratagems.rising_targets(st, True)
    g.apply(eor, Command("stratagem", {"id": "soulevement_d_un_peuple_majeur", "peoples": [pool[0]]}))
    st = g.state
    assert pool[0] in st.at_war and st.hands[eor] == []


def test_usurpation_played_in_the_eor_c_step() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus", cp=4)
    p.leader("general", "carnuntum", cp=3)
    p.legions(2, "carnuntum")
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    st = g.state
    st.hands = {"rome": [], "enemies": ["usurpation#90"]}
    script(g, 2)  # 2 <= CP 3: he rebels; then the loyalty tests of his Front (none left)
    g.apply("enemies", Command("usurp", {"leader": "general"}))
    st = g.state
    assert st.leaders["general"].title == "usurper" and st.civil_war
    assert all(st.units[u].owner == "E" for u in ("leg0", "leg1"))
    # the step is still the EoR's until they end it
    while st.pending:
        d = g.pending_decision()
        assert d is not None
        g.apply(d.seat, Command("decide", {"id": d.id, "choice": "none" if d.kind == "spread" else d.default}))
        st = g.state
    assert st.phase == "C" and st.active == "E"
    g.apply("enemies", Command("end"))
    assert g.state.phase == "C" and g.state.active == "R"  # the EoR had the initiative: Rome's step follows


def test_succession_4_usurper_is_another_general() -> None:
    """§3.6 4/, AMB-30: the EoR's usurper is never the general Rome just named Augustus."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("a", "carnuntum").leader("b", "antiochia")
    g = p.game(phase="E", active="R")
    st = g.state
    politics.assign_successor(st, Outcome(), "a")
    assert (st.pending[-1]["kind"], st.pending[-1]["role"]) == ("usurper", "E")
    assert [c[0] for c in st.pending[-1]["choices"]] == ["b"]


def _usurp_pos(*augusti: tuple[str, str, int]) -> Pos:
    p = Pos(175)
    for lid, at, cp in augusti:
        p.leader(lid, at, title="augustus", cp=cp)
    p.legions(2, "carnuntum")
    p.rules["stratagems"] = True
    return p


def test_IMP_094_where_a_usurper_may_stand() -> None:
    p = _usurp_pos(("emperor", "carnuntum", 4))
    p.leader("in_front_with_augustus", "vindobona").leader("interior", "italia").leader("free", "antiochia")
    g = p.game(phase="C", active="E")
    assert stratagems.usurpation_targets(g.state, "usurpation") == ["free"]


def test_IMP_095_usurpation_of_an_augustus() -> None:
    one = _usurp_pos(("emperor", "carnuntum", 4)).game(phase="C", active="E")
    assert stratagems.usurpation_targets(one.state, "usurpation_d_un_augustus") == []
    p = _usurp_pos(("weak", "antiochia", 2), ("strong", "rome", 4))
    g = p.game(phase="C", active="E")
    assert stratagems.usurpation_targets(g.state, "usurpation_d_un_augustus") == ["weak"]
    g.state.hands = {"rome": [], "enemies": ["usurpation_d_un_augustus#90"]}
    script(g, 2)
    g.apply("enemies", Command("usurp", {"leader": "weak"}))
    st = g.state
    assert st.leaders["weak"].title == "usurper" and st.usurper_bonus["weak"] == 2


def test_IMP_096_usurpation_of_a_caesar() -> None:
    p = _usurp_pos(("emperor", "rome", 4))
    p.leader("heir", "antiochia", title="caesar", cp=3)
    g = p.game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation_d_un_caesar#90"]}
    script(g, 3)
    g.apply("enemies", Command("usurp", {"leader": "heir"}))
    st = g.state
    assert st.leaders["heir"].title == "usurper" and st.usurper_bonus["heir"] == 1


def test_IMP_091_minor_people_raised_by_stratagem() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "c-window", {})
    _to_eor_c_step(g)
    st = g.state
    eor = st.seat_of("E")
    st.hands[eor] = ["soulevement_d_un_peuple_mineur#90"]
    assert all(s.status != "map" for u, s in st.units.items() if st.udef(u).people == "cotini")
    g.apply(eor, Command("stratagem", {"id": "soulevement_d_un_peuple_mineur", "peoples": ["cotini"]}))
    st = g.state
    cotini = [s for u, s in st.units.items() if st.udef(u).people == "cotini"]
    assert "cotini" in st.at_war and cotini and all(s.status == "map" and s.loc == "cotini" for s in cotini)
