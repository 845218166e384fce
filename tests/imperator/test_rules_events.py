"""Events 4 and 6, the events that restrict leaders, sentence by sentence (docs/rulings.md,
"Events 4 and 6")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Command
from rules.core.errors import RuleError


def test_event_6_rome_may_not_end_its_movement_before_an_augustus_heads_for_rome() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("end"))
    assert e.value.section == "Event 6"
    g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    g.apply("rome", Command("end"))
    assert (g.state.active, g.state.smc_index) == ("E", 1)  # Rome's SMC is over


def test_event_6_one_augustus_in_rome_frees_the_other() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.leader("aug2", "rome", title="augustus")
    g = p.game(event=6)
    g.apply("rome", Command("move", {"leader": "aug", "to": "aquincum"}))
    g.apply("rome", Command("end"))
    assert g.state.leaders["aug"].loc == "aquincum"


def test_event_6_an_augustus_in_rome_stays() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert e.value.section == "Event 6"
    g.apply("rome", Command("end"))  # staying is obeying


def test_event_4_the_ill_augustus_may_not_sail_away() -> None:
    p = Pos()
    p.fleet = True
    p.leader("aug", "ravenna", title="augustus")
    g = p.game(event=4)
    g.state.leaders["aug"].ill = True
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "leaders": ["aug"], "land": "cyrene"}))
    assert e.value.section == "Event 4"
    assert g.state.leaders["aug"].loc == "ravenna"
