"""Optional rule 45, plague, and event E of 39.2 (issue 17): trigger, check, effects, spread
and recovery, on the position builder with scripted dice; and a seeded scenario-12 game with
both options on, played to its end by the random player."""

from __future__ import annotations

import json
import random

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import plague as PLG
from rules.imperium_romanum import random_events as RE
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum.game import ImperiumRomanumGame
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.players import random_choice
from tests.imperium_romanum.builder import Position

ROME_HEX = "B4415"  # Moesia Superior


def _pos(month: int = 6, segment: str = "diplomacy") -> Position:
    pos = Position("s12", month=month, segment=segment, active="rome")
    pos.st.options["plague"] = "yes"
    return pos


def _text(lines: list[Text]) -> str:
    return "\n".join(str(x) for x in lines)


def test_45_0_plunder_and_big_battles_qualify_a_province() -> None:
    pos = _pos()
    PLG.note(pos.st, "dalmatia")
    PLG.note_battle(pos.st, ROME_HEX, committed=40, lost=20)  # exactly half: not more than half
    assert pos.st.plague_watch == ["dalmatia"]
    PLG.note_battle(pos.st, ROME_HEX, committed=40, lost=21)
    assert pos.st.plague_watch == ["dalmatia", "moesia_superior"]


def test_45_1_a_2_on_two_dice_brings_the_plague_and_45_2_a_third_of_the_le() -> None:
    pos = _pos()
    legions = pos.units("rome", "legion_20_10", ROME_HEX, 3)
    PLG.note(pos.st, "moesia_superior")
    pos.dice(1, 1)  # 45.1: a 2
    lines: list[Text] = []
    PLG.diplomacy_phase(pos.st, lines)
    assert PLG.in_plague(pos.st, "moesia_superior") and "(45.1)" in _text(lines)
    assert sum(1 for u in legions if u in pos.st.units) == 2  # 3 LE: one goes
    assert pos.st.plague_watch == []


def test_45_1_and_45_3_rolls_name_the_province_not_its_id() -> None:
    """The public dice lines of 45.1 and 45.3 name the province as the map prints it."""
    pos = _pos()
    pos.st.plague["moesia_superior"] = pos.st.turn - 1
    PLG.note(pos.st, "moesia_superior")
    neighbours = PLG.adjacent_provinces("moesia_superior")
    pos.dice(*([3, 4] * len(neighbours)))
    PLG.diplomacy_phase(pos.st, [])
    purposes = [str(r.purpose) for r in pos.st.dice.rolls]
    first = PLG._name(neighbours[0])
    assert purposes[0] == f"§45.3 spread to {first}" and first != neighbours[0]
    assert not any("moesia_superior" in p or "_" in p.split(" to ")[-1] for p in purposes)


def test_45_1_any_other_roll_is_no_plague() -> None:
    pos = _pos()
    PLG.note(pos.st, "moesia_superior")
    pos.dice(1, 2)
    PLG.diplomacy_phase(pos.st, [])
    assert not PLG.in_plague(pos.st, "moesia_superior")


def test_45_1_a_besieged_city_qualifies_its_province() -> None:
    pos = _pos()
    pos.st.sieges[ROME_HEX] = {"power": "rome", "city": "", "since": 1, "attrition": 0}
    pos.dice(1, 1)
    PLG.diplomacy_phase(pos.st, [])
    assert PLG.in_plague(pos.st, "moesia_superior")


def test_45_2_no_tax_and_no_recruiting_in_plague() -> None:
    pos = _pos(month=6, segment="taxation")
    pos.st.plague["moesia_superior"] = pos.st.turn
    treasury = pos.st.powers["rome"]["treasury"]
    lines: list[Text] = []
    SEQ.collect_taxes(pos.st, lines)
    from rules.imperium_romanum import board as B

    expected = sum(B.province_tax(pos.st, p) for p, o in pos.st.province_owner.items()
                   if o == "rome" and p != "moesia_superior" and p not in pos.st.plunder)  # fmt: skip
    assert pos.st.powers["rome"]["treasury"] == treasury + expected


def test_45_2_units_entering_lose_a_third() -> None:
    pos = Position("s12", month=6, segment="movement", active="rome")
    pos.st.options["plague"] = "yes"
    pos.st.plague["moesia_superior"] = pos.st.turn
    movers = pos.units("rome", "legion_20_10", "B4418", 3)
    target = ROME_HEX
    start = pos.st.units[movers[0]]["hex"]
    assert pos.st.units[movers[0]]["hex"] != target
    lines: list[Text] = []
    for uid in movers:
        pos.st.units[uid]["hex"] = target
    from rules.imperium_romanum.world import data

    assert data().hexes[start].province != "moesia_superior"
    PLG.entered(pos.st, movers, start, lines)
    assert sum(1 for u in movers if u in pos.st.units) == 2 and "§45.2" in _text(lines)


def test_45_3_spread_on_a_2_per_neighbour_then_the_first_is_over_with_two_markers() -> None:
    pos = _pos()
    pos.st.plague["moesia_superior"] = pos.st.turn - 1
    neighbours = PLG.adjacent_provinces("moesia_superior")
    rolls: list[int] = []
    for i, _p in enumerate(neighbours):
        rolls += [1, 1] if i == 0 else [3, 4]
    pos.dice(*rolls)
    lines: list[Text] = []
    PLG.diplomacy_phase(pos.st, lines)
    assert "moesia_superior" not in pos.st.plague and pos.st.plunder["moesia_superior"] == 2
    assert sorted(pos.st.plague) == [neighbours[0]] and "(45.3)" in _text(lines)


def test_45_3_spreads_across_straits_and_into_wild_provinces() -> None:
    assert "italia" in PLG.adjacent_provinces("sicilia")  # the strait of Messana
    assert "dacia" in PLG.adjacent_provinces("moesia_superior")  # a province not cultivated


def test_45_0_event_e_is_no_event_under_rule_45() -> None:
    pos = _pos(segment="random_events")
    pos.st.options["random_events"] = "yes"
    lines: list[Text] = []
    RE.plague_event(pos.st, "rome", lines)
    assert "(45.0)" in _text(lines) and RE.markers(pos.st, "E") == []


def test_e_plague_a_third_of_each_stack_plunder_2_and_spread_next_month() -> None:
    pos = Position("s12", month=6, segment="random_events", active="rome")
    pos.st.options["random_events"] = "yes"
    units = pos.units("rome", "light_infantry_4_12", ROME_HEX, 4)
    from rules.imperium_romanum.world import data

    provinces = sorted({c.province for c in data().hexes.values() if c.kind == "land" and c.province})
    pos.dice(6, provinces.index("moesia_superior"))
    lines: list[Text] = []
    RE.plague_event(pos.st, "rome", lines)
    assert sum(1 for u in units if u in pos.st.units) == 3  # 4 units: one goes (a third, rounded down)
    assert pos.st.plunder["moesia_superior"] == 2 and "(39.2 E)" in _text(lines)
    pos.st.turn += 1
    RE.spread_plague(pos.st, lines)
    for province in PLG.adjacent_provinces("moesia_superior"):
        assert pos.st.plunder[province] == 2
    assert RE.markers(pos.st, "E") == []


def test_refused_build_in_plague_names_45_2() -> None:
    from tests.imperium_romanum.builder import rome_in_italy_at_taxation

    pos = rome_in_italy_at_taxation(100)
    pos.st.options["plague"] = "yes"
    pos.st.plague["italia"] = pos.st.turn
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("build", {"type": "legion_20_10", "city": "roma"}))
    assert err.value.section == "§45.2"


def test_random_player_finishes_scenario_12_with_both_options() -> None:
    """With both options on, random events happen (checked below) and the game ends; the
    invariants hold after every command, the state survives JSON, and replaying the log gives it again."""
    options = {"random_events": "yes", "plague": "yes"}
    game = ImperiumRomanumGame.new("s12", [], "ev-2", options)
    rng = random.Random(2)
    log: list[tuple[str, Command]] = []
    for _i in range(5000):
        if game.result() is not None:
            break
        pick = random_choice(game, rng)
        assert pick is not None
        game.apply(*pick)
        log.append(pick)
        assert violations(game.state) == []
    assert game.result() is not None
    assert game.state.stats.get("random_events", 0) >= 3
    # whether a plague breaks out depends on a 2 on two dice (45.1): the scripted tests above
    # check its effects; a fixed seed that happened to bring one broke with every rule added
    as_json = json.dumps(game.to_json(), sort_keys=True)
    again = ImperiumRomanumGame.from_json(json.loads(json.dumps(game.to_json())))
    assert json.dumps(again.to_json(), sort_keys=True) == as_json
    replay = ImperiumRomanumGame.new("s12", [], "ev-2", options)
    for seat, cmd in log:
        replay.apply(seat, cmd)
    assert json.dumps(replay.to_json(), sort_keys=True) == as_json
