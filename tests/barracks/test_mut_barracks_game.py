"""Tests that kill the mutants of rules/barracks/game.py left by its session-12 run (issue 11,
mutation testing): ``/game mine`` (the seat's hand in words, §3.0; the cards Frumentarii shows,
§10.0) and a game read back from its stored JSON."""

from __future__ import annotations

from test_barracks_cases import fixture

from rules.barracks.game import BarracksGame


def _lines(g: BarracksGame, seat: str) -> list[str]:
    return [str(line) for line in g.private_lines(seat)]


def test_mine_names_each_card_of_the_hand_singular_and_plural() -> None:
    g = fixture(hands={"p1": ["mob-5", "cavalry-3"], "p2": ["quaestor-3"]})
    assert _lines(g, "p1") == ["Your hand (2 cards): Mob Yellow 5, Cavalry Red 3"]
    assert _lines(g, "p2") == ["Your hand (1 card): Quaestor Yellow 3"]


def test_mine_with_no_hand_or_no_seat_says_the_hand_is_empty() -> None:
    g = fixture(hands={"p1": ["mob-5"]})
    assert _lines(g, "p3") == ["Your hand is empty."]
    assert _lines(g, "watcher") == ["Your hand is empty."]  # not a seat: no hand at all


def test_frumentarii_shows_the_cards_seen_to_the_active_seat_only() -> None:
    """§10.0: during the Frumentarii step only the seat that played it sees the cards."""
    g = fixture(hands={"p1": ["mob-5"], "p2": ["quaestor-3"]})
    g.state.phase, g.state.seen = "frumentarii", ["tribute-4", "castra-3"]
    assert _lines(g, "p1") == ["Your hand (1 card): Mob Yellow 5",
                               "Frumentarii: you see Tribute Blue 4, Castra Red 3."]
    assert _lines(g, "p2") == ["Your hand (1 card): Quaestor Yellow 3"]


def test_the_cards_seen_stay_hidden_outside_the_frumentarii_step() -> None:
    g = fixture(hands={"p1": ["mob-5"]})
    g.state.seen = ["tribute-4"]
    assert _lines(g, "p1") == ["Your hand (1 card): Mob Yellow 5"]


def test_a_stored_game_reads_back_to_the_same_state() -> None:
    g = fixture(hands={"p1": ["mob-5"]}, emperors={"D4": "decius"})
    back = BarracksGame.from_json(g.to_json())
    assert type(back.state) is type(g.state)
    assert back.state.to_json() == g.state.to_json()


def test_the_view_of_a_watcher_has_no_hand_and_no_command() -> None:
    """A reader who holds no seat sees the table, with an empty hand and nothing to play."""
    g = fixture(hands={"p1": ["mob-5"]})
    view = g.seat_view("watcher")
    assert (view["seat"], view["hand"], view["legal"]) == ("watcher", [], [])
    assert [c["id"] for c in g.seat_view("p1")["hand"]] == ["mob-5"]
