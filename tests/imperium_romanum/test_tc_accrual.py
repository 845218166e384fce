"""Recruiting by accrual (§8) for the minor powers, written from the text: points only after a
loss and lost at the end of the phase (8.1), their cost (8.2), where and how a unit comes back
(8.3). Scenario 12: the Roxolani (an active client of Dacia, city Tyras) and the Iazyges (an
inactive neutral without a city). The rates are set on the power's record, as the Inactive
Power Table does (23.3), so the tests do not depend on the scenario file's authored rates."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core.command import Command
from rules.core.errors import NotYetSupported, RuleError
from rules.imperium_romanum import accrual as A
from rules.imperium_romanum import board as B
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import legal_commands
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

TYRAS = "tyras"


def _taxation(rate: float | None = 1.0, lost: tuple[str, ...] = ("heavy_cavalry_30_16",)) -> Position:
    """March 102, just before the Taxation & Mobilization Phase; the Roxolani lost ``lost``."""
    pos = Position("s12", month=3, segment="random_events", active="rome")
    pos.st.powers["roxolani"]["replacement"] = rate
    for unit_type in lost:
        uid = pos.unit("roxolani", unit_type, data().cities[TYRAS].hex)
        B.eliminate_unit(pos.st, uid, [], "test")
    SEQ._step(pos.st, [])  # into Taxation & Mobilization: taxes, then the points
    assert pos.st.segment == "taxation"
    return pos


def test_8_1_a_minor_power_accrues_its_rate_only_after_a_loss() -> None:
    pos = _taxation(rate=1.5)
    assert pos.st.powers["roxolani"]["points_halves"] == 3  # 1.5 legion-sized units
    none_lost = _taxation(rate=1.5, lost=())
    assert none_lost.st.powers["roxolani"].get("points_halves", 0) == 0


def test_8_1_an_inactive_neutral_accrues_nothing() -> None:
    pos = Position("s12", month=3, segment="random_events", active="rome")
    pos.st.powers["iazyges"]["replacement"] = 1
    uid = pos.unit("iazyges", "horse_archers_6_16", "B4212")
    B.eliminate_unit(pos.st, uid, [], "test")
    assert pos.st.powers["iazyges"]["status"] == "inactive neutral"
    SEQ._step(pos.st, [])
    assert pos.st.powers["iazyges"].get("points_halves", 0) == 0


def test_8_1_points_not_spent_vanish_when_the_phase_ends() -> None:
    pos = _taxation(rate=1)
    assert pos.st.powers["roxolani"]["points_halves"] == 2
    pos.game.apply("rome", Command("end"))
    pos.game.apply("dacia", Command("end"))
    assert pos.st.segment != "taxation"
    assert pos.st.powers["roxolani"]["points_halves"] == 0


def test_8_2_and_8_3_a_loss_comes_back_unseasoned_in_its_city_for_points_not_talents() -> None:
    pos = _taxation(rate=1)
    uid = next(iter(pos.st.eliminated))
    treasury = pos.st.powers["dacia"]["treasury"]
    assert {"type": "heavy_cavalry_30_16", "city": TYRAS} in [c.args for c in legal_commands(pos.st, "dacia") if c.name == "build"]
    pos.game.apply("dacia", Command("build", {"type": "heavy_cavalry_30_16", "city": TYRAS}))
    rec = pos.st.units[uid]
    assert uid not in pos.st.eliminated
    assert (rec["hex"], rec["vet"], rec["power"]) == (data().cities[TYRAS].hex, False, "roxolani")
    assert pos.st.powers["roxolani"]["points_halves"] == 0  # one point per LE (8.2)
    assert pos.st.powers["dacia"]["treasury"] == treasury  # minor powers pay no talents (8.0)
    assert violations(pos.st) == []


def test_8_2_a_half_le_unit_costs_half_a_point_and_points_must_suffice() -> None:
    pos = _taxation(rate=0.5, lost=("heavy_cavalry_30_16", "horse_archers_6_16"))
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("build", {"type": "heavy_cavalry_30_16", "city": TYRAS}))
    assert err.value.section == "§8.2"
    pos.game.apply("dacia", Command("build", {"type": "horse_archers_6_16", "city": TYRAS}))
    assert pos.st.powers["roxolani"]["points_halves"] == 0


def test_8_0_only_units_lost_may_be_rebuilt_and_only_by_their_owner() -> None:
    pos = _taxation(rate=2)
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("build", {"type": "horse_archers_6_16", "city": TYRAS}))
    assert err.value.section == "§8.0"
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "heavy_cavalry_30_16", "city": TYRAS}))
    assert err.value.section == "§8.3"


def test_8_3_two_units_a_city_a_phase() -> None:
    pos = _taxation(rate=3, lost=("heavy_cavalry_30_16",) * 3)
    for _i in range(2):
        pos.game.apply("dacia", Command("build", {"type": "heavy_cavalry_30_16", "city": TYRAS}))
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("build", {"type": "heavy_cavalry_30_16", "city": TYRAS}))
    assert err.value.section == "§8.3"
    assert pos.st.powers["roxolani"]["points_halves"] == 2


def test_8_3_not_in_a_besieged_city_nor_in_a_province_lost() -> None:
    pos = _taxation(rate=1)
    hex_id = data().cities[TYRAS].hex
    pos.st.sieges[hex_id] = {"power": "roxolani", "city": TYRAS, "besieger": "rome", "since": 1, "attrition": 0}
    with pytest.raises(RuleError) as err:
        A.check_rebuild(pos.st, "dacia", "heavy_cavalry_30_16", TYRAS)
    assert err.value.section == "§8.3" and "besieged" in str(err.value)
    del pos.st.sieges[hex_id]
    pos.st.province_owner["tyras"] = "rome"
    pos.st.city_owner[TYRAS] = "roxolani"
    with pytest.raises(RuleError) as err:
        A.check_rebuild(pos.st, "dacia", "heavy_cavalry_30_16", TYRAS)
    assert err.value.section == "§8.3" and "held at the start" in str(err.value)


def test_8_3_no_province_left_no_points() -> None:
    pos = Position("s12", month=3, segment="random_events", active="rome")
    pos.st.powers["roxolani"]["replacement"] = 1
    uid = pos.unit("roxolani", "heavy_cavalry_30_16", "B5009")
    B.eliminate_unit(pos.st, uid, [], "test")
    pos.st.province_owner["tyras"] = "rome"
    SEQ._step(pos.st, [])
    assert pos.st.powers["roxolani"].get("points_halves", 0) == 0


def test_8_3_a_power_without_a_city_rebuilds_on_a_hex_of_its_provinces_free_of_enemies() -> None:
    """The Iazyges began without a city (Iazygia has none in column 11-16): any hex of Iazygia
    without an enemy unit; ``build {type, hex}``."""
    pos = Position("s12", month=3, segment="random_events", active="rome")
    pos.st.powers["iazyges"].update(replacement=1, status="active neutral", seat="rome")
    uid = pos.unit("iazyges", "heavy_infantry_20_8", "B4212")
    B.eliminate_unit(pos.st, uid, [], "test")
    SEQ._step(pos.st, [])
    assert pos.st.powers["iazyges"]["points_halves"] == 2
    hexes = sorted(h for h, cell in data().hexes.items() if cell.province == "iazygia")
    pos.unit("dacia", "heavy_infantry_20_8", hexes[0])
    builds = [c.args for c in legal_commands(pos.st, "rome") if c.name == "build" and "hex" in c.args]
    assert {"type": "heavy_infantry_20_8", "hex": hexes[1]} in builds
    assert all(b["hex"] != hexes[0] for b in builds)
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "heavy_infantry_20_8", "hex": hexes[0]}))
    assert err.value.section == "§8.3"
    pos.game.apply("rome", Command("build", {"type": "heavy_infantry_20_8", "hex": hexes[1]}))
    assert pos.st.units[uid]["hex"] == hexes[1] and pos.st.units[uid]["vet"] is False


def test_8_3_a_lost_baggage_train_comes_back_full() -> None:
    pos = _taxation(rate=1, lost=("baggage_train",))
    pos.game.apply("dacia", Command("build", {"type": "baggage_train", "city": TYRAS}))
    train = next(u for u, r in pos.st.units.items() if r["type"] == "baggage_train")
    assert pos.st.units[train]["sp"] == 6 and pos.st.powers["roxolani"]["points_halves"] == 0


def test_8_1_no_rate_given_is_not_yet_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    real = data()
    s12 = real.scenarios["s12"]
    powers = tuple(dataclasses.replace(p, replacement=None) if p.id == "roxolani" else p for p in s12.powers)

    class WithoutRoxolaniRate:
        """The real data, but scenario 12 gives the Roxolani no replacement rate."""

        scenarios = {**real.scenarios, "s12": dataclasses.replace(s12, powers=powers)}

        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

    monkeypatch.setattr(A, "data", WithoutRoxolaniRate)
    pos = _taxation(rate=None)
    assert pos.st.powers["roxolani"].get("points_halves", 0) == 0
    with pytest.raises(NotYetSupported) as err:
        A.check_rebuild(pos.st, "dacia", "heavy_cavalry_30_16", TYRAS)
    assert err.value.section == "§8.1"


def test_8_0_a_minor_power_never_mobilizes_new_units() -> None:
    pos = _taxation(rate=1)
    from rules.imperium_romanum import mobilization as MOB

    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "dacia", "heavy_cavalry_30_16", TYRAS)
    assert err.value.section == "§8.0"


def test_8_3_a_lost_fleet_comes_back_three_months_later_as_the_same_counter() -> None:
    from rules.imperium_romanum import mobilization as MOB

    pos = _taxation(rate=1, lost=("fleet_18_30",))
    fleet = next(iter(pos.st.eliminated))
    pos.game.apply("dacia", Command("build", {"type": "fleet_18_30", "city": TYRAS}))
    assert pos.st.shipyards == [{"power": "roxolani", "city": TYRAS, "ready": pos.st.turn + 3, "begun": pos.st.tm_seen,
                                 "rebuilt": fleet}]  # fmt: skip
    assert fleet in pos.st.eliminated
    pos.st.turn += 3
    MOB.shipyards_month(pos.st, [])
    assert fleet not in pos.st.eliminated and pos.st.units[fleet]["hex"] == data().cities[TYRAS].hex
    assert pos.st.shipyards == [] and violations(pos.st, views=False) == []


@pytest.mark.parametrize("scenario", ["s01", "s02", "s12"])
def test_26_2_a_20_9_costs_as_a_20_10_and_a_16_9_as_a_16_10(scenario: str) -> None:
    """26.2: civilized heavy infantry is priced as the Roman legion of the same strength, in
    every province's chart line of the scenario's period."""
    from rules.imperium_romanum import mobilization as MOB

    pos = Position(scenario, month=3, segment="taxation", active=data().scenarios[scenario].turn_order[0])
    for province in sorted(data().provinces):
        _area, chart = MOB.area_of(pos.st, province)
        assert MOB.unit_cost(pos.st, "heavy_infantry_20_9", chart) == MOB.unit_cost(pos.st, "legion_20_10", chart)
        assert MOB.unit_cost(pos.st, "heavy_infantry_16_9", chart) == MOB.unit_cost(pos.st, "legion_16_10", chart)


def test_8_1_every_minor_power_of_the_playable_scenarios_has_a_tagged_rate() -> None:
    """Issue 17: no playable scenario stops on a missing rate (§8.1); the Iazyges' 1/2 of
    scenario 12 is authored (design), after the Inactive Power Table's smallest barbarian rows."""
    for sid in ("s01", "s02", "s12"):
        for power in data().scenarios[sid].powers:
            if not power.major:
                assert power.replacement is not None, (sid, power.id)
    iazyges = next(p for p in data().scenarios["s12"].powers if p.id == "iazyges")
    assert iazyges.replacement == 0.5


def test_8_3_a_woken_iazyges_rebuilds_a_rider_with_the_scenario_rate() -> None:
    pos = Position("s12", month=3, segment="random_events", active="rome")
    pos.st.powers["iazyges"].update(status="active neutral", seat="rome")
    assert pos.st.powers["iazyges"].get("replacement") is None  # the scenario's rate, not the table's
    uid = pos.unit("iazyges", "horse_archers_6_16", "B4212")
    B.eliminate_unit(pos.st, uid, [], "test")
    SEQ._step(pos.st, [])
    assert pos.st.powers["iazyges"]["points_halves"] == 1
    pos.game.apply("rome", Command("build", {"type": "horse_archers_6_16", "hex": "B4212"}))
    assert pos.st.units[uid]["hex"] == "B4212" and pos.st.powers["iazyges"]["points_halves"] == 0
