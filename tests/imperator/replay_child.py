"""Child process of ``test_scenario_determinism``: replay recorded games, print their states.

Reads a JSON list of recorded games (kind, scenario, seats, seed, commands) on stdin, replays
each through the game's own rules and prints one JSON document: for each game, the state after
set-up and after the last command. Run under different ``PYTHONHASHSEED`` values, the output
must be byte for byte the same (DESIGN: replays are identical in any process).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from rules.core.command import Command
from rules.core.registry import get_game


def replay(game_rec: dict[str, Any]) -> dict[str, Any]:
    cls = get_game(game_rec["kind"])
    game = cls.new(game_rec["scenario"], list(game_rec["seats"]), game_rec["seed"], {})
    opening = game.to_json()
    lines: list[str] = []
    for seat, cmd in game_rec["commands"]:
        out = game.apply(seat, Command.from_json(cmd))
        lines.extend(str(x) for x in out.public)
    return {"opening": opening, "final": game.to_json(), "public": lines}


def main() -> None:
    games = json.load(sys.stdin)
    json.dump([replay(g) for g in games], sys.stdout, sort_keys=False, default=str)


if __name__ == "__main__":
    main()
