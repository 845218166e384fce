"""Barbarians going back to sleep (§23.6, §37.6 note 2): TC-66 (in scenario 24 they never
return once eliminated), and elsewhere the four months' wait and the listed units coming back
(IR-ENG-71)."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum import reversion as R
from rules.imperium_romanum import sequence as SEQ
from tests.imperium_romanum.builder import Position

HORSE_ARCHERS = "horse_archers_6_16"


def _gone(pos: Position, power: str, seat: str) -> str:
    """``power`` awake and controlled by ``seat``, its one unit just eliminated."""
    pos.st.powers[power].update(status="active neutral", seat=seat)
    uid = pos.unit(power, HORSE_ARCHERS, "B4212")
    pos.st.eliminated[uid] = dict(pos.st.units.pop(uid), hex="")
    return uid


def test_tc_66_in_scenario_24_eliminated_barbarians_never_return() -> None:
    """TC-66 (23.6): the Franks' last unit is gone; at the month's end they leave the game; no
    roll of 37.6 wakes them again and an invasion of their land no longer stops a march."""
    pos = Position(scenario="s24", year=285, month=6, segment="month_end", active="diocletian")
    _gone(pos, "franci", "diocletian")
    lines: list[Text] = []
    SEQ.end_month(pos.st, lines)
    rec = pos.st.powers["franci"]
    assert (rec["status"], rec["seat"], rec["never_return"]) == ("inactive neutral", "", True)
    assert any("they leave the game and never return (23.6)" in str(line) for line in lines)
    pos.st.turn += 10
    assert not R.may_wake(pos.st, "franci")
    pos.dice(6, 6, 6, 6, 6, 6, 6, 6)
    before = len(pos.st.dice.rolls)
    N.barbarian_rolls(pos.st, [])
    assert pos.st.powers["franci"]["status"] == "inactive neutral"
    assert not [r for r in pos.st.dice.rolls[before:] if "franci" in r.purpose]
    germania_magna = next(h for h, c in N.data().hexes.items() if c.province == "germania_magna" and c.kind == "land")
    assert N.neutral_owner_of(pos.st, germania_magna) == ""


def test_37_6_elsewhere_they_sleep_four_months_then_wake_with_their_units_back() -> None:
    """37.6 note 2 and 23.6 (scenario 12): the Iazyges go inactive with no unit left; three
    months later nobody rolls; four months later a 6 wakes them and their unit comes back at
    their set-up hex."""
    pos = Position(scenario="s12", year=102, month=6, segment="month_end", active="rome")
    uid = _gone(pos, "iazyges", "dacia")
    lines: list[Text] = []
    R.end_of_month(pos.st, lines)
    rec = pos.st.powers["iazyges"]
    assert (rec["status"], rec["inactive_since"], rec["never_return"]) == ("inactive neutral", pos.st.turn, False)
    assert any("go back to being an inactive neutral (37.6)" in str(line) for line in lines)
    pos.st.turn += 3
    before = len(pos.st.dice.rolls)
    N.barbarian_rolls(pos.st, [])
    assert rec["status"] == "inactive neutral" and len(pos.st.dice.rolls) == before
    pos.st.turn += 1
    pos.dice(6)
    woke: list[Text] = []
    N.barbarian_rolls(pos.st, woke)
    assert rec["status"] == "active neutral"
    assert pos.st.units[uid]["hex"] == "B4212" and uid not in pos.st.eliminated
    assert any("1 unit of" in str(line) and "(23.6)" in str(line) for line in woke)


def test_23_6_a_barbarian_power_with_units_left_stays_awake() -> None:
    pos = Position(scenario="s12", year=102, month=6, segment="month_end", active="rome")
    pos.st.powers["iazyges"].update(status="active neutral", seat="dacia")
    pos.unit("iazyges", HORSE_ARCHERS, "B4212")
    R.end_of_month(pos.st, [])
    assert pos.st.powers["iazyges"]["status"] == "active neutral" and "inactive_since" not in pos.st.powers["iazyges"]
