"""Property tests: random legal play on a small built position (and scenario 1 when its data is there)."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st_
from imperator_builder import Pos

from rules.core.command import Command
from rules.imperator import random_player
from rules.imperator.game import ImperatorGame
from rules.imperator.movement import stacking_error

SECRET = {"hand", "hands", "stratagem_hand", "stratagem_hands", "cup", "seed", "rng", "rng_state", "secret", "secrets", "hidden", "private"}


def civil_war_game(seed: str = "s") -> ImperatorGame:
    p = Pos(175)
    p.leader("aug", "rome", title="augustus", cp=4, vs=3, cc=3)
    p.leader("caesar", "rome", title="caesar", cp=3, vs=2)
    p.unit("praet", "rome", front="interior", kind="garrison", praetorian=True)
    p.unit("equites", "rome", front="interior", kind="garrison")
    p.leader("gen_d", "vindobona", cp=2, cc=3)
    for i, z in enumerate(("carnuntum", "vindobona", "aquincum", "vindobona", "carnuntum")):
        p.unit(f"dan{i}", z, front="danube")
    p.unit("vex_d", None, front="danube", kind="vexillation", status="pool")
    p.unit("rh0", "raetia", front="rhine")
    p.unit("rh1", "raetia", front="rhine")
    p.leader("usurper", "antiochia", "E", title="usurper", cp=4, vs=3, cc=3)
    p.leader("follower", "emesa", "E", rebel=True, follows="usurper", cp=2, cc=2)
    for i, z in enumerate(("antiochia", "antiochia", "emesa")):
        p.unit(f"ori{i}", z, "E", front="orient", usurper="usurper" if z == "antiochia" else None)
    p.unit("ori_l", "caparcotna", front="orient")
    p.unit("south", "cyrene", front="southern")
    p.fleet = True
    st = p.state(phase="A", end_year=177)
    st.dice.seed = seed
    st.defected_fronts = ["orient"]
    st.units["ori2"].usurper = "usurper"
    st.rules["scenario_rules"] = [
        {"kind": "sudden_death", "leaders": ["aug"], "winner": "enemy"},
        {"kind": "sudden_death", "leaders": ["usurper"], "winner": "roman"},
    ]
    return ImperatorGame.start(st)


def check_invariants(game: ImperatorGame) -> None:
    st = game.state
    for uid, us in st.units.items():
        if us.status == "map":
            assert (us.loc in st.board.zones) != (us.fleet is not None), uid
        else:
            assert us.loc is None and us.fleet is None, uid
    for lid, ls in st.leaders.items():
        if ls.status == "map":
            assert (ls.loc in st.board.zones) != (ls.fleet is not None), lid
        else:
            assert ls.loc is None, lid
    for z in st.board.zones:
        assert stacking_error(st, z) is None
    assert len(st.augusti()) <= 2 and len(st.caesars()) <= 2 and len(st.usurpers()) <= 2


def no_secrets(obj: Any) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            assert k not in SECRET, k
            no_secrets(v)
    elif isinstance(obj, list):
        for v in obj:
            no_secrets(v)


@settings(max_examples=12, deadline=None)
@given(st_.integers(min_value=0, max_value=10_000))
def test_random_play_keeps_invariants_and_replays(seed: int) -> None:
    game = civil_war_game(f"seed{seed}")
    start = game.to_json()
    rng = random.Random(seed)
    log: list[tuple[str, Command]] = []
    for _ in range(400):
        seats = game.to_move()
        if not seats:
            break
        res = random_player.step(game, rng)
        assert res is not None
        log.append((seats[0], res[0]))
        check_invariants(game)
        no_secrets(game.public_view())
    # replaying the log from the start gives the same state
    again = ImperatorGame.from_json(start)
    for seat, cmd in log:
        again.apply(seat, cmd)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(game.to_json(), sort_keys=True)


def test_random_games_finish() -> None:
    finished = 0
    for seed in range(6):
        game = civil_war_game(f"f{seed}")
        random_player.play(game, seed, max_commands=1500)
        if game.result() is not None:
            finished += 1
    assert finished >= 4


def test_state_json_roundtrip() -> None:
    game = civil_war_game()
    data = json.loads(json.dumps(game.to_json()))
    again = ImperatorGame.from_json(data)
    assert again.to_json() == game.to_json()
