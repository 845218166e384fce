"""IR-ENG-145: a dissolved non-Roman major's pieces outside its provinces go back into them and
the former controller chooses where (20.1 by 20.2): each group is put at the nearest place at
once, then offered to him as a ``place`` decision (choices: every place it may go, nearest
first; default: where it stands), one group at a time. Scenario 12, Dacia's morale at 0."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.core.i18n import Text
from rules.imperium_romanum import dissolution as DIS
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.invariants import violations
from rules.imperium_romanum.world import data, hex_distance
from tests.imperium_romanum.builder import Position

NAISSUS, SINGIDUNUM = "B4616", "B4314"  # Roman cities outside Dacia


def _dacia_land() -> list[str]:
    return sorted(h for h, cell in data().hexes.items() if cell.province == "dacia" and cell.kind == "land")


def _still_playing() -> Position:
    """Dacia's seat also runs a usurper (44.1), so the dacia player stays in the game."""
    pos = Position(month=6, segment="movement")
    pos.st.powers["dacia"].update(morale=0)
    pos.st.powers["usurper_x"] = {**pos.st.powers["rome"], "name": "Usurper", "seat": "dacia", "chief": "", "morale": 50}
    return pos


@pytest.fixture(scope="module")
def placed() -> tuple[Position, dict[str, Any], list[str]]:
    """Two Dacian groups outside (Singidunum: a unit and a leader; Naissus: a unit); the
    sequence opens the first group's window (groups in hex order). Tests copy what they change."""
    pos = _still_playing()
    units = [pos.unit("dacia", "heavy_infantry_20_8", SINGIDUNUM), pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)]
    pos.leader("diegis", SINGIDUNUM)
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    SEQ.advance(pos.st, lines)
    return pos, dict(pos.st.pending), units


def test_ir_eng_145_the_former_controller_is_asked_where_each_group_goes(placed: tuple[Position, dict[str, Any], list[str]]) -> None:
    pos, pending, (first, _second) = placed
    assert pos.st.result == {}
    assert (pending["kind"], pending["seat"], pending["section"]) == ("place", "dacia", "§20.1")
    at = pos.st.units[first]["hex"]
    assert hex_distance(SINGIDUNUM, at) == min(hex_distance(SINGIDUNUM, h) for h in _dacia_land())  # placed at once, the nearest
    assert pending["default"] == at and sorted(pending["pieces"]) == sorted([first, "diegis"])
    choices = [c[0] for c in pending["choices"]]
    assert sorted(choices) == _dacia_land()  # Dacia has no city in this period: any land hex of it (20.1)
    assert choices[0] == at
    assert len(pos.st.placements) == 1  # Naissus's group waits its turn
    assert pos.game.pending_decision() is not None and pos.game.pending_decision().kind == "place"


def test_ir_eng_145_the_group_goes_where_he_chose_then_the_next_group_is_asked(placed: tuple[Position, dict[str, Any], list[str]]) -> None:
    pos, pending, (first, second) = placed
    game = type(pos.game)(pos.snapshot())
    far = pending["choices"][-1][0]
    outcome = game.apply("dacia", Command("decide", {"id": pending["id"], "choice": far}))
    assert (game.state.units[first]["hex"], game.state.leaders["diegis"]["hex"]) == (far, far)
    assert any("go to hex " + far in str(line) for line in outcome.public)
    nxt = game.state.pending
    assert (nxt["kind"], nxt["pieces"], nxt["default"]) == ("place", [second], game.state.units[second]["hex"])
    game.apply("dacia", Command("decide", {"id": nxt["id"], "choice": nxt["default"]}))  # the default: it stays
    assert game.state.pending == {} and game.state.placements == []
    assert violations(game.state) == []


def test_ir_eng_145_only_the_former_controller_answers_and_only_with_a_place_on_offer(placed: tuple[Position, dict[str, Any], list[str]]) -> None:
    pos, pending, _units = placed
    game = type(pos.game)(pos.snapshot())
    with pytest.raises(RuleError) as err:
        game.apply("rome", Command("decide", {"id": pending["id"], "choice": pending["default"]}))
    assert err.value.section == "§20.1"
    with pytest.raises(RuleError) as err:
        game.apply("dacia", Command("decide", {"id": pending["id"], "choice": NAISSUS}))  # not Dacia's
    assert err.value.section == "§20.1"


def test_ir_eng_145_no_window_once_the_game_is_over() -> None:
    """In a two-player game Dacia's dissolution ends it (25.0): its pieces go home, nobody is asked."""
    pos = Position(month=6, segment="movement")
    pos.st.powers["dacia"].update(morale=0)
    raider = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)
    lines: list[Text] = []
    V.check_dissolution(pos.st, lines)
    SEQ.advance(pos.st, lines)
    assert pos.st.result["winners"] == ["rome"] and pos.st.pending == {}
    assert data().hexes[pos.st.units[raider]["hex"]].province == "dacia"


def test_ir_eng_145_a_group_that_moved_on_before_its_turn_is_not_asked_about() -> None:
    pos = _still_playing()
    unit = pos.unit("dacia", "heavy_infantry_20_8", NAISSUS)
    DIS.place_back(pos.st, "dacia", [], "dacia")
    [group] = pos.st.placements
    pos.st.units[unit]["hex"] = _dacia_land()[0] if _dacia_land()[0] != group["at"] else _dacia_land()[1]
    DIS.open_next(pos.st)
    assert pos.st.pending == {} and pos.st.placements == []
