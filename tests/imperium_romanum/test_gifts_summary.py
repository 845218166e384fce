"""IR-ENG-144: the Diplomacy Phase's public summary (4.3) names the month's gifts of units,
cities and forts (5.8 #8) with the other agreements; they were told publicly at once
(IR-ENG-123), the units counted, never named (3.2)."""

from __future__ import annotations

from rules.core.command import Command
from rules.core.i18n import Text
from rules.imperium_romanum import segment_deadline as SD
from tests.imperium_romanum.builder import Position


def test_ir_eng_144_the_diplomacy_summary_names_the_month_s_gifts() -> None:
    pos = Position(month=6, segment="diplomacy")
    pos.st.alliances.append(["dacia", "rome"])
    pos.st.agreements.append(["alliance", "rome", "dacia", "0"])
    legions = pos.units("rome", "legion_20_10", "B4616", 2)
    pos.st.forts["B4616"] = {"rome": 2}
    for args in ({"units": legions}, {"city": "oescus"}, {"fort": "B4616"}):
        pos.game.apply("rome", Command("give", {"to": "dacia", **args}))
        [offer] = [p for p in pos.st.proposals if p[1] == "give"]
        pos.game.apply("dacia", Command("answer_offer", {"offer": offer[0], "choice": "accept"}))
    lines: list[Text] = []
    SD.diplomacy_summary(pos.st, lines)
    assert str(lines[0]) == ("Diplomacy this month: rome and dacia are allied (5.8); rome gave 2 units to dacia (5.8); "
                             "rome gave Oescus to dacia (5.8); rome gave the fortification at B4616 to dacia (5.8).")
    assert not any(uid in str(lines[0]) for uid in legions)


def test_ir_eng_144_a_gift_no_longer_possible_is_not_summarised() -> None:
    pos = Position(month=6, segment="diplomacy")
    pos.st.alliances.append(["dacia", "rome"])
    legion = pos.unit("rome", "legion_20_10", "B4616")
    pos.game.apply("rome", Command("give", {"to": "dacia", "units": [legion]}))
    pos.st.units[legion]["power"] = "dacia"  # it is no longer the giver's when the ally accepts (IR-ENG-123)
    pos.game.apply("dacia", Command("answer_offer", {"offer": pos.st.proposals[0][0], "choice": "accept"}))
    lines: list[Text] = []
    SD.diplomacy_summary(pos.st, lines)
    assert [str(x) for x in lines][0] == "Diplomacy this month: no agreement (4.3)."
