"""Tests that kill the mutants of rules/barracks/solo.py (issue 11, mutation testing): the solo
game of §15 (invasions §15.2.3, stopping invaders §15.2.4, rivals §15.2.5-15.2.6, the result
§15.3), each line and refusal compared whole, with its section."""

from __future__ import annotations

import pytest
from test_barracks_cases import T11_EMPERORS, fixture
from test_barracks_solo import TWO_EMPERORS, _at_select

from rules.barracks import engine as E
from rules.barracks import solo
from rules.barracks.data import INFLUENCE_SPACES, label
from rules.barracks.game import BarracksGame
from rules.core.command import Command, Outcome
from rules.core.errors import RuleError


def _refused(g: BarracksGame, seat: str, name: str, **args: object) -> RuleError:
    before = g.state.to_json()
    with pytest.raises(RuleError) as e:
        g.apply(seat, Command(name, dict(args)))
    assert g.state.to_json() == before  # nothing changed
    return e.value


def test_a_solo_game_starts_on_the_player_seat() -> None:
    g = fixture("solo")
    assert g.state.mode == "solo"
    assert g.state.active == "p1"


# -- decisions (§15.2.3, §15.2.4) --------------------------------------------------------------


def _pending(g: BarracksGame) -> None:
    g.state.decision_seq = 4
    g.state.pending = {"id": "d4", "seat": "p1", "kind": "path", "prompt": "pick",
                       "choices": [["B6", "B6"], ["C5", "C5"]], "default": "B6", "section": "§15.2.3",
                       "barb": "barbarian-05"}


def test_deciding_without_a_decision_open_is_refused() -> None:
    g = fixture("solo")
    out = Outcome()
    with pytest.raises(RuleError) as e:
        solo.decide(g.state, "p1", "d1", "B6", out)
    assert (e.value.section, e.value.message) == ("", "there is no pending decision")


def test_a_decision_is_answered_only_by_its_seat() -> None:
    g = fixture("solo")
    _pending(g)
    with pytest.raises(RuleError) as e:
        solo.decide(g.state, "p2", "d4", "B6", Outcome())
    assert (e.value.section, e.value.message) == ("", "this decision is not yours")


def test_an_answer_not_offered_lists_the_choices_and_cites_the_decision() -> None:
    g = fixture("solo")
    _pending(g)
    err = _refused(g, "p1", "decide", id="d4", choice="D7")
    assert (err.section, err.message) == ("§15.2.3", "choose one of: B6, C5")


def test_an_old_decision_is_refused_by_its_id() -> None:
    g = fixture("solo")
    _pending(g)
    with pytest.raises(RuleError) as e:
        solo.decide(g.state, "p1", "d3", "B6", Outcome())
    assert (e.value.section, e.value.message) == ("", "that decision (d3) is no longer open")


def test_opening_a_decision_numbers_it_and_names_the_player() -> None:
    g = fixture("solo")
    st = g.state
    st.decision_seq = 6
    solo._open(st, "path", "pick", [("B6", "B6 label"), ("C5", "C5 label")], "C5", "§15.2.3", barb="barbarian-05")
    assert st.decision_seq == 7
    assert st.pending == {"id": "d7", "seat": "p1", "kind": "path", "prompt": "pick",
                          "choices": [["B6", "B6 label"], ["C5", "C5 label"]], "default": "C5",
                          "section": "§15.2.3", "barb": "barbarian-05"}


# -- §15.3 the result, whole lines -------------------------------------------------------------


def _over(areas: dict[str, list[str]], difficulty: str = "normal") -> BarracksGame:
    g = fixture("solo", emperors=dict(T11_EMPERORS))
    st = g.state
    st.areas = {f: list(areas.get(f, [])) for f in E.FACTIONS_ALL}
    st.barbs, st.forum = {}, ["quaestor-3", "mob-5", "cavalry-3", "forcemarch-5"]
    st.difficulty, st.roma_start = difficulty, "fortified"
    st.phase = "over"
    return g


def test_a_shared_victory_names_the_rival_level_and_title() -> None:
    g = _over({"sword": ["decius", "gordian1", "barbarian-01"], "eagle": ["gallus", "pupienus", "barbarian-02"],
               "pillar": ["aemilian"]})
    res = g.result()
    # normal 5 + no Barbarian on the map 5 + four Influence cards in the Forum 8 + one captured 1
    assert solo.victory_points(g.state) == {"difficulty": 5, "roma_unfortified_start": 0, "no_barbarians_on_map": 5,
                                            "forum_free_of_barbarians": 8, "barbarians_captured": 1}
    assert res is not None and (res.winners, res.level) == (("p1",), "Princeps Civitatis")
    assert res.summary == "Victory shared with Eagle at 3 Legacy points: level 19, Princeps Civitatis."


def test_a_defeat_names_every_rival_ahead_joined_by_and() -> None:
    g = _over({"sword": ["decius"], "eagle": ["gallus", "pupienus"], "pillar": ["aemilian", "balbinus"]})
    res = g.result()
    assert res is not None and (res.winners, res.level) == ((), "defeat")
    assert res.summary == "Defeat: Eagle and Pillar finished ahead of you."
    assert dict(res.scores) == {"sword": 1, "eagle": 2, "pillar": 2, "wreath": 0}


def test_a_lost_game_gives_its_reason() -> None:
    g = _over({"sword": ["decius", "gallus"]})
    g.state.lost = "Roma was sacked"
    res = g.result()
    assert res is not None and (res.winners, res.level, res.summary) == ((), "defeat", "Defeat: Roma was sacked.")


def test_a_clear_victory_gives_points_level_and_title() -> None:
    g = _over({"sword": ["decius", "gallus", "barbarian-01"], "eagle": ["pupienus"]}, difficulty="hard")
    res = g.result()
    # hard 10 + no Barbarian on the map 5 + four Influence cards 8 + one captured 1 = 24
    assert res is not None and (res.winners, res.level) == (("p1",), "Dictator Perpetuo")
    assert res.summary == "Victory with 3 Legacy points: level 24, Dictator Perpetuo."


@pytest.mark.parametrize(("points", "title"), [
    (31, "Dominus et Deus"), (30, "Dominus et Deus"), (29, "Restitutor Orbis"), (25, "Restitutor Orbis"),
    (24, "Dictator Perpetuo"), (20, "Dictator Perpetuo"), (19, "Princeps Civitatis"), (15, "Princeps Civitatis"),
    (14, "Augustus"), (10, "Augustus"), (9, "Imperator"), (5, "Imperator"), (4, "Plebeian"), (0, "Plebeian"),
    (-3, "Plebeian"),
])
def test_title_for_each_level(points: int, title: str) -> None:
    """§15.3 (Final Score / Title): 30+, 25-29, 20-24, 15-19, 10-14, 5-9, 0-4."""
    assert solo.title_for(points) == title


def test_victory_points_count_each_condition() -> None:
    """§15.3: difficulty, Roma unfortified at the start, no Barbarian on the map, each Influence
    card of the Forum and each empty Forum slot (2 each), each Barbarian captured."""
    g = _over({"sword": ["barbarian-01", "barbarian-02", "decius"]}, difficulty="easy")
    st = g.state
    st.roma_start = "unfortified"
    st.barbs = {"C4": "barbarian-03"}
    st.forum = ["barbarian-04", "mob-5", "cavalry-3"]
    assert solo.victory_points(st) == {"difficulty": 0, "roma_unfortified_start": 5, "no_barbarians_on_map": 0,
                                       "forum_free_of_barbarians": 6, "barbarians_captured": 2}


# -- rounds (§15.2) ----------------------------------------------------------------------------


def test_a_solo_round_ends_when_every_emperor_is_resolved() -> None:
    g = fixture("solo")
    st = g.state
    st.emperors = {}
    out = Outcome()
    assert solo._round_over(st, out) is True
    assert out.public[0] == "Round 1 ends: every Emperor is resolved."
    assert out.citations[0] == "§15.2" and st.round == 2


def test_a_solo_round_ends_when_the_deck_is_exhausted() -> None:
    g = fixture("solo", emperors={"D4": "decius"})
    st = g.state
    st.deck = []
    out = Outcome()
    assert solo._round_over(st, out) is True
    assert out.public[0] == "Round 1 ends: the draw deck is exhausted."


def test_a_lost_solo_game_ends_without_a_round_line() -> None:
    g = fixture("solo", emperors={"D4": "decius"})
    st = g.state
    st.lost = "Roma was sacked"
    out = Outcome()
    assert solo._round_over(st, out) is True
    assert (st.phase, out.public) == ("over", [])
    st.lost = ""
    st.phase = "play"
    assert solo._round_over(st, Outcome()) is False


# -- rivals (§15.2.5) --------------------------------------------------------------------------


def test_a_rival_without_a_legal_space_discards_its_card() -> None:
    g = fixture("solo", emperors={"D4": "decius"},
                cards={"D5": "mob-6", "C4": "castra-3", "D3": "tribute-4", "E4": "cavalry-3"})
    st = g.state
    st.deck = ["quaestor-3", "mob-5", "ambitus-4", "cavalry-4", *st.deck[4:]]
    out = Outcome()
    solo.rival_turn(st, "eagle", out)
    assert out.public[0] == "Eagle draws Quaestor Yellow 3 but has no legal space: it is discarded."
    assert "quaestor-3" in st.discard and out.citations[0] == "§15.2.5" and out.commit_point is True


# -- §7.0 on the player's turn: the order of several Emperors an invader completes ---------------


def test_several_emperors_completed_by_an_invader_ask_the_player_in_whole_lines() -> None:
    g = _at_select(dict(TWO_EMPERORS), barbs={"D7": "barbarian-01"}, deck_top=("barbarian-05", "ambitus-4"))
    out = g.apply("p1", Command("forum", {"choice": "2"}))
    assert out.public[-1] == "Several Emperors are surrounded: the player chooses which is resolved first (§7.0)."
    assert "§7.0" in out.citations
    p = g.state.pending
    assert (p["kind"], p["prompt"], p["default"], p["section"]) == (
        "resolve_order", "Several Emperors are surrounded: which is resolved first?", "C5", "§7.0")
    # board order (C5 before B6), the first being the default
    assert p["choices"] == [["C5", "C5: Maximinus Thrax (Red)"], ["B6", "B6: Jotapian (Yellow)"]]
    assert g.state.resume == [{"op": "refill", "actor": "p1"}]


# -- the invasion path (§15.2.3) ---------------------------------------------------------------


def test_path_numbers_of_the_sword_path_and_off_it() -> None:
    st = fixture("solo").state
    st.path = None
    assert solo.path_number(st, "D7") == 0
    st.path = "sword"
    assert [solo.path_number(st, s) for s in ("D7", "C6", "E6", "D5", "C4", "roma")] == [1, 2, 2, 3, 0, 0]
    st.path = "eagle"
    assert [solo.path_number(st, s) for s in ("A4", "B3", "B5", "C4", "D7")] == [1, 2, 2, 3, 0]


def test_the_closest_barbarian_is_the_highest_on_the_path() -> None:
    st = fixture("solo").state
    st.barbs = {}
    assert solo.closest_barbarian(st) is None
    st.path, st.barbs = "sword", {"D7": "barbarian-01", "E6": "barbarian-02", "A4": "barbarian-03"}
    assert solo.closest_barbarian(st) == "E6"
    st.barbs["D5"] = "barbarian-04"
    assert solo.closest_barbarian(st) == "D5"


def test_the_path_is_forgotten_once_no_barbarian_is_left() -> None:
    st = fixture("solo").state
    st.path, st.barbs = "sword", {"D7": "barbarian-01"}
    solo.refresh_path(st)
    assert st.path == "sword"
    st.barbs = {}
    solo.refresh_path(st)
    assert st.path is None


def test_defeat_limits_by_place() -> None:
    """§15.2.4: a Red card of 8 or less at #1, 6 at #2, 4 at #3, 2 at the gates of Roma; a
    Barbarian off the path counts as #1."""
    st = fixture("solo").state
    st.path = "sword"
    assert [solo.defeat_limit(st, s) for s in ("D7", "C6", "D5", "roma", "A4")] == [8, 6, 4, 2, 8]


def test_defeat_offers_stop_at_twelve() -> None:
    hand = ["spiculum-8", "praetorian-8", "mob-5", "mob-6", "vulgus-5", "vulgus-6", "quaestor-3", "quaestor-4"]
    st = fixture("solo", hands={"p1": hand}).state
    offers = solo.defeat_offers(st, "p1", 2)  # a Red 8 needs 3 militia: 20 ways for the first alone
    assert len(offers) == solo.MAX_DEFEAT_OFFERS == 12
    assert offers[0] == ("praetorian-8", ["mob-5", "mob-6", "quaestor-3"])
    assert all(r == "praetorian-8" for r, _ in offers)
    assert solo.defeat_offers(st, "p1", 8)[:2] == [("praetorian-8", []), ("spiculum-8", [])]


def test_citizenship_never_takes_the_last_influence_card() -> None:
    st = fixture("solo").state
    st.forum = ["barbarian-01", "tribute-4", "barbarian-02"]
    assert solo.citizenship_slots(st) == []
    st.forum = ["barbarian-01", "tribute-4", "mob-5"]
    assert solo.citizenship_slots(st) == [1]
    st.forum = ["princeps-3", "tribute-4"]
    assert solo.citizenship_slots(st) == [0, 1]


# -- Roma (§15.2.3) ----------------------------------------------------------------------------


def test_roma_is_breached_then_sacked() -> None:
    st = fixture("solo").state
    st.roma, box = "fortified", len(fixture("solo").state.box)
    out = Outcome()
    solo.roma_hit(st, "barbarian-07", out)
    assert (st.roma, st.lost, st.box[-1], len(st.box)) == ("unfortified", "", "barbarian-07", box + 1)
    assert out.public == ["The Barbarians breach the walls of Roma: Roma is no longer fortified."]
    assert out.citations == ["§15.2.3"]
    out = Outcome()
    solo.roma_hit(st, "barbarian-08", out)
    assert (st.roma, st.lost, st.phase, st.box[-1]) == ("sacked", "Roma was sacked", "over", "barbarian-08")
    assert out.public == ["Roma is sacked: the game is lost."]


# -- rivals under the player's Demagogue (§15.1) -----------------------------------------------


def test_under_your_demagogue_you_place_the_rival_card() -> None:
    g = fixture("solo", emperors={"D4": "decius"})
    st = g.state
    st.demagogue = "p1"
    st.deck = ["quaestor-3", *[c for c in st.deck if c != "quaestor-3"]]
    out = Outcome()
    solo.rival_turn(st, "eagle", out)
    p = st.pending
    spaces = E.legal_spaces(st, "eagle")
    assert (p["kind"], p["section"], p["card"], p["faction"]) == ("rival_place", "§15.1", "quaestor-3", "eagle")
    assert p["prompt"] == "Your Demagogue: where does Quaestor Yellow 3 of Eagle go?"
    assert p["choices"] == [[s, s] for s in spaces] and p["default"] == solo.choose_spaces(st, "eagle", "quaestor-3")[0]
    assert out.public == ["Eagle draws Quaestor Yellow 3; under the Demagogue the player places it."]
    assert (st.active, st.phase, out.commit_point) == ("eagle", "rival", True)


# -- what a stop or a forced discard records (§15.2.4) ---------------------------------------------


def _stopper() -> BarracksGame:
    from test_barracks_solo import _stop_offers

    return _stop_offers()


def test_a_defeat_is_recorded_as_the_turn_s_play_without_an_ability() -> None:
    """§15.2.4: Defeat takes the place of your play; the Red card is the turn's card (shown in
    the public view, with no space), it has no ability, and the Forum step follows (§8.0)."""
    g = _stopper()
    g.apply("p1", Command("defeat", {"card": "castra-3", "militia": []}))
    st = g.state
    assert st.played == {"card": "castra-3", "space": "", "value": 0, "how": "defeat", "actor": "p1", "abil": False}
    view = g.public_view()["played"]
    assert (view["card"]["id"], view["space"], view["actor"]) == ("castra-3", "", "p1")
    assert (st.phase, st.active) == ("select", "p1")


def test_citizenship_is_recorded_as_the_turn_s_play_with_no_card_shown() -> None:
    """§15.2.4: Citizenship plays no card from the hand: the view shows none."""
    g = _stopper()
    g.apply("p1", Command("citizenship", {"slot": "2"}))
    st = g.state
    assert st.played == {"card": "", "space": "", "value": 0, "how": "citizenship", "actor": "p1", "abil": False}
    assert g.public_view()["played"] == {"card": None, "space": "", "actor": "p1"}
    assert (st.phase, st.active) == ("select", "p1")


def test_a_defeat_with_no_forum_left_ends_the_turn_and_the_round() -> None:
    """§15.2.4 then §8.0 and §15.2: with the Forum and the deck empty there is nothing to take;
    the turn ends, and the round with it (the deck is exhausted)."""
    g = _stopper()
    g.state.forum, g.state.deck = [], []
    out = g.apply("p1", Command("defeat", {"card": "castra-3", "militia": []}))
    assert out.public == [
        "The Barbarian at C6 is defeated with Castra Red 3.",
        "Round 1 ends: the draw deck is exhausted.",
        "Scores after round 1: Sword 1, Eagle 0, Pillar 0, Wreath 0.",
        "Round 2 is dealt: 12 Emperors, 37 cards in the draw deck.",
        "p1 (Sword) starts round 2.",
    ]
    assert out.citations == ["§15.2.4", "§15.2"]
    assert (g.state.round, g.state.phase, g.state.active) == (2, "play", "p1")


def test_a_forced_discard_that_ends_the_game_stays_the_last_card_shown() -> None:
    """§15.2.4: the forced discard ends your turn with no Forum card; on the last round with an
    empty deck the game ends (§15.2) and the public view shows the discarded card as the last
    card of the game, discarded by you."""
    full = {label(p): "tribute-4" for p in INFLUENCE_SPACES}  # every Influence space taken: no play
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards=full, hands={"p1": ["castra-3", "mob-5"]},
                options={"rounds": "1"})
    g.state.deck = []
    out = g.apply("p1", Command("discard", {"card": "castra-3"}))
    st = g.state
    assert out.public == ["You have no legal play and discard Castra Red 3; no Forum card this turn.",
                          "Round 1 ends: the draw deck is exhausted.",
                          "Scores after round 1: Sword 0, Eagle 0, Pillar 0, Wreath 0.", "The game is over."]
    assert st.phase == "over"
    assert st.played == {"card": "castra-3", "space": "", "value": 0, "how": "forced", "actor": "p1", "abil": False}
    view = g.public_view()["played"]
    assert (view["card"]["id"], view["space"], view["actor"]) == ("castra-3", "", "p1")


# -- §15.2.6: a rival orders its own resolutions ----------------------------------------------------
# Boards met in seeded random solo games, rebuilt here: several Emperors surrounded on a rival's
# turn. A course is the whole order that follows (the first Emperor chosen, the rest greedily,
# own wins first); the ranking keeps the first Emperors tied on the rival's preferences.


def _board(emperors: dict[str, str], cards: dict[str, str], barbs: dict[str, str],
           flipped: tuple[str, ...] = ()) -> BarracksGame:
    g = fixture("solo", emperors=emperors, cards=cards, barbs=barbs)
    g.state.flipped = list(flipped)
    return g


THREE_READY_FOR_WREATH = _board(
    {"D2": "aureolus", "F2": "carus", "E3": "maximinus", "B4": "philip2", "F4": "licinianus", "F6": "aemilian"},
    {"E6": "flanking-6", "F1": "tribute-4", "G2": "damnatio-7", "B5": "quaestor-4", "D1": "quaestor-3",
     "F3": "castra-4", "E4": "frumentarii-6", "B3": "princeps-3", "C4": "tribute-3", "D3": "mob-5",
     "C2": "vulgus-5", "E2": "forcemarch-5"},
    {"A4": "barbarian-02", "B5": "barbarian-05"}, flipped=("quaestor-3",))

THREE_READY_FOR_EAGLE = _board(
    {"B2": "philip2", "D2": "quintillus", "B4": "vaballathus", "F4": "gordian2", "C5": "carus", "B6": "carinus",
     "D6": "saturninus", "F6": "valerian"},
    {"A6": "triumph-7", "B1": "demagogue-7", "G6": "spiculum-8", "F3": "frumentarii-6", "B5": "frumentarii-5",
     "D7": "damnatio-8", "C2": "princeps-3", "D5": "vulgus-6", "E2": "tribute-4", "E6": "quaestor-4",
     "B7": "vulgus-5", "C4": "ambitus-3", "E4": "mob-6", "G4": "forcemarch-6", "C6": "flanking-5"},
    {"D7": "barbarian-07"})

TWO_READY_FOR_PILLAR = _board(
    {"E3": "pupienus", "F4": "probus", "D6": "uranius"},
    {"E6": "flanking-5", "D5": "praetorian-7", "F5": "demagogue-7", "C4": "damnatio-7", "E2": "quaestor-3",
     "D3": "mob-6", "E4": "quaestor-4", "G4": "foederati-6", "F3": "ambitus-3"},
    {"D7": "barbarian-06", "E6": "barbarian-03"})


def test_a_rival_keeps_every_first_emperor_tied_with_its_whole_course() -> None:
    """§15.2.6, Wreath with Aureolus (D2), Carus (F2) and Maximinus (E3) surrounded: every order
    leaves Pillar Aureolus alone; D2 first would start with Pillar's capture, F2 and E3 with
    Wreath's own, and those two tie. F2 first lets Wreath take Maximinus too (its own wins go
    first in the rest of the course)."""
    st = THREE_READY_FOR_WREATH.state
    assert solo.rival_resolution_ranking(st, "wreath", ["D2", "F2", "E3"]) == [
        ("F2", (("F2", "capture", "wreath"), ("E3", "capture", "wreath"), ("D2", "capture", "pillar"))),
        ("E3", (("E3", "capture", "wreath"), ("D2", "capture", "pillar"))),
    ]
    assert solo.rival_resolution_choice(st, "wreath", ["D2", "F2", "E3"]) == "F2"


def test_a_rival_gives_the_fewest_emperors_to_the_others_even_before_its_own() -> None:
    """§15.2.6, Eagle with Carus (C5), Carinus (B6) and Saturninus (D6) surrounded: only D6
    first holds the others to one Emperor (Pillar's Saturninus), Eagle then taking Carinus."""
    st = THREE_READY_FOR_EAGLE.state
    assert solo.rival_resolution_ranking(st, "eagle", ["C5", "B6", "D6"]) == [
        ("D6", (("D6", "capture", "pillar"), ("B6", "capture", "eagle"))),
    ]


def test_a_rival_rather_gives_an_emperor_to_another_rival_than_to_you() -> None:
    """§15.2.6, Pillar with Pupienus (E3, Eagle's) and Probus (F4, yours) surrounded: either
    order gives both away; Pillar resolves Eagle's first."""
    st = TWO_READY_FOR_PILLAR.state
    assert solo.rival_resolution_ranking(st, "pillar", ["E3", "F4"]) == [
        ("E3", (("E3", "capture", "eagle"), ("F4", "capture", "sword"))),
    ]


def test_a_tie_that_changes_only_the_rival_s_own_or_your_gains_is_not_asked() -> None:
    """§15.2.6: the player is asked only when the tie decides what the *other* rivals gain;
    here Pillar's courses differ in its own captures only, so it goes in board order."""
    g = _board({"B2": "balbinus", "D2": "tetricus1", "F2": "regalianus", "C3": "gordian2", "E3": "philip",
                "F4": "aemilian", "C5": "gallienus", "E5": "marius", "B6": "pacatianus", "D6": "pupienus",
                "F6": "aureolus"},
               {"B5": "pretender-8", "B3": "castra-4", "D1": "tribute-4", "E2": "frumentarii-5", "D3": "vulgus-5",
                "C4": "ambitus-4", "C2": "princeps-3"}, {})
    st = g.state
    out = Outcome()
    assert solo.ask_rival_tie(st, "pillar", ["D2", "C3"], out) is False
    assert (st.pending, out.public, out.citations) == ({}, [], [])


def test_a_course_in_words_names_captures_deaths_and_emperors_gone() -> None:
    """What a resolution order gives (the labels of the §15.2.6 decision): a capture names the
    faction, a death (a Barbarian wins, §7.0) says so, and an Emperor already off the board is
    named by its space; the parts are joined by commas."""
    st = fixture("solo", emperors={"F6": "decius", "E5": "gallus"}).state
    course = (("E5", "died", ""), ("F6", "capture", "pillar"), ("B2", "capture", "wreath"))
    assert solo.course_text(st, course) == "Trebonianus Gallus dies, Pillar takes Decius, Wreath takes B2"


def test_victories_carry_every_faction_s_score() -> None:
    """§15.3 with §3.0: a victory, shared or not, reports each faction's score like a defeat."""
    shared = _over({"sword": ["decius", "gordian1", "barbarian-01"], "eagle": ["gallus", "pupienus", "barbarian-02"],
                    "pillar": ["aemilian"]}).result()
    assert shared is not None and shared.scores == (("sword", 3), ("eagle", 3), ("pillar", 1), ("wreath", 0))
    clear = _over({"sword": ["decius", "gallus", "barbarian-01"], "eagle": ["pupienus"]}).result()
    assert clear is not None and clear.scores == (("sword", 3), ("eagle", 1), ("pillar", 0), ("wreath", 0))


def test_a_defeat_by_three_rivals_lists_them_with_commas_and_and() -> None:
    """§15.3: every rival ahead of you is named: "A, B and C"."""
    g = _over({"eagle": ["gallus"], "pillar": ["aemilian"], "wreath": ["balbinus"]})
    res = g.result()
    assert res is not None and res.summary == "Defeat: Eagle, Pillar and Wreath finished ahead of you."


def test_with_no_legal_play_the_only_commands_are_the_discards_and_the_stops() -> None:
    """§15.2.4: without a legal play you may discard any card of your hand (one command per
    card, in order), and still stop the nearest invader if you can."""
    full = {label(p): "tribute-4" for p in INFLUENCE_SPACES}  # every Influence space taken: no play
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards=full, hands={"p1": ["mob-5", "castra-3"]})
    assert solo.player_commands(g.state, "p1") == [Command("discard", {"card": "castra-3"}),
                                                   Command("discard", {"card": "mob-5"})]
    g.state.barbs, g.state.path = {"D7": "barbarian-01"}, "sword"
    g.state.forum = ["vulgus-6", "quaestor-4"]  # no Blue card: no Citizenship
    assert solo.player_commands(g.state, "p1") == [Command("discard", {"card": "castra-3"}),
                                                   Command("discard", {"card": "mob-5"}),
                                                   Command("defeat", {"card": "castra-3", "militia": []})]


def test_citizenship_changes_the_map_and_forgets_the_path_of_the_last_invader() -> None:
    """§15.2.4: the Barbarian settles in the Forum, its space empties (the map changes), and
    with no invader left the invasion path is reset (§15.2.3)."""
    from test_barracks_solo import _stop_offers

    g = _stop_offers()
    st = g.state
    st.barbs = {"C6": "barbarian-07"}
    out = Outcome()
    solo._apply_citizenship(st, 1, "C6", "barbarian-07", out)
    assert out.map_changed is True
    assert (st.barbs, st.path, st.forum[1]) == ({}, None, "barbarian-07")


def test_an_invader_drawn_for_princeps_completes_two_emperors_then_the_draw_goes_on() -> None:
    """§15.2.2 with §7.0 and §10.0: the Barbarian drawn for Princeps Senatus lands at C6 and
    surrounds Maximinus (C5) and Jotapian (B6); you order them. After your pick the other one,
    still surrounded, is resolved at once, and only then does Princeps draw its card."""
    from test_mut_flow import _princeps

    from rules.barracks import flow

    g = _princeps("solo", deck=["barbarian-05", "ambitus-4", "mob-6"], emperors=dict(T11_EMPERORS),
                  cards=dict(TWO_EMPERORS), barbs={"D7": "G"}, hands={"p1": ["mob-5"]})
    st, out = g.state, Outcome()
    st.path = "sword"
    flow.enter_select(st, "p1", out)
    assert out.public == ["A Barbarian is drawn!", "A Barbarian invades at C6 (#2, over the higher card).",
                          "Several Emperors are surrounded: the player chooses which is resolved first (§7.0)."]
    assert (st.pending["kind"], st.resume) == ("resolve_order", [{"op": "princeps", "actor": "p1"}])
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": "B6"}))
    st = g.state
    assert out.public == [
        "Jotapian (Yellow) at B6 is won by Mobile Vulgus Yellow 6 on the Sword side: he goes to Sword.",
        "Maximinus Thrax (Red) at C5 is won by Praetorian Guard Red 7 on the Eagle side: he goes to Eagle."]
    assert out.private == {"p1": ["Princeps Senatus: you draw Ambitus Yellow 4."]}
    assert (st.phase, st.hands["p1"], st.resume, st.pending) == ("select", ["mob-5", "ambitus-4"], [], {})
    assert (st.areas["sword"], st.areas["eagle"]) == (["jotapian"], ["maximinus"])


def test_princeps_keeps_drawing_through_two_invaders_then_takes_the_only_forum_card() -> None:
    """§15.2.2: each Barbarian drawn for Princeps Senatus invades (you may stop it, §15.2.4, and
    pick its #2 space, §15.2.3); after each answer the Princeps draw goes on, until a card comes
    to your hand; then the Forum step (§8.0) takes its only card and the turn passes to Eagle."""
    from test_mut_flow import _princeps

    from rules.barracks import flow

    g = _princeps("solo", deck=["barbarian-05", "barbarian-06", "ambitus-4", "mob-6", "cavalry-4"],
                  emperors=dict(T11_EMPERORS), hands={"p1": ["castra-3"]})
    st, out = g.state, Outcome()
    st.forum = ["vulgus-6"]
    flow.enter_select(st, "p1", out)
    assert out.public == ["A Barbarian is drawn!", "A Barbarian invades from the Sword side: it lands at D7 (#1)."]
    assert (st.pending["kind"], st.resume) == ("invasion", [{"op": "princeps", "actor": "p1"}])
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": "pass"}))
    assert out.public == ["A Barbarian is drawn!",
                          "A Barbarian reaches #2 of the invasion path: the player chooses C6 or E6."]
    assert (g.state.pending["kind"], g.state.resume) == ("path", [{"op": "princeps", "actor": "p1"}])
    g.apply("p1", Command("decide", {"id": g.state.pending["id"], "choice": "E6"}))
    assert (g.state.pending["kind"], g.state.resume) == ("invasion", [{"op": "princeps", "actor": "p1"}])
    out = g.apply("p1", Command("decide", {"id": g.state.pending["id"], "choice": "pass"}))
    assert out.private == {"p1": ["Princeps Senatus: you draw Ambitus Yellow 4."]}
    assert out.public[:3] == ["p1 (Sword) takes Mobile Vulgus Yellow 6 from the Forum.",
                              "Mob Yellow 6 is turned up into the Forum.", "Eagle plays Cavalry Red 4 at D5."]
    assert g.state.resume == []


def test_a_rival_s_placement_is_the_last_card_shown_when_it_ends_the_game() -> None:
    """§15.2.5: a rival's card is recorded as the turn's play (its space, the rival, no
    ability); when Wreath's card ends the last round (deck empty, §15.2) the public view keeps
    showing it."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), options={"rounds": "1"})
    st = g.state
    st.deck, st.active, st.phase = [], "wreath", "rival"
    out = Outcome()
    solo.rival_place(st, "wreath", "mob-5", "A2", out)
    assert out.public[0] == "Wreath plays Mob Yellow 5 at A2."
    assert (st.phase, out.public[-1]) == ("over", "The game is over.")
    assert st.played == {"card": "mob-5", "space": "A2", "value": 5, "how": "rival", "actor": "wreath", "abil": False}
    view = g.public_view()["played"]
    assert (view["card"]["id"], view["space"], view["actor"]) == ("mob-5", "A2", "wreath")


# -- answers to the solo decisions (§15.2.3, §15.2.4, §15.2.6) ---------------------------------------


def test_the_answer_to_a_rival_tie_reports_the_resolution() -> None:
    """§15.2.6 then §7.0: once you pick F6, Decius's resolution is told and cited."""
    from test_barracks_cases import _rival_tie

    g = _rival_tie()
    pending = g.pending_decision()
    assert pending is not None
    out = g.apply("p1", Command("decide", {"id": pending.id, "choice": "F6"}))
    assert out.public[0] == "Decius (Red) at F6 is won by Praetorian Guard Red 8 on the Pillar side: he goes to Pillar."
    assert out.citations[0] == "§7.0" and g.state.pending == {}


def _at_the_gates(roma: str) -> BarracksGame:
    """#1 to #3 of the Sword path are held: the next invader marches on Roma, and you are asked
    whether to stop it (Citizenship is on offer); a Forum refill waits behind the decision."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["castra-3"]})
    st = g.state
    st.path, st.roma = "sword", roma
    st.barbs = {"D7": "barbarian-01", "C6": "barbarian-02", "E6": "barbarian-03", "D5": "barbarian-04"}
    st.resume = [{"op": "refill", "actor": "p1"}]
    out = Outcome()
    assert solo.invade(st, "barbarian-05", "sword", out) is True
    assert out.public == ["A Barbarian marches on Roma!"]
    assert (st.pending["kind"], st.pending["space"], st.pending["barb"]) == ("invasion", "roma", "barbarian-05")
    return g


def test_letting_an_invader_reach_fortified_roma_breaches_it_and_the_turn_goes_on() -> None:
    """§15.2.3: an invader at the gates stands on no space; it breaches the walls and goes to
    the box; then the waiting refill goes on (its invader had made Licinianus die, §7.0)."""
    g = _at_the_gates("fortified")
    out = g.apply("p1", Command("decide", {"id": g.state.pending["id"], "choice": "pass"}))
    st = g.state
    assert out.public[:2] == ["The Barbarians breach the walls of Roma: Roma is no longer fortified.",
                              "Licinianus (Yellow) at D6 dies in battle (four Barbarians): nobody captures him."]
    assert (st.roma, st.box[-1], st.resume, st.lost) == ("unfortified", "barbarian-05", [], "")
    assert st.barbs == {"D7": "barbarian-01", "C6": "barbarian-02", "E6": "barbarian-03", "D5": "barbarian-04"}


def test_letting_an_invader_reach_unfortified_roma_loses_and_drops_the_waiting_refill() -> None:
    """§15.2.3 and §15.3: Roma is sacked, the game is lost, and nothing is left to resume."""
    g = _at_the_gates("unfortified")
    out = g.apply("p1", Command("decide", {"id": g.state.pending["id"], "choice": "pass"}))
    st = g.state
    assert out.public == ["Roma is sacked: the game is lost."]
    assert (st.roma, st.lost, st.phase, st.resume, st.box[-1]) == ("sacked", "Roma was sacked", "over", [],
                                                                    "barbarian-05")


def test_a_defeat_chosen_in_the_decision_uses_both_militia() -> None:
    """§15.2.4 at #3 (limit 4): Spiculum 8 with two Yellow militia counts 4; the answer names
    the militia joined by "+", and all three cards are discarded."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["castra-3", "spiculum-8", "mob-5", "vulgus-6"]})
    st = g.state
    st.path, st.barbs = "sword", {"D7": "barbarian-01", "C6": "barbarian-02"}
    out = Outcome()
    solo.invade(st, "barbarian-05", "sword", out)
    assert out.public == ["A Barbarian invades at D5 (#3, next to Roma)."]
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": "defeat:spiculum-8:mob-5+vulgus-6"}))
    st = g.state
    assert out.public == ["The Barbarian at D5 is defeated with Spiculum Red 8 and 2 militia."]
    assert (st.hands["p1"], st.discard[-3:], st.box[-1]) == (["castra-3"], ["spiculum-8", "mob-5", "vulgus-6"],
                                                             "barbarian-05")
    assert st.barbs == {"D7": "barbarian-01", "C6": "barbarian-02"}


def test_taking_the_last_forum_card_with_the_deck_empty_ends_the_turn_and_the_round() -> None:
    """§15.2.2: nothing is left to refill the Forum; the turn ends and, the deck being
    exhausted, so does the round (§15.2)."""
    g = _at_select({}, deck_is=())
    out = g.apply("p1", Command("forum", {"choice": "2"}))
    assert out.public[:2] == ["p1 (Sword) takes Quaestor Yellow 4 from the Forum.",
                              "Round 1 ends: the draw deck is exhausted."]
    assert g.state.round == 2


def test_an_invader_drawn_on_the_refill_that_sacks_roma_leaves_nothing_to_resume() -> None:
    """§15.2.2 and §15.2.3: the refill draws a Barbarian that marches on unfortified Roma (no
    way to stop it: no Red card in hand, no Blue card in the Forum); the game is lost at once."""
    held = {"D7": "barbarian-01", "C6": "barbarian-02", "E6": "barbarian-03", "D5": "barbarian-04"}
    g = _at_select({}, barbs=held, deck_top=("barbarian-05", "ambitus-4"))
    g.state.roma = "unfortified"
    out = g.apply("p1", Command("forum", {"choice": "2"}))
    st = g.state
    assert out.public == ["p1 (Sword) takes Quaestor Yellow 4 from the Forum.", "A Barbarian is drawn!",
                          "A Barbarian marches on Roma!", "Roma is sacked: the game is lost."]
    assert (st.phase, st.lost, st.resume, st.pending) == ("over", "Roma was sacked", [], {})


def test_an_invader_goes_back_to_an_empty_number_one_first() -> None:
    """§15.2.3: with the path already chosen, a new invader lands on #1 again when it is free."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["mob-5"]})
    st = g.state
    st.path, st.barbs, st.forum = "sword", {"C6": "barbarian-02"}, ["vulgus-6", "quaestor-4"]  # no way to stop it
    out = Outcome()
    assert solo.invade(st, "barbarian-05", "eagle", out) is False
    assert out.public == ["A Barbarian invades at D7 (#1)."]
    assert (st.barbs, st.path) == ({"C6": "barbarian-02", "D7": "barbarian-05"}, "sword")


def test_three_emperors_an_invader_completes_on_the_refill_are_ordered_one_pick_at_a_time() -> None:
    """§15.2.3 then §7.0: the refill's invader reaches #2 (C6 and E6 both hold a 3: you pick),
    and at C6 it surrounds Maximinus, Jotapian and Licinianus. You order them: after each pick
    the question comes again while two still wait; the last is resolved at once, and only then
    does the refill go on (§15.2.2)."""
    g = _at_select(dict(TWO_EMPERORS, E6="cavalry-3"), barbs={"D7": "barbarian-01"},
                   deck_top=("barbarian-05", "ambitus-4"))
    out = g.apply("p1", Command("forum", {"choice": "2"}))
    assert out.public[-1] == "A Barbarian reaches #2 of the invasion path: the player chooses C6 or E6."
    out = g.apply("p1", Command("decide", {"id": g.state.pending["id"], "choice": "C6"}))
    st = g.state
    assert out.public == ["Several Emperors are surrounded: the player chooses which is resolved first (§7.0)."]
    assert [c for c, _label in st.pending["choices"]] == ["C5", "B6", "D6"]
    assert st.resume == [{"op": "refill", "actor": "p1"}]
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": "B6"}))
    st = g.state
    assert out.public == [
        "Jotapian (Yellow) at B6 is won by Mobile Vulgus Yellow 6 on the Sword side: he goes to Sword.",
        "Several Emperors are surrounded: the player chooses which is resolved first (§7.0)."]
    assert [c for c, _label in st.pending["choices"]] == ["C5", "D6"]
    assert st.resume == [{"op": "refill", "actor": "p1"}]
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": "C5"}))
    st = g.state
    assert out.public[:3] == [
        "Maximinus Thrax (Red) at C5 is won by Praetorian Guard Red 7 on the Eagle side: he goes to Eagle.",
        "Licinianus (Yellow) at D6 is won by Cavalry Red 3 on the Wreath side: he goes to Wreath.",
        "Ambitus Yellow 4 is turned up into the Forum."]
    assert (st.forum, st.active, st.resume) == (["vulgus-6", "ambitus-4"], "eagle", [])


def test_a_discard_naming_no_card_is_refused_with_an_empty_name() -> None:
    """§15.2.4: a forced discard must name a card of the hand; none named reads as ''."""
    full = {label(p): "tribute-4" for p in INFLUENCE_SPACES}  # every Influence space taken: no play
    g = fixture("solo", emperors=dict(T11_EMPERORS), cards=full, hands={"p1": ["castra-3"]})
    with pytest.raises(RuleError) as e:
        solo.player_action(g.state, "p1", "discard", {}, Outcome())
    assert (e.value.section, e.value.message) == ("§15.2.4", "'' is not in your hand")


def test_a_rival_drawing_a_barbarian_closes_its_demagogue_and_waits_for_your_stop() -> None:
    """§15.2.5 with §15.2.3-§15.2.4: Eagle's own Demagogue window closes as its turn starts; the
    Barbarian it draws lands on Eagle's path (#1, A4) and is the turn's card (no space, no
    ability) while you decide whether to stop it; Eagle's resolutions wait for the answer."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["castra-3"]})
    st = g.state
    st.deck = ["barbarian-05", *[c for c in st.deck if c != "barbarian-05"]]
    st.demagogue, st.active, st.phase = "eagle", "eagle", "rival"
    out = Outcome()
    solo.rival_turn(st, "eagle", out)
    assert out.public == ["Eagle draws a Barbarian.", "A Barbarian invades from the Eagle side: it lands at A4 (#1)."]
    assert st.played == {"card": "barbarian-05", "space": "", "value": 0, "how": "rival", "actor": "eagle",
                         "abil": False}
    assert (st.pending["kind"], st.pending["space"], st.resume) == (
        "invasion", "A4", [{"op": "rival_resolve", "faction": "eagle"}])
    view = g.public_view()
    assert (view["demagogue"], view["played"]["card"]["id"], view["played"]["actor"]) == (None, "barbarian-05", "eagle")


def test_while_you_place_a_rival_s_card_nothing_is_shown_as_played() -> None:
    """§15.1: under your Demagogue you place Eagle's card; until you do, the turn has no play."""
    g = fixture("solo", emperors={"D4": "decius"})
    st = g.state
    st.demagogue = "p1"
    st.played = {"card": "mob-5", "space": "B3", "value": 5, "how": "normal", "actor": "p1", "abil": False}
    st.deck = ["quaestor-3", *[c for c in st.deck if c != "quaestor-3"]]
    solo.rival_turn(st, "eagle", Outcome())
    assert st.pending["kind"] == "rival_place"
    assert (st.played, g.public_view()["played"]) == ({}, None)


def test_a_red_card_too_strong_for_the_limit_does_not_hide_the_next_one() -> None:
    """§15.2.4 at the gates of Roma (limit 2): Praetorian Guard 8 would need three militia and
    there are none; Reinforcements 2, after it in the hand's order, is still offered."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), hands={"p1": ["praetorian-8", "reinforcements-2"]})
    assert solo.defeat_offers(g.state, "p1", solo.defeat_limit(g.state, "roma")) == [("reinforcements-2", [])]


def test_a_look_ahead_with_an_emperor_already_waiting_credits_only_the_new_capture() -> None:
    """§15.2.5: Licinianus (D6) already waits for Pillar. Pillar's Princeps at B5 surrounds
    Maximinus (C5) too, which Pillar also takes: two captures in the look-ahead, one of them
    the board's doing, so the placement is credited one (criterion 1 picks B5). Looking ahead
    changes nothing on the real board."""
    from test_barracks_solo import LICINIANUS_THREE_SIDES

    stale = _at_select(dict(LICINIANUS_THREE_SIDES), barbs={"D7": "barbarian-05"}).state
    before = stale.to_json()
    assert solo._simulate(stale, "pillar", "princeps-3", "B5") == (
        {"sword": 0, "eagle": 0, "pillar": 1, "wreath": 0}, 2)
    assert solo.choose_spaces(stale, "pillar", "princeps-3") == ["B5"]
    assert stale.to_json() == before


# -- §15.2.5: where a rival plays, on boards met in seeded random solo games ------------------------


def test_when_every_space_helps_another_faction_the_rival_falls_to_criterion_five() -> None:
    """§15.2.5: Eagle's Spiculum 8 wins nothing for Eagle anywhere, and every space hands an
    Emperor to someone else (C2 to you, C4 and E6 to Pillar): the override passes criteria
    1-4, and in criterion 5 tie-break 1 drops C2 (it helps you); the later tie-breakers then
    prefer E6 to C4."""
    g = _board({"B2": "hostilian", "D2": "aureolus", "C3": "regalianus", "F4": "gordian3", "C5": "vaballathus",
                "E5": "aemilian", "D6": "pacatianus", "F6": "carus"},
               {"E2": "ambitus-3", "B5": "quaestor-4", "D5": "vulgus-5", "B3": "foederati-5", "A2": "triumph-8",
                "E4": "tribute-3", "C6": "princeps-3", "D3": "mob-6", "F5": "quaestor-3", "G6": "vulgus-6",
                "D7": "praetorian-7"},
               {"D1": "barbarian-05", "E2": "barbarian-01"})
    st = g.state
    assert [(s, solo._simulate(st, "eagle", "spiculum-8", s)) for s in E.legal_spaces(st, "eagle")] == [
        ("C2", ({"sword": 1, "eagle": 0, "pillar": 0, "wreath": 0}, 1)),
        ("C4", ({"sword": 0, "eagle": 0, "pillar": 1, "wreath": 0}, 1)),
        ("E6", ({"sword": 0, "eagle": 0, "pillar": 1, "wreath": 0}, 2)),
    ]
    assert solo.choose_spaces(st, "eagle", "spiculum-8") == ["E6"]


def test_a_tie_to_the_end_is_left_to_you() -> None:
    """§15.2.5, tie-break 6: Wreath's Quaestor 4 ties between E6 and G2 through every
    criterion and tie-breaker; both are returned (you choose)."""
    g = _board({"B2": "hostilian", "D2": "regalianus", "F2": "uranius", "C3": "licinianus", "E3": "tetricus2",
                "C5": "quintillus", "E5": "victorinus", "B6": "philip2", "D6": "domitianus", "F6": "ingenuus"},
               {"F7": "demagogue-7", "F5": "spiculum-8", "F3": "demagogue-8", "E4": "tribute-4", "C6": "vulgus-6",
                "C2": "forcemarch-5", "B1": "damnatio-8"},
               {"A4": "barbarian-06", "B5": "barbarian-08", "C4": "barbarian-03"})
    assert solo.choose_spaces(g.state, "wreath", "quaestor-4") == ["E6", "G2"]


def test_the_rival_counts_the_emperors_its_card_would_surround() -> None:
    """§15.2.5: Wreath's Castra 3 goes to G4; C6 would surround an Emperor (B6) that nobody
    then takes, which the look-ahead counts."""
    g = _board({"B2": "tetricus1", "D2": "saloninus", "F2": "quietus", "E3": "laelianus", "B4": "decius",
                "F4": "numerian", "C5": "jotapian", "E5": "macrianus", "B6": "philip2", "D6": "hostilian"},
               {"E4": "foederati-5", "A2": "triumph-7", "C4": "flanking-6", "E6": "damnatio-7", "D3": "frumentarii-6",
                "G2": "forcemarch-5", "B5": "ambitus-3", "D5": "mob-6", "F1": "vulgus-5", "C2": "tribute-4",
                "B3": "spiculum-8"}, {})
    st = g.state
    assert solo._simulate(st, "wreath", "castra-3", "C6") == ({"sword": 0, "eagle": 0, "pillar": 0, "wreath": 0}, 1)
    assert solo._simulate(st, "wreath", "castra-3", "G4") == ({"sword": 0, "eagle": 0, "pillar": 0, "wreath": 0}, 0)
    assert solo.choose_spaces(st, "wreath", "castra-3") == ["G4"]


def test_the_stop_offer_with_two_militia_is_a_plural_sentence() -> None:
    """§15.2.4: the label counts the militia, so each language can put "militia" in the plural."""
    from test_barracks_solo import _stop_offers

    label = solo._interrupt_choices(_stop_offers().state, "D5")[2][1]
    assert label == "Defeat it with Spiculum Red 8 and 2 militia"
    assert (label.msgid, label.plural, label.n) == ("Defeat it with {card} and {n} militia",
                                                    "Defeat it with {card} and {n} militia", 2)


def test_after_a_defeat_the_only_forum_card_is_taken_for_you() -> None:
    """§15.2.4 then §8.0: the Defeat is your play; with one Influence card left in the Forum
    (the other slot holds a Barbarian) it is taken at once, and the Forum is refilled."""
    from test_barracks_solo import _stop_offers

    g = _stop_offers()
    g.state.forum = ["barbarian-10", "mob-6"]
    out = g.apply("p1", Command("defeat", {"card": "castra-3", "militia": []}))
    assert out.public[:2] == ["The Barbarian at C6 is defeated with Castra Red 3.",
                              "p1 (Sword) takes Mob Yellow 6 from the Forum."]
    assert "mob-6" in g.state.hands["p1"]


def test_a_rival_placement_changes_the_map_even_when_the_next_rival_waits_for_you() -> None:
    """§15.2.5: Pillar's card is on the board (the map changes); Wreath's turn then waits for
    you to place its card under your Demagogue (§15.1)."""
    g = fixture("solo", emperors=dict(T11_EMPERORS))
    st = g.state
    st.demagogue, st.active, st.phase = "p1", "pillar", "rival"
    out = Outcome()
    solo.rival_place(st, "pillar", "mob-5", "C4", out)
    assert out.public[0] == "Pillar plays Mob Yellow 5 at C4."
    assert out.map_changed is True
    assert (st.active, st.pending["kind"], st.pending["faction"]) == ("wreath", "rival_place", "wreath")


def test_placing_a_rival_s_card_for_it_leaves_nothing_to_resume() -> None:
    """§15.1: your answer places Eagle's card where you chose; no earlier step waits."""
    g = fixture("solo", emperors={"D4": "decius"})
    st = g.state
    st.demagogue = "p1"
    st.deck = ["quaestor-3", *[c for c in st.deck if c != "quaestor-3"]]
    solo.rival_turn(st, "eagle", Outcome())
    space = st.pending["choices"][0][0]
    out = g.apply("p1", Command("decide", {"id": st.pending["id"], "choice": space}))
    assert out.public[0] == f"Eagle plays Quaestor Yellow 3 at {space}."
    assert (g.state.cards[space], g.state.resume) == ("quaestor-3", [])


def test_a_defeat_with_militia_is_told_as_a_plural_sentence() -> None:
    """§15.2.4: the line counts the militia (two: a plural in every language)."""
    from test_barracks_solo import _stop_offers

    st = _stop_offers().state
    out = Outcome()
    solo._apply_defeat(st, "p1", "spiculum-8", ["mob-5", "vulgus-6"], "D7", st.barbs["D7"], out)
    line = out.public[0]
    assert line == "The Barbarian at D7 is defeated with Spiculum Red 8 and 2 militia."
    assert (line.plural, line.n) == ("The Barbarian {where} is defeated with {card} and {n} militia.", 2)
