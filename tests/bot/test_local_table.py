"""The local interaction enforces Discord's response rules, and the CLI opens the table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.local import DiscordRuleViolation, LocalTable
from bot.moderator import Moderator


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


async def test_one_initial_response_only(table: LocalTable) -> None:
    interaction = table.interaction()
    await interaction.response.send_message("first")
    with pytest.raises(DiscordRuleViolation, match="already answered"):
        await interaction.response.send_message("second")


async def test_no_followup_before_response(table: LocalTable) -> None:
    with pytest.raises(DiscordRuleViolation, match="before the initial response"):
        await table.interaction().followup.send("too early")


async def test_no_ephemeral_first_followup_after_public_defer(table: LocalTable) -> None:
    interaction = table.interaction()
    await interaction.response.defer()
    with pytest.raises(DiscordRuleViolation, match="public defer"):
        await interaction.followup.send("secret", ephemeral=True)


async def test_message_and_component_limits(table: LocalTable) -> None:
    with pytest.raises(DiscordRuleViolation, match="characters"):
        await table.interaction().response.send_message("x" * 2001)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="ok", custom_id="y" * 101))
    with pytest.raises(DiscordRuleViolation, match="custom_id"):
        await table.interaction().response.send_message("hi", view=view)


async def test_late_initial_response_is_rejected(table: LocalTable) -> None:
    interaction = table.interaction()
    interaction.started -= 5
    with pytest.raises(DiscordRuleViolation, match="3 s"):
        await interaction.response.send_message("slow")


async def test_ephemeral_output_only_for_its_user(table: LocalTable) -> None:
    table.user = "alice"
    await table.run_slash("/roll dice:1000000d6")
    assert table.outputs[-1].audience == "alice" and table.outputs[-1].refusal


def run_cli(
    args: list[str], stdin: str, tmp_path: Path, **env: str
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment.update(PRAETOR_DB_PATH=str(tmp_path / "cli.db"), **env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )


def test_bare_praetor_opens_the_local_table_and_rolls(tmp_path: Path) -> None:
    done = run_cli([], "/roll dice:2d6\n", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "local table" in done.stderr
    assert "[public]" in done.stdout and "rolls 2d6" in done.stdout


def test_praetor_bot_without_token_exits_2(tmp_path: Path) -> None:
    done = run_cli(["bot"], "", tmp_path)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr


def test_bad_configuration_is_named(tmp_path: Path) -> None:
    done = run_cli(["local"], "", tmp_path, PRAETOR_LOG_LEVEL="LOUD")
    assert done.returncode == 2 and "PRAETOR_LOG_LEVEL" in done.stderr


def test_praetor_replay_cli_plays_the_tiny_pipeline() -> None:
    root = Path(__file__).resolve().parents[2]
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "replay",
            "tests/transcripts/tiny_pipeline.txt",
            "--games",
            "tests.tinygame",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=environment,
        cwd=root,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "[public] Undo agreed by everyone" in done.stdout
    assert '"kind": "tiny"' in done.stdout


def test_praetor_replay_cli_exit_codes(tmp_path: Path) -> None:
    malformed = tmp_path / "m.txt"
    malformed.write_text("hello\n")
    unexpected = tmp_path / "u.txt"
    unexpected.write_text("! /roll dice:d6\n")
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    codes = [
        subprocess.run(
            [sys.executable, "-m", "bot", "replay", str(p)],
            capture_output=True,
            text=True,
            env=environment,
            cwd=tmp_path,
            timeout=120,
        ).returncode
        for p in (malformed, unexpected)
    ]
    assert codes == [2, 1]


def test_praetor_data_check_summarises_and_reports_broken_files(tmp_path: Path) -> None:
    import shutil

    root = Path(__file__).resolve().parents[2]
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "data", "check"],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.endswith(" land zones") for line in lines)
    assert all(line.split(" ", 1)[0].isdigit() for line in lines)
    broken = tmp_path / "data"
    shutil.copytree(root / "rules" / "imperator" / "data", broken)
    leaders = broken / "counters" / "leaders.toml"
    text = leaders.read_text()
    start = text.index("cc = ")
    end = text.index("\n", start)
    leaders.write_text(text[:start] + "cc = 99" + text[end:])
    done = subprocess.run(
        [sys.executable, "-m", "bot", "data", "check", str(broken)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 1
    assert "counters/leaders.toml" in done.stderr and "cc: 99" in done.stderr


async def test_game_mine_shows_a_barracks_hand_only_to_its_owner(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:barracks scenario:standard-2p"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    start = len(table.outputs)
    table.user = "bob"
    await table.run_slash("/game mine")
    shown = table.outputs[start:]
    assert [o.audience for o in shown] == ["bob"]
    assert "hand" in shown[0].text and not shown[0].refusal
    table.user = "carol"
    await table.run_slash("/game mine")
    assert table.outputs[-1].refusal and table.outputs[-1].audience == "carol"


async def test_status_pinned_followers_pinged_at_the_end_and_log_after_it(
    table: LocalTable,
) -> None:
    from rules.core.registry import register_module

    register_module("tinygame")
    opening = [
        ("alice", "/game new game:tiny scenario:race"),
        ("alice", "/game join"),
        ("bob", "/game join"),
        ("carol", "/game follow mentions:true"),
        ("alice", "/game start"),
    ]
    for user, line in opening:
        table.user = user
        await table.run_slash(line)
    pins = [o for o in table.outputs if o.text.startswith("📌")]
    assert len(pins) == 1 and "To move: red" in pins[0].text
    for _ in range(30):
        row = await table.moderator.channel_game(table.channel_id)
        if row is None:
            break
        game = await table.moderator.load(row)
        table.user = row.seats[game.to_move()[0]]
        if game.pending_decision():
            await table.click("Respond")
            await table.select(["Let it stand"])
        else:
            await table.run_slash("/attack")
    assert any("📣 <@carol>" in o.text for o in table.outputs if o.audience == "public")
    assert "Game over" in table.pinned[table.channel_id]
    assert len([o for o in table.outputs if o.text.startswith("📌")]) == 1  # edited, not reposted
    start = len(table.outputs)
    table.user = "carol"
    await table.run_slash("/game log")
    files = [o.image for o in table.outputs[start:] if o.image is not None]
    assert [f.suffix for f in files] == [".json", ".txt"]
    assert all(o.audience == "carol" for o in table.outputs[start:])
    assert "seed" in files[1].read_text()


async def test_game_in_a_new_thread(table: LocalTable) -> None:
    from rules.core.registry import register_module

    register_module("tinygame")
    await table.run_slash("/game new game:tiny scenario:race thread:true")
    assert table.outputs[-1].refusal and "Threads" in table.outputs[-1].text

    class Thread:
        id = 4242
        mention = "<#4242>"

    class Channel:
        async def create_thread(self, **kwargs: object) -> Thread:
            self.kwargs = kwargs
            return Thread()

    command, _ = table.find_command(["game", "new"])
    interaction = table.interaction(namespace={})
    interaction.channel = Channel()  # type: ignore[attr-defined]
    await command.callback(
        command.binding,
        interaction,
        game="tiny",
        scenario="race",  # type: ignore[arg-type]
        options=None,
        thread=True,
    )
    row = await table.moderator.channel_game("4242")
    assert row is not None and row.kind == "tiny"
    assert await table.moderator.channel_game(table.channel_id) is None
    # the author is told privately (Discord announces the thread); the thread gets the seats
    assert any("<#4242>" in o.text for o in table.outputs if o.audience == "alice")
    assert any("Take one with /game join" in o.text for o in table.outputs if o.audience == "public")


async def test_game_start_posts_the_opening_steps_without_their_secrets(table: LocalTable) -> None:
    for user, line in [
        ("alice", "/game new game:imperator scenario:campaign"),
        ("alice", "/game join seat:rome"),
        ("bob", "/game join seat:enemies"),
        ("alice", "/game start"),
    ]:
        table.user = user
        await table.run_slash(line)
    public = "\n".join(o.text for o in table.outputs if o.audience == "public")
    assert "phase A" in public and "draws a stratagem" in public
    assert "has private information: /game mine" in public
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    held = [chit["name"] for seat in ("rome", "enemies") for chit in game.seat_view(seat)["hand"]]
    assert held
    # "Initiative" is also the name of phase B, printed in public; every other name must not show.
    assert not any(name in public for name in held if name != "Initiative")
    start = len(table.outputs)
    table.user = "alice"
    await table.run_slash("/game mine")
    mine = table.outputs[start:]
    assert [o.audience for o in mine] == ["alice"]
    rome_hand = [chit["name"] for chit in game.seat_view("rome")["hand"]]
    assert all(name in mine[0].text for name in rome_hand) and "Stratagems in hand" in mine[0].text
