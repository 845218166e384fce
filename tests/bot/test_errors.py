"""Issue 10 item 3: one error handler for commands, components and autocomplete.

An unexpected failure answers its user privately with a reference (before or after a defer),
logs the reference with the traceback, and leaves the game as it was.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import select

from bot.client import report_failure
from bot.local import LocalTable
from bot.moderator import Moderator
from db.models import EventRow
from rules.core.registry import register_module

REFERENCE = re.compile(r"Reference: ([0-9A-F]{8})")


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


async def started(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    table.user = "alice"


async def event_count(table: LocalTable) -> int:
    async with table.moderator.sessions() as session:
        return int((await session.exec(select(func.count()).select_from(EventRow))).one())


def logged_reference(caplog: pytest.LogCaptureFixture, reference: str) -> logging.LogRecord:
    found = [r for r in caplog.records if reference in r.getMessage()]
    assert found, f"reference {reference} not logged"
    assert found[0].exc_info is not None  # the traceback is in the log
    return found[0]


async def test_unexpected_error_in_a_command_answers_privately_and_changes_nothing(
    table: LocalTable, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tinygame import TinyGame

    await started(table)
    before = await event_count(table)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    seq_before = row.seq

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ZeroDivisionError("a bug in the rules")

    monkeypatch.setattr(TinyGame, "_apply", broken)
    start = len(table.outputs)
    with caplog.at_level(logging.ERROR):
        await table.run_slash("/attack")
    shown = table.outputs[start:]
    assert [o.audience for o in shown] == ["alice"]
    match = REFERENCE.search(shown[0].text)
    assert match and "nothing was changed" in shown[0].text
    record = logged_reference(caplog, match.group(1))
    assert "/attack" in record.getMessage()
    assert record.exc_info and record.exc_info[0] is ZeroDivisionError
    assert await event_count(table) == before
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.seq == seq_before


async def test_unexpected_error_after_a_private_defer_is_private(
    table: LocalTable, caplog: pytest.LogCaptureFixture
) -> None:
    """/game new thread:true defers privately, then Discord fails in an unexpected way."""

    class Channel:
        async def create_thread(self, **kwargs: object) -> None:
            raise RuntimeError("the gateway went away")

    command, _ = table.find_command(["game", "new"])
    interaction = table.interaction(namespace={})
    interaction.channel = Channel()  # type: ignore[attr-defined]
    interaction.command = command
    start = len(table.outputs)
    with caplog.at_level(logging.ERROR):
        try:
            await command.callback(
                command.binding,  # type: ignore[arg-type]
                interaction,  # type: ignore[arg-type]
                game="tiny",
                scenario="race",  # type: ignore[arg-type]
                options=None,
                thread=True,
            )
        except RuntimeError as error:  # discord.py hands it to the tree's handler
            from discord import app_commands

            await table.bot.tree.on_error(
                interaction,  # type: ignore[arg-type]
                app_commands.CommandInvokeError(command, error),
            )
    shown = table.outputs[start:]
    assert [o.audience for o in shown] == ["alice"] and interaction.response.deferred
    match = REFERENCE.search(shown[0].text)
    assert match is not None
    logged_reference(caplog, match.group(1))
    assert await table.moderator.channel_game(table.channel_id) is None


async def test_unexpected_error_after_a_public_defer_fills_the_placeholder(
    table: LocalTable, caplog: pytest.LogCaptureFixture
) -> None:
    """After a public defer Discord shows the first follow-up publicly: the handler fills the
    "thinking" placeholder with the neutral sentence (no ephemeral first follow-up, which the
    strict local table rejects)."""
    interaction = table.interaction()
    await interaction.response.defer()
    start = len(table.outputs)
    with caplog.at_level(logging.ERROR):
        reference = await report_failure(interaction, KeyError("z"), "a test")  # type: ignore[arg-type]
    shown = table.outputs[start:]
    assert reference is not None and len(shown) == 1
    assert shown[0].text == f"⚠️ Something went wrong, and nothing was changed. Reference: {reference} (quote it to whoever runs this bot)."
    logged_reference(caplog, reference)


async def test_unexpected_error_after_an_ephemeral_defer_or_a_followup_stays_private(
    table: LocalTable, caplog: pytest.LogCaptureFixture
) -> None:
    deferred = table.interaction()
    await deferred.response.defer(ephemeral=True)
    with caplog.at_level(logging.ERROR):
        reference = await report_failure(deferred, KeyError("x"), "a test")  # type: ignore[arg-type]
    assert reference is not None and table.outputs[-1].audience == "alice"
    assert reference in table.outputs[-1].text
    followed = table.interaction()
    await followed.response.defer()
    await followed.followup.send("the public part")
    with caplog.at_level(logging.ERROR):
        reference = await report_failure(followed, KeyError("y"), "a test")  # type: ignore[arg-type]
    assert reference is not None and table.outputs[-1].audience == "alice"
    assert reference in table.outputs[-1].text
    logged_reference(caplog, reference)


async def test_unexpected_error_in_a_button_answers_privately(
    table: LocalTable, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(table)
    await table.run_slash("/play steps:2")  # blue may block: a Respond button
    before = await event_count(table)
    table.user = "bob"

    async def broken(game_id: int) -> None:
        raise RuntimeError("database gone")

    monkeypatch.setattr(table.moderator, "get", broken)
    start = len(table.outputs)
    with caplog.at_level(logging.ERROR):
        await table.click("Respond")
    shown = table.outputs[start:]
    assert [o.audience for o in shown] == ["bob"]
    match = REFERENCE.search(shown[0].text)
    assert match is not None
    record = logged_reference(caplog, match.group(1))
    assert "praetor:respond:" in record.getMessage()
    monkeypatch.undo()
    assert await event_count(table) == before


async def test_unexpected_error_building_a_button_answers_privately(
    table: LocalTable, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.common import RespondButton

    await started(table)
    await table.run_slash("/play steps:2")
    table.user = "bob"

    def broken_init(self: Any, game_id: int, seq: int) -> None:
        raise ValueError("cannot build")

    monkeypatch.setattr(RespondButton, "__init__", broken_init)
    start = len(table.outputs)
    with caplog.at_level(logging.ERROR):
        await table.click("Respond")
    shown = table.outputs[start:]
    assert [o.audience for o in shown] == ["bob"]
    match = REFERENCE.search(shown[0].text)
    assert match is not None
    logged_reference(caplog, match.group(1))


async def test_unexpected_error_in_an_autocomplete_offers_the_reference(
    table: LocalTable, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    def broken() -> None:
        raise RuntimeError("registry broken")

    lobby = sys.modules[type(table.bot.get_cog("LobbyCog")).__module__]
    monkeypatch.setattr(lobby, "games", broken)
    command, _ = table.find_command(["game", "new"])
    param = command._params["game"]
    with caplog.at_level(logging.ERROR):
        choices = await param.autocomplete(command.binding, table.interaction(), "imp")  # type: ignore[misc, operator]
    assert len(choices) == 1
    match = re.search(r"reference ([0-9A-F]{8})", choices[0].name)
    assert match is not None and choices[0].value == "imp"
    logged_reference(caplog, match.group(1))


async def test_every_autocomplete_and_every_persistent_component_is_guarded(
    table: LocalTable,
) -> None:
    from discord import app_commands

    from cogs.common import DYNAMIC_ITEMS

    guarded = [
        getattr(param.autocomplete, "__praetor_guarded__", False)
        for command in table.bot.tree.walk_commands()
        if isinstance(command, app_commands.Command)
        for param in command._params.values()
        if param.autocomplete is not None
    ]
    assert len(guarded) > 10 and all(guarded)
    assert all(cls.__dict__.get("__praetor_guarded__") for cls in DYNAMIC_ITEMS)


async def test_refusals_escaping_a_cog_are_refusals_without_reference(table: LocalTable) -> None:
    from bot.moderator import ModeratorError

    interaction = table.interaction()
    reference = await report_failure(interaction, ModeratorError("No game here."), "a test")  # type: ignore[arg-type]
    assert reference is None
    assert table.outputs[-1].refusal and table.outputs[-1].text == "❌ No game here."
