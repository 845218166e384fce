"""The shared game verbs (``/play``, ``/attack``, ``/end``), routed to the channel's game.

Each option autocompletes from what the acting seat may do now (``Game.actions``), so a
player is offered only legal values. The rules decide; this cog only translates.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import ModeratorError, seats_of
from cogs.common import channel_key, praetor, run_command, user_key

Completer = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]


def complete(verb: str, option: str) -> Completer:
    """An autocomplete callback offering the legal values of ``option`` for ``verb`` now."""

    async def callback(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        bot = praetor(interaction)
        try:
            row, game = await bot.moderator.game_for(channel_key(interaction))
        except ModeratorError:
            return []
        needle = current.lower()
        found: list[app_commands.Choice[str]] = []
        for seat in seats_of(row, user_key(interaction)):
            for action in game.actions(seat):
                if action.name != verb:
                    continue
                for arg in action.args:
                    if arg.name != option or not arg.choices:
                        continue
                    for choice in arg.choices:
                        if needle in choice.label.lower() or needle in choice.value.lower():
                            found.append(
                                app_commands.Choice(
                                    name=choice.label[:100], value=choice.value[:100]
                                )
                            )
        return found[:25]

    return callback


def _args(**options: Any) -> dict[str, Any]:
    return {name: value for name, value in options.items() if value is not None}


class PlayCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play: a card, a run, a stratagem ...")
    @app_commands.describe(
        card="What to play",
        space="Where to play it",
        target="A target, if it needs one",
        steps="How far (race games)",
    )
    @app_commands.autocomplete(
        card=complete("play", "card"),
        space=complete("play", "space"),
        target=complete("play", "target"),
        steps=complete("play", "steps"),
    )
    async def play(
        self,
        interaction: discord.Interaction,
        card: str | None = None,
        space: str | None = None,
        target: str | None = None,
        steps: str | None = None,
    ) -> None:
        await run_command(
            interaction, "play", _args(card=card, space=space, target=target, steps=steps)
        )

    @app_commands.command(name="attack", description="Attack (or roll for it)")
    @app_commands.describe(zone="Where to attack")
    @app_commands.autocomplete(zone=complete("attack", "zone"))
    async def attack(self, interaction: discord.Interaction, zone: str | None = None) -> None:
        await run_command(interaction, "attack", _args(zone=zone))

    @app_commands.command(name="end", description="End your move, your turn or the phase")
    async def end(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, "end", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog(bot))
