"""The Discord client: an ``AutoShardedBot`` that loads the cogs and owns the Moderator."""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.moderator import Moderator
from bot.publisher import DiscordPublisher, Publisher

log = logging.getLogger(__name__)

CORE_COG_MODULES = ("cogs.lobby", "cogs.dice", "cogs.play", "cogs.scheduler")


def game_cog_modules() -> list[str]:
    """Every other module of the ``cogs`` package with a ``setup``: the games' own cogs."""
    import importlib
    import pkgutil

    import cogs

    found = []
    for info in sorted(pkgutil.iter_modules(cogs.__path__), key=lambda i: i.name):
        name = f"cogs.{info.name}"
        if name in CORE_COG_MODULES or info.name.startswith("_") or info.name == "common":
            continue
        if hasattr(importlib.import_module(name), "setup"):
            found.append(name)
    return found


class PraetorBot(commands.AutoShardedBot):
    def __init__(
        self,
        moderator: Moderator,
        publisher: Publisher | None = None,
        run_scheduler: bool = True,
        sync_state_file: Path | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.moderator = moderator
        self.publisher: Publisher = publisher or DiscordPublisher(self)
        self.run_scheduler = run_scheduler
        self.sync_state_file = sync_state_file or Path(".praetor-commands.sha256")

    async def load_praetor_cogs(self) -> None:
        """Load every cog and register the persistent buttons (they work after a restart)."""
        from cogs.common import DYNAMIC_ITEMS
        from cogs.scheduler import SchedulerCog

        for module in [*CORE_COG_MODULES, *game_cog_modules()]:
            if module == "cogs.scheduler":
                await self.add_cog(SchedulerCog(self, run_loop=self.run_scheduler))
                continue
            await self.load_extension(module)
        self.add_dynamic_items(*DYNAMIC_ITEMS)  # game cogs append theirs to DYNAMIC_ITEMS
        from bot.i18n import PraetorTranslator

        if self.tree.translator is None:
            await self.tree.set_translator(PraetorTranslator())  # French names (bot/i18n.py)

    async def setup_hook(self) -> None:
        await self.load_praetor_cogs()
        await self.sync_if_changed()

    def command_tree_payload(self) -> list[dict[str, Any]]:
        """The command definitions as Discord receives them."""
        return [command.to_dict(self.tree) for command in self.tree.get_commands()]

    async def translated_command_tree_payload(self) -> list[dict[str, Any]]:
        """The command definitions exactly as ``tree.sync()`` sends them: with the
        ``name_localizations``/``description_localizations`` of the translator."""
        translator = self.tree.translator
        if translator is None:
            return self.command_tree_payload()
        return [
            await command.get_translated_payload(self.tree, translator)
            for command in self.tree.get_commands()
        ]

    def command_tree_hash(self) -> str:
        payload = json.dumps(self.command_tree_payload(), sort_keys=True, default=str)
        return hashlib.sha256(payload.encode()).hexdigest()

    async def sync_if_changed(self, force: bool = False) -> bool:
        """Sync the slash commands only when their definition (translations included) changed
        (or when forced)."""
        payload = json.dumps(await self.translated_command_tree_payload(), sort_keys=True)
        digest = hashlib.sha256(payload.encode()).hexdigest()
        previous = self.sync_state_file.read_text().strip() if self.sync_state_file.exists() else ""
        if not force and previous == digest:
            log.info("slash commands unchanged; not syncing")
            return False
        await self.tree.sync()
        self.sync_state_file.write_text(digest)
        log.info("slash commands synced")
        return True
