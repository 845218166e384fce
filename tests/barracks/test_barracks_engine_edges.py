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
    assert out.public[0] == ("Decius (Red) at D4 is won by Praetorian Guard Red 8 on the Wreath side: "
                             "he is discarded (Wreath is not played).")
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


# -- second pass on the survivors of scripts/mutate --------------------------------------------------
def test_ambitus_is_trump_on_any_emperor() -> None:
    """§10.0 Ambitus: its suit counts as the Emperor's colour, so the Ambitus 3 takes a Red
    Emperor over a Blue 6 (without it there would be no trump and the 6 would win)."""
    g = fixture(emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "ambitus-3", "C4": "foederati-6", "E4": "mob-5"}, barbs={"D5": "G"})
    assert E.judge(g.state, "D4") == E.Verdict("capture", faction="pillar", space="D3")


def test_learning_game_has_no_barbarians_and_no_abilities() -> None:
    """§14.0: no Barbarians on the board or in the deck; no ability, placement or ongoing."""
    g = BarracksGame.new("learning", [], "learn", {})
    st = g.state
    assert st.learning and st.barbs == {} and len(st.deck) == 42 - 16 - 4
    assert not any(c.startswith("barb") for c in st.deck + st.forum)
    seat = st.active
    card = next(c for c in st.hands[seat])
    assert set(E.placement_spaces(st, seat, card).values()) == {"normal"}
    assert E.ability_blocked(st, seat, "princeps") is True and E.barbarian_placements(st) == []


@pytest.mark.parametrize(("items", "sets", "score"), [
    (["gordian1", "philip2"], 0, 2),  # no Red
    (["decius", "philip2"], 0, 2),  # no Blue
    (["decius", "gordian1"], 0, 2),  # no Yellow
    (["decius", "gordian1", "philip2", "gallus"], 1, 7),
])
def test_a_set_needs_all_three_colours(items: list[str], sets: int, score: int) -> None:
    st = BarracksGame.new("standard-4p", [], "s", {}).state
    st.areas["sword"] = items
    stats = E.area_stats(st, "sword")
    assert (stats["sets"], stats["score"]) == (sets, score)


def test_can_play() -> None:
    """§5.0: a player who cannot play ends the round, so every way of playing counts."""
    base = {"D4": "decius", "B2": "gallus"}
    g = fixture(emperors=base, barbs={"C4": "G"}, hands={"p1": ["barbarian-05"]})
    g.state.barbs.update({"A2": "barbarian-06", "B1": "barbarian-07"})  # no free homeland
    assert E.barbarian_placements(g.state) == [] and E.can_play(g.state, "p1")  # a move remains
    g = fixture(emperors=base, barbs={"A2": "G", "B1": "G"}, hands={"p1": ["barbarian-05"]})
    assert E.barbarian_moves(g.state) == [("A2", "B3"), ("B1", "C2")] and E.can_play(g.state, "p1")
    # Gallus (B2) hemmed in by four Barbarians, Castra on Aemilian's homelands: no Barbarian
    # play anywhere, while Eagle's E6 is free for an Influence card it does not hold
    g = fixture(emperors={"B2": "gallus", "F6": "aemilian"}, cards={"G6": "castra-3", "F7": "castra-4"},
                barbs=dict.fromkeys(("A2", "B1", "B3", "C2"), "G"), hands={"p2": ["barbarian-05"]})
    assert E.legal_spaces(g.state, "p2") == ["E6"] and not E.can_play(g.state, "p2")
    g = fixture(emperors=base, cards={"B3": "castra-3", "D5": "castra-4"}, hands={"p1": ["forcemarch-5"]})
    assert E.legal_spaces(g.state, "p1") == [] and E.can_play(g.state, "p1")  # Force March elsewhere
    g.state.hands["p1"] = ["mob-5"]
    assert not E.can_play(g.state, "p1")


def test_legal_plays_lists_each_barbarian_card_once() -> None:
    g = fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs={"C4": "G"},
                hands={"p1": ["barbarian-05", "barbarian-06", "cavalry-3"]})
    plays = [(p.verb, p.card, p.origin, p.space, p.how) for p in E.legal_plays(g.state, "p1")]
    assert plays == [
        ("play", "barbarian-05", "", "A2", "barbarian"), ("play", "barbarian-05", "", "B1", "barbarian"),
        ("move", "barbarian-05", "C4", "B3", "move"), ("move", "barbarian-05", "C4", "D3", "move"),
        ("move", "barbarian-05", "C4", "D5", "move"),
        ("play", "cavalry-3", "", "B3", "normal"), ("play", "cavalry-3", "", "D5", "normal"),
    ]


@pytest.mark.parametrize(("scenario", "pile"), [("standard-4p", "discard"), ("solo", "box")])
def test_removed_barbarians_go_to_the_discard_or_back_to_the_box(scenario: str, pile: str) -> None:
    """§6.2 / §15.2.4: a Barbarian taken off the board is discarded; in the solo game it goes
    back to the holding box."""
    g = fixture(scenario, emperors={"B2": "gallus"}, barbs={"B3": "barbarian-13"})
    E.clear_space_barb(g.state, "B3")
    assert getattr(g.state, pile)[-1] == "barbarian-13" and "B3" not in g.state.barbs


def test_a_discarded_card_loses_its_counters_and_is_face_up_again() -> None:
    g = fixture(emperors={"B2": "gallus"}, cards={"B3": "forcemarch-5", "C2": "mob-5"})
    g.state.counters = {"forcemarch-5": [1, 2], "mob-5": [1]}
    g.state.flipped = ["forcemarch-5"]
    E.clear_space_card(g.state, "B3")
    assert g.state.counters == {"mob-5": [1]} and g.state.flipped == [] and g.state.discard == ["forcemarch-5"]


@pytest.mark.parametrize(("roma", "in_play"), [("fortified", True), ("unfortified", True), ("sacked", False)])
def test_romas_sides_are_in_play_while_roma_stands(roma: str, in_play: bool) -> None:
    """§15.2.1: Roma is no Emperor but its sides take cards (BE-14)."""
    g = fixture("solo", emperors={"B6": "gallus"})
    g.state.roma = roma
    assert E.live(g.state, "D3") is in_play
    assert ("C4" in E.legal_spaces(g.state, "eagle")) is in_play


def test_exhausting_the_deck_discards_the_forum_barbarians_too() -> None:
    g = fixture(emperors={"B2": "gallus"})
    st = g.state
    st.deck, st.forum = [], ["barbarian-14", "castra-3"]
    out = Outcome()
    E.exhaust_if_empty(st, out)
    assert st.exhausted and st.forum == [] and st.discard[-2:] == ["barbarian-14", "castra-3"]
    assert out.public == ["The draw deck is empty: the Forum is discarded and no more cards are taken this round."]
    assert out.citations == ["§8.0"]


def test_solo_exhaustion_keeps_the_forum_but_closes_it() -> None:
    """§15.2: the solo round ends with the deck; the Forum (and its Barbarians) stays."""
    g = fixture("solo", emperors={"B2": "gallus"})
    st = g.state
    st.deck, st.forum = [], ["barbarian-14", "castra-3"]
    out = Outcome()
    E.exhaust_if_empty(st, out)
    assert st.exhausted and st.forum == ["barbarian-14", "castra-3"] and out.public == []
    assert E.forum_options(st) == []


def test_forum_order() -> None:
    """§4.0 and §8.0: ascending printed value; a new card goes after its equals."""
    assert E.forum_from_deal(["mob-5", "tribute-3"]) == ["tribute-3", "mob-5"]
    st = fixture().state
    st.forum = ["mob-5"]
    E.forum_insert(st, "castra-3")
    assert st.forum == ["castra-3", "mob-5"]
    st.forum = ["castra-3", "mob-5", "praetorian-7"]
    E.forum_insert(st, "cavalry-4")
    assert st.forum == ["castra-3", "cavalry-4", "mob-5", "praetorian-7"]


def test_two_player_capture_line_names_the_seat() -> None:
    g = fixture("standard-2p", emperors={"D4": "decius", "B2": "gallus"},
                cards={"D3": "castra-3", "C4": "tribute-4", "E4": "mob-5", "D5": "praetorian-8"})
    out = Outcome()
    E.resolve(g.state, "D4", out)
    assert out.public[0] == ("Decius (Red) at D4 is won by Praetorian Guard Red 8 on the Sword side: "
                             "he goes to p1 (Sword + Pillar).")


def test_round_one_start_player_can_be_any_seat() -> None:
    """§4.0: chosen at random, so every seat starts some game."""
    starts = {BarracksGame.new("standard-4p", [], f"start-{i}", {}).state.start_seat for i in range(40)}
    assert starts == {"p1", "p2", "p3", "p4"}


def test_a_seed_deals_the_same_game_forever() -> None:
    """The deal of a seed is part of the rules version: a change here changes every game in
    progress (bump BarracksGame.RULES_VERSION and say so). Pinned for seed "pinned"."""
    st = BarracksGame.new("standard-4p", [], "pinned", {}).state
    assert st.hands == {
        "p1": ["damnatio-7", "castra-3", "frumentarii-6", "praetorian-8"],
        "p2": ["barbarian-09", "damnatio-8", "barbarian-07", "barbarian-08"],
        "p3": ["flanking-5", "pretender-7", "barbarian-11", "princeps-4"],
        "p4": ["tribute-4", "quaestor-4", "praetorian-7", "barbarian-05"]}
    assert st.forum == ["barbarian-06", "foederati-6", "spiculum-7", "triumph-8"]
    assert list(st.emperors.items())[:3] == [("B2", "tetricus2"), ("D2", "gordian1"), ("F2", "saturninus")]
    assert st.barbs == {"D7": "barbarian-01", "A4": "barbarian-02", "D1": "barbarian-03", "G4": "barbarian-04"}
    assert st.deck[:3] == ["frumentarii-5", "tribute-3", "demagogue-7"] and st.start_seat == "p1"


def test_setup_round_reports_and_sizes() -> None:
    """§11.0: five cards each with two players; §15.1 easy solo: 8 Barbarians in round 2;
    §4.0: a Barbarian left in the Forum goes back with the others."""
    two = BarracksGame.new("standard-2p", [], "two", {}).state
    assert [len(h) for h in two.hands.values()] == [5, 5]
    g = fixture(emperors=dict(FOUR))
    st = g.state
    st.forum = ["barbarian-05", "castra-3"]
    st.round = 2
    out = Outcome()
    E.setup_round(st, out)
    assert out.commit_point is True and out.map_changed is True
    assert out.public == ["Round 2 is dealt: 13 Emperors, 32 cards in the draw deck."]
    everywhere = st.box + st.deck + st.forum + list(st.barbs.values()) + [c for h in st.hands.values() for c in h]
    assert sorted(c for c in everywhere if c.startswith("barb")) == list(BARBARIAN_IDS)
    easy = BarracksGame.new("solo", [], "easy", {"difficulty": "easy"}).state
    assert sum(c.startswith("barb") for c in easy.deck) == 7
    easy.round = 2
    E.setup_round(easy, None)
    assert sum(c.startswith("barb") for c in easy.deck) == 8


def test_solo_space_beside_a_gone_emperor_is_out_of_play() -> None:
    """§9.0: a space touching only removed Emperors is out of play, Roma standing or not."""
    g = fixture("solo", emperors={"F6": "aemilian"})
    assert g.state.roma == "fortified" and not E.live(g.state, "B1") and E.live(g.state, "G6")


def test_a_seed_deals_the_same_solo_game_forever() -> None:
    st = BarracksGame.new("solo", [], "pinned", {}).state
    assert st.hands["p1"] == ["cavalry-4", "triumph-8", "demagogue-7", "vulgus-6"]
    assert st.forum == ["castra-3", "pretender-7", "forcemarch-6", "cavalry-3"]
    assert st.deck[:3] == ["forcemarch-5", "praetorian-7", "barbarian-01"]


def test_orphan_discard_cites_the_rule() -> None:
    """§7.0 step 7 (also after Damnatio Memoriae, BE-10): a card touching no Emperor is discarded."""
    g = fixture(emperors={"D2": "gallus", "F6": "aemilian"}, cards={"D1": "mob-5", "F5": "castra-3"})
    del g.state.emperors["D2"]
    out = Outcome()
    E.cleanup_orphans(g.state, out)
    assert g.state.cards == {"F5": "castra-3"} and g.state.discard == ["mob-5"] and out.citations == ["§7.0"]
