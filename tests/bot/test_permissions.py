"""Issue 10 item 4: the permissions Praetor needs, defined once; ``praetor invite``; ``/game new``
checks them; a failed thread creation or pin is told to the user, never left "thinking"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import LocalTable
from bot.moderator import Moderator, ModeratorError
from bot.permissions import REQUIRED, invite_url, required_permissions
from rules.core.registry import register_module

ROOT = Path(__file__).resolve().parents[2]
# Discord's permission bits, written out here independently of discord.py's names.
EXPECTED_BITS = {
    "View Channel": 10,
    "Send Messages": 11,
    "Embed Links": 14,
    "Attach Files": 15,
    "Read Message History": 16,
    "Create Public Threads": 35,
    "Send Messages in Threads": 38,
    "Pin Messages": 51,
}


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


def test_the_required_permissions_are_the_eight_bits() -> None:
    expected = sum(1 << bit for bit in EXPECTED_BITS.values())
    assert required_permissions().value == expected == 2252109051448320
    assert sorted(REQUIRED.values()) == sorted(EXPECTED_BITS)
    assert "permissions=2252109051448320" in invite_url("123456789012345678")
    assert "scope=bot+applications.commands" in invite_url("123456789012345678")


def test_praetor_invite_prints_the_url(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_APPLICATION_ID"}
    run = [sys.executable, "-m", "bot", "invite"]
    done = subprocess.run(
        [*run, "123456789012345678"], capture_output=True, text=True, env=environment,
        cwd=tmp_path, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "https://discord.com/oauth2/authorize?client_id=123456789012345678"
        "&scope=bot+applications.commands&permissions=2252109051448320"
    )
    from_env = subprocess.run(
        run, capture_output=True, text=True, cwd=tmp_path, timeout=120,
        env={**environment, "DISCORD_APPLICATION_ID": "223456789012345678"},
    )
    assert from_env.returncode == 0 and "client_id=223456789012345678" in from_env.stdout
    missing = subprocess.run(
        run, capture_output=True, text=True, env=environment, cwd=tmp_path, timeout=120
    )
    assert missing.returncode == 2 and "DISCORD_APPLICATION_ID" in missing.stderr
    bad = subprocess.run(
        [*run, "¹²³"], capture_output=True, text=True, env=environment, cwd=tmp_path, timeout=120
    )
    assert bad.returncode == 2 and "15 to 20 digits" in bad.stderr


def test_readme_invite_section_uses_praetor_invite() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Running the bot in Discord") :]
    section = " ".join(section[: section.index("\n## ", 5)].split())
    assert "praetor invite" in section and "Pin Messages" in section
    assert "277025508352" not in readme


async def test_game_new_refuses_listing_the_missing_permissions(table: LocalTable) -> None:
    table.denied = {"pin_messages", "attach_files"}
    await table.run_slash("/game new game:tiny scenario:race")
    refused = table.outputs[-1]
    assert refused.refusal and refused.audience == "alice"
    assert "Attach Files, Pin Messages" in refused.text
    assert await table.moderator.channel_game(table.channel_id) is None


async def test_thread_permissions_are_needed_only_for_a_thread(table: LocalTable) -> None:
    table.denied = {"create_public_threads"}
    await table.run_slash("/game new game:tiny scenario:race thread:true")
    assert table.outputs[-1].refusal and "Create Public Threads" in table.outputs[-1].text
    await table.run_slash("/game new game:tiny scenario:race")
    assert not table.outputs[-1].refusal
    assert await table.moderator.channel_game(table.channel_id) is not None


def forbidden() -> discord.Forbidden:
    from bot.local import _HttpStatus

    return discord.Forbidden(_HttpStatus(403, "Forbidden"), "Missing Permissions")


async def new_in_thread(table: LocalTable, channel: Any) -> Any:
    command, _ = table.find_command(["game", "new"])
    interaction = table.interaction(namespace={})
    interaction.channel = channel  # type: ignore[attr-defined]
    await command.callback(
        command.binding,  # type: ignore[arg-type]
        interaction,  # type: ignore[arg-type]
        game="tiny",
        scenario="race",  # type: ignore[arg-type]
        options=None,
        thread=True,
    )
    return interaction


async def test_a_failed_thread_creation_is_told_privately(table: LocalTable) -> None:
    class Channel:
        async def create_thread(self, **kwargs: object) -> None:
            raise forbidden()

    start = len(table.outputs)
    interaction = await new_in_thread(table, Channel())
    assert interaction.response.is_done()
    shown = table.outputs[start:]
    assert len(shown) == 1 and shown[0].audience == "alice" and shown[0].refusal
    assert "could not open a thread" in shown[0].text and "Missing Permissions" in shown[0].text


async def test_no_refusal_is_public_after_the_thread_is_made(
    table: LocalTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Thread:
        id = 4243
        mention = "<#4243>"

    class Channel:
        async def create_thread(self, **kwargs: object) -> Thread:
            return Thread()

    async def refused(*args: object, **kwargs: object) -> None:
        raise ModeratorError("There is already a game in that channel.")

    monkeypatch.setattr(table.moderator, "create", refused)
    start = len(table.outputs)
    await new_in_thread(table, Channel())
    shown = table.outputs[start:]
    assert [(o.audience, o.refusal) for o in shown] == [("alice", True)]
    assert "already a game" in shown[0].text


async def test_a_missing_pin_permission_at_start_is_reported(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
    ]:
        table.user = user
        await table.run_slash(line)
    table.denied = {"pin_messages"}  # taken away after the game was opened
    table.user = "alice"
    start = len(table.outputs)
    await table.run_slash("/game start")
    shown = table.outputs[start:]
    assert not any(o.text.startswith("📌") for o in shown)
    assert any(o.text.startswith("Game #") and "To move" in o.text for o in shown)
    # the status is posted, and the pin Discord refused is said once in the channel (item 3)
    notes = [o for o in shown if "could not pin" in o.text]
    assert [o.audience for o in notes] == ["public"] and "Pin Messages" in notes[0].text
    assert table.channel_id not in table.pinned


def test_the_terminal_table_can_deny_a_permission(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment["PRAETOR_DB_PATH"] = str(tmp_path / "cli.db")
    lines = "deny pin_messages\n/game new game:imperator scenario:campaign\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local"], input=lines, capture_output=True, text=True,
        env=environment, cwd=tmp_path, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "[to alice] ❌ I cannot run a game here" in done.stdout
    assert "Pin Messages" in done.stdout
