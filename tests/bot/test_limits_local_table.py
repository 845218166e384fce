"""Issue 10 item 9: the local table is as strict as Discord, so tests catch what a real server
would reject: component and message limits, the 3-second rule with cold caches, the 15-minute
token; transcripts can deny a permission or fail a post; menus print their options; buttons
survive a restart of the table on the same database."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.local import DiscordRuleViolation, LocalTable
from bot.moderator import Moderator
from bot.transcript import MALFORMED, OK, TranscriptRunner, parse_transcript, replay_file
from rules.core.registry import register_module


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine, clock=FakeClock()), tmp_path / "images")
    await t.setup()
    return t


def select_view(options: list[discord.SelectOption], **kwargs: object) -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Select(custom_id="s", options=options, **kwargs))  # type: ignore[arg-type]
    return view


def options(n: int) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"o{i}", value=f"v{i}") for i in range(n)]


@pytest.mark.parametrize(
    ("build", "problem"),
    [
        (lambda: select_view(options(26)), "1 to 25 options"),
        (lambda: select_view([discord.SelectOption(label="x" * 101, value="v")]), "label longer"),
        (lambda: select_view([discord.SelectOption(label="l", value="v" * 101)]), "value longer"),
        (
            lambda: select_view(
                [discord.SelectOption(label="l", value="v", description="d" * 101)]
            ),
            "description longer",
        ),
        (
            lambda: select_view(
                [discord.SelectOption(label="a", value="v"), discord.SelectOption(label="b", value="v")]
            ),
            "two select options",
        ),
        (lambda: select_view(options(3), placeholder="p" * 151), "placeholder"),
        (lambda: select_view(options(3), max_values=4), "max_values"),
    ],
)
async def test_select_limits(table: LocalTable, build: object, problem: str) -> None:
    view = build()  # type: ignore[operator]
    with pytest.raises(DiscordRuleViolation, match=problem):
        await table.interaction().response.send_message("menu", view=view)


async def test_custom_ids_are_unique_in_a_message(table: LocalTable) -> None:
    twins = discord.ui.View()
    twins.add_item(discord.ui.Button(label="a", custom_id="same"))
    twins.add_item(discord.ui.Button(label="b", custom_id="same"))
    with pytest.raises(DiscordRuleViolation, match="two components"):
        await table.interaction().response.send_message("x", view=twins)


async def test_file_and_embed_limits(table: LocalTable) -> None:
    big = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), filename="map.png")
    with pytest.raises(DiscordRuleViolation, match="a bot may upload"):
        await table.interaction().response.send_message(file=big)
    small = discord.File(io.BytesIO(b"\0" * 1000), filename="map.png")
    await table.interaction().response.send_message(file=small)
    with pytest.raises(DiscordRuleViolation, match="embed description"):
        await table.interaction().response.send_message(
            embed=discord.Embed(description="d" * 4097)
        )
    fields = discord.Embed(title="t")
    for n in range(26):
        fields.add_field(name=str(n), value="v")
    with pytest.raises(DiscordRuleViolation, match="embed fields"):
        await table.interaction().response.send_message(embed=fields)


async def test_each_interaction_starts_with_cold_caches(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    assert table.moderator._cache  # the game is cached after the command
    table.interaction()
    assert table.moderator._cache == {}
    await table.run_slash("/attack")  # answered within 3 s from the database
    assert not table.outputs[-1].refusal


async def test_followups_need_the_15_minute_token(table: LocalTable) -> None:
    interaction = table.interaction()
    await interaction.response.defer(ephemeral=True)
    table.clock.advance(timedelta(minutes=14))  # type: ignore[attr-defined]
    await interaction.followup.send("in time")
    table.clock.advance(timedelta(minutes=2))  # type: ignore[attr-defined]
    with pytest.raises(DiscordRuleViolation, match="token lasts 15"):
        await interaction.followup.send("too late")
    with pytest.raises(DiscordRuleViolation, match="token lasts 15"):
        await interaction.edit_original_response(content="too late")


async def test_menus_print_their_options_and_accept_label_or_value(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
        ("alice", "/play steps:2"),
    ]:
        table.user = user
        await table.run_slash(line)
    table.user = "bob"
    await table.click("Respond")
    lines = table.outputs[-1].lines()
    assert "[to bob] [menu Choose: Block the run (block) | Let it stand (pass)]" in lines
    start = len(table.outputs)
    await table.select(["pass"])  # by value; the transcript below chooses by label
    assert any(o.text == "You chose: pass." for o in table.outputs[start:])
    assert any("lets the run stand" in o.text for o in table.outputs[start:])


TRANSCRIPT = """
as alice
deny pin_messages
! /game new game:tiny scenario:race
> Pin Messages
allow pin_messages
/game new game:tiny scenario:race
/game join
as bob
/game join
as alice
/game start
/play steps:2
> blue may block
restart
as bob
click Respond
> Block red's run of 2?
> [menu Choose: Block the run (block) | Let it stand (pass)]
select Let it stand
> lets the run stand
deny send_messages
fail posts 2
"""


async def test_transcript_directives_and_buttons_after_a_restart(tmp_path: Path) -> None:
    register_module("tinygame")
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    out = io.StringIO()
    code = await replay_file(path, out=out)
    assert code == OK, out.getvalue()[-3000:]
    runner = TranscriptRunner(tmp_path / "r.db", 1, tmp_path / "images", io.StringIO())
    await runner.open()
    try:
        for step in parse_transcript(TRANSCRIPT):
            await runner.run_step(step)
        table = runner.table
        assert table is not None
        assert table.failing_posts == 2 and "send_messages" in table.denied
        publisher = table.bot.publisher
        for _ in range(2):
            with pytest.raises(discord.HTTPException) as failed:
                await publisher.send(table.channel_id, "lost")
            assert failed.value.status == 500
        with pytest.raises(discord.Forbidden):  # then the denied permission
            await publisher.send(table.channel_id, "refused")
        with pytest.raises(discord.Forbidden):
            await publisher.pin_status("other-channel", None, "status")
    finally:
        await runner.close()
    bad = tmp_path / "bad.txt"
    bad.write_text("deny manage_guild\n", encoding="utf-8")
    assert await replay_file(bad, out=io.StringIO()) == MALFORMED
