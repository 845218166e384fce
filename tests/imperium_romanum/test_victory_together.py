"""IR-ENG-142 (25.2, 28.1, 20.3): in scenario 24 both Imperators fall in one battle; the two
Roman factions dissolve together and, no player being left, everybody loses."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import board as B
from rules.imperium_romanum import victory as V
from tests.imperium_romanum.builder import Position

MARGUS = "B4415"


def _s24() -> Position:
    pos = Position(scenario="s24", year=285, month=6, segment="combat", active="diocletian")
    pos.leader("diocletian", MARGUS, "diocletian")
    pos.leader("carinus", MARGUS, "carinus")
    return pos


def test_ir_eng_142_both_imperators_lost_in_one_battle_everybody_loses() -> None:
    pos = _s24()
    lines: list[Text] = []
    B.lose_leader(pos.st, "carinus", "dead", lines, by="diocletian", in_combat=True)
    assert not pos.st.result and not pos.st.powers["carinus"]["dissolved"]  # not before the battle's end
    B.lose_leader(pos.st, "diocletian", "dead", lines, by="carinus", in_combat=True)
    V.settle_fallen(pos.st, lines)
    assert (pos.st.powers["carinus"]["dissolved"], pos.st.powers["diocletian"]["dissolved"]) == (True, True)
    assert pos.st.result["winners"] == [] and pos.st.result["kind"] == "dissolution"
    assert str(lines[-1]) == "Every power has dissolved: everybody loses (25.0)."
    assert not any("(20.3)" in str(line) for line in lines)  # neither receives the other's defections
    assert all(V.FALLEN not in rec for rec in pos.st.powers.values())


def test_ir_eng_142_one_imperator_lost_the_other_faction_wins_and_receives_the_defections() -> None:
    pos = _s24()
    legion = pos.unit("carinus", "legion_20_10", "A3515")
    lines: list[Text] = []
    B.lose_leader(pos.st, "carinus", "dead", lines, by="diocletian", in_combat=True)
    V.check_dissolution(pos.st, lines)
    assert pos.st.result["winners"] == ["diocletian"]
    assert pos.st.units[legion]["power"] == "diocletian"  # 20.3.2: one 20-10 of one stays one


def test_ir_eng_142_a_battle_that_kills_both_imperators_through_the_engine() -> None:
    """An attack where neither side keeps a combat unit in the hex: both Imperators are left
    alone there and die (18.2, IR-ENG-20); the battle ends with everybody losing."""
    pos = _s24()
    pos.unit("diocletian", "light_infantry_4_12", MARGUS)
    pos.unit("carinus", "light_infantry_4_12", MARGUS)
    for seat in ("diocletian", "carinus"):
        pos.st.standing[seat].update({"combat": "always_fight", "retreat": "first"})
    pos.dice(*([1] * 6))
    outcome = pos.game.apply("diocletian", Command("attack", {"hex": MARGUS}))
    text = "\n".join(outcome.public)
    assert pos.st.result["winners"] == [], text
    assert "Every power has dissolved: everybody loses (25.0)." in text
