"""Conformance: catalogue cases (imperator-cases.md) run through the engine with a built position."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, civil_war_in_vindobona, script, where

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import adjust, engine, politics
from rules.imperator.game import ImperatorGame


def cmd(g: ImperatorGame, seat: str, name: str, **args: object) -> Outcome:
    return g.apply(seat, Command(name, dict(args)))


def refused(g: ImperatorGame, seat: str, name: str, *, section: str, **args: object) -> RuleError:
    """The command is refused, citing ``section`` (a refusal for another rule fails the test)."""
    with pytest.raises(RuleError) as e:
        g.apply(seat, Command(name, dict(args)))
    assert e.value.section == section, (e.value.section, str(e.value))
    return e.value


def rome_start(year: int = 175, cp: int = 4, vs: int = 3, cp2: int | None = None, vs2: int | None = None) -> Pos:
    p = Pos(year)
    p.leader("aug", "rome", title="augustus", cp=cp, vs=vs)
    if cp2 is not None:
        p.leader("aug2", "rome", title="augustus", cp=cp2, vs=vs2 or 1)
    p.legions(2, "vindobona")
    return p


# ---------------------------------------------------------------------------------------------
# A. Sequence
# ---------------------------------------------------------------------------------------------


def _initiative(p: Pos, roll: int) -> str:
    st = p.state(phase="A")
    st.dice.script.append(roll)  # type: ignore[attr-defined]
    st.dice.script.append(0)  # reserve fronts d10  # type: ignore[attr-defined]
    engine.start_turn(st, Outcome())
    return st.initiative


def test_IMP_005_initiative_tie_goes_to_enemies() -> None:
    assert _initiative(rome_start(cp=4), 4) == "E"
    assert _initiative(rome_start(cp=4), 3) == "R"


def test_IMP_006_two_augusti_use_best_cp() -> None:
    assert _initiative(rome_start(cp=2, cp2=5), 4) == "R"


def _smc(p: Pos, initiative: str = "R") -> tuple[int, dict[str, int], list[str]]:
    st = p.state(phase="C")
    st.initiative = initiative
    engine.phase_d(st, Outcome())
    return st.smc_total, st.smc_left, st.smc_order


def test_IMP_008_smc_count_203_example() -> None:
    p = rome_start(year=203, vs=4)
    p.leader("maetae_chief", "quadi", "E", people="quadi", vs=1)
    total, left, order = _smc(p)
    assert total == 5 and left == {"R": 3, "E": 2}
    assert order == ["R", "E", "R", "E", "R"]


def test_IMP_009_even_total_split() -> None:
    p = rome_start(vs=3)
    p.leader("chief", "quadi", "E", people="quadi", vs=3)
    total, left, order = _smc(p, "E")
    assert total == 6 and left == {"R": 3, "E": 3} and order[0] == "E"


def test_IMP_011_two_augusti_best_vs() -> None:
    p = rome_start(vs=2, cp2=3, vs2=4)
    p.leader("chief", "quadi", "E", people="quadi", vs=1)
    assert _smc(p)[0] == 5


def test_IMP_013_no_enemy_leader_in_play() -> None:
    p = rome_start(vs=3)
    p.leader("chief", "quadi", "E", people="quadi", vs=3)
    p.leaders["chief"].pax = True
    total, left, _ = _smc(p)
    assert total == 3 and left == {"R": 2, "E": 1}


def test_IMP_018_pax_romana_turn_skips_to_f() -> None:
    p = rome_start()
    st = p.state(phase="C")
    st.step = "C1"
    out = Outcome()
    year = st.year
    engine._after_c(st, out)
    # phase F ran (turn advanced); Pax VP scored: Rome +3 (pax) +1 (no civil war) +1 (Augustus in Rome)
    assert st.year == year + 1
    assert st.vp["rome"] == 5 and st.vp["enemies"] == -1 + 1  # -1 pax, +1 no praetorians in Rome


# ---------------------------------------------------------------------------------------------
# B. The Empire
# ---------------------------------------------------------------------------------------------


def _reserve(vs: int, roll: int, vs2: int | None = None) -> int:
    p = rome_start(vs=vs, cp2=1 if vs2 else None, vs2=vs2)
    st = p.state(phase="A")
    st.dice.script.extend([1, roll])  # type: ignore[attr-defined]
    engine.start_turn(st, Outcome())
    return st.reserve_max


def test_IMP_024_reserve_lowest_roll() -> None:
    assert _reserve(4, 0) == 1


def test_IMP_025_reserve_rounds_down() -> None:
    assert _reserve(4, 3) == 1


def test_IMP_027_reserve_high_roll() -> None:
    assert _reserve(4, 9) == 3


def test_IMP_028_zero_reserve_fronts() -> None:
    assert _reserve(1, 2) == 0


def test_IMP_029_two_emperors_best_vs() -> None:
    assert _reserve(2, 5, vs2=4) == 2


def test_IMP_030_choose_fewer_reserve_fronts() -> None:
    g = rome_start().game(phase="C", reserve_max=2)
    cmd(g, "rome", "reserve", fronts=["danube"])
    assert g.state.reserve_fronts == ["danube"]
    refused(g, "rome", "reserve", fronts=["danube", "rhine", "orient"], section="§3.2")


def test_IMP_031_half_of_front_must_stay() -> None:
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    g = p.game(reserve_fronts=["danube"])
    e = refused(g, "rome", "move", leader="gen", units=["leg0", "leg1"], to="italia", section="§3.3")
    assert "§3.3" in str(e)
    cmd(g, "rome", "move", leader="gen", units=["leg0"], to="italia")


def test_IMP_033_legion_may_not_leave_its_front() -> None:
    p = Pos()
    p.unit("xiii", "vindobona")
    p.legions(3, "aquincum")
    g = p.game()
    assert "§3.3" in str(refused(g, "rome", "move", unit="xiii", to="italia", section="§3.3"))
    cmd(g, "rome", "move", unit="xiii", to="carnuntum")


def test_IMP_034_reserve_front_lets_units_leave() -> None:
    p = Pos()
    p.unit("xiii", "vindobona")
    p.legions(3, "aquincum")
    g = p.game(reserve_fronts=["danube"])
    cmd(g, "rome", "move", unit="xiii", to="italia")
    assert where(g, "xiii") == "italia"


def test_IMP_036_reserve_front_excess_costs_3vp() -> None:
    p = Pos()
    p.leader("aug", "italia", title="augustus")
    p.unit("rh1", "italia", front="rhine", home="raetia")
    p.unit("rh2", "raetia", front="rhine")
    p.unit("da1", "italia", front="danube", home="vindobona")
    st = p.state(phase="F", reserve_max=1, reserve_fronts=["danube"])
    st.vp = {"rome": 0, "enemies": 0}
    adjust.positional_vp(st, Outcome())
    # +1 no civil war, -3 one Front (Rhine) over the limit; no Augustus in Rome
    assert st.vp["rome"] == 1 - 3


def test_IMP_037_limits_lifted_for_defected_front() -> None:
    p = Pos()
    p.unit("xiii", "vindobona")
    p.unit("rh", "raetia", front="rhine")
    g = p.game(defected_fronts=["danube"])
    cmd(g, "rome", "move", unit="xiii", to="italia")
    assert "§3.3" in str(refused(g, "rome", "move", unit="rh", to="noricum", section="§3.3"))


def test_IMP_038_create_vexillation() -> None:
    p = Pos()
    p.legions(3, "vindobona")
    p.legions(2, "aquincum", prefix="other")
    p.unit("vex_d", None, front="danube", kind="vexillation", status="pool", qu=3)
    g = p.game(phase="C")
    cmd(g, "rome", "vexillation", action="create", units=["leg0", "leg1", "leg2"])
    st = g.state
    assert all(st.units[f"leg{i}"].reduced for i in range(3))
    assert st.units["vex_d"].status == "map" and st.units["vex_d"].loc == "vindobona"
    assert not st.units["vex_d"].reduced


def test_IMP_039_vexillation_needs_legions_in_their_front() -> None:
    p = Pos()
    p.legions(2, "vindobona")
    p.unit("away", "raetia")
    p.unit("vex_d", None, front="danube", kind="vexillation", status="pool")
    g = p.game(phase="C")
    refused(g, "rome", "vexillation", action="create", units=["leg0", "leg1", "away"], section="§3.4")


def test_IMP_040_at_most_six_vexillations() -> None:
    p = Pos()
    p.legions(3, "vindobona")
    for i in range(6):
        p.unit(f"v{i}", "aquincum", front="danube", kind="vexillation")
    p.unit("v6", None, front="danube", kind="vexillation", status="pool")
    g = p.game(phase="C")
    assert "6" in str(refused(g, "rome", "vexillation", action="create", units=["leg0", "leg1", "leg2"], section="§3.4"))
    p.leader("usurper", "antiochia", "E", title="usurper")
    g = p.game(phase="C")
    out = cmd(g, "rome", "vexillation", action="create", units=["leg0", "leg1", "leg2"])
    # §2.C "s'il le désire": the vexillation is Rome's command, formed from the legions it names
    assert out.public == ["§3.4: V6 formed in Vindobona."]
    assert (g.state.units["v6"].status, g.state.units["v6"].loc) == ("map", "vindobona")
    assert [g.state.units[f"leg{i}"].reduced for i in range(3)] == [True, True, True]


def test_vexillation_reinforcement_usable_in_phase_c() -> None:
    """§9.1: a vexillation raised this year may be formed in phase C, before phase D."""
    import dataclasses

    p = rome_start(year=176)
    p.legions(3, "aquincum", prefix="x")
    p.unit("vex_new", None, front="danube", kind="vexillation", status="out")
    p.unit_defs["vex_new"] = dataclasses.replace(p.unit_defs["vex_new"], enters=176)
    st = p.state(phase="A")
    st.dice.script.extend([1, 0])  # type: ignore[attr-defined]  # initiative to Rome, Reserve Fronts d10
    engine.start_turn(st, Outcome())
    assert st.phase == "C" and st.active == "R"
    assert st.units["vex_new"].status == "pool"
    g = ImperatorGame(st)
    cmd(g, "rome", "vexillation", action="create", units=["x0", "x1", "x2"])
    assert g.state.units["vex_new"].status == "map" and g.state.units["vex_new"].loc == "aquincum"


def _dissolve_pos(reduced_vex: bool) -> ImperatorGame:
    p = Pos()
    p.unit("vex_d", "vindobona", front="danube", kind="vexillation", reduced=reduced_vex)
    p.unit("l_here", "vindobona", reduced=True)
    p.unit("l_a", "aquincum", reduced=True)
    p.unit("l_b", "carnuntum", reduced=True)
    return p.game(phase="C")


def test_IMP_041_dissolve_full_vexillation() -> None:
    g = _dissolve_pos(False)
    cmd(g, "rome", "vexillation", action="dissolve", vexillation="vex_d")
    st = g.state
    assert st.units["vex_d"].status == "pool"
    assert not any(st.units[u].reduced for u in ("l_here", "l_a", "l_b"))


def test_IMP_042_dissolve_reduced_vexillation() -> None:
    g = _dissolve_pos(True)
    refused(g, "rome", "vexillation", action="dissolve", vexillation="vex_d", units=["l_a", "l_b"], section="§3.4")
    cmd(g, "rome", "vexillation", action="dissolve", vexillation="vex_d", units=["l_here", "l_a"])
    assert g.state.units["l_b"].reduced and not g.state.units["l_here"].reduced


def test_IMP_043_dissolve_refused_away_from_home() -> None:
    p = Pos()
    p.unit("vex_d", "italia", front="danube", kind="vexillation")
    p.unit("l_a", "aquincum", reduced=True)
    refused(p.game(phase="C"), "rome", "vexillation", action="dissolve", vexillation="vex_d", section="§3.4")


def test_IMP_047_dropping_units_en_route() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=3)
    p.unit("a", "carnuntum")
    p.unit("b", "carnuntum")
    p.legions(3, "aquincum")
    g = p.game()
    refused(g, "rome", "move", leader="gen", units=["a", "b"], path=["vindobona", "aquincum"], drop={"vindobona": ["a", "b"]}, section="§3.5")
    cmd(g, "rome", "move", leader="gen", units=["a", "b"], path=["vindobona", "aquincum"], drop={"vindobona": ["a"]})
    assert where(g, "a") == "vindobona" and where(g, "b") == "aquincum" and where(g, "gen") == "aquincum"


def test_IMP_048_unit_alone_moves_one_zone() -> None:
    p = Pos()
    p.unit("leg", "aquincum")
    p.legions(3, "vindobona", prefix="x")
    p.kw["at_war"] = ["jazyges"]
    g = p.game(reserve_fronts=["danube"])
    refused(g, "rome", "move", unit="leg", path=["vindobona", "carnuntum"], section="§3.5")
    cmd(g, "rome", "move", unit="leg", to="jazyges")  # across the river: 2 PM, still legal
    refused(g, "rome", "move", unit="leg", to="italia", section="§3.5")  # already moved


def test_IMP_049_rome_garrison_moves_with_augustus_or_caesar() -> None:
    p = Pos()
    p.unit("equites", "rome", front="interior", kind="garrison")
    p.leader("gen", "rome")
    p.leader("caes", "rome", title="caesar")
    g = p.game()
    refused(g, "rome", "move", unit="equites", to="italia", section="§3.5")
    refused(g, "rome", "move", leader="gen", units=["equites"], to="italia", section="§3.5")
    cmd(g, "rome", "move", leader="caes", units=["equites"], to="italia")


def _fleet_pos() -> Pos:
    p = Pos()
    p.fleet = True
    p.leader("sev", "ravenna", title="augustus", cc=4)
    p.unit("parth", "ravenna", front="interior", kind="garrison")
    p.unit("l1", "ravenna", front="interior", kind="garrison")
    p.unit("l2", "ravenna", front="interior", kind="garrison")
    return p


def test_IMP_052_naval_move_example() -> None:
    g = _fleet_pos().game()
    cmd(g, "rome", "sail", fleet="ravenna", to="mare", units=["parth"], leaders=["sev"], land="cyrene")
    assert where(g, "sev") == "cyrene" and where(g, "parth") == "cyrene"
    refused(g, "rome", "move", leader="sev", units=["parth"], to="mare", section="§3.5")


def test_IMP_053_fleet_capacity() -> None:
    g = _fleet_pos().game()
    refused(g, "rome", "sail", fleet="ravenna", to="mare", units=["parth", "l1", "l2"], land="cyrene", section="§3.5")
    cmd(g, "rome", "sail", fleet="ravenna", to="mare", units=["parth", "l1"], leaders=["sev"], land="cyrene")


def test_IMP_054_closed_waters() -> None:
    g = _fleet_pos().game()
    cmd(g, "rome", "sail", fleet="ravenna", to="mare")
    g.state.fleets["ravenna"].moved = False
    assert "§3.5" in str(refused(g, "rome", "sail", fleet="ravenna", to="oceanus", section="§3.5"))


def test_IMP_055_units_must_start_smc_in_port() -> None:
    p = _fleet_pos()
    p.unit("late", "rome", front="interior", kind="garrison")
    g = p.game()
    cmd(g, "rome", "move", leader="sev", units=["late"], path=["ravenna"]) if False else None
    g.state.moved["late"] = {"pm": 1}
    g.state.units["late"].loc = "ravenna"
    refused(g, "rome", "sail", fleet="ravenna", to="mare", units=["late"], land="cyrene", section="§3.5")


def test_IMP_056_one_sea_step_per_smc() -> None:
    g = _fleet_pos().game()
    cmd(g, "rome", "sail", fleet="ravenna", to="mare")
    refused(g, "rome", "sail", fleet="ravenna", to="port", section="§3.5")


def test_IMP_057_neptune_forbids_naval_moves() -> None:
    g = _fleet_pos().game(event=9)
    refused(g, "rome", "sail", fleet="ravenna", to="mare", section="Event 9")


def test_IMP_058_fleet_lost_at_sea() -> None:
    p = _fleet_pos()
    p.unit("leg", "ravenna", front="danube", home="vindobona")
    st = p.state(phase="F", year=178)
    st.year = 178
    st.fleets["ravenna"].at = "mare"
    st.units["leg"].fleet = "ravenna"
    st.units["leg"].loc = None
    st.leaders["sev"].title = None
    st.leaders["sev"].fleet = "ravenna"
    adjust.adjustments(st, Outcome())
    assert st.fleets["ravenna"].status == "lost" and st.fleets["ravenna"].back_year == 184
    assert st.units["leg"].status == "map" and st.units["leg"].loc == "vindobona" and not st.units["leg"].reduced
    assert st.leaders["sev"].status == "dead"


def test_IMP_060_marc_aurele_names_only_commode() -> None:
    p = Pos()
    p.leader("marc_aurele", "rome", title="augustus")
    p.leader("commode", "rome")
    p.leader("pertinax", "aquincum")
    g = p.game(phase="D")
    refused(g, "rome", "designate", leader="pertinax", title="caesar", section="§3.6")
    cmd(g, "rome", "designate", leader="commode", title="caesar")


def test_IMP_061_septime_nominations() -> None:
    p = Pos()
    p.leader("septime_severe", "rome", title="augustus")
    p.leader("caracalla", "rome")
    p.leader("albinus", "rome")
    g = p.game(phase="D")
    refused(g, "rome", "designate", leader="albinus", title="augustus", section="§3.6")
    cmd(g, "rome", "designate", leader="albinus", title="caesar")
    cmd(g, "rome", "designate", leader="caracalla", title="augustus")
    # §2.D, §3.6: the titles are those the Roman player's commands named
    assert {x: g.state.leaders[x].title for x in ("septime_severe", "caracalla", "albinus")} == {
        "septime_severe": "augustus", "caracalla": "augustus", "albinus": "caesar"}


def test_IMP_062_commode_names_nobody() -> None:
    p = Pos()
    p.leader("commode", "rome", title="augustus")
    p.leader("pertinax", "rome")
    g = p.game(phase="D")
    refused(g, "rome", "designate", leader="pertinax", title="caesar", section="§3.6")


def test_IMP_063_no_nominations_in_civil_war() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("gen", "rome")
    p.leader("usurper", "antiochia", "E", title="usurper")
    g = p.game(phase="D")
    refused(g, "rome", "designate", leader="gen", title="caesar", section="§3.6")


def test_IMP_064_nominations_only_in_phase_d() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("gen", "rome")
    refused(p.game(phase="C"), "rome", "designate", leader="gen", title="caesar", section="§3.6")
    refused(p.game(phase="E"), "rome", "designate", leader="gen", title="caesar", section="§3.6")


def _kill(p: Pos, lid: str, **kw: object) -> tuple[object, Outcome]:
    st = p.state(**kw)  # type: ignore[arg-type]
    out = Outcome()
    politics.kill_leader(st, out, lid, "test")
    return st, out


def test_IMP_065_succession_second_augustus() -> None:
    p = Pos()
    p.leader("sev", "rome", title="augustus")
    p.leader("cara", "rome", title="augustus")
    p.leader("geta", "rome", title="caesar")
    st, _ = _kill(p, "sev")
    assert st.augusti() == ["cara"] and st.caesars() == ["geta"]  # type: ignore[attr-defined]


def test_IMP_066_succession_single_caesar() -> None:
    p = Pos()
    p.leader("sev", "rome", title="augustus")
    p.leader("cara", "rome", title="caesar")
    st, _ = _kill(p, "sev")
    assert st.augusti() == ["cara"]  # type: ignore[attr-defined]


def test_IMP_067_succession_two_caesars() -> None:
    p = Pos()
    p.leader("sev", "rome", title="augustus")
    p.leader("cara", "rome", title="caesar")
    p.leader("geta", "rome", title="caesar")
    st, _ = _kill(p, "sev")
    assert sorted(st.augusti()) == ["cara", "geta"]  # type: ignore[attr-defined]


def test_IMP_068_succession_without_heir() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("interior_gen", "italia", cp=2)
    p.leader("front_gen", "antiochia", cp=3)
    p.unit("ant_leg", "antiochia", front="orient")
    g = p.game()
    st = g.state
    politics.kill_leader(st, Outcome(), "aug", "test")
    dec = g.pending_decision()
    assert dec is not None and dec.seat == "rome" and {c.value for c in dec.choices} == {"interior_gen", "front_gen"}
    cmd(g, "rome", "decide", id=dec.id, choice="interior_gen")
    dec2 = g.pending_decision()
    assert dec2 is not None and dec2.seat == "enemies"
    assert [c.value for c in dec2.choices] == ["front_gen"]  # interior generals cannot usurp
    script(g, 9)  # C/ spread roll fails if asked
    cmd(g, "enemies", "decide", id=dec2.id, choice="front_gen")
    st = g.state
    assert st.leaders["interior_gen"].title == "augustus"
    assert st.leaders["front_gen"].title == "usurper" and st.leaders["front_gen"].rebel
    assert st.units["ant_leg"].owner == "E"


def test_IMP_070_two_augusti_at_start() -> None:
    p = Pos(161)
    p.leader("marc_aurele", "rome", title="augustus")
    p.leader("lucius_verus", "rome", title="augustus")
    assert sorted(p.state().augusti()) == ["lucius_verus", "marc_aurele"]


# ---------------------------------------------------------------------------------------------
# D. Usurpation
# ---------------------------------------------------------------------------------------------


def _usurp_pos() -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("cassius", "antiochia", cp=4)
    p.leader("g1", "antiochia", cp=2)
    p.leader("g2", "antiochia", cp=2)
    p.legions(3, "antiochia", front="orient", prefix="ant")
    p.leader("tested", "emesa", cp=3)
    p.unit("emesa_leg", "emesa", front="orient")
    return p


def test_IMP_097_usurper_zone_joins() -> None:
    st = _usurp_pos().state()
    st.dice.script.extend([1])  # type: ignore[attr-defined]  # B/ test of "tested" fails (1 < 3)
    politics.validate_usurpation(st, Outcome(), "cassius", 0)
    assert st.leaders["cassius"].title == "usurper"
    assert all(st.leaders[g].owner == "E" and st.leaders[g].rebel for g in ("g1", "g2"))
    assert all(st.units[f"ant{i}"].owner == "E" for i in range(3))
    assert st.leaders["tested"].owner == "R"


def test_IMP_098_rest_of_front_tested() -> None:
    st = _usurp_pos().state()
    st.dice.script.extend([3])  # type: ignore[attr-defined]
    politics.validate_usurpation(st, Outcome(), "cassius", 0)
    assert st.leaders["tested"].owner == "E" and st.units["emesa_leg"].owner == "E"
    st = _usurp_pos().state()
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    politics.validate_usurpation(st, Outcome(), "cassius", 0)
    assert st.leaders["tested"].owner == "R"


def test_IMP_099_caesar_stays_loyal() -> None:
    p = _usurp_pos()
    p.leaders["tested"].title = "caesar"
    st = p.state()
    n = len(st.dice.script)  # type: ignore[attr-defined]
    politics.validate_usurpation(st, Outcome(), "cassius", 0)
    assert st.leaders["tested"].owner == "R" and st.units["emesa_leg"].owner == "R"
    assert not [r for r in st.dice.rolls if "loyalty" in r.purpose] and n == 0


def test_IMP_100_one_test_per_zone_best_cp() -> None:
    p = _usurp_pos()
    p.leader("t2", "emesa", cp=3)
    p.leader("t3", "emesa", cp=1)
    st = p.state()
    st.dice.script.extend([0, 3])  # type: ignore[attr-defined]  # random pick among CP-3, then d6 3
    politics.validate_usurpation(st, Outcome(), "cassius", 0)
    loyalty = [r for r in st.dice.rolls if "loyalty" in r.purpose]
    assert len(loyalty) == 1
    assert all(st.leaders[x].owner == "E" for x in ("tested", "t2", "t3"))


def test_IMP_101_spread_to_neighbouring_front() -> None:
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4)
    p.leader("south_gen", "cyrene", cp=2)
    for roll, joined in ((3, True), (4, False)):
        st = p.state()
        st.dice.script.extend([roll, 6])  # type: ignore[attr-defined]
        politics.spread(st, Outcome(), "usurper", "southern")
        assert (st.leaders["south_gen"].owner == "E") is joined


def test_IMP_102_augustus_in_target_front() -> None:
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4)
    p.leader("aug", "cyrene", title="augustus")
    st = p.state()
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    politics.spread(st, Outcome(), "usurper", "southern")
    assert st.dice.rolls[-1].result == 4
    p.leaders["aug"].title = "caesar"
    st = p.state()
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    politics.spread(st, Outcome(), "usurper", "southern")
    assert st.dice.rolls[0].result == 3


def test_IMP_103_front_adjacency() -> None:
    b = Pos().board()
    assert b.fronts_adjacent("british", "rhine")
    assert b.fronts_adjacent("orient", "southern")
    assert not b.fronts_adjacent("orient", "danube")
    assert not b.fronts_adjacent("southern", "rhine")


def _rally_pos() -> ImperatorGame:
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=3, cc=4)
    p.unit("u_leg", "vindobona", "E", usurper="usurper")
    p.unit("l1", "aquincum")
    p.unit("l2", "aquincum")
    p.legions(4, "carnuntum", prefix="c")
    return p.game(active="E")


def test_IMP_104_rallying_leaderless_units() -> None:
    g = _rally_pos()
    cmd(g, "enemies", "move", leader="usurper", units=["u_leg"], to="aquincum")
    script(g, 3)
    cmd(g, "enemies", "rally", zone="aquincum")
    assert g.state.units["l1"].owner == "E" and g.state.units["l2"].owner == "E"
    cmd(g, "enemies", "move", leader="usurper", units=["u_leg", "l1", "l2"], to="vindobona")
    g = _rally_pos()
    cmd(g, "enemies", "move", leader="usurper", units=["u_leg"], to="aquincum")
    script(g, 4)
    cmd(g, "enemies", "rally", zone="aquincum")
    assert g.state.units["l1"].owner == "R"
    refused(g, "enemies", "move", leader="usurper", units=["u_leg"], to="vindobona", section="§3.5")


def test_IMP_105_rallying_a_vexillation() -> None:
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=6)
    p.unit("u_leg", "vindobona", "E", usurper="usurper")
    p.unit("vex", "aquincum", front="danube", kind="vexillation")
    g = p.game(active="E")
    cmd(g, "enemies", "move", leader="usurper", units=["u_leg"], to="aquincum")
    refused(g, "enemies", "rally", zone="aquincum", section="§4.5")
    p.unit("u2", "vindobona", "E", usurper="usurper")
    p.unit("u3", "vindobona", "E", usurper="usurper")
    g = p.game(active="E")
    cmd(g, "enemies", "move", leader="usurper", units=["u_leg", "u2", "u3"], to="aquincum")
    script(g, 1)
    cmd(g, "enemies", "rally", zone="aquincum")
    assert g.state.units["vex"].owner == "E"


def fight(g: ImperatorGame, att: str, zone: str, *rolls: int) -> Outcome:
    out = cmd(g, att, "attack", zone=zone)
    dec = g.pending_decision()
    if dec is not None and dec.kind == "evade":
        script(g, *rolls)
        return cmd(g, dec.seat, "decide", id=dec.id, choice="fight")
    return out


def _battle(p: Pos, att: str, zone: str, *rolls: int, active: str = "R") -> ImperatorGame:
    g = p.game(active=active, sub="combat")
    script(g, *rolls)
    fight(g, att, zone)
    return g


def test_IMP_107_augustus_defeated_wins_usurpation() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.unit("a1", "vindobona", pf=5)
    p.leader("usurper", "vindobona", "E", title="usurper", bt=0)
    p.legions(3, "vindobona", owner="E", usurper="usurper", prefix="u")
    p.legions(3, "aquincum", prefix="keep")
    g = _battle(p, "enemies", "vindobona", 6, active="E")  # 30 vs 5: 4/1, roll 6 -> R/A
    assert g.state.usurpation_success == "usurper"
    p2 = Pos()
    p2.leader("aug", "vindobona", title="augustus")
    p2.leader("aug2", "rome", title="augustus")
    p2.unit("a1", "vindobona", pf=5)
    p2.leader("usurper", "vindobona", "E", title="usurper")
    p2.legions(3, "vindobona", owner="E", usurper="usurper", prefix="u")
    p2.legions(3, "aquincum", prefix="keep")
    g = _battle(p2, "enemies", "vindobona", 6, active="E")
    assert g.state.usurpation_success is None


def test_IMP_108_usurper_killed_ends_usurpation() -> None:
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper")
    p.leader("follower", "emesa", "E", rebel=True, follows="usurper")
    p.unit("f_leg", "emesa", "E", front="orient", usurper="usurper")
    st = p.state()
    politics.kill_leader(st, Outcome(), "usurper", "test")
    assert st.leaders["follower"].owner == "R" and not st.leaders["follower"].rebel
    assert st.units["f_leg"].owner == "R" and not st.civil_war


def test_IMP_109_double_usurpation_distinct_fronts() -> None:
    p = Pos()
    p.leader("niger", "antiochia", "E", title="usurper")
    p.leader("albinus", "vindobona")
    p.leader("other_orient", "emesa")
    st = p.state()
    cands = politics.usurper_candidates(st, need_no_augustus=True)
    assert "albinus" in cands and "other_orient" not in cands
    st.c_fronts_used = ["rhine"]
    st.leaders["albinus"].title = "usurper"
    st.leaders["albinus"].owner = "E"
    politics.validate_usurpation(st, Outcome(), "albinus", 0)
    assert not [d for d in st.pending if d["kind"] == "spread"]  # the Rhine was already used


def test_IMP_111_double_usurpation_survivor_goes_on() -> None:
    p = Pos()
    p.leader("niger", "antiochia", "E", title="usurper")
    p.leader("albinus", "vindobona", "E", title="usurper")
    p.unit("al_leg", "vindobona", "E", usurper="albinus")
    st = p.state()
    politics.kill_leader(st, Outcome(), "niger", "test")
    assert st.civil_war and st.units["al_leg"].owner == "E"


def test_IMP_112_commode_succession() -> None:
    p = Pos()
    p.leader("commode", "vindobona", title="augustus")
    p.leader("helvius_pertinax", "aquincum")
    p.leader("didius_julianus", None)
    p.leaders["didius_julianus"].status = "out"
    p.unit("praetoria", "rome", front="interior", kind="garrison")
    st = p.state()
    politics.kill_leader(st, Outcome(), "commode", "test")
    assert st.leaders["helvius_pertinax"].title == "augustus"
    assert st.leaders["didius_julianus"].title == "usurper" and st.leaders["didius_julianus"].loc == "rome"
    assert st.units["praetoria"].owner == "E"


def test_IMP_116_vp_swap() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("usurper", "antiochia", "E", title="usurper")
    st = p.state()
    st.vp = {"rome": 32, "enemies": 24}
    st.usurpation_success = "usurper"
    politics.role_swap(st, Outcome())
    assert st.vp_of_role("R") == 24 and st.vp_of_role("E") == 32


def test_IMP_117_change_of_role() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("gen", "aquincum")
    p.leader("usurper", "antiochia", "E", title="usurper")
    p.leader("follower", "emesa", "E", rebel=True, follows="usurper")
    p.unit("u_leg", "antiochia", "E", front="orient", usurper="usurper")
    p.unit("loyal", "aquincum")
    p.unit("q", "quadi", "E", people="quadi")
    st = p.state()
    st.usurpation_success = "usurper"
    politics.role_swap(st, Outcome())
    assert st.leaders["aug"].status == "dead"
    assert st.leaders["usurper"].title == "augustus" and not st.leaders["usurper"].rebel
    assert all(st.leaders[x].owner == "R" for x in ("gen", "follower", "usurper"))
    assert st.units["u_leg"].owner == "R" and st.units["loyal"].owner == "R" and st.units["q"].owner == "E"
    assert st.roles == {"rome": "E", "enemies": "R"}


# ---------------------------------------------------------------------------------------------
# F. Movement
# ---------------------------------------------------------------------------------------------


def test_IMP_003_no_stacking_limit() -> None:
    p = Pos()
    p.legions(14, "aquincum")
    p.unit("x", "vindobona")
    g = p.game()
    cmd(g, "rome", "move", unit="x", to="aquincum")
    assert len(g.state.units_in("aquincum", "R")) == 15


def test_IMP_144_enemy_leader_does_not_block() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.unit("a", "carnuntum")
    p.legions(3, "aquincum", prefix="k")
    p.leader("enemy_gen", "vindobona", "E", people="quadi")
    g = p.game()
    cmd(g, "rome", "move", leader="gen", units=["a"], path=["vindobona", "aquincum"])
    assert where(g, "enemy_gen") == "vindobona" and g.state.leaders["enemy_gen"].status == "map"


def test_IMP_145_lone_leader_passes_enemy_units() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.unit("a", "carnuntum")
    p.legions(3, "aquincum", prefix="k")
    p.unit("enemy", "vindobona", "E", people="quadi")
    g = p.game()
    cmd(g, "rome", "move", leader="gen", path=["vindobona", "aquincum"])
    assert where(g, "gen") == "aquincum"  # alone, he passes the enemy units
    p.leaders["gen"].loc = "carnuntum"
    g = p.game()
    refused(g, "rome", "move", leader="gen", units=["a"], path=["vindobona", "aquincum"], section="§7")


def test_IMP_146_lone_leader_escape() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.unit("enemy", "vindobona", "E", people="quadi")
    g = p.game(9)
    cmd(g, "rome", "move", leader="gen", to="vindobona")
    assert g.state.leaders["gen"].status == "dead" and g.state.vp["enemies"] == 1
    g = p.game(4)
    cmd(g, "rome", "move", leader="gen", to="vindobona")
    dec = g.pending_decision()
    assert dec is not None
    cmd(g, "rome", "decide", id=dec.id, choice="aquincum")
    assert where(g, "gen") == "aquincum"


def test_IMP_147_major_river_costs_extra() -> None:
    p = Pos()
    p.leader("gen", "quadi", cc=2)
    p.unit("a", "quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    st = g.state
    from rules.imperator.movement import path_cost

    assert path_cost(st, "quadi", ["carnuntum"]) == 2
    assert path_cost(st, "carnuntum", ["vindobona"]) == 1


def test_IMP_152_two_pm_limit_outside_empire() -> None:
    p = Pos()
    p.leader("gen", "carnuntum", cc=3)
    p.legions(2, "carnuntum")
    p.legions(6, "aquincum", prefix="k")
    p.kw["at_war"] = ["quadi"]
    p.extra_edges.append(("carnuntum", "germ_n", 0))
    g = p.game(reserve_fronts=["danube"])
    # carnuntum -> germ_n (1) -> germ_far (2): allowed; carnuntum -> germ_n -> quadi -> ... 3 PM refused
    e = refused(g, "rome", "move", leader="gen", units=["leg0"], path=["germ_n", "germ_far", "germ_n"], section="§7.2")
    assert "§7.2" in str(e)
    cmd(g, "rome", "move", leader="gen", units=["leg0"], path=["germ_n", "germ_far"])


def test_IMP_153_two_pm_limit_not_when_passing_the_empire() -> None:
    p = Pos()
    p.leader("gen", "quadi", cc=3)
    p.unit("a", "quadi")
    p.legions(6, "aquincum", prefix="k")
    p.kw["at_war"] = ["quadi"]
    p.extra_edges.append(("carnuntum", "germ_n", 0))
    g = p.game(reserve_fronts=["danube"])
    cmd(g, "rome", "move", leader="gen", units=["a"], path=["carnuntum", "germ_n"])  # 2 + 1 = 3 PM
    assert where(g, "gen") == "germ_n" and g.state.units["a"].loc == "germ_n"


def test_IMP_154_eastern_zones_not_limited() -> None:
    p = Pos()
    p.extra_zones.append(__import__("rules.imperator.model", fromlist=["ZoneDef"]).ZoneDef("parthia2", "Parthia 2", peoples=("parthians",)))
    p.extra_edges.append(("parthia", "parthia2", 0))
    p.extra_edges.append(("parthia2", "cyrrhus", 0))
    p.leader("vologese", "parthia", "E", people="parthians", cc=3)
    p.unit("p1", "parthia", "E", people="parthians")
    p.kw["at_war"] = ["parthians"]
    g = p.game(active="E")
    cmd(g, "enemies", "move", leader="vologese", units=["p1"], path=["parthia2", "parthia", "parthia2"])
    assert where(g, "vologese") == "parthia2" and g.state.units["p1"].loc == "parthia2"  # 3 PM, no §7.2 limit


# ---------------------------------------------------------------------------------------------
# G. Combat
# ---------------------------------------------------------------------------------------------


def _evade_pos(vs: int = 3, cc: int = 2, units: int = 2) -> Pos:
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    p.legions(3, "aquincum", prefix="k")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=vs, cc=cc)
    for i in range(units):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    return p


def _attack_carnuntum(p: Pos) -> ImperatorGame:
    g = p.game(reserve_fronts=["danube"])
    cmd(g, "rome", "move", leader="gen", units=["leg0", "leg1"], to="carnuntum")
    cmd(g, "rome", "end")
    cmd(g, "rome", "attack", zone="carnuntum")
    return g


def test_IMP_156_evasion_succeeds() -> None:
    g = _attack_carnuntum(_evade_pos(vs=3))
    dec = g.pending_decision()
    assert dec is not None and dec.seat == "enemies"
    script(g, 2)
    cmd(g, "enemies", "decide", id=dec.id, choice="evade")
    to = g.pending_decision()
    assert to is not None and (to.seat, to.kind, to.section) == ("enemies", "evade_to", "§8.1")
    assert [c.value for c in to.choices] == ["noricum", "quadi"]  # not Vindobona, where Rome came from
    cmd(g, "enemies", "decide", id=to.id, choice="quadi")
    assert where(g, "chief") == where(g, "q0") == where(g, "q1") == "quadi"


def test_IMP_157_evasion_fails_on_tie() -> None:
    g = _attack_carnuntum(_evade_pos(vs=3))
    dec = g.pending_decision()
    assert dec is not None
    script(g, 3, 3)
    out = cmd(g, "enemies", "decide", id=dec.id, choice="evade")
    assert where(g, "chief") == "carnuntum" and where(g, "q0") == "carnuntum"  # nobody evaded
    assert any("evasion fails" in line for line in out.public)
    assert [r.natural for r in out.rolls if "§8.2 battle" in r.purpose] == [3]


def test_IMP_158_no_leader_no_evasion() -> None:
    p = _evade_pos()
    del p.leaders["chief"]
    del p.leader_defs["chief"]
    g = p.game(reserve_fronts=["danube"])
    cmd(g, "rome", "move", leader="gen", units=["leg0", "leg1"], to="carnuntum")
    cmd(g, "rome", "end")
    script(g, 3)
    out = cmd(g, "rome", "attack", zone="carnuntum")
    assert g.pending_decision().kind == "retreat"  # type: ignore[union-attr]  # battle lost at once
    assert [r.natural for r in out.rolls if "§8.2 battle" in r.purpose] == [3]


def test_no_evasion_offered_with_vs_1() -> None:
    """§8.1 (docs/rulings.md): a d6 under VS 1 cannot succeed, so no evasion is offered."""
    g = ImperatorGame(_evade_pos(vs=1).state(reserve_fronts=["danube"]))
    cmd(g, "rome", "move", leader="gen", units=["leg0", "leg1"], to="carnuntum")
    cmd(g, "rome", "end")
    script(g, 3)
    out = cmd(g, "rome", "attack", zone="carnuntum")
    assert g.pending_decision().kind == "retreat"  # type: ignore[union-attr]  # no evasion asked
    assert any("cannot evade" in line for line in out.public)
    g2 = _attack_carnuntum(_evade_pos(vs=2))  # VS 2: a 1 succeeds, so it is offered
    dec2 = g2.pending_decision()
    assert dec2 is not None and dec2.kind == "evade"


def test_IMP_159_evasion_not_towards_attackers_origin() -> None:
    from rules.imperator.combat import evasion_zones

    g = _attack_carnuntum(_evade_pos())
    zs = evasion_zones(g.state, "carnuntum", "E", "chief", ["q0"])
    assert "vindobona" not in zs


def test_IMP_160_evasion_limited_by_cc() -> None:
    g = _attack_carnuntum(_evade_pos(vs=3, cc=2, units=4))
    dec = g.pending_decision()
    assert dec is not None
    script(g, 1, 3)
    cmd(g, "enemies", "decide", id=dec.id, choice="evade")
    for pick in ("q3", "q1"):  # §8.1: the evading player picks the units, up to the CC (2)
        which = g.pending_decision()
        assert which is not None and (which.kind, which.section) == ("evade_unit", "§8.1")
        cmd(g, "enemies", "decide", id=which.id, choice=pick)
    to = g.pending_decision()
    assert to is not None and to.kind == "evade_to"
    cmd(g, "enemies", "decide", id=to.id, choice="quadi")
    assert [g.state.units[u].loc for u in ("q1", "q3")] == ["quadi", "quadi"]
    left = [u for u in ("q0", "q1", "q2", "q3") if g.state.units[u].loc == "carnuntum" or g.state.units[u].status != "map"]
    assert left == ["q0", "q2"]


def test_IMP_161_usurper_units_do_not_evade_out_of_empire() -> None:
    from rules.imperator.combat import evasion_zones

    p = Pos()
    p.leader("usurper", "carnuntum", "E", title="usurper")
    p.unit("u", "carnuntum", "E", usurper="usurper")
    st = p.state()
    assert "quadi" not in evasion_zones(st, "carnuntum", "E", "usurper", ["u"])


def test_IMP_169_force_bt() -> None:
    from rules.imperator.combat import force_bt

    p = Pos()
    p.leader("a", "vindobona", bt=1)
    p.leader("b", "vindobona", bt=2)
    p.unit("x", "aquincum", bt=1)
    p.unit("y", "aquincum", bt=0)
    p.unit("z", "aquincum", bt=0)
    st = p.state()
    assert force_bt(st, [], ["a", "b"]) == 2
    assert force_bt(st, ["x", "y", "z"], []) == 0


def test_IMP_170_outside_empire_modifiers() -> None:
    p = Pos()
    p.leader("gen", "quadi", bt=2)
    p.unit("r", "quadi", pf=10)
    p.leader("chief", "quadi", "E", people="quadi", bt=1)
    p.unit("q", "quadi", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g2 = p.game(active="R", sub="combat")
    out = fight(g2, "rome", "quadi", 3)
    mods = dict(out.rolls[0].modifiers)
    assert sum(mods.values()) == 0 and mods["§8.2 die b) EoR defends outside the Empire"] == -1


def test_IMP_171_civil_war_cp_modifier() -> None:
    g = civil_war_in_vindobona().game(active="R", sub="combat")
    out = fight(g, "rome", "vindobona", 3)
    assert dict(out.rolls[0].modifiers).get("§8.2 die d) attacker's better CP") == 1


def test_IMP_178_fractional_loss_example() -> None:
    p = Pos()
    p.legions(6, "vindobona", prefix="a", pf=10, qu=2)
    p.legions(3, "aquincum", prefix="k")
    for i in range(9):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=6, qu=2)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    # 60 vs 54 = 1/1; need 1/2 / A: column 1/1 row 6 -> 1/2/A
    script(g, 6)
    cmd(g, "rome", "attack", zone="vindobona")
    st = g.state
    reduced = [u for u in (f"a{i}" for i in range(6)) if st.units[u].reduced]
    assert len(reduced) == 4


def test_IMP_179_winner_losses_capped() -> None:
    p = Pos()
    p.legions(2, "vindobona", prefix="a", pf=10, qu=2)
    p.legions(3, "aquincum", prefix="k")
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10, qu=2, reduced=True)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    # 20 vs 20 (reduced 5 each) -> 1/1... the q are reduced: pf_r = 5 -> 20 vs 20 = 1/1
    # qualities 2 vs 1 -> +2 columns -> 3/2; row 5 on 3/2 -> 1/2/A ; use row 7 -> 1/4/A? need 3/4/A:
    # 3/2 column: row 3 -> 3/4/A
    script(g, 3)
    cmd(g, "rome", "attack", zone="vindobona")
    st = g.state
    assert all(st.units[f"q{i}"].status == "eliminated" for i in range(4))
    assert all(st.units[f"a{i}"].reduced and st.units[f"a{i}"].status == "map" for i in range(2))


def test_IMP_182_result_e_kills_leaders() -> None:
    p = Pos()
    p.leader("gen", "vindobona")
    p.unit("a", "vindobona", pf=2)
    p.legions(3, "aquincum", prefix="k")
    p.legions(3, "carnuntum", prefix="c")
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    script(g, 1)  # 2 vs 40: 1/3 column, row 1 -> A/R ; row -2 needed for E: roll 1 with -3? use BT
    g.state.leaders["gen"]  # noqa: B018
    p.leaders["gen"] = p.leaders["gen"]
    g = p.game(active="R", sub="combat")
    p2 = g.state
    p2.event = 3  # Romans -1 when attacking
    script(g, 1)  # 1 - 1 = 0 -> column 1/3 row 0 -> E/R
    cmd(g, "rome", "attack", zone="vindobona")
    assert g.state.units["a"].status == "eliminated" and g.state.leaders["gen"].status == "dead"
    assert g.state.vp["enemies"] == 1 + 1  # leader killed + battle of 42 PF


def test_IMP_183_no_retreat_eliminates() -> None:
    p = Pos()
    p.leader("chief", "vindobona", "E", people="quadi", vs=0)
    p.unit("q", "vindobona", "E", people="quadi", pf=5)
    p.legions(4, "vindobona", pf=10)
    for z in ("carnuntum", "aquincum", "italia"):
        p.unit(f"block_{z}", z)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    script(g, 6)
    cmd(g, "rome", "attack", zone="vindobona")
    assert g.state.units["q"].status == "eliminated" and g.state.leaders["chief"].status == "dead"


def test_IMP_184_rr_defender_holds() -> None:
    p = Pos()
    p.legions(2, "vindobona", prefix="a", pf=10)
    p.legions(3, "carnuntum", prefix="k")
    p.unit("q", "vindobona", "E", people="quadi", pf=20)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    g.state.entered_from = {"vindobona": ["carnuntum"]}
    script(g, 4)  # 1/1 row 4 -> R/R
    out = cmd(g, "rome", "attack", zone="vindobona")
    dec = g.pending_decision()
    if dec is not None:
        cmd(g, "rome", "decide", id=dec.id, choice=dec.default)
    assert "R/R" in " ".join(out.public)
    assert g.state.units["a0"].loc != "vindobona" and g.state.vp["enemies"] == 1


def test_IMP_186_battle_vp_threshold() -> None:
    for q_pf, vp in ((15, 1), (14, 0)):
        p = Pos()
        p.legions(2, "vindobona", prefix="a", pf=10)
        p.legions(3, "aquincum", prefix="k")
        p.unit("q", "vindobona", "E", people="quadi", pf=q_pf)
        p.kw["at_war"] = ["quadi"]
        g = p.game(active="R", sub="combat")
        script(g, 6)
        cmd(g, "rome", "attack", zone="vindobona")
        assert g.state.vp["rome"] == vp


def test_IMP_187_vp_for_leader_killed() -> None:
    p = Pos()
    p.leader("chief", "vindobona", "E", people="quadi")
    st = p.state()
    politics.kill_leader(st, Outcome(), "chief", "battle", killer="R")
    assert st.vp["rome"] == 1


def test_IMP_188_event_modifier_direction() -> None:
    p = Pos()
    p.unit("a", "vindobona", pf=10)
    p.legions(3, "aquincum", prefix="k")
    p.unit("q", "vindobona", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat", event=3)
    script(g, 3)
    out = cmd(g, "rome", "attack", zone="vindobona")
    assert dict(out.rolls[0].modifiers)["Events table, event 3: Legions lose heart"] == -1
    g = p.game(active="E", sub="combat", event=3)
    script(g, 3)
    out = cmd(g, "enemies", "attack", zone="vindobona")
    assert dict(out.rolls[0].modifiers)["Events table, event 3: Legions lose heart"] == 1


# ---------------------------------------------------------------------------------------------
# H. Adjustments, I. Victory
# ---------------------------------------------------------------------------------------------


def test_IMP_189_reinforcement_camps() -> None:
    p = Pos(168)
    p.extra_zones.append(__import__("rules.imperator.model", fromlist=["ZoneDef"]).ZoneDef("lauriacum", "Lauriacum", front="danube", camp=True, camp_from=169))
    st = p.state()
    assert not st.has_camp("lauriacum")
    st.year = 169
    assert st.has_camp("lauriacum")


def test_IMP_190_reinforcement_units() -> None:
    p = Pos(169)
    p.unit("ii_italica", None, home="carnuntum", status="out")
    p.unit_defs["ii_italica"] = p.unit_defs["ii_italica"].__class__(**{**p.unit_defs["ii_italica"].__dict__, "enters": 169})
    st = p.state(phase="D")
    engine._reinforcements(st, Outcome())
    assert st.units["ii_italica"].loc == "carnuntum" and st.units["ii_italica"].status == "map"


def _f(p: Pos) -> object:
    """Phase F adjustments, each placement choice answered with its default."""
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    while st.pending:
        d = st.pending[0]
        engine.decide(st, out, d["role"], d["id"], d["default"])
    return st


def test_IMP_192_units_outside_empire_go_home_reduced() -> None:
    p = Pos()
    p.unit("adiutrix", "quadi", home="vindobona")
    p.kw["at_war"] = ["quadi"]
    st = _f(p)
    assert st.units["adiutrix"].loc == "vindobona" and st.units["adiutrix"].reduced  # type: ignore[attr-defined]


def test_IMP_194_unit_in_own_front_goes_home_and_recovers() -> None:
    p = Pos()
    p.unit("rh", "noricum", front="interior", kind="garrison", reduced=True, home="rome")
    p.unit("d", "aquincum", home="vindobona", reduced=True)
    st = _f(p)
    assert st.units["d"].loc == "vindobona" and not st.units["d"].reduced  # type: ignore[attr-defined]


def test_IMP_195_unit_outside_own_front_stays_reduced() -> None:
    p = Pos()
    p.unit("d", "cyrrhus", home="vindobona")
    st = _f(p)
    assert st.units["d"].loc == "cyrrhus" and st.units["d"].reduced  # type: ignore[attr-defined]


def test_IMP_196_port_only_zone() -> None:
    p = Pos()
    p.unit("a", "ravenna", front="danube", home="vindobona")
    p.unit("b", "ravenna", front="danube", home="vindobona", reduced=True)
    st = _f(p)
    assert not st.units["a"].reduced and st.units["b"].reduced  # type: ignore[attr-defined]


def test_IMP_199_eliminated_units_return() -> None:
    p = Pos()
    p.unit("a", None, home="vindobona", status="eliminated")
    p.unit("b", None, home="aquincum", status="eliminated")
    p.unit("occ", "aquincum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = _f(p)
    assert st.units["a"].loc == "vindobona" and not st.units["a"].reduced  # type: ignore[attr-defined]
    assert st.units["b"].loc == "vindobona" and st.units["b"].reduced  # type: ignore[attr-defined]


def test_IMP_200_usurper_units_adjustments() -> None:
    p = Pos()
    p.leader("usurper", "cyrrhus", "E", title="usurper")
    p.unit("u1", "cyrrhus", "E", front="orient", usurper="usurper")
    p.unit("u2", None, "E", front="orient", usurper="usurper", status="eliminated")
    st = _f(p)
    assert st.units["u1"].reduced and st.units["u2"].loc == "cyrrhus" and st.units["u2"].reduced  # type: ignore[attr-defined]


def test_IMP_202_roman_leaders_outside_empire() -> None:
    p = Pos()
    p.leader("with", "quadi")
    p.leader("alone", "jazyges")
    p.unit("a", "quadi", home="vindobona")
    p.kw["at_war"] = ["quadi", "jazyges"]
    st = _f(p)
    assert st.leaders["with"].loc == "vindobona" and st.leaders["alone"].status == "dead"  # type: ignore[attr-defined]


def test_IMP_203_vexillations_need_reduced_legions() -> None:
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    p.unit("v2", "vindobona", front="danube", kind="vexillation", reduced=True)
    for i in range(8):
        p.unit(f"d{i}", "vindobona", reduced=i < 4)
    p.unit("vr", "raetia", front="rhine", kind="vexillation")
    for i in range(4):
        p.unit(f"r{i}", "raetia", front="rhine")
    st = _f(p)
    assert sum(st.units[f"d{i}"].reduced for i in range(8)) == 6  # type: ignore[attr-defined]
    assert sum(st.units[f"r{i}"].reduced for i in range(4)) == 3  # type: ignore[attr-defined]


def test_IMP_204_too_few_legions_removes_vexillations() -> None:
    p = Pos()
    p.unit("v1", "vindobona", front="danube", kind="vexillation")
    p.unit("v2", "vindobona", front="danube", kind="vexillation")
    for i in range(4):
        p.unit(f"d{i}", "vindobona")
    st = _f(p)
    on_map = [v for v in ("v1", "v2") if st.units[v].status == "map"]  # type: ignore[attr-defined]
    assert len(on_map) == 1


def test_IMP_206_major_people_pacified() -> None:
    p = Pos(179)
    p.leader("quadi_chief", "quadi", "E", people="quadi")
    p.unit("q1", None, "E", people="quadi", status="eliminated")
    p.kw["at_war"] = ["quadi"]
    st = _f(p)
    assert "quadi" not in st.at_war and st.locked["quadi"] == 185  # type: ignore[attr-defined]
    assert st.vp["rome"] == 2 and st.units["q1"].loc == "quadi" and st.leaders["quadi_chief"].pax  # type: ignore[attr-defined]


def test_IMP_205_minor_people_pacified() -> None:
    p = Pos(202)
    p.unit("rox", None, "E", people="jazyges", status="eliminated")
    p.board_peoples = None
    p.kw["at_war"] = ["jazyges"]
    st = p.state(phase="F")
    from dataclasses import replace

    st.board.peoples["jazyges"] = replace(st.board.peoples["jazyges"], major=False)
    adjust.adjustments(st, Outcome())
    assert st.vp["rome"] == 1 and st.units["rox"].status == "locked" and st.locked["jazyges"] == 208


def test_IMP_207_minor_people_still_at_war() -> None:
    p = Pos()
    p.unit("c1", "italia", "E", people="jazyges", reduced=True)
    p.unit("c2", None, "E", people="jazyges", status="eliminated")
    p.kw["at_war"] = ["jazyges"]
    st = _f(p)
    assert "jazyges" in st.at_war and not st.units["c1"].reduced  # type: ignore[attr-defined]
    assert st.units["c2"].loc == "jazyges"  # type: ignore[attr-defined]


def test_IMP_210_eor_positional_vp() -> None:
    p = Pos()
    p.leader("aug", "italia", title="augustus")
    p.leader("usurper", "antiochia", "E", title="usurper")
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi")
    p.unit("deep", "italia", "E", people="quadi")
    p.unit("u", "antiochia", "E", front="orient", usurper="usurper")
    p.kw["at_war"] = ["quadi"]
    st = p.state(phase="F")
    st.armenia = "parthian"
    st.rules["armenia"] = True
    adjust.positional_vp(st, Outcome())
    assert st.vp["enemies"] == 4 + 3 + 1 + 3 + 1


def test_IMP_211_pax_romana_vp() -> None:
    p = Pos()
    p.unit("praet", "rome", front="interior", kind="garrison", praetorian=True)
    st = p.state(phase="F", pax_turn=True)
    adjust.positional_vp(st, Outcome())
    assert st.vp["rome"] == 3 + 1 and st.vp["enemies"] == -1


@pytest.mark.parametrize(
    ("rome", "enemies", "level"),
    [(21, 10, "decisive"), (20, 10, "plain"), (51, 10, "definitive"), (50, 10, "decisive"), (15, 15, ""), (5, 0, "definitive")],
)
def test_IMP_212_victory_levels(rome: int, enemies: int, level: str) -> None:
    st = Pos().state(phase="F")
    st.vp = {"rome": rome, "enemies": enemies}
    engine.final_result(st, Outcome())
    assert st.result is not None and st.result["level"] == level
    assert (st.result["winners"] == []) == (rome == enemies)


# ---------------------------------------------------------------------------------------------
# §3.6 Corporis Custodes
# ---------------------------------------------------------------------------------------------


def _custodes_game() -> ImperatorGame:
    p = rome_start(cp=4, vs=3, cp2=2, vs2=1)
    p.leader("caes", "raetia", title="caesar")
    p.leader("legate", "vindobona")
    return p.game(custodes="aug")


def test_custodes_order_moves_the_marker_in_phase_f() -> None:
    g = _custodes_game()
    assert "custodes" in [a.name for a in g.actions("rome")]
    cmd(g, "rome", "custodes", leader="caes")
    assert g.state.custodes == "aug"  # §3.6: it only moves in phase F
    out = Outcome()
    engine.reassign_custodes(g.state, out)
    assert g.state.custodes == "caes" and g.state.custodes_order is None


def test_custodes_order_refused_for_untitled_or_enemy() -> None:
    g = _custodes_game()
    refused(g, "enemies", "custodes", leader="caes", section="§3.6")
    assert "§3.6" in str(refused(g, "rome", "custodes", leader="legate", section="§3.6"))
    refused(g, "rome", "custodes", leader="nobody", section="§3.6")


def test_custodes_without_order_stays_then_follows_first_holder_on_death() -> None:
    g = _custodes_game()
    st = g.state
    engine.reassign_custodes(st, Outcome())
    assert st.custodes == "aug"
    cmd(g, "rome", "custodes", leader="caes")
    st = g.state
    st.leaders["caes"].status = "dead"  # the ordered holder died before phase F
    st.leaders["aug"].status = "dead"
    st.custodes = None
    engine.reassign_custodes(st, Outcome())
    assert st.custodes == "aug2"
