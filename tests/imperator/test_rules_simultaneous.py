"""AMB-31: the deaths of one phase D roll of the Leader table happen together; titles are
resolved once every death is applied (docs/rulings.md, "Simultaneous deaths")."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import fate, politics


def test_commode_and_pertinax_dying_together_count_as_pertinax_already_dead() -> None:
    p = Pos(192)
    p.leader(politics.COMMODE, "rome", title="augustus", cp=2)
    p.leader(politics.PERTINAX, "vindobona", cp=4)
    p.leader(politics.DIDIUS, None, cp=3)
    p.leaders[politics.DIDIUS].status = "out"
    p.leader("general", "carnuntum")
    st = p.state(phase="D")
    st.dice.script.extend([0, 0])  # type: ignore[attr-defined]
    out = Outcome()
    assert fate.death_checks(st, out) == [politics.COMMODE, politics.PERTINAX]
    assert not any("Pertinax becomes Augustus" in line for line in out.public)
    d = st.pending[0]
    assert (d["kind"], d["section"], d["data"]) == ("successor", "§4.5", {"didius": True})
    assert [c[0] for c in d["choices"]] == ["general"]
    politics.assign_successor(st, Outcome(), "general", didius=True)
    assert st.leaders[politics.DIDIUS].title == "usurper" and st.leaders[politics.DIDIUS].loc == "rome"


def test_a_caesar_dying_in_the_same_roll_inherits_nothing() -> None:
    p = Pos(186)
    p.leader("lucius_verus", "rome", title="augustus")  # rolled first (id order)
    p.leader("marc_aurele", "vindobona", title="caesar")
    p.leader("heir", "aquincum", title="caesar")
    st = p.state(phase="D")
    st.dice.script.extend([5, 5])  # type: ignore[attr-defined]
    out = Outcome()
    assert fate.death_checks(st, out) == ["lucius_verus", "marc_aurele"]
    assert st.augusti() == ["heir"] and st.caesars() == []
    promoted = [line for line in out.public if "promoted" in line]
    assert promoted == ["§3.6: Heir promoted Augustus."]


def test_two_augusti_dying_together_pass_to_the_caesars_at_once() -> None:
    p = Pos(186)
    p.leader("marc_aurele", "rome", title="augustus")
    p.leader("lucius_verus", "vindobona", title="augustus")
    p.leader("heir", "aquincum", title="caesar")
    st = p.state(phase="D")
    st.dice.script.extend([5, 5])  # type: ignore[attr-defined]
    out = Outcome()
    fate.death_checks(st, out)
    assert st.augusti() == ["heir"]
    assert not any("reigns alone" in line for line in out.public)


def test_leaders_of_a_force_destroyed_die_together() -> None:  # §8.4
    from imperator_builder import script

    from rules.core.command import Command

    p = Pos(175)
    p.leader("a_aug", "vindobona", title="augustus")
    p.leader("b_caesar", "vindobona", title="caesar")
    p.leader("general", "rome")
    p.unit("a", "vindobona", pf=2)
    p.legions(3, "aquincum", prefix="k")
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat", event=3)
    script(g, 1)  # 2 PF against 40 (1/3), 1 - 1 = 0: E/R
    out = g.apply("rome", Command("attack", {"zone": "vindobona"}))
    st = g.state
    assert st.leaders["a_aug"].status == st.leaders["b_caesar"].status == "dead"
    assert not any("promoted" in line for line in out.public)
    assert st.pending[0]["kind"] == "successor"
