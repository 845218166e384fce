"""Conformance tests: catalogue cases IMP-xxx that are purely about the Imperator tables.

One test per case of /work/shared/rules-notes/imperator-cases.md that needs no engine state:
section G where only table arithmetic is involved, section J (Leader Arrival and Death table),
section K (Events table), plus the section E cases that are pure table/stratagem-data lookups.
Cases resting on a recommended reading cite the AMB id; the ruling is in docs/rulings.md.

Cases of G left to the engine: IMP-159, 160, 161, 183, 187 (they need zones, stacks, VP state).
"""

from __future__ import annotations

import pytest

from rules.imperator import combat_math as C
from rules.imperator import tables as T

# ---------------------------------------------------------------------------------------------
# G. Combat
# ---------------------------------------------------------------------------------------------


def test_IMP_156_evasion_succeeds() -> None:
    assert C.evasion_succeeds(best_vs=3, d6=2)


def test_IMP_157_evasion_fails_on_tie() -> None:
    assert not C.evasion_succeeds(best_vs=3, d6=3)


def test_IMP_158_no_leader_no_evasion() -> None:
    assert not any(C.evasion_succeeds(best_vs=None, d6=d) for d in range(1, 7))


def test_IMP_162_odds_rounding_example() -> None:
    assert T.odds_column(55, 37) == "5/4"


def test_IMP_163_exact_boundary() -> None:  # AMB-04
    assert T.odds_column(30, 20) == "3/2"


def test_IMP_164_odds_below_one() -> None:
    assert T.odds_column(37, 55) == "2/3"
    assert T.odds_column(19, 20) == "4/5"
    assert T.odds_column(20, 20) == "1/1"
    assert T.odds_column(12, 36) == "1/3"
    assert T.odds_column(10, 40) == "1/3"
    assert T.odds_column(45, 10) == "4/1"


def test_IMP_165_average_quality_example() -> None:
    assert T.average_rating([1, 1, 3]) == 1


def test_IMP_166_column_shift_attacker_quality() -> None:
    assert C.quality_column_shift(2, 1) == 2
    assert C.quality_column_shift(3, 2) == 1
    assert C.quality_column_shift(2, 2) == 0


def test_IMP_167_column_shift_defender_quality() -> None:
    assert C.quality_column_shift(1, 2) == -2
    assert C.quality_column_shift(2, 3) == -1


def test_IMP_168_column_shift_at_edge() -> None:  # AMB-05
    r = T.battle_result("4/1", 5, column_shift=2)
    assert r.column == "4/1"
    assert r.code == T.battle_result("4/1", 5).code


def test_IMP_169_force_tactical_bonus() -> None:  # AMB-07
    assert C.force_bt(leader_bts=[1, 2], unit_bts=[0, 0, 0]) == 2
    assert C.force_bt(leader_bts=[], unit_bts=[1, 0, 0]) == 0


def test_IMP_170_die_modifiers_a_to_c() -> None:
    assert C.battle_die_modifier(attacker_bt=2, defender_bt=1, eor_defends_outside_empire=True) == 0
    assert C.battle_die_modifier(attacker_bt=0, defender_bt=0, eor_attacks_outside_empire=True) == 1


def test_IMP_171_die_modifiers_civil_war() -> None:
    def mod(acp: int, dcp: int) -> int:
        return C.battle_die_modifier(
            attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=acp, defender_cp=dcp
        )

    assert mod(4, 3) == 1
    assert mod(3, 4) == -1
    assert mod(3, 3) == 0
    assert C.force_cp([]) == 0
    assert mod(C.force_cp([]), C.force_cp([2])) == -1
    # Outside a civil war CP plays no part.
    assert C.battle_die_modifier(attacker_bt=0, defender_bt=0, attacker_cp=4, defender_cp=3) == 0


def test_IMP_172_table_lookup_baseline() -> None:
    col = T.odds_column(55, 37)
    assert col == "5/4"
    assert T.battle_result(col, 3).code == "R/R"
    assert T.battle_result(col, 5).code == "1/2/A"
    assert T.battle_result(col, 1).code == "A/3/4"


def test_IMP_173_lookup_with_shift_and_modifier() -> None:
    mod = C.battle_die_modifier(attacker_bt=2, defender_bt=1)
    assert mod == 1
    r = C.resolve_battle(attacker_pf=55, defender_pf=37, attacker_quality=2, defender_quality=1,
                         roll=4, die_modifier=mod)
    assert (r.column, r.row, r.code) == ("2/1", 5, "1/4/A")
    assert r.winner == "attacker"
    att, dfd = C.battle_losses(r, attacker_units=5, defender_units=8)
    assert dfd.kind == "all_step"
    assert att.kind == "choose" and att.steps == 8 // 4


def test_IMP_174_defender_quality_double() -> None:
    r = C.resolve_battle(attacker_pf=55, defender_pf=37, attacker_quality=1, defender_quality=2,
                         roll=3)
    assert (r.column, r.code) == ("4/5", "A/3/4")
    assert r.winner == "defender"


def test_IMP_177_two_suspect_cells_as_printed() -> None:  # E-13
    assert T.battle_result("2/1", -1).code == "A/1/4"
    assert T.battle_result("2/3", 8).code == "1/2/A"


def test_IMP_178_fractional_loss_example() -> None:  # AMB-03
    att, dfd = C.battle_losses(("1/2", "A"), attacker_units=6, defender_units=9)
    assert (dfd.kind, dfd.steps) == ("all_step", 9)
    assert (att.kind, att.steps) == ("choose", 4)
    defenders = C.apply_side_loss(["normal"] * 7 + ["reduced"] * 2, dfd)
    assert defenders.count("reduced") == 7 and defenders.count("eliminated") == 2
    attackers = C.apply_side_loss(["normal"] * 4 + ["reduced"] * 2, att, chosen=[0, 1, 4, 5])
    assert attackers == ["reduced", "reduced", "normal", "normal", "eliminated", "eliminated"]


def test_IMP_179_winner_losses_capped() -> None:  # D-20 (FR)
    att, dfd = C.battle_losses(("3/4", "A"), attacker_units=2, defender_units=4)
    assert C.apply_side_loss(["reduced"] * 4, dfd) == ["eliminated"] * 4
    assert att.steps == 2  # 3/4 of 4 = 3, but only 2 units
    assert C.apply_side_loss(["normal", "normal"], att, chosen=[0, 1]) == ["reduced", "reduced"]


def test_IMP_180_small_fraction_rounds_to_zero() -> None:
    att, _ = C.battle_losses(("1/4", "A"), attacker_units=5, defender_units=3)
    assert att.steps == 0
    assert C.apply_side_loss(["normal"] * 5, att) == ["normal"] * 5


def test_IMP_181_defender_wins_fraction() -> None:
    att, dfd = C.battle_losses(("A", "1/2"), attacker_units=4, defender_units=10)
    assert (att.kind, att.steps) == ("all_step", 4)
    assert (dfd.kind, dfd.steps) == ("choose", 2)
    assert T.battle_result("2/3", 3).winner == "defender"  # an A/1/2 cell: the attacker loses


def test_IMP_182_result_E() -> None:
    r = T.battle_result("1/3", 0)
    assert r.code == "E/R" and r.winner == "defender"
    att, dfd = C.battle_losses(r, attacker_units=3, defender_units=5)
    assert att.kind == "all_eliminated" and dfd.kind == "none"
    assert C.apply_side_loss(["normal", "reduced", "normal"], att) == ["eliminated"] * 3
    # Leader elimination on E (8.4) is the engine's; the table only gives the E.


def test_IMP_184_rr_winner() -> None:  # AMB-01
    r = T.battle_result("1/1", 3)
    assert r.code == "R/R"
    assert r.winner == "defender" and r.loser == "attacker"
    att, dfd = C.battle_losses(r, attacker_units=4, defender_units=4)
    assert att.kind == dfd.kind == "none"
    assert T.battle_result("1/1", 3, rr_result="stalemate").winner is None


def test_IMP_186_battle_vp_threshold() -> None:  # AMB-23
    assert C.battle_gives_vp(20, 15)
    assert not C.battle_gives_vp(20, 14)


def test_IMP_188_event_modifier_direction() -> None:
    e3 = T.event(3)
    assert C.event_die_modifier(e3, attacker_side="rome") == -1
    assert C.event_die_modifier(e3, attacker_side="eor") == 1


# ---------------------------------------------------------------------------------------------
# E. Stratagems: pure table / data cases
# ---------------------------------------------------------------------------------------------


def test_IMP_120_pacification_counts_are_maxima() -> None:
    assert T.stratagem("pacification_de_deux_peuples_mineurs").params["max_peoples"] == 2
    assert T.stratagem("pacification_de_trois_peuples_mineurs").params["max_peoples"] == 3
    assert T.stratagem("pacification_d_un_peuple_mineur").params["max_peoples"] == 1


def test_IMP_124_roma_victor_attacker() -> None:
    rv = T.stratagem("roma_victor")
    row = C.stratagem_row(user_attacks=True)
    assert row == rv.params["battle_row_if_attacker"] == 9
    r = C.resolve_battle(attacker_pf=55, defender_pf=37, attacker_quality=2, defender_quality=1,
                         roll=None, forced_row=row)
    assert (r.column, r.code, r.winner) == ("2/1", "R/E", "attacker")


def test_IMP_125_roma_victor_defender() -> None:
    row = C.stratagem_row(user_attacks=False)
    assert row == T.stratagem("roma_victor").params["battle_row_if_defender"] == -2
    r = T.battle_result("1/1", row)
    assert r.code == "A/R" and r.winner == "defender"


def test_IMP_133_assassination_roll() -> None:
    kills_on = T.stratagem("assassinat").params["kills_on"]
    assert [d for d in range(10) if d in kills_on] == [8, 9]


def test_IMP_134_assassination_corporis_custodes() -> None:
    params = T.stratagem("assassinat").params
    mod = params["corporis_custodes_modifier"]
    assert 9 + mod in params["kills_on"]
    assert 8 + mod not in params["kills_on"]


def test_IMP_140_faveur_divine_keeps_modifiers() -> None:
    assert T.stratagem("faveur_divine").timing == "on_die_roll"
    r = C.resolve_battle(attacker_pf=20, defender_pf=20, attacker_quality=1, defender_quality=1,
                         roll=6, die_modifier=-2)
    assert r.row == 4


def test_IMP_141_stratagem_phases() -> None:
    assert T.stratagem("initiative").phase == "B"
    for st in T.stratagem_types():
        if st.id.startswith(("usurpation", "soulevement")):
            assert st.phase == "C", st.id
    e_chits = [st for st in T.stratagem_types() if st.phase == "E"]
    assert len(e_chits) == 28 - 1 - 8
    assert all(st.timing != "phase_c" for st in e_chits)


# ---------------------------------------------------------------------------------------------
# J. Leader Arrival and Death table
# ---------------------------------------------------------------------------------------------


def test_IMP_213_lucius_verus_example() -> None:
    assert not T.leader_dies("Lucius Verus", 170, 6)
    assert T.leader_dies("Lucius Verus", 171, 6)
    assert all(T.leader_dies("Lucius Verus", 174, roll) for roll in range(10))
    assert T.leader_dies("Lucius Verus", 165, 0)
    assert not T.leader_dies("Lucius Verus", 165, 1)
    assert all(T.leader_dies("Lucius Verus", 173, roll) for roll in range(9))
    assert not T.leader_dies("Lucius Verus", 173, 9)


def test_IMP_214_other_rows_and_edges() -> None:  # AMB-31
    ma = T.leader_row("Marc-Aurèle")
    assert ma.checks[0] == 176 and T.death_threshold("Marc-Aurèle", 176) == 1 and ma.death == 185
    cilo = T.leader_row("Fabius Cilo")
    assert T.death_threshold("Fabius Cilo", 217) == 8 and cilo.death is None
    assert T.leader_dies("Fabius Cilo", 217, 7)
    assert not T.leader_dies("Fabius Cilo", 217, 8) and not T.leader_dies("Fabius Cilo", 217, 9)
    for name in ("Caracalla", "Géta"):
        row = T.leader_row(name)
        assert row.entry == 205 and row.checks == (213, 214, 215, 216, 217) and row.death is None
        assert T.death_threshold(name, 217) == 5
    for name in ("Flavius Maternianus", "Opelius Macrinus"):
        row = T.leader_row(name)
        assert row.entry == 210 and row.checks == () and row.death is None
        assert not any(T.leader_dies(name, y, r) for y in range(210, 218) for r in range(10))
    assert T.leader_row("Vologèse IV").entry_rule == "after:vologese_iii"
    assert T.leader_row("Vologèse V").entry_rule == "after:vologese_iv"
    assert T.leader_row("Artaban V").entry_rule == "after:vologese_iv"
    assert T.leader_row("Didius Julianus").entry_rule == "commodus_succession"
    assert T.leader_row("Didius Julianus").entry is None
    # Whether a leader is on the map (and so rolls at all) is the engine's check.


# ---------------------------------------------------------------------------------------------
# K. Events table
# ---------------------------------------------------------------------------------------------


def test_IMP_216_event_1_unhealthy_rome() -> None:  # AMB-35
    e = T.event(1)
    assert e.effects["reduce_units_in_zones"] == ["roma"]
    assert e.effects["already_reduced"] == "stay_reduced"
    assert e.effects["augustus_in_rome_gets_event"] == 4
    sick = T.event(4).effects
    assert sick["augustus_immobile"] and sick["augustus_bt_ignored"]


def test_IMP_217_event_2_disastrous_weather() -> None:  # AMB-18
    delta = T.event(2).effects["pm_delta"]
    leader_pm, stack_pm = 4, 3
    assert (leader_pm + delta, stack_pm + delta) == (3, 2)


def test_IMP_218_event_3_legions_discouraged() -> None:  # AMB-09
    e = T.event(3)
    assert C.event_die_modifier(e, attacker_side="rome") == -1
    assert C.event_die_modifier(e, attacker_side="eor") == 1
    # A usurper's force fights on the EoR side: attacking a usurper, Rome still gets -1;
    # the usurper attacking the Roman player gives +1 (the Romans defend).
    assert e.battle_bonus_side == "rome"


def test_IMP_219_event_4_emperor_ill() -> None:  # AMB-33
    fx = T.event(4).effects
    assert fx["augustus_immobile"] and fx["augustus_dies_if_forced_out"]
    assert fx["augustus_bt_ignored"] and fx["chooser_if_two"] == "roman_player"
    # BT ignored: the force's BT comes from its other leaders.
    assert C.force_bt(leader_bts=[1], unit_bts=[0]) == 1


def test_IMP_220_event_5_german_vigour() -> None:
    e = T.event(5)
    assert C.event_die_modifier(e, attacker_side="eor", german_unit_in_battle=True) == 2
    assert C.event_die_modifier(e, attacker_side="rome", german_unit_in_battle=True) == -2
    assert C.event_die_modifier(e, attacker_side="eor", german_unit_in_battle=False) == 0


def test_IMP_221_event_6_political_agitation() -> None:
    e = T.event(6)
    assert e.effects["augustus_must_reach_rome"] is True
    assert e.duration == "turn"


def test_IMP_222_event_8_peaceful_gods() -> None:
    fx = T.event(8).effects
    assert fx["smc_total"] == 2
    computed = 7
    assert fx.get("smc_total", computed) == 2


def test_IMP_223_event_10_eor_tenacity() -> None:
    fx = T.event(10).effects
    assert fx["eor_extra_smc"] == 1 and fx["extra_smc_timing"] == "end_of_phase_e"


def test_IMP_224_event_11_praetorian_donative() -> None:  # AMB-51
    e = T.event(11)
    assert C.event_die_modifier(e, attacker_side="rome", all_praetoriae_in_battle=True) == 1
    assert C.event_die_modifier(e, attacker_side="eor", all_praetoriae_in_battle=True) == -1
    assert C.event_die_modifier(e, attacker_side="rome", all_praetoriae_in_battle=False) == 0


def test_IMP_225_event_12_legion_donative() -> None:
    e = T.event(12)
    assert C.event_die_modifier(e, attacker_side="rome") == 1
    assert C.event_die_modifier(e, attacker_side="eor") == -1


def test_IMP_226_event_13_plague_in_the_east() -> None:  # AMB-34
    fx = T.event(13).effects
    assert set(fx["reduce_units_in_zones"]) == {"orient_front", "armenia", "parthians", "adiabene",
                                                 "osrhoene"}
    assert fx["already_reduced"] == "removed_for_turn"
    assert fx["leaders_affected"] is False


def test_IMP_227_event_14_armenia_flips() -> None:
    e = T.event(14)
    assert e.effects["armenia_flip"] is True and e.duration == "immediate"


def test_IMP_228_event_15_german_famine() -> None:
    e = T.event(15)
    assert e.effects["reduce_nationality"] == "german"
    assert e.effects["already_reduced"] == "stay_reduced"
    assert C.event_die_modifier(e, attacker_side="eor", german_unit_in_battle=True) == -1
    assert C.event_die_modifier(e, attacker_side="rome", german_unit_in_battle=True) == 1
    assert C.event_die_modifier(e, attacker_side="rome", german_unit_in_battle=False) == 0


@pytest.mark.parametrize("number", [1, 2, 4, 6, 7, 8, 9, 10, 13, 14])
def test_events_without_battle_modifier(number: int) -> None:
    assert C.event_die_modifier(T.event(number), attacker_side="rome",
                                german_unit_in_battle=True, all_praetoriae_in_battle=True) == 0
