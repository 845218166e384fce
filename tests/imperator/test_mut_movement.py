"""Chapter 7 as `rules/imperator/movement.py` runs it, pinned where mutation testing showed that
no test noticed a change (docs/development.md, "Mutation testing"): the escape of a leader
caught alone by enemy combat units (§7), the PM of a path (§7.1), and naval movement (§3.5):
each line, roll, refusal and decision the players see."""

from __future__ import annotations

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import movement
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
    """§7: caught alone, the leader rolls a d10 (9 kills him); otherwise he moves next door, to a
    zone with no enemy combat unit in it, his player's pick (a decision, the first zone by default)."""
    g, out = _caught_alone()
    assert out.public == ["Gen moves to Carnuntum (1 PM)."]
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§7 escape of Gen (dies on 9)", 4)]
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("escape", "rome", "§7")
    assert d.prompt == "§7: Gen escaped; choose where he goes."
    assert [c.value for c in d.choices] == ["noricum", "quadi", "vindobona"] and d.default == "noricum"
    assert [c.label for c in d.choices] == ["Noricum", "Quadi", "Vindobona"]
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
    """§7: the escape needs a zone with no enemy combat unit; with Noricum and Quadi held
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


def test_a_move_is_charged_each_step_with_the_river_extra() -> None:
    """§7.1: 1 PM a zone, 1 more across the Danube: Quadi to Carnuntum (2) then Vindobona (1)
    is 3 PM, counted step by step along the path; with event 2 (3 PM for a lone leader),
    Aquincum, 4 PM away, is refused."""
    from rules.core.errors import RuleError
    from rules.imperator import movement

    p = Pos()
    p.leader("gen", "quadi")
    g = p.game()
    assert movement.path_cost(g.state, "quadi", ["carnuntum", "vindobona", "aquincum"]) == 4
    out = g.apply("rome", Command("move", {"leader": "gen", "path": ["carnuntum", "vindobona"]}))
    assert out.public == ["Gen moves to Vindobona (3 PM)."]
    p.leaders["gen"].loc = "quadi"
    g = p.game(event=2)  # event 2: one PM fewer, 3 for a lone leader
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "path": ["carnuntum", "vindobona", "aquincum"]}))
    assert (e.value.section, e.value.message) == ("§7.1", "the move costs 4 PM; only 3 available")


# -- §3.5 naval movement: every refusal with its section and words, and the moves ----------------
def _harbour(**kw: object) -> ImperatorGame:
    """The Ravenna fleet in its port (its sea: Mare Internum; Mare Alterum lies beyond, and the
    closed Oceanus); in Ravenna a Caesar, an ill general, two legions of the Reserve Danube, a
    Rome garrison unit; a third legion in Italia."""
    from rules.imperator.model import ZoneDef

    p = Pos(175)
    p.fleet = True
    p.extra_zones += [ZoneDef("mare2", "Mare Alterum", kind="sea"), ZoneDef("mare3", "Mare Tertium", kind="sea")]
    p.extra_edges += [("mare", "mare2", 0), ("mare2", "mare3", 0)]
    p.leader("cae", "ravenna", title="caesar", cc=4)
    p.leader("sick", "ravenna")
    p.leaders["sick"].ill = True
    p.unit("leg0", "ravenna", home="vindobona")
    p.unit("leg1", "ravenna", home="vindobona")
    p.unit("leg2", "ravenna", home="vindobona")
    p.unit("guard", "ravenna", front="interior", kind="garrison")
    p.unit("far", "italia")
    p.leader("away", "rome")
    return p.game(reserve_fronts=["danube"], **kw)


def _sail(g: ImperatorGame, **args: object) -> Outcome:
    return g.apply("rome", Command("sail", {"fleet": "ravenna", **args}))


@pytest.mark.parametrize(("setup", "args", "section", "message"), [
    ("event9", {"to": "mare"}, "Event 9", "no naval movement this turn"),
    ("", {"fleet": "misenum", "to": "mare"}, "§3.5", "only the Roman player's fleets sail"),
    ("lost", {"to": "mare"}, "§3.5", "the Ravenna is not in play"),
    ("moved", {"to": "mare"}, "§3.5", "a fleet moves one step per SMC"),
    ("at_sea", {"to": "mare2", "units": ["leg0"]}, "§3.5", "units board only in the fleet's home port"),
    ("", {"to": "mare", "units": ["leg0", "leg1", "leg2"]}, "§3.5", "a fleet carries at most 2 combat units"),
    ("", {"to": "mare", "units": ["far"]}, "§3.5", "Far must start the SMC in Ravenna to board"),
    ("", {"to": "mare", "leaders": ["away"]}, "§3.5", "Away must start the SMC in Ravenna to board"),
    ("", {"to": "mare", "leaders": ["sick"]}, "Event 4", "Sick is ill and may not leave his zone"),
    ("", {"to": "mare", "units": ["guard"]}, "§3.5", "Guard (Rome garrison) moves only with an Augustus or a Caesar"),
    ("", {"to": "port"}, "§3.5", "the fleet is already in port"),
    ("at_mare2", {"to": "port"}, "§3.5", "the home port is not next to the fleet's sea zone"),
    ("", {"to": "cyrene"}, "§3.5", "Cyrene is not a sea zone"),
    ("at_sea", {"to": "oceanus"}, "§3.5", "fleets may not enter Oceanus"),
    ("", {"to": "mare2"}, "§3.5", "Mare Alterum is not one step from the port"),
    ("at_sea", {"to": "mare3"}, "§3.5", "a fleet moves one sea zone per SMC"),
    ("", {"to": "mare", "units": ["leg0"], "leaders": ["cae"], "land": "rome"}, "§3.5", "Roma is not a coast of Mare Internum"),
])
def test_a_fleet_refuses_what_section_3_5_forbids(setup: str, args: dict[str, object], section: str, message: str) -> None:
    """§3.5 (and events 4 and 9): each way a sailing can break the rules is refused with its
    section and the reason, and nothing moves."""
    g = _harbour(event=9) if setup == "event9" else _harbour()
    fleet = g.state.fleets["ravenna"]
    if setup == "lost":
        fleet.status = "lost"
    elif setup == "moved":
        fleet.moved = True
    elif setup in ("at_sea", "at_mare2"):
        fleet.at = "mare" if setup == "at_sea" else "mare2"
    with pytest.raises(RuleError) as e:
        _sail(g, **args)
    assert (e.value.section, e.value.message) == (section, message)
    st = g.state
    assert [st.units[u].fleet for u in ("leg0", "leg1", "leg2", "guard", "far")] == [None] * 5


def test_a_fleet_sails_out_lands_and_returns() -> None:
    """§3.5: boarding in port, one sea zone a move; a landing on a coast of that sea; the way
    home to port."""
    g = _harbour()
    out = _sail(g, to="mare", units=["leg0", "guard"], leaders=["cae"])
    assert out.public == ["The Ravenna sails to Mare Internum."] and out.map_changed is True
    st = g.state
    assert [(st.units[u].loc, st.units[u].fleet) for u in ("leg0", "guard")] == [(None, "ravenna")] * 2
    assert (st.leaders["cae"].loc, st.leaders["cae"].fleet) == (None, "ravenna")
    g2 = _harbour()
    out = _sail(g2, to="mare", units=["leg0"], leaders=["cae"], land="cyrene")
    assert out.public[0] == "The Ravenna lands Leg0, Cae in Cyrene."
    st2 = g2.state
    assert (st2.units["leg0"].loc, st2.units["leg0"].fleet, st2.leaders["cae"].loc) == ("cyrene", None, "cyrene")
    assert (st2.fleets["ravenna"].at, st2.fleets["ravenna"].moved) == ("mare", True)
    st2.fleets["ravenna"].moved = False
    out = _sail(g2, to="port")
    assert out.public == ["The Ravenna sails back to its port."]
    assert g2.state.fleets["ravenna"].at == "port"


# -- §4.5 D/: rallying leaderless loyal units -------------------------------------------------------
def _rebels_reach_aquincum(*, roman_leader: bool = False, follower_moves: bool = True) -> ImperatorGame:
    """A usurper (CP 3) and his general (CP 4) enter Aquincum, where two leaderless loyal
    legions of the Danube stand (with ``roman_leader``, a loyal general too)."""
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=3, cc=4)
    p.leader("follower", "vindobona", "E", follows="usurper", cp=4, rebel=True)
    p.unit("u_leg", "vindobona", "E", usurper="usurper")
    p.unit("l1", "aquincum")
    p.unit("l2", "aquincum")
    if roman_leader:
        p.leader("loyal", "aquincum")
    p.legions(4, "carnuntum", prefix="c")
    g = p.game(active="E")
    g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "aquincum"}))
    if follower_moves:
        g.apply("enemies", Command("move", {"leader": "follower", "to": "aquincum"}))
    return g


@pytest.mark.parametrize(("roll", "joined"), [(4, True), (5, False)])
def test_a_rally_is_rolled_by_the_best_cp_and_wins_the_legions_over(roll: int, joined: bool) -> None:
    """§4.5 D/: the rebel leader with the best CP (the general, CP 4) rolls a d6, needing his CP
    or less; the legions then join the usurper (whose general led them), their Front counts as
    defected, and the rebels may go on moving with what is left of their PM; otherwise the
    legions stay loyal and must be fought. One rally a zone each SMC."""
    g = _rebels_reach_aquincum()
    script(g, roll)
    out = g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§4.5 D/ rally by Follower (needs 4 or less)", roll)]
    st = g.state
    if joined:
        assert out.public == ["§4.5 (D/): L1, L2 join the usurpation."]
        assert [(st.units[u].owner, st.units[u].usurper) for u in ("l1", "l2")] == [("E", "usurper")] * 2
        assert st.defected_fronts == ["danube"]
        assert [st.moved[x].get("cont") for x in ("usurper", "follower", "u_leg")] == [2, 2, 2]
    else:
        assert out.public == ["§4.5 (D/): the units in Aquincum stay loyal; they must be fought."]
        assert [(st.units[u].owner, st.units[u].usurper) for u in ("l1", "l2")] == [("R", None)] * 2
        assert st.defected_fronts == [] and "cont" not in st.moved["usurper"]
    assert out.map_changed is True
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert (e.value.section, e.value.message) == ("§4.5", "a rally was already tried in this zone this SMC")


@pytest.mark.parametrize(("case", "message"), [
    ("nobody", "rallying needs a usurper or one of his generals in that zone"),
    ("loyal_leader", "only units without a leader can be rallied"),
    ("no_target", "no loyal Roman unit to rally there"),
    ("not_moved", "the rebel leader must have entered the zone during this move"),
])
def test_a_rally_is_refused_outside_its_conditions(case: str, message: str) -> None:
    """§4.5 D/: a rally needs a rebel leader who has just entered the zone, leaderless loyal
    Roman units there, and no loyal leader with them."""
    g = _rebels_reach_aquincum(roman_leader=case == "loyal_leader")
    zone = {"nobody": "carnuntum", "no_target": "vindobona"}.get(case, "aquincum")
    if case == "no_target":
        g.state.leaders["follower"].loc = "vindobona"
    if case == "not_moved":
        g.state.moved.clear()
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("rally", {"zone": zone}))
    assert (e.value.section, e.value.message) == ("§4.5", message)


# -- §3.5, §7: what a move command may not do, each refusal with its section and words -------------
def _army() -> ImperatorGame:
    """Carnuntum: Gen (CC 2), an ill general, legions A, B, C and a Rome garrison unit of the
    Reserve Danube; the Armenia unit of Rome; a legion in Aquincum; the Quadi at war, a Quadi
    unit in Quadi."""
    p = Pos()
    p.leader("gen", "carnuntum", cc=2)
    p.leader("sick", "carnuntum")
    p.leaders["sick"].ill = True
    for u in ("a", "b", "c"):
        p.unit(u, "carnuntum")
    p.unit("guard", "carnuntum", front="interior", kind="garrison")
    p.unit("arm", "carnuntum", people="armenia")
    p.unit("far", "aquincum")
    p.leader("chief", "germ_far", "E", people="quadi")
    p.unit("q", "quadi", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    return p.game(reserve_fronts=["danube"])


@pytest.mark.parametrize(("args", "section", "message"), [
    ({}, "§7", "name a leader or a unit to move"),
    ({"leader": "ghost", "to": "vindobona"}, "§3.5", "unknown leader 'ghost'"),
    ({"leader": "chief", "to": "germ_n"}, "§3.5", "Chief is not one of your leaders on the map"),
    ({"leader": "sick", "to": "vindobona"}, "Event 4", "Sick is ill and may not leave his zone"),
    ({"unit": "ghost", "to": "vindobona"}, "§3.5", "unknown unit 'ghost'"),
    ({"unit": "q", "to": "germ_n"}, "§3.5", "Q is not one of your units on the map"),
    ({"leader": "gen", "units": ["far"], "to": "vindobona"}, "§3.5", "Far is not in Carnuntum"),
    ({"unit": "arm", "to": "vindobona"}, "§4.2", "the Armenia unit never moves"),
    ({"leader": "gen", "units": ["a", "a"], "to": "vindobona"}, "§3.5", "a unit is named twice"),
    ({"leader": "gen", "units": ["a", "b", "c"], "to": "vindobona"}, "§3.5", "Gen may lead at most 2 units (CC)"),
    ({"leader": "gen", "units": ["guard"], "to": "vindobona"}, "§3.5",
     "Guard (Rome garrison) moves only with an Augustus or a Caesar"),
    ({"leader": "gen", "units": ["a"]}, "§7", "give path or to"),
    ({"leader": "gen", "units": ["a"], "to": "atlantis"}, "§7.1", "unknown zone 'atlantis'"),
    ({"leader": "gen", "units": ["a"], "to": "parthia"}, "§7", "no legal path to Parthia within 3 PM"),
    ({"leader": "gen", "units": ["a"], "to": "carnuntum"}, "§7", "the force is already in Carnuntum"),
    ({"unit": "a", "path": ["vindobona", "aquincum"]}, "§3.5", "a combat unit without a leader moves only one zone"),
    ({"leader": "gen", "units": ["a"], "path": ["quadi", "germ_n"]}, "§7", "units must stop on entering Quadi (enemy units)"),
    ({"leader": "gen", "units": ["a"], "path": ["vindobona", "italia", "rome", "raetia"]}, "§7.1",
     "the move costs 4 PM; only 3 available"),
    ({"leader": "gen", "units": ["a"], "path": ["vindobona", "aquincum"], "drop": {"vindobona": ["b"]}}, "§3.5",
     "B is not in the moving stack"),
    ({"leader": "gen", "units": ["a"], "path": ["vindobona", "aquincum"], "drop": {"vindobona": ["a"]}}, "§3.5",
     "the leader may not go beyond the last unit still with him"),
    ({"leader": "gen", "units": ["a"], "path": ["vindobona"], "drop": {"italia": ["a"]}}, "§3.5",
     "drop zone Italia is not on the path"),
])
def test_a_move_is_refused_with_its_rule(args: dict[str, object], section: str, message: str) -> None:
    """§3.5, §4.2, §7, §7.1 and event 4: each illegal move is refused with its section and the
    reason, and nothing moves."""
    g = _army()
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", args))
    assert (e.value.section, e.value.message) == (section, message)
    st = g.state
    assert [st.units[u].loc for u in ("a", "b", "c")] == ["carnuntum"] * 3 and st.leaders["gen"].loc == "carnuntum"


def test_nothing_moves_twice_in_one_smc() -> None:
    """§3.5: a leader or a unit moves once a SMC."""
    g = _army()
    g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "to": "vindobona"}))
    for args, message in (({"leader": "gen", "to": "aquincum"}, "Gen has already moved this SMC"),
                          ({"unit": "a", "to": "aquincum"}, "A has already moved this SMC")):
        with pytest.raises(RuleError) as e:
            g.apply("rome", Command("move", args))
        assert (e.value.section, e.value.message) == ("§3.5", message)


def _sides(*, at_war: bool = True, reserve: bool = True, active: str = "R") -> ImperatorGame:
    """Rome: Gen with legions A and B in Carnuntum, a lone general in Ravenna. The Enemies: a
    usurper with his legion in Vindobona, a Quadi chief and unit in Quadi, a Quadi unit in
    Vindobona, a Parthian unit in Germania North."""
    p = Pos()
    p.leader("gen", "carnuntum", cc=3)
    p.unit("a", "carnuntum")
    p.unit("b", "carnuntum")
    p.leader("rav", "ravenna")
    p.leader("usu", "vindobona", "E", title="usurper")
    p.unit("u", "vindobona", "E", usurper="usu")
    p.leader("chief", "quadi", "E", people="quadi")
    p.unit("q", "quadi", "E", people="quadi")
    p.unit("qq", "vindobona", "E", people="quadi")
    p.unit("p1", "germ_n", "E", people="parthians")
    p.kw["at_war"] = ["quadi"] if at_war else []
    return p.game(active=active, reserve_fronts=["danube"] if reserve else [])


@pytest.mark.parametrize(("side", "kw", "args", "section", "message"), [
    ("R", {}, {"leader": "gen", "units": ["a"], "path": ["aquincum"]}, "§7.1", "Aquincum is not adjacent to Carnuntum"),
    ("R", {}, {"leader": "rav", "path": ["mare"]}, "§3.5", "Mare Internum is a sea zone; use sail"),
    ("R", {"at_war": False}, {"leader": "gen", "units": ["a"], "path": ["quadi"]}, "§3.5",
     "Roman units may not enter Quadi while its People is at peace"),
    ("R", {"reserve": False}, {"leader": "gen", "units": ["a"], "path": ["noricum"]}, "§3.3",
     "A may not leave the Danube Front (not a Reserve Front)"),
    ("E", {}, {"leader": "usu", "units": ["u"], "path": ["aquincum", "jazyges"]}, "§4.3",
     "U serves a usurper and may not leave the Empire"),
    ("E", {}, {"leader": "chief", "path": ["carnuntum"]}, "§4.3",
     "Chief may not move inside the Empire without a unit of his People"),
    ("E", {"at_war": False}, {"leader": "chief", "units": ["q"], "path": ["germ_n"]}, "§4.3",
     "Q may not leave its home zones while at peace with Rome"),
    ("E", {}, {"unit": "qq", "path": ["italia"]}, "§4.3", "Qq may enter interior provinces only with a leader of its People"),
    ("E", {}, {"leader": "chief", "units": ["q"], "path": ["germ_n"]}, "§4.2",
     "the Enemies of Rome may not stack east + west counters in Germania North"),
])
def test_each_step_keeps_the_limits_of_its_pieces(side: str, kw: dict[str, bool], args: dict[str, object],
                                                   section: str, message: str) -> None:
    """§3.3, §3.5, §4.2, §4.3, §7.1: the checks of each step of a move, by side and People,
    each refused with its section and reason."""
    g = _sides(active=side, **kw)
    with pytest.raises(RuleError) as e:
        g.apply(g.state.seat_of(side), Command("move", args))
    assert (e.value.section, e.value.message) == (section, message)


def test_a_front_keeps_its_minimum_when_its_legions_leave() -> None:
    """§3.3: a Front always keeps at least half of its units, rounded up (2 of 4 here), a Reserve
    Front too."""
    p = Pos()
    p.leader("gen", "carnuntum", cc=4)
    p.legions(4, "carnuntum")
    g = p.game(reserve_fronts=["danube"])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1", "leg2", "leg3"], "path": ["noricum"]}))
    assert (e.value.section, e.value.message) == ("§3.3", "the Danube Front must keep at least 2 of its 4 units")
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "path": ["noricum"]}))
    assert [g.state.units[u].loc for u in ("leg0", "leg1", "leg2")] == ["noricum", "noricum", "carnuntum"]


# -- §3.3: the minimum each Front keeps (AMB-17), Front by Front ----------------------------------
@pytest.mark.parametrize("front", ["british", "rhine", "danube", "orient", "southern"])
def test_every_front_keeps_half_its_units(front: str) -> None:
    """§3.3 (AMB-17): each of the five Fronts keeps at least half its units (rounded up); two of
    its legions both in Italia leave it short, which is refused citing §3.3 and naming the Front.
    Checking only another Front (the Fronts a move has emptied) lets it pass."""
    p = Pos()
    p.legions(2, "italia", front=front)
    st = p.state()
    short = f"§3.3: the {front.title()} Front must keep at least 1 of its 2 units"  # its name (AMB-111)
    assert movement.front_minimum_error(st) == short
    assert movement.front_minimum_error(st, {front}) == short
    assert movement.front_minimum_error(st, {"orient" if front == "rhine" else "rhine"}) is None


def test_a_front_counts_only_its_own_legions_on_the_map() -> None:
    """§3.3: a Front's units are its own Roman legions in play: not a legion of another Front
    standing in its zones, nor a vexillation, nor units out of play, in the pool or in mutiny.
    Here the Danube has two legions, both in Italia: 1 of 2 must stay."""
    p = Pos()
    p.legions(2, "italia", front="danube")
    p.unit("rh", "carnuntum", front="rhine")
    p.unit("rh2", "raetia", front="rhine")
    p.unit("vex", "carnuntum", front="danube", kind="vexillation")
    p.unit("out", None, front="danube", status="out")
    p.unit("pool", None, front="danube", status="pool")
    p.unit("mut", "italia", front="danube")
    st = p.state()
    st.units["mut"].mutiny = "rebel"
    assert movement.front_minimum_error(st) == "§3.3: the Danube Front must keep at least 1 of its 2 units"
    st.units["leg0"].loc = "vindobona"
    assert movement.front_minimum_error(st) is None


def test_a_landing_refused_by_the_front_rules_keeps_its_marked_reason() -> None:
    """§3.5 with §3.3: a Danube legion may not be landed in Cyrene while the Danube is not a
    Reserve Front; the refusal cites §3.3 and its reason is the marked sentence (translated for
    the player later), not a piece of the English line."""
    from rules.core.i18n import Text

    g = _harbour()
    g.state.reserve_fronts = []
    with pytest.raises(RuleError) as e:
        _sail(g, to="mare", units=["leg0"], land="cyrene")
    assert (e.value.section, e.value.message) == ("§3.3", "Leg0 may not leave the Danube Front (not a Reserve Front)")
    assert isinstance(e.value.message, Text)
    assert e.value.message.msgid == "{unit} may not leave the {front} (not a Reserve Front)"
    assert (g.state.units["leg0"].loc, g.state.units["leg0"].fleet) == ("ravenna", None)


def test_a_sailing_is_drawn_on_the_spectators_trail_and_landed_pieces_stay() -> None:
    """§3.5: the fleet's steps go on the SMC's trail of moves (port to sea, sea to coast, sea back
    to port); ``sea`` names the zone like ``to``. Pieces landed have moved for this SMC: they may
    not move again, and the leader is off the fleet."""
    g = _harbour()
    assert _sail(g, sea="mare", units=["leg0"], leaders=["cae"]).public == ["The Ravenna sails to Mare Internum."]
    assert g.state.last_moves == [{"from": "ravenna", "to": "mare", "side": "R", "path": ["ravenna", "mare"]}]
    g.state.fleets["ravenna"].moved = False
    assert _sail(g, to="port").public == ["The Ravenna sails back to its port."]
    st = g.state
    assert st.last_moves[1] == {"from": "mare", "to": "ravenna", "side": "R", "path": ["mare", "ravenna"]}
    assert (st.units["leg0"].loc, st.units["leg0"].fleet, st.leaders["cae"].loc) == ("ravenna", None, "ravenna")
    g2 = _harbour()
    _sail(g2, to="mare", units=["leg0"], leaders=["cae"], land="cyrene")
    st2 = g2.state
    assert st2.last_moves[1] == {"from": "mare", "to": "cyrene", "side": "R", "path": ["mare", "cyrene"]}
    assert (st2.leaders["cae"].loc, st2.leaders["cae"].fleet) == ("cyrene", None)
    with pytest.raises(RuleError) as e:
        g2.apply("rome", Command("move", {"leader": "cae", "units": ["leg0"], "to": "cyrene"}))
    assert (e.value.section, e.value.message) == ("§3.5", "Cae has already moved this SMC")


# -- session 7: the survivors of the resumed run (docs/development.md, "movement.py, session 7") --
def _column(enemy_in: str | None = None, own_in: str | None = None, *, units: bool = True, at: str = "carnuntum",
            peace: bool = False) -> ImperatorGame:
    """Gen (with legion A of the Interior, free of the Front rules, unless ``units`` is false)
    in ``at``; a Quadi unit in ``enemy_in`` and a Roman legion B in ``own_in``; the Quadi at war
    unless ``peace``."""
    p = Pos()
    p.leader("gen", at, cc=3)
    if units:
        p.unit("a", at, front="interior")
    if enemy_in:
        p.unit("q", enemy_in, "E", people="quadi")
    if own_in:
        p.unit("b", own_in, front="interior")
    p.kw["at_war"] = [] if peace else ["quadi"]
    return p.game()


@pytest.mark.parametrize(("kw", "to", "line", "trail"), [
    # Quadi, the first neighbour of Carnuntum, is closed (at peace): the search goes on with the
    # others, and of the two 2-PM ways it keeps the first found, by Vindobona
    ({"peace": True}, "italia", "Gen with A moves to Italia (2 PM).", ["carnuntum", "vindobona", "italia"]),
    # two steps for exactly the 3 PM of a leader with units: Quadi-Carnuntum across the Danube (2), then 1
    ({"at": "quadi"}, "vindobona", "Gen with A moves to Vindobona (3 PM).", ["quadi", "carnuntum", "vindobona"]),
    # the enemy stack in Vindobona would stop the units: the way round by Noricum, same cost
    ({"enemy_in": "vindobona"}, "italia", "Gen with A moves to Italia (2 PM).", ["carnuntum", "noricum", "italia"]),
    # the Roman's own legion in Vindobona is no stop
    ({"own_in": "vindobona"}, "aquincum", "Gen with A moves to Aquincum (2 PM).", ["carnuntum", "vindobona", "aquincum"]),
    # a leader alone walks through the zone of an enemy unit (§7 stops only units)
    ({"enemy_in": "vindobona", "units": False}, "aquincum", "Gen moves to Aquincum (2 PM).",
     ["carnuntum", "vindobona", "aquincum"]),
])
def test_a_move_given_only_its_goal_takes_the_cheapest_legal_path(kw: dict[str, object], to: str, line: str,
                                                                   trail: list[str]) -> None:
    """§7, §7.1: with ``to`` alone the engine finds the cheapest path the force may walk: within
    its PM (the Danube crossing costs 1 more), not through a zone of enemy units when it has units,
    through its own side's units, and for a leader alone through enemy units too."""
    g = _column(**kw)  # type: ignore[arg-type]
    out = g.apply("rome", Command("move", {"leader": "gen", **({"units": ["a"]} if kw.get("units", True) else {}),
                                           "to": to}))
    assert out.public == [line]
    assert g.state.last_moves == [{"from": trail[0], "to": to, "side": "R", "path": trail}]
    assert g.state.leaders["gen"].loc == to


@pytest.mark.parametrize(("kw", "to", "message"), [
    ({}, "ravenna", "no legal path to Ravenna within 3 PM"),  # 4 PM by Noricum, Italia, Roma
    ({"enemy_in": "vindobona"}, "aquincum", "no legal path to Aquincum within 3 PM"),  # only by the enemy's zone
])
def test_a_goal_out_of_reach_is_refused_before_any_step(kw: dict[str, object], to: str, message: str) -> None:
    """§7, §7.1: when no legal path fits the PM the move is refused as such (not as a path over
    the PM or through a stop), and nothing moves."""
    g = _column(**kw)  # type: ignore[arg-type]
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "to": to}))
    assert (e.value.section, e.value.message) == ("§7", message)
    assert (g.state.leaders["gen"].loc, g.state.units["a"].loc) == ("carnuntum", "carnuntum")


def test_a_legion_outside_its_front_may_only_come_closer() -> None:
    """§3.3 (ruling "Units returning to their Front"): a Danube legion left in Noricum while the
    Danube is not a Reserve Front may step to Carnuntum (its Front) but not sideways to Italia,
    which is no closer (one step from the Front, like Noricum)."""
    p = Pos()
    p.leader("gen", "noricum")
    p.unit("a", "noricum")
    g = p.game()
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["italia"]}))
    assert (e.value.section, e.value.message) == ("§3.3", "A may not leave the Danube Front (not a Reserve Front)")
    out = g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["carnuntum"]}))
    assert out.public == ["Gen with A moves to Carnuntum (1 PM)."]


def test_the_front_minimum_skips_only_what_it_must() -> None:
    """§3.3 (AMB-17): a defected Front is not checked, nor a unit of another Front or one out of
    play, and the check goes on to the next Front and the next unit: here the British Front has
    defected, a Rhine legion stands at home in Raetia, a Danube legion is out of play, and the
    Danube's two legions are both in Italia."""
    p = Pos()
    p.unit("rh", "raetia", front="rhine")
    p.unit("gone", None, front="danube", status="out")
    p.legions(2, "italia", front="danube")
    st = p.state(defected_fronts=["british"])
    assert movement.front_minimum_error(st) == "§3.3: the Danube Front must keep at least 1 of its 2 units"


def test_a_lone_leader_killed_by_mutineers_gives_nobody_a_vp() -> None:
    """§7 with AMB-36 and AMB-43: caught alone by mutineers and killed on a 9, the leader scores
    for no player: the mutineers are nobody's side."""
    p = Pos()
    p.leader("gen", "vindobona")
    p.unit("mut", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game()
    st = g.state
    st.units["mut"].owner, st.units["mut"].mutineer_of, st.units["mut"].mutiny = "M", "E", "rebel"
    script(g, 9)
    out = g.apply("rome", Command("move", {"leader": "gen", "to": "carnuntum"}))
    assert out.public[1] == "§7: Gen is dead (caught alone by enemy units)."
    assert (g.state.leaders["gen"].status, g.state.vp) == ("dead", {"rome": 0, "enemies": 0})
    assert not [line for line in out.public if "VP" in line]  # no line claims a VP nobody scores


def test_a_leader_may_escape_to_a_zone_of_his_own_units() -> None:
    """§7: only enemy combat units close a zone to the escape; Noricum, where a legion of his
    own side stands, is on offer."""
    p = Pos()
    p.leader("gen", "vindobona")
    p.unit("foe", "carnuntum", "E", people="quadi")
    p.unit("own", "noricum", front="interior")
    p.kw["at_war"] = ["quadi"]
    g = p.game()
    script(g, 4)
    g.apply("rome", Command("move", {"leader": "gen", "to": "carnuntum"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.section) == ("escape", "§7")
    assert [c.value for c in d.choices] == ["noricum", "quadi", "vindobona"]


def _rally_ready(*, cp: int = 4, bonus: int = 0, favour: bool = False) -> ImperatorGame:
    """`_rebels_reach_aquincum` with the general's CP set to ``cp`` (the usurper's too when it is
    below his 3, so that the general stays the best CP, named first), the usurper's usurpation
    stratagem bonus ``bonus`` (§4.5 A/), and with ``favour`` the Enemies holding Faveur divine."""
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=min(3, cp - 1), cc=4)
    p.leader("follower", "vindobona", "E", follows="usurper", cp=cp, rebel=True)
    p.unit("u_leg", "vindobona", "E", usurper="usurper")
    p.unit("l1", "aquincum")
    p.unit("l2", "aquincum")
    p.legions(4, "carnuntum", prefix="c")
    g = p.game(active="E")
    st = g.state
    st.usurper_bonus = {"usurper": bonus} if bonus else {}
    if favour:
        st.rules["stratagems"] = True
        for s in st.roles:
            st.hands.setdefault(s, [])
        st.hands["enemies"].append("faveur_divine#1")
    g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "aquincum"}))
    g.apply("enemies", Command("move", {"leader": "follower", "to": "aquincum"}))
    return g


@pytest.mark.parametrize(("bonus", "roll", "mods", "joined"), [
    (0, 4, (), True), (0, 5, (), False), (2, 6, (("usurpation stratagem", -2),), True), (1, 6, (("usurpation stratagem", -1),), False),
])
def test_the_usurpation_bonus_lowers_the_rally_roll(bonus: int, roll: int, mods: tuple[tuple[str, int], ...],
                                                    joined: bool) -> None:
    """§4.5 D/ with A/: the bonus of the usurper's usurpation stratagem is taken off the rally
    roll (a 6 with a bonus of 2 makes 4, enough for the CP 4 general; with 1, 5 is not); with no
    bonus the roll has no modifier."""
    g = _rally_ready(bonus=bonus)
    script(g, roll)
    out = g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert [(r.purpose, r.natural, r.modifiers, r.result) for r in out.rolls] == [
        ("§4.5 D/ rally by Follower (needs 4 or less)", roll, mods, roll - bonus)]
    assert g.state.units["l1"].owner == ("E" if joined else "R")


@pytest.mark.parametrize(("cp", "bonus", "offered"), [
    (4, 0, True),  # 1-4 win, 5-6 lose
    (4, 2, False),  # every face wins after the bonus: no window
    (5, 0, True),  # only a 6 loses
    (1, 0, True),  # only a 1 wins
])
def test_faveur_divine_is_offered_before_a_rally_roll_only_when_the_die_matters(cp: int, bonus: int,
                                                                               offered: bool) -> None:
    """§6.3 Faveur divine (AMB-45) before the §4.5 D/ rally roll: offered to the Enemies, with
    the six faces of the d6, when the faces (less the usurpation bonus) do not all give the same
    outcome against the best CP; otherwise the die is rolled at once."""
    g = _rally_ready(cp=cp, bonus=bonus, favour=True)
    if not offered:
        script(g, 6)
    out = g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    d = g.pending_decision()
    if not offered:
        assert d is None and [(r.natural, r.result) for r in out.rolls] == [(6, 4)]
        assert g.state.units["l1"].owner == "E"
        return
    assert out.rolls == [] and d is not None
    assert (d.kind, d.seat, d.section) == ("favour", "enemies", "§6.3")
    assert d.prompt == "§6.3: your rally roll (§4.5 D/) is about to be made. Play a stratagem?"
    assert [c.value for c in d.choices] == ["pass", *[f"faveur_divine@{f}" for f in range(1, 7)]]
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "faveur_divine@1"}))
    assert [(r.purpose, r.natural) for r in out.rolls] == [
        (f"§4.5 D/ rally by Follower (needs {cp} or less) (Faveur divine)", 1)]
    assert g.state.units["l1"].owner == "E"


def _vexillation_rally(legions_held: int) -> ImperatorGame:
    """A usurper (with a Rhine legion) enters Aquincum, where a loyal Danube vexillation stands
    alone; the usurper's side holds ``legions_held`` Danube legions in Vindobona (with a general
    of his, so that they stay his, §4.3), Rome four."""
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=6, cc=4)
    p.leader("keeper", "vindobona", "E", follows="usurper", cp=1, rebel=True)
    p.unit("u_leg", "vindobona", "E", usurper="usurper", front="rhine")
    p.unit("vex", "aquincum", kind="vexillation")
    p.legions(legions_held, "vindobona", owner="E", prefix="e", usurper="usurper")
    p.legions(4, "carnuntum", prefix="c")
    g = p.game(active="E")
    g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "aquincum"}))
    return g


@pytest.mark.parametrize("held", [0, 2])
def test_a_vexillation_is_rallied_only_by_a_side_with_3_legions_of_its_front(held: int) -> None:
    """§4.5 D/: rallying a vexillation needs 3 legions of its Front on the rebels' side; Rome's
    own legions of that Front do not count."""
    g = _vexillation_rally(held)
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert (e.value.section, e.value.message) == (
        "§4.5", "a vexillation can be rallied only by a side holding 3 legions of its Front")
    assert g.state.units["vex"].owner == "R"


def test_a_vexillation_joins_a_side_with_3_legions_of_its_front_and_its_front_stays() -> None:
    """§4.5 D/: with 3 Danube legions the rally may be tried; the vexillation joins, and the
    Danube Front does not count as defected for a vexillation."""
    g = _vexillation_rally(3)
    script(g, 2)
    out = g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert out.public == ["§4.5 (D/): Vex join the usurpation."]
    assert (g.state.units["vex"].owner, g.state.defected_fronts) == ("E", [])


def test_a_rally_in_one_zone_leaves_another_zone_free_to_rally() -> None:
    """§4.5 D/: one rally a zone each SMC: a failed rally in Aquincum does not stop one in
    Carnuntum."""
    p = Pos()
    p.leader("usurper", "vindobona", "E", title="usurper", cp=3, cc=4)
    p.leader("follower", "vindobona", "E", follows="usurper", cp=4, rebel=True)
    p.unit("u_leg", "vindobona", "E", usurper="usurper", front="rhine")
    p.unit("f_leg", "vindobona", "E", usurper="usurper", front="rhine")
    p.unit("l1", "aquincum")
    p.unit("l2", "carnuntum")
    p.legions(4, "noricum", prefix="c")
    g = p.game(active="E")
    g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "aquincum"}))
    g.apply("enemies", Command("move", {"leader": "follower", "units": ["f_leg"], "to": "carnuntum"}))
    script(g, 6, 1)
    assert g.apply("enemies", Command("rally", {"zone": "aquincum"})).public == [
        "§4.5 (D/): the units in Aquincum stay loyal; they must be fought."]
    out = g.apply("enemies", Command("rally", {"zone": "carnuntum"}))
    assert out.public == ["§4.5 (D/): L2 join the usurpation."]
    assert (g.state.units["l1"].owner, g.state.units["l2"].owner) == ("R", "E")


@pytest.mark.parametrize("gone", ["unit", "rebel"])
def test_a_rally_resumed_with_its_units_or_rebels_gone_is_not_rolled(gone: str) -> None:
    """§4.5 D/: the roll resumed after a Faveur divine window (``rally_roll``) needs the loyal
    units still in the zone and loyal, and a rebel leader still there; otherwise no die is rolled
    and nothing changes."""
    from rules.imperator import movement as mv

    g = _rally_ready()
    st = g.state
    if gone == "unit":
        st.units["l1"].loc = "vindobona"  # still Rome's, on the map, elsewhere
    else:
        st.leaders["follower"].loc = "vindobona"
    data = {"zone": "aquincum", "best": "follower", "usurper": "usurper",
            "able": ["l1"], "rebels": ["follower"], "favour_done": True}
    out = Outcome()
    mv.rally_roll(st, out, data)
    assert (out.public, st.dice.rolls[-1:]) == ([], [])
    assert (st.units["l1"].owner, st.units["l2"].owner) == ("R", "R")


@pytest.mark.parametrize(("args", "message"), [
    ({"units": ["ghost"]}, "ghost must start the SMC in Ravenna to board"),
    ({"leaders": ["ghost"]}, "ghost must start the SMC in Ravenna to board"),
    ({"units": ["far"]}, "Far must start the SMC in Ravenna to board"),
    ({"leaders": ["away"]}, "Away must start the SMC in Ravenna to board"),
])
def test_only_the_roman_player_s_own_pieces_in_port_board(args: dict[str, object], message: str) -> None:
    """§3.5: a unit or leader that does not exist, or belongs to the usurper's side (Far and
    Away, here in the port itself), does not board the Roman fleet."""
    g = _harbour()
    st = g.state
    st.units["far"].loc, st.units["far"].owner = "ravenna", "E"
    st.leaders["away"].loc, st.leaders["away"].owner = "ravenna", "E"
    with pytest.raises(RuleError) as e:
        _sail(g, to="mare", **args)
    assert (e.value.section, e.value.message) == ("§3.5", message)
    assert (st.fleets["ravenna"].at, st.units["far"].fleet, st.leaders["away"].fleet) == ("port", None, None)


def test_a_fleet_at_sea_sails_on_to_the_next_sea_zone() -> None:
    """§3.5: one sea zone a move, from one sea zone to the next."""
    g = _harbour()
    g.state.fleets["ravenna"].at = "mare"
    assert _sail(g, to="mare2").public == ["The Ravenna sails to Mare Alterum."]
    assert g.state.fleets["ravenna"].at == "mare2"


def test_a_fleet_back_in_port_lands_its_cargo_in_the_port_and_the_pieces_have_moved() -> None:
    """§3.5: sailing back to port with ``land`` puts the cargo ashore in the home port, whatever
    zone was named; leader and units leave the fleet and may not move again this SMC. Pieces
    sailing out stay aboard and are not offered a land move."""
    g = _harbour()
    _sail(g, to="mare", units=["leg0"], leaders=["cae"])
    move = next(a for a in g.actions("rome") if a.name == "move")
    leaders = next(s for s in move.args if s.name == "leader")
    assert [c.value for c in leaders.choices or ()] == ["away", "sick"]
    g.state.fleets["ravenna"].moved = False
    out = _sail(g, to="port", land="cyrene")
    assert out.public == ["The Ravenna lands Leg0, Cae in Ravenna."]
    st = g.state
    assert [(st.units["leg0"].loc, st.units["leg0"].fleet), (st.leaders["cae"].loc, st.leaders["cae"].fleet)] == [
        ("ravenna", None), ("ravenna", None)]
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"unit": "leg0", "to": "rome"}))
    assert (e.value.section, e.value.message) == ("§3.5", "Leg0 has already moved this SMC")


def test_a_leader_sailing_home_leaves_the_fleet() -> None:
    """§3.5: back in port without a landing, the leader aboard is ashore in the port, off the
    fleet, like the units."""
    g = _harbour()
    _sail(g, to="mare", units=["leg0"], leaders=["cae"])
    g.state.fleets["ravenna"].moved = False
    _sail(g, to="port")
    st = g.state
    assert (st.leaders["cae"].loc, st.leaders["cae"].fleet) == ("ravenna", None)


def test_a_leader_landed_alone_among_enemy_units_must_escape() -> None:
    """§3.5 with §7: a landing is a move: a leader put ashore alone where an enemy combat unit
    stands is caught alone; Cyrene has no land neighbour, so he dies, and the Enemies score."""
    p = Pos(175)
    p.fleet = True
    p.leader("cae", "ravenna", title="caesar")
    p.unit("q", "cyrene", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game()
    script(g, 4)
    out = _sail(g, to="mare", leaders=["cae"], land="cyrene")
    st = g.state
    assert out.public == ["The Ravenna lands Cae in Cyrene.", "§7: Cae is dead (caught alone by enemy units).",
                          "§10: 1 VP to enemies for the death of Cae."]
    assert (st.leaders["cae"].status, st.vp) == ("dead", {"rome": 0, "enemies": 1})


def test_a_people_force_with_its_leader_is_routed_through_interior_provinces() -> None:
    """§4.3: units of a People may cross interior provinces with a leader of their People; the
    path search counts the leader: the Quadi chief takes his war band from Carnuntum to Italia
    by Noricum."""
    p = Pos()
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.unit("q", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(active="E")
    out = g.apply("enemies", Command("move", {"leader": "chief", "units": ["q"], "to": "italia"}))
    assert out.public == ["Chief with Q moves to Italia (2 PM)."]
    assert g.state.units["q"].loc == "italia"


def test_a_path_is_charged_for_a_river_crossed_after_the_first_step() -> None:
    """§7.1: the Danube's extra PM counts on any step of the path: Vindobona, Carnuntum, then
    across to Quadi is 1 + 2."""
    p = Pos()
    p.leader("gen", "vindobona")
    g = p.game(at_war=["quadi"])
    assert movement.path_cost(g.state, "vindobona", ["carnuntum", "quadi"]) == 3
    out = g.apply("rome", Command("move", {"leader": "gen", "path": ["carnuntum", "quadi"]}))
    assert out.public == ["Gen moves to Quadi (3 PM)."]


def _armenia(*, armenia: str = "neutral", war: tuple[str, ...] = ()) -> ImperatorGame:
    """The builder's map with an Armenia zone (home of the Armenia People) next to Parthia and
    Aquincum; Gen with legion A (Interior) in Aquincum; a Parthian king with a unit in Parthia, a
    Quadi chief with a unit in Vindobona (E); the Armenia unit of the Enemies in Armenia."""
    from rules.imperator.model import ZoneDef

    p = Pos()
    p.extra_zones.append(ZoneDef("armenia_z", "Armenia", peoples=("armenia",)))
    p.extra_edges += [("parthia", "armenia_z", 0), ("aquincum", "armenia_z", 0)]
    p.leader("gen", "aquincum")
    p.unit("a", "aquincum", front="interior")
    p.leader("king", "parthia", "E", people="parthians")
    p.unit("p1", "parthia", "E", people="parthians")
    p.leader("chief", "vindobona", "E", people="quadi")
    p.unit("q", "vindobona", "E", people="quadi")
    p.unit("arm", "armenia_z", "E", people="armenia")
    return p.game(armenia=armenia, at_war=list(war))


@pytest.mark.parametrize(("armenia", "war", "allowed"), [
    ("roman", (), True), ("neutral", ("parthians",), True), ("neutral", (), False),
])
def test_roman_units_enter_armenia_when_it_is_roman_or_parthia_is_at_war(armenia: str, war: tuple[str, ...],
                                                                         allowed: bool) -> None:
    """§3.5 (AMB-22): Armenia is open to Roman units while it is a Roman client or while the
    Parthians are at war; otherwise it is closed like a People at peace."""
    g = _armenia(armenia=armenia, war=war)
    args = {"leader": "gen", "units": ["a"], "path": ["armenia_z"]}
    if allowed:
        g.apply("rome", Command("move", args))
        assert g.state.units["a"].loc == "armenia_z"
        return
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", args))
    assert (e.value.section, e.value.message) == ("§3.5", "Roman units may not enter Armenia while its People is at peace")


def test_only_the_parthians_enter_armenia_among_the_peoples() -> None:
    """§4.3: a People at war may not enter Armenia, except the Parthians, who stack there with
    the Armenia unit (which counts for no group, §4.2)."""
    g = _armenia(war=("parthians", "quadi"))
    g.state.active = "E"
    g.state.leaders["gen"].loc = g.state.units["a"].loc = "rome"  # Rome's force out of the Quadi's way
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "chief", "units": ["q"], "path": ["aquincum", "armenia_z"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "Q may not enter Armenia")
    out = g.apply("enemies", Command("move", {"leader": "king", "units": ["p1"], "path": ["armenia_z"]}))
    assert out.public == ["King with P1 moves to Armenia (1 PM)."]


def test_a_people_at_war_may_not_enter_the_home_of_a_people_at_peace() -> None:
    """§4.3: the Quadi at war may not enter Jazyges while the Jazyges are at peace."""
    p = Pos()
    p.leader("chief", "aquincum", "E", people="quadi")
    p.unit("q", "aquincum", "E", people="quadi")
    g = p.game(active="E", at_war=["quadi"])
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "chief", "units": ["q"], "path": ["jazyges"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "Q may not enter Jazyges, home of a People at peace")


def test_a_people_unit_goes_no_further_than_5_zones_from_its_home() -> None:
    """§4.3 (AMB-20): a Parthian unit far in the West, where no path leads from Parthia, is
    beyond 5 zones of its home wherever it steps."""
    p = Pos()
    p.leader("king", "germ_n", "E", people="parthians")
    p.unit("p1", "germ_n", "E", people="parthians")
    g = p.game(active="E", at_war=["parthians"])
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "king", "units": ["p1"], "path": ["germ_far"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "Germania Far is more than 5 zones from the home of P1")


def test_the_armenia_unit_never_steps_whoever_asks() -> None:
    """§4.2: the step check itself refuses the Armenia unit (the move command refuses it
    before, the retreats and evasions of combat call the same check)."""
    g = _armenia()
    assert movement.step_error(g.state, None, ["arm"], "armenia_z", "parthia") == "§4.2: the Armenia unit never moves"


@pytest.mark.parametrize(("pieces", "refused"), [
    # the Armenia unit counts for no group, and the check goes on after it
    ((("arm", "unit", "armenia"), ("q", "unit", "quadi"), ("p1", "unit", "parthians")), "east + west"),
    ((("arm", "unit", "armenia"), ("p1", "unit", "parthians")), None),
    # a leader counts for his People's group
    ((("q", "unit", "quadi"), ("king", "leader", "parthians")), "east + west"),
    ((("u", "unit", "roman"), ("king", "leader", "parthians")), "east + roman"),
])
def test_the_enemies_stacks_mix_no_groups(pieces: tuple[tuple[str, str, str], ...], refused: str | None) -> None:
    """§4.2: the Enemies of Rome may not stack Romans (a usurper's), Western and Eastern
    Peoples in one zone; the Armenia unit belongs to none of them; leaders count."""
    p = Pos()
    for pid, kind, people in pieces:
        if kind == "unit":
            p.unit(pid, "germ_n", "E", people=people)
        else:
            p.leader(pid, "germ_n", "E", people=people)
    st = p.state()
    expected = None if refused is None else f"§4.2: the Enemies of Rome may not stack {refused} counters in Germania North"
    assert movement.stacking_error(st, "germ_n") == expected


def test_a_people_enters_the_empire_only_through_its_front() -> None:
    """§4.3: the Jazyges enter the Empire only through the Danube Front: from their home into
    Italia (an interior province) is refused for that reason, while Aquincum (Danube) is open."""
    p = Pos()
    p.leader("king", "jazyges", "E", people="jazyges")
    p.unit("j", "jazyges", "E", people="jazyges")
    g = p.game(active="E", at_war=["jazyges"])
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "king", "units": ["j"], "path": ["italia"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "J may enter the Empire only through the Danube Front")
    out = g.apply("enemies", Command("move", {"leader": "king", "units": ["j"], "path": ["aquincum"]}))
    assert out.public == ["King with J moves to Aquincum (2 PM)."]


def test_a_leader_on_his_pax_romana_side_does_not_move() -> None:
    """§4.1: a leader showing his Pax Romana side stays where he is."""
    p = Pos()
    p.leader("gen", "carnuntum")
    g = p.game()
    g.state.leaders["gen"].pax = True
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "to": "vindobona"}))
    assert (e.value.section, e.value.message) == ("§4.1", "Gen is on his Pax Romana side")
    assert g.state.leaders["gen"].loc == "carnuntum"


# -- §3.5, §4.3, §7: the move command's own checks and its record -----------------------------------
def _mixed() -> ImperatorGame:
    """Carnuntum: Gen (Roman) with legion A and a Quadi unit Q of Rome's side (a client's, say);
    the Enemies: Chief (Quadi) with a Quadi unit Q2 and a Jazyges unit J in Quadi, a usurper's
    legion U alone in Vindobona with a general of his, a mutinous legion M of Rome in Carnuntum."""
    p = Pos()
    p.leader("gen", "carnuntum")
    p.unit("a", "carnuntum", front="interior")
    p.unit("qr", "carnuntum", people="quadi")
    p.unit("m", "carnuntum", front="interior")
    p.leader("chief", "quadi", "E", people="quadi")
    p.unit("q2", "quadi", "E", people="quadi")
    p.unit("j", "quadi", "E", people="jazyges")
    p.leader("keeper", "vindobona", "E", follows="usurper", rebel=True)
    p.leader("usurper", "rome", "E", title="usurper")
    p.unit("u", "vindobona", "E", usurper="usurper")
    p.unit("u_guard", "rome", "E", usurper="usurper")
    g = p.game(at_war=["quadi", "jazyges"])
    g.state.units["m"].mutiny = "rebel"
    return g


@pytest.mark.parametrize(("side", "args", "section", "message"), [
    ("R", {"unit": "m", "to": "vindobona"}, "§6.3", "M is in mutiny and may not move"),
    ("R", {"leader": "gen", "units": ["qr"], "to": "vindobona"}, "§3.5", "Gen may lead only Roman units"),
    ("E", {"leader": "chief", "units": ["q2", "j"], "to": "germ_n"}, "§4.3", "Chief may lead only units of his own People"),
    ("E", {"unit": "u", "to": "aquincum"}, "§4.3", "U serves a usurper and moves only with a rebel leader"),
])
def test_who_may_move_with_whom(side: str, args: dict[str, object], section: str, message: str) -> None:
    """§3.5, §4.3, §6.3: units in mutiny stay; a Roman leader leads Roman units only, a People's
    leader units of his People only; a usurper's legion moves only with a rebel leader."""
    g = _mixed()
    g.state.active = side
    with pytest.raises(RuleError) as e:
        g.apply(g.state.seat_of(side), Command("move", args))
    assert (e.value.section, e.value.message) == (section, message)


def test_a_unit_alone_moves_one_zone_whatever_its_cost() -> None:
    """§3.5 (AMB-18): a combat unit without a leader moves exactly one zone, across the Danube
    too (2 PM), and the line names the unit."""
    p = Pos()
    p.unit("a", "carnuntum", front="interior")
    g = p.game(at_war=["quadi"])
    out = g.apply("rome", Command("move", {"unit": "a", "to": "quadi"}))
    assert out.public == ["A moves to Quadi (2 PM)."] and out.map_changed is True
    assert (g.state.units["a"].loc, g.state.moved["a"]) == ("quadi", {"pm": 2})


def test_units_dropped_on_the_way_stay_there_and_the_arrival_is_remembered() -> None:
    """§3.5: units may be left along the path; every piece has moved (with the PM of the whole
    move); the zone reached remembers where the force came from (for §8's evasions and
    retreats), once per origin."""
    p = Pos()
    p.leader("gen", "carnuntum")
    p.unit("a", "carnuntum", front="interior")
    p.unit("b", "carnuntum", front="interior")
    p.leader("gen2", "jazyges")
    p.unit("c", "jazyges", front="interior")
    g = p.game(at_war=["jazyges"])
    out = g.apply("rome", Command("move", {"leader": "gen", "units": ["a", "b"], "path": ["vindobona", "aquincum"],
                                           "drop": {"vindobona": ["b"]}}))
    assert out.public == ["Gen with A, B moves to Aquincum (2 PM)."]
    st = g.state
    assert [st.units[u].loc for u in ("a", "b")] == ["aquincum", "vindobona"] and st.leaders["gen"].loc == "aquincum"
    assert [st.moved[x] for x in ("gen", "a", "b")] == [{"pm": 2}] * 3
    assert st.entered_from == {"aquincum": ["vindobona"]}
    g.apply("rome", Command("move", {"leader": "gen2", "units": ["c"], "to": "aquincum"}))
    assert g.state.entered_from == {"aquincum": ["vindobona", "jazyges"]}


def test_rebels_go_on_after_a_won_rally_with_the_pm_left() -> None:
    """§4.5 D/: after a won rally the rebels move on with what is left of their 3 PM (2 after
    one step), together with their units that moved with them; the rallied legions, which have
    not moved, go along; beyond 2 PM there is no path, and a unit that moved may not go on alone."""
    g = _rebels_reach_aquincum()
    script(g, 1)
    g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "rome"}))
    assert (e.value.section, e.value.message) == ("§7", "no legal path to Roma within 2 PM")
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"unit": "u_leg", "to": "vindobona"}))
    assert (e.value.section, e.value.message) == ("§3.5", "U Leg has already moved this SMC")
    out = g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg", "l1"], "to": "italia"}))
    assert out.public == ["Usurper with U Leg, L1 moves to Italia (2 PM)."]
    assert g.state.moved["usurper"] == {"pm": 2}
    # the general goes on with L2; L2 has then moved without a continuation and may not follow
    # anyone else this SMC
    g.apply("enemies", Command("move", {"leader": "follower", "units": ["l2"], "to": "vindobona"}))
    g.state.moved["usurper"] = {"pm": 0, "cont": 2}
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "usurper", "units": ["l2"], "to": "vindobona"}))
    assert (e.value.section, e.value.message) == ("§3.5", "L2 has already moved this SMC")


def test_a_force_that_catches_an_enemy_leader_alone_makes_him_escape() -> None:
    """§7 (AMB-55): after a move, a leader of the other side left alone with the moving units
    must escape: the Quadi chief alone in Germania North, reached by Gen's force, rolls and his
    player picks between Germania Far and Quadi."""
    p = Pos()
    p.leader("gen", "quadi")
    p.unit("a", "quadi", front="interior")
    p.leader("chief", "germ_n", "E", people="quadi")
    g = p.game(at_war=["quadi"])
    script(g, 3)
    out = g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "to": "germ_n"}))
    assert out.public == ["Gen with A moves to Germania North (1 PM)."]
    assert [(r.purpose, r.natural) for r in out.rolls] == [("§7 escape of Chief (dies on 9)", 3)]
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("escape", "enemies", "§7")
    assert [c.value for c in d.choices] == ["germ_far", "quadi"]


def test_a_landing_beside_a_lone_enemy_leader_makes_him_escape() -> None:
    """§3.5 with §7: units landed where a leader of the Enemies stands alone catch him: the
    Quadi chief in Cyrene, which has no land neighbour, dies and Rome scores."""
    p = Pos(175)
    p.fleet = True
    p.unit("leg0", "ravenna", front="interior")
    p.leader("chief", "cyrene", "E", people="quadi")
    g = p.game(at_war=["quadi"])
    script(g, 4)
    out = _sail(g, to="mare", units=["leg0"], land="cyrene")
    assert out.public == ["The Ravenna lands Leg0 in Cyrene.", "§7: Chief is dead (caught alone by enemy units).",
                          "§10: 1 VP to rome for the death of Chief."]
    assert g.state.leaders["chief"].status == "dead"


def test_a_legion_cut_off_from_its_front_may_not_wander() -> None:
    """§3.3 (ruling "Units returning to their Front"): a Danube legion in the Orient, where no
    land path leads to the Danube, comes no closer by any step, so it may not move while the
    Danube is not a Reserve Front."""
    p = Pos()
    p.leader("gen", "antiochia")
    p.unit("a", "antiochia")
    g = p.game()
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["emesa"]}))
    assert (e.value.section, e.value.message) == ("§3.3", "A may not leave the Danube Front (not a Reserve Front)")


def test_a_usurper_s_legion_left_without_a_rebel_leader_returns_to_the_emperor() -> None:
    """§4.3: when the usurper's general walks off with one legion, the other, left alone, goes
    back to the emperor, and the players are told."""
    p = Pos()
    p.leader("usurper", "rome", "E", title="usurper")
    p.leader("keeper", "vindobona", "E", follows="usurper", rebel=True)
    p.unit("u1", "vindobona", "E", usurper="usurper")
    p.unit("u2", "vindobona", "E", usurper="usurper")
    p.unit("u_guard", "rome", "E", usurper="usurper")
    g = p.game(active="E")
    out = g.apply("enemies", Command("move", {"leader": "keeper", "units": ["u1"], "to": "aquincum"}))
    assert out.public == ["Keeper with U1 moves to Aquincum (1 PM).",
                          "§4.3: U2, left without a rebel leader, returns to the emperor."]
    assert (g.state.units["u2"].owner, g.state.units["u2"].usurper) == ("R", None)


def test_more_than_2_pm_outside_the_empire_in_germania_is_refused() -> None:
    """§7.2: at most 2 PM a SMC in Germania (limited zones outside the Empire): three zones of
    Germania in one move are refused with the rule's reason."""
    from rules.imperator.model import ZoneDef

    p = Pos()
    p.extra_zones.append(ZoneDef("germ_x", "Germania Beyond", limited=True))
    p.extra_edges.append(("germ_far", "germ_x", 0))
    p.leader("gen", "quadi")
    p.unit("a", "quadi", front="interior")
    g = p.game(at_war=["quadi"])
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["germ_n", "germ_far", "germ_x"]}))
    assert (e.value.section, e.value.message) == (
        "§7.2", "at most 2 PM per SMC in Germania, Britannia or Africa outside the Empire")


def test_a_leader_may_leave_his_last_units_in_the_zone_he_ends_in() -> None:
    """§3.5: dropping every unit in the last zone of the path is no leader going beyond them."""
    p = Pos()
    p.leader("gen", "carnuntum")
    p.unit("a", "carnuntum", front="interior")
    g = p.game()
    out = g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["vindobona"],
                                           "drop": {"vindobona": ["a"]}}))
    assert out.public == ["Gen with A moves to Vindobona (1 PM)."]
    assert (g.state.units["a"].loc, g.state.leaders["gen"].loc) == ("vindobona", "vindobona")


def test_stacking_is_checked_where_units_are_dropped() -> None:
    """§4.2: a Quadi unit dropped in Germania North beside a Parthian unit breaks the Enemies'
    stacking rule there, though the force ends elsewhere."""
    p = Pos()
    p.leader("chief", "quadi", "E", people="quadi")
    p.unit("q", "quadi", "E", people="quadi")
    p.unit("q2", "quadi", "E", people="quadi")
    p.unit("p1", "germ_n", "E", people="parthians")
    g = p.game(active="E", at_war=["quadi", "parthians"])
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "chief", "units": ["q", "q2"], "path": ["germ_n", "germ_far"],
                                            "drop": {"germ_n": ["q2"]}}))
    assert (e.value.section, e.value.message) == (
        "§4.2", "the Enemies of Rome may not stack east + west counters in Germania North")


def test_only_the_fronts_a_move_empties_are_held_to_their_minimum() -> None:
    """§3.3 (AMB-17): a Danube legion of the Reserve Front leaving while the Rhine is already
    short is not refused for the Rhine: only the Fronts the move takes units out of are checked."""
    p = Pos()
    p.leader("gen", "carnuntum")
    p.legions(3, "carnuntum")
    p.legions(2, "italia", front="rhine", prefix="rh")
    g = p.game(reserve_fronts=["danube"])
    out = g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0"], "path": ["noricum"]}))
    assert out.public == ["Gen with Leg0 moves to Noricum (1 PM)."]


def test_a_path_through_an_unknown_zone_is_refused() -> None:
    """§7.1: a path naming a zone that does not exist is refused at that step."""
    g = _column()
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("move", {"leader": "gen", "units": ["a"], "path": ["atlantis"]}))
    assert (e.value.section, e.value.message) == ("§7.1", "unknown zone 'atlantis'")


def test_a_people_s_chief_alone_keeps_his_people_s_limits() -> None:
    """§4.3: a Quadi chief without units still may not enter the home of a People at peace."""
    p = Pos()
    p.leader("chief", "aquincum", "E", people="quadi")
    g = p.game(active="E", at_war=["quadi"])
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "chief", "path": ["jazyges"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "Chief may not enter Jazyges, home of a People at peace")


def test_a_people_with_two_entry_fronts_is_told_both() -> None:
    """§4.3: a People whose band opens two Fronts is refused elsewhere with both named."""
    from rules.imperator.model import PeopleDef

    p = Pos()
    p.leader("king", "jazyges", "E", people="jazyges")
    p.unit("j", "jazyges", "E", people="jazyges")
    g = p.game(active="E", at_war=["jazyges"])
    g.state.board.peoples["jazyges"] = PeopleDef("jazyges", "Jazyges", "sarmatian", True, "west", "danube",
                                                 fronts=("danube", "rhine"))
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "king", "units": ["j"], "path": ["italia"]}))
    assert (e.value.section, e.value.message) == ("§4.3", "J may enter the Empire only through the Danube Front / Rhine Front")


def test_rebels_who_spent_their_3_pm_have_none_left_after_a_rally() -> None:
    """§4.5 D/: what is left to the rebels after a won rally is their 3 PM less those spent,
    never below 0: a usurper who walked 3 PM to Aquincum goes no further."""
    p = Pos()
    p.leader("usurper", "noricum", "E", title="usurper", cp=3, cc=4)
    p.unit("u_leg", "noricum", "E", usurper="usurper", front="rhine")
    p.unit("l1", "aquincum")
    p.legions(4, "raetia", prefix="c", front="rhine")
    g = p.game(active="E")
    g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"],
                                        "path": ["carnuntum", "vindobona", "aquincum"]}))
    script(g, 1)
    g.apply("enemies", Command("rally", {"zone": "aquincum"}))
    assert g.state.moved["usurper"] == {"pm": 3, "cont": 0}
    with pytest.raises(RuleError) as e:
        g.apply("enemies", Command("move", {"leader": "usurper", "units": ["u_leg"], "to": "vindobona"}))
    assert (e.value.section, e.value.message) == ("§7.1", "the move costs 1 PM; only 0 available")


@pytest.mark.parametrize(("role", "order"), [("M", ["Gen", "Chief"]), ("R", ["Gen", "Chief"]), ("E", ["Chief", "Gen"])])
def test_leaders_left_alone_beside_mutineers_all_escape_the_mover_s_side_first(role: str, order: list[str]) -> None:
    """§7 with AMB-43 and AMB-55: after a move or retreat into a zone held by mutineers (hostile to
    both sides), every leader there without units of his side must escape: both players' when the
    mutineers themselves moved, the moving side's first otherwise (``after_move`` is the check
    combat runs after retreats too)."""
    p = Pos()
    p.leader("gen", "carnuntum")
    p.leader("chief", "carnuntum", "E", people="quadi")
    p.unit("m", "carnuntum", "M", front="interior")
    g = p.game(at_war=["quadi"])
    st = g.state
    st.units["m"].mutineer_of, st.units["m"].mutiny = "R", "rebel"
    script(g, 3, 4)
    out = Outcome()
    movement.after_move(st, out, role, ["carnuntum"])
    assert [r.purpose for r in st.dice.rolls] == [f"§7 escape of {x} (dies on 9)" for x in order]


# -- session 11: the survivors of the re-measure (docs/development.md, "movement.py, session 11") --

def test_after_a_move_the_markers_follow_strike_and_leave_each_with_its_line() -> None:
    """§6.3 and §6.2 with ruling AMB-78: after every move or retreat (``after_move``, which combat
    runs after retreats too) the Mutinerie marker follows its units, the plague strikes what
    entered an infested zone, and an Intrigue au Sénat whose condition now holds leaves the map,
    each told on the public log in that order."""
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.unit("mut", "italia", "M")
    p.unit("leg", "noricum")
    p.rules["stratagems"] = True
    p.kw["chits_on_map"] = {"mutinerie#1": "vindobona", "intrigue_au_senat#1": "rome"}
    p.kw["map_chit_side"] = {"mutinerie#1": "E", "intrigue_au_senat#1": "E"}
    st = p.state()
    st.units["mut"].mutiny, st.units["mut"].mutineer_of = "mutinerie#1", "R"
    st.plague = {"noricum": "centre"}
    out = Outcome()
    movement.after_move(st, out, "R", ["noricum"])
    assert out.public == ["§6.3: the Mutinerie marker follows its units to Italia.",
                          "§6.3: the plague strikes Noricum.",
                          "§6.3: Leg turns to its reduced side.",  # AMB-97: each counter struck has its line
                          "§6: the Intrigue au Sénat marker leaves the map and goes back to the cup."]
    assert (st.chits_on_map, st.plague_hit, st.units["leg"].reduced) == ({"mutinerie#1": "italia"}, ["leg@noricum"], True)
