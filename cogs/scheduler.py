"""Deadlines and reminders: a loop that applies timed-out defaults and pings players.

Both live in the database, so they survive restarts. The local table calls ``tick`` when a
transcript says ``wait``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from bot.present import mention
from cogs.common import announce

if TYPE_CHECKING:
    from bot.client import PraetorBot

log = logging.getLogger(__name__)


class SchedulerCog(commands.Cog):
    def __init__(self, bot: PraetorBot, run_loop: bool = True) -> None:
        self.bot = bot
        self.run_loop = run_loop

    async def cog_load(self) -> None:
        if self.run_loop:
            self.loop.start()

    async def cog_unload(self) -> None:
        if self.loop.is_running():
            self.loop.cancel()

    @tasks.loop(seconds=15)
    async def loop(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("scheduler tick failed")

    async def tick(self) -> None:
        bot = self.bot
        work = await bot.moderator.process_due()
        for result in work.timeouts:
            await announce(bot, result)
        for reminder in work.reminders:
            await bot.publisher.send(
                reminder.game.channel_id,
                f"⏰ {mention(reminder.user_id)}, game #{reminder.game.id} is waiting for your "
                f"move as {reminder.seat} (/game status).",
            )


async def setup(bot: PraetorBot) -> None:
    await bot.add_cog(SchedulerCog(bot))
