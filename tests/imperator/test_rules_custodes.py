"""§3.6 Corporis Custodes, sentence by sentence: the marker protects its holder and him alone;
it moves in phase F; when its holder is gone, the Roman player picks the next Augustus or Caesar
(docs/rulings.md, "Corporis Custodes")."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import engine, stratagems
from rules.imperator.model import ImperatorState


def _court() -> ImperatorState:
    p = Pos(175)
    p.leader("aug", "rome", title="augustus")
    p.leader("caes", "rome", title="caesar")
    p.leader("heir", "vindobona", title="caesar")
    st = p.state(phase="E", custodes="aug")
    return st


def _attempt(st: ImperatorState, lid: str, d10: int) -> Outcome:
    st.dice.script.append(d10)  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.assassinate(st, out, "E", lid, "§6.3")
    return out


def test_the_holder_gets_minus_one() -> None:
    st = _court()
    _attempt(st, "aug", 9)
    assert st.dice.rolls[-1].modifiers == (("Corporis Custodes", -1),) and st.dice.rolls[-1].result == 8
    assert st.leaders["aug"].status == "dead"
    st2 = _court()
    _attempt(st2, "aug", 8)  # 8 - 1 = 7: he survives
    assert st2.leaders["aug"].status == "map"


def test_a_leader_stacked_with_the_holder_is_not_protected() -> None:
    st = _court()
    _attempt(st, "caes", 8)
    assert st.dice.rolls[-1].modifiers == ()
    assert st.leaders["caes"].status == "dead"


def test_a_holder_who_turned_usurper_is_not_protected() -> None:
    st = _court()
    st.leaders["aug"].title, st.leaders["aug"].owner = "usurper", "E"
    st.dice.script.append(8)  # type: ignore[attr-defined]
    res = Outcome()
    stratagems.assassinate(st, res, "R", "aug", "§6.3")
    assert st.dice.rolls[-1].modifiers == ()


def test_holder_gone_the_roman_player_picks_the_next_holder() -> None:
    st = _court()
    st.leaders["aug"].status = "dead"
    st.custodes = None
    engine.reassign_custodes(st, Outcome())
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"]) == ("custodes_to", "R", "§3.6")
    assert [c[0] for c in d["choices"]] == ["caes", "heir"]
    engine.decide(st, Outcome(), "R", d["id"], "heir")
    assert st.custodes == "heir"


def test_a_single_possible_holder_takes_it_without_a_decision() -> None:
    st = _court()
    st.leaders["aug"].status = st.leaders["caes"].status = "dead"
    st.custodes = None
    engine.reassign_custodes(st, Outcome())
    assert st.pending == [] and st.custodes == "heir"
