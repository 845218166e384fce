"""Deadlines, reminders and the outbox sender: a loop that applies timed-out defaults, owes
reminders and sends whatever the outbox still holds (retries, posts owed before a restart).

All of it lives in the database, so it survives restarts. The local table calls ``tick`` when
a transcript says ``wait``. The cog also gives the Moderator its composer (``cogs.outbox``),
so every accepted command stores what it owes with its event.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.common import announce
from cogs.outbox import compose, drain

if TYPE_CHECKING:
    from bot.client import PraetorBot

log = logging.getLogger(__name__)


class SchedulerCog(commands.Cog):
    def __init__(self, bot: PraetorBot, run_loop: bool = True) -> None:
        self.bot = bot
        self.run_loop = run_loop
        bot.moderator.composer = compose

    async def cog_load(self) -> None:
        if self.run_loop:
            self.loop.start()
            self.sender.start()

    async def cog_unload(self) -> None:
        for loop in (self.loop, self.sender):
            if loop.is_running():
                loop.cancel()

    @tasks.loop(seconds=3)
    async def sender(self) -> None:
        """Send what the outbox still owes (coalesced status edits, retries, after restarts)."""
        try:
            await drain(self.bot)
        except Exception:
            log.exception("outbox sender failed")

    @tasks.loop(seconds=15)
    async def loop(self) -> None:
        try:
            await self.tick()
        except Exception:
            log.exception("scheduler tick failed")

    async def tick(self) -> None:
        """Apply due timeouts (each announced on its own: one failure never stops the rest),
        then send what the outbox owes, reminders included."""
        bot = self.bot
        work = await bot.moderator.process_due()
        for result in work.timeouts:
            try:
                await announce(bot, result)
            except Exception:
                log.exception("announcing the timeout of game %s failed", result.game.id)
        await drain(bot)


async def setup(bot: PraetorBot) -> None:
    await bot.add_cog(SchedulerCog(bot))
