"""``/help`` and ``/help game:<kind>``: the commands by phase, one ready-to-type example each.

Shown only to the asker. ``/game status`` says what to type *now*; ``/help`` is the whole menu.
``tests/bot/test_help_and_docs.py`` checks that every command named here exists and that every
command of the tree is in the help and in the docs.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import reply
from rules.core.i18n import _

Entry = tuple[str, str]  # (example as typed, what it does)
Section = tuple[str, tuple[Entry, ...]]

EVERY_GAME: tuple[Section, ...] = (
    (
        "Start and manage a game",
        (
            ("/game new game:imperator scenario:avidius_cassius", "open a game in this channel"),
            ("/game join seat:rome", "take a seat"),
            ("/game leave", "leave your seat before the start"),
            ("/game start", "start once every seat is taken"),
            ("/game replace seat:rome user:@someone", "hand a seat to someone else"),
            ("/game status", "whose move it is and what you may type now"),
            ("/game mine", "your secrets (hand, chits), only to you"),
            ("/game list", "the games on this server"),
            ("/game log", "the log as you may see it"),
            ("/game follow mentions:true", "follow as a spectator"),
            ("/game unfollow", "stop following"),
            ("/game undo", "take back the last action (every seat must agree)"),
            ("/game concede", "give up (asks for a confirmation)"),
            ("/game abandon", "end the game by everyone's consent"),
            ("/roll dice:2d6+1 reason:test", "dice outside games"),
            ("/respond", "answer a decision waiting on you"),
            ("/help game:imperator", "this list, for one game"),
        ),
    ),
)

GAMES: dict[str, tuple[Section, ...]] = {
    "imperator": (
        (
            "Any time",
            (
                ("/map view:theatre", "the map: whole, theatre, front:orient, or zone:"),
                ("/zone zone:Antiochia", "what stands in a zone, as text"),
                ("/standing", "year, phase, VP, titles, wars"),
                ("/chronicle", "the log as text and JSON"),
                ("/stratagems", "your stratagem chits, only to you"),
                ("/stratagem chit:coup_d_etat_parthe", "play a stratagem chit when the rules allow"),
                ("/usurp leader:\"Avidius Cassius\"", "raise a usurper with a chit (§6.2)"),
                ("/assassinate leader:Commode", "Didius Julianus' yearly attempt (§4.5)"),
                ("/custodes leader:Commode", "who holds the Corporis Custodes (§3.6)"),
            ),
        ),
        (
            "Phase C, geostrategy",
            (
                ("/reserve fronts:\"orient, danube\"", "Rome chooses its Reserve Fronts (§3.2)"),
                (
                    "/vexillation action:create units:\"i_italica, ii_italica, iii_italica\"",
                    "three legions of one Front form a vexillation (§3.4)",
                ),
                ("/end", "end your step"),
            ),
        ),
        (
            "Phase D, administration",
            (
                ("/designate leader:Commode title:caesar", "name an Augustus or a Caesar (§3.6)"),
                ("/end", "end your nominations"),
            ),
        ),
        (
            "Phase E, movement",
            (
                (
                    "/move leader:\"Avidius Cassius\" units:iv_scythica to:Cyrrhus",
                    "a leader and his units (§7)",
                ),
                ("/march leader:\"Marc-Aurèle\"", "the same with menus"),
                ("/sail fleet:ravenna to:mare_internum_centralis", "a Roman fleet (§3.5)"),
                ("/rally zone:Antiochia", "a rebel leader wins over loyal units (§4.5)"),
                ("/end", "end your movement; battles follow"),
            ),
        ),
        (
            "Phase E, battles",
            (
                ("/attack zone:Cyrrhus", "fight the battle in a zone (§8)"),
                ("/evade", "your attacked stack tries to evade (§8.1)"),
                ("/end", "end your SMC"),
            ),
        ),
    ),
    "barracks": (
        (
            "Your turn",
            (
                ("/play card:castra-3 space:C3", "place an Influence card (or use the menus)"),
                ("/move card:barbarian-01 from:D1 to:C2", "move a Barbarian"),
                ("/ability target:D4", "use the ability of the card just played"),
                ("/skip", "do not use it"),
                ("/resolve emperor:philip", "resolve this surrounded Emperor next"),
                ("/forum choice:2", "take a Forum card (or frumentarii)"),
            ),
        ),
        (
            "Solo game",
            (
                ("/discard card:castra-3", "no legal play: discard a card"),
                ("/defeat card:castra-3", "defeat the Barbarian nearest Roma"),
                ("/citizenship slot:1", "a Blue Forum card makes way"),
            ),
        ),
        (
            "Any time",
            (
                ("/hand", "your hand, only to you"),
                ("/table", "the table picture, Forum and scores"),
            ),
        ),
    ),
    "rome_iinc": (
        (
            "Unrest step",
            (
                ("/rome appoint statesman:julian command:moesia", "a Statesman governs (10.3)"),
                ("/rome bread points:1", "buy Prestige, 10 Gold a point (10.5.1)"),
                ("/rome circus points:1", "reduce Unrest, 10 Gold a point (10.5.2)"),
                ("/rome build unit:auxilia province:dacia", "build a Unit (10.6)"),
                ("/rome upgrade unit:auxilia-01", "promote a Fort or Auxilia (10.6.2)"),
                ("/rome transfer unit:cavalry-02 to:osrhoene", "move a Unit (10.7)"),
                ("/rome gold amount:20", "give Gold to the other Empire (9.1.5)"),
                ("/end", "end your Empire's step"),
            ),
        ),
        (
            "War step",
            (
                (
                    "/rome fight war:alamannic_8_1 commander:emperor provinces:noricum",
                    "fight a War (11.2)",
                ),
                ("/rome civilwar rebel:gallia", "fight a Rebel (11.4)"),
                ("/end", "end your Empire's step"),
            ),
        ),
        (
            "When asked",
            (
                ("/rome annex choice:armenia", "the Province to Annex (10.2)"),
                ("/rome loss choice:demote", "the next Loss (11.3)"),
                ("/rome promote choice:auxilia-01", "the Unit promoted (11.2.3)"),
                ("/rome emperor choice:julian", "the new Emperor (5.1.4f)"),
                ("/rome taxes", "Extra Taxes while in debt (9.1.4)"),
            ),
        ),
    ),
}


def help_lines(game: str | None) -> list[str]:
    """The help as lines: every game's commands, then one game's by phase (or all games)."""
    wanted = [game] if game in GAMES else sorted(GAMES)
    lines: list[str] = []
    sections: list[tuple[str, tuple[Entry, ...]]] = list(EVERY_GAME)
    for kind in wanted:
        sections.extend((f"{kind.title()}: {title}", entries) for title, entries in GAMES[kind])
    for title, entries in sections:
        lines.append(f"**{title}**")
        lines.extend(f"`{example}` — {what}" for example, what in entries)
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
        lines = help_lines(game)
        if game is None:
            lines.append(str(_("/help game:imperator shows one game only.")))
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
