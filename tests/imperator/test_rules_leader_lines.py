"""Every leader an adjustment moves, brings back or removes gets a public line (ruling AMB-94,
extending AMB-78 from units to leaders and markers): §9.2.2 (leaders following a vexillation or
a legion home from outside the Empire), §9.2.4 (a People pacified by force: its leaders go home,
a generic leader killed this year comes back), §6.1 (a Major People pacified by a stratagem),
§3.6 (the Corporis Custodes leaving a holder who lost his title). Before, only units had lines;
leaders moved silently. The answers of the §2.C, §9.2.2 and §9.2.3 decisions and §5's removal of
the former emperor are checked in ``test_mut_engine.py`` and ``test_mut_politics.py``."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.errors import NotYetSupported
from rules.imperator import adjust, engine, politics, stratagems
from rules.imperator.model import LeaderDef, ZoneDef


def _rome() -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    return p


def test_amb_94_a_leader_following_a_vexillation_home_has_a_line() -> None:
    """§9.2.2 exception: a vexillation outside the Empire goes to the nearest camp and the leaders
    with it follow it; the leader's move is told next to the unit's."""
    p = _rome()
    p.unit("vex", "quadi", kind="vexillation")
    p.legions(3, "vindobona", reduced=True)  # §9.2.3: enough reduced legions to keep it
    p.leader("gen", "quadi")
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.units["vex"].loc, st.leaders["gen"].loc) == ("carnuntum", "carnuntum")
    assert out.public == ["§9.2: 1 counter goes back: Vex (Quadi → Carnuntum).",
                          "§9.2: 1 leader goes back: Gen (Quadi → Carnuntum)."]


def test_amb_94_a_leader_going_home_with_his_legion_has_a_line() -> None:
    """§9.2.2: a legion of the Roman player outside the Empire goes to its camp, reduced; the
    leader with it goes with it (one unit: no choice to make)."""
    p = _rome()
    p.unit("leg", "quadi", home="vindobona")
    p.leader("gen", "quadi")
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.units["leg"].loc, st.units["leg"].reduced, st.leaders["gen"].loc, st.pending) == (
        "vindobona", True, "vindobona", [])
    assert out.public == ["§9.2: 1 counter goes back: Leg (Quadi → Vindobona).",
                          "§9.2: 1 leader goes back: Gen (Quadi → Vindobona).",
                          "§9.2: 1 counter turns to its reduced side: Leg (Vindobona)."]


def test_amb_94_a_people_pacified_by_force_sends_its_leaders_home_with_lines() -> None:
    """§9.2.4: every unit of a Major People eliminated: the People is pacified, its units and its
    leaders go home (Pax Romana face); a generic leader killed this year comes back on the map
    too. Each leader's move or return is told."""
    p = _rome()
    p.unit("q1", None, "E", people="quadi", status="eliminated", home="quadi")
    p.leader("chief", "germ_far", "E", people="quadi")
    p.leader("band", None, "E", people="quadi")
    p.leaders["band"].status = "returning"
    st = p.state(phase="F")
    object.__setattr__(st.board, "leaders", {**st.board.leaders, "band": LeaderDef(
        "band", "Band", "quadi", 2, 1, 0, 2, generic=True)})
    st.at_war = ["quadi"]
    out = Outcome()
    adjust.adjustments(st, out)
    assert [(x, st.leaders[x].status, st.leaders[x].loc, st.leaders[x].pax) for x in ("band", "chief")] == [
        ("band", "map", "quadi", True), ("chief", "map", "quadi", True)]
    assert out.public == ["§9.2.4: the Quadi are pacified by force; 2 VP to rome.",
                          "§9.2: 1 leader goes back: Chief (Germania Far → Quadi).",
                          "§9.2: 1 counter rebuilt: Q1 (Quadi, full).",
                          "§9.2: 1 leader comes back on the map: Band (Quadi)."]


def test_amb_94_a_major_people_pacified_by_a_stratagem_tells_its_leaders_going_home() -> None:
    """§6.1 Pacification d'un Peuple majeur: the Parthians' king standing in the Empire goes home
    with the units; the peace line comes first, then each move."""
    p = _rome()
    p.unit("cat", "cyrrhus", "E", people="parthians")
    p.leader("king", "cyrrhus", "E", people="parthians")
    st = p.state(phase="E")
    st.at_war = ["parthians"]
    out = Outcome()
    stratagems.pacify(st, out, "parthians")
    assert (st.units["cat"].loc, st.leaders["king"].loc, st.leaders["king"].pax) == ("parthia", "parthia", True)
    assert out.public == ["§6.1: the Parthians make peace with Rome.",
                          "§6.1: 1 counter goes back: Cat (Cyrrhus → Parthia).",
                          "§6.1: 1 leader goes back: King (Cyrrhus → Parthia)."]


def test_amb_94_the_custodes_leaving_a_living_holder_with_no_heir_have_a_line() -> None:
    """§3.6: the marker stays with an Augustus or Caesar of Rome; its holder, alive but no longer
    one (he joined a usurper), loses it in phase F, and with nobody to take it the log says so."""
    p = Pos()
    p.leader("was", "antiochia", "E", rebel=True)
    st = p.state(phase="F", custodes="was")
    out = Outcome()
    engine.reassign_custodes(st, out)
    assert (st.custodes, out.public) == (
        None, ["§3.6: the Corporis Custodes leave Was: Rome has no Augustus or Caesar to hold them."])


def test_amb_94_a_dead_usurper_s_troops_going_back_in_a_double_usurpation_have_a_line() -> None:
    """§4.5: a usurper with no general following him dies while another usurpation goes on: his
    legions are the emperor's again, told (the civil war's end had the only line before)."""
    p = _rome()
    p.leader("u1", None, "E", title=None).leader("u2", "carnuntum", "E", title="usurper")
    p.leaders["u1"].status = "dead"
    p.unit("leg_o", "emesa", "E", front="orient", usurper="u1")
    st = p.state()
    out = Outcome()
    politics.usurper_lost(st, out, "u1")
    assert (st.units["leg_o"].owner, st.civil_war, out.public) == (
        "R", True, ["§4.5: the troops of U1 return to the emperor; the other usurpation goes on."])


@pytest.mark.parametrize("path", ["pacified_by_force", "stratagem", "plague_return", "war"])
def test_amb_95_a_people_with_no_home_zone_is_refused_on_every_path_citing_4_1(path: str) -> None:
    """§4.1: every People has one or more home zones (the data validator refuses a People with
    none). A board that has one anyway is refused, citing §4.1, by every path that places the
    People's pieces at home: pacification by force (§9.2.4), by a stratagem (§6.1), units back
    from the plague (§9.2.4, AMB-77) and a war (§4.4). Before, the pieces were left nowhere."""
    p = _rome()
    p.extra_zones.append(ZoneDef("germ_w", "Germania West", limited=True))
    p.extra_edges.append(("germ_w", "germ_n", 0))
    p.unit("q1", "germ_w" if path == "stratagem" else None, "E", people="quadi",
           status="map" if path == "stratagem" else "removed" if path == "plague_return" else "eliminated")
    p.leader("chief", "germ_w", "E", people="quadi")
    st = p.state(phase="F" if path != "war" else "C")
    object.__setattr__(st.board, "zones", {z: zd for z, zd in st.board.zones.items() if z != "quadi"})
    st.at_war = [] if path in ("plague_return", "war") else ["quadi"]
    with pytest.raises(NotYetSupported) as err:
        if path == "stratagem":
            stratagems.pacify(st, Outcome(), "quadi")
        elif path == "war":
            engine.declare_war(st, Outcome(), "quadi")
        else:
            adjust.adjustments(st, Outcome())
    assert (err.value.section, str(err.value.message)) == (
        "§4.1", "not yet supported (§4.1): the Quadi have no home zone on this map; every People needs at least one")
