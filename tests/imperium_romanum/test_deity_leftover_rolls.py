"""Optional rule 42 on the last rolls that left an armed appeal (IR-ENG-164): a baggage train
taken by a civilized power (13.4.5), a fleet under construction in a captured port (7.8) and the
plague's two dice (45.1, 45.3). Each spends the armed appeal of the seat that throws it, in its
favour, with the table's morale at once. Dice are scripted: the appeal's d6 comes just before
the roll it changes."""

from __future__ import annotations

from rules.core.i18n import Text
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import deity as DEI
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import plague as PLG
from rules.imperium_romanum.board import BT
from tests.imperium_romanum.builder import Position, appeal_dice, roll_of

APPEAL = "§42 divine intervention"
OPEN_HEX = "A3418"  # Italia, no city


def _position(scenario: str, active: str, segment: str = "combat", **kw: int) -> Position:
    pos = Position(scenario, month=6, segment=segment, active=active, **kw)
    pos.st.options["divine_intervention"] = "yes"
    return pos



def test_ir_eng_164_a_civilized_taker_rolls_for_the_baggage_train_low_helping() -> None:
    pos = _position("s02", "pirates", year=-67)
    train = pos.unit("rome", BT, OPEN_HEX)
    pos.unit("pirates", "legion_20_10", OPEN_HEX)
    pos.st.powers["pirates"][DEI.ARMED] = True
    morale = pos.st.powers["pirates"]["morale"]
    pos.dice(6, 5)  # the pirates' appeal (+2: -2 on the roll), then a 5 that would destroy it: 3
    C._catch_alone(pos.st, "pirates", "rome", OPEN_HEX, [train], [])
    assert roll_of(pos, "§13.4.5 baggage train taken") == ([(APPEAL, -2)], 3)
    assert pos.st.units[train]["power"] == "pirates"  # 1-4: captured (13.4.5)
    assert appeal_dice(pos) == [6]
    assert pos.st.powers["pirates"][DEI.ARMED] is False
    assert pos.st.powers["pirates"]["morale"] == morale + 2


def _captured_yard(pos: Position) -> None:
    pos.st.shipyards = [{"power": "rome", "city": "brundisium", "ready": pos.st.turn + 2, "begun": 0}]
    pos.st.city_owner["brundisium"] = "pirates"


def test_ir_eng_164_the_captor_rolls_for_a_captured_yard_high_helping() -> None:
    pos = _position("s02", "pirates", segment="diplomacy", year=-67)
    _captured_yard(pos)
    pos.st.powers["pirates"][DEI.ARMED] = True
    pos.st.powers["rome"][DEI.ARMED] = True  # the builder throws neither die: his appeal waits
    morale = pos.st.powers["pirates"]["morale"]
    pos.dice(6, 1, 6)  # the appeal (+2), a 1 that would destroy the fleet: 3; the delay: 6, two months
    lines: list[Text] = []
    MOB.shipyards_month(pos.st, lines)
    assert roll_of(pos, "§7.8 port captured") == ([(APPEAL, 2)], 3)
    assert roll_of(pos, "§7.8 captured fleet delay") == ([], 6)  # the appeal is spent on the first die
    [yard] = pos.st.shipyards
    assert (yard["power"], yard["ready"]) == ("pirates", pos.st.turn + 4)
    assert pos.st.powers["pirates"][DEI.ARMED] is False
    assert pos.st.powers["pirates"]["morale"] == morale + 2
    assert pos.st.powers["rome"][DEI.ARMED] is True


def test_ir_eng_164_the_plague_roll_spends_the_province_holder_s_appeal_high_helping() -> None:
    pos = _position("s12", "rome", segment="diplomacy")
    pos.st.options["plague"] = "yes"
    pos.st.powers["rome"][DEI.ARMED] = True
    morale = pos.st.powers["rome"]["morale"]
    PLG.note(pos.st, "moesia_superior")
    pos.dice(6, 1, 1)  # Rome's appeal (+2), then 1 + 1: 3 with the gods, no plague (45.1)
    PLG.diplomacy_phase(pos.st, [])
    assert roll_of(pos, "§45.1 plague in") == ([(APPEAL, 2)], 3)
    assert PLG.in_plague(pos.st, "moesia_superior") is False
    assert pos.st.powers["rome"][DEI.ARMED] is False
    assert pos.st.powers["rome"]["morale"] == morale + 2


def test_ir_eng_164_a_punished_plague_roll_below_two_still_brings_the_plague() -> None:
    pos = _position("s12", "rome", segment="diplomacy")
    pos.st.options["plague"] = "yes"
    pos.st.powers["rome"][DEI.ARMED] = True
    PLG.note(pos.st, "moesia_superior")
    pos.dice(1, 1, 2)  # the appeal (-2), then 1 + 2: 1, plague (a 2 or less, IR-ENG-164)
    PLG.diplomacy_phase(pos.st, [])
    assert roll_of(pos, "§45.1 plague in") == ([(APPEAL, -2)], -1)
    assert PLG.in_plague(pos.st, "moesia_superior") is True


def test_ir_eng_164_a_spread_roll_spends_the_appeal_of_the_neighbour_s_holder() -> None:
    pos = _position("s12", "rome", segment="diplomacy")
    pos.st.options["plague"] = "yes"
    pos.st.plague["moesia_superior"] = pos.st.turn - 1
    neighbours = PLG.adjacent_provinces("moesia_superior")
    assert neighbours[:2] == ("dacia", "dalmatia")  # Dacia's province is rolled first
    pos.st.powers["dacia"][DEI.ARMED] = True
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6, 1, 1, 3, 6, *([3, 4] * (len(neighbours) - 2)))  # Dacia: appeal +2, 1 + 1 = 3;
    PLG.diplomacy_phase(pos.st, [])  # then Rome's Dalmatia: appeal +0 (a 3), 6 + 3 = 9
    assert roll_of(pos, "§45.3 spread to Dacia") == ([(APPEAL, 2)], 3)
    assert roll_of(pos, "§45.3 spread to Dalmatia") == ([], 6)
    assert "dacia" not in pos.st.plague
    assert (pos.st.powers["dacia"][DEI.ARMED], pos.st.powers["rome"][DEI.ARMED]) == (False, False)
