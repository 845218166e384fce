"""Tests written against the surviving mutants of rules/imperator/politics.py (issue 11,
mutation testing): titles and successions (§3.6), usurpations (§4.5), leader deaths (§8.4),
each outcome compared whole, with its section."""

from __future__ import annotations

from imperator_builder import Pos

from rules.core.command import Outcome
from rules.imperator import politics
from rules.imperator.model import ImperatorState


def test_a_piece_is_named_by_its_leader_unit_or_zone_name_else_by_its_id() -> None:
    """Every sentence of chapters 3-4 names pieces the same way: a leader, a unit, a zone by
    its printed name, a People and a Front by theirs (AMB-111); anything else by itself."""
    p = Pos()
    p.leader("marcus_aurelius", "rome").unit("leg_x", "carnuntum")
    st = p.state()
    assert [politics.name(st, c) for c in ("marcus_aurelius", "leg_x", "carnuntum", "jazyges", "danube", "nowhere")] == [
        "Marcus Aurelius", "Leg X", "Carnuntum", "Jazyges", "Danube Front", "nowhere"]


def test_new_ids_count_up_from_the_state_s_counter() -> None:
    st = Pos().state()
    st.next_id = 41
    assert (politics.new_id(st, "successor"), politics.new_id(st, "spread"), st.next_id) == (
        "successor-42", "spread-43", 43)


# -- §4.5 C/: the spread roll --------------------------------------------------------------------


def _spread(*leaders: tuple[str, str, str | None], bonus: int = 0, roll: int = 2) -> tuple[ImperatorState, Outcome]:
    """The usurper (CP 4, in Antiochia) appeals to the Southern Front; ``leaders`` are
    (id, zone, title) of loyal Roman generals. A legion of his stands in Noricum with no
    rebel leader: once the C/ step is over it returns to the emperor (§4.3)."""
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4)
    p.unit("stray", "noricum", "E", usurper="usurper")  # a usurper's legion with no rebel leader
    for lid, zone, title in leaders:
        p.leader(lid, zone, title=title)
    st = p.state()
    if bonus:
        st.usurper_bonus["usurper"] = bonus
    st.dice.script.extend([roll])
    out = Outcome()
    politics.spread(st, out, "usurper", "southern")
    return st, out


def test_the_spread_roll_counts_an_augustus_in_the_target_front_and_the_stratagem_bonus() -> None:
    """§4.5 C/: d10 + 2 with an Augustus in the target Front, minus the usurpation stratagem's
    bonus, must be less than the usurper's CP; the Front is then used for this usurpation."""
    st, out = _spread(("aug", "cyrene", "augustus"), bonus=1)
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.die, roll.natural, roll.modifiers, roll.result) == (
        "§4.5 C/ spread to the Southern Front (needs less than 4)", "d10", 2,
        (("Augustus in that Front", 2), ("usurpation stratagem", -1)), 3)
    assert out.public == ["§4.5 (C/): the Southern Front is open to the appeal of Usurper.",
                          "§4.5 (B/): Cyrene holds an Augustus or Caesar and stays loyal.",
                          "§4.3: Stray, left without a rebel leader, returns to the emperor."]
    assert st.c_fronts_used == ["southern"]


def test_only_titles_in_the_target_front_count_against_the_spread() -> None:
    """§4.5 C/: a Caesar in the target Front gives +1; the Augustus in Rome is not in that Front
    and gives nothing. Rolled 3 + 1 = 4, not less than CP 4: the Front does not listen."""
    st, out = _spread(("caesar", "cyrene", "caesar"), ("aug", "rome", "augustus"), roll=3)
    roll = st.dice.rolls[-1]
    assert (roll.modifiers, roll.result) == ((("Caesar in that Front", 1),), 4)
    assert out.public == ["§4.5 (C/): the Southern Front does not listen.",
                          "§4.3: Stray, left without a rebel leader, returns to the emperor."]
    assert (st.units["stray"].owner, st.units["stray"].usurper) == ("R", None)
    assert st.leaders["caesar"].owner == "R"


# -- §4.5: a usurper dies --------------------------------------------------------------------------


def test_a_dead_usurper_s_followers_return_and_the_civil_war_ends_with_the_last_usurper() -> None:
    """§4.5: when a usurper dies his leaders and units go back to Rome (no longer rebels, no
    longer following anyone) and his stratagem bonus goes; while another usurper stands the
    civil war goes on. When the last one falls the civil war ends: the defected Fronts, the
    defeated Augusti and the C/ Fronts used are forgotten, and every rebel is loyal again."""
    p = Pos()
    p.leader("u1", "antiochia", "E", title="usurper", cp=4).leader("f1", "emesa", "E", rebel=True, follows="u1")
    p.leader("u2", "carnuntum", "E", title="usurper", cp=3).leader("f2", "vindobona", "E", rebel=True, follows="u2")
    p.unit("leg_o", "emesa", "E", front="orient", usurper="u1").unit("leg_d", "vindobona", "E", usurper="u2")
    st = p.state()
    st.usurper_bonus = {"u1": 1, "u2": 2}
    st.defected_fronts, st.c_fronts_used, st.defeated_augusti = ["orient", "danube"], ["southern"], ["old_aug"]
    st.leaders["u1"].status, st.leaders["u1"].title, st.leaders["u1"].loc = "dead", None, None  # as kill_leaders
    out = Outcome()
    politics.usurper_lost(st, out, "u1")
    f1, leg = st.leaders["f1"], st.units["leg_o"]
    assert (f1.follows, f1.rebel, f1.owner, leg.usurper, leg.owner) == (None, False, "R", None, "R")
    assert (st.usurper_bonus, st.civil_war, out.public) == ({"u2": 2}, True, [  # AMB-94: told
        "§4.5: the followers of U1 return to the emperor (F1 and their troops); the other usurpation goes on."])
    assert (st.defected_fronts, st.c_fronts_used, st.defeated_augusti) == (["orient", "danube"], ["southern"],
                                                                           ["old_aug"])
    assert (st.leaders["f2"].owner, st.leaders["f2"].rebel) == ("E", True)

    st.leaders["u2"].status, st.leaders["u2"].title, st.leaders["u2"].loc = "dead", None, None
    out = Outcome()
    politics.usurper_lost(st, out, "u2")
    f2, leg = st.leaders["f2"], st.units["leg_d"]
    assert (f2.follows, f2.rebel, f2.owner, leg.usurper, leg.owner) == (None, False, "R", None, "R")
    assert (st.usurper_bonus, st.civil_war) == ({}, False)
    assert (st.defected_fronts, st.c_fronts_used, st.defeated_augusti) == ([], [], [])
    assert out.public == ["§4.5: the usurpation has failed; its followers return to the emperor."]


def test_a_dead_usurper_s_two_followers_are_named_in_one_line() -> None:
    """§4.5, AMB-94: while another usurpation goes on, every leader going back is named, in
    the order of their ids, in the one line."""
    p = Pos()
    p.leader("u1", None, "E").leader("f1", "emesa", "E", rebel=True, follows="u1")
    p.leader("f3", "antiochia", "E", rebel=True, follows="u1")
    p.leader("u2", "carnuntum", "E", title="usurper")
    p.leaders["u1"].status = "dead"
    st = p.state()
    out = Outcome()
    politics.usurper_lost(st, out, "u1")
    assert out.public == ["§4.5: the followers of U1 return to the emperor (F1, F3 and their troops); "
                          "the other usurpation goes on."]


def test_a_dead_usurper_with_no_follower_and_no_unit_on_the_map_goes_unsaid() -> None:
    """§4.5: in a double usurpation, a dead usurper whose only legion is already eliminated has
    nobody to send back: no line (the other usurper's legion on the map is not his), though
    the eliminated legion is the emperor's again."""
    p = Pos()
    p.leader("u1", None, "E").leader("u2", "carnuntum", "E", title="usurper")
    p.leaders["u1"].status = "dead"
    p.unit("leg_o", None, "E", usurper="u1").unit("leg_d", "vindobona", "E", usurper="u2")
    st = p.state()
    st.units["leg_o"].status = "eliminated"
    out = Outcome()
    politics.usurper_lost(st, out, "u1")
    assert (out.public, st.civil_war) == ([], True)
    assert [(st.units[u].owner, st.units[u].usurper) for u in ("leg_o", "leg_d")] == [("R", None), ("E", "u2")]


def test_when_the_civil_war_ends_a_rebel_following_nobody_is_loyal_again() -> None:
    """§4.5: a rebel leader who followed no usurper (his zone joined the usurpation) is Rome's
    again when the last usurper falls; a leader of the other side stays where he is."""
    p = Pos()
    p.leader("u1", None, "E", title="usurper").leader("lone", "emesa", "E", rebel=True)
    p.leader("chief", "parthia", "E", people="parthians")
    st = p.state()
    st.leaders["u1"].status, st.leaders["u1"].title = "dead", None
    politics.usurper_lost(st, Outcome(), "u1")
    assert (st.leaders["lone"].rebel, st.leaders["lone"].owner, st.civil_war) == (False, "R", False)
    assert (st.leaders["chief"].rebel, st.leaders["chief"].owner) == (False, "E")


# -- §4.5, Commode's special case ------------------------------------------------------------------


def _commode_dies(didius_status: str = "out", usurpers: int = 0) -> tuple[ImperatorState, Outcome]:
    p = Pos()
    p.leader(politics.COMMODE, "vindobona", title="augustus")
    p.leader(politics.PERTINAX, "aquincum")
    p.leader(politics.DIDIUS, None)
    p.leaders[politics.DIDIUS].status = didius_status
    p.unit("praetoria", "rome", front="interior", kind="garrison")
    for i in range(usurpers):
        p.leader(f"usurper{i}", ("antiochia", "raetia")[i], "E", title="usurper")
    st = p.state()
    out = Outcome()
    politics.kill_leader(st, out, politics.COMMODE, "natural death")
    return st, out


def test_commode_dies_pertinax_reigns_and_didius_rises_in_rome() -> None:
    """§4.5, Commode: Pertinax becomes Augustus and Didius Julianus is proclaimed in Rome with
    no stratagem bonus; Rome's garrison follows him (A/), and nothing spreads from Rome."""
    st, out = _commode_dies()
    assert out.public == ["§8.4: Commode is dead (natural death).", "§4.5 (Commode): Pertinax becomes Augustus.",
                          "§4.5: Didius Julianus enters play in Roma.",  # AMB-94
                          "§4.5: the usurpation of Didius Julianus is proclaimed; civil war."]
    assert out.citations == ["§8.4", "§4.5"]
    assert (st.leaders[politics.PERTINAX].title, st.leaders[politics.DIDIUS].title) == ("augustus", "usurper")
    assert (st.usurper_bonus, st.civil_war, st.units["praetoria"].owner) == ({politics.DIDIUS: 0}, True, "E")


def test_commode_dies_after_didius_died_pertinax_alone_reigns() -> None:
    """§4.5, Commode: with Didius Julianus dead nobody rises; no civil war."""
    st, out = _commode_dies("dead")
    assert out.public == ["§8.4: Commode is dead (natural death).", "§4.5 (Commode): Pertinax becomes Augustus."]
    assert (st.usurper_bonus, st.civil_war, st.leaders[politics.DIDIUS].status) == ({}, False, "dead")


def test_commode_dies_with_two_usurpers_standing_didius_is_not_raised() -> None:
    """§3.6 with §4.5: never a third usurper; the line says why, citing §3.6."""
    st, out = _commode_dies(usurpers=2)
    assert out.public == ["§8.4: Commode is dead (natural death).", "§4.5 (Commode): Pertinax becomes Augustus.",
                          "§3.6: two usurpers already stand; Didius Julianus is not raised."]
    assert out.citations == ["§8.4", "§3.6"]
    assert st.leaders[politics.DIDIUS].status == "out"


# -- after a Faveur divine window; the end of the game ----------------------------------------------


def test_the_waiting_loyalty_roll_is_made_then_the_rest_of_the_front_is_tested() -> None:
    """§4.5 B/ (AMB-45): the roll that waited for a Faveur divine window is made (G1 joins on a
    3, the usurper's bonus being 0), then only the zones still left are tested (G2 stays loyal;
    Cyrrhus was tested before the window), and the C/ offer follows."""
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4)
    p.leader("g1", "emesa", cp=3).leader("g2", "caparcotna", cp=2).leader("g3", "cyrrhus", cp=2)
    p.unit("leg_e", "emesa", front="orient").unit("leg_c", "caparcotna", front="orient")
    st = p.state()
    st.dice.script.extend([3, 1])
    out = Outcome()
    politics.resume_loyalty(st, out, {"usurper": "usurper", "front": "orient", "zone": "emesa", "general": "g1",
                                      "best": 3, "rest": ["caparcotna"], "then": "offer"})
    assert out.public == ["§4.5 (B/): G1 joins Usurper with everything in Emesa.", "§4.5 (B/): G2 stays loyal."]
    assert [(r.purpose, r.natural, r.result) for r in st.dice.rolls] == [
        ("§4.5 B/ loyalty of G1 (joins on 3+)", 3, 3), ("§4.5 B/ loyalty of G2 (joins on 2+)", 1, 1)]
    assert [st.leaders["g1"].owner, st.units["leg_e"].owner, st.leaders["g2"].owner, st.units["leg_c"].owner,
            st.leaders["g3"].owner] == ["E", "E", "R", "R", "R"]
    assert [(d["kind"], d["role"], [c[0] for c in d["choices"]]) for d in st.pending] == [
        ("spread", "E", ["southern", "none"])]


def test_a_sudden_death_ends_the_game_once_with_its_winner() -> None:
    """A scenario's sudden death (§3.6 and the scenarios' special rules): the game is over, the
    winner's seat and the summary are recorded and said; a second ending changes nothing."""
    st = Pos().state()
    out = Outcome()
    politics.end_game(st, out, "E", "The Enemies win.")
    assert (st.game_over, st.phase, out.game_over, out.public) == (True, "over", True, ["The Enemies win."])
    assert st.result == {"winners": [st.seat_of("E")], "summary": "The Enemies win.", "level": "sudden death"}
    again = Outcome()
    politics.end_game(st, again, "R", "Rome wins.")
    assert (again.public, again.game_over, st.result["summary"]) == ([], False, "The Enemies win.")


def test_a_game_ended_without_a_winner_has_no_level() -> None:
    st = Pos().state()
    politics.end_game(st, Outcome(), None, "Nobody wins.")
    assert st.result == {"winners": [], "summary": "Nobody wins.", "level": ""}


# -- §3.6 (4/): a new Augustus named, and the usurper that follows ---------------------------------


def _successor(didius: str = "out", *others: tuple[str, str], usurpers: int = 0) -> tuple[ImperatorState, Outcome]:
    p = Pos()
    p.leader("general", "rome")
    p.leader(politics.DIDIUS, None)
    p.leaders[politics.DIDIUS].status = didius
    for lid, zone in others:
        p.leader(lid, zone)
    for i in range(usurpers):
        p.leader(f"usurper{i}", ("antiochia", "raetia")[i], "E", title="usurper")
    return p.state(), Outcome()


def test_the_new_augustus_after_commode_brings_didius_up_in_rome() -> None:
    """§4.5 note (Commode dies after Pertinax): the Augustus Rome names is announced, and the
    usurper is Didius Julianus, proclaimed in Rome with no stratagem bonus."""
    st, out = _successor()
    politics.assign_successor(st, out, "general", didius=True)
    assert out.public == ["§3.6 (4/): General is the new Augustus.",
                          "§4.5: Didius Julianus enters play in Roma.",  # AMB-94
                          "§4.5: the usurpation of Didius Julianus is proclaimed; civil war."]
    dj = st.leaders[politics.DIDIUS]
    assert (dj.status, dj.loc, dj.title, st.usurper_bonus, st.pending) == ("map", "rome", "usurper",
                                                                            {politics.DIDIUS: 0}, [])


def test_with_didius_dead_the_enemies_pick_the_usurper_among_the_generals_of_the_fronts() -> None:
    """AMB-30 with §3.6 (4/): a decision for the Enemies of Rome, the generals standing in a
    Front offered in order (never the new Augustus), the first as default."""
    st, out = _successor("dead", ("legate", "carnuntum"), ("other", "antiochia"))
    politics.assign_successor(st, out, "general", didius=True)
    assert out.public == ["§3.6 (4/): General is the new Augustus."]
    assert st.pending == [{"id": "usurper-1", "role": "E", "kind": "usurper",
                           "prompt": "§3.6 (4/), §4.5: choose the general in a Front who claims the purple.",
                           "choices": [["legate", "Legate"], ["other", "Other"]], "default": "legate",
                           "section": "§4.5", "data": {}}]


def test_no_general_in_a_front_means_no_usurper_and_says_why() -> None:
    """§4.5: with nobody in a Front there is no one to name; with two usurpers standing the
    line says the §3.6 limit is the reason. Didius Julianus, waiting off the map, rises only
    after Commode (``didius=True``), never on an ordinary succession."""
    st, out = _successor("out")
    politics.assign_successor(st, out, "general")
    assert out.public == ["§3.6 (4/): General is the new Augustus.",
                          "§4.5: no general stands in a free Front; no usurper can be named."]
    assert st.leaders[politics.DIDIUS].status == "out"
    st, out = _successor("dead", ("legate", "carnuntum"), usurpers=2)
    politics.assign_successor(st, out, "general")
    assert out.public == ["§3.6 (4/): General is the new Augustus.",
                          "§4.5: two usurpers already stand (§3.6); no usurper can be named."]
    assert st.pending == []


def _spread_with_faveur_in_play(title: str | None = None, cp: int = 4) -> ImperatorState:
    """Stratagems on, Faveur divine still in the cup, a chit in the Enemies' hand."""
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=cp)
    if title:
        p.leader("titled", "cyrene", title=title)
    st = p.state()
    st.rules["stratagems"] = True
    for seat in st.roles:
        st.hands.setdefault(seat, [])
    st.hands[st.seat_of("E")].append("initiative#90")
    st.cup.append("faveur_divine#1")
    return st


def test_the_spread_roll_waits_for_a_faveur_divine_window() -> None:
    """§4.5 C/ with §6.3 Faveur divine (AMB-45): before the d10 the Enemies (the roller) are
    asked; the roll is not made yet and the window carries what the roll needs."""
    st = _spread_with_faveur_in_play()
    out = Outcome()
    politics.spread(st, out, "usurper", "southern")
    assert (out.public, st.dice.rolls, st.c_fronts_used) == ([], [], ["southern"])
    window = st.pending[0]
    assert (window["kind"], window["role"], window["section"]) == ("favour", "E", "§6.3")
    assert window["prompt"] == ("§6.3: your spread roll of the usurpation (§4.5 C/) is about to be made. "
                                "Play a stratagem?")
    assert window["data"] == {"kind": "spread", "data": {"usurper": "usurper", "front": "southern", "cp": 4,
                                                         "mods": []},
                              "die": "d10", "roller": "E", "ask": [], "face": None, "by": None}


def test_no_faveur_window_when_no_face_can_win_the_front() -> None:
    """§4.5 C/: CP 2 with an Augustus there (+2): even a 0 makes 2, not less than 2; no face can
    change the outcome, so no window is offered and the roll is made at once."""
    st = _spread_with_faveur_in_play("augustus", cp=2)
    st.dice.script.extend([0])  # type: ignore[attr-defined]
    out = Outcome()
    politics.spread(st, out, "usurper", "southern")
    assert (out.public, st.pending) == (["§4.5 (C/): the Southern Front does not listen."], [])
    assert [(r.natural, r.result) for r in st.dice.rolls] == [(0, 2)]


# -- §4.5 B/: the loyalty roll itself --------------------------------------------------------------


def _loyalty(bonus: int = 0) -> tuple[ImperatorState, dict[str, object]]:
    p = Pos()
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4)
    p.leader("g1", "emesa", cp=3)
    p.unit("leg_e", "emesa", front="orient")
    st = p.state()
    if bonus:
        st.usurper_bonus["usurper"] = bonus
    data: dict[str, object] = {"usurper": "usurper", "front": "orient", "zone": "emesa", "general": "g1", "best": 3,
                               "rest": [], "then": None}
    return st, data


def test_the_loyalty_roll_adds_the_usurpation_stratagem_bonus_and_the_zone_follows_the_usurper() -> None:
    """§4.5 B/ with §6.3 (Usurpation): the stratagem's bonus is added to the d6; a 2 + 1 reaches
    the general's CP 3, so he and his legion join, following that usurper."""
    st, data = _loyalty(bonus=1)
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    out = Outcome()
    politics.loyalty_roll(st, out, data)
    roll = st.dice.rolls[-1]
    assert (roll.purpose, roll.die, roll.natural, roll.modifiers, roll.result) == (
        "§4.5 B/ loyalty of G1 (joins on 3+)", "d6", 2, (("usurpation stratagem", 1),), 3)
    assert out.public == ["§4.5 (B/): G1 joins Usurper with everything in Emesa."]
    g1, leg = st.leaders["g1"], st.units["leg_e"]
    assert (g1.owner, g1.rebel, g1.follows, leg.owner, leg.usurper) == ("E", True, "usurper", "E", "usurper")


def test_without_a_bonus_the_loyalty_roll_has_no_modifier() -> None:
    """§4.5 B/: no stratagem, no modifier: a natural 2 stays 2, below CP 3, and the general
    stays loyal."""
    st, data = _loyalty()
    st.dice.script.extend([2])  # type: ignore[attr-defined]
    out = Outcome()
    politics.loyalty_roll(st, out, data)
    roll = st.dice.rolls[-1]
    assert (roll.modifiers, roll.result) == ((), 2)
    assert out.public == ["§4.5 (B/): G1 stays loyal."]
    assert (st.leaders["g1"].owner, st.units["leg_e"].owner) == ("R", "R")


def _changed(case: str) -> tuple[ImperatorState, dict[str, object]]:
    st, data = _loyalty()
    g1 = st.leaders["g1"]
    if case == "usurper fell":
        st.leaders["usurper"].status = "dead"
    elif case == "general dead":
        g1.status = "dead"  # his zone is still written: only the status says he is gone
    elif case == "general moved":
        g1.loc = "caparcotna"
    elif case == "general rebelled":
        g1.owner = "E"
    return st, data


def test_a_loyalty_roll_that_waited_for_a_window_is_dropped_when_the_situation_changed() -> None:
    """§4.5 B/ with AMB-45: while a Faveur divine window was open the usurper may have fallen,
    or the general died, moved or changed side; each alone drops the roll (nothing rolled,
    nothing said, nobody joins). Unchanged, the roll is made."""
    for case in ("usurper fell", "general dead", "general moved", "general rebelled"):
        st, data = _changed(case)
        st.dice.script.extend([6])  # type: ignore[attr-defined]
        out = Outcome()
        politics.loyalty_roll(st, out, data)
        assert (case, st.dice.rolls, out.public, st.units["leg_e"].owner) == (case, [], [], "R")
    st, data = _changed("none")
    st.dice.script.extend([6])  # type: ignore[attr-defined]
    out = Outcome()
    politics.loyalty_roll(st, out, data)
    assert (len(st.dice.rolls), st.units["leg_e"].owner) == (1, "E")


# -- §5: a successful usurpation changes the roles --------------------------------------------------


def _role_swap(armenia: str = "roman") -> tuple[ImperatorState, Outcome]:
    """Phase A after a successful usurpation: ``win`` (Antiochia) takes the purple. Rome had an
    Augustus and a Caesar; a second usurper stood in Raetia; a follower of the winner, his
    legion, a loyal legion, a mutinied legion (first in order), an Armenian and a Parthian unit
    and a Parthian leader are on the map."""
    p = Pos()
    p.unit("mutinied", "carnuntum", "M")
    p.leader("aug", "rome", title="augustus").leader("caes", "carnuntum", title="caesar")
    p.leader("win", "antiochia", "E", title="usurper", cp=4).leader("other", "raetia", "E", title="usurper")
    p.leader("fol", "emesa", "E", rebel=True, follows="win")
    p.leader("chief", "parthia", "R", people="parthians")  # a wrong owner, put right by the swap
    p.unit("leg_w", "emesa", "E", front="orient", usurper="win").unit("leg_r", "vindobona")
    p.unit("arm", "parthia", "E", people="armenia").unit("cata", "parthia", "R", people="parthians")
    st = p.state(phase="A")
    st.armenia = armenia
    st.usurpation_success = "win"
    st.civil_war = True
    st.defected_fronts, st.c_fronts_used, st.defeated_augusti = ["orient"], ["southern"], ["aug"]
    st.usurper_bonus = {"win": 1, "other": 2}
    st.custodes = "aug"
    out = Outcome()
    politics.role_swap(st, out)
    return st, out


def test_the_successful_usurper_becomes_augustus_and_the_players_swap_roles() -> None:
    """§5: the old Augustus dies, the Caesar and the other usurper lose their titles, every Roman
    leader and legion is Rome's again (no rebel, nobody followed), the other Peoples' leaders
    and units the Enemies', mutineers stay in mutiny (AMB-43); the seats swap roles, the civil
    war and its records end, the Corporis Custodes go to the new Augustus."""
    st, out = _role_swap()
    assert out.public == ["§5: Aug, the former emperor, is removed from the game.",  # AMB-94
                          "§5: Caes, Other lose their titles.",
                          "§5: Win is Augustus. Seat enemies now plays Rome, seat rome the Enemies of Rome.",
                          "§3.6: the Corporis Custodes go to Win."]
    assert (out.citations, out.highlight, out.map_changed) == (["§5"], True, True)
    assert st.roles == {"rome": "E", "enemies": "R"}
    aug = st.leaders["aug"]
    assert (aug.status, aug.loc, aug.title) == ("dead", None, None)
    assert [(x, st.leaders[x].title, st.leaders[x].owner, st.leaders[x].rebel, st.leaders[x].follows)
            for x in ("caes", "win", "other", "fol", "chief")] == [
        ("caes", None, "R", False, None), ("win", "augustus", "R", False, None), ("other", None, "R", False, None),
        ("fol", None, "R", False, None), ("chief", None, "E", False, None)]
    assert [(u, st.units[u].owner, st.units[u].usurper) for u in ("mutinied", "leg_w", "leg_r", "arm", "cata")] == [
        ("mutinied", "M", None), ("leg_w", "R", None), ("leg_r", "R", None), ("arm", "R", None), ("cata", "E", None)]
    assert (st.civil_war, st.defected_fronts, st.c_fronts_used, st.defeated_augusti, st.usurper_bonus) == (
        False, [], [], [], {})
    assert (st.custodes, st.usurpation_success, st.pending) == ("win", None, [])


def test_armenia_s_units_follow_armenia_s_alignment_after_the_swap() -> None:
    """§5 with §4.1: an Armenian unit belongs to whoever Armenia sides with, Rome or the
    Enemies, after the swap as before."""
    st, _out = _role_swap(armenia="parthian")
    assert (st.units["arm"].owner, st.units["cata"].owner, st.units["leg_w"].owner) == ("E", "E", "R")


def test_no_swap_when_the_winner_died_before_phase_a() -> None:
    """§5: a usurper who won but is no longer on the map does not reign: the success is spent,
    nothing else changes (roles, titles, the civil war)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader("win", None, "E", title="usurper")
    st = p.state(phase="A")
    st.leaders["win"].status = "dead"
    st.usurpation_success = "win"
    st.civil_war = True
    out = Outcome()
    politics.role_swap(st, out)
    assert (out.public, out.highlight, st.roles, st.usurpation_success) == (
        [], False, {"rome": "R", "enemies": "E"}, None)
    assert (st.leaders["aug"].title, st.leaders["aug"].status, st.civil_war) == ("augustus", "map", True)


# -- §4.5: a usurpation proclaimed (A/, B/, then the C/ offer) --------------------------------------


def _proclaim(usurpers: int = 0, faces: tuple[int, ...] = ()) -> tuple[ImperatorState, Outcome]:
    """``u`` (CP 4) claims the purple in Emesa (Orient); a loyal legate and a legion stand with him; in
    the rest of the Orient G2 (CP 2, Caparcotna) and G3 (CP 3, Cyrrhus); a general on the
    Danube (Carnuntum) and one in Italia (interior) are elsewhere."""
    p = Pos()
    p.leader("u", "emesa", cp=4, follows="somebody")
    p.leader("legate", "emesa").unit("leg_u", "emesa", front="orient")
    p.leader("g2", "caparcotna", cp=2).unit("leg_2", "caparcotna", front="orient")
    p.leader("g3", "cyrrhus", cp=3)
    p.leader("danubian", "carnuntum").leader("italian", "italia")
    for i in range(usurpers):
        p.leader(f"usurper{i}", ("antiochia", "raetia")[i], "E", title="usurper")
    st = p.state()
    st.dice.script.extend(faces)  # type: ignore[attr-defined]
    out = Outcome()
    politics.validate_usurpation(st, out, "u", bonus=0)
    return st, out


def test_a_usurpation_in_a_front_takes_his_zone_tests_the_rest_of_the_front_then_offers_c() -> None:
    """§4.5: the general becomes a usurper on the Enemies' side (follows nobody), the civil war
    begins; A/ his zone follows him (the legate follows him, the legion is his); B/ each other
    zone of the Orient holding a loyal general rolls, in zone order (Caparcotna joins on a 2,
    Cyrrhus stays loyal on a 2 < 3), no other Front; then the C/ offer."""
    st, p_out = _proclaim(faces=(2, 2))
    assert p_out.public == ["§4.5: the usurpation of U is proclaimed; civil war.",
                            "§4.5 (B/): G2 joins U with everything in Caparcotna.",
                            "§4.5 (B/): G3 stays loyal."]
    assert (p_out.citations, p_out.highlight, p_out.map_changed) == (["§4.5"], True, True)
    assert [r.purpose for r in st.dice.rolls] == ["§4.5 B/ loyalty of G2 (joins on 2+)",
                                                  "§4.5 B/ loyalty of G3 (joins on 3+)"]
    u = st.leaders["u"]
    assert (u.title, u.rebel, u.owner, u.follows, st.civil_war, st.usurper_bonus) == (
        "usurper", True, "E", None, True, {"u": 0})
    assert [(x, st.leaders[x].owner, st.leaders[x].follows) for x in ("legate", "g2", "g3", "danubian", "italian")] == [
        ("legate", "E", "u"), ("g2", "E", "u"), ("g3", "R", None), ("danubian", "R", None), ("italian", "R", None)]
    assert [(x, st.units[x].owner, st.units[x].usurper) for x in ("leg_u", "leg_2")] == [("leg_u", "E", "u"),
                                                                                      ("leg_2", "E", "u")]
    assert st.pending == [{"id": "spread-1", "role": "E", "kind": "spread",
                           "prompt": "§4.5 (C/): U may try to win over a neighbouring Front.",
                           "choices": [["southern", "Southern Front"], ["none", "do not try"]],
                           "default": "southern", "section": "§4.5", "data": {"usurper": "u"}}]


def test_a_usurpation_in_an_interior_province_tests_nobody_and_offers_nothing() -> None:
    """§4.5: B/ and C/ concern a Front; proclaimed in Italia (interior) only his own zone
    follows him: no roll for the other generals of the interior, no C/ offer."""
    p = Pos()
    p.leader("u", "italia", cp=4).leader("near", "rome").leader("far", "noricum")
    p.unit("leg_i", "italia", front=None, kind="garrison")
    st = p.state()
    out = Outcome()
    politics.validate_usurpation(st, out, "u", bonus=1)
    assert out.public == ["§4.5: the usurpation of U is proclaimed; civil war."]
    assert (st.dice.rolls, st.pending, st.usurper_bonus) == ([], [], {"u": 1})
    assert (st.leaders["near"].owner, st.leaders["far"].owner, st.units["leg_i"].usurper) == ("R", "R", "u")


def test_a_general_at_sea_is_proclaimed_with_no_zone_to_follow_him() -> None:
    """§4.5: a general aboard a fleet (no zone) may be proclaimed: he is a rebel usurper on the
    Enemies' side, the civil war begins, and no zone follows or rolls."""
    p = Pos()
    p.leader("u", None, cp=4).leader("g2", "caparcotna", cp=2)
    st = p.state()
    st.leaders["u"].fleet = "ravenna"
    out = Outcome()
    politics.validate_usurpation(st, out, "u", bonus=2)
    u = st.leaders["u"]
    assert (u.title, u.rebel, u.owner, u.follows, st.civil_war) == ("usurper", True, "E", None, True)
    assert (out.public, out.highlight, st.dice.rolls, st.pending, st.usurper_bonus) == (
        ["§4.5: the usurpation of U is proclaimed; civil war."], True, [], [], {"u": 2})


def test_no_third_usurper_is_proclaimed_whoever_asks() -> None:
    """§3.6 with §4.5: with two usurpers standing the proclamation is refused with its reason and
    section; nothing changes."""
    st, out = _proclaim(usurpers=2)
    assert (out.public, out.citations) == (["§3.6: two usurpers already stand; U cannot claim the purple."], ["§3.6"])
    u = st.leaders["u"]
    assert (u.title, u.owner, st.usurper_bonus, st.units["leg_u"].owner, out.highlight) == (None, "R", {}, "R", False)


# -- §4.5 C/: the offer ------------------------------------------------------------------------------


def _offer(front: str, used: list[str] | None = None, status: str = "map", title: str | None = "usurper") -> ImperatorState:
    p = Pos()
    p.leader("u", "raetia", "E", title=title)
    st = p.state()
    st.leaders["u"].status = status
    st.c_fronts_used = list(used or [])
    politics.offer_spread(st, Outcome(), "u", front)
    return st


def test_the_c_offer_lists_the_neighbouring_fronts_not_yet_used_in_the_book_s_order() -> None:
    """§4.5 C/: from the Rhine the neighbours are Britain and the Danube, offered in that order
    with "do not try"; a Front already used in this civil war is not offered again."""
    st = _offer("rhine")
    assert st.pending == [{"id": "spread-1", "role": "E", "kind": "spread",
                           "prompt": "§4.5 (C/): U may try to win over a neighbouring Front.",
                           "choices": [["british", "British Front"], ["danube", "Danube Front"],
                                       ["none", "do not try"]],
                           "default": "british", "section": "§4.5", "data": {"usurper": "u"}}]
    st = _offer("rhine", used=["british"])
    assert [(d["choices"], d["default"]) for d in st.pending] == [
        ([["danube", "Danube Front"], ["none", "do not try"]], "danube")]
    st = _offer("southern")
    assert [d["choices"] for d in st.pending] == [[["orient", "Orient Front"], ["none", "do not try"]]]
    assert _offer("danube", used=["rhine"]).pending == []


def test_no_c_offer_for_a_usurper_who_fell_or_lost_his_title() -> None:
    """§4.5 C/: only a standing usurper appeals to a neighbouring Front."""
    assert _offer("rhine", status="dead").pending == []
    assert _offer("rhine", title=None).pending == []


def test_the_b_chain_stops_when_the_usurper_no_longer_holds_the_title() -> None:
    """§4.5 B/: a usurper still on the map but no longer usurper (crowned, say) wins nobody."""
    p = Pos()
    p.leader("u", "emesa", "E", title="augustus").leader("g2", "caparcotna", cp=2)
    st = p.state()
    out = Outcome()
    politics.test_front(st, out, "u", "orient", exclude_zone="emesa", then="offer")
    assert (out.public, st.dice.rolls, st.pending) == ([], [], [])


def test_the_stratagem_bonus_decides_whether_a_loyalty_roll_can_go_either_way() -> None:
    """§4.5 B/ with AMB-45: with a bonus of 2 a CP 3 general joins on any face (1 + 2 = 3), so no
    Faveur divine window is offered and the roll is made at once."""
    p = Pos()
    p.leader("u", "emesa", "E", title="usurper", cp=4).leader("g2", "caparcotna", cp=3)
    st = p.state()
    st.usurper_bonus["u"] = 2
    st.rules["stratagems"] = True
    for seat in st.roles:
        st.hands.setdefault(seat, []).append("initiative#9" + seat[0])
    st.cup.append("faveur_divine#1")
    st.dice.script.extend([1])  # type: ignore[attr-defined]
    out = Outcome()
    politics.test_front(st, out, "u", "orient", exclude_zone="emesa")
    assert (out.public, st.pending) == (["§4.5 (B/): G2 joins U with everything in Caparcotna."], [])
    assert [(r.natural, r.result) for r in st.dice.rolls] == [(1, 3)]


# -- deaths with another section; Augusti beaten in battle --------------------------------------------


def test_a_death_line_cites_the_section_given_by_the_caller() -> None:
    """§6.3 (Assassinat) kills through the same function as §8.4: the line and the citation carry
    the caller's section."""
    p = Pos()
    p.leader("victim", "carnuntum")
    st = p.state()
    out = Outcome()
    politics.kill_leader(st, out, "victim", "assassination", killer="E", section="§6.3")
    assert (out.public[0], out.citations[0]) == ("§6.3: Victim is dead (assassination).", "§6.3")


def test_when_every_augustus_is_beaten_the_usurpation_succeeds_by_b() -> None:
    """§4.5 success B/: the last Augustus beaten in battle while a usurper stands: the
    usurpation succeeds, the line naming the B/ condition."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader("u", "emesa", "E", title="usurper", cp=4)
    st = p.state()
    out = Outcome()
    politics.augusti_defeated(st, out, ["aug"])
    assert out.public == ["§4.5 (success B/): the usurpation of U succeeds; the players change roles in phase A."]
    assert (st.usurpation_success, st.defeated_augusti) == ("u", ["aug"])


# -- §4.5 B/: the chain of loyalty tests, zone by zone ------------------------------------------------


def test_the_b_chain_skips_titled_zones_and_rebels_and_draws_among_equal_generals() -> None:
    """§4.5 B/, zone by zone in order (the usurper's own zone left out): Antiochia holds a Caesar
    and stays loyal, and the chain goes on; in Caparcotna the loyal generals of best CP are Ga
    and Gb (the rebel there, CP 5, is no longer Rome's and is not counted): the die picks one of
    the two, then he rolls; Cyrrhus holds only a rebel: no roll."""
    p = Pos()
    p.leader("u", "emesa", "E", title="usurper", cp=4)
    p.leader("caesar", "antiochia", title="caesar")
    p.leader("ga", "caparcotna", cp=3).leader("gb", "caparcotna", cp=3).leader("gc", "caparcotna", cp=2)
    p.leader("reb", "caparcotna", "E", cp=5, rebel=True, follows="u").leader("reb2", "cyrrhus", "E", rebel=True, follows="u")
    st = p.state()
    draws: list[tuple[int, int]] = []
    real_draw = st.dice._draw

    def spy(low: int, high: int) -> int:
        draws.append((low, high))
        return real_draw(low, high)

    st.dice._draw = spy  # type: ignore[method-assign]
    st.dice.script.extend([1, 3])  # type: ignore[attr-defined]
    out = Outcome()
    politics.test_front(st, out, "u", "orient", exclude_zone="emesa")
    assert draws == [(0, 1), (1, 6)]
    assert [r.purpose for r in st.dice.rolls] == ["§4.5 B/ loyalty of Gb (joins on 3+)"]
    assert out.public == ["§4.5 (B/): Antiochia holds an Augustus or Caesar and stays loyal.",
                          "§4.5 (B/): Gb joins U with everything in Caparcotna."]


def test_a_loyalty_roll_that_can_go_either_way_waits_for_a_faveur_divine_window() -> None:
    """§4.5 B/ with AMB-45: G2 (CP 2) joins on 2 to 6 but not on 1: before his d6 the Enemies
    (who roll) are asked, and the window carries the zone's test and the zones still left."""
    p = Pos()
    p.leader("u", "emesa", "E", title="usurper", cp=4)
    p.leader("g2", "caparcotna", cp=2).leader("g3", "cyrrhus", cp=3)
    st = p.state()
    st.rules["stratagems"] = True
    st.hands = {seat: [] for seat in st.roles}
    st.hands[st.seat_of("E")].append("initiative#90")
    st.cup.append("faveur_divine#1")
    out = Outcome()
    politics.test_front(st, out, "u", "orient", exclude_zone="emesa", then="offer")
    assert (out.public, st.dice.rolls) == ([], [])
    assert st.pending == [{
        "id": "favour-1", "role": "E", "kind": "favour",
        "prompt": "§6.3: your loyalty roll of the usurpation (§4.5 B/) is about to be made. Play a stratagem?",
        "choices": [["pass", "pass"]], "default": "pass", "section": "§6.3",
        "data": {"kind": "loyalty", "die": "d6", "roller": "E", "ask": [], "face": None, "by": None,
                 "data": {"usurper": "u", "front": "orient", "zone": "caparcotna", "general": "g2", "best": 2,
                          "rest": ["cyrrhus"], "then": "offer"}}}]


# -- §4.5: who may claim the purple ---------------------------------------------------------------------


def _candidates() -> ImperatorState:
    """Off the map (with a zone still written), of another People, aboard a fleet, a rebel, a
    standing usurper and a general in his Front, a general in Italia: none may be named. An
    Augustus and a general on the Danube, a general in Raetia may be."""
    p = Pos()
    p.leader("gone", "carnuntum")
    p.leader("chief", "aquincum", people="parthians")  # the default owner of a counter, R
    p.leader("sailor", "raetia").leader("reb", "vindobona", "E", rebel=True, follows="u")
    p.leader("u", "antiochia", "E", title="usurper").leader("fellow", "caparcotna").leader("home", "italia")
    p.leader("aug", "carnuntum", title="augustus").leader("legate", "carnuntum").leader("rhenish", "raetia")
    st = p.state()
    st.leaders["gone"].status = "out"
    st.leaders["sailor"].fleet = "ravenna"
    return st


def test_the_usurper_may_be_any_general_of_rome_in_a_free_front() -> None:
    """§4.5 validation (AMB-30): a Roman general of Rome's side, on the map in a zone of a Front
    not held by a standing usurper, not at sea; with ``need_no_augustus`` (a stratagem's
    usurpation) not in a Front where another Augustus stands; none once two usurpers stand."""
    st = _candidates()
    assert politics.usurper_candidates(st, need_no_augustus=False) == ["aug", "legate", "rhenish"]
    assert politics.usurper_candidates(st, need_no_augustus=True) == ["aug", "rhenish"]
    st.leaders["reb"].title = "usurper"
    assert politics.usurper_candidates(st, need_no_augustus=False) == []


# -- §3.6: an Augustus dies -----------------------------------------------------------------------------


def _augustus_dies(*extra: tuple[str, str | None, str | None], lid: str = "aug", cause: str = "natural death",
                   usurper: bool = False) -> tuple[ImperatorState, Outcome]:
    """``aug`` (Vindobona) dies; ``extra`` are Roman leaders (id, zone, title), Commode,
    Pertinax and Didius Julianus included when named (a zone of None: off the map, "out")."""
    p = Pos()
    p.leader(lid, "vindobona", title="augustus")
    for x, zone, title in extra:
        p.leader(x, zone, title=title)
        if zone is None:
            p.leaders[x].status = "out"
    if usurper:
        p.leader("u", "antiochia", "E", title="usurper", cp=4)
    st = p.state()
    out = Outcome()
    politics.kill_leader(st, out, lid, cause)
    return st, out


def test_an_augustus_assassinated_in_a_civil_war_with_no_augustus_left_makes_the_usurpation_succeed() -> None:
    """§4.5 success C/: the last Augustus murdered while a usurper stands: the usurpation
    succeeds at once (the line names the C/ condition); no successor is asked for."""
    st, out = _augustus_dies(("legate", "carnuntum", None), cause=politics.ASSASSINATION, usurper=True)
    assert out.public[1:] == ["§4.5 (success C/): the usurpation of U succeeds; the players change roles in phase A."]
    assert (st.usurpation_success, st.pending) == ("u", [])


def test_with_two_augusti_the_survivor_reigns_alone() -> None:
    """§3.6 (1/): one of two Augusti dies: the other reigns alone, nothing else happens."""
    st, out = _augustus_dies(("other", "rome", "augustus"), ("caesar", "carnuntum", "caesar"))
    assert out.public == ["§8.4: Aug is dead (natural death).", "§3.6 (1/): Other now reigns alone."]
    assert (st.leaders["caesar"].title, st.pending) == ("caesar", [])


def test_every_caesar_is_promoted_when_the_augustus_dies() -> None:
    """§3.6 (3/): the Caesars become the Augusti; the line names them all."""
    st, out = _augustus_dies(("c1", "carnuntum", "caesar"), ("c2", "raetia", "caesar"))
    assert out.public == ["§8.4: Aug is dead (natural death).", "§3.6: C1 & C2 promoted Augustus."]
    assert (st.leaders["c1"].title, st.leaders["c2"].title, st.pending) == ("augustus", "augustus", [])


def test_with_no_caesar_rome_chooses_the_new_augustus_among_its_generals() -> None:
    """§3.6 (4/): a decision for Rome among its Roman generals on the map (in order, the first as
    default), citing §3.6; Didius Julianus waiting off the map changes nothing for an ordinary
    Augustus."""
    st, out = _augustus_dies(("g1", "carnuntum", None), ("g2", "rome", None), (politics.DIDIUS, None, None))
    assert out.public == ["§8.4: Aug is dead (natural death)."]
    assert st.pending == [{"id": "successor-1", "role": "R", "kind": "successor",
                           "prompt": "§3.6 (4/): choose the general who becomes Augustus.",
                           "choices": [["g1", "G1"], ["g2", "G2"]], "default": "g1", "section": "§3.6", "data": {}}]


def _commode_dies_after(pertinax: str, didius: str) -> tuple[ImperatorState, Outcome]:
    """Commode (Augustus) dies with a Caesar in Carnuntum, Pertinax and Didius Julianus off the
    map in the given states ("out": not yet arrived, "dead")."""
    p = Pos()
    p.leader(politics.COMMODE, "vindobona", title="augustus").leader("caesar", "carnuntum", title="caesar")
    p.leader(politics.PERTINAX, None).leader(politics.DIDIUS, None)
    st = p.state()
    st.leaders[politics.PERTINAX].status, st.leaders[politics.DIDIUS].status = pertinax, didius
    out = Outcome()
    politics.kill_leader(st, out, politics.COMMODE, "natural death")
    return st, out


def test_commode_dead_after_pertinax_rome_chooses_the_new_augustus_and_didius_will_rise() -> None:
    """§4.5 note (Commode dies after Pertinax, Didius Julianus alive): Rome chooses the new
    Augustus as if there were no Caesar, citing §4.5, and the choice carries that Didius
    Julianus then rises."""
    st, out = _commode_dies_after("dead", "out")
    assert out.public == ["§8.4: Commode is dead (natural death)."]
    assert st.pending == [{"id": "successor-1", "role": "R", "kind": "successor",
                           "prompt": "§3.6 (4/): choose the general who becomes Augustus.",
                           "choices": [["caesar", "Caesar"]], "default": "caesar", "section": "§4.5",
                           "data": {"didius": True}}]


def test_commode_dead_before_pertinax_arrives_or_after_both_the_caesar_succeeds() -> None:
    """§4.5 (Commode) applies only while Pertinax is in play or dead with Didius Julianus alive:
    with Pertinax not yet arrived, or with both dead, the ordinary §3.6 succession promotes the
    Caesar."""
    for pertinax, didius in (("out", "out"), ("dead", "dead")):
        st, out = _commode_dies_after(pertinax, didius)
        assert (pertinax, out.public, st.pending) == (
            pertinax, ["§8.4: Commode is dead (natural death).", "§3.6: Caesar promoted Augustus."], [])
        assert st.leaders["caesar"].title == "augustus"


def test_with_no_roman_general_left_the_enemies_win_at_once() -> None:
    """§3.6: the Augustus dies and Rome has no Roman general left on the map: sudden death, the
    Enemies of Rome win (a Parthian leader of Rome's counter default does not count)."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus").leader("chief", "parthia", people="parthians")
    st = p.state()
    out = Outcome()
    politics.kill_leader(st, out, "aug", "natural death")
    summary = "§3.6: no Roman general is left to take the purple; the Enemies of Rome win."
    assert out.public == ["§8.4: Aug is dead (natural death).", summary]
    assert (st.game_over, st.result, st.pending) == (
        True, {"winners": [st.seat_of("E")], "summary": summary, "level": "sudden death"}, [])


# -- §4.5 A/: what follows the usurper in his zone -------------------------------------------------------


def test_his_zone_follows_the_usurper_romans_only_titles_lost_the_fronts_defected() -> None:
    """§4.5 A/: in the usurper's zone every loyal Roman leader (a Caesar loses his title) and
    every loyal Roman unit joins him, whatever stands before them in order (a Parthian leader,
    an Armenian unit of Rome's, which stay as they are); what already serves another usurper
    stays his. A legion's Front counts as defected once (§4.5 D/); a vexillation or a garrison
    does not make its Front defect."""
    p = Pos()
    p.leader("u", "emesa", cp=4)
    p.leader("chief", "emesa", people="parthians").leader("caesar", "emesa", title="caesar")
    p.leader("old", "emesa", "E", rebel=True, follows="u0")
    p.unit("arm", "emesa", "R", people="armenia")
    p.unit("leg_a", "emesa", front="orient").unit("leg_b", "emesa", front="orient")
    p.unit("vex", "emesa", front="danube", kind="vexillation").unit("garr", "emesa", front=None, kind="garrison")
    p.unit("theirs", "emesa", "E", front="rhine", usurper="u0")
    st = p.state()
    out = Outcome()
    politics.validate_usurpation(st, out, "u", bonus=0, spread=False)
    assert [(x, st.leaders[x].owner, st.leaders[x].title, st.leaders[x].follows) for x in ("chief", "caesar", "old")] == [
        ("chief", "R", None, None), ("caesar", "E", None, "u"), ("old", "E", None, "u0")]
    assert [(x, st.units[x].owner, st.units[x].usurper) for x in ("arm", "leg_a", "leg_b", "vex", "garr", "theirs")] == [
        ("arm", "R", None), ("leg_a", "E", "u"), ("leg_b", "E", "u"), ("vex", "E", "u"), ("garr", "E", "u"),
        ("theirs", "E", "u0")]
    assert (st.defected_fronts, out.map_changed) == (["orient"], True)


# -- §4.5: success, and equal CP among usurpers -----------------------------------------------------------


def test_on_equal_cp_the_usurpation_succeeds_and_the_enemies_choose_who_reigns() -> None:
    """§4.5 ("au choix du joueur"): two usurpers of equal CP: the first in order is recorded at
    once, and the Enemies of Rome get the choice, the reason kept for the line."""
    p = Pos()
    p.leader("u1", "antiochia", "E", title="usurper", cp=4).leader("u2", "raetia", "E", title="usurper", cp=4)
    p.leader("u3", "carnuntum", "E", cp=5)  # a rebel, not a usurper
    st = p.state()
    out = Outcome()
    politics.usurpation_succeeds(st, out, "§4.5 (success B/)")
    assert out.public == ["§4.5 (success B/): the usurpation of U1 succeeds; the players change roles in phase A."]
    assert st.pending == [{"id": "crown-1", "role": "E", "kind": "crown",
                           "prompt": "§4.5 (success B/): the usurpers have equal CP; choose who becomes Augustus.",
                           "choices": [["u1", "U1"], ["u2", "U2"]], "default": "u1", "section": "§4.5",
                           "data": {"why": "§4.5 (success B/)"}}]
    assert st.usurpation_success == "u1"


# -- tests written after the recheck (not counted in its row) ------------------------------------------


def test_a_decision_of_the_mutineers_goes_to_the_side_that_placed_the_marker_in_that_zone() -> None:
    """AMB-43: mutineers decide nothing; in Carnuntum the Roman legion mutinied (Rome's marker
    placed by the Enemies), in Emesa a Parthian unit did (placed by Rome): each decision goes to
    the side that placed the marker of its zone, and says it concerns the mutineers."""
    p = Pos()
    p.unit("leg", "carnuntum", "M").unit("cata", "emesa", "M", people="parthians")
    st = p.state()
    st.units["leg"].mutineer_of, st.units["cata"].mutineer_of = "R", "E"
    politics.open_decision(st, "M", "retreat", "where?", [("a", "A")], "a", "§8.3", {"zone": "emesa"})
    politics.open_decision(st, "M", "retreat", "where?", [("a", "A")], "a", "§8.3", {"zone": "carnuntum"})
    assert [(d["role"], d["data"]) for d in st.pending] == [
        ("R", {"zone": "emesa", "side": "M"}), ("E", {"zone": "carnuntum", "side": "M"})]
    politics.open_decision(st, "M", "loss", "which?", [("a", "A")], "a", "§8.3")
    assert (st.pending[-1]["role"], st.pending[-1]["data"]) == ("E", {"side": "M"})


def test_deaths_of_one_instant_clear_every_mark_of_the_dead() -> None:
    """§8.4 with AMB-31: a named leader is dead, a generic one returns (phase C); each loses his
    zone, fleet and title; the Corporis Custodes leave their holder; the killer scores 1 VP per
    enemy killed (§10, AMB-36); Commode's case is resolved first when two Augusti die together."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader(politics.COMMODE, "vindobona", title="augustus")
    p.leader(politics.PERTINAX, "carnuntum")
    p.leader("gen", "raetia")
    st = p.state()
    st.board.leaders["gen"] = type(st.board.leaders["gen"])("gen", "Gen", "roman", 3, 2, 0, 3, generic=True)
    st.leaders["aug"].fleet = "ravenna"
    st.custodes = "aug"
    out = Outcome()
    politics.kill_leaders(st, out, ["aug", politics.COMMODE, "gen"], "battle", killer="E")
    assert [(x, st.leaders[x].status, st.leaders[x].loc, st.leaders[x].fleet, st.leaders[x].title)
            for x in ("aug", politics.COMMODE, "gen")] == [
        ("aug", "dead", None, None, None), (politics.COMMODE, "dead", None, None, None),
        ("gen", "returning", None, None, None)]
    assert (st.custodes, st.vp[st.seat_of("E")], out.map_changed) == (None, 3, True)
    assert out.public[:2] == ["§8.4: Aug is dead (battle).", "§10: 1 VP to enemies for the death of Aug."]
    assert out.public[6] == "§4.5 (Commode): Pertinax becomes Augustus."
    assert st.leaders[politics.PERTINAX].title == "augustus"


def test_didius_crowned_lets_the_new_enemies_raise_a_usurper_at_once() -> None:
    """§4.5 (Didius Julianus): when his usurpation succeeds and the roles swap, the new Enemies
    of Rome may at once name a general in a Front as usurper, or none."""
    p = Pos()
    p.leader("aug", "vindobona", title="augustus").leader(politics.DIDIUS, "rome", "E", title="usurper")
    p.leader("legate", "carnuntum").leader("rhenish", "raetia")
    st = p.state(phase="A")
    st.usurpation_success = politics.DIDIUS
    politics.role_swap(st, Outcome())
    assert st.pending == [{"id": "usurper-1", "role": "E", "kind": "usurper",
                           "prompt": "§4.5: Didius Julianus reigns; choose a general to claim the purple at once, or none.",
                           "choices": [["none", "no usurpation"], ["legate", "Legate"], ["rhenish", "Rhenish"]],
                           "default": "legate", "section": "§4.5", "data": {}}]


def test_the_c_offer_from_the_danube_is_the_rhine() -> None:
    """§4.5 C/: the Danube's only neighbouring Front is the Rhine."""
    assert [d["choices"] for d in _offer("danube").pending] == [[["rhine", "Rhine Front"], ["none", "do not try"]]]


def test_a_death_with_no_section_given_cites_8_4_and_one_s_own_dead_score_nothing() -> None:
    """§8.4 by default; a leader not on the map (first in the list) is passed over and the
    others still die; no VP for the side that loses its own leader (§10, AMB-36)."""
    p = Pos()
    p.leader("gone", None).leader("own", "carnuntum")
    st = p.state()
    st.leaders["gone"].status = "dead"
    out = Outcome()
    politics.kill_leaders(st, out, ["gone", "own"], "battle", killer="R")
    assert (out.public, out.citations, st.vp) == (["§8.4: Own is dead (battle)."], ["§8.4"], {"rome": 0, "enemies": 0})


def test_usurper_units_without_a_rebel_leader_go_home_the_others_follow_their_leader() -> None:
    """§4.3: a usurper's Roman unit on land with no rebel Roman leader in its zone (a loyal one
    does not count) returns to the emperor (its line said); one at sea, one in mutiny (AMB-43) and a Parthian unit are left
    alone. A unit whose usurper fell follows the rebel leader of its zone: the usurper there, or
    the one that leader follows; a unit whose usurper stands keeps him."""
    p = Pos()
    p.leader("u", "antiochia", "E", title="usurper", cp=4).leader("fol", "emesa", "E", rebel=True, follows="u")
    p.leader("u_dead", None, "E").leader("u2", "raetia", "E", title="usurper").leader("loyal", "noricum")
    p.unit("sea", "noricum", "E", usurper="u").unit("mut", "noricum", "E", usurper="u")
    p.unit("lone", "noricum", "E", usurper="u").unit("parth", "noricum", "E", people="parthians")
    p.unit("orphan", "emesa", "E", usurper="u_dead").unit("unled", "antiochia", "E")
    p.unit("kept", "emesa", "E", usurper="u2")
    st = p.state()
    st.leaders["u_dead"].status = "dead"
    st.units["sea"].fleet, st.units["mut"].mutiny = "ravenna", "mutinerie#1"
    st.civil_war = False
    out = Outcome()
    politics.normalize(st, out)
    assert [(x, st.units[x].owner, st.units[x].usurper) for x in ("sea", "mut", "lone", "parth", "orphan", "unled", "kept")] == [
        ("sea", "E", "u"), ("mut", "E", "u"), ("lone", "R", None), ("parth", "E", None), ("orphan", "E", "u"),
        ("unled", "E", "u"), ("kept", "E", "u2")]
    assert (out.public, st.civil_war) == (["§4.3: Lone, left without a rebel leader, returns to the emperor."], True)


def test_a_unit_a_scenario_holds_stays_with_its_usurper_only_in_its_zone() -> None:
    """§4.3 with a scenario's held legions (scenario 5: the Orient legions hold their camps for
    Pescennius Niger): a usurper's unit alone in the zone the scenario has it hold stays his;
    the same unit out of that zone, or held for a usurper who has fallen, returns to the emperor.
    A held unit with a rebel leader beside it follows that leader as any other."""
    p = Pos()
    p.leader("niger", "antiochia", "E", title="usurper", cp=4).leader("fallen", None, "E")
    p.leader("fol", "emesa", "E", rebel=True, follows="niger")
    p.unit("held", "noricum", "E", usurper="niger").unit("moved", "raetia", "E", usurper="niger")
    p.unit("orphan", "raetia", "E", usurper="fallen").unit("led", "emesa", "E", usurper="fallen")
    p.unit("free", "noricum", "E", usurper="niger")
    st = p.state()
    st.leaders["fallen"].status = "dead"
    st.rules["held"] = {"held": "noricum", "moved": "noricum", "orphan": "raetia", "led": "emesa"}
    out = Outcome()
    politics.normalize(st, out)
    assert [(x, st.units[x].owner, st.units[x].usurper) for x in ("held", "moved", "orphan", "led", "free")] == [
        ("held", "E", "niger"), ("moved", "R", None), ("orphan", "R", None), ("led", "E", "niger"), ("free", "R", None)]
    assert out.public == [f"§4.3: {n}, left without a rebel leader, returns to the emperor." for n in ("Moved", "Orphan", "Free")]


def test_two_augusti_dying_together_without_commode_get_the_ordinary_succession() -> None:
    """§3.6 (3/) with AMB-31: two Augusti (neither of them Commode) killed in the same instant
    give one ordinary succession: the Caesar is promoted, and Pertinax, a general on the map,
    is not crowned by Commode's rule (§4.5 note), which needs Commode among the dead."""
    p = Pos()
    p.leader("aug1", "vindobona", title="augustus").leader("aug2", "rome", title="augustus")
    p.leader("caesar", "carnuntum", title="caesar").leader(politics.PERTINAX, "raetia")
    p.leader(politics.COMMODE, "noricum")
    st = p.state()
    out = Outcome()
    politics.kill_leaders(st, out, ["aug1", "aug2"], "battle")
    assert out.public == ["§8.4: Aug1 is dead (battle).", "§8.4: Aug2 is dead (battle).",
                          "§3.6: Caesar promoted Augustus."]
    assert [st.leaders[x].title for x in ("caesar", politics.PERTINAX, politics.COMMODE)] == ["augustus", None, None]
    assert st.pending == []


def test_the_custodes_stay_with_their_augustus_when_another_leader_dies() -> None:
    """§3.6 (Corporis Custodes): the guard leaves only the leader it protected; a general's death
    leaves it with the Augustus it guards."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader("gen", "vindobona")
    st = p.state()
    st.custodes = "aug"
    politics.kill_leaders(st, Outcome(), ["gen"], "battle")
    assert (st.custodes, st.leaders["gen"].status, st.leaders["aug"].title) == ("aug", "dead", "augustus")


def test_a_scenario_s_sudden_death_among_deaths_of_one_instant_ends_the_game_before_any_succession() -> None:
    """AMB-31 with a scenario's special rules: the deaths are said, the scenario's VP for a death
    is scored, and when the named leaders are all dead the game ends at once (sudden death):
    no succession for the Augustus among them, no §4.3 return."""
    p = Pos(year=180)
    p.leader("aug", "rome", title="augustus").leader("gen", "vindobona").leader("caesar", "carnuntum", title="caesar")
    p.rules["scenario_rules"] = [
        {"kind": "vp_on_death", "leader": "aug", "before": 190, "side": "enemy", "vp": 2},
        {"kind": "sudden_death", "leaders": ["aug", "gen"], "winner": "enemy"},
    ]
    st = p.state()
    out = Outcome()
    politics.kill_leaders(st, out, ["aug", "gen"], "battle")
    assert out.public == ["§8.4: Aug is dead (battle).", "§8.4: Gen is dead (battle).",
                          "Scenario: Aug died before 190: 2 VP to enemies.",
                          "Scenario: Aug, Gen dead, the game ends; enemies wins."]
    assert (st.game_over, st.result["level"], st.vp, st.leaders["caesar"].title) == (
        True, "sudden death", {"rome": 0, "enemies": 2}, "caesar")


def test_a_rebel_general_s_death_sends_the_usurper_s_lone_units_home_with_their_line() -> None:
    """§4.3 after a death (§8.4): the usurper's legion whose only rebel leader just died returns
    to the emperor, and the line says so; the usurper, elsewhere, keeps his title."""
    p = Pos()
    p.leader("u", "antiochia", "E", title="usurper", cp=4).leader("fol", "emesa", "E", rebel=True, follows="u")
    p.unit("lone", "emesa", "E", usurper="u")
    st = p.state()
    out = Outcome()
    politics.kill_leaders(st, out, ["fol"], "battle")
    assert out.public == ["§8.4: Fol is dead (battle).", "§4.3: Lone, left without a rebel leader, returns to the emperor."]
    assert ((st.units["lone"].owner, st.units["lone"].usurper), st.leaders["u"].title, st.civil_war) == (("R", None), "usurper", True)


def test_didius_crowned_in_a_front_leaves_the_generals_of_his_front_free_to_usurp() -> None:
    """§4.5 (Didius Julianus): the new Enemies choose any general to lead the usurpation, which
    is validated at once; unlike the usurpation stratagem, a general standing in the Front of
    the new Augustus (Didius, who left Rome for the Danube) may be chosen."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader(politics.DIDIUS, "carnuntum", "E", title="usurper")
    p.leader("legate", "vindobona")
    st = p.state(phase="A")
    st.usurpation_success = politics.DIDIUS
    politics.role_swap(st, Outcome())
    assert [(d["kind"], d["choices"], d["section"]) for d in st.pending] == [
        ("usurper", [["none", "no usurpation"], ["legate", "Legate"]], "§4.5")]


def test_a_lone_caesar_losing_his_title_to_the_new_augustus_is_told_in_the_singular() -> None:
    """§5 (AMB-94): the usurper wins with no other usurper in play; only Rome's Caesar loses his
    title, told in the singular; the Corporis Custodes go to the new Augustus (AMB-97)."""
    p = Pos()
    p.leader("aug", "rome", title="augustus").leader("caes", "carnuntum", title="caesar")
    p.leader("win", "antiochia", "E", title="usurper", cp=4)
    st = p.state(phase="A")
    st.usurpation_success = "win"
    st.custodes = "aug"
    out = Outcome()
    politics.role_swap(st, out)
    assert out.public == ["§5: Aug, the former emperor, is removed from the game.",
                          "§5: Caes loses his title.",
                          "§5: Win is Augustus. Seat enemies now plays Rome, seat rome the Enemies of Rome.",
                          "§3.6: the Corporis Custodes go to Win."]
