"""Tests written against the surviving mutants of rules/imperator/stratagems.py (issue 11,
mutation testing), and the stratagem data that must say what the engine does."""

from __future__ import annotations

from dataclasses import replace

import pytest
from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.dice import DiceRoll
from rules.core.errors import NotYetSupported, RuleError
from rules.imperator import combat, engine, movement, politics, stratagems
from rules.imperator import tables as T
from rules.imperator.model import ImperatorState, PeopleDef, ZoneDef


def test_fuite_opportune_description_says_the_units_left_behind_fight() -> None:
    """§6.3 with §8 (ruling "§6.3 Fuite opportune: what stays behind fights"): the chit's data text
    no longer claims it avoids the battle; it says the leaders take their CCs and what they
    cannot take fights, as `combat._fuite_go` does (test_mut_rule_questions.py plays both cases)."""
    fuite = {s.id: s for s in T.stratagem_types()}["fuite_opportune"]
    assert fuite.section == "§6.3; §8.1"
    text = fuite.description
    assert not text.startswith("Avoids a battle")
    assert "at most their CCs of units" in text
    assert "units left behind stay with the attacker and the battle is fought with them alone" in text
    assert "only when the whole force gets away is no battle fought" in text


def _cup_state(*cup: str) -> ImperatorState:
    st = Pos().state(phase="A")
    st.rules["stratagems"] = True
    st.cup = list(cup)
    st.hands = {seat: [] for seat in st.roles}
    return st


def test_phase_a_draw_rome_first_each_told_privately_what_he_drew() -> None:
    """§2.A (AMB-11): Rome draws first, then the Enemies, each at random from the cup; the
    channel hears only the count held, each seat hears its chit, and whether his side may use
    it; with the cup empty the seat draws nothing and says so."""
    st = _cup_state("pax_romana#1", "coup_d_etat_parthe#1", "initiative#1")
    st.dice.script.extend([2, 0])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.draw(st, out)
    assert st.hands == {"rome": ["initiative#1"], "enemies": ["pax_romana#1"]}
    assert st.cup == ["coup_d_etat_parthe#1"]
    assert out.public == ["§2.A: rome draws a stratagem (1 held).", "§2.A: enemies draws a stratagem (1 held)."]
    assert out.private == {"rome": ["You drew Initiative."],
                           "enemies": ["You drew Pax Romana (not usable by your side: it goes back in phase F)."]}
    assert (out.citations, out.commit_point) == (["§2.A"], True)
    st = _cup_state()
    out = Outcome()
    stratagems.draw(st, out)
    assert (out.public, out.commit_point) == (["§2.A: the stratagem cup is empty; rome draws nothing.",
                                               "§2.A: the stratagem cup is empty; enemies draws nothing."], False)


def test_phase_f_returns_only_the_chits_a_side_cannot_use() -> None:
    """§2.F, §6 (AMB-11): the Enemies' Pax Romana and Coup d'état parthe (Rome's chits) go back
    to the cup, counted in public and named to their holder; Initiative (both sides) stays."""
    st = _cup_state()
    st.hands = {"rome": ["initiative#1"], "enemies": ["pax_romana#1", "initiative#2", "coup_d_etat_parthe#1"]}
    out = Outcome()
    stratagems.return_unusable(st, out)
    assert st.hands == {"rome": ["initiative#1"], "enemies": ["initiative#2"]}
    assert st.cup == ["pax_romana#1", "coup_d_etat_parthe#1"]
    assert out.public == ["§2.F: enemies returns 2 stratagems to the cup."]
    assert out.private == {"enemies": ["Returned to the cup: Pax Romana, Coup d'état parthe."]}
    st.hands = {"rome": [], "enemies": ["pax_romana#2"]}
    out = Outcome()
    stratagems.return_unusable(st, out)
    assert out.public == ["§2.F: enemies returns 1 stratagem to the cup."]


def _roxolani_state(year: int = 208) -> ImperatorState:
    """A Minor People (the Roxolani, two home zones) at war while some of its units are still
    locked out by a pacification by force (AMB-15: back in phase C of year + 6)."""
    p = Pos(year)
    p.leader("emperor", "rome", title="augustus", cp=4, vs=3)
    p.extra_zones += [ZoneDef("roxo_a", "Roxolania A", peoples=("roxolani",)),
                      ZoneDef("roxo_b", "Roxolania B", peoples=("roxolani",))]
    p.extra_edges += [("roxo_a", "jazyges", 0), ("roxo_a", "roxo_b", 0)]
    p.unit("r_map", "roxo_a", "E", people="roxolani", reduced=True)
    p.unit("r_due1", None, "R", people="roxolani", status="locked")
    p.unit("r_due2", None, "R", people="roxolani", status="locked")
    p.unit("r_later", None, "R", people="roxolani", status="locked")
    p.unit("r_gone", None, "E", people="roxolani", status="gone")
    p.unit("q1", None, "E", people="quadi", status="locked")
    st = p.state(phase="C", at_war=["roxolani"])
    object.__setattr__(st.board, "peoples", {**st.board.peoples, "roxolani": PeopleDef(
        "roxolani", "Roxolani", "sarmatian", False, "west", "danube")})
    for uid in ("r_due1", "r_due2", "q1"):
        st.units[uid].back_year = year
    st.units["r_later"].back_year = year + 2
    return st


def test_deploy_people_brings_in_the_units_due_and_leaves_the_rest() -> None:
    """§4.4 with §9.2.4 (AMB-15): the units whose lock-out ends this year go to the home zones in
    turn (map order), on their full face, for the Enemies; a unit locked for two more years, a
    unit out of the game and another People's units stay where they are; the reduced unit already
    on the map is not touched."""
    st = _roxolani_state()
    stratagems.deploy_people(st, Outcome(), "roxolani")
    u = st.units
    assert [(u["r_due1"].status, u["r_due1"].loc, u["r_due1"].owner, u["r_due1"].reduced),
            (u["r_due2"].status, u["r_due2"].loc, u["r_due2"].owner, u["r_due2"].reduced)] == [
        ("map", "roxo_a", "E", False), ("map", "roxo_b", "E", False)]
    assert (u["r_later"].status, u["r_later"].loc) == ("locked", None)
    assert (u["r_gone"].status, u["r_gone"].loc) == ("gone", None)
    assert (u["q1"].status, u["q1"].owner) == ("locked", "E")
    assert (u["r_map"].loc, u["r_map"].reduced, u["r_map"].owner) == ("roxo_a", True, "E")


def test_deploy_people_hands_every_unit_on_the_map_to_the_enemies() -> None:
    """§4.4: a People at war is the Enemies' (its units on the map included, whoever held them)."""
    st = _roxolani_state()
    st.units["r_map"].owner = "R"
    stratagems.deploy_people(st, Outcome(), "roxolani")
    assert st.units["r_map"].owner == "E"
    assert st.units["q1"].owner == "E"  # another People's unit is left as it was


def test_deploy_people_without_home_zones_is_refused_citing_4_1() -> None:
    """§4.1: every People has a home zone; a board with a People without one is refused (AMB-95)
    rather than deploying nothing; nothing moves."""
    st = _roxolani_state()
    object.__setattr__(st.board, "zones", {z: zd for z, zd in st.board.zones.items()
                                           if "roxolani" not in zd.peoples})
    with pytest.raises(NotYetSupported) as err:
        stratagems.deploy_people(st, Outcome(), "roxolani")
    assert err.value.section == "§4.1"
    assert [st.units[u].status for u in ("r_map", "r_due1", "r_due2")] == ["map", "locked", "locked"]


def test_phase_c_returns_a_people_s_locked_units_the_year_they_are_due() -> None:
    """§9.2.4 (AMB-15): a People at war whose locked-out units are due this year gets them back
    in its home zones at the start of phase C; a year earlier nothing comes back."""
    st = _roxolani_state(207)
    for uid in ("r_due1", "r_due2"):
        st.units[uid].back_year = 208
    engine.phase_c(st, Outcome())
    assert [st.units[u].status for u in ("r_due1", "r_due2", "r_later")] == ["locked", "locked", "locked"]
    st = _roxolani_state(208)
    engine.phase_c(st, Outcome())
    assert [(st.units[u].status, st.units[u].loc) for u in ("r_due1", "r_due2", "r_later")] == [
        ("map", "roxo_a"), ("map", "roxo_b"), ("locked", None)]


# -- §6.1 pacifications: which Peoples each chit may name, and what peace does ---------------


def _peace_state(*at_war: str) -> ImperatorState:
    """Quadi (Major, German), Jazyges (Major, Sarmatian), Roxolani (Minor, Sarmatian) and Frisii
    (Minor, German), each with a unit; the Roxolani also with a reduced mutinous one and a leader."""
    p = Pos(205)
    p.leader("emperor", "rome", title="augustus", cp=4, vs=3)
    p.leader("roxo_king", "roxo", "E", people="roxolani")
    p.extra_zones += [ZoneDef("roxo", "Roxolania", peoples=("roxolani",)),
                      ZoneDef("frisia", "Frisia", peoples=("frisii",))]
    p.extra_edges += [("roxo", "jazyges", 0), ("frisia", "quadi", 0)]
    p.unit("q1", "vindobona", "E", people="quadi", reduced=True)
    p.unit("j1", "jazyges", "E", people="jazyges")
    p.unit("r1", "roxo", "E", people="roxolani")
    p.unit("r2", "jazyges", "E", people="roxolani", reduced=True)
    p.unit("f1", "frisia", "E", people="frisii")
    st = p.state(phase="E", at_war=list(at_war))
    object.__setattr__(st.board, "peoples", {**st.board.peoples,
        "roxolani": PeopleDef("roxolani", "Roxolani", "sarmatian", False, "west", "danube"),
        "frisii": PeopleDef("frisii", "Frisii", "german", False, "west", "rhine")})
    st.units["r2"].mutiny = "mutinerie#1"
    st.leaders["roxo_king"].pax = False
    return st


def _pacify(st: ImperatorState, tid: str, **args: object) -> Outcome:
    out = Outcome()
    stratagems._pacification(st, out, "rome", dict(args), tid)
    return out


@pytest.mark.parametrize(("tid", "args", "at_war", "section_words"), [
    ("pacification_d_un_peuple_mineur", {}, ["roxolani"], "no People to pacify"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["roxolani", "frisii"]}, ["roxolani", "frisii"],
     "at most 1 People(s)"),
    ("pacification_de_deux_peuples_mineurs", {"peoples": ["roxolani", "frisii", "quadi"]},
     ["roxolani", "frisii", "quadi"], "at most 2 People(s)"),
    ("pacification_d_un_peuple_majeur", {"peoples": ["roxolani"]}, ["roxolani"], "Roxolani is not a Major People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["quadi"]}, ["quadi"], "Quadi is not a Minor People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["nobody"]}, ["roxolani"], "'nobody' is not a Minor People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["frisii"]}, ["roxolani"], "Frisii is not at war with Rome"),
    ("pacification_de_deux_peuples_mineurs", {"peoples": ["roxolani", "frisii"]}, ["roxolani"],
     "Frisii is not at war with Rome"),
    ("pacification_d_une_nationalite", {}, ["roxolani"], "name a nationality, or a single People"),
    ("pacification_d_une_nationalite", {"peoples": ["roxolani", "frisii"]}, ["roxolani", "frisii"],
     "name a nationality, or a single People"),
    ("pacification_d_une_nationalite", {"nationality": "persian"}, ["roxolani"], "no People to pacify"),
    ("pax_romana", {"peoples": ["roxolani", "frisii"]}, ["roxolani", "frisii"],
     "Pax Romana is aimed at all Peoples at war or at a single People"),
    ("pax_romana", {}, ["armenia"], "no People to pacify"),
])
def test_pacification_refusals_cite_6_1_and_change_nothing(
        tid: str, args: dict[str, object], at_war: list[str], section_words: str) -> None:
    """§6.1: each pacification chit names the Peoples it may (kind, number, at war); a refused
    play cites §6.1, says why, and no People makes peace (checked before any is pacified)."""
    st = _peace_state(*at_war)
    with pytest.raises(RuleError) as err:
        _pacify(st, tid, **args)
    assert (err.value.section, str(err.value.message)) == ("§6.1", section_words)
    assert st.at_war == at_war
    assert st.units["r1"].status == "map"


def test_pacifying_a_minor_people_takes_its_units_off_and_turns_its_leaders() -> None:
    """§6.1 with §9.2.4's exception: a Minor People at peace takes its units off the map (full
    face, no mutiny, not locked: no lockout, no VP) and its leaders go to their Pax Romana side;
    another People at war is untouched. One People named twice is one People."""
    st = _peace_state("roxolani", "frisii")
    out = _pacify(st, "pacification_d_un_peuple_mineur", peoples=["roxolani", "roxolani"])
    assert st.at_war == ["frisii"]
    assert [(st.units[u].status, st.units[u].loc, st.units[u].reduced, st.units[u].mutiny)
            for u in ("r1", "r2")] == [("out", None, False, None)] * 2
    assert (st.units["f1"].status, st.units["f1"].loc) == ("map", "frisia")
    assert st.leaders["roxo_king"].pax is True
    assert (st.locked, st.vp) == ({}, {"rome": 0, "enemies": 0})
    assert out.public == ["§6.1: the Roxolani make peace with Rome.", "§6.1: R1 leaves the map from Roxolania.",
                          "§6.1: R2 leaves the map from Jazyges."]  # AMB-97


def test_pacifying_two_minor_peoples_with_one_chit() -> None:
    """§6.1 Pacification de deux Peuples mineurs: both named make peace, in the order named."""
    st = _peace_state("roxolani", "frisii", "quadi")
    out = _pacify(st, "pacification_de_deux_peuples_mineurs", peoples=["frisii", "roxolani"])
    assert st.at_war == ["quadi"]
    assert out.public == ["§6.1: the Frisii make peace with Rome.", "§6.1: F1 leaves the map from Frisia.",
                          "§6.1: the Roxolani make peace with Rome.", "§6.1: R1 leaves the map from Roxolania.",
                          "§6.1: R2 leaves the map from Jazyges."]


def test_pacifying_a_major_people_sends_its_units_home_full_face() -> None:
    """§6.1 Pacification d'un Peuple majeur: the Major People's units go back to its home zones on
    their full face (they stay on the map: Major Peoples are always deployed, §4.1)."""
    st = _peace_state("quadi", "roxolani")
    _pacify(st, "pacification_d_un_peuple_majeur", peoples=["quadi"])
    assert st.at_war == ["roxolani"]
    assert (st.units["q1"].status, st.units["q1"].loc, st.units["q1"].reduced) == ("map", "quadi", False)
    assert (st.units["r1"].status, st.pending) == ("map", [])
    # with two home zones the Enemies pick each unit's, in a decision citing §6.1
    st = _peace_state("quadi")
    object.__setattr__(st.board, "zones", {**st.board.zones, "quadi_b": replace(
        st.board.zones["quadi"], id="quadi_b", name="Quadia B")})
    out = _pacify(st, "pacification_d_un_peuple_majeur", peoples=["quadi"])
    assert out.public == ["§6.1: the Quadi make peace with Rome.", "§6.1: 1 counter goes back: Q1 (Vindobona → Quadi).",
                          "§6.1: 1 counter restored to full strength: Q1 (Quadi)."]  # AMB-94
    assert [(d["kind"], d["role"], d["prompt"], d["section"], d["choices"]) for d in st.pending] == [
        ("place_pieces", "E", "§6.1: choose where Q1 goes.", "§6.1", [["quadi", "Quadi"], ["quadi_b", "Quadia B"]])]


def test_pacifying_a_nationality_takes_every_people_of_it_at_war() -> None:
    """§6.1 Pacification d'une Nationalité: every People of the nationality at war makes peace
    (Major and Minor alike), the others stay at war; a single People may be named instead."""
    st = _peace_state("roxolani", "frisii", "jazyges", "quadi")
    _pacify(st, "pacification_d_une_nationalite", nationality="sarmatian")
    assert st.at_war == ["frisii", "quadi"]
    assert (st.units["r1"].status, st.units["j1"].loc) == ("out", "jazyges")
    st = _peace_state("roxolani", "frisii")
    _pacify(st, "pacification_d_une_nationalite", peoples=["frisii"])
    assert st.at_war == ["roxolani"]


def test_pax_romana_pacifies_every_people_at_war_but_armenia_or_one_named() -> None:
    """§6.1 Pax Romana: with no People named, every People at war makes peace (Armenia, never at
    war under §4.4, is not one of them); naming one People pacifies that one alone."""
    st = _peace_state("roxolani", "armenia", "quadi")
    out = _pacify(st, "pax_romana")
    assert st.at_war == ["armenia"]
    assert out.public == ["§6.1: the Roxolani make peace with Rome.", "§6.1: R1 leaves the map from Roxolania.",
                          "§6.1: R2 leaves the map from Jazyges.", "§6.1: the Quadi make peace with Rome.",
                          "§6.1: 1 counter goes back: Q1 (Vindobona → Quadi).",  # AMB-94
                          "§6.1: 1 counter restored to full strength: Q1 (Quadi)."]
    st = _peace_state("roxolani", "quadi")
    _pacify(st, "pax_romana", peoples=["quadi"])
    assert st.at_war == ["roxolani"]


# -- §6.1 Coup d'état parthe and §6.2 Intrigue au Sénat: one marker each, where it goes --------


def test_parthian_coup_marker_goes_to_the_ctesiphon_zone_once() -> None:
    """§6.1 Coup d'état parthe: the marker is put in the map's Ctesiphon zone (whatever its id),
    announced by name; a second one while the first stands is refused citing §6.1. Another
    People's chit on the map does not count."""
    st = Pos(205).state(phase="C")
    object.__setattr__(st.board, "zones", {**st.board.zones, "ctes": replace(
        st.board.zones["parthia"], id="ctes", name="Ktesiphon", ctesiphon=True)})
    st.chits_on_map = {"intrigue_au_senat#1": "rome"}
    out = Outcome()
    assert stratagems._coup(st, out, "enemies", {}, "coup_d_etat_parthe") == "ctes"
    assert out.public == ["§6.1: a Parthian coup: the marker is placed in Ktesiphon."]
    st.chits_on_map["coup_d_etat_parthe#2"] = "ctes"
    with pytest.raises(RuleError) as err:
        stratagems._coup(st, Outcome(), "enemies", {}, "coup_d_etat_parthe")
    assert (err.value.section, str(err.value.message)) == ("§6.1", "a Coup d'état parthe marker is already in Ctesiphon")


def test_parthian_coup_on_a_map_without_ctesiphon_uses_the_zone_id_ctesiphon() -> None:
    """§6.1: a map whose zones carry no Ctesiphon flag falls back on the zone id "ctesiphon"."""
    st = Pos(205).state(phase="C")
    assert stratagems._coup(st, Outcome(), "enemies", {}, "coup_d_etat_parthe") == "ctesiphon"


def test_senate_intrigue_marker_goes_to_rome_once() -> None:
    """§6.2 Intrigue au Sénat: the marker goes to Rome; a second one while the first stands is
    refused citing §6.2; a Parthian coup marker on the map does not block it."""
    st = Pos(205).state(phase="C")
    st.chits_on_map = {"coup_d_etat_parthe#1": "ctesiphon"}
    out = Outcome()
    assert stratagems._intrigue(st, out, "enemies", {}, "intrigue_au_senat") == "rome"
    assert out.public == ["§6.2: intrigue in the Senate: the marker is placed in Rome."]
    st.chits_on_map["intrigue_au_senat#1"] = "rome"
    with pytest.raises(RuleError) as err:
        stratagems._intrigue(st, Outcome(), "enemies", {}, "intrigue_au_senat")
    assert (err.value.section, str(err.value.message)) == ("§6.2", "an Intrigue au Sénat marker is already in Rome")


def test_end_of_phase_e_takes_the_plague_markers_off_and_nothing_else() -> None:
    """§6.3 (Foyer and Épidémie de peste): once phase E is over both plague markers leave the map
    for the cup, each announced, and no zone stays infested; a mutiny and a Parthian coup marker
    stay where they are."""
    st = Pos(205).state(phase="E")
    st.chits_on_map = {"mutinerie#1": "vindobona", "foyer_de_peste#1": "carnuntum",
                       "epidemie_de_peste#1": "rome", "coup_d_etat_parthe#1": "ctesiphon"}
    st.map_chit_side = {"foyer_de_peste#1": "enemies", "mutinerie#1": "rome"}
    st.plague = {"carnuntum": "centre", "vindobona": "adjacent"}
    st.plague_hit = ["leg0@carnuntum"]
    st.cup = []
    out = Outcome()
    stratagems.end_phase_e(st, out)
    assert st.chits_on_map == {"mutinerie#1": "vindobona", "coup_d_etat_parthe#1": "ctesiphon"}
    assert st.map_chit_side == {"mutinerie#1": "rome"}
    assert st.cup == ["foyer_de_peste#1", "epidemie_de_peste#1"]
    assert (st.plague, st.plague_hit) == ({}, [])
    assert out.public == ["§6: the Foyer de peste marker leaves the map and goes back to the cup.",
                          "§6: the Épidémie de peste marker leaves the map and goes back to the cup."]


def test_a_chit_refused_in_a_battle_window_cites_its_own_section() -> None:
    """§6: a battle-window choice that is not on offer is refused with the chit's own section:
    Roma Victor against a usurper's force (§6.1, the civil-war reason), any other chit with the
    plain reason (the part after "@" is the chit's argument, only the first "@" splits it); a
    value naming no chit at all (or "pass") is no chit's refusal (None)."""
    p = Pos(175)
    p.leader("emperor", "vindobona", title="augustus", cp=4, vs=3)
    p.leader("usurper", "carnuntum", "E", title="usurper", cp=4, vs=3)
    p.legions(2, "carnuntum", owner="E", prefix="reb", usurper="usurper")
    p.legions(2, "vindobona", prefix="loy")
    st = p.state()
    civil = {"zone": "carnuntum", "attacker": "R"}
    loyal = {"zone": "vindobona", "attacker": "E"}

    def refusal(data: dict[str, str], choice: str) -> tuple[str, str] | None:
        err = stratagems.battle_choice_refusal(st, "R", data, choice)
        return None if err is None else (err.section, str(err.message))

    assert refusal(civil, "roma_victor") == (
        "§6.1", "Roma Victor may not be played against a usurper's force in a civil war battle")
    assert refusal(loyal, "roma_victor") == ("§6.1", "Roma Victor may not be played in this battle now")
    assert refusal(civil, "faveur_divine@3") == ("§6.3", "Faveur divine may not be played in this battle now")
    assert refusal(civil, "fuite_opportune@carnuntum@x") == (
        "§6.3; §8.1", "Fuite opportune may not be played in this battle now")
    assert (refusal(civil, "pass"), refusal(civil, "nothing@3")) == (None, None)


def _plague_zone() -> ImperatorState:
    """Carnuntum with a full legion, a reduced one, a reduced mutinous one, and three leaders
    (one of them aboard a fleet); a legion in Vindobona next door."""
    p = Pos(205)
    p.leader("emperor", "rome", title="augustus", cp=4, vs=3)
    p.leader("lucky", "carnuntum").leader("doomed", "carnuntum").leader("sailor", "carnuntum")
    p.unit("full", "carnuntum").unit("worn", "carnuntum", reduced=True).unit("mut", "carnuntum", "E", reduced=True)
    p.unit("away", "vindobona")
    st = p.state(phase="E")
    st.rules["stratagems"] = True
    st.hands = {s: [] for s in st.roles}
    st.leaders["sailor"].fleet = "ravenna"
    st.units["mut"].mutiny, st.units["mut"].mutineer_of = "mutinerie#1", "R"
    st.chits_on_map = {"mutinerie#1": "carnuntum"}
    return st


def test_the_plague_reduces_the_full_removes_the_reduced_and_rolls_for_each_leader() -> None:
    """§6.3 Foyer de peste (AMB-34): in the infested zone a full unit is reduced, a reduced one
    leaves play for the turn ("removed", not eliminated: no pacification by force), a mutinous
    one goes back to its side with its marker; each leader on land rolls a d10 and dies on 9
    (a leader aboard a fleet does not roll); each counter is struck once (the list of hits)."""
    st = _plague_zone()
    st.dice.script.extend([9, 3])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems._plague_strike(st, out, "carnuntum", "centre")
    u = st.units
    assert [(x, u[x].status, u[x].loc, u[x].reduced, u[x].owner, u[x].mutiny) for x in ("full", "worn", "mut", "away")] == [
        ("full", "map", "carnuntum", True, "R", None), ("worn", "removed", None, False, "R", None),
        ("mut", "removed", None, False, "R", None), ("away", "map", "vindobona", False, "R", None)]
    assert [(x, st.leaders[x].status) for x in ("doomed", "lucky", "sailor")] == [
        ("doomed", "dead"), ("lucky", "map"), ("sailor", "map")]
    assert out.public == ["§6.3: the plague strikes Carnuntum.", "§6.3: Full turns to its reduced side.",  # AMB-97
                          "§6.3: Mut, already reduced, leaves the map for the turn.",
                          "§6: the Mutinerie marker leaves the map and goes back to the cup.",
                          "§6.3: Worn, already reduced, leaves the map for the turn.",
                          "§6.3: Doomed is dead (plague)."]
    assert st.plague_hit == ["full@carnuntum", "mut@carnuntum", "worn@carnuntum", "doomed@carnuntum", "lucky@carnuntum"]
    assert (st.chits_on_map, st.cup) == ({}, ["mutinerie#1"])
    # a second strike on the same zone touches no counter already struck
    out = Outcome()
    stratagems._plague_strike(st, out, "carnuntum", "centre")
    assert (u["full"].status, u["full"].reduced, out.public) == ("map", True, ["§6.3: the plague strikes Carnuntum."])


def test_the_plague_in_an_adjacent_zone_spares_the_reduced_and_strikes_only_the_named() -> None:
    """§6.3 Épidémie de peste: in a zone next to the centre a reduced unit stays reduced (it is not
    removed), a full one is reduced; with ``only`` (counters entering later, plague_entries) the
    others in the zone are not struck."""
    st = _plague_zone()
    st.dice.script.extend([3, 3])  # type: ignore[attr-defined]
    stratagems._plague_strike(st, Outcome(), "carnuntum", "adjacent")
    assert [(x, st.units[x].status, st.units[x].reduced) for x in ("full", "worn", "mut")] == [
        ("full", "map", True), ("worn", "map", True), ("mut", "map", True)]
    assert st.plague_hit == ["full@carnuntum", "mut@carnuntum", "worn@carnuntum", "doomed@carnuntum", "lucky@carnuntum"]
    st = _plague_zone()
    stratagems._plague_strike(st, Outcome(), "carnuntum", "centre", only={"worn"})
    assert [(x, st.units[x].status, st.units[x].reduced) for x in ("full", "worn")] == [
        ("full", "map", False), ("worn", "removed", False)]
    assert st.plague_hit == ["worn@carnuntum"]


def test_rising_targets_are_the_peoples_of_the_kind_free_to_rise_sorted() -> None:
    """§6.2 (Soulèvement chits): the Peoples offered are those of the chit's kind (Minor or
    Major) that may go to war now: not at war already, not bound to peace (§9.2.4), in id order."""
    st = _peace_state("roxolani")
    assert (stratagems.rising_targets(st, False), stratagems.rising_targets(st, True)) == (
        ["frisii"], ["jazyges", "parthians", "quadi"])
    st.locked["parthians"] = st.year + 1
    st.at_war = ["quadi"]
    assert (stratagems.rising_targets(st, False), stratagems.rising_targets(st, True)) == (
        ["frisii", "roxolani"], ["jazyges"])


def _didius_state(phase: str = "E") -> ImperatorState:
    p = Pos(193)
    p.leader("helvius_pertinax", "rome", title="augustus", cp=3)
    p.leader("didius_julianus", "mediolanum", "E", title="usurper", cp=2)
    return p.state(phase=phase)


def test_the_free_attempt_on_pertinax_kills_on_8_or_9_once_a_year() -> None:
    """§4.5 (Commode's succession): while Didius Julianus stands as usurper, the Enemies may try
    once a year in phase E to assassinate Pertinax without a chit: d10, 8 or 9 kills (§6.3)."""
    st = _didius_state()
    st.dice.script.extend([8])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.free_assassination(st, out, "enemies", {})
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.die, roll.result) == (
        "§4.5 (free attempt): assassination of Helvius Pertinax (8 or 9 kills)", "d10", 8)
    assert out.public[:2] == ["§6.3: Helvius Pertinax is dead (assassination).",
                              "§10: 1 VP to enemies for the death of Helvius Pertinax."]
    assert (st.leaders["helvius_pertinax"].status, st.free_murder_year, out.commit_point) == ("dead", 193, True)
    st = _didius_state()
    st.dice.script.extend([7])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.free_assassination(st, out, "enemies", {})
    assert (out.public, st.leaders["helvius_pertinax"].status) == (["§6.3: Helvius Pertinax survives the attempt."], "map")
    with pytest.raises(RuleError) as err:
        stratagems.free_assassination(st, Outcome(), "enemies", {})
    assert (err.value.section, str(err.value.message)) == ("§4.5", "the free attempt has already been made this year")


@pytest.mark.parametrize(("change", "seat", "message"), [
    ("none", "rome", "only the Enemies of Rome, while Didius Julianus is a usurper in play"),
    ("didius_dead", "enemies", "only the Enemies of Rome, while Didius Julianus is a usurper in play"),
    ("didius_untitled", "enemies", "only the Enemies of Rome, while Didius Julianus is a usurper in play"),
    ("pertinax_dead", "enemies", "Pertinax is not in play"),
    ("phase_d", "enemies", "assassinations are attempted in phase E"),
])
def test_the_free_attempt_is_refused_with_4_5_and_its_reason(change: str, seat: str, message: str) -> None:
    """§4.5: the free attempt belongs to the Enemies while Didius Julianus is a usurper on the
    map, aims at Pertinax on the map, in phase E; a refusal changes nothing."""
    st = _didius_state("D" if change == "phase_d" else "E")
    if change == "didius_dead":
        st.leaders["didius_julianus"].status = "dead"
    if change == "didius_untitled":
        st.leaders["didius_julianus"].title = None
    if change == "pertinax_dead":
        st.leaders["helvius_pertinax"].status = "dead"
    with pytest.raises(RuleError) as err:
        stratagems.free_assassination(st, Outcome(), seat, {})
    assert (err.value.section, str(err.value.message), st.free_murder_year, st.dice.rolls) == ("§4.5", message, 0, [])


def test_alliance_armenienne_turns_armenia_and_its_units_and_says_so() -> None:
    """§6.3 Alliance arménienne: Armenia changes side, its units with it; the line names the new side."""
    p = Pos()
    p.unit("arm1", "armenia", "R", people="armenia")
    st = p.state(phase="E")
    st.armenia = "roman"
    out = Outcome()
    stratagems._armenie(st, out, "E", {}, "alliance_armenienne")
    assert (st.armenia, st.units["arm1"].owner, out.public, out.map_changed) == (
        "parthian", "E", ["Armenia is now Parthian."], True)


def _murder_state() -> ImperatorState:
    """Phase E: the Augustus (guarded by the Corporis Custodes), a Caesar, a general of Rome and
    a usurper of the Enemies; no Faveur divine left in play."""
    p = Pos(180)
    p.leader("aug", "rome", title="augustus", cp=4).leader("caesar", "vindobona", title="caesar")
    p.leader("gen", "carnuntum").leader("usurper", "antiochia", "E", title="usurper")
    st = p.state(phase="E")
    st.custodes = "aug"
    return st


@pytest.mark.parametrize("target", ["nobody", "dead_gen", "usurper"])
def test_an_assassination_aims_at_an_enemy_leader_in_play_or_is_refused_with_6_3(target: str) -> None:
    """§6.3 Assassinat: the target is a leader of the other side on the map; an unknown id, a dead
    leader or one's own leader is refused with §6.3, no die rolled."""
    st = _murder_state()
    if target == "dead_gen":
        st.leaders["gen"].status, target = "dead", "gen"
    with pytest.raises(RuleError) as err:
        stratagems.assassinate(st, Outcome(), "E", target, "§6.3")
    assert (err.value.section, str(err.value.message), st.dice.rolls) == (
        "§6.3", f"{st.ldef(target).name if target in st.leaders else repr(target)} is not an enemy leader in play", [])


def test_the_custodes_take_one_from_the_roll_against_their_augustus_or_caesar_only() -> None:
    """§3.6 (Corporis Custodes) with §6.3: the guarded Augustus's assassin subtracts 1 (a 9 gives
    8 and kills); the marker guards a Caesar the same way; a leader it does not guard gets no
    modifier (8 kills)."""
    st = _murder_state()
    st.dice.script.extend([9])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.assassinate(st, out, "E", "aug", "§6.3")
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.natural, roll.modifiers, roll.result) == (
        "§6.3: assassination of Aug (8 or 9 kills)", 9, (("Corporis Custodes", -1),), 8)
    assert (st.leaders["aug"].status, out.public[0]) == ("dead", "§6.3: Aug is dead (assassination).")
    st = _murder_state()
    st.custodes = "caesar"
    st.dice.script.extend([8, 8])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems.assassinate(st, out, "E", "caesar", "§6.3")
    stratagems.assassinate(st, out, "E", "aug", "§6.3")
    assert [(r.modifiers, r.result) for r in st.dice.rolls] == [((("Corporis Custodes", -1),), 7), ((), 8)]
    assert (st.leaders["caesar"].status, st.leaders["aug"].status) == ("map", "dead")
    assert out.public[0] == "§6.3: Caesar survives the attempt."
    st.dice.script.extend([9])  # type: ignore[attr-defined]
    stratagems.assassinate(st, Outcome(), "E", "gen", "§6.3")
    assert (st.dice.rolls[-1].result, st.leaders["gen"].status) == (9, "dead")


def test_a_guarded_augustus_s_assassination_waits_for_the_faveur_divine_window() -> None:
    """§6.3 Faveur divine before an assassination roll: with the Custodes a 9 alone kills (9 - 1),
    so the faces do not all give the same outcome and the roller is asked first; no die yet."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": ["faveur_divine#1"], "enemies": ["initiative#1"]}
    out = Outcome()
    stratagems.assassinate(st, out, "E", "aug", "§6.3")
    assert [(d["role"], d["kind"], d["prompt"], len(d["choices"])) for d in st.pending] == [
        ("E", "favour", "§6.3: your assassination roll (§6.3) is about to be made. Play a stratagem?", 1)]
    assert (st.dice.rolls, out.public, st.leaders["aug"].status) == ([], [], "map")


def test_an_assassination_resumed_after_the_window_is_dropped_if_the_target_died_meanwhile() -> None:
    """§6.3: when the roll comes back after a Faveur divine window and the target is gone, the
    attempt is dropped quietly (no die, no line); a target still in play is rolled for."""
    st = _murder_state()
    st.leaders["gen"].status = "dead"
    out = Outcome()
    fav = {"role": "E", "leader": "gen", "why": "§6.3", "favour_done": True, "favour_face": None}
    stratagems.assassinate(st, out, "E", "gen", "§6.3", fav)
    assert (st.dice.rolls, out.public) == ([], [])
    st.dice.script.extend([3])  # type: ignore[attr-defined]
    stratagems.assassinate(st, out, "E", "caesar", "§6.3", {**fav, "leader": "caesar"})
    assert ([r.result for r in st.dice.rolls], out.public) == ([3], ["§6.3: Caesar survives the attempt."])


def test_assassinat_names_its_target_and_rolls_under_6_3() -> None:
    """§6.3 Assassinat: the chit needs a target (refused with §6.3 and the missing argument
    named); the roll is labelled with §6.3 and the target."""
    st = _murder_state()
    with pytest.raises(RuleError) as err:
        stratagems._assassinat(st, Outcome(), "E", {}, "assassinat")
    assert (err.value.section, str(err.value.message)) == ("§6.3", "name the target (leader)")
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    stratagems._assassinat(st, Outcome(), "E", {"leader": "gen"}, "assassinat")
    assert [(r.purpose, r.result) for r in st.dice.rolls] == [("§6.3: assassination of Gen (8 or 9 kills)", 2)]


def test_phase_f_scores_each_marker_still_on_the_map_after_removing_those_whose_zone_is_taken() -> None:
    """§10 with §6.1-§6.3: in phase F a Parthian coup still in Ctesiphon gives Rome 3 VP, an
    Intrigue au Sénat still in Rome gives the Enemies 2, a mutiny costs the mutineers' side 2.
    Markers whose zone the other side now holds leave first (and score nothing), said."""
    p = Pos(205)
    p.leader("aug", "vindobona", title="augustus")
    p.unit("m1", "carnuntum", "E").unit("m2", "carnuntum", "E").unit("p1", "parthia", "E", people="parthians")
    st = p.state(phase="F")
    st.units["m1"].mutiny, st.units["m1"].mutineer_of = "mutinerie#1", "R"
    st.units["m2"].mutiny, st.units["m2"].mutineer_of, st.units["m2"].status = "mutinerie#1", "R", "eliminated"
    st.units["p1"].mutiny, st.units["p1"].mutineer_of = "mutinerie#2", "E"
    st.chits_on_map = {"coup_d_etat_parthe#1": "ctesiphon", "intrigue_au_senat#1": "rome", "mutinerie#1": "carnuntum",
                       "mutinerie#2": "parthia"}
    out = Outcome()
    stratagems.phase_f_vp(st, out)
    assert st.vp == {"rome": 3 - 2, "enemies": 2 - 2}
    assert out.public == ["§10: Coup d'état parthe in Ctesiphon: 3 VP to rome.",
                          "§10: Intrigue au Sénat in Rome: 2 VP to enemies.", "§10: mutiny: rome loses 2 VP.",
                          "§10: mutiny: enemies loses 2 VP."]
    del st.chits_on_map["mutinerie#2"]
    st.units["p1"].mutiny = None
    st.leaders["aug"].loc = "rome"  # the Augustus is back in Rome (and no Praetorian stands elsewhere)
    out = Outcome()
    stratagems.phase_f_vp(st, out)
    assert out.public == ["§6: the Intrigue au Sénat marker leaves the map and goes back to the cup.",
                          "§10: Coup d'état parthe in Ctesiphon: 3 VP to rome.", "§10: mutiny: rome loses 2 VP."]
    assert (st.vp, st.cup) == ({"rome": 2, "enemies": 0}, ["intrigue_au_senat#1"])


def test_a_usurpation_with_no_general_named_is_refused_naming_what_is_missing() -> None:
    """§6.2 (a Usurpation chit) and §4.5 (the ``usurp`` command): the general who claims the
    purple must be named; the refusal cites the section and names the missing argument."""
    st = _murder_state()
    with pytest.raises(RuleError) as err:
        stratagems._usurpation(st, Outcome(), "E", {}, "usurpation")
    assert (err.value.section, str(err.value.message)) == ("§6.2", "name the general who claims the purple (leader)")
    with pytest.raises(RuleError) as err:
        stratagems.usurp(st, Outcome(), "enemies", {"leader": ""})
    assert (err.value.section, str(err.value.message)) == ("§4.5", "name the general who claims the purple (leader)")


def test_a_usurpation_chit_refused_says_why_with_its_section() -> None:
    """§3.6: with two usurpers standing no usurpation may be tried; §6.2: a general the chit
    does not allow (here the Augustus himself for the plain Usurpation) is refused, naming him
    and the chit; no die is rolled."""
    st = _murder_state()
    with pytest.raises(RuleError) as err:
        stratagems._usurpation(st, Outcome(), "E", {"leader": "aug"}, "usurpation")
    assert (err.value.section, str(err.value.message)) == ("§6.2", "Aug may not be the usurper of Usurpation now")
    st.leaders["gen"].owner, st.leaders["gen"].title = "E", "usurper"
    with pytest.raises(RuleError) as err:
        stratagems._usurpation(st, Outcome(), "E", {"leader": "caesar"}, "usurpation_d_un_caesar")
    assert (err.value.section, str(err.value.message), st.dice.rolls) == (
        "§3.6", "two usurpers already stand; no third usurpation may be tried", [])


def test_a_usurpation_chit_rolls_the_general_s_cp_and_gives_its_civil_war_bonus() -> None:
    """§6.2: d6 at most the general's CP validates the usurpation (§4.5), with the chit's bonus
    for the B/ to D/ tests (Usurpation 0, of a Caesar 1); above it the general stays loyal."""
    st = _murder_state()
    st.leaders["usurper"].status = "dead"
    st.dice.script.extend([4])  # type: ignore[attr-defined]
    out = Outcome()
    stratagems._usurpation(st, out, "E", {"leader": "gen"}, "usurpation")
    assert [(r.purpose, r.result) for r in st.dice.rolls] == [("§6.2 Usurpation: Gen rebels on 3 or less", 4)]
    assert (out.public, st.leaders["gen"].title) == (["§6.2: Gen stays loyal."], None)
    st.dice.script.extend([1])  # type: ignore[attr-defined]
    stratagems._usurpation(st, Outcome(), "E", {"leader": "gen"}, "usurpation")
    assert (st.leaders["gen"].title, st.usurper_bonus) == ("usurper", {"gen": 0})
    st = _murder_state()
    st.leaders["usurper"].status = "dead"
    st.dice.script.extend([1])  # type: ignore[attr-defined]
    stratagems._usurpation(st, Outcome(), "E", {"leader": "caesar"}, "usurpation_d_un_caesar")
    assert (st.leaders["caesar"].title, st.usurper_bonus) == ("usurper", {"caesar": 1})


def _mutiny_position() -> ImperatorState:
    """Rome's legions in Carnuntum (with an Armenian unit of Rome listed first), Vindobona (with
    a general), Aquincum (already in mutiny), the Quadi's land (beside a Quadi band) and Raetia
    (beside a usurper); a usurper's legion in Noricum; Parthian units in Parthia and Antiochia."""
    p = Pos(180)
    p.leader("aug", "rome", title="augustus").leader("gen", "vindobona").leader("rebel", "raetia", "E", title="usurper")
    p.unit("arm", "carnuntum", people="armenia")
    p.unit("c1", "carnuntum").unit("v1", "vindobona").unit("a1", "aquincum").unit("q1", "quadi")
    p.unit("n1", "noricum", "E").unit("r1", "raetia").unit("qd", "quadi", "E", people="quadi")
    p.unit("p1", "parthia", "E", people="parthians").unit("p2", "antiochia", "E", people="parthians")
    p.unit("p0", "parthia", "E", people="quadi")
    st = p.state(phase="E")
    st.units["a1"].mutiny = "mutinerie#1"
    return st


def test_mutinerie_goes_where_the_other_side_s_units_stand_without_a_leader() -> None:
    """§6.3 Mutinerie (AMB-46): the Enemies place it on Roman units of Rome in a zone of the
    Empire where no leader of Rome stands and no mutiny is already; Rome places it on Parthian
    units in a Parthian zone with no leader of the Enemies. Zone by zone, in id order."""
    st = _mutiny_position()
    assert (stratagems.mutiny_targets(st, "E"), stratagems.mutiny_targets(st, "R")) == (
        ["carnuntum", "raetia"], ["parthia"])


def _arrow_state() -> ImperatorState:
    p = Pos(180)
    p.leader("aug", "rome", title="augustus")
    p.unit("leg", "antiochia").unit("gone", "emesa").unit("rebels", "emesa", "E").unit("arm", "emesa", people="armenia")
    st = p.state(phase="E")
    st.units["gone"].status = "removed"
    st.persian_battle = True
    return st


@pytest.mark.parametrize(("args", "message"), [
    ({}, "name the Roman unit to eliminate (unit)"),
    ({"unit": "nobody"}, "'nobody' is not a Roman unit of the Roman player on the map (AMB-44)"),
    ({"unit": "gone"}, "Gone is not a Roman unit of the Roman player on the map (AMB-44)"),  # names (AMB-111)
    ({"unit": "rebels"}, "Rebels is not a Roman unit of the Roman player on the map (AMB-44)"),
    ({"unit": "arm"}, "Arm is not a Roman unit of the Roman player on the map (AMB-44)"),
])
def test_la_fleche_du_parthe_takes_a_roman_unit_of_rome_on_the_map_or_is_refused(
        args: dict[str, str], message: str) -> None:
    """§6.2 La flèche du Parthe (AMB-44): it names a Roman unit of the Roman player on the map;
    anything else is refused with §6.2 and the chit stays playable (the battle flag stays)."""
    st = _arrow_state()
    with pytest.raises(RuleError) as err:
        stratagems._fleche(st, Outcome(), "E", args, "fleche_du_parthe")
    assert (err.value.section, str(err.value.message), st.persian_battle) == ("§6.2", message, True)


def test_la_fleche_du_parthe_needs_a_battle_with_a_persian_unit_and_is_used_once() -> None:
    """§6.2: playable only after a battle in which a Persian unit fought; it eliminates the unit
    named, says so, and the flag is spent."""
    st = _arrow_state()
    out = Outcome()
    stratagems._fleche(st, out, "E", {"unit": "leg"}, "fleche_du_parthe")
    assert (st.units["leg"].status, out.public, st.persian_battle) == (
        "eliminated", ["§6.2: a Parthian shot: Leg is eliminated."], False)
    enemies = st.seat_of("E")
    st.hands[enemies] = ["fleche_du_parthe#1"]
    st.rules["stratagems"] = True
    refusal = stratagems.play_refusal(st, enemies, "fleche_du_parthe")
    assert refusal is not None
    assert (refusal.section, str(refusal.message)) == (
        "§6.2", "La flèche du Parthe follows a battle in which a Persian unit fought")


def test_mutinerie_is_refused_with_6_3_unless_its_zone_is_on_offer() -> None:
    """§6.3: the zone must be named and be one of the zones on offer for the player's side."""
    st = _mutiny_position()
    for args, message in (({}, "name the zone (zone)"), ({"zone": "vindobona"}, "Mutinerie may not be placed in Vindobona"),
                          ({"zone": "parthia"}, "Mutinerie may not be placed in Parthia")):
        with pytest.raises(RuleError) as err:
            stratagems._mutinerie(st, Outcome(), "E", args, "mutinerie")
        assert (err.value.section, str(err.value.message)) == ("§6.3", message)
    assert [u for u, s in st.units.items() if s.mutiny] == ["a1"]


def test_mutinerie_turns_only_the_roman_or_only_the_parthian_units_of_its_zone() -> None:
    """§6.3 (AMB-43): placed by the Enemies, every Roman unit of Rome in the zone mutinies (not an
    Armenian one beside them); placed by Rome, the Parthian units (not another People's).
    Mutineers are hostile to both sides and remember whose they were; the line names the zone
    and the side that loses 2 VP each phase F."""
    st = _mutiny_position()
    st.units["n1"].loc = "carnuntum"  # a usurper's legion of the Enemies there does not mutiny
    out = Outcome()
    assert stratagems._mutinerie(st, out, "E", {"zone": "carnuntum"}, "mutinerie") == "carnuntum"
    u = st.units
    assert [(x, u[x].mutiny, u[x].mutineer_of, u[x].owner) for x in ("arm", "c1", "n1")] == [
        ("arm", None, None, "R"), ("c1", "mutinerie@pending", "R", "M"), ("n1", None, None, "E")]
    assert out.public == ["§6.3: the units in Carnuntum mutiny; rome loses 2 VP each phase F until they are beaten."]
    out = Outcome()
    stratagems._mutinerie(st, out, "R", {"zone": "parthia"}, "mutinerie")
    assert [(x, u[x].mutiny, u[x].mutineer_of, u[x].owner) for x in ("p0", "p1")] == [
        ("p0", None, None, "E"), ("p1", "mutinerie@pending", "E", "M")]
    assert out.public == ["§6.3: the units in Parthia mutiny; enemies loses 2 VP each phase F until they are beaten."]


def test_desertion_goes_where_the_other_side_has_roman_or_parthian_units() -> None:
    """§6.3 Désertion: the Enemies play it on a zone holding Roman units of Rome; Rome plays it on
    a zone holding Roman (a usurper's) or Parthian units of the Enemies. Zone by zone, in id order."""
    st = _mutiny_position()
    assert (stratagems.desertion_targets(st, "E"), stratagems.desertion_targets(st, "R")) == (
        ["aquincum", "carnuntum", "quadi", "raetia", "vindobona"], ["antiochia", "noricum", "parthia"])


def test_desertion_costs_every_enemy_unit_of_the_zone_a_step_or_is_refused_with_6_3() -> None:
    """§6.3 Désertion: every unit of the other side in the zone loses a step (a reduced one is
    eliminated); the zone must be named and on offer for the player's side."""
    st = _mutiny_position()
    for args, message in (({}, "name the zone (zone)"), ({"zone": "quadi"}, "Désertion may not be played on Quadi")):
        with pytest.raises(RuleError) as err:
            stratagems._desertion(st, Outcome(), "R", args, "desertion")
        assert (err.value.section, str(err.value.message)) == ("§6.3", message)
    st.units["p0"].reduced = True
    st.units["c1"].loc = "parthia"  # Rome's own legion there is not touched
    out = Outcome()
    stratagems._desertion(st, out, "R", {"zone": "parthia"}, "desertion")
    assert [(x, st.units[x].status, st.units[x].reduced) for x in ("p0", "p1", "p2", "c1")] == [
        ("p0", "eliminated", False), ("p1", "map", True), ("p2", "map", False), ("c1", "map", False)]
    assert out.public == ["§6.3: desertion in Parthia: every enemy unit there loses a step.",  # then each unit (AMB-109)
                          "§6.3: P1 in Parthia turns to its reduced side.",
                          "§6.3: P0 in Parthia, already reduced, is eliminated."]


def test_usurp_plays_the_usurpation_chit_that_fits_the_general_s_title() -> None:
    """§4.5 with §6.2: ``usurp`` picks the chit by the general's title (an Augustus, a Caesar,
    anyone else); without the chit in hand the refusal names that chit, citing §6."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": [], "enemies": []}
    said = []
    for lid in ("aug", "caesar", "gen", "nobody"):
        with pytest.raises(RuleError) as err:
            stratagems.usurp(st, Outcome(), "enemies", {"leader": lid})
        said.append((err.value.section, str(err.value.message)))
    assert said == [("§6", "you hold no Usurpation d'un Augustus stratagem"), ("§6", "you hold no Usurpation d'un Caesar stratagem"),
                    ("§6", "you hold no Usurpation stratagem"), ("§6", "you hold no Usurpation stratagem")]


def test_initiative_played_after_the_roll_takes_the_initiative_and_says_so() -> None:
    """§6.3 Initiative (§2.B): played by the loser of the initiative roll, the chit is spent, his
    side takes the initiative, the line names his seat, and the play is a commit point; without
    the chit in hand the choice is refused with §6.3."""
    st = _cup_state()
    st.hands["rome"] = ["initiative#3"]
    st.initiative = "E"
    out = Outcome()
    stratagems.initiative_choice(st, out, "R", "initiative")
    assert (st.initiative, st.hands["rome"], out.public, out.commit_point) == (
        "R", [], ["§6.3: rome plays Initiative and takes the initiative."], True)
    with pytest.raises(RuleError) as err:
        stratagems.initiative_choice(st, Outcome(), "R", "initiative")
    assert (err.value.section, str(err.value.message)) == ("§6.3", "you hold no Initiative stratagem")


def test_a_plague_chit_with_no_zone_named_is_refused_with_6_3() -> None:
    st = _plague_zone()
    with pytest.raises(RuleError) as err:
        stratagems._plague(st, Outcome(), "E", {}, "foyer_de_peste")
    assert (err.value.section, str(err.value.message), st.plague) == ("§6.3", "name the zone (zone)", {})


@pytest.mark.parametrize(("zone", "shown"), [("nowhere", "'nowhere'"), ("mare", "Mare Internum")])
def test_a_plague_goes_on_a_land_zone_or_is_refused_with_6_3(zone: str, shown: str) -> None:
    st = _plague_zone()
    with pytest.raises(RuleError) as err:
        stratagems._plague(st, Outcome(), "E", {"zone": zone}, "foyer_de_peste")
    assert (err.value.section, str(err.value.message), st.plague) == ("§6.3", f"{shown} is not a land zone", {})


def test_foyer_infests_its_zone_and_epidemie_also_the_zones_around_without_downgrading_a_centre() -> None:
    """§6.3: Foyer de peste infests its zone (the centre); Épidémie de peste infests its zone and
    every land zone next to it, except one that is already a centre."""
    st = _plague_zone()
    st.dice.script.extend([1] * 10)  # type: ignore[attr-defined]
    out = Outcome()
    assert stratagems._plague(st, out, "E", {"zone": "carnuntum"}, "foyer_de_peste") == "carnuntum"
    assert (st.plague, out.public[0]) == ({"carnuntum": "centre"}, "§6.3: the plague strikes Carnuntum.")
    out = Outcome()
    stratagems._plague(st, out, "E", {"zone": "vindobona"}, "epidemie_de_peste")
    assert st.plague == {"carnuntum": "centre", "vindobona": "centre", "aquincum": "adjacent", "italia": "adjacent"}
    assert out.public == ["§6.3: the plague strikes Vindobona.", "§6.3: Away turns to its reduced side.",
                          "§6.3: the plague strikes Aquincum.",
                          "§6.3: the plague strikes Italia."]


def test_the_faveur_divine_window_offers_pass_then_each_face_of_the_die() -> None:
    """§6.3 Faveur divine: the holder is offered "pass" first, then every face of the die about
    to be rolled (0-9 for a d10, 1-6 for a d6), the pass being the default."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": [], "enemies": ["faveur_divine#1"]}
    stratagems.assassinate(st, Outcome(), "E", "aug", "§6.3")
    (d,) = st.pending
    assert (d["default"], d["choices"]) == ("pass", [["pass", "pass"], *[
        [f"faveur_divine@{f}", f"play Faveur divine: the die shows {f}"] for f in range(10)]])
    st.pending = []
    stratagems.favour_window(st, "E", "rally", {"x": 1}, "d6", [True, False])
    assert [c[0] for c in st.pending[0]["choices"]] == ["pass", *[f"faveur_divine@{f}" for f in range(1, 7)]]


def test_faveur_divine_played_by_the_roller_is_told_then_the_opponent_is_asked_first_then_the_roll() -> None:
    """§6.3 Faveur divine (AMB-45): the roller (the Enemies, trying to murder the guarded Augustus)
    plays it for a 9: the chit is spent, the play is said, cited and a commit point; the opponent
    is asked next, ahead of any other waiting decision, told it is his opponent's roll, and sees
    the face chosen and by whom; when he passes the roll is made with that face, modifiers still
    applied (9 - 1 = 8: the Augustus dies)."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": ["faveur_divine#2"], "enemies": ["faveur_divine#1"]}
    stratagems.assassinate(st, Outcome(), "E", "aug", "§6.3")
    payload = st.pending.pop()["data"]
    st.pending.append({"id": "waiting", "role": "R", "kind": "other"})
    out = Outcome()
    stratagems.favour_choice(st, out, "E", payload, "faveur_divine@9")
    assert (st.hands["enemies"], out.public, out.citations, out.commit_point) == (
        [], ["§6.3: enemies plays Faveur divine: the die will show 9 (modifiers still apply)."], ["§6.3"], True)
    first = st.pending[0]
    assert (first["role"], first["prompt"], first["default"], first["section"]) == (
        "R", "§6.3: your opponent's assassination roll (§6.3) is about to be made. Play a stratagem?", "pass", "§6.3")
    assert (first["data"]["face"], first["data"]["by"], [p["id"] for p in st.pending[1:]]) == (9, "E", ["waiting"])
    st.pending.pop(0)
    out = Outcome()
    stratagems.favour_choice(st, out, "R", first["data"], "pass")
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.natural, roll.result) == (
        "§6.3: assassination of Aug (8 or 9 kills) (Faveur divine)", 9, 8)
    assert (st.leaders["aug"].status, out.public[:2]) == (
        "dead", ["§6.3: Aug is dead (assassination).", "§10: 1 VP to enemies for the death of Aug."])


def test_a_favour_window_for_an_unnamed_roll_says_roll_and_one_without_the_chit_is_refused() -> None:
    """§6.3: a roll kind with no name of its own is called "roll" in the prompt; playing Faveur
    divine without holding it is refused with §6.3."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": ["faveur_divine#2"], "enemies": ["initiative#1"]}
    stratagems.favour_window(st, "E", "omen", {}, "d6", [True, False])
    assert st.pending[0]["prompt"] == "§6.3: your roll is about to be made. Play a stratagem?"
    with pytest.raises(RuleError) as err:
        stratagems.favour_choice(st, Outcome(), "E", st.pending[0]["data"], "faveur_divine@3")
    assert (err.value.section, str(err.value.message)) == ("§6.3", "you hold no Faveur divine")


def test_after_the_window_each_roll_goes_back_to_its_own_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.3 Faveur divine: once the windows are answered, the waiting roll is made by the rule it
    belongs to (evasion §8.1, escape §7, assassination §6.3, plague §6.3, rally §4.5 D/, loyalty
    §4.5 B/, spread §4.5 C/) with the same state, outcome and data; an unknown kind is refused."""
    calls: list[tuple[object, ...]] = []
    for module, fn in ((combat, "evade"), (movement, "lone_leader_escape"), (movement, "rally_roll"),
                       (politics, "resume_loyalty"), (politics, "spread_roll"), (stratagems, "plague_death_roll"),
                       (stratagems, "assassinate")):
        monkeypatch.setattr(module, fn, lambda *a, _fn=fn: calls.append((_fn, a[0] is st, a[1] is out, *a[2:])))
    st, out = _murder_state(), Outcome()
    data = {"leader": "aug", "role": "E", "why": "§6.3", "favour_done": True}
    for kind in ("evade", "escape", "assassinate", "plague", "rally", "loyalty", "spread"):
        stratagems._resume(st, out, kind, data)
    assert calls == [("evade", True, True, data, "evade"), ("lone_leader_escape", True, True, "aug", data),
                     ("assassinate", True, True, "E", "aug", "§6.3", data), ("plague_death_roll", True, True, data),
                     ("rally_roll", True, True, data), ("resume_loyalty", True, True, data), ("spread_roll", True, True, data)]
    with pytest.raises(RuleError) as err:
        stratagems._resume(st, out, "omen", data)
    assert (err.value.section, str(err.value.message)) == ("§6.3", "unknown roll omen")


def test_may_rise_says_why_a_people_may_not_go_to_war() -> None:
    """§6.2 Soulèvement with §4.2, §4.4, §9.2.4: a People rises only if it is one of the map's
    Peoples (not Armenia, which changes side instead), of the chit's kind, at peace, still in the
    game (Osrhoene and Adiabene leave it after 195), not bound to peace, and not barred by the
    scenario; each reason is said."""
    st = _peace_state("roxolani")
    object.__setattr__(st.board, "peoples", {**st.board.peoples,
        "osrhoene": PeopleDef("osrhoene", "Osrhoene", "persian", False, "east", "orient"),
        "adiabene": PeopleDef("adiabene", "Adiabene", "persian", False, "east", "orient"),
        "armenia": PeopleDef("armenia", "Armenia", "persian", False, "east", "orient")})
    st.locked["frisii"] = 206
    st.rules["scenario_rules"] = [{"kind": "no_war_before", "peoples": ["jazyges"], "year": 206}]
    assert [stratagems.may_rise(st, pid, major) for pid, major in (
        ("nobody", False), ("armenia", False), ("quadi", False), ("frisii", True), ("roxolani", False),
        ("osrhoene", False), ("frisii", False), ("jazyges", True), ("quadi", True))] == [
        "unknown People 'nobody'", "unknown People 'armenia'", "the Quadi are a Major People",
        "the Frisii are a Minor People", "the Roxolani are already at war",
        "the Osrhoene left the game in 195 and can no longer go to war (§4.2)",
        "the Frisii are bound to peace until 206 (§9.2.4)", "Scenario: the Jazyges may not go to war before 206", None]
    st.year = 196
    assert stratagems.may_rise(st, "adiabene", False) == "the Adiabene left the game in 195 and can no longer go to war (§4.2)"
    st.year = 195
    st.locked["frisii"] = 195
    assert [stratagems.may_rise(st, pid, False) for pid in ("osrhoene", "adiabene", "frisii")] == [None, None, None]


@pytest.mark.parametrize(("tid", "args", "message"), [
    ("soulevement_d_un_peuple_mineur", {}, "name the People(s) that rise (peoples)"),
    ("soulevement_d_un_peuple_mineur", {"peoples": ["frisii", "roxolani"]}, "at most 1 People(s)"),
    ("soulevement_de_deux_peuples_mineurs", {"peoples": ["frisii", "quadi"]}, "the Quadi are a Major People"),
])
def test_a_rising_refused_cites_6_2_and_starts_no_war(tid: str, args: dict[str, object], message: str) -> None:
    st = _peace_state()
    with pytest.raises(RuleError) as err:
        stratagems._rising(st, Outcome(), "E", dict(args), tid)
    assert (err.value.section, str(err.value.message), st.at_war) == ("§6.2", message, [])


def test_a_rising_declares_each_people_named_once_and_brings_it_in() -> None:
    """§6.2 with §4.4: each People named (a name given twice counts once) goes to war and its
    units come in (deploy_people)."""
    st = _peace_state()
    stratagems._rising(st, Outcome(), "E", {"peoples": ["frisii", "frisii"]}, "soulevement_d_un_peuple_mineur")
    assert st.at_war == ["frisii"]


def test_setup_cup_puts_the_table_s_chits_or_the_counts_given_and_empties_the_hands() -> None:
    """§6: the cup holds each type's chits numbered from 1 (the stratagem table's counts unless a
    scenario gives its own), the hands start empty and the game is played with stratagems."""
    st = Pos().state()
    st.hands = {"rome": ["initiative#9"], "enemies": []}
    stratagems.setup_cup(st)
    assert (st.cup, st.hands, st.rules["stratagems"]) == (
        [f"{tid}#1" for tid in stratagems.types()], {"rome": [], "enemies": []}, True)
    stratagems.setup_cup(st, {"assassinat": 3, "pax_romana": 0})
    assert st.cup.count("assassinat#3") == 1 and "pax_romana#1" not in st.cup
    assert len(st.cup) == len(stratagems.types()) + 1


def test_hand_view_lists_each_chit_with_its_name_phase_and_whether_the_side_may_use_it() -> None:
    """§6: each chit of the hand with its French name, its phase, whether the side may use it at
    all, and whether it may be played now (phase A here: neither)."""
    st = _cup_state()
    st.hands["enemies"] = ["pax_romana#1", "mutinerie#1"]
    assert stratagems.hand_view(st, "enemies") == [
        {"id": "pax_romana#1", "type": "pax_romana", "name": "Pax Romana", "phase": "E", "usable": False, "playable": False},
        {"id": "mutinerie#1", "type": "mutinerie", "name": "Mutinerie", "phase": "E", "usable": True, "playable": False}]
    assert stratagems.hand_view(st, "nobody") == []


def test_the_initiative_window_offers_the_chit_only_to_its_holder() -> None:
    """§6.3 Initiative (§2.B): the loser of the initiative roll is asked, "pass" by default; the
    play is offered only when he holds the chit."""
    st = _cup_state()
    st.hands["enemies"] = ["initiative#1"]
    stratagems.open_initiative_window(st, "E")
    stratagems.open_initiative_window(st, "R")
    assert [(d["role"], d["kind"], d["prompt"], d["choices"], d["default"], d["section"]) for d in st.pending] == [
        ("E", "initiative", "§6.3: the initiative roll went against you. Play a stratagem?",
         [["pass", "pass"], ["initiative", "play Initiative: take the initiative"]], "pass", "§2.B"),
        ("R", "initiative", "§6.3: the initiative roll went against you. Play a stratagem?", [["pass", "pass"]], "pass", "§2.B")]


def test_a_plague_roll_for_a_leader_waits_for_his_owner_s_faveur_divine_window() -> None:
    """§6.3 (Faveur divine before the plague's d10): the leader's owner is asked first about his
    plague roll; with no chit in play the roll is made at once, unmodified, and only a 9 kills."""
    st = _plague_zone()
    st.hands = {"rome": ["faveur_divine#1"], "enemies": []}
    stratagems.plague_death_roll(st, Outcome(), {"leader": "lucky"})
    (d,) = st.pending
    assert (d["role"], d["prompt"], len(d["choices"]), st.dice.rolls) == (
        "R", "§6.3: your plague roll for a leader (§6.3) is about to be made. Play a stratagem?", 11, [])
    assert {k: d["data"][k] for k in ("kind", "die", "roller", "data")} == {
        "kind": "plague", "die": "d10", "roller": "R", "data": {"leader": "lucky"}}
    st = _plague_zone()
    st.dice.script.extend([8])  # type: ignore[attr-defined]
    stratagems.plague_death_roll(st, Outcome(), {"leader": "lucky"})
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.modifiers, roll.natural, st.leaders["lucky"].status) == (
        "§6.3 plague: Lucky dies on 9", (), 8, "map")


def test_a_plague_striking_only_the_leaders_named_passes_over_the_others() -> None:
    """§6.3: counters entering an infested zone are struck (``only``); a leader already there,
    sorted before the newcomer, is passed over and the newcomer still rolls."""
    st = _plague_zone()
    st.dice.script.extend([9])  # type: ignore[attr-defined]
    stratagems._plague_strike(st, Outcome(), "carnuntum", "centre", only={"lucky"})
    assert (st.plague_hit, st.leaders["lucky"].status, st.leaders["doomed"].status) == (["lucky@carnuntum"], "dead", "map")


def _battle_window(monkeypatch: pytest.MonkeyPatch) -> tuple[ImperatorState, list[tuple[object, ...]]]:
    """Carnuntum: the Enemies attack Rome's legion; each side holds a battle chit. The windows
    that follow, the battle and the Fuite are recorded instead of being opened or fought."""
    p = Pos(180)
    p.leader("aug", "rome", title="augustus")
    p.unit("leg", "carnuntum").unit("band", "carnuntum", "E", people="quadi")
    st = p.state(phase="E")
    st.rules["stratagems"] = True
    st.hands = {"rome": ["roma_victor#1", "faveur_divine#1"], "enemies": ["furor_germanicus#1", "fuite_opportune#1"]}
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(stratagems, "open_battle_window", lambda st_, zone, attacker, stage: calls.append(("window", zone, attacker, stage)))
    monkeypatch.setattr(combat, "battle", lambda st_, out, attacker, zone: calls.append(("battle", attacker, zone, dict(st_.battle))))
    monkeypatch.setattr(combat, "fuite", lambda st_, out, zone, role, dest: calls.append(("fuite", zone, role, dest)))
    return st, calls


def test_a_battle_chit_of_the_defender_is_told_and_the_attacker_is_asked_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6 (battle window, before the roll): the defender's Roma Victor is spent, said, a commit
    point, forces the roll for his side, and the attacker's window opens; nothing is fought yet."""
    st, calls = _battle_window(monkeypatch)
    out = Outcome()
    stratagems.battle_choice(st, out, "R", {"zone": "carnuntum", "attacker": "E", "stage": "defender"}, "roma_victor")
    assert (st.hands["rome"], st.cup, out.public, out.commit_point) == (
        ["faveur_divine#1"], ["roma_victor#1"], ["§6: rome plays Roma Victor."], True)
    assert (st.battle, calls) == ({"zone": "carnuntum", "attacker": "E", "plays": {"forced": "R"}, "ready": False},
                                  [("window", "carnuntum", "E", "attacker")])


def test_furor_germanicus_against_roma_victor_cancels_both_and_the_battle_is_fought(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6: the two forcing chits cancel each other and the die is rolled (said); with nothing left
    to answer, the battle is fought at once and the window's record is cleared."""
    st, calls = _battle_window(monkeypatch)
    st.battle = {"zone": "carnuntum", "attacker": "E", "plays": {"forced": "R"}, "ready": False}
    out = Outcome()
    stratagems.battle_choice(st, out, "E", {"zone": "carnuntum", "attacker": "E", "stage": "attacker"}, "furor_germanicus")
    assert out.public == ["§6: enemies plays Furor Germanicus.",
                          "§6: Roma Victor and Furor Germanicus cancel each other; the die is rolled."]
    assert (calls, st.battle) == ([("battle", "E", "carnuntum", {"zone": "carnuntum", "attacker": "E", "ready": True,
                                                                 "plays": {"forced": None, "cancelled": True}})], None)


def test_an_attacker_s_forcing_chit_gives_the_defender_a_response_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6: when the attacker forces the roll and nothing cancelled it, the defender may answer."""
    st, calls = _battle_window(monkeypatch)
    stratagems.battle_choice(st, Outcome(), "E", {"zone": "carnuntum", "attacker": "E", "stage": "attacker"}, "furor_germanicus")
    assert (calls, st.battle["plays"]) == ([("window", "carnuntum", "E", "response")], {"forced": "E"})


def test_faveur_divine_in_a_battle_fixes_the_face_and_fuite_opportune_leaves_the_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.3: Faveur divine before the battle roll records the face and who chose it; Fuite
    opportune (§8.1) sends the force away with its destination and closes the window."""
    st, calls = _battle_window(monkeypatch)
    stratagems.battle_choice(st, Outcome(), "R", {"zone": "carnuntum", "attacker": "E", "stage": "response"}, "faveur_divine@7")
    assert calls[0][0] == "battle" and calls[0][3]["plays"] == {"face": 7, "face_by": "R"}
    calls.clear()
    st.battle = None
    stratagems.battle_choice(st, Outcome(), "E", {"zone": "carnuntum", "attacker": "R", "stage": "defender"}, "fuite_opportune@quadi")
    assert (calls, st.battle, st.hands["enemies"]) == ([("fuite", "carnuntum", "E", "quadi")], None, ["furor_germanicus#1"])
    with pytest.raises(RuleError) as err:
        stratagems.battle_choice(st, Outcome(), "E", {"zone": "carnuntum", "attacker": "R", "stage": "defender"}, "fuite_opportune@quadi")
    assert (err.value.section, str(err.value.message)) == ("§6", "you hold no fuite_opportune")


def test_mutineers_attacked_get_no_response_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.3 with AMB-43: mutineers play no stratagem, so Rome's forcing chit against them is not
    answered: the battle is fought at once."""
    st, calls = _battle_window(monkeypatch)
    st.units["band"].loc = "vindobona"
    st.units["mut"] = replace(st.units["leg"], owner="M", mutiny="mutinerie#1", mutineer_of="R")
    object.__setattr__(st.board, "units", {**st.board.units, "mut": st.board.units["leg"]})
    stratagems.battle_choice(st, Outcome(), "R", {"zone": "carnuntum", "attacker": "R", "stage": "attacker"}, "roma_victor")
    assert [c[:3] for c in calls] == [("battle", "R", "carnuntum")]


def _window_position() -> ImperatorState:
    """Carnuntum: a Roman legion and a Quadi (German) band; each side holds its forcing chit,
    Fuite opportune and Faveur divine (Rome may fall back to Vindobona, the Quadi home)."""
    p = Pos(180)
    p.leader("aug", "rome", title="augustus")
    p.leader("gen", "carnuntum", cc=2)
    p.unit("leg", "carnuntum").unit("band", "carnuntum", "E", people="quadi")
    st = p.state(phase="E")
    st.rules["stratagems"] = True
    st.hands = {"rome": ["roma_victor#1", "faveur_divine#1", "fuite_opportune#1"],
                "enemies": ["furor_germanicus#1", "fuite_opportune#2", "faveur_divine#2"]}
    return st


_FACES = [(f"faveur_divine@{f}", f"play Faveur divine: the die shows {f}") for f in range(1, 7)]


def test_the_defender_s_battle_window_offers_pass_the_forcing_chit_each_withdrawal_then_each_face() -> None:
    """§6.1/§6.2 (Roma Victor, Furor Germanicus) and §6.3 (Fuite opportune, Faveur divine): the
    defender's window, in this order and with these labels: pass, his forcing chit, a Fuite
    opportune to each zone `combat.fuite_zones` gives him, Faveur divine with each face 1-6."""
    st = _window_position()
    assert stratagems._window_choices(st, "R", "carnuntum", "defender", {}) == [
        ("pass", "pass"), ("roma_victor", "play Roma Victor"),
        ("fuite_opportune@vindobona", "play Fuite opportune: withdraw to Vindobona"), *_FACES]
    assert stratagems._window_choices(st, "E", "carnuntum", "defender", {}) == [
        ("pass", "pass"), ("furor_germanicus", "play Furor Germanicus"),
        ("fuite_opportune@quadi", "play Fuite opportune: withdraw to Quadi"), *_FACES]


def test_the_attacker_s_window_has_no_withdrawal_and_offers_his_chit_to_cancel_the_other_s() -> None:
    """§6.3 with §8.1: only the defender may play Fuite opportune. §6.1/§6.2: the attacker's
    forcing chit is offered to force the roll when nothing was forced, "to cancel" when the
    defender forced it, and not at all when he forced it himself or the two already cancelled."""
    st = _window_position()
    assert stratagems._window_choices(st, "E", "carnuntum", "attacker", {}) == [
        ("pass", "pass"), ("furor_germanicus", "play Furor Germanicus"), *_FACES]
    assert stratagems._window_choices(st, "E", "carnuntum", "attacker", {"forced": "R"}) == [
        ("pass", "pass"), ("furor_germanicus", "play Furor Germanicus to cancel"), *_FACES]
    for plays in ({"forced": "E"}, {"forced": "R", "cancelled": True}):
        assert stratagems._window_choices(st, "E", "carnuntum", "attacker", plays) == [("pass", "pass"), *_FACES]
    st.hands["enemies"] = ["fuite_opportune#2"]
    assert stratagems._window_choices(st, "E", "carnuntum", "attacker", {}) == [("pass", "pass")]


def test_the_response_window_offers_only_the_cancelling_chit() -> None:
    """§6.1/§6.2: answering a forced roll, the defender may only cancel it with his own forcing
    chit (not Faveur divine nor Fuite opportune, which he holds); without one he can only pass."""
    st = _window_position()
    assert stratagems._window_choices(st, "R", "carnuntum", "response", {"forced": "E"}) == [
        ("pass", "pass"), ("roma_victor", "play Roma Victor to cancel")]
    st.hands["rome"] = ["faveur_divine#1", "fuite_opportune#1"]
    assert stratagems._window_choices(st, "R", "carnuntum", "response", {"forced": "E"}) == [("pass", "pass")]


def test_roma_victor_is_not_offered_against_a_usurper_nor_furor_germanicus_without_germans() -> None:
    """§6.1: Roma Victor may not be played against a usurper's force; §6.2: Furor Germanicus
    only in a battle with German units."""
    st = _window_position()
    st.units["band"].loc = "vindobona"
    st.units["reb"] = replace(st.units["leg"], owner="E")
    st.units["reb2"] = replace(st.units["leg"], owner="E", mutiny="mutinerie#1")
    object.__setattr__(st.board, "units", {**st.board.units, "reb": st.board.units["leg"], "reb2": st.board.units["leg"]})
    assert stratagems.battle_facts(st, "carnuntum") == {"german": False, "persian": False, "usurper": True}
    assert stratagems._window_choices(st, "R", "carnuntum", "attacker", {}) == [("pass", "pass"), *_FACES]
    assert stratagems._window_choices(st, "E", "carnuntum", "attacker", {}) == [("pass", "pass"), *_FACES]


def test_each_battle_window_asks_its_side_with_its_own_prompt_and_passes_by_default() -> None:
    """§6: the defender's window goes to the defender, the attacker's to the attacker, the
    response to the defender again (with the battle's record of what was forced); each is a
    `bstrat` decision citing §6 whose default is "pass" and which carries zone, attacker, stage."""
    st = _window_position()
    stratagems.open_battle_window(st, "carnuntum", "E", "defender")
    st.battle = {"zone": "carnuntum", "attacker": "E", "plays": {"forced": "R"}, "ready": False}
    stratagems.open_battle_window(st, "carnuntum", "E", "attacker")
    st.battle["plays"] = {"forced": "E"}
    stratagems.open_battle_window(st, "carnuntum", "E", "response")
    asked = [(d["role"], d["kind"], d["prompt"], d["choices"][:2], d["default"], d["section"], d["data"]) for d in st.pending]
    assert asked == [
        ("R", "bstrat", "§6: a battle is about to be fought in Carnuntum; you defend. Play a stratagem?",
         [["pass", "pass"], ["roma_victor", "play Roma Victor"]], "pass", "§6",
         {"zone": "carnuntum", "attacker": "E", "stage": "defender"}),
        ("E", "bstrat", "§6: you are about to roll the battle in Carnuntum. Play a stratagem?",
         [["pass", "pass"], ["furor_germanicus", "play Furor Germanicus to cancel"]], "pass", "§6",
         {"zone": "carnuntum", "attacker": "E", "stage": "attacker"}),
        ("R", "bstrat", "§6: your opponent forces the result in Carnuntum. Answer with a stratagem?",
         [["pass", "pass"], ["roma_victor", "play Roma Victor to cancel"]], "pass", "§6",
         {"zone": "carnuntum", "attacker": "E", "stage": "response"}),
    ]


def test_mutineers_defending_get_no_window_the_attacker_is_asked_at_once() -> None:
    """AMB-43: mutineers play no stratagem: the defender's window of a battle against them
    becomes the attacker's, with the attacker's prompt, choices and stage."""
    st = _window_position()
    st.units["band"].loc = "vindobona"
    st.units["leg"].owner, st.units["leg"].mutiny = "M", "mutinerie#1"
    stratagems.open_battle_window(st, "carnuntum", "E", "defender")
    (d,) = st.pending
    assert (d["role"], d["prompt"], d["choices"][:2], d["data"]) == (
        "E", "§6: you are about to roll the battle in Carnuntum. Play a stratagem?",
        [["pass", "pass"], ["faveur_divine@1", "play Faveur divine: the die shows 1"]],
        {"zone": "carnuntum", "attacker": "E", "stage": "attacker"})


def _rising_in_phase_c() -> ImperatorState:
    """`_peace_state` in the Enemies' phase C step, the Frisii's unit off the map, the Enemies
    holding a Soulèvement d'un peuple mineur."""
    st = _peace_state()
    st.phase, st.active = "C", "E"
    st.rules["stratagems"] = True
    st.hands = {"rome": [], "enemies": ["soulevement_d_un_peuple_mineur#1"]}
    st.units["f1"].status, st.units["f1"].loc, st.units["f1"].owner = "out", None, "R"
    return st


@pytest.mark.parametrize("key", ["id", "stratagem"])
def test_play_takes_the_chit_named_commits_cites_its_first_section_and_applies_it(key: str) -> None:
    """§6: the ``stratagem`` command names the chit by ``id`` or ``stratagem``; the chit leaves
    the hand (back to the cup once spent), the play is a commit point citing the chit's first
    section (§6.2 of "§6.2; §4.4"), said before its effect: the Frisii go to war (§4.4) and
    their unit comes into their home zone for the Enemies."""
    st = _rising_in_phase_c()
    out = Outcome()
    stratagems.play(st, out, "enemies", {key: "soulevement_d_un_peuple_mineur", "peoples": ["frisii"]})
    assert out.public == ["§6: enemies plays Soulèvement d'un Peuple mineur.", "§4.4: the Frisii go to war against Rome.",
                          "§4.4: F1 enters play in Frisia."]
    assert (out.citations, out.commit_point, out.map_changed) == (["§6.2"], True, True)
    assert (st.hands["enemies"], st.cup, st.at_war) == ([], ["soulevement_d_un_peuple_mineur#1"], ["frisii"])
    f1 = st.units["f1"]
    assert (f1.status, f1.loc, f1.owner) == ("map", "frisia", "E")


@pytest.mark.parametrize(("args", "message"), [
    ({}, "unknown stratagem ''"),
    ({"id": "", "stratagem": ""}, "unknown stratagem ''"),
    ({"id": "nothing"}, "unknown stratagem 'nothing'"),
])
def test_play_refuses_an_unknown_or_missing_chit_with_6(args: dict[str, str], message: str) -> None:
    st = _rising_in_phase_c()
    with pytest.raises(RuleError) as err:
        stratagems.play(st, Outcome(), "enemies", args)
    assert (err.value.section, str(err.value.message), st.hands["enemies"]) == (
        "§6", message, ["soulevement_d_un_peuple_mineur#1"])


def test_a_chit_type_without_an_effect_is_not_yet_supported_citing_its_section(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chit type the engine has no effect for raises NotYetSupported with the chit's section
    and name, the chit still in hand (every type has one today: this guards a new type)."""
    st = _rising_in_phase_c()
    monkeypatch.delitem(stratagems._EFFECTS, "soulevement_d_un_peuple_mineur")
    with pytest.raises(NotYetSupported) as err:
        stratagems.play(st, Outcome(), "enemies", {"id": "soulevement_d_un_peuple_mineur", "peoples": ["frisii"]})
    assert (err.value.section, str(err.value.message), st.hands["enemies"]) == (
        "§6.2; §4.4", "not yet supported (§6.2; §4.4): Soulèvement d'un Peuple mineur", ["soulevement_d_un_peuple_mineur#1"])


# -- the ``stratagem`` command's one check (play_refusal), and "playable now" ------------------

def _refusal_state(phase: str, active: str) -> ImperatorState:
    """Year 180 with a Roman legion and an enemy leader on the map, so the chits aimed at them
    have a target (AMB-93); no People may rise."""
    st = Pos(180).unit("leg", "vindobona").leader("chief", "quadi", owner="E").state(phase=phase, active=active)
    st.rules["stratagems"] = True
    st.hands = {"rome": ["intrigue_au_senat#1", "roma_victor#1", "fuite_opportune#1", "initiative#1", "faveur_divine#1",
                         "assassinat#1"],
                "enemies": ["intrigue_au_senat#2", "soulevement_d_un_peuple_mineur#1", "fleche_du_parthe#1"]}
    return st


@pytest.mark.parametrize(("phase", "active", "seat", "tid", "refusal"), [
    ("E", "R", "rome", "intrigue_au_senat", ("§6.2", "Intrigue au Sénat may not be played by your side")),
    ("E", "R", "enemies", "assassinat", ("§6", "you hold no Assassinat stratagem")),
    ("E", "R", "rome", "roma_victor", ("§6.1", "Roma Victor is played when the game offers it (before a battle roll "
                                               "or after the initiative roll)")),
    ("E", "R", "rome", "fuite_opportune", ("§6.3; §8.1", "Fuite opportune is played when the game offers it (before a "
                                                         "battle roll or after the initiative roll)")),
    ("B", "R", "rome", "initiative", ("§6.3; §2.B", "Initiative is played when the game offers it (before a battle roll "
                                                    "or after the initiative roll)")),
    ("E", "R", "rome", "faveur_divine", ("§6.3", "Faveur divine is played when the game offers it, before a die roll of "
                                                 "phase E")),
    ("C", "E", "rome", "assassinat", ("§6.3", "Assassinat is played in phase E only")),
    ("C", "R", "enemies", "soulevement_d_un_peuple_mineur", (
        "§6.2; §4.4", "Soulèvement d'un Peuple mineur is played during the Enemies of Rome's phase C step")),
    ("E", "E", "enemies", "fleche_du_parthe", ("§6.2", "La flèche du Parthe follows a battle in which a Persian unit fought")),
    ("E", "R", "enemies", "intrigue_au_senat", None),
    ("C", "E", "enemies", "soulevement_d_un_peuple_mineur", (
        "§6.2", "no People at peace that Soulèvement d'un Peuple mineur may raise now")),
])
def test_play_refusal_names_the_first_reason_with_the_chit_s_section(
        phase: str, active: str, seat: str, tid: str, refusal: tuple[str, str] | None) -> None:
    """§6: a chit is played with the ``stratagem`` command only by a side that may use it, held,
    when it is not one the game offers in a window (battle, initiative, a die roll), in its own
    phase, a phase C chit in the Enemies' step, La flèche du Parthe after a Persian battle; each
    refusal cites the chit's section (the hand and "no stratagems" cite §6)."""
    st = _refusal_state(phase, active)
    err = stratagems.play_refusal(st, seat, tid)
    assert (None if err is None else (err.section, str(err.message))) == refusal
    assert stratagems.playable_now(st, seat, f"{tid}#1") is (refusal is None)


def test_play_refusal_without_stratagems_cites_6_and_la_fleche_after_a_persian_battle_is_playable() -> None:
    """§6.2: La flèche du Parthe is playable right after a battle a Persian unit fought; a
    scenario played without stratagems refuses every chit citing §6."""
    st = _refusal_state("E", "E")
    st.persian_battle = True
    assert stratagems.play_refusal(st, "enemies", "fleche_du_parthe") is None
    st.rules["stratagems"] = False
    err = stratagems.play_refusal(st, "enemies", "fleche_du_parthe")
    assert err is not None and (err.section, str(err.message)) == ("§6", "this scenario is played without stratagems")


def test_playable_now_with_a_decision_waiting_is_a_choice_of_that_decision_for_its_seat_only() -> None:
    """§6.3 (Faveur divine before a roll): with a decision waiting, a chit is playable now only
    by the seat deciding and only when its type is one of the choices (``type@argument``); a
    finished game plays nothing."""
    st = _refusal_state("E", "R")
    st.hands["enemies"].append("faveur_divine#2")
    st.pending = [{"id": "d-1", "role": "R", "kind": "favour", "prompt": "?", "default": "pass", "section": "§6.3",
                   "choices": [["pass", "pass"], ["faveur_divine@3", "x"]], "data": {}}]
    assert [stratagems.playable_now(st, seat, chit) for seat, chit in (
        ("rome", "faveur_divine#1"), ("enemies", "faveur_divine#2"), ("rome", "assassinat#1"))] == [True, False, False]
    st.pending = []
    assert stratagems.playable_now(st, "rome", "assassinat#1") is True
    st.game_over = True
    assert stratagems.playable_now(st, "rome", "assassinat#1") is False


def test_a_marker_chit_played_stays_on_the_map_for_its_side() -> None:
    """§6.2 Intrigue au Sénat: played, its marker stays in Rome and is the Enemies' (phase F VP)."""
    st = _refusal_state("E", "R")
    out = Outcome()
    stratagems.play(st, out, "enemies", {"id": "intrigue_au_senat"})
    assert (st.chits_on_map, st.map_chit_side, out.public) == (
        {"intrigue_au_senat#2": "rome"}, {"intrigue_au_senat#2": "E"},
        ["§6: enemies plays Intrigue au Sénat.", "§6.2: intrigue in the Senate: the marker is placed in Rome."])


def test_a_parthian_coup_placed_where_the_enemies_stand_in_force_leaves_at_once_and_says_so() -> None:
    """§6.1 Coup d'état parthe (ruling "Markers act when their condition is met"): placed in a
    Ctesiphon held by a named leader of the Enemies with three units, the marker leaves the map
    at once for the cup, said in the play's outcome."""
    p = Pos(180)
    p.leader("king", "parthia", "E", people="parthians")
    for i in range(3):
        p.unit(f"p{i}", "parthia", "E", people="parthians")
    st = p.state(phase="E")
    object.__setattr__(st.board, "zones", {**st.board.zones, "parthia": replace(st.board.zones["parthia"], ctesiphon=True)})
    st.rules["stratagems"] = True
    st.hands = {"rome": ["coup_d_etat_parthe#1"], "enemies": []}
    out = Outcome()
    stratagems.play(st, out, "rome", {"id": "coup_d_etat_parthe"})
    assert (st.chits_on_map, st.map_chit_side, st.cup) == ({}, {}, ["coup_d_etat_parthe#1"])
    assert out.public == ["§6: rome plays Coup d'état parthe.", "§6.1: a Parthian coup: the marker is placed in Parthia.",
                          "§6: the Coup d'état parthe marker leaves the map and goes back to the cup."]


def test_the_parthian_coup_stays_while_only_a_roman_or_a_generic_leader_stands_with_the_three_units() -> None:
    """§6.1 (D-17): only a named leader of the Enemies with three units clears the marker."""
    p = Pos(180)
    p.leader("gen", "parthia").leader("generic_king", "parthia", "E", people="parthians")
    for i in range(3):
        p.unit(f"p{i}", "parthia", "E", people="parthians")
    st = p.state(phase="E")
    object.__setattr__(st.board, "leaders", {**st.board.leaders, "generic_king": replace(
        st.board.leaders["generic_king"], generic=True)})
    st.chits_on_map = {"coup_d_etat_parthe#1": "parthia"}
    out = Outcome()
    stratagems.check_markers(st, out)
    assert (st.chits_on_map, out.public) == ({"coup_d_etat_parthe#1": "parthia"}, [])


# -- small helpers: hands, chits spent, argument lists, sides ---------------------------------

def test_a_seat_with_no_hand_yet_draws_into_a_new_one_and_holds_nothing() -> None:
    """§2.A: a seat with no hand recorded gets one at its first draw; holding() finds nothing in
    a hand that does not exist."""
    st = _cup_state("pax_romana#1")
    st.hands = {}
    assert stratagems.holding(st, "rome", "pax_romana") is None
    st.dice.script.extend([0])  # type: ignore[attr-defined]
    stratagems.draw(st, Outcome())
    assert st.hands == {"rome": ["pax_romana#1"], "enemies": []}


@pytest.mark.parametrize(("chit", "zone", "where"), [
    ("pax_romana#1", "rome", "gone"), ("intrigue_au_senat#1", "rome", "map"), ("foyer_de_peste#1", "carnuntum", "map"),
    ("intrigue_au_senat#1", None, "cup"), ("assassinat#1", "rome", "cup"),
])
def test_a_spent_chit_leaves_the_game_stays_on_the_map_or_goes_back_to_the_cup(chit: str, zone: str | None, where: str) -> None:
    """§6 (each chit's printed fate): Pax Romana leaves the game; a marker chit (Intrigue, the
    plague) stays in its zone; any other chit, or a marker with no zone, goes back to the cup."""
    st = _cup_state()
    stratagems._spent(st, chit, zone)
    assert (st.gone_chits, st.chits_on_map, st.cup) == {
        "gone": ([chit], {}, []), "map": ([], {chit: zone}, []), "cup": ([], {}, [chit])}[where]


def test_argument_lists_take_the_plural_key_a_single_string_or_the_singular_key() -> None:
    """The ``stratagem`` command's Peoples: a list, one name, or the singular key; empty is none."""
    assert [stratagems._list(a, "peoples") for a in (
        {"peoples": ["a", "b"]}, {"peoples": "a"}, {"people": "a"}, {"people": ""}, {})] == [
        ["a", "b"], ["a"], ["a"], [], []]


def test_side_of_a_role() -> None:
    """§6: the side names of the stratagem table ("rome", "eor") for each role."""
    assert (stratagems.side_of("R"), stratagems.side_of("E")) == ("rome", "eor")


# -- peoples deployed, mutiny markers, plague newcomers ---------------------------------------

def test_deploy_people_spreads_the_units_due_over_the_home_zones_in_turn_and_leaves_romans_alone() -> None:
    """§4.4 with §9.2.4: the units due go to the three home zones in turn (A, B, C, A, ...), even
    when a unit still locked or not yet arrived (§4.1 reinforcement year) sorts before them; a
    unit arriving this year comes in; a Roman legion on the map stays Rome's."""
    st = _roxolani_state()
    object.__setattr__(st.board, "zones", {**st.board.zones, "roxo_c": replace(
        st.board.zones["roxo_b"], id="roxo_c", name="Roxolania C")})
    for uid, later in (("r_a_later", True), ("r_b_due", False), ("r_c_due", False)):
        st.units[uid] = replace(st.units["r_due1"], back_year=st.year + (2 if later else 0))
        object.__setattr__(st.board, "units", {**st.board.units, uid: st.board.units["r_due1"]})
    st.units["r_a_future"] = replace(st.units["r_due1"], status="out")
    st.units["r_a_now"] = replace(st.units["r_due1"], status="out")
    object.__setattr__(st.board, "units", {
        **st.board.units, "r_a_future": replace(st.board.units["r_due1"], enters=st.year + 1),
        "r_a_now": replace(st.board.units["r_due1"], enters=st.year)})
    st.units["leg"] = replace(st.units["r_map"], owner="R")
    object.__setattr__(st.board, "units", {**st.board.units, "leg": Pos().unit("leg", "roxo_a").unit_defs["leg"]})
    stratagems.deploy_people(st, Outcome(), "roxolani")
    placed = {u: st.units[u].loc for u in sorted(st.units) if st.units[u].status == "map"}
    assert placed == {"leg": "roxo_a", "r_a_now": "roxo_a", "r_b_due": "roxo_b", "r_c_due": "roxo_c",
                      "r_due1": "roxo_a", "r_due2": "roxo_b", "r_map": "roxo_a"}
    assert (st.units["leg"].owner, st.units["r_a_future"].status, st.units["r_a_later"].status) == ("R", "out", "locked")


def test_the_mutiny_marker_follows_its_units_to_the_first_of_their_zones_and_stays_without_them() -> None:
    """§6.3 (AMB-78): after a retreat the marker goes to the zone (first in id order) of its units
    still on the map, said; with its units all gone, or still in its zone, it does not move."""
    st = _plague_zone()
    st.units["mut2"] = replace(st.units["mut"], loc="vindobona")
    st.units["mut"].loc = "aquincum"
    object.__setattr__(st.board, "units", {**st.board.units, "mut2": st.board.units["mut"]})
    st.chits_on_map["mutinerie#2"] = "raetia"
    out = Outcome()
    stratagems.mutiny_follow(st, out)
    assert (st.chits_on_map, out.public) == ({"mutinerie#1": "aquincum", "mutinerie#2": "raetia"},
                                            ["§6.3: the Mutinerie marker follows its units to Aquincum."])
    out = Outcome()
    stratagems.mutiny_follow(st, out)
    assert out.public == []


def test_a_mutineer_leaving_the_map_goes_back_to_its_side_and_the_last_one_takes_the_marker() -> None:
    """§6.3: a mutinous unit that leaves the map is no longer a mutineer (its side again); the
    marker leaves the map only with the last of its units on the map, said."""
    st = _plague_zone()
    st.units["mut2"] = replace(st.units["mut"])
    object.__setattr__(st.board, "units", {**st.board.units, "mut2": st.board.units["mut"]})
    st.units["mut"].status = "removed"
    out = Outcome()
    stratagems.leave_mutiny(st, out, "mut")
    m = st.units["mut"]
    assert (m.mutiny, m.mutineer_of, m.owner, st.chits_on_map, out.public) == (
        None, None, "R", {"mutinerie#1": "carnuntum"}, [])
    st.units["mut2"].status = "removed"
    stratagems.leave_mutiny(st, out, "mut2")
    assert (st.chits_on_map, out.public) == ({}, ["§6: the Mutinerie marker leaves the map and goes back to the cup."])


def test_plague_entries_strike_only_newcomers_on_the_map_and_not_aboard_a_fleet() -> None:
    """§6.3: a zone infested by an Épidémie (adjacent: the reduced are spared) strikes the counters
    that entered it since, once: a full legion is reduced, a reduced one spared, a general who
    came rolls; counters already struck, a dead leader and a leader aboard a fleet are left; with
    no newcomer nothing is said."""
    st = _plague_zone()
    st.plague = {"carnuntum": "adjacent"}
    st.plague_hit = ["full@carnuntum", "worn@carnuntum", "mut@carnuntum", "lucky@carnuntum"]
    st.leaders["doomed"].status = "dead"
    out = Outcome()
    stratagems.plague_entries(st, out)
    assert (out.public, st.dice.rolls) == ([], [])
    st.units["away"].loc = "carnuntum"
    st.units["worn2"] = replace(st.units["worn"])
    object.__setattr__(st.board, "units", {**st.board.units, "worn2": st.board.units["worn"]})
    st.leaders["emperor"].loc = "carnuntum"
    st.dice.script.extend([3])  # type: ignore[attr-defined]
    stratagems.plague_entries(st, out)
    assert out.public == ["§6.3: the plague strikes Carnuntum.", "§6.3: Away turns to its reduced side."]
    assert st.plague_hit[4:] == ["away@carnuntum", "worn2@carnuntum", "emperor@carnuntum"]
    assert [(st.units[u].status, st.units[u].reduced) for u in ("full", "away", "worn2")] == [
        ("map", False), ("map", True), ("map", True)]
    assert [r.purpose for r in st.dice.rolls] == ["§6.3 plague: Emperor dies on 9"]


def test_a_plague_roll_with_faveur_divine_uses_the_face_chosen() -> None:
    """§6.3 Faveur divine (AMB-45): the plague's d10 with a face chosen is recorded as that face,
    on a d10, with no modifier, and a 9 kills."""
    st = _plague_zone()
    stratagems.plague_death_roll(st, Outcome(), {"leader": "lucky", "favour_done": True, "favour_face": 9})
    assert st.dice.rolls[-1] == DiceRoll("§6.3 plague: Lucky dies on 9 (Faveur divine)", "d10", 9, (), 9)
    assert st.leaders["lucky"].status == "dead"


# -- battle windows: the whole offer, mutineers of either side, the record of a battle ----------

def test_the_defender_s_window_decision_carries_the_whole_offer() -> None:
    """§6: the defender's decision offers exactly what `_window_choices` gives for the defender's
    stage (Fuite opportune included: only the defender may withdraw)."""
    st = _window_position()
    stratagems.open_battle_window(st, "carnuntum", "E", "defender")
    assert st.pending[0]["choices"] == [["pass", "pass"], ["roma_victor", "play Roma Victor"],
                                        ["fuite_opportune@vindobona", "play Fuite opportune: withdraw to Vindobona"],
                                        *[list(c) for c in _FACES]]


def test_rome_attacking_the_enemies_mutineers_is_asked_at_once() -> None:
    """AMB-43: Rome attacking units of the Enemies in mutiny (no other Enemy there): no window for
    the mutineers, Rome's own window opens."""
    st = _window_position()
    st.units["band"].owner, st.units["band"].mutiny, st.units["band"].mutineer_of = "M", "mutinerie#1", "E"
    stratagems.open_battle_window(st, "carnuntum", "R", "defender")
    (d,) = st.pending
    assert (d["role"], d["data"]) == ("R", {"zone": "carnuntum", "attacker": "R", "stage": "attacker"})


def test_a_battle_with_stratagems_waits_for_its_windows_once() -> None:
    """§6: before a battle roll with stratagems in play the battle is recorded (zone, attacker,
    nothing played, not ready) and the defender's window opens; once ready, or without
    stratagems, the battle does not wait."""
    st = _window_position()
    assert stratagems.battle_window_needed(st, "carnuntum", "E") is True
    assert (st.battle, [(d["role"], d["data"]["stage"]) for d in st.pending]) == (
        {"zone": "carnuntum", "attacker": "E", "plays": {}, "ready": False}, [("R", "defender")])
    st.battle["ready"] = True
    assert stratagems.battle_window_needed(st, "carnuntum", "E") is False
    st.battle, st.rules["stratagems"] = None, False
    assert (stratagems.battle_window_needed(st, "carnuntum", "E"), st.battle) == (False, None)


def test_fuite_opportune_in_a_battle_window_withdraws_with_the_game_s_state_and_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    """§6.3 with §8.1: the withdrawal is made on the game's own state and said in the same outcome."""
    st, _calls = _battle_window(monkeypatch)
    seen: list[tuple[object, ...]] = []
    monkeypatch.setattr(combat, "fuite", lambda st_, out_, zone, role, dest: seen.append((st_ is st, out_ is out, zone, role, dest)))
    out = Outcome()
    stratagems.battle_choice(st, out, "E", {"zone": "carnuntum", "attacker": "R", "stage": "defender"}, "fuite_opportune@quadi")
    assert seen == [(True, True, "carnuntum", "E", "quadi")]


def test_battle_facts_read_the_nationalities_as_the_data_spells_them() -> None:
    """§6.2 (Furor Germanicus with German units, La flèche du Parthe after a Persian unit fought):
    the Peoples' nationality as the data files give it ("german", "persian"); a Sarmatian band
    gives neither; a mutinous Roman legion of the Enemies is no usurper's force."""
    st = _window_position()
    assert stratagems.battle_facts(st, "carnuntum") == {"german": True, "persian": False, "usurper": False}
    object.__setattr__(st.board, "peoples", {**st.board.peoples, "quadi": replace(st.board.peoples["quadi"], nationality="persian")})
    assert stratagems.battle_facts(st, "carnuntum") == {"german": False, "persian": True, "usurper": False}
    object.__setattr__(st.board, "peoples", {**st.board.peoples, "quadi": replace(st.board.peoples["quadi"], nationality="sarmatian")})
    st.units["leg"].owner, st.units["leg"].mutiny = "E", "mutinerie#1"
    assert stratagems.battle_facts(st, "carnuntum") == {"german": False, "persian": False, "usurper": False}


# -- Faveur divine's window before another roll --------------------------------------------------

def test_a_favour_window_asks_the_roller_then_his_opponent_after_the_decisions_already_waiting() -> None:
    """§6.3 Faveur divine (AMB-45): Rome's roll: Rome is asked first, the Enemies next (each has
    a hand); the window waits behind a decision already pending; the decision keeps the roll's
    kind, data, die and roller, no face chosen yet and nobody who chose it."""
    st = _murder_state()
    st.rules["stratagems"] = True
    st.hands = {"rome": ["faveur_divine#1"], "enemies": ["initiative#1"]}
    st.pending = [{"id": "waiting", "role": "E", "kind": "other"}]
    assert stratagems.favour_window(st, "R", "rally", {"x": 1}, "d6", [True, False]) is True
    assert [d["id"] for d in st.pending][0] == "waiting"
    d = st.pending[1]
    assert (d["role"], d["kind"], d["data"]) == ("R", "favour", {
        "kind": "rally", "data": {"x": 1}, "die": "d6", "roller": "R", "ask": ["E"], "face": None, "by": None})


# -- peace with a Major People in mutiny ----------------------------------------------------------

def test_pacifying_a_major_people_with_mutinous_units_ends_the_mutiny_and_says_so() -> None:
    """§6.1 with §6.3 (AMB-79): the pacified People's mutinous unit goes home its own side's again
    and the Mutinerie marker, left with no unit, goes back to the cup, said in the pacification."""
    st = _peace_state("quadi")
    st.units["q1"].owner, st.units["q1"].mutiny, st.units["q1"].mutineer_of = "M", "mutinerie#2", "E"
    st.chits_on_map = {"mutinerie#2": "vindobona"}
    out = _pacify(st, "pacification_d_un_peuple_majeur", peoples=["quadi"])
    assert out.public == ["§6: the Mutinerie marker leaves the map and goes back to the cup.",
                          "§6.1: the Quadi make peace with Rome.",
                          "§6.1: 1 counter goes back: Q1 (Vindobona → Quadi).",
                          "§6.1: 1 counter restored to full strength: Q1 (Quadi)."]
    assert (st.units["q1"].loc, st.units["q1"].owner, st.units["q1"].mutiny, st.chits_on_map, st.cup) == (
        "quadi", "E", None, {}, ["mutinerie#2"])


@pytest.mark.parametrize(("tid", "refusal"), [
    ("coup_d_etat_parthe", ("§6.1", "a Coup d'état parthe marker is already in Ctesiphon")),
    ("intrigue_au_senat", ("§6.2", "an Intrigue au Sénat marker is already in Rome")),
    ("pacification_d_un_peuple_majeur", ("§6.1", "no People at war that Pacification d'un Peuple majeur may pacify")),
    ("pax_romana", ("§6.1", "no People at war that Pax Romana may pacify")),
    ("soulevement_d_un_peuple_mineur", ("§6.2", "no People at peace that Soulèvement d'un Peuple mineur may raise now")),
    ("usurpation", ("§6.2", "no general may claim the purple with Usurpation now")),
    ("assassinat", ("§6.3", "no enemy leader is in play")),
    ("mutinerie", ("§6.3", "no zone where Mutinerie may be placed")),
    ("desertion", ("§6.3", "no zone with enemy units that Désertion may strike")),
    ("fleche_du_parthe", ("§6.2", "no Roman unit of the Roman player on the map")),
])
def test_a_chit_with_nothing_to_aim_at_is_refused_with_its_first_section_and_why(tid: str, refusal: tuple[str, str]) -> None:
    """AMB-93: each chit's own reason when nothing may be aimed at, citing its first section."""
    err = stratagems.no_target(tid)
    assert (err.section, str(err.message)) == refusal


def test_each_chit_reads_its_own_list_of_targets() -> None:
    """AMB-93: the targets each chit type may be aimed at, from the one list its effect checks;
    the chits that name no target (the plague, Alliance arménienne, the window chits) have none."""
    st = _peace_state("quadi", "roxolani")
    object.__setattr__(st.board, "zones", {**st.board.zones, "parthia": replace(st.board.zones["parthia"], ctesiphon=True)})
    st.units["leg"] = replace(st.units["j1"], owner="R")
    object.__setattr__(st.board, "units", {**st.board.units, "leg": Pos().unit("leg", "carnuntum").unit_defs["leg"]})
    st.units["leg"].loc = "carnuntum"
    targets = {tid: stratagems.chit_targets(st, "E" if tid in ("mutinerie", "desertion") else "R", tid) for tid in (
        "pacification_d_un_peuple_mineur", "pacification_d_un_peuple_majeur", "pax_romana", "soulevement_d_un_peuple_mineur",
        "soulevement_d_un_peuple_majeur", "assassinat", "mutinerie", "desertion", "fleche_du_parthe", "coup_d_etat_parthe",
        "intrigue_au_senat", "foyer_de_peste", "alliance_armenienne", "roma_victor")}
    assert targets == {
        "pacification_d_un_peuple_mineur": ["roxolani"], "pacification_d_un_peuple_majeur": ["quadi"],
        "pax_romana": ["quadi", "roxolani"], "soulevement_d_un_peuple_mineur": ["frisii"],
        "soulevement_d_un_peuple_majeur": ["jazyges", "parthians"], "assassinat": ["roxo_king"],
        "mutinerie": ["carnuntum"], "desertion": ["carnuntum"], "fleche_du_parthe": ["leg"],
        "coup_d_etat_parthe": ["parthia"], "intrigue_au_senat": ["rome"],
        "foyer_de_peste": None, "alliance_armenienne": None, "roma_victor": None}


def test_a_usurpation_chit_reads_the_usurpation_targets() -> None:
    """AMB-93 (§6.2): a usurpation chit's targets are `usurpation_targets`' (none here: no
    general of Rome may claim the purple), not "no target to name"."""
    st = _peace_state("quadi")
    assert stratagems.chit_targets(st, "E", "usurpation") == stratagems.usurpation_targets(st, "usurpation") == []


def test_a_usurpation_chit_s_targets_depend_on_the_title_it_names() -> None:
    """§6.2 with §4.5: Usurpation d'un Caesar is aimed at the Caesar of Rome, the plain Usurpation
    at an untitled general; each chit reads its own list (AMB-93)."""
    st = _murder_state()
    st.leaders["usurper"].status = "dead"
    assert (stratagems.chit_targets(st, "E", "usurpation_d_un_caesar"), stratagems.chit_targets(st, "E", "usurpation")) == (
        ["caesar"], ["gen"])


def test_mutinerie_and_desertion_targets_are_those_of_the_side_that_plays_them() -> None:
    """§6.3 (AMB-46): Rome aims Mutinerie and Désertion at the Enemies' units, the Enemies at
    Rome's: the same position gives each side its own zones."""
    st = _mutiny_position()
    assert [stratagems.chit_targets(st, role, tid) for tid in ("mutinerie", "desertion") for role in ("R", "E")] == [
        ["parthia"], ["carnuntum", "raetia"],
        ["antiochia", "noricum", "parthia"], ["aquincum", "carnuntum", "quadi", "raetia", "vindobona"]]


def test_no_pacification_chit_is_aimed_at_armenia_even_at_war() -> None:
    """§6.1 with §4.4: Armenia is never a People a pacification chit may name, even when a
    position lists it at war; the other Peoples at war are on offer."""
    st = _peace_state("armenia", "roxolani")
    object.__setattr__(st.board, "peoples", {
        **st.board.peoples, "armenia": PeopleDef("armenia", "Armenia", "persian", False, "east", "orient")})
    assert [stratagems.pacification_targets(st, tid) for tid in ("pax_romana", "pacification_d_un_peuple_mineur")] == [
        ["roxolani"], ["roxolani"]]


def test_mutinerie_with_no_target_for_the_player_s_own_side_is_refused_with_6_3() -> None:
    """§6.3 (AMB-93): with a Roman legion alone on the map, the Enemies may place Mutinerie on
    it but Rome has no Parthian unit to aim at: Rome's play is refused, the Enemies' is not."""
    st = _refusal_state("E", "R")
    st.hands["rome"].append("mutinerie#1")
    st.hands["enemies"].append("mutinerie#2")
    err = stratagems.play_refusal(st, "rome", "mutinerie")
    assert (None if err is None else (err.section, str(err.message))) == ("§6.3", "no zone where Mutinerie may be placed")
    assert stratagems.play_refusal(st, "enemies", "mutinerie") is None


def test_each_chit_effect_passes_its_own_type_id_on() -> None:
    """``_wrap`` binds a chit type to its effect when the module loads (the table ``_EFFECTS``):
    called directly, the wrapper hands the state, outcome, role and arguments on unchanged, with
    its own type id last, and returns what the effect returns."""
    seen: list[tuple[object, ...]] = []

    def effect(*args: object) -> str:
        seen.append(args)
        return "done"

    wrapped = stratagems._wrap(effect, "mutinerie")
    assert wrapped("st", "out", "E", {"zone": "roma"}) == "done"
    assert seen == [("st", "out", "E", {"zone": "roma"}, "mutinerie")]
    assert sorted(stratagems._EFFECTS) == sorted(
        {"pacification_d_un_peuple_mineur", "pacification_de_deux_peuples_mineurs",
         "pacification_de_trois_peuples_mineurs", "pacification_d_un_peuple_majeur",
         "pacification_d_une_nationalite", "pax_romana", "soulevement_d_un_peuple_mineur",
         "soulevement_de_deux_peuples_mineurs", "soulevement_de_trois_peuples_mineurs",
         "soulevement_d_un_peuple_majeur", "soulevement_de_trois_peuples_majeurs",
         "usurpation_d_un_augustus", "usurpation_d_un_caesar", "usurpation", "assassinat",
         "foyer_de_peste", "epidemie_de_peste", "mutinerie", "desertion", "alliance_armenienne",
         "coup_d_etat_parthe", "intrigue_au_senat", "fleche_du_parthe"})


def test_a_caesar_standing_in_an_interior_province_is_no_target_of_usurpation_d_un_caesar() -> None:
    """§6.2 with §4.5 (ruling "Title limits on every road"): the Caesar claims the purple only
    from a Front; in Noricum, an interior province, he is no candidate, so Usurpation d'un Caesar
    has no target although he is Rome's Caesar."""
    st = _murder_state()
    st.leaders["usurper"].status = "dead"
    st.leaders["caesar"].loc = "noricum"
    assert stratagems.usurpation_targets(st, "usurpation_d_un_caesar") == []
    st.leaders["caesar"].loc = "vindobona"
    assert stratagems.usurpation_targets(st, "usurpation_d_un_caesar") == ["caesar"]
