"""Response windows that replace fixed defaults (issue 17): seasoning (15.1) as the owner's
choice, unit by unit, with IR-ENG-19's default and the standing order ``seasoning largest``."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.imperium_romanum import board as B
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

HEX = "B4406"


def _won_with_new_units(order: str = "ask") -> tuple[Position, list[str], list[str]]:
    """Three new 20-10s (10 SP each unseasoned) and two new 4-12s (2 SP) beat one 20-8 (20 SP):
    roll 3 on column 3/2 is N/N, a Roman win; Rome may season up to 20 SP of its 34."""
    pos = Position(month=6, segment="combat")
    legions = pos.units("rome", "legion_20_10", HEX, 3, vet=False, supplied=True)
    light = pos.units("rome", "light_infantry_4_12", HEX, 2, vet=False, supplied=True)
    pos.units("dacia", "heavy_infantry_20_8", HEX, 1)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    pos.st.standing["rome"]["seasoning"] = order
    pos.dice(2)
    pos.game.apply("rome", Command("attack", {"hex": HEX}))
    assert "N/N" in pos.st.last[0]
    return pos, legions, light


def test_15_1_the_owner_picks_which_new_units_season_within_the_enemy_strength() -> None:
    pos, legions, light = _won_with_new_units()
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("rome", "season", "§15.1", legions[0])
    assert [c.value for c in decision.choices] == [legions[0], light[0], "none"]
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": light[0]}))
    again = pos.game.pending_decision()
    assert again is not None and again.kind == "season" and again.prompt.endswith("(15.1). Which one?")
    assert "18" in again.prompt  # 20 SP of budget less the 2 of the 4-12
    pos.game.apply("rome", Command("decide", {"id": again.id, "choice": "none"}))
    assert [pos.st.units[u]["vet"] for u in legions + light] == [False, False, False, True, False]
    after = pos.game.pending_decision()
    assert after is None or after.kind != "season"


def test_15_1_the_default_seasons_the_largest_first_ir_eng_19() -> None:
    pos, legions, light = _won_with_new_units()
    for _i in range(2):
        decision = pos.game.pending_decision()
        assert decision is not None and decision.kind == "season"
        pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": decision.default}))
    assert [pos.st.units[u]["vet"] for u in legions + light] == [True, True, False, False, False]
    assert sum(B.strength(pos.st.units[u]) for u in legions + light) == 20 + 20 + 10 + 2 + 2


def test_15_1_standing_order_largest_seasons_without_asking() -> None:
    pos, legions, light = _won_with_new_units("largest")
    decision = pos.game.pending_decision()
    assert decision is None or decision.kind != "season"
    assert [pos.st.units[u]["vet"] for u in legions + light] == [True, True, False, False, False]


def test_15_1_no_window_when_the_budget_covers_every_new_unit() -> None:
    pos = Position(month=6, segment="combat")
    light = pos.units("rome", "light_infantry_4_12", HEX, 2, vet=False, supplied=True)
    legion = pos.unit("rome", "legion_20_10", HEX, supplied=True)
    pos.units("dacia", "heavy_infantry_20_8", HEX, 1)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    pos.st.standing["rome"]["seasoning"] = "ask"
    pos.dice(2)
    pos.game.apply("rome", Command("attack", {"hex": HEX}))
    decision = pos.game.pending_decision()
    assert decision is None or decision.kind != "season"
    assert all(pos.st.units[u]["vet"] for u in [*light, legion])


def _supply_turn(order: str = "ask") -> tuple[Position, list[str], str]:
    """Rome ends its Land Combat segment with two legions and a full baggage train in B4406
    (clear, with something to forage): the Supply Segment follows."""
    pos = Position(month=6, segment="combat")
    legions = pos.units("rome", "legion_20_10", HEX, 2)
    train = pos.unit("rome", "baggage_train", HEX, sp=6)
    pos.st.standing["rome"]["supply"] = order
    return pos, legions, train


def test_13_2_a_force_declares_baggage_train_or_forage_in_a_window() -> None:
    from rules.imperium_romanum import supply as S

    pos, legions, train = _supply_turn()
    assert S.forage_value(pos.st, "rome", HEX, False) > 0
    pos.game.apply("rome", Command("end"))
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("rome", "supply", "§13.2", "bt")
    assert [c.value for c in decision.choices] == ["bt", "forage"]
    pos.dice(6, 6)  # the forage roll: 12, nothing required (13.3)
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "forage"}))
    assert pos.st.units[train]["sp"] == 6  # the train was not drawn on
    assert all(pos.st.units[u]["foraged"] and pos.st.units[u]["supplied"] for u in legions)
    assert pos.game.pending_decision() is None
    assert (pos.st.segment, _active(pos)) == ("movement", "dacia")  # the segment went on to its end


def test_13_2_the_default_and_standing_order_bt_draw_on_the_train() -> None:
    pos, legions, train = _supply_turn("bt")
    pos.dice(1, 1)  # the lowest supply roll: the train pays something (13.2)
    pos.game.apply("rome", Command("end"))
    assert pos.game.pending_decision() is None
    assert pos.st.units[train]["sp"] < 6 and not any(pos.st.units[u]["foraged"] for u in legions)


def test_13_2_no_window_without_a_baggage_train_in_reach() -> None:
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", HEX, 2)
    pos.st.standing["rome"]["supply"] = "ask"
    pos.dice(6, 6)
    pos.game.apply("rome", Command("end"))
    decision = pos.game.pending_decision()
    assert decision is None or decision.kind != "supply"


def _active(pos: Position) -> str:
    from rules.imperium_romanum import sequence as SEQ

    return SEQ.active_seat(pos.st)


SINGIDUNUM = "B4314"


def _too_many_for_the_city() -> tuple[Position, list[str], list[str]]:
    """Six Roman legions (6 LE) in Singidunum, which holds 4 (16.3), attacked by Dacia."""
    pos = Position(month=6, segment="combat", active="dacia")
    legions = pos.units("rome", "legion_20_10", SINGIDUNUM, 6)
    raiders = pos.units("dacia", "heavy_infantry_20_8", SINGIDUNUM, 6)
    pos.st.standing["rome"]["combat"] = "ask"
    return pos, legions, raiders


def test_14_3_1_a_force_too_big_for_its_city_may_split_its_defence() -> None:
    pos, legions, _raiders = _too_many_for_the_city()
    pos.dice(4)
    pos.game.apply("dacia", Command("attack", {"hex": SINGIDUNUM}))
    decision = pos.game.pending_decision()
    assert decision is not None and (decision.seat, decision.kind, decision.section) == ("rome", "battle", "§14.1")
    values = [c.value for c in decision.choices]
    assert "split" in values and "siege" not in values
    split = pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "split"}))
    assert any("14.3.1" in str(m) for m in split.public)
    inside = [u for u in legions if u in pos.st.units and pos.st.units[u]["besieged"]]
    assert len(inside) == 4  # 4 LE fit in a charted city (16.3)
    assert pos.st.sieges[SINGIDUNUM]["besieger"] == "dacia" and pos.st.stats["sieges"] == 1
    decision = pos.game.pending_decision()  # IR-ENG-67: the attacker's choice of targets
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("dacia", "combined", "§14.3.1", "outside")
    assert [c.value for c in decision.choices] == ["outside", "combined"]
    outcome = pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": "outside"}))
    assert pos.st.stats["battles"] == 1  # the attack went on against the two legions outside
    assert any(" against 40," in str(m) for m in outcome.public)  # 2 x 20-10 outside: no multiplier, no walls


@pytest.mark.parametrize("order", ["ask", "always"])
def test_ir_eng_67_the_combined_attack_adds_the_besieged_multiplied_to_those_outside(order: str) -> None:
    pos, legions, _raiders = _too_many_for_the_city()
    pos.st.standing["dacia"]["assault"] = order
    pos.dice(4)
    pos.game.apply("dacia", Command("attack", {"hex": SINGIDUNUM}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "battle"
    outcome = pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "split"}))
    if order == "ask":
        decision = pos.game.pending_decision()
        assert decision is not None and decision.kind == "combined"
        outcome = pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": "combined"}))
    wall = B.city_defence(pos.st, "singidunum")
    # 4 legions besieged, tripled against barbarians (14.3), plus the city; 2 outside at 20 each
    assert any(f"against {4 * 20 * 3 + wall + 2 * 20}," in str(m) for m in outcome.public)
    assert pos.st.stats["battles"] == 1


def test_ir_eng_67_half_the_attacking_cavalry_is_halved_in_a_combined_attack() -> None:
    from rules.imperium_romanum import combat as C

    pos = Position(month=6, segment="combat", active="dacia")
    riders = pos.units("dacia", "heavy_cavalry_30_16", SINGIDUNUM, 3)
    foot = pos.unit("dacia", "heavy_infantry_20_8", SINGIDUNUM)
    # 3 cavalry units: 2 halved (30 -> 15), 1 whole; the infantry whole
    assert C.combined_attack_strength(pos.st, [*riders, foot]) == 15 + 15 + 30 + 20
    assert sum(C.attack_strength(pos.st, u, True) for u in [*riders, foot]) == 15 * 3 + 20  # a plain assault


def test_14_3_1_no_split_when_every_unit_fits() -> None:
    from rules.imperium_romanum import combat as C

    pos, legions, _raiders = _too_many_for_the_city()
    for uid in legions[4:]:
        del pos.st.units[uid]
    assert C.split_inside(pos.st, "rome", SINGIDUNUM, legions[:4]) == []
    assert C.siege_possible(pos.st, "rome", SINGIDUNUM, legions[:4]) is True


@pytest.mark.parametrize(("choice", "order"), [("first", ["pirates", "rome"]), ("defer", ["rome", "pirates"])])
def test_tc_17_the_highest_roller_goes_first_or_lets_the_others_lead(choice: str, order: list[str]) -> None:
    from rules.imperium_romanum import sequence as SEQ

    pos = Position("s02", month=6, year=-67, segment="fortification", active="pirates")
    pos.unit("pirates", "fleet_18_30", "B6419")
    pos.unit("rome", "fleet_18_30", data().cities["brundisium"].hex)
    pos.st.standing["pirates"]["naval_order"] = "ask"
    seats = sorted(pos.st.seats, key=pos.st.seats.index)
    pos.dice(*[6 if s == "pirates" else 2 for s in seats])
    SEQ.advance(pos.st, [])  # on into the Naval Operations Phase: the order is rolled (10.1)
    assert pos.st.segment == "naval"
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("pirates", "naval_order", "§10.1", "first")
    pos.game.apply("pirates", Command("decide", {"id": decision.id, "choice": choice}))
    assert pos.st.naval_order == order and pos.game.to_move() == order[:1]


def _short_of_supply(order: str = "ask") -> tuple[Position, list[str], list[str]]:
    """Rome ends its Land Combat segment with four legions and two 4-12s in B4406 and a
    baggage train of 1 SP; the lowest supply roll needs 2 SP, so the train covers half of the
    force's 8 half-LE: 4 half-LE (13.2)."""
    pos = Position(month=6, segment="combat")
    legions = pos.units("rome", "legion_20_10", HEX, 4)
    light = pos.units("rome", "light_infantry_4_12", HEX, 2)
    pos.unit("rome", "baggage_train", HEX, sp=1)
    pos.st.standing["rome"].update(supply="bt", shortfall=order)
    pos.dice(1, 1)
    return pos, legions, light


def test_ir_eng_62_a_supply_shortfall_lets_the_owner_choose_who_is_supplied() -> None:
    pos, legions, light = _short_of_supply()
    pos.game.apply("rome", Command("end"))
    decision = pos.game.pending_decision()
    assert decision is not None
    assert (decision.seat, decision.kind, decision.section, decision.default) == ("rome", "shortfall", "§13.2", legions[0])
    assert [c.value for c in decision.choices] == [legions[0], light[0], "none"]
    assert "4 more half-LE" in str(decision.prompt)
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": light[0]}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "shortfall" and "3 more half-LE" in str(decision.prompt)
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": light[1]}))
    # 2 half-LE left: only a legion fits, so it is supplied without a question; the rest starve
    assert pos.game.pending_decision() is None
    assert all(pos.st.units[u]["supplied"] for u in light)
    kept = [u for u in legions if u in pos.st.units]
    assert kept == [legions[0]] and pos.st.stats["supply_losses"] == 3
    assert (pos.st.segment, _active(pos)) == ("movement", "dacia")


def test_ir_eng_62_none_leaves_every_unit_not_yet_chosen_unsupplied() -> None:
    pos, legions, light = _short_of_supply()
    pos.game.apply("rome", Command("end"))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "shortfall"
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": "none"}))
    assert not any(u in pos.st.units for u in legions + light)
    assert pos.st.stats["supply_losses"] == 6


def test_ir_eng_62_the_default_and_standing_order_keep_the_strongest_ir_eng_11() -> None:
    pos, legions, light = _short_of_supply("strongest")
    pos.game.apply("rome", Command("end"))
    assert pos.game.pending_decision() is None
    assert [u for u in legions + light if u in pos.st.units] == legions[:2]
    assert pos.st.stats["supply_losses"] == 4


def test_answering_when_no_window_is_open_is_refused_with_the_sequence_rule() -> None:
    from rules.core.errors import RuleError

    pos = Position(month=6, segment="movement")
    assert pos.game.pending_decision() is None
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("decide", {"id": "alliance-1", "choice": "decline"}))
    assert err.value.section == "§4.0" and "no open decision" in str(err.value)
