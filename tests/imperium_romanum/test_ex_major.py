"""A dissolved non-Roman major power woken again (20.2 #1-#5 with 20.1, 23.1; IR-ENG-146).
Scenario 12: Dacia dissolves while its seat plays on (it also runs a usurper, 44.1); scenario 2
for a civilized major (26)."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import accrual, clients, ex_major, neutrals, reversion
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.world import data, world
from tests.imperium_romanum.builder import Position

HOME = "B4512"  # Dacia
NAISSUS = "B4616"  # Moesia Superior, Rome's


def _dacia_land() -> list[str]:
    return sorted(h for h, cell in data().hexes.items() if cell.province == "dacia" and cell.kind == "land")


def _dissolved(rome_in_dacia: bool = False) -> tuple[Position, list[str], list[Text]]:
    pos = Position(month=6, segment="movement", active="rome")
    pos.st.powers["usurper_x"] = {**pos.st.powers["rome"], "name": "Usurper", "seat": "dacia", "chief": "", "morale": 50}
    pos.unit("usurper_x", "legion_20_10", "A3620")  # Roma, far to the west: the dacia seat is the farthest player
    units = [pos.unit("dacia", "heavy_infantry_20_8", HOME), pos.unit("dacia", "light_cavalry_6_16", HOME)]
    if rome_in_dacia:
        pos.unit("rome", "legion_20_10", _dacia_land()[0])
    pos.st.powers["dacia"].update(morale=0)
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    return pos, units, lines


def test_20_2_a_dissolved_major_sleeps_as_an_inactive_neutral() -> None:
    pos, units, _lines = _dissolved()
    rec = pos.st.powers["dacia"]
    assert (rec["status"], rec["dissolved"], rec["seat"], rec["ex_major"]) == ("inactive neutral", True, "", True)
    assert ex_major.asleep(rec) and pos.st.result == {}
    assert neutrals.neutral_owner_of(pos.st, HOME) == "dacia"  # an invasion would wake it (20.1)


def test_20_1_20_2_invaded_it_wakes_with_the_units_it_has_left_and_no_treasury() -> None:
    pos, units, _lines = _dissolved()
    dacia = _dacia_land()
    start, entry = next((e.to, h) for h in dacia for e in world("s12").edges[h]
                        if data().hexes[e.to].province not in ("dacia", "") and not e.crossing)  # fmt: skip
    legion = pos.unit("rome", "legion_20_10", start, supplied=True)
    outcome = pos.game.apply("rome", Command("move", {"units": [legion], "to": entry}))
    rec = pos.st.powers["dacia"]
    assert (rec["status"], rec["dissolved"], rec["major"], rec["treasury"]) == ("active neutral", False, False, 0)
    assert rec["seat"] == "dacia"  # the farthest player; Rome invades and cannot hold it (5.3, IR-ENG-27)
    assert sorted(u for u, r in pos.st.units.items() if r["power"] == "dacia") == sorted(units)  # #1: no new units
    assert pos.st.units[legion]["mp"] == 0  # the mover stops (23.1)
    public = [str(line) for line in outcome.public]
    assert "Dacia (Decebalus), once a major power, wakes as a minor power with the units it has left and no treasury (20.2)." in public
    assert not V.check_last_player(pos.st, []) and pos.st.result == {}  # a minor power keeps no seat in the game


def test_20_1_enemy_units_still_in_its_provinces_wake_it_at_once() -> None:
    pos, _units, lines = _dissolved(rome_in_dacia=True)
    rec = pos.st.powers["dacia"]
    assert (rec["status"], rec["dissolved"], rec["major"], rec["seat"]) == ("active neutral", False, False, "dacia")
    assert "Enemy units stand in the provinces of Dacia (Decebalus): it is reactivated at once (20.1)." in [str(x) for x in lines]


def test_20_2_5_conquered_again_it_becomes_the_conqueror_s_client() -> None:
    pos, units, _lines = _dissolved(rome_in_dacia=True)
    for uid in units:
        pos.st.eliminated[uid] = pos.st.units.pop(uid)
    pos.st.province_owner["dacia"] = "rome"
    lines: list[Text] = []
    clients.check_conquests(pos.st, lines)
    rec = pos.st.powers["dacia"]
    assert (rec["status"], rec["patron"], rec["seat"]) == ("active client", "rome", "rome")


def test_ir_eng_146_a_woken_ex_major_does_not_go_back_to_sleep_by_23_6() -> None:
    pos, units, _lines = _dissolved(rome_in_dacia=True)
    for uid in units:
        pos.st.eliminated[uid] = pos.st.units.pop(uid)
    reversion.end_of_month(pos.st, [])
    assert pos.st.powers["dacia"]["status"] == "active neutral"


def test_20_2_2_4_a_woken_civilized_ex_major_accrues_as_a_minor_at_its_listed_rate() -> None:
    """Scenario 2's pirates: rule 26 while major (0.5 a phase, no limit); woken, 8.1's rate (the
    scenario's 0.5), only after a loss and only while holding a province."""
    pos = Position("s02", month=3, year=67, segment="movement", active="rome")
    rec = pos.st.powers["pirates"]
    assert accrual.civilized_major(pos.st, "pirates")
    ex_major.mark(pos.st, "pirates")
    rec.update(dissolved=True, status="inactive neutral", seat="", treasury=30, points_halves=4)
    neutrals.activate(pos.st, "pirates", "rome", [])
    assert (rec["major"], rec["treasury"], rec["points_halves"]) == (False, 0, 0)
    assert not accrual.civilized_major(pos.st, "pirates")  # 26 no longer applies (20.2 #4)
    held = any(owner == "pirates" for owner in pos.st.province_owner.values())
    lost = pos.unit("pirates", "fleet_18_30", "B4030")
    pos.st.eliminated[lost] = pos.st.units.pop(lost)
    lines: list[Text] = []
    accrual.accrue(pos.st, lines)
    assert held and rec["points_halves"] == 1  # 8.1: its listed rate, one half (20.2 #2)
    assert "Pirates accrues 0.5 replacement points (8.1)." in [str(x).replace(rec["name"], "Pirates") for x in lines]
