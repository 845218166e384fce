"""§4.5 (where a usurper and his target stand; when a usurpation succeeds or fails) and §9.2
(adjustments and successions at sea and in phase F), re-read sentence by sentence in the French
rules; each test names the sentence it checks (docs/rules-trace.md lists the sentences already
pinned elsewhere; docs/rulings.md, "§4.5 and §9.2 sentence by sentence")."""

from __future__ import annotations

from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.imperator import adjust, engine, politics, stratagems


def _answer_defaults(st: object, out: Outcome) -> None:
    while st.pending:  # type: ignore[attr-defined]
        d = st.pending[0]  # type: ignore[attr-defined]
        engine.decide(st, out, d["role"], d["id"], d["default"])  # type: ignore[arg-type]


# -- §4.5 Validation ---------------------------------------------------------------------------------
def test_s4_5_validation_death_rome_names_first_anywhere_then_the_enemies_pick_in_a_front() -> None:
    """§4.5 validation, first case: the Augustus dies with no other Augustus nor Caesar: Rome
    names the new Augustus first, wherever he stands (an interior province included); then the
    Enemies pick a general standing in a Front, never in an interior province, and his usurpation
    is validated without a roll."""
    p = Pos(175)
    p.leader("emperor", "vindobona", title="augustus")
    p.leader("inner", "italia").leader("danube_gen", "aquincum").leader("east_gen", "antiochia")
    g = p.game(phase="E")
    politics.kill_leader(g.state, Outcome(), "emperor", "natural death")
    first = g.pending_decision()
    assert first is not None and (first.kind, first.seat) == ("successor", "rome")
    assert sorted(c.value for c in first.choices) == ["danube_gen", "east_gen", "inner"]
    g.apply("rome", Command("decide", {"id": first.id, "choice": "inner"}))
    assert g.state.leaders["inner"].title == "augustus"
    second = g.pending_decision()
    assert second is not None and (second.kind, second.seat, second.section) == ("usurper", "enemies", "§4.5")
    assert sorted(c.value for c in second.choices) == ["danube_gen", "east_gen"]
    rolls = len(g.state.dice.rolls)
    g.apply("enemies", Command("decide", {"id": second.id, "choice": "east_gen"}))
    st = g.state
    assert (st.leaders["east_gen"].title, st.leaders["east_gen"].owner, st.civil_war) == ("usurper", "E", True)
    assert len(st.dice.rolls) == rolls  # automatically validated: no die


def test_s4_5_validation_death_no_augustus_bar_on_the_front() -> None:
    """§4.5 validation, first case: unlike a chit, the death case puts no "no Augustus in that
    Front" condition: a general next to the new Augustus in the Danube Front may claim."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("heir_to_be", "vindobona").leader("neighbour", "aquincum")
    g = p.game(phase="E")
    politics.kill_leader(g.state, Outcome(), "emperor", "natural death")
    first = g.pending_decision()
    assert first is not None
    g.apply("rome", Command("decide", {"id": first.id, "choice": "heir_to_be"}))
    second = g.pending_decision()
    assert second is not None and (second.kind, second.seat) == ("usurper", "enemies")
    assert [c.value for c in second.choices] == ["neighbour"]


def test_s4_5_validation_chit_needs_a_front_with_no_augustus() -> None:
    """§4.5 validation, second case: a chit's usurper stands in a Front (not an interior
    province) where no Augustus stands; an Augustus elsewhere does not bar him."""
    p = Pos(175)
    p.leader("emperor", "carnuntum", title="augustus")
    p.leader("beside_augustus", "vindobona").leader("interior", "italia").leader("east", "antiochia")
    st = p.state(phase="C", active="E")
    st.rules["stratagems"] = True
    assert stratagems.usurpation_targets(st, "usurpation") == ["east"]
    st.leaders["emperor"].loc = "rome"
    assert stratagems.usurpation_targets(st, "usurpation") == ["beside_augustus", "east"]


def test_s4_5_a_failed_validation_leaves_the_general_with_rome_and_his_title() -> None:
    """§4.5: a usurpation not validated is as if never declared: the Caesar stays Rome's, keeps
    his title, and no civil war starts (ruling: "rentre dans le rang" takes nothing away)."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus", cp=4)
    p.leader("heir", "antiochia", title="caesar", cp=3)
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation_d_un_caesar#90"]}
    script(g, 4)  # 4 > CP 3: not validated
    out = g.apply("enemies", Command("usurp", {"leader": "heir"}))
    st = g.state
    assert (st.leaders["heir"].title, st.leaders["heir"].owner, st.leaders["heir"].rebel) == ("caesar", "R", False)
    assert not st.civil_war and st.usurpers() == []
    assert any("stays loyal" in line for line in out.public)


def test_s4_5_validated_the_caesar_marker_gives_way_to_the_usurper_marker() -> None:
    """§4.5: once validated, the leader turns rebel and his Caesar title becomes Usurper."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus", cp=4)
    p.leader("heir", "antiochia", title="caesar", cp=3)
    p.rules["stratagems"] = True
    g = p.game(phase="C", active="E")
    g.state.hands = {"rome": [], "enemies": ["usurpation_d_un_caesar#90"]}
    script(g, 3)
    g.apply("enemies", Command("usurp", {"leader": "heir"}))
    st = g.state
    assert (st.leaders["heir"].title, st.leaders["heir"].owner, st.leaders["heir"].rebel) == ("usurper", "E", True)
    assert st.caesars() == []


# -- §4.5 Réussite -------------------------------------------------------------------------------------
def _rebels_in_rome(p: Pos, *, leader: str = "usurper", unit: bool = True) -> Pos:
    p.leader("emperor", "antiochia", title="augustus")
    p.leader("usurper", "rome" if leader == "usurper" else "raetia", "E", title="usurper")
    if leader == "general":
        p.leader("general", "rome", "E", rebel=True, follows="usurper")
    if unit:
        p.unit("rebel_leg", "rome", "E", front="interior", usurper="usurper")
    p.unit("guard_east", "antiochia", front="orient")
    return p


def test_s4_5_success_a_a_rebel_leader_and_unit_in_rome_in_phase_f() -> None:
    """§4.5 success A/: in phase F a Roman leader of the Enemies and a Roman unit of theirs hold
    Rome's zone: the usurpation succeeds."""
    st = _rebels_in_rome(Pos(175)).state(phase="E", sub="combat")
    adjust.positional_vp(st, Outcome())  # phase F, before the adjustments
    assert st.usurpation_success == "usurper"


def test_s4_5_success_a_any_rebel_roman_leader_will_do() -> None:
    """§4.5 success A/ names "un chef romain", not the usurper himself: his general will do."""
    st = _rebels_in_rome(Pos(175), leader="general").state(phase="E", sub="combat")
    adjust.positional_vp(st, Outcome())  # phase F, before the adjustments
    assert st.usurpation_success == "usurper"


def test_s4_5_success_a_needs_a_unit_with_the_leader() -> None:
    """§4.5 success A/: a rebel leader alone in Rome (no combat unit) is not enough."""
    st = _rebels_in_rome(Pos(175), unit=False).state(phase="E", sub="combat")
    adjust.positional_vp(st, Outcome())
    assert st.usurpation_success is None


def test_s4_5_success_a_barbarians_in_rome_are_not_a_usurpation() -> None:
    """§4.5 success A/ asks for Roman pieces: a People's leader and units in Rome do not count."""
    p = Pos(175)
    p.leader("emperor", "antiochia", title="augustus")
    p.leader("usurper", "raetia", "E", title="usurper")
    p.leader("king", "rome", "E", people="quadi")
    p.unit("q1", "rome", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    st = p.state(phase="E", sub="combat")
    adjust.positional_vp(st, Outcome())
    assert st.usurpation_success is None


def test_s4_5_success_roles_change_in_phase_a_of_the_next_year() -> None:
    """§4.5: after a success the players change sides in phase A of the following year, not
    before: the usurper is still a usurper at the end of phase F, and Augustus in phase A."""
    st = _rebels_in_rome(Pos(175)).state(phase="E", sub="combat")
    out = Outcome()
    adjust.positional_vp(st, out)  # the phase F check of A/
    assert (st.usurpation_success, st.leaders["usurper"].title, st.year) == ("usurper", "usurper", 175)
    engine.phase_f(st, out)  # the rest of phase F, then phase A of 176
    _answer_defaults(st, out)
    assert st.year == 176
    assert st.leaders["usurper"].title == "augustus" and st.leaders["emperor"].status == "dead"
    assert st.usurpation_success is None


def test_s4_5_success_b_an_augustus_whose_force_is_destroyed_was_defeated() -> None:
    """§4.5 success B/: an Augustus beaten in a battle he fights in, his force destroyed (E) and
    he with it: the usurpation succeeds, and no succession is opened for Rome (AMB-28)."""
    p = Pos(175)
    p.leader("aug", "vindobona", title="augustus")
    p.leader("heir", "rome", title="caesar")
    p.unit("a1", "vindobona", pf=2)
    p.leader("usurper", "vindobona", "E", title="usurper")
    p.legions(4, "vindobona", owner="E", usurper="usurper", prefix="u")
    p.legions(3, "aquincum", prefix="keep")
    g = p.game(active="E", sub="combat", event=3)
    script(g, 6)  # 40 PF against 2: the defender's force is destroyed
    g.apply("enemies", Command("attack", {"zone": "vindobona"}))
    dec = g.pending_decision()
    if dec is not None and dec.kind == "evade":
        g.apply("rome", Command("decide", {"id": dec.id, "choice": "fight"}))
    st = g.state
    assert st.leaders["aug"].status == "dead"
    assert st.usurpation_success == "usurper"
    assert st.leaders["heir"].title == "caesar"  # not promoted: the usurpation has succeeded


def test_s4_5_success_c_assassination_during_a_civil_war() -> None:
    """§4.5 success C/: the Augustus assassinated while a civil war goes on: success."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus").leader("heir", "raetia", title="caesar")
    p.leader("usurper", "antiochia", "E", title="usurper")
    st = p.state()
    politics.kill_leaders(st, Outcome(), ["emperor"], "assassination", killer="E", section="§6.2")
    assert st.usurpation_success == "usurper" and st.leaders["heir"].title == "caesar"


def test_s4_5_success_c_needs_a_civil_war() -> None:
    """§4.5 success C/: without a usurper an assassination is an ordinary death (succession)."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus").leader("heir", "raetia", title="caesar")
    st = p.state()
    politics.kill_leaders(st, Outcome(), ["emperor"], "assassination", killer="E", section="§6.2")
    assert st.usurpation_success is None and st.augusti() == ["heir"]


def test_s4_5_note_two_augusti_both_must_be_assassinated() -> None:
    """§4.5 note: with two lawful Augusti, C/ needs both assassinated: the first murder leaves
    the other reigning alone; the second makes the usurpation succeed."""
    p = Pos(175)
    p.leader("a1", "rome", title="augustus").leader("a2", "raetia", title="augustus")
    p.leader("usurper", "antiochia", "E", title="usurper")
    st = p.state()
    politics.kill_leaders(st, Outcome(), ["a1"], "assassination", killer="E", section="§6.2")
    assert st.usurpation_success is None and st.augusti() == ["a2"]
    politics.kill_leaders(st, Outcome(), ["a2"], "assassination", killer="E", section="§6.2")
    assert st.usurpation_success == "usurper"


def test_s4_5_double_the_usurper_not_crowned_returns_to_the_ranks_with_his_units() -> None:
    """§4.5 double usurpation: the usurper of higher CP becomes Augustus; the other loses his
    marker and serves the new Augustus, with all his units."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("strong", "antiochia", "E", title="usurper", cp=5)
    p.leader("weak", "vindobona", "E", title="usurper", cp=2)
    p.unit("weak_leg", "vindobona", "E", usurper="weak")
    st = p.state()
    out = Outcome()
    politics.usurpation_succeeds(st, out, "§4.5 (success C/)")
    assert st.usurpation_success == "strong" and st.pending == []
    politics.role_swap(st, out)
    assert st.leaders["strong"].title == "augustus"
    assert (st.leaders["weak"].title, st.leaders["weak"].owner) == (None, "R")
    assert st.units["weak_leg"].owner == "R"


# -- §9.2.1 and §9.2.2: at sea and in phase F ---------------------------------------------------------
def _at_sea(p: Pos, *aboard_leaders: str, aboard_units: tuple[str, ...] = ()) -> object:
    st = p.state(phase="F")
    st.fleets["ravenna"].at = "mare"
    for lid in aboard_leaders:
        st.leaders[lid].fleet, st.leaders[lid].loc = "ravenna", None
    for uid in aboard_units:
        st.units[uid].fleet, st.units[uid].loc = "ravenna", None
    return st


def test_s9_2_1_units_aboard_return_at_once_leaders_aboard_die() -> None:
    """§9.2.1: a fleet still at sea in phase F is lost; the units aboard come back at once by
    §9.2.2 (eliminated Roman units: their camp, normal side), the leaders aboard die for good."""
    p = Pos(178)
    p.fleet = True
    p.leader("admiral", "ravenna").leader("emperor", "rome", title="augustus")
    p.unit("leg", "ravenna", front="danube", home="vindobona", reduced=True)
    st = _at_sea(p, "admiral", aboard_units=("leg",))
    out = Outcome()
    adjust.adjustments(st, out)  # type: ignore[arg-type]
    _answer_defaults(st, out)
    assert st.leaders["admiral"].status == "dead"  # type: ignore[attr-defined]
    leg = st.units["leg"]  # type: ignore[attr-defined]
    assert (leg.status, leg.loc, leg.reduced) == ("map", "vindobona", False)
    assert st.fleets["ravenna"].back_year == 184  # type: ignore[attr-defined]


def test_s9_2_1_a_usurper_lost_at_sea_ends_his_usurpation() -> None:
    """§9.2.1 with §4.5 (échec): the usurper drowns with the fleet: his usurpation fails, his
    general and units return to the emperor, and his legion aboard comes back to Rome's side
    in its camp (§9.2.2)."""
    p = Pos(175)
    p.fleet = True
    p.leader("emperor", "rome", title="augustus")
    p.leader("usurper", "ravenna", "E", title="usurper")
    p.leader("general", "antiochia", "E", rebel=True, follows="usurper")
    p.unit("g_leg", "antiochia", "E", front="orient", usurper="usurper")
    p.unit("u_leg", "ravenna", "E", front="danube", home="vindobona", usurper="usurper")
    st = _at_sea(p, "usurper", aboard_units=("u_leg",))
    out = Outcome()
    adjust.adjustments(st, out)  # type: ignore[arg-type]
    _answer_defaults(st, out)
    assert st.leaders["usurper"].status == "dead" and not st.civil_war  # type: ignore[attr-defined]
    assert (st.leaders["general"].owner, st.units["g_leg"].owner) == ("R", "R")  # type: ignore[attr-defined]
    u = st.units["u_leg"]  # type: ignore[attr-defined]
    assert (u.status, u.owner, u.loc) == ("map", "R", "vindobona")


def test_s9_2_1_an_augustus_and_his_caesar_lost_at_sea_together() -> None:
    """§9.2.1 with AMB-31: an Augustus and his only Caesar drown together: the Caesar inherits
    nothing, Rome names a general (§3.6 4/)."""
    p = Pos(175)
    p.fleet = True
    p.leader("emperor", "ravenna", title="augustus").leader("heir", "ravenna", title="caesar")
    p.leader("general", "vindobona")
    st = _at_sea(p, "emperor", "heir")
    adjust.adjustments(st, Outcome())  # type: ignore[arg-type]
    assert st.leaders["emperor"].status == st.leaders["heir"].status == "dead"  # type: ignore[attr-defined]
    assert st.pending[0]["kind"] == "successor"  # type: ignore[attr-defined]
    assert [c[0] for c in st.pending[0]["choices"]] == ["general"]  # type: ignore[attr-defined]


def test_s9_2_2_an_augustus_alone_outside_the_empire_dies_and_is_succeeded() -> None:
    """§9.2.2: a Roman player's leader alone outside the Empire in phase F is eliminated; an
    Augustus so lost is succeeded by his Caesar (§3.6)."""
    p = Pos(175)
    p.leader("emperor", "germ_n", title="augustus").leader("heir", "rome", title="caesar")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert st.leaders["emperor"].status == "dead" and st.augusti() == ["heir"]


def test_s9_2_2_the_enemies_roman_pieces_stay_put() -> None:
    """§9.2.2: the usurper, his generals and their units stay where they are, even outside
    their Front; a unit in a zone with no city, port or camp turns reduced."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("usurper", "cyrrhus", "E", title="usurper")
    p.unit("u1", "cyrrhus", "E", front="danube", home="vindobona", usurper="usurper")
    p.unit("u2", "emesa", "E", front="danube", home="vindobona", usurper="usurper", reduced=True)
    p.leader("gen", "emesa", "E", rebel=True, follows="usurper")
    st = p.state(phase="F")
    adjust.adjustments(st, Outcome())
    assert (st.units["u1"].loc, st.units["u1"].reduced) == ("cyrrhus", True)
    assert (st.units["u2"].loc, st.units["u2"].reduced) == ("emesa", False)  # a camp: back to normal
    assert st.leaders["usurper"].loc == "cyrrhus" and st.leaders["gen"].loc == "emesa"


def test_s4_5_augustus_chit_target_stands_in_a_front_without_the_other_augustus() -> None:
    """§4.5 validation (second case) with §6.2 Usurpation d'un Augustus: the weaker Augustus
    claims only from a Front (not an interior province) where the other Augustus is not."""
    p = Pos(175)
    p.leader("weak", "italia", title="augustus", cp=2).leader("strong", "rome", title="augustus", cp=4)
    st = p.state(phase="C", active="E")
    assert stratagems.usurpation_targets(st, "usurpation_d_un_augustus") == []  # interior
    st.leaders["weak"].loc, st.leaders["strong"].loc = "vindobona", "aquincum"
    assert stratagems.usurpation_targets(st, "usurpation_d_un_augustus") == []  # same Front
    st.leaders["strong"].loc = "antiochia"
    assert stratagems.usurpation_targets(st, "usurpation_d_un_augustus") == ["weak"]
