"""Rome, IInc. in Discord: the ``/rome`` group, one subcommand per verb of the engine.

The enemy runs itself; the players only make the choices the rules give them (docs/rome-iinc.md).
``/end`` (shared, cogs/play.py) finishes a step; a consent to a Unit Transfer is answered through
the Respond button every game uses. Everything else is a subcommand here:

``/rome appoint`` ``bread`` ``circus`` ``build`` ``upgrade`` ``transfer`` (Unrest step, 10.0),
``/rome gold`` ``taxes`` (the engine's ``give_gold`` and ``extra_taxes``, 9.1), ``/rome fight``
``civilwar`` (``civil_war``; 11.2, 11.4), and the answers to the first open task of an Empire: ``/rome annex`` ``loss`` ``promote`` ``emperor``.

The subcommands are one table (``VERBS``) made into commands of one shape (:func:`subcommand`).
Each option autocompletes from ``Game.actions`` of the caller's seats through the helper every
game shares (``cogs.common.action_choices``; a solo player holding both Empires is offered the
choices of whichever moves), and every command takes the path of all game verbs
(``cogs.common.run_command``): refused privately with the rule's section, or announced in public
with its outcome and dice.

Each accepted command's public message carries a Next step button (``PUBLIC_EXTRAS``); it opens
the clicker's menu (a select of the verbs their seat may use, then a page of that verb's legal
commands, 25 at a time). The cog decides nothing.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number, option_index
from bot.i18n import localise, reader_language
from bot.moderator import ActResult, ModeratorError, seats_of
from bot.present import mention
from cogs.common import (
    DYNAMIC_ITEMS,
    PUBLIC_EXTRAS,
    Extras,
    action_choices,
    announce,
    channel_key,
    game_row,
    praetor,
    refuse,
    run_command,
    user_key,
)
from cogs.play import split_list
from cogs.ready import register_example_source, register_slash_path
from rules.core import Command, RuleError
from rules.core.i18n import _, _n

if TYPE_CHECKING:
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
    if verb not in {name for name, _text, _count in offered}:
        verb = None  # a verb no longer (or never) offered, e.g. from a forged custom id
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
        if not matching:
            await refuse(interaction, _("That choice is not on offer any more."))
            return
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
def public_extras(row: GameRow, game: Game[Any], result: ActResult | None,
                  language: str) -> Extras:
    """``PUBLIC_EXTRAS`` hook (pure, whatever path the command took): the Next step panel on the
    command's one public message (the menu behind it is shown to the clicker alone, for their
    own seat), with a mention of who moves at the start (``result`` None); nothing once the
    game is over or while a consent waits (its Respond button is there)."""
    if result is not None and result.result is not None:
        return Extras()
    movers = game.to_move()
    if not movers or game.pending_decision() is not None:
        return Extras()
    ping = result is None
    names = ", ".join(f"{seat} {mention(row.seats.get(seat))}" if ping else seat for seat in movers)
    view = discord.ui.View(timeout=None)
    view.add_item(NextButton(row.id or 0, row.seq or 0, language))
    text = _("{names}: your next step is behind this button (or type it: /game status).",
             names=names)
    users = [str(row.seats.get(seat)) for seat in movers if ping and row.seats.get(seat)]
    return Extras(lines=[localise(text, language)], components=view.to_components(),
                  mentions=users)


PUBLIC_EXTRAS[KIND] = public_extras


# -- the typed verbs: one table, one shape ------------------------------------------------------
@dataclass(frozen=True)
class Option:
    name: str
    description: str
    required: bool = True
    autocomplete: bool = True  # from the engine's legal values (cogs.common.action_choices)
    listed: bool = False  # typed as a comma-separated list


@dataclass(frozen=True)
class Verb:
    name: str  # the /rome subcommand
    engine: str  # the engine's verb
    description: str
    options: tuple[Option, ...] = ()


VERBS = (
    # the Unrest step (10.0)
    Verb("appoint", "appoint", "Appoint a Statesman as Governor of a Command (10.3)", (
        Option("statesman", "The Statesman to appoint"),
        Option("command", "The Command he governs"),
        Option("also", "Further Commands he governs as well, comma-separated (5.2.5)",
               required=False, autocomplete=False, listed=True))),
    Verb("bread", "bread", "Bread: buy Prestige at 10 Gold a point (10.5.1)",
         (Option("points", "Prestige points to buy"),)),
    Verb("circus", "circus", "Circuses: reduce Unrest at 10 Gold a point (10.5.2)",
         (Option("points", "Unrest points to remove"),)),
    Verb("build", "build", "Build a Unit from the Barracks (10.6)",
         (Option("unit", "The kind of Unit"), Option("province", "Where it is placed"))),
    Verb("upgrade", "upgrade", "Promote a Fort or an Auxilia with Gold (10.6.2)",
         (Option("unit", "The Unit to promote"),)),
    Verb("transfer", "transfer", "Transfer a Unit to a Loyal Province (10.7)",
         (Option("unit", "The Unit to move"), Option("to", "The Province it goes to"))),
    # Gold (9.1)
    Verb("gold", "give_gold", "Give Gold to the other Empire (9.1.5)",
         (Option("amount", "How much Gold", autocomplete=False),)),
    Verb("taxes", "extra_taxes", "Raise Extra Taxes while in debt (9.1.4)"),
    # the War step (11.0)
    Verb("fight", "fight", "Fight a War (11.2)", (
        Option("war", "The War to fight"),
        Option("commander", "emperor, or the Command whose Governor leads"),
        Option("provinces", "The Provinces whose Units fight, comma-separated", listed=True))),
    Verb("civilwar", "civil_war", "Fight a Rebel in a Civil War (11.4)",
         (Option("rebel", "The Rebel's Command, or emperor:<empire>"),)),
    # the open tasks of an Empire
    Verb("annex", "annex", "Choose the Province to Annex (10.2)", (Option("choice", "The Province"),)),
    Verb("loss", "loss", "Choose the next Loss after a defeat (11.3)",
         (Option("choice", "The Loss to take"),)),
    Verb("promote", "promote", "Choose the Unit promoted after a Triumph (11.2.3)",
         (Option("choice", "The Unit"),)),
    Verb("emperor", "emperor", "Choose the new Emperor (5.1.4f)",
         (Option("choice", "The Statesman who becomes Emperor"),)),
)


def completer(verb: str, option: str) -> Any:
    """Autocomplete of one option: the legal values now, for the caller's seats."""

    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            row, game = await praetor(interaction).moderator.game_for(channel_key(interaction))
        except ModeratorError:
            return []
        if row.kind != KIND:
            return []
        return action_choices(game, seats_of(row, user_key(interaction)), verb, option, current)

    return callback


def subcommand(spec: Verb, group: app_commands.Group) -> app_commands.Command[Any, Any, Any]:
    """The ``/rome`` subcommand of ``spec``: its options typed as strings, lists split, then
    the common path of every verb (:func:`run`)."""

    async def callback(interaction: discord.Interaction, **typed: str | None) -> None:
        args: dict[str, Any] = {}
        for option in spec.options:
            value = typed.get(option.name)
            if value is not None:
                args[option.name] = split_list(value) if option.listed else value
        await run(interaction, spec.engine, args)

    kind = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    params += [inspect.Parameter(o.name, kind, annotation=str) if o.required
               else inspect.Parameter(o.name, kind, default=None, annotation=Optional[str])  # noqa: UP045
               for o in spec.options]
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__name__ = spec.name
    if spec.options:
        callback = app_commands.describe(**{o.name: o.description for o in spec.options})(callback)
        completers = {o.name: completer(spec.engine, o.name) for o in spec.options if o.autocomplete}
        if completers:
            callback = app_commands.autocomplete(**completers)(callback)
    return app_commands.Command(name=spec.name, description=spec.description, callback=callback,
                                parent=group)


rome = app_commands.Group(name="rome", description="Rome, IInc.: govern the Late Empire")
for _spec in VERBS:
    rome.add_command(subcommand(_spec, rome))
    # what /game status suggests (cogs/ready.py): each engine verb as the subcommand sending it
    register_slash_path(KIND, _spec.engine, f"/rome {_spec.name}")
# and, besides the legal commands, an example of the open ones (a Transfer, a Gift of Gold)
register_example_source(KIND, lambda game, seat: game.example_commands(seat))


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(rome)
