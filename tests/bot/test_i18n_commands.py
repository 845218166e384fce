"""`praetor sync` sends French names and descriptions for every command (issue 13).

The tree is synced through discord.py's own ``CommandTree.sync`` with the HTTP call replaced,
so the payload checked here is the one Discord would receive.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.cli import sync_commands
from bot.client import PraetorBot
from bot.i18n import valid_name
from bot.moderator import Moderator


class CapturingHTTP:
    def __init__(self) -> None:
        self.payloads: list[list[dict[str, Any]]] = []

    async def bulk_upsert_global_commands(
        self, application_id: int, payload: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        self.payloads.append(payload)
        return []


def french_problems(item: dict[str, Any], path: str, problems: list[str]) -> None:
    """Every name has a valid French name, every description a French description, every
    choice a French name; siblings keep distinct French names."""
    names = item.get("name_localizations") or {}
    french = names.get("fr")
    if french is None:
        problems.append(f"{path}: no French name")
    elif not valid_name(french):
        problems.append(f"{path}: French name {french!r} breaks Discord's rules")
    if "description" in item:
        description = (item.get("description_localizations") or {}).get("fr")
        if not description or not 1 <= len(description) <= 100:
            problems.append(f"{path}: no French description of 1-100 characters")
    siblings = item.get("options", [])
    french_names = [(o.get("name_localizations") or {}).get("fr", o["name"]) for o in siblings]
    if len(set(french_names)) != len(french_names):
        problems.append(f"{path}: two options share a French name: {sorted(french_names)}")
    for child in siblings:
        french_problems(child, f"{path} {child['name']}", problems)
    for choice in item.get("choices", []):
        label = (choice.get("name_localizations") or {}).get("fr")
        if not label or not 1 <= len(label) <= 100:
            problems.append(f"{path} choice {choice['name']!r}: no French name")


async def test_sync_sends_french_localisations(sqlite_engine: AsyncEngine, tmp_path: Any) -> None:
    """What `praetor sync` runs (bot.cli.sync_commands), on a fresh bot as the CLI builds it."""
    bot = PraetorBot(Moderator(sqlite_engine), run_scheduler=False, sync_state_file=tmp_path / "h")
    http = CapturingHTTP()
    bot.tree._http = http  # type: ignore[assignment]
    bot._connection.application_id = 1
    await sync_commands(bot)
    (payload,) = http.payloads
    assert len(payload) >= 20  # the whole tree, not an empty one
    problems: list[str] = []
    for command in payload:
        french_problems(command, command["name"], problems)
    top = [(c.get("name_localizations") or {}).get("fr") for c in payload]
    assert len(set(top)) == len(top), "two commands share a French name"
    assert problems == []
    game = next(c for c in payload if c["name"] == "game")
    assert game["name_localizations"]["fr"] == "partie"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["fr"] == "Ouvrir une partie dans ce salon"
    assert "en-US" not in game["name_localizations"]  # English stays the default name
    # /chronicle exports the log of any game (The Barracks Emperors, Imperium Romanum...): its
    # description names no one game, in either language
    chronicle = next(c for c in payload if c["name"] == "chronicle")
    assert chronicle["description"] == "The game log as text and JSON (your view until the game ends)"
    assert chronicle["description_localizations"]["fr"] == (
        "Le journal de la partie en texte et JSON (votre vue jusqu'à la fin de la partie)"
    )


async def test_translations_are_part_of_the_sync_hash(
    sqlite_engine: AsyncEngine, tmp_path: Any
) -> None:
    """A changed translation changes what is synced, so the bot syncs again at start."""
    bot = PraetorBot(Moderator(sqlite_engine), run_scheduler=False, sync_state_file=tmp_path / "h")
    await bot.load_praetor_cogs()
    with_french = await bot.translated_command_tree_payload()
    assert with_french != bot.command_tree_payload()
