"""Chapter 7 as `rules/imperator/movement.py` runs it, pinned where mutation testing showed that
no test noticed a change (docs/development.md, "Mutation testing"): the escape of a leader
caught alone by enemy combat units (§7), each line, roll and decision the players see."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator.game import ImperatorGame


def _caught_alone(*, owner: str = "R", people: str = "roman", title: str | None = None, start: str = "vindobona",
                  into: str = "carnuntum", held: tuple[str, ...] = (), roll: int | None = 4,
                  favour: bool = False) -> tuple[ImperatorGame, Outcome]:
    """A lone leader of ``owner`` moves from ``start`` into ``into``, where an enemy combat unit
    stands (a Quadi unit against Rome, a loyal legion against the Enemies); enemy units also
    hold the zones ``held``. The §7 d10 shows ``roll``; with ``favour`` his side holds Faveur
    divine."""
    foe, foe_people = ("E", "quadi") if owner == "R" else ("R", "roman")
    p = Pos()
    p.leader("gen", start, owner, people=people, title=title)
    for z in (into, *held):
        p.unit(f"foe_{z}", z, foe, people=foe_people)
    p.kw["at_war"] = ["quadi"]
    g = p.game(active=owner)
    st = g.state
    if favour:
        st.rules["stratagems"] = True
        for s in st.roles:
            st.hands.setdefault(s, [])
        st.hands[st.seat_of(owner)].append("faveur_divine#1")
    if roll is not None:
        script(g, roll)
    return g, g.apply(st.seat_of(owner), Command("move", {"leader": "gen", "to": into}))


def test_a_leader_caught_alone_escapes_where_his_player_picks() -> None:
    """§7: caught alone, the leader rolls a d10 (9 kills him); otherwise he goes to an adjacent
    zone free of enemy combat units, his player's pick (a decision, the first zone by default)."""
    g, out = _caught_alone()
    assert out.public == ["Gen moves to Carnuntum (1 PM)."]
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§7 escape of Gen (dies on 9)", 4)]
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("escape", "rome", "§7")
    assert d.prompt == "§7: Gen escaped; choose where he goes."
    assert [c.value for c in d.choices] == ["noricum", "quadi", "vindobona"] and d.default == "noricum"
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "quadi"}))
    assert out.public == ["§7: Gen escapes to Quadi."]
    assert (g.state.leaders["gen"].loc, g.state.leaders["gen"].status) == ("quadi", "map")


def test_a_leader_caught_alone_dies_on_a_9_and_scores_for_the_enemy() -> None:
    """§7 and AMB-36: a 9 kills him; the side whose units caught him scores 1 VP."""
    g, out = _caught_alone(roll=9)
    assert out.public == ["Gen moves to Carnuntum (1 PM).", "§7: Gen is dead (caught alone by enemy units).",
                          "§10: 1 VP to enemies for the death of Gen."]
    assert out.citations == ["§7"]
    assert (g.state.leaders["gen"].status, g.state.vp) == ("dead", {"rome": 0, "enemies": 1})


def test_zones_held_by_the_enemy_are_no_escape_and_one_zone_left_needs_no_question() -> None:
    """§7: the escape leads to a zone free of enemy combat units; with Noricum and Quadi held
    the only one is Vindobona, where he goes at once."""
    g, out = _caught_alone(held=("noricum", "quadi"))
    assert out.public == ["Gen moves to Carnuntum (1 PM).", "§7: Gen escapes to Vindobona."]
    assert g.pending_decision() is None and g.state.leaders["gen"].loc == "vindobona"


def test_with_every_neighbour_held_the_leader_dies_whatever_the_roll() -> None:
    """§7: no free zone, the leader is killed even without a 9."""
    g, out = _caught_alone(held=("noricum", "quadi", "vindobona"), roll=2)
    assert out.public[1] == "§7: Gen is dead (caught alone by enemy units)."
    assert g.state.leaders["gen"].status == "dead"


@pytest.mark.parametrize(("people", "title", "start", "into", "zones"), [
    ("roman", "usurper", "vindobona", "carnuntum", ["noricum", "vindobona"]),  # not to Quadi (§4.3)
    ("quadi", None, "germ_n", "quadi", ["carnuntum", "germ_n"]),  # a Quadi chief may enter the Empire
])
def test_a_leader_of_the_enemies_escapes_within_his_limits(people: str, title: str | None, start: str, into: str,
                                                           zones: list[str]) -> None:
    """§7 with §4.3: the escape keeps the limits of the leader: a Roman leader of the Enemies (a
    usurper) caught in Carnuntum may not leave the Empire for Quadi; a Quadi chief caught in
    Quadi may go to Carnuntum, in the Empire."""
    g, _out = _caught_alone(owner="E", people=people, title=title, start=start, into=into)
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat) == ("escape", "enemies")
    assert [c.value for c in d.choices] == zones


def test_faveur_divine_may_choose_the_escape_roll() -> None:
    """§6.3 Faveur divine (AMB-45): before the escape d10 the leader's side may play it; its face
    is the roll (3: he escapes)."""
    g, out = _caught_alone(favour=True, roll=None)
    assert out.rolls == []
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("favour", "rome", "§6.3")
    assert d.prompt == "§6.3: your lone leader's escape roll (§7) is about to be made. Play a stratagem?"
    assert [c.value for c in d.choices] == ["pass", *[f"faveur_divine@{f}" for f in range(10)]]
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "faveur_divine@3"}))
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§7 escape of Gen (dies on 9) (Faveur divine)", 3)]
    d = g.pending_decision()
    assert d is not None and d.kind == "escape"
