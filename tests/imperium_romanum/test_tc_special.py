"""Worked examples of the special rules (digest §4): TC-62 (27.1.3), TC-64 (35.1) and TC-69
(37.6), each on the engine's own functions."""

from __future__ import annotations

import pytest

from rules.core.command import Command
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position


def test_tc_62_two_pirate_held_ports_cut_sicilias_tax_by_two() -> None:
    """27.1.3: each port of the province where pirates stand costs its owner 1 talent of tax."""
    from rules.imperium_romanum import sequence as SEQ

    def rome_taxes(pirate_ports: int) -> int:
        pos = Position("s02", month=3, year=-67, segment="taxation", active="pirates")
        assert pos.st.province_owner["sicilia"] == "rome"
        for hex_id in ports[:pirate_ports]:
            pos.unit("pirates", "fleet_18_30", hex_id)
        before = pos.st.powers["rome"]["treasury"]
        SEQ.collect_taxes(pos.st, [])
        return int(pos.st.powers["rome"]["treasury"] - before)

    ports = sorted(data().cities[c].hex for c in world("s02").city_value
                   if data().cities[c].province == "sicilia" and world("s02").is_port(data().cities[c].hex))  # fmt: skip
    assert len(ports) >= 2
    assert rome_taxes(0) - rome_taxes(2) == 2


def _raise_beside(trainer_type: str, new_type: str) -> tuple[Position, str]:
    pos = Position(month=3, segment="taxation", active="rome")
    pos.st.tm_seen = 2
    hex_id = data().cities["singidunum"].hex
    trainer = pos.unit("rome", trainer_type, hex_id)
    pos.game.apply("rome", Command("build", {"type": new_type, "city": "singidunum"}))
    new = next(u for u, r in pos.st.units.items() if u != trainer and r["type"] == new_type and not r["vet"])
    return pos, new


def test_tc_64_a_16_10_trains_an_unseasoned_10_10_but_not_a_30_16() -> None:
    """35.1: a veteran of the same counter type trains; the new unit then stays this month only.
    The unseasoned side of a 16-10 is the 10-10 of the example (8 SP here: its back)."""
    pos, new = _raise_beside("legion_16_10", "legion_16_10")
    assert pos.st.units[new]["held_until"] == pos.st.turn  # trained
    pos, new = _raise_beside("legion_16_10", "heavy_cavalry_30_16")
    assert pos.st.units[new]["held_until"] == pos.st.turn + 1  # no trainer of its type: two months


@pytest.mark.parametrize("units", [("legion_16_10", "light_cavalry_6_16"), ("legion_16_10", "light_infantry_4_12")])
def test_tc_69_twenty_roman_sp_or_more_next_to_the_barbarians_roll_nothing(units: tuple[str, str]) -> None:
    """37.6: Pannonia Inferior, next to Iazygia, holding 16 + 6 = 22 or 16 + 4 = 20 Roman SP."""
    pos = Position(segment="diplomacy")
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    for unit_type in units:
        pos.unit("rome", unit_type, PANNONIA)
    N.barbarian_rolls(pos.st, [])
    assert not any(r.purpose.startswith("§37.6") for r in pos.st.dice.rolls)
    assert pos.st.powers["iazyges"]["status"] == "inactive neutral"


@pytest.mark.parametrize(("die", "awake"), [(4, False), (5, True), (6, True)])
def test_tc_69_nineteen_roman_sp_or_fewer_roll_and_5_or_6_wakes_them(die: int, awake: bool) -> None:
    """37.6: 16 + 2 (an unseasoned 4-12) = 18 Roman SP: a d6, 5-6 activates the Iazyges."""
    pos = Position(segment="diplomacy")
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    pos.unit("rome", "legion_16_10", PANNONIA)
    pos.unit("rome", "light_infantry_4_12", PANNONIA, vet=False)
    pos.dice(die)
    N.barbarian_rolls(pos.st, [])
    assert [r.purpose for r in pos.st.dice.rolls if r.purpose.startswith("§37.6")] == ["§37.6 iazyges from pannonia_inferior"]
    assert (pos.st.powers["iazyges"]["status"] == "active neutral") is awake


PANNONIA = sorted(h for h, c in data().hexes.items() if c.kind == "land" and c.province == "pannonia_inferior")[0]


def test_tc_02_the_farthest_player_from_two_neighbouring_neutrals_controls_both() -> None:
    """5.3: the Iazyges and the Roxolani, both active neutrals, stand next to each other; Rome
    stands 1-2 hexes away, Dacia 10-11: Dacia controls both. Each neutral's units are ignored
    when the other one's distance is measured (they are nobody's assets)."""
    from rules.imperium_romanum import board as B

    pos = Position(month=6, segment="diplomacy")
    pos.st.city_owner["tyras"] = ""  # only units count here
    pos.unit("iazyges", "horse_archers_6_16", "B4212")
    pos.unit("roxolani", "horse_archers_6_16", "B4213")
    pos.unit("rome", "legion_20_10", "B4415")
    pos.unit("dacia", "heavy_infantry_20_8", "B5006")
    for power in ("iazyges", "roxolani"):
        pos.st.powers[power].update(status="active neutral", seat="")
    roxolani = N.positions(pos.st, ["roxolani"])
    assert [N.nearest(N.positions(pos.st, B.powers_of(pos.st, s)), roxolani) for s in ("rome", "dacia")] == [1, 11]
    N.assign_neutrals(pos.st, [])
    assert (pos.st.powers["iazyges"]["seat"], pos.st.powers["roxolani"]["seat"]) == ("dacia", "dacia")
