"""Roma Victor (§6.1) and Furor Germanicus (§6.2) cancel each other whichever is played first and
whichever side attacks: then the die is rolled (docs/rulings.md, "Cancellations in any order")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator.game import ImperatorGame


def _battle(attacker: str) -> ImperatorGame:
    p = Pos(175)
    p.unit("r", "vindobona", pf=10)
    p.unit("q", "vindobona", "E", people="quadi", pf=10)  # a German People: Furor Germanicus applies
    p.legions(3, "aquincum", prefix="keep")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active=attacker, sub="combat")
    st = g.state
    st.rules["stratagems"] = True
    st.hands = {"rome": ["roma_victor#90"], "enemies": ["furor_germanicus#91"]}
    return g


def _answer(g: ImperatorGame, seat: str, choice: str) -> Outcome:
    d = g.pending_decision()
    assert d is not None and d.kind == "bstrat" and d.seat == seat, d
    assert choice in [c.value for c in d.choices], (choice, d.choices)
    return g.apply(seat, Command("decide", {"id": d.id, "choice": choice}))


CASES = {
    # attacker, then the answers in window order (defender, attacker[, defender's response])
    "rome attacks, defender first": ("R", [("enemies", "furor_germanicus"), ("rome", "roma_victor")]),
    "rome attacks, attacker first": ("R", [("enemies", "pass"), ("rome", "roma_victor"), ("enemies", "furor_germanicus")]),
    "enemies attack, defender first": ("E", [("rome", "roma_victor"), ("enemies", "furor_germanicus")]),
    "enemies attack, attacker first": ("E", [("rome", "pass"), ("enemies", "furor_germanicus"), ("rome", "roma_victor")]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_roma_victor_and_furor_germanicus_cancel_in_any_order(case: str) -> None:
    attacker, answers = CASES[case]
    g = _battle(attacker)
    script(g, 4)
    g.apply("rome" if attacker == "R" else "enemies", Command("attack", {"zone": "vindobona"}))
    lines: list[str] = []
    out = Outcome()
    for seat, choice in answers:
        out = _answer(g, seat, choice)
        lines += [str(x) for x in out.public]
    assert any("cancel each other" in line for line in lines)
    rolls = [r for r in out.rolls if "§8.2 battle" in r.purpose]
    assert [r.natural for r in rolls] == [4]  # the die is rolled
    assert g.state.hands == {"rome": [], "enemies": []}
