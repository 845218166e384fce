"""Issue 14, "numbers without bounds": every number from a user is parsed strictly (ASCII
digits) and bounded, with a clear message, and nothing crashes or gets stuck."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import func
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import select

from bot.bounds import DB_INT_MAX, TIMING_BOUNDS, BoundsError, component_number, parse_bounded
from bot.local import Component, LocalTable
from bot.moderator import Moderator
from db.models import RollRow
from rules.core.dice import Dice
from rules.core.notation import MAX_TOTAL, NotationError, roll
from rules.core.registry import register_module


@pytest.fixture
async def table(sqlite_engine: AsyncEngine, tmp_path: Path) -> LocalTable:
    register_module("tinygame")
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images")
    await t.setup()
    return t


async def roll_count(table: LocalTable) -> int:
    async with table.moderator.sessions() as session:
        return int((await session.exec(select(func.count()).select_from(RollRow))).one())


async def test_a_huge_roll_constant_is_refused_not_crashed(table: LocalTable) -> None:
    await table.run_slash("/roll dice:1d6+99999999999999999999")
    refused = table.outputs[-1]
    assert refused.refusal and refused.audience == "alice"
    assert "numbers up to 1000000" in refused.text
    assert await roll_count(table) == 0


async def test_the_largest_allowed_roll_is_logged(table: LocalTable) -> None:
    biggest = "+".join(["100d1000"] + ["1000000"] * 19)
    assert len(biggest) <= 200
    result = roll("100d1000+1000000", Dice("s"))
    assert result.total <= 100_000 + 1_000_000
    assert MAX_TOTAL < DB_INT_MAX
    await table.run_slash("/roll dice:100d1000+1000000+1000000+1000000")
    assert not table.outputs[-1].refusal
    assert await roll_count(table) == 1


@pytest.mark.parametrize(
    ("expression", "problem"),
    [
        ("١d6", "cannot read"),  # Arabic-Indic digit: int() would read it
        ("1d6+1_000", "cannot read"),  # int() would read the underscore
        ("1d6+1000001", "at most 1000000"),
        ("d6+" + "9" * 5000, "at most 100 characters"),  # int() of 5,000 digits raises
    ],
)
def test_roll_numbers_are_ascii_and_bounded(expression: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        roll(expression, Dice("s"))


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("¹²³", "digits 0-9"),  # str.isdigit() accepts superscripts
        ("1" + "0" * 12, "digits 0-9"),
        ("2592001", "between 60 and 2592000"),
        ("59", "between 60 and 2592000"),
        ("-60", "digits 0-9"),
    ],
)
async def test_timing_options_are_ascii_and_bounded(
    table: LocalTable, value: str, problem: str
) -> None:
    for option in TIMING_BOUNDS:
        await table.run_slash(f'/game new game:tiny scenario:race options:"{option}={value}"')
        refused = table.outputs[-1]
        assert refused.refusal and problem in refused.text and option in refused.text
        assert await table.moderator.channel_game(table.channel_id) is None


async def test_a_game_with_the_longest_timings_starts(table: LocalTable) -> None:
    line = '/game new game:tiny scenario:race options:"decision_seconds=2592000, reminder_seconds=2592000"'
    for user, text in [("alice", line), ("alice", "/game join"), ("bob", "/game join")]:
        table.user = user
        await table.run_slash(text)
    table.user = "alice"
    await table.run_slash("/game start")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.status == "active"
    assert row.options == {
        "decision_seconds": "2592000",
        "reminder_seconds": "2592000",
        "language": "en",
    }


async def test_a_forged_custom_id_beyond_the_database_is_refused(table: LocalTable) -> None:
    from cogs.common import MineButton, RespondButton

    forged = [
        f"praetor:respond:{2**63}:1",
        f"praetor:mine:{2**63}",
        f"praetor:respond:{DB_INT_MAX + 1}:1",
    ]
    for custom_id in forged:
        item = RespondButton(1, 1) if "respond" in custom_id else MineButton(1)
        component = Component("button", "x", custom_id, item=item)
        interaction = table.interaction(data={"custom_id": custom_id, "component_type": 2})
        await table._dispatch(component, interaction)
        refused = table.outputs[-1]
        assert refused.refusal and "belongs to no game" in refused.text, custom_id


def test_component_numbers_and_parse_bounded() -> None:
    assert component_number("42") == 42
    assert component_number(str(DB_INT_MAX)) == DB_INT_MAX
    assert component_number(str(DB_INT_MAX + 1)) == 0
    assert component_number("٤٢") == 0
    with pytest.raises(BoundsError, match="between 1 and 5"):
        parse_bounded("6", 1, 5, "steps")
    from bot.bounds import option_index

    assert option_index("4", 5) == 4
    assert option_index("5", 5) is None
    assert option_index("²", 5) is None  # "²".isdigit() is true, int("²") raises
    assert option_index("0" * 40, 5) is None


async def test_every_persistent_component_reads_a_forged_id_as_no_game(table: LocalTable) -> None:
    """Issue 14: a custom id whose game id is 2**63 raised in every component; now each one
    reads it as "no game" (0), which the Moderator refuses by name."""
    import re

    from cogs.common import DYNAMIC_ITEMS

    huge = str(2**63)
    fill = {"game": huge, "seq": huge, "page": huge, "mask": "1"}
    checked = 0
    for cls in DYNAMIC_ITEMS:
        template = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        custom_id = re.sub(
            r"\(\?P<(\w+)>[^)]*\)", lambda m: fill.get(m.group(1), "x"), template.pattern
        ).replace("\\", "")
        match = template.fullmatch(custom_id)
        assert match is not None, (cls.__name__, custom_id)
        item = await cls.from_custom_id(table.interaction(), None, match)  # type: ignore[arg-type]
        assert getattr(item, "game_id", 0) == 0, cls.__name__
        checked += 1
    assert checked >= 10
