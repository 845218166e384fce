"""Optional rule 44.1: the stacks in the provinces next to a usurper's (IR-ENG-143).

44.1 sends the Roman and allied forces of the usurper's province over to him, and the leaderless
stacks of the neighbouring provinces on a d6 of 1-2; that second sentence names no power, so it
reaches the same forces: the Roman factions and the powers allied to the faction he rose against
(its clients, a seat allied this month, IR-ENG-141)."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import usurpation as U
from tests.imperium_romanum.builder import Position

NOVAE = "B4913"  # Moesia Inferior, Hadrian's province
NAISSUS, SINGIDUNUM = "B4616", "B4314"  # Moesia Superior, next to it


def _proclaim(pos: Position, *dice: int) -> tuple[str, list[str]]:
    pos.leader("hadrian", NOVAE)
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.dice(*dice)
    lines: list[Text] = []
    new = U.proclaim(pos.st, "hadrian", lines)
    return new, [r.purpose for r in pos.st.dice.rolls]


def _position() -> Position:
    pos = Position("s12", month=6, segment="combat", active="rome")
    pos.st.options["roman_usurpation"] = "yes"
    return pos


def test_ir_eng_143_an_allied_leaderless_stack_next_door_goes_over_on_a_two() -> None:
    pos = _position()
    pos.st.alliances.append(["dacia", "rome"])
    ally = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)
    dacia = pos.st.powers["dacia"]["morale"]
    new, purposes = _proclaim(pos, 2)
    assert purposes == [f"§44.1 defection of the stack at {NAISSUS}"]
    assert pos.st.units[ally]["power"] == new
    assert pos.st.powers["dacia"]["morale"] == dacia - 4  # its morale value goes with it (19.1, 44.2)


def test_ir_eng_143_an_allied_stack_next_door_stays_on_a_three() -> None:
    pos = _position()
    pos.st.alliances.append(["dacia", "rome"])
    ally = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)
    _new, purposes = _proclaim(pos, 3)
    assert purposes == [f"§44.1 defection of the stack at {NAISSUS}"]
    assert pos.st.units[ally]["power"] == "dacia"


def test_ir_eng_143_a_client_stack_next_door_rolls_but_one_with_its_leader_does_not() -> None:
    pos = _position()
    pos.st.powers["roxolani"].update(status="active client", seat="rome", patron="rome")
    client = pos.unit("roxolani", "light_cavalry_6_16", NAISSUS)
    pos.st.alliances.append(["dacia", "rome"])
    led = pos.unit("dacia", "heavy_infantry_20_8", SINGIDUNUM)
    pos.leader("decebalus", SINGIDUNUM, "dacia")  # a leader stacked with them: no roll (44.1)
    new, purposes = _proclaim(pos, 1)
    assert purposes == [f"§44.1 defection of the stack at {NAISSUS}"]
    assert (pos.st.units[client]["power"], pos.st.units[led]["power"]) == (new, "dacia")


def test_ir_eng_143_an_enemy_stack_next_door_never_rolls() -> None:
    pos = _position()
    enemy = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)  # Dacia is not allied this month
    _new, purposes = _proclaim(pos)
    assert purposes == []
    assert pos.st.units[enemy]["power"] == "dacia"
