"""/help, the command tree and the docs agree: every command named exists, every command is
named (issue 12: ``/evade`` was documented but unknown)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.client import PraetorBot
from bot.moderator import Moderator
from cogs.help import EVERY_GAME, GAMES, help_lines

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "docs" / "imperator-discord.md", ROOT / "docs" / "barracks.md"]
# A command opens a code span (`/game status`) or a line of a code block.
NAMED = re.compile(r"(?:`|^)/([a-z]+)(?![\w/])(?: ([a-z]+))?", re.MULTILINE)


async def tree(engine: AsyncEngine) -> dict[str, set[str]]:
    """Top-level command -> its subcommands (empty for a plain command)."""
    bot = PraetorBot(Moderator(engine), run_scheduler=False)
    await bot.load_praetor_cogs()
    found: dict[str, set[str]] = {}
    for command in bot.command_tree_payload():
        options: list[dict[str, Any]] = command.get("options", [])
        found[command["name"]] = {o["name"] for o in options if o.get("type") in (1, 2)}
    return found


def named(text: str) -> set[tuple[str, str]]:
    """``(command, subcommand or "")`` for every ``/command`` named in a text."""
    return {(m.group(1), m.group(2) or "") for m in NAMED.finditer(text)}


def missing_and_unknown(commands: dict[str, set[str]], text: str) -> tuple[set[str], set[str]]:
    mentioned = named(text)
    unknown = set()
    for command, sub in mentioned:
        if command not in commands:
            unknown.add(f"/{command}")
        elif commands[command] and sub and sub not in commands[command]:
            unknown.add(f"/{command} {sub}")
    missing = set()
    for command, subs in commands.items():
        if subs:
            missing |= {f"/{command} {s}" for s in subs if (command, s) not in mentioned}
        elif not any(c == command for c, _ in mentioned):
            missing.add(f"/{command}")
    return missing, unknown


async def test_every_command_is_in_the_help_and_every_example_exists(
    sqlite_engine: AsyncEngine,
) -> None:
    commands = await tree(sqlite_engine)
    examples = "\n".join(
        example
        for sections in (EVERY_GAME, *GAMES.values())
        for _title, entries in sections
        for example, _what in entries
    )
    missing, unknown = missing_and_unknown(commands, examples)
    assert unknown == set()
    assert missing == set()


async def test_every_command_is_documented_and_every_documented_command_exists(
    sqlite_engine: AsyncEngine,
) -> None:
    commands = await tree(sqlite_engine)
    text = "\n".join(path.read_text(encoding="utf-8") for path in DOCS)
    # The docs may name a command by its French name (Discord shows it to French clients).
    from bot.i18n import slash_translation

    french = {
        str(slash_translation(name, "fr", True)): name
        for name in [*commands, *(s for subs in commands.values() for s in subs)]
        if slash_translation(name, "fr", True)
    }
    for fr_name, name in french.items():
        text = re.sub(rf"(?<=[`/ ]){re.escape(fr_name)}(?![\w-])", name, text)
    missing, unknown = missing_and_unknown(commands, text)
    assert unknown == set(), f"named in the docs but not a command: {sorted(unknown)}"
    assert missing == set(), f"commands the docs never name: {sorted(missing)}"
    assert ("evade", "") in named(text) and "evade" in commands


def test_help_lists_phases_with_examples() -> None:
    every = "\n".join(help_lines(None))
    assert "**Imperator: Phase E, battles**" in every and "**Barracks: Your turn**" in every
    only = "\n".join(help_lines("imperator"))
    assert "`/attack zone:Cyrrhus` — fight the battle in a zone (§8)" in only
    assert "`/evade`" in only and "Barracks" not in only
