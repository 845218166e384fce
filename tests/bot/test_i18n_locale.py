"""The local table speaks the locale it is given: --locale, PRAETOR_LOCALE, `locale` lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.cli import build_parser
from bot.local import LocalInputError, LocalTable
from bot.moderator import Moderator
from bot.transcript import MalformedTranscript, parse_transcript


def test_cli_locale_option_and_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert build_parser().parse_args(["local", "--locale", "fr"]).locale == "fr"
    monkeypatch.setenv("PRAETOR_LOCALE", "fr")
    assert build_parser().parse_args(["replay", "x.txt"]).locale == "fr"
    monkeypatch.delenv("PRAETOR_LOCALE")
    assert build_parser().parse_args(["local"]).locale == "en-US"


def test_transcript_locale_lines() -> None:
    steps = parse_transcript("locale server fr\nas bob\nlocale fr\n")
    assert [(s.kind, s.text) for s in steps] == [
        ("locale", "server fr"),
        ("as", "bob"),
        ("locale", "fr"),
    ]
    with pytest.raises(MalformedTranscript):
        parse_transcript("locale fr en\n")


async def test_each_user_reads_their_own_locale(sqlite_engine: AsyncEngine, tmp_path: Path) -> None:
    table = LocalTable(Moderator(sqlite_engine), tmp_path / "images", locale="en-US")
    table.user = "bob"
    table.set_locale("fr")
    table.set_locale("server fr")
    assert table.locale_of("bob") == "fr" and table.locale_of("alice") == "fr"
    table.user = "alice"
    table.set_locale("en-GB")
    assert table.interaction().locale == "en-GB"
    assert table.interaction().guild_locale == "fr"
    with pytest.raises(LocalInputError):
        table.set_locale("a b c")


async def test_game_language_defaults_to_the_server_and_can_be_chosen(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    table = LocalTable(Moderator(sqlite_engine), tmp_path / "images", locale="fr")
    await table.setup()
    await table.run_slash("/game new game:barracks scenario:solo")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.options["language"] == "fr"  # a French server: French
    assert table.outputs[-1].text.startswith("Nouvelle partie")
    await table.run_slash("/game abandon")
    table.channel_id = "other-channel"
    await table.run_slash("/game new game:barracks scenario:solo language:en")
    row = await table.moderator.channel_game("other-channel")
    assert row is not None and row.options["language"] == "en"  # chosen at /game new
    assert table.outputs[-1].text.startswith("New game")
    await table.close()
