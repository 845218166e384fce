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

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import ModeratorError
from cogs.common import channel_key, praetor, refuse, run_command
from cogs.play import complete, split_list
from cogs.ready import register_slash_path
from rules.core.i18n import _

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
