"""The verbs several games share (``/play``, ``/move``, ``/attack``, ``/end``), routed to the
game of the channel. Verbs of one game alone live in that game's cogs.

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
from cogs.common import (
    channel_key,
    legal_choices,
    praetor,
    run_command,
    typed_options,
    user_key,
)

Completer = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]

GameCompleter = Callable[[Any, str, Any, str], list[app_commands.Choice[str]]]
"""``(game, seat, namespace, current) -> choices``: a game's own menu for one option, for
choices that depend on the options already filled in (the units of the chosen leader, the zones
they can reach). Registered by the game's cog with :func:`register_completer`."""

COMPLETERS: dict[tuple[str, str, str], GameCompleter] = {}


def register_completer(kind: str, verb: str, option: str, completer: GameCompleter) -> None:
    COMPLETERS[(kind, verb, option)] = completer


ArgResolver = Callable[[Any, dict[str, Any]], dict[str, Any]]
"""``(game, args) -> args``: a game's translation of names typed by hand (``Marcus Aurelius``)
into the ids its commands take. Registered with :func:`register_resolver`."""

RESOLVERS: dict[tuple[str, str], ArgResolver] = {}


def register_resolver(kind: str, verb: str, resolver: ArgResolver) -> None:
    RESOLVERS[(kind, verb)] = resolver


async def resolve_args(
    interaction: discord.Interaction[Any], verb: str, args: dict[str, Any]
) -> dict[str, Any]:
    """Apply the channel's game's resolver for ``verb``, if it registered one."""
    if not RESOLVERS:
        return args
    try:
        row, game = await praetor(interaction).moderator.game_for(channel_key(interaction))
    except ModeratorError:
        return args
    resolver = RESOLVERS.get((row.kind, verb))
    return resolver(game, args) if resolver is not None else args


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
        found: list[app_commands.Choice[str]] = []
        custom = COMPLETERS.get((row.kind, verb, option))
        if custom is not None:
            for seat in seats_of(row, user_key(interaction)):
                found.extend(custom(game, seat, interaction.namespace, current))
            return found  # the one guard caps them at 25, saying how many more
        return legal_choices(game, seats_of(row, user_key(interaction)), verb, option,
                             typed_options(interaction.namespace), current)

    return callback


def split_list(text: str) -> list[str]:
    """``"a, b c"`` -> ``["a", "b", "c"]``: lists typed into one option."""
    return [part for part in text.replace(",", " ").split() if part]


def split_names(text: str) -> list[str]:
    """A list of names typed into one option, names with spaces included: with a comma the
    parts are the comma-separated names (``"IV Scythica, XII Fulminata"`` -> ``["IV
    Scythica", "XII Fulminata"]``), without one the words (``"iv_scythica xii_fulminata"``).
    A game's resolver then joins words that make one name (``"IV Scythica"`` alone is one
    unit: ``cogs.imperator_names.resolve_many``)."""
    if "," in text:
        return [" ".join(part.split()) for part in text.split(",") if part.strip()]
    return text.split()


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

    @app_commands.command(name="move", description="Move: a leader and units, a unit, a Barbarian")
    @app_commands.describe(
        leader="The leader who moves (with units)",
        units="Units moving with the leader, comma-separated",
        unit="A unit moving alone",
        card="The card spent to move (card games)",
        from_="Where from (card games)",
        to="Destination",
        path="The zones passed through, comma-separated",
    )
    @app_commands.rename(from_="from")
    @app_commands.autocomplete(
        leader=complete("move", "leader"),
        units=complete("move", "units"),
        unit=complete("move", "unit"),
        card=complete("move", "card"),
        from_=complete("move", "from"),
        to=complete("move", "to"),
        path=complete("move", "path"),
    )
    async def move(
        self,
        interaction: discord.Interaction,
        leader: str | None = None,
        units: str | None = None,
        unit: str | None = None,
        card: str | None = None,
        from_: str | None = None,
        to: str | None = None,
        path: str | None = None,
    ) -> None:
        args = _args(leader=leader, unit=unit, card=card, to=to)
        if from_ is not None:
            args["from"] = from_
        if units is not None:
            args["units"] = split_names(units)
        if path is not None:
            args["path"] = split_names(path)
        await run_command(interaction, "move", await resolve_args(interaction, "move", args))

    @app_commands.command(name="attack", description="Attack (or roll for it)")
    @app_commands.describe(zone="Where to attack")
    @app_commands.autocomplete(zone=complete("attack", "zone"))
    async def attack(self, interaction: discord.Interaction, zone: str | None = None) -> None:
        args = await resolve_args(interaction, "attack", _args(zone=zone))
        await run_command(interaction, "attack", args)

    @app_commands.command(name="end", description="End your move, your turn or the phase")
    async def end(self, interaction: discord.Interaction) -> None:
        await run_command(interaction, "end", {})


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog(bot))
