"""Conformance tests for chapter 6 (stratagems): catalogue cases of section E not covered at the
table level, plus the cup, the hidden hands and the decision windows (docs/rulings.md,
"Stratagem windows")."""

from __future__ import annotations

from collections import deque

import pytest
from imperator_builder import Pos, script

from rules.core.command import Command, Outcome
from rules.core.errors import NotYetSupported, RuleError
from rules.imperator import engine, politics, stratagems
from rules.imperator.game import ImperatorGame
from rules.imperator.model import PeopleDef, ZoneDef


def give(g: ImperatorGame, seat: str, *types: str) -> None:
    st = g.state
    st.rules["stratagems"] = True
    for seat_ in st.roles:
        st.hands.setdefault(seat_, [])
    for i, t in enumerate(types):
        st.hands[seat].append(f"{t}#{90 + i}")


def play(g: ImperatorGame, seat: str, **args: object) -> Outcome:
    return g.apply(seat, Command("stratagem", dict(args)))


def refused(g: ImperatorGame, seat: str, *, section: str, **args: object) -> RuleError:
    """The stratagem is refused, citing ``section`` (a refusal for another rule fails the test)."""
    with pytest.raises(RuleError) as e:
        play(g, seat, **args)
    assert e.value.section == section, (e.value.section, str(e.value))
    return e.value


def peoples_pos(year: int = 205) -> Pos:
    p = Pos(year)
    p.leader("emperor", "rome", title="augustus", cp=4, vs=3)
    p.extra_zones.append(ZoneDef("roxo", "Roxolania", peoples=("roxolani",)))
    p.extra_zones.append(ZoneDef("frisia", "Frisia", peoples=("frisii",)))
    p.extra_edges.append(("roxo", "jazyges", 0))
    p.extra_edges.append(("frisia", "germ_far", 0))
    return p


def add_peoples(g: ImperatorGame) -> None:
    st = g.state
    extra = {
        "roxolani": PeopleDef("roxolani", "Roxolani", "sarmatian", False, "west", "danube"),
        "frisii": PeopleDef("frisii", "Frisii", "german", False, "west", "rhine"),
    }
    object.__setattr__(st.board, "peoples", {**st.board.peoples, **extra})


# --------------------------------------------------------------------------------------------
# E. Stratagems
# --------------------------------------------------------------------------------------------


def test_IMP_122_pacification_of_a_nationality() -> None:
    p = peoples_pos()
    p.unit("q1", "quadi", "E", people="quadi").unit("f1", "frisia", "E", people="frisii")
    p.unit("j1", "jazyges", "E", people="jazyges")
    g = p.game(phase="E", active="R", at_war=["quadi", "frisii", "jazyges"])
    add_peoples(g)
    give(g, "rome", "pacification_d_une_nationalite")
    play(g, "rome", id="pacification_d_une_nationalite", nationality="german")
    st = g.state
    assert st.at_war == ["jazyges"]
    assert st.units["q1"].loc == "quadi" and st.units["f1"].status == "out"  # major home, minor out
    assert st.locked == {} and st.vp == {"rome": 0, "enemies": 0}  # no lockout, no VP (9.2.4)
    # one People only is allowed too
    g2 = p.game(phase="E", active="R", at_war=["quadi", "jazyges"])
    give(g2, "rome", "pacification_d_une_nationalite")
    play(g2, "rome", id="pacification_d_une_nationalite", peoples=["jazyges"])
    assert g2.state.at_war == ["quadi"]


def _civil_battle() -> ImperatorGame:
    p = Pos(175)
    p.leader("emperor", "vindobona", title="augustus", cp=4, vs=3)
    p.leader("usurper", "carnuntum", "E", title="usurper", cp=4, vs=3)
    p.legions(2, "carnuntum", owner="E", prefix="reb", usurper="usurper")
    p.legions(2, "vindobona", prefix="loy")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "rome", "roma_victor")
    return g


def test_furor_germanicus_refused_in_a_battle_without_germans() -> None:
    """§6.2 Furor Germanicus needs a unit of a Germanic People in the battle: named in the window
    of a civil-war battle (Roman units only), it is refused citing §6.2, not the window's §6."""
    g = _civil_battle()
    give(g, "enemies", "furor_germanicus")
    g.apply("rome", Command("move", {"leader": "emperor", "units": ["loy0", "loy1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    d = g.pending_decision()
    if d is not None and d.kind == "evade":
        g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
        d = g.pending_decision()
    assert d is not None and (d.kind, d.seat) == ("bstrat", "enemies")
    with pytest.raises(RuleError) as refusal:
        g.apply("enemies", Command("decide", {"id": d.id, "choice": "furor_germanicus"}))
    assert refusal.value.section == "§6.2"
    assert "Furor Germanicus may not be played in this battle now" in refusal.value.message


def test_IMP_127_roma_victor_not_against_a_usurper() -> None:
    g = _civil_battle()
    g.apply("rome", Command("move", {"leader": "emperor", "units": ["loy0", "loy1"], "to": "carnuntum"}))
    g.apply("rome", Command("end"))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    d = g.pending_decision()
    if d is not None and d.kind == "evade":
        g.apply("enemies", Command("decide", {"id": d.id, "choice": "fight"}))
        d = g.pending_decision()
    assert d is not None and d.kind == "bstrat" and d.seat == "enemies"
    g.apply("enemies", Command("decide", {"id": d.id, "choice": "pass"}))
    d = g.pending_decision()
    assert d is not None and d.kind == "bstrat" and d.seat == "rome"
    assert [c.value for c in d.choices] == ["pass"]  # Roma Victor is not offered
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("decide", {"id": d.id, "choice": "roma_victor"}))
    assert refusal.value.section == "§6.1"  # Roma Victor's own paragraph
    assert "usurper" in refusal.value.message


def test_IMP_131_soulevement_only_in_phase_c() -> None:
    p = peoples_pos()
    g = p.game(phase="E", active="E", sub="move")
    give(g, "enemies", "soulevement_d_un_peuple_majeur")
    err = refused(g, "enemies", id="soulevement_d_un_peuple_majeur", peoples=["quadi"], section="§6.2; §4.4")
    assert "phase C" in err.message
    g2 = p.game(phase="C", active="E")
    give(g2, "enemies", "soulevement_d_un_peuple_majeur")
    play(g2, "enemies", id="soulevement_d_un_peuple_majeur", peoples=["quadi"])
    assert "quadi" in g2.state.at_war


def test_IMP_132_no_soulevement_during_a_lockout() -> None:
    p = peoples_pos(205)
    p.unit("r1", None, "E", people="roxolani", status="locked")
    g = p.game(phase="C", active="E", locked={"roxolani": 208})
    add_peoples(g)
    g.state.units["r1"].back_year = 208
    give(g, "enemies", "soulevement_d_un_peuple_mineur")
    assert "9.2.4" in refused(g, "enemies", id="soulevement_d_un_peuple_mineur", peoples=["roxolani"], section="§6.2").message
    g.state.year = 208
    play(g, "enemies", id="soulevement_d_un_peuple_mineur", peoples=["roxolani"])
    assert "roxolani" in g.state.at_war
    assert g.state.units["r1"].status == "map" and g.state.units["r1"].loc == "roxo"


def test_IMP_135_foyer_de_peste() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("a", "vindobona").leader("b", "vindobona")
    p.legions(2, "vindobona", prefix="n")
    p.unit("r", "vindobona", reduced=True)
    p.legions(1, "italia", prefix="late")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "enemies", "foyer_de_peste")
    script(g, 9, 3)  # leader a dies on 9, b survives
    play(g, "enemies", id="foyer_de_peste", zone="vindobona")
    st = g.state
    assert st.units["n0"].reduced and st.units["n1"].reduced
    assert st.units["r"].status != "map"
    assert st.leaders["a"].status == "dead" and st.leaders["b"].status == "map"
    # a unit entering later this phase suffers the same
    g.apply("rome", Command("move", {"unit": "late0", "to": "vindobona"}))
    assert st is not g.state and g.state.units["late0"].reduced
    # the marker goes at the end of phase E
    engine.phase_f(g.state, Outcome())
    assert g.state.plague == {} and not any(c.startswith("foyer") for c in g.state.chits_on_map)


def test_IMP_136_epidemie_de_peste() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.legions(1, "vindobona", prefix="c")
    p.unit("n", "aquincum").unit("r", "aquincum", reduced=True)
    p.leader("gen", "aquincum")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "enemies", "epidemie_de_peste")
    script(g, 9)  # the leader in the adjacent zone tests as in the centre and dies on 9
    play(g, "enemies", id="epidemie_de_peste", zone="vindobona")
    st = g.state
    assert st.units["c0"].reduced
    assert st.units["n"].reduced
    assert st.units["r"].status == "map" and st.units["r"].reduced  # stays reduced, not eliminated
    assert st.leaders["gen"].status == "dead"


def test_IMP_138_mutinerie() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.legions(2, "vindobona", prefix="m")
    p.leader("gen", "carnuntum")
    p.legions(2, "carnuntum", prefix="led")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "enemies", "mutinerie", "mutinerie")
    assert "may not be placed" in refused(g, "enemies", id="mutinerie", zone="carnuntum", section="§6.3").message  # a leader is there
    play(g, "enemies", id="mutinerie", zone="vindobona")
    st = g.state
    assert st.units["m0"].mutiny and st.units["m0"].mutineer_of == "R"
    with pytest.raises(RuleError) as refusal:
        g.apply("rome", Command("move", {"unit": "m0", "to": "aquincum"}))
    assert refusal.value.section == "§6.3"
    # Rome must fight them: the zone is contested for Rome's units moving in
    g.apply("rome", Command("move", {"leader": "gen", "units": ["led0", "led1"], "to": "vindobona"}))
    from rules.imperator import combat

    assert "vindobona" in combat.contested(g.state, "R")
    # -2 VP in phase F per marker
    st = g.state
    stratagems.phase_f_vp(st, Outcome())
    assert st.vp["rome"] == -2


def _mutiny_game() -> ImperatorGame:
    """Two Roman legions in mutiny in Carnuntum (placed by the Enemies of Rome), a Quadi war
    band with its chief next door, the Enemies to move."""
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.legions(2, "carnuntum", prefix="m")
    p.leader("chief", "quadi", "E", people="quadi", vs=1)
    p.unit("q0", "quadi", "E", people="quadi")
    p.unit("q1", "quadi", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(phase="E", active="E", sub="move")
    give(g, "enemies", "mutinerie")
    play(g, "enemies", id="mutinerie", zone="carnuntum")
    g.state.rules["stratagems"] = False  # no battle windows: the battle is rolled at once
    return g


def test_IMP_138_mutineers_hostile_to_the_side_that_raised_them() -> None:
    """AMB-43: the placing side's stack entering the mutineers' zone stops there and must fight
    them; the mutineers are nobody's friends."""
    g = _mutiny_game()
    st = g.state
    assert st.units["m0"].owner == "M" and st.units["m0"].mutineer_of == "R"
    assert st.units_in("carnuntum", "R") == [] and st.units_in("carnuntum", "E") == []
    assert sorted(st.hostile_units("carnuntum", "R")) == ["m0", "m1"] == sorted(st.hostile_units("carnuntum", "E"))
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1"], "to": "carnuntum"}))
    from rules.imperator import combat

    assert combat.contested(g.state, "E") == ["carnuntum"]
    with pytest.raises(RuleError) as refusal:  # stopped: the stack may not walk on through their zone
        g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1"], "to": "vindobona"}))
    assert refusal.value.section == "§3.5"


def test_IMP_138_placing_side_decides_for_the_mutineers() -> None:
    """AMB-43: beaten mutineers retreat where the side that placed the marker says, and stay in
    mutiny (the marker follows them)."""
    g = _mutiny_game()
    g.apply("enemies", Command("move", {"leader": "chief", "units": ["q0", "q1"], "to": "carnuntum"}))
    g.apply("enemies", Command("end", {}))
    script(g, 6)  # a high roll: the attacker wins
    g.apply("enemies", Command("attack", {"zone": "carnuntum"}))
    dec = g.pending_decision()
    while dec is not None and dec.kind == "losses":
        assert dec.seat == "enemies"
        g.apply(dec.seat, Command("decide", {"id": dec.id, "choice": dec.choices[0].value}))
        dec = g.pending_decision()
    st = g.state
    left = [u for u in ("m0", "m1") if st.units[u].status == "map"]
    assert left and all(st.units[u].loc == "carnuntum" for u in left)
    assert dec is not None and dec.kind == "retreat" and dec.seat == "enemies"
    dest = dec.choices[0].value
    g.apply("enemies", Command("decide", {"id": dec.id, "choice": dest}))
    st = g.state
    assert all(st.units[u].loc == dest and st.units[u].owner == "M" for u in left)
    assert st.chits_on_map and dest in st.chits_on_map.values()


def test_IMP_138_beaten_mutineers_eliminated_marker_leaves() -> None:
    """§6.3: they stay in mutiny until eliminated; then the unit is its owner's again (it comes
    back through the usual adjustments) and the marker leaves the map."""
    g = _mutiny_game()
    st = g.state
    from rules.imperator import combat

    for u in ("m0", "m1"):
        combat.eliminate(st, u, Outcome())
    assert all(st.units[u].owner == "R" and st.units[u].mutiny is None for u in ("m0", "m1"))
    assert not any(c.startswith("mutinerie") for c in st.chits_on_map)


def test_IMP_139_desertion() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.legions(2, "vindobona", prefix="n")
    p.unit("r", "vindobona", reduced=True)
    p.unit("q", "quadi", "E", people="quadi")
    g = p.game(phase="E", active="R", sub="move", at_war=["quadi"])
    give(g, "enemies", "desertion")
    play(g, "enemies", id="desertion", zone="vindobona")
    st = g.state
    assert st.units["n0"].reduced and st.units["n1"].reduced and st.units["r"].status == "eliminated"
    # against the EoR, only Parthian or usurper-Roman units (D-18)
    give(g, "rome", "desertion")
    assert "may not be played" in refused(g, "rome", id="desertion", zone="quadi", section="§6.3").message


# --------------------------------------------------------------------------------------------
# The cup, hands and windows
# --------------------------------------------------------------------------------------------


def test_draw_is_hidden_and_a_commit_point() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "hands", {})
    st = g.state
    assert sum(len(h) for h in st.hands.values()) == 2
    pub = g.public_view()
    assert "hand" not in pub and pub["stratagem_counts"] == {"R": 1, "E": 1}
    for seat in ("rome", "enemies"):
        view = g.seat_view(seat)
        assert [c["id"] for c in view["hand"]] == st.hands[seat]
        other = "enemies" if seat == "rome" else "rome"
        assert st.hands[other][0] not in str(view["hand"])
    assert not any("#" in line for line in st.history)


def test_initiative_window_offered_whatever_the_hand() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "initiative", {})
    d = g.pending_decision()
    assert d is not None and d.kind == "initiative"
    seat = d.seat
    held = any(c.startswith("initiative") and stratagems.usable(g.state, seat, c) for c in g.state.hands[seat])
    assert [c.value for c in d.choices] == (["pass", "initiative"] if held else ["pass"])
    g.apply(seat, Command("decide", {"id": d.id, "choice": "pass"}))
    assert (g.state.year, g.state.phase) == (161, "C")  # the turn goes on past phase B


def test_initiative_chit_reverses_the_roll() -> None:
    g = ImperatorGame.new("campaign", ["rome", "enemies"], "initiative", {})
    d = g.pending_decision()
    assert d is not None
    st = g.state
    st.hands[d.seat].append("initiative#77")
    st.pending[0]["choices"].append(["initiative", "play"])
    winner_before = st.initiative
    g.apply(d.seat, Command("decide", {"id": d.id, "choice": "initiative"}))
    assert g.state.initiative != winner_before
    assert "initiative#77" in g.state.cup


def test_other_sides_chits_return_in_phase_f() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    g = p.game(phase="E", active="R")
    give(g, "rome", "furor_germanicus", "roma_victor")
    stratagems.return_unusable(g.state, Outcome())
    assert g.state.hands["rome"] == ["roma_victor#91"] and "furor_germanicus#90" in g.state.cup


def test_assassination_out_of_turn_in_phase_e() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("usurper", "carnuntum", "E", title="usurper")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "enemies", "assassinat")
    script(g, 8)
    out = play(g, "enemies", id="assassinat", leader="emperor")
    assert out.commit_point and g.state.leaders["emperor"].status == "dead"


# --------------------------------------------------------------------------------------------
# Faveur divine before the rolls of phase E other than the battle roll (AMB-45; ruling
# "Faveur divine outside battle")
# --------------------------------------------------------------------------------------------


def _evasion_game() -> ImperatorGame:
    p = Pos()
    p.leader("gen", "vindobona", cc=3)
    p.legions(3, "vindobona")
    p.leader("chief", "carnuntum", "E", people="quadi", vs=3, cc=2)
    p.unit("q0", "carnuntum", "E", people="quadi")
    p.kw["at_war"] = ["quadi"]
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "carnuntum"}))
    g.apply("rome", Command("end", {}))
    g.apply("rome", Command("attack", {"zone": "carnuntum"}))
    return g


def _decide(g: ImperatorGame, seat: str, choice: str) -> Outcome:
    dec = g.pending_decision()
    assert dec is not None and dec.seat == seat, dec
    return g.apply(seat, Command("decide", {"id": dec.id, "choice": choice}))


def test_IMP_140_faveur_divine_sets_own_evasion_roll() -> None:
    g = _evasion_game()
    give(g, "enemies", "faveur_divine")
    _decide(g, "enemies", "evade")
    dec = g.pending_decision()
    assert dec is not None and dec.kind == "favour" and dec.seat == "enemies"
    assert {c.value for c in dec.choices} == {"pass"} | {f"faveur_divine@{f}" for f in range(1, 7)}
    out = _decide(g, "enemies", "faveur_divine@2")
    assert out.commit_point and g.state.hands["enemies"] == []
    assert g.pending_decision().kind == "evade_to"  # type: ignore[union-attr]  # §8.1: the evader picks
    _decide(g, "enemies", "quadi")
    assert g.state.leaders["chief"].loc == "quadi"
    assert any("Faveur divine" in r.purpose and r.natural == 2 for r in out.rolls)


def test_IMP_140_faveur_divine_overrules_opponents_evasion_roll() -> None:
    g = _evasion_game()
    give(g, "rome", "faveur_divine")
    _decide(g, "enemies", "evade")  # the Enemies' hand is empty (public count): only Rome is asked
    out = _decide(g, "rome", "faveur_divine@6")
    evasion = [r for r in out.rolls if r.purpose.startswith("§8.1")]
    assert len(evasion) == 1 and evasion[0].natural == 6 and "Faveur divine" in evasion[0].purpose
    assert "evasion succeeds" not in " ".join(out.public)


def _murder_game(*rome_hand: str, favour_in_cup: bool = True) -> ImperatorGame:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.leader("usurper", "carnuntum", "E", title="usurper")
    g = p.game(phase="E", active="R", sub="move")
    give(g, "enemies", "assassinat")
    give(g, "rome", *rome_hand)
    if favour_in_cup:
        g.state.cup.append("faveur_divine#1")
    return g


def test_faveur_divine_cancels_an_assassination() -> None:
    g = _murder_game("faveur_divine", favour_in_cup=False)
    script(g, 8)
    play(g, "enemies", id="assassinat", leader="emperor")
    assert g.state.leaders["emperor"].status == "map"  # waiting for Rome's window
    _decide(g, "rome", "faveur_divine@0")
    assert g.state.leaders["emperor"].status == "map"
    assert g.state.dice.script == deque([8])  # type: ignore[attr-defined]


def test_faveur_window_offered_whatever_the_hand() -> None:
    g = _murder_game("initiative")
    script(g, 8)
    play(g, "enemies", id="assassinat", leader="emperor")
    dec = g.pending_decision()
    assert dec is not None and dec.kind == "favour" and [c.value for c in dec.choices] == ["pass"]
    _decide(g, "rome", "pass")
    assert g.state.leaders["emperor"].status == "dead"


def test_faveur_window_skipped_when_no_chit_left_in_play() -> None:
    g = _murder_game("initiative", favour_in_cup=False)
    script(g, 8)
    play(g, "enemies", id="assassinat", leader="emperor")
    assert g.pending_decision() is None and g.state.leaders["emperor"].status == "dead"


def test_faveur_window_skipped_when_the_roll_cannot_matter() -> None:
    g = _murder_game("faveur_divine")
    st = g.state
    assert not stratagems.favour_window(st, "E", "escape", {"leader": "emperor"}, "d10", [True] * 10)
    assert st.pending == []


def test_faveur_divine_refused_as_a_command_and_outside_phase_e() -> None:
    g = _murder_game("faveur_divine")
    err = refused(g, "rome", id="faveur_divine", section="§6.3")
    assert "phase E" in str(err) and not isinstance(err, NotYetSupported)
    g.state.phase = "C"
    assert not stratagems.favour_window(g.state, "R", "escape", {"leader": "emperor"}, "d10", [f == 9 for f in range(10)])


def _usurpation_in_phase_e(*rome_hand: str, enemies_hand: tuple[str, ...] = ()) -> ImperatorGame:
    """A usurpation proclaimed in phase E (as after a succession, §3.6 4/): Cassius in the
    Orient, a loyal general to test in Emesa (B/), one in the Southern Front for C/."""
    p = Pos()
    p.leader("aug", "rome", title="augustus")
    p.leader("cassius", "antiochia", cp=4)
    p.legions(2, "antiochia", front="orient", prefix="ant")
    p.leader("tested", "emesa", cp=3)
    p.unit("emesa_leg", "emesa", front="orient")
    p.leader("south_gen", "cyrene", cp=2)
    g = p.game(phase="E", active="R", sub="move")
    give(g, "rome", *rome_hand)
    give(g, "enemies", *enemies_hand)
    g.state.cup.append("faveur_divine#1")
    return g


def test_IMP_140_faveur_divine_before_a_loyalty_roll() -> None:
    """§4.5 B/: the chain stops before the loyalty roll; Rome's face keeps the general loyal,
    and the C/ offer comes only once that roll is made."""
    g = _usurpation_in_phase_e("faveur_divine")
    script(g, 6)  # would win Emesa over; Rome's face replaces it
    politics.validate_usurpation(g.state, Outcome(), "cassius", 0)
    dec = g.pending_decision()
    assert dec is not None and dec.kind == "favour" and dec.seat == "rome"  # the Enemies' hand is empty
    assert "B/" in dec.prompt and not [d for d in g.state.pending if d["kind"] == "spread"]
    out = _decide(g, "rome", "faveur_divine@1")
    loyalty = [r for r in out.rolls if "loyalty" in r.purpose]
    assert len(loyalty) == 1 and loyalty[0].natural == 1 and "Faveur divine" in loyalty[0].purpose
    assert g.state.leaders["tested"].owner == "R" and g.state.units["emesa_leg"].owner == "R"
    dec = g.pending_decision()
    assert dec is not None and dec.kind == "spread"


def test_IMP_140_faveur_divine_before_the_spread_roll() -> None:
    """§4.5 C/: the Enemies choose the face of the d10 and the Southern Front is tested."""
    g = _usurpation_in_phase_e(enemies_hand=("faveur_divine",))
    script(g, 3)  # B/ roll for Emesa: 3, Tested joins
    politics.validate_usurpation(g.state, Outcome(), "cassius", 0)
    _decide(g, "enemies", "pass")  # B/ window (Rome's hand is empty: not asked)
    assert g.state.leaders["tested"].owner == "E"
    _decide(g, "enemies", "southern")
    dec = g.pending_decision()
    assert dec is not None and dec.kind == "favour" and "C/" in dec.prompt
    script(g, 2)  # the B/ roll in the Southern Front: the chit is spent, so no window
    out = _decide(g, "enemies", "faveur_divine@0")
    spread_roll = [r for r in out.rolls if "C/ spread" in r.purpose]
    assert len(spread_roll) == 1 and spread_roll[0].natural == 0
    assert g.state.leaders["south_gen"].owner == "E" and g.pending_decision() is None


def test_faveur_window_not_offered_on_usurpation_rolls_in_phase_c() -> None:
    """Faveur divine is a phase E chit: a usurpation of phase C rolls B/ at once."""
    g = _usurpation_in_phase_e("faveur_divine")
    g.state.phase = "C"
    script(g, 3)
    politics.validate_usurpation(g.state, Outcome(), "cassius", 0)
    assert g.state.leaders["tested"].owner == "E"
    assert [d["kind"] for d in g.state.pending] == ["spread"]
