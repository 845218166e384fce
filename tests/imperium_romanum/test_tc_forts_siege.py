"""A siege accepted behind a maximum-level fort where the hex has no city (21.4 a, 17.0,
IR-ENG-77): the window offers it, every unit may go in, the assault doubles them and adds the
fort, attrition takes them one by one, and with the last one the hex falls and the fort is razed."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import siege as SG
from tests.imperium_romanum.builder import Position

HEX = "B4406"  # a hex without a city in scenario 12
TOP = 4  # level A, the maximum of every period of our charts (21.2)


def _fortress() -> tuple[Position, list[str]]:
    """Two Dacian 20-8s behind a Dacian level-A fort in B4406; four Roman legions attack."""
    pos = Position(month=6, segment="combat")
    pos.units("rome", "legion_20_10", HEX, 4, supplied=True)
    dacians = pos.units("dacia", "heavy_infantry_20_8", HEX, 2, supplied=True)
    pos.st.forts[HEX] = {"dacia": TOP}
    pos.st.standing["dacia"]["combat"] = "ask"
    pos.st.standing["rome"]["assault"] = "ask"
    return pos, dacians


def test_21_4_a_units_behind_a_top_level_fort_may_accept_siege_without_a_city() -> None:
    pos, dacians = _fortress()
    assert C.siege_possible(pos.st, "dacia", HEX, dacians)
    pos.game.apply("rome", Command("attack", {"hex": HEX}))
    decision = pos.game.pending_decision()
    assert decision is not None and decision.kind == "battle" and decision.section == "§14.1"
    labels = {c.value: str(c.label) for c in decision.choices}
    assert labels.get("siege") == "Accept siege behind the fort"
    pos.game.apply("dacia", Command("decide", {"id": decision.id, "choice": "siege"}))
    siege = pos.st.sieges[HEX]
    assert (siege["city"], siege["power"], siege["besieger"]) == ("", "dacia", "rome")
    assert all(pos.st.units[u]["besieged"] for u in dacians)
    assert "rome besieges the fort at B4406 (17.1)." in pos.st.last
    nxt = pos.game.pending_decision()
    assert nxt is not None and nxt.kind == "assault" and nxt.default == "besiege"


def test_21_4_a_lower_fort_gives_no_siege() -> None:
    pos, dacians = _fortress()
    pos.st.forts[HEX] = {"dacia": TOP - 1}
    assert not C.siege_possible(pos.st, "dacia", HEX, dacians)


def test_21_4_b_the_assault_doubles_the_besieged_and_adds_the_fort() -> None:
    pos, dacians = _fortress()
    pos.game.apply("rome", Command("attack", {"hex": HEX}))
    pos.game.apply("dacia", Command("decide", {"id": pos.game.pending_decision().id, "choice": "siege"}))  # type: ignore[union-attr]
    fort = pos.st.forts[HEX]["dacia"]
    from rules.imperium_romanum import forts

    strength = forts.strength_of(pos.st, HEX, "dacia")
    assert fort == TOP and strength > 0
    assert C.defence_strength(pos.st, dacians, True, "rome", "", strength) == 2 * 2 * 20 + strength


def test_17_3_attrition_behind_a_fort_then_the_hex_falls_and_the_fort_is_razed() -> None:
    pos, dacians = _fortress()
    pos.game.apply("rome", Command("attack", {"hex": HEX}))
    pos.game.apply("dacia", Command("decide", {"id": pos.game.pending_decision().id, "choice": "siege"}))  # type: ignore[union-attr]
    pos.st.pending = {}
    pos.st.turn += 1  # a month later, in Rome's Siege Resolution
    lines: list[Text] = []
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", lines)
    assert dacians[0] not in pos.st.units and HEX in pos.st.sieges
    pos.dice(1)
    SG.siege_resolution(pos.st, "rome", lines)
    assert dacians[1] not in pos.st.units
    assert HEX not in pos.st.sieges and HEX not in pos.st.forts
    assert any("is razed (21.3)" in str(line) for line in lines)
    assert pos.st.stats["forts_taken"] == 1
