"""Closing the open simplifications: the owner's choice of losses, split retreats (§8.3, AMB-03/24)."""

from __future__ import annotations

from imperator_builder import Pos, script, where

from rules.core.command import Command, Outcome
from rules.imperator.game import ImperatorGame


def cmd(g: ImperatorGame, seat: str, name: str, **args: object) -> Outcome:
    return g.apply(seat, Command(name, dict(args)))


def _fraction_battle() -> ImperatorGame:
    p = Pos()
    p.legions(4, "vindobona", prefix="a", pf=10, qu=2)
    p.unit("b0", "vindobona", pf=10, qu=2, home="carnuntum")
    p.unit("b1", "vindobona", pf=10, qu=2, home="aquincum")
    p.legions(3, "aquincum", prefix="k")
    for i in range(9):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=6, qu=2)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="R", sub="combat")
    script(g, 6)  # 60 vs 54, column 1/1, row 6: 1/2 / A -> Rome reduces 4 of its 6 units
    cmd(g, "rome", "attack", zone="vindobona")
    return g


def test_winner_chooses_which_units_take_the_losses() -> None:
    g = _fraction_battle()
    for want in ("b0", "b1"):
        dec = g.pending_decision()
        assert dec is not None and dec.kind == "losses" and dec.seat == "rome"
        assert want in {c.value for c in dec.choices} and dec.default == "a0"
        cmd(g, "rome", "decide", id=dec.id, choice=want)
    # the four a-legions are alike: two of them take the last two losses without a question
    dec = g.pending_decision()
    assert dec is None or dec.kind != "losses"
    st = g.state
    assert st.units["b0"].reduced and st.units["b1"].reduced
    assert sum(st.units[f"a{i}"].reduced for i in range(4)) == 2


def test_loss_decision_skipped_when_units_are_alike() -> None:
    p = Pos()
    p.legions(6, "vindobona", prefix="a", pf=10, qu=2)
    p.legions(3, "aquincum", prefix="k")
    for i in range(9):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=6, qu=2)
    p.kw["at_war"] = ["quadi"]
    g = p.game(6, active="R", sub="combat")
    cmd(g, "rome", "attack", zone="vindobona")
    dec = g.pending_decision()
    assert dec is None or dec.kind != "losses"
    assert sum(g.state.units[f"a{i}"].reduced for i in range(6)) == 4


def test_loss_default_is_the_automatic_pick() -> None:
    g = _fraction_battle()
    while (dec := g.pending_decision()) is not None and dec.kind == "losses":
        cmd(g, "rome", "decide", id=dec.id, choice=dec.default)
    st = g.state
    assert sum(st.units[u].reduced for u in ("a0", "a1", "a2", "a3", "b0", "b1")) == 4


def test_beaten_force_may_split_its_retreat() -> None:
    p = Pos()
    p.legions(3, "aquincum", prefix="k")
    p.leader("quadi_chief", "vindobona", "E", people="quadi", vs=1)
    for i in range(2):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=2, qu=1)
    p.unit("a0", "vindobona", pf=10, qu=2)
    p.unit("a1", "vindobona", pf=10, qu=2)
    p.kw["at_war"] = ["quadi"]
    p.extra_edges.append(("vindobona", "quadi", 0))
    g = p.game(active="R", sub="combat")
    script(g, 6)
    cmd(g, "rome", "attack", zone="vindobona")
    dec = g.pending_decision()
    while dec is not None and dec.kind == "losses":
        cmd(g, "rome", "decide", id=dec.id, choice=dec.default)
        dec = g.pending_decision()
    assert dec is not None and dec.kind == "retreat"
    values = [c.value for c in dec.choices]
    assert "split" in values and dec.default != "split"
    cmd(g, "enemies", "decide", id=dec.id, choice="split")
    for unit, dest in (("q0", "carnuntum"), ("q1", "quadi")):
        dec = g.pending_decision()
        assert dec is not None and dec.kind == "retreat_part" and unit in dec.prompt.lower()
        cmd(g, "enemies", "decide", id=dec.id, choice=dest)
    assert (where(g, "q0"), where(g, "q1")) == ("carnuntum", "quadi")
    assert where(g, "quadi_chief") != "vindobona"
