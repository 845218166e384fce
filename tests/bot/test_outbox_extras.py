"""Issue 10 items 2-4: what a game adds to a command's message (the Barracks panel and score
sheet, Imperator's battle card) and what ``/game new`` and ``/game start`` say all go through
the transactional outbox: stored with the step, delivered after a failing send or a restart,
once. A refused pin is reported; an undo is confirmed once.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import col, select

from bot.clock import FakeClock
from bot.local import LocalTable, Output
from bot.moderator import Moderator
from bot.publisher import DiscordPublisher, PinFailed
from cogs.lobby import opening_posts
from cogs.outbox import drain
from db.models import OutboxRow
from rules.core.i18n import Text
from rules.core.registry import register_module


async def open_table(engine: AsyncEngine, tmp_path: Path, clock: FakeClock) -> LocalTable:
    register_module("tinygame")
    table = LocalTable(Moderator(engine, clock=clock), tmp_path / "images")
    await table.setup()
    return table


@pytest.fixture
async def table(
    sqlite_engine: AsyncEngine, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[LocalTable]:
    opened = await open_table(sqlite_engine, tmp_path, clock)
    yield opened
    await opened.close()


async def unsent(table: LocalTable) -> list[OutboxRow]:
    async with table.moderator.sessions() as session:
        query = select(OutboxRow).where(col(OutboxRow.sent_at).is_(None))
        return list((await session.exec(query)).all())


async def solo_lobby(table: LocalTable) -> int:
    table.user = "alice"
    await table.run_slash("/game new game:barracks scenario:solo")
    await table.run_slash("/game join")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    return row.id or 0


def public(outputs: list[Output]) -> list[Output]:
    return [o for o in outputs if o.audience == "public"]


async def test_a_start_owed_before_a_restart_is_delivered_whole_and_once(
    sqlite_engine: AsyncEngine, tmp_path: Path, clock: FakeClock
) -> None:
    """The opening message (seats, My secrets, the picture, Barracks' first panel) and the first
    status are stored with the start: a process that dies before sending loses nothing."""
    first = await open_table(sqlite_engine, tmp_path, clock)
    await solo_lobby(first)
    await first.moderator.start(first.channel_id, "alice", opening=opening_posts)  # dies here
    await first.close()
    restarted = await open_table(sqlite_engine, tmp_path, clock)
    try:
        assert await drain(restarted.bot) == 2  # the opening message and the status
        [opening, status] = public(restarted.outputs)
        assert opening.text.startswith("Game #1 begins: barracks (solo).")
        assert "p1 <@alice>: your hand and your play are behind these buttons." in opening.text
        assert [c.label for c in opening.components] == ["My secrets", "My hand", "Play a card"]
        assert opening.image is not None and opening.image.name.endswith("barracks-whole.png")
        assert status.text.startswith("📌 Game #1: barracks (solo), move 0")
        assert await drain(restarted.bot) == 0 and await unsent(restarted) == []
        # the panel's buttons are live after the restart: My hand answers its owner
        restarted.user = "alice"
        await restarted.click("My hand")
        assert restarted.outputs[-1].audience == "alice" and "**p1**" in restarted.outputs[-1].text
    finally:
        await restarted.close()


async def test_a_failing_send_keeps_the_panel_with_the_move(
    table: LocalTable, clock: FakeClock
) -> None:
    """A move made with no interaction (a default, another process): its one message carries
    the text, the picture and the panel; a failing send is retried and delivers it once."""
    game_id = await solo_lobby(table)
    await table.run_slash("/game start")
    row = await table.moderator.get(game_id)
    game = await table.moderator.load(row)
    play = next(c for c in game.legal_commands("p1") if c.name == "play")
    await table.moderator.act_in(game_id, "alice", play)
    start = len(table.outputs)
    table.failing_posts = 1
    assert await drain(table.bot) == 0
    assert [r.attempts for r in await unsent(table) if r.kind == "post"] == [1]
    clock.advance(timedelta(seconds=30))
    await drain(table.bot)
    said = [o for o in public(table.outputs[start:]) if "p1 (" in o.text]
    assert len(said) == 1
    assert said[0].image is not None and [c.label for c in said[0].components] == ["My hand", "Why?"]
    assert "p1: your hand and your next step are behind these buttons." in said[0].text
    assert await unsent(table) == []


async def test_the_end_of_a_barracks_game_carries_the_final_table_and_score_sheet() -> None:
    """The last move's one message: its lines, the final table picture and the score sheet
    (no separate posts after it)."""
    import io

    from bot.transcript import replay_file

    transcripts = Path(__file__).resolve().parents[1] / "transcripts"
    out = io.StringIO()
    assert await replay_file(transcripts / "barracks_solo.txt", out=out) == 0
    text = out.getvalue().splitlines()
    sheet = next(i for i, line in enumerate(text) if "Final score sheet" in line)
    following = text[sheet:]
    image = next(i for i, line in enumerate(following) if line.startswith("[image]"))
    assert following[image].endswith("barracks-final.png")
    # nothing but the same message's lines between the score sheet and its picture
    assert all(line.startswith("[public]") for line in following[:image])


async def test_a_battle_card_rides_on_the_battle_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Imperator: the battle card is a picture of the battle's one message (with the map when
    the battle moved units), not a post of its own. The loser still had to choose its retreat,
    so that card says "Waiting"; the message of the choice carries the final card, with the
    losses and the retreat and no "Waiting" (issue 12)."""
    import io
    import re

    import render.battle_card
    from bot.transcript import TranscriptRunner, parse_transcript
    from render.battle_card import aftermath_lines

    drawn: list[dict[str, Any]] = []
    real = render.battle_card.render_battle_card

    def spy(card: dict[str, Any]) -> bytes:
        drawn.append(dict(card))
        return real(card)

    monkeypatch.setattr(render.battle_card, "render_battle_card", spy)
    path = Path(__file__).resolve().parents[1] / "transcripts" / "imperator_battle_report.txt"
    text = path.read_text(encoding="utf-8")
    runner = TranscriptRunner(tmp_path / "b.db", 1, tmp_path / "images", io.StringIO())
    runner.forced_seeds = re.findall(r"^\s*# seed: (\S+)", text, flags=re.MULTILINE)
    await runner.open()
    try:
        for step in parse_transcript(text):
            await runner.run_step(step)
        assert runner.table is not None
        outputs = runner.table.outputs
    finally:
        await runner.close()
    carrying = [
        o for o in outputs if any("imperator-battle-" in p.name for p in [o.image, *o.more_images] if p)
    ]
    assert len(carrying) == 2
    battle, settled = carrying
    assert battle.audience == "public" and "§8.2: battle in Cyrrhus" in battle.text
    assert "Respond" in [c.label for c in battle.components]
    assert settled.audience == "public" and "retreats to Melitene" in settled.text
    assert "§8.2: battle in Cyrrhus" not in settled.text
    first, final = drawn
    assert str(first["waiting"]).startswith("rome still chooses (retreat)")
    assert "waiting" not in final
    rome = [str(line) for line in aftermath_lines(final["defender"])]
    assert rome == [
        "Losses: XVIe Flavia (reduced)",
        "Result A: each of its units takes a step loss",
        "Retreat: XVIe Flavia → Melitene",
    ]
    assert [str(line) for line in aftermath_lines(first["defender"])] == rome[:2]
    # drawn from the stored spec, its sentences are still marked (drawn in the game's language)
    assert isinstance(final["defender"]["losses"][0], Text)
    assert final["defender"]["losses"][0].msgid == "{unit} (reduced)"


async def test_a_refused_pin_is_reported_in_the_channel_and_logged(
    table: LocalTable, caplog: pytest.LogCaptureFixture
) -> None:
    """Item 3: without Pin Messages (``deny pin_messages``) the status is posted, not pinned,
    and the players are told once in the game's channel; the log says why."""
    await solo_lobby(table)
    table.denied = {"pin_messages"}
    start = len(table.outputs)
    with caplog.at_level(logging.WARNING, logger="cogs.outbox"):
        await table.run_slash("/game start")
    shown = public(table.outputs[start:])
    notes = [o for o in shown if "could not pin" in o.text]
    assert len(notes) == 1 and "pin_messages" in notes[0].text and "Pin Messages" in notes[0].text
    assert any(o.text.startswith("Game #1: barracks (solo), move 0") for o in shown)
    assert any("could not pin the status of game 1" in r.getMessage() for r in caplog.records)
    table.user = "alice"  # later status edits do not repeat it (the status message is known)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.status_message_id is not None
    await table.run_slash("/game status")
    assert len([o for o in table.outputs if "could not pin" in o.text]) == 1


class _Status:
    status = 400
    reason = "Bad Request"


class _Message:
    id = 777

    async def pin(self, reason: str | None = None) -> None:
        raise discord.HTTPException(
            _Status(),  # type: ignore[arg-type]
            {"code": 30003, "message": "Maximum number of pins reached (50)"},
        )


class _Channel:
    async def send(self, **kwargs: Any) -> _Message:
        return _Message()


class _Client:
    def get_channel(self, channel_id: int) -> _Channel:
        return _Channel()


async def test_discord_publisher_raises_a_full_pin_list_instead_of_swallowing_it() -> None:
    publisher = DiscordPublisher(_Client())  # type: ignore[arg-type]
    with pytest.raises(PinFailed) as failure:
        await publisher.pin_status("1", None, "status")
    assert failure.value.message_id == "777"
    assert "Maximum number of pins" in failure.value.reason


async def test_an_agreed_undo_is_confirmed_once(table: LocalTable, clock: FakeClock) -> None:
    """Item 4: the undo event's line is its one public confirmation (not a reply and then the
    outbox's line again)."""
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
        ("alice", "/end"),
        ("alice", "/game undo"),
        ("bob", "/game undo"),
    ]:
        table.user = user
        await table.run_slash(line)
    clock.advance(timedelta(minutes=1))
    await drain(table.bot)  # nothing of the undo is left for the sender to repeat
    said = [o for o in table.outputs if "taken back" in o.text]
    assert len(said) == 1 and said[0].audience == "public"
    assert "Undo agreed by everyone: red's /end" in said[0].text and "(event 1)" in said[0].text
    assert await unsent(table) == []
