"""Choices of the book that tests/imperator/choices.toml found made by the engine or untested
(issue 11, session 11): §3.4 the legions a dissolution restores (AMB-99) and §9.2.2 the interior
city Rome's garrison goes to when Rome is held."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import adjust, engine
from rules.imperator.model import ImperatorState, ZoneDef


def _dissolving(reduced_vex: bool = False, extra: bool = True) -> Pos:
    p = Pos()
    p.unit("vex_d", "vindobona", front="danube", kind="vexillation", reduced=reduced_vex)
    p.unit("l_here", "vindobona", reduced=True)
    p.unit("l_a", "aquincum", reduced=True)
    p.unit("l_b", "carnuntum", reduced=True)
    if extra:
        p.unit("l_c", "carnuntum", reduced=True)
    return p


def _answer(st: ImperatorState, choice: str) -> Outcome:
    out = Outcome()
    d = st.pending[0]
    engine.decide(st, out, d["role"], d["id"], choice)
    return out


def test_amb_99_dissolving_rome_picks_the_legions_restored() -> None:
    """§3.4: four reduced Danube legions, three to restore: the one in the vexillation's zone is
    forced, the two others are Rome's picks (once the first two of the alphabet, l_a and l_b)."""
    st = _dissolving().state(phase="C")
    out = Outcome()
    engine.vexillation(st, out, {"action": "dissolve", "vexillation": "vex_d"})
    assert st.units["vex_d"].status == "pool"
    assert out.public == ["§3.4: Vex D dissolved; Rome picks the legions it restores.", "§3.4: L Here restored."]
    assert out.map_changed is True
    assert (st.units["vex_d"].loc, st.units["vex_d"].reduced) == (None, False)
    assert st.pending == [{
        "id": "restore_legion-1", "role": "R", "kind": "restore_legion",
        "prompt": "§3.4: 2 reduced legions of the Danube Front are restored; choose one.",
        "choices": [["l_a", "L A"], ["l_b", "L B"], ["l_c", "L C"]], "default": "l_a", "section": "§3.4",
        "data": {"front": "danube", "zone": "vindobona", "need": 2}}]
    assert _answer(st, "l_c").public == ["§3.4: L C restored."]
    d = st.pending[0]
    assert (d["prompt"], d["choices"], d["default"]) == (
        "§3.4: 1 reduced legion of the Danube Front is restored; choose it.", [["l_a", "L A"], ["l_b", "L B"]], "l_a")
    assert _answer(st, "l_b").public == ["§3.4: L B restored."]
    assert st.pending == []
    assert {u: st.units[u].reduced for u in ("l_here", "l_a", "l_b", "l_c")} == {
        "l_here": False, "l_a": True, "l_b": False, "l_c": False}


def test_amb_99_the_first_pick_is_among_the_legions_in_the_vexillation_s_zone() -> None:
    p = _dissolving(reduced_vex=True)
    p.unit("l_here2", "vindobona", reduced=True)
    st = p.state(phase="C")
    engine.dissolve_vexillation(st, Outcome(), "vex_d", [])
    assert (st.units["vex_d"].status, st.units["vex_d"].reduced) == ("pool", False)
    assert [c[0] for c in st.pending[0]["choices"]] == ["l_here", "l_here2"]
    _answer(st, "l_here2")
    assert [c[0] for c in st.pending[0]["choices"]] == ["l_a", "l_b", "l_c", "l_here"]
    _answer(st, "l_a")
    assert st.pending == []
    assert [u for u in ("l_here", "l_here2", "l_a", "l_b", "l_c") if not st.units[u].reduced] == ["l_here2", "l_a"]


def test_amb_99_no_question_when_every_legion_must_be_restored() -> None:
    st = _dissolving(extra=False).state(phase="C")
    out = Outcome()
    engine.dissolve_vexillation(st, out, "vex_d", [])
    assert st.pending == []
    assert out.public == ["§3.4: Vex D dissolved; L Here, L A, L B restored."]


def test_amb_99_legions_named_in_the_command_ask_nothing() -> None:
    st = _dissolving().state(phase="C")
    out = Outcome()
    engine.dissolve_vexillation(st, out, "vex_d", ["l_here", "l_b", "l_c"])
    assert st.pending == []
    assert [u for u in ("l_here", "l_a", "l_b", "l_c") if not st.units[u].reduced] == ["l_here", "l_b", "l_c"]


def test_rome_held_the_roman_player_picks_the_garrison_s_interior_city() -> None:
    """§9.2.2: with Rome held, an eliminated unit of Rome's garrison comes back reduced in an
    interior zone with a city, Rome's pick among them."""
    p = Pos()
    p.leader("aug", "cyrene", title="augustus")
    p.extra_zones.append(ZoneDef("capua", "Capua", front="interior", city=True))
    p.unit("foe", "rome", "E", people="quadi")
    p.unit("g_dead", None, front="interior", kind="garrison", home="rome", status="eliminated")
    st = p.state(phase="F", at_war=["quadi"])
    adjust.adjustments(st, Outcome())
    cities = adjust.interior_zones(st, True, "rome")
    assert cities == ["italia", "capua"]
    d = st.pending[0]
    assert (d["kind"], d["role"], d["section"]) == ("place_pieces", "R", "§9.2.2")
    assert [c[0] for c in d["choices"]] == cities
    _answer(st, "capua")
    assert (st.units["g_dead"].status, st.units["g_dead"].loc, st.units["g_dead"].reduced) == ("map", "capua", True)


def test_event_1_the_augustus_rome_picks_falls_ill_in_rome() -> None:
    """Events table, event 1 (with event 4's note, line 853 of the book): Rome's answer makes the
    Augustus it picks ill, and the line names event 1, not event 4."""
    from rules.imperator import fate

    p = Pos(180)
    p.leader("aug", "rome", title="augustus", cp=4).leader("co_aug", "rome", title="augustus", cp=3)
    st = p.state(phase="D")
    fate.apply_event(st, Outcome(), 1)
    assert [(d["kind"], d["role"]) for d in st.pending] == [("ill", "R")]
    out = _answer(st, "co_aug")
    assert (st.leaders["co_aug"].ill, st.leaders["aug"].ill) == (True, False)
    assert "Event 1: Co Aug falls ill in Rome." in out.public
    assert "Event 4: Co Aug is ill this year." not in out.public
