"""Optional rule 42 on the rolls session 10 added (IR-ENG-139, IR-ENG-152, IR-ENG-153): a
roll-off's dice, rule 44's dice and an active neutral's dice spend the armed appeal of the seat
that throws them, in its favour, with the table's morale; a sleeping neutral's wake roll spends
none. Dice are scripted: the appeal's d6 comes just before the roll it changes."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text, _
from rules.imperium_romanum import deity as DEI
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum import roll_off as RO
from rules.imperium_romanum import usurpation as U
from rules.imperium_romanum.world import data
from tests.imperium_romanum.builder import Position, appeal_dice, roll_of

NOVAE, NAISSUS = "B4913", "B4616"  # Moesia Inferior; Moesia Superior, next to it
APPEAL = "§42 divine intervention"


def _position(active: str = "rome", segment: str = "combat", usurpation: bool = False) -> Position:
    pos = Position("s12", month=6, segment=segment, active=active)
    pos.st.options["divine_intervention"] = "yes"
    pos.st.options["roman_usurpation"] = "yes" if usurpation else "no"
    return pos



def _label(contestant: str) -> Text:
    return _("§5.3 farthest power roll-off {seat}", seat=contestant)


def test_ir_eng_152_a_roll_off_spends_the_appeal_of_the_seat_that_rolls() -> None:
    pos = _position(segment="diplomacy")
    pos.st.powers["rome"][DEI.ARMED] = True
    morale = pos.st.powers["rome"]["morale"]
    pos.dice(6, 1, 2)  # Rome's appeal (+2), Rome's die 1 (3 with the gods), Dacia's die 2
    lines: list[Text] = []
    assert RO.roll_off(pos.st, ["rome", "dacia"], _label, lines) == "rome"
    assert roll_of(pos, "§5.3 farthest power roll-off rome") == ([(APPEAL, 2)], 3)
    assert roll_of(pos, "§5.3 farthest power roll-off dacia") == ([], 2)
    assert appeal_dice(pos) == [6]
    assert pos.st.powers["rome"][DEI.ARMED] is False
    assert pos.st.powers["rome"]["morale"] == morale + 2


def test_ir_eng_152_a_seat_rolling_for_two_tied_powers_keeps_its_appeal() -> None:
    pos = _position(segment="diplomacy")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.st.powers["roxolani"]["seat"] = "rome"  # a power the Roman seat moves, tied with Rome itself
    assert RO.roller(pos.st, "roxolani") == "rome"
    pos.dice(2, 5)
    won = RO.roll_off(pos.st, ["rome", "roxolani"], lambda p: _("§20.2 nearest major power roll-off {power}", power=p), [])
    assert won == "roxolani"
    assert appeal_dice(pos) == []
    assert pos.st.powers["rome"][DEI.ARMED] is True


def test_ir_eng_153_the_proclamation_roll_spends_the_generals_seat_appeal_low_helping() -> None:
    pos = _position(usurpation=True)
    pos.leader("hadrian", NOVAE, "rome")
    pos.unit("rome", "legion_20_10", NOVAE)
    pos.st.powers["rome"][DEI.ARMED] = True
    morale = pos.st.powers["rome"]["morale"]
    pos.dice(6, 6)  # the appeal (+2 for Rome: -2 on the roll), then a 6 that would proclaim him
    U.after_battle(pos.st, {"winner_leader": "hadrian", "odds": [20, 40], "attacker_won": True}, [])
    assert roll_of(pos, "§44.1 usurpation by Hadrian") == ([(APPEAL, -2)], 4)
    assert [p for p in pos.st.powers if p.startswith("usurper")] == []
    assert pos.st.powers["rome"][DEI.ARMED] is False
    assert pos.st.powers["rome"]["morale"] == morale + 2


def test_ir_eng_153_a_punished_proclamation_roll_above_six_still_proclaims() -> None:
    pos = _position(usurpation=True)
    pos.leader("hadrian", NOVAE, "rome")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(1, 6)  # the appeal (-2 for Rome: +2 on the roll), then a 6: 8
    U.after_battle(pos.st, {"winner_leader": "hadrian", "odds": [20, 40], "attacker_won": True}, [])
    assert roll_of(pos, "§44.1 usurpation by Hadrian") == ([(APPEAL, 2)], 8)
    assert pos.st.leaders["hadrian"]["power"] == "usurper_hadrian"


def test_ir_eng_153_a_neighbouring_stack_rolls_with_its_seats_appeal_high_helping() -> None:
    pos = _position(usurpation=True)
    pos.leader("hadrian", NOVAE, "rome")
    legion = pos.unit("rome", "legion_20_10", NAISSUS)  # leaderless, next province
    pos.st.powers["rome"][DEI.ARMED] = True
    morale = pos.st.powers["rome"]["morale"]
    pos.dice(1, 3)  # the appeal (-2 for Rome, -2 morale), then a 3: 1, the stack defects
    lines: list[Text] = []
    U.proclaim(pos.st, "hadrian", lines)
    assert roll_of(pos, f"§44.1 defection of the stack at {NAISSUS}") == ([(APPEAL, -2)], 1)
    assert pos.st.units[legion]["power"] == "usurper_hadrian"
    assert pos.st.powers["rome"][DEI.ARMED] is False
    assert f"Rome (Trajan) morale -2 (divine intervention): {morale - 2}." in [str(line) for line in lines]


def test_ir_eng_153_a_city_tie_is_rolled_by_its_owner_with_his_appeal_low_helping() -> None:
    pos = _position(usurpation=True)
    pos.leader("hadrian", NOVAE, "rome")  # no unit anywhere: both factions stay at 100
    pos.st.powers["rome"]["morale"] = U.NEW_MORALE
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(6, 5)  # the appeal (+2 for Rome: -2 on the roll), then a 5: 3, Durostorum stays Roman
    U.proclaim(pos.st, "hadrian", [])
    assert roll_of(pos, "§44.1 tie for Durostorum") == ([(APPEAL, -2)], 3)
    assert pos.st.city_owner["durostorum"] == "rome"
    assert pos.st.powers["rome"][DEI.ARMED] is False


def test_ir_eng_139_an_active_neutrals_attack_spends_the_appeal_of_the_seat_moving_it() -> None:
    pos = _position(active="dacia")
    pos.st.powers["iazyges"].update(status="active neutral", seat="dacia")
    pos.unit("iazyges", "light_cavalry_6_16", "B4406")
    pos.unit("rome", "legion_20_10", "B4406")
    pos.st.standing["rome"].update({"combat": "always_fight"})
    pos.st.powers["dacia"][DEI.ARMED] = True
    morale = pos.st.powers["dacia"]["morale"]
    pos.dice(6, 3)  # Dacia's appeal (+2), then the Iazyges' combat roll
    outcome = pos.game.apply("dacia", Command("attack", {"hex": "B4406"}))
    battle = next(r for r in outcome.rolls if r.purpose.startswith("§14.4.2 land combat"))
    assert (APPEAL, 2) in [(str(label), value) for label, value in battle.modifiers]
    assert [r.natural for r in outcome.rolls if r.purpose.startswith("§42 deity appeal")] == [6]
    assert pos.st.powers["dacia"][DEI.ARMED] is False
    assert pos.st.powers["dacia"]["morale"] == morale + 2


def test_ir_eng_139_a_sleeping_neutrals_wake_roll_keeps_the_appeal() -> None:
    pos = _position(segment="diplomacy")
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.st.powers["dacia"][DEI.ARMED] = True
    pos.unit("iazyges", "light_cavalry_6_16", "B4406")  # asleep, with a unit: it may wake (23.6)
    pos.dice(1, 1, 1, 1, 1, 1)
    N.barbarian_rolls(pos.st, [])
    assert [r.purpose for r in pos.st.dice.rolls][0] == "§37.6 iazyges from pannonia_inferior"
    assert pos.st.powers["iazyges"]["status"] == "inactive neutral"
    assert appeal_dice(pos) == []
    assert (pos.st.powers["rome"][DEI.ARMED], pos.st.powers["dacia"][DEI.ARMED]) == (True, True)
    assert "37.6" in data().scenarios["s12"].special_rules


def test_ir_eng_154_troops_stranded_at_sea_roll_with_their_seats_appeal() -> None:
    from rules.imperium_romanum import allied_transport as AT

    pos = Position(scenario="s24", year=285, month=6, segment="diplomacy", active="diocletian")
    pos.st.options["divine_intervention"] = "yes"
    deep = "B5025"
    fleet = pos.unit("diocletian", "fleet_18_30", deep)
    legion = pos.unit("carinus", "legion_20_10", deep, aboard=fleet)
    pos.st.powers["carinus"][DEI.ARMED] = True
    pos.dice(6, 2)  # Carinus's appeal (+2), then a 2: 4, the troops reach land (4-6)
    AT.part(pos.st, deep, "diocletian", "carinus", False, [])
    assert roll_of(pos, "§5.8 troops stranded at sea") == ([(APPEAL, 2)], 4)
    assert legion not in pos.st.eliminated
    assert pos.st.units[legion]["hex"] == AT.closest_land(pos.st, deep, "carinus")
    assert pos.st.powers["carinus"][DEI.ARMED] is False


def test_ir_eng_154_the_grain_rebellion_roll_spends_the_capitals_owners_appeal() -> None:
    from rules.imperium_romanum import grain as G
    from rules.imperium_romanum.world import world

    pos = Position("s02", month=4, year=-67, segment="diplomacy", active="pirates")
    pos.st.turn = 2
    pos.st.options["divine_intervention"] = "yes"
    for city in world("s02").city_value:  # TC-61: Rome keeps Aegyptus' 4 wheat only, span 1-2
        province = data().cities[city].province
        if province in ("africa", "baetica", "sardinia", "sicilia", "chersonesus"):
            pos.st.city_owner[city] = "pirates"
        if province == "aegyptus":
            pos.st.city_owner[city] = "rome"
    pos.st.powers["rome"][DEI.ARMED] = True
    pos.dice(1, 1)  # Rome's appeal (-2), then a 1: -1, still a rebellion (1-2)
    G.rebellion_checks(pos.st, [])
    assert roll_of(pos, "§22.2.2 grain rebellion at roma") == ([(APPEAL, -2)], -1)
    assert pos.st.stats["grain_rebellions"] == 1
    assert pos.st.powers["rome"][DEI.ARMED] is False
