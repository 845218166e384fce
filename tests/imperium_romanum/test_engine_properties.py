"""Property tests of the Imperium Romanum engine (issue 17): random legal play mixed with
illegal commands. Only RuleError is ever raised and a refusal changes nothing; the invariants of
``rules/imperium_romanum/invariants.py`` hold after every command; replaying the log gives the
same state."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from rules.core.command import Command
from rules.core.errors import RuleError
from rules.imperium_romanum.game import ImperiumRomanumGame, legal_commands
from rules.imperium_romanum.invariants import violations

JUNK = [
    Command("move", {"units": ["nope"], "to": "B4406"}),
    Command("move", {"units": "rome.legion_20_10.1", "to": "Z9999"}),
    Command("attack", {"hex": "B4406", "mode": "storm"}),
    Command("decide", {"id": "x", "choice": "maybe"}),
    Command("propose_alliance", {"with": "rome"}),
    Command("end", {}),
    Command("sail", {}),
    Command("sail", {"fleets": ["rome.fleet_18_30.1"], "to": "B4406"}),
    Command("debark", {"fleets": ["pirates.fleet_18_30.3"], "to": "B4406"}),
    Command("embark", {"fleets": ["rome.fleet_18_30.1"], "units": ["rome.legion_16_10.1", "rome.legion_16_10.2"]}),
    Command("naval_attack", {"fleets": "rome.fleet_18_30.1"}),
    Command("fly", {}),
]


def _state_json(game: ImperiumRomanumGame) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


@pytest.mark.parametrize("scenario", ["s12", "s02"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 10_000), picks=st_.lists(st_.integers(0, 10_000), min_size=20, max_size=60))
def test_random_play_keeps_every_invariant_and_replays(scenario: str, seed: int, picks: list[int]) -> None:
    game = ImperiumRomanumGame.new(scenario, [], f"prop-{seed}", {})
    log: list[tuple[str, Command]] = []
    for i, pick in enumerate(picks):
        if game.result() is not None:
            break
        seat = game.to_move()[0]
        if i % 3 == 0:
            junk = JUNK[pick % len(JUNK)]
            before = _state_json(game)
            try:
                other = seat if pick % 2 else game.state.seats[-1]
                game.apply(other, junk)
                log.append((other, junk))
            except RuleError:
                assert _state_json(game) == before
        if game.result() is not None:
            break
        seat = game.to_move()[0]
        cmds = legal_commands(game.state, seat)
        assert cmds, f"{seat} has no legal command in {game.state.segment}"
        cmd = cmds[pick % len(cmds)]
        game.apply(seat, cmd)
        log.append((seat, cmd))
        assert violations(game.state) == [], (seat, cmd)
    replay = ImperiumRomanumGame.new(scenario, [], f"prop-{seed}", {})
    for seat, cmd in log:
        replay.apply(seat, cmd)
    assert _state_json(replay) == _state_json(game)


def test_json_round_trip_mid_game() -> None:
    game = ImperiumRomanumGame.new("s12", [], "rt", {})
    for _i in range(12):
        seat = game.to_move()[0]
        game.apply(seat, legal_commands(game.state, seat)[-1])
    again = ImperiumRomanumGame.from_json(json.loads(json.dumps(game.to_json())))
    assert _state_json(again) == _state_json(game)
