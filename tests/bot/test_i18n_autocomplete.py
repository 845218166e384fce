"""Autocomplete choices are read by the one person typing: they come in that person's language
(issue 13). Imperator's menus mark their suffixes (``— zone (CC n)``, ``(n PM)``) and the bot's
autocomplete guard writes every marked choice name in the reader's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

import bot.i18n
from bot.client import guard_autocomplete
from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator
from cogs.play import complete
from tests.bot.test_i18n_pseudo import MARK, PseudoCatalogue, pseudo

OPENING = [
    ("alice", "/game new game:imperator scenario:avidius_cassius"),
    ("alice", "/game join seat:rome"),
    ("bob", "/game join seat:enemies"),
    ("bob", "/game start"),
    ("alice", "/reserve fronts:orient"),
    ("alice", "/end"),
]


@pytest.fixture
async def table(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> LocalTable:
    catalogue = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: catalogue if language == "fr" else None)
    moderator = Moderator(sqlite_engine, clock=FakeClock(), seed_source=lambda: "replay-1-1")
    t = LocalTable(moderator, tmp_path / "images")
    await t.setup()
    for user, line in OPENING:
        t.user = user
        await t.run_slash(line)
        assert not [o.text for o in t.outputs if o.refusal], line
    return t


async def offered(table: LocalTable, user: str, locale: str, option: str, **ns: Any) -> list[str]:
    table.user = user
    table.user_locales[user] = locale
    interaction = table.interaction(namespace=ns)
    found = await guard_autocomplete(complete("move", option))(interaction, "")
    return [str(c.name) for c in found]


async def test_the_leader_menu_suffix_is_in_the_readers_language(table: LocalTable) -> None:
    french = await offered(table, "bob", "fr", "leader")
    assert french and all(MARK in name for name in french), french
    suffix = pseudo("— {zone} (CC {cc})")
    assert any(name.startswith("Avidius") and suffix.split("{zone}")[0] in name for name in french)
    english = await offered(table, "bob", "en-US", "leader")
    assert english and all(MARK not in name and "(CC " in name for name in english), english


async def test_the_destination_menu_cost_is_in_the_readers_language(table: LocalTable) -> None:
    french = await offered(table, "bob", "fr", "to", leader="avidius_cassius", units="iv_scythica")
    assert french and all(name.endswith(pseudo("({pm} PM)").split("{pm}")[1]) for name in french)
    english = await offered(table, "bob", "en-US", "to", leader="avidius_cassius", units="iv_scythica")
    assert english and all(name.endswith(" PM)") and MARK not in name for name in english)
