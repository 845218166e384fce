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
    g.apply("rome", Command("move", {"leader": "aug", "path": ["italia", "rome"]}))
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


# -- Event 6: "en utilisant tous ses PM par le chemin le plus direct" ----------------------------
def test_event_6_the_augustus_spends_all_his_pm_on_the_way_to_rome() -> None:
    """Event 6: stopping in Italia with 2 PM left and Rome open next door is refused (he must use
    all his PM); going on to Rome is accepted."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert e.value.section == "Event 6"
    assert "spend all his PM" in e.value.message and "Roma" in e.value.message
    assert g.state.leaders["aug"].loc == "vindobona"
    g.apply("rome", Command("move", {"leader": "aug", "path": ["italia", "rome"]}))
    assert g.state.leaders["aug"].loc == "rome" and g.state.moved["aug"] == {"pm": 2}


def test_event_6_the_route_must_be_the_most_direct_in_pm() -> None:
    """Event 6: Vindobona -> Carnuntum -> Noricum -> Raetia -> Roma (4 PM) ends in Rome but is not
    the most direct route (Italia, 2 PM): refused."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia", "rome"]}))
    assert e.value.section == "Event 6"
    assert "most direct route" in e.value.message
    assert g.state.leaders["aug"].loc == "vindobona"


def test_event_6_a_river_counts_in_pm() -> None:
    """Event 6 measures the route in PM (§7.1): from Quadi, crossing the Danuvius into Carnuntum
    (2 PM) then Noricum (1 PM) spends 3 of the leader's 4 PM; the last PM still reaches Italia or
    Raetia (each 1 PM from Rome), so he may not stop in Noricum."""
    p = Pos()
    p.leader("aug", "quadi", title="augustus")
    g = p.game(event=6)
    from rules.imperator import fate

    st = g.state
    assert [fate.rome_distance(st, z) for z in ("rome", "italia", "noricum", "carnuntum", "quadi")] == [0, 1, 2, 3, 5]
    with pytest.raises(RuleError) as e:  # 3 PM spent, 1 left: Italia (1 PM) is on a direct route
        g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum"]}))
    assert e.value.section == "Event 6" and "Italia" in e.value.message
    g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia"]}))
    assert g.state.leaders["aug"].loc == "raetia" and g.state.moved["aug"] == {"pm": 4}


def test_event_6_stopping_short_is_allowed_when_the_way_is_closed() -> None:
    """Event 6: the Augustus stops in Italia with PM left when Rome is closed to him (the enemy's
    units hold Italia and stop his force there, §7)."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.unit("l1", "vindobona", front=None)
    p.unit("q1", "italia", people="quadi", owner="E")
    g = p.game(event=6)
    g.apply("rome", Command("move", {"leader": "aug", "units": ["l1"], "to": "italia"}))
    assert g.state.leaders["aug"].loc == "italia"
