"""``/game``: create, join, start, follow, undo, concede, abandon, status, list, log."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import ModeratorError, seats_of
from bot.present import log_text, mention, outcome_lines, result_line, timestamp
from bot.publisher import ImageFile
from cogs.common import (
    AFTER_START,
    DYNAMIC_ITEMS,
    REFUSAL,
    MineButton,
    RespondButton,
    channel_key,
    guild_key,
    is_admin,
    praetor,
    refuse,
    render_image,
    reply,
    run_hook,
    show_mine,
    update_status_message,
    user_key,
)
from rules.core import RuleError
from rules.core.registry import games


def _parse_options(text: str | None) -> dict[str, str]:
    """``name=value, name=value`` into a dict."""
    options: dict[str, str] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep:
            raise ModeratorError(f"Options are written name=value (got {part!r}).")
        options[name.strip()] = value.strip()
    return options


class LobbyCog(commands.Cog):
    game = app_commands.Group(name="game", description="Start, join and manage the game here")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- autocomplete ---------------------------------------------------------------------
    async def kind_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=cls.TITLE[:100], value=kind)
            for kind, cls in sorted(games().items())
            if current.lower() in kind or current.lower() in cls.TITLE.lower()
        ][:25]

    async def scenario_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        kind = getattr(interaction.namespace, "game", None)
        cls = games().get(kind or "")
        if cls is None:
            return []
        return [
            app_commands.Choice(name=info.title[:100], value=info.id)
            for info in cls.scenarios()
            if current.lower() in info.id.lower() or current.lower() in info.title.lower()
        ][:25]

    # -- commands -------------------------------------------------------------------------
    @game.command(name="new", description="Open a game in this channel")
    @app_commands.describe(
        game="Which game",
        scenario="Scenario or variant",
        options="name=value, ... (optional)",
        thread="Open the game in a new thread of this channel (keeps the channel readable)",
    )
    @app_commands.autocomplete(game=kind_autocomplete, scenario=scenario_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        scenario: str,
        options: str | None = None,
        thread: bool = False,
    ) -> None:
        moderator = praetor(interaction).moderator
        channel = getattr(interaction, "channel", None)
        try:
            parsed = _parse_options(options)
            if not thread:
                row = await moderator.create(
                    guild_key(interaction),
                    channel_key(interaction),
                    user_key(interaction),
                    game,
                    scenario,
                    parsed,
                )
            else:
                moderator.check_new(game, scenario, parsed)
                if not hasattr(channel, "create_thread"):
                    raise ModeratorError(
                        "Threads can be opened only in a server's text channel (not here)."
                    )
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        if thread:
            await interaction.response.defer()  # creating a thread is a call to Discord
            title = f"{game} {scenario}"[:90]
            created: Any = await channel.create_thread(  # type: ignore[union-attr]
                name=title, type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
            try:
                row = await moderator.create(
                    guild_key(interaction),
                    str(created.id),
                    user_key(interaction),
                    game,
                    scenario,
                    parsed,
                )
            except (ModeratorError, RuleError) as error:
                await interaction.followup.send(REFUSAL + str(error))
                return
            await interaction.followup.send(
                f"New game #{row.id}: {game} ({row.scenario}) in {created.mention}. "
                "Join it there with /game join."
            )
            await praetor(interaction).publisher.send(
                str(created.id),
                f"Game #{row.id}: {game} ({row.scenario}). Seats: {', '.join(row.seats)}. "
                "Take one with /game join, then /game start.",
            )
            return
        seats = ", ".join(row.seats)
        await interaction.response.send_message(
            f"New game #{row.id}: {game} ({row.scenario}). Seats: {seats}. "
            "Take one with /game join, then /game start."
        )

    @game.command(name="join", description="Take a seat in the game here")
    @app_commands.describe(seat="Which seat (optional: the first free one)")
    async def join(self, interaction: discord.Interaction, seat: str | None = None) -> None:
        try:
            row, taken = await praetor(interaction).moderator.join(
                channel_key(interaction), user_key(interaction), seat
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        free = [s for s, u in row.seats.items() if u is None]
        more = f" Free seats: {', '.join(free)}." if free else " Every seat is taken: /game start."
        await interaction.response.send_message(
            f"{mention(user_key(interaction))} takes {taken}.{more}"
        )

    @game.command(name="leave", description="Leave your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            await praetor(interaction).moderator.leave(
                channel_key(interaction), user_key(interaction)
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            f"{mention(user_key(interaction))} leaves the table."
        )

    @game.command(name="replace", description="Hand a seat to another person")
    @app_commands.describe(seat="The seat", user="Who takes it over")
    async def replace(
        self, interaction: discord.Interaction, seat: str, user: discord.User
    ) -> None:
        try:
            await praetor(interaction).moderator.replace(
                channel_key(interaction),
                user_key(interaction),
                seat,
                str(user.id),
                is_admin(interaction),
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(f"{seat} is now played by {mention(str(user.id))}.")

    @game.command(name="start", description="Start the game once every seat is taken")
    async def start(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row, game = await bot.moderator.start(channel_key(interaction), user_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(MineButton(row.id or 0))
        lines = [
            f"Game #{row.id} begins: {row.kind} ({row.scenario}).",
            "Seats: " + ", ".join(f"{s} {mention(u)}" for s, u in row.seats.items()),
            f"Dice seed hash: `{row.seed_hash}` (the seed is revealed when the game ends).",
        ]
        if game.opening is not None:  # what the set-up did before anyone acted
            lines.extend(outcome_lines(game.opening))
            lines.extend(
                f"{seat} ({mention(row.seats.get(seat))}) has private information: /game mine."
                for seat in game.opening.private
            )
        lines.extend(game.status_lines())
        pending = game.pending_decision()
        if pending is not None:  # the opening steps may already wait on a player
            deadline = await bot.moderator.pending_deadline(row.id or 0, pending.id)
            when = f" before {timestamp(deadline)}" if deadline else ""
            lines.append(
                f"{mention(row.seats.get(pending.seat))}, you may respond{when}. "
                "If you do not, the default applies."
            )
            view.add_item(RespondButton(row.id or 0, row.seq))
        await interaction.response.send_message("\n".join(lines), view=view)
        image = await render_image(row.kind, game.public_view())
        if image is not None:
            await bot.publisher.send(row.channel_id, None, image=image)
        await update_status_message(bot, row)
        await run_hook(AFTER_START.get(row.kind), bot, row)

    @game.command(name="status", description="Whose move it is and what they can do")
    async def status(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await bot.moderator.require_game(channel_key(interaction))
        except ModeratorError as error:
            ended = await bot.moderator.latest_game(channel_key(interaction))
            if ended is None:
                await refuse(interaction, str(error))
                return
            row = ended  # after the end: the result, and where to look
        if row.status == "lobby":
            seats = ", ".join(f"{s}: {mention(u) if u else 'free'}" for s, u in row.seats.items())
            await reply(
                interaction,
                f"Game #{row.id} ({row.kind}, {row.scenario}) is in the lobby. {seats}",
                ephemeral=True,
            )
            return
        game = await bot.moderator.load(row)
        lines = [
            f"Game #{row.id}: {row.kind} ({row.scenario}), move {row.seq}.",
            *game.status_lines(),
        ]
        pending = game.pending_decision()
        if pending is not None:
            deadline = await bot.moderator.pending_deadline(row.id or 0, pending.id)
            when = f" (default {timestamp(deadline)})" if deadline else ""
            lines.append(
                f"Waiting for {pending.seat} {mention(row.seats.get(pending.seat))} to respond{when}."
            )
        if row.status != "active":
            lines.append(result_line(row))
            lines.append(
                "The game is over: /game log shows every move (and the seed), /map the final "
                "position."
            )
        suggest = getattr(game, "suggestions", None)
        for seat in seats_of(row, user_key(interaction)) if row.status == "active" else []:
            ready = suggest(seat) if callable(suggest) and row.status == "active" else []
            if ready:
                lines.append(f"You ({seat}) may now type, for example:")
                lines.extend(f"  {line}" for line in ready)
                continue
            actions = game.actions(seat)
            if actions:
                verbs = [
                    "the Respond button" if a.name == "decide" else f"/{a.name}" for a in actions
                ]
                lines.append(f"You ({seat}) may use: " + ", ".join(dict.fromkeys(verbs)))
        await reply(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @game.command(name="mine", description="Your secrets in the game here (only you see them)")
    async def mine(self, interaction: discord.Interaction) -> None:
        row = await praetor(interaction).moderator.channel_game(channel_key(interaction))
        if row is None:
            await refuse(interaction, "There is no game in this channel.")
            return
        await show_mine(interaction, row.id or 0)

    @game.command(name="list", description="Open games on this server, and those waiting on you")
    async def list_games(self, interaction: discord.Interaction) -> None:
        listed = await praetor(interaction).moderator.list_games(
            guild_key(interaction), user_key(interaction)
        )
        if not listed:
            await reply(interaction, "No open games on this server.", ephemeral=True)
            return
        lines = [
            f"#{row.id} {row.kind} ({row.scenario}) in <#{row.channel_id}>: {row.status}"
            + (" — waiting on you" if waiting else "")
            for row, waiting in listed
        ]
        await reply(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @game.command(name="log", description="Export the game log (your view until the game ends)")
    async def log(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        row = await bot.moderator.latest_game(channel_key(interaction))
        if row is None:
            await refuse(interaction, "There is no game in this channel.")
            return
        data = await bot.moderator.export_log(row.id or 0, user_key(interaction))
        as_json = json.dumps(data, indent=2, ensure_ascii=False)
        scope = "everything, with the seed" if data["seed"] else "what you may see so far"
        await interaction.response.send_message(
            f"Log of game #{row.id}: {len(data['events'])} events ({scope}).",
            file=ImageFile(f"game-{row.id}-log.json", as_json.encode()).to_discord(),
            ephemeral=True,
        )
        await interaction.followup.send(
            file=ImageFile(f"game-{row.id}-log.txt", log_text(data).encode()).to_discord(),
            ephemeral=True,
        )

    @game.command(name="follow", description="Follow the game here as a spectator")
    @app_commands.describe(mentions="Be mentioned on big events (default: no)")
    async def follow(self, interaction: discord.Interaction, mentions: bool = False) -> None:
        try:
            row = await praetor(interaction).moderator.follow(
                channel_key(interaction), user_key(interaction), mentions
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await reply(
            interaction,
            f"You follow game #{row.id}" + (" with mentions." if mentions else "."),
            ephemeral=True,
        )

    @game.command(name="unfollow", description="Stop following the game here")
    async def unfollow(self, interaction: discord.Interaction) -> None:
        try:
            found = await praetor(interaction).moderator.unfollow(
                channel_key(interaction), user_key(interaction)
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await reply(
            interaction,
            "You no longer follow this game." if found else "You were not following it.",
            ephemeral=True,
        )

    @game.command(
        name="undo", description="Ask to take back the last action (the others must agree)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            what = await last_action(bot, channel_key(interaction))
            result = await bot.moderator.request_undo(
                channel_key(interaction), user_key(interaction)
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        if result.done:
            await interaction.response.send_message(
                f"Undo agreed by everyone: {what} is taken back (event {result.undone_seq})."
            )
        else:
            waiting = ", ".join(mention(u) for u in result.waiting_for)
            await interaction.response.send_message(
                f"{mention(user_key(interaction))} asks to undo {what}. {waiting}: "
                "agree with /game undo."
            )

    @game.command(name="concede", description="Concede the game (asks for a confirmation)")
    async def concede(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await bot.moderator.require_game(channel_key(interaction))
            if row.status != "active" or not seats_of(row, user_key(interaction)):
                raise ModeratorError("Only a seated player of a game under way may concede.")
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(row.id or 0, row.seq))
        await interaction.response.send_message(
            "Concede the game? The other side wins at once and this cannot be undone. "
            "Press Concede to confirm; ignore this message to keep playing.",
            view=view,
            ephemeral=True,
        )

    @game.command(
        name="abandon", description="Abandon the game (every seat agrees, or Manage Channels)"
    )
    async def abandon(self, interaction: discord.Interaction) -> None:
        try:
            done, waiting = await praetor(interaction).moderator.abandon(
                channel_key(interaction), user_key(interaction), is_admin(interaction)
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        if done:
            await interaction.response.send_message("The game here is abandoned.")
        else:
            await interaction.response.send_message(
                f"{mention(user_key(interaction))} wants to abandon the game. "
                + ", ".join(mention(u) for u in waiting)
                + ": agree with /game abandon."
            )


async def last_action(bot: Any, channel: str) -> str:
    """The action an undo would take back, in words: who sent which command and what it did."""
    row = await bot.moderator.require_game(channel)
    active = bot.moderator.active_events(await bot.moderator.events(row.id or 0))
    if not active:
        return "the last action"
    last = active[-1]
    command = last.command
    def typed_value(value: Any) -> str:
        text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        return f'"{text}"' if " " in text else text

    args = " ".join(f"{k}:{typed_value(v)}" for k, v in (command.get("args") or {}).items())
    typed = f"/{command['name']} {args}".strip()
    said = (last.outcome.get("public") or [""])[0]
    text = f"{last.seat or 'the bot'}'s {typed}"
    return f"{text} ({said})" if said else text


class ConcedeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:concede:(?P<game>\d+):(?P<seq>\d+)",
):
    """The confirmation of /game concede, shown only to the player who asked."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Concede",
                style=discord.ButtonStyle.danger,
                custom_id=f"praetor:concede:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> ConcedeButton:
        return cls(int(match["game"]), int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await bot.moderator.get(self.game_id)
            if row.status != "active":
                raise ModeratorError("This button is out of date: the game is over.")
            row = await bot.moderator.concede(row.channel_id, user_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await interaction.response.send_message(
            result_line(row) + f"\nDice check: the seed was `{row.secret_seed}`."
        )


if ConcedeButton not in DYNAMIC_ITEMS:
    DYNAMIC_ITEMS.append(ConcedeButton)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LobbyCog(bot))
