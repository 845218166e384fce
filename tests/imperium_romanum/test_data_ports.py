"""The non-city ports of the map (issue 16; 2.3, 13.1, 27.1): harbours of history on free
coastal land hexes of their provinces, and the validator's refusals."""

from __future__ import annotations

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.grid import neighbours, printed_id
from rules.imperium_romanum.loader import load_data, summary_lines
from tests.imperium_romanum.conftest import BrokenData


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def test_each_port_is_a_free_coastal_hex_of_its_province(data: IRData) -> None:
    """2.3: a port in a city hex is the city's, so a non-city port holds no city of any column."""
    city_hexes = {c.hex for c in data.cities.values()}
    assert len(data.ports) == 15
    for port in data.ports:
        cell = data.hexes[port.hex]
        assert (port.id, cell.kind, cell.province) == (port.id, "land", port.province)
        assert port.hex not in city_hexes
        around = [data.hexes.get(printed_id(c, r)) for c, r in neighbours(cell.col, cell.row)]
        assert any(h is not None and h.kind in ("coastal", "deep") for h in around)


def test_the_pirates_haven_and_the_fleet_bases(data: IRData) -> None:
    """27.1: Coracesium, where the pirates of scenario 2 make their stand, is a Cilician port;
    Misenum and Gesoriacum, fleet bases of the Empire, are ports too (history)."""
    ports = {p.id: p for p in data.ports}
    assert (ports["coracesium"].hex, ports["coracesium"].province) == ("B6218", "cilicia")
    assert any(d.hex == "B6218" and d.power == "pirates" for d in data.scenarios["s02"].deployments)
    assert (ports["misenum"].province, ports["gesoriacum"].province) == ("italia", "belgica")
    # their values by column are the chart's non-city port line: 0/1, then 0/2 from column 24
    assert (data.non_city_port[0].tax, data.non_city_port[0].defence) == (0, 1)


def test_data_check_counts_the_ports(data: IRData) -> None:
    assert "15 Imperium Romanum non-city ports" in summary_lines(data)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('hex = "B6218"', 'hex = "B6216"', "ports.toml: coracesium: hex B6216 touches no sea hex (2.3)"),
        ('hex = "B4022"', 'hex = "B3921"', "ports.toml: misenum: hex B3921 holds a city: its port is the city's (2.3)"),
        ('hex = "B4022"\nprovince = "italia"', 'hex = "B4022"\nprovince = "sicilia"', "ports.toml: misenum: hex B4022 lies in italia, not in 'sicilia'"),
        ('hex = "B4022"', 'hex = "A0837"', "ports.toml: misenum: hex 'A0837' is not a land hex of the map"),
    ],
)
def test_the_validator_refuses_broken_ports(broken_data: BrokenData, old: str, new: str, problem: str) -> None:
    assert problem in broken_data("ports.toml", old, new)


def test_the_two_river_ports_are_entered_from_a_printed_hex(data: IRData) -> None:
    """2.3: fleets enter Londinium (A2010) from A2011 or A2110 and Hispalis (A1530) from A1431
    or A1531; on our grid A2110 and A1431 are the sea hexes beside them."""
    from rules.imperium_romanum.world import world

    w = world("s24")
    for city, printed, entry in (("londinium", "A2010", "A2110"), ("hispalis", "A1530", "A1431")):
        hex_id = data.cities[city].hex
        assert hex_id == printed and w.is_port(hex_id)
        assert hex_id in {h for h, _cost in w.sea_steps(entry, False)}


# -- the engine's use of the non-city ports (2.3, 10.3, 13.1, 32.0; IR-ENG-53) ------------------
def test_a_non_city_port_is_a_port_fleets_enter_from_the_sea() -> None:
    from rules.imperium_romanum.world import world

    w = world("s02")
    assert w.is_port("B4022") and w.non_city_port("B4022")  # Misenum
    assert not w.non_city_port("A3620")  # Roma is a city, not a non-city port
    entry = next(h for h, _cost in w.sea_steps("B4022", False))
    assert "B4022" in {h for h, _cost in w.sea_steps(entry, False)}


def test_a_non_city_port_follows_its_province_for_basing_and_supply() -> None:
    from rules.imperium_romanum import board as B
    from rules.imperium_romanum import naval as NAV
    from rules.imperium_romanum import supply as SU
    from tests.imperium_romanum.builder import Position

    pos = Position(scenario="s02", month=6, year=-67, active="rome")
    st = pos.st
    assert B.port_owner(st, "B4022") == "rome" and B.port_owner(st, "B6218") == "pirates"
    assert NAV.friendly_port(st, "rome", "B4022") and NAV.in_harbour(st, "rome", "B4022")
    assert not NAV.in_harbour(st, "rome", "B6218")  # Coracesium, the pirates' Cilician haven
    assert SU.port_supplies(st, "rome", "B4022", False)  # 13.1: a friendly port supplies its hex
    assert not SU.port_supplies(st, "pirates", "B4022", False)
    st.province_owner["italia"] = "pirates"
    assert B.port_owner(st, "B4022") == "pirates" and not NAV.friendly_port(st, "rome", "B4022")


def test_a_non_city_port_is_never_overrun() -> None:
    from rules.imperium_romanum import overrun as OV
    from tests.imperium_romanum.builder import Position

    pos = Position(scenario="s24", year=285, month=6, active="carinus")
    cavalry = pos.units("carinus", "heavy_cavalry_30_16", "B5115", 2)
    pos.unit("diocletian", "light_infantry_4_12", "B5215")  # Apollonia Pontica, a non-city port
    assert OV.protected(pos.st, "carinus", "B5215") and not OV.can_overrun(pos.st, "carinus", cavalry, "B5215")


# -- a non-city port's own strength and its capture (16.1, 17.1; IR-ENG-110) ---------------------
MISENUM = "B4022"


def _at_misenum(units: int) -> tuple[object, list[str]]:
    from tests.imperium_romanum.builder import Position

    pos = Position("s24", month=6, year=285, segment="combat", active="diocletian")
    return pos, pos.units("diocletian", "legion_16_10", MISENUM, units)


def test_the_port_strength_is_the_chart_cell_of_the_column() -> None:
    """16.1: 1 in the early columns, 2 from column 24 on (the chart's non-city port line)."""
    from rules.imperium_romanum import ports as PORTS
    from tests.imperium_romanum.builder import Position

    assert PORTS.strength(Position("s24", year=285, active="diocletian").st, MISENUM) == 2
    assert PORTS.strength(Position("s02", year=-67).st, MISENUM) == 1
    assert PORTS.strength(Position("s02", year=-67).st, "A3620") == 0  # Roma: a city, not a non-city port


def test_a_non_city_port_alone_defends_and_is_captured() -> None:
    """16.1: the port defends alone with its strength (CER B); beaten, it passes to the winner and
    fleets of its old holder no longer count it friendly (IR-ENG-110)."""
    from rules.imperium_romanum import board as B

    pos, _legions = _at_misenum(1)
    assert B.port_owner(pos.st, MISENUM) == "carinus"
    from rules.imperium_romanum import combat as C

    assert C.defender_seat(pos.st, "diocletian", MISENUM) == ("carinus", [])
    pos.dice(6)
    lines: list = []
    C.declare(pos.st, "diocletian", MISENUM, lines)
    assert any("16 against 2," in str(line) for line in lines), lines
    assert any("takes the port of Misenum (16.1)" in str(line) for line in lines), lines
    assert pos.st.port_owner == {MISENUM: "diocletian"}
    assert B.port_owner(pos.st, MISENUM) == "diocletian"
    assert pos.st.province_owner["italia"] == "carinus"  # the port, not the province


def test_a_non_city_port_adds_its_strength_to_its_defenders_and_holds_when_they_win() -> None:
    from rules.imperium_romanum import combat as C

    pos, _legions = _at_misenum(1)
    pos.unit("carinus", "light_infantry_4_12", MISENUM)
    pos.st.standing["carinus"]["combat"] = "always_fight"
    side, defenders = C.defender_seat(pos.st, "diocletian", MISENUM)
    assert side == "carinus" and len(defenders) == 1
    pos.dice(1)
    lines: list = []
    C.resolve(pos.st, "diocletian", MISENUM, lines)
    assert any("16 against 6," in str(line) for line in lines), lines  # 4-12 + the port's 2
    assert pos.st.port_owner == {}


def test_a_port_of_ones_own_side_is_no_target() -> None:
    from rules.core.command import Command
    from rules.core.errors import RuleError
    from tests.imperium_romanum.builder import Position

    pos = Position("s24", month=6, year=285, segment="combat", active="carinus")
    pos.unit("carinus", "legion_16_10", MISENUM)
    with pytest.raises(RuleError) as err:
        pos.game.apply("carinus", Command("attack", {"hex": MISENUM}))
    assert err.value.section == "§14.1"


def test_the_pirates_hold_every_non_city_port_of_their_start_provinces() -> None:
    """27.1 (ruling IR-SCN-5): the pirates of scenario 2 hold the non-city ports of every province
    where their pieces start (a box's own province), Roman Achaea's Gytheion included; a port of
    a province with no pirate piece stays its province's owner's (IR-ENG-53)."""
    from rules.core.dice import Dice
    from rules.imperium_romanum import board as B
    from rules.imperium_romanum.setup import new_state, start_port_hexes

    st = new_state("s02", Dice(seed=1), {})
    assert start_port_hexes("s02", "pirates") == ["A3323", "B5123", "B5229", "B6218", "B6417"]
    assert st.province_owner["achaea"] == "rome" and st.port_owner["B5123"] == "pirates"
    assert {h: B.port_owner(st, h) for h in start_port_hexes("s02", "pirates")} == dict.fromkeys(
        ["A3323", "B5123", "B5229", "B6218", "B6417"], "pirates")
    # Cilicia is the pirates' province already: its ports follow it, no separate entry (IR-ENG-53)
    assert "B6218" not in st.port_owner
    assert B.port_owner(st, "B4022") == "rome"  # Misenum, in Italia: no pirate piece starts there
    # 27.1 marks the pirates alone: the other scenarios start with no captured port
    assert [new_state(s, Dice(seed=1), {}).port_owner for s in ("s01", "s12", "s24")] == [{}, {}, {}]
