"""§4.1 ("déployés en permanence") with §9.2.4, §6.3 (Foyer/Épidémie de peste) and event 13
(units out of play for the rest of the turn), ruling AMB-77: a Major People at peace stands in its
home zones for the whole game, so what the plague took from it during the turn comes back in
phase F (its units on their full side in its home zones, the Enemies of Rome picking the zone
of each) instead of waiting for its next war; it is not pacified by force (no VP, no five
years of peace), and its mutinous units are left alone (§6.3)."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import adjust
from rules.imperator.model import ZoneDef


def _parthians_at_peace() -> Pos:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("cat_full", "parthia", "E", people="parthians")
    p.unit("cat_worn", "parthia", "E", people="parthians", reduced=True)
    p.unit("cat_plague", None, "E", people="parthians", status="removed")
    p.unit("cat_e13", None, "E", people="parthians", status="eliminated")
    return p


def test_amb_77_a_major_people_at_peace_gets_its_plague_losses_back_in_phase_f() -> None:
    st = _parthians_at_peace().state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert [(u, st.units[u].status, st.units[u].loc, st.units[u].reduced) for u in sorted(st.units)] == [
        ("cat_e13", "map", "parthia", False), ("cat_full", "map", "parthia", False),
        ("cat_plague", "map", "parthia", False), ("cat_worn", "map", "parthia", False)]
    assert "§9.2: 2 counters rebuilt: Cat E13 (Parthia, full), Cat Plague (Parthia, full)." in out.public
    assert "§9.2: 1 counter restored to full strength: Cat Worn (Parthia)." in out.public
    # still at peace, and not pacified by force: no VP, no lock
    assert (st.at_war, st.locked, st.vp) == ([], {}, {"rome": 0, "enemies": 0})


def test_amb_77_all_units_lost_to_the_plague_is_no_pacification() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.unit("cat", None, "E", people="parthians", status="removed")
    st = p.state(phase="F")
    out = Outcome()
    adjust.adjustments(st, out)
    assert (st.units["cat"].status, st.units["cat"].loc, st.at_war, st.locked) == ("map", "parthia", [], {})
    assert not any("pacified" in line for line in out.public)


def test_amb_77_with_two_home_zones_the_enemies_pick_where_each_unit_returns() -> None:
    """§9.2.4 "par le joueur qui les contrôle": one place_pieces decision per unit for the
    Enemies of Rome, the first home zone in map order by default."""
    p = Pos()
    p.leader("aug", "rome", title="augustus", cp=4, vs=3)
    p.extra_zones.append(ZoneDef("quadi_w", "Quadi West", peoples=("quadi",), limited=True))
    p.extra_edges.append(("quadi", "quadi_w", 0))
    p.unit("q1", None, "E", people="quadi", status="removed")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    [d] = [d for d in st.pending if d["kind"] == "place_pieces"]
    assert (d["role"], d["section"], d["default"], [c[0] for c in d["choices"]], d["data"]["pieces"]) == (
        "E", "§9.2.4", "quadi", ["quadi", "quadi_w"], ["q1"])
    assert (st.units["q1"].status, st.units["q1"].loc) == ("map", "quadi")


def test_amb_77_mutinous_units_of_a_people_are_not_adjusted() -> None:
    """§6.3: units under Mutinerie are not subject to the adjustments of §9.2: a reduced
    mutinous Parthian unit stays reduced, at war or at peace."""
    for at_war in ([], ["parthians"]):
        p = Pos()
        p.leader("aug", "rome", title="augustus", cp=4, vs=3)
        p.unit("cat", "parthia", "M", people="parthians", reduced=True)
        p.unit("other", "parthia", "E", people="parthians", reduced=True)
        st = p.state(phase="F")
        st.at_war = list(at_war)
        st.units["cat"].mutiny, st.units["cat"].mutineer_of = "mutinerie#1", "E"
        st.chits_on_map = {"mutinerie#1": "parthia"}
        adjust.adjustments(st, Outcome())
        assert (st.units["cat"].reduced, st.units["other"].reduced) == (True, False), at_war
