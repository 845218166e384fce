"""What every cog shares: refusals, announcing results, the Respond button and its choices.

Cogs translate: Discord in, Moderator call, Discord out. A refusal is always the ephemeral
initial response; accepted commands answer publicly. Buttons and selects are ``DynamicItem``s
whose custom_id carries the game id and the expected seq, so they keep working after a restart
and say so when they are out of date.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.moderator import ActResult, ModeratorError
from bot.present import act_lines, chunk, decision_ping, result_line
from bot.publisher import ImageFile
from bot.renderers import renderer_for
from rules.core import RuleError

if TYPE_CHECKING:
    from bot.client import PraetorBot
    from db.models import GameRow

log = logging.getLogger(__name__)

REFUSAL = "❌ "

AfterAnnounce = Callable[["PraetorBot", ActResult, "discord.Interaction | None"], Awaitable[None]]
AfterStart = Callable[["PraetorBot", "GameRow"], Awaitable[None]]
AFTER_ANNOUNCE: dict[str, AfterAnnounce] = {}
"""Per game kind: called at the end of ``announce`` with (bot, result, interaction or None),
whichever path the command took (a game's own verbs, the shared verbs, the Respond select, a
default applied by the scheduler). A game's cog registers it at import time, e.g. to post the
next player's controls or the final score sheet. A failing hook is logged, never raised."""
AFTER_START: dict[str, AfterStart] = {}
"""Per game kind: called by ``/game start`` once the opening messages are posted."""
TEXT_FILTER: dict[str, Callable[[Any, str], str]] = {}
"""Per game kind: ``(game, line) -> line`` applied to every public line, private line and
refusal of that game (Imperator: leaders' names in the form of the ``names`` option)."""
AFTER_MOVE_VIEW: dict[str, str] = {}
"""Per game kind: the view name of the picture posted after a move (default ``whole``);
Imperator uses ``theatre``, cropped around the last SMC's action."""


def praetor(interaction: discord.Interaction) -> PraetorBot:
    return interaction.client  # type: ignore[return-value]


def channel_key(interaction: discord.Interaction) -> str:
    return str(interaction.channel_id)


def guild_key(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id or "dm")


def user_key(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


def is_admin(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_channels)


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """Refuse a request: an ephemeral message to its sender only; nothing changed."""
    text = REFUSAL + message
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True)


async def reply(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction (initial response, or a follow-up once answered)."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def render_image(kind: str, view: dict[str, Any], name: str = "whole") -> ImageFile | None:
    """Render a public view off the event loop; None when the game has no renderer."""
    renderer = renderer_for(kind)
    if renderer is None:
        return None
    try:
        data = await asyncio.to_thread(renderer, view, name)
    except Exception:  # a broken picture must never break the game
        log.exception("render failed for %s", kind)
        return None
    return ImageFile(f"{kind}-{name.replace(':', '-')}.png", data)


async def announce(
    bot: PraetorBot, result: ActResult, interaction: discord.Interaction | None = None
) -> None:
    """Post an accepted command: public lines, dice, the Respond ping, private lines, image."""
    row = result.game
    channel = row.channel_id
    lines = act_lines(result)
    shown = TEXT_FILTER.get(row.kind)
    game_now = await bot.moderator.load(row) if shown is not None else None
    if shown is not None:
        lines = [shown(game_now, line) for line in lines]
    view: discord.ui.View | None = None
    if result.pending is not None and result.result is None:
        lines.append(decision_ping(result))
        view = respond_view(row.id or 0, result.seq)
    messages = chunk(lines) or ["Done."]
    for index, text in enumerate(messages):
        last = index == len(messages) - 1
        if interaction is not None and index == 0 and not interaction.response.is_done():
            kwargs: dict[str, Any] = {}
            if last and view is not None:
                kwargs["view"] = view
            await interaction.response.send_message(text, **kwargs)
        else:
            await bot.publisher.send(channel, text, view=view if last else None)
    private = result.outcome.private.get(result.seat, [])
    if shown is not None:
        private = [shown(game_now, line) for line in private]
    if private and interaction is not None:
        for text in chunk(["🔒 " + line for line in private]):
            await interaction.followup.send(text, ephemeral=True)
    if result.outcome.map_changed or result.result is not None:
        game = await bot.moderator.load(row)
        image = await render_image(
            row.kind, game.public_view(), AFTER_MOVE_VIEW.get(row.kind, "whole")
        )
        if image is not None:
            await bot.publisher.send(channel, None, image=image)
    if result.outcome.highlight or result.result is not None:
        await ping_followers(bot, result, messages[0])
    await update_status_message(bot, row)
    await run_hook(AFTER_ANNOUNCE.get(row.kind), bot, result, interaction)


async def run_hook(hook: Callable[..., Awaitable[None]] | None, *args: Any) -> None:
    """Call a game's registered hook; its failure is logged and never breaks the command."""
    if hook is None:
        return
    try:
        await hook(*args)
    except Exception:
        log.exception("hook %s failed", getattr(hook, "__name__", hook))


async def ping_followers(bot: PraetorBot, result: ActResult, headline: str) -> None:
    """Mention the spectators who opted in (``/game follow mentions:true``) on a big event."""
    followers = await bot.moderator.followers(result.game.id or 0)
    wanted = [f.user_id for f in followers if f.mentions]
    if wanted:
        first = headline.splitlines()[0][:300]
        mentions = " ".join(f"<@{user}>" for user in wanted)
        await bot.publisher.send(result.game.channel_id, f"📣 {mentions}: {first}")


async def update_status_message(bot: PraetorBot, row: GameRow) -> None:
    """Keep one pinned message per game with its status (year, phase, whose move...)."""
    if row.status == "lobby":
        return
    game = await bot.moderator.load(row)
    lines = [f"Game #{row.id}: {row.kind} ({row.scenario}), move {row.seq}", *game.status_lines()]
    if row.status != "active":
        lines.append(result_line(row))
    text = "\n".join(lines)[:2000]
    try:
        message_id = await bot.publisher.pin_status(row.channel_id, row.status_message_id, text)
    except Exception:  # a status message must never break the game
        log.exception("status message update failed for game %s", row.id)
        return
    if message_id != row.status_message_id:
        row.status_message_id = message_id
        await bot.moderator.set_status_message(row.id or 0, message_id)


async def run_command(interaction: discord.Interaction, name: str, args: dict[str, Any]) -> None:
    """The path of every game verb: act through the Moderator, refuse or announce."""
    from rules.core import Command

    bot = praetor(interaction)
    try:
        result = await bot.moderator.act(
            channel_key(interaction), user_key(interaction), Command(name, args)
        )
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, await shown_in_game(bot, channel_key(interaction), str(error)))
        return
    await announce(bot, result, interaction)


async def shown_in_game(bot: PraetorBot, channel: str, text: str) -> str:
    """``text`` through the ``TEXT_FILTER`` of the channel's game, if any."""
    try:
        row, game = await bot.moderator.game_for(channel)
    except ModeratorError:
        return text
    shown = TEXT_FILTER.get(row.kind)
    return shown(game, text) if shown is not None else text


# -- the Respond button and the decision select ---------------------------------------------
class RespondButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:respond:(?P<game>\d+):(?P<seq>\d+)",
):
    """One neutral button: it never names what the decision is about (that could reveal a
    hand). Only the seat that must decide gets the choices, ephemerally."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Respond",
                style=discord.ButtonStyle.primary,
                custom_id=f"praetor:respond:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RespondButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await bot.moderator.get(self.game_id)
            if row.status != "active" or row.seq != self.seq:
                raise ModeratorError("This button is out of date: that decision is settled.")
            game = await bot.moderator.load(row)
            pending = game.pending_decision()
            if pending is None:
                raise ModeratorError("This button is out of date: nothing is waiting now.")
            if row.seats.get(pending.seat) != user_key(interaction):
                raise ModeratorError("This decision is not yours to make.")
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        shown = TEXT_FILTER.get(row.kind)
        choices = [
            dataclasses.replace(c, label=shown(game, c.label)) if shown is not None else c
            for c in pending.choices
        ]
        view = discord.ui.View(timeout=None)
        view.add_item(DecisionSelect(self.game_id, self.seq, choices))
        section = f" ({pending.section})" if pending.section else ""
        default = choice_label(choices, pending.default)
        text = f"{pending.prompt}{section} Default if you do not answer: {default}."
        await interaction.response.send_message(
            shown(game, text) if shown is not None else text,
            view=view,
            ephemeral=True,
        )


def choice_label(choices: Any, value: object) -> str:
    """What a choice is called in its menu (never the internal value when a label exists)."""
    for choice in choices or ():
        if str(getattr(choice, "value", "")) == str(value):
            return str(getattr(choice, "label", value))
    return str(value)


class DecisionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:decide:(?P<game>\d+):(?P<seq>\d+)",
):
    """The choices of a pending decision, shown only to the seat that decides."""

    def __init__(self, game_id: int, seq: int, choices: Any = ()) -> None:
        options = [discord.SelectOption(label=c.label[:100], value=c.value[:100]) for c in choices][
            :25
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:decide:{game_id}:{seq}",
                placeholder="Choose",
                options=options or [discord.SelectOption(label="(reload)", value="")],
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DecisionSelect:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        data: Any = interaction.data or {}
        values = data.get("values") or []
        choice = str(values[0]) if values else ""
        try:
            row = await bot.moderator.get(self.game_id)
            game = await bot.moderator.load(row)
            pending = game.pending_decision()
            if pending is None or row.seq != self.seq:
                raise ModeratorError("This choice is out of date: the decision is settled.")
            result = await bot.moderator.decide(
                self.game_id, user_key(interaction), pending.id, choice, self.seq
            )
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        shown = choice_label(pending.choices, choice)
        await interaction.response.edit_message(content=f"You chose: {shown}.", view=None)
        await announce(bot, result)


class MineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:mine:(?P<game>\d+)",
):
    """A persistent "My secrets" button: the seat's own view, ephemerally."""

    def __init__(self, game_id: int, label: str = "My secrets") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"praetor:mine:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MineButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_mine(interaction, self.game_id)


async def show_mine(interaction: discord.Interaction, game_id: int) -> None:
    """Send the caller their seat view and latest private lines, ephemerally."""
    from bot.moderator import seats_of

    bot = praetor(interaction)
    try:
        row = await bot.moderator.get(game_id)
        seats = seats_of(row, user_key(interaction))
        if not seats:
            raise ModeratorError(
                "You hold no seat in this game, so there is nothing secret to show."
            )
        game = await bot.moderator.load(row)
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    lines: list[str] = []
    for seat in seats:
        lines.append(f"**{seat}**")
        lines.extend(game.private_lines(seat) or ["(nothing secret right now)"])
        private_lines = [
            line
            for event in (await bot.moderator.events(game_id))[-20:]
            for line in event.outcome.get("private", {}).get(seat, [])
        ]
        lines.extend("🔒 " + line for line in private_lines[-10:])
    await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)


def respond_view(game_id: int, seq: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RespondButton(game_id, seq))
    return view


DYNAMIC_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [RespondButton, DecisionSelect, MineButton]
"""Persistent components, dispatched by custom_id after a restart. A game's cog appends its own
at import time (before the bot registers them)."""
