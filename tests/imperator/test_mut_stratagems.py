"""Tests written against the surviving mutants of rules/imperator/stratagems.py (issue 11,
mutation testing), and the stratagem data that must say what the engine does."""

from __future__ import annotations

from dataclasses import replace

import pytest
from imperator_builder import Pos

from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.imperator import engine, stratagems
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
        "roxolani", "Roxolani", "sarmatians", False, "west", "danube")})
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


def test_deploy_people_without_home_zones_does_nothing() -> None:
    """§4.1: a People with no home zone on the map has nowhere to deploy; nothing moves."""
    st = _roxolani_state()
    object.__setattr__(st.board, "zones", {z: zd for z, zd in st.board.zones.items()
                                           if "roxolani" not in zd.peoples})
    stratagems.deploy_people(st, Outcome(), "roxolani")
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
        "roxolani": PeopleDef("roxolani", "Roxolani", "sarmatians", False, "west", "danube"),
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
    ("pacification_d_un_peuple_majeur", {"peoples": ["roxolani"]}, ["roxolani"], "'roxolani' is not a Major People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["quadi"]}, ["quadi"], "'quadi' is not a Minor People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["nobody"]}, ["roxolani"], "'nobody' is not a Minor People"),
    ("pacification_d_un_peuple_mineur", {"peoples": ["frisii"]}, ["roxolani"], "'frisii' is not at war with Rome"),
    ("pacification_de_deux_peuples_mineurs", {"peoples": ["roxolani", "frisii"]}, ["roxolani"],
     "'frisii' is not at war with Rome"),
    ("pacification_d_une_nationalite", {}, ["roxolani"], "name a nationality, or a single People"),
    ("pacification_d_une_nationalite", {"peoples": ["roxolani", "frisii"]}, ["roxolani", "frisii"],
     "name a nationality, or a single People"),
    ("pacification_d_une_nationalite", {"nationality": "persians"}, ["roxolani"], "no People to pacify"),
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
    assert out.public == ["§6.1: the Roxolani make peace with Rome."]


def test_pacifying_two_minor_peoples_with_one_chit() -> None:
    """§6.1 Pacification de deux Peuples mineurs: both named make peace, in the order named."""
    st = _peace_state("roxolani", "frisii", "quadi")
    out = _pacify(st, "pacification_de_deux_peuples_mineurs", peoples=["frisii", "roxolani"])
    assert st.at_war == ["quadi"]
    assert out.public == ["§6.1: the Frisii make peace with Rome.", "§6.1: the Roxolani make peace with Rome."]


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
    assert out.public == ["§6.1: the Quadi make peace with Rome."]
    assert [(d["kind"], d["role"], d["prompt"], d["section"], d["choices"]) for d in st.pending] == [
        ("place_pieces", "E", "§6.1: choose where Q1 goes.", "§6.1", [["quadi", "Quadi"], ["quadi_b", "Quadia B"]])]


def test_pacifying_a_nationality_takes_every_people_of_it_at_war() -> None:
    """§6.1 Pacification d'une Nationalité: every People of the nationality at war makes peace
    (Major and Minor alike), the others stay at war; a single People may be named instead."""
    st = _peace_state("roxolani", "frisii", "jazyges", "quadi")
    _pacify(st, "pacification_d_une_nationalite", nationality="sarmatians")
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
    assert out.public == ["§6.1: the Roxolani make peace with Rome.", "§6.1: the Quadi make peace with Rome."]
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
    assert out.public == ["§6.3: the plague strikes Carnuntum.",
                          "§6: the Mutinerie marker leaves the map and goes back to the cup.",
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
    assert out.public[0] == "§6.3: Helvius Pertinax is dead (assassination)."
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
        "§6.3", f"{target!r} is not an enemy leader in play", [])


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
    p.unit("m1", "carnuntum", "E")
    st = p.state(phase="F")
    st.units["m1"].mutiny, st.units["m1"].mutineer_of = "mutinerie#1", "R"
    st.chits_on_map = {"coup_d_etat_parthe#1": "ctesiphon", "intrigue_au_senat#1": "rome", "mutinerie#1": "carnuntum"}
    out = Outcome()
    stratagems.phase_f_vp(st, out)
    assert st.vp == {"rome": 3 - 2, "enemies": 2}
    assert out.public == ["§10: Coup d'état parthe in Ctesiphon: 3 VP to rome.",
                          "§10: Intrigue au Sénat in Rome: 2 VP to enemies.", "§10: mutiny: rome loses 2 VP."]
    st.leaders["aug"].loc = "rome"  # the Augustus is back in Rome (and no Praetorian stands elsewhere)
    out = Outcome()
    stratagems.phase_f_vp(st, out)
    assert out.public == ["§6: the Intrigue au Sénat marker leaves the map and goes back to the cup.",
                          "§10: Coup d'état parthe in Ctesiphon: 3 VP to rome.", "§10: mutiny: rome loses 2 VP."]
    assert (st.vp, st.cup) == ({"rome": 2, "enemies": 2}, ["intrigue_au_senat#1"])


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
    ({"unit": "gone"}, "'gone' is not a Roman unit of the Roman player on the map (AMB-44)"),
    ({"unit": "rebels"}, "'rebels' is not a Roman unit of the Roman player on the map (AMB-44)"),
    ({"unit": "arm"}, "'arm' is not a Roman unit of the Roman player on the map (AMB-44)"),
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
    out = Outcome()
    assert stratagems._mutinerie(st, out, "E", {"zone": "carnuntum"}, "mutinerie") == "carnuntum"
    u = st.units
    assert [(x, u[x].mutiny, u[x].mutineer_of, u[x].owner) for x in ("arm", "c1")] == [
        ("arm", None, None, "R"), ("c1", "mutinerie@pending", "R", "M")]
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
    out = Outcome()
    stratagems._desertion(st, out, "R", {"zone": "parthia"}, "desertion")
    assert [(x, st.units[x].status, st.units[x].reduced) for x in ("p0", "p1", "p2")] == [
        ("p0", "eliminated", False), ("p1", "map", True), ("p2", "map", False)]
    assert out.public == ["§6.3: desertion in Parthia: every enemy unit there loses a step."]


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
