"""Menus built from the engine's legal commands, shared by every game that lists them
(Rome, IInc. and Imperium Romanum): a public "Next step" button, then, for the clicker alone,
a select of the verbs their seat may use and a page of that verb's commands, 25 at a time.

A game joins with :func:`register_menus` (its kind and how one legal command reads in words)
and puts :func:`panel_extras` on its public messages. The components are ``DynamicItem``s
whose custom id carries the game, the expected seq, the seat, the verb and the page; every
field and every clicked value is checked against what the engine offers now, and anything else
is refused privately ("That choice is not on offer any more."). The cog decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.bounds import component_number, option_index
from bot.i18n import fit_words, localise, reader_language
from bot.moderator import ActResult, ModeratorError, seats_of
from bot.present import mention
from cogs.common import DYNAMIC_ITEMS, Extras, announce, game_row, praetor, refuse, user_key
from rules.core import Command, RuleError
from rules.core.i18n import _, _n

if TYPE_CHECKING:
    from db.models import GameRow
    from rules.core.game import Game

PAGE = 25  # options in one select (Discord's limit)

Labeller = Callable[[Any, Command], str]
"""``(game, legal command) -> words``: how one command reads in a menu (names, not ids)."""

LABELS: dict[str, Labeller] = {}
"""The game kinds whose menus are built here, with their labeller."""


def register_menus(kind: str, label: Labeller) -> None:
    LABELS[kind] = label


def legal(game: Game[Any], seat: str) -> list[Command]:
    """``seat``'s legal commands for the menus: answers to a decision are left to the Respond
    button, so a seat that may only answer one gets no menu, while the other seats of a
    simultaneous segment under a deadline (Imperium Romanum, 4.0) keep theirs."""
    finder = getattr(game, "legal_commands", None)
    return [c for c in finder(seat) if c.name != "decide"] if finder is not None else []


def verbs(game: Game[Any], seat: str) -> list[tuple[str, str, int]]:
    """(verb, description, how many commands) of what ``seat`` may do now, engine order."""
    counts: dict[str, int] = {}
    for c in legal(game, seat):
        counts[c.name] = counts.get(c.name, 0) + 1
    help_of = {a.name: a.description for a in game.actions(seat)}
    return [(v, help_of.get(v, v), n) for v, n in counts.items()]


def command_label(kind: str, game: Game[Any], command: Command) -> str:
    """One legal command in words, by the game's labeller (its verb when it has none)."""
    labeller = LABELS.get(kind)
    return labeller(game, command) if labeller is not None else command.name


def step_view(row: GameRow, game: Game[Any], seat: str, language: str = "en",
              verb: str | None = None, page: int = 0) -> tuple[str, discord.ui.View | None]:
    """The prompt and components of ``seat``'s next step: a select of the verbs it may use,
    or (a verb chosen, or only one verb) a page of that verb's commands with Previous/Next."""
    if seat not in game.to_move():
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
        options = [discord.SelectOption(label=fit_words(localise(text, language)), value=name,
                                        description=fit_words(localise(_n("{n} choice", "{n} choices", n), language)))
                   for name, text, n in offered][:PAGE]
        view.add_item(VerbSelect(game_id, seq, seat, options))
        prompt = _("**{seat}**: what next? (each choice is also a command to type: /game status)",
                   seat=seat)
        return localise(prompt, language), view
    commands_now = [c for c in legal(game, seat) if c.name == verb]
    pages = max(1, -(-len(commands_now) // PAGE))
    page = min(max(page, 0), pages - 1)
    first = page * PAGE
    options = [discord.SelectOption(label=fit_words(localise(command_label(row.kind, game, c), language)),
                                    value=str(first + i))
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


async def menu_game(interaction: discord.Interaction, game_id: int) -> GameRow:
    """The game a menu names, when it is of a kind with these menus."""
    row = await game_row(praetor(interaction), game_id)
    if row.kind not in LABELS:
        raise ModeratorError(_("This button belongs to no game."))
    return row


async def current(interaction: discord.Interaction, game_id: int, seq: int,
                  seat: str) -> tuple[GameRow, Game[Any]]:
    """The game at ``seq``, when the clicker holds ``seat`` and it is that seat's move."""
    row = await menu_game(interaction, game_id)
    if row.status != "active":
        raise ModeratorError(_("This game is not in progress."))
    if row.seq != seq:
        raise ModeratorError(_("This menu is out of date: the game has moved on. Use /game status."))
    if seat not in seats_of(row, user_key(interaction)):
        raise ModeratorError(_("This menu is for the {seat} player.", seat=seat))
    game = await praetor(interaction).moderator.load(row)
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
            row = await menu_game(interaction, self.game_id)
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
    template=r"praetor:rverb:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z_]+)",
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
    template=r"praetor:rcmd:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z_]+):(?P<verb>[a-z_]+):(?P<page>\d+)",
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
    template=r"praetor:rpage:(?P<game>\d+):(?P<seq>\d+):(?P<seat>[a-z_]+):(?P<verb>[a-z_]+):(?P<page>\d+)",
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


def panel_extras(row: GameRow, game: Game[Any], result: ActResult | None,
                 language: str) -> Extras:
    """The Next step panel on a command's one public message (a ``PUBLIC_EXTRAS`` hook, pure;
    the menu behind it is shown to the clicker alone, for their own seat), with a mention of
    who moves at the start (``result`` None); nothing once the game is over or while the only
    thing to do is to answer a decision (its Respond button is there)."""
    if result is not None and result.result is not None:
        return Extras()
    movers = [seat for seat in game.to_move() if legal(game, seat)]
    if not movers:
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
