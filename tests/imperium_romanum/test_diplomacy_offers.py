"""Diplomacy offers in a simultaneous segment (4.0, 4.3, 5.8, 6.0; IR-DIS-3): an offer does not
stop the segment, several wait at once and are answered in any order, each told to its two
parties alone; the segment keeps one deadline; offers still open when it closes lapse."""

from __future__ import annotations

import pytest

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperium_romanum.game import legal_commands
from tests.imperium_romanum.builder import Position


def diplomacy() -> Position:
    pos = Position(month=6, segment="diplomacy")
    pos.st.powers["rome"]["treasury"] = 50
    return pos


def private_to(outcome: Outcome, seat: str) -> list[str]:
    return [str(line) for line in outcome.private.get(seat, [])]


def test_an_offer_leaves_the_segment_and_its_deadline_as_they_were() -> None:
    pos = diplomacy()
    deadline = pos.game.pending_decision()
    assert deadline is not None and deadline.id == f"segment-{pos.st.turn}-diplomacy" and deadline.section == "§4.0"
    outcome = pos.game.apply("rome", Command("propose_alliance", {"with": "dacia"}))
    assert pos.game.pending_decision() == deadline  # no window: the same deadline runs on
    assert pos.game.to_move() == ["rome", "dacia"]  # both still give orders
    assert outcome.public == [] and private_to(outcome, "dacia") == ["rome offers an alliance to dacia."]
    pos.game.apply("rome", Command("give_talents", {"to": "dacia", "amount": 5}))
    answers = [c.args for c in legal_commands(pos.st, "dacia") if c.name == "answer_offer"]
    assert [(a["offer"].split("-")[0], a["choice"]) for a in answers] == [
        ("alliance", "accept"), ("alliance", "decline"), ("gift", "accept"), ("gift", "decline")]
    outcome = pos.game.apply("dacia", Command("answer_offer", {"offer": answers[2]["offer"], "choice": "accept"}))
    assert pos.game.pending_decision() == deadline  # an answer does not restart it either
    assert outcome.public == [] and private_to(outcome, "rome") == ["rome gives 5 talents to dacia (6.0)."]
    assert pos.st.powers["rome"]["treasury"] == 45 and pos.st.agreements == [["gift", "rome", "dacia", "5"]]
    assert [p[1] for p in pos.st.proposals] == ["alliance"]  # the first offer still waits


def test_an_offer_open_at_the_close_lapses_and_the_summary_is_public() -> None:
    pos = diplomacy()
    pos.game.apply("rome", Command("propose_alliance", {"with": "dacia"}))
    pos.game.apply("rome", Command("end"))
    outcome = pos.game.apply("dacia", Command("end"))
    assert pos.st.segment != "diplomacy" and pos.st.proposals == [] and pos.st.alliances == []
    assert "rome's offer to dacia lapses unanswered." in private_to(outcome, "rome")
    assert "Diplomacy this month: no agreement (4.3)." in [str(line) for line in outcome.public]
    assert not any("offer" in str(line) for line in outcome.public)


def test_refusals_name_their_rule_and_change_nothing() -> None:
    pos = diplomacy()
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("answer_offer", {"offer": "alliance-1", "choice": "accept"}))
    assert err.value.section == "§4.3"
    pos.game.apply("rome", Command("propose_alliance", {"with": "dacia"}))
    offer = pos.st.proposals[0][0]
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("answer_offer", {"offer": offer, "choice": "accept"}))  # not rome's to answer
    assert err.value.section == "§4.3"
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("answer_offer", {"offer": offer, "choice": "maybe"}))
    assert err.value.section == "§4.3"
    with pytest.raises(RuleError) as err:
        pos.game.apply("dacia", Command("propose_alliance", {"with": "rome"}))  # one offer per pair waits
    assert err.value.section == "§5.8"
    pos.game.apply("dacia", Command("end"))
    with pytest.raises(RuleError) as err:
        pos.game.apply("rome", Command("give_talents", {"to": "dacia", "amount": 5}))
    assert err.value.section == "§6.0" and "ended its part" in str(err.value)
    assert len(pos.st.proposals) == 1 and pos.st.powers["rome"]["treasury"] == 50
