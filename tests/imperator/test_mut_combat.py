"""Chapter 8 and §6.3 as `rules/imperator/combat.py` runs them, pinned where mutation testing
showed that no test noticed a change (docs/development.md, "Mutation testing"): the Fuite
opportune of a leaderless force, the split retreat of AMB-24 with an ill Augustus and the
Armenia unit, each line and section the players read."""

from __future__ import annotations

from dataclasses import replace

import pytest
from imperator_builder import Pos, ScriptedDice, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import combat, movement
from rules.imperator import combat_math as cm
from rules.imperator.game import ImperatorGame
from rules.imperator.model import ImperatorState, ZoneDef


def _answer_defaults(g: ImperatorGame) -> list[str]:
    """Answer every pending decision with its default; the public lines, in order."""
    lines: list[str] = []
    while (d := g.pending_decision()) is not None:
        lines += g.apply(d.seat, Command("decide", {"id": d.id, "choice": d.default})).public
    return lines


# -- §6.3 Fuite opportune of a force with no leader -----------------------------------------------
def _leaderless_quadi_attacked(*, armenia: bool = True) -> tuple[ImperatorGame, Outcome]:
    """Three Quadi units and the Armenia unit of the Enemies, no leader, in Carnuntum, attacked by
    a Roman leader with two legions; the Enemies hold Fuite opportune. With no leader there is no
    evasion (§8.1): the chit window comes at once."""
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    for i in range(3):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    if armenia:
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
                          "§6.3: the force in Carnuntum slips away to Quadi; the units left behind fight.",
                          *[f"§6.3: {q} slips away from Carnuntum to Quadi." for q in ("Q0", "Q1", "Q2")]]  # AMB-109
    assert out.map_changed is True
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "arm")] == ["quadi", "quadi", "quadi", "carnuntum"]
    script(g, 5)
    lines = _answer_defaults(g)
    assert "§8.2: battle in Carnuntum; attacking: Rome under Gen (2 units, 20 PF); defending: the Enemies of Rome (1 unit, 1 PF)." in lines
    assert "Battle table, column 4/1, row 5: R/A. Attacker R, defender A." in lines
    assert lines[lines.index("Every unit of enemies in Carnuntum takes a loss.") + 1:][:2] == [
        "§8.3: Arm in Carnuntum turns to its reduced side.",  # its own line (AMB-109)
        "§4.2: Arm may not retreat and is eliminated; it comes back in the adjustments."]  # its own line (AMB-78)
    st = g.state
    assert (st.units["arm"].status, st.units["arm"].loc) == ("eliminated", None)  # §4.2 note: never retreats


def test_fuite_opportune_taking_every_leaderless_unit_leaves_no_battle() -> None:
    """§6.3: without the Armenia unit the three Quadi units all slip away to Quadi; nothing of the
    Enemies stays in Carnuntum, so the line says there is no battle and none is fought."""
    g, _out = _leaderless_quadi_attacked(armenia=False)
    w = g.pending_decision()
    assert w is not None and w.kind == "bstrat"
    out = g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@quadi"}))
    assert out.public == ["§6: enemies plays Fuite opportune.",
                          "§6.3: the force in Carnuntum slips away to Quadi; no battle.",
                          *[f"§6.3: {q} slips away from Carnuntum to Quadi." for q in ("Q0", "Q1", "Q2")],  # AMB-109
                          "§2.E: SMC 2 of 2: enemies moves."]
    assert [g.state.units[u].loc for u in ("q0", "q1", "q2")] == ["quadi", "quadi", "quadi"]


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
    """AMB-24 (split) with event 4 and the §4.2 note: the Armenia unit is eliminated as soon as
    the force is beaten (it never retreats); choosing to split, the ill Augustus dies at once (he
    may not leave his zone), then the general and each legion are asked in turn, among the zones
    legal for each (§8.3)."""
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
        assert [c.label for c in d.choices] == ["Aquincum", "Carnuntum", "Italia"]
        out = g.apply("rome", Command("decide", {"id": d.id, "choice": dest}))
        assert out.public[0] == f"§8.3: {piece} retreats from Vindobona to {st.board.zones[dest].name}."
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
    assert "§8.3: the beaten force retreats to Carnuntum." in out.public and out.map_changed is True
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
    assert [(c.value, c.label) for c in d.choices] == [("fight", "stand and fight"), ("evade", "try to evade")]
    assert d.default == "fight"
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
    "§8.2: battle in Carnuntum; attacking: Rome under Gen (2 units, 20 PF); defending: the Enemies of Rome (1 unit, 7 PF).",
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
    assert [c.label for c in d.choices] == ["Noricum", "Quadi"]
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "quadi"}))
    assert out.public[:6] == ["§8.1: the evasion succeeds; Chief slips away to Quadi.",
                              *[f"§8.1: {x} evades from Carnuntum to Quadi." for x in ("Chief", "Q0", "Q1", "Q2")],
                              LEFT_BEHIND_FIGHTS[0]]  # each piece its line (AMB-109)
    assert out.citations[:2] == ["§8.1", "§8.2"] and out.map_changed is True
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
    combat.eliminate(st, "ul", Outcome())
    us = st.units["ul"]
    assert (us.status, us.loc, us.fleet, us.reduced, us.owner) == ("eliminated", None, None, False, "E")


# -- §8.4 and §10 after the losses; §8.3 where each side may retreat --------------------------------
def _roman_attack(r_pf: list[int], e_pf: list[int], roll: int, *, civil: bool = False, bt: int = 0) -> tuple[ImperatorGame, Outcome]:
    """Rome's general (BT ``bt``) leads units of ``r_pf`` from Carnuntum into Vindobona, held by
    a Quadi chief (or, with ``civil``, a usurper with Roman units) with units of ``e_pf``; every
    leader has VS 1, so nobody evades. The battle d6 shows ``roll``."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1, bt=bt)
    for i, pf in enumerate(r_pf):
        p.unit(f"leg{i}", "carnuntum", pf=pf)
    if civil:
        p.leader("usu", "vindobona", "E", title="usurper", vs=1)
        for i, pf in enumerate(e_pf):
            p.unit(f"u{i}", "vindobona", "E", pf=pf, usurper="usu")
    else:
        p.leader("chief", "vindobona", "E", people="quadi", vs=1)
        for i, pf in enumerate(e_pf):
            p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=pf)
        p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": [f"leg{i}" for i in range(len(r_pf))], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, roll)
    return g, g.apply("rome", Command("attack", {"zone": "vindobona"}))


def test_a_battle_of_35_pf_gives_the_winner_a_vp_and_34_does_not() -> None:
    """§10: a battle of at least 35 PF in all is worth 1 VP to its winner (28 + 7 = 35 at 4/1,
    row 5: R/A, Rome wins); 28 + 6 = 34 is worth nothing. The beaten Quadi retreat to Italia:
    not to Carnuntum, where the attackers came from (§8.1, §8.3), nor Aquincum (legions)."""
    g, out = _roman_attack([14, 14], [7], 5)
    assert out.public[0] == "§8.1: Chief (VS 1) cannot evade; the battle is fought."
    assert out.public[8:13] == ["Every unit of enemies in Vindobona takes a loss.",
                                "§8.3: Q0 in Vindobona turns to its reduced side.",  # AMB-109
                                "§10: a battle of 35 PF: 1 VP to rome.", "§8.3: the beaten force retreats to Italia.",
                                "§8.3: Chief retreats from Vindobona to Italia."]
    assert g.state.vp == {"rome": 1, "enemies": 0}
    g, out = _roman_attack([14, 14], [6], 5)
    assert out.public[10] == "§8.3: the beaten force retreats to Italia." and not any("§10" in x for x in out.public)
    assert g.state.vp == {"rome": 0, "enemies": 0}


def test_leaders_of_a_force_eliminated_die_and_score_for_the_winner() -> None:
    """§8.4 with AMB-36: an E result kills the leaders of the force (40 against 10 at 4/1, row 6
    + BT 1 = 7: R/E); 1 VP for the battle of 50 PF and 1 for the chief's death."""
    g, out = _roman_attack([20, 20], [10], 6, bt=1)
    assert out.public[4:] == [
        "Roll: 6, modified by §8.2 die a) attacker BT +1: row 7.",
        "Battle table, column 4/1, row 7: R/E. Attacker R, defender E.",
        "🏆 Winner: Rome.",
        "Losses: Rome: no loss; the Enemies of Rome: all its units are eliminated.",
        "Every unit of enemies in Vindobona is eliminated.",
        "§8.3: Q0 in Vindobona is eliminated.",  # its own line (AMB-109)
        "§10: a battle of 50 PF: 1 VP to rome.",
        "§8.4: Chief is dead (his force was destroyed).",
        "§10: 1 VP to rome for the death of Chief.",
        "§2.E: SMC 2 of 2: enemies moves.",
    ]
    assert out.citations == ["§8.2", "§8.4"]
    st = g.state
    assert (st.leaders["chief"].status, st.units["q0"].status, st.vp["rome"]) == ("dead", "eliminated", 2)


def test_a_usurper_beaten_in_civil_war_dies() -> None:
    """§8.4: in a civil war battle the beaten side's titled leaders die; the usurper's death
    scores for Rome and ends his usurpation (§4.5)."""
    g, out = _roman_attack([10, 10], [4], 5, civil=True)
    assert out.public[9:13] == [
        "§8.3: U0 in Vindobona turns to its reduced side.",  # AMB-109
        "§8.4: Usu is dead (defeated in civil war).",
        "§10: 1 VP to rome for the death of Usu.",
        "§4.5: the usurpation has failed; its followers return to the emperor.",
    ]
    assert "§8.4" in out.citations
    st = g.state
    assert (st.leaders["usu"].status, st.vp["rome"], st.units["u0"].owner) == ("dead", 1, "R")


def test_a_beaten_attacker_may_retreat_where_it_came_from() -> None:
    """§8.3: the limit of the evasion (not towards the attackers' zone of origin) protects the
    attackers' line, so a beaten attacker may go back to Carnuntum (AMB-24)."""
    g, out = _roman_attack([2, 2], [10, 10], 1)
    assert "🏆 Winner: the Enemies of Rome." in out.public
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("retreat", "rome", "§8.3")
    assert [c.value for c in d.choices] == ["aquincum", "carnuntum", "italia", "split"]


def _quadi_beaten_in_vindobona(*, leader: bool = True, units: int = 1, reduced: bool = False,
                               block_italia: bool = False, to_quadi: bool = False) -> tuple[ImperatorGame, Outcome]:
    """Rome's general brings two legions from Carnuntum against Quadi units (PF 4) in Vindobona,
    with or without their chief: column 4/1 (or 2/1 with two units), row 5, the Quadi lose (A).
    ``block_italia`` holds Italia with a Roman unit; ``to_quadi`` opens a road home to Quadi."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1)
    p.legions(2, "carnuntum")
    if leader:
        p.leader("chief", "vindobona", "E", people="quadi", vs=1)
    for i in range(units):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=4, reduced=reduced)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    if block_italia:
        p.unit("r", "italia", front="interior")
    if to_quadi:
        p.extra_edges.append(("vindobona", "quadi", 0))
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    return g, g.apply("rome", Command("attack", {"zone": "vindobona"}))


def test_no_retreat_possible_destroys_the_force_and_its_leaders() -> None:
    """§8.3 and §8.4: with Italia held, the beaten Quadi have no zone to go to: their unit is
    eliminated and their chief dies, which scores for Rome."""
    g, out = _quadi_beaten_in_vindobona(block_italia=True)
    assert out.public[9:14] == [
        "§8.3: Q0 in Vindobona turns to its reduced side.",
        "§8.3: no retreat is possible from Vindobona; the beaten force is destroyed.",
        "§8.3: Q0 in Vindobona is eliminated.",  # AMB-109
        "§8.4: Chief is dead (no retreat possible).",
        "§10: 1 VP to rome for the death of Chief.",
    ]
    st = g.state
    assert (st.units["q0"].status, st.leaders["chief"].status, st.vp["rome"]) == ("eliminated", "dead", 1)


def test_a_force_wiped_out_by_its_losses_does_not_retreat() -> None:
    """§8.3: two reduced Quadi units without a leader lose their last step (A): nothing is left
    to retreat, so no retreat is announced or asked."""
    g, out = _quadi_beaten_in_vindobona(leader=False, units=2, reduced=True)
    assert out.public[-5:] == ["Losses: Rome: no loss; the Enemies of Rome: each of its units takes a step loss.",
                               "Every unit of enemies in Vindobona takes a loss.",
                               "§8.3: Q0 in Vindobona, already reduced, is eliminated.",  # AMB-109
                               "§8.3: Q1 in Vindobona, already reduced, is eliminated.",
                               "§2.E: SMC 2 of 2: enemies moves."]
    assert [g.state.units[u].status for u in ("q0", "q1")] == ["eliminated", "eliminated"]


def test_splitting_a_retreat_is_offered_from_two_pieces() -> None:
    """AMB-24: a beaten force of two pieces or more (here a chief and a unit) may split its
    retreat. The zones: Italia or Quadi, not Carnuntum, where the attackers came from; the first
    is the default."""
    g, _out = _quadi_beaten_in_vindobona(to_quadi=True)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section, d.default) == ("retreat", "enemies", "§8.3", "italia")
    assert d.prompt == "§8.3: your force in Vindobona is beaten; choose where it retreats."
    assert [c.value for c in d.choices] == ["italia", "quadi", "split"]
    assert [c.label for c in d.choices] == ["Italia", "Quadi",
                                            "split the force: choose a zone for each unit and leader (AMB-24)"]
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "quadi"}))
    assert out.public[0] == "§8.3: the beaten force retreats to Quadi."
    assert (g.state.units["q0"].loc, g.state.leaders["chief"].loc) == ("quadi", "quadi")


def test_a_lone_beaten_unit_has_no_split_to_choose() -> None:
    """AMB-24: one piece has nothing to split: a lone legion beaten in Vindobona picks Aquincum
    or Italia (not Carnuntum, where the Quadi came from), with no "split" choice."""
    p = Pos()
    p.unit("leg", "vindobona", pf=4)
    p.legions(3, "aquincum", prefix="k")
    for i in range(3):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10)
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", reserve_fronts=["danube"])
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1", "q2"], "to": "vindobona"}))
    g.apply("enemies", Command("end"))
    script(g, 6)
    out = g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    assert "🏆 Winner: the Enemies of Rome." in out.public
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat) == ("retreat", "rome")
    assert [c.value for c in d.choices] == ["aquincum", "italia"]


def test_fractional_losses_are_picked_one_unit_at_a_time() -> None:
    """§8 refuses an attack where there is no battle. §8.3 (AMB-03): Rome wins at 5/4, row 5 (1/2/A) and takes half of the Quadi's four losses,
    two steps among its four units; it picks each (a reduced unit is labelled as eliminated if
    picked), the default being a full-strength one; then the total is announced."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1, cc=4)
    p.unit("leg0", "carnuntum", pf=10)
    p.unit("leg1", "carnuntum", pf=10)
    p.unit("leg2", "carnuntum", pf=10, reduced=True)
    p.unit("leg3", "carnuntum", pf=10)
    p.leader("chief", "vindobona", "E", people="quadi", vs=1)
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1", "leg2", "leg3"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    with pytest.raises(RuleError) as e:  # §8: only a zone where both sides have combat units
        g.apply("rome", Command("attack", {"zone": "aquincum"}))
    assert (e.value.section, e.value.message) == ("§8", "there is no battle to fight in Aquincum")
    script(g, 5)
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    assert [r.purpose for r in out.rolls] == ["§8.2 battle in Vindobona (35 PF vs 16 PF, 2/1, shift -2)"]
    assert out.public[5] == "Battle table, column 5/4, row 5: 1/2/A. Attacker 1/2, defender A."
    prompts = []
    for n in (2, 1):
        d = g.pending_decision()
        assert d is not None and (d.kind, d.seat, d.section) == ("losses", "rome", "§8.3")
        prompts.append(d.prompt)
        assert [c.label for c in d.choices][-1] == "Leg2 (reduced: eliminated)"
        assert d.default == f"leg{2 - n}"
        out = g.apply("rome", Command("decide", {"id": d.id, "choice": d.default}))
    assert prompts == ["§8.3: Vindobona: 2 of your units must take a step loss; choose one.",
                       "§8.3: Vindobona: 1 of your units must take a step loss; choose it."]
    assert out.public[:3] == ["§8.3: Leg1 in Vindobona turns to its reduced side.",  # the answer's own line (AMB-109)
                              "§8.3: rome takes 2 step losses (1/2 of 4).", "§10: a battle of 51 PF: 1 VP to rome."]
    st = g.state
    assert [st.units[u].reduced for u in ("leg0", "leg1", "leg2", "leg3")] == [True, True, True, False]


def test_the_enemies_attacking_outside_the_empire_gain_one() -> None:
    """§8.5: the Enemies of Rome attacking outside the Empire with their own Peoples add 1 to the
    die (3 + 1 = row 4 at 1/1: R/R, the defender holds, AMB-01)."""
    p = Pos()
    p.leader("gen", "quadi", vs=1)
    p.legions(2, "quadi")
    p.leader("chief", "germ_n", "E", people="quadi", vs=1)
    for i in range(2):
        p.unit(f"q{i}", "germ_n", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", reserve_fronts=["danube"])
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1"], "to": "quadi"}))
    g.apply("enemies", Command("end"))
    script(g, 3)
    out = g.apply("enemies", Command("attack", {"zone": "quadi"}))
    assert out.public[4:7] == ["Roll: 3, modified by §8.2 die c) EoR attacks outside the Empire +1: row 4.",
                               "Battle table, column 1/1, row 4: R/R. Attacker R, defender R.", "🏆 Winner: Rome."]


@pytest.mark.parametrize(("people", "zones"), [("parthians", ["quadi"]),
                                               ("quadi", ["noricum", "quadi"])])
def test_a_lone_leader_of_another_people_bars_the_stack(people: str, zones: list[str]) -> None:
    """§4.2 (stacking of the Enemies' forces): a Western People's force may not withdraw into a
    zone held by an Eastern People's leader, even alone (a Parthian in Noricum); a leader of its
    own People there is no bar. (Vindobona holds Roman legions.)"""
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(2, "vindobona")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=3, cc=3)
    for i in range(2):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi")
    p.leader("other", "noricum", "E", people=people)
    p.kw["at_war"] = ["quadi", "parthians"]
    st = p.state()
    assert combat.fuite_zones(st, "carnuntum", "E") == zones


def test_the_default_loss_spares_reduced_units_and_takes_the_strongest_first() -> None:
    """§8.3 (AMB-03, Praetor's default): the units offered for a loss, and the default pick,
    go normal units first, by PF from the strongest (B, PF 12, before C, PF 10, and A, PF 8 but
    quality 3), the reduced D last, whose loss would eliminate it."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1, cc=4)
    p.unit("a", "carnuntum", pf=8, qu=3)
    p.unit("b", "carnuntum", pf=12, qu=1)
    p.unit("c", "carnuntum", pf=10)
    p.unit("d", "carnuntum", pf=10, reduced=True)
    p.leader("chief", "vindobona", "E", people="quadi", vs=1)
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["a", "b", "c", "d"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    assert out.public[5] == "Battle table, column 5/4, row 5: 1/2/A. Attacker 1/2, defender A."
    offered = []
    for _n in range(2):
        d = g.pending_decision()
        assert d is not None and d.kind == "losses"
        offered.append(([c.value for c in d.choices], d.default))
        g.apply("rome", Command("decide", {"id": d.id, "choice": d.default}))
    assert offered == [(["b", "c", "a", "d"], "b"), (["c", "a", "d"], "c")]
    st = g.state
    assert [st.units[u].reduced for u in "abcd"] == [False, True, True, True]



def _quadi_beaten_in_rome(guard_raetia: bool) -> tuple[ImperatorGame, Outcome]:
    """A Quadi chief and unit in Rome (4 zones from Quadi), beaten by legions from Italia (4/1,
    row 5, R/A); Ravenna is 5 zones from Quadi, the farthest a People's unit may stand (AMB-20).
    ``guard_raetia`` holds Raetia with a legion, leaving Ravenna the only way out."""
    p = Pos()
    p.leader("gen", "italia", vs=1)
    p.legions(2, "italia", front="interior")
    if guard_raetia:
        p.unit("guard", "raetia", front="rhine")
    p.leader("chief", "rome", "E", people="quadi", vs=1)
    p.unit("q0", "rome", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    assert movement.people_distance(g.state, "quadi", "ravenna") == 5
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "rome"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    return g, g.apply("rome", Command("attack", {"zone": "rome"}))


def test_a_people_unit_may_retreat_to_five_zones_from_home() -> None:
    """AMB-20 with §8.3: five zones from its People is still allowed, so the unit retreating to
    Ravenna stays on the map (reduced by its A result)."""
    g, out = _quadi_beaten_in_rome(guard_raetia=True)
    assert out.public[9:11] == ["§8.3: Q0 in Roma turns to its reduced side.",  # AMB-109
                                "§8.3: the beaten force retreats to Ravenna."]
    q0 = g.state.units["q0"]
    assert (q0.status, q0.loc, q0.reduced) == ("map", "ravenna", True)


def test_a_split_retreat_to_five_zones_from_home_keeps_the_unit() -> None:
    """AMB-20 with AMB-24: the same when the retreat is split, piece by piece."""
    g, _out = _quadi_beaten_in_rome(guard_raetia=False)
    d = g.pending_decision()
    assert d is not None and [c.value for c in d.choices] == ["raetia", "ravenna", "split"]
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "split"}))
    for _piece in ("chief", "q0"):
        d = g.pending_decision()
        assert d is not None and d.kind == "retreat_part"
        g.apply("enemies", Command("decide", {"id": d.id, "choice": "ravenna"}))
    st = g.state
    assert (st.units["q0"].status, st.units["q0"].loc, st.leaders["chief"].loc) == ("map", "ravenna", "ravenna")


def test_the_best_leader_is_named_and_no_evasion_is_offered_without_a_zone() -> None:
    """§8.1: the evasion is tried with the best VS of the defending leaders (Aulus, VS 3, not
    Zeno, VS 2, last by name); with every neighbour held by Roman units (Noricum, Quadi,
    and Vindobona where the attackers came from) no evasion can succeed, so none is offered
    and the battle is fought at once."""
    for held, offered in (((), True), (("noricum", "quadi"), False)):
        p = Pos()
        p.leader("gen", "vindobona", cc=3)
        p.legions(3, "vindobona")
        p.leader("aulus", "carnuntum", "E", people="quadi", vs=3)
        p.leader("zeno", "carnuntum", "E", people="quadi", vs=2)
        p.unit("q0", "carnuntum", "E", people="quadi", pf=4)
        for z in held:
            p.unit(f"r_{z}", z, front="interior")
        p.kw["at_war"] = ["quadi"]
        g = p.game(reserve_fronts=["danube"])
        g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
        g.apply("rome", Command("end"))
        script(g, 5)
        out = g.apply("rome", Command("attack", {"zone": "carnuntum"}))
        d = g.pending_decision()
        if offered:
            assert d is not None and d.prompt == "§8.1: Carnuntum is attacked. Try to evade with Aulus?"
        else:
            assert (d is None or d.kind != "evade") and any(x.startswith("§8.2: battle in Carnuntum") for x in out.public)


def test_in_a_civil_war_a_battle_against_a_people_kills_no_titled_leader() -> None:
    """§8.4: the deaths "defeated in civil war" strike only a battle between Romans; while a
    usurper stands elsewhere, a Caesar beaten by the Quadi just retreats."""
    p = Pos()
    p.leader("usu", "antiochia", "E", title="usurper")
    p.unit("u0", "antiochia", "E", front="orient", usurper="usu")
    p.leader("cae", "vindobona", title="caesar", vs=1)
    p.unit("leg", "vindobona", pf=4)
    for i in range(3):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10)
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E", reserve_fronts=["danube"])
    assert g.state.civil_war
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1", "q2"], "to": "vindobona"}))
    g.apply("enemies", Command("end"))
    script(g, 6)
    out = g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    assert "🏆 Winner: the Enemies of Rome." in out.public
    assert not any("defeated in civil war" in x for x in out.public)
    assert g.state.leaders["cae"].status == "map"


# -- the map changes with the losses, not only with a retreat (issue 11, item 4) ------------------
def test_a_battle_that_only_flips_or_removes_counters_redraws_the_map() -> None:
    """§8.3: an A result on two reduced Quadi units removes both counters and nobody retreats:
    the outcome still asks for a new map (before, only a retreat or an evasion set it)."""
    g, out = _quadi_beaten_in_vindobona(leader=False, units=2, reduced=True)
    assert "Every unit of enemies in Vindobona takes a loss." in out.public
    assert [g.state.units[u].status for u in ("q0", "q1")] == ["eliminated", "eliminated"]
    assert g.pending_decision() is None and out.map_changed is True


def _rome_wins_vindobona(roll: int, rr_result: str | None = None) -> tuple[ImperatorGame, Outcome]:
    """A Roman general with a full and a reduced legion (15 PF) attacks three reduced Quadi units
    (6 PF) in Vindobona: column 2/1, no modifier. Row 3 is 1/2/A (Rome loses one step and picks
    which legion takes it); row 1 is R/R (the defender holds: Rome must pick its retreat)."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1)
    p.unit("leg0", "carnuntum", pf=10)
    p.unit("leg1", "carnuntum", pf=10, reduced=True)
    for i in range(3):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=4, reduced=True)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    if rr_result:
        g.state.options["rr_result"] = rr_result
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, roll)
    return g, g.apply("rome", Command("attack", {"zone": "vindobona"}))


def test_the_answer_to_a_loss_decision_redraws_the_map() -> None:
    """§8.3 / AMB-03: Rome picks which legion takes its one step loss; that answer flips a counter
    and nothing retreats (the Quadi are wiped out), so its outcome asks for a new map (the
    engine redraws after every answer to a decision; the battle's own outcome redraws because the
    Quadi counters left the map)."""
    g, out = _rome_wins_vindobona(3)
    assert out.map_changed is True and [g.state.units[f"q{i}"].status for i in range(3)] == ["eliminated"] * 3
    assert "Battle table, column 2/1, row 3: 1/2/A. Attacker 1/2, defender A." in out.public
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("losses", "rome", "§8.3")
    assert [c.label for c in d.choices] == ["Leg0", "Leg1 (reduced: eliminated)"]
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "leg0"}))
    assert out.public[:2] == ["§8.3: Leg0 in Vindobona turns to its reduced side.",  # AMB-109
                              "§8.3: rome takes 1 step loss (1/2 of 3)."]
    assert (g.state.units["leg0"].reduced, g.state.units["leg1"].status) == (True, "map")
    assert out.map_changed is True


def test_a_battle_with_no_loss_and_its_retreat_still_to_choose_keeps_the_map() -> None:
    """§8.3: R/R (the defender holds): no counter flips or leaves until Rome answers where it
    retreats, so the battle's own outcome does not ask for a new map; the answer does."""
    g, out = _rome_wins_vindobona(1)
    assert "Losses: Rome: no loss; the Enemies of Rome: no loss." in out.public
    assert out.map_changed is False
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section, d.default) == ("retreat", "rome", "§8.3", "aquincum")
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "aquincum"}))
    assert out.public[0] == "§8.3: the beaten force retreats to Aquincum."
    assert out.map_changed is True


# -- §6 chits that set the battle roll, and the R/R option (AMB-01) -------------------------------
def _rome_attacks_two_quadi(seat: str, *chits: str) -> ImperatorGame:
    """A Roman general with two legions (20 PF) attacks two Quadi units (8 PF, Germans) in
    Vindobona, column 2/1; ``seat`` holds ``chits``. No Quadi leader: no evasion, the
    stratagem windows open at once (the defender's first)."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1)
    p.legions(2, "carnuntum")
    p.unit("q0", "vindobona", "E", people="quadi", pf=4)
    p.unit("q1", "vindobona", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.state.rules["stratagems"] = True
    for s in g.state.roles:
        g.state.hands.setdefault(s, [])
    g.state.hands[seat] += [f"{c}#{90 + i}" for i, c in enumerate(chits)]
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    assert g.apply("rome", Command("attack", {"zone": "vindobona"})).public == []
    return g


def _window(g: ImperatorGame, seat: str, choice: str) -> Outcome:
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("bstrat", seat, "§6")
    return g.apply(seat, Command("decide", {"id": d.id, "choice": choice}))


def test_roma_victor_played_by_the_attacker_sets_row_9_without_a_die() -> None:
    """§6.1 Roma Victor: the player who plays it attacking fights on row 9 and more, no die and
    no modifier; the report says so, the battle card's roll is empty, the battle is a big event."""
    g = _rome_attacks_two_quadi("rome", "roma_victor")
    _window(g, "enemies", "pass")
    assert _window(g, "rome", "roma_victor").public == ["§6: rome plays Roma Victor."]
    out = _window(g, "enemies", "pass")  # the answer window: no Furor Germanicus held
    assert out.public[:2] == [
        "§6: no die is rolled; the row is 9 and more.",
        "§8.2: battle in Vindobona; attacking: Rome under Gen (2 units, 20 PF); defending: the Enemies of Rome (2 units, 8 PF).",
    ]
    assert out.public[4:6] == ["No die is rolled: row 9.", "Battle table, column 2/1, row 9: R/E. Attacker R, defender E."]
    assert out.public[8] == "Every unit of enemies in Vindobona is eliminated."
    assert out.rolls == [] and g.state.last_battle["roll"] is None and g.state.last_battle["row"] == 9
    assert out.highlight is True


def test_furor_germanicus_played_by_the_defender_sets_row_minus_2() -> None:
    """§6.2 Furor Germanicus played by the defending Enemies: row -2 and less for Rome's attack
    (column 2/1: A/1/4), so every attacking legion takes a step loss and Rome retreats."""
    g = _rome_attacks_two_quadi("enemies", "furor_germanicus")
    assert _window(g, "enemies", "furor_germanicus").public == ["§6: enemies plays Furor Germanicus."]
    out = _window(g, "rome", "pass")
    assert out.public[0] == "§6: no die is rolled; the row is -2 and less."
    assert out.public[4:6] == ["No die is rolled: row -2.", "Battle table, column 2/1, row -2: A/1/4. Attacker A, defender 1/4."]
    assert out.public[-3:] == ["Every unit of rome in Vindobona takes a loss.",
                               "§8.3: Leg0 in Vindobona turns to its reduced side.",  # AMB-109
                               "§8.3: Leg1 in Vindobona turns to its reduced side."]
    assert [g.state.units[u].reduced for u in ("leg0", "leg1")] == [True, True]
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("retreat", "rome", "§8.3")


def test_faveur_divine_sets_the_battle_die_and_names_itself_in_the_roll() -> None:
    """§6.3 Faveur divine (AMB-45): the player chooses the face of the battle die; the roll is
    recorded as a d6 named after the battle and the chit; modifiers would still apply."""
    g = _rome_attacks_two_quadi("rome", "faveur_divine")
    _window(g, "enemies", "pass")
    out = _window(g, "rome", "faveur_divine@3")
    assert [(r.purpose, r.die, r.natural, r.modifiers, r.result) for r in out.rolls] == [
        ("§8.2 battle in Vindobona (20 PF vs 8 PF, 2/1, shift +0) (Faveur divine)", "d6", 3, (), 3)
    ]
    assert out.public[4:6] == ["Roll: 3, no modifier: row 3.", "Battle table, column 2/1, row 3: 1/2/A. Attacker 1/2, defender A."]
    assert g.state.last_battle["roll"] == 3


def test_with_the_stalemate_option_r_r_has_no_winner_and_nobody_retreats() -> None:
    """AMB-01, option ``rr_result = stalemate``: R/R gives no winner, so no side retreats, no
    battle VP, no loss; by default the defender would hold and Rome would have to retreat."""
    g, out = _rome_wins_vindobona(1, rr_result="stalemate")
    assert out.public[-4:] == [
        "Battle table, column 2/1, row 1: R/R. Attacker R, defender R.",
        "Nobody wins the battle: both sides stay (AMB-01).",
        "Losses: Rome: no loss; the Enemies of Rome: no loss.",
        "§2.E: SMC 2 of 2: enemies moves.",
    ]
    assert g.pending_decision() is None and g.state.last_battle["winner"] == ""
    assert (g.state.units["leg0"].loc, g.state.units["q0"].loc) == ("vindobona", "vindobona")


# -- §4.2: what the Enemies may stack, for every withdrawal (evasion, retreat, Fuite opportune) ---
@pytest.mark.parametrize(
    ("movers", "in_antiochia", "zones"),
    [
        ([("p0", "parthians")], [], ["antiochia", "parthia"]),
        ([("p0", "parthians")], [("leader", "pl", "parthians")], ["antiochia", "parthia"]),
        ([("p0", "parthians")], [("unit", "qu", "quadi")], ["parthia"]),
        ([("p0", "parthians")], [("unit", "arm", "armenia")], ["antiochia", "parthia"]),
        ([("p0", "parthians")], [("leader", "rl", "roman")], ["antiochia", "parthia"]),
        ([("lp", "parthians"), ("p0", "parthians")], [("unit", "pu", "parthians")], ["antiochia", "parthia"]),
        ([("lp", "parthians"), ("p0", "parthians")], [("unit", "qu", "quadi")], ["parthia"]),
    ],
)
def test_a_withdrawal_keeps_the_enemies_stacking_rule(
    movers: list[tuple[str, str]], in_antiochia: list[tuple[str, str, str]], zones: list[str]
) -> None:
    """§4.2 (and AMB-53 for Fuite opportune): Parthian units (an Eastern People), with or without
    their leader, may withdraw from Cyrrhus into Antiochia beside Parthians, a Parthian leader or
    the Armenia unit (which never counts, §4.2 note), or where only a lone Roman leader stands;
    never beside Quadi units (a Western People)."""
    p = Pos()
    for piece, people in movers:
        if piece.startswith("l"):
            p.leader(piece, "cyrrhus", "E", people=people)
        else:
            p.unit(piece, "cyrrhus", "E", people=people)
    for kind, piece, people in in_antiochia:
        if kind == "leader":
            p.leader(piece, "antiochia", "R" if people == "roman" else "E", people=people)
        else:
            p.unit(piece, "antiochia", "E", people=people)
    p.kw["at_war"] = ["quadi", "parthians"]
    assert combat.fuite_zones(p.state(), "cyrrhus", "E") == zones


# -- §8.4 and §4.5 when the beaten side is the attacker ---------------------------------------------
def _rome_attacks_the_usurper_and_loses(title: str) -> tuple[ImperatorGame, Outcome]:
    """A titled Roman (``title``) and an untitled general lead one weak legion (2 PF) from
    Carnuntum against the usurper's two legions (20 PF) in Vindobona: column 1/3, row 1, A/R,
    Rome (the attacker) is beaten. With a Caesar, an Augustus stays in Rome."""
    p = Pos()
    p.leader("boss", "carnuntum", title=title, vs=1)
    p.leader("gen", "carnuntum", vs=1)
    if title == "caesar":
        p.leader("aug", "rome", title="augustus")
    p.unit("leg0", "carnuntum", pf=2)
    p.leader("usu", "vindobona", "E", title="usurper", vs=1)
    for i in range(2):
        p.unit(f"u{i}", "vindobona", "E", pf=10, usurper="usu")
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "boss", "units": ["leg0"], "to": "vindobona"}))
    g.apply("rome", Command("move", {"leader": "gen", "units": [], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, 1)
    return g, g.apply("rome", Command("attack", {"zone": "vindobona"}))


def test_a_caesar_beaten_attacking_in_civil_war_dies_and_his_untitled_general_retreats() -> None:
    """§8.4: in a battle between Romans the beaten side's titled leaders die, the attacker's as
    well as the defender's; an untitled general with them lives and retreats (§8.3)."""
    g, out = _rome_attacks_the_usurper_and_loses("caesar")
    assert out.public[5:] == [
        "Battle table, column 1/3, row 1: A/R. Attacker A, defender R.",
        "🏆 Winner: the Enemies of Rome.",
        "Losses: Rome: each of its units takes a step loss; the Enemies of Rome: no loss.",
        "Every unit of rome in Vindobona takes a loss.",
        "§8.3: Leg0 in Vindobona turns to its reduced side.",  # AMB-109
        "§8.4: Boss is dead (defeated in civil war).",
        "§10: 1 VP to enemies for the death of Boss.",
    ]
    assert out.citations == ["§8.2", "§8.4"]
    st = g.state
    assert (st.leaders["boss"].status, st.leaders["gen"].status, st.leaders["aug"].title) == ("dead", "map", "augustus")
    assert st.defeated_augusti == [] and st.vp == {"rome": 0, "enemies": 1}
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("retreat", "rome", "§8.3")


def test_the_only_augustus_beaten_attacking_makes_the_usurpation_succeed() -> None:
    """§4.5 success B/: the only Augustus, beaten when he attacks the usurper, counts as defeated
    (even though he then dies, §8.4), so the usurpation succeeds."""
    g, out = _rome_attacks_the_usurper_and_loses("augustus")
    assert out.public[9:] == [
        "§8.3: Leg0 in Vindobona turns to its reduced side.",  # AMB-109
        "§4.5 (success B/): the usurpation of Usu succeeds; the players change roles in phase A.",
        "§8.4: Boss is dead (defeated in civil war).",
        "§10: 1 VP to enemies for the death of Boss.",
    ]
    assert g.state.defeated_augusti == ["boss"]


# -- §8.1 and §6.3 into a zone the evader's own People already holds ------------------------------
def _chief_with_two_units_attacked(fuite: bool, *, chief_vs: int = 3, gen_vs: int = 2,
                                   favour: str | None = None, block_noricum: bool = False,
                                   chief_cc: int = 3) -> ImperatorGame:
    """A Quadi chief (VS ``chief_vs``, CC ``chief_cc``) with two units in Carnuntum, attacked by a Roman
    general (VS ``gen_vs``) with two legions from Vindobona; a third Quadi unit stands at home
    in Quadi. With ``fuite`` the Enemies hold Fuite opportune; ``favour`` names the seat that
    holds Faveur divine."""
    p = Pos()
    p.leader("gen", "vindobona", cc=3, vs=gen_vs)
    p.legions(2, "vindobona")
    p.legions(3, "aquincum", prefix="k")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=chief_vs, cc=chief_cc)
    for i in range(2):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    p.unit("qh", "quadi", "E", people="quadi", pf=5)
    if block_noricum:
        p.unit("r", "noricum", front="interior")
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    if fuite or favour:
        g.state.rules["stratagems"] = True
        for s in g.state.roles:
            g.state.hands.setdefault(s, [])
    if fuite:
        g.state.hands["enemies"].append("fuite_opportune#90")
    if favour:
        g.state.hands[favour].append("faveur_divine#91")
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    return g


def test_an_evasion_may_join_units_of_its_own_side() -> None:
    """§8.1: the zone must be free of enemy combat units; the evader's own units there are no
    bar. The whole force goes (CC 3 for two units), so no battle follows."""
    g = _chief_with_two_units_attacked(fuite=False)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.section) == ("evade", "§8.1")
    script(g, 1)
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.section) == ("evade_to", "§8.1")
    assert [c.value for c in d.choices] == ["noricum", "quadi"]
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "quadi"}))
    assert out.public == ["§8.1: the evasion succeeds; Chief slips away to Quadi.",
                          *[f"§8.1: {x} evades from Carnuntum to Quadi." for x in ("Chief", "Q0", "Q1")],  # AMB-109
                          "§2.E: SMC 2 of 2: enemies moves."]
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "qh")] == ["quadi"] * 3 and st.leaders["chief"].loc == "quadi"


def test_fuite_opportune_may_join_units_of_its_own_side() -> None:
    """§6.3 (AMB-53): Fuite opportune into Quadi, held by a Quadi unit: allowed; everything goes
    (no unit beyond the chief's CC), so the line says there is no battle."""
    g = _chief_with_two_units_attacked(fuite=True)
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
    w = g.pending_decision()
    assert w is not None and (w.kind, w.section) == ("bstrat", "§6")
    assert [c.value for c in w.choices] == ["pass", "fuite_opportune@noricum", "fuite_opportune@quadi",
                                            "fuite_opportune@vindobona"]
    out = g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@quadi"}))
    assert out.public == ["§6: enemies plays Fuite opportune.",
                          "§6.3: the force in Carnuntum slips away to Quadi; no battle.",
                          *[f"§6.3: {x} slips away from Carnuntum to Quadi." for x in ("Chief", "Q0", "Q1")],  # AMB-109
                          "§2.E: SMC 2 of 2: enemies moves."]
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "qh")] == ["quadi"] * 3 and st.leaders["chief"].loc == "quadi"


def test_a_people_force_never_retreats_beyond_five_zones_from_home() -> None:
    """AMB-20 with §8.3: from Ravenna (5 zones from Quadi) the only free neighbour lies 6 zones
    away, which a Quadi unit may not enter, so there is no retreat and the force is destroyed.
    (This is why the "beyond five zones" eliminations after a retreat can never happen: the
    zone is never offered.)"""
    from rules.imperator.model import ZoneDef

    p = Pos()
    p.extra_zones.append(ZoneDef("far", "Far Shore", front="interior"))
    p.extra_edges.append(("ravenna", "far", 0))
    p.leader("gen", "rome", vs=1)
    p.legions(2, "rome", front="interior")
    p.leader("chief", "ravenna", "E", people="quadi", vs=1)
    p.unit("q0", "ravenna", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    assert movement.people_distance(g.state, "quadi", "far") == 6
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "ravenna"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    out = g.apply("rome", Command("attack", {"zone": "ravenna"}))
    assert out.public[9:13] == ["§8.3: Q0 in Ravenna turns to its reduced side.",  # AMB-109
                                "§8.3: no retreat is possible from Ravenna; the beaten force is destroyed.",
                                "§8.3: Q0 in Ravenna is eliminated.",
                                "§8.4: Chief is dead (no retreat possible)."]
    assert (g.state.units["q0"].status, g.state.leaders["chief"].status) == ("eliminated", "dead")


def test_the_evasion_roll_uses_the_best_vs_of_the_evaders_only() -> None:
    """§8.1: the d6 must be under the evading leader's VS (3), not the attacking general's (5,
    in the same zone): a 4 fails, the line says so and the battle is fought."""
    g = _chief_with_two_units_attacked(False, gen_vs=5)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("evade", "enemies", "§8.1")
    script(g, 4, 6)
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    assert [(r.purpose, r.natural) for r in out.rolls][0] == ("§8.1 evasion (needs less than 3)", 4)
    assert out.public[0] == "§8.1: the evasion fails; the battle is fought."
    assert out.public[1].startswith("§8.2: battle in Carnuntum")


def test_faveur_divine_is_offered_before_an_evasion_only_a_1_can_win() -> None:
    """§6.3 (AMB-45) with §8.1: with VS 2 only a 1 lets the chief evade; the faces still differ,
    so Rome, holding Faveur divine, is asked before the roll (the Enemies' hand is empty)."""
    g = _chief_with_two_units_attacked(False, chief_vs=2, favour="rome")
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    assert out.rolls == []
    w = g.pending_decision()
    assert w is not None and (w.kind, w.seat, w.section) == ("favour", "rome", "§6.3")
    assert [c.value for c in w.choices] == ["pass"] + [f"faveur_divine@{f}" for f in range(1, 7)]


def test_the_evading_force_takes_the_strongest_mobile_units_by_default() -> None:
    """§8.1: the chief (CC 2) takes two units, the strongest by PF first (B 9, then C 7; not A,
    of better quality); the Armenia unit (§4.2 note) and a unit in mutiny never leave with him."""
    p = Pos()
    p.leader("chief", "carnuntum", "E", people="quadi", vs=3, cc=2)
    p.unit("a", "carnuntum", "E", people="quadi", pf=5, qu=3)
    p.unit("b", "carnuntum", "E", people="quadi", pf=9, qu=1)
    p.unit("c", "carnuntum", "E", people="quadi", pf=7, qu=2)
    p.unit("arm", "carnuntum", "E", people="armenia", pf=12)
    p.unit("m", "carnuntum", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    st = p.state()
    st.units["m"].mutiny = "rebels"
    assert combat.evasion_force(st, "carnuntum", "E") == (["b", "c"], ["chief"])


def test_an_e_result_on_a_leaderless_force_redraws_the_map() -> None:
    """§8.3: an E result removes every counter of a leaderless force: no leader dies and nothing
    retreats, yet the map changed (30 PF against 4 at 4/1, roll 5 + BT 2 = row 7: R/E)."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1, bt=2)
    p.legions(3, "carnuntum")
    p.unit("q0", "vindobona", "E", people="quadi", pf=4)
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1", "leg2"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    assert out.public[4:8] == [
        "Battle table, column 4/1, row 7: R/E. Attacker R, defender E.",
        "🏆 Winner: Rome.",
        "Losses: Rome: no loss; the Enemies of Rome: all its units are eliminated.",
        "Every unit of enemies in Vindobona is eliminated.",
    ]
    assert g.state.units["q0"].status == "eliminated" and out.map_changed is True


def test_a_beaten_attacker_with_one_way_home_retreats_at_once_and_redraws_the_map() -> None:
    """§8.3 with AMB-01: R/R, the defender holds, so the Quadi who attacked from Quadi go back
    there (their only free zone), with no loss; the attack's own outcome redraws the map."""
    p = Pos()
    p.leader("chief", "quadi", "E", people="quadi", vs=1)
    p.unit("q0", "quadi", "E", people="quadi", pf=10)
    p.unit("leg", "carnuntum", pf=10)
    p.unit("n", "noricum", front="interior")
    p.unit("v", "vindobona")
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    g = p.game(active="E", reserve_fronts=["danube"])
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0"], "to": "carnuntum"}))
    g.apply("enemies", Command("end"))
    script(g, 3)
    out = g.apply("enemies", Command("attack", {"zone": "carnuntum"}))
    assert out.public[-5:] == ["Losses: the Enemies of Rome: no loss; Rome: no loss.",
                               "§8.3: the beaten force retreats to Quadi.",
                               "§8.3: Chief retreats from Carnuntum to Quadi.",  # each piece (AMB-109)
                               "§8.3: Q0 retreats from Carnuntum to Quadi.", "§2.E: SMC 2 of 2: rome moves."]
    assert (g.state.units["q0"].loc, g.state.leaders["chief"].loc) == ("quadi", "quadi")
    assert g.pending_decision() is None and out.map_changed is True


def test_three_quarter_losses_on_two_units_take_both_without_a_question() -> None:
    """§8.3 / AMB-03: 3/4 of the three Quadi steps is two, and Rome has two legions: both take
    their loss, nothing to choose; the line counts the two step losses."""
    g, out = _rome_wins_vindobona(2)
    assert "Battle table, column 2/1, row 2: 3/4/A. Attacker 3/4, defender A." in out.public
    assert "§8.3: rome takes 2 step losses (3/4 of 3)." in out.public
    assert g.pending_decision() is None
    assert (g.state.units["leg0"].reduced, g.state.units["leg1"].status) == (True, "eliminated")


def test_a_beaten_attacker_splitting_its_retreat_may_send_each_piece_home_or_to_friends() -> None:
    """AMB-24 with §8.3: Rome, beaten attacking (R/R, the defender holds), splits its retreat;
    each piece may go back to Carnuntum, where it came from, or join the legions in Aquincum."""
    g, _out = _rome_wins_vindobona(1)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat) == ("retreat", "rome")
    g.apply("rome", Command("decide", {"id": d.id, "choice": "split"}))
    asked = []
    for dest in ("carnuntum", "aquincum", "carnuntum"):
        d = g.pending_decision()
        assert d is not None and (d.kind, d.section, d.default) == ("retreat_part", "§8.3", "aquincum")
        asked.append([c.value for c in d.choices])
        g.apply("rome", Command("decide", {"id": d.id, "choice": dest}))
    assert asked == [["aquincum", "carnuntum", "italia"]] * 3
    st = g.state
    assert (st.leaders["gen"].loc, st.units["leg0"].loc, st.units["leg1"].loc) == ("carnuntum", "aquincum", "carnuntum")


def test_an_evasion_with_nothing_to_choose_happens_in_the_same_answer() -> None:
    """§8.1: the chief's CC takes both units and Quadi is the only zone left (Noricum is held):
    the answer "evade" rolls, succeeds and moves the force at once, with no further question."""
    g = _chief_with_two_units_attacked(False, block_noricum=True)
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    script(g, 1)
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    assert out.public == ["§8.1: the evasion succeeds; Chief slips away to Quadi.",
                          *[f"§8.1: {x} evades from Carnuntum to Quadi." for x in ("Chief", "Q0", "Q1")],  # AMB-109
                          "§2.E: SMC 2 of 2: enemies moves."]
    assert g.pending_decision() is None and g.state.leaders["chief"].loc == "quadi"


# -- §6.3 Mutinerie: a battle that eliminates the last mutineer sends the marker back (AMB-78) ---
MARKER_BACK = "§6: the Mutinerie marker leaves the map and goes back to the cup."


def _mutineer_in_vindobona(roman_legions_at: tuple[str, ...], people: str = "roman") -> ImperatorState:
    """A reduced mutinous unit (a legion, or a Parthian unit), the last under its Mutinerie marker, in Vindobona, with
    one Roman legion in each zone of ``roman_legions_at`` (phase E, stratagems in play)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("mut", "vindobona", "M", people=people, reduced=True)
    for i, zone in enumerate(roman_legions_at):
        p.unit(f"leg{i}", zone, "R", people="roman")
    p.rules["stratagems"] = True
    p.kw["chits_on_map"] = {"mutinerie#1": "vindobona"}
    owner = "R" if people == "roman" else "E"  # the side the units mutinied against
    p.kw["map_chit_side"] = {"mutinerie#1": "E" if owner == "R" else "R"}
    st = p.state(phase="E")
    st.units["mut"].mutiny, st.units["mut"].mutineer_of = "mutinerie#1", owner
    return st


def test_mutineers_beaten_with_no_retreat_are_destroyed_and_the_marker_goes_back_with_a_line() -> None:
    """§8.3 with §6.3 (ruling AMB-78): every zone next to Vindobona holds a Roman legion, so the
    beaten mutineers cannot retreat and are eliminated; the marker, whose last unit that was,
    goes back to the cup and the log says so, after the §8.3 line."""
    st = _mutineer_in_vindobona(("vindobona", "aquincum", "carnuntum", "italia"))
    assert combat.retreat_zones(st, "vindobona", "M", ["mut"], [], False) == []
    out = Outcome()
    combat._retreat(st, out, "vindobona", "M", False, "R")
    assert out.public == ["§8.3: no retreat is possible from Vindobona; the beaten force is destroyed.",
                          "§8.3: Mut in Vindobona is eliminated.", MARKER_BACK]  # the unit's own line (AMB-109)
    assert (st.units["mut"].status, st.units["mut"].owner, st.chits_on_map, st.cup) == ("eliminated", "R", {}, ["mutinerie#1"])


def test_a_reduced_mutineer_chosen_for_a_step_loss_sends_the_marker_back_with_a_line() -> None:
    """§8.3 (AMB-03, the owner picks each fractional loss) with §6.3: the reduced mutinous legion
    picked for the loss is eliminated; being the marker's last unit, the marker goes back to the
    cup with its line, before the count of the losses."""
    st = _mutineer_in_vindobona(("vindobona", "vindobona"))
    data = {"zone": "vindobona", "attacker": "R", "defender": "M", "codes": ("-", "1/2"), "a_leaders": [],
            "d_leaders": [], "civil": False, "total_pf": 12, "winner": None, "vp": False,
            "todo": [["M", "1/2", 1, 1, []]]}
    out = Outcome()
    combat.choose_loss(st, out, data, "mut")
    assert out.public == ["§8.3: Mut in Vindobona, already reduced, is eliminated.", MARKER_BACK,  # AMB-109
                          "§8.3: the mutineers take 1 step loss (1/2 of 1)."]
    assert (st.units["mut"].status, st.chits_on_map, st.cup, data["todo"]) == ("eliminated", {}, ["mutinerie#1"], [])


@pytest.mark.parametrize(("result", "kind", "line"), [
    ("E", "all_eliminated", "All the mutineers' units in Vindobona are eliminated."),
    ("A", "all_step", "All the mutineers' units in Vindobona take a loss."),
])
def test_mutineers_hit_by_an_e_or_an_a_result_send_the_marker_back_with_a_line(result: str, kind: cm.LossKind, line: str) -> None:
    """§8.3 with §6.3: an E result eliminates the mutinous legion, an A result eliminates it as
    well since it is reduced; either way it was the marker's last unit: the marker goes back to
    the cup with its line, after the result's line and the unit's own (AMB-109), and the map is
    redrawn."""
    st = _mutineer_in_vindobona(("vindobona",))
    out = Outcome()
    combat._apply_flat_loss(st, out, cm.SideLoss(result, kind, 1), ["mut"], "M", "vindobona")
    unit = "§8.3: Mut in Vindobona is eliminated." if result == "E" else "§8.3: Mut in Vindobona, already reduced, is eliminated."
    assert out.public == [line, unit, MARKER_BACK]
    assert (out.map_changed, st.units["mut"].status, st.chits_on_map, st.cup) == (True, "eliminated", {}, ["mutinerie#1"])


def test_a_fractional_loss_with_one_mutineer_to_take_it_sends_the_marker_back_without_a_question() -> None:
    """§8.3 (AMB-03): with one unit for one step loss nothing is asked; the reduced mutinous legion
    is eliminated and the marker, its last unit gone, goes back to the cup with its line (§6.3)."""
    st = _mutineer_in_vindobona(("vindobona",))
    data = {"zone": "vindobona", "attacker": "R", "defender": "M", "codes": ("-", "1/2"), "a_leaders": [],
            "d_leaders": [], "civil": False, "total_pf": 6, "winner": None, "vp": False,
            "todo": [["M", "1/2", 1, 1, []]]}
    out = Outcome()
    combat._losses(st, out, data)
    assert st.pending == []  # no question
    assert out.public == ["§8.3: Mut in Vindobona, already reduced, is eliminated.", MARKER_BACK,  # AMB-109
                          "§8.3: the mutineers take 1 step loss (1/2 of 1)."]
    assert (st.units["mut"].status, st.chits_on_map, st.cup) == ("eliminated", {}, ["mutinerie#1"])


def test_a_parthian_mutineer_retreating_beyond_its_five_zones_sends_the_marker_back_with_a_line() -> None:
    """§4.3 with §6.3: a mutinous Parthian unit (AMB-46) sent back to Carnuntum, far more than five
    zones from Parthia, is eliminated; the marker, its last unit gone, goes back to the cup, told
    before the §4.3 line."""
    st = _mutineer_in_vindobona(("vindobona",), people="parthians")
    out = Outcome()
    combat.do_retreat(st, out, "vindobona", "M", "carnuntum")
    assert out.public[:4] == ["§8.3: the beaten force retreats to Carnuntum.",
                              "§8.3: Mut retreats from Vindobona to Carnuntum.", MARKER_BACK,  # AMB-109
                              "§4.3: Mut is eliminated: Carnuntum is more than 5 zones from its home."]
    assert (st.units["mut"].status, st.units["mut"].owner, st.chits_on_map, st.cup) == ("eliminated", "E", {}, ["mutinerie#1"])


def test_a_parthian_mutineer_sent_beyond_its_five_zones_in_a_split_retreat_sends_the_marker_back() -> None:
    """AMB-24 with §4.3 and §6.3: the same unit sent on its own to Carnuntum as a piece of a split
    retreat is eliminated after its retreat line; the marker goes back with its line."""
    st = _mutineer_in_vindobona(("vindobona",), people="parthians")
    data: dict[str, object] = {"zone": "vindobona", "todo": ["mut"], "sent": {}}
    out = Outcome()
    combat._send_piece(st, out, data, "carnuntum")
    assert out.public == ["§8.3: Mut retreats from Vindobona to Carnuntum.", MARKER_BACK,
                          "§4.3: Mut is eliminated: Carnuntum is more than 5 zones from its home."]
    assert (st.units["mut"].status, data, st.cup) == (
        "eliminated", {"zone": "vindobona", "todo": [], "sent": {"mut": "carnuntum"}}, ["mutinerie#1"])


@pytest.mark.parametrize(("english", "french"), [
    ("§8.3: the mutineers take 1 step loss (1/2 of 1).", "§8.3 : les mutins subissent 1 perte d'échelon (1/2 sur 1)."),
    ("All the mutineers' units in Vindobona are eliminated.", "Toutes les unités des mutins en Vindobona sont éliminées."),
    ("All the mutineers' units in Vindobona take a loss.", "Chaque unité des mutins en Vindobona subit une perte."),
])
def test_the_mutineers_loss_lines_read_well_in_english_and_in_french(english: str, french: str) -> None:
    """§8.3 with §6.3: the mutineers' own loss lines (plural verb, possessive), and their French
    from the catalogue (the mutineers were "the mutineers" in both languages before)."""
    import gettext
    from pathlib import Path

    from rules.core.i18n import translate

    locale = Path(__file__).resolve().parents[2] / "bot" / "locale"
    if not locale.is_dir():
        pytest.skip("no compiled catalogue here (a mutation-testing copy holds rules/ and tests/ only)")
    fr = gettext.translation("praetor", localedir=locale, languages=["fr"])
    out = Outcome()
    st = _mutineer_in_vindobona(("vindobona",))
    if english.startswith("§8.3"):
        data = {"zone": "vindobona", "attacker": "R", "defender": "M", "codes": ("-", "1/2"), "a_leaders": [],
                "d_leaders": [], "civil": False, "total_pf": 6, "winner": None, "vp": False,
                "todo": [["M", "1/2", 1, 1, []]]}
        combat._losses(st, out, data)
    else:
        loss = cm.SideLoss("E", "all_eliminated", 1) if "eliminated" in english else cm.SideLoss("A", "all_step", 1)
        combat._apply_flat_loss(st, out, loss, ["mut"], "M", "vindobona")
    line = next(x for x in out.public if x.startswith(english[:10]))  # the marker's and the unit's lines follow
    assert (line, str(translate(line, fr))) == (english, french)


# -- §7 after a battle shared with a third party: lone leaders escape once (AMB-55) -------------

def _third_party(gen_at: str, mut_units: bool = True) -> ImperatorState:
    """Mutineers beaten in Vindobona by a Roman legion; a Quadi leader of the Enemies, with no unit
    of his side, stands in ``gen_at``; legions hold Carnuntum and Italia. Stratagems are out of
    play (no Faveur divine window before the escape roll)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("mut", "vindobona" if mut_units else None, "M", reduced=True, status="map" if mut_units else "eliminated")
    p.unit("leg0", "vindobona", "R").unit("leg1", "carnuntum", "R").unit("leg2", "italia", "R")
    p.leader("gen", gen_at, "E", people="quadi")
    g = p.game(1, 1, phase="E")
    return g.state


def test_a_third_party_leader_left_alone_by_a_force_with_nothing_to_retreat_escapes() -> None:
    """§8.3 with §7: the beaten mutineers have nothing left in Vindobona; the Enemies' leader there,
    with no unit of his side and a Roman legion beside him, escapes to Aquincum, the one
    neighbour free of hostile units (a d10 of 1: he lives)."""
    st = _third_party("vindobona", mut_units=False)
    out = Outcome()
    combat._retreat(st, out, "vindobona", "M", False, "R")
    assert (out.public, st.leaders["gen"].loc, st.pending) == (["§7: Gen escapes to Aquincum."], "aquincum", [])


def test_mutineers_retreating_onto_a_lone_enemy_leader_make_him_escape() -> None:
    """§8.3 with §7 and AMB-43: the beaten mutineers retreat to Aquincum, where the Enemies' leader
    stands with no unit of his side; mutineers are hostile to both players, so he escapes, to
    Jazyges (Vindobona holds a legion); the mutineers' retreat checks both players' leaders."""
    st = _third_party("aquincum")
    out = Outcome()
    combat.do_retreat(st, out, "vindobona", "M", "aquincum")
    assert out.public == ["§8.3: the beaten force retreats to Aquincum.", "§8.3: Mut retreats from Vindobona to Aquincum.",
                          "§7: Gen escapes to Jazyges."]
    assert (st.units["mut"].loc, st.leaders["gen"].loc) == ("aquincum", "jazyges")


def test_a_lone_leader_left_behind_by_a_retreat_is_asked_where_he_escapes_once() -> None:
    """§8.3 with §7: the mutineers leave Vindobona; the Enemies' leader stays there alone beside a
    Roman legion and escapes; with two zones open (Carnuntum freed, Italia freed) he is asked
    once where he goes (the retreat used to ask a second time)."""
    st = _third_party("vindobona")
    st.units["leg1"].loc = st.units["leg2"].loc = "rome"
    out = Outcome()
    combat.do_retreat(st, out, "vindobona", "M", "aquincum")
    assert [(d["kind"], d["role"], [c[0] for c in d["choices"]]) for d in st.pending] == [
        ("escape", "E", ["carnuntum", "italia"])]
    assert st.leaders["gen"].loc == "vindobona"


def test_mutineers_splitting_their_retreat_onto_a_lone_enemy_leader_make_him_escape() -> None:
    """§8.3 (AMB-24, a split retreat) with §7 and AMB-43: two beaten mutinous units split, one to
    Aquincum where the Enemies' leader stands alone, one to Carnuntum; once the last piece has
    gone, the leader, now beside units hostile to him, escapes to Jazyges (a d10 of 1)."""
    st = _third_party("aquincum")
    st.units["mut2"] = replace(st.units["mut"])
    object.__setattr__(st.board, "units", {**st.board.units, "mut2": st.board.units["mut"]})
    st.units["leg1"].loc = "rome"
    out = Outcome()
    data = {"zone": "vindobona", "attacker": False, "zones": ["aquincum", "carnuntum"]}
    combat.split_retreat(st, out, data, "M")
    first = st.pending.pop(0)
    combat.retreat_part(st, out, first["data"], "M", "aquincum")
    second = st.pending.pop(0)
    combat.retreat_part(st, out, second["data"], "M", "carnuntum")
    # two counters named Mut in one zone: the first carries its strength (AMB-110)
    assert out.public == ["§8.3: Mut (5 PF) retreats from Vindobona to Aquincum.",
                          "§8.3: Mut retreats from Vindobona to Carnuntum.", "§7: Gen escapes to Jazyges."]
    assert (st.units["mut"].loc, st.units["mut2"].loc, st.leaders["gen"].loc, st.pending) == (
        "aquincum", "carnuntum", "jazyges", [])


def test_two_step_losses_of_the_mutineers_are_told_in_the_plural() -> None:
    """§8.3 (AMB-03) with §6.3: two full mutinous legions take the two step losses of a 1/2 of 4
    without a question (one each); the line is the mutineers' own, in the plural."""
    st = _mutineer_in_vindobona(("vindobona",))
    st.units["mut"].reduced = False
    st.units["mut2"] = replace(st.units["mut"])
    object.__setattr__(st.board, "units", {**st.board.units, "mut2": st.board.units["mut"]})
    data = {"zone": "vindobona", "attacker": "R", "defender": "M", "codes": ("-", "1/2"), "a_leaders": [],
            "d_leaders": [], "civil": False, "total_pf": 12, "winner": None, "vp": False,
            "todo": [["M", "1/2", 4, 2, []]]}
    out = Outcome()
    combat._losses(st, out, data)
    assert (out.public, st.pending) == (["§8.3: Mut (10 PF) in Vindobona turns to its reduced side."] * 2  # AMB-109, 110
                                        + ["§8.3: the mutineers take 2 step losses (1/2 of 4)."], [])
    assert [(st.units[u].status, st.units[u].reduced) for u in ("mut", "mut2")] == [("map", True), ("map", True)]


def test_a_withdrawal_keeps_each_leader_s_own_limits_a_leader_without_his_people_stays_outside_the_empire() -> None:
    """§8.1 with §4.3 (``withdrawal_zones``): the Quadi chief's force in Carnuntum may step to
    Noricum, Quadi or Vindobona; with Marbod of the Marcomanni beside it, who has no unit of his
    own People to go with, only Quadi is left: §4.3 keeps a leader without his People's units out
    of the Empire, and the whole force goes where every one of its leaders may go."""
    p = Pos()
    p.extra_zones.append(ZoneDef("marco", "Marcomannia", peoples=("marcomanni",)))
    p.extra_edges.append(("marco", "quadi", 0))
    p.legions(3, "aquincum", prefix="k")
    p.leader("chief", "carnuntum", "E", people="quadi", cc=3)
    p.leader("marbod", "carnuntum", "E", people="marcomanni", cc=2)
    for i in range(3):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi", "marcomanni"]
    st = p.state()
    units = ["q0", "q1", "q2"]
    assert combat.withdrawal_zones(st, "carnuntum", "E", units, ["chief"], away_from_attackers=False) == [
        "noricum", "quadi", "vindobona"]
    assert combat.withdrawal_zones(st, "carnuntum", "E", units, ["chief", "marbod"], away_from_attackers=False) == ["quadi"]


# -- session 12: survivors of the whole-module run ------------------------------------------------
def _rome_attacked_in_carnuntum(*, scout_at: str | None = None, reserve: str = "danube") -> ImperatorGame:
    """Carnuntum: a Roman general (VS 3, CC 1) with legion A (PF 10, of the Rhine) and legion B
    (PF 5, of the Danube), attacked by two Quadi units; a Quadi unit holds Vindobona. The Enemies
    are to attack. With ``scout_at`` a Quadi leader stands alone there (no unit of his side)."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=3, cc=1)
    p.unit("a", "carnuntum", front="rhine", pf=10)
    p.unit("b", "carnuntum", front="danube", pf=5)
    p.unit("q0", "carnuntum", "E", people="quadi", pf=10)
    p.unit("q1", "carnuntum", "E", people="quadi", pf=10)
    p.unit("qv", "vindobona", "E", people="quadi", pf=4)
    if scout_at:
        p.leader("scout", scout_at, "E", people="quadi")
        p.unit("r1", "italia", front="interior").unit("r2", "raetia", front="rhine")
    p.kw["at_war"] = ["quadi"]
    p.kw["entered_from"] = {"carnuntum": ["quadi"]}
    return p.game(active="E", sub="combat", reserve_fronts=[reserve])


def test_an_evasion_with_picked_units_that_can_go_nowhere_fails_and_the_battle_is_fought() -> None:
    """§8.1 with §3.3: the general may take one unit (CC 1); with A (of the Rhine, a Reserve
    Front) he could reach Noricum, so the evasion is offered, but Rome picks B, of the Danube,
    which may not leave its Front: no zone is left, the evasion fails, and the whole force fights."""
    g = _rome_attacked_in_carnuntum(reserve="rhine")
    g.apply("enemies", Command("attack", {"zone": "carnuntum"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("evade", "rome", "§8.1")
    script(g, 1)
    g.apply("rome", Command("decide", {"id": d.id, "choice": "evade"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.section, d.default) == ("evade_unit", "§8.1", "a")
    assert [c.value for c in d.choices] == ["a", "b"]
    script(g, 5)
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "b"}))
    assert out.public[:2] == [
        "§8.1: the evasion fails; the battle is fought.",
        "§8.2: battle in Carnuntum; attacking: the Enemies of Rome (2 units, 20 PF); defending: Rome under Gen (2 units, 15 PF).",
    ]  # the whole force (A and B, 15 PF) fights: nothing left before the battle


def test_fuite_opportune_towards_the_attackers_zone_lets_the_player_pick_the_units() -> None:
    """§6.3 (AMB-53): Fuite opportune to Vindobona, where the attackers came from, which an
    evasion could not take; the chief (CC 1) takes one of his two units, picked by the Enemies
    among the units that may enter Vindobona (both), the strongest by default."""
    g = _chief_with_two_units_attacked(fuite=True, chief_cc=1)
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
    w = g.pending_decision()
    assert w is not None and w.kind == "bstrat"
    g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@vindobona"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section, d.default) == ("evade_unit", "enemies", "§6.3", "q0")
    assert d.prompt == "§6.3: Fuite opportune; pick a unit to go with the leaders (0 of 1 taken)."
    assert [(c.value, c.label) for c in d.choices] == [("q0", "Q0"), ("q1", "Q1")]


def test_a_lone_enemy_leader_in_the_zone_rome_evades_to_escapes() -> None:
    """§8.1 with §7: Rome's force evades to Noricum, where a Quadi leader stands with no unit of
    his side; now beside Roman units he escapes, to Carnuntum (Italia and Raetia hold legions;
    a d10 of 1: he lives). The check looks at both sides' leaders."""
    g = _rome_attacked_in_carnuntum(scout_at="noricum")
    st = g.state
    script(g, 1)
    out = Outcome()
    combat.evade_to(st, out, {"zone": "carnuntum", "leader": "gen", "leaders": ["gen"], "units": ["a", "b"]}, "noricum")
    assert out.public == ["§8.1: the evasion succeeds; Gen slips away to Noricum.",
                          "§8.1: Gen evades from Carnuntum to Noricum.",  # AMB-109: a line per piece
                          "§8.1: A evades from Carnuntum to Noricum.", "§8.1: B evades from Carnuntum to Noricum.",
                          "§7: Scout escapes to Carnuntum."]
    assert (st.leaders["scout"].loc, st.units["a"].loc, st.pending) == ("carnuntum", "noricum", [])


def test_a_lone_enemy_leader_in_the_zone_of_romes_fuite_opportune_escapes() -> None:
    """§6.3 with §7: the same when the two Roman legions leave Carnuntum by Fuite opportune, with
    no leader (the general is away in Roma): the Quadi leader in Noricum escapes to Carnuntum."""
    g = _rome_attacked_in_carnuntum(scout_at="noricum")
    st = g.state
    st.leaders["gen"].loc = "rome"
    script(g, 1)
    out = Outcome()
    combat.fuite(st, out, "carnuntum", "R", "noricum")
    assert out.public == ["§6.3: the force in Carnuntum slips away to Noricum; no battle.",
                          "§6.3: A slips away from Carnuntum to Noricum.",  # AMB-109: a line per piece
                          "§6.3: B slips away from Carnuntum to Noricum.", "§7: Scout escapes to Carnuntum."]
    assert (st.leaders["scout"].loc, st.units["b"].loc, st.pending) == ("carnuntum", "noricum", [])


def test_a_lone_roman_leader_left_by_beaten_mutineers_beside_the_enemies_escapes() -> None:
    """§8.3 with §7 and AMB-43: the beaten mutineers have nothing left in Vindobona; the Roman
    general there, with no legion and a Quadi unit beside him, escapes to Aquincum, the one
    neighbour free of the Enemies' units (a d10 of 1: he lives)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("mut", None, "M", reduced=True, status="eliminated")
    p.leader("gen", "vindobona")
    for i, z in enumerate(("vindobona", "carnuntum", "italia")):
        p.unit(f"q{i}", z, "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(1, 1, phase="E", active="E")
    st = g.state
    out = Outcome()
    combat._retreat(st, out, "vindobona", "M", False, "E")
    assert (out.public, st.leaders["gen"].loc, st.pending) == (["§7: Gen escapes to Aquincum."], "aquincum", [])


def _beaten_in_vindobona(loser: str) -> ImperatorState:
    """Vindobona, with Alpes, an interior zone, added as its neighbour. For the Enemies: a Quadi
    chief with one Quadi unit (a unit of a People enters interior zones only with a leader of its
    People, §4.3; a People's leader moves inside the Empire only with a unit of his, §4.3). For
    Rome: legion U of the Rhine (a Reserve Front) and legion W of the Danube (which may not
    leave its Front, §3.3)."""
    from rules.imperator.model import ZoneDef

    p = Pos()
    p.extra_zones.append(ZoneDef("alpes", "Alpes", front="interior"))
    p.extra_edges.append(("vindobona", "alpes", 0))
    if loser == "E":
        p.leader("chief", "vindobona", "E", people="quadi")
        p.unit("u", "vindobona", "E", people="quadi", pf=4)
    else:
        p.unit("u", "vindobona", front="rhine", pf=4)
        p.unit("w", "vindobona", front="danube", pf=4)
    p.kw["at_war"] = ["quadi"]
    return p.state(reserve_fronts=["rhine"])


def _split(st: ImperatorState, loser: str, attacker: bool) -> tuple[dict[str, object], Outcome]:
    """AMB-24: the force's split retreat from Vindobona, its zones those of the whole force."""
    units, leaders = combat.force(st, "vindobona", loser)
    zones = combat.retreat_zones(st, "vindobona", loser, units, leaders, attacker)
    out = Outcome()
    combat.split_retreat(st, out, {"zone": "vindobona", "attacker": attacker, "zones": zones}, loser)
    return st.pending[-1], out


def _choices(decision: dict[str, object]) -> tuple[list[str], object]:
    choices = decision["choices"]
    assert isinstance(choices, list)
    return [c[0] for c in choices], decision["default"]


def test_a_unit_that_may_follow_its_leader_only_gets_its_own_zones_and_its_first_one_by_default() -> None:
    """AMB-24 with §4.3: the chief cannot go alone into a zone of the Empire, so he is offered
    the force's zones (Alpes first) and goes to Carnuntum; the Quadi unit alone may not enter
    Alpes or Italia (interior, its leader is not going there): it is offered Aquincum and
    Carnuntum, Aquincum by default (the force's first zone, Alpes, is not among them)."""
    st = _beaten_in_vindobona("E")
    first, out = _split(st, "E", attacker=False)
    assert (first["kind"], first["role"]) == ("retreat_part", "E")
    assert _choices(first) == (["alpes", "aquincum", "carnuntum", "italia"], "alpes")
    st.pending.pop()
    combat.retreat_part(st, out, first["data"], "E", "carnuntum")
    second = st.pending[-1]
    assert second["prompt"] == "§8.3: where does U retreat from Vindobona?"
    assert _choices(second) == (["aquincum", "carnuntum"], "aquincum")


def test_a_beaten_attacker_piece_may_follow_its_leader_back_where_it_came_from() -> None:
    """AMB-24 with §8.3: the Quadi came into Vindobona from Alpes and Carnuntum and lost their
    attack, so they may go back there; the chief takes Alpes, where a Quadi unit stands, and his
    unit may follow him there (not alone: interior) or go to Aquincum or Carnuntum on its own."""
    st = _beaten_in_vindobona("E")
    st.entered_from = {"vindobona": ["alpes", "carnuntum"]}
    st.units["qa"] = replace(st.units["u"], loc="alpes")
    object.__setattr__(st.board, "units", {**st.board.units, "qa": st.board.units["u"]})
    first, out = _split(st, "E", attacker=True)
    st.pending.pop()
    combat.retreat_part(st, out, first["data"], "E", "alpes")
    assert _choices(st.pending[-1]) == (["alpes", "aquincum", "carnuntum"], "alpes")


def test_a_split_legion_is_offered_the_forces_first_zone_by_default_when_it_may_go_there() -> None:
    """AMB-24 with §3.3: legion W may not leave the Danube Front, so the whole force may go only
    to Aquincum or Carnuntum; legion U, of a Reserve Front, may also go to Alpes or Italia, and
    its default is the force's first zone, Aquincum, not Alpes."""
    st = _beaten_in_vindobona("R")
    first, _out = _split(st, "R", attacker=False)
    assert first["prompt"] == "§8.3: where does U retreat from Vindobona?"
    assert _choices(first) == (["alpes", "aquincum", "carnuntum", "italia"], "aquincum")


def test_a_praetorian_cohort_lost_in_battle_can_complete_the_intrigue_au_senat_condition() -> None:
    """§6.2 (ruling "Markers act when their condition is met"): the Intrigue au Sénat marker in
    Roma leaves once an Augustus and every Praetorian cohort on the map stand there; the second
    cohort, lost in the battle of Vindobona, no longer counts, so the marker leaves right after
    the losses, with its line."""
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.unit("p1", "rome", front="interior", praetorian=True)
    p.unit("p2", None, front="interior", praetorian=True, status="eliminated")
    p.unit("leg0", "vindobona")
    p.unit("q0", None, "E", people="quadi", status="eliminated")
    p.kw["at_war"] = ["quadi"]
    st = p.state(active="R", sub="combat")
    st.chits_on_map["intrigue_au_senat#50"] = "rome"
    out = Outcome()
    data = {"zone": "vindobona", "attacker": "R", "defender": "E", "codes": ("-", "E"), "a_leaders": [],
            "d_leaders": [], "civil": False, "total_pf": 14, "winner": "R", "vp": False}
    combat._after_losses(st, out, data)
    assert out.public == ["§6: the Intrigue au Sénat marker leaves the map and goes back to the cup."]
    assert (st.chits_on_map, st.cup[-1]) == ({}, "intrigue_au_senat#50")


def _last_augustus_alone_at(zone: str, *, chief: bool) -> ImperatorState:
    """Two Roman legions (no leader) have entered Carnuntum from Vindobona against the Quadi (a
    chief with one unit and the Armenia unit, or with ``chief=False`` the unit and the Armenia
    unit alone); Rome's one leader, the Augustus, stands alone in ``zone``."""
    p = Pos()
    p.leader("aug", zone, title="augustus")
    p.legions(2, "carnuntum")
    if chief:
        p.leader("chief", "carnuntum", "E", people="quadi", cc=1)
    p.unit("q0", "carnuntum", "E", people="quadi", pf=8)
    p.unit("arm", "carnuntum", "E", people="armenia", pf=1)
    p.kw["at_war"] = ["quadi"]
    p.kw["entered_from"] = {"carnuntum": ["vindobona"]}
    return p.state(active="R", sub="combat", reserve_fronts=["danube"])


AUG_DIES = ["§7: Aug is dead (caught alone by enemy units).", "§10: 1 VP to enemies for the death of Aug.",
            "§3.6: no Roman general is left to take the purple; the Enemies of Rome win."]


def test_no_battle_follows_an_evasion_that_ends_the_game() -> None:
    """§8.1 with §7 and §3.6: the chief and his unit evade to Noricum, where the Augustus, Rome's
    last leader, stands alone; he must escape and rolls a 9: he dies, nobody can take the purple,
    the Enemies win. The Armenia unit left in Carnuntum with the legions fights no battle."""
    st = _last_augustus_alone_at("noricum", chief=True)
    assert isinstance(st.dice, ScriptedDice)
    st.dice.script.append(9)  # the escape d10
    out = Outcome()
    combat.evade_to(st, out, {"zone": "carnuntum", "leader": "chief", "leaders": ["chief"], "units": ["q0"]}, "noricum")
    assert out.public == ["§8.1: the evasion succeeds; Chief slips away to Noricum.",
                          "§8.1: Chief evades from Carnuntum to Noricum.",  # AMB-109: a line per piece
                          "§8.1: Q0 evades from Carnuntum to Noricum.", *AUG_DIES]
    assert st.game_over is True


def test_no_battle_follows_a_fuite_opportune_that_ends_the_game() -> None:
    """§6.3 with §7 and §3.6: the leaderless Quadi unit slips away home to Quadi, where the
    Augustus, Rome's last leader, stands alone; he must escape and rolls a 9: the Enemies win, and
    the Armenia unit left in Carnuntum with the legions fights no battle."""
    st = _last_augustus_alone_at("quadi", chief=False)
    assert isinstance(st.dice, ScriptedDice)
    st.dice.script.append(9)  # the escape d10
    out = Outcome()
    combat.fuite(st, out, "carnuntum", "E", "quadi")
    assert out.public == ["§6.3: the force in Carnuntum slips away to Quadi; the units left behind fight.",
                          "§6.3: Q0 slips away from Carnuntum to Quadi.", *AUG_DIES]  # AMB-109
    assert st.game_over is True
