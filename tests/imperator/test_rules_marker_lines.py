"""§6.3 Mutinerie ("le marqueur ... les suit ... jusqu'à leur élimination") with §6 (a played
chit goes back to the cup) and the project's rule that every change of the map is told: when
the last unit under a Mutinerie marker leaves the map, whatever removes it (plague, event 13, a
battle, a pacification of its People), the marker goes back to the cup AND the public log says
so; a People's unit forced back beyond its five zones (§4.3) and the Armenia unit that may not
retreat (§4.2 note) are eliminated with a line of their own (ruling AMB-78)."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import adjust, combat, fate, stratagems
from rules.imperator.model import ImperatorState, ZoneDef

BACK = "§6: the Mutinerie marker leaves the map and goes back to the cup."


def _mutiny(at: str, *, people: str = "roman", owner: str = "R", reduced: bool = True, others: int = 0) -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("mut", at, "M", people=people, reduced=reduced)
    for i in range(others):
        p.unit(f"mut{i}", at, "M", people=people)
    p.rules["stratagems"] = True
    p.kw["chits_on_map"] = {"mutinerie#1": at}
    p.kw["map_chit_side"] = {"mutinerie#1": "E" if owner == "R" else "R"}
    return p


def _mark(st: ImperatorState, owner: str = "R") -> None:
    for us in st.units.values():
        if us.owner == "M":
            us.mutiny, us.mutineer_of = "mutinerie#1", owner


def test_amb_78_plague_removing_the_last_mutineer_sends_the_marker_back_with_a_line() -> None:
    """§6.3 Foyer de peste on a reduced mutinous legion: it leaves play for the turn (AMB-34),
    is its owner's again, and the marker goes back to the cup, told after the plague's line."""
    st = _mutiny("vindobona").state(phase="E")
    _mark(st)
    st.hands = {"rome": [], "enemies": ["foyer_de_peste#1"]}
    st.cup = []
    out = Outcome()
    stratagems.play(st, out, "enemies", {"id": "foyer_de_peste", "zone": "vindobona"})
    us = st.units["mut"]
    assert (us.status, us.owner, us.mutiny, us.mutineer_of) == ("removed", "R", None, None)
    assert (st.chits_on_map, st.cup) == ({"foyer_de_peste#1": "vindobona"}, ["mutinerie#1"])
    assert out.public == ["§6: enemies plays Foyer de peste.", "§6.3: the plague strikes Vindobona.",
                          "§6.3: Mut, already reduced, leaves the map for the turn.", BACK]


def test_amb_78_the_marker_stays_while_one_mutineer_is_left() -> None:
    """§6.3: the marker follows its units until they are eliminated: one eliminated out of two
    leaves it on the map, with no line about it."""
    st = _mutiny("vindobona", others=1).state(phase="E")
    _mark(st)
    out = Outcome()
    combat.eliminate(st, "mut", out)
    assert (st.chits_on_map, st.units["mut0"].mutiny, out.public) == ({"mutinerie#1": "vindobona"}, "mutinerie#1", [])
    combat.eliminate(st, "mut0", out)
    assert (st.chits_on_map, st.cup, out.public) == ({}, ["mutinerie#1"], [BACK])


def test_amb_78_event_13_removing_a_mutinous_unit_sends_the_marker_back_with_a_line() -> None:
    """Event 13 (plague in the East): a reduced mutinous Parthian unit in its home zone leaves
    play for the turn; it used to keep its mutiny and leave the marker on the map for ever."""
    st = _mutiny("parthia", people="parthians", owner="E").state(phase="D")
    _mark(st, "E")
    st.cup = []
    out = Outcome()
    fate.apply_event(st, out, 13)
    us = st.units["mut"]
    assert (us.status, us.owner, us.mutiny) == ("removed", "E", None)
    assert (st.chits_on_map, st.cup) == ({}, ["mutinerie#1"])
    assert out.public[-1] == BACK


def test_amb_79_pacifying_a_major_people_ends_its_units_mutiny_with_a_line() -> None:
    """§6.1 Pacification d'un Peuple majeur takes every unit of the People home, wherever it
    stands (ruling AMB-79): its mutinous units go home as its own again (they used to stay the
    mutineers' with no marker left), and the marker goes back to the cup with a line."""
    st = _mutiny("cyrrhus", people="parthians", owner="E", reduced=False).state(phase="E")
    _mark(st, "E")
    st.at_war = ["parthians"]
    st.cup = []
    out = Outcome()
    stratagems.pacify(st, out, "parthians")
    us = st.units["mut"]
    assert (us.status, us.loc, us.owner, us.mutiny) == ("map", "parthia", "E", None)
    assert (st.chits_on_map, st.cup) == ({}, ["mutinerie#1"])
    assert out.public == [BACK, "§6.1: the Parthians make peace with Rome.",
                          "§6.1: 1 counter goes back: Mut (Cyrrhus → Parthia)."]  # AMB-94


def test_amb_78_a_people_unit_beaten_beyond_its_five_zones_is_eliminated_with_a_line() -> None:
    """§4.3: a Jazyges unit forced back more than 5 zones from its home is eliminated; the log
    says so (it used to read only that the unit retreated)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    chain = ["ravenna", "far1", "far2", "far"]  # Jazyges -> Italia -> Roma -> Ravenna: 3 steps
    for i, zone in enumerate(chain[1:], start=1):
        p.extra_zones.append(ZoneDef(zone, "Far Away" if zone == "far" else zone.title(), front="interior"))
        p.extra_edges.append((chain[i - 1], zone, 0))
    p.unit("jaz", "far2", "E", people="jazyges")
    st = p.state(phase="E")
    st.at_war = ["jazyges"]
    out = Outcome()
    combat.do_retreat(st, out, "far2", "E", "far")
    assert (st.units["jaz"].status, st.units["jaz"].loc) == ("eliminated", None)
    assert out.public[:3] == ["§8.3: the beaten force retreats to Far Away.",
                              "§8.3: Jaz retreats from Far2 to Far Away.",  # its own line (AMB-109)
                              "§4.3: Jaz is eliminated: Far Away is more than 5 zones from its home."]


def test_amb_78_phase_f_tells_every_counter_it_moves_reduces_or_dissolves() -> None:
    """§9.2.2 in the log: a legion going back to its camp, one that stays by the enemy in a zone
    with no camp, city or port and turns to its reduced side, and a reduced vexillation in such
    a zone dissolved; each used to change with no line (only rebuilt and restored counters had
    one)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.extra_zones.append(ZoneDef("limes", "Limes", front="danube"))
    p.extra_edges += [("aquincum", "limes", 0), ("limes", "jazyges", 0)]
    p.unit("homer", "carnuntum", home="vindobona")
    p.unit("guard", "limes", home="vindobona")
    p.unit("vex", "limes", kind="vexillation", reduced=True)
    p.unit("foe", "jazyges", "E", people="jazyges")
    st = p.state(phase="F")
    st.at_war = ["jazyges"]
    out = Outcome()
    adjust.adjustments(st, out)
    assert [(u, st.units[u].status, st.units[u].loc, st.units[u].reduced) for u in ("homer", "guard", "vex")] == [
        ("homer", "map", "vindobona", False), ("guard", "map", "limes", True), ("vex", "pool", None, False)]
    assert out.public == [
        "§9.2.2: Vex, already reduced in a zone with no camp or city, is dissolved.",
        "§9.2: 1 counter goes back: Homer (Carnuntum → Vindobona).",
        "§9.2: 1 counter turns to its reduced side: Guard (Limes).",
    ]


def test_amb_78_the_mutinerie_marker_follows_its_retreating_units_with_a_line() -> None:
    """§6.3: the marker follows its units in their retreat; the move is told once, and a marker
    already with its units stays put silently."""
    st = _mutiny("vindobona").state(phase="E")
    _mark(st)
    out = Outcome()
    stratagems.mutiny_follow(st, out)
    assert (st.chits_on_map, out.public) == ({"mutinerie#1": "vindobona"}, [])
    st.units["mut"].loc = "italia"
    stratagems.mutiny_follow(st, out)
    stratagems.mutiny_follow(st, out)
    assert (st.chits_on_map, out.public) == ({"mutinerie#1": "italia"},
                                             ["§6.3: the Mutinerie marker follows its units to Italia."])
