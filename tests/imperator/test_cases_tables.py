"""Conformance tests: catalogue cases IMP-xxx that are purely about the Imperator tables.

One test per case of /work/shared/rules-notes/imperator-cases.md that needs no engine state:
section G where only table arithmetic is involved, section J (Leader Arrival and Death table),
section K (Events table), plus the section E cases that are pure table/stratagem-data lookups.
Cases resting on a recommended reading cite the AMB id; the ruling is in docs/rulings.md.

Cases of G left to the engine: IMP-159, 160, 161, 183, 187 (they need zones, stacks, VP state).
"""

from __future__ import annotations

from rules.imperator import tables as T

# ---------------------------------------------------------------------------------------------
# G. Combat
# ---------------------------------------------------------------------------------------------


def test_IMP_177_two_suspect_cells_as_printed() -> None:  # E-13
    assert T.battle_result("2/1", -1).code == "A/1/4"
    assert T.battle_result("2/3", 8).code == "1/2/A"


# ---------------------------------------------------------------------------------------------
# E. Stratagems: pure table / data cases
# ---------------------------------------------------------------------------------------------


def test_IMP_120_pacification_counts_are_maxima() -> None:
    assert T.stratagem("pacification_de_deux_peuples_mineurs").params["max_peoples"] == 2
    assert T.stratagem("pacification_de_trois_peuples_mineurs").params["max_peoples"] == 3
    assert T.stratagem("pacification_d_un_peuple_mineur").params["max_peoples"] == 1


def test_IMP_133_assassination_roll() -> None:
    kills_on = T.stratagem("assassinat").params["kills_on"]
    assert [d for d in range(10) if d in kills_on] == [8, 9]


def test_IMP_134_assassination_corporis_custodes() -> None:
    params = T.stratagem("assassinat").params
    mod = params["corporis_custodes_modifier"]
    assert 9 + mod in params["kills_on"]
    assert 8 + mod not in params["kills_on"]


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
    # A usurper's force fights on the EoR side: attacking a usurper, Rome still gets -1;
    # the usurper attacking the Roman player gives +1 (the Romans defend).
    assert (e.battle_bonus_side, e.battle_bonus) == ("rome", -1)


def test_IMP_219_event_4_emperor_ill() -> None:  # AMB-33
    fx = T.event(4).effects
    assert fx["augustus_immobile"] and fx["augustus_dies_if_forced_out"]
    assert fx["augustus_bt_ignored"] and fx["chooser_if_two"] == "roman_player"


def test_IMP_220_event_5_german_vigour() -> None:
    e = T.event(5)  # the engine battle is tested in test_rules_combat.py
    assert (e.battle_bonus_side, e.battle_bonus, e.battle_bonus_condition) == ("eor", 2, "german_unit_in_battle")


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
    assert (e.battle_bonus_side, e.battle_bonus, e.battle_bonus_condition) == ("rome", 1, "all_praetoriae_in_battle")


def test_IMP_225_event_12_legion_donative() -> None:
    e = T.event(12)
    assert (e.battle_bonus_side, e.battle_bonus, e.battle_bonus_condition) == ("rome", 1, "any_battle")


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
    assert (e.battle_bonus_side, e.battle_bonus) == ("eor", -1)
