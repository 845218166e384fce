"""``/game list`` names every seat a game waits on (issue 18), in all four games: both powers
of an Imperium Romanum simultaneous segment, not only the first (whose the deadline's decision
is), and the engine's seats to move in the others."""

from __future__ import annotations

import pytest
from conftest import channel_game, ok

from bot.local import LocalTable

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
async def test_game_list_names_every_seat_the_game_waits_on(kind: str, table: LocalTable) -> None:
    table.user = "alice"
    for line in (*OPENINGS[kind], "/game start"):
        await ok(table, line)
    seats = (await channel_game(table))[1].to_move()
    if kind == "imperium_romanum":
        assert seats == ["rome", "dacia"]  # Taxation & Mobilization: both at once (4.0)
    await table.run_slash("/game list")
    shown = table.outputs[-1]
    assert shown.audience == "alice" and not shown.refusal
    assert f"in play, waiting on {', '.join(seats)} — waiting on you" in shown.text, shown.text
    table.user = "zoe"  # holds no seat: the seats are named, "you" is not
    await table.run_slash("/game list")
    assert shown.text.replace(" — waiting on you", "") == table.outputs[-1].text, table.outputs[-1].text


async def test_game_list_names_the_status_in_the_readers_words(table: LocalTable) -> None:
    """The stored status is an id (``lobby``, ``active``): the list says it in words, in the
    reader's language (issue 13)."""
    table.user = "alice"
    await ok(table, OPENINGS["barracks"][0])
    await table.run_slash("/game list")
    assert ": seats open" in table.outputs[-1].text and "lobby" not in table.outputs[-1].text, table.outputs[-1].text
    table.set_locale("fr")
    await table.run_slash("/game list")
    assert ": places libres" in table.outputs[-1].text, table.outputs[-1].text
