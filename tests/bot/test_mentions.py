"""Issue 10 item 8: mentions and DMs. Only the users Praetor means to ping are pinged, nothing
typed by a user pings a role or everyone, follower pings fit Discord's message limit, and games
are offered in server channels only (``/roll`` anywhere; two DMs never share a key)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import LocalTable, pinged
from bot.moderator import Moderator
from cogs.common import follower_pings, guild_key
from cogs.outbox import drain
from rules.core import Command
from rules.core.registry import register_module


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


def test_the_client_never_pings_everyone_or_roles(table: LocalTable) -> None:
    allowed = table.bot.allowed_mentions
    assert allowed is not None
    assert (allowed.everyone, allowed.roles, allowed.replied_user) == (False, False, False)
    assert pinged("@everyone <@&77> <@bob>", allowed) == ["bob"]


async def test_a_roll_reason_pings_nobody(table: LocalTable) -> None:
    await table.run_slash('/roll dice:d6 reason:"@everyone <@&123> @here <@bob>"')
    shown = table.outputs[-1]
    assert shown.audience == "public" and "<@&123>" in shown.text and "@everyone" in shown.text
    assert shown.pings == []


async def test_the_player_who_must_act_is_pinged(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
        ("alice", "/play steps:2"),
    ]:
        table.user = user
        await table.run_slash(line)
    decision = [o for o in table.outputs if "may block" in o.text]
    assert decision and "<@bob>" in decision[-1].text
    assert "@everyone" not in decision[-1].pings


def test_an_outbox_post_pings_only_the_users_it_names() -> None:
    """The outbox sends each post with the users it means to ping and nobody else (Discord
    ids are numbers; the local table's people are names, so this is checked on the payload)."""
    from cogs.outbox import allowed

    mentions = allowed({"mentions": ["123456789012345678"]})
    text = "<@123456789012345678> and <@223456789012345678>, @everyone <@&55>"
    assert pinged(text, mentions) == ["123456789012345678"]


def test_follower_pings_are_split_under_the_message_limit() -> None:
    ids = [str(10**18 + n) for n in range(300)]  # 19-digit snowflakes
    headline = "x" * 300
    messages = follower_pings(ids, headline)
    assert len(messages) > 1
    assert all(len(m) <= 2000 and m.endswith(": " + headline) for m in messages)
    mentioned = [part[2:-1] for m in messages for part in m.split(":")[0].split()[1:]]
    assert mentioned == ids


async def test_follower_pings_through_the_channel(table: LocalTable) -> None:
    """The end of a game pings the 150 followers who asked for it, in posts of the outbox
    (stored with the last event, sent by the sender), each under Discord's limit."""
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    ids = [str(10**18 + n) for n in range(150)]
    for user in ids:
        await table.moderator.follow(table.channel_id, user, True)
    users = {"red": "alice", "blue": "bob"}
    while row.status == "active":
        game = await table.moderator.load(row)
        pending = game.pending_decision()
        if pending is not None:
            await table.moderator.decide(row.id or 0, users[pending.seat], pending.id, "pass", row.seq)
        else:
            seat = game.to_move()[0]
            await table.moderator.act_in(row.id or 0, users[seat], Command("play", {"steps": 3}))
        row = await table.moderator.get(row.id or 0)
    start = len(table.outputs)
    await drain(table.bot)
    posts = [p for p in table.outputs[start:] if p.text.startswith("📣")]
    assert len(posts) >= 2 and all(len(p.text) <= 2000 for p in posts)
    assert sorted(u for p in posts for u in p.pings) == sorted(ids)
    headline = posts[0].text.partition(">: ")[2]
    assert headline.endswith(".") and all(p.text.endswith(">: " + headline) for p in posts)


def test_games_are_offered_in_servers_only_and_roll_everywhere(table: LocalTable) -> None:
    payload = {c["name"]: c for c in table.bot.command_tree_payload()}
    assert "roll" in payload and "game" in payload and "move" in payload
    for name, command in payload.items():
        if name == "roll":
            assert command.get("dm_permission", True) is True
            assert command.get("contexts") in (None, [0, 1, 2], [0, 1])
        else:
            assert command["dm_permission"] is False, name
            assert command["contexts"] == [0], name


def test_two_dms_never_share_a_key() -> None:
    dm_a: Any = SimpleNamespace(guild_id=None, channel_id=111)
    dm_b: Any = SimpleNamespace(guild_id=None, channel_id=222)
    server: Any = SimpleNamespace(guild_id=999, channel_id=111)
    assert guild_key(dm_a) != guild_key(dm_b)
    assert guild_key(server) == "999"
