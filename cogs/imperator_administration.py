"""Imperator, phase D (administration): naming Augusti and Caesars (§3.6).

The number of SMCs, reinforcements, events and leader deaths are rolled by the engine when the
phase begins and posted with their dice; successions that need a choice come as a Respond
button (``cogs/common.py``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import localise, reader_language
from cogs import imperator_names as names
from cogs.imperator_operations import _complete, label, language, run_imperator
from rules.core.i18n import _

TITLES = {"augustus": _("Augustus"), "caesar": _("Caesar")}


def _designate_choices(
    game: Any, seat: str, ns: Any, current: str, reader: str = "en"
) -> list[app_commands.Choice[str]]:
    from rules.imperator import engine

    st = game.state
    if st.phase != "D":
        return []
    titles: dict[str, list[str]] = {}
    for lid, title in engine.designations(st):
        titles.setdefault(lid, []).append(title)
    shown = {t: localise(TITLES.get(t, t), reader) for ts in titles.values() for t in ts}
    suffix = {lid: " (" + " / ".join(shown[t] for t in ts) + ")" for lid, ts in titles.items()}
    return names.choices(
        [(x, label(st, x)) for x in sorted(titles)], current, language(game), suffix
    )


async def designate_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    reader = reader_language(interaction)
    return await _complete(interaction, current, partial(_designate_choices, reader=reader))


class ImperatorAdministrationCog(commands.Cog):
    """Phase D: Rome names an Augustus or a Caesar."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="designate", description="Imperator, phase D: name an Augustus or a Caesar"
    )
    @app_commands.describe(leader="The leader", title="augustus or caesar")
    @app_commands.choices(
        title=[
            app_commands.Choice(name="Caesar", value="caesar"),
            app_commands.Choice(name="Augustus", value="augustus"),
        ]
    )
    @app_commands.autocomplete(leader=designate_autocomplete)
    async def designate(
        self, interaction: discord.Interaction, leader: str, title: str = "caesar"
    ) -> None:
        await run_imperator(interaction, "designate", {"leader": leader, "title": title})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorAdministrationCog(bot))
