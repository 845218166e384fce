"""The slash-command tree fits Discord's limits (discord-bots.md §3)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.client import PraetorBot
from bot.moderator import Moderator


def walk(option: dict[str, Any], problems: list[str], path: str) -> None:
    if len(option["name"]) > 32:
        problems.append(f"{path}: name longer than 32")
    if not (1 <= len(option.get("description", "x")) <= 100):
        problems.append(f"{path}: description must be 1-100 characters")
    children = option.get("options", [])
    if len(children) > 25:
        problems.append(f"{path}: more than 25 options or subcommands")
    if len(option.get("choices", [])) > 25:
        problems.append(f"{path}: more than 25 choices")
    for child in children:
        walk(child, problems, f"{path} {child['name']}")


async def test_command_tree_within_discord_limits(sqlite_engine: AsyncEngine) -> None:
    bot = PraetorBot(Moderator(sqlite_engine), run_scheduler=False)
    await bot.load_praetor_cogs()
    payload = bot.command_tree_payload()
    assert len(payload) <= 100, "at most 100 global slash commands"
    names = [c["name"] for c in payload]
    assert len(names) == len(set(names))
    assert {"game", "roll", "play", "end"} <= set(names)
    problems: list[str] = []
    for command in payload:
        walk(command, problems, command["name"])
        assert len(json.dumps(command)) <= 8000, f"{command['name']} over 8,000 characters"
    assert problems == []
    game = next(c for c in payload if c["name"] == "game")
    subcommands = {o["name"] for o in game["options"]}
    assert {
        "new",
        "join",
        "leave",
        "replace",
        "start",
        "status",
        "list",
        "log",
        "follow",
        "unfollow",
        "undo",
        "concede",
        "abandon",
    } <= subcommands


async def test_sync_only_when_changed(sqlite_engine: AsyncEngine, tmp_path: Any) -> None:
    bot = PraetorBot(
        Moderator(sqlite_engine), run_scheduler=False, sync_state_file=tmp_path / "hash"
    )
    await bot.load_praetor_cogs()
    calls: list[int] = []

    async def fake_sync(*args: Any, **kwargs: Any) -> list[Any]:
        calls.append(1)
        return []

    bot.tree.sync = fake_sync  # type: ignore[method-assign]
    assert await bot.sync_if_changed() is True
    assert await bot.sync_if_changed() is False
    assert await bot.sync_if_changed(force=True) is True
    assert len(calls) == 2
