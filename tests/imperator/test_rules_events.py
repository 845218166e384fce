"""Events 4 and 6, the events that restrict leaders, sentence by sentence (docs/rulings.md,
"Events 4 and 6")."""

from __future__ import annotations

import pytest
from imperator_builder import Pos

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperator.game import ImperatorGame


def test_event_6_rome_may_not_end_its_movement_before_an_augustus_heads_for_rome() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("end"))
    assert e.value.section == "Event 6"
    g.apply("rome", Command("move", {"leader": "aug", "path": ["italia", "rome"]}))
    g.apply("rome", Command("end"))
    assert (g.state.active, g.state.smc_index) == ("E", 1)  # Rome's SMC is over


def test_event_6_one_augustus_in_rome_frees_the_other() -> None:
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.leader("aug2", "rome", title="augustus")
    g = p.game(event=6)
    g.apply("rome", Command("move", {"leader": "aug", "to": "aquincum"}))
    g.apply("rome", Command("end"))
    assert g.state.leaders["aug"].loc == "aquincum"


def test_event_6_an_augustus_in_rome_stays() -> None:
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert e.value.section == "Event 6"
    g.apply("rome", Command("end"))  # staying is obeying


def test_event_4_the_ill_augustus_may_not_sail_away() -> None:
    p = Pos()
    p.fleet = True
    p.leader("aug", "ravenna", title="augustus")
    g = p.game(event=4)
    g.state.leaders["aug"].ill = True
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("sail", {"fleet": "ravenna", "to": "mare", "leaders": ["aug"], "land": "cyrene"}))
    assert e.value.section == "Event 4"
    assert g.state.leaders["aug"].loc == "ravenna"


# -- Event 6: all his PM, by the shortest road to Rome ---------------------------------------
def test_event_6_the_augustus_spends_all_his_pm_on_the_way_to_rome() -> None:
    """Event 6: stopping in Italia with 2 PM left and Rome open next door is refused (he must use
    all his PM); going on to Rome is accepted."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert e.value.section == "Event 6"
    assert "spend all his PM" in e.value.message and "Roma" in e.value.message
    assert g.state.leaders["aug"].loc == "vindobona"
    g.apply("rome", Command("move", {"leader": "aug", "path": ["italia", "rome"]}))
    assert g.state.leaders["aug"].loc == "rome" and g.state.moved["aug"] == {"pm": 2}


def test_event_6_the_route_must_be_the_most_direct_in_pm() -> None:
    """Event 6: Vindobona -> Carnuntum -> Noricum -> Raetia -> Roma (4 PM) ends in Rome but is not
    the most direct route (Italia, 2 PM): refused."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia", "rome"]}))
    assert e.value.section == "Event 6"
    assert "most direct route" in e.value.message
    assert g.state.leaders["aug"].loc == "vindobona"


def test_event_6_a_river_counts_in_pm() -> None:
    """Event 6 measures the route in PM (§7.1): from Quadi, crossing the Danuvius into Carnuntum
    (2 PM) then Noricum (1 PM) spends 3 of the leader's 4 PM; the last PM still reaches Italia or
    Raetia (each 1 PM from Rome), so he may not stop in Noricum."""
    p = Pos()
    p.leader("aug", "quadi", title="augustus")
    g = p.game(event=6)
    from rules.imperator import fate

    st = g.state
    assert [fate.rome_distance(st, z) for z in ("rome", "italia", "noricum", "carnuntum", "quadi")] == [0, 1, 2, 3, 5]
    with pytest.raises(RuleError) as e:  # 3 PM spent, 1 left: Italia (1 PM) is on a direct route
        g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum"]}))
    assert e.value.section == "Event 6" and "Italia" in e.value.message
    g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia"]}))
    assert g.state.leaders["aug"].loc == "raetia" and g.state.moved["aug"] == {"pm": 4}


def test_event_6_stopping_short_is_allowed_when_the_way_is_closed() -> None:
    """Event 6: the Augustus stops in Italia with PM left when Rome is closed to him (the enemy's
    units hold Italia and stop his force there, §7)."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    p.unit("l1", "vindobona", front=None)
    p.unit("q1", "italia", people="quadi", owner="E")
    g = p.game(event=6)
    g.apply("rome", Command("move", {"leader": "aug", "units": ["l1"], "to": "italia"}))
    assert g.state.leaders["aug"].loc == "italia"


def test_event_6_the_obedient_route_spends_the_pm_towards_rome() -> None:
    """Event 6: the route the random player (and a hint) follows: a most direct step at each
    zone until Rome or the PM run out; nothing for an ill Augustus or one with no open step."""
    from rules.imperator import fate

    p = Pos()
    p.leader("aug", "quadi", title="augustus")
    p.leader("far", "parthia", title="augustus")
    g = p.game(event=6)
    st = g.state
    assert fate.step_cost(st, "quadi", "carnuntum") == 2 and fate.step_cost(st, "carnuntum", "noricum") == 1
    assert fate.agitation_route(st, "aug") == ["carnuntum", "noricum", "italia"]  # 2 + 1 + 1 = 4 PM
    assert fate.agitation_steps(st, "aug") == ["carnuntum"]
    assert fate.rome_distance(st, "parthia") == 99 and fate.agitation_route(st, "far") == []  # no land route
    st.leaders["aug"].loc = "vindobona"
    assert fate.agitation_route(st, "aug") == ["italia", "rome"]
    st.leaders["aug"].ill = True
    assert fate.agitation_route(st, "aug") == [] and fate.agitation_steps(st, "aug") == []
    st.leaders["aug"].ill = False
    g.apply("rome", Command("move", {"leader": "aug", "path": fate.agitation_route(st, "aug")}))
    assert g.state.leaders["aug"].loc == "rome"


def test_armenia_changes_sides_both_ways() -> None:
    """§4.2 (Armenia) and §6.3 Alliance arménienne: each flip turns the kingdom and its unit to
    the other side, says so and redraws the map."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos()
    p.unit("arm", "parthia", "R", people="armenia")
    st = p.state()
    st.armenia = "roman"
    out = Outcome()
    fate.flip_armenia(st, out)
    assert (st.armenia, st.units["arm"].owner, out.public, out.map_changed) == (
        "parthian", "E", ["Armenia is now Parthian."], True)
    out = Outcome()
    fate.flip_armenia(st, out)
    assert (st.armenia, st.units["arm"].owner, out.public, out.map_changed) == (
        "roman", "R", ["Armenia is now Roman."], True)


def test_the_events_roll_is_a_d6_plus_a_d10_named_in_the_record() -> None:
    """§2.D: the event is drawn with 1d6 + 1d10 (the d10 reads 0..9), both in the dice record."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    g = Pos().game(4, 2, phase="D")
    st = g.state
    fate.roll_event(st, Outcome())
    assert [(r.purpose, r.natural) for r in st.dice.rolls[-2:]] == [("Events table (d6)", 4), ("Events table (d10)", 2)]
    assert st.event == 6


EVENT_LINES = {
    1: ["Events table: 1, Sickness in Rome.", "Event 1: Aug falls ill in Rome."],
    2: ["Events table: 2, Disastrous weather."], 3: ["Events table: 3, Legions lose heart."],
    4: ["Events table: 4, The emperor falls ill.", "Event 4: Aug is ill this year."],
    5: ["Events table: 5, Germanic fighting spirit."], 6: ["Events table: 6, Unrest in the Senate."],
    7: ["Events table: 7, Harsh winter."], 8: ["Events table: 8, The gods want peace."],
    9: ["Events table: 9, Wrath of Neptune."], 10: ["Events table: 10, Stubborn enemies."],
    11: ["Events table: 11, Gift to the Praetorians."], 12: ["Events table: 12, Gift to the legions."],
    13: ["Events table: 13, Plague in the East."],
    14: ["Events table: 14, Armenia switches sides.", "Armenia is now Parthian."],
    15: ["Events table: 15, Hunger in Germania."],
}


@pytest.mark.parametrize("number", sorted(EVENT_LINES))
def test_each_event_is_announced_with_its_effect(number: int) -> None:
    """Events table: the log names the event drawn (and, for 1, 4 and 14, its immediate effect),
    citing the table; the event stays in force for the year."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.leader("aug", "rome", title="augustus", cp=4)
    p.leader("gen", "vindobona")
    st = p.state(phase="D")
    out = Outcome()
    fate.apply_event(st, out, number)
    assert (out.public, out.citations, st.event) == (EVENT_LINES[number], ["Events table"], number)
    assert st.leaders["aug"].ill is (number in (1, 4))


def test_event_4_with_two_augusti_the_roman_player_picks_the_sick_one() -> None:
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.leader("a1", "rome", title="augustus").leader("a2", "vindobona", title="augustus")
    st = p.state(phase="D")
    out = Outcome()
    fate.apply_event(st, out, 4)
    d = st.pending[0]
    assert (d["kind"], d["role"], d["prompt"], d["section"]) == ("ill", "R", "Event 4: choose which Augustus falls ill.",
                                                                 "Events table")
    assert [c[0] for c in d["choices"]] == ["a1", "a2"] and not st.leaders["a1"].ill and not st.leaders["a2"].ill


# -- Event 6: with two Augusti, at least one of them goes -----------------------------------
def _two_augusti_outside_rome() -> ImperatorGame:
    """Two Augusti of Rome, neither in Rome, when Event 6 is drawn: the Roman player is asked
    which one heads for Rome."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos()
    p.leader("aug", "aquincum", title="augustus")  # 3 PM from Rome
    p.leader("aug2", "vindobona", title="augustus")  # 2 PM from Rome
    g = p.game(event=6)
    fate.apply_event(g.state, Outcome(), 6)
    return g


def test_event_6_with_two_augusti_outside_rome_the_roman_player_picks_the_one_who_goes() -> None:
    """Events table, event 6: with two Augusti the event binds "at least one of the two", not
    both: a decision for Rome, the one nearer Rome by default (Aug2, 2 PM away against 3)."""
    g = _two_augusti_outside_rome()
    d = g.pending_decision()
    assert d is not None
    assert (d.kind, d.seat, d.section, d.prompt) == ("agitation", "rome", "Events table",
                                                     "Event 6: choose which Augustus heads for Rome.")
    assert [c.value for c in d.choices] == ["aug", "aug2"] and d.default == "aug2"
    out = g.apply("rome", Command("decide", {"id": d.id, "choice": "aug"}))
    assert out.public == ["Event 6: Aug must head for Rome."] and out.citations == ["Events table"]
    assert g.state.agitation == "aug"


def test_event_6_the_augustus_not_picked_is_free() -> None:
    """Events table, event 6: the Augustus the Roman player did not send may move away from Rome;
    the one he sent may not, and Rome's movement waits for him."""
    from rules.imperator import fate

    g = _two_augusti_outside_rome()
    d = g.pending_decision()
    assert d is not None
    g.apply("rome", Command("decide", {"id": d.id, "choice": "aug2"}))
    assert fate.bound_augusti(g.state) == ["aug2"]
    g.apply("rome", Command("move", {"leader": "aug", "to": "jazyges"}))  # away from Rome: free
    assert g.state.leaders["aug"].loc == "jazyges"
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("end"))
    assert e.value.section == "Event 6" and "must head for Rome" in e.value.message
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug2", "to": "carnuntum"}))
    assert e.value.section == "Event 6"
    assert g.state.leaders["aug2"].loc == "vindobona"
    g.apply("rome", Command("move", {"leader": "aug2", "path": ["italia", "rome"]}))
    g.apply("rome", Command("end"))
    assert (g.state.leaders["aug2"].loc, g.state.active) == ("rome", "E")


def test_event_6_with_the_picked_augustus_gone_every_augustus_of_rome_is_bound() -> None:
    """Ruling "Event 6: at least one of the two Augusti": with no standing pick (the event set
    without a choice, or the picked Augustus dead), both Augusti outside Rome are bound; one
    Augustus alone needs no pick."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    g = _two_augusti_outside_rome()
    st = g.state
    st.pending.clear()
    assert fate.bound_augusti(st) == ["aug", "aug2"]
    st.agitation = "aug2"
    assert fate.bound_augusti(st) == ["aug2"]
    st.leaders["aug2"].status = "dead"
    assert fate.bound_augusti(st) == ["aug"]
    st.pending.clear()
    fate.apply_event(st, Outcome(), 6)
    assert st.pending == [] and st.agitation is None


# -- the details a changed engine would get wrong (mutation testing of fate.py) -------------------
def test_an_event_number_outside_the_table_is_named_by_its_number() -> None:
    """Events table: a number the table does not print (none of 1d6 + 1d10 reading 0-9, but a
    data file may lack a row) is announced as "event N", not left blank."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    st = Pos(180).state(phase="D")
    out = Outcome()
    fate.apply_event(st, out, 0)
    assert (out.public, out.citations, st.event) == (["Events table: 0, event 0."], ["Events table"], 0)


def test_event_4_the_ill_augustus_is_asked_by_name_the_first_by_default() -> None:
    """Events table, event 4 note: the choice lists each Augustus by his name."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.leader("a1", "rome", title="augustus").leader("a2", "vindobona", title="augustus")
    st = p.state(phase="D")
    fate.apply_event(st, Outcome(), 4)
    assert (st.pending[0]["choices"], st.pending[0]["default"]) == ([["a1", "A1"], ["a2", "A2"]], "a1")


def test_event_6_the_pick_lists_each_augustus_by_name() -> None:
    g = _two_augusti_outside_rome()
    d = g.pending_decision()
    assert d is not None and [(c.value, c.label) for c in d.choices] == [("aug", "Aug"), ("aug2", "Aug2")]


def test_event_7_never_takes_the_smc_below_zero() -> None:
    """Events table, event 7: one SMC less in all, never fewer than none."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    for before, after in ((3, 2), (0, 0)):
        st = Pos(180).state(phase="D")
        st.smc_total = before
        fate.apply_event(st, Outcome(), 7)
        assert st.smc_total == after


def test_event_13_strikes_the_east_only_and_never_a_unit_off_the_map_or_at_sea() -> None:
    """Events table, event 13: units in the Oriental Front and the eastern Peoples' zones are
    reduced, the reduced ones removed for the turn (back on their normal side); units off the
    map or aboard a fleet at sea are untouched, whatever their order; the map changes."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.fleet = True
    p.unit("gone", None, status="eliminated")
    p.unit("sailor", "ravenna", front="interior", kind="garrison")
    p.unit("east", "antiochia", front="orient")
    p.unit("worn", "emesa", front="orient", reduced=True)
    p.unit("parth", "parthia", "E", people="parthians")
    p.unit("west", "vindobona")
    st = p.state(phase="D")
    st.units["sailor"].loc, st.units["sailor"].fleet = None, "ravenna"
    out = Outcome()
    fate.apply_event(st, out, 13)
    assert [(u, st.units[u].status, st.units[u].reduced) for u in ("gone", "sailor", "east", "worn", "parth", "west")] == [
        ("gone", "eliminated", False), ("sailor", "map", False), ("east", "map", True), ("worn", "removed", False),
        ("parth", "map", True), ("west", "map", False)]
    assert st.units["worn"].loc is None and out.map_changed is True
    assert out.public == ["Events table: 13, Plague in the East.",
                          "Event 13: East turns to its reduced side in Antiochia.",
                          "Event 13: Parth turns to its reduced side in Parthia.",
                          "Event 13: Worn, already reduced, leaves the map from Emesa."]


def test_event_15_the_map_changes_and_each_german_unit_reduced_has_its_line() -> None:
    """Events table, event 15: every unit of a German People on the map turns to its reduced
    side, each with its own line (the class of AMB-94); one already reduced has none; a Parthian
    unit is untouched."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.unit("q", "quadi", "E", people="quadi")
    p.unit("q2", "quadi", "E", people="quadi", reduced=True)
    p.unit("parth", "parthia", "E", people="parthians")
    st = p.state(phase="D")
    out = Outcome()
    fate.apply_event(st, out, 15)
    assert (st.units["q"].reduced, st.units["parth"].reduced, out.map_changed) == (True, False, True)
    assert out.public == ["Events table: 15, Hunger in Germania.", "Event 15: Q turns to its reduced side in Quadi."]


def test_event_1_each_unit_in_rome_reduced_has_its_line() -> None:
    """Events table, event 1: every unit in Rome turns to its reduced side, each with its line,
    before the Augustus falls ill; a unit elsewhere is untouched."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.leader("aug", "rome", title="augustus", cp=4)
    p.unit("pr1", "rome", front="interior", kind="garrison")
    p.unit("pr2", "rome", front="interior", kind="garrison")
    p.unit("west", "vindobona")
    st = p.state(phase="D")
    out = Outcome()
    fate.apply_event(st, out, 1)
    assert [st.units[u].reduced for u in ("pr1", "pr2", "west")] == [True, True, False]
    assert out.public == ["Events table: 1, Sickness in Rome.", "Event 1: Pr1 turns to its reduced side in Roma.",
                          "Event 1: Pr2 turns to its reduced side in Roma.", "Event 1: Aug falls ill in Rome."]


def test_event_6_two_augusti_in_rome_either_may_leave_then_the_other_stays() -> None:
    """Events table, event 6: "at least one of the two" in Rome: with both there, one may leave;
    the one left then stays."""
    from rules.imperator import fate

    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("aug2", "rome", title="augustus")
    g = p.game(event=6)
    assert fate.bound_augusti(g.state) == []
    g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert fate.bound_augusti(g.state) == ["aug2"]
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug2", "to": "raetia"}))
    assert (e.value.section, e.value.message) == ("Event 6", "the Augustus must stay in Rome this year")


def test_event_6_refusals_say_why() -> None:
    """Event 6: each refusal names its reason in full (the route that is not the most direct;
    Rome's movement ended before an Augustus headed for Rome)."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus")
    g = p.game(event=6)
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia", "rome"]}))
    assert e.value.message == ("the Augustus must head for Rome by the most direct route (each PM spent brings him "
                               "closer)")
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "aug", "to": "italia"}))
    assert e.value.message == "the Augustus must spend all his PM heading for Rome; he can go on to Roma"
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("end"))
    assert e.value.message == "an Augustus must head for Rome this SMC before Rome's movement ends"


def test_event_6_an_augustus_who_went_as_far_as_he_could_lets_rome_end_its_movement() -> None:
    """Event 6: from Quadi his 4 PM reach Raetia (river included, §7.1), short of Rome: having
    headed for Rome, Rome may end its movement."""
    p = Pos()
    p.leader("aug", "quadi", title="augustus")
    g = p.game(event=6)
    g.apply("rome", Command("move", {"leader": "aug", "path": ["carnuntum", "noricum", "raetia"]}))
    g.apply("rome", Command("end"))
    assert (g.state.leaders["aug"].loc, g.state.active) == ("raetia", "E")


def test_event_6_direct_steps_count_the_river_and_stop_only_an_escorted_force() -> None:
    """Event 6 with §7: a step across the Danuvius costs 2 PM, so 1 PM left does not reach it;
    an Augustus alone among enemy units is not stopped by them, his force with units is; his
    own units beside him stop nothing."""
    from rules.imperator import fate

    p = Pos()
    p.leader("aug", "quadi", title="augustus")
    p.unit("q", "quadi", "E", people="quadi")
    p.unit("mine", "quadi", front=None)
    p.leader("aug2", "noricum", title="augustus")
    p.unit("escort", "noricum", front=None)
    g = p.game(event=6)
    st = g.state
    assert fate.direct_steps(st, "aug", "quadi", [], 1) == []
    assert fate.direct_steps(st, "aug", "quadi", [], 2) == ["carnuntum"]
    assert fate.direct_steps(st, "aug", "quadi", ["mine"], 2) == []
    assert fate.direct_steps(st, "aug2", "noricum", ["escort"], 2) == ["italia", "raetia"]


def test_event_1_with_two_augusti_in_rome_the_roman_player_picks_by_name() -> None:
    """Events table, event 1 (with event 4's note): two Augusti in Rome; the Roman player picks
    the one who falls ill, each offered by his name, the first by default."""
    from rules.core.command import Outcome
    from rules.imperator import fate

    p = Pos(180)
    p.leader("aug", "rome", title="augustus", cp=4).leader("co_aug", "rome", title="augustus", cp=3)
    st = p.state(phase="D")
    fate.apply_event(st, Outcome(), 1)
    assert [(d["kind"], d["role"], d["choices"], d["default"], d["section"], d["data"]) for d in st.pending] == [
        ("ill", "R", [["aug", "Aug"], ["co_aug", "Co Aug"]], "aug", "Events table", {"event": 1})]
