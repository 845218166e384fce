"""Replays are identical in any process (DESIGN: Scale; issue 14).

Short games of every game and every scenario are recorded here with the random legal players,
then replayed in child processes under several ``PYTHONHASHSEED`` values: the states after
set-up and after the last command, and every public line, must be the same in each. A rule that
iterates a set of strings (whose order changes with the hash seed) fails this test.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules.barracks import random_player as barracks_player
from rules.barracks.game import BarracksGame
from rules.imperator import random_player as imperator_player
from rules.imperator.game import ImperatorGame

ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("0", "1", "2", "4242")
IMPERATOR_COMMANDS = 200
BARRACKS_COMMANDS = 40


def _record() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    for info in ImperatorGame.scenarios():
        seats = ["rome", "enemies"]
        seed = f"determinism-{info.id}"
        game = ImperatorGame.new(info.id, seats, seed, {})
        log = imperator_player.play(game, seed=7, max_commands=IMPERATOR_COMMANDS)
        games.append({"kind": "imperator", "scenario": info.id, "seats": seats, "seed": seed,
                      "commands": [[s, c.to_json()] for s, c in log]})
    for info in BarracksGame.scenarios():
        seats = list(info.seats)
        seed = f"determinism-{info.id}"
        bgame = BarracksGame.new(info.id, seats, seed, {})
        rng = random.Random(7)
        commands = []
        for _ in range(BARRACKS_COMMANDS):
            pick = barracks_player.choose(bgame, rng)
            if pick is None:
                break
            bgame.apply(*pick)
            commands.append([pick[0], pick[1].to_json()])
        games.append({"kind": "barracks", "scenario": info.id, "seats": seats, "seed": seed,
                      "commands": commands})
    return games


def _replay(games: list[dict[str, Any]], hash_seed: str) -> Any:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("replay_child.py"))],
        input=json.dumps(games), capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)} != {list(b)}"
        for k in a:
            d = _first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return ""
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = _first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    return "" if a == b else f"{path}: {a!r} != {b!r}"


def test_recorded_games_cover_every_game_and_scenario() -> None:
    games = _record()
    kinds = {(g["kind"], g["scenario"]) for g in games}
    assert {s.id for s in ImperatorGame.scenarios()} <= {sc for k, sc in kinds if k == "imperator"}
    assert {s.id for s in BarracksGame.scenarios()} <= {sc for k, sc in kinds if k == "barracks"}
    assert "severus_civil_wars" in {sc for _, sc in kinds}
    # the recorded games really play: most have commands
    assert sum(1 for g in games if g["commands"]) >= len(games) - 1


def test_replays_are_identical_under_every_hash_seed() -> None:
    games = _record()
    runs = {h: _replay(games, h) for h in HASH_SEEDS}
    base = runs[HASH_SEEDS[0]]
    assert len(base) == len(games)
    for h in HASH_SEEDS[1:]:
        for rec, x, y in zip(games, base, runs[h], strict=True):
            diff = _first_difference(x, y)
            assert not diff, f"{rec['kind']} {rec['scenario']}: PYTHONHASHSEED {HASH_SEEDS[0]} vs {h}: {diff}"
