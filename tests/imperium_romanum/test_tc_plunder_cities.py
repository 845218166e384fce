"""Plunder of single cities (§24.1, §41.3, IR-ENG-74): offered beside the whole province, two
markers on the city, 3 x its own tax value, no tax, no raising and no intrinsic defence while
marked, half its tax for an owner who plundered it himself, one marker off per Taxation."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import plunder as PL
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position

PROVINCE = "moesia_superior"


def _cities() -> list[str]:
    return sorted(c for c in world("s12").city_value if data().cities[c].province == PROVINCE)


def _position() -> Position:
    """Scenario 12: Rome holds Moesia Superior with a legion in each of its cities, at the end
    of its Land Combat segment."""
    pos = Position(month=6, segment="combat")
    for city in _cities():
        pos.unit("rome", "legion_20_10", data().cities[city].hex, supplied=True)
    return pos


def test_24_1_a_city_is_offered_and_plundered_on_its_own() -> None:
    pos = _position()
    city = _cities()[0]
    value = world("s12").city_value[city]
    assert (city, "rome") in PL.city_options(pos.st, "rome") and pos.st.city_owner[city] == "rome"
    pos.game.apply("rome", Command("end"))  # Siege Resolution opens the window
    decision = pos.game.pending_decision()
    assert decision is not None and decision.section == "§24.1"
    assert f"talents:city:{city}:rome" in [c.value for c in decision.choices]
    treasury = pos.st.powers["rome"]["treasury"]
    pos.game.apply("rome", Command("decide", {"id": decision.id, "choice": f"talents:city:{city}:rome"}))
    assert pos.st.powers["rome"]["treasury"] == treasury + 3 * value.tax
    assert pos.st.plundered_cities == {city: 2} and pos.st.self_plundered_cities == {city: "rome"}
    assert PROVINCE not in pos.st.plunder
    again = pos.game.pending_decision()  # the window opens again: the other cities, not the province
    assert again is not None and again.kind == "plunder"
    values = [c.value for c in again.choices]
    assert f"talents:{PROVINCE}:rome" not in values and f"talents:city:{city}:rome" not in values
    assert f"talents:city:{_cities()[1]}:rome" in values


def test_24_1_a_plundered_city_pays_no_tax_raises_nothing_and_has_no_defence() -> None:
    pos = _position()
    city = _cities()[0]
    value = world("s12").city_value[city]
    pos.st.pending = {"kind": "plunder"}
    PL.answer(pos.st, f"talents:city:{city}:rome", [])
    assert PL.city_tax_lost(pos.st, PROVINCE, "rome") == value.tax
    assert B.city_defence(pos.st, city) == 0 and value.defence > 0
    pos.st.segment = "taxation"
    with pytest.raises(RuleError) as err:
        MOB.check_build(pos.st, "rome", "legion_20_10", city)
    assert err.value.section == "§24.1" and "plundered city" in str(err.value)


def test_24_2_24_3_markers_go_one_a_taxation_then_the_self_plunderer_keeps_half() -> None:
    pos = _position()
    city = _cities()[0]
    tax = world("s12").city_value[city].tax
    pos.st.pending = {"kind": "plunder"}
    PL.answer(pos.st, f"talents:city:{city}:rome", [])
    lines: list[Text] = []
    PL.remove_markers(pos.st, lines)
    assert pos.st.plundered_cities == {city: 1}
    PL.remove_markers(pos.st, lines)
    assert pos.st.plundered_cities == {}
    assert any("recovers from its plundering (24.2)" in str(line) for line in lines)
    assert PL.city_tax_lost(pos.st, PROVINCE, "rome") == tax // 2  # Rome keeps half, rounded up
    assert PL.city_tax_lost(pos.st, PROVINCE, "dacia") == 0  # a conqueror collects it all
    assert PL.no_recruiting_city(pos.st, city, "rome") and not PL.no_recruiting_city(pos.st, city, "dacia")


def test_6_0_taxes_leave_out_a_marked_city() -> None:
    pos = _position()
    for city in _cities():
        pos.st.city_owner[city] = "rome"
    pos.st.province_owner[PROVINCE] = "rome"
    before = pos.st.powers["rome"]["treasury"]
    SEQ.collect_taxes(pos.st, [])
    full = pos.st.powers["rome"]["treasury"] - before
    city = _cities()[0]
    pos.st.plundered_cities[city] = 2
    before = pos.st.powers["rome"]["treasury"]
    SEQ.collect_taxes(pos.st, [])
    assert pos.st.powers["rome"]["treasury"] - before == full - world("s12").city_value[city].tax
