"""Property tests for The Barracks Emperors: conservation, legality, termination, scoring, secrecy."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.barracks import engine as E
from rules.barracks.data import BARBARIAN_IDS, EMPERORS, INFLUENCE_IDS, SOLO_INFLUENCE_IDS
from rules.barracks.game import BarracksGame
from rules.barracks.random_player import choose
from rules.barracks.state import BarracksState
from rules.core.errors import RuleError

SCENARIOS = ["standard-4p", "standard-3p", "standard-2p", "partnership-4p", "learning", "short", "solo"]


def card_locations(s: BarracksState) -> Counter[str]:
    where: Counter[str] = Counter()
    for h in s.hands.values():
        where.update(h)
    where.update(s.deck)
    where.update(s.forum)
    where.update(s.discard)
    where.update(s.cards.values())
    where.update(s.barbs.values())
    where.update(s.box)
    where.update(s.seen)
    for items in s.areas.values():
        where.update(i for i in items if i not in EMPERORS)
    p = s.pending
    if p.get("kind") == "rival_place":  # a rival's drawn card waits for the player's choice
        where[p["card"]] += 1
    if p.get("kind") == "path" or (p.get("kind") == "invasion" and p.get("space") == "roma"):
        where[p["barb"]] += 1  # a Barbarian on its way
    return where


def check_conservation(s: BarracksState) -> None:
    where = card_locations(s)
    influence = SOLO_INFLUENCE_IDS if s.mode == "solo" else INFLUENCE_IDS
    assert all(n == 1 for n in where.values()), [c for c, n in where.items() if n > 1]
    assert set(where) == set(influence) | set(BARBARIAN_IDS)
    emps: Counter[str] = Counter(s.emperors.values())
    emps.update(s.emperor_deck)
    emps.update(s.pretenders)
    emps.update(s.removed)
    for items in s.areas.values():
        emps.update(i for i in items if i in EMPERORS)
    assert set(emps) == set(EMPERORS) and all(n == 1 for n in emps.values())


def check_scores(g: BarracksGame) -> None:
    res = g.result()
    assert res is not None
    s = g.state
    for seat, score in res.scores:
        area = seat if s.mode == "solo" else E.area_of_seat(s, seat)
        items = s.areas[area]
        colours = Counter(EMPERORS[i].colour for i in items if i in EMPERORS)
        barbs = sum(1 for i in items if i not in EMPERORS)
        expected = sum(colours.values()) + barbs + 3 * min(colours["R"], colours["B"], colours["Y"])
        assert score == expected


def check_public(g: BarracksGame) -> None:
    text = json.dumps(g.public_view())
    s = g.state
    for h in s.hands.values():
        for c in h:
            assert f'"{c}"' not in text
    for c in s.deck + s.seen:
        assert f'"{c}"' not in text
    assert "hand" not in g.public_view() and "frumentarii_seen" not in g.public_view()


def play_game(scenario: str, seed: int, check_every: int = 1) -> BarracksGame:
    g = BarracksGame.new(scenario, [], f"prop-{seed}", {"difficulty": ["easy", "normal", "hard"][seed % 3]})
    rng = random.Random(seed)
    steps = 0
    rounds_seen = [g.state.round]
    while True:
        check_conservation(g.state)
        if g.state.round != rounds_seen[-1]:
            rounds_seen.append(g.state.round)
        if steps % check_every == 0:
            check_public(g)
            seat = (g.to_move() or [""])[0]
            for cmd in g.legal_commands(seat):  # every offered command is accepted
                trial = BarracksGame(copy.deepcopy(g.state))
                trial.apply(seat, cmd)
            for spec in g.actions(seat):
                assert spec.name in {c.name for c in g.legal_commands(seat)}
        pick = choose(g, rng)
        if pick is None:
            break
        g.apply(*pick)
        steps += 1
        assert steps < 5000, "a game must end"
    assert g.state.phase == "over"
    # every round ends and the next one begins, in order, up to the last (a lost solo game stops)
    assert rounds_seen == list(range(1, len(rounds_seen) + 1))
    if g.state.lost:  # only the solo game can be lost, and it stops in the round it was lost
        assert g.state.mode == "solo" and rounds_seen[-1] == g.state.round
    else:
        assert rounds_seen[-1] == g.state.rounds
    return g


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(SCENARIOS), st.integers(0, 10_000))
def test_random_games_conserve_cards_offer_only_legal_plays_and_end(scenario: str, seed: int) -> None:
    g = play_game(scenario, seed, check_every=4)
    check_scores(g)
    data = g.to_json()
    again = BarracksGame.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data


def test_every_scenario_plays_to_the_end() -> None:
    for i, scenario in enumerate(SCENARIOS):
        g = play_game(scenario, 1000 + i, check_every=10)
        check_scores(g)
        res = g.result()
        assert res is not None and res.summary


def test_illegal_commands_change_nothing() -> None:
    g = BarracksGame.new("standard-4p", [], "illegal", {})
    before = g.to_json()
    seat = g.to_move()[0]
    other = next(s for s in g.state.seats if s != seat)
    from rules.core.command import Command

    for s, cmd in ((other, Command("play", {"card": g.state.hands[other][0], "space": "D7"})),
                   (seat, Command("play", {"card": "nonsense", "space": "D7"})),
                   (seat, Command("forum", {"choice": "1"})),
                   (seat, Command("fly", {}))):
        try:
            g.apply(s, cmd)
        except RuleError:
            pass
        else:
            raise AssertionError(f"{cmd} should be refused")
    assert g.to_json() == before


def test_replay_is_deterministic() -> None:
    a = play_game("standard-4p", 7, check_every=50)
    b = play_game("standard-4p", 7, check_every=50)
    assert a.to_json() == b.to_json()


def test_solo_public_view_hides_the_hand_in_decisions() -> None:
    for seed in range(40):
        g = BarracksGame.new("solo", [], f"hide-{seed}", {})
        rng = random.Random(seed)
        while (pick := choose(g, rng)) is not None:
            g.apply(*pick)
            if g.state.pending:
                text = json.dumps(g.public_view())
                assert not any(c in text for c in g.state.hands["p1"])


def test_every_offered_frumentarii_order_is_accepted() -> None:
    from rules.core.command import Command

    g = BarracksGame.new("standard-4p", [], "frum", {})
    s = g.state
    seat = s.active
    s.seen, s.deck = s.deck[:4], s.deck[4:]
    s.phase = "frumentarii"
    assert g.frumentarii_orders("p2" if seat != "p2" else "p3", s.seen[0]) == []  # not their turn
    assert g.frumentarii_orders(seat, "nonsense") == []
    for keep in s.seen:
        orders = g.frumentarii_orders(seat, keep)
        assert len(orders) == 6 and len({tuple(o) for o in orders}) == 6
        for order in orders:
            trial = BarracksGame(copy.deepcopy(s))
            trial.apply(seat, Command("forum", {"choice": keep, "order": order}))
            assert trial.state.deck[-3:] == order and keep in trial.state.hands[seat]
