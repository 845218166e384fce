"""Quotes pasted into a Discord option (ruling DIS-1, ``bot/quoted.py``).

``/game status`` suggests ``units:"a, b"`` and ``leader:"Avidius Cassius"``. Pasted into Discord,
each value keeps its quotes; every string option loses one enclosing pair before any cog reads
it, in every game. The lines below hide the double quotes from the local table's own parser
inside single quotes, so the value reaches the command with its quotes, as from Discord.
"""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from conftest import ok
from imperium_helpers import IROpener

from bot.local import LocalTable
from bot.quoted import UnbalancedQuote, unquoted
from bot.transcript import TranscriptRunner, parse_transcript
from rules.core import Command


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ('"IV Scythica, XII Fulminata"', "IV Scythica, XII Fulminata"),
        ("  “Avidius Cassius”  ", "Avidius Cassius"),
        ('„a, b“', "a, b"),
        ("« a b »", "a b"),
        ('" spaced "', "spaced"),
        ("plain words", "plain words"),
        ('a "b" c', 'a "b" c'),  # quotes inside are the player's own
        ('""x""', '"x"'),  # one pair only
    ],
)
def test_one_enclosing_pair_and_the_spaces_go(typed: str, value: str) -> None:
    assert unquoted(typed) == value


@pytest.mark.parametrize("typed", ['"Avidius Cassius', "Avidius Cassius”", '"'])
def test_a_quote_at_one_end_only_is_unbalanced(typed: str) -> None:
    with pytest.raises(UnbalancedQuote):
        unquoted(typed)


async def test_imperator_move_with_quoted_leader_and_units(tmp_path: Path) -> None:
    run = TranscriptRunner(tmp_path / "t.db", 1, tmp_path / "images", io.StringIO())
    await run.open()
    steps = [
        "as alice", '/game new game:imperator scenario:avidius_cassius options:"names=en"',
        "/game join seat:rome", "as bob", "/game join seat:enemies", "/game start",
        "as alice", "/reserve fronts:orient", "/end", "as bob",
        "! /move 'leader:\"Gaius Avidius Cassius' to:Cyrrhus",  # unbalanced: refused, privately
        "> The option leader has a quote mark at one end only",
        "/move 'leader:“Gaius Avidius Cassius”' to:'\"Cyrrhus\"' 'units:\"IV Scythica\"'",
        "> Gaius Avidius Cassius with IV Scythica moves to Cyrrhus",
    ]
    try:
        for step in parse_transcript("\n".join(steps)):
            await run.run_step(step)
    finally:
        await run.close()


def recorder(table: LocalTable, monkeypatch: pytest.MonkeyPatch) -> list[Command]:
    """The commands the engine would receive; none is played (same position for both lines)."""
    seen: list[Command] = []

    async def act(channel: str, user: str, command: Command, *args: Any, **kwargs: Any) -> Any:
        seen.append(command)
        from bot.moderator import ModeratorError

        raise ModeratorError("recorded")

    monkeypatch.setattr(table.moderator, "act", act)
    return seen


async def same_command(table: LocalTable, quoted: str, plain: str, seen: list[Command]) -> Command:
    await table.run_slash(quoted)
    await table.run_slash(plain)
    assert len(seen) == 2, [o.text for o in table.outputs[-2:]]
    assert seen[0] == seen[1]
    return seen[0]


async def test_barracks_list_option_with_quotes(table: LocalTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table.user = "alice"
    await ok(table, "/game new game:barracks scenario:standard-4p")
    seen = recorder(table, monkeypatch)
    command = await same_command(table, "/forum choice:frumentarii 'order:\"b3, a1\"'",
                                 "/forum choice:frumentarii order:b3,a1", seen)
    assert command.args == {"choice": "frumentarii", "order": ["b3", "a1"]}


async def test_rome_iinc_list_option_with_quotes(table: LocalTable, monkeypatch: pytest.MonkeyPatch) -> None:
    table.user = "alice"
    await ok(table, "/game new game:rome_iinc scenario:286 options:mode=solo")
    seen = recorder(table, monkeypatch)
    command = await same_command(
        table, "/rome fight war:goths commander:emperor 'provinces:“Thracia, Moesia”'",
        "/rome fight war:goths commander:emperor provinces:Thracia,Moesia", seen)
    assert command.args == {"war": "goths", "commander": "emperor", "provinces": ["Thracia", "Moesia"]}


async def test_imperium_list_option_with_quotes(ir_table: IROpener, monkeypatch: pytest.MonkeyPatch) -> None:
    table = await ir_table()
    table.user = "alice"
    seen = recorder(table, monkeypatch)
    command = await same_command(table, "/imperium fortify 'units:\" nowhere_a, nowhere_b \"'",
                                 "/imperium fortify units:nowhere_a,nowhere_b", seen)
    assert command.args == {"units": ["nowhere_a", "nowhere_b"]}


async def test_the_discord_tree_unquotes_commands_and_autocomplete(table: LocalTable) -> None:
    """The Discord path (``PraetorTree.interaction_check``): nested subcommand options are
    unquoted in place; an unbalanced one refuses privately; autocomplete drops a lone quote."""
    tree: Any = table.bot.tree
    answers: list[tuple[str, bool]] = []

    async def send_message(text: str, ephemeral: bool = False, **_kwargs: Any) -> None:
        answers.append((text, ephemeral))

    def interaction(kind: discord.InteractionType, value: str) -> Any:
        option = {"name": "provinces", "type": 3, "value": value}
        data = {"name": "rome", "options": [{"name": "fight", "type": 1, "options": [option]}]}
        response = SimpleNamespace(is_done=lambda: False, send_message=send_message)
        return SimpleNamespace(type=kind, data=data, response=response, locale="en-US",
                               user=SimpleNamespace(id=1), guild_locale=None, client=table.bot), option

    command = discord.InteractionType.application_command
    ready, option = interaction(command, " “Thracia, Moesia” ")
    assert await tree.interaction_check(ready) is True
    assert option["value"] == "Thracia, Moesia"
    assert answers == []
    broken, option = interaction(command, '"Thracia')
    assert await tree.interaction_check(broken) is False
    assert answers == [("❌ The option provinces has a quote mark at one end only: remove it, or close "
                        "the quote (quotes are optional in Discord).", True)]
    typing, option = interaction(discord.InteractionType.autocomplete, '"Thra')
    assert await tree.interaction_check(typing) is True
    assert option["value"] == "Thra"
