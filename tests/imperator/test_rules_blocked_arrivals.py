"""§9.1 and §9.2.2 (rulings AMB-9.1-CAMPS and AMB-76): where a Roman counter goes when the
Enemies of Rome hold the zones it would enter. A reinforcement takes the places §9.2.2 gives a
unit going home (a garrison unit: the interior zones with a city); with every such zone held it
does not enter and waits for a later phase D, saying so; a unit going home or rebuilt in phase F
with nowhere to go says so too. Nothing ever stands on the map with no zone."""

from __future__ import annotations

import dataclasses

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import adjust, engine

ALL_FREE_OF_ROME = ("carnuntum", "vindobona", "aquincum", "raetia", "antiochia", "emesa", "caparcotna",
                    "noricum", "italia", "rome", "ravenna")


def _held_everywhere(year: int = 176, *, keep_free: tuple[str, ...] = ()) -> Pos:
    """Every camp and every interior zone of the small map held by Jazyges units (at war)."""
    p = Pos(year=year)
    p.leader("aug", "cyrene", title="augustus", cp=4, vs=3)
    for i, zone in enumerate(ALL_FREE_OF_ROME):
        if zone not in keep_free:
            p.unit(f"foe{i}", zone, "E", people="jazyges")
    return p


def _reinforcement(p: Pos, uid: str, home: str, enters: int, **kw: object) -> None:
    p.unit(uid, None, status="out", home=home, **kw)  # type: ignore[arg-type]
    p.unit_defs[uid] = dataclasses.replace(p.unit_defs[uid], enters=enters, home=home)


def test_amb_76_a_reinforcement_with_every_zone_held_waits_and_says_so() -> None:
    """AMB-76: with its camp, every other camp and every interior zone held, the legion does not
    enter (it once stood on the map with no zone, "arrives in ."); the next phase D that finds a
    zone free brings it in there, on its full side."""
    p = _held_everywhere()
    _reinforcement(p, "l_new", "vindobona", 176)
    st = p.state(phase="D")
    st.at_war = ["jazyges"]
    out = Outcome()
    engine._reinforcements(st, out)
    us = st.units["l_new"]
    assert (us.status, us.loc, us.reduced, st.pending) == ("out", None, False, [])
    assert out.public == ["§9.1: L New cannot arrive: the enemy holds every zone open to it; "
                          "it waits for the next phase D."]
    # a year later the Jazyges have left Noricum: the legion comes in there
    st.year = 177
    for s in st.units.values():
        if s.loc == "noricum":
            s.status, s.loc = "eliminated", None
    out = Outcome()
    engine._reinforcements(st, out)
    assert (us.status, us.loc, us.reduced, st.pending) == ("map", "noricum", False, [])
    assert out.public == ["§9.1: L New arrives in Noricum."]


def test_amb_9_1_camps_a_garrison_reinforcement_with_rome_held_goes_to_an_interior_city() -> None:
    """§9.2.2 by analogy (AMB-9.1-CAMPS): a unit of Rome's garrison whose home (Rome) is held
    arrives in an interior zone with a city, as a garrison unit going home does, not in the
    nearest camp (Raetia, where it once went)."""
    p = Pos(year=176)
    p.leader("aug", "cyrene", title="augustus", cp=4, vs=3)
    p.unit("foe", "rome", "E", people="jazyges")
    _reinforcement(p, "cohors", "rome", 176, kind="garrison", front="interior", praetorian=True)
    st = p.state(phase="D")
    st.at_war = ["jazyges"]
    out = Outcome()
    engine._reinforcements(st, out)
    us = st.units["cohors"]
    assert (us.status, us.loc, us.reduced, st.pending) == ("map", "italia", False, [])
    assert adjust.home_options(st, "cohors") == (["italia"], True)
    assert out.public == ["§9.1: Cohors arrives in Italia."]


def test_amb_76_a_unit_going_home_or_rebuilt_with_nowhere_free_says_so() -> None:
    """§9.2.2 (AMB-76): in phase F a legion outside the Empire with every camp and interior zone
    held is eliminated with a line saying why; an eliminated legion that cannot be rebuilt stays
    off the map with a line; both come back at a later phase F when a zone is free."""
    p = _held_everywhere()
    p.unit("outside", "germ_n", home="vindobona")
    p.unit("dead", None, status="eliminated", home="carnuntum")
    st = p.state(phase="F")
    st.at_war = ["jazyges"]
    out = Outcome()
    adjust.adjustments(st, out)
    assert [(u, st.units[u].status, st.units[u].loc) for u in ("outside", "dead")] == [
        ("outside", "eliminated", None), ("dead", "eliminated", None)]
    lines = [line for line in out.public if line.startswith("§9.2.2")]
    assert lines == ["§9.2.2: Outside finds no zone free of the enemy to go back to and is eliminated.",
                     "§9.2.2: Dead is not rebuilt: the enemy holds every zone open to it."]
    assert [d for d in st.pending if d["kind"] == "place_pieces"] == []
