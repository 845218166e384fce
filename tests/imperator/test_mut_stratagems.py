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
