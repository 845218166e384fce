"""Imperator, phase A and any time a chit may be played: stratagems and usurpations.

``/stratagem chit:<one in your hand> leader:/peoples:/zone:/unit:`` plays a chit, by either
seat whenever the engine allows it (phase E chits also during the other side's SMC);
``/usurp leader:<...>`` raises a usurper (§6.2); ``/assassinate`` is Didius Julianus' yearly
attempt; ``/stratagems`` shows your own hand, only to you, with a persistent "My stratagems"
button. Battle chits are offered through the Respond button before each battle roll. Drawing, holding, playing and returning chits are announced by the
engine's public lines, which never name a chit still in a hand; what a hand holds reaches its
owner only through ephemeral messages.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number
from bot.i18n import localise, reader_language
from bot.moderator import ModeratorError, seats_of
from cogs import imperator_names as names
from cogs.common import DYNAMIC_ITEMS, announce, game_row, praetor, refuse, user_key
from cogs.imperator_operations import imperator_game, label, language, resolve_args
from cogs.play import split_names
from rules.core import Command, RuleError
from rules.core.i18n import Text, _, _n


def hand(game: Any, seat: str) -> list[dict[str, Any]]:
    """The chits in ``seat``'s hand, from that seat's own view (never from the public one)."""
    view = game.seat_view(seat)
    raw = view.get("hand") or view.get("my_stratagems") or []
    return [
        item if isinstance(item, dict) else {"id": str(item), "name": str(item)} for item in raw
    ]


def hand_lines(game: Any, seat: str) -> list[Text]:
    """A seat's chits, one line each, marked for translation (shown to that seat only)."""
    chits = hand(game, seat)
    if not chits:
        return [_("Your hand ({seat}) is empty.", seat=seat)]
    lines = [_n("Your hand ({seat}), {n} chit:", "Your hand ({seat}), {n} chits:", len(chits),
                seat=seat)]
    for chit in chits:
        name = chit.get("name")
        usable = chit.get("usable", True)
        if chit.get("phase"):
            line = (
                _("• {chit}, phase {phase}", chit=name, phase=chit["phase"]) if usable
                else _("• {chit}, phase {phase} (not for your side)", chit=name, phase=chit["phase"])
            )
        else:
            line = (
                _("• {chit}", chit=name) if usable
                else _("• {chit} (not for your side)", chit=name)
            )
        lines.append(line)
    return lines


def _playable(game: Any, seat: str) -> list[tuple[str, str]]:
    """Chit types the engine lets ``seat`` play now (from ``Game.actions``)."""
    found: list[tuple[str, str]] = []
    for action in game.actions(seat):
        if action.name not in ("stratagem", "play"):
            continue
        for arg in action.args:
            if arg.name in ("id", "chit", "stratagem") and arg.choices:
                found.extend((c.value, c.label) for c in arg.choices)
    return found


def _chit_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    return names.choices(_playable(game, seat), current, language(game))


async def _any_seat(
    interaction: discord.Interaction, current: str, make: Any
) -> list[app_commands.Choice[str]]:
    """Menus for chits, which either seat may play in phase E, not only the seat to move."""
    try:
        row, game = await imperator_game(interaction)
    except ModeratorError:
        return []
    found: list[app_commands.Choice[str]] = []
    for seat in seats_of(row, user_key(interaction)):
        try:
            found.extend(make(game, seat, interaction.namespace, current))
        except (KeyError, ValueError, AttributeError):  # a half-typed option: no menu
            continue
    return found  # capped at 25 with a "N more" hint by the bot's autocomplete guard


async def chit_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _any_seat(interaction, current, _chit_choices)


def _leader_target_choices(
    game: Any, seat: str, ns: Any, current: str, reader: str = "en"
) -> list[app_commands.Choice[str]]:
    st = game.state
    ids = [x for x, ls in sorted(st.leaders.items()) if ls.status == "map"]
    rome, enemies = localise(_("(Rome)"), reader), localise(_("(EoR)"), reader)
    side = {x: " " + (rome if st.leaders[x].owner == "R" else enemies) for x in ids}
    return names.choices([(x, label(st, x)) for x in ids], current, language(game), side)


async def leader_target_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    reader = reader_language(interaction)
    return await _any_seat(interaction, current, partial(_leader_target_choices, reader=reader))


def _custodes_choices(
    game: Any, seat: str, ns: Any, current: str
) -> list[app_commands.Choice[str]]:
    from rules.imperator import engine

    st = game.state
    if st.role_of(seat) != "R":
        return []
    ids = engine.custodes_holders(st)
    return names.choices([(x, label(st, x)) for x in ids], current, language(game))


async def custodes_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _any_seat(interaction, current, _custodes_choices)


def _people_choices(
    game: Any, seat: str, ns: Any, current: str, reader: str = "en"
) -> list[app_commands.Choice[str]]:
    st = game.state
    items = [
        (p, d.name + (" " + localise(_("(at war)"), reader) if p in st.at_war else ""))
        for p, d in sorted(st.board.peoples.items())
    ]
    return names.list_choices(items, current, language(game))


async def people_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    reader = reader_language(interaction)
    return await _any_seat(interaction, current, partial(_people_choices, reader=reader))


def _zone_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    return names.choices([(z, d.name) for z, d in sorted(st.board.zones.items())], current)


async def zone_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _any_seat(interaction, current, _zone_choices)


def _unit_target_choices(
    game: Any, seat: str, ns: Any, current: str
) -> list[app_commands.Choice[str]]:
    st = game.state
    ids = [u for u, us in sorted(st.units.items()) if us.status == "map"]
    return names.choices([(u, label(st, u)) for u in ids], current, language(game))


async def unit_target_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _any_seat(interaction, current, _unit_target_choices)


def _usurper_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    from rules.imperator import stratagems

    st = game.state
    held = {c.get("type") for c in hand(game, seat)}
    ids: set[str] = set()
    for tid in ("usurpation", "usurpation_d_un_caesar", "usurpation_d_un_augustus"):
        if tid in held:
            ids.update(stratagems.usurpation_targets(st, tid))
    return names.choices([(x, label(st, x)) for x in sorted(ids)], current, language(game))


async def usurper_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _any_seat(interaction, current, _usurper_choices)


async def play_as_holder(interaction: discord.Interaction, verb: str, args: dict[str, Any]) -> None:
    """Act for the caller's own seat even outside their SMC (the engine says when a chit may
    be played; the Moderator alone would only let the seat to move act)."""
    bot = praetor(interaction)
    try:
        row, game = await imperator_game(interaction)
        mine = seats_of(row, user_key(interaction))
        if not mine:
            raise ModeratorError(_("You hold no seat in this game; spectators can /game follow."))
        seat = next((s for s in game.to_move() if s in mine), mine[0])
        args = resolve_args(game, args)
        result = await bot.moderator.act_in(
            row.id or 0, user_key(interaction), Command(verb, args), seat=seat
        )
    except (ModeratorError, RuleError) as error:
        await refuse(interaction, str(error))
        return
    await announce(bot, result, interaction)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"imp:hand:(?P<game>\d+)",
):
    """A persistent "My stratagems" button: each seat sees its own chits, ephemerally."""

    def __init__(self, game_id: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("My stratagems"), language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"imp:hand:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(component_number(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await game_row(bot, self.game_id, "imperator")
            mine = seats_of(row, user_key(interaction))
            if not mine:
                raise ModeratorError(_("You hold no seat in this game: spectators see no hand."))
            if row.status != "active":
                raise ModeratorError(_("This game is over; its hands are in /chronicle."))
            game = await bot.moderator.load(row)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        reader = reader_language(interaction)
        lines = [localise(line, reader) for seat in mine for line in hand_lines(game, seat)]
        await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)


if HandButton not in DYNAMIC_ITEMS:
    DYNAMIC_ITEMS.append(HandButton)


class ImperatorStratagemsCog(commands.Cog):
    """Stratagem chits and usurpations."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="stratagem", description="Imperator: play a stratagem chit from your hand"
    )
    @app_commands.describe(
        chit="A chit in your hand that may be played now",
        leader="Its target leader, if it needs one",
        peoples="Its Peoples, comma-separated, if it needs them",
        zone="Its zone, if it needs one",
        unit="Its unit, if it needs one",
        nationality="Its nationality, if it needs one",
    )
    @app_commands.autocomplete(
        chit=chit_autocomplete,
        leader=leader_target_autocomplete,
        peoples=people_autocomplete,
        zone=zone_autocomplete,
        unit=unit_target_autocomplete,
    )
    async def stratagem(
        self,
        interaction: discord.Interaction,
        chit: str,
        leader: str | None = None,
        peoples: str | None = None,
        zone: str | None = None,
        unit: str | None = None,
        nationality: str | None = None,
    ) -> None:
        args: dict[str, Any] = {"id": chit}
        for key, value in (("leader", leader), ("zone", zone), ("unit", unit)):
            if value:
                args[key] = value
        if nationality:
            args["nationality"] = nationality.lower()
        if peoples:
            args["peoples"] = split_names(peoples)
        await play_as_holder(interaction, "stratagem", args)

    @app_commands.command(name="usurp", description="Imperator: raise a usurper with a chit (§6.2)")
    @app_commands.describe(leader="The general who claims the purple")
    @app_commands.autocomplete(leader=usurper_autocomplete)
    async def usurp(self, interaction: discord.Interaction, leader: str) -> None:
        await play_as_holder(interaction, "usurp", {"leader": leader})

    @app_commands.command(
        name="assassinate", description="Imperator: Didius Julianus' yearly attempt (§4.5)"
    )
    @app_commands.describe(leader="The target")
    @app_commands.autocomplete(leader=leader_target_autocomplete)
    async def assassinate(self, interaction: discord.Interaction, leader: str) -> None:
        await play_as_holder(interaction, "assassinate", {"leader": leader})

    @app_commands.command(
        name="custodes", description="Imperator: who holds the Corporis Custodes from phase F (§3.6)"
    )
    @app_commands.describe(leader="The Augustus or Caesar")
    @app_commands.autocomplete(leader=custodes_autocomplete)
    async def custodes(self, interaction: discord.Interaction, leader: str) -> None:
        await play_as_holder(interaction, "custodes", {"leader": leader})

    @app_commands.command(
        name="stratagems", description="Imperator: your stratagem chits (only you see them)"
    )
    async def stratagems(self, interaction: discord.Interaction) -> None:
        try:
            row, game = await imperator_game(interaction)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        mine = seats_of(row, user_key(interaction))
        if not mine:
            await refuse(interaction, _("You hold no seat in this game: spectators see no hand."))
            return
        reader = reader_language(interaction)
        lines = [localise(line, reader) for seat in mine for line in hand_lines(game, seat)]
        view = discord.ui.View(timeout=None)
        view.add_item(HandButton(row.id or 0, reader))
        await interaction.response.send_message("\n".join(lines)[:2000], view=view, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorStratagemsCog(bot))
