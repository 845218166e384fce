"""Issue 10 item 7: a request budget. An accepted command makes ONE public message carrying its
text, dice, picture and the game's panel, answered without a defer when the picture is drawn in
time; the status is edited at most once per command. ``benchmarks/bench_requests.py`` measures
every transcript; these tests pin the figures of one command of each kind.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from benchmarks.bench_requests import Counter
from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator
from bot.outbox import STATUS_DELAY_SECONDS
from cogs.outbox import drain


class Calls(Counter):
    """The benchmark's counter, which also names each request."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def wrap(self, owner: Any, name: str, cost: Any = None) -> None:
        super().wrap(owner, name, cost)
        counted = getattr(owner, name)

        async def named(*args: Any, **kwargs: Any) -> Any:
            self.names.append(f"{owner.__name__}.{name}")
            return await counted(*args, **kwargs)

        setattr(owner, name, named)
        self.undo.append(lambda: setattr(owner, name, counted))


@pytest.fixture
async def table(
    sqlite_engine: AsyncEngine, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[LocalTable]:
    moderator = Moderator(sqlite_engine, clock=clock, seed_source=lambda: "replay-1-1")
    opened = LocalTable(moderator, tmp_path / "images")
    await opened.setup()
    yield opened
    await opened.close()


async def requests_of(table: LocalTable, clock: FakeClock, line: str) -> list[str]:
    """The requests one typed command makes, its status edit included (the worst case)."""
    with Calls() as calls:
        await table.run_slash(line)
        clock.advance(timedelta(seconds=STATUS_DELAY_SECONDS))
        await drain(table.bot)
    assert not [o.text for o in table.outputs if o.refusal], line
    return calls.names


async def test_a_barracks_play_is_one_message_with_its_picture_and_panel(
    table: LocalTable, clock: FakeClock
) -> None:
    for line in ["/game new game:barracks scenario:solo", "/game join", "/game start"]:
        await table.run_slash(line)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    play = next(c for c in game.legal_commands("p1") if c.name == "play")
    start = len(table.outputs)
    line = f"/play card:{play.args['card']} space:{play.args['space']}"
    said = await requests_of(table, clock, line)
    assert said == ["LocalResponse.send_message", "LocalPublisher.pin_status"]
    [message] = [o for o in table.outputs[start:] if o.audience == "public"]
    assert message.image is not None and [c.label for c in message.components] == ["My hand", "Why?"]


async def test_a_rome_command_needs_no_defer(table: LocalTable, clock: FakeClock) -> None:
    """Rome, IInc. has no picture: nothing to wait for, so no defer."""
    for line in [
        "/game new game:rome_iinc scenario:286 options:mode=solo",
        "/game join seat:east",
        "/game join seat:west",
        "/game start",
        "/end",
    ]:
        await table.run_slash(line)
    said = await requests_of(table, clock, "/rome appoint statesman:julian command:moesia")
    assert said == ["LocalResponse.send_message", "LocalPublisher.pin_status"]


async def test_a_slow_picture_is_deferred_in_time(
    table: LocalTable, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A picture that takes longer than the answer budget: a public defer within Discord's
    3 s (the local table enforces it), then the message with the picture."""
    import asyncio

    import cogs.outbox

    for line in ["/game new game:barracks scenario:solo", "/game join", "/game start"]:
        await table.run_slash(line)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    play = next(c for c in game.legal_commands("p1") if c.name == "play")
    original = cogs.outbox.draw

    async def slow(kind: str, specs: list[dict[str, Any]]) -> Any:
        await asyncio.sleep(0.3)
        return await original(kind, specs)

    monkeypatch.setattr(cogs.outbox, "draw", slow)
    monkeypatch.setattr(cogs.outbox, "ANSWER_WITHIN", 0.1)
    said = await requests_of(table, clock, f"/play card:{play.args['card']} space:{play.args['space']}")
    assert said == [
        "LocalResponse.defer",
        "LocalFollowup.send",
        "LocalPublisher.pin_status",
    ]
    assert [o for o in table.outputs if o.audience == "public"][-1].image is not None
