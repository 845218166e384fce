"""Edges of the engine that the digest's cases leave out: seat modes and scoring areas (§11-§13),
placement abilities (§10.0), round setup (§4.0, §15.1) and what a resolution reports (§7.0).
Written to kill the mutants that survived `scripts/mutate rules/barracks/engine.py`."""

from __future__ import annotations

import pytest
from test_barracks_cases import T11_EMPERORS, fixture

from rules.barracks import engine as E
from rules.barracks.data import BARBARIAN_IDS
from rules.barracks.game import BarracksGame
from rules.core.command import Outcome

FOUR = {"D4": "decius", "B2": "gallus", "F6": "aemilian", "B6": "valerian", "F2": "gordian1"}


# -- seats, factions, scoring areas ----------------------------------------------------------------
@pytest.mark.parametrize(("scenario", "areas", "titles", "of_seat", "seats_of_first"), [
    ("standard-4p", ["sword", "eagle", "pillar", "wreath"], ["Sword", "Eagle", "Pillar", "Wreath"],
     {"p1": "sword", "p2": "eagle", "p3": "pillar", "p4": "wreath"}, ["p1"]),
    ("standard-3p", ["sword", "eagle", "pillar"], ["Sword", "Eagle", "Pillar"],
     {"p1": "sword", "p2": "eagle", "p3": "pillar"}, ["p1"]),
    ("standard-2p", ["p1", "p2"], ["p1 (Sword + Pillar)", "p2 (Eagle + Wreath)"],
     {"p1": "p1", "p2": "p2"}, ["p1"]),
    ("partnership-4p", ["sword+pillar", "eagle+wreath"], ["Sword + Pillar", "Eagle + Wreath"],
     {"p1": "sword+pillar", "p2": "eagle+wreath", "p3": "sword+pillar", "p4": "eagle+wreath"}, ["p1", "p3"]),
    ("solo", ["sword", "eagle", "pillar", "wreath"], ["Sword", "Eagle", "Pillar", "Wreath"], {"p1": "sword"}, ["p1"]),
])
def test_scoring_areas_by_mode(scenario: str, areas: list[str], titles: list[str], of_seat: dict[str, str],
                               seats_of_first: list[str]) -> None:
    """§11.0 (one area per 2-player side), §12.0 (Wreath unplayed), §13.0 (one per team)."""
    st = BarracksGame.new(scenario, [], "areas", {}).state
    assert E.area_names(st) == areas
    assert [E.area_title(st, a) for a in areas] == titles
    assert {s: E.area_of_seat(st, s) for s in st.seats} == of_seat
    assert E.area_seats(st, areas[0]) == seats_of_first
    assert sorted(st.areas) == sorted(areas)


def test_where_each_sides_capture_goes() -> None:
    """The side that wins takes the Emperor for its area: 2p by seat, partnership by team, and
    in 3p a Wreath win is discarded (§12.0)."""
    two = BarracksGame.new("standard-2p", [], "a", {}).state
    assert [E.area_of_faction(two, f) for f in ("sword", "eagle", "pillar", "wreath")] == ["p1", "p2", "p1", "p2"]
    team = BarracksGame.new("partnership-4p", [], "a", {}).state
    assert [E.area_of_faction(team, f) for f in ("sword", "eagle", "pillar", "wreath")] == [
        "sword+pillar", "eagle+wreath", "sword+pillar", "eagle+wreath"]
    three = BarracksGame.new("standard-3p", [], "a", {}).state
    assert [E.area_of_faction(three, f) for f in ("sword", "eagle", "pillar", "wreath")] == [
        "sword", "eagle", "pillar", None]
    assert E.usable_factions(three, "p2") == ("eagle", "wreath")  # §12.0: Wreath's sides for all
    assert E.usable_factions(two, "p2") == ("eagle", "wreath")
    assert E.usable_factions(team, "p2") == ("eagle",)


def test_solo_rival_areas_have_no_seat() -> None:
    st = BarracksGame.new("solo", [], "a", {}).state
    assert [E.area_seats(st, a) for a in ("sword", "eagle", "pillar", "wreath")] == [["p1"], [], [], []]


def test_three_player_wreath_win_is_discarded_and_said() -> None:
    """§12.0: an Emperor won on the Wreath side in a 3-player game leaves the game."""
    g = fixture("standard-3p", emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "castra-3", "C4": "tribute-4", "E4": "praetorian-8", "D5": "mob-5"})
    out = Outcome()
    v = E.resolve(g.state, "D4", out)
    assert (v.kind, v.faction, v.space) == ("capture", "wreath", "E4")
    assert "decius" in g.state.removed and not any("decius" in a for a in g.state.areas.values())
    assert "is discarded (Wreath is not played)" in out.public[0]
    assert out.map_changed is True and "§7.0" in out.citations


def test_start_player_of_later_rounds_by_mode() -> None:
    """§4.0 and §3.0: the lowest score starts; a team or 2-player side starts with its first
    seat; ties go to whoever loses the tie-breaks (BE-08)."""
    team = BarracksGame.new("partnership-4p", [], "s", {}).state
    team.round = 2
    team.areas = {"sword+pillar": ["decius"], "eagle+wreath": ["gallus", "gordian1"]}
    assert E.start_player_for_round(team) == "p1"
    team.areas = {"sword+pillar": ["decius", "gordian1"], "eagle+wreath": ["gallus"]}
    assert E.start_player_for_round(team) == "p2"
    four = BarracksGame.new("standard-4p", [], "s", {}).state
    four.round = 3
    four.areas = {"sword": ["decius"], "eagle": ["gordian1"], "pillar": ["gallus", "pupienus"],
                  "wreath": ["aemilian", "balbinus"]}
    assert E.start_player_for_round(four) == "p2"  # Eagle: equal score, fewer Red than Sword
    solo = BarracksGame.new("solo", [], "s", {}).state
    solo.round = 2
    solo.areas["eagle"] = []
    solo.areas["sword"] = ["decius", "gallus"]
    assert E.start_player_for_round(solo) == "p1"  # §15.1: you always start


# -- placement abilities (§10.0) ---------------------------------------------------------------------
def _placements(card: str, cards: dict[str, str] | None = None, barbs: dict[str, str] | None = None,
                demagogue: str | None = None) -> dict[str, str]:
    g = fixture(emperors={"D4": "decius", "B2": "gallus"}, cards=cards, barbs=barbs, hands={"p1": [card]})
    g.state.demagogue = demagogue
    return E.placement_spaces(g.state, "p1", card)


def test_force_march_reaches_every_empty_live_space() -> None:
    normal = {"B3": "normal", "D5": "normal"}
    assert _placements("cavalry-3") == normal
    spaces = _placements("forcemarch-5", cards={"C4": "castra-3"})
    live_empty = {"A2": "forcemarch", "B1": "forcemarch", "C2": "forcemarch", "D3": "forcemarch",
                  "E4": "forcemarch"}
    assert spaces == {**normal, **live_empty}
    assert _placements("forcemarch-5", demagogue="p2") == normal  # silenced


def test_praetorian_guard_replaces_an_uncovered_non_castra_card_on_your_sides() -> None:
    cards = {"D5": "mob-5", "B3": "castra-3", "D3": "tribute-4"}
    assert _placements("praetorian-7", cards=cards) == {"D5": "praetorian"}
    assert _placements("praetorian-7", cards=cards, barbs={"D5": "G"}) == {}  # covered: BE-02
    assert _placements("praetorian-7", cards=cards, demagogue="p3") == {}


@pytest.mark.parametrize("card", ["foederati-5", "triumph-7"])
def test_foederati_and_triumph_take_a_barbarian_space_on_your_sides(card: str) -> None:
    key = card.split("-")[0]
    assert _placements(card, barbs={"D5": "G", "D3": "G"}) == {"B3": "normal", "D5": key}


def test_barbarian_cards_go_to_homelands() -> None:
    spaces = _placements("barbarian-05", cards={"A2": "castra-4"})
    assert spaces == {"B1": "barbarian"}  # the live homelands of B2: A2 holds a Castra


# -- round setup (§4.0, §15.1) -------------------------------------------------------------------------
def test_second_round_setup_four_players() -> None:
    """13 Emperors, a Barbarian on each middle homeland, ten in the deck replacing those
    captured (§4.0), 4 cards each and 4 in the Forum."""
    g = fixture(emperors=dict(FOUR))
    st = g.state
    st.areas["eagle"] = ["barbarian-01", "barbarian-02"]
    st.revealed = {"p3": ["castra-3"]}
    E.setup_round(st, None)
    assert len(st.emperors) == 13 and sorted(st.barbs) == ["A4", "D1", "D7", "G4"]
    barbs_in_deck = [c for c in st.deck + st.forum + [c for h in st.hands.values() for c in h] if c.startswith("barb")]
    assert len(barbs_in_deck) == 10 and not {"barbarian-01", "barbarian-02"} & set(barbs_in_deck)
    assert len(st.box) == 18 - 2 - 4 - 10 and not {"barbarian-01", "barbarian-02"} & set(st.box)
    assert [len(h) for h in st.hands.values()] == [4, 4, 4, 4] and len(st.forum) == 4
    assert len(st.deck) == 42 + 10 - 16 - 4
    assert st.revealed == {} and st.path is None and st.cards == {} and st.discard == []


def test_second_round_setup_solo_keeps_forum_barbarians() -> None:
    """§15.2.7: Barbarians in the Forum stay; §15.1: Roma keeps D4, no starting Barbarians."""
    g = fixture("solo", emperors=dict(T11_EMPERORS), barbs={"D7": "G"})
    st = g.state
    st.round = 2
    st.path = "sword"
    st.forum = ["barbarian-09", "mob-5", "barbarian-10", "quaestor-3"]
    st.areas["sword"] = ["barbarian-11"]
    E.setup_round(st, None)
    assert "D4" not in st.emperors and len(st.emperors) == 12 and st.barbs == {} and st.path is None
    assert st.forum[:2] == ["barbarian-09", "barbarian-10"] and len(st.forum) == 4
    barbs = [c for c in st.deck if c.startswith("barb")]
    assert len(barbs) == E.SOLO_BARBARIANS["normal"][1]
    assert not {"barbarian-09", "barbarian-10", "barbarian-11"} & set(barbs + st.box)
    assert len(st.box) == len(BARBARIAN_IDS) - 3 - len(barbs)
    assert len(st.hands["p1"]) == 4 and not any(c.startswith("barb") for c in st.hands["p1"])


# -- what a resolution says (§7.0) ---------------------------------------------------------------------
def test_verdicts_name_their_reason_and_space() -> None:
    g = fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs=dict.fromkeys(("D3", "C4", "E4", "D5"), "G"))
    assert E.judge(g.state, "D4") == E.Verdict("died", reason="four Barbarians")
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "castra-3", "C4": "tribute-3", "E4": "ambitus-3"}, barbs={"D5": "G"})
    assert E.judge(g.state, "D4") == E.Verdict("died", space="D5", reason="a Barbarian wins")
    out = Outcome()
    E.resolve(g.state, "D4", out)
    assert out.public[0] == "Decius (Red) at D4 dies in battle (a Barbarian wins): nobody captures him."
    assert g.state.removed == ["decius"]
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "castra-4", "C4": "tribute-4", "E4": "mob-6", "D5": "foederati-6"})
    assert E.judge(g.state, "D4") == E.Verdict("stuck", reason="every card is cancelled")
    out = Outcome()
    assert E.resolve(g.state, "D4", out).kind == "stuck"
    assert g.state.emperors["D4"] == "decius" and len(g.state.cards) == 4 and out.public == []


def test_a_barbarian_cancels_a_face_down_card() -> None:
    """Both count 0 (§6.2, §10.0 Mob): they cancel, and the Cavalry rule does not protect a
    Barbarian; with the two 3s cancelled too, nobody wins."""
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "forcemarch-5", "C4": "tribute-3", "E4": "ambitus-3"}, barbs={"D5": "G"})
    g.state.flipped = ["forcemarch-5"]
    assert E.judge(g.state, "D4").kind == "stuck"


def test_capture_line_names_the_scoring_area() -> None:
    g = fixture("partnership-4p", emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "castra-3", "C4": "tribute-4", "E4": "mob-5", "D5": "praetorian-8"})
    out = Outcome()
    E.resolve(g.state, "D4", out)
    assert out.public[0] == ("Decius (Red) at D4 is won by Praetorian Guard Red 8 on the Sword side: "
                             "he goes to Sword + Pillar.")
    assert g.state.areas["sword+pillar"] == ["decius"] and "praetorian-8" in g.state.discard
