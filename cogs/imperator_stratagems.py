"""Imperator, phase A and any time a chit may be played: stratagems and usurpations.

``/stratagem chit:<one in your hand> target:<...>`` plays a chit; ``/usurp leader:<...>``
raises a usurper (§6.2); ``/stratagems`` shows your own hand, only to you, with a persistent
"My stratagems" button. Drawing, holding, playing and returning chits are announced by the
engine's public lines, which never name a chit still in a hand; what a hand holds reaches its
owner only through ephemeral messages.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import ModeratorError, seats_of
from cogs import imperator_names as names
from cogs.common import MineButton, refuse, run_command, user_key
from cogs.imperator_operations import (
    _complete,
    acting_seat,
    imperator_game,
    label,
    language,
    run_imperator,
)


def hand(game: Any, seat: str) -> list[tuple[str, str]]:
    """``(id, label)`` of the chits in ``seat``'s hand, from that seat's own view."""
    view = game.seat_view(seat)
    raw = view.get("my_stratagems") or view.get("my_hand") or []
    out: list[tuple[str, str]] = []
    for item in raw:
        if isinstance(item, dict):
            ident = str(item.get("id") or item.get("key") or "")
            out.append((ident, str(item.get("name") or item.get("label") or ident)))
        else:
            out.append((str(item), str(item)))
    return out


def _chit_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """Chits in the hand that the engine offers now (else the whole hand)."""
    playable: list[tuple[str, str]] = []
    for action in game.actions(seat):
        if action.name not in ("stratagem", "play"):
            continue
        for arg in action.args:
            if arg.name in ("chit", "stratagem", "card") and arg.choices:
                playable.extend((c.value, c.label) for c in arg.choices)
    return names.choices(playable or hand(game, seat), current, language(game))


async def chit_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _chit_choices)


def _target_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    for action in game.actions(seat):
        if action.name not in ("stratagem", "play"):
            continue
        for arg in action.args:
            if arg.name == "target" and arg.choices:
                items = [(c.value, c.label) for c in arg.choices]
                return names.choices(items, current, language(game))
    st = game.state
    items = [(z, d.name) for z, d in sorted(st.board.zones.items())]
    items += [(x, label(st, x)) for x, ls in sorted(st.leaders.items()) if ls.status == "map"]
    return names.choices(items, current, language(game))


async def target_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _target_choices)


def _usurper_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    try:
        from rules.imperator import politics

        ids = politics.usurper_candidates(st, need_no_augustus=False)
    except Exception:
        ids = [x for x, ls in sorted(st.leaders.items()) if ls.status == "map" and ls.owner == "R"]
    return names.choices([(x, label(st, x)) for x in ids], current, language(game))


async def usurper_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _usurper_choices)


class ImperatorStratagemsCog(commands.Cog):
    """Stratagem chits and usurpations."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="stratagem", description="Imperator: play a stratagem chit from your hand"
    )
    @app_commands.describe(chit="A chit in your hand", target="Its target, if it needs one")
    @app_commands.autocomplete(chit=chit_autocomplete, target=target_autocomplete)
    async def stratagem(
        self, interaction: discord.Interaction, chit: str, target: str | None = None
    ) -> None:
        args: dict[str, Any] = {"chit": chit}
        if target:
            args["target"] = target
        await run_command(interaction, "stratagem", args)

    @app_commands.command(name="usurp", description="Imperator: raise a usurper (§6.2)")
    @app_commands.describe(leader="The leader who claims the purple")
    @app_commands.autocomplete(leader=usurper_autocomplete)
    async def usurp(self, interaction: discord.Interaction, leader: str) -> None:
        await run_imperator(interaction, "usurp", {"leader": leader})

    @app_commands.command(
        name="stratagems", description="Imperator: your stratagem chits (only you see them)"
    )
    async def stratagems(self, interaction: discord.Interaction) -> None:
        try:
            row, game = await imperator_game(interaction)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        if not seats_of(row, user_key(interaction)):
            await refuse(interaction, "You hold no seat in this game: spectators see no hand.")
            return
        seat = acting_seat(row, game, user_key(interaction)) or ""
        chits = hand(game, seat)
        text = (
            f"Your hand ({seat}): " + ", ".join(lbl for _i, lbl in chits)
            if chits
            else f"Your hand ({seat}) is empty."
        )
        view = discord.ui.View(timeout=None)
        view.add_item(MineButton(row.id or 0, "My stratagems"))
        await interaction.response.send_message(text[:2000], view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorStratagemsCog(bot))
