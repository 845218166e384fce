"""Issue 10 item 5 in the bot layer: no cog or bot module cuts a list at Discord's 25 without a
word (``bot.client.cap_choices`` and the paged menus say how many more there are), and the
/march unit menu names the units it cannot list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator

ROOT = Path(__file__).resolve().parents[2]
TRIM = re.compile(r"\[\s*:\s*2[45]\s*\]")


def test_the_pattern_finds_a_trimmed_list() -> None:
    assert TRIM.search("return queries.followers(st, role, leader)[:24]")
    assert TRIM.search("][ : 25 ]")
    assert not TRIM.search("ids[:250]") and not TRIM.search("ids[:DECISION_PAGE]")


@pytest.mark.parametrize("package", ["cogs", "bot"])
def test_no_cog_or_bot_module_cuts_a_list_at_discords_limit(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TRIM.search(line)
    ]
    assert found == []


async def test_march_names_the_units_its_menu_cannot_list(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A leader with 30 units that may follow him: the select lists 24 and "he goes alone",
    and the message says how to take the 6 others (no silent cut)."""
    from rules.imperator import queries

    moderator = Moderator(sqlite_engine, clock=FakeClock(), seed_source=lambda: "replay-1-1")
    table = LocalTable(moderator, tmp_path / "images")
    await table.setup()
    for user, line in [
        ("alice", "/game new game:imperator scenario:avidius_cassius"),
        ("alice", "/game join seat:rome"),
        ("bob", "/game join seat:enemies"),
        ("bob", "/game start"),
        ("alice", "/reserve fronts:orient"),
        ("alice", "/end"),
    ]:
        table.user = user
        await table.run_slash(line)
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game = await table.moderator.load(row)
    thirty = sorted(game.state.units)[:30]
    assert len(thirty) == 30
    monkeypatch.setattr(queries, "followers", lambda state, role, leader: list(thirty))
    table.user = "bob"
    await table.run_slash("/march leader:avidius_cassius")
    shown = table.outputs[-1]
    assert shown.audience == "bob" and not shown.refusal
    [units] = [c for c in shown.components if c.kind == "select"]
    assert [v for _label, v in units.options] == [*thirty[:24], "-"]
    assert "The menu lists 24 of the 30 units that may go with him" in shown.text
    assert "/move leader:avidius_cassius units:" in shown.text
    await table.close()
