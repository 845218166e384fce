"""Properties of the engine under random legal play (bounded for CI speed)."""

from __future__ import annotations

import random

import pytest

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.rome_iinc.game import RomeGame, legal_commands
from rules.rome_iinc.players import random_choice

STEPS = 60


def _counts(game: RomeGame) -> tuple[int, int]:
    return len(game.state.units), len(game.state.wars)


@pytest.mark.parametrize("seed", ["p1", "p2"])
def test_random_play_conserves_counters_and_replays(seed: str) -> None:
    game = RomeGame.new("286", ["east", "west"], seed, {"mode": "coop"})
    rng = random.Random(seed)
    log: list[tuple[str, Command]] = []
    for _ in range(STEPS):
        pick = random_choice(game, rng)
        if pick is None:
            break
        game.apply(*pick)
        log.append(pick)
        assert _counts(game) == (84, 40)
        assert all(v >= 0 for v in game.state.unrest.values())
        assert all(g <= 500 for g in game.state.gold.values())
    replay = RomeGame.new("286", ["east", "west"], seed, {"mode": "coop"})
    for seat, command in log:
        replay.apply(seat, command)
    assert replay.to_json() == game.to_json()
    restored = RomeGame.from_json(game.to_json())
    assert restored.to_json() == game.to_json()


def test_illegal_commands_only_raise_rule_errors_and_change_nothing() -> None:
    game = RomeGame.new("286", ["east", "west"], "ill", {})
    before = game.to_json()
    bad = [Command("build", {"unit": "legion", "province": "caledonia"}),
           Command("fight", {"war": "nope"}), Command("bread", {"points": "x"}),
           Command("transfer", {"unit": "fort-01", "to": "rome"}), Command("annex", {"choice": "rome"}),
           Command("give_gold", {"amount": "100000"}), Command("frobnicate", {})]
    for seat in ("east", "west", "north"):
        for command in bad:
            with pytest.raises(RuleError) as err:
                game.apply(seat, command)
            assert isinstance(err.value.section, str)
    assert game.to_json() == before


def test_only_the_acting_seat_may_act() -> None:
    game = RomeGame.new("286", ["east", "west"], "s1", {})
    game.apply("west", Command("end", {}))  # the first /end starts Turn 1
    for seat in ("east", "west"):
        assert legal_commands(game.state, seat)
    for seat in ("east", "west"):
        for command in legal_commands(game.state, seat):
            if command.name == "appoint":
                game.apply(seat, command)
                break
    game.apply("east", Command("end", {}))
    assert game.to_move() == ["west"]
    with pytest.raises(RuleError) as err:
        game.apply("east", Command("circus", {"points": "1"}))
    assert err.value.section == "10.0"


def test_coop_transfer_between_empires_needs_consent() -> None:
    game = RomeGame.new("286", ["east", "west"], "consent", {"mode": "coop"})
    game.apply("east", Command("end", {}))
    st = game.state
    uid = next(u for u, x in sorted(st.units.items()) if x["loc"] == "constantinople" and x["type"] == "guards")
    gold = st.gold["west"]
    game.apply("east", Command("transfer", {"unit": uid, "to": "spoletium"}))
    pending = game.pending_decision()
    assert pending is not None and pending.seat == "west" and pending.section == "10.7.4"
    assert game.to_move() == ["west"]
    game.apply("west", Command("decide", {"id": pending.id, "choice": "accept"}))
    assert game.state.units[uid]["loc"] == "spoletium"
    assert game.state.gold["west"] == gold - 5


def test_a_new_game_waits_for_the_first_end() -> None:
    game = RomeGame.new("286", ["east", "west"], "begin", {})
    assert game.opening is not None and len(game.opening.public) == 1 and not game.opening.rolls
    assert game.to_move() == ["east", "west"]
    # Gold may be given at any time (9.1.5): before Turn 1 too
    assert [c.name for c in legal_commands(game.state, "west")] == ["give_gold"] * 4 + ["end"]
    outcome = game.apply("west", Command("end", {}))
    assert outcome.rolls and game.state.turn == 1 and game.state.phase in ("unrest", "event", "treasury")


def test_actions_offer_transfers_and_gold_in_the_unrest_step() -> None:
    game = RomeGame.new("286", ["east", "west"], "consent", {})
    game.apply("east", Command("end", {}))
    names = [a.name for a in game.actions("east")]
    assert "transfer" in names and "give_gold" in names
    transfer = next(a for a in game.actions("east") if a.name == "transfer")
    units = [c.value for c in transfer.args[0].choices or ()]
    assert units and all(game.state.units[u]["type"] != "fort" for u in units)
