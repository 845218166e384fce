"""§8.1 evasion, §8.3 retreat and §6.3 Fuite opportune obey one set of constraints (AMB-24,
re-decided: Reserve Front limits bar a retreat too); each evading leader takes his own CC of
units; the evading player picks the zone (docs/rulings.md, "Evasion, retreat and Fuite
opportune")."""

from __future__ import annotations

from imperator_builder import Pos, script

from rules.core.command import Command
from rules.imperator import combat
from rules.imperator.game import ImperatorGame


def _attacked(p: Pos) -> ImperatorGame:
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    return g


def _defenders(p: Pos, *leaders: tuple[str, int, int], units: int = 4) -> Pos:
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    p.legions(3, "aquincum", prefix="k")
    for lid, vs, cc in leaders:
        p.leader(lid, "carnuntum", "E", people="quadi", vs=vs, cc=cc)
    for i in range(units):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    p.kw["at_war"] = ["quadi"]
    return p


def test_each_evading_leader_takes_his_own_cc() -> None:
    g = _attacked(_defenders(Pos(), ("chief", 3, 2), ("second", 2, 1)))
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    script(g, 1)
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    for _i in range(3):  # 2 + 1 units, each picked by the Enemies (the default, strongest first)
        which = g.pending_decision()
        assert which is not None and (which.kind, which.seat, which.section) == ("evade_unit", "enemies", "§8.1")
        g.apply("enemies", Command("decide", {"id": which.id, "choice": which.default}))
    to = g.pending_decision()
    assert to is not None and to.kind == "evade_to"
    script(g, 6)
    out = g.apply("enemies", Command("decide", {"id": to.id, "choice": "noricum"}))
    st = g.state
    gone = [u for u in ("q0", "q1", "q2", "q3") if st.units[u].loc == "noricum"]
    assert gone == ["q0", "q1", "q2"]  # 2 + 1 units, the strongest by default
    assert st.leaders["chief"].loc == st.leaders["second"].loc == "noricum"
    assert [r.natural for r in out.rolls if "§8.2 battle" in r.purpose] == [6]  # q3 stayed and fought


def test_the_evading_player_picks_which_units_go() -> None:
    """§8.1: the leaders take as many units as their CCs allow (2 + 1), but which ones is the
    evading player's choice: he leaves the strongest, Q0, behind to fight."""
    g = _attacked(_defenders(Pos(), ("chief", 3, 2), ("second", 2, 1)))
    d = g.pending_decision()
    assert d is not None
    script(g, 1)
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    offered = []
    for pick in ("q3", "q1", "q2"):
        which = g.pending_decision()
        assert which is not None and (which.kind, which.section) == ("evade_unit", "§8.1")
        offered.append([c.value for c in which.choices])
        g.apply("enemies", Command("decide", {"id": which.id, "choice": pick}))
    assert offered == [["q0", "q1", "q2", "q3"], ["q0", "q1", "q2"], ["q0", "q2"]]
    to = g.pending_decision()
    assert to is not None and to.kind == "evade_to"
    script(g, 6)
    g.apply("enemies", Command("decide", {"id": to.id, "choice": "noricum"}))
    st = g.state
    assert [u for u in ("q0", "q1", "q2", "q3") if st.units[u].loc == "noricum"] == ["q1", "q2", "q3"]
    assert st.units["q0"].loc != "noricum"  # it stayed and fought


def test_no_unit_pick_when_the_cc_takes_them_all() -> None:
    """§8.1: with CC 4 for 4 units there is nothing to choose: the destination is asked at once."""
    g = _attacked(_defenders(Pos(), ("chief", 3, 4)))
    d = g.pending_decision()
    assert d is not None
    script(g, 1)
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    to = g.pending_decision()
    assert to is not None and (to.kind, to.section) == ("evade_to", "§8.1")
    assert g.state.pending[0]["data"]["units"] == ["q0", "q1", "q2", "q3"]


def test_the_evading_player_picks_the_zone() -> None:
    g = _attacked(_defenders(Pos(), ("chief", 3, 4)))
    d = g.pending_decision()
    assert d is not None
    script(g, 1)
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    to = g.pending_decision()
    assert to is not None and (to.seat, to.section) == ("enemies", "§8.1")
    assert [c.value for c in to.choices] == ["noricum", "quadi"]
    g.apply("enemies", Command("decide", {"id": to.id, "choice": "noricum"}))
    assert g.state.leaders["chief"].loc == "noricum" and g.state.units["q3"].loc == "noricum"


def test_evasion_never_into_a_stack_the_enemies_may_not_form() -> None:  # §8.1 with §4.2
    p = _defenders(Pos(), ("chief", 3, 4))
    p.unit("parth", "noricum", "E", people="parthians")
    g = _attacked(p)
    st = g.state
    assert combat.evasion_zones(st, "carnuntum", "E", ["chief"], ["q0"]) == ["quadi"]


def test_evasion_never_where_the_attackers_came_from_nor_into_enemies() -> None:
    p = _defenders(Pos(), ("chief", 3, 4))
    p.unit("blocker", "noricum")
    g = _attacked(p)
    assert combat.evasion_zones(g.state, "carnuntum", "E", ["chief"], ["q0"]) == ["quadi"]


def _beaten_legion(reserve: list[str]) -> ImperatorGame:
    """A Danube legion beaten in Vindobona whose only enemy-free neighbour is Italia (interior)."""
    p = Pos()
    p.unit("leg", "vindobona", pf=4)
    for z in ("carnuntum", "aquincum"):
        p.unit(f"foe_{z}", z, "E", people="quadi")
    for i in range(3):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10)
    p.legions(3, "raetia", front="rhine", prefix="keep")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", sub="combat", reserve_fronts=reserve)
    script(g, 6)  # 30 against 4 (4/1), row 6: R/A, the legion is beaten
    g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    return g


def test_reserve_front_limits_bar_a_retreat() -> None:  # §8.3 with §3.3 (AMB-24 re-decided)
    g = _beaten_legion([])
    st = g.state
    assert st.units["leg"].status == "eliminated"


def test_a_reserve_front_legion_may_retreat_out_of_its_front() -> None:
    g = _beaten_legion(["danube"])
    st = g.state
    assert (st.units["leg"].status, st.units["leg"].loc) == ("map", "italia")


def test_fuite_opportune_keeps_the_stacking_rules() -> None:  # §6.3
    p = _defenders(Pos(), ("chief", 3, 4))
    p.unit("parth", "noricum", "E", people="parthians")
    st = p.state()
    assert combat.fuite_zones(st, "carnuntum", "E") == ["quadi"]  # Noricum holds Parthians (§4.2)
    del st.units["parth"]
    assert combat.fuite_zones(st, "carnuntum", "E") == ["noricum", "quadi"]


def _fuite_window(p: Pos) -> ImperatorGame:
    """The Enemies, attacked in Carnuntum, stand (no evasion) and hold Fuite opportune."""
    g = _attacked(p)
    st = g.state
    st.rules["stratagems"] = True
    for s in st.roles:
        st.hands.setdefault(s, [])
    st.hands["enemies"].append("fuite_opportune#90")
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
    w = g.pending_decision()
    assert w is not None and (w.kind, w.seat) == ("bstrat", "enemies")
    assert "fuite_opportune@noricum" in [c.value for c in w.choices]
    g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@noricum"}))
    return g


def test_fuite_opportune_the_player_picks_which_units_go() -> None:
    """§6.3 Fuite opportune moves the force "en respectant les contraintes ... de mouvement": its
    leaders take their CCs of units (2 + 1 of 4), and which ones is the player's choice, asked
    one at a time as for an evasion (§8.1): he leaves the strongest, Q0, behind."""
    g = _fuite_window(_defenders(Pos(), ("chief", 3, 2), ("second", 2, 1)))
    offered = []
    for pick in ("q3", "q1", "q2"):
        which = g.pending_decision()
        assert which is not None and (which.kind, which.seat, which.section) == ("evade_unit", "enemies", "§6.3")
        assert which.prompt.startswith("§6.3: Fuite opportune; pick a unit")
        offered.append([c.value for c in which.choices])
        g.apply("enemies", Command("decide", {"id": which.id, "choice": pick}))
    assert offered == [["q0", "q1", "q2", "q3"], ["q0", "q1", "q2"], ["q0", "q2"]]
    st = g.state
    assert [u for u in ("q0", "q1", "q2", "q3") if st.units[u].loc == "noricum"] == ["q1", "q2", "q3"]
    assert st.units["q0"].loc == "carnuntum"
    assert st.leaders["chief"].loc == st.leaders["second"].loc == "noricum"
    assert g.state.hands["enemies"] == []


def test_fuite_opportune_default_takes_the_strongest() -> None:
    """§6.3: the default pick of each unit is the strongest left, as for an evasion."""
    g = _fuite_window(_defenders(Pos(), ("chief", 3, 2), ("second", 2, 1)))
    for _i in range(3):
        which = g.pending_decision()
        assert which is not None and (which.kind, which.section) == ("evade_unit", "§6.3")
        g.apply("enemies", Command("decide", {"id": which.id, "choice": which.default}))
    st = g.state
    assert [u for u in ("q0", "q1", "q2", "q3") if st.units[u].loc == "noricum"] == ["q0", "q1", "q2"]
    after = g.pending_decision()  # Q3 stayed: its battle's chit window (ruling "what stays behind fights")
    assert after is not None and (after.kind, after.section) == ("bstrat", "§6")


def test_fuite_opportune_asks_nothing_when_the_cc_takes_every_unit() -> None:
    """§6.3: with CC 4 for 4 units nothing is asked: the whole force goes."""
    g = _fuite_window(_defenders(Pos(), ("chief", 3, 4)))
    st = g.state
    assert g.pending_decision() is None
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "q3")] == ["noricum"] * 4
