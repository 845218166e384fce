"""``/game``: create, join, start, follow, undo, concede, abandon, status, list, log."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number
from bot.i18n import game_language, localise, reader_language, server_language
from bot.moderator import ModeratorError, seats_of, waiting_seats
from bot.outbox import Post
from bot.permissions import missing_permissions
from bot.present import log_text, mention, outcome_lines, respond_ping, result_line, timestamp
from bot.publisher import ImageFile
from cogs.common import (
    DYNAMIC_ITEMS,
    TEXT_FILTER,
    MineButton,
    RespondButton,
    channel_key,
    game_row,
    guild_key,
    is_admin,
    praetor,
    refuse,
    reply,
    show_mine,
    user_key,
)
from cogs.outbox import compose_opening, deliver_event, deliver_owed
from cogs.ready import ready_to_type
from rules.core import RuleError
from rules.core.i18n import LANGUAGE_OPTION, Text, _, _n, join, text_from_json
from rules.core.registry import games

STATUS_WORDS: dict[str, Text] = {"lobby": _("seats open"), "active": _("in play")}
"""How ``/game list`` names an open game's status (its stored word is an id)."""


def _parse_options(text: str | None) -> dict[str, str]:
    """``name=value, name=value`` into a dict."""
    options: dict[str, str] = {}
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        if not sep:
            raise ModeratorError(_("Options are written name=value (got {part}).", part=repr(part)))
        options[name.strip()] = value.strip()
    return options


def options_line(kind: str, chosen: dict[str, Any], changed_only: bool = False) -> Text | None:
    """The game's translated options (its optional rules, each naming its section) as this game
    plays them: the value chosen at ``/game new``, else the default; with ``changed_only`` (a
    game in play, whose status must stay short) only those chosen otherwise than the default.
    None when there is nothing to show."""
    cls = games().get(kind)
    specs = [spec for spec in cls.option_specs() if isinstance(spec.description, Text)] if cls else []
    if changed_only:
        specs = [spec for spec in specs if chosen.get(spec.name, spec.default) != spec.default]
    if not specs:
        return None
    shown = [_("{description}: {name}={value}", description=spec.description, name=spec.name,
               value=chosen.get(spec.name, spec.default) or "-") for spec in specs]  # fmt: skip
    return _("Options: {options}.", options=join("; ", shown))


def with_options(text: Text, row: Any) -> Text:
    """A lobby message followed by the game's options line, when it has one."""
    line = options_line(row.kind, dict(row.options or {}))
    return join(" ", [text, line]) if line is not None else text


async def channel_language(interaction: discord.Interaction) -> str:
    """The language of the latest game of this channel (the server's when there is none)."""
    row = await praetor(interaction).moderator.latest_game(channel_key(interaction))
    return game_language(row) if row is not None else server_language(interaction)


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
        ]

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
        ]

    async def options_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """``name=value`` for each choice of the chosen game's options, described (the optional
        rules with their section), after the options already typed."""
        cls = games().get(getattr(interaction.namespace, "game", None) or "")
        if cls is None:
            return []
        typed, comma, last = current.rpartition(",")
        prefix = f"{typed}, " if comma else ""
        lang = reader_language(interaction)
        found = []
        for spec in cls.option_specs():
            for value in spec.choices:
                pair = f"{spec.name}={value}"
                if last.strip().lower() in pair.lower() and len(prefix + pair) <= 100:
                    label = f"{pair} — {localise(spec.description, lang)}"
                    found.append(app_commands.Choice(name=label[:100], value=prefix + pair))
        return found  # the tree's guard caps the list and says how many more (bot.client.cap_choices)

    # -- commands -------------------------------------------------------------------------
    @game.command(name="new", description="Open a game in this channel")
    @app_commands.describe(
        game="Which game",
        scenario="Scenario or variant",
        options="name=value, ... (optional)",
        thread="Open the game in a new thread of this channel (keeps the channel readable)",
        language="Language of the game's posts (default: the server's language)",
    )
    @app_commands.choices(
        language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Français", value="fr"),
        ]
    )
    @app_commands.autocomplete(game=kind_autocomplete, scenario=scenario_autocomplete, options=options_autocomplete)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        scenario: str,
        options: str | None = None,
        thread: bool = False,
        language: str | None = None,
    ) -> None:
        moderator = praetor(interaction).moderator
        channel = getattr(interaction, "channel", None)
        try:
            parsed = _parse_options(options)
            lacking = missing_permissions(
                getattr(interaction, "app_permissions", None),
                threads=thread or isinstance(channel, discord.Thread),
            )
            if lacking:
                raise ModeratorError(
                    _(
                        "I cannot run a game here: this channel does not give me {missing}. "
                        "Ask someone who manages the server to grant them (praetor invite "
                        "prints the full list).",
                        missing=", ".join(lacking),
                    )
                )
            parsed.setdefault(LANGUAGE_OPTION, language or server_language(interaction))
            if not thread:  # the announcement is owed with the game (the outbox): never lost
                row = await moderator.create(
                    guild_key(interaction),
                    channel_key(interaction),
                    user_key(interaction),
                    game,
                    scenario,
                    parsed,
                    posts=lambda new: [Post("post", new.channel_id, announcement_text(new, game))],
                )
            else:
                moderator.check_new(game, scenario, parsed)
                if not hasattr(channel, "create_thread"):
                    raise ModeratorError(
                        _("Threads can be opened only in a server's text channel (not here).")
                    )
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        if thread:
            # Creating a thread is a call to Discord: defer, privately, so that a failure can be
            # told to its author alone (after a public defer the first follow-up is public).
            # Discord itself announces the new thread in the channel.
            await interaction.response.defer(ephemeral=True, thinking=True)
            title = f"{game} {scenario}"[:90]
            try:
                created: Any = await channel.create_thread(  # type: ignore[union-attr]
                    name=title, type=discord.ChannelType.public_thread, auto_archive_duration=10080
                )
            except discord.HTTPException as error:
                await refuse(
                    interaction,
                    _(
                        "I could not open a thread here (Discord said: {reason}). Check that I "
                        "have Create Public Threads and Send Messages in Threads, or use "
                        "thread:false.",
                        reason=error.text or error.status,
                    ),
                )
                return
            try:
                row = await moderator.create(
                    guild_key(interaction),
                    str(created.id),
                    user_key(interaction),
                    game,
                    scenario,
                    parsed,
                    posts=lambda new: [Post("post", new.channel_id, welcome_text(new, game))],
                )
            except (ModeratorError, RuleError) as error:
                await refuse(interaction, str(error))
                return
            lang = game_language(row)
            opened = _(
                "New game #{id}: {game} ({scenario}) in {thread}. Join it there with /game join.",
                id=row.id,
                game=game,
                scenario=row.scenario,
                thread=created.mention,
            )
            await interaction.followup.send(localise(opened, lang), ephemeral=True)
            await deliver_owed(praetor(interaction), row, 0)  # the welcome in the new thread
            return
        # the announcement: through the interaction, or to the channel when it was answered
        # first while the game was saved (``in_time``: the placeholder is then filled)
        await deliver_owed(praetor(interaction), row, 0, interaction)

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
        who = mention(user_key(interaction))
        if free:
            text = _(
                "{who} takes {seat}. Free seats: {free}.", who=who, seat=taken, free=", ".join(free)
            )
        else:
            text = _("{who} takes {seat}. Every seat is taken: /game start.", who=who, seat=taken)
        await interaction.response.send_message(localise(text, game_language(row)))

    @game.command(name="leave", description="Leave your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        try:
            await praetor(interaction).moderator.leave(
                channel_key(interaction), user_key(interaction)
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        lang = await channel_language(interaction)
        text = _("{who} leaves the table.", who=mention(user_key(interaction)))
        await interaction.response.send_message(localise(text, lang))

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
        lang = await channel_language(interaction)
        text = _("{seat} is now played by {who}.", seat=seat, who=mention(str(user.id)))
        await interaction.response.send_message(localise(text, lang))

    @game.command(name="start", description="Start the game once every seat is taken")
    async def start(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row, game = await bot.moderator.start(
                channel_key(interaction), user_key(interaction), opening=opening_posts
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await deliver_owed(bot, row, 0, interaction)  # stored with the start (opening_posts)

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
        lang = reader_language(interaction)  # an ephemeral reply: the reader's language
        if row.status == "lobby":
            free = localise(_("free"), lang)
            seats = ", ".join(f"{s}: {mention(u) if u else free}" for s, u in row.seats.items())
            text = with_options(_(
                "Game #{id} ({kind}, {scenario}) is in the lobby. {seats}",
                id=row.id,
                kind=row.kind,
                scenario=row.scenario,
                seats=seats,
            ), row)
            await reply(interaction, localise(text, lang), ephemeral=True)
            return
        game = await bot.moderator.load(row)
        head = _(
            "Game #{id}: {kind} ({scenario}), move {seq}.",
            id=row.id,
            kind=row.kind,
            scenario=row.scenario,
            seq=row.seq,
        )
        # After the end, the result and where to look (below) replace whose move it was.
        position = [
            line
            for line in game.status_lines()
            if row.status == "active" or not str(getattr(line, "msgid", line)).startswith("To move")
        ]
        chosen = options_line(row.kind, dict(row.options or {}), changed_only=True)
        lines = [localise(line, lang) for line in [head, *position, *([chosen] if chosen is not None else [])]]
        pending = game.pending_decision()
        if pending is not None:
            deadline = await bot.moderator.pending_deadline(row.id or 0, pending.id)
            # every seat the engine's decision waits on (a simultaneous segment: each power still
            # giving orders), never only the first of them
            who = ", ".join(f"{s} {mention(row.seats.get(s), lang)}" for s in pending.waiting_on())
            if pending.seats:
                waiting = (
                    _("Waiting for the orders of {who} (default {time}).", who=who, time=timestamp(deadline))
                    if deadline
                    else _("Waiting for the orders of {who}.", who=who)
                )
            else:
                waiting = (
                    _("Waiting for {who} to respond (default {time}).", who=who, time=timestamp(deadline))
                    if deadline
                    else _("Waiting for {who} to respond.", who=who)
                )
            lines.append(localise(waiting, lang))
        if row.status != "active":
            lines.append(result_line(row, lang))
            over = _(
                "The game is over: /game log shows every move (and the seed), /map the final "
                "position."
            )
            lines.append(localise(over, lang))
        suggest = getattr(game, "suggestions", None)
        for seat in seats_of(row, user_key(interaction)) if row.status == "active" else []:
            ready = suggest(seat) if callable(suggest) else ready_to_type(row.kind, game, seat)
            if ready:
                lines.append(localise(_("You ({seat}) may now type, for example:", seat=seat), lang))
                named = TEXT_FILTER.get(row.kind)  # e.g. Imperator's names=en
                lines.extend(
                    f"  {named(game, localise(line, lang)) if named else localise(line, lang)}"
                    for line in ready
                )
                continue
            actions = game.actions(seat)
            if actions:
                button = localise(_("the Respond button"), lang)
                verbs = [button if a.name == "decide" else f"/{a.name}" for a in actions]
                may = _("You ({seat}) may use: {verbs}", seat=seat, verbs=", ".join(dict.fromkeys(verbs)))
                lines.append(localise(may, lang))
        await reply(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @game.command(name="mine", description="Your secrets in the game here (only you see them)")
    async def mine(self, interaction: discord.Interaction) -> None:
        row = await praetor(interaction).moderator.channel_game(channel_key(interaction))
        if row is None:
            await refuse(interaction, _("There is no game in this channel."))
            return
        await show_mine(interaction, row.id or 0)

    @game.command(name="list", description="Open games on this server, and those waiting on you")
    async def list_games(self, interaction: discord.Interaction) -> None:
        listed = await praetor(interaction).moderator.list_games(
            guild_key(interaction), user_key(interaction)
        )
        if not listed:
            await reply(interaction, _("No open games on this server."), ephemeral=True)
            return
        lang = reader_language(interaction)
        lines = []
        for row, waiting in listed:
            fields = {"id": row.id, "kind": row.kind, "scenario": row.scenario}
            fields.update(channel=f"<#{row.channel_id}>", status=STATUS_WORDS.get(row.status, row.status))
            line = _("#{id} {kind} ({scenario}) in {channel}: {status}", **fields)
            seats = await listed_seats(praetor(interaction), row)
            if seats:
                line = _("{game}, waiting on {seats}", game=line, seats=", ".join(seats))
            if waiting:
                line = _("{game} — waiting on you", game=line)
            lines.append(localise(line, lang))
        await reply(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @game.command(name="log", description="Export the game log (your view until the game ends)")
    async def log(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        row = await bot.moderator.latest_game(channel_key(interaction))
        if row is None:
            await refuse(interaction, _("There is no game in this channel."))
            return
        await interaction.response.defer(ephemeral=True)  # the log grows with the game
        data = await bot.moderator.export_log(row.id or 0, user_key(interaction))
        as_json = await asyncio.to_thread(json.dumps, data, indent=2, ensure_ascii=False)
        count = len(data["events"])
        text = (
            _n(
                "Log of game #{id}: {n} event (everything, with the seed).",
                "Log of game #{id}: {n} events (everything, with the seed).",
                count,
                id=row.id,
            )
            if data["seed"]
            else _n(
                "Log of game #{id}: {n} event (what you may see so far).",
                "Log of game #{id}: {n} events (what you may see so far).",
                count,
                id=row.id,
            )
        )
        await interaction.followup.send(
            localise(text, reader_language(interaction)),
            file=ImageFile(f"game-{row.id}-log.json", as_json.encode()).to_discord(),
            ephemeral=True,
        )
        await interaction.followup.send(
            file=ImageFile(
                f"game-{row.id}-log.txt", (await asyncio.to_thread(log_text, data, reader_language(interaction))).encode()
            ).to_discord(),
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
        text = (
            _("You follow game #{id} with mentions.", id=row.id)
            if mentions
            else _("You follow game #{id}.", id=row.id)
        )
        await reply(interaction, text, ephemeral=True)

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
            _("You no longer follow this game.") if found else _("You were not following it."),
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
                channel_key(interaction),
                user_key(interaction),
                before_rebuild=interaction.response.defer,  # the rebuild runs after a defer
                description=what,
            )
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        if result.act is not None:  # the undo event's one public line, from the outbox
            await deliver_event(bot, result.act, interaction, deferred=True)
            return
        lang = await channel_language(interaction)
        text = _(
            "{who} asks to undo {what}. {waiting}: agree with /game undo.",
            who=mention(user_key(interaction)),
            what=what,
            waiting=", ".join(mention(u) for u in result.waiting_for),
        )
        await reply(interaction, localise(text, lang))

    @game.command(name="concede", description="Concede the game (asks for a confirmation)")
    async def concede(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await bot.moderator.require_game(channel_key(interaction))
            if row.status != "active" or not seats_of(row, user_key(interaction)):
                raise ModeratorError(_("Only a seated player of a game under way may concede."))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(row.id or 0, row.seq, reader_language(interaction)))
        ask = _(
            "Concede the game? The other side wins at once and this cannot be undone. "
            "Press Concede to confirm; ignore this message to keep playing."
        )
        await interaction.response.send_message(
            localise(ask, reader_language(interaction)), view=view, ephemeral=True
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
        lang = await channel_language(interaction)
        if done:
            text = _("The game here is abandoned.")
        else:
            text = _(
                "{who} wants to abandon the game. {waiting}: agree with /game abandon.",
                who=mention(user_key(interaction)),
                waiting=", ".join(mention(u) for u in waiting),
            )
        await interaction.response.send_message(localise(text, lang))


def announcement_text(row: Any, game: str) -> str:
    """What ``/game new`` says in the channel (in the game's language), stored with the game."""
    opened = _(
        "New game #{id}: {game} ({scenario}). Seats: {seats}. "
        "Take one with /game join, then /game start.",
        **_opening_fields(row, game),
    )
    return localise(with_options(opened, row), game_language(row))


def _opening_fields(row: Any, game: str) -> dict[str, Any]:
    """The fields the two opening messages of a game share (the announcement, the welcome)."""
    return {"id": row.id, "game": game, "scenario": row.scenario, "seats": ", ".join(row.seats)}


async def listed_seats(bot: Any, row: Any) -> list[str]:
    """``/game list``: every seat an active game waits on (every power still giving orders in a
    simultaneous segment, not only the first)."""
    if row.status != "active":
        return []
    return waiting_seats(await bot.moderator.load(row))


def welcome_text(row: Any, game: str) -> str:
    """The first message of a game opened in a new thread (in the game's language)."""
    welcome = _(
        "Game #{id}: {game} ({scenario}). Seats: {seats}. "
        "Take one with /game join, then /game start.",
        **_opening_fields(row, game),
    )
    return localise(with_options(welcome, row), game_language(row))


def opening_posts(row: Any, game: Any, deadline: Any) -> list[Post]:
    """What ``/game start`` owes (pure, stored with the start): one public message with the
    seats, the dice seed's hash, what the set-up did, the status lines, My secrets (and
    Respond when the set-up already waits on a player), the picture of the table and the
    game's panel; then the first status."""
    lang = game_language(row)
    view = discord.ui.View(timeout=None)
    view.add_item(MineButton(row.id or 0, localise(_("My secrets"), lang)))
    seats = ", ".join(f"{s} {mention(u, lang)}" for s, u in row.seats.items())
    head = [
        _("Game #{id} begins: {kind} ({scenario}).", id=row.id, kind=row.kind, scenario=row.scenario),
        _("Seats: {seats}", seats=seats),
        _("Dice seed hash: `{hash}` (the seed is revealed when the game ends).", hash=row.seed_hash),
    ]
    lines = [localise(line, lang) for line in head]
    if game.opening is not None:  # what the set-up did before anyone acted
        lines.extend(outcome_lines(game.opening, lang))
        lines.extend(
            localise(
                _(
                    "{seat} ({who}) has private information: /game mine.",
                    seat=seat,
                    who=mention(row.seats.get(seat), lang),
                ),
                lang,
            )
            for seat in game.opening.private
        )
    lines.extend(localise(line, lang) for line in game.status_lines())
    pending = game.pending_decision()
    if pending is not None:  # the opening steps may already wait on a player
        lines.append(respond_ping([row.seats.get(seat) for seat in pending.waiting_on()], deadline, lang))
        view.add_item(RespondButton(row.id or 0, row.seq, lang))
    return compose_opening(row, game, lines, view.to_components())


async def last_action(bot: Any, channel: str) -> Text:
    """The action an undo would take back, in words: who sent which command and what it did."""
    row = await bot.moderator.require_game(channel)
    last = await bot.moderator.last_action(row.id or 0)  # one indexed query, not the whole log
    if last is None:
        return _("the last action")
    command = last.command
    def typed_value(value: Any) -> str:
        text = ", ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        return f'"{text}"' if " " in text else text

    args = " ".join(f"{k}:{typed_value(v)}" for k, v in (command.get("args") or {}).items())
    typed = f"/{command['name']} {args}".strip()
    stored = (last.outcome.get("texts") or {}).get("public") or last.outcome.get("public") or [""]
    said = text_from_json(stored[0])  # with its message id when marked: said in the reader's words
    text = (
        _("{seat}'s {command}", seat=last.seat, command=typed)
        if last.seat
        else _("the bot's {command}", command=typed)
    )
    return _("{action} ({said})", action=text, said=said) if said else text


class ConcedeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:concede:(?P<game>[0-9]+):(?P<seq>[0-9]+)",
):
    """The confirmation of /game concede, shown only to the player who asked."""

    def __init__(self, game_id: int, seq: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("Concede"), language),
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
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await game_row(bot, self.game_id)
            if row.status != "active":
                raise ModeratorError(_("This button is out of date: the game is over."))
            row = await bot.moderator.concede(row.channel_id, user_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        lang = game_language(row)
        check = localise(_("Dice check: the seed was `{seed}`.", seed=row.secret_seed), lang)
        text = result_line(row, lang) + "\n" + check
        if interaction.response.is_done():  # deferred while it was saved (answer_early)
            await interaction.followup.send(text)
        else:
            await interaction.response.send_message(text)


if ConcedeButton not in DYNAMIC_ITEMS:
    DYNAMIC_ITEMS.append(ConcedeButton)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(LobbyCog(bot))
