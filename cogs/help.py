"""``/help`` and ``/help game:<kind>``: the commands by phase, one ready-to-type example each.

Shown only to the asker. ``/game status`` says what to type *now*; ``/help`` is the whole menu.
``tests/bot/test_help_and_docs.py`` checks that every command named here exists and that every
command of the tree is in the help and in the docs.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import localise, reader_language
from cogs.common import reply
from rules.core.i18n import Text, _

Entry = tuple[str, Text]  # (example as typed, what it does)
Section = tuple[Text, tuple[Entry, ...]]

EVERY_GAME: tuple[Section, ...] = (
    (
        _("Start and manage a game"),
        (
            ("/game new game:imperator scenario:avidius_cassius", _("open a game in this channel")),
            ("/game join seat:rome", _("take a seat")),
            ("/game leave", _("leave your seat before the start")),
            ("/game start", _("start once every seat is taken")),
            ("/game replace seat:rome user:@someone", _("hand a seat to someone else")),
            ("/game status", _("whose move it is and what you may type now")),
            ("/game mine", _("your secrets (hand, chits), only to you")),
            ("/game list", _("the games on this server")),
            ("/game log", _("the log as you may see it")),
            ("/game follow mentions:true", _("follow as a spectator")),
            ("/game unfollow", _("stop following")),
            ("/game undo", _("take back the last action (every seat must agree)")),
            ("/game concede", _("give up (asks for a confirmation)")),
            ("/game abandon", _("end the game by everyone's consent")),
            ("/roll dice:2d6+1 reason:test", _("dice outside games")),
            ("/respond", _("answer a decision waiting on you")),
            ("/help game:imperator", _("this list, for one game")),
        ),
    ),
)

GAMES: dict[str, tuple[Section, ...]] = {
    "imperator": (
        (
            _("Any time"),
            (
                ("/map view:theatre", _("the map: whole, theatre, front:orient, or zone:")),
                ("/zone zone:Antiochia", _("what stands in a zone, as text")),
                ("/standing", _("year, phase, VP, titles, wars")),
                ("/chronicle", _("the log as text and JSON")),
                ("/stratagems", _("your stratagem chits, only to you")),
                ("/stratagem chit:coup_d_etat_parthe", _("play a stratagem chit when the rules allow")),
                ("/usurp leader:\"Avidius Cassius\"", _("raise a usurper with a chit (§6.2)")),
                ("/assassinate leader:Commode", _("Didius Julianus' yearly attempt (§4.5)")),
                ("/custodes leader:Commode", _("who holds the Corporis Custodes (§3.6)")),
            ),
        ),
        (
            _("Phase C, geostrategy"),
            (
                ("/reserve fronts:\"orient, danube\"", _("Rome chooses its Reserve Fronts (§3.2)")),
                (
                    "/vexillation action:create units:\"i_italica, ii_italica, iii_italica\"",
                    _("three legions of one Front form a vexillation (§3.4)"),
                ),
                ("/end", _("end your step")),
            ),
        ),
        (
            _("Phase D, administration"),
            (
                ("/designate leader:Commode title:caesar", _("name an Augustus or a Caesar (§3.6)")),
                ("/end", _("end your nominations")),
            ),
        ),
        (
            _("Phase E, movement"),
            (
                (
                    "/move leader:\"Avidius Cassius\" units:iv_scythica to:Cyrrhus",
                    _("a leader and his units (§7)"),
                ),
                (
                    "/move leader:\"Martius Verus\" units:\"XII Fulminata, XVI Flavia\" to:Cyrrhus",
                    _("a list option: names separated by commas (a name may have spaces), "
                      "or ids separated by spaces"),
                ),
                ("/march leader:\"Marc-Aurèle\"", _("the same with menus")),
                ("/sail fleet:ravenna to:mare_internum_centralis", _("a Roman fleet (§3.5)")),
                ("/rally zone:Antiochia", _("a rebel leader wins over loyal units (§4.5)")),
                ("/end", _("end your movement; battles follow")),
            ),
        ),
        (
            _("Phase E, battles"),
            (
                ("/attack zone:Cyrrhus", _("fight the battle in a zone (§8)")),
                ("/evade", _("your attacked stack tries to evade (§8.1)")),
                ("/end", _("end your SMC")),
            ),
        ),
    ),
    "barracks": (
        (
            _("Your turn"),
            (
                ("/play card:castra-3 space:C3", _("place an Influence card (or use the menus)")),
                ("/move card:barbarian-01 from:D1 to:C2", _("move a Barbarian")),
                ("/ability target:D4", _("use the ability of the card just played")),
                ("/skip", _("do not use it")),
                ("/resolve emperor:philip", _("resolve this surrounded Emperor next")),
                ("/forum choice:2", _("take a Forum card (or frumentarii)")),
            ),
        ),
        (
            _("Solo game"),
            (
                ("/discard card:castra-3", _("no legal play: discard a card")),
                ("/defeat card:castra-3", _("defeat the Barbarian nearest Roma")),
                ("/citizenship slot:1", _("a Blue Forum card makes way")),
            ),
        ),
        (
            _("Any time"),
            (
                ("/hand", _("your hand, only to you")),
                ("/table", _("the table picture, Forum and scores")),
            ),
        ),
    ),
    "rome_iinc": (
        (
            _("Unrest step"),
            (
                ("/rome appoint statesman:julian command:moesia", _("a Statesman governs (10.3)")),
                ("/rome bread points:1", _("buy Prestige, 10 Gold a point (10.5.1)")),
                ("/rome circus points:1", _("reduce Unrest, 10 Gold a point (10.5.2)")),
                ("/rome build unit:auxilia province:dacia", _("build a Unit (10.6)")),
                ("/rome upgrade unit:auxilia-01", _("promote a Fort or Auxilia (10.6.2)")),
                ("/rome transfer unit:cavalry-02 to:osrhoene", _("move a Unit (10.7)")),
                ("/rome gold amount:20", _("give Gold to the other Empire (9.1.5)")),
                ("/end", _("end your Empire's step")),
            ),
        ),
        (
            _("War step"),
            (
                (
                    "/rome fight war:alamannic_8_1 commander:emperor provinces:noricum",
                    _("fight a War (11.2)"),
                ),
                ("/rome civilwar rebel:gallia", _("fight a Rebel (11.4)")),
                ("/end", _("end your Empire's step")),
            ),
        ),
        (
            _("When asked"),
            (
                ("/rome annex choice:armenia", _("the Province to Annex (10.2)")),
                ("/rome loss choice:demote", _("the next Loss (11.3)")),
                ("/rome promote choice:auxilia-01", _("the Unit promoted (11.2.3)")),
                ("/rome emperor choice:julian", _("the new Emperor (5.1.4f)")),
                ("/rome taxes", _("Extra Taxes while in debt (9.1.4)")),
            ),
        ),
    ),
    "imperium_romanum": (
        (
            _("Start a game"),
            (
                ("/game new game:imperium_romanum scenario:s12", _("scenario 12, Trajan's Dacia: seats rome and dacia (the others: s01, s02, s24)")),
                ("/game join seat:dacia", _("take a power; one person may hold several")),
                ("/game status", _("the month and segment, who is to move and what you may type now")),
            ),
        ),
        (
            _("Taxation & Mobilization, every power at once (March, June, September, December)"),
            (
                ("/imperium build type:light_infantry_4_12 city:aquincum", _("raise a unit, told to you alone (7.4)")),
                ("/imperium build type:legion_20_10 city:sirmium colour:dacia", _("raise it in a dissolved faction's colour you gained (20.4)")),
                ("/imperium militia province:baetica sp:1", _("rebuild a province's militia, where the scenario has it (29.4)")),
                ("/end", _("your orders are given; the others see how many units you raised when the phase closes")),
            ),
        ),
        (
            _("Diplomacy, every power at once"),
            (
                ("/imperium ally with:dacia", _("offer a one-month alliance (5.8)")),
                ("/imperium gift to:dacia amount:5", _("offer talents (6.0)")),
                ("/imperium ransom leader:decebalus talents:10", _("offer to free a prisoner (18.2.1)")),
                ("/imperium give to:dacia units:rome.legion_20_10.1,rome.legion_20_10.2", _("offer an ally of this month units, or city: one city, or fort: one fort (5.8)")),
                ("/imperium interfere fleets:pirates.fleet_18_30.3 province:sardinia", _("pirates: seize a grain province's grain this month (27.1.4)")),
                ("/imperium answer offer:alliance-3 choice:accept", _("accept or decline an offer made to you (4.3)")),
                ("/end", _("your orders are given; one public line gives the month's agreements")),
            ),
        ),
        (
            _("Naval operations, one power after the other"),
            (
                ("/imperium embark fleets:rome.fleet_18_30.1 units:rome.legion_20_10.1", _("take troops aboard (10.4.2)")),
                ("/imperium sail fleets:rome.fleet_18_30.1 to:B4823", _("sail (10.3)")),
                ("/imperium debark fleets:rome.fleet_18_30.1 to:B4822", _("land the troops (10.4.3, 10.5)")),
                ("/imperium naval fleets:rome.fleet_18_30.1", _("attack the enemy fleets there (10.7)")),
                ("/end", _("end your naval segment")),
            ),
        ),
        (
            _("Your player turn: land movement"),
            (
                ("/move units:rome.legion_20_10.1 to:B4314", _("move a group (12.0)")),
                ("/imperium fortify units:rome.legion_20_10.1", _("field fortifications (21.1)")),
                ("/imperium demolish units:rome.legion_20_10.1", _("demolish a fort with heavy infantry (21.3)")),
                ("/imperium treasure city:roma", _("optional rule 43: take a treasure city's treasure")),
                ("/imperium convert fleet:rome.fleet_18_30.1", _("a fleet in a land hex becomes a legion, where the scenario allows it (34)")),
                ("/end", _("end your movement; land combat follows")),
            ),
        ),
        (
            _("Your player turn: land combat"),
            (
                ("/attack zone:B4512", _("attack in a hex (14.1)")),
                ("/imperium attack hex:B4012 mode:besiege", _("besiege an empty city (17.1)")),
                ("/end", _("end your combats; sieges and supply follow")),
            ),
        ),
        (
            _("When asked: response windows and deadlines"),
            (
                ("/respond", _("interception, battle or retreat, assault, losses, elite legion, donative, plunder, "
                               "supply: the Respond button shows the choices to you alone")),
                ("/respond", _("a segment every power plays at once waits until all have ended or its deadline "
                               "passes; Respond ends your part; its default ends every part still open (4.0)")),
            ),
        ),
        (
            _("Standing orders: a window answered for you"),
            (
                ("/imperium standing order:intercept value:never", _("never try to intercept (12.4)")),
                ("/imperium standing order:combat value:always_fight", _("always fight an attack, never retreat before it (14.1)")),
                ("/imperium standing order:retreat value:first", _("after a lost battle, retreat to the first hex offered (14.5.1)")),
                ("/imperium standing order:losses value:weakest", _("take the losses from the weakest units (14.5)")),
                ("/imperium standing order:supply value:bt", _("supply from baggage trains (13.2)")),
                ("/imperium standing order:intercept value:ask", _("ask again: every order takes ask")),
            ),
        ),
        (
            _("Any time"),
            (
                ("/map", _("the provinces by control; /imperium map where: for a hex, province or city")),
                ("/imperium map where:dacia mine:true", _("the map with your own stacks whole, to you alone")),
                ("/record power:rome", _("a power's record (5.4)")),
                ("/imperium appeal", _("optional rule 42: appeal to the gods before your next roll")),
                ("/stack hex:B4415", _("what you may see of a stack (3.2)")),
            ),
        ),
    ),
}


def help_lines(game: str | None, language: str = "en") -> list[str]:
    """The help as lines, in ``language``: every game's commands, then one game's by phase (or
    all games)."""
    wanted = [game] if game in GAMES else sorted(GAMES)
    lines: list[str] = []
    sections: list[tuple[str, tuple[Entry, ...]]] = [
        (localise(title, language), entries) for title, entries in EVERY_GAME
    ]
    for kind in wanted:
        sections.extend(
            (f"{kind.replace('_', ' ').title()}: {localise(title, language)}", entries)
            for title, entries in GAMES[kind]
        )
    for title, entries in sections:
        lines.append(f"**{title}**")
        lines.extend(f"`{example}` — {localise(what, language)}" for example, what in entries)
    return lines


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="The commands by phase, with an example each")
    @app_commands.describe(game="Only this game's commands")
    @app_commands.choices(
        game=[app_commands.Choice(name=kind, value=kind) for kind in sorted(GAMES)]
    )
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        language = reader_language(interaction)  # shown to the asker only
        lines = help_lines(game, language)
        if game is None:
            lines.append(localise(_("/help game:imperator shows one game only."), language))
        text = "\n".join(lines)
        chunks: list[str] = []
        current = ""
        for line in text.splitlines():
            if len(current) + len(line) + 1 > 1900:
                chunks.append(current)
                current = ""
            current = f"{current}\n{line}" if current else line
        chunks.append(current)
        for chunk in chunks:
            await reply(interaction, chunk, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
