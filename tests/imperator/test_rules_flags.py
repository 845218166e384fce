"""Every flag of the state lives exactly as long as the book says (docs/rulings.md, "Flag
lifetimes", which lists each flag with its lifetime)."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import engine, politics
from rules.imperator.game import ImperatorGame


def _parthian_battle(people: str = "parthians") -> ImperatorGame:
    p = Pos(175)
    p.legions(2, "caparcotna", front="orient", pf=10)
    p.legions(3, "antiochia", front="orient", prefix="keep")
    p.unit("victim", "emesa", front="orient")
    p.unit("p0", "caparcotna", "E", people=people, pf=10)
    p.kw["at_war"] = [people]
    g = p.game(active="R", sub="combat")
    st = g.state
    st.rules["stratagems"] = True
    st.hands = {"rome": [], "enemies": ["fleche_du_parthe#90"]}
    st.smc_order = ["R", "E", "R", "E"]  # phase E goes on after the battle
    script(g, 4)
    g.apply("rome", Command("attack", {"zone": "caparcotna"}))
    while (d := g.pending_decision()) is not None:
        g.apply(d.seat, Command("decide", {"id": d.id, "choice": "pass" if d.kind == "bstrat" else d.default}))
    return g


def _shoot(g: ImperatorGame) -> Outcome:
    return g.apply("enemies", Command("stratagem", {"id": "fleche_du_parthe", "unit": "victim"}))


def test_parthian_shot_right_after_a_battle_with_a_persian_unit() -> None:
    g = _parthian_battle()
    _shoot(g)
    assert g.state.units["victim"].status == "eliminated"


def test_parthian_shot_window_closes_with_the_next_command() -> None:
    g = _parthian_battle()
    g.apply(g.to_move()[0], Command("end"))  # any other command: the moment has passed
    with pytest.raises(RuleError) as e:
        _shoot(g)
    assert e.value.section == "§6.2"
    assert g.state.units["victim"].status == "map"


def test_parthian_shot_needs_a_persian_unit_in_the_battle() -> None:
    g = _parthian_battle("jazyges")
    with pytest.raises(RuleError) as e:
        _shoot(g)
    assert e.value.section == "§6.2"


def test_c_fronts_are_spent_for_one_civil_war_only() -> None:  # §4.5 C/, double usurpation
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("niger", "antiochia", "E", title="usurper")
    st = p.state(phase="E")
    st.c_fronts_used = ["southern"]
    politics.kill_leader(st, Outcome(), "niger", "battle", killer="R")
    assert st.c_fronts_used == [] and not st.civil_war


def test_yearly_flags_reset_in_phase_a() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus", cp=4)
    st = p.state(phase="F")
    st.leaders["emperor"].ill = True  # events 1 and 4 last one year
    st.event = 4
    st.pax_turn = True
    st.reserve_fronts = ["danube"]
    st.dice.script.extend([1, 5])  # type: ignore[attr-defined]
    engine.start_turn(st, Outcome())
    assert not st.leaders["emperor"].ill and st.event == 0 and not st.pax_turn and st.reserve_fronts == []
