"""Tests that kill the mutants of rules/barracks/flow.py (issue 11, mutation testing): the turn
of §5.0 (play §6, abilities §10.0, resolution §7.0, Forum §8.0), each outcome compared whole."""

from __future__ import annotations

from typing import Any

import pytest
from test_barracks_cases import T11_EMPERORS, fixture

from rules.barracks import engine as E
from rules.barracks import flow as F
from rules.barracks.data import CARDS, FACTION_NAMES
from rules.barracks.game import BarracksGame
from rules.core.command import Command, Outcome
from rules.core.errors import RuleError


def test_who_names_a_seat_with_its_factions_and_a_rival_by_its_faction() -> None:
    st = fixture().state
    assert F.who(st, "p2") == "p2 (Eagle)"
    faction = sorted(FACTION_NAMES)[0]
    assert F.who(st, faction) == FACTION_NAMES[faction]


# -- helpers -----------------------------------------------------------------------------------


def _refused(g: BarracksGame, seat: str, name: str, **args: object) -> RuleError:
    before = g.state.to_json()
    with pytest.raises(RuleError) as e:
        g.apply(seat, Command(name, dict(args)))
    assert g.state.to_json() == before  # nothing changed
    return e.value


def _frumentarii_played(mode: str = "standard-4p", deck: list[str] | None = None) -> BarracksGame:
    """p1 has just played Frumentarii (ability live) and stands at the Forum step (§10.0)."""
    g = fixture(mode, emperors={"D4": "decius"}, hands={"p1": [], "p2": ["quaestor-3"]})
    st = g.state
    st.phase = "select"
    st.played = {"card": "frumentarii-6", "space": "B3", "value": 6, "how": "normal", "actor": "p1", "abil": True}
    if deck is not None:
        st.deck = list(deck)
    return g


# -- Frumentarii (§10.0) -----------------------------------------------------------------------

FOUR = ["mob-5", "cavalry-3", "tribute-4", "castra-3"]


def test_frumentarii_looks_at_the_top_four_cards_privately() -> None:
    g = _frumentarii_played(deck=[*FOUR, "spiculum-8"])
    out = g.apply("p1", Command("forum", {"choice": "frumentarii"}))
    st = g.state
    assert (st.phase, st.seen, st.deck) == ("frumentarii", FOUR, ["spiculum-8"])
    assert out.public == ["p1 (Sword) uses Frumentarii and looks at 4 cards of the deck."]
    assert out.private == {"p1": ["Frumentarii: you see mob-5 (Mob Yellow 5), cavalry-3 (Cavalry Red 3), "
                                  "tribute-4 (Tribute Blue 4), castra-3 (Castra Red 3)."]}
    assert (out.commit_point, out.citations) == (True, ["§10.0"])


def test_frumentarii_with_one_card_left_looks_at_one() -> None:
    g = _frumentarii_played(deck=["mob-5"])
    out = g.apply("p1", Command("forum", {"choice": "frumentarii"}))
    assert out.public == ["p1 (Sword) uses Frumentarii and looks at 1 card of the deck."]
    assert (g.state.seen, g.state.deck) == (["mob-5"], [])


def test_frumentarii_refused_without_its_ability_or_an_empty_deck() -> None:
    message = "Frumentarii can be used only at the end of the turn it was played, with cards left in the deck"
    g = _frumentarii_played()
    g.state.played["abil"] = False
    err = _refused(g, "p1", "forum", choice="frumentarii")
    assert (err.section, err.message) == ("§10.0", message)
    g = _frumentarii_played(deck=[])
    err = _refused(g, "p1", "forum", choice="frumentarii")
    assert (err.section, err.message) == ("§10.0", message)


def test_standard_frumentarii_may_see_only_barbarians_and_keep_one() -> None:
    """Outside the solo game a Barbarian seen is a card like any other (§10.0)."""
    barbs = ["barbarian-05", "barbarian-06", "barbarian-07", "barbarian-08"]
    g = _frumentarii_played(deck=[*barbs, "mob-5"])
    g.apply("p1", Command("forum", {"choice": "frumentarii"}))
    assert (g.state.phase, g.state.seen) == ("frumentarii", barbs)


def test_solo_frumentarii_seeing_only_barbarians_puts_them_back_under_the_deck() -> None:
    """§15.2 with §10.0: nothing can be kept, so the Barbarians go to the bottom and the turn ends."""
    barbs = ["barbarian-05", "barbarian-06", "barbarian-07", "barbarian-08"]
    g = _frumentarii_played("solo", deck=[*barbs, "mob-5", "cavalry-3"])
    out = g.apply("p1", Command("forum", {"choice": "frumentarii"}))
    st = g.state
    assert out.public[:2] == ["p1 (Sword) uses Frumentarii and looks at 4 cards of the deck.",
                              "Frumentarii finds only Barbarians: they go to the bottom of the deck."]
    assert st.seen == [] and st.phase != "frumentarii" and st.turn == 1
    assert not set(barbs) & set(st.hands["p1"])


def test_solo_frumentarii_with_one_card_to_keep_waits_for_the_choice() -> None:
    seen = ["barbarian-05", "barbarian-06", "cavalry-3", "barbarian-07"]
    g = _frumentarii_played("solo", deck=[*seen, "mob-5"])
    out = g.apply("p1", Command("forum", {"choice": "frumentarii"}))
    assert (g.state.phase, g.state.seen, g.state.turn) == ("frumentarii", seen, 0)
    assert out.public == ["p1 (Sword) uses Frumentarii and looks at 4 cards of the deck."]


def _looking(mode: str = "standard-4p", seen: list[str] | None = None) -> BarracksGame:
    g = _frumentarii_played(mode, deck=["spiculum-8"])
    g.state.phase, g.state.seen = "frumentarii", list(seen or FOUR)
    return g


def test_keeping_a_card_puts_the_others_under_the_deck_in_the_order_given() -> None:
    g = _looking()
    out = g.apply("p1", Command("forum", {"choice": "tribute-4", "order": ["castra-3", "mob-5", "cavalry-3"]}))
    st = g.state
    assert "tribute-4" in st.hands["p1"] and st.seen == []
    assert st.deck == ["spiculum-8", "castra-3", "mob-5", "cavalry-3"]
    assert out.public[0] == "p1 (Sword) keeps one card and puts 3 at the bottom of the deck."
    assert out.private["p1"][0] == "You keep Tribute Blue 4."
    assert st.turn == 1 and st.active == "p2"


def test_keeping_without_an_order_keeps_the_order_seen() -> None:
    g = _looking(seen=["mob-5", "cavalry-3"])
    out = g.apply("p1", Command("forum", {"choice": "cavalry-3"}))
    assert g.state.deck == ["spiculum-8", "mob-5"]
    assert out.public[0] == "p1 (Sword) keeps one card and puts 1 at the bottom of the deck."


def test_keeping_a_card_not_seen_lists_the_cards_seen() -> None:
    err = _refused(_looking(), "p1", "forum", choice="spiculum-8")
    assert (err.section, err.message) == (
        "§10.0", "keep one of the cards you looked at: mob-5, cavalry-3, tribute-4, castra-3")


def test_solo_keeping_a_barbarian_is_refused_and_only_the_others_are_listed() -> None:
    g = _looking("solo", seen=["barbarian-05", "cavalry-3", "mob-5"])
    err = _refused(g, "p1", "forum", choice="barbarian-05")
    assert (err.section, err.message) == ("§10.0", "keep one of the cards you looked at: cavalry-3, mob-5")
    g = _looking(seen=["barbarian-05", "cavalry-3"])
    g.apply("p1", Command("forum", {"choice": "barbarian-05"}))
    assert "barbarian-05" in g.state.hands["p1"]


@pytest.mark.parametrize("order", [["mob-5", "mob-5", "cavalry-3"], ["mob-5", "cavalry-3"],
                                   ["mob-5", "cavalry-3", "castra-3", "tribute-4"]])
def test_a_bad_order_for_the_cards_not_kept_is_refused(order: list[str]) -> None:
    err = _refused(_looking(), "p1", "forum", choice="tribute-4", order=order)
    assert (err.section, err.message) == (
        "§10.0", "the order must list every other card you looked at exactly once")


# -- rounds (§5.0, §3.0) -----------------------------------------------------------------------


def test_the_end_of_a_round_scores_deals_again_and_redraws_the_table() -> None:
    g = fixture()
    st = g.state
    st.rounds, st.demagogue = 2, "p3"
    st.areas["eagle"] = ["decius", "barbarian-01"]
    out = Outcome()
    F.end_round(st, out)
    assert out.public[0] == "Scores after round 1: Sword 0, Eagle 2, Pillar 0, Wreath 0."
    assert out.public[-1] == "p1 (Sword) starts round 2."
    assert out.map_changed is True
    assert (st.round, st.active, st.phase, st.demagogue) == (2, "p1", "play", None)


def test_the_end_of_the_last_round_ends_the_game() -> None:
    g = fixture()
    st = g.state
    st.rounds = 1
    out = Outcome()
    F.end_round(st, out)
    assert out.public == ["Scores after round 1: Sword 0, Eagle 0, Pillar 0, Wreath 0.", "The game is over."]
    assert (st.phase, st.round, out.map_changed) == ("over", 1, True)


def test_a_turn_begins_with_nothing_played_and_the_seat_active() -> None:
    g = fixture(emperors={"D4": "decius"}, hands={"p2": ["quaestor-3"]})
    st = g.state
    st.played, st.phase = {"card": "mob-5"}, "select"
    out = Outcome()
    F.begin_turn(st, "p2", out)
    assert (st.active, st.phase, st.played, out.public) == ("p2", "play", {}, [])


def test_a_seat_that_cannot_play_shows_its_hand_and_ends_the_round() -> None:
    """§5.0: the round ends when the player to play cannot; his hand is shown."""
    g = fixture(emperors={"D4": "decius"}, hands={"p2": ["barbarian-05"]})
    st = g.state
    st.rounds = 1
    out = Outcome()
    F.begin_turn(st, "p2", out)
    assert out.public[0] == "p2 (Eagle) cannot play and shows Barbarian (0): round 1 ends."
    assert st.revealed == {"p2": ["barbarian-05"]} and st.phase == "over"
    assert out.citations == ["§5.0"]


def test_a_seat_without_a_hand_shows_an_empty_hand() -> None:
    g = fixture(emperors={"D4": "decius"})
    st = g.state
    st.rounds = 1
    del st.hands["p2"]
    out = Outcome()
    F.begin_turn(st, "p2", out)
    assert out.public[0] == "p2 (Eagle) cannot play and shows an empty hand: round 1 ends."
    assert st.revealed == {"p2": []}


def test_a_solo_turn_begins_without_the_standard_end_of_round_check() -> None:
    """§15: in the solo game the player's turn is opened by the solo rules (a player who cannot
    play discards, §15.2.4), so begin_turn does not end the round."""
    g = fixture("solo", emperors={"D4": "decius"}, hands={"p1": ["barbarian-05"]})
    st = g.state
    out = Outcome()
    F.begin_turn(st, "p1", out)
    assert (st.active, st.phase, st.round, out.public) == ("p1", "play", 1, [])


# -- abilities (§10.0) -------------------------------------------------------------------------


def _ability(card: str, space: str, mode: str = "standard-4p", **layout: Any) -> BarracksGame:
    """p1 has just played ``card`` at ``space``; its ability waits (phase "ability")."""
    g = fixture(mode, **layout)
    st = g.state
    st.cards[space] = card
    st.phase = "ability"
    st.played = {"card": card, "space": space, "value": CARDS[card].value, "how": "normal", "actor": "p1",
                 "abil": True}
    return g


def test_a_counter_of_the_same_value_is_not_added_twice() -> None:
    """§10.0 Reinforcements: a card already carrying a +2 counter cannot take a second +2."""
    g = _ability("reinforcements-2", "B3", cards={"C4": "cavalry-3", "E4": "cavalry-4", "D3": "quaestor-3"})
    st = g.state
    st.counters = {"cavalry-3": [2], "cavalry-4": [1]}
    assert F.ability_targets(st, "p1") == ["E4"]
    out = g.apply("p1", Command("ability", {"target": "E4"}))
    assert g.state.counters["cavalry-4"] == [1, 2]
    assert out.public[0] == "Reinforcements: +2 on Cavalry Red 4 at E4 (now 7)."
    assert (out.map_changed, out.citations[0]) == (True, "§10.0")


def test_solo_tribute_shuffles_the_barbarian_back_into_the_deck() -> None:
    """§15 with §10.0: in the solo game Tribute sends the closest Barbarian back into the deck."""
    g = _ability("tribute-4", "B3", "solo", emperors={"D4": "decius"}, barbs={"C4": "barbarian-05"},
                 hands={"p1": ["quaestor-3"]})
    out = g.apply("p1", Command("ability", {"target": "C4"}))
    st = g.state
    assert out.public[0] == "Tribute: the Barbarian at C4 is shuffled back into the draw deck."
    assert "C4" not in st.barbs and "barbarian-05" in st.deck and None not in st.deck
    assert (out.commit_point, out.map_changed) == (True, True)


def test_a_pretender_claims_an_empty_throne_and_is_drawn_at_random() -> None:
    g = _ability("pretender-8", "B3", emperors={"D4": "decius"}, hands={"p2": ["quaestor-3"]})
    st = g.state
    before = list(st.pretenders)
    out = g.apply("p1", Command("ability", {"target": "B2"}))
    claimed = g.state.emperors["B2"]
    assert claimed in before and sorted([*g.state.pretenders, claimed]) == sorted(before)
    assert out.public[0].startswith("Pretender: ") and out.public[0].endswith(" claims the throne at B2.")
    assert (out.commit_point, out.map_changed) == (True, True)


def test_resolving_an_emperor_not_waiting_lists_those_waiting() -> None:
    g = fixture(
        emperors={"D2": "numerian", "D4": "maximinus", "F2": "tacitus", "B4": "florian", "E5": "probus"},
        cards={"D1": "damnatio-7", "C2": "quaestor-3", "E2": "tribute-4", "C4": "forcemarch-6",
               "E4": "foederati-5", "D5": "ambitus-4", "D3": "flanking-5"}, active="p3")
    g.state.phase = "resolve"
    assert E.resolvable(g.state) == ["D2", "D4"]
    err = _refused(g, "p3", "resolve", emperor="F2")
    assert (err.section, err.message) == (
        "§7.0", "F2 is not a surrounded Emperor waiting to be resolved (choose from D2, D4)")


# -- playing a card (§6.0-§6.2, §9.0) ----------------------------------------------------------


def test_only_a_barbarian_card_moves_a_barbarian() -> None:
    """§6.2: a Barbarian on the board is moved by discarding a Barbarian card, no other."""
    g = fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs={"C4": "G"}, hands={"p1": ["cavalry-3"]})
    err = _refused(g, "p1", "play", card="cavalry-3", space="B3", **{"from": "C4"})
    assert (err.section, err.message) == ("§6.2", "only a Barbarian card can be discarded to move a Barbarian")


def test_a_barbarian_moved_one_diagonal_step() -> None:
    g = fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs={"C4": "G"},
                hands={"p1": ["barbarian-05", "cavalry-3"], "p2": ["quaestor-3"]})
    moves = E.barbarian_moves(g.state)
    origin, target = next(m for m in moves if m[0] == "C4")
    out = g.apply("p1", Command("play", {"card": "barbarian-05", "space": target, "from": origin}))
    st = g.state
    assert out.public[0] == f"p1 (Sword) discards a Barbarian card to move the Barbarian at C4 to {target}."
    assert st.barbs[target] == "barbarian-01" and "C4" not in st.barbs and st.discard[-1] == "barbarian-05"
    assert out.citations[0] == "§6.2" and out.map_changed is True


def test_a_card_on_an_occupied_influence_space_is_refused_as_occupied() -> None:
    """§9.0: an occupied Influence space takes no card (unless a placement ability allows it)."""
    g = fixture(emperors={"D4": "decius"}, cards={"D5": "mob-6"}, hands={"p1": ["cavalry-3"]})
    err = _refused(g, "p1", "play", card="cavalry-3", space="D5")
    assert (err.section, err.message) == ("§9.0", "D5 is already occupied")


def test_a_card_on_an_empty_space_off_its_sides_is_refused_with_the_card() -> None:
    g = fixture(emperors={"D4": "decius"}, hands={"p1": ["cavalry-3"]})
    err = _refused(g, "p1", "play", card="cavalry-3", space="C4")
    assert (err.section, err.message) == (
        "§9.0", "C4 is not a legal space for Cavalry Red 3 (an empty space on your faction's side of an Emperor in play)")


def test_a_barbarian_card_off_the_homeland_spaces_is_refused() -> None:
    g = fixture(emperors={"D4": "decius"}, hands={"p1": ["barbarian-05"]})
    err = _refused(g, "p1", "play", card="barbarian-05", space="D5")
    assert (err.section, err.message) == (
        "§6.2", "a Barbarian goes to a homeland space with no Barbarian, next to an Emperor and not onto a Castra; "
        "D5 is not one")


def test_a_forum_slot_out_of_reach_lists_the_slots_in_reach() -> None:
    """§8.0: after a 7 only the leftmost Forum card may be taken."""
    g = fixture()
    st = g.state
    st.forum = ["barbarian-18", "popularity-1", "cavalry-4", "praetorian-7"]
    st.phase, st.played = "select", {"card": "praetorian-7", "space": "B3", "value": 7, "how": "normal",
                                     "actor": "p1", "abil": False}
    err = _refused(g, "p1", "forum", choice="3")
    assert (err.section, err.message) == (
        "§8.0", "Forum slot 3 is out of reach after playing a 7 (slots you may take: 1)")
    st.forum = []
    err = _refused(g, "p1", "forum", choice="1")
    assert (err.section, err.message) == (
        "§8.0", "Forum slot 1 is out of reach after playing a 7 (slots you may take: none)")


def test_taking_a_forum_card_and_the_refill() -> None:
    g = fixture(emperors={"D4": "decius"}, hands={"p1": [], "p2": ["quaestor-3"]})
    st = g.state
    st.forum = ["barbarian-18", "popularity-1", "cavalry-4", "praetorian-7"]
    st.deck = ["mob-5", *[c for c in st.deck if c != "mob-5"]]
    st.phase, st.played = "select", {"card": "ambitus-3", "space": "B3", "value": 3, "how": "normal",
                                     "actor": "p1", "abil": False}
    out = g.apply("p1", Command("forum", {"choice": "2"}))
    st = g.state
    assert out.public[:2] == ["p1 (Sword) takes Popularity Yellow 1 from the Forum.",
                              "Mob Yellow 5 is turned up into the Forum."]
    assert st.hands["p1"] == ["popularity-1"] and "mob-5" in st.forum and out.commit_point is True
    assert out.citations[0] == "§8.0" and st.active == "p2"


# -- Princeps Senatus's extra card at the Forum step (§10.0) -----------------------------------


def _princeps(mode: str = "standard-4p", deck: list[str] | None = None, **layout: Any) -> BarracksGame:
    g = fixture(mode, **layout)
    st = g.state
    st.princeps, st.phase = True, "resolve"
    st.played = {"card": "princeps-3", "space": "B3", "value": 0, "how": "normal", "actor": "p1", "abil": True}
    st.forum = ["vulgus-6", "quaestor-4"]
    if deck is not None:
        st.deck = list(deck)
    return g


def test_princeps_draws_the_top_card_privately_at_the_forum_step() -> None:
    g = _princeps(deck=["ambitus-4", "mob-5"])
    st, out = g.state, Outcome()
    F.enter_select(st, "p1", out)
    assert st.hands["p1"][-1] == "ambitus-4" and st.deck == ["mob-5"] and st.princeps is False
    assert out.private == {"p1": ["Princeps Senatus: you draw Ambitus Yellow 4."]}
    assert out.public == ["p1 (Sword) draws the top card of the deck (Princeps Senatus)."]
    assert (out.commit_point, st.phase) == (True, "select")


def test_princeps_with_an_empty_deck_draws_nothing() -> None:
    g = _princeps(deck=[])
    st, out = g.state, Outcome()
    st.exhausted = False
    hand = list(st.hands["p1"])
    F.enter_select(st, "p1", out)
    assert (st.hands["p1"], st.princeps, out.private, st.phase) == (hand, False, {}, "select")


def test_solo_princeps_draws_into_the_hand() -> None:
    g = _princeps("solo", deck=["ambitus-4", "mob-5"], hands={"p1": ["cavalry-3"]})
    st, out = g.state, Outcome()
    F.enter_select(st, "p1", out)
    assert st.hands["p1"] == ["cavalry-3", "ambitus-4"] and st.deck == ["mob-5"]
    assert out.private == {"p1": ["Princeps Senatus: you draw Ambitus Yellow 4."]}
    assert (st.phase, st.active, out.commit_point) == ("select", "p1", True)


def test_solo_princeps_drawing_an_invader_waits_at_the_forum_step() -> None:
    """§15.2.2: a Barbarian drawn for Princeps invades; the player's choice of #2 space pauses
    the turn, which goes on with the Princeps draw once answered."""
    g = _princeps("solo", deck=["barbarian-05", "ambitus-4"], emperors=dict(T11_EMPERORS),
                  barbs={"D7": "G"}, hands={"p1": ["mob-5"]})
    st, out = g.state, Outcome()
    st.path = "sword"
    F.enter_select(st, "p1", out)
    assert st.pending["kind"] == "path" and st.resume == [{"op": "princeps", "actor": "p1"}]
    assert (st.phase, st.princeps, st.hands["p1"]) == ("select", False, ["mob-5"])


def test_a_slot_beyond_the_forum_lists_every_slot_in_reach() -> None:
    """§8.0: with nothing recorded as played (value 0) every Forum card is in reach."""
    g = fixture()
    st = g.state
    st.forum = ["barbarian-18", "popularity-1", "cavalry-4", "praetorian-7"]
    st.phase, st.played = "select", {}
    err = _refused(g, "p1", "forum", choice="5")
    assert (err.section, err.message) == (
        "§8.0", "Forum slot 5 is out of reach after playing a 0 (slots you may take: 1, 2, 3, 4)")


def test_a_seat_without_a_hand_has_no_card_to_play() -> None:
    st = fixture().state
    del st.hands["p2"]
    with pytest.raises(RuleError) as e:
        F.do_play(st, "p2", "cavalry-3", "B3", "", Outcome())
    assert (e.value.section, e.value.message) == ("§6.0", "'cavalry-3' is not a card in your hand")


def test_an_empty_forum_and_deck_end_the_turn_and_exhaust_the_round() -> None:
    """§8.0: nothing to take and no deck: the Forum step is skipped and no more cards are taken."""
    g = fixture(emperors={"D4": "decius"}, hands={"p2": ["quaestor-3"]})
    st = g.state
    st.forum, st.deck, st.exhausted = [], [], False
    st.phase, st.played = "select", {"card": "praetorian-8", "space": "B3", "value": 8, "how": "normal",
                                     "actor": "p1", "abil": False}
    out = Outcome()
    F.offer_select(st, "p1", out)
    assert out.public == ["The draw deck is empty: the Forum is discarded and no more cards are taken this round."]
    assert (st.exhausted, st.forum, st.active) == (True, [], "p2")
