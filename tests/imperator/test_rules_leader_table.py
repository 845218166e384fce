"""The Leader Arrival and Death table in play (§2.C arrivals, §2.D deaths, AMB-31): who enters,
when, where and on which side; the death roll, its record and its line. Values and sections are
checked whole, so a changed zone, side, message or decision field is noticed
(docs/development.md, "Mutation testing", rules/imperator/fate.py)."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, engine, fate, tables
from rules.imperator.model import ImperatorState
from rules.imperator.politics import name


def _campaign(year: int) -> ImperatorState:
    st = adapter.initial_state("campaign", Dice("leader-table"), {})
    st.year = year
    st.phase = "C"
    return st


def _zones(st: ImperatorState, role: str, people: str) -> list[str]:
    """Zones holding a unit of ``people`` on the map owned by ``role`` (computed independently)."""
    return sorted({str(s.loc) for u, s in st.units.items()
                   if s.status == "map" and s.loc and s.owner == role and st.udef(u).people == people})


def _entering(year: int) -> list[str]:
    return sorted(r.id for r in tables.leader_rows() if r.entry == year)


def test_leader_table_roman_leaders_enter_in_their_entry_year_only() -> None:
    """§2.C with the Leader table: in 169 exactly the five leaders of that entry year enter,
    Roman, not on their Pax side; in 168 and 170 none of them does."""
    for year in (168, 170):
        st = _campaign(year)
        fate.arrivals(st, Outcome())
        assert [x for x in _entering(169) if st.leaders[x].status != "out"] == []
    st = _campaign(169)
    out = Outcome()
    fate.arrivals(st, out)
    entered = sorted(x for x in st.leaders if st.leaders[x].status == "map" and x in {r.id for r in tables.leader_rows()}
                     and st.leaders[x].loc is not None and _campaign(161).leaders[x].status == "out")
    assert entered == _entering(169) == ["basseus_rufus", "claudius_pompeianus", "helvius_pertinax",
                                         "macrinus_vindex", "tarrutienus_paternus"]
    assert all((st.leaders[x].owner, st.leaders[x].pax) == ("R", False) for x in entered)
    assert out.map_changed is True


def test_leader_table_an_entering_leader_stands_with_a_unit_of_his_side_and_rome_picks_which() -> None:
    """§2.C: the leader enters with a Roman unit of the Roman player (never a usurper's Roman unit
    nor the Armenian unit Rome holds); with several such zones the Roman player picks (a
    ``place`` decision, §2.C), the first zone by default; the line names the zone he stands in."""
    st = _campaign(169)
    zones = _zones(st, "R", "roman")
    assert len(zones) > 1
    arm = next(u for u in st.units if st.udef(u).people == "armenia")
    st.units[arm].owner, st.units[arm].status, st.units[arm].loc = "R", "map", "armenia"
    lost = next(u for u, s in st.units.items() if st.udef(u).people == "roman" and s.status == "map")
    st.units[lost].status, st.units[lost].loc = "eliminated", None  # off the map: no zone
    zones = _zones(st, "R", "roman")
    assert "armenia" not in zones
    out = Outcome()
    fate.arrivals(st, out)
    lid = "tarrutienus_paternus"
    assert st.leaders[lid].loc == zones[0]
    assert f"Leader table: Tarrutienus Paternus enters play in {name(st, zones[0])}." in out.public
    dec = next(d for d in st.pending if d["data"] == {"leader": lid})
    assert (dec["kind"], dec["role"], dec["section"], dec["default"]) == ("place", "R", "§2.C", zones[0])
    assert dec["prompt"] == "§2.C: where does Tarrutienus Paternus enter (with a friendly unit)?"
    assert dec["choices"] == [[z, name(st, z)] for z in zones]
    while st.pending[0]["data"] != {"leader": lid}:
        d = st.pending[0]
        engine.decide(st, Outcome(), d["role"], d["id"], d["default"])
    engine.decide(st, Outcome(), "R", st.pending[0]["id"], zones[-1])
    assert st.leaders[lid].loc == zones[-1]


def test_leader_table_a_usurper_s_roman_units_are_no_place_to_enter() -> None:
    """§2.C: Roman units held by the Enemies (a usurper's) do not receive a Roman leader: with
    Rome's own units in one zone only, he enters there without a question."""
    st = _campaign(169)
    keep = _zones(st, "R", "roman")[0]
    for u, s in st.units.items():
        if st.udef(u).people == "roman" and s.status == "map" and s.loc != keep:
            s.owner = "E"
    fate.arrivals(st, Outcome())
    assert st.leaders["tarrutienus_paternus"].loc == keep
    assert [d for d in st.pending if d["data"] == {"leader": "tarrutienus_paternus"}] == []


def test_leader_table_a_parthian_king_enters_with_parthian_units_on_his_peace_side_unless_at_war() -> None:
    """Leader table mark (b): Vologèse IV enters the year after Vologèse III dies, as a leader of
    the Enemies, with a Parthian unit (not another People's), on his Pax Romana side while the
    Parthians are at peace and on his war side while they are at war."""
    for at_war in (False, True):
        st = _campaign(171)
        st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
        st.rules.setdefault("died", {})["vologese_iii"] = 170
        st.at_war = ["parthians"] if at_war else []
        zones = _zones(st, "E", "parthians")
        out = Outcome()
        fate.arrivals(st, out)
        ls = st.leaders["vologese_iv"]
        assert (ls.status, ls.owner, ls.loc, ls.pax) == ("map", "E", zones[0], not at_war)
        assert f"Leader table: Vologèse IV enters play in {name(st, zones[0])}." in out.public


def test_leader_table_a_successor_waits_for_the_record_of_his_predecessor_s_death() -> None:
    """Leader table marks (b), (c): the successor enters the year after the recorded death; a
    predecessor dead with no year recorded (no table death this game) brings nobody."""
    st = _campaign(171)
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.pop("died", None)
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].status == "out"


def test_leader_table_a_leader_enters_in_his_automatic_death_year_but_not_after() -> None:
    """AMB-31: a successor due in his automatic death year (Vologèse IV, 200) still enters (and
    dies in phase D); due after it, he never enters."""
    st = _campaign(200)
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iii"] = 199
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].status == "map"
    st = _campaign(201)
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iii"] = 200
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].status == "out"


def test_leader_table_didius_julianus_never_enters_by_the_table() -> None:
    """Leader table mark (a): Didius Julianus enters only through Commodus's succession (§4.5),
    never in phase C."""
    for year in (191, 193, 199):
        st = _campaign(year)
        fate.arrivals(st, Outcome())
        assert st.leaders["didius_julianus"].status == "out"


def test_leader_table_a_leader_out_of_play_or_without_units_does_not_stop_the_others() -> None:
    """§2.C: a generic leader waiting off the map (no row in the table) and a due Parthian king
    with no Parthian unit on the map to stand with are passed over; the Roman leaders due the
    same year still enter."""
    st = _campaign(169)
    st.leaders["jazyges_leader"].status = "out"
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.leaders["vologese_iv"].status, st.leaders["vologese_iv"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iv"] = 168
    for u, s in st.units.items():
        if st.udef(u).people == "parthians":
            s.status, s.loc = "out", None
    fate.arrivals(st, Outcome())
    assert (st.leaders["artaban_v"].status, st.leaders["jazyges_leader"].status) == ("out", "out")
    assert st.leaders["tarrutienus_paternus"].status == "map"


def test_leader_table_one_zone_no_question() -> None:
    """§2.C: with a single zone holding his side's units the leader enters there, nothing asked."""
    st = _campaign(171)
    st.leaders["vologese_iii"].status, st.leaders["vologese_iii"].loc = "dead", None
    st.rules.setdefault("died", {})["vologese_iii"] = 170
    zones = _zones(st, "E", "parthians")
    for u, s in st.units.items():
        if st.udef(u).people == "parthians" and s.loc != zones[0]:
            s.status, s.loc = "out", None
    fate.arrivals(st, Outcome())
    assert st.leaders["vologese_iv"].loc == zones[0] and st.pending == []


def test_leader_table_death_roll_is_named_recorded_and_told() -> None:
    """§2.D, Leader table: each leader on the map with a check that year rolls a d10 named after
    him and the year; a death is recorded with its year (successors read it) and told with its
    cause, citing the Leader table."""
    p = Pos(171)
    p.leader("lucius_verus", "rome", title="augustus")
    p.leader("marc_aurele", "rome", title="augustus")
    st = p.state(phase="D")
    st.dice.script.extend([6])  # type: ignore[attr-defined]
    out = Outcome()
    assert fate.death_checks(st, out) == ["lucius_verus"]
    assert [r.purpose for r in st.dice.rolls] == ["Leader table: Lucius Verus in 171"]
    assert st.rules["died"] == {"lucius_verus": 171}
    assert "Leader table: Lucius Verus is dead (natural death (leader table))." in out.public
    assert "Leader table" in out.citations
