"""Rome, IInc. in Discord: the ``/rome`` group, one subcommand per verb of the engine.

The enemy runs itself; the players only make the choices the rules give them (docs/rome-iinc.md).
``/end`` (shared, cogs/play.py) finishes a step; a consent to a Unit Transfer is answered through
the Respond button every game uses. Everything else is a subcommand here:

``/rome appoint`` ``bread`` ``circus`` ``build`` ``upgrade`` ``transfer`` (Unrest step, 10.0),
``/rome gold`` ``taxes`` (the engine's ``give_gold`` and ``extra_taxes``, 9.1), ``/rome fight``
``civilwar`` (``civil_war``; 11.2, 11.4), and the answers to the first open task of an Empire: ``/rome annex`` ``loss`` ``promote`` ``emperor``.

Each option autocompletes from ``Game.actions`` of the caller's seats (so a solo player holding
both Empires is offered the choices of whichever moves), and every command takes the path of all
game verbs (``cogs.common.run_command``): refused privately with the rule's section, or announced
in public with its outcome and dice. The cog decides nothing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number, option_index
from bot.i18n import game_language, localise, reader_language
from bot.moderator import ActResult, ModeratorError, seats_of
from bot.present import mention
from cogs.common import (
    AFTER_ANNOUNCE,
    AFTER_START,
    DYNAMIC_ITEMS,
    announce,
    channel_key,
    game_row,
    praetor,
    refuse,
    run_command,
    user_key,
)
from cogs.play import complete, split_list
from cogs.ready import register_slash_path
from rules.core import Command, RuleError
from rules.core.i18n import _, _n

if TYPE_CHECKING:
    from bot.client import PraetorBot
    from db.models import GameRow
    from rules.core.game import Game

KIND = "rome_iinc"
PAGE = 25  # options in one select (Discord's limit)


async def run(interaction: discord.Interaction, verb: str, args: dict[str, Any]) -> None:
    """A ``/rome`` verb: refused when the channel's game is another game, else the common path."""
    bot = praetor(interaction)
    try:
        row = await bot.moderator.require_game(channel_key(interaction))
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    if row.kind != KIND:
        await refuse(interaction, _("/rome {verb} belongs to Rome, IInc.; the game in this channel "
                                    "is another game.", verb=verb))
        return
    await run_command(interaction, verb, args)


# -- menus: the next step of a seat, from the engine's legal commands --------------------------
def legal(game: Game[Any], seat: str) -> list[Command]:
    finder = getattr(game, "legal_commands", None)
    return list(finder(seat)) if finder is not None else []


def verbs(game: Game[Any], seat: str) -> list[tuple[str, str, int]]:
    """(verb, description, how many commands) of what ``seat`` may do now, engine order."""
    counts: dict[str, int] = {}
    for c in legal(game, seat):
        counts[c.name] = counts.get(c.name, 0) + 1
    help_of = {a.name: a.description for a in game.actions(seat)}
    return [(v, help_of.get(v, v), n) for v, n in counts.items()]


def command_label(game: Game[Any], command: Command) -> str:
    """One legal command in words: the engine's label of each argument (never an id alone)."""
    from rules.rome_iinc.game import label

    parts = []
    for key, value in command.args.items():
        if key == "id":
            continue
        values = value if isinstance(value, list) else [value]
        parts.append(", ".join(str(label(game.state, key, str(v))) for v in values))
    return " · ".join(parts) or command.name


def step_view(row: GameRow, game: Game[Any], seat: str, language: str = "en",
              verb: str | None = None, page: int = 0) -> tuple[str, discord.ui.View | None]:
    """The prompt and components of ``seat``'s next step: a select of the verbs it may use,
    or (a verb chosen, or only one verb) a page of that verb's commands with Previous/Next."""
    if seat not in game.to_move() or game.pending_decision() is not None:
        return "", None
    game_id, seq = row.id or 0, row.seq or 0
    offered = verbs(game, seat)
    if not offered:
        return "", None
    if verb is None and len(offered) == 1:
        verb = offered[0][0]
    view = discord.ui.View(timeout=None)
    if verb is None:
        options = [discord.SelectOption(label=localise(text, language)[:100], value=name,
                                        description=localise(_n("{n} choice", "{n} choices", n), language)[:100])
                   for name, text, n in offered][:PAGE]
        view.add_item(VerbSelect(game_id, seq, seat, options))
        prompt = _("**{seat}**: what next? (each choice is also a command to type: /game status)",
                   seat=seat)
        return localise(prompt, language), view
    commands_now = [c for c in legal(game, seat) if c.name == verb]
    pages = max(1, -(-len(commands_now) // PAGE))
    page = min(max(page, 0), pages - 1)
    first = page * PAGE
    options = [discord.SelectOption(label=command_label(game, c)[:100], value=str(first + i))
               for i, c in enumerate(commands_now[first:first + PAGE])]
    view.add_item(CommandSelect(game_id, seq, seat, verb, page, options))
    if page > 0:
        view.add_item(PageButton(game_id, seq, seat, verb, page - 1, localise(_("◀ Previous"), language)))
    if page < pages - 1:
        view.add_item(PageButton(game_id, seq, seat, verb, page + 1, localise(_("Next ▶"), language)))
    text = dict((v, t) for v, t, _n in offered).get(verb, verb)
    prompt = _("**{seat}**: {action}, choices {first}-{last} of {total}.", seat=seat,
               action=localise(text, language), first=first + 1,
               last=min(first + PAGE, len(commands_now)), total=len(commands_now))
    return localise(prompt, language), view


async def current(interaction: discord.Interaction, game_id: int, seq: int,
                  seat: str) -> tuple[GameRow, Game[Any]]:
    """The game at ``seq``, when the clicker holds ``seat`` and it is that seat's move."""
    bot = praetor(interaction)
    row = await bot.moderator.get(game_id)
    if row.status != "active" or row.kind != KIND:
        raise ModeratorError(_("This game is not in progress."))
    if row.seq != seq:
        raise ModeratorError(_("This menu is out of date: the game has moved on. Use /game status."))
    if seat not in seats_of(row, user_key(interaction)):
        raise ModeratorError(_("This menu is for the {seat} player.", seat=seat))
    game = await bot.moderator.load(row)
    if seat not in game.to_move():
        raise ModeratorError(_("It is not the {seat} player's move now.", seat=seat))
    return row, game


def chosen(interaction: discord.Interaction) -> str:
    data: Any = interaction.data or {}
    values = data.get("values") or []
    return str(values[0]) if values else ""


class NextButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:rnext:(?P<game>\d+):(?P<seq>\d+)",
):
    """The public "Next step" button: the clicker's menu, ephemerally, for a seat of theirs
    that is to move."""

    def __init__(self, game_id: int, seq: int, language: str = "en") -> None:
        super().__init__(discord.ui.Button(label=localise(_("Next step"), language),
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"praetor:rnext:{game_id}:{seq}"))
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NextButton:
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        try:
            row = await game_row(bot, self.game_id, KIND)
            if row.status != "active" or row.seq != self.seq:
                raise ModeratorError(_("This menu is out of date: the game has moved on. Use /game status."))
            game = await bot.moderator.load(row)
            mine = [s for s in game.to_move() if s in seats_of(row, user_key(interaction))]
            if not mine:
                raise ModeratorError(_("It is not your move."))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        prompt, view = step_view(row, game, mine[0], reader_language(interaction))
        if view is None:
            await refuse(interaction, _("It is not your move."))
            return
        await interaction.response.send_message(prompt, view=view, ephemeral=True)


class VerbSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:rverb:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z]+)",
):
    """What to do next: one option per verb the seat may use; a verb with one command acts."""

    def __init__(self, game_id: int, seq: int, seat: str,
                 options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"praetor:rverb:{game_id}:{seq}:{seat}", placeholder="…",
            options=options or [discord.SelectOption(label="(reload)", value="")]))
        self.game_id, self.seq, self.seat = game_id, seq, seat

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> VerbSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["seat"])

    async def callback(self, interaction: discord.Interaction) -> None:
        verb = chosen(interaction)
        try:
            row, game = await current(interaction, self.game_id, self.seq, self.seat)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        matching = [c for c in legal(game, self.seat) if c.name == verb]
        if len(matching) == 1:
            await act(interaction, self.game_id, self.seq, self.seat, matching[0])
            return
        prompt, view = step_view(row, game, self.seat, reader_language(interaction), verb)
        await interaction.response.edit_message(content=prompt, view=view)


class CommandSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:rcmd:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z]+):(?P<verb>[a-z_]+):(?P<page>\d+)",
):
    """One page of a verb's legal commands; the value is the command's place among that verb's
    legal commands at ``seq`` (the seq check keeps it meaning the command offered)."""

    def __init__(self, game_id: int, seq: int, seat: str, verb: str, page: int = 0,
                 options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"praetor:rcmd:{game_id}:{seq}:{seat}:{verb}:{page}", placeholder="…",
            options=options or [discord.SelectOption(label="(reload)", value="")]), row=0)
        self.game_id, self.seq, self.seat, self.verb = game_id, seq, seat, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CommandSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["seat"],
                   match["verb"], component_number(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row, game = await current(interaction, self.game_id, self.seq, self.seat)
            matching = [c for c in legal(game, self.seat) if c.name == self.verb]
            index = option_index(chosen(interaction), len(matching))
            if index is None:
                raise ModeratorError(_("That choice is not on offer any more."))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        await act(interaction, self.game_id, self.seq, self.seat, matching[index])


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:rpage:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z]+):(?P<verb>[a-z_]+):(?P<page>\d+)",
):
    """Another page of a verb's commands (more than 25 do not fit one select)."""

    def __init__(self, game_id: int, seq: int, seat: str, verb: str, page: int,
                 label: str = "Next ▶") -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=1,
            custom_id=f"praetor:rpage:{game_id}:{seq}:{seat}:{verb}:{page}"))
        self.game_id, self.seq, self.seat, self.verb, self.page = game_id, seq, seat, verb, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PageButton:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["seat"],
                   match["verb"], component_number(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row, game = await current(interaction, self.game_id, self.seq, self.seat)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        prompt, view = step_view(row, game, self.seat, reader_language(interaction), self.verb,
                                 self.page)
        await interaction.response.edit_message(content=prompt, view=view)


DYNAMIC_ITEMS.extend([NextButton, VerbSelect, CommandSelect, PageButton])


async def act(interaction: discord.Interaction, game_id: int, seq: int, seat: str,
              command: Command) -> None:
    """Apply a command chosen from a menu for ``seat``: refused privately, or announced."""
    bot = praetor(interaction)
    try:
        result = await bot.moderator.act_in(game_id, user_key(interaction), command, seq, seat=seat)
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, str(error))
        return
    await announce(bot, result, interaction)


# -- after each accepted command: the next step ------------------------------------------------
async def after_announce(bot: PraetorBot, result: ActResult,
                         interaction: discord.Interaction | None) -> None:
    """``AFTER_ANNOUNCE`` hook (whatever path the command took): nothing once the game is over
    or while a consent waits (its Respond button is posted); the same player's next menu,
    ephemerally, when they acted through an interaction and still move; else the public panel."""
    row = result.game
    if result.result is not None or result.pending is not None or row.status != "active":
        return
    game = await bot.moderator.load(row)
    if interaction is not None and result.seat in game.to_move():
        prompt, view = step_view(row, game, result.seat, reader_language(interaction))
        if view is not None:
            await interaction.followup.send(prompt, view=view, ephemeral=True)
            return
    await post_panel(bot, row, game, ping=False)


async def after_start(bot: PraetorBot, row: GameRow) -> None:
    """``AFTER_START`` hook: the first panel, with a mention of who moves."""
    await post_panel(bot, row, await bot.moderator.load(row), ping=True)


async def post_panel(bot: PraetorBot, row: GameRow, game: Game[Any], *, ping: bool) -> None:
    """The public next-step panel: who moves, and the Next step button (the menu behind it is
    shown to the clicker alone, for their own seat)."""
    movers = game.to_move()
    if not movers or game.pending_decision() is not None or row.status != "active":
        return
    names = ", ".join(f"{seat} {mention(row.seats.get(seat))}" if ping else seat for seat in movers)
    language = game_language(row)
    view = discord.ui.View(timeout=None)
    view.add_item(NextButton(row.id or 0, row.seq or 0, language))
    text = _("{names}: your next step is behind this button (or type it: /game status).",
             names=names)
    await bot.publisher.send(row.channel_id, localise(text, language), view=view)


AFTER_ANNOUNCE[KIND] = after_announce
AFTER_START[KIND] = after_start


class RomeCog(commands.Cog):
    """The verbs of Rome, IInc., as subcommands of ``/rome``."""

    rome = app_commands.Group(name="rome", description="Rome, IInc.: govern the Late Empire")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- the Unrest step (10.0) -------------------------------------------------------------
    @rome.command(name="appoint", description="Appoint a Statesman as Governor of a Command (10.3)")
    @app_commands.describe(
        statesman="The Statesman to appoint",
        command="The Command he governs",
        also="Further Commands he governs as well, comma-separated (5.2.5)",
    )
    @app_commands.autocomplete(
        statesman=complete("appoint", "statesman"), command=complete("appoint", "command")
    )
    async def appoint(
        self,
        interaction: discord.Interaction,
        statesman: str,
        command: str,
        also: str | None = None,
    ) -> None:
        args: dict[str, Any] = {"statesman": statesman, "command": command}
        if also:
            args["also"] = split_list(also)
        await run(interaction, "appoint", args)

    @rome.command(name="bread", description="Bread: buy Prestige at 10 Gold a point (10.5.1)")
    @app_commands.describe(points="Prestige points to buy")
    @app_commands.autocomplete(points=complete("bread", "points"))
    async def bread(self, interaction: discord.Interaction, points: str) -> None:
        await run(interaction, "bread", {"points": points})

    @rome.command(name="circus", description="Circuses: reduce Unrest at 10 Gold a point (10.5.2)")
    @app_commands.describe(points="Unrest points to remove")
    @app_commands.autocomplete(points=complete("circus", "points"))
    async def circus(self, interaction: discord.Interaction, points: str) -> None:
        await run(interaction, "circus", {"points": points})

    @rome.command(name="build", description="Build a Unit from the Barracks (10.6)")
    @app_commands.describe(unit="The kind of Unit", province="Where it is placed")
    @app_commands.autocomplete(unit=complete("build", "unit"), province=complete("build", "province"))
    async def build(self, interaction: discord.Interaction, unit: str, province: str) -> None:
        await run(interaction, "build", {"unit": unit, "province": province})

    @rome.command(name="upgrade", description="Promote a Fort or an Auxilia with Gold (10.6.2)")
    @app_commands.describe(unit="The Unit to promote")
    @app_commands.autocomplete(unit=complete("upgrade", "unit"))
    async def upgrade(self, interaction: discord.Interaction, unit: str) -> None:
        await run(interaction, "upgrade", {"unit": unit})

    @rome.command(name="transfer", description="Transfer a Unit to a Loyal Province (10.7)")
    @app_commands.describe(unit="The Unit to move", to="The Province it goes to")
    @app_commands.autocomplete(unit=complete("transfer", "unit"), to=complete("transfer", "to"))
    async def transfer(self, interaction: discord.Interaction, unit: str, to: str) -> None:
        await run(interaction, "transfer", {"unit": unit, "to": to})

    # -- Gold (9.1) -----------------------------------------------------------------------------
    @rome.command(name="gold", description="Give Gold to the other Empire (9.1.5)")
    @app_commands.describe(amount="How much Gold")
    async def give_gold(self, interaction: discord.Interaction, amount: str) -> None:
        await run(interaction, "give_gold", {"amount": amount})

    @rome.command(name="taxes", description="Raise Extra Taxes while in debt (9.1.4)")
    async def extra_taxes(self, interaction: discord.Interaction) -> None:
        await run(interaction, "extra_taxes", {})

    # -- the War step (11.0) --------------------------------------------------------------------
    @rome.command(name="fight", description="Fight a War (11.2)")
    @app_commands.describe(
        war="The War to fight",
        commander="emperor, or the Command whose Governor leads",
        provinces="The Provinces whose Units fight, comma-separated",
    )
    @app_commands.autocomplete(
        war=complete("fight", "war"),
        commander=complete("fight", "commander"),
        provinces=complete("fight", "provinces"),
    )
    async def fight(
        self, interaction: discord.Interaction, war: str, commander: str, provinces: str
    ) -> None:
        args = {"war": war, "commander": commander, "provinces": split_list(provinces)}
        await run(interaction, "fight", args)

    @rome.command(name="civilwar", description="Fight a Rebel in a Civil War (11.4)")
    @app_commands.describe(rebel="The Rebel's Command, or emperor:<empire>")
    @app_commands.autocomplete(rebel=complete("civil_war", "rebel"))
    async def civil_war(self, interaction: discord.Interaction, rebel: str) -> None:
        await run(interaction, "civil_war", {"rebel": rebel})

    # -- the open tasks of an Empire --------------------------------------------------------------
    @rome.command(name="annex", description="Choose the Province to Annex (10.2)")
    @app_commands.describe(choice="The Province")
    @app_commands.autocomplete(choice=complete("annex", "choice"))
    async def annex(self, interaction: discord.Interaction, choice: str) -> None:
        await run(interaction, "annex", {"choice": choice})

    @rome.command(name="loss", description="Choose the next Loss after a defeat (11.3)")
    @app_commands.describe(choice="The Loss to take")
    @app_commands.autocomplete(choice=complete("loss", "choice"))
    async def loss(self, interaction: discord.Interaction, choice: str) -> None:
        await run(interaction, "loss", {"choice": choice})

    @rome.command(name="promote", description="Choose the Unit promoted after a Triumph (11.2.3)")
    @app_commands.describe(choice="The Unit")
    @app_commands.autocomplete(choice=complete("promote", "choice"))
    async def promote(self, interaction: discord.Interaction, choice: str) -> None:
        await run(interaction, "promote", {"choice": choice})

    @rome.command(name="emperor", description="Choose the new Emperor (5.1.4f)")
    @app_commands.describe(choice="The Statesman who becomes Emperor")
    @app_commands.autocomplete(choice=complete("emperor", "choice"))
    async def emperor(self, interaction: discord.Interaction, choice: str) -> None:
        await run(interaction, "emperor", {"choice": choice})


# What /game status suggests: the engine's verbs as the subcommands of /rome that send them.
for _verb, _path in {"give_gold": "gold", "extra_taxes": "taxes", "civil_war": "civilwar"}.items():
    register_slash_path(KIND, _verb, f"/rome {_path}")
for _verb in ("appoint", "bread", "circus", "build", "upgrade", "transfer", "fight", "annex",
              "loss", "promote", "emperor"):
    register_slash_path(KIND, _verb, f"/rome {_verb}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RomeCog(bot))
