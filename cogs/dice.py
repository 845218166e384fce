"""``/roll``: dice notation outside any game (``2d6+1``, ``d10``, ``4d6kh3``), logged."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import localise, server_language
from cogs.common import channel_key, guild_key, praetor, refuse, user_key
from rules.core.dice import Dice
from rules.core.i18n import _
from rules.core.notation import MAX_LENGTH, NotationError, roll


class DiceCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice: 2d6+1, d10, 4d6kh3 ...")
    @app_commands.describe(
        dice="Dice notation, e.g. 2d6+1 or 4d6kh3", reason="What the roll is for"
    )
    async def roll(
        self,
        interaction: discord.Interaction,
        dice: app_commands.Range[str, 1, MAX_LENGTH],
        reason: app_commands.Range[str, 1, 200] | None = None,
    ) -> None:
        try:
            result = roll(dice, Dice(praetor(interaction).moderator.new_seed()))
        except NotationError as error:
            await refuse(interaction, _("{problem}.", problem=str(error)))
            return
        who, detail = f"<@{user_key(interaction)}>", result.detail()
        line = (
            _("🎲 {who} rolls {dice} for {reason}: {detail}", who=who, dice=dice, reason=reason, detail=detail)
            if reason
            else _("🎲 {who} rolls {dice}: {detail}", who=who, dice=dice, detail=detail)
        )
        text = localise(line, server_language(interaction))
        # The reason is typed by the roller: it must ping nobody (no role, no @everyone).
        await interaction.response.send_message(
            text[:2000], allowed_mentions=discord.AllowedMentions.none()
        )
        await praetor(interaction).moderator.log_roll(
            guild_key(interaction),
            channel_key(interaction),
            user_key(interaction),
            dice,
            result.total,
            result.detail(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DiceCog(bot))
