"""``/game list`` names every seat a game waits on (issue 18), in all four games: both powers
of an Imperium Romanum simultaneous segment, not only the first (whose the deadline's decision
is), and the engine's seats to move in the others."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import LocalTable
from bot.moderator import Moderator

OPENINGS = {
    "imperium_romanum": ("/game new game:imperium_romanum scenario:s12", "/game join seat:rome",
                         "/game join seat:dacia"),
    "imperator": ("/game new game:imperator scenario:avidius_cassius", "/game join seat:rome",
                  "/game join seat:enemies"),
    "rome_iinc": ("/game new game:rome_iinc scenario:286 options:mode=solo", "/game join seat:east",
                  "/game join seat:west"),
    "barracks": ("/game new game:barracks scenario:standard-2p", "/game join seat:p1", "/game join seat:p2"),
}


@pytest.mark.parametrize("kind", sorted(OPENINGS))
async def test_game_list_names_every_seat_the_game_waits_on(kind: str, sqlite_engine: AsyncEngine,
                                                            tmp_path: Path) -> None:
    table = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await table.setup()
    table.user = "alice"
    for line in (*OPENINGS[kind], "/game start"):
        await table.run_slash(line)
        assert not table.outputs[-1].refusal, (line, table.outputs[-1].text)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    seats = (await table.moderator.load(row)).to_move()
    if kind == "imperium_romanum":
        assert seats == ["rome", "dacia"]  # Taxation & Mobilization: both at once (4.0)
    await table.run_slash("/game list")
    shown = table.outputs[-1]
    assert shown.audience == "alice" and not shown.refusal
    assert f"active, waiting on {', '.join(seats)} — waiting on you" in shown.text, shown.text
    table.user = "zoe"  # holds no seat: the seats are named, "you" is not
    await table.run_slash("/game list")
    assert shown.text.replace(" — waiting on you", "") == table.outputs[-1].text, table.outputs[-1].text
