"""Commands The Barracks Emperors refuses before any rule of play is looked at: a finished game,
a pending decision, another seat's turn, a command out of its step, solo-only commands, unknown
commands; each refusal names its section and its exact reason (rules/barracks/game.py)."""

from __future__ import annotations

import pytest
from test_barracks_cases import fixture

from rules.barracks.game import BarracksGame
from rules.core.command import Command
from rules.core.errors import RuleError

STEP_TEXT = {
    "play": "now is the time to play a card",
    "ability": "now is the time to use or skip the card's ability",
    "resolve": "now is the time to choose the next Emperor to resolve",
    "select": "now is the time to take a Forum card",
    "frumentarii": "now is the time to keep one of the cards seen with Frumentarii",
}
# each command and the step it belongs to
COMMAND_STEP = {"play": "play", "move": "play", "ability": "ability", "skip": "ability",
                "resolve": "resolve", "forum": "select"}


def _refused(g: BarracksGame, seat: str, name: str, **args: object) -> RuleError:
    before = g.state.to_json()
    with pytest.raises(RuleError) as e:
        g.apply(seat, Command(name, dict(args)))
    assert g.state.to_json() == before  # nothing changed
    return e.value


OUT_OF_STEP = [(phase, command) for phase in sorted(STEP_TEXT) for command in sorted(COMMAND_STEP)
               if COMMAND_STEP[command] != phase and not (command == "forum" and phase == "frumentarii")]


@pytest.mark.parametrize(("phase", "command"), OUT_OF_STEP)
def test_a_command_out_of_its_step_names_the_step(phase: str, command: str) -> None:
    """§5.0: a command of another step is refused, saying what the current step is for."""
    g = fixture()
    g.state.phase = phase
    err = _refused(g, "p1", command, card="x", space="B2")
    assert (err.section, err.message) == ("§5.0", STEP_TEXT[phase])


def test_a_finished_game_refuses_everything() -> None:
    g = fixture()
    g.state.phase = "over"
    err = _refused(g, "p1", "play", card="x", space="B2")
    assert (err.section, err.message) == ("§3.0", "the game is over")
    assert g.legal_commands("p1") == [] and g.to_move() == []


def test_only_the_active_seat_plays() -> None:
    g = fixture(active="p2")
    err = _refused(g, "p1", "play", card="x", space="B2")
    assert (err.section, err.message) == ("§5.0", "it is not your turn (it is the turn of p2 (Eagle))")
    assert g.legal_commands("p1") == [] and g.to_move() == ["p2"]


def test_a_pending_decision_comes_first() -> None:
    g = fixture("solo")
    g.state.pending = {"id": "d9", "seat": "p1", "kind": "rival_place", "prompt": "pick", "choices": [["A6", "A6"]],
                       "default": "A6", "section": "§15.2.5"}
    err = _refused(g, "p1", "play", card="x", space="B2")
    assert (err.section, err.message) == ("§15.2.3", "a decision is pending: answer it first")
    assert [c.to_json() for c in g.legal_commands("p1")] == [{"name": "decide", "args": {"id": "d9", "choice": "A6"}}]
    assert g.legal_commands("p2") == [] and g.to_move() == ["p1"]
    dec = g.pending_decision()
    assert dec is not None and (dec.id, dec.seat, dec.kind, dec.prompt, dec.default, dec.section) == (
        "d9", "p1", "rival_place", "pick", "A6", "§15.2.5")
    assert [(c.value, c.label) for c in dec.choices] == [("A6", "A6")]


@pytest.mark.parametrize("command", ["discard", "defeat", "citizenship"])
def test_solo_commands_exist_only_in_the_solo_game(command: str) -> None:
    err = _refused(fixture(), "p1", command)
    assert (err.section, err.message) == ("§15.2.4", f"{command} exists only in the solo game")


def test_an_unknown_command_lists_the_commands() -> None:
    err = _refused(fixture(), "p1", "fly")
    assert (err.section, err.message) == ("", "unknown command 'fly' (play, move, ability, skip, resolve, forum)")


def test_the_forum_wants_a_slot_number() -> None:
    g = fixture()
    g.state.phase = "select"
    err = _refused(g, "p1", "forum", choice="left")
    assert (err.section, err.message) == ("§8.0", "choose a Forum slot 1-4 (1 is the leftmost card)")


def test_spaces_are_read_in_either_case_and_cards_must_be_in_hand() -> None:
    g = fixture(emperors={"B2": "carus"}, hands={"p1": ["tribute-4"]})
    err = _refused(g, "p1", "play", card="triumph-8", space="b3")
    assert (err.section, err.message) == ("§6.0", "'triumph-8' is not a card in your hand")
    g.apply("p1", Command("play", {"card": "tribute-4", "space": "b3"}))
    assert g.state.cards["B3"] == "tribute-4"


def test_spaces_for_lists_a_cards_legal_spaces_only_for_the_active_seat_in_play() -> None:
    g = fixture(emperors={"B2": "carus"}, hands={"p1": ["tribute-4"], "p2": ["triumph-8"]})
    spaces = g.spaces_for("p1", "tribute-4")
    assert spaces == [("B3", "normal")]
    assert g.spaces_for("p2", "triumph-8") == []  # not p2's turn
    assert g.spaces_for("p1", "triumph-8") == []  # not in p1's hand
    g.state.phase = "select"
    assert g.spaces_for("p1", "tribute-4") == []


def test_frumentarii_orders_are_every_order_of_the_cards_not_kept() -> None:
    g = fixture()
    st = g.state
    st.phase, st.seen = "frumentarii", ["tribute-4", "triumph-8", "castra-3"]
    orders = g.frumentarii_orders("p1", "triumph-8")
    assert orders == [["tribute-4", "castra-3"], ["castra-3", "tribute-4"]]
    assert g.frumentarii_orders("p1", "demagogue-8") == []  # not among the cards seen
    assert g.frumentarii_orders("p2", "triumph-8") == []  # not p2's turn
    st.phase = "select"
    assert g.frumentarii_orders("p1", "triumph-8") == []


# -- a new game ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("scenario", "seats", "expected"), [
    ("standard-4p", ["a", "b", "c"], "standard-4p needs 4 seats, not 3"),
    ("standard-3p", ["a", "b"], "standard-3p needs 3 seats, not 2"),
    ("standard-2p", ["a", "b", "c"], "standard-2p needs 2 seats, not 3"),
    ("partnership-4p", ["a", "b"], "partnership-4p needs 4 seats, not 2"),
    ("solo", ["a", "b"], "solo needs 1 seats, not 2"),
])
def test_a_new_game_needs_its_number_of_seats(scenario: str, seats: list[str], expected: str) -> None:
    with pytest.raises(RuleError) as e:
        BarracksGame.new(scenario, seats, "s", {})
    assert (e.value.section, e.value.message) == ("§11.0", expected)


@pytest.mark.parametrize("count", [1, 5])
def test_the_learning_and_short_games_take_two_to_four_players(count: int) -> None:
    for scenario in ("learning", "short"):
        with pytest.raises(RuleError) as e:
            BarracksGame.new(scenario, [f"s{i}" for i in range(count)], "s", {})
        assert (e.value.section, e.value.message) == ("§11.0", "this variant is for 2 to 4 players")


@pytest.mark.parametrize(("count", "mode"), [(2, "2p"), (3, "3p"), (4, "4p")])
def test_the_learning_game_takes_its_mode_from_the_seats(count: int, mode: str) -> None:
    st = BarracksGame.new("learning", [f"s{i}" for i in range(count)], "s", {}).state
    assert (st.mode, st.learning, st.rounds, st.seats) == (mode, True, 3, [f"s{i}" for i in range(count)])
    assert not [c for c in st.deck + st.forum + [x for h in st.hands.values() for x in h] if c.startswith("barbarian")]


def test_rounds_and_learning_options() -> None:
    assert BarracksGame.new("short", [], "s", {}).state.rounds == 1
    assert BarracksGame.new("short", [], "s", {"rounds": "2"}).state.rounds == 2
    assert BarracksGame.new("standard-4p", [], "s", {}).state.rounds == 3
    assert BarracksGame.new("standard-4p", [], "s", {"rounds": "1"}).state.rounds == 1
    assert BarracksGame.new("standard-4p", [], "s", {"rounds": "7"}).state.rounds == 3  # not offered: default
    four = BarracksGame.new("standard-4p", [], "s", {})
    assert (four.state.learning, four.state.mode, four.state.seats) == (False, "4p", ["p1", "p2", "p3", "p4"])
    assert BarracksGame.new("standard-4p", [], "s", {"learning": "yes"}).state.learning is True
    assert BarracksGame.new("solo", [], "s", {"learning": "yes"}).state.learning is False  # §15: never


def test_solo_options_are_stored_and_checked() -> None:
    st = BarracksGame.new("solo", [], "s", {}).state
    assert (st.mode, st.difficulty, st.roma_start, st.seats) == ("solo", "normal", "fortified", ["p1"])
    st = BarracksGame.new("solo", [], "s", {"difficulty": "hard", "roma": "unfortified"}).state
    assert (st.difficulty, st.roma_start) == ("hard", "unfortified")
    assert BarracksGame.new("standard-4p", [], "s", {"difficulty": "hard"}).state.difficulty == ""
    with pytest.raises(RuleError) as e:
        BarracksGame.new("solo", [], "s", {"difficulty": "brutal"})
    assert (e.value.section, e.value.message) == ("§15.1", "difficulty must be easy, normal or hard, not 'brutal'")
    with pytest.raises(RuleError) as e:
        BarracksGame.new("solo", [], "s", {"roma": "sacked"})
    assert (e.value.section, e.value.message) == ("§15.1", "Roma starts fortified or unfortified")


def test_a_new_game_starts_with_the_start_players_turn_and_no_rolls_left() -> None:
    g = BarracksGame.new("standard-4p", [], "seed-x", {})
    st = g.state
    assert st.active == st.start_seat and st.phase == "play" and st.start_seat in st.seats
    assert st.dice.take_rolls() == [] and st.dice.seed == "seed-x"
    assert g.to_move() == [st.start_seat]


# -- the result ---------------------------------------------------------------------------------------
def test_a_full_tie_is_a_shared_victory_and_one_emperor_breaks_it() -> None:
    """§3.0: the most Legacy points win; equal areas share the victory (the result and the
    status line say so)."""
    g = fixture()
    g.state.phase = "over"
    res = g.result()
    assert res is not None and res.winners == ("p1", "p2", "p3", "p4")
    assert res.summary == "Sword, Eagle, Pillar, Wreath share the victory with 0 Legacy points."
    assert res.scores == (("p1", 0), ("p2", 0), ("p3", 0), ("p4", 0))
    assert g.status_lines() == [res.summary]
    g.state.areas["eagle"] = ["philip"]
    res = g.result()
    assert res is not None and (res.winners, res.summary) == (("p2",), "Eagle wins with 1 Legacy points.")
    g.state.areas["sword"] = ["decius"]
    res = g.result()
    assert res is not None and res.summary == "Sword, Eagle share the victory with 1 Legacy points."
    assert res.winners == ("p1", "p2")


def test_a_solo_decision_sent_without_its_id_is_refused_naming_the_empty_id() -> None:
    """§15.2.3: a decision answer must name the open decision; with no id, the refusal shows the
    empty id it received (not a made-up one) and nothing changes."""
    g = fixture("solo")
    g.state.pending = {"id": "d9", "seat": "p1", "kind": "rival_place", "prompt": "pick", "choices": [["A6", "A6"]],
                       "default": "A6", "section": "§15.2.5"}
    err = _refused(g, "p1", "decide", choice="A6")
    assert (err.section, err.message) == ("", "that decision () is no longer open")


def test_play_with_an_origin_moves_a_barbarian_like_move() -> None:
    """§6.2: ``play`` given a ``from`` space (and the destination as ``space`` or ``to``) is the
    Barbarian move, exactly as ``move``: the card is discarded and the Barbarian steps."""
    for dest_key in ("space", "to"):
        g = fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs={"C4": "G"},
                    hands={"p1": ["barbarian-05", "cavalry-3"]})
        out = g.apply("p1", Command("play", {"card": "barbarian-05", "from": "c4", dest_key: "d5"}))
        st = g.state
        assert "C4" not in st.barbs and "D5" in st.barbs and st.hands["p1"] == ["cavalry-3"]
        assert st.played["how"] == "move" and out.public
        err = _refused(fixture(emperors={"D4": "decius", "B2": "gallus"}, barbs={"C4": "G"},
                               hands={"p1": ["barbarian-05"]}),
                       "p1", "play", card="barbarian-05", space="D5", **{"from": "A1"})
        assert err.section == "§6.2" and err.message.startswith("the Barbarian cannot move from A1 to D5")
