"""Imperator, phase F (campaign result) and the game's standing: the status panel and the
victory screen.

``/standing`` shows year, phase, initiative, SMCs left, VP, Augusti, Caesars, usurpers and wars
(to the caller, or to the channel with ``post:true``); once the game is over it shows the
victory screen: VP, the level of victory, who played what, and a summary of the log. Only the
public view is read, so anyone may ask.
"""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from sqlmodel import col, select

from bot.i18n import game_language, localise, reader_language
from bot.moderator import DEFAULT_DECISION_SECONDS, SYSTEM_USER, ModeratorError, stored_summary
from bot.present import event_lines, level_words, mention
from bot.publisher import ImageFile
from cogs import imperator_names as names
from cogs.common import channel_key, praetor, refuse, reply, user_key
from cogs.ready import typed
from db.models import GameRow
from rules.core import Command
from rules.core.i18n import _, _n

KIND = "imperator"
LEVELS = {
    "definitive": _("definitive victory"),
    "decisive": _("decisive victory"),
    "plain": _("victory"),
    "marginal": _("marginal victory"),
}


async def latest_game(bot: Any, channel_id: str) -> GameRow | None:
    """The open game of the channel, else its most recently finished one."""
    row: GameRow | None = await bot.moderator.channel_game(channel_id)
    if row is not None:
        return row
    async with bot.moderator.sessions() as session:
        result = await session.exec(
            select(GameRow).where(GameRow.channel_id == channel_id).order_by(col(GameRow.id).desc())
        )
        return result.first()


def victory_lines(row: GameRow, events: list[Any]) -> list[str]:
    """The final screen of a finished game, from its row and public log (lines marked for
    translation)."""
    result = row.result or {}
    winners = result.get("winners") or []
    level = LEVELS.get(str(result.get("level", "")), level_words(str(result.get("level", ""))))
    scores = dict(result.get("scores") or [])
    lines: list[str] = [_("🏛️ **Imperator — the end of the game**")]
    if winners:
        who = ", ".join(f"{s} ({mention(row.seats.get(s))})" for s in winners)
        lines.append(
            _("Winner: {who}, {level}", who=who, level=level) if level
            else _("Winner: {who}", who=who)
        )
    else:
        summary = stored_summary(result)
        lines.append(
            _("No winner: {summary}", summary=summary) if summary
            else _("No winner: the game was not decided")
        )
    if scores:
        lines.append(_("VP: {scores}", scores=", ".join(f"{s} {v}" for s, v in scores.items())))
    if result.get("summary"):
        lines.append(stored_summary(result))  # in the reader's language (issue 13)
    battles = evasions = 0
    for event in events:
        for line in (event.outcome or {}).get("public", []):
            if line.startswith("§8.2: battle in"):
                battles += 1
            if line.startswith("§8.1: the evasion"):
                evasions += 1
    lines.append(
        _(
            "{moves} moves, {battles} battles, {evasions} evasion attempts. "
            "The full log: /chronicle.",
            moves=len(events),
            battles=battles,
            evasions=evasions,
        )
    )
    if row.secret_seed:
        lines.append(_("Dice check: the seed was `{seed}`.", seed=row.secret_seed))
    return lines


class ImperatorCampaignCog(commands.Cog):
    """The status panel and the victory screen."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="standing",
        description="Imperator: year, phase, VP, titles, wars (or the final result)",
    )
    @app_commands.describe(post="Post it in the channel for everyone (default: only you)")
    async def standing(self, interaction: discord.Interaction, post: bool = False) -> None:
        bot = praetor(interaction)
        row = await latest_game(bot, channel_key(interaction))
        if row is None or row.kind != KIND:
            await refuse(interaction, _("There is no Imperator game in this channel."))
            return
        if row.status == "lobby":
            await refuse(interaction, _("The game here has not started yet (/game start)."))
            return
        lines: list[str]
        if row.status in ("finished", "abandoned"):
            if row.status == "abandoned":
                lines = [_("Game #{id} was abandoned.", id=row.id)]
            else:  # reads the whole log: answer first (issue 10 item 1)
                await interaction.response.defer(ephemeral=not post, thinking=True)
                lines = victory_lines(row, await bot.moderator.events(row.id or 0))
        else:
            try:
                game = await bot.moderator.load(row)
            except ModeratorError as error:
                await refuse(interaction, str(error))
                return
            seat_of = {s: mention(u) for s, u in row.seats.items()}
            lines = list(names.status_lines(game.public_view(), seat_of))
            movers = game.to_move()
            pending = game.pending_decision()
            if pending is not None:
                lines.append(_("Waiting for {seat} to respond.", seat=pending.seat))
            elif movers:
                who = ", ".join(f"{s} ({seat_of.get(s)})" for s in movers)
                lines.append(_("To move: {seats}", seats=who))
        # Only the caller reads it (their language), or the channel with post:true (the game's).
        language = game_language(row) if post else reader_language(interaction)
        text = "\n".join(localise(line, language) for line in lines)
        await reply(interaction, text[:2000], ephemeral=not post)

    @app_commands.command(
        name="chronicle",
        description="The game log as text and JSON (your view until the game ends)",
    )
    async def chronicle(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        row = await latest_game(bot, channel_key(interaction))
        if row is None or row.status == "lobby":
            await refuse(interaction, _("There is no started game in this channel."))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the log grows with the game
        language = reader_language(interaction)
        data = await bot.moderator.export_log(row.id or 0, user_key(interaction))
        as_json = json.dumps(data, indent=2, ensure_ascii=False, default=str).encode()
        count = len(data["events"])
        head = (
            _n("Log of game #{id}: {n} event (everything: the game is over).",
               "Log of game #{id}: {n} events (everything: the game is over).", count, id=row.id)
            if data.get("seed")
            else _n("Log of game #{id}: {n} event (your view).",
                    "Log of game #{id}: {n} events (your view).", count, id=row.id)
        )
        await interaction.followup.send(
            localise(head, language),
            file=ImageFile(f"game-{row.id}-log.json", as_json).to_discord(),
            ephemeral=True,
        )
        await interaction.followup.send(
            file=ImageFile(f"game-{row.id}-log.txt", log_text(data, language).encode()).to_discord(),
            ephemeral=True,
        )
        if data.get("seed"):
            events = bot.moderator.active_events(await bot.moderator.events(row.id or 0))
            script = log_transcript(data, events).encode()
            await interaction.followup.send(
                localise(_("To replay the whole game: `praetor replay` this file."), language),
                file=ImageFile(f"game-{row.id}-replay.txt", script).to_discord(),
                ephemeral=True,
            )


def log_text(data: dict[str, Any], language: str = "en") -> str:
    """The exported log as plain text: one block per accepted command, dice included, in
    ``language`` (the reader's)."""
    seats = ", ".join(f"{s}={u}" for s, u in (data.get("seats") or {}).items())
    head = [
        _("Game #{id}: {kind} ({scenario}), status {status}", id=data["game"], kind=data["kind"],
          scenario=data["scenario"], status=data["status"]),
        _("Seats: {seats}", seats=seats),
        _("Seed hash: {hash}; seed: {seed}", hash=data.get("seed_hash"), seed=data["seed"])
        if data.get("seed")
        else _("Seed hash: {hash}", hash=data.get("seed_hash")),
    ]
    out = [localise(line, language) for line in head] + [""]
    for entry in data.get("events", []):
        command = entry.get("command") or {}
        args = " ".join(f"{k}={v}" for k, v in (command.get("args") or {}).items())
        out.append(f"[{entry['seq']}] {entry.get('seat')}: {command.get('name')} {args}".rstrip())
        public, private = event_lines(
            {"public": [], "private": {}, **entry}, language
        )
        out.extend("    " + line for line in public)
        for roll in entry.get("rolls", []):
            out.append("    " + localise(_("dice: {roll}", roll=roll), language))
        for seat, lines in private.items():
            only = localise(_("({seat} only)", seat=seat), language)
            out.extend(f"    {only} {line}" for line in lines)
    if data.get("result"):
        out.append(localise(_("Result: {result}", result=data["result"]), language))
    return "\n".join(out) + "\n"


# -- the log as a transcript that ``praetor replay`` plays -------------------------------------
# verb -> (slash command, [(argument, option)]) for the commands the Imperator cogs send.
SLASH: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "move": (
        "/move",
        [
            ("leader", "leader"),
            ("units", "units"),
            ("unit", "unit"),
            ("to", "to"),
            ("path", "path"),
        ],
    ),
    "attack": ("/attack", [("zone", "zone")]),
    "end": ("/end", []),
    "evade": ("/evade", []),
    "sail": (
        "/sail",
        [
            ("fleet", "fleet"),
            ("to", "to"),
            ("units", "units"),
            ("leaders", "leaders"),
            ("land", "land"),
        ],
    ),
    "rally": ("/rally", [("zone", "zone")]),
    "reserve": ("/reserve", [("fronts", "fronts")]),
    "vexillation": (
        "/vexillation",
        [
            ("action", "action"),
            ("units", "units"),
            ("vexillation", "vexillation"),
            ("zone", "zone"),
        ],
    ),
    "designate": ("/designate", [("leader", "leader"), ("title", "title")]),
    "stratagem": (
        "/stratagem",
        [
            ("id", "chit"),
            ("leader", "leader"),
            ("peoples", "peoples"),
            ("zone", "zone"),
            ("unit", "unit"),
            ("nationality", "nationality"),
        ],
    ),
    "usurp": ("/usurp", [("leader", "leader")]),
    "assassinate": ("/assassinate", [("leader", "leader")]),
    "custodes": ("/custodes", [("leader", "leader")]),
}


def _option(name: str, value: Any) -> str:
    text = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
    if any(ch in text for ch in " ,\"'") or not text:
        text = '"' + text.replace('"', "'") + '"'
    return f"{name}:{text}"


def log_transcript(data: dict[str, Any], events: list[Any]) -> str:
    """A transcript (docs/transcripts.md) that replays the game from the lobby to its end.

    People are named by their Discord ids; decisions answered in time or left to their
    deadline both become ``/respond`` and the choice made (the position is the same either
    way). Only the game's own seed makes the dice fall the same, so it is given only once the
    game is over (``# seed:``).
    """
    seats: dict[str, str] = {s: str(u) for s, u in (data.get("seats") or {}).items() if u}
    first = next(iter(seats.values()), "player")
    lines = [
        f"# Game #{data['game']}: {data['kind']} ({data['scenario']}), exported by Praetor.",
        "# Replay it with: praetor replay THIS_FILE",
    ]
    if data.get("seed"):
        lines.append(f"# seed: {data['seed']}")
    else:
        lines.append("# The seed is secret until the game ends: the dice will differ.")
    options = ", ".join(f"{k}={v}" for k, v in (data.get("options") or {}).items())
    new = f"/game new game:{data['kind']} scenario:{data['scenario']}"
    lines += [f"as {first}", new + (" " + _option("options", options) if options else "")]
    for seat, user in seats.items():
        lines += [f"as {user}", f"/game join seat:{seat}"]
    lines += [f"as {first}", "/game start"]
    waited = int((data.get("options") or {}).get("decision_seconds") or DEFAULT_DECISION_SECONDS) + 60
    for event in events:
        command = event.command or {}
        verb = command.get("name", "")
        args = command.get("args") or {}
        user = seats.get(event.seat, first)
        if getattr(event, "user_id", "") == SYSTEM_USER and data.get("kind") != "imperator":
            # a deadline passed and the scheduler applied the default: let it pass again (the
            # default may be no menu choice, e.g. Imperium Romanum's end of a segment, IR-DIS-2)
            lines.append(f"wait {waited}s")
            continue
        lines.append(f"as {user}")
        if verb == "decide":
            lines += ["/respond", f"select {args.get('choice', '')}"]
            continue
        if data.get("kind") not in ("imperator", "barracks"):
            # the game's own slash paths (Rome, IInc.'s /rome, Imperium Romanum's /imperium)
            lines.append(typed(str(data.get("kind")), Command(verb, args)))
            continue
        slash = SLASH.get(verb) if data.get("kind") == "imperator" else None
        if slash is None:
            # Every other game's verbs are slash commands whose options are named as the
            # command's arguments (The Barracks Emperors: /play card: space:, /forum choice: ...).
            slash = (f"/{verb}", [(arg, arg) for arg in args])
        name, options_of = slash
        parts = [name] + [
            _option(option, args[arg])
            for arg, option in options_of
            if args.get(arg) not in (None, [])
        ]
        lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorCampaignCog(bot))
