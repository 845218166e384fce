"""Two rule questions of issue 11, each re-read in the French text and decided in
docs/rulings.md: Event 1 with two Augusti in Rome (the player's pick, as Event 4's note says),
and the units a §6.3 Fuite opportune leaves behind (they fight)."""

from __future__ import annotations

from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator import engine
from rules.imperator.game import ImperatorGame


def _event_drawn(p: Pos, event: int) -> tuple[ImperatorGame, Outcome]:
    """Phase D with the Events table switched on and the two dice giving ``event`` (1d6 + 1d10)."""
    st = p.state(phase="C")
    st.rules["events"] = True
    st.dice.script.extend([min(event, 6), max(0, event - 6)])  # type: ignore[attr-defined]
    out = Outcome()
    engine.phase_d(st, out)
    return ImperatorGame(st), out


# -- Event 1 (Insalubrité à Rome) with two Augusti in Rome ----------------------------------------
def test_event_1_with_two_augusti_in_rome_the_roman_player_picks_the_ill_one() -> None:
    """Events table, event 1: an Augustus in Rome suffers event 4's effects, and event 4's note
    leaves the pick to the player when there are two: a decision for Rome (ruling "Event 1 with
    two Augusti in Rome"), not the first Augustus in data order."""
    p = Pos()
    p.leader("a1", "rome", title="augustus").leader("a2", "rome", title="augustus")
    g, out = _event_drawn(p, 1)
    assert "Events table: 1, Sickness in Rome." in out.public
    assert not g.state.leaders["a1"].ill and not g.state.leaders["a2"].ill
    d = g.pending_decision()
    assert d is not None
    assert (d.kind, d.seat, d.section, d.prompt) == ("ill", "rome", "Events table",
                                                     "Event 1: choose which Augustus in Rome falls ill.")
    assert [c.value for c in d.choices] == ["a1", "a2"] and d.default == "a1"
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "a2"}))
    assert "Event 1: A2 falls ill in Rome." in out.public
    assert (g.state.leaders["a1"].ill, g.state.leaders["a2"].ill) == (False, True)


def test_event_1_strikes_only_the_augustus_in_rome_without_a_question() -> None:
    """Events table, event 1: only an Augustus in Rome falls ill; with one there, no decision."""
    p = Pos()
    p.leader("a1", "vindobona", title="augustus").leader("a2", "rome", title="augustus")
    g, out = _event_drawn(p, 1)
    assert "Event 1: A2 falls ill in Rome." in out.public
    assert (g.state.leaders["a1"].ill, g.state.leaders["a2"].ill) == (False, True)
    assert all(d["kind"] != "ill" for d in g.state.pending)


# -- §6.3 Fuite opportune: the units the leaders cannot take ---------------------------------------
def _fuite_played(cc: tuple[int, int]) -> tuple[ImperatorGame, Outcome]:
    """Carnuntum: four Quadi units (PF 10, 9, 8, 7) with two leaders of CC ``cc``, attacked by a
    Roman leader with two legions; the Enemies stand, then play Fuite opportune to Noricum."""
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=3, cc=cc[0])
    p.leader("second", "carnuntum", "E", people="quadi", vs=2, cc=cc[1])
    for i in range(4):
        p.unit(f"q{i}", "carnuntum", "E", people="quadi", pf=10 - i)
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    st = g.state
    st.rules["stratagems"] = True
    for s in st.roles:
        st.hands.setdefault(s, [])
    st.hands["enemies"].append("fuite_opportune#90")
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    d = g.pending_decision()
    assert d is not None and d.kind == "evade"
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
    w = g.pending_decision()
    assert w is not None and (w.kind, w.seat) == ("bstrat", "enemies")
    return g, g.apply("enemies", Command("decide", {"id": w.id, "choice": "fuite_opportune@noricum"}))


def test_fuite_opportune_the_units_left_behind_fight() -> None:
    """§6.3 with §8: Fuite opportune moves the force "en respectant les contraintes ... de
    mouvement", so the leaders take their CCs (2 + 1) of the four units; the fourth stays in
    Carnuntum with the Roman attackers and, combat being compulsory there, the battle is fought
    with it alone (ruling "§6.3 Fuite opportune: what stays behind fights")."""
    g, out = _fuite_played((2, 1))
    for _i in range(3):  # the Enemies take the default, the strongest units, Q0 to Q2
        which = g.pending_decision()
        assert which is not None and (which.kind, which.section) == ("evade_unit", "§6.3")
        out = g.apply("enemies", Command("decide", {"id": which.id, "choice": which.default}))
    assert out.public[0] == "§6.3: the force in Carnuntum slips away to Noricum; the units left behind fight."
    st = g.state
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "q3")] == ["noricum", "noricum", "noricum", "carnuntum"]
    script(g, 6)
    rolls = []
    while (d := g.pending_decision()) is not None and d.kind == "bstrat":  # the chit windows of this battle
        rolls += [r.natural for r in g.apply(d.seat, Command("decide", {"id": d.id, "choice": "pass"})).rolls
                  if "§8.2 battle" in r.purpose]
    assert rolls == [6]  # 20 PF against Q3's 7: column 2/1, row 6, 1/4/A
    st = g.state
    assert (st.units["q3"].loc, st.units["q3"].reduced) == ("quadi", True)  # beaten, reduced, retreated
    assert (st.units["q0"].loc, st.leaders["chief"].loc, st.leaders["second"].loc) == ("noricum",) * 3


def test_fuite_opportune_with_the_whole_force_gone_no_battle() -> None:
    """§6.3: when the CCs take every unit, nothing stays and no battle is fought."""
    g, out = _fuite_played((3, 1))
    st = g.state
    assert "§6.3: the force in Carnuntum slips away to Noricum; no battle." in out.public
    assert [st.units[u].loc for u in ("q0", "q1", "q2", "q3")] == ["noricum"] * 4
    assert g.pending_decision() is None and not [r for r in out.rolls if "§8.2 battle" in r.purpose]
