"""Imperator, phase C (geostrategy): Reserve Fronts and vexillations; war declarations are
drawn by the engine and announced with the phase.

``/reserve fronts:"orient, danube"`` chooses Rome's Reserve Fronts (§3.2);
``/vexillation action:create units:"a, b, c"`` or ``action:dissolve vexillation:<id>`` (§3.4).
The engine checks every rule and answers a command used in another phase with the phase it
belongs to.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import localise, reader_language
from cogs import imperator_names as names
from cogs.common import run_command
from cogs.imperator_operations import (
    _complete,
    label,
    language,
    resolve_list,
    role_of,
    run_imperator,
    unit_pairs,
)
from cogs.play import split_list, split_names
from rules.core.i18n import plain
from rules.imperator.model import FRONT_NAMES, FRONTS


def _front_choices(
    game: Any, seat: str, ns: Any, current: str, reader: str = "en"
) -> list[app_commands.Choice[str]]:
    fronts = [(f, localise(FRONT_NAMES[f], reader)) for f in FRONTS]
    return names.list_choices(fronts, current, language(game))


def front_id(typed: str) -> str:
    """The Front a player typed: its id, or its name in English or French (``Danube Front``,
    ``Front du Danube``, the name a typed ``/game status`` line shows); else the words typed,
    which the engine refuses naming §3.2."""
    folded = typed.strip().lower()
    for fid in FRONTS:
        known = {fid, plain(FRONT_NAMES[fid]).lower(), localise(FRONT_NAMES[fid], "fr").lower()}
        if folded in known:
            return fid
    return folded.removesuffix(" front")


async def fronts_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    reader = reader_language(interaction)
    return await _complete(interaction, current, partial(_front_choices, reader=reader))


def _legion_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """Full-strength legions of the Roman player on the map (grouped by Front in the label)."""
    st = game.state
    role = role_of(game, seat)
    ids = [
        u
        for u, us in sorted(st.units.items())
        if us.status == "map"
        and us.owner == role
        and st.udef(u).kind == "legion"
        and not us.reduced
    ]
    if getattr(ns, "action", None) == "dissolve":
        ids = [
            u
            for u, us in sorted(st.units.items())
            if us.status == "map"
            and us.owner == role
            and st.udef(u).kind == "legion"
            and us.reduced
        ]
    items = [
        (u, f"{label(st, u)} ({st.udef(u).front}, {label(st, st.units[u].loc or '')})") for u in ids
    ]
    return names.list_choices(items, current, language(game))


async def legions_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _legion_choices)


def _vex_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    ids = [
        u
        for u, us in sorted(st.units.items())
        if st.udef(u).kind == "vexillation"
        and us.status == "map"
        and us.owner == role_of(game, seat)
    ]
    return names.choices([(u, label(st, u)) for u in ids], current, language(game))


async def vexillation_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _vex_choices)


def _vex_zone_choices(
    game: Any, seat: str, ns: Any, current: str
) -> list[app_commands.Choice[str]]:
    st = game.state
    typed = resolve_list(getattr(ns, "units", None) or "", unit_pairs(st)) or []
    units = [u for u in typed if u in st.units]
    zones = sorted({st.units[u].loc for u in units if st.units[u].loc})
    return names.choices([(z, label(st, z)) for z in zones], current, language(game))


async def vex_zone_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _vex_zone_choices)


class ImperatorGeostrategyCog(commands.Cog):
    """Phase C: Rome's Reserve Fronts and vexillations."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="reserve", description="Imperator, phase C: choose Rome's Reserve Fronts"
    )
    @app_commands.describe(fronts="Fronts, comma-separated (empty: none)")
    @app_commands.autocomplete(fronts=fronts_autocomplete)
    async def reserve(self, interaction: discord.Interaction, fronts: str | None = None) -> None:
        chosen = [front_id(f) for f in split_list(fronts or "")]
        await run_command(interaction, "reserve", {"fronts": chosen})

    @app_commands.command(
        name="vexillation", description="Imperator, phase C: create or dissolve a vexillation"
    )
    @app_commands.describe(
        action="create (three legions of one Front) or dissolve",
        units="The legions, comma-separated",
        vexillation="The vexillation to dissolve",
        zone="Where the new vexillation stands (with one of the legions)",
    )
    @app_commands.choices(
        action=[
            app_commands.Choice(name="create", value="create"),
            app_commands.Choice(name="dissolve", value="dissolve"),
        ]
    )
    @app_commands.autocomplete(
        units=legions_autocomplete,
        vexillation=vexillation_autocomplete,
        zone=vex_zone_autocomplete,
    )
    async def vexillation(
        self,
        interaction: discord.Interaction,
        action: str,
        units: str | None = None,
        vexillation: str | None = None,
        zone: str | None = None,
    ) -> None:
        args: dict[str, Any] = {"action": action}
        if units:
            args["units"] = split_names(units)
        if vexillation:
            args["vexillation"] = vexillation
        if zone:
            args["zone"] = zone
        await run_imperator(interaction, "vexillation", args)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorGeostrategyCog(bot))
