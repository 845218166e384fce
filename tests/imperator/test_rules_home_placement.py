"""Ruling AMB-96 (§4.4, §9.2.4, §6.1): a People's pieces put "in its home zones" are placed by the
Enemies of Rome, who control them, one ``place_pieces`` decision per piece when the People has
more than one home zone, on every path: war by the draw or by a stratagem (§4.4), units locked
out coming back in phase C (§9.2.4), units lost during the turn coming back in phase F (§9.2.4),
pacification (§6.1). Each unit a People puts on the map going to war has its own line."""

from __future__ import annotations

from rules.core.command import Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, engine, stratagems
from rules.imperator.model import ImperatorState

OSRHOENE_HOME = [["osrhoene", "Osrhoene"], ["rhesaenna", "Rhesaenna"]]


def _campaign() -> ImperatorState:
    st = adapter.initial_state("campaign", Dice("peoples"), {})
    st.phase = "C"
    return st


def _placements(st: ImperatorState) -> list[tuple[str, str, list[str], list[list[str]], str, str]]:
    return [(d["kind"], d["role"], d["data"]["pieces"], d["choices"], d["default"], d["section"]) for d in st.pending]


def test_amb_96_a_minor_people_going_to_war_asks_the_enemies_where_each_unit_goes() -> None:
    """§4.4: the Osrhoene (two home zones) go to war; each of their two units comes in on its full
    side, by default one per home zone in map order, and the Enemies of Rome pick each unit's
    zone; each unit has its own line after the war's."""
    st = _campaign()
    out = Outcome()
    engine.declare_war(st, out, "osrhoene")
    assert [(st.units[u].status, st.units[u].loc, st.units[u].owner, st.units[u].reduced)
            for u in ("osrhoene_1", "osrhoene_2")] == [("map", "osrhoene", "E", False), ("map", "rhesaenna", "E", False)]
    assert _placements(st) == [
        ("place_pieces", "E", ["osrhoene_1"], OSRHOENE_HOME, "osrhoene", "§4.4"),
        ("place_pieces", "E", ["osrhoene_2"], OSRHOENE_HOME, "rhesaenna", "§4.4"),
    ]
    assert out.public == ["§4.4: the Osrhoene go to war against Rome.",
                          "§4.4: Osrhoene enters play in Osrhoene.",
                          "§4.4: Osrhoene enters play in Rhesaenna."]


def test_amb_96_the_enemies_answer_moves_the_unit_to_the_home_zone_they_pick() -> None:
    """§4.4: the Enemies keep the first unit where it is and put the second in Osrhoene too; the
    answer moves it and says so."""
    st = _campaign()
    engine.declare_war(st, Outcome(), "osrhoene")
    engine.decide(st, Outcome(), "E", "", "osrhoene")
    out = Outcome()
    engine.decide(st, out, "E", "", "osrhoene")
    assert (st.units["osrhoene_1"].loc, st.units["osrhoene_2"].loc, st.pending) == ("osrhoene", "osrhoene", [])
    assert out.public == ["§4.4: Osrhoene placed in Osrhoene."]


def test_amb_96_a_rising_by_stratagem_goes_through_the_same_decision() -> None:
    """§4.4 second case, §6.2: the Adiabene raised by a stratagem: the same one decision per unit
    over their two home zones (Adiabene, Singara)."""
    st = _campaign()
    st.year = 170
    stratagems._rising(st, Outcome(), "E", {"peoples": ["adiabene"]}, "soulevement_d_un_peuple_mineur")
    assert _placements(st) == [
        ("place_pieces", "E", ["adiabene_1"], [["adiabene", "Adiabene"], ["singara", "Singara"]], "adiabene", "§4.4"),
        ("place_pieces", "E", ["adiabene_2"], [["adiabene", "Adiabene"], ["singara", "Singara"]], "singara", "§4.4"),
    ]


def test_amb_96_locked_units_due_back_in_phase_c_are_placed_by_the_enemies() -> None:
    """§9.2.4 with §4.4: the Osrhoene at war, their units locked out until this year, come back
    in phase C through the same decision, each with its line."""
    st = _campaign()
    st.at_war.append("osrhoene")
    for u in ("osrhoene_1", "osrhoene_2"):
        st.units[u].status, st.units[u].back_year = "locked", st.year
    out = Outcome()
    stratagems.deploy_people(st, out, "osrhoene")
    assert [d["data"]["pieces"] for d in st.pending] == [["osrhoene_1"], ["osrhoene_2"]]
    assert out.public == ["§4.4: Osrhoene enters play in Osrhoene.", "§4.4: Osrhoene enters play in Rhesaenna."]


def test_amb_96_parthians_lost_during_the_turn_come_back_where_the_enemies_pick() -> None:
    """§9.2.4: a Parthian unit eliminated during the turn, its People still at war, comes back in
    one of the six Parthian home zones, picked by the Enemies (the phase F path)."""
    from rules.imperator import adjust

    st = _campaign()
    st.units["parthians_1"].status, st.units["parthians_1"].loc = "eliminated", None
    adjust.restore_people(st, Outcome(), "parthians")
    [dec] = [d for d in st.pending if d["data"].get("pieces") == ["parthians_1"]]
    assert (dec["role"], [c[0] for c in dec["choices"]], dec["section"]) == (
        "E", ["atropatene", "ctesiphon", "elymais", "media", "mesene", "persis"], "§9.2.4")


def test_amb_96_a_pacified_major_people_s_pieces_go_home_where_the_enemies_pick() -> None:
    """§6.1 (and §9.2.4's pacification by force, the same function): the Parthians make peace;
    each of their units and leaders on the map goes to one of their six home zones through the
    same decision, the Enemies of Rome answering, citing §6.1."""
    st = _campaign()
    stratagems.pacify(st, Outcome(), "parthians")
    pieces = [d["data"]["pieces"][0] for d in st.pending]
    assert [u for u in pieces if u.startswith("parthians_")] == [f"parthians_{i}" for i in range(1, 9)]
    assert {(d["kind"], d["role"], d["section"], tuple(c[0] for c in d["choices"])) for d in st.pending} == {
        ("place_pieces", "E", "§6.1", ("atropatene", "ctesiphon", "elymais", "media", "mesene", "persis"))}
