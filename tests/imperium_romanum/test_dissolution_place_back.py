"""A dissolved non-Roman major power (20.2 -> 20.1; IR-ENG-126) and the clients of a player left
with no major power (20.2; IR-ENG-127), in scenario 12: Dacia's morale falls to 0."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.world import data, hex_distance
from tests.imperium_romanum.builder import Position

NAISSUS = "B4616"  # Moesia Superior, Rome's


def _dacia_land() -> list[str]:
    return sorted(h for h, cell in data().hexes.items() if cell.province == "dacia" and cell.kind == "land")


def dissolving() -> tuple[Position, list[Text]]:
    pos = Position(month=6, segment="movement")
    pos.st.powers["dacia"].update(morale=0, points_halves=6)
    return pos, []


def test_20_1_a_dissolved_major_s_pieces_outside_go_to_the_nearest_place_of_its_provinces() -> None:
    pos, lines = dissolving()
    raider = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)
    home = pos.unit("dacia", "heavy_infantry_20_8", "B4512")
    pos.leader("diegis", NAISSUS)
    V.check_dissolution(pos.st, lines)
    assert pos.st.powers["dacia"]["dissolved"] and pos.st.powers["dacia"]["status"] == "inactive neutral"
    target = pos.st.units[raider]["hex"]
    assert data().hexes[target].province == "dacia"
    assert hex_distance(NAISSUS, target) == min(hex_distance(NAISSUS, h) for h in _dacia_land())  # the nearest (IR-ENG-126)
    assert pos.st.leaders["diegis"]["hex"] == target
    assert pos.st.units[home]["hex"] == "B4512"  # already home: stays
    assert "2 pieces of Dacia (Decebalus) go back into its provinces (20.1)." in [str(line) for line in lines]
    assert violations(pos.st) == []


def test_20_2_no_treasury_and_no_points_are_kept() -> None:
    pos, lines = dissolving()
    assert pos.st.powers["dacia"]["treasury"] > 0
    V.check_dissolution(pos.st, lines)
    assert (pos.st.powers["dacia"]["treasury"], pos.st.powers["dacia"]["points_halves"]) == (0, 0)


def test_20_2_the_clients_of_a_player_who_is_out_go_to_the_nearest_major_power() -> None:
    pos, lines = dissolving()
    pos.unit("roxolani", "light_cavalry_6_12", "B5011")
    V.check_dissolution(pos.st, lines)
    roxolani = pos.st.powers["roxolani"]
    assert (roxolani["patron"], roxolani["seat"], roxolani["status"]) == ("rome", "rome", "active client")
    assert "Roxolani becomes a client state of Rome, the nearest major power (20.2)." in [
        str(line).replace(pos.st.powers["rome"]["name"], "Rome") for line in lines]
    assert pos.st.result["winners"] == ["rome"]  # the last player left (25.0)


def test_ir_eng_126_a_fleet_with_no_port_to_go_to_is_lost_and_its_troops_land_at_home() -> None:
    pos, lines = dissolving()
    fleet = pos.unit("dacia", "fleet_18_30", "B5210")  # the Pontus; Dacia has no port
    troops = pos.unit("dacia", "heavy_infantry_20_8", "B5210", aboard=fleet)
    V.check_dissolution(pos.st, lines)
    assert fleet in pos.st.eliminated and fleet not in pos.st.units
    assert pos.st.units[troops]["aboard"] == "" and data().hexes[pos.st.units[troops]["hex"]].province == "dacia"
    assert violations(pos.st) == []
