"""Chapter 8 and §6.3 as `rules/imperator/combat.py` runs them, pinned where mutation testing
showed that no test noticed a change (docs/development.md, "Mutation testing"): the Fuite
opportune of a leaderless force, the split retreat of AMB-24 with an ill Augustus and the
Armenia unit, each line and section the players read."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import combat
from rules.imperator.game import ImperatorGame


def _answer_defaults(g: ImperatorGame) -> list[str]:
    """Answer every pending decision with its default; the public lines, in order."""
    lines: list[str] = []
    while (d := g.pending_decision()) is not None:
        lines += g.apply(d.seat, Command("decide", {"id": d.id, "choice": d.default})).public
    return lines


# -- §6.3 Fuite opportune of a force with no leader -----------------------------------------------
def _leaderless_quadi_attacked() -> tuple[ImperatorGame, Outcome]:
    """Three Quadi units and the Armenia unit of the Enemies, no leader, in Carnuntum, attacked by
    a Roman leader with two legions; the Enemies hold Fuite opportune. With no leader there is no
    evasion (§8.1): the chit window comes at once."""
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    for i in range(3):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    p.unit("arm", "carnuntum", "E", people="armenia", pf=1)
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    st = g.state
    st.rules["stratagems"] = True
    for s in st.roles:
        st.hands.setdefault(s, [])
    st.hands["enemies"].append("fuite_opportune#90")
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    out = g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    return g, out


def test_fuite_opportune_without_a_leader_takes_every_unit_but_the_armenia_one() -> None:
    """§6.3 with §3.5 and the §4.2 note: leaderless units each make their one-zone move, all to
    the zone the chit names; the Armenia unit does not move and fights alone (ruling "§6.3 Fuite
    opportune: what stays behind fights"), and being beaten it is eliminated."""
    g, out = _leaderless_quadi_attacked()
    assert out.public == []
    w = g.pending_decision()
    assert w is not None and (w.kind, w.seat, w.section) == ("bstrat", "enemies", "§6")
    assert [c.value for c in w.choices] == ["pass", "fuite_opportune@quadi"]
    out = g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@quadi"}))
    assert out.public == ["§6: enemies plays Fuite opportune.",
                          "§6.3: the force in Carnuntum slips away to Quadi; the units left behind fight."]
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "arm")] == ["quadi", "quadi", "quadi", "carnuntum"]
    script(g, 5)
    lines = _answer_defaults(g)
    assert "§8.2: battle in Carnuntum: Rome under Gen (2 units, 20 PF) attacks the Enemies of Rome (1 unit, 1 PF)." in lines
    assert "Battle table, column 4/1, row 5: R/A. Attacker R, defender A." in lines
    st = g.state
    assert (st.units["arm"].status, st.units["arm"].loc) == ("eliminated", None)  # §4.2 note: never retreats


def test_fuite_opportune_to_a_zone_not_on_offer_is_refused() -> None:
    """§6.3: the force may only go where the chit allows (a zone free of enemy combat units, in
    one move); Vindobona holds a Roman legion, so it is refused, citing §6.3, and nothing moves."""
    g, _out = _leaderless_quadi_attacked()
    st = g.state
    assert combat.fuite_zones(st, "carnuntum", "E") == ["quadi"]
    with pytest.raises(RuleError) as e:
        combat.fuite(st, Outcome(), "carnuntum", "E", "vindobona")
    assert (e.value.section, e.value.message) == ("§6.3", "the force may not withdraw to Vindobona")
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "arm")] == ["carnuntum"] * 4


# -- AMB-24: a split retreat, with an ill Augustus and the Armenia unit ---------------------------
def _roman_force_beaten() -> ImperatorGame:
    """Vindobona: an ill Augustus (event 4), a general, two legions (PF 4) and the Armenia unit
    (PF 1) of Rome, attacked by three Quadi units (PF 10): 30 against 9, column 3/1, row 6: R/A."""
    p = Pos()
    p.unit("arm", "vindobona", people="armenia", pf=1)  # first, so a stop at it would strand the rest
    p.leader("aug", "vindobona", title="augustus", vs=1)
    p.leaders["aug"].ill = True
    p.leader("gen", "vindobona", vs=1)
    p.unit("leg", "vindobona", pf=4)
    p.unit("leg2", "vindobona", pf=4)
    for i in range(3):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", sub="combat", reserve_fronts=["danube"])
    script(g, 6)
    out = g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    assert "Battle table, column 3/1, row 6: R/A. Attacker R, defender A." in out.public
    return g


def test_split_retreat_each_piece_picks_its_zone_and_the_ill_augustus_dies() -> None:
    """AMB-24 (split) with event 4 and the §4.2 note: choosing to split, the ill Augustus dies at
    once (he may not leave his zone), the Armenia unit is eliminated (it never retreats), then
    the general and each legion are asked in turn, among the zones legal for each (§8.3)."""
    g = _roman_force_beaten()
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("retreat", "rome", "§8.3")
    assert [c.value for c in d.choices] == ["aquincum", "carnuntum", "italia", "split"] and d.default == "aquincum"
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "split"}))
    assert out.public == ["Event 4: Aug is dead (too ill to retreat (Event 4))."]
    assert out.citations == ["Event 4"]
    st = g.state
    assert (st.leaders["aug"].status, st.units["arm"].status) == ("dead", "eliminated")
    d = g.pending_decision()
    assert d is not None and d.kind == "successor"  # §3.6 4/: Rome names the new Augustus first
    g.apply("rome", Command("decide", {"id": d.id, "choice": "gen"}))
    asked = []
    for piece, dest in (("Gen", "carnuntum"), ("Leg", "italia"), ("Leg2", "aquincum")):
        d = g.pending_decision()
        assert d is not None and (d.kind, d.seat, d.section, d.default) == ("retreat_part", "rome", "§8.3", "aquincum")
        assert d.prompt == f"§8.3: where does {piece} retreat from Vindobona?"
        asked.append([c.value for c in d.choices])
        out = g.apply("rome", Command("decide", {"id": d.id, "choice": dest}))
        assert out.public[0] == f"§8.3: {piece} retreats to {st.board.zones[dest].name}."
    assert asked == [["aquincum", "carnuntum", "italia"]] * 3
    st = g.state
    assert (st.leaders["gen"].loc, st.units["leg"].loc, st.units["leg2"].loc) == ("carnuntum", "italia", "aquincum")
    assert g.pending_decision() is None and st.active == "R"  # the retreat over, the next SMC


def test_whole_retreat_the_ill_augustus_dies_and_the_armenia_unit_is_eliminated() -> None:
    """§8.3 in one zone, with event 4 and the §4.2 note: the same force retreating whole."""
    g = _roman_force_beaten()
    d = g.pending_decision()
    assert d is not None
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "carnuntum"}))
    assert out.public[0] == "Event 4: Aug is dead (too ill to retreat (Event 4))."
    assert "§8.3: the beaten force retreats to Carnuntum." in out.public
    st = g.state
    assert (st.leaders["aug"].status, st.units["arm"].status, st.units["arm"].loc) == ("dead", "eliminated", None)
    assert [st.units[u].loc for u in ("leg", "leg2")] == ["carnuntum", "carnuntum"]
    assert st.leaders["gen"].loc == "carnuntum"


# -- §8.1 evasion: the destination, asked or not, and what stays behind -------------------------------
def _quadi_attacked(block_noricum: bool) -> ImperatorGame:
    """Carnuntum: a Quadi chief (VS 3, CC 3) with four units (PF 10, 9, 8, 7), attacked by a
    Roman general who brought two legions from Vindobona (left empty). With ``block_noricum`` a
    Roman unit holds Noricum, so Quadi is the only zone the evading force may reach."""
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(2, "vindobona")
    p.legions(3, "aquincum", prefix="k")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=3, cc=3)
    for i in range(4):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    if block_noricum:
        p.unit("r", "noricum", front="interior")
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    assert g.apply("rome", Command("attack", {"zone": "carnuntum"})).public == []
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("evade", "enemies", "§8.1")
    assert d.prompt == "§8.1: Carnuntum is attacked. Try to evade with Chief?"
    script(g, 1, 5)  # the evasion d6 (1 < VS 3: success), then the battle roll of what stays
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§8.1 evasion (needs less than 3)", 1)]
    for taken in range(3):  # CC 3 of 4 units: the Enemies pick, the strongest left by default
        d = g.pending_decision()
        assert d is not None and (d.kind, d.section, d.default) == ("evade_unit", "§8.1", f"q{taken}")
        assert d.prompt == f"§8.1: the evasion succeeds; pick a unit to go with the leaders ({taken} of 3 taken)."
        out = g.apply("enemies", Command("decide", {"id": d.id, "choice": d.default}))
    return g


LEFT_BEHIND_FIGHTS = [
    "§8.2: battle in Carnuntum: Rome under Gen (2 units, 20 PF) attacks the Enemies of Rome (1 unit, 7 PF).",
    "Odds: 20 PF against 7 PF, column 2/1.",
]


def test_evasion_with_two_zones_asks_where_then_the_unit_left_behind_fights() -> None:
    """§8.1: the evading player picks the zone among those allowed (not Vindobona, where the
    attackers came from); Q3, beyond the chief's CC, stays and fights (§8.1 last note)."""
    g = _quadi_attacked(block_noricum=False)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("evade_to", "enemies", "§8.1")
    assert d.prompt == "§8.1: the evasion succeeds; where does the force in Carnuntum go?"
    assert [c.value for c in d.choices] == ["noricum", "quadi"] and d.default == "noricum"
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "quadi"}))
    assert out.public[:3] == ["§8.1: the evasion succeeds; Chief slips away to Quadi.", *LEFT_BEHIND_FIGHTS]
    assert out.citations[:2] == ["§8.1", "§8.2"]
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "q2")] == ["quadi"] * 3 and st.leaders["chief"].loc == "quadi"
    assert [r.natural for r in out.rolls if "§8.2 battle" in r.purpose] == [5]


def test_evasion_with_one_zone_goes_there_without_a_question() -> None:
    """§8.1: with Noricum held, Quadi is the one zone left: the force goes at once."""
    g = _quadi_attacked(block_noricum=True)
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "q3")] == ["quadi", "quadi", "quadi", "quadi"]
    assert st.leaders["chief"].loc == "quadi"  # Q3 fought alone, lost (2/1, row 5) and retreated


def test_evasion_to_a_zone_not_allowed_is_refused() -> None:
    """§8.1: a destination outside the allowed zones (Vindobona, where the attackers came from)
    is refused, citing §8.1, and nothing moves."""
    g = _quadi_attacked(block_noricum=False)
    st = g.state
    data = {"zone": "carnuntum", "leader": "chief", "leaders": ["chief"], "units": ["q0", "q1", "q2"]}
    with pytest.raises(RuleError) as e:
        combat.evade_to(st, Outcome(), data, "vindobona")
    assert (e.value.section, e.value.message) == ("§8.1", "the force may not evade to Vindobona")
    assert st.leaders["chief"].loc == "carnuntum"


def test_fuite_opportune_may_go_where_the_attackers_came_from() -> None:
    """§6.3 against §8.1: an evasion may not go towards the zone the attackers came from, but the
    text of Fuite opportune has no such limit, only a zone free of enemy combat units
    (AMB-53): Vindobona, left empty by the Romans, is offered to the chit and not to an evasion."""
    g = _quadi_attacked(block_noricum=False)
    st = g.state
    assert combat.fuite_zones(st, "carnuntum", "E") == ["noricum", "quadi", "vindobona"]
    assert combat.evasion_zones(st, "carnuntum", "E", ["chief"], ["q0", "q1", "q2"]) == ["noricum", "quadi"]


def test_an_eliminated_usurper_legion_stays_the_usurpers() -> None:
    """§9.2.2: a Roman unit of the usurper's side that is eliminated leaves the map, loses its
    step and fleet, and still belongs to the Enemies of Rome (it comes back to its usurper)."""
    p = Pos()
    p.leader("usu", "aquincum", "E", title="usurper")
    p.unit("ul", "aquincum", "E", reduced=True, usurper="usu")
    st = p.state()
    combat.eliminate(st, "ul")
    us = st.units["ul"]
    assert (us.status, us.loc, us.fleet, us.reduced, us.owner) == ("eliminated", None, None, False, "E")
