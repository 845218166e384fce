"""Rome, IInc. in Discord: the ``/rome`` group, one subcommand per verb of the engine.

The enemy runs itself; the players only make the choices the rules give them (docs/rome-iinc.md).
``/end`` (shared, cogs/play.py) finishes a step; a consent to a Unit Transfer is answered through
the Respond button every game uses. Everything else is a subcommand here:

``/rome appoint`` ``bread`` ``circus`` ``build`` ``upgrade`` ``transfer`` (Unrest step, 10.0),
``/rome gold`` ``taxes`` (the engine's ``give_gold`` and ``extra_taxes``, 9.1), ``/rome fight``
``civilwar`` (``civil_war``; 11.2, 11.4), and the answers to the first open task of an Empire: ``/rome annex`` ``loss`` ``promote`` ``emperor``.

The subcommands are one table (``VERBS``) made into commands of one shape (:func:`subcommand`).
Each option autocompletes from ``Game.actions`` of the caller's seats through the helper every
game shares (``cogs.common.legal_choices``; a solo player holding both Empires is offered the
choices of whichever moves), and every command takes the path of all game verbs
(``cogs.common.run_command``): refused privately with the rule's section, or announced in public
with its outcome and dice.

Each accepted command's public message carries a Next step button (``PUBLIC_EXTRAS``); it opens
the clicker's menu (a select of the verbs their seat may use, then a page of that verb's legal
commands, 25 at a time), built by the menus every such game shares (``cogs/legal_menus.py``).
The cog decides nothing.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import ModeratorError, seats_of
from cogs.common import (
    PUBLIC_EXTRAS,
    channel_key,
    legal_choices,
    praetor,
    refuse,
    run_command,
    typed_options,
    user_key,
)
from cogs.legal_menus import panel_extras, register_menus
from cogs.play import split_list
from cogs.ready import register_slash_path
from rules.core import Command
from rules.core.i18n import _

if TYPE_CHECKING:
    from rules.core.game import Game

KIND = "rome_iinc"


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


# -- menus: the next step of a seat, from the engine's legal commands (cogs/legal_menus.py) ----
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


register_menus(KIND, command_label)
PUBLIC_EXTRAS[KIND] = panel_extras


# -- the typed verbs: one table, one shape ------------------------------------------------------
@dataclass(frozen=True)
class Option:
    name: str
    description: str
    required: bool = True
    autocomplete: bool = True  # from the engine's legal values (cogs.common.legal_choices)
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
        return legal_choices(game, seats_of(row, user_key(interaction)), verb, option,
                             typed_options(interaction.namespace), current)

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


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(rome)
