"""Conquered minor powers become clients (20.1, 20.1.1, IR-ENG-65), and the defection of a
Roman faction (20.3) is refused as not yet supported."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.core.errors import NotYetSupported
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import clients
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position

TYRAS = data().cities["tyras"].hex


def _roxolani_beaten(units_left: int = 0) -> Position:
    """Rome holds Tyras, the Roxolani's one province; ``units_left`` of their units remain."""
    pos = Position(month=6, segment="combat")
    pos.st.province_owner["tyras"] = "rome"
    pos.st.city_owner["tyras"] = "rome"
    for _i in range(units_left):
        pos.unit("roxolani", "horse_archers_6_16", TYRAS)
    pos.st.powers["roxolani"]["points_halves"] = 2
    return pos


def test_20_1_a_minor_power_conquered_and_wiped_out_becomes_the_conqueror_s_client() -> None:
    pos = _roxolani_beaten()
    assert (pos.st.powers["roxolani"]["status"], pos.st.powers["roxolani"]["patron"]) == ("active client", "dacia")
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    rec = pos.st.powers["roxolani"]
    assert (rec["status"], rec["patron"], rec["seat"], rec["points_halves"]) == ("active client", "rome", "rome", 0)
    assert B.seat_of(pos.st, "roxolani") == "rome" and "roxolani" in B.powers_of(pos.st, "rome")
    assert any("client state of Rome" in str(line) for line in lines)


def test_20_1_1_a_power_with_forces_left_is_not_conquered() -> None:
    pos = _roxolani_beaten(units_left=1)
    assert clients.conqueror(pos.st, "roxolani") == ""
    V.check_dissolution(pos.st, [])
    assert pos.st.powers["roxolani"]["patron"] == "dacia"


def test_20_1_1_a_power_holding_a_province_is_not_conquered() -> None:
    pos = Position(month=6, segment="combat")
    assert pos.st.province_owner["tyras"] == "roxolani" and not any(u["power"] == "roxolani" for u in pos.st.units.values())
    assert clients.conqueror(pos.st, "roxolani") == ""


def test_20_1_the_conquest_is_checked_after_a_battle() -> None:
    """The last Roxolani riders in Tyras, which Rome holds, are wiped out by a Roman attack."""
    pos = _roxolani_beaten()
    pos.units("rome", "legion_20_10", TYRAS, 4)
    pos.unit("roxolani", "horse_archers_6_16", TYRAS)
    pos.st.standing["dacia"]["combat"] = "always_fight"
    pos.dice(6)
    pos.game.apply("rome", Command("attack", {"hex": TYRAS}))
    assert not any(u["power"] == "roxolani" for u in pos.st.units.values())
    assert pos.st.powers["roxolani"]["patron"] == "rome"


def test_20_3_a_roman_faction_dissolving_beside_another_is_not_yet_supported() -> None:
    pos = Position(month=6, segment="combat")
    pos.st.powers["dacia"]["kind"] = "roman"  # a second Roman faction, as in the civil-war scenarios
    pos.st.powers["dacia"]["morale"] = 0
    with pytest.raises(NotYetSupported) as err:
        V.check_dissolution(pos.st, [])
    assert err.value.section == "§20.3"
