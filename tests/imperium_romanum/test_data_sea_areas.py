"""The sea areas of 13.1 in port supply (issue 16): a port outside the friendly provinces
supplies when a friendly fleet lies in a port of a friendly province on the same sea area
(13.1 e); Sicily's ports and Rhegium serve both Mediterranean areas (13.1 a)."""

from __future__ import annotations

import pytest

from rules.imperium_romanum import supply as S
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def _salamis() -> tuple[Position, str, str]:
    """Rome holds Salamis on Cyprus, a province nobody controls, with a legion in it (s02)."""
    pos = Position("s02", month=6, year=-67, segment="movement", active="rome")
    hex_id = data().cities["salamis"].hex
    pos.st.city_owner["salamis"] = "rome"
    assert not pos.st.province_owner.get("cyprus")
    legion = pos.unit("rome", "legion_20_10", hex_id)
    return pos, hex_id, legion


def test_ports_lie_on_the_sea_areas_around_them() -> None:
    w = world("s02")
    assert w.port_sea_areas(data().cities["roma"].hex) == ("mare_occidentale",)
    assert w.port_sea_areas(data().cities["brundisium"].hex) == ("mare_orientale",)
    assert w.port_sea_areas(data().cities["salamis"].hex) == ("mare_orientale",)
    # 13.1: every port of Sicilia serves both Mediterranean areas, Syracusae's eastern coast too
    assert w.port_sea_areas(data().cities["syracusae"].hex) == ("mare_occidentale", "mare_orientale")
    assert w.port_sea_areas(data().cities["rhegium"].hex) == ("mare_occidentale", "mare_orientale")


def test_without_a_fleet_a_port_outside_the_friendly_provinces_does_not_supply() -> None:
    pos, hex_id, _legion = _salamis()
    assert S.port_supplies(pos.st, "rome", hex_id, False) is False


@pytest.mark.parametrize(("anchorage", "supplies"), [("brundisium", True), ("syracusae", True), ("roma", False)])
def test_13_1_e_a_fleet_in_a_friendly_port_of_the_same_sea_area(anchorage: str, supplies: bool) -> None:
    """13.1 e: a Roman fleet at Brundisium (eastern Mediterranean) or Syracusae (both areas) lets
    Salamis supply; one at Roma, on the western Mediterranean only, does not."""
    pos, hex_id, legion = _salamis()
    port = data().cities[anchorage].hex
    pos.unit("rome", "fleet_18_30", port)
    assert S.port_supplies(pos.st, "rome", hex_id, False) is supplies
    assert S.fleet_anchorage(pos.st, "rome", hex_id) == (port if supplies else "")
    _ok, unsupplied = S.check_group(pos.st, "rome", hex_id, [legion], [])
    if supplies:
        assert unsupplied == []


def test_13_1_e_a_besieged_anchorage_does_not_count() -> None:
    pos, hex_id, _legion = _salamis()
    port = data().cities["brundisium"].hex
    pos.unit("rome", "fleet_18_30", port)
    pos.st.sieges[port] = {"power": "rome", "city": "brundisium", "since": pos.st.turn, "besieger": "pirates",
                           "seat": "rome", "rolls": 0}  # fmt: skip
    assert S.port_supplies(pos.st, "rome", hex_id, False) is False


def test_13_1_e_an_enemy_fleet_does_not_count() -> None:
    pos, hex_id, _legion = _salamis()
    pos.st.province_owner["italia"] = "rome"
    pos.unit("pirates", "fleet_18_30", data().cities["brundisium"].hex)
    assert S.port_supplies(pos.st, "rome", hex_id, False) is False
