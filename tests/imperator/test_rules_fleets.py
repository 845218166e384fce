"""§3.5 naval movement and §9.2.1, sentence by sentence: a landing is a move (Front limits, the
Rome garrison's escort), and leaders lost at sea die with their titles passing on (docs/rulings.md,
"Fleets: landings and losses at sea")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import adjust
from rules.imperator.game import ImperatorGame


def _port(*, reserve: list[str]) -> ImperatorGame:
    p = Pos(175)
    p.fleet = True
    p.leader("sev", "ravenna", title="augustus", cc=4)
    p.unit("leg", "ravenna", front="danube", home="vindobona")
    p.unit("guard", "ravenna", front="interior", kind="garrison")
    return p.game(reserve_fronts=reserve)


def test_a_front_legion_may_not_land_outside_its_front() -> None:  # §3.5 with §3.3
    g = _port(reserve=[])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "units": ["leg"], "leaders": ["sev"], "land": "cyrene"}))
    assert e.value.section == "§3.3"
    assert g.state.units["leg"].loc == "ravenna"


def test_a_reserve_front_legion_may_land_anywhere() -> None:
    g = _port(reserve=["danube"])
    g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "units": ["leg"], "leaders": ["sev"], "land": "cyrene"}))
    assert g.state.units["leg"].loc == g.state.leaders["sev"].loc == "cyrene"


def test_the_rome_garrison_sails_only_with_an_augustus_or_caesar() -> None:
    g = _port(reserve=[])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "units": ["guard"], "land": "cyrene"}))
    assert e.value.section == "§3.5"
    g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "units": ["guard"], "leaders": ["sev"], "land": "cyrene"}))
    assert g.state.units["guard"].loc == "cyrene"


def test_an_augustus_lost_at_sea_is_succeeded() -> None:  # §9.2.1 with §3.6
    p = Pos(175)
    p.fleet = True
    p.leader("sev", None, title="augustus")
    p.leader("heir", "rome", title="caesar")
    st = p.state(phase="F")
    st.leaders["sev"].fleet = "ravenna"
    st.fleets["ravenna"].at = "mare"
    out = Outcome()
    adjust.adjustments(st, out)
    assert st.leaders["sev"].status == "dead" and st.fleets["ravenna"].status == "lost"
    assert st.augusti() == ["heir"]
    assert "§9.2.1" in out.citations
